/* Loading a job for watching, and `nvgp run --trace` (trace_job.h). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "trace_job.h"

#include "api/program.h"
#include "lower/lower.h"
#include "tgsi/tgsi_text_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int fail(const nvgp_tjob *j, const char *fmt, const char *arg)
{
    fprintf(stderr, "nvgp %s: %s: ", j->cmd, j->job_path);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return TJOB_FAILED;
}

/* NV/ARB binding names through the translation's map (as nvgp run). */
static bool resolve_nv(void *ctx, const char *name, nvgp_job_reg *reg)
{
    const nvgp_lower_map *map = ctx;
    static const nvgp_lower_slot_kind kinds[] = {NVGP_LOWER_INPUT, NVGP_LOWER_OUTPUT, NVGP_LOWER_CONSTANT,
                                                 NVGP_LOWER_BUFFER, NVGP_LOWER_IMAGE};
    static const uint8_t files[] = {TGSI_FILE_INPUT, TGSI_FILE_OUTPUT, TGSI_FILE_CONSTANT, TGSI_FILE_BUFFER,
                                    TGSI_FILE_IMAGE};
    size_t first = 0;
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
        if (files[k] == reg->file)
            first = k;
    for (size_t jj = 0; jj < sizeof kinds / sizeof kinds[0]; jj++) {
        size_t k = jj == 0 ? first : jj <= first ? jj - 1 : jj;
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

static const char *output_name_nv(void *ctx, uint32_t index, uint32_t k, int32_t *component)
{
    const nvgp_lower_map *map = ctx;
    uint32_t seen = 0;
    for (int32_t comp = -1; comp < 4; comp++)
        for (uint32_t i = 0; i < map->count; i++) {
            const nvgp_lower_slot *sl = &map->slots[i];
            if (sl->kind != NVGP_LOWER_OUTPUT || sl->index != (int32_t)index || sl->component != comp)
                continue;
            if (seen++ == k) {
                *component = comp;
                return sl->name;
            }
        }
    return NULL;
}

static int load_program(nvgp_tjob *j)
{
    const nvgp_job *job = j->job;
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
            return fail(j, "%s: the program does not load", name);
        }
        j->tgsi_text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, pd);
        if (!j->tgsi_text && pd)
            nvgp_diag_print(pd, stderr);
        j->nv = p;
        nvgp_diag_destroy(pd);
        if (!j->tgsi_text)
            return fail(j, "%s: no TGSI translation of this program", name);
        text = j->tgsi_text;
        len = strlen(text);
    }
    j->diag = nvgp_diag_create(name, text, len);
    if (!j->diag)
        return fail(j, "%s", "out of memory");
    j->prog = nvgp_tgsi_read(text, len, j->diag);
    if (!j->prog) {
        nvgp_diag_print(j->diag, stderr);
        return TJOB_FAILED;
    }
    j->m = nvgp_exec_create(j->prog, j->diag);
    if (!j->m) {
        nvgp_diag_print(j->diag, stderr);
        return TJOB_FAILED;
    }
    const nvgp_lower_map *map = j->nv ? nvgp_program_lower_map(j->nv) : NULL;
    for (uint32_t i = 0; map && i < map->count; i++) {
        const nvgp_lower_slot *sl = &map->slots[i];
        if (sl->kind == NVGP_LOWER_CONSTANT && sl->has_value && sl->index >= 0)
            nvgp_exec_set_constants(j->m, 0, (uint32_t)sl->index, sl->value, 1);
    }
    j->names = (nvgp_job_names){ nvgp_job_resolve_tgsi, NULL, NULL };
    if (map)
        j->names = (nvgp_job_names){ resolve_nv, output_name_nv, (void *)map };
    nvgp_trace_prog_desc d = { j->prog, text, len, NULL, NULL, 0, map };
    if (j->nv) {
        d.origin = nvgp_program_tgsi(j->nv);
        d.src = job->program_text;
        d.src_len = job->program_length;
    }
    j->tp = nvgp_trace_prog_create(&d);
    if (!j->tp)
        return fail(j, "%s", "out of memory");
    return TJOB_OK;
}

bool nvgp_tjob_resolve(const nvgp_tjob *j, const char *name, nvgp_tjob_reg *reg)
{
    nvgp_job_reg jr = { TGSI_FILE_NULL, -1, -1, -1 };
    if (!j->names.resolve(j->names.ctx, name, &jr) || jr.index < 0)
        return false;
    *reg = (nvgp_tjob_reg){ jr.file, jr.dim > 0 ? jr.dim : 0, jr.index, jr.component };
    return true;
}

int nvgp_tjob_open(nvgp_tjob *j, const char *cmd, const char *job_path)
{
    memset(j, 0, sizeof *j);
    j->cmd = cmd;
    j->job_path = job_path;
    char *err = NULL;
    nvgp_job_status js = nvgp_job_open(job_path, &j->job, &err);
    if (js != NVGP_JOB_OK) {
        fprintf(stderr, "nvgp %s: %s\n", cmd, err ? err : "cannot load the job");
        free(err);
        return js == NVGP_JOB_IO_ERROR ? TJOB_USAGE : TJOB_FAILED;
    }
    int rc = load_program(j);
    if (rc != TJOB_OK)
        return rc;
    if (!nvgp_job_bind(j->job, job_path, j->prog, j->m, &j->names, &err)) {
        fprintf(stderr, "nvgp %s: %s\n", cmd, err ? err : "cannot bind the job");
        free(err);
        return TJOB_FAILED;
    }
    return TJOB_OK;
}

int nvgp_tjob_print(nvgp_tjob *j, const char *out_path)
{
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    char *err = NULL;
    if (!nvgp_job_collect(j->job, j->job_path, j->prog, j->m, &j->names, &out, &err) || out.failed) {
        fprintf(stderr, "nvgp %s: %s\n", j->cmd, err ? err : "out of memory");
        free(err);
        nvgp_strbuf_free(&out);
        return TJOB_FAILED;
    }
    FILE *f = out_path && strcmp(out_path, "-") ? fopen(out_path, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path, strerror(errno));
        nvgp_strbuf_free(&out);
        return TJOB_USAGE;
    }
    bool ok = fwrite(out.data ? out.data : "", 1, out.len, f) == out.len;
    ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    nvgp_strbuf_free(&out);
    if (!ok) {
        fprintf(stderr, "nvgp %s: error writing %s\n", j->cmd, out_path ? out_path : "standard output");
        return TJOB_USAGE;
    }
    return TJOB_OK;
}

int nvgp_tjob_run(nvgp_tjob *j)
{
    nvgp_exec_status st = nvgp_exec_run(j->m, NULL);
    if (st != NVGP_EXEC_OK) {
        fprintf(stderr, "nvgp %s: %s: %s\n", j->cmd, j->job_path, nvgp_exec_error(j->m));
        return TJOB_FAILED;
    }
    return TJOB_OK;
}

void nvgp_tjob_close(nvgp_tjob *j)
{
    nvgp_trace_prog_destroy(j->tp);
    nvgp_exec_destroy(j->m);
    nvgp_tgsi_program_destroy(j->prog);
    nvgp_diag_destroy(j->diag);
    free(j->tgsi_text);
    nvgp_program_destroy(j->nv);
    nvgp_job_destroy(j->job);
}

/* ---- trace options ------------------------------------------------------------ */

/* One row per option: its name and where its value goes. */
typedef struct trace_opt {
    const char *name;
    size_t field;
} trace_opt;

static const trace_opt trace_opts[] = {
    {"--trace", offsetof(nvgp_trace_args, file)},
    {"--lanes", offsetof(nvgp_trace_args, lanes)},
    {"--warps", offsetof(nvgp_trace_args, warps)},
    {"--from", offsetof(nvgp_trace_args, from)},
    {"--count", offsetof(nvgp_trace_args, count)},
    {"--trace-format", offsetof(nvgp_trace_args, format)},
};

bool nvgp_trace_take_arg(int argc, char **argv, int *i, nvgp_trace_args *ta, int *rc)
{
    const char *a = argv[*i];
    for (size_t k = 0; k < sizeof trace_opts / sizeof trace_opts[0]; k++) {
        size_t n = strlen(trace_opts[k].name);
        if (strncmp(a, trace_opts[k].name, n) || (a[n] != '=' && a[n] != 0))
            continue;
        const char *v = a[n] == '=' ? a + n + 1 : NULL;
        if (!v) {
            if (*i + 1 >= argc) {
                fprintf(stderr, "nvgp: %s needs a value\n", a);
                *rc = TJOB_USAGE;
                return true;
            }
            v = argv[++*i];
        }
        *(const char **)(void *)((char *)ta + trace_opts[k].field) = v;
        ta->any = true;
        return true;
    }
    return false;
}

static bool parse_u64(const char *s, uint64_t *v)
{
    char *e;
    if (!s || !*s || *s == '-')
        return false;
    errno = 0;
    unsigned long long x = strtoull(s, &e, 10);
    if (*e || errno)
        return false;
    *v = x;
    return true;
}

int nvgp_trace_options_from(const nvgp_trace_args *ta, const char *cmd, const nvgp_tjob *j,
                            nvgp_trace_options *o)
{
    char err[160];
    memset(o, 0, sizeof *o);
    o->lanes = 0xffffffffu;
    o->warps.all = true;
    o->count = UINT64_MAX;
    if (ta->lanes) {
        nvgp_trace_set s;
        if (!nvgp_trace_parse_set(ta->lanes, 31, &s, err, sizeof err)) {
            fprintf(stderr, "nvgp %s: --lanes %s\n", cmd, err);
            return TJOB_USAGE;
        }
        o->lanes = 0;
        for (uint32_t l = 0; l < 32; l++)
            if (nvgp_trace_set_has(&s, l))
                o->lanes |= 1u << l;
    }
    if (ta->warps) {
        uint32_t nw = j ? nvgp_exec_num_warps(j->m) : 0;
        if (!nvgp_trace_parse_set(ta->warps, UINT32_MAX, &o->warps, err, sizeof err)) {
            fprintf(stderr, "nvgp %s: --warps %s\n", cmd, err);
            return TJOB_USAGE;
        }
        if (j && !o->warps.all && nvgp_trace_set_max(&o->warps) >= nw) {
            fprintf(stderr, "nvgp %s: --warps %s: warp %u is out of range (the run has %u warp%s: 0..%u)\n",
                    cmd, ta->warps, nvgp_trace_set_max(&o->warps), nw, nw == 1 ? "" : "s",
                    nw ? nw - 1 : 0);
            return TJOB_USAGE;
        }
    }
    if (ta->from && !parse_u64(ta->from, &o->from)) {
        fprintf(stderr, "nvgp %s: --from '%s': expected a step number\n", cmd, ta->from);
        return TJOB_USAGE;
    }
    if (ta->count && !parse_u64(ta->count, &o->count)) {
        fprintf(stderr, "nvgp %s: --count '%s': expected a number of steps\n", cmd, ta->count);
        return TJOB_USAGE;
    }
    if (ta->format) {
        if (!strcmp(ta->format, "jsonl"))
            o->format = NVGP_TRACE_JSONL;
        else if (!strcmp(ta->format, "text"))
            o->format = NVGP_TRACE_TEXT;
        else {
            fprintf(stderr, "nvgp %s: --trace-format '%s': expected jsonl or text\n", cmd, ta->format);
            return TJOB_USAGE;
        }
    }
    return TJOB_OK;
}

int nvgp_run_traced(const char *job_path, const char *out_path, const nvgp_trace_args *ta)
{
    nvgp_trace_options o;
    if (!ta->file || !*ta->file) {
        fprintf(stderr, "nvgp run: the trace options need --trace=FILE\n");
        return TJOB_USAGE;
    }
    int rc = nvgp_trace_options_from(ta, "run", NULL, &o);  /* syntax first */
    if (rc != TJOB_OK)
        return rc;
    nvgp_tjob j;
    rc = nvgp_tjob_open(&j, "run", job_path);
    if (rc == TJOB_OK)
        rc = nvgp_trace_options_from(ta, "run", &j, &o);
    FILE *f = NULL;
    if (rc == TJOB_OK) {
        f = strcmp(ta->file, "-") ? fopen(ta->file, "wb") : stdout;
        if (!f) {
            fprintf(stderr, "nvgp run: cannot write the trace to %s: %s\n", ta->file, strerror(errno));
            rc = TJOB_USAGE;
        }
    }
    nvgp_tracer *t = NULL;
    if (rc == TJOB_OK) {
        t = nvgp_tracer_create(j.tp, &o, f);
        if (!t) {
            fprintf(stderr, "nvgp run: out of memory\n");
            rc = TJOB_FAILED;
        }
    }
    if (rc == TJOB_OK) {
        nvgp_exec_hook h = nvgp_tracer_hook(t);
        nvgp_exec_set_hook(j.m, &h);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        nvgp_exec_status st = nvgp_exec_run(j.m, NULL);
        uint64_t records = 0, bytes = 0;
        bool wrote = nvgp_tracer_finish(t, &records, &bytes);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        /* the closing note: how much, how fast (docs/trace.md) */
        fprintf(stderr, "nvgp run: trace %s: %llu records, %.3f MB in %.3f s (%.1f MB/s)\n",
                ta->file, (unsigned long long)records, (double)bytes / 1e6, secs,
                secs > 0 ? (double)bytes / 1e6 / secs : 0.0);
        if (!wrote) {
            fprintf(stderr, "nvgp run: error writing the trace to %s\n", ta->file);
            rc = TJOB_USAGE;
        } else if (st != NVGP_EXEC_OK) {
            fprintf(stderr, "nvgp run: %s: %s\n", job_path, nvgp_exec_error(j.m));
            rc = TJOB_FAILED;
        }
        nvgp_exec_set_hook(j.m, NULL);
    }
    if (f && f != stdout && fclose(f) != 0 && rc == TJOB_OK) {
        fprintf(stderr, "nvgp run: error writing the trace to %s\n", ta->file);
        rc = TJOB_USAGE;
    }
    nvgp_tracer_destroy(t);
    if (rc == TJOB_OK)  /* the results, exactly as a plain run prints them */
        rc = nvgp_tjob_print(&j, out_path);
    nvgp_tjob_close(&j);
    return rc;
}
