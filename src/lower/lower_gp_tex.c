/* NV_gpu_program4/5 textures, thread-group and inter-lane instructions, and
 * the fragment and geometry instructions (KIL, IPAC/IPAO/IPAS,
 * EMIT/EMITS/ENDPRIM) (lower_gp.h).
 *
 * Textures.  NV_gpu_program4 Table X.17 lays out the coordinate operand as
 * TGSI's TEX family does (s, t, r, then the layer, then the depth
 * reference), so most texture instructions are one TGSI instruction with
 * the same operands.  The exceptions:
 *  - TXB/TXL on ARRAYCUBE: the coordinate's w is the layer and, by the
 *    pseudocode ("lambda + tmp.w", "tmp.w"), the bias or LOD too; TGSI wants
 *    them in TXB2/TXL2's second operand, so coord.w is passed there as well.
 *  - SHADOWARRAYCUBE sampling (TEX, TXB, TXL, TXD, TXG) has no component
 *    left for the reference value; it is reported as untranslatable,
 *    except TEX with the second coordinate <coord2> of Table X.17
 *    (ARB_sparse_texture_clamp), whose x is the reference (TGSI TEX2).
 *    With <coord2>, TXB/TXL on ARRAYCUBE and SHADOWCUBE take the bias or
 *    LOD from its x (TXB2/TXL2), and LODCLAMP's clamp is in it.
 *  - TXGO is four TG4s, each with the per-texel offset (op1.k, op2.k), of
 *    which the (i0,j0) texel (TG4's w) is kept.
 *  - Texel offsets from an operand (NV_gpu_program5 "offset(...)") are TEMP
 *    offsets of the TGSI instruction; for TXF/TXFMS they are added to the
 *    integer coordinate instead, which is exact.
 *  - TEXTURE arrays indexed by a register (texture[idx.x]) and bindless
 *    handles (NV_bindless_texture) sample SAMP[ADDR.x + first], the unit
 *    per lane (per_lane_sampler); a lane naming no unit of the array (no
 *    unit's handle) reads (0,0,0,0).
 * Results are the texels' words whatever the type modifier (integer
 * textures store integers), so .F/.S/.U only decide how literals and the
 * result are read.
 *
 * Thread groups (NV_gpu_program5 TGALL/TGANY/TGEQ, NV_shader_thread_group
 * TGBALLOT and QSWZ*, NV_shader_thread_shuffle SHF*): votes and ballots are
 * TGSI's VOTE_* and BALLOT over the "non-zero" test of each component; data
 * exchanges read the value of a per-lane source lane with a loop over the
 * 32 lanes of READ_INVOC (whose lane index must be uniform). */
#include "lower/lower_gp.h"
#include "nv/nv_limits.h"

#include <string.h>

static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_dst wm(tgsi_dst d, unsigned mask) { return nvgp_tgsi_dst_writemask(d, mask); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }
static tgsi_src fimm(lower_ctx *c, float x) { return nvgp_tgsi_build_imm1f(c->b, x); }

static const char *op_name(const nv_inst *in)
{
    return nvgp_nv_opcode_info((nv_opcode)in->op)->name;
}

/* ---- Samplers ------------------------------------------------------------------ */

/* The sampler of image unit `unit`, declared and named "texture[unit]". */
static tgsi_src unit_sampler(lower_ctx *c, const nv_inst *in, int32_t unit, tgsi_texture *target)
{
    nv_inst one = *in;
    one.tex.var = NV_VAR_NONE;
    one.tex.has_rel = false;
    one.tex.unit = unit;
    return lower_unit_sampler(c, &one, target);
}

static bool tex_is_bindless(const nv_tex *t)
{
    return t->has_rel && t->var == NV_VAR_NONE;
}

tgsi_src lower_gp_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    const nv_tex *t = &in->tex;
    if (tex_is_bindless(t)) {
        *target = lower_tex_target(t->target);
        lower_error(c, t->offset, "bindless texture handles have no TGSI translation (no handle table to index)");
        return nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    }
    if (t->has_rel) {
        /* the texture instructions resolve these themselves (per_lane_sampler) */
        *target = lower_tex_target(t->target);
        lower_error(c, t->offset, "a relatively indexed TEXTURE array is only allowed in a texture instruction");
        return nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    }
    return unit_sampler(c, in, t->unit, target);
}

/* ---- Texture instructions ------------------------------------------------------ */

/* How an instruction's operands reach TGSI. */
typedef enum tex_kind {
    TK_SAMPLE,   /* TEX, TXP: coord */
    TK_BIAS_LOD, /* TXB, TXL: coord (w = bias / LOD; TXB2/TXL2 for cube arrays) */
    TK_GRAD,     /* TXD: coord, ddx, ddy */
    TK_FETCH,    /* TXF, TXFMS: integer coord */
    TK_SIZE,     /* TXQ: integer level */
    TK_SAMPLES,  /* TXQS: scalar result */
    TK_LODQ,     /* LOD */
    TK_GATHER,   /* TXG: coord, component */
    TK_GATHER_O, /* TXGO: coord, x offsets, y offsets */
    TK_COUNT
} tex_kind;

typedef struct tex_rule {
    uint8_t kind;      /* tex_kind */
    uint8_t nsrc;      /* operands before the optional offset operand */
    bool int_coord;    /* the first operand is integer (TXF, TXFMS, TXQ) */
} tex_rule;

static const tex_rule tex_rules[NV_OP_COUNT] = {
    [NV_OP_TEX] = {TK_SAMPLE, 1, false},   [NV_OP_TXP] = {TK_SAMPLE, 1, false},
    [NV_OP_TXB] = {TK_BIAS_LOD, 1, false}, [NV_OP_TXL] = {TK_BIAS_LOD, 1, false},
    [NV_OP_TXD] = {TK_GRAD, 3, false},     [NV_OP_TXF] = {TK_FETCH, 1, true},
    [NV_OP_TXFMS] = {TK_FETCH, 1, true},   [NV_OP_TXQ] = {TK_SIZE, 1, true},
    [NV_OP_TXQS] = {TK_SAMPLES, 0, false}, [NV_OP_LOD] = {TK_LODQ, 1, false},
    [NV_OP_TXG] = {TK_GATHER, 1, false},   [NV_OP_TXGO] = {TK_GATHER_O, 3, false},
};

/* The operands of one texture instruction, read once. */
typedef struct tex_ops {
    tgsi_src src[3];
    unsigned nsrc;
    bool has_offset;      /* offset[0] is an IMM or TEMP texel offset */
    tgsi_src offset;
    tgsi_texture target;
    bool sat;
} tex_ops;

/* Components of the texel coordinate (u, v, w) a target offsets. */
static unsigned offset_dims(uint8_t t)
{
    switch (t) {
    case NV_TEX_1D: case NV_TEX_ARRAY1D: case NV_TEX_SHADOW1D: case NV_TEX_SHADOWARRAY1D: case NV_TEX_BUFFER:
        return 1;
    case NV_TEX_3D:
        return 3;
    default:
        return 2;
    }
}

static tgsi_instruction *tex_insn(lower_ctx *c, tgsi_opcode op, tgsi_dst d, const tex_ops *o, const tgsi_src *s,
                                  unsigned n, bool with_offset)
{
    tgsi_instruction *ti =
        nvgp_tgsi_build_tex(c->b, op, d, o->target, s, n, &o->offset, with_offset && o->has_offset ? 1 : 0);
    if (ti && o->sat)
        ti->saturate = 1;
    return ti;
}

/* ---- LODCLAMP (ARB_sparse_texture_clamp) ---------------------------------------- */

/* Targets whose LOD clamp the translation handles, with where Table X.17
 * puts it ("w,x2": the second entry, from <coord2>) and the TXB bias (the
 * first entry): x2/y2 of coord2, and whether TGSI's TXB2 (bias in its
 * second operand) is needed because the coordinate's w is taken. */
typedef struct clamp_rule {
    bool ok;
    uint8_t clamp_comp;   /* component of coord2 */
    bool bias_in_coord2;  /* TXB bias in coord2.x, else coord.w */
    bool txb2;            /* the coordinate's w is used: TGSI TXB2 */
    uint8_t grad_dims;    /* TXD: derivative components scaled by the size (lambda_from) */
    bool ref_in_coord2;   /* the reference is coord2.x (TXB2's src1.y), TEX only */
} clamp_rule;

static const clamp_rule clamp_rules[NV_TEX_COUNT] = {
    [NV_TEX_1D] = {true, 0, false, false, 1, false},      [NV_TEX_2D] = {true, 0, false, false, 2, false},
    [NV_TEX_3D] = {true, 0, false, false, 3, false},      [NV_TEX_CUBE] = {true, 0, false, false, 0, false},
    [NV_TEX_ARRAY1D] = {true, 0, false, false, 1, false}, [NV_TEX_ARRAY2D] = {true, 0, false, false, 2, false},
    [NV_TEX_ARRAYCUBE] = {true, 1, true, true, 0, false}, [NV_TEX_SHADOW1D] = {true, 0, false, false, 1, false},
    [NV_TEX_SHADOW2D] = {true, 0, false, false, 2, false}, [NV_TEX_SHADOWARRAY1D] = {true, 0, false, false, 1, false},
    [NV_TEX_SHADOWCUBE] = {true, 1, true, true, 0, false},
    [NV_TEX_SHADOWARRAYCUBE] = {true, 1, false, true, 0, true},
};

/* TEX/TXB.LODCLAMP: "The computed level of detail is clamped to be greater
 * than or equal to this LOD clamp value", after the biases.  TGSI has no
 * clamp; TGSI LODQ's y is the computed lambda' (with the texture's bias),
 * so the lookup is TXB with bias max(bias, clamp - lambda'): its level is
 * lambda' + that = max(lambda' + bias, clamp), from the same implicit
 * derivatives. */
static void tex_lodclamp_implicit(lower_ctx *c, const nv_inst *in, const tex_ops *o, tgsi_dst d, tgsi_src samp,
                                  const clamp_rule *cr)
{
    tgsi_dst q = nvgp_tgsi_build_temp(c->b), k = nvgp_tgsi_build_temp(c->b);
    tgsi_src s[3] = {o->src[0], samp};
    nvgp_tgsi_build_tex(c->b, TGSI_OPCODE_LODQ, wm(q, 3), o->target, s, 2, NULL, 0);
    tgsi_src clamp = sc(o->src[1], cr->clamp_comp);
    tgsi_src bias = in->op != NV_OP_TXB ? fimm(c, 0.0f) : cr->bias_in_coord2 ? sc(o->src[1], 0) : sc(o->src[0], 3);
    /* k.x = max(bias, clamp - lambda') */
    nvgp_tgsi_build_ADD(c->b, wm(k, 1), clamp, nvgp_tgsi_src_negate(sc(of(q), 1)));
    nvgp_tgsi_build_MAX(c->b, wm(k, 1), sc(of(k), 0), bias);
    if (cr->txb2) {
        s[0] = o->src[0];
        s[1] = sc(of(k), 0);
        if (cr->ref_in_coord2) { /* TXB2 on shadow cube arrays: bias in x, reference in y */
            nvgp_tgsi_build_MOV(c->b, wm(k, 2), sc(o->src[1], 0));
            s[1] = of(k);
        }
        s[2] = samp;
        tex_insn(c, TGSI_OPCODE_TXB2, d, o, s, 3, true);
    } else {
        nvgp_tgsi_build_MOV(c->b, wm(q, 7), o->src[0]);
        nvgp_tgsi_build_MOV(c->b, wm(q, 8), sc(of(k), 0));
        s[0] = of(q);
        s[1] = samp;
        tex_insn(c, TGSI_OPCODE_TXB, d, o, s, 2, true);
    }
    nvgp_tgsi_build_release_temp(c->b, k);
    nvgp_tgsi_build_release_temp(c->b, q);
}

/* TXD.LODCLAMP: the clamp is "the <w> component of the third" operand.
 * lambda of the explicit derivatives is computed as the executor does
 * (log2 of the longer of the derivative vectors scaled by the base level's
 * size, TXQ), and where it is below the clamp the lookup is TXL at the
 * clamp instead.  TGSI has no bias-free comparison: with a texture LOD
 * bias the clamp is compared before it is added (docs/spec-decisions.md). */
static void tex_lodclamp_grad(lower_ctx *c, const lower_gp_row *row, const tex_ops *o, tgsi_dst d, tgsi_src samp,
                              const clamp_rule *cr)
{
    tgsi_dst sz = nvgp_tgsi_build_temp(c->b), g = nvgp_tgsi_build_temp(c->b), l = nvgp_tgsi_build_temp(c->b),
             a = nvgp_tgsi_build_temp(c->b), b = nvgp_tgsi_build_temp(c->b);
    tgsi_src s[4] = {uimm(c, 0), samp};
    nvgp_tgsi_build_tex(c->b, TGSI_OPCODE_TXQ, sz, o->target, s, 2, NULL, 0);
    nvgp_tgsi_build_I2F(c->b, sz, of(sz));
    unsigned m = (1u << cr->grad_dims) - 1;
    /* g.x = |ddx * size|^2, g.y = |ddy * size|^2 over the target's dimensions */
    nvgp_tgsi_build_MOV(c->b, l, fimm(c, 0.0f));
    nvgp_tgsi_build_MUL(c->b, wm(l, m), o->src[1], of(sz));
    nvgp_tgsi_build_DP3(c->b, wm(g, 1), of(l), of(l));
    nvgp_tgsi_build_MUL(c->b, wm(l, m), o->src[2], of(sz));
    nvgp_tgsi_build_DP3(c->b, wm(g, 2), of(l), of(l));
    /* lambda = log2(sqrt(max)) = log2(max) / 2 */
    nvgp_tgsi_build_MAX(c->b, wm(g, 1), sc(of(g), 0), sc(of(g), 1));
    nvgp_tgsi_build_LG2(c->b, wm(g, 1), sc(of(g), 0));
    nvgp_tgsi_build_MUL(c->b, wm(g, 1), sc(of(g), 0), fimm(c, 0.5f));
    tgsi_src clamp = sc(o->src[2], 3);
    nvgp_tgsi_build_FSLT(c->b, wm(g, 2), sc(of(g), 0), clamp);
    /* a = the TXD lookup, b = TXL at the clamp */
    tex_ops plain = *o;
    plain.sat = false;
    s[0] = o->src[0];
    s[1] = o->src[1];
    s[2] = o->src[2];
    s[3] = samp;
    tex_insn(c, (tgsi_opcode)row->op[LT_F32], a, &plain, s, 4, true);
    nvgp_tgsi_build_MOV(c->b, wm(l, 7), o->src[0]);
    nvgp_tgsi_build_MOV(c->b, wm(l, 8), clamp);
    s[0] = of(l);
    s[1] = samp;
    tex_insn(c, TGSI_OPCODE_TXL, b, &plain, s, 2, true);
    tgsi_instruction *ti = nvgp_tgsi_build_UCMP(c->b, d, sc(of(g), 1), of(b), of(a));
    if (ti && o->sat)
        ti->saturate = 1;
    nvgp_tgsi_build_release_temp(c->b, b);
    nvgp_tgsi_build_release_temp(c->b, a);
    nvgp_tgsi_build_release_temp(c->b, l);
    nvgp_tgsi_build_release_temp(c->b, g);
    nvgp_tgsi_build_release_temp(c->b, sz);
}

static void tex_lodclamp(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, const tex_ops *o, tgsi_dst d,
                         tgsi_src samp)
{
    const clamp_rule *cr = &clamp_rules[in->tex.target < NV_TEX_COUNT ? in->tex.target : 0];
    bool grad = in->op == NV_OP_TXD;
    /* Table X.17: "The TXB and TXL instructions are not supported for the
     * targets SHADOWARRAY2D and SHADOWARRAYCUBE" */
    bool no_bias = in->op == NV_OP_TXB && cr->ref_in_coord2;
    if (!cr->ok || no_bias || (grad && !cr->grad_dims) || (!grad && o->nsrc < 2)) {
        lower_error(c, in->tex.offset, "%s.LODCLAMP with this target has no TGSI translation yet", op_name(in));
        return;
    }
    if (grad)
        tex_lodclamp_grad(c, row, o, d, samp, cr);
    else
        tex_lodclamp_implicit(c, in, o, d, samp, cr);
}

/* Emits the instruction for one sampler into d. */
static void tex_emit(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, const tex_ops *o, tgsi_dst d,
                     tgsi_src samp)
{
    const tex_rule *r = &tex_rules[in->op];
    tgsi_opcode op = (tgsi_opcode)row->op[LT_F32];
    tgsi_src s[4];
    if (in->lodclamp) {
        tex_lodclamp(c, in, row, o, d, samp);
        return;
    }
    switch ((tex_kind)r->kind) {
    case TK_SAMPLE: case TK_LODQ: case TK_FETCH: case TK_SIZE:
        s[0] = o->src[0];
        if (in->coord2 && in->tex.target == NV_TEX_SHADOWARRAYCUBE) {
            /* Table X.17: the reference is x2; TGSI TEX2 takes it in src1.x */
            s[1] = sc(o->src[1], 0);
            s[2] = samp;
            tex_insn(c, TGSI_OPCODE_TEX2, d, o, s, 3, true);
            return;
        }
        s[1] = samp;
        tex_insn(c, op, d, o, s, 2, r->kind != TK_SIZE);
        return;
    case TK_BIAS_LOD:
        s[0] = o->src[0];
        if (in->coord2 && in->op == NV_OP_TXL && in->tex.target == NV_TEX_SHADOWCUBE) {
            lower_error(c, in->tex.offset, "TXL with SHADOWCUBE has no TGSI translation: TGSI's TXL2 takes only cube "
                                           "arrays, TXL has no room for the reference");
            return;
        }
        if (in->coord2) {
            /* Table X.17: ARRAYCUBE and SHADOWCUBE take the bias or LOD
             * from x2, TGSI TXB2/TXL2 from src1.x */
            s[1] = sc(o->src[1], 0);
            s[2] = samp;
            tex_insn(c, in->op == NV_OP_TXB ? TGSI_OPCODE_TXB2 : TGSI_OPCODE_TXL2, d, o, s, 3, true);
            return;
        }
        if (in->tex.target == NV_TEX_ARRAYCUBE) {
            /* TXB2/TXL2: the bias or LOD is coord.w, which is also the layer */
            s[1] = sc(o->src[0], 3);
            s[2] = samp;
            tex_insn(c, in->op == NV_OP_TXB ? TGSI_OPCODE_TXB2 : TGSI_OPCODE_TXL2, d, o, s, 3, true);
            return;
        }
        s[1] = samp;
        tex_insn(c, op, d, o, s, 2, true);
        return;
    case TK_GRAD:
        s[0] = o->src[0];
        s[1] = o->src[1];
        s[2] = o->src[2];
        s[3] = samp;
        tex_insn(c, op, d, o, s, 4, true);
        return;
    case TK_SAMPLES: {
        /* TGSI TXQS fills x; the NV result is a scalar, replicated */
        tgsi_dst t = nvgp_tgsi_build_temp(c->b);
        s[0] = samp;
        nvgp_tgsi_build_tex(c->b, TGSI_OPCODE_TXQS, wm(t, 1), o->target, s, 1, NULL, 0);
        nvgp_tgsi_build_MOV(c->b, d, sc(of(t), 0));
        nvgp_tgsi_build_release_temp(c->b, t);
        return;
    }
    case TK_GATHER:
        /* NV_gpu_program5 TXG: ".x" ... ".w" select the component, x when
         * absent; SHADOW targets compare and ignore it */
        s[0] = o->src[0];
        s[1] = uimm(c, in->tex.gather_comp ? (uint32_t)(in->tex.gather_comp - 1) : 0);
        s[2] = samp;
        tex_insn(c, TGSI_OPCODE_TG4, d, o, s, 3, true);
        return;
    case TK_GATHER_O: {
        /* NV_gpu_program5 TXGO: texel k is the (i0,j0) texel of the
         * footprint offset by (op1.k, op2.k), i.e. TG4's w */
        tgsi_dst off = nvgp_tgsi_build_temp(c->b), g = nvgp_tgsi_build_temp(c->b), res = nvgp_tgsi_build_temp(c->b);
        tex_ops ok = *o;
        ok.has_offset = true;
        ok.offset = of(off);
        ok.sat = false;
        s[0] = o->src[0];
        s[1] = uimm(c, in->tex.gather_comp ? (uint32_t)(in->tex.gather_comp - 1) : 0);
        s[2] = samp;
        for (unsigned k = 0; k < 4; k++) {
            nvgp_tgsi_build_MOV(c->b, wm(off, 1), sc(o->src[1], k));
            nvgp_tgsi_build_MOV(c->b, wm(off, 2), sc(o->src[2], k));
            nvgp_tgsi_build_MOV(c->b, wm(off, 4), uimm(c, 0));
            tex_insn(c, TGSI_OPCODE_TG4, g, &ok, s, 3, true);
            nvgp_tgsi_build_MOV(c->b, wm(res, 1u << k), sc(of(g), 3));
        }
        tgsi_instruction *mv = nvgp_tgsi_build_MOV(c->b, d, of(res));
        if (mv && o->sat)
            mv->saturate = 1;
        nvgp_tgsi_build_release_temp(c->b, res);
        nvgp_tgsi_build_release_temp(c->b, g);
        nvgp_tgsi_build_release_temp(c->b, off);
        return;
    }
    case TK_COUNT:
        break;
    }
}

/* Instructions whose texture differs per lane: a TEXTURE array indexed by a
 * register ("arr[idx.x + n]": element idx + n, where n is what tx->unit
 * lies beyond the array's first unit), or a bindless handle
 * (NV_bindless_texture "handle(h.x)").  Both sample SAMP[ADDR.x + first],
 * every unit they can reach declared, with ADDR.x the lane's element:
 *  - arrays: idx + n, units first .. first + size - 1;
 *  - handles: the handle's low word less SAMP2HND of unit 0, units 0..31
 *    (the handles of units 0..31 are consecutive: docs/spec-decisions.md,
 *    Executor 5, so a unit's handle is that of unit 0 plus its number).
 * An element outside the reachable units becomes -first - 1, which indexes
 * below SAMP[0]: the executor reads (0,0,0,0) for the lane and counts a
 * fault (docs/spec-decisions.md, Executor 11), even where other samplers are
 * declared next to the array. */
static tgsi_src per_lane_sampler(lower_ctx *c, const nv_inst *in, tgsi_dst m, tgsi_texture *target)
{
    const nv_tex *tx = &in->tex;
    bool bindless = tex_is_bindless(tx);
    uint32_t n = NV_LIMIT_TEXTURE_IMAGE_UNITS;
    int32_t first = 0;
    if (!bindless) {
        const nv_var *var = tx->var < c->p->nvars ? &c->p->vars[tx->var] : NULL;
        n = var ? var->array_size : 0;
        first = var && var->nbindings ? var->bindings[0].index : 0;
    }
    tgsi_src samp = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    *target = lower_tex_target(tx->target);
    for (uint32_t k = 0; k < n; k++)
        samp = unit_sampler(c, in, first + (int32_t)k, target);
    nv_src ks;
    memset(&ks, 0, sizeof ks);
    ks.file = tx->rel.file;
    ks.var = tx->rel.var;
    ks.offset = tx->offset;
    for (int i = 0; i < 4; i++)
        ks.swizzle[i] = tx->rel.comp;
    tgsi_src key = sc(lower_gp_src(c, &ks, bindless ? LT_U32 : LT_S32), 0);
    tgsi_src elem = key;
    if (bindless) {
        tgsi_src unit0 = unit_sampler(c, in, 0, target);
        nvgp_tgsi_build_tex(c->b, TGSI_OPCODE_SAMP2HND, wm(m, 1), *target, &unit0, 1, NULL, 0);
        nvgp_tgsi_build_UADD(c->b, wm(m, 1), key, nvgp_tgsi_src_negate(sc(of(m), 0)));
        elem = sc(of(m), 0);
    } else if (tx->unit != first) {
        nvgp_tgsi_build_UADD(c->b, wm(m, 1), key, nvgp_tgsi_build_imm1i(c->b, tx->unit - first));
        elem = sc(of(m), 0);
    }
    nvgp_tgsi_build_USLT(c->b, wm(m, 2), elem, uimm(c, n));
    nvgp_tgsi_build_UCMP(c->b, wm(m, 1), sc(of(m), 1), elem, nvgp_tgsi_build_imm1i(c->b, -first - 1));
    if (!c->gps->has_tex_addr) {
        c->gps->tex_addr = nvgp_tgsi_build_address(c->b);
        c->gps->has_tex_addr = true;
    }
    nvgp_tgsi_build_UARL(c->b, wm(c->gps->tex_addr, 1), sc(of(m), 0));
    samp = nvgp_tgsi_src(TGSI_FILE_SAMPLER, first);
    return nvgp_tgsi_src_indirect(samp, sc(of(c->gps->tex_addr), 0), 0);
}

static void tex_per_lane_unit(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, const tex_ops *o,
                              tgsi_dst d)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    tgsi_texture target;
    tgsi_src samp = per_lane_sampler(c, in, m, &target);
    tex_emit(c, in, row, o, d, samp);
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* Samples with cube-array shadow targets need a reference value the
 * four-component coordinate has no room for. */
static bool tex_needs_missing_ref(const nv_inst *in)
{
    if (in->tex.target != NV_TEX_SHADOWARRAYCUBE || (in->coord2 && in->op == NV_OP_TEX))
        return false; /* TEX with <coord2> has it in x2 */
    tex_kind k = (tex_kind)tex_rules[in->op].kind;
    return k == TK_SAMPLE || k == TK_BIAS_LOD || k == TK_GRAD || k == TK_GATHER;
}

static void gp_tex(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)t;
    const tex_rule *r = &tex_rules[in->op];
    const nv_tex *tx = &in->tex;
    if (tex_needs_missing_ref(in)) {
        lower_error(c, tx->offset,
                    "%s with SHADOWARRAYCUBE has no TGSI translation: the coordinate holds no reference value",
                    op_name(in));
        return;
    }
    tex_ops o;
    memset(&o, 0, sizeof o);
    o.target = lower_tex_target(tx->target);
    o.sat = in->sat == NV_SAT_SAT;
    /* <coord2> (TEX, TXB, TXL) follows the coordinate */
    unsigned nbase = r->nsrc + (in->coord2 ? 1u : 0u);
    o.nsrc = nbase < in->nsrc ? nbase : in->nsrc;
    for (unsigned i = 0; i < o.nsrc; i++)
        o.src[i] = lower_gp_src(c, &in->src[i], 
                                  (r->int_coord && i == 0) || (r->kind == TK_GATHER_O && i > 0) ? LT_S32 : LT_F32);
    tgsi_dst fetch_coord = {0}, offset_reg = {0};
    bool has_fetch_coord = false, has_offset_reg = false;
    if (tx->offset_from_operand && in->nsrc > o.nsrc) {
        tgsi_src off = lower_gp_src(c, &in->src[o.nsrc], LT_S32);
        if (r->kind == TK_FETCH) {
            /* texel fetch: the offset is added to the texel coordinate */
            fetch_coord = nvgp_tgsi_build_temp(c->b);
            has_fetch_coord = true;
            unsigned dims = offset_dims(tx->target);
            nvgp_tgsi_build_MOV(c->b, fetch_coord, o.src[0]);
            nvgp_tgsi_build_UADD(c->b, wm(fetch_coord, (1u << dims) - 1), o.src[0], off);
            o.src[0] = of(fetch_coord);
        } else {
            offset_reg = nvgp_tgsi_build_temp(c->b);
            has_offset_reg = true;
            nvgp_tgsi_build_MOV(c->b, offset_reg, off);
            o.has_offset = true;
            o.offset = of(offset_reg);
        }
    } else if (tx->has_offset && (tx->offsets[0] || tx->offsets[1] || tx->offsets[2])) {
        uint32_t w[4] = {(uint32_t)(int32_t)tx->offsets[0], (uint32_t)(int32_t)tx->offsets[1],
                         (uint32_t)(int32_t)tx->offsets[2], 0};
        o.has_offset = true;
        o.offset = nvgp_tgsi_build_imm(c->b, TGSI_IMM_INT32, w, 4);
    }
    tgsi_dst d = lower_dst(c, &in->dst);
    if (!tx->has_rel) {
        tgsi_texture target;
        tgsi_src samp = unit_sampler(c, in, tx->unit, &target);
        tex_emit(c, in, row, &o, d, samp);
    } else {
        tex_per_lane_unit(c, in, row, &o, d);
    }
    if (has_offset_reg)
        nvgp_tgsi_build_release_temp(c->b, offset_reg);
    if (has_fetch_coord)
        nvgp_tgsi_build_release_temp(c->b, fetch_coord);
}

/* ---- Thread groups --------------------------------------------------------------- */

/* ~0 where a component of s is non-zero: 0.0 and -0.0 are zero for floats,
 * only the zero word for integers. */
static tgsi_dst nonzero_mask(lower_ctx *c, tgsi_src s, lower_type t)
{
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    if (lower_type_is_float(t))
        nvgp_tgsi_build_FSNE(c->b, m, s, fimm(c, 0.0f));
    else
        nvgp_tgsi_build_USNE(c->b, m, s, uimm(c, 0));
    return m;
}

/* A ~0/0 mask as the type's TRUE/FALSE (1.0 for floats, all ones for integers). */
static tgsi_instruction *write_bool(lower_ctx *c, tgsi_dst d, tgsi_src mask, lower_type t)
{
    if (lower_type_is_float(t))
        return nvgp_tgsi_build_AND(c->b, d, mask, uimm(c, 0x3f800000u));
    return nvgp_tgsi_build_MOV(c->b, d, mask);
}

/* TGALL/TGANY/TGEQ (NV_gpu_program5): TGEQ follows its pseudocode, which
 * compares the "non-zero" tests of the active threads (tgall == tgany), not
 * the values themselves. */
static void gp_vote(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    tgsi_src s = lower_gp_src(c, &in->src[0], t);
    tgsi_dst m = nonzero_mask(c, s, t);
    nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op[LT_F32], &m, 1, (tgsi_src[]){of(m)}, 1);
    tgsi_instruction *ti = write_bool(c, lower_dst(c, &in->dst), of(m), t);
    if (ti && in->sat == NV_SAT_SAT && lower_type_is_float(t))
        ti->saturate = 1;
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* TGBALLOT (NV_shader_thread_group): per component, the mask of active
 * threads whose operand component is non-zero (BALLOT reads x only). */
static void gp_ballot(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    tgsi_src s = lower_gp_src(c, &in->src[0], t);
    tgsi_dst m = nonzero_mask(c, s, t), b = nvgp_tgsi_build_temp(c->b);
    for (unsigned k = 0; k < 4; k++) {
        if (!((in->dst.writemask >> k) & 1))
            continue;
        nvgp_tgsi_build_BALLOT(c->b, wm(b, 1), sc(of(m), k));
        nvgp_tgsi_build_MOV(c->b, wm(m, 1u << k), sc(of(b), 0));
    }
    nvgp_tgsi_build_MOV(c->b, lower_dst(c, &in->dst), of(m));
    nvgp_tgsi_build_release_temp(c->b, b);
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* r (written where mask says) = value of lane idx.x, per lane: a loop over
 * the 32 lanes, reading each with READ_INVOC (its lane index is uniform)
 * and keeping it where it is the lane asked for.  Inactive source lanes
 * give whatever their register holds. */
static void read_lane(lower_ctx *c, tgsi_dst r, tgsi_src value, tgsi_src idx)
{
    tgsi_dst j = nvgp_tgsi_build_temp(c->b), t = nvgp_tgsi_build_temp(c->b), m = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_MOV(c->b, wm(j, 1), uimm(c, 0));
    nvgp_tgsi_build_MOV(c->b, r, uimm(c, 0));
    nvgp_tgsi_build_BGNLOOP(c->b);
    nvgp_tgsi_build_USGE(c->b, wm(m, 1), sc(of(j), 0), uimm(c, 32));
    nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_READ_INVOC(c->b, wm(t, r.writemask), value, sc(of(j), 0));
    nvgp_tgsi_build_USEQ(c->b, wm(m, 1), idx, sc(of(j), 0));
    nvgp_tgsi_build_UCMP(c->b, r, sc(of(m), 0), of(t), of(r));
    nvgp_tgsi_build_UADD(c->b, wm(j, 1), sc(of(j), 0), uimm(c, 1));
    nvgp_tgsi_build_ENDLOOP(c->b);
    nvgp_tgsi_build_release_temp(c->b, m);
    nvgp_tgsi_build_release_temp(c->b, t);
    nvgp_tgsi_build_release_temp(c->b, j);
}

static tgsi_src lane_id(lower_ctx *c)
{
    return sc(nvgp_tgsi_build_system_value(c->b, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0), 0);
}

/* SHFIDX/SHFUP/SHFDOWN/SHFXOR (NV_shader_thread_shuffle): result.x = the
 * "source in range" predicate, result.y = op0.x of the source thread (of
 * the current one when out of range); z and w are 0.
 *   minThreadId = lane & segmask, maxThreadId = minThreadId | (clamp & ~segmask)
 * with clamp = mask bits 0..4 and segmask = bits 8..12.  The spec's "lower
 * than maxThreadId" (IDX/DOWN/XOR) and "greater than" (UP) are taken as
 * <= and >=: with the full-warp clamp 31 the strict form would never let
 * lane 31 be read (docs/spec-decisions.md). */
static void gp_shuffle(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    tgsi_src v = sc(lower_gp_src(c, &in->src[0], t), 0);
    tgsi_src idx = sc(lower_gp_src(c, &in->src[1], LT_U32), 0);
    tgsi_src mask = sc(lower_gp_src(c, &in->src[2], LT_U32), 0);
    tgsi_src lane = lane_id(c);
    tgsi_dst k = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    /* k.x clamp, k.y segmask, k.z minThreadId, k.w maxThreadId */
    nvgp_tgsi_build_AND(c->b, wm(k, 1), mask, uimm(c, 0x1f));
    nvgp_tgsi_build_USHR(c->b, wm(k, 2), mask, uimm(c, 8));
    nvgp_tgsi_build_AND(c->b, wm(k, 2), sc(of(k), 1), uimm(c, 0x1f));
    nvgp_tgsi_build_AND(c->b, wm(k, 4), lane, sc(of(k), 1));
    nvgp_tgsi_build_NOT(c->b, wm(r, 1), sc(of(k), 1));
    nvgp_tgsi_build_AND(c->b, wm(k, 8), sc(of(k), 0), sc(of(r), 0));
    nvgp_tgsi_build_OR(c->b, wm(k, 8), sc(of(k), 3), sc(of(k), 2));
    /* r.y = source lane, r.x = in range */
    switch (in->op) {
    case NV_OP_SHFIDX:
        nvgp_tgsi_build_AND(c->b, wm(r, 2), idx, sc(of(r), 0));
        nvgp_tgsi_build_OR(c->b, wm(r, 2), sc(of(r), 1), sc(of(k), 2));
        nvgp_tgsi_build_USGE(c->b, wm(r, 1), sc(of(k), 3), sc(of(r), 1));
        break;
    case NV_OP_SHFUP:
        nvgp_tgsi_build_UADD(c->b, wm(r, 2), lane, nvgp_tgsi_src_negate(idx));
        nvgp_tgsi_build_ISGE(c->b, wm(r, 1), sc(of(r), 1), sc(of(k), 3));
        break;
    case NV_OP_SHFDOWN:
        nvgp_tgsi_build_UADD(c->b, wm(r, 2), lane, idx);
        nvgp_tgsi_build_USGE(c->b, wm(r, 1), sc(of(k), 3), sc(of(r), 1));
        break;
    default: /* SHFXOR */
        nvgp_tgsi_build_XOR(c->b, wm(r, 2), lane, idx);
        nvgp_tgsi_build_USGE(c->b, wm(r, 1), sc(of(k), 3), sc(of(r), 1));
        break;
    }
    nvgp_tgsi_build_UCMP(c->b, wm(r, 2), sc(of(r), 0), sc(of(r), 1), lane);
    read_lane(c, wm(k, 1), v, sc(of(r), 1));
    tgsi_dst d = lower_dst(c, &in->dst);
    write_bool(c, wm(r, 1), sc(of(r), 0), t);
    nvgp_tgsi_build_MOV(c->b, wm(r, 2), sc(of(k), 0));
    nvgp_tgsi_build_MOV(c->b, wm(r, 12), uimm(c, 0));
    nvgp_tgsi_build_MOV(c->b, d, of(r));
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, k);
}

/* QSWZ0..3/QSWZX/QSWZY (NV_shader_thread_group): op0 of a lane of the quad
 * plus op1 of the current lane (zero when absent, SPEC-DECISIONS 1); 0 in
 * every lane of a quad with an inactive lane ("the quad is divergent").
 * Quads are lanes 4n..4n+3 = (x,y), (x+1,y), (x,y+1), (x+1,y+1). */
static void gp_quad_swizzle(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    tgsi_src a = lower_gp_src(c, &in->src[0], LT_F32);
    tgsi_src lane = lane_id(c);
    tgsi_dst k = nvgp_tgsi_build_temp(c->b), r = nvgp_tgsi_build_temp(c->b);
    /* k.x source lane, k.y quad base, k.z full quad */
    nvgp_tgsi_build_AND(c->b, wm(k, 2), lane, uimm(c, ~3u));
    switch (in->op) {
    case NV_OP_QSWZX:
        nvgp_tgsi_build_XOR(c->b, wm(k, 1), lane, uimm(c, 1));
        break;
    case NV_OP_QSWZY:
        nvgp_tgsi_build_XOR(c->b, wm(k, 1), lane, uimm(c, 2));
        break;
    default: {
        uint32_t q = in->op == NV_OP_QSWZ1 ? 1 : in->op == NV_OP_QSWZ2 ? 2 : in->op == NV_OP_QSWZ3 ? 3 : 0;
        nvgp_tgsi_build_OR(c->b, wm(k, 1), sc(of(k), 1), uimm(c, q));
        break;
    }
    }
    nvgp_tgsi_build_BALLOT(c->b, wm(r, 3), uimm(c, ~0u));
    nvgp_tgsi_build_USHR(c->b, wm(k, 4), sc(of(r), 0), sc(of(k), 1));
    nvgp_tgsi_build_AND(c->b, wm(k, 4), sc(of(k), 2), uimm(c, 0xf));
    nvgp_tgsi_build_USEQ(c->b, wm(k, 4), sc(of(k), 2), uimm(c, 0xf));
    read_lane(c, r, a, sc(of(k), 0));
    if (in->nsrc > 1)
        nvgp_tgsi_build_ADD(c->b, r, of(r), lower_gp_src(c, &in->src[1], LT_F32));
    tgsi_instruction *ti = nvgp_tgsi_build_UCMP(c->b, lower_dst(c, &in->dst), sc(of(k), 2), of(r), fimm(c, 0.0f));
    if (ti && in->sat == NV_SAT_SAT)
        ti->saturate = 1;
    nvgp_tgsi_build_release_temp(c->b, r);
    nvgp_tgsi_build_release_temp(c->b, k);
}

/* ---- Fragment and geometry instructions --------------------------------------- */

/* KIL (NV_fragment_program4): with an operand, the fragment is discarded if
 * any component is negative (KIL.U never discards); with a condition, if
 * the test passes for any component. */
static void gp_kil(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    if (in->nsrc == 0) {
        nv_cc_test test = in->cond;
        if (test.cond == NV_COND_NONE)
            test.cond = NV_COND_TR;
        lower_kill_mask(c, lower_gp_cc_test(c, &test));
        return;
    }
    tgsi_src s = lower_gp_src(c, &in->src[0], t);
    if (t == LT_U32)
        return;
    if (lower_type_is_float(t)) {
        nvgp_tgsi_build_KILL_IF(c->b, s);
        return;
    }
    tgsi_dst m = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_ISLT(c->b, m, s, nvgp_tgsi_build_imm1i(c->b, 0));
    nvgp_tgsi_build_UCMP(c->b, m, of(m), fimm(c, -1.0f), fimm(c, 0.0f));
    nvgp_tgsi_build_KILL_IF(c->b, of(m));
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* IPAC/IPAO/IPAS (NV_gpu_program5): TGSI INTERP_CENTROID/OFFSET/SAMPLE,
 * whose first operand must be a fragment attribute (an INPUT register). */
static void gp_interp(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)t;
    tgsi_src s[2];
    s[0] = lower_gp_src(c, &in->src[0], LT_F32);
    if (s[0].reg.file != TGSI_FILE_INPUT || in->src[0].has_rel) {
        lower_error(c, in->src[0].offset, "%s needs a fragment attribute operand", op_name(in));
        return;
    }
    unsigned n = 1;
    if (in->op == NV_OP_IPAO)
        s[n++] = lower_gp_src(c, &in->src[1], LT_F32);
    else if (in->op == NV_OP_IPAS)
        s[n++] = sc(lower_gp_src(c, &in->src[1], LT_S32), 0);
    tgsi_dst d = lower_dst(c, &in->dst);
    tgsi_instruction *ti = nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op[LT_F32], &d, 1, s, n);
    if (ti && in->sat == NV_SAT_SAT)
        ti->saturate = 1;
}

/* EMIT/ENDPRIM: stream 0; EMITS: the stream of its scalar operand. */
static void gp_emit(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)t;
    tgsi_src stream = in->nsrc ? sc(lower_gp_src(c, &in->src[0], LT_S32), 0) : uimm(c, 0);
    nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op[LT_F32], NULL, 0, &stream, 1);
}

#define ALL(op) {TGSI_OPCODE_##op, TGSI_OPCODE_##op, TGSI_OPCODE_##op, 0, 0, 0}
const lower_gp_row lower_gp_tex_rows[NV_OP_COUNT] = {
    [NV_OP_TEX] = {gp_tex, ALL(TEX), 0},
    [NV_OP_TXP] = {gp_tex, ALL(TXP), 0},
    [NV_OP_TXB] = {gp_tex, ALL(TXB), 0},
    [NV_OP_TXL] = {gp_tex, ALL(TXL), 0},
    [NV_OP_TXD] = {gp_tex, ALL(TXD), 0},
    [NV_OP_TXF] = {gp_tex, ALL(TXF), 0},
    [NV_OP_TXFMS] = {gp_tex, ALL(TXF), 0},
    [NV_OP_TXQ] = {gp_tex, ALL(TXQ), 0},
    [NV_OP_TXQS] = {gp_tex, ALL(TXQS), 0},
    [NV_OP_LOD] = {gp_tex, ALL(LODQ), 0},
    [NV_OP_TXG] = {gp_tex, ALL(TG4), 0},
    [NV_OP_TXGO] = {gp_tex, ALL(TG4), 0},
    [NV_OP_TGALL] = {gp_vote, ALL(VOTE_ALL), 0},
    [NV_OP_TGANY] = {gp_vote, ALL(VOTE_ANY), 0},
    [NV_OP_TGEQ] = {gp_vote, ALL(VOTE_EQ), 0},
    [NV_OP_TGBALLOT] = {gp_ballot, ALL(BALLOT), 0},
    [NV_OP_SHFIDX] = {gp_shuffle, ALL(READ_INVOC), 0},
    [NV_OP_SHFUP] = {gp_shuffle, ALL(READ_INVOC), 0},
    [NV_OP_SHFDOWN] = {gp_shuffle, ALL(READ_INVOC), 0},
    [NV_OP_SHFXOR] = {gp_shuffle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZ0] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZ1] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZ2] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZ3] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZX] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_QSWZY] = {gp_quad_swizzle, ALL(READ_INVOC), 0},
    [NV_OP_KIL] = {gp_kil, ALL(KILL_IF), LGP_COND},
    [NV_OP_IPAC] = {gp_interp, ALL(INTERP_CENTROID), 0},
    [NV_OP_IPAO] = {gp_interp, ALL(INTERP_OFFSET), 0},
    [NV_OP_IPAS] = {gp_interp, ALL(INTERP_SAMPLE), 0},
    [NV_OP_EMIT] = {gp_emit, ALL(EMIT), 0},
    [NV_OP_EMITS] = {gp_emit, ALL(EMIT), 0},
    [NV_OP_ENDPRIM] = {gp_emit, ALL(ENDPRIM), 0},
};
#undef ALL
