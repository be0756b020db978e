/* The warp-wide functions of src/exec/exec_vmath.c measured against MPFR.
 *
 * For each function and input range: the largest error in units in the last
 * place of the correctly rounded binary32 (binary64) result, and where a
 * spec gives one, the largest absolute error against its bound
 * (NV_fragment_program, NV_vertex_program2: SIN and COS on [0, 2pi), EX2 on
 * [0, 1), LG2, RCP on [1, 2), RSQ on [1, 4) within 1/2^22).  The bounds the
 * test asserts are SLEEF's documented ones (1.0 ulp for its u10 functions:
 * EX2, LG2, POW; 3.5 ulp for its u35 ones: SIN, COS),
 * IEEE's for division and square root (0.5 ulp a rounding; RSQ rounds the
 * square root, then its reciprocal: the first error, relative, passes into
 * the result whole, so up to 0.5 ulp of the root plus 0.5 ulp, below 1.5), and exactness for EXP's 2^floor(x).  The measured values are
 * printed (docs/precision.md quotes them), with glibc's libm per lane, what
 * the executor called before, measured alongside.
 *
 * Inputs are a fixed pseudo-random sequence, so every run checks the same
 * values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "exec/exec_vmath.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

enum { LANES = EXEC_VMATH_LANES, SAMPLES = 1 << 15 };

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double uniform(double lo, double hi)
{
    return lo + (hi - lo) * (double)(rng() >> 11) * 0x1p-53;
}

/* A float of any magnitude in [2^lo, 2^hi), positive. */
static float log_uniform(int lo, int hi)
{
    return (float)exp2(uniform(lo, hi));
}

/* |y - exact| in units of the last place of binary32 (prec 24) or binary64
 * (prec 53) at exact's magnitude; subnormal results use the smallest
 * exponent.  Infinite when y is not the right infinity or NaN. */
static double ulp_error(double y, mpfr_t exact, int prec)
{
    if (mpfr_nan_p(exact))
        return isnan(y) ? 0 : INFINITY;
    if (mpfr_inf_p(exact))
        return isinf(y) && (y < 0) == (mpfr_sgn(exact) < 0) ? 0 : INFINITY;
    int emin = prec == 24 ? -126 : -1022;
    double rounded = prec == 24 ? (double)mpfr_get_flt(exact, MPFR_RNDN) : mpfr_get_d(exact, MPFR_RNDN);
    if (isinf(rounded))  /* overflows the format: right when y is that infinity */
        return y == rounded ? 0 : INFINITY;
    if (!isfinite(y))
        return INFINITY;
    if (mpfr_zero_p(exact))
        return y == 0 ? 0 : fabs(y) / ldexp(1, emin - prec + 1);
    long e = mpfr_get_exp(exact) - 1;   /* exact = m * 2^e, 1 <= m < 2 */
    if (e < emin)
        e = emin;
    mpfr_t d;
    mpfr_init2(d, 256);
    mpfr_sub_d(d, exact, y, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_mul_2si(d, d, prec - 1 - e, MPFR_RNDN);
    double u = mpfr_get_d(d, MPFR_RNDN);
    mpfr_clear(d);
    return u;
}

static double abs_error(double y, mpfr_t exact)
{
    mpfr_t d;
    mpfr_init2(d, 256);
    mpfr_sub_d(d, exact, y, MPFR_RNDN);
    double a = fabs(mpfr_get_d(d, MPFR_RNDN));
    mpfr_clear(d);
    return a;
}

typedef enum fn_id { F_SIN, F_COS, F_EX2, F_LG2, F_POW, F_RCP, F_RSQ } fn_id;

/* The exact value of function f at x (and y for POW) into r. */
static void reference(fn_id f, float x, float y, mpfr_t r)
{
    mpfr_t a, b;
    mpfr_inits2(256, a, b, (mpfr_ptr)0);
    mpfr_set_flt(a, x, MPFR_RNDN);
    mpfr_set_flt(b, y, MPFR_RNDN);
    switch (f) {
    case F_SIN: mpfr_sin(r, a, MPFR_RNDN); break;
    case F_COS: mpfr_cos(r, a, MPFR_RNDN); break;
    case F_EX2: mpfr_exp2(r, a, MPFR_RNDN); break;
    case F_LG2: mpfr_log2(r, a, MPFR_RNDN); break;
    case F_POW: mpfr_pow(r, a, b, MPFR_RNDN); break;
    case F_RCP: mpfr_ui_div(r, 1, a, MPFR_RNDN); break;
    case F_RSQ: mpfr_rec_sqrt(r, a, MPFR_RNDN); break;
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
}

static void warp(fn_id f, const float *x, const float *y, float *out)
{
    switch (f) {
    case F_SIN: exec_vsin(out, x); break;
    case F_COS: exec_vcos(out, x); break;
    case F_EX2: exec_vex2(out, x); break;
    case F_LG2: exec_vlg2(out, x); break;
    case F_POW: exec_vpow(out, x, y); break;
    case F_RCP: exec_vrcp(out, x); break;
    case F_RSQ: exec_vrsq(out, x); break;
    }
}

static float libm(fn_id f, float x, float y)
{
    switch (f) {
    case F_SIN: return sinf(x);
    case F_COS: return cosf(x);
    case F_EX2: return exp2f(x);
    case F_LG2: return log2f(x);
    case F_POW: return powf(x, y);
    case F_RCP: return 1.0f / x;
    case F_RSQ: return 1.0f / sqrtf(x);
    }
    return 0;
}

typedef enum range_kind { R_LINEAR, R_LOG, R_POW } range_kind;

/* One row: a function over a range, the ulp bound asserted, and the
 * spec's absolute bound where it has one (0: none). */
typedef struct row {
    const char *name, *range;
    fn_id f;
    range_kind kind;
    double lo, hi;
    double max_ulp;
    double max_abs;
} row;

static const row rows[] = {
    {"SIN", "[-pi, pi]", F_SIN, R_LINEAR, -3.14159265, 3.14159265, 3.5, 0},
    {"SIN", "[0, 2pi) (spec range)", F_SIN, R_LINEAR, 0, 6.28318530, 3.5, 0x1p-22},
    {"SIN", "[-1e4, 1e4]", F_SIN, R_LINEAR, -1e4, 1e4, 3.5, 0},
    {"SIN", "[-1e7, 1e7]", F_SIN, R_LINEAR, -1e7, 1e7, 3.5, 0},
    {"COS", "[-pi, pi]", F_COS, R_LINEAR, -3.14159265, 3.14159265, 3.5, 0},
    {"COS", "[0, 2pi) (spec range)", F_COS, R_LINEAR, 0, 6.28318530, 3.5, 0x1p-22},
    {"COS", "[-1e4, 1e4]", F_COS, R_LINEAR, -1e4, 1e4, 3.5, 0},
    {"EX2", "[0, 1) (spec range)", F_EX2, R_LINEAR, 0, 1, 1.0, 0x1p-22},
    {"EX2", "[-150, 130]", F_EX2, R_LINEAR, -150, 130, 1.0, 0},
    {"LG2", "[1/4, 4) (|result| < 2)", F_LG2, R_LOG, -2, 2, 1.0, 0x1p-22},
    {"LG2", "[2^-149, 2^128)", F_LG2, R_LOG, -149, 128, 1.0, 0},
    {"POW", "x in [2^-8, 2^8), y in [-16, 16]", F_POW, R_POW, -8, 8, 1.0, 0},
    {"RCP", "[1, 2) (spec range)", F_RCP, R_LINEAR, 1, 2, 0.5, 0x1p-22},
    {"RCP", "[2^-126, 2^126)", F_RCP, R_LOG, -126, 126, 0.5, 0},
    {"RSQ", "[1, 4) (spec range)", F_RSQ, R_LINEAR, 1, 4, 1.5, 0x1p-22},
    {"RSQ", "[2^-149, 2^128)", F_RSQ, R_LOG, -149, 128, 1.5, 0},
};

static void check_row(const row *r)
{
    rng_state = 0x6e766770u + (uint64_t)(r - rows);
    mpfr_t exact;
    mpfr_init2(exact, 256);
    double worst = 0, worst_libm = 0, worst_abs = 0;
    float worst_x = 0;
    for (int s = 0; s < SAMPLES; s += LANES) {
        float x[LANES], y[LANES], out[LANES];
        for (int l = 0; l < LANES; l++) {
            switch (r->kind) {
            case R_LINEAR:
                x[l] = (float)uniform(r->lo, r->hi);
                break;
            case R_LOG:
                x[l] = log_uniform((int)r->lo, (int)r->hi);
                break;
            case R_POW:
                x[l] = log_uniform((int)r->lo, (int)r->hi);
                break;
            }
            y[l] = r->kind == R_POW ? (float)uniform(-16, 16) : 0.0f;
        }
        warp(r->f, x, y, out);
        for (int l = 0; l < LANES; l++) {
            reference(r->f, x[l], y[l], exact);
            double u = ulp_error(out[l], exact, 24);
            if (u > worst) {
                worst = u;
                worst_x = x[l];
            }
            double ul = ulp_error(libm(r->f, x[l], y[l]), exact, 24);
            if (ul > worst_libm)
                worst_libm = ul;
            double a = abs_error(out[l], exact);
            if (a > worst_abs)
                worst_abs = a;
        }
    }
    mpfr_clear(exact);
    char abs_text[96] = "";
    if (r->max_abs)
        snprintf(abs_text, sizeof abs_text, ", max abs error %.3g %s", worst_abs,
                 worst_abs < r->max_abs ? "(< 2^-22, the spec's bound)" : "(OVER the spec's bound)");
    printf("vmath: %-3s %-34s max %.3f ulp (libm per lane %.3f ulp)%s [worst at x = %.9g]\n",
           r->name, r->range, worst, worst_libm, abs_text, (double)worst_x);
    assert_true(worst <= r->max_ulp);
    if (r->max_abs)
        assert_true(worst_abs < r->max_abs);
}

static void test_accuracy(void **state)
{
    (void)state;
    printf("vmath: implementation %s, %d samples per row\n", exec_vmath_name(), SAMPLES);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        check_row(&rows[i]);
}

/* The 64-bit forms: division and square root correctly rounded, DRSQ two
 * roundings (below 1.5 ulp, as RSQ). */
static void test_double(void **state)
{
    (void)state;
    rng_state = 64;
    mpfr_t exact, a;
    mpfr_inits2(256, exact, a, (mpfr_ptr)0);
    double worst[3] = {0, 0, 0};
    for (int s = 0; s < SAMPLES; s += LANES) {
        double x[LANES], out[3][LANES];
        for (int l = 0; l < LANES; l++)
            x[l] = exp2(uniform(-1000, 1000)) * (1 + uniform(0, 1) * 0x1p-30);
        exec_vdrcp(out[0], x);
        exec_vdsqrt(out[1], x);
        exec_vdrsq(out[2], x);
        for (int l = 0; l < LANES; l++) {
            mpfr_set_d(a, x[l], MPFR_RNDN);
            mpfr_ui_div(exact, 1, a, MPFR_RNDN);
            worst[0] = fmax(worst[0], ulp_error(out[0][l], exact, 53));
            mpfr_sqrt(exact, a, MPFR_RNDN);
            worst[1] = fmax(worst[1], ulp_error(out[1][l], exact, 53));
            mpfr_rec_sqrt(exact, a, MPFR_RNDN);
            worst[2] = fmax(worst[2], ulp_error(out[2][l], exact, 53));
        }
    }
    mpfr_clears(exact, a, (mpfr_ptr)0);
    printf("vmath: DRCP max %.3f ulp, DSQRT max %.3f ulp, DRSQ max %.3f ulp (binary64, [2^-1000, 2^1000))\n",
           worst[0], worst[1], worst[2]);
    assert_true(worst[0] <= 0.5);
    assert_true(worst[1] <= 0.5);
    assert_true(worst[2] < 1.5);
}

/* EXP's and LOG's 2^floor(x): exact powers of two, from 2^-149 up; 0 below,
 * inf above 2^127; NaN stays NaN. */
static void test_ex2_integral(void **state)
{
    (void)state;
    float x[LANES], out[LANES];
    for (int base = -160; base < 140; base += LANES) {
        for (int l = 0; l < LANES; l++)
            x[l] = (float)(base + l);
        exec_vex2_integral(out, x);
        for (int l = 0; l < LANES; l++) {
            int n = base + l;
            float want = n < -149 ? 0.0f : n > 127 ? INFINITY : ldexpf(1.0f, n);
            assert_true(memcmp(&out[l], &want, sizeof want) == 0);
        }
    }
    for (int l = 0; l < LANES; l++)
        x[l] = l % 3 == 0 ? NAN : l % 3 == 1 ? -INFINITY : INFINITY;
    exec_vex2_integral(out, x);
    for (int l = 0; l < LANES; l++) {
        if (l % 3 == 0)
            assert_true(isnan(out[l]));
        else
            assert_true(out[l] == (l % 3 == 1 ? 0.0f : INFINITY));
    }
}

/* Every implementation this CPU runs (portable C, AVX2, AVX-512) gives the
 * bits of the one in use, special values included: a program's results do
 * not depend on the host. */
static void test_same_bits_everywhere(void **state)
{
    (void)state;
    static const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f,
                                     1.17549435e-38f, 3.4028235e38f, -3.4028235e38f, 1.0f,
                                     -1.0f, 0.5f, 2.0f, 88.7f, -103.9f, 128.0f, -150.0f,
                                     1e7f, -1e7f, 1e30f, 6.28318548f, 3.14159274f, 1.57079637f,
                                     -2.5f, 10.5f, 1e-3f, 0.999999f, 1.000001f, 65536.0f,
                                     -0.75f, 126.9f};
    const exec_vmath_isa isas[] = {EXEC_VMATH_PORTABLE, EXEC_VMATH_AVX2, EXEC_VMATH_AVX512};
    rng_state = 99;
    float x[4][LANES], y[4][LANES];
    memcpy(x[0], specials, sizeof x[0]);
    for (int l = 0; l < LANES; l++)
        y[0][l] = specials[(l * 7 + 3) % LANES];
    for (int k = 1; k < 4; k++)
        for (int l = 0; l < LANES; l++) {
            uint32_t b = (uint32_t)rng(), c = (uint32_t)rng();
            memcpy(&x[k][l], &b, 4);
            memcpy(&y[k][l], &c, 4);
            if (k == 2)
                x[k][l] = (float)uniform(-100, 100), y[k][l] = (float)uniform(-10, 10);
        }
    float want[4][8][LANES];
    exec_vmath_select(EXEC_VMATH_BEST);
    for (int k = 0; k < 4; k++) {
        exec_vsin(want[k][0], x[k]);
        exec_vcos(want[k][1], x[k]);
        exec_vex2(want[k][2], x[k]);
        exec_vlg2(want[k][3], x[k]);
        exec_vpow(want[k][4], x[k], y[k]);
        exec_vrcp(want[k][6], x[k]);
        exec_vrsq(want[k][7], x[k]);
        float c[LANES];
        exec_vsincos(want[k][5], c, x[k]);
        assert_memory_equal(want[k][5], want[k][0], sizeof c);   /* SCS's sin = SIN */
        assert_memory_equal(c, want[k][1], sizeof c);            /* SCS's cos = COS */
    }
    int tried = 0;
    for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
        if (!exec_vmath_select(isas[i]))
            continue;
        tried++;
        for (int k = 0; k < 4; k++) {
            float got[8][LANES];
            exec_vsin(got[0], x[k]);
            exec_vcos(got[1], x[k]);
            exec_vex2(got[2], x[k]);
            exec_vlg2(got[3], x[k]);
            exec_vpow(got[4], x[k], y[k]);
            memcpy(got[5], want[k][5], sizeof got[5]);
            exec_vrcp(got[6], x[k]);
            exec_vrsq(got[7], x[k]);
            for (int f = 0; f < 8; f++)
                for (int l = 0; l < LANES; l++)
                    if (memcmp(&got[f][l], &want[k][f][l], 4)) {
                        /* NaN results: any NaN is the same result */
                        if (isnan(got[f][l]) && isnan(want[k][f][l]))
                            continue;
                        fail_msg("%s: function %d lane %d of set %d: %a, best gives %a",
                                 exec_vmath_name(), f, l, k, (double)got[f][l],
                                 (double)want[k][f][l]);
                    }
        }
        printf("vmath: %s gives the same results as the best implementation\n", exec_vmath_name());
    }
    exec_vmath_select(EXEC_VMATH_BEST);
    assert_true(tried >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accuracy),
        cmocka_unit_test(test_double),
        cmocka_unit_test(test_ex2_integral),
        cmocka_unit_test(test_same_bits_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
