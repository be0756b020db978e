!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE s[] = { program.storage[2] };
STORAGE t[64] = { program.storage[3] };
INT TEMP i;
UINT TEMP u;
LDB.U32 u, s[3];
STB.U32 u, s[i.x + 8];
LDB.U32 u, s[16777215];
ATOMB.ADD.U32 u.x, u, t[63];
LDB.U32 u, t[i.x + 60];
END
