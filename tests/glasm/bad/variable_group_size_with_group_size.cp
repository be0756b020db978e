!!NVcp5.0
# error: has no GROUP_SIZE declaration
OPTION ARB_compute_variable_group_size;
GROUP_SIZE 4;
TEMP R0;
MOV.U R0,invocation.localid;
END
