!!NVfp4.0
OPTION NV_texture_multisample;
INT TEMP c;
TEMP r;
MOV.S c, {1, 2, 0, 3};
TXFMS r, c, texture[0], 2DMS;
TXFMS.F result.color, c, texture[1], ARRAY2DMS;
END
