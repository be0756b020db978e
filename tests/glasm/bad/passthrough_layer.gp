!!NVgp5.0
# error: 'result.layer' has no corresponding attribute
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN POINTS;
PASSTHROUGH result.layer;
END
