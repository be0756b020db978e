/* NV_gpu_program4/5 textures, thread-group and inter-lane instructions, and the fragment and geometry instructions (KIL, IPAC/IPAO/IPAS, EMIT/EMITS/ENDPRIM) (lower_gp.h). */
#include "lower/lower_gp.h"

const lower_gp_row lower_gp_tex_rows[NV_OP_COUNT] = {
    [NV_OP_COUNT - 1] = {0},
};

tgsi_src lower_gp_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    return lower_unit_sampler(c, in, target);
}
