!!NVcp5.0
# error: IMQ needs OPTION ARB_shader_image_size
GROUP_SIZE 1;
TEMP R0;
IMQ R0,image[0],2D;
END
