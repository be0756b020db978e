!!NVfp4.0
FLAT CENTROID ATTRIB a = fragment.attrib[0];
END
