!!FP1.0
DECLARE l = {1, 2, 3, 4};
MAD o[COLR], l, f[COL0], -l.x;
END
