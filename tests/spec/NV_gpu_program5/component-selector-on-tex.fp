!!NVfp5.0
TEMP R0;
TEX R0, R0, texture[0].x, 2D;
END
