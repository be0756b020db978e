!!NVcp5.0
OPTION NV_internal;
OPTION NV_shader_storage_buffer;
OPTION NV_gpu_program_fp64;
OPTION EXT_shader_image_load_formatted;
OPTION ARB_shader_image_size;
OPTION ARB_sparse_texture2;
GROUP_SIZE 1 1 1;
STORAGE ssbo0[]={program.storage[0]};
TEMP R0,R1,R2,R3,RC;
LONG TEMP DC;
MOV.S R0,{1,0,0,0};
LOADIM.F R1,R0,image[0],2D;
LOADIM.U32.SPARSE R2,R0,image[1],2D;
MOV.S R2.y,-1;
MOV.S R2.y(NONRESIDENT.x),0;
IMQ R3,image[0],2D;
STB.F32X4 R1,ssbo0[0];
STB.U32X2 R2,ssbo0[16];
STB.S32X2 R3,ssbo0[24];
END
