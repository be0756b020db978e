/* Machines (nvgp.h "Machines"): a loaded program's TGSI form on the
 * executor, with inputs, parameters and resources given by the program's
 * binding names.  This is where a name becomes a register for the
 * executor: system values by their declared semantic, scalar bindings by
 * component, input vertices by the program's input primitive.  Every
 * failing call leaves a message in nvgp_machine_error. */
#include "api/program.h"

#include "exec/exec.h"
#include "exec/exec_hook.h"
#include "exec/exec_jit.h"
#include "exec/texture.h"
#include "tgsi/tgsi_names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(NVGP_ALL == NVGP_EXEC_ALL, "\"every invocation\" is the executor's");

struct nvgp_machine {
    const nvgp_program *prog;
    const tgsi_program *tp;
    nvgp_exec *exec;
    uint32_t vertices;   /* input vertices an invocation reads */
    bool ran;            /* the last run succeeded and nothing changed since */
    nvgp_step_hook hook; /* nvgp_machine_set_step_hook's, called through
                            the executor's hook (step_before/after) */
    char error[512];
};

static const struct {
    nvgp_exec_status exec;
    nvgp_status status;
    const char *text;
} exec_statuses[] = {
    { NVGP_EXEC_OK, NVGP_OK, "" },
    { NVGP_EXEC_ERROR_BUDGET, NVGP_ERROR_BUDGET, "instruction budget exceeded" },
    { NVGP_EXEC_ERROR_UNSUPPORTED, NVGP_ERROR_UNSUPPORTED, "not supported by the machine" },
    { NVGP_EXEC_ERROR_PROGRAM, NVGP_ERROR_INVALID_PROGRAM, "the program cannot run" },
    { NVGP_EXEC_ERROR_BINDING, NVGP_ERROR_INVALID_ARGUMENT, "out of the machine's range" },
    { NVGP_EXEC_ERROR_NOMEM, NVGP_ERROR_OUT_OF_MEMORY, "out of memory" },
    { NVGP_EXEC_ERROR_STACK, NVGP_ERROR_STACK, "nested too deeply" },
};

static const char *const status_strings[] = {
    [NVGP_OK] = "ok",
    [NVGP_ERROR_INVALID_ARGUMENT] = "invalid argument",
    [NVGP_ERROR_UNKNOWN_NAME] = "unknown name",
    [NVGP_ERROR_WRONG_KIND] = "the name binds something else",
    [NVGP_ERROR_INVALID_PROGRAM] = "invalid program",
    [NVGP_ERROR_OUT_OF_MEMORY] = "out of memory",
    [NVGP_ERROR_BUDGET] = "instruction budget exceeded",
    [NVGP_ERROR_UNSUPPORTED] = "not supported",
    [NVGP_ERROR_STACK] = "nested too deeply",
    [NVGP_ERROR_NOT_RUN] = "the machine has not run",
};

const char *nvgp_status_string(nvgp_status status)
{
    if ((unsigned)status < sizeof status_strings / sizeof status_strings[0] &&
        status_strings[status])
        return status_strings[status];
    return "unknown status";
}

static nvgp_status NVGP_PRINTF(3, 4) fail(nvgp_machine *m, nvgp_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->error, sizeof m->error, fmt, ap);
    va_end(ap);
    return st;
}

/* An executor status as ours, its text as the message. */
static nvgp_status from_exec(nvgp_machine *m, nvgp_exec_status st)
{
    m->error[0] = '\0';
    for (size_t i = 0; i < sizeof exec_statuses / sizeof exec_statuses[0]; i++)
        if (exec_statuses[i].exec == st) {
            if (st != NVGP_EXEC_OK)
                fail(m, exec_statuses[i].status, "%s", exec_statuses[i].text);
            return exec_statuses[i].status;
        }
    return fail(m, NVGP_ERROR_UNSUPPORTED, "refused by the executor");
}

/* A name resolved to a binding of one of the kinds wanted (`what` names the
 * kind in messages: "input", "parameter", ...). */
static nvgp_status resolve(nvgp_machine *m, const char *name, unsigned kinds, const char *what,
                           nvgp_binding *b)
{
    m->ran = false;
    if (!name)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "no %s name given", what);
    nvgp_status st = nvgp_program_find_binding_of(m->prog, name, kinds, b);
    if (st == NVGP_ERROR_UNKNOWN_NAME)
        return fail(m, st, "the program has no such %s", what);
    if (st != NVGP_OK)
        return fail(m, st, "not %s %s of the program", strchr("aeiou", what[0]) ? "an" : "a",
                    what);
    if (!(kinds & (1u << b->kind)))
        return fail(m, NVGP_ERROR_WRONG_KIND, "not %s %s of the program",
                    strchr("aeiou", what[0]) ? "an" : "a", what);
    return NVGP_OK;
}

/* Input vertices of a geometry program's input primitive (its
 * GS_INPUT_PRIMITIVE property); 1 for every other program. */
static uint32_t default_vertices(const tgsi_program *prog)
{
    static const struct { const char *prim; uint8_t vertices; } prims[] = {
        { "POINTS", 1 }, { "LINES", 2 }, { "LINE_LOOP", 2 }, { "LINE_STRIP", 2 },
        { "TRIANGLES", 3 }, { "TRIANGLE_STRIP", 3 }, { "TRIANGLE_FAN", 3 },
        { "LINES_ADJACENCY", 4 }, { "LINE_STRIP_ADJACENCY", 4 },
        { "TRIANGLES_ADJACENCY", 6 }, { "TRIANGLE_STRIP_ADJACENCY", 6 },
    };
    if (prog->processor != TGSI_PROCESSOR_GEOMETRY)
        return 1;
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

nvgp_status nvgp_machine_create(const nvgp_program *prog, nvgp_machine **out, nvgp_diag *diag)
{
    if (!out)
        return NVGP_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (!prog)
        return NVGP_ERROR_INVALID_ARGUMENT;
    const tgsi_program *tp = nvgp_program_tgsi(prog);
    if (!tp) {
        /* the translation's own reason, as nvgp tgsi gives it */
        char *text = nvgp_program_tgsi_text(prog, NVGP_TGSI_STYLE_CANONICAL, diag);
        free(text);
        return NVGP_ERROR_INVALID_PROGRAM;
    }
    nvgp_machine *m = calloc(1, sizeof *m);
    if (!m)
        return NVGP_ERROR_OUT_OF_MEMORY;
    m->prog = prog;
    m->tp = tp;
    m->exec = nvgp_exec_create(tp, diag);
    if (!m->exec) {
        free(m);
        return NVGP_ERROR_INVALID_PROGRAM;
    }
    m->vertices = default_vertices(tp);
    /* one invocation until told otherwise */
    if (nvgp_exec_set_invocations(m->exec, 1, m->vertices) != NVGP_EXEC_OK) {
        nvgp_machine_destroy(m);
        return NVGP_ERROR_OUT_OF_MEMORY;
    }
    /* literal elements of NV parameter arrays are constants the
     * translation fills in */
    const nvgp_lower_map *map = nvgp_program_lower_map(prog);
    for (uint32_t i = 0; map && i < map->count; i++) {
        const nvgp_lower_slot *sl = &map->slots[i];
        if (sl->kind == NVGP_LOWER_CONSTANT && sl->has_value && sl->index >= 0 &&
            nvgp_exec_set_constants(m->exec, 0, (uint32_t)sl->index, sl->value, 1) !=
                NVGP_EXEC_OK) {
            nvgp_machine_destroy(m);
            return NVGP_ERROR_OUT_OF_MEMORY;
        }
    }
    *out = m;
    return NVGP_OK;
}

void nvgp_machine_destroy(nvgp_machine *m)
{
    if (!m)
        return;
    nvgp_exec_destroy(m->exec);
    free(m);
}

const nvgp_program *nvgp_machine_program(const nvgp_machine *m)
{
    return m ? m->prog : NULL;
}

const char *nvgp_machine_error(const nvgp_machine *m)
{
    return m ? m->error : "no machine";
}

nvgp_status nvgp_machine_set_invocations(nvgp_machine *m, uint32_t invocations,
                                         uint32_t vertices)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    uint32_t v = vertices ? vertices : default_vertices(m->tp);
    nvgp_status st = from_exec(m, nvgp_exec_set_invocations(m->exec, invocations, v));
    if (st == NVGP_OK)
        m->vertices = v;
    return st;
}

nvgp_status nvgp_machine_set_grid(nvgp_machine *m, const uint32_t grid[3],
                                  const uint32_t block[3])
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    nvgp_status st = from_exec(m, nvgp_exec_set_grid(m->exec, grid, block));
    if (st != NVGP_OK) {
        char why[sizeof m->error];
        memcpy(why, m->error, sizeof why);
        fail(m, st, "grid or block %s (at most 1024 threads a block)", why);
    }
    return st;
}

/* The declaration of SV[index], whose semantic the executor goes by. */
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

#define KIND(k) (1u << NVGP_BINDING_##k)

nvgp_status nvgp_machine_set_input_binding(nvgp_machine *m, const nvgp_binding *binding,
                                           uint32_t invocation, const nvgp_vec4 *value)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    if (!binding || !value)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "no binding or no value given");
    nvgp_binding b = *binding;
    if (b.kind != NVGP_BINDING_INPUT && b.kind != NVGP_BINDING_SYSTEM_VALUE)
        return fail(m, NVGP_ERROR_WRONG_KIND, "not an input of the program");
    if (b.index < 0 || b.component < -1 || b.component > 3)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "out of the machine's range");
    if (b.kind == NVGP_BINDING_SYSTEM_VALUE) {
        const tgsi_declaration *d = sv_decl(m->tp, b.index);
        if (!d)
            return fail(m, NVGP_ERROR_WRONG_KIND, "no system value is declared there");
        uint32_t si = d->semantic_index + (uint32_t)(b.index - d->first);
        tgsi_semantic sem = (tgsi_semantic)d->semantic_name;
        /* one invocation's value reaches every thread of its geometry
         * primitive or tessellation patch (NV_gpu_program5: "Each
         * invocation of the geometry program will have the same inputs and
         * outputs except for ... primitive.invocation") */
        uint32_t tpi = invocation == NVGP_ALL ? 1 : nvgp_exec_threads_per_invocation(m->exec);
        for (uint32_t k = 0; k < tpi; k++) {
            uint32_t thread = invocation == NVGP_ALL ? NVGP_ALL : invocation * tpi + k;
            /* a scalar binding (a tessellation level) sets its component
             * from the value's x and leaves the others to other bindings */
            nvgp_exec_status st =
                b.component >= 0
                    ? nvgp_exec_set_system_value_component(m->exec, thread, sem, si,
                                                           (uint32_t)b.component, value->u[0])
                    : nvgp_exec_set_system_value(m->exec, thread, sem, si, value->u);
            if (st != NVGP_EXEC_OK)
                return from_exec(m, st);
        }
        return NVGP_OK;
    }
    if (b.dim >= 0 && (uint32_t)b.dim >= m->vertices)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT,
                    "vertex %d, but an invocation reads %u input vertices", b.dim,
                    m->vertices);
    uint32_t vertex = b.dim < 0 ? 0 : (uint32_t)b.dim;
    return from_exec(m, b.component >= 0
                            ? nvgp_exec_set_input_component(m->exec, invocation, vertex,
                                                            (uint32_t)b.index,
                                                            (uint32_t)b.component, value->u[0])
                            : nvgp_exec_set_input(m->exec, invocation, vertex,
                                                  (uint32_t)b.index, value->u));
}

nvgp_status nvgp_machine_set_input(nvgp_machine *m, const char *name, uint32_t invocation,
                                   const nvgp_vec4 *value)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    nvgp_binding b;
    nvgp_status st = resolve(m, name, KIND(INPUT) | KIND(SYSTEM_VALUE), "input", &b);
    if (st != NVGP_OK)
        return st;
    return nvgp_machine_set_input_binding(m, &b, invocation, value);
}

nvgp_status nvgp_machine_set_parameters(nvgp_machine *m, const char *name,
                                        const nvgp_vec4 *values, uint32_t count)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    nvgp_binding b;
    nvgp_status st = resolve(m, name, KIND(PARAMETER), "parameter", &b);
    if (st != NVGP_OK)
        return st;
    if (count && !values)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "no values given");
    return from_exec(m, nvgp_exec_set_constants(m->exec, b.dim < 0 ? 0 : (uint32_t)b.dim,
                                                (uint32_t)b.index,
                                                count ? values[0].u : NULL, count));
}

nvgp_status nvgp_machine_set_framebuffer_binding(nvgp_machine *m, const nvgp_binding *binding,
                                                 uint32_t invocation, const nvgp_vec4 *value)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    if (m->tp->processor != TGSI_PROCESSOR_FRAGMENT)
        return fail(m, NVGP_ERROR_WRONG_KIND, "only fragment programs read the framebuffer");
    if (!binding || !value)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "no binding or no value given");
    if (binding->kind != NVGP_BINDING_OUTPUT || binding->dim >= 0 || binding->index < 0)
        return fail(m, NVGP_ERROR_WRONG_KIND, "the program has no such output");
    if (binding->component >= 0)
        return fail(m, NVGP_ERROR_WRONG_KIND, "a scalar output has no framebuffer colour");
    return from_exec(m, nvgp_exec_set_framebuffer(m->exec, invocation, (uint32_t)binding->index,
                                                  value->u));
}

nvgp_status nvgp_machine_set_framebuffer(nvgp_machine *m, const char *name,
                                         uint32_t invocation, const nvgp_vec4 *value)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    if (m->tp->processor != TGSI_PROCESSOR_FRAGMENT)
        return fail(m, NVGP_ERROR_WRONG_KIND, "only fragment programs read the framebuffer");
    nvgp_binding b;
    nvgp_status st = resolve(m, name, KIND(OUTPUT), "output", &b);
    if (st != NVGP_OK)
        return st;
    return nvgp_machine_set_framebuffer_binding(m, &b, invocation, value);
}

nvgp_status nvgp_machine_set_helper(nvgp_machine *m, uint32_t invocation, bool helper)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    if (m->tp->processor != TGSI_PROCESSOR_FRAGMENT)
        return fail(m, NVGP_ERROR_WRONG_KIND,
                    "only fragment programs have helper invocations");
    return from_exec(m, nvgp_exec_set_helper(m->exec, invocation, helper));
}

nvgp_status nvgp_machine_set_buffer(nvgp_machine *m, const char *name, const void *data,
                                    size_t bytes)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    nvgp_binding b;
    nvgp_status st = resolve(m, name, KIND(BUFFER), "buffer", &b);
    if (st == NVGP_ERROR_WRONG_KIND)
        fail(m, st, "the program has no such buffer");
    if (st != NVGP_OK)
        return st;
    return from_exec(m, nvgp_exec_bind_buffer(m->exec, (uint32_t)b.index, data, bytes));
}

/* The TGSI code of an image format the executor loads and stores (exec.h
 * nvgp_exec_image_format), named as the format table spells it, with or
 * without PIPE_FORMAT_, with its components and bytes of a component; -1
 * for any other name.  (The lookup ignores case; a name is matched as
 * spelled.) */
static int image_format(const char *name, unsigned *comps, unsigned *size)
{
    if (!name)
        return -1;
    if (!strncmp(name, "PIPE_FORMAT_", 12))
        name += 12;
    int code = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, name, strlen(name));
    if (code < 0 || strcmp(nvgp_tgsi_name(TGSI_NAMES_FORMAT, (unsigned)code), name) ||
        !nvgp_exec_image_format((uint16_t)code, comps, size))
        return -1;
    return code;
}

unsigned nvgp_image_format_components(const char *format)
{
    unsigned comps, size;
    return image_format(format, &comps, &size) < 0 ? 0 : comps;
}

unsigned nvgp_image_format_component_size(const char *format)
{
    unsigned comps, size;
    return image_format(format, &comps, &size) < 0 ? 0 : size;
}

nvgp_status nvgp_machine_set_image(nvgp_machine *m, const char *name,
                                   const nvgp_image_desc *desc, const void *texels)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    nvgp_binding b;
    nvgp_status st = resolve(m, name, KIND(IMAGE), "image", &b);
    if (st == NVGP_ERROR_WRONG_KIND)
        fail(m, st, "the program has no such image");
    if (st != NVGP_OK)
        return st;
    unsigned comps, size;
    int code = desc ? image_format(desc->format, &comps, &size) : -1;
    if (code < 0)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "unknown image format");
    nvgp_exec_image d = { (uint8_t)desc->target, (uint16_t)code, desc->width, desc->height,
                          desc->depth };
    return from_exec(m, nvgp_exec_bind_image(m->exec, (uint32_t)b.index, &d, texels));
}

nvgp_status nvgp_machine_add_memory(nvgp_machine *m, uint64_t address, const void *data,
                                    size_t bytes, uint32_t *range)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    return from_exec(m, nvgp_exec_add_memory(m->exec, address, data, bytes, range));
}

nvgp_status nvgp_machine_set_texture(nvgp_machine *m, uint32_t unit, const nvgp_texture *tex)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    return from_exec(m, nvgp_exec_bind_texture(m->exec, unit, tex));
}

nvgp_status nvgp_machine_run(nvgp_machine *m, const nvgp_run_options *o, nvgp_diag *diag)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    m->ran = false;
    m->error[0] = '\0';
    nvgp_run_options opt = { 0, 0, 0, 0, NVGP_ENGINE_DEFAULT };
    if (o)
        opt = *o;
    nvgp_exec_set_budget(m->exec, opt.budget ? opt.budget : NVGP_EXEC_DEFAULT_BUDGET);
    nvgp_exec_set_threads(m->exec, opt.threads ? opt.threads : 1);
    if (opt.engine > NVGP_ENGINE_JIT)
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "engine: not jit, fast or reference");
    nvgp_exec_set_engine(m->exec, opt.engine == NVGP_ENGINE_REFERENCE ? NVGP_EXEC_ENGINE_REFERENCE
                                  : opt.engine == NVGP_ENGINE_FAST    ? NVGP_EXEC_ENGINE_FAST
                                                                      : NVGP_EXEC_ENGINE_JIT);
    if (opt.shared_size && nvgp_exec_set_shared_size(m->exec, opt.shared_size))
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT, "shared_size: out of the machine's range");
    if (opt.private_size && nvgp_exec_set_private_size(m->exec, opt.private_size))
        return fail(m, NVGP_ERROR_INVALID_ARGUMENT,
                    "private_size: out of the machine's range");
    nvgp_exec_status est = nvgp_exec_run(m->exec, diag);
    nvgp_status st = from_exec(m, est);
    if (st != NVGP_OK) {
        /* the executor's own message names the instruction */
        const char *msg = nvgp_exec_error(m->exec);
        if (msg && *msg)
            snprintf(m->error, sizeof m->error, "%s", msg);
        return st;
    }
    m->ran = true;
    return NVGP_OK;
}

/* ---- Results ------------------------------------------------------------------ */

uint32_t nvgp_machine_num_threads(const nvgp_machine *m)
{
    return m && m->ran ? nvgp_exec_num_threads(m->exec) : 0;
}

uint64_t nvgp_machine_warp_instructions(const nvgp_machine *m)
{
    return m && m->ran ? nvgp_exec_warp_instructions(m->exec) : 0;
}

uint64_t nvgp_machine_lane_instructions(const nvgp_machine *m)
{
    return m && m->ran ? nvgp_exec_lane_instructions(m->exec) : 0;
}

uint32_t nvgp_machine_num_outputs(const nvgp_machine *m)
{
    return m ? nvgp_exec_num_outputs(m->exec) : 0;
}

bool nvgp_machine_output_written(const nvgp_machine *m, uint32_t index)
{
    return m && index < nvgp_exec_num_outputs(m->exec) && nvgp_exec_output_written(m->exec, index);
}

/* A binding's words from its register's: a scalar binding reads as
 * (value, 0, 0, 0). */
static void select_words(const nvgp_binding *b, const uint32_t reg[4], nvgp_vec4 *value)
{
    if (b->component < 0 || b->component > 3) {
        memcpy(value->u, reg, sizeof value->u);
        return;
    }
    uint32_t x = reg[b->component];
    value->u[0] = x;
    value->u[1] = value->u[2] = value->u[3] = 0;
}

static nvgp_status check_output(const nvgp_machine *m, const nvgp_binding *b, nvgp_vec4 *value)
{
    if (!m || !b || !value)
        return NVGP_ERROR_INVALID_ARGUMENT;
    if (!m->ran)
        return NVGP_ERROR_NOT_RUN;
    if (b->kind != NVGP_BINDING_OUTPUT)
        return NVGP_ERROR_WRONG_KIND;
    if (b->index < 0 || (uint32_t)b->index >= nvgp_exec_num_outputs(m->exec))
        return NVGP_ERROR_INVALID_ARGUMENT;
    return NVGP_OK;
}

nvgp_status nvgp_machine_get_output(const nvgp_machine *m, const nvgp_binding *b,
                                    uint32_t thread, nvgp_vec4 *value)
{
    nvgp_status st = check_output(m, b, value);
    if (st != NVGP_OK)
        return st;
    if (thread >= nvgp_exec_num_threads(m->exec))
        return NVGP_ERROR_INVALID_ARGUMENT;
    uint32_t reg[4];
    nvgp_exec_get_output(m->exec, thread, (uint32_t)b->index, reg);
    select_words(b, reg, value);
    return NVGP_OK;
}

bool nvgp_machine_killed(const nvgp_machine *m, uint32_t thread)
{
    return m && m->ran && thread < nvgp_exec_num_threads(m->exec) &&
           nvgp_exec_killed(m->exec, thread);
}

bool nvgp_machine_is_helper(const nvgp_machine *m, uint32_t thread)
{
    return m && thread < nvgp_exec_num_threads(m->exec) && nvgp_exec_is_helper(m->exec, thread);
}

uint32_t nvgp_machine_num_emitted(const nvgp_machine *m, uint32_t thread, uint32_t stream)
{
    if (!m || !m->ran || stream >= 4 || thread >= nvgp_exec_num_threads(m->exec))
        return 0;
    return nvgp_exec_num_emitted(m->exec, thread, stream);
}

nvgp_status nvgp_machine_get_emitted(const nvgp_machine *m, uint32_t thread, uint32_t stream,
                                     uint32_t k, const nvgp_binding *b, nvgp_vec4 *value,
                                     uint32_t *primitive)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    if (!m->ran)
        return NVGP_ERROR_NOT_RUN;
    if (k >= nvgp_machine_num_emitted(m, thread, stream))
        return NVGP_ERROR_INVALID_ARGUMENT;
    uint32_t prim = 0;
    if (!b && !value) {   /* the primitive alone */
        nvgp_exec_get_emitted(m->exec, thread, stream, k, NULL, &prim);
        if (primitive)
            *primitive = prim;
        return NVGP_OK;
    }
    nvgp_status st = check_output(m, b, value);
    if (st != NVGP_OK)
        return st;
    /* the executor hands out a vertex whole: on the stack for the usual
     * few outputs */
    uint32_t nout = nvgp_exec_num_outputs(m->exec), local[4 * 32];
    uint32_t *words = nout <= 32 ? local : malloc((size_t)nout * 4 * sizeof *words);
    if (!words)
        return NVGP_ERROR_OUT_OF_MEMORY;
    nvgp_exec_get_emitted(m->exec, thread, stream, k, words, &prim);
    select_words(b, &words[4 * (size_t)b->index], value);
    if (words != local)
        free(words);
    if (primitive)
        *primitive = prim;
    return NVGP_OK;
}

const void *nvgp_machine_buffer(const nvgp_machine *m, const nvgp_binding *b, size_t *bytes)
{
    if (bytes)
        *bytes = 0;
    if (!m || !b || b->kind != NVGP_BINDING_BUFFER || b->index < 0)
        return NULL;
    size_t n = 0;
    const void *data = nvgp_exec_buffer(m->exec, (uint32_t)b->index, &n);
    if (bytes)
        *bytes = n;
    return data;
}

const void *nvgp_machine_image(const nvgp_machine *m, const nvgp_binding *b, size_t *bytes)
{
    if (bytes)
        *bytes = 0;
    if (!m || !b || b->kind != NVGP_BINDING_IMAGE || b->index < 0)
        return NULL;
    size_t n = 0;
    const void *data = nvgp_exec_image_data(m->exec, (uint32_t)b->index, &n);
    if (bytes)
        *bytes = n;
    return data;
}

const void *nvgp_machine_memory(const nvgp_machine *m, uint32_t range, uint64_t *address,
                                size_t *bytes)
{
    uint64_t a = 0;
    size_t n = 0;
    const void *data = m && range < nvgp_exec_num_memory(m->exec)
                           ? nvgp_exec_memory(m->exec, range, &a, &n) : NULL;
    if (address)
        *address = a;
    if (bytes)
        *bytes = n;
    return data;
}

const nvgp_exec *nvgp_machine_exec(const nvgp_machine *m)
{
    return m ? m->exec : NULL;
}

uint64_t nvgp_machine_faults(const nvgp_machine *m)
{
    return m ? nvgp_exec_faults(m->exec) : 0;
}

/* ---- Step hooks (nvgp.h "Watching a run") ------------------------------------ */

/* The executor's warp goes to the hook as the public nvgp_warp: the warp
 * view (api/watch.c) converts it back. */
static void step_before(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    const nvgp_machine *m = ctx;
    if (m->hook.before)
        m->hook.before(m->hook.ctx, (const nvgp_warp *)(const void *)w, pc);
}

static void step_after(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    const nvgp_machine *m = ctx;
    if (m->hook.after)
        m->hook.after(m->hook.ctx, (const nvgp_warp *)(const void *)w, pc);
}

nvgp_status nvgp_machine_set_step_hook(nvgp_machine *m, const nvgp_step_hook *hook)
{
    if (!m)
        return NVGP_ERROR_INVALID_ARGUMENT;
    if (!hook) {
        m->hook = (nvgp_step_hook){ NULL, NULL, NULL };
        nvgp_exec_set_hook(m->exec, NULL);
        return NVGP_OK;
    }
    m->hook = *hook;
    nvgp_exec_hook h = { step_before, step_after, m };
    nvgp_exec_set_hook(m->exec, &h);
    return NVGP_OK;
}

uint32_t nvgp_machine_num_warps(const nvgp_machine *m)
{
    return m ? nvgp_exec_num_warps(m->exec) : 0;
}

bool nvgp_jit_available(void)
{
    return exec_jit_available();
}

void nvgp_machine_jit_info(const nvgp_machine *m, nvgp_jit_info *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!m)
        return;
    exec_jit_stats s = exec_jit_get_stats(m->exec);
    out->compile_ms = s.compile_ms;
    out->compile_cpu_ms = s.compile_cpu_ms;
    out->regions = s.regions;
    out->instructions = s.records;
    out->flow_regions = s.flow_regions;
    out->optimized_ms = s.optimized_ms;
    out->optimized_cpu_ms = s.optimized_cpu_ms;
    out->optimized = s.optimized;
    out->span_kernels = s.span_kernels;
    out->span_ms = s.span_ms;
}

void nvgp_machine_jit_wait(nvgp_machine *m)
{
    if (m)
        exec_jit_wait(m->exec);
}
