/* NV_gpu_program4/5 memory (lower_gp.h): LOAD/STORE/ATOM on global
 * addresses (NV_shader_buffer_load/store), parameter buffers (BUFFER,
 * BUFFER4, CBUFFER and LDC: NV_parameter_buffer_object/2), storage buffers
 * (LDB/STB/ATOMB: NV_shader_storage_buffer_object), compute shared memory
 * (LDS/STS/ATOMS: NV_compute_program5), atomic counters (ATOMCTR:
 * NV_shader_atomic_counters), images (LOADIM/STOREIM/ATOMIM and IMQS:
 * EXT_shader_image_load_store), MEMBAR and BAR.
 *
 * Every access becomes TGSI LOAD/STORE/ATOM* on a byte-addressed resource
 * (tgsi.rst "Resource Access Opcodes"), so the storage modifiers, sizes and
 * out-of-range behaviour are one piece of code:
 *   - global memory is one MEMORY register of type GLOBAL; addresses are
 *     32-bit (a LONG operand whose high word is not zero addresses no
 *     memory: the access faults);
 *   - parameter buffer binding point a is BUFFER[a] (LOWER_GP_PARAM_BUFFER),
 *     storage buffer binding n is BUFFER[16 + n], atomic counter buffer
 *     binding a is BUFFER[32 + a]; the binding map names them
 *     "program.buffer[a]", "program.storage[n]", "program.counter[a]"
 *     (NVGP_LOWER_BUFFER slots);
 *   - shared memory is one MEMORY register of type SHARED;
 *   - image unit n is IMAGE[n] ("image[n]", an NVGP_LOWER_IMAGE slot),
 *     accessed at texel coordinates.
 * Words are 32 bits: 8- and 16-bit loads read the aligned word holding
 * them and extract the field (IBFE sign-extends S8/S16); 8- and 16-bit
 * stores clear and set their bits in that word with ATOMAND and ATOMOR, so
 * that lanes storing neighbouring bytes do not overwrite one another.
 * 64-bit components are word pairs (low word first), as lower_gp.h keeps
 * them in registers. */
#include "lower/lower_gp.h"

#include "tgsi/tgsi_names.h"

#include <stdio.h>
#include <string.h>

/* ---- Storage modifiers (NV_gpu_program5 2.X.4.5) ------------------------- */

typedef struct mem_format {
    uint8_t bytes;  /* per component: 1, 2, 4, 8; 0 = not a storage modifier */
    uint8_t count;  /* components: 1, 2, 4 */
    char base;      /* 'F', 'S', 'U' */
} mem_format;

static const mem_format mem_formats[NV_DT_COUNT] = {
    [NV_DT_F16] = {2, 1, 'F'},   [NV_DT_F16X2] = {2, 2, 'F'}, [NV_DT_F16X4] = {2, 4, 'F'},
    [NV_DT_F32] = {4, 1, 'F'},   [NV_DT_F32X2] = {4, 2, 'F'}, [NV_DT_F32X4] = {4, 4, 'F'},
    [NV_DT_F64] = {8, 1, 'F'},   [NV_DT_F64X2] = {8, 2, 'F'}, [NV_DT_F64X4] = {8, 4, 'F'},
    [NV_DT_S8] = {1, 1, 'S'},    [NV_DT_S8X2] = {1, 2, 'S'},  [NV_DT_S8X4] = {1, 4, 'S'},
    [NV_DT_S16] = {2, 1, 'S'},   [NV_DT_S16X2] = {2, 2, 'S'}, [NV_DT_S16X4] = {2, 4, 'S'},
    [NV_DT_S32] = {4, 1, 'S'},   [NV_DT_S32X2] = {4, 2, 'S'}, [NV_DT_S32X4] = {4, 4, 'S'},
    [NV_DT_S64] = {8, 1, 'S'},   [NV_DT_S64X2] = {8, 2, 'S'}, [NV_DT_S64X4] = {8, 4, 'S'},
    [NV_DT_U8] = {1, 1, 'U'},    [NV_DT_U8X2] = {1, 2, 'U'},  [NV_DT_U8X4] = {1, 4, 'U'},
    [NV_DT_U16] = {2, 1, 'U'},   [NV_DT_U16X2] = {2, 2, 'U'}, [NV_DT_U16X4] = {2, 4, 'U'},
    [NV_DT_U32] = {4, 1, 'U'},   [NV_DT_U32X2] = {4, 2, 'U'}, [NV_DT_U32X4] = {4, 4, 'U'},
    [NV_DT_U64] = {8, 1, 'U'},   [NV_DT_U64X2] = {8, 2, 'U'}, [NV_DT_U64X4] = {8, 4, 'U'},
};

static const char *op_name(const nv_inst *in)
{
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    return info ? info->name : "?";
}

/* The storage modifier of in, or NULL after reporting. */
static const mem_format *storage_of(lower_ctx *c, const nv_inst *in)
{
    const mem_format *f = in->storage < NV_DT_COUNT ? &mem_formats[in->storage] : NULL;
    if (!f || !f->bytes) {
        lower_error(c, in->offset, "%s needs a storage modifier", op_name(in));
        return NULL;
    }
    return f;
}

static lower_type base_type(const mem_format *f)
{
    bool w = f->bytes == 8;
    return f->base == 'F' ? (w ? LT_F64 : LT_F32) : f->base == 'S' ? (w ? LT_S64 : LT_S32) : (w ? LT_U64 : LT_U32);
}

/* ---- Resources ------------------------------------------------------------- */

enum {
    LOWER_GP_PARAM_BUFFER = 0,    /* BUFFER[a]: parameter buffer binding a */
    LOWER_GP_STORAGE_BUFFER = 16, /* BUFFER[16 + n]: storage buffer binding n */
    LOWER_GP_COUNTER_BUFFER = 32  /* BUFFER[32 + a]: atomic counter buffer a */
};

static tgsi_src u32(lower_ctx *c, uint32_t v)
{
    return nvgp_tgsi_build_imm1u(c->b, v);
}

static tgsi_src x_of(tgsi_dst d)
{
    return nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(d), 0);
}

static tgsi_src comp_of(tgsi_dst d, unsigned k)
{
    return nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(d), k);
}

static tgsi_dst wm(tgsi_dst d, unsigned mask)
{
    return nvgp_tgsi_dst_writemask(d, mask);
}

/* BUFFER[index], recorded in the map as name[point]. */
static tgsi_src buffer_res(lower_ctx *c, const char *name, int32_t base, int32_t point)
{
    char slot[48];
    snprintf(slot, sizeof slot, "%s[%d]", name, point);
    lower_map_add_vertex(c, NVGP_LOWER_BUFFER, TGSI_FILE_BUFFER, -1, base + point, slot, NULL);
    return nvgp_tgsi_build_buffer(c->b, base + point, false);
}

static tgsi_src memory_res(lower_ctx *c, tgsi_memory_type type)
{
    bool *has = type == TGSI_MEMORY_TYPE_SHARED ? &c->gps->has_shared : &c->gps->has_global;
    tgsi_src *reg = type == TGSI_MEMORY_TYPE_SHARED ? &c->gps->shared : &c->gps->global;
    if (!*has) {
        *reg = nvgp_tgsi_build_memory(c->b, type);
        *has = true;
    }
    return *reg;
}

/* The integer scalar a relative index reads, as an unsigned x. */
static tgsi_src rel_value(lower_ctx *c, const nv_rel *r, uint32_t offset)
{
    if (r->var == NV_VAR_NONE) {
        lower_error(c, offset, "this relative index has no TGSI translation");
        return u32(c, 0);
    }
    nv_src s;
    memset(&s, 0, sizeof s);
    s.file = r->file;
    s.var = r->var;
    s.index = 0;
    s.offset = offset;
    for (int i = 0; i < 4; i++)
        s.swizzle[i] = r->comp;
    return nvgp_tgsi_src_scalar(lower_src(c, &s), 0);
}

/* byte address = scale * (index + base [+ relative index]) in a.x */
static tgsi_src index_address(lower_ctx *c, int32_t index, bool has_rel, const nv_rel *rel, uint32_t offset,
                              int64_t base, uint32_t scale, tgsi_dst a)
{
    int64_t k = (int64_t)index + base;
    if (!has_rel)
        return u32(c, (uint32_t)(k * scale));
    nvgp_tgsi_build_UADD(c->b, wm(a, 1), rel_value(c, rel, offset), u32(c, (uint32_t)k));
    if (scale != 1)
        nvgp_tgsi_build_UMUL(c->b, wm(a, 1), x_of(a), u32(c, scale));
    return x_of(a);
}

/* The address of the element an operand names: its index, or for a
 * variable over several binding points ("program.buffer[a..b]",
 * "program.storage[a..b]") its second index, or none (the binding's own
 * element).  *point gets the binding point, the first index over several;
 * false after reporting a relative one, which has no TGSI form. */
static bool element_address(lower_ctx *c, const nv_var *v, const nv_src *s, int64_t base, uint32_t scale,
                            tgsi_dst a, int32_t *point, tgsi_src *addr)
{
    const nv_binding *b = &v->bindings[0];
    *point = b->index;
    if (b->points <= 1) {
        *addr = index_address(c, s->index, s->has_rel, &s->rel, s->offset, base, scale, a);
        return true;
    }
    if (s->has_rel || s->index < 0 || (uint32_t)s->index >= b->points) {
        lower_error(c, s->offset, "a relative index over several buffer binding points has no TGSI translation");
        return false;
    }
    *point = b->index + s->index;
    *addr = index_address(c, s->has_elem ? s->elem : 0, s->has_elem && s->elem_has_rel, &s->elem_rel, s->offset,
                          base, scale, a);
    return true;
}

static const nv_var *var_of(lower_ctx *c, const nv_src *s)
{
    if (s->var >= c->p->nvars) {
        lower_error(c, s->offset, "the operand names no memory variable");
        return NULL;
    }
    const nv_var *v = &c->p->vars[s->var];
    while (v->kind == NV_VAR_ALIAS && v->alias_of < c->p->nvars && v != &c->p->vars[v->alias_of])
        v = &c->p->vars[v->alias_of];
    if (!v->nbindings) {
        lower_error(c, s->offset, "'%s' has no binding", v->name);
        return NULL;
    }
    return v;
}

/* The resource and byte address of a STORAGE, SHARED, CBUFFER, BUFFER,
 * BUFFER4 or COUNTER operand; the address may live in a.x. */
static bool mem_operand(lower_ctx *c, const nv_src *s, tgsi_src *res, tgsi_src *addr, tgsi_dst a)
{
    const nv_var *v = var_of(c, s);
    if (!v)
        return false;
    const nv_binding *b = &v->bindings[0];
    int32_t point;
    switch (v->kind) {
    case NV_VAR_STORAGE:
        /* program.storage[a][c..d]: byte c onwards; over several binding
         * points the first index picks the point, the second the byte */
        if (!element_address(c, v, s, b->index2, 1, a, &point, addr))
            return false;
        *res = buffer_res(c, "program.storage", LOWER_GP_STORAGE_BUFFER, point);
        return true;
    case NV_VAR_SHARED:
        *res = memory_res(c, TGSI_MEMORY_TYPE_SHARED);
        *addr = index_address(c, s->index, s->has_rel, &s->rel, s->offset, b->index2, 1, a);
        return true;
    case NV_VAR_CBUFFER:
    case NV_VAR_BUFFER:
    case NV_VAR_BUFFER4:
        /* elements of one byte, one word, four words */
        if (!element_address(c, v, s, b->index2, v->kind == NV_VAR_CBUFFER ? 1 : v->kind == NV_VAR_BUFFER ? 4 : 16, a,
                             &point, addr))
            return false;
        *res = buffer_res(c, "program.buffer", LOWER_GP_PARAM_BUFFER, point);
        return true;
    case NV_VAR_COUNTER:
        *res = buffer_res(c, "program.counter", LOWER_GP_COUNTER_BUFFER, b->index);
        *addr = index_address(c, s->index, s->has_rel, &s->rel, s->offset, b->index2, 4, a);
        return true;
    default:
        lower_error(c, s->offset, "'%s' is not a memory variable", v->name);
        return false;
    }
}

/* The byte address of a global access: the unsigned scalar operand, or
 * the low word of a 64-bit one (LONG variables) whose high word must be
 * zero: otherwise the address becomes 0xffffffff, which no 32-bit range
 * of words holds, so the access faults. */
static tgsi_src global_address(lower_ctx *c, const nv_src *s, tgsi_dst a)
{
    if (s->file == NV_FILE_CONST)
        return nvgp_tgsi_src_scalar(lower_gp_src(c, s, LT_U32), 0);
    if (!(s->file == NV_FILE_TEMP && lower_gp_is_long(c, s->var)))
        return nvgp_tgsi_src_scalar(lower_src(c, s), 0);
    lower_gp64 v = lower_gp_src64(c, s, LT_U64);
    nvgp_tgsi_build_USNE(c->b, wm(a, 1), nvgp_tgsi_src_scalar(v.half[0], 1), u32(c, 0));
    nvgp_tgsi_build_UCMP(c->b, wm(a, 1), x_of(a), u32(c, 0xffffffffu), nvgp_tgsi_src_scalar(v.half[0], 0));
    lower_gp_release64(c, &v);
    return x_of(a);
}

/* ---- Images (EXT_shader_image_load_store) ---------------------------------- */

/* The TGSI format an unformatted access with storage modifier f names
 * (Table X.3's data types), or a formatted store's four components of the
 * data type. */
static uint16_t image_format(const mem_format *f, char base)
{
    static const char *const names[3][3] = {
        /* 1 component, 2, 4 */
        {"R32_FLOAT", "R32G32_FLOAT", "R32G32B32A32_FLOAT"},
        {"R32_SINT", "R32G32_SINT", "R32G32B32A32_SINT"},
        {"R32_UINT", "R32G32_UINT", "R32G32B32A32_UINT"},
    };
    const char *name;
    if (f && f->bytes == 1)
        name = f->base == 'S' ? "R8_SINT" : "R8_UINT";
    else if (f && f->bytes == 2)
        name = f->base == 'S' ? "R16_SINT" : f->base == 'U' ? "R16_UINT" : "R16_FLOAT";
    else {
        char b = f ? f->base : base;
        unsigned n = f ? (f->count == 1 ? 0u : f->count == 2 ? 1u : 2u) : 2u;
        name = names[b == 'F' ? 0 : b == 'S' ? 1 : 2][n];
    }
    int v = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, name, strlen(name));
    return v < 0 ? 0 : (uint16_t)v;
}

static bool is_image_op(uint16_t op)
{
    return op == NV_OP_LOADIM || op == NV_OP_STOREIM || op == NV_OP_ATOMIM || op == NV_OP_IMQS || op == NV_OP_IMQ;
}

/* The units an image access can reach: [*first, *first + *count). */
static void image_units(const lower_ctx *c, const nv_tex *t, int32_t *first, uint32_t *count)
{
    *first = t->unit;
    *count = 1;
    if (!t->has_rel || t->var >= c->p->nvars)
        return;
    const nv_var *v = &c->p->vars[t->var];
    uint32_t n = 0;
    for (uint32_t b = 0; b < v->nbindings; b++)
        n += v->bindings[b].count ? v->bindings[b].count : 1;
    *first = v->nbindings ? v->bindings[0].index : t->unit;
    *count = n ? n : 1;
}

/* IMAGE[unit], declared once: its target and format are those of the
 * program's first instruction that can reach the unit with a storage
 * modifier (or, with none, its first instruction reaching it, formatted as
 * four components of its data type).  The map names it "image[unit]". */
static tgsi_src declare_image(lower_ctx *c, int32_t unit, const nv_inst *in)
{
    const nv_inst *decl = NULL;
    for (uint32_t i = 0; i < c->p->ninsts && !(decl && decl->storage); i++) {
        const nv_inst *o = &c->p->insts[i];
        int32_t first;
        uint32_t count;
        if (!is_image_op(o->op))
            continue;
        image_units(c, &o->tex, &first, &count);
        if (unit >= first && (uint32_t)(unit - first) < count && (!decl || o->storage))
            decl = o;
    }
    if (!decl)
        decl = in;
    const mem_format *f = decl->storage && decl->storage < NV_DT_COUNT && mem_formats[decl->storage].bytes
                              ? &mem_formats[decl->storage] : NULL;
    lower_type dt = lower_gp_type(decl);
    char base = dt == LT_S32 ? 'S' : dt == LT_U32 ? 'U' : 'F';
    char name[32];
    snprintf(name, sizeof name, "image[%d]", unit);
    lower_map_add_vertex(c, NVGP_LOWER_IMAGE, TGSI_FILE_IMAGE, -1, unit, name, NULL);
    return nvgp_tgsi_build_image(c->b, unit, lower_tex_target(decl->tex.target), image_format(f, base), true, false);
}

/* The image of an access; an IMAGE array indexed by a register declares
 * every unit of the array and indexes IMAGE[first] through an ADDR
 * register (a unit outside the array is no image: the access faults). */
static bool image_res(lower_ctx *c, const nv_inst *in, tgsi_src *res)
{
    const nv_tex *t = &in->tex;
    int32_t first;
    uint32_t count;
    image_units(c, t, &first, &count);
    if (first < 0 || (t->has_rel && t->var >= c->p->nvars)) {
        lower_error(c, t->offset, "this image access has no TGSI translation");
        return false;
    }
    for (uint32_t k = 0; k < count; k++)
        *res = declare_image(c, first + (int32_t)k, in);
    if (t->has_rel) {
        *res = nvgp_tgsi_src(TGSI_FILE_IMAGE, t->unit);
        *res = nvgp_tgsi_src_indirect(*res, lower_gp_rel_addr(c, &t->rel, t->offset), 0);
    }
    return true;
}

/* The texel coordinates of an image access: the signed integer operand
 * with the components its target does not use cleared (the pseudocode of
 * LOADIM/STOREIM/ATOMIM). */
static tgsi_src image_coords(lower_ctx *c, const nv_inst *in, const nv_src *s, tgsi_dst t)
{
    tgsi_src v = lower_gp_src(c, s, LT_S32);
    uint8_t tg = in->tex.target;
    unsigned clear = 0;
    if (tg == NV_TEX_1D || tg == NV_TEX_BUFFER)
        clear |= 2;
    if (tg == NV_TEX_1D || tg == NV_TEX_2D || tg == NV_TEX_BUFFER || tg == NV_TEX_RECT || tg == NV_TEX_2DMS)
        clear |= 4;
    if (tg != NV_TEX_2DMS && tg != NV_TEX_ARRAY2DMS)
        clear |= 8;
    if (!clear)
        return v;
    nvgp_tgsi_build_MOV(c->b, wm(t, 0xf & ~clear), v);
    nvgp_tgsi_build_MOV(c->b, wm(t, clear), u32(c, 0));
    return nvgp_tgsi_src_of(t);
}

/* ---- Loads and stores ------------------------------------------------------- */

static void set_qualifiers(const nv_inst *in, tgsi_instruction *ti)
{
    if (ti)
        ti->memory_qualifier = (uint8_t)((in->coh ? TGSI_MEMORY_COHERENT : 0) | (in->vol ? TGSI_MEMORY_VOLATILE : 0));
}

/* r = the value the storage modifier f reads at addr, zeros in the
 * components it does not fetch. */
static void mem_load(lower_ctx *c, const nv_inst *in, tgsi_src res, tgsi_src addr, const mem_format *f, tgsi_dst r)
{
    tgsi_dst all = wm(r, 0xf);
    nvgp_tgsi_build_MOV(c->b, all, u32(c, 0));
    if (f->bytes >= 4) {
        unsigned words = f->bytes / 4u * f->count;
        set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, wm(r, (1u << words) - 1), res, addr));
        return;
    }
    /* 8/16-bit fields: the aligned word that holds each, then the field */
    tgsi_dst a = nvgp_tgsi_build_temp(c->b);
    unsigned bits = f->bytes * 8u;
    for (unsigned i = 0; i < f->count; i++) {
        nvgp_tgsi_build_UADD(c->b, wm(a, 1), addr, u32(c, i * f->bytes));
        nvgp_tgsi_build_AND(c->b, wm(a, 2), x_of(a), u32(c, ~3u));
        nvgp_tgsi_build_AND(c->b, wm(a, 4), x_of(a), u32(c, 3));
        nvgp_tgsi_build_SHL(c->b, wm(a, 4), comp_of(a, 2), u32(c, 3));
        set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, wm(a, 8), nvgp_tgsi_src_scalar(res, 0), comp_of(a, 1)));
        tgsi_dst ri = wm(r, 1u << i);
        if (f->base == 'S')
            nvgp_tgsi_build_IBFE(c->b, ri, comp_of(a, 3), comp_of(a, 2), u32(c, bits));
        else
            nvgp_tgsi_build_UBFE(c->b, ri, comp_of(a, 3), comp_of(a, 2), u32(c, bits));
        if (f->base == 'F') { /* F16: the half's bits to a float (UP2H converts the low half into x) */
            nvgp_tgsi_build_UP2H(c->b, wm(a, 1), comp_of(r, i));
            nvgp_tgsi_build_MOV(c->b, ri, x_of(a));
        }
    }
    nvgp_tgsi_build_release_temp(c->b, a);
}

/* Stores the components of v the storage modifier f writes. */
static void mem_store(lower_ctx *c, const nv_inst *in, tgsi_src res, tgsi_src addr, const mem_format *f, tgsi_src v)
{
    if (f->bytes >= 4) {
        unsigned words = f->bytes / 4u * f->count;
        tgsi_dst d = wm(nvgp_tgsi_dst_of(res), (1u << words) - 1);
        set_qualifiers(in, nvgp_tgsi_build_STORE(c->b, d, addr, v));
        return;
    }
    tgsi_dst a = nvgp_tgsi_build_temp(c->b), t = nvgp_tgsi_build_temp(c->b);
    uint32_t mask = f->bytes == 1 ? 0xffu : 0xffffu;
    for (unsigned i = 0; i < f->count; i++) {
        tgsi_src vi = nvgp_tgsi_src_scalar(v, i);
        if (f->base == 'F') { /* F16: the float's half bits */
            nvgp_tgsi_build_PK2H(c->b, wm(t, 1), vi);
            vi = x_of(t);
        }
        nvgp_tgsi_build_UADD(c->b, wm(a, 1), addr, u32(c, i * f->bytes));
        nvgp_tgsi_build_AND(c->b, wm(a, 2), x_of(a), u32(c, ~3u));
        nvgp_tgsi_build_AND(c->b, wm(a, 4), x_of(a), u32(c, 3));
        nvgp_tgsi_build_SHL(c->b, wm(a, 4), comp_of(a, 2), u32(c, 3));
        /* t.y = the field's bits in place, t.z = everything else */
        nvgp_tgsi_build_AND(c->b, wm(t, 2), vi, u32(c, mask));
        nvgp_tgsi_build_SHL(c->b, wm(t, 2), comp_of(t, 1), comp_of(a, 2));
        nvgp_tgsi_build_SHL(c->b, wm(t, 4), u32(c, mask), comp_of(a, 2));
        nvgp_tgsi_build_NOT(c->b, wm(t, 4), comp_of(t, 2));
        tgsi_src s3[3] = {res, comp_of(a, 1), comp_of(t, 2)};
        tgsi_dst w = wm(t, 8);
        set_qualifiers(in, nvgp_tgsi_build_insn(c->b, TGSI_OPCODE_ATOMAND, &w, 1, s3, 3));
        s3[2] = comp_of(t, 1);
        set_qualifiers(in, nvgp_tgsi_build_insn(c->b, TGSI_OPCODE_ATOMOR, &w, 1, s3, 3));
    }
    nvgp_tgsi_build_release_temp(c->b, t);
    nvgp_tgsi_build_release_temp(c->b, a);
}

/* The memory operand of LOAD/LDB/LDS/LDC (src[0]) or STORE/STB/STS/ATOM*
 * (src[1]): resource and byte address. */
static bool access_of(lower_ctx *c, const nv_inst *in, const nv_src *s, tgsi_src *res, tgsi_src *addr, tgsi_dst a)
{
    if (is_image_op(in->op)) {
        if (!image_res(c, in, res))
            return false;
        *addr = image_coords(c, in, s, a);
        return true;
    }
    if (in->op == NV_OP_LOAD || in->op == NV_OP_STORE || in->op == NV_OP_ATOM) {
        *res = memory_res(c, TGSI_MEMORY_TYPE_GLOBAL);
        *addr = global_address(c, s, a);
        return true;
    }
    return mem_operand(c, s, res, addr, a);
}

/* Writes r (or its x replicated) to the destination, with the operand
 * modifiers LDC applies to the fetched vector and .SAT. */
static void write_result(lower_ctx *c, const nv_inst *in, tgsi_src r, const mem_format *f)
{
    tgsi_dst d = lower_dst(c, &in->dst);
    bool clamp = f && f->base == 'F' && f->bytes != 8;
    if (clamp && in->sat == NV_SAT_SSAT) {
        /* Table X.13 gives LOAD/LDC/LDB/LDS both clamps: [-1, 1] */
        tgsi_dst t = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MAX(c->b, t, r, nvgp_tgsi_build_imm1f(c->b, -1.0f));
        nvgp_tgsi_build_MIN(c->b, d, nvgp_tgsi_src_of(t), nvgp_tgsi_build_imm1f(c->b, 1.0f));
        nvgp_tgsi_build_release_temp(c->b, t);
        return;
    }
    tgsi_instruction *ti = nvgp_tgsi_build_MOV(c->b, d, r);
    if (ti && in->sat == NV_SAT_SAT && clamp)
        ti->saturate = 1;
}

/* 2.X.8.Z LDC: the operand's swizzle, negation and absolute value apply to
 * the fetched vector, here of 64-bit components (r[0]: x, y; r[1]: z, w):
 * v = the swizzled components, the modifiers computed as 64-bit values. */
static bool ldc64_modifiers(lower_ctx *c, const nv_src *s, lower_type t, const tgsi_dst r[2], lower_gp64 *v)
{
    bool identity = s->swizzle[0] == 0 && s->swizzle[1] == 1 && s->swizzle[2] == 2 && s->swizzle[3] == 3;
    if (identity && !s->abs && !s->negate)
        return false;
    for (unsigned h = 0; h < 2; h++) {
        unsigned a = s->swizzle[2 * h] & 3, b = s->swizzle[2 * h + 1] & 3;
        unsigned pa = 2 * (a & 1), pb = 2 * (b & 1);
        tgsi_dst u = nvgp_tgsi_build_temp(c->b);
        v->tmp[v->ntmp++] = u;
        nvgp_tgsi_build_MOV(c->b, wm(u, 3), nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(r[a >> 1]), pa, pa + 1, 0, 0));
        nvgp_tgsi_build_MOV(c->b, wm(u, 0xc), nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(r[b >> 1]), 0, 0, pb, pb + 1));
        v->half[h] = nvgp_tgsi_src_of(u);
        if (s->abs)
            v->half[h] = nvgp_tgsi_src_abs(v->half[h]);
        if (s->negate)
            v->half[h] = nvgp_tgsi_src_negate(v->half[h]);
    }
    lower_gp_plain64(c, v, t);
    return true;
}

/* 64-bit components: one (words 0-1 to TGSI xy), two (words 0-3) or four
 * (words 4-7 in the second register) as lower_gp.h keeps 64-bit vectors. */
static void load64(lower_ctx *c, const nv_inst *in, tgsi_src res, tgsi_src addr, const mem_format *f)
{
    const nv_src *s = &in->src[0];
    tgsi_dst r[2] = {nvgp_tgsi_build_temp(c->b), nvgp_tgsi_build_temp(c->b)}, b = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_MOV(c->b, r[0], u32(c, 0));
    nvgp_tgsi_build_MOV(c->b, r[1], u32(c, 0));
    set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, wm(r[0], f->count == 1 ? 3u : 0xfu), res, addr));
    if (f->count == 4) {
        nvgp_tgsi_build_UADD(c->b, wm(b, 1), addr, u32(c, 16));
        set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, r[1], res, x_of(b)));
    }
    lower_gp64 v;
    memset(&v, 0, sizeof v);
    if (in->op == NV_OP_LDC && ldc64_modifiers(c, s, base_type(f), r, &v)) {
        for (int h = 0; h < 2; h++)
            nvgp_tgsi_build_MOV(c->b, r[h], v.half[h]);
        lower_gp_release64(c, &v);
    }
    for (int h = 0; h < 2; h++) {
        if (f->base == 'F' && in->sat != NV_SAT_NONE) {
            /* .SAT to [0, 1], .SSAT to [-1, 1], as doubles */
            nvgp_tgsi_build_DMAX(c->b, r[h], nvgp_tgsi_src_of(r[h]),
                                 nvgp_tgsi_build_imm1d(c->b, in->sat == NV_SAT_SSAT ? -1.0 : 0.0));
            nvgp_tgsi_build_DMIN(c->b, r[h], nvgp_tgsi_src_of(r[h]), nvgp_tgsi_build_imm1d(c->b, 1.0));
        }
        v.half[h] = nvgp_tgsi_src_of(r[h]);
    }
    lower_gp_dst64(c, &in->dst, base_type(f), &v);
    for (int i = 0; i < 2; i++)
        nvgp_tgsi_build_release_temp(c->b, r[i]);
    nvgp_tgsi_build_release_temp(c->b, b);
}

static void store64(lower_ctx *c, const nv_inst *in, tgsi_src res, tgsi_src addr, const mem_format *f)
{
    lower_gp64 v = lower_gp_src64(c, &in->src[0], base_type(f));
    lower_gp_plain64(c, &v, base_type(f)); /* STORE moves words */
    tgsi_dst d = nvgp_tgsi_dst_of(res);
    set_qualifiers(in, nvgp_tgsi_build_STORE(c->b, wm(d, f->count == 1 ? 3u : 0xfu), addr, v.half[0]));
    if (f->count == 4) {
        tgsi_dst b = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_UADD(c->b, wm(b, 1), addr, u32(c, 16));
        set_qualifiers(in, nvgp_tgsi_build_STORE(c->b, wm(d, 0xf), x_of(b), v.half[1]));
        nvgp_tgsi_build_release_temp(c->b, b);
    }
    lower_gp_release64(c, &v);
}

/* A formatted LOADIM (EXT_shader_image_load_formatted: no storage
 * modifier): the texel converted from the image's format, as the image's
 * TGSI LOAD reads it. */
static void load_formatted(lower_ctx *c, const nv_inst *in)
{
    tgsi_dst a = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (!access_of(c, in, &in->src[0], &res, &addr, a))
        return;
    set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, r, res, addr));
    write_result(c, in, nvgp_tgsi_src_of(r), NULL);
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, a);
}

static void gp_load(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    if (in->op == NV_OP_LOADIM && !in->storage) {
        load_formatted(c, in);
        return;
    }
    const mem_format *f = storage_of(c, in);
    if (!f)
        return;
    tgsi_dst a = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (!access_of(c, in, &in->src[0], &res, &addr, a))
        return;
    if (f->bytes == 8 && in->op != NV_OP_LOADIM) {
        load64(c, in, res, addr, f);
        nvgp_tgsi_build_release_temp(c->b, r);
        nvgp_tgsi_build_release_temp(c->b, a);
        return;
    }
    if (in->op == NV_OP_LOADIM) {
        /* the texel's raw words (the executor fills y, z, w of narrower
         * formats with 0, 0, 1 as LOADIM's text says); 8/16-bit values
         * extended by the storage modifier */
        set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, r, res, addr));
        if (f->bytes < 4 && f->base == 'S')
            nvgp_tgsi_build_IBFE(c->b, wm(r, 1), x_of(r), u32(c, 0), u32(c, f->bytes * 8u));
        else if (f->bytes < 4)
            nvgp_tgsi_build_UBFE(c->b, wm(r, 1), x_of(r), u32(c, 0), u32(c, f->bytes * 8u));
    } else {
        mem_load(c, in, res, addr, f, r);
    }
    tgsi_src v = nvgp_tgsi_src_of(r);
    if (in->op == NV_OP_LDC) {
        /* 2.X.8.Z LDC: swizzle, negation and absolute value apply to the
         * fetched vector */
        const nv_src *s = &in->src[0];
        v = nvgp_tgsi_src_swizzle(v, s->swizzle[0], s->swizzle[1], s->swizzle[2], s->swizzle[3]);
        if (s->abs || s->negate) {
            if (f->bytes == 8) {
                lower_error(c, s->offset, "negated or absolute 64-bit LDC operands have no TGSI translation yet");
                return;
            }
            if (f->base == 'F') {
                if (s->abs)
                    v = nvgp_tgsi_src_abs(v);
                if (s->negate)
                    v = nvgp_tgsi_src_negate(v);
            } else {
                if (s->abs) {
                    nvgp_tgsi_build_IABS(c->b, r, v);
                    v = nvgp_tgsi_src_of(r);
                }
                if (s->negate) {
                    nvgp_tgsi_build_INEG(c->b, r, v);
                    v = nvgp_tgsi_src_of(r);
                }
            }
        }
    }
    write_result(c, in, v, f);
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, a);
}

static void gp_store(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    tgsi_dst a = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (in->op == NV_OP_STOREIM) {
        /* formatted (no storage modifier: the data type's values converted
         * to the image's format) or unformatted (raw words): both are the
         * texel write of STORE on the image */
        const mem_format *f = in->storage ? storage_of(c, in) : NULL;
        if ((in->storage && !f) || !access_of(c, in, &in->src[1], &res, &addr, a))
            return;
        tgsi_src v = lower_gp_src(c, &in->src[0], f ? base_type(f) : t);
        set_qualifiers(in, nvgp_tgsi_build_STORE(c->b, wm(nvgp_tgsi_dst_of(res), 0xf), addr, v));
        nvgp_tgsi_build_release_temp(c->b, a);
        return;
    }
    const mem_format *f = storage_of(c, in);
    if (!f || !access_of(c, in, &in->src[1], &res, &addr, a))
        return;
    if (f->bytes == 8) {
        store64(c, in, res, addr, f);
        nvgp_tgsi_build_release_temp(c->b, a);
        return;
    }
    tgsi_src v = lower_gp_src(c, &in->src[0], base_type(f));
    mem_store(c, in, res, addr, f, v);
    nvgp_tgsi_build_release_temp(c->b, a);
}

/* A parameter buffer operand (BUFFER: one word, broadcast; BUFFER4: four)
 * of an ordinary instruction, loaded into the next of a few temporaries
 * kept for that (an instruction reads at most four operands, and the old
 * languages' sequences read each once, before they compute); lower_src
 * applies the swizzle and modifiers. */
tgsi_src lower_gp_buffer_src(lower_ctx *c, const nv_src *s)
{
    enum { RING = sizeof c->gps->buf / sizeof c->gps->buf[0] };
    if (c->gps->nbuf < RING && c->gps->next_buf == c->gps->nbuf)
        c->gps->buf[c->gps->nbuf++] = nvgp_tgsi_build_temp(c->b);
    tgsi_dst r = c->gps->buf[c->gps->next_buf];
    c->gps->next_buf = (c->gps->next_buf + 1) % RING;
    tgsi_dst a = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (!mem_operand(c, s, &res, &addr, a))
        return nvgp_tgsi_src_of(r);
    const nv_var *v = var_of(c, s);
    if (v->kind == NV_VAR_BUFFER4) {
        nvgp_tgsi_build_LOAD(c->b, r, res, addr);
    } else if (v->kind == NV_VAR_BUFFER) {
        nvgp_tgsi_build_LOAD(c->b, r, nvgp_tgsi_src_scalar(res, 0), addr);
    } else {
        lower_error(c, s->offset, "'%s' cannot be an instruction operand", v->name);
    }
    nvgp_tgsi_build_release_temp(c->b, a);
    return nvgp_tgsi_src_of(r);
}

/* ---- Atomics ---------------------------------------------------------------- */

/* The TGSI atomic of each NV_gpu_program5 ATOM operation on 32-bit
 * unsigned, signed and float memory (0: none; DWRAP has none in TGSI: its
 * wrap value differs from ATOMDEC_WRAP's, so it is a compare-and-swap loop). */
typedef struct atom_row {
    uint16_t u, s, f;
} atom_row;

static const atom_row atom_rows[] = {
    [NV_ATOM_ADD] = {TGSI_OPCODE_ATOMUADD, TGSI_OPCODE_ATOMUADD, TGSI_OPCODE_ATOMFADD},
    [NV_ATOM_MIN] = {TGSI_OPCODE_ATOMUMIN, TGSI_OPCODE_ATOMIMIN, 0},
    [NV_ATOM_MAX] = {TGSI_OPCODE_ATOMUMAX, TGSI_OPCODE_ATOMIMAX, 0},
    [NV_ATOM_IWRAP] = {TGSI_OPCODE_ATOMINC_WRAP, 0, 0},
    [NV_ATOM_DWRAP] = {TGSI_OPCODE_ATOMCAS, 0, 0},
    [NV_ATOM_AND] = {TGSI_OPCODE_ATOMAND, TGSI_OPCODE_ATOMAND, 0},
    [NV_ATOM_OR] = {TGSI_OPCODE_ATOMOR, TGSI_OPCODE_ATOMOR, 0},
    [NV_ATOM_XOR] = {TGSI_OPCODE_ATOMXOR, TGSI_OPCODE_ATOMXOR, 0},
    [NV_ATOM_EXCH] = {TGSI_OPCODE_ATOMXCHG, TGSI_OPCODE_ATOMXCHG, TGSI_OPCODE_ATOMXCHG},
    [NV_ATOM_CSWAP] = {TGSI_OPCODE_ATOMCAS, TGSI_OPCODE_ATOMCAS, 0},
};

static const char *const atom_names[] = {"", "ADD", "MIN", "MAX", "IWRAP", "DWRAP", "AND", "OR", "XOR", "EXCH",
                                         "CSWAP", "INCR", "DECR", "GET"};

static tgsi_instruction *atomic(lower_ctx *c, tgsi_opcode op, tgsi_dst d, tgsi_src res, tgsi_src addr, tgsi_src v,
                                tgsi_src v2)
{
    tgsi_src s[4] = {res, addr, v, v2};
    return nvgp_tgsi_build_insn(c->b, op, &d, 1, s, op == TGSI_OPCODE_ATOMCAS ? 4 : 3);
}

/* DWRAP: writeval = (old == 0 || old > v) ? v : old - 1, retried with
 * ATOMCAS until memory still held the value the new one was computed
 * from.  got starts equal to the guess so that a lane whose ATOMCAS does
 * not write (a helper lane) leaves the loop; an address outside memory
 * reads 0 and leaves it too. */
static void atom_dwrap(lower_ctx *c, const nv_inst *in, tgsi_dst r, tgsi_src res, tgsi_src addr, tgsi_src v)
{
    tgsi_dst t = nvgp_tgsi_build_temp(c->b);
    /* t.x guess (old), t.y new value, t.z condition */
    nvgp_tgsi_build_MOV(c->b, wm(t, 1), u32(c, 0));
    nvgp_tgsi_build_BGNLOOP(c->b);
    nvgp_tgsi_build_USEQ(c->b, wm(t, 4), x_of(t), u32(c, 0));
    nvgp_tgsi_build_USLT(c->b, wm(t, 2), v, x_of(t));
    nvgp_tgsi_build_OR(c->b, wm(t, 4), comp_of(t, 2), comp_of(t, 1));
    nvgp_tgsi_build_UADD(c->b, wm(t, 2), x_of(t), u32(c, 0xffffffffu));
    nvgp_tgsi_build_UCMP(c->b, wm(t, 2), comp_of(t, 2), v, comp_of(t, 1));
    nvgp_tgsi_build_MOV(c->b, wm(r, 1), x_of(t));
    set_qualifiers(in, atomic(c, TGSI_OPCODE_ATOMCAS, wm(r, 1), res, addr, x_of(t), comp_of(t, 1)));
    nvgp_tgsi_build_USEQ(c->b, wm(t, 4), x_of(r), x_of(t));
    nvgp_tgsi_build_UIF(c->b, comp_of(t, 2));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_MOV(c->b, wm(t, 1), x_of(r));
    nvgp_tgsi_build_ENDLOOP(c->b);
    nvgp_tgsi_build_release_temp(c->b, t);
}

/* 64-bit ADD, EXCH, AND, OR and XOR (NV_gpu_program5, NV_shader_atomic_int64)
 * as one 32-bit atomic per word, low word first; ADD carries into the high
 * word.  Memory ends exact; the old value returned is exact as long as no
 * other warp updates the same value between the two (lanes of a warp are
 * ordered alike by both).  The other operations have no such form. */
static bool atom64(lower_ctx *c, const nv_inst *in, const mem_format *f, tgsi_src res, tgsi_src addr)
{
    static const uint16_t ops[] = {
        [NV_ATOM_ADD] = TGSI_OPCODE_ATOMUADD, [NV_ATOM_AND] = TGSI_OPCODE_ATOMAND, [NV_ATOM_OR] = TGSI_OPCODE_ATOMOR,
        [NV_ATOM_XOR] = TGSI_OPCODE_ATOMXOR,  [NV_ATOM_EXCH] = TGSI_OPCODE_ATOMXCHG,
    };
    uint16_t op = in->atom_op < sizeof ops / sizeof *ops && f->count == 1 && f->base != 'F' ? ops[in->atom_op] : 0;
    if (!op)
        return false;
    lower_gp64 v = lower_gp_src64(c, &in->src[0], base_type(f));
    lower_gp_plain64(c, &v, base_type(f)); /* per-word atomics */
    tgsi_src lo = nvgp_tgsi_src_scalar(v.half[0], 0), hi = nvgp_tgsi_src_scalar(v.half[0], 1);
    tgsi_dst r = nvgp_tgsi_build_temp(c->b), t = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_UADD(c->b, wm(t, 1), addr, u32(c, 4));
    set_qualifiers(in, atomic(c, (tgsi_opcode)op, wm(r, 1), res, addr, lo, lo));
    if (in->atom_op == NV_ATOM_ADD) {
        /* t.z = hi + carry out of the low word */
        nvgp_tgsi_build_UADD(c->b, wm(t, 2), x_of(r), lo);
        nvgp_tgsi_build_USLT(c->b, wm(t, 4), comp_of(t, 1), x_of(r));
        nvgp_tgsi_build_AND(c->b, wm(t, 4), comp_of(t, 2), u32(c, 1));
        nvgp_tgsi_build_UADD(c->b, wm(t, 4), comp_of(t, 2), hi);
        hi = comp_of(t, 2);
    }
    set_qualifiers(in, atomic(c, (tgsi_opcode)op, wm(r, 2), res, x_of(t), hi, hi));
    lower_gp_release64(c, &v);
    lower_gp64 o;
    memset(&o, 0, sizeof o);
    o.half[0] = o.half[1] = nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(r), 0, 1, 0, 1);
    lower_gp_dst64(c, &in->dst, base_type(f), &o);
    nvgp_tgsi_build_release_temp(c->b, t);
    nvgp_tgsi_build_release_temp(c->b, r);
    return true;
}

/* The 64-bit and half-float vector atomics TGSI has no per-word form for
 * (CSWAP/MIN/MAX on 64-bit integers, F64 ADD/EXCH of
 * NV_shader_atomic_float64, NV_shader_atomic_fp16_vector's F16X2/F16X4
 * ADD/MIN/MAX/EXCH): the lanes of a warp take turns (lane 0 first) to
 * load the value, compute and store it.  That is exact within a warp and
 * between warps that do not run at the same time (one host thread); warps
 * on several host threads may interleave. */
static bool atom_serial(lower_ctx *c, const nv_inst *in, const mem_format *f, tgsi_src res, tgsi_src addr)
{
    bool half = f->bytes == 2 && f->base == 'F' && f->count >= 2;
    bool wide = f->bytes == 8 && f->count == 1;
    uint8_t op = in->atom_op;
    tgsi_opcode calc = TGSI_OPCODE_NOP;
    if (wide && op == NV_ATOM_ADD && f->base == 'F')
        calc = TGSI_OPCODE_DADD;
    else if (wide && op == NV_ATOM_MIN && f->base != 'F')
        calc = f->base == 'S' ? TGSI_OPCODE_I64MIN : TGSI_OPCODE_U64MIN;
    else if (wide && op == NV_ATOM_MAX && f->base != 'F')
        calc = f->base == 'S' ? TGSI_OPCODE_I64MAX : TGSI_OPCODE_U64MAX;
    else if (half && (op == NV_ATOM_ADD || op == NV_ATOM_MIN || op == NV_ATOM_MAX))
        calc = op == NV_ATOM_ADD ? TGSI_OPCODE_ADD : op == NV_ATOM_MIN ? TGSI_OPCODE_MIN : TGSI_OPCODE_MAX;
    bool exch = op == NV_ATOM_EXCH && (half || (wide && f->base == 'F'));
    bool cswap = op == NV_ATOM_CSWAP && wide && f->base != 'F';
    if (calc == TGSI_OPCODE_NOP && !exch && !cswap)
        return false;
    unsigned words = half ? f->count / 2u : 2u, wmask = (1u << words) - 1;
    lower_gp64 v64;
    memset(&v64, 0, sizeof v64);
    tgsi_src v;
    if (half) {
        v = lower_gp_src(c, &in->src[0], LT_F32);
    } else {
        v64 = lower_gp_src64(c, &in->src[0], base_type(f));
        lower_gp_plain64(c, &v64, base_type(f)); /* compared and moved as words */
        v = v64.half[0];
    }
    tgsi_dst old = nvgp_tgsi_build_temp(c->b), nw = nvgp_tgsi_build_temp(c->b), t = nvgp_tgsi_build_temp(c->b);
    tgsi_dst h = nvgp_tgsi_build_temp(c->b);
    tgsi_src lane = nvgp_tgsi_src_scalar(nvgp_tgsi_build_system_value(c->b, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0), 0);
    nvgp_tgsi_build_MOV(c->b, old, u32(c, 0));
    nvgp_tgsi_build_MOV(c->b, wm(t, 1), u32(c, 0));
    nvgp_tgsi_build_BGNLOOP(c->b);
    nvgp_tgsi_build_USEQ(c->b, wm(t, 2), lane, x_of(t));
    nvgp_tgsi_build_UIF(c->b, comp_of(t, 1));
    set_qualifiers(in, nvgp_tgsi_build_LOAD(c->b, wm(old, wmask), res, addr));
    if (half) {
        /* h = the old halves as floats, nw = the new halves packed */
        nvgp_tgsi_build_UP2H(c->b, wm(h, 3), x_of(old));
        if (words == 2)
            nvgp_tgsi_build_UP2H(c->b, wm(h, 0xc), comp_of(old, 1));
        tgsi_src x = v;
        if (calc != TGSI_OPCODE_NOP) {
            tgsi_src s2[2] = {nvgp_tgsi_src_of(h), v};
            tgsi_dst d = wm(nw, words == 2 ? 0xfu : 0x3u);
            nvgp_tgsi_build_insn(c->b, calc, &d, 1, s2, 2);
            x = nvgp_tgsi_src_of(nw);
        }
        nvgp_tgsi_build_PK2H(c->b, wm(nw, 1), x);
        if (words == 2)
            nvgp_tgsi_build_PK2H(c->b, wm(nw, 2), nvgp_tgsi_src_swizzle(x, 2, 3, 2, 3));
    } else if (cswap) {
        /* equal when both words are: then op0.y (zw), else the old value */
        nvgp_tgsi_build_USEQ(c->b, wm(h, 3), nvgp_tgsi_src_of(old), v);
        nvgp_tgsi_build_AND(c->b, wm(h, 1), x_of(h), comp_of(h, 1));
        nvgp_tgsi_build_UCMP(c->b, wm(nw, 3), x_of(h), nvgp_tgsi_src_swizzle(v, 2, 3, 2, 3), nvgp_tgsi_src_of(old));
    } else if (exch) {
        nvgp_tgsi_build_MOV(c->b, wm(nw, 3), v);
    } else {
        tgsi_src s2[2] = {nvgp_tgsi_src_of(old), v};
        tgsi_dst d = wm(nw, 3);
        nvgp_tgsi_build_insn(c->b, calc, &d, 1, s2, 2);
    }
    set_qualifiers(in, nvgp_tgsi_build_STORE(c->b, wm(nvgp_tgsi_dst_of(res), wmask), addr, nvgp_tgsi_src_of(nw)));
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_UADD(c->b, wm(t, 1), x_of(t), u32(c, 1));
    nvgp_tgsi_build_USGE(c->b, wm(t, 2), x_of(t), u32(c, 32));
    nvgp_tgsi_build_UIF(c->b, comp_of(t, 1));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_ENDLOOP(c->b);
    if (half) {
        /* the old halves, as floats */
        nvgp_tgsi_build_UP2H(c->b, wm(h, 3), x_of(old));
        if (words == 2)
            nvgp_tgsi_build_UP2H(c->b, wm(h, 0xc), comp_of(old, 1));
        else
            nvgp_tgsi_build_MOV(c->b, wm(h, 0xc), u32(c, 0));
        write_result(c, in, nvgp_tgsi_src_of(h), NULL);
    } else {
        lower_gp64 o;
        memset(&o, 0, sizeof o);
        o.half[0] = o.half[1] = nvgp_tgsi_src_swizzle(nvgp_tgsi_src_of(old), 0, 1, 0, 1);
        lower_gp_dst64(c, &in->dst, base_type(f), &o);
        lower_gp_release64(c, &v64);
    }
    nvgp_tgsi_build_release_temp(c->b, h);
    nvgp_tgsi_build_release_temp(c->b, t);
    nvgp_tgsi_build_release_temp(c->b, nw);
    nvgp_tgsi_build_release_temp(c->b, old);
    return true;
}

static void gp_atom(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    const mem_format *f = storage_of(c, in);
    if (!f)
        return;
    const atom_row *ar = in->atom_op < sizeof atom_rows / sizeof *atom_rows ? &atom_rows[in->atom_op] : NULL;
    uint16_t op = !ar || f->bytes != 4 || f->count != 1 ? 0 : f->base == 'U' ? ar->u : f->base == 'S' ? ar->s : ar->f;
    if ((f->bytes == 8 || (f->bytes == 2 && f->count >= 2)) && in->op != NV_OP_ATOMIM) {
        tgsi_dst a = nvgp_tgsi_build_temp(c->b);
        tgsi_src res, addr;
        if (access_of(c, in, &in->src[1], &res, &addr, a) && !atom64(c, in, f, res, addr) &&
            !atom_serial(c, in, f, res, addr))
            lower_error(c, in->offset, "%s.%s with this storage modifier has no TGSI translation yet", op_name(in),
                        in->atom_op < sizeof atom_names / sizeof *atom_names ? atom_names[in->atom_op] : "?");
        nvgp_tgsi_build_release_temp(c->b, a);
        return;
    }
    if (!op) {
        lower_error(c, in->offset, "%s.%s with this storage modifier has no TGSI translation yet", op_name(in),
                    in->atom_op < sizeof atom_names / sizeof *atom_names ? atom_names[in->atom_op] : "?");
        return;
    }
    tgsi_dst a = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (!access_of(c, in, &in->src[1], &res, &addr, a))
        return;
    tgsi_src v = lower_gp_src(c, &in->src[0], base_type(f));
    tgsi_src vx = nvgp_tgsi_src_scalar(v, 0), vy = nvgp_tgsi_src_scalar(v, 1);
    if (in->atom_op == NV_ATOM_DWRAP) {
        atom_dwrap(c, in, r, res, addr, vx);
    } else if (in->atom_op == NV_ATOM_CSWAP) {
        /* compare with op0.x, store op0.y */
        set_qualifiers(in, atomic(c, TGSI_OPCODE_ATOMCAS, wm(r, 1), res, addr, vx, vy));
    } else {
        set_qualifiers(in, atomic(c, (tgsi_opcode)op, wm(r, 1), res, addr, vx, vx));
    }
    /* the old value; y, z and w are undefined: x replicated */
    write_result(c, in, x_of(r), NULL);
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, a);
}

/* ATOMCTR (NV_shader_atomic_counters): INCR returns the old value, DECR
 * the decremented one, GET the value; counters wrap. */
static void gp_atomctr(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    tgsi_dst a = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    tgsi_src res, addr;
    if (!mem_operand(c, &in->src[0], &res, &addr, a))
        return;
    switch (in->atom_op) {
    case NV_ATOM_INCR:
        atomic(c, TGSI_OPCODE_ATOMUADD, wm(r, 1), res, addr, u32(c, 1), u32(c, 1));
        break;
    case NV_ATOM_DECR:
        atomic(c, TGSI_OPCODE_ATOMUADD, wm(r, 1), res, addr, u32(c, 0xffffffffu), u32(c, 0));
        nvgp_tgsi_build_UADD(c->b, wm(r, 1), x_of(r), u32(c, 0xffffffffu));
        break;
    default:
        nvgp_tgsi_build_LOAD(c->b, wm(r, 1), nvgp_tgsi_src_scalar(res, 0), addr);
        break;
    }
    write_result(c, in, x_of(r), NULL);
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, a);
}

/* RESQ of the instruction's image: all of it (all true) or its w. */
static void image_query(lower_ctx *c, const nv_inst *in, bool all)
{
    tgsi_src res;
    if (!image_res(c, in, &res))
        return;
    tgsi_dst r = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_RESQ(c->b, r, res);
    write_result(c, in, all ? nvgp_tgsi_src_of(r) : comp_of(r, 3), NULL);
    nvgp_tgsi_build_release_temp(c->b, r);
}

/* IMQS (ARB_shader_texture_image_samples): the samples of the image, the
 * w of RESQ. */
static void gp_imqs(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    image_query(c, in, false);
}

/* IMQ (ARB_shader_image_size): the image's dimensions, RESQ's x, y, z
 * (width; height or the layers of a 1D array; depth or the layers of a 2D
 * array); the components the spec leaves undefined are RESQ's too. */
static void gp_imq(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    image_query(c, in, true);
}

/* ---- Barriers ---------------------------------------------------------------- */

/* FSIB/FSIE (NV_fragment_shader_interlock): ordering of critical sections
 * between invocations for the same pixel.  Each invocation of a job is a
 * pixel of its own, and a warp's lanes execute in order, so there is
 * nothing to order: no TGSI instruction. */
static void gp_interlock(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)c;
    (void)in;
    (void)row;
    (void)t;
}

/* MEMBAR: every kind of memory (tgsi.rst bits 0-3); MEMBAR.CTA: the
 * thread group's view (bit 4). */
static void gp_membar(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    nvgp_tgsi_build_MEMBAR(c->b, u32(c, in->membar_cta ? 0x10u : 0xfu));
}

static void gp_bar(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)in;
    (void)row;
    (void)t;
    nvgp_tgsi_build_BARRIER(c->b);
}

const lower_gp_row lower_gp_mem_rows[NV_OP_COUNT] = {
    [NV_OP_LOAD] = {gp_load, {0}, 0},   [NV_OP_LDC] = {gp_load, {0}, 0},    [NV_OP_LDB] = {gp_load, {0}, 0},
    [NV_OP_LDS] = {gp_load, {0}, 0},    [NV_OP_STORE] = {gp_store, {0}, 0}, [NV_OP_STB] = {gp_store, {0}, 0},
    [NV_OP_STS] = {gp_store, {0}, 0},   [NV_OP_ATOM] = {gp_atom, {0}, 0},   [NV_OP_ATOMB] = {gp_atom, {0}, 0},
    [NV_OP_ATOMS] = {gp_atom, {0}, 0},  [NV_OP_ATOMCTR] = {gp_atomctr, {0}, 0},
    [NV_OP_MEMBAR] = {gp_membar, {0}, 0}, [NV_OP_BAR] = {gp_bar, {0}, 0},
    [NV_OP_LOADIM] = {gp_load, {0}, 0}, [NV_OP_STOREIM] = {gp_store, {0}, 0}, [NV_OP_ATOMIM] = {gp_atom, {0}, 0},
    [NV_OP_IMQS] = {gp_imqs, {0}, 0}, [NV_OP_IMQ] = {gp_imq, {0}, 0},
    [NV_OP_FSIB] = {gp_interlock, {0}, 0}, [NV_OP_FSIE] = {gp_interlock, {0}, 0},
};

bool lower_gp_mem_var(lower_ctx *c, uint32_t var, uint32_t offset, tgsi_src *out)
{
    (void)c;
    (void)var;
    (void)offset;
    (void)out;
    return false;
}
