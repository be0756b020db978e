/* A job loaded for watching (nvgp run --trace, nvgp debug, nvgp trace):
 * the program (TGSI, or NV/ARB through its translation), a bound machine,
 * its listing (instruction texts, source lines), and the trace options of
 * the command line.  Loading is `nvgp run`'s own (job_run.h), through the
 * library's public API alone, so a watched run computes what a plain one
 * does. */
#ifndef NVGP_TOOLS_TRACE_JOB_H
#define NVGP_TOOLS_TRACE_JOB_H

#include "job.h"
#include "job_run.h"
#include "nvgp.h"

#include <stdbool.h>

enum { TJOB_OK = NVGP_RUNNER_OK, TJOB_FAILED = NVGP_RUNNER_FAILED, TJOB_USAGE = NVGP_RUNNER_USAGE };

typedef struct nvgp_tjob {
    nvgp_job_runner run;        /* cmd "run", "debug", "trace" prefixes messages */
    const char *job_path;
    nvgp_listing *listing;      /* instruction texts and source lines */
} nvgp_tjob;

/* Loads and binds; TJOB_* status (messages on stderr). */
int nvgp_tjob_open(nvgp_tjob *j, const char *cmd, const char *job_path);
/* Runs with the job's run options (a failure is reported); then
 * nvgp_tjob_print writes the results as `nvgp run` does, to out_path (NULL
 * or "-": standard output). */
int nvgp_tjob_run(nvgp_tjob *j);
int nvgp_tjob_print(nvgp_tjob *j, const char *out_path);
void nvgp_tjob_close(nvgp_tjob *j);

/* ---- trace options of the command line -------------------------------- */

typedef struct nvgp_trace_args {
    bool any;
    const char *file, *lanes, *warps, *from, *count, *format;
} nvgp_trace_args;

/* Takes argv[*i] (and its value) when it is a trace option: true, with *i
 * at the last argument used.  A missing value sets *rc to TJOB_USAGE. */
bool nvgp_trace_take_arg(int argc, char **argv, int *i, nvgp_trace_args *ta, int *rc);
/* Turns the arguments into options for j (warps checked against the
 * run's); TJOB_* with a message naming cmd. */
int nvgp_trace_options_from(const nvgp_trace_args *ta, const char *cmd, const nvgp_tjob *j,
                            nvgp_trace_options *o);
/* nvgp run with --trace: runs and prints like `nvgp run`, tracing. */
int nvgp_run_traced(const char *job_path, const char *out_path, const nvgp_trace_args *ta);

#endif
