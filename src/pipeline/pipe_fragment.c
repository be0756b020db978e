/* The per-fragment operations (GL chapter 4.1) on the samples a fragment
 * covers: fog, alpha test, stencil test, depth test, blending and the
 * masked write.  A single-sample framebuffer is the case of one sample.
 * With NV_early_fragment_tests the stencil and depth tests run before the
 * fragment program (pipe_frag_early) and not again after it. */
#include "pipeline/pipe_internal.h"

#include <math.h>
#include <string.h>

/* GL's comparison functions: does `value` pass against `stored`?  (The
 * depth, alpha and stencil tests all compare the incoming value on the
 * left.) */
bool pipe_frag_compare(uint8_t func, double value, double stored)
{
    switch (func) {
    case NVGP_PIPE_NEVER: return false;
    case NVGP_PIPE_LESS: return value < stored;
    case NVGP_PIPE_EQUAL: return value == stored;
    case NVGP_PIPE_LEQUAL: return value <= stored;
    case NVGP_PIPE_GREATER: return value > stored;
    case NVGP_PIPE_NOTEQUAL: return value != stored;
    case NVGP_PIPE_GEQUAL: return value >= stored;
    default: return true;
    }
}

/* GL 4.1.5's stencil operations on an 8-bit buffer. */
static uint8_t stencil_op(uint8_t op, uint8_t v, uint8_t ref)
{
    switch (op) {
    case NVGP_SO_ZERO: return 0;
    case NVGP_SO_REPLACE: return ref;
    case NVGP_SO_INCR: return v == 0xff ? v : (uint8_t)(v + 1);
    case NVGP_SO_DECR: return v == 0 ? v : (uint8_t)(v - 1);
    case NVGP_SO_INVERT: return (uint8_t)~v;
    case NVGP_SO_INCR_WRAP: return (uint8_t)(v + 1);
    case NVGP_SO_DECR_WRAP: return (uint8_t)(v - 1);
    default: return v;
    }
}

static void stencil_update(uint8_t *p, const nvgp_pipe_stencil *st, uint8_t op)
{
    uint8_t v = stencil_op(op, *p, st->ref);
    *p = (uint8_t)((*p & ~st->write_mask) | (v & st->write_mask));
}

static float clamp01f(float x)
{
    return x > 1.0f ? 1.0f : x > 0.0f ? x : 0.0f;
}

/* GL 3.10: f from the fog coordinate, clamped to [0,1]; rgb = f C + (1-f) Cf.
 * A fragment program's fog option applies fog "to the program's final
 * clamped color" (ARB_fragment_program 3.11.4.5.1), so there C is clamped
 * to [0,1] first, in a float framebuffer too. */
static void apply_fog(const pipe_draw *d, float fogc, float color[4])
{
    const nvgp_pipe_state *s = d->s;
    if (d->fp)
        for (int c = 0; c < 4; c++)
            color[c] = clamp01f(color[c]);
    double f;
    if (d->fog_mode == NVGP_FOG_LINEAR)
        f = s->fog_end != s->fog_start ? (s->fog_end - fogc) / ((double)s->fog_end - s->fog_start) : 1.0;
    else if (d->fog_mode == NVGP_FOG_EXP)
        f = exp(-(double)s->fog_density * fogc);
    else
        f = exp(-((double)s->fog_density * fogc) * ((double)s->fog_density * fogc));
    f = f > 1.0 ? 1.0 : f > 0.0 ? f : 0.0;
    for (int c = 0; c < 3; c++)
        color[c] = (float)(f * color[c] + (1.0 - f) * s->fog_color[c]);
}

static bool inside_fb(const pipe_draw *d, const pipe_frag *f)
{
    return f->x >= 0 && f->y >= 0 && (uint32_t)f->x < d->fb->width &&
           (uint32_t)f->y < d->fb->height;
}

bool pipe_frag_depth(pipe_draw *d, size_t at, float z)
{
    const nvgp_pipe_state *s = d->s;
    if (!s->depth_test)
        return true;
    if (!pipe_frag_compare(s->depth_func, z, d->fb->sample_depth[at]))
        return false;
    if (s->depth_write)
        d->fb->sample_depth[at] = z;
    return true;
}

/* Stencil test (GL 4.1.5, the face's state), then the depth test, whose
 * result picks the stencil operation; the depth write.  at: the sample's
 * index in the sample buffers. */
static bool depth_stencil(pipe_draw *d, const pipe_frag *f, size_t at, float z)
{
    const nvgp_pipe_state *s = d->s;
    nvgp_pipe_fb *fb = d->fb;
    if (!s->stencil_test)
        return pipe_frag_depth(d, at, z);
    const nvgp_pipe_stencil *st = &s->stencil[f->front ? 0 : 1];
    uint8_t *sp = &fb->sample_stencil[at];
    if (!pipe_frag_compare(st->func, st->ref & st->value_mask, *sp & st->value_mask)) {
        stencil_update(sp, st, st->sfail);
        return false;
    }
    bool zpass = !s->depth_test || pipe_frag_compare(s->depth_func, z, fb->sample_depth[at]);
    stencil_update(sp, st, zpass ? st->dppass : st->dpfail);
    if (!zpass)
        return false;
    if (s->depth_test && s->depth_write)
        fb->sample_depth[at] = z;
    return true;
}

static size_t sample_at(const pipe_draw *d, const pipe_frag *f, uint32_t smp)
{
    return ((size_t)f->y * d->fb->width + (size_t)f->x) * d->samples + smp;
}

uint32_t pipe_frag_early(pipe_draw *d, const pipe_frag *f, uint32_t mask)
{
    if (!inside_fb(d, f))
        return 0;
    uint32_t pass = 0;
    for (uint32_t smp = 0; smp < d->samples; smp++)
        if (((mask >> smp) & 1) && depth_stencil(d, f, sample_at(d, f, smp), f->zs[smp]))
            pass |= 1u << smp;
    return pass;
}

void pipe_frag_write(pipe_draw *d, const pipe_frag *f, uint32_t mask, float color[4],
                     const float *color1, const float *z_program, bool early)
{
    const nvgp_pipe_state *s = d->s;
    nvgp_pipe_fb *fb = d->fb;
    if (!inside_fb(d, f))
        return;
    if (d->fog_mode >= 0)
        apply_fog(d, f->fog, color);
    /* multisample fragment operations (GL 4.1.3), with multisample
     * rasterisation only: alpha to coverage keeps round(alpha * samples) of
     * the samples, the lowest-numbered (decision Rasterisation 12); alpha to
     * one then sets alpha to 1 */
    if (d->ms && s->alpha_to_coverage) {
        double a = color[3] > 1.0f ? 1.0 : color[3] > 0.0f ? color[3] : 0.0;
        uint32_t n = (uint32_t)floor(a * d->samples + 0.5);
        mask &= n >= 32 ? ~0u : (1u << n) - 1;
    }
    if (d->ms && s->alpha_to_one)
        color[3] = 1.0f;
    if (!mask)
        return;
    /* alpha test (GL 4.1.4): the alpha as a fixed-point buffer holds it,
     * against the reference clamped to [0,1] */
    if (s->alpha_test) {
        float a = fb->format == NVGP_PIPE_RGBA8 ? pipe_fb_store(fb, color[3]) : color[3];
        float ref = s->alpha_ref > 1.0f ? 1.0f : s->alpha_ref > 0.0f ? s->alpha_ref : 0.0f;
        if (!pipe_frag_compare(s->alpha_func, a, ref))
            return;
    }
    float src[4], src1[4];
    pipe_frag_sources(fb, color, color1, src, src1);
    for (uint32_t smp = 0; smp < d->samples; smp++) {
        if (!((mask >> smp) & 1))
            continue;
        size_t at = sample_at(d, f, smp);
        if (!early && !depth_stencil(d, f, at, z_program ? *z_program : f->zs[smp]))
            continue;
        pipe_frag_put(s, fb, fb->sample_color + 4 * at, src, src1);
    }
}

void pipe_frag_sources(const nvgp_pipe_fb *fb, const float color[4], const float *color1,
                       float src[4], float src1[4])
{
    /* in an RGBA8 buffer the sources are clamped to [0,1] before blending */
    bool fixed = fb->format == NVGP_PIPE_RGBA8;
    for (int c = 0; c < 4; c++) {
        src[c] = fixed ? clamp01f(color[c]) : color[c];
        src1[c] = !color1 ? 0.0f : fixed ? clamp01f(color1[c]) : color1[c];
    }
}

void pipe_frag_put(const nvgp_pipe_state *s, nvgp_pipe_fb *fb, float *dst, const float src[4],
                   const float src1[4])
{
    bool fixed = fb->format == NVGP_PIPE_RGBA8;
    float out[4];
    if (s->blend) {
        pipe_blend_in in = {src, src1, dst, s->blend_color};
        pipe_blend(s, &in, out);
    } else {
        memcpy(out, src, sizeof out);
    }
    /* a float buffer holds the value itself (pipe_fb_store's identity),
     * without a call a component */
    for (int c = 0; c < 4; c++)
        if (s->color_mask[c])
            dst[c] = fixed ? pipe_fb_store(fb, out[c]) : out[c];
}

bool pipe_frag_simple(const pipe_draw *d)
{
    const nvgp_pipe_state *s = d->s;
    bool full_mask = s->color_mask[0] && s->color_mask[1] && s->color_mask[2] && s->color_mask[3];
    return d->fog_mode < 0 && !s->alpha_test && !s->stencil_test && full_mask &&
           !(d->ms && (s->alpha_to_coverage || s->alpha_to_one)) &&
           (d->fb->format == NVGP_PIPE_RGBA32F || d->fb->format == NVGP_PIPE_RGBA8);
}

bool pipe_frag_plain(const pipe_draw *d)
{
    return !d->s->depth_test && !d->s->blend && pipe_frag_simple(d);
}

void pipe_frag_store(pipe_draw *d, const pipe_frag *f, uint32_t mask, const float color[4])
{
    nvgp_pipe_fb *fb = d->fb;
    if (!mask || !inside_fb(d, f))
        return;
    /* pipe_frag_write's store: clamped, then the buffer's value */
    float v[4];
    if (fb->format == NVGP_PIPE_RGBA8) {
        for (int c = 0; c < 4; c++)
            v[c] = pipe_fb_store(fb, clamp01f(color[c]));
    } else {
        memcpy(v, color, sizeof v);
    }
    for (uint32_t smp = 0; smp < d->samples; smp++)
        if ((mask >> smp) & 1)
            memcpy(fb->sample_color + 4 * sample_at(d, f, smp), v, sizeof v);
}
