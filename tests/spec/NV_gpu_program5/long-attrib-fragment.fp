!!NVfp5.0
LONG TEMP d;
LONG ATTRIB c64 = fragment.texcoord[0];
MOV result.color, 0;
END
