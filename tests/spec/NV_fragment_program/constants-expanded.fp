!!FP1.0
ADD R0, {2}, {0, 1, 3}.z;
MOV o[COLR], R0;
END
