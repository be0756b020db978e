!!NVgp4.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT TRIANGLE_STRIP;
VERTICES_OUT 3;
ATTRIB p = vertex.position;
MOV result.position, p[0];
MOV result.color, vertex[1].color;
EMIT;
ENDPRIM;
END
