!!NVfp5.0
UINT TEMP a;
LONG TEMP d;
ATOM.MIN.U64 d.x, d, a.x;
END
