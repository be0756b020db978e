!!FP1.0
MOV o[DEPR].z, f[TEX0].x;
END
