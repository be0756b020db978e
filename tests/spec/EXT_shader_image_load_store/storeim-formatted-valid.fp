!!NVfp5.0
INT TEMP c;
TEMP f;
MOV.S c, 0;
MOV f, 1;
STOREIM image[0], f, c, 2D;
STOREIM.F image[1], f, c, 2D;
END
