!!NVfp5.0
OPTION NV_gpu_program5_mem_extended;
UINT TEMP a;
LOAD.U8X4 a, a.x;
STORE.U16X2 a, a.y;
END
