!!NVfp5.0
OPTION NV_internal;
OPTION NV_pixel_interlock_ordered;
TEMP R0;
MOV.F R0,fragment.color;
FSIB;
MUL.F R0,R0,2;
FSIE;
MOV.F result.color,R0;
END
