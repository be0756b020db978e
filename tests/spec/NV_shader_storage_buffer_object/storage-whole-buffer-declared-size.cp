!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE t[64] = { program.storage[3] };
UINT TEMP u;
LDB.U32 u, t[63];
LDB.U32 u, t[64];
END
