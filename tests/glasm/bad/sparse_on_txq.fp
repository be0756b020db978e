!!NVfp5.0
# error: TXQ does not take the 'SPARSE' modifier
OPTION ARB_sparse_texture2;
TEMP R0;
TXQ.SPARSE R0,0,texture[0],2D;
MOV.F result.color,R0;
END
