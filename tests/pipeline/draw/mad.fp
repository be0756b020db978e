!!ARBfp1.0
MAD result.color, fragment.texcoord[0], program.local[0], program.env[1];
END
