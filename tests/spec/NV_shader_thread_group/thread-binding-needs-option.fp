!!NVfp5.0
UINT TEMP u;
MOV.U u, fragment.threadid;
END
