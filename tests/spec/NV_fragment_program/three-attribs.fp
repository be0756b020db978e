!!FP1.0
LRP o[COLR], f[COL0], f[COL0], -f[FOGC].x;
END
