!!ARBfp1.0
OPTION ARB_draw_buffers;
MOV result.color[1], fragment.color;
END
