/* PNG output for the CLI, through libpng when the build found it
 * (NVGP_HAVE_PNG); without it, writing fails with a message. */
#include "png_write.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifdef NVGP_HAVE_PNG
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>

bool nvgp_tool_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", path, strerror(errno));
        return false;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        fclose(f);
        fprintf(stderr, "nvgp: %s: out of memory\n", path);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        fprintf(stderr, "nvgp: %s: error writing PNG\n", path);
        return false;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(f) != 0) {
        fprintf(stderr, "nvgp: %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

#else

bool nvgp_tool_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height)
{
    (void)rgba, (void)width, (void)height;
    fprintf(stderr, "nvgp: %s: this nvgp was built without libpng (install libpng-dev and "
                    "rebuild)\n", path);
    return false;
}

#endif
