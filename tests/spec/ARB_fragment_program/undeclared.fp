!!ARBfp1.0
MOV result.color, t;
END
