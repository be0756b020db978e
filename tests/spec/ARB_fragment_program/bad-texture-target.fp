!!ARBfp1.0
TEX result.color, fragment.texcoord[0], texture[0], SHADOW2D;
END
