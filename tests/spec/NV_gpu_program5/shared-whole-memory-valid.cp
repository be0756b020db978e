!!NVcp5.0
GROUP_SIZE 32 1 1;SHARED_MEMORY 1024;SHARED shared_mem[]={program.sharedmem};
UINT TEMP u;LDS.U32 u.x,shared_mem[u.y];
END
