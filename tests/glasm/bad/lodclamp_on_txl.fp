!!NVfp5.0
# error: TXL does not take the 'LODCLAMP' modifier
OPTION ARB_sparse_texture_clamp;
TEMP R0,R1;
TXL.F.LODCLAMP R0,R1,R1.x,texture[0],2D;
MOV.F result.color,R0;
END
