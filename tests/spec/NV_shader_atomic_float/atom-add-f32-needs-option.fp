!!NVfp5.0
UINT TEMP a;
TEMP f;
ATOM.ADD.F32 f.x, f, a.x;
END
