!!NVfp4.0
CENTROID CENTROID ATTRIB a = fragment.attrib[0];
END
