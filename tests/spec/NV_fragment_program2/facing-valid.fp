!!ARBfp1.0
OPTION NV_fragment_program2;
MOV result.color, fragment.facing.x;
END
