!!ARBfp1.0
OPTION NV_fragment_program;
SHORT OUTPUT lo = result.color;
SHORT OUTPUT lo2 = result.color;
LONG OUTPUT unused = result.color;
LONG OUTPUT d = result.depth;
MOV lo.xyz, fragment.color;
MOV lo2.w, fragment.color;
MOV d.z, fragment.position;
END
