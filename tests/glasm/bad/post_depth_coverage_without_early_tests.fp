!!NVfp5.0
# error: OPTION ARB_post_depth_coverage needs OPTION NV_early_fragment_tests
OPTION ARB_post_depth_coverage;
MOV.F result.color,fragment.color;
END
