/* Multisample framebuffers: the standard sample positions, the per-sample
 * storage and the resolve (the average of a pixel's samples) that the
 * single-sample view of the framebuffer shows.
 *
 * GL names no sample positions (SAMPLE_POSITION is a query); nvgp uses the
 * standard patterns of the other common 3D API, whose offsets are sixteenths
 * of a pixel from the centre, with their y read upward as GL's window y
 * (docs/pipeline.md "Multisampling" lists them; spec-decisions.md,
 * Rasterisation and per-fragment 3). */
#include "pipeline/pipe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Offsets from the pixel centre in 1/16 pixel, per count (1: the centre). */
static const int8_t pattern1[1][2] = {{0, 0}};
static const int8_t pattern2[2][2] = {{4, 4}, {-4, -4}};
static const int8_t pattern4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const int8_t pattern8[8][2] = {{1, -3}, {-1, 3}, {5, 1}, {-3, -5},
                                      {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};

static const int8_t (*pattern(uint32_t samples))[2]
{
    switch (samples) {
    case 1: return pattern1;
    case 2: return pattern2;
    case 4: return pattern4;
    case 8: return pattern8;
    default: return NULL;
    }
}

bool nvgp_pipe_sample_position(uint32_t samples, uint32_t i, float xy[2])
{
    const int8_t(*p)[2] = pattern(samples);
    if (!p || i >= samples)
        return false;
    xy[0] = 0.5f + p[i][0] / 16.0f;
    xy[1] = 0.5f + p[i][1] / 16.0f;
    return true;
}

/* The offset of sample i in 1/256 pixel from the pixel's lower left
 * corner, the rasteriser's grid (exact: the patterns are in 1/16). */
void pipe_sample_fixed(uint32_t samples, uint32_t i, int64_t *x, int64_t *y)
{
    const int8_t(*p)[2] = pattern(samples);
    *x = 128 + (p ? p[i][0] * 16 : 0);
    *y = 128 + (p ? p[i][1] * 16 : 0);
}

nvgp_pipe_fb *nvgp_pipe_fb_create_ms(uint32_t width, uint32_t height, nvgp_pipe_format format,
                                     uint32_t samples, char *err, size_t errlen)
{
    if (!pattern(samples)) {
        snprintf(err, errlen, "%u samples: expected 1, 2, 4 or 8", samples);
        return NULL;
    }
    if (samples > 1 && width && height &&
        (uint64_t)width * height * samples > NVGP_PIPE_MAX_PIXELS) {
        snprintf(err, errlen, "a %ux%u framebuffer of %u samples is more than %u samples in all",
                 width, height, samples, NVGP_PIPE_MAX_PIXELS);
        return NULL;
    }
    nvgp_pipe_fb *fb = pipe_fb_create_single(width, height, format, err, errlen);
    if (!fb || samples == 1)
        return fb;
    size_t n = (size_t)width * height * samples;
    fb->samples = samples;
    fb->sample_color = calloc(n, 4 * sizeof(float));
    fb->sample_depth = malloc(n * sizeof(float));
    fb->sample_stencil = calloc(n, 1);
    if (!fb->sample_color || !fb->sample_depth || !fb->sample_stencil) {
        nvgp_pipe_fb_destroy(fb);
        snprintf(err, errlen, "out of memory for a %ux%u framebuffer of %u samples", width,
                 height, samples);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        fb->sample_depth[i] = 1.0f;
    return fb;
}

/* The single-sample view: each pixel's colour the average of its samples
 * (stored as the buffer stores a colour), depth and stencil sample 0's. */
void pipe_fb_resolve(nvgp_pipe_fb *fb)
{
    uint32_t ns = fb->samples;
    if (ns <= 1)
        return;
    size_t pixels = (size_t)fb->width * fb->height;
    for (size_t p = 0; p < pixels; p++) {
        const float *src = fb->sample_color + 4 * p * ns;
        for (int c = 0; c < 4; c++) {
            double sum = 0;
            for (uint32_t s = 0; s < ns; s++)
                sum += src[4 * s + c];
            fb->color[4 * p + c] = pipe_fb_store(fb, (float)(sum / ns));
        }
        fb->depth[p] = fb->sample_depth[p * ns];
        fb->stencil[p] = fb->sample_stencil[p * ns];
    }
}

bool nvgp_pipe_fb_sample(const nvgp_pipe_fb *fb, int64_t x, int64_t y, uint32_t s, float rgba[4],
                         float *depth)
{
    if (x < 0 || y < 0 || x >= fb->width || y >= fb->height || s >= fb->samples)
        return false;
    size_t at = ((size_t)y * fb->width + (size_t)x) * fb->samples + s;
    memcpy(rgba, fb->sample_color + 4 * at, 4 * sizeof(float));
    if (depth)
        *depth = fb->sample_depth[at];
    return true;
}
