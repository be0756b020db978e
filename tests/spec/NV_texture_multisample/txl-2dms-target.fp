!!NVfp4.0
OPTION NV_texture_multisample;
TXL result.color, fragment.texcoord[0], texture[0], 2DMS;
END
