!!NVfp5.0
TEMP R0;
INT TEMP o;
TEX R0, R0, texture[0], CUBE, offset(o);
END
