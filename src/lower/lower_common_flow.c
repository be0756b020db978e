/* The common layer's flow pieces both families build alike: the REP/LOOP
 * block stack, the call-depth guard of subroutine calls (a call on a full
 * stack ends the lane's program, NV_gpu_program4 2.X.5 and
 * NV_fragment_program2 "MAX_PROGRAM_CALL_DEPTH_NV"), and KIL of a
 * condition-code mask. */
#include "lower/lower_common.h"

#include "nv/nv_limits.h"

static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

int32_t lower_loops_open(lower_ctx *c, lower_loops *l, const nv_inst *in, bool has_counter, bool is_loop)
{
    if (l->n >= LOWER_MAX_LOOPS) {
        lower_error(c, in->offset, "%s blocks nested too deeply to translate", is_loop ? "LOOP" : "REP");
        return -1;
    }
    uint32_t k = l->n++;
    l->has_counter[k] = has_counter;
    l->is_loop[k] = is_loop;
    return (int32_t)k;
}

void lower_call_depth_guard(lower_ctx *c, tgsi_dst calls)
{
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_USGE(c->b, mask(t, 1), sc(of(calls), 0), uimm(c, NV_LIMIT_PROGRAM_CALL_DEPTH));
    nvgp_tgsi_build_UIF(c->b, sc(of(t), 0));
    nvgp_tgsi_build_MOV(c->b, mask(calls, 2), uimm(c, 0xffffffffu));
    nvgp_tgsi_build_RET(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_release_temp(c->b, t);
}

void lower_call_counted(lower_ctx *c, tgsi_dst calls, uint32_t label)
{
    nvgp_tgsi_build_UADD(c->b, mask(calls, 1), sc(of(calls), 0), uimm(c, 1));
    nvgp_tgsi_build_cal(c->b, label);
    nvgp_tgsi_build_UADD(c->b, mask(calls, 1), sc(of(calls), 0), uimm(c, 0xffffffffu));
}

void lower_return_if_ended(lower_ctx *c, tgsi_dst calls)
{
    nvgp_tgsi_build_UIF(c->b, sc(of(calls), 1));
    nvgp_tgsi_build_RET(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
}

void lower_kill_mask(lower_ctx *c, tgsi_dst m)
{
    nvgp_tgsi_build_UCMP(c->b, m, of(m), nvgp_tgsi_build_imm1f(c->b, -1.0f), nvgp_tgsi_build_imm1f(c->b, 0.0f));
    nvgp_tgsi_build_KILL_IF(c->b, of(m));
    nvgp_tgsi_build_release_temp(c->b, m);
}
