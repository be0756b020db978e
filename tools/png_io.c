/* PNG input and output for the CLI, through libpng when the build found it
 * (NVGP_HAVE_PNG); without it, both fail with a message. */
#include "png_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef NVGP_HAVE_PNG
#include <png.h>
#include <setjmp.h>

bool nvgp_tool_png_write(const char *path, const uint8_t *rgba8, const uint16_t *rgba16,
                         uint32_t width, uint32_t height)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", path, strerror(errno));
        return false;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        fclose(f);
        fprintf(stderr, "nvgp: %s: out of memory\n", path);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        fprintf(stderr, "nvgp: %s: error writing PNG\n", path);
        return false;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, width, height, rgba16 ? 16 : 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (rgba16) {
        /* PNG stores 16-bit samples big-endian */
        row = malloc((size_t)width * 8);
        if (!row)
            png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) {
            const uint16_t *src = rgba16 + (size_t)y * width * 4;
            for (size_t i = 0; i < (size_t)width * 4; i++) {
                row[2 * i] = (uint8_t)(src[i] >> 8);
                row[2 * i + 1] = (uint8_t)(src[i] & 0xff);
            }
            png_write_row(png, row);
        }
    } else {
        for (uint32_t y = 0; y < height; y++)
            png_write_row(png, (png_const_bytep)(rgba8 + (size_t)y * width * 4));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f) != 0) {
        fprintf(stderr, "nvgp: %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

uint8_t *nvgp_tool_png_read(const char *path, uint32_t *width, uint32_t *height)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) {
        fprintf(stderr, "nvgp: %s: %s\n", path, img.message[0] ? img.message : "cannot read PNG");
        return NULL;
    }
    img.format = PNG_FORMAT_RGBA;
    if (img.width == 0 || img.height == 0 || img.width > 16384 || img.height > 16384) {
        fprintf(stderr, "nvgp: %s: %ux%u is not a texture size nvgp takes (1..16384)\n", path,
                img.width, img.height);
        png_image_free(&img);
        return NULL;
    }
    uint8_t *buf = malloc(PNG_IMAGE_SIZE(img));
    if (!buf || !png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        fprintf(stderr, "nvgp: %s: %s\n", path, buf ? img.message : "out of memory");
        free(buf);
        png_image_free(&img);
        return NULL;
    }
    *width = img.width;
    *height = img.height;
    return buf;
}

#else

bool nvgp_tool_png_write(const char *path, const uint8_t *rgba8, const uint16_t *rgba16,
                         uint32_t width, uint32_t height)
{
    (void)rgba8, (void)rgba16, (void)width, (void)height;
    fprintf(stderr, "nvgp: %s: this nvgp was built without libpng (install libpng-dev and "
                    "rebuild)\n", path);
    return false;
}

uint8_t *nvgp_tool_png_read(const char *path, uint32_t *width, uint32_t *height)
{
    (void)width, (void)height;
    fprintf(stderr, "nvgp: %s: this nvgp was built without libpng (install libpng-dev and "
                    "rebuild)\n", path);
    return NULL;
}

#endif
