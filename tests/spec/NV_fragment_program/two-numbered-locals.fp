!!FP1.0
ADD o[COLR], p[0], p[1];
END
