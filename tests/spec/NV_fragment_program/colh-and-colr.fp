!!FP1.0
MOV o[COLH].x, H0;
MOV o[COLR].w, R0;
END
