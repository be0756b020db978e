!!ARBfp1.0
OPTION NV_fragment_program;
TEMP R0;
RFL R0, fragment.texcoord[0], fragment.texcoord[1];
MOV result.color, R0;
END
