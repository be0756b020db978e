/* The lowering of instructions: a table indexed by nv_opcode gives each
 * opcode its handler and, for the one-to-one cases, its TGSI opcode.
 * Instructions TGSI lacks (or whose TGSI opcode's corner cases differ from
 * the spec) become sequences that compute into a scratch temporary and end
 * with one MOV to the destination, so that the write mask and saturation
 * apply once and a destination that is also a source is read intact. */
#include "lower/lower_gp.h"
#include "lower/lower_internal.h"

#include "nv/nv_old.h"

#include <math.h>
#include <string.h>

typedef struct lower_row lower_row;
typedef void (*lower_fn)(lower_ctx *c, const nv_inst *in, const lower_row *row);
struct lower_row {
    lower_fn fn;
    uint16_t op;   /* tgsi_opcode of direct translations */
    bool cond_ok;  /* the handler translates inst.cond */
    bool own_cc;   /* the handler does its own condition-code work */
};

/* ---- Helpers ------------------------------------------------------------ */

static void set_sat(lower_ctx *c, const nv_inst *in, tgsi_instruction *ti)
{
    /* _SSAT clamps the result in lower_with_cc's temporary */
    if (in->sat == NV_SAT_SSAT && !c->has_dst_override)
        lower_error(c, in->offset, "signed saturation has no TGSI translation yet");
    if (ti && in->sat == NV_SAT_SAT)
        ti->saturate = 1;
}

static tgsi_instruction *emit(lower_ctx *c, tgsi_opcode op, tgsi_dst d, const tgsi_src *s, unsigned n)
{
    return nvgp_tgsi_build_insn(c->b, op, &d, 1, s, n);
}

static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src neg(tgsi_src s) { return nvgp_tgsi_src_negate(s); }
static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }

/* The last step of a sequence: dst = t, with the instruction's mask and
 * saturation; frees t. */
static void finish(lower_ctx *c, const nv_inst *in, tgsi_dst t, unsigned allowed)
{
    tgsi_dst d = mask(lower_dst(c, &in->dst), allowed);
    set_sat(c, in, nvgp_tgsi_build_MOV(c->b, d, of(t)));
    nvgp_tgsi_build_release_temp(c->b, t);
}

static tgsi_src fimm(lower_ctx *c, float x) { return nvgp_tgsi_build_imm1f(c->b, x); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

/* ---- Special cases that depend on the language ------------------------------ */

/* What each header's instruction sections say about NaN, negative and zero
 * operands where TGSI's opcode differs (docs/spec-decisions-old.md). */
typedef struct old_math {
    bool nan_minmax;  /* MIN/MAX/SSG: a NaN operand gives NaN ("max(NaN, <x>) == NaN") */
    bool nan_compare; /* SEQ..SNE: a NaN operand gives NaN (VP2's pseudocode) */
    bool rsq_signed;  /* RSQ of x itself, not of |x|: -0 gives -INF, x < -0 NaN */
    bool pow_log;     /* POW and LIT's power are EX2(b * LG2(a)), 0^0 = NaN */
    float lit_limit;  /* LIT's |w| bound, 0: not clamped */
    bool ftz;         /* denormal operands and results are flushed to zero */
    bool exp_range;   /* EXP's under- and overflow give (0,0,0,1) and (INF,0,INF,1) */
} old_math;

#define LIT_ARB 0x1.fffffep6f          /* (-128, 128) exclusive, epsilon unnamed */
#define LIT_NV (128.0f - 1.0f / 256.0f) /* NV_vertex_program: "epsilon is 1.0/256.0" */
#define IEEE_ROW {false, false, false, false, LIT_ARB, false, false}
static const old_math math_rows[NV_HDR_COUNT] = {
    /* ARB and the 4.0/5.0 languages (whose LIT and RCC come here too) */
    [NV_HDR_ARBVP10] = IEEE_ROW, [NV_HDR_ARBFP10] = IEEE_ROW,
    [NV_HDR_NVVP40] = IEEE_ROW, [NV_HDR_NVFP40] = IEEE_ROW, [NV_HDR_NVGP40] = IEEE_ROW,
    [NV_HDR_NVVP50] = IEEE_ROW, [NV_HDR_NVFP50] = IEEE_ROW, [NV_HDR_NVGP50] = IEEE_ROW,
    [NV_HDR_NVTCP50] = IEEE_ROW, [NV_HDR_NVTEP50] = IEEE_ROW, [NV_HDR_NVCP50] = IEEE_ROW,
    [NV_HDR_VP10] = {true, false, false, false, LIT_NV, true, true},
    [NV_HDR_VP11] = {true, false, false, false, LIT_NV, true, true},
    [NV_HDR_VSP10] = {true, false, false, false, LIT_NV, true, true},
    [NV_HDR_VP20] = {true, true, true, false, LIT_NV, true, false},
    [NV_HDR_FP10] = {true, false, true, true, 0.0f, false, false},
};
#undef IEEE_ROW

static const old_math *math_of(const lower_ctx *c)
{
    return c->p->header < NV_HDR_COUNT ? &math_rows[c->p->header] : &math_rows[NV_HDR_ARBVP10];
}

/* ---- One-to-one ------------------------------------------------------------ */

static void op_direct(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    tgsi_src s[4];
    for (unsigned i = 0; i < in->nsrc && i < 4; i++)
        s[i] = lower_src(c, &in->src[i]);
    set_sat(c, in, emit(c, (tgsi_opcode)row->op, lower_dst(c, &in->dst), s, in->nsrc));
}

/* ABS: |operand| (an outer negation is inside the absolute value). */
static void op_abs(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src s = nvgp_tgsi_src_abs(lower_src(c, &in->src[0]));
    set_sat(c, in, nvgp_tgsi_build_MOV(c->b, lower_dst(c, &in->dst), s));
}

/* RSQ takes the reciprocal square root of |x| (ARB_vertex_program 2.14.5.22,
 * NV_vertex_program).  VP2.0 and FP1.0 take it of x: "ApproxRSQRT(-0.0) =
 * -INF", "ApproxRSQRT(x) = NaN, if -INF < x < -0.0".  TGSI's RSQ is
 * undefined at 0 and below, so zeros take RCP (+-INF) and negatives NaN. */
static void op_rsq(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!math_of(c)->rsq_signed) {
        tgsi_src s = nvgp_tgsi_src_abs(lower_src(c, &in->src[0]));
        set_sat(c, in, nvgp_tgsi_build_RSQ(c->b, lower_dst(c, &in->dst), s));
        return;
    }
    tgsi_src s = sc(lower_src(c, &in->src[0]), 0);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_RSQ(c->b, mask(t, 1), nvgp_tgsi_src_abs(s));
    nvgp_tgsi_build_RCP(c->b, mask(t, 2), s);
    nvgp_tgsi_build_FSEQ(c->b, mask(t, 4), s, fimm(c, 0.0f));
    nvgp_tgsi_build_UCMP(c->b, mask(t, 1), sc(of(t), 2), sc(of(t), 1), sc(of(t), 0));
    nvgp_tgsi_build_FSLT(c->b, mask(t, 4), s, fimm(c, 0.0f));
    nvgp_tgsi_build_UCMP(c->b, mask(t, 1), sc(of(t), 2), uimm(c, 0x7fc00000u), sc(of(t), 0));
    nvgp_tgsi_build_MOV(c->b, t, sc(of(t), 0));
    finish(c, in, t, 0xf);
}

/* Lanes where operand k is NaN take that operand (a NaN) in every
 * component of t. */
static void nan_operands(lower_ctx *c, tgsi_dst t, const tgsi_src *s, unsigned n)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    for (unsigned k = 0; k < n; k++) {
        nvgp_tgsi_build_FSNE(c->b, m, s[k], s[k]);
        nvgp_tgsi_build_UCMP(c->b, t, of(m), s[k], of(t));
    }
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* The row's TGSI opcode, then NaN from NaN operands where the language
 * says so (TGSI's MIN/MAX return the other operand, its SSG 0, its SEQ..SLE
 * 0 and SNE 1). */
static void direct_nan(lower_ctx *c, const nv_inst *in, const lower_row *row, bool nan)
{
    if (!nan) {
        op_direct(c, in, row);
        return;
    }
    tgsi_src s[2];
    unsigned n = in->nsrc < 2 ? in->nsrc : 2;
    for (unsigned i = 0; i < n; i++)
        s[i] = lower_src(c, &in->src[i]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    emit(c, (tgsi_opcode)row->op, t, s, n);
    nan_operands(c, t, s, n);
    finish(c, in, t, 0xf);
}

/* MIN, MAX (NV_vertex_program2 2.14.3.21-22, NV_fragment_program 3.11.5.16-17:
 * "max(NaN, <x>) == NaN, for all <x>") and SSG ("SetSign(NaN) = NaN"). */
static void op_minmax(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    direct_nan(c, in, row, math_of(c)->nan_minmax);
}

/* SEQ..SNE: VP2.0's pseudocode ends "if (tmp0.x is NaN or tmp1.x is NaN)
 * result.x = NaN" (docs/spec-decisions-old.md). */
static void op_compare(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    direct_nan(c, in, row, math_of(c)->nan_compare);
}

/* POW: NV_fragment_program defines "ApproxPower(a,b) = ApproxExp2(b *
 * ApproxLog2(a))" with the special cases that follow from it (a negative
 * base, 0^0, INF^0 and 1^INF give NaN); TGSI's POW is pow(). */
static void power(lower_ctx *c, tgsi_dst t, unsigned comp, tgsi_src a, tgsi_src b)
{
    nvgp_tgsi_build_LG2(c->b, mask(t, 1u << comp), a);
    nvgp_tgsi_build_MUL(c->b, mask(t, 1u << comp), sc(of(t), comp), b);
    nvgp_tgsi_build_EX2(c->b, mask(t, 1u << comp), sc(of(t), comp));
}

static void op_pow(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    if (!math_of(c)->pow_log) {
        op_direct(c, in, row);
        return;
    }
    tgsi_src a = sc(lower_src(c, &in->src[0]), 0), b = sc(lower_src(c, &in->src[1]), 0);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    power(c, t, 0, a, b);
    nvgp_tgsi_build_MOV(c->b, t, sc(of(t), 0));
    finish(c, in, t, 0xf);
}

static void op_sub(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]);
    set_sat(c, in, nvgp_tgsi_build_ADD(c->b, lower_dst(c, &in->dst), a, neg(b)));
}

/* SFL/STR: 0.0 / 1.0 in every component. */
static void op_const(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    float v = row->op ? 1.0f : 0.0f;
    set_sat(c, in, nvgp_tgsi_build_MOV(c->b, lower_dst(c, &in->dst), fimm(c, v)));
}

/* DPH: x*x' + y*y' + z*z' + w' (DP3 then the add, in the spec's order). */
static void op_dph(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_DP3(c->b, mask(t, 1), a, b);
    set_sat(c, in, nvgp_tgsi_build_ADD(c->b, lower_dst(c, &in->dst), sc(of(t), 0), sc(b, 3)));
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* XPD: a.yzx * b.zxy - a.zxy * b.yzx; w is undefined and left alone. */
static void op_xpd(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_MUL(c->b, mask(t, 7), nvgp_tgsi_src_swizzle(a, 2, 0, 1, 3), nvgp_tgsi_src_swizzle(b, 1, 2, 0, 3));
    nvgp_tgsi_build_MAD(c->b, mask(t, 7), nvgp_tgsi_src_swizzle(a, 1, 2, 0, 3), nvgp_tgsi_src_swizzle(b, 2, 0, 1, 3),
                        neg(of(t)));
    finish(c, in, t, 7);
}

/* SWZ: extended swizzle with 0/1 selectors and per-component negation. */
static void op_swz(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    const nv_src *ns = &in->src[0];
    tgsi_src s = lower_src(c, ns);
    if (ns->negate)
        s = neg(s); /* the per-component signs below decide */
    unsigned pos = 0, negm = 0, konst = 0;
    float k[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < 4; i++) {
        bool n = ((ns->negmask >> i) & 1) != ns->negate;
        if (ns->swizzle[i] >= 4) {
            konst |= 1u << i;
            k[i] = ns->swizzle[i] == 5 ? 1.0f : 0.0f;
            if (n)
                k[i] = -k[i];
        } else if (n) {
            negm |= 1u << i;
        } else {
            pos |= 1u << i;
        }
    }
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    if (pos)
        nvgp_tgsi_build_MOV(c->b, mask(t, pos), s);
    if (negm)
        nvgp_tgsi_build_MOV(c->b, mask(t, negm), neg(s));
    if (konst)
        nvgp_tgsi_build_MOV(c->b, mask(t, konst), nvgp_tgsi_build_imm4f(c->b, k[0], k[1], k[2], k[3]));
    finish(c, in, t, 0xf);
}

/* EXP (ARB_vertex_program 2.14.5.9), with NV_vertex_program's rule that
 * EXP(+-Inf) has y = 0:  x = 2^floor(s), y = s - floor(s), z = 2^s, w = 1. */
static void op_exp(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src s = sc(lower_src(c, &in->src[0]), 0);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b), u = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_FLR(c->b, mask(t, 1), s);
    nvgp_tgsi_build_ADD(c->b, mask(t, 2), s, neg(sc(of(t), 0)));
    nvgp_tgsi_build_EX2(c->b, mask(t, 4), s);
    nvgp_tgsi_build_EX2(c->b, mask(t, 1), sc(of(t), 0));
    nvgp_tgsi_build_MOV(c->b, mask(t, 8), fimm(c, 1.0f));
    if (math_of(c)->exp_range) {
        /* NV_vertex_program 2.14.1.10.15: "EXP(-Inf) or if the exponential
         * result underflows gives [0.0, 0.0, 0.0, 1.0]; and EXP(+Inf) or if
         * the exponential result overflows gives [+Inf, 0.0, +Inf, 1.0]":
         * 2^floor(s) below 2^-126 (a denormal, flushed) or infinite */
        nvgp_tgsi_build_FSLT(c->b, mask(u, 1), sc(of(t), 0), fimm(c, 0x1p-126f));
        nvgp_tgsi_build_FSEQ(c->b, mask(u, 2), sc(of(t), 0), fimm(c, INFINITY));
        nvgp_tgsi_build_OR(c->b, mask(u, 2), sc(of(u), 0), sc(of(u), 1));
        nvgp_tgsi_build_UCMP(c->b, mask(t, 5), sc(of(u), 0), fimm(c, 0.0f), of(t));
    } else {
        nvgp_tgsi_build_FSEQ(c->b, mask(u, 2), nvgp_tgsi_src_abs(s), fimm(c, INFINITY));
    }
    nvgp_tgsi_build_UCMP(c->b, mask(t, 2), sc(of(u), 1), fimm(c, 0.0f), sc(of(t), 1));
    nvgp_tgsi_build_release_temp(c->b, u);
    finish(c, in, t, 0xf);
}

/* LOG (ARB_vertex_program 2.14.5.14): of |s|, x = floor(log2) exactly
 * (from the exponent bits; denormals are scaled by 2^64 first), y =
 * |s| / 2^x (the mantissa), z = log2 |s|, w = 1.  NV_vertex_program's
 * special cases: LOG(0) = (-Inf, 1, -Inf, 1), LOG(+-Inf) = (+Inf, 1, +Inf, 1). */
static void op_log(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src s = nvgp_tgsi_src_abs(sc(lower_src(c, &in->src[0]), 0));
    tgsi_dst t = nvgp_tgsi_build_temp(c->b), u = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_LG2(c->b, mask(t, 4), s);
    nvgp_tgsi_build_FSLT(c->b, mask(u, 1), s, fimm(c, 0x1p-126f));
    nvgp_tgsi_build_UCMP(c->b, mask(u, 2), sc(of(u), 0), fimm(c, 64.0f), fimm(c, 0.0f));
    nvgp_tgsi_build_EX2(c->b, mask(u, 4), sc(of(u), 1));
    nvgp_tgsi_build_MUL(c->b, mask(u, 8), s, sc(of(u), 2));
    nvgp_tgsi_build_USHR(c->b, mask(t, 1), sc(of(u), 3), uimm(c, 23));
    nvgp_tgsi_build_U2F(c->b, mask(t, 1), sc(of(t), 0));
    nvgp_tgsi_build_ADD(c->b, mask(t, 1), sc(of(t), 0), fimm(c, -127.0f));
    nvgp_tgsi_build_ADD(c->b, mask(t, 1), sc(of(t), 0), neg(sc(of(u), 1)));
    nvgp_tgsi_build_AND(c->b, mask(t, 2), sc(of(u), 3), uimm(c, 0x007fffffu));
    nvgp_tgsi_build_OR(c->b, mask(t, 2), sc(of(t), 1), uimm(c, 0x3f800000u));
    /* 0 and Inf: x = log2 |s| = -Inf / +Inf */
    nvgp_tgsi_build_FSEQ(c->b, mask(u, 1), nvgp_tgsi_src_abs(sc(of(t), 2)), fimm(c, INFINITY));
    nvgp_tgsi_build_UCMP(c->b, mask(t, 1), sc(of(u), 0), sc(of(t), 2), sc(of(t), 0));
    nvgp_tgsi_build_MOV(c->b, mask(t, 8), fimm(c, 1.0f));
    nvgp_tgsi_build_release_temp(c->b, u);
    finish(c, in, t, 0xf);
}

/* LIT (ARB_vertex_program 2.14.5.13): x, y clamped at 0, w clamped to
 * (-128, 128) exclusive (by NV_vertex_program's "epsilon is 1.0/256.0" in
 * the NV vertex languages); z = x > 0 ? y^w : 0 (0^0 = 1).  FP1.0 clamps
 * no w and takes the power of POW "including errors and the processing of
 * any special cases" (0^0 = NaN).  Where NaN operands give NaN (the NV
 * languages), the clamps keep a NaN and a NaN y or w makes z NaN. */
static void op_lit(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    const old_math *mm = math_of(c);
    const float lim = mm->lit_limit;
    tgsi_src s = lower_src(c, &in->src[0]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    if (mm->nan_minmax) {
        /* the pseudocode's comparisons, which let NaN through:
         * "if (t.x < 0) t.x = 0", "if (t.w < -(128.0-epsilon)) ..." */
        nvgp_tgsi_build_CMP(c->b, mask(t, 3), s, fimm(c, 0.0f), s);
        nvgp_tgsi_build_MOV(c->b, mask(t, 8), s);
        if (lim != 0.0f) {
            nvgp_tgsi_build_ADD(c->b, mask(t, 4), fimm(c, lim), neg(sc(of(t), 3)));
            nvgp_tgsi_build_CMP(c->b, mask(t, 8), sc(of(t), 2), fimm(c, lim), of(t));
            nvgp_tgsi_build_ADD(c->b, mask(t, 4), sc(of(t), 3), fimm(c, lim));
            nvgp_tgsi_build_CMP(c->b, mask(t, 8), sc(of(t), 2), fimm(c, -lim), of(t));
        }
    } else {
        nvgp_tgsi_build_MAX(c->b, mask(t, 3), s, fimm(c, 0.0f));
        nvgp_tgsi_build_MIN(c->b, mask(t, 8), s, fimm(c, lim));
        nvgp_tgsi_build_MAX(c->b, mask(t, 8), of(t), fimm(c, -lim));
    }
    if (mm->pow_log) {
        power(c, t, 2, sc(of(t), 1), sc(of(t), 3));
    } else {
        nvgp_tgsi_build_POW(c->b, mask(t, 4), sc(of(t), 1), sc(of(t), 3));
        if (mm->nan_minmax) {
            /* "RoughApproxPower(NaN, <x>) = NaN", "(<x>, NaN) = NaN"
             * (pow() gives 1 for NaN^0 and 1^NaN) */
            tgsi_src yw[2] = {sc(of(t), 1), sc(of(t), 3)};
            tgsi_dst z = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, z, sc(of(t), 2));
            nan_operands(c, z, yw, 2);
            nvgp_tgsi_build_MOV(c->b, mask(t, 4), sc(of(z), 2));
            nvgp_tgsi_build_release_temp(c->b, z);
        }
    }
    nvgp_tgsi_build_CMP(c->b, mask(t, 4), neg(sc(of(t), 0)), of(t), fimm(c, 0.0f));
    nvgp_tgsi_build_MOV(c->b, mask(t, 2), sc(of(t), 0));
    nvgp_tgsi_build_MOV(c->b, mask(t, 9), fimm(c, 1.0f));
    finish(c, in, t, 0xf);
}

/* RCC (NV_vertex_program2 2.14.3.25): 1/x with its magnitude clamped to
 * [2^-64, 2^64] and the sign of x (so -0 and -Inf give negative results),
 * NaN stays NaN. */
static void op_rcc(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src s = sc(lower_src(c, &in->src[0]), 0);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_RCP(c->b, mask(t, 1), s);
    nvgp_tgsi_build_MAX(c->b, mask(t, 2), nvgp_tgsi_src_abs(sc(of(t), 0)), fimm(c, 0x1p-64f));
    nvgp_tgsi_build_MIN(c->b, mask(t, 2), sc(of(t), 1), fimm(c, 0x1p64f));
    /* the sign of 1/x is that of x (+-0, +-INF included) after its negate
     * and absolute value, which an integer AND would apply as integers */
    nvgp_tgsi_build_AND(c->b, mask(t, 4), sc(of(t), 0), uimm(c, 0x80000000u));
    nvgp_tgsi_build_OR(c->b, mask(t, 2), sc(of(t), 1), sc(of(t), 2));
    nvgp_tgsi_build_FSNE(c->b, mask(t, 4), sc(of(t), 0), sc(of(t), 0));
    nvgp_tgsi_build_UCMP(c->b, mask(t, 2), sc(of(t), 2), sc(of(t), 0), sc(of(t), 1));
    nvgp_tgsi_build_MOV(c->b, t, sc(of(t), 1));
    finish(c, in, t, 0xf);
}

/* SCS: x = cos s, y = sin s; z and w are undefined and left alone. */
static void op_scs(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src s = sc(lower_src(c, &in->src[0]), 0);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_COS(c->b, mask(t, 1), s);
    nvgp_tgsi_build_SIN(c->b, mask(t, 2), s);
    finish(c, in, t, 3);
}

/* KIL operand: the fragment is discarded if any component is negative;
 * KIL with a condition (FP1.0, NV options): if any tested component passes. */
static void op_kil(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (in->nsrc == 0) {
        nv_cc_test t = in->cond;
        if (t.cond == NV_COND_NONE)
            t.cond = NV_COND_TR;
        tgsi_dst m = lower_cc_test(c, &t);
        nvgp_tgsi_build_UCMP(c->b, m, of(m), fimm(c, -1.0f), fimm(c, 0.0f));
        nvgp_tgsi_build_KILL_IF(c->b, of(m));
        nvgp_tgsi_build_release_temp(c->b, m);
        return;
    }
    nvgp_tgsi_build_KILL_IF(c->b, lower_src(c, &in->src[0]));
}

/* ---- Condition codes (VP2, FP1.0 and the ARB NV options) ---------------------- */

tgsi_dst lower_cc_test(lower_ctx *c, const nv_cc_test *t)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    if (!c->has_cc) {
        lower_error(c, t->offset, "condition code used before it exists");
        return m;
    }
    tgsi_src cc = nvgp_tgsi_src_swizzle(of(c->cc[t->reg & 1]), t->swizzle[0], t->swizzle[1], t->swizzle[2],
                                        t->swizzle[3]);
    tgsi_src zero = fimm(c, 0.0f);
    switch (t->cond) {
    case NV_COND_EQ: nvgp_tgsi_build_FSEQ(c->b, m, cc, zero); break;
    case NV_COND_NE: nvgp_tgsi_build_FSNE(c->b, m, cc, zero); break;
    case NV_COND_GT: nvgp_tgsi_build_FSLT(c->b, m, zero, cc); break;
    case NV_COND_LT: nvgp_tgsi_build_FSLT(c->b, m, cc, zero); break;
    case NV_COND_GE: nvgp_tgsi_build_FSGE(c->b, m, cc, zero); break;
    case NV_COND_LE: nvgp_tgsi_build_FSGE(c->b, m, zero, cc); break;
    case NV_COND_TR: nvgp_tgsi_build_MOV(c->b, m, uimm(c, 0xffffffffu)); break;
    case NV_COND_FL: nvgp_tgsi_build_MOV(c->b, m, uimm(c, 0)); break;
    default: lower_error(c, t->offset, "this condition has no TGSI translation yet"); break;
    }
    return m;
}

/* FP1.0 registers holding fp16 values: H0..H63 and o[COLH] (Table X.3:
 * "Final RGBA fragment color, fp16 format"). */
static bool writes_fp16_register(lower_ctx *c, const nv_inst *in)
{
    if (c->p->header != NV_HDR_FP10 || !in->has_dst || in->dst.var != NV_VAR_NONE)
        return false;
    if (in->dst.file == NV_FILE_TEMP)
        return in->dst.index >= NV_FP_HREG_BASE;
    return in->dst.file == NV_FILE_OUTPUT && in->dst.index == NV_FPR_COLH;
}

/* FP1.0 and the NV fragment options (NV_fragment_program 3.11.4.2): the
 * result of an X instruction is converted to fx12 ([-2048/1024, 2047/1024]
 * in steps of 1/1024, NaN to 0), of an H instruction or one writing an
 * fp16 register (H0..H63, o[COLH]) to fp16.  Instructions reading f[FOGC]
 * or f[TEXn] run at fp32 whatever their suffix.  0 = none, 'X', 'H'.
 * The suffix sets the precision of the result whatever receives it
 * ("calculations are carried out using 12-bit fixed point operands and
 * results"), outputs and RC/HC included. */
static int result_precision(lower_ctx *c, const nv_inst *in)
{
    if (!in->has_dst)
        return 0;
    bool hreg = writes_fp16_register(c, in);
    bool fp1 = c->p->header == NV_HDR_FP10;
    int prec = in->prec == NV_PREC_X ? 'X' : in->prec == NV_PREC_H ? 'H' : 0;
    if (prec && fp1)
        for (unsigned k = 0; k < in->nsrc && k < 4; k++) {
            const nv_src *s = &in->src[k];
            if (s->file == NV_FILE_ATTRIB && s->var == NV_VAR_NONE && s->index >= 3) /* FOGC, TEX0..7 */
                prec = 0;
        }
    if (prec == 0 && hreg)
        prec = 'H';
    return prec;
}

/* The precision an instruction's operands are converted to ("the values
 * sourced are converted to the precision specified by the instruction"):
 * its X or H suffix, or without one that of an H register it writes ("the
 * precision of the temporary register receiving the result"); none for
 * instructions without precision suffixes (textures, KIL, ...), for SWZ
 * (whose handler swizzles the operand itself), and, in FP1.0, for
 * instructions reading f[FOGC] or f[TEXn] (carried out at fp32). */
static int source_precision(lower_ctx *c, const nv_inst *in)
{
    if (in->op >= NV_OP_COUNT || in->op == NV_OP_SWZ)
        return 0;
    const char *mods = nvgp_nv_opcode_info((nv_opcode)in->op)->oldmods;
    if (!mods || !strchr(mods, 'H'))
        return 0;
    bool fp1 = c->p->header == NV_HDR_FP10;
    int prec = in->prec == NV_PREC_X ? 'X' : in->prec == NV_PREC_H ? 'H' : 0;
    if (!prec && in->prec != NV_PREC_R && fp1 && in->has_dst && in->dst.file == NV_FILE_TEMP &&
        in->dst.var == NV_VAR_NONE && in->dst.index >= NV_FP_HREG_BASE)
        prec = 'H';
    if (prec && fp1)
        for (unsigned k = 0; k < in->nsrc && k < 4; k++) {
            const nv_src *s = &in->src[k];
            if (s->file == NV_FILE_ATTRIB && s->var == NV_VAR_NONE && s->index >= 3) /* FOGC, TEX0..7 */
                prec = 0;
        }
    return prec;
}

/* r converted in place to fx12 ('X': [-2048/1024, 2047/1024] in steps of
 * 1/1024, NaN to 0) or fp16 ('H'). */
static void convert_value(lower_ctx *c, tgsi_dst r, int prec)
{
    if (prec == 'D') {
        /* |r| below 2^-126 (denormals and zeros) becomes the zero of its
         * sign; NaN fails the test */
        tgsi_dst m = nvgp_tgsi_build_temp(c->b), z = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_FSLT(c->b, m, nvgp_tgsi_src_abs(of(r)), fimm(c, 0x1p-126f));
        nvgp_tgsi_build_AND(c->b, z, of(r), uimm(c, 0x80000000u));
        nvgp_tgsi_build_UCMP(c->b, r, of(m), of(z), of(r));
        nvgp_tgsi_build_release_temp(c->b, z);
        nvgp_tgsi_build_release_temp(c->b, m);
        return;
    }
    if (prec == 'X') {
        tgsi_dst n = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_FSNE(c->b, n, of(r), of(r));
        nvgp_tgsi_build_MUL(c->b, r, of(r), fimm(c, 1024.0f));
        nvgp_tgsi_build_ROUND(c->b, r, of(r));
        nvgp_tgsi_build_MAX(c->b, r, of(r), fimm(c, -2048.0f));
        nvgp_tgsi_build_MIN(c->b, r, of(r), fimm(c, 2047.0f));
        nvgp_tgsi_build_MUL(c->b, r, of(r), fimm(c, 1.0f / 1024.0f));
        nvgp_tgsi_build_UCMP(c->b, r, of(n), fimm(c, 0.0f), of(r));
        nvgp_tgsi_build_release_temp(c->b, n);
        return;
    }
    tgsi_dst h = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_PK2H(c->b, mask(h, 1), of(r));
    nvgp_tgsi_build_PK2H(c->b, mask(h, 2), nvgp_tgsi_src_swizzle(of(r), 2, 3, 2, 3));
    nvgp_tgsi_build_UP2H(c->b, mask(r, 3), sc(of(h), 0));
    nvgp_tgsi_build_UP2H(c->b, mask(r, 0xc), sc(of(h), 1));
    nvgp_tgsi_build_release_temp(c->b, h);
}

tgsi_dst lower_instruction_temp(lower_ctx *c)
{
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    if (c->nsrc_conv >= sizeof c->src_conv / sizeof c->src_conv[0])
        lower_error(c, 0, "too many operand temporaries in one instruction");
    else
        c->src_conv[c->nsrc_conv++] = t;
    return t;
}

/* Instructions whose result is an operand's value (or its magnitude, floor
 * or fraction) or a constant: with flushed operands it holds no denormal,
 * so it needs no flush of its own. */
static const bool keeps_normal[NV_OP_COUNT] = {
    [NV_OP_MOV] = true, [NV_OP_ABS] = true, [NV_OP_MIN] = true, [NV_OP_MAX] = true,
    [NV_OP_FLR] = true, [NV_OP_FRC] = true, [NV_OP_SSG] = true, [NV_OP_SFL] = true,
    [NV_OP_STR] = true, [NV_OP_SEQ] = true, [NV_OP_SGE] = true, [NV_OP_SGT] = true,
    [NV_OP_SLE] = true, [NV_OP_SLT] = true, [NV_OP_SNE] = true,
};

bool lower_flushes_denormals(const lower_ctx *c)
{
    return math_of(c)->ftz;
}

void lower_flush_denormals(lower_ctx *c, tgsi_dst r)
{
    convert_value(c, r, 'D');
}

tgsi_src lower_convert_src(lower_ctx *c, tgsi_src r)
{
    if (c->nsrc_conv >= sizeof c->src_conv / sizeof c->src_conv[0]) {
        lower_error(c, 0, "too many operands to convert");
        return r;
    }
    tgsi_dst t = lower_instruction_temp(c);
    nvgp_tgsi_build_MOV(c->b, t, r);
    convert_value(c, t, c->src_prec);
    return of(t);
}

static void convert_result(lower_ctx *c, const nv_inst *in, tgsi_dst r, int prec)
{
    convert_value(c, r, prec);
    /* an X result written to an fp16 register is also an fp16 value */
    if (prec == 'X' && writes_fp16_register(c, in))
        convert_value(c, r, 'H');
}

/* An instruction with a "C" suffix, a conditional write mask, a CC-only
 * destination, signed saturation or a reduced precision: the result goes
 * to a temporary (and is clamped and converted), then to the destination
 * through a select on the condition, and to the condition code where it
 * was written (NV_vertex_program2 2.14.2.x). */
static void lower_with_cc(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    unsigned wm = in->dst.writemask & 0xf;
    bool cond = in->dst.cc.cond != NV_COND_NONE;
    bool to_cc = in->dst.file == NV_FILE_CC;
    tgsi_dst r = nvgp_tgsi_build_temp(c->b);
    c->dst_override = r;
    c->has_dst_override = true;
    row->fn(c, in, row);
    c->has_dst_override = false;
    if (in->sat == NV_SAT_SSAT) {
        /* NV_fragment_program2: "each component of the result vector is
         * clamped to the range [-1,1]" (NaN, failing both tests, to -1 as
         * _SAT's NaN goes to its lower bound) */
        nvgp_tgsi_build_MAX(c->b, r, of(r), fimm(c, -1.0f));
        nvgp_tgsi_build_MIN(c->b, r, of(r), fimm(c, 1.0f));
    }
    int prec = !math_of(c)->ftz ? result_precision(c, in) : keeps_normal[in->op] ? 0 : 'D';
    if (prec)
        convert_result(c, in, r, prec);
    tgsi_dst m = {0};
    if (cond)
        m = lower_cc_test(c, &in->dst.cc);
    if (!to_cc) {
        tgsi_dst d = mask(lower_dst(c, &in->dst), wm);
        if (cond)
            nvgp_tgsi_build_UCMP(c->b, d, of(m), of(r), of(d));
        else
            nvgp_tgsi_build_MOV(c->b, d, of(r));
    }
    if (in->cc_update) {
        tgsi_dst d = mask(c->cc[in->cc_update == 2], wm);
        if (cond)
            nvgp_tgsi_build_UCMP(c->b, d, of(m), of(r), of(d));
        else
            nvgp_tgsi_build_MOV(c->b, d, of(r));
    }
    if (cond)
        nvgp_tgsi_build_release_temp(c->b, m);
    nvgp_tgsi_build_release_temp(c->b, r);
}

/* TEX/TXB/TXP/TXL (coordinate) and TXD (coordinate, d/dx, d/dy), then the
 * sampler, as TGSI orders them. */
static void op_tex(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    tgsi_texture target;
    tgsi_src s[4];
    unsigned n = in->nsrc < 3 ? in->nsrc : 3;
    for (unsigned i = 0; i < n; i++)
        s[i] = lower_src(c, &in->src[i]);
    s[n] = lower_sampler(c, in, &target);
    if (in->tex.has_offset)
        lower_error(c, in->tex.offset, "texel offsets have no TGSI translation yet");
    tgsi_opcode op = (tgsi_opcode)row->op;
    /* NV_fragment_program TXP: "For cube map textures, the (s,t,r) texture
     * coordinates used for the lookup are given by x, y, and z" (no
     * division; ARB_fragment_program's TXP divides for every target). */
    if (op == TGSI_OPCODE_TXP && in->tex.target == NV_TEX_CUBE && c->p->header == NV_HDR_FP10)
        op = TGSI_OPCODE_TEX;
    set_sat(c, in, nvgp_tgsi_build_tex(c->b, op, lower_dst(c, &in->dst), target, s, n + 1, NULL, 0));
}

/* RFL (NV_fragment_program 3.11.5.26): 2 (a.b) / (a.a) * a - b over xyz;
 * w may not be written. */
static void op_rfl(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_DP3(c->b, mask(t, 8), a, a);
    nvgp_tgsi_build_DP3(c->b, mask(t, 1), a, b);
    nvgp_tgsi_build_ADD(c->b, mask(t, 1), sc(of(t), 0), sc(of(t), 0));
    nvgp_tgsi_build_DIV(c->b, mask(t, 1), sc(of(t), 0), sc(of(t), 3));
    nvgp_tgsi_build_MAD(c->b, mask(t, 7), sc(of(t), 0), a, neg(b));
    finish(c, in, t, 7);
}

/* X2D (NV_fragment_program 3.11.5.45): a.xy + (b.x c.x + b.y c.y,
 * b.x c.z + b.y c.w), written to xy and zw. */
static void op_x2d(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]), k = lower_src(c, &in->src[2]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_MAD(c->b, mask(t, 3), sc(b, 0), nvgp_tgsi_src_swizzle(k, 0, 2, 0, 2), a);
    nvgp_tgsi_build_MAD(c->b, mask(t, 3), sc(b, 1), nvgp_tgsi_src_swizzle(k, 1, 3, 1, 3), of(t));
    nvgp_tgsi_build_MOV(c->b, mask(t, 0xc), nvgp_tgsi_src_swizzle(of(t), 0, 1, 0, 1));
    finish(c, in, t, 0xf);
}

/* PK4B/UP4B (NV_fragment_program 3.11.5): excess-128 bytes, which TGSI's
 * PK4B/UP4B do not encode (lower_pack.c). */
static void op_pk4b(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_dst t = lower_pk4b_excess128(c, lower_src(c, &in->src[0]));
    set_sat(c, in, nvgp_tgsi_build_MOV(c->b, lower_dst(c, &in->dst), sc(of(t), 0)));
    nvgp_tgsi_build_release_temp(c->b, t);
}

static void op_up4b(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    finish(c, in, lower_up4b_excess128(c, sc(lower_src(c, &in->src[0]), 0)), 0xf);
}

/* DP2A: a.x b.x + a.y b.y + c.x, replicated. */
static void op_dp2a(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]), b = lower_src(c, &in->src[1]), k = lower_src(c, &in->src[2]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_DP2(c->b, mask(t, 1), a, b);
    set_sat(c, in, nvgp_tgsi_build_ADD(c->b, lower_dst(c, &in->dst), sc(of(t), 0), sc(k, 0)));
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* NRM: xyz / sqrt(x^2 + y^2 + z^2); w is undefined and left alone. */
static void op_nrm(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    tgsi_src a = lower_src(c, &in->src[0]);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_DP3(c->b, mask(t, 8), a, a);
    nvgp_tgsi_build_RSQ(c->b, mask(t, 8), sc(of(t), 3));
    nvgp_tgsi_build_MUL(c->b, mask(t, 7), a, sc(of(t), 3));
    finish(c, in, t, 7);
}

/* ---- Address registers ----------------------------------------------------- */

tgsi_dst lower_addr_shadow(lower_ctx *c, tgsi_dst a)
{
    int32_t k = a.reg.index;
    if (k < 0 || k >= 16) {
        lower_error(c, 0, "too many address registers to translate");
        return nvgp_tgsi_build_temp(c->b);
    }
    if (!c->addr_shadow_has[k]) {
        c->addr_shadow[k] = nvgp_tgsi_build_temp(c->b);
        c->addr_shadow_has[k] = true;
    }
    return c->addr_shadow[k];
}

/* ARL (floor), ARR (round) and ARA (x+z, y+w): an integer result clamped to
 * [-512, 511] (NV_vertex_program2 2.14.3.3-5) kept in the register's
 * integer copy, then loaded into the ADDR register with UARL.  The
 * condition code, when updated, compares the integer result with zero. */
static void op_addr(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    tgsi_dst a = lower_dst(c, &in->dst);
    /* VSP1.0 too: its relative reads check their index (lower.c) */
    bool exact = c->p->header == NV_HDR_VP20 || c->p->header == NV_HDR_VSP10 || c->p->options != 0 ||
                 in->cc_update || in->dst.cc.cond != NV_COND_NONE;
    if (!exact) {
        /* ARB_vertex_program/VP1.x: a plain floor, no range, no ARA to feed */
        nvgp_tgsi_build_ARL(c->b, a, lower_src(c, &in->src[0]));
        return;
    }
    unsigned wm = a.writemask;
    tgsi_dst s = lower_addr_shadow(c, a);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    if (in->op == NV_OP_ARA) {
        const nv_src *ns = &in->src[0];
        tgsi_src r = of(lower_addr_shadow(c, nvgp_tgsi_dst_of(lower_src(c, ns))));
        nvgp_tgsi_build_UADD(c->b, t, nvgp_tgsi_src_swizzle(r, 0, 1, 0, 1), nvgp_tgsi_src_swizzle(r, 2, 3, 2, 3));
    } else {
        nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op, &t, 1, (tgsi_src[]){lower_src(c, &in->src[0])}, 1);
        nvgp_tgsi_build_MAX(c->b, t, of(t), fimm(c, -512.0f));
        nvgp_tgsi_build_MIN(c->b, t, of(t), fimm(c, 511.0f));
        nvgp_tgsi_build_F2I(c->b, t, of(t));
    }
    nvgp_tgsi_build_IMAX(c->b, t, of(t), nvgp_tgsi_build_imm1i(c->b, -512));
    nvgp_tgsi_build_IMIN(c->b, t, of(t), nvgp_tgsi_build_imm1i(c->b, 511));
    tgsi_dst m = {0};
    bool cond = in->dst.cc.cond != NV_COND_NONE;
    if (cond) {
        m = lower_cc_test(c, &in->dst.cc);
        nvgp_tgsi_build_UCMP(c->b, mask(s, wm), of(m), of(t), of(s));
    } else {
        nvgp_tgsi_build_MOV(c->b, mask(s, wm), of(t));
    }
    nvgp_tgsi_build_UARL(c->b, a, of(s));
    if (in->cc_update) {
        tgsi_dst d = mask(c->cc[in->cc_update == 2], wm);
        nvgp_tgsi_build_I2F(c->b, t, of(t));
        if (cond)
            nvgp_tgsi_build_UCMP(c->b, d, of(m), of(t), of(d));
        else
            nvgp_tgsi_build_MOV(c->b, d, of(t));
    }
    if (cond)
        nvgp_tgsi_build_release_temp(c->b, m);
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* ---- The call stack ------------------------------------------------------------ */

/* The stack entry at index (a scalar), clamped into the array so that
 * lanes whose push or pop does not happen never address past it. */
static tgsi_dst stack_entry(lower_ctx *c, tgsi_src index, tgsi_dst t, unsigned comp)
{
    nvgp_tgsi_build_UMIN(c->b, mask(t, 1u << comp), index, uimm(c, c->stack_size - 1));
    nvgp_tgsi_build_UARL(c->b, mask(c->stack_addr, 1), sc(of(t), comp));
    return nvgp_tgsi_dst_indirect(c->stack, sc(of(c->stack_addr), 0), 0);
}

void lower_stack_push(lower_ctx *c, tgsi_src cond, tgsi_src value, bool is_addr, tgsi_dst fail)
{
    /* t.x: full; t.y: pushes here; t.z: scratch; t.w: the entry's bit */
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    tgsi_src depth = sc(of(c->depth), 0);
    nvgp_tgsi_build_USGE(c->b, mask(t, 1), depth, uimm(c, c->stack_size));
    nvgp_tgsi_build_AND(c->b, mask(t, 4), cond, sc(of(t), 0));
    nvgp_tgsi_build_OR(c->b, mask(fail, 1), sc(of(fail), 0), sc(of(t), 2));
    nvgp_tgsi_build_NOT(c->b, mask(t, 4), sc(of(t), 0));
    nvgp_tgsi_build_AND(c->b, mask(t, 2), cond, sc(of(t), 2));
    tgsi_dst e = stack_entry(c, depth, t, 2);
    nvgp_tgsi_build_UCMP(c->b, e, sc(of(t), 1), value, of(e));
    nvgp_tgsi_build_SHL(c->b, mask(t, 8), uimm(c, 1), depth);
    if (is_addr) {
        nvgp_tgsi_build_OR(c->b, mask(t, 4), sc(of(c->depth), 1), sc(of(t), 3));
    } else {
        nvgp_tgsi_build_NOT(c->b, mask(t, 8), sc(of(t), 3));
        nvgp_tgsi_build_AND(c->b, mask(t, 4), sc(of(c->depth), 1), sc(of(t), 3));
    }
    nvgp_tgsi_build_UCMP(c->b, mask(c->depth, 2), sc(of(t), 1), sc(of(t), 2), sc(of(c->depth), 1));
    nvgp_tgsi_build_UADD(c->b, mask(t, 4), depth, uimm(c, 1));
    nvgp_tgsi_build_UCMP(c->b, mask(c->depth, 1), sc(of(t), 1), sc(of(t), 2), depth);
    nvgp_tgsi_build_release_temp(c->b, t);
}

void lower_stack_pop(lower_ctx *c, tgsi_src cond, bool is_addr, tgsi_dst out, tgsi_dst fail)
{
    /* t.x: cannot pop; t.y: the top's index; t.z: the top's kind, then
     * scratch; t.w: pops here */
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    tgsi_src depth = sc(of(c->depth), 0);
    nvgp_tgsi_build_UADD(c->b, mask(t, 2), depth, uimm(c, 0xffffffffu));
    nvgp_tgsi_build_USHR(c->b, mask(t, 4), sc(of(c->depth), 1), sc(of(t), 1));
    nvgp_tgsi_build_AND(c->b, mask(t, 4), sc(of(t), 2), uimm(c, 1));
    if (is_addr)
        nvgp_tgsi_build_USEQ(c->b, mask(t, 1), sc(of(t), 2), uimm(c, 0));
    else
        nvgp_tgsi_build_USNE(c->b, mask(t, 1), sc(of(t), 2), uimm(c, 0));
    nvgp_tgsi_build_USEQ(c->b, mask(t, 4), depth, uimm(c, 0));
    nvgp_tgsi_build_OR(c->b, mask(t, 1), sc(of(t), 0), sc(of(t), 2));
    nvgp_tgsi_build_AND(c->b, mask(t, 4), cond, sc(of(t), 0));
    nvgp_tgsi_build_OR(c->b, mask(fail, 1), sc(of(fail), 0), sc(of(t), 2));
    nvgp_tgsi_build_NOT(c->b, mask(t, 4), sc(of(t), 0));
    nvgp_tgsi_build_AND(c->b, mask(t, 8), cond, sc(of(t), 2));
    tgsi_dst e = stack_entry(c, sc(of(t), 1), t, 2);
    nvgp_tgsi_build_UCMP(c->b, out, sc(of(t), 3), of(e), of(out));
    nvgp_tgsi_build_UCMP(c->b, mask(c->depth, 1), sc(of(t), 3), sc(of(t), 1), depth);
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* PUSHA/POPA (NV_vertex_program3 2.14.5.43-44): the address register's
 * integer copy goes onto / comes off the call stack.  A push on a full
 * stack, a pop from an empty one or of an entry CAL pushed end the program
 * ("terminates abnormally"; results undefined: those written so far are
 * kept).  They end a block of the program-counter loop (lower_flow.c),
 * which reads c->stack_fail. */
static void op_pusha(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!c->has_stack) {
        lower_error(c, in->offset, "no call stack for PUSHA");
        return;
    }
    tgsi_src a = lower_src(c, &in->src[0]);
    lower_stack_push(c, uimm(c, 0xffffffffu), of(lower_addr_shadow(c, nvgp_tgsi_dst_of(a))), true, c->stack_fail);
}

static void op_popa(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!c->has_stack) {
        lower_error(c, in->offset, "no call stack for POPA");
        return;
    }
    tgsi_dst a = lower_dst(c, &in->dst);
    tgsi_dst s = lower_addr_shadow(c, a);
    lower_stack_pop(c, uimm(c, 0xffffffffu), true, s, c->stack_fail);
    nvgp_tgsi_build_UARL(c->b, a, of(s));
}

/* ---- Structured flow control (NV_fragment_program2, NV_vertex_program3) ----- */

/* UIF on "any of the swizzled components passes" (3.11.X.7), the test the
 * flow instructions share; false when the condition is always true (no UIF
 * emitted). */
static bool begin_any(lower_ctx *c, const nv_cc_test *t)
{
    if (t->cond == NV_COND_NONE || t->cond == NV_COND_TR)
        return false;
    tgsi_dst m = lower_cc_test(c, t);
    nvgp_tgsi_build_OR(c->b, mask(m, 3), of(m), nvgp_tgsi_src_swizzle(of(m), 2, 3, 2, 3));
    nvgp_tgsi_build_OR(c->b, mask(m, 1), sc(of(m), 0), sc(of(m), 1));
    nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
    nvgp_tgsi_build_release_temp(c->b, m);
    return true;
}

static void op_if(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!begin_any(c, &in->cond)) /* IF TR: always taken */
        nvgp_tgsi_build_UIF(c->b, uimm(c, 0xffffffffu));
}

static void op_flow0(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)in;
    nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op, NULL, 0, NULL, 0);
}

/* BRK/CONT with a condition: inside a UIF. */
static void op_brk(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    if (in->cond.cond == NV_COND_FL)
        return;
    bool cond = begin_any(c, &in->cond);
    nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op, NULL, 0, NULL, 0);
    if (cond)
        nvgp_tgsi_build_ENDIF(c->b);
}

/* REP n: the count is floor(n.x); the block runs while it is positive
 * (3.11.X.9).  The counter is decremented at the top so CONT keeps it
 * right.  REP without an operand loops until BRK. */
static void op_rep(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (c->nloops >= sizeof c->loop_has_counter / sizeof c->loop_has_counter[0]) {
        lower_error(c, in->offset, "REP blocks nested too deeply to translate");
        return;
    }
    uint32_t k = c->nloops++;
    c->loop_has_counter[k] = in->nsrc > 0;
    c->loop_is_loop[k] = false;
    if (in->nsrc > 0) {
        tgsi_dst n = nvgp_tgsi_build_temp(c->b);
        c->loop_counter[k] = n;
        nvgp_tgsi_build_FLR(c->b, mask(n, 1), sc(lower_src(c, &in->src[0]), 0));
        nvgp_tgsi_build_BGNLOOP(c->b);
        nvgp_tgsi_build_FSGE(c->b, mask(n, 2), fimm(c, 0.0f), sc(of(n), 0));
        nvgp_tgsi_build_UIF(c->b, sc(of(n), 1));
        nvgp_tgsi_build_BRK(c->b);
        nvgp_tgsi_build_ENDIF(c->b);
        nvgp_tgsi_build_ADD(c->b, mask(n, 1), sc(of(n), 0), fimm(c, -1.0f));
    } else {
        nvgp_tgsi_build_BGNLOOP(c->b);
    }
}

/* The loop index register A0 of NV_fragment_program2 LOOP blocks. */
static tgsi_dst loop_index_reg(lower_ctx *c)
{
    nv_dst d;
    memset(&d, 0, sizeof d);
    d.file = NV_FILE_ADDRESS;
    d.var = NV_VAR_NONE;
    d.writemask = 1;
    return lower_dst(c, &d);
}

/* LOOP (3.11.X.8): count, index and step are floor(x, y, z); the block
 * runs while the count is positive; A0.x is the index, kept at 0 or more
 * whenever it is set (at LOOP and at each ENDLOOP). */
static void op_loop(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (c->nloops >= sizeof c->loop_has_counter / sizeof c->loop_has_counter[0]) {
        lower_error(c, in->offset, "LOOP blocks nested too deeply to translate");
        return;
    }
    uint32_t k = c->nloops++;
    c->loop_has_counter[k] = true;
    c->loop_is_loop[k] = true;
    tgsi_dst n = nvgp_tgsi_build_temp(c->b);
    c->loop_counter[k] = n;
    nvgp_tgsi_build_FLR(c->b, mask(n, 7), lower_src(c, &in->src[0]));
    nvgp_tgsi_build_F2I(c->b, mask(n, 7), of(n));
    /* "The value of A0.x is clamped to be greater than or equal to 0" */
    nvgp_tgsi_build_IMAX(c->b, mask(n, 2), sc(of(n), 1), nvgp_tgsi_build_imm1i(c->b, 0));
    nvgp_tgsi_build_BGNLOOP(c->b);
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_ISGE(c->b, mask(t, 1), nvgp_tgsi_build_imm1i(c->b, 0), sc(of(n), 0));
    nvgp_tgsi_build_UIF(c->b, sc(of(t), 0));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_release_temp(c->b, t);
    nvgp_tgsi_build_UADD(c->b, mask(n, 1), sc(of(n), 0), uimm(c, 0xffffffffu));
    nvgp_tgsi_build_UARL(c->b, loop_index_reg(c), sc(of(n), 1));
}

void lower_reload_loop_index(lower_ctx *c)
{
    for (uint32_t j = c->nloops; j-- > 0;)
        if (c->loop_is_loop[j]) {
            nvgp_tgsi_build_UARL(c->b, loop_index_reg(c), sc(of(c->loop_counter[j]), 1));
            break;
        }
}

static void op_endrep(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (c->nloops == 0) {
        lower_error(c, in->offset, "%s without its block", in->op == NV_OP_ENDLOOP ? "ENDLOOP" : "ENDREP");
        return;
    }
    uint32_t k = --c->nloops;
    if (c->loop_is_loop[k]) {
        /* LoopIndex += LoopIncr, A0.x still at least 0 */
        nvgp_tgsi_build_UADD(c->b, mask(c->loop_counter[k], 2), sc(of(c->loop_counter[k]), 1),
                             sc(of(c->loop_counter[k]), 2));
        nvgp_tgsi_build_IMAX(c->b, mask(c->loop_counter[k], 2), sc(of(c->loop_counter[k]), 1),
                             nvgp_tgsi_build_imm1i(c->b, 0));
    }
    nvgp_tgsi_build_ENDLOOP(c->b);
    /* with subroutines a counter stays the block's own: a released one
     * could be another block's that a call leaves live */
    if (c->loop_has_counter[k] && !c->keep_loop_counters)
        nvgp_tgsi_build_release_temp(c->b, c->loop_counter[k]);
    c->loop_is_loop[k] = false;
    c->nloops = k;
    /* back in an enclosing LOOP, A0.x is its index again */
    lower_reload_loop_index(c);
}

#define DIRECT(nv, tg) [NV_OP_##nv] = {op_direct, TGSI_OPCODE_##tg, false, false}
static const lower_row rows[NV_OP_COUNT] = {
    [NV_OP_ARL] = {op_addr, TGSI_OPCODE_FLR, false, true},
    [NV_OP_ARR] = {op_addr, TGSI_OPCODE_ROUND, false, true},
    [NV_OP_ARA] = {op_addr, 0, false, true},
    [NV_OP_PUSHA] = {op_pusha, 0, false, true},
    [NV_OP_POPA] = {op_popa, 0, false, true},
    DIRECT(ADD, ADD), DIRECT(CMP, CMP), DIRECT(COS, COS),
    DIRECT(DDX, DDX), DIRECT(DDY, DDY), DIRECT(DP3, DP3), DIRECT(DP4, DP4), DIRECT(DST, DST),
    DIRECT(EX2, EX2), DIRECT(FLR, FLR), DIRECT(FRC, FRC), DIRECT(LG2, LG2), DIRECT(LRP, LRP),
    DIRECT(MAD, MAD), DIRECT(MOV, MOV), DIRECT(MUL, MUL), DIRECT(RCP, RCP), DIRECT(SIN, SIN),
    [NV_OP_MAX] = {op_minmax, TGSI_OPCODE_MAX, false, false},
    [NV_OP_MIN] = {op_minmax, TGSI_OPCODE_MIN, false, false},
    [NV_OP_SSG] = {op_minmax, TGSI_OPCODE_SSG, false, false},
    [NV_OP_SEQ] = {op_compare, TGSI_OPCODE_SEQ, false, false},
    [NV_OP_SGE] = {op_compare, TGSI_OPCODE_SGE, false, false},
    [NV_OP_SGT] = {op_compare, TGSI_OPCODE_SGT, false, false},
    [NV_OP_SLE] = {op_compare, TGSI_OPCODE_SLE, false, false},
    [NV_OP_SLT] = {op_compare, TGSI_OPCODE_SLT, false, false},
    [NV_OP_SNE] = {op_compare, TGSI_OPCODE_SNE, false, false},
    [NV_OP_POW] = {op_pow, TGSI_OPCODE_POW, false, false},
    DIRECT(DIV, DIV), DIRECT(DP2, DP2),
    DIRECT(PK2H, PK2H), DIRECT(PK2US, PK2US), DIRECT(PK4UB, PK4UB),
    DIRECT(UP2H, UP2H), DIRECT(UP2US, UP2US), DIRECT(UP4UB, UP4UB),
    [NV_OP_PK4B] = {op_pk4b, 0, false, false},
    [NV_OP_UP4B] = {op_up4b, 0, false, false},
    [NV_OP_RFL] = {op_rfl, 0, false, false},
    [NV_OP_X2D] = {op_x2d, 0, false, false},
    [NV_OP_DP2A] = {op_dp2a, 0, false, false},
    [NV_OP_NRM] = {op_nrm, 0, false, false},
    [NV_OP_TXL] = {op_tex, TGSI_OPCODE_TXL, false, false},
    [NV_OP_TXD] = {op_tex, TGSI_OPCODE_TXD, false, false},
    [NV_OP_ABS] = {op_abs, 0, false, false},
    [NV_OP_RSQ] = {op_rsq, 0, false, false},
    [NV_OP_SUB] = {op_sub, 0, false, false},
    [NV_OP_SFL] = {op_const, 0, false, false},
    [NV_OP_STR] = {op_const, 1, false, false},
    [NV_OP_DPH] = {op_dph, 0, false, false},
    [NV_OP_XPD] = {op_xpd, 0, false, false},
    [NV_OP_SWZ] = {op_swz, 0, false, false},
    [NV_OP_EXP] = {op_exp, 0, false, false},
    [NV_OP_LOG] = {op_log, 0, false, false},
    [NV_OP_LIT] = {op_lit, 0, false, false},
    [NV_OP_RCC] = {op_rcc, 0, false, false},
    [NV_OP_SCS] = {op_scs, 0, false, false},
    [NV_OP_KIL] = {op_kil, 0, true, false},
    [NV_OP_IF] = {op_if, 0, true, false},
    [NV_OP_ELSE] = {op_flow0, TGSI_OPCODE_ELSE, false, false},
    [NV_OP_ENDIF] = {op_flow0, TGSI_OPCODE_ENDIF, false, false},
    [NV_OP_BRK] = {op_brk, TGSI_OPCODE_BRK, true, false},
    [NV_OP_CONT] = {op_brk, TGSI_OPCODE_CONT, true, false},
    [NV_OP_REP] = {op_rep, 0, false, false},
    [NV_OP_ENDREP] = {op_endrep, 0, false, false},
    [NV_OP_LOOP] = {op_loop, 0, false, false},
    [NV_OP_ENDLOOP] = {op_endrep, 0, false, false},
    [NV_OP_TEX] = {op_tex, TGSI_OPCODE_TEX, false, false},
    [NV_OP_TXB] = {op_tex, TGSI_OPCODE_TXB, false, false},
    [NV_OP_TXP] = {op_tex, TGSI_OPCODE_TXP, false, false},
};
#undef DIRECT

bool lower_old_sequence(lower_ctx *c, const nv_inst *in)
{
    if (in->op >= NV_OP_COUNT || !rows[in->op].fn)
        return false;
    rows[in->op].fn(c, in, &rows[in->op]);
    return true;
}

static void old_inst(lower_ctx *c, const nv_inst *in);

void lower_inst(lower_ctx *c, const nv_inst *in)
{
    if (c->gp)
        lower_gp_inst(c, in);
    else
        old_inst(c, in);
    lower_clip_flush(c);
}

static void old_inst(lower_ctx *c, const nv_inst *in)
{
    const char *name = in->op < NV_OP_COUNT ? nvgp_nv_opcode_info((nv_opcode)in->op)->name : "?";
    if (in->op >= NV_OP_COUNT || !rows[in->op].fn) {
        lower_error(c, in->offset, "%s has no TGSI translation yet", name);
        return;
    }
    if (in->cond.cond != NV_COND_NONE && !rows[in->op].cond_ok) {
        lower_error(c, in->offset, "conditional %s has no TGSI translation yet", name);
        return;
    }
    if (in->dtype != NV_DT_NONE && in->dtype != NV_DT_F && in->dtype != NV_DT_F32) {
        lower_error(c, in->offset, "typed %s has no TGSI translation yet", name);
        return;
    }
    /* NV_vertex_program2 2.14.3: "IEEE denorm encodings, used to represent
     * numbers smaller than 2^-126, are not supported.  All such numbers are
     * flushed to zero." (NV_vertex_program: "if a denorm is input, it is
     * treated as 0.0"): operands and results alike */
    const bool ftz = math_of(c)->ftz && !keeps_normal[in->op];
    c->src_prec = math_of(c)->ftz ? 'D' : source_precision(c, in);
    if (in->has_dst && !rows[in->op].own_cc &&
        (in->cc_update || in->dst.cc.cond != NV_COND_NONE || in->dst.file == NV_FILE_CC || ftz ||
         in->sat == NV_SAT_SSAT || result_precision(c, in)))
        lower_with_cc(c, in, &rows[in->op]);
    else
        rows[in->op].fn(c, in, &rows[in->op]);
    c->src_prec = 0;
    while (c->nsrc_conv)
        nvgp_tgsi_build_release_temp(c->b, c->src_conv[--c->nsrc_conv]);
}
