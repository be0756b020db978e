!!NVfp4.0
NOPERSPECTIVE ATTRIB t[] = { fragment.texcoord[0..3] };
NOPERSPECTIVE CENTROID ATTRIB u = fragment.texcoord[2];
ADD result.color, t[2], u;
END
