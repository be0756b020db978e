!!NVfp4.0
# error: expected a texture image unit such as 'texture[0]'
TEMP R0,R1;
TXB R0,R1,R1.x,texture[0],ARRAYCUBE;
MOV result.color,R0;
END
