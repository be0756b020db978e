!!NVfp5.0
TEMP R0;
INT TEMP o;
TXD R0, R0, R0, R0, texture[0], 2D, offset(o);
END
