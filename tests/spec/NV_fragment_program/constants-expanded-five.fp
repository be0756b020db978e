!!FP1.0
ADD R0, {2}, {3, 4}.x;
MOV o[COLR], R0;
END
