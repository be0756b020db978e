/* nvgp run: execute a job file (docs/job-format.md) on a machine and print
 * the results as JSON.  A thin front end over the library: job.c parses
 * the JSON, the program loads and is checked exactly as `nvgp check` does
 * (tools/load.c), job_bind.c gives the job to the machine by its binding
 * names and writes the results. */
#include "commands.h"
#include "job.h"
#include "job_bind.h"
#include "nvgp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_USAGE = 2 };

static const char usage_line[] = "usage: nvgp run [-o OUT] [--engine=fast|reference] JOB.json\n";

typedef struct run_state {
    const char *job_name;     /* as messages name it */
    nvgp_job *job;
    nvgp_program *prog;
    nvgp_diag *diag;
    nvgp_machine *m;
} run_state;

static void cleanup(run_state *s)
{
    nvgp_machine_destroy(s->m);
    nvgp_program_destroy(s->prog);
    nvgp_diag_destroy(s->diag);
    nvgp_job_destroy(s->job);
}

/* The program loads and is checked as `nvgp check` does, with the same
 * diagnostics, then becomes a machine. */
static int load_program(run_state *s)
{
    const nvgp_job *job = s->job;
    const char *name = job->program_path ? job->program_path : "program";
    int st = nvgp_tool_load(name, job->program_text, job->program_length, NVGP_TARGET_ANY, &s->prog, &s->diag);
    if (s->diag)
        nvgp_diag_print(s->diag, stderr);
    if (st != 0) {
        if (st == 1)
            fprintf(stderr, "nvgp run: %s: %s: the program does not load\n", s->job_name, name);
        return st == 1 ? RUN_FAILED : RUN_USAGE;
    }
    nvgp_diag *md = nvgp_diag_create(name, job->program_text, job->program_length);
    nvgp_status ms = md ? nvgp_machine_create(s->prog, &s->m, md) : NVGP_ERROR_OUT_OF_MEMORY;
    if (md)
        nvgp_diag_print(md, stderr);
    nvgp_diag_destroy(md);
    if (ms != NVGP_OK) {
        fprintf(stderr, "nvgp run: %s: %s: %s\n", s->job_name, name,
                ms == NVGP_ERROR_INVALID_PROGRAM ? "the program cannot run (see above)"
                                                 : nvgp_status_string(ms));
        return RUN_FAILED;
    }
    return RUN_OK;
}

/* The results are written as they are made (nvgp_job_collect_stream), a
 * piece at a time, so a huge run's text is never all in memory. */
typedef struct output {
    FILE *f;
    bool ok;
} output;

static bool write_piece(void *ctx, nvgp_strbuf *text)
{
    output *o = ctx;
    o->ok = o->ok && fwrite(text->data ? text->data : "", 1, text->len, o->f) == text->len;
    nvgp_strbuf_clear(text);
    return o->ok;
}

/* Gives the job to the machine, runs it, and prints the results. */
static int bind_run_print(run_state *s, const char *out_path, nvgp_engine engine)
{
    char *err = NULL;
    if (!nvgp_job_bind(s->job, s->job_name, s->m, &err)) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "cannot bind the job");
        free(err);
        return RUN_FAILED;
    }
    nvgp_run_options options;
    nvgp_job_run_options(s->job, &options);
    options.engine = engine;
    if (nvgp_machine_run(s->m, &options, NULL) != NVGP_OK) {
        fprintf(stderr, "nvgp run: %s: %s\n", s->job_name, nvgp_machine_error(s->m));
        return RUN_FAILED;
    }
    bool to_stdout = !out_path || !strcmp(out_path, "-");
    output o = { to_stdout ? stdout : fopen(out_path, "wb"), true };
    if (!o.f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path,
                errno == EISDIR ? "is a directory, not a file" : strerror(errno));
        return RUN_USAGE;
    }
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    bool collected = nvgp_job_collect_stream(s->job, s->job_name, s->prog, s->m, &out,
                                             write_piece, &o, &err);
    nvgp_strbuf_free(&out);
    o.ok = (to_stdout ? fflush(o.f) == 0 && !ferror(o.f) : fclose(o.f) == 0) && o.ok;
    if (!o.ok) {
        fprintf(stderr, "nvgp run: error writing %s\n", to_stdout ? "standard output" : out_path);
        free(err);
        return RUN_USAGE;
    }
    if (!collected) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "out of memory");
        free(err);
        return RUN_FAILED;
    }
    return RUN_OK;
}

int nvgp_cmd_run(int argc, char **argv)
{
    const char *out_path = NULL, *job_path = NULL;
    nvgp_engine engine = NVGP_ENGINE_FAST;
    bool options = true;
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
            if (e && !strcmp(e, "fast")) {
                engine = NVGP_ENGINE_FAST;
            } else if (e && !strcmp(e, "reference")) {
                engine = NVGP_ENGINE_REFERENCE;
            } else {
                fprintf(stderr, "nvgp run: --engine takes fast or reference\n%s", usage_line);
                return RUN_USAGE;
            }
        } else if (options && a[0] == '-' && a[1] == 'o' && a[2]) {
            out_path = a + 2;
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
    run_state s;
    memset(&s, 0, sizeof s);
    s.job_name = strcmp(job_path, "-") ? job_path : "<stdin>";
    char *err = NULL;
    nvgp_job_status js = nvgp_job_open(job_path, &s.job, &err);
    if (js != NVGP_JOB_OK) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "cannot load the job");
        free(err);
        /* docs/cli.md: an unreadable file (the job or its program) is an
         * I/O error (2); a readable but wrong job is invalid input (1) */
        return js == NVGP_JOB_IO_ERROR ? RUN_USAGE : RUN_FAILED;
    }
    int rc = load_program(&s);
    if (rc == RUN_OK)
        rc = bind_run_print(&s, out_path, engine);
    cleanup(&s);
    return rc;
}
