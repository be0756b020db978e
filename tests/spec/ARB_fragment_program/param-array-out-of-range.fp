!!ARBfp1.0
PARAM a[] = { program.local[0..3] };
MOV result.color, a[4];
END
