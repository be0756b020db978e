!!NVfp4.0
TEX result.color, fragment.texcoord[0], texture[0], 2D, (-8, 7);
END
