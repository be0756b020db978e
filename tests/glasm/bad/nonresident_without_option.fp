!!NVfp5.0
# error: expected a condition code test
OPTION NV_internal;
TEMP R0;
MOV.S R0.x,-1;
MOV.S R0.x(NONRESIDENT),0;
MOV.F result.color,R0;
END
