!!ARBfp1.0
OPTION NV_fragment_program2;
SHORT OUTPUT lo = result.color;
MOV lo, fragment.color;
MOV result.color.w, fragment.color;
END
