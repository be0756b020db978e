!!NVfp5.0
TEMP r;
QSWZX r, fragment.texcoord[0], fragment.texcoord[1];
MOV result.color, r;
END
