/* Texture opcodes: the TEX family (sampler unit SAMP[n]) and the SAMPLE
 * family (texture of SVIEW[n], target from its declaration).  Operands are
 * gathered into one warp-wide request for the texture module (texture.h);
 * the sampler-view operand's swizzle is applied to the result. */
#include "exec/exec_internal.h"
#include "exec/texture.h"

static const nvgp_texture *unit_texture(exec_warp *w, const exec_operand *o)
{
    nvgp_exec *m = w->m;
    if (o->index < 0 || (uint32_t)o->index >= m->num_textures || !m->textures[o->index]) {
        exec_fail(w, NVGP_EXEC_ERROR_BINDING, "texture unit %d is not bound", o->index);
        return NULL;
    }
    return m->textures[o->index];
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

static void run(exec_warp *w, const exec_insn *in, const nvgp_texture *t,
                const nvgp_tex_request *q, enum kind k, const exec_operand *view)
{
    nvgp_tex_lanes out[4];
    memset(out, 0, sizeof out);
    switch (k) {
    case K_SAMPLE:
        nvgp_texture_sample(t, q, w->exec, out);
        break;
    case K_GATHER:
        nvgp_texture_gather(t, q, w->exec, out);
        break;
    case K_FETCH:
        nvgp_texture_fetch(t, q, w->exec, out);
        break;
    default:
        nvgp_texture_query_lod(t, q, w->exec, out);
        break;
    }
    finish(w, in, view, out);
}

/* TEX-family: sampler operand is the last source. */
static void tex(exec_warp *w, const exec_insn *in, nvgp_tex_lod_mode mode, int variant)
{
    const exec_operand *samp = &in->src[in->num_src - 1];
    const nvgp_texture *t = unit_texture(w, samp);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    q.lod_mode = (uint8_t)mode;
    bool cube_array_shadow = in->texture == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
    switch (variant) {
    case 1: /* TXP */
        q.projective = true;
        break;
    case 2: /* TXB, TXL: src0.w */
        lanes_of(w, in, 0, 3, &q.lod);
        break;
    case 3: /* TEX2, TXB2, TXL2: src1.x (ref for TEX2; lod or bias, ref in .y) */
        if (mode == NVGP_TEX_LOD_IMPLICIT) {
            lanes_of(w, in, 1, 0, &q.ref);
            q.has_ref = true;
        } else {
            lanes_of(w, in, 1, 0, &q.lod);
            if (cube_array_shadow) {
                lanes_of(w, in, 1, 1, &q.ref);
                q.has_ref = true;
            }
        }
        break;
    case 4: /* TXD */
        for (unsigned c = 0; c < 3; c++) {
            lanes_of(w, in, 1, c, &q.ddx[c]);
            lanes_of(w, in, 2, c, &q.ddy[c]);
        }
        break;
    default:
        break;
    }
    run(w, in, t, &q, K_SAMPLE, samp);
}

void exec_op_TEX(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, 0); }
void exec_op_TXP(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, 1); }
void exec_op_TXB(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_BIAS, 2); }
void exec_op_TXL(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_EXPLICIT, 2); }
void exec_op_TEX2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_IMPLICIT, 3); }
void exec_op_TXB2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_BIAS, 3); }
void exec_op_TXL2(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_EXPLICIT, 3); }
void exec_op_TEX_LZ(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_ZERO, 0); }
void exec_op_TXD(exec_warp *w, const exec_insn *in) { tex(w, in, NVGP_TEX_LOD_GRADIENT, 4); }

static void txf(exec_warp *w, const exec_insn *in, bool lz)
{
    const exec_operand *samp = &in->src[1];
    const nvgp_texture *t = unit_texture(w, samp);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    if (lz)
        memset(&q.coord[3], 0, sizeof q.coord[3]);
    run(w, in, t, &q, K_FETCH, samp);
}

void exec_op_TXF(exec_warp *w, const exec_insn *in) { txf(w, in, false); }
void exec_op_TXF_LZ(exec_warp *w, const exec_insn *in) { txf(w, in, true); }

static void size_query(exec_warp *w, const exec_insn *in, const nvgp_texture *t,
                       unsigned target, bool lz, const exec_operand *view)
{
    nvgp_tex_lanes lod, out[4];
    if (lz)
        memset(&lod, 0, sizeof lod);
    else
        lanes_of(w, in, 0, 0, &lod);
    memset(out, 0, sizeof out);
    nvgp_texture_size(t, target, &lod, w->exec, out);
    finish(w, in, view, out);
}

void exec_op_TXQ(exec_warp *w, const exec_insn *in)
{
    const nvgp_texture *t = unit_texture(w, &in->src[1]);
    if (t)
        size_query(w, in, t, in->texture, false, NULL);
}

void exec_op_TXQ_LZ(exec_warp *w, const exec_insn *in)
{
    const nvgp_texture *t = unit_texture(w, &in->src[1]);
    if (t)
        size_query(w, in, t, in->texture, true, NULL);
}

static void samples_query(exec_warp *w, const exec_insn *in, const exec_operand *o)
{
    const nvgp_texture *t = unit_texture(w, o);
    if (!t)
        return;
    exec_reg r;
    memset(&r, 0, sizeof r);
    uint32_t n = nvgp_texture_samples(t);
    for (unsigned l = 0; l < LANES; l++)
        r.c[0].u[l] = n;
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_TXQS(exec_warp *w, const exec_insn *in) { samples_query(w, in, &in->src[0]); }
void exec_op_SAMPLE_INFO(exec_warp *w, const exec_insn *in) { samples_query(w, in, &in->src[0]); }

void exec_op_TG4(exec_warp *w, const exec_insn *in)
{
    const exec_operand *samp = &in->src[2];
    const nvgp_texture *t = unit_texture(w, samp);
    if (!t)
        return;
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
    run(w, in, t, &q, K_GATHER, samp);
}

void exec_op_LODQ(exec_warp *w, const exec_insn *in)
{
    const exec_operand *samp = &in->src[1];
    const nvgp_texture *t = unit_texture(w, samp);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, in->texture);
    run(w, in, t, &q, K_LOD, NULL);
}

/* ---- SAMPLE family: address, SVIEW, SAMP, extra -------------------------------------- */

static unsigned view_target(exec_warp *w, const exec_operand *view)
{
    nvgp_exec *m = w->m;
    if (view->index >= 0 && (uint32_t)view->index < m->num_sviews)
        return m->sview_target[view->index];
    return TGSI_TEXTURE_2D;
}

static void sample(exec_warp *w, const exec_insn *in, nvgp_tex_lod_mode mode, int extra)
{
    const exec_operand *view = &in->src[1];
    const nvgp_texture *t = unit_texture(w, view);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, view_target(w, view));
    q.lod_mode = (uint8_t)mode;
    switch (extra) {
    case 1: /* SAMPLE_B / SAMPLE_L: src3.x */
        lanes_of(w, in, 3, 0, &q.lod);
        break;
    case 2: /* SAMPLE_C / SAMPLE_C_LZ: reference src3.x */
        lanes_of(w, in, 3, 0, &q.ref);
        q.has_ref = true;
        break;
    case 3: /* SAMPLE_D */
        for (unsigned c = 0; c < 3; c++) {
            lanes_of(w, in, 3, c, &q.ddx[c]);
            lanes_of(w, in, 4, c, &q.ddy[c]);
        }
        break;
    default:
        break;
    }
    run(w, in, t, &q, K_SAMPLE, view);
}

void exec_op_SAMPLE(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_IMPLICIT, 0); }
void exec_op_SAMPLE_B(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_BIAS, 1); }
void exec_op_SAMPLE_L(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_EXPLICIT, 1); }
void exec_op_SAMPLE_C(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_IMPLICIT, 2); }
void exec_op_SAMPLE_C_LZ(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_ZERO, 2); }
void exec_op_SAMPLE_D(exec_warp *w, const exec_insn *in) { sample(w, in, NVGP_TEX_LOD_GRADIENT, 3); }

void exec_op_GATHER4(exec_warp *w, const exec_insn *in)
{
    const exec_operand *view = &in->src[1];
    const nvgp_texture *t = unit_texture(w, view);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, view_target(w, view));
    run(w, in, t, &q, K_GATHER, view);
}

static void sample_i(exec_warp *w, const exec_insn *in, bool ms)
{
    const exec_operand *view = &in->src[1];
    const nvgp_texture *t = unit_texture(w, view);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, view_target(w, view));
    if (ms)
        lanes_of(w, in, 2, 0, &q.coord[3]);
    run(w, in, t, &q, K_FETCH, view);
}

void exec_op_SAMPLE_I(exec_warp *w, const exec_insn *in) { sample_i(w, in, false); }
void exec_op_SAMPLE_I_MS(exec_warp *w, const exec_insn *in) { sample_i(w, in, true); }

void exec_op_SVIEWINFO(exec_warp *w, const exec_insn *in)
{
    const exec_operand *view = &in->src[1];
    const nvgp_texture *t = unit_texture(w, view);
    if (t)
        size_query(w, in, t, view_target(w, view), false, view);
}

void exec_op_LOD(exec_warp *w, const exec_insn *in)
{
    const exec_operand *view = &in->src[1];
    const nvgp_texture *t = unit_texture(w, view);
    if (!t)
        return;
    nvgp_tex_request q;
    begin(w, in, &q, view_target(w, view));
    run(w, in, t, &q, K_LOD, view);
}

/* SAMPLE_POS: single-sampled resources have their one sample at the pixel
 * centre, offset (0, 0) from it. */
void exec_op_SAMPLE_POS(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    memset(&r, 0, sizeof r);
    exec_store(w, in, 0, &r, w->exec);
}
