!!NVfp5.0
# error: option 'NV_stereo_view_rendering' is not supported by this program type
OPTION NV_stereo_view_rendering;
MOV.F result.color,fragment.color;
END
