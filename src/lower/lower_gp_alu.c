/* NV_gpu_program4/5 arithmetic, integer, bit and conversion instructions
 * (lower_gp.h): rows by nv_opcode with the TGSI opcode per type, and the
 * sequences for instructions TGSI lacks. */
#include "lower/lower_gp.h"

static const char *const type_names[LT_COUNT] = {"F", "S", "U", "F64", "S64", "U64"};

/* One TGSI instruction of the type's opcode; .SAT as TGSI saturation. */
static void gp_direct(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    const char *name = nvgp_nv_opcode_info((nv_opcode)in->op)->name;
    if (!row->op[t]) {
        lower_error(c, in->offset, "%s.%s has no TGSI translation yet", name, type_names[t]);
        return;
    }
    if (in->sat == NV_SAT_SSAT) {
        lower_error(c, in->offset, "%s.SSAT has no TGSI translation yet", name);
        return;
    }
    tgsi_src s[4];
    unsigned n = in->nsrc < 4 ? in->nsrc : 4;
    for (unsigned i = 0; i < n; i++)
        s[i] = lower_gp_src(c, &in->src[i], t);
    tgsi_dst d = lower_dst(c, &in->dst);
    tgsi_instruction *ti = nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op[t], &d, 1, s, n);
    if (ti && in->sat == NV_SAT_SAT)
        ti->saturate = 1;
}

#define OPS(f, s, u) {TGSI_OPCODE_##f, TGSI_OPCODE_##s, TGSI_OPCODE_##u, 0, 0, 0}
const lower_gp_row lower_gp_alu_rows[NV_OP_COUNT] = {
    [NV_OP_MOV] = {gp_direct, OPS(MOV, MOV, MOV), 0},
    [NV_OP_ADD] = {gp_direct, OPS(ADD, UADD, UADD), 0},
    [NV_OP_MUL] = {gp_direct, OPS(MUL, UMUL, UMUL), 0},
    [NV_OP_MAD] = {gp_direct, OPS(MAD, UMAD, UMAD), 0},
};
#undef OPS
