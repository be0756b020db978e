/* The NV/ARB assembly front end: reads any `!!...` program (ARB, VP1/VP2,
 * FP1.0, NV_gpu_program4/5 and their OPTIONs), validates it exactly as its
 * specification says, and produces a typed program ready for translation to
 * TGSI. */
#ifndef NVGP_NV_ASSEMBLE_H
#define NVGP_NV_ASSEMBLE_H

#include "base/diag.h"

#include <stddef.h>

typedef struct nv_program nv_program;

/* Assembles src[0..len).  Every error goes to diag (byte offsets with
 * PROGRAM_ERROR_POSITION semantics).  Returns NULL when the program fails to
 * load. */
nv_program *nvgp_nv_assemble(const char *src, size_t len, nvgp_diag *diag);
/* As nvgp_nv_assemble, for a given program target (NVGP_TARGET_ANY: the
 * header's own).  A program whose header opens a program of another target
 * fails to load at offset 0, as ProgramStringARB and LoadProgramNV refuse a
 * program string of the wrong target. */
nv_program *nvgp_nv_assemble_target(const char *src, size_t len, nvgp_target target, nvgp_diag *diag);
/* "vertex program", "fragment program", ...: what a target loads, for
 * messages. */
const char *nvgp_target_noun(nvgp_target target);
void nvgp_nv_program_destroy(nv_program *p);

#endif
