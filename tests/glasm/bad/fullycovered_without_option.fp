!!NVfp5.0
# error: needs OPTION NV_conservative_raster_underestimation
TEMP R0;
MOV.S R0.x,fragment.fullycovered;
MOV.S result.color,R0;
END
