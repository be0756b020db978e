!!NVfp5.0
TEXTURE t[] = { texture[0..31] };
TEMP r;
TEX r, fragment.texcoord[0], t[31], 2D;
MOV result.color, r;
END
