!!NVfp5.0
OPTION NV_shader_atomic_float;
UINT TEMP a;
TEMP f;
ATOM.ADD.F32 f.x, f, a.x;
MOV result.color, f;
END
