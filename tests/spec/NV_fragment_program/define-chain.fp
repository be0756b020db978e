!!FP1.0
DEFINE a = {1, 2};
DEFINE b = a;
DEFINE s = -3.5e1;
DEFINE t = s;
DECLARE u = {s, .5, t};
DECLARE v = t;
MUL o[COLR], b, t;
ADD o[COLR], u, f[COL0];
ADD o[COLR], v.x, f[COL0];
END
