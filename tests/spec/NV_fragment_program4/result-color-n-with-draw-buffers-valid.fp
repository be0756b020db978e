!!NVfp4.0
OPTION ARB_draw_buffers;
OUTPUT c2 = result.color[2];
MOV result.color[3], fragment.color;
MOV result.color[0], fragment.color;
MOV c2, fragment.color;
END
