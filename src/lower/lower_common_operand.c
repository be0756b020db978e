/* The common layer's operands: variables become TGSI registers on first use
 * (parameters, temporaries, address registers; attributes, results and
 * other kinds through the family's hooks), and source and destination
 * operands get their relative addresses, swizzles and modifiers.  What
 * only one family knows (fixed registers, typed literals, bindings) comes
 * through c->fam (struct lower_family). */
#include "lower/lower_common.h"

#include "nv/nv_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* State bindings whose value the implementation fixes (nv_limits.def): the
 * map carries it as for a literal, so callers need not know it.  y, z and w
 * are undefined in the specs; they read 0. */
static const struct known_state {
    const char *name;
    uint32_t x;
} known_states[] = {
    {"state.thread.warpsize", NV_LIMIT_WARP_SIZE}, /* NV_shader_thread_group 2.X.3.3 */
};

static bool known_state_words(const char *name, uint32_t w[4])
{
    /* NV_shader_storage_buffer_object: for assembly programs "the x
     * component will hold the integer value zero" */
    if (name && !strncmp(name, "program.storagelen[", 19)) {
        w[0] = w[1] = w[2] = w[3] = 0;
        return true;
    }
    for (size_t i = 0; name && i < sizeof known_states / sizeof *known_states; i++)
        if (!strcmp(name, known_states[i].name)) {
            w[0] = known_states[i].x;
            w[1] = w[2] = w[3] = 0;
            return true;
        }
    return false;
}

static void const_words(const nv_const *k, uint32_t w[4])
{
    for (int i = 0; i < 4; i++)
        w[i] = k->v.u[i];
}

tgsi_imm_type lower_const_words(const nv_var *v, const nv_const *k, uint32_t w[4])
{
    (void)v;
    const_words(k, w);
    return TGSI_IMM_FLOAT32;
}

/* A parameter variable's registers: an IMM for a lone literal, a block of
 * CONST registers otherwise (one per element, in array order, so relative
 * addressing works).  Lone program/state bindings share their register. */
static tgsi_src param_var_reg(lower_ctx *c, uint32_t var)
{
    const nv_var *v = &c->p->vars[var];
    uint32_t elems = 0;
    for (uint32_t b = 0; b < v->nbindings; b++)
        elems += v->bindings[b].count ? v->bindings[b].count : 1;
    if (!v->is_array && v->nbindings == 1 && v->bindings[0].kind == NV_BIND_CONST && !c->old) {
        uint32_t w[4];
        tgsi_imm_type type = c->fam->param_words(v, &c->p->consts[v->bindings[0].konst], w);
        return nvgp_tgsi_build_imm(c->b, type, w, 4);
    }
    if (!v->is_array && v->nbindings == 1 && v->bindings[0].kind != NV_BIND_CONST) {
        const nvgp_lower_slot *s = nvgp_lower_map_find(c->map, NVGP_LOWER_CONSTANT, v->bindings[0].name);
        if (s)
            return nvgp_tgsi_build_constant(c->b, s->index);
    }
    int32_t first = c->next_const;
    c->next_const += (int32_t)elems;
    uint32_t e = 0;
    char name[160];
    for (uint32_t b = 0; b < v->nbindings; b++) {
        const nv_binding *bd = &v->bindings[b];
        uint32_t n = bd->count ? bd->count : 1;
        for (uint32_t i = 0; i < n; i++, e++) {
            if (bd->kind == NV_BIND_CONST || bd->kind == NV_BIND_LOCAL) {
                /* FP1.0 DECLAREd names are local parameters with an
                 * initial value; ARB literals are fixed values */
                uint32_t w[4] = {0, 0, 0, 0};
                bool has = bd->kind == NV_BIND_CONST || c->old;
                if (has && bd->konst < c->p->nconsts)
                    c->fam->param_words(v, &c->p->consts[bd->konst], w);
                if (bd->kind == NV_BIND_LOCAL && c->old)
                    snprintf(name, sizeof name, "%s", v->name);
                else if (bd->kind == NV_BIND_CONST)
                    snprintf(name, sizeof name, "%s[%u]", v->name[0] ? v->name : "literal", e);
                else
                    lower_element_name(bd->name ? bd->name : "", i, name, sizeof name);
                lower_map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, first + (int32_t)e, name, has ? w : NULL);
            } else {
                lower_element_name(bd->name ? bd->name : "", i, name, sizeof name);
                uint32_t w[4];
                bool known = bd->kind == NV_BIND_STATE && known_state_words(name, w);
                lower_map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, first + (int32_t)e, name, known ? w : NULL);
            }
        }
    }
    if (elems)
        nvgp_tgsi_build_constant(c->b, first + (int32_t)elems - 1);
    return nvgp_tgsi_build_constant(c->b, first);
}

/* ---- Variables and fixed registers ---------------------------------------- */

tgsi_src lower_var_reg(lower_ctx *c, uint32_t var, uint32_t offset)
{
    if (var >= c->p->nvars) {
        lower_error(c, offset, "operand names no variable");
        return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    }
    if (c->var_has[var])
        return c->var_reg[var];
    const nv_var *v = &c->p->vars[var];
    tgsi_src r = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    switch (v->kind) {
    case NV_VAR_TEMP:
        if (v->is_array)
            r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp_array(c->b, v->array_size ? v->array_size : 1, NULL));
        else
            r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp(c->b));
        break;
    case NV_VAR_ADDRESS:
        r = nvgp_tgsi_src_of(nvgp_tgsi_build_address(c->b));
        break;
    case NV_VAR_PARAM:
        r = param_var_reg(c, var);
        break;
    case NV_VAR_ATTRIB:
    case NV_VAR_OUTPUT:
        r = c->fam->binding_var(c, var, offset);
        break;
    default:
        if (c->fam->other_var && c->fam->other_var(c, var, offset, &r))
            break;
        lower_error(c, offset, "variables of this kind have no TGSI translation yet");
        break;
    }
    c->var_has[var] = true;
    c->var_reg[var] = r;
    return r;
}

tgsi_src lower_reg_of(lower_ctx *c, uint8_t file, uint32_t var, int32_t index, uint32_t offset)
{
    if (var != NV_VAR_NONE)
        return lower_var_reg(c, var, offset);
    return c->fam->fixed_reg(c, file, index, offset);
}

bool lower_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr)
{
    return c->fam->rel_addr(c, r, offset, addr);
}

tgsi_src lower_src(lower_ctx *c, const nv_src *s)
{
    tgsi_src r;
    bool conv = true;
    switch (c->fam->src(c, s, &r, &conv)) {
    case LOWER_SRC_DONE:
        return r;
    case LOWER_SRC_REG:
        goto modifiers;
    case LOWER_SRC_COMMON:
        break;
    }
    if (s->file == NV_FILE_CONST) {
        uint32_t w[4] = {0, 0, 0, 0};
        if (s->konst < c->p->nconsts)
            const_words(&c->p->consts[s->konst], w);
        r = nvgp_tgsi_build_imm(c->b, TGSI_IMM_FLOAT32, w, 4);
    } else if (s->has_rel) {
        /* a variable read through an address register: ARB arrays,
         * NV_gpu_program4 arrays (fixed registers are the family's) */
        tgsi_src addr;
        r = lower_reg_of(c, s->file, s->var, 0, s->offset);
        if (s->var == NV_VAR_NONE && s->file != NV_FILE_PARAM)
            lower_error(c, s->offset, "relative addressing of this file has no TGSI translation yet");
        if (lower_rel_addr(c, &s->rel, s->offset, &addr))
            r = nvgp_tgsi_src_indirect(r, addr, s->rel.comp);
        r.reg.index += s->index;
    } else {
        r = lower_reg_of(c, s->file, s->var, s->index, s->offset);
        if (s->var != NV_VAR_NONE)
            r.reg.index += s->index;
    }
modifiers:;
    /* extended-swizzle selectors 0/1 are the SWZ handler's business */
    uint8_t base[4] = {r.swizzle[0], r.swizzle[1], r.swizzle[2], r.swizzle[3]};
    for (int i = 0; i < 4; i++)
        r.swizzle[i] = base[s->swizzle[i] & 3];
    if (s->abs)
        r = nvgp_tgsi_src_abs(r);
    if (s->negate)
        r = nvgp_tgsi_src_negate(r);
    if (c->fam->src_finish)
        r = c->fam->src_finish(c, s, r, conv);
    return r;
}

/* Marks the clip temporaries for copying when d is one of them. */
static tgsi_dst note_clip(lower_ctx *c, tgsi_dst d)
{
    if (c->has_clip && d.reg.file == TGSI_FILE_TEMPORARY && d.reg.index >= c->clip.reg.index &&
        d.reg.index < c->clip.reg.index + NV_LIMIT_CLIP_PLANES)
        c->clip_pending = true;
    return d;
}

tgsi_dst lower_dst(lower_ctx *c, const nv_dst *d)
{
    if (c->has_dst_override)
        return nvgp_tgsi_dst_writemask(c->dst_override, d->writemask & 0xf);
    tgsi_dst gd;
    if (c->fam->dst && c->fam->dst(c, d, &gd))
        return note_clip(c, gd);
    tgsi_src r = lower_reg_of(c, d->file, d->var, d->index, d->offset);
    if (d->var != NV_VAR_NONE)
        r.reg.index += d->index;
    tgsi_src addr;
    if (d->has_rel && d->var == NV_VAR_NONE)
        lower_error(c, d->offset, "relatively addressed destinations have no TGSI translation yet");
    else if (d->has_rel && lower_rel_addr(c, &d->rel, d->offset, &addr))
        r = nvgp_tgsi_src_indirect(r, addr, d->rel.comp); /* result.texcoord[A0.y + n] */
    tgsi_dst out = nvgp_tgsi_dst_of(r);
    out.writemask = d->writemask & 0xf;
    return note_clip(c, out);
}

static const uint8_t tex_targets[NV_TEX_COUNT] = {
    [NV_TEX_NONE] = TGSI_TEXTURE_UNKNOWN,
    [NV_TEX_1D] = TGSI_TEXTURE_1D,
    [NV_TEX_2D] = TGSI_TEXTURE_2D,
    [NV_TEX_3D] = TGSI_TEXTURE_3D,
    [NV_TEX_CUBE] = TGSI_TEXTURE_CUBE,
    [NV_TEX_RECT] = TGSI_TEXTURE_RECT,
    [NV_TEX_SHADOW1D] = TGSI_TEXTURE_SHADOW1D,
    [NV_TEX_SHADOW2D] = TGSI_TEXTURE_SHADOW2D,
    [NV_TEX_SHADOWRECT] = TGSI_TEXTURE_SHADOWRECT,
    [NV_TEX_ARRAY1D] = TGSI_TEXTURE_1D_ARRAY,
    [NV_TEX_ARRAY2D] = TGSI_TEXTURE_2D_ARRAY,
    [NV_TEX_SHADOWCUBE] = TGSI_TEXTURE_SHADOWCUBE,
    [NV_TEX_SHADOWARRAY1D] = TGSI_TEXTURE_SHADOW1D_ARRAY,
    [NV_TEX_SHADOWARRAY2D] = TGSI_TEXTURE_SHADOW2D_ARRAY,
    [NV_TEX_ARRAYCUBE] = TGSI_TEXTURE_CUBE_ARRAY,
    [NV_TEX_SHADOWARRAYCUBE] = TGSI_TEXTURE_SHADOWCUBE_ARRAY,
    [NV_TEX_BUFFER] = TGSI_TEXTURE_BUFFER,
    [NV_TEX_RENDERBUFFER] = TGSI_TEXTURE_2D_MSAA,
    [NV_TEX_2DMS] = TGSI_TEXTURE_2D_MSAA,
    [NV_TEX_ARRAY2DMS] = TGSI_TEXTURE_2D_ARRAY_MSAA,
};

tgsi_texture lower_tex_target(uint8_t target)
{
    return target < NV_TEX_COUNT ? (tgsi_texture)tex_targets[target] : TGSI_TEXTURE_UNKNOWN;
}

tgsi_src lower_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    return c->fam->sampler(c, in, target);
}

tgsi_src lower_unit_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    const nv_tex *t = &in->tex;
    *target = lower_tex_target(t->target);
    if (t->var != NV_VAR_NONE || t->has_rel || t->unit < 0) {
        lower_error(c, t->offset, "TEXTURE variables have no TGSI translation yet");
        return nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    }
    char name[32];
    snprintf(name, sizeof name, "texture[%d]", t->unit);
    lower_map_add(c, NVGP_LOWER_SAMPLER, TGSI_FILE_SAMPLER, t->unit, name, NULL);
    return nvgp_tgsi_build_sampler(c->b, t->unit);
}

void lower_inst(lower_ctx *c, const nv_inst *in)
{
    c->fam->inst(c, in);
    lower_clip_flush(c);
}
