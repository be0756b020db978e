!!ARBfp1.0
PARAM m[] = { state.matrix.projection.row[2..1] };
END
