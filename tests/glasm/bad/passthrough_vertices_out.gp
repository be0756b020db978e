!!NVgp5.0
# error: has no INVOCATIONS, PRIMITIVE_OUT or VERTICES_OUT
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN POINTS;
VERTICES_OUT 1;
PASSTHROUGH result.position;
END
