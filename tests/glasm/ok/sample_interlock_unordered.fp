!!NVfp5.0
OPTION NV_internal;
OPTION NV_sample_interlock_unordered;
TEMP R0;
ATTRIB in_attr0=fragment.attrib[0];
FSIB;
ADD.F R0,in_attr0,1;
FSIE;
MOV.F result.color,R0;
END
