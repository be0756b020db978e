!!NVfp4.0
CENTROID ATTRIB p = fragment.position;
END
