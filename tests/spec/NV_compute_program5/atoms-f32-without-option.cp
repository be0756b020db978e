!!NVcp5.0
GROUP_SIZE 4;
SHARED_MEMORY 16;
SHARED s[] = { program.sharedmem };
TEMP f;
ATOMS.ADD.F32 f.x, 1, s[0];
ATOMS.EXCH.F32 f.y, 2, s[1];
END
