!!ARBfp1.0
OPTION NV_fragment_program;
COS result.color, 3.14159;
END
