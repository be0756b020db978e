!!FP1.0
MOV o[COLR].wx, R0;
END
