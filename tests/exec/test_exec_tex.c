/* Texture opcodes through the executor: each opcode's operands must reach
 * the texture module where tgsi.rst puts them (TXL's lod in src0.w, TXP's
 * divide by w, TXD's derivatives, TXF's integer coordinates, TEX2/TXB2/TXL2's
 * second operand, the SAMPLE family's view, sampler and extra operand, the
 * view's swizzle).  The textures are tiny, so every expected texel is known:
 *   2D RGBA32F, level 0:  (0,0) = (1,0,0,1)  (1,0) = (0,1,0,1)
 *                         (0,1) = (0,0,1,1)  (1,1) = (1,1,1,1)
 *               level 1:  (0.5, 0.5, 0.5, 0.5)
 * sampled NEAREST with NEAREST mipmapping: lod 0 reads level 0, lod 1
 * level 1.  Vertex programs have no derivatives (implicit lod 0). */
#include "exec_test_util.h"
#include "exec/texture.h"

static nvgp_texture *make_2d(void)
{
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                            .width = 2, .height = 2, .depth = 1, .layers = 1, .levels = 2,
                            .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    static const float l0[16] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1 };
    static const float l1[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    assert_true(nvgp_texture_set_image(t, 0, l0, sizeof l0, NULL));
    assert_true(nvgp_texture_set_image(t, 1, l1, sizeof l1, NULL));
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.mip_filter = NVGP_TEX_MIP_NEAREST;
    nvgp_texture_set_sampler(t, &s);
    return t;
}

/* 2x2 depth texture (0.25, 0.5 / 0.75, 1.0), comparison LEQUAL:
 * result = ref <= depth. */
static nvgp_texture *make_depth(void)
{
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_DEPTH32F,
                            .width = 2, .height = 2, .depth = 1, .layers = 1, .levels = 1,
                            .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    static const float z[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
    assert_true(nvgp_texture_set_image(t, 0, z, sizeof z, NULL));
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.compare_func = NVGP_TEX_COMPARE_LEQUAL;
    s.depth_mode = NVGP_TEX_DEPTH_LUMINANCE;
    nvgp_texture_set_sampler(t, &s);
    return t;
}

/* 1x1 cube array, one cube: face k (+X -X +Y -Y +Z -Z) = (k, 10k, 0, 1);
 * or a depth cube array of depth 0.5 everywhere. */
static nvgp_texture *make_cube_array(bool depth)
{
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_CUBE_ARRAY,
                            .format = depth ? NVGP_TEX_FORMAT_DEPTH32F : NVGP_TEX_FORMAT_RGBA32F,
                            .width = 1, .height = 1, .depth = 1, .layers = 6, .levels = 1,
                            .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    float c[24], z[6];
    for (int k = 0; k < 6; k++) {
        c[4 * k] = (float)k;
        c[4 * k + 1] = 10.0f * (float)k;
        c[4 * k + 2] = 0;
        c[4 * k + 3] = 1;
        z[k] = 0.5f;
    }
    if (depth)
        assert_true(nvgp_texture_set_image(t, 0, z, sizeof z, NULL));
    else
        assert_true(nvgp_texture_set_image(t, 0, c, sizeof c, NULL));
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.compare_func = NVGP_TEX_COMPARE_LEQUAL;
    nvgp_texture_set_sampler(t, &s);
    return t;
}

static void test_tex_family(void **state)
{
    (void)state;
    nvgp_texture *t = make_2d();
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..3]\n"
            "DCL OUT[0..12], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "IMM[0] INT32 { 0, 1, 0, 0 }\n"
            "  0: TEX OUT[0], IN[0], SAMP[0], 2D\n"
            "  1: TXL OUT[1], IN[0], SAMP[0], 2D\n"
            "  2: TEX OUT[2], IN[1].zzxx, SAMP[0], 2D\n"
            "  3: TXP OUT[3], IN[1], SAMP[0], 2D\n"
            "  4: TEX_LZ OUT[4], IN[0], SAMP[0], 2D\n"
            "  5: TXF OUT[5], IN[2], SAMP[0], 2D\n"
            "  6: TXQ OUT[6], IMM[0].xxxx, SAMP[0], 2D\n"
            "  7: TXQ OUT[7], IMM[0].yyyy, SAMP[0], 2D\n"
            "  8: TXQS OUT[8], SAMP[0], 2D\n"
            "  9: TXD OUT[9], IN[0], IN[3], IMM[0].xxxx, SAMP[0], 2D\n"
            " 10: TG4 OUT[10], IN[1].zzww, IMM[0].xxxx, SAMP[0], 2D\n"
            " 11: TXF_LZ OUT[11], IN[2].yxzz, SAMP[0], 2D\n"
            " 12: TXQ_LZ OUT[12], IMM[0].yyyy, SAMP[0], 2D\n"
            " 13: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 0.25f, 0.25f, 0, 1);   /* texel (0,0); w = lod / bias 1 */
    xt_in_f(&x, 0, 1, 1.5f, 0.5f, 0.5f, 2);  /* TXP: (0.75, 0.25) = texel (1,0);
                                                 zzww = (0.5, 0.5): the centre */
    xt_in_u(&x, 0, 2, 1, 0, 0, 0);           /* TXF texel (1,0), level 0 */
    xt_in_f(&x, 0, 3, 1, 0, 0, 0);           /* d/dx = 1: 2 texels: lod 1 */
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 1, 0, 0, 1);
    xt_expect4f(&x, 0, 1, 0.5f, 0.5f, 0.5f, 0.5f);
    xt_expect4f(&x, 0, 2, 1, 1, 1, 1); /* (0.5, 0.5): texel (1,1) under NEAREST */
    xt_expect4f(&x, 0, 3, 0, 1, 0, 1);
    xt_expect4f(&x, 0, 4, 1, 0, 0, 1);
    xt_expect4f(&x, 0, 5, 0, 1, 0, 1);
    xt_expect4u(&x, 0, 6, 2, 2, 0, 2);
    xt_expect4u(&x, 0, 7, 1, 1, 0, 2);
    assert_int_equal(xt_out_u(&x, 0, 8, 0), 1);
    xt_expect4f(&x, 0, 9, 0.5f, 0.5f, 0.5f, 0.5f);
    /* red of (i0,j1), (i1,j1), (i1,j0), (i0,j0) = (0,1), (1,1), (1,0), (0,0) */
    xt_expect4f(&x, 0, 10, 0, 1, 0, 1);
    /* TXF_LZ ignores w: texel (0,1) */
    xt_expect4f(&x, 0, 11, 0, 0, 1, 1);
    xt_expect4u(&x, 0, 12, 2, 2, 0, 2);
    xt_free(&x);
    nvgp_texture_destroy(t);
}

static void test_sample_family(void **state)
{
    (void)state;
    nvgp_texture *t = make_2d();
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..4]\n"
            "DCL OUT[0..10], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "DCL SVIEW[0], 2D, FLOAT\n"
            "IMM[0] INT32 { 0, 1, 0, 0 }\n"
            "IMM[1] FLT32 { 1.0, 0.0, 0.5, 0.0 }\n"
            "  0: SAMPLE OUT[0], IN[0], SVIEW[0], SAMP[0]\n"
            "  1: SAMPLE OUT[1], IN[1], SVIEW[0].wzyx, SAMP[0]\n"
            "  2: SAMPLE_L OUT[2], IN[0], SVIEW[0], SAMP[0], IMM[1].xxxx\n"
            "  3: SAMPLE OUT[3], IN[4], SVIEW[0].xxxx, SAMP[0]\n"
            "  4: SAMPLE_D OUT[4], IN[0], SVIEW[0], SAMP[0], IN[3], IMM[1].yyyy\n"
            "  5: SAMPLE_I OUT[5], IN[2], SVIEW[0]\n"
            "  6: SAMPLE_I_MS OUT[6], IN[2], SVIEW[0], IMM[0].xxxx\n"
            "  7: GATHER4 OUT[7], IMM[1].zzzz, SVIEW[0], SAMP[0]\n"
            "  8: SVIEWINFO OUT[8], IMM[0].xxxx, SVIEW[0]\n"
            "  9: SAMPLE_POS OUT[9], SVIEW[0], IMM[0].xxxx\n"
            " 10: SAMPLE_INFO OUT[10], SVIEW[0]\n"
            " 11: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 0.25f, 0.25f, 0, 0);
    xt_in_f(&x, 0, 1, 0.75f, 0.25f, 0, 0);
    xt_in_u(&x, 0, 2, 1, 1, 0, 0);
    xt_in_f(&x, 0, 3, 1, 0, 0, 0);
    xt_in_f(&x, 0, 4, 0.25f, 0.75f, 0, 0);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 1, 0, 0, 1);
    xt_expect4f(&x, 0, 1, 1, 0, 1, 0); /* (0,1,0,1) read .wzyx */
    xt_expect4f(&x, 0, 2, 0.5f, 0.5f, 0.5f, 0.5f);
    xt_expect4f(&x, 0, 3, 0, 0, 0, 0); /* texel (0,1) = (0,0,1,1), red replicated */
    xt_expect4f(&x, 0, 4, 0.5f, 0.5f, 0.5f, 0.5f);
    xt_expect4f(&x, 0, 5, 1, 1, 1, 1);
    xt_expect4f(&x, 0, 6, 1, 1, 1, 1);
    xt_expect4f(&x, 0, 7, 0, 1, 0, 1);
    xt_expect4u(&x, 0, 8, 2, 2, 0, 2);
    xt_expect4f(&x, 0, 9, 0, 0, 0, 0);
    assert_int_equal(xt_out_u(&x, 0, 10, 0), 1);
    xt_free(&x);
    nvgp_texture_destroy(t);
}

/* LODQ and LOD in a fragment program: coordinates step by 1.0 (2 texels)
 * per pixel in x and y, so lambda = log2(2) = 1 (the y result).  TXB and
 * SAMPLE_B with coordinates stepping by 0.5 (1 texel: lambda = 0) and a
 * bias of 1 read level 1. */
static void test_lod_query(void **state)
{
    (void)state;
    nvgp_texture *t = make_2d();
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "DCL SVIEW[0], 2D, FLOAT\n"
            "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
            "DCL OUT[2], GENERIC[1]\n"
            "DCL OUT[3], GENERIC[2]\n"
            "DCL OUT[4], GENERIC[3]\n"
            "IMM[0] FLT32 { 1.0, 0.0, 0.0, 0.0 }\n"
            "  0: LODQ OUT[0], IN[0], SAMP[0], 2D\n"
            "  1: LOD OUT[1], IN[0], SVIEW[0], SAMP[0]\n"
            "  2: TXB OUT[2], IN[1], SAMP[0], 2D\n"
            "  3: SAMPLE_B OUT[3], IN[1], SVIEW[0], SAMP[0], IMM[0].xxxx\n"
            "  4: TEX OUT[4], IN[1], SAMP[0], 2D\n"
            "  5: END\n",
            4, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    for (uint32_t i = 0; i < 4; i++)
    for (uint32_t i = 0; i < 4; i++) {
        xt_in_f(&x, i, 0, 0.25f + (float)(i & 1), 0.25f + (float)(i >> 1), 0, 1);
        xt_in_f(&x, i, 1, 0.25f + 0.5f * (float)(i & 1), 0.25f + 0.5f * (float)(i >> 1), 0, 1);
    }
    xt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        assert_float_bits(xt_out_f(&x, i, 0, 1), 1.0f);
        assert_float_bits(xt_out_f(&x, i, 1, 1), 1.0f);
        xt_expect4f(&x, i, 2, 0.5f, 0.5f, 0.5f, 0.5f);
        xt_expect4f(&x, i, 3, 0.5f, 0.5f, 0.5f, 0.5f);
    }
    /* without the bias, level 0: lane 3 reads texel (1,1) */
    xt_expect4f(&x, 3, 4, 1, 1, 1, 1);
    xt_free(&x);
    nvgp_texture_destroy(t);
}

/* Depth comparisons: the reference from the coordinate (SHADOW2D TEX),
 * from the extra operand (SAMPLE_C, SAMPLE_C_LZ). */
static void test_shadow(void **state)
{
    (void)state;
    nvgp_texture *t = make_depth();
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..1]\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "DCL SVIEW[0], 2D, FLOAT\n"
            "IMM[0] FLT32 { 0.3, 0.2, 0.6, 0.0 }\n"
            "  0: TEX OUT[0], IN[0], SAMP[0], SHADOW2D\n"
            "  1: SAMPLE_C OUT[1], IN[1], SVIEW[0], SAMP[0], IMM[0].xxxx\n"
            "  2: SAMPLE_C_LZ OUT[2], IN[1], SVIEW[0], SAMP[0], IMM[0].yyyy\n"
            "  3: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 0.75f, 0.25f, 0.6f, 0); /* depth 0.5: 0.6 <= 0.5 fails */
    xt_in_f(&x, 0, 1, 0.25f, 0.25f, 0, 0);    /* depth 0.25 */
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 0, 0, 0, 1);
    xt_expect4f(&x, 0, 1, 0, 0, 0, 1);        /* 0.3 <= 0.25 fails */
    xt_expect4f(&x, 0, 2, 1, 1, 1, 1);        /* 0.2 <= 0.25 */
    xt_free(&x);
    nvgp_texture_destroy(t);
}

/* TEX2 / TXB2 / TXL2 take their reference, bias or lod from src1. */
static void test_cube_array_variants(void **state)
{
    (void)state;
    nvgp_texture *c = make_cube_array(false), *z = make_cube_array(true);
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..1]\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL SAMP[0..1]\n"
            "IMM[0] FLT32 { 0.0, 0.25, 0.75, 0.0 }\n"
            "  0: TXL2 OUT[0], IN[0], IMM[0].xxxx, SAMP[0], CUBEARRAY\n"
            "  1: TXB2 OUT[1], IN[1], IMM[0].xxxx, SAMP[0], CUBEARRAY\n"
            "  2: TEX2 OUT[2], IN[0], IMM[0].yyyy, SAMP[1], SHADOWCUBEARRAY\n"
            "  3: TEX2 OUT[3], IN[0], IMM[0].zzzz, SAMP[1], SHADOWCUBEARRAY\n"
            "  4: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, c), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 1, z), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 1, 0, 0, 0);  /* +X, layer 0 */
    xt_in_f(&x, 0, 1, 0, 0, -1, 0); /* -Z: face 5 */
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 0, 0, 0, 1);
    xt_expect4f(&x, 0, 1, 5, 50, 0, 1);
    assert_float_bits(xt_out_f(&x, 0, 2, 0), 1); /* 0.25 <= 0.5 */
    assert_float_bits(xt_out_f(&x, 0, 3, 0), 0); /* 0.75 <= 0.5 fails */
    xt_free(&x);
    nvgp_texture_destroy(c);
    nvgp_texture_destroy(z);
}

/* An unbound unit is an error naming it, not a crash. */
static void test_unbound(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL SAMP[3]\n"
            "  0: TEX OUT[0], IN[0], SAMP[3], 2D\n  1: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BINDING);
    assert_non_null(strstr(nvgp_exec_error(x.m), "unit 3"));
    xt_free(&x);
}

/* TXB in a vertex program: the implicit LOD is 0, so the bias alone picks
 * the level.  MIPMAP_NEAREST (GL 4.x 8.14.3): lambda = 0 + bias; level
 * ceil(lambda + 1/2) - 1 when lambda > 1/2, else level 0.  Bias 1: level 1
 * (0.5 everywhere); bias 0.4: level 0, texel (0,0) = (1,0,0,1). */
static void test_vertex_bias(void **state)
{
    (void)state;
    nvgp_texture *t = make_2d();
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..1]\n"
            "DCL OUT[0..1], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "  0: TXB OUT[0], IN[0], SAMP[0], 2D\n"
            "  1: TXB OUT[1], IN[1], SAMP[0], 2D\n"
            "  2: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 0.25f, 0.25f, 0, 1);
    xt_in_f(&x, 0, 1, 0.25f, 0.25f, 0, 0.4f);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 0.5f, 0.5f, 0.5f, 0.5f);
    xt_expect4f(&x, 0, 1, 1, 0, 0, 1);
    xt_free(&x);
    nvgp_texture_destroy(t);
}

/* A w x h RGBA32F texture whose texel (i, j) is (base + i + w j, 0, 0, 1):
 * each lookup names the texel it read.  NEAREST, CLAMP_TO_EDGE, one level. */
static nvgp_texture *make_numbered(uint32_t w, uint32_t h, float base)
{
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                            .width = w, .height = h, .depth = 1, .layers = 1, .levels = 1,
                            .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    float texels[16 * 4];
    assert_true(w * h <= 16);
    for (uint32_t j = 0; j < h; j++)
        for (uint32_t i = 0; i < w; i++) {
            float *v = &texels[4 * (j * w + i)];
            v[0] = base + (float)(i + w * j);
            v[1] = v[2] = 0;
            v[3] = 1;
        }
    assert_true(nvgp_texture_set_image(t, 0, texels, sizeof(float) * 4 * w * h, NULL));
    nvgp_tex_sampler s;
    nvgp_tex_sampler_default(&s);
    s.wrap[0] = s.wrap[1] = s.wrap[2] = NVGP_TEX_WRAP_CLAMP_TO_EDGE;
    nvgp_texture_set_sampler(t, &s);
    return t;
}

/* Texel offsets given by registers (tgsi.rst: a texture instruction's
 * offsets are registers, immediates being one kind): each lane adds its own.
 * 4x4 texture, texel (i, j) = i + 4j; the coordinate (0.125, 0.125) is
 * texel (0,0) and the gather footprint's (i0,j0) (0.125 * 4 - 0.5 = 0).
 * Lane offsets: (1,0), (0,2), (3,3), (-1,1); CLAMP_TO_EDGE clamps the
 * moved texel (GL 4.x 8.14.2: offsets are added before wrapping).
 * TG4 with one offset moves the whole footprint; TG4 with four takes texel
 * k as the (i0,j0) texel of the footprint moved by offset k (GL's
 * textureGatherOffsets, NV_gpu_program5 TXGO). */
static void test_register_offsets(void **state)
{
    (void)state;
    nvgp_texture *t = make_numbered(4, 4, 0);
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..2]\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL SAMP[0]\n"
            "DCL TEMP[0..3]\n"
            "IMM[0] INT32 { 0, 1, 2, 0 }\n"
            "  0: MOV TEMP[0], IN[1]\n"
            "  1: TEX OUT[0], IN[0], SAMP[0], 2D, TEMP[0]\n"
            "  2: TXF OUT[1], IN[2], SAMP[0], 2D, TEMP[0].xyz\n"
            "  3: MOV TEMP[1], IMM[0].xxxx\n"
            "  4: MOV TEMP[2], IMM[0].yxxx\n"
            "  5: MOV TEMP[3], IMM[0].zyxx\n"
            "  6: TG4 OUT[2], IN[0], IMM[0].xxxx, SAMP[0], 2D, TEMP[1], TEMP[2], TEMP[3], TEMP[0]\n"
            "  7: TG4 OUT[3], IN[0], IMM[0].xxxx, SAMP[0], 2D, TEMP[0]\n"
            "  8: END\n",
            4, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t), NVGP_EXEC_OK);
    static const int32_t off[4][2] = { { 1, 0 }, { 0, 2 }, { 3, 3 }, { -1, 1 } };
    for (uint32_t k = 0; k < 4; k++) {
        xt_in_f(&x, k, 0, 0.125f, 0.125f, 0, 0);
        xt_in_u(&x, k, 1, (uint32_t)off[k][0], (uint32_t)off[k][1], 0, 0);
        xt_in_u(&x, k, 2, 1, 1, 0, 0); /* TXF texel (1,1), level 0 */
    }
    xt_run(&x);
    /* TEX: (0,0) + offset: (1,0) = 1, (0,2) = 8, (3,3) = 15, (-1,1) -> (0,1) = 4 */
    xt_expect4f(&x, 0, 0, 1, 0, 0, 1);
    xt_expect4f(&x, 1, 0, 8, 0, 0, 1);
    xt_expect4f(&x, 2, 0, 15, 0, 0, 1);
    xt_expect4f(&x, 3, 0, 4, 0, 0, 1);
    /* TXF: (1,1) + offset: (2,1) = 6, (1,3) = 13; (0,2) = 8 */
    xt_expect4f(&x, 0, 1, 6, 0, 0, 1);
    xt_expect4f(&x, 1, 1, 13, 0, 0, 1);
    xt_expect4f(&x, 3, 1, 8, 0, 0, 1);
    /* four offsets (0,0), (1,0), (2,1) and the lane's: red of (0,0) = 0,
     * (1,0) = 1, (2,1) = 6, then 1 / 8 / 15 / 4 as TEX above */
    xt_expect4f(&x, 0, 2, 0, 1, 6, 1);
    xt_expect4f(&x, 1, 2, 0, 1, 6, 8);
    xt_expect4f(&x, 2, 2, 0, 1, 6, 15);
    xt_expect4f(&x, 3, 2, 0, 1, 6, 4);
    /* one offset: (i0,j1), (i1,j1), (i1,j0), (i0,j0) of the moved footprint:
     * lane 0 i 1..2, j 0..1: 5, 6, 2, 1; lane 1 i 0..1, j 2..3: 12, 13, 9, 8;
     * lane 2 i 3..4 -> 3, j 3..4 -> 3: 15 four times; lane 3 i -1..0 -> 0,
     * j 1..2: 8, 8, 4, 4 */
    xt_expect4f(&x, 0, 3, 5, 6, 2, 1);
    xt_expect4f(&x, 1, 3, 12, 13, 9, 8);
    xt_expect4f(&x, 2, 3, 15, 15, 15, 15);
    xt_expect4f(&x, 3, 3, 8, 8, 4, 4);
    xt_free(&x);
    nvgp_texture_destroy(t);
}

/* Samplers and views indexed by a register (SAMP[ADDR[0].x], tgsi.rst's
 * indirect addressing within a declared array): each lane reads the unit
 * its index names.  Unit 0: 4x4, texel (0,0) red 0; unit 1: 2x2, texel
 * (0,0) red 100.  Indices 2 and -1 lie outside SAMP[0..1] / SVIEW[0..1]:
 * (0,0,0,0) and one fault per lane and instruction. */
static void test_indexed_units(void **state)
{
    (void)state;
    nvgp_texture *t0 = make_numbered(4, 4, 0), *t1 = make_numbered(2, 2, 100);
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0..1]\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL SAMP[0..1]\n"
            "DCL SVIEW[0..1], 2D, FLOAT\n"
            "DCL ADDR[0]\n"
            "  0: UARL ADDR[0].x, IN[1].xxxx\n"
            "  1: TEX OUT[0], IN[0], SAMP[ADDR[0].x], 2D\n"
            "  2: SAMPLE OUT[1], IN[0], SVIEW[ADDR[0].x], SAMP[0]\n"
            "  3: TXQ OUT[2], IN[1].yyyy, SAMP[ADDR[0].x], 2D\n"
            "  4: TXF OUT[3], IN[1].yyyy, SAMP[ADDR[0].x-1], 2D\n"
            "  5: END\n",
            4, 1);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 0, t0), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_bind_texture(x.m, 1, t1), NVGP_EXEC_OK);
    static const int32_t unit[4] = { 0, 1, 2, -1 };
    for (uint32_t k = 0; k < 4; k++) {
        xt_in_f(&x, k, 0, 0.125f, 0.125f, 0, 0);
        xt_in_u(&x, k, 1, (uint32_t)unit[k], 0, 0, 0);
    }
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 0, 0, 0, 1);
    xt_expect4f(&x, 1, 0, 100, 0, 0, 1);
    xt_expect4u(&x, 2, 0, 0, 0, 0, 0);
    xt_expect4u(&x, 3, 0, 0, 0, 0, 0);
    xt_expect4f(&x, 0, 1, 0, 0, 0, 1);
    xt_expect4f(&x, 1, 1, 100, 0, 0, 1);
    xt_expect4u(&x, 2, 1, 0, 0, 0, 0);
    /* TXQ lod 0: width, height of each lane's unit, one level */
    assert_int_equal(xt_out_u(&x, 0, 2, 0), 4);
    assert_int_equal(xt_out_u(&x, 0, 2, 1), 4);
    assert_int_equal(xt_out_u(&x, 0, 2, 3), 1);
    assert_int_equal(xt_out_u(&x, 1, 2, 0), 2);
    assert_int_equal(xt_out_u(&x, 1, 2, 1), 2);
    xt_expect4u(&x, 3, 2, 0, 0, 0, 0);
    /* ADDR - 1: lane 1 fetches texel (0,0) of unit 0, lane 2 of unit 1,
     * lanes 0 and 3 (-1, -2) nothing */
    xt_expect4u(&x, 0, 3, 0, 0, 0, 0);
    xt_expect4f(&x, 1, 3, 0, 0, 0, 1);
    xt_expect4f(&x, 2, 3, 100, 0, 0, 1);
    xt_expect4u(&x, 3, 3, 0, 0, 0, 0);
    /* two lanes outside in each of the four instructions */
    assert_int_equal(nvgp_exec_faults(x.m), 8);
    xt_free(&x);
    nvgp_texture_destroy(t0);
    nvgp_texture_destroy(t1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertex_bias),
        cmocka_unit_test(test_tex_family),
        cmocka_unit_test(test_sample_family),
        cmocka_unit_test(test_lod_query),
        cmocka_unit_test(test_shadow),
        cmocka_unit_test(test_cube_array_variants),
        cmocka_unit_test(test_unbound),
        cmocka_unit_test(test_register_offsets),
        cmocka_unit_test(test_indexed_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
