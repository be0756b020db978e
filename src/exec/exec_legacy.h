/* Renaming of older Mesa's TEMPX, IMMX and PRED registers into the files a
 * machine has (exec_legacy.c). */
#ifndef NVGP_EXEC_EXEC_LEGACY_H
#define NVGP_EXEC_EXEC_LEGACY_H

#include "base/diag.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>

/* Does the program declare a TEMPX, IMMX or PRED register? */
bool exec_legacy_needed(const tgsi_program *p);

/* A copy of p with those registers renamed (the caller owns it), or NULL
 * with a diagnostic at the instruction no renaming can express. */
tgsi_program *exec_legacy_rename(const tgsi_program *p, nvgp_diag *diag);

#endif
