!!NVfp5.0
INT TEMP c;
MOV.S c, 0;
TXF result.color, c, texture[0], ARRAY2DMS;
END
