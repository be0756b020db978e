!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE s[] = { program.storage[0..1] };
UINT TEMP u;
LDB.U32 u, s[1];
END
