/* NV_gpu_program4/5 memory: LOAD/STORE/ATOM on global addresses, buffers (BUFFER/BUFFER4/CBUFFER, LDC), storage buffers, shared memory, images, atomic counters, MEMBAR and barriers (lower_gp.h). */
#include "lower/lower_gp.h"

const lower_gp_row lower_gp_mem_rows[NV_OP_COUNT] = {
    [NV_OP_COUNT - 1] = {0},
};

bool lower_gp_mem_var(lower_ctx *c, uint32_t var, uint32_t offset, tgsi_src *out)
{
    (void)c;
    (void)var;
    (void)offset;
    (void)out;
    return false;
}
