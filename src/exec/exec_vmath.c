/* Warp-wide transcendental functions (exec_vmath.h): the choice of
 * implementation by CPU, SLEEF's portable form (or libm without SLEEF), and
 * the correctly rounded reciprocal and square-root forms.
 *
 * This file is compiled with -fno-math-errno (CMakeLists.txt): sqrt and
 * division then become vector instructions with the same IEEE results, not
 * a libm call per lane kept for errno. */
#include "exec/exec_vmath.h"

#include <math.h>
#include <string.h>

#define N EXEC_VMATH_LANES

static void p_rcp(float *restrict out, const float *restrict in)
{
    for (unsigned l = 0; l < N; l++)
        out[l] = 1.0f / in[l];
}

static void p_rsq(float *restrict out, const float *restrict in)
{
    for (unsigned l = 0; l < N; l++)
        out[l] = 1.0f / sqrtf(in[l]);
}

/* The portable forms, one lane at a time: PORTABLE_OPS(table, name, sin,
 * cos, exp2, log2, pow) defines a table from scalar functions. */
#define PORTABLE_OPS(T, NAME, SIN1, COS1, EX21, LG21, POW1)                      \
    static void T##_sin(float *restrict out, const float *restrict in)           \
    {                                                                            \
        for (unsigned l = 0; l < N; l++)                                         \
            out[l] = SIN1(in[l]);                                                \
    }                                                                            \
    static void T##_cos(float *restrict out, const float *restrict in)           \
    {                                                                            \
        for (unsigned l = 0; l < N; l++)                                         \
            out[l] = COS1(in[l]);                                                \
    }                                                                            \
    static void T##_ex2(float *restrict out, const float *restrict in)           \
    {                                                                            \
        for (unsigned l = 0; l < N; l++)                                         \
            out[l] = EX21(in[l]);                                                \
    }                                                                            \
    static void T##_lg2(float *restrict out, const float *restrict in)           \
    {                                                                            \
        for (unsigned l = 0; l < N; l++)                                         \
            out[l] = LG21(in[l]);                                                \
    }                                                                            \
    static void T##_pow(float *restrict out, const float *restrict a,            \
                        const float *restrict b)                                 \
    {                                                                            \
        for (unsigned l = 0; l < N; l++)                                         \
            out[l] = POW1(a[l], b[l]);                                           \
    }                                                                            \
    static const exec_vmath_ops T = {NAME,     T##_sin, T##_cos, T##_ex2,          \
                                     T##_lg2,  T##_pow, p_rcp,   p_rsq};

#ifdef NVGP_HAVE_SLEEF
#include <sleef.h>
#ifndef FP_FAST_FMA
/* sleef.h declares its FMA forms only to code compiled for FMA; this file is
 * not (it runs on every CPU), and calls them only on a CPU that has FMA. */
float Sleef_finz_sinf1_u35purecfma(float);
float Sleef_finz_cosf1_u35purecfma(float);
float Sleef_finz_exp2f1_u10purecfma(float);
float Sleef_finz_log2f1_u10purecfma(float);
float Sleef_finz_powf1_u10purecfma(float, float);
#endif
/* With FMA: the bits of the AVX2 and AVX-512 forms (SLEEF's finz_
 * functions are deterministic across instruction sets); SIN and COS at the
 * 3.5-ulp bound as there (exec_vmath.h). */
PORTABLE_OPS(portable, "portable", Sleef_finz_sinf1_u35purecfma, Sleef_finz_cosf1_u35purecfma,
             Sleef_finz_exp2f1_u10purecfma, Sleef_finz_log2f1_u10purecfma,
             Sleef_finz_powf1_u10purecfma)
/* Without FMA (x86-64 CPUs before 2013): SLEEF's non-FMA forms, the same
 * bounds, possibly another last bit. */
PORTABLE_OPS(portable_nofma, "portable-nofma", Sleef_cinz_sinf1_u35purec,
             Sleef_cinz_cosf1_u35purec, Sleef_cinz_exp2f1_u10purec, Sleef_cinz_log2f1_u10purec,
             Sleef_cinz_powf1_u10purec)
#else
PORTABLE_OPS(portable, "libm", sinf, cosf, exp2f, log2f, powf)
#endif

#if defined(NVGP_HAVE_SLEEF) && defined(NVGP_VMATH_X86)
extern const exec_vmath_ops exec_vmath_avx512, exec_vmath_avx2;
extern const exec_vmath_direct16 exec_vmath_avx512_direct;
#define VMATH_DIRECT (&exec_vmath_avx512_direct)

static bool cpu_has(exec_vmath_isa isa)
{
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("fma"))
        return false;
    if (isa == EXEC_VMATH_AVX512)
        return __builtin_cpu_supports("avx512f");
    if (isa == EXEC_VMATH_AVX2)
        return __builtin_cpu_supports("avx2");
    return true;
}

static const exec_vmath_ops *ops_for(exec_vmath_isa isa)
{
    switch (isa) {
    case EXEC_VMATH_AVX512:
        return cpu_has(isa) ? &exec_vmath_avx512 : NULL;
    case EXEC_VMATH_AVX2:
        return cpu_has(isa) ? &exec_vmath_avx2 : NULL;
    case EXEC_VMATH_PORTABLE:
        return cpu_has(isa) ? &portable : &portable_nofma;
    case EXEC_VMATH_BEST:
        break;
    }
    return cpu_has(EXEC_VMATH_AVX512) ? &exec_vmath_avx512
           : cpu_has(EXEC_VMATH_AVX2) ? &exec_vmath_avx2
           : cpu_has(EXEC_VMATH_PORTABLE) ? &portable
                                          : &portable_nofma;
}
#elif defined(NVGP_HAVE_SLEEF) && !defined(__aarch64__)
/* Elsewhere without knowing whether the CPU has FMA: the non-FMA forms
 * (AArch64 always has it). */
static const exec_vmath_ops *ops_for(exec_vmath_isa isa)
{
    (void)portable;
    return isa == EXEC_VMATH_BEST || isa == EXEC_VMATH_PORTABLE ? &portable_nofma : NULL;
}
#else
static const exec_vmath_ops *ops_for(exec_vmath_isa isa)
{
    return isa == EXEC_VMATH_BEST || isa == EXEC_VMATH_PORTABLE ? &portable : NULL;
}
#endif

/* Chosen on first use.  Every thread that races here stores the same
 * pointer (the CPU does not change), and the selection is an atomic
 * pointer store on the hosts this builds for. */
static _Atomic(const exec_vmath_ops *) current;

static const exec_vmath_ops *ops(void)
{
    const exec_vmath_ops *o = current;
    if (!o) {
        o = ops_for(EXEC_VMATH_BEST);
        current = o;
    }
    return o;
}

bool exec_vmath_select(exec_vmath_isa isa)
{
    const exec_vmath_ops *o = ops_for(isa);
    if (o)
        current = o;
    return o != NULL;
}

const char *exec_vmath_name(void)
{
    return ops()->name;
}

const exec_vmath_direct16 *exec_vmath_direct(void)
{
#ifdef VMATH_DIRECT
    return ops() == &exec_vmath_avx512 ? VMATH_DIRECT : NULL;
#else
    return NULL;
#endif
}

void exec_vsin(float *restrict out, const float *restrict in) { ops()->sin(out, in); }
void exec_vcos(float *restrict out, const float *restrict in) { ops()->cos(out, in); }
void exec_vex2(float *restrict out, const float *restrict in) { ops()->ex2(out, in); }
void exec_vlg2(float *restrict out, const float *restrict in) { ops()->lg2(out, in); }

/* Two calls, not SLEEF's sincos: its results need not be the bits of its
 * sin and cos, and SCS must agree with SIN and COS. */
void exec_vsincos(float *restrict s, float *restrict c, const float *restrict in)
{
    const exec_vmath_ops *o = ops();
    o->sin(s, in);
    o->cos(c, in);
}

void exec_vpow(float *restrict out, const float *restrict a, const float *restrict b)
{
    ops()->pow(out, a, b);
}

void exec_vrcp(float *restrict out, const float *restrict in) { ops()->rcp(out, in); }
void exec_vrsq(float *restrict out, const float *restrict in) { ops()->rsq(out, in); }

/* 2^n built from its bits: n + 127 in the exponent field for normal
 * results, a single mantissa bit for subnormal ones.  Integer selects keep
 * the loop branch-free. */
void exec_vex2_integral(float *restrict out, const float *restrict in)
{
    for (unsigned l = 0; l < N; l++) {
        float x = in[l];
        float c = x >= -150.0f ? (x <= 128.0f ? x : 128.0f) : -150.0f; /* NaN: -150 */
        int32_t n = (int32_t)c;
        uint32_t xbits;
        memcpy(&xbits, &x, sizeof xbits);
        uint32_t normal = (uint32_t)(n + 127) << 23;
        uint32_t sub = n >= -149 && n < -126 ? 1u << ((n + 149) & 31) : 0u;
        uint32_t bits = n > 127 ? 0x7f800000u : n >= -126 ? normal : sub;
        bits = x != x ? xbits | 0x00400000u : bits; /* NaN quieted, as libm */
        memcpy(&out[l], &bits, sizeof bits);
    }
}

void exec_vdrcp(double *restrict out, const double *restrict in)
{
    for (unsigned l = 0; l < N; l++)
        out[l] = 1.0 / in[l];
}

void exec_vdsqrt(double *restrict out, const double *restrict in)
{
    for (unsigned l = 0; l < N; l++)
        out[l] = sqrt(in[l]);
}

void exec_vdrsq(double *restrict out, const double *restrict in)
{
    for (unsigned l = 0; l < N; l++)
        out[l] = 1.0 / sqrt(in[l]);
}
