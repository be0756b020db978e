/* The harness's quad through the pipeline, timed (quad_draw.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "quad_draw.h"

#include "nvgp_pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

bool quad_draw_times(const nvgp_program *fp, uint32_t width, uint32_t height, unsigned threads,
                     unsigned engine, int repeats, double *secs, char *err, size_t errlen)
{
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(width, height, NVGP_PIPE_RGBA32F, err, errlen);
    if (!s || !fb) {
        if (fb)
            snprintf(err, errlen, "out of memory");
        nvgp_pipe_state_destroy(s);
        nvgp_pipe_fb_destroy(fb);
        return false;
    }
    s->program[NVGP_PIPE_FRAGMENT] = fp;
    s->threads = threads;
    s->engine = engine;
    s->viewport[2] = (int32_t)width;
    s->viewport[3] = (int32_t)height;
    static const float local0[4] = {0.5f, 0.25f, 0.125f, 1.0f};
    memcpy(s->local[NVGP_PIPE_FRAGMENT][0], local0, sizeof local0);
    float w = (float)width, h = (float)height;
    const float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    const float tc0[16] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
    const float tc1[16] = {0, 0, 0, 1, w, 0, 0, 1, 0, h, 0, 1, w, h, 0, 1};
    const float col[16] = {0, 0, 0.25f, 1, 1, 0, 0.25f, 1, 0, 1, 0.25f, 1, 1, 1, 0.25f, 1};
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = 4;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tc0;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0 + 1] = tc1;
    v.attrib[NVGP_PIPE_ATTR_COLOR] = col;
    bool ok = true;
    /* one untimed draw first: the program's translation and set-up, the
     * JIT's compilation */
    for (int r = -1; r < repeats && ok; r++) {
        double t0 = bench_now();
        ok = nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLE_STRIP, &v, err, errlen);
        double dt = bench_now() - t0;
        if (ok && r >= 0)
            secs[r] = dt;
    }
    if (ok)
        qsort(secs, (size_t)repeats, sizeof *secs, bench_cmp_double);
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    return ok;
}
