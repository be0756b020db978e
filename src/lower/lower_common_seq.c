/* The common layer's instruction sequences: the float instructions both
 * families translate alike (one-to-one ones, and DPH, XPD, SWZ, EXP, LOG,
 * LIT, RCC, SCS, RFL, X2D, DP2A, NRM, PK4B, UP4B, the texture fetches),
 * one row per opcode in lower_common_rows.  Sequences compute into a
 * scratch temporary and end with one MOV to the destination, so that the
 * write mask and saturation apply once and a destination that is also a
 * source is read intact.  The header's math rules (lower_math) choose the
 * corner cases. */
#include "lower/lower_common.h"

#include "nv/nv_old.h"

#include <math.h>
#include <string.h>

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
 * operands where TGSI's opcode differs (docs/spec-decisions-old.md;
 * struct lower_math in lower_common.h). */
#define LIT_ARB 0x1.fffffep6f          /* (-128, 128) exclusive, epsilon unnamed */
#define LIT_NV (128.0f - 1.0f / 256.0f) /* NV_vertex_program: "epsilon is 1.0/256.0" */
#define IEEE_ROW {false, false, false, false, LIT_ARB, false, false}

static const lower_math math_rows[NV_HDR_COUNT] = {
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

const lower_math *lower_math_of(const lower_ctx *c)
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
    if (!lower_math_of(c)->rsq_signed) {
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
    direct_nan(c, in, row, lower_math_of(c)->nan_minmax);
}

/* SEQ..SNE: VP2.0's pseudocode ends "if (tmp0.x is NaN or tmp1.x is NaN)
 * result.x = NaN" (docs/spec-decisions-old.md). */
static void op_compare(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    direct_nan(c, in, row, lower_math_of(c)->nan_compare);
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
    if (!lower_math_of(c)->pow_log) {
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
    if (lower_math_of(c)->exp_range) {
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
    const lower_math *mm = lower_math_of(c);
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
 * PK4B/UP4B do not encode (lower_common_pack.c). */
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

#define DIRECT(nv, tg) [NV_OP_##nv] = {op_direct, TGSI_OPCODE_##tg, false, false}
const lower_row lower_common_rows[NV_OP_COUNT] = {
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
    [NV_OP_TEX] = {op_tex, TGSI_OPCODE_TEX, false, false},
    [NV_OP_TXB] = {op_tex, TGSI_OPCODE_TXB, false, false},
    [NV_OP_TXP] = {op_tex, TGSI_OPCODE_TXP, false, false},
};
#undef DIRECT

bool lower_common_sequence(lower_ctx *c, const nv_inst *in)
{
    if (in->op >= NV_OP_COUNT || !lower_common_rows[in->op].fn)
        return false;
    lower_common_rows[in->op].fn(c, in, &lower_common_rows[in->op]);
    return true;
}
