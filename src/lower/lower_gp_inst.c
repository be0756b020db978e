/* The NV_gpu_program4/5 family's instruction entry: joins the areas' rows
 * (lower_gp.h), translates one instruction, and is the family's interface
 * to the driver and the common layer (lower_gp_family). */
#include "lower/lower_gp.h"

#include <stdlib.h>
#include <string.h>

const lower_gp_row *lower_gp_row_of(nv_opcode op)
{
    static const lower_gp_row *const areas[] = {lower_gp_alu_rows, lower_gp_flow_rows, lower_gp_mem_rows,
                                                lower_gp_tex_rows};
    if ((unsigned)op >= NV_OP_COUNT)
        return NULL;
    for (size_t i = 0; i < sizeof areas / sizeof *areas; i++)
        if (areas[i][op].fn)
            return &areas[i][op];
    return NULL;
}

void lower_gp_inst(lower_ctx *c, const nv_inst *in)
{
    const lower_gp_row *row = lower_gp_row_of((nv_opcode)in->op);
    const char *name = in->op < NV_OP_COUNT ? nvgp_nv_opcode_info((nv_opcode)in->op)->name : "?";
    if (!row) {
        lower_error(c, in->offset, "%s has no TGSI translation yet", name);
        return;
    }
    if (in->cond.cond != NV_COND_NONE && !(row->flags & LGP_COND)) {
        lower_error(c, in->offset, "conditional %s has no TGSI translation yet", name);
        return;
    }
    lower_type t = lower_gp_type(in);
    if (in->has_dst && !(row->flags & LGP_OWN_CC) && (in->cc_update || in->dst.cc.cond != NV_COND_NONE))
        lower_gp_with_cc(c, in, row, t); /* copies levels itself, under its test */
    else {
        row->fn(c, in, row, t);
        if (in->has_dst)
            lower_gp_bind_level_written(c, &in->dst, NULL);
    }
    while (c->gps->nscratch)
        nvgp_tgsi_build_release_temp(c->b, c->gps->scratch[--c->gps->nscratch]);
}

/* ---- The family's interface ---------------------------------------------------- */

static void gp_begin(lower_ctx *c)
{
    c->gps = calloc(1, sizeof *c->gps);
    if (!c->gps) {
        lower_error(c, 0, "out of memory translating the program");
        return;
    }
    lower_gp_begin(c);
    lower_gp_bind_begin(c);
}

static void gp_destroy(lower_ctx *c)
{
    if (!c->gps)
        return;
    lower_gp_bind_free(c);
    free(c->gps);
    c->gps = NULL;
}

/* Literals are typed by use (float here); bindings and BUFFER operands are
 * the family's; variables are the common layer's. */
static lower_src_how gp_src(lower_ctx *c, const nv_src *s, tgsi_src *r, bool *conv)
{
    (void)conv;
    if (s->file == NV_FILE_CONST) {
        *r = lower_gp_src(c, s, LT_F32);
        return LOWER_SRC_DONE;
    }
    if (lower_gp_bind_src(c, s, r))
        return LOWER_SRC_REG;
    if (s->file == NV_FILE_BUFFER) {
        *r = lower_gp_buffer_src(c, s);
        return LOWER_SRC_REG;
    }
    return LOWER_SRC_COMMON;
}

/* The 4.0/5.0 languages name every register through a variable. */
static tgsi_src gp_fixed_reg(lower_ctx *c, uint8_t file, int32_t index, uint32_t offset)
{
    (void)file;
    (void)index;
    lower_error(c, offset, "this register has no TGSI translation yet");
    return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
}

/* Any integer scalar operand indexes; UARL loads it. */
static bool gp_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr)
{
    *addr = lower_gp_rel_addr(c, r, offset);
    return true;
}

const lower_family lower_gp_family = {
    .begin = gp_begin,
    .after_arrays = NULL,
    .program = lower_gp_program,
    .end = NULL,
    .destroy = gp_destroy,
    .inst = lower_gp_inst,
    .src = gp_src,
    .src_finish = NULL,
    .dst = lower_gp_bind_dst,
    .fixed_reg = gp_fixed_reg,
    .rel_addr = gp_rel_addr,
    .binding_var = lower_gp_bind_var,
    .other_var = lower_gp_mem_var,
    .param_words = lower_gp_param_words,
    .sampler = lower_gp_sampler,
    .own_vertex = lower_gp_bind_own_vertex,
};
