/* One computation, several languages: the same transform-and-lighting
 * vertex program written as !!ARBvp1.0, !!VP2.0, !!NVvp4.0, !!NVvp5.0 and
 * TGSI text, and the same integer and bit computation written as
 * !!NVvp4.0, !!NVvp5.0 and TGSI text, give the same bits on the executor,
 * input for input; a few values are checked against hand computation. */
#include "lower_test_util.h"

/* ---- Transform and lighting ------------------------------------------------- */

/* position rows c[0..3], normal . c[4] as the diffuse dot product, the
 * specular dot product and exponent into LIT, a color from c[6 + index],
 * EX2/LG2 into DST, RSQ and RCP. */
static const char tl_arb[] =
    "!!ARBvp1.0\nPARAM c[8] = { program.env[0..7] };\nADDRESS A;\nTEMP r0, r1;\n"
    "DP4 result.position.x, c[0], vertex.position;\nDP4 result.position.y, c[1], vertex.position;\n"
    "DP4 result.position.z, c[2], vertex.position;\nDP4 result.position.w, c[3], vertex.position;\n"
    "DP3 r0.x, vertex.normal, c[4];\nMOV r0.y, vertex.attrib[3].y;\nMOV r0.w, c[5].w;\n"
    "LIT r1, r0;\nARL A.x, vertex.attrib[3].x;\nMAD result.color, r1.z, c[A.x + 6], r1.y;\n"
    "EX2 r0, vertex.attrib[3].z;\nLG2 r1, vertex.attrib[3].w;\nDST result.texcoord[0], r0, r1;\n"
    "RSQ r0.x, vertex.attrib[3].w;\nRCP r0.y, vertex.attrib[3].z;\nMOV result.texcoord[1], r0;\nEND\n";

static const char tl_vp2[] =
    "!!VP2.0\n"
    "DP4 o[HPOS].x, c[0], v[OPOS];\nDP4 o[HPOS].y, c[1], v[OPOS];\n"
    "DP4 o[HPOS].z, c[2], v[OPOS];\nDP4 o[HPOS].w, c[3], v[OPOS];\n"
    "DP3 R0.x, v[NRML], c[4];\nMOV R0.y, v[3].y;\nMOV R0.w, c[5].w;\n"
    "LIT R1, R0;\nARL A0.x, v[3].x;\nMAD o[COL0], R1.z, c[A0.x + 6], R1.y;\n"
    "EX2 R0, v[3].z;\nLG2 R1, v[3].w;\nDST o[TEX0], R0, R1;\n"
    "RSQ R0.x, v[3].w;\nRCP R0.y, v[3].z;\nMOV o[TEX1], R0;\nEND\n";

/* NV_gpu_program4: no address registers; an integer temporary indexes
 * (FLR.S floors like ARL and converts). */
static const char tl_nv_body[] =
    "PARAM c[8] = { program.env[0..7] };\nINT TEMP A;\nTEMP r0, r1;\n"
    "DP4 result.position.x, c[0], vertex.position;\nDP4 result.position.y, c[1], vertex.position;\n"
    "DP4 result.position.z, c[2], vertex.position;\nDP4 result.position.w, c[3], vertex.position;\n"
    "DP3 r0.x, vertex.normal, c[4];\nMOV r0.y, vertex.attrib[3].y;\nMOV r0.w, c[5].w;\n"
    "LIT r1, r0;\nFLR.S A.x, vertex.attrib[3].x;\nMAD result.color, r1.z, c[A.x + 6], r1.y;\n"
    "EX2 r0, vertex.attrib[3].z;\nLG2 r1, |vertex.attrib[3].w|;\nDST result.texcoord[0], r0, r1;\n"
    "RSQ r0.x, |vertex.attrib[3].w|;\nRCP r0.y, vertex.attrib[3].z;\nMOV result.texcoord[1], r0;\nEND\n";

/* TGSI: IN[0] position, IN[1] normal, IN[2] attribute 3; CONST[0..7];
 * OUT[0] position, OUT[1] color, OUT[2..3] texture coordinates.  ARB's
 * RSQ and LG2 take |x| (ARB_vertex_program 2.14.5.15, 2.14.5.9). */
static const char tl_tgsi[] =
    "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], POSITION\nDCL OUT[1], COLOR\n"
    "DCL OUT[2], GENERIC[0]\nDCL OUT[3], GENERIC[1]\nDCL CONST[0..7]\nDCL TEMP[0..1]\nDCL ADDR[0]\n"
    "  0: DP4 OUT[0].x, CONST[0], IN[0]\n  1: DP4 OUT[0].y, CONST[1], IN[0]\n"
    "  2: DP4 OUT[0].z, CONST[2], IN[0]\n  3: DP4 OUT[0].w, CONST[3], IN[0]\n"
    "  4: DP3 TEMP[0].x, IN[1], CONST[4]\n  5: MOV TEMP[0].y, IN[2].yyyy\n  6: MOV TEMP[0].w, CONST[5].wwww\n"
    "  7: LIT TEMP[1], TEMP[0]\n  8: ARL ADDR[0].x, IN[2].xxxx\n"
    "  9: MAD OUT[1], TEMP[1].zzzz, CONST[ADDR[0].x+6], TEMP[1].yyyy\n"
    " 10: EX2 TEMP[0], IN[2].zzzz\n 11: LG2 TEMP[1], |IN[2].wwww|\n 12: DST OUT[2], TEMP[0], TEMP[1]\n"
    " 13: RSQ TEMP[0].x, |IN[2].wwww|\n 14: RCP TEMP[0].y, IN[2].zzzz\n 15: MOV OUT[3], TEMP[0]\n 16: END\n";

static const float tl_inputs[3][3][4] = {
    /* position, normal, attribute 3 */
    {{1, 2, 3, 1}, {0, 0.6f, 0.8f, 0}, {0.2f, 0.9f, 2.5f, 10}},
    {{-4, 0.5f, 2, 1}, {1, 0, 0, 0}, {1.7f, 0.3f, -1.25f, 0.75f}},
    {{0, 0, 0, 1}, {-1, 0, 0, 0}, {0, 0, 0, 0}},
};

static void tl_env(float env[8][4])
{
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++)
            env[i][k] = (float)(i * 4 + k) * 0.125f - 1.0f;
    env[5][3] = 6; /* the specular exponent */
}

/* Loads and runs one NV/ARB form; names of the position, normal,
 * attribute 3 and constant n in that language. */
static void tl_run_nv(lt *x, const char *src, const char *pos, const char *nrm, const char *a3, const char *cfmt,
                      int n)
{
    float env[8][4];
    tl_env(env);
    lt_load(x, src, 1);
    char name[32];
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, cfmt, i);
        lt_param(x, name, env[i][0], env[i][1], env[i][2], env[i][3]);
    }
    const float *p = tl_inputs[n][0], *q = tl_inputs[n][1], *r = tl_inputs[n][2];
    lt_in(x, pos, p[0], p[1], p[2], p[3]);
    lt_in(x, nrm, q[0], q[1], q[2], q[3]);
    lt_in(x, a3, r[0], r[1], r[2], r[3]);
    lt_run(x);
}

/* Runs the TGSI form and returns OUT[0..3]. */
static void tl_run_tgsi(int n, uint32_t out[4][4])
{
    float env[8][4];
    tl_env(env);
    nvgp_diag *d = nvgp_diag_create("t.tgsi", tl_tgsi, strlen(tl_tgsi));
    tgsi_program *tp = nvgp_tgsi_read(tl_tgsi, strlen(tl_tgsi), d);
    if (!tp)
        nvgp_diag_print(d, stderr);
    assert_non_null(tp);
    assert_true(nvgp_tgsi_check(tp, d));
    nvgp_exec *m = nvgp_exec_create(tp, d);
    assert_non_null(m);
    assert_int_equal(nvgp_exec_set_invocations(m, 1, 1), NVGP_EXEC_OK);
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t w[4] = {lt_bits(env[i][0]), lt_bits(env[i][1]), lt_bits(env[i][2]), lt_bits(env[i][3])};
        assert_int_equal(nvgp_exec_set_constants(m, 0, i, w, 1), NVGP_EXEC_OK);
    }
    for (uint32_t k = 0; k < 3; k++) {
        const float *v = tl_inputs[n][k];
        uint32_t w[4] = {lt_bits(v[0]), lt_bits(v[1]), lt_bits(v[2]), lt_bits(v[3])};
        assert_int_equal(nvgp_exec_set_input(m, NVGP_EXEC_ALL, 0, k, w), NVGP_EXEC_OK);
    }
    assert_int_equal(nvgp_exec_run(m, d), NVGP_EXEC_OK);
    for (uint32_t o = 0; o < 4; o++)
        nvgp_exec_get_output(m, 0, o, out[o]);
    nvgp_exec_destroy(m);
    nvgp_tgsi_program_destroy(tp);
    nvgp_diag_destroy(d);
}

static void expect_same(const char *what, const char *out, const float got[4], const uint32_t want[4])
{
    for (int i = 0; i < 4; i++) {
        bool same = lt_bits(got[i]) == want[i] || (isnan(got[i]) && isnan(lt_float(want[i])));
        if (!same)
            fprintf(stderr, "%s %s.%c: %.9g, TGSI text gives %.9g\n", what, out, "xyzw"[i], got[i],
                    lt_float(want[i]));
        assert_true(same);
    }
}

static void test_transform_and_lighting(void **state)
{
    (void)state;
    static const char *const arb_out[] = {"result.position", "result.color", "result.texcoord[0]",
                                          "result.texcoord[1]"};
    static const char *const vp2_out[] = {"o[HPOS]", "o[COL0]", "o[TEX0]", "o[TEX1]"};
    char nv4[2048], nv5[2048];
    snprintf(nv4, sizeof nv4, "!!NVvp4.0\n%s", tl_nv_body);
    snprintf(nv5, sizeof nv5, "!!NVvp5.0\n%s", tl_nv_body);
    for (int n = 0; n < 3; n++) {
        uint32_t want[4][4];
        tl_run_tgsi(n, want);
        lt a, b, c4, c5;
        tl_run_nv(&a, tl_arb, "vertex.position", "vertex.normal", "vertex.attrib[3]", "program.env[%d]", n);
        tl_run_nv(&b, tl_vp2, "v[0]", "v[2]", "v[3]", "c[%d]", n);
        tl_run_nv(&c4, nv4, "vertex.position", "vertex.normal", "vertex.attrib[3]", "program.env[%d]", n);
        tl_run_nv(&c5, nv5, "vertex.position", "vertex.normal", "vertex.attrib[3]", "program.env[%d]", n);
        for (int o = 0; o < 4; o++) {
            float u[4];
            lt_out(&a, arb_out[o], 0, u);
            expect_same("ARBvp1.0", arb_out[o], u, want[o]);
            lt_out(&b, vp2_out[o], 0, u);
            expect_same("VP2.0", vp2_out[o], u, want[o]);
            lt_out(&c4, arb_out[o], 0, u);
            expect_same("NVvp4.0", arb_out[o], u, want[o]);
            lt_out(&c5, arb_out[o], 0, u);
            expect_same("NVvp5.0", arb_out[o], u, want[o]);
        }
        if (n == 0) {
            /* by hand: position x = (-1, -0.875, -0.75, -0.625) . (1, 2, 3, 1);
             * EX2 2.5 and LG2 10 feed DST: (1, 2^2.5, log2 10, 1) as
             * (1, r0.y * r1.y, r0.z, r1.w) = (1, 2^2.5 * log2 10, 2^2.5, log2 10) */
            lt_expect(&c5, "result.position", 0x1, -1 - 1.75f - 2.25f - 0.625f, 0, 0, 0);
            lt_expect_near(&c5, "result.texcoord[0]", 0xf, 1.0f, 5.656854f * 3.321928f, 5.656854f, 3.321928f,
                           1e-5);
            /* RSQ 10, RCP 2.5 */
            lt_expect_near(&c5, "result.texcoord[1]", 0x3, 0.31622777f, 0.4f, 0, 0, 1e-6);
        }
        lt_free(&a);
        lt_free(&b);
        lt_free(&c4);
        lt_free(&c5);
    }
}

/* ---- Integer and bit computation ------------------------------------------------ */

/* u = ((a ^ 0x0ff00ff0) + (a << 3)) & 0xffff | (a >> 28), unsigned;
 * s = (a >> 2 arithmetic; NV: the same bits as a signed attribute) * -3, then max(s, -1000) and min(s, 1000) in
 * the other components; wrap-around everywhere as NV_gpu_program4 2.X.4.1
 * and tgsi.rst say. */
static const char int_nv_body[] =
    "UINT ATTRIB a = vertex.attrib[1];\nINT ATTRIB b = vertex.attrib[2];\n"
    "UINT TEMP u, v;\nINT TEMP s, t;\n"
    "XOR.U u, a, 267390960;\n"
    "SHL.U v, a, 3;\n"
    "ADD.U u, u, v;\n"
    "AND.U u, u, 65535;\n"
    "SHR.U v, a, 28;\n"
    "OR.U u, u, v;\n"
    "SHR.S s, b, 2;\n"
    "MUL.S s, s, -3;\n"
    "MAX.S t.xy, s, -1000;\n"
    "MIN.S t.zw, s, 1000;\n"
    "MOV.U result.attrib[0], u;\n"
    "MOV.S result.attrib[1], t;\n"
    "END\n";

static const char int_tgsi[] =
    "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\nDCL TEMP[0..3]\n"
    "IMM[0] UINT32 {267390960, 3, 65535, 28}\nIMM[1] INT32 {2, -3, -1000, 1000}\n"
    "  0: XOR TEMP[0], IN[0], IMM[0].xxxx\n"
    "  1: SHL TEMP[1], IN[0], IMM[0].yyyy\n"
    "  2: UADD TEMP[0], TEMP[0], TEMP[1]\n"
    "  3: AND TEMP[0], TEMP[0], IMM[0].zzzz\n"
    "  4: USHR TEMP[1], IN[0], IMM[0].wwww\n"
    "  5: OR TEMP[0], TEMP[0], TEMP[1]\n"
    "  6: ISHR TEMP[2], IN[0], IMM[1].xxxx\n"
    "  7: UMUL TEMP[2], TEMP[2], IMM[1].yyyy\n"
    "  8: IMAX TEMP[3].xy, TEMP[2], IMM[1].zzzz\n"
    "  9: IMIN TEMP[3].zw, TEMP[2], IMM[1].wwww\n"
    " 10: MOV OUT[0], TEMP[0]\n 11: MOV OUT[1], TEMP[3]\n 12: END\n";

/* The computation in C, from the description above. */
static void int_by_hand(const uint32_t a[4], uint32_t u[4], uint32_t t[4])
{
    for (int i = 0; i < 4; i++) {
        uint32_t x = ((a[i] ^ 0x0ff00ff0u) + (a[i] << 3)) & 0xffffu;
        u[i] = x | (a[i] >> 28);
        int32_t sa = (int32_t)a[i] < 0 ? (int32_t)~(~a[i] >> 2) : (int32_t)(a[i] >> 2);
        uint32_t s = (uint32_t)sa * (uint32_t)-3;
        int32_t ss = (int32_t)s;
        t[i] = (uint32_t)(i < 2 ? (ss > -1000 ? ss : -1000) : (ss < 1000 ? ss : 1000));
    }
}

static void test_integer_and_bits(void **state)
{
    (void)state;
    static const uint32_t inputs[3][4] = {
        {0, 1, 0xffffffffu, 0x80000000u},
        {0x12345678u, 0xdeadbeefu, 7, (uint32_t)-7},
        {0x7fffffffu, 0x0ff00ff0u, 1000, 0xfffff000u},
    };
    char nv4[2048], nv5[2048];
    snprintf(nv4, sizeof nv4, "!!NVvp4.0\n%s", int_nv_body);
    snprintf(nv5, sizeof nv5, "!!NVvp5.0\n%s", int_nv_body);
    for (int n = 0; n < 3; n++) {
        const uint32_t *a = inputs[n];
        uint32_t u[4], t[4];
        int_by_hand(a, u, t);
        /* TGSI text */
        nvgp_diag *d = nvgp_diag_create("t.tgsi", int_tgsi, strlen(int_tgsi));
        tgsi_program *tp = nvgp_tgsi_read(int_tgsi, strlen(int_tgsi), d);
        if (!tp)
            nvgp_diag_print(d, stderr);
        assert_non_null(tp);
        assert_true(nvgp_tgsi_check(tp, d));
        nvgp_exec *m = nvgp_exec_create(tp, d);
        assert_non_null(m);
        assert_int_equal(nvgp_exec_set_invocations(m, 1, 1), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_set_input(m, NVGP_EXEC_ALL, 0, 0, a), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_run(m, d), NVGP_EXEC_OK);
        uint32_t o0[4], o1[4];
        nvgp_exec_get_output(m, 0, 0, o0);
        nvgp_exec_get_output(m, 0, 1, o1);
        assert_memory_equal(o0, u, sizeof u);
        assert_memory_equal(o1, t, sizeof t);
        nvgp_exec_destroy(m);
        nvgp_tgsi_program_destroy(tp);
        nvgp_diag_destroy(d);
        /* NVvp4.0 and NVvp5.0 */
        const char *srcs[2] = {nv4, nv5};
        for (int k = 0; k < 2; k++) {
            lt x;
            lt_load(&x, srcs[k], 1);
            lt_in_u(&x, "vertex.attrib[1]", a[0], a[1], a[2], a[3]);
            lt_in_u(&x, "vertex.attrib[2]", a[0], a[1], a[2], a[3]);
            lt_run(&x);
            lt_expect_u(&x, "result.attrib[0]", 0xf, u[0], u[1], u[2], u[3]);
            lt_expect_u(&x, "result.attrib[1]", 0xf, t[0], t[1], t[2], t[3]);
            lt_free(&x);
        }
    }
    /* one by hand: a = 1: (1 ^ 0x0ff00ff0) + 8 = 0x0ff00ff9, & 0xffff =
     * 0x0ff9, | 0; s = 0 * -3 = 0 */
    uint32_t u[4], t[4];
    int_by_hand(inputs[0], u, t);
    assert_int_equal(u[1], 0x0ff9);
    /* a = 0x80000000: s = 0xe0000000 * -3 = 0x60000000 (wrapped), min 1000 */
    assert_int_equal(t[3], 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transform_and_lighting),
        cmocka_unit_test(test_integer_and_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
