!!NVfp4.0
MOV result.color, fragment.color;
MOV result.color[1], fragment.color;
END
