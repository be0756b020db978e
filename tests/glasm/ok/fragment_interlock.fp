!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_fragment_shader_interlock;
OPTION NV_early_fragment_tests;
OPTION ARB_post_depth_coverage;
OPTION NV_sample_mask_override_coverage;
OPTION NV_shader_thread_group;
OPTION ARB_draw_buffers;
STORAGE ssbo0[]={program.storage[0]};
TEMP R0,R1,RC;
OUTPUT frag_color0=result.color;
MOV.U R1.x,fragment.threadid;
MUL.U R1.x,R1.x,4;
FSIB;
LDB.U32 R0.x,ssbo0[R1.x];
ADD.U R0.x,R0.x,1;
STB.U32 R0.x,ssbo0[R1.x];
FSIE;
MOV.S result.samplemask.x,1;
I2F.U frag_color0,R0.x;
END
