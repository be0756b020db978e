/* Stages beyond vertex/fragment/compute: geometry (per-vertex inputs,
 * EMIT/ENDPRIM on streams, GS_MAX_OUTPUT_VERTICES, GS_INVOCATIONS) and
 * tessellation control/evaluation (patch inputs, per-vertex outputs
 * indexed by INVOCATIONID, TESSCOORD and TESSOUTER given by the job). */
#include "exec_test_util.h"

static void set_vec(xt *x, uint32_t inv, uint32_t vertex, uint32_t index, float a, float b,
                    float c, float d)
{
    uint32_t v[4] = { fbits(a), fbits(b), fbits(c), fbits(d) };
    assert_int_equal(nvgp_exec_set_input(x->m, inv, vertex, index, v), NVGP_EXEC_OK);
}

/* OUT[0] = IN[0] + IN[1] over n fragment invocations. */
static void load_add_inputs(xt *x, uint32_t n)
{
    xt_load(x,
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
            "DCL OUT[0], COLOR\n"
            "  0: ADD OUT[0], IN[0], IN[1]\n"
            "  1: END\n",
            n, 1);
}

/* nvgp_exec_set_input_block: inputs of a run of invocations in one copy
 * from [invocation][index][4]; refused (nothing set) for a block that is
 * not the machine's whole input set or runs past the invocations. */
static void test_input_block(void **state)
{
    (void)state;
    xt x;
    load_add_inputs(&x, 3);
    /* invocation i: IN[0] = (i, 1, 2, 3), IN[1] = (10, 20, 30, 40 i) */
    uint32_t block[3][2][4];
    for (uint32_t i = 0; i < 3; i++) {
        const float in0[4] = {(float)i, 1, 2, 3}, in1[4] = {10, 20, 30, 40 * (float)i};
        for (int c = 0; c < 4; c++) {
            block[i][0][c] = fbits(in0[c]);
            block[i][1][c] = fbits(in1[c]);
        }
    }
    assert_int_equal(nvgp_exec_set_input_block(x.m, 0, 3, 1, &block[0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_set_input_block(x.m, 1, 3, 2, &block[0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_set_input_block(x.m, 0, 3, 2, &block[0][0][0]), NVGP_EXEC_OK);
    xt_run(&x);
    for (uint32_t i = 0; i < 3; i++)
        xt_expect4f(&x, i, 0, (float)i + 10, 21, 32, 3 + 40 * (float)i);
    xt_free(&x);
}

/* nvgp_exec_use_input_block: the same block read where it lies (a full
 * warp's gather and a partial warp's lane loop); a setter after it copies
 * the block first, so that later changes to the caller's memory are not
 * seen; the next nvgp_exec_set_invocations gives the defaults back. */
static void test_use_input_block(void **state)
{
    (void)state;
    enum { N = 40 };
    xt x;
    load_add_inputs(&x, N);
    /* invocation i: IN[0] = (i, 1, 2, 3), IN[1] = (10, 20, 30, 40) */
    static uint32_t block[N][2][4];
    for (uint32_t i = 0; i < N; i++) {
        const float in0[4] = {(float)i, 1, 2, 3}, in1[4] = {10, 20, 30, 40};
        for (int c = 0; c < 4; c++) {
            block[i][0][c] = fbits(in0[c]);
            block[i][1][c] = fbits(in1[c]);
        }
    }
    assert_int_equal(nvgp_exec_use_input_block(x.m, N - 1, 2, &block[0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_use_input_block(x.m, N, 1, &block[0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_use_input_block(x.m, N, 2, &block[0][0][0]), NVGP_EXEC_OK);
    xt_run(&x);
    for (uint32_t i = 0; i < N; i++)
        xt_expect4f(&x, i, 0, (float)i + 10, 21, 32, 43);
    /* a setter: the block copied, then one value changed */
    set_vec(&x, 5, 0, 1, 100, 200, 300, 400);
    block[7][0][0] = fbits(1000.0f);   /* after the copy: not seen */
    xt_run(&x);
    xt_expect4f(&x, 5, 0, 105, 201, 302, 403);
    xt_expect4f(&x, 7, 0, 17, 21, 32, 43);
    xt_expect4f(&x, 39, 0, 49, 21, 32, 43);
    /* a new shape: every input (0, 0, 0, 1) again */
    assert_int_equal(nvgp_exec_set_invocations(x.m, N, 1), NVGP_EXEC_OK);
    xt_run(&x);
    for (uint32_t i = 0; i < N; i += 13)
        xt_expect4f(&x, i, 0, 0, 0, 0, 2);
    xt_free(&x);
}

/* nvgp_exec_use_input_warps: the block laid out warp by warp, read as
 * the registers (a full warp where it lies, a partial one copied), by
 * every engine; nvgp_exec_use_output_warps: the outputs written where the
 * caller wants them, in the same layout; a setter after the inputs turns
 * them into the machine's own layout first. */
static void test_use_input_warps(void **state)
{
    (void)state;
    enum { N = 40 };
    xt x;
    load_add_inputs(&x, N);
    /* invocation i: IN[0] = (i, 1, 2, 3), IN[1] = (10, 20, 30, 40 + i); 64-byte
     * aligned, so that the full warp reads it where it lies and the
     * partial one copies */
    static _Alignas(64) uint32_t block[2][2][4][32];
    for (uint32_t i = 0; i < N; i++) {
        const float in0[4] = {(float)i, 1, 2, 3}, in1[4] = {10, 20, 30, 40 + (float)i};
        for (int c = 0; c < 4; c++) {
            block[i / 32][0][c][i % 32] = fbits(in0[c]);
            block[i / 32][1][c][i % 32] = fbits(in1[c]);
        }
    }
    assert_int_equal(nvgp_exec_use_input_warps(x.m, N + 1, 2, &block[0][0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_use_input_warps(x.m, N, 3, &block[0][0][0][0]),
                     NVGP_EXEC_ERROR_BINDING);
    static const nvgp_exec_engine engines[] = {NVGP_EXEC_ENGINE_REFERENCE, NVGP_EXEC_ENGINE_FAST,
                                               NVGP_EXEC_ENGINE_JIT};
    for (int e = 0; e < 3; e++) {
        nvgp_exec_set_engine(x.m, engines[e]);
        assert_int_equal(nvgp_exec_set_invocations(x.m, N, 1), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_use_input_warps(x.m, N, 2, &block[0][0][0][0]), NVGP_EXEC_OK);
        xt_run(&x);
        for (uint32_t i = 0; i < N; i++)
            xt_expect4f(&x, i, 0, (float)i + 10, 21, 32, 43 + (float)i);
    }
    /* the outputs into a lent block of the same layout, by every engine:
     * read back through nvgp_exec_get_output and where they lie */
    static _Alignas(64) uint32_t outs[2][1][4][32];
    for (int e = 0; e < 3; e++) {
        nvgp_exec_set_engine(x.m, engines[e]);
        assert_int_equal(nvgp_exec_set_invocations(x.m, N, 1), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_use_input_warps(x.m, N, 2, &block[0][0][0][0]), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_use_output_warps(x.m, N, &outs[0][0][0][1]),
                         NVGP_EXEC_ERROR_BINDING);   /* not 64-byte aligned */
        assert_int_equal(nvgp_exec_use_output_warps(x.m, N - 1, &outs[0][0][0][0]),
                         NVGP_EXEC_ERROR_BINDING);
        memset(outs, 0xff, sizeof outs);
        assert_int_equal(nvgp_exec_use_output_warps(x.m, N, &outs[0][0][0][0]), NVGP_EXEC_OK);
        xt_run(&x);
        size_t stride = 0;
        assert_null(nvgp_exec_output_array(x.m, 0, &stride));
        for (uint32_t i = 0; i < N; i++) {
            xt_expect4f(&x, i, 0, (float)i + 10, 21, 32, 43 + (float)i);
            assert_int_equal(outs[i / 32][0][0][i % 32], fbits((float)i + 10));
            assert_int_equal(outs[i / 32][0][3][i % 32], fbits(43 + (float)i));
        }
    }
    assert_int_equal(nvgp_exec_set_invocations(x.m, N, 1), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_use_input_warps(x.m, N, 2, &block[0][0][0][0]), NVGP_EXEC_OK);
    set_vec(&x, 33, 0, 0, 1, 1, 1, 1);
    xt_run(&x);
    xt_expect4f(&x, 33, 0, 11, 21, 31, 74);
    xt_expect4f(&x, 2, 0, 12, 21, 32, 45);
    xt_expect4f(&x, 39, 0, 49, 21, 32, 82);
    xt_free(&x);
}

static void test_geometry(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "GEOM\n"
            "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
            "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
            "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
            "PROPERTY GS_INVOCATIONS 2\n"
            "DCL IN[][0], POSITION\n"
            "DCL SV[0], INVOCATIONID\n"
            "DCL SV[1], PRIMID\n"
            "DCL OUT[0], POSITION\n"
            "DCL OUT[1], GENERIC[0]\n"
            "IMM[0] UINT32 { 0, 1, 0, 0 }\n"
            "  0: MOV OUT[0], IN[0][0]\n"
            "  1: MOV OUT[1].x, SV[0].xxxx\n"
            "  2: MOV OUT[1].y, SV[1].xxxx\n"
            "  3: EMIT IMM[0].xxxx\n"
            "  4: MOV OUT[0], IN[1][0]\n"
            "  5: EMIT IMM[0].xxxx\n"
            "  6: ENDPRIM IMM[0].xxxx\n"
            "  7: MOV OUT[0], IN[2][0]\n"
            "  8: EMIT IMM[0].yyyy\n"
            "  9: ENDPRIM IMM[0].yyyy\n"
            " 10: EMIT IMM[0].xxxx\n"
            " 11: EMIT IMM[0].xxxx\n"
            " 12: EMIT IMM[0].xxxx\n"
            " 13: END\n",
            2, 3);
    for (uint32_t p = 0; p < 2; p++)
        for (uint32_t v = 0; v < 3; v++)
            set_vec(&x, p, v, 0, (float)(p * 10 + v), 0, 0, 1);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 4);
    uint32_t vals[8], prim;
    for (uint32_t t = 0; t < 4; t++) {
        uint32_t p = t / 2;
        /* 4 vertices at most: v0, v1 (stream 0, prim 0), v2 (stream 1),
         * v3 (stream 0, prim 1); the last two EMITs are dropped */
        assert_int_equal(nvgp_exec_num_emitted(x.m, t, 0), 3);
        assert_int_equal(nvgp_exec_num_emitted(x.m, t, 1), 1);
        assert_int_equal(nvgp_exec_num_emitted(x.m, t, 2), 0);
        nvgp_exec_get_emitted(x.m, t, 0, 0, vals, &prim);
        assert_float_bits(bitsf(vals[0]), (float)(p * 10));
        assert_int_equal(vals[4], t % 2);  /* INVOCATIONID */
        assert_int_equal(vals[5], p);      /* PRIMID */
        assert_int_equal(prim, 0);
        nvgp_exec_get_emitted(x.m, t, 0, 1, vals, &prim);
        assert_float_bits(bitsf(vals[0]), (float)(p * 10 + 1));
        assert_int_equal(prim, 0);
        nvgp_exec_get_emitted(x.m, t, 0, 2, vals, &prim);
        assert_float_bits(bitsf(vals[0]), (float)(p * 10 + 2));
        assert_int_equal(prim, 1);
        nvgp_exec_get_emitted(x.m, t, 1, 0, vals, &prim);
        assert_float_bits(bitsf(vals[0]), (float)(p * 10 + 2));
        assert_int_equal(prim, 0);
    }
    xt_free(&x);
}

/* Tess control: TCS_VERTICES_OUT threads per patch; thread k writes
 * OUT[k][0] = 2 * IN[k][0], reading its input vertex through an indirect
 * dimension. */
static void test_tess_ctrl(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "TESS_CTRL\n"
            "PROPERTY TCS_VERTICES_OUT 3\n"
            "DCL IN[][0], GENERIC[0]\n"
            "DCL SV[0], INVOCATIONID\n"
            "DCL SV[1], VERTICESIN\n"
            "DCL OUT[][0], GENERIC[0]\n"
            "DCL TEMP[0]\n"
            "DCL ADDR[0]\n"
            "  0: UARL ADDR[0].x, SV[0].xxxx\n"
            "  1: ADD TEMP[0], IN[ADDR[0].x][0], IN[ADDR[0].x][0]\n"
            "  2: MOV TEMP[0].w, SV[1].xxxx\n"
            "  3: MOV OUT[ADDR[0].x][0], TEMP[0]\n"
            "  4: END\n",
            2, 3);
    for (uint32_t p = 0; p < 2; p++)
        for (uint32_t v = 0; v < 3; v++)
            set_vec(&x, p, v, 0, (float)(p * 10 + v), 1, 2, 0);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 6);
    for (uint32_t t = 0; t < 6; t++) {
        uint32_t p = t / 3, k = t % 3;
        assert_float_bits(xt_out_f(&x, t, 0, 0), (float)(2 * (p * 10 + k)));
        assert_float_bits(xt_out_f(&x, t, 0, 1), 2);
        assert_float_bits(xt_out_f(&x, t, 0, 2), 4);
        assert_int_equal(xt_out_u(&x, t, 0, 3), 3);
    }
    xt_free(&x);
}

/* Tess evaluation: the position is the barycentric mix of the patch's
 * three vertices by TESSCOORD; TESSOUTER is an input the job gives. */
static void test_tess_eval(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "TESS_EVAL\n"
            "PROPERTY TES_PRIM_MODE TRIANGLES\n"
            "DCL IN[][0], GENERIC[0]\n"
            "DCL SV[0], TESSCOORD\n"
            "DCL SV[1], TESSOUTER\n"
            "DCL OUT[0], POSITION\n"
            "DCL OUT[1], GENERIC[0]\n"
            "DCL TEMP[0]\n"
            "  0: MUL TEMP[0], IN[0][0], SV[0].xxxx\n"
            "  1: MAD TEMP[0], IN[1][0], SV[0].yyyy, TEMP[0]\n"
            "  2: MAD OUT[0], IN[2][0], SV[0].zzzz, TEMP[0]\n"
            "  3: MOV OUT[1], SV[1]\n"
            "  4: END\n",
            2, 3);
    for (uint32_t i = 0; i < 2; i++) {
        set_vec(&x, i, 0, 0, 4, 0, 0, 1);
        set_vec(&x, i, 1, 0, 0, 8, 0, 1);
        set_vec(&x, i, 2, 0, 0, 0, 16, 1);
    }
    uint32_t c0[4] = { fbits(0.5f), fbits(0.25f), fbits(0.25f), 0 };
    uint32_t c1[4] = { fbits(0), fbits(0), fbits(1), 0 };
    uint32_t outer[4] = { fbits(3), fbits(4), fbits(5), 0 };
    assert_int_equal(nvgp_exec_set_system_value(x.m, 0, TGSI_SEMANTIC_TESSCOORD, 0, c0), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value(x.m, 1, TGSI_SEMANTIC_TESSCOORD, 0, c1), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value(x.m, NVGP_EXEC_ALL, TGSI_SEMANTIC_TESSOUTER, 0, outer),
                     NVGP_EXEC_OK);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 2, 2, 4, 1);
    xt_expect4f(&x, 1, 0, 0, 0, 16, 1);
    xt_expect4f(&x, 1, 1, 3, 4, 5, 0);
    xt_free(&x);
}

/* Patch outputs are shared by the threads of a patch: invocation 0 writes
 * OUT[1] (a 1-D, per-patch output), and every thread of the patch reports
 * it.  36 threads of 3-vertex patches: warps hold whole patches (30 + 6). */
static void test_tess_ctrl_patch_outputs(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "TESS_CTRL\n"
            "PROPERTY TCS_VERTICES_OUT 3\n"
            "DCL IN[][0], GENERIC[0]\n"
            "DCL SV[0], INVOCATIONID\n"
            "DCL SV[1], PRIMID\n"
            "DCL OUT[][0], GENERIC[0]\n"
            "DCL OUT[1], PATCH[0]\n"
            "DCL TEMP[0]\n"
            "IMM[0] UINT32 { 100, 0, 0, 0 }\n"
            "  0: MOV OUT[SV[0].x][0], SV[0].xxxx\n"
            "  1: USEQ TEMP[0].x, SV[0].xxxx, IMM[0].yyyy\n"
            "  2: UIF TEMP[0].xxxx\n"
            "  3:   UADD OUT[1], SV[1].xxxx, IMM[0].xxxx\n"
            "  4: ENDIF\n"
            "  5: END\n",
            12, 3);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 36);
    for (uint32_t t = 0; t < 36; t++) {
        assert_int_equal(xt_out_u(&x, t, 0, 0), t % 3);
        assert_int_equal(xt_out_u(&x, t, 1, 0), 100 + t / 3);
    }
    xt_free(&x);
}

/* GS_MAX_OUTPUT_VERTICES counts per thread, also in later warps. */
static void test_geometry_many_warps(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "GEOM\n"
            "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
            "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
            "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
            "DCL IN[][0], POSITION\n"
            "DCL SV[0], PRIMID\n"
            "DCL OUT[0], POSITION\n"
            "IMM[0] UINT32 { 0, 0, 0, 0 }\n"
            "  0: MOV OUT[0], SV[0].xxxx\n"
            "  1: EMIT IMM[0].xxxx\n"
            "  2: EMIT IMM[0].xxxx\n"
            "  3: END\n",
            40, 1);
    xt_run(&x);
    for (uint32_t t = 0; t < 40; t++) {
        uint32_t v[4], prim;
        assert_int_equal(nvgp_exec_num_emitted(x.m, t, 0), 1);
        nvgp_exec_get_emitted(x.m, t, 0, 0, v, &prim);
        assert_int_equal(v[0], t);
    }
    xt_free(&x);
}

/* Older Mesa's EMIT and ENDPRIM without an operand (num_src 0) use stream
 * 0.  The unused source slots are filled with IMM[0].yyyy (stream 1) to
 * show that decoding does not read a source the instruction lacks. */
static void test_geometry_emit_without_stream(void **state)
{
    (void)state;
    static const char text[] =
        "GEOM\n"
        "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
        "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
        "PROPERTY GS_MAX_OUTPUT_VERTICES 2\n"
        "DCL IN[][0], POSITION\n"
        "DCL OUT[0], POSITION\n"
        "IMM[0] UINT32 { 0, 1, 0, 0 }\n"
        "  0: MOV OUT[0], IN[0][0]\n"
        "  1: EMIT\n"
        "  2: ENDPRIM\n"
        "  3: ADD OUT[0], IN[0][0], IN[0][0]\n"
        "  4: EMIT\n"
        "  5: ENDPRIM\n"
        "  6: END\n";
    xt x;
    x.diag = nvgp_diag_create("test.tgsi", text, strlen(text));
    x.prog = nvgp_tgsi_read(text, strlen(text), x.diag);
    assert_non_null(x.prog);
    static const unsigned bare[] = { 1, 2, 4, 5 };
    for (unsigned k = 0; k < 4; k++) {
        tgsi_instruction *in = &x.prog->instructions[bare[k]];
        assert_int_equal(in->num_src, 0);
        in->src[0].reg.file = TGSI_FILE_IMMEDIATE;
        in->src[0].reg.index = 0;
        for (unsigned c = 0; c < 4; c++)
            in->src[0].swizzle[c] = 1;
    }
    x.m = nvgp_exec_create(x.prog, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 1), NVGP_EXEC_OK);
    set_vec(&x, 0, 0, 0, 3, 0, 0, 1);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 0), 2);
    assert_int_equal(nvgp_exec_num_emitted(x.m, 0, 1), 0);
    uint32_t v[8], prim;
    nvgp_exec_get_emitted(x.m, 0, 0, 0, v, &prim);
    assert_float_bits(bitsf(v[0]), 3.0f);
    assert_int_equal(prim, 0);
    nvgp_exec_get_emitted(x.m, 0, 0, 1, v, &prim);
    assert_float_bits(bitsf(v[0]), 6.0f);
    assert_int_equal(prim, 1); /* the first ENDPRIM closed primitive 0 of stream 0 */
    xt_free(&x);
}

/* FBFETCH returns the framebuffer colour under each fragment for the
 * output named (tgsi.rst: "the color of the current position in the
 * framebuffer"), with the operand's swizzle; an invocation given no colour
 * reads (0,0,0,0). */
static void test_fbfetch(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "FRAG\n"
            "DCL OUT[0], COLOR\n"
            "DCL OUT[1], COLOR[1]\n"
            "DCL TEMP[0]\n"
            "IMM[0] FLT32 { 0.5, 0.0, 0.0, 0.0 }\n"
            "  0: FBFETCH TEMP[0], OUT[1]\n"
            "  1: MUL OUT[1], TEMP[0], IMM[0].xxxx\n"
            "  2: FBFETCH OUT[0], OUT[0].wzyx\n"
            "  3: END\n",
            3, 1);
    uint32_t a[4] = { fbits(1), fbits(2), fbits(3), fbits(4) };
    uint32_t b[4] = { fbits(8), fbits(6), fbits(4), fbits(2) };
    uint32_t c[4] = { 1, 2, 3, 4 };
    assert_int_equal(nvgp_exec_set_framebuffer(x.m, NVGP_EXEC_ALL, 0, c), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_framebuffer(x.m, 0, 1, a), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_framebuffer(x.m, 1, 1, b), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_framebuffer(x.m, 3, 1, b), NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_set_framebuffer(x.m, 0, 2, b), NVGP_EXEC_ERROR_BINDING);
    xt_run(&x);
    xt_expect4f(&x, 0, 1, 0.5f, 1, 1.5f, 2);
    xt_expect4f(&x, 1, 1, 4, 3, 2, 1);
    xt_expect4f(&x, 2, 1, 0, 0, 0, 0);
    for (uint32_t t = 0; t < 3; t++)
        xt_expect4u(&x, t, 0, 4, 3, 2, 1);
    xt_free(&x);
}

/* Tess control threads read the outputs other threads of their patch
 * wrote: thread k writes OUT[k][0] = 10 * patch + k + 1, and after the
 * BARRIER reads its neighbour's OUT[(k+1)%3][0] into OUT[k][1]; thread 2
 * then writes the patch output OUT[2], which every thread reads back
 * after a second BARRIER into OUT[k][1].y. */
static void test_tess_ctrl_cross_reads(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "TESS_CTRL\n"
            "PROPERTY TCS_VERTICES_OUT 3\n"
            "DCL IN[][0], GENERIC[0]\n"
            "DCL SV[0], INVOCATIONID\n"
            "DCL SV[1], PRIMID\n"
            "DCL OUT[][0], GENERIC[0]\n"
            "DCL OUT[][1], GENERIC[1]\n"
            "DCL OUT[2], PATCH[0]\n"
            "DCL TEMP[0..1]\n"
            "DCL ADDR[0..1]\n"
            "IMM[0] UINT32 { 10, 1, 3, 2 }\n"
            "  0: UMAD TEMP[0].x, SV[1].xxxx, IMM[0].xxxx, SV[0].xxxx\n"
            "  1: UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  2: UARL ADDR[0].x, SV[0].xxxx\n"
            "  3: MOV OUT[ADDR[0].x][0].x, TEMP[0].xxxx\n"
            "  4: BARRIER\n"
            "  5: UADD TEMP[1].x, SV[0].xxxx, IMM[0].yyyy\n"
            "  6: UMOD TEMP[1].x, TEMP[1].xxxx, IMM[0].zzzz\n"
            "  7: UARL ADDR[1].x, TEMP[1].xxxx\n"
            "  8: MOV OUT[ADDR[0].x][1].x, OUT[ADDR[1].x][0].xxxx\n"
            "  9: USEQ TEMP[1].y, SV[0].xxxx, IMM[0].wwww\n"
            " 10: UIF TEMP[1].yyyy\n"
            " 11:   UADD OUT[2].x, TEMP[0].xxxx, IMM[0].xxxx\n"
            " 12: ENDIF\n"
            " 13: BARRIER\n"
            " 14: MOV OUT[ADDR[0].x][1].y, OUT[2].xxxx\n"
            " 15: END\n",
            2, 3);
    xt_run(&x);
    assert_int_equal(nvgp_exec_num_threads(x.m), 6);
    for (uint32_t t = 0; t < 6; t++) {
        uint32_t p = t / 3, k = t % 3;
        assert_int_equal(xt_out_u(&x, t, 0, 0), 10 * p + k + 1);
        assert_int_equal(xt_out_u(&x, t, 1, 0), 10 * p + (k + 1) % 3 + 1);
        /* thread 2 of the patch wrote 10 * p + 3 + 10 */
        assert_int_equal(xt_out_u(&x, t, 1, 1), 10 * p + 13);
        assert_int_equal(xt_out_u(&x, t, 2, 0), 10 * p + 13);
    }
    xt_free(&x);
}

/* Scalar bindings held in one component: tessellation levels set one
 * component at a time (primitive.tessouter[k] is TESSOUTER component k) keep
 * the components set before; a later setting of the same component wins; a
 * thread's own setting wins over the one for all, component by component;
 * components never set read the default 0.  A clip distance input sets one
 * component of CLIPDIST and leaves the others as set (or the default
 * (0,0,0,1)). */
static void test_component_bindings(void **state)
{
    (void)state;
    xt x;
    xt_load(&x,
            "TESS_EVAL\n"
            "PROPERTY TES_PRIM_MODE TRIANGLES\n"
            "DCL IN[][0], CLIPDIST[0]\n"
            "DCL SV[0], TESSOUTER\n"
            "DCL SV[1], TESSINNER\n"
            "DCL OUT[0], GENERIC[0]\n"
            "DCL OUT[1], GENERIC[1]\n"
            "DCL OUT[2], GENERIC[2]\n"
            "DCL OUT[3], GENERIC[3]\n"
            "  0: MOV OUT[0], SV[0]\n"
            "  1: MOV OUT[1], SV[1]\n"
            "  2: MOV OUT[2], IN[0][0]\n"
            "  3: MOV OUT[3], IN[1][0]\n"
            "  4: END\n",
            2, 3);
    nvgp_exec *m = x.m;
    const uint32_t all = NVGP_EXEC_ALL;
    assert_int_equal(nvgp_exec_set_system_value_component(m, all, TGSI_SEMANTIC_TESSOUTER, 0, 0,
                                                          fbits(2)), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value_component(m, all, TGSI_SEMANTIC_TESSOUTER, 0, 2,
                                                          fbits(5)), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value_component(m, all, TGSI_SEMANTIC_TESSOUTER, 0, 0,
                                                          fbits(3)), NVGP_EXEC_OK);
    /* thread 1 alone: component 1 */
    assert_int_equal(nvgp_exec_set_system_value_component(m, 1, TGSI_SEMANTIC_TESSOUTER, 0, 1,
                                                          fbits(7)), NVGP_EXEC_OK);
    /* a whole-register setting, then one component over it */
    uint32_t inner[4] = { fbits(1), fbits(2), fbits(3), fbits(4) };
    assert_int_equal(nvgp_exec_set_system_value(m, all, TGSI_SEMANTIC_TESSINNER, 0, inner),
                     NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value_component(m, all, TGSI_SEMANTIC_TESSINNER, 0, 3,
                                                          fbits(9)), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_system_value_component(m, all, TGSI_SEMANTIC_TESSINNER, 0, 4,
                                                          fbits(1)), NVGP_EXEC_ERROR_BINDING);
    /* clip distance inputs: vertex 0 component 2 for all, vertex 1 whole
     * then component 0 of invocation 1 */
    assert_int_equal(nvgp_exec_set_input_component(m, all, 0, 0, 2, fbits(-1.5f)), NVGP_EXEC_OK);
    uint32_t v1[4] = { fbits(10), fbits(20), fbits(30), fbits(40) };
    assert_int_equal(nvgp_exec_set_input(m, all, 1, 0, v1), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_input_component(m, 1, 1, 0, 0, fbits(0.5f)), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_input_component(m, 0, 0, 0, 4, 0), NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_set_input_component(m, 0, 3, 0, 0, 0), NVGP_EXEC_ERROR_BINDING);
    assert_int_equal(nvgp_exec_set_input_component(m, 2, 0, 0, 0, 0), NVGP_EXEC_ERROR_BINDING);
    xt_run(&x);
    xt_expect4f(&x, 0, 0, 3, 0, 5, 0);
    xt_expect4f(&x, 1, 0, 3, 7, 5, 0);
    for (uint32_t t = 0; t < 2; t++) {
        xt_expect4f(&x, t, 1, 1, 2, 3, 9);
        xt_expect4f(&x, t, 2, 0, 0, -1.5f, 1);
    }
    xt_expect4f(&x, 0, 3, 10, 20, 30, 40);
    xt_expect4f(&x, 1, 3, 0.5f, 20, 30, 40);
    /* a second run rebuilds the merged settings to the same values */
    xt_run(&x);
    xt_expect4f(&x, 1, 0, 3, 7, 5, 0);
    xt_expect4f(&x, 0, 1, 1, 2, 3, 9);
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_tess_ctrl),
        cmocka_unit_test(test_tess_eval),
        cmocka_unit_test(test_tess_ctrl_patch_outputs),
        cmocka_unit_test(test_geometry_many_warps),
        cmocka_unit_test(test_geometry_emit_without_stream),
        cmocka_unit_test(test_fbfetch),
        cmocka_unit_test(test_tess_ctrl_cross_reads),
        cmocka_unit_test(test_component_bindings),
        cmocka_unit_test(test_input_block),
        cmocka_unit_test(test_use_input_block),
        cmocka_unit_test(test_use_input_warps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
