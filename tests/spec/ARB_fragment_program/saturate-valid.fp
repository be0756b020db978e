!!ARBfp1.0
ADD_SAT result.color, fragment.color, {0.5}.x;
END
