!!ARBfp1.0
# A round sprite: d = |texcoord - (0.5, 0.5)|^2; fragments with d > 0.25
# are killed; the colour fades from the centre (1 - 2d).
TEMP c, d;
SUB c, fragment.texcoord[0], {0.5, 0.5, 0, 0};
DP3 d.x, c, c;
SUB d.y, 0.25, d.x;
KIL d.y;
MAD d.z, d.x, -2, 1;
MUL result.color, fragment.color, d.z;
MOV result.color.w, 1;
END
