/* Fragment quads and inter-lane opcodes: DDX/DDY coarse and fine, KILL,
 * KILL_IF, DEMOTE, helper lanes (run, take part in derivatives, never write
 * memory), interpolation at an offset, votes, ballot, READ_FIRST/INVOC.
 * Quad layout: lane 4n+0 at (x,y), 4n+1 (x+1,y), 4n+2 (x,y+1), 4n+3
 * (x+1,y+1). */
#include "exec_test_util.h"

/* v = 5xy + x over each quad: lanes (0,0)=0, (1,0)=1, (0,1)=0, (1,1)=6.
 * DDX coarse = v1 - v0 = 1; fine: top row 1, bottom row v3 - v2 = 6.
 * DDY coarse = v2 - v0 = 0; fine: left column 0, right v3 - v1 = 5. */
static void test_derivatives(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], GENERIC[0]\n"
            "  0: DDX OUT[0].x, IN[0].xxxx\n"
            "  1: DDX_FINE OUT[0].y, IN[0].xxxx\n"
            "  2: DDY OUT[0].z, IN[0].xxxx\n"
            "  3: DDY_FINE OUT[0].w, IN[0].xxxx\n"
            "  4: INTERP_OFFSET OUT[1], IN[0], IN[0].yzzz\n"
            "  5: END\n",
            8, 1);
    static const float v[4] = { 0, 1, 0, 6 };
    for (uint32_t i = 0; i < 8; i++)
        xt_in_f(&x, i, 0, v[i % 4] + (float)(i / 4) * 10, 0.5f, 0.5f, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 8; i++) {
        unsigned q = i % 4;
        float fine_x = q < 2 ? 1.0f : 6.0f, fine_y = (q & 1) ? 5.0f : 0.0f;
        xt_expect4f(&x, i, 0, 1, fine_x, 0, fine_y);
        /* v + ddx_fine * 0.5 + ddy_fine * 0.5 */
        assert_float_bits(xt_out_f(&x, i, 1, 0),
                          v[q] + (float)(i / 4) * 10 + fine_x * 0.5f + fine_y * 0.5f);
    }
    xt_free(&x);
}

/* INTERP_OFFSET of a flat (CONSTANT) input is the input itself: the
 * value is the same over the primitive (here each lane of the quad was
 * given a different one, which an interpolated input would turn into a
 * plane); the PERSPECTIVE input at offset (0.5, -0.5) follows its plane:
 * v = x + 2y over the quad, ddx = 1, ddy = 2, so v - 0.5. */
static void test_interp_offset_flat(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], CONSTANT\n"
            "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], COLOR[1]\n"
            "IMM[0] FLT32 { 0.5, -0.5, 0.0, 0.0 }\n"
            "  0: INTERP_OFFSET OUT[0], IN[0], IMM[0]\n"
            "  1: INTERP_OFFSET OUT[1], IN[1], IMM[0]\n"
            "  2: END\n",
            4, 1);
    static const float v[4] = { 0, 1, 2, 3 }; /* x + 2y at (0,0) (1,0) (0,1) (1,1) */
    for (uint32_t i = 0; i < 4; i++) {
        xt_in_f(&x, i, 0, (float)(7 * i), 1, 2, 3);
        xt_in_f(&x, i, 1, v[i], 0, 0, 1);
    }
    xt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        xt_expect4f(&x, i, 0, (float)(7 * i), 1, 2, 3);
        xt_expect4f(&x, i, 1, v[i] - 0.5f, 0, 0, 1);
    }
    xt_free(&x);
}

/* KILL_IF kills lanes with any negative component; KILL inside an IF kills
 * the lanes that take it; the others run on. */
static void test_kill(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "IMM[0] FLT32 { 1.0, 2.0, 0.0, 0.0 }\n"
            "  0: KILL_IF IN[0]\n"
            "  1: IF IN[0].yyyy\n"
            "  2:   KILL\n"
            "  3: ENDIF\n"
            "  4: MOV OUT[0], IMM[0].yyyy\n"
            "  5: END\n",
            8, 1);
    /* 0: fine; 1: w < 0; 2: y != 0 (killed by KILL); 3: x = -0 (not < 0) */
    xt_in_f(&x, 0, 0, 1, 0, 0, 0);
    xt_in_f(&x, 1, 0, 1, 0, 0, -1);
    xt_in_f(&x, 2, 0, 1, 3, 0, 0);
    xt_in_f(&x, 3, 0, -0.0f, 0, 0, 0);
    for (uint32_t i = 4; i < 8; i++)
        xt_in_f(&x, i, 0, -1, 0, 0, 0);
    xt_run(&x);
    assert_false(nvgp_exec_killed(x.m, 0));
    assert_true(nvgp_exec_killed(x.m, 1));
    assert_true(nvgp_exec_killed(x.m, 2));
    assert_false(nvgp_exec_killed(x.m, 3));
    for (uint32_t i = 4; i < 8; i++)
        assert_true(nvgp_exec_killed(x.m, i));
    assert_float_bits(xt_out_f(&x, 0, 0, 0), 2);
    assert_float_bits(xt_out_f(&x, 3, 0, 0), 2);
    xt_free(&x);
}

/* Helper lanes and demoted lanes never write memory, but they run: the
 * derivative of lane 0 uses helper lane 1's value.  READ_HELPER and the
 * HELPER_INVOCATION system value report them. */
static void test_helpers_and_demote(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL IN[1], GENERIC[1], CONSTANT\n"
            "DCL OUT[0], COLOR\n"
            "DCL SV[0], HELPER_INVOCATION\n"
            "DCL MEMORY[0]\n"
            "DCL TEMP[0]\n"
            "  0: DDX TEMP[0].x, IN[0].xxxx\n"
            "  1: MOV OUT[0].x, TEMP[0].xxxx\n"
            "  2: MOV OUT[0].y, SV[0].xxxx\n"
            "  3: UIF IN[1].yyyy\n"
            "  4:   DEMOTE\n"
            "  5: ENDIF\n"
            "  6: READ_HELPER TEMP[0].z\n"
            "  7: MOV OUT[0].z, TEMP[0].zzzz\n"
            "  8: STORE MEMORY[0].x, IN[1].xxxx, IN[0].xxxx\n"
            "  9: END\n",
            8, 1);
    uint32_t mem[8];
    for (int i = 0; i < 8; i++)
        mem[i] = 0xdeadu;
    assert_int_equal(nvgp_exec_add_memory(x.m, 4096, mem, sizeof mem, NULL), NVGP_EXEC_OK);
    for (uint32_t i = 0; i < 8; i++) {
        xt_in_f(&x, i, 0, (float)(i * i), 0, 0, 0);
        xt_in_u(&x, i, 1, 4096 + 4 * i, i == 5 ? 1 : 0, 0, 0); /* lane 5 demotes */
    }
    assert_int_equal(nvgp_exec_set_helper(x.m, 1, true), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_helper(x.m, 6, true), NVGP_EXEC_OK);
    xt_run(&x);
    const uint32_t *out = nvgp_exec_memory(x.m, 0, NULL, NULL);
    for (uint32_t i = 0; i < 8; i++) {
        bool silent = i == 1 || i == 6 || i == 5;
        if (silent)
            assert_int_equal(out[i], 0xdeadu);
        else
            assert_int_equal(out[i], fbits((float)(i * i)));
    }
    assert_true(nvgp_exec_is_helper(x.m, 1));
    assert_false(nvgp_exec_is_helper(x.m, 0));
    assert_true(nvgp_exec_demoted(x.m, 5));
    /* quad 0: DDX = v(1) - v(0) = 1 - 0, computed with helper lane 1 */
    assert_float_bits(xt_out_f(&x, 0, 0, 0), 1);
    /* quad 1: DDX = 25 - 16 = 9 */
    assert_float_bits(xt_out_f(&x, 4, 0, 0), 9);
    assert_int_equal(xt_out_u(&x, 0, 0, 1), 0);
    assert_int_equal(xt_out_u(&x, 6, 0, 1), 0xffffffffu);
    assert_int_equal(xt_out_u(&x, 5, 0, 1), 0); /* the system value: as it started */
    assert_int_equal(xt_out_u(&x, 5, 0, 2), 0xffffffffu); /* READ_HELPER: now */
    assert_int_equal(xt_out_u(&x, 4, 0, 2), 0);
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    xt_free(&x);
}

/* Votes, ballot and reads over the lanes active inside an IF taken by the
 * lanes with IN.x != 0. */
static void test_votes(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "DCL OUT[2], GENERIC[2]\n"
            "  0: UIF IN[0].xxxx\n"
            "  1:   VOTE_ANY OUT[0].x, IN[0].yyyy\n"
            "  2:   VOTE_ALL OUT[0].y, IN[0].yyyy\n"
            "  3:   VOTE_EQ OUT[0].z, IN[0].zzzz\n"
            "  4:   VOTE_ALL OUT[0].w, IN[0].xxxx\n"
            "  5:   BALLOT OUT[1].xy, IN[0].yyyy\n"
            "  6:   READ_FIRST OUT[1].z, IN[0].wwww\n"
            "  7:   READ_INVOC OUT[1].w, IN[0].wwww, IN[0].zzzz\n"
            "  8:   VOTE_EQ OUT[2].x, IN[0].wwww\n"
            "  9: ENDIF\n"
            " 10: END\n",
            32, 1);
    /* active lanes: 4..11; y set in lanes 6 and 9; z = 7 everywhere
     * active (READ_INVOC reads lane 7); w = lane * 100 */
    for (uint32_t i = 0; i < 32; i++)
        xt_in_u(&x, i, 0, i >= 4 && i < 12, i == 6 || i == 9, 7, i * 100);
    xt_run(&x);
    for (uint32_t i = 4; i < 12; i++) {
        xt_expect4u(&x, i, 0, ~0u, 0, ~0u, ~0u);
        assert_int_equal(xt_out_u(&x, i, 1, 0), (1u << 6) | (1u << 9));
        assert_int_equal(xt_out_u(&x, i, 1, 1), 0);
        assert_int_equal(xt_out_u(&x, i, 1, 2), 400);
        assert_int_equal(xt_out_u(&x, i, 1, 3), 700);
        assert_int_equal(xt_out_u(&x, i, 2, 0), 0);
    }
    /* inactive lanes wrote nothing */
    xt_expect4u(&x, 0, 0, 0, 0, 0, 0);
    xt_free(&x);
}

/* Subgroup system values and CLOCK's monotonic count. */
static void test_subgroup_values(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL SV[0], SUBGROUP_INVOCATION\n"
            "DCL SV[1], SUBGROUP_LT_MASK\n"
            "DCL SV[2], SUBGROUP_SIZE\n"
            "DCL SV[3], SUBGROUP_EQ_MASK\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "DCL TEMP[0..1]\n"
            "  0: MOV OUT[0].x, SV[0].xxxx\n"
            "  1: MOV OUT[0].y, SV[1].xxxx\n"
            "  2: MOV OUT[0].z, SV[2].xxxx\n"
            "  3: MOV OUT[0].w, SV[3].xxxx\n"
            "  4: CLOCK TEMP[0].xy\n"
            "  5: CLOCK TEMP[1].xy\n"
            "  6: USLT OUT[1].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
            "  7: END\n",
            40, 1);
    xt_run(&x);
    for (uint32_t i = 0; i < 40; i++) {
        uint32_t l = i % 32;
        xt_expect4u(&x, i, 0, l, (1u << l) - 1, 32, 1u << l);
        assert_int_equal(xt_out_u(&x, i, 1, 0), ~0u);
    }
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_derivatives),
        cmocka_unit_test(test_interp_offset_flat),
        cmocka_unit_test(test_kill),
        cmocka_unit_test(test_helpers_and_demote),
        cmocka_unit_test(test_votes),
        cmocka_unit_test(test_subgroup_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
