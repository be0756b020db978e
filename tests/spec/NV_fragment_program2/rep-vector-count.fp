!!ARBfp1.0
OPTION NV_fragment_program2;
PARAM repCount = program.local[0];
TEMP R0, R1;
MOV R0, 0;
MOV R1, 1;
REP repCount;
ADD R0, R0, R1;
ENDREP;
MOV result.color, R0;
END
