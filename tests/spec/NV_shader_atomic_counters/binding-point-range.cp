!!NVcp5.0
OPTION NV_shader_atomic_counters;
GROUP_SIZE 1;
UINT TEMP r;
COUNTER c[] = { program.counter[0..1][0] };
ATOMCTR.INCR.U r.x, c[0];
END
