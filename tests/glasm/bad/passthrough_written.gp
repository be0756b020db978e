!!NVgp5.0
# error: 'result.attrib[1]' is declared PASSTHROUGH and cannot be written
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN POINTS;
PASSTHROUGH result.attrib[0..2].x;
OUTPUT out_attr1[]={result.attrib[1]};
MOV.F out_attr1[0].y,1;
END
