!!NVfp5.0
TEMP r;
ATTRIB t = fragment.texcoord[2];
IPAS r, fragment.texcoord[0], 0;
IPAO r, t, {0.1, 0.1, 0, 0};
IPAC r, fragment.texcoord[1];
MOV result.color, r;
END
