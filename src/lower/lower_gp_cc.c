/* NV_gpu_program4/5 condition codes CC0/CC1 (lower_gp.h). */
#include "lower/lower_gp.h"

void lower_gp_begin(lower_ctx *c)
{
    (void)c;
}

void lower_gp_with_cc(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    lower_error(c, in->offset, "condition codes of NV_gpu_program4 have no TGSI translation yet");
}

tgsi_dst lower_gp_cc_test(lower_ctx *c, const nv_cc_test *t)
{
    lower_error(c, t->offset, "condition codes of NV_gpu_program4 have no TGSI translation yet");
    return nvgp_tgsi_build_temp(c->b);
}
