!!ARBfp1.0
MOVC result.color, fragment.color;
END
