!!NVfp4.0
SHORT TEMP h;
TEMP r;
MOV h, fragment.texcoord[0];
UP2US r, h.x;
MOV result.color, r;
END
