/* The mesa-oracle harness's full-screen quad drawn through nvgp's pipeline
 * (nvgp_pipeline.h), timed: what `nvgp bench` and bench/draw_bench measure
 * beside Mesa's drivers, the same fragments and framebuffer. */
#ifndef NVGP_TOOLS_QUAD_DRAW_H
#define NVGP_TOOLS_QUAD_DRAW_H

#include "nvgp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Draws fragment program fp over a width x height RGBA32F framebuffer, as
 * the harness does (fragment.texcoord[0] = (u, v, 0, 1), texcoord[1] =
 * (u width, v height, 0, 1), fragment.color = (u, v, 0.25, 1),
 * program.local[0] = (0.5, 0.25, 0.125, 1)), with `threads` host threads
 * and an nvgp_engine: one untimed draw, then `repeats` timed ones, their
 * seconds in secs[] sorted.  False, the reason in err, when a draw fails. */
/* Monotonic seconds, and qsort's comparison of doubles (the benchmarks'
 * timing helpers). */
double bench_now(void);
int bench_cmp_double(const void *a, const void *b);

bool quad_draw_times(const nvgp_program *fp, uint32_t width, uint32_t height, unsigned threads,
                     unsigned engine, int repeats, double *secs, char *err, size_t errlen);

#endif
