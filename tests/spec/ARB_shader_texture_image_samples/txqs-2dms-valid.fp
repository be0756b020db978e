!!NVfp5.0
OPTION ARB_shader_texture_image_samples;
INT TEMP n;
TXQS n.x, texture[0], 2DMS;
TXQS n.y, texture[1], ARRAY2DMS;
I2F result.color, n;
END
