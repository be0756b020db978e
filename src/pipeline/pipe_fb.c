/* The framebuffer: RGBA colour (float storage; RGBA8 keeps values quantised
 * to k/255) and a float depth buffer, row 0 at the bottom as GL's window
 * coordinates have it. */
#include "pipeline/pipe_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

nvgp_pipe_fb *nvgp_pipe_fb_create(uint32_t width, uint32_t height, nvgp_pipe_format format,
                                  char *err, size_t errlen)
{
    return nvgp_pipe_fb_create_ms(width, height, format, 1, err, errlen);
}

/* One sample a pixel; the sample arrays are the pixel arrays
 * (nvgp_pipe_fb_create_ms adds separate ones for more samples). */
nvgp_pipe_fb *pipe_fb_create_single(uint32_t width, uint32_t height, nvgp_pipe_format format,
                                    char *err, size_t errlen)
{
    if (width == 0 || height == 0 || width > NVGP_PIPE_MAX_SIZE || height > NVGP_PIPE_MAX_SIZE ||
        (uint64_t)width * height > NVGP_PIPE_MAX_PIXELS) {
        snprintf(err, errlen, "framebuffer size %ux%u is outside 1x1 .. %ux%u (%u pixels at most)",
                 width, height, NVGP_PIPE_MAX_SIZE, NVGP_PIPE_MAX_SIZE, NVGP_PIPE_MAX_PIXELS);
        return NULL;
    }
    if (format != NVGP_PIPE_RGBA8 && format != NVGP_PIPE_RGBA32F) {
        snprintf(err, errlen, "unknown framebuffer format");
        return NULL;
    }
    nvgp_pipe_fb *fb = calloc(1, sizeof *fb);
    size_t pixels = (size_t)width * height;
    if (fb) {
        fb->color = calloc(pixels, 4 * sizeof(float));
        fb->depth = malloc(pixels * sizeof(float));
        fb->stencil = calloc(pixels, 1);
    }
    if (!fb || !fb->color || !fb->depth || !fb->stencil) {
        nvgp_pipe_fb_destroy(fb);
        snprintf(err, errlen, "out of memory for a %ux%u framebuffer", width, height);
        return NULL;
    }
    fb->width = width;
    fb->height = height;
    fb->format = (uint8_t)format;
    for (size_t i = 0; i < pixels; i++)
        fb->depth[i] = 1.0f;
    fb->samples = 1;
    fb->sample_color = fb->color;
    fb->sample_depth = fb->depth;
    fb->sample_stencil = fb->stencil;
    return fb;
}

void nvgp_pipe_fb_destroy(nvgp_pipe_fb *fb)
{
    if (!fb)
        return;
    if (fb->samples > 1) {
        free(fb->sample_color);
        free(fb->sample_depth);
        free(fb->sample_stencil);
    }
    free(fb->color);
    free(fb->depth);
    free(fb->stencil);
    free(fb);
}

/* The value a colour component takes in the buffer: fixed-point buffers
 * clamp to [0,1] and round to the nearest of k/255 (GL 2.3.5.2's conversion,
 * c * (2^8 - 1) rounded); float buffers keep it. */
float pipe_fb_store(const nvgp_pipe_fb *fb, float c)
{
    if (fb->format != NVGP_PIPE_RGBA8)
        return c;
    if (!(c > 0.0f))   /* NaN stores 0 */
        return 0.0f;
    if (c > 1.0f)
        c = 1.0f;
    return (float)(floor((double)c * 255.0 + 0.5) / 255.0);
}

/* The rectangle a clear or a draw touches: the buffer, within the scissor
 * when on. */
void pipe_fb_rect(const nvgp_pipe_fb *fb, const nvgp_pipe_state *s, uint32_t r[4])
{
    int64_t x0 = 0, y0 = 0, x1 = fb->width, y1 = fb->height;
    if (s && s->scissor_test) {
        x0 = s->scissor[0] > x0 ? s->scissor[0] : x0;
        y0 = s->scissor[1] > y0 ? s->scissor[1] : y0;
        int64_t sx1 = (int64_t)s->scissor[0] + (s->scissor[2] > 0 ? s->scissor[2] : 0);
        int64_t sy1 = (int64_t)s->scissor[1] + (s->scissor[3] > 0 ? s->scissor[3] : 0);
        x1 = sx1 < x1 ? sx1 : x1;
        y1 = sy1 < y1 ? sy1 : y1;
    }
    r[0] = (uint32_t)x0, r[1] = (uint32_t)y0;
    r[2] = x1 > x0 ? (uint32_t)x1 : (uint32_t)x0, r[3] = y1 > y0 ? (uint32_t)y1 : (uint32_t)y0;
}

void nvgp_pipe_fb_clear(nvgp_pipe_fb *fb, const nvgp_pipe_state *s, const float *color,
                        const float *depth)
{
    uint32_t r[4];
    pipe_fb_rect(fb, s, r);
    float c[4];
    for (int k = 0; color && k < 4; k++)
        c[k] = pipe_fb_store(fb, color[k]);
    /* the clear depth is clamped to [0,1] (ClearDepth) */
    float d = !depth ? 0.0f : *depth > 1.0f ? 1.0f : *depth > 0.0f ? *depth : 0.0f;
    uint32_t ns = fb->samples;
    for (uint32_t y = r[1]; y < r[3]; y++)
        for (uint32_t x = r[0]; x < r[2]; x++)
            for (uint32_t smp = 0; smp < ns; smp++) {
                size_t i = ((size_t)y * fb->width + x) * ns + smp;
                for (int k = 0; color && k < 4; k++)
                    if (!s || s->color_mask[k])
                        fb->sample_color[4 * i + k] = c[k];
                if (depth && (!s || s->depth_write))
                    fb->sample_depth[i] = d;
            }
    pipe_fb_resolve(fb);
}

void nvgp_pipe_fb_clear_stencil(nvgp_pipe_fb *fb, const nvgp_pipe_state *s, uint8_t value)
{
    uint32_t r[4];
    pipe_fb_rect(fb, s, r);
    uint8_t mask = s ? s->stencil[0].write_mask : 0xff;
    uint32_t ns = fb->samples;
    for (uint32_t y = r[1]; y < r[3]; y++)
        for (uint32_t x = r[0]; x < r[2]; x++)
            for (uint32_t smp = 0; smp < ns; smp++) {
                uint8_t *p = &fb->sample_stencil[((size_t)y * fb->width + x) * ns + smp];
                *p = (uint8_t)((*p & ~mask) | (value & mask));
            }
    pipe_fb_resolve(fb);
}

bool nvgp_pipe_fb_pixel(const nvgp_pipe_fb *fb, int64_t x, int64_t y, float rgba[4])
{
    if (x < 0 || y < 0 || x >= fb->width || y >= fb->height)
        return false;
    const float *p = fb->color + 4 * ((size_t)y * fb->width + (size_t)x);
    for (int k = 0; k < 4; k++)
        rgba[k] = p[k];
    return true;
}

bool nvgp_pipe_fb_depth(const nvgp_pipe_fb *fb, int64_t x, int64_t y, float *depth)
{
    if (x < 0 || y < 0 || x >= fb->width || y >= fb->height)
        return false;
    *depth = fb->depth[(size_t)y * fb->width + (size_t)x];
    return true;
}

bool nvgp_pipe_fb_stencil(const nvgp_pipe_fb *fb, int64_t x, int64_t y, uint8_t *stencil)
{
    if (x < 0 || y < 0 || x >= fb->width || y >= fb->height)
        return false;
    *stencil = fb->stencil[(size_t)y * fb->width + (size_t)x];
    return true;
}
