!!ARBfp1.0
OPTION NV_fragment_program;
TEMP t;
RFL t, fragment.color, fragment.texcoord[0];
END
