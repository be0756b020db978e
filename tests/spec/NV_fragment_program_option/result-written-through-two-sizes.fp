!!ARBfp1.0
OPTION NV_fragment_program;
SHORT OUTPUT lo = result.color;
LONG OUTPUT hi = result.color;
MOV lo, fragment.color;
MOV hi, fragment.color;
END
