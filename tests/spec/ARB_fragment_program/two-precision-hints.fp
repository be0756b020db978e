!!ARBfp1.0
OPTION ARB_precision_hint_fastest;
OPTION ARB_precision_hint_nicest;
END
