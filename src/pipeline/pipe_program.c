/* A bound program made ready for a draw: its TGSI form, its inputs and
 * outputs by semantic, its parameters filled from the state by the names of
 * the translation's binding map, and the options the fixed-function steps
 * around it obey (fog, fragment position conventions). */
#include "pipeline/pipe_internal.h"

#include "api/program.h"
#include "nv/nv_ir.h"
#include "tgsi/tgsi_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pipe_varying_slot(unsigned semantic, unsigned index)
{
    switch (semantic) {
    case TGSI_SEMANTIC_POSITION: return index == 0 ? VARY_POSITION : -1;
    case TGSI_SEMANTIC_COLOR: return index < 2 ? VARY_COLOR0 + (int)index : -1;
    case TGSI_SEMANTIC_BCOLOR: return index < 2 ? VARY_BCOLOR0 + (int)index : -1;
    case TGSI_SEMANTIC_FOG: return index == 0 ? VARY_FOG : -1;
    case TGSI_SEMANTIC_PSIZE: return index == 0 ? VARY_PSIZE : -1;
    case TGSI_SEMANTIC_CLIPDIST: return index < 2 ? VARY_CLIPDIST0 + (int)index : -1;
    case TGSI_SEMANTIC_LAYER: return index == 0 ? VARY_LAYER : -1;
    case TGSI_SEMANTIC_VIEWPORT_INDEX: return index == 0 ? VARY_VIEWPORT_INDEX : -1;
    case TGSI_SEMANTIC_GENERIC:
    case TGSI_SEMANTIC_TEXCOORD:
        return index < VARY_GENERICS ? VARY_GENERIC0 + (int)index : -1;
    default: return -1;
    }
}

/* Per stage: the TGSI processor its programs translate to and its name in
 * messages. */
static const struct {
    uint8_t processor;
    const char *name;
} stage_rows[NVGP_PIPE_STAGES] = {
    [NVGP_PIPE_VERTEX] = {TGSI_PROCESSOR_VERTEX, "vertex"},
    [NVGP_PIPE_FRAGMENT] = {TGSI_PROCESSOR_FRAGMENT, "fragment"},
    [NVGP_PIPE_TESS_CONTROL] = {TGSI_PROCESSOR_TESS_CTRL, "tessellation control"},
    [NVGP_PIPE_TESS_EVALUATION] = {TGSI_PROCESSOR_TESS_EVAL, "tessellation evaluation"},
    [NVGP_PIPE_GEOMETRY] = {TGSI_PROCESSOR_GEOMETRY, "geometry"},
};

const char *pipe_stage_name(nvgp_pipe_stage stage)
{
    return (unsigned)stage < NVGP_PIPE_STAGES ? stage_rows[stage].name : "?";
}

uint32_t pipe_program_property(const pipe_program *p, unsigned property, uint32_t fallback)
{
    for (uint32_t i = 0; i < p->tgsi->num_properties; i++)
        if (p->tgsi->properties[i].name == property && p->tgsi->properties[i].num_data >= 1)
            return p->tgsi->properties[i].data[0];
    return fallback;
}

static bool collect_io(pipe_program *p, char *err, size_t errlen)
{
    const tgsi_program *t = p->tgsi;
    for (uint32_t i = 0; i < t->num_declarations; i++) {
        const tgsi_declaration *d = &t->declarations[i];
        if (d->file == TGSI_FILE_SYSTEM_VALUE && d->has_semantic) {
            /* the fragment system values the rasteriser knows */
            unsigned sem = d->semantic_name;
            if (sem == TGSI_SEMANTIC_SAMPLEID || sem == TGSI_SEMANTIC_SAMPLEPOS)
                p->per_sample = true;
            if ((sem == TGSI_SEMANTIC_SAMPLEID || sem == TGSI_SEMANTIC_SAMPLEPOS ||
                 sem == TGSI_SEMANTIC_SAMPLEMASK || sem == TGSI_SEMANTIC_FACE) &&
                p->num_sysvals < sizeof p->sysvals / sizeof p->sysvals[0])
                p->sysvals[p->num_sysvals++] =
                    (pipe_io){(uint32_t)d->first, (uint8_t)sem, 0, d->semantic_index, 0};
            continue;
        }
        if (d->file != TGSI_FILE_INPUT && d->file != TGSI_FILE_OUTPUT)
            continue;
        if (d->file == TGSI_FILE_INPUT && d->has_interpolate &&
            d->interpolate_location == TGSI_INTERPOLATE_LOC_SAMPLE)
            p->per_sample = true;
        for (int32_t r = d->first; r <= d->last; r++) {
            bool in = d->file == TGSI_FILE_INPUT;
            uint32_t *n = in ? &p->num_inputs : &p->num_outputs;
            pipe_io *list = in ? p->inputs : p->outputs;
            if (*n >= sizeof p->inputs / sizeof p->inputs[0]) {
                snprintf(err, errlen, "the program declares too many %s", in ? "inputs" : "outputs");
                return false;
            }
            list[*n] = (pipe_io){(uint32_t)r, d->has_semantic ? d->semantic_name : TGSI_SEMANTIC_GENERIC,
                                 d->has_interpolate ? d->interpolate : TGSI_INTERPOLATE_PERSPECTIVE,
                                 (d->has_semantic ? d->semantic_index : 0) + (uint32_t)(r - d->first),
                                 d->has_interpolate ? d->interpolate_location
                                                    : TGSI_INTERPOLATE_LOC_CENTER};
            (*n)++;
        }
    }
    p->inputs_in_order = true;
    for (uint32_t k = 0; k < p->num_inputs; k++)
        p->inputs_in_order &= p->inputs[k].index == k;
    return true;
}

/* CONST registers: literals from the map, named bindings from the state;
 * a TGSI program's CONST[i] is the stage's env parameter i. */
static bool fill_constants(pipe_program *p, nvgp_pipe_stage stage, const nvgp_pipe_state *s,
                           char *err, size_t errlen)
{
    uint32_t count = 0;
    const tgsi_program *t = p->tgsi;
    for (uint32_t i = 0; i < t->num_declarations; i++) {
        const tgsi_declaration *d = &t->declarations[i];
        if (d->file == TGSI_FILE_CONSTANT && !d->has_dimension && d->last >= 0 &&
            (uint32_t)d->last + 1 > count)
            count = (uint32_t)d->last + 1;
    }
    free(p->constants);
    p->constants = calloc(count ? count : 1, 4 * sizeof(float));
    if (!p->constants) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    p->num_constants = count;
    if (!p->map) {
        for (uint32_t i = 0; i < count && i < NVGP_PIPE_ENV_PARAMS; i++)
            memcpy(p->constants + 4 * i, s->env[stage][i], 4 * sizeof(float));
        return true;
    }
    for (uint32_t i = 0; i < p->map->count; i++) {
        const nvgp_lower_slot *sl = &p->map->slots[i];
        if (sl->kind != NVGP_LOWER_CONSTANT || sl->index < 0 || (uint32_t)sl->index >= count)
            continue;
        float *dst = p->constants + 4 * sl->index;
        if (sl->has_value) {
            memcpy(dst, sl->value, 4 * sizeof(float));
        } else if (!pipe_state_binding(s, stage, sl->name, dst)) {
            snprintf(err, errlen, "unknown state binding '%s'", sl->name);
            return false;
        }
    }
    return true;
}

const char *pipe_parameter_buffer_check(nvgp_pipe_stage stage, uint32_t index, const void *data,
                                        size_t bytes)
{
    if ((unsigned)stage >= NVGP_PIPE_STAGES)
        return "no such stage";
    if (index >= NVGP_PIPE_PARAMETER_BUFFERS)
        return "parameter buffer binding points are 0..13 "
               "(MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV)";
    if (!data)
        return bytes ? "a size without data (give data NULL and size 0 to unbind)" : NULL;
    /* NV_parameter_buffer_object: INVALID_VALUE "if the value of <size> is
     * less than or equal to zero" or "not word-aligned" */
    if (bytes == 0)
        return "a bound parameter buffer needs a size above 0";
    if (bytes % 4)
        return "a parameter buffer's size must be a multiple of 4 bytes (word-aligned)";
    if ((uint64_t)bytes > (UINT64_C(1) << 32))
        return "a parameter buffer of more than 4 GiB";
    return NULL;
}

/* NV_parameter_buffer_object: program.buffer[a] reads the stage's binding
 * point a, wherever the translation put it (the map's BUFFER slots name
 * it); a TGSI program's BUFFER[a] is binding point a, as its CONST[i] is
 * env parameter i.  Storage and counter buffers are not parameter
 * buffers: they stay unbound. */
static bool bind_parameter_buffers(pipe_program *p, const nvgp_pipe_state *s, char *err,
                                   size_t errlen)
{
    const nvgp_pipe_buffer *pb = s->parameter_buffer[p->stage];
    for (uint32_t a = 0; a < NVGP_PIPE_PARAMETER_BUFFERS; a++) {
        const char *why = pipe_parameter_buffer_check(p->stage, a, pb[a].data, pb[a].bytes);
        if (why) {
            snprintf(err, errlen, "parameter buffer %u of the %s stage: %s", a,
                     pipe_stage_name(p->stage), why);
            return false;
        }
    }
    bool ok = true;
    if (!p->map) {
        for (uint32_t i = 0; i < p->tgsi->num_declarations; i++) {
            const tgsi_declaration *d = &p->tgsi->declarations[i];
            if (d->file != TGSI_FILE_BUFFER)
                continue;
            for (int32_t r = d->first; r <= d->last && r < NVGP_PIPE_PARAMETER_BUFFERS; r++)
                if (r >= 0)
                    ok &= pipe_machine_buffer(p->machine, (uint32_t)r, pb[r].data, pb[r].bytes);
        }
    }
    for (uint32_t i = 0; p->map && i < p->map->count; i++) {
        const nvgp_lower_slot *sl = &p->map->slots[i];
        unsigned a;
        char end;
        if (sl->kind != NVGP_LOWER_BUFFER || sl->index < 0 ||
            sscanf(sl->name, "program.buffer[%u%c", &a, &end) != 2 || end != ']' ||
            a >= NVGP_PIPE_PARAMETER_BUFFERS)
            continue;
        ok &= pipe_machine_buffer(p->machine, (uint32_t)sl->index, pb[a].data, pb[a].bytes);
    }
    if (!ok)
        snprintf(err, errlen, "out of memory for the %s stage's parameter buffers",
                 pipe_stage_name(p->stage));
    return ok;
}

static void collect_samplers(pipe_program *p)
{
    for (uint32_t i = 0; i < NVGP_PIPE_TEXTURE_UNITS; i++)
        p->sampler_unit[i] = -1;
    const tgsi_program *t = p->tgsi;
    for (uint32_t i = 0; i < t->num_declarations; i++) {
        const tgsi_declaration *d = &t->declarations[i];
        if (d->file != TGSI_FILE_SAMPLER)
            continue;
        for (int32_t r = d->first; r <= d->last && r < NVGP_PIPE_TEXTURE_UNITS; r++) {
            p->sampler_unit[r] = r;   /* TGSI text: SAMP[i] is unit i */
            if ((uint32_t)r + 1 > p->num_samplers)
                p->num_samplers = (uint32_t)r + 1;
        }
    }
    /* NV/ARB programs: texture[n] names the unit */
    for (uint32_t i = 0; p->map && i < p->map->count; i++) {
        const nvgp_lower_slot *sl = &p->map->slots[i];
        long unit;
        if (sl->kind != NVGP_LOWER_SAMPLER || sl->index < 0 || sl->index >= NVGP_PIPE_TEXTURE_UNITS)
            continue;
        if (sscanf(sl->name, "texture[%ld]", &unit) == 1 && unit >= 0 && unit < NVGP_PIPE_TEXTURE_UNITS)
            p->sampler_unit[sl->index] = (int32_t)unit;
    }
}

static void read_options(pipe_program *p)
{
    for (uint32_t i = 0; i < p->tgsi->num_instructions; i++) {
        unsigned op = p->tgsi->instructions[i].opcode;
        if (op == TGSI_OPCODE_INTERP_CENTROID || op == TGSI_OPCODE_INTERP_SAMPLE ||
            op == TGSI_OPCODE_INTERP_OFFSET)
            p->uses_interp = true;
        if (op == TGSI_OPCODE_KILL || op == TGSI_OPCODE_KILL_IF || op == TGSI_OPCODE_KIL ||
            op == TGSI_OPCODE_KILP || op == TGSI_OPCODE_DEMOTE)
            p->may_discard = true;
    }
    p->fog_option = -1;
    /* tgsi.rst: without FS_COORD_ORIGIN the position's origin is the upper
     * left (the translation says LOWER_LEFT unless the program asks for
     * ARB_fragment_coord_origin_upper_left) */
    p->origin_upper_left = true;
    const tgsi_program *t = p->tgsi;
    for (uint32_t i = 0; i < t->num_properties; i++) {
        const tgsi_property_decl *pr = &t->properties[i];
        if (pr->num_data < 1)
            continue;
        if (pr->name == TGSI_PROPERTY_FS_COORD_ORIGIN)
            p->origin_upper_left = pr->data[0] == 0;
        else if (pr->name == TGSI_PROPERTY_FS_COORD_PIXEL_CENTER)
            p->center_integer = pr->data[0] == 1;
        else if (pr->name == TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL)
            p->early_tests = pr->data[0] != 0;
    }
    const nv_program *nv = p->program ? nvgp_program_nv(p->program) : NULL;
    if (!nv)
        return;
    if (nv_program_has_option(nv, NV_OPTION_ARB_fog_linear))
        p->fog_option = NVGP_FOG_LINEAR;
    else if (nv_program_has_option(nv, NV_OPTION_ARB_fog_exp))
        p->fog_option = NVGP_FOG_EXP;
    else if (nv_program_has_option(nv, NV_OPTION_ARB_fog_exp2))
        p->fog_option = NVGP_FOG_EXP2;
    /* ARB_vertex_program 2.11: user clip planes apply to position-invariant
     * programs only (NV_vertex_program's VP1 environment has none) */
    p->position_invariant = nv_program_has_option(nv, NV_OPTION_ARB_position_invariant);
    p->post_depth_coverage = nv_program_has_option(nv, NV_OPTION_ARB_post_depth_coverage);
    const char *h = nvgp_program_header(p->program);
    p->nv_vertex = h && !strncmp(h, "!!VP", 4);
}

bool pipe_program_side_effects(const pipe_program *p)
{
    for (uint32_t i = 0; i < p->tgsi->num_instructions; i++)
        if (nvgp_tgsi_opcode_writes_memory(p->tgsi->instructions[i].opcode))
            return true;
    return false;
}

/* Whether a machine of the program may serve another draw: every setting
 * a draw makes on it (constants, textures, threads, budget) is made again
 * by the next, except parameter buffers, memory and the sample positions
 * of the interpolation opcodes, so programs with those (or with stores
 * and atomics) get a machine of their own each draw. */
static bool reusable(const pipe_program *p)
{
    if (p->uses_interp || pipe_program_side_effects(p))
        return false;
    for (uint32_t i = 0; i < p->tgsi->num_declarations; i++) {
        uint8_t f = p->tgsi->declarations[i].file;
        if (f == TGSI_FILE_BUFFER || f == TGSI_FILE_IMAGE || f == TGSI_FILE_MEMORY ||
            f == TGSI_FILE_HW_ATOMIC || f == TGSI_FILE_RESOURCE)
            return false;
    }
    for (uint32_t i = 0; p->map && i < p->map->count; i++)
        if (p->map->slots[i].kind == NVGP_LOWER_BUFFER)
            return false;
    return true;
}

bool pipe_program_init(pipe_program *p, const nvgp_program *prog, nvgp_pipe_stage stage,
                       const nvgp_pipe_state *s, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->program = prog;
    p->stage = stage;
    p->tgsi = nvgp_program_tgsi(prog);
    if (!p->tgsi) {
        snprintf(err, errlen, "the %s program has no TGSI translation", pipe_stage_name(stage));
        return false;
    }
    if (p->tgsi->processor != stage_rows[stage].processor) {
        snprintf(err, errlen, "a %s program is bound where a %s program belongs",
                 nvgp_program_header(prog), pipe_stage_name(stage));
        return false;
    }
    p->map = nvgp_program_lower_map(prog);
    if (!collect_io(p, err, errlen) || !fill_constants(p, stage, s, err, errlen))
        return false;
    collect_samplers(p);
    read_options(p);
    p->reuse = reusable(p);
    p->machine = p->reuse ? nvgp_program_cache_take(prog) : NULL;
    if (p->machine)
        pipe_debug_machines_reused++;
    else
        p->machine = pipe_machine_create(p->tgsi, err, errlen);
    if (!p->machine)
        return false;
    pipe_machine_threads(p->machine, s->threads);
    pipe_machine_engine(p->machine, s->engine);
    pipe_machine_budget(p->machine, s->budget);
    return bind_parameter_buffers(p, s, err, errlen);
}

unsigned pipe_debug_machines_reused = 0;

static void machine_free(void *m)
{
    pipe_machine_destroy(m);
}

void pipe_program_fini(pipe_program *p)
{
    /* kept for the program's next draw when nothing of this one can leak
     * into it */
    if (p->machine && p->reuse && !pipe_machine_failed(p->machine) &&
        nvgp_program_cache_put(p->program, p->machine, machine_free))
        p->machine = NULL;
    pipe_machine_destroy(p->machine);
    free(p->constants);
    memset(p, 0, sizeof *p);
}

int pipe_program_output(const pipe_program *p, unsigned semantic, unsigned index)
{
    for (uint32_t n = 0; n < p->num_outputs; n++)
        if (p->outputs[n].semantic == semantic && p->outputs[n].semantic_index == index)
            return (int)p->outputs[n].index;
    return -1;
}
