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
#include "nvgp.h"
#include "nvgp_pipeline.h"
#include "quad_draw.h"
#include "read_whole_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NVGP_SHARED_DIR
#define NVGP_SHARED_DIR "../shared"
#endif

enum { MAX_THREAD_COUNTS = 8, MAX_PROGRAMS = 16, MAX_REPEATS = 1000 };

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
            char err[256];
            if (!quad_draw_times(p, size, size, threads[t], NVGP_ENGINE_DEFAULT, repeats, secs, err,
                                 sizeof err)) {
                fprintf(stderr, "draw_bench: the draw failed: %s\n", err);
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
