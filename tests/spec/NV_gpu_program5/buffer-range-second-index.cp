!!NVcp5.0
GROUP_SIZE 1;
CBUFFER cb[] = { program.buffer[1..2] };
UINT TEMP u;
LDC.U32 u.x, cb[1];
END
