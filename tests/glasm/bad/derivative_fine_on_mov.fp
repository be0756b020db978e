!!NVfp5.0
# error: MOV does not take the 'COARSE' modifier
OPTION ARB_derivative_control;
TEMP R0;
MOV.COARSE R0,fragment.attrib[0];
MOV.F result.color,R0;
END
