!!NVfp5.0
OPTION NV_shader_thread_group;
UINT TEMP u;
TEMP t;
TGBALLOT.U u, fragment.color;
MOV.U u, fragment.threadeqmask;
QSWZX t, fragment.color, fragment.color;
QSWZ0 t, fragment.color;
MOV result.color, t;
END
