!!FP1.0
MAD o[COLR], f[TEX0], R0, f[TEX0].w;
END
