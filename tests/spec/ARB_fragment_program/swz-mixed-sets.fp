!!ARBfp1.0
SWZ result.color, fragment.color, a, b, x, r;
END
