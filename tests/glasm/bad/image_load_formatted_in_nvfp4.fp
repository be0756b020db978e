!!NVfp4.0
# error: option 'EXT_shader_image_load_formatted' is not supported by this program type
OPTION EXT_shader_image_load_formatted;
MOV result.color,fragment.color;
END
