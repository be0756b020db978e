/* Decoding a TGSI program into the executor's instruction array (done once
 * per machine, by nvgp_exec_create). */
#ifndef NVGP_EXEC_EXEC_DECODE_H
#define NVGP_EXEC_EXEC_DECODE_H

#include "exec/exec_internal.h"

/* Fills m->code and the register layout from m->prog.  On failure the
 * reason is in m->error and in diag (when given). */
bool exec_decode(nvgp_exec *m, nvgp_diag *diag);

#endif
