!!NVfp5.0
OPTION NV_shader_atomic_int64;
UINT TEMP a;
LONG TEMP d;
ATOM.MIN.S64 d.x, d, a.x;
END
