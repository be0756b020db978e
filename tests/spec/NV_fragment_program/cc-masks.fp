!!FP1.0
MOV o[COLR].xy, R0;
MOV o[COLR] (NE), R0;
MOV o[COLR] (NE.wzyx), R0;
MOV o[COLR].xy (NE.wzyx), R0;
MOV RC.x (EQ), R1.x;
MOV HC (FL.y), H1;
END
