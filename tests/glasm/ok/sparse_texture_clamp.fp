!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION ARB_sparse_texture_clamp;
OPTION ARB_draw_buffers;
TEMP R0,R1,R2,R3,R4,RC;
LONG TEMP DC;
ATTRIB in_attr0=fragment.attrib[0];
OUTPUT frag_color0=result.color;
OUTPUT frag_color1=result.color[1];
OUTPUT frag_color2=result.color[2];
OUTPUT frag_color3=result.color[3];
MOV.F R0,in_attr0;
MOV.F R1.x,0;
MOV.F R1.y,2;
TEX.F.LODCLAMP R2,R0,R1.x,texture[0],2D;
TEX.F.LODCLAMP R3,R0,R1.y,texture[0],2D;
MOV.F R0.w,-1;
TXB.F.LODCLAMP R4,R0,R1.y,texture[0],2D;
MOV.F frag_color0,R2;
MOV.F frag_color1,R3;
MOV.F frag_color2,R4;
MOV.F R1,{0,0,0,1};
MOV.F R2,{0,0,0,0};
TXD.F.LODCLAMP frag_color3,R0,R2,R1,texture[0],2D;
END
