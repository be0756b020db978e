/* Test helper: prints the RGBA bytes of pixel (X, Y) of an 8-bit RGBA PNG
 * (row 0 at the top), read with libpng, as "R G B A". */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    png_image img = {0};
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, argv[1]))
        return 1;
    img.format = PNG_FORMAT_RGBA;
    png_bytep buf = malloc(PNG_IMAGE_SIZE(img));
    if (!buf || !png_image_finish_read(&img, NULL, buf, 0, NULL))
        return 1;
    unsigned x = (unsigned)atoi(argv[2]), y = (unsigned)atoi(argv[3]);
    if (x >= img.width || y >= img.height)
        return 1;
    png_bytep p = buf + 4 * ((size_t)y * img.width + x);
    printf("%d %d %d %d\n", p[0], p[1], p[2], p[3]);
    free(buf);
    return 0;
}
