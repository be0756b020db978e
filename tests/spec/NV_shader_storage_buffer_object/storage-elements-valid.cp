!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE one = program.storage[3][4];
STORAGE el[] = { program.storage[3][8..15] };
STORAGE two[8] = { program.storage[0][0..3], program.storage[0][4..7] };
STORAGE pts[] = { program.storage[1..2][16..31] };
UINT TEMP u;
LDB.U32 u, one;
LDB.U32 u, el[u.x + 4];
LDB.U32 u, two[7];
STB.U32 u, pts[1][u.x + 12];
END
