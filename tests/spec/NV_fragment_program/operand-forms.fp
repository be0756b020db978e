!!FP1.0
MOV R0, -R1;
MOV R0, +R1;
MOV R0, |-R1|;
MOV R0, |+R1|;
MOV R0, -|R1|;
MOV R0, +|R1|;
MOV R0, -|-R1|;
MOV R0, -|+R1|;
MOV R0, {1, -2, +3, 4};
MOV R0, 5;
MOV R0, -5.;
MOV R0, +.5e-2;
MOV o[COLR], R0;
END
