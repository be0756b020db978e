!!NVfp5.0
OPTION NV_bindless_texture;
TEXTURE tex[] = { texture[0..3] };
TEMP R0;
INT TEMP off;
UINT TEMP h;
CVT.F32.S32 R0, off;
TXG R0, R0, tex[1].y, 2D;
TXGO R0, R0, off, off, texture[5].x, 2D;
TEX R0, R0, texture[6], 2D, offset(off);
TEX.F R0, R0, handle(h.x), 2D;
MOV result.color, R0;
END
