!!NVgp5.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
MOV result.position, primitive.patch.attrib[0];
EMIT;
END
