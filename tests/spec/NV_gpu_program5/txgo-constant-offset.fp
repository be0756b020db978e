!!NVfp5.0
TEMP r;
INT TEMP o;
MOV.S o, 1;
TXGO r, fragment.texcoord[0], o, o, texture[0], 2D, (1,0);
MOV result.color, r;
END
