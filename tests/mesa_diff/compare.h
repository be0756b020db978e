/* Comparing nvgp's pixels with Mesa's, shared by the differential tests
 * (mesa_diff.c, corpus_draw.c): the tolerance of docs/testing.md and
 * writing a program file for Mesa's side. */
#ifndef NVGP_TESTS_MESA_DIFF_COMPARE_H
#define NVGP_TESTS_MESA_DIFF_COMPARE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a value passes within ulp units in the last place (0: not tried), or
 * abs, or rel relative to the larger of the two and the caller's scale */
typedef struct {
    double rel, abs;
    int ulp;
} tolerance;

static bool close_enough(float a, float b, const tolerance *t, double scale)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (a == b)
        return true;
    if (isinf(a) || isinf(b))
        return false;
    double d = fabs((double)a - (double)b), m = fmax(fabs(a), fabs(b));
    int32_t ia, ib;
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    if (t->ulp && (ia < 0) == (ib < 0) && llabs((long long)ia - ib) <= t->ulp)
        return true;
    return d <= t->abs || d <= t->rel * fmax(m, scale);
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs(text, f);
    return fclose(f) == 0;
}

#endif
