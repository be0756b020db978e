/* Parser and validator of the ARB-grammar languages: ARBvp1.0, ARBfp1.0
 * (with their options) and the NV_gpu_program4/5 languages. */
#include "nv/nv_parse.h"

bool nvgp_nv_parse_arb(nv_parse_ctx *c)
{
    return nv_error_here(c, "not implemented yet");
}
