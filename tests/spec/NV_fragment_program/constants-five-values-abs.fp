!!FP1.0
ADD R0, {1,2,3,4}, |-4|;
MOV o[COLR], R0;
END
