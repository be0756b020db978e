!!ARBfp1.0
OPTION NV_fragment_program2;
TEMP t;
MOVC t, fragment.color;
IF GT.x;
ENDREP;
END
