!!NVfp4.0
TEMP t;
TEX t, fragment.texcoord[0], texture[0], 2D;
TEX result.color, t, texture[0], SHADOW2D;
END
