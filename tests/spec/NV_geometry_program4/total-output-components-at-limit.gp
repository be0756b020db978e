!!NVgp4.0
PRIMITIVE_IN POINTS;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 128;
MOV result.position, vertex[0].position;
MOV result.color, vertex[0].color;
EMIT;
END
