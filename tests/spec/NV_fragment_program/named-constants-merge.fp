!!FP1.0
DEFINE a = {1, 2, 3, 4};
DEFINE pi = 3;
MAD R0, a, pi, a.w;
MOV o[COLR], R0;
END
