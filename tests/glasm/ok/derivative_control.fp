!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION ARB_derivative_control;
OPTION ARB_draw_buffers;
TEMP R0,R1,RC;
LONG TEMP D0,DC;
ATTRIB in_attr0=fragment.attrib[0];
OUTPUT frag_color0=result.color;
MOV.F R0.x,in_attr0.x;
MOV.F R0.y,in_attr0.y;
DDX.FINE R1.x,R0.x;
DDX.COARSE R1.y,R0.x;
DDY.FINE R1.z,R0.y;
DDY.COARSE R1.w,R0.y;
MOV.F frag_color0.x,R1.x;
MOV.F frag_color0.y,R1.y;
MOV.F frag_color0.z,R1.z;
MOV.F frag_color0.w,R1.w;
END
