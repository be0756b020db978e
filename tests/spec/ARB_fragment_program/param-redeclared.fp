!!ARBfp1.0
PARAM p = {1,2,3,4};
TEMP p;
END
