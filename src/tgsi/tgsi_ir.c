#include "tgsi/tgsi_ir.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

tgsi_program *nvgp_tgsi_program_create(tgsi_processor processor)
{
    static _Atomic uint64_t next_serial = 1;
    tgsi_program *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    nvgp_arena_init(&p->arena);
    p->processor = (uint8_t)processor;
    p->serial = next_serial++;
    return p;
}

void nvgp_tgsi_program_destroy(tgsi_program *p)
{
    if (!p)
        return;
    free(p->properties);
    free(p->declarations);
    free(p->immediates);
    free(p->instructions);
    free(p->items);
    nvgp_arena_destroy(&p->arena);
    free(p);
}

/* Grows *array (of elements of size elem) so that one more element fits. */
static void *grow(void **array, uint32_t *count, uint32_t *cap, size_t elem)
{
    if (*count == UINT32_MAX)
        return NULL;
    if (*count == *cap) {
        uint32_t ncap = *cap ? (*cap > UINT32_MAX / 2 ? UINT32_MAX : *cap * 2) : 16;
        void *n = realloc(*array, (size_t)ncap * elem);
        if (!n)
            return NULL;
        *array = n;
        *cap = ncap;
    }
    void *slot = (char *)*array + (size_t)*count * elem;
    memset(slot, 0, elem);
    (*count)++;
    return slot;
}

static bool link_item(tgsi_program *p, tgsi_item_kind kind, uint32_t index)
{
    tgsi_item *it = grow((void **)&p->items, &p->num_items, &p->cap_items, sizeof *it);
    if (!it)
        return false;
    it->kind = (uint8_t)kind;
    it->index = index;
    return true;
}

#define ADD(p, arr, num, cap, kind)                                               \
    do {                                                                          \
        void *slot_ = grow((void **)&(p)->arr, &(p)->num, &(p)->cap, sizeof *(p)->arr); \
        if (!slot_ || !link_item((p), (kind), (p)->num - 1))                      \
            return NULL;                                                          \
        result = slot_;                                                           \
    } while (0)

tgsi_property_decl *nvgp_tgsi_add_property(tgsi_program *p)
{
    tgsi_property_decl *result;
    ADD(p, properties, num_properties, cap_properties, TGSI_ITEM_PROPERTY);
    return result;
}

tgsi_declaration *nvgp_tgsi_add_declaration(tgsi_program *p)
{
    tgsi_declaration *result;
    ADD(p, declarations, num_declarations, cap_declarations, TGSI_ITEM_DECLARATION);
    result->usage_mask = TGSI_WRITEMASK_XYZW;
    result->sview_target = TGSI_TEXTURE_UNKNOWN;
    result->resource_target = TGSI_TEXTURE_UNKNOWN;
    for (int i = 0; i < 4; i++)
        result->sview_return[i] = TGSI_RETURN_TYPE_UNKNOWN;
    return result;
}

tgsi_immediate *nvgp_tgsi_add_immediate(tgsi_program *p)
{
    tgsi_immediate *result;
    ADD(p, immediates, num_immediates, cap_immediates, TGSI_ITEM_IMMEDIATE);
    return result;
}

tgsi_instruction *nvgp_tgsi_add_instruction(tgsi_program *p, tgsi_opcode op)
{
    tgsi_instruction *result;
    ADD(p, instructions, num_instructions, cap_instructions, TGSI_ITEM_INSTRUCTION);
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
    result->opcode = (uint16_t)op;
    result->num_dst = info ? info->num_dst : 0;
    result->num_src = info ? info->num_src : 0;
    result->texture = TGSI_TEXTURE_UNKNOWN;
    result->return_type = TGSI_RETURN_TYPE_UNKNOWN;
    for (int i = 0; i < TGSI_MAX_DST; i++)
        result->dst[i] = nvgp_tgsi_dst(TGSI_FILE_NULL, 0);
    for (int i = 0; i < TGSI_MAX_SRC; i++)
        result->src[i] = nvgp_tgsi_src(TGSI_FILE_NULL, 0);
    return result;
}

tgsi_src nvgp_tgsi_src(tgsi_file file, int32_t index)
{
    tgsi_src s;
    memset(&s, 0, sizeof s);
    s.reg.file = (uint8_t)file;
    s.reg.index = index;
    for (int i = 0; i < 4; i++)
        s.swizzle[i] = (uint8_t)i;
    return s;
}

tgsi_dst nvgp_tgsi_dst(tgsi_file file, int32_t index)
{
    tgsi_dst d;
    memset(&d, 0, sizeof d);
    d.reg.file = (uint8_t)file;
    d.reg.index = index;
    d.writemask = TGSI_WRITEMASK_XYZW;
    return d;
}
