/* Table-driven single-instruction checks: each case is one instruction
 * reading IN[0..2] and writing OUT[0] of a one-invocation vertex program,
 * with inputs and the expected result given as float or raw 32-bit words
 * (hand-computed from tgsi.rst's formulas and the special cases it lists). */
#ifndef NVGP_TESTS_EXEC_CASES_H
#define NVGP_TESTS_EXEC_CASES_H

#include "exec_test_util.h"

typedef union v32 {
    float f;
    uint32_t u;
} v32;

#define F(x) { .f = (x) }
#define U(x) { .u = (uint32_t)(x) }
#define F4(a, b, c, d) { F(a), F(b), F(c), F(d) }
#define U4(a, b, c, d) { U(a), U(b), U(c), U(d) }
#define FS(a) F4(a, a, a, a)
#define US(a) U4(a, a, a, a)
/* a double / 64-bit integer pair: low word, high word */
#define D2(lo, hi, lo2, hi2) U4(lo, hi, lo2, hi2)

typedef struct xcase {
    const char *insn;      /* e.g. "ADD OUT[0], IN[0], IN[1]" */
    v32 in[3][4];
    v32 out[4];
    uint8_t mask;          /* components of OUT[0] to check; 0 = all */
} xcase;

static inline bool v32_is_nan(uint32_t u)
{
    return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu);
}

static inline void run_case(const xcase *c, const char *header)
{
    char text[1024];
    snprintf(text, sizeof text,
             "%s\nDCL IN[0..2]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n  0: %s\n  1: END\n",
             header ? header : "VERT", c->insn);
    xt x;
    xt_load(&x, text, 1, 1);
    for (unsigned i = 0; i < 3; i++)
        xt_in_u(&x, 0, i, c->in[i][0].u, c->in[i][1].u, c->in[i][2].u, c->in[i][3].u);
    xt_run(&x);
    uint8_t mask = c->mask ? c->mask : 0xf;
    for (unsigned k = 0; k < 4; k++) {
        if (!(mask & (1u << k)))
            continue;
        uint32_t got = xt_out_u(&x, 0, 0, k), want = c->out[k].u;
        bool ok = v32_is_nan(want) ? v32_is_nan(got) : got == want;
        if (!ok)
            fail_msg("%s: component %u is 0x%08x (%g), expected 0x%08x (%g)", c->insn, k, got,
                     (double)bitsf(got), want, (double)bitsf(want));
    }
    xt_free(&x);
}

static inline void run_cases(const xcase *cs, size_t n, const char *header)
{
    for (size_t i = 0; i < n; i++)
        run_case(&cs[i], header);
}

#define RUN_CASES(arr) run_cases(arr, sizeof(arr) / sizeof(arr[0]), NULL)

#endif
