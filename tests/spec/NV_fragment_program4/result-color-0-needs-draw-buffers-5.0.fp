!!NVfp5.0
OUTPUT c0 = result.color;
OUTPUT c1 = result.color[0];
MOV c0, fragment.color;
END
