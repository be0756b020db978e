!!ARBfp1.0
PARAM m[] = { state.matrix.projection.row[1..2] };
MOV result.color, m[1];
END
