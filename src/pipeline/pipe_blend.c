/* Blending (GL 4.1.8, ARB_blend_func_extended): every factor and equation
 * is a row of a table, so a missing one is a missing row. */
#include "pipeline/pipe_internal.h"

/* What a factor multiplies by: an operand's component (its alpha for the
 * *_ALPHA factors), or one minus it.  (The numbers and the equations'
 * order are the span kernels', pipe_span_blend.) */
enum { OP_ZERO, OP_SRC, OP_DST, OP_CONST, OP_SRC1, OP_SATURATE };

static const struct factor_row {
    uint8_t operand;
    bool one_minus;
    bool alpha;      /* the operand's alpha for every component */
} factor_rows[NVGP_BF_COUNT] = {
    [NVGP_BF_ZERO] = {OP_ZERO, false, false},
    [NVGP_BF_ONE] = {OP_ZERO, true, false},
    [NVGP_BF_SRC_COLOR] = {OP_SRC, false, false},
    [NVGP_BF_ONE_MINUS_SRC_COLOR] = {OP_SRC, true, false},
    [NVGP_BF_DST_COLOR] = {OP_DST, false, false},
    [NVGP_BF_ONE_MINUS_DST_COLOR] = {OP_DST, true, false},
    [NVGP_BF_SRC_ALPHA] = {OP_SRC, false, true},
    [NVGP_BF_ONE_MINUS_SRC_ALPHA] = {OP_SRC, true, true},
    [NVGP_BF_DST_ALPHA] = {OP_DST, false, true},
    [NVGP_BF_ONE_MINUS_DST_ALPHA] = {OP_DST, true, true},
    [NVGP_BF_CONSTANT_COLOR] = {OP_CONST, false, false},
    [NVGP_BF_ONE_MINUS_CONSTANT_COLOR] = {OP_CONST, true, false},
    [NVGP_BF_CONSTANT_ALPHA] = {OP_CONST, false, true},
    [NVGP_BF_ONE_MINUS_CONSTANT_ALPHA] = {OP_CONST, true, true},
    [NVGP_BF_SRC_ALPHA_SATURATE] = {OP_SATURATE, false, false},
    [NVGP_BF_SRC1_COLOR] = {OP_SRC1, false, false},
    [NVGP_BF_ONE_MINUS_SRC1_COLOR] = {OP_SRC1, true, false},
    [NVGP_BF_SRC1_ALPHA] = {OP_SRC1, false, true},
    [NVGP_BF_ONE_MINUS_SRC1_ALPHA] = {OP_SRC1, true, true},
};

void pipe_blend_describe(const nvgp_pipe_state *s, pipe_span_blend *out)
{
    const uint8_t src[2] = {s->blend_src_rgb, s->blend_src_alpha};
    const uint8_t dst[2] = {s->blend_dst_rgb, s->blend_dst_alpha};
    const uint8_t eq[2] = {s->blend_eq_rgb, s->blend_eq_alpha};
    out->on = s->blend;
    for (int k = 0; k < 2; k++) {
        const uint8_t f[2] = {src[k], dst[k]};
        pipe_span_factor *to[2] = {&out->src[k], &out->dst[k]};
        for (int i = 0; i < 2; i++) {
            const struct factor_row *r = f[i] < NVGP_BF_COUNT ? &factor_rows[f[i]] : NULL;
            to[i]->operand = r ? r->operand : OP_ZERO;
            to[i]->one_minus = r && r->one_minus;
            to[i]->alpha = r && r->alpha;
        }
        out->eq[k] = eq[k] < NVGP_BE_COUNT ? eq[k] : NVGP_BE_ADD;
    }
}

/* The factor for component c (3 = alpha). */
static float factor(uint8_t f, int c, const pipe_blend_in *in)
{
    if (f >= NVGP_BF_COUNT)
        return 0.0f;
    const struct factor_row *r = &factor_rows[f];
    const float *operand[] = {[OP_SRC] = in->src, [OP_DST] = in->dst, [OP_CONST] = in->constant,
                              [OP_SRC1] = in->src1};
    float v;
    if (r->operand == OP_ZERO) {
        v = 0.0f;
    } else if (r->operand == OP_SATURATE) {
        /* (f, f, f, 1), f = min(As, 1 - Ad) */
        float a = in->src[3], b = 1.0f - in->dst[3];
        v = c == 3 ? 1.0f : a < b ? a : b;
    } else {
        v = operand[r->operand][r->alpha ? 3 : c];
    }
    return r->one_minus ? 1.0f - v : v;
}

static float eq_add(float s, float sf, float d, float df) { return s * sf + d * df; }
static float eq_sub(float s, float sf, float d, float df) { return s * sf - d * df; }
static float eq_rsub(float s, float sf, float d, float df) { return d * df - s * sf; }
/* MIN and MAX ignore the factors (GL 4.1.8) */
static float eq_min(float s, float sf, float d, float df) { (void)sf, (void)df; return s < d ? s : d; }
static float eq_max(float s, float sf, float d, float df) { (void)sf, (void)df; return s > d ? s : d; }

static float (*const equations[NVGP_BE_COUNT])(float, float, float, float) = {
    [NVGP_BE_ADD] = eq_add, [NVGP_BE_SUBTRACT] = eq_sub,
    [NVGP_BE_REVERSE_SUBTRACT] = eq_rsub, [NVGP_BE_MIN] = eq_min, [NVGP_BE_MAX] = eq_max,
};

void pipe_blend(const nvgp_pipe_state *s, const pipe_blend_in *in, float out[4])
{
    for (int c = 0; c < 4; c++) {
        bool alpha = c == 3;
        uint8_t sf = alpha ? s->blend_src_alpha : s->blend_src_rgb;
        uint8_t df = alpha ? s->blend_dst_alpha : s->blend_dst_rgb;
        uint8_t eq = alpha ? s->blend_eq_alpha : s->blend_eq_rgb;
        out[c] = equations[eq < NVGP_BE_COUNT ? eq : NVGP_BE_ADD](
            in->src[c], factor(sf, c, in), in->dst[c], factor(df, c, in));
    }
}

