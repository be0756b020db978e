!!ARBfp1.0
OPTION ARB_fragment_program_shadow;
TEMP a;
TEX a, fragment.texcoord[0], texture[0], SHADOW2D;
TEX result.color, fragment.texcoord[0], texture[0], 2D;
END
