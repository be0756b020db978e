/* The NV_gpu_program4/5 lowering's driver (lower_gp.c): the areas' rows
 * never overlap, instructions compute in the type their modifier or Table
 * X.13's default names, and literals are typed by use. */
#include "lower_test_util.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_disjoint),
        cmocka_unit_test(test_typed_literals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
