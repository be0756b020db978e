!!NVcp5.0
# error: formatted loads need OPTION EXT_shader_image_load_formatted
GROUP_SIZE 1;
TEMP R0,R1;
LOADIM.F R1,R0,image[0],2D;
END
