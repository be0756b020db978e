!!NVcp5.0
GROUP_SIZE 8;
SHARED_MEMORY 64;
SHARED s = program.sharedmem[0];
TEMP t;
MOV t, s;
END
