!!NVfp4.0
FLAT ATTRIB c = fragment.color;
CENTROID NOPERSPECTIVE ATTRIB t = fragment.texcoord[0];
MOV result.color, c;
END
