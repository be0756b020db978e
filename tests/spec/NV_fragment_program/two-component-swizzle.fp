!!FP1.0
MOV o[COLR], R0.xy;
END
