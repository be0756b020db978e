!!NVfp4.0
SHORT TEMP h;
TEMP r;
MOV h, fragment.texcoord[0];
UP4UB r, h.x;
MOV result.color, r;
END
