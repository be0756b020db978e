!!ARBfp1.0
PARAM a[2] = { program.local[0..1] };
TEMP t;
MOV result.color, a[t.x];
END
