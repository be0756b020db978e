!!NVgp4.0
# clip distances as geometry inputs (vertex[m].clip[n]: component n % 4 of
# IN[m][CLIPDIST n / 4]) and results of emitted vertices
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 2;
MOV result.position, vertex[0].position;
MOV result.clip[2].x, vertex[1].clip[1];
EMIT;
ADD result.clip[2].x, vertex[2].clip[1], 1;
EMIT;
END
