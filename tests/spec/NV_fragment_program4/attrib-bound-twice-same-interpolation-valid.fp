!!NVfp4.0
CENTROID ATTRIB a = fragment.texcoord[1];
CENTROID ATTRIB b = fragment.texcoord[1];
NOPERSPECTIVE ATTRIB t[] = { fragment.texcoord[2..3] };
FLAT ATTRIB u = fragment.texcoord[4];
ADD result.color, a, b;
ADD result.color, t[1], u;
END
