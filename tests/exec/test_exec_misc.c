/* The remaining opcodes: interpolation at the centroid / a sample (pixel
 * centre for single-sampled fragments), memory and legacy fences, legacy
 * KIL/KILP/CALLNZ/BREAKC/DFRACEXP, and opcodes the executor cannot give a
 * meaning to (the legacy address stack, BRA),
 * which must end the run with a clear error rather than a wrong value. */
#include "exec_test_util.h"

static void test_interp(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], GENERIC[0]\n"
            "IMM[0] INT32 { 0, 0, 0, 0 }\n"
            "  0: INTERP_CENTROID OUT[0], IN[0]\n"
            "  1: INTERP_SAMPLE OUT[1], IN[0], IMM[0].xxxx\n"
            "  2: MEMBAR IMM[0].xxxx\n"
            "  3: END\n",
            4, 1);
    for (uint32_t i = 0; i < 4; i++)
        xt_in_f(&x, i, 0, (float)i, 2, 3, 4);
    xt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        xt_expect4f(&x, i, 0, (float)i, 2, 3, 4);
        xt_expect4f(&x, i, 1, (float)i, 2, 3, 4);
    }
    xt_free(&x);
}

static void test_legacy_flow(void **state)
{
    (void)state;
    xt x;
    /* BREAKC leaves the loop when its operand is non-zero; CALLNZ calls
     * when src.x != 0; fences do nothing visible */
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] UINT32 { 0, 1, 3, 0 }\n"
            "  0: MOV TEMP[0], IMM[0].xxxx\n"
            "  1: BGNLOOP\n"
            "  2:   USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
            "  3:   BREAKC TEMP[1].xxxx\n"
            "  4:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  5: ENDLOOP\n"
            "  6: MFENCE RES[32767]\n"
            "  7: LFENCE RES[32767]\n"
            "  8: SFENCE RES[32767]\n"
            "  9: CALLNZ IN[0].xxxx :12\n"
            " 10: MOV OUT[0], TEMP[0]\n"
            " 11: END\n"
            " 12: BGNSUB\n"
            " 13:   MOV TEMP[0].y, IMM[0].zzzz\n"
            " 14: ENDSUB\n",
            2, 1);
    xt_in_f(&x, 0, 0, 0, 0, 0, 0);
    xt_in_f(&x, 1, 0, 1, 0, 0, 0);
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 3, 0, 0, 0);
    xt_expect4u(&x, 1, 0, 3, 3, 0, 0);
    xt_free(&x);
}

static void test_legacy_kill(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "  0: KIL IN[0]\n"
            "  1: IF IN[0].yyyy\n"
            "  2:   KILP\n"
            "  3: ENDIF\n"
            "  4: MOV OUT[0], IN[0]\n"
            "  5: NOP\n"
            "  6: END\n",
            4, 1);
    xt_in_f(&x, 0, 0, 1, 0, 0, 0);
    xt_in_f(&x, 1, 0, 1, 0, -2, 0);
    xt_in_f(&x, 2, 0, 1, 1, 0, 0);
    xt_in_f(&x, 3, 0, 0, 0, 0, 0);
    xt_run(&x);
    assert_false(nvgp_exec_killed(x.m, 0));
    assert_true(nvgp_exec_killed(x.m, 1));
    assert_true(nvgp_exec_killed(x.m, 2));
    assert_false(nvgp_exec_killed(x.m, 3));
    xt_free(&x);
}

/* DFRACEXP: 12 = 0.75 * 2^4, -0.25 = -0.5 * 2^-1 */
static void test_dfracexp(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "  0: DFRACEXP OUT[0], OUT[1].xy, IN[0]\n"
            "  1: END\n",
            1, 1);
    /* 12.0 = 0x4028000000000000, -0.25 = 0xbfd0000000000000 */
    xt_in_u(&x, 0, 0, 0, 0x40280000u, 0, 0xbfd00000u);
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 0, 0x3fe80000u, 0, 0xbfe00000u); /* 0.75, -0.5 */
    assert_int_equal(xt_out_u(&x, 0, 1, 0), 4);
    assert_int_equal(xt_out_u(&x, 0, 1, 1), (uint32_t)-1);
    xt_free(&x);
}

static void expect_unsupported(const char *insn_lines)
{
    char text[512];
    snprintf(text, sizeof text,
             "FRAG\nDCL OUT[0], COLOR\nDCL IMAGE[0], 2D, PIPE_FORMAT_R32_UINT\nDCL SAMP[0]\n"
             "DCL TEMP[0]\nIMM[0] INT32 { 0, 0, 0, 0 }\n%s\nEND\n", insn_lines);
    xt x;
    xt_load(&x, text, 1, 1);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_UNSUPPORTED);
    assert_true(strlen(nvgp_exec_error(x.m)) > 0);
    xt_free(&x);
}

static void test_unsupported(void **state)
{
    (void)state;
    expect_unsupported("PUSHA IMM[0].xxxx");
    expect_unsupported("POPA TEMP[0]");
}

/* BRA (unstructured) is refused when the machine is made. */
static void test_bra_refused(void **state)
{
    (void)state;
    const char *text = "VERT\nDCL OUT[0], GENERIC[0]\n  0: BRA :1\n  1: END\n";
    nvgp_diag *d = nvgp_diag_create("t", text, strlen(text));
    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), d);
    assert_non_null(p);
    assert_null(nvgp_exec_create(p, d));
    assert_true(nvgp_diag_error_count(d) > 0);
    nvgp_tgsi_program_destroy(p);
    nvgp_diag_destroy(d);
}

/* Binding no constants (count 0, no words) to a buffer never bound before is
 * allowed and copies nothing (no NULL reaches memcpy: UBSan build). */
static void test_empty_constant_binding(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], POSITION\n"
            "DCL CONST[0]\n"
            "  0: MOV OUT[0], CONST[0]\n"
            "  1: END\n",
            1, 1);
    assert_int_equal(nvgp_exec_set_constants(x.m, 3, 0, NULL, 0), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_constants(x.m, 0, 0, NULL, 0), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_constants(x.m, 0, 0, NULL, 1), NVGP_EXEC_ERROR_BINDING);
    xt_run(&x);
    assert_int_equal(xt_out_u(&x, 0, 0, 0), 0); /* unset constants read 0 */
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_constant_binding),
        cmocka_unit_test(test_interp),
        cmocka_unit_test(test_legacy_flow),
        cmocka_unit_test(test_legacy_kill),
        cmocka_unit_test(test_dfracexp),
        cmocka_unit_test(test_unsupported),
        cmocka_unit_test(test_bra_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
