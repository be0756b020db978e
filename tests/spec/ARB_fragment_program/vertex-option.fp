!!ARBfp1.0
OPTION ARB_position_invariant;
END
