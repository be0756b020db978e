!!NVgp4.0
PRIMITIVE_IN LINES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB pos = vertex.position;
INT TEMP A;
MOV result.position, pos[A.x + 1];
MOV result.position, pos[A.x + 2];
EMIT;
END
