!!NVfp5.0
# error: FSIB needs a fragment shader interlock option
FSIB;
FSIE;
MOV.F result.color,fragment.color;
END
