/* Placeholder until the assembler lands: every program fails to load. */
#include "nv/nv_assemble.h"

nv_program *nvgp_nv_assemble(const char *src, size_t len, nvgp_diag *diag)
{
    (void)src;
    (void)len;
    nvgp_diag_error(diag, 0, "NV/ARB assembly is not supported yet");
    return NULL;
}

void nvgp_nv_program_destroy(nv_program *p) { (void)p; }
