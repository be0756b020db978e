!!NVfp5.0
TEXTURE textures[] = { texture[2..5] };
INT TEMP idx;
TEMP R0;
TEX R0, R0, textures[idx.x + 1], 2D;
TEX R0, R0, textures[idx.y + 3], 2D;
TEX R0, R0, textures[idx.z], 2D;
MOV result.color, R0;
END
