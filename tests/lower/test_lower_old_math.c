/* Special cases of the older NVIDIA languages where their instruction
 * sections differ from TGSI's opcodes: NaN, zero and negative operands of
 * MIN/MAX/SSG, RSQ, POW, LIT, RCC and the VP2.0 comparisons, and the
 * saturation of NaN (docs/spec-decisions-old.md).  Each program is
 * assembled, lowered, checked and run; expected values come from the specs'
 * special-case lists and pseudocode. */
#include "lower_test_util.h"

/* Runs a VP1.x/VP2.0 program over v[1] = a and c[0] = b (when the program
 * reads them); the result is in o[HPOS]. */
static void vp(lt *x, const char *src, const float a[4], const float b[4])
{
    lt_load(x, src, 1);
    if (nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, "v[1]"))
        lt_in(x, "v[1]", a[0], a[1], a[2], a[3]);
    if (b && nvgp_lower_map_find(x->map, NVGP_LOWER_CONSTANT, "c[0]"))
        lt_param(x, "c[0]", b[0], b[1], b[2], b[3]);
    lt_run(x);
}

/* Runs an FP1.0 program over p[0] = a and f[TEX0] = b; the result is in
 * o[COLR]. */
static void fp(lt *x, const char *src, const float a[4], const float b[4])
{
    lt_load(x, src, 4);
    lt_param(x, "p[0]", a[0], a[1], a[2], a[3]);
    if (b)
        lt_in(x, "f[TEX0]", b[0], b[1], b[2], b[3]);
    lt_run(x);
}

#define V(...) ((const float[4]){__VA_ARGS__})
#define VP2(body) "!!VP2.0\n" body "\nMOV o[HPOS], R0;\nEND\n"
#define VP10(body) "!!VP1.0\n" body "\nMOV o[HPOS], R0;\nEND\n"
#define VP11(body) "!!VP1.1\n" body "\nMOV o[HPOS], R0;\nEND\n"
#define FP1(body) "!!FP1.0\n" body "\nMOVR o[COLR], R0;\nEND\n"

/* "max(NaN, <x>) == NaN, for all <x>" and "min(NaN, <x>) == NaN"
 * (NV_vertex_program2 2.14.3.21-22, NV_fragment_program 3.11.5.16-17;
 * NV_vertex_program: "Computations involving +NaN or -NaN generate +NaN"). */
static void test_minmax_nan(void **state)
{
    (void)state;
    static const char *const progs[] = {
        VP2("MAX R0, v[1], c[0];"), VP2("MIN R0, v[1], c[0];"), VP10("MAX R0, v[1], c[0];"),
        VP11("MIN R0, v[1], c[0];"), VP2("MAX R0, -v[1], |c[0]|;"),
    };
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        lt x;
        vp(&x, progs[i], V(NAN, 1, NAN, -INFINITY), V(1, NAN, NAN, NAN));
        lt_expect(&x, "o[HPOS]", 0xf, NAN, NAN, NAN, NAN);
        lt_free(&x);
    }
    /* numbers are unchanged: max(-1, 2) = 2, min(-0, 5) = -0 */
    lt x;
    vp(&x, VP2("MAX R0, v[1], c[0];"), V(-1, 3, -INFINITY, 0), V(2, 1, -7, 0));
    lt_expect(&x, "o[HPOS]", 0xf, 2, 3, -7, 0);
    lt_free(&x);
    fp(&x, FP1("MAXR R0, p[0], f[TEX0];"), V(NAN, 1, NAN, 4), V(1, NAN, NAN, 3));
    lt_expect(&x, "o[COLR]", 0xf, NAN, NAN, NAN, 4);
    lt_free(&x);
    fp(&x, FP1("MINR R0, p[0], f[TEX0];"), V(NAN, 1, NAN, 4), V(1, NAN, NAN, 3));
    lt_expect(&x, "o[COLR]", 0xf, NAN, NAN, NAN, 3);
    lt_free(&x);
}

/* SSG (NV_vertex_program2 2.14.3.37): "SetSign(NaN) = NaN", "SetSign(-0.0)
 * = SetSign(+0.0) = 0.0", "SetSign(-INF) = -1.0". */
static void test_ssg_nan(void **state)
{
    (void)state;
    lt x;
    vp(&x, VP2("SSG R0, v[1];"), V(NAN, -0.0f, -INFINITY, 2), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, NAN, 0, -1, 1);
    lt_free(&x);
}

/* RSQ of x itself in VP2.0 and FP1.0 (NV_vertex_program2 2.14.3.28,
 * NV_fragment_program 3.11.5.27): "ApproxRSQRT(-INF) = NaN", "(+0.0) =
 * +INF", "(-0.0) = -INF", "ApproxRSQRT(x) = NaN, if -INF < x < -0.0". */
static void test_rsq_negative(void **state)
{
    (void)state;
    static const struct {
        float in, out;
    } cases[] = {
        {-0.0f, -INFINITY}, {0.0f, INFINITY}, {-4, NAN}, {-INFINITY, NAN},
        {INFINITY, 0}, {NAN, NAN}, {4, 0.5f}, {0x1p-100f, 0x1p50f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        float o = cases[i].out;
        vp(&x, VP2("RSQ R0, v[1].x;"), V(cases[i].in, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, o, o, o, o);
        lt_free(&x);
        fp(&x, FP1("RSQR R0, p[0].x;"), V(cases[i].in, 0, 0, 0), NULL);
        lt_expect(&x, "o[COLR]", 0xf, o, o, o, o);
        lt_free(&x);
    }
    /* a negated operand: RSQ of -(+0) is -INF, of -(-4) 0.5 */
    lt x;
    vp(&x, VP2("RSQ R0.x, -v[1].x;\nRSQ R0.y, -v[1].y;\nRSQ R0.zw, |v[1].z|;"), V(0, -4, -0.0f, 0), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, -INFINITY, 0.5f, INFINITY, INFINITY);
    lt_free(&x);
    /* VP1.x keeps NV_vertex_program's "inverse square root of the absolute
     * value of the source scalar" */
    vp(&x, VP10("RSQ R0, v[1].x;"), V(-4, 0, 0, 0), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, 0.5f, 0.5f, 0.5f, 0.5f);
    lt_free(&x);
}

/* POW of FP1.0 (NV_fragment_program 3.11.5.24): ApproxPower(a,b) =
 * ApproxExp2(b * ApproxLog2(a)); "any exponentiating with a negative base
 * will produce NaN", "ApproxPower(+/-0.0, +/-0.0) = NaN", "(+INF, +/-0.0) =
 * NaN", "(+1.0, +/-INF) = NaN", "(+/-0.0, <x>) = +0.0, if x > +0.0", "+INF,
 * if x < -0.0". */
static void test_fp1_pow(void **state)
{
    (void)state;
    static const struct {
        float a, b, out;
    } cases[] = {
        {-3, 2, NAN}, {-0.5f, -2, NAN}, {-INFINITY, 2, NAN}, {0, 0, NAN}, {-0.0f, 0, NAN},
        {0, -0.0f, NAN}, {INFINITY, 0, NAN}, {1, INFINITY, NAN}, {1, -INFINITY, NAN},
        {NAN, 0, NAN}, {1, NAN, NAN}, {0, 2, 0}, {-0.0f, 3, 0}, {0, -1, INFINITY},
        {INFINITY, 2, INFINITY}, {2, 10, 1024}, {1, 5, 1}, {4, 0.5f, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lt x;
        fp(&x, FP1("POWR R0, p[0].x, p[0].y;"), V(cases[i].a, cases[i].b, 0, 0), NULL);
        float o = cases[i].out;
        lt_expect(&x, "o[COLR]", 0xf, o, o, o, o);
        lt_free(&x);
    }
    /* 3^4 = 81 within EX2's and LG2's 22 bits */
    lt x;
    fp(&x, FP1("POWR R0, p[0].x, p[0].y;"), V(3, 4, 0, 0), NULL);
    lt_expect_near(&x, "o[COLR]", 0xf, 81, 81, 81, 81, 1.0 / (1 << 20));
    lt_free(&x);
}

/* LIT of FP1.0 (NV_fragment_program 3.11.5.13): no clamp on w, z is
 * ApproxPower "including errors and the processing of any special cases",
 * and "if (t.x < 0) t.x = 0" leaves NaN alone. */
static void test_fp1_lit(void **state)
{
    (void)state;
    lt x;
    /* ApproxPower(0, 0) = NaN */
    fp(&x, FP1("LITR R0, p[0];"), V(1, 0, 0, 0), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 1, NAN, 1);
    lt_free(&x);
    /* a negative y clamps to 0: 0^0 is NaN, 0^2 is 0, 0^-1 is +INF */
    fp(&x, FP1("LITR R0, p[0];"), V(0.5f, -3, 0, 0), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 0.5f, NAN, 1);
    lt_free(&x);
    fp(&x, FP1("LITR R0, p[0];"), V(0.5f, -3, 0, 2), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 0.5f, 0, 1);
    lt_free(&x);
    fp(&x, FP1("LITR R0, p[0];"), V(0.5f, -3, 0, -1), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 0.5f, INFINITY, 1);
    lt_free(&x);
    /* w is not clamped: 2^200 overflows to +INF (clamped below 128 it
     * would be finite), 2^-200 is 0 */
    fp(&x, FP1("LITR R0, p[0];"), V(1, 2, 0, 200), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 1, INFINITY, 1);
    lt_free(&x);
    fp(&x, FP1("LITR R0, p[0];"), V(1, 2, 0, -200), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 1, 0, 1);
    lt_free(&x);
    /* x = NaN: y = NaN, z = (NaN > 0) ? ... : 0 */
    fp(&x, FP1("LITR R0, p[0];"), V(NAN, 3, 0, 4), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, NAN, 0, 1);
    lt_free(&x);
    /* x <= 0: z = 0 */
    fp(&x, FP1("LITR R0, p[0];"), V(-1, 3, 0, 4), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 1, 0, 0, 1);
    lt_free(&x);
    fp(&x, FP1("LITR R0, p[0];"), V(2, 3, 0, 4), NULL);
    lt_expect(&x, "o[COLR]", 0xb, 1, 2, 0, 1);
    lt_expect_near(&x, "o[COLR]", 0x4, 0, 0, 81, 0, 1.0 / (1 << 20));
    lt_free(&x);
}

/* LIT of the NV vertex languages: w is clamped to +-(128 - epsilon) with
 * NV_vertex_program's "epsilon is 1.0/256.0": 2^(128 - 1/256) and
 * 0.5^-(128 - 1/256), 0^0 = 1 ("taking any base to the power of 0.0 will
 * yield 1.0"); NaN operands give NaN. */
static void test_vp_lit_epsilon(void **state)
{
    (void)state;
    const float big = (float)exp2(128.0 - 1.0 / 256.0);
    static const char *const progs[] = {VP10("LIT R0, v[1];"), VP11("LIT R0, v[1];"), VP2("LIT R0, v[1];")};
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        lt x;
        vp(&x, progs[i], V(1, 2, 0, 200), NULL);
        lt_expect(&x, "o[HPOS]", 0xb, 1, 1, 0, 1);
        lt_expect_near(&x, "o[HPOS]", 0x4, 0, 0, big, 0, 1.0 / (1 << 20));
        lt_free(&x);
        vp(&x, progs[i], V(1, 0.5f, 0, -200), NULL);
        lt_expect_near(&x, "o[HPOS]", 0x4, 0, 0, big, 0, 1.0 / (1 << 20));
        lt_free(&x);
        vp(&x, progs[i], V(1, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 1, 1, 1, 1);
        lt_free(&x);
        /* the clamps are comparisons that NaN fails ("if (t.x < 0) t.x =
         * 0"), and "RoughApproxPower(NaN, <x>) = NaN", "(<x>, NaN) = NaN"
         * (NV_vertex_program: "Computations involving +NaN or -NaN generate
         * +NaN") */
        vp(&x, progs[i], V(NAN, 2, 0, 2), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 1, NAN, 0, 1);
        lt_free(&x);
        vp(&x, progs[i], V(1, NAN, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 1, 1, NAN, 1);
        lt_free(&x);
        vp(&x, progs[i], V(1, 1, 0, NAN), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 1, 1, NAN, 1);
        lt_free(&x);
        /* w = -INF clamps to -(128 - 1/256): 0.5^-127.99609375 */
        vp(&x, progs[i], V(1, 0.5f, 0, -INFINITY), NULL);
        lt_expect_near(&x, "o[HPOS]", 0x4, 0, 0, big, 0, 1.0 / (1 << 20));
        lt_free(&x);
    }
}

/* RCC (NV_vertex_program2 2.14.3.25) keeps the sign of its operand after
 * negation and absolute value: -(+0) gives -2^64, |-0| +2^64, -|+0| -2^64,
 * -(-INF) +2^-64. */
static void test_rcc_modified_zero(void **state)
{
    (void)state;
    lt x;
    vp(&x, VP2("RCC R0.x, -v[1].x;\nRCC R0.y, |v[1].y|;\nRCC R0.z, -|v[1].x|;\nRCC R0.w, -v[1].z;"),
       V(0, -0.0f, -INFINITY, 0), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, -0x1p64f, 0x1p64f, -0x1p64f, 0x1p-64f);
    lt_free(&x);
    vp(&x, VP11("RCC R0.x, -v[1].x;\nRCC R0.y, -v[1].y;\nRCC R0.zw, v[1].y;"), V(0, -0.0f, 0, 0), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, -0x1p64f, 0x1p64f, -0x1p64f, -0x1p64f);
    lt_free(&x);
    /* NV_gpu_program4's RCC shares the translation */
    lt_load(&x,
            "!!NVvp4.0\nTEMP t;\nRCC t.x, -vertex.attrib[1].x;\nRCC t.y, |vertex.attrib[1].y|;\n"
            "RCC t.zw, -|vertex.attrib[1].x|;\nMOV result.position, t;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 0, -0.0f, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.position", 0xf, -0x1p64f, 0x1p64f, -0x1p64f, -0x1p64f);
    lt_free(&x);
}

/* NV_vertex_program2 2.14.1.5 / NV_vertex_program 2.14.1.5: "Each
 * register value is initialized to (0,0,0,1) at the invocation of each
 * vertex program": components a program does not write keep those values,
 * under a write mask and under a condition alike. */
static void test_vp_results_start(void **state)
{
    (void)state;
    static const char *const heads[] = {"!!VP1.0", "!!VP1.1", "!!VP2.0"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        char src[256];
        snprintf(src, sizeof src, "%s\nMOV o[HPOS], v[0];\nMOV o[TEX0].xy, v[1];\nMOV o[COL0].y, v[1].x;\nEND\n",
                 heads[i]);
        lt x;
        lt_load(&x, src, 1);
        lt_in(&x, "v[0]", 1, 2, 3, 4);
        lt_in(&x, "v[1]", 5, 6, 7, 8);
        lt_run(&x);
        lt_expect(&x, "o[TEX0]", 0xf, 5, 6, 0, 1);
        lt_expect(&x, "o[COL0]", 0xf, 0, 5, 0, 1);
        lt_free(&x);
    }
    lt x;
    lt_load(&x, "!!VP2.0\nMOV o[HPOS], v[0];\nMOVC CC, v[1];\nMOV o[TEX1] (GT), v[1];\nEND\n", 1);
    lt_in(&x, "v[0]", 1, 2, 3, 4);
    lt_in(&x, "v[1]", 1, -1, 2, -3);
    lt_run(&x);
    lt_expect(&x, "o[TEX1]", 0xf, 1, 0, 2, 1);
    lt_free(&x);
}

/* NV_vertex_program: temporaries start at (0,0,0,0), also those read before
 * any write when the translation made and released scratch temporaries
 * first (the operand flushes of the denormal rule write -0.0 and all-ones
 * masks into them): R1..R3 read as 0, so o[COL0] is v[TEX0] exactly
 * (piglit's vpfp_nv nv-init-zero-reg draws the same). */
static void test_vp_temps_start_zero(void **state)
{
    (void)state;
    static const char *const heads[] = {"!!VP1.0", "!!VP1.1", "!!VP2.0"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        char src[1024];
        int n = snprintf(src, sizeof src, "%s\n", heads[i]);
        for (int r = 1; r < 12; r++)
            n += snprintf(src + n, sizeof src - (size_t)n, "ADD R0, R0, R%d;\n", r);
        snprintf(src + n, sizeof src - (size_t)n,
                 "ADD o[COL0], R0, v[TEX0];\nMOV R3, v[OPOS];\nDP4 o[HPOS].x, c[0], R3;\nEND\n");
        lt x;
        lt_load(&x, src, 1);
        /* zero components: the flush's masks are all ones there */
        lt_in(&x, "v[OPOS]", 0, 0, 0, 0);
        lt_in(&x, "v[TEX0]", 0.1f, 0.4f, 0.7f, 0.1f);
        lt_param(&x, "c[0]", 0, 0, 0, 0);
        lt_run(&x);
        lt_expect(&x, "o[COL0]", 0xf, 0.1f, 0.4f, 0.7f, 0.1f);
        lt_free(&x);
    }
}

/* VP2.0's comparisons with a NaN operand give NaN: the pseudocode's "if
 * (tmp0.x is NaN or tmp1.x is NaN) result.x = NaN" against the special-case
 * list's "(NaN == <x>) is FALSE" (docs/spec-decisions-old.md).  FP1.0's
 * give 0.0 (1.0 for SNE): "(NaN != <x>) is TRUE for all <x>". */
static void test_compare_nan(void **state)
{
    (void)state;
    static const struct {
        const char *op;
        float eq; /* the result of comparing 1 with 1 */
    } ops[] = {{"SEQ", 1}, {"SGE", 1}, {"SGT", 0}, {"SLE", 1}, {"SLT", 0}, {"SNE", 0}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        char src[256];
        lt x;
        snprintf(src, sizeof src, VP2("%s R0, v[1], c[0];"), ops[i].op);
        vp(&x, src, V(NAN, 1, NAN, 1), V(1, NAN, NAN, 1));
        lt_expect(&x, "o[HPOS]", 0xf, NAN, NAN, NAN, ops[i].eq);
        lt_free(&x);
        snprintf(src, sizeof src, FP1("%sR R0, p[0], f[TEX0];"), ops[i].op);
        fp(&x, src, V(NAN, 1, NAN, 1), V(1, NAN, NAN, 1));
        float f = !strcmp(ops[i].op, "SNE") ? 1.0f : 0.0f;
        lt_expect(&x, "o[COLR]", 0xf, f, f, f, ops[i].eq);
        lt_free(&x);
    }
    /* a NaN result sets the condition code to UN: NE passes, EQ does not */
    lt x;
    vp(&x, "!!VP2.0\nMOV R0, c[0];\nSGEC R1, v[1], c[0];\nMOV R0.x (NE.x), v[1].y;\nMOV R0.y (EQ.x), v[1].y;\n"
           "MOV o[HPOS], R0;\nEND\n",
       V(NAN, 7, 0, 0), V(1, 2, 3, 4));
    lt_expect(&x, "o[HPOS]", 0xf, 7, 2, 3, 4);
    lt_free(&x);
}

/* FP1.0 _SAT of NaN gives 0.0: "The four components of the result vector
 * are first optionally clamped to the range [0,1]" against the
 * pseudocode's "if (result.x < 0) result.x = 0; else if (result.x > 1)
 * result.x = 1;", which lets NaN through (docs/spec-decisions-old.md). */
static void test_fp1_sat_nan(void **state)
{
    (void)state;
    lt x;
    fp(&x, FP1("MOVR_SAT R0, p[0];"), V(NAN, -1, 2, 0.5f), NULL);
    lt_expect(&x, "o[COLR]", 0xf, 0, 0, 1, 0.5f);
    lt_free(&x);
    /* +INF + -INF is NaN, saturated to 0; H precision alike */
    fp(&x, FP1("ADDR_SAT R0, p[0], -p[0];\nADDH_SAT H2, p[0], -p[0];\nMOVR R0.y, H2.x;"), V(INFINITY, 0, 0, 0), NULL);
    lt_expect(&x, "o[COLR]", 0x3, 0, 0, 0, 0);
    lt_free(&x);
}

/* NV_vertex_program2 2.14.3: "IEEE denorm encodings, used to represent
 * numbers smaller than 2^-126, are not supported.  All such numbers are
 * flushed to zero." (NV_vertex_program 2.14.1.11: "if a denorm is input, it
 * is treated as 0.0"), operands and results; the zero keeps the sign. */
static void test_vp_denormals(void **state)
{
    (void)state;
    static const char *const movs[] = {VP2("MOV R0, v[1];"), VP10("MOV R0, v[1];"), VP11("ADD R0, v[1], -c[0];")};
    for (size_t i = 0; i < sizeof movs / sizeof movs[0]; i++) {
        lt x;
        vp(&x, movs[i], V(0x1p-140f, -0x1p-127f, 0x1p-126f, 1), V(0, 0, 0, 0));
        lt_expect(&x, "o[HPOS]", 0xf, 0, -0.0f, 0x1p-126f, 1);
        lt_free(&x);
    }
    /* a denormal operand is 0 (2^-130 * 2^10 is not 2^-120), a denormal
     * product is 0 (2^-70 * 2^-70), 2^-63 * 2^-63 = 2^-126 is not */
    lt x;
    vp(&x, VP2("MUL R0, v[1], c[0];"), V(0x1p-130f, 0x1p-70f, -0x1p-70f, 0x1p-63f), V(0x1p10f, 0x1p-70f, 0x1p-70f, 0x1p-63f));
    lt_expect(&x, "o[HPOS]", 0xf, 0, 0, -0.0f, 0x1p-126f);
    lt_free(&x);
    /* the condition code sees the flushed result: EQ */
    vp(&x, "!!VP2.0\nMOV R1, c[0];\nMULC R0, v[1], v[1];\nMOV R1.x (EQ.x), v[1].y;\nMOV o[HPOS], R1;\nEND\n",
       V(0x1p-70f, 9, 0, 0), V(1, 2, 3, 4));
    lt_expect(&x, "o[HPOS]", 0xf, 9, 2, 3, 4);
    lt_free(&x);
    /* a relatively addressed parameter is flushed too */
    lt_load(&x, "!!VP2.0\nARL A0.x, v[1].x;\nMOV R0, c[A0.x + 1];\nMOV o[HPOS], R0;\nEND\n", 1);
    lt_in(&x, "v[1]", 1, 0, 0, 0);
    lt_param(&x, "c[2]", -0x1p-130f, 3, 0x1p-127f, 0x1p-126f);
    lt_run(&x);
    lt_expect(&x, "o[HPOS]", 0xf, -0.0f, 3, 0, 0x1p-126f);
    lt_free(&x);
    /* a vertex state program writes flushed parameters */
    lt_load(&x, "!!VSP1.0\nMOV c[1], v[0];\nEND\n", 1);
    lt_in(&x, "v[0]", 0x1p-149f, 5, -0x1p-149f, 0);
    lt_run(&x);
    lt_expect(&x, "c[1]", 0xf, 0, 5, -0.0f, 0);
    lt_free(&x);
}

/* NV_vertex_program's EXP and LOG ranges (2.14.1.10.15-16): "EXP(-Inf) or
 * if the exponential result underflows gives [0.0, 0.0, 0.0, 1.0]; and
 * EXP(+Inf) or if the exponential result overflows gives [+Inf, 0.0, +Inf,
 * 1.0]"; Exponent() is "between -126 and 127.  ... Larger or smaller
 * exponents should generate +Inf or -Inf respectively" (and denormals are
 * 0.0: LOG(0.0) gives [-Inf, 1.0, -Inf, 1.0]). */
static void test_vp1_exp_log_range(void **state)
{
    (void)state;
    static const char *const heads[] = {"!!VP1.0", "!!VP1.1"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        char exp_src[128], log_src[128];
        snprintf(exp_src, sizeof exp_src, "%s\nEXP R0, v[1].x;\nMOV o[HPOS], R0;\nEND\n", heads[i]);
        snprintf(log_src, sizeof log_src, "%s\nLOG R0, v[1].x;\nMOV o[HPOS], R0;\nEND\n", heads[i]);
        lt x;
        /* 2^floor(-130.5) = 2^-131 and 2^-127 underflow */
        vp(&x, exp_src, V(-130.5f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 0, 0, 0, 1);
        lt_free(&x);
        vp(&x, exp_src, V(-126.5f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 0, 0, 0, 1);
        lt_free(&x);
        /* 2^-126 does not */
        vp(&x, exp_src, V(-125.5f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xb, 0x1p-126f, 0.5f, 0, 1);
        lt_free(&x);
        /* 2^128 overflows */
        vp(&x, exp_src, V(128.5f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, INFINITY, 0, INFINITY, 1);
        lt_free(&x);
        vp(&x, exp_src, V(-INFINITY, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, 0, 0, 0, 1);
        lt_free(&x);
        /* a denormal is 0.0: an exponent below -126 gives -Inf */
        vp(&x, log_src, V(-0x1p-140f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, -INFINITY, 1, -INFINITY, 1);
        lt_free(&x);
        vp(&x, log_src, V(0x1p-126f, 0, 0, 0), NULL);
        lt_expect(&x, "o[HPOS]", 0xf, -126, 1, -126, 1);
        lt_free(&x);
    }
    /* VP2.0's EXP has no such rule: the denormal 2^-131 is flushed, y stays */
    lt x;
    vp(&x, VP2("EXP R0, v[1].x;"), V(-130.5f, 0, 0, 0), NULL);
    lt_expect(&x, "o[HPOS]", 0xf, 0, 0.5f, 0, 1);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_minmax_nan),     cmocka_unit_test(test_ssg_nan),
        cmocka_unit_test(test_rsq_negative),   cmocka_unit_test(test_fp1_pow),
        cmocka_unit_test(test_fp1_lit),        cmocka_unit_test(test_vp_lit_epsilon),
        cmocka_unit_test(test_rcc_modified_zero), cmocka_unit_test(test_vp_results_start),
        cmocka_unit_test(test_vp_temps_start_zero),
        cmocka_unit_test(test_compare_nan),       cmocka_unit_test(test_fp1_sat_nan),
        cmocka_unit_test(test_vp_denormals),      cmocka_unit_test(test_vp1_exp_log_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
