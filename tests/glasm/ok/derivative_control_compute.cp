!!NVcp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION ARB_derivative_control;
GROUP_SIZE 2 1 1;
STORAGE ssbo0[]={program.storage[0]};
TEMP R0,RC;
LONG TEMP DC;
MOV.U R0.x,invocation.localid.x;
MUL.U R0.y,R0.x,4;
STB.U32 R0.x,ssbo0[R0.y];
END
