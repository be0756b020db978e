!!ARBfp1.0
SWZ result.color, fragment.color, a, -b, 0, 1;
SWZ result.color.x, fragment.color, 1, y, -z, 0;
END
