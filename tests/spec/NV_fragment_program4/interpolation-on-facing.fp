!!NVfp4.0
CENTROID ATTRIB f = fragment.facing;
MOV result.color, f;
END
