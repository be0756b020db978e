!!FP1.0
MOV o[COLR], f[COL0];
MOV o[COLR].w (GT.x), f[COL1];
MOV o[DEPR].z, f[WPOS];
END
