!!NVfp4.0
FLAT NOPERSPECTIVE ATTRIB a = fragment.texcoord[0];
MOV result.color, a;
END
