!!FP1.0
DEFINE pi = 3.14159;
MOV o[COLR], pi.x;
END
