/* Glue between a parsed job (job.h) and a machine (nvgp.h): gives the
 * job's inputs, parameters, buffers, memory, textures and shape to the
 * machine by their names, and after the run writes the results as the
 * result JSON.  Errors name the job field they are about. */
#ifndef NVGP_TOOLS_JOB_BIND_H
#define NVGP_TOOLS_JOB_BIND_H

#include "job.h"
#include "nvgp.h"

/* Gives job to m, a machine of the job's program.  job_name prefixes
 * messages.  Returns false with a malloc'd message in *error. */
bool nvgp_job_bind(const nvgp_job *job, const char *job_name, nvgp_machine *m, char **error);

/* The run options the job asks for (budget, threads, compute memory). */
void nvgp_job_run_options(const nvgp_job *job, nvgp_run_options *options);

/* After a successful nvgp_machine_run: appends the result JSON to out.  One
 * entry per thread (= invocation for vertex, fragment and compute threads);
 * helper threads report no outputs (killed ones do: what they wrote before
 * KIL); fragment programs add "killed", geometry programs "emitted". */
bool nvgp_job_collect(const nvgp_job *job, const char *job_name, const nvgp_program *prog,
                      const nvgp_machine *m, nvgp_strbuf *out, char **error);
/* The same, streamed: each invocation's record is made as it is written,
 * and flush (when not NULL) is handed the text whenever it reaches 64 KiB
 * and at the end, to write it out and empty it (false: a write error), so
 * neither the records nor the text of a huge run are all in memory. */
bool nvgp_job_collect_stream(const nvgp_job *job, const char *job_name,
                             const nvgp_program *prog, const nvgp_machine *m,
                             nvgp_strbuf *out, bool (*flush)(void *ctx, nvgp_strbuf *out),
                             void *flush_ctx, char **error);

#endif
