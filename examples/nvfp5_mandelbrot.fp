!!NVfp5.0
# A procedural picture: the Mandelbrot set over texcoord 0 (0..1 across the
# window), coloured by how many steps of z = z^2 + c a point takes to leave
# the circle of radius 2 (REP with BRK, at most 64 steps); points that stay
# are dark blue.  program.local[0] = (x0, y0, width, height) of the region.
TEMP c, z, t, n, col;
MAD c.xy, fragment.texcoord[0], program.local[0].zwzw, program.local[0];
MOV z, {0, 0, 0, 0};
MOV n.x, 0;
REP.S 64;
  MUL t.x, z.x, z.x;
  MAD t.x, -z.y, z.y, t.x;
  MUL t.y, z.x, z.y;
  ADD t.y, t.y, t.y;
  ADD z.xy, t, c;
  DP2 t.z, z, z;
  ADD n.x, n.x, 1;
  SGTC t.w, t.z, 4;
  BRK (NE.w);
ENDREP;
MUL t.x, n.x, 0.015625;
# sqrt: the few steps near the set get most of the ramp
RSQ t.x, t.x;
RCP t.x, t.x;
SGE t.y, n.x, 64;
# escaped points: a ramp of colour by the step count; inside: dark blue
MUL col.xyz, t.x, {2.2, 1.6, 4.0, 0};
SIN col.x, col.x;
SIN col.y, col.y;
SIN col.z, col.z;
MUL col.xyz, col, col;
LRP result.color.xyz, t.y, {0.02, 0.02, 0.15, 0}, col;
MOV result.color.w, 1;
END
