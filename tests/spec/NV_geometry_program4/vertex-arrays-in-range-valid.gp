!!NVgp4.0
PRIMITIVE_IN TRIANGLES_ADJACENCY;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB pos = vertex.position;
INT TEMP A;
MOV result.position, vertex[5].position;
MOV result.position, pos[5];
MOV result.position, pos[A.x + 5];
EMIT;
END
