!!NVgp5.0
OPTION NV_internal;
OPTION NV_stereo_view_rendering;
PRIMITIVE_IN POINTS;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
TEMP R0;
ATTRIB vertex_position=vertex.position;
ATTRIB vertex_secondary=vertex.secondaryposition;
MOV.F R0,vertex_secondary[0];
MOV.F result.position,vertex_position[0];
MOV.F result.secondaryposition.x,R0.x;
EMIT;
END
