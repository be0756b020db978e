/* The remaining opcodes: interpolation at the centroid / a sample (pixel
 * centre for single-sampled fragments), memory and legacy fences, legacy
 * KIL/KILP/CALLNZ/BREAKC/DFRACEXP, and opcodes the executor cannot give a
 * meaning to (the legacy address stack), BRA within its block part, and
 * the legacy TEMPX, IMMX and PRED files,
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

/* BRA jumps the whole warp within one block part: in a divergent IF the
 * lanes of the then part skip instruction 3, the else lanes are untouched,
 * and the BRA at the top level skips instruction 9 for all. */
static void test_bra_jumps(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0]\n"
            "IMM[0] FLT32 { 1, 2, 3, 0 }\n"
            "  0: MOV TEMP[0], IMM[0].wwww\n"
            "  1: IF IN[0].xxxx :5\n"
            "  2:   BRA :4\n"
            "  3:   MOV TEMP[0].x, IMM[0].xxxx\n"
            "  4:   MOV TEMP[0].y, IMM[0].yyyy\n"
            "  5: ELSE :7\n"
            "  6:   MOV TEMP[0].z, IMM[0].zzzz\n"
            "  7: ENDIF\n"
            "  8: BRA :10\n"
            "  9: MOV TEMP[0].w, IMM[0].xxxx\n"
            " 10: MOV OUT[0], TEMP[0]\n"
            " 11: END\n",
            2, 1);
    xt_in_f(&x, 0, 0, 1, 0, 0, 0);
    xt_in_f(&x, 1, 0, 0, 0, 0, 0);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 0, 2, 0, 0);
    xt_expect4f(&x, 1, 0, 0, 0, 3, 0);
    xt_free(&x);
}

/* A BRA out of its block part (the checker refuses it too) is refused when
 * the machine is made, as is one onto an ELSE. */
static void expect_bra_refused(const char *text)
{
    nvgp_diag *d = nvgp_diag_create("t", text, strlen(text));
    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), d);
    assert_non_null(p);
    assert_null(nvgp_exec_create(p, d));
    assert_true(nvgp_diag_error_count(d) > 0);
    nvgp_tgsi_program_destroy(p);
    nvgp_diag_destroy(d);
}

static void test_bra_refused(void **state)
{
    (void)state;
    expect_bra_refused("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
                       "  0: IF IN[0].xxxx :2\n  1: BRA :3\n  2: ENDIF\n  3: END\n");
    expect_bra_refused("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
                       "  0: IF IN[0].xxxx :2\n  1: BRA :2\n  2: ELSE :4\n  3: BRA :0\n  4: ENDIF\n  5: END\n");
}

/* Older Mesa's TEMPX arrays, IMMX (with an indirect index) and PRED
 * registers run, renamed into files of their own that overlap nothing:
 * TEMP[0] is zeroed after the TEMPX writes and still adds their values. */
static void test_legacy_files(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "DCL OUT[2], GENERIC[2]\n"
            "DCL TEMP[0]\n"
            "DCL ADDR[0]\n"
            "DCL TEMPX[0][0..1]\n"
            "DCL TEMPX[1][0..2]\n"
            "DCL PRED[0]\n"
            "DCL IMMX[0..2] {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}\n"
            "IMM[0] FLT32 { 0.5, 0, 0, 0 }\n"
            "  0: ADD TEMPX[0][1], IN[0], IMM[0].xxxx\n"
            "  1: MOV TEMPX[1][2], IMMX[2]\n"
            "  2: MOV TEMP[0], IMM[0].yyyy\n"
            "  3: ADD TEMP[0], TEMP[0], TEMPX[0][1]\n"
            "  4: ADD TEMP[0], TEMP[0], TEMPX[1][2]\n"
            "  5: ARL ADDR[0].x, IN[0].xxxx\n"
            "  6: MOV OUT[1], IMMX[ADDR[0].x+1]\n"
            "  7: MOV PRED[0], IMMX[0].wzyx\n"
            "  8: MOV OUT[2], PRED[0]\n"
            "  9: MOV OUT[0], TEMP[0]\n"
            " 10: END\n",
            2, 1);
    xt_in_f(&x, 0, 0, 1, 2, 3, 4);
    xt_in_f(&x, 1, 0, 0, 0, 0, 0);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 10.5f, 12.5f, 14.5f, 16.5f);
    xt_expect4f(&x, 0, 1, 9, 10, 11, 12);
    xt_expect4f(&x, 0, 2, 4, 3, 2, 1);
    xt_expect4f(&x, 1, 0, 9.5f, 10.5f, 11.5f, 12.5f);
    xt_expect4f(&x, 1, 1, 5, 6, 7, 8);
    xt_expect4f(&x, 1, 2, 4, 3, 2, 1);
    xt_free(&x);
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
        cmocka_unit_test(test_bra_jumps),
        cmocka_unit_test(test_bra_refused),
        cmocka_unit_test(test_legacy_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
