!!FP1.0
MOV o[COLR], f[COL0] @;
END
