/* Running a job file as `nvgp run` does, for every command that runs one
 * (run, run --trace, debug, trace, bench): the job opened, its program
 * loaded and checked as `nvgp check` loads it (tools/load.c), a machine
 * made of it, the job bound, run, and the results streamed out.  Each step
 * says what went wrong on stderr, prefixed "nvgp CMD:", and returns an exit
 * status of docs/cli.md, so the commands fail with the same words. */
#ifndef NVGP_TOOLS_JOB_RUN_H
#define NVGP_TOOLS_JOB_RUN_H

#include "job.h"
#include "nvgp.h"

/* Exit statuses: success, invalid input (a job or program that failed),
 * usage or I/O error. */
enum { NVGP_RUNNER_OK = 0, NVGP_RUNNER_FAILED = 1, NVGP_RUNNER_USAGE = 2 };

typedef struct nvgp_job_runner {
    const char *cmd;        /* "run", "bench", ...: prefixes messages */
    const char *job_name;   /* as messages name it ("<stdin>" for -) */
    nvgp_job *job;
    nvgp_program *prog;
    nvgp_diag *diag;        /* the program's diagnostics, printed by the load */
    nvgp_machine *m;
} nvgp_job_runner;

/* Clears r and opens the job file (`-`: standard input).  An unreadable job
 * or program file is USAGE (an I/O error), a wrong job FAILED. */
int nvgp_runner_open(nvgp_job_runner *r, const char *cmd, const char *job_path);
/* Loads the job's program (any language, checked), printing its
 * diagnostics, and makes the machine. */
int nvgp_runner_load(nvgp_job_runner *r);
/* Gives the job to the machine by its binding names. */
int nvgp_runner_bind(nvgp_job_runner *r);
/* Runs the machine with options (NULL: the job's run options, which a
 * command may adjust first). */
int nvgp_runner_run(nvgp_job_runner *r, const nvgp_run_options *options);
/* After a run: streams the result JSON to out_path (NULL or "-": standard
 * output), a piece at a time, so a huge run's text is never all in memory. */
int nvgp_runner_print(const nvgp_job_runner *r, const char *out_path);
/* Frees what the steps made; r may be part way. */
void nvgp_runner_free(nvgp_job_runner *r);

#endif
