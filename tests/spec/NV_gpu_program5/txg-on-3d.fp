!!NVfp5.0
TEMP t;
TXG t, t, texture[0], 3D;
END
