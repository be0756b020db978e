!!NVfp5.0
INT TEMP c;
MOV.S c, {1, 2, 0, 3};
TXFMS result.color, c, texture[1], BUFFER;
END
