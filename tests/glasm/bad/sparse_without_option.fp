!!NVfp5.0
# error: the 'SPARSE' modifier needs OPTION EXT_sparse_texture2
OPTION NV_internal;
TEMP R0,R1;
TEX.F.SPARSE R0,R1,texture[0],2D;
MOV.F result.color,R0;
END
