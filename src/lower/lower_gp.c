/* The NV_gpu_program4/5 driver: joins the areas' rows (lower_gp.h), picks
 * the instruction's type and reads typed operands. */
#include "lower/lower_gp.h"

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

lower_type lower_gp_type(const nv_inst *in)
{
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

tgsi_src lower_gp_src(lower_ctx *c, const nv_src *s, lower_type t)
{
    if (s->file != NV_FILE_CONST || s->konst >= c->p->nconsts)
        return lower_src(c, s);
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
            w[i] = k->v.u[i];
        } else if (t == LT_S32 || t == LT_S64) {
            w[i] = (uint32_t)(int32_t)k->d[i];
        } else {
            w[i] = (uint32_t)k->d[i];
        }
    }
    if (t == LT_S32 || t == LT_S64)
        it = TGSI_IMM_INT32;
    else if (t == LT_U32 || t == LT_U64)
        it = TGSI_IMM_UINT32;
    tgsi_src r = nvgp_tgsi_build_imm(c->b, it, w, 4);
    uint8_t base[4] = {r.swizzle[0], r.swizzle[1], r.swizzle[2], r.swizzle[3]};
    for (int i = 0; i < 4; i++)
        r.swizzle[i] = base[s->swizzle[i] & 3];
    if (s->abs)
        r = nvgp_tgsi_src_abs(r);
    if (s->negate)
        r = nvgp_tgsi_src_negate(r);
    return r;
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
        lower_gp_with_cc(c, in, row, t);
    else
        row->fn(c, in, row, t);
}
