!!NVfp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION ARB_fragment_layer_viewport;
OPTION ARB_draw_buffers;
TEMP R0,R1,RC;
LONG TEMP DC;
OUTPUT frag_color0=result.color;
MOV.F R0.x,fragment.layer;
MOV.S R1.x,fragment.viewport.x;
I2F.S R0.y,R1.x;
MOV.F frag_color0.x,R0.x;
MOV.F frag_color0.y,R0.y;
MOV.F frag_color0.z,{0,0,0,0}.x;
MOV.F frag_color0.w,{1,1,1,1}.x;
END
