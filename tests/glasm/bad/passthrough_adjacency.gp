!!NVgp5.0
# error: needs PRIMITIVE_IN POINTS, LINES or TRIANGLES
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN LINES_ADJACENCY;
PASSTHROUGH result.position;
END
