!!NVfp5.0
OPTION NV_internal;
OPTION NV_conservative_raster_underestimation;
TEMP R0,RC;
OUTPUT frag_color0=result.color;
MOV.S R0.x,fragment.fullycovered.x;
MOV.S R0.y,fragment.fully_covered.x;
MOV.S R0.zw,{9,9,9,9};
MOV.S frag_color0,R0;
END
