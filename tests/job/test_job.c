/* Job files (tools/job.c): every feature parses to the expected struct,
 * every kind of bad field gives an error naming that field, numbers and
 * their special spellings parse to exact bits, and results print exactly.
 * Expected bits are IEEE-754 encodings worked out by hand; expected texts
 * are written out in full. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "job.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static nvgp_job *parse(const char *text)
{
    char *err = NULL;
    nvgp_job *job = nvgp_job_parse(text, strlen(text), "job.json", "jobs", &err);
    if (!job)
        fprintf(stderr, "unexpected error: %s\n", err);
    assert_non_null(job);
    assert_null(err);
    return job;
}

/* The message of a job that must fail. */
static void expect_error(const char *text, const char *message)
{
    char *err = NULL;
    nvgp_job *job = nvgp_job_parse(text, strlen(text), "job.json", NULL, &err);
    assert_null(job);
    assert_non_null(err);
    if (strcmp(err, message))
        fprintf(stderr, "got:      %s\nexpected: %s\n", err, message);
    assert_string_equal(err, message);
    free(err);
}

static const nvgp_job_binding *binding(const nvgp_job_binding *b, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(b[i].name, name))
            return &b[i];
    fail_msg("no binding %s", name);
    return NULL;
}

/* ---- Valid jobs ------------------------------------------------------------------ */

static void test_full_job(void **state)
{
    (void)state;
    nvgp_job *job = parse(
        "{ \"program\": \"prog.vp\", \"invocations\": 4, \"vertices\": 3,\n"
        "  \"inputs\": { \"v[OPOS]\": [[0,0,0,1], [1,0,0,1], [0,1,0,1], [1,1,0,1]],\n"
        "              \"vertex.attrib[3]\": [1, 2, 3, 4],\n"
        "              \"IN[1]\": {\"u32\": [1, 2, 3, 4294967295]},\n"
        "              \"IN[2]\": {\"f64\": [0.5, -2]} },\n"
        "  \"params\": { \"c[0]\": [1, 0, 0, 0], \"CONST[1][2]\": [[1,2,3,4],[5,6,7,8]] },\n"
        "  \"buffers\": { \"0\": { \"u32\": [1, 2, 3, 4] }, \"7\": { \"size\": 8 } },\n"
        "  \"memory\": [ { \"address\": 4096, \"u32\": [0, 0, 0, 0] },\n"
        "              { \"address\": \"0x2000\", \"u8\": [1, 255], \"size\": 4 } ],\n"
        "  \"textures\": { \"0\": { \"target\": \"2D\", \"width\": 2, \"height\": 2,\n"
        "                         \"format\": \"rgba32f\", \"filter\": \"nearest\",\n"
        "                         \"wrap\": \"repeat\",\n"
        "                         \"texels\": [[1,0,0,1], [0,1,0,1], [0,0,1,1], [1,1,1,1]] } },\n"
        "  \"helpers\": [3],\n"
        "  \"outputs\": { \"o[HPOS]\": \"f32\", \"result.attrib[0]\": \"u32\", \"x\": \"hex\",\n"
        "               \"d\": \"f64\" },\n"
        "  \"compute\": { \"grid\": [2, 1, 1], \"block\": [8, 4, 1], \"shared_size\": 1024 },\n"
        "  \"budget\": 5000, \"threads\": 2, \"comment\": \"anything\" }\n");
    assert_string_equal(job->program_path, "jobs/prog.vp");
    assert_null(job->program_text);
    assert_int_equal(job->invocations, 4);
    assert_int_equal(job->vertices, 3);
    assert_int_equal(job->budget, 5000);
    assert_int_equal(job->threads, 2);
    assert_true(job->has_grid && job->has_block);
    assert_int_equal(job->grid[0], 2);
    assert_int_equal(job->block[1], 4);
    assert_int_equal(job->shared_size, 1024);
    assert_int_equal(job->private_size, 0);

    assert_int_equal(job->num_inputs, 4);
    const nvgp_job_binding *b = binding(job->inputs, job->num_inputs, "v[OPOS]");
    assert_true(b->list);
    assert_int_equal(b->count, 4);
    assert_int_equal(b->values[1][0], 0x3f800000);   /* 1.0f */
    assert_int_equal(b->values[3][3], 0x3f800000);
    assert_int_equal(b->values[2][0], 0);
    b = binding(job->inputs, job->num_inputs, "vertex.attrib[3]");
    assert_false(b->list);
    assert_int_equal(b->count, 1);
    assert_int_equal(b->values[0][3], 0x40800000);   /* 4.0f */
    b = binding(job->inputs, job->num_inputs, "IN[1]");
    assert_int_equal(b->values[0][2], 3);
    assert_int_equal(b->values[0][3], 0xffffffffu);
    b = binding(job->inputs, job->num_inputs, "IN[2]");
    /* 0.5 = 0x3fe0000000000000, -2 = 0xc000000000000000, low word first */
    assert_int_equal(b->values[0][0], 0);
    assert_int_equal(b->values[0][1], 0x3fe00000);
    assert_int_equal(b->values[0][2], 0);
    assert_int_equal(b->values[0][3], 0xc0000000u);

    b = binding(job->params, job->num_params, "CONST[1][2]");
    assert_true(b->list);
    assert_int_equal(b->count, 2);
    assert_int_equal(b->values[1][3], 0x41000000);   /* 8.0f */

    assert_int_equal(job->num_buffers, 2);
    assert_int_equal(job->buffers[0].address, 0);
    assert_int_equal(job->buffers[0].type, NVGP_JOB_U32);
    assert_int_equal(job->buffers[0].bytes, 16);
    assert_int_equal(job->buffers[0].data[4], 2);    /* little-endian */
    assert_int_equal(job->buffers[1].address, 7);
    assert_int_equal(job->buffers[1].bytes, 8);
    assert_int_equal(job->buffers[1].data[7], 0);

    assert_int_equal(job->num_memory, 2);
    assert_int_equal(job->memory[0].address, 4096);
    assert_int_equal(job->memory[0].bytes, 16);
    assert_int_equal(job->memory[1].address, 0x2000);
    assert_int_equal(job->memory[1].type, NVGP_JOB_U8);
    assert_int_equal(job->memory[1].bytes, 4);
    assert_int_equal(job->memory[1].data[1], 255);
    assert_int_equal(job->memory[1].data[3], 0);

    assert_int_equal(job->num_textures, 1);
    const nvgp_job_texture *t = &job->textures[0];
    assert_int_equal(t->unit, 0);
    assert_int_equal(t->desc.target, NVGP_TEXTURE_2D);
    assert_int_equal(t->desc.width, 2);
    assert_int_equal(t->desc.height, 2);
    assert_int_equal(t->desc.levels, 1);
    assert_int_equal(t->levels_given, 1);
    assert_int_equal(t->level_bytes[0], 64);
    float texel[4];
    memcpy(texel, (const char *)t->level_data[0] + 16, 16);
    assert_true(texel[0] == 0.0f && texel[1] == 1.0f && texel[3] == 1.0f);
    assert_non_null(nvgp_job_texture_object(job, 0));
    assert_null(nvgp_job_texture_object(job, 1));

    assert_int_equal(job->num_helpers, 1);
    assert_int_equal(job->helpers[0], 3);
    assert_true(job->outputs_given);
    assert_int_equal(job->num_outputs, 4);
    assert_string_equal(job->outputs[1].name, "result.attrib[0]");
    assert_int_equal(job->outputs[1].type, NVGP_JOB_U32);
    assert_int_equal(job->outputs[2].type, NVGP_JOB_HEX);
    assert_int_equal(job->outputs[3].type, NVGP_JOB_F64);
    nvgp_job_destroy(job);
}

static void test_minimal_and_text_program(void **state)
{
    (void)state;
    nvgp_job *job = parse("{\"program\": {\"text\": \"FRAG\\nEND\\n\"}}");
    assert_null(job->program_path);
    assert_int_equal(job->program_length, 9);
    assert_memory_equal(job->program_text, "FRAG\nEND\n", 9);
    assert_int_equal(job->invocations, 1);
    assert_false(job->outputs_given);
    assert_int_equal(job->num_inputs + job->num_params + job->num_textures, 0);
    assert_false(job->has_grid);
    nvgp_job_destroy(job);
    /* Outputs as a list of names: f32 each. */
    job = parse("{\"program\": \"/abs/p.fp\", \"outputs\": [\"OUT[0]\", \"OUT[1]\"]}");
    assert_string_equal(job->program_path, "/abs/p.fp");
    assert_int_equal(job->num_outputs, 2);
    assert_int_equal(job->outputs[1].type, NVGP_JOB_F32);
    nvgp_job_destroy(job);
}

static void test_textures(void **state)
{
    (void)state;
    nvgp_job *job = parse(
        "{\"program\": \"p\", \"textures\": {\n"
        " \"3\": {\"target\": \"SHADOWCUBE\", \"width\": 1, \"height\": 1, \"format\": \"depth16\",\n"
        "       \"compare\": \"gequal\", \"depth_mode\": \"red\", \"seamless\": true,\n"
        "       \"texels\": [0, 1, 0.5, [0.25], \"0x3f800000\", 0]},\n"
        " \"1\": {\"target\": \"2D\", \"width\": 4, \"height\": 2, \"levels\": 0,\n"
        "       \"format\": \"rgba8\", \"min_filter\": \"linear_mipmap_nearest\",\n"
        "       \"mag_filter\": \"linear\", \"wrap_s\": \"mirrored_repeat\", \"wrap\": \"clamp\",\n"
        "       \"wrap_t\": \"clamp_to_border\", \"border\": [0, 0.5, \"inf\", 1],\n"
        "       \"min_lod\": -2, \"max_lod\": 8.5, \"lod_bias\": 0.25, \"base_level\": 1,\n"
        "       \"max_level\": 2, \"swizzle\": \"bgr1\",\n"
        "       \"texels\": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,1,1],\n"
        "                   [0,0,0,0],[0,0,0,0],[0,0,0,0],[0.2,0.5,0.7,1]],\n"
        "       \"mipmaps\": [[[1,1,1,1],[0,0,0,0]]]},\n"
        " \"2\": {\"target\": \"ARRAY2D\", \"width\": 2, \"height\": 1, \"layers\": 2,\n"
        "       \"format\": \"rgba32i\", \"border\": [-1, 2, 3, 4],\n"
        "       \"texels\": [[-1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,\"0xffffffff\"]]},\n"
        " \"4\": {\"target\": \"BUFFER\", \"width\": 3, \"format\": \"r32ui\", \"texels\": [1,2,3]},\n"
        " \"5\": {\"target\": \"2DMS\", \"width\": 1, \"height\": 1, \"samples\": 2,\n"
        "       \"format\": \"r32f\", \"texels\": [0.5, 1.5]}\n"
        "}}");
    assert_int_equal(job->num_textures, 5);
    const nvgp_job_texture *t = &job->textures[0];
    assert_int_equal(t->unit, 3);
    assert_int_equal(t->desc.target, NVGP_TEXTURE_SHADOWCUBE);
    assert_int_equal(t->desc.layers, 6);
    assert_int_equal(t->sampler.compare_func, NVGP_TEX_COMPARE_GEQUAL);
    assert_int_equal(t->sampler.depth_mode, NVGP_TEX_DEPTH_RED);
    assert_true(t->sampler.seamless_cube);
    /* depth16: round(x * 65535): 0, 65535, 32768 (32767.5 rounds up), 16384 (16383.75) */
    const uint16_t *d16 = t->level_data[0];
    assert_int_equal(d16[0], 0);
    assert_int_equal(d16[1], 65535);
    assert_int_equal(d16[2], 32768);
    assert_int_equal(d16[3], 16384);
    assert_int_equal(d16[4], 65535);

    t = &job->textures[1];
    assert_int_equal(t->unit, 1);
    assert_int_equal(t->desc.levels, 3);   /* 4x2, 2x1, 1x1 */
    assert_int_equal(t->levels_given, 2);
    assert_int_equal(t->sampler.min_filter, NVGP_TEX_FILTER_LINEAR);
    assert_int_equal(t->sampler.mip_filter, NVGP_TEX_MIP_NEAREST);
    assert_int_equal(t->sampler.mag_filter, NVGP_TEX_FILTER_LINEAR);
    /* "wrap" sets all three, then wrap_s / wrap_t override, whatever the order. */
    assert_int_equal(t->sampler.wrap[0], NVGP_TEX_WRAP_MIRRORED_REPEAT);
    assert_int_equal(t->sampler.wrap[1], NVGP_TEX_WRAP_CLAMP_TO_BORDER);
    assert_int_equal(t->sampler.wrap[2], NVGP_TEX_WRAP_CLAMP);
    assert_int_equal(t->sampler.border[1], 0x3f000000);
    assert_int_equal(t->sampler.border[2], 0x7f800000);
    assert_true(t->sampler.min_lod == -2.0f && t->sampler.max_lod == 8.5f);
    assert_true(t->sampler.lod_bias == 0.25f);
    assert_int_equal(t->sampler.base_level, 1);
    assert_int_equal(t->sampler.max_level, 2);
    assert_int_equal(t->sampler.swizzle[0], NVGP_TEX_SWIZZLE_B);
    assert_int_equal(t->sampler.swizzle[3], NVGP_TEX_SWIZZLE_ONE);
    /* rgba8: round(x * 255) of the float x: 0.2f -> 51, 0.5 -> 128 (127.5 rounds
     * up), 0.7f = 0.69999998807907 -> 178.49999696 -> 178 */
    const uint8_t *b8 = t->level_data[0];
    assert_int_equal(b8[0], 255);
    assert_int_equal(b8[7 * 4 + 0], 51);
    assert_int_equal(b8[7 * 4 + 1], 128);
    assert_int_equal(b8[7 * 4 + 2], 178);
    assert_int_equal(t->level_bytes[1], 8);
    assert_null(t->level_data[2]);

    t = &job->textures[2];
    assert_int_equal(t->desc.layers, 2);
    assert_int_equal(t->sampler.border[0], 0xffffffffu);
    const int32_t *i32 = t->level_data[0];
    assert_int_equal(i32[0], -1);
    assert_int_equal(i32[15], -1);   /* 0xffffffff raw */
    assert_int_equal(i32[12], 13);

    t = &job->textures[3];
    assert_int_equal(t->desc.target, NVGP_TEXTURE_BUFFER);
    assert_int_equal(((const uint32_t *)t->level_data[0])[2], 3);
    t = &job->textures[4];
    assert_int_equal(t->desc.samples, 2);
    assert_true(((const float *)t->level_data[0])[1] == 1.5f);
    nvgp_job_destroy(job);
}

static void test_generated_mipmaps(void **state)
{
    (void)state;
    nvgp_job *job = parse(
        "{\"program\": \"p\", \"textures\": {\n"
        " \"0\": {\"target\": \"2D\", \"width\": 4, \"height\": 2, \"format\": \"r32f\",\n"
        "       \"texels\": [0, 1, 2, 3, 4, 5, 6, 7], \"mipmaps\": \"generate\"},\n"
        " \"1\": {\"target\": \"1D\", \"width\": 2, \"format\": \"rgba8\",\n"
        "       \"texels\": [[0, 1, 0.2, 1], [1, 1, 0.6, 0]], \"mipmaps\": \"generate\"},\n"
        " \"2\": {\"target\": \"3D\", \"width\": 2, \"height\": 2, \"depth\": 2,\n"
        "       \"format\": \"r32f\", \"texels\": [0, 1, 2, 3, 4, 5, 6, 7],\n"
        "       \"mipmaps\": \"generate\"},\n"
        " \"3\": {\"target\": \"1D\", \"width\": 3, \"format\": \"r32f\",\n"
        "       \"texels\": [1, 2, 9], \"mipmaps\": \"generate\"},\n"
        " \"4\": {\"target\": \"2D\", \"width\": 4, \"height\": 4, \"levels\": 2,\n"
        "       \"texels\": [[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],\n"
        "                   [1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],[1,1,1,1],\n"
        "                   [1,1,1,1],[1,1,1,1],[1,1,1,1],[3,1,1,1]],\n"
        "       \"mipmaps\": \"generate\"}}}");
    /* 4x2 -> 2x1: (0+1+4+5)/4 = 2.5, (2+3+6+7)/4 = 4.5 -> 1x1: 3.5. */
    const nvgp_job_texture *t = &job->textures[0];
    assert_int_equal(t->desc.levels, 3);
    assert_int_equal(t->levels_given, 3);
    const float *f1 = t->level_data[1], *f2 = t->level_data[2];
    assert_true(f1[0] == 2.5f && f1[1] == 4.5f && f2[0] == 3.5f);
    /* rgba8 (0, 255, 51, 255) and (255, 255, 153, 0): means 127.5 -> 128 (0.5 of
     * 255 rounds up), 255, 102, 127.5 -> 128. */
    t = &job->textures[1];
    const uint8_t *b = t->level_data[1];
    assert_int_equal(t->desc.levels, 2);
    assert_int_equal(b[0], 128);
    assert_int_equal(b[1], 255);
    assert_int_equal(b[2], 102);
    assert_int_equal(b[3], 128);
    /* 2x2x2 -> 1x1x1: the mean of 0..7. */
    t = &job->textures[2];
    assert_true(((const float *)t->level_data[1])[0] == 3.5f);
    /* Width 3 -> 1: texels 0 and 1; the odd last one is left out. */
    t = &job->textures[3];
    assert_int_equal(t->desc.levels, 2);
    assert_true(((const float *)t->level_data[1])[0] == 1.5f);
    /* "levels": 2 stops the chain; the 2x2 block with a 3 in it means 1.5. */
    t = &job->textures[4];
    assert_int_equal(t->desc.levels, 2);
    const float *g = t->level_data[1];
    assert_true(g[0] == 1.0f && g[3 * 4] == 1.5f && g[3 * 4 + 1] == 1.0f);
    assert_null(t->level_data[2]);
    nvgp_job_destroy(job);
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"mipmaps\": \"generate\"}}}",
                 "job.json: textures[\"0\"].mipmaps: \"generate\" needs the level 0 \"texels\"");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"format\": \"r32ui\", \"texels\": [1], \"mipmaps\": \"generate\"}}}",
                 "job.json: textures[\"0\"].mipmaps: integer formats have no generated mipmaps");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"texels\": [[1,1,1,1]], \"mipmaps\": \"make\"}}}",
                 "job.json: textures[\"0\"].mipmaps: expected a list of texel lists, one per "
                 "level from 1, or \"generate\", got a string");
}

/* ---- Numbers ----------------------------------------------------------------------- */

/* The raw words of params["p"] for a one-vec4 job with the given body. */
static void vec4_bits(const char *vec, uint32_t out[4])
{
    char text[512];
    snprintf(text, sizeof text, "{\"program\": \"x\", \"params\": {\"p\": %s}}", vec);
    nvgp_job *job = parse(text);
    memcpy(out, job->params[0].values[0], 16);
    nvgp_job_destroy(job);
}

static void test_numbers(void **state)
{
    (void)state;
    uint32_t w[4];
    vec4_bits("[\"inf\", \"-inf\", \"nan\", \"0x7fc00001\"]", w);
    assert_int_equal(w[0], 0x7f800000);
    assert_int_equal(w[1], 0xff800000u);
    assert_true((w[2] & 0x7f800000) == 0x7f800000 && (w[2] & 0x7fffff) != 0);
    assert_int_equal(w[3], 0x7fc00001);
    /* 0.1 rounds once to 0x3dcccccd; 16777217 to 16777216 (even); 1e-45 is
     * the smallest denormal; -0.0 keeps its sign. */
    vec4_bits("[0.1, 16777217, 1e-45, -0.0]", w);
    assert_int_equal(w[0], 0x3dcccccd);
    assert_int_equal(w[1], 0x4b800000);
    assert_int_equal(w[2], 0x00000001);
    assert_int_equal(w[3], 0x80000000u);
    /* 3.4028235e38 is FLT_MAX; 1.17549435e-38 FLT_MIN; "-INF" any case; "+inf". */
    vec4_bits("[3.4028235e38, 1.17549435e-38, \"-INF\", \"+inf\"]", w);
    assert_int_equal(w[0], 0x7f7fffff);
    assert_int_equal(w[1], 0x00800000);
    assert_int_equal(w[2], 0xff800000u);
    assert_int_equal(w[3], 0x7f800000);
    vec4_bits("{\"u32\": [0, 4294967295, \"0xdeadbeef\", 7]}", w);
    assert_int_equal(w[1], 0xffffffffu);
    assert_int_equal(w[2], 0xdeadbeefu);
    vec4_bits("{\"s32\": [-2147483648, 2147483647, -1, \"0x80000000\"]}", w);
    assert_int_equal(w[0], 0x80000000u);
    assert_int_equal(w[1], 0x7fffffff);
    assert_int_equal(w[2], 0xffffffffu);
    assert_int_equal(w[3], 0x80000000u);
    vec4_bits("{\"hex\": [\"0x1\", 2, \"0xFFFFFFFF\", \"0x0\"]}", w);
    assert_int_equal(w[0], 1);
    assert_int_equal(w[2], 0xffffffffu);
    /* f64 0.1 = 0x3fb999999999999a; "-inf" = 0xfff0000000000000. */
    vec4_bits("{\"f64\": [0.1, \"-inf\"]}", w);
    assert_int_equal(w[0], 0x9999999a);
    assert_int_equal(w[1], 0x3fb99999);
    assert_int_equal(w[2], 0);
    assert_int_equal(w[3], 0xfff00000u);
    vec4_bits("{\"u64\": [18446744073709551615, \"0x123456789abcdef0\"]}", w);
    assert_int_equal(w[0], 0xffffffffu);
    assert_int_equal(w[1], 0xffffffffu);
    assert_int_equal(w[2], 0x9abcdef0u);
    assert_int_equal(w[3], 0x12345678);
    vec4_bits("{\"s64\": [-9223372036854775808, -2]}", w);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[1], 0x80000000u);
    assert_int_equal(w[2], 0xfffffffeu);
    assert_int_equal(w[3], 0xffffffffu);

    /* Narrow memory types, little-endian. */
    nvgp_job *job = parse("{\"program\": \"x\", \"memory\": ["
                          "{\"address\": 0, \"s8\": [-128, 127]},"
                          "{\"address\": 16, \"u16\": [65535, \"0x1234\"]},"
                          "{\"address\": 32, \"s16\": [-32768]},"
                          "{\"address\": 48, \"hex64\": [\"0x0102030405060708\"]}]}");
    assert_int_equal(job->memory[0].data[0], 0x80);
    assert_int_equal(job->memory[0].data[1], 0x7f);
    assert_int_equal(job->memory[1].data[2], 0x34);
    assert_int_equal(job->memory[1].data[3], 0x12);
    assert_int_equal(job->memory[2].data[1], 0x80);
    assert_int_equal(job->memory[3].data[0], 0x08);
    assert_int_equal(job->memory[3].data[7], 0x01);
    nvgp_job_destroy(job);
}

/* Integers written out beyond 64 bits: a float field reads the number as
 * written (json-c alone clamps it to 2^64-1, which reads as 1.8e19), an
 * integer field refuses it, quoting it as written. */
static void test_numbers_beyond_64_bits(void **state)
{
    (void)state;
    uint32_t w[4];
    /* 10^20 is 1e20: f32 0x60ad78ec; -3*10^19 as f64 0xc3fa055690d9db80 */
    vec4_bits("[100000000000000000000, 0, 0, 0]", w);
    assert_int_equal(w[0], 0x60ad78ecu);
    vec4_bits("{\"f64\": [100000000000000000000, -30000000000000000000]}", w);
    assert_int_equal(w[0], 0x78b58c40u);
    assert_int_equal(w[1], 0x4415af1du);
    assert_int_equal(w[2], 0x90d9db80u);
    assert_int_equal(w[3], 0xc3fa0556u);
    /* the largest values that fit are still taken */
    vec4_bits("{\"u64\": [18446744073709551615, 0]}", w);
    assert_int_equal(w[0], 0xffffffffu);
    assert_int_equal(w[1], 0xffffffffu);
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"u64\": "
                 "[18446744073709551616, 0]}}}",
                 "job.json: params[\"c[0]\"].u64[0]: 18446744073709551616 is out of range "
                 "for u64");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"s64\": "
                 "[0, -9223372036854775809]}}}",
                 "job.json: params[\"c[0]\"].s64[1]: -9223372036854775809 is out of range "
                 "for s64");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"s64\": "
                 "[9223372036854775808, 0]}}}",
                 "job.json: params[\"c[0]\"].s64[0]: 9223372036854775808 is out of range "
                 "for s64");
    expect_error("{\"program\": \"p\", \"budget\": 18446744073709551616}",
                 "job.json: budget: 18446744073709551616 is out of range for u64");
    expect_error("{\"program\": \"p\", \"memory\": [{\"address\": 99999999999999999999999, "
                 "\"size\": 4}]}",
                 "job.json: memory[0].address: 99999999999999999999999 is out of range for u64");
    expect_error("{\"program\": \"p\", \"buffers\": {\"0\": {\"u32\": [1, "
                 "-99999999999999999999]}}}",
                 "job.json: buffers[\"0\"].u32[1]: -99999999999999999999 is out of range "
                 "for u32");
}

/* A key given twice in one object is an error naming the second one (json-c
 * alone keeps the last); so is a name listed twice in "outputs". */
static void test_repeated_keys(void **state)
{
    (void)state;
    expect_error("{\"program\": \"p\", \"budget\": 5, \"budget\": 6}",
                 "job.json: budget: given twice (each key appears once in an object)");
    expect_error("{\"program\": \"p\", \"outputs\": {\"OUT[0]\": \"f32\", \"OUT[1]\": "
                 "\"f32\", \"OUT[0]\": \"u32\"}}",
                 "job.json: outputs[\"OUT[0]\"]: given twice (each key appears once in an "
                 "object)");
    /* "\u0030" is "0" */
    expect_error("{\"program\": \"p\", \"buffers\": {\"0\": {\"u32\": [1]}, "
                 "\"\\u0030\": {\"u32\": [2]}}}",
                 "job.json: buffers[\"0\"]: given twice (each key appears once in an object)");
    expect_error("{\"program\": \"p\", \"memory\": [{\"address\": 0, \"u32\": [1], "
                 "\"address\": 8}]}",
                 "job.json: memory[0].address: given twice (each key appears once in an "
                 "object)");
    /* the first repeat in the text is the one named */
    expect_error("{\"program\": \"p\", \"b\": 1, \"a\": 1, \"a\": 2, \"b\": 2}",
                 "job.json: a: given twice (each key appears once in an object)");
    expect_error("{\"program\": \"p\", \"outputs\": [\"OUT[1]\", \"OUT[0]\", \"OUT[1]\"]}",
                 "job.json: outputs[2]: \"OUT[1]\" is listed twice");
    /* a job's text is UTF-8: a stray byte is an error, so that every key
     * and string quoted back in a message or a result is UTF-8 too; the
     * 0xff is byte 29, after the 29 bytes {"program": "p", "comment": " */
    expect_error("{\"program\": \"p\", \"comment\": \"\xff\"}",
                 "job.json: invalid JSON at byte 29: invalid utf-8 string");
    /* "0" and "00" name one texture unit */
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\"}, "
                 "\"00\": {\"target\": \"2D\"}}}",
                 "job.json: textures[\"00\"]: texture unit 0 is given twice");
    /* control characters in keys and strings are shown escaped */
    expect_error("{\"program\": \"p\", \"params\": {\"a\\u0007b\\u001b\": [1, 2, 3]}}",
                 "job.json: params[\"a\\x07b\\x1b\"]: expected 4 numbers, got 3");
    /* ... and a repeated key with one, DEL and a quote the same way */
    expect_error("{\"program\": \"p\", \"params\": {\"a\\u0001\\u007f\\\"\": [1, 2, 3, 4], "
                 "\"a\\u0001\\u007f\\\"\": [1, 2, 3, 4]}}",
                 "job.json: params[\"a\\x01\\x7f\\\"\"]: given twice (each key appears once "
                 "in an object)");
    /* a NUL in a key is refused: json-c would read "c[0]\u0000x" as "c[0]" */
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\\u0000x\": [1, 2, 3, 4]}}",
                 "job.json: params[\"c[0]\\x00x\"]: a key holds a NUL (\\u0000)");
    /* an integer beyond 64 bits under a key with a control character is
     * still found by its field path (shown escaped, looked up raw) */
    expect_error("{\"program\": \"p\", \"params\": {\"c\\u0001\": {\"u64\": "
                 "[18446744073709551616, 0]}}}",
                 "job.json: params[\"c\\x01\"].u64[0]: 18446744073709551616 is out of range "
                 "for u64");
    /* the same key in different objects is fine */
    nvgp_job *job = parse("{\"program\": \"p\", \"params\": {\"x\": {\"u32\": [1,2,3,4]}, "
                          "\"y\": {\"u32\": [1,2,3,4]}}}");
    nvgp_job_destroy(job);
}

/* Sizes whose products pass the limits (docs/job-format.md "Limits"),
 * 0 for budget and threads, and data beyond the job's total. */
static void test_limits(void **state)
{
    (void)state;
    /* 2^24 * 2^24 * 2^16 wraps to 0 in 64 bits */
    expect_error("{\"program\": \"p\", \"compute\": {\"grid\": [16777216, 16777216, "
                 "65536]}}",
                 "job.json: compute.grid: more than 16777216 threads in all (grid x block)");
    expect_error("{\"program\": \"p\", \"compute\": {\"grid\": [4096, 4096, 1], "
                 "\"block\": [2, 1, 1]}}",
                 "job.json: compute.grid: more than 16777216 threads in all (grid x block)");
    expect_error("{\"program\": \"p\", \"compute\": {\"block\": [1024, 2, 1]}}",
                 "job.json: compute.block: 2048 threads in a work group, more than 1024");
    nvgp_job *job = parse("{\"program\": \"p\", \"compute\": {\"grid\": [4096, 4096, 1], "
                          "\"block\": [1, 1, 1]}}");
    nvgp_job_destroy(job);
    job = parse("{\"program\": \"p\", \"compute\": {\"grid\": [16384, 1, 1], "
                "\"block\": [1024, 1, 1]}}");
    nvgp_job_destroy(job);
    expect_error("{\"program\": \"p\", \"invocations\": 16777217}",
                 "job.json: invocations: 16777217 is larger than 16777216");
    expect_error("{\"program\": \"p\", \"budget\": 0}",
                 "job.json: budget: at least 1 instruction (leave \"budget\" out for the "
                 "default)");
    expect_error("{\"program\": \"p\", \"threads\": 0}",
                 "job.json: threads: at least 1 thread (leave \"threads\" out for the "
                 "default)");
    /* 1 GiB of data in all: two buffers of 2^29 bytes fit, a third byte not */
    job = parse("{\"program\": \"p\", \"buffers\": {\"0\": {\"size\": 536870912}, "
                "\"1\": {\"size\": 536870912}}}");
    nvgp_job_destroy(job);
    expect_error("{\"program\": \"p\", \"buffers\": {\"0\": {\"size\": 536870912}, "
                 "\"1\": {\"size\": 536870912}}, \"memory\": [{\"address\": 0, "
                 "\"size\": 1}]}",
                 "job.json: memory[0]: more than 1073741824 bytes of buffers, memory and "
                 "images in one job");
}

/* Each limit of docs/job-format.md "Limits" at its value (accepted) and one
 * past it (an error naming the field). */
static void test_limits_table(void **state)
{
    (void)state;
    static const struct {
        const char *ok, *past, *message;
    } rows[] = {
        { "\"invocations\": 16777216", "\"invocations\": 16777217",
          "job.json: invocations: 16777217 is larger than 16777216" },
        { "\"vertices\": 32", "\"vertices\": 33", "job.json: vertices: 33 is larger than 32" },
        { "\"threads\": 256", "\"threads\": 257", "job.json: threads: 257 is larger than 256" },
        { "\"budget\": 18446744073709551615", "\"budget\": 18446744073709551616",
          "job.json: budget: 18446744073709551616 is out of range for u64" },
        { "\"compute\": {\"block\": [1024, 1, 1]}", "\"compute\": {\"block\": [1025, 1, 1]}",
          "job.json: compute.block: 1025 threads in a work group, more than 1024" },
        { "\"compute\": {\"grid\": [16384, 1, 1], \"block\": [1024, 1, 1]}",
          "\"compute\": {\"grid\": [16385, 1, 1], \"block\": [1024, 1, 1]}",
          "job.json: compute.grid: more than 16777216 threads in all (grid x block)" },
        { "\"compute\": {\"grid\": [16777216, 1, 1]}", "\"compute\": {\"grid\": [16777217, 1, 1]}",
          "job.json: compute.grid[0]: 16777217 is larger than 16777216" },
        { "\"buffers\": {\"1023\": {\"size\": 4}}", "\"buffers\": {\"1024\": {\"size\": 4}}",
          "job.json: buffers[\"1024\"]: a buffer binding point is a number 0..1023 or a binding "
          "name" },
        { "\"buffers\": {\"0\": {\"size\": 1073741824}}",
          "\"buffers\": {\"0\": {\"size\": 1073741825}}",
          "job.json: buffers[\"0\"].size: 1073741825 is larger than 1073741824" },
        { "\"images\": {\"0\": {\"format\": \"R32_UINT\", \"size\": [4096, 4096]}}",
          "\"images\": {\"0\": {\"format\": \"R32_UINT\", \"size\": [4096, 4097]}}",
          "job.json: images[\"0\"].size: more than 2^24 texels" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "{\"program\": \"p\", %s}", rows[i].ok);
        nvgp_job_destroy(parse(text));
        snprintf(text, sizeof text, "{\"program\": \"p\", %s}", rows[i].past);
        expect_error(text, rows[i].message);
    }
}

/* Printing then reading back gives the same bits ("%.9g" round trip). */
static void test_float_round_trip(void **state)
{
    (void)state;
    const uint32_t bits[] = { 0x3dcccccd, 0x00000001, 0x007fffff, 0x7f7fffff, 0x80000000u,
                              0x3eaaaaab, 0x4b800001, 0xc2f6e979u, 0x33d6bf95 };
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        nvgp_job_value v = { "x", NVGP_JOB_F32, { bits[i], bits[i], bits[i], bits[i] } };
        nvgp_strbuf s;
        nvgp_strbuf_init(&s);
        nvgp_job_write_value(&v, &s);
        uint32_t w[4];
        vec4_bits(s.data, w);
        assert_int_equal(w[0], bits[i]);
        nvgp_strbuf_free(&s);
    }
}

/* ---- Errors ------------------------------------------------------------------------ */

static void test_errors(void **state)
{
    (void)state;
    expect_error("{\"program\": \"p\", \"invocations\": 3, \"inputs\": {\"IN[0]\": "
                 "[[1,2,3,4],[1,2,3,4],[1,2,3]]}}",
                 "job.json: inputs[\"IN[0]\"][2]: expected 4 numbers, got 3");
    expect_error("{\"program\": \"p\", \"invocations\": 3, \"inputs\": {\"IN[0]\": "
                 "[[1,2,3,4],[1,2,3,4]]}}",
                 "job.json: inputs[\"IN[0]\"]: expected 3 vec4s (one per invocation) or "
                 "one vec4, got 2");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": [1, 2, \"x\", 4]}}",
                 "job.json: params[\"c[0]\"][2]: expected a number, \"inf\", \"-inf\", "
                 "\"nan\" or \"0x...\" raw bits, got \"x\"");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"u33\": [1, 2, 3, 4]}}}",
                 "job.json: params[\"c[0]\"].u33: unknown type (f32 u32 s32 hex f64 u64 s64)");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"u32\": [1, 2, 3, 1.5]}}}",
                 "job.json: params[\"c[0]\"].u32[3]: expected an integer, got 1.5");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"f64\": [1, 2, 3]}}}",
                 "job.json: params[\"c[0]\"].f64: expected 2 numbers, got 3");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": [1e39, 0, 0, 0]}}",
                 "job.json: params[\"c[0]\"][0]: 1e39 is out of range for f32 (write \"inf\")");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": [\"0x123456789\", 0, 0, 0]}}",
                 "job.json: params[\"c[0]\"][0]: expected a number, \"inf\", \"-inf\", "
                 "\"nan\" or \"0x...\" raw bits, got \"0x123456789\"");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": true}}",
                 "job.json: params[\"c[0]\"]: expected a list of 4 numbers, got a boolean");
    expect_error("{\"program\": \"p\", \"buffers\": {\"0\": {\"u32\": [-1]}}}",
                 "job.json: buffers[\"0\"].u32[0]: -1 is out of range for u32");
    expect_error("{\"program\": \"p\", \"buffers\": {\"-1\": {\"u32\": [1]}}}",
                 "job.json: buffers[\"-1\"]: a buffer binding point is a number 0..1023 or "
                 "a binding name");
    expect_error("{\"program\": \"p\", \"buffers\": {\"1024\": {\"u32\": [1]}}}",
                 "job.json: buffers[\"1024\"]: a buffer binding point is a number 0..1023 or "
                 "a binding name");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R16_FLOAT\", "
                 "\"size\": [1]}}}",
                 "job.json: images[\"0\"].format: unknown image format (expected one of: "
                 "R32G32B32A32_FLOAT R32G32B32A32_UINT R32G32B32A32_SINT R32G32_FLOAT "
                 "R32G32_UINT R32G32_SINT R32_FLOAT R32_UINT R32_SINT R8G8B8A8_UNORM "
                 "R8G8B8A8_UINT)");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\"}}}",
                 "job.json: images[\"0\"].size: missing (a list [width, height, depth])");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\", "
                 "\"size\": [2, 0]}}}",
                 "job.json: images[\"0\"].size[1]: at least 1");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\", "
                 "\"size\": [2], \"texels\": [1, 2, 3]}}}",
                 "job.json: images[\"0\"].texels: 3 values, but the image holds 2");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\", "
                 "\"size\": [2], \"texels\": [1, -2]}}}",
                 "job.json: images[\"0\"].texels[1]: -2 is out of range for u32");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\", "
                 "\"size\": [2], \"texels\": [1], \"words\": [1]}}}",
                 "job.json: images[\"0\"]: give \"texels\" or \"words\", not both");
    expect_error("{\"program\": \"p\", \"images\": {\"0\": {\"format\": \"R32_UINT\", "
                 "\"size\": [1], \"depth\": 2}}}",
                 "job.json: images[\"0\"].depth: unknown field");
    expect_error("{\"program\": \"p\", \"buffers\": {\"0\": {\"u32\": [1], \"f32\": [2]}}}",
                 "job.json: buffers[\"0\"].f32: only one data list is allowed (also \"u32\")");
    expect_error("{\"program\": \"p\", \"memory\": [{\"address\": 0, \"u8\": [1, 256]}]}",
                 "job.json: memory[0].u8[1]: 256 is out of range for u8");
    expect_error("{\"program\": \"p\", \"memory\": [{\"u8\": [1]}]}",
                 "job.json: memory[0].address: missing");
    expect_error("{\"program\": \"p\", \"memory\": [{\"address\": 0, \"u32\": [1, 2]},"
                 " {\"address\": 4, \"u8\": [1]}]}",
                 "job.json: memory[1]: overlaps memory[0]");
    expect_error("{\"program\": \"p\", \"memory\": [{\"address\": 0, \"size\": 2, "
                 "\"u32\": [1]}]}",
                 "job.json: memory[0]: size 2 is smaller than the 4 bytes of data");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"wrapp\": \"repeat\"}}}",
                 "job.json: textures[\"0\"].wrapp: unknown field");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"wrap_t\": \"bogus\"}}}",
                 "job.json: textures[\"0\"].wrap_t: unknown value \"bogus\" (expected one of: "
                 "repeat clamp_to_edge clamp_to_border mirrored_repeat mirror_clamp_to_edge "
                 "mirror_clamp_to_border clamp mirror_clamp)");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"4D\"}}}",
                 "job.json: textures[\"0\"].target: unknown value \"4D\" (expected one of: "
                 "1D 2D 3D CUBE RECT ARRAY1D ARRAY2D ARRAYCUBE SHADOW1D SHADOW2D SHADOWRECT "
                 "SHADOWCUBE SHADOWARRAY1D SHADOWARRAY2D SHADOWARRAYCUBE BUFFER 2DMS ARRAY2DMS "
                 "1D_ARRAY 2D_ARRAY CUBE_ARRAY SHADOW1D_ARRAY SHADOW2D_ARRAY SHADOWCUBE_ARRAY "
                 "2D_MSAA 2D_ARRAY_MSAA)");
    /* not an object: refused before any texture exists (this crashed) */
    expect_error("{\"program\": \"p\", \"textures\": 3}",
                 "job.json: textures: expected an object of texture units, got a number");
    expect_error("{\"program\": \"p\", \"textures\": [{\"target\": \"2D\"}]}",
                 "job.json: textures: expected an object of texture units, got a list");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"width\": 2}}}",
                 "job.json: textures[\"0\"]: missing field \"target\"");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"format\": \"rgb9\"}}}",
                 "job.json: textures[\"0\"].format: unknown format (expected one of: rgba32f "
                 "rgba32ui rgba32i rgba8 r32f r32ui r32i depth16 depth24 depth32f)");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"width\": 2, \"texels\": [[1,0,0,1], [1,0,0,1], [1,0,0,1]]}}}",
                 "job.json: textures[\"0\"].texels: expected 2 texels for level 0, got 3");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"width\": 1, \"texels\": [[1,0,1]]}}}",
                 "job.json: textures[\"0\"].texels[0]: expected 4 numbers, got 3");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"width\": 2, \"height\": 2, \"mipmaps\": [[[1,0,1,0]], [[1,1,1,1]]]}}}",
                 "job.json: textures[\"0\"]: texture: 3 levels, but the chain has only 2");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"CUBE\", "
                 "\"width\": 2, \"height\": 1}}}",
                 "job.json: textures[\"0\"]: texture: cube map faces must be square (2x1)");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"width\": 0}}}",
                 "job.json: textures[\"0\"]: texture: a size is zero (1 samples, 1 layers)");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"swizzle\": \"rgbx\"}}}",
                 "job.json: textures[\"0\"].swizzle: expected 4 letters of r g b a 0 1, "
                 "such as \"rrr1\"");
    expect_error("{\"program\": \"p\", \"textures\": {\"0\": {\"target\": \"2D\", "
                 "\"mag_filter\": \"linear_mipmap_linear\"}}}",
                 "job.json: textures[\"0\"].mag_filter: magnification is \"nearest\" or "
                 "\"linear\"");
    expect_error("{\"program\": \"p\", \"invocations\": 4, \"helpers\": [4]}",
                 "job.json: helpers[0]: 4 is larger than 3");
    expect_error("{\"program\": \"p\", \"outputs\": {\"OUT[0]\": \"f16\"}}",
                 "job.json: outputs[\"OUT[0]\"]: expected a format: f32 u32 s32 hex f64 u64 s64");
    expect_error("{\"program\": \"p\", \"compute\": {\"grid\": [1, 2]}}",
                 "job.json: compute.grid: expected 3 numbers, got 2");
    expect_error("{\"program\": \"p\", \"compute\": {\"block\": [1, 0, 1]}}",
                 "job.json: compute.block[1]: a size of 0");
    expect_error("{\"program\": \"p\", \"invocations\": 0}",
                 "job.json: invocations: at least 1 invocation");
    expect_error("{\"program\": \"p\", \"invocations\": -2}",
                 "job.json: invocations: expected a non-negative integer, got -2");
    expect_error("{\"program\": \"p\", \"invocations\": 99999999}",
                 "job.json: invocations: 99999999 is larger than 16777216");
    expect_error("{\"invocations\": 1}", "job.json: missing field \"program\"");
    expect_error("{\"program\": {\"txt\": \"x\"}}", "job.json: program.txt: unknown field");
    expect_error("{\"program\": {}}", "job.json: program.text: missing");
    expect_error("{\"program\": 5}", "job.json: program: expected a file name or "
                                     "{\"text\": \"...\"}");
    expect_error("{\"program\": \"p\", \"extra\": 1}", "job.json: extra: unknown field");
    expect_error("[1, 2]", "job.json: expected a JSON object, got a list");
    expect_error("{\"program\": \"p\"} x",
                 "job.json: invalid JSON at byte 17: unexpected character");
    expect_error("{\"program\": \"p\",", "job.json: invalid JSON: unexpected end of file");
    char *err = NULL;
    assert_null(nvgp_job_parse("{\"program\": 'p'}", 16, "job.json", NULL, &err));
    assert_true(strncmp(err, "job.json: invalid JSON at byte ", 31) == 0);
    free(err);
}

/* "buffers" keyed by a binding name, and "images": format, target, size and
 * texels in the format's component type (bytes for 8-bit formats) or raw
 * 32-bit words; texels not given are zero. */
static void test_images_and_named_buffers(void **state)
{
    (void)state;
    nvgp_job *job = parse(
        "{ \"program\": \"p.tgsi\",\n"
        "  \"buffers\": { \"program.storage[0]\": { \"u32\": [7] }, \"3\": { \"size\": 4 } },\n"
        "  \"images\": {\n"
        "    \"image[0]\": { \"format\": \"R32_FLOAT\", \"target\": \"1D\", \"size\": [3],\n"
        "                  \"texels\": [1.5, -2] },\n"
        "    \"2\": { \"format\": \"PIPE_FORMAT_R8G8B8A8_UNORM\", \"size\": [1, 2],\n"
        "           \"texels\": [255, 0, 128, 1, \"0x10\"] },\n"
        "    \"IMAGE[3]\": { \"format\": \"R32G32_SINT\", \"target\": \"3D\", \"size\": [1, 1, 2],\n"
        "                  \"words\": [\"0xdeadbeef\", -1, 4] } } }\n");
    assert_int_equal(job->num_buffers, 2);
    assert_string_equal(job->buffers[0].key, "program.storage[0]");
    assert_int_equal(job->buffers[0].bytes, 4);
    assert_null(job->buffers[1].key);
    assert_int_equal(job->buffers[1].address, 3);
    assert_int_equal(job->num_images, 3);
    const nvgp_job_image *a = &job->images[0], *b = &job->images[1], *c = &job->images[2];
    assert_string_equal(a->key, "image[0]");
    assert_int_equal(a->target, NVGP_TEXTURE_1D);
    assert_int_equal(a->width, 3);
    assert_int_equal(a->height, 1);
    assert_int_equal(a->depth, 1);
    assert_int_equal(a->data.type, NVGP_JOB_F32);
    assert_int_equal(a->data.bytes, 12);
    float f[3];
    memcpy(f, a->data.data, 12);
    assert_true(f[0] == 1.5f && f[1] == -2.0f && f[2] == 0.0f);
    assert_string_equal(a->format, "R32_FLOAT");
    assert_null(b->key);
    assert_int_equal(b->index, 2);
    assert_int_equal(b->target, NVGP_TEXTURE_2D); /* the default */
    assert_int_equal(b->data.type, NVGP_JOB_U8);
    assert_int_equal(b->data.bytes, 8);
    static const uint8_t bytes[8] = { 255, 0, 128, 1, 16, 0, 0, 0 };
    assert_memory_equal(b->data.data, bytes, 8);
    assert_string_equal(c->key, "IMAGE[3]");
    assert_int_equal(c->depth, 2);
    assert_int_equal(c->data.bytes, 16);
    uint32_t w[4];
    memcpy(w, c->data.data, 16);
    assert_int_equal(w[0], 0xdeadbeefu);
    assert_int_equal(w[1], 0xffffffffu);
    assert_int_equal(w[2], 4);
    assert_int_equal(w[3], 0);
    nvgp_job_destroy(job);
}

/* ---- Results --------------------------------------------------------------------------- */

static void test_results(void **state)
{
    (void)state;
    const nvgp_job_value v0[] = {
        { "OUT[0]", NVGP_JOB_F32, { 0x00000000, 0x3f000000, 0x3dcccccd, 0x7f800000 } },
        { "OUT[1]", NVGP_JOB_U32, { 1, 0xffffffffu, 0, 7 } },
        { "OUT[2]", NVGP_JOB_S32, { 0xffffffffu, 0x80000000u, 5, 0 } },
        { "OUT[3]", NVGP_JOB_HEX, { 0x3f800000, 0, 0xdeadbeefu, 1 } },
    };
    const nvgp_job_value v1[] = {
        { "OUT[0]", NVGP_JOB_F32, { 0xff800000u, 0x7fc00000, 0x80000000u, 0x00000001 } },
        { "d", NVGP_JOB_F64, { 0x9999999a, 0x3fb99999, 0, 0xfff00000u } },
        { "u", NVGP_JOB_U64, { 0xffffffffu, 0xffffffffu, 5, 0 } },
        { "s", NVGP_JOB_S64, { 0xfffffffeu, 0xffffffffu, 0, 0x80000000u } },
    };
    nvgp_job_invocation inv[3] = {
        { v0, 4, false, NULL, 0 },
        { v1, 4, true, NULL, 0 },
        { NULL, 0, false, NULL, 0 },
    };
    uint8_t mem0[8] = { 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff };
    uint8_t mem1[3] = { 1, 2, 3 };
    uint8_t buf0[4] = { 0, 0, 0x80, 0x3f };
    uint8_t buf1[8] = { 5, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff };
    uint8_t img0[4] = { 0, 128, 255, 1 };
    nvgp_job_data mem[2] = { { 4096, NVGP_JOB_U32, 8, mem0, NULL },
                             { 8192, NVGP_JOB_S8, 3, mem1, NULL } };
    /* buffers and images print under the key the job gave: a number or a
     * binding name */
    nvgp_job_data buf[2] = { { 2, NVGP_JOB_F32, 4, buf0, NULL },
                             { 0, NVGP_JOB_S32, 8, buf1, "program.storage[1]" } };
    nvgp_job_image img[2] = {
        { 3, NULL, NVGP_TEXTURE_2D, NULL, 1, 1, 1, { 0, NVGP_JOB_U8, 4, img0, NULL } },
        { 0, "image[1]", NVGP_TEXTURE_1D, NULL, 1, 1, 1, { 0, NVGP_JOB_F32, 4, buf0, NULL } },
    };
    nvgp_job_results r = { inv, 3, true, false, mem, 2, buf, 2, 2, img, 2, NULL, NULL, NULL };
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&r, &s);
    const char *expect =
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [0, 0.5, 0.100000001, \"inf\"], \"OUT[1]\": [1, 4294967295, 0, 7], "
        "\"OUT[2]\": [-1, -2147483648, 5, 0], "
        "\"OUT[3]\": [\"0x3f800000\", \"0x00000000\", \"0xdeadbeef\", \"0x00000001\"] },\n"
        "    { \"OUT[0]\": [\"-inf\", \"nan\", -0.0, 1.40129846e-45], "
        "\"d\": [0.10000000000000001, \"-inf\"], \"u\": [18446744073709551615, 5], "
        "\"s\": [-2, -9223372036854775808] },\n"
        "    {}\n"
        "  ],\n"
        "  \"killed\": [false, true, false],\n"
        "  \"memory\": [\n"
        "    { \"address\": 4096, \"u32\": [1, 4294967295] },\n"
        "    { \"address\": 8192, \"s8\": [1, 2, 3] }\n"
        "  ],\n"
        "  \"buffers\": {\n"
        "    \"2\": { \"f32\": [1] },\n"
        "    \"program.storage[1]\": { \"s32\": [5, -2] }\n"
        "  },\n"
        "  \"images\": {\n"
        "    \"3\": { \"u8\": [0, 128, 255, 1] },\n"
        "    \"image[1]\": { \"f32\": [1] }\n"
        "  },\n"
        "  \"faults\": 2 }\n";
    assert_string_equal(s.data, expect);
    nvgp_strbuf_free(&s);

    /* Geometry: emitted vertices with stream and primitive; no killed. */
    const nvgp_job_value e0[] = { { "OUT[0]", NVGP_JOB_F32, { 0x3f800000, 0, 0, 0x3f800000 } } };
    const nvgp_job_vertex vx[2] = { { 0, 0, e0, 1 }, { 1, 3, e0, 1 } };
    nvgp_job_invocation g[2] = { { NULL, 0, false, vx, 2 }, { NULL, 0, false, NULL, 0 } };
    nvgp_job_results rg = { g, 2, false, true, NULL, 0, NULL, 0, 0, NULL, 0, NULL, NULL, NULL };
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&rg, &s);
    expect =
        "{ \"invocations\": [\n"
        "    {},\n"
        "    {}\n"
        "  ],\n"
        "  \"emitted\": [\n"
        "    [\n"
        "      { \"stream\": 0, \"primitive\": 0, \"OUT[0]\": [1, 0, 0, 1] },\n"
        "      { \"stream\": 1, \"primitive\": 3, \"OUT[0]\": [1, 0, 0, 1] }\n"
        "    ],\n"
        "    []\n"
        "  ],\n"
        "  \"faults\": 0 }\n";
    assert_string_equal(s.data, expect);
    nvgp_strbuf_free(&s);
}

/* ---- Files --------------------------------------------------------------------------- */

/* Keys the result writes are JSON strings that stay valid UTF-8 whatever
 * bytes they hold: quote and backslash escaped, control bytes and bytes of
 * no well-formed UTF-8 sequence as \u00NN, well-formed sequences kept. */
static void test_result_keys_escaped(void **state)
{
    (void)state;
    uint8_t buf0[4] = { 0, 0, 0x80, 0x3f };
    nvgp_job_data buf[1] = { { 0, NVGP_JOB_F32, 4, buf0, "a\"b\\c\x01\xff\xc3\xa9" } };
    nvgp_job_results r = { NULL, 0, false, false, NULL, 0, buf, 1, 0, NULL, 0, NULL, NULL, NULL };
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&r, &s);
    assert_string_equal(s.data, "{ \"buffers\": {\n"
                                "    \"a\\\"b\\\\c\\u0001\\u00ff\xc3\xa9\": { \"f32\": [1] }\n"
                                "  },\n"
                                "  \"faults\": 0 }\n");
    nvgp_strbuf_free(&s);
}

/* Invocations that print nothing (compute programs, "outputs": []) are
 * left out rather than listed as {} each; a fragment program's "killed"
 * keeps the list, one record per invocation. */
static void test_results_without_values(void **state)
{
    (void)state;
    nvgp_job_invocation none[3] = { { NULL, 0, false, NULL, 0 }, { NULL, 0, false, NULL, 0 },
                                    { NULL, 0, false, NULL, 0 } };
    nvgp_job_results r = { none, 3, false, false, NULL, 0, NULL, 0, 2, NULL, 0, NULL, NULL, NULL };
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&r, &s);
    assert_string_equal(s.data, "{ \"faults\": 2 }\n");
    nvgp_strbuf_free(&s);
    uint8_t bytes[4] = { 1, 0, 0, 0 };
    nvgp_job_data mem = { 64, NVGP_JOB_U32, 4, bytes, NULL };
    r.memory = &mem;
    r.num_memory = 1;
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&r, &s);
    assert_string_equal(s.data, "{ \"memory\": [\n"
                                "    { \"address\": 64, \"u32\": [1] }\n"
                                "  ],\n"
                                "  \"faults\": 2 }\n");
    nvgp_strbuf_free(&s);
    r = (nvgp_job_results){ none, 2, true, false, NULL, 0, NULL, 0, 0, NULL, 0, NULL, NULL, NULL };
    nvgp_strbuf_init(&s);
    nvgp_job_write_results(&r, &s);
    assert_string_equal(s.data, "{ \"invocations\": [\n"
                                "    {},\n"
                                "    {}\n"
                                "  ],\n"
                                "  \"killed\": [false, false],\n"
                                "  \"faults\": 0 }\n");
    nvgp_strbuf_free(&s);
}

/* Streaming: records made on demand and the text handed out in pieces give
 * the same text as the whole results at once, and the text held never
 * grows past one piece (64 KiB) and a record. */
typedef struct stream_ctx {
    nvgp_job_value value;
    nvgp_strbuf all;      /* what the flushes wrote */
    size_t most_held;     /* the longest text handed to a flush */
    size_t made;
} stream_ctx;

static bool make_record(void *ctx, size_t i, nvgp_job_invocation *inv)
{
    stream_ctx *c = ctx;
    c->value = (nvgp_job_value){ "OUT[0]", NVGP_JOB_U32, { (uint32_t)i, 1, 2, 3 } };
    inv->values = &c->value;
    inv->count = 1;
    inv->killed = i % 3 == 0;
    c->made++;
    return true;
}

static bool take_text(void *ctx, nvgp_strbuf *out)
{
    stream_ctx *c = ctx;
    if (out->len > c->most_held)
        c->most_held = out->len;
    nvgp_strbuf_append(&c->all, out->data ? out->data : "", out->len);
    nvgp_strbuf_clear(out);
    return true;
}

static void test_results_streamed(void **state)
{
    (void)state;
    enum { N = 100000 };
    nvgp_job_invocation *inv = calloc(N, sizeof *inv);
    nvgp_job_value *vals = calloc(N, sizeof *vals);
    assert_non_null(inv);
    assert_non_null(vals);
    for (size_t i = 0; i < N; i++) {
        vals[i] = (nvgp_job_value){ "OUT[0]", NVGP_JOB_U32, { (uint32_t)i, 1, 2, 3 } };
        inv[i] = (nvgp_job_invocation){ &vals[i], 1, i % 3 == 0, NULL, 0 };
    }
    nvgp_job_results whole = { inv, N, true, false, NULL, 0, NULL, 0, 0, NULL, 0, NULL, NULL, NULL };
    nvgp_strbuf a;
    nvgp_strbuf_init(&a);
    assert_true(nvgp_job_write_results(&whole, &a));

    stream_ctx c;
    memset(&c, 0, sizeof c);
    nvgp_strbuf_init(&c.all);
    nvgp_job_results streamed = { NULL, N, true, false, NULL, 0, NULL, 0, 0, NULL, 0,
                                  make_record, take_text, &c };
    nvgp_strbuf piece;
    nvgp_strbuf_init(&piece);
    assert_true(nvgp_job_write_results(&streamed, &piece));
    assert_int_equal(piece.len, 0);
    assert_int_equal(c.all.len, a.len);
    assert_memory_equal(c.all.data, a.data, a.len);
    assert_true(c.most_held < (1u << 16) + 256);
    assert_true(c.made >= 2 * N);   /* once for the values, once for "killed" */
    nvgp_strbuf_free(&piece);
    nvgp_strbuf_free(&c.all);
    nvgp_strbuf_free(&a);
    free(vals);
    free(inv);
}

static void test_load(void **state)
{
    (void)state;
    char dir[] = "/tmp/nvgp_job_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], prog[256];
    snprintf(path, sizeof path, "%s/job.json", dir);
    snprintf(prog, sizeof prog, "%s/prog.txt", dir);
    FILE *f = fopen(prog, "wb");
    assert_non_null(f);
    fputs("VERT\nEND\n", f);
    fclose(f);
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs("{\"program\": \"prog.txt\"}", f);
    fclose(f);
    char *err = NULL;
    nvgp_job *job = nvgp_job_load(path, &err);
    assert_non_null(job);
    assert_string_equal(job->program_path, prog);
    assert_int_equal(job->program_length, 9);
    assert_memory_equal(job->program_text, "VERT\nEND\n", 9);
    nvgp_job_destroy(job);
    /* A missing program file names it. */
    f = fopen(path, "wb");
    fputs("{\"program\": \"none.txt\"}", f);
    fclose(f);
    assert_null(nvgp_job_load(path, &err));
    free(err);
    nvgp_job *j2 = NULL;
    assert_int_equal(nvgp_job_open(path, &j2, &err), NVGP_JOB_IO_ERROR);
    assert_null(j2);
    char want[512];
    snprintf(want, sizeof want, "%s/none.txt: No such file or directory", dir);
    assert_string_equal(err, want);
    free(err);
    /* A bad job file names the file as given. */
    f = fopen(path, "wb");
    fputs("{\"program\": \"prog.txt\", \"invocations\": \"many\"}", f);
    fclose(f);
    assert_int_equal(nvgp_job_open(path, &j2, &err), NVGP_JOB_INVALID);
    assert_null(j2);
    snprintf(want, sizeof want, "%s: invocations: expected a non-negative integer, got \"many\"",
             path);
    assert_string_equal(err, want);
    free(err);
    /* A missing job file is an I/O error too. */
    unlink(path);
    assert_int_equal(nvgp_job_open(path, &j2, &err), NVGP_JOB_IO_ERROR);
    free(err);
    unlink(prog);
    rmdir(dir);
}

/* Every prefix and every one-byte change of a full job either parses or
 * fails with a message; nothing crashes (run under the sanitizers too). */
static void test_mutations(void **state)
{
    (void)state;
    const char *base =
        "{\"program\": {\"text\": \"VERT\\nEND\\n\"}, \"invocations\": 2,\n"
        " \"inputs\": {\"IN[0]\": [[1,2,3,4],[5,6,7,\"inf\"]]},\n"
        " \"params\": {\"CONST[0]\": {\"u64\": [1, \"0x10\"]}},\n"
        " \"buffers\": {\"3\": {\"s16\": [-1, 2], \"size\": 8}},\n"
        " \"memory\": [{\"address\": 64, \"f64\": [0.5, \"nan\"]}],\n"
        " \"textures\": {\"1\": {\"target\": \"CUBE\", \"width\": 1, \"height\": 1,\n"
        "   \"format\": \"rgba8\", \"wrap\": \"clamp\", \"border\": [0, 1, 0, 1],\n"
        "   \"texels\": [[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,0,1],[1,0,1,1],[0,1,1,1]]}},\n"
        " \"helpers\": [1], \"outputs\": {\"OUT[0]\": \"hex\"},\n"
        " \"compute\": {\"grid\": [1, 2, 3]}}";
    size_t n = strlen(base);
    nvgp_job_destroy(parse(base));
    char *buf = malloc(n + 1);
    static const char repl[] = "0-x]}[{\",\\9e.";
    unsigned parsed = 0, failed = 0;
    for (size_t len = 0; len < n; len++) {
        char *err = NULL;
        nvgp_job *job = nvgp_job_parse(base, len, "j", NULL, &err);
        assert_true((job == NULL) != (err == NULL));
        nvgp_job_destroy(job);
        free(err);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t r = 0; r < sizeof repl - 1; r++) {
            memcpy(buf, base, n + 1);
            buf[i] = repl[r];
            char *err = NULL;
            nvgp_job *job = nvgp_job_parse(buf, n, "j", NULL, &err);
            assert_true((job == NULL) != (err == NULL));
            if (job)
                parsed++;
            else
                failed++;
            assert_true(!err || strncmp(err, "j: ", 3) == 0);
            nvgp_job_destroy(job);
            free(err);
        }
    free(buf);
    assert_true(parsed > 0 && failed > 0);
}

/* LONG vertex attributes (NV_gpu_program5): {"f64"|"u64"|"s64": [a, b, c,
 * d]} fills the named input with a, b and keeps c, d for the next register;
 * every element of a list must have four; params and framebuffer colours
 * take two. */
static void test_long_attribute_values(void **state)
{
    (void)state;
    nvgp_job *job = parse("{\"program\": \"p\", \"invocations\": 2, \"inputs\": {"
                          "\"vertex.attrib[1]\": [{\"f64\": [1.5, 2, -3, 4]}, {\"u64\": [1, 2, 3, \"0x100000002\"]}],"
                          "\"vertex.attrib[2]\": {\"s64\": [-1, 0, 1, 2]}}}");
    const nvgp_job_binding *b = binding(job->inputs, job->num_inputs, "vertex.attrib[1]");
    assert_non_null(b->values_hi);
    /* 1.5 = 0x3ff80000_00000000, -3 = 0xc0080000_00000000 */
    assert_int_equal(b->values[0][1], 0x3ff80000u);
    assert_int_equal(b->values[0][3], 0x40000000u);
    assert_int_equal(b->values_hi[0][1], 0xc0080000u);
    assert_int_equal(b->values_hi[0][3], 0x40100000u);
    assert_int_equal(b->values_hi[1][0], 3);
    assert_int_equal(b->values_hi[1][2], 2);
    assert_int_equal(b->values_hi[1][3], 1);
    b = binding(job->inputs, job->num_inputs, "vertex.attrib[2]");
    assert_non_null(b->values_hi);
    assert_int_equal(b->values[0][0], 0xffffffffu);
    assert_int_equal(b->values_hi[0][2], 2);
    nvgp_job_destroy(job);
    job = parse("{\"program\": \"p\", \"inputs\": {\"IN[0]\": {\"f64\": [1, 2]}}}");
    assert_null(job->inputs[0].values_hi);
    nvgp_job_destroy(job);
    expect_error("{\"program\": \"p\", \"invocations\": 2, \"inputs\": {\"IN[0]\": "
                 "[{\"f64\": [1, 2, 3, 4]}, {\"f64\": [1, 2]}]}}",
                 "job.json: inputs[\"IN[0]\"][1]: give every value of a LONG attribute as four 64-bit numbers, or none");
    expect_error("{\"program\": \"p\", \"params\": {\"c[0]\": {\"f64\": [1, 2, 3, 4]}}}",
                 "job.json: params[\"c[0]\"].f64: expected 2 numbers, got 4");
    expect_error("{\"program\": \"p\", \"inputs\": {\"IN[0]\": {\"f64\": [1, 2, 3]}}}",
                 "job.json: inputs[\"IN[0]\"].f64: expected 2 numbers (4 for a LONG attribute), got 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_job),
        cmocka_unit_test(test_minimal_and_text_program),
        cmocka_unit_test(test_textures),
        cmocka_unit_test(test_generated_mipmaps),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_float_round_trip),
        cmocka_unit_test(test_numbers_beyond_64_bits),
        cmocka_unit_test(test_repeated_keys),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_limits_table),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_long_attribute_values),
        cmocka_unit_test(test_images_and_named_buffers),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_results_without_values),
        cmocka_unit_test(test_result_keys_escaped),
        cmocka_unit_test(test_results_streamed),
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
