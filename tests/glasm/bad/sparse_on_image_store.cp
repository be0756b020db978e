!!NVcp5.0
# error: STOREIM does not take the 'SPARSE' modifier
OPTION EXT_sparse_texture2;
GROUP_SIZE 1;
TEMP R0;
STOREIM.U32.SPARSE image[0],R0,R0,2D;
END
