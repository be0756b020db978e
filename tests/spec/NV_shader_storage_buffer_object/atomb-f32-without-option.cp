!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE s[] = { program.storage[0] };
TEMP f;
ATOMB.ADD.F32 f.x, 1, s[0];
ATOMB.EXCH.F32 f.y, 2, s[1];
END
