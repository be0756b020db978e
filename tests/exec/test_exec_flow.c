/* Control flow on 32-lane warps: divergent IF/ELSE, loops with BRK and
 * CONT taken by some lanes, SWITCH with fallthrough and a DEFAULT among the
 * CASEs, subroutines with divergent RET, indirect addressing, partial warps,
 * empty blocks skipped, and the instruction budget. */
#include "exec_test_util.h"

static void test_if_else_divergence(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] FLT32 { 10.0, 1.0, 2.0, 0.0 }\n"
            "  0: MOV OUT[0], IMM[0].wwww\n"
            "  1: SLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
            "  2: IF TEMP[0].xxxx\n"
            "  3:   MOV OUT[0].x, IMM[0].yyyy\n"
            "  4:   SLT TEMP[1].x, IN[0].xxxx, IMM[0].zzzz\n"
            "  5:   IF TEMP[1].xxxx\n"
            "  6:     MOV OUT[0].y, IMM[0].yyyy\n"
            "  7:   ELSE\n"
            "  8:     MOV OUT[0].z, IMM[0].yyyy\n"
            "  9:   ENDIF\n"
            " 10: ELSE\n"
            " 11:   MOV OUT[0].w, IMM[0].yyyy\n"
            " 12: ENDIF\n"
            " 13: END\n",
            37, 1);
    for (uint32_t i = 0; i < 37; i++)
        xt_in_f(&x, i, 0, (float)i, 0, 0, 0);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 37);
    for (uint32_t i = 0; i < 37; i++) {
        if (i < 2)
            xt_expect4f(&x, i, 0, 1, 1, 0, 0);
        else if (i < 10)
            xt_expect4f(&x, i, 0, 1, 0, 1, 0);
        else
            xt_expect4f(&x, i, 0, 0, 0, 0, 1);
    }
    xt_free(&x);
}

/* k counts up to n = IN.x; odd k are skipped with CONT; the loop ends with
 * BRK at k == n.  So sum = 0 + 2 + ... (evens below n) = m(m-1) with
 * m = ceil(n/2), and the body runs n + 1 times. */
static void test_loop_brk_cont(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] UINT32 { 0, 1, 2, 100 }\n"
            "  0: MOV TEMP[0], IMM[0].xxxx\n"
            "  1: BGNLOOP\n"
            "  2:   UADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
            "  3:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
            "  4:   UIF TEMP[1].xxxx\n"
            "  5:     BRK\n"
            "  6:   ENDIF\n"
            "  7:   MOV TEMP[1].y, TEMP[0].xxxx\n"
            "  8:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  9:   AND TEMP[1].z, TEMP[1].yyyy, IMM[0].yyyy\n"
            " 10:   UIF TEMP[1].zzzz\n"
            " 11:     CONT\n"
            " 12:   ENDIF\n"
            " 13:   UADD TEMP[0].y, TEMP[0].yyyy, TEMP[1].yyyy\n"
            " 14: ENDLOOP\n"
            " 15: MOV OUT[0], TEMP[0]\n"
            " 16: END\n",
            40, 1);
    for (uint32_t i = 0; i < 40; i++)
        xt_in_u(&x, i, 0, i % 9, 0, 0, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 40; i++) {
        uint32_t n = i % 9, m = (n + 1) / 2;
        xt_expect4u(&x, i, 0, n, m * (m - (m ? 1 : 0)), 0, n + 1);
    }
    xt_free(&x);
}

/* Nested loops: the inner BRK leaves only the inner loop. */
static void test_nested_loops(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..2]\n"
            "IMM[0] UINT32 { 0, 1, 3, 0 }\n"
            "  0: MOV TEMP[0], IMM[0].xxxx\n"
            "  1: BGNLOOP\n"
            "  2:   USGE TEMP[2].x, TEMP[0].xxxx, IMM[0].zzzz\n"
            "  3:   UIF TEMP[2].xxxx\n"
            "  4:     BRK\n"
            "  5:   ENDIF\n"
            "  6:   MOV TEMP[0].y, IMM[0].xxxx\n"
            "  7:   BGNLOOP\n"
            "  8:     USGE TEMP[2].y, TEMP[0].yyyy, IN[0].xxxx\n"
            "  9:     UIF TEMP[2].yyyy\n"
            " 10:       BRK\n"
            " 11:     ENDIF\n"
            " 12:     UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
            " 13:     UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
            " 14:   ENDLOOP\n"
            " 15:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            " 16: ENDLOOP\n"
            " 17: MOV OUT[0], TEMP[0]\n"
            " 18: END\n",
            8, 1);
    for (uint32_t i = 0; i < 8; i++)
        xt_in_u(&x, i, 0, i, 0, 0, 0);
    xt_run(&x);
    /* outer runs 3 times, inner i times each: z = 3 i */
    for (uint32_t i = 0; i < 8; i++)
        xt_expect4u(&x, i, 0, 3, i, 3 * i, 0);
    xt_free(&x);
}

/* CASE 0 falls through into CASE 1; DEFAULT (not last) falls into CASE 2. */
static void test_switch(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0]\n"
            "IMM[0] UINT32 { 0, 1, 2, 7 }\n"
            "  0: MOV TEMP[0], IMM[0].xxxx\n"
            "  1: SWITCH IN[0].xxxx\n"
            "  2: CASE IMM[0].xxxx\n"
            "  3:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  4: CASE IMM[0].yyyy\n"
            "  5:   UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
            "  6:   BRK\n"
            "  7: DEFAULT\n"
            "  8:   UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
            "  9: CASE IMM[0].zzzz\n"
            " 10:   UADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
            " 11:   BRK\n"
            " 12: ENDSWITCH\n"
            " 13: MOV OUT[0], TEMP[0]\n"
            " 14: END\n",
            36, 1);
    static const uint32_t sel[4] = { 0, 1, 2, 7 };
    for (uint32_t i = 0; i < 36; i++)
        xt_in_u(&x, i, 0, sel[i % 4], 0, 0, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 36; i++) {
        switch (sel[i % 4]) {
        case 0: xt_expect4u(&x, i, 0, 1, 1, 0, 0); break;
        case 1: xt_expect4u(&x, i, 0, 0, 1, 0, 0); break;
        case 2: xt_expect4u(&x, i, 0, 0, 0, 0, 1); break;
        default: xt_expect4u(&x, i, 0, 0, 0, 1, 1); break;
        }
    }
    xt_free(&x);
}

/* A subroutine whose RET is taken by the odd lanes only; all lanes come
 * back to the caller.  A second call shows the function mask is restored. */
static void test_call_ret(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0]\n"
            "IMM[0] UINT32 { 0, 1, 0, 0 }\n"
            "  0: MOV TEMP[0], IMM[0].xxxx\n"
            "  1: CAL :6\n"
            "  2: UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
            "  3: CAL :6\n"
            "  4: MOV OUT[0], TEMP[0]\n"
            "  5: END\n"
            "  6: BGNSUB\n"
            "  7:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  8:   UIF IN[0].xxxx\n"
            "  9:     RET\n"
            " 10:   ENDIF\n"
            " 11:   UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
            " 12: ENDSUB\n",
            6, 1);
    for (uint32_t i = 0; i < 6; i++)
        xt_in_u(&x, i, 0, i & 1, 0, 0, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 6; i++)
        xt_expect4u(&x, i, 0, 2, (i & 1) ? 0 : 2, 1, 0);
    xt_free(&x);
}

/* RET in the main program ends those lanes. */
static void test_ret_in_main(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "IMM[0] UINT32 { 5, 9, 0, 0 }\n"
            "  0: MOV OUT[0], IMM[0].xxxx\n"
            "  1: UIF IN[0].xxxx\n"
            "  2:   RET\n"
            "  3: ENDIF\n"
            "  4: MOV OUT[0], IMM[0].yyyy\n"
            "  5: END\n",
            4, 1);
    for (uint32_t i = 0; i < 4; i++)
        xt_in_u(&x, i, 0, i >= 2, 0, 0, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(xt_out_u(&x, i, 0, 0), i >= 2 ? 5 : 9);
    xt_free(&x);
}

/* Per-lane indirect CONST reads through ADDR; outside the bound constants
 * a read gives 0. */
static void test_indirect(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL CONST[0..3]\n"
            "DCL ADDR[0]\n"
            "  0: ARL ADDR[0].x, IN[0].xxxx\n"
            "  1: MOV OUT[0], CONST[ADDR[0].x+1]\n"
            "  2: END\n",
            5, 1);
    for (uint32_t c = 0; c < 4; c++)
        xt_const_f(&x, c, (float)c, 10.0f + c, 20.0f + c, 30.0f + c);
    static const float idx[5] = { 0, 1, 2, 3, -2 };
    for (uint32_t i = 0; i < 5; i++)
        xt_in_f(&x, i, 0, idx[i], 0, 0, 0);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 1, 11, 21, 31);
    xt_expect4f(&x, 1, 0, 2, 12, 22, 32);
    xt_expect4f(&x, 2, 0, 3, 13, 23, 33);
    xt_expect4f(&x, 3, 0, 0, 0, 0, 0); /* CONST[4]: not bound */
    xt_expect4f(&x, 4, 0, 0, 0, 0, 0); /* CONST[-1] */
    xt_free(&x);
}

/* Indirect TEMP writes and reads (a local array). */
static void test_indirect_temp(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..4]\n"
            "DCL ADDR[0]\n"
            "IMM[0] FLT32 { 7.0, 0.0, 0.0, 0.0 }\n"
            "  0: MOV TEMP[1], IMM[0].yyyy\n"
            "  1: MOV TEMP[2], IMM[0].yyyy\n"
            "  2: MOV TEMP[3], IMM[0].yyyy\n"
            "  3: ARL ADDR[0].x, IN[0].xxxx\n"
            "  4: MOV TEMP[ADDR[0].x+1].x, IMM[0].xxxx\n"
            "  5: MOV OUT[0].x, TEMP[1].xxxx\n"
            "  6: MOV OUT[0].y, TEMP[2].xxxx\n"
            "  7: MOV OUT[0].z, TEMP[3].xxxx\n"
            "  8: END\n",
            3, 1);
    for (uint32_t i = 0; i < 3; i++)
        xt_in_f(&x, i, 0, (float)i, 0, 0, 0);
    xt_run(&x);
    assert_float_bits(xt_out_f(&x, 0, 0, 0), 7);
    assert_float_bits(xt_out_f(&x, 1, 0, 1), 7);
    assert_float_bits(xt_out_f(&x, 1, 0, 0), 0);
    assert_float_bits(xt_out_f(&x, 2, 0, 2), 7);
    xt_free(&x);
}

/* Partial warps: 37 threads are a full warp and 5 lanes of a second;
 * VERTEXID is the thread index. */
static void test_partial_warp_ids(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL SV[0], VERTEXID\n"
            "DCL OUT[0], GENERIC[0]\n"
            "IMM[0] UINT32 { 1, 0, 0, 0 }\n"
            "  0: UADD OUT[0], SV[0].xxxx, IMM[0].xxxx\n"
            "  1: END\n",
            37, 1);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 37);
    for (uint32_t i = 0; i < 37; i++)
        assert_int_equal(xt_out_u(&x, i, 0, 0), i + 1);
    /* 2 instructions, both warps: lanes 32 + 5 executed each */
    assert_int_equal(nvgp_exec_lane_instructions(x.m), 2 * 37);
    xt_free(&x);
}

/* A block whose mask is empty is jumped over: the 40 MOVs inside the IF
 * are never dispatched. */
static void test_empty_block_skipped(void **state)
{
    (void)state;
    char text[8192];
    int n = snprintf(text, sizeof text,
                     "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
                     "IMM[0] FLT32 { 1.0, 2.0, 0.0, 0.0 }\n"
                     "MOV OUT[0], IMM[0].xxxx\nIF IN[0].xxxx\n");
    for (int i = 0; i < 40; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "MOV OUT[0], IMM[0].yyyy\n");
    snprintf(text + n, sizeof text - (size_t)n, "ENDIF\nEND\n");
    xt x;
    xt_load(&x, text, 32, 1);
    xt_run(&x); /* inputs default to (0,0,0,1): IF is false in every lane */
    assert_float_bits(xt_out_f(&x, 31, 0, 0), 1);
    /* MOV, IF, ENDIF, END */
    assert_int_equal(nvgp_exec_warp_instructions(x.m), 4);
    xt_free(&x);
}

static void test_budget(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "  0: BGNLOOP\n"
            "  1:   NOP\n"
            "  2: ENDLOOP\n"
            "  3: END\n",
            1, 1);
    nvgp_exec_set_budget(x.m, 1000);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
    assert_non_null(strstr(nvgp_exec_error(x.m), "budget of 1000"));
    assert_true(strstr(nvgp_exec_error(x.m), "NOP") || strstr(nvgp_exec_error(x.m), "ENDLOOP") ||
                strstr(nvgp_exec_error(x.m), "BGNLOOP"));
    /* the default budget ends it too */
    nvgp_exec_set_budget(x.m, NVGP_EXEC_DEFAULT_BUDGET);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
    xt_free(&x);
}

/* The first warp past its budget ends the run: the other warps do not each
 * run to their own budget.  8,192 invocations are 256 warps; on one host
 * thread warp 0 fails after 1,001 instructions (the 1,001st is the one
 * past the budget) and no other warp starts.  On four host threads at most
 * the three other warps already started run on (to their own budget of
 * 1,000, below the 4,096 instructions between checks), never the 252 not
 * yet started.  A compute grid of 64 groups stops the same way. */
static void test_budget_stops_the_run(void **state)
{
    (void)state;
    static const char loop[] = "VERT\n"
                               "DCL OUT[0], GENERIC[0]\n"
                               "  0: BGNLOOP\n"
                               "  1:   NOP\n"
                               "  2: ENDLOOP\n"
                               "  3: END\n";
    xt x;
    xt_load(&x, loop, 8192, 1);
    nvgp_exec_set_budget(x.m, 1000);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
    assert_int_equal(nvgp_exec_warp_instructions(x.m), 1001);
    assert_non_null(strstr(nvgp_exec_error(x.m), "threads 0..31"));
    nvgp_exec_set_threads(x.m, 4);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
    assert_true(nvgp_exec_warp_instructions(x.m) <= 4 * 1001);
    assert_non_null(strstr(nvgp_exec_error(x.m), "threads 0..31"));
    xt_free(&x);

    xt_load(&x,
            "COMP\n"
            "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
            "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
            "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
            "  0: BGNLOOP\n"
            "  1:   NOP\n"
            "  2: ENDLOOP\n"
            "  3: END\n",
            1, 1);
    uint32_t grid[3] = { 64, 1, 1 };
    assert_int_equal(nvgp_exec_set_grid(x.m, grid, NULL), NVGP_EXEC_OK);
    nvgp_exec_set_budget(x.m, 1000);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
    /* group 0's first warp fails; its second warp has not run yet */
    assert_int_equal(nvgp_exec_warp_instructions(x.m), 1001);
    xt_free(&x);
}

/* Unbounded recursion ends with a stack error, not a crash. */
static void test_recursion_limit(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "  0: CAL :2\n"
            "  1: END\n"
            "  2: BGNSUB\n"
            "  3:   CAL :2\n"
            "  4: ENDSUB\n",
            1, 1);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_STACK);
    xt_free(&x);
}

/* Recursion with blocks open at every level: the condition and loop
 * stacks hold one entry per open block of every active call, so 40 calls
 * with two UIFs and a loop open at each need 80 condition entries and 40
 * loop entries, more than one frame's static nesting (64).  They grow
 * (NV_gpu_program4 limits only the call depth).  Each level adds 1 to x
 * on the way down; levels 1..39 call the next inside both UIFs and the
 * loop and, once it returns there, add 1 to y: x = 40, y = 39. */
static void test_deep_recursion_with_blocks(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] UINT32 { 1, 40, 0, 0 }\n"
            "  0: MOV TEMP[0], IMM[0].zzzz\n"
            "  1: CAL :4\n"
            "  2: MOV OUT[0], TEMP[0]\n"
            "  3: END\n"
            "  4: BGNSUB\n"
            "  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
            "  6:   USLT TEMP[1].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  7:   UIF TEMP[1].xxxx\n"
            "  8:     UIF TEMP[1].xxxx\n"
            "  9:       BGNLOOP\n"
            " 10:         CAL :4\n"
            " 11:         UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n"
            " 12:         BRK\n"
            " 13:       ENDLOOP\n"
            " 14:     ENDIF\n"
            " 15:   ENDIF\n"
            " 16:   RET\n"
            " 17: ENDSUB\n",
            1, 1);
    xt_run(&x);
    assert_int_equal(xt_out_u(&x, 0, 0, 0), 40);
    assert_int_equal(xt_out_u(&x, 0, 0, 1), 39);
    xt_free(&x);
}

/* Unbalanced blocks are refused when the machine is made. */
static void test_unbalanced(void **state)
{
    (void)state;
    const char *text = "VERT\nDCL IN[0]\nIF IN[0].xxxx\nEND\n";
    nvgp_diag *d = nvgp_diag_create("t", text, strlen(text));
    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), d);
    if (p) { /* the reader may accept it; the executor must not */
        nvgp_exec *m = nvgp_exec_create(p, d);
        assert_null(m);
        assert_true(nvgp_diag_error_count(d) > 0);
        nvgp_tgsi_program_destroy(p);
    }
    nvgp_diag_destroy(d);
}

/* IF tests src.x != 0.0 as a float: -0.0 is false, NaN is true; UIF tests
 * the bits: 0x80000000 (-0.0) is true. */
static void test_if_conditions(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "IMM[0] UINT32 { 0, 1, 0, 0 }\n"
            "  0: MOV OUT[0], IMM[0].xxxx\n"
            "  1: IF IN[0].xxxx\n"
            "  2:   MOV OUT[0].x, IMM[0].yyyy\n"
            "  3: ENDIF\n"
            "  4: UIF IN[0].xxxx\n"
            "  5:   MOV OUT[0].y, IMM[0].yyyy\n"
            "  6: ENDIF\n"
            "  7: END\n",
            4, 1);
    xt_in_u(&x, 0, 0, 0x80000000u, 0, 0, 0); /* -0.0 */
    xt_in_u(&x, 1, 0, 0x7fc00000u, 0, 0, 0); /* NaN */
    xt_in_u(&x, 2, 0, 0, 0, 0, 0);
    xt_in_u(&x, 3, 0, 1, 0, 0, 0);           /* a denormal: != 0.0 */
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 0, 1, 0, 0);
    xt_expect4u(&x, 1, 0, 1, 1, 0, 0);
    xt_expect4u(&x, 2, 0, 0, 0, 0, 0);
    xt_expect4u(&x, 3, 0, 1, 1, 0, 0);
    xt_free(&x);
}

/* Many warps on several host threads give the results of one thread. */
static void test_host_threads(void **state)
{
    (void)state;
    const char *text = "VERT\n"
                       "DCL SV[0], VERTEXID\n"
                       "DCL OUT[0], GENERIC[0]\n"
                       "DCL TEMP[0]\n"
                       "IMM[0] UINT32 { 2654435761, 7, 0, 0 }\n"
                       "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
                       "  1: USHR TEMP[0].y, TEMP[0].xxxx, IMM[0].yyyy\n"
                       "  2: UIF TEMP[0].yyyy\n"
                       "  3:   XOR TEMP[0].x, TEMP[0].xxxx, TEMP[0].yyyy\n"
                       "  4: ENDIF\n"
                       "  5: MOV OUT[0], TEMP[0]\n"
                       "  6: END\n";
    xt x;
    xt_load(&x, text, 5000, 1);
    nvgp_exec_set_threads(x.m, 4);
    xt_run(&x);
    for (uint32_t i = 0; i < 5000; i++) {
        uint32_t h = i * 2654435761u, y = h >> 7;
        assert_int_equal(xt_out_u(&x, i, 0, 0), y ? h ^ y : h);
    }
    assert_int_equal(nvgp_exec_num_threads(x.m), 5000);
    xt_free(&x);
}

/* A system value set for one thread wins over one set for all; unset
 * threads keep the executor's value. */
static void test_sv_override(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL SV[0], INSTANCEID\n"
            "DCL SV[1], VERTEXID\n"
            "DCL OUT[0], GENERIC[0]\n"
            "  0: MOV OUT[0].x, SV[0].xxxx\n"
            "  1: MOV OUT[0].y, SV[1].xxxx\n"
            "  2: END\n",
            3, 1);
    uint32_t one[4] = { 7, 0, 0, 0 }, all[4] = { 5, 0, 0, 0 };
    assert_int_equal(nvgp_exec_set_system_value(x.m, 1, TGSI_SEMANTIC_INSTANCEID, 0, one), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value(x.m, NVGP_EXEC_ALL, TGSI_SEMANTIC_INSTANCEID, 0, all),
                     NVGP_EXEC_OK);
    xt_run(&x);
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(xt_out_u(&x, i, 0, 0), i == 1 ? 7 : 5);
        assert_int_equal(xt_out_u(&x, i, 0, 1), i);
    }
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_if_else_divergence),
        cmocka_unit_test(test_loop_brk_cont),
        cmocka_unit_test(test_nested_loops),
        cmocka_unit_test(test_switch),
        cmocka_unit_test(test_call_ret),
        cmocka_unit_test(test_ret_in_main),
        cmocka_unit_test(test_indirect),
        cmocka_unit_test(test_indirect_temp),
        cmocka_unit_test(test_partial_warp_ids),
        cmocka_unit_test(test_empty_block_skipped),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_budget_stops_the_run),
        cmocka_unit_test(test_recursion_limit),
        cmocka_unit_test(test_deep_recursion_with_blocks),
        cmocka_unit_test(test_unbalanced),
        cmocka_unit_test(test_if_conditions),
        cmocka_unit_test(test_host_threads),
        cmocka_unit_test(test_sv_override),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
