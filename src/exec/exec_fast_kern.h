/* The fast handlers and their threaded dispatch, compiled once per
 * instruction set (exec_fast_base.c: the target's baseline, SSE2 on
 * x86-64; exec_fast_avx2.c; exec_fast_avx512.c), each file defining
 * FAST_BLOCK, the name of its block runner.  CMakeLists.txt gives the ISA
 * files their -m options and -ffp-contract=off: every multiply and add
 * rounds on its own, as in the reference handlers (exec_alu_float.c), so
 * both engines give the same bits.
 *
 * A handler computes all 32 lanes of a full warp: loops of 32 (or 128:
 * four contiguous components) words through restrict pointers, which the
 * compiler turns into whole vector registers with no alias checks.  Each
 * expression is the reference handler's, written the same way. */
#include "exec/exec_alu_lane.h"
#include "exec/exec_fast.h"
#include "exec/exec_vmath.h"

#include <math.h>

#define NL (4 * LANES) /* words of a whole register */

/* Lane loops are written once with their lane count and source steps as
 * parameters and instantiated with constants (32 lanes or 1; step 1, or 0
 * for a uniform source read as one word): forced inline so that each
 * instance compiles to its own loop. */
#if defined(__GNUC__) || defined(__clang__)
#define FAST_INLINE static inline __attribute__((always_inline))
#else
#define FAST_INLINE static inline
#endif

static inline const exec_chan *fsrc(exec_reg *const *bank, const exec_frec *r, unsigned k,
                                    unsigned c)
{
    return &bank[r->sfile[k]][r->soff[k]].c[(r->swz[k] >> (2 * c)) & 3];
}

/* Modifier masks of source k: bits = (bits & and) ^ xor (float modifiers,
 * as exec_fetch_slow applies them). */
static inline uint32_t fand(const exec_frec *r, unsigned k)
{
    return (r->smod >> (4 + k)) & 1 ? 0x7fffffffu : 0xffffffffu;
}
static inline uint32_t fxor(const exec_frec *r, unsigned k)
{
    return (uint32_t)((r->smod >> k) & 1) << 31;
}

static inline float fmin_ref(float x, float y)
{
    return x != x ? y : y != y ? x : x < y ? x : y;
}
static inline float fmax_ref(float x, float y)
{
    return x != x ? y : y != y ? x : x > y ? x : y;
}

/* Saturation of the first n lanes of one component (NaN fails both tests
 * and becomes 0). */
FAST_INLINE void fsat_n(exec_chan *restrict o, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        float f = o->f[l];
        o->f[l] = f >= 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
    }
}

static inline void fsat(exec_chan *restrict o)
{
    fsat_n(o, LANES);
}

/* Lane 0's word in every lane: the result of an instruction whose sources
 * are all uniform (EXEC_FREC_UNI), computed once. */
static inline void fbroadcast(exec_chan *restrict o)
{
    const uint32_t v = o->u[0];
    for (unsigned l = 0; l < LANES; l++)
        o->u[l] = v;
}

/* Copies the enabled components of t to the destination (the result of
 * SC and DOT, or of VG when a source reads the destination). */
static inline void fput(exec_reg *const *bank, const exec_frec *r, const exec_reg *t)
{
    exec_reg *d = &bank[r->dfile][r->doff];
    for (unsigned c = 0; c < 4; c++)
        if ((r->wmask >> c) & 1)
            d->c[c] = t->c[c];
}

/* ---- V4: whole registers, 128 contiguous words ------------------------- */

/* V4 writes the destination directly; V4A (a source is the destination
 * register itself, read at the same word it writes) computes into a local
 * register first, so that no restrict pointer aliases another, and copies
 * it.  With EXEC_FREC_U1 (source 1 is uniform: the MUL and MAD by a
 * constant of most programs) source 1 is read as one word a component
 * (LANE_U1), not 32 copies. */
#define V4_DEF(NAME, SUFFIX, LOADS, EXPR, OUT, DONE)                              \
    static inline void h_##NAME##_##SUFFIX(exec_reg *const *bank, const exec_frec *r) \
    {                                                                            \
        exec_reg t;                                                              \
        (void)t;                                                                 \
        float *restrict o = OUT;                                                 \
        LOADS                                                                    \
        if (V4_U1 && (r->flags & EXEC_FREC_U1)) {                                \
            for (unsigned c = 0; c < 4; c++)                                     \
                for (unsigned l = 0; l < LANES; l++) {                           \
                    const unsigned i = c * LANES + l;                            \
                    LANE_U1                                                      \
                    o[i] = (EXPR);                                               \
                }                                                                \
        } else {                                                                 \
            for (unsigned i = 0; i < NL; i++) {                                  \
                LANE                                                             \
                o[i] = (EXPR);                                                   \
            }                                                                    \
        }                                                                        \
        DONE                                                                     \
    }
#define V4_OUT bank[r->dfile][r->doff].c[0].f
#define V4A_OUT t.c[0].f
#define V4A_DONE bank[r->dfile][r->doff] = t;
#define V4_LOAD(k, v) const float *restrict v = bank[r->sfile[k]][r->soff[k]].c[0].f;
#define V4_BOTH(NAME, LOADS, EXPR)                                               \
    V4_DEF(NAME, V4, LOADS, EXPR, V4_OUT, )                                      \
    V4_DEF(NAME, V4A, LOADS, EXPR, V4A_OUT, V4A_DONE)

#define V4_U1 0
#define LANE float x = a[i];
#define LANE_U1 LANE
V4_BOTH(MOV, V4_LOAD(0, a), x)
#undef LANE
#undef LANE_U1
#undef V4_U1
#define V4_U1 1
#define LANE float x = a[i], y = b[i];
#define LANE_U1 float x = a[i], y = b[c * LANES];
V4_BOTH(ADD, V4_LOAD(0, a) V4_LOAD(1, b), x + y)
V4_BOTH(SUB, V4_LOAD(0, a) V4_LOAD(1, b), x - y)
V4_BOTH(MUL, V4_LOAD(0, a) V4_LOAD(1, b), x * y)
V4_BOTH(MIN, V4_LOAD(0, a) V4_LOAD(1, b), fmin_ref(x, y))
V4_BOTH(MAX, V4_LOAD(0, a) V4_LOAD(1, b), fmax_ref(x, y))
#undef LANE
#undef LANE_U1
#define LANE float x = a[i], y = b[i], z = d[i];
#define LANE_U1 float x = a[i], y = b[c * LANES], z = d[i];
V4_BOTH(MAD, V4_LOAD(0, a) V4_LOAD(1, b) V4_LOAD(2, d), x * y + z)
#undef LANE
#undef LANE_U1
#undef V4_U1

/* ---- VG: component by component, swizzles, modifiers, saturation ------ */

/* Where component c goes: the destination itself, or t when a source
 * reads the destination (fput copies it after every component is read). */
static inline exec_chan *vg_out(exec_reg *const *bank, const exec_frec *r, exec_reg *t,
                                unsigned c)
{
    return r->flags & EXEC_FREC_ALIAS ? &t->c[c] : &bank[r->dfile][r->doff].c[c];
}

/* The first n lanes of one component: u0..u2 are the source words after
 * their modifiers, x..z the same as floats; source k's lane l is word
 * l * stk (a step of 0: a uniform source, one word for every lane).
 * restrict parameters, which the compiler trusts once inlined, so the loop
 * needs no overlap check. */
#define VG_DEF(NAME, NSRC, EXPR)                                                 \
    FAST_INLINE void vg_lanes_##NAME(uint32_t *restrict o, const uint32_t *restrict s0, \
                                     const uint32_t *restrict s1,                \
                                     const uint32_t *restrict s2, const uint32_t *am, \
                                     const uint32_t *xm, unsigned n, unsigned st0, \
                                     unsigned st1, unsigned st2)                 \
    {                                                                            \
        const uint32_t am0 = am[0], am1 = am[1], am2 = am[2];                    \
        const uint32_t xm0 = xm[0], xm1 = xm[1], xm2 = xm[2];                    \
        for (unsigned l = 0; l < n; l++) {                                       \
            uint32_t u0 = (s0[l * st0] & am0) ^ xm0;                             \
            uint32_t u1 = NSRC > 1 ? (s1[l * st1] & am1) ^ xm1 : 0;              \
            uint32_t u2 = NSRC > 2 ? (s2[l * st2] & am2) ^ xm2 : 0;              \
            float x = u2f_bits(u0), y = u2f_bits(u1), z = u2f_bits(u2);          \
            (void)x, (void)y, (void)z, (void)u1, (void)u2;                       \
            o[l] = (EXPR);                                                       \
        }                                                                        \
    }                                                                            \
    /* every enabled component, source k at step stk; uni: one lane (every \
     * source uniform), then copies */                                       \
    FAST_INLINE void vg_comps_##NAME(exec_reg *const *bank, const exec_frec *r, \
                                     exec_reg *t, const uint32_t *am,            \
                                     const uint32_t *xm, bool uni, unsigned st0, \
                                     unsigned st1, unsigned st2)                 \
    {                                                                            \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!((r->wmask >> c) & 1))                                          \
                continue;                                                        \
            exec_chan *o = vg_out(bank, r, t, c);                                \
            const uint32_t *s0 = fsrc(bank, r, 0, c)->u;                         \
            const uint32_t *s1 = NSRC > 1 ? fsrc(bank, r, 1, c)->u : s0;         \
            const uint32_t *s2 = NSRC > 2 ? fsrc(bank, r, 2, c)->u : s0;         \
            vg_lanes_##NAME(o->u, s0, s1, s2, am, xm, uni ? 1 : LANES, st0, st1, st2); \
            if (r->flags & EXEC_FREC_SAT)                                        \
                fsat_n(o, uni ? 1 : LANES);                                      \
            if (uni)                                                             \
                fbroadcast(o);                                                   \
        }                                                                        \
    }                                                                            \
    /* (one branch on the uniform sources an instruction, out of the         \
     * component loop, so that no variant's work is hoisted into another) */  \
    static inline void h_##NAME##_VG(exec_reg *const *bank, const exec_frec *r)  \
    {                                                                            \
        exec_reg t;                                                              \
        uint32_t am[3], xm[3];                                                   \
        for (unsigned k = 0; k < 3; k++) {                                       \
            am[k] = fand(r, k);                                                  \
            xm[k] = fxor(r, k);                                                  \
        }                                                                        \
        if (r->flags & EXEC_FREC_UNI)                                            \
            vg_comps_##NAME(bank, r, &t, am, xm, true, 1, 1, 1);                 \
        else if (r->flags & EXEC_FREC_U0)                                        \
            vg_comps_##NAME(bank, r, &t, am, xm, false, 0, 1, 1);                \
        else if (NSRC > 1 && (r->flags & EXEC_FREC_U1))                          \
            vg_comps_##NAME(bank, r, &t, am, xm, false, 1, 0, 1);                \
        else if (NSRC > 2 && (r->flags & EXEC_FREC_U2))                          \
            vg_comps_##NAME(bank, r, &t, am, xm, false, 1, 1, 0);                \
        else                                                                     \
            vg_comps_##NAME(bank, r, &t, am, xm, false, 1, 1, 1);                \
        if (r->flags & EXEC_FREC_ALIAS)                                          \
            fput(bank, r, &t);                                                   \
    }

/* MOV copies words; a float modifier applies to them as to any float.
 * The integer rows have no modifiers (decode leaves those to the
 * reference), so their masks change nothing. */
VG_DEF(MOV, 1, u0)
VG_DEF(AND, 2, u0 & u1)
VG_DEF(OR, 2, u0 | u1)
VG_DEF(XOR, 2, u0 ^ u1)
VG_DEF(UADD, 2, u0 + u1)
VG_DEF(ADD, 2, f2u_bits(x + y))
VG_DEF(SUB, 2, f2u_bits(x - y))
VG_DEF(MUL, 2, f2u_bits(x * y))
VG_DEF(MIN, 2, f2u_bits(fmin_ref(x, y)))
VG_DEF(MAX, 2, f2u_bits(fmax_ref(x, y)))
VG_DEF(SLT, 2, f2u_bits(x < y ? 1.0f : 0.0f))
VG_DEF(SGE, 2, f2u_bits(x >= y ? 1.0f : 0.0f))
VG_DEF(SEQ, 2, f2u_bits(x == y ? 1.0f : 0.0f))
VG_DEF(SNE, 2, f2u_bits(x != y ? 1.0f : 0.0f))
VG_DEF(SGT, 2, f2u_bits(x > y ? 1.0f : 0.0f))
VG_DEF(SLE, 2, f2u_bits(x <= y ? 1.0f : 0.0f))
VG_DEF(MAD, 3, f2u_bits(x * y + z))
VG_DEF(LRP, 3, f2u_bits(x * y + (1.0f - x) * z))
VG_DEF(CMP, 3, f2u_bits(x < 0.0f ? y : z))
VG_DEF(FSLT, 2, x < y ? ~0u : 0u)
VG_DEF(FSGE, 2, x >= y ? ~0u : 0u)
VG_DEF(FSEQ, 2, x == y ? ~0u : 0u)
VG_DEF(FSNE, 2, x != y ? ~0u : 0u)
VG_DEF(UCMP, 3, u0 ? u1 : u2)
/* integer rows, as exec_alu_int.c defines them */
VG_DEF(UMUL, 2, u0 * u1)
VG_DEF(SHL, 2, u0 << (u1 & 31))
VG_DEF(USHR, 2, u0 >> (u1 & 31))
VG_DEF(NOT, 1, ~u0)
VG_DEF(INEG, 1, 0u - u0)
VG_DEF(IMAX, 2, (int32_t)u0 > (int32_t)u1 ? u0 : u1)
VG_DEF(IMIN, 2, (int32_t)u0 < (int32_t)u1 ? u0 : u1)
VG_DEF(UMAX, 2, u0 > u1 ? u0 : u1)
VG_DEF(UMIN, 2, u0 < u1 ? u0 : u1)
VG_DEF(ISLT, 2, (int32_t)u0 < (int32_t)u1 ? ~0u : 0u)
VG_DEF(ISGE, 2, (int32_t)u0 >= (int32_t)u1 ? ~0u : 0u)
VG_DEF(USLT, 2, u0 < u1 ? ~0u : 0u)
VG_DEF(USGE, 2, u0 >= u1 ? ~0u : 0u)
VG_DEF(USEQ, 2, u0 == u1 ? ~0u : 0u)
VG_DEF(USNE, 2, u0 != u1 ? ~0u : 0u)
/* rounding, sign, division and conversions: the reference's lane
 * functions themselves (exec_alu_lane.h) */
VG_DEF(FLR, 1, f2u_bits(exec_ffloor(x)))
VG_DEF(CEIL, 1, f2u_bits(exec_fceil(x)))
VG_DEF(TRUNC, 1, f2u_bits(exec_ftrunc(x)))
VG_DEF(ROUND, 1, f2u_bits(exec_fround(x)))
VG_DEF(FRC, 1, f2u_bits(x - exec_ffloor(x)))
VG_DEF(ABS, 1, f2u_bits(fabsf(x)))
VG_DEF(SSG, 1, f2u_bits(exec_fsign(x)))
VG_DEF(DIV, 2, f2u_bits(x / y))
VG_DEF(F2I, 1, (uint32_t)exec_f2i(x))
VG_DEF(F2U, 1, exec_f2u(x))
VG_DEF(I2F, 1, f2u_bits((float)(int32_t)u0))
VG_DEF(U2F, 1, f2u_bits((float)u0))
VG_DEF(ARL, 1, (uint32_t)exec_f2i(exec_ffloor(x)))
VG_DEF(ARR, 1, (uint32_t)exec_f2i(exec_fround(x)))
VG_DEF(UARL, 1, u0)
VG_DEF(ISHR, 2, exec_ashr(u0, u1))
VG_DEF(IABS, 1, exec_iabs(u0))
VG_DEF(ISSG, 1, exec_issg(u0))
VG_DEF(IMUL_HI, 2, exec_imul_hi(u0, u1))
VG_DEF(UMUL_HI, 2, exec_umul_hi(u0, u1))
VG_DEF(IDIV, 2, (uint32_t)exec_idiv((int32_t)u0, (int32_t)u1))
VG_DEF(MOD, 2, (uint32_t)exec_imod((int32_t)u0, (int32_t)u1))
VG_DEF(UDIV, 2, exec_udiv(u0, u1))
VG_DEF(UMOD, 2, exec_umod(u0, u1))

/* Saturates a scalar result t.x and writes it to the enabled components. */
static inline void sc_finish(exec_reg *const *bank, const exec_frec *r, exec_reg *t)
{
    if (r->flags & EXEC_FREC_SAT)
        fsat(&t->c[0]);
    exec_reg *d = &bank[r->dfile][r->doff];
    for (unsigned c = 0; c < 4; c++)
        if ((r->wmask >> c) & 1)
            d->c[c] = t->c[0];
}

/* ---- DOT: n products summed in order, replicated ----------------------- */

/* acc = (first ? 0 : acc) + a * b over the first n lanes, modifiers
 * applied, a and b read at steps sa and sb (0: a uniform source, one
 * word); restrict parameters, which the compiler trusts once inlined (a
 * block's restrict locals in a loop left it checking for overlap at run
 * time) */
FAST_INLINE void dot_step(float *restrict acc, const uint32_t *restrict a,
                          const uint32_t *restrict b, uint32_t am0, uint32_t xm0, uint32_t am1,
                          uint32_t xm1, bool first, unsigned n, unsigned sa, unsigned sb)
{
    if (first) {
        for (unsigned l = 0; l < n; l++)
            acc[l] = u2f_bits((a[l * sa] & am0) ^ xm0) * u2f_bits((b[l * sb] & am1) ^ xm1);
    } else {
        for (unsigned l = 0; l < n; l++)
            acc[l] = acc[l] + u2f_bits((a[l * sa] & am0) ^ xm0) * u2f_bits((b[l * sb] & am1) ^ xm1);
    }
}

FAST_INLINE void dot_add(float *restrict acc, const uint32_t *restrict b, uint32_t am1,
                         uint32_t xm1, unsigned n, unsigned sb)
{
    for (unsigned l = 0; l < n; l++)
        acc[l] += u2f_bits((b[l * sb] & am1) ^ xm1);
}

/* The products summed in order into t.x, over n lanes with steps sa, sb. */
FAST_INLINE void fdot_lanes(exec_reg *const *bank, const exec_frec *r, exec_reg *t, unsigned nc,
                            bool dph, unsigned n, unsigned sa, unsigned sb)
{
    const uint32_t am0 = fand(r, 0), xm0 = fxor(r, 0), am1 = fand(r, 1), xm1 = fxor(r, 1);
    for (unsigned c = 0; c < nc; c++)
        dot_step(t->c[0].f, fsrc(bank, r, 0, c)->u, fsrc(bank, r, 1, c)->u, am0, xm0, am1, xm1,
                 c == 0, n, sa, sb);
    if (dph) /* + src1.w */
        dot_add(t->c[0].f, fsrc(bank, r, 1, 3)->u, am1, xm1, n, sb);
}

/* Both sources uniform: one lane, copied; one of them: its words read
 * once a component (a matrix row or a light vector against per-lane
 * data). */
static inline void fdot(exec_reg *const *bank, const exec_frec *r, unsigned nc, bool dph)
{
    exec_reg t;
    if (r->flags & EXEC_FREC_UNI) {
        fdot_lanes(bank, r, &t, nc, dph, 1, 1, 1);
        fbroadcast(&t.c[0]);
    } else if (r->flags & EXEC_FREC_U0) {
        fdot_lanes(bank, r, &t, nc, dph, LANES, 0, 1);
    } else if (r->flags & EXEC_FREC_U1) {
        fdot_lanes(bank, r, &t, nc, dph, LANES, 1, 0);
    } else {
        fdot_lanes(bank, r, &t, nc, dph, LANES, 1, 1);
    }
    sc_finish(bank, r, &t);
}

static inline void h_DP2_DOT(exec_reg *const *bank, const exec_frec *r) { fdot(bank, r, 2, false); }
static inline void h_DP3_DOT(exec_reg *const *bank, const exec_frec *r) { fdot(bank, r, 3, false); }
static inline void h_DP4_DOT(exec_reg *const *bank, const exec_frec *r) { fdot(bank, r, 4, false); }
static inline void h_DPH_DOT(exec_reg *const *bank, const exec_frec *r) { fdot(bank, r, 3, true); }

/* ---- SC: a warp-wide function of source .x, replicated ----------------- */

/* Source k's x after modifiers: the register itself when it has none. */
static inline const float *fsrc_x(exec_reg *const *bank, const exec_frec *r, unsigned k,
                                  exec_chan *tmp)
{
    const exec_chan *s = fsrc(bank, r, k, 0);
    if (!(r->smod & (0x11u << k)))
        return s->f;
    const uint32_t am = fand(r, k), xm = fxor(r, k);
    for (unsigned l = 0; l < LANES; l++)
        tmp->u[l] = (s->u[l] & am) ^ xm;
    return tmp->f;
}

#define SC1(NAME, VFN)                                                           \
    static inline void h_##NAME##_SC(exec_reg *const *bank, const exec_frec *r)  \
    {                                                                            \
        exec_reg t;                                                              \
        exec_chan m0;                                                            \
        VFN(t.c[0].f, fsrc_x(bank, r, 0, &m0));                                  \
        sc_finish(bank, r, &t);                                                  \
    }
SC1(RCP, exec_vrcp)
SC1(RSQ, exec_vrsq)
SC1(EX2, exec_vex2)
SC1(LG2, exec_vlg2)
SC1(SIN, exec_vsin)
SC1(COS, exec_vcos)

/* SQRT: sqrtf of each lane, as the reference's REPL1 row computes it */
static inline void h_SQRT_SC(exec_reg *const *bank, const exec_frec *r)
{
    exec_reg t;
    exec_chan m0;
    const float *restrict a = fsrc_x(bank, r, 0, &m0);
    for (unsigned l = 0; l < LANES; l++)
        t.c[0].f[l] = sqrtf(a[l]);
    sc_finish(bank, r, &t);
}

static inline void h_POW_SC(exec_reg *const *bank, const exec_frec *r)
{
    exec_reg t;
    exec_chan m0, m1;
    exec_vpow(t.c[0].f, fsrc_x(bank, r, 0, &m0), fsrc_x(bank, r, 1, &m1));
    sc_finish(bank, r, &t);
}

/* ---- D: doubles in register pairs ---------------------------------------- */

/* Source k's pair p (components of swizzle slots 2p and 2p + 1: low word,
 * high word) as doubles, the modifiers on the high word's sign bit, as
 * exec_fetch64 applies them (absolute value, then negation). */
FAST_INLINE void dpair(double *restrict out, exec_reg *const *bank, const exec_frec *r,
                       unsigned k, unsigned p)
{
    const exec_reg *s = &bank[r->sfile[k]][r->soff[k]];
    const uint32_t *restrict lo = s->c[(r->swz[k] >> (4 * p)) & 3].u;
    const uint32_t *restrict hi = s->c[(r->swz[k] >> (4 * p + 2)) & 3].u;
    const uint32_t am = fand(r, k), xm = fxor(r, k);
    for (unsigned l = 0; l < LANES; l++)
        out[l] = u2d_bits((uint64_t)lo[l] | (uint64_t)((hi[l] & am) ^ xm) << 32);
}

/* Pair p of t from doubles: low words into component 2p, high into 2p + 1. */
FAST_INLINE void dput(exec_reg *restrict t, unsigned p, const double *restrict v)
{
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t u = d2u_bits(v[l]);
        t->c[2 * p].u[l] = (uint32_t)u;
        t->c[2 * p + 1].u[l] = (uint32_t)(u >> 32);
    }
}

/* x, y, z: the sources' doubles.  Every pair a write-mask bit of which is
 * set is computed into t, then the enabled components are copied (a
 * source may be the destination: the reference also stores last). */
#define D_DEF(NAME, NSRC, EXPR)                                                  \
    static inline void h_##NAME##_D(exec_reg *const *bank, const exec_frec *r)   \
    {                                                                            \
        exec_reg t;                                                              \
        double a[LANES], b[LANES], d[LANES], o[LANES];                           \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!((r->wmask >> (2 * p)) & 3))                                    \
                continue;                                                        \
            dpair(a, bank, r, 0, p);                                             \
            dpair(b, bank, r, NSRC > 1 ? 1 : 0, p);                              \
            dpair(d, bank, r, NSRC > 2 ? 2 : 0, p);                              \
            for (unsigned l = 0; l < LANES; l++) {                               \
                double x = a[l], y = b[l], z = d[l];                             \
                (void)y, (void)z;                                                \
                o[l] = (EXPR);                                                   \
            }                                                                    \
            dput(&t, p, o);                                                      \
        }                                                                        \
        fput(bank, r, &t);                                                       \
    }
/* (dpair of source 0 again where an operation has fewer sources: the
 * compiler drops the unused loads) */
D_DEF(DADD, 2, x + y)
D_DEF(DMUL, 2, x * y)
D_DEF(DDIV, 2, x / y)
D_DEF(DMIN, 2, fmin(x, y))
D_DEF(DMAX, 2, fmax(x, y))
D_DEF(DMAD, 3, x * y + z)
D_DEF(DFMA, 3, fma(x, y, z))
D_DEF(DFRAC, 1, x - floor(x))

/* the warp-wide functions (exec_vmath.h), as the reference calls them */
#define DV_DEF(NAME, VFN)                                                        \
    static inline void h_##NAME##_D(exec_reg *const *bank, const exec_frec *r)   \
    {                                                                            \
        exec_reg t;                                                              \
        double a[LANES], o[LANES];                                               \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!((r->wmask >> (2 * p)) & 3))                                    \
                continue;                                                        \
            dpair(a, bank, r, 0, p);                                             \
            VFN(o, a);                                                           \
            dput(&t, p, o);                                                      \
        }                                                                        \
        fput(bank, r, &t);                                                       \
    }
DV_DEF(DSQRT, exec_vdsqrt)
DV_DEF(DRSQ, exec_vdrsq)
DV_DEF(DRCP, exec_vdrcp)

/* Comparisons: pair p's 32-bit result in component 2p (decode keeps only
 * x and z of the write mask). */
#define DC_DEF(NAME, EXPR)                                                       \
    static inline void h_##NAME##_D(exec_reg *const *bank, const exec_frec *r)   \
    {                                                                            \
        exec_reg t;                                                              \
        double a[LANES], b[LANES];                                               \
        for (unsigned p = 0; p < 2; p++) {                                       \
            if (!((r->wmask >> (2 * p)) & 1))                                    \
                continue;                                                        \
            dpair(a, bank, r, 0, p);                                             \
            dpair(b, bank, r, 1, p);                                             \
            for (unsigned l = 0; l < LANES; l++) {                               \
                double x = a[l], y = b[l];                                       \
                t.c[2 * p].u[l] = (EXPR) ? ~0u : 0u;                             \
            }                                                                    \
        }                                                                        \
        /* (stored after both pairs are read: a source may be the           \
         * destination) */                                                   \
        exec_reg *dst = &bank[r->dfile][r->doff];                                \
        for (unsigned p = 0; p < 2; p++)                                         \
            if ((r->wmask >> (2 * p)) & 1)                                       \
                dst->c[2 * p] = t.c[2 * p];                                      \
    }
DC_DEF(DSLT, x < y)
DC_DEF(DSGE, x >= y)
DC_DEF(DSEQ, x == y)
DC_DEF(DSNE, x != y)

/* ---- dispatch ------------------------------------------------------------ */

/* A record that writes OUT marks the register written by every lane (the
 * warp's mask is full here), as the reference store does. */
static inline void fmark(exec_warp *w, const exec_frec *r)
{
    if (r->flags & EXEC_FREC_OUT)
        w->out_wr[r->doff] = FULL_MASK;
}

#if defined(__GNUC__) || defined(__clang__)
/* Threaded code: each handler jumps straight to the next record's handler
 * (labels as values, a GNU C extension: -Wpedantic is silenced here only). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
void FAST_BLOCK(exec_warp *w, exec_reg *const *bank, const exec_frec *r, uint32_t left)
{
    static const void *const labels[EXEC_FH_COUNT] = {
        [EXEC_FH_NONE] = &&l_NONE,
#define X(n) [EXEC_FH_##n] = &&l_##n,
        EXEC_FAST_HANDLERS(X)
#undef X
    };
    goto *labels[r->handler];
#define X(n)                                                                     \
    l_##n:                                                                       \
    h_##n(bank, r);                                                              \
    fmark(w, r);                                                                 \
    if (--left == 0)                                                             \
        return;                                                                  \
    r++;                                                                         \
    goto *labels[r->handler];
    EXEC_FAST_HANDLERS(X)
#undef X
l_NONE:
    return; /* decode never puts a record without a handler in a run */
}
#pragma GCC diagnostic pop
#else
void FAST_BLOCK(exec_warp *w, exec_reg *const *bank, const exec_frec *r, uint32_t left)
{
    for (; left; left--, r++) {
        switch (r->handler) {
#define X(n)                                                                     \
    case EXEC_FH_##n:                                                            \
        h_##n(bank, r);                                                          \
        break;
            EXEC_FAST_HANDLERS(X)
#undef X
        default:
            return;
        }
        fmark(w, r);
    }
}
#endif
