!!NVfp4.0
TXP result.color, fragment.texcoord[0], texture[0], SHADOWCUBE;
END
