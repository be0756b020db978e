/* The older NV/ARB family's instructions: condition codes (the "C"
 * suffixes, conditional writes), the precisions of FP1.0 and the NV
 * fragment options, the denormal flush of the NV vertex languages, the
 * address registers, the call stack of PUSHA/POPA and CAL/RET, and the
 * structured flow control (IF, REP, LOOP, BRK).  Its rows come first;
 * opcodes without one use the common sequences (lower_common_seq.c). */
#include "lower/lower_old.h"

#include "nv/nv_old.h"

#include <math.h>
#include <string.h>

static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_src fimm(lower_ctx *c, float x) { return nvgp_tgsi_build_imm1f(c->b, x); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

/* KIL operand: the fragment is discarded if any component is negative;
 * KIL with a condition (FP1.0, NV options): if any tested component passes. */
static void op_kil(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (in->nsrc == 0) {
        nv_cc_test t = in->cond;
        if (t.cond == NV_COND_NONE)
            t.cond = NV_COND_TR;
        lower_kill_mask(c, lower_cc_test(c, &t));
        return;
    }
    nvgp_tgsi_build_KILL_IF(c->b, lower_src(c, &in->src[0]));
}

/* ---- Condition codes (VP2, FP1.0 and the ARB NV options) ---------------------- */

tgsi_dst lower_cc_test(lower_ctx *c, const nv_cc_test *t)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    if (!c->olds->has_cc) {
        lower_error(c, t->offset, "condition code used before it exists");
        return m;
    }
    tgsi_src cc = nvgp_tgsi_src_swizzle(of(c->olds->cc[t->reg & 1]), t->swizzle[0], t->swizzle[1], t->swizzle[2],
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
    if (c->olds->nsrc_conv >= sizeof c->olds->src_conv / sizeof c->olds->src_conv[0])
        lower_error(c, 0, "too many operand temporaries in one instruction");
    else
        c->olds->src_conv[c->olds->nsrc_conv++] = t;
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
    return lower_math_of(c)->ftz;
}

void lower_flush_denormals(lower_ctx *c, tgsi_dst r)
{
    convert_value(c, r, 'D');
}

tgsi_src lower_convert_src(lower_ctx *c, tgsi_src r)
{
    if (c->olds->nsrc_conv >= sizeof c->olds->src_conv / sizeof c->olds->src_conv[0]) {
        lower_error(c, 0, "too many operands to convert");
        return r;
    }
    tgsi_dst t = lower_instruction_temp(c);
    nvgp_tgsi_build_MOV(c->b, t, r);
    convert_value(c, t, c->olds->src_prec);
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
    int prec = !lower_math_of(c)->ftz ? result_precision(c, in) : keeps_normal[in->op] ? 0 : 'D';
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
        tgsi_dst d = mask(c->olds->cc[in->cc_update == 2], wm);
        if (cond)
            nvgp_tgsi_build_UCMP(c->b, d, of(m), of(r), of(d));
        else
            nvgp_tgsi_build_MOV(c->b, d, of(r));
    }
    if (cond)
        nvgp_tgsi_build_release_temp(c->b, m);
    nvgp_tgsi_build_release_temp(c->b, r);
}

/* ---- Address registers ----------------------------------------------------- */

tgsi_dst lower_addr_shadow(lower_ctx *c, tgsi_dst a)
{
    int32_t k = a.reg.index;
    if (k < 0 || k >= 16) {
        lower_error(c, 0, "too many address registers to translate");
        return nvgp_tgsi_build_temp(c->b);
    }
    if (!c->olds->addr_shadow_has[k]) {
        c->olds->addr_shadow[k] = nvgp_tgsi_build_temp(c->b);
        c->olds->addr_shadow_has[k] = true;
    }
    return c->olds->addr_shadow[k];
}

/* ARL (floor), ARR (round) and ARA (x+z, y+w): an integer result clamped to
 * [-512, 511] (NV_vertex_program2 2.14.3.3-5) kept in the register's
 * integer copy, then loaded into the ADDR register with UARL.  The
 * condition code, when updated, compares the integer result with zero. */
static void op_addr(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    tgsi_dst a = lower_dst(c, &in->dst);
    /* VSP1.0 too: its relative reads check their index (lower_old_regs.c) */
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
        tgsi_dst d = mask(c->olds->cc[in->cc_update == 2], wm);
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
    nvgp_tgsi_build_UMIN(c->b, mask(t, 1u << comp), index, uimm(c, c->olds->stack_size - 1));
    nvgp_tgsi_build_UARL(c->b, mask(c->olds->stack_addr, 1), sc(of(t), comp));
    return nvgp_tgsi_dst_indirect(c->olds->stack, sc(of(c->olds->stack_addr), 0), 0);
}

void lower_stack_push(lower_ctx *c, tgsi_src cond, tgsi_src value, bool is_addr, tgsi_dst fail)
{
    /* t.x: full; t.y: pushes here; t.z: scratch; t.w: the entry's bit */
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    tgsi_src depth = sc(of(c->olds->depth), 0);
    nvgp_tgsi_build_USGE(c->b, mask(t, 1), depth, uimm(c, c->olds->stack_size));
    nvgp_tgsi_build_AND(c->b, mask(t, 4), cond, sc(of(t), 0));
    nvgp_tgsi_build_OR(c->b, mask(fail, 1), sc(of(fail), 0), sc(of(t), 2));
    nvgp_tgsi_build_NOT(c->b, mask(t, 4), sc(of(t), 0));
    nvgp_tgsi_build_AND(c->b, mask(t, 2), cond, sc(of(t), 2));
    tgsi_dst e = stack_entry(c, depth, t, 2);
    nvgp_tgsi_build_UCMP(c->b, e, sc(of(t), 1), value, of(e));
    nvgp_tgsi_build_SHL(c->b, mask(t, 8), uimm(c, 1), depth);
    if (is_addr) {
        nvgp_tgsi_build_OR(c->b, mask(t, 4), sc(of(c->olds->depth), 1), sc(of(t), 3));
    } else {
        nvgp_tgsi_build_NOT(c->b, mask(t, 8), sc(of(t), 3));
        nvgp_tgsi_build_AND(c->b, mask(t, 4), sc(of(c->olds->depth), 1), sc(of(t), 3));
    }
    nvgp_tgsi_build_UCMP(c->b, mask(c->olds->depth, 2), sc(of(t), 1), sc(of(t), 2), sc(of(c->olds->depth), 1));
    nvgp_tgsi_build_UADD(c->b, mask(t, 4), depth, uimm(c, 1));
    nvgp_tgsi_build_UCMP(c->b, mask(c->olds->depth, 1), sc(of(t), 1), sc(of(t), 2), depth);
    nvgp_tgsi_build_release_temp(c->b, t);
}

void lower_stack_pop(lower_ctx *c, tgsi_src cond, bool is_addr, tgsi_dst out, tgsi_dst fail)
{
    /* t.x: cannot pop; t.y: the top's index; t.z: the top's kind, then
     * scratch; t.w: pops here */
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    tgsi_src depth = sc(of(c->olds->depth), 0);
    nvgp_tgsi_build_UADD(c->b, mask(t, 2), depth, uimm(c, 0xffffffffu));
    nvgp_tgsi_build_USHR(c->b, mask(t, 4), sc(of(c->olds->depth), 1), sc(of(t), 1));
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
    nvgp_tgsi_build_UCMP(c->b, mask(c->olds->depth, 1), sc(of(t), 3), sc(of(t), 1), depth);
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* PUSHA/POPA (NV_vertex_program3 2.14.5.43-44): the address register's
 * integer copy goes onto / comes off the call stack.  A push on a full
 * stack, a pop from an empty one or of an entry CAL pushed end the program
 * ("terminates abnormally"; results undefined: those written so far are
 * kept).  They end a block of the program-counter loop (lower_old_flow.c),
 * which reads c->olds->stack_fail. */
static void op_pusha(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!c->olds->has_stack) {
        lower_error(c, in->offset, "no call stack for PUSHA");
        return;
    }
    tgsi_src a = lower_src(c, &in->src[0]);
    lower_stack_push(c, uimm(c, 0xffffffffu), of(lower_addr_shadow(c, nvgp_tgsi_dst_of(a))), true, c->olds->stack_fail);
}

static void op_popa(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (!c->olds->has_stack) {
        lower_error(c, in->offset, "no call stack for POPA");
        return;
    }
    tgsi_dst a = lower_dst(c, &in->dst);
    tgsi_dst s = lower_addr_shadow(c, a);
    lower_stack_pop(c, uimm(c, 0xffffffffu), true, s, c->olds->stack_fail);
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
    int32_t k = lower_loops_open(c, &c->olds->loops, in, in->nsrc > 0, false);
    if (k < 0)
        return;
    if (in->nsrc > 0) {
        tgsi_dst n = nvgp_tgsi_build_temp(c->b);
        c->olds->loops.counter[k] = n;
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
    int32_t k = lower_loops_open(c, &c->olds->loops, in, true, true);
    if (k < 0)
        return;
    tgsi_dst n = nvgp_tgsi_build_temp(c->b);
    c->olds->loops.counter[k] = n;
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
    for (uint32_t j = c->olds->loops.n; j-- > 0;)
        if (c->olds->loops.is_loop[j]) {
            nvgp_tgsi_build_UARL(c->b, loop_index_reg(c), sc(of(c->olds->loops.counter[j]), 1));
            break;
        }
}

static void op_endrep(lower_ctx *c, const nv_inst *in, const lower_row *row)
{
    (void)row;
    if (c->olds->loops.n == 0) {
        lower_error(c, in->offset, "%s without its block", in->op == NV_OP_ENDLOOP ? "ENDLOOP" : "ENDREP");
        return;
    }
    uint32_t k = --c->olds->loops.n;
    if (c->olds->loops.is_loop[k]) {
        /* LoopIndex += LoopIncr, A0.x still at least 0 */
        nvgp_tgsi_build_UADD(c->b, mask(c->olds->loops.counter[k], 2), sc(of(c->olds->loops.counter[k]), 1),
                             sc(of(c->olds->loops.counter[k]), 2));
        nvgp_tgsi_build_IMAX(c->b, mask(c->olds->loops.counter[k], 2), sc(of(c->olds->loops.counter[k]), 1),
                             nvgp_tgsi_build_imm1i(c->b, 0));
    }
    nvgp_tgsi_build_ENDLOOP(c->b);
    /* with subroutines a counter stays the block's own: a released one
     * could be another block's that a call leaves live */
    if (c->olds->loops.has_counter[k] && !c->olds->keep_loop_counters)
        nvgp_tgsi_build_release_temp(c->b, c->olds->loops.counter[k]);
    c->olds->loops.is_loop[k] = false;
    c->olds->loops.n = k;
    /* back in an enclosing LOOP, A0.x is its index again */
    lower_reload_loop_index(c);
}

/* The family's own rows; other opcodes take the common sequences'
 * (lower_common_rows). */
static const lower_row old_rows[NV_OP_COUNT] = {
    [NV_OP_ARL] = {op_addr, TGSI_OPCODE_FLR, false, true},
    [NV_OP_ARR] = {op_addr, TGSI_OPCODE_ROUND, false, true},
    [NV_OP_ARA] = {op_addr, 0, false, true},
    [NV_OP_PUSHA] = {op_pusha, 0, false, true},
    [NV_OP_POPA] = {op_popa, 0, false, true},
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
};

static const lower_row *old_row(uint16_t op)
{
    if (op >= NV_OP_COUNT)
        return NULL;
    if (old_rows[op].fn)
        return &old_rows[op];
    return lower_common_rows[op].fn ? &lower_common_rows[op] : NULL;
}

void lower_old_inst(lower_ctx *c, const nv_inst *in)
{
    const lower_row *row = old_row(in->op);
    const char *name = in->op < NV_OP_COUNT ? nvgp_nv_opcode_info((nv_opcode)in->op)->name : "?";
    if (!row) {
        lower_error(c, in->offset, "%s has no TGSI translation yet", name);
        return;
    }
    if (in->cond.cond != NV_COND_NONE && !row->cond_ok) {
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
    const bool ftz = lower_math_of(c)->ftz && !keeps_normal[in->op];
    c->olds->src_prec = lower_math_of(c)->ftz ? 'D' : source_precision(c, in);
    if (in->has_dst && !row->own_cc &&
        (in->cc_update || in->dst.cc.cond != NV_COND_NONE || in->dst.file == NV_FILE_CC || ftz ||
         in->sat == NV_SAT_SSAT || result_precision(c, in)))
        lower_with_cc(c, in, row);
    else
        row->fn(c, in, row);
    c->olds->src_prec = 0;
    while (c->olds->nsrc_conv)
        nvgp_tgsi_build_release_temp(c->b, c->olds->src_conv[--c->olds->nsrc_conv]);
}
