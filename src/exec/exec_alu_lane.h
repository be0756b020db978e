/* One lane of the ALU opcodes whose expressions are more than an operator:
 * rounding to integral values, sign, float <-> integer conversions, the
 * arithmetic shift and the integer divisions.  The reference handlers
 * (exec_alu_float.c, exec_alu_int.c) and the fast engine's kernels
 * (exec_fast_kern.h, compiled once per instruction set) both call these,
 * so the two engines evaluate the very same expression for each lane.
 *
 * Where tgsi.rst leaves a result undefined nvgp still defines it (and never
 * runs into C undefined behaviour): conversions to integers saturate and
 * map NaN to 0; IDIV by 0 gives 0, MOD by 0 gives -1 (as UDIV/UMOD give
 * ~0), INT_MIN / -1 gives INT_MIN and INT_MIN MOD -1 gives 0. */
#ifndef NVGP_EXEC_EXEC_ALU_LANE_H
#define NVGP_EXEC_EXEC_ALU_LANE_H

#include "base/bits.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* Rounding to an integral value without libm calls, so the lane loops
 * vectorise (a call per lane dominated FLR/FRC).  Each gives the same bits
 * as floorf, ceilf, truncf and nearbyintf (round to nearest even).
 *
 * |x| below 2^23 is rounded to the nearest even integer by adding and
 * removing 2^23, then stepped by 1 toward the wanted direction; copysignf
 * keeps the sign of zero results (floor(-0) = -0, ceil(-0.5) = -0).  A
 * float of magnitude 2^23 or more (or inf, NaN) is already integral and is
 * returned as is (a NaN quieted, as libm does).  Choices are made with
 * integer masks, not ?: on floats: GCC moves float arithmetic into the arms
 * of a ?:, which then cannot become vector selects (FP operations may
 * trap), and the loop is left scalar. */
#define EXEC_FLOAT_INTEGRAL 8388608.0f /* 2^23 */
static inline uint32_t exec_lane_mask(bool c) /* all ones when c */
{
    return 0u - (uint32_t)c;
}
static inline uint32_t exec_small_mask(float x) /* |x| < 2^23 */
{
    return exec_lane_mask((f2u_bits(x) & 0x7fffffffu) < 0x4b000000u);
}
static inline float exec_one_if(bool c)
{
    return u2f_bits(0x3f800000u & exec_lane_mask(c));
}
/* |x| rounded to nearest even when |x| < 2^23, else 0 */
static inline float exec_abs_rne(float x)
{
    return (u2f_bits(f2u_bits(x) & 0x7fffffffu & exec_small_mask(x)) + EXEC_FLOAT_INTEGRAL) -
           EXEC_FLOAT_INTEGRAL;
}
/* small_result (given x's sign) when |x| < 2^23, else x (quieted) */
static inline float exec_fintegral(float x, float small_result)
{
    uint32_t u = f2u_bits(x), small = exec_small_mask(x);
    uint32_t nan = exec_lane_mask((u & 0x7fffffffu) > 0x7f800000u);
    return u2f_bits((f2u_bits(copysignf(small_result, x)) & small) |
                    ((u | (0x00400000u & nan)) & ~small));
}
static inline float exec_ftrunc(float x)
{
    float r = exec_abs_rne(x);
    return exec_fintegral(x, r - exec_one_if(r > fabsf(x)));
}
static inline float exec_ffloor(float x)
{
    float r = copysignf(exec_abs_rne(x), x);
    return exec_fintegral(x, r - exec_one_if(r > x));
}
static inline float exec_fceil(float x)
{
    float r = copysignf(exec_abs_rne(x), x);
    return exec_fintegral(x, r + exec_one_if(r < x));
}
/* to nearest, ties to even (ROUND, ARR) */
static inline float exec_fround(float x)
{
    return exec_fintegral(x, exec_abs_rne(x));
}

/* SSG: NaN fails both tests and gives +0, as does -0 */
static inline float exec_fsign(float x)
{
    return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
}

/* F2I, F2U (and ARL, ARR after their rounding): saturating, NaN to 0 */
static inline int32_t exec_f2i(float x)
{
    if (x != x)
        return 0;
    if (x >= 2147483648.0f)
        return INT32_MAX;
    if (x <= -2147483648.0f)
        return INT32_MIN;
    return (int32_t)x;
}

static inline uint32_t exec_f2u(float x)
{
    if (!(x > -1.0f)) /* NaN, or <= -1: truncation toward zero gives 0 above -1 */
        return 0;
    if (x >= 4294967296.0f)
        return UINT32_MAX;
    return (uint32_t)x;
}

/* ---- integers -------------------------------------------------------------- */

static inline uint32_t exec_iabs(uint32_t x)
{
    return (int32_t)x < 0 ? 0u - x : x;
}

static inline uint32_t exec_issg(uint32_t x)
{
    return (int32_t)x < 0 ? 0xffffffffu : (int32_t)x > 0 ? 1u : 0u;
}

/* ISHR: the count's low 5 bits, the sign copied in */
static inline uint32_t exec_ashr(uint32_t x, uint32_t n)
{
    n &= 31;
    uint32_t r = x >> n;
    if ((x & 0x80000000u) && n)
        r |= ~(0xffffffffu >> n);
    return r;
}

static inline uint32_t exec_imul_hi(uint32_t x, uint32_t y)
{
    return (uint32_t)((uint64_t)((int64_t)(int32_t)x * (int64_t)(int32_t)y) >> 32);
}

static inline uint32_t exec_umul_hi(uint32_t x, uint32_t y)
{
    return (uint32_t)(((uint64_t)x * y) >> 32);
}

static inline int32_t exec_idiv(int32_t x, int32_t y)
{
    if (y == 0)
        return 0;
    if (x == INT32_MIN && y == -1)
        return INT32_MIN;
    return x / y;
}

static inline int32_t exec_imod(int32_t x, int32_t y)
{
    if (y == 0)
        return -1;
    if (y == -1)
        return 0;
    return x % y;
}

static inline uint32_t exec_udiv(uint32_t x, uint32_t y)
{
    return y ? x / y : 0xffffffffu;
}

static inline uint32_t exec_umod(uint32_t x, uint32_t y)
{
    return y ? x % y : 0xffffffffu;
}

#endif
