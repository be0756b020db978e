!!NVfp5.0
UINT TEMP u;
TGBALLOT.U u, fragment.color;
END
