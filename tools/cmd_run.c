/* nvgp run: execute a job file (docs/job-format.md) on a machine and print
 * the results as JSON.  A thin front end over the library: job.c parses
 * the JSON, the program loads and is checked exactly as `nvgp check` does
 * (tools/load.c), job_bind.c gives the job to the machine by its binding
 * names and writes the results. */
#include "commands.h"
#include "draw_job.h"
#include "job_bind.h"
#include "job_run.h"
#include "nvgp.h"
#include "trace_job.h"

#include <stdio.h>
#include <string.h>

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_USAGE = 2 };

static const char usage_line[] =
    "usage: nvgp run [-o OUT] [--engine=jit|fast|reference] [--trace=FILE [--lanes SPEC] [--warps SPEC] [--from N]\n"
    "                [--count M] [--trace-format=jsonl|text]] JOB.json\n";

/* Gives the job to the machine, runs it, and prints the results. */
static int bind_run_print(nvgp_job_runner *s, const char *out_path, nvgp_engine engine)
{
    int rc = nvgp_runner_bind(s);
    if (rc != RUN_OK)
        return rc;
    nvgp_run_options options;   /* the job's, for the command line to adjust */
    nvgp_job_run_options(s->job, &options);
    options.engine = engine;
    rc = nvgp_runner_run(s, &options);
    if (rc != RUN_OK)
        return rc;
    return nvgp_runner_print(s, out_path);
}

int nvgp_cmd_run(int argc, char **argv)
{
    const char *out_path = NULL, *job_path = NULL;
    nvgp_engine engine = NVGP_ENGINE_DEFAULT;
    bool options = true;
    nvgp_trace_args trace = {0};
    int trace_rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && (!strcmp(a, "-o") || !strcmp(a, "--output"))) {
            if (++i >= argc) {
                fprintf(stderr, "nvgp run: %s needs a file name\n%s", a, usage_line);
                return RUN_USAGE;
            }
            out_path = argv[i];
        } else if (options && !strncmp(a, "--output=", 9)) {
            out_path = a + 9;
        } else if (options && (!strcmp(a, "--engine") || !strncmp(a, "--engine=", 9))) {
            const char *e = a[8] == '=' ? a + 9 : ++i < argc ? argv[i] : NULL;
            if (e && !strcmp(e, "jit")) {
                engine = NVGP_ENGINE_JIT;
            } else if (e && !strcmp(e, "fast")) {
                engine = NVGP_ENGINE_FAST;
            } else if (e && !strcmp(e, "reference")) {
                engine = NVGP_ENGINE_REFERENCE;
            } else {
                fprintf(stderr, "nvgp run: --engine takes jit, fast or reference\n%s", usage_line);
                return RUN_USAGE;
            }
        } else if (options && a[0] == '-' && a[1] == 'o' && a[2]) {
            out_path = a + 2;
        } else if (options && nvgp_trace_take_arg(argc, argv, &i, &trace, &trace_rc)) {
            if (trace_rc)  /* trace options: trace_job.c */
                return trace_rc;
        } else if (options && a[0] == '-' && a[1]) {
            fprintf(stderr, "nvgp run: unknown option '%s'\n%s", a, usage_line);
            return RUN_USAGE;
        } else if (!job_path) {
            job_path = a;
        } else {
            fprintf(stderr, "nvgp run: one job file at a time\n%s", usage_line);
            return RUN_USAGE;
        }
    }
    if (!job_path) {
        fputs(usage_line, stderr);
        return RUN_USAGE;
    }
    if (out_path && !*out_path) {
        fprintf(stderr, "nvgp run: empty output file name\n%s", usage_line);
        return RUN_USAGE;
    }
    if (trace.any)
        return nvgp_run_traced(job_path, out_path, &trace);
    int draw_rc;   /* a job with a "draw" object runs through the pipeline */
    if (nvgp_draw_job_try("run", job_path, out_path, &draw_rc))
        return draw_rc;
    nvgp_job_runner s;
    int rc = nvgp_runner_open(&s, "run", job_path);
    if (rc == RUN_OK)
        rc = nvgp_runner_load(&s);
    if (rc == RUN_OK)
        rc = bind_run_print(&s, out_path, engine);
    nvgp_runner_free(&s);
    return rc;
}
