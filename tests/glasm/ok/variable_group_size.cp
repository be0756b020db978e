!!NVcp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION ARB_compute_variable_group_size;
STORAGE ssbo0[]={program.storage[0]};
TEMP R0,R1,RC;
MOV.U R0.x,invocation.localid.x;
MUL.U R0.y,R0.x,4;
MOV.U R1.x,invocation.groupsize.x;
ADD.U R1.x,R1.x,R0.x;
STB.U32 R1.x,ssbo0[R0.y];
END
