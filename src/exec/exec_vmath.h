/* Transcendental and reciprocal functions for a whole 32-lane warp per call:
 * out[l] = f(in[l]) for l < EXEC_VMATH_LANES.  The executor's SIN, COS, SCS,
 * EX2, LG2, POW, EXP, LOG, RCP, RSQ and the 64-bit DRCP, DSQRT, DRSQ call
 * these instead of libm once per lane (LIT's power too).
 *
 * With SLEEF (libsleef) the float functions are SLEEF's fused-multiply-add
 * forms ("finz_"): EX2, LG2 and POW at its 1-ulp bound ("u10"), SIN and COS
 * at its 3.5-ulp bound ("u35": twice as fast, still far inside the specs'
 * 2^-22 absolute bound; spec decision Executor 14), whose results SLEEF makes the same bits
 * on every instruction set: AVX-512F 16 lanes at a time, AVX2 8 at a time,
 * or portable C with fmaf, chosen once by CPU detection.  So a program gives
 * the same results on every x86-64 host.  Without SLEEF they fall back to
 * libm per lane.  docs/precision.md gives the accuracy measured against MPFR
 * (tests/vmath).  RCP, RSQ and the 64-bit forms are IEEE division and square
 * root (correctly rounded steps): the same bits from every implementation.
 *
 * Arrays may be unaligned; out may not overlap the inputs. */
#ifndef NVGP_EXEC_VMATH_H
#define NVGP_EXEC_VMATH_H

#include <stdbool.h>
#include <stdint.h>

#define EXEC_VMATH_LANES 32

void exec_vsin(float *restrict out, const float *restrict in);
void exec_vcos(float *restrict out, const float *restrict in);
void exec_vsincos(float *restrict s, float *restrict c, const float *restrict in);
void exec_vex2(float *restrict out, const float *restrict in);
void exec_vlg2(float *restrict out, const float *restrict in);
void exec_vpow(float *restrict out, const float *restrict a, const float *restrict b);
/* 1 / x and 1 / sqrt(x), each step correctly rounded. */
void exec_vrcp(float *restrict out, const float *restrict in);
void exec_vrsq(float *restrict out, const float *restrict in);
/* 2^n exactly for integral n (a floor result): 0 below 2^-149, inf above
 * 2^127, NaN for NaN. */
void exec_vex2_integral(float *restrict out, const float *restrict in);

void exec_vdrcp(double *restrict out, const double *restrict in);
void exec_vdsqrt(double *restrict out, const double *restrict in);
void exec_vdrsq(double *restrict out, const double *restrict in);

/* The float functions of one implementation (exec_vmath_isa.h makes them
 * for an instruction set). */
typedef struct exec_vmath_ops {
    const char *name;
    void (*sin)(float *restrict out, const float *restrict in);
    void (*cos)(float *restrict out, const float *restrict in);
    void (*ex2)(float *restrict out, const float *restrict in);
    void (*lg2)(float *restrict out, const float *restrict in);
    void (*pow)(float *restrict out, const float *restrict a, const float *restrict b);
    void (*rcp)(float *restrict out, const float *restrict in);
    void (*rsq)(float *restrict out, const float *restrict in);
} exec_vmath_ops;

/* The float implementations selectable for tests: EXEC_VMATH_BEST is what
 * the CPU allows; the others are used when the CPU has them (a test checks
 * they agree bit for bit). */
typedef enum exec_vmath_isa {
    EXEC_VMATH_BEST,
    EXEC_VMATH_PORTABLE,   /* SLEEF's portable C (or libm without SLEEF) */
    EXEC_VMATH_AVX2,
    EXEC_VMATH_AVX512
} exec_vmath_isa;

/* Selects the implementation for this process (tests only: not thread
 * safe against running machines).  Returns false, changing nothing, when
 * this build or CPU lacks it. */
bool exec_vmath_select(exec_vmath_isa isa);
/* The implementation in use: "avx512f", "avx2", "portable" or "libm". */
const char *exec_vmath_name(void);

/* When the implementation in use is the AVX-512 one: the addresses of its
 * 16-lane SLEEF functions (taking and returning a 512-bit vector of
 * floats in a register, two for POW), which the JIT calls straight from
 * compiled code; else NULL.  They are the functions the warp-wide routines
 * call, so their bits are the interpreter's (and every implementation's:
 * tests/vmath). */
typedef void (*exec_vmath_fn16)(void);   /* (called through the right type) */
typedef struct exec_vmath_direct16 {
    exec_vmath_fn16 sin, cos, ex2, lg2, pow;
} exec_vmath_direct16;
const exec_vmath_direct16 *exec_vmath_direct(void);

#endif
