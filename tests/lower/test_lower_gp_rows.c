/* Every instruction of the NV_gpu_program4/5 languages (an nv_opcodes.def
 * row whose V column is 40, 41 or 50) has exactly one lowering row
 * (lower_gp_row_of), so no 4.0/5.0 program fails for want of a
 * translation of its opcode. */
#include "lower_test_util.h"

#include "lower/lower_gp.h"

static void test_every_opcode_has_a_row(void **state)
{
    (void)state;
    unsigned missing = 0, isa = 0;
    for (unsigned op = 0; op < NV_OP_COUNT; op++) {
        const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)op);
        if (info->isa != 40 && info->isa != 41 && info->isa != 50)
            continue;
        isa++;
        if (!lower_gp_row_of((nv_opcode)op)) {
            fprintf(stderr, "%s (V %u) has no lowering row\n", info->name, info->isa);
            missing++;
        }
    }
    printf("%u NV_gpu_program4/5 opcodes, %u without a lowering row\n", isa, missing);
    assert_true(isa > 100);
    assert_int_equal(missing, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_opcode_has_a_row)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
