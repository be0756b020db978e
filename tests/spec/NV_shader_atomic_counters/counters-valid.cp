!!NVcp5.0
OPTION NV_shader_atomic_counters;
GROUP_SIZE 1;
UINT TEMP r;
COUNTER single = program.counter[0][1];
COUNTER noequals program.counter[0][2];
COUNTER list[4] = { program.counter[1][0..1], program.counter[1][2], program.counter[1][3] };
COUNTER whole[] = { program.counter[2] };
COUNTER sized[8] = { program.counter[3] };
ATOMCTR.INCR.U r.x, single;
ATOMCTR.DECR.U r.y, noequals;
ATOMCTR.GET.U r.z, list[3];
ATOMCTR.INCR.U r.w, whole[16383];
ATOMCTR.INCR r.w, sized[r.x + 7];
END
