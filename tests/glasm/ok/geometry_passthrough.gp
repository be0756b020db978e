!!NVgp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION NV_geometry_shader_passthrough;
PRIMITIVE_IN TRIANGLES;
PASSTHROUGH result.attrib[0];
PASSTHROUGH result.position;
TEMP R0,RC;
LONG TEMP DC;
OUTPUT out_attr1[]={result.attrib[1]};
MOV.F R0.x,primitive.id;
MOV.F out_attr1[0],{0.5,0.25,0,1};
MOV.S result.layer.x,3;
RET;
END
