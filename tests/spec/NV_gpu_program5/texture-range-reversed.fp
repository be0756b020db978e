!!NVfp5.0
TEXTURE t[] = { texture[2..1] };
TEMP r;
TEX r, fragment.texcoord[0], t[0], 2D;
MOV result.color, r;
END
