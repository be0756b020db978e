!!NVfp4.0
OPTION ARB_fog_exp;
OPTION ARB_fog_exp2;
END
