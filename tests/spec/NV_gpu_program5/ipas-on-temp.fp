!!NVfp5.0
TEMP r;
MOV r, 0;
IPAS r, r, 0;
MOV result.color, r;
END
