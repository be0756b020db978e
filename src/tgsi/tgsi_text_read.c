/* The TGSI text reader (work in progress). */
#include "tgsi/tgsi_text_read.h"
#include "base/diag.h"

tgsi_program *nvgp_tgsi_read(const char *src, size_t len, nvgp_diag *diag)
{
    (void)src;
    (void)len;
    nvgp_diag_error(diag, 0, "TGSI reader not implemented yet");
    return NULL;
}
