/* The older NV/ARB family (ARBvp/ARBfp, VP1.x, VSP1.0, VP2.0, FP1.0 and
 * their options): its state (lower_old.h), the fixed registers of the NV
 * languages (R0, A0, c[n], v[n], o[...], f[...], p[n]), VSP1.0's written
 * parameters, the denormal flush of the NV vertex languages, and the
 * family's interface to the driver and the common layer. */
#include "lower/lower_old.h"

#include "nv/nv_limits.h"
#include "nv/nv_old.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The register of a fixed register of the NV languages, made (and named in
 * the map) on first use: R<n>/H<n>, A0/A1, c[n]/p[n] (or VSP1.0's
 * temporary of a written parameter), v[n]/f[...], o[...]. */
static tgsi_src old_reg(lower_ctx *c, uint8_t file, int32_t index, uint32_t offset)
{
    char name[32];
    bool frag = c->p->stage == NV_STAGE_FRAGMENT;
    switch (file) {
    case NV_FILE_TEMP:
        if (index < 0 || index >= LOWER_MAX_OLD_TEMPS)
            break;
        if (!c->olds->old_temp_has[index]) {
            c->olds->old_temp[index] = nvgp_tgsi_build_temp(c->b);
            c->olds->old_temp_has[index] = true;
        }
        return nvgp_tgsi_src_of(c->olds->old_temp[index]);
    case NV_FILE_ADDRESS:
        if (index < 0 || index >= LOWER_MAX_OLD_ADDR)
            break;
        if (!c->olds->old_addr_has[index]) {
            c->olds->old_addr[index] = nvgp_tgsi_build_address(c->b);
            c->olds->old_addr_has[index] = true;
        }
        return nvgp_tgsi_src_of(c->olds->old_addr[index]);
    case NV_FILE_PARAM:
        if (index >= 0 && index < 256 && (c->olds->vsp_written[index] || (c->olds->vsp_array && index < VSP_PARAMS)))
            return nvgp_tgsi_src_of(c->olds->vsp_temp[index]);
        snprintf(name, sizeof name, "%s[%d]", frag ? "p" : "c", index);
        lower_map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, index, name, NULL);
        return nvgp_tgsi_build_constant(c->b, index);
    case NV_FILE_ATTRIB:
        if (frag) {
            if (index < 0 || index >= NV_FPA_COUNT)
                break;
            snprintf(name, sizeof name, "f[%s]", lower_fp_attribs[index].base);
            return lower_input_reg(c, &lower_fp_attribs[index], 0, name);
        } else {
            if (index < 0 || index >= 16)
                break;
            sem_row r = {"v", TGSI_SEMANTIC_GENERIC, index, false};
            snprintf(name, sizeof name, "v[%d]", index);
            tgsi_src in = lower_input_reg(c, &r, 0, name);
            /* programs (and jobs) name it either way: v[3] or v[COL0] */
            const char *mnemonic = nvgp_nv_vp_attrib_mnemonic(index);
            if (mnemonic) {
                snprintf(name, sizeof name, "v[%s]", mnemonic);
                lower_map_add(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, in.reg.index, name, NULL);
            }
            return in;
        }
    case NV_FILE_OUTPUT:
        if (frag) {
            if (index < 0 || index >= NV_FPR_COUNT)
                break;
            snprintf(name, sizeof name, "o[%s]", lower_fp_results[index].base);
            return nvgp_tgsi_src_of(lower_output_reg(c, &lower_fp_results[index], 0, name));
        } else {
            if (index < 0 || index >= NV_VPR_COUNT)
                break;
            snprintf(name, sizeof name, "o[%s]", lower_vp_results[index].base);
            return nvgp_tgsi_src_of(lower_output_reg(c, &lower_vp_results[index], 0, name));
        }
    default:
        break;
    }
    lower_error(c, offset, "this register has no TGSI translation yet");
    return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
}

/* VSP1.0 c[A0.x + n] (n in [-64, 63]): "Relative addressing reads outside
 * of the 0 to 95 inclusive range always read the value (0,0,0,0)"
 * (NV_vertex_program 2.14.1.9).  The index A0.x + n is computed from the
 * address register's integer copy; in range it addresses element 0 of the
 * parameters (the array of those the program writes, or CONST[0..95]) by
 * a second ADDR register, out of range the read gives 0.  The index
 * register's base stays inside the array whatever n is. */
static tgsi_src vsp_relative_read(lower_ctx *c, const nv_src *s)
{
    lower_old *o = c->olds;
    tgsi_src addr;
    tgsi_dst t = lower_instruction_temp(c), v = lower_instruction_temp(c);
    if (!lower_rel_addr(c, &s->rel, s->offset, &addr))
        return nvgp_tgsi_src_of(v);
    tgsi_src a =
        nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(lower_addr_shadow(c, nvgp_tgsi_dst_of(addr))), s->rel.comp & 3);
    if (!o->vsp_has_addr) {
        o->vsp_addr = nvgp_tgsi_build_address(c->b);
        o->vsp_has_addr = true;
    }
    tgsi_dst tx = nvgp_tgsi_dst_writemask(t, 1), ty = nvgp_tgsi_dst_writemask(t, 2);
    nvgp_tgsi_build_UADD(c->b, tx, a, nvgp_tgsi_build_imm1i(c->b, s->index));
    nvgp_tgsi_build_USLT(c->b, ty, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0), nvgp_tgsi_build_imm1u(c->b, VSP_PARAMS));
    nvgp_tgsi_build_AND(c->b, tx, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0), nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 1));
    nvgp_tgsi_build_UARL(c->b, nvgp_tgsi_dst_writemask(o->vsp_addr, 1), nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0));
    tgsi_src e;
    if (o->vsp_array) {
        e = nvgp_tgsi_src_indirect_array(nvgp_tgsi_src_of(o->vsp_base), nvgp_tgsi_src_of(o->vsp_addr), 0,
                                         o->vsp_array_id);
    } else {
        if (!o->old_const_range) {
            nvgp_tgsi_build_constant_range(c->b, 0, VSP_PARAMS);
            for (int32_t i = 0; i < VSP_PARAMS; i++)
                old_reg(c, NV_FILE_PARAM, i, s->offset);
            o->old_const_range = true;
        }
        e = nvgp_tgsi_src_indirect(nvgp_tgsi_src(TGSI_FILE_CONSTANT, 0), nvgp_tgsi_src_of(o->vsp_addr), 0);
    }
    nvgp_tgsi_build_UCMP(c->b, v, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 1), e, nvgp_tgsi_build_imm1f(c->b, 0.0f));
    return nvgp_tgsi_src_of(v);
}

/* The slot of ftz_reg for an operand, or -1. */
static int ftz_slot(const lower_ctx *c, const nv_src *s)
{
    if (s->var != NV_VAR_NONE || s->has_rel || s->index < 0)
        return -1;
    if (s->file == NV_FILE_ATTRIB && s->index < 16)
        return s->index;
    if (s->file == NV_FILE_PARAM && s->index < 256 && !c->olds->vsp_written[s->index] && !c->olds->vsp_array)
        return 16 + s->index;
    return -1;
}

/* The flushed copy of an operand's register (ftz_begin), or a NULL-file
 * register. */
static tgsi_src ftz_src(const lower_ctx *c, const nv_src *s)
{
    int k = c->olds->src_prec == 'D' ? ftz_slot(c, s) : -1;
    if (k < 0 || !c->olds->ftz_has[k])
        return nvgp_tgsi_src(TGSI_FILE_NULL, 0);
    return nvgp_tgsi_src_of(c->olds->ftz_reg[k]);
}

/* ---- Vertex state programs ---------------------------------------------------- */

/* NV_vertex_program 2.14.4: a VSP1.0 program writes program parameters.
 * Each written c[n] is a temporary loaded from CONST[n] at the start and
 * copied to an output named "c[n]" at the end. */
static void vsp_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    bool relative = false;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->has_dst && in->dst.file == NV_FILE_PARAM && in->dst.index >= 0 && in->dst.index < 256)
            c->olds->vsp_written[in->dst.index] = true;
        for (unsigned k = 0; k < in->nsrc && k < 4; k++)
            relative |= in->src[k].file == NV_FILE_PARAM && in->src[k].has_rel;
    }
    bool any = false;
    for (int32_t n = 0; n < 256; n++)
        any |= c->olds->vsp_written[n];
    if (any && relative) {
        /* a relative read may see any parameter, written ones included */
        c->olds->vsp_base = nvgp_tgsi_build_temp_array(c->b, VSP_PARAMS, &c->olds->vsp_array_id);
        for (int32_t n = 0; n < VSP_PARAMS; n++) {
            bool w = c->olds->vsp_written[n];
            c->olds->vsp_written[n] = false;
            tgsi_src k = old_reg(c, NV_FILE_PARAM, n, 0);
            c->olds->vsp_temp[n] = c->olds->vsp_base;
            c->olds->vsp_temp[n].reg.index += n;
            nvgp_tgsi_build_MOV(c->b, c->olds->vsp_temp[n], k);
            c->olds->vsp_written[n] = w;
        }
        c->olds->vsp_array = true;
        return;
    }
    for (int32_t n = 0; n < 256; n++) {
        if (!c->olds->vsp_written[n])
            continue;
        c->olds->vsp_written[n] = false;
        tgsi_src k = old_reg(c, NV_FILE_PARAM, n, 0);
        c->olds->vsp_temp[n] = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MOV(c->b, c->olds->vsp_temp[n], k);
        c->olds->vsp_written[n] = true;
    }
}

static void vsp_end(lower_ctx *c)
{
    nvgp_tgsi_builder_set_source_offset(c->b, c->p->end_offset);
    for (int32_t n = 0; n < 256; n++) {
        if (!c->olds->vsp_written[n])
            continue;
        char name[16];
        snprintf(name, sizeof name, "c[%d]", n);
        tgsi_dst o = nvgp_tgsi_build_output(c->b, TGSI_SEMANTIC_GENERIC, (uint32_t)n);
        lower_map_add(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, o.reg.index, name, NULL);
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_src_of(c->olds->vsp_temp[n]));
    }
}

/* NV_vertex_program2 2.14.1.5 (and NV_vertex_program for VP1.x): "Each
 * register value is initialized to (0,0,0,1) at the invocation of each
 * vertex program"; the results the program writes start so, so that
 * components it leaves alone read (0,0,0,1). */
static void vp_results_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    bool done[NV_VPR_COUNT] = {false};
    if (p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[0].offset);
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_dst *d = &p->insts[i].dst;
        if (!p->insts[i].has_dst || d->file != NV_FILE_OUTPUT || d->var != NV_VAR_NONE || d->index < 0 ||
            d->index >= NV_VPR_COUNT || done[d->index])
            continue;
        done[d->index] = true;
        char name[32];
        snprintf(name, sizeof name, "o[%s]", lower_vp_results[d->index].base);
        tgsi_dst o = lower_output_reg(c, &lower_vp_results[d->index], 0, name);
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_build_imm4f(c->b, 0.0f, 0.0f, 0.0f, 1.0f));
        if (lower_vp_results[d->index].semantic == TGSI_SEMANTIC_CLIPDIST)
            c->clip_pending = true;
    }
    lower_clip_flush(c);
}

/* NV vertex languages (denormals "flushed to zero", NV_vertex_program2
 * 2.14.3): each attribute and parameter the program reads without a
 * relative address is copied and flushed once, at the start, rather than
 * at every read. */
static void ftz_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    if (p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[0].offset);
    for (uint32_t i = 0; i < p->ninsts; i++)
        for (unsigned k = 0; k < p->insts[i].nsrc && k < 4; k++) {
            const nv_src *s = &p->insts[i].src[k];
            int slot = ftz_slot(c, s);
            if (slot < 0 || c->olds->ftz_has[slot])
                continue;
            tgsi_dst t = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, t, old_reg(c, s->file, s->index, s->offset));
            lower_flush_denormals(c, t);
            c->olds->ftz_reg[slot] = t;
            c->olds->ftz_has[slot] = true;
        }
}

/* ---- The family's interface ---------------------------------------------------- */

/* Fixed registers (no variable) are the family's; CONST literals and
 * variables are the common layer's. */
static lower_src_how old_src(lower_ctx *c, const nv_src *s, tgsi_src *r, bool *conv)
{
    if (s->file == NV_FILE_CONST || s->var != NV_VAR_NONE)
        return LOWER_SRC_COMMON;
    if (s->has_rel && s->file == NV_FILE_PARAM && c->p->header == NV_HDR_VSP10) {
        *r = vsp_relative_read(c, s);
        return LOWER_SRC_REG;
    }
    if (s->has_rel) {
        tgsi_src addr;
        if (s->file == NV_FILE_PARAM && c->olds->vsp_array) {
            *r = nvgp_tgsi_src_of(c->olds->vsp_base);
            if (lower_rel_addr(c, &s->rel, s->offset, &addr))
                *r = nvgp_tgsi_src_indirect_array(*r, addr, s->rel.comp, c->olds->vsp_array_id);
            r->reg.index += s->index;
            return LOWER_SRC_REG;
        }
        if (s->file == NV_FILE_PARAM && !c->olds->old_const_range) {
            /* c[A0.x + n] may reach any of the program parameters */
            int32_t n = c->p->stage == NV_STAGE_FRAGMENT ? 64 : c->p->header == NV_HDR_VP20 ? 256 : 96;
            nvgp_tgsi_build_constant_range(c->b, 0, n);
            for (int32_t i = 0; i < n; i++)
                old_reg(c, NV_FILE_PARAM, i, s->offset);
            c->olds->old_const_range = true;
        }
        *r = nvgp_tgsi_src(TGSI_FILE_CONSTANT, 0);
        if (s->file != NV_FILE_PARAM)
            lower_error(c, s->offset, "relative addressing of this file has no TGSI translation yet");
        if (lower_rel_addr(c, &s->rel, s->offset, &addr))
            *r = nvgp_tgsi_src_indirect(*r, addr, s->rel.comp);
        r->reg.index += s->index;
        return LOWER_SRC_REG;
    }
    if ((*r = ftz_src(c, s)).reg.file != TGSI_FILE_NULL) {
        *conv = false;
        return LOWER_SRC_REG;
    }
    *r = old_reg(c, s->file, s->index, s->offset);
    return LOWER_SRC_REG;
}

/* The precision conversion of FP1.0 and the NV fragment options, and the
 * denormal flush of the NV vertex languages ('D'): with 'D', temporaries
 * already hold flushed results, and so do the copies ftz_src returns. */
static tgsi_src old_src_finish(lower_ctx *c, const nv_src *s, tgsi_src r, bool conv)
{
    int prec = c->olds->src_prec;
    if (prec && conv && (prec != 'D' || s->file == NV_FILE_ATTRIB || s->file == NV_FILE_PARAM))
        r = lower_convert_src(c, r);
    return r;
}

static bool old_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr)
{
    if (r->file != NV_FILE_ADDRESS) {
        lower_error(c, offset, "relative addressing by a non-address register has no TGSI translation yet");
        return false;
    }
    *addr = lower_reg_of(c, NV_FILE_ADDRESS, r->var, (int32_t)r->index, offset);
    return true;
}

/* ATTRIB and OUTPUT variables: one binding, or an array of one binding
 * addressed relatively. */
static tgsi_src old_binding_var(lower_ctx *c, uint32_t var, uint32_t offset)
{
    const nv_var *v = &c->p->vars[var];
    tgsi_src r = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    if (v->is_array && v->nbindings == 1)
        return lower_array_binding_reg(c, &v->bindings[0], offset);
    if (v->nbindings != 1 || v->is_array) {
        lower_error(c, offset, "arrays of attributes or results have no TGSI translation yet");
        return r;
    }
    lower_binding_reg(c, &v->bindings[0], offset, &r);
    return r;
}

/* The condition codes (created only for programs that use them), the call
 * stack, and VSP1.0's written parameters. */
static void old_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    c->olds = calloc(1, sizeof *c->olds);
    if (!c->olds) {
        lower_error(c, 0, "out of memory translating the program");
        return;
    }
    bool cc1_made = false;
    for (uint32_t i = 0; i < p->ninsts && !c->failed; i++) {
        const nv_inst *in = &p->insts[i];
        bool uses = in->cc_update || in->cond.cond != NV_COND_NONE ||
                    (in->has_dst && (in->dst.cc.cond != NV_COND_NONE || in->dst.file == NV_FILE_CC));
        if (!uses)
            continue;
        nvgp_tgsi_builder_set_source_offset(c->b, in->offset);
        if (!c->olds->has_cc) {
            c->olds->cc[0] = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, c->olds->cc[0], nvgp_tgsi_build_imm1f(c->b, 0.0f));
            c->olds->cc[1] = c->olds->cc[0];
            c->olds->has_cc = true;
        }
        bool cc1 = in->cc_update == 2 || (in->cond.cond != NV_COND_NONE && in->cond.reg == 1) ||
                   (in->has_dst && in->dst.cc.cond != NV_COND_NONE && in->dst.cc.reg == 1);
        if (cc1 && !cc1_made) {
            c->olds->cc[1] = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, c->olds->cc[1], nvgp_tgsi_build_imm1f(c->b, 0.0f));
            cc1_made = true;
        }
        if (cc1_made)
            break;
    }
    c->olds->structured_calls = lower_calls_structured(p);
    for (uint32_t i = 0; i < p->ninsts && !c->failed && !c->olds->has_stack && !c->olds->structured_calls; i++) {
        uint16_t op = p->insts[i].op;
        if (op == NV_OP_CAL || op == NV_OP_RET || op == NV_OP_PUSHA || op == NV_OP_POPA) {
            nvgp_tgsi_builder_set_source_offset(c->b, p->insts[i].offset);
            /* four entries in VP2.0 (NV_vertex_program2 2.14.1.x), else
             * MAX_PROGRAM_CALL_DEPTH_NV (NV_vertex_program2_option,
             * NV_fragment_program2) */
            c->olds->stack_size = p->header == NV_HDR_VP20 ? 4 : NV_LIMIT_PROGRAM_CALL_DEPTH;
            c->olds->stack = nvgp_tgsi_build_temp_array(c->b, c->olds->stack_size, NULL);
            c->olds->stack_addr = nvgp_tgsi_build_address(c->b);
            c->olds->depth = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, nvgp_tgsi_dst_writemask(c->olds->depth, 3), nvgp_tgsi_build_imm1u(c->b, 0));
            c->olds->has_stack = true;
        }
    }
    /* The older languages' temporaries start at (0,0,0,0) (NV_vertex_program:
     * "temporary registers are initialized to (0,0,0,0)"; NV_fragment_program
     * likewise), which TGSI's zeroed temporaries give only to a temporary no
     * other use wrote first: each gets its own before any scratch temporary
     * (operand flushes, conversions) is made and released for reuse. */
    for (uint32_t i = 0; i < p->ninsts && !c->failed; i++) {
        const nv_inst *in = &p->insts[i];
        for (uint8_t k = 0; k < in->nsrc && k < 4; k++)
            if (in->src[k].file == NV_FILE_TEMP && in->src[k].var == NV_VAR_NONE)
                old_reg(c, NV_FILE_TEMP, in->src[k].index, in->offset);
        if (in->has_dst && in->dst.file == NV_FILE_TEMP && in->dst.var == NV_VAR_NONE)
            old_reg(c, NV_FILE_TEMP, in->dst.index, in->offset);
    }
    if (!c->failed && p->header == NV_HDR_VSP10)
        vsp_begin(c);
}

/* After the arrays: the NV vertex results' start values, then the flushed
 * copies of the operands. */
static void old_after_arrays(lower_ctx *c)
{
    const nv_program *p = c->p;
    if (!c->failed && (p->header == NV_HDR_VP10 || p->header == NV_HDR_VP11 || p->header == NV_HDR_VP20))
        vp_results_begin(c);
    if (!c->failed && lower_flushes_denormals(c))
        ftz_begin(c);
}

/* The instructions: TGSI subroutines, a program-counter loop, or in order. */
static void old_program(lower_ctx *c)
{
    const nv_program *p = c->p;
    if (c->olds->structured_calls) {
        lower_structured_calls(c);
    } else if (lower_needs_pc_loop(p)) {
        lower_unstructured(c);
    } else {
        for (uint32_t i = 0; i < p->ninsts && !c->failed; i++) {
            nvgp_tgsi_builder_set_source_offset(c->b, p->insts[i].offset);
            lower_inst(c, &p->insts[i]);
        }
    }
}

static void old_end(lower_ctx *c)
{
    if (c->p->header == NV_HDR_VSP10)
        vsp_end(c);
}

static void old_destroy(lower_ctx *c)
{
    free(c->olds);
    c->olds = NULL;
}

const lower_family lower_old_family = {
    .begin = old_begin,
    .after_arrays = old_after_arrays,
    .program = old_program,
    .end = old_end,
    .destroy = old_destroy,
    .inst = lower_old_inst,
    .src = old_src,
    .src_finish = old_src_finish,
    .dst = NULL,
    .fixed_reg = old_reg,
    .rel_addr = old_rel_addr,
    .binding_var = old_binding_var,
    .other_var = NULL,
    .param_words = lower_const_words,
    .sampler = lower_unit_sampler,
    .own_vertex = NULL,
};
