/* NV_gpu_program4/5 texture, thread-group, fragment and geometry
 * instructions (lower_gp_tex.c) run on the executor.  Expected values come
 * from the specs' pseudocode and tables, computed by hand in the comments:
 * textures hold texel numbers chosen so that every lookup names the texel
 * (and level, layer, sample) it read. */
#include "lower_test_util.h"

#include "exec/texture.h"
#include "lower/lower_gp.h"

/* ---- Textures ---------------------------------------------------------------- */

/* Words of texel (i, j) of `layer` at `level` (sample s): r, g, b, a. */
typedef void (*texel_fn)(uint32_t level, uint32_t i, uint32_t j, uint32_t layer, uint32_t s, uint32_t out[4]);

static nvgp_texture *make_tex(unsigned target, unsigned format, uint32_t w, uint32_t h, uint32_t layers,
                              uint32_t levels, uint32_t samples, texel_fn fn)
{
    /* 3D textures: `layers` are the depth slices */
    bool is3d = target == TGSI_TEXTURE_3D;
    nvgp_texture_desc desc = {.target = (uint8_t)target, .format = (uint8_t)format, .width = w, .height = h,
                              .depth = is3d ? layers : 1, .layers = is3d ? 1 : layers, .levels = levels,
                              .samples = samples};
    nvgp_texture *t = nvgp_texture_create(&desc, NULL);
    assert_non_null(t);
    const nvgp_texture_desc *real = nvgp_texture_describe(t);
    unsigned comps = format == NVGP_TEX_FORMAT_DEPTH32F ? 1 : 4;
    for (uint32_t l = 0; l < real->levels; l++) {
        size_t bytes = nvgp_texture_image_size(t, l);
        uint32_t *data = malloc(bytes);
        assert_non_null(data);
        uint32_t lw = w >> l ? w >> l : 1, lh = real->height >> l ? real->height >> l : 1;
        uint32_t slices = is3d ? (real->depth >> l ? real->depth >> l : 1) : real->layers;
        size_t n = 0;
        for (uint32_t s = 0; s < real->samples; s++)
            for (uint32_t layer = 0; layer < slices; layer++)
                for (uint32_t j = 0; j < lh; j++)
                    for (uint32_t i = 0; i < lw; i++) {
                        uint32_t v[4];
                        fn(l, i, j, layer, s, v);
                        for (unsigned k = 0; k < comps; k++)
                            data[n++] = v[k];
                    }
        assert_int_equal(n * 4, bytes);
        assert_true(nvgp_texture_set_image(t, l, data, bytes, NULL));
        free(data);
    }
    return t;
}

/* r = 1 + i + 2j + 10 level + 100 layer, g = r + 1000, b = 0, a = 1 (floats). */
static void texel_float(uint32_t level, uint32_t i, uint32_t j, uint32_t layer, uint32_t s, uint32_t out[4])
{
    (void)s;
    float r = (float)(1 + i + 2 * j + 10 * level + 100 * layer);
    out[0] = lt_bits(r);
    out[1] = lt_bits(r + 1000.0f);
    out[2] = lt_bits(0.0f);
    out[3] = lt_bits(1.0f);
}

/* Integers: r = -(1 + i + 2j), g = 7 + sample, b = layer, a = 0x80000000. */
static void texel_int(uint32_t level, uint32_t i, uint32_t j, uint32_t layer, uint32_t s, uint32_t out[4])
{
    (void)level;
    out[0] = (uint32_t)-(int32_t)(1 + i + 2 * j);
    out[1] = 7 + s;
    out[2] = layer;
    out[3] = 0x80000000u;
}

/* Depth: 0.25 (i + 2j) / 4 + 0.1 layer: T00 = 0, T10 = .0625, T01 = .125, T11 = .1875. */
static void texel_depth(uint32_t level, uint32_t i, uint32_t j, uint32_t layer, uint32_t s, uint32_t out[4])
{
    (void)level;
    (void)s;
    out[0] = lt_bits(0.0625f * (float)(i + 2 * j) + 0.5f * (float)layer);
}

static void set_filters(nvgp_texture *t, unsigned minf, unsigned magf, unsigned mip, unsigned compare)
{
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.min_filter = (uint8_t)minf;
    s.mag_filter = (uint8_t)magf;
    s.mip_filter = (uint8_t)mip;
    s.compare_func = (uint8_t)compare;
    s.wrap[0] = s.wrap[1] = s.wrap[2] = NVGP_TEX_WRAP_CLAMP_TO_EDGE;
    nvgp_texture_set_sampler(t, &s);
}

static void bind(lt *x, uint32_t unit, const nvgp_texture *t)
{
    assert_int_equal(nvgp_exec_bind_texture(x->m, unit, t), NVGP_EXEC_OK);
}

/* Input `name` of one invocation. */
static void in_at(lt *x, const char *name, uint32_t inv, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, name);
    if (!s)
        fprintf(stderr, "no input named %s\n", name);
    assert_non_null(s);
    uint32_t v[4] = {a, b, c, d};
    assert_int_equal(nvgp_exec_set_input(x->m, inv, 0, (uint32_t)s->index, v), NVGP_EXEC_OK);
}

static uint32_t f(float v) { return lt_bits(v); }

/* The lowering must refuse src with a message containing `what`. */
static void expect_untranslated(const char *src, const char *what)
{
    nvgp_diag *diag = nvgp_diag_create("test", src, strlen(src));
    nv_program *nv = nvgp_nv_assemble(src, strlen(src), diag);
    if (!nv)
        nvgp_diag_print(diag, stderr);
    assert_non_null(nv);
    nvgp_lower_map *map = NULL;
    tgsi_program *p = nvgp_lower_to_tgsi(nv, &map, diag);
    assert_null(p);
    bool found = false;
    nvgp_diag_entry e;
    for (size_t i = 0; nvgp_diag_get(diag, i, &e); i++)
        found |= strstr(e.message, what) != NULL;
    if (!found)
        nvgp_diag_print(diag, stderr);
    assert_true(found);
    nvgp_lower_map_destroy(map);
    nvgp_nv_program_destroy(nv);
    nvgp_diag_destroy(diag);
}

/* TEX/TXF with and without immediate texel offsets (NV_gpu_program4
 * 2.X.4.4), typed results: a 2x2 float texture on unit 0 and a 2x2 integer
 * one on unit 1; vertex programs sample at LOD 0. */
static void test_tex_txf_offsets_types(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB c = vertex.attrib[1];\nTEMP t;\n"
            "TEX.F result.texcoord[0], c, texture[0], 2D;\n"
            "TEX result.texcoord[1], c, texture[0], 2D, (1, 1);\n"
            "TXF.S result.texcoord[2], {1, 1, 0, 0}, texture[1], 2D;\n"
            "TXF.U result.texcoord[3], {0, 0, 0, 0}, texture[1], 2D, (1, 0);\n"
            "TEX.S result.texcoord[4], c, texture[1], 2D;\n"
            "TEX.SAT result.texcoord[5], c, texture[0], 2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *tf = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_float);
    nvgp_texture *ti = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32I, 2, 2, 1, 1, 1, texel_int);
    bind(&x, 0, tf);
    bind(&x, 1, ti);
    lt_in(&x, "vertex.attrib[1]", 0.25f, 0.25f, 0.0f, 1.0f);
    lt_run(&x);
    /* (0.25, 0.25) on 2x2 nearest: texel (0,0): r = 1 */
    lt_expect(&x, "result.texcoord[0]", 0xf, 1.0f, 1001.0f, 0.0f, 1.0f);
    /* offset (1,1): texel (1,1): r = 1 + 1 + 2 = 4 */
    lt_expect(&x, "result.texcoord[1]", 0xf, 4.0f, 1004.0f, 0.0f, 1.0f);
    /* TXF (1,1) level 0: r = -(1 + 1 + 2) = -4 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, (uint32_t)-4, 7, 0, 0x80000000u);
    /* TXF (0,0) offset (1,0): texel (1,0): r = -2 */
    lt_expect_u(&x, "result.texcoord[3]", 0xf, (uint32_t)-2, 7, 0, 0x80000000u);
    /* integer texture sampled: the words as stored */
    lt_expect_u(&x, "result.texcoord[4]", 0xf, (uint32_t)-1, 7, 0, 0x80000000u);
    /* .SAT clamps 1 and 1001 to [0,1] */
    lt_expect(&x, "result.texcoord[5]", 0xf, 1.0f, 1.0f, 0.0f, 1.0f);
    lt_free(&x);
    nvgp_texture_destroy(tf);
    nvgp_texture_destroy(ti);
}

/* TXB/TXL (bias and LOD in w), TXP (x, y, z divided by w), TXD (explicit
 * derivatives) on a 4x4 texture with 3 levels, nearest mipmaps. */
static void test_lod_bias_proj_grad(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB c = vertex.attrib[1];\nPARAM dx = {0.5, 0, 0, 0};\nPARAM dy = {0, 0.5, 0, 0};\n"
            "TEMP t;\n"
            "MOV t, c;\nMOV t.w, 1;\nTXL result.texcoord[0], t, texture[0], 2D;\n"
            "MOV t.w, 2;\nTXB result.texcoord[1], t, texture[0], 2D;\n"
            "MOV t, {1.5, 0.5, 0, 2};\nTXP result.texcoord[2], t, texture[0], 2D;\n"
            "TXD result.texcoord[3], c, dx, dy, texture[0], 2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 4, 4, 1, 3, 1, texel_float);
    set_filters(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST, 0);
    bind(&x, 0, t);
    lt_in(&x, "vertex.attrib[1]", 0.9f, 0.1f, 0.0f, 0.0f);
    lt_run(&x);
    /* TXL lod 1: level 1 is 2x2, (0.9, 0.1) -> texel (1, 0): 1 + 1 + 10 = 12 */
    lt_expect(&x, "result.texcoord[0]", 1, 12.0f, 0, 0, 0);
    /* TXB: LOD 0 (vertex program) + bias 2 -> level 2 (1x1): 1 + 20 = 21 */
    lt_expect(&x, "result.texcoord[1]", 1, 21.0f, 0, 0, 0);
    /* TXP: (1.5, 0.5) / 2 = (0.75, 0.25) at level 0 -> texel (3, 1): 1 + 3 + 2 = 6 */
    lt_expect(&x, "result.texcoord[2]", 1, 6.0f, 0, 0, 0);
    /* TXD: ds/dx = dt/dy = 0.5 on 4 texels: rho = 2, lambda = 1 -> level 1,
     * texel (1, 0): 12 */
    lt_expect(&x, "result.texcoord[3]", 1, 12.0f, 0, 0, 0);
    lt_free(&x);
    nvgp_texture_destroy(t);
}

/* Depth comparisons: the reference is z for SHADOW1D/SHADOW2D/SHADOWRECT,
 * w for SHADOWCUBE and SHADOWARRAY2D, z for SHADOWARRAY1D (Table X.17).
 * The comparison is LEQUAL: 1 where ref <= depth. */
static void test_shadow_reference(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB c = vertex.attrib[1];\n"
            "TEX result.texcoord[0], {0.75, 0.75, 0.1, 0.9}, texture[0], SHADOW2D;\n"
            "TEX result.texcoord[1], {0.75, 0.75, 0.9, 0.1}, texture[0], SHADOW2D;\n"
            "TEX result.texcoord[2], {0.75, 0.25, 1, 0.52}, texture[1], SHADOWARRAY2D;\n"
            "TEX result.texcoord[3], {0.75, 0.25, 1, 0.6}, texture[1], SHADOWARRAY2D;\n"
            "TEX result.texcoord[4], {0.75, 1, 0.5, 0}, texture[2], SHADOWARRAY1D;\n"
            "TEX result.texcoord[5], {0.75, 1, 0.6, 0}, texture[2], SHADOWARRAY1D;\n"
            "TXP result.texcoord[6], {1.5, 1.5, 0.2, 2}, texture[0], SHADOW2D;\n"
            "TXP result.texcoord[7], {1.5, 1.5, 0.6, 2}, texture[0], SHADOW2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t0 = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_DEPTH32F, 2, 2, 1, 1, 1, texel_depth);
    nvgp_texture *t1 = make_tex(TGSI_TEXTURE_2D_ARRAY, NVGP_TEX_FORMAT_DEPTH32F, 2, 2, 2, 1, 1, texel_depth);
    nvgp_texture *t2 = make_tex(TGSI_TEXTURE_1D_ARRAY, NVGP_TEX_FORMAT_DEPTH32F, 2, 1, 2, 1, 1, texel_depth);
    nvgp_texture *all[3] = {t0, t1, t2};
    for (unsigned k = 0; k < 3; k++) {
        set_filters(all[k], NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE,
                    NVGP_TEX_COMPARE_LEQUAL);
        bind(&x, k, all[k]);
    }
    lt_run(&x);
    /* texel (1,1) depth 0.1875: ref z = 0.1 passes, ref z = 0.9 fails (w ignored) */
    lt_expect(&x, "result.texcoord[0]", 0xf, 1.0f, 1.0f, 1.0f, 1.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 0.0f, 0.0f, 0.0f, 1.0f);
    /* layer z = 1, texel (1,0): 0.0625 + 0.5 = 0.5625; ref w 0.52 passes, 0.6 fails */
    lt_expect(&x, "result.texcoord[2]", 1, 1.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[3]", 1, 0.0f, 0, 0, 0);
    /* 1D array: layer y = 1, texel 1: 0.5625; ref z 0.5 passes, 0.6 fails */
    lt_expect(&x, "result.texcoord[4]", 1, 1.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[5]", 1, 0.0f, 0, 0, 0);
    /* TXP divides x, y, z (the reference) by w: (0.75, 0.75), ref 0.1 passes
     * against 0.1875, ref 0.3 fails */
    lt_expect(&x, "result.texcoord[6]", 1, 1.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[7]", 1, 0.0f, 0, 0, 0);
    lt_free(&x);
    for (unsigned k = 0; k < 3; k++)
        nvgp_texture_destroy(all[k]);
}

/* Array layers: ARRAY1D in y, ARRAY2D in z, rounded to the nearest layer;
 * TXF takes the layer as an integer; TXQ reports sizes and layers. */
static void test_arrays_and_sizes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB c = vertex.attrib[1];\n"
            "TEX result.texcoord[0], {0.25, 0.75, 1.6, 0}, texture[0], ARRAY2D;\n"
            "TEX result.texcoord[1], {0.75, 1.2, 0, 0}, texture[1], ARRAY1D;\n"
            "TXF result.texcoord[2], {1, 0, 2, 0}, texture[0], ARRAY2D;\n"
            "TXQ result.texcoord[3], 0, texture[0], ARRAY2D;\n"
            "TXQ result.texcoord[4], 1, texture[2], 2D;\n"
            "TXQ result.texcoord[5], 0, texture[1], ARRAY1D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t0 = make_tex(TGSI_TEXTURE_2D_ARRAY, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 3, 1, 1, texel_float);
    nvgp_texture *t1 = make_tex(TGSI_TEXTURE_1D_ARRAY, NVGP_TEX_FORMAT_RGBA32F, 2, 1, 2, 1, 1, texel_float);
    nvgp_texture *t2 = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 8, 4, 1, 0, 1, texel_float);
    bind(&x, 0, t0);
    bind(&x, 1, t1);
    bind(&x, 2, t2);
    lt_run(&x);
    /* layer round(1.6) = 2, texel (0,1): 1 + 2 + 200 = 203 */
    lt_expect(&x, "result.texcoord[0]", 1, 203.0f, 0, 0, 0);
    /* layer round(1.2) = 1, texel 1: 1 + 1 + 100 = 102 */
    lt_expect(&x, "result.texcoord[1]", 1, 102.0f, 0, 0, 0);
    /* TXF (1, 0) layer 2: 1 + 1 + 200 = 202 */
    lt_expect(&x, "result.texcoord[2]", 1, 202.0f, 0, 0, 0);
    /* TXQ: 2x2, 3 layers in z */
    lt_expect_u(&x, "result.texcoord[3]", 7, 2, 2, 3, 0);
    /* 8x4 at level 1: 4x2 */
    lt_expect_u(&x, "result.texcoord[4]", 3, 4, 2, 0, 0);
    /* 1D array: width 2, 2 layers in y */
    lt_expect_u(&x, "result.texcoord[5]", 3, 2, 2, 0, 0);
    lt_free(&x);
    nvgp_texture_destroy(t0);
    nvgp_texture_destroy(t1);
    nvgp_texture_destroy(t2);
}

/* Multisample textures (NV_texture_multisample, ARB_shader_texture_image_
 * samples): TXFMS reads sample w of pixel (x, y) (layer z for ARRAY2DMS),
 * TXQS returns the sample count as a scalar. */
static void test_multisample(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION ARB_shader_texture_image_samples;\nATTRIB c = vertex.attrib[1];\n"
            "TXFMS.S result.texcoord[0], {1, 1, 0, 2}, texture[0], 2DMS;\n"
            "TXFMS.S result.texcoord[1], {0, 1, 1, 3}, texture[1], ARRAY2DMS;\n"
            "TXQS result.texcoord[2], texture[0], 2DMS;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t0 = make_tex(TGSI_TEXTURE_2D_MSAA, NVGP_TEX_FORMAT_RGBA32I, 2, 2, 1, 1, 4, texel_int);
    nvgp_texture *t1 = make_tex(TGSI_TEXTURE_2D_ARRAY_MSAA, NVGP_TEX_FORMAT_RGBA32I, 2, 2, 2, 1, 4, texel_int);
    bind(&x, 0, t0);
    bind(&x, 1, t1);
    lt_run(&x);
    /* pixel (1,1): r = -4; sample 2: g = 9 */
    lt_expect_u(&x, "result.texcoord[0]", 7, (uint32_t)-4, 9, 0, 0);
    /* pixel (0,1) layer 1 sample 3: r = -3, g = 10, b = 1 */
    lt_expect_u(&x, "result.texcoord[1]", 7, (uint32_t)-3, 10, 1, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 4, 4, 4, 4);
    lt_free(&x);
    nvgp_texture_destroy(t0);
    nvgp_texture_destroy(t1);
}

/* TXG (NV_gpu_program5): texels (i0,j1), (i1,j1), (i1,j0), (i0,j0) of the
 * base level's bilinear footprint; ".y" selects green; SHADOW targets
 * return the four comparisons. */
static void test_gather(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\n"
            "TXG result.texcoord[0], {0.5, 0.5, 0, 0}, texture[0], 2D;\n"
            "TXG result.texcoord[1], {0.5, 0.5, 0, 0}, texture[0].y, 2D;\n"
            "TXG result.texcoord[2], {0.25, 0.25, 0, 0}, texture[0], 2D, (1, 0);\n"
            "TXG result.texcoord[3], {0.5, 0.5, 0.1, 0}, texture[1], SHADOW2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t0 = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_float);
    nvgp_texture *t1 = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_DEPTH32F, 2, 2, 1, 1, 1, texel_depth);
    set_filters(t0, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE, 0);
    set_filters(t1, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_FILTER_LINEAR, NVGP_TEX_MIP_NONE, NVGP_TEX_COMPARE_LEQUAL);
    bind(&x, 0, t0);
    bind(&x, 1, t1);
    lt_run(&x);
    /* centre of 2x2: i0=0, i1=1, j0=0, j1=1: T01=3, T11=4, T10=2, T00=1 */
    lt_expect(&x, "result.texcoord[0]", 0xf, 3.0f, 4.0f, 2.0f, 1.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 1003.0f, 1004.0f, 1002.0f, 1001.0f);
    /* (0.25,0.25): u = 2 * 0.25 - 0.5 = 0 -> i0 = 0, i1 = 1, j0 = 0, j1 = 1;
     * offset +1 in u: i0 = 1, i1 = 2 clamped to 1: T11=4, T11=4, T10=2, T10=2 */
    lt_expect(&x, "result.texcoord[2]", 0xf, 4.0f, 4.0f, 2.0f, 2.0f);
    /* depths T01=.125, T11=.1875, T10=.0625, T00=0 against ref 0.1 (LEQUAL) */
    lt_expect(&x, "result.texcoord[3]", 0xf, 1.0f, 1.0f, 0.0f, 0.0f);
    lt_free(&x);
    nvgp_texture_destroy(t0);
    nvgp_texture_destroy(t1);
}

/* LOD (NV_gpu_program5 table; SPEC-DECISIONS 4): x = LOD accessed, y = the
 * computed lambda, in a fragment quad whose s grows by 0.5 per pixel on a
 * 4x4 texture: rho = 2, lambda = 1. */
static void test_lod_query(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nATTRIB c = fragment.texcoord[0];\n"
            "LOD result.color, c, texture[0], 2D;\nEND\n",
            4);
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 4, 4, 1, 3, 1, texel_float);
    set_filters(t, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST, 0);
    bind(&x, 0, t);
    for (uint32_t i = 0; i < 4; i++)
        in_at(&x, "fragment.texcoord[0]", i, f(0.5f * (float)(i & 1)), f(0.5f * (float)(i >> 1)), 0, f(1));
    lt_run(&x);
    lt_expect(&x, "result.color", 3, 1.0f, 1.0f, 0, 0);
    lt_free(&x);
    nvgp_texture_destroy(t);
}

/* The other targets: CUBE (face by major axis), SHADOWCUBE (reference in
 * w, not z), RECT (unnormalized, with an offset), BUFFER (TXF, TXQ),
 * ARRAYCUBE TXL (w is the layer and, by the pseudocode, the LOD: TXL2),
 * SHADOW1D (reference in z), RENDERBUFFER (TXFMS). */
static void test_other_targets(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\n"
            "TEX result.texcoord[0], {-1, 0.1, 0.2, 0}, texture[0], CUBE;\n"
            "TEX result.texcoord[1], {0.1, 1, 0.2, 1.5}, texture[1], SHADOWCUBE;\n"
            "TEX result.texcoord[2], {0.1, 1, 0.2, 0.9}, texture[1], SHADOWCUBE;\n"
            "TEX result.texcoord[3], {2.5, 1.5, 0, 0}, texture[2], RECT, (-1, 0);\n"
            "TXF result.texcoord[4], {5, 0, 0, 0}, texture[3], BUFFER;\n"
            "TXQ result.texcoord[5], 0, texture[3], BUFFER;\n"
            "TXL result.texcoord[6], {1, 0.1, 0.1, 1}, texture[4], ARRAYCUBE;\n"
            "TEX result.texcoord[7], {0.75, 0, 0.05, 0}, texture[5], SHADOW1D;\n"
            "TXFMS.S result.color, {1, 0, 0, 1}, texture[6], RENDERBUFFER;\n"
            "TEX result.attrib[0], {0.25, 0.25, 0.25, 0}, texture[7], 3D, (1, 0, 2);\n"
            "TXQ result.attrib[1], 0, texture[7], 3D;\n"
            "TXG result.attrib[2], {-1, 0.1, 0.2, 0}, texture[0].y, CUBE;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t[8];
    t[7] = make_tex(TGSI_TEXTURE_3D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 4, 1, 1, texel_float);
    t[0] = make_tex(TGSI_TEXTURE_CUBE, NVGP_TEX_FORMAT_RGBA32F, 1, 1, 6, 1, 1, texel_float);
    t[1] = make_tex(TGSI_TEXTURE_CUBE, NVGP_TEX_FORMAT_DEPTH32F, 1, 1, 6, 1, 1, texel_depth);
    t[2] = make_tex(TGSI_TEXTURE_RECT, NVGP_TEX_FORMAT_RGBA32F, 4, 2, 1, 1, 1, texel_float);
    t[3] = make_tex(TGSI_TEXTURE_BUFFER, NVGP_TEX_FORMAT_RGBA32F, 8, 1, 1, 1, 1, texel_float);
    t[4] = make_tex(TGSI_TEXTURE_CUBE_ARRAY, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 12, 2, 1, texel_float);
    t[5] = make_tex(TGSI_TEXTURE_1D, NVGP_TEX_FORMAT_DEPTH32F, 2, 1, 1, 1, 1, texel_depth);
    t[6] = make_tex(TGSI_TEXTURE_2D_MSAA, NVGP_TEX_FORMAT_RGBA32I, 2, 2, 1, 1, 2, texel_int);
    set_filters(t[1], NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE, NVGP_TEX_COMPARE_LEQUAL);
    set_filters(t[4], NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NEAREST, 0);
    set_filters(t[5], NVGP_TEX_FILTER_NEAREST, NVGP_TEX_FILTER_NEAREST, NVGP_TEX_MIP_NONE, NVGP_TEX_COMPARE_LEQUAL);
    for (unsigned u = 0; u < 8; u++)
        bind(&x, u, t[u]);
    lt_run(&x);
    /* -X is face 1: r = 1 + 100 */
    lt_expect(&x, "result.texcoord[0]", 1, 101.0f, 0, 0, 0);
    /* +Y is face 2: depth 0.5 * 2 = 1.0; ref w 1.5 fails (z = 0.2 would pass), 0.9 passes */
    lt_expect(&x, "result.texcoord[1]", 1, 0.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[2]", 1, 1.0f, 0, 0, 0);
    /* RECT (2.5, 1.5) -> texel (2, 1), offset -1 -> (1, 1): 1 + 1 + 2 = 4 */
    lt_expect(&x, "result.texcoord[3]", 1, 4.0f, 0, 0, 0);
    /* buffer texel 5: 6; 8 texels */
    lt_expect(&x, "result.texcoord[4]", 1, 6.0f, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[5]", 1, 8, 0, 0, 0);
    /* +X face of cube 1 = layer-face 6, LOD 1 (1x1): 1 + 10 + 600 */
    lt_expect(&x, "result.texcoord[6]", 1, 611.0f, 0, 0, 0);
    /* texel 1 depth 0.0625 >= ref 0.05 */
    lt_expect(&x, "result.texcoord[7]", 1, 1.0f, 0, 0, 0);
    /* pixel (1, 0) sample 1: r = -2, g = 8 */
    lt_expect_u(&x, "result.color", 3, (uint32_t)-2, 8, 0, 0);
    /* 2x2x4 at (0.25, 0.25, 0.25): texel (0, 0, 1), offset (1, 0, 2): (1, 0, 3):
     * 1 + 1 + 100 * 3 (slices are numbered like layers) */
    lt_expect(&x, "result.attrib[0]", 1, 302.0f, 0, 0, 0);
    lt_expect_u(&x, "result.attrib[1]", 7, 2, 2, 4, 0);
    /* the 1x1 -X face: every texel of the footprint is that face's only
     * texel, green = 1101 */
    lt_expect(&x, "result.attrib[2]", 0xf, 1101.0f, 1101.0f, 1101.0f, 1101.0f);
    lt_free(&x);
    for (unsigned u = 0; u < 8; u++)
        nvgp_texture_destroy(t[u]);
}

/* Texel numbers per unit for the TEXTURE variable test: r = 1000 unit + 1 + i + 2j. */
static uint32_t texel_unit_number;

static void texel_of_unit(uint32_t level, uint32_t i, uint32_t j, uint32_t layer, uint32_t s, uint32_t out[4])
{
    texel_float(level, i, j, layer, s, out);
    out[0] = lt_bits((float)(1000 * texel_unit_number + 1 + i + 2 * j));
}

/* TEXTURE variables (NV_gpu_program5): a single texture, an array element
 * with a constant index, and texture[idx.x] (texture[idx.x + 1]) with a
 * different index per lane; an index outside the array reads (0,0,0,0) and
 * counts a fault, even where it would name another declared unit (3, the
 * unit of `one`, lies right past the array). */
static void test_texture_variables(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\nATTRIB k = vertex.attrib[2];\n"
            "TEXTURE one = texture[3];\nTEXTURE arr[3] = { texture[0..2] };\nINT TEMP idx;\n"
            "TEX result.texcoord[0], c, one, 2D;\n"
            "TEX result.texcoord[1], c, arr[1], 2D;\n"
            "MOV.S idx, k;\n"
            "TEX result.texcoord[2], c, arr[idx.x], 2D;\n"
            "TXF result.texcoord[3], {1, 0, 0, 0}, arr[idx.y], 2D;\n"
            "TEX result.texcoord[4], c, arr[idx.y + 1], 2D;\n"
            "MOV result.position, c;\nEND\n",
            4);
    nvgp_texture *t[4];
    for (unsigned u = 0; u < 4; u++) {
        texel_unit_number = u;
        t[u] = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_of_unit);
        bind(&x, u, t[u]);
    }
    lt_in(&x, "vertex.attrib[1]", 0.25f, 0.75f, 0.0f, 1.0f);
    /* lane i: idx.x = 2 - i (lane 3: -1, outside), idx.y = i (lane 3: 3, outside) */
    for (uint32_t i = 0; i < 4; i++)
        in_at(&x, "vertex.attrib[2]", i, (uint32_t)(2 - (int32_t)i), i, 0, 0);
    lt_run(&x);
    /* (0.25, 0.75): texel (0, 1): 1 + 2 = 3 */
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 1, f(3003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 0, 1, f(1003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 0, 1, f(2003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 1, 1, f(1003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 2, 1, f(3.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 3, 0xf, 0, 0, 0, 0);
    /* TXF texel (1, 0): 2 */
    lt_expect_u_at(&x, "result.texcoord[3]", 0, 1, f(2.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[3]", 2, 1, f(2002.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[3]", 3, 0xf, 0, 0, 0, 0);
    /* arr[idx.y + 1]: lane i reads element i + 1; lanes 2 and 3 are past the end */
    lt_expect_u_at(&x, "result.texcoord[4]", 0, 1, f(1003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[4]", 1, 1, f(2003.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[4]", 2, 0xf, 0, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[4]", 3, 0xf, 0, 0, 0, 0);
    /* lane 3 of texcoord[2] and [3], lanes 2 and 3 of texcoord[4] */
    assert_int_equal(nvgp_exec_faults(x.m), 4);
    lt_free(&x);
    for (unsigned u = 0; u < 4; u++)
        nvgp_texture_destroy(t[u]);
}

/* Bindless handles (NV_bindless_texture "handle(h.x)"): the handle names
 * the texture whose sampler SAMP2HND gives that handle (the executor's
 * handles: 0x5341 << 16 | unit); a handle of no sampler reads 0 and counts
 * a fault. */
static void test_bindless_handles(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_bindless_texture;\nATTRIB c = vertex.attrib[1];\n"
            "PARAM h = program.local[0];\nPARAM g = program.local[1];\n"
            "TEX result.texcoord[0], c, handle(h.x), 2D;\n"
            "TEX result.texcoord[1], c, handle(h.y), 2D;\n"
            "TXF result.texcoord[2], {1, 1, 0, 0}, handle(h.z), 2D;\n"
            "TEX result.texcoord[3], c, handle(h.w), 2D;\n"
            "TEX result.texcoord[4], c, handle(g.x), 2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    nvgp_texture *t[2];
    for (unsigned u = 0; u < 2; u++) {
        texel_unit_number = u == 0 ? 1 : 3;
        t[u] = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_of_unit);
        bind(&x, texel_unit_number, t[u]);
    }
    /* units 0..31 have handles; 0x53410020 would be unit 32's, 0x5340ffff
     * lies just below unit 0's */
    lt_param_u(&x, "program.local[0]", 0x53410003u, 0x53410001u, 0x00000003u, 0x53410020u);
    lt_param_u(&x, "program.local[1]", 0x5340ffffu, 0, 0, 0);
    lt_in(&x, "vertex.attrib[1]", 0.75f, 0.25f, 0.0f, 1.0f);
    lt_run(&x);
    /* texel (1, 0): 1 + 1 = 2, unit 3 / unit 1 */
    lt_expect(&x, "result.texcoord[0]", 1, 3002.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[1]", 1, 1002.0f, 0, 0, 0);
    /* 3 is the number of unit 3, not its handle */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0, 0, 0, 0);
    assert_int_equal(nvgp_exec_faults(x.m), 3);
    lt_free(&x);
    nvgp_texture_destroy(t[0]);
    nvgp_texture_destroy(t[1]);
}

/* offset(reg) differs per invocation: each lane's own offset reaches the
 * executor (TGSI TEMP offsets read per lane).  2x2 texture, r = 1 + i + 2j,
 * REPEAT, at (0.25, 0.25) = texel (0,0), footprint (i0,j0) = (0,0).
 * Invocation 0 offset (1,0): TXB reads texel (1,0): r = 2; TXG's footprint
 * i 1..2 -> 1, 0 and j 0..1: (i0,j1) (1,1) = 4, (i1,j1) (0,1) = 3,
 * (i1,j0) (0,0) = 1, (i0,j0) (1,0) = 2.  Invocation 1 offset (0,1): TXB
 * texel (0,1): r = 3; TXG i 0..1, j 1..2 -> 1, 0: (0,0) = 1, (1,0) = 2,
 * (1,1) = 4, (0,1) = 3. */
static void test_per_lane_operand_offsets(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\nINT ATTRIB oa = vertex.attrib[2];\nINT TEMP o;\n"
            "MOV.S o, oa;\n"
            "TXB result.texcoord[0], c, texture[0], 2D, offset(o);\n"
            "TXG result.texcoord[1], c, texture[0], 2D, offset(o);\n"
            "MOV result.position, c;\nEND\n",
            2);
    nvgp_texture *t = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_float);
    bind(&x, 0, t);
    for (uint32_t k = 0; k < 2; k++)
        in_at(&x, "vertex.attrib[1]", k, f(0.25f), f(0.25f), 0, 0);
    in_at(&x, "vertex.attrib[2]", 0, 1, 0, 0, 0);
    in_at(&x, "vertex.attrib[2]", 1, 0, 1, 0, 0);
    lt_run(&x);
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 0x3, f(2.0f), f(1002.0f), 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 0x3, f(3.0f), f(1003.0f), 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 0, 0xf, f(4.0f), f(3.0f), f(1.0f), f(2.0f));
    lt_expect_u_at(&x, "result.texcoord[1]", 1, 0xf, f(1.0f), f(2.0f), f(4.0f), f(3.0f));
    lt_free(&x);
    nvgp_texture_destroy(t);
}

/* Texel offsets from an operand (NV_gpu_program5 "offset(...)"): TXF adds
 * them to the texel coordinate (y ignored for 1D); sampling instructions
 * and TXGO carry them as TEMP offsets of the TGSI instruction. */
static void test_operand_offsets(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\nINT PARAM o = {1, 1, 5, 9};\n"
            "TXF result.texcoord[0], {0, 0, 0, 0}, texture[0], 2D, offset(o);\n"
            "TXF result.texcoord[1], {0, 0, 0, 0}, texture[1], 1D, offset(o);\n"
            "TEX result.texcoord[2], c, texture[0], 2D, offset(o);\n"
            "TXGO result.texcoord[3], c, {0, 1, 1, 0}, {0, 0, -1, -1}, texture[0], 2D;\n"
            "MOV result.position, c;\nEND\n",
            1);
    char *text = lt_text(x.tgsi);
    /* TEX and the four TG4 of TXGO name a TEMP offset */
    const char *p = text;
    unsigned tg4 = 0;
    p = strstr(text, "TEX ");
    assert_non_null(p);
    const char *toff = strstr(p, "2D, TEMP[");
    assert_true(toff && toff < strchr(p, '\n'));
    while ((p = strstr(p, "TG4 ")) != NULL) {
        const char *eol = strchr(p, '\n');
        assert_non_null(eol);
        const char *off = strstr(p, ", TEMP[");
        assert_true(off && off < eol);
        tg4++;
        p = eol;
    }
    assert_int_equal(tg4, 4);
    free(text);
    nvgp_texture *t0 = make_tex(TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 2, 2, 1, 1, 1, texel_float);
    nvgp_texture *t1 = make_tex(TGSI_TEXTURE_1D, NVGP_TEX_FORMAT_RGBA32F, 2, 1, 1, 1, 1, texel_float);
    bind(&x, 0, t0);
    bind(&x, 1, t1);
    lt_in(&x, "vertex.attrib[1]", 0.25f, 0.25f, 0.0f, 1.0f);
    lt_run(&x);
    /* (0,0) + (1,1): texel (1,1) = 4; 1D: texel 1 = 2, level 0 */
    lt_expect(&x, "result.texcoord[0]", 1, 4.0f, 0, 0, 0);
    lt_expect(&x, "result.texcoord[1]", 1, 2.0f, 0, 0, 0);
    /* TEX at (0.25, 0.25) of the 2x2 texture is texel (0,0); offset (1,1)
     * moves it to texel (1,1): r = 1 + 1 + 2 = 4, g = r + 1000 */
    lt_expect(&x, "result.texcoord[2]", 0xf, 4.0f, 1004.0f, 0.0f, 1.0f);
    /* TXGO at (0.25, 0.25): the footprint's (i0,j0) is (0,0) (0.25 * 2 -
     * 0.5 = 0); texel k is (0,0) + (op1.k, op2.k) under REPEAT:
     * (0,0) = 1, (1,0) = 2, (1,-1) -> (1,1) = 4, (0,-1) -> (0,1) = 3 */
    lt_expect(&x, "result.texcoord[3]", 0xf, 1.0f, 2.0f, 4.0f, 3.0f);
    lt_free(&x);
    nvgp_texture_destroy(t0);
    nvgp_texture_destroy(t1);
}

/* What TGSI cannot express is refused with a message. */
static void test_untranslatable(void **state)
{
    (void)state;
    expect_untranslated("!!NVfp5.0\nATTRIB c = fragment.texcoord[0];\n"
                        "TEX result.color, c, texture[0], SHADOWARRAYCUBE;\nEND\n",
                        "reference");
}

/* ---- Thread groups ------------------------------------------------------------- */

/* TGALL/TGANY/TGEQ (NV_gpu_program5) and TGBALLOT (NV_shader_thread_group)
 * over a partial warp of 6 lanes (lanes 6..31 inactive, so they take no
 * part).  Lane i reads a = (i, 1.0, -0.0 in lane 3 else 0.0, 2.0 for i < 3
 * else 0.0).  For float types -0.0 is zero; as integers its word is not.
 * TGEQ follows its pseudocode: equal when all or none are non-zero. */
static void test_votes_and_ballot(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_thread_group;\nATTRIB a = vertex.attrib[1];\n"
            "TGALL result.texcoord[0], a;\n"
            "TGANY result.texcoord[1], a;\n"
            "TGEQ result.texcoord[2], a;\n"
            "TGALL.S result.texcoord[3], a;\n"
            "TGANY.U result.texcoord[4], a;\n"
            "TGBALLOT.U result.texcoord[5], a;\n"
            "TGBALLOT result.texcoord[6], a;\n"
            "MOV result.position, a;\nEND\n",
            6);
    for (uint32_t i = 0; i < 6; i++)
        in_at(&x, "vertex.attrib[1]", i, f((float)i), f(1.0f), i == 3 ? 0x80000000u : 0, i < 3 ? f(2.0f) : 0);
    lt_run(&x);
    for (uint32_t lane = 0; lane < 6; lane += 5) {
        lt_expect_u_at(&x, "result.texcoord[0]", lane, 0xf, f(0), f(1), f(0), f(0));
        lt_expect_u_at(&x, "result.texcoord[1]", lane, 0xf, f(1), f(1), f(0), f(1));
        lt_expect_u_at(&x, "result.texcoord[2]", lane, 0xf, f(0), f(1), f(1), f(0));
        lt_expect_u_at(&x, "result.texcoord[3]", lane, 0xf, 0, ~0u, 0, 0);
        lt_expect_u_at(&x, "result.texcoord[4]", lane, 0xf, ~0u, ~0u, ~0u, ~0u);
        /* bits of the lanes whose word is non-zero: x lanes 1..5, y 0..5,
         * z lane 3, w lanes 0..2 */
        lt_expect_u_at(&x, "result.texcoord[5]", lane, 0xf, 0x3e, 0x3f, 0x08, 0x07);
        /* float test: -0.0 is zero */
        lt_expect_u_at(&x, "result.texcoord[6]", lane, 0xf, 0x3e, 0x3f, 0, 0x07);
    }
    lt_free(&x);
}

/* SHFIDX/SHFXOR/SHFUP/SHFDOWN (NV_shader_thread_shuffle) over 8 lanes whose
 * value is 100 + lane: result (valid, value, 0, 0).  mask 7171 = 0x1c03:
 * segments of 4 lanes (segmask 0x1c), clamp 3. */
static void test_shuffles(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_thread_shuffle;\nATTRIB a = vertex.attrib[1];\n"
            "SHFIDX.S result.texcoord[0], a, 3, 31;\n"
            "SHFXOR.S result.texcoord[1], a, 1, 31;\n"
            "SHFUP.S result.texcoord[2], a, 1, 0;\n"
            "SHFDOWN.S result.texcoord[3], a, 2, 7171;\n"
            "SHFIDX.S result.texcoord[4], a, 1, 7171;\n"
            "SHFDOWN result.texcoord[5], a, 1, 31;\n"
            "MOV result.position, a;\nEND\n",
            8);
    for (uint32_t i = 0; i < 8; i++)
        in_at(&x, "vertex.attrib[1]", i, 100 + i, 0, 0, 0);
    lt_run(&x);
    /* IDX 3: min 0, max 31, source 3 */
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 0xf, ~0u, 103, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 6, 0xf, ~0u, 103, 0, 0);
    /* XOR 1: source lane ^ 1 */
    lt_expect_u_at(&x, "result.texcoord[1]", 0, 3, ~0u, 101, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 5, 3, ~0u, 104, 0, 0);
    /* UP 1, mask 0: max = min = 0; lane 0 reads lane -1 < 0: invalid, own value */
    lt_expect_u_at(&x, "result.texcoord[2]", 0, 3, 0, 100, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[2]", 5, 3, ~0u, 104, 0, 0);
    /* DOWN 2 in segments of 4: lane 1 -> 3 <= max 3; lane 2 -> 4 > 3: own;
     * lane 5 -> 7 <= max 7 */
    lt_expect_u_at(&x, "result.texcoord[3]", 1, 3, ~0u, 103, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[3]", 2, 3, 0, 102, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[3]", 5, 3, ~0u, 107, 0, 0);
    /* IDX 1 in segments of 4: lane 2 -> 1, lane 5 -> (1 & ~0x1c) | 4 = 5 */
    lt_expect_u_at(&x, "result.texcoord[4]", 2, 3, ~0u, 101, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[4]", 5, 3, ~0u, 105, 0, 0);
    /* float type: TRUE is 1.0 */
    lt_expect_u_at(&x, "result.texcoord[5]", 0, 3, f(1.0f), 101, 0, 0);
    lt_free(&x);
}

/* QSWZ* (NV_shader_thread_group) in fragment quads: lane i reads
 * a = (1 + i, 10 (i + 1)); lane 2 is a helper lane (it takes part); lanes
 * 6 and 7 do not exist, so quad 1 (lanes 4..7) is divergent and gets 0. */
static void test_quad_swizzles(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nOPTION ARB_draw_buffers;\nOPTION NV_shader_thread_group;\nATTRIB a = fragment.texcoord[0];\n"
            "QSWZX result.color[0], a.x, a.y;\n"
            "QSWZ2 result.color[1], a.x;\n"
            "QSWZY result.color[2], a.x, a.y;\n"
            "QSWZ1 result.color[3], a, a;\nEND\n",
            6);
    for (uint32_t i = 0; i < 6; i++)
        in_at(&x, "fragment.texcoord[0]", i, f(1.0f + (float)i), f(10.0f * (float)(i + 1)), 0, f(1));
    assert_int_equal(nvgp_exec_set_helper(x.m, 2, true), NVGP_EXEC_OK);
    lt_run(&x);
    /* X neighbour: lane 0 <- lane 1 (2) + 10; lane 1 <- lane 0 (1) + 20; lane 3 <- lane 2 (3) + 40 */
    lt_expect_u_at(&x, "result.color[0]", 0, 1, f(12.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 1, 1, f(21.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 3, 1, f(43.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 4, 0xf, f(0.0f), f(0.0f), f(0.0f), f(0.0f));
    lt_expect_u_at(&x, "result.color[0]", 5, 1, f(0.0f), 0, 0, 0);
    /* fragment 2 of the quad is the helper lane: 3; one operand adds 0 */
    lt_expect_u_at(&x, "result.color[1]", 0, 1, f(3.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 3, 1, f(3.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 5, 1, f(0.0f), 0, 0, 0);
    /* Y neighbour: lane 0 <- lane 2 (3) + 10; lane 1 <- lane 3 (4) + 20; lane 3 <- lane 1 (2) + 40 */
    lt_expect_u_at(&x, "result.color[2]", 0, 1, f(13.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[2]", 1, 1, f(24.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[2]", 3, 1, f(42.0f), 0, 0, 0);
    /* vector form: lane 0 = a[1] + a[0] = (2 + 1, 20 + 10, 0, 2) */
    lt_expect_u_at(&x, "result.color[3]", 0, 0xf, f(3.0f), f(30.0f), f(0.0f), f(2.0f));
    lt_free(&x);
}

/* A lane discarded by KIL is inactive from then on: its quad is divergent
 * for QSWZ* (0 everywhere in it) and its operand does not count in votes
 * and ballots.  8 lanes = two quads; lane 5 is discarded (a.z < 0); a.x is
 * 0 only in lane 5. */
static void test_divergence_after_kil(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nOPTION ARB_draw_buffers;\nOPTION NV_shader_thread_group;\nATTRIB a = fragment.texcoord[0];\n"
            "KIL a.z;\n"
            "QSWZX result.color[0], a.y, a.y;\n"
            "TGALL result.color[1], a.x;\n"
            "TGBALLOT.U result.color[2], a.y;\nEND\n",
            8);
    for (uint32_t i = 0; i < 8; i++)
        in_at(&x, "fragment.texcoord[0]", i, f(i == 5 ? 0.0f : 1.0f), f((float)(i + 1)), f(i == 5 ? -1.0f : 0.0f),
              f(1));
    lt_run(&x);
    assert_true(nvgp_exec_killed(x.m, 5));
    /* quad 0 whole: lane 0 = a.y[1] + a.y[0] = 2 + 1; quad 1 divergent */
    lt_expect_u_at(&x, "result.color[0]", 0, 1, f(3.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 4, 1, f(0.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 7, 1, f(0.0f), 0, 0, 0);
    /* a.x is non-zero in every lane still running */
    lt_expect_u_at(&x, "result.color[1]", 6, 1, f(1.0f), 0, 0, 0);
    /* lanes 0..7 but 5 */
    lt_expect_u_at(&x, "result.color[2]", 0, 1, 0xdf, 0, 0, 0);
    lt_free(&x);
}

/* Inside IF, lanes that skip the block are inactive: lane 0 of the quad
 * fails GT.x, so QSWZ0 in lanes 1..3 sees a divergent quad (0) and TGALL
 * ignores lane 0's zero. */
static void test_divergence_in_if(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nOPTION ARB_draw_buffers;\nOPTION NV_shader_thread_group;\nATTRIB a = fragment.texcoord[0];\nTEMP t;\n"
            "MOV result.color[0], 7;\nMOV result.color[1], 7;\n"
            "MOVC t, a;\nIF GT.x;\n"
            "QSWZ0 result.color[0], a.y;\n"
            "TGALL result.color[1], a.y;\n"
            "ENDIF;\nEND\n",
            4);
    for (uint32_t i = 0; i < 4; i++)
        in_at(&x, "fragment.texcoord[0]", i, f((float)i), f(i == 0 ? 0.0f : 1.0f), 0, f(1));
    lt_run(&x);
    lt_expect_u_at(&x, "result.color[0]", 0, 1, f(7.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[0]", 2, 1, f(0.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 0, 1, f(7.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 3, 1, f(1.0f), 0, 0, 0);
    lt_free(&x);
}

/* ---- Fragment and geometry instructions --------------------------------------- */

/* KIL (NV_fragment_program4): a negative component discards; -0.0 is not
 * negative; KIL.S tests signed integers; KIL.U never discards. */
static void test_kil(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp4.0\nATTRIB a = fragment.texcoord[0];\nATTRIB b = fragment.texcoord[1];\n"
            "ATTRIB u = fragment.texcoord[2];\n"
            "KIL.U u;\nKIL a;\nKIL.S b;\nMOV result.color, a;\nEND\n",
            4);
    in_at(&x, "fragment.texcoord[2]", NVGP_EXEC_ALL, 0x80000000u, 0xffffffffu, 0, 0);
    in_at(&x, "fragment.texcoord[0]", 0, f(1), f(1), f(1), f(1));
    in_at(&x, "fragment.texcoord[0]", 1, f(1), f(-0.5f), f(1), f(1));
    in_at(&x, "fragment.texcoord[0]", 2, f(1), f(1), f(1), f(1));
    in_at(&x, "fragment.texcoord[0]", 3, 0x80000000u, f(0), f(1), f(1));
    in_at(&x, "fragment.texcoord[1]", NVGP_EXEC_ALL, 0, 5, 0x7fffffffu, 0);
    in_at(&x, "fragment.texcoord[1]", 2, 0, 5, (uint32_t)-3, 0);
    lt_run(&x);
    assert_false(nvgp_exec_killed(x.m, 0));
    assert_true(nvgp_exec_killed(x.m, 1));
    assert_true(nvgp_exec_killed(x.m, 2));
    assert_false(nvgp_exec_killed(x.m, 3));
    lt_free(&x);
}

/* KIL with a condition (NV_fragment_program4): discard where the test of
 * the condition code passes for any swizzled component; a discarded lane
 * inside IF leaves the others running. */
static void test_kil_condition(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp4.0\nATTRIB a = fragment.texcoord[0];\nTEMP t;\n"
            "MOVC t, a;\nKIL LT.y;\nMOVC1 t, a.w;\nKIL (EQ1.x);\n"
            "IF GT.z;\nKIL NE.z;\nENDIF;\nMOV result.color, a;\nEND\n",
            5);
    in_at(&x, "fragment.texcoord[0]", NVGP_EXEC_ALL, f(1), f(1), f(0), f(1));
    in_at(&x, "fragment.texcoord[0]", 1, f(1), f(-2), f(0), f(1)); /* LT.y */
    in_at(&x, "fragment.texcoord[0]", 2, f(1), f(1), f(0), f(0));  /* CC1 = w = 0: EQ1 */
    in_at(&x, "fragment.texcoord[0]", 3, f(1), f(1), f(5), f(1));  /* z > 0: inside IF, NE */
    in_at(&x, "fragment.texcoord[0]", 4, f(1), f(1), f(-5), f(1)); /* z < 0: IF skipped */
    lt_run(&x);
    assert_false(nvgp_exec_killed(x.m, 0));
    assert_true(nvgp_exec_killed(x.m, 1));
    assert_true(nvgp_exec_killed(x.m, 2));
    assert_true(nvgp_exec_killed(x.m, 3));
    assert_false(nvgp_exec_killed(x.m, 4));
    lt_free(&x);
}

/* IPAC/IPAO/IPAS (NV_gpu_program5) in a quad where texcoord[0].x is
 * 2 px + 4 py (d/dx = 2, d/dy = 4): single-sampled, the centroid and
 * sample 0 are the centre; an offset (0.5, 0.25) adds 2 * 0.5 + 4 * 0.25. */
static void test_interpolate_at(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp5.0\nOPTION ARB_draw_buffers;\nATTRIB a = fragment.texcoord[0];\n"
            "IPAC result.color[0], a;\n"
            "IPAO result.color[1], a, {0.5, 0.25, 0, 0};\n"
            "IPAS result.color[2], a, 0;\nEND\n",
            4);
    for (uint32_t i = 0; i < 4; i++)
        in_at(&x, "fragment.texcoord[0]", i, f(2.0f * (float)(i & 1) + 4.0f * (float)(i >> 1)), f(1), 0, f(1));
    lt_run(&x);
    lt_expect_u_at(&x, "result.color[0]", 3, 3, f(6.0f), f(1.0f), 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 0, 3, f(2.0f), f(1.0f), 0, 0);
    lt_expect_u_at(&x, "result.color[1]", 3, 3, f(8.0f), f(1.0f), 0, 0);
    lt_expect_u_at(&x, "result.color[2]", 1, 3, f(2.0f), f(1.0f), 0, 0);
    lt_free(&x);
}

/* EMIT/ENDPRIM (NV_geometry_program4) on stream 0, EMITS (NV_gpu_program5)
 * on the stream its operand names. */
static void test_emit(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 6;\nINT TEMP s;\n"
            "MOV result.position, {1, 2, 3, 4};\nEMIT;\n"
            "MOV result.position, {5, 6, 7, 8};\nEMIT;\nENDPRIM;\n"
            "MOV result.position, {9, 10, 11, 12};\nEMIT;\n"
            "EMITS 1;\nMOV.S s, 3;\nEMITS s.x;\nEND\n",
            1);
    lt_run(&x);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 0), 3);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 1), 1);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 2), 0);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 3), 1);
    const nvgp_lower_slot *pos = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.position");
    assert_non_null(pos);
    uint32_t n = nvgp_exec_num_outputs(x.m);
    uint32_t *v = calloc(n * 4, 4);
    assert_non_null(v);
    uint32_t prim;
    nvgp_exec_get_emitted(x.m, 0, 0, 1, v, &prim);
    assert_int_equal(v[pos->index * 4], f(5.0f));
    assert_int_equal(prim, 0);
    nvgp_exec_get_emitted(x.m, 0, 0, 2, v, &prim);
    assert_int_equal(v[pos->index * 4 + 3], f(12.0f));
    assert_int_equal(prim, 1);
    nvgp_exec_get_emitted(x.m, 0, 1, 0, v, &prim);
    assert_int_equal(v[pos->index * 4 + 1], f(10.0f));
    free(v);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tex_txf_offsets_types),
        cmocka_unit_test(test_lod_bias_proj_grad),
        cmocka_unit_test(test_shadow_reference),
        cmocka_unit_test(test_arrays_and_sizes),
        cmocka_unit_test(test_multisample),
        cmocka_unit_test(test_gather),
        cmocka_unit_test(test_lod_query),
        cmocka_unit_test(test_other_targets),
        cmocka_unit_test(test_texture_variables),
        cmocka_unit_test(test_bindless_handles),
        cmocka_unit_test(test_operand_offsets),
        cmocka_unit_test(test_per_lane_operand_offsets),
        cmocka_unit_test(test_untranslatable),
        cmocka_unit_test(test_votes_and_ballot),
        cmocka_unit_test(test_shuffles),
        cmocka_unit_test(test_quad_swizzles),
        cmocka_unit_test(test_divergence_after_kil),
        cmocka_unit_test(test_divergence_in_if),
        cmocka_unit_test(test_kil),
        cmocka_unit_test(test_kil_condition),
        cmocka_unit_test(test_interpolate_at),
        cmocka_unit_test(test_emit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
