!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
PARAM lens[] = { program.storagelen[0..3] };
PARAM back[] = { program.storagelen[3..1] };
END
