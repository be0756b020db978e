/* The lowering, instruction by instruction: each tiny program is assembled,
 * lowered, checked, round-tripped through the TGSI text and run on the
 * executor.  Expected values are computed by hand from the specs'
 * pseudocode (ARB_vertex_program 2.14.5, ARB_fragment_program 3.11.6,
 * NV_vertex_program's special cases, NV_vertex_program2's RCC rules). */
#include "lower_test_util.h"

#include <stdlib.h>

#define VP_HEAD "!!ARBvp1.0\nATTRIB a = vertex.attrib[1];\nATTRIB b = vertex.attrib[2];\nATTRIB c = vertex.attrib[3];\n" \
                "OUTPUT o = result.texcoord[0];\nTEMP t;\n"
#define OUT "result.texcoord[0]"

/* Runs one vertex program body over inputs a, b, c. */
static void vp(lt *x, const char *body, const float a[4], const float b[4], const float c[4])
{
    char src[1024];
    snprintf(src, sizeof src, VP_HEAD "%s\nEND\n", body);
    lt_load(x, src, 1);
    if (nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "vertex.attrib[1]"))
        lt_in(x, "vertex.attrib[1]", a[0], a[1], a[2], a[3]);
    if (b && nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "vertex.attrib[2]"))
        lt_in(x, "vertex.attrib[2]", b[0], b[1], b[2], b[3]);
    if (c && nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "vertex.attrib[3]"))
        lt_in(x, "vertex.attrib[3]", c[0], c[1], c[2], c[3]);
    lt_run(x);
}

#define V(...) ((const float[4]){__VA_ARGS__})

static void test_vp_arith(void **state)
{
    (void)state;
    lt x;
    vp(&x, "ABS o, -a;", V(1, -2, 3, -4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, 2, 3, 4);
    lt_free(&x);
    vp(&x, "ADD o, a, b;", V(1, 2, 3, 4), V(10, 20, 30, 40), NULL);
    lt_expect(&x, OUT, 0xf, 11, 22, 33, 44);
    lt_free(&x);
    vp(&x, "SUB o, a, b;", V(1, 2, 3, 4), V(10, 20, 30, 40), NULL);
    lt_expect(&x, OUT, 0xf, -9, -18, -27, -36);
    lt_free(&x);
    vp(&x, "DP3 o, a, b;", V(1, 2, 3, 4), V(5, 6, 7, 8), NULL);
    lt_expect(&x, OUT, 0xf, 38, 38, 38, 38);
    lt_free(&x);
    vp(&x, "DP4 o, a, b;", V(1, 2, 3, 4), V(5, 6, 7, 8), NULL);
    lt_expect(&x, OUT, 0xf, 70, 70, 70, 70);
    lt_free(&x);
    /* DPH: 1*5 + 2*6 + 3*7 + 8 */
    vp(&x, "DPH o, a, b;", V(1, 2, 3, 4), V(5, 6, 7, 8), NULL);
    lt_expect(&x, OUT, 0xf, 46, 46, 46, 46);
    lt_free(&x);
    /* DST: (1, a.y*b.y, a.z, b.w) */
    vp(&x, "DST o, a, b;", V(9, 2, 3, 9), V(9, 5, 9, 7), NULL);
    lt_expect(&x, OUT, 0xf, 1, 10, 3, 7);
    lt_free(&x);
    vp(&x, "MAD o, a, b, c;", V(1, 2, 3, 4), V(2, 3, 4, 5), V(0.5f, -1, 0, 1));
    lt_expect(&x, OUT, 0xf, 2.5f, 5, 12, 21);
    lt_free(&x);
    vp(&x, "MAX o, a, b;", V(1, -2, 3, -4), V(0, 0, 0, 0), NULL);
    lt_expect(&x, OUT, 0xf, 1, 0, 3, 0);
    lt_free(&x);
    vp(&x, "MIN o, a, b;", V(1, -2, 3, -4), V(0, 0, 0, 0), NULL);
    lt_expect(&x, OUT, 0xf, 0, -2, 0, -4);
    lt_free(&x);
    vp(&x, "MOV o, a.wzyx;", V(1, 2, 3, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 4, 3, 2, 1);
    lt_free(&x);
    vp(&x, "MUL o, a, -b;", V(1, 2, 3, 4), V(2, 3, 4, 5), NULL);
    lt_expect(&x, OUT, 0xf, -2, -6, -12, -20);
    lt_free(&x);
    vp(&x, "SGE o, a, b;", V(1, 2, 3, 4), V(2, 2, 2, 2), NULL);
    lt_expect(&x, OUT, 0xf, 0, 1, 1, 1);
    lt_free(&x);
    vp(&x, "SLT o, a, b;", V(1, 2, 3, 4), V(2, 2, 2, 2), NULL);
    lt_expect(&x, OUT, 0xf, 1, 0, 0, 0);
    lt_free(&x);
    vp(&x, "FLR o, a;", V(1.5f, -1.5f, 2, -0.25f), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, -2, 2, -1);
    lt_free(&x);
    vp(&x, "FRC o, a;", V(1.25f, -1.25f, 3, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 0.25f, 0.75f, 0, 0);
    lt_free(&x);
    /* XPD: (2*6 - 3*5, 3*4 - 1*6, 1*5 - 2*4); w is undefined */
    vp(&x, "XPD o.xyz, a, b;", V(1, 2, 3, 7), V(4, 5, 6, 7), NULL);
    lt_expect(&x, OUT, 0x7, -3, 6, -3, 0);
    lt_free(&x);
    /* the destination is also a source */
    vp(&x, "MOV t, a; XPD t.xyz, t, b; MOV o, t;", V(1, 2, 3, 7), V(4, 5, 6, 7), NULL);
    lt_expect(&x, OUT, 0xf, -3, 6, -3, 7);
    lt_free(&x);
    /* write masks leave the other components alone */
    vp(&x, "MOV t, a; ADD t.yw, t, b; MOV o, t;", V(1, 2, 3, 4), V(10, 20, 30, 40), NULL);
    lt_expect(&x, OUT, 0xf, 1, 22, 3, 44);
    lt_free(&x);
}

static void test_vp_scalar(void **state)
{
    (void)state;
    lt x;
    vp(&x, "EX2 o, a.y;", V(0, 3, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 8, 8, 8, 8);
    lt_free(&x);
    vp(&x, "LG2 o, a.z;", V(0, 0, 8, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 3, 3, 3, 3);
    lt_free(&x);
    vp(&x, "POW o, a.x, b.x;", V(2, 0, 0, 0), V(10, 0, 0, 0), NULL);
    lt_expect(&x, OUT, 0xf, 1024, 1024, 1024, 1024);
    lt_free(&x);
    vp(&x, "RCP o, a.w;", V(0, 0, 0, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 0.25f, 0.25f, 0.25f, 0.25f);
    lt_free(&x);
    /* RSQ takes |x| */
    vp(&x, "RSQ o, a.x;", V(-16, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 0.25f, 0.25f, 0.25f, 0.25f);
    lt_free(&x);
}

static void test_vp_exp(void **state)
{
    (void)state;
    lt x;
    /* 2^floor(2.5) = 4, 2.5 - 2 = 0.5, 2^2.5 = 4 * sqrt(2) */
    vp(&x, "EXP o, a.x;", V(2.5f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xb, 4, 0.5f, 0, 1);
    lt_expect_near(&x, OUT, 0x4, 0, 0, 5.65685425f, 0, 1.0 / 2048);
    lt_free(&x);
    /* floor(-1.25) = -2: (0.25, 0.75, 2^-1.25, 1) */
    vp(&x, "EXP o, -a.x;", V(1.25f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xb, 0.25f, 0.75f, 0, 1);
    lt_expect_near(&x, OUT, 0x4, 0, 0, 0.420448208f, 0, 1.0 / 2048);
    lt_free(&x);
    /* NV_vertex_program: EXP(-Inf) = (0, 0, 0, 1), EXP(+Inf) = (+Inf, 0, +Inf, 1) */
    vp(&x, "EXP o, a.x;", V(-INFINITY, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 0, 0, 0, 1);
    lt_free(&x);
    vp(&x, "EXP o, a.x;", V(INFINITY, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, INFINITY, 0, INFINITY, 1);
    lt_free(&x);
}

static void test_vp_log(void **state)
{
    (void)state;
    lt x;
    /* |-10|: floor(log2 10) = 3, 10 / 8 = 1.25, log2 10 = 3.3219281 */
    vp(&x, "LOG o, a.x;", V(-10, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xb, 3, 1.25f, 0, 1);
    lt_expect_near(&x, OUT, 0x4, 0, 0, 3.32192809f, 0, 1.0 / 2048);
    lt_free(&x);
    /* 0.75 = 1.5 * 2^-1 */
    vp(&x, "LOG o, a.y;", V(0, 0.75f, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xb, -1, 1.5f, 0, 1);
    lt_free(&x);
    /* exactly below a power of two the floor must not round up:
     * 8 - 2^-21 = 1.99999976 * 2^2 */
    vp(&x, "LOG o, a.x;", V(0x1.fffffep2f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xb, 2, 0x1.fffffep0f, 0, 1);
    lt_free(&x);
    /* a denormal: 2^-140 */
    vp(&x, "LOG o, a.x;", V(0x1p-140f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, -140, 1, -140, 1);
    lt_free(&x);
    /* NV_vertex_program: LOG(0) = (-Inf, 1, -Inf, 1), LOG(-Inf) = (+Inf, 1, +Inf, 1) */
    vp(&x, "LOG o, a.x;", V(0, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, -INFINITY, 1, -INFINITY, 1);
    lt_free(&x);
    vp(&x, "LOG o, a.x;", V(-INFINITY, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, INFINITY, 1, INFINITY, 1);
    lt_free(&x);
}

static void test_vp_lit(void **state)
{
    (void)state;
    lt x;
    /* (1, max(x,0), x > 0 ? max(y,0)^w : 0, 1): 3^4 = 81 */
    vp(&x, "LIT o, a;", V(2, 3, 0, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, 2, 81, 1);
    lt_free(&x);
    /* negative diffuse: y = 0, z = 0 */
    vp(&x, "LIT o, a;", V(-1, 3, 0, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, 0, 0, 1);
    lt_free(&x);
    /* 0^0 = 1; negative specular clamps to 0 */
    vp(&x, "LIT o, a;", V(0.5f, -2, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, 0.5f, 1, 1);
    lt_free(&x);
    /* w is clamped below 128: 2^(128 - 2^-17) is finite, 2^128 would not be */
    vp(&x, "LIT o, a;", V(1, 2, 0, 200), NULL, NULL);
    float got[4];
    lt_out(&x, OUT, 0, got);
    assert_true(isfinite(got[2]));
    assert_true(got[2] > 3.40e38f);
    lt_free(&x);
    /* and above -128: 2^-(128 - 2^-17) is not 0 */
    vp(&x, "LIT o, a;", V(1, 2, 0, -200), NULL, NULL);
    lt_out(&x, OUT, 0, got);
    assert_true(got[2] > 0);
    lt_free(&x);
}

static void test_vp_swz_arl(void **state)
{
    (void)state;
    lt x;
    vp(&x, "SWZ o, a, -y, 1, 0, -w;", V(1, 2, 3, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, -2, 1, 0, -4);
    lt_free(&x);
    vp(&x, "SWZ o, -a, -y, -1, x, w;", V(1, 2, 3, 4), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 2, 1, -1, -4);
    lt_free(&x);
    /* ARL floors: 1.5 -> 1 reads arr[2]; -0.5 -> -1 reads arr[0] */
    const char *arl = "PARAM arr[] = { {1,2,3,4}, {5,6,7,8}, {9,10,11,12} };\nADDRESS A;\n"
                      "ARL A.x, a.x;\nMOV o, arr[A.x + 1];";
    vp(&x, arl, V(1.5f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 9, 10, 11, 12);
    lt_free(&x);
    vp(&x, arl, V(-0.5f, 0, 0, 0), NULL, NULL);
    lt_expect(&x, OUT, 0xf, 1, 2, 3, 4);
    lt_free(&x);
}

static void test_vp_params(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!ARBvp1.0\nPARAM m[4] = { state.matrix.mvp };\nPARAM e[] = { program.env[2..3] };\n"
            "DP4 result.position.x, m[0], vertex.position;\nDP4 result.position.y, m[1], vertex.position;\n"
            "DP4 result.position.z, m[2], vertex.position;\nDP4 result.position.w, m[3], vertex.position;\n"
            "ADD result.color, e[1], program.local[0];\nMAD result.texcoord[1], program.env[3], 2, {1,2,3,4};\nEND\n",
            1);
    lt_in(&x, "vertex.position", 1, 2, 3, 1);
    lt_param(&x, "state.matrix.mvp.row[0]", 1, 0, 0, 10);
    lt_param(&x, "state.matrix.mvp.row[1]", 0, 2, 0, 20);
    lt_param(&x, "state.matrix.mvp.row[2]", 0, 0, 3, 30);
    lt_param(&x, "state.matrix.mvp.row[3]", 0, 0, 0, 1);
    lt_param(&x, "program.env[3]", 1, 2, 3, 4);
    lt_param(&x, "program.local[0]", 0.5f, 0.5f, 0.5f, 0.5f);
    lt_run(&x);
    lt_expect(&x, "result.position", 0xf, 11, 24, 39, 1);
    lt_expect(&x, "result.color", 0xf, 1.5f, 2.5f, 3.5f, 4.5f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 3, 6, 9, 12);
    lt_free(&x);
}

/* ---- ARBfp1.0 ----------------------------------------------------------------- */

#define FP_HEAD "!!ARBfp1.0\nATTRIB a = fragment.texcoord[0];\nATTRIB b = fragment.texcoord[1];\n" \
                "ATTRIB c = fragment.texcoord[2];\nTEMP t;\n"

static void fp(lt *x, const char *body, const float a[4], const float b[4], const float c[4])
{
    char src[1024];
    snprintf(src, sizeof src, FP_HEAD "%s\nEND\n", body);
    lt_load(x, src, 4);
    if (nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "fragment.texcoord[0]"))
        lt_in(x, "fragment.texcoord[0]", a[0], a[1], a[2], a[3]);
    if (b && nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "fragment.texcoord[1]"))
        lt_in(x, "fragment.texcoord[1]", b[0], b[1], b[2], b[3]);
    if (c && nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "fragment.texcoord[2]"))
        lt_in(x, "fragment.texcoord[2]", c[0], c[1], c[2], c[3]);
    lt_run(x);
}

static void test_fp_ops(void **state)
{
    (void)state;
    lt x;
    fp(&x, "CMP result.color, a, b, c;", V(-1, 0, 1, -2), V(1, 1, 1, 1), V(2, 2, 2, 2));
    lt_expect(&x, "result.color", 0xf, 1, 2, 2, 1);
    lt_free(&x);
    /* 0.25 * 4 + 0.75 * 8 */
    fp(&x, "LRP result.color, a, b, c;", V(0.25f, 1, 0, 0.5f), V(4, 4, 4, 4), V(8, 8, 8, 8));
    lt_expect(&x, "result.color", 0xf, 7, 4, 8, 6);
    lt_free(&x);
    fp(&x, "SCS result.color.xy, a.x;", V(0, 0, 0, 0), NULL, NULL);
    lt_expect(&x, "result.color", 0x3, 1, 0, 0, 0);
    lt_free(&x);
    fp(&x, "SIN t.x, a.x; COS t.y, a.x; MOV result.color, t;", V(0, 0, 0, 0), NULL, NULL);
    lt_expect(&x, "result.color", 0x3, 0, 1, 0, 0);
    lt_free(&x);
    fp(&x, "ADD_SAT result.color, a, b;", V(0.5f, -3, 2, 0.25f), V(0, 0, 0, 0), NULL);
    lt_expect(&x, "result.color", 0xf, 0.5f, 0, 1, 0.25f);
    lt_free(&x);
    /* saturation of a sequence applies to its result */
    fp(&x, "LIT_SAT result.color, a;", V(2, 3, 0, 4), NULL, NULL);
    lt_expect(&x, "result.color", 0xf, 1, 1, 1, 1);
    lt_free(&x);
    fp(&x, "MOV result.depth.z, a.y; MOV result.color, a;", V(0, 0.25f, 0, 0), NULL, NULL);
    lt_expect(&x, "result.depth", 0x4, 0, 0, 0.25f, 0);
    lt_free(&x);
}

/* ARBfp1.0 with the NV options, values by hand from NV_fragment_program
 * 3.11.5 and NV_fragment_program2's pseudocode. */
static void fpo(lt *x, const char *option, const char *body, const float a[4], const float b[4], const float c[4])
{
    char src[1024];
    snprintf(src, sizeof src,
             "!!ARBfp1.0\nOPTION %s;\nATTRIB a = fragment.texcoord[0];\nATTRIB b = fragment.texcoord[1];\n"
             "ATTRIB c = fragment.texcoord[2];\nTEMP t;\n%s\nEND\n",
             option, body);
    lt_load(x, src, 4);
    lt_in(x, "fragment.texcoord[0]", a[0], a[1], a[2], a[3]);
    if (b)
        lt_in(x, "fragment.texcoord[1]", b[0], b[1], b[2], b[3]);
    if (c)
        lt_in(x, "fragment.texcoord[2]", c[0], c[1], c[2], c[3]);
    lt_run(x);
}

static void test_fp_option_ops(void **state)
{
    (void)state;
    lt x;
    /* axis (0,0,2), direction (1,0,-1): 2 * -2 / 4 = -1; (-1*0 - 1, -1*0 - 0, -1*2 + 1),
     * where -1*0 - 0 is (-0) - (+0) = -0 in IEEE arithmetic */
    fpo(&x, "NV_fragment_program", "RFL result.color.xyz, a, b;", V(0, 0, 2, 9), V(1, 0, -1, 9), NULL);
    lt_expect(&x, "result.color", 0x7, -1, -0.0f, -1, 0);
    lt_free(&x);
    /* (1 + 3*5 + 4*6, 2 + 3*7 + 4*8) to xy and zw */
    fpo(&x, "NV_fragment_program", "X2D result.color, a, b, c;", V(1, 2, 9, 9), V(3, 4, 9, 9), V(5, 6, 7, 8));
    lt_expect(&x, "result.color", 0xf, 40, 55, 40, 55);
    lt_free(&x);
    /* 1*3 + 2*4 + 10 */
    fpo(&x, "NV_fragment_program2", "DP2A result.color, a, b, c;", V(1, 2, 9, 9), V(3, 4, 9, 9), V(10, 0, 0, 0));
    lt_expect(&x, "result.color", 0xf, 21, 21, 21, 21);
    lt_free(&x);
    /* (0, 3, 4) / 5 */
    fpo(&x, "NV_fragment_program2", "NRM result.color.xyz, a;", V(0, 3, 4, 9), NULL, NULL);
    lt_expect_near(&x, "result.color", 0x7, 0, 0.6f, 0.8f, 0, 1e-6);
    lt_free(&x);
    fpo(&x, "NV_fragment_program2", "DIV result.color, a, b.y;", V(1, 2, 3, -4), V(0, 4, 0, 0), NULL);
    lt_expect(&x, "result.color", 0xf, 0.25f, 0.5f, 0.75f, -1);
    lt_free(&x);
}

/* NV_fragment_program2 REP/IF/BRK: count floor(n.x); s.x counts the
 * iterations; CC.x = s.x - 3 after each increment; s.y += 10 when it is
 * EQ; BRK when GT. */
static void test_fp2_flow(void **state)
{
    (void)state;
    static const struct { float n; float x, y; } cases[] = {
        {2.5f, 2, 0}, {5, 4, 10}, {-1, 0, 0}, {0.5f, 0, 0}, {3, 3, 10},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        lt_load(&x,
                "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = program.local[0];\nTEMP t, s;\n"
                "MOV s, 0;\nREP n.x;\nADD s.x, s.x, 1;\nADDC t.x, s.x, -3;\nIF EQ.x;\nADD s.y, s.y, 10;\nENDIF;\n"
                "BRK (GT.x);\nENDREP;\nMOV result.color, s;\nEND\n",
                4);
        lt_param(&x, "program.local[0]", cases[i].n, 0, 0, 0);
        lt_run(&x);
        lt_expect(&x, "result.color", 0xf, cases[i].x, cases[i].y, 0, 0);
        lt_free(&x);
    }
}

/* NV_fragment_program2 LOOP: count 3, index 1, step 2 reads
 * texcoord[A0.x + 1] for A0.x = 1, 3, 5: elements 2, 4, 6 of (i, 10 i, 0, 1);
 * a count of 0.5 (floor 0) runs nothing. */
static void test_fp2_loop(void **state)
{
    (void)state;
    static const struct { float n[4]; float want[4]; } cases[] = {
        {{3, 1, 2, 0}, {12, 120, 0, 3}},
        {{0.5f, 1, 2, 0}, {0, 0, 0, 0}},
        {{2.75f, 6.5f, -3, 0}, {7 + 4, 70 + 40, 0, 2}}, /* index 6, 3: elements 7, 4 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        lt x;
        lt_load(&x,
                "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = program.local[0];\nTEMP t;\nMOV t, 0;\n"
                "LOOP n;\nADD t, t, fragment.texcoord[A0.x + 1];\nENDLOOP;\nMOV result.color, t;\nEND\n",
                4);
        for (int i = 0; i < 8; i++) {
            char name[32];
            snprintf(name, sizeof name, "fragment.texcoord[%d]", i);
            lt_in(&x, name, (float)i, 10.0f * (float)i, 0, 1);
        }
        const float *n = cases[k].n, *w = cases[k].want;
        lt_param(&x, "program.local[0]", n[0], n[1], n[2], n[3]);
        lt_run(&x);
        lt_expect(&x, "result.color", 0xf, w[0], w[1], w[2], w[3]);
        lt_free(&x);
    }
}

/* NV_fragment_program2 3.11.3.Y: "The value of A0.x is clamped to be
 * greater than or equal to 0"; the loop index is A0.x ("the loop index
 * increment value is added to the loop index (A0.x)"), so each value it
 * takes is clamped.  fragment.texcoord[A0.x] over (i, 10 i, 0, 1):
 * {3, -1, 1} reads elements 0, 1, 2; {3, 1, -1} reads 1, 0, 0;
 * {2, -5, -1} reads 0, 0. */
static void test_fp2_loop_index_clamp(void **state)
{
    (void)state;
    static const struct { float n[4]; float want[4]; } cases[] = {
        {{3, -1, 1, 0}, {3, 30, 0, 3}},
        {{3, 1, -1, 0}, {1, 10, 0, 3}},
        {{2, -5, -1, 0}, {0, 0, 0, 2}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        lt x;
        lt_load(&x,
                "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = program.local[0];\nTEMP t;\nMOV t, 0;\n"
                "LOOP n;\nADD t, t, fragment.texcoord[A0.x];\nENDLOOP;\nMOV result.color, t;\nEND\n",
                4);
        for (int i = 0; i < 8; i++) {
            char name[32];
            snprintf(name, sizeof name, "fragment.texcoord[%d]", i);
            lt_in(&x, name, (float)i, 10.0f * (float)i, 0, 1);
        }
        const float *n = cases[k].n, *w = cases[k].want;
        lt_param(&x, "program.local[0]", n[0], n[1], n[2], n[3]);
        lt_run(&x);
        lt_expect(&x, "result.color", 0xf, w[0], w[1], w[2], w[3]);
        lt_free(&x);
    }
}

/* NV_fragment_program2's own example "REP repCount;": REP takes a vector
 * operand (<LOOPop> <instOperandV>), "The x component of the single
 * vector operand specifies the initial value for the loop count"; n.y
 * (a replicated swizzle) counts by y.  R0.x = the count, then _SSAT:
 * "each component of the result vector is clamped to the range [-1,1]":
 * (count - 2, 4, -0.75, 7) becomes (count - 2 clamped, 1, -0.75, 1). */
static void test_fp2_rep_vector_ssat(void **state)
{
    (void)state;
    static const struct { const char *rep; float n[4]; float want[4]; } cases[] = {
        {"REP repCount;", {3.5f, 1, 0, 0}, {1, 1, -0.75f, 1}},
        {"REP repCount.y;", {3.5f, 1, 0, 0}, {-1, 1, -0.75f, 1}},
        {"REP repCount;", {2, 0, 0, 0}, {0, 1, -0.75f, 1}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char src[512];
        snprintf(src, sizeof src,
                 "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM repCount = program.local[0];\nTEMP R0, R1;\n"
                 "MOV R0, {0, 5, 2.25, 0};\nMOV R1, {1, 0, 0, 0};\n%s\nADD R0, R0, R1;\nENDREP;\n"
                 "ADDC_SSAT R0, R0, {-2, -1, -3, 7};\nMOV result.color, R0;\nEND\n",
                 cases[k].rep);
        lt x;
        lt_load(&x, src, 4);
        const float *n = cases[k].n, *w = cases[k].want;
        lt_param(&x, "program.local[0]", n[0], n[1], n[2], n[3]);
        lt_run(&x);
        lt_expect(&x, "result.color", 0xf, w[0], w[1], w[2], w[3]);
        lt_free(&x);
    }
}

static void test_fp_kil(void **state)
{
    (void)state;
    lt x;
    fp(&x, "KIL a; MOV result.color, a;", V(1, -1, 1, 1), NULL, NULL);
    assert_true(nvgp_exec_killed(x.m, 0));
    lt_free(&x);
    fp(&x, "KIL a; MOV result.color, a;", V(1, 0, 1, 1), NULL, NULL);
    assert_false(nvgp_exec_killed(x.m, 0));
    lt_free(&x);
}

#include "exec/texture.h"

/* 2x2 RGBA32F, nearest: (0,0) red, (1,0) green, (0,1) blue, (1,1) white. */
static nvgp_texture *make_tex(void)
{
    nvgp_texture_desc d = {.target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F, .width = 2,
                           .height = 2, .depth = 1, .layers = 1, .levels = 1, .samples = 1};
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    static const float l0[16] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1};
    assert_true(nvgp_texture_set_image(t, 0, l0, sizeof l0, NULL));
    return t;
}

static void test_fp_tex(void **state)
{
    (void)state;
    nvgp_texture *tex = make_tex();
    static const char *const prog[] = {
        "TEX result.color, a, texture[1], 2D;",
        "TXP result.color, a, texture[1], 2D;",
        "TXB result.color, a, texture[1], 2D;",
    };
    /* green at (0.75, 0.25); TXP divides by w = 2; TXB's bias (w) changes
     * nothing on a one-level texture */
    static const float coords[3][4] = {{0.75f, 0.25f, 0, 1}, {1.5f, 0.5f, 0, 2}, {0.75f, 0.25f, 0, 3}};
    for (int i = 0; i < 3; i++) {
        char src[256];
        snprintf(src, sizeof src, FP_HEAD "%s\nEND\n", prog[i]);
        lt x;
        lt_load(&x, src, 4);
        const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_SAMPLER, "texture[1]");
        assert_non_null(s);
        assert_int_equal(nvgp_exec_bind_texture(x.m, (uint32_t)s->index, tex), NVGP_EXEC_OK);
        lt_in(&x, "fragment.texcoord[0]", coords[i][0], coords[i][1], coords[i][2], coords[i][3]);
        lt_run(&x);
        lt_expect(&x, "result.color", 0xf, 0, 1, 0, 1);
        lt_free(&x);
    }
    nvgp_texture_destroy(tex);
}

/* NV_fragment_program 3.11.5.40 TXP: "For cube map textures, the (s,t,r)
 * texture coordinates used for the lookup are given by x, y, and z"; for
 * the others x/w, y/w, z/w.  A 1x1 cube whose +X face is red and -X face
 * green: (1, 0, 0) with w = -1 looks up +X (divided, it would be -X).  A
 * 2D TXP still divides: (1.5, 0.5) / 2 is green in make_tex's texture. */
static void test_fp1_txp_cube(void **state)
{
    (void)state;
    nvgp_texture_desc d = {.target = TGSI_TEXTURE_CUBE, .format = NVGP_TEX_FORMAT_RGBA32F, .width = 1,
                           .height = 1, .depth = 1, .layers = 6, .levels = 1, .samples = 1};
    nvgp_texture *cube = nvgp_texture_create(&d, NULL);
    assert_non_null(cube);
    static const float faces[24] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
    assert_true(nvgp_texture_set_image(cube, 0, faces, sizeof faces, NULL));
    nvgp_texture *flat = make_tex();
    static const struct { const char *src; float in[4], want[4]; } cases[] = {
        {"!!FP1.0\nTXP o[COLR], f[TEX0], TEX1, CUBE;\nEND\n", {1, 0, 0, -1}, {1, 0, 0, 1}},
        {"!!FP1.0\nTXP o[COLR], f[TEX0], TEX1, CUBE;\nEND\n", {-1, 0.25f, 0, 2}, {0, 1, 0, 1}},
        {"!!FP1.0\nTXP o[COLR], f[TEX0], TEX1, 2D;\nEND\n", {1.5f, 0.5f, 0, 2}, {0, 1, 0, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        lt_load(&x, cases[i].src, 4);
        const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_SAMPLER, "texture[1]");
        assert_non_null(s);
        assert_int_equal(nvgp_exec_bind_texture(x.m, (uint32_t)s->index, i < 2 ? cube : flat), NVGP_EXEC_OK);
        const float *v = cases[i].in, *w = cases[i].want;
        lt_in(&x, "f[TEX0]", v[0], v[1], v[2], v[3]);
        lt_run(&x);
        lt_expect(&x, "o[COLR]", 0xf, w[0], w[1], w[2], w[3]);
        lt_free(&x);
    }
    nvgp_texture_destroy(cube);
    nvgp_texture_destroy(flat);
}

/* NV_vertex_program3: "The vertex program condition code registers are
 * two four-component vectors, called CC0 and CC1"; "C"/"C0" update CC0,
 * "C1" CC1, and tests name theirs (GT0, GT1; bare GT is CC0).  CC0 holds a
 * = (1, -1, 0, 2), CC1 holds -a; each conditional write and the branch
 * must see its own. */
static void test_vp3_two_condition_codes(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!ARBvp1.0\nOPTION NV_vertex_program3;\nATTRIB a = vertex.attrib[1];\nTEMP t;\n"
            "MOVC t, a;\nMOVC1 t, -a;\n"
            "MOV result.texcoord[0], 0;\nMOV result.texcoord[0] (GT0), 1;\n"
            "MOV result.texcoord[1], 0;\nMOV result.texcoord[1] (GT1), 1;\n"
            "MOV result.texcoord[2], 0;\nMOV result.texcoord[2] (LT), 1;\n"
            "MOV result.texcoord[3], 0;\nBRA skip (GT1.y);\nMOV result.texcoord[3], 1;\nskip:\n"
            "MOV result.texcoord[4], 0;\nBRA skip2 (GT0.y);\nMOV result.texcoord[4], 1;\nskip2:\n"
            "MOV result.position, a;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 1, -1, 0, 2);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 1, 0, 0, 1);
    lt_expect(&x, "result.texcoord[1]", 0xf, 0, 1, 0, 0);
    lt_expect(&x, "result.texcoord[2]", 0xf, 0, 1, 0, 0);
    lt_expect(&x, "result.texcoord[3]", 0xf, 0, 0, 0, 0);
    lt_expect(&x, "result.texcoord[4]", 0xf, 1, 1, 1, 1);
    lt_free(&x);
}

/* NV_vertex_program3 "address register-relative addressing for vertex
 * attribute and result arrays": vertex.texcoord[A+n] reads "texture
 * coordinate number <c> ... adding the current value of the address
 * register component and <n>", vertex.attrib[A+n] generic attribute <a>,
 * result.texcoord[A+n] writes texture coordinate <c>.  A0.y = floor(2.5)
 * = 2: texcoord[3] goes to result.texcoord[2], attrib[6] to
 * result.texcoord[1]; result.texcoord[0] and [3] keep their direct
 * writes. */
static void test_vp3_relative_attrib_result(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS A0;\nTEMP t;\n"
            "MOV result.texcoord[0], 7;\nMOV result.texcoord[3], 8;\n"
            "ARL A0.y, vertex.attrib[1].x;\nMOV t, vertex.texcoord[A0.y+1];\n"
            "MOV result.texcoord[A0.y], t;\nADD result.texcoord[A0.y - 1], vertex.attrib[A0.y + 4], 0;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    char name[32];
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "vertex.texcoord[%d]", i);
        lt_in(&x, name, (float)i, 10.0f * (float)i, 0, 1);
        snprintf(name, sizeof name, "vertex.attrib[%d]", i);
        lt_in(&x, name, 100.0f + (float)i, (float)i, 0, 1);
    }
    lt_in(&x, "vertex.attrib[1]", 2.5f, 0, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 7, 7, 7, 7);
    lt_expect(&x, "result.texcoord[1]", 0xf, 106, 6, 0, 1);
    lt_expect(&x, "result.texcoord[2]", 0xf, 3, 30, 0, 1);
    lt_expect(&x, "result.texcoord[3]", 0xf, 8, 8, 8, 8);
    lt_free(&x);
    /* the same bindings declared (<attribUseD> ::= <attribBasic>): each use
     * reads or writes the element the address register names then */
    lt_load(&x,
            "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS A0;\nATTRIB tc = vertex.texcoord[A0.y+1];\n"
            "OUTPUT out = result.texcoord[A0.y - 1];\nTEMP t;\n"
            "ARL A0.y, vertex.attrib[1].x;\nMOV t, tc;\nMOV out, t;\nARL A0.y, vertex.attrib[1].y;\n"
            "MOV out, tc;\nMOV result.position, 0;\nEND\n",
            1);
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "vertex.texcoord[%d]", i);
        lt_in(&x, name, (float)i, 10.0f * (float)i, 0, 1);
    }
    lt_in(&x, "vertex.attrib[1]", 2.5f, 4, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[1]", 0xf, 3, 30, 0, 1);
    lt_expect(&x, "result.texcoord[3]", 0xf, 5, 50, 0, 1);
    lt_free(&x);
}

/* ---- Old languages and cross-language equivalence ------------------------------ */

static void test_vp1_rcc(void **state)
{
    (void)state;
    static const struct { float in, out; } cases[] = {
        {4, 0.25f}, {-4, -0.25f},
        {INFINITY, 0x1p-64f}, {-INFINITY, -0x1p-64f},
        {0.0f, 0x1p64f}, {-0.0f, -0x1p64f},
        {0x1p70f, 0x1p-64f}, {-0x1p70f, -0x1p-64f},
        {0x1p-70f, 0x1p64f}, {-0x1p-70f, -0x1p64f},
        {NAN, NAN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        lt_load(&x, "!!VP1.1\nRCC R0, v[1].x;\nMOV o[HPOS], R0;\nEND\n", 1);
        lt_in(&x, "v[1]", cases[i].in, 0, 0, 0);
        lt_run(&x);
        float o = cases[i].out;
        lt_expect(&x, "o[HPOS]", 0xf, o, o, o, o);
        lt_free(&x);
    }
}

/* The same transform and lighting written as ARBvp1.0, VP1.0 and VP2.0 gives
 * the same bits, input for input, and the transform written in TGSI agrees. */
static void test_arbvp_equals_vp1(void **state)
{
    (void)state;
    const char *arb =
        "!!ARBvp1.0\nPARAM c[8] = { program.env[0..7] };\nADDRESS A;\nTEMP r0, r1;\n"
        "DP4 result.position.x, c[0], vertex.position;\nDP4 result.position.y, c[1], vertex.position;\n"
        "DP4 result.position.z, c[2], vertex.position;\nDP4 result.position.w, c[3], vertex.position;\n"
        "DP3 r0.x, vertex.normal, c[4];\nMOV r0.y, vertex.attrib[3].y;\nMOV r0.w, c[5].w;\n"
        "LIT r1, r0;\nARL A.x, vertex.attrib[3].x;\nMAD result.color, r1.z, c[A.x + 6], r1.y;\n"
        "EXP r0, vertex.attrib[3].z;\nLOG r1, vertex.attrib[3].w;\nDST result.texcoord[0], r0, r1;\n"
        "RSQ r0.x, vertex.attrib[3].w;\nRCP r0.y, vertex.attrib[3].z;\nMOV result.texcoord[1], r0;\nEND\n";
    const char *nv =
        "!!VP1.0\n"
        "DP4 o[HPOS].x, c[0], v[OPOS];\nDP4 o[HPOS].y, c[1], v[OPOS];\n"
        "DP4 o[HPOS].z, c[2], v[OPOS];\nDP4 o[HPOS].w, c[3], v[OPOS];\n"
        "DP3 R0.x, v[NRML], c[4];\nMOV R0.y, v[3].y;\nMOV R0.w, c[5].w;\n"
        "LIT R1, R0;\nARL A0.x, v[3].x;\nMAD o[COL0], R1.z, c[A0.x + 6], R1.y;\n"
        "EXP R0, v[3].z;\nLOG R1, v[3].w;\nDST o[TEX0], R0, R1;\n"
        "RSQ R0.x, v[3].w;\nRCP R0.y, v[3].z;\nMOV o[TEX1], R0;\nEND\n";
    static const char *const arb_out[] = {"result.position", "result.color", "result.texcoord[0]",
                                          "result.texcoord[1]"};
    static const char *const nv_out[] = {"o[HPOS]", "o[COL0]", "o[TEX0]", "o[TEX1]"};
    static const float inputs[3][3][4] = {
        /* position, normal, attrib[3] */
        {{1, 2, 3, 1}, {0, 0.6f, 0.8f, 0}, {0.2f, 0.9f, 2.5f, 10}},
        {{-4, 0.5f, 2, 1}, {1, 0, 0, 0}, {1.7f, 0.3f, -1.25f, 0.75f}},
        {{0, 0, 0, 1}, {-1, 0, 0, 0}, {0, 0, 0, 0}},
    };
    float env[8][4];
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++)
            env[i][k] = (float)(i * 4 + k) * 0.125f - 1.0f;
    env[5][3] = 6; /* the specular exponent */
    /* the same program as VP2.0 (VP1.0 text is valid VP2.0) */
    char nv2[2048];
    snprintf(nv2, sizeof nv2, "!!VP2.0%s", nv + strlen("!!VP1.0"));
    /* and the transform written directly in TGSI */
    static const char tgsi[] = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL CONST[0..3]\n"
                               "  0: DP4 OUT[0].x, CONST[0], IN[0]\n  1: DP4 OUT[0].y, CONST[1], IN[0]\n"
                               "  2: DP4 OUT[0].z, CONST[2], IN[0]\n  3: DP4 OUT[0].w, CONST[3], IN[0]\n  4: END\n";
    for (int n = 0; n < 3; n++) {
        lt x, y, z;
        lt_load(&x, arb, 1);
        lt_load(&y, nv, 1);
        lt_load(&z, nv2, 1);
        char name[32];
        for (int i = 0; i < 8; i++) {
            snprintf(name, sizeof name, "program.env[%d]", i);
            lt_param(&x, name, env[i][0], env[i][1], env[i][2], env[i][3]);
            snprintf(name, sizeof name, "c[%d]", i);
            lt_param(&y, name, env[i][0], env[i][1], env[i][2], env[i][3]);
            lt_param(&z, name, env[i][0], env[i][1], env[i][2], env[i][3]);
        }
        const float *p = inputs[n][0], *q = inputs[n][1], *r = inputs[n][2];
        lt_in(&x, "vertex.position", p[0], p[1], p[2], p[3]);
        lt_in(&y, "v[0]", p[0], p[1], p[2], p[3]);
        lt_in(&x, "vertex.normal", q[0], q[1], q[2], q[3]);
        lt_in(&y, "v[2]", q[0], q[1], q[2], q[3]);
        lt_in(&x, "vertex.attrib[3]", r[0], r[1], r[2], r[3]);
        lt_in(&y, "v[3]", r[0], r[1], r[2], r[3]);
        lt_in(&z, "v[0]", p[0], p[1], p[2], p[3]);
        lt_in(&z, "v[2]", q[0], q[1], q[2], q[3]);
        lt_in(&z, "v[3]", r[0], r[1], r[2], r[3]);
        lt_run(&x);
        lt_run(&y);
        lt_run(&z);
        for (int o = 0; o < 4; o++) {
            float u[4], v[4], w[4];
            lt_out(&x, arb_out[o], 0, u);
            lt_out(&y, nv_out[o], 0, v);
            lt_out(&z, nv_out[o], 0, w);
            assert_memory_equal(u, v, sizeof u);
            assert_memory_equal(u, w, sizeof u);
        }
        nvgp_diag *td = nvgp_diag_create("t.tgsi", tgsi, strlen(tgsi));
        tgsi_program *tp = nvgp_tgsi_read(tgsi, strlen(tgsi), td);
        assert_non_null(tp);
        nvgp_exec *m = nvgp_exec_create(tp, td);
        assert_non_null(m);
        assert_int_equal(nvgp_exec_set_invocations(m, 1, 1), NVGP_EXEC_OK);
        for (uint32_t i = 0; i < 4; i++) {
            uint32_t w[4] = {lt_bits(env[i][0]), lt_bits(env[i][1]), lt_bits(env[i][2]), lt_bits(env[i][3])};
            assert_int_equal(nvgp_exec_set_constants(m, 0, i, w, 1), NVGP_EXEC_OK);
        }
        uint32_t pw[4] = {lt_bits(p[0]), lt_bits(p[1]), lt_bits(p[2]), lt_bits(p[3])};
        assert_int_equal(nvgp_exec_set_input(m, NVGP_EXEC_ALL, 0, 0, pw), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_run(m, td), NVGP_EXEC_OK);
        uint32_t tw[4];
        nvgp_exec_get_output(m, 0, 0, tw);
        float tpos[4], apos[4];
        for (int i = 0; i < 4; i++)
            tpos[i] = lt_float(tw[i]);
        lt_out(&x, "result.position", 0, apos);
        assert_memory_equal(tpos, apos, sizeof tpos);
        nvgp_exec_destroy(m);
        nvgp_tgsi_program_destroy(tp);
        nvgp_diag_destroy(td);
        /* one value checked by hand: the first position row is
         * (-1, -0.875, -0.75, -0.625) . (1, 2, 3, 1) */
        if (n == 0)
            lt_expect(&x, "result.position", 0x1, -1 - 1.75f - 2.25f - 0.625f, 0, 0, 0);
        lt_free(&x);
        lt_free(&y);
        lt_free(&z);
    }
}

/* NV_vertex_program2 2.14.2's example: R1 = (-2, 0, 2, NaN);
 *   MOVC R0, R1;           R0 = (-2, 0, 2, NaN)   CC = (LT, EQ, GT, UN)
 *   MOVC R0.xyz, R1.yzwx;  R0 = (0, 2, NaN, NaN)  CC = (EQ, GT, UN, UN)
 *   MOVC R0 (NE), R1.zywx; R0 = (0, 0, NaN, -2)   CC = (EQ, EQ, UN, LT)
 * then conditional writes of (1,1,1,1) over (5,5,5,5) show the CC. */
static void test_vp2_cc_example(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!VP2.0\nMOVC R0, v[1];\nMOVC R0.xyz, v[1].yzwx;\nMOVC R0 (NE), v[1].zywx;\nMOV o[HPOS], R0;\n"
            "MOV R2, v[2];\nMOV R2 (EQ), v[3];\nMOV o[TEX0], R2;\n"
            "MOV R2, v[2];\nMOV R2 (LT), v[3];\nMOV o[TEX1], R2;\n"
            "MOV R2, v[2];\nMOV R2 (NE), v[3];\nMOV o[TEX2], R2;\n"
            "MOV R2, v[2];\nMOV R2 (GE.wzyx), v[3];\nMOV o[TEX3], R2;\n"
            "MOV o[TEX4], v[2];\nMOV o[TEX4] (GT), v[3];\nEND\n",
            1);
    lt_in(&x, "v[1]", -2, 0, 2, NAN);
    lt_in(&x, "v[2]", 5, 5, 5, 5);
    lt_in(&x, "v[3]", 1, 1, 1, 1);
    lt_run(&x);
    lt_expect(&x, "o[HPOS]", 0xf, 0, 0, NAN, -2);
    lt_expect(&x, "o[TEX0]", 0xf, 1, 1, 5, 5);
    lt_expect(&x, "o[TEX1]", 0xf, 5, 5, 5, 1);
    lt_expect(&x, "o[TEX2]", 0xf, 5, 5, 1, 1);
    /* GE (GT or EQ) of the CC swizzled wzyx = (LT, UN, EQ, EQ) */
    lt_expect(&x, "o[TEX3]", 0xf, 5, 5, 1, 1);
    /* a conditional write straight to a result register */
    lt_expect(&x, "o[TEX4]", 0xf, 5, 5, 5, 5);
    lt_free(&x);
}

/* FP1.0: a CC-only destination and KIL on a condition. */
static void test_fp1_kil_cc(void **state)
{
    (void)state;
    static const struct { float x; bool killed; } cases[] = {{-1, true}, {0, false}, {2, false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        lt_load(&x, "!!FP1.0\nMOVRC RC, f[TEX0];\nKIL LT.x;\nMOVR o[COLR], f[TEX0];\nEND\n", 4);
        lt_in(&x, "f[TEX0]", cases[i].x, 1, 1, 1);
        lt_run(&x);
        assert_int_equal(nvgp_exec_killed(x.m, 0), cases[i].killed);
        if (!cases[i].killed)
            lt_expect(&x, "o[COLR]", 0xf, cases[i].x, 1, 1, 1);
        lt_free(&x);
    }
}

/* NV_vertex_program2 BRA backwards: a do-while counting loop, divergent
 * across lanes (lane i counts max(i, 1) iterations). */
static void test_vp2_bra_loop(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!VP2.0\nMOV R0, c[2];\nMOV R1, v[1];\nloop:\nADD R0.x, R0.x, c[3].x;\n"
            "ADDC R1.x, R1.x, -c[3].x;\nBRA loop (GT.x);\nMOV o[HPOS], R0;\nEND\n",
            8);
    lt_param(&x, "c[2]", 0, 0, 0, 0);
    lt_param(&x, "c[3]", 1, 1, 1, 1);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "v[1]");
    assert_non_null(in);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t v[4] = {lt_bits((float)i), 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    for (uint32_t i = 0; i < 8; i++) {
        float o[4];
        lt_out(&x, "o[HPOS]", i, o);
        assert_true(o[0] == (i > 1 ? (float)i : 1.0f));
    }
    lt_free(&x);
}

/* NV_vertex_program2 2.14.1.x: a program "will terminate abnormally after
 * executing 65536 instructions", emitting the results written so far.  An
 * unconditional BRA loop never ends: 2 instructions before it, 3 per
 * iteration, so the 65536th is the MOV of iteration 21845
 * ((65536 - 2) = 3 * 21844 + 2): o[HPOS].x = 21845 (21844 if the limit were
 * 65535); o[TEX0], written first, is produced. */
static void test_vp2_exec_limit_endless(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!VP2.0\nMOV o[TEX0], c[1];\nMOV R0, c[0];\nloop:\nADD R0, R0, c[2];\nMOV o[HPOS], R0;\n"
            "BRA loop;\nEND\n",
            1);
    lt_param(&x, "c[0]", 0, 0, 0, 0);
    lt_param(&x, "c[1]", 5, 6, 7, 8);
    lt_param(&x, "c[2]", 1, 1, 1, 1);
    lt_run(&x);
    lt_expect(&x, "o[HPOS]", 0xf, 21845, 21845, 21845, 21845);
    lt_expect(&x, "o[TEX0]", 0xf, 5, 6, 7, 8);
    lt_free(&x);
}

/* The limit per lane, at its edge: 3 instructions, then 4 per iteration
 * (the loop runs N = v[1].x times), then the final MOV: 4N + 4 in all.
 * N = 16382: 65532, ends normally, o[HPOS] = N.  N = 16383: exactly 65536,
 * the final MOV is the last one executed, o[HPOS] = N.  N = 16384: the 65535th
 * instruction ends iteration 16383, the 65536th is the next ADD; the loop's
 * MOV o[TEX0] and the final MOV never run again: o[TEX0] = 16383, o[HPOS]
 * keeps c[1].  N = 1e9 (no end in sight) ends the same way. */
static void test_vp2_exec_limit_lanes(void **state)
{
    (void)state;
    static const float n[4] = {16382, 16383, 16384, 1e9f};
    static const float hpos[4] = {16382, 16383, -1, -1};
    static const float tex0[4] = {16382, 16383, 16383, 16383};
    lt x;
    lt_load(&x,
            "!!VP2.0\nMOV o[HPOS], c[1];\nMOV R0, c[0];\nMOV R1, v[1];\nloop:\nADD R0, R0, c[2];\n"
            "ADDC R1.x, R1.x, -c[2].x;\nMOV o[TEX0], R0;\nBRA loop (GT.x);\nMOV o[HPOS], R0;\nEND\n",
            4);
    lt_param(&x, "c[0]", 0, 0, 0, 0);
    lt_param(&x, "c[1]", -1, -1, -1, -1);
    lt_param(&x, "c[2]", 1, 1, 1, 1);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "v[1]");
    assert_non_null(in);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t v[4] = {lt_bits(n[i]), 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        float o[4];
        lt_out(&x, "o[HPOS]", i, o);
        assert_true(o[0] == hpos[i]);
        lt_out(&x, "o[TEX0]", i, o);
        assert_true(o[0] == tex0[i]);
    }
    lt_free(&x);
}

/* CAL/RET: RET on the empty stack ends the program; a skipped ADD by a
 * taken BRA.  R0 = (v1 [+ c0 unless v2.x < 0]) * c1. */
static void test_vp2_cal_ret(void **state)
{
    (void)state;
    static const float v2x[2] = {-1, 1};
    static const float want[2][4] = {{2, 4, 6, 8}, {22, 24, 26, 28}};
    for (int k = 0; k < 2; k++) {
        lt x;
        lt_load(&x,
                "!!VP2.0\nMOV R0, v[1];\nMOVC R1, v[2];\nBRA skip (LT.x);\nADD R0, R0, c[0];\nskip:\n"
                "CAL sub;\nMOV o[HPOS], R0;\nRET;\nsub:\nMUL R0, R0, c[1];\nRET;\nEND\n",
                1);
        lt_in(&x, "v[1]", 1, 2, 3, 4);
        lt_in(&x, "v[2]", v2x[k], 0, 0, 0);
        lt_param(&x, "c[0]", 10, 10, 10, 10);
        lt_param(&x, "c[1]", 2, 2, 2, 2);
        lt_run(&x);
        lt_expect(&x, "o[HPOS]", 0xf, want[k][0], want[k][1], want[k][2], want[k][3]);
        lt_free(&x);
    }
}

/* VP2 address registers: vector ARL floors (1.5, -2.5, 2, 9) to
 * (1, -3, 2, 9); ARA gives (1+2, -3+9, ...) = (3, 6, 3, 6); ARLC sets the
 * CC from the integer result. */
static void test_vp2_address(void **state)
{
    (void)state;
    static const float v2x[2] = {-2, 0.5f};
    for (int k = 0; k < 2; k++) {
        lt x;
        lt_load(&x,
                "!!VP2.0\nARL A0, v[1];\nARA A0, A0;\nMOV o[HPOS], c[A0.x + 1];\nMOV o[TEX0], c[A0.y + 1];\n"
                "ARLC A1.x, v[2].x;\nMOV o[TEX1], c[0];\nMOV o[TEX1] (LT.x), c[1];\nEND\n",
                1);
        for (int i = 0; i < 10; i++) {
            char name[16];
            snprintf(name, sizeof name, "c[%d]", i);
            lt_param(&x, name, (float)i, (float)i, (float)i, (float)i);
        }
        lt_in(&x, "v[1]", 1.5f, -2.5f, 2, 9);
        lt_in(&x, "v[2]", v2x[k], 0, 0, 0);
        lt_run(&x);
        lt_expect(&x, "o[HPOS]", 0xf, 4, 4, 4, 4);
        lt_expect(&x, "o[TEX0]", 0xf, 7, 7, 7, 7);
        float want = k == 0 ? 1 : 0; /* floor(-2) < 0: LT; floor(0.5) = 0: EQ */
        lt_expect(&x, "o[TEX1]", 0xf, want, want, want, want);
        lt_free(&x);
    }
}

/* VSP1.0 writes parameters: c[2] = c[1] * v[0].x + c[0], then
 * c[0] = c[0] + c[2]; c[1] is only read, so it is no output. */
static void test_vsp(void **state)
{
    (void)state;
    lt x;
    lt_load(&x, "!!VSP1.0\nMOV R0, c[0];\nMAD c[2], c[1], v[0].x, R0;\nADD c[0], R0, c[2];\nEND\n", 1);
    lt_param(&x, "c[0]", 1, 2, 3, 4);
    lt_param(&x, "c[1]", 10, 20, 30, 40);
    lt_in(&x, "v[0]", 0.5f, 0, 0, 0);
    lt_run(&x);
    lt_expect(&x, "c[2]", 0xf, 6, 12, 18, 24);
    lt_expect(&x, "c[0]", 0xf, 7, 14, 21, 28);
    assert_null(nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "c[1]"));
    lt_free(&x);
}

/* Position-invariant programs get the fixed-function transform:
 * rows (1,0,0,10), (0,2,0,20), (0,0,3,30), (0,0,0,1) times (1,2,3,1). */
static void test_position_invariant(void **state)
{
    (void)state;
    static const char *const src[2] = {
        "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND\n",
        "!!VP1.1\nOPTION NV_position_invariant;\nMOV o[COL0], v[3];\nEND\n",
    };
    static const char *const pos_in[2] = {"vertex.position", "v[0]"};
    static const char *const pos_out[2] = {"result.position", "o[HPOS]"};
    for (int k = 0; k < 2; k++) {
        lt x;
        lt_load(&x, src[k], 1);
        lt_in(&x, pos_in[k], 1, 2, 3, 1);
        lt_param(&x, "state.matrix.mvp.row[0]", 1, 0, 0, 10);
        lt_param(&x, "state.matrix.mvp.row[1]", 0, 2, 0, 20);
        lt_param(&x, "state.matrix.mvp.row[2]", 0, 0, 3, 30);
        lt_param(&x, "state.matrix.mvp.row[3]", 0, 0, 0, 1);
        lt_run(&x);
        lt_expect(&x, pos_out[k], 0xf, 11, 24, 39, 1);
        lt_free(&x);
    }
}

/* A VSP1.0 that reads parameters relatively and writes them: c[A0.x + 1]
 * with A0.x = floor(1.5) = 1 reads c[2] after it was written. */
static void test_vsp_relative(void **state)
{
    (void)state;
    lt x;
    lt_load(&x, "!!VSP1.0\nARL A0.x, v[0].x;\nADD c[2], v[0], c[1];\nMOV c[5], c[A0.x + 1];\nEND\n", 1);
    lt_param(&x, "c[1]", 10, 20, 30, 40);
    lt_param(&x, "c[2]", -1, -1, -1, -1);
    lt_in(&x, "v[0]", 1.5f, 1, 1, 1);
    lt_run(&x);
    lt_expect(&x, "c[2]", 0xf, 11.5f, 21, 31, 41);
    lt_expect(&x, "c[5]", 0xf, 11.5f, 21, 31, 41);
    lt_free(&x);
}

/* VSP1.0 relative reads with offsets -64..63: "Relative addressing reads
 * outside of the 0 to 95 inclusive range always read the value (0,0,0,0)"
 * (NV_vertex_program 2.14.1.9).  c[k] = (k, 2k, -k, 1); the reads land on
 * A0.x - 1, A0.x - 64 and A0.x + 63. */
static void test_vsp_relative_offsets(void **state)
{
    (void)state;
    static const struct { float a; int idx[3]; } cases[] = {
        {3, {2, -61, 66}},
        {64.5f, {63, 0, 127}},
        {-1.5f, {-3, -66, 61}},
        {96, {95, 32, 159}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        lt_load(&x,
                "!!VSP1.0\nARL A0.x, v[0].x;\nMOV c[5], c[A0.x - 1];\nMOV c[6], c[A0.x - 64];\n"
                "MOV c[7], c[A0.x + 63];\nEND\n",
                1);
        for (int k = 0; k < 96; k++) {
            char name[16];
            snprintf(name, sizeof name, "c[%d]", k);
            lt_param(&x, name, (float)k, 2.0f * (float)k, -(float)k, 1);
        }
        lt_in(&x, "v[0]", cases[i].a, 0, 0, 0);
        lt_run(&x);
        for (int j = 0; j < 3; j++) {
            int k = cases[i].idx[j];
            char name[16];
            snprintf(name, sizeof name, "c[%d]", 5 + j);
            if (k >= 0 && k < 96)
                lt_expect(&x, name, 0xf, (float)k, 2.0f * (float)k, -(float)k, 1);
            else
                lt_expect(&x, name, 0xf, 0, 0, 0, 0);
        }
        lt_free(&x);
    }
}

/* NV_vertex_program3 PUSHA/POPA: a = (1, 2, 3, 4) is pushed, replaced by
 * (5, 6, 7, 0), then popped back. */
static void test_pusha_popa(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS a;\nPARAM p[] = { program.env[0..7] };\n"
            "ARL a, vertex.attrib[1];\nPUSHA a;\nARL a, vertex.attrib[2];\nMOV result.texcoord[0], p[a.x];\n"
            "POPA a;\nMOV result.texcoord[1], p[a.y];\nEND\n",
            1);
    for (int i = 0; i < 8; i++) {
        char name[32];
        snprintf(name, sizeof name, "program.env[%d]", i);
        lt_param(&x, name, (float)i, (float)i, (float)i, (float)i);
    }
    lt_in(&x, "vertex.attrib[1]", 1.5f, 2.5f, 3.5f, 4.5f);
    lt_in(&x, "vertex.attrib[2]", 5, 6, 7, 0);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 5, 5, 5, 5);
    lt_expect(&x, "result.texcoord[1]", 0xf, 2, 2, 2, 2);
    lt_free(&x);
}

/* A recursive subroutine called N = v[1].x times: invocation i runs with
 * i entries on the stack and calls again while i < N.  VP2.0's stack holds
 * four entries (NV_vertex_program2: "terminate if a CAL instruction is
 * executed with four entries already in the call stack"): N = 4 returns
 * through every level (o[HPOS] = 4), N = 5 ends in the fourth invocation,
 * whose o[TEX0] = 4 is kept and o[HPOS] keeps c[3].  With the ARB option
 * the stack holds MAX_PROGRAM_CALL_DEPTH_NV (32) entries: 32 and 33. */
static void test_call_depth_limit(void **state)
{
    (void)state;
    static const char *const src[2] = {
        "!!VP2.0\nMOV o[HPOS], c[3];\nMOV R0, c[0];\nMOV R1, v[1];\nCAL sub;\nMOV o[HPOS], R0;\nRET;\n"
        "sub:\nADD R0, R0, c[2];\nMOV o[TEX0], R0;\nADDC R1.x, R1.x, -c[2].x;\nCAL sub (GT.x);\nRET;\nEND\n",
        "!!ARBvp1.0\nOPTION NV_vertex_program2;\nTEMP R0, R1;\nMOV result.position, program.env[3];\n"
        "MOV R0, program.env[0];\nMOV R1, vertex.attrib[1];\nCAL sub;\nMOV result.position, R0;\nRET;\n"
        "sub:\nADD R0, R0, program.env[2];\nMOV result.texcoord[0], R0;\nADDC R1.x, R1.x, -program.env[2].x;\n"
        "CAL sub (GT.x);\nRET;\nEND\n",
    };
    static const char *const names[2][5] = {
        {"c[0]", "c[2]", "c[3]", "o[HPOS]", "o[TEX0]"},
        {"program.env[0]", "program.env[2]", "program.env[3]", "result.position", "result.texcoord[0]"},
    };
    static const char *const in_name[2] = {"v[1]", "vertex.attrib[1]"};
    static const float depth[2] = {4, 32};
    for (int k = 0; k < 2; k++) {
        lt x;
        lt_load(&x, src[k], 2);
        lt_param(&x, names[k][0], 0, 0, 0, 0);
        lt_param(&x, names[k][1], 1, 1, 1, 1);
        lt_param(&x, names[k][2], -1, -1, -1, -1);
        const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, in_name[k]);
        assert_non_null(in);
        for (uint32_t i = 0; i < 2; i++) {
            uint32_t v[4] = {lt_bits(depth[k] + (float)i), 0, 0, 0};
            assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
        }
        lt_run(&x);
        float o[4];
        lt_out(&x, names[k][3], 0, o);
        assert_true(o[0] == depth[k]);
        lt_out(&x, names[k][4], 0, o);
        assert_true(o[0] == depth[k]);
        lt_out(&x, names[k][3], 1, o);
        assert_true(o[0] == -1);
        lt_out(&x, names[k][4], 1, o);
        assert_true(o[0] == depth[k]);
        lt_free(&x);
    }
}

/* PUSHA/POPA (NV_vertex_program3 2.14.5.43-44) end the program on a full
 * stack, an empty one, or an entry of the other kind.  Lane i of each
 * program takes branch i; what runs before the end is kept, the rest never
 * runs (result.texcoord[1] keeps env[3] = -1).
 *  - N = vertex.attrib[1].x PUSHAs in a BRA loop: 32 fit
 *    (MAX_PROGRAM_CALL_DEPTH_NV), the 33rd ends the program after
 *    result.texcoord[0] counted 32.
 *  - PUSHA, POPA, POPA: the second POPA finds the stack empty.
 *  - POPA in a subroutine pops CAL's entry; RET pops PUSHA's entry. */
static void test_pusha_popa_limits(void **state)
{
    (void)state;
    {
        lt x;
        lt_load(&x,
                "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS a;\nTEMP n, k;\n"
                "MOV result.texcoord[1], program.env[3];\nMOV k, program.env[0];\nARL a, program.env[2];\n"
                "MOV n, vertex.attrib[1];\nloop:\nPUSHA a;\nADD k, k, program.env[2];\n"
                "MOV result.texcoord[0], k;\nADDC n.x, n.x, -program.env[2].x;\nBRA loop (GT.x);\n"
                "MOV result.texcoord[1], k;\nEND\n",
                2);
        lt_param(&x, "program.env[0]", 0, 0, 0, 0);
        lt_param(&x, "program.env[2]", 1, 1, 1, 1);
        lt_param(&x, "program.env[3]", -1, -1, -1, -1);
        const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[1]");
        assert_non_null(in);
        for (uint32_t i = 0; i < 2; i++) {
            uint32_t v[4] = {lt_bits(32.0f + (float)i), 0, 0, 0};
            assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
        }
        lt_run(&x);
        float o[4];
        lt_out(&x, "result.texcoord[0]", 0, o);
        assert_true(o[0] == 32);
        lt_out(&x, "result.texcoord[1]", 0, o);
        assert_true(o[0] == 32);
        lt_out(&x, "result.texcoord[0]", 1, o);
        assert_true(o[0] == 32);
        lt_out(&x, "result.texcoord[1]", 1, o);
        assert_true(o[0] == -1);
        lt_free(&x);
    }
    static const char *const src[3] = {
        "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS a;\nMOV result.texcoord[1], program.env[3];\n"
        "ARL a, program.env[2];\nPUSHA a;\nPOPA a;\nMOV result.texcoord[0], program.env[2];\nPOPA a;\n"
        "MOV result.texcoord[1], program.env[2];\nEND\n",
        "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS a;\nMOV result.texcoord[1], program.env[3];\n"
        "CAL sub;\nMOV result.texcoord[1], program.env[2];\nRET;\nsub:\n"
        "MOV result.texcoord[0], program.env[2];\nPOPA a;\nMOV result.texcoord[1], program.env[2];\nRET;\nEND\n",
        "!!ARBvp1.0\nOPTION NV_vertex_program3;\nADDRESS a;\nMOV result.texcoord[1], program.env[3];\n"
        "ARL a, program.env[2];\nCAL sub;\nMOV result.texcoord[1], program.env[2];\nRET;\nsub:\n"
        "MOV result.texcoord[0], program.env[2];\nPUSHA a;\nRET;\nEND\n",
    };
    for (int k = 0; k < 3; k++) {
        lt x;
        lt_load(&x, src[k], 1);
        lt_param(&x, "program.env[2]", 1, 1, 1, 1);
        lt_param(&x, "program.env[3]", -1, -1, -1, -1);
        lt_run(&x);
        lt_expect(&x, "result.texcoord[0]", 0xf, 1, 1, 1, 1);
        lt_expect(&x, "result.texcoord[1]", 0xf, -1, -1, -1, -1);
        lt_free(&x);
    }
}

/* o[CLPn] and result.clip[n] (NV_vertex_program2, its ARB option) are
 * component n % 4 of CLIPDIST[n / 4]; a scalar binding takes x of what is
 * written (o[CLP0].y leaves clip 0 alone), conditional writes keep the
 * earlier value where the test fails (lane 0: v[1].x = -1 is not GT). */
static void test_clip_results(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!VP2.0\nMOV o[CLP0], c[0];\nMOV o[CLP0].y, c[2];\nMOVC R0, v[1];\nMOV o[CLP4], c[0];\n"
            "MOV o[CLP4] (GT.x), c[1];\nMOV o[HPOS], c[0];\nEND\n",
            2);
    lt_param(&x, "c[0]", 5, 6, 7, 8);
    lt_param(&x, "c[1]", 7, 0, 0, 0);
    lt_param(&x, "c[2]", 9, 9, 9, 9);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "v[1]");
    assert_non_null(in);
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t v[4] = {lt_bits(i ? 1.0f : -1.0f), 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    const nvgp_lower_slot *c4 = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "o[CLP4]");
    assert_non_null(c4);
    assert_int_equal(c4->component, 0);
    bool clipdist1 = false;
    for (uint32_t i = 0; i < x.tgsi->num_declarations; i++) {
        const tgsi_declaration *d = &x.tgsi->declarations[i];
        if (d->file == TGSI_FILE_OUTPUT && d->first <= c4->index && c4->index <= d->last)
            clipdist1 = d->has_semantic && d->semantic_name == TGSI_SEMANTIC_CLIPDIST && d->semantic_index == 1;
    }
    assert_true(clipdist1);
    assert_true(lt_out_scalar(&x, "o[CLP0]", 0) == 5);
    assert_true(lt_out_scalar(&x, "o[CLP0]", 1) == 5);
    assert_true(lt_out_scalar(&x, "o[CLP4]", 0) == 5);
    assert_true(lt_out_scalar(&x, "o[CLP4]", 1) == 7);
    lt_free(&x);

    lt_load(&x,
            "!!ARBvp1.0\nOPTION NV_vertex_program2;\nMOV result.clip[3], program.env[0];\n"
            "MOV result.position, program.env[0];\nEND\n",
            1);
    lt_param(&x, "program.env[0]", 4, 3, 2, 1);
    lt_run(&x);
    const nvgp_lower_slot *c3 = nvgp_lower_map_find(x.map, NVGP_LOWER_OUTPUT, "result.clip[3]");
    assert_non_null(c3);
    assert_int_equal(c3->component, 3);
    assert_true(lt_out_scalar(&x, "result.clip[3]", 0) == 4);
    lt_free(&x);
}

/* NV_fragment_program2 CAL/RET among IF/REP/LOOP blocks (TGSI subroutines):
 *  1. CAL inside IF inside REP (3 times where texcoord[0].x > 0); the
 *     subroutine runs its own REP (t.y += 2 * 1000) and on past label b
 *     (t.z += 1): (1, 6000, 3, 0); lane 1 (x = -1) calls nothing.
 *  2. CAL inside LOOP (index 1, 2: adds texcoord[2] + texcoord[3]) to a
 *     subroutine with its own LOOP (index 5): the caller's index is its own
 *     again after the call: (5, 50, 0, 2 + 2).
 *  3. Recursion N = texcoord[0].y times: 32 calls fit
 *     (MAX_PROGRAM_CALL_DEPTH_NV), the 33rd ends the program (result.color
 *     keeps local[2]).
 *  4. A subroutine that runs off the end of the program ends it. */
static void test_fp2_calls_in_blocks(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = program.local[0];\nTEMP t;\n"
            "MOVC t, fragment.texcoord[0];\nREP n.x;\nIF GT.x;\nCAL a;\nENDIF;\nENDREP;\nMOV result.color, t;\nRET;\n"
            "a:\nREP n.y;\nADD t.y, t.y, 1000;\nENDREP;\nb:\nADD t.z, t.z, 1;\nRET;\nEND\n",
            2);
    lt_param(&x, "program.local[0]", 3, 2, 0, 0);
    const nvgp_lower_slot *in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "fragment.texcoord[0]");
    assert_non_null(in);
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t v[4] = {lt_bits(i ? -1.0f : 1.0f), 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    float o[4];
    lt_out(&x, "result.color", 0, o);
    assert_true(o[0] == 1 && o[1] == 6000 && o[2] == 3 && o[3] == 0);
    lt_out(&x, "result.color", 1, o);
    assert_true(o[0] == -1 && o[1] == 0 && o[2] == 0 && o[3] == 0);
    lt_free(&x);

    lt_load(&x,
            "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = program.local[0];\nPARAM m = program.local[1];\n"
            "TEMP t;\nMOV t, 0;\nLOOP n;\nCAL s;\nADD t, t, fragment.texcoord[A0.x + 1];\nENDLOOP;\n"
            "MOV result.color, t;\nRET;\ns:\nLOOP m;\nADD t.w, t.w, 1;\nENDLOOP;\nRET;\nEND\n",
            1);
    for (int i = 0; i < 8; i++) {
        char name[32];
        snprintf(name, sizeof name, "fragment.texcoord[%d]", i);
        lt_in(&x, name, (float)i, 10.0f * (float)i, 0, 1);
    }
    lt_param(&x, "program.local[0]", 2, 1, 1, 0);
    lt_param(&x, "program.local[1]", 1, 5, 1, 0);
    lt_run(&x);
    lt_expect(&x, "result.color", 0xf, 5, 50, 0, 4);
    lt_free(&x);

    lt_load(&x,
            "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP t;\nMOV result.color, program.local[2];\n"
            "MOV t, fragment.texcoord[0];\nIF TR.x;\nENDIF;\nCAL rec;\nMOV result.color, t;\nRET;\n"
            "rec:\nADD t.x, t.x, 1;\nADDC t.y, t.y, -1;\nCAL rec (GT.y);\nRET;\nEND\n",
            2);
    lt_param(&x, "program.local[2]", -1, -1, -1, -1);
    in = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "fragment.texcoord[0]");
    assert_non_null(in);
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t v[4] = {0, lt_bits(32.0f + (float)i), 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)in->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    lt_out(&x, "result.color", 0, o);
    assert_true(o[0] == 32 && o[1] == 0);
    lt_out(&x, "result.color", 1, o);
    assert_true(o[0] == -1 && o[1] == -1);
    lt_free(&x);

    lt_load(&x,
            "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP t;\nMOV result.color, program.local[2];\n"
            "IF TR.x;\nCAL c;\nENDIF;\nMOV result.color, program.local[3];\nRET;\nc:\nMOV t, 0;\nEND\n",
            1);
    lt_param(&x, "program.local[2]", -1, -1, -1, -1);
    lt_param(&x, "program.local[3]", 5, 5, 5, 5);
    lt_run(&x);
    lt_expect(&x, "result.color", 0xf, -1, -1, -1, -1);
    lt_free(&x);

    /* refused with a diagnostic: recursion with a call inside a REP (the
     * assembler already refuses labels inside blocks) */
    static const char *const refused[1] = {
        "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP t;\nMOV t, 0;\nCAL r;\nMOV result.color, t;\nRET;\n"
        "r:\nREP 2;\nCAL r;\nENDREP;\nRET;\nEND\n",
    };
    for (int k = 0; k < 1; k++) {
        nvgp_diag *d = nvgp_diag_create("t", refused[k], strlen(refused[k]));
        nv_program *p = nvgp_nv_assemble(refused[k], strlen(refused[k]), d);
        assert_non_null(p);
        nvgp_lower_map *map = NULL;
        assert_null(nvgp_lower_to_tgsi(p, &map, d));
        assert_null(map);
        nvgp_nv_program_destroy(p);
        nvgp_diag_destroy(d);
    }
}

/* FP1.0 precisions (NV_fragment_program 3.11.4.2), values by hand:
 * fp16 of 1/3 is 1365 * 2^-12 = 0.333251953125, 70000 >= 2^16 is +Inf, -0
 * stays -0, 1 stays 1; fx12 of 1/3 is round(341.33)/1024 = 341/1024, 5
 * clamps to 2047/1024, -5 to -2, and 0.0004 rounds to 0.  f[TEX0] keeps
 * fp32 whatever the suffix; p[0] does not. */
static void test_fp1_precision(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!FP1.0\nMOVH H2, p[0];\nMOVR o[COLR], H2;\nMOVX R1, p[1];\nMOVR o[COLR].x, R1.x;\n"
            "MOVX R2, f[TEX0];\nMOVR o[DEPR].z, R2.x;\nEND\n",
            4);
    lt_param(&x, "p[0]", 1.0f / 3.0f, 70000, -0.0f, 1);
    lt_param(&x, "p[1]", 1.0f / 3.0f, 5, -5, 0.0004f);
    lt_in(&x, "f[TEX0]", 1.0f / 3.0f, 0, 0, 0);
    lt_run(&x);
    lt_expect(&x, "o[COLR]", 0xe, 0, INFINITY, -0.0f, 1);
    lt_expect(&x, "o[COLR]", 0x1, 341.0f / 1024.0f, 0, 0, 0);
    lt_expect(&x, "o[DEPR]", 0x4, 0, 0, 1.0f / 3.0f, 0);
    lt_free(&x);
    lt_load(&x, "!!FP1.0\nMOVX R1, p[1];\nMOVR o[COLR], R1;\nMOVH H0, p[0];\nMOVR o[DEPR].z, H0.x;\nEND\n", 4);
    lt_param(&x, "p[1]", 1.0f / 3.0f, 5, -5, 0.0004f);
    lt_param(&x, "p[0]", 1.0f / 3.0f, 0, 0, 0);
    lt_run(&x);
    lt_expect(&x, "o[COLR]", 0xf, 341.0f / 1024.0f, 2047.0f / 1024.0f, -2, 0);
    lt_expect(&x, "o[DEPR]", 0x4, 0, 0, 0.333251953125f, 0);
    lt_free(&x);
}

/* NV_fragment_program Table X.3: o[COLH] is the "Final RGBA fragment
 * color, fp16 format", so whatever is written there is converted to fp16
 * (3.11.4.2: ">= +2^16 are converted to +INF", "<= -2^16 ... -INF",
 * others to a nearest value; 1/3 is 0x3555 = 0.333251953125 rounded to
 * nearest, 0.2 is 0x3266 = 0.199951171875, -2e-10 is far below the
 * smallest subnormal 2^-24: -0).  An X result is fx12 whatever receives
 * it: MULX 1.5 * 1.5 = 2.25 becomes 2047/1024 in o[COLR] too. */
static void test_fp1_colh_fp16(void **state)
{
    (void)state;
    lt x;
    lt_load(&x, "!!FP1.0\nMOVR o[COLH], p[0];\nEND\n", 1);
    lt_param(&x, "p[0]", 70000, 1.0f / 3.0f, -65536, 65504);
    lt_run(&x);
    lt_expect(&x, "o[COLH]", 0xf, INFINITY, 0.333251953125f, -INFINITY, 65504);
    lt_free(&x);
    lt_load(&x, "!!FP1.0\nADD o[COLH], p[0], p[0];\nEND\n", 1);
    lt_param(&x, "p[0]", 40000, -0.0f, 0.1f, -1e-10f);
    lt_run(&x);
    lt_expect(&x, "o[COLH]", 0xf, INFINITY, -0.0f, 0.199951171875f, -0.0f);
    lt_free(&x);
    lt_load(&x, "!!FP1.0\nMULX o[COLR], p[0], p[0];\nEND\n", 1);
    lt_param(&x, "p[0]", 1.5f, 0.5f, -1.5f, 0);
    lt_run(&x);
    lt_expect(&x, "o[COLR]", 0xf, 2047.0f / 1024.0f, 0.25f, 2047.0f / 1024.0f, 0);
    lt_free(&x);
}

/* NV_fragment_program 3.11.4.2: "the values sourced are converted to the
 * precision specified by the instruction".  ADDH of 70000 and -69999 adds
 * fp16 +Inf and -Inf: NaN (ADDR gives 1); MULX of 3 and 0.25 multiplies
 * fx12 2047/1024 by 0.25 = 511.75/1024, rounded to 512/1024 = 0.5 (MULR
 * gives 0.75); ADD without a suffix writing H4 is an H instruction (NaN).
 * H and R registers do not overlap (revision 61: "registers are guaranteed
 * not to overlap"): writing H0 and H1 leaves R0 alone. */
static void test_fp1_source_precision(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!FP1.0\nADDH R0.x, p[0].x, p[0].y;\nADDR R0.y, p[0].x, p[0].y;\nMULX R0.z, p[0].z, p[0].w;\n"
            "MULR R0.w, p[0].z, p[0].w;\nMOVR o[COLR], R0;\nEND\n",
            1);
    lt_param(&x, "p[0]", 70000, -69999, 3, 0.25f);
    lt_run(&x);
    lt_expect(&x, "o[COLR]", 0xf, NAN, 1, 0.5f, 0.75f);
    lt_free(&x);
    lt_load(&x,
            "!!FP1.0\nMOVR R0, p[1];\nADD H4, p[0].x, p[0].y;\nMOVH H0, p[0].w;\nMOVH H1, p[0].w;\n"
            "MOVR o[COLR].x, H4.x;\nMOVR o[COLR].yzw, R0;\nEND\n",
            1);
    lt_param(&x, "p[0]", 70000, -69999, 3, 0.25f);
    lt_param(&x, "p[1]", 5, 6, 7, 8);
    lt_run(&x);
    lt_expect(&x, "o[COLR]", 0xf, NAN, 6, 7, 8);
    lt_free(&x);
}

/* tgsi.rst FS_COORD_ORIGIN: TGSI's default is UPPER_LEFT, OpenGL's
 * LOWER_LEFT; ARB_fragment_coord_conventions' options change the origin
 * and the pixel centres.  Programs not reading the position say nothing. */
static void expect_coord_properties(const char *src, bool lower_left, bool integer)
{
    lt x;
    lt_lower(&x, src);
    char *t = lt_text(x.tgsi);
    assert_int_equal(strstr(t, "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n") != NULL, lower_left);
    assert_int_equal(strstr(t, "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n") != NULL, integer);
    assert_null(strstr(t, "UPPER_LEFT"));
    free(t);
    nvgp_tgsi_program_destroy(x.tgsi);
    nvgp_lower_map_destroy(x.map);
    nvgp_nv_program_destroy(x.nv);
    nvgp_diag_destroy(x.diag);
}

static void test_fragment_coord_conventions(void **state)
{
    (void)state;
    expect_coord_properties("!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n", true, false);
    expect_coord_properties("!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
                            "OPTION ARB_fragment_coord_pixel_center_integer;\n"
                            "MOV result.color, fragment.position;\nEND\n",
                            false, true);
    expect_coord_properties("!!FP1.0\nMOVR o[COLR], f[WPOS];\nEND\n", true, false);
    expect_coord_properties("!!NVfp4.0\nMOV.F result.color, fragment.position;\nEND\n", true, false);
    expect_coord_properties("!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n", false, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fragment_coord_conventions),
        cmocka_unit_test(test_vp_arith),
        cmocka_unit_test(test_vp_scalar),
        cmocka_unit_test(test_vp_exp),
        cmocka_unit_test(test_vp_log),
        cmocka_unit_test(test_vp_lit),
        cmocka_unit_test(test_vp_swz_arl),
        cmocka_unit_test(test_vp_params),
        cmocka_unit_test(test_fp_ops),
        cmocka_unit_test(test_fp_option_ops),
        cmocka_unit_test(test_fp2_flow),
        cmocka_unit_test(test_fp2_loop),
        cmocka_unit_test(test_fp_kil),
        cmocka_unit_test(test_fp_tex),
        cmocka_unit_test(test_vp1_rcc),
        cmocka_unit_test(test_arbvp_equals_vp1),
        cmocka_unit_test(test_vp2_cc_example),
        cmocka_unit_test(test_fp1_kil_cc),
        cmocka_unit_test(test_vp2_bra_loop),
        cmocka_unit_test(test_vp2_cal_ret),
        cmocka_unit_test(test_vp2_exec_limit_endless),
        cmocka_unit_test(test_vp2_exec_limit_lanes),
        cmocka_unit_test(test_vp2_address),
        cmocka_unit_test(test_vsp),
        cmocka_unit_test(test_position_invariant),
        cmocka_unit_test(test_vsp_relative),
        cmocka_unit_test(test_vsp_relative_offsets),
        cmocka_unit_test(test_pusha_popa),
        cmocka_unit_test(test_call_depth_limit),
        cmocka_unit_test(test_pusha_popa_limits),
        cmocka_unit_test(test_fp2_calls_in_blocks),
        cmocka_unit_test(test_clip_results),
        cmocka_unit_test(test_fp1_precision),
        cmocka_unit_test(test_fp1_source_precision),
        cmocka_unit_test(test_fp1_colh_fp16),
        cmocka_unit_test(test_fp1_txp_cube),
        cmocka_unit_test(test_vp3_two_condition_codes),
        cmocka_unit_test(test_vp3_relative_attrib_result),
        cmocka_unit_test(test_fp2_loop_index_clamp),
        cmocka_unit_test(test_fp2_rep_vector_ssat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
