/* The NV_gpu_program4/5 lowering's driver (lower_gp_inst.c): the areas' rows
 * never overlap, instructions compute in the type their modifier or Table
 * X.13's default names, and literals are typed by use. */
#include "lower_test_util.h"

#include "exec/texture.h"
#include "lower/lower_gp.h"

static void test_rows_disjoint(void **state)
{
    (void)state;
    const lower_gp_row *areas[] = {lower_gp_alu_rows, lower_gp_flow_rows, lower_gp_mem_rows, lower_gp_tex_rows};
    for (unsigned op = 0; op < NV_OP_COUNT; op++) {
        unsigned n = 0;
        for (unsigned a = 0; a < sizeof areas / sizeof *areas; a++)
            n += areas[a][op].fn != NULL;
        if (n > 1)
            fprintf(stderr, "%s has rows in %u areas\n", nvgp_nv_opcode_info((nv_opcode)op)->name, n);
        assert_true(n <= 1);
        assert_true((n == 1) == (lower_gp_row_of((nv_opcode)op) != NULL));
    }
}

/* NV_gpu_program4 2.X.4.1: "ADD.S" adds integers; an integer literal in a
 * float instruction is that number as a float. */
static void test_typed_literals(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB p = vertex.attrib[1];\nTEMP t, u;\n"
            "ADD.F t, p, 1;\nMOV.S u, 7;\nADD.S u.y, u, -9;\n"
            "MOV result.position, t;\nMOV result.texcoord[0], u;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", 0.5f, -1.0f, 2.0f, 3.0f);
    lt_run(&x);
    lt_expect(&x, "result.position", 0xf, 1.5f, 0.0f, 3.0f, 4.0f);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 7, (uint32_t)-2, 7, 7);
    lt_free(&x);
}

/* NV_gpu_program4 2.X.4.2: on integer operands "-" is a two's complement
 * negation, |x| an integer absolute value (none on unsigned operands), and
 * issue (22): -(-2^31) and |-2^31| are -2^31.  MOV has no integer TGSI
 * form, so this is where a float sign flip would show. */
static void test_integer_operand_modifiers(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nINT TEMP t, u;\nUINT TEMP v;\n"
            "MOV.S t, -1;\nMOV.S t.y, -a.x;\nMOV.S t.z, |a.y|;\nMOV.S t.w, -|a.z|;\n"
            "MOV.S u, -a.w;\nMOV.S u.y, |a.w|;\nADD.S u.z, a.x, -a.y;\nMOV.S u.w, -7;\n"
            "MOV.U v, |-a|;\nMOV.U v.y, -a.x;\n"
            "MOV.S result.texcoord[0], t;\nMOV.S result.texcoord[1], u;\nMOV.U result.texcoord[2], v;\nEND\n",
            1);
    lt_in_u(&x, "vertex.attrib[1]", 5, (uint32_t)-3, (uint32_t)-9, 0x80000000u);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 0xffffffffu, (uint32_t)-5, 3, (uint32_t)-9);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 0x80000000u, 0x80000000u, 8, (uint32_t)-7);
    lt_expect_u(&x, "result.texcoord[2]", 0x3, (uint32_t)-5, (uint32_t)-5, 0, 0);
    lt_free(&x);
}

/* NV_gpu_program4 2.X.4.2, relative addressing: "the GL evaluates the
 * specified integer scalar operand ... and adds the constant offset.  The
 * array member loaded is given by this sum."  TEXTURE arr[] = texture[2..5]
 * read as arr[idx.x + 1] uses unit 2 + 1 + idx.x.  Unit u holds one texel
 * whose red is 10 u + 1; a sum past the array reads nothing. */
static void test_texture_array_relative_offset(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB c = vertex.attrib[1];\nATTRIB k = vertex.attrib[2];\n"
            "TEXTURE arr[] = { texture[2..5] };\nINT TEMP idx;\n"
            "MOV.S idx, k;\n"
            "TEX result.texcoord[0], c, arr[idx.x + 1], 2D;\n"
            "TEX result.texcoord[1], c, arr[idx.x + 3], 2D;\n"
            "MOV result.position, c;\nEND\n",
            4);
    nvgp_texture *t[8];
    for (uint32_t u = 0; u < 8; u++) {
        nvgp_texture_desc desc = {.target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F, .width = 1,
                                  .height = 1, .depth = 1, .layers = 1, .levels = 1, .samples = 1};
        t[u] = nvgp_texture_create(&desc, NULL);
        assert_non_null(t[u]);
        uint32_t texel[4] = {lt_bits((float)(10 * u + 1)), 0, 0, lt_bits(1.0f)};
        assert_true(nvgp_texture_set_image(t[u], 0, texel, sizeof texel, NULL));
        assert_int_equal(nvgp_exec_bind_texture(x.m, u, t[u]), NVGP_EXEC_OK);
    }
    lt_in(&x, "vertex.attrib[1]", 0.5f, 0.5f, 0.0f, 1.0f);
    const nvgp_lower_slot *k = nvgp_lower_map_find(x.map, NVGP_LOWER_INPUT, "vertex.attrib[2]");
    assert_non_null(k);
    for (uint32_t i = 0; i < 4; i++) { /* lane i: idx.x = i */
        uint32_t v[4] = {i, 0, 0, 0};
        assert_int_equal(nvgp_exec_set_input(x.m, i, 0, (uint32_t)k->index, v), NVGP_EXEC_OK);
    }
    lt_run(&x);
    /* arr[idx.x + 1]: units 3, 4, 5, then 6 (past the array: zero) */
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 1, lt_bits(31.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 1, lt_bits(41.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 2, 1, lt_bits(51.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 3, 0xf, 0, 0, 0, 0);
    /* arr[idx.x + 3]: unit 5, then past the array */
    lt_expect_u_at(&x, "result.texcoord[1]", 0, 1, lt_bits(51.0f), 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 1, 0xf, 0, 0, 0, 0);
    lt_free(&x);
    for (uint32_t u = 0; u < 8; u++)
        nvgp_texture_destroy(t[u]);
}

/* NV_gpu_program4 2.X.3.3 with 64-bit types (NV_gpu_program5): an integer
 * literal is the integer written, also beyond 2^53 where a double cannot
 * hold it: 2^53 + 1 = 0x0020000000000001, 2^64 - 1, 2^63 + 3 =
 * 0x8000000000000003, and -(2^53 + 1) = 0xffdfffffffffffff. */
static void test_wide_integer_literals(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nLONG TEMP e;\n"
            "MOV.U64 e.xy, {9007199254740993, 18446744073709551615, 0, 0};\n"
            "UP64.U result.texcoord[0], e;\n"
            "MOV.U64 e.x, 9223372036854775811;\nMOV.S64 e.y, -9007199254740993;\n"
            "UP64.U result.texcoord[1], e;\n"
            "MOV result.position, 0;\nEND\n",
            1);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 1, 0x00200000u, 0xffffffffu, 0xffffffffu);
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 3, 0x80000000u, 0xffffffffu, 0xffdfffffu);
    lt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_disjoint),
        cmocka_unit_test(test_typed_literals),
        cmocka_unit_test(test_integer_operand_modifiers),
        cmocka_unit_test(test_texture_array_relative_offset),
        cmocka_unit_test(test_wide_integer_literals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
