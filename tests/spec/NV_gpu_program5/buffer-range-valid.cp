!!NVcp5.0
GROUP_SIZE 1;
CBUFFER cb[] = { program.buffer[1..2] };
BUFFER4 b4[2] = { program.buffer[3..4][1..2] };
BUFFER bw = program.buffer[5..6][3];
UINT TEMP u;
LDC.U32 u.x, cb[1][4];
LDC.U32 u.x, cb[0][u.x + 3];
MOV.U u, b4[1][1];
ADD.U u, u, bw[1];
END
