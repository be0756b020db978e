!!NVfp5.0
TEXTURE t[] = { texture[0..32] };
TEMP r;
TEX r, fragment.texcoord[0], t[0], 2D;
MOV result.color, r;
END
