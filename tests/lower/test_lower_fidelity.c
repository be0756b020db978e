/* NV_gpu_program4/5 (and FP1.0 where it shares an instruction) results
 * that follow the specifications' sentences, each value computed by hand
 * from the quoted text. */
#include "lower_test_util.h"

#include "tgsi/tgsi_names.h"

enum { BASE = 4096 };

static void add_memory(lt *x, uint64_t address, const void *bytes, size_t n)
{
    assert_int_equal(nvgp_exec_add_memory(x->m, address, bytes, n, NULL), NVGP_EXEC_OK);
}

static void bind_buffer(lt *x, const char *name, const void *bytes, size_t n)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_BUFFER, name);
    assert_non_null(s);
    assert_int_equal(s->file, TGSI_FILE_BUFFER);
    assert_int_equal(nvgp_exec_bind_buffer(x->m, (uint32_t)s->index, bytes, n), NVGP_EXEC_OK);
}

static uint32_t word_after(lt *x, size_t off)
{
    uint64_t address;
    size_t bytes;
    const uint8_t *p = nvgp_exec_memory(x->m, 0, &address, &bytes);
    assert_non_null(p);
    assert_true(off + 4 <= bytes);
    return (uint32_t)p[off] | (uint32_t)p[off + 1] << 8 | (uint32_t)p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

/* PK4B/UP4B (NV_gpu_program4 2.X.8.Z): "all '0' bits corresponds to
 * -128/127 and all '1' bits corresponds to +127/127";
 * ub = round(127 tmp + 128).  (1, -1, 0, -2): 255, 1, 128 and -2 clamped to
 * -128/127 -> 0: 0x008001ff.  UP4B of 0x00ff8001: (1 - 128)/127 = -1,
 * (128 - 128)/127 = 0, (255 - 128)/127 = 1, (0 - 128)/127 = -128/127. */
static void test_pk4b_up4b_excess128(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nUINT ATTRIB u = vertex.attrib[2];\nTEMP t;\n"
            "PK4B.U result.texcoord[0], {1, -1, 0, -2};\n"
            "UP4B.U result.texcoord[1], u.x;\n"
            "PK4B.U t.x, {0.5, -0.5, 1.00787401574, -1.00787401574};\nUP4B result.texcoord[2], t.x;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0x00ff8001u, 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x008001ffu, 0x008001ffu, 0x008001ffu, 0x008001ffu);
    lt_expect(&x, "result.texcoord[1]", 0xf, -1.0f, 0.0f, 1.0f, -128.0f / 127.0f);
    /* 63.5 + 128 = 191.5 and -63.5 + 128 = 64.5 round to even: 192, 64;
     * 128/127 clamps to 127/127 -> 255; -128/127 -> 0 */
    lt_expect(&x, "result.texcoord[2]", 0xf, 64.0f / 127.0f, -64.0f / 127.0f, 1.0f, -128.0f / 127.0f);
    lt_free(&x);

    /* NV_fragment_program 3.11.5.27/3.11.5.40: the same encoding. */
    lt_load(&x,
            "!!FP1.0\nPK4B R0, p[0];\nMOVR o[COLR], R0;\nUP4B R1, p[1].x;\nMOVR o[DEPR].z, R1.w;\n"
            "UP4B o[COLR].yzw, p[1].x;\nEND\n",
            4);
    lt_param(&x, "p[0]", 1, -1, 0, -2);
    lt_param(&x, "p[1]", lt_float(0x00ff8001u), 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "o[COLR]", 1, 0x008001ffu, 0, 0, 0);
    lt_expect(&x, "o[COLR]", 0xe, 0, 0.0f, 1.0f, -128.0f / 127.0f);
    lt_expect(&x, "o[DEPR]", 4, 0, 0, -128.0f / 127.0f, 0);
    lt_free(&x);
}

/* NV_gpu_program4 2.X.4.2: "a component-wise negate operation is performed
 * on the operand" -- on the 64-bit value of STORE/ATOM operands, not on
 * each 32-bit word.  d.x = 5 (S64), d.y = -(1 + 2^-21) (F64 words
 * 0x80000000, 0xbff00000: the low word's bit 31 is a mantissa bit). */
static void test_store_atom_64bit_modifiers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nOPTION NV_shader_atomic_int64;\nOPTION NV_shader_atomic_float64;\nLONG TEMP d, e;\n"
            "PK64.U d, {5, 0, 2147483648, 3220176896};\n"
            "STORE.S64 -d.x, 4096;\n"
            "STORE.F64 |d.y|, 4104;\n"
            "STORE.F64 -d.y, 4112;\n"
            "ATOM.ADD.S64 e.x, -d.x, 4120;\n"
            "ATOM.EXCH.F64 e.y, -d.y, 4128;\n"
            "STORE.S64X2 -|d.xxzw|, 4136;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    uint32_t mem[14] = {0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    /* -5 = 0xfffffffffffffffb */
    assert_int_equal(word_after(&x, 0), 0xfffffffbu);
    assert_int_equal(word_after(&x, 4), 0xffffffffu);
    /* |d.y| and -d.y: 1 + 2^-21, bit 31 of the low word kept */
    assert_int_equal(word_after(&x, 8), 0x80000000u);
    assert_int_equal(word_after(&x, 12), 0x3ff00000u);
    assert_int_equal(word_after(&x, 16), 0x80000000u);
    assert_int_equal(word_after(&x, 20), 0x3ff00000u);
    /* 7 + -5 = 2 */
    assert_int_equal(word_after(&x, 24), 2);
    assert_int_equal(word_after(&x, 28), 0);
    assert_int_equal(word_after(&x, 32), 0x80000000u);
    assert_int_equal(word_after(&x, 36), 0x3ff00000u);
    /* -|5| twice */
    assert_int_equal(word_after(&x, 40), 0xfffffffbu);
    assert_int_equal(word_after(&x, 44), 0xffffffffu);
    assert_int_equal(word_after(&x, 48), 0xfffffffbu);
    assert_int_equal(word_after(&x, 52), 0xffffffffu);
    lt_free(&x);
}

/* NV_gpu_program4 2.X.4.3: "For signed and unsigned integer results, the
 * sign flag (SF) is set if the most significant bit of the value written to
 * the result variable is set and the zero flag (ZF) is set if the result
 * written is zero."  0x80000000 loaded or returned by an atomic as U32/S32:
 * SF set, ZF clear, so LT passes and EQ fails (as a float it would be
 * -0.0: EQ).  F32 keeps the float rules: -0.0 is EQ. */
static void test_memory_cc_integer_rules(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT TEMP a, u, v, w;\nINT TEMP i;\nTEMP f;\n"
            "MOV.U u, 0;\nMOV.U v, 0;\nMOV.U w, 0;\n"
            "LOAD.U32.CC a.x, 4096;\n"
            "MOV.U u.x (LT.x), 1;\nMOV.U u.y (EQ.x), 1;\n"
            "LOAD.S32.CC1 i.y, 4100;\n"
            "MOV.U u.z (EQ1.y), 1;\nMOV.U u.w (GT1.y), 1;\n"
            "ATOM.ADD.U32.CC a.z, 0, 4096;\n"
            "MOV.U v.x (LT.z), 1;\nMOV.U v.y (EQ.z), 1;\n"
            "LOAD.F32.CC f.x, 4096;\n"
            "MOV.U w.x (LT.x), 1;\nMOV.U w.y (EQ.x), 1;\n"
            "MOV.U result.texcoord[0], u;\nMOV.U result.texcoord[1], v;\nMOV.U result.texcoord[2], w;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    uint32_t mem[2] = {0x80000000u, 0};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    /* S32 0: ZF set: EQ, not GT */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 1, 0, 1, 0);
    lt_expect_u(&x, "result.texcoord[1]", 0x3, 1, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0x3, 0, 1, 0, 0);
    lt_free(&x);
}

/* Table X.13 gives LOAD and LDC the S column: .SSAT clamps the loaded
 * floats to [-1, 1] ("SSAT" in 2.X.4.4), .SAT to [0, 1]; F64 too. */
static void test_load_ldc_clamps(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nCBUFFER cb[] = { program.buffer[1] };\nTEMP f, g, h, k;\n"
            "LOAD.F32X4.SSAT f, 4096;\nLOAD.F32X4.SAT g, 4096;\n"
            "LDC.F32X4.SSAT h, cb[0];\nLOAD.F64.SSAT k.x, 4112;\nLOAD.F64.SAT k.y, 4112;\n"
            "MOV result.texcoord[0], f;\nMOV result.texcoord[1], g;\nMOV result.texcoord[2], h;\n"
            "MOV result.texcoord[3], k;\nMOV result.position, 0;\nEND\n",
            1);
    float fv[4] = {-3.0f, 0.5f, 2.0f, -0.25f};
    uint32_t mem[6];
    memcpy(mem, fv, sizeof fv);
    double d = -3.0;
    memcpy(mem + 4, &d, 8);
    add_memory(&x, BASE, mem, sizeof mem);
    bind_buffer(&x, "program.buffer[1]", fv, sizeof fv);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, -1.0f, 0.5f, 1.0f, -0.25f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 0.0f, 0.5f, 1.0f, 0.0f);
    lt_expect(&x, "result.texcoord[2]", 0xf, -1.0f, 0.5f, 1.0f, -0.25f);
    lt_expect(&x, "result.texcoord[3]", 0x3, -1.0f, 0.0f, 0, 0);
    lt_free(&x);
}

/* NV_tessellation_program5: per-patch results are shared by the patch's
 * invocations; a level written by invocation 0 only (inside IF) is the
 * patch's level, whatever the other invocations left in their registers.
 * Invocation 2 writes tessinner[0] under a condition code (GT fails in
 * invocations 0 and 1). */
static void test_tess_level_written_by_one_invocation(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x,
             "!!NVtcp5.0\nVERTICES_OUT 3;\nINT TEMP i;\nTEMP t;\n"
             "MOV.S i.x, primitive.invocation;\nMOV t, 9.0;\n"
             "SEQ.S.CC i.y, i.x, 0;\n"
             "IF NE.y;\nMOV result.patch.tessouter[0], 4.0;\nMOV result.patch.tessouter[2], {5, 6, 7, 8};\nENDIF;\n"
             "SUB.S.CC i.z, i.x, 1;\n"
             "MOV result.patch.tessinner[0] (GT.z), 3.0;\n"
             "MOV result.position, t;\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    lt_run(&x);
    for (uint32_t k = 0; k < 3; k++) {
        assert_true(lt_out_scalar(&x, "result.patch.tessouter[0]", k) == 4.0f);
        assert_true(lt_out_scalar(&x, "result.patch.tessouter[2]", k) == 5.0f);
        assert_true(lt_out_scalar(&x, "result.patch.tessinner[0]", k) == 3.0f);
    }
    lt_free(&x);

    /* primitive.out.tessouter[1] ("the outer tessellation level ... of the
     * output patch") read after a barrier by every invocation: the level
     * invocation 0 wrote */
    lt_lower(&x, "!!NVtcp5.0\nVERTICES_OUT 3;\nINT TEMP i;\n"
                 "MOV.S i.x, primitive.invocation;\nSEQ.S.CC i.y, i.x, 0;\n"
                 "IF NE.y;\nMOV result.patch.tessouter[1], 4.0;\nENDIF;\nBAR;\n"
                 "MOV result.attrib[0], primitive.out.tessouter[1];\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    lt_run(&x);
    for (uint32_t k = 0; k < 3; k++) {
        float o[4];
        lt_out(&x, "result.attrib[0]", k, o);
        assert_true(o[0] == 4.0f && o[3] == 4.0f);
    }
    lt_free(&x);
}

/* EXT_shader_image_load_store: "Unformatted loads read the data from
 * memory without converting from the image unit format, by copying raw
 * bits"; RGBA8 is in the 1x32 class (Table X.2: 0[7:0] 0[15:8] 0[23:16]
 * 0[31:24]), so LOADIM.U32 reads a texel as one word, STOREIM.U32 writes
 * its four bytes, ATOMIM.ADD.U32 adds to the word. */
static void test_unformatted_rgba8_images(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nINT TEMP c;\nUINT TEMP u, v;\n"
            "MOV.S c, 0;\nLOADIM.U32 u, c, image[0], 2D;\n"
            "MOV.S c.x, 1;\nSTOREIM.U32 image[0], 67305985, c, 2D;\n"
            "MOV.S c.x, 2;\nATOMIM.ADD.U32 v.x, 1, c, image[0], 2D;\n"
            "MOV.U result.texcoord[0], u;\nMOV.U result.texcoord[1], v.x;\nMOV result.position, 0;\nEND\n",
            1);
    const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_IMAGE, "image[0]");
    assert_non_null(s);
    int fmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "R8G8B8A8_UNORM", strlen("R8G8B8A8_UNORM"));
    assert_true(fmt >= 0);
    uint8_t texels[12] = {0x10, 0x20, 0x30, 0x40, 0, 0, 0, 0, 0xff, 0, 0, 0};
    nvgp_exec_image d = {TGSI_TEXTURE_2D, (uint16_t)fmt, 3, 1, 1};
    assert_int_equal(nvgp_exec_bind_image(x.m, (uint32_t)s->index, &d, texels), NVGP_EXEC_OK);
    lt_run(&x);
    /* U32: (word, 0, 0, 1) */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x40302010u, 0, 0, 1);
    lt_expect_u(&x, "result.texcoord[1]", 0x1, 0xffu, 0, 0, 0);
    size_t bytes;
    const uint8_t *p = nvgp_exec_image_data(x.m, (uint32_t)s->index, &bytes);
    assert_non_null(p);
    assert_int_equal(bytes, 12);
    /* 67305985 = 0x04030201; 0xff + 1 = 0x100 */
    static const uint8_t want[12] = {0x10, 0x20, 0x30, 0x40, 1, 2, 3, 4, 0, 1, 0, 0};
    assert_memory_equal(p, want, 12);
    assert_int_equal(nvgp_exec_faults(x.m), 0);
    lt_free(&x);
}

/* CVT (NV_gpu_program5): "first converting the source components to an
 * infinite-precision value", then rounding once.  a = (2^53 + 1,
 * -(2^53 + 1)): F64 nearest is the even 2^53 (0x43400000_00000000), CEIL
 * 2^53 + 2 (low word 1), FLR -(2^53 + 2).  b = (2^60 + 2^36 + 1, 2^64 - 1):
 * to F32 the first is just above the midpoint of 2^60 and 2^60 + 2^37, so
 * 0x5d800001 (rounding to the double 2^60 + 2^36 first would tie to
 * 0x5d800000); FLR 0x5d800000; 2^64 - 1 is 2^64 (0x5f800000) to nearest,
 * 0x5f7fffff with FLR, and as an F64 with FLR 0x43efffff_ffffffff; the
 * first as an F64 with FLR 2^60 + 2^36 (0x43b00000_10000000). */
static void test_cvt_int64_rounds_once(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG TEMP a, b, r;\n"
            "PK64.U a, {1, 2097152, 4294967295, 4292870143};\n"
            "PK64.U b, {1, 268435472, 4294967295, 4294967295};\n"
            "CVT.F64.S64 r, a;\nUP64.U result.texcoord[0], r;\n"
            "CVT.F64.S64.CEIL r, a;\nUP64.U result.texcoord[1], r;\n"
            "CVT.F64.S64.FLR r, a;\nUP64.U result.texcoord[2], r;\n"
            "CVT.F64.S64.TRUNC r, a;\nUP64.U result.texcoord[3], r;\n"
            "CVT.F32.S64 result.texcoord[4].xy, b;\n"
            "CVT.F32.U64 result.texcoord[5].xy, b;\n"
            "CVT.F32.U64.FLR result.texcoord[6].xy, b;\n"
            "CVT.F64.U64.FLR r, b;\nUP64.U result.texcoord[7], r;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0, 0x43400000u, 0, 0xc3400000u);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 1, 0x43400000u, 0, 0xc3400000u);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0x43400000u, 1, 0xc3400000u);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0, 0x43400000u, 0, 0xc3400000u);
    /* b.y as S64 is -1 */
    lt_expect_u(&x, "result.texcoord[4]", 0x3, 0x5d800001u, 0xbf800000u, 0, 0);
    lt_expect_u(&x, "result.texcoord[5]", 0x3, 0x5d800001u, 0x5f800000u, 0, 0);
    lt_expect_u(&x, "result.texcoord[6]", 0x3, 0x5d800000u, 0x5f7fffffu, 0, 0);
    lt_expect_u(&x, "result.texcoord[7]", 0xf, 0x10000000u, 0x43b00000u, 0xffffffffu, 0x43efffffu);
    lt_free(&x);
}

/* Forms the specs allow: STOREIM without a storage modifier is a formatted
 * store ("otherwise, it is formatted": (0.5, 1, 0, 0.25) to RGBA8 is
 * round(255 x) = 128 (127.5 to even), 255, 0, 64); ATOMS.ADD/EXCH.F32
 * without OPTION NV_shader_atomic_float (NV_compute_program5 withdraws them
 * only "If NV_shader_atomic_float is not supported"). */
static void test_formatted_store_and_shared_float_atomics(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nINT TEMP c;\nMOV.S c, 0;\nSTOREIM image[0], {0.5, 1, 0, 0.25}, c, 2D;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_IMAGE, "image[0]");
    assert_non_null(s);
    int fmt = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "R8G8B8A8_UNORM", strlen("R8G8B8A8_UNORM"));
    assert_true(fmt >= 0);
    uint8_t texel[4] = {0, 0, 0, 0};
    nvgp_exec_image d = {TGSI_TEXTURE_2D, (uint16_t)fmt, 1, 1, 1};
    assert_int_equal(nvgp_exec_bind_image(x.m, (uint32_t)s->index, &d, texel), NVGP_EXEC_OK);
    lt_run(&x);
    size_t bytes;
    const uint8_t *p = nvgp_exec_image_data(x.m, (uint32_t)s->index, &bytes);
    assert_non_null(p);
    static const uint8_t want[4] = {128, 255, 0, 64};
    assert_memory_equal(p, want, 4);
    lt_free(&x);

    /* four invocations add 1.5 each to 0.0 in shared memory; EXCH reads it */
    lt_lower(&x, "!!NVcp5.0\nGROUP_SIZE 4;\nSHARED_MEMORY 16;\nSHARED sh[] = { program.sharedmem };\n"
                 "TEMP f;\nUINT TEMP a;\nATOMS.ADD.F32 f.x, 1.5, sh[0];\nBAR;\nATOMS.EXCH.F32 f.y, 0, sh[0];\n"
                 "MUL.U a.x, invocation.localid.x, 4;\nADD.U a.x, a.x, 4096;\nSTORE.F32 f.y, a.x;\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    uint32_t mem[4] = {7, 7, 7, 7};
    add_memory(&x, BASE, mem, sizeof mem);
    lt_run(&x);
    /* one EXCH after the barrier reads the sum 6.0 and leaves 0 for the
     * others */
    unsigned sums = 0, zeros = 0;
    for (size_t i = 0; i < 4; i++) {
        sums += word_after(&x, 4 * i) == lt_bits(6.0f);
        zeros += word_after(&x, 4 * i) == 0;
    }
    assert_int_equal(sums, 1);
    assert_int_equal(zeros, 3);
    lt_free(&x);
}

/* NV_parameter_buffer_object2 LDC: swizzle, negation and absolute value
 * apply to the fetched vector, also of 64-bit components. cb = doubles
 * (1.5, -2.5, 3, -4) then S64 (5, -7) at byte 32. */
static void test_ldc64_modifiers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nCBUFFER cb[] = { program.buffer[1] };\nLONG TEMP d, e, g;\nINT TEMP i;\n"
            "LDC.F64X4 d, cb[0].wzyx;\nMOV.F64 result.texcoord[0], d;\n"
            "LDC.F64X2 e.xy, -|cb[0].yxzw|;\nMOV.F64 result.texcoord[1].xy, e;\n"
            "LDC.S64X2 g.xy, -cb[32].yxzw;\nUP64.S i, g;\nMOV.S result.texcoord[2], i;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    double dv[4] = {1.5, -2.5, 3.0, -4.0};
    int64_t iv[2] = {5, -7};
    uint8_t cb[48];
    memcpy(cb, dv, 32);
    memcpy(cb + 32, iv, 16);
    bind_buffer(&x, "program.buffer[1]", cb, sizeof cb);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, -4.0f, 3.0f, -2.5f, 1.5f);
    lt_expect(&x, "result.texcoord[1]", 0x3, -2.5f, -1.5f, 0, 0);
    /* -(-7) = 7, -5: words 7, 0, -5, -1 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 7, 0, (uint32_t)-5, 0xffffffffu);
    lt_free(&x);
}

/* NV_gpu_program5: 64-bit vertex attributes "can be read in a vertex
 * program using a "LONG ATTRIB" declaration".  vertex.attrib[2] holds the
 * S64 values (2^32 + 5, -7, 0, 1), x and y in its register, z and w in the
 * next: ADD.S64 with (1, 1, 1, 1) gives (2^32 + 6, -6, 1, 2); a 32-bit read
 * keeps the low words (5, -7, 0, 1). */
static void test_long_vertex_attribute(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG ATTRIB a = vertex.attrib[2];\nLONG TEMP d;\nINT TEMP i;\nUINT TEMP u;\n"
            "ADD.S64 d, a, 1;\nUP64.U u, d;\nMOV.U result.texcoord[0], u;\nUP64.U u, d.zwzw;\n"
            "MOV.U result.texcoord[1], u;\nMOV.S i, a;\nMOV.S result.texcoord[2], i;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    const nvgp_lower_slot *s = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[2]");
    assert_non_null(s);
    uint32_t lo[4] = {5, 1, (uint32_t)-7, 0xffffffffu}, hi[4] = {0, 0, 1, 0};
    assert_int_equal(nvgp_exec_set_input(x.m, NVGP_EXEC_ALL, 0, (uint32_t)s->index, lo), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_set_input(x.m, NVGP_EXEC_ALL, 0, (uint32_t)s->index + 1, hi), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 6, 1, (uint32_t)-6, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 1, 0, 2, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 5, (uint32_t)-7, 0, 1);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pk4b_up4b_excess128),
        cmocka_unit_test(test_store_atom_64bit_modifiers),
        cmocka_unit_test(test_memory_cc_integer_rules),
        cmocka_unit_test(test_load_ldc_clamps),
        cmocka_unit_test(test_tess_level_written_by_one_invocation),
        cmocka_unit_test(test_unformatted_rgba8_images),
        cmocka_unit_test(test_cvt_int64_rounds_once),
        cmocka_unit_test(test_formatted_store_and_shared_float_atomics),
        cmocka_unit_test(test_ldc64_modifiers),
        cmocka_unit_test(test_long_vertex_attribute),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
