!!ARBfp1.0
TEMP a;
TEX a, fragment.texcoord[0], texture[0], 2D;
TEX result.color, fragment.texcoord[1], texture[1], 3D;
END
