!!NVgp4.0
# Point sprites: each point becomes a square of half-size program.local[0].x
# (clip units) as a four-vertex triangle strip, with texcoord 0 running
# (0,0) .. (1,1) over it and the point's colour.
PRIMITIVE_IN POINTS;
PRIMITIVE_OUT TRIANGLE_STRIP;
VERTICES_OUT 4;
PARAM h = program.local[0];
MOV result.color, vertex[0].color;
MAD result.position, {-1, -1, 0, 0}, h.x, vertex[0].position;
MOV result.texcoord[0], {0, 0, 0, 1};
EMIT;
MOV result.color, vertex[0].color;
MAD result.position, {1, -1, 0, 0}, h.x, vertex[0].position;
MOV result.texcoord[0], {1, 0, 0, 1};
EMIT;
MOV result.color, vertex[0].color;
MAD result.position, {-1, 1, 0, 0}, h.x, vertex[0].position;
MOV result.texcoord[0], {0, 1, 0, 1};
EMIT;
MOV result.color, vertex[0].color;
MAD result.position, {1, 1, 0, 0}, h.x, vertex[0].position;
MOV result.texcoord[0], {1, 1, 0, 1};
EMIT;
ENDPRIM;
END
