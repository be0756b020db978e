!!ARBfp1.0
OPTION NV_fragment_program;
SHORT TEMP h;
TEMP t;
UP2H t, h.x;
END
