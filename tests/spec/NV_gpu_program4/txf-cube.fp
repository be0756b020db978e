!!NVfp4.0
INT TEMP i;
TXF result.color, i, texture[0], CUBE;
END
