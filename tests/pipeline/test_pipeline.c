/* The pipeline: draws whose pixels are computed by hand from GL's rules
 * (rasterisation, interpolation, per-fragment operations, state bindings)
 * and bad input that must neither crash nor write out of bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp_pipeline.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { W = 8, H = 8 };

typedef struct fixture {
    nvgp_pipe_state *s;
    nvgp_pipe_fb *fb;
    nvgp_program *prog[2];
    char err[256];
} fixture;

static void setup(fixture *f, uint32_t w, uint32_t h)
{
    memset(f, 0, sizeof *f);
    f->s = nvgp_pipe_state_create();
    assert_non_null(f->s);
    f->fb = nvgp_pipe_fb_create(w, h, NVGP_PIPE_RGBA32F, f->err, sizeof f->err);
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

/* Draws n vertices (positions, optional colours and texcoord 0). */
static bool draw(fixture *f, nvgp_pipe_prim prim, const float *pos, const float *color,
                 const float *tex, uint32_t n)
{
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = n;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_COLOR] = color;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tex;
    bool ok = nvgp_pipe_draw(f->s, f->fb, prim, &v, f->err, sizeof f->err);
    if (!ok)
        fprintf(stderr, "draw: %s\n", f->err);
    return ok;
}

static const float full_quad[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};

static void pixel(const fixture *f, int x, int y, float out[4])
{
    assert_true(nvgp_pipe_fb_pixel(f->fb, x, y, out));
}

static void expect_pixel(const fixture *f, int x, int y, float r, float g, float b, float a,
                         float tol)
{
    float p[4];
    pixel(f, x, y, p);
    float want[4] = {r, g, b, a};
    for (int c = 0; c < 4; c++)
        if (!(fabsf(p[c] - want[c]) <= tol)) {
            fprintf(stderr, "pixel (%d,%d).%d = %g, want %g\n", x, y, c, p[c], want[c]);
            fail();
        }
}

/* Two triangles of a strip share the diagonal x + y = 8, which passes
 * through the centres of pixels with i + j = 7: with additive blending of
 * 0.25 each pixel must end at exactly 0.25 (GL 3.6.1: a fragment on a
 * shared edge is produced once). */
static void test_shared_edge_once(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->blend = true;
    f.s->blend_src_rgb = f.s->blend_src_alpha = NVGP_BF_ONE;
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_ONE;
    for (int c = 0; c < 4; c++)
        f.s->current[NVGP_PIPE_ATTR_COLOR][c] = 0.25f;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    /* a fan around the centre: four triangles sharing edges through the
     * centre (4,4), a pixel corner, and the diagonals through centres */
    static const float fan[24] = {0, 0, 0, 1, -1, -1, 0, 1, 1, -1, 0, 1,
                                  1, 1, 0, 1, -1, 1, 0, 1, -1, -1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_FAN, fan, NULL, NULL, 6));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            expect_pixel(&f, x, y, 0.5f, 0.5f, 0.5f, 0.5f, 0.0f);
    teardown(&f);
}

/* A rectangle with edges on pixel boundaries covers exactly its pixels. */
static void test_rect_coverage(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    /* window x in [2, 6), y in [0, 4): NDC x in [-0.5, 0.5], y in [-1, 0] */
    static const float rect[16] = {-0.5f, -1, 0, 1, 0.5f, -1, 0, 1, -0.5f, 0, 0, 1, 0.5f, 0, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, rect, NULL, NULL, 4));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float in = x >= 2 && x < 6 && y < 4 ? 1.0f : 0.0f;
            expect_pixel(&f, x, y, in, in, in, in, 0.0f);
        }
    teardown(&f);
}

/* GL 3.6.1 (3.8): attributes are interpolated with the weights a_i / w_i
 * normalised.  Window (0,0) (8,0) (0,8) with w = 1, 2, 1 and s = 0, 1, 0:
 * at pixel (3,1), centre (3.5, 1.5), the screen weights are 0.375, 0.4375,
 * 0.1875, so s = 0.21875 / (0.375 + 0.21875 + 0.1875) = 0.28. */
static void test_perspective_correct(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    bind(&f, NVGP_PIPE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n");
    static const float pos[12] = {-1, -1, 0, 1, 2, -2, 0, 2, -1, 1, 0, 1};
    static const float tex[12] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, NULL, tex, 3));
    expect_pixel(&f, 3, 1, 0.28f, 0, 0, 1, 1e-6f);
    teardown(&f);
}

/* Flat shading takes the provoking vertex: the last of a triangle, or the
 * first under the first-vertex convention. */
static void test_flat_provoking(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->flat = true;
    static const float pos[12] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    static const float col[12] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, col, NULL, 3));
    expect_pixel(&f, 1, 1, 0, 0, 1, 1, 0);
    f.s->provoking_first = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, col, NULL, 3));
    expect_pixel(&f, 1, 1, 1, 0, 0, 1, 0);
    teardown(&f);
}

/* A clockwise triangle is back-facing (FrontFace(CCW)): culled with
 * CullFace(BACK), drawn with CullFace(FRONT), and fragment.facing is -1. */
static void test_cull_and_facing(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float cw[12] = {-1, -1, 0, 1, -1, 1, 0, 1, 1, -1, 0, 1};
    f.s->cull = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, cw, NULL, NULL, 3));
    expect_pixel(&f, 1, 1, 0, 0, 0, 0, 0);
    f.s->cull_face = NVGP_FACE_FRONT;
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp4.0\nMOV.F result.color, {0, 0, 0, 1};\nMOV.F result.color.x, fragment.facing.x;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, cw, NULL, NULL, 3));
    expect_pixel(&f, 1, 1, -1, 0, 0, 1, 0);
    teardown(&f);
}

/* VERTEX_PROGRAM_TWO_SIDE: a back-facing polygon takes the back colours
 * (result.color.back), a front-facing one the front colours; without it
 * both take the front colours. */
static void test_two_side(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
         "MOV result.color.front, {1, 0, 0, 1};\nMOV result.color.back, {0, 0, 1, 1};\nEND\n");
    static const float cw[12] = {-1, -1, 0, 1, -1, 1, 0, 1, 1, -1, 0, 1};
    static const float ccw[12] = {1, 1, 0, 1, -1, 1, 0, 1, 1, -1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, cw, NULL, NULL, 3));
    expect_pixel(&f, 1, 1, 1, 0, 0, 1, 0);
    f.s->two_side = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, cw, NULL, NULL, 3));
    expect_pixel(&f, 1, 1, 0, 0, 1, 1, 0);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, ccw, NULL, NULL, 3));
    expect_pixel(&f, 6, 6, 1, 0, 0, 1, 0);
    teardown(&f);
}

/* fragment.position: (x + 0.5, y + 0.5) from the lower left by default;
 * ARB_fragment_coord_origin_upper_left counts rows from the top (y = H -
 * row - 0.5), ARB_fragment_coord_pixel_center_integer drops the 0.5. */
static void test_fragment_position(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const char *const fps[3] = {
        "!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n",
        "!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
        "MOV result.color, fragment.position;\nEND\n",
        "!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
        "OPTION ARB_fragment_coord_pixel_center_integer;\nMOV result.color, fragment.position;\nEND\n"};
    const float want_y[3] = {1.5f, 6.5f, 6.0f}, want_x[3] = {2.5f, 2.5f, 2.0f};
    for (int i = 0; i < 3; i++) {
        bind(&f, NVGP_PIPE_FRAGMENT, fps[i]);
        assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
        /* z = 0.5 (z_ndc 0), w = 1 / w_clip = 1 */
        expect_pixel(&f, 2, 1, want_x[i], want_y[i], 0.5f, 1, 0);
    }
    teardown(&f);
}

/* Vertex colours are clamped to [0,1] (CLAMP_VERTEX_COLOR's initial
 * TRUE) unless ClampColor(CLAMP_VERTEX_COLOR, FALSE); texcoords never. */
static void test_vertex_color_clamp(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    float c[4] = {2, -1, 0.5f, 1};
    memcpy(f.s->current[NVGP_PIPE_ATTR_COLOR], c, sizeof c);
    bind(&f, NVGP_PIPE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 3, 3, 1, 0, 0.5f, 1, 0);
    f.s->no_vertex_color_clamp = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 3, 3, 2, -1, 0.5f, 1, 0);
    teardown(&f);
}

/* Derivatives at the edges: texcoord 0 = NDC position, so d/dx = d/dy =
 * 2 / 8 on every fragment, including those whose quad the triangle covers
 * only partly (the other lanes run as helpers with extrapolated values). */
static void test_derivatives_at_edges(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp4.0\nTEMP t;\nDDX.F t.x, fragment.texcoord[0].x;\nDDY.F t.y, fragment.texcoord[0].y;\n"
         "MOV.F t.zw, {0, 0, 1, 1};\nMOV.F result.color, t;\nEND\n");
    /* a thin triangle: many of its quads are partly covered */
    static const float pos[12] = {-0.9f, -0.9f, 0, 1, 0.8f, -0.7f, 0, 1, -0.7f, 0.9f, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, NULL, pos, 3));
    int drawn = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float p[4];
            pixel(&f, x, y, p);
            if (p[3] == 1.0f) {
                drawn++;
                expect_pixel(&f, x, y, 0.25f, 0.25f, 1, 1, 1e-5f);
            }
        }
    assert_true(drawn > 10);
    teardown(&f);
}

/* KIL discards the fragments with a negative component; the colour buffer
 * keeps its clear colour there. */
static void test_kil(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nKIL fragment.texcoord[0];\nMOV result.color, {0, 1, 0, 1};\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, full_quad, 4));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool kept = x >= 4 && y >= 4;   /* both coordinates >= 0 */
            expect_pixel(&f, x, y, 0, kept, 0, kept, 0);
        }
    teardown(&f);
}

/* Depth test LESS: the nearer quad wins whatever the order; the buffer holds
 * the window depth (z_ndc + 1) / 2. */
static void test_depth(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->depth_test = true;
    float near_q[16], far_q[16];
    memcpy(near_q, full_quad, sizeof near_q);
    memcpy(far_q, full_quad, sizeof far_q);
    for (int i = 0; i < 4; i++)
        near_q[4 * i + 2] = -0.5f, far_q[4 * i + 2] = 0.5f;
    f.s->current[NVGP_PIPE_ATTR_COLOR][0] = 0;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, near_q, NULL, NULL, 4));
    f.s->current[NVGP_PIPE_ATTR_COLOR][1] = 0;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, far_q, NULL, NULL, 4));
    expect_pixel(&f, 5, 2, 0, 1, 1, 1, 0);
    float d;
    assert_true(nvgp_pipe_fb_depth(f.fb, 5, 2, &d));
    assert_true(fabsf(d - 0.25f) < 1e-6f);
    teardown(&f);
}

/* SRC_ALPHA, ONE_MINUS_SRC_ALPHA over (0, 0, 1, 1) with (1, 0, 0, 0.25):
 * rgb = 0.25 (1,0,0) + 0.75 (0,0,1), a = 0.25 * 0.25 + 0.75 * 1. */
static void test_blend(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float blue[4] = {0, 0, 1, 1};
    nvgp_pipe_fb_clear(f.fb, f.s, blue, NULL);
    f.s->blend = true;
    f.s->blend_src_rgb = f.s->blend_src_alpha = NVGP_BF_SRC_ALPHA;
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_ONE_MINUS_SRC_ALPHA;
    float red[4] = {1, 0, 0, 0.25f};
    memcpy(f.s->current[NVGP_PIPE_ATTR_COLOR], red, sizeof red);
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 3, 3, 0.25f, 0, 0.75f, 0.8125f, 1e-6f);
    /* REVERSE_SUBTRACT with ONE, ONE: dst - src, clamped by nothing in a
     * float buffer */
    f.s->blend_src_rgb = f.s->blend_src_alpha = NVGP_BF_ONE;
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_ONE;
    f.s->blend_eq_rgb = f.s->blend_eq_alpha = NVGP_BE_REVERSE_SUBTRACT;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 3, 3, -0.75f, 0, 0.75f, 0.5625f, 1e-6f);
    teardown(&f);
}

/* state.matrix bindings: modelview M = [[2, 0.5, 0, 0], [0, 1, 0, 0], I]
 * has inverse rows (0.5, -0.25, 0, 0), (0, 1, 0, 0), ...; its transpose's
 * row 0 is (2, 0, 0, 0), its inverse transpose's row 1 (-0.25, 1, 0, 0). */
static void test_state_matrices(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->modelview[0] = 2.0f;
    f.s->modelview[1] = 0.5f;
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
         "MOV result.texcoord[0], state.matrix.modelview.inverse.row[0];\n"
         "MOV result.texcoord[1], state.matrix.modelview.transpose.row[0];\n"
         "MOV result.texcoord[2], state.matrix.modelview.invtrans.row[1];\nEND\n");
    const char *fps[3] = {"!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n",
                          "!!ARBfp1.0\nMOV result.color, fragment.texcoord[1];\nEND\n",
                          "!!ARBfp1.0\nMOV result.color, fragment.texcoord[2];\nEND\n"};
    const float want[3][4] = {{0.5f, -0.25f, 0, 0}, {2, 0, 0, 0}, {-0.25f, 1, 0, 0}};
    for (int i = 0; i < 3; i++) {
        bind(&f, NVGP_PIPE_FRAGMENT, fps[i]);
        assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
        expect_pixel(&f, 4, 4, want[i][0], want[i][1], want[i][2], want[i][3], 1e-6f);
    }
    teardown(&f);
}

/* More matrices: mvp = P * MV with P = ortho(0, 2, 0, 4, -1, 1) (row 0
 * (1, 0, 0, -1)) and MV = translate(0.5, 0, 0): mvp row 0 = (1, 0, 0, -0.5);
 * texture[1] and program[0] rows as set; and NV c[4..7] tracking the
 * inverse of MV: row 0 = (1, 0, 0, -0.5). */
static void test_more_matrices(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    nvgp_pipe_mat_ortho(f.s->projection, 0, 2, 0, 4, -1, 1);
    f.s->modelview[3] = 0.5f;
    f.s->texture_matrix[1][4] = 7.0f;     /* row 1 = (7, 1, 0, 0) */
    f.s->program_matrix[0][15] = 3.0f;    /* row 3 = (0, 0, 0, 3) */
    f.s->track[1].matrix = NVGP_TRACK_MODELVIEW;
    f.s->track[1].transform = NVGP_TRACK_INVERSE;
    static const char *const vps[4] = {
        "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
        "MOV result.texcoord[0], state.matrix.mvp.row[0];\nEND\n",
        "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
        "MOV result.texcoord[0], state.matrix.texture[1].row[1];\nEND\n",
        "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
        "MOV result.texcoord[0], state.matrix.program[0].row[3];\nEND\n",
        "!!VP1.0\nMOV o[HPOS], v[OPOS];\nMOV o[TEX0], c[4];\nEND\n"};
    const float want[4][4] = {{1, 0, 0, -0.5f}, {7, 1, 0, 0}, {0, 0, 0, 3}, {1, 0, 0, -0.5f}};
    bind(&f, NVGP_PIPE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n");
    for (int i = 0; i < 4; i++) {
        bind(&f, NVGP_PIPE_VERTEX, vps[i]);
        assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
        expect_pixel(&f, 4, 4, want[i][0], want[i][1], want[i][2], want[i][3], 1e-6f);
    }
    teardown(&f);
}

/* NV_fragment_program: p[n] is numbered local parameter n of the fragment
 * program, DECLAREd parameters keep their initial values:
 * (0.5, 0.25, 0, 1) + p[1] = (0.5, 0.75, 0, 1). */
static void test_fp1_parameters(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    float p1[4] = {0, 0.5f, 0, 0};
    memcpy(f.s->local[NVGP_PIPE_FRAGMENT][1], p1, sizeof p1);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!FP1.0\nDECLARE c1 = {0.5, 0.25, 0, 1};\nMOVR R0, c1;\nADDR R0, R0, p[1];\n"
         "MOVR o[COLR], R0;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 1, 6, 0.5f, 0.75f, 0, 1, 0);
    teardown(&f);
}

/* OPTION ARB_fog_linear: f = (end - c) / (end - start) = (1 - 0.25) / 1,
 * rgb = f * (1, 0, 0) + (1 - f) * fog colour (0, 0, 1); alpha kept. */
static void test_fog_linear(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->fog_start = 0, f.s->fog_end = 1;
    f.s->fog_color[2] = 1;
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.fogcoord.x, 0.25;\nEND\n");
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nOPTION ARB_fog_linear;\nMOV result.color, {1, 0, 0, 0.5};\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 2, 6, 0.75f, 0, 0.25f, 0.5f, 1e-6f);
    teardown(&f);
}

/* ARB_fragment_program 3.11.4.5.1: a fog option applies fog "to the
 * program's final clamped color", even in a float framebuffer: the colour
 * (4, -2, 0.5, 3) clamps to (1, 0, 0.5, 1) before the blend with the fog
 * colour (0, 0, 1) at f = 0.75: rgb = (0.75, 0, 0.625), alpha 1. */
static void test_fog_clamped_color(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->fog_start = 0, f.s->fog_end = 1;
    f.s->fog_color[2] = 1;
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.fogcoord.x, 0.25;\nEND\n");
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nOPTION ARB_fog_linear;\nMOV result.color, {4, -2, 0.5, 3};\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 2, 6, 0.75f, 0, 0.625f, 1, 1e-6f);
    teardown(&f);
}

/* ARBfp POW and LIT at the special points (spec-decisions "ARB programs"
 * 4): POW(0, 0) = 1, POW(-2, 2) = 4 and POW(0, -1) = +Inf (pow()'s values,
 * which the spec's ApproxExp2(b * ApproxLog2(a)) need not reach), and
 * LIT's z for (1, 0, ., 0) is 1: "since 0^0 is defined to be 1,
 * RoughApproxPower(0.0, 0.0) will produce 1.0" (ARB_fragment_program
 * 3.11.5.13).  The operands come from program.local so that no constant
 * folding decides them. */
static void test_arb_pow_special(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    const float l0[4] = {0, -2, 2, -1}, l1[4] = {1, 0, 0.5f, 0};
    memcpy(f.s->local[NVGP_PIPE_FRAGMENT][0], l0, sizeof l0);
    memcpy(f.s->local[NVGP_PIPE_FRAGMENT][1], l1, sizeof l1);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nPARAM z = program.local[0];\nTEMP t, l;\n"
         "POW t.x, z.x, z.x;\nPOW t.y, z.y, z.z;\nPOW t.z, z.x, z.w;\n"
         "LIT l, program.local[1];\nMOV t.w, l.z;\nMOV result.color, t;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    float p[4];
    pixel(&f, 3, 3, p);
    assert_true(p[0] == 1.0f);
    assert_true(fabsf(p[1] - 4.0f) <= 4e-6f);
    assert_true(isinf(p[2]) && p[2] > 0);
    assert_true(p[3] == 1.0f);
    teardown(&f);
}

/* The viewport (2, 2, 4, 4) of an 8x8 buffer: a triangle far larger than
 * the clip volume fills the viewport and nothing else. */
static void test_clip_to_viewport(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->viewport[0] = f.s->viewport[1] = 2;
    f.s->viewport[2] = f.s->viewport[3] = 4;
    static const float big[12] = {-50, -50, 0, 1, 100, -50, 0, 1, -50, 100, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, big, NULL, NULL, 3));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float in = x >= 2 && x < 6 && y >= 2 && y < 6;
            expect_pixel(&f, x, y, in, in, in, in, 0);
        }
    teardown(&f);
}

/* A vertex behind the eye (w < 0) projects to the wrong side: A (-1,-1,0,1),
 * B (1,-1,0,1), C (0,2,0,-1) (C / w = (0,-2)).  The points of the triangle
 * with w > 0 project onto the wedge above AB bounded by the lines from C/w
 * through A and B continued (|x| <= y + 2), which holds the whole viewport;
 * dividing without clipping would draw A, B, C/w below the viewport. */
static void test_clip_behind_eye(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float pos[12] = {-1, -1, 0, 1, 1, -1, 0, 1, 0, 2, 0, -1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, NULL, NULL, 3));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            expect_pixel(&f, x, y, 1, 1, 1, 1, 0);
    teardown(&f);
}

/* User clip distances from a vertex program: NV_vertex_program2's o[CLP0]
 * = x and NV_vertex_program2_option's result.clip[1] = y.  With plane 0
 * enabled only x_ndc >= 0 remains (pixel columns 4..7), with plane 1 only
 * y_ndc >= 0 (rows 4..7); a disabled plane clips nothing. */
static void test_user_clip_distances(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    bind(&f, NVGP_PIPE_VERTEX,
         "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMOV o[CLP0].x, v[OPOS].x;\nMOV o[COL0], v[COL0];\nEND\n");
    f.s->clip_plane_enabled[1] = true;   /* the program writes no CLP1: (0,0,0,1) keeps all */
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 0, 0, 1, 1, 1, 1, 0);
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->clip_plane_enabled[1] = false;
    f.s->clip_plane_enabled[0] = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float in = x >= 4;
            expect_pixel(&f, x, y, in, in, in, in, 0);
        }
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nOPTION NV_vertex_program2;\nMOV result.position, vertex.position;\n"
         "MOV result.color, vertex.color;\nMOV result.clip[1].x, vertex.position.y;\nEND\n");
    f.s->clip_plane_enabled[0] = false;
    f.s->clip_plane_enabled[1] = true;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float in = y >= 4;
            expect_pixel(&f, x, y, in, in, in, in, 0);
        }
    teardown(&f);
}

/* NDC of a window position in the 8x8 viewport. */
static float ndc(float w)
{
    return w / 4.0f - 1.0f;
}

static int count_drawn(const fixture *f)
{
    int n = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float p[4];
            pixel(f, x, y, p);
            n += p[3] != 0.0f;
        }
    return n;
}

/* GL 3.4.1: a point of odd size w covers the w x w pixels centred on the
 * pixel holding it, of even size those around the nearest pixel corner; a
 * point outside the clip volume is discarded whatever its size. */
static void test_points(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float black[4] = {0, 0, 0, 0};
    float p1[4] = {ndc(2.5f), ndc(2.5f), 0, 1};
    assert_true(draw(&f, NVGP_PIPE_POINTS, p1, NULL, NULL, 1));
    expect_pixel(&f, 2, 2, 1, 1, 1, 1, 0);
    assert_int_equal(count_drawn(&f), 1);
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->point_size = 3;
    assert_true(draw(&f, NVGP_PIPE_POINTS, p1, NULL, NULL, 1));
    assert_int_equal(count_drawn(&f), 9);
    expect_pixel(&f, 1, 3, 1, 1, 1, 1, 0);
    expect_pixel(&f, 4, 2, 0, 0, 0, 0, 0);
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->point_size = 2;
    float p2[4] = {ndc(4.2f), ndc(4.3f), 0, 1};
    assert_true(draw(&f, NVGP_PIPE_POINTS, p2, NULL, NULL, 1));
    assert_int_equal(count_drawn(&f), 4);
    expect_pixel(&f, 3, 3, 1, 1, 1, 1, 0);
    expect_pixel(&f, 4, 4, 1, 1, 1, 1, 0);
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->point_size = 5;
    float outside[4] = {1.05f, 0, 0, 1};   /* its square would reach column 7 */
    assert_true(draw(&f, NVGP_PIPE_POINTS, outside, NULL, NULL, 1));
    assert_int_equal(count_drawn(&f), 0);
    float corner[4] = {ndc(0.5f), ndc(0.5f), 0, 1};   /* partly off the buffer */
    assert_true(draw(&f, NVGP_PIPE_POINTS, corner, NULL, NULL, 1));
    assert_int_equal(count_drawn(&f), 9);
    /* the vertex program's result.pointsize with VERTEX_PROGRAM_POINT_SIZE */
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    bind(&f, NVGP_PIPE_VERTEX,
         "!!ARBvp1.0\nMOV result.position, vertex.position;\nMOV result.color, 1;\n"
         "MOV result.pointsize.x, 3;\nEND\n");
    f.s->point_size = 1;
    f.s->program_point_size = true;
    assert_true(draw(&f, NVGP_PIPE_POINTS, p1, NULL, NULL, 1));
    assert_int_equal(count_drawn(&f), 9);
    teardown(&f);
}

/* GL 3.5.1 lines: an x-major segment from window (0.5, 2.5) to (7.5, 2.5)
 * makes the fragments of columns 0..6 in row 2 (the end point's pixel is
 * left to the next segment); the strip continues y-major up to (7.5, 6.5):
 * rows 2..5 of column 7.  With additive blending every pixel is drawn
 * once.  Colours interpolate along the line: at column 3, t = 3/7. */
static void test_lines(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->blend = true;
    f.s->blend_src_rgb = f.s->blend_src_alpha = NVGP_BF_ONE;
    f.s->blend_dst_rgb = f.s->blend_dst_alpha = NVGP_BF_ONE;
    float strip[12] = {ndc(0.5f), ndc(2.5f), 0, 1, ndc(7.5f), ndc(2.5f), 0, 1,
                       ndc(7.5f), ndc(6.5f), 0, 1};
    float quarter[12] = {0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f,
                         0.25f, 0.25f, 0.25f, 0.25f};
    assert_true(draw(&f, NVGP_PIPE_LINE_STRIP, strip, quarter, NULL, 3));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float in = (y == 2 && x <= 6) || (x == 7 && y >= 2 && y <= 5) ? 0.25f : 0.0f;
            expect_pixel(&f, x, y, in, in, in, in, 0);
        }
    static const float black[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->blend = false;
    float col[8] = {1, 0, 0, 1, 0, 0, 1, 1};
    assert_true(draw(&f, NVGP_PIPE_LINES, strip, col, NULL, 2));
    expect_pixel(&f, 3, 2, 4.0f / 7, 0, 3.0f / 7, 1, 1e-6f);
    f.s->flat = true;   /* the provoking vertex: the segment's last */
    assert_true(draw(&f, NVGP_PIPE_LINES, strip, col, NULL, 2));
    expect_pixel(&f, 3, 2, 0, 0, 1, 1, 0);
    /* width 3: the rows centred on the line, 1..3 */
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->line_width = 3;
    assert_true(draw(&f, NVGP_PIPE_LINES, strip, NULL, NULL, 2));
    assert_int_equal(count_drawn(&f), 21);
    expect_pixel(&f, 0, 1, 1, 1, 1, 1, 0);
    expect_pixel(&f, 6, 3, 1, 1, 1, 1, 0);
    /* a loop closes back to its first vertex: (7.5, 6.5) -> (0.5, 2.5) is
     * x-major, columns 7 down to 1 (centres in (0.5, 7.5]), rows
     * floor(6.5 - (7.5 - u) * 4/7): (7,6) (6,5) (5,5) (4,4) (3,4) (2,3)
     * (1,3), none shared with the 7 + 4 pixels of the strip */
    nvgp_pipe_fb_clear(f.fb, NULL, black, NULL);
    f.s->line_width = 1;
    assert_true(draw(&f, NVGP_PIPE_LINE_LOOP, strip, NULL, NULL, 3));
    assert_int_equal(count_drawn(&f), 7 + 4 + 7);
    expect_pixel(&f, 7, 6, 1, 1, 1, 1, 0);
    expect_pixel(&f, 4, 4, 1, 1, 1, 1, 0);
    expect_pixel(&f, 1, 3, 1, 1, 1, 1, 0);
    teardown(&f);
}

/* Scissor (2, 2, 3, 3): draws and clears touch its 9 pixels only. */
static void test_scissor(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->scissor_test = true;
    f.s->scissor[0] = f.s->scissor[1] = 2;
    f.s->scissor[2] = f.s->scissor[3] = 3;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_int_equal(count_drawn(&f), 9);
    expect_pixel(&f, 4, 4, 1, 1, 1, 1, 0);
    expect_pixel(&f, 5, 4, 0, 0, 0, 0, 0);
    static const float half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    f.s->scissor[0] = 0;
    nvgp_pipe_fb_clear(f.fb, f.s, half, NULL);
    /* the scissor is now (0, 2, 3, 3): columns 0..2, rows 2..4 */
    expect_pixel(&f, 0, 2, 0.5f, 0.5f, 0.5f, 0.5f, 0);
    expect_pixel(&f, 2, 4, 0.5f, 0.5f, 0.5f, 0.5f, 0);
    expect_pixel(&f, 4, 4, 1, 1, 1, 1, 0);
    expect_pixel(&f, 0, 1, 0, 0, 0, 0, 0);
    teardown(&f);
}

/* Alpha test GREATER 0.5: alpha 0.25 draws nothing, 0.75 draws. */
static void test_alpha_test(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    f.s->alpha_test = true;
    f.s->alpha_func = NVGP_PIPE_GREATER;
    f.s->alpha_ref = 0.5f;
    f.s->current[NVGP_PIPE_ATTR_COLOR][3] = 0.25f;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_int_equal(count_drawn(&f), 0);
    f.s->current[NVGP_PIPE_ATTR_COLOR][3] = 0.75f;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_int_equal(count_drawn(&f), W * H);
    teardown(&f);
}

/* Stencil (GL 4.1.5): mark the left half with REPLACE 1, draw where EQUAL
 * 1; a failing test runs sfail (INCR), a failing depth test dpfail
 * (INVERT); a back-facing triangle uses the back state. */
static void test_stencil(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    nvgp_pipe_fb_clear_stencil(f.fb, f.s, 0);
    f.s->stencil_test = true;
    nvgp_pipe_stencil *fr = &f.s->stencil[0];
    fr->func = NVGP_PIPE_ALWAYS, fr->ref = 1, fr->dppass = NVGP_SO_REPLACE;
    f.s->color_mask[0] = f.s->color_mask[1] = f.s->color_mask[2] = f.s->color_mask[3] = false;
    static const float left[16] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 1, 0, 1, 0, 1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, left, NULL, NULL, 4));
    assert_int_equal(count_drawn(&f), 0);
    uint8_t st;
    assert_true(nvgp_pipe_fb_stencil(f.fb, 3, 5, &st) && st == 1);
    assert_true(nvgp_pipe_fb_stencil(f.fb, 4, 5, &st) && st == 0);
    f.s->color_mask[0] = f.s->color_mask[1] = f.s->color_mask[2] = f.s->color_mask[3] = true;
    fr->func = NVGP_PIPE_EQUAL, fr->dppass = NVGP_SO_KEEP, fr->sfail = NVGP_SO_INCR;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_int_equal(count_drawn(&f), W * H / 2);
    expect_pixel(&f, 3, 5, 1, 1, 1, 1, 0);
    assert_true(nvgp_pipe_fb_stencil(f.fb, 4, 5, &st) && st == 1);   /* 0 failed: INCR */
    assert_true(nvgp_pipe_fb_stencil(f.fb, 3, 5, &st) && st == 1);   /* passed: KEEP */
    /* depth fails everywhere (cleared to 0, LESS): dpfail INVERT on passes */
    static const float zero = 0.0f;
    nvgp_pipe_fb_clear(f.fb, NULL, NULL, &zero);
    f.s->depth_test = true;
    fr->func = NVGP_PIPE_ALWAYS, fr->dpfail = NVGP_SO_INVERT;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_true(nvgp_pipe_fb_stencil(f.fb, 0, 0, &st) && st == 0xfe);
    /* back faces: the back state (ref 7, REPLACE) */
    f.s->depth_test = false;
    nvgp_pipe_stencil *bk = &f.s->stencil[1];
    bk->func = NVGP_PIPE_ALWAYS, bk->ref = 7, bk->dppass = NVGP_SO_REPLACE;
    static const float cw[12] = {-1, -1, 0, 1, -1, 1, 0, 1, 1, -1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, cw, NULL, NULL, 3));
    assert_true(nvgp_pipe_fb_stencil(f.fb, 0, 0, &st) && st == 7);
    teardown(&f);
}

/* Bad input: NaN or infinite positions, zero area, enormous coordinates and
 * viewports draw nothing or the defined part, and never write outside the
 * buffer (the sanitizer build checks); a too-large framebuffer is refused. */
static void test_bad_input(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    float nanq[16];
    memcpy(nanq, full_quad, sizeof nanq);
    nanq[0] = NAN;
    nanq[5] = INFINITY;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, nanq, NULL, NULL, 3));
    expect_pixel(&f, 1, 1, 0, 0, 0, 0, 0);
    static const float flat_tri[12] = {-1, -1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, flat_tri, NULL, NULL, 3));
    for (int i = 0; i < W; i++)
        expect_pixel(&f, i, i, 0, 0, 0, 0, 0);
    static const float huge[12] = {-1e30f, -1e30f, 0, 1, 1e30f, -1e30f, 0, 1, 0, 1e30f, 0, 1e-30f};
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, huge, NULL, NULL, 3));
    f.s->viewport[0] = -2000000000;
    f.s->viewport[2] = 2000000000;
    f.s->viewport[3] = 2000000000;
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_true(draw(&f, NVGP_PIPE_TRIANGLES, full_quad, NULL, NULL, 2)); /* too few vertices */
    char err[256];
    assert_null(nvgp_pipe_fb_create(100000, 100000, NVGP_PIPE_RGBA8, err, sizeof err));
    assert_null(nvgp_pipe_fb_create(0, 1, NVGP_PIPE_RGBA8, err, sizeof err));
    /* a fragment program bound as the vertex program is refused */
    bind(&f, NVGP_PIPE_VERTEX, "!!ARBfp1.0\nMOV result.color, 1;\nEND\n");
    assert_false(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_non_null(strstr(f.err, "vertex"));
    teardown(&f);
}

/* nvgp_pipe_state.engine: every engine draws the same pixels, bit for bit
 * (perspective-correct texture coordinates through SIN, RSQ and a
 * multiply-add: each engine's own code path), and a value that is not an
 * nvgp_engine is refused by name. */
static void test_engines_same_pixels(void **state)
{
    (void)state;
    static const unsigned engines[] = {NVGP_ENGINE_REFERENCE, NVGP_ENGINE_FAST, NVGP_ENGINE_JIT,
                                       NVGP_ENGINE_DEFAULT};
    static const float pos[12] = {-1, -1, 0, 1, 2, -2, 0, 2, -1, 1, 0, 1};
    static const float tex[12] = {0, 0, 0, 1, 7, 0, 0, 1, 0, 5, 0, 1};
    float first[W * H][4];
    for (int e = 0; e < 4; e++) {
        fixture f;
        setup(&f, W, H);
        bind(&f, NVGP_PIPE_FRAGMENT,
             "!!ARBfp1.0\nTEMP t;\nSIN t.x, fragment.texcoord[0].x;\n"
             "RSQ t.y, fragment.texcoord[0].y;\nMAD t.z, t.x, t.y, fragment.texcoord[0].x;\n"
             "MOV t.w, fragment.texcoord[0].y;\nMOV result.color, t;\nEND\n");
        f.s->engine = engines[e];
        assert_true(draw(&f, NVGP_PIPE_TRIANGLES, pos, NULL, tex, 3));
        for (int i = 0; i < W * H; i++) {
            float p[4];
            pixel(&f, i % W, i / W, p);
            if (e == 0)
                memcpy(first[i], p, sizeof p);
            else
                assert_memory_equal(first[i], p, sizeof p);
        }
        if (e == 3) {
            f.s->engine = NVGP_ENGINE_JIT + 1;
            assert_false(draw(&f, NVGP_PIPE_TRIANGLES, pos, NULL, tex, 3));
            assert_non_null(strstr(f.err, "engine"));
        }
        teardown(&f);
    }
    /* the drawn pixels are not all the same (the comparison compares
     * something): (0,0) and (3,1) differ */
    assert_true(memcmp(first[0], first[W + 3], sizeof first[0]) != 0);
}

/* A unit with no texture samples GL's incomplete texture: (0, 0, 0, 1)
 * (decision Pipeline 4). */
static void test_unbound_texture(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float white[4] = {1, 1, 1, 1};
    nvgp_pipe_fb_clear(f.fb, NULL, white, NULL);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[3], 2D;\nEND\n");
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, full_quad, 4));
    expect_pixel(&f, 5, 5, 0, 0, 0, 1, 0);
    teardown(&f);
}

/* NV_parameter_buffer_object binding points of a stage (decision
 * Pipeline 13): BindBufferRangeNV's INVALID_VALUE cases refused, the bytes
 * read by program.buffer[a], 0 once unbound; a TGSI program's BUFFER[a]
 * is binding point a; a size set by hand that is not word-aligned fails
 * the draw. */
static void test_parameter_buffers(void **state)
{
    (void)state;
    fixture f;
    setup(&f, W, H);
    static const float vecs[8] = {9, 9, 9, 9, 0.25f, 0.5f, 0.75f, 1};
    char err[160];
    /* refused: index 14 (MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV), size 0,
     * a size not a multiple of 4, a size without data, no such stage */
    assert_false(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 14, vecs, 32, err,
                                                 sizeof err));
    assert_false(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 13, vecs, 0, err,
                                                 sizeof err));
    assert_false(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 13, vecs, 30, err,
                                                 sizeof err));
    assert_false(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 13, NULL, 32, err,
                                                 sizeof err));
    assert_false(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_STAGES, 0, vecs, 32, err,
                                                 sizeof err));
    assert_null(f.s->parameter_buffer[NVGP_PIPE_FRAGMENT][13].data);
    bind(&f, NVGP_PIPE_FRAGMENT,
         "!!NVfp4.0\nBUFFER4 b[] = { program.buffer[13] };\nMOV result.color, b[1];\nEND\n");
    assert_true(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 13, vecs, 32, err,
                                                sizeof err));
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 2, 3, 0.25f, 0.5f, 0.75f, 1, 0);
    /* the same bytes on the vertex stage's point 13 leave the fragment
     * stage's unbound: 0 */
    assert_true(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 13, NULL, 0, err,
                                                sizeof err));
    assert_true(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_VERTEX, 13, vecs, 32, err,
                                                sizeof err));
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 2, 3, 0, 0, 0, 0, 0);
    /* TGSI: LOAD of BUFFER[2] at byte 16 reads parameter buffer 2's second vec4 */
    bind(&f, NVGP_PIPE_FRAGMENT,
         "FRAG\nDCL BUFFER[2]\nDCL OUT[0], COLOR\nIMM[0] UINT32 {16, 0, 0, 0}\n"
         "  LOAD OUT[0], BUFFER[2], IMM[0].xxxx\nEND\n");
    assert_true(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_FRAGMENT, 2, vecs, 32, err,
                                                sizeof err));
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 5, 1, 0.25f, 0.5f, 0.75f, 1, 0);
    /* a size not word-aligned, set in the state by hand */
    f.s->parameter_buffer[NVGP_PIPE_FRAGMENT][2].bytes = 6;
    assert_false(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    assert_non_null(strstr(f.err, "parameter buffer 2 of the fragment stage"));
    f.s->parameter_buffer[NVGP_PIPE_FRAGMENT][2].bytes = 32;
    /* the geometry stage's own point 0: its colour reaches the fixed-function
     * fragment stage */
    nvgp_program_destroy(f.prog[NVGP_PIPE_FRAGMENT]);
    f.prog[NVGP_PIPE_FRAGMENT] = NULL;
    f.s->program[NVGP_PIPE_FRAGMENT] = NULL;
    static const char gp[] =
        "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\n"
        "BUFFER4 b[] = { program.buffer[0] };\n"
        "MOV result.position, vertex[0].position;\nMOV result.color, b[1];\nEMIT;\n"
        "MOV result.position, vertex[1].position;\nMOV result.color, b[1];\nEMIT;\n"
        "MOV result.position, vertex[2].position;\nMOV result.color, b[1];\nEMIT;\nEND\n";
    nvgp_diag *d = NULL;
    nvgp_program *g = nvgp_program_create("gp", gp, strlen(gp), &d);
    nvgp_diag_destroy(d);
    assert_non_null(g);
    f.s->program[NVGP_PIPE_GEOMETRY] = g;
    assert_true(nvgp_pipe_bind_parameter_buffer(f.s, NVGP_PIPE_GEOMETRY, 0, vecs, 32, err,
                                                sizeof err));
    assert_true(draw(&f, NVGP_PIPE_TRIANGLE_STRIP, full_quad, NULL, NULL, 4));
    expect_pixel(&f, 6, 6, 0.25f, 0.5f, 0.75f, 1, 0);
    f.s->program[NVGP_PIPE_GEOMETRY] = NULL;
    nvgp_program_destroy(g);
    teardown(&f);
}

/* RGBA8 stores colours clamped and rounded to k/255. */
static void test_rgba8_quantise(void **state)
{
    (void)state;
    char err[256];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(2, 2, NVGP_PIPE_RGBA8, err, sizeof err);
    assert_non_null(fb);
    static const float c[4] = {0.5f, 2.0f, -1.0f, 0.1f};
    nvgp_pipe_fb_clear(fb, NULL, c, NULL);
    float p[4];
    assert_true(nvgp_pipe_fb_pixel(fb, 1, 1, p));
    assert_true(p[0] == (float)(128.0 / 255.0) && p[1] == 1.0f && p[2] == 0.0f &&
                p[3] == (float)(26.0 / 255.0));
    assert_false(nvgp_pipe_fb_pixel(fb, 2, 0, p));
    nvgp_pipe_fb_destroy(fb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_edge_once),  cmocka_unit_test(test_rect_coverage),
        cmocka_unit_test(test_perspective_correct), cmocka_unit_test(test_flat_provoking),
        cmocka_unit_test(test_cull_and_facing),   cmocka_unit_test(test_two_side),
        cmocka_unit_test(test_fragment_position), cmocka_unit_test(test_vertex_color_clamp),   cmocka_unit_test(test_derivatives_at_edges),
        cmocka_unit_test(test_kil),               cmocka_unit_test(test_depth),
        cmocka_unit_test(test_blend),             cmocka_unit_test(test_state_matrices),
        cmocka_unit_test(test_more_matrices),     cmocka_unit_test(test_fp1_parameters),
        cmocka_unit_test(test_fog_linear), cmocka_unit_test(test_fog_clamped_color), cmocka_unit_test(test_arb_pow_special),        cmocka_unit_test(test_clip_to_viewport),
        cmocka_unit_test(test_clip_behind_eye),   cmocka_unit_test(test_user_clip_distances),
        cmocka_unit_test(test_points),            cmocka_unit_test(test_lines),
        cmocka_unit_test(test_scissor),           cmocka_unit_test(test_alpha_test),
        cmocka_unit_test(test_stencil),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_engines_same_pixels),
        cmocka_unit_test(test_unbound_texture),   cmocka_unit_test(test_rgba8_quantise),
        cmocka_unit_test(test_parameter_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
