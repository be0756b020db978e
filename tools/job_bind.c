/* Binding a job to the executor and collecting its results (job_bind.h). */
#include "job_bind.h"

#include "tgsi/tgsi_names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool NVGP_PRINTF(3, 4) bind_fail(char **error, const char *job_name, const char *fmt,
                                         ...)
{
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_strbuf_printf(&s, "%s: ", job_name);
    va_list ap;
    va_start(ap, fmt);
    nvgp_strbuf_vprintf(&s, fmt, ap);
    va_end(ap);
    *error = nvgp_strbuf_take(&s, NULL);
    return false;
}

static const char *status_text(nvgp_exec_status st)
{
    switch (st) {
    case NVGP_EXEC_OK: return "ok";
    case NVGP_EXEC_ERROR_BINDING: return "out of the machine's range";
    case NVGP_EXEC_ERROR_NOMEM: return "out of memory";
    default: return "refused by the executor";
    }
}

/* Whether a TGSI program declares the register a name resolved to: a TGSI
 * job names only what its program declares, as an NV job names only what
 * the translation's map holds. */
static bool declared(const tgsi_program *prog, const nvgp_job_reg *r)
{
    for (uint32_t i = 0; i < prog->num_declarations; i++) {
        const tgsi_declaration *d = &prog->declarations[i];
        if (d->file != r->file || r->index < d->first || r->index > d->last)
            continue;
        if (r->file != TGSI_FILE_CONSTANT)
            return true;   /* IN[v][n]: any vertex of a declared input */
        int32_t buffer = d->has_dimension ? d->dimension : 0;
        if (buffer == (r->dim < 0 ? 0 : r->dim))
            return true;
    }
    return false;
}

bool nvgp_job_resolve_tgsi(void *ctx, const char *name, nvgp_job_reg *reg)
{
    const tgsi_program *prog = ctx;
    return nvgp_job_tgsi_name(name, reg) && (!prog || declared(prog, reg));
}

static bool resolve(const nvgp_job_names *names, const char *name, nvgp_job_reg *reg)
{
    reg->component = -1;   /* a resolver that knows no components leaves it */
    bool found = names && names->resolve ? names->resolve(names->ctx, name, reg)
                                         : nvgp_job_tgsi_name(name, reg);
    if (reg->component < -1 || reg->component > 3)
        reg->component = -1;
    return found;
}

/* The BUFFER or IMAGE register (file) a "buffers" / "images" key names:
 * the number itself, or what the binding name resolves to. */
static bool resource_index(const nvgp_job_names *names, const char *key, uint32_t number,
                           uint8_t file, uint32_t *index)
{
    if (!key) {
        *index = number;
        return true;
    }
    nvgp_job_reg r;
    if (!resolve(names, key, &r) || r.file != file || r.index < 0)
        return false;
    *index = (uint32_t)r.index;
    return true;
}

/* The semantic of SV[index]: from the declaration that covers it. */
static const tgsi_declaration *sv_decl(const tgsi_program *prog, int32_t index)
{
    for (uint32_t i = 0; i < prog->num_declarations; i++) {
        const tgsi_declaration *d = &prog->declarations[i];
        if (d->file == TGSI_FILE_SYSTEM_VALUE && d->has_semantic && index >= d->first &&
            index <= d->last)
            return d;
    }
    return NULL;
}

static bool bind_input(const nvgp_job *job, const char *jn, const tgsi_program *prog,
                       nvgp_exec *m, const nvgp_job_names *names, const nvgp_job_binding *b,
                       char **error)
{
    nvgp_job_reg r;
    if (!resolve(names, b->name, &r))
        return bind_fail(error, jn, "inputs[\"%s\"]: the program has no such input", b->name);
    if (r.file == TGSI_FILE_SYSTEM_VALUE) {
        const tgsi_declaration *d = sv_decl(prog, r.index);
        if (!d)
            return bind_fail(error, jn, "inputs[\"%s\"]: no system value is declared there",
                             b->name);
        uint32_t si = d->semantic_index + (uint32_t)(r.index - d->first);
        for (uint32_t i = 0; i < b->count; i++) {
            uint32_t thread = b->list ? i : NVGP_EXEC_ALL;
            tgsi_semantic sem = (tgsi_semantic)d->semantic_name;
            /* a scalar binding (a tessellation level) sets its component
             * from the value's x and leaves the others to other bindings */
            nvgp_exec_status st =
                r.component >= 0
                    ? nvgp_exec_set_system_value_component(m, thread, sem, si,
                                                           (uint32_t)r.component, b->values[i][0])
                    : nvgp_exec_set_system_value(m, thread, sem, si, b->values[i]);
            if (st != NVGP_EXEC_OK)
                return bind_fail(error, jn, "inputs[\"%s\"]: %s", b->name, status_text(st));
        }
        return true;
    }
    if (r.file != TGSI_FILE_INPUT)
        return bind_fail(error, jn, "inputs[\"%s\"]: not an input of the program", b->name);
    if (r.dim >= 0 && job->vertices && (uint32_t)r.dim >= job->vertices)
        return bind_fail(error, jn, "inputs[\"%s\"]: vertex %d, but \"vertices\" is %u",
                         b->name, r.dim, job->vertices);
    for (uint32_t i = 0; i < b->count; i++) {
        uint32_t inv = b->list ? i : NVGP_EXEC_ALL, vertex = r.dim < 0 ? 0 : (uint32_t)r.dim;
        nvgp_exec_status st =
            r.component >= 0
                ? nvgp_exec_set_input_component(m, inv, vertex, (uint32_t)r.index,
                                                (uint32_t)r.component, b->values[i][0])
                : nvgp_exec_set_input(m, inv, vertex, (uint32_t)r.index, b->values[i]);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "inputs[\"%s\"]: %s", b->name, status_text(st));
    }
    return true;
}

/* Input vertices of a geometry program's input primitive (its
 * GS_INPUT_PRIMITIVE property), used when the job does not say. */
static uint32_t gs_input_vertices(const tgsi_program *prog)
{
    static const struct { const char *prim; uint8_t vertices; } prims[] = {
        { "POINTS", 1 }, { "LINES", 2 }, { "LINE_LOOP", 2 }, { "LINE_STRIP", 2 },
        { "TRIANGLES", 3 }, { "TRIANGLE_STRIP", 3 }, { "TRIANGLE_FAN", 3 },
        { "LINES_ADJACENCY", 4 }, { "LINE_STRIP_ADJACENCY", 4 },
        { "TRIANGLES_ADJACENCY", 6 }, { "TRIANGLE_STRIP_ADJACENCY", 6 },
    };
    for (uint32_t i = 0; i < prog->num_properties; i++) {
        const tgsi_property_decl *pr = &prog->properties[i];
        if (pr->name != TGSI_PROPERTY_GS_INPUT_PRIM || !pr->num_data)
            continue;
        const char *n = nvgp_tgsi_name(TGSI_NAMES_PRIMITIVE, pr->data[0]);
        for (size_t k = 0; n && k < sizeof prims / sizeof prims[0]; k++)
            if (!strcmp(prims[k].prim, n))
                return prims[k].vertices;
    }
    return 1;
}

bool nvgp_job_bind(const nvgp_job *job, const char *jn, const tgsi_program *prog,
                   nvgp_exec *m, const nvgp_job_names *names, char **error)
{
    *error = NULL;
    nvgp_exec_status st;
    uint32_t vertices = job->vertices ? job->vertices
                      : prog->processor == TGSI_PROCESSOR_GEOMETRY ? gs_input_vertices(prog)
                      : 1;
    st = nvgp_exec_set_invocations(m, job->invocations, vertices);
    if (st != NVGP_EXEC_OK)
        return bind_fail(error, jn, "invocations: %s", status_text(st));
    if (job->has_grid || job->has_block) {
        st = nvgp_exec_set_grid(m, job->has_grid ? job->grid : NULL,
                                job->has_block ? job->block : NULL);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "compute: grid or block %s (at most 1024 threads a "
                             "block)", status_text(st));
    }
    if (job->shared_size && (st = nvgp_exec_set_shared_size(m, job->shared_size)))
        return bind_fail(error, jn, "compute.shared_size: %s", status_text(st));
    if (job->private_size && (st = nvgp_exec_set_private_size(m, job->private_size)))
        return bind_fail(error, jn, "compute.private_size: %s", status_text(st));
    if (job->budget)
        nvgp_exec_set_budget(m, job->budget);
    if (job->threads)
        nvgp_exec_set_threads(m, job->threads);

    for (size_t i = 0; i < job->num_inputs; i++)
        if (!bind_input(job, jn, prog, m, names, &job->inputs[i], error))
            return false;
    for (size_t i = 0; i < job->num_params; i++) {
        const nvgp_job_binding *b = &job->params[i];
        nvgp_job_reg r;
        if (!resolve(names, b->name, &r))
            return bind_fail(error, jn, "params[\"%s\"]: the program has no such parameter",
                             b->name);
        if (r.file != TGSI_FILE_CONSTANT)
            return bind_fail(error, jn, "params[\"%s\"]: not a parameter of the program",
                             b->name);
        st = nvgp_exec_set_constants(m, r.dim < 0 ? 0 : (uint32_t)r.dim, (uint32_t)r.index,
                                     &b->values[0][0], b->count);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "params[\"%s\"]: %s", b->name, status_text(st));
    }
    for (size_t i = 0; i < job->num_framebuffer; i++) {
        const nvgp_job_binding *b = &job->framebuffer[i];
        nvgp_job_reg r;
        if (prog->processor != TGSI_PROCESSOR_FRAGMENT)
            return bind_fail(error, jn, "framebuffer: only fragment programs read the "
                             "framebuffer");
        if (!resolve(names, b->name, &r) || r.file != TGSI_FILE_OUTPUT || r.dim >= 0)
            return bind_fail(error, jn, "framebuffer[\"%s\"]: the program has no such output",
                             b->name);
        if (r.component >= 0)
            return bind_fail(error, jn, "framebuffer[\"%s\"]: a scalar output has no "
                             "framebuffer colour", b->name);
        for (uint32_t k = 0; k < b->count; k++) {
            st = nvgp_exec_set_framebuffer(m, b->list ? k : NVGP_EXEC_ALL, (uint32_t)r.index,
                                           b->values[k]);
            if (st != NVGP_EXEC_OK)
                return bind_fail(error, jn, "framebuffer[\"%s\"]: %s", b->name,
                                 status_text(st));
        }
    }
    unsigned char seen[1024] = { 0 };   /* binding points given so far */
    for (size_t i = 0; i < job->num_buffers; i++) {
        const nvgp_job_data *d = &job->buffers[i];
        uint32_t index;
        if (!resource_index(names, d->key, (uint32_t)d->address, TGSI_FILE_BUFFER, &index))
            return bind_fail(error, jn, "buffers[\"%s\"]: the program has no such buffer",
                             d->key);
        char key[16];
        snprintf(key, sizeof key, "%u", index);
        /* "0" and "BUFFER[0]" (or an NV name of it) are one binding point */
        if (index < sizeof seen && seen[index]++)
            return bind_fail(error, jn, "buffers[\"%s\"]: BUFFER[%u] is given twice",
                             d->key ? d->key : key, index);
        st = nvgp_exec_bind_buffer(m, index, d->data, d->bytes);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "buffers[\"%s\"]: %s", d->key ? d->key : key,
                             status_text(st));
    }
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < job->num_images; i++) {
        const nvgp_job_image *im = &job->images[i];
        uint32_t index;
        if (!resource_index(names, im->key, im->index, TGSI_FILE_IMAGE, &index))
            return bind_fail(error, jn, "images[\"%s\"]: the program has no such image",
                             im->key);
        char key[16];
        snprintf(key, sizeof key, "%u", index);
        if (index < sizeof seen && seen[index]++)
            return bind_fail(error, jn, "images[\"%s\"]: IMAGE[%u] is given twice",
                             im->key ? im->key : key, index);
        nvgp_exec_image desc = { im->target, im->format, im->width, im->height, im->depth };
        st = nvgp_exec_bind_image(m, index, &desc, im->data.data);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "images[\"%s\"]: %s", im->key ? im->key : key,
                             status_text(st));
    }
    for (size_t i = 0; i < job->num_memory; i++) {
        const nvgp_job_data *d = &job->memory[i];
        uint32_t range;
        st = nvgp_exec_add_memory(m, d->address, d->data, d->bytes, &range);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "memory[%zu]: %s", i, status_text(st));
        if (range != i)
            return bind_fail(error, jn, "memory[%zu]: ranges out of order", i);
    }
    for (size_t i = 0; i < job->num_textures; i++) {
        st = nvgp_exec_bind_texture(m, job->textures[i].unit, nvgp_job_texture_object(job, i));
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "textures[\"%u\"]: %s", job->textures[i].unit,
                             status_text(st));
    }
    for (size_t i = 0; i < job->num_helpers; i++) {
        if (prog->processor != TGSI_PROCESSOR_FRAGMENT)
            return bind_fail(error, jn, "helpers: only fragment programs have helper "
                             "invocations");
        st = nvgp_exec_set_helper(m, job->helpers[i], true);
        if (st != NVGP_EXEC_OK)
            return bind_fail(error, jn, "helpers[%zu]: %s", i, status_text(st));
    }
    return true;
}

/* ---- Results ---------------------------------------------------------------------- */

typedef struct out_sel {
    const char *name;
    uint8_t type;
    int8_t component;   /* a scalar binding: this component prints as x; -1 */
    uint32_t index;
} out_sel;

/* Names of OUT[index] that the runner's callback gives (0: print it as
 * "OUT[index]"). */
static uint32_t count_output_names(const nvgp_job_names *names, uint32_t index)
{
    uint32_t k = 0;
    int32_t comp;
    while (names && names->output_name && names->output_name(names->ctx, index, k, &comp))
        k++;
    return k;
}

/* The values printed for a selected output from its register's words:
 * a scalar binding prints as [value, 0, 0, 0]. */
static void select_words(const out_sel *sel, const uint32_t reg[4], uint32_t words[4])
{
    if (sel->component < 0) {
        memcpy(words, reg, 4 * sizeof(uint32_t));
        return;
    }
    uint32_t x = reg[sel->component];
    words[0] = x;
    words[1] = words[2] = words[3] = 0;
}

/* The outputs to print: the job's list, or as f32 every name of every
 * written OUT, in register order. */
static out_sel *select_outputs(const nvgp_job *job, const char *jn, const nvgp_exec *m,
                               const nvgp_job_names *names, nvgp_arena *a, size_t *count,
                               char **error)
{
    size_t n = 0;
    uint32_t nout = nvgp_exec_num_outputs(m);
    if (job->outputs_given) {
        n = job->num_outputs;
    } else {
        for (uint32_t i = 0; i < nout; i++) {
            if (nvgp_exec_output_written(m, i)) {
                uint32_t c = count_output_names(names, i);
                n += c ? c : 1;
            }
        }
    }
    out_sel *sel = nvgp_arena_alloc(a, (n ? n : 1) * sizeof *sel);
    if (!sel) {
        bind_fail(error, jn, "out of memory");
        return NULL;
    }
    size_t k = 0;
    if (job->outputs_given) {
        for (size_t i = 0; i < n; i++) {
            nvgp_job_reg r;
            const char *name = job->outputs[i].name;
            if (!resolve(names, name, &r) || r.file != TGSI_FILE_OUTPUT) {
                bind_fail(error, jn, "outputs[\"%s\"]: the program has no such output", name);
                return NULL;
            }
            if (r.dim >= 0) {
                bind_fail(error, jn, "outputs[\"%s\"]: name the output without a vertex",
                          name);
                return NULL;
            }
            sel[k++] = (out_sel){ name, job->outputs[i].type, r.component, (uint32_t)r.index };
        }
    } else {
        for (uint32_t i = 0; i < nout && k < n; i++) {
            if (!nvgp_exec_output_written(m, i))
                continue;
            uint32_t names_here = count_output_names(names, i);
            for (uint32_t j = 0; j < names_here && k < n; j++) {
                int32_t comp = -1;
                const char *name = names->output_name(names->ctx, i, j, &comp);
                if (!name)
                    break;
                sel[k++] = (out_sel){ name, NVGP_JOB_F32,
                                      (int8_t)(comp >= 0 && comp < 4 ? comp : -1), i };
            }
            if (!names_here) {
                char buf[32];
                snprintf(buf, sizeof buf, "OUT[%u]", i);
                const char *name = nvgp_arena_strdup(a, buf);
                if (!name) {
                    bind_fail(error, jn, "out of memory");
                    return NULL;
                }
                sel[k++] = (out_sel){ name, NVGP_JOB_F32, -1, i };
            }
        }
    }
    *count = k;
    return sel;
}

/* One invocation's record, made when the result writer comes to it, so
 * that the records of 2^24 invocations are never all in memory. */
typedef struct collect_ctx {
    const nvgp_exec *m;
    const out_sel *sel;
    size_t nsel;
    uint32_t nout;
    bool frag, geom;
    uint32_t *words;             /* one emitted vertex's outputs */
    nvgp_arena scratch;          /* the current record, emptied for the next */
    bool (*flush)(void *ctx, nvgp_strbuf *out);
    void *flush_ctx;
} collect_ctx;

static bool make_invocation(void *ctx, size_t i, nvgp_job_invocation *v)
{
    collect_ctx *c = ctx;
    const nvgp_exec *m = c->m;
    uint32_t t = (uint32_t)i;
    nvgp_arena_destroy(&c->scratch);
    nvgp_arena_init(&c->scratch);
    v->killed = c->frag && nvgp_exec_killed(m, t);
    /* Killed invocations still show what they wrote before KIL; helper
     * lanes never report. */
    if (!nvgp_exec_is_helper(m, t) && c->nsel) {
        nvgp_job_value *vals = nvgp_arena_alloc(&c->scratch, c->nsel * sizeof *vals);
        if (!vals)
            return false;
        for (size_t k = 0; k < c->nsel; k++) {
            vals[k].name = c->sel[k].name;
            vals[k].type = c->sel[k].type;
            uint32_t reg[4];
            nvgp_exec_get_output(m, t, c->sel[k].index, reg);
            select_words(&c->sel[k], reg, vals[k].words);
        }
        v->values = vals;
        v->count = c->nsel;
    }
    if (!c->geom)
        return true;
    size_t total = 0;
    for (uint32_t s = 0; s < 4; s++)
        total += nvgp_exec_num_emitted(m, t, s);
    nvgp_job_vertex *vx = nvgp_arena_alloc(&c->scratch, (total ? total : 1) * sizeof *vx);
    if (!vx)
        return false;
    size_t k = 0;
    for (uint32_t s = 0; s < 4; s++) {
        uint32_t ne = nvgp_exec_num_emitted(m, t, s);
        for (uint32_t e = 0; e < ne; e++, k++) {
            uint32_t prim = 0;
            nvgp_exec_get_emitted(m, t, s, e, c->words, &prim);
            nvgp_job_value *vals =
                nvgp_arena_alloc(&c->scratch, (c->nsel ? c->nsel : 1) * sizeof *vals);
            if (!vals)
                return false;
            for (size_t q = 0; q < c->nsel; q++) {
                vals[q].name = c->sel[q].name;
                vals[q].type = c->sel[q].type;
                if (c->sel[q].index < c->nout)
                    select_words(&c->sel[q], &c->words[4 * c->sel[q].index], vals[q].words);
            }
            vx[k] = (nvgp_job_vertex){ s, prim, vals, c->nsel };
        }
    }
    v->emitted = vx;
    v->num_emitted = total;
    return true;
}

static bool pass_flush(void *ctx, nvgp_strbuf *out)
{
    collect_ctx *c = ctx;
    return c->flush(c->flush_ctx, out);
}

bool nvgp_job_collect(const nvgp_job *job, const char *jn, const tgsi_program *prog,
                      const nvgp_exec *m, const nvgp_job_names *names, nvgp_strbuf *out,
                      char **error)
{
    return nvgp_job_collect_stream(job, jn, prog, m, names, out, NULL, NULL, error);
}

bool nvgp_job_collect_stream(const nvgp_job *job, const char *jn, const tgsi_program *prog,
                             const nvgp_exec *m, const nvgp_job_names *names, nvgp_strbuf *out,
                             bool (*flush)(void *ctx, nvgp_strbuf *out), void *flush_ctx,
                             char **error)
{
    *error = NULL;
    nvgp_arena a;
    nvgp_arena_init(&a);
    collect_ctx c = { .m = m, .flush = flush, .flush_ctx = flush_ctx };
    nvgp_arena_init(&c.scratch);
    bool ok = false;
    size_t nsel = 0;
    out_sel *sel = select_outputs(job, jn, m, names, &a, &nsel, error);
    if (!sel)
        goto done;
    uint32_t threads = nvgp_exec_num_threads(m);
    c.sel = sel;
    c.nsel = nsel;
    c.nout = nvgp_exec_num_outputs(m);
    c.frag = prog->processor == TGSI_PROCESSOR_FRAGMENT;
    c.geom = prog->processor == TGSI_PROCESSOR_GEOMETRY;
    c.words = nvgp_arena_alloc(&a, ((size_t)c.nout + 1) * 4 * sizeof(uint32_t));
    if (!c.words) {
        bind_fail(error, jn, "out of memory");
        goto done;
    }

    nvgp_job_data *mem = nvgp_arena_alloc(&a, (job->num_memory + 1) * sizeof *mem);
    nvgp_job_data *buf = nvgp_arena_alloc(&a, (job->num_buffers + 1) * sizeof *buf);
    if (!mem || !buf) {
        bind_fail(error, jn, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < job->num_memory; i++) {
        uint64_t addr = 0;
        size_t bytes = 0;
        const void *data = nvgp_exec_memory(m, (uint32_t)i, &addr, &bytes);
        mem[i] = job->memory[i];
        if (data && bytes == job->memory[i].bytes)
            mem[i].data = (uint8_t *)(uintptr_t)data;
    }
    for (size_t i = 0; i < job->num_buffers; i++) {
        size_t bytes = 0;
        uint32_t index = 0;
        const void *data = NULL;
        if (resource_index(names, job->buffers[i].key, (uint32_t)job->buffers[i].address,
                           TGSI_FILE_BUFFER, &index))
            data = nvgp_exec_buffer(m, index, &bytes);
        buf[i] = job->buffers[i];
        if (data && bytes == job->buffers[i].bytes)
            buf[i].data = (uint8_t *)(uintptr_t)data;
    }
    nvgp_job_image *img = nvgp_arena_alloc(&a, (job->num_images + 1) * sizeof *img);
    if (!img) {
        bind_fail(error, jn, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < job->num_images; i++) {
        size_t bytes = 0;
        uint32_t index = 0;
        const void *data = NULL;
        if (resource_index(names, job->images[i].key, job->images[i].index, TGSI_FILE_IMAGE,
                           &index))
            data = nvgp_exec_image_data(m, index, &bytes);
        img[i] = job->images[i];
        if (data && bytes == job->images[i].data.bytes)
            img[i].data.data = (uint8_t *)(uintptr_t)data;
    }
    nvgp_job_results r = {
        .num_invocations = threads, .has_killed = c.frag,
        .has_emitted = c.geom, .memory = mem, .num_memory = job->num_memory,
        .buffers = buf, .num_buffers = job->num_buffers, .images = img,
        .num_images = job->num_images, .faults = nvgp_exec_faults(m),
        .invocation = make_invocation, .flush = flush ? pass_flush : NULL, .ctx = &c,
    };
    ok = nvgp_job_write_results(&r, out);
    if (!ok)
        bind_fail(error, jn, out->failed || !flush ? "out of memory"
                                                   : "out of memory, or the results could "
                                                     "not be written");
done:
    nvgp_arena_destroy(&c.scratch);
    nvgp_arena_destroy(&a);
    return ok;
}
