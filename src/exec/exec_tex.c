/* Texture opcodes: the TEX family (sampler unit SAMP[n]) and the SAMPLE
 * family (texture of SVIEW[n], target from its declaration).  Operands are
 * gathered into one warp-wide request for the texture module (texture.h);
 * the sampler-view operand's swizzle is applied to the result. */
#include "exec/exec_internal.h"
#include "exec/texture.h"

static const nvgp_texture *unit_texture(exec_warp *w, int64_t unit)
{
    nvgp_exec *m = w->m;
    if (unit < 0 || (uint64_t)unit >= m->num_textures || !m->textures[unit]) {
        exec_fail(w, NVGP_EXEC_ERROR_BINDING, "texture unit %lld is not bound", (long long)unit);
        return NULL;
    }
    return m->textures[unit];
}

/* The texture units the lanes of the execution mask select through a
 * sampler or view operand: one for a direct operand; for SAMP[ADDR[0].x + n]
 * (or SVIEW[...]) each lane's own, lanes grouped by unit.  A lane whose
 * index lies outside the declared SAMP (SVIEW) registers selects nothing:
 * it reads (0,0,0,0) and counts a fault (docs/spec-decisions.md). */
typedef struct unit_sel {
    uint32_t n;
    int32_t unit[LANES];
    uint32_t lanes[LANES];
    const nvgp_texture *tex[LANES];
} unit_sel;

static bool select_units(exec_warp *w, const exec_operand *o, unit_sel *s)
{
    nvgp_exec *m = w->m;
    s->n = 0;
    if (!o->ind) {
        s->tex[0] = unit_texture(w, o->index);
        s->unit[0] = o->index;
        s->lanes[0] = w->exec;
        s->n = 1;
        return s->tex[0] != NULL;
    }
    int64_t dim[LANES], idx[LANES];
    exec_lane_indices(w, o, dim, idx);
    uint32_t limit = o->file == TGSI_FILE_SAMPLER_VIEW ? m->num_sviews : m->num_samplers;
    uint32_t faults = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((w->exec >> l) & 1))
            continue;
        if (idx[l] < 0 || idx[l] >= (int64_t)limit) {
            faults++;
            continue;
        }
        uint32_t g = 0;
        while (g < s->n && s->unit[g] != (int32_t)idx[l])
            g++;
        if (g == s->n) {
            s->tex[g] = unit_texture(w, idx[l]);
            if (!s->tex[g])
                return false;
            s->unit[g] = (int32_t)idx[l];
            s->lanes[g] = 0;
            s->n++;
        }
        s->lanes[g] |= 1u << l;
    }
    exec_memory_fault(w, faults);
    return true;
}

static void copy_lanes(nvgp_tex_lanes *dst, const exec_chan *src)
{
    memcpy(dst, src, sizeof *dst);
}

static void begin(exec_warp *w, const exec_insn *in, nvgp_tex_request *q, unsigned target)
{
    memset(q, 0, sizeof *q);
    q->target = (uint8_t)target;
    q->quad_derivatives = w->m->processor == TGSI_PROCESSOR_FRAGMENT;
    for (unsigned c = 0; c < 4; c++) {
        exec_chan t;
        copy_lanes(&q->coord[c], SRC(0, c, &t));
    }
    if (in->num_offsets)
        for (unsigned k = 0; k < 3; k++)
            q->offset[k] = in->offsets[0][k];
    if (in->offset_regs & 1u) {
        /* a register offset: each lane's own (u, v, w) */
        q->lane_offsets = true;
        for (unsigned k = 0; k < 3; k++) {
            exec_chan t;
            copy_lanes(&q->lane_offset[k], exec_fetch(w, &in->offset_ops[0], k, &t));
        }
    }
}

/* Gathers with four texel offsets (GL's textureGatherOffsets, NV_gpu_program5
 * TXGO): texel k of the result is the (i0,j0) texel of the footprint moved
 * by offset k, immediate or per lane. */
static void gather_offsets(exec_warp *w, const exec_insn *in, nvgp_tex_request *q)
{
    if (in->num_offsets != 4)
        return;
    q->gather_offsets = true;
    q->lane_offsets = false;
    for (unsigned k = 0; k < 4; k++)
        for (unsigned c = 0; c < 2; c++) {
            nvgp_tex_lanes *dst = &q->gather_offset[c][k];
            if (in->offset_regs & (1u << k)) {
                exec_chan t;
                copy_lanes(dst, exec_fetch(w, &in->offset_ops[k], c, &t));
            } else {
                for (unsigned l = 0; l < LANES; l++)
                    dst->i[l] = in->offsets[k][c];
            }
        }
}

static void lanes_of(exec_warp *w, const exec_insn *in, unsigned src, unsigned comp,
                     nvgp_tex_lanes *dst)
{
    exec_chan t;
    copy_lanes(dst, SRC(src, comp, &t));
}

/* Stores out[], swizzled by the view/sampler operand's swizzle. */
static void finish(exec_warp *w, const exec_insn *in, const exec_operand *view,
                   nvgp_tex_lanes out[4])
{
    exec_reg r;
    for (unsigned c = 0; c < 4; c++)
        memcpy(&r.c[c], &out[view ? view->swz[c] : c], sizeof r.c[c]);
    exec_store(w, in, 0, &r, w->exec);
}

enum kind { K_SAMPLE, K_GATHER, K_FETCH, K_LOD };

static unsigned view_target(exec_warp *w, int32_t unit)
{
    nvgp_exec *m = w->m;
    if (unit >= 0 && (uint32_t)unit < m->num_sviews)
        return m->sview_target[unit];
    return TGSI_TEXTURE_2D;
}

/* Runs the request on the unit(s) the operand `unit_op` selects; a SAMPLE-
 * family view also gives the target (by_view).  `view` is the operand
 * whose swizzle applies to the result (NULL: none). */
static void run(exec_warp *w, const exec_insn *in, const exec_operand *unit_op,
                nvgp_tex_request *q, enum kind k, const exec_operand *view, bool by_view)
{
    unit_sel s;
    if (!select_units(w, unit_op, &s))
        return;
    nvgp_tex_lanes out[4];
    memset(out, 0, sizeof out);
    for (uint32_t g = 0; g < s.n; g++) {
        const nvgp_texture *t = s.tex[g];
        if (by_view)
            q->target = (uint8_t)view_target(w, s.unit[g]);
        switch (k) {
        case K_SAMPLE:
            nvgp_texture_sample(t, q, s.lanes[g], out);
            break;
        case K_GATHER:
            nvgp_texture_gather(t, q, s.lanes[g], out);
            break;
        case K_FETCH:
            nvgp_texture_fetch(t, q, s.lanes[g], out);
            break;
        default:
            nvgp_texture_query_lod(t, q, s.lanes[g], out);
            break;
        }
    }
    finish(w, in, view, out);
}

/* Operands past the coordinate that a TEX- or SAMPLE-family opcode reads:
 * the source and component of its LOD or bias and of its depth reference,
 * and the source of its x derivatives (the y ones follow); -1: none. */
typedef struct tex_operands {
    int8_t lod_src, lod_comp, ref_src, ref_comp, ddx_src;
} tex_operands;

static const tex_operands NO_OPERANDS = {-1, 0, -1, 0, -1},
                          LOD_SRC0_W = {0, 3, -1, 0, -1},  /* TXB, TXL */
                          REF_SRC1_X = {-1, 0, 1, 0, -1},  /* TEX2 */
                          LOD_SRC1_X = {1, 0, -1, 0, -1},  /* TXB2, TXL2 */
                          GRAD_SRC1 = {-1, 0, -1, 0, 1},   /* TXD */
                          LOD_SRC3_X = {3, 0, -1, 0, -1},  /* SAMPLE_B, SAMPLE_L */
                          REF_SRC3_X = {-1, 0, 3, 0, -1},  /* SAMPLE_C, SAMPLE_C_LZ */
                          GRAD_SRC3 = {-1, 0, -1, 0, 3};   /* SAMPLE_D */

static void read_operands(exec_warp *w, const exec_insn *in, const tex_operands *o, nvgp_tex_request *q)
{
    if (o->lod_src >= 0)
        lanes_of(w, in, (unsigned)o->lod_src, (unsigned)o->lod_comp, &q->lod);
    if (o->ref_src >= 0) {
        lanes_of(w, in, (unsigned)o->ref_src, (unsigned)o->ref_comp, &q->ref);
        q->has_ref = true;
    }
    if (o->ddx_src >= 0)
        for (unsigned c = 0; c < 3; c++) {
            lanes_of(w, in, (unsigned)o->ddx_src, c, &q->ddx[c]);
            lanes_of(w, in, (unsigned)o->ddx_src + 1, c, &q->ddy[c]);
        }
}

/* TEX-family: sampler operand is the last source. */
static void tex(exec_warp *w, const exec_insn *in, nvgp_tex_lod_mode mode, const tex_operands *o,
                bool projective)
{
    const exec_operand *samp = &in->src[in->num_src - 1];
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    q.lod_mode = (uint8_t)mode;
    q.projective = projective;
    read_operands(w, in, o, &q);
    if (o->lod_src == 1 && in->texture == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
        /* TXB2, TXL2: the bias or LOD in src1.x, the reference in .y */
        lanes_of(w, in, 1, 1, &q.ref);
        q.has_ref = true;
    }
    run(w, in, samp, &q, K_SAMPLE, samp, false);
}

void exec_op_TEX(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, &NO_OPERANDS, false); }
void exec_op_TXP(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, &NO_OPERANDS, true); }
void exec_op_TXB(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_BIAS, &LOD_SRC0_W, false); }
void exec_op_TXL(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_EXPLICIT, &LOD_SRC0_W, false); }
void exec_op_TEX2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, &REF_SRC1_X, false); }
void exec_op_TXB2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_BIAS, &LOD_SRC1_X, false); }
void exec_op_TXL2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_EXPLICIT, &LOD_SRC1_X, false); }
void exec_op_TEX_LZ(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_ZERO, &NO_OPERANDS, false); }
void exec_op_TXD(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_GRADIENT, &GRAD_SRC1, false); }

static void txf(exec_warp *w, const exec_insn *in, bool lz)
{
    const exec_operand *samp = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    if (lz)
        memset(&q.coord[3], 0, sizeof q.coord[3]);
    run(w, in, samp, &q, K_FETCH, samp, false);
}

void exec_op_TXF(exec_warp *w, const exec_insn *in) { txf(w, in, false); }
void exec_op_TXF_LZ(exec_warp *w, const exec_insn *in) { txf(w, in, true); }

static void size_query(exec_warp *w, const exec_insn *in, const exec_operand *unit_op,
                       bool lz, const exec_operand *view, bool by_view)
{
    unit_sel s;
    if (!select_units(w, unit_op, &s))
        return;
    nvgp_tex_lanes lod, out[4];
    if (lz)
        memset(&lod, 0, sizeof lod);
    else
        lanes_of(w, in, 0, 0, &lod);
    memset(out, 0, sizeof out);
    for (uint32_t g = 0; g < s.n; g++)
        nvgp_texture_size(s.tex[g], by_view ? view_target(w, s.unit[g]) : in->texture, &lod,
                          s.lanes[g], out);
    finish(w, in, view, out);
}

void exec_op_TXQ(exec_warp *w, const exec_insn *in)
{
    size_query(w, in, &in->src[1], false, NULL, false);
}

void exec_op_TXQ_LZ(exec_warp *w, const exec_insn *in)
{
    size_query(w, in, &in->src[1], true, NULL, false);
}

static void samples_query(exec_warp *w, const exec_insn *in, const exec_operand *o)
{
    unit_sel s;
    if (!select_units(w, o, &s))
        return;
    exec_reg r;
    memset(&r, 0, sizeof r);
    for (uint32_t g = 0; g < s.n; g++) {
        uint32_t n = nvgp_texture_samples(s.tex[g]);
        for (unsigned l = 0; l < LANES; l++)
            if ((s.lanes[g] >> l) & 1)
                r.c[0].u[l] = n;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_TXQS(exec_warp *w, const exec_insn *in) { samples_query(w, in, &in->src[0]); }
void exec_op_SAMPLE_INFO(exec_warp *w, const exec_insn *in) { samples_query(w, in, &in->src[0]); }

void exec_op_TG4(exec_warp *w, const exec_insn *in)
{
    const exec_operand *samp = &in->src[2];
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    exec_chan tc;
    const exec_chan *c1 = SRC(1, 0, &tc);
    if (in->texture == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
        copy_lanes(&q.ref, c1);
        q.has_ref = true;
    } else {
        unsigned first = w->exec ? (unsigned)__builtin_ctz(w->exec) : 0;
        q.component = (uint8_t)(c1->u[first] & 3);
    }
    gather_offsets(w, in, &q);
    run(w, in, samp, &q, K_GATHER, samp, false);
}

void exec_op_LODQ(exec_warp *w, const exec_insn *in)
{
    const exec_operand *samp = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    run(w, in, samp, &q, K_LOD, NULL, false);
}

/* ---- SAMPLE family: address, SVIEW, SAMP, extra -------------------------------------- */

static void sample(exec_warp *w, const exec_insn *in, nvgp_tex_lod_mode mode, const tex_operands *o)
{
    const exec_operand *view = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, TGSI_TEXTURE_2D); /* target: run() */
    q.lod_mode = (uint8_t)mode;
    read_operands(w, in, o, &q);
    run(w, in, view, &q, K_SAMPLE, view, true);
}

void exec_op_SAMPLE(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_IMPLICIT, &NO_OPERANDS); }
void exec_op_SAMPLE_B(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_BIAS, &LOD_SRC3_X); }
void exec_op_SAMPLE_L(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_EXPLICIT, &LOD_SRC3_X); }
void exec_op_SAMPLE_C(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_IMPLICIT, &REF_SRC3_X); }
void exec_op_SAMPLE_C_LZ(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_ZERO, &REF_SRC3_X); }
void exec_op_SAMPLE_D(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_GRADIENT, &GRAD_SRC3); }

void exec_op_GATHER4(exec_warp *w, const exec_insn *in)
{
    const exec_operand *view = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, TGSI_TEXTURE_2D); /* target: run() */
    gather_offsets(w, in, &q);
    run(w, in, view, &q, K_GATHER, view, true);
}

static void sample_i(exec_warp *w, const exec_insn *in, bool ms)
{
    const exec_operand *view = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, TGSI_TEXTURE_2D); /* target: run() */
    if (ms)
        lanes_of(w, in, 2, 0, &q.coord[3]);
    run(w, in, view, &q, K_FETCH, view, true);
}

void exec_op_SAMPLE_I(exec_warp *w, const exec_insn *in) { sample_i(w, in, false); }
void exec_op_SAMPLE_I_MS(exec_warp *w, const exec_insn *in) { sample_i(w, in, true); }

void exec_op_SVIEWINFO(exec_warp *w, const exec_insn *in)
{
    size_query(w, in, &in->src[1], false, &in->src[1], true);
}

void exec_op_LOD(exec_warp *w, const exec_insn *in)
{
    const exec_operand *view = &in->src[1];
    nvgp_tex_request q;
    begin(w, in, &q, TGSI_TEXTURE_2D); /* target: run() */
    run(w, in, view, &q, K_LOD, view, true);
}

/* SAMPLE_POS: single-sampled resources have their one sample at the pixel
 * centre, offset (0, 0) from it. */
void exec_op_SAMPLE_POS(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    memset(&r, 0, sizeof r);
    exec_store(w, in, 0, &r, w->exec);
}
