!!NVfp5.0
# error: the 'FINE' modifier needs OPTION ARB_derivative_control
OPTION NV_internal;
TEMP R0;
DDX.FINE R0.x,fragment.attrib[0].x;
MOV.F result.color,R0;
END
