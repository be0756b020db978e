!!NVgp5.0
OPTION NV_shader_thread_group;
PRIMITIVE_IN POINTS;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 1;
TEMP r;
MOV.U r, primitive.warpid;
MOV.U r.y, primitive.threadgemask;
MOV result.position, r;
EMIT;
END
