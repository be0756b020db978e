!!ARBfp1.0
OPTION ARB_fragment_program_shadow;
TEX result.color, fragment.texcoord[0], texture[0], SHADOW2D;
END
