!!NVfp5.0
UINT TEMP a;
TEMP v;
CBUFFER cb[] = { program.buffer[0] };
LDC.F32X4 v, cb[3];
LOAD.F32X4 v, a.x;
STORE.U32 a, a.y;
ATOM.ADD.U32 a.x, a, a.z;
MEMBAR;
MOV result.color, v;
END
