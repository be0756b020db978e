!!NVfp5.0
TEXTURE textures[] = { texture[2..5] };
INT TEMP idx;
TEMP R0;
TEX R0, R0, textures[idx.x + 3], 2D;
TEX R0, R0, textures[idx.x + 4], 2D;
MOV result.color, R0;
END
