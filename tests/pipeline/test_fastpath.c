/* The pipeline's fast paths against its general ones: the same random
 * triangles drawn twice, once as usual and once with
 * pipe_debug_general_path set (every draw through the general rasteriser
 * and per-fragment code), must give the same framebuffer bit for bit.
 * The programs read every kind of input (perspective, screen-linear, flat
 * and centroid varyings, the fragment position, facing, the fog
 * coordinate) and use derivatives (helper lanes) and KIL; the states add
 * the scissor, blending over overlapping triangles, the depth test with a
 * program depth, fog and host threads, so what the fast paths leave to
 * the general ones is compared too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp.h"
#include "nvgp_pipeline.h"
#include "pipeline/pipe_internal.h"
#include "pipeline/pipe_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TRIS = 40 };

/* The framebuffer: small for the path comparison, big enough for the
 * band workers (pipe_bands.c) in the threads comparison. */
static uint32_t W = 67, H = 53;

static const char *const programs[] = {
    "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n",
    "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n",
    "!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n",
    "!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
    "OPTION ARB_fragment_coord_pixel_center_integer;\n"
    "MUL result.color, fragment.position, 0.01;\nEND\n",
    "!!ARBfp1.0\nOPTION ARB_fog_exp2;\nADD result.color, fragment.fogcoord, "
    "fragment.texcoord[0];\nEND\n",
    "!!NVfp4.0\nTEMP t;\nDDX t, fragment.texcoord[0];\nDDY t.zw, fragment.texcoord[0];\n"
    "ADD t.xy, t, fragment.facing.x;\nMOV result.color, t;\nEND\n",
    "!!NVfp4.0\nFLAT ATTRIB c = fragment.texcoord[1];\nCENTROID ATTRIB d = "
    "fragment.texcoord[2];\nNOPERSPECTIVE ATTRIB e = fragment.texcoord[3];\n"
    "ADD result.color, c, d;\nMAD result.color.zw, e, 2, c;\nEND\n",
    "!!ARBfp1.0\nTEMP t;\nSUB t, fragment.texcoord[0], 0.5;\nKIL t;\n"
    "MOV result.color, fragment.texcoord[0];\nMUL result.depth.z, fragment.texcoord[0].x, 0.5;\n"
    "END\n",
    /* a depth past [0,1] on both sides: clamped before the test */
    "!!ARBfp1.0\nMOV result.color, fragment.color;\n"
    "MAD result.depth.z, fragment.texcoord[0].x, 4, -1.5;\nEND\n",
    /* a second colour for ARB_blend_func_extended's factors */
    "!!ARBfp1.0\nOPTION ARB_blend_func_extended;\nPARAM c = program.local[0];\n"
    "MUL result.color.primary, fragment.color, c;\n"
    "MAD result.color.secondary, fragment.texcoord[0], 0.5, 0.25;\nEND\n",
};

/* A small deterministic generator (the test must not vary run to run). */
static uint32_t rng_state;
static float frand(float lo, float hi)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / 16777216.0f;
}

typedef struct scene {
    float pos[3 * TRIS * 4], tex[4][3 * TRIS * 4], col[3 * TRIS * 4], fog[3 * TRIS * 4];
} scene;

static void make_scene(scene *sc, uint32_t seed)
{
    rng_state = seed;
    for (int v = 0; v < 3 * TRIS; v++) {
        /* clip coordinates with w in [0.4, 2.5]: perspective, some
         * vertices outside the volume (clipped), some triangles tiny */
        float w = frand(0.4f, 2.5f);
        float *p = &sc->pos[4 * v];
        if (v % 3 && (v / 3) % 4 == 0) {   /* small triangles near vertex 0 */
            const float *p0 = &sc->pos[4 * (v - v % 3)];
            for (int c = 0; c < 4; c++)
                p[c] = p0[c] + frand(-0.05f, 0.05f) * p0[3];
        } else {
            p[0] = frand(-1.3f, 1.3f) * w, p[1] = frand(-1.3f, 1.3f) * w;
            p[2] = frand(-1.0f, 1.0f) * w, p[3] = w;
        }
        for (int t = 0; t < 4; t++)
            for (int c = 0; c < 4; c++)
                sc->tex[t][4 * v + c] = frand(-2.0f, 2.0f);
        for (int c = 0; c < 4; c++)
            sc->col[4 * v + c] = frand(0.0f, 1.0f);
        sc->fog[4 * v] = frand(0.0f, 3.0f);
    }
}

/* State variant k of the draws: which of scissor, blending, depth test,
 * flat shading and fixed-function fog, and threads are on. */
static void set_state(nvgp_pipe_state *s, int k)
{
    s->viewport[0] = 3, s->viewport[1] = -2;
    s->viewport[2] = (int32_t)W - 5, s->viewport[3] = (int32_t)H + 1;
    s->scissor_test = k & 1;
    s->scissor[0] = 5, s->scissor[1] = 4;
    s->scissor[2] = (int32_t)W - 11, s->scissor[3] = (int32_t)H - 9;
    s->blend = (k & 2) != 0;     /* ONE, ONE over the overlaps: order matters */
    s->blend_src_rgb = s->blend_src_alpha = NVGP_BF_ONE;
    s->blend_dst_rgb = s->blend_dst_alpha = NVGP_BF_ONE;
    s->depth_test = (k & 4) != 0;
    s->depth_write = true;
    s->flat = (k & 8) != 0;
    s->fog_coord_attrib = true;
    s->fog = (k & 8) != 0;         /* fixed-function fog (no program) */
    s->fog_mode = NVGP_FOG_EXP;
    s->fog_density = 0.7f;
    s->fog_color[0] = 0.2f, s->fog_color[1] = 0.9f, s->fog_color[2] = 0.4f;
    s->threads = k & 16 ? 2 : 1;
}

/* The scene's triangles as the pipeline takes vertices. */
static void scene_vertices(const scene *sc, nvgp_pipe_vertices *v)
{
    memset(v, 0, sizeof *v);
    v->count = 3 * TRIS;
    v->attrib[NVGP_PIPE_ATTR_POSITION] = sc->pos;
    for (int t = 0; t < 4; t++)
        v->attrib[NVGP_PIPE_ATTR_TEXCOORD0 + t] = sc->tex[t];
    v->attrib[NVGP_PIPE_ATTR_COLOR] = sc->col;
    v->attrib[NVGP_PIPE_ATTR_FOGCOORD] = sc->fog;
}

/* Draws the scene with program prog and state variant k into a fresh
 * framebuffer of format fmt (threads > 0: that many host threads; with
 * lines, the scene's points and lines after its triangles); returns it. */
static nvgp_pipe_fb *render(const scene *sc, const nvgp_program *prog, int k, nvgp_pipe_format fmt,
                            bool general, unsigned threads, bool lines)
{
    char err[256];
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(W, H, fmt, err, sizeof err);
    assert_non_null(s);
    assert_non_null(fb);
    static const float clear[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    float depth = 0.75f;
    nvgp_pipe_fb_clear(fb, NULL, clear, &depth);
    set_state(s, k);
    if (threads)
        s->threads = threads;
    s->program[NVGP_PIPE_FRAGMENT] = prog;
    nvgp_pipe_vertices v;
    scene_vertices(sc, &v);
    pipe_debug_general_path = general;
    bool ok = nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLES, &v, err, sizeof err);
    s->line_width = 3;
    s->point_size = 2;
    ok = ok && (!lines || nvgp_pipe_draw(s, fb, NVGP_PIPE_LINE_STRIP, &v, err, sizeof err));
    ok = ok && (!lines || nvgp_pipe_draw(s, fb, NVGP_PIPE_POINTS, &v, err, sizeof err));
    pipe_debug_general_path = false;
    if (!ok)
        fprintf(stderr, "draw: %s\n", err);
    assert_true(ok);
    nvgp_pipe_state_destroy(s);
    return fb;
}

static int compare_fbs(const nvgp_pipe_fb *a, const nvgp_pipe_fb *b, const char *what)
{
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            float pa[4], pb[4];
            assert_true(nvgp_pipe_fb_pixel(a, x, y, pa));
            assert_true(nvgp_pipe_fb_pixel(b, x, y, pb));
            float da, db;
            assert_true(nvgp_pipe_fb_depth(a, x, y, &da));
            assert_true(nvgp_pipe_fb_depth(b, x, y, &db));
            if (memcmp(pa, pb, sizeof pa) || memcmp(&da, &db, sizeof da)) {
                if (bad++ < 3)
                    fprintf(stderr, "%s (%u,%u): fast %.9g %.9g %.9g %.9g z %.9g, general %.9g "
                            "%.9g %.9g %.9g z %.9g\n", what, x, y, pa[0], pa[1], pa[2], pa[3],
                            da, pb[0], pb[1], pb[2], pb[3], db);
            }
        }
    return bad;
}

/* The scene drawn by the fast paths on fast_threads (0: the state's) and
 * by the general paths on one thread, compared; the pixels that differ. */
static int fast_vs_general(const scene *sc, const nvgp_program *prog, int k, nvgp_pipe_format fmt,
                           unsigned fast_threads, bool lines, const char *what)
{
    nvgp_pipe_fb *fast = render(sc, prog, k, fmt, false, fast_threads, lines);
    nvgp_pipe_fb *general = render(sc, prog, k, fmt, true, 1, lines);
    int bad = compare_fbs(fast, general, what);
    nvgp_pipe_fb_destroy(fast);
    nvgp_pipe_fb_destroy(general);
    return bad;
}

static void test_fast_matches_general(void **state)
{
    (void)state;
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    int bad = 0, drawn = 0;
    unsigned long span_before = atomic_load(&pipe_debug_span_lanes);
    for (size_t p = 0; p < sizeof programs / sizeof programs[0]; p++) {
        nvgp_diag *d = NULL;
        nvgp_program *prog = nvgp_program_create("fast", programs[p], strlen(programs[p]), &d);
        if (!prog && d)
            nvgp_diag_print(d, stderr);
        nvgp_diag_destroy(d);
        assert_non_null(prog);
        for (int k = 0; k < 32; k++) {
            make_scene(sc, 1000u * (uint32_t)p + (uint32_t)k);
            nvgp_pipe_format fmt = k % 3 == 2 ? NVGP_PIPE_RGBA8 : NVGP_PIPE_RGBA32F;
            nvgp_pipe_fb *fast = render(sc, prog, k, fmt, false, 0, false);
            nvgp_pipe_fb *general = render(sc, prog, k, fmt, true, 0, false);
            char what[64];
            snprintf(what, sizeof what, "program %zu state %d", p, k);
            bad += compare_fbs(fast, general, what);
            /* the draw must have drawn something for the comparison to say much */
            float clear[4] = {0.25f, 0.5f, 0.75f, 1.0f}, px[4];
            for (uint32_t y = 0; y < H; y++)
                for (uint32_t x = 0; x < W; x++) {
                    assert_true(nvgp_pipe_fb_pixel(fast, x, y, px));
                    drawn += memcmp(px, clear, sizeof px) != 0;
                }
            nvgp_pipe_fb_destroy(fast);
            nvgp_pipe_fb_destroy(general);
        }
        nvgp_program_destroy(prog);
    }
    free(sc);
    unsigned long span_lanes = atomic_load(&pipe_debug_span_lanes) - span_before;
    fprintf(stderr, "fast path: %d pixels differ; %d drawn; %lu lanes by spans\n", bad, drawn,
            span_lanes);
    assert_int_equal(bad, 0);
    assert_true(drawn > 1000);
    /* the plain states (no blending, depth test or fog) took the span path */
    assert_true(span_lanes > 10000);
}

/* A big draw on 2 host threads (band workers, fast paths) against the
 * same draw on one thread through the general paths: the same image bit
 * for bit, blending over overlapping triangles included (per-pixel
 * primitive order), and points and lines after the triangles (the draw
 * leaves the bands). */
static void test_bands_match_one_thread(void **state)
{
    (void)state;
    W = 150, H = 132;
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    int bad = 0;
    unsigned banded = pipe_debug_banded_draws;
    /* every program, then fixed function (p == count: no program) */
    for (size_t p = 0; p <= sizeof programs / sizeof programs[0]; p++) {
        bool fixed = p == sizeof programs / sizeof programs[0];
        nvgp_program *prog =
            fixed ? NULL : nvgp_program_create("bands", programs[p], strlen(programs[p]), NULL);
        assert_true(fixed || prog);
        for (int k = 0; k < 16; k += 3) {
            make_scene(sc, 7000u + 1000u * (uint32_t)p + (uint32_t)k);
            nvgp_pipe_format fmt = k % 2 ? NVGP_PIPE_RGBA8 : NVGP_PIPE_RGBA32F;
            char what[64];
            snprintf(what, sizeof what, "threads: program %zu state %d", p, k);
            bad += fast_vs_general(sc, prog, k, fmt, 2, k == 3, what);
        }
        nvgp_program_destroy(prog);
    }
    free(sc);
    W = 67, H = 53;
    fprintf(stderr, "bands: %d pixels differ; %u banded draws\n", bad,
            pipe_debug_banded_draws - banded);
    assert_int_equal(bad, 0);
    assert_true(pipe_debug_banded_draws - banded >= (sizeof programs / sizeof programs[0] + 1) * 6);
}

/* The span path's vector forms (the CPU's best: AVX-512 two quads a
 * vector, with a single quad at a group's odd start and end; the portable
 * loop; AVX2) give the general path's image: programs of 4, 8 and 12
 * input words. */
static void test_span_forms_agree(void **state)
{
    (void)state;
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    int bad = 0;
    static const size_t progs[] = {0, 5, 6};
    for (size_t i = 0; i < 3; i++) {
        nvgp_program *prog =
            nvgp_program_create("forms", programs[progs[i]], strlen(programs[progs[i]]), NULL);
        assert_non_null(prog);
        for (int k = 0; k < 32; k += 16) {
            make_scene(sc, 11000u + 100u * (uint32_t)i + (uint32_t)k);
            nvgp_pipe_fb *general = render(sc, prog, k, NVGP_PIPE_RGBA32F, true, 1, false);
            for (int form = 0; form < 3; form++) {
                pipe_debug_span_form = form;
                nvgp_pipe_fb *fast = render(sc, prog, k, NVGP_PIPE_RGBA32F, false, 0, false);
                pipe_debug_span_form = 0;
                char what[64];
                snprintf(what, sizeof what, "span form %d: program %zu state %d", form,
                         progs[i], k);
                bad += compare_fbs(fast, general, what);
                nvgp_pipe_fb_destroy(fast);
            }
            nvgp_pipe_fb_destroy(general);
        }
        nvgp_program_destroy(prog);
    }
    free(sc);
    assert_int_equal(bad, 0);
}

/* A float framebuffer past the span path's streaming size (lowered to
 * 4 MB for the test): whole quads
 * stored by streaming stores, partial and discarded ones lane by lane,
 * on one thread and in bands, the same image as the general path's. */
static void test_big_buffer_streams(void **state)
{
    (void)state;
    W = 520, H = 512;   /* 4.2 MB of RGBA32F */
    size_t stream_bytes = pipe_span_stream_bytes;
    pipe_span_stream_bytes = (size_t)4 << 20;
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    int bad = 0;
    unsigned long span_before = atomic_load(&pipe_debug_span_lanes);
    unsigned long streamed_before = atomic_load(&pipe_debug_span_streamed);
    static const size_t progs[] = {0, 7};   /* texcoord; KIL */
    for (size_t i = 0; i < 2; i++) {
        nvgp_program *prog =
            nvgp_program_create("big", programs[progs[i]], strlen(programs[progs[i]]), NULL);
        assert_non_null(prog);
        for (int k = 0; k <= 16; k += 16) {   /* plain state, 1 and 2 threads */
            make_scene(sc, 9000u + 100u * (uint32_t)i + (uint32_t)k);
            char what[64];
            snprintf(what, sizeof what, "big buffer: program %zu state %d", progs[i], k);
            bad += fast_vs_general(sc, prog, k, NVGP_PIPE_RGBA32F, 0, false, what);
        }
        nvgp_program_destroy(prog);
    }
    free(sc);
    W = 67, H = 53;
    pipe_span_stream_bytes = stream_bytes;
    assert_int_equal(bad, 0);
    assert_true(atomic_load(&pipe_debug_span_lanes) - span_before > 100000);
    assert_true(atomic_load(&pipe_debug_span_streamed) - streamed_before > 10000);
}

/* A banded draw whose program fails (its instruction budget spent) fails
 * as a one-thread draw does: false, with the executor's reason. */
static void test_bands_failure(void **state)
{
    (void)state;
    static const char src[] = "!!NVfp4.0\nTEMP t;\nMOV t, 0;\nREP;\nADD t, t, 1;\nBRK (LT.x);\nENDREP;\n"
                              "MOV result.color, t;\nEND\n";
    nvgp_program *prog = nvgp_program_create("loop", src, strlen(src), NULL);
    assert_non_null(prog);
    static const float quad[16] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    for (unsigned threads = 1; threads <= 2; threads++) {
        char err[256] = "";
        nvgp_pipe_state *s = nvgp_pipe_state_create();
        nvgp_pipe_fb *fb = nvgp_pipe_fb_create(160, 160, NVGP_PIPE_RGBA32F, err, sizeof err);
        assert_non_null(s);
        assert_non_null(fb);
        s->viewport[2] = s->viewport[3] = 160;
        s->program[NVGP_PIPE_FRAGMENT] = prog;
        s->threads = threads;
        s->budget = 1000;
        nvgp_pipe_vertices v;
        memset(&v, 0, sizeof v);
        v.count = 4;
        v.attrib[NVGP_PIPE_ATTR_POSITION] = quad;
        unsigned banded = pipe_debug_banded_draws;
        assert_false(nvgp_pipe_draw(s, fb, NVGP_PIPE_QUADS, &v, err, sizeof err));
        fprintf(stderr, "threads %u: %s\n", threads, err);
        assert_true(err[0] != '\0');
        assert_int_equal(pipe_debug_banded_draws - banded, threads - 1);
        nvgp_pipe_fb_destroy(fb);
        nvgp_pipe_state_destroy(s);
    }
    nvgp_program_destroy(prog);
}

/* Draws of one program reuse its machines (nvgp_program_cache_take):
 * a draw after others with other parameters, threads and an odd-sized
 * framebuffer gives what a fresh program's first draw gives. */
static void test_machine_reuse(void **state)
{
    (void)state;
    static const char src[] = "!!ARBfp1.0\nPARAM c = program.local[0];\nPARAM e = "
                              "program.env[1];\nMAD result.color, fragment.texcoord[0], c, e;\n"
                              "END\n";
    nvgp_program *reused = nvgp_program_create("reuse", src, strlen(src), NULL);
    assert_non_null(reused);
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    make_scene(sc, 99);
    W = 150, H = 132;
    unsigned before = pipe_debug_machines_reused;
    int bad = 0;
    for (int round = 0; round < 4; round++) {
        /* the parameters of this round, drawn with the reused program and
         * with a fresh one */
        nvgp_pipe_fb *fb[2];
        for (int which = 0; which < 2; which++) {
            nvgp_program *fresh = which ? nvgp_program_create("fresh", src, strlen(src), NULL) : NULL;
            char err[256];
            nvgp_pipe_state *s = nvgp_pipe_state_create();
            fb[which] = nvgp_pipe_fb_create(W, H, NVGP_PIPE_RGBA32F, err, sizeof err);
            assert_non_null(s);
            assert_non_null(fb[which]);
            set_state(s, round);
            s->threads = which ? 1 : (unsigned)(round % 2 + 1);
            s->program[NVGP_PIPE_FRAGMENT] = which ? fresh : reused;
            for (int c = 0; c < 4; c++) {
                s->local[NVGP_PIPE_FRAGMENT][0][c] = 0.25f * (float)(round + c);
                s->env[NVGP_PIPE_FRAGMENT][1][c] = -0.5f * (float)(round - c);
            }
            nvgp_pipe_vertices v;
            memset(&v, 0, sizeof v);
            v.count = 3 * TRIS;
            v.attrib[NVGP_PIPE_ATTR_POSITION] = sc->pos;
            v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = sc->tex[0];
            assert_true(nvgp_pipe_draw(s, fb[which], NVGP_PIPE_TRIANGLES, &v, err, sizeof err));
            nvgp_pipe_state_destroy(s);
            nvgp_program_destroy(fresh);
        }
        char what[32];
        snprintf(what, sizeof what, "reuse round %d", round);
        bad += compare_fbs(fb[0], fb[1], what);
        nvgp_pipe_fb_destroy(fb[0]);
        nvgp_pipe_fb_destroy(fb[1]);
    }
    W = 67, H = 53;
    free(sc);
    nvgp_program_destroy(reused);
    fprintf(stderr, "reuse: %d pixels differ; %u machines reused\n", bad,
            pipe_debug_machines_reused - before);
    assert_int_equal(bad, 0);
    assert_true(pipe_debug_machines_reused - before >= 3);
}

/* The span kernel (the JIT's whole program with its interpolation and
 * colour store, for fully covered quads): overlapping triangles, of one w
 * each (every varying screen-linear) or with perspective, with flat
 * shading or not (the colour's words constant), into float and RGBA8
 * buffers (the kernel clamps and rounds as the buffer keeps colours),
 * with the depth test by each function (the lane's depth or the
 * program's, written or not) or without, blended by every factor and
 * equation (a second source too) or not, through programs reading
 * constants that change from draw to draw (one program object: its
 * machine serves every draw), registers read before written, modifiers,
 * a partial colour write, vector maths, integer operations, the
 * fragment's position by both conventions, texture samples; drawn with
 * the kernel on 1 and 2 threads, without it, and by the general path: the
 * same image bit for bit, and the kernel ran for each program. */
static const char *const kernel_programs[] = {
    "!!ARBfp1.0\nPARAM c = program.local[0];\nTEMP t;\nMUL t, fragment.texcoord[0], c;\n"
    "MAD t, t, c, fragment.color;\nDP3 t.w, t, t;\nRSQ t.w, t.w;\nMUL result.color, t, t.w;\n"
    "END\n",
    "!!NVfp4.0\nPARAM c = program.local[0];\nTEMP t, u;\nADD t, u, -|fragment.texcoord[1]|;\n"
    "MAD.SAT u.yw, t.wzyx, c.x, fragment.texcoord[0].y;\nEX2 t.x, fragment.texcoord[0].x;\n"
    "LRP result.color.xz, c, t.xxyy, u;\nEND\n",
    "!!NVfp4.0\nPARAM c = program.local[0];\nUINT TEMP i, j;\nTEMP f;\n"
    "MOV.U i, fragment.texcoord[2];\nSHR.U j, i, 8;\nMUL.U j.xy, j, i;\nADD.U i, i, j;\n"
    "SNE.U j.xy, i, j;\nAND.U i.z, i, 8323072;\nMAX.U i.w, j, i;\n"
    "SLT f, fragment.texcoord[0], c;\nCMP f.yw, -fragment.texcoord[0], f, fragment.texcoord[3];\n"
    "MAD result.color, f, c, fragment.texcoord[1];\nMOV.U result.color.xzw, i;\nEND\n",
    /* a depth past [0,1] on both sides: clamped before the test */
    "!!ARBfp1.0\nMOV result.color, fragment.color;\n"
    "MAD result.depth.z, fragment.texcoord[0].x, 4, -1.5;\nEND\n",
    /* a second colour for ARB_blend_func_extended's factors */
    "!!ARBfp1.0\nOPTION ARB_blend_func_extended;\nPARAM c = program.local[0];\n"
    "MUL result.color.primary, fragment.color, c;\n"
    "MAD result.color.secondary, fragment.texcoord[0], 0.5, 0.25;\nEND\n",
    /* the fragment's position, by both conventions */
    "!!ARBfp1.0\nMAD result.color, fragment.position, 0.01, fragment.texcoord[0];\nEND\n",
    "!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
    "OPTION ARB_fragment_coord_pixel_center_integer;\n"
    "MUL result.color, fragment.position, 0.01;\nEND\n",
    /* texture samples (implicit levels of detail from each quad's lanes,
     * a projected one, one written to the colour) between ALU records */
    "!!ARBfp1.0\nTEMP t, u;\nMUL u, fragment.texcoord[1], 0.5;\n"
    "TEX t, fragment.texcoord[0], texture[0], 2D;\nTXP u.xy, u, texture[0], 2D;\n"
    "MAD t, t, 2, fragment.color;\nTEX result.color.xz, t, texture[0], 2D;\n"
    "MOV result.color.yw, u;\nEND\n",
};

/* Texture unit 0's texture: 8x8 RGBA32F texels of varied values, its
 * mipmaps, LINEAR_MIPMAP_LINEAR filtering. */
static const nvgp_texture *kernel_texture(void)
{
    static nvgp_texture *t;
    if (!t) {
        nvgp_texture_desc d = { .target = NVGP_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                                .width = 8, .height = 8, .depth = 1, .layers = 1, .levels = 0,
                                .samples = 1 };
        t = nvgp_texture_create(&d, NULL);
        assert_non_null(t);
        float texels[8 * 8 * 4];
        for (int k = 0; k < 8 * 8 * 4; k++)
            texels[k] = (float)((k * 37) % 101) / 25.0f - 1.0f;
        assert_true(nvgp_texture_set_image_mipmapped(t, texels, sizeof texels, NULL));
        nvgp_tex_sampler smp;
        nvgp_tex_sampler_default(&smp);
        smp.min_filter = smp.mag_filter = NVGP_TEX_FILTER_LINEAR;
        smp.mip_filter = NVGP_TEX_MIP_LINEAR;
        nvgp_texture_set_sampler(t, &smp);
    }
    return t;
}

static nvgp_pipe_fb *render_affine(const scene *sc, const nvgp_program *prog, int k, bool general,
                                   unsigned threads)
{
    char err[256];
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(W, H, k & 8 ? NVGP_PIPE_RGBA8 : NVGP_PIPE_RGBA32F, err,
                                           sizeof err);
    assert_non_null(s);
    assert_non_null(fb);
    static const float clear[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    float depth = 0.75f;
    nvgp_pipe_fb_clear(fb, NULL, clear, &depth);
    set_state(s, k & 1);   /* the scissor or not; no blending or fog */
    s->flat = (k & 2) != 0;
    /* the depth test by every function, written or not */
    s->depth_test = (k & 16) != 0;
    s->depth_func = (uint8_t)((k * 3) % 8);
    s->depth_write = (k & 2) == 0;
    /* blending by factors and equations that change from state to state */
    s->blend = (k & 32) != 0;
    s->blend_src_rgb = (uint8_t)((k * 7) % NVGP_BF_COUNT);
    s->blend_dst_rgb = (uint8_t)((k * 5 + 3) % NVGP_BF_COUNT);
    s->blend_src_alpha = (uint8_t)((k * 11) % NVGP_BF_COUNT);
    s->blend_dst_alpha = (uint8_t)((k * 13 + 1) % NVGP_BF_COUNT);
    s->blend_eq_rgb = (uint8_t)(k % NVGP_BE_COUNT);
    s->blend_eq_alpha = (uint8_t)((k / 2) % NVGP_BE_COUNT);
    static const float blend_color[4] = {0.3f, 0.6f, 0.9f, 0.45f};
    memcpy(s->blend_color, blend_color, sizeof blend_color);
    s->threads = threads;
    s->program[NVGP_PIPE_FRAGMENT] = prog;
    s->texture[0] = kernel_texture();
    for (int c = 0; c < 4; c++)
        s->local[NVGP_PIPE_FRAGMENT][0][c] = 0.375f * (float)(k + c) - 1.0f;
    nvgp_pipe_vertices v;
    scene_vertices(sc, &v);
    pipe_debug_general_path = general;
    bool ok = nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLES, &v, err, sizeof err);
    pipe_debug_general_path = false;
    if (!ok)
        fprintf(stderr, "draw: %s\n", err);
    assert_true(ok);
    nvgp_pipe_state_destroy(s);
    return fb;
}

static nvgp_program *kernel_program(size_t p)
{
    nvgp_diag *dg = NULL;
    nvgp_program *prog =
        nvgp_program_create("kernel", kernel_programs[p], strlen(kernel_programs[p]), &dg);
    if (!prog && dg)
        nvgp_diag_print(dg, stderr);
    nvgp_diag_destroy(dg);
    assert_non_null(prog);
    return prog;
}

static void test_span_kernel_agrees(void **state)
{
    (void)state;
    W = 150, H = 132;
    scene *sc = malloc(sizeof *sc);
    assert_non_null(sc);
    int bad = 0;
    for (size_t p = 0; p < sizeof kernel_programs / sizeof kernel_programs[0]; p++) {
        nvgp_program *prog = NULL;
        unsigned long before = atomic_load(&pipe_debug_span_kernel_lanes), depth_lanes = 0,
                      blend_lanes = 0;
        for (int k = 0; k < 64; k++) {
            /* a program object for 8 states: its machine and its kernels
             * serve each draw (a program keeps 16 kernels) */
            if (k % 8 == 0) {
                nvgp_program_destroy(prog);
                prog = kernel_program(p);
            }
            unsigned long state_before = atomic_load(&pipe_debug_span_kernel_lanes);
            make_scene(sc, 31000u + 100u * (uint32_t)p + (uint32_t)k);
            /* one w a triangle: every varying screen-linear */
            for (int v = 0; !(k & 4) && v < 3 * TRIS; v++) {
                float *q = &sc->pos[4 * v], w0 = sc->pos[4 * (v - v % 3) + 3];
                for (int c = 0; c < 3; c++)
                    q[c] *= w0 / q[3];
                q[3] = w0;
            }
            nvgp_pipe_fb *general = render_affine(sc, prog, k, true, 1);
            for (int form = 0; form < 3; form++) {
                /* 0, 1: the kernel on 1 and 2 threads; 2: without it */
                pipe_debug_span_kernel = form < 2;
                nvgp_pipe_fb *fb = render_affine(sc, prog, k, false, form == 1 ? 2 : 1);
                pipe_debug_span_kernel = 1;
                char what[64];
                snprintf(what, sizeof what, "kernel program %zu state %d form %d", p, k, form);
                bad += compare_fbs(fb, general, what);
                nvgp_pipe_fb_destroy(fb);
            }
            nvgp_pipe_fb_destroy(general);
            unsigned long ran = atomic_load(&pipe_debug_span_kernel_lanes) - state_before;
            depth_lanes += k & 16 ? ran : 0;
            blend_lanes += k & 32 ? ran : 0;
        }
        unsigned long lanes = atomic_load(&pipe_debug_span_kernel_lanes) - before;
        fprintf(stderr, "kernel program %zu: %lu lanes by the kernel, %lu with the depth test, "
                "%lu blended\n", p, lanes, depth_lanes, blend_lanes);
        /* (a build without the JIT has no kernels: the images are still
         * compared) */
        if (nvgp_jit_available()) {
            assert_true(lanes > 10000);
            assert_true(depth_lanes > 10000);
            assert_true(blend_lanes > 10000);
        } else {
            assert_true(lanes == 0);
        }
        nvgp_program_destroy(prog);
    }
    free(sc);
    W = 67, H = 53;
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_matches_general),
        cmocka_unit_test(test_bands_match_one_thread),
        cmocka_unit_test(test_span_forms_agree),
        cmocka_unit_test(test_big_buffer_streams),
        cmocka_unit_test(test_bands_failure),
        cmocka_unit_test(test_machine_reuse),
        cmocka_unit_test(test_span_kernel_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
