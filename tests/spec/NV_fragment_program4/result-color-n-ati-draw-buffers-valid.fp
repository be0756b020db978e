!!NVfp5.0
OPTION ATI_draw_buffers;
MOV result.color[1], fragment.color;
END
