!!NVfp4.0
TXB result.color, fragment.texcoord[0], texture[0], SHADOWCUBE;
END
