!!FP1.0
mov o[COLR], R0;
END
