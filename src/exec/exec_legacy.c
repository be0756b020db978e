/* Older Mesa's TGSI files the executor has no register blocks for:
 *   TEMPX  several temporary arrays, TEMPX[a][i]
 *   IMMX   an indexable immediate array declared with its values
 *   PRED   predicate registers (the reader refuses predication, so they are
 *          plain registers that instructions write and read)
 * `nvgp check` accepts them, so the machine runs them: rather than add
 * blocks to the warp, it runs a copy of the program with these registers
 * renamed into files it has.  TEMPX and PRED registers become temporaries
 * after the program's own; IMMX elements become immediates after its own.
 * An indirect index keeps its address register and gains the base offset,
 * so it stays bounded by the file it lands in (docs/spec-decisions.md,
 * TGSI). */
#include "exec/exec_legacy.h"

#include <stdlib.h>
#include <string.h>

static bool is_legacy_file(unsigned f)
{
    return f == TGSI_FILE_TEMPORARY_ARRAY || f == TGSI_FILE_IMMEDIATE_ARRAY || f == TGSI_FILE_PREDICATE;
}

bool exec_legacy_needed(const tgsi_program *p)
{
    for (uint32_t i = 0; i < p->num_declarations; i++)
        if (is_legacy_file(p->declarations[i].file))
            return true;
    return false;
}

/* Where each legacy register lands. */
typedef struct legacy_map {
    uint32_t temp_end;        /* first temporary after the program's own */
    uint32_t *tempx_base;     /* per TEMPX array: its first temporary */
    uint32_t num_tempx;       /* arrays 0 .. num_tempx-1 */
    uint32_t pred_base;       /* PRED[0]'s temporary */
    uint32_t pred_count;
    uint32_t imm_end;         /* first immediate after the program's own */
} legacy_map;

/* Arrays TEMPX[0..] beyond this are refused (each is at least one
 * register; the TEMP file's own limits apply after renaming). */
enum { MAX_TEMPX_ARRAYS = 4096 };

static bool fail_at(nvgp_diag *diag, uint32_t at, const char *msg)
{
    if (diag)
        nvgp_diag_error(diag, at, "%s", msg);
    return false;
}

/* Lays out the renamed registers: TEMPX array a gets the largest size any
 * of its declarations gives, arrays follow each other, then PRED. */
static bool plan(const tgsi_program *p, legacy_map *map, nvgp_diag *diag)
{
    uint32_t temp_end = 0, pred_count = 0, num_tempx = 0;
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->first < 0 || d->last < d->first)
            return fail_at(diag, d->source_offset, "declaration with a bad range");
        if (d->file == TGSI_FILE_TEMPORARY && (uint32_t)d->last + 1 > temp_end)
            temp_end = (uint32_t)d->last + 1;
        if (d->file == TGSI_FILE_PREDICATE && (uint32_t)d->last + 1 > pred_count)
            pred_count = (uint32_t)d->last + 1;
        if (d->file == TGSI_FILE_TEMPORARY_ARRAY) {
            int32_t a = d->has_dimension ? d->dimension : 0;
            if (a < 0 || a >= MAX_TEMPX_ARRAYS)
                return fail_at(diag, d->source_offset, "TEMPX array index above 4095");
            if ((uint32_t)a + 1 > num_tempx)
                num_tempx = (uint32_t)a + 1;
        }
    }
    uint32_t *size = calloc(num_tempx + 1, sizeof *size);
    map->tempx_base = calloc(num_tempx + 1, sizeof *map->tempx_base);
    if (!size || !map->tempx_base) {
        free(size);
        return fail_at(diag, 0, "out of memory");
    }
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file != TGSI_FILE_TEMPORARY_ARRAY)
            continue;
        uint32_t a = d->has_dimension ? (uint32_t)d->dimension : 0;
        if ((uint32_t)d->last + 1 > size[a])
            size[a] = (uint32_t)d->last + 1;
    }
    uint64_t next = temp_end;
    for (uint32_t a = 0; a < num_tempx; a++) {
        map->tempx_base[a] = (uint32_t)next;
        next += size[a];
    }
    free(size);
    map->pred_base = (uint32_t)(next > UINT32_MAX ? UINT32_MAX : next);
    next += pred_count;
    if (next > INT32_MAX)
        return fail_at(diag, 0, "TEMPX and PRED registers beyond the TEMP file's range");
    map->temp_end = temp_end;
    map->num_tempx = num_tempx;
    map->pred_count = pred_count;
    map->imm_end = p->num_immediates;
    return true;
}

/* The IMMX declaration holding element `index`, or NULL. */
static const tgsi_declaration *immx_decl_of(const tgsi_program *p, int32_t index)
{
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file == TGSI_FILE_IMMEDIATE_ARRAY && index >= d->first && index <= d->last)
            return d;
    }
    return NULL;
}

/* Immediate index of IMMX declaration d's first element: the IMMX
 * declarations' elements follow the program's immediates in declaration
 * order. */
static uint32_t immx_base(const tgsi_program *p, const legacy_map *map, const tgsi_declaration *d)
{
    uint32_t base = map->imm_end;
    for (uint32_t i = 0; i < p->num_declarations && &p->declarations[i] != d; i++)
        if (p->declarations[i].file == TGSI_FILE_IMMEDIATE_ARRAY)
            base += (uint32_t)(p->declarations[i].last - p->declarations[i].first + 1);
    return base;
}

/* Renames one register; false (with a diagnostic) for a form no renaming
 * can express. */
static bool rename_reg(const tgsi_program *p, const legacy_map *map, uint8_t *file, tgsi_register *r,
                       uint32_t at, nvgp_diag *diag)
{
    switch (*file) {
    case TGSI_FILE_TEMPORARY_ARRAY: {
        if (r && r->dim_indirect)
            return fail_at(diag, at, "TEMPX with an indirect array index is not run");
        int32_t a = r && r->dimension ? r->dim_index : 0;
        if (a < 0 || (uint32_t)a >= map->num_tempx)
            return fail_at(diag, at, "TEMPX array is not declared");
        *file = TGSI_FILE_TEMPORARY;
        if (r) {
            r->dimension = false;
            r->dim_index = 0;
            r->index += (int32_t)map->tempx_base[a];
        }
        return true;
    }
    case TGSI_FILE_PREDICATE:
        *file = TGSI_FILE_TEMPORARY;
        if (r)
            r->index += (int32_t)map->pred_base;
        return true;
    case TGSI_FILE_IMMEDIATE_ARRAY: {
        const tgsi_declaration *d = r ? immx_decl_of(p, r->index) : NULL;
        if (!d)
            return fail_at(diag, at, "IMMX element is not declared");
        *file = TGSI_FILE_IMMEDIATE;
        r->index += (int32_t)immx_base(p, map, d) - d->first;
        return true;
    }
    default:
        return true;
    }
}

static bool copy_instructions(const tgsi_program *p, tgsi_program *q, const legacy_map *map, nvgp_diag *diag)
{
    for (uint32_t k = 0; k < p->num_instructions; k++) {
        const tgsi_instruction *src = &p->instructions[k];
        tgsi_instruction *in = nvgp_tgsi_add_instruction(q, (tgsi_opcode)src->opcode);
        if (!in)
            return fail_at(diag, 0, "out of memory");
        *in = *src;
        uint32_t at = in->source_offset;
        for (unsigned d = 0; d < in->num_dst; d++)
            if (!rename_reg(p, map, &in->dst[d].reg.file, &in->dst[d].reg, at, diag))
                return false;
        for (unsigned s = 0; s < in->num_src; s++)
            if (!rename_reg(p, map, &in->src[s].reg.file, &in->src[s].reg, at, diag))
                return false;
        for (unsigned o = 0; o < in->num_offsets; o++) {
            tgsi_tex_offset *off = &in->offsets[o];
            tgsi_register r = { .file = off->file, .index = off->index };
            if (!rename_reg(p, map, &off->file, &r, at, diag))
                return false;
            off->index = r.index;
        }
        /* An indirect index read from a legacy register reads its new home. */
        for (unsigned s = 0; s < in->num_src + in->num_dst; s++) {
            tgsi_register *r = s < in->num_src ? &in->src[s].reg : &in->dst[s - in->num_src].reg;
            if (r->indirect && is_legacy_file(r->ind.file)) {
                tgsi_register ir = { .file = r->ind.file, .index = r->ind.index };
                if (!rename_reg(p, map, &r->ind.file, &ir, at, diag))
                    return false;
                r->ind.index = ir.index;
            }
        }
    }
    return true;
}

static bool copy_declarations(const tgsi_program *p, tgsi_program *q, const legacy_map *map, nvgp_diag *diag)
{
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (is_legacy_file(d->file))
            continue;
        tgsi_declaration *c = nvgp_tgsi_add_declaration(q);
        if (!c)
            return fail_at(diag, 0, "out of memory");
        *c = *d;
        c->immx_values = NULL;
    }
    uint32_t end = map->pred_base + map->pred_count;
    if (end > map->temp_end) {
        tgsi_declaration *c = nvgp_tgsi_add_declaration(q);
        if (!c)
            return fail_at(diag, 0, "out of memory");
        c->file = TGSI_FILE_TEMPORARY;
        c->first = (int32_t)map->temp_end;
        c->last = (int32_t)end - 1;
    }
    return true;
}

static bool copy_immediates(const tgsi_program *p, tgsi_program *q, nvgp_diag *diag)
{
    for (uint32_t i = 0; i < p->num_immediates; i++) {
        tgsi_immediate *im = nvgp_tgsi_add_immediate(q);
        if (!im)
            return fail_at(diag, 0, "out of memory");
        *im = p->immediates[i];
    }
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file != TGSI_FILE_IMMEDIATE_ARRAY)
            continue;
        for (int64_t e = 0; e <= (int64_t)d->last - d->first; e++) {
            tgsi_immediate *im = nvgp_tgsi_add_immediate(q);
            if (!im)
                return fail_at(diag, 0, "out of memory");
            im->type = TGSI_IMM_FLOAT32;
            im->num_words = 4;
            im->source_offset = d->source_offset;
            if (d->immx_values)
                memcpy(im->value, &d->immx_values[e * 4], sizeof im->value);
        }
    }
    return true;
}

tgsi_program *exec_legacy_rename(const tgsi_program *p, nvgp_diag *diag)
{
    legacy_map map = { 0 };
    tgsi_program *q = NULL;
    bool ok = plan(p, &map, diag);
    if (ok && !(q = nvgp_tgsi_program_create((tgsi_processor)p->processor)))
        ok = fail_at(diag, 0, "out of memory");
    for (uint32_t i = 0; ok && i < p->num_properties; i++) {
        tgsi_property_decl *pr = nvgp_tgsi_add_property(q);
        if (!pr)
            ok = fail_at(diag, 0, "out of memory");
        else
            *pr = p->properties[i];
    }
    ok = ok && copy_declarations(p, q, &map, diag) && copy_immediates(p, q, diag) &&
         copy_instructions(p, q, &map, diag);
    free(map.tempx_base);
    if (!ok) {
        nvgp_tgsi_program_destroy(q);
        return NULL;
    }
    return q;
}
