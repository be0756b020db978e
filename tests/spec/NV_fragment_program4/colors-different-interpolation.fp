!!NVfp4.0
FLAT ATTRIB c0 = fragment.color.primary;
ATTRIB c1 = fragment.color.secondary;
ADD result.color, c0, c1;
END
