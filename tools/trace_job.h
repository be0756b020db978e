/* A job loaded for watching (nvgp run --trace, nvgp debug, nvgp trace):
 * the program (TGSI, or NV/ARB through its translation), a bound machine,
 * the names of its source lines, and the trace options of the command
 * line.  Loading follows `nvgp run` (cmd_run.c) step by step, so a watched
 * run computes what a plain one does. */
#ifndef NVGP_TOOLS_TRACE_JOB_H
#define NVGP_TOOLS_TRACE_JOB_H

#include "job.h"
#include "job_bind.h"
#include "nvgp.h"

#include "base/diag.h"
#include "exec/exec_hook.h"
#include "trace/trace.h"

enum { TJOB_OK = 0, TJOB_FAILED = 1, TJOB_USAGE = 2 };

typedef struct nvgp_tjob {
    const char *cmd;            /* "run", "debug", "trace": prefixes messages */
    const char *job_path;
    nvgp_job *job;
    char *tgsi_text;
    nvgp_program *nv;
    nvgp_diag *diag;
    tgsi_program *prog;
    nvgp_exec *m;
    nvgp_job_names names;
    nvgp_trace_prog *tp;
} nvgp_tjob;

/* A binding name of the job's program (vertex.attrib[0], result.color,
 * c[4], IN[1], ...) as a register: file, dim (0 for 1-D files), index, and
 * the component a scalar binding holds (-1: the whole register). */
typedef struct nvgp_tjob_reg {
    uint8_t file;
    int32_t dim, index;
    int8_t component;
} nvgp_tjob_reg;
bool nvgp_tjob_resolve(const nvgp_tjob *j, const char *name, nvgp_tjob_reg *reg);

/* Loads and binds; TJOB_* status (messages on stderr). */
int nvgp_tjob_open(nvgp_tjob *j, const char *cmd, const char *job_path);
/* Runs (a failure is reported); then nvgp_tjob_print writes the results
 * as `nvgp run` does, to out_path (NULL or "-": standard output). */
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
