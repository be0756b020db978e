/* Rasterisation and per-fragment features: multisample coverage, resolve,
 * centroid and per-sample inputs, sample masks, early fragment tests,
 * dual-source blending, point sprites, line stipple and user clip planes
 * under position-invariant programs.  Every expected value is computed by
 * hand in the comment above its test from GL's rules and nvgp's standard
 * sample positions (docs/pipeline.md "Multisampling"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp_pipeline.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct fixture {
    nvgp_pipe_state *s;
    nvgp_pipe_fb *fb;
    nvgp_program *prog[2];
    char err[256];
} fixture;

static void setup(fixture *f, uint32_t w, uint32_t h, uint32_t samples)
{
    memset(f, 0, sizeof *f);
    f->s = nvgp_pipe_state_create();
    assert_non_null(f->s);
    f->fb = nvgp_pipe_fb_create_ms(w, h, NVGP_PIPE_RGBA32F, samples, f->err, sizeof f->err);
    assert_non_null(f->fb);
    f->s->viewport[2] = (int32_t)w;
    f->s->viewport[3] = (int32_t)h;
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f->fb, NULL, black, NULL);
}

static void teardown(fixture *f)
{
    for (int i = 0; i < 2; i++)
        nvgp_program_destroy(f->prog[i]);
    nvgp_pipe_fb_destroy(f->fb);
    nvgp_pipe_state_destroy(f->s);
}

static void bind(fixture *f, int stage, const char *src)
{
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create("test", src, strlen(src), &d);
    if (!p && d)
        nvgp_diag_print(d, stderr);
    nvgp_diag_destroy(d);
    assert_non_null(p);
    nvgp_program_destroy(f->prog[stage]);
    f->prog[stage] = p;
    f->s->program[stage] = p;
}

static bool draw(fixture *f, nvgp_pipe_prim prim, const float *pos, const float *tex, uint32_t n)
{
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = n;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tex;
    bool ok = nvgp_pipe_draw(f->s, f->fb, prim, &v, f->err, sizeof f->err);
    if (!ok)
        fprintf(stderr, "draw: %s\n", f->err);
    return ok;
}

static void expect4(const char *what, int x, int y, const float got[4], float r, float g, float b,
                    float a)
{
    float want[4] = {r, g, b, a};
    for (int c = 0; c < 4; c++)
        if (!(fabsf(got[c] - want[c]) <= 1e-6f)) {
            fprintf(stderr, "%s (%d,%d).%d = %.9g, want %.9g\n", what, x, y, c, got[c], want[c]);
            fail();
        }
}

static void expect_pixel(const fixture *f, int x, int y, float r, float g, float b, float a)
{
    float p[4];
    assert_true(nvgp_pipe_fb_pixel(f->fb, x, y, p));
    expect4("pixel", x, y, p, r, g, b, a);
}

static void expect_sample(const fixture *f, int x, int y, uint32_t s, float r, float g, float b,
                          float a)
{
    float p[4];
    assert_true(nvgp_pipe_fb_sample(f->fb, x, y, s, p, NULL));
    expect4("sample", x, y, p, r, g, b, a);
}

/* NDC of window coordinate w in a viewport of `size` pixels. */
static float ndc(float w, float size)
{
    return 2.0f * w / size - 1.0f;
}

/* A rectangle from window x 0 to x1, y 0 to 8 (two triangles), texcoord s
 * = window x / 8. */
static void rect_to(float x1, float pos[16], float tex[16])
{
    const float xs[4] = {0, x1, 0, x1}, ys[4] = {0, 0, 8, 8};
    for (int i = 0; i < 4; i++) {
        pos[4 * i] = ndc(xs[i], 8), pos[4 * i + 1] = ndc(ys[i], 8);
        pos[4 * i + 2] = 0, pos[4 * i + 3] = 1;
        tex[4 * i] = xs[i] / 8, tex[4 * i + 1] = 0, tex[4 * i + 2] = 0, tex[4 * i + 3] = 1;
    }
}

/* The standard positions: 4 samples at x = 0.5 + (-2, 6, -6, 2) / 16 =
 * 0.375, 0.875, 0.125, 0.625 and y = 0.5 + (-6, -2, 2, 6) / 16. */
static void test_sample_positions(void **state)
{
    (void)state;
    float xy[2];
    assert_true(nvgp_pipe_sample_position(4, 1, xy));
    assert_true(xy[0] == 0.875f && xy[1] == 0.375f);
    assert_true(nvgp_pipe_sample_position(1, 0, xy));
    assert_true(xy[0] == 0.5f && xy[1] == 0.5f);
    assert_true(nvgp_pipe_sample_position(8, 7, xy));
    assert_true(xy[0] == 0.9375f && xy[1] == 0.0625f);
    assert_false(nvgp_pipe_sample_position(3, 0, xy));
    assert_false(nvgp_pipe_sample_position(2, 2, xy));
    char err[128];
    assert_null(nvgp_pipe_fb_create_ms(4, 4, NVGP_PIPE_RGBA8, 3, err, sizeof err));
    assert_non_null(strstr(err, "expected 1, 2, 4 or 8"));
}

/* A white rectangle whose right edge is window x = 4.7: in column 4 the
 * samples left of x 4.7 are covered.  4 samples (x 0.375 0.875 0.125
 * 0.625): samples 0, 2, 3, resolve 3/4; 2 samples (x 0.75, 0.25): sample 1
 * only, resolve 1/2.  Column 3 is covered whole (1), column 5 not (0).
 * With MULTISAMPLE off every sample is the centre (4.5 < 4.7): 1. */
static void test_msaa_coverage_resolve(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(4.7f, pos, tex);
    fixture f;
    setup(&f, 8, 8, 4);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 3, 2, 1, 1, 1, 1);
    expect_pixel(&f, 4, 2, 0.75f, 0.75f, 0.75f, 0.75f);
    expect_pixel(&f, 5, 2, 0, 0, 0, 0);
    expect_sample(&f, 4, 2, 1, 0, 0, 0, 0);
    expect_sample(&f, 4, 2, 3, 1, 1, 1, 1);
    teardown(&f);
    setup(&f, 8, 8, 2);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 4, 5, 0.5f, 0.5f, 0.5f, 0.5f);
    expect_sample(&f, 4, 5, 1, 1, 1, 1, 1);
    teardown(&f);
    setup(&f, 8, 8, 4);
    f.s->multisample = false;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 4, 2, 1, 1, 1, 1);
    teardown(&f);
}

/* CENTROID (NV_fragment_program4): column 4 of the rectangle above covers
 * samples 0, 2, 3; the first covered sample, 0, is at x 4.375, where s =
 * 4.375 / 8 = 0.546875; fragment.position stays at the centre, x / 8 =
 * 4.5 / 8 = 0.5625.  A covered
 * pixel (column 3) takes the centre: 3.5 / 8 = 0.4375 either way.  Every
 * covered sample stores the fragment's one colour.  (Row 5: the strip's
 * diagonal, from (4.7, 0) to (0, 8), crosses x 1.2 .. 1.8 there, away from
 * columns 3 and 4.) */
static void test_centroid(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(4.7f, pos, tex);
    fixture f;
    setup(&f, 8, 8, 4);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp4.0\nCENTROID ATTRIB c = fragment.texcoord[0];\n"
         "MOV result.color, c.x;\nMUL result.color.y, fragment.position.x, 0.125;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_sample(&f, 4, 5, 0, 0.546875f, 0.5625f, 0.546875f, 0.546875f);
    expect_sample(&f, 4, 5, 3, 0.546875f, 0.5625f, 0.546875f, 0.546875f);
    expect_sample(&f, 3, 5, 1, 0.4375f, 0.4375f, 0.4375f, 0.4375f);
    /* single-sample: the centroid is the centre */
    teardown(&f);
    setup(&f, 8, 8, 1);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp4.0\nCENTROID ATTRIB c = fragment.texcoord[0];\nMOV result.color, c.x;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 4, 5, 0.5625f, 0.5625f, 0.5625f, 0.5625f);
    teardown(&f);
}

/* NV_gpu_program5's interpolation opcodes on 4 samples over the rectangle
 * to x 4.7 (s = x / 8): in covered pixel (2, 5) IPAS sample 1 (x 2.875)
 * gives 0.359375 and IPAC the centre's 0.3125; in pixel (4, 5) (samples
 * 0, 2, 3) IPAC takes sample 0 (x 4.375): 0.546875, IPAS 1 (x 4.875)
 * 0.609375, the plane continued outside; IPAO (-0.25, 0) x 4.25: 0.53125.
 * The same from an input declared CENTROID, whose own value there is the
 * centroid's 0.546875. */
static void test_interp_opcodes(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(4.7f, pos, tex);
    fixture f;
    setup(&f, 8, 8, 4);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp5.0\nATTRIB t = fragment.texcoord[0];\nTEMP r;\nIPAS r, t, 1;\n"
         "MOV result.color.x, r.x;\nIPAC r, t;\nMOV result.color.y, r.x;\n"
         "IPAO r, t, {-0.25, 0, 0, 0};\nMOV result.color.z, r.x;\nMOV result.color.w, t.x;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_sample(&f, 2, 5, 0, 0.359375f, 0.3125f, 0.28125f, 0.3125f);
    expect_sample(&f, 4, 5, 0, 0.609375f, 0.546875f, 0.53125f, 0.5625f);
    /* a CENTROID input (0.546875 in pixel (4, 5)) reaches the same points */
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp5.0\nCENTROID ATTRIB t = fragment.texcoord[0];\nTEMP r;\nIPAS r, t, 1;\n"
         "MOV result.color.x, r.x;\nIPAC r, t;\nMOV result.color.y, r.x;\n"
         "IPAO r, t, {-0.25, 0, 0, 0};\nMOV result.color.z, r.x;\nMOV result.color.w, t.x;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_sample(&f, 4, 5, 0, 0.609375f, 0.546875f, 0.53125f, 0.546875f);
    teardown(&f);
}

/* A program reading fragment.sampleid runs once per sample: sample k of a
 * covered pixel stores k; the resolve is (0 + 1 + 2 + 3) / 4 = 1.5.  Its
 * SAMPLE input is taken at the sample: sample 1 of column 2 is at x 2.875,
 * s = 2.875 / 8 = 0.359375; sample 2 at x 2.125, s = 0.265625. */
static void test_per_sample(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(8, pos, tex);
    fixture f;
    setup(&f, 8, 8, 4);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp5.0\nSAMPLE ATTRIB t = fragment.texcoord[0];\nINT TEMP i;\n"
         "MOV.S i, fragment.sampleid.x;\nI2F result.color, i.x;\nMOV result.color.y, t.x;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_sample(&f, 2, 3, 1, 1, 0.359375f, 1, 1);
    expect_sample(&f, 2, 3, 2, 2, 0.265625f, 2, 2);
    float p[4];
    assert_true(nvgp_pipe_fb_pixel(f.fb, 5, 5, p));
    assert_true(fabsf(p[0] - 1.5f) <= 1e-6f);
    teardown(&f);
}

/* result.samplemask = 5 (samples 0 and 2) over a covered pixel of 4
 * samples: only those two are written, the resolve is 1/2.  A single-sample
 * framebuffer ignores the program's mask (GL applies it in the multisample
 * operations only): the pixel is written. */
static void test_sample_mask_output(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(8, pos, tex);
    const char *fp = "!!NVfp5.0\nMOV result.color, 1;\nMOV.S result.samplemask.x, 5;\nEND\n";
    fixture f;
    setup(&f, 8, 8, 4);
    bind(&f, NVGP_PIPE_FRAGMENT, fp);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_sample(&f, 1, 1, 0, 1, 1, 1, 1);
    expect_sample(&f, 1, 1, 1, 0, 0, 0, 0);
    expect_sample(&f, 1, 1, 2, 1, 1, 1, 1);
    expect_pixel(&f, 1, 1, 0.5f, 0.5f, 0.5f, 0.5f);
    /* SAMPLE_MASK state 0x2 and the program's 5 leave nothing */
    f.s->sample_mask_enabled = true;
    f.s->sample_mask = 2;
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 1, 1, 0, 0, 0, 0);
    teardown(&f);
    setup(&f, 8, 8, 1);
    bind(&f, NVGP_PIPE_FRAGMENT, fp);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 1, 1, 1, 1, 1, 1);
    teardown(&f);
}

/* Alpha to coverage over a covered pixel of 4 samples: alpha 0.5 keeps
 * round(0.5 * 4) = 2 samples, 0 and 1: the resolve of (1, 1, 1, 0.5) on
 * two samples of four is (0.5, 0.5, 0.5, 0.25); with alpha to one the
 * stored alpha is 1: (0.5, 0.5, 0.5, 0.5).  Alpha 0.3: round(1.2) = 1
 * sample.  One sample: no multisample operations, the pixel is written. */
static void test_alpha_to_coverage(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(8, pos, tex);
    static const float black[4] = {0, 0, 0, 0};
    fixture f;
    setup(&f, 8, 8, 4);
    bind(&f, NVGP_PIPE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, program.local[0];\nEND\n");
    f.s->local[NVGP_PIPE_FRAGMENT][0][0] = f.s->local[NVGP_PIPE_FRAGMENT][0][1] = 1;
    f.s->local[NVGP_PIPE_FRAGMENT][0][2] = 1;
    f.s->local[NVGP_PIPE_FRAGMENT][0][3] = 0.5f;
    f.s->alpha_to_coverage = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.5f, 0.5f, 0.5f, 0.25f);
    expect_sample(&f, 2, 2, 1, 1, 1, 1, 0.5f);
    expect_sample(&f, 2, 2, 2, 0, 0, 0, 0);
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->alpha_to_one = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.5f, 0.5f, 0.5f, 0.5f);
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->alpha_to_one = false;
    f.s->local[NVGP_PIPE_FRAGMENT][0][3] = 0.3f;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.25f, 0.25f, 0.25f, 0.075f);
    teardown(&f);
    setup(&f, 8, 8, 1);
    bind(&f, NVGP_PIPE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, 0.25;\nEND\n");
    f.s->alpha_to_coverage = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.25f, 0.25f, 0.25f, 0.25f);
    teardown(&f);
}

/* NV_early_fragment_tests: the depth test and write happen before the
 * program, so a program that kills every fragment still leaves the
 * quad's depth 0.5 (z = 0) in the buffer, and its result.depth (0.25) is
 * ignored; the colour is not written.  Without the option the kill
 * leaves depth and colour alone. */
static void test_early_fragment_tests(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(8, pos, tex);
    fixture f;
    setup(&f, 8, 8, 1);
    f.s->depth_test = true;
    f.s->depth_write = true;
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp5.0\nOPTION NV_early_fragment_tests;\nMOV result.color, 1;\n"
         "MOV result.depth.z, 0.25;\nKIL -1;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    float z;
    assert_true(nvgp_pipe_fb_depth(f.fb, 3, 3, &z));
    assert_true(z == 0.5f);
    expect_pixel(&f, 3, 3, 0, 0, 0, 0);
    teardown(&f);
    setup(&f, 8, 8, 1);
    f.s->depth_test = true;
    f.s->depth_write = true;
    bind(&f, NVGP_PIPE_FRAGMENT, "!!NVfp5.0\nMOV result.color, 1;\nKIL -1;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    assert_true(nvgp_pipe_fb_depth(f.fb, 3, 3, &z));
    assert_true(z == 1.0f);
    teardown(&f);
}

/* ARB_post_depth_coverage: a rectangle to x 4.7 first fills depth 0 (z =
 * -1) in samples 0, 2, 3 of column 4; then a full quad at depth 0.5 with
 * early tests and LESS passes only sample 1 there.  Its program stores
 * fragment.samplemask.x: with the option the mask after the early tests,
 * 2; without it the primitive's coverage, 15.  Column 6 (no earlier
 * depth): 15 either way. */
static void test_post_depth_coverage(void **state)
{
    (void)state;
    const char *progs[2] = {
        "!!NVfp5.0\nOPTION NV_early_fragment_tests;\nOPTION ARB_post_depth_coverage;\n"
        "INT TEMP m;\nMOV.S m, fragment.samplemask.x;\nI2F result.color, m.x;\nEND\n",
        "!!NVfp5.0\nOPTION NV_early_fragment_tests;\n"
        "INT TEMP m;\nMOV.S m, fragment.samplemask.x;\nI2F result.color, m.x;\nEND\n"};
    const float want[2] = {2, 15};
    for (int k = 0; k < 2; k++) {
        float pos[16], tex[16], full[16], ftex[16];
        rect_to(4.7f, pos, tex);
        for (int i = 0; i < 4; i++)
            pos[4 * i + 2] = -1;
        rect_to(8, full, ftex);
        fixture f;
        setup(&f, 8, 8, 4);
        f.s->depth_test = true;
        f.s->depth_write = true;
        assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
        bind(&f, NVGP_PIPE_FRAGMENT, progs[k]);
        assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full, ftex, 4));
        expect_sample(&f, 4, 5, 1, want[k], want[k], want[k], want[k]);
        expect_sample(&f, 4, 5, 0, 1, 1, 1, 1);   /* the first draw's white */
        expect_sample(&f, 6, 5, 2, 15, 15, 15, 15);
        teardown(&f);
    }
}

/* Dual-source blending (ARB_blend_func_extended): source (0.25, 0.5, 0, 1),
 * second source (0.5, 1, 0, 0.5), destination (0.5, 0.5, 0.5, 0.5), factors
 * ONE and SRC1_COLOR: src + dst * src1 = (0.5, 1, 0, 1.25); then
 * ONE_MINUS_SRC1_ALPHA for the destination: src + dst * 0.5 =
 * (0.5, 0.75, 0.25, 1.25). */
static void test_dual_source_blend(void **state)
{
    (void)state;
    float pos[16], tex[16];
    rect_to(8, pos, tex);
    fixture f;
    setup(&f, 8, 8, 1);
    static const float grey[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nOPTION ARB_blend_func_extended;\n"
         "MOV result.color.primary, {0.25, 0.5, 0, 1};\n"
         "MOV result.color.secondary, {0.5, 1, 0, 0.5};\nEND\n");
    f.s->blend = true;
    f.s->blend_src_rgb = f.s->blend_src_alpha = NVGP_BF_ONE;
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_SRC1_COLOR;
    nvgp_pipe_fb_clear(f.fb, NULL, grey, NULL);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.5f, 1, 0, 1.25f);
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_ONE_MINUS_SRC1_ALPHA;
    nvgp_pipe_fb_clear(f.fb, NULL, grey, NULL);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.5f, 0.75f, 0.25f, 1.25f);
    /* NVfp5.0 binds the two sources without the option (decision
     * Assembler 15): the same result */
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp5.0\nMOV result.color.primary, {0.25, 0.5, 0, 1};\n"
         "MOV result.color.secondary, {0.5, 1, 0, 0.5};\nEND\n");
    nvgp_pipe_fb_clear(f.fb, NULL, grey, NULL);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, pos, tex, 4));
    expect_pixel(&f, 2, 2, 0.5f, 0.75f, 0.25f, 1.25f);
    teardown(&f);
}

static int count_drawn(const fixture *f, uint32_t w, uint32_t h)
{
    int n = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            float p[4];
            assert_true(nvgp_pipe_fb_pixel(f->fb, x, y, p));
            n += p[3] != 0.0f;
        }
    return n;
}

/* Point sprites: a point of size 2.5 at window (10.5, 7.2) covers the
 * pixels whose centres are in [9.25, 11.75) x [5.95, 8.45): columns 9-11,
 * rows 6-7, 6 pixels (without sprites the size rounds to 3: 9 pixels).
 * Texture coordinate 0 replaced: at pixel (9, 6), centre (9.5, 6.5):
 * s = 1/2 + (9.5 - 10.5) / 2.5 = 0.1, t = 1/2 - (6.5 - 7.2) / 2.5 = 0.78
 * with the upper-left origin, 0.22 with the lower-left one. */
static void test_point_sprite(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 16, 16, 1);
    float p[4] = {ndc(10.5f, 16), ndc(7.2f, 16), 0, 1};
    f.s->point_size = 2.5f;
    assert_true(draw(&f, NVGP_PIPE_POINTS, p, NULL, 1));
    assert_int_equal(count_drawn(&f, 16, 16), 9);
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->point_sprite = true;
    f.s->point_coord_replace[0] = true;
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nMOV result.color.w, 1;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_POINTS, p, NULL, 1));
    assert_int_equal(count_drawn(&f, 16, 16), 6);
    expect_pixel(&f, 9, 6, 0.1f, 0.78f, 0, 1);
    expect_pixel(&f, 11, 7, 0.9f, 0.38f, 0, 1);
    float c[4];
    assert_true(nvgp_pipe_fb_pixel(f.fb, 9, 8, c));
    assert_true(c[3] == 0.0f);
    f.s->point_origin_lower_left = true;
    assert_true(draw(&f, NVGP_PIPE_POINTS, p, NULL, 1));
    expect_pixel(&f, 9, 6, 0.1f, 0.22f, 0, 1);
    /* size 3 (the task's example): columns 9-11, rows 6-8 either way */
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->point_size = 3;
    assert_true(draw(&f, NVGP_PIPE_POINTS, p, NULL, 1));
    assert_int_equal(count_drawn(&f, 16, 16), 9);
    assert_true(nvgp_pipe_fb_pixel(f.fb, 11, 8, c));
    assert_true(c[3] == 1.0f);
    teardown(&f);
}

/* Line stipple: a line from window (0.5, 2.5) to (7.5, 2.5) makes columns
 * 0-6; pattern 0x5 (bits 0 and 2), factor 1: columns 0, 2 drawn; factor 2:
 * bit (k / 2): k = 0, 1 -> bit 0 (on), 2, 3 -> bit 1 (off), 4, 5 -> bit 2
 * (on), 6 -> bit 3 (off). */
static void test_line_stipple(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 8, 8, 1);
    float l[8] = {ndc(0.5f, 8), ndc(2.5f, 8), 0, 1, ndc(7.5f, 8), ndc(2.5f, 8), 0, 1};
    f.s->line_stipple = true;
    f.s->line_stipple_pattern = 0x5;
    f.s->line_stipple_factor = 1;
    assert_true(draw(&f, NVGP_PIPE_LINES, l, NULL, 2));
    static const int on1[8] = {1, 0, 1, 0, 0, 0, 0, 0};
    for (int x = 0; x < 8; x++) {
        float c[4];
        assert_true(nvgp_pipe_fb_pixel(f.fb, x, 2, c));
        if ((c[3] != 0) != on1[x]) {
            fprintf(stderr, "factor 1: column %d\n", x);
            fail();
        }
    }
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->line_stipple_factor = 2;
    assert_true(draw(&f, NVGP_PIPE_LINES, l, NULL, 2));
    static const int on2[8] = {1, 1, 0, 0, 1, 1, 0, 0};
    for (int x = 0; x < 8; x++) {
        float c[4];
        assert_true(nvgp_pipe_fb_pixel(f.fb, x, 2, c));
        if ((c[3] != 0) != on2[x]) {
            fprintf(stderr, "factor 2: column %d\n", x);
            fail();
        }
    }
    teardown(&f);
}

/* GL 3.5.1's diamond-exit rule for width 1: the segment from window (0.9,
 * 2.5) to (3.2, 2.5) starts inside the diamond of pixel (0, 2) (|0.9 -
 * 0.5| < 1/2) and leaves it: fragment; it ends inside the diamond of (3, 2)
 * (|3.2 - 3.5| < 1/2): no fragment.  Columns 0-2 (a rule by column centres
 * in [0.9, 3.2) would give only 1-2).  A y-major segment from (5.5, 0.2) to
 * (5.5, 3.9): rows 0-2 ((5, 3)'s diamond holds the end: |3.9 - 3.5| < 1/2). */
static void test_line_diamond(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 8, 8, 1);
    float l[16] = {ndc(0.9f, 8), ndc(2.5f, 8), 0, 1, ndc(3.2f, 8), ndc(2.5f, 8), 0, 1,
                   ndc(5.5f, 8), ndc(0.2f, 8), 0, 1, ndc(5.5f, 8), ndc(3.9f, 8), 0, 1};
    assert_true(draw(&f, NVGP_PIPE_LINES, l, NULL, 4));
    for (int x = 0; x < 5; x++)
        expect_pixel(&f, x, 2, x < 3, x < 3, x < 3, x < 3);
    for (int y = 0; y < 5; y++)
        expect_pixel(&f, 5, y, y < 3, y < 3, y < 3, y < 3);
    assert_int_equal(count_drawn(&f, 8, 8), 6);
    teardown(&f);
}

/* ARB_vertex_program 2.11: client clip plane 0 = (1, 0, 0, 0) (eye x >= 0)
 * clips a position-invariant program's full-window quad to columns 4-7; a
 * program that is not position-invariant treats the plane as disabled.
 * The triangle (0,0) (8,0) (0,8) clipped at x = 4 keeps the columns 4..
 * whose centres are inside: at row 0, columns 4-6. */
static void test_clip_position_invariant(void **state)
{
    (void)state;
    static const float quad[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    fixture f;
    setup(&f, 8, 8, 1);
    f.s->clip_plane_enabled[0] = true;
    f.s->clip_plane[0][0] = 1;
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, quad, NULL, 4));
    assert_int_equal(count_drawn(&f, 8, 8), 32);
    expect_pixel(&f, 3, 0, 0, 0, 0, 0);
    expect_pixel(&f, 4, 0, 1, 1, 1, 1);
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.color, vertex.color;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, quad, NULL, 4));
    assert_int_equal(count_drawn(&f, 8, 8), 64);
    /* fixed function: the clipped triangle */
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->program[NVGP_PIPE_VERTEX] = NULL;
    static const float tri[12] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, tri, NULL, 3));
    expect_pixel(&f, 3, 0, 0, 0, 0, 0);
    expect_pixel(&f, 6, 0, 1, 1, 1, 1);
    expect_pixel(&f, 7, 0, 0, 0, 0, 0);
    teardown(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_positions),   cmocka_unit_test(test_msaa_coverage_resolve),
        cmocka_unit_test(test_centroid),           cmocka_unit_test(test_per_sample),
        cmocka_unit_test(test_sample_mask_output), cmocka_unit_test(test_early_fragment_tests),
        cmocka_unit_test(test_dual_source_blend),  cmocka_unit_test(test_point_sprite),
        cmocka_unit_test(test_line_stipple),       cmocka_unit_test(test_clip_position_invariant),
        cmocka_unit_test(test_post_depth_coverage), cmocka_unit_test(test_line_diamond),
        cmocka_unit_test(test_alpha_to_coverage), cmocka_unit_test(test_interp_opcodes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
