!!NVfp5.0
SAMPLE ATTRIB t = fragment.texcoord[0];
IPAO result.color, t, {0.1, 0.1};
END
