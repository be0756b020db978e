/* Memory: global ranges at byte addresses, buffers, shared memory with
 * BARRIER across the warps of a work group, private memory, images, atomics
 * (every opcode, and atomicity across warps on several host threads), and
 * the bounds checks: out-of-range loads read 0, stores and atomics are
 * dropped, each counted as a fault. */
#include "exec_test_util.h"
#include "tgsi/tgsi_names.h"

/* LOAD/STORE move the enabled components as consecutive words; the last
 * invocation's addresses run off the range. */
static void test_global_load_store(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL MEMORY[0]\n"
            "DCL TEMP[0]\n"
            "  0: LOAD TEMP[0], MEMORY[0], IN[0].xxxx\n"
            "  1: MOV OUT[0], TEMP[0]\n"
            "  2: STORE MEMORY[0].xy, IN[0].yyyy, TEMP[0].wzyx\n"
            "  3: END\n",
            3, 1);
    uint32_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, b[4] = { 0, 0, 0, 0 };
    assert_int_equal(nvgp_exec_add_memory(x.m, 0x1000, a, sizeof a, NULL), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_add_memory(x.m, 0x2000, b, sizeof b, NULL), NVGP_EXEC_OK);
    /* overlapping ranges are refused */
    assert_int_equal(nvgp_exec_add_memory(x.m, 0x1010, b, sizeof b, NULL), NVGP_EXEC_ERROR_BINDING);
    xt_in_u(&x, 0, 0, 0x1000, 0x2000, 0, 0);
    xt_in_u(&x, 1, 0, 0x1010, 0x2008, 0, 0);
    /* reads 0x1018..0x1027: words 7, 8 then two past the end; stores to
     * 0x200c (in) and 0x2010 (out) */
    xt_in_u(&x, 2, 0, 0x1018, 0x200c, 0, 0);
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 1, 2, 3, 4);
    xt_expect4u(&x, 1, 0, 5, 6, 7, 8);
    xt_expect4u(&x, 2, 0, 7, 8, 0, 0);
    const uint32_t *m = nvgp_exec_memory(x.m, 1, NULL, NULL);
    /* invocation 0 stores (4, 3) at 0x2000; 1 stores (8, 7) at 0x2008;
     * 2 stores (0, ...) at 0x200c and drops the word at 0x2010 */
    assert_int_equal(m[0], 4);
    assert_int_equal(m[1], 3);
    assert_int_equal(m[2], 8);
    assert_int_equal(m[3], 0);
    /* two loads and one store outside */
    assert_int_equal(nvgp_exec_faults(x.m), 3);
    const uint32_t *orig = nvgp_exec_memory(x.m, 0, NULL, NULL);
    assert_int_equal(orig[0], 1);
    xt_free(&x);
}

/* BUFFER with a swizzled resource and RESQ. */
static void test_buffer(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "DCL BUFFER[0]\n"
            "IMM[0] UINT32 { 4, 0, 0, 0 }\n"
            "  0: LOAD OUT[0], BUFFER[0].wzyx, IMM[0].xxxx\n"
            "  1: RESQ OUT[1].x, BUFFER[0]\n"
            "  2: END\n",
            1, 1);
    uint32_t b[5] = { 10, 11, 12, 13, 14 };
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, b, sizeof b), NVGP_EXEC_OK);
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 14, 13, 12, 11);
    assert_int_equal(xt_out_u(&x, 0, 1, 0), 20);
    xt_free(&x);
}

/* Every atomic, once, on consecutive buffer words; dst gets the old value,
 * ATOMINC_WRAP's too (tgsi.rst's pseudocode writes old + 1 there; see
 * docs/spec-decisions.md). */
static void test_atomics_each(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL BUFFER[0]\n"
            "IMM[0] UINT32 { 0, 4, 8, 12 }\n"
            "IMM[1] UINT32 { 16, 20, 24, 28 }\n"
            "IMM[2] UINT32 { 32, 36, 40, 44 }\n"
            "IMM[3] UINT32 { 48, 52, 0, 0 }\n"
            "IMM[4] UINT32 { 5, 0xf0, 3, 0xfffffffe }\n"
            "IMM[5] FLT32 { 1.5, 0.0, 0.0, 0.0 }\n"
            "  0: ATOMUADD OUT[0].x, BUFFER[0], IMM[0].xxxx, IMM[4].xxxx\n"
            "  1: ATOMXCHG OUT[0].y, BUFFER[0], IMM[0].yyyy, IMM[4].xxxx\n"
            "  2: ATOMCAS OUT[0].z, BUFFER[0], IMM[0].zzzz, IMM[4].zzzz, IMM[4].xxxx\n"
            "  3: ATOMAND OUT[0].w, BUFFER[0], IMM[0].wwww, IMM[4].yyyy\n"
            "  4: ATOMOR OUT[1].x, BUFFER[0], IMM[1].xxxx, IMM[4].yyyy\n"
            "  5: ATOMXOR OUT[1].y, BUFFER[0], IMM[1].yyyy, IMM[4].yyyy\n"
            "  6: ATOMUMIN OUT[1].z, BUFFER[0], IMM[1].zzzz, IMM[4].wwww\n"
            "  7: ATOMUMAX OUT[1].w, BUFFER[0], IMM[1].wwww, IMM[4].wwww\n"
            "  8: ATOMIMIN OUT[2].x, BUFFER[0], IMM[2].xxxx, IMM[4].wwww\n"
            "  9: ATOMIMAX OUT[2].y, BUFFER[0], IMM[2].yyyy, IMM[4].wwww\n"
            " 10: ATOMINC_WRAP OUT[2].z, BUFFER[0], IMM[2].zzzz, IMM[4].zzzz\n"
            " 11: ATOMDEC_WRAP OUT[2].w, BUFFER[0], IMM[2].wwww, IMM[4].zzzz\n"
            " 12: ATOMFADD OUT[3].x, BUFFER[0], IMM[3].xxxx, IMM[5].xxxx\n"
            " 13: ATOMCAS OUT[3].y, BUFFER[0], IMM[3].yyyy, IMM[4].zzzz, IMM[4].xxxx\n"
            " 14: END\n",
            1, 1);
    uint32_t b[14] = { 100, 7, 3, 0xff, 0x0f, 0xff, 9, 9, 9, 9, 3, 2, 0, 4 };
    b[12] = fbits(2.25f);
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, b, sizeof b), NVGP_EXEC_OK);
    xt_run(&x);
    xt_expect4u(&x, 0, 0, 100, 7, 3, 0xff);
    xt_expect4u(&x, 0, 1, 0x0f, 0xff, 9, 9);
    /* ATOMINC_WRAP of 3 with limit 3: dst = the old 3, stored 3 + 1 <= 3 ? 4 : 0 */
    xt_expect4u(&x, 0, 2, 9, 9, 3, 2);
    assert_int_equal(xt_out_u(&x, 0, 3, 0), fbits(2.25f));
    assert_int_equal(xt_out_u(&x, 0, 3, 1), 4);
    size_t n;
    const uint32_t *r = nvgp_exec_buffer(x.m, 0, &n);
    assert_int_equal(n, sizeof b);
    assert_int_equal(r[0], 105);         /* 100 + 5 */
    assert_int_equal(r[1], 5);           /* exchanged */
    assert_int_equal(r[2], 5);           /* 3 == 3: swapped in 5 */
    assert_int_equal(r[3], 0xf0);        /* 0xff & 0xf0 */
    assert_int_equal(r[4], 0xff);        /* 0x0f | 0xf0 */
    assert_int_equal(r[5], 0x0f);        /* 0xff ^ 0xf0 */
    assert_int_equal(r[6], 9);           /* umin(9, 0xfffffffe) */
    assert_int_equal(r[7], 0xfffffffe);  /* umax */
    assert_int_equal(r[8], 0xfffffffe);  /* imin(9, -2) = -2 */
    assert_int_equal(r[9], 9);           /* imax(9, -2) */
    assert_int_equal(r[10], 0);          /* 3 + 1 > 3: wraps to 0 */
    assert_int_equal(r[11], 1);          /* 2 > 0 && 2 < 3: 1 */
    assert_int_equal(r[12], fbits(3.75f));
    assert_int_equal(r[13], 4);          /* 4 != 3: unchanged */
    xt_free(&x);
}

/* 100 invocations add 1 to one word: lanes are serialised in order, so
 * invocation i sees i.  Then the same on 4 host threads with 64 warps:
 * the sum is exact and the old values are a permutation. */
static void test_atomic_counter(void **state)
{
    (void)state;
    const char *text = "VERT\n"
                       "DCL OUT[0], GENERIC[0]\n"
                       "DCL MEMORY[0]\n"
                       "IMM[0] UINT32 { 64, 1, 0, 0 }\n"
                       "  0: ATOMUADD OUT[0].x, MEMORY[0], IMM[0].xxxx, IMM[0].yyyy\n"
                       "  1: END\n";
    xt x;
    xt_load(&x, text, 100, 1);
    uint32_t w[17] = { 0 };
    assert_int_equal(nvgp_exec_add_memory(x.m, 0, w, sizeof w, NULL), NVGP_EXEC_OK);
    xt_run(&x);
    for (uint32_t i = 0; i < 100; i++)
        assert_int_equal(xt_out_u(&x, i, 0, 0), i);
    assert_int_equal(((const uint32_t *)nvgp_exec_memory(x.m, 0, NULL, NULL))[16], 100);
    xt_free(&x);

    xt_load(&x, text, 64 * 32, 1);
    assert_int_equal(nvgp_exec_add_memory(x.m, 0, w, sizeof w, NULL), NVGP_EXEC_OK);
    nvgp_exec_set_threads(x.m, 4);
    xt_run(&x);
    static bool seen[64 * 32];
    memset(seen, 0, sizeof seen);
    for (uint32_t i = 0; i < 64 * 32; i++) {
        uint32_t v = xt_out_u(&x, i, 0, 0);
        assert_true(v < 64 * 32);
        assert_false(seen[v]);
        seen[v] = true;
    }
    assert_int_equal(((const uint32_t *)nvgp_exec_memory(x.m, 0, NULL, NULL))[16], 64 * 32);
    xt_free(&x);
}

/* Out-of-range atomics are dropped and counted; misaligned ones too. */
static void test_atomic_faults(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL BUFFER[0]\n"
            "DCL BUFFER[1]\n"
            "IMM[0] UINT32 { 1, 0, 0, 0 }\n"
            "  0: MOV OUT[0], IMM[0].yyyy\n"
            "  1: ATOMUADD OUT[0].x, BUFFER[0], IN[0].xxxx, IMM[0].xxxx\n"
            "  2: ATOMUADD OUT[0].y, BUFFER[1], IN[0].xxxx, IMM[0].xxxx\n"
            "  3: END\n",
            3, 1);
    uint32_t b[2] = { 5, 6 };
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, b, sizeof b), NVGP_EXEC_OK);
    xt_in_u(&x, 0, 0, 4, 0, 0, 0);
    xt_in_u(&x, 1, 0, 8, 0, 0, 0); /* past the end */
    xt_in_u(&x, 2, 0, 2, 0, 0, 0); /* misaligned */
    xt_run(&x);
    assert_int_equal(xt_out_u(&x, 0, 0, 0), 6);
    const uint32_t *r = nvgp_exec_buffer(x.m, 0, NULL);
    assert_int_equal(r[0], 5);
    assert_int_equal(r[1], 7);
    /* 2 on BUFFER[0] + 3 on the unbound BUFFER[1] */
    assert_int_equal(nvgp_exec_faults(x.m), 5);
    xt_free(&x);
}

/* A work group of 64 threads (two warps) writes shared memory, meets at
 * BARRIER, then reads the word the other warp wrote.  Without the barrier
 * warp 0 would read zeros.  (A LOAD's component c reads the word at
 * address + 4c, so the scalar loads write .x.) */
static void test_barrier_shared(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "COMP\n"
            "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
            "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
            "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
            "DCL SV[0], THREAD_ID\n"
            "DCL SV[1], BLOCK_ID\n"
            "DCL MEMORY[0], SHARED\n"
            "DCL BUFFER[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] UINT32 { 4, 3, 32, 63 }\n"
            "IMM[1] UINT32 { 256, 0, 0, 0 }\n"
            "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
            "  1: UMAD TEMP[0].y, SV[0].xxxx, IMM[0].yyyy, SV[1].xxxx\n"
            "  2: STORE MEMORY[0].x, TEMP[0].xxxx, TEMP[0].yyyy\n"
            "  3: BARRIER\n"
            "  4: UADD TEMP[1].x, SV[0].xxxx, IMM[0].zzzz\n"
            "  5: AND TEMP[1].x, TEMP[1].xxxx, IMM[0].wwww\n"
            "  6: UMUL TEMP[1].x, TEMP[1].xxxx, IMM[0].xxxx\n"
            "  7: LOAD TEMP[1].x, MEMORY[0], TEMP[1].xxxx\n"
            "  8: UMAD TEMP[0].z, SV[1].xxxx, IMM[1].xxxx, TEMP[0].xxxx\n"
            "  9: STORE BUFFER[0].x, TEMP[0].zzzz, TEMP[1].xxxx\n"
            " 10: END\n",
            0, 1);
    const uint32_t grid[3] = { 2, 1, 1 };
    assert_int_equal(nvgp_exec_set_grid(x.m, grid, NULL), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, NULL, 2 * 64 * 4), NVGP_EXEC_OK);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 128);
    const uint32_t *r = nvgp_exec_buffer(x.m, 0, NULL);
    for (uint32_t g = 0; g < 2; g++)
        for (uint32_t t = 0; t < 64; t++)
            assert_int_equal(r[g * 64 + t], ((t + 32) & 63) * 3 + g);
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    xt_free(&x);
}

/* Compute system values on a 2x3 grid of 4x2 groups (8 threads: a partial
 * warp per group).  Thread g = (by*2 + bx)*8 + ty*4 + tx stores
 * (THREAD_ID.x, BLOCK_ID.y*8 + BLOCK_ID.x, BLOCK_SIZE.x*32 + BLOCK_SIZE.y,
 * GRID_SIZE.x*32 + GRID_SIZE.y) at byte 16 g. */
static void test_compute_ids(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "COMP\n"
            "DCL SV[0], THREAD_ID\n"
            "DCL SV[1], BLOCK_ID\n"
            "DCL SV[2], BLOCK_SIZE\n"
            "DCL SV[3], GRID_SIZE\n"
            "DCL BUFFER[0]\n"
            "DCL TEMP[0..1]\n"
            "IMM[0] UINT32 { 2, 4, 8, 16 }\n"
            "IMM[1] UINT32 { 32, 0, 0, 0 }\n"
            "  0: UMAD TEMP[0].x, SV[1].yyyy, IMM[0].xxxx, SV[1].xxxx\n"
            "  1: UMAD TEMP[0].y, SV[0].yyyy, IMM[0].yyyy, SV[0].xxxx\n"
            "  2: UMAD TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz, TEMP[0].yyyy\n"
            "  3: UMUL TEMP[0].z, TEMP[0].zzzz, IMM[0].wwww\n"
            "  4: MOV TEMP[1].x, SV[0].xxxx\n"
            "  5: UMAD TEMP[1].y, SV[1].yyyy, IMM[0].zzzz, SV[1].xxxx\n"
            "  6: UMAD TEMP[1].z, SV[2].xxxx, IMM[1].xxxx, SV[2].yyyy\n"
            "  7: UMAD TEMP[1].w, SV[3].xxxx, IMM[1].xxxx, SV[3].yyyy\n"
            "  8: STORE BUFFER[0], TEMP[0].zzzz, TEMP[1]\n"
            "  9: END\n",
            0, 1);
    const uint32_t grid[3] = { 2, 3, 1 }, block[3] = { 4, 2, 1 };
    assert_int_equal(nvgp_exec_set_grid(x.m, grid, block), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, NULL, 48 * 16), NVGP_EXEC_OK);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 48);
    const uint32_t *r = nvgp_exec_buffer(x.m, 0, NULL);
    for (uint32_t by = 0; by < 3; by++)
        for (uint32_t bx = 0; bx < 2; bx++)
            for (uint32_t ty = 0; ty < 2; ty++)
                for (uint32_t tx = 0; tx < 4; tx++) {
                    uint32_t g = (by * 2 + bx) * 8 + ty * 4 + tx;
                    assert_int_equal(r[g * 4 + 0], tx);
                    assert_int_equal(r[g * 4 + 1], by * 8 + bx);
                    assert_int_equal(r[g * 4 + 2], 4 * 32 + 2);
                    assert_int_equal(r[g * 4 + 3], 2 * 32 + 3);
                }
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    xt_free(&x);
}

/* Images: texel (x, y) of a 2D R32_UINT image; out-of-range texels read 0,
 * are dropped when stored, and count as faults. */
static void test_image(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL IMAGE[0], 2D, PIPE_FORMAT_R32_UINT, WR\n"
            "DCL TEMP[0]\n"
            "IMM[0] UINT32 { 1, 0, 0, 0 }\n"
            "  0: LOAD TEMP[0], IMAGE[0], IN[0], 2D, PIPE_FORMAT_R32_UINT\n"
            "  1: MOV OUT[0], TEMP[0]\n"
            "  2: UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
            "  3: STORE IMAGE[0].x, IN[0], TEMP[0].xxxx, 2D, PIPE_FORMAT_R32_UINT\n"
            "  4: ATOMUADD TEMP[0].x, IMAGE[0], IN[0], IMM[0].xxxx, 2D, PIPE_FORMAT_R32_UINT\n"
            "  5: END\n",
            3, 1);
    nvgp_exec_image desc = { TGSI_TEXTURE_2D, 0, 2, 2, 1 };
    int fmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "R32_UINT", 8);
    if (fmt < 0)
        fmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "PIPE_FORMAT_R32_UINT", 20);
    assert_true(fmt >= 0);
    desc.format = (uint16_t)fmt;
    uint32_t texels[4] = { 10, 20, 30, 40 };
    assert_int_equal(nvgp_exec_bind_image(x.m, 0, &desc, texels), NVGP_EXEC_OK);
    xt_in_u(&x, 0, 0, 1, 0, 0, 0);
    xt_in_u(&x, 1, 0, 0, 1, 0, 0);
    xt_in_u(&x, 2, 0, 2, 0, 0, 0); /* x = 2: outside */
    xt_run(&x);
    /* one component: (r, 0, 0, 1) */
    xt_expect4u(&x, 0, 0, 20, 0, 0, 1);
    xt_expect4u(&x, 1, 0, 30, 0, 0, 1);
    xt_expect4u(&x, 2, 0, 0, 0, 0, 0);
    const uint32_t *img = nvgp_exec_image_data(x.m, 0, NULL);
    assert_int_equal(img[0], 10);
    assert_int_equal(img[1], 22); /* 20 + 1 stored, + 1 atomically */
    assert_int_equal(img[2], 32);
    assert_int_equal(img[3], 40);
    assert_int_equal(nvgp_exec_faults(x.m), 3);
    xt_free(&x);
}

/* Atomics on a 32-bit float image (NV_gpu_program5 ATOMIM.ADD.F32 and
 * EXCH, tgsi.rst ATOMFADD / ATOMXCHG): three threads add 0.5, 1.25, 2 to
 * texel 0 (1.0): 4.75 whatever the order, each gets the old value; ATOMXCHG
 * swaps the bits of texel 1 (-3.5 for thread 0's 7.0); an integer atomic
 * (ATOMUADD) on the float image and ATOMFADD on an R32_UINT image are
 * faults that leave the texel alone and return 0. */
static void test_image_float_atomics(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0..3], GENERIC[0]\n"
            "DCL IMAGE[0], 2D, PIPE_FORMAT_R32_FLOAT, WR\n"
            "DCL IMAGE[1], 2D, PIPE_FORMAT_R32_UINT, WR\n"
            "IMM[0] UINT32 { 0, 1, 0, 0 }\n"
            "IMM[1] FLT32 { 7.0, 1.0, 0.0, 0.0 }\n"
            "  0: ATOMFADD OUT[0].x, IMAGE[0], IMM[0].xxxx, IN[0].xxxx, 2D, PIPE_FORMAT_R32_FLOAT\n"
            "  1: USEQ OUT[1].y, IN[0].yyyy, IMM[0].yyyy\n"
            "  2: UIF OUT[1].yyyy\n"
            "  3:   ATOMXCHG OUT[1].x, IMAGE[0], IMM[0].yxxx, IMM[1].xxxx, 2D, PIPE_FORMAT_R32_FLOAT\n"
            "  4:   ATOMUADD OUT[2].x, IMAGE[0], IMM[0].yxxx, IMM[0].yyyy, 2D, PIPE_FORMAT_R32_FLOAT\n"
            "  5:   ATOMFADD OUT[3].x, IMAGE[1], IMM[0].xxxx, IMM[1].yyyy, 2D, PIPE_FORMAT_R32_UINT\n"
            "  6: ENDIF\n"
            "  7: END\n",
            3, 1);
    int ffmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "PIPE_FORMAT_R32_FLOAT", 21);
    int ufmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "PIPE_FORMAT_R32_UINT", 20);
    if (ffmt < 0)
        ffmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "R32_FLOAT", 9);
    if (ufmt < 0)
        ufmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "R32_UINT", 8);
    assert_true(ffmt >= 0 && ufmt >= 0);
    nvgp_exec_image fdesc = { TGSI_TEXTURE_2D, (uint16_t)ffmt, 2, 1, 1 };
    nvgp_exec_image udesc = { TGSI_TEXTURE_2D, (uint16_t)ufmt, 1, 1, 1 };
    float ftexels[2] = { 1.0f, -3.5f };
    uint32_t utexels[1] = { 5 };
    assert_int_equal(nvgp_exec_bind_image(x.m, 0, &fdesc, ftexels), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_bind_image(x.m, 1, &udesc, utexels), NVGP_EXEC_OK);
    xt_in_f(&x, 0, 0, 0.5f, 0, 0, 0);
    xt_in_f(&x, 1, 0, 1.25f, 0, 0, 0);
    xt_in_f(&x, 2, 0, 2.0f, 0, 0, 0);
    xt_in_u(&x, 0, 0, fbits(0.5f), 1, 0, 0); /* thread 0 also exchanges */
    xt_run(&x);
    const float *img = nvgp_exec_image_data(x.m, 0, NULL);
    assert_float_bits(img[0], 4.75f);
    assert_float_bits(img[1], 7.0f);
    /* lanes run in order: thread 0 reads 1.0, 1 reads 1.5, 2 reads 2.75 */
    assert_float_bits(xt_out_f(&x, 0, 0, 0), 1.0f);
    assert_float_bits(xt_out_f(&x, 1, 0, 0), 1.5f);
    assert_float_bits(xt_out_f(&x, 2, 0, 0), 2.75f);
    assert_float_bits(xt_out_f(&x, 0, 1, 0), -3.5f);
    assert_int_equal(xt_out_u(&x, 0, 2, 0), 0);
    assert_int_equal(xt_out_u(&x, 0, 3, 0), 0);
    const uint32_t *uimg = nvgp_exec_image_data(x.m, 1, NULL);
    assert_int_equal(uimg[0], 5);
    assert_int_equal(nvgp_exec_faults(x.m), 2);
    xt_free(&x);
}

/* PRIVATE memory is per thread. */
static void test_private(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL IN[0]\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL MEMORY[0], PRIVATE\n"
            "DCL TEMP[0]\n"
            "IMM[0] UINT32 { 8, 0, 0, 0 }\n"
            "  0: STORE MEMORY[0].x, IMM[0].xxxx, IN[0].xxxx\n"
            "  1: LOAD TEMP[0].x, MEMORY[0], IMM[0].xxxx\n"
            "  2: MOV OUT[0], TEMP[0].xxxx\n"
            "  3: END\n",
            33, 1);
    for (uint32_t i = 0; i < 33; i++)
        xt_in_u(&x, i, 0, i * 7, 0, 0, 0);
    xt_run(&x);
    for (uint32_t i = 0; i < 33; i++)
        assert_int_equal(xt_out_u(&x, i, 0, 0), i * 7);
    xt_free(&x);
}

/* HWATOMIC[b][i]: counter i (plus the offset operand) of buffer binding b. */
static void test_hw_atomic_counters(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL HWATOMIC[1][0..2]\n"
            "IMM[0] UINT32 { 0, 1, 5, 0 }\n"
            "  0: ATOMUADD OUT[0].x, HWATOMIC[1][1], IMM[0].xxxx, IMM[0].yyyy\n"
            "  1: ATOMUADD OUT[0].y, HWATOMIC[1][0], IMM[0].yyyy, IMM[0].zzzz\n"
            "  2: END\n",
            3, 1);
    uint32_t counters[3] = { 10, 20, 30 };
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 1, counters, sizeof counters), NVGP_EXEC_OK);
    xt_run(&x);
    /* the warp runs each instruction for all its lanes in lane order:
     * counter 1 goes 20, 21, 22 -> 23, then 23, 28, 33 -> 38 */
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(xt_out_u(&x, i, 0, 0), 20 + i);
        assert_int_equal(xt_out_u(&x, i, 0, 1), 23 + 5 * i);
    }
    const uint32_t *r = nvgp_exec_buffer(x.m, 1, NULL);
    assert_int_equal(r[0], 10);
    assert_int_equal(r[1], 20 + 3 + 15);
    assert_int_equal(r[2], 30);
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    xt_free(&x);
}

/* ATOMINC_WRAP below its limit returns the old value and stores old + 1;
 * ATOMDEC_WRAP stores 0 when old > 0 && old < src fails (tgsi.rst). */
static void test_atomic_wrap_returns_old(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "VERT\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL BUFFER[0]\n"
            "IMM[0] UINT32 { 0, 4, 8, 3 }\n"
            "  0: ATOMINC_WRAP OUT[0].x, BUFFER[0], IMM[0].xxxx, IMM[0].wwww\n"
            "  1: ATOMINC_WRAP OUT[0].y, BUFFER[0], IMM[0].xxxx, IMM[0].wwww\n"
            "  2: ATOMDEC_WRAP OUT[0].z, BUFFER[0], IMM[0].yyyy, IMM[0].wwww\n"
            "  3: ATOMDEC_WRAP OUT[0].w, BUFFER[0], IMM[0].zzzz, IMM[0].wwww\n"
            "  4: END\n",
            1, 1);
    uint32_t b[3] = { 1, 0, 5 };
    assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, b, sizeof b), NVGP_EXEC_OK);
    xt_run(&x);
    /* inc: 1 -> 2 (returns 1), then 2 -> 3 (returns 2, 3 <= 3 keeps 3);
     * dec at 0 stores 0, dec of 5 >= limit 3 stores 0 */
    xt_expect4u(&x, 0, 0, 1, 2, 0, 5);
    const uint32_t *r = nvgp_exec_buffer(x.m, 0, NULL);
    assert_int_equal(r[0], 3);
    assert_int_equal(r[1], 0);
    assert_int_equal(r[2], 0);
    xt_free(&x);
}

/* IMG2HND / SAMP2HND: the handle is (tag << 16 | index, 0) in xy and zw,
 * tags 0x494d (image) and 0x5341 (sampler); an indirect index is taken per
 * lane. */
static void test_bindless_handles(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], CONSTANT\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], COLOR[1]\n"
            "DCL OUT[2], COLOR[2]\n"
            "DCL SAMP[0..3]\n"
            "DCL IMAGE[0..2], 2D, PIPE_FORMAT_R32_UINT, WR\n"
            "DCL ADDR[0]\n"
            "  0: IMG2HND OUT[0], IMAGE[2]\n"
            "  1: SAMP2HND OUT[1], SAMP[1]\n"
            "  2: UARL ADDR[0].x, IN[0].xxxx\n"
            "  3: SAMP2HND OUT[2].xy, SAMP[ADDR[0].x+1]\n"
            "  4: END\n",
            2, 1);
    xt_in_u(&x, 0, 0, 0, 0, 0, 0);
    xt_in_u(&x, 1, 0, 2, 0, 0, 0);
    xt_run(&x);
    for (uint32_t t = 0; t < 2; t++) {
        xt_expect4u(&x, t, 0, 0x494d0002u, 0, 0x494d0002u, 0);
        xt_expect4u(&x, t, 1, 0x53410001u, 0, 0x53410001u, 0);
    }
    assert_int_equal(xt_out_u(&x, 0, 2, 0), 0x53410001u);
    assert_int_equal(xt_out_u(&x, 1, 2, 0), 0x53410003u);
    assert_int_equal(xt_out_u(&x, 1, 2, 1), 0);
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_global_load_store),
        cmocka_unit_test(test_buffer),
        cmocka_unit_test(test_atomics_each),
        cmocka_unit_test(test_atomic_counter),
        cmocka_unit_test(test_atomic_faults),
        cmocka_unit_test(test_barrier_shared),
        cmocka_unit_test(test_compute_ids),
        cmocka_unit_test(test_image),
        cmocka_unit_test(test_image_float_atomics),
        cmocka_unit_test(test_private),
        cmocka_unit_test(test_hw_atomic_counters),
        cmocka_unit_test(test_atomic_wrap_returns_old),
        cmocka_unit_test(test_bindless_handles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
