!!NVgp5.0
PRIMITIVE_IN PATCHES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
ATTRIB p[] = { primitive.patch.attrib[1..3] };
ATTRIB outer[] = { primitive.tessouter[0..3] };
MOV result.position, p[2];
ADD result.position, outer[3], primitive.tessinner[1];
EMIT;
END
