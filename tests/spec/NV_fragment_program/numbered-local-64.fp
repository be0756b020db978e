!!FP1.0
MOV o[COLR], p[64];
END
