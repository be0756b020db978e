!!NVfp4.0
SHORT OUTPUT o = result.color;
MOV o, fragment.color;
END
