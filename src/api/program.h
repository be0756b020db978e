/* The library's front door, inside view: what an nvgp_program holds, for the
 * parts of nvgp (executor, tools) that work on the loaded program itself.
 * The public side (create, destroy, TGSI text) is in nvgp.h. */
#ifndef NVGP_API_PROGRAM_H
#define NVGP_API_PROGRAM_H

#include "nvgp.h"
#include "lower/lower.h"
#include "nv/nv_assemble.h"
#include "tgsi/tgsi_ir.h"

/* The program's TGSI form: the TGSI program it was read from, or the
 * translation of its NV/ARB source (checked like TGSI text); NULL when that
 * translation does not exist yet. */
const tgsi_program *nvgp_program_tgsi(const nvgp_program *prog);
/* The assembled NV/ARB program, or NULL for TGSI text. */
const nv_program *nvgp_program_nv(const nvgp_program *prog);
/* For a translated NV/ARB program: which TGSI register holds each binding
 * (v[OPOS], program.env[1], result.color, ...); NULL otherwise. */
const nvgp_lower_map *nvgp_program_lower_map(const nvgp_program *prog);
/* Idle objects a program keeps for its next use (the pipeline's executor
 * machines: a reused machine has compiled its JIT code already).  take
 * returns one (the caller's now) or NULL; put keeps obj, to be freed by
 * destroy when the program is destroyed, or returns false (full: the
 * caller frees it).  Safe from several threads at once. */
void *nvgp_program_cache_take(const nvgp_program *prog);
bool nvgp_program_cache_put(const nvgp_program *prog, void *obj, void (*destroy)(void *));
/* The program's own copy of its source (NUL-terminated), and its length. */
const char *nvgp_program_source(const nvgp_program *prog, size_t *length);

/* The executor under a machine, for tests and fuzz targets that compare
 * what two machines left (tests/exec/engine_compare.h). */
struct nvgp_exec;
const struct nvgp_exec *nvgp_machine_exec(const nvgp_machine *m);

#endif
