!!NVfp5.0
IMAGE img[] = { image[1..4] };
INT TEMP c, i;
TEMP t;
LOADIM.F32X4 t, c, img[i.x + 2], 2D;
STOREIM.F32X4 img[i.y + 3], t, c, 2D;
LOADIM.F32X4 t, c, img[i.x], 2D;
MOV result.color, t;
END
