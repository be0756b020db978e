/* NV_gpu_program4/5 memory: LOAD/STORE/ATOM on global addresses, buffers (BUFFER/BUFFER4/CBUFFER, LDC), storage buffers, shared memory, images, atomic counters, MEMBAR and barriers (lower_gp.h). */
#include "lower/lower_gp.h"

const lower_gp_row lower_gp_mem_rows[NV_OP_COUNT] = {
    [NV_OP_COUNT - 1] = {0},
};
