!!ARBfp1.0
# error: option 'ARB_derivative_control' is not supported by this program type
OPTION ARB_derivative_control;
MOV result.color, fragment.color;
END
