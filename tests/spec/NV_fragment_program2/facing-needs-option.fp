!!ARBfp1.0
MOV result.color, fragment.facing.x;
END
