!!ARBfp1.0
OPTION NV_fragment_program;
TEMP t;
RFL t.xyz, fragment.color, fragment.texcoord[0];
MOV result.color, t;
END
