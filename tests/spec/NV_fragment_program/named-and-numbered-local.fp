!!FP1.0
DECLARE l;
ADD o[COLR], l, -p[0];
END
