!!ARBfp1.0
COS result.color, 3.14159;
END
