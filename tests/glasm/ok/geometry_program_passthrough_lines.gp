!!NVgp4.0
OPTION NV_geometry_program_passthrough;
PRIMITIVE_IN LINES;
PASSTHROUGH result.texcoord[0..1].xy;
OUTPUT out_pos=result.position;
MOV out_pos,{0,0,0,1};
END
