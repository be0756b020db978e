!!NVfp4.0
OPTION NV_explicit_multisample;
INT TEMP c;
MOV.S c, {1, 2, 0, 3};
TXFMS result.color, c, texture[0], RENDERBUFFER;
END
