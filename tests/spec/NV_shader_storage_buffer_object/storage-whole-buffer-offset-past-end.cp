!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE t[64] = { program.storage[3] };
INT TEMP i;
UINT TEMP u;
LDB.U32 u, t[i.x + 63];
LDB.U32 u, t[i.x + 64];
END
