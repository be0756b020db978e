/* Test helper: prints the samples of pixel (X, Y) of an RGBA PNG (row 0 at
 * the top) as "R G B A", 8-bit or 16-bit values as stored, read with
 * libpng's low-level interface (no colour conversion). */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png)))
        return 1;
    png_init_io(png, f);
    png_read_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
    unsigned w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info);
    unsigned x = (unsigned)atoi(argv[2]), y = (unsigned)atoi(argv[3]);
    if (png_get_color_type(png, info) != PNG_COLOR_TYPE_RGBA || x >= w || y >= h)
        return 1;
    png_bytep row = png_get_rows(png, info)[y];
    for (int c = 0; c < 4; c++) {
        unsigned v = depth == 16 ? (unsigned)row[8 * x + 2 * c] << 8 | row[8 * x + 2 * c + 1]
                                 : row[4 * x + c];
        printf(c ? " %u" : "%u", v);
    }
    printf("\n");
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    return 0;
}
