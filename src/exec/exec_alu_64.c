/* 64-bit ALU opcodes: the double ISA and the 64-bit integer ISA.  A 64-bit
 * value is the register pair xy or zw (low word in x / z); 32-bit results
 * of comparisons go to x and z, of narrowing conversions to x and y, and
 * widening conversions read x and y (tgsi.rst).
 *
 * Defined where tgsi.rst is silent, as for 32 bits: I64DIV by 0 gives 0,
 * I64MOD by 0 gives -1, U64DIV/U64MOD by 0 give ~0, INT64_MIN / -1 gives
 * INT64_MIN; float/double to integer conversions truncate, saturate and map
 * NaN to 0. */
#include "exec/exec_internal.h"
#include "exec/exec_vmath.h"

#include <math.h>
#include <string.h>

static inline bool pair_on(const exec_insn *in, unsigned p)
{
    return (in->dst[0].writemask >> (2 * p)) & 3;
}

static int64_t d2i64(double x)
{
    if (x != x)
        return 0;
    if (x >= 9223372036854775808.0)
        return INT64_MAX;
    if (x <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)x;
}

static uint64_t d2u64(double x)
{
    if (!(x > -1.0))
        return 0;
    if (x >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)x;
}

static int32_t d2i32(double x)
{
    if (x != x)
        return 0;
    if (x >= 2147483648.0)
        return INT32_MAX;
    if (x <= -2147483649.0)
        return INT32_MIN;
    return (int32_t)x;
}

static uint32_t d2u32(double x)
{
    if (!(x > -1.0))
        return 0;
    if (x >= 4294967296.0)
        return UINT32_MAX;
    return (uint32_t)x;
}

static inline double dsign(double x)
{
    return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : 0.0;
}

static inline int64_t idiv64(int64_t x, int64_t y)
{
    if (y == 0)
        return 0;
    if (x == INT64_MIN && y == -1)
        return INT64_MIN;
    return x / y;
}

static inline int64_t imod64(int64_t x, int64_t y)
{
    if (y == 0)
        return -1;
    if (y == -1)
        return 0;
    return x % y;
}

static inline uint64_t ashr64(uint64_t x, unsigned n)
{
    n &= 63;
    uint64_t r = x >> n;
    if ((x >> 63) && n)
        r |= ~(UINT64_MAX >> n);
    return r;
}

/* 64 -> 64, vars: u (bits), x (double), s (int64). */
#define P1(NAME, SD, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } }, a[LANES];                              \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, SD);                          \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint64_t u = a[l];                                               \
                double x = u2d_bits(u);                                          \
                int64_t s = (int64_t)u;                                          \
                (void)x;                                                         \
                (void)s;                                                         \
                r[p][l] = (EXPR);                                                \
            }                                                                    \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

/* Double -> double for the whole warp by one call of a warp-wide function
 * (exec_vmath.h) instead of libm per lane. */
#define P1V(NAME, VFN)                                                           \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } }, a[LANES];                              \
        double x[LANES], y[LANES];                                               \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, true);                        \
            memcpy(x, a, sizeof x);                                              \
            VFN(y, x);                                                           \
            memcpy(r[p], y, sizeof y);                                           \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

/* 64,64 -> 64, vars: u v, x y, s t. */
#define P2(NAME, SD, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } }, a[LANES], b[LANES];                    \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, SD);                          \
            exec_fetch64(w, &in->src[1], 2 * p, b, SD);                          \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint64_t u = a[l], v = b[l];                                     \
                double x = u2d_bits(u), y = u2d_bits(v);                         \
                int64_t s = (int64_t)u, t = (int64_t)v;                          \
                (void)x;                                                         \
                (void)y;                                                         \
                (void)s;                                                         \
                (void)t;                                                         \
                r[p][l] = (EXPR);                                                \
            }                                                                    \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

#define P3(NAME, EXPR)                                                           \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } }, a[LANES], b[LANES], d[LANES];          \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, true);                        \
            exec_fetch64(w, &in->src[1], 2 * p, b, true);                        \
            exec_fetch64(w, &in->src[2], 2 * p, d, true);                        \
            for (unsigned l = 0; l < LANES; l++) {                               \
                double x = u2d_bits(a[l]), y = u2d_bits(b[l]), z = u2d_bits(d[l]); \
                r[p][l] = d2u_bits(EXPR);                                        \
            }                                                                    \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

/* 64,64 -> 32-bit boolean in x (pair 0) and z (pair 1). */
#define C2(NAME, SD, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        uint64_t a[LANES], b[LANES];                                             \
        memset(&r, 0, sizeof r);                                                 \
        for (unsigned p = 0; p < 2; p++) {                                       \
            exec_fetch64(w, &in->src[0], 2 * p, a, SD);                          \
            exec_fetch64(w, &in->src[1], 2 * p, b, SD);                          \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint64_t u = a[l], v = b[l];                                     \
                double x = u2d_bits(u), y = u2d_bits(v);                         \
                int64_t s = (int64_t)u, t = (int64_t)v;                          \
                (void)x;                                                         \
                (void)y;                                                         \
                (void)s;                                                         \
                (void)t;                                                         \
                r.c[2 * p].u[l] = (EXPR) ? ~0u : 0u;                             \
            }                                                                    \
        }                                                                        \
        exec_insn tmp = *in;                                                     \
        tmp.dst[0].writemask &= 0x5;                                             \
        exec_store(w, &tmp, 0, &r, w->exec);                                     \
    }

/* 64 -> 32 bits into x (pair 0) and y (pair 1). */
#define N1(NAME, SD, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        uint64_t a[LANES];                                                       \
        memset(&r, 0, sizeof r);                                                 \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!DST_ENABLED(p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, SD);                          \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint64_t u = a[l];                                               \
                double x = u2d_bits(u);                                          \
                int64_t s = (int64_t)u;                                          \
                (void)x;                                                         \
                (void)s;                                                         \
                r.c[p].u[l] = (EXPR);                                            \
            }                                                                    \
        }                                                                        \
        exec_insn tmp = *in;                                                     \
        tmp.dst[0].writemask &= 0x3;                                             \
        exec_store(w, &tmp, 0, &r, w->exec);                                     \
    }

/* 32 (x for pair 0, y for pair 1) -> 64; vars: a (uint32), ai, af. */
#define W1(NAME, EXPR)                                                           \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } };                                        \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_chan t;                                                         \
            const exec_chan *s = SRC(0, p, &t);                                  \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint32_t a = s->u[l];                                            \
                int32_t ai = s->i[l];                                            \
                float af = s->f[l];                                              \
                (void)a;                                                         \
                (void)ai;                                                        \
                (void)af;                                                        \
                r[p][l] = (EXPR);                                                \
            }                                                                    \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

/* 64 with a 32-bit second operand from component CSEL(p); vars u x s n. */
#define S2(NAME, SD, CSEL, EXPR)                                                 \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        uint64_t r[2][LANES] = { { 0 } }, a[LANES];                              \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!pair_on(in, p))                                                 \
                continue;                                                        \
            exec_fetch64(w, &in->src[0], 2 * p, a, SD);                          \
            exec_chan t;                                                         \
            const exec_chan *b = SRC(1, (CSEL), &t);                             \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint64_t u = a[l];                                               \
                double x = u2d_bits(u);                                          \
                int32_t n = b->i[l];                                             \
                (void)x;                                                         \
                (void)n;                                                         \
                r[p][l] = (EXPR);                                                \
            }                                                                    \
        }                                                                        \
        exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);            \
    }

/* ---- double ---------------------------------------------------------------- */

P1(DABS, true, u & ~(1ull << 63))
P1(DNEG, true, u ^ (1ull << 63))
P1(DFRAC, true, d2u_bits(x - floor(x)))
P1(DTRUNC, true, d2u_bits(trunc(x)))
P1(DCEIL, true, d2u_bits(ceil(x)))
P1(DFLR, true, d2u_bits(floor(x)))
P1(DROUND, true, d2u_bits(nearbyint(x)))
P1(DSSG, true, d2u_bits(dsign(x)))
P1V(DRCP, exec_vdrcp)
P1V(DSQRT, exec_vdsqrt)
P1V(DRSQ, exec_vdrsq)
P2(DADD, true, d2u_bits(x + y))
P2(DMUL, true, d2u_bits(x * y))
P2(DDIV, true, d2u_bits(x / y))
P2(DMIN, true, d2u_bits(fmin(x, y)))
P2(DMAX, true, d2u_bits(fmax(x, y)))
P3(DMAD, x * y + z)
P3(DFMA, fma(x, y, z))
C2(DSEQ, true, x == y)
C2(DSNE, true, x != y)
C2(DSLT, true, x < y)
C2(DSGE, true, x >= y)
N1(D2F, true, f2u_bits((float)x))
N1(D2I, true, (uint32_t)d2i32(x))
N1(D2U, true, d2u32(x))
W1(F2D, d2u_bits((double)af))
W1(I2D, d2u_bits((double)ai))
W1(U2D, d2u_bits((double)a))
S2(DLDEXP, true, 2 * p, d2u_bits(ldexp(x, n)))

/* DFRACEXP (legacy): dst0 = mantissa in [0.5, 1), dst1.x / dst1.y (for
 * the xy / zw pair) = exponent, as frexp. */
void exec_op_DFRACEXP(exec_warp *w, const exec_insn *in)
{
    uint64_t r[2][LANES] = { { 0 } }, a[LANES];
    exec_reg e;
    memset(&e, 0, sizeof e);
    for (unsigned p = 0; p < 2; p++) {
        exec_fetch64(w, &in->src[0], 2 * p, a, true);
        for (unsigned l = 0; l < LANES; l++) {
            int ex = 0;
            double mant = isfinite(u2d_bits(a[l])) ? frexp(u2d_bits(a[l]), &ex) : u2d_bits(a[l]);
            r[p][l] = d2u_bits(mant);
            e.c[p].i[l] = ex;
        }
    }
    exec_store64(w, in, 0, (const uint64_t(*)[LANES])r, w->exec);
    exec_insn tmp = *in;
    tmp.dst[1].writemask &= 0x3;
    exec_store(w, &tmp, 1, &e, w->exec);
}

/* ---- 64-bit integer ---------------------------------------------------------- */

P1(I64ABS, false, s < 0 ? 0 - u : u)
P1(I64NEG, false, 0 - u)
P1(I64SSG, false, s < 0 ? UINT64_MAX : s > 0 ? 1u : 0u)
P2(U64ADD, false, u + v)
P2(U64MUL, false, u * v)
P2(I64MIN, false, s < t ? u : v)
P2(U64MIN, false, u < v ? u : v)
P2(I64MAX, false, s > t ? u : v)
P2(U64MAX, false, u > v ? u : v)
P2(I64DIV, false, (uint64_t)idiv64(s, t))
P2(U64DIV, false, v ? u / v : UINT64_MAX)
P2(U64MOD, false, v ? u % v : UINT64_MAX)
P2(I64MOD, false, (uint64_t)imod64(s, t))
C2(U64SEQ, false, u == v)
C2(U64SNE, false, u != v)
C2(U64SLT, false, u < v)
C2(U64SGE, false, u >= v)
C2(I64SLT, false, s < t)
C2(I64SGE, false, s >= t)
S2(U64SHL, false, p, u << (n & 63))
S2(I64SHR, false, p, ashr64(u, (unsigned)n))
S2(U64SHR, false, p, u >> (n & 63))
W1(F2U64, d2u64((double)af))
W1(F2I64, (uint64_t)d2i64((double)af))
W1(U2I64, (uint64_t)a)
W1(I2I64, (uint64_t)(int64_t)ai)
P1(D2U64, true, d2u64(x))
P1(D2I64, true, (uint64_t)d2i64(x))
N1(U642F, false, f2u_bits((float)u))
N1(I642F, false, f2u_bits((float)s))
P1(U642D, false, d2u_bits((double)u))
P1(I642D, false, d2u_bits((double)s))
