!!FP1.0
DEFINE a = {1, b};
MOV o[COLR], a;
END
