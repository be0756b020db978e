!!NVfp5.0
# error: 'fragment.layer' needs OPTION ARB_fragment_layer_viewport
OPTION NV_internal;
TEMP R0;
MOV.F R0.x,fragment.layer;
MOV.F result.color,R0;
END
