!!NVfp5.0
OPTION ARB_shader_texture_image_samples;
INT TEMP n;
TXQS n.x, texture[0], 2D;
I2F result.color, n;
END
