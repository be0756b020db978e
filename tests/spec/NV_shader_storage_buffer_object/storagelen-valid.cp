!!NVcp5.0
OPTION NV_shader_storage_buffer;
GROUP_SIZE 1;
PARAM len = program.storagelen[1];
PARAM lens[] = { program.storagelen[0..3] };
UINT TEMP u;
MOV.U u, program.storagelen[2];
MOV.U u.y, lens[3];
MOV.U u.z, len.x;
END
