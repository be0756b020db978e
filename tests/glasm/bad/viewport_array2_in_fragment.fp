!!NVfp5.0
# error: option 'NV_viewport_array2' is not supported by this program type
OPTION NV_viewport_array2;
MOV.F result.color,fragment.color;
END
