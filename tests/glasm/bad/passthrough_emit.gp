!!NVgp5.0
# error: a passthrough geometry program emits no vertices itself
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN POINTS;
PASSTHROUGH result.position;
EMIT;
END
