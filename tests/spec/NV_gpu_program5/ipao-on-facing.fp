!!NVfp5.0
TEMP t;
IPAO t, fragment.facing, {0.1, 0.1};
END
