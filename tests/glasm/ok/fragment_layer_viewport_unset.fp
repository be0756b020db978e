!!NVfp5.0
OPTION NV_internal;
OPTION ARB_fragment_layer_viewport;
TEMP R0;
OUTPUT frag_color0=result.color;
MOV.S R0.x,fragment.layer;
MOV.S R0.y,fragment.viewport.x;
MOV.S R0.zw,{7,7,7,7};
MOV.S frag_color0,R0;
END
