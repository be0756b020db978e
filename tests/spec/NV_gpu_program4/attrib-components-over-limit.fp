!!NVfp4.0
ATTRIB a[] = { fragment.attrib[0..31] };
TEMP r;
ADD r, a[0], a[31];
ADD result.color, r, fragment.texcoord[0];
END
