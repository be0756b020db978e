!!NVfp4.0
INT TEMP c, s;
MOV.S c, 7;
TXF result.color, c, texture[0], BUFFER;
TXQ s, c.x, texture[0], BUFFER;
END
