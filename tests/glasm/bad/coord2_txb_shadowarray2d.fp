!!NVfp5.0
# error: TXB cannot use target SHADOWARRAY2D
TEMP R0,R1;
TXB.F R0,R1,R1.x,texture[0],SHADOWARRAY2D;
MOV.F result.color,R0;
END
