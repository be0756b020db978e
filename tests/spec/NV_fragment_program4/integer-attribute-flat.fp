!!NVfp4.0
FLAT INT ATTRIB a = fragment.attrib[0];
INT TEMP i;
MOV.S i, a;
END
