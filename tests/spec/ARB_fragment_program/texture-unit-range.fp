!!ARBfp1.0
TEX result.color, fragment.texcoord[0], texture[32], 2D;
END
