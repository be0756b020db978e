!!ARBfp1.0
PARAM a[2] = { {1,2,3,4} };
END
