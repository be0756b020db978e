/* Binding names of a loaded program (nvgp.h "Bindings"): the program's own
 * names through the NV->TGSI binding map, TGSI register names for every
 * program; and the names each output register goes by, so that results
 * can be reported as the program spells them. */
#include "api/program.h"

#include "tgsi/tgsi_names.h"

#include <string.h>

/* One bracketed decimal number, "[12]", at *s (advanced past it). */
static bool bracket(const char **s, int32_t *out)
{
    const char *c = *s;
    if (*c != '[')
        return false;
    c++;
    if (*c < '0' || *c > '9')
        return false;
    int64_t v = 0;
    while (*c >= '0' && *c <= '9') {
        v = v * 10 + (*c++ - '0');
        if (v > INT32_MAX)
            return false;
    }
    if (*c != ']')
        return false;
    *out = (int32_t)v;
    *s = c + 1;
    return true;
}

/* TGSI spellings: IN[n] IN[v][n] OUT[n] OUT[v][n] CONST[n] CONST[b][n] SV[n]
 * BUFFER[n] IMAGE[n]. */
static const struct {
    const char *prefix;
    nvgp_binding_kind kind;
    bool two_d;
} tgsi_files[] = {
    { "IN", NVGP_BINDING_INPUT, true },         { "OUT", NVGP_BINDING_OUTPUT, true },
    { "CONST", NVGP_BINDING_PARAMETER, true },  { "SV", NVGP_BINDING_SYSTEM_VALUE, false },
    { "BUFFER", NVGP_BINDING_BUFFER, false },   { "IMAGE", NVGP_BINDING_IMAGE, false },
};

static bool tgsi_name(const char *name, nvgp_binding *b)
{
    for (size_t i = 0; i < sizeof tgsi_files / sizeof tgsi_files[0]; i++) {
        size_t n = strlen(tgsi_files[i].prefix);
        if (strncmp(name, tgsi_files[i].prefix, n) || name[n] != '[')
            continue;
        const char *s = name + n;
        int32_t a, c;
        if (!bracket(&s, &a))
            return false;
        b->kind = tgsi_files[i].kind;
        b->component = -1;
        if (!*s) {
            b->dim = -1;
            b->index = a;
            return true;
        }
        if (!tgsi_files[i].two_d || !bracket(&s, &c) || *s)
            return false;
        b->dim = a;
        b->index = c;
        return true;
    }
    return false;
}

/* The map's slots searched, in this order, and the binding kind of each
 * register file a slot may lead to (an input the translation keeps in a
 * system value, such as the vertex id or a tessellation level, is set like
 * one). */
static const nvgp_lower_slot_kind map_kinds[] = {
    NVGP_LOWER_INPUT, NVGP_LOWER_OUTPUT, NVGP_LOWER_CONSTANT, NVGP_LOWER_BUFFER,
    NVGP_LOWER_IMAGE,
};
static const struct {
    uint8_t file;
    nvgp_binding_kind kind;
} file_kinds[] = {
    { TGSI_FILE_INPUT, NVGP_BINDING_INPUT },         { TGSI_FILE_OUTPUT, NVGP_BINDING_OUTPUT },
    { TGSI_FILE_CONSTANT, NVGP_BINDING_PARAMETER },  { TGSI_FILE_SYSTEM_VALUE, NVGP_BINDING_SYSTEM_VALUE },
    { TGSI_FILE_BUFFER, NVGP_BINDING_BUFFER },       { TGSI_FILE_IMAGE, NVGP_BINDING_IMAGE },
};

static bool file_kind(uint8_t file, nvgp_binding_kind *kind)
{
    for (size_t i = 0; i < sizeof file_kinds / sizeof file_kinds[0]; i++)
        if (file_kinds[i].file == file) {
            *kind = file_kinds[i].kind;
            return true;
        }
    return false;
}

/* Whether prog declares the register a TGSI name resolved to: a job names
 * only what its program declares, whatever the language (an NV/ARB
 * program's translation declares what its binding map holds). */
static bool declared(const tgsi_program *prog, const nvgp_binding *b)
{
    if (!prog)
        return true;
    uint8_t file = TGSI_FILE_NULL;
    for (size_t i = 0; i < sizeof file_kinds / sizeof file_kinds[0]; i++)
        if (file_kinds[i].kind == b->kind)
            file = file_kinds[i].file;
    for (uint32_t i = 0; i < prog->num_declarations; i++) {
        const tgsi_declaration *d = &prog->declarations[i];
        if (d->file != file || b->index < d->first || b->index > d->last)
            continue;
        if (file != TGSI_FILE_CONSTANT)
            return true;   /* IN[v][n]: any vertex of a declared input */
        int32_t buffer = d->has_dimension ? d->dimension : 0;
        if (buffer == (b->dim < 0 ? 0 : b->dim))
            return true;
    }
    return false;
}

nvgp_status nvgp_program_find_binding_of(const nvgp_program *prog, const char *name,
                                         unsigned kinds, nvgp_binding *b)
{
    if (!prog || !name || !b)
        return NVGP_ERROR_INVALID_ARGUMENT;
    const nvgp_lower_map *map = nvgp_program_lower_map(prog);
    /* two passes: slots of the kinds wanted, then any */
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; map && k < sizeof map_kinds / sizeof map_kinds[0]; k++) {
            const nvgp_lower_slot *sl = nvgp_lower_map_find(map, map_kinds[k], name);
            if (!sl || (sl->kind == NVGP_LOWER_CONSTANT && sl->has_value))
                continue;
            nvgp_binding_kind kind;
            if (!file_kind(sl->file, &kind)) {
                if (pass == 1)
                    return NVGP_ERROR_WRONG_KIND;
                continue;
            }
            if (pass == 0 && !(kinds & (1u << kind)))
                continue;
            b->kind = kind;
            b->component = sl->component >= 0 && sl->component <= 3 ? sl->component : -1;
            b->dim = sl->vertex;
            b->index = sl->index;
            return NVGP_OK;
        }
    nvgp_binding r;   /* *b stays as it was when the name is unknown */
    if (!tgsi_name(name, &r) || !declared(nvgp_program_tgsi(prog), &r))
        return NVGP_ERROR_UNKNOWN_NAME;
    *b = r;
    return NVGP_OK;
}

nvgp_status nvgp_program_find_binding(const nvgp_program *prog, const char *name,
                                      nvgp_binding *b)
{
    return nvgp_program_find_binding_of(prog, name, ~0u, b);
}

const char *nvgp_program_output_name(const nvgp_program *prog, uint32_t index, uint32_t k,
                                     int32_t *component)
{
    const nvgp_lower_map *map = prog ? nvgp_program_lower_map(prog) : NULL;
    if (!map)
        return NULL;
    uint32_t seen = 0;
    for (int32_t comp = -1; comp < 4; comp++) {
        for (uint32_t i = 0; i < map->count; i++) {
            const nvgp_lower_slot *sl = &map->slots[i];
            if (sl->kind != NVGP_LOWER_OUTPUT || sl->index != (int32_t)index ||
                sl->component != comp)
                continue;
            if (seen++ == k) {
                if (component)
                    *component = comp;
                return sl->name;
            }
        }
    }
    return NULL;
}

/* The public stages in the order of TGSI's processors. */
static const struct {
    uint8_t processor;
    nvgp_stage stage;
} stages[] = {
    { TGSI_PROCESSOR_FRAGMENT, NVGP_STAGE_FRAGMENT },
    { TGSI_PROCESSOR_VERTEX, NVGP_STAGE_VERTEX },
    { TGSI_PROCESSOR_GEOMETRY, NVGP_STAGE_GEOMETRY },
    { TGSI_PROCESSOR_TESS_CTRL, NVGP_STAGE_TESS_CTRL },
    { TGSI_PROCESSOR_TESS_EVAL, NVGP_STAGE_TESS_EVAL },
    { TGSI_PROCESSOR_COMPUTE, NVGP_STAGE_COMPUTE },
};

nvgp_status nvgp_program_stage(const nvgp_program *prog, nvgp_stage *stage)
{
    const tgsi_program *tp = prog ? nvgp_program_tgsi(prog) : NULL;
    if (!stage)
        return NVGP_ERROR_INVALID_ARGUMENT;
    if (!tp)
        return prog ? NVGP_ERROR_INVALID_PROGRAM : NVGP_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++)
        if (stages[i].processor == tp->processor) {
            *stage = stages[i].stage;
            return NVGP_OK;
        }
    return NVGP_ERROR_INVALID_PROGRAM;
}

bool nvgp_program_instruction_offset(const nvgp_program *prog, size_t k, size_t *offset,
                                     size_t *count)
{
    const tgsi_program *tp = prog ? nvgp_program_tgsi(prog) : NULL;
    if (count)
        *count = tp ? tp->num_instructions : 0;
    if (!tp || k >= tp->num_instructions)
        return false;
    if (offset)
        *offset = tp->instructions[k].source_offset;
    return true;
}
