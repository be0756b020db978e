!!ARBfp1.0
OPTION NV_fragment_program2;
TEMP t;
MOV t, fragment.texcoord[A0.x];
END
