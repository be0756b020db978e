!!NVgp4.0
PRIMITIVE_IN POINTS;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB pos = vertex.position;
MOV result.position, pos[0];
MOV result.position, pos[1];
EMIT;
END
