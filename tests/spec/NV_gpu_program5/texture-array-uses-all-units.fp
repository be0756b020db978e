!!NVfp5.0
TEXTURE textures[] = { texture[0..3] };
TEMP R0;
TEX R0, R0, textures[2], 2D;
TEX R0, R0, texture[1], 3D;
END
