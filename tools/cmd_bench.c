/* nvgp bench: the executor's throughput on the benchmark programs of
 * bench/programs (ordinary job files), and, for the !!ARBfp1.0 ones, Mesa's
 * softpipe and llvmpipe measured in the same run through the mesa-oracle
 * harness (../shared/tools/mesa-oracle), with the ratios.
 *
 * Each program's job is scaled to many invocations (a compute job to many
 * work groups); inputs the table below names get per-invocation values made
 * the way Mesa's harness interpolates them over its full-screen quad, so
 * both run the same fragments.  Each configuration runs `repeats` times and
 * reports the median with min and max: the machine is shared, and one run
 * can be off by 2x.
 *
 * nvgp's first figures are fragment (vertex, compute) invocations alone;
 * Mesa's include rasterising the quad and writing the framebuffer.  So for
 * the programs Mesa runs, nvgp also draws the same quad through its own
 * pipeline (quad_draw.c: rasterisation, interpolation and framebuffer
 * writes included), and those whole draws are what the "like with like"
 * ratios compare.  The JSON and the table say which is which.
 *
 * Without --engine nvgp runs twice, the JIT engine and the fast one (the
 * ratios to Mesa are the first one's), and the JIT's compile time is
 * reported (it happens in the untimed first run). */
#define _XOPEN_SOURCE 700 /* popen, realpath, sysconf */

#include "commands.h"
#include "job.h"
#include "job_bind.h"
#include "job_run.h"
#include "nvgp.h"
#include "quad_draw.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { BENCH_OK = 0, BENCH_FAILED = 1, BENCH_USAGE = 2 };
enum { MAX_REPEATS = 101, MAX_VARY = 3 };

static const char usage_line[] =
    "usage: nvgp bench [--dir DIR] [--repeats N] [--threads N] [--scale F]\n"
    "                  [--engine jit|fast|reference]\n"
    "                  [--json FILE] [--ratios FILE] [--mesa-oracle PATH] [NAME...]\n";

/* How a per-invocation input is made from the invocation's pixel (x, y) in a
 * W-wide grid, u = (x + 0.5) / W, v = (y + 0.5) / H: Mesa's harness gives
 * texcoord[0] = (u, v, 0, 1) and color = (u, v, 0.25, 1). */
typedef enum vary_kind { VARY_UV, VARY_COLOR, VARY_POSITION, VARY_NORMAL } vary_kind;

typedef struct bench_vary {
    const char *name;
    vary_kind kind;
} bench_vary;

typedef struct bench_case {
    const char *name;
    const char *job;           /* in the programs folder */
    const char *stresses;
    uint32_t invocations;      /* scaled by --scale */
    uint32_t block;            /* compute: threads per work group; 0 otherwise */
    bool mesa;                 /* an !!ARBfp1.0 program Mesa's harness runs */
    bench_vary vary[MAX_VARY];
} bench_case;

/* One row per benchmark program. */
static const bench_case cases[] = {
    {"long100", "long100.json", "ARB fragment ALU, 103 instructions: 20 x (MAD, DP4, RSQ, SIN, EX2)",
     1u << 20, 0, true, {{"fragment.texcoord[0]", VARY_UV}, {"fragment.color", VARY_COLOR}}},
    {"short5", "short5.json", "ARB fragment ALU, 5 instructions (MUL, MAD, DP3, RSQ, MUL): per-warp overhead",
     1u << 20, 0, true, {{"fragment.texcoord[0]", VARY_UV}, {"fragment.color", VARY_COLOR}}},
    {"texture", "texture.json", "texture: trilinear mipmapped TEX (implicit LOD), TXL, two TG4 gathers",
     1u << 18, 0, false, {{"IN[0]", VARY_UV}}},
    {"branchy", "branchy.json", "divergent control flow: loop of 4..19 trips, SWITCH and IF/ELSE on lane bits",
     1u << 18, 0, false, {{NULL, 0}}},
    {"integer", "integer.json", "integer and bitfield: hashing, BFE/BFI, BREV, POPC, LSB, MSB, MUL_HI, UMOD",
     1u << 18, 0, false, {{NULL, 0}}},
    {"threadgroup", "threadgroup.json", "thread group: quad swizzles, ballots, votes, warp shuffles (NVfp5.0)",
     1u << 18, 0, false, {{"fragment.texcoord[0]", VARY_UV}}},
    {"lighting", "lighting.json", "vertex transform and lighting (ARBvp1.0): DP4/DP3, RSQ, two LIT lights",
     1u << 19, 0, false, {{"vertex.position", VARY_POSITION}, {"vertex.normal", VARY_NORMAL}}},
    {"reduce", "reduce.json", "compute: 256-thread tree reduction through shared memory, 8 barriers",
     1u << 18, 256, false, {{NULL, 0}}},
    {"double", "double.json", "64-bit float: DMUL, DFMA, DADD, DDIV, DSQRT, DRSQ, DMAX, DFRAC",
     1u << 18, 0, false, {{NULL, 0}}},
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

/* Mesa configurations: driver and LP_NUM_THREADS (0: all threads). */
typedef struct mesa_config {
    const char *key;
    const char *driver;
    int threads;               /* 1, or 0 for "all" */
    int draws;                 /* 1024x1024 draws per timed harness run */
} mesa_config;
static const mesa_config mesa_configs[] = {
    {"softpipe", "softpipe", 1, 1},
    {"llvmpipe_1", "llvmpipe", 1, 8},
    {"llvmpipe_all", "llvmpipe", 0, 16},
};
enum { MESA_COUNT = sizeof mesa_configs / sizeof mesa_configs[0] };

typedef struct stats {
    double median, min, max;
    int n;
} stats;

typedef struct options {
    const char *dir, *json_path, *ratios_path, *harness;
    int repeats;
    unsigned threads;          /* "all" */
    double scale;
    nvgp_engine engines[2];    /* nvgp's executor engines, in the order run */
    int num_engines;
} options;

typedef struct case_result {
    const bench_case *c;
    bool ran;
    uint32_t invocations;
    uint64_t lane_instructions;  /* per run */
    /* [engine][0] 1 thread, [engine][1] all threads: Minv/s, lane-instr/s */
    stats nvgp_e[2][2], lanes_e[2][2];
    stats *nvgp, *lanes;         /* the first engine's, which the ratios use */
    nvgp_jit_info jit;           /* what the JIT compiled (engine jit) */
    /* Mesa's programs: whole draws of the harness's quad, Mpixels/s,
     * [engine][threads] as nvgp_e */
    bool has_draw;
    uint32_t draw_w, draw_h;
    stats draw_e[2][2];
    bool has_mesa[MESA_COUNT];
    stats mesa[MESA_COUNT];      /* Minv/s */
} case_result;

static stats summarize(double *v, int n)
{
    stats s = {0, 0, 0, n};
    if (n <= 0)
        return s;
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    s.min = v[0];
    s.max = v[n - 1];
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return s;
}

/* ---- nvgp ---------------------------------------------------------------- */

/* The pixel of invocation i in a grid `width` wide, fragment quads as the
 * executor lays them out (lanes 4n..4n+3 a 2x2 quad). */
static void pixel_of(uint32_t i, uint32_t width, uint32_t *x, uint32_t *y)
{
    uint32_t q = i / 4, j = i % 4, qw = width / 2;
    *x = 2 * (q % qw) + (j & 1);
    *y = 2 * (q / qw) + (j >> 1);
}

static void vary_value(vary_kind k, float u, float v, float out[4])
{
    static const float w[][4] = {
        [VARY_UV] = {0, 0, 0, 1}, [VARY_COLOR] = {0, 0, 0.25f, 1},
        [VARY_POSITION] = {0, 0, 0, 1}, [VARY_NORMAL] = {0, 0, 1, 0},
    };
    memcpy(out, w[k], sizeof w[k]);
    switch (k) {
    case VARY_UV:
    case VARY_COLOR:
        out[0] = u, out[1] = v;
        break;
    case VARY_POSITION:
        out[0] = 2 * u - 1, out[1] = 2 * v - 1;
        break;
    case VARY_NORMAL:
        out[0] = u - 0.5f, out[1] = v - 0.5f;
        break;
    }
}

static bool set_varying(nvgp_job_runner *r, const bench_case *c, uint32_t invocations)
{
    const uint32_t width = 1024, height = (invocations + width - 1) / width;
    for (int k = 0; k < MAX_VARY && c->vary[k].name; k++) {
        nvgp_binding reg;
        if (nvgp_program_find_binding_of(r->prog, c->vary[k].name, 1u << NVGP_BINDING_INPUT, &reg) !=
                NVGP_OK ||
            reg.kind != NVGP_BINDING_INPUT || reg.component >= 0) {
            fprintf(stderr, "nvgp bench: %s: the program has no input %s\n", c->name,
                    c->vary[k].name);
            return false;
        }
        for (uint32_t i = 0; i < invocations; i++) {
            uint32_t x, y;
            pixel_of(i, width, &x, &y);
            nvgp_vec4 v;
            vary_value(c->vary[k].kind, ((float)x + 0.5f) / (float)width,
                       ((float)y + 0.5f) / (float)height, v.f);
            if (nvgp_machine_set_input_binding(r->m, &reg, i, &v) != NVGP_OK) {
                fprintf(stderr, "nvgp bench: %s: %s\n", c->name, nvgp_machine_error(r->m));
                return false;
            }
        }
    }
    return true;
}

static const char *engine_name(nvgp_engine e)
{
    return e == NVGP_ENGINE_REFERENCE ? "reference" : e == NVGP_ENGINE_FAST ? "fast" : "jit";
}

/* The harness's quad, 1024 wide as Mesa's draws are (bench_mesa), drawn
 * through nvgp's pipeline by each engine on 1 and all threads. */
static bool bench_draws(const options *o, const bench_case *c, const nvgp_program *prog,
                        uint32_t inv, case_result *res)
{
    res->draw_w = 1024;
    res->draw_h = inv / 1024;
    double pixels = (double)res->draw_w * res->draw_h;
    for (int e = 0; e < o->num_engines; e++)
        for (int t = 0; t < 2; t++) {
            double secs[MAX_REPEATS], rate[MAX_REPEATS];
            char err[256];
            if (!quad_draw_times(prog, res->draw_w, res->draw_h, t ? o->threads : 1u,
                                 o->engines[e], o->repeats, secs, err, sizeof err)) {
                fprintf(stderr, "nvgp bench: %s: the draw failed: %s\n", c->name, err);
                return false;
            }
            for (int k = 0; k < o->repeats; k++)
                rate[k] = pixels / (secs[k] > 0 ? secs[k] : 1e-9) / 1e6;
            res->draw_e[e][t] = summarize(rate, o->repeats);
        }
    res->has_draw = true;
    return true;
}

static bool bench_nvgp(const options *o, const bench_case *c, case_result *res)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", o->dir, c->job) >= (int)sizeof path) {
        fprintf(stderr, "nvgp bench: %s: path too long\n", o->dir);
        return false;
    }
    /* the job and its program load and bind as `nvgp run` does (job_run.c) */
    nvgp_job_runner r;
    if (nvgp_runner_open(&r, "bench", path) != NVGP_RUNNER_OK) {
        nvgp_runner_free(&r);
        return false;
    }
    double n = (double)c->invocations * o->scale;
    uint32_t inv = n < 1024 ? 1024 : n > (double)(1u << 24) ? 1u << 24 : (uint32_t)n;
    inv -= inv % (c->block ? c->block : 1024);
    if (c->block) {
        r.job->has_grid = true;
        r.job->grid[0] = inv / c->block;
        r.job->grid[1] = r.job->grid[2] = 1;
    } else {
        r.job->invocations = inv;
    }
    bool ok = nvgp_runner_load(&r) == NVGP_RUNNER_OK && nvgp_runner_bind(&r) == NVGP_RUNNER_OK;
    ok = ok && set_varying(&r, c, inv);
    nvgp_run_options ro;
    nvgp_job_run_options(r.job, &ro);
    res->invocations = inv;
    res->nvgp = res->nvgp_e[0];
    res->lanes = res->lanes_e[0];
    for (int e = 0; ok && e < o->num_engines; e++) {
        ro.engine = o->engines[e];
        /* one untimed run: first-touch page faults, caches, the JIT's
         * compilation */
        ro.threads = 1;
        if (nvgp_machine_run(r.m, &ro, NULL) != NVGP_OK) {
            fprintf(stderr, "nvgp bench: %s: %s\n", c->name, nvgp_machine_error(r.m));
            ok = false;
            break;
        }
        res->lane_instructions = nvgp_machine_lane_instructions(r.m);
        /* the steady state: the JIT's optimised code in place (its first
         * code runs while it compiles) */
        if (o->engines[e] == NVGP_ENGINE_JIT || o->engines[e] == NVGP_ENGINE_DEFAULT) {
            nvgp_machine_jit_wait(r.m);
            nvgp_machine_jit_info(r.m, &res->jit);
        }
        for (int t = 0; ok && t < 2; t++) {
            ro.threads = t ? o->threads : 1;
            double rate[MAX_REPEATS], lanes[MAX_REPEATS];
            for (int k = 0; ok && k < o->repeats; k++) {
                double t0 = bench_now();
                ok = nvgp_machine_run(r.m, &ro, NULL) == NVGP_OK;
                double dt = bench_now() - t0;
                if (dt <= 0)
                    dt = 1e-9;
                rate[k] = inv / dt / 1e6;
                lanes[k] = (double)nvgp_machine_lane_instructions(r.m) / dt;
            }
            res->nvgp_e[e][t] = summarize(rate, o->repeats);
            res->lanes_e[e][t] = summarize(lanes, o->repeats);
        }
    }
    if (ok && c->mesa)
        ok = bench_draws(o, c, r.prog, inv, res);
    /* the span kernels the draws had made (the program's code is shared) */
    if (ok && res->jit.regions)
        nvgp_machine_jit_info(r.m, &res->jit);
    res->ran = ok;
    nvgp_runner_free(&r);
    return ok;
}

/* ---- Mesa ------------------------------------------------------------------ */

/* One timed harness run: fragment invocations/s in Minv/s, or < 0. */
static double mesa_once(const options *o, const mesa_config *mc, const char *fp, uint32_t width,
                        uint32_t height)
{
    char cmd[8192];
    char threads[32] = "";
    if (!strcmp(mc->driver, "llvmpipe"))
        snprintf(threads, sizeof threads, "LP_NUM_THREADS=%u", mc->threads ? 1u : o->threads);
    int n = snprintf(cmd, sizeof cmd,
                     "env GALLIUM_DRIVER=%s %s '%s' --quiet --fp '%s' --local 0:0.5,0.25,0.125,1 "
                     "--size %ux%u --bench %d 2>/dev/null",
                     mc->driver, threads, o->harness, fp, width, height, mc->draws);
    if (n < 0 || n >= (int)sizeof cmd || strchr(o->harness, '\'') || strchr(fp, '\''))
        return -1;
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[1024];
    double rate = -1;
    while (fgets(line, sizeof line, p)) {
        const char *k = strstr(line, "fragment invocations/s=");
        if (k)
            rate = strtod(k + strlen("fragment invocations/s="), NULL) / 1e6;
    }
    if (pclose(p) != 0)
        return -1;
    return rate;
}

static void bench_mesa(const options *o, const bench_case *c, case_result *res)
{
    char job[4096], fp[4096];
    snprintf(job, sizeof job, "%s/%s", o->dir, c->job);
    /* the job's program: NAME.json runs NAME.fp */
    size_t l = strlen(c->job);
    if (l < 5 || snprintf(fp, sizeof fp, "%s/%.*s.fp", o->dir, (int)(l - 5), c->job) >= (int)sizeof fp)
        return;
    char *abs = realpath(fp, NULL);
    if (!abs)
        return;
    uint32_t width = 1024, height = res->invocations / 1024;
    for (int k = 0; k < MESA_COUNT; k++) {
        double rate[MAX_REPEATS];
        int got = 0;
        for (int r = 0; r < o->repeats; r++) {
            double v = mesa_once(o, &mesa_configs[k], abs, width, height);
            if (v > 0)
                rate[got++] = v;
        }
        res->has_mesa[k] = got > 0;
        res->mesa[k] = summarize(rate, got);
    }
    free(abs);
}

/* ---- output --------------------------------------------------------------- */

/* "ratios (what): a softpipe (1t), b llvmpipe (1t), c llvmpipe (all)" of
 * nvgp's 1-thread and all-thread medians over Mesa's. */
static void print_ratios(const options *o, const case_result *r, const char *what,
                         const stats nv[2])
{
    printf("%-12s ratios (%s): %.2fx softpipe (1t), %.3fx llvmpipe (1t), %.3fx llvmpipe (%ut)\n",
           "", what, nv[0].median / r->mesa[0].median, nv[0].median / r->mesa[1].median,
           nv[1].median / r->mesa[2].median, o->threads);
}

static void print_table(const options *o, const case_result *res, size_t n)
{
    printf("nvgp bench: median of %d runs [min .. max]; nvgp: invocations alone, and for Mesa's\n"
           "programs whole draws (\"draw\": the quad through nvgp's pipeline, Mpixels/s);\n"
           "Mesa: 1024-wide full-screen quad, rasterisation and framebuffer writes included\n\n",
           o->repeats);
    printf("%-12s %-14s %9s %24s %14s\n", "program", "engine", "invoc.", "Minvocations/s",
           "G lane-instr/s");
    for (size_t i = 0; i < n; i++) {
        const case_result *r = &res[i];
        if (!r->ran) {
            printf("%-12s failed\n", r->c->name);
            continue;
        }
        for (int e = 0; e < o->num_engines; e++)
            for (int t = 0; t < 2; t++) {
                char eng[32];
                snprintf(eng, sizeof eng, "%s %ut", engine_name(o->engines[e]),
                         t ? o->threads : 1u);
                printf("%-12s %-14s %9u %9.2f [%6.2f ..%6.2f] %14.3f\n", e + t ? "" : r->c->name,
                       eng, r->invocations, r->nvgp_e[e][t].median, r->nvgp_e[e][t].min,
                       r->nvgp_e[e][t].max, r->lanes_e[e][t].median / 1e9);
            }
        if (r->jit.regions)
            printf("%-12s jit: %u regions (%u with control flow), %u instructions compiled in "
                   "%.2f ms (%.2f ms CPU), optimised in %.2f ms (%.2f ms CPU) more%s\n",
                   "", r->jit.regions, r->jit.flow_regions, r->jit.instructions,
                   r->jit.compile_ms, r->jit.compile_cpu_ms, r->jit.optimized_ms,
                   r->jit.optimized_cpu_ms, r->jit.optimized ? "" : " (not in use)");
        for (int k = 0; k < MESA_COUNT; k++) {
            if (!r->has_mesa[k])
                continue;
            char eng[32];
            snprintf(eng, sizeof eng, "%s %ut", mesa_configs[k].driver,
                     mesa_configs[k].threads ? 1u : o->threads);
            printf("%-12s %-14s %9u %9.2f [%6.2f ..%6.2f]\n", "", eng, r->invocations,
                   r->mesa[k].median, r->mesa[k].min, r->mesa[k].max);
        }
        for (int e = 0; r->has_draw && e < o->num_engines; e++)
            for (int t = 0; t < 2; t++) {
                char eng[32];
                snprintf(eng, sizeof eng, "draw %s %ut", engine_name(o->engines[e]),
                         t ? o->threads : 1u);
                printf("%-12s %-14s %9u %9.2f [%6.2f ..%6.2f]\n", "", eng,
                       r->draw_w * r->draw_h, r->draw_e[e][t].median, r->draw_e[e][t].min,
                       r->draw_e[e][t].max);
            }
        if (r->has_draw && r->jit.span_kernels)
            printf("%-12s draws: %u span kernel%s, compiled in %.2f ms at the first draw\n", "",
                   r->jit.span_kernels, r->jit.span_kernels == 1 ? "" : "s", r->jit.span_ms);
        if (r->has_mesa[0] && r->has_mesa[1] && r->has_mesa[2]) {
            char what[64];
            snprintf(what, sizeof what, "%s, invocations alone", engine_name(o->engines[0]));
            print_ratios(o, r, what, r->nvgp);
            for (int e = 0; r->has_draw && e < o->num_engines; e++) {
                snprintf(what, sizeof what, "%s, whole draws", engine_name(o->engines[e]));
                print_ratios(o, r, what, r->draw_e[e]);
            }
        }
    }
}

static void json_stats(FILE *f, const char *key, stats s, double scale)
{
    fprintf(f, "\"%s\": {\"median\": %.6g, \"min\": %.6g, \"max\": %.6g}", key, s.median * scale,
            s.min * scale, s.max * scale);
}

static void json_escape(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static bool write_json(const options *o, const case_result *res, size_t n)
{
    FILE *f = fopen(o->json_path, "w");
    if (!f) {
        fprintf(stderr, "nvgp bench: %s: %s\n", o->json_path, strerror(errno));
        return false;
    }
    fprintf(f, "{\"repeats\": %d, \"threads_all\": %u,\n \"note\": \"nvgp: invocations alone "
               "(nvgp), and whole draws of Mesa's quad through nvgp's pipeline (draws); "
               "Mesa: full-screen quad 1024 wide, rasterisation and framebuffer writes included; "
               "rates in Minvocations/s (Mpixels/s for draws), lane_instructions_per_s in "
               "1/s\",\n \"programs\": [",
            o->repeats, o->threads);
    for (size_t i = 0; i < n; i++) {
        const case_result *r = &res[i];
        fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
        json_escape(f, r->c->name);
        fputs(", \"stresses\": ", f);
        json_escape(f, r->c->stresses);
        fprintf(f, ", \"ran\": %s, \"invocations\": %u, \"lane_instructions\": %llu,\n   \"nvgp\": [",
                r->ran ? "true" : "false", r->invocations, (unsigned long long)r->lane_instructions);
        for (int e = 0; r->ran && e < o->num_engines; e++)
            for (int t = 0; t < 2; t++) {
                fprintf(f, "%s{\"engine\": \"%s\", \"threads\": %u, ", e + t ? ", " : "",
                        engine_name(o->engines[e]), t ? o->threads : 1u);
                json_stats(f, "minvocations_per_s", r->nvgp_e[e][t], 1);
                fputs(", ", f);
                json_stats(f, "lane_instructions_per_s", r->lanes_e[e][t], 1);
                fputc('}', f);
            }
        fputs("]", f);
        if (r->jit.regions)
            fprintf(f, ",\n   \"jit\": {\"regions\": %u, \"flow_regions\": %u, "
                       "\"instructions\": %u, \"compile_ms\": %.4g, \"compile_cpu_ms\": %.4g, "
                       "\"optimized_ms\": %.4g, \"optimized_cpu_ms\": %.4g, \"optimized\": %s, "
                       "\"span_kernels\": %u, \"span_ms\": %.4g}",
                    r->jit.regions, r->jit.flow_regions, r->jit.instructions, r->jit.compile_ms,
                    r->jit.compile_cpu_ms, r->jit.optimized_ms, r->jit.optimized_cpu_ms,
                    r->jit.optimized ? "true" : "false", r->jit.span_kernels, r->jit.span_ms);
        for (int e = 0; r->has_draw && e < o->num_engines; e++)
            for (int t = 0; t < 2; t++) {
                fprintf(f, "%s{\"engine\": \"%s\", \"threads\": %u, \"width\": %u, "
                           "\"height\": %u, ",
                        e + t ? ", " : ",\n   \"draws\": [", engine_name(o->engines[e]),
                        t ? o->threads : 1u, r->draw_w, r->draw_h);
                json_stats(f, "mpixels_per_s", r->draw_e[e][t], 1);
                fputs(e == o->num_engines - 1 && t == 1 ? "}]" : "}", f);
            }
        bool any = false;
        for (int k = 0; k < MESA_COUNT; k++) {
            if (!r->has_mesa[k])
                continue;
            fprintf(f, "%s\"%s\": {\"threads\": %u, ", any ? ", " : ",\n   \"mesa\": {",
                    mesa_configs[k].key, mesa_configs[k].threads ? 1u : o->threads);
            json_stats(f, "minvocations_per_s", r->mesa[k], 1);
            fputc('}', f);
            any = true;
        }
        if (any)
            fputc('}', f);
        if (r->ran && r->has_mesa[0] && r->has_mesa[1] && r->has_mesa[2])
            fprintf(f, ",\n   \"ratios\": {\"softpipe_1t\": %.4g, \"softpipe_all\": %.4g, "
                       "\"llvmpipe_1t\": %.4g, \"llvmpipe_all\": %.4g}",
                    r->nvgp[0].median / r->mesa[0].median, r->nvgp[1].median / r->mesa[0].median,
                    r->nvgp[0].median / r->mesa[1].median, r->nvgp[1].median / r->mesa[2].median);
        if (r->ran && r->has_draw && r->has_mesa[0] && r->has_mesa[1] && r->has_mesa[2])
            fprintf(f, ",\n   \"draw_ratios\": {\"engine\": \"%s\", \"softpipe_1t\": %.4g, "
                       "\"softpipe_all\": %.4g, \"llvmpipe_1t\": %.4g, \"llvmpipe_all\": %.4g}",
                    engine_name(o->engines[0]), r->draw_e[0][0].median / r->mesa[0].median,
                    r->draw_e[0][1].median / r->mesa[0].median,
                    r->draw_e[0][0].median / r->mesa[1].median,
                    r->draw_e[0][1].median / r->mesa[2].median);
        fputc('}', f);
    }
    fputs("\n]}\n", f);
    return fclose(f) == 0;
}

/* Tab-separated ratios for plotting: program, then nvgp / softpipe (1
 * thread), nvgp / llvmpipe (1 thread), nvgp / llvmpipe (all threads), for
 * invocations alone and then for whole draws (the first engine's). */
static bool write_ratios(const options *o, const case_result *res, size_t n)
{
    FILE *f = fopen(o->ratios_path, "w");
    if (!f) {
        fprintf(stderr, "nvgp bench: %s: %s\n", o->ratios_path, strerror(errno));
        return false;
    }
    fprintf(f, "program\tsoftpipe_1t\tllvmpipe_1t\tllvmpipe_%ut\tdraw_softpipe_1t\t"
               "draw_llvmpipe_1t\tdraw_llvmpipe_%ut\n", o->threads, o->threads);
    for (size_t i = 0; i < n; i++) {
        const case_result *r = &res[i];
        if (!(r->ran && r->has_mesa[0] && r->has_mesa[1] && r->has_mesa[2]))
            continue;
        fprintf(f, "%s\t%.4g\t%.4g\t%.4g", r->c->name, r->nvgp[0].median / r->mesa[0].median,
                r->nvgp[0].median / r->mesa[1].median, r->nvgp[1].median / r->mesa[2].median);
        if (r->has_draw)
            fprintf(f, "\t%.4g\t%.4g\t%.4g\n", r->draw_e[0][0].median / r->mesa[0].median,
                    r->draw_e[0][0].median / r->mesa[1].median,
                    r->draw_e[0][1].median / r->mesa[2].median);
        else
            fputs("\t\t\t\n", f);
    }
    return fclose(f) == 0;
}

static bool number_arg(const char *opt, const char *v, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double d = v ? strtod(v, &end) : 0;
    if (!v || end == v || *end || errno || !(d >= lo && d <= hi)) {
        fprintf(stderr, "nvgp bench: %s needs a number from %g to %g\n%s", opt, lo, hi, usage_line);
        return false;
    }
    *out = d;
    return true;
}

int nvgp_cmd_bench(int argc, char **argv)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    options o = {"bench/programs", NULL, NULL, getenv("NVGP_MESA_ORACLE"), 5,
                 cpus > 0 ? (unsigned)cpus : 1u, 1.0, {NVGP_ENGINE_JIT, NVGP_ENGINE_FAST}, 2};
    const char *names[CASE_COUNT];
    size_t num_names = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        double d;
        if (!strcmp(a, "--dir") || !strcmp(a, "--json") || !strcmp(a, "--ratios") ||
            !strcmp(a, "--mesa-oracle")) {
            if (!v) {
                fprintf(stderr, "nvgp bench: %s needs a value\n%s", a, usage_line);
                return BENCH_USAGE;
            }
            *(a[2] == 'd' ? &o.dir : a[2] == 'j' ? &o.json_path : a[2] == 'r' ? &o.ratios_path
                                                                               : &o.harness) = v;
            i++;
        } else if (!strcmp(a, "--repeats")) {
            if (!number_arg(a, v, 1, MAX_REPEATS, &d))
                return BENCH_USAGE;
            o.repeats = (int)d;
            i++;
        } else if (!strcmp(a, "--threads")) {
            if (!number_arg(a, v, 1, 256, &d))
                return BENCH_USAGE;
            o.threads = (unsigned)d;
            i++;
        } else if (!strcmp(a, "--engine")) {
            if (v && (!strcmp(v, "jit") || !strcmp(v, "fast") || !strcmp(v, "reference"))) {
                o.engines[0] = !strcmp(v, "jit")    ? NVGP_ENGINE_JIT
                               : !strcmp(v, "fast") ? NVGP_ENGINE_FAST
                                                    : NVGP_ENGINE_REFERENCE;
                o.num_engines = 1;
            } else {
                fprintf(stderr, "nvgp bench: --engine takes jit, fast or reference\n%s",
                        usage_line);
                return BENCH_USAGE;
            }
            i++;
        } else if (!strcmp(a, "--scale")) {
            if (!number_arg(a, v, 1e-3, 16, &d))
                return BENCH_USAGE;
            o.scale = d;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "nvgp bench: unknown option '%s'\n%s", a, usage_line);
            return BENCH_USAGE;
        } else {
            size_t k = 0;
            while (k < CASE_COUNT && strcmp(cases[k].name, a))
                k++;
            if (k == CASE_COUNT || num_names == CASE_COUNT) {
                fprintf(stderr, "nvgp bench: unknown program '%s'; programs:", a);
                for (size_t j = 0; j < CASE_COUNT; j++)
                    fprintf(stderr, " %s", cases[j].name);
                fputc('\n', stderr);
                return BENCH_USAGE;
            }
            names[num_names++] = a;
        }
    }
    if (o.harness && access(o.harness, X_OK) != 0) {
        fprintf(stderr, "nvgp bench: %s: not an executable harness; Mesa not measured\n", o.harness);
        o.harness = NULL;
    }
    case_result res[CASE_COUNT];
    memset(res, 0, sizeof res);
    size_t n = 0;
    bool ok = true;
    for (size_t k = 0; k < CASE_COUNT; k++) {
        bool wanted = num_names == 0;
        for (size_t j = 0; j < num_names; j++)
            wanted = wanted || !strcmp(names[j], cases[k].name);
        if (!wanted)
            continue;
        case_result *r = &res[n++];
        r->c = &cases[k];
        fprintf(stderr, "nvgp bench: %s ...\n", cases[k].name);
        ok = bench_nvgp(&o, &cases[k], r) && ok;
        if (r->ran && cases[k].mesa && o.harness)
            bench_mesa(&o, &cases[k], r);
    }
    print_table(&o, res, n);
    if (o.json_path && !write_json(&o, res, n))
        return BENCH_USAGE;
    if (o.ratios_path && !write_ratios(&o, res, n))
        return BENCH_USAGE;
    return ok ? BENCH_OK : BENCH_FAILED;
}
