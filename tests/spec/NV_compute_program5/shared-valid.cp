!!NVcp5.0
GROUP_SIZE 8 8 1;
SHARED_MEMORY 64;
SHARED s[] = { program.sharedmem[0..15] };
UINT TEMP u;
MOV.U u, invocation.localid;
LDS.U32 u.x, s[u.x];
ATOMS.ADD.U32 u.y, u, s[0];
BAR;
STS.U32 u, s[1];
END
