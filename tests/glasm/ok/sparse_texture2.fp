!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION EXT_sparse_texture2;
OPTION ARB_draw_buffers;
TEMP R0,R1,R2,R3,RC;
LONG TEMP DC;
ATTRIB in_attr0=fragment.attrib[0];
OUTPUT frag_color0=result.color;
OUTPUT frag_color1=result.color[1];
MOV.F R1,in_attr0;
TEX.F.SPARSE R0,R1,texture[0],2D;
MOV.S R2.x,-1;
MOV.S R2.x(NONRESIDENT),0;
MOV.S R2.y,0;
MOV.S R2.y(RESIDENT.x),1;
TXL.F.SPARSE R3,R1,texture[0],2D;
MOV.S R2.z,7;
IF NONRESIDENT.x;
MOV.S R2.z,8;
ENDIF;
MOV.F frag_color0,R0;
I2F.S frag_color1.x,R2.x;
I2F.S frag_color1.y,R2.y;
I2F.S frag_color1.z,R2.z;
MOV.F frag_color1.w,R3.w;
END
