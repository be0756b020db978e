!!ARBfp1.0
# error: option 'ARB_sparse_texture2' is not supported by this program type
OPTION ARB_sparse_texture2;
MOV result.color, fragment.color;
END
