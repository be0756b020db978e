!!ARBfp1.0
OPTION NV_fragment_program2;
PARAM n = {4, 0, 1, 0};
TEMP t;
MOV t, 0;
LOOP n;
ADD t, t, fragment.texcoord[A0.x + 1];
ENDLOOP;
MOV result.color, t;
END
