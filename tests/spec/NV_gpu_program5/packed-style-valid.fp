!!NVfp5.0
OPTION NV_internal;OPTION NV_shader_thread_group;OPTION NV_gpu_program_fp64;
PARAM c[1]={program.local[0]};TEMP R0,R1,R2;TEMP RC;LONG TEMP D0;
CBUFFER c0[]={program.buffer[0]};ATTRIB in_attr0=fragment.attrib[0];OUTPUT frag_color0=result.color;
MOV.S R0.x,{0x3f800000,0,0,0}.x;MOV.U R1.x,{0xffffffff}.x;LDC.U32 R0.y,c0[R1.x];I2F.S R0.z,R0.x;
SLT.S.CC RC.x,R0.x,R1.x;IF NE.x;MOV.F R2,in_attr0;ELSE;MOV.F R2,{0,0,0,1};ENDIF;
TEMP R3;ADD.F R3,R2,c[0];MOV.F frag_color0,R3;
END
# 9 instructions, 4 R-regs
