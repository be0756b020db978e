!!NVfp5.0
TEMP t;
IPAC t, t;
END
