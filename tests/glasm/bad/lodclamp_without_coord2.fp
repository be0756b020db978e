!!NVfp5.0
# error: TEX.LODCLAMP needs the LOD clamp operand before the texture
OPTION ARB_sparse_texture_clamp;
TEMP R0,R1;
TEX.F.LODCLAMP R0,R1,texture[0],2D;
MOV.F result.color,R0;
END
