!!ARBfp1.0
OPTION NV_fragment_program2;
TEMP t;
MOV t, 1;
REP t.x;
ENDREP;
END
