/* PNG input and output for the CLI, through libpng when the build found it
 * (NVGP_HAVE_PNG); without it, both fail with a message. */
#include "png_io.h"

#include <errno.h>
#include <math.h>
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

uint8_t nvgp_tool_unorm8(float c)
{
    if (!(c > 0.0f))
        return 0;
    if (c >= 1.0f)
        return 255;
    return (uint8_t)floor((double)c * 255.0 + 0.5);
}

static uint16_t unorm16(float c)
{
    if (!(c > 0.0f))
        return 0;
    if (c >= 1.0f)
        return 65535;
    return (uint16_t)floor((double)c * 65535.0 + 0.5);
}

bool nvgp_tool_png_write_fb(const char *path, const char *cmd, const nvgp_pipe_fb *fb,
                            uint32_t width, uint32_t height, int bits)
{
    bool wide = bits == 16;
    size_t n = (size_t)width * height * 4;
    uint8_t *b8 = wide ? NULL : malloc(n);
    uint16_t *b16 = wide ? malloc(n * sizeof *b16) : NULL;
    if (!b8 && !b16) {
        fprintf(stderr, "nvgp %s: out of memory\n", cmd);
        return false;
    }
    for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++) {
            float c[4];
            nvgp_pipe_fb_pixel(fb, x, y, c);
            size_t at = 4 * ((size_t)(height - 1 - y) * width + x);
            for (int k = 0; k < 4; k++) {
                if (wide)
                    b16[at + k] = unorm16(c[k]);
                else
                    b8[at + k] = nvgp_tool_unorm8(c[k]);
            }
        }
    bool ok = nvgp_tool_png_write(path, b8, b16, width, height);
    free(b8);
    free(b16);
    return ok;
}

nvgp_texture *nvgp_tool_png_texture(const uint8_t *img, uint32_t w, uint32_t h)
{
    uint8_t *flipped = malloc((size_t)w * h * 4);
    nvgp_texture_desc desc = {NVGP_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA8, w, h, 1, 1, 1, 1};
    nvgp_texture *t = flipped ? nvgp_texture_create(&desc, NULL) : NULL;
    if (t) {
        for (uint32_t y = 0; y < h; y++)
            memcpy(flipped + (size_t)y * w * 4, img + (size_t)(h - 1 - y) * w * 4, (size_t)w * 4);
        if (!nvgp_texture_set_image(t, 0, flipped, (size_t)w * h * 4, NULL)) {
            nvgp_texture_destroy(t);
            t = NULL;
        }
    }
    free(flipped);
    if (!t)
        return NULL;
    nvgp_tex_sampler smp = *nvgp_texture_sampler(t);
    smp.min_filter = smp.mag_filter = NVGP_TEX_FILTER_LINEAR;
    nvgp_texture_set_sampler(t, &smp);
    return t;
}
