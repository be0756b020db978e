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
#include "exec/exec_fast.h"
#include "exec/exec_vmath.h"

#define NL (4 * LANES) /* words of a whole register */

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

/* Saturation of one component (NaN fails both tests and becomes 0). */
static inline void fsat(exec_chan *restrict o)
{
    for (unsigned l = 0; l < LANES; l++) {
        float f = o->f[l];
        o->f[l] = f >= 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
    }
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

#define V4_1(NAME, EXPR)                                                         \
    static inline void h_##NAME##_V4(exec_reg *const *bank, const exec_frec *r)  \
    {                                                                            \
        uint32_t *restrict o = bank[r->dfile][r->doff].c[0].u;                   \
        const uint32_t *restrict a = bank[r->sfile[0]][r->soff[0]].c[0].u;       \
        for (unsigned i = 0; i < NL; i++)                                        \
            o[i] = (EXPR);                                                       \
    }
#define V4_2(NAME, EXPR)                                                         \
    static inline void h_##NAME##_V4(exec_reg *const *bank, const exec_frec *r)  \
    {                                                                            \
        float *restrict o = bank[r->dfile][r->doff].c[0].f;                      \
        const float *restrict a = bank[r->sfile[0]][r->soff[0]].c[0].f;          \
        const float *restrict b = bank[r->sfile[1]][r->soff[1]].c[0].f;          \
        for (unsigned i = 0; i < NL; i++) {                                      \
            float x = a[i], y = b[i];                                            \
            o[i] = (EXPR);                                                       \
        }                                                                        \
    }
#define V4_3(NAME, EXPR)                                                         \
    static inline void h_##NAME##_V4(exec_reg *const *bank, const exec_frec *r)  \
    {                                                                            \
        float *restrict o = bank[r->dfile][r->doff].c[0].f;                      \
        const float *restrict a = bank[r->sfile[0]][r->soff[0]].c[0].f;          \
        const float *restrict b = bank[r->sfile[1]][r->soff[1]].c[0].f;          \
        const float *restrict d = bank[r->sfile[2]][r->soff[2]].c[0].f;          \
        for (unsigned i = 0; i < NL; i++) {                                      \
            float x = a[i], y = b[i], z = d[i];                                  \
            o[i] = (EXPR);                                                       \
        }                                                                        \
    }

V4_1(MOV, a[i])
V4_2(ADD, x + y)
V4_2(SUB, x - y)
V4_2(MUL, x * y)
V4_3(MAD, x * y + z)
V4_2(MIN, fmin_ref(x, y))
V4_2(MAX, fmax_ref(x, y))

/* ---- VG: component by component, swizzles, modifiers, saturation ------ */

/* Where component c goes: the destination itself, or t when a source
 * reads the destination (fput copies it after every component is read). */
static inline exec_chan *vg_out(exec_reg *const *bank, const exec_frec *r, exec_reg *t,
                                unsigned c)
{
    return r->flags & EXEC_FREC_ALIAS ? &t->c[c] : &bank[r->dfile][r->doff].c[c];
}

#define VG_BODY(SETUP, EXPR)                                                     \
    {                                                                            \
        exec_reg t;                                                              \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!((r->wmask >> c) & 1))                                          \
                continue;                                                        \
            exec_chan *restrict o = vg_out(bank, r, &t, c);                      \
            SETUP                                                                \
            for (unsigned l = 0; l < LANES; l++) {                               \
                LANE_LOADS                                                       \
                o->u[l] = (EXPR);                                                \
            }                                                                    \
            if (r->flags & EXEC_FREC_SAT)                                        \
                fsat(o);                                                         \
        }                                                                        \
        if (r->flags & EXEC_FREC_ALIAS)                                          \
            fput(bank, r, &t);                                                   \
    }

#define SRC_SETUP(k)                                                             \
    const uint32_t *restrict s##k = fsrc(bank, r, k, c)->u;                      \
    const uint32_t am##k = fand(r, k), xm##k = fxor(r, k);
#define SRC_SETUP_U(k) const uint32_t *restrict s##k = fsrc(bank, r, k, c)->u;
#define LOADF(k) u2f_bits((s##k[l] & am##k) ^ xm##k)
#define LOADU(k) s##k[l]

/* Results as words: float expressions through f2u_bits. */
#define VG_F1(NAME, EXPR)                                                        \
    static inline void h_##NAME##_VG(exec_reg *const *bank, const exec_frec *r)  \
    VG_BODY(SRC_SETUP(0), EXPR)
#define VG_F2(NAME, EXPR)                                                        \
    static inline void h_##NAME##_VG(exec_reg *const *bank, const exec_frec *r)  \
    VG_BODY(SRC_SETUP(0) SRC_SETUP(1), EXPR)
/* integer operations: no modifiers (decode leaves those to the reference) */
#define VG_U2(NAME, EXPR)                                                        \
    static inline void h_##NAME##_VG(exec_reg *const *bank, const exec_frec *r)  \
    VG_BODY(SRC_SETUP_U(0) SRC_SETUP_U(1), EXPR)
#define VG_F3(NAME, EXPR)                                                        \
    static inline void h_##NAME##_VG(exec_reg *const *bank, const exec_frec *r)  \
    VG_BODY(SRC_SETUP(0) SRC_SETUP(1) SRC_SETUP(2), EXPR)

#define LANE_LOADS
/* MOV copies words; a float modifier applies to them as to any float */
VG_F1(MOV, (s0[l] & am0) ^ xm0)
VG_U2(AND, LOADU(0) & LOADU(1))
VG_U2(OR, LOADU(0) | LOADU(1))
VG_U2(XOR, LOADU(0) ^ LOADU(1))
VG_U2(UADD, LOADU(0) + LOADU(1))
#undef LANE_LOADS
#define LANE_LOADS float x = LOADF(0), y = LOADF(1); (void)x; (void)y;
VG_F2(ADD, f2u_bits(x + y))
VG_F2(SUB, f2u_bits(x - y))
VG_F2(MUL, f2u_bits(x * y))
VG_F2(MIN, f2u_bits(fmin_ref(x, y)))
VG_F2(MAX, f2u_bits(fmax_ref(x, y)))
VG_F2(SLT, f2u_bits(x < y ? 1.0f : 0.0f))
VG_F2(SGE, f2u_bits(x >= y ? 1.0f : 0.0f))
VG_F2(SEQ, f2u_bits(x == y ? 1.0f : 0.0f))
VG_F2(SNE, f2u_bits(x != y ? 1.0f : 0.0f))
VG_F2(SGT, f2u_bits(x > y ? 1.0f : 0.0f))
VG_F2(SLE, f2u_bits(x <= y ? 1.0f : 0.0f))
#undef LANE_LOADS
#define LANE_LOADS float x = LOADF(0), y = LOADF(1), z = LOADF(2);
VG_F3(MAD, f2u_bits(x * y + z))
VG_F3(LRP, f2u_bits(x * y + (1.0f - x) * z))
VG_F3(CMP, f2u_bits(x < 0.0f ? y : z))
#undef LANE_LOADS

/* ---- DOT: n products summed in order, replicated ----------------------- */

static inline void fdot(exec_reg *const *bank, const exec_frec *r, unsigned n, bool dph)
{
    exec_reg t;
    float *restrict acc = t.c[0].f;
    for (unsigned c = 0; c < n; c++) {
        const uint32_t *restrict a = fsrc(bank, r, 0, c)->u, *restrict b = fsrc(bank, r, 1, c)->u;
        const uint32_t am0 = fand(r, 0), xm0 = fxor(r, 0), am1 = fand(r, 1), xm1 = fxor(r, 1);
        for (unsigned l = 0; l < LANES; l++) {
            float p = u2f_bits((a[l] & am0) ^ xm0) * u2f_bits((b[l] & am1) ^ xm1);
            acc[l] = c ? acc[l] + p : p;
        }
    }
    if (dph) { /* + src1.w */
        const uint32_t *restrict b = fsrc(bank, r, 1, 3)->u;
        const uint32_t am1 = fand(r, 1), xm1 = fxor(r, 1);
        for (unsigned l = 0; l < LANES; l++)
            acc[l] += u2f_bits((b[l] & am1) ^ xm1);
    }
    if (r->flags & EXEC_FREC_SAT)
        fsat(&t.c[0]);
    for (unsigned c = 1; c < 4; c++)
        t.c[c] = t.c[0];
    fput(bank, r, &t);
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

static inline void sc_finish(exec_reg *const *bank, const exec_frec *r, exec_reg *t)
{
    if (r->flags & EXEC_FREC_SAT)
        fsat(&t->c[0]);
    exec_reg *d = &bank[r->dfile][r->doff];
    for (unsigned c = 0; c < 4; c++)
        if ((r->wmask >> c) & 1)
            d->c[c] = t->c[0];
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

static inline void h_POW_SC(exec_reg *const *bank, const exec_frec *r)
{
    exec_reg t;
    exec_chan m0, m1;
    exec_vpow(t.c[0].f, fsrc_x(bank, r, 0, &m0), fsrc_x(bank, r, 1, &m1));
    sc_finish(bank, r, &t);
}

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
