/* A job given to a machine and its results collected (job_bind.h).  The
 * machine resolves every name (nvgp.h); this file only walks the job and
 * says which field a failure is about. */
#include "job_bind.h"

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

/* A failure about one key of a field: "JOB: field["key"]: ...", the key
 * shown escaped (nvgp_job_put_key), never raw. */
static bool NVGP_PRINTF(5, 6) key_fail(char **error, const char *job_name, const char *field,
                                        const char *key, const char *fmt, ...)
{
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_strbuf_printf(&s, "%s: %s[", job_name, field);
    nvgp_job_put_key(&s, key);
    nvgp_strbuf_puts(&s, "]: ");
    va_list ap;
    va_start(ap, fmt);
    nvgp_strbuf_vprintf(&s, fmt, ap);
    va_end(ap);
    *error = nvgp_strbuf_take(&s, NULL);
    return false;
}

/* ---- Registers given twice ---------------------------------------------------------- */

/* A register range a key of one field (inputs, params, framebuffer,
 * outputs) gives: count registers from binding.index (a parameter list, or
 * the two registers of a LONG attribute). */
typedef struct claim {
    nvgp_binding binding;
    uint32_t count;
    const char *key;
} claim;

/* The binding as a register name: IN[1][2], CONST[0][4], OUT[3].z ... */
static void register_text(const nvgp_binding *b, char text[48])
{
    static const char *const files[] = { "IN", "OUT", "CONST", "SV", "BUFFER", "IMAGE" };
    const char *file = (unsigned)b->kind < 6 ? files[b->kind] : "?";
    int n = b->dim >= 0 ? snprintf(text, 48, "%s[%d][%d]", file, (int)b->dim, (int)b->index)
                        : snprintf(text, 48, "%s[%d]", file, (int)b->index);
    if (b->component >= 0 && b->component < 4 && n > 0 && n < 44)
        snprintf(text + n, (size_t)(48 - n), ".%c", "xyzw"[b->component]);
}

/* Claims b for key; false with a message naming both keys when an earlier
 * key of the field gives one of its registers (or components) already:
 * "IN[0]" and "IN[00]", or vertex.attrib[0] and the IN[0] it binds, would
 * otherwise silently let the later value win.  A whole register overlaps
 * each of its components, except where exact (outputs, which are read:
 * a whole register and one of its components are two honest columns). */
static bool claim_register(claim *claims, size_t *n, const nvgp_binding *b, uint32_t count,
                           bool exact, const char *key, char **error, const char *jn,
                           const char *field)
{
    nvgp_binding r = *b;
    if (r.kind == NVGP_BINDING_PARAMETER && r.dim < 0)
        r.dim = 0;   /* CONST[4] is CONST[0][4] */
    for (size_t i = 0; i < *n; i++) {
        const claim *c = &claims[i];
        const nvgp_binding *o = &c->binding;
        bool same_component = o->component == r.component ||
                              (!exact && (o->component < 0 || r.component < 0));
        int64_t lo = r.index > o->index ? r.index : o->index;
        int64_t hi1 = (int64_t)r.index + count, hi2 = (int64_t)o->index + c->count;
        if (o->kind != r.kind || o->dim != r.dim || !same_component || lo >= (hi1 < hi2 ? hi1 : hi2))
            continue;
        nvgp_binding at = r;
        at.index = (int32_t)lo;
        if (o->component >= 0)
            at.component = o->component;
        char text[48];
        register_text(&at, text);
        nvgp_strbuf other;
        nvgp_strbuf_init(&other);
        nvgp_job_put_key(&other, c->key);
        key_fail(error, jn, field, key, "%s is given twice: also by %s[%s]", text, field,
                 other.data ? other.data : "");
        nvgp_strbuf_free(&other);
        return false;
    }
    claims[(*n)++] = (claim){ r, count ? count : 1, key };
    return true;
}

static nvgp_vec4 vec4_of(const uint32_t words[4])
{
    nvgp_vec4 v;
    memcpy(v.u, words, sizeof v.u);
    return v;
}

/* The name a "buffers" / "images" key stands for: the binding name, or
 * BUFFER[n] / IMAGE[n] for a numeric key.  key_text gets the key as the
 * job wrote it, for messages. */
static const char *resource_name(const char *key, uint64_t number, const char *file,
                                 char name[32], char key_text[24])
{
    snprintf(key_text, 24, "%llu", (unsigned long long)number);
    if (key)
        return key;
    snprintf(name, 32, "%s[%llu]", file, (unsigned long long)number);
    return name;
}

static bool fragment(const nvgp_machine *m)
{
    nvgp_stage stage;
    return nvgp_program_stage(nvgp_machine_program(m), &stage) == NVGP_OK &&
           stage == NVGP_STAGE_FRAGMENT;
}

void nvgp_job_run_options(const nvgp_job *job, nvgp_run_options *o)
{
    *o = (nvgp_run_options){ job->budget, job->threads, job->shared_size, job->private_size,
                             NVGP_ENGINE_DEFAULT };
}

#define INPUT_KINDS ((1u << NVGP_BINDING_INPUT) | (1u << NVGP_BINDING_SYSTEM_VALUE))
#define OUTPUT_KINDS (1u << NVGP_BINDING_OUTPUT)

static bool bind_inputs(const nvgp_job *job, const char *jn, nvgp_machine *m, claim *claims,
                        char **error)
{
    const nvgp_program *prog = nvgp_machine_program(m);
    size_t nclaims = 0;
    for (size_t i = 0; i < job->num_inputs; i++) {
        const nvgp_job_binding *b = &job->inputs[i];
        /* the name is looked up once: the first value by name (which says
         * what is wrong with it), the others by its binding */
        nvgp_binding reg;
        for (uint32_t k = 0; k < b->count; k++) {
            nvgp_vec4 v = vec4_of(b->values[k]);
            uint32_t inv = b->list ? k : NVGP_ALL;
            nvgp_status st = k == 0 ? nvgp_machine_set_input(m, b->name, inv, &v)
                                    : nvgp_machine_set_input_binding(m, &reg, inv, &v);
            if (st != NVGP_OK)
                return key_fail(error, jn, "inputs", b->name, "%s", nvgp_machine_error(m));
            if (k == 0 && nvgp_program_find_binding_of(prog, b->name, INPUT_KINDS, &reg) != NVGP_OK)
                return key_fail(error, jn, "inputs", b->name, "the program has no such input");
            /* a LONG attribute also gives the register after the named one */
            if (k == 0 && !claim_register(claims, &nclaims, &reg, b->values_hi ? 2 : 1, false,
                                          b->name, error, jn, "inputs"))
                return false;
            if (!b->values_hi)
                continue;
            /* a LONG attribute's z and w: the register after the named one */
            if (reg.kind != NVGP_BINDING_INPUT)
                return key_fail(error, jn, "inputs", b->name,
                                "four 64-bit values are for LONG attributes");
            if (reg.component >= 0)
                return key_fail(error, jn, "inputs", b->name,
                                "four 64-bit values need a whole register");
            nvgp_binding hi = reg;
            hi.index++;
            nvgp_vec4 vh = vec4_of(b->values_hi[k]);
            if (nvgp_machine_set_input_binding(m, &hi, inv, &vh) != NVGP_OK)
                return key_fail(error, jn, "inputs", b->name, "%s", nvgp_machine_error(m));
        }
    }
    return true;
}

static bool bind_params(const nvgp_job *job, const char *jn, nvgp_machine *m, claim *claims,
                        char **error)
{
    const nvgp_program *prog = nvgp_machine_program(m);
    size_t nclaims = 0;
    for (size_t i = 0; i < job->num_params; i++) {
        const nvgp_job_binding *b = &job->params[i];
        nvgp_vec4 *vals = malloc((b->count ? b->count : 1) * sizeof *vals);
        if (!vals)
            return key_fail(error, jn, "params", b->name, "out of memory");
        for (uint32_t k = 0; k < b->count; k++)
            vals[k] = vec4_of(b->values[k]);
        nvgp_status st = nvgp_machine_set_parameters(m, b->name, vals, b->count);
        free(vals);
        if (st != NVGP_OK)
            return key_fail(error, jn, "params", b->name, "%s", nvgp_machine_error(m));
        /* a list gives count registers from the named one */
        nvgp_binding reg;
        if (nvgp_program_find_binding_of(prog, b->name, 1u << NVGP_BINDING_PARAMETER, &reg) ==
                NVGP_OK &&
            !claim_register(claims, &nclaims, &reg, b->count, false, b->name, error, jn,
                            "params"))
            return false;
    }
    return true;
}

static bool bind_framebuffer(const nvgp_job *job, const char *jn, nvgp_machine *m,
                             claim *claims, char **error)
{
    const nvgp_program *prog = nvgp_machine_program(m);
    size_t nclaims = 0;
    if (job->num_framebuffer && !fragment(m))
        return bind_fail(error, jn, "framebuffer: only fragment programs read the framebuffer");
    for (size_t i = 0; i < job->num_framebuffer; i++) {
        const nvgp_job_binding *b = &job->framebuffer[i];
        nvgp_binding reg;
        for (uint32_t k = 0; k < b->count; k++) {
            nvgp_vec4 v = vec4_of(b->values[k]);
            uint32_t inv = b->list ? k : NVGP_ALL;
            nvgp_status st = k == 0 ? nvgp_machine_set_framebuffer(m, b->name, inv, &v)
                                    : nvgp_machine_set_framebuffer_binding(m, &reg, inv, &v);
            if (st == NVGP_OK && k == 0 && nvgp_program_find_binding_of(prog, b->name, OUTPUT_KINDS, &reg) != NVGP_OK)
                st = NVGP_ERROR_UNKNOWN_NAME;
            if (st != NVGP_OK)
                return key_fail(error, jn, "framebuffer", b->name, "%s", nvgp_machine_error(m));
            if (k == 0 &&
                !claim_register(claims, &nclaims, &reg, 1, false, b->name, error, jn,
                                "framebuffer"))
                return false;
        }
    }
    return true;
}

static bool bind_bindings(const nvgp_job *job, const char *jn, nvgp_machine *m, char **error)
{
    size_t most = job->num_inputs > job->num_params ? job->num_inputs : job->num_params;
    if (job->num_framebuffer > most)
        most = job->num_framebuffer;
    claim *claims = malloc((most + 1) * sizeof *claims);
    if (!claims)
        return bind_fail(error, jn, "out of memory");
    bool ok = bind_inputs(job, jn, m, claims, error) && bind_params(job, jn, m, claims, error) &&
              bind_framebuffer(job, jn, m, claims, error);
    free(claims);
    return ok;
}

/* Whether a buffer or image binding point was given already: "0" and
 * "BUFFER[0]" (or an NV name of it) are one binding point. */
static bool given_twice(const nvgp_program *prog, const char *name, unsigned char *seen,
                        size_t nseen, int32_t *index)
{
    nvgp_binding b;
    if (nvgp_program_find_binding(prog, name, &b) != NVGP_OK || b.index < 0 ||
        (size_t)b.index >= nseen)
        return false;
    *index = b.index;
    return seen[b.index]++ != 0;
}

static bool bind_resources(const nvgp_job *job, const char *jn, nvgp_machine *m, char **error)
{
    char name[32], key[24];
    const nvgp_program *prog = nvgp_machine_program(m);
    unsigned char seen[1024] = { 0 };   /* binding points given so far */
    for (size_t i = 0; i < job->num_buffers; i++) {
        const nvgp_job_data *d = &job->buffers[i];
        const char *n = resource_name(d->key, d->address, "BUFFER", name, key);
        int32_t at;
        if (given_twice(prog, n, seen, sizeof seen, &at))
            return key_fail(error, jn, "buffers", d->key ? d->key : key,
                            "BUFFER[%d] is given twice", (int)at);
        if (nvgp_machine_set_buffer(m, n, d->data, d->bytes) != NVGP_OK)
            return key_fail(error, jn, "buffers", d->key ? d->key : key, "%s",
                            nvgp_machine_error(m));
    }
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < job->num_images; i++) {
        const nvgp_job_image *im = &job->images[i];
        const char *n = resource_name(im->key, im->index, "IMAGE", name, key);
        int32_t at;
        if (given_twice(prog, n, seen, sizeof seen, &at))
            return key_fail(error, jn, "images", im->key ? im->key : key,
                            "IMAGE[%d] is given twice", (int)at);
        nvgp_image_desc desc = { (nvgp_texture_target)im->target, im->format, im->width,
                                 im->height, im->depth };
        if (nvgp_machine_set_image(m, n, &desc, im->data.data) != NVGP_OK)
            return key_fail(error, jn, "images", im->key ? im->key : key, "%s",
                            nvgp_machine_error(m));
    }
    for (size_t i = 0; i < job->num_memory; i++) {
        const nvgp_job_data *d = &job->memory[i];
        uint32_t range;
        if (nvgp_machine_add_memory(m, d->address, d->data, d->bytes, &range) != NVGP_OK)
            return bind_fail(error, jn, "memory[%zu]: %s", i, nvgp_machine_error(m));
        if (range != i)
            return bind_fail(error, jn, "memory[%zu]: ranges out of order", i);
    }
    for (size_t i = 0; i < job->num_textures; i++) {
        if (nvgp_machine_set_texture(m, job->textures[i].unit, nvgp_job_texture_object(job, i)) !=
            NVGP_OK)
            return bind_fail(error, jn, "textures[\"%u\"]: %s", job->textures[i].unit,
                             nvgp_machine_error(m));
    }
    if (job->num_helpers && !fragment(m))
        return bind_fail(error, jn, "helpers: only fragment programs have helper invocations");
    for (size_t i = 0; i < job->num_helpers; i++)
        if (nvgp_machine_set_helper(m, job->helpers[i], true) != NVGP_OK)
            return bind_fail(error, jn, "helpers[%zu]: %s", i, nvgp_machine_error(m));
    return true;
}

bool nvgp_job_bind(const nvgp_job *job, const char *jn, nvgp_machine *m, char **error)
{
    *error = NULL;
    if (nvgp_machine_set_invocations(m, job->invocations, job->vertices) != NVGP_OK)
        return bind_fail(error, jn, "invocations: %s", nvgp_machine_error(m));
    if ((job->has_grid || job->has_block) &&
        nvgp_machine_set_grid(m, job->has_grid ? job->grid : NULL,
                              job->has_block ? job->block : NULL) != NVGP_OK)
        return bind_fail(error, jn, "compute: %s", nvgp_machine_error(m));
    return bind_bindings(job, jn, m, error) && bind_resources(job, jn, m, error);
}

/* ---- Results ---------------------------------------------------------------------- */

typedef struct out_sel {
    const char *name;
    uint8_t type;
    nvgp_binding binding;
} out_sel;

/* The outputs to print: the job's list, or as f32 every name of every
 * written OUT, in register order (a register the program gives no name
 * prints as OUT[n]). */
static out_sel *select_outputs(const nvgp_job *job, const char *jn, const nvgp_program *prog,
                               const nvgp_machine *m, nvgp_arena *a, size_t *count,
                               char **error)
{
    size_t n = 0;
    uint32_t nout = nvgp_machine_num_outputs(m);
    if (job->outputs_given) {
        n = job->num_outputs;
    } else {
        for (uint32_t i = 0; i < nout; i++) {
            if (!nvgp_machine_output_written(m, i))
                continue;
            uint32_t c = 0;
            while (nvgp_program_output_name(prog, i, c, NULL))
                c++;
            n += c ? c : 1;
        }
    }
    out_sel *sel = nvgp_arena_alloc(a, (n ? n : 1) * sizeof *sel);
    if (!sel) {
        bind_fail(error, jn, "out of memory");
        return NULL;
    }
    size_t k = 0;
    if (job->outputs_given) {
        claim *claims = nvgp_arena_alloc(a, (n ? n : 1) * sizeof *claims);
        size_t nclaims = 0;
        if (!claims) {
            bind_fail(error, jn, "out of memory");
            return NULL;
        }
        for (size_t i = 0; i < n; i++) {
            nvgp_binding b;
            const char *name = job->outputs[i].name;
            if (nvgp_program_find_binding_of(prog, name, OUTPUT_KINDS, &b) != NVGP_OK ||
                b.kind != NVGP_BINDING_OUTPUT) {
                key_fail(error, jn, "outputs", name, "the program has no such output");
                return NULL;
            }
            if (b.dim >= 0) {
                key_fail(error, jn, "outputs", name, "name the output without a vertex");
                return NULL;
            }
            if (!claim_register(claims, &nclaims, &b, 1, true, name, error, jn, "outputs"))
                return NULL;
            sel[k++] = (out_sel){ name, job->outputs[i].type, b };
        }
    } else {
        for (uint32_t i = 0; i < nout && k < n; i++) {
            if (!nvgp_machine_output_written(m, i))
                continue;
            int32_t comp = -1;
            uint32_t j = 0;
            for (const char *name; k < n && (name = nvgp_program_output_name(prog, i, j, &comp));
                 j++)
                sel[k++] = (out_sel){ name, NVGP_JOB_F32,
                                      { NVGP_BINDING_OUTPUT, -1, (int32_t)i, comp } };
            if (!j) {
                char buf[32];
                snprintf(buf, sizeof buf, "OUT[%u]", i);
                const char *name = nvgp_arena_strdup(a, buf);
                if (!name) {
                    bind_fail(error, jn, "out of memory");
                    return NULL;
                }
                sel[k++] = (out_sel){ name, NVGP_JOB_F32,
                                      { NVGP_BINDING_OUTPUT, -1, (int32_t)i, -1 } };
            }
        }
    }
    *count = k;
    return sel;
}

/* A buffer's or image's contents after the run, when the machine has them
 * at the size the job gave (NULL otherwise). */
static const void *final_data(const nvgp_program *prog, const nvgp_machine *m, const char *key,
                              uint64_t number, bool image, size_t bytes)
{
    char name[32], key_text[24];
    nvgp_binding b;
    size_t got = 0;
    if (nvgp_program_find_binding(prog,
                                  resource_name(key, number, image ? "IMAGE" : "BUFFER", name,
                                                key_text),
                                  &b) != NVGP_OK)
        return NULL;
    const void *data = image ? nvgp_machine_image(m, &b, &got) : nvgp_machine_buffer(m, &b, &got);
    return data && got == bytes ? data : NULL;
}

/* Final contents of the job's buffers and images (the data of the job's
 * copy where the machine has none of that size). */
static bool collect_resources(const nvgp_job *job, const nvgp_program *prog,
                              const nvgp_machine *m, nvgp_arena *a, nvgp_job_results *r)
{
    nvgp_job_data *mem = nvgp_arena_alloc(a, (job->num_memory + 1) * sizeof *mem);
    nvgp_job_data *buf = nvgp_arena_alloc(a, (job->num_buffers + 1) * sizeof *buf);
    nvgp_job_image *img = nvgp_arena_alloc(a, (job->num_images + 1) * sizeof *img);
    if (!mem || !buf || !img)
        return false;
    for (size_t i = 0; i < job->num_memory; i++) {
        size_t bytes = 0;
        const void *data = nvgp_machine_memory(m, (uint32_t)i, NULL, &bytes);
        mem[i] = job->memory[i];
        if (data && bytes == job->memory[i].bytes)
            mem[i].data = (uint8_t *)(uintptr_t)data;
    }
    for (size_t i = 0; i < job->num_buffers; i++) {
        const nvgp_job_data *d = &job->buffers[i];
        const void *data = final_data(prog, m, d->key, d->address, false, d->bytes);
        buf[i] = *d;
        if (data)
            buf[i].data = (uint8_t *)(uintptr_t)data;
    }
    for (size_t i = 0; i < job->num_images; i++) {
        const nvgp_job_image *im = &job->images[i];
        const void *data = final_data(prog, m, im->key, im->index, true, im->data.bytes);
        img[i] = *im;
        if (data)
            img[i].data.data = (uint8_t *)(uintptr_t)data;
    }
    r->memory = mem;
    r->num_memory = job->num_memory;
    r->buffers = buf;
    r->num_buffers = job->num_buffers;
    r->images = img;
    r->num_images = job->num_images;
    return true;
}

/* The selected outputs of one thread, or of one emitted vertex (stream
 * >= 0). */
static nvgp_job_value *values_of(const nvgp_machine *m, const out_sel *sel, size_t nsel,
                                 nvgp_arena *a, uint32_t t, int32_t stream, uint32_t e,
                                 uint32_t *prim)
{
    nvgp_job_value *vals = nvgp_arena_alloc(a, (nsel ? nsel : 1) * sizeof *vals);
    for (size_t i = 0; vals && i < nsel; i++) {
        nvgp_vec4 v = { .u = { 0, 0, 0, 0 } };
        if (stream < 0)
            nvgp_machine_get_output(m, &sel[i].binding, t, &v);
        else
            nvgp_machine_get_emitted(m, t, (uint32_t)stream, e, &sel[i].binding, &v, prim);
        vals[i] = (nvgp_job_value){ sel[i].name, sel[i].type,
                                    { v.u[0], v.u[1], v.u[2], v.u[3] } };
    }
    if (vals && !nsel && stream >= 0)   /* the primitive even without outputs */
        nvgp_machine_get_emitted(m, t, (uint32_t)stream, e, NULL, NULL, prim);
    return vals;
}

/* One invocation's record, made when the result writer comes to it, so
 * that the records of 2^24 invocations are never all in memory. */
typedef struct collect_ctx {
    const nvgp_machine *m;
    const out_sel *sel;
    size_t nsel;
    bool frag, geom;
    nvgp_arena scratch;          /* the current record, emptied for the next */
    bool (*flush)(void *ctx, nvgp_strbuf *out);
    void *flush_ctx;
} collect_ctx;

static bool make_invocation(void *ctx, size_t i, nvgp_job_invocation *v)
{
    collect_ctx *c = ctx;
    const nvgp_machine *m = c->m;
    uint32_t t = (uint32_t)i;
    nvgp_arena_destroy(&c->scratch);
    nvgp_arena_init(&c->scratch);
    *v = (nvgp_job_invocation){ 0 };
    v->killed = c->frag && nvgp_machine_killed(m, t);
    /* Killed invocations still show what they wrote before KIL; helper
     * lanes never report. */
    if (!nvgp_machine_is_helper(m, t) && c->nsel) {
        if (!(v->values = values_of(m, c->sel, c->nsel, &c->scratch, t, -1, 0, NULL)))
            return false;
        v->count = c->nsel;
    }
    if (!c->geom)
        return true;
    size_t total = 0;
    for (uint32_t s = 0; s < 4; s++)
        total += nvgp_machine_num_emitted(m, t, s);
    nvgp_job_vertex *vx = nvgp_arena_alloc(&c->scratch, (total ? total : 1) * sizeof *vx);
    if (!vx)
        return false;
    size_t k = 0;
    for (uint32_t s = 0; s < 4; s++) {
        uint32_t ne = nvgp_machine_num_emitted(m, t, s);
        for (uint32_t e = 0; e < ne; e++, k++) {
            uint32_t prim = 0;
            const nvgp_job_value *vals =
                values_of(m, c->sel, c->nsel, &c->scratch, t, (int32_t)s, e, &prim);
            if (!vals)
                return false;
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

bool nvgp_job_collect(const nvgp_job *job, const char *jn, const nvgp_program *prog,
                      const nvgp_machine *m, nvgp_strbuf *out, char **error)
{
    return nvgp_job_collect_stream(job, jn, prog, m, out, NULL, NULL, error);
}

bool nvgp_job_collect_stream(const nvgp_job *job, const char *jn, const nvgp_program *prog,
                             const nvgp_machine *m, nvgp_strbuf *out,
                             bool (*flush)(void *ctx, nvgp_strbuf *out), void *flush_ctx,
                             char **error)
{
    *error = NULL;
    nvgp_arena a;
    nvgp_arena_init(&a);
    collect_ctx c = { .m = m, .flush = flush, .flush_ctx = flush_ctx };
    nvgp_arena_init(&c.scratch);
    bool ok = false;
    nvgp_stage stage = NVGP_STAGE_VERTEX;
    nvgp_program_stage(prog, &stage);
    c.sel = select_outputs(job, jn, prog, m, &a, &c.nsel, error);
    if (!c.sel)
        goto done;
    c.frag = stage == NVGP_STAGE_FRAGMENT;
    c.geom = stage == NVGP_STAGE_GEOMETRY;
    nvgp_job_results r = {
        .num_invocations = nvgp_machine_num_threads(m), .has_killed = c.frag,
        .has_emitted = c.geom, .faults = nvgp_machine_faults(m),
        .invocation = make_invocation, .flush = flush ? pass_flush : NULL, .ctx = &c,
    };
    if (!collect_resources(job, prog, m, &a, &r)) {
        bind_fail(error, jn, "out of memory");
        goto done;
    }
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
