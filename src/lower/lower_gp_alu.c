/* NV_gpu_program4/5 arithmetic, integer, bit, conversion and packing
 * instructions (lower_gp.h): one row per opcode with the TGSI opcode per
 * type, and the sequences for what TGSI lacks.  64-bit types (F64, S64,
 * U64) compute on two register pairs per vector (lower_gp.h); the float
 * sequences the older languages also have (DPH, XPD, LIT, ...) are shared
 * with the older family through lower_common_sequence (lower_common_seq.c). */
#include "lower/lower_gp.h"

#include <math.h>
#include <string.h>

static const char *const type_names[LT_COUNT] = {"F", "S", "U", "F64", "S64", "U64"};

/* ---- Small helpers ------------------------------------------------------- */

static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src neg(tgsi_src s) { return nvgp_tgsi_src_negate(s); }
static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_src swz(tgsi_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
    return nvgp_tgsi_src_swizzle(s, x, y, z, w);
}
static tgsi_dst temp(lower_ctx *c) { return nvgp_tgsi_build_temp(c->b); }
static void release(lower_ctx *c, tgsi_dst t) { nvgp_tgsi_build_release_temp(c->b, t); }
static tgsi_src fimm(lower_ctx *c, float x) { return nvgp_tgsi_build_imm1f(c->b, x); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

static tgsi_instruction *emit(lower_ctx *c, tgsi_opcode op, tgsi_dst d, const tgsi_src *s, unsigned n)
{
    return nvgp_tgsi_build_insn(c->b, op, &d, 1, s, n);
}
static tgsi_instruction *emit1(lower_ctx *c, tgsi_opcode op, tgsi_dst d, tgsi_src a)
{
    return emit(c, op, d, &a, 1);
}
static tgsi_instruction *emit2(lower_ctx *c, tgsi_opcode op, tgsi_dst d, tgsi_src a, tgsi_src b)
{
    tgsi_src s[2] = {a, b};
    return emit(c, op, d, s, 2);
}

/* A 64-bit immediate holding value bits u in both pairs. */
static tgsi_src imm64(lower_ctx *c, lower_type t, uint64_t u)
{
    uint32_t w[4] = {(uint32_t)u, (uint32_t)(u >> 32), (uint32_t)u, (uint32_t)(u >> 32)};
    tgsi_imm_type it = t == LT_F64 ? TGSI_IMM_FLOAT64 : t == LT_S64 ? TGSI_IMM_INT64 : TGSI_IMM_UINT64;
    return nvgp_tgsi_build_imm(c->b, it, w, 4);
}
static tgsi_src dimm(lower_ctx *c, double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    return imm64(c, LT_F64, u);
}

static const char *op_name(const nv_inst *in) { return nvgp_nv_opcode_info((nv_opcode)in->op)->name; }

static bool no_form(lower_ctx *c, const nv_inst *in, lower_type t)
{
    lower_error(c, in->offset, "%s.%s has no TGSI translation yet", op_name(in), type_names[t]);
    return false;
}

static bool dst_is_long(lower_ctx *c, const nv_inst *in)
{
    return in->has_dst && in->dst.file == NV_FILE_TEMP && lower_gp_is_long(c, in->dst.var);
}

/* ---- 32-bit results --------------------------------------------------------
 *
 * A result of type rt goes straight to the destination, with .SAT as TGSI
 * saturation, unless it needs a last step: .SSAT (clamp to [-1, 1]) or a
 * LONG destination (widened); then it is built in a temporary first. */

typedef struct gp_out {
    tgsi_dst d;          /* where the instruction writes */
    bool via_tmp;
} gp_out;

static gp_out out_open(lower_ctx *c, const nv_inst *in)
{
    gp_out o;
    o.via_tmp = in->sat == NV_SAT_SSAT || dst_is_long(c, in);
    o.d = o.via_tmp ? mask(temp(c), in->dst.writemask & 0xf) : lower_dst(c, &in->dst);
    return o;
}

static void sat_check(lower_ctx *c, const nv_inst *in, lower_type rt, tgsi_instruction *ti)
{
    if (in->sat == NV_SAT_NONE)
        return;
    if (!lower_type_is_float(rt)) {
        lower_error(c, in->offset, "%s: clamping modifiers apply to floating-point results only", op_name(in));
        return;
    }
    if (ti && in->sat == NV_SAT_SAT)
        ti->saturate = 1;
}

static void out_close(lower_ctx *c, const nv_inst *in, lower_type rt, gp_out *o)
{
    if (!o->via_tmp)
        return;
    tgsi_dst t = o->d;
    if (in->sat == NV_SAT_SSAT && rt == LT_F32) {
        nvgp_tgsi_build_MAX(c->b, t, of(t), fimm(c, -1.0f));
        nvgp_tgsi_build_MIN(c->b, t, of(t), fimm(c, 1.0f));
    }
    if (dst_is_long(c, in)) {
        /* a 32-bit result written to a LONG variable: widened */
        lower_gp64 v;
        memset(&v, 0, sizeof v);
        tgsi_opcode op = rt == LT_F32 ? TGSI_OPCODE_F2D : rt == LT_S32 ? TGSI_OPCODE_I2I64 : TGSI_OPCODE_U2I64;
        for (unsigned h = 0; h < 2; h++) {
            tgsi_dst u = temp(c);
            v.tmp[v.ntmp++] = u;
            emit1(c, op, u, swz(of(t), 2 * h, 2 * h + 1, 2 * h, 2 * h + 1));
            v.half[h] = of(u);
        }
        lower_gp_dst64(c, &in->dst, rt == LT_F32 ? LT_F64 : rt == LT_S32 ? LT_S64 : LT_U64, &v);
        lower_gp_release64(c, &v);
    } else {
        nvgp_tgsi_build_MOV(c->b, lower_dst(c, &in->dst), of(t));
    }
    release(c, t);
}

/* dst = op(s...) for a result of type rt. */
static void put(lower_ctx *c, const nv_inst *in, lower_type rt, tgsi_opcode op, const tgsi_src *s, unsigned n)
{
    gp_out o = out_open(c, in);
    sat_check(c, in, rt, emit(c, op, o.d, s, n));
    out_close(c, in, rt, &o);
}

/* dst = t (a finished temporary, released here). */
static void put_tmp(lower_ctx *c, const nv_inst *in, lower_type rt, tgsi_dst t)
{
    tgsi_src s = of(t);
    put(c, in, rt, TGSI_OPCODE_MOV, &s, 1);
    release(c, t);
}

static void srcs32(lower_ctx *c, const nv_inst *in, lower_type t, tgsi_src *s)
{
    for (unsigned i = 0; i < in->nsrc && i < 4; i++)
        s[i] = lower_gp_src(c, &in->src[i], t);
}

/* ---- 64-bit results ---------------------------------------------------------- */

typedef struct gp64_args {
    lower_gp64 s[3];
    unsigned n;
} gp64_args;

static void srcs64(lower_ctx *c, const nv_inst *in, lower_type t, gp64_args *a)
{
    a->n = in->nsrc < 3 ? in->nsrc : 3;
    for (unsigned i = 0; i < a->n; i++)
        a->s[i] = lower_gp_src64(c, &in->src[i], t);
}

static void free64(lower_ctx *c, gp64_args *a)
{
    for (unsigned i = 0; i < a->n; i++)
        lower_gp_release64(c, &a->s[i]);
}

/* A pair vector of two new temporaries. */
static lower_gp64 new64(lower_ctx *c)
{
    lower_gp64 r;
    memset(&r, 0, sizeof r);
    for (unsigned h = 0; h < 2; h++) {
        r.tmp[h] = temp(c);
        r.half[h] = of(r.tmp[h]);
    }
    r.ntmp = 2;
    return r;
}

/* A 64-bit operand without modifiers (for 32-bit opcodes working on the
 * words of 64-bit integers). */
static tgsi_src plain64(lower_ctx *c, tgsi_src x, lower_type t, tgsi_dst into)
{
    if (!x.negate && !x.absolute)
        return x;
    if (t == LT_F64)
        nvgp_tgsi_build_DMAX(c->b, into, x, x);
    else
        nvgp_tgsi_build_U64ADD(c->b, into, x, imm64(c, LT_U64, 0));
    return of(into);
}

/* Writes r (type rt) to the destination with .SAT/.SSAT, then frees it. */
static void put64(lower_ctx *c, const nv_inst *in, lower_type rt, lower_gp64 *r)
{
    if (in->sat != NV_SAT_NONE) {
        if (rt != LT_F64) {
            lower_error(c, in->offset, "%s: clamping modifiers apply to floating-point results only", op_name(in));
        } else {
            double lo = in->sat == NV_SAT_SSAT ? -1.0 : 0.0;
            for (unsigned h = 0; h < 2; h++) {
                nvgp_tgsi_build_DMAX(c->b, r->tmp[h], r->half[h], dimm(c, lo));
                nvgp_tgsi_build_DMIN(c->b, r->tmp[h], of(r->tmp[h]), dimm(c, 1.0));
                r->half[h] = of(r->tmp[h]);
            }
        }
    }
    lower_gp_dst64(c, &in->dst, rt, r);
    lower_gp_release64(c, r);
}

/* r.half[h] = op(a.half[h], ...) for both halves, then the destination. */
static void direct64(lower_ctx *c, const nv_inst *in, lower_type t, tgsi_opcode op, gp64_args *a)
{
    lower_gp64 r = new64(c);
    for (unsigned h = 0; h < 2; h++) {
        tgsi_src s[3];
        for (unsigned i = 0; i < a->n; i++)
            s[i] = a->s[i].half[h];
        emit(c, op, r.tmp[h], s, a->n);
    }
    put64(c, in, t, &r);
}

/* ---- One TGSI opcode per type ---------------------------------------------------- */

/* The row's opcode for the type; operands and result of that type.  A
 * 32-bit bitwise opcode (AND/OR/XOR/NOT) on a 64-bit integer type works on
 * both words of each pair. */
static void gp_direct(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!row->op[t]) {
        no_form(c, in, t);
        return;
    }
    if (lower_type_is_64(t)) {
        gp64_args a;
        srcs64(c, in, t, &a);
        tgsi_opcode op = (tgsi_opcode)row->op[t];
        if (op == TGSI_OPCODE_AND || op == TGSI_OPCODE_OR || op == TGSI_OPCODE_XOR || op == TGSI_OPCODE_NOT)
            for (unsigned i = 0; i < a.n; i++)
                lower_gp_plain64(c, &a.s[i], t);
        direct64(c, in, t, op, &a);
        free64(c, &a);
        return;
    }
    tgsi_src s[4];
    srcs32(c, in, t, s);
    put(c, in, t, (tgsi_opcode)row->op[t], s, in->nsrc < 4 ? in->nsrc : 4);
}

/* DDX/DDY: ARB_derivative_control's .FINE is TGSI's DDX_FINE/DDY_FINE (a
 * difference per row or column pair of the 2x2 quad); .COARSE, and plain
 * DDX/DDY as before, are TGSI's DDX/DDY (one difference per quad). */
static void gp_deriv(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!row->op[t]) {
        no_form(c, in, t);
        return;
    }
    tgsi_opcode op = (tgsi_opcode)row->op[t];
    if (in->deriv == NV_DERIV_FINE)
        op = op == TGSI_OPCODE_DDX ? TGSI_OPCODE_DDX_FINE : TGSI_OPCODE_DDY_FINE;
    tgsi_src s[4];
    srcs32(c, in, t, s);
    put(c, in, t, op, s, 1);
}

/* MOV: a copy; 64-bit copies apply their modifiers as 64-bit operations. */
static void gp_mov(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!lower_type_is_64(t)) {
        gp_direct(c, in, row, t);
        return;
    }
    lower_gp64 a = lower_gp_src64(c, &in->src[0], t);
    lower_gp64 r = new64(c);
    for (unsigned h = 0; h < 2; h++) {
        tgsi_src x = plain64(c, a.half[h], t, r.tmp[h]);
        if (x.reg.file != r.tmp[h].reg.file || x.reg.index != r.tmp[h].reg.index)
            nvgp_tgsi_build_MOV(c->b, r.tmp[h], x);
    }
    lower_gp_release64(c, &a);
    put64(c, in, t, &r);
}

/* ABS: |x| (unsigned: the operand). */
static void gp_abs(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (t == LT_F32) {
        tgsi_src s = nvgp_tgsi_src_abs(lower_gp_src(c, &in->src[0], t));
        put(c, in, t, TGSI_OPCODE_MOV, &s, 1);
        return;
    }
    gp_direct(c, in, row, t);
}

/* DIV/MOD/SHL/SHR: the second operand is a scalar.  64-bit shifts take a
 * 32-bit count (TGSI reads it from x for the xy pair and y for zw). */
static void gp_scalar2(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!row->op[t]) {
        no_form(c, in, t);
        return;
    }
    tgsi_opcode op = (tgsi_opcode)row->op[t];
    bool shift = in->op == NV_OP_SHL || in->op == NV_OP_SHR;
    if (lower_type_is_64(t)) {
        nv_src s1 = in->src[1];
        for (int i = 1; i < 4; i++)
            s1.swizzle[i] = s1.swizzle[0];
        gp64_args a;
        a.n = 2;
        a.s[0] = lower_gp_src64(c, &in->src[0], t);
        if (shift) {
            memset(&a.s[1], 0, sizeof a.s[1]);
            a.s[1].half[0] = a.s[1].half[1] = sc(lower_gp_src(c, &s1, LT_S32), 0);
        } else {
            a.s[1] = lower_gp_src64(c, &s1, t);
        }
        direct64(c, in, t, op, &a);
        free64(c, &a);
        return;
    }
    tgsi_src s[2];
    srcs32(c, in, t, s);
    s[1] = sc(s[1], 0);
    put(c, in, t, op, s, 2);
}

/* ---- Integer add/subtract with carry and overflow ---------------------------------------
 *
 * NV_gpu_program4 2.X.4.3: a negated operand turns an add into a subtract;
 * CF is the unsigned carry of an add or "no borrow" of a subtract, OF the
 * signed overflow.  -A-B leaves both undefined (computed as for the add of
 * the negated values). */

/* r = a + b or a - b (sub); with flags, CF and OF for the condition-code
 * wrapper (lower_gp_addsub_flags). */
static void add_flags(lower_ctx *c, tgsi_dst r, tgsi_src a, tgsi_src b, bool sub, bool flags)
{
    nvgp_tgsi_build_UADD(c->b, r, a, sub ? neg(b) : b);
    if (flags)
        lower_gp_addsub_flags(c, a, b, of(r), sub);
}

/* The add of a and b (NV operands) of a 32-bit integer type: the operands
 * without their negation, and whether that makes it a subtract. */
static void add_int(lower_ctx *c, const nv_inst *in, lower_type t, tgsi_dst r, tgsi_src a, bool na, const nv_src *nb_src,
                    bool nb)
{
    nv_src pb = *nb_src;
    pb.negate = false;
    tgsi_src b = lower_gp_src(c, &pb, t);
    bool flags = in->cc_update != 0;
    if (na && !nb)
        add_flags(c, r, b, a, true, flags);
    else if (na && nb)
        add_flags(c, r, neg(a), neg(b), false, flags);
    else
        add_flags(c, r, a, b, nb, flags);
}

/* 64-bit integer ADD/SUB with a condition-code update (NV_gpu_program5: the
 * 32-bit rules on 64-bit values): the operands as add_int takes them, the
 * sum per pair with U64ADD, and per NV component CF (U64SLT/U64SGE, whose
 * results land in x and z of each pair) and OF (the sign of the high words
 * y and w of (x ^ r) & (y ^ r), or (x ^ y) & (x ^ r) for a subtract). */
static void add64_flags(lower_ctx *c, const nv_inst *in, lower_type t, bool sub)
{
    nv_src pa = in->src[0], pb = in->src[1];
    bool na = pa.negate, nb = pb.negate != sub;
    pa.negate = pb.negate = false;
    lower_gp64 A = lower_gp_src64(c, &pa, t), B = lower_gp_src64(c, &pb, t);
    bool s = na && !nb ? true : na && nb ? false : nb;
    lower_gp64 R = new64(c);
    tgsi_dst xa = temp(c), yb = temp(c), u = temp(c), v = temp(c);
    tgsi_dst cf = temp(c), ov = temp(c); /* the wrapper releases them */
    for (unsigned h = 0; h < 2; h++) {
        tgsi_src x = na && !nb ? B.half[h] : na && nb ? neg(A.half[h]) : A.half[h];
        tgsi_src y = na && !nb ? A.half[h] : na && nb ? neg(B.half[h]) : B.half[h];
        x = plain64(c, x, t, xa);
        y = plain64(c, y, t, yb);
        nvgp_tgsi_build_U64ADD(c->b, R.tmp[h], x, s ? neg(y) : y);
        if (s)
            nvgp_tgsi_build_U64SGE(c->b, mask(u, 5), x, y);
        else
            nvgp_tgsi_build_U64SLT(c->b, mask(u, 5), R.half[h], x);
        nvgp_tgsi_build_MOV(c->b, mask(cf, 3u << (2 * h)), swz(of(u), 0, 2, 0, 2));
        nvgp_tgsi_build_XOR(c->b, u, x, R.half[h]);
        nvgp_tgsi_build_XOR(c->b, v, y, s ? x : R.half[h]);
        nvgp_tgsi_build_AND(c->b, u, of(u), of(v));
        nvgp_tgsi_build_ISLT(c->b, mask(u, 10), of(u), uimm(c, 0));
        nvgp_tgsi_build_MOV(c->b, mask(ov, 3u << (2 * h)), swz(of(u), 1, 3, 1, 3));
    }
    release(c, v);
    release(c, u);
    release(c, yb);
    release(c, xa);
    lower_gp_release64(c, &A);
    lower_gp_release64(c, &B);
    c->gps->cf = cf;
    c->gps->of = ov;
    c->gps->has_cf = c->gps->has_of = true;
    put64(c, in, t, &R);
}

/* ADD/SUB: floats and 64-bit types directly; 32-bit integers with flags. */
static void gp_addsub(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    bool sub = in->op == NV_OP_SUB;
    if (t == LT_F32 || lower_type_is_64(t)) {
        if (!lower_type_is_64(t)) {
            tgsi_src s[2];
            srcs32(c, in, t, s);
            if (sub)
                s[1] = neg(s[1]);
            put(c, in, t, TGSI_OPCODE_ADD, s, 2);
            return;
        }
        if (t != LT_F64 && in->cc_update) {
            add64_flags(c, in, t, sub);
            return;
        }
        gp64_args a;
        srcs64(c, in, t, &a);
        if (sub)
            for (unsigned h = 0; h < 2; h++)
                a.s[1].half[h] = neg(a.s[1].half[h]);
        direct64(c, in, t, (tgsi_opcode)row->op[t], &a);
        free64(c, &a);
        return;
    }
    nv_src pa = in->src[0];
    pa.negate = false;
    tgsi_src a = lower_gp_src(c, &pa, t);
    tgsi_dst r = temp(c);
    add_int(c, in, t, r, a, in->src[0].negate, &in->src[1], in->src[1].negate != sub);
    put_tmp(c, in, t, r);
}

/* R = the high 64 bits of the 128-bit products of the pairs of A and B
 * (no modifiers), from 32-bit partial products: with a = aH:aL and b =
 * bH:bL, high = aH bH + hi(aL bH) + hi(aH bL) + the carries out of the
 * middle word hi(aL bL) + lo(aL bH) + lo(aH bL).  Signed: minus b where a
 * is negative and minus a where b is. */
static void mul_hi64(lower_ctx *c, bool sgn, tgsi_src A, tgsi_src B, tgsi_dst R)
{
    tgsi_src aL = swz(A, 0, 0, 2, 2), aH = swz(A, 1, 1, 3, 3), bL = swz(B, 0, 0, 2, 2), bH = swz(B, 1, 1, 3, 3);
    tgsi_src zero = uimm(c, 0), one = uimm(c, 1);
    tgsi_dst x = temp(c), y = temp(c), z = temp(c);
    /* the 32-bit work is in x and z, one value each; y and w make pairs */
    nvgp_tgsi_build_UMUL(c->b, mask(R, 5), aH, bH);
    nvgp_tgsi_build_UMUL_HI(c->b, mask(R, 10), aH, bH);
    nvgp_tgsi_build_UMUL_HI(c->b, mask(x, 5), aL, bL);
    nvgp_tgsi_build_UMUL(c->b, mask(y, 5), aL, bH);
    nvgp_tgsi_build_UADD(c->b, mask(x, 5), of(x), of(y));
    nvgp_tgsi_build_USLT(c->b, mask(y, 5), of(x), of(y));
    nvgp_tgsi_build_AND(c->b, mask(y, 5), of(y), one);
    nvgp_tgsi_build_UMUL(c->b, mask(z, 5), aH, bL);
    nvgp_tgsi_build_UADD(c->b, mask(x, 5), of(x), of(z));
    nvgp_tgsi_build_USLT(c->b, mask(z, 5), of(x), of(z));
    nvgp_tgsi_build_AND(c->b, mask(z, 5), of(z), one);
    nvgp_tgsi_build_UADD(c->b, mask(y, 5), of(y), of(z));
    nvgp_tgsi_build_MOV(c->b, mask(y, 10), zero);
    nvgp_tgsi_build_U64ADD(c->b, R, of(R), of(y));
    nvgp_tgsi_build_MOV(c->b, mask(x, 10), zero);
    nvgp_tgsi_build_UMUL_HI(c->b, mask(x, 5), aL, bH);
    nvgp_tgsi_build_U64ADD(c->b, R, of(R), of(x));
    nvgp_tgsi_build_UMUL_HI(c->b, mask(x, 5), aH, bL);
    nvgp_tgsi_build_U64ADD(c->b, R, of(R), of(x));
    if (sgn)
        for (unsigned k = 0; k < 2; k++) {
            nvgp_tgsi_build_I64SLT(c->b, mask(x, 5), k ? B : A, imm64(c, LT_S64, 0));
            nvgp_tgsi_build_UCMP(c->b, y, swz(of(x), 0, 0, 2, 2), k ? A : B, zero);
            nvgp_tgsi_build_U64ADD(c->b, R, of(R), neg(of(y)));
        }
    release(c, z);
    release(c, y);
    release(c, x);
}

/* MUL: .HI for the high word (64-bit types: the high 64 bits), .S24/.U24
 * as full 32-bit multiplies (their results agree wherever the 24-bit forms
 * are defined). */
static void gp_mul(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (in->hi && (t == LT_S64 || t == LT_U64)) {
        gp64_args a;
        srcs64(c, in, t, &a);
        lower_gp64 r = new64(c);
        for (unsigned h = 0; h < 2; h++) {
            tgsi_dst u = temp(c), w = temp(c);
            tgsi_src A = plain64(c, a.s[0].half[h], t, u), B = plain64(c, a.s[1].half[h], t, w);
            mul_hi64(c, t == LT_S64, A, B, r.tmp[h]);
            release(c, w);
            release(c, u);
        }
        free64(c, &a);
        put64(c, in, t, &r);
        return;
    }
    if (in->hi) {
        if (t != LT_S32 && t != LT_U32) {
            no_form(c, in, t);
            return;
        }
        tgsi_src s[2];
        srcs32(c, in, t, s);
        put(c, in, t, t == LT_S32 ? TGSI_OPCODE_IMUL_HI : TGSI_OPCODE_UMUL_HI, s, 2);
        return;
    }
    gp_direct(c, in, row, t);
}

/* MAD: a * b + c; integer flags come from the add of the product and c. */
static void gp_mad(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (t == LT_F32 || t == LT_F64) {
        gp_direct(c, in, row, t);
        return;
    }
    if (lower_type_is_64(t)) {
        gp64_args a;
        srcs64(c, in, t, &a);
        lower_gp64 r = new64(c);
        for (unsigned h = 0; h < 2; h++) {
            nvgp_tgsi_build_U64MUL(c->b, r.tmp[h], a.s[0].half[h], a.s[1].half[h]);
            nvgp_tgsi_build_U64ADD(c->b, r.tmp[h], of(r.tmp[h]), a.s[2].half[h]);
        }
        free64(c, &a);
        put64(c, in, t, &r);
        return;
    }
    tgsi_src a = lower_gp_src(c, &in->src[0], t), b = lower_gp_src(c, &in->src[1], t);
    tgsi_dst p = temp(c), r = temp(c);
    nvgp_tgsi_build_UMUL(c->b, p, a, b);
    add_int(c, in, t, r, of(p), false, &in->src[2], in->src[2].negate);
    release(c, p);
    put_tmp(c, in, t, r);
}

/* SAD: |a - b| + c, the difference as max - min of the type (exact in the
 * unsigned result), c and the result unsigned. */
static void gp_sad(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    bool sgn = t == LT_S32 || t == LT_S64;
    if (lower_type_is_64(t)) {
        gp64_args a;
        a.n = 3;
        a.s[0] = lower_gp_src64(c, &in->src[0], t);
        a.s[1] = lower_gp_src64(c, &in->src[1], t);
        a.s[2] = lower_gp_src64(c, &in->src[2], LT_U64);
        lower_gp64 r = new64(c);
        tgsi_dst u = temp(c);
        for (unsigned h = 0; h < 2; h++) {
            emit2(c, sgn ? TGSI_OPCODE_I64MAX : TGSI_OPCODE_U64MAX, r.tmp[h], a.s[0].half[h], a.s[1].half[h]);
            emit2(c, sgn ? TGSI_OPCODE_I64MIN : TGSI_OPCODE_U64MIN, u, a.s[0].half[h], a.s[1].half[h]);
            nvgp_tgsi_build_U64ADD(c->b, r.tmp[h], of(r.tmp[h]), neg(of(u)));
            nvgp_tgsi_build_U64ADD(c->b, r.tmp[h], of(r.tmp[h]), a.s[2].half[h]);
        }
        release(c, u);
        free64(c, &a);
        put64(c, in, LT_U64, &r);
        return;
    }
    tgsi_src a = lower_gp_src(c, &in->src[0], t), b = lower_gp_src(c, &in->src[1], t);
    tgsi_dst d = temp(c), r = temp(c);
    emit2(c, sgn ? TGSI_OPCODE_IMAX : TGSI_OPCODE_UMAX, d, a, b);
    emit2(c, sgn ? TGSI_OPCODE_IMIN : TGSI_OPCODE_UMIN, r, a, b);
    nvgp_tgsi_build_UADD(c->b, d, of(d), neg(of(r)));
    add_int(c, in, LT_U32, r, of(d), false, &in->src[2], in->src[2].negate);
    release(c, d);
    put_tmp(c, in, LT_U32, r);
}

/* ---- Compares and selects ------------------------------------------------------------------ */

/* CMP: a < 0 ? b : c (unsigned: never negative). */
static void gp_cmp(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    if (lower_type_is_64(t)) {
        gp64_args a;
        srcs64(c, in, t, &a);
        lower_gp64 r = new64(c);
        tgsi_dst m = temp(c);
        for (unsigned h = 0; h < 2; h++) {
            tgsi_src m2 = swz(of(m), 0, 0, 2, 2); /* the pair's test for both of its words */
            if (t == LT_U64) {
                nvgp_tgsi_build_MOV(c->b, r.tmp[h], plain64(c, a.s[2].half[h], t, r.tmp[h]));
                continue;
            }
            if (t == LT_F64)
                nvgp_tgsi_build_DSLT(c->b, mask(m, 5), a.s[0].half[h], dimm(c, 0.0));
            else
                nvgp_tgsi_build_I64SLT(c->b, mask(m, 5), a.s[0].half[h], imm64(c, LT_S64, 0));
            tgsi_dst u = temp(c);
            nvgp_tgsi_build_UCMP(c->b, r.tmp[h], m2, plain64(c, a.s[1].half[h], t, u),
                                 plain64(c, a.s[2].half[h], t, r.tmp[h]));
            release(c, u);
        }
        release(c, m);
        free64(c, &a);
        put64(c, in, t, &r);
        return;
    }
    tgsi_src s[3];
    srcs32(c, in, t, s);
    if (t == LT_F32) {
        put(c, in, t, TGSI_OPCODE_CMP, s, 3);
    } else if (t == LT_U32) {
        put(c, in, t, TGSI_OPCODE_MOV, &s[2], 1);
    } else {
        tgsi_dst m = temp(c);
        nvgp_tgsi_build_ISLT(c->b, m, s[0], nvgp_tgsi_build_imm1i(c->b, 0));
        tgsi_src u[3] = {of(m), s[1], s[2]};
        put(c, in, t, TGSI_OPCODE_UCMP, u, 3);
        release(c, m);
    }
}

/* The set-on instructions: per type the TGSI compare and whether its
 * operands are swapped (a > b is b < a).  TRUE is 1.0 for floats, ~0 for
 * integers (NV_gpu_program4 2.X.8 SEQ). */
typedef struct set_rule {
    uint16_t op[LT_COUNT];
    bool swap_int;
} set_rule;

#define SR(f, i, u, d, i64, u64, sw)                                                                            \
    {{TGSI_OPCODE_##f, TGSI_OPCODE_##i, TGSI_OPCODE_##u, TGSI_OPCODE_##d, TGSI_OPCODE_##i64, TGSI_OPCODE_##u64}, \
     sw}
static const set_rule set_rules[] = {
    [0] = SR(SEQ, USEQ, USEQ, DSEQ, U64SEQ, U64SEQ, false),
    [1] = SR(SNE, USNE, USNE, DSNE, U64SNE, U64SNE, false),
    [2] = SR(SLT, ISLT, USLT, DSLT, I64SLT, U64SLT, false),
    [3] = SR(SGE, ISGE, USGE, DSGE, I64SGE, U64SGE, false),
    [4] = SR(SGT, ISLT, USLT, DSLT, I64SLT, U64SLT, true),
    [5] = SR(SLE, ISGE, USGE, DSGE, I64SGE, U64SGE, true),
};
#undef SR

static const set_rule *set_rule_of(nv_opcode op)
{
    switch (op) {
    case NV_OP_SEQ: return &set_rules[0];
    case NV_OP_SNE: return &set_rules[1];
    case NV_OP_SLT: return &set_rules[2];
    case NV_OP_SGE: return &set_rules[3];
    case NV_OP_SGT: return &set_rules[4];
    default: return &set_rules[5];
    }
}

static void gp_set(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    const set_rule *r = set_rule_of((nv_opcode)in->op);
    tgsi_opcode op = (tgsi_opcode)r->op[t];
    bool swap = r->swap_int && t != LT_F32;
    if (lower_type_is_64(t)) {
        gp64_args a;
        srcs64(c, in, t, &a);
        lower_gp64 v = new64(c);
        for (unsigned h = 0; h < 2; h++) {
            tgsi_src x = a.s[swap].half[h], y = a.s[!swap].half[h];
            emit2(c, op, mask(v.tmp[h], 5), x, y); /* booleans in x and z */
            if (t == LT_F64) /* 1.0 = 0x3ff00000 00000000 */
                nvgp_tgsi_build_AND(c->b, v.tmp[h], swz(of(v.tmp[h]), 0, 0, 2, 2),
                                    nvgp_tgsi_build_imm(c->b, TGSI_IMM_UINT32,
                                                        (uint32_t[]){0, 0x3ff00000u, 0, 0x3ff00000u}, 4));
            else
                nvgp_tgsi_build_MOV(c->b, v.tmp[h], swz(of(v.tmp[h]), 0, 0, 2, 2));
        }
        free64(c, &a);
        put64(c, in, t, &v);
        return;
    }
    tgsi_src s[2];
    srcs32(c, in, t, s);
    if (swap) {
        tgsi_src x = s[0];
        s[0] = s[1];
        s[1] = x;
    }
    put(c, in, t, op, s, 2);
}

/* SFL/STR: FALSE/TRUE of the type. */
static void gp_setconst(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    bool tr = in->op == NV_OP_STR;
    if (lower_type_is_64(t)) {
        lower_gp64 v = new64(c);
        uint64_t bits = !tr ? 0 : t == LT_F64 ? 0x3ff0000000000000ull : ~0ull;
        for (unsigned h = 0; h < 2; h++)
            nvgp_tgsi_build_MOV(c->b, v.tmp[h], imm64(c, t, bits));
        put64(c, in, t, &v);
        return;
    }
    tgsi_src k = t == LT_F32 ? fimm(c, tr ? 1.0f : 0.0f) : uimm(c, tr ? 0xffffffffu : 0);
    put(c, in, t, TGSI_OPCODE_MOV, &k, 1);
}

/* ---- Conversions ---------------------------------------------------------------------------- */

/* CEIL/FLR/ROUND/TRUNC: the operand is always a float (F64 for 64-bit
 * types); integer types convert the rounded value (out-of-range values
 * are undefined in NV_gpu_program4; TGSI's conversions saturate). */
static void gp_round(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (lower_type_is_64(t)) {
        lower_gp64 a = lower_gp_src64(c, &in->src[0], LT_F64);
        lower_gp64 r = new64(c);
        for (unsigned h = 0; h < 2; h++) {
            emit1(c, (tgsi_opcode)row->op[LT_F64], r.tmp[h], a.half[h]);
            if (t != LT_F64)
                emit1(c, t == LT_S64 ? TGSI_OPCODE_D2I64 : TGSI_OPCODE_D2U64, r.tmp[h], of(r.tmp[h]));
        }
        lower_gp_release64(c, &a);
        put64(c, in, t, &r);
        return;
    }
    tgsi_src s = lower_gp_src(c, &in->src[0], LT_F32);
    if (t == LT_F32) {
        put(c, in, t, (tgsi_opcode)row->op[LT_F32], &s, 1);
        return;
    }
    tgsi_dst r = temp(c);
    emit1(c, (tgsi_opcode)row->op[LT_F32], r, s);
    emit1(c, t == LT_S32 ? TGSI_OPCODE_F2I : TGSI_OPCODE_F2U, r, of(r));
    put_tmp(c, in, t, r);
}

/* I2F: the integer operand of the type, a float result (from the 64-bit
 * types: doubles for LONG destinations, floats converted directly, not
 * through a double, for others). */
static void gp_i2f(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    if (lower_type_is_64(t) && !dst_is_long(c, in)) {
        /* a 32-bit float result: converted once (I642F writes x and y) */
        lower_gp64 a = lower_gp_src64(c, &in->src[0], t);
        tgsi_dst r = temp(c), u = temp(c);
        for (unsigned h = 0; h < 2; h++) {
            emit1(c, t == LT_S64 ? TGSI_OPCODE_I642F : TGSI_OPCODE_U642F, mask(u, 3), a.half[h]);
            nvgp_tgsi_build_MOV(c->b, mask(r, 3u << (2 * h)), swz(of(u), 0, 1, 0, 1));
        }
        release(c, u);
        lower_gp_release64(c, &a);
        put_tmp(c, in, LT_F32, r);
        return;
    }
    if (lower_type_is_64(t)) {
        lower_gp64 a = lower_gp_src64(c, &in->src[0], t);
        lower_gp64 r = new64(c);
        for (unsigned h = 0; h < 2; h++)
            emit1(c, t == LT_S64 ? TGSI_OPCODE_I642D : TGSI_OPCODE_U642D, r.tmp[h], a.half[h]);
        lower_gp_release64(c, &a);
        put64(c, in, LT_F64, &r);
        return;
    }
    tgsi_src s = lower_gp_src(c, &in->src[0], t);
    put(c, in, LT_F32, t == LT_S32 ? TGSI_OPCODE_I2F : TGSI_OPCODE_U2F, &s, 1);
}

/* ---- Bit fields ---------------------------------------------------------------------------- */

/* BFE: bits a.x, offset a.y of each component of b (TGSI: value, offset, bits). */
static void gp_bfe(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!row->op[t]) {
        no_form(c, in, t);
        return;
    }
    tgsi_src s[2];
    srcs32(c, in, t, s);
    tgsi_src u[3] = {s[1], sc(s[0], 1), sc(s[0], 0)};
    put(c, in, t, (tgsi_opcode)row->op[t], u, 3);
}

/* BFI: the a.x low bits of b into c at offset a.y (TGSI: base, insert, offset, bits). */
static void gp_bfi(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (!row->op[t]) {
        no_form(c, in, t);
        return;
    }
    tgsi_src s[3];
    srcs32(c, in, t, s);
    tgsi_src u[4] = {s[2], s[1], sc(s[0], 1), sc(s[0], 0)};
    put(c, in, t, TGSI_OPCODE_BFI, u, 4);
}

/* ---- Packing ------------------------------------------------------------------------------------ */

/* PK2H/PK2US/PK4B/PK4UB: a float operand whatever the type; the packed
 * bits are the result of every type. */
static void gp_pack(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    tgsi_src s = lower_gp_src(c, &in->src[0], LT_F32);
    put(c, in, t, (tgsi_opcode)row->op[LT_F32], &s, 1);
}

/* UP2H/UP2US/UP4B/UP4UB: the operand's bits (read as the type), a float result. */
static void gp_unpack(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    tgsi_src s = lower_gp_src(c, &in->src[0], t);
    put(c, in, LT_F32, (tgsi_opcode)row->op[LT_F32], &s, 1);
}

/* PK4B/UP4B: excess-128 bytes, which TGSI's PK4B/UP4B do not encode
 * (lower_common_pack.c); the operand and result types as for the other packs. */
static void gp_pk4b(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    tgsi_dst r = lower_pk4b_excess128(c, lower_gp_src(c, &in->src[0], LT_F32));
    tgsi_src s = sc(of(r), 0);
    put(c, in, t, TGSI_OPCODE_MOV, &s, 1);
    nvgp_tgsi_build_release_temp(c->b, r);
}

static void gp_up4b(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    put_tmp(c, in, LT_F32, lower_up4b_excess128(c, sc(lower_gp_src(c, &in->src[0], t), 0)));
}

/* PK64 (NV_gpu_program5): words x|y<<32 and z|w<<32 of the 32-bit operand
 * as the 64-bit x and y, repeated in z and w (little-endian order). */
static void gp_pk64(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    lower_type n = t == LT_F64 ? LT_F32 : t == LT_S64 ? LT_S32 : t == LT_U64 ? LT_U32 : t;
    tgsi_src s = lower_gp_src(c, &in->src[0], n);
    lower_gp64 r = new64(c);
    for (unsigned h = 0; h < 2; h++)
        nvgp_tgsi_build_MOV(c->b, r.tmp[h], s);
    lower_type w = n == LT_F32 ? LT_F64 : n == LT_S32 ? LT_S64 : LT_U64;
    if (in->sat != NV_SAT_NONE)
        lower_error(c, in->offset, "PK64: clamping modifiers have no TGSI translation");
    lower_gp_dst64(c, &in->dst, w, &r);
    lower_gp_release64(c, &r);
}

/* UP64: the words of the 64-bit operand's x and y, low word first. */
static void gp_up64(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    lower_type n = t == LT_F64 ? LT_F32 : t == LT_S64 ? LT_S32 : t == LT_U64 ? LT_U32 : t;
    lower_type w = n == LT_F32 ? LT_F64 : n == LT_S32 ? LT_S64 : LT_U64;
    lower_gp64 a = lower_gp_src64(c, &in->src[0], w);
    tgsi_dst r = temp(c);
    tgsi_src x = plain64(c, a.half[0], w, r);
    if (x.reg.file != r.reg.file || x.reg.index != r.reg.index)
        nvgp_tgsi_build_MOV(c->b, r, x);
    lower_gp_release64(c, &a);
    put_tmp(c, in, n, r);
}

/* ---- Shared float sequences ----------------------------------------------------------------------- */

/* DP2A, DPH, LIT, NRM, RCC, RFL, SCS, SWZ, X2D, XPD: the older languages'
 * sequences (float only).  .SSAT and LONG destinations get a last step:
 * the sequence writes a temporary instead. */
static void gp_shared(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    if (t != LT_F32) {
        no_form(c, in, t);
        return;
    }
    for (unsigned i = 0; i < in->nsrc && i < 4; i++)
        if (in->src[i].file == NV_FILE_TEMP && lower_gp_is_long(c, in->src[i].var)) {
            /* the shared sequences read registers as they are, not narrowed */
            lower_error(c, in->src[i].offset, "%s reading a LONG variable has no TGSI translation yet", op_name(in));
            return;
        }
    nv_inst copy = *in;
    if (copy.sat == NV_SAT_SSAT)
        copy.sat = NV_SAT_NONE;
    bool had = c->has_dst_override;
    tgsi_dst saved = c->dst_override;
    gp_out o = out_open(c, in);
    if (o.via_tmp) {
        c->has_dst_override = true;
        c->dst_override = o.d;
    }
    if (!lower_common_sequence(c, &copy))
        no_form(c, in, t);
    c->has_dst_override = had;
    c->dst_override = saved;
    out_close(c, in, t, &o);
}

/* ---- CVT (NV_gpu_program5 2.X.8.Z) ----------------------------------------------------------------
 *
 * Every conversion goes through a 64-bit intermediate: doubles for float
 * operands (exact for F16/F32/F64), 64-bit integers for integer operands
 * (sign- or zero-extended).  Float to integer rounds with the rounding
 * modifier (ROUND: to nearest even) in double precision; then .SAT clamps
 * to the result type's range, and without it the integer keeps its low
 * bits.  The result is sign- or zero-extended from its size to the
 * register's 32 (or 64) bits. */

typedef struct cvt_type {
    char base;     /* 'F', 'S', 'U' */
    uint8_t bits;  /* 16, 32, 64 (F); 8, 16, 32, 64 (S/U) */
} cvt_type;

static bool cvt_type_of(uint8_t dt, cvt_type *o)
{
    switch (dt) {
    case NV_DT_F16: *o = (cvt_type){'F', 16}; return true;
    case NV_DT_F32: case NV_DT_F: *o = (cvt_type){'F', 32}; return true;
    case NV_DT_F64: *o = (cvt_type){'F', 64}; return true;
    case NV_DT_S8: *o = (cvt_type){'S', 8}; return true;
    case NV_DT_S16: *o = (cvt_type){'S', 16}; return true;
    case NV_DT_S32: case NV_DT_S: *o = (cvt_type){'S', 32}; return true;
    case NV_DT_S64: *o = (cvt_type){'S', 64}; return true;
    case NV_DT_U8: *o = (cvt_type){'U', 8}; return true;
    case NV_DT_U16: *o = (cvt_type){'U', 16}; return true;
    case NV_DT_U32: case NV_DT_U: *o = (cvt_type){'U', 32}; return true;
    case NV_DT_U64: *o = (cvt_type){'U', 64}; return true;
    default: return false;
    }
}

static lower_type cvt_reg_type(cvt_type x)
{
    if (x.bits == 64)
        return x.base == 'F' ? LT_F64 : x.base == 'S' ? LT_S64 : LT_U64;
    return x.base == 'F' ? LT_F32 : x.base == 'S' ? LT_S32 : LT_U32;
}

/* u = the F16 values in the 16 low bits of each component of s, as
 * floats (UP2H writes the low half of its scalar operand to x and z). */
static void half_to_float(lower_ctx *c, tgsi_dst u, tgsi_src s)
{
    tgsi_dst w = temp(c);
    nvgp_tgsi_build_UP2H(c->b, mask(u, 1), sc(s, 0));
    nvgp_tgsi_build_UP2H(c->b, mask(u, 4), sc(s, 1));
    nvgp_tgsi_build_UP2H(c->b, mask(w, 1), sc(s, 2));
    nvgp_tgsi_build_UP2H(c->b, mask(w, 4), sc(s, 3));
    nvgp_tgsi_build_MOV(c->b, mask(u, 2), sc(of(u), 2));
    nvgp_tgsi_build_MOV(c->b, mask(u, 0xc), swz(of(w), 0, 0, 0, 2));
    release(c, w);
}

/* Float results narrower than the double intermediate v: r = the F32
 * values (rt.bits 32) or the F16 bits in the low half of each component
 * (rt.bits 16), rounded to nearest even, then moved one step (one unit of
 * the encoding) where the CEIL/FLR/TRUNC modifier wants the other
 * neighbour: CEIL when the rounded value is below the exact one, FLR when
 * above, TRUNC when its magnitude is larger.  A step up or down is +1 or
 * -1 on the sign-magnitude encoding, by the sign. */
static void cvt_narrow_float(lower_ctx *c, const nv_inst *in, unsigned bits, const lower_gp64 *v, tgsi_dst r)
{
    for (unsigned h = 0; h < 2; h++) {
        tgsi_dst u = temp(c);
        nvgp_tgsi_build_D2F(c->b, mask(u, 3), v->half[h]);
        nvgp_tgsi_build_MOV(c->b, mask(r, 3u << (2 * h)), swz(of(u), 0, 1, 0, 1));
        release(c, u);
    }
    tgsi_dst back = temp(c);
    if (bits == 16) {
        tgsi_dst u = temp(c);
        for (unsigned i = 0; i < 4; i++)
            nvgp_tgsi_build_PK2H(c->b, mask(u, 1u << i), swz(of(r), i, i, i, i));
        nvgp_tgsi_build_AND(c->b, r, of(u), uimm(c, 0xffffu));
        release(c, u);
        half_to_float(c, back, of(r));
    } else {
        nvgp_tgsi_build_MOV(c->b, back, of(r));
    }
    if (in->round != NV_ROUND_CEIL && in->round != NV_ROUND_FLR && in->round != NV_ROUND_TRUNC) {
        release(c, back);
        return;
    }
    /* per component: ~0 where the rounded value needs the step */
    tgsi_dst need = temp(c), m = temp(c), b64 = temp(c);
    for (unsigned h = 0; h < 2; h++) {
        nvgp_tgsi_build_F2D(c->b, b64, swz(of(back), 2 * h, 2 * h + 1, 2 * h, 2 * h + 1));
        tgsi_src x = v->half[h], b = of(b64);
        if (in->round == NV_ROUND_CEIL)
            nvgp_tgsi_build_DSLT(c->b, mask(m, 5), b, x);
        else if (in->round == NV_ROUND_FLR)
            nvgp_tgsi_build_DSLT(c->b, mask(m, 5), x, b);
        else
            nvgp_tgsi_build_DSLT(c->b, mask(m, 5), nvgp_tgsi_src_abs(x), nvgp_tgsi_src_abs(b));
        nvgp_tgsi_build_MOV(c->b, mask(need, 3u << (2 * h)), swz(of(m), 0, 2, 0, 2));
    }
    /* the step: TRUNC -1 (toward zero); CEIL +1 for positive, -1 for
     * negative values; FLR the opposite */
    tgsi_src one = nvgp_tgsi_build_imm1i(c->b, 1), minus = nvgp_tgsi_build_imm1i(c->b, -1);
    if (in->round == NV_ROUND_TRUNC) {
        nvgp_tgsi_build_MOV(c->b, m, minus);
    } else {
        nvgp_tgsi_build_AND(c->b, m, of(r), uimm(c, bits == 16 ? 0x8000u : 0x80000000u));
        bool ceil = in->round == NV_ROUND_CEIL;
        nvgp_tgsi_build_UCMP(c->b, m, of(m), ceil ? minus : one, ceil ? one : minus);
    }
    nvgp_tgsi_build_UADD(c->b, m, of(r), of(m));
    nvgp_tgsi_build_UCMP(c->b, r, of(need), of(m), of(r));
    release(c, b64);
    release(c, m);
    release(c, need);
    release(c, back);
}

/* 64-bit integers (v, signed or not) to doubles in place, as CVT's
 * "first converting the source components to an infinite-precision value"
 * then rounding once asks: the nearest double (I642D/U642D) is compared
 * with the exact integer (the double converted back; a double at 2^63 or
 * 2^64, which saturates back, is above every source) and moved one unit
 * (+-1 on the sign-magnitude encoding) where that rounding went the wrong
 * way.  F64 results: the rounding modifier's neighbour.  Narrower results
 * (to_odd): the double rounded to odd (toward zero, lowest bit set when
 * inexact), which keeps what rounding to a float or half needs to round
 * once (53 bits >= 24 + 2), and compares with the rounded float as the
 * exact value would (cvt_narrow_float). */
static void cvt_int_to_double(lower_ctx *c, const nv_inst *in, bool is_signed, bool wide, bool to_odd,
                              lower_gp64 *v)
{
    bool directed = in->round == NV_ROUND_CEIL || in->round == NV_ROUND_FLR || in->round == NV_ROUND_TRUNC;
    tgsi_opcode lt_op = is_signed ? TGSI_OPCODE_I64SLT : TGSI_OPCODE_U64SLT;
    tgsi_dst x = temp(c), back = temp(c), gt = temp(c), lt = temp(c), neg = temp(c), m = temp(c), st = temp(c);
    for (unsigned h = 0; h < 2; h++) {
        nvgp_tgsi_build_MOV(c->b, x, v->half[h]);
        emit1(c, is_signed ? TGSI_OPCODE_I642D : TGSI_OPCODE_U642D, v->tmp[h], of(x));
        v->half[h] = of(v->tmp[h]);
        if (!wide || (!directed && !to_odd))
            continue; /* 32-bit integers convert exactly */
        tgsi_src d = v->half[h];
        emit1(c, is_signed ? TGSI_OPCODE_D2I64 : TGSI_OPCODE_D2U64, back, d);
        /* gt: the double is above the integer; lt: below (x and z) */
        tgsi_src ab[2] = {of(x), of(back)}, ba[2] = {of(back), of(x)};
        emit(c, lt_op, mask(gt, 5), ab, 2);
        emit(c, lt_op, mask(lt, 5), ba, 2);
        nvgp_tgsi_build_DSGE(c->b, mask(m, 5), d, dimm(c, is_signed ? 9223372036854775808.0 : 18446744073709551616.0));
        nvgp_tgsi_build_OR(c->b, mask(gt, 5), of(gt), of(m));
        if (is_signed)
            nvgp_tgsi_build_I64SLT(c->b, mask(neg, 5), of(x), imm64(c, LT_S64, 0));
        else
            nvgp_tgsi_build_MOV(c->b, neg, uimm(c, 0));
        /* away: the double's magnitude is above the integer's */
        tgsi_dst away = m;
        nvgp_tgsi_build_UCMP(c->b, mask(away, 5), of(neg), of(lt), of(gt));
        /* st: the 64-bit step to add (two's complement words) */
        tgsi_src zero = imm64(c, LT_U64, 0), up = imm64(c, LT_U64, 1), down = imm64(c, LT_U64, ~0ull);
        tgsi_src need;
        if (to_odd) {
            need = swz(of(away), 0, 0, 2, 2);
            nvgp_tgsi_build_UCMP(c->b, st, need, down, zero);
        } else if (in->round == NV_ROUND_TRUNC) {
            need = swz(of(away), 0, 0, 2, 2);
            nvgp_tgsi_build_UCMP(c->b, st, need, down, zero);
        } else {
            /* CEIL: below -> toward +inf; FLR: above -> toward -inf; the
             * encoding's step is +1 for a positive double, -1 for a
             * negative one when going away from zero */
            bool ceil = in->round == NV_ROUND_CEIL;
            need = swz(of(ceil ? lt : gt), 0, 0, 2, 2);
            nvgp_tgsi_build_UCMP(c->b, st, swz(of(neg), 0, 0, 2, 2), ceil ? down : up, ceil ? up : down);
            nvgp_tgsi_build_UCMP(c->b, st, need, of(st), zero);
        }
        nvgp_tgsi_build_U64ADD(c->b, v->tmp[h], d, of(st));
        if (to_odd) {
            /* inexact: the lowest bit set */
            nvgp_tgsi_build_OR(c->b, mask(gt, 5), of(gt), of(lt));
            nvgp_tgsi_build_AND(c->b, mask(gt, 5), of(gt), uimm(c, 1));
            nvgp_tgsi_build_OR(c->b, mask(v->tmp[h], 5), of(v->tmp[h]), of(gt));
        }
    }
    release(c, st);
    release(c, m);
    release(c, neg);
    release(c, lt);
    release(c, gt);
    release(c, back);
    release(c, x);
}

static void gp_cvt(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t_unused)
{
    (void)row;
    (void)t_unused;
    cvt_type rt, ot;
    if (!cvt_type_of(in->dtype, &rt) || !cvt_type_of(in->storage, &ot)) {
        lower_error(c, in->offset, "CVT needs two storage modifiers");
        return;
    }
    bool sat = in->sat == NV_SAT_SAT;
    if (in->sat == NV_SAT_SSAT && rt.base != 'F') {
        lower_error(c, in->offset, "CVT.SSAT to an integer type has no TGSI translation");
        return;
    }
    /* 1. the operand as 64-bit values in v (double or 64-bit integer) */
    lower_gp64 v = new64(c);
    lower_type it = ot.base == 'F' ? LT_F64 : ot.base == 'S' ? LT_S64 : LT_U64;
    if (ot.bits == 64) {
        lower_gp64 a = lower_gp_src64(c, &in->src[0], it);
        for (unsigned h = 0; h < 2; h++)
            nvgp_tgsi_build_MOV(c->b, v.tmp[h], plain64(c, a.half[h], it, v.tmp[h]));
        lower_gp_release64(c, &a);
    } else {
        tgsi_src s = lower_gp_src(c, &in->src[0], ot.base == 'F' ? LT_F32 : ot.base == 'S' ? LT_S32 : LT_U32);
        tgsi_dst u = temp(c);
        if (ot.base == 'F' && ot.bits == 16) {
            half_to_float(c, u, s);
        } else if (ot.bits < 32) {
            /* the operand's own size: the low bits, sign- or zero-extended */
            tgsi_src k[3] = {s, uimm(c, 0), uimm(c, ot.bits)};
            emit(c, ot.base == 'S' ? TGSI_OPCODE_IBFE : TGSI_OPCODE_UBFE, u, k, 3);
        } else {
            nvgp_tgsi_build_MOV(c->b, u, s);
        }
        tgsi_opcode wop = ot.base == 'F' ? TGSI_OPCODE_F2D : ot.base == 'S' ? TGSI_OPCODE_I2I64 : TGSI_OPCODE_U2I64;
        for (unsigned h = 0; h < 2; h++)
            emit1(c, wop, v.tmp[h], swz(of(u), 2 * h, 2 * h + 1, 2 * h, 2 * h + 1));
        release(c, u);
    }
    /* 2. to the result's base type, still 64 bits */
    lower_type vt = it;
    if (ot.base == 'F' && rt.base != 'F') {
        static const uint16_t rnd[] = {[NV_ROUND_NONE] = TGSI_OPCODE_DROUND, [NV_ROUND_ROUND] = TGSI_OPCODE_DROUND,
                                       [NV_ROUND_CEIL] = TGSI_OPCODE_DCEIL, [NV_ROUND_FLR] = TGSI_OPCODE_DFLR,
                                       [NV_ROUND_TRUNC] = TGSI_OPCODE_DTRUNC};
        tgsi_opcode r = (tgsi_opcode)rnd[in->round <= NV_ROUND_TRUNC ? in->round : 0];
        tgsi_dst m = temp(c), u = temp(c);
        for (unsigned h = 0; h < 2; h++) {
            emit1(c, r, v.tmp[h], v.half[h]);
            if (rt.base == 'S' || sat) {
                emit1(c, rt.base == 'S' || rt.bits < 64 ? TGSI_OPCODE_D2I64 : TGSI_OPCODE_D2U64, u, v.half[h]);
            } else {
                /* U64 without .SAT keeps the low bits: negative values as S64 */
                nvgp_tgsi_build_DSLT(c->b, mask(m, 5), v.half[h], dimm(c, 0.0));
                nvgp_tgsi_build_D2I64(c->b, u, v.half[h]);
                tgsi_dst w = temp(c);
                nvgp_tgsi_build_D2U64(c->b, w, v.half[h]);
                nvgp_tgsi_build_UCMP(c->b, u, swz(of(m), 0, 0, 2, 2), of(u), of(w));
                release(c, w);
            }
            nvgp_tgsi_build_MOV(c->b, v.tmp[h], of(u));
        }
        release(c, m);
        release(c, u);
        vt = rt.base == 'U' && rt.bits == 64 ? LT_U64 : LT_S64;
    } else if (ot.base != 'F' && rt.base == 'F') {
        cvt_int_to_double(c, in, ot.base == 'S', ot.bits == 64, rt.bits < 64, &v);
        vt = LT_F64;
    }
    /* 3. integer results: .SAT clamps to the result's range */
    if (rt.base != 'F' && sat) {
        bool from_unsigned = vt == LT_U64;
        uint64_t lo = rt.base == 'S' ? 0 - ((uint64_t)1 << (rt.bits - 1)) : 0; /* two's complement bits */
        uint64_t hi = rt.base == 'S' ? ((uint64_t)1 << (rt.bits - 1)) - 1
                                     : rt.bits == 64 ? ~0ull : ((uint64_t)1 << rt.bits) - 1;
        for (unsigned h = 0; h < 2; h++) {
            if (from_unsigned) {
                if (hi != ~0ull)
                    nvgp_tgsi_build_U64MIN(c->b, v.tmp[h], v.half[h], imm64(c, LT_U64, hi));
            } else {
                if (!(rt.base == 'S' && rt.bits == 64))
                    nvgp_tgsi_build_I64MAX(c->b, v.tmp[h], v.half[h], imm64(c, LT_S64, lo));
                if (hi <= (uint64_t)INT64_MAX && !(rt.base == 'S' && rt.bits == 64))
                    nvgp_tgsi_build_I64MIN(c->b, v.tmp[h], v.half[h], imm64(c, LT_S64, hi));
            }
        }
    }
    /* 4. float results clamped (.SAT/.SSAT) as doubles; then the result's
     * size, then the destination */
    if (rt.base == 'F' && in->sat != NV_SAT_NONE) {
        double lo = in->sat == NV_SAT_SSAT ? -1.0 : 0.0;
        for (unsigned h = 0; h < 2; h++) {
            nvgp_tgsi_build_DMAX(c->b, v.tmp[h], v.half[h], dimm(c, lo));
            nvgp_tgsi_build_DMIN(c->b, v.tmp[h], v.half[h], dimm(c, 1.0));
        }
    }
    if (rt.bits == 64) {
        lower_type dt = rt.base == 'F' ? LT_F64 : rt.base == 'S' ? LT_S64 : LT_U64;
        lower_gp_dst64(c, &in->dst, dt, &v);
        lower_gp_release64(c, &v);
        return;
    }
    tgsi_dst r = temp(c);
    if (rt.base == 'F') {
        cvt_narrow_float(c, in, rt.bits, &v, r);
    } else {
        nvgp_tgsi_build_MOV(c->b, r, swz(v.half[0], 0, 2, 0, 0));
        nvgp_tgsi_build_MOV(c->b, mask(r, 0xc), swz(v.half[1], 0, 0, 0, 2));
        if (rt.bits < 32) {
            tgsi_src k[3] = {of(r), uimm(c, 0), uimm(c, rt.bits)};
            emit(c, rt.base == 'S' ? TGSI_OPCODE_IBFE : TGSI_OPCODE_UBFE, r, k, 3);
        }
    }
    lower_gp_release64(c, &v);
    nv_inst plain = *in;
    plain.sat = NV_SAT_NONE; /* applied above */
    put_tmp(c, &plain, cvt_reg_type(rt), r);
}

/* ---- The rows ------------------------------------------------------------------------------------- */

#define T(x) TGSI_OPCODE_##x
#define OPS(f, s, u, d, s64, u64) {f, s, u, d, s64, u64}
const lower_gp_row lower_gp_alu_rows[NV_OP_COUNT] = {
    [NV_OP_MOV] = {gp_mov, OPS(T(MOV), T(MOV), T(MOV), T(MOV), T(MOV), T(MOV)), 0},
    [NV_OP_ABS] = {gp_abs, OPS(T(MOV), T(IABS), T(MOV), T(DABS), T(I64ABS), T(MOV)), 0},
    [NV_OP_ADD] = {gp_addsub, OPS(T(ADD), T(UADD), T(UADD), T(DADD), T(U64ADD), T(U64ADD)), 0},
    [NV_OP_SUB] = {gp_addsub, OPS(T(ADD), T(UADD), T(UADD), T(DADD), T(U64ADD), T(U64ADD)), 0},
    [NV_OP_MUL] = {gp_mul, OPS(T(MUL), T(UMUL), T(UMUL), T(DMUL), T(U64MUL), T(U64MUL)), 0},
    [NV_OP_MAD] = {gp_mad, OPS(T(MAD), T(UMAD), T(UMAD), T(DMAD), 0, 0), 0},
    [NV_OP_MIN] = {gp_direct, OPS(T(MIN), T(IMIN), T(UMIN), T(DMIN), T(I64MIN), T(U64MIN)), 0},
    [NV_OP_MAX] = {gp_direct, OPS(T(MAX), T(IMAX), T(UMAX), T(DMAX), T(I64MAX), T(U64MAX)), 0},
    [NV_OP_SAD] = {gp_sad, OPS(0, T(SAD), T(SAD), 0, T(SAD), T(SAD)), 0},
    [NV_OP_DIV] = {gp_scalar2, OPS(T(DIV), T(IDIV), T(UDIV), T(DDIV), T(I64DIV), T(U64DIV)), 0},
    [NV_OP_MOD] = {gp_scalar2, OPS(0, T(MOD), T(UMOD), 0, T(I64MOD), T(U64MOD)), 0},
    [NV_OP_SHL] = {gp_scalar2, OPS(0, T(SHL), T(SHL), 0, T(U64SHL), T(U64SHL)), 0},
    [NV_OP_SHR] = {gp_scalar2, OPS(0, T(ISHR), T(USHR), 0, T(I64SHR), T(U64SHR)), 0},
    [NV_OP_AND] = {gp_direct, OPS(0, T(AND), T(AND), 0, T(AND), T(AND)), 0},
    [NV_OP_OR] = {gp_direct, OPS(0, T(OR), T(OR), 0, T(OR), T(OR)), 0},
    [NV_OP_XOR] = {gp_direct, OPS(0, T(XOR), T(XOR), 0, T(XOR), T(XOR)), 0},
    [NV_OP_NOT] = {gp_direct, OPS(0, T(NOT), T(NOT), 0, T(NOT), T(NOT)), 0},
    [NV_OP_BFE] = {gp_bfe, OPS(0, T(IBFE), T(UBFE), 0, 0, 0), 0},
    [NV_OP_BFI] = {gp_bfi, OPS(0, T(BFI), T(BFI), 0, 0, 0), 0},
    [NV_OP_BFR] = {gp_direct, OPS(0, T(BREV), T(BREV), 0, 0, 0), 0},
    [NV_OP_BTC] = {gp_direct, OPS(0, T(POPC), T(POPC), 0, 0, 0), 0},
    [NV_OP_BTFL] = {gp_direct, OPS(0, T(LSB), T(LSB), 0, 0, 0), 0},
    [NV_OP_BTFM] = {gp_direct, OPS(0, T(IMSB), T(UMSB), 0, 0, 0), 0},
    [NV_OP_CMP] = {gp_cmp, OPS(T(CMP), T(UCMP), T(UCMP), T(UCMP), T(UCMP), T(UCMP)), 0},
    [NV_OP_SEQ] = {gp_set, OPS(T(SEQ), T(USEQ), T(USEQ), T(DSEQ), T(U64SEQ), T(U64SEQ)), 0},
    [NV_OP_SNE] = {gp_set, OPS(T(SNE), T(USNE), T(USNE), T(DSNE), T(U64SNE), T(U64SNE)), 0},
    [NV_OP_SLT] = {gp_set, OPS(T(SLT), T(ISLT), T(USLT), T(DSLT), T(I64SLT), T(U64SLT)), 0},
    [NV_OP_SGE] = {gp_set, OPS(T(SGE), T(ISGE), T(USGE), T(DSGE), T(I64SGE), T(U64SGE)), 0},
    [NV_OP_SGT] = {gp_set, OPS(T(SGT), T(ISLT), T(USLT), T(DSLT), T(I64SLT), T(U64SLT)), 0},
    [NV_OP_SLE] = {gp_set, OPS(T(SLE), T(ISGE), T(USGE), T(DSGE), T(I64SGE), T(U64SGE)), 0},
    [NV_OP_SFL] = {gp_setconst, OPS(T(MOV), T(MOV), T(MOV), T(MOV), T(MOV), T(MOV)), 0},
    [NV_OP_STR] = {gp_setconst, OPS(T(MOV), T(MOV), T(MOV), T(MOV), T(MOV), T(MOV)), 0},
    [NV_OP_CEIL] = {gp_round, OPS(T(CEIL), T(CEIL), T(CEIL), T(DCEIL), T(DCEIL), T(DCEIL)), 0},
    [NV_OP_FLR] = {gp_round, OPS(T(FLR), T(FLR), T(FLR), T(DFLR), T(DFLR), T(DFLR)), 0},
    [NV_OP_ROUND] = {gp_round, OPS(T(ROUND), T(ROUND), T(ROUND), T(DROUND), T(DROUND), T(DROUND)), 0},
    [NV_OP_TRUNC] = {gp_round, OPS(T(TRUNC), T(TRUNC), T(TRUNC), T(DTRUNC), T(DTRUNC), T(DTRUNC)), 0},
    [NV_OP_I2F] = {gp_i2f, OPS(0, T(I2F), T(U2F), 0, T(I642D), T(U642D)), 0},
    [NV_OP_CVT] = {gp_cvt, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_FRC] = {gp_direct, OPS(T(FRC), 0, 0, T(DFRAC), 0, 0), 0},
    [NV_OP_RCP] = {gp_direct, OPS(T(RCP), 0, 0, T(DRCP), 0, 0), 0},
    [NV_OP_RSQ] = {gp_direct, OPS(T(RSQ), 0, 0, T(DRSQ), 0, 0), 0},
    [NV_OP_SSG] = {gp_direct, OPS(T(SSG), 0, 0, T(DSSG), 0, 0), 0},
    [NV_OP_COS] = {gp_direct, OPS(T(COS), 0, 0, 0, 0, 0), 0},
    [NV_OP_SIN] = {gp_direct, OPS(T(SIN), 0, 0, 0, 0, 0), 0},
    [NV_OP_EX2] = {gp_direct, OPS(T(EX2), 0, 0, 0, 0, 0), 0},
    [NV_OP_LG2] = {gp_direct, OPS(T(LG2), 0, 0, 0, 0, 0), 0},
    [NV_OP_POW] = {gp_direct, OPS(T(POW), 0, 0, 0, 0, 0), 0},
    [NV_OP_DDX] = {gp_deriv, OPS(T(DDX), 0, 0, 0, 0, 0), 0},
    [NV_OP_DDY] = {gp_deriv, OPS(T(DDY), 0, 0, 0, 0, 0), 0},
    [NV_OP_DP2] = {gp_direct, OPS(T(DP2), 0, 0, 0, 0, 0), 0},
    [NV_OP_DP3] = {gp_direct, OPS(T(DP3), 0, 0, 0, 0, 0), 0},
    [NV_OP_DP4] = {gp_direct, OPS(T(DP4), 0, 0, 0, 0, 0), 0},
    [NV_OP_DST] = {gp_direct, OPS(T(DST), 0, 0, 0, 0, 0), 0},
    [NV_OP_LRP] = {gp_direct, OPS(T(LRP), 0, 0, 0, 0, 0), 0},
    [NV_OP_DP2A] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_DPH] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_LIT] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_NRM] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_RCC] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_RFL] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_SCS] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_SWZ] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_X2D] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_XPD] = {gp_shared, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_PK2H] = {gp_pack, OPS(T(PK2H), 0, 0, 0, 0, 0), 0},
    [NV_OP_PK2US] = {gp_pack, OPS(T(PK2US), 0, 0, 0, 0, 0), 0},
    [NV_OP_PK4B] = {gp_pk4b, OPS(T(PK4B), 0, 0, 0, 0, 0), 0},
    [NV_OP_PK4UB] = {gp_pack, OPS(T(PK4UB), 0, 0, 0, 0, 0), 0},
    [NV_OP_UP2H] = {gp_unpack, OPS(T(UP2H), 0, 0, 0, 0, 0), 0},
    [NV_OP_UP2US] = {gp_unpack, OPS(T(UP2US), 0, 0, 0, 0, 0), 0},
    [NV_OP_UP4B] = {gp_up4b, OPS(T(UP4B), 0, 0, 0, 0, 0), 0},
    [NV_OP_UP4UB] = {gp_unpack, OPS(T(UP4UB), 0, 0, 0, 0, 0), 0},
    [NV_OP_PK64] = {gp_pk64, OPS(0, 0, 0, 0, 0, 0), 0},
    [NV_OP_UP64] = {gp_up64, OPS(0, 0, 0, 0, 0, 0), 0},
};
#undef OPS
#undef T
