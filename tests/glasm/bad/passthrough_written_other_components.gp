!!NVgp5.0
# error: 'result.position' is declared PASSTHROUGH and cannot be written
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN POINTS;
PASSTHROUGH result.position.xy;
MOV.F result.position.z,1;
END
