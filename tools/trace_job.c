/* Loading a job for watching, and `nvgp run --trace` (trace_job.h). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "trace_job.h"

#include "job_bind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The program loads and becomes a machine as in `nvgp run` (job_run.c),
 * then gets a listing. */
static int load_program(nvgp_tjob *j)
{
    int rc = nvgp_runner_load(&j->run);
    if (rc != TJOB_OK)
        return rc;
    nvgp_status ls = nvgp_listing_create(j->run.prog, &j->listing);
    if (ls != NVGP_OK) {
        const nvgp_job *job = j->run.job;
        fprintf(stderr, "nvgp %s: %s: %s: %s\n", j->run.cmd, j->run.job_name,
                job->program_path ? job->program_path : "program",
                ls == NVGP_ERROR_INVALID_PROGRAM ? "the program cannot run (see above)"
                                                 : nvgp_status_string(ls));
        return TJOB_FAILED;
    }
    return TJOB_OK;
}

int nvgp_tjob_open(nvgp_tjob *j, const char *cmd, const char *job_path)
{
    memset(j, 0, sizeof *j);
    j->job_path = job_path;
    int rc = nvgp_runner_open(&j->run, cmd, job_path);
    if (rc == TJOB_OK)
        rc = load_program(j);
    if (rc == TJOB_OK)
        rc = nvgp_runner_bind(&j->run);
    return rc;
}

int nvgp_tjob_print(nvgp_tjob *j, const char *out_path)
{
    return nvgp_runner_print(&j->run, out_path);
}

int nvgp_tjob_run(nvgp_tjob *j)
{
    return nvgp_runner_run(&j->run, NULL);
}

void nvgp_tjob_close(nvgp_tjob *j)
{
    nvgp_listing_destroy(j->listing);
    nvgp_runner_free(&j->run);
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
        uint32_t nw = j ? nvgp_machine_num_warps(j->run.m) : 0;
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
    if (rc == TJOB_OK && nvgp_tracer_create(j.listing, &o, f, &t) != NVGP_OK) {
        fprintf(stderr, "nvgp run: out of memory\n");
        rc = TJOB_FAILED;
    }
    if (rc == TJOB_OK) {
        nvgp_step_hook h = nvgp_tracer_hook(t);
        nvgp_machine_set_step_hook(j.run.m, &h);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        nvgp_run_options options;
        nvgp_job_run_options(j.run.job, &options);
        nvgp_status st = nvgp_machine_run(j.run.m, &options, NULL);
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
        } else if (st != NVGP_OK) {
            fprintf(stderr, "nvgp run: %s: %s\n", j.run.job_name, nvgp_machine_error(j.run.m));
            rc = TJOB_FAILED;
        }
        nvgp_machine_set_step_hook(j.run.m, NULL);
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
