/* Glue between a parsed job (job.h) and the executor (exec/exec.h): binds
 * the job's inputs, parameters, buffers, memory, textures and stage
 * parameters to a machine, and after the run collects the results into the
 * result JSON.  Errors name the job field they are about. */
#ifndef NVGP_TOOLS_JOB_BIND_H
#define NVGP_TOOLS_JOB_BIND_H

#include "exec/exec.h"
#include "job.h"

/* How the job's binding names map to the program's registers. */
typedef struct nvgp_job_names {
    nvgp_job_resolver resolve;   /* name -> register */
    /* Names of OUT[index] for results printed without an "outputs" list:
     * the k-th (k = 0, 1, ...) name of the register, with the component it
     * binds in *component (-1: the whole register), or NULL past the last.
     * A register with no name (NULL for k = 0), or a NULL callback, prints
     * as "OUT[index]". */
    const char *(*output_name)(void *ctx, uint32_t index, uint32_t k, int32_t *component);
    void *ctx;
} nvgp_job_names;

/* TGSI names only (nvgp_job_tgsi_name).  ctx: the tgsi_program, whose
 * declarations must cover the register named (a TGSI job names only what
 * its program declares), or NULL to accept any register. */
bool nvgp_job_resolve_tgsi(void *ctx, const char *name, nvgp_job_reg *reg);

/* Binds job to m, a machine made from prog.  job_name prefixes messages.
 * Returns false with a malloc'd message in *error. */
bool nvgp_job_bind(const nvgp_job *job, const char *job_name, const tgsi_program *prog,
                   nvgp_exec *m, const nvgp_job_names *names, char **error);

/* After a successful nvgp_exec_run: appends the result JSON to out.  One
 * entry per thread (= invocation for vertex, fragment and compute threads);
 * helper threads report no outputs (killed ones do: what they wrote before
 * KIL); fragment programs add "killed", geometry programs "emitted". */
bool nvgp_job_collect(const nvgp_job *job, const char *job_name, const tgsi_program *prog,
                      const nvgp_exec *m, const nvgp_job_names *names, nvgp_strbuf *out,
                      char **error);
/* The same, streamed: each invocation's record is made as it is written,
 * and flush (when not NULL) is handed the text whenever it reaches 64 KiB
 * and at the end, to write it out and empty it (false: a write error), so
 * neither the records nor the text of a huge run are all in memory. */
bool nvgp_job_collect_stream(const nvgp_job *job, const char *job_name,
                             const tgsi_program *prog, const nvgp_exec *m,
                             const nvgp_job_names *names, nvgp_strbuf *out,
                             bool (*flush)(void *ctx, nvgp_strbuf *out), void *flush_ctx,
                             char **error);

#endif
