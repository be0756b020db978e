!!NVfp5.0
INT TEMP c;
TEMP t;
LOADIM.F32X4 t, c, image[8], 2D;
END
