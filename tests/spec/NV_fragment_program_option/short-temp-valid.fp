!!ARBfp1.0
OPTION NV_fragment_program;
SHORT TEMP h;
MOV h, fragment.color;
MOV result.color, h;
END
