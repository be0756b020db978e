!!NVfp5.0
TEMP t;
INT TEMP o;
TXGO t, t, o, o, texture[0], CUBE;
END
