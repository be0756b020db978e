!!ARBfp1.0
OPTION NV_fragment_program;
SHORT TEMP h;
PK2H h, fragment.color;
END
