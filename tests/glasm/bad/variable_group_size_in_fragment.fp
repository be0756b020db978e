!!NVfp5.0
# error: option 'ARB_compute_variable_group_size' is not supported by this program type
OPTION ARB_compute_variable_group_size;
MOV.F result.color,fragment.color;
END
