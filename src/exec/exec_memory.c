/* Memory opcodes: LOAD, STORE, RESQ and the atomics on BUFFER, IMAGE and
 * MEMORY (global ranges at byte addresses, per-group SHARED, per-thread
 * PRIVATE).  Every 32-bit word accessed is bounds-checked: outside what was
 * given, loads read 0 and stores and atomics are dropped, and each such
 * access counts one fault.  Helper lanes never write.  Words are accessed
 * with atomic builtins, so warps running on several host threads see
 * atomics as atomic; lanes of one warp are serialised in lane order.
 *
 * LOAD/STORE move the enabled components as consecutive 32-bit words
 * starting at the byte address in address.x (images: texel address.xyz).
 * HWATOMIC[b][i] counters are the 32-bit words of buffer binding b. */
#include "exec/exec_internal.h"

#include <math.h>
#include <string.h>

#include "tgsi/tgsi_names.h"

enum exec_image_kind { IMG_F32, IMG_U32, IMG_S32, IMG_UNORM8, IMG_UINT8 };

typedef struct img_format {
    const char *name;
    uint8_t comps, kind, bytes;
} img_format;

static const img_format img_formats[] = {
    { "R32G32B32A32_FLOAT", 4, IMG_F32, 16 },  { "R32G32B32A32_UINT", 4, IMG_U32, 16 },
    { "R32G32B32A32_SINT", 4, IMG_S32, 16 },   { "R32G32_FLOAT", 2, IMG_F32, 8 },
    { "R32G32_UINT", 2, IMG_U32, 8 },          { "R32G32_SINT", 2, IMG_S32, 8 },
    { "R32_FLOAT", 1, IMG_F32, 4 },            { "R32_UINT", 1, IMG_U32, 4 },
    { "R32_SINT", 1, IMG_S32, 4 },             { "R8G8B8A8_UNORM", 4, IMG_UNORM8, 4 },
    { "R8G8B8A8_UINT", 4, IMG_UINT8, 4 },
};

static const img_format *find_format(uint16_t format)
{
    const char *name = nvgp_tgsi_name(TGSI_NAMES_FORMAT, format);
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof img_formats / sizeof img_formats[0]; i++)
        if (!strcmp(name, img_formats[i].name))
            return &img_formats[i];
    return NULL;
}

uint32_t exec_image_texel_bytes(uint16_t format)
{
    const img_format *f = find_format(format);
    return f ? f->bytes : 0;
}

bool nvgp_exec_image_format(uint16_t format, unsigned *comps, unsigned *comp_bytes)
{
    const img_format *f = find_format(format);
    if (f) {
        *comps = f->comps;
        *comp_bytes = f->bytes / f->comps;
    }
    return f != NULL;
}

void exec_image_format_info(uint16_t format, uint8_t *comps, uint8_t *kind)
{
    const img_format *f = find_format(format);
    *comps = f ? f->comps : 0;
    *kind = f ? f->kind : 0;
}

/* ---- word access ---------------------------------------------------------- */

static inline uint32_t load_word(const uint8_t *p)
{
    if (((uintptr_t)p & 3) == 0)
        return __atomic_load_n((const uint32_t *)(const void *)p, __ATOMIC_RELAXED);
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline void store_word(uint8_t *p, uint32_t v)
{
    if (((uintptr_t)p & 3) == 0)
        __atomic_store_n((uint32_t *)(void *)p, v, __ATOMIC_RELAXED);
    else
        memcpy(p, &v, 4);
}

/* The bytes [addr, addr+4) of a lane's view of a resource, or NULL. */
typedef struct mem_res {
    uint8_t file;
    int64_t dim, index;
    bool readonly;
} mem_res;

static uint8_t *range_word(exec_range *r, uint32_t n, uint64_t addr, uint32_t *hint)
{
    if (*hint < n) {
        exec_range *h = &r[*hint];
        if (addr >= h->address && addr - h->address + 4 <= h->bytes)
            return h->data + (addr - h->address);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (addr >= r[i].address && addr - r[i].address + 4 <= r[i].bytes && r[i].bytes >= 4) {
            *hint = i;
            return r[i].data + (addr - r[i].address);
        }
    }
    return NULL;
}

static uint8_t *mem_word(exec_warp *w, const mem_res *res, unsigned lane, uint64_t addr,
                         uint32_t *hint)
{
    nvgp_exec *m = w->m;
    if (res->index < 0)
        return NULL;
    if (res->file == TGSI_FILE_HW_ATOMIC) {
        /* HWATOMIC[b][i]: 32-bit counters in buffer binding b; the address
         * operand is a counter offset added to i. */
        if (res->dim < 0 || (uint64_t)res->dim >= m->num_buffers)
            return NULL;
        exec_range *b = &m->buffers[res->dim];
        uint64_t at = ((uint64_t)res->index + (addr & 0xffffffffu)) * 4;
        if (!b->data || at + 4 > b->bytes)
            return NULL;
        return b->data + at;
    }
    if (res->file == TGSI_FILE_BUFFER) {
        if ((uint64_t)res->index >= m->num_buffers)
            return NULL;
        exec_range *b = &m->buffers[res->index];
        if (!b->data || addr + 4 > b->bytes || addr + 4 < addr)
            return NULL;
        return b->data + addr;
    }
    if (res->file != TGSI_FILE_MEMORY || (uint64_t)res->index >= m->num_mem)
        return NULL;
    switch (m->mem_type[res->index]) {
    case TGSI_MEMORY_TYPE_GLOBAL:
        return range_word(m->ranges, m->num_ranges, addr, hint);
    case TGSI_MEMORY_TYPE_SHARED:
        if (!w->shared || addr + 4 > m->shared_size)
            return NULL;
        return w->shared + addr;
    case TGSI_MEMORY_TYPE_PRIVATE:
        if (!w->priv || addr + 4 > m->private_size)
            return NULL;
        return w->priv + (size_t)lane * m->private_size + addr;
    default: /* INPUT: the kernel's parameters, constant buffer 0, read-only */
        if (!m->const_buffers_cap || addr + 4 > (uint64_t)m->const_count[0] * 16)
            return NULL;
        return (uint8_t *)m->consts[0] + addr;
    }
}

static void lane_resources(exec_warp *w, const exec_operand *o, mem_res res[LANES])
{
    int64_t dim[LANES], idx[LANES];
    if (o->ind || o->dim_ind) {
        exec_lane_indices(w, o, dim, idx);
    } else {
        for (unsigned l = 0; l < LANES; l++) {
            dim[l] = o->dim;
            idx[l] = o->index;
        }
    }
    bool ro = o->file == TGSI_FILE_MEMORY && (uint64_t)o->index < w->m->num_mem &&
              w->m->mem_type[o->index] == TGSI_MEMORY_TYPE_INPUT;
    for (unsigned l = 0; l < LANES; l++)
        res[l] = (mem_res){ o->file, dim[l], idx[l], ro };
}

/* ---- images --------------------------------------------------------------------- */

static exec_image_bind *image_of(exec_warp *w, int64_t index)
{
    nvgp_exec *m = w->m;
    if (index < 0 || (uint64_t)index >= m->num_images || !m->images[index].data)
        return NULL;
    return &m->images[index];
}

static uint8_t *texel_ptr(exec_image_bind *img, uint32_t x, uint32_t y, uint32_t z)
{
    const nvgp_exec_image *d = &img->desc;
    if (x >= d->width || y >= d->height || z >= d->depth)
        return NULL;
    return img->data + (((uint64_t)z * d->height + y) * d->width + x) * img->texel_bytes;
}

static void texel_read(const exec_image_bind *img, const uint8_t *p, uint32_t out[4])
{
    uint32_t one = img->view_kind == IMG_F32 || img->view_kind == IMG_UNORM8 ? 0x3f800000u : 1u;
    out[0] = out[1] = out[2] = 0;
    out[3] = one;
    for (unsigned c = 0; c < img->view_comps; c++) {
        if (img->view_kind == IMG_UNORM8)
            out[c] = f2u_bits((float)p[c] / 255.0f);
        else if (img->view_kind == IMG_UINT8)
            out[c] = p[c];
        else
            out[c] = load_word(p + 4 * c);
    }
}

static void texel_write(const exec_image_bind *img, uint8_t *p, const uint32_t v[4],
                        uint8_t writemask)
{
    for (unsigned c = 0; c < img->view_comps; c++) {
        if (!(writemask & (1u << c)))
            continue;
        if (img->view_kind == IMG_UNORM8) {
            float f = u2f_bits(v[c]);
            f = f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
            p[c] = (uint8_t)nearbyintf(f * 255.0f);
        } else if (img->view_kind == IMG_UINT8) {
            p[c] = (uint8_t)(v[c] > 255 ? 255 : v[c]);
        } else {
            store_word(p + 4 * c, v[c]);
        }
    }
}

/* ---- LOAD / STORE ------------------------------------------------------------------ */

void exec_op_LOAD(exec_warp *w, const exec_insn *in)
{
    const exec_operand *ro = &in->src[0];
    mem_res res[LANES];
    lane_resources(w, ro, res);
    exec_chan ta[3];
    const exec_chan *a[3];
    for (unsigned c = 0; c < 3; c++)
        a[c] = SRC(1, c, &ta[c]);
    exec_reg r;
    memset(&r, 0, sizeof r);
    uint32_t hint = 0, lanes = w->exec, faults = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        uint32_t data[4] = { 0, 0, 0, 0 };
        if (ro->file == TGSI_FILE_IMAGE) {
            exec_image_bind *img = image_of(w, res[l].index);
            uint8_t *p = img ? texel_ptr(img, a[0]->u[l], a[1]->u[l], a[2]->u[l]) : NULL;
            if (p)
                texel_read(img, p, data);
            else
                faults++;
        } else {
            /* words this load needs: those the swizzle of the enabled
             * components reads */
            uint8_t need = 0;
            for (unsigned c = 0; c < 4; c++)
                if (DST_ENABLED(c))
                    need |= 1u << ro->swz[c];
            for (unsigned k = 0; k < 4; k++) {
                if (!(need & (1u << k)))
                    continue;
                uint8_t *p = mem_word(w, &res[l], l, (uint64_t)a[0]->u[l] + 4 * k, &hint);
                if (p)
                    data[k] = load_word(p);
                else
                    faults++;
            }
        }
        for (unsigned c = 0; c < 4; c++)
            r.c[c].u[l] = data[ro->swz[c]];
    }
    exec_memory_fault(w, faults);
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_STORE(exec_warp *w, const exec_insn *in)
{
    const exec_operand *ro = &in->dst[0];
    mem_res res[LANES];
    lane_resources(w, ro, res);
    exec_chan ta[3], td[4];
    const exec_chan *a[3], *d[4];
    for (unsigned c = 0; c < 3; c++)
        a[c] = SRC(0, c, &ta[c]);
    for (unsigned c = 0; c < 4; c++)
        d[c] = SRC(1, c, &td[c]);
    uint32_t hint = 0, lanes = w->exec & ~w->helper, faults = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        if (ro->file == TGSI_FILE_IMAGE) {
            exec_image_bind *img = image_of(w, res[l].index);
            uint8_t *p = img ? texel_ptr(img, a[0]->u[l], a[1]->u[l], a[2]->u[l]) : NULL;
            uint32_t v[4] = { d[0]->u[l], d[1]->u[l], d[2]->u[l], d[3]->u[l] };
            if (p)
                texel_write(img, p, v, ro->writemask);
            else
                faults++;
            continue;
        }
        for (unsigned c = 0; c < 4; c++) {
            if (!(ro->writemask & (1u << c)))
                continue;
            uint8_t *p = res[l].readonly
                             ? NULL
                             : mem_word(w, &res[l], l, (uint64_t)a[0]->u[l] + 4 * c, &hint);
            if (p)
                store_word(p, d[c]->u[l]);
            else
                faults++;
        }
    }
    exec_memory_fault(w, faults);
}

void exec_op_RESQ(exec_warp *w, const exec_insn *in)
{
    const exec_operand *ro = &in->src[0];
    nvgp_exec *m = w->m;
    uint32_t v[4] = { 0, 0, 0, 0 };
    if (ro->file == TGSI_FILE_BUFFER) {
        if (ro->index >= 0 && (uint32_t)ro->index < m->num_buffers)
            v[0] = (uint32_t)m->buffers[ro->index].bytes;
    } else if (ro->file == TGSI_FILE_IMAGE) {
        exec_image_bind *img = image_of(w, ro->index);
        if (img) {
            v[0] = img->desc.width;
            v[1] = img->desc.height;
            v[2] = img->desc.depth;
            v[3] = 1;
        }
    } else if (ro->file == TGSI_FILE_MEMORY && ro->index >= 0 &&
               (uint32_t)ro->index < m->num_mem) {
        uint8_t t = m->mem_type[ro->index];
        v[0] = t == TGSI_MEMORY_TYPE_SHARED ? m->shared_size
               : t == TGSI_MEMORY_TYPE_PRIVATE ? m->private_size : 0;
    }
    exec_reg r;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].u[l] = v[c];
    exec_store(w, in, 0, &r, w->exec);
}

/* ---- atomics ------------------------------------------------------------------------ */

typedef enum atom_op {
    A_UADD, A_FADD, A_XCHG, A_CAS, A_AND, A_OR, A_XOR, A_UMIN, A_UMAX, A_IMIN, A_IMAX,
    A_INC, A_DEC
} atom_op;

static uint32_t atom_new(atom_op op, uint32_t old, uint32_t s, uint32_t cmp)
{
    switch (op) {
    case A_UADD: return old + s;
    case A_FADD: return f2u_bits(u2f_bits(old) + u2f_bits(s));
    case A_XCHG: return s;
    case A_CAS: return old == cmp ? s : old;
    case A_AND: return old & s;
    case A_OR: return old | s;
    case A_XOR: return old ^ s;
    case A_UMIN: return old < s ? old : s;
    case A_UMAX: return old > s ? old : s;
    case A_IMIN: return (int32_t)old < (int32_t)s ? old : s;
    case A_IMAX: return (int32_t)old > (int32_t)s ? old : s;
    case A_INC: return old + 1 <= s && old != UINT32_MAX ? old + 1 : 0;
    default: return old > 0 && old < s ? old - 1 : 0;
    }
}

/* Image formats each atomic may touch.  tgsi.rst: "These atomic operations
 * may only be used with 32-bit integer image formats"; ATOMFADD (tgsi.rst)
 * and NV_gpu_program5's ATOMIM.ADD.F32 / EXCH on float images (as
 * NV_shader_atomic_float's imageAtomicAdd / imageAtomicExchange) also take
 * 32-bit float images: float addition, and exchange of the bits.  Anything
 * else on an image is a fault (docs/spec-decisions.md, Executor). */
enum { ON_INT = 1, ON_FLOAT = 2 };
static const uint8_t atom_image_kinds[] = {
    [A_UADD] = ON_INT, [A_FADD] = ON_FLOAT,         [A_XCHG] = ON_INT | ON_FLOAT,
    [A_CAS] = ON_INT,  [A_AND] = ON_INT,            [A_OR] = ON_INT,
    [A_XOR] = ON_INT,  [A_UMIN] = ON_INT,           [A_UMAX] = ON_INT,
    [A_IMIN] = ON_INT, [A_IMAX] = ON_INT,           [A_INC] = ON_INT,
    [A_DEC] = ON_INT,
};

static bool atom_on_image(atom_op op, const exec_image_bind *img)
{
    uint8_t k = img->view_kind == IMG_U32 || img->view_kind == IMG_S32 ? ON_INT
                : img->view_kind == IMG_F32                             ? ON_FLOAT
                                                                        : 0;
    return (atom_image_kinds[op] & k) != 0;
}

/* Read-modify-write of one aligned word; returns the old value. */
static uint32_t atom_word(uint8_t *p, atom_op op, uint32_t s, uint32_t cmp)
{
    uint32_t *q = (uint32_t *)(void *)p;
    uint32_t old = __atomic_load_n(q, __ATOMIC_SEQ_CST);
    for (;;) {
        uint32_t nv = atom_new(op, old, s, cmp);
        if (__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return old;
    }
}

static void atomic_op(exec_warp *w, const exec_insn *in, atom_op op)
{
    const exec_operand *ro = &in->src[0];
    mem_res res[LANES];
    lane_resources(w, ro, res);
    exec_chan ta[3], ts, tc;
    const exec_chan *a[3];
    for (unsigned c = 0; c < 3; c++)
        a[c] = SRC(1, c, &ta[c]);
    const exec_chan *s = SRC(op == A_CAS ? 3 : 2, 0, &ts);
    const exec_chan *cmp = op == A_CAS ? SRC(2, 0, &tc) : s;
    exec_reg r;
    memset(&r, 0, sizeof r);
    uint32_t hint = 0, lanes = w->exec & ~w->helper, faults = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        uint8_t *p;
        if (ro->file == TGSI_FILE_IMAGE) {
            exec_image_bind *img = image_of(w, res[l].index);
            p = img && atom_on_image(op, img)
                    ? texel_ptr(img, a[0]->u[l], a[1]->u[l], a[2]->u[l]) : NULL;
        } else {
            p = res[l].readonly ? NULL
                                : mem_word(w, &res[l], l, a[0]->u[l], &hint);
        }
        if (!p || ((uintptr_t)p & 3)) {
            faults++;
            continue;
        }
        /* Every atomic returns the old value, ATOMINC_WRAP too
         * (docs/spec-decisions.md, Executor). */
        r.c[0].u[l] = atom_word(p, op, s->u[l], cmp->u[l]);
    }
    exec_memory_fault(w, faults);
    /* the fetched value goes to every enabled component */
    r.c[1] = r.c[2] = r.c[3] = r.c[0];
    exec_store(w, in, 0, &r, w->exec & ~w->helper);
}

void exec_op_ATOMUADD(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_UADD); }
void exec_op_ATOMFADD(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_FADD); }
void exec_op_ATOMXCHG(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_XCHG); }
void exec_op_ATOMCAS(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_CAS); }
void exec_op_ATOMAND(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_AND); }
void exec_op_ATOMOR(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_OR); }
void exec_op_ATOMXOR(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_XOR); }
void exec_op_ATOMUMIN(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_UMIN); }
void exec_op_ATOMUMAX(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_UMAX); }
void exec_op_ATOMIMIN(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_IMIN); }
void exec_op_ATOMIMAX(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_IMAX); }
void exec_op_ATOMINC_WRAP(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_INC); }
void exec_op_ATOMDEC_WRAP(exec_warp *w, const exec_insn *in) { atomic_op(w, in, A_DEC); }

/* FBFETCH dst, OUT[i]: the framebuffer colour the job gave for this
 * invocation and output (nvgp_exec_set_framebuffer), swizzled as the
 * operand says; (0,0,0,0) where none was given. */
void exec_op_FBFETCH(exec_warp *w, const exec_insn *in)
{
    const nvgp_exec *m = w->m;
    const exec_operand *o = &in->src[0];
    int64_t dim[LANES], idx[LANES];
    if (o->ind || o->dim_ind) {
        exec_lane_indices(w, o, dim, idx);
    } else {
        for (unsigned l = 0; l < LANES; l++)
            idx[l] = o->index;
    }
    exec_reg r;
    memset(&r, 0, sizeof r);
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t inv = (uint64_t)w->first_thread + l;
        if (!m->framebuffer || idx[l] < 0 || (uint64_t)idx[l] >= m->num_outputs ||
            inv >= m->invocations)
            continue;
        const uint32_t *v = &m->framebuffer[(inv * m->num_outputs + (uint64_t)idx[l]) * 4];
        for (unsigned c = 0; c < 4; c++)
            r.c[c].u[l] = v[o->swz[c] & 3];
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* Bindless handles (tgsi.rst "Bindless Opcodes").  A handle is 64 bits,
 * written to xy (and repeated in zw, as other 64-bit results are): the low
 * word holds a tag naming the kind of resource in its upper half and the
 * resource index in its lower half, the high word is 0.  tgsi.rst gives no
 * instruction that consumes a handle, so they are only produced. */
static void make_handle(exec_warp *w, const exec_insn *in, uint32_t tag)
{
    mem_res res[LANES];
    lane_resources(w, &in->src[0], res);
    exec_reg r;
    memset(&r, 0, sizeof r);
    for (unsigned l = 0; l < LANES; l++) {
        int64_t i = res[l].index;
        /* an index outside the tag's 16 bits names no resource: handle 0 */
        uint32_t h = i >= 0 && i <= 0xffff ? tag << 16 | (uint32_t)i : 0;
        r.c[0].u[l] = r.c[2].u[l] = h;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_IMG2HND(exec_warp *w, const exec_insn *in)
{
    make_handle(w, in, NVGP_EXEC_HANDLE_IMAGE);
}

void exec_op_SAMP2HND(exec_warp *w, const exec_insn *in)
{
    make_handle(w, in, NVGP_EXEC_HANDLE_SAMPLER);
}

void exec_op_PUSHA(exec_warp *w, const exec_insn *in)
{
    (void)in;
    exec_fail(w, NVGP_EXEC_ERROR_UNSUPPORTED, "PUSHA: legacy address stack is not supported");
}

void exec_op_POPA(exec_warp *w, const exec_insn *in)
{
    (void)in;
    exec_fail(w, NVGP_EXEC_ERROR_UNSUPPORTED, "POPA: legacy address stack is not supported");
}
