!!ARBfp1.0
OPTION NV_fragment_program2;
BRK (GT.x);
END
