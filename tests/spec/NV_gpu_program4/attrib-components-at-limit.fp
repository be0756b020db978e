!!NVfp4.0
ATTRIB a[] = { fragment.attrib[0..31] };
TEMP r;
ADD r, a[0], a[31];
ADD result.color, r, a[1];
END
