!!NVfp5.0
# error: the 'LODCLAMP' modifier needs OPTION ARB_sparse_texture_clamp
OPTION ARB_sparse_texture2;
TEMP R0,R1;
TEX.F.LODCLAMP R0,R1,R1.x,texture[0],2D;
MOV.F result.color,R0;
END
