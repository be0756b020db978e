/* Texture sampling, gather, fetch and queries.  Every expected value is
 * computed by hand from the GL 4.x / NV_gpu_program4 / NV_gpu_program5 /
 * ARB_texture_query_lod rules; the comment beside each check shows the
 * arithmetic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "exec/texture.h"
#include "exec/texture_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* A texture whose level l has r = rvalue(l, i, j, k, layer), g = 100 + that,
 * b = 0, a = 1 (rgba32f). */
typedef float (*texel_fn)(uint32_t level, uint32_t i, uint32_t j, uint32_t k, uint32_t layer);

static nvgp_texture *make_tex(unsigned target, uint32_t w, uint32_t h, uint32_t d,
                              uint32_t layers, uint32_t levels, texel_fn fn)
{
    nvgp_texture_desc desc = { .target = (uint8_t)target, .format = NVGP_TEX_FORMAT_RGBA32F,
                               .width = w, .height = h, .depth = d, .layers = layers,
                               .levels = levels, .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&desc, NULL);
    assert_non_null(t);
    const nvgp_texture_desc *real = nvgp_texture_describe(t);
    for (uint32_t l = 0; l < real->levels; l++) {
        size_t bytes = nvgp_texture_image_size(t, l);
        float *data = malloc(bytes);
        uint32_t lw = w >> l ? w >> l : 1, lh = real->height >> l ? real->height >> l : 1;
        uint32_t ld = real->depth >> l ? real->depth >> l : 1;
        size_t n = 0;
        for (uint32_t layer = 0; layer < real->layers; layer++)
            for (uint32_t k = 0; k < ld; k++)
                for (uint32_t j = 0; j < lh; j++)
                    for (uint32_t i = 0; i < lw; i++) {
                        float r = fn(l, i, j, k, layer);
                        data[n++] = r;
                        data[n++] = 100.0f + r;
                        data[n++] = 0.0f;
                        data[n++] = 1.0f;
                    }
        assert_int_equal(n * 4, bytes);
        assert_true(nvgp_texture_set_image(t, l, data, bytes, NULL));
        free(data);
    }
    return t;
}

static void req_init(nvgp_tex_request *r, unsigned target, unsigned lod_mode)
{
    memset(r, 0, sizeof *r);
    r->target = (uint8_t)target;
    r->lod_mode = (uint8_t)lod_mode;
}

static void set_coord(nvgp_tex_request *r, unsigned lane, float x, float y, float z, float w)
{
    r->coord[0].f[lane] = x;
    r->coord[1].f[lane] = y;
    r->coord[2].f[lane] = z;
    r->coord[3].f[lane] = w;
}

static void set_sampler(nvgp_texture *t, unsigned minf, unsigned magf, unsigned mip,
                        unsigned wrap)
{
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.min_filter = (uint8_t)minf;
    s.mag_filter = (uint8_t)magf;
    s.mip_filter = (uint8_t)mip;
    s.wrap[0] = s.wrap[1] = s.wrap[2] = (uint8_t)wrap;
    nvgp_texture_set_sampler(t, &s);
}

static void set_wrap_border(nvgp_texture *t, unsigned wrap, float border)
{
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.wrap[0] = s.wrap[1] = s.wrap[2] = (uint8_t)wrap;
    for (int c = 0; c < 4; c++)
        s.border[c] = fb(border);
    nvgp_texture_set_sampler(t, &s);
}

/* r of lane 0 of a lookup at (x, y, z, w). */
static float sample_r(const nvgp_texture *t, nvgp_tex_request *r, float x, float y, float z,
                      float w)
{
    nvgp_tex_lanes out[4];
    memset(out, 0, sizeof out);
    set_coord(r, 0, x, y, z, w);
    nvgp_texture_sample(t, r, 1u, out);
    return bf(out[0].u[0]);
}

/* ---- Texel functions ---------------------------------------------------------- */

static float f_index2(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)k, (void)layer;
    return (float)(1 + i + 2 * j);            /* 2x2: T00=1 T10=2 T01=3 T11=4 */
}

static float f_1d(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)j, (void)k, (void)layer;
    return 10.0f * (float)(i + 1);            /* 10 20 30 40 */
}

static float f_level(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)i, (void)j, (void)k, (void)layer;
    return (float)(10u << l);                 /* 10 20 40 80 */
}

static float f_level0_x(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)j, (void)k, (void)layer;
    return l == 0 ? (float)i : 50.0f;
}

static float f_cube(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)k;
    return (float)(layer * 10 + j * 2 + i);
}

static float f_layer(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)i, (void)j, (void)k;
    return (float)(10 * (layer + 1));
}

static float f_3d(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)layer;
    return (float)(k * 4 + j * 2 + i);
}

static float f_rect(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)k, (void)layer;
    return (float)(j * 4 + i);
}

/* ---- Filters -------------------------------------------------------------------- */

static void test_nearest_2d(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 2, 2, 1, 1, 1, f_index2);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    /* u = 2s: floor(0.5) = 0, floor(1.5) = 1. */
    assert_true(sample_r(t, &r, 0.25f, 0.25f, 0, 1) == 1.0f);
    assert_true(sample_r(t, &r, 0.75f, 0.25f, 0, 1) == 2.0f);
    assert_true(sample_r(t, &r, 0.25f, 0.75f, 0, 1) == 3.0f);
    assert_true(sample_r(t, &r, 0.75f, 0.75f, 0, 1) == 4.0f);
    /* Edges: s = 0.5 is u = 1.0, texel 1; s = 1.0 repeats to texel 0. */
    assert_true(sample_r(t, &r, 0.5f, 0.0f, 0, 1) == 2.0f);
    assert_true(sample_r(t, &r, 1.0f, 0.0f, 0, 1) == 1.0f);
    /* All four components: g = 100 + r, b = 0, a = 1. */
    nvgp_tex_lanes out[4];
    set_coord(&r, 3, 0.75f, 0.75f, 0, 1);
    nvgp_texture_sample(t, &r, 1u << 3, out);
    assert_true(bf(out[0].u[3]) == 4.0f && bf(out[1].u[3]) == 104.0f &&
                bf(out[2].u[3]) == 0.0f && bf(out[3].u[3]) == 1.0f);
    nvgp_texture_destroy(t);
}

static void test_linear_2d(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 2, 2, 1, 1, 1, f_index2);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    /* Texel centre: u - 0.5 = 0, alpha = beta = 0: exactly T00. */
    assert_true(sample_r(t, &r, 0.25f, 0.25f, 0, 1) == 1.0f);
    /* Centre of the image: alpha = beta = 0.5: (1 + 2 + 3 + 4) / 4. */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0, 1) == 2.5f);
    /* u = 1.0, v = 0.5: alpha 0.5, beta 0: (1 + 2) / 2. */
    assert_true(sample_r(t, &r, 0.5f, 0.25f, 0, 1) == 1.5f);
    /* u = 1.25 (alpha 0.75), v = 0.75 (beta 0.25):
     * 0.25*0.75*1 + 0.75*0.75*2 + 0.25*0.25*3 + 0.75*0.25*4 = 2.25 */
    assert_true(sample_r(t, &r, 0.625f, 0.375f, 0, 1) == 2.25f);
    /* Corner (0, 0), clamp to edge: i0 = clamp(-1) = 0 = i1: T00. */
    assert_true(sample_r(t, &r, 0.0f, 0.0f, 0, 1) == 1.0f);
    /* Corner (0, 0), repeat: i0 = -1 mod 2 = 1, i1 = 0, weights 0.5: mean 2.5. */
    set_wrap_border(t, NVGP_TEX_WRAP_REPEAT, 0.0f);
    assert_true(sample_r(t, &r, 0.0f, 0.0f, 0, 1) == 2.5f);
    nvgp_texture_destroy(t);
}

/* 1D, width 4: texels 10 20 30 40; border 2. */
static float wrap1(nvgp_texture *t, unsigned wrap, bool linear, float s)
{
    set_sampler(t, linear ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST,
                linear ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE,
                wrap);
    set_wrap_border(t, wrap, 2.0f);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_1D, NVGP_TEX_LOD_IMPLICIT);
    return sample_r(t, &r, s, 0, 0, 1);
}

static void test_wrap_modes(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_1D, 4, 1, 1, 1, 1, f_1d);
    /* REPEAT: u = 5.2 -> 5 mod 4 = 1; u = -0.4 -> -1 mod 4 = 3. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_REPEAT, false, 1.3f) == 20.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_REPEAT, false, -0.1f) == 40.0f);
    /* CLAMP_TO_EDGE: 5 -> 3, -1 -> 0. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_EDGE, false, 1.3f) == 40.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_EDGE, false, -0.1f) == 10.0f);
    /* CLAMP_TO_BORDER: 5 -> 4 and -1 -> -1 are the border. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_BORDER, false, 1.3f) == 2.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_BORDER, false, -0.1f) == 2.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_BORDER, false, 0.9f) == 40.0f);
    /* MIRRORED_REPEAT: (size-1) - mirror(mod(c, 2 size) - size)
     * c = 5: 3 - mirror(1) = 2; c = -1: 3 - mirror(3) = 0; c = 7: 3 - 3 = 0;
     * c = 4: 3 - mirror(0) = 3. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, false, 1.3f) == 30.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, false, -0.1f) == 10.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, false, 1.9f) == 10.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, false, 1.0f) == 40.0f);
    /* MIRROR_CLAMP_TO_EDGE: c = -2: mirror = 1; c = 5: clamp 3; c = -8: mirror 7 -> 3. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, false, -0.3f) == 20.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, false, 1.3f) == 40.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, false, -2.0f) == 40.0f);
    /* MIRROR_CLAMP_TO_BORDER: c = 5: clamp(5, 0, 4) = 4, the border. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_BORDER, false, 1.3f) == 2.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_BORDER, false, -0.3f) == 20.0f);
    /* Legacy CLAMP, nearest: u pre-clamped to [0, 4]: floor 4 -> clamp(0, 3). */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP, false, 1.3f) == 40.0f);
    /* Legacy CLAMP, linear: u = 4 -> i0 = 3, i1 = 4 (border), alpha 0.5: (40+2)/2. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP, true, 1.3f) == 21.0f);
    /* u = 0: i0 = -1 (border), i1 = 0: (2 + 10) / 2. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP, true, -0.1f) == 6.0f);
    /* CLAMP_TO_EDGE, linear, same places: both texels are the edge one. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_EDGE, true, 1.3f) == 40.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_EDGE, true, -0.1f) == 10.0f);
    /* MIRROR_CLAMP (legacy), nearest: u = -1.2 -> -2 -> mirror 1;
     * u = -6 pre-clamped to -4 -> mirror(-4) = 3. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP, false, -0.3f) == 20.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP, false, -1.5f) == 40.0f);
    /* MIRROR_CLAMP, linear at u = 4.8 -> pre-clamp 4: i0 = 3, i1 = clamp(4,0,4) border. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP, true, 1.2f) == 21.0f);
    /* REPEAT, linear, u = 0 (s = 0): i0 = 3, i1 = 0: (40 + 10) / 2. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_REPEAT, true, 0.0f) == 25.0f);
    /* MIRRORED_REPEAT, linear, u = 0: i0 = c(-1) = 0, i1 = 0: 10. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, true, 0.0f) == 10.0f);
    /* MIRROR_CLAMP_TO_EDGE, linear, u = -1.25: u - 0.5 = -1.75, i0 = mirror(-2) = 1,
     * i1 = mirror(-1) = 0, alpha 0.25: 0.75 * 20 + 0.25 * 10 (the same as
     * sampling the mirrored coordinate 1.25). */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, true, -0.3125f) == 17.5f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_EDGE, true, 0.3125f) == 17.5f);
    /* MIRRORED_REPEAT, linear across the mirror at u = 4 (s = 1): i0 = c(3) = 3,
     * i1 = c(4) = 3: 40; at u = 4.75: i0 = c(4) = 3, i1 = c(5) = 2, alpha 0.25:
     * 0.75 * 40 + 0.25 * 30. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, true, 1.0f) == 40.0f);
    assert_true(wrap1(t, NVGP_TEX_WRAP_MIRRORED_REPEAT, true, 1.1875f) == 37.5f);
    nvgp_texture_destroy(t);
}

static void test_border_color(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_1D, 4, 1, 1, 1, 1, f_1d);
    /* Linear at s = 0 with CLAMP_TO_BORDER: i0 = -1 (border 2), i1 = 0: 6. */
    assert_true(wrap1(t, NVGP_TEX_WRAP_CLAMP_TO_BORDER, true, 0.0f) == 6.0f);
    /* The whole border colour, all four components, on a far coordinate. */
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.border[0] = fb(0.25f);
    s.border[1] = fb(0.5f);
    s.border[2] = fb(0.75f);
    s.border[3] = fb(2.0f);
    nvgp_texture_set_sampler(t, &s);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_1D, NVGP_TEX_LOD_IMPLICIT);
    nvgp_tex_lanes out[4];
    set_coord(&r, 0, 7.0f, 0, 0, 1);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 0.25f && bf(out[1].u[0]) == 0.5f &&
                bf(out[2].u[0]) == 0.75f && bf(out[3].u[0]) == 2.0f);
    nvgp_texture_destroy(t);

    /* rgba8 (fixed-point): the border is clamped to [0, 1]; texels convert
     * 255 -> 1.0, 51 -> 0.2. */
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_1D, .format = NVGP_TEX_FORMAT_RGBA8,
                            .width = 1, .height = 1, .depth = 1, .layers = 1, .levels = 1 };
    t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    const uint8_t texel[4] = { 255, 51, 0, 128 };
    assert_true(nvgp_texture_set_image(t, 0, texel, 4, NULL));
    nvgp_texture_set_sampler(t, &s);
    set_coord(&r, 0, 0.5f, 0, 0, 1);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 1.0f && bf(out[1].u[0]) == 0.2f &&
                bf(out[2].u[0]) == 0.0f && bf(out[3].u[0]) == (float)(128.0 / 255.0));
    set_coord(&r, 0, 7.0f, 0, 0, 1);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 0.25f && bf(out[3].u[0]) == 1.0f);
    nvgp_texture_destroy(t);
}

/* ---- Level of detail ----------------------------------------------------------- */

/* r of lane 0 for a quad at (s, t) with steps ds (x) and dt (y). */
static float quad_r(const nvgp_texture *t, nvgp_tex_request *r, float s, float tt, float ds,
                    float dt)
{
    r->quad_derivatives = true;
    set_coord(r, 0, s, tt, 0, 1);
    set_coord(r, 1, s + ds, tt, 0, 1);
    set_coord(r, 2, s, tt + dt, 0, 1);
    set_coord(r, 3, s + ds, tt + dt, 0, 1);
    nvgp_tex_lanes out[4];
    nvgp_texture_sample(t, r, 0xfu, out);
    /* Every lane of the quad uses the same level (levels are uniform). */
    assert_int_equal(out[0].u[0], out[0].u[3]);
    return bf(out[0].u[0]);
}

static void test_mip_from_derivatives(void **state)
{
    (void)state;
    /* 8x8, four levels with r = 10, 20, 40, 80. */
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 8, 8, 1, 1, 0, f_level);
    assert_int_equal(nvgp_texture_describe(t)->levels, 4);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST,
                NVGP_TEX_WRAP_REPEAT);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    /* ds = 2/8: du/dx = 2, rho = 2, lambda = 1: level ceil(1.5) - 1 = 1. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.25f, 0.0f) == 20.0f);
    /* ds = 4/8: lambda 2. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.5f, 0.0f) == 40.0f);
    /* ds = 1/8: lambda 0, magnification: level 0. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.125f, 0.0f) == 10.0f);
    /* ds = 3/8: lambda = log2 3 = 1.585: ceil(2.085) - 1 = 2. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.375f, 0.0f) == 40.0f);
    /* rho = max(|d/dx|, |d/dy|): ds = 1/8, dt = 4/8: rho 4, lambda 2. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.125f, 0.5f) == 40.0f);
    /* Huge steps: lambda 6 > q: the last level. */
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 8.0f, 0.0f) == 80.0f);
    /* Bias (TXB): lambda 1 + 1 = 2. */
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_BIAS);
    for (int l = 0; l < 4; l++)
        r.lod.f[l] = 1.0f;
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.25f, 0.0f) == 40.0f);
    /* Sampler bias -1 plus shader bias 1: lambda 1. */
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.lod_bias = -1.0f;
    nvgp_texture_set_sampler(t, &s);
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.25f, 0.0f) == 20.0f);
    /* min_lod 1.5: lambda 0 -> 1.5: minified, ceil(2) - 1 = 1. */
    s.lod_bias = 0.0f;
    s.min_lod = 1.5f;
    nvgp_texture_set_sampler(t, &s);
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 0.125f, 0.0f) == 20.0f);
    /* max_lod 1: lambda 3 -> 1. */
    s.min_lod = -1000.0f;
    s.max_lod = 1.0f;
    nvgp_texture_set_sampler(t, &s);
    assert_true(quad_r(t, &r, 0.125f, 0.125f, 1.0f, 0.0f) == 20.0f);
    /* Without quad derivatives (vertex programs) rho = 0: base level. */
    s.max_lod = 1000.0f;
    nvgp_texture_set_sampler(t, &s);
    r.quad_derivatives = false;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 10.0f);
    /* Explicit LOD (TXL): 2 -> level 2; 10 -> q = 3; with base_level 1,
     * lod 0 is level 1; max_level 2 caps lod 5 at level 2. */
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_EXPLICIT);
    r.lod.f[0] = 2.0f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 40.0f);
    r.lod.f[0] = 10.0f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 80.0f);
    s.base_level = 1;
    s.max_level = 2;
    nvgp_texture_set_sampler(t, &s);
    r.lod.f[0] = 0.0f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 20.0f);
    r.lod.f[0] = 5.0f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 40.0f);
    /* TEX_LZ: level_base. */
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_ZERO);
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 20.0f);
    /* Gradients (TXD): ddx = (0.5, 0), ddy = (0, 0.25), scaled by level_base
     * (level 1, 4x4): rho = max(2, 1), lambda 1: level 1 + ceil(1.5) - 1 = 2. */
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_GRADIENT);
    r.ddx[0].f[0] = 0.5f;
    r.ddy[1].f[0] = 0.25f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 40.0f);
    s.base_level = 0;
    s.max_level = 1000;
    nvgp_texture_set_sampler(t, &s);
    /* Now lambda 2 is level 2 itself; halving ddx gives rho 2: level 1. */
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 40.0f);
    r.ddx[0].f[0] = 0.25f;
    assert_true(sample_r(t, &r, 0.1f, 0.1f, 0, 1) == 20.0f);
    nvgp_texture_destroy(t);
}

static void test_trilinear_and_mag_threshold(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 8, 8, 1, 1, 0, f_level);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_LINEAR,
                NVGP_TEX_WRAP_REPEAT);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_EXPLICIT);
    /* lambda 1.25: levels 1 and 2 with weights 0.75, 0.25: 15 + 10 = 25. */
    r.lod.f[0] = 1.25f;
    assert_true(sample_r(t, &r, 0.3f, 0.6f, 0, 1) == 25.0f);
    /* lambda 2.5: 0.5 * 40 + 0.5 * 80 = 60. */
    r.lod.f[0] = 2.5f;
    assert_true(sample_r(t, &r, 0.3f, 0.6f, 0, 1) == 60.0f);
    /* lambda 3.5 >= q: the last level alone. */
    r.lod.f[0] = 3.5f;
    assert_true(sample_r(t, &r, 0.3f, 0.6f, 0, 1) == 80.0f);
    nvgp_texture_destroy(t);

    /* c = 0.5 when the mag filter is LINEAR and the min filter is
     * NEAREST_MIPMAP_*: lambda 0.4 is magnification (linear on level 0:
     * u = 1.0 between texels 0 and 1 -> 0.5); 0.6 is minification, mip
     * nearest: level ceil(1.1) - 1 = 1 (50). */
    t = make_tex(TGSI_TEXTURE_2D, 8, 8, 1, 1, 0, f_level0_x);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NEAREST,
                NVGP_TEX_WRAP_REPEAT);
    r.lod.f[0] = 0.4f;
    assert_true(sample_r(t, &r, 0.125f, 0.0625f, 0, 1) == 0.5f);
    r.lod.f[0] = 0.6f;
    assert_true(sample_r(t, &r, 0.125f, 0.0625f, 0, 1) == 50.0f);
    /* With a NEAREST mag filter c = 0: lambda 0.4 is minification, mip
     * nearest keeps level 0 (lambda <= 0.5), nearest: texel 1. */
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST,
                NVGP_TEX_WRAP_REPEAT);
    r.lod.f[0] = 0.4f;
    assert_true(sample_r(t, &r, 0.125f, 0.0625f, 0, 1) == 1.0f);
    nvgp_texture_destroy(t);
}

/* ---- Cube maps ------------------------------------------------------------------- */

static void test_cube_faces(void **state)
{
    (void)state;
    /* 2x2 faces, r = face * 10 + j * 2 + i. */
    nvgp_texture *t = make_tex(TGSI_TEXTURE_CUBE, 2, 2, 1, 6, 1, f_cube);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_CUBE, NVGP_TEX_LOD_IMPLICIT);
    /* +X: sc = -rz, tc = -ry.  (1, -0.5, -0.5): sc = tc = 0.5: s = t = 0.75: (1,1). */
    assert_true(sample_r(t, &r, 1.0f, -0.5f, -0.5f, 0) == 3.0f);
    assert_true(sample_r(t, &r, 1.0f, 0.5f, 0.5f, 0) == 0.0f);
    /* -X: sc = +rz, tc = -ry: (-1, 0.5, 0.5): s = 0.75, t = 0.25: (1,0). */
    assert_true(sample_r(t, &r, -1.0f, 0.5f, 0.5f, 0) == 11.0f);
    /* +Y: sc = rx, tc = rz: (0.5, 1, 0.5): (1,1). */
    assert_true(sample_r(t, &r, 0.5f, 1.0f, 0.5f, 0) == 23.0f);
    /* -Y: sc = rx, tc = -rz: (0.5, -1, 0.5): (1,0). */
    assert_true(sample_r(t, &r, 0.5f, -1.0f, 0.5f, 0) == 31.0f);
    /* +Z: sc = rx, tc = -ry: (-0.5, -0.5, 1): (0,1). */
    assert_true(sample_r(t, &r, -0.5f, -0.5f, 1.0f, 0) == 42.0f);
    /* -Z: sc = -rx, tc = -ry: (0.5, 0.5, -1): (0,0). */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, -1.0f, 0) == 50.0f);
    /* Major axis by magnitude: (0.3, -2, 0.1) is -Y; scale does not matter. */
    assert_true(sample_r(t, &r, 3.0f, -20.0f, 1.0f, 0) == 31.0f);
    nvgp_texture_destroy(t);
}

static void test_cube_seamless(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_CUBE, 2, 2, 1, 6, 1, f_cube);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_CUBE, NVGP_TEX_LOD_IMPLICIT);
    /* (1, 0.5, -1): a tie, +X by the x-first rule; s = 1 (u = 2, i0 = 1,
     * i1 = 2), t = 0.25 (v = 0.5, beta = 0).  Clamped: T(+X,1,0) = 1. */
    assert_true(sample_r(t, &r, 1.0f, 0.5f, -1.0f, 0) == 1.0f);
    /* Seamless: texel i = 2 of +X is the first column of -Z (the right edge
     * of +X is z = -1): T(-Z,0,0) = 50; mean (1 + 50) / 2. */
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.seamless_cube = true;
    nvgp_texture_set_sampler(t, &s);
    assert_true(sample_r(t, &r, 1.0f, 0.5f, -1.0f, 0) == 25.5f);
    /* Corner of +X at s = t = 1 (direction (1, -1, -1)): weights 1/4 each on
     * T(+X,1,1) = 3, the two neighbours T(-Z,0,1) = 52, T(-Y,1,1) = 33, and
     * the corner = mean of those three: (3 + 52 + 33 + 88/3) / 4. */
    float got = sample_r(t, &r, 1.0f, -1.0f, -1.0f, 0);
    assert_float_equal(got, (3.0f + 52.0f + 33.0f + 88.0f / 3.0f) / 4.0f, 1e-5f);
    nvgp_texture_destroy(t);
}

static void test_cube_lod(void **state)
{
    (void)state;
    /* 4x4 faces, 3 levels with r = 10, 20, 40. */
    nvgp_texture *t = make_tex(TGSI_TEXTURE_CUBE, 4, 4, 1, 6, 0, f_level);
    assert_int_equal(nvgp_texture_describe(t)->levels, 3);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_CUBE, NVGP_TEX_LOD_IMPLICIT);
    r.quad_derivatives = true;
    /* Quad on +X: lane 0 (1, 0, 0) is s = 0.5; lane 1 (1, 0, -1) is s = 1
     * (sc = -rz = 1); ds = 0.5, du = 2: lambda 1 -> level 1.  Lane 2 = lane 0. */
    set_coord(&r, 0, 1.0f, 0.0f, 0.0f, 0);
    set_coord(&r, 1, 1.0f, 0.0f, -1.0f, 0);
    set_coord(&r, 2, 1.0f, 0.0f, 0.0f, 0);
    set_coord(&r, 3, 1.0f, 0.0f, -1.0f, 0);
    nvgp_tex_lanes out[4];
    nvgp_texture_sample(t, &r, 0xfu, out);
    assert_true(bf(out[0].u[0]) == 20.0f && bf(out[0].u[2]) == 20.0f);
    /* Steps of half that: (1, 0, -0.5): s = 0.75, du = 1: lambda 0 -> level 0. */
    set_coord(&r, 1, 1.0f, 0.0f, -0.5f, 0);
    nvgp_texture_sample(t, &r, 0xfu, out);
    assert_true(bf(out[0].u[0]) == 10.0f);
    /* TXD at (1, 0, 0) with ddx = (0, 0, -1): s = (sc/ma + 1)/2, ma = 1, so
     * ds/dx = dsc / 2 = 0.5, du = 2: lambda 1.  ddx = (0, 0, -2): lambda 2. */
    req_init(&r, TGSI_TEXTURE_CUBE, NVGP_TEX_LOD_GRADIENT);
    r.ddx[2].f[0] = -1.0f;
    assert_true(sample_r(t, &r, 1.0f, 0.0f, 0.0f, 0) == 20.0f);
    r.ddx[2].f[0] = -2.0f;
    assert_true(sample_r(t, &r, 1.0f, 0.0f, 0.0f, 0) == 40.0f);
    /* A change along the major axis alone at the face centre does not move
     * (s, t): ddx = (1, 0, 0): rho 0, magnified: level 0. */
    r.ddx[2].f[0] = 0.0f;
    r.ddx[0].f[0] = 1.0f;
    assert_true(sample_r(t, &r, 1.0f, 0.0f, 0.0f, 0) == 10.0f);
    nvgp_texture_destroy(t);
}

static void test_depth_modes_and_swizzle(void **state)
{
    (void)state;
    /* depth24: 0xffffff -> 1.0, 0x800000 -> 8388608 / 16777215. */
    const uint32_t d24[2] = { 0xffffffu, 0x800000u };
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_1D, .format = NVGP_TEX_FORMAT_DEPTH24,
                            .width = 2, .height = 1, .depth = 1, .layers = 1, .levels = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_true(nvgp_texture_set_image(t, 0, d24, sizeof d24, NULL));
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_1D, NVGP_TEX_LOD_IMPLICIT);
    nvgp_tex_lanes out[4];
    set_coord(&r, 0, 0.75f, 0, 0, 0);
    const float half = (float)(8388608.0 / 16777215.0);
    /* Depth without comparison, LUMINANCE: (d, d, d, 1). */
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == half && bf(out[2].u[0]) == half && bf(out[3].u[0]) == 1.0f);
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.depth_mode = NVGP_TEX_DEPTH_ALPHA;
    nvgp_texture_set_sampler(t, &s);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 0.0f && bf(out[3].u[0]) == half);
    s.depth_mode = NVGP_TEX_DEPTH_INTENSITY;
    nvgp_texture_set_sampler(t, &s);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[1].u[0]) == half && bf(out[3].u[0]) == half);
    /* RED, then a swizzle (a, 1, r, 0) of (d, 0, 0, 1) = (1, 1, d, 0). */
    s.depth_mode = NVGP_TEX_DEPTH_RED;
    s.swizzle[0] = NVGP_TEX_SWIZZLE_A;
    s.swizzle[1] = NVGP_TEX_SWIZZLE_ONE;
    s.swizzle[2] = NVGP_TEX_SWIZZLE_R;
    s.swizzle[3] = NVGP_TEX_SWIZZLE_ZERO;
    nvgp_texture_set_sampler(t, &s);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 1.0f && bf(out[1].u[0]) == 1.0f &&
                bf(out[2].u[0]) == half && bf(out[3].u[0]) == 0.0f);
    /* SHADOW1D (reference in z): 0.5 <= d is false for d = 0.50000003. */
    req_init(&r, TGSI_TEXTURE_SHADOW1D, NVGP_TEX_LOD_IMPLICIT);
    s.swizzle[0] = NVGP_TEX_SWIZZLE_R;
    s.swizzle[1] = NVGP_TEX_SWIZZLE_G;
    s.swizzle[2] = NVGP_TEX_SWIZZLE_B;
    s.swizzle[3] = NVGP_TEX_SWIZZLE_A;
    s.compare_func = NVGP_TEX_COMPARE_GEQUAL;
    nvgp_texture_set_sampler(t, &s);
    set_coord(&r, 0, 0.75f, 0, 0.5f, 0);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 0.0f && bf(out[3].u[0]) == 1.0f);
    /* TXP divides the reference too: (1.5, _, 1.5, 2) -> s 0.75, ref 0.75 >= d. */
    r.projective = true;
    set_coord(&r, 0, 1.5f, 0, 1.5f, 2.0f);
    nvgp_texture_sample(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 1.0f);
    nvgp_texture_destroy(t);
}

/* ---- Arrays, 3D, RECT ------------------------------------------------------------ */

static void test_array_layers(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D_ARRAY, 1, 1, 1, 3, 1, f_layer);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    /* layer = clamp(floor(z + 0.5), 0, 2). */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 1.4f, 0) == 20.0f);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 1.5f, 0) == 30.0f);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.49f, 0) == 10.0f);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, -3.0f, 0) == 10.0f);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 7.0f, 0) == 30.0f);
    nvgp_texture_destroy(t);
    /* 1D array: the layer is y. */
    t = make_tex(TGSI_TEXTURE_1D_ARRAY, 1, 1, 1, 3, 1, f_layer);
    req_init(&r, TGSI_TEXTURE_1D_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    assert_true(sample_r(t, &r, 0.5f, 0.6f, 0, 0) == 20.0f);
    assert_true(sample_r(t, &r, 0.5f, 2.2f, 0, 0) == 30.0f);
    nvgp_texture_destroy(t);
    /* Cube array: 2 cubes (12 layer-faces); the cube is w. */
    t = make_tex(TGSI_TEXTURE_CUBE_ARRAY, 1, 1, 1, 12, 1, f_layer);
    req_init(&r, TGSI_TEXTURE_CUBE_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    /* -Y of cube 1 is layer 6 + 3: r = 100. */
    assert_true(sample_r(t, &r, 0.0f, -1.0f, 0.0f, 1.0f) == 100.0f);
    assert_true(sample_r(t, &r, 0.0f, -1.0f, 0.0f, 9.0f) == 100.0f);
    assert_true(sample_r(t, &r, 0.0f, 0.0f, 1.0f, -1.0f) == 50.0f);
    nvgp_texture_destroy(t);
}

static void test_3d_and_rect(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_3D, 2, 2, 2, 1, 1, f_3d);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_3D, NVGP_TEX_LOD_IMPLICIT);
    /* (0.75, 0.25, 0.75): i = 1, j = 0, k = 1: 5. */
    assert_true(sample_r(t, &r, 0.75f, 0.25f, 0.75f, 0) == 5.0f);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    /* Centre: all eight texels with 1/8: (0+...+7)/8 = 3.5. */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.5f, 0) == 3.5f);
    /* r = 0.25: w = 0.5, gamma 0: slice 0 only, mean of 0 1 2 3 = 1.5. */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.25f, 0) == 1.5f);
    nvgp_texture_destroy(t);

    /* RECT: unnormalized coordinates, 4x2, r = j * 4 + i. */
    t = make_tex(TGSI_TEXTURE_RECT, 4, 2, 1, 1, 1, f_rect);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    req_init(&r, TGSI_TEXTURE_RECT, NVGP_TEX_LOD_IMPLICIT);
    assert_true(sample_r(t, &r, 2.5f, 1.5f, 0, 1) == 6.0f);
    assert_true(sample_r(t, &r, 9.0f, -3.0f, 0, 1) == 3.0f);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    /* (2.0, 0.5): texels 1 and 2 of row 0, halves: 1.5. */
    assert_true(sample_r(t, &r, 2.0f, 0.5f, 0, 1) == 1.5f);
    nvgp_texture_destroy(t);
}

static void test_projective(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 2, 2, 1, 1, 1, f_index2);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    r.projective = true;
    /* (1.5, 0.5) / 2 = (0.75, 0.25): T10 = 2. */
    assert_true(sample_r(t, &r, 1.5f, 0.5f, 0.0f, 2.0f) == 2.0f);
    nvgp_texture_destroy(t);
}

/* ---- Shadow --------------------------------------------------------------------------- */

static nvgp_texture *depth_tex(unsigned format, uint32_t w, const void *data, size_t bytes)
{
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = (uint8_t)format,
                            .width = w, .height = 1, .depth = 1, .layers = 1, .levels = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    assert_true(nvgp_texture_set_image(t, 0, data, bytes, NULL));
    return t;
}

static float shadow(nvgp_texture *t, unsigned func, float s, float ref)
{
    nvgp_tex_sampler sm = *nvgp_texture_sampler(t);
    sm.compare_func = (uint8_t)func;
    nvgp_texture_set_sampler(t, &sm);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_SHADOW2D, NVGP_TEX_LOD_IMPLICIT);
    nvgp_tex_lanes out[4];
    set_coord(&r, 0, s, 0.5f, ref, 1);
    nvgp_texture_sample(t, &r, 1u, out);
    /* LUMINANCE depth mode: (r, r, r, 1). */
    assert_true(out[1].u[0] == out[0].u[0] && out[2].u[0] == out[0].u[0] &&
                bf(out[3].u[0]) == 1.0f);
    return bf(out[0].u[0]);
}

static void test_shadow_compare(void **state)
{
    (void)state;
    const float d1 = 0.5f;
    nvgp_texture *t = depth_tex(NVGP_TEX_FORMAT_DEPTH32F, 1, &d1, 4);
    /* D_t = 0.5.  result = 1 when (ref OP D_t). */
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 0.4f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 0.5f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 0.6f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LESS, 0.5f, 0.5f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LESS, 0.5f, 0.4f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_GEQUAL, 0.5f, 0.5f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_GEQUAL, 0.5f, 0.4f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_GREATER, 0.5f, 0.5f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_GREATER, 0.5f, 0.6f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_EQUAL, 0.5f, 0.5f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_EQUAL, 0.5f, 0.6f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_NOTEQUAL, 0.5f, 0.6f) == 1.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_NOTEQUAL, 0.5f, 0.5f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_NEVER, 0.5f, 0.0f) == 0.0f);
    assert_true(shadow(t, NVGP_TEX_COMPARE_ALWAYS, 0.5f, 9.0f) == 1.0f);
    /* Float depth: the reference is not clamped: 1.5 <= 0.5 is false, and
     * -1 <= 0.5 is true. */
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 1.5f) == 0.0f);
    nvgp_texture_destroy(t);

    /* Fixed-point depth (depth16 65535 = 1.0): ref 1.5 is clamped to 1, and
     * 1 <= 1 passes. */
    const uint16_t one = 65535;
    t = depth_tex(NVGP_TEX_FORMAT_DEPTH16, 1, &one, 2);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 1.5f) == 1.0f);
    nvgp_texture_destroy(t);
    const float f1 = 1.0f;
    t = depth_tex(NVGP_TEX_FORMAT_DEPTH32F, 1, &f1, 4);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 1.5f) == 0.0f);
    nvgp_texture_destroy(t);

    /* Linear: compare first, then filter: depths (0.2, 0.8), ref 0.5 LEQUAL
     * gives (0, 1); at s = 0.5 the weights are 0.5: 0.5. */
    const float two[2] = { 0.2f, 0.8f };
    t = depth_tex(NVGP_TEX_FORMAT_DEPTH32F, 2, two, 8);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.5f, 0.5f) == 0.5f);
    /* s = 0.375: u = 0.75, alpha = 0.25: 0.75 * 0 + 0.25 * 1. */
    assert_true(shadow(t, NVGP_TEX_COMPARE_LEQUAL, 0.375f, 0.5f) == 0.25f);
    nvgp_texture_destroy(t);
}

static float f_layer_x(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)j, (void)k;
    return (float)(layer * 10 + i);
}

static void test_array_linear_and_shadow_layouts(void **state)
{
    (void)state;
    /* Linear inside layer 1 of a 2x1x2 array: (10 + 11) / 2. */
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D_ARRAY, 2, 1, 1, 2, 1, f_layer_x);
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 1.0f, 0) == 10.5f);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.0f, 0) == 0.5f);
    nvgp_texture_destroy(t);

    /* SHADOW2D_ARRAY: layer in z, reference in w.  Depths 0.2 (layer 0), 0.8. */
    const float dl[2] = { 0.2f, 0.8f };
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D_ARRAY, .format = NVGP_TEX_FORMAT_DEPTH32F,
                            .width = 1, .height = 1, .depth = 1, .layers = 2, .levels = 1 };
    t = nvgp_texture_create(&d, NULL);
    assert_true(nvgp_texture_set_image(t, 0, dl, sizeof dl, NULL));
    req_init(&r, TGSI_TEXTURE_SHADOW2D_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 1.0f, 0.5f) == 1.0f);   /* 0.5 <= 0.8 */
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.0f, 0.5f) == 0.0f);   /* 0.5 <= 0.2 */
    /* SAMPLE_C style: the reference given separately (has_ref). */
    req_init(&r, TGSI_TEXTURE_2D_ARRAY, NVGP_TEX_LOD_IMPLICIT);
    r.has_ref = true;
    r.ref.f[0] = 0.1f;
    assert_true(sample_r(t, &r, 0.5f, 0.5f, 0.0f, 9.0f) == 1.0f);   /* 0.1 <= 0.2 */
    nvgp_texture_destroy(t);

    /* SHADOWCUBE: reference in w.  Face f has depth f / 10. */
    const float df[6] = { 0.0f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f };
    d = (nvgp_texture_desc){ .target = TGSI_TEXTURE_CUBE, .format = NVGP_TEX_FORMAT_DEPTH32F,
                             .width = 1, .height = 1, .depth = 1, .levels = 1 };
    t = nvgp_texture_create(&d, NULL);
    assert_true(nvgp_texture_set_image(t, 0, df, sizeof df, NULL));
    req_init(&r, TGSI_TEXTURE_SHADOWCUBE, NVGP_TEX_LOD_IMPLICIT);
    assert_true(sample_r(t, &r, 0.0f, -1.0f, 0.0f, 0.25f) == 1.0f);  /* -Y: 0.25 <= 0.3 */
    assert_true(sample_r(t, &r, 0.0f, -1.0f, 0.0f, 0.35f) == 0.0f);
    assert_true(sample_r(t, &r, 0.0f, 0.0f, -1.0f, 0.45f) == 1.0f);  /* -Z: 0.45 <= 0.5 */
    nvgp_texture_destroy(t);
}

/* ---- Offsets ---------------------------------------------------------------------------- */

static void test_texel_offsets(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_1D, 4, 1, 1, 1, 1, f_1d);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_1D, NVGP_TEX_LOD_IMPLICIT);
    /* u = 0.5 + 2 = 2.5: texel 2 (30); -1: texel -1 repeats to 3 (40). */
    r.offset[0] = 2;
    assert_true(sample_r(t, &r, 0.125f, 0, 0, 1) == 30.0f);
    r.offset[0] = -1;
    assert_true(sample_r(t, &r, 0.125f, 0, 0, 1) == 40.0f);
    /* Per-lane offsets: lanes 0 and 5 with offsets 1 and 3. */
    r.lane_offsets = true;
    r.lane_offset[0].i[0] = 1;
    r.lane_offset[0].i[5] = 3;
    set_coord(&r, 0, 0.125f, 0, 0, 1);
    set_coord(&r, 5, 0.125f, 0, 0, 1);
    nvgp_tex_lanes out[4];
    nvgp_texture_sample(t, &r, 1u | 1u << 5, out);
    assert_true(bf(out[0].u[0]) == 20.0f && bf(out[0].u[5]) == 40.0f);
    /* Linear with offset 1 at u = 1.0: u' = 2.0, texels 1 and 2: 25. */
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    r.lane_offsets = false;
    r.offset[0] = 1;
    assert_true(sample_r(t, &r, 0.25f, 0, 0, 1) == 25.0f);
    nvgp_texture_destroy(t);
}

/* ---- Gather -------------------------------------------------------------------------------- */

static void test_gather(void **state)
{
    (void)state;
    /* 2x2: T00 = 1, T10 = 2, T01 = 3, T11 = 4 (g = 100 + r). */
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 2, 2, 1, 1, 1, f_index2);
    set_sampler(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_ZERO);
    nvgp_tex_lanes out[4];
    /* (0.5, 0.5): i0 = j0 = 0, i1 = j1 = 1: (i0,j1), (i1,j1), (i1,j0), (i0,j0) =
     * T01, T11, T10, T00 = (3, 4, 2, 1), whatever the filters say. */
    set_coord(&r, 0, 0.5f, 0.5f, 0, 0);
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 3.0f && bf(out[1].u[0]) == 4.0f &&
                bf(out[2].u[0]) == 2.0f && bf(out[3].u[0]) == 1.0f);
    /* Component g selected. */
    r.component = 1;
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 103.0f && bf(out[3].u[0]) == 101.0f);
    /* Component a of an rgba32f texel is 1. */
    r.component = 3;
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[2].u[0]) == 1.0f);
    /* Edge (0, 0), clamp to edge: every texel is T00. */
    r.component = 0;
    set_coord(&r, 0, 0.0f, 0.0f, 0, 0);
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 1.0f && bf(out[1].u[0]) == 1.0f);
    /* Repeat at (0, 0): i0 = j0 = 1, i1 = j1 = 0: (T10, T00, T01, T11). */
    set_wrap_border(t, NVGP_TEX_WRAP_REPEAT, 0.0f);
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 2.0f && bf(out[1].u[0]) == 1.0f &&
                bf(out[2].u[0]) == 3.0f && bf(out[3].u[0]) == 4.0f);
    /* TXGO: texel k is the (i0,j0) of its own offset.  At (0.5, 0.5)
     * (i0,j0) = (0,0); offsets x (0,1,1,0), y (1,1,0,0) give T01 T11 T10 T00. */
    set_coord(&r, 0, 0.5f, 0.5f, 0, 0);
    r.gather_offsets = true;
    const int32_t ox[4] = { 0, 1, 1, 0 }, oy[4] = { 1, 1, 0, 0 };
    for (int k = 0; k < 4; k++) {
        r.gather_offset[0][k].i[0] = ox[k];
        r.gather_offset[1][k].i[0] = oy[k];
    }
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 3.0f && bf(out[1].u[0]) == 4.0f &&
                bf(out[2].u[0]) == 2.0f && bf(out[3].u[0]) == 1.0f);
    nvgp_texture_destroy(t);

    /* Shadow gather: depths 0.2 0.8 / 0.6 0.4 (row 0 / row 1), ref 0.5 LEQUAL:
     * (i0,j1)=0.6 -> 1, (i1,j1)=0.4 -> 0, (i1,j0)=0.8 -> 1, (i0,j0)=0.2 -> 0. */
    const float dv[4] = { 0.2f, 0.8f, 0.6f, 0.4f };
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_DEPTH32F,
                            .width = 2, .height = 2, .depth = 1, .layers = 1, .levels = 1 };
    t = nvgp_texture_create(&d, NULL);
    assert_true(nvgp_texture_set_image(t, 0, dv, sizeof dv, NULL));
    req_init(&r, TGSI_TEXTURE_SHADOW2D, NVGP_TEX_LOD_ZERO);
    set_coord(&r, 0, 0.5f, 0.5f, 0.5f, 0);
    nvgp_texture_gather(t, &r, 1u, out);
    assert_true(bf(out[0].u[0]) == 1.0f && bf(out[1].u[0]) == 0.0f &&
                bf(out[2].u[0]) == 1.0f && bf(out[3].u[0]) == 0.0f);
    nvgp_texture_destroy(t);
}

/* ---- Fetch, size, samples ------------------------------------------------------------------ */

static void test_fetch(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 2, 2, 1, 1, 2, f_index2);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_EXPLICIT);
    nvgp_tex_lanes out[4];
    /* Lane 0: (1, 1, lod 0) = T11 = 4; lane 1: (2, 0) out of range;
     * lane 2: (-1, 0); lane 3: level 1 texel (0,0) = 1; lane 4: level 2
     * does not exist; lane 5: level -1. */
    const int32_t c[6][4] = { { 1, 1, 0, 0 }, { 2, 0, 0, 0 }, { -1, 0, 0, 0 },
                              { 0, 0, 0, 1 }, { 0, 0, 0, 2 }, { 0, 0, 0, -1 } };
    for (int l = 0; l < 6; l++)
        for (int a = 0; a < 4; a++)
            r.coord[a].i[l] = c[l][a];
    memset(out, 0xee, sizeof out);
    nvgp_texture_fetch(t, &r, 0x3fu, out);
    assert_true(bf(out[0].u[0]) == 4.0f && bf(out[1].u[0]) == 104.0f);
    for (int l = 1; l < 6; l++) {
        if (l == 3)
            continue;
        for (int a = 0; a < 4; a++)
            assert_int_equal(out[a].u[l], 0);
    }
    assert_true(bf(out[0].u[3]) == 1.0f);
    /* Lanes outside the mask keep their values. */
    assert_int_equal(out[0].u[6], 0xeeeeeeeeu);
    /* Offsets: (0, 0) + (1, 1) = T11. */
    r.offset[0] = 1;
    r.offset[1] = 1;
    nvgp_texture_fetch(t, &r, 0x20u, out);  /* lane 5: level -1 still 0 */
    assert_int_equal(out[0].u[5], 0);
    r.coord[3].i[5] = 0;
    nvgp_texture_fetch(t, &r, 0x20u, out);
    assert_true(bf(out[0].u[5]) == 4.0f);
    nvgp_texture_destroy(t);

    /* Integer format: raw words, not converted; (r, 0, 0, 1) for r32ui. */
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_BUFFER, .format = NVGP_TEX_FORMAT_R32UI,
                            .width = 3, .height = 1, .depth = 1, .layers = 1, .levels = 1 };
    t = nvgp_texture_create(&d, NULL);
    const uint32_t buf[3] = { 7, 0xffffffffu, 42 };
    assert_true(nvgp_texture_set_image(t, 0, buf, sizeof buf, NULL));
    req_init(&r, TGSI_TEXTURE_BUFFER, NVGP_TEX_LOD_EXPLICIT);
    r.coord[0].i[0] = 1;
    r.coord[0].i[1] = 3;
    r.coord[3].i[0] = 5; /* ignored for buffers */
    nvgp_texture_fetch(t, &r, 3u, out);
    assert_int_equal(out[0].u[0], 0xffffffffu);
    assert_int_equal(out[3].u[0], 1);
    assert_int_equal(out[0].u[1], 0);
    nvgp_texture_destroy(t);

    /* Multisample: w is the sample. */
    d = (nvgp_texture_desc){ .target = TGSI_TEXTURE_2D_MSAA, .format = NVGP_TEX_FORMAT_R32F,
                             .width = 1, .height = 1, .depth = 1, .layers = 1, .levels = 1,
                             .samples = 4 };
    t = nvgp_texture_create(&d, NULL);
    const float smp[4] = { 0.5f, 1.5f, 2.5f, 3.5f };
    assert_true(nvgp_texture_set_image(t, 0, smp, sizeof smp, NULL));
    assert_int_equal(nvgp_texture_samples(t), 4);
    req_init(&r, TGSI_TEXTURE_2D_MSAA, NVGP_TEX_LOD_EXPLICIT);
    r.coord[3].i[0] = 2;
    r.coord[3].i[1] = 4;
    nvgp_texture_fetch(t, &r, 3u, out);
    assert_true(bf(out[0].u[0]) == 2.5f && bf(out[3].u[0]) == 1.0f);
    assert_int_equal(out[0].u[1], 0);
    nvgp_texture_destroy(t);
}

static void size_of(const nvgp_texture *t, unsigned target, int32_t lod, uint32_t e0,
                    uint32_t e1, uint32_t e2, uint32_t e3)
{
    nvgp_tex_lanes lodv, out[4];
    lodv.i[0] = lod;
    nvgp_texture_size(t, target, &lodv, 1u, out);
    assert_int_equal(out[0].u[0], e0);
    assert_int_equal(out[1].u[0], e1);
    assert_int_equal(out[2].u[0], e2);
    assert_int_equal(out[3].u[0], e3);
}

static void test_size_query(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 8, 4, 1, 1, 0, f_level);
    /* 8x4: 4 levels (8x4, 4x2, 2x1, 1x1). */
    size_of(t, TGSI_TEXTURE_2D, 0, 8, 4, 0, 4);
    size_of(t, TGSI_TEXTURE_2D, 1, 4, 2, 0, 4);
    size_of(t, TGSI_TEXTURE_2D, 2, 2, 1, 0, 4);
    size_of(t, TGSI_TEXTURE_2D, 3, 1, 1, 0, 4);
    size_of(t, TGSI_TEXTURE_2D, 4, 0, 0, 0, 4);
    size_of(t, TGSI_TEXTURE_2D, -1, 0, 0, 0, 4);
    /* base_level 1: lod 0 is level 1; 3 accessible levels. */
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.base_level = 1;
    nvgp_texture_set_sampler(t, &s);
    size_of(t, TGSI_TEXTURE_2D, 0, 4, 2, 0, 3);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_3D, 4, 4, 2, 1, 0, f_3d);
    size_of(t, TGSI_TEXTURE_3D, 0, 4, 4, 2, 3);
    size_of(t, TGSI_TEXTURE_3D, 1, 2, 2, 1, 3);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_1D_ARRAY, 8, 1, 1, 5, 0, f_layer);
    size_of(t, TGSI_TEXTURE_1D_ARRAY, 1, 4, 5, 0, 4);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_2D_ARRAY, 4, 2, 1, 3, 1, f_layer);
    size_of(t, TGSI_TEXTURE_2D_ARRAY, 0, 4, 2, 3, 1);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_CUBE, 4, 4, 1, 6, 0, f_layer);
    size_of(t, TGSI_TEXTURE_CUBE, 1, 2, 2, 0, 3);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_CUBE_ARRAY, 2, 2, 1, 12, 1, f_layer);
    size_of(t, TGSI_TEXTURE_CUBE_ARRAY, 0, 2, 2, 2, 1);
    nvgp_texture_destroy(t);
    /* Buffers have one level and ignore the lod operand. */
    t = make_tex(TGSI_TEXTURE_BUFFER, 3, 1, 1, 1, 1, f_1d);
    size_of(t, TGSI_TEXTURE_BUFFER, 0, 3, 0, 0, 1);
    size_of(t, TGSI_TEXTURE_BUFFER, 5, 3, 0, 0, 1);
    nvgp_texture_destroy(t);
    t = make_tex(TGSI_TEXTURE_1D, 16, 1, 1, 1, 0, f_1d);
    size_of(t, TGSI_TEXTURE_1D, 2, 4, 0, 0, 5);
    assert_int_equal(nvgp_texture_samples(t), 1);
    nvgp_texture_destroy(t);
}

/* ---- LOD query ------------------------------------------------------------------------------ */

static void lodq(const nvgp_texture *t, float ds, float *x, float *y)
{
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    r.quad_derivatives = true;
    /* Exactly representable coordinates keep the differences exact. */
    set_coord(&r, 0, 0.125f, 0.125f, 0, 0);
    set_coord(&r, 1, 0.125f + ds, 0.125f, 0, 0);
    set_coord(&r, 2, 0.125f, 0.125f, 0, 0);
    set_coord(&r, 3, 0.125f + ds, 0.125f, 0, 0);
    nvgp_tex_lanes out[4];
    nvgp_texture_query_lod(t, &r, 0xfu, out);
    *x = bf(out[0].u[2]);
    *y = bf(out[1].u[2]);
    assert_int_equal(out[2].u[0], 0);
    assert_int_equal(out[3].u[0], 0);
}

static void test_lod_query(void **state)
{
    (void)state;
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, 8, 8, 1, 1, 0, f_level);
    float x, y;
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_LINEAR,
                NVGP_TEX_WRAP_REPEAT);
    /* ds = 2/8: lambda' = 1; accessed 1. */
    lodq(t, 0.25f, &x, &y);
    assert_true(x == 1.0f && y == 1.0f);
    /* ds = 4: rho 32, lambda' = 5; accessed: clamped to maxAccessibleLevel 3. */
    lodq(t, 4.0f, &x, &y);
    assert_true(x == 3.0f && y == 5.0f);
    /* ds = 1/16: lambda' = -1; accessed 0. */
    lodq(t, 0.0625f, &x, &y);
    assert_true(x == 0.0f && y == -1.0f);
    /* lambda' = log2(3) = 1.585: MIPMAP_NEAREST: ceil(2.085) - 1 = 2. */
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NEAREST,
                NVGP_TEX_WRAP_REPEAT);
    lodq(t, 0.375f, &x, &y);
    assert_true(x == 2.0f);
    assert_float_equal(y, 1.5849625f, 1e-6f);
    /* No mipmapping: accessed 0. */
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_REPEAT);
    lodq(t, 0.25f, &x, &y);
    assert_true(x == 0.0f && y == 1.0f);
    /* Sampler bias is in lambda', min_lod/max_lod only in x. */
    nvgp_tex_sampler s = *nvgp_texture_sampler(t);
    s.mip_filter = NVGP_TEX_MIP_LINEAR;
    s.lod_bias = 0.5f;
    s.max_lod = 1.0f;
    nvgp_texture_set_sampler(t, &s);
    lodq(t, 0.25f, &x, &y);
    assert_true(x == 1.0f && y == 1.5f);
    nvgp_texture_destroy(t);
}

/* ---- Integer formats, errors ------------------------------------------------------------------ */

static void test_integer_and_errors(void **state)
{
    (void)state;
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32I,
                            .width = 2, .height = 1, .depth = 1, .layers = 1, .levels = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    const int32_t v[8] = { -5, 6, 7, 8, 100, 200, 300, 400 };
    assert_true(nvgp_texture_set_image(t, 0, v, sizeof v, NULL));
    /* Linear filtering is not done on integers: at s = 0.5 (between the
     * texels) nearest gives texel 1. */
    set_sampler(t, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE,
                NVGP_TEX_WRAP_CLAMP_TO_EDGE);
    nvgp_tex_request r;
    req_init(&r, TGSI_TEXTURE_2D, NVGP_TEX_LOD_IMPLICIT);
    nvgp_tex_lanes out[4];
    set_coord(&r, 0, 0.25f, 0.5f, 0, 0);
    set_coord(&r, 1, 0.5f, 0.5f, 0, 0);
    nvgp_texture_sample(t, &r, 3u, out);
    assert_int_equal(out[0].i[0], -5);
    assert_int_equal(out[3].i[0], 8);
    assert_int_equal(out[0].i[1], 100);
    /* Bad sizes and data are errors, not crashes. */
    nvgp_diag *diag = nvgp_diag_create("t", "", 0);
    assert_false(nvgp_texture_set_image(t, 0, v, 4, diag));
    assert_false(nvgp_texture_set_image(t, 1, v, sizeof v, diag));
    nvgp_texture_destroy(t);
    d.width = 0;
    assert_null(nvgp_texture_create(&d, diag));
    d = (nvgp_texture_desc){ .target = TGSI_TEXTURE_CUBE, .format = NVGP_TEX_FORMAT_RGBA8,
                             .width = 2, .height = 3, .depth = 1, .levels = 1 };
    assert_null(nvgp_texture_create(&d, diag));
    d.height = 2;
    d.levels = 3;  /* 2x2 has 2 levels */
    assert_null(nvgp_texture_create(&d, diag));
    /* 16384 x 16384 x 2048 slices: refused, not allocated. */
    d = (nvgp_texture_desc){ .target = TGSI_TEXTURE_3D, .format = NVGP_TEX_FORMAT_R32F,
                             .width = 16384, .height = 16384, .depth = 2048, .levels = 1 };
    assert_null(nvgp_texture_create(&d, diag));
    assert_int_equal(nvgp_diag_error_count(diag), 6);
    nvgp_diag_destroy(diag);
    assert_int_equal(nvgp_tex_format_lookup("rgba32ui"), NVGP_TEX_FORMAT_RGBA32UI);
    assert_int_equal(nvgp_tex_format_lookup("bogus"), -1);
    assert_string_equal(nvgp_tex_format_name(NVGP_TEX_FORMAT_DEPTH24), "depth24");
}

/* The one-loop 2D path agrees bit for bit with the general one.  TXP with
 * q = 1 divides exactly and always takes the general path, so the two
 * lookups below must be equal. */
static float f_noise(uint32_t l, uint32_t i, uint32_t j, uint32_t k, uint32_t layer)
{
    (void)l, (void)k, (void)layer;
    uint32_t h = (i * 73856093u) ^ (j * 19349663u);
    return (float)(h % 1000) / 7.0f - 50.0f;
}

static void test_fast_path_matches(void **state)
{
    (void)state;
    static const unsigned targets[] = { TGSI_TEXTURE_2D, TGSI_TEXTURE_RECT };
    for (unsigned ti = 0; ti < 2; ti++) {
        nvgp_texture *t = make_tex(targets[ti], 5, 3, 1, 1, 1, f_noise);
        for (unsigned mode = 0; mode < 8; mode++) {
            set_sampler(t, mode & 1 ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST,
                        mode & 1 ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST,
                        NVGP_TEX_MIP_NONE,
                        mode & 2 ? NVGP_TEX_WRAP_REPEAT : NVGP_TEX_WRAP_CLAMP_TO_EDGE);
            nvgp_tex_request a, b;
            req_init(&a, targets[ti], NVGP_TEX_LOD_IMPLICIT);
            a.offset[0] = mode & 4 ? -3 : 0;
            a.offset[1] = mode & 4 ? 2 : 0;
            uint32_t seed = 12345u + mode;
            for (unsigned l = 0; l < 32; l++) {
                for (int c = 0; c < 2; c++) {
                    seed = seed * 1664525u + 1013904223u;
                    a.coord[c].f[l] = ((float)(seed >> 8) / 16777216.0f) * 8.0f - 4.0f;
                }
                a.coord[2].f[l] = 0.0f;
                a.coord[3].f[l] = 1.0f;
            }
            a.coord[0].f[5] = NAN;
            a.coord[1].f[6] = INFINITY;
            b = a;
            b.projective = true;
            nvgp_tex_lanes oa[4], ob[4];
            nvgp_texture_sample(t, &a, 0xffffffffu, oa);
            nvgp_texture_sample(t, &b, 0xffffffffu, ob);
            assert_memory_equal(oa, ob, sizeof oa);
        }
        nvgp_texture_destroy(t);
    }
}

/* The straight paths for plain 2D float textures (nvgp_tex_fast_paths)
 * against the general path, bit for bit: mipmapped 2D and RECT textures of
 * odd sizes, every min/mag/mip filter, REPEAT and CLAMP_TO_EDGE (and
 * MIRRORED_REPEAT, which stays general), implicit LOD from quads, bias,
 * explicit LOD and gradients, immediate and per-lane offsets, and gathers
 * of each component; NaN and infinite coordinates in some lanes. */
static void test_straight_paths_match_general(void **state)
{
    (void)state;
    static const unsigned targets[] = { TGSI_TEXTURE_2D, TGSI_TEXTURE_RECT };
    static const unsigned wraps[] = { NVGP_TEX_WRAP_REPEAT, NVGP_TEX_WRAP_CLAMP_TO_EDGE,
                                      NVGP_TEX_WRAP_MIRRORED_REPEAT };
    static const unsigned lods[] = { NVGP_TEX_LOD_IMPLICIT, NVGP_TEX_LOD_BIAS,
                                     NVGP_TEX_LOD_EXPLICIT, NVGP_TEX_LOD_GRADIENT };
    unsigned compared = 0;
    for (unsigned ti = 0; ti < 2; ti++) {
        bool rect = targets[ti] == TGSI_TEXTURE_RECT;
        nvgp_texture *t = make_tex(targets[ti], 13, 7, 1, 1, rect ? 1 : 0, f_noise);
        for (unsigned f = 0; f < 2 * 2 * 3; f++)
            for (unsigned wi = 0; wi < 3; wi++)
                for (unsigned li = 0; li < 4; li++)
                    for (unsigned offs = 0; offs < 3; offs++) {
                        set_sampler(t, f & 1 ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST,
                                    f & 2 ? NVGP_TEX_FILTER_LINEAR : NVGP_TEX_FILTER_NEAREST,
                                    rect ? NVGP_TEX_MIP_NONE : f / 4, wraps[wi]);
                        nvgp_tex_request r;
                        req_init(&r, targets[ti], lods[li]);
                        r.quad_derivatives = true;
                        r.offset[0] = offs == 1 ? -3 : 0;
                        r.offset[1] = offs == 1 ? 2 : 0;
                        r.lane_offsets = offs == 2;
                        uint32_t seed = 777u + f * 131u + wi * 17u + li * 5u + offs;
                        float scale = rect ? 20.0f : 3.0f;
                        for (unsigned l = 0; l < 32; l++) {
                            for (int c = 0; c < 4; c++) {
                                seed = seed * 1664525u + 1013904223u;
                                float u = ((float)(seed >> 8) / 16777216.0f) * 2.0f - 1.0f;
                                /* quads spread by 1/8 .. 4 texels: minified and magnified */
                                r.coord[c].f[l] = c < 2 ? u * scale * (float)(1 + (l >> 3))
                                                        : u;
                                r.lod.f[l] = u * 4.0f;
                                r.ddx[c & 1].f[l] = u * 0.3f;
                                r.ddy[c & 1].f[l] = u * 0.2f;
                                r.lane_offset[c & 1].i[l] = (int32_t)(seed >> 29) - 4;
                            }
                        }
                        r.coord[0].f[5] = NAN;
                        r.coord[1].f[6] = INFINITY;
                        r.lod.f[9] = NAN;
                        nvgp_tex_lanes general[4], straight[4], ga[4], gb[4];
                        nvgp_tex_fast_paths = false;
                        nvgp_texture_sample(t, &r, 0xffffffffu, general);
                        r.component = (uint8_t)(f & 3);
                        nvgp_texture_gather(t, &r, 0xffffffffu, ga);
                        nvgp_tex_fast_paths = true;
                        r.component = 0;
                        nvgp_texture_sample(t, &r, 0xffffffffu, straight);
                        r.component = (uint8_t)(f & 3);
                        nvgp_texture_gather(t, &r, 0xffffffffu, gb);
                        assert_memory_equal(general, straight, sizeof general);
                        assert_memory_equal(ga, gb, sizeof ga);
                        compared++;
                    }
        nvgp_texture_destroy(t);
    }
    assert_int_equal(compared, 2 * 12 * 3 * 4 * 3);
}

/* A texture of zeros (border zero, comparisons NEVER) gives zero for any
 * coordinates, LOD, offsets and modes on every target: NaN, infinities and
 * huge values included.  Lanes outside the mask are never written. */
static void test_garbage_inputs(void **state)
{
    (void)state;
    static const float specials[] = { 0.0f, -0.0f, 0.5f, 1.0f, -1.0f, 1e30f, -1e30f,
                                      INFINITY, -INFINITY, NAN, 3.75f, -7.25f, 1e-40f };
    enum { NS = sizeof specials / sizeof specials[0] };
    for (unsigned target = 0; target < TGSI_TEXTURE_UNKNOWN; target++) {
        const nvgp_tex_layout *lay = nvgp_tex_target_layout(target);
        nvgp_texture_desc d = { .target = (uint8_t)target, .format = NVGP_TEX_FORMAT_RGBA32F,
                                .width = 4, .height = lay->dims >= 2 ? 4 : 1,
                                .depth = target == TGSI_TEXTURE_3D ? 4 : 1,
                                .layers = lay->cube ? 12 : 3, .levels = 0, .samples = 2 };
        nvgp_texture *t = nvgp_texture_create(&d, NULL);
        assert_non_null(t);
        for (unsigned mode = 0; mode < 8; mode++) {
            nvgp_tex_sampler s;
            nvgp_tex_sampler_default(&s);
            s.min_filter = (uint8_t)(mode & 1);
            s.mag_filter = (uint8_t)(mode >> 1 & 1);
            s.mip_filter = (uint8_t)(mode % 3);
            s.wrap[0] = s.wrap[1] = s.wrap[2] = (uint8_t)(mode % NVGP_TEX_WRAP_COUNT);
            s.seamless_cube = mode & 4;
            s.compare_func = NVGP_TEX_COMPARE_NEVER;
            s.lod_bias = mode == 5 ? INFINITY : 0.0f;
            nvgp_texture_set_sampler(t, &s);
            for (unsigned lm = 0; lm <= NVGP_TEX_LOD_GRADIENT; lm++) {
                nvgp_tex_request r;
                req_init(&r, target, lm);
                r.quad_derivatives = true;
                r.projective = mode == 3;
                r.lane_offsets = mode == 6;
                r.gather_offsets = mode == 7;
                r.component = (uint8_t)mode;
                r.offset[0] = 7;
                r.offset[1] = -8;
                for (unsigned l = 0; l < 32; l++) {
                    for (int a = 0; a < 4; a++)
                        r.coord[a].f[l] = specials[(l * 7 + (unsigned)a * 3 + mode) % NS];
                    r.lod.f[l] = specials[(l + lm) % NS];
                    for (int a = 0; a < 3; a++) {
                        r.ddx[a].f[l] = specials[(l + (unsigned)a) % NS];
                        r.ddy[a].f[l] = specials[(l * 3 + (unsigned)a) % NS];
                        r.lane_offset[a].i[l] = (int32_t)(l * 0x9e3779b9u);
                    }
                    for (int k = 0; k < 4; k++) {
                        r.gather_offset[0][k].i[l] = (int32_t)(l * 0x7fffffffu + (unsigned)k);
                        r.gather_offset[1][k].i[l] = INT32_MIN + (int32_t)l;
                    }
                }
                const uint32_t mask = 0x7fffffffu;
                nvgp_tex_lanes out[4];
                void (*ops[])(const nvgp_texture *, const nvgp_tex_request *, uint32_t,
                              nvgp_tex_lanes *) = { nvgp_texture_sample, nvgp_texture_gather,
                                                    nvgp_texture_fetch };
                for (unsigned op = 0; op < 3; op++) {
                    memset(out, 0xab, sizeof out);
                    if (op == 2)   /* integer coordinates for fetch */
                        for (unsigned l = 0; l < 32; l++)
                            for (int a = 0; a < 4; a++)
                                r.coord[a].i[l] = (int32_t)(l * 0x01000193u * (unsigned)(a + 1));
                    ops[op](t, &r, mask, out);
                    for (int c = 0; c < 4; c++) {
                        for (unsigned l = 0; l < 31; l++)
                            if (out[c].u[l] != 0)
                                fail_msg("target %u mode %u lod %u op %u: lane %u comp %d = "
                                         "0x%08x", target, mode, lm, op, l, c, out[c].u[l]);
                        assert_int_equal(out[c].u[31], 0xabababab);
                    }
                }
                nvgp_texture_query_lod(t, &r, mask, out);
                nvgp_texture_size(t, target, &r.lod, mask, out);
            }
        }
        nvgp_texture_destroy(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_2d),
        cmocka_unit_test(test_linear_2d),
        cmocka_unit_test(test_wrap_modes),
        cmocka_unit_test(test_border_color),
        cmocka_unit_test(test_mip_from_derivatives),
        cmocka_unit_test(test_trilinear_and_mag_threshold),
        cmocka_unit_test(test_cube_faces),
        cmocka_unit_test(test_cube_seamless),
        cmocka_unit_test(test_cube_lod),
        cmocka_unit_test(test_depth_modes_and_swizzle),
        cmocka_unit_test(test_array_layers),
        cmocka_unit_test(test_array_linear_and_shadow_layouts),
        cmocka_unit_test(test_3d_and_rect),
        cmocka_unit_test(test_projective),
        cmocka_unit_test(test_shadow_compare),
        cmocka_unit_test(test_texel_offsets),
        cmocka_unit_test(test_gather),
        cmocka_unit_test(test_fetch),
        cmocka_unit_test(test_size_query),
        cmocka_unit_test(test_lod_query),
        cmocka_unit_test(test_integer_and_errors),
        cmocka_unit_test(test_garbage_inputs),
        cmocka_unit_test(test_fast_path_matches),
        cmocka_unit_test(test_straight_paths_match_general),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
