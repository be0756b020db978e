/* Helpers for the executor tests: build a machine from TGSI text, set
 * inputs and constants from floats or words, read outputs back.  Every
 * helper asserts through cmocka, so a test fails at the first surprise. */
#ifndef NVGP_TESTS_EXEC_UTIL_H
#define NVGP_TESTS_EXEC_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/bits.h"
#include "exec/exec.h"
#include "tgsi/tgsi_text_read.h"

typedef struct xt {
    tgsi_program *prog;
    nvgp_exec *m;
    nvgp_diag *diag;
} xt;

/* The library's float bit conversions (base/bits.h) under the names the
 * executor tests use. */
#define fbits f2u_bits
#define bitsf u2f_bits
#define dbits d2u_bits
#define bitsd u2d_bits

/* Reads and decodes the program; invocations/vertices as for
 * nvgp_exec_set_invocations. */
static inline void xt_load(xt *x, const char *text, uint32_t invocations, uint32_t vertices)
{
    x->diag = nvgp_diag_create("test.tgsi", text, strlen(text));
    x->prog = nvgp_tgsi_read(text, strlen(text), x->diag);
    if (!x->prog)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->prog);
    x->m = nvgp_exec_create(x->prog, x->diag);
    if (!x->m)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->m);
    assert_int_equal(nvgp_exec_set_invocations(x->m, invocations, vertices), NVGP_EXEC_OK);
}

static inline void xt_free(xt *x)
{
    nvgp_exec_destroy(x->m);
    nvgp_tgsi_program_destroy(x->prog);
    nvgp_diag_destroy(x->diag);
}

static inline void xt_in_f(xt *x, uint32_t inv, uint32_t index, float a, float b, float c,
                           float d)
{
    uint32_t v[4] = { fbits(a), fbits(b), fbits(c), fbits(d) };
    assert_int_equal(nvgp_exec_set_input(x->m, inv, 0, index, v), NVGP_EXEC_OK);
}

static inline void xt_in_u(xt *x, uint32_t inv, uint32_t index, uint32_t a, uint32_t b,
                           uint32_t c, uint32_t d)
{
    uint32_t v[4] = { a, b, c, d };
    assert_int_equal(nvgp_exec_set_input(x->m, inv, 0, index, v), NVGP_EXEC_OK);
}

static inline void xt_const_f(xt *x, uint32_t index, float a, float b, float c, float d)
{
    uint32_t v[4] = { fbits(a), fbits(b), fbits(c), fbits(d) };
    assert_int_equal(nvgp_exec_set_constants(x->m, 0, index, v, 1), NVGP_EXEC_OK);
}

static inline void xt_run(xt *x)
{
    nvgp_exec_status st = nvgp_exec_run(x->m, x->diag);
    if (st != NVGP_EXEC_OK)
        fprintf(stderr, "run failed: %s\n", nvgp_exec_error(x->m));
    assert_int_equal(st, NVGP_EXEC_OK);
}

static inline uint32_t xt_out_u(xt *x, uint32_t thread, uint32_t index, unsigned c)
{
    uint32_t v[4];
    nvgp_exec_get_output(x->m, thread, index, v);
    return v[c];
}

static inline float xt_out_f(xt *x, uint32_t thread, uint32_t index, unsigned c)
{
    return bitsf(xt_out_u(x, thread, index, c));
}

static inline double xt_out_d(xt *x, uint32_t thread, uint32_t index, unsigned pair)
{
    uint32_t v[4];
    nvgp_exec_get_output(x->m, thread, index, v);
    return bitsd((uint64_t)v[2 * pair] | (uint64_t)v[2 * pair + 1] << 32);
}

static inline uint64_t xt_out_u64(xt *x, uint32_t thread, uint32_t index, unsigned pair)
{
    uint32_t v[4];
    nvgp_exec_get_output(x->m, thread, index, v);
    return (uint64_t)v[2 * pair] | (uint64_t)v[2 * pair + 1] << 32;
}

/* Exact float comparison by bits (so -0 and NaN are checked too); NaN
 * matches any NaN. */
#define assert_float_bits(actual, expected)                                      \
    do {                                                                         \
        float a_ = (actual), e_ = (expected);                                    \
        if (isnan(e_))                                                           \
            assert_true(isnan(a_));                                              \
        else                                                                     \
            assert_int_equal(fbits(a_), fbits(e_));                              \
    } while (0)

/* Runs a one-invocation vertex program and checks OUT[0] as floats. */
static inline void xt_expect4f(xt *x, uint32_t t, uint32_t index, float a, float b, float c,
                               float d)
{
    assert_float_bits(xt_out_f(x, t, index, 0), a);
    assert_float_bits(xt_out_f(x, t, index, 1), b);
    assert_float_bits(xt_out_f(x, t, index, 2), c);
    assert_float_bits(xt_out_f(x, t, index, 3), d);
}

static inline void xt_expect4u(xt *x, uint32_t t, uint32_t index, uint32_t a, uint32_t b,
                               uint32_t c, uint32_t d)
{
    assert_int_equal(xt_out_u(x, t, index, 0), a);
    assert_int_equal(xt_out_u(x, t, index, 1), b);
    assert_int_equal(xt_out_u(x, t, index, 2), c);
    assert_int_equal(xt_out_u(x, t, index, 3), d);
}

#endif
