!!FP1.0
ADD o[COLR], p[2], 1;
END
