!!ARBfp1.0
# error: option 'EXT_sparse_texture2' is not supported by this program type
OPTION EXT_sparse_texture2;
MOV result.color, fragment.color;
END
