!!NVfp5.0
# error: TEX with this target reads nothing from a second coordinate operand
TEMP R0,R1;
TEX.F R0,R1,R1.x,texture[0],2D;
MOV.F result.color,R0;
END
