/* Pipeline fill rate: a full-screen quad through nvgp's OpenGL pipeline
 * (nvgp_pipeline.h, the public interface only) with a fragment program,
 * as the mesa-oracle harness draws it (../shared/tools/mesa-oracle:
 * 1024x1024 RGBA32F, fragment.texcoord[0] = (u, v, 0, 1), texcoord[1] =
 * (u W, v H, 0, 1), fragment.color = (u, v, 0.25, 1)), once per host
 * thread count, a few timed draws after an untimed one; prints the
 * median, fastest and slowest draw in ms and Mpix/s (million fragments a
 * second).  program.local[0] is bench.sh's (0.5, 0.25, 0.125, 1).  By
 * default it draws the harness's short5.fp and long100.fp;
 * bench/draw_vs_mesa.sh runs it beside Mesa's softpipe and llvmpipe.
 *
 *   draw_bench [--size N] [--repeats R] [--threads T,T...] [FRAGMENT.fp...]
 *
 * Exits 0 when every draw ran, 1 when one failed, 77 when the default
 * programs are absent (no ../shared). */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#include "nvgp.h"
#include "nvgp_pipeline.h"
#include "read_whole_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NVGP_SHARED_DIR
#define NVGP_SHARED_DIR "../shared"
#endif

enum { MAX_THREAD_COUNTS = 8, MAX_PROGRAMS = 16, MAX_REPEATS = 1000 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Draws program over size x size with the given threads, repeats times;
 * the seconds of each draw in secs[], sorted.  False (said on stderr) when
 * a draw fails. */
static bool measure(const nvgp_program *fp, uint32_t size, unsigned threads, int repeats,
                    double *secs)
{
    char err[256];
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(size, size, NVGP_PIPE_RGBA32F, err, sizeof err);
    if (!s || !fb) {
        fprintf(stderr, "draw_bench: %s\n", fb ? "out of memory" : err);
        nvgp_pipe_state_destroy(s);
        nvgp_pipe_fb_destroy(fb);
        return false;
    }
    s->program[NVGP_PIPE_FRAGMENT] = fp;
    s->threads = threads;
    s->viewport[2] = s->viewport[3] = (int32_t)size;
    static const float local0[4] = {0.5f, 0.25f, 0.125f, 1.0f};
    memcpy(s->local[NVGP_PIPE_FRAGMENT][0], local0, sizeof local0);
    float w = (float)size;
    const float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    const float tc0[16] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
    const float tc1[16] = {0, 0, 0, 1, w, 0, 0, 1, 0, w, 0, 1, w, w, 0, 1};
    const float col[16] = {0, 0, 0.25f, 1, 1, 0, 0.25f, 1, 0, 1, 0.25f, 1, 1, 1, 0.25f, 1};
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = 4;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tc0;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0 + 1] = tc1;
    v.attrib[NVGP_PIPE_ATTR_COLOR] = col;
    bool ok = true;
    /* one untimed draw first: the program's translation and set-up */
    for (int r = -1; r < repeats && ok; r++) {
        double t0 = now();
        ok = nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLE_STRIP, &v, err, sizeof err);
        double dt = now() - t0;
        if (!ok)
            fprintf(stderr, "draw_bench: the draw failed: %s\n", err);
        else if (r >= 0)
            secs[r] = dt;
    }
    qsort(secs, (size_t)repeats, sizeof *secs, cmp_double);
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    return ok;
}

int main(int argc, char **argv)
{
    uint32_t size = 1024;
    int repeats = 3;
    unsigned threads[MAX_THREAD_COUNTS] = {1, 2};
    int nthreads = 2;
    const char *files[MAX_PROGRAMS];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "--size") || !strcmp(a, "--repeats") || !strcmp(a, "--threads")) &&
            i + 1 < argc) {
            const char *v = argv[++i];
            if (!strcmp(a, "--size")) {
                long n = atol(v);
                if (n < 1 || n > NVGP_PIPE_MAX_SIZE) {
                    fprintf(stderr, "draw_bench: --size wants 1..%d\n", NVGP_PIPE_MAX_SIZE);
                    return 2;
                }
                size = (uint32_t)n;
            } else if (!strcmp(a, "--repeats")) {
                repeats = atoi(v);
                if (repeats < 1 || repeats > MAX_REPEATS) {
                    fprintf(stderr, "draw_bench: --repeats wants 1..1000\n");
                    return 2;
                }
            } else {
                nthreads = 0;
                for (const char *p = v; *p && nthreads < MAX_THREAD_COUNTS;) {
                    char *end;
                    unsigned long t = strtoul(p, &end, 10);
                    if (end == p || t < 1 || t > 256 || (*end && *end != ',')) {
                        fprintf(stderr, "draw_bench: --threads wants counts 1..256, as 1,2\n");
                        return 2;
                    }
                    threads[nthreads++] = (unsigned)t;
                    p = *end ? end + 1 : end;
                }
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "usage: draw_bench [--size N] [--repeats R] [--threads T,T...] "
                            "[FRAGMENT.fp...]\n");
            return 2;
        } else if (nfiles < MAX_PROGRAMS) {
            files[nfiles++] = a;
        }
    }
    bool defaults = nfiles == 0;
    if (defaults) {
        files[nfiles++] = NVGP_SHARED_DIR "/tools/mesa-oracle/progs/short5.fp";
        files[nfiles++] = NVGP_SHARED_DIR "/tools/mesa-oracle/progs/long100.fp";
    }
    printf("pipeline fill rate: %ux%u RGBA32F full-screen quad, %d timed draws\n", size, size,
           repeats);
    printf("%-14s %8s %12s %10s %10s %10s\n", "program", "threads", "ms/draw", "Mpix/s",
           "min", "max");
    int rc = 0;
    for (int f = 0; f < nfiles; f++) {
        size_t len;
        char *text = read_whole_file(files[f], &len);
        if (!text) {
            fprintf(stderr, "draw_bench: %s: cannot read\n", files[f]);
            if (defaults)
                return 77;
            rc = 1;
            continue;
        }
        nvgp_diag *d = NULL;
        nvgp_program *p = nvgp_program_create(files[f], text, len, &d);
        if (!p) {
            if (d)
                nvgp_diag_print(d, stderr);
            nvgp_diag_destroy(d);
            free(text);
            rc = 1;
            continue;
        }
        nvgp_diag_destroy(d);
        const char *base = strrchr(files[f], '/');
        base = base ? base + 1 : files[f];
        for (int t = 0; t < nthreads; t++) {
            static double secs[MAX_REPEATS];
            if (!measure(p, size, threads[t], repeats, secs)) {
                rc = 1;
                continue;
            }
            /* the median (the mean of the middle two for an even count) */
            double med = (secs[(repeats - 1) / 2] + secs[repeats / 2]) / 2;
            double pix = (double)size * size / 1e6;
            printf("%-14s %8u %12.2f %10.2f %10.2f %10.2f\n", base, threads[t], med * 1e3,
                   pix / med, pix / secs[repeats - 1], pix / secs[0]);
            fflush(stdout);
        }
        nvgp_program_destroy(p);
        free(text);
    }
    return rc;
}
