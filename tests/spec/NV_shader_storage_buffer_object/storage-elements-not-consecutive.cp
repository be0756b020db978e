!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
STORAGE s[] = { program.storage[0][0..3], program.storage[0][8..11] };
END
