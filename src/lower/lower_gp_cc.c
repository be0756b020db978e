/* NV_gpu_program4/5 condition codes CC0/CC1 (lower_gp.h): their
 * temporaries, the tests of Table X.16 and the wrapper that gives an
 * instruction its conditional write mask and condition-code update
 * (NV_gpu_program4 2.X.4.3).
 *
 * Each condition code is one TEMP; each of its components is an unsigned
 * integer holding that component's four flags (LOWER_GP_SF/ZF/OF/CF).  A
 * test is a function of the four flags, so it is a 16-entry truth table:
 * bit f of the table says whether flags f pass.  At run time the test is
 * (table >> flags) & 1, negated to a ~0/0 mask. */
#include "lower/lower_gp.h"

#include "nv/nv_opcodes.h"

#include <string.h>

static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }
static tgsi_src fimm(lower_ctx *c, float x) { return nvgp_tgsi_build_imm1f(c->b, x); }

/* Table X.16, the "condition" column, as written there. */
static bool cc_rule(nv_cond cond, bool sf, bool zf, bool of, bool cf)
{
    switch (cond) {
    case NV_COND_EQ: return !sf && zf;
    case NV_COND_GE: return !(sf ^ of);
    case NV_COND_GT: return ((!sf) ^ of) && !zf;
    case NV_COND_LE: return sf ^ (zf || of);
    case NV_COND_LT: return (sf && !zf) ^ of;
    case NV_COND_NE: return sf || !zf;
    case NV_COND_FL: return false;
    case NV_COND_TR: return true;
    case NV_COND_NAN: return sf && zf;
    case NV_COND_LEG: return !sf || !zf;
    case NV_COND_CF: return cf;
    case NV_COND_NCF: return !cf;
    case NV_COND_OF: return of;
    case NV_COND_NOF: return !of;
    case NV_COND_SF: return sf;
    case NV_COND_NSF: return !sf;
    case NV_COND_AB: return cf && !zf;
    case NV_COND_BLE: return !cf || zf;
    default: return false;
    }
}

uint32_t lower_gp_cc_truth(nv_cond cond)
{
    uint32_t t = 0;
    for (uint32_t f = 0; f < 16; f++)
        if (cc_rule(cond, f & LOWER_GP_SF, f & LOWER_GP_ZF, f & LOWER_GP_OF, f & LOWER_GP_CF))
            t |= 1u << f;
    return t;
}

/* The temporary of CC0/CC1, made (with its initial flags) where the
 * program starts. */
static void make_cc(lower_ctx *c, unsigned reg)
{
    if (reg > 1 || c->gps->has_cc[reg])
        return;
    c->gps->cc[reg] = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_MOV(c->b, c->gps->cc[reg], uimm(c, LOWER_GP_CC_INITIAL));
    c->gps->has_cc[reg] = true;
}

/* EXT/ARB_sparse_texture2's RESIDENT/NONRESIDENT test the sparse condition
 * code, not CC0/CC1.  Every texel and image nvgp reads is resident (a job
 * has no uncommitted memory), so each instruction's RESF is set: RESIDENT
 * always passes, NONRESIDENT never. */
static bool is_sparse_test(const nv_cc_test *t)
{
    return t->cond == NV_COND_RESIDENT || t->cond == NV_COND_NONRESIDENT;
}

static bool reads_cc(const nv_cc_test *t)
{
    return t->cond != NV_COND_NONE && t->cond != NV_COND_TR && t->cond != NV_COND_FL && !is_sparse_test(t);
}

void lower_gp_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        nvgp_tgsi_builder_set_source_offset(c->b, in->offset);
        if (in->cc_update)
            make_cc(c, in->cc_update - 1u);
        if (reads_cc(&in->cond))
            make_cc(c, in->cond.reg);
        if (in->has_dst && reads_cc(&in->dst.cc))
            make_cc(c, in->dst.cc.reg);
    }
}

tgsi_dst lower_gp_cc_test(lower_ctx *c, const nv_cc_test *t)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    if (!reads_cc(t)) {
        bool never = t->cond == NV_COND_FL || t->cond == NV_COND_NONRESIDENT;
        nvgp_tgsi_build_MOV(c->b, m, uimm(c, never ? 0 : 0xffffffffu));
        return m;
    }
    if (t->cond >= NV_COND_COUNT || t->reg > 1) {
        lower_error(c, t->offset, "invalid condition-code test");
        return m;
    }
    make_cc(c, t->reg); /* only for tests lower_gp_begin did not see */
    tgsi_src f = nvgp_tgsi_src_swizzle(of(c->gps->cc[t->reg]), t->swizzle[0], t->swizzle[1], t->swizzle[2],
                                       t->swizzle[3]);
    nvgp_tgsi_build_USHR(c->b, m, uimm(c, lower_gp_cc_truth((nv_cond)t->cond)), f);
    nvgp_tgsi_build_AND(c->b, m, of(m), uimm(c, 1));
    nvgp_tgsi_build_INEG(c->b, m, of(m));
    return m;
}

tgsi_dst lower_gp_cc_any(lower_ctx *c, const nv_cc_test *t)
{
    tgsi_dst m = lower_gp_cc_test(c, t);
    if (reads_cc(t)) {
        nvgp_tgsi_build_OR(c->b, mask(m, 3), of(m), nvgp_tgsi_src_swizzle(of(m), 2, 3, 2, 3));
        nvgp_tgsi_build_OR(c->b, mask(m, 1), nvgp_tgsi_src_scalar(of(m), 0), nvgp_tgsi_src_scalar(of(m), 1));
    }
    return m;
}

void lower_gp_addsub_flags(lower_ctx *c, tgsi_src a, tgsi_src b, tgsi_src r, bool sub)
{
    /* CF: an add carries when the sum wraps below an operand; a subtract
     * sets it when a >= b as unsigned numbers (no borrow). */
    tgsi_dst cf = nvgp_tgsi_build_temp(c->b);
    if (sub)
        nvgp_tgsi_build_USGE(c->b, cf, a, b);
    else
        nvgp_tgsi_build_USLT(c->b, cf, r, a);
    /* OF: the signed result's sign differs from what the operands' signs
     * force: add: (a ^ r) & (b ^ r) < 0; subtract: (a ^ b) & (a ^ r) < 0. */
    tgsi_dst ov = nvgp_tgsi_build_temp(c->b), t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_XOR(c->b, ov, a, r);
    nvgp_tgsi_build_XOR(c->b, t, b, sub ? a : r);
    nvgp_tgsi_build_AND(c->b, ov, of(ov), of(t));
    nvgp_tgsi_build_ISLT(c->b, ov, of(ov), uimm(c, 0));
    nvgp_tgsi_build_release_temp(c->b, t);
    c->gps->cf = cf;
    c->gps->of = ov;
    c->gps->has_cf = c->gps->has_of = true;
}

/* The result's data type for the flags: Table X.13's Out column ("vf" a
 * float, "vs"/"vu" an integer), else the instruction's type. */
static bool result_is_float(const nv_inst *in, lower_type t)
{
    /* memory loads and atomics: the storage modifier's type is the type of
     * the value written ("For signed and unsigned integer results, the
     * sign flag (SF) is set if the most significant bit ... is set");
     * CVT's storage modifier is its operand's type instead */
    switch (in->op == NV_OP_CVT ? NV_DT_NONE : in->storage) {
    case NV_DT_NONE: break;
    case NV_DT_F16: case NV_DT_F32: case NV_DT_F64: case NV_DT_F32X2: case NV_DT_F32X4:
    case NV_DT_F64X2: case NV_DT_F64X4: case NV_DT_F16X2: case NV_DT_F16X4:
        return true;
    default:
        return false;
    }
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    if (info && info->out && info->out[0] && info->out[1] == 'f')
        return true;
    if (info && info->out && info->out[0] && (info->out[1] == 's' || info->out[1] == 'u'))
        return false;
    return lower_type_is_float(t);
}

/* flags = SF where the ~0/0 mask sf is set | ZF where zf is, plus OF and
 * CF from an integer add or subtract (gp_of/gp_cf), else cleared; z is a
 * scratch temporary (it may be zf's register). */
static void pack_flags(lower_ctx *c, tgsi_dst flags, tgsi_src sf, tgsi_src zf, tgsi_dst z, bool is_float)
{
    nvgp_tgsi_build_AND(c->b, flags, sf, uimm(c, LOWER_GP_SF));
    nvgp_tgsi_build_AND(c->b, z, zf, uimm(c, LOWER_GP_ZF));
    nvgp_tgsi_build_OR(c->b, flags, of(flags), of(z));
    if (!is_float && c->gps->has_of) {
        nvgp_tgsi_build_AND(c->b, z, of(c->gps->of), uimm(c, LOWER_GP_OF));
        nvgp_tgsi_build_OR(c->b, flags, of(flags), of(z));
    }
    if (!is_float && c->gps->has_cf) {
        nvgp_tgsi_build_AND(c->b, z, of(c->gps->cf), uimm(c, LOWER_GP_CF));
        nvgp_tgsi_build_OR(c->b, flags, of(flags), of(z));
    }
}

/* flags = the four flags of each component of r (2.X.4.3). */
static void flags_of(lower_ctx *c, tgsi_dst flags, tgsi_src r, bool is_float)
{
    tgsi_dst z = nvgp_tgsi_build_temp(c->b);
    if (is_float) {
        /* SF: < 0 or NaN; ZF: == 0 or NaN (-0.0 is zero, not negative) */
        tgsi_dst n = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_FSNE(c->b, n, r, r);
        nvgp_tgsi_build_FSLT(c->b, flags, r, fimm(c, 0.0f));
        nvgp_tgsi_build_FSEQ(c->b, z, r, fimm(c, 0.0f));
        nvgp_tgsi_build_OR(c->b, flags, of(flags), of(n));
        nvgp_tgsi_build_OR(c->b, z, of(z), of(n));
        nvgp_tgsi_build_release_temp(c->b, n);
    } else {
        /* SF: the most significant bit; ZF: zero */
        nvgp_tgsi_build_ISLT(c->b, flags, r, uimm(c, 0));
        nvgp_tgsi_build_USEQ(c->b, z, r, uimm(c, 0));
    }
    pack_flags(c, flags, of(flags), of(z), z, is_float);
    nvgp_tgsi_build_release_temp(c->b, z);
}

static void release_addsub_flags(lower_ctx *c)
{
    if (c->gps->has_cf)
        nvgp_tgsi_build_release_temp(c->b, c->gps->cf);
    if (c->gps->has_of)
        nvgp_tgsi_build_release_temp(c->b, c->gps->of);
    c->gps->has_cf = c->gps->has_of = false;
}

/* dst = src where the ~0/0 mask m passes (or everywhere without one). */
static void write_where(lower_ctx *c, tgsi_dst d, const tgsi_dst *m, tgsi_src src)
{
    if (m)
        nvgp_tgsi_build_UCMP(c->b, d, of(*m), src, of(d));
    else
        nvgp_tgsi_build_MOV(c->b, d, src);
}

/* flags = the four flags of each NV component of the 64-bit vector v
 * (TGSI's 64-bit compares leave pair xy's result in x and zw's in z). */
static void flags_of64(lower_ctx *c, tgsi_dst flags, const lower_gp64 *v, bool is_float)
{
    tgsi_dst sf = nvgp_tgsi_build_temp(c->b), zf = nvgp_tgsi_build_temp(c->b);
    tgsi_dst s = nvgp_tgsi_build_temp(c->b), z = nvgp_tgsi_build_temp(c->b);
    for (unsigned h = 0; h < 2; h++) {
        tgsi_src x = v->half[h];
        if (is_float) {
            tgsi_src zero = nvgp_tgsi_build_imm1d(c->b, 0.0);
            tgsi_dst n = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_DSNE(c->b, mask(n, 5), x, x);
            nvgp_tgsi_build_DSLT(c->b, mask(s, 5), x, zero);
            nvgp_tgsi_build_DSEQ(c->b, mask(z, 5), x, zero);
            nvgp_tgsi_build_OR(c->b, mask(s, 5), of(s), of(n));
            nvgp_tgsi_build_OR(c->b, mask(z, 5), of(z), of(n));
            nvgp_tgsi_build_release_temp(c->b, n);
        } else {
            tgsi_src zero = nvgp_tgsi_build_imm(c->b, TGSI_IMM_INT64, (const uint32_t[]){0, 0}, 2);
            nvgp_tgsi_build_I64SLT(c->b, mask(s, 5), x, zero);
            nvgp_tgsi_build_U64SEQ(c->b, mask(z, 5), x, zero);
        }
        /* x, z -> NV components 2h, 2h + 1 */
        nvgp_tgsi_build_MOV(c->b, mask(sf, 3u << (2 * h)), nvgp_tgsi_src_swizzle(of(s), 0, 2, 0, 2));
        nvgp_tgsi_build_MOV(c->b, mask(zf, 3u << (2 * h)), nvgp_tgsi_src_swizzle(of(z), 0, 2, 0, 2));
    }
    pack_flags(c, flags, of(sf), of(zf), z, is_float);
    nvgp_tgsi_build_release_temp(c->b, z);
    nvgp_tgsi_build_release_temp(c->b, s);
    nvgp_tgsi_build_release_temp(c->b, zf);
    nvgp_tgsi_build_release_temp(c->b, sf);
}

/* A copy of v in two new temporaries (dst[0..1]); v's own temporaries are
 * released. */
static lower_gp64 copy64(lower_ctx *c, lower_gp64 *v, tgsi_dst dst[2])
{
    lower_gp64 r;
    memset(&r, 0, sizeof r);
    for (unsigned h = 0; h < 2; h++) {
        dst[h] = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MOV(c->b, dst[h], v->half[h]);
        r.half[h] = of(dst[h]);
    }
    lower_gp_release64(c, v);
    return r;
}

/* 64-bit results (F64/S64/U64): the handler's lower_gp_dst64 writes the
 * 64-bit values into two temporaries (c->gps->dst64_override); the wrapper
 * writes them to the destination (LONG TEMP pairs, or narrowed) where the
 * conditional write mask passes, per NV component, keeping the old value
 * elsewhere, and takes the flags from the 64-bit values, so that results
 * written to 32-bit registers or outputs get the flags of the value
 * computed, not of the value stored. */
static void with_cc64(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    if (in->dst.has_rel) {
        lower_error(c, in->offset, "condition codes and conditional writes of 64-bit results to relatively "
                                   "addressed destinations have no TGSI translation yet");
        return;
    }
    unsigned wm = in->dst.writemask & 0xf;
    bool cond = in->dst.cc.cond != NV_COND_NONE;
    bool to_dst = in->dst.file != NV_FILE_CC;
    tgsi_dst m = {0};
    if (cond)
        m = lower_gp_cc_test(c, &in->dst.cc); /* the condition code before the update */
    tgsi_dst res[2];
    lower_gp64 now;
    memset(&now, 0, sizeof now);
    for (unsigned h = 0; h < 2; h++) {
        res[h] = nvgp_tgsi_build_temp(c->b);
        now.half[h] = of(res[h]);
    }
    release_addsub_flags(c);
    c->gps->dst64_override[0] = res[0];
    c->gps->dst64_override[1] = res[1];
    c->gps->has_dst64_override = true;
    row->fn(c, in, row, t);
    c->gps->has_dst64_override = false;
    if (to_dst && cond) {
        /* the old value, read as the 64-bit type (a 32-bit register is
         * widened and narrowed back unchanged) */
        nv_src d;
        memset(&d, 0, sizeof d);
        d.file = in->dst.file;
        d.var = in->dst.var;
        d.index = in->dst.index;
        d.offset = in->dst.offset;
        for (int i = 0; i < 4; i++)
            d.swizzle[i] = (uint8_t)i;
        lower_gp64 v = lower_gp_src64(c, &d, t);
        tgsi_dst old_t[2];
        lower_gp64 old = copy64(c, &v, old_t);
        /* word k of half h belongs to NV component 2h + k/2 */
        tgsi_dst sel[2];
        lower_gp64 merged;
        memset(&merged, 0, sizeof merged);
        for (unsigned h = 0; h < 2; h++) {
            sel[h] = nvgp_tgsi_build_temp(c->b);
            tgsi_src mh = nvgp_tgsi_src_swizzle(of(m), 2 * h, 2 * h, 2 * h + 1, 2 * h + 1);
            nvgp_tgsi_build_UCMP(c->b, sel[h], mh, now.half[h], old.half[h]);
            merged.half[h] = of(sel[h]);
        }
        lower_gp_dst64(c, &in->dst, t, &merged);
        for (unsigned h = 0; h < 2; h++) {
            nvgp_tgsi_build_release_temp(c->b, sel[h]);
            nvgp_tgsi_build_release_temp(c->b, old_t[h]);
        }
    } else if (to_dst) {
        lower_gp_dst64(c, &in->dst, t, &now);
    }
    if (in->cc_update && in->cc_update <= 2) {
        unsigned reg = in->cc_update - 1u;
        make_cc(c, reg);
        tgsi_dst flags = nvgp_tgsi_build_temp(c->b);
        flags_of64(c, flags, &now, result_is_float(in, t));
        write_where(c, mask(c->gps->cc[reg], wm), cond ? &m : NULL, of(flags));
        nvgp_tgsi_build_release_temp(c->b, flags);
    }
    for (unsigned h = 0; h < 2; h++)
        nvgp_tgsi_build_release_temp(c->b, res[h]);
    release_addsub_flags(c);
    if (cond)
        nvgp_tgsi_build_release_temp(c->b, m);
}

void lower_gp_with_cc(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    bool inherited = info && info->out && info->out[0] && !info->out[1]; /* "v" or "s", not "vf"... */
    if (lower_type_is_64(t) && inherited) {
        with_cc64(c, in, row, t);
        return;
    }
    unsigned wm = in->dst.writemask & 0xf;
    bool cond = in->dst.cc.cond != NV_COND_NONE;
    tgsi_dst r = nvgp_tgsi_build_temp(c->b);
    release_addsub_flags(c);
    c->dst_override = r;
    c->has_dst_override = true;
    row->fn(c, in, row, t);
    c->has_dst_override = false;
    /* the test reads the condition code as it was before this instruction */
    tgsi_dst m = {0};
    if (cond)
        m = lower_gp_cc_test(c, &in->dst.cc);
    tgsi_dst d = mask(lower_dst(c, &in->dst), wm);
    write_where(c, d, cond ? &m : NULL, of(r));
    lower_gp_bind_level_written(c, &in->dst, cond ? &m : NULL);
    if (in->cc_update && in->cc_update <= 2) {
        unsigned reg = in->cc_update - 1u;
        make_cc(c, reg);
        tgsi_dst flags = nvgp_tgsi_build_temp(c->b);
        flags_of(c, flags, of(r), result_is_float(in, t));
        write_where(c, mask(c->gps->cc[reg], wm), cond ? &m : NULL, of(flags));
        nvgp_tgsi_build_release_temp(c->b, flags);
    }
    release_addsub_flags(c);
    if (cond)
        nvgp_tgsi_build_release_temp(c->b, m);
    nvgp_tgsi_build_release_temp(c->b, r);
}
