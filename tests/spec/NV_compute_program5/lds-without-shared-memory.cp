!!NVcp5.0
GROUP_SIZE 8;
SHARED s = program.sharedmem[0];
UINT TEMP u;
LDS.U32 u, s;
END
