!!FP1.0
MOV o[COLR], color;
END
