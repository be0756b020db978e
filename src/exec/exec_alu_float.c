/* Float32 ALU opcodes (core ISA, compute ISA float rows, float compares,
 * pack/unpack, and the legacy float opcodes).
 *
 * Arithmetic is the host's IEEE binary32 (round to nearest even, denormals
 * kept).  With LEGACY_MATH_RULES every float multiply, including those inside
 * MAD, FMA, DP*, DST, LRP, LIT, POW and XPD, returns 0 when an operand is 0.
 * Conversions to integers saturate and map NaN to 0 (tgsi.rst leaves them
 * undefined). */
#include "exec/exec_alu_lane.h"
#include "exec/exec_internal.h"
#include "exec/exec_vmath.h"

#include <math.h>

static inline float lmul(bool legacy, float a, float b)
{
    return legacy && (a == 0.0f || b == 0.0f) ? 0.0f : a * b;
}

static inline float lfma(bool legacy, float a, float b, float c)
{
    return legacy && (a == 0.0f || b == 0.0f) ? c : fmaf(a, b, c);
}

/* Rounding, sign and conversions to integers: exec_alu_lane.h (shared
 * with the fast engine's kernels). */

/* Component-wise ops: r.c = EXPR(x [, y [, z]]) for each enabled component. */
#define UNOP(NAME, T, EXPR)                                                      \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        bool legacy = w->m->legacy_math;                                         \
        (void)legacy;                                                            \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0;                                                        \
            const exec_chan *a = SRC(0, c, &t0);                                 \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                float x = a->f[l];                                               \
                (void)x;                                                         \
                o->T[l] = (EXPR);                                            \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

#define BINOP(NAME, T, EXPR)                                                     \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        bool legacy = w->m->legacy_math;                                         \
        (void)legacy;                                                            \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0, t1;                                                    \
            const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1);            \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                float x = a->f[l], y = b->f[l];                                  \
                (void)x;                                                         \
                (void)y;                                                         \
                o->T[l] = (EXPR);                                            \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

#define TRIOP(NAME, T, EXPR)                                                     \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        bool legacy = w->m->legacy_math;                                         \
        (void)legacy;                                                            \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0, t1, t2;                                                \
            const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1),            \
                            *d = SRC(2, c, &t2);                                 \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                float x = a->f[l], y = b->f[l], z = d->f[l];                     \
                o->T[l] = (EXPR);                                            \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

/* FMA: fmaf is a libm call per lane unless the compiler may use the FMA
 * instruction.  On x86-64 hosts whose CPU has it (asked once), a copy of
 * the lane loop compiled for it does the 32 lanes inline; the result is
 * the same correctly rounded fused multiply-add. */
static void fma_lanes(float *o, const float *a, const float *b, const float *c)
{
    for (unsigned l = 0; l < LANES; l++)
        o[l] = fmaf(a[l], b[l], c[l]);
}
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__FMA__)
__attribute__((target("fma"))) static void fma_lanes_hw(float *o, const float *a,
                                                         const float *b, const float *c)
{
    for (unsigned l = 0; l < LANES; l++)
        o[l] = fmaf(a[l], b[l], c[l]);
}
static bool host_has_fma(void)
{
    static int has = -1;
    if (has < 0)
        has = __builtin_cpu_supports("fma") ? 1 : 0;
    return has;
}
#else
#define fma_lanes_hw fma_lanes
static bool host_has_fma(void)
{
    return true;
}
#endif

void exec_op_FMA(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    bool legacy = w->m->legacy_math, hw = !legacy && host_has_fma();
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t0, t1, t2;
        const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1), *d = SRC(2, c, &t2);
        exec_chan *o = exec_out(w, in, &r, c);
        if (hw) {
            fma_lanes_hw(o->f, a->f, b->f, d->f);
        } else if (!legacy) {
            fma_lanes(o->f, a->f, b->f, d->f);
        } else {
            for (unsigned l = 0; l < LANES; l++)
                o->f[l] = lfma(true, a->f[l], b->f[l], d->f[l]);
        }
    }
    exec_out_done(w, in, &r);
}

/* Scalar ops on src0.x (and src1.x), replicated. */
#define REPL1(NAME, EXPR)                                                        \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        exec_chan t0;                                                            \
        const exec_chan *a = SRC(0, 0, &t0);                                     \
        for (unsigned l = 0; l < LANES; l++) {                                   \
            float x = a->f[l];                                                   \
            r.c[0].f[l] = (EXPR);                                                \
        }                                                                        \
        exec_store_repl(w, in, &r);                                              \
    }

/* The same with the whole warp's results from one call of a warp-wide
 * function (exec_vmath.h), not a libm call per lane. */
#define REPLV(NAME, VFN)                                                         \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        exec_chan t0;                                                            \
        const exec_chan *a = SRC(0, 0, &t0);                                     \
        VFN(r.c[0].f, a->f);                                                     \
        exec_store_repl(w, in, &r);                                              \
    }

/* fminf/fmaxf semantics (a NaN operand yields the other operand), inline
 * so the loops vectorise instead of calling libm per lane. */
static inline float fsat_min(float x, float y)
{
    return x != x ? y : y != y ? x : x < y ? x : y;
}
static inline float fsat_max(float x, float y)
{
    return x != x ? y : y != y ? x : x > y ? x : y;
}

/* ---- core ------------------------------------------------------------------- */

UNOP(ARL, i, exec_f2i(exec_ffloor(x)))
UNOP(ARR, i, exec_f2i(exec_fround(x)))
UNOP(ARA, i, exec_f2i(x))
UNOP(MOV, u, a->u[l])
BINOP(MUL, f, lmul(legacy, x, y))
BINOP(ADD, f, x + y)
BINOP(SUB, f, x - y)
BINOP(MIN, f, fsat_min(x, y))
BINOP(MAX, f, fsat_max(x, y))
BINOP(SLT, f, x < y ? 1.0f : 0.0f)
BINOP(SGE, f, x >= y ? 1.0f : 0.0f)
BINOP(SEQ, f, x == y ? 1.0f : 0.0f)
BINOP(SGT, f, x > y ? 1.0f : 0.0f)
BINOP(SLE, f, x <= y ? 1.0f : 0.0f)
BINOP(SNE, f, x != y ? 1.0f : 0.0f)
BINOP(SFL, f, ((void)x, (void)y, 0.0f))
BINOP(STR, f, ((void)x, (void)y, 1.0f))
BINOP(DIV, f, x / y)
BINOP(FSLT, u, x < y ? ~0u : 0u)
BINOP(FSGE, u, x >= y ? ~0u : 0u)
BINOP(FSEQ, u, x == y ? ~0u : 0u)
BINOP(FSNE, u, x != y ? ~0u : 0u)
/* MAD may round once or twice (tgsi.rst); nvgp rounds twice, as MUL then ADD. */
TRIOP(MAD, f, lmul(legacy, x, y) + z)
TRIOP(LRP, f, lmul(legacy, x, y) + lmul(legacy, 1.0f - x, z))
TRIOP(CMP, f, x < 0.0f ? y : z)
TRIOP(CND, f, z > 0.5f ? x : y)
TRIOP(CLAMP, f, fminf(fmaxf(x, y), z))
UNOP(FRC, f, x - exec_ffloor(x))
UNOP(FLR, f, exec_ffloor(x))
UNOP(CEIL, f, exec_fceil(x))
UNOP(TRUNC, f, exec_ftrunc(x))
UNOP(ROUND, f, exec_fround(x))
UNOP(SSG, f, exec_fsign(x))
UNOP(ABS, f, fabsf(x))
UNOP(I2F, f, (float)a->i[l])
UNOP(U2F, f, (float)a->u[l])
UNOP(F2I, i, exec_f2i(x))
UNOP(F2U, u, exec_f2u(x))

void exec_op_LDEXP(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t0, t1;
        const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1);
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].f[l] = ldexpf(a->f[l], b->i[l]);
    }
    exec_store(w, in, 0, &r, w->exec);
}

REPLV(RCP, exec_vrcp)
REPLV(RSQ, exec_vrsq)
REPL1(SQRT, sqrtf(x))
REPLV(EX2, exec_vex2)
REPLV(LG2, exec_vlg2)
REPLV(COS, exec_vcos)
REPLV(SIN, exec_vsin)

/* RCC (NV_vertex_program2): the reciprocal clamped away from 0 and infinity
 * to [2^-64, 2^64] in magnitude, keeping its sign (SPEC-DECISIONS 2). */
static float rcc(float x)
{
    float r = 1.0f / x;
    const float lo = 0x1p-64f, hi = 0x1p64f;
    if (r != r)
        return r;
    if (r > 0.0f || (r == 0.0f && !signbit(r)))
        return r < lo ? lo : r > hi ? hi : r;
    return r > -lo ? -lo : r < -hi ? -hi : r;
}
REPL1(RCC, rcc(x))

void exec_op_POW(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t0, t1;
    const exec_chan *a = SRC(0, 0, &t0), *b = SRC(1, 0, &t1);
    exec_vpow(r.c[0].f, a->f, b->f);
    exec_store_repl(w, in, &r);
}

/* Dot products: n components of src0 * src1 (+ extra). */
static void dot(exec_warp *w, const exec_insn *in, unsigned n, int kind)
{
    exec_reg r;
    bool legacy = w->m->legacy_math;
    for (unsigned l = 0; l < LANES; l++)
        r.c[0].f[l] = 0.0f;
    for (unsigned c = 0; c < n; c++) {
        exec_chan t0, t1;
        const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1);
        for (unsigned l = 0; l < LANES; l++)
            r.c[0].f[l] = c ? r.c[0].f[l] + lmul(legacy, a->f[l], b->f[l])
                            : lmul(legacy, a->f[l], b->f[l]);
    }
    if (kind == 1) { /* DPH: + src1.w */
        exec_chan t1;
        const exec_chan *b = SRC(1, 3, &t1);
        for (unsigned l = 0; l < LANES; l++)
            r.c[0].f[l] += b->f[l];
    } else if (kind == 2) { /* DP2A: + src2.x */
        exec_chan t2;
        const exec_chan *d = SRC(2, 0, &t2);
        for (unsigned l = 0; l < LANES; l++)
            r.c[0].f[l] += d->f[l];
    }
    exec_store_repl(w, in, &r);
}

void exec_op_DP2(exec_warp *w, const exec_insn *in) { dot(w, in, 2, 0); }
void exec_op_DP3(exec_warp *w, const exec_insn *in) { dot(w, in, 3, 0); }
void exec_op_DP4(exec_warp *w, const exec_insn *in) { dot(w, in, 4, 0); }
void exec_op_DPH(exec_warp *w, const exec_insn *in) { dot(w, in, 3, 1); }
void exec_op_DP2A(exec_warp *w, const exec_insn *in) { dot(w, in, 2, 2); }

/* Loads the four components of source n. */
static void load4(exec_warp *w, const exec_insn *in, unsigned n, exec_reg *t,
                  const exec_chan *p[4])
{
    for (unsigned c = 0; c < 4; c++)
        p[c] = SRC(n, c, &t->c[c]);
}

void exec_op_LIT(exec_warp *w, const exec_insn *in)
{
    exec_reg r, t;
    const exec_chan *s[4];
    bool legacy = w->m->legacy_math;
    load4(w, in, 0, &t, s);
    exec_chan base, e, p;
    for (unsigned l = 0; l < LANES; l++) {
        float y = s[1]->f[l], el = s[3]->f[l];
        e.f[l] = el < -128.0f ? -128.0f : el > 128.0f ? 128.0f : el;
        base.f[l] = y > 0.0f ? y : 0.0f;
    }
    exec_vpow(p.f, base.f, e.f);
    for (unsigned l = 0; l < LANES; l++) {
        float x = s[0]->f[l];
        float pl = legacy && base.f[l] == 0.0f && e.f[l] != 0.0f ? 0.0f : p.f[l];
        r.c[0].f[l] = 1.0f;
        r.c[1].f[l] = x > 0.0f ? x : 0.0f;
        r.c[2].f[l] = x > 0.0f ? pl : 0.0f;
        r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_EXP(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t;
    const exec_chan *a = SRC(0, 0, &t);
    exec_chan f;
    for (unsigned l = 0; l < LANES; l++) {
        f.f[l] = exec_ffloor(a->f[l]);
        r.c[1].f[l] = a->f[l] - f.f[l];
        r.c[3].f[l] = 1.0f;
    }
    exec_vex2_integral(r.c[0].f, f.f);
    exec_vex2(r.c[2].f, a->f);
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_LOG(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t;
    const exec_chan *a = SRC(0, 0, &t);
    exec_chan x, p;
    for (unsigned l = 0; l < LANES; l++)
        x.f[l] = fabsf(a->f[l]);
    exec_vlg2(r.c[2].f, x.f);
    for (unsigned l = 0; l < LANES; l++)
        r.c[0].f[l] = exec_ffloor(r.c[2].f[l]);
    exec_vex2_integral(p.f, r.c[0].f);
    for (unsigned l = 0; l < LANES; l++) {
        r.c[1].f[l] = x.f[l] / p.f[l];
        r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_DST(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t0, t1, t2, t3;
    bool legacy = w->m->legacy_math;
    const exec_chan *ay = SRC(0, 1, &t0), *by = SRC(1, 1, &t1);
    const exec_chan *az = SRC(0, 2, &t2), *bw = SRC(1, 3, &t3);
    for (unsigned l = 0; l < LANES; l++) {
        r.c[0].f[l] = 1.0f;
        r.c[1].f[l] = lmul(legacy, ay->f[l], by->f[l]);
        r.c[2].f[l] = az->f[l];
        r.c[3].f[l] = bw->f[l];
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_XPD(exec_warp *w, const exec_insn *in)
{
    exec_reg r, ta, tb;
    const exec_chan *a[4], *b[4];
    bool legacy = w->m->legacy_math;
    load4(w, in, 0, &ta, a);
    load4(w, in, 1, &tb, b);
    for (unsigned l = 0; l < LANES; l++) {
        float ax = a[0]->f[l], ay = a[1]->f[l], az = a[2]->f[l];
        float bx = b[0]->f[l], by = b[1]->f[l], bz = b[2]->f[l];
        r.c[0].f[l] = lmul(legacy, ay, bz) - lmul(legacy, az, by);
        r.c[1].f[l] = lmul(legacy, az, bx) - lmul(legacy, ax, bz);
        r.c[2].f[l] = lmul(legacy, ax, by) - lmul(legacy, ay, bx);
        r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_SCS(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t;
    const exec_chan *a = SRC(0, 0, &t);
    exec_vsincos(r.c[1].f, r.c[0].f, a->f);
    for (unsigned l = 0; l < LANES; l++) {
        r.c[2].f[l] = 0.0f;
        r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

static void normalize(exec_warp *w, const exec_insn *in, unsigned n)
{
    exec_reg r, t;
    const exec_chan *a[4];
    load4(w, in, 0, &t, a);
    for (unsigned l = 0; l < LANES; l++) {
        float d = 0.0f;
        for (unsigned c = 0; c < n; c++)
            d += a[c]->f[l] * a[c]->f[l];
        float inv = 1.0f / sqrtf(d);
        for (unsigned c = 0; c < n; c++)
            r.c[c].f[l] = a[c]->f[l] * inv;
        if (n == 3)
            r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_NRM(exec_warp *w, const exec_insn *in) { normalize(w, in, 3); }
void exec_op_NRM4(exec_warp *w, const exec_insn *in) { normalize(w, in, 4); }

void exec_op_X2D(exec_warp *w, const exec_insn *in)
{
    exec_reg r, t0, t1, t2;
    const exec_chan *a[4], *b[4], *d[4];
    load4(w, in, 0, &t0, a);
    load4(w, in, 1, &t1, b);
    load4(w, in, 2, &t2, d);
    for (unsigned l = 0; l < LANES; l++) {
        float x = a[0]->f[l] + b[0]->f[l] * d[0]->f[l] + b[1]->f[l] * d[1]->f[l];
        float y = a[1]->f[l] + b[0]->f[l] * d[2]->f[l] + b[1]->f[l] * d[3]->f[l];
        r.c[0].f[l] = r.c[2].f[l] = x;
        r.c[1].f[l] = r.c[3].f[l] = y;
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* RFL: reflection of src1 about the axis src0 (3 components), w = 1. */
void exec_op_RFL(exec_warp *w, const exec_insn *in)
{
    exec_reg r, t0, t1;
    const exec_chan *a[4], *b[4];
    load4(w, in, 0, &t0, a);
    load4(w, in, 1, &t1, b);
    for (unsigned l = 0; l < LANES; l++) {
        float aa = 0.0f, ab = 0.0f;
        for (unsigned c = 0; c < 3; c++) {
            aa += a[c]->f[l] * a[c]->f[l];
            ab += a[c]->f[l] * b[c]->f[l];
        }
        float k = 2.0f * ab / aa;
        for (unsigned c = 0; c < 3; c++)
            r.c[c].f[l] = k * a[c]->f[l] - b[c]->f[l];
        r.c[3].f[l] = 1.0f;
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* ---- pack / unpack ----------------------------------------------------------- */

/* binary32 -> binary16, round to nearest even, NaN stays NaN. */
static uint16_t f32_to_f16(float f)
{
    uint32_t x = f2u_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xff;
    uint32_t man = x & 0x7fffffu;
    if (exp == 0xff)
        return (uint16_t)(sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) {
        if (e < -10)
            return (uint16_t)sign;
        man |= 0x800000u;
        unsigned shift = (unsigned)(14 - e);
        uint32_t h = man >> shift;
        uint32_t rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)e << 10) | (man >> 13);
    uint32_t rem = man & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
        h++; /* may carry into the exponent, up to infinity: correct */
    return (uint16_t)(sign | h);
}

static float f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ffu;
    if (exp == 0x1f)
        return u2f_bits(sign | 0x7f800000u | (man << 13));
    if (exp == 0)
        return (sign ? -1.0f : 1.0f) * ldexpf((float)man, -24);
    return u2f_bits(sign | ((exp + 112) << 23) | (man << 13));
}

static uint32_t unorm(float x, float scale)
{
    x = x != x ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return (uint32_t)nearbyintf(x * scale);
}

static uint32_t snorm8(float x)
{
    x = x != x ? 0.0f : x < -1.0f ? -1.0f : x > 1.0f ? 1.0f : x;
    return (uint32_t)(int32_t)nearbyintf(x * 127.0f) & 0xffu;
}

static void pack(exec_warp *w, const exec_insn *in, int kind)
{
    exec_reg r, t;
    const exec_chan *a[4];
    load4(w, in, 0, &t, a);
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t v = 0;
        switch (kind) {
        case 0:
            v = f32_to_f16(a[0]->f[l]) | (uint32_t)f32_to_f16(a[1]->f[l]) << 16;
            break;
        case 1:
            v = unorm(a[0]->f[l], 65535.0f) | unorm(a[1]->f[l], 65535.0f) << 16;
            break;
        case 2:
            for (unsigned c = 0; c < 4; c++)
                v |= snorm8(a[c]->f[l]) << (8 * c);
            break;
        default:
            for (unsigned c = 0; c < 4; c++)
                v |= unorm(a[c]->f[l], 255.0f) << (8 * c);
            break;
        }
        r.c[0].u[l] = v;
    }
    exec_store_repl(w, in, &r);
}

void exec_op_PK2H(exec_warp *w, const exec_insn *in) { pack(w, in, 0); }
void exec_op_PK2US(exec_warp *w, const exec_insn *in) { pack(w, in, 1); }
void exec_op_PK4B(exec_warp *w, const exec_insn *in) { pack(w, in, 2); }
void exec_op_PK4UB(exec_warp *w, const exec_insn *in) { pack(w, in, 3); }

static void unpack(exec_warp *w, const exec_insn *in, int kind)
{
    exec_reg r;
    exec_chan t;
    const exec_chan *a = SRC(0, 0, &t);
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t v = a->u[l];
        switch (kind) {
        case 0:
            r.c[0].f[l] = r.c[2].f[l] = f16_to_f32((uint16_t)v);
            r.c[1].f[l] = r.c[3].f[l] = f16_to_f32((uint16_t)(v >> 16));
            break;
        case 1:
            r.c[0].f[l] = r.c[2].f[l] = (float)(v & 0xffffu) / 65535.0f;
            r.c[1].f[l] = r.c[3].f[l] = (float)(v >> 16) / 65535.0f;
            break;
        case 2:
            for (unsigned c = 0; c < 4; c++) {
                float f = (float)(int8_t)(uint8_t)(v >> (8 * c)) / 127.0f;
                r.c[c].f[l] = f < -1.0f ? -1.0f : f;
            }
            break;
        default:
            for (unsigned c = 0; c < 4; c++)
                r.c[c].f[l] = (float)((v >> (8 * c)) & 0xffu) / 255.0f;
            break;
        }
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_UP2H(exec_warp *w, const exec_insn *in) { unpack(w, in, 0); }
void exec_op_UP2US(exec_warp *w, const exec_insn *in) { unpack(w, in, 1); }
void exec_op_UP4B(exec_warp *w, const exec_insn *in) { unpack(w, in, 2); }
void exec_op_UP4UB(exec_warp *w, const exec_insn *in) { unpack(w, in, 3); }
