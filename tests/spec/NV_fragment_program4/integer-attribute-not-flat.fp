!!NVfp4.0
INT ATTRIB a = fragment.attrib[0];
END
