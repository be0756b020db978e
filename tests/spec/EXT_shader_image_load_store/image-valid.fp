!!NVfp5.0
IMAGE img[] = { image[0..1] };
INT TEMP c;
UINT TEMP u;
TEMP t;
LOADIM.F32X4 t, c, img[1], 2D;
STOREIM.F32X4 image[2], t, c, 2D;
ATOMIM.ADD.U32 u.x, u.y, c, image[3], BUFFER;
MOV result.color, t;
END
