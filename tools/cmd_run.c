/* nvgp run: execute a job file (INTERFACES.md "Job file") on the executor
 * and print the results as JSON.  The job is parsed by job.c and bound and
 * collected by job_bind.c; this file loads the program (TGSI text, or
 * NV/ARB assembly through its TGSI translation), makes the machine, runs it
 * and writes the result. */
#include "commands.h"
#include "job.h"
#include "job_bind.h"
#include "nvgp.h"
#include "trace_job.h"

#include "api/program.h"
#include "base/diag.h"
#include "exec/exec.h"
#include "lower/lower.h"
#include "tgsi/tgsi_text_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_USAGE = 2 };

static const char usage_line[] =
    "usage: nvgp run [-o OUT] [--trace=FILE [--lanes SPEC] [--warps SPEC] [--from N]\n"
    "                [--count M] [--trace-format=jsonl|text]] JOB.json\n";

typedef struct run_state {
    const char *job_path;
    nvgp_job *job;
    char *tgsi_text;          /* TGSI of an NV program (malloc'd) */
    nvgp_program *nv;         /* an NV/ARB program: its binding map names
                                 inputs, parameters and outputs */
    nvgp_diag *diag;
    tgsi_program *prog;
    nvgp_exec *m;
} run_state;

static void cleanup(run_state *s)
{
    nvgp_exec_destroy(s->m);
    nvgp_tgsi_program_destroy(s->prog);
    nvgp_diag_destroy(s->diag);
    free(s->tgsi_text);
    nvgp_program_destroy(s->nv);
    nvgp_job_destroy(s->job);
}

static int fail(const run_state *s, const char *fmt, const char *arg)
{
    fprintf(stderr, "nvgp run: %s: ", s->job_path);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return RUN_FAILED;
}

/* The program as a TGSI IR: TGSI text is read directly; NV/ARB assembly
 * goes through the library's front door and its TGSI translation. */
static int load_program(run_state *s)
{
    const nvgp_job *job = s->job;
    const char *name = job->program_path ? job->program_path : "program";
    const char *text = job->program_text;
    size_t len = job->program_length;
    if (len >= 2 && text[0] == '!' && text[1] == '!') {
        nvgp_diag *pd = NULL;
        nvgp_program *p = nvgp_program_create(name, text, len, &pd);
        if (!p) {
            if (pd)
                nvgp_diag_print(pd, stderr);
            nvgp_diag_destroy(pd);
            return fail(s, "%s: the program does not load", name);
        }
        s->tgsi_text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, pd);
        if (!s->tgsi_text && pd)
            nvgp_diag_print(pd, stderr);
        s->nv = p;
        nvgp_diag_destroy(pd);
        if (!s->tgsi_text)
            return fail(s, "%s: no TGSI translation of this program", name);
        text = s->tgsi_text;
        len = strlen(text);
    }
    s->diag = nvgp_diag_create(name, text, len);
    if (!s->diag)
        return fail(s, "%s", "out of memory");
    s->prog = nvgp_tgsi_read(text, len, s->diag);
    if (!s->prog) {
        nvgp_diag_print(s->diag, stderr);
        return RUN_FAILED;
    }
    s->m = nvgp_exec_create(s->prog, s->diag);
    if (!s->m) {
        nvgp_diag_print(s->diag, stderr);
        return RUN_FAILED;
    }
    /* literal elements of NV parameter arrays are constants the
     * translation fills in (the re-read text keeps its register numbers) */
    const nvgp_lower_map *map = s->nv ? nvgp_program_lower_map(s->nv) : NULL;
    for (uint32_t i = 0; map && i < map->count; i++) {
        const nvgp_lower_slot *sl = &map->slots[i];
        if (sl->kind == NVGP_LOWER_CONSTANT && sl->has_value && sl->index >= 0)
            nvgp_exec_set_constants(s->m, 0, (uint32_t)sl->index, sl->value, 1);
    }
    return RUN_OK;
}

static int write_output(const char *out_path, const nvgp_strbuf *out)
{
    FILE *f = out_path && strcmp(out_path, "-") ? fopen(out_path, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path, strerror(errno));
        return RUN_USAGE;
    }
    bool ok = fwrite(out->data ? out->data : "", 1, out->len, f) == out->len;
    ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    if (!ok) {
        fprintf(stderr, "nvgp run: error writing %s\n", out_path ? out_path : "standard output");
        return RUN_USAGE;
    }
    return RUN_OK;
}

/* NV/ARB binding names (vertex.attrib[2], program.env[0], result.color,
 * vertex[1].position, program.storage[0], image[1], ...) through the
 * translation's map, TGSI names otherwise. */
static bool resolve_nv(void *ctx, const char *name, nvgp_job_reg *reg)
{
    const nvgp_lower_map *map = ctx;
    static const nvgp_lower_slot_kind kinds[] = {NVGP_LOWER_INPUT, NVGP_LOWER_OUTPUT, NVGP_LOWER_CONSTANT,
                                                 NVGP_LOWER_BUFFER, NVGP_LOWER_IMAGE};
    static const uint8_t files[] = {TGSI_FILE_INPUT, TGSI_FILE_OUTPUT, TGSI_FILE_CONSTANT, TGSI_FILE_BUFFER,
                                    TGSI_FILE_IMAGE};
    /* the kind of the file asked for first: a vertex state program's c[n]
     * is both a parameter (its value before) and an output (after) */
    size_t first = 0;
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
        if (files[k] == reg->file)
            first = k;
    for (size_t j = 0; j < sizeof kinds / sizeof kinds[0]; j++) {
        size_t k = j == 0 ? first : j <= first ? j - 1 : j;
        const nvgp_lower_slot *sl = nvgp_lower_map_find(map, kinds[k], name);
        if (sl && (sl->kind != NVGP_LOWER_CONSTANT || !sl->has_value)) {
            reg->file = sl->file;
            reg->component = sl->component;
            reg->dim = sl->vertex;
            reg->index = sl->index;
            return true;
        }
    }
    return nvgp_job_tgsi_name(name, reg);
}

/* Results printed without an "outputs" list keep the program's names: the
 * k-th output slot of OUT[index], whole-register bindings first, then the
 * scalar ones by component (result.clip[0], result.clip[1], ...), each in
 * map order. */
static const char *output_name_nv(void *ctx, uint32_t index, uint32_t k, int32_t *component)
{
    const nvgp_lower_map *map = ctx;
    uint32_t seen = 0;
    for (int32_t comp = -1; comp < 4; comp++) {
        for (uint32_t i = 0; i < map->count; i++) {
            const nvgp_lower_slot *sl = &map->slots[i];
            if (sl->kind != NVGP_LOWER_OUTPUT || sl->index != (int32_t)index ||
                sl->component != comp)
                continue;
            if (seen++ == k) {
                *component = comp;
                return sl->name;
            }
        }
    }
    return NULL;
}

/* Binds the job (job_bind.c), runs, and prints the results. */
static int bind_run_print(run_state *s, const char *out_path)
{
    nvgp_job_names names = { nvgp_job_resolve_tgsi, NULL, NULL };
    const nvgp_lower_map *map = s->nv ? nvgp_program_lower_map(s->nv) : NULL;
    if (map)
        names = (nvgp_job_names){ resolve_nv, output_name_nv, (void *)map };
    char *err = NULL;
    if (!nvgp_job_bind(s->job, s->job_path, s->prog, s->m, &names, &err)) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "cannot bind the job");
        free(err);
        return RUN_FAILED;
    }
    nvgp_exec_status st = nvgp_exec_run(s->m, NULL);
    if (st != NVGP_EXEC_OK) {
        fprintf(stderr, "nvgp run: %s: %s\n", s->job_path, nvgp_exec_error(s->m));
        return RUN_FAILED;
    }
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    if (!nvgp_job_collect(s->job, s->job_path, s->prog, s->m, &names, &out, &err) ||
        out.failed) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "out of memory");
        free(err);
        nvgp_strbuf_free(&out);
        return RUN_FAILED;
    }
    int rc = write_output(out_path, &out);
    nvgp_strbuf_free(&out);
    return rc;
}

int nvgp_cmd_run(int argc, char **argv)
{
    const char *out_path = NULL, *job_path = NULL;
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
    if (trace.any)
        return nvgp_run_traced(job_path, out_path, &trace);
    run_state s;
    memset(&s, 0, sizeof s);
    s.job_path = job_path;
    char *err = NULL;
    nvgp_job_status js = nvgp_job_open(job_path, &s.job, &err);
    if (js != NVGP_JOB_OK) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "cannot load the job");
        free(err);
        /* INTERFACES.md: an unreadable file (the job or its program) is an
         * I/O error (2); a readable but wrong job is invalid input (1) */
        return js == NVGP_JOB_IO_ERROR ? RUN_USAGE : RUN_FAILED;
    }
    int rc = load_program(&s);
    if (rc == RUN_OK)
        rc = bind_run_print(&s, out_path);
    cleanup(&s);
    return rc;
}
