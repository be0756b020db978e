/* The NV_gpu_program4/5 family's operands: the instruction's type, typed
 * literals, integer operand modifiers, LONG variables and 64-bit operands
 * (layout: lower_gp.h). */
#include "lower/lower_gp.h"

#include <string.h>

lower_type lower_gp_type(const nv_inst *in)
{
    if (in->s24) /* MUL/MAD.S24/.U24 imply their type (NV_gpu_program4 MUL) */
        return LT_S32;
    if (in->u24)
        return LT_U32;
    switch (in->dtype) {
    case NV_DT_F: case NV_DT_F32: return LT_F32;
    case NV_DT_S: case NV_DT_S32: return LT_S32;
    case NV_DT_U: case NV_DT_U32: return LT_U32;
    case NV_DT_F64: return LT_F64;
    case NV_DT_S64: return LT_S64;
    case NV_DT_U64: return LT_U64;
    default: break;
    }
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    char d = info ? nv_op_default_type(info) : 'F';
    return d == 'S' ? LT_S32 : d == 'U' ? LT_U32 : LT_F32;
}

/* ---- LONG variables and 64-bit operands (layout: lower_gp.h) ---------------- */

bool lower_gp_is_long(lower_ctx *c, uint32_t var)
{
    if (var >= c->p->nvars)
        return false;
    const nv_var *v = &c->p->vars[var];
    return v->kind == NV_VAR_TEMP && (v->mods & NV_VMOD_LONG);
}

/* The second register (array) of LONG variable var, made on first use. */
static tgsi_src long_hi_base(lower_ctx *c, uint32_t var, uint32_t offset)
{
    for (uint32_t i = 0; i < c->gps->nlong; i++)
        if (c->gps->long_var[i] == var)
            return c->gps->long_hi[i];
    const nv_var *v = &c->p->vars[var];
    tgsi_src r;
    if (v->is_array)
        r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp_array(c->b, v->array_size ? v->array_size : 1, NULL));
    else
        r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp(c->b));
    if (c->gps->nlong >= sizeof c->gps->long_var / sizeof c->gps->long_var[0]) {
        lower_error(c, offset, "too many LONG variables to translate");
        return r;
    }
    c->gps->long_var[c->gps->nlong] = var;
    c->gps->long_hi[c->gps->nlong++] = r;
    return r;
}

/* LONG ATTRIB (vertex programs' 64-bit attributes): x, y in the input
 * register the binding names, z, w in the next (lower_gp_bind.c). */
static bool long_attrib(const lower_ctx *c, const nv_src *s)
{
    return s->file == NV_FILE_ATTRIB && s->var < c->p->nvars && (c->p->vars[s->var].mods & NV_VMOD_LONG);
}

/* An operand holding 64-bit components in two registers. */
static bool long_operand(lower_ctx *c, const nv_src *s)
{
    return (s->file == NV_FILE_TEMP && lower_gp_is_long(c, s->var)) || long_attrib(c, s);
}

/* Both registers of a LONG operand, unswizzled and without modifiers. */
static void long_regs(lower_ctx *c, const nv_src *s, tgsi_src reg[2])
{
    nv_src raw = *s;
    raw.negate = raw.abs = raw.neg_inner = false;
    for (int i = 0; i < 4; i++)
        raw.swizzle[i] = (uint8_t)i;
    reg[0] = lower_src(c, &raw);
    reg[1] = reg[0];
    if (long_attrib(c, s)) {
        if (s->has_rel)
            lower_error(c, s->offset, "LONG attributes are not read relatively");
        reg[1].reg.index = reg[0].reg.index + 1;
        return;
    }
    reg[1].reg.index = long_hi_base(c, s->var, s->offset).reg.index + s->index;
}

static lower_type wide_of(lower_type t)
{
    return t == LT_F32 ? LT_F64 : t == LT_S32 ? LT_S64 : t == LT_U32 ? LT_U64 : t;
}

static lower_type narrow_of(lower_type t)
{
    return t == LT_F64 ? LT_F32 : t == LT_S64 ? LT_S32 : t == LT_U64 ? LT_U32 : t;
}

/* The 32-bit values of a pair vector v (type t) in a new temporary:
 * component i is NV component i. */
static tgsi_dst narrow64(lower_ctx *c, const lower_gp64 *v, lower_type t)
{
    tgsi_dst r = nvgp_tgsi_build_temp(c->b);
    for (unsigned k = 0; k < 2; k++) {
        tgsi_dst d = nvgp_tgsi_dst_writemask(r, 3u << (2 * k));
        if (t == LT_F64) {
            /* D2F writes x and y; the swizzle places them at 2k, 2k+1 */
            tgsi_dst u = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_D2F(c->b, nvgp_tgsi_dst_writemask(u, 3), v->half[k]);
            nvgp_tgsi_build_MOV(c->b, d, nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(u), 0, 1, 0, 1));
            nvgp_tgsi_build_release_temp(c->b, u);
        } else {
            tgsi_src w = v->half[k];
            if (w.negate || w.absolute) { /* 64-bit modifiers: apply them first */
                tgsi_dst u = nvgp_tgsi_build_temp(c->b);
                nvgp_tgsi_build_U64ADD(c->b, u, w, nvgp_tgsi_build_imm(c->b, TGSI_IMM_UINT64, (uint32_t[]){0, 0}, 2));
                nvgp_tgsi_build_MOV(c->b, d, nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(u), 0, 2, 0, 2));
                nvgp_tgsi_build_release_temp(c->b, u);
            } else {
                nvgp_tgsi_build_MOV(c->b, d, nvgp_tgsi_src_swizzle(w, 0, 2, 0, 2));
            }
        }
    }
    return r;
}

/* A temporary that lives until the current instruction is translated
 * (lower_gp_inst releases it). */
static tgsi_dst scratch_temp(lower_ctx *c)
{
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    if (c->gps->nscratch < sizeof c->gps->scratch / sizeof c->gps->scratch[0])
        c->gps->scratch[c->gps->nscratch++] = t;
    return t;
}

/* NV_gpu_program4 2.X.4.2 on integer operands: "-" is a two's complement
 * negation and |x| an integer absolute value (no effect on unsigned
 * operands; -2^31 stays -2^31).  TGSI's modifiers on MOV, UCMP and the
 * other untyped opcodes flip the float sign bit instead, so integer
 * operands carry no modifiers: r (unmodified) goes through IABS/INEG. */
static tgsi_src int_modifiers(lower_ctx *c, const nv_src *s, lower_type t, tgsi_src r)
{
    bool abs = s->abs && t == LT_S32;
    if (!abs && !s->negate && !s->neg_inner)
        return r;
    tgsi_dst d = scratch_temp(c);
    tgsi_src v = r;
    if (s->neg_inner && s->abs && t == LT_U32) {
        /* |-x| of an unsigned operand: the absolute value has no effect */
        nvgp_tgsi_build_INEG(c->b, d, v);
        v = nvgp_tgsi_src_of(d);
    } else if (s->abs && t == LT_S32) {
        nvgp_tgsi_build_IABS(c->b, d, v); /* |-x| = |x| */
        v = nvgp_tgsi_src_of(d);
    }
    if (s->negate) {
        nvgp_tgsi_build_INEG(c->b, d, v);
        v = nvgp_tgsi_src_of(d);
    }
    return v;
}

/* The same on literal words. */
static void int_modifiers_words(const nv_src *s, lower_type t, uint32_t w[4])
{
    for (int i = 0; i < 4; i++) {
        if (s->abs && s->neg_inner && t == LT_U32)
            w[i] = 0u - w[i];
        if (s->abs && t == LT_S32 && (w[i] & 0x80000000u))
            w[i] = 0u - w[i];
        if (s->negate)
            w[i] = 0u - w[i];
    }
}

tgsi_src lower_gp_src(lower_ctx *c, const nv_src *s, lower_type t)
{
    if (lower_type_is_64(t)) {
        lower_error(c, s->offset, "64-bit operand read as a 32-bit one");
        return lower_src(c, s);
    }
    if (long_operand(c, s)) {
        /* a 32-bit instruction reading a LONG variable: narrowed values */
        nv_src plain = *s;
        plain.negate = plain.abs = plain.neg_inner = false;
        lower_gp64 v = lower_gp_src64(c, &plain, wide_of(t));
        tgsi_dst n = narrow64(c, &v, wide_of(t));
        lower_gp_release64(c, &v);
        tgsi_src r = nvgp_tgsi_src_of(n); /* kept: the caller reads it after making others */
        if (t != LT_F32)
            return int_modifiers(c, s, t, r);
        if (s->abs)
            r = nvgp_tgsi_src_abs(r);
        if (s->negate)
            r = nvgp_tgsi_src_negate(r);
        return r;
    }
    if (s->file != NV_FILE_CONST || s->konst >= c->p->nconsts) {
        if (t == LT_F32 || (!s->negate && !s->abs))
            return lower_src(c, s);
        nv_src plain = *s;
        plain.negate = plain.abs = plain.neg_inner = false;
        return int_modifiers(c, s, t, lower_src(c, &plain));
    }
    /* literal: its words as t wants them (4.0/5.0 literals are typed by
     * use: "2" in a float instruction is 2.0, in an integer one 2) */
    const nv_const *k = &c->p->consts[s->konst];
    uint32_t w[4];
    tgsi_imm_type it = TGSI_IMM_FLOAT32;
    for (int i = 0; i < 4; i++) {
        if (t == LT_F32 && k->is_int) {
            float f = (float)k->d[i];
            memcpy(&w[i], &f, 4);
        } else if (t == LT_F32 || k->is_int) {
            w[i] = k->v.u[i]; /* float bits, or the integer's two's-complement bits */
        } else if (k->d[i] >= -2147483648.0 && k->d[i] < 4294967296.0) {
            w[i] = k->d[i] < 0 ? (uint32_t)(int32_t)k->d[i] : (uint32_t)k->d[i];
        } else {
            w[i] = 0;
        }
    }
    if (t == LT_S32)
        it = TGSI_IMM_INT32;
    else if (t == LT_U32)
        it = TGSI_IMM_UINT32;
    if (t != LT_F32)
        int_modifiers_words(s, t, w);
    tgsi_src r = nvgp_tgsi_build_imm(c->b, it, w, 4);
    uint8_t base[4] = {r.swizzle[0], r.swizzle[1], r.swizzle[2], r.swizzle[3]};
    for (int i = 0; i < 4; i++)
        r.swizzle[i] = base[s->swizzle[i] & 3];
    if (t != LT_F32)
        return r;
    if (s->abs)
        r = nvgp_tgsi_src_abs(r);
    if (s->negate)
        r = nvgp_tgsi_src_negate(r);
    return r;
}

/* The 64-bit words of literal component i of k as type t: integers written
 * as integers from the assembler's exact 64-bit value, everything else
 * from the double (F64 bits; a float literal read as an integer truncated,
 * saturated to the 64-bit range). */
static void literal64(const nv_const *k, unsigned i, lower_type t, uint32_t w[2])
{
    double x = k->d[i];
    uint64_t u = 0;
    if (t == LT_F64)
        memcpy(&u, &x, 8);
    else if (k->is_int)
        u = k->bits64[i];
    else if (x < 0 && x >= -9223372036854775808.0)
        u = (uint64_t)(int64_t)x;
    else if (x >= 0 && x < 18446744073709551616.0)
        u = (uint64_t)x;
    else if (x >= 18446744073709551616.0)
        u = ~(uint64_t)0;
    w[0] = (uint32_t)u;
    w[1] = (uint32_t)(u >> 32);
}

lower_gp64 lower_gp_src64(lower_ctx *c, const nv_src *s, lower_type t)
{
    lower_gp64 v;
    memset(&v, 0, sizeof v);
    if (s->file == NV_FILE_CONST && s->konst < c->p->nconsts) {
        const nv_const *k = &c->p->consts[s->konst];
        tgsi_imm_type it = t == LT_F64 ? TGSI_IMM_FLOAT64 : t == LT_S64 ? TGSI_IMM_INT64 : TGSI_IMM_UINT64;
        for (unsigned h = 0; h < 2; h++) {
            uint32_t w[4];
            literal64(k, s->swizzle[2 * h] & 3u, t, w);
            literal64(k, s->swizzle[2 * h + 1] & 3u, t, w + 2);
            v.half[h] = nvgp_tgsi_build_imm(c->b, it, w, 4);
        }
    } else if (long_operand(c, s)) {
        tgsi_src reg[2];
        long_regs(c, s, reg);
        for (unsigned h = 0; h < 2; h++) {
            unsigned a = s->swizzle[2 * h] & 3, b = s->swizzle[2 * h + 1] & 3;
            unsigned pa = 2 * (a & 1), pb = 2 * (b & 1);
            if ((a >> 1) == (b >> 1)) {
                v.half[h] = nvgp_tgsi_src_swizzle(reg[a >> 1], pa, pa + 1, pb, pb + 1);
                continue;
            }
            tgsi_dst u = nvgp_tgsi_build_temp(c->b);
            v.tmp[v.ntmp++] = u;
            nvgp_tgsi_build_MOV(c->b, nvgp_tgsi_dst_writemask(u, 3), nvgp_tgsi_src_swizzle(reg[a >> 1], pa, pa + 1, 0, 0));
            nvgp_tgsi_build_MOV(c->b, nvgp_tgsi_dst_writemask(u, 0xc),
                                nvgp_tgsi_src_swizzle(reg[b >> 1], 0, 0, pb, pb + 1));
            v.half[h] = nvgp_tgsi_src_of(u);
        }
    } else {
        /* a 32-bit operand: each component widened */
        nv_src plain = *s;
        plain.negate = plain.abs = plain.neg_inner = false;
        tgsi_src n = lower_gp_src(c, &plain, narrow_of(t));
        for (unsigned h = 0; h < 2; h++) {
            tgsi_dst u = nvgp_tgsi_build_temp(c->b);
            v.tmp[v.ntmp++] = u;
            tgsi_src in = nvgp_tgsi_src_swizzle(n, 2 * h, 2 * h + 1, 2 * h, 2 * h + 1);
            tgsi_opcode op = t == LT_F64 ? TGSI_OPCODE_F2D : t == LT_S64 ? TGSI_OPCODE_I2I64 : TGSI_OPCODE_U2I64;
            nvgp_tgsi_build_insn(c->b, op, &u, 1, &in, 1);
            v.half[h] = nvgp_tgsi_src_of(u);
        }
    }
    for (unsigned h = 0; h < 2; h++) {
        if (s->abs)
            v.half[h] = nvgp_tgsi_src_abs(v.half[h]);
        if (s->negate)
            v.half[h] = nvgp_tgsi_src_negate(v.half[h]);
    }
    return v;
}

void lower_gp_plain64(lower_ctx *c, lower_gp64 *v, lower_type t)
{
    for (unsigned h = 0; h < 2; h++) {
        tgsi_src x = v->half[h];
        if (!x.negate && !x.absolute)
            continue;
        tgsi_dst u = nvgp_tgsi_build_temp(c->b);
        v->tmp[v->ntmp++] = u;
        if (t == LT_F64) {
            nvgp_tgsi_build_DMAX(c->b, u, x, x);
        } else {
            uint32_t zero[4] = {0, 0, 0, 0};
            nvgp_tgsi_build_U64ADD(c->b, u, x, nvgp_tgsi_build_imm(c->b, TGSI_IMM_UINT64, zero, 4));
        }
        v->half[h] = nvgp_tgsi_src_of(u);
    }
}

void lower_gp_release64(lower_ctx *c, lower_gp64 *v)
{
    for (unsigned i = 0; i < v->ntmp; i++)
        nvgp_tgsi_build_release_temp(c->b, v->tmp[i]);
    v->ntmp = 0;
}

void lower_gp_dst64(lower_ctx *c, const nv_dst *d, lower_type t, const lower_gp64 *v)
{
    unsigned wm = d->writemask & 0xf;
    if (c->has_dst_override) {
        lower_error(c, d->offset, "condition codes of 64-bit results have no TGSI translation yet");
        return;
    }
    bool pairs = c->gps->has_dst64_override || (d->file == NV_FILE_TEMP && lower_gp_is_long(c, d->var));
    if (pairs) {
        tgsi_dst reg[2];
        if (c->gps->has_dst64_override) {
            reg[0] = c->gps->dst64_override[0];
            reg[1] = c->gps->dst64_override[1];
        } else {
            reg[0] = lower_dst(c, d);
            reg[0].writemask = 0xf; /* the pairs' masks below replace the NV mask */
            reg[1] = reg[0];
            reg[1].reg.index = long_hi_base(c, d->var, d->offset).reg.index + d->index;
        }
        for (unsigned h = 0; h < 2; h++) {
            unsigned m = ((wm >> (2 * h)) & 1 ? 3u : 0u) | ((wm >> (2 * h + 1)) & 1 ? 0xcu : 0u);
            if (!m)
                continue;
            tgsi_src x = v->half[h];
            tgsi_dst o = nvgp_tgsi_dst_writemask(reg[h], m);
            if (!x.negate && !x.absolute)
                nvgp_tgsi_build_MOV(c->b, o, x);
            else if (t == LT_F64) /* max(x, x) = x, with the 64-bit modifiers applied */
                nvgp_tgsi_build_DMAX(c->b, o, x, x);
            else
                nvgp_tgsi_build_U64ADD(c->b, o, x, nvgp_tgsi_build_imm(c->b, TGSI_IMM_UINT64, (uint32_t[]){0, 0}, 2));
        }
        return;
    }
    tgsi_dst n = narrow64(c, v, t);
    nvgp_tgsi_build_MOV(c->b, lower_dst(c, d), nvgp_tgsi_src_of(n));
    nvgp_tgsi_build_release_temp(c->b, n);
}
