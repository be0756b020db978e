!!NVfp5.0
TEMP R0;
UINT TEMP h;
TEX R0, R0, handle(h.x), 2D;
END
