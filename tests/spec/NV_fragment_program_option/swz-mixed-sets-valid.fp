!!ARBfp1.0
OPTION NV_fragment_program;
SWZ result.color, fragment.color, a, b, x, r;
END
