!!NVfp4.0
TXL result.color, fragment.texcoord[0], texture[0], SHADOWARRAY2D;
END
