/* The steps of running a job file (job_run.h). */
#include "job_run.h"

#include "commands.h"
#include "job_bind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int nvgp_runner_open(nvgp_job_runner *r, const char *cmd, const char *job_path)
{
    memset(r, 0, sizeof *r);
    r->cmd = cmd;
    r->job_name = strcmp(job_path, "-") ? job_path : "<stdin>";
    char *err = NULL;
    nvgp_job_status js = nvgp_job_open(job_path, &r->job, &err);
    if (js == NVGP_JOB_OK)
        return NVGP_RUNNER_OK;
    fprintf(stderr, "nvgp %s: %s\n", cmd, err ? err : "cannot load the job");
    free(err);
    /* docs/cli.md: an unreadable file (the job or its program) is an I/O
     * error (2); a readable but wrong job is invalid input (1) */
    return js == NVGP_JOB_IO_ERROR ? NVGP_RUNNER_USAGE : NVGP_RUNNER_FAILED;
}

/* The machine gets diagnostics of its own, printed whether it is made or
 * not (a program can load and still not run). */
int nvgp_runner_load(nvgp_job_runner *r)
{
    const nvgp_job *job = r->job;
    const char *name = job->program_path ? job->program_path : "program";
    int st = nvgp_tool_load(name, job->program_text, job->program_length, NVGP_TARGET_ANY,
                            &r->prog, &r->diag);
    if (r->diag)
        nvgp_diag_print(r->diag, stderr);
    if (st != 0) {
        if (st == 1)
            fprintf(stderr, "nvgp %s: %s: %s: the program does not load\n", r->cmd, r->job_name,
                    name);
        return st == 1 ? NVGP_RUNNER_FAILED : NVGP_RUNNER_USAGE;
    }
    nvgp_diag *md = nvgp_diag_create(name, job->program_text, job->program_length);
    nvgp_status ms = md ? nvgp_machine_create(r->prog, &r->m, md) : NVGP_ERROR_OUT_OF_MEMORY;
    if (md)
        nvgp_diag_print(md, stderr);
    nvgp_diag_destroy(md);
    if (ms != NVGP_OK) {
        fprintf(stderr, "nvgp %s: %s: %s: %s\n", r->cmd, r->job_name, name,
                ms == NVGP_ERROR_INVALID_PROGRAM ? "the program cannot run (see above)"
                                                 : nvgp_status_string(ms));
        return NVGP_RUNNER_FAILED;
    }
    return NVGP_RUNNER_OK;
}

int nvgp_runner_bind(nvgp_job_runner *r)
{
    char *err = NULL;
    if (nvgp_job_bind(r->job, r->job_name, r->m, &err))
        return NVGP_RUNNER_OK;
    fprintf(stderr, "nvgp %s: %s\n", r->cmd, err ? err : "cannot bind the job");
    free(err);
    return NVGP_RUNNER_FAILED;
}

int nvgp_runner_run(nvgp_job_runner *r, const nvgp_run_options *options)
{
    nvgp_run_options own;
    if (!options) {
        nvgp_job_run_options(r->job, &own);
        options = &own;
    }
    if (nvgp_machine_run(r->m, options, NULL) == NVGP_OK)
        return NVGP_RUNNER_OK;
    fprintf(stderr, "nvgp %s: %s: %s\n", r->cmd, r->job_name, nvgp_machine_error(r->m));
    return NVGP_RUNNER_FAILED;
}

typedef struct output {
    FILE *f;
    bool ok;   /* no write has failed */
} output;

static bool write_piece(void *ctx, nvgp_strbuf *text)
{
    output *o = ctx;
    o->ok = o->ok && fwrite(text->data ? text->data : "", 1, text->len, o->f) == text->len;
    nvgp_strbuf_clear(text);
    return o->ok;
}

/* A write error outranks a failed collection: the output is what the
 * caller asked for, and it is broken either way. */
int nvgp_runner_print(const nvgp_job_runner *r, const char *out_path)
{
    bool to_stdout = !out_path || !strcmp(out_path, "-");
    output o = { to_stdout ? stdout : fopen(out_path, "wb"), true };
    if (!o.f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path,
                errno == EISDIR ? "is a directory, not a file" : strerror(errno));
        return NVGP_RUNNER_USAGE;
    }
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    char *err = NULL;
    bool collected = nvgp_job_collect_stream(r->job, r->job_name, r->prog, r->m, &out,
                                             write_piece, &o, &err);
    nvgp_strbuf_free(&out);
    o.ok = (to_stdout ? fflush(o.f) == 0 && !ferror(o.f) : fclose(o.f) == 0) && o.ok;
    if (!o.ok) {
        fprintf(stderr, "nvgp %s: error writing %s\n", r->cmd,
                to_stdout ? "standard output" : out_path);
        free(err);
        return NVGP_RUNNER_USAGE;
    }
    if (!collected) {
        fprintf(stderr, "nvgp %s: %s\n", r->cmd, err ? err : "out of memory");
        free(err);
        return NVGP_RUNNER_FAILED;
    }
    return NVGP_RUNNER_OK;
}

void nvgp_runner_free(nvgp_job_runner *r)
{
    nvgp_machine_destroy(r->m);
    nvgp_program_destroy(r->prog);
    nvgp_diag_destroy(r->diag);
    nvgp_job_destroy(r->job);
    memset(r, 0, sizeof *r);
}
