!!NVfp4.0
SHORT TEMP h;
TEMP t;
UP2H t, h.x;
END
