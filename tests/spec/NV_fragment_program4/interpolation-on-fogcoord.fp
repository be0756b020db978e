!!NVfp4.0
NOPERSPECTIVE ATTRIB f = fragment.fogcoord;
MOV result.color, f;
END
