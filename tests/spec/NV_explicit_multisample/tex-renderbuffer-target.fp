!!NVfp4.0
OPTION NV_explicit_multisample;
TEX result.color, fragment.texcoord[0], texture[0], RENDERBUFFER;
END
