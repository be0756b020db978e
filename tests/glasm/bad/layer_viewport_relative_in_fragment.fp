!!NVfp5.0
# error: option 'NV_layer_viewport_relative' is not supported by this program type
OPTION NV_layer_viewport_relative;
MOV.F result.color,fragment.color;
END
