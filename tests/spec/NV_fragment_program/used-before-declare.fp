!!FP1.0
MOV o[COLR], color;
DECLARE color;
END
