/* 32-bit integer and bitwise ALU opcodes.
 *
 * Where tgsi.rst leaves a result undefined nvgp still defines it (and never
 * runs into C undefined behaviour): IDIV by 0 gives 0, MOD by 0 gives -1
 * (as UDIV/UMOD give ~0), INT_MIN / -1 gives INT_MIN and INT_MIN MOD -1
 * gives 0.  IBFE/UBFE/BFI follow the pseudocode where it is defined
 * (offset, bits >= 0, offset + bits <= 32); outside it both counts are
 * masked with 0x1f first (the SM5 rule). */
#include "exec/exec_alu_lane.h"
#include "exec/exec_internal.h"

#define IUNOP(NAME, EXPR)                                                        \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0;                                                        \
            const exec_chan *a = SRC(0, c, &t0);                                 \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint32_t x = a->u[l];                                            \
                int32_t xi = a->i[l];                                            \
                (void)x;                                                         \
                (void)xi;                                                        \
                o->u[l] = (uint32_t)(EXPR);                                  \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

#define IBINOP(NAME, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0, t1;                                                    \
            const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1);            \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint32_t x = a->u[l], y = b->u[l];                               \
                int32_t xi = a->i[l], yi = b->i[l];                              \
                (void)x;                                                         \
                (void)y;                                                         \
                (void)xi;                                                        \
                (void)yi;                                                        \
                o->u[l] = (uint32_t)(EXPR);                                  \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

#define ITRIOP(NAME, EXPR)                                                       \
    void exec_op_##NAME(exec_warp *w, const exec_insn *in)                       \
    {                                                                            \
        exec_reg r;                                                              \
        for (unsigned c = 0; c < 4; c++) {                                       \
            if (!DST_ENABLED(c))                                                 \
                continue;                                                        \
            exec_chan t0, t1, t2;                                                \
            const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1),            \
                            *d = SRC(2, c, &t2);                                 \
            exec_chan *o = exec_out(w, in, &r, c);                               \
            for (unsigned l = 0; l < LANES; l++) {                               \
                uint32_t x = a->u[l], y = b->u[l], z = d->u[l];                  \
                int32_t xi = a->i[l];                                            \
                (void)xi;                                                        \
                o->u[l] = (uint32_t)(EXPR);                                  \
            }                                                                    \
        }                                                                        \
        exec_out_done(w, in, &r);                                                \
    }

/* (the lanes of IDIV, MOD, ISHR... are exec_alu_lane.h's, shared with the
 * fast engine) */

static inline uint32_t umsb(uint32_t x)
{
    return x ? 31u - (uint32_t)__builtin_clz(x) : 0xffffffffu;
}

static inline uint32_t lsb(uint32_t x)
{
    return x ? (uint32_t)__builtin_ctz(x) : 0xffffffffu;
}

static inline uint32_t imsb(uint32_t x)
{
    return umsb((x & 0x80000000u) ? ~x : x);
}

static inline uint32_t brev(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

/* Normalises (offset, bits) of bitfield ops; see the header comment. */
static inline void bf_args(uint32_t *offset, uint32_t *bits)
{
    if (*offset <= 32 && *bits <= 32 && *offset + *bits <= 32)
        return;
    *offset &= 31;
    *bits &= 31;
    if (*offset + *bits > 32)
        *bits = 32 - *offset;
}

static inline uint32_t ubfe(uint32_t v, uint32_t offset, uint32_t bits)
{
    bf_args(&offset, &bits);
    if (bits == 0)
        return 0;
    return (v << (32 - offset - bits)) >> (32 - bits);
}

static inline uint32_t ibfe(uint32_t v, uint32_t offset, uint32_t bits)
{
    bf_args(&offset, &bits);
    if (bits == 0)
        return 0;
    return exec_ashr(v << (32 - offset - bits), 32 - bits);
}

static inline uint32_t bfi(uint32_t base, uint32_t ins, uint32_t offset, uint32_t bits)
{
    bf_args(&offset, &bits);
    uint32_t mask = bits >= 32 ? 0xffffffffu : ((1u << bits) - 1) << offset;
    uint32_t shifted = offset >= 32 ? 0 : ins << offset;
    return (shifted & mask) | (base & ~mask);
}

IUNOP(NOT, ~x)
IUNOP(INEG, 0u - x)
IUNOP(IABS, exec_iabs(x))
IUNOP(ISSG, exec_issg(x))
IUNOP(UARL, x)
IUNOP(BREV, brev(x))
IUNOP(POPC, (uint32_t)__builtin_popcount(x))
IUNOP(LSB, lsb(x))
IUNOP(UMSB, umsb(x))
IUNOP(IMSB, imsb(x))

IBINOP(UADD, x + y)
IBINOP(UMUL, x * y)
IBINOP(IMUL_HI, exec_imul_hi(x, y))
IBINOP(UMUL_HI, exec_umul_hi(x, y))
IBINOP(IDIV, exec_idiv(xi, yi))
IBINOP(UDIV, exec_udiv(x, y))
IBINOP(UMOD, exec_umod(x, y))
IBINOP(MOD, exec_imod(xi, yi))
IBINOP(AND, x & y)
IBINOP(OR, x | y)
IBINOP(XOR, x ^ y)
IBINOP(IMAX, xi > yi ? x : y)
IBINOP(UMAX, x > y ? x : y)
IBINOP(IMIN, xi < yi ? x : y)
IBINOP(UMIN, x < y ? x : y)
IBINOP(SHL, x << (y & 31))
IBINOP(ISHR, exec_ashr(x, y))
IBINOP(USHR, x >> (y & 31))
IBINOP(ISLT, xi < yi ? ~0u : 0u)
IBINOP(USLT, x < y ? ~0u : 0u)
IBINOP(ISGE, xi >= yi ? ~0u : 0u)
IBINOP(USGE, x >= y ? ~0u : 0u)
IBINOP(USEQ, x == y ? ~0u : 0u)
IBINOP(USNE, x != y ? ~0u : 0u)

ITRIOP(UMAD, x * y + z)
ITRIOP(UCMP, x ? y : z)
ITRIOP(IBFE, ibfe(x, y, z))
ITRIOP(UBFE, ubfe(x, y, z))
ITRIOP(SAD, (x > y ? x - y : y - x) + z)

void exec_op_BFI(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t0, t1, t2, t3;
        const exec_chan *a = SRC(0, c, &t0), *b = SRC(1, c, &t1), *o = SRC(2, c, &t2),
                        *n = SRC(3, c, &t3);
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].u[l] = bfi(a->u[l], b->u[l], o->u[l], n->u[l]);
    }
    exec_store(w, in, 0, &r, w->exec);
}
