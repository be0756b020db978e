!!NVfp5.0
OPTION NV_early_fragment_tests;
MOV result.color, fragment.color;
END
