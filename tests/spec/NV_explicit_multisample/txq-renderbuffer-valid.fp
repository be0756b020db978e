!!NVfp4.0
OPTION NV_explicit_multisample;
INT TEMP c, s;
MOV.S c, 0;
TXQ s, c.x, texture[0], RENDERBUFFER;
TXFMS result.color, c, texture[0], RENDERBUFFER;
END
