!!ARBfp1.0
OPTION NV_fragment_program;
TEMP t;
MOVC t, fragment.color;
MOV result.color (GT.x), t;
KIL LT.xyzw;
END
