!!NVfp5.0
# error: needs exactly one FSIB and one FSIE
OPTION NV_sample_interlock_ordered;
FSIB;
MOV.F result.color,fragment.color;
END
