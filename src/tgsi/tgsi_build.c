/* The TGSI builder (see tgsi_build.h). */
#include "tgsi/tgsi_build.h"

#include "base/bits.h"
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_LABEL UINT32_MAX

typedef struct pending_property {
    bool set;
    uint32_t value;
    uint32_t order;   /* first setting, so that properties keep their order */
    uint32_t offset;
} pending_property;

typedef struct cal_fixup {
    uint32_t insn, label;
} cal_fixup;

struct tgsi_builder {
    uint8_t processor;
    nvgp_diag *diag;
    char *error;
    uint32_t offset;

    pending_property props[TGSI_PROPERTY_COUNT];
    uint32_t num_props;

    tgsi_declaration *decls;      /* everything but plain temporaries */
    uint32_t num_decls, cap_decls;
    uint32_t num_temps;           /* TEMP[0..num_temps) are handed out */
    int32_t *free_temps;
    uint32_t num_free_temps, cap_free_temps;
    uint8_t *temp_in_array;       /* per temp: part of an ARRAY declaration */
    uint32_t cap_temp_in_array;
    uint32_t next_array_id;
    uint32_t num_addr, num_memory, num_inputs, num_outputs, num_system_values;
    int32_t *const_count;         /* per buffer: registers to declare; 0 = unused */
    uint8_t *const_2d;            /* per buffer: accessed two-dimensionally */
    uint32_t num_const_buffers;

    tgsi_immediate *imms;
    uint32_t num_imms, cap_imms;

    tgsi_instruction *insns;
    uint32_t num_insns, cap_insns;
    bool has_end;

    uint32_t *blocks;             /* open IF/UIF/ELSE/BGNLOOP/BGNSUB instructions */
    uint32_t depth, cap_blocks;
    uint32_t *labels;             /* label id -> BGNSUB instruction, or NO_LABEL */
    uint32_t num_labels, cap_labels;
    cal_fixup *fixups;
    uint32_t num_fixups, cap_fixups;
};

NVGP_PRINTF(2, 3)
static void fail(tgsi_builder *b, const char *fmt, ...)
{
    if (b->error)
        return;
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    b->error = malloc(strlen(buf) + 1);
    if (b->error)
        strcpy(b->error, buf);
    else
        b->error = (char *)"out of memory";
    if (b->diag)
        nvgp_diag_error(b->diag, b->offset, "%s", buf);
}

static void free_error(tgsi_builder *b)
{
    if (b->error && strcmp(b->error, "out of memory") != 0)
        free(b->error);
}

/* Makes room for one more element of *arr; false (error recorded) when
 * memory is exhausted. */
static bool reserve(tgsi_builder *b, void **arr, uint32_t count, uint32_t *cap, size_t elem)
{
    if (count < *cap)
        return true;
    uint32_t ncap = *cap ? *cap * 2 : 16;
    if (ncap <= count)
        ncap = count + 1;
    void *n = realloc(*arr, (size_t)ncap * elem);
    if (!n) {
        fail(b, "out of memory");
        return false;
    }
    memset((char *)n + (size_t)*cap * elem, 0, (size_t)(ncap - *cap) * elem);
    *arr = n;
    *cap = ncap;
    return true;
}

tgsi_builder *nvgp_tgsi_builder_create(tgsi_processor processor, nvgp_diag *diag)
{
    tgsi_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->processor = (uint8_t)processor;
    b->diag = diag;
    b->next_array_id = 1;
    return b;
}

void nvgp_tgsi_builder_destroy(tgsi_builder *b)
{
    if (!b)
        return;
    free_error(b);
    free(b->decls);
    free(b->free_temps);
    free(b->temp_in_array);
    free(b->const_count);
    free(b->const_2d);
    free(b->imms);
    free(b->insns);
    free(b->blocks);
    free(b->labels);
    free(b->fixups);
    free(b);
}

const char *nvgp_tgsi_builder_error(const tgsi_builder *b) { return b->error; }

void nvgp_tgsi_builder_set_source_offset(tgsi_builder *b, uint32_t offset) { b->offset = offset; }

/* ---- Declarations ---------------------------------------------------------- */

void nvgp_tgsi_build_property(tgsi_builder *b, tgsi_property name, uint32_t value)
{
    if ((unsigned)name >= TGSI_PROPERTY_COUNT) {
        fail(b, "unknown property %u", (unsigned)name);
        return;
    }
    pending_property *p = &b->props[name];
    if (!p->set)
        p->order = b->num_props++;
    p->set = true;
    p->value = value;
    p->offset = b->offset;
}

static tgsi_declaration *new_decl(tgsi_builder *b, tgsi_file file, int32_t first, int32_t last)
{
    if (!reserve(b, (void **)&b->decls, b->num_decls, &b->cap_decls, sizeof *b->decls))
        return NULL;
    tgsi_declaration *d = &b->decls[b->num_decls++];
    memset(d, 0, sizeof *d);
    d->file = (uint8_t)file;
    d->first = first;
    d->last = last;
    d->usage_mask = TGSI_WRITEMASK_XYZW;
    d->sview_target = TGSI_TEXTURE_UNKNOWN;
    d->resource_target = TGSI_TEXTURE_UNKNOWN;
    for (int i = 0; i < 4; i++)
        d->sview_return[i] = TGSI_RETURN_TYPE_UNKNOWN;
    d->source_offset = b->offset;
    return d;
}

static tgsi_declaration *find_decl(tgsi_builder *b, tgsi_file file, int32_t index)
{
    for (uint32_t k = 0; k < b->num_decls; k++)
        if (b->decls[k].file == file && b->decls[k].first <= index && index <= b->decls[k].last)
            return &b->decls[k];
    return NULL;
}

static bool mark_temps(tgsi_builder *b, uint32_t first, uint32_t count, bool in_array)
{
    if (first + count > b->cap_temp_in_array) {
        uint32_t ncap = b->cap_temp_in_array ? b->cap_temp_in_array : 16;
        while (ncap < first + count)
            ncap *= 2;
        uint8_t *n = realloc(b->temp_in_array, ncap);
        if (!n) {
            fail(b, "out of memory");
            return false;
        }
        memset(n + b->cap_temp_in_array, 0, ncap - b->cap_temp_in_array);
        b->temp_in_array = n;
        b->cap_temp_in_array = ncap;
    }
    memset(b->temp_in_array + first, in_array, count);
    return true;
}

tgsi_dst nvgp_tgsi_build_temp(tgsi_builder *b)
{
    if (b->num_free_temps)
        return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, b->free_temps[--b->num_free_temps]);
    if (b->num_temps >= INT32_MAX || !mark_temps(b, b->num_temps, 1, false))
        return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, (int32_t)b->num_temps++);
}

void nvgp_tgsi_build_release_temp(tgsi_builder *b, tgsi_dst t)
{
    if (t.reg.file != TGSI_FILE_TEMPORARY || t.reg.index < 0 || (uint32_t)t.reg.index >= b->num_temps ||
        b->temp_in_array[t.reg.index]) {
        fail(b, "released a register that is not a temporary of this builder");
        return;
    }
    for (uint32_t k = 0; k < b->num_free_temps; k++)
        if (b->free_temps[k] == t.reg.index) {
            fail(b, "TEMP[%d] released twice", t.reg.index);
            return;
        }
    if (reserve(b, (void **)&b->free_temps, b->num_free_temps, &b->cap_free_temps, sizeof *b->free_temps))
        b->free_temps[b->num_free_temps++] = t.reg.index;
}

tgsi_dst nvgp_tgsi_build_temp_array(tgsi_builder *b, uint32_t count, uint32_t *array_id)
{
    if (array_id)
        *array_id = 0;
    if (count == 0 || count > (uint32_t)INT32_MAX - b->num_temps) {
        fail(b, "bad temporary array size %u", count);
        return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    }
    uint32_t first = b->num_temps;
    tgsi_declaration *d = new_decl(b, TGSI_FILE_TEMPORARY, (int32_t)first, (int32_t)(first + count - 1));
    if (!d || !mark_temps(b, first, count, true))
        return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    d->array_id = b->next_array_id++;
    if (array_id)
        *array_id = d->array_id;
    b->num_temps += count;
    return nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, (int32_t)first);
}

tgsi_dst nvgp_tgsi_build_address(tgsi_builder *b)
{
    int32_t i = (int32_t)b->num_addr;
    if (new_decl(b, TGSI_FILE_ADDRESS, i, i))
        b->num_addr++;
    return nvgp_tgsi_dst(TGSI_FILE_ADDRESS, i);
}

static bool per_vertex_inputs(const tgsi_builder *b)
{
    return b->processor == TGSI_PROCESSOR_GEOMETRY || b->processor == TGSI_PROCESSOR_TESS_CTRL ||
           b->processor == TGSI_PROCESSOR_TESS_EVAL;
}

static tgsi_declaration *semantic_decl(tgsi_builder *b, tgsi_file file, tgsi_semantic name,
                                       uint32_t index, uint32_t *counter, bool *created)
{
    *created = false;
    if ((unsigned)name >= TGSI_SEMANTIC_COUNT) {
        fail(b, "unknown semantic %u", (unsigned)name);
        return NULL;
    }
    for (uint32_t k = 0; k < b->num_decls; k++) {
        tgsi_declaration *d = &b->decls[k];
        if (d->file == file && d->has_semantic && d->semantic_name == name && d->semantic_index == index)
            return d;
    }
    int32_t i = (int32_t)*counter;
    tgsi_declaration *d = new_decl(b, file, i, i);
    if (!d)
        return NULL;
    (*counter)++;
    d->has_semantic = true;
    d->semantic_name = (uint8_t)name;
    d->semantic_index = index;
    *created = true;
    return d;
}

static bool is_patch_semantic(tgsi_semantic name)
{
    return name == TGSI_SEMANTIC_PATCH || name == TGSI_SEMANTIC_TESSOUTER ||
           name == TGSI_SEMANTIC_TESSINNER;
}

tgsi_src nvgp_tgsi_build_input(tgsi_builder *b, tgsi_semantic name, uint32_t index)
{
    bool created;
    tgsi_declaration *d = semantic_decl(b, TGSI_FILE_INPUT, name, index, &b->num_inputs, &created);
    if (!d)
        return nvgp_tgsi_src(TGSI_FILE_INPUT, 0);
    if (created && per_vertex_inputs(b) && !is_patch_semantic(name)) {
        /* DCL IN[][i]: the vertex count follows from the primitive. */
        d->dimension_unsized = true;
    }
    return nvgp_tgsi_src(TGSI_FILE_INPUT, d->first);
}

tgsi_src nvgp_tgsi_build_fs_input(tgsi_builder *b, tgsi_semantic name, uint32_t index,
                                  tgsi_interpolate interp, tgsi_interpolate_loc loc)
{
    if (b->processor != TGSI_PROCESSOR_FRAGMENT)
        fail(b, "interpolated inputs exist only in fragment programs");
    if ((unsigned)interp >= TGSI_INTERPOLATE_COUNT || (unsigned)loc >= TGSI_INTERPOLATE_LOC_COUNT)
        fail(b, "unknown interpolation mode");
    bool created;
    tgsi_declaration *d = semantic_decl(b, TGSI_FILE_INPUT, name, index, &b->num_inputs, &created);
    if (!d)
        return nvgp_tgsi_src(TGSI_FILE_INPUT, 0);
    if (created) {
        d->has_interpolate = true;
        d->interpolate = (uint8_t)interp;
        d->interpolate_location = (uint8_t)loc;
    } else if (!d->has_interpolate || d->interpolate != interp || d->interpolate_location != loc) {
        fail(b, "input asked for again with another interpolation");
    }
    return nvgp_tgsi_src(TGSI_FILE_INPUT, d->first);
}

tgsi_dst nvgp_tgsi_build_output(tgsi_builder *b, tgsi_semantic name, uint32_t index)
{
    bool created;
    tgsi_declaration *d = semantic_decl(b, TGSI_FILE_OUTPUT, name, index, &b->num_outputs, &created);
    if (d && created && b->processor == TGSI_PROCESSOR_TESS_CTRL && !is_patch_semantic(name)) {
        /* DCL OUT[][i]: one per output patch vertex */
        d->dimension_unsized = true;
    }
    return nvgp_tgsi_dst(TGSI_FILE_OUTPUT, d ? d->first : 0);
}

tgsi_src nvgp_tgsi_build_system_value(tgsi_builder *b, tgsi_semantic name, uint32_t index)
{
    bool created;
    tgsi_declaration *d =
        semantic_decl(b, TGSI_FILE_SYSTEM_VALUE, name, index, &b->num_system_values, &created);
    return nvgp_tgsi_src(TGSI_FILE_SYSTEM_VALUE, d ? d->first : 0);
}

static bool use_constants(tgsi_builder *b, int32_t buffer, int32_t count, bool two_d)
{
    if (buffer < 0 || buffer >= 1024 || count < 0) {
        fail(b, "bad constant buffer %d or index %d", buffer, count - 1);
        return false;
    }
    if ((uint32_t)buffer >= b->num_const_buffers) {
        uint32_t n = (uint32_t)buffer + 1;
        int32_t *c = realloc(b->const_count, n * sizeof *c);
        if (c)
            b->const_count = c;
        uint8_t *t = c ? realloc(b->const_2d, n) : NULL;
        if (!c || !t) {
            fail(b, "out of memory");
            return false;
        }
        b->const_2d = t;
        for (uint32_t k = b->num_const_buffers; k < n; k++) {
            b->const_count[k] = 0;
            b->const_2d[k] = 0;
        }
        b->num_const_buffers = n;
    }
    if (b->const_count[buffer] < count)
        b->const_count[buffer] = count;
    b->const_2d[buffer] |= two_d;
    return true;
}

tgsi_src nvgp_tgsi_build_constant(tgsi_builder *b, int32_t index)
{
    if (index < 0 || index == INT32_MAX) {
        fail(b, "bad constant index %d", index);
        index = 0;
    }
    use_constants(b, 0, index + 1, false);
    return nvgp_tgsi_src(TGSI_FILE_CONSTANT, index);
}

tgsi_src nvgp_tgsi_build_constant_2d(tgsi_builder *b, int32_t buffer, int32_t index)
{
    if (index < 0 || index == INT32_MAX) {
        fail(b, "bad constant index %d", index);
        index = 0;
    }
    use_constants(b, buffer, index + 1, true);
    return nvgp_tgsi_src_dimension(nvgp_tgsi_src(TGSI_FILE_CONSTANT, index), buffer < 0 ? 0 : buffer);
}

void nvgp_tgsi_build_constant_range(tgsi_builder *b, int32_t buffer, int32_t count)
{
    use_constants(b, buffer, count, buffer != 0);
}

/* The declaration of a resource FILE[index], created on first use. */
static tgsi_declaration *resource_decl(tgsi_builder *b, tgsi_file file, int32_t index, bool *created)
{
    *created = false;
    if (index < 0) {
        fail(b, "negative resource index %d", index);
        return NULL;
    }
    tgsi_declaration *d = find_decl(b, file, index);
    if (d)
        return d;
    *created = true;
    return new_decl(b, file, index, index);
}

tgsi_src nvgp_tgsi_build_sampler(tgsi_builder *b, int32_t index)
{
    bool created;
    resource_decl(b, TGSI_FILE_SAMPLER, index, &created);
    return nvgp_tgsi_src(TGSI_FILE_SAMPLER, index);
}

tgsi_src nvgp_tgsi_build_sampler_view(tgsi_builder *b, int32_t index, tgsi_texture target,
                                      tgsi_return_type type)
{
    bool created;
    tgsi_declaration *d = resource_decl(b, TGSI_FILE_SAMPLER_VIEW, index, &created);
    if (d && created) {
        d->sview_target = (uint8_t)target;
        for (int i = 0; i < 4; i++)
            d->sview_return[i] = (uint8_t)type;
    } else if (d && (d->sview_target != target || d->sview_return[0] != type)) {
        fail(b, "SVIEW[%d] declared again differently", index);
    }
    return nvgp_tgsi_src(TGSI_FILE_SAMPLER_VIEW, index);
}

tgsi_src nvgp_tgsi_build_buffer(tgsi_builder *b, int32_t index, bool atomic)
{
    bool created;
    tgsi_declaration *d = resource_decl(b, TGSI_FILE_BUFFER, index, &created);
    if (d && created)
        d->atomic = atomic;
    else if (d && d->atomic != atomic)
        fail(b, "BUFFER[%d] declared again differently", index);
    return nvgp_tgsi_src(TGSI_FILE_BUFFER, index);
}

tgsi_src nvgp_tgsi_build_image(tgsi_builder *b, int32_t index, tgsi_texture target,
                               uint16_t format, bool writable, bool raw)
{
    bool created;
    tgsi_declaration *d = resource_decl(b, TGSI_FILE_IMAGE, index, &created);
    if (d && created) {
        d->resource_target = (uint8_t)target;
        d->image_format = format;
        d->writable = writable;
        d->raw = raw;
    } else if (d && (d->resource_target != target || d->image_format != format ||
                     d->writable != writable || d->raw != raw)) {
        fail(b, "IMAGE[%d] declared again differently", index);
    }
    return nvgp_tgsi_src(TGSI_FILE_IMAGE, index);
}

tgsi_src nvgp_tgsi_build_memory(tgsi_builder *b, tgsi_memory_type type)
{
    if ((unsigned)type >= TGSI_MEMORY_TYPE_COUNT) {
        fail(b, "unknown memory type %u", (unsigned)type);
        type = TGSI_MEMORY_TYPE_GLOBAL;
    }
    int32_t i = (int32_t)b->num_memory;
    tgsi_declaration *d = new_decl(b, TGSI_FILE_MEMORY, i, i);
    if (d) {
        d->memory_type = (uint8_t)type;
        b->num_memory++;
    }
    return nvgp_tgsi_src(TGSI_FILE_MEMORY, i);
}

/* ---- Immediates -------------------------------------------------------------- */

static bool imm_is_64bit(tgsi_imm_type t)
{
    return t == TGSI_IMM_FLOAT64 || t == TGSI_IMM_UINT64 || t == TGSI_IMM_INT64;
}

/* Tries to place the values (units of `unit` words) into immediate imm,
 * reusing equal components and filling free ones; on success fills
 * slot[] (the first component of each value) and commits. */
static bool place_in(tgsi_immediate *imm, const uint32_t *words, unsigned n, unsigned unit, uint8_t *slot)
{
    uint32_t v[4];
    unsigned used = imm->num_words;
    memcpy(v, imm->value, sizeof v);
    for (unsigned k = 0; k < n / unit; k++) {
        const uint32_t *w = words + k * unit;
        unsigned found = 4;
        for (unsigned c = 0; c + unit <= used && found == 4; c += unit)
            if (v[c] == w[0] && (unit == 1 || v[c + 1] == w[1]))
                found = c;
        if (found == 4) {
            if (used + unit > 4)
                return false;
            found = used;
            for (unsigned q = 0; q < unit; q++)
                v[used++] = w[q];
        }
        slot[k] = (uint8_t)found;
    }
    memcpy(imm->value, v, sizeof v);
    imm->num_words = (uint8_t)used;
    return true;
}

tgsi_src nvgp_tgsi_build_imm(tgsi_builder *b, tgsi_imm_type type, const uint32_t *words, unsigned n)
{
    tgsi_src bad = nvgp_tgsi_src(TGSI_FILE_IMMEDIATE, 0);
    if ((unsigned)type >= TGSI_IMM_COUNT) {
        fail(b, "unknown immediate type %u", (unsigned)type);
        return bad;
    }
    unsigned unit = imm_is_64bit(type) ? 2 : 1;
    if (n == 0 || n > 4 || n % unit) {
        fail(b, "an immediate holds 1 to 4 words (whole 64-bit values for 64-bit types)");
        return bad;
    }
    uint8_t slot[4];
    uint32_t k;
    for (k = 0; k < b->num_imms; k++)
        if (b->imms[k].type == type && place_in(&b->imms[k], words, n, unit, slot))
            break;
    if (k == b->num_imms) {
        if (!reserve(b, (void **)&b->imms, b->num_imms, &b->cap_imms, sizeof *b->imms))
            return bad;
        tgsi_immediate *imm = &b->imms[b->num_imms++];
        memset(imm, 0, sizeof *imm);
        imm->type = (uint8_t)type;
        imm->source_offset = b->offset;
        place_in(imm, words, n, unit, slot);
    }
    tgsi_src s = nvgp_tgsi_src(TGSI_FILE_IMMEDIATE, (int32_t)k);
    unsigned values = n / unit;
    for (unsigned i = 0; i < 4; i++) {
        /* component i is word i % unit of value i / unit (the last value
         * repeats) */
        unsigned c = i / unit;
        s.swizzle[i] = (uint8_t)(slot[c < values ? c : values - 1] + i % unit);
    }
    return s;
}

tgsi_src nvgp_tgsi_build_imm_f32(tgsi_builder *b, const float *v, unsigned n)
{
    uint32_t w[4] = { 0 };
    if (n > 4)
        n = 5; /* reported by nvgp_tgsi_build_imm */
    else
        memcpy(w, v, n * sizeof *v);
    return nvgp_tgsi_build_imm(b, TGSI_IMM_FLOAT32, w, n);
}

tgsi_src nvgp_tgsi_build_imm1f(tgsi_builder *b, float x) { return nvgp_tgsi_build_imm_f32(b, &x, 1); }

tgsi_src nvgp_tgsi_build_imm4f(tgsi_builder *b, float x, float y, float z, float w)
{
    const float v[4] = { x, y, z, w };
    return nvgp_tgsi_build_imm_f32(b, v, 4);
}

tgsi_src nvgp_tgsi_build_imm1u(tgsi_builder *b, uint32_t x)
{
    return nvgp_tgsi_build_imm(b, TGSI_IMM_UINT32, &x, 1);
}

tgsi_src nvgp_tgsi_build_imm1i(tgsi_builder *b, int32_t x)
{
    uint32_t w;
    memcpy(&w, &x, sizeof w);
    return nvgp_tgsi_build_imm(b, TGSI_IMM_INT32, &w, 1);
}

tgsi_src nvgp_tgsi_build_imm1d(tgsi_builder *b, double x)
{
    uint64_t bits = d2u_bits(x);
    const uint32_t w[2] = { (uint32_t)bits, (uint32_t)(bits >> 32) };
    return nvgp_tgsi_build_imm(b, TGSI_IMM_FLOAT64, w, 2);
}

/* ---- Instructions ------------------------------------------------------------ */

/* Which blocks a closing instruction may close (the table's OPEN/CLOSE
 * flags say that it opens or closes, not what it pairs with). */
enum { BLK_IF = 1, BLK_ELSE = 2, BLK_LOOP = 4, BLK_SUB = 8 };
static const uint8_t block_kind[TGSI_OPCODE_COUNT] = {
    [TGSI_OPCODE_IF] = BLK_IF, [TGSI_OPCODE_UIF] = BLK_IF, [TGSI_OPCODE_ELSE] = BLK_ELSE,
    [TGSI_OPCODE_BGNLOOP] = BLK_LOOP, [TGSI_OPCODE_BGNSUB] = BLK_SUB,
};
static const uint8_t closes[TGSI_OPCODE_COUNT] = {
    [TGSI_OPCODE_ELSE] = BLK_IF, [TGSI_OPCODE_ENDIF] = BLK_IF | BLK_ELSE,
    [TGSI_OPCODE_ENDLOOP] = BLK_LOOP, [TGSI_OPCODE_ENDSUB] = BLK_SUB,
};

uint32_t nvgp_tgsi_build_next_index(const tgsi_builder *b) { return b->num_insns; }

static bool push_block(tgsi_builder *b, uint32_t insn)
{
    if (!reserve(b, (void **)&b->blocks, b->depth, &b->cap_blocks, sizeof *b->blocks))
        return false;
    b->blocks[b->depth++] = insn;
    return true;
}

tgsi_instruction *nvgp_tgsi_build_insn(tgsi_builder *b, tgsi_opcode op, const tgsi_dst *dst,
                                       unsigned num_dst, const tgsi_src *src, unsigned num_src)
{
    if (b->error)
        return NULL;
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
    if (!info) {
        fail(b, "unknown opcode %u", (unsigned)op);
        return NULL;
    }
    if (num_dst != info->num_dst || num_src != info->num_src || (num_dst && !dst) || (num_src && !src)) {
        fail(b, "%s takes %u destination and %u source operands, not %u and %u", info->name,
             info->num_dst, info->num_src, num_dst, num_src);
        return NULL;
    }
    if (!reserve(b, (void **)&b->insns, b->num_insns, &b->cap_insns, sizeof *b->insns))
        return NULL;
    uint32_t index = b->num_insns++;
    tgsi_instruction *in = &b->insns[index];
    memset(in, 0, sizeof *in);
    in->opcode = (uint16_t)op;
    in->num_dst = (uint8_t)num_dst;
    in->num_src = (uint8_t)num_src;
    in->texture = TGSI_TEXTURE_UNKNOWN;
    in->return_type = TGSI_RETURN_TYPE_UNKNOWN;
    for (unsigned k = 0; k < TGSI_MAX_DST; k++)
        in->dst[k] = k < num_dst ? dst[k] : nvgp_tgsi_dst(TGSI_FILE_NULL, 0);
    for (unsigned k = 0; k < TGSI_MAX_SRC; k++)
        in->src[k] = k < num_src ? src[k] : nvgp_tgsi_src(TGSI_FILE_NULL, 0);
    in->source_offset = b->offset;
    if (op == TGSI_OPCODE_END)
        b->has_end = true;

    /* Block structure from the table's OPEN/CLOSE/LABEL flags: a closer
     * fills in the label of the instruction that opened its block. */
    if (info->flags & TGSI_OPF_CLOSE) {
        if (b->depth == 0) {
            fail(b, "%s closes no block", info->name);
            return NULL;
        }
        tgsi_instruction *opener = &b->insns[b->blocks[--b->depth]];
        const tgsi_opcode_info *oi = nvgp_tgsi_opcode_info(opener->opcode);
        if (!(closes[op] & block_kind[opener->opcode])) {
            fail(b, "%s cannot close %s", info->name, oi->name);
            return NULL;
        }
        if (oi->flags & TGSI_OPF_LABEL) {
            opener->has_label = true;
            opener->label = index;
        }
        if (info->flags & TGSI_OPF_LABEL && !(info->flags & TGSI_OPF_OPEN)) {
            /* ENDLOOP points back at its BGNLOOP. */
            in->has_label = true;
            in->label = (uint32_t)(opener - b->insns);
        }
    }
    if (info->flags & TGSI_OPF_OPEN)
        push_block(b, index);
    return b->error ? NULL : in;
}

tgsi_instruction *nvgp_tgsi_build_tex(tgsi_builder *b, tgsi_opcode op, tgsi_dst dst, tgsi_texture target,
                                      const tgsi_src *src, unsigned num_src, const tgsi_src *offsets,
                                      unsigned num_offsets)
{
    if (num_offsets > TGSI_MAX_TEX_OFFSETS) {
        fail(b, "at most %d texel offsets", TGSI_MAX_TEX_OFFSETS);
        return NULL;
    }
    tgsi_instruction *in = nvgp_tgsi_build_insn(b, op, &dst, 1, src, num_src);
    if (!in)
        return NULL;
    in->texture = (uint8_t)target;
    in->num_offsets = (uint8_t)num_offsets;
    for (unsigned k = 0; k < num_offsets; k++) {
        in->offsets[k].file = offsets[k].reg.file;
        in->offsets[k].index = offsets[k].reg.index;
        for (unsigned q = 0; q < 3; q++)
            in->offsets[k].swizzle[q] = offsets[k].swizzle[q];
    }
    return in;
}

uint32_t nvgp_tgsi_build_label(tgsi_builder *b)
{
    if (!reserve(b, (void **)&b->labels, b->num_labels, &b->cap_labels, sizeof *b->labels))
        return 0;
    b->labels[b->num_labels] = NO_LABEL;
    return b->num_labels++;
}

tgsi_instruction *nvgp_tgsi_build_bgnsub(tgsi_builder *b, uint32_t label)
{
    if (label >= b->num_labels) {
        fail(b, "unknown label %u", label);
        return NULL;
    }
    if (b->labels[label] != NO_LABEL) {
        fail(b, "label %u bound twice", label);
        return NULL;
    }
    uint32_t index = b->num_insns;
    tgsi_instruction *in = nvgp_tgsi_build_insn(b, TGSI_OPCODE_BGNSUB, NULL, 0, NULL, 0);
    if (in)
        b->labels[label] = index;
    return in;
}

tgsi_instruction *nvgp_tgsi_build_cal(tgsi_builder *b, uint32_t label)
{
    if (label >= b->num_labels) {
        fail(b, "unknown label %u", label);
        return NULL;
    }
    uint32_t index = b->num_insns;
    tgsi_instruction *in = nvgp_tgsi_build_insn(b, TGSI_OPCODE_CAL, NULL, 0, NULL, 0);
    if (!in || !reserve(b, (void **)&b->fixups, b->num_fixups, &b->cap_fixups, sizeof *b->fixups))
        return NULL;
    b->fixups[b->num_fixups++] = (cal_fixup){ index, label };
    return in;
}

/* ---- Finish ------------------------------------------------------------------ */

/* Declaration order of files, as Mesa's ureg emits them. */
static const uint8_t file_rank[TGSI_FILE_COUNT] = {
    [TGSI_FILE_INPUT] = 0, [TGSI_FILE_SYSTEM_VALUE] = 1, [TGSI_FILE_OUTPUT] = 2,
    [TGSI_FILE_SAMPLER] = 3, [TGSI_FILE_SAMPLER_VIEW] = 4, [TGSI_FILE_IMAGE] = 5,
    [TGSI_FILE_BUFFER] = 6, [TGSI_FILE_MEMORY] = 7, [TGSI_FILE_CONSTANT] = 8,
    [TGSI_FILE_HW_ATOMIC] = 9, [TGSI_FILE_TEMPORARY] = 10, [TGSI_FILE_ADDRESS] = 11,
    [TGSI_FILE_NULL] = 12, [TGSI_FILE_IMMEDIATE] = 12, [TGSI_FILE_RESOURCE] = 12,
    [TGSI_FILE_PREDICATE] = 12, [TGSI_FILE_TEMPORARY_ARRAY] = 12, [TGSI_FILE_IMMEDIATE_ARRAY] = 12,
};

static int decl_order(const void *a, const void *c)
{
    const tgsi_declaration *x = a, *y = c;
    if (file_rank[x->file] != file_rank[y->file])
        return file_rank[x->file] < file_rank[y->file] ? -1 : 1;
    if (x->dimension != y->dimension)
        return x->dimension < y->dimension ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Adds plain temporaries (maximal runs outside arrays) and constant
 * buffers to the pending declarations. */
static void add_implicit_decls(tgsi_builder *b)
{
    for (uint32_t t = 0; t < b->num_temps;) {
        if (b->temp_in_array[t]) {
            t++;
            continue;
        }
        uint32_t end = t;
        while (end + 1 < b->num_temps && !b->temp_in_array[end + 1])
            end++;
        uint32_t saved = b->offset;
        b->offset = 0;
        new_decl(b, TGSI_FILE_TEMPORARY, (int32_t)t, (int32_t)end);
        b->offset = saved;
        t = end + 1;
    }
    for (uint32_t k = 0; k < b->num_const_buffers; k++) {
        if (!b->const_count[k])
            continue;
        tgsi_declaration *d = new_decl(b, TGSI_FILE_CONSTANT, 0, b->const_count[k] - 1);
        if (d && (k || b->const_2d[k])) {
            d->has_dimension = true;
            d->dimension = (int32_t)k;
        }
    }
}

/* ---- Immediates laid out by first use ----------------------------------------- */

/* The lowering creates immediates inside the arguments of builder calls, and
 * C leaves the order of evaluating arguments open: two compilers would pack
 * the same values into different components and number the immediates
 * differently.  So finish lays the immediates out again, placing the values
 * each operand reads in the order the instructions read them (the same
 * packing rule as nvgp_tgsi_build_imm), and rewrites the operands' indices
 * and swizzles.  Immediates no operand reads keep their place after the
 * others.  A program reading an immediate indirectly is left as built. */

typedef struct imm_layout {
    tgsi_immediate *imms;
    uint32_t num, cap;
} imm_layout;

/* Places the values an operand of old immediate `old` reads through
 * `swz` (n components) into the new layout; rewrites swz and *index. */
static bool relayout_operand(tgsi_builder *b, imm_layout *L, const tgsi_immediate *old, uint8_t *swz,
                             unsigned n, int32_t *index)
{
    unsigned unit = imm_is_64bit((tgsi_imm_type)old->type) ? 2 : 1;
    uint32_t words[4];
    unsigned start[4] = { 0 }, nwords = 0;
    /* Distinct values (a 64-bit value is the pair starting at an even word)
     * in the order the swizzle reads them. */
    for (unsigned i = 0; i < n; i++) {
        unsigned first = unit == 2 ? (swz[i] & ~1u) : swz[i];
        bool seen = false;
        for (unsigned v = 0; v < nwords / unit && !seen; v++)
            seen = start[v] == first;
        if (!seen) {
            start[nwords / unit] = first;
            for (unsigned q = 0; q < unit; q++)
                words[nwords + q] = old->value[(first + q) & 3];
            nwords += unit;
        }
    }
    uint8_t slot[4];
    uint32_t k;
    for (k = 0; k < L->num; k++)
        if (L->imms[k].type == old->type && place_in(&L->imms[k], words, nwords, unit, slot))
            break;
    if (k == L->num) {
        if (!reserve(b, (void **)&L->imms, L->num, &L->cap, sizeof *L->imms))
            return false;
        tgsi_immediate *imm = &L->imms[L->num++];
        memset(imm, 0, sizeof *imm);
        imm->type = old->type;
        imm->source_offset = old->source_offset;
        place_in(imm, words, nwords, unit, slot);
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned first = unit == 2 ? (swz[i] & ~1u) : swz[i];
        for (unsigned v = 0; v < nwords / unit; v++)
            if (start[v] == first)
                swz[i] = (uint8_t)(slot[v] + (swz[i] - first));
    }
    *index = (int32_t)k;
    return true;
}

static bool plain_immediate(const tgsi_register *r, uint32_t num_imms)
{
    return !r->indirect && !r->dimension && r->index >= 0 && (uint32_t)r->index < num_imms;
}

static void relayout_immediates(tgsi_builder *b)
{
    if (b->num_imms < 1 || b->error)
        return;
    for (uint32_t k = 0; k < b->num_insns; k++) {
        const tgsi_instruction *in = &b->insns[k];
        for (unsigned s = 0; s < in->num_src; s++)
            if (in->src[s].reg.file == TGSI_FILE_IMMEDIATE && !plain_immediate(&in->src[s].reg, b->num_imms))
                return;
        for (unsigned o = 0; o < in->num_offsets; o++)
            if (in->offsets[o].file == TGSI_FILE_IMMEDIATE &&
                (in->offsets[o].index < 0 || (uint32_t)in->offsets[o].index >= b->num_imms))
                return;
    }
    imm_layout L = { 0 };
    uint8_t *read = calloc(b->num_imms, 1);
    bool ok = read != NULL;
    for (uint32_t k = 0; k < b->num_insns && ok; k++) {
        tgsi_instruction *in = &b->insns[k];
        for (unsigned s = 0; s < in->num_src && ok; s++) {
            tgsi_src *src = &in->src[s];
            if (src->reg.file != TGSI_FILE_IMMEDIATE)
                continue;
            read[src->reg.index] = 1;
            ok = relayout_operand(b, &L, &b->imms[src->reg.index], src->swizzle, 4, &src->reg.index);
        }
        for (unsigned o = 0; o < in->num_offsets && ok; o++) {
            tgsi_tex_offset *off = &in->offsets[o];
            if (off->file != TGSI_FILE_IMMEDIATE)
                continue;
            read[off->index] = 1;
            int32_t index = off->index;
            ok = relayout_operand(b, &L, &b->imms[index], off->swizzle, 3, &index);
            off->index = index;
        }
    }
    for (uint32_t k = 0; k < b->num_imms && ok; k++)
        if (!read[k]) {
            if ((ok = reserve(b, (void **)&L.imms, L.num, &L.cap, sizeof *L.imms)))
                L.imms[L.num++] = b->imms[k];
        }
    free(read);
    if (!ok) {
        free(L.imms);
        fail(b, "out of memory");
        return;
    }
    free(b->imms);
    b->imms = L.imms;
    b->num_imms = L.num;
    b->cap_imms = L.cap;
}

tgsi_program *nvgp_tgsi_builder_finish(tgsi_builder *b)
{
    if (!b)
        return NULL;
    if (!b->error && b->depth) {
        const tgsi_opcode_info *oi = nvgp_tgsi_opcode_info(b->insns[b->blocks[b->depth - 1]].opcode);
        fail(b, "%s is never closed", oi->name);
    }
    for (uint32_t k = 0; k < b->num_fixups && !b->error; k++) {
        uint32_t target = b->labels[b->fixups[k].label];
        if (target == NO_LABEL)
            fail(b, "CAL to label %u, which no BGNSUB binds", b->fixups[k].label);
        b->insns[b->fixups[k].insn].has_label = true;
        b->insns[b->fixups[k].insn].label = target;
    }
    if (!b->error && !b->has_end) {
        /* END ends the main program; subroutines would have needed it. */
        if (b->num_labels)
            for (uint32_t k = 0; k < b->num_insns; k++)
                if (b->insns[k].opcode == TGSI_OPCODE_BGNSUB) {
                    fail(b, "subroutines follow END; emit END before the first BGNSUB");
                    break;
                }
        if (!b->error)
            nvgp_tgsi_build_insn(b, TGSI_OPCODE_END, NULL, 0, NULL, 0);
    }
    if (!b->error)
        add_implicit_decls(b);
    relayout_immediates(b);
    tgsi_program *p = b->error ? NULL : nvgp_tgsi_program_create((tgsi_processor)b->processor);
    if (!b->error && !p)
        fail(b, "out of memory");
    if (p) {
        bool ok = true;
        /* Properties in the order they were first set. */
        for (uint32_t order = 0; order < b->num_props && ok; order++)
            for (unsigned k = 0; k < TGSI_PROPERTY_COUNT; k++)
                if (b->props[k].set && b->props[k].order == order) {
                    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
                    if (!(ok = pr != NULL))
                        break;
                    pr->name = (uint8_t)k;
                    pr->num_data = 1;
                    pr->data[0] = b->props[k].value;
                    pr->source_offset = b->props[k].offset;
                }
        if (b->num_decls)
            qsort(b->decls, b->num_decls, sizeof *b->decls, decl_order);
        for (uint32_t k = 0; k < b->num_decls && ok; k++) {
            tgsi_declaration *d = nvgp_tgsi_add_declaration(p);
            if ((ok = d != NULL))
                *d = b->decls[k];
        }
        for (uint32_t k = 0; k < b->num_imms && ok; k++) {
            tgsi_immediate *imm = nvgp_tgsi_add_immediate(p);
            if ((ok = imm != NULL))
                *imm = b->imms[k];
        }
        for (uint32_t k = 0; k < b->num_insns && ok; k++) {
            tgsi_instruction *in = nvgp_tgsi_add_instruction(p, (tgsi_opcode)b->insns[k].opcode);
            if ((ok = in != NULL))
                *in = b->insns[k];
        }
        if (!ok) {
            fail(b, "out of memory");
            nvgp_tgsi_program_destroy(p);
            p = NULL;
        }
    }
    nvgp_tgsi_builder_destroy(b);
    return p;
}
