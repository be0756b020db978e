!!FP1.0
DEFINE a = {1, 2, 3, 4};
DEFINE five = 5;
ADD R0, a, five;
MOV o[COLR], R0;
END
