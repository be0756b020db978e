!!NVfp4.0
CENTROID ATTRIB a = fragment.texcoord[1];
ATTRIB b = fragment.texcoord[1];
ADD result.color, a, b;
END
