/* libFuzzer target for the executor and the job glue, as `nvgp run` uses
 * them.  An input is a program and a job separated by one NUL byte:
 *
 *   <TGSI text or NV/ARB assembly> \0 <job JSON object, without "program">
 *
 * (no NUL: the whole input is the program, run with a default job).  The
 * program goes through the library's front door (nvgp_program_create: the
 * assembler or TGSI reader and the checker, as `nvgp run` loads it) onto a
 * machine (nvgp.h); the job is parsed by tools/job.c with the program
 * spliced in, given to three machines by tools/job_bind.c and run with a
 * small instruction budget, once on each engine (nvgp_run_options.engine):
 * the reference handlers, the fast engine and the JIT (the fast engine
 * again in a build without it).  When the fast engine's or the JIT's
 * results differ from the reference handlers' in any way
 * tests/exec/test_exec_engines.c checks (tests/exec/engine_compare.c) the
 * target aborts; otherwise the fast run's results are printed.  When
 * the job does not fit the program (a name it lacks, a binding out of
 * range), each binding is still made on its own, ignoring refusals, so the
 * program runs anyway.
 * Every IMAGE the program declares gets a small image.
 *
 * Nothing may crash, leak, trip a sanitizer or take long: sizes the job
 * asks for are limited here (not in the parser, which allows large jobs)
 * so that one input costs well under a second. */
#include "job.h"
#include "job_bind.h"
#include "nvgp.h"
#include "engine_compare.h"

#include "api/program.h"
#include "tgsi/tgsi_names.h"

#include <json-c/json.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    FUZZ_BUDGET = 20000,        /* instructions per invocation */
    FUZZ_MAX_THREADS = 256,     /* threads a run may have */
    FUZZ_MAX_TEXELS = 1 << 16,  /* per texture level 0 */
};

/* Numeric job fields that size allocations or work, and their largest
 * value accepted here. */
static const struct { const char *key; int64_t max; } limits[] = {
    { "invocations", 256 }, { "vertices", 32 }, { "width", 256 }, { "height", 256 },
    { "depth", 64 }, { "layers", 64 }, { "samples", 8 }, { "levels", 16 },
    { "size", 1 << 16 }, { "shared_size", 1 << 16 }, { "private_size", 1 << 12 },
};

static bool value_ok(json_object *v, int64_t max)
{
    if (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))
        return json_object_get_double(v) <= (double)max;
    return !json_object_is_type(v, json_type_string); /* "0x..." could be anything */
}

/* True when no limited field exceeds its limit and no texture is large. */
static bool job_small(json_object *o, int depth)
{
    if (depth > 64)
        return false;
    if (json_object_is_type(o, json_type_array)) {
        size_t n = json_object_array_length(o);
        for (size_t i = 0; i < n; i++)
            if (!job_small(json_object_array_get_idx(o, i), depth + 1))
                return false;
        return true;
    }
    if (!json_object_is_type(o, json_type_object))
        return true;
    double texels = 1;
    json_object_object_foreach(o, key, val) {
        for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
            if (strcmp(key, limits[i].key))
                continue;
            if (!value_ok(val, limits[i].max))
                return false;
            if (strcmp(key, "width") && strcmp(key, "height") && strcmp(key, "depth") &&
                strcmp(key, "layers") && strcmp(key, "samples"))
                continue;
            if (json_object_is_type(val, json_type_int))
                texels *= (double)json_object_get_int64(val);
        }
        if (!strcmp(key, "grid") || !strcmp(key, "block")) {
            /* three small counts; the thread total is checked after binding */
            if (!json_object_is_type(val, json_type_array))
                continue;
            for (size_t i = 0; i < json_object_array_length(val); i++)
                if (!value_ok(json_object_array_get_idx(val, i), 1024))
                    return false;
        }
        if (!job_small(val, depth + 1))
            return false;
    }
    return texels <= FUZZ_MAX_TEXELS;
}

/* The job text with "program": {"text": ""} added as its first member, so
 * the parser accepts it; the program itself is set after parsing. */
static char *splice_program(const char *job, size_t len)
{
    static const char head[] = "{\"program\": {\"text\": \"\"}, ";
    size_t i = 0;
    while (i < len && (job[i] == ' ' || job[i] == '\n' || job[i] == '\t' || job[i] == '\r'))
        i++;
    if (i == len || job[i] != '{')
        return NULL;
    i++;
    size_t j = i;
    while (j < len && (job[j] == ' ' || job[j] == '\n' || job[j] == '\t' || job[j] == '\r'))
        j++;
    bool empty = j < len && job[j] == '}';
    char *s = malloc(sizeof head + (len - i) + 1);
    if (!s)
        return NULL;
    size_t n = sizeof head - 1;
    memcpy(s, head, n);
    if (empty)
        n -= 2; /* drop ", " before the closing brace */
    memcpy(s + n, job + i, len - i);
    s[n + len - i] = '\0';
    return s;
}

static uint32_t property(const tgsi_program *p, unsigned name, uint32_t dflt)
{
    for (uint32_t i = 0; i < p->num_properties; i++)
        if (p->properties[i].name == name && p->properties[i].num_data)
            return p->properties[i].data[0];
    return dflt;
}

/* Threads the run will have (an upper estimate). */
static uint64_t thread_count(const tgsi_program *p, const nvgp_job *job)
{
    uint64_t inv = job->invocations;
    switch (p->processor) {
    case TGSI_PROCESSOR_GEOMETRY:
        return inv * property(p, TGSI_PROPERTY_GS_INVOCATIONS, 1);
    case TGSI_PROCESSOR_TESS_CTRL:
        return inv * property(p, TGSI_PROPERTY_TCS_VERTICES_OUT, 1);
    case TGSI_PROCESSOR_COMPUTE: {
        uint64_t n = 1;
        for (int i = 0; i < 3; i++) {
            n *= job->has_grid ? job->grid[i] : 1;
            n *= job->has_block ? job->block[i]
                                : property(p, TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH + i, 1);
        }
        return n;
    }
    default:
        return inv;
    }
}

/* A 4x4x2 image for every declared IMAGE, in its declared format (or
 * R32G32B32A32_UINT when machines do not take that one). */
static void bind_images(const tgsi_program *p, nvgp_machine *m)
{
    static uint32_t texels[4 * 4 * 2 * 4];
    if (!texels[1])
        for (uint32_t i = 0; i < sizeof texels / sizeof texels[0]; i++)
            texels[i] = i * 0x01010101u + 1;
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file != TGSI_FILE_IMAGE)
            continue;
        for (int32_t r = d->first; r <= d->last && r - d->first < 8; r++) {
            char name[32];
            snprintf(name, sizeof name, "IMAGE[%d]", r);
            const char *format = nvgp_tgsi_name(TGSI_NAMES_FORMAT, d->image_format);
            nvgp_image_desc img = { (nvgp_texture_target)d->resource_target,
                                    format ? format : "", 4, 4, 2 };
            if (nvgp_machine_set_image(m, name, &img, texels) != NVGP_OK) {
                img.format = "R32G32B32A32_UINT";
                nvgp_machine_set_image(m, name, &img, texels);
            }
        }
    }
}

static nvgp_vec4 vec4_of(const uint32_t w[4])
{
    nvgp_vec4 v;
    memcpy(v.u, w, sizeof v.u);
    return v;
}

/* Each binding on its own, refusals ignored (the job did not fit). */
static void bind_leniently(const nvgp_job *job, nvgp_machine *m)
{
    nvgp_machine_set_invocations(m, job->invocations, job->vertices);
    if (job->has_grid || job->has_block)
        nvgp_machine_set_grid(m, job->has_grid ? job->grid : NULL,
                              job->has_block ? job->block : NULL);
    for (size_t i = 0; i < job->num_inputs; i++) {
        const nvgp_job_binding *b = &job->inputs[i];
        for (uint32_t k = 0; k < b->count; k++) {
            nvgp_vec4 v = vec4_of(b->values[k]);
            nvgp_machine_set_input(m, b->name, b->list ? k : NVGP_ALL, &v);
        }
    }
    for (size_t i = 0; i < job->num_params; i++) {
        const nvgp_job_binding *b = &job->params[i];
        for (uint32_t k = 0; k < b->count; k++) {
            nvgp_vec4 v = vec4_of(b->values[k]);
            if (nvgp_machine_set_parameters(m, b->name, &v, 1) != NVGP_OK)
                break;
        }
    }
    for (size_t i = 0; i < job->num_framebuffer; i++) {
        const nvgp_job_binding *b = &job->framebuffer[i];
        for (uint32_t k = 0; k < b->count; k++) {
            nvgp_vec4 v = vec4_of(b->values[k]);
            nvgp_machine_set_framebuffer(m, b->name, b->list ? k : NVGP_ALL, &v);
        }
    }
    for (size_t i = 0; i < job->num_buffers; i++) {
        char name[32];
        snprintf(name, sizeof name, "BUFFER[%u]", (unsigned)job->buffers[i].address);
        nvgp_machine_set_buffer(m, job->buffers[i].key ? job->buffers[i].key : name,
                                job->buffers[i].data, job->buffers[i].bytes);
    }
    for (size_t i = 0; i < job->num_memory; i++)
        nvgp_machine_add_memory(m, job->memory[i].address, job->memory[i].data,
                                job->memory[i].bytes, NULL);
    for (size_t i = 0; i < job->num_textures; i++)
        nvgp_machine_set_texture(m, job->textures[i].unit, nvgp_job_texture_object(job, i));
    for (size_t i = 0; i < job->num_helpers; i++)
        nvgp_machine_set_helper(m, job->helpers[i], true);
}

/* FUZZ_EXEC_VERBOSE=1 prints what happened to each input (for looking at
 * one input: ./fuzz_exec FILE). */
static bool verbose(void)
{
    static int v = -1;
    if (v < 0)
        v = getenv("FUZZ_EXEC_VERBOSE") != NULL;
    return v;
}

/* Binds the job to m and runs it on one engine; false when the job is too
 * large to run here. */
static bool run_job(nvgp_job *job, const nvgp_program *prog, nvgp_machine *m,
                    nvgp_engine engine, nvgp_status *st)
{
    const tgsi_program *tp = nvgp_program_tgsi(prog);
    if (job->invocations > FUZZ_MAX_THREADS || thread_count(tp, job) > FUZZ_MAX_THREADS)
        return false;
    char *err = NULL;
    bool bound = nvgp_job_bind(job, "fuzz", m, &err);
    if (verbose() && err && engine == NVGP_ENGINE_FAST)
        fprintf(stderr, "fuzz_exec: %s (binding leniently)\n", err);
    free(err);
    if (!bound)
        bind_leniently(job, m);
    bind_images(tp, m);
    nvgp_run_options o;
    nvgp_job_run_options(job, &o);
    o.budget = FUZZ_BUDGET;
    o.threads = 1;
    o.engine = engine;
    if (o.shared_size > (1u << 16))
        o.shared_size = 1u << 16;
    *st = nvgp_machine_run(m, &o, NULL);
    return true;
}

/* Whether machine a (of engine name) left what the reference machine ref
 * left; a difference aborts, so that libFuzzer reports the input. */
static void check_same(const char *name, nvgp_machine *a, nvgp_status sa, nvgp_machine *ref,
                       nvgp_status sr)
{
    char why[256];
    bool same = true;
    if (sa != sr || strcmp(nvgp_machine_error(a), nvgp_machine_error(ref))) {
        snprintf(why, sizeof why, "status %d '%s' and %d '%s'", sa, nvgp_machine_error(a), sr,
                 nvgp_machine_error(ref));
        same = false;
    } else if (sa == NVGP_OK) {
        same = engine_same_results(nvgp_machine_exec(a), nvgp_machine_exec(ref), why,
                                   sizeof why);
    }
    if (!same) {
        fprintf(stderr, "fuzz_exec: the %s engine and the reference differ: %s\n", name, why);
        abort();
    }
}

/* The job on every engine, which must agree (docs/decoded-stream.md,
 * docs/jit.md).  The fast machine's results are then printed as `nvgp run`
 * prints them. */
static void run_all(nvgp_job *job, const nvgp_program *prog, nvgp_machine *fast,
                    nvgp_machine *ref, nvgp_machine *jit)
{
    nvgp_status sf, sr, sj;
    if (!run_job(job, prog, fast, NVGP_ENGINE_FAST, &sf) ||
        !run_job(job, prog, ref, NVGP_ENGINE_REFERENCE, &sr) ||
        !run_job(job, prog, jit, NVGP_ENGINE_JIT, &sj))
        return;
    if (verbose())
        fprintf(stderr, "fuzz_exec: %u threads, run: %s\n", nvgp_machine_num_threads(fast),
                sf == NVGP_OK ? "ok" : nvgp_machine_error(fast));
    check_same("fast", fast, sf, ref, sr);
    check_same("jit", jit, sj, ref, sr);
    if (sf != NVGP_OK)
        return;
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    char *err = NULL;
    nvgp_job_collect(job, "fuzz", prog, fast, &out, &err);
    if (verbose())
        fprintf(stderr, "%s%s", out.data ? out.data : "", err ? err : "");
    free(err);
    nvgp_strbuf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char default_job[] = "{\"invocations\": 8}";
    const char *src = (const char *)data;
    const char *nul = memchr(src, '\0', size);
    size_t prog_len = nul ? (size_t)(nul - src) : size;
    const char *job_src = nul ? nul + 1 : default_job;
    size_t job_len = nul ? size - prog_len - 1 : sizeof default_job - 1;

    /* The job first: it is cheap to refuse. */
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, job_src, (int)job_len) : NULL;
    bool small = root && json_tokener_get_error(tok) == json_tokener_success &&
                 job_small(root, 0);
    json_object_put(root);
    json_tokener_free(tok);
    if (!small) {
        if (verbose())
            fputs("fuzz_exec: the job is not JSON or too large\n", stderr);
        return 0;
    }
    char *job_text = splice_program(job_src, job_len);
    if (!job_text)
        return 0;
    char *err = NULL;
    nvgp_job *job = nvgp_job_parse(job_text, strlen(job_text), "fuzz", NULL, &err);
    free(job_text);
    if (!job) {
        if (verbose())
            fprintf(stderr, "fuzz_exec: job refused: %s\n", err ? err : "?");
        free(err);
        return 0;
    }
    free(err);

    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create("fuzz", src, prog_len, &diag);
    nvgp_machine *m = NULL, *ref = NULL, *jit = NULL;
    if (prog && nvgp_machine_create(prog, &m, diag) == NVGP_OK) {
        nvgp_machine_create(prog, &ref, NULL);
        nvgp_machine_create(prog, &jit, NULL);
    }
    if (verbose() && !m) {
        fprintf(stderr, "fuzz_exec: the program does not %s\n", prog ? "run" : "load");
        if (diag)
            nvgp_diag_print(diag, stderr);
    }
    if (m && ref && jit)
        run_all(job, prog, m, ref, jit);
    nvgp_machine_destroy(m);
    nvgp_machine_destroy(ref);
    nvgp_machine_destroy(jit);
    nvgp_program_destroy(prog);
    nvgp_diag_destroy(diag);
    nvgp_job_destroy(job);
    return 0;
}
