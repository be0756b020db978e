!!FP1.0
DEFINE two = 2;
RCP R0, R1.x;
POW R0, two, -3;
EX2 R0, {1, 2}.y;
SIN R0, |p[1].w|;
MOV o[COLR], R0;
END
