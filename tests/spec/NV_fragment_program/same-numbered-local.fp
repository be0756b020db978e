!!FP1.0
MAD o[COLR], p[63], f[COL0], p[63].w;
END
