!!NVfp5.0
# error: more than one fragment shader interlock option
OPTION NV_pixel_interlock_ordered;
OPTION NV_sample_interlock_unordered;
FSIB;
FSIE;
MOV.F result.color,fragment.color;
END
