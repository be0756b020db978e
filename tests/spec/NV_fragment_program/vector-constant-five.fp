!!FP1.0
MOV o[COLR], {1, 2, 3, 4, 5};
END
