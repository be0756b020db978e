!!NVgp5.0
PRIMITIVE_IN PATCHES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB p[] = { primitive.patch.attrib[3..1] };
MOV result.position, p[0];
EMIT;
END
