/* NV_gpu_program4/5 arithmetic, integer, bit, conversion and packing
 * instructions lowered to TGSI and run on the executor.  Expected values
 * come from the instruction descriptions of NV_gpu_program4 2.X.8 and
 * NV_gpu_program5 (pseudocode and special cases), computed by hand. */
#include "lower_test_util.h"

#include "lower/lower_gp.h"

/* Lowers src (which must fail) and checks the message names `want`. */
static void expect_lower_error(const char *src, const char *want)
{
    nvgp_diag *d = nvgp_diag_create("test", src, strlen(src));
    nv_program *p = nvgp_nv_assemble(src, strlen(src), d);
    if (!p)
        nvgp_diag_print(d, stderr);
    assert_non_null(p);
    nvgp_lower_map *map = NULL;
    tgsi_program *t = nvgp_lower_to_tgsi(p, &map, d);
    assert_null(t);
    bool found = false;
    nvgp_diag_entry e;
    for (size_t i = 0; nvgp_diag_get(d, i, &e); i++)
        found |= strstr(e.message, want) != NULL;
    if (!found)
        nvgp_diag_print(d, stderr);
    assert_true(found);
    nvgp_lower_map_destroy(map);
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
}

/* Floats: ADD/SUB/MUL/MAD/MIN/MAX/ABS/DIV (by a scalar)/CMP/SSG and the
 * clamps: .SAT to [0,1], .SSAT to [-1,1]. */
static void test_float_arith(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP t;\n"
            "SUB result.texcoord[0], a, {1, 2, 3, 4};\n"
            "MAD result.texcoord[1], a, 2, -1;\n"
            "MIN result.texcoord[2].xy, a, 0;\nMAX result.texcoord[2].zw, a, 2.5;\n"
            "ABS result.texcoord[3], a;\n"
            "DIV result.texcoord[4], a, a.y;\n"
            "CMP result.texcoord[5], a, 10, 20;\n"
            "SSG result.texcoord[6], a;\n"
            "MUL.SAT result.texcoord[7].xy, a, 0.5;\nMUL.SSAT result.texcoord[7].zw, a, 0.5;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 0.5f, -4.0f, 0.0f, 3.0f);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, -0.5f, -6.0f, -3.0f, -1.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 0.0f, -9.0f, -1.0f, 5.0f);
    lt_expect(&x, "result.texcoord[2]", 0xf, 0.0f, -4.0f, 2.5f, 3.0f);
    lt_expect(&x, "result.texcoord[3]", 0xf, 0.5f, 4.0f, 0.0f, 3.0f);
    lt_expect(&x, "result.texcoord[4]", 0xf, -0.125f, 1.0f, -0.0f, -0.75f);
    lt_expect(&x, "result.texcoord[5]", 0xf, 20.0f, 10.0f, 20.0f, 20.0f);
    lt_expect(&x, "result.texcoord[6]", 0xf, 1.0f, -1.0f, 0.0f, 1.0f);
    lt_expect(&x, "result.texcoord[7]", 0xf, 0.25f, 0.0f, 0.0f, 1.0f);
    lt_free(&x);
}

/* Integers wrap (ADD/SUB/MUL), MUL.HI gives the high word, S24/U24
 * multiply, DIV/MOD by a scalar, ABS/MIN/MAX/CMP of signed values,
 * unsigned compares with the sign bit set. */
static void test_int_arith(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nINT ATTRIB a = vertex.attrib[1];\nUINT ATTRIB b = vertex.attrib[2];\n"
            "ADD.S result.texcoord[0].x, a.x, 1;\n"           /* 0x7fffffff + 1 wraps */
            "SUB.U result.texcoord[0].y, b.y, 3;\n"           /* 1 - 3 wraps */
            "SUB.S result.texcoord[0].z, a.z, -a.z;\n"        /* -7 - 7 */
            "ADD.S result.texcoord[0].w, -a.y, a.w;\n"        /* -(-3) + 100 */
            "MUL.S result.texcoord[1].x, a.y, a.z;\n"         /* -3 * -7 */
            "MUL.U.HI result.texcoord[1].y, b.x, b.x;\n"      /* (2^32-1)^2 >> 32 */
            "MUL.S.HI result.texcoord[1].z, a.y, 1073741824;\n" /* -3 * 2^30 >> 32 */
            "MUL.S24 result.texcoord[1].w, -3, 1000;\n"
            "DIV.S result.texcoord[2], {-9, 9, 100, 7}, 2;\n"
            "DIV.U result.texcoord[3], b, b.z;\n"             /* / 16 */
            "MOD.U result.texcoord[4], {17, 35, 0, 5}, 16;\n"
            "ABS.S result.texcoord[5].x, a.z;\nMIN.S result.texcoord[5].y, a.y, a.w;\n"
            "MIN.U result.texcoord[5].z, b.x, b.w;\nMAX.S result.texcoord[5].w, a.y, a.z;\n"
            "CMP.S result.texcoord[6], a, 1, 2;\n"
            "MAD.U result.texcoord[7].x, 16, 200, 5;\nMAD.S result.texcoord[7].y, a.y, a.y, -10;\n"
            "SAD.S result.texcoord[7].z, a.y, a.w, 1;\n"      /* |-3 - 100| + 1 */
            "SAD.U result.texcoord[7].w, b.x, b.y, 0;\n"      /* |(2^32-1) - 1| */
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[1]", 0x7fffffff, (uint32_t)-3, (uint32_t)-7, 100);
    lt_in_u(&x, "vertex.attrib[2]", 0xffffffffu, 1, 16, 200);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x80000000u, 0xfffffffeu, (uint32_t)-14, 103);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 21, 0xfffffffeu, 0xffffffffu, (uint32_t)-3000);
    /* DIV.S rounds toward zero */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, (uint32_t)-4, 4, 50, 3);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0x0fffffffu, 0, 1, 12);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 1, 3, 0, 5);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 7, (uint32_t)-3, 200, (uint32_t)-3);
    lt_expect_u(&x, "result.texcoord[6]", 0xf, 2, 1, 1, 2);
    lt_expect_u(&x, "result.texcoord[7]", 0xf, 3205, (uint32_t)-1, 104, 0xfffffffeu);
    lt_free(&x);
}

/* Bitwise operations and shifts; NOT/AND/OR/XOR default to signed. */
static void test_bitwise(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nUINT ATTRIB b = vertex.attrib[2];\nINT ATTRIB a = vertex.attrib[2];\n"
            "AND.U result.texcoord[0].x, b.x, 0xff00;\nOR.U result.texcoord[0].y, b.y, 0xf0;\n"
            "XOR.U result.texcoord[0].z, b.x, b.y;\nNOT.U result.texcoord[0].w, b.y;\n"
            "SHL.U result.texcoord[1], b, 4;\n"
            "SHR.S result.texcoord[2], a, 4;\n"   /* sign fill */
            "SHR.U result.texcoord[3], b, 4;\n"   /* zero fill */
            "SHL.U result.texcoord[4], b, 33;\n"  /* counts >= 32: low five bits (decision) */
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0x12345678u, 0x0000000fu, 0x80000000u, 0xffffffffu);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x5600u, 0xffu, 0x12345677u, 0xfffffff0u);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0x23456780u, 0xf0u, 0, 0xfffffff0u);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0x01234567u, 0, 0xf8000000u, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0x01234567u, 0, 0x08000000u, 0x0fffffffu);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0x2468acf0u, 0x1eu, 0, 0xfffffffeu);
    lt_free(&x);
}

/* Set-on instructions: 1.0/0.0 for floats, -1 (~0)/0 for integers
 * (NV_gpu_program4 SEQ); SFL/STR the same values. */
static void test_set(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB f = vertex.attrib[1];\nINT ATTRIB a = vertex.attrib[2];\n"
            "UINT ATTRIB b = vertex.attrib[2];\n"
            "SEQ result.texcoord[0].x, f.x, 2;\nSNE result.texcoord[0].y, f.x, 2;\n"
            "SGT result.texcoord[0].z, f.y, f.x;\nSLE result.texcoord[0].w, f.y, f.x;\n"
            "SLT.S result.texcoord[1].x, a.x, a.y;\nSGE.S result.texcoord[1].y, a.x, a.y;\n"
            "SGT.S result.texcoord[1].z, a.x, a.y;\nSLE.S result.texcoord[1].w, a.x, a.x;\n"
            "SLT.U result.texcoord[2].x, b.x, b.y;\nSGT.U result.texcoord[2].y, b.x, b.y;\n"
            "SEQ.U result.texcoord[2].z, b.x, b.x;\nSNE.S result.texcoord[2].w, a.x, a.x;\n"
            "SFL.U result.texcoord[3].x, b, b;\nSTR.S result.texcoord[3].y, a, a;\n"
            "SFL result.texcoord[3].z, f, f;\nSTR result.texcoord[3].w, f, f;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 2.0f, -1.0f, 0, 0);
    lt_in_u(&x, "vertex.attrib[2]", (uint32_t)-5, 3, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 1.0f, 0.0f, 0.0f, 1.0f);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, ~0u, 0, 0, ~0u);
    /* unsigned: 0xfffffffb > 3 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, ~0u, ~0u, 0);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0, ~0u, lt_bits(0.0f), lt_bits(1.0f));
    lt_free(&x);
}

/* FLR/CEIL/ROUND/TRUNC read floats and write the type; I2F converts. */
static void test_round_and_i2f(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB f = vertex.attrib[1];\nINT ATTRIB a = vertex.attrib[2];\n"
            "UINT ATTRIB b = vertex.attrib[2];\n"
            "FLR.S result.texcoord[0], f;\nCEIL.S result.texcoord[1], f;\n"
            "ROUND.S result.texcoord[2], f;\nTRUNC.S result.texcoord[3], f;\n"
            "FLR result.texcoord[4], f;\nCEIL.U result.texcoord[5], |f|;\n"
            "I2F result.texcoord[6], a;\nI2F.U result.texcoord[7], b;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", -1.7f, 2.5f, 3.5f, -0.5f);
    lt_in_u(&x, "vertex.attrib[2]", (uint32_t)-5, 0x80000000u, 16777217u, 0);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, (uint32_t)-2, 2, 3, (uint32_t)-1);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, (uint32_t)-1, 3, 4, 0);
    /* ROUND: to nearest, ties to even */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, (uint32_t)-2, 2, 4, 0);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, (uint32_t)-1, 2, 3, 0);
    lt_expect(&x, "result.texcoord[4]", 0xf, -2.0f, 2.0f, 3.0f, -1.0f);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 2, 3, 4, 1);
    lt_expect(&x, "result.texcoord[6]", 0xf, -5.0f, -2147483648.0f, 16777216.0f, 0.0f);
    lt_expect(&x, "result.texcoord[7]", 0xf, 4294967296.0f, 2147483648.0f, 16777216.0f, 0.0f);
    lt_free(&x);
}

/* NV_gpu_program5 bit instructions: BFE (zero width, sign extension, a
 * full-width field), BFI, BFR, BTC, BTFL and BTFM with their zero and
 * negative cases. */
static void test_bits(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT ATTRIB b = vertex.attrib[2];\nINT ATTRIB a = vertex.attrib[2];\n"
            "BFE.U result.texcoord[0].x, {8, 4}, b.x;\n"
            "BFE.S result.texcoord[0].y, {4, 28}, a.x;\n"    /* top nibble 0xf, sign-extended */
            "BFE.S result.texcoord[0].z, {0, 4}, a.x;\n"     /* zero bits: 0 */
            "BFE.U result.texcoord[0].w, {32, 0}, b.x;\n"
            "BFI.U result.texcoord[1].x, {8, 8}, 0xab, b.x;\n"
            "BFI.U result.texcoord[1].y, {32, 0}, b.y, b.x;\n" /* full width: the insert */
            "BFI.S result.texcoord[1].z, {4, 28}, -1, 0;\n"
            "BFR.U result.texcoord[1].w, b.y;\n"
            "BTC.U result.texcoord[2], b;\n"
            "BTFL.U result.texcoord[3], b;\n"
            "BTFL.S result.texcoord[4], a;\n"
            "BTFM.U result.texcoord[5], b;\n"
            "BTFM.S result.texcoord[6], a;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0xf0a5c3e1u, 0x00000006u, 0, 0xfffff000u);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x3eu, 0xffffffffu, 0, 0xf0a5c3e1u);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0xf0a5abe1u, 6, 0xf0000000u, 0x60000000u);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 16, 2, 0, 20);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0, 1, 0xffffffffu, 12);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0, 1, (uint32_t)-1, 12);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 31, 2, 0xffffffffu, 31);
    /* signed: the most significant 0 bit of a negative value */
    lt_expect_u(&x, "result.texcoord[6]", 0xf, 27, 2, (uint32_t)-1, 11);
    lt_free(&x);
}

/* The float sequences shared with the older languages, and the scalar
 * instructions replicating their result. */
static void test_float_sequences(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp4.0\nOPTION ARB_draw_buffers;\nATTRIB a = fragment.texcoord[0];\nATTRIB b = fragment.texcoord[1];\n"
            "OUTPUT o0 = result.color[0];\nOUTPUT o1 = result.color[1];\nOUTPUT o2 = result.color[2];\n"
            "OUTPUT o3 = result.color[3];\nOUTPUT o4 = result.color[4];\nOUTPUT o5 = result.color[5];\n"
            "DPH o0.x, a, b;\nDP2A o0.y, a, b, 3;\nDP3 o0.z, a, b;\nDP4 o0.w, a, b;\n"
            "XPD o1.xyz, a, b;\nMOV o1.w, 0;\n"
            "LIT o2, {0.5, 0.25, 0, 2};\n"
            "RCC o3.x, 0;\nRCP o3.y, 4;\nRSQ o3.z, 16;\nEX2 o3.w, 3;\n"
            "SWZ o4, a, -x, 1, 0, w;\n"
            "NRM.SSAT o5.xyz, {3, 0, -4, 0};\nMOV o5.w, 0;\n"
            "END\n",
            1);
    lt_in(&x, "fragment.texcoord[0]", 1.0f, 2.0f, 3.0f, 4.0f);
    lt_in(&x, "fragment.texcoord[1]", 5.0f, 6.0f, 7.0f, 8.0f);
    lt_run(&x);
    /* DPH: 5 + 12 + 21 + 8; DP2A: 5 + 12 + 3 */
    lt_expect(&x, "result.color[0]", 0xf, 46.0f, 20.0f, 38.0f, 70.0f);
    /* a x b = (2*7 - 3*6, 3*5 - 1*7, 1*6 - 2*5) */
    lt_expect(&x, "result.color[1]", 0xf, -4.0f, 8.0f, -4.0f, 0.0f);
    /* LIT: (1, x, y^w = 0.0625, 1) */
    lt_expect(&x, "result.color[2]", 0xf, 1.0f, 0.5f, 0.0625f, 1.0f);
    /* RCC(0): +2^64 (the clamp) */
    lt_expect_near(&x, "result.color[3]", 0xf, 0x1p64f, 0.25f, 0.25f, 8.0f, 1e-5);
    lt_expect(&x, "result.color[4]", 0xf, -1.0f, 1.0f, 0.0f, 4.0f);
    /* NRM (0.6, 0, -0.8), .SSAT leaves [-1, 1] values alone */
    lt_expect_near(&x, "result.color[5]", 0xf, 0.6f, 0.0f, -0.8f, 0.0f, 1e-6);
    lt_free(&x);
}

/* Packing: PK2H/UP2H and PK4UB/UP4UB round trips, PK2US bits. */
static void test_pack(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB f = vertex.attrib[1];\nTEMP t;\n"
            "PK2H.U t.x, f;\nUP2H result.texcoord[0], t.x;\n"
            "PK2US.U result.texcoord[1].x, {1, 0.5, 0, 0};\n"
            "PK4UB.U t.y, {0, 1, 0.5, 2};\nUP4UB.U result.texcoord[2], t.y;\n"
            "PK2H.U result.texcoord[3].x, {1, -2, 0, 0};\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 0.5f, -3.0f, 0, 0);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 0.5f, -3.0f, 0.5f, -3.0f);
    /* 65535 * 0.5 = 32767.5 rounds to 32768 */
    lt_expect_u(&x, "result.texcoord[1]", 1, 0x8000ffffu, 0, 0, 0);
    lt_expect_near(&x, "result.texcoord[2]", 0xf, 0.0f, 1.0f, 128.0f / 255.0f, 1.0f, 1e-6);
    /* half 1.0 = 0x3c00, -2.0 = 0xc000 */
    lt_expect_u(&x, "result.texcoord[3]", 1, 0xc0003c00u, 0, 0, 0);
    lt_free(&x);
}

/* CVT (NV_gpu_program5): rounding modes, .SAT clamps to the result
 * type's range, without .SAT integers keep their low bits, narrow results
 * are sign- or zero-extended, F16 values live in the 16 low bits. */
static void test_cvt(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\nINT ATTRIB a = vertex.attrib[2];\nATTRIB f16 = vertex.attrib[2];\n"
            "UINT ATTRIB b = vertex.attrib[2];\n"
            "CVT.S32.F32 result.texcoord[0], f;\n"              /* ROUND: ties to even */
            "CVT.S32.F32.FLR result.texcoord[1], f;\n"
            "CVT.S32.F32.CEIL result.texcoord[2], f;\n"
            "CVT.S32.F32.TRUNC result.texcoord[3], f;\n"
            "CVT.S16.S32 result.texcoord[4].x, a.x;\n"
            "CVT.S8.S32 result.texcoord[4].y, a.x;\n"           /* 300 & 0xff = 44 */
            "CVT.U8.S32 result.texcoord[4].z, a.y;\n"           /* -1 -> 255 */
            "CVT.U8.S32 result.texcoord[4].w, a.x;\n"
            "CVT.S32.S8 result.texcoord[5].x, a.z;\n"           /* 0x80 as S8: -128 */
            "CVT.S32.U16 result.texcoord[5].y, b.z;\n"          /* 0xffff0080 as U16: 128 */
            "CVT.U32.F32 result.texcoord[5].z, {-2.5}.x;\n"          /* -2: low 32 bits */
            "CVT.S16.F32 result.texcoord[5].w, 1e9;\n"           /* 0x3b9aca00: 0xca00 as S16 */
            "CVT.F32.S32 result.texcoord[6].x, a.y;\n"
            "CVT.F32.U32 result.texcoord[6].y, b.y;\n"
            "CVT.F16.F32 result.texcoord[6].z, 1.5;\n"
            "CVT.F32.F16 result.texcoord[6].w, f16.w;\n"
            "CVT.S16.F32 result.texcoord[7].x, {-1e9}.x;\n"          /* 0xc4653600: 0x3600 */
            "CVT.U16.F32 result.texcoord[7].y, 65537;\n"        /* low 16 bits: 1 */
            "CVT.F32.F32.SAT result.texcoord[7].z, 3;\n"
            "CVT.S32.U32 result.texcoord[7].w, b.y;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 2.5f, -2.5f, 3.7f, -3.7f);
    lt_in_u(&x, "vertex.attrib[2]", 300, 0xffffffffu, 0xffff0080u, 0xc000u);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 2, (uint32_t)-2, 4, (uint32_t)-4);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 2, (uint32_t)-3, 3, (uint32_t)-4);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 3, (uint32_t)-2, 4, (uint32_t)-3);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 2, (uint32_t)-2, 3, (uint32_t)-3);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 300, 44, 255, 44);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, (uint32_t)-128, 128, 0xfffffffeu, 0xffffca00u);
    lt_expect_u(&x, "result.texcoord[6]", 0xf, lt_bits(-1.0f), lt_bits(4294967296.0f), 0x3e00u, lt_bits(-2.0f));
    lt_expect_u(&x, "result.texcoord[7]", 0xf, 0x3600u, 1, lt_bits(1.0f), 0xffffffffu);
    lt_free(&x);
}

/* Like lt_load, with .SAT put on every CVT of the program first: CVT's
 * integer saturation (NV_gpu_program5 CVT: "Integer values are clamped to
 * the closest value representable in the result data type if the SAT
 * modifier is specified") is reached through the IR, as the assembler
 * takes .SAT for floating-point results only. */
static void load_cvt_sat(lt *x, const char *src)
{
    memset(x, 0, sizeof *x);
    x->diag = nvgp_diag_create("test", src, strlen(src));
    x->nv = nvgp_nv_assemble(src, strlen(src), x->diag);
    if (!x->nv)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->nv);
    for (uint32_t i = 0; i < x->nv->ninsts; i++)
        if (x->nv->insts[i].op == NV_OP_CVT)
            x->nv->insts[i].sat = NV_SAT_SAT;
    x->tgsi = nvgp_lower_to_tgsi(x->nv, &x->map, x->diag);
    if (!x->tgsi)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->tgsi);
    assert_true(nvgp_tgsi_check(x->tgsi, x->diag));
    x->m = nvgp_exec_create(x->tgsi, x->diag);
    assert_non_null(x->m);
    assert_int_equal(nvgp_exec_set_invocations(x->m, 1, 1), NVGP_EXEC_OK);
    x->invocations = 1;
}

static void test_cvt_sat(void **state)
{
    (void)state;
    lt x;
    load_cvt_sat(&x, "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\nINT ATTRIB a = vertex.attrib[2];\n"
                     "UINT ATTRIB b = vertex.attrib[2];\nLONG TEMP d;\n"
                     "CVT.S8.S32 result.texcoord[0].x, a.x;\n"      /* 300 -> 127 */
                     "CVT.U8.S32 result.texcoord[0].y, a.y;\n"      /* -1 -> 0 */
                     "CVT.S16.S32 result.texcoord[0].z, a.w;\n"     /* -40000 -> -32768 */
                     "CVT.S32.U32 result.texcoord[0].w, b.y;\n"     /* 2^32-1 -> 2^31-1 */
                     "CVT.U32.F32 result.texcoord[1], f;\n"         /* (-2.5, 5e9, 7.5, NaN) */
                     "CVT.S16.F32 result.texcoord[2], f;\n"
                     "CVT.U64.S32 d, a;\n"                          /* negative -> 0 */
                     "UP64.U result.texcoord[3], d;\n"
                     "CVT.S64.U32 d, b;\n"                          /* zero-extended, in range */
                     "UP64.U result.texcoord[4], d.yyyy;\n"
                     "CVT.U16.U64 result.texcoord[5].x, d.y;\n"     /* 2^32-1 -> 65535 */
                     "CVT.S8.S64 result.texcoord[5].y, d.w;\n"      /* -40000 as U32 = 4294927296 -> 127 */
                     "CVT.F32.F32 result.texcoord[5].z, f.z;\n"     /* float: [0, 1] */
                     "CVT.U8.U32 result.texcoord[5].w, b.x;\n"
                     "MOV result.position, 0;\nEND\n");
    lt_in(&x, "vertex.attrib[1]", -2.5f, 5e9f, 7.5f, NAN);
    lt_in_u(&x, "vertex.attrib[2]", 300, 0xffffffffu, 5, (uint32_t)-40000);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 127, 0, (uint32_t)-32768, 0x7fffffffu);
    /* 7.5 rounds to 8 (ties to even); NaN: 0 (docs/spec-decisions.md) */
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0, 0xffffffffu, 8, 0);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, (uint32_t)-2, 32767, 8, 0);
    /* (300, 0, ...) as U64: 300 = (300, 0), -1 -> (0, 0) */
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 300, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0xffffffffu, 0, 0xffffffffu, 0);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 65535, 127, lt_bits(1.0f), 255);
    lt_free(&x);
}

/* CVT to a narrower float: ROUND to nearest even, CEIL/FLR/TRUNC to the
 * neighbour their direction names (NV_gpu_program5 CVT: "rounded to one
 * of the two nearest values ... according to the rounding modifier"). */
static void test_cvt_float_rounding(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\nLONG TEMP d;\n"
            "ADD.F64 d.x, f.x, f.y;\nMOV.F64 d.y, -d.x;\nMOV.F64 d.zw, 1e300;\n" /* 1 + 2^-40, its negation */
            "CVT.F32.F64 result.texcoord[0], d;\n"
            "CVT.F32.F64.CEIL result.texcoord[1], d;\n"
            "CVT.F32.F64.FLR result.texcoord[2], d;\n"
            "CVT.F32.F64.TRUNC result.texcoord[3], d;\n"
            "CVT.F16.F32.CEIL result.texcoord[4], f.zwzw;\n"
            "CVT.F16.F32.FLR result.texcoord[5], f.zwzw;\n"
            "CVT.F16.F32.TRUNC result.texcoord[6], f.zwzw;\n"
            "CVT.F16.F32 result.texcoord[7], f.zwzw;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 1.0f, 0x1p-40f, 1.0001f, -1.0001f);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0x7f800000u);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0x3f800001u, 0xbf800000u, 0x7f800000u, 0x7f800000u);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0x3f800000u, 0xbf800001u, 0x7f7fffffu, 0x7f7fffffu);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0x7f7fffffu);
    /* half: 1.0 = 0x3c00, the next is 0x3c01; -1.0 = 0xbc00 */
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0x3c01u, 0xbc00u, 0x3c01u, 0xbc00u);
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 0x3c00u, 0xbc01u, 0x3c00u, 0xbc01u);
    lt_expect_u(&x, "result.texcoord[6]", 0xf, 0x3c00u, 0xbc00u, 0x3c00u, 0xbc00u);
    lt_expect_u(&x, "result.texcoord[7]", 0xf, 0x3c00u, 0xbc00u, 0x3c00u, 0xbc00u);
    lt_free(&x);
}

/* F64 on LONG temporaries: precision a float lacks, compares giving 1.0,
 * UP64 showing the bits, PK64 building values, and results narrowed when
 * written to 32-bit variables. */
static void test_f64(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\nLONG TEMP d, e;\nTEMP t;\n"
            "MOV.F64 d, f;\n"                        /* (1, 2^-40, 3, 0.1f) widened */
            "ADD.F64 e.x, d.x, d.y;\n"              /* 1 + 2^-40: exact in a double */
            "SUB.F64 e.x, e.x, d.x;\n"              /* back to 2^-40 */
            "MUL.F64 e.y, d.z, -d.z;\n"             /* -9 */
            "DIV.F64 e.zw, d.z, 3;\n"               /* 1 */
            "MOV.F64 result.texcoord[0], e;\n"      /* narrowed */
            "SEQ.F64 t, e, {0, -9, 1, 0};\n"
            "MOV result.texcoord[1], t;\n"
            "UP64.F result.texcoord[2], e.yxzw;\n"  /* -9.0 = 0xc0220000 00000000 */
            "PK64.U e, {0, 0x3ff80000, 0x55555555, 0x3fd55555};\n"
            "MOV.F64 result.texcoord[3].xy, e;\n"    /* 1.5, 1/3 */
            "MAD.F64 e, e, 2, -1;\n"
            "MOV.F64 result.texcoord[4].xy, e;\n"
            "CMP.F64 e, {-1, 1, -1, 1}, {5, 6, 7, 8}, {9, 10, 11, 12};\n"
            "MOV.F64 result.texcoord[5], e;\n"
            "FLR.F64 e, {-1.5, 1.5, 2, -0.25};\nMOV.F64 result.texcoord[6], e;\n"
            "ABS.F64 e, -e;\nMIN.F64 e.zw, e, 1.5;\nMOV.F64 result.texcoord[7], e;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 1.0f, 0x1p-40f, 3.0f, 0.1f);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 0x1p-40f, -9.0f, 1.0f, 1.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 0.0f, 1.0f, 1.0f, 0.0f);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0xc0220000u, 0, 0x3d700000u);
    lt_expect(&x, "result.texcoord[3]", 3, 1.5f, 1.0f / 3.0f, 0, 0);
    lt_expect(&x, "result.texcoord[4]", 3, 2.0f, -1.0f / 3.0f, 0, 0);
    lt_expect(&x, "result.texcoord[5]", 0xf, 5.0f, 10.0f, 7.0f, 12.0f);
    lt_expect(&x, "result.texcoord[6]", 0xf, -2.0f, 1.0f, 2.0f, -1.0f);
    lt_expect(&x, "result.texcoord[7]", 0xf, 2.0f, 1.0f, 1.5f, 1.0f);
    lt_free(&x);
}

/* S64/U64: carries across the 32-bit words, 64-bit shifts, compares
 * giving ~0, division, I2F, and values narrowed to their low word. */
static void test_int64(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nUINT ATTRIB b = vertex.attrib[2];\nLONG TEMP d, e;\nTEMP t;\n"
            "PK64.U d, b;\n"                         /* d.x = 0x00000001ffffffff, d.y = 0x80000000_00000005 */
            "ADD.U64 e.x, d.x, 1;\n"                 /* 0x2_00000000 */
            "SUB.S64 e.y, 0, d.x;\n"                 /* -0x1ffffffff */
            "UP64.U result.texcoord[0], e;\n"
            "SHL.U64 e.x, d.x, 4;\nSHR.S64 e.y, d.y, 4;\n"
            "UP64.U result.texcoord[1], e;\n"
            "MUL.U64 e.x, d.x, d.x;\n"               /* (2^33 - 1)^2 mod 2^64 = 2^66 - 2^34 + 1 -> 0xfffffffc00000001 */
            "DIV.U64 e.y, d.x, 2;\n"                 /* 0xffffffff */
            "UP64.U result.texcoord[2], e;\n"
            "SLT.S64 t.xy, d.yxzw, d;\n"            /* negative < positive; and the reverse */
            "SLT.U64 t.zw, d.xxyx, d.xxxy;\n"
            "MOV.U result.texcoord[3], t;\n"
            "MOV.U64 result.texcoord[4], d;\n"       /* low words */
            "I2F.S64 result.texcoord[5].xy, d;\n"
            "AND.U64 e.x, d.x, d.y;\nNOT.U64 e.y, d.x;\n"
            "UP64.U result.texcoord[6], e;\n"
            "MAX.S64 e.x, d.x, d.y;\nABS.S64 e.y, -d.x;\n"
            "UP64.U result.texcoord[7], e;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0xffffffffu, 1, 5, 0x80000000u);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0, 2, 1, 0xfffffffeu);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0xfffffff0u, 0x1fu, 0, 0xf8000000u);
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 1, 0xfffffffcu, 0xffffffffu, 0);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, ~0u, 0, 0, ~0u);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0xffffffffu, 5, 0xffffffffu, 5);
    /* 2^33 - 1 and -(2^63) + 5 as floats */
    lt_expect(&x, "result.texcoord[5]", 3, 8589934592.0f, -9223372036854775808.0f, 0, 0);
    lt_expect_u(&x, "result.texcoord[6]", 0xf, 5, 0, 0, 0xfffffffeu);
    lt_expect_u(&x, "result.texcoord[7]", 0xf, 0xffffffffu, 1, 0xffffffffu, 1);
    lt_free(&x);
}

/* The remaining float instructions (fragment program: derivatives of a
 * uniform value are 0), .SSAT on a shared sequence, and integer forms not
 * covered above. */
static void test_more_float_forms(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp4.0\nOPTION ARB_draw_buffers;\nATTRIB a = fragment.texcoord[0];\n"
            "FLAT UINT ATTRIB ua = fragment.texcoord[1];\nTEMP t;\n"
            "OUTPUT o0 = result.color[0];\nOUTPUT o1 = result.color[1];\nOUTPUT o2 = result.color[2];\n"
            "OUTPUT o3 = result.color[3];\nOUTPUT o4 = result.color[4];\nOUTPUT o5 = result.color[5];\n"
            "OUTPUT o6 = result.color[6];\nOUTPUT o7 = result.color[7];\n"
            "COS o0.x, 0;\nSIN o0.y, 0;\nLG2 o0.z, 8;\nPOW o0.w, 2, 10;\n"
            "FRC o1.x, -1.25;\nLRP o1.y, 0.25, 8, 4;\nDDX o1.z, a.x;\nDDY o1.w, a.y;\n"
            "DST o2, {0, 4, 4, 0}, {0, 0.5, 0, 0.5};\n"
            "RFL o3.xyz, {0, 0, 1, 0}, {1, 0, -1, 0};\nDPH.SSAT o3.w, {1, 1, 1, 0}, {1, 1, 1, -5};\n"
            "X2D o4, {1, 2, 0, 0}, {3, 4, 0, 0}, {1, 0, 0, 1};\n"
            "SCS o5.xy, 0;\nMOD.S o5.z, 17, 5;\nABS.U o5.w, ua.x;\n"
            "CMP.U o6, ua, 1, 2;\n"
            "PK4B.U t.x, {1, -1, 0, 0};\nUP4B o7, t.x;\n"
            "END\n",
            4); /* a whole quad, so that derivatives see the same value */
    lt_in(&x, "fragment.texcoord[0]", 3.0f, 5.0f, 0, 0);
    lt_in_u(&x, "fragment.texcoord[1]", 0xffffffffu, 0, 0, 0);
    lt_run(&x);
    lt_expect_near(&x, "result.color[0]", 0xf, 1.0f, 0.0f, 3.0f, 1024.0f, 1e-5);
    lt_expect(&x, "result.color[1]", 0xf, 0.75f, 5.0f, 0.0f, 0.0f);
    /* DST: (1, d^2 * 1/d, d^2, 1/d) */
    lt_expect(&x, "result.color[2]", 0xf, 1.0f, 2.0f, 4.0f, 0.5f);
    /* RFL: 2 (a.b)/(a.a) a - b; DPH 3 - 5 clamped to -1 */
    lt_expect(&x, "result.color[3]", 0xf, -1.0f, -0.0f, -1.0f, -1.0f); /* -2 * 0 - 0 = -0 */
    lt_expect(&x, "result.color[4]", 0xf, 4.0f, 6.0f, 4.0f, 6.0f);
    lt_expect_u(&x, "result.color[5]", 0xf, lt_bits(1.0f), lt_bits(0.0f), 2, 0xffffffffu);
    /* CMP.U: never negative */
    lt_expect_u(&x, "result.color[6]", 0xf, 2, 2, 2, 2);
    lt_expect(&x, "result.color[7]", 0xf, 1.0f, -1.0f, 0.0f, 0.0f);
    lt_free(&x);
}

/* 64-bit forms not covered above: F64 RCP/RSQ/FRC/SSG/ROUND/CEIL/TRUNC/
 * MAX/SGE/STR, FLR.S64, S64/U64 DIV/MOD/CMP/SEQ/STR/SAD/MAD/MIN/OR/XOR,
 * I2F.U64, and CVT between 64-bit and narrower types. */
static void test_more_64bit_forms(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG TEMP d, e;\nTEMP t;\n"
            "RCP.F64 t.x, 4;\nRSQ.F64 t.y, 16;\nFRC.F64 t.z, -1.25;\nSSG.F64 t.w, -3;\n"
            "MOV result.texcoord[0], t;\n"
            "ROUND.F64 t.x, 2.5;\nCEIL.F64 t.y, 1.25;\nTRUNC.F64 t.z, -1.75;\nMAX.F64 t.w, -1, 0.5;\n"
            "MOV result.texcoord[1], t;\n"
            "SGE.F64 t.xy, {1, 2, 0, 0}, 2;\nSTR.F64 t.z, t, t;\nFLR.S64 d.w, -1.5;\nMOV.S64 t.w, d.w;\n"
            "MOV result.texcoord[2], t;\n"
            "DIV.S64 t.x, -9, 2;\nMOD.U64 t.y, 17, 5;\nCMP.S64 t.z, -1, 3, 4;\nSEQ.U64 t.w, 5, 5;\n"
            "MOV.U result.texcoord[3], t;\n"
            "STR.S64 t.x, t, t;\nSAD.S64 t.y, -3, 5, 1;\nMAD.S64 t.z, 3, -4, 2;\nMIN.U64 t.w, 7, -1;\n"
            "MOV.U result.texcoord[4], t;\n"
            "MOV.U64 d, {0x0f0, 0x00f, 0xffffffffffffffff, 0};\nOR.U64 t.x, d.x, d.y;\nXOR.S64 t.y, d.x, -1;\n"
            "I2F.U64 t.z, -1;\nCVT.S64.F32.FLR e.x, {-2.5}.x;\nMOV.S64 t.w, e.x;\n"
            "MOV.U result.texcoord[5], t;\n"
            "CVT.U8.U64 t.x, 0x1ff;\nCVT.S16.S64 t.y, {-1}.x;\nCVT.F32.S64 t.z, 3;\nCVT.F64.S32 e.y, {-7}.x;\n"
            "CVT.S32.F64 t.w, e.y;\n"
            "MOV.U result.texcoord[6], t;\n"
            "UP64.U result.texcoord[7].zw, d.zzzz;\n" /* the largest U64 literal */
            "PK64.U d, {0x20000001, 0x00200000, 0, 0};\nI2F.S64 result.texcoord[7].x, d;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 0.25f, 0.25f, 0.75f, -1.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 2.0f, 2.0f, -1.0f, 0.5f);
    /* FLR.S64 -1.5 = -2: the low word of d.w */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, lt_bits(1.0f), lt_bits(1.0f), (uint32_t)-2);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, (uint32_t)-4, 2, 3, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 0xffffffffu, 9, (uint32_t)-10, 7);
    /* I2F.U64 of 2^64 - 1 is 2^64; CVT FLR of -2.5 = -3 (low word) */
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 0xff, 0xffffff0fu, lt_bits(18446744073709551616.0f), (uint32_t)-3);
    lt_expect_u(&x, "result.texcoord[6]", 0xf, 0xff, 0xffffffffu, lt_bits(3.0f), (uint32_t)-7);
    /* 2^53 + 2^29 + 1 rounds once to 2^53 + 2^30; through a double (2^53 + 2^29, a tie) it
     * would give 2^53 */
    lt_expect_u(&x, "result.texcoord[7]", 0xd, 0x5a000001u, 0, 0xffffffffu, 0xffffffffu);
    lt_free(&x);
}

/* MUL.S64.HI/.U64.HI: the high 64 bits of the 128-bit product (as MUL.HI
 * gives the high 32 bits of the 64-bit one), values by hand. */
static void test_mul_hi64(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG TEMP d, e, f, g;\n"
            "PK64.U d, {0xffffffff, 0xffffffff, 0x76543210, 0xfedcba98};\n"
            "PK64.U e, {1, 1, 0x9abcdef0, 0x12345678};\n"
            "PK64.U g, {0, 0xffffff00, 0, 0x100};\n"  /* -2^40, 2^40 */
            "MUL.U64.HI f.x, d.x, d.x;\nMUL.U64.HI f.y, d.x, e.x;\nUP64.U result.texcoord[0], f;\n"
            "MUL.U64.HI f.x, d.y, e.y;\nMUL.S64.HI f.y, d.y, e.y;\nUP64.U result.texcoord[1], f;\n"
            "MUL.S64.HI f.x, d.x, 5;\nMUL.S64.HI f.y, g.x, g.y;\nUP64.U result.texcoord[2], f;\n"
            "MUL.U64.HI f.zw, d, e;\nUP64.U result.texcoord[3], f.zwzw;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_run(&x);
    /* (2^64-1)^2 >> 64 = 2^64 - 2; (2^64-1)(2^32+1) >> 64 = 2^32 */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0xfffffffeu, 0xffffffffu, 0, 1);
    /* 0xfedcba9876543210 * 0x123456789abcdef0: unsigned and signed high words */
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0xd77d7422u, 0x121fa00au, 0x3cc09532u, 0xffeb4992u);
    /* -1 * 5 >> 64 = -1; -2^40 * 2^40 >> 64 = -2^16 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0xffffffffu, 0xffffffffu, 0xffff0000u, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 0, 1, 0xd77d7422u, 0x121fa00au);
    lt_free(&x);
}

/* Carry and overflow of integer ADD/SUB/MAD/SAD (NV_gpu_program4
 * 2.X.4.3), seen through conditional writes on CF and OF: CF is the
 * unsigned carry of an add or "no borrow" of a subtract, OF the signed
 * overflow; a negated operand turns an add into a subtract and back. */
static void test_carry_overflow(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nUINT ATTRIB b = vertex.attrib[2];\nINT ATTRIB a = vertex.attrib[2];\nTEMP t, r;\n"
            "ADD.U.CC t, b, 1;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U r (OF), 2;\nMOV.U result.texcoord[0], r;\n"
            "SUB.U.CC t, b, 5;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U r (OF), 2;\nMOV.U result.texcoord[1], r;\n"
            "SUB.S.CC t, a.zzzz, -1;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U r (OF), 2;\nMOV.U result.texcoord[2], r;\n"
            "MAD.U.CC t, b, 2, b;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U result.texcoord[3], r;\n"
            "SAD.U.CC t, b, 1, 0xfffffffe;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U result.texcoord[4], r;\n"
            "MUL.U.CC t, b, 0x10000;\nMOV.U r, 0;\nMOV.U r (CF), 1;\nMOV.U r (OF), 2;\nMOV.U result.texcoord[5], r;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[2]", 0xffffffffu, 1, 0x7fffffffu, 5);
    lt_run(&x);
    /* 0xffffffff + 1 carries; 0x7fffffff + 1 overflows */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 1, 0, 2, 0);
    /* 1 - 5 borrows; 5 - 5 does not */
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 1, 0, 1, 1);
    /* 0x7fffffff - (-1) = 0x7fffffff + 1: overflow, no carry */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 2, 2, 2, 2);
    /* MAD: the flags of the add: 0xfffffffe + 0xffffffff, 0xfffffffe + 0x7fffffff carry */
    lt_expect_u(&x, "result.texcoord[3]", 0xf, 1, 0, 1, 0);
    /* SAD: |b - 1| + 0xfffffffe carries unless |b - 1| is 0 */
    lt_expect_u(&x, "result.texcoord[4]", 0xf, 1, 0, 1, 1);
    /* MUL clears both even when the product overflows */
    lt_expect_u(&x, "result.texcoord[5]", 0xf, 0, 0, 0, 0);
    lt_free(&x);
}

/* LONG arrays: element i is element i of both register arrays, so a
 * relative index reaches both halves; a 32-bit instruction reading a LONG
 * variable sees narrowed values, one writing it widens its result. */
static void test_long_arrays(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\nLONG TEMP arr[3];\nINT TEMP i;\nLONG TEMP d;\n"
            "MOV.S i, {2, 1, 0, 0};\n"
            "MOV.F64 arr[0], 0;\nMOV.F64 arr[1], f;\nADD.F64 arr[2], f, f;\n"
            "MOV.F64 d, arr[i.x];\n"
            "MOV.F64 result.texcoord[0], d;\n"
            "MOV result.texcoord[1], arr[i.y];\n"    /* a 32-bit read: narrowed */
            "I2F d.yw, {7, -3, 5, -9};\n"             /* a 32-bit result widened into d */
            "UP64.F result.texcoord[2], d.ywxz;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 1.5f, -2.0f, 0.25f, 8.0f);
    lt_run(&x);
    lt_expect(&x, "result.texcoord[0]", 0xf, 3.0f, -4.0f, 0.5f, 16.0f);
    lt_expect(&x, "result.texcoord[1]", 0xf, 1.5f, -2.0f, 0.25f, 8.0f);
    /* -3.0 = 0xc0080000 00000000, -9.0 = 0xc0220000 00000000 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0xc0080000u, 0, 0xc0220000u);
    lt_free(&x);
}

/* Float-to-integer results the specs leave undefined (NaN, out of
 * range): FLR/CEIL/ROUND/TRUNC.S/.U saturate and map NaN to 0, as TGSI's
 * F2I/F2U do; CVT without .SAT keeps the low bits of the (64-bit) integer,
 * NaN gives 0 (docs/spec-decisions.md). */
static void test_float_to_int_undefined(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB f = vertex.attrib[1];\n"
            "FLR.S result.texcoord[0], f;\nTRUNC.U result.texcoord[1], f;\n"
            "CVT.S32.F32 result.texcoord[2], f;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", NAN, 3e9f, -3e9f, -1.0f);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0, 0x7fffffffu, 0x80000000u, (uint32_t)-1);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0, 3000000000u, 0, 0);
    /* 3e9 = 0xb2d05e00; -3e9 = 0xffffffff4d2fa200 */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0xb2d05e00u, 0x4d2fa200u, (uint32_t)-1);
    lt_free(&x);
}

/* What stays untranslated says so with the instruction's name. */
static void test_untranslated(void **state)
{
    (void)state;
    expect_lower_error("!!NVvp5.0\nLONG TEMP d;\nTEMP t;\nXPD t.xyz, d, d;\nEND\n", "XPD reading a LONG");
}

/* Each area's rows: every arithmetic opcode of Table X.13 listed in this
 * file has a row here. */
static void test_rows(void **state)
{
    (void)state;
    static const nv_opcode ops[] = {
        NV_OP_ABS, NV_OP_ADD, NV_OP_AND, NV_OP_BFE, NV_OP_BFI, NV_OP_BFR, NV_OP_BTC, NV_OP_BTFL, NV_OP_BTFM,
        NV_OP_CEIL, NV_OP_CMP, NV_OP_COS, NV_OP_CVT, NV_OP_DDX, NV_OP_DDY, NV_OP_DIV, NV_OP_DP2, NV_OP_DP2A,
        NV_OP_DP3, NV_OP_DP4, NV_OP_DPH, NV_OP_DST, NV_OP_EX2, NV_OP_FLR, NV_OP_FRC, NV_OP_I2F, NV_OP_LG2,
        NV_OP_LIT, NV_OP_LRP, NV_OP_MAD, NV_OP_MAX, NV_OP_MIN, NV_OP_MOD, NV_OP_MOV, NV_OP_MUL, NV_OP_NOT,
        NV_OP_NRM, NV_OP_OR, NV_OP_PK2H, NV_OP_PK2US, NV_OP_PK4B, NV_OP_PK4UB, NV_OP_PK64, NV_OP_POW,
        NV_OP_RCC, NV_OP_RCP, NV_OP_RFL, NV_OP_ROUND, NV_OP_RSQ, NV_OP_SAD, NV_OP_SCS, NV_OP_SEQ, NV_OP_SFL,
        NV_OP_SGE, NV_OP_SGT, NV_OP_SHL, NV_OP_SHR, NV_OP_SIN, NV_OP_SLE, NV_OP_SLT, NV_OP_SNE, NV_OP_SSG,
        NV_OP_STR, NV_OP_SUB, NV_OP_SWZ, NV_OP_TRUNC, NV_OP_UP2H, NV_OP_UP2US, NV_OP_UP4B, NV_OP_UP4UB,
        NV_OP_UP64, NV_OP_X2D, NV_OP_XOR, NV_OP_XPD,
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        assert_non_null(lower_gp_alu_rows[ops[i]].fn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_float_arith),
        cmocka_unit_test(test_int_arith),
        cmocka_unit_test(test_bitwise),
        cmocka_unit_test(test_set),
        cmocka_unit_test(test_round_and_i2f),
        cmocka_unit_test(test_bits),
        cmocka_unit_test(test_float_sequences),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_cvt),
        cmocka_unit_test(test_cvt_sat),
        cmocka_unit_test(test_cvt_float_rounding),
        cmocka_unit_test(test_f64),
        cmocka_unit_test(test_int64),
        cmocka_unit_test(test_more_float_forms),
        cmocka_unit_test(test_more_64bit_forms),
        cmocka_unit_test(test_mul_hi64),
        cmocka_unit_test(test_carry_overflow),
        cmocka_unit_test(test_long_arrays),
        cmocka_unit_test(test_float_to_int_undefined),
        cmocka_unit_test(test_untranslated),
        cmocka_unit_test(test_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
