!!NVfp5.0
UINT TEMP a;
ATOM.U32 a.x, a, a.z;
END
