/* Integer and bitwise opcodes; expected values by hand from tgsi.rst
 * (shift counts masked with 0x1f, UDIV/UMOD by 0 = ~0, the IBFE/UBFE/BFI
 * pseudocode, LSB/IMSB/UMSB returning -1) and nvgp's documented choices
 * where tgsi.rst is silent (IDIV by 0 = 0, MOD by 0 = -1, INT_MIN / -1 =
 * INT_MIN). */
#include "exec_cases.h"

#define IMIN32 0x80000000u

static const xcase arith[] = {
    { "UADD OUT[0], IN[0], IN[1]", { U4(0xffffffff, 1, 5, IMIN32), U4(1, 2, -7, IMIN32) },
      U4(0, 3, -2, 0), 0 },
    { "UADD OUT[0], IN[0], -IN[1]", { U4(5, 0, 0, 0), U4(3, 1, IMIN32, 0) }, U4(2, -1, IMIN32, 0), 0 },
    { "UADD OUT[0], IN[0], |IN[1]|", { U4(0, 0, 0, 0), U4(-3, 3, IMIN32, 0) }, U4(3, 3, IMIN32, 0), 0 },
    { "UMUL OUT[0], IN[0], IN[1]", { U4(0x10000, 3, -2, 0xffffffff), U4(0x10000, 5, 3, 0xffffffff) },
      U4(0, 15, -6, 1), 0 },
    { "UMAD OUT[0], IN[0], IN[1], IN[2]", { U4(0x10000, 3, -2, 7), U4(0x10000, 5, 3, 0), U4(1, 1, 6, 9) },
      U4(1, 16, 0, 9), 0 },
    { "IMUL_HI OUT[0], IN[0], IN[1]", { U4(-2, 0x40000000, IMIN32, 7), U4(3, 4, IMIN32, 7) },
      U4(0xffffffff, 1, 0x40000000, 0), 0 },
    { "UMUL_HI OUT[0], IN[0], IN[1]", { U4(0xffffffff, 0x40000000, 2, 0), U4(0xffffffff, 4, 3, 5) },
      U4(0xfffffffe, 1, 0, 0), 0 },
    { "IDIV OUT[0], IN[0], IN[1]", { U4(7, -7, IMIN32, 5), U4(-2, 2, -1, 0) },
      U4(-3, -3, IMIN32, 0), 0 },
    { "UDIV OUT[0], IN[0], IN[1]", { U4(7, 0xffffffff, 5, 0), U4(2, 16, 0, 0) },
      U4(3, 0x0fffffff, 0xffffffff, 0xffffffff), 0 },
    { "UMOD OUT[0], IN[0], IN[1]", { U4(7, 0xffffffff, 5, 0), U4(3, 16, 0, 7) },
      U4(1, 15, 0xffffffff, 0), 0 },
    { "MOD OUT[0], IN[0], IN[1]", { U4(-7, 7, IMIN32, 5), U4(3, -3, -1, 0) }, U4(-1, 1, 0, -1), 0 },
    { "INEG OUT[0], IN[0]", { U4(5, 0, IMIN32, -1) }, U4(-5, 0, IMIN32, 1), 0 },
    { "IABS OUT[0], IN[0]", { U4(5, -3, IMIN32, 0) }, U4(5, 3, IMIN32, 0), 0 },
    { "ISSG OUT[0], IN[0]", { U4(-5, 0, 7, IMIN32) }, U4(-1, 0, 1, -1), 0 },
    { "IMAX OUT[0], IN[0], IN[1]", { U4(-1, 5, IMIN32, 3), U4(1, 2, 0x7fffffff, 3) },
      U4(1, 5, 0x7fffffff, 3), 0 },
    { "UMAX OUT[0], IN[0], IN[1]", { U4(0xffffffff, 5, 0, 3), U4(1, 2, 0, 4) }, U4(0xffffffff, 5, 0, 4), 0 },
    { "IMIN OUT[0], IN[0], IN[1]", { U4(-1, 5, IMIN32, 3), U4(1, 2, 0x7fffffff, 3) },
      U4(-1, 2, IMIN32, 3), 0 },
    { "UMIN OUT[0], IN[0], IN[1]", { U4(0xffffffff, 5, 0, 3), U4(1, 2, 0, 4) }, U4(1, 2, 0, 3), 0 },
    { "UCMP OUT[0], IN[0], IN[1], IN[2]", { U4(0, 1, 0x80000000, 0), U4(10, 11, 12, 13), U4(20, 21, 22, 23) },
      U4(20, 11, 12, 23), 0 },
    { "UARL TEMP[0], IN[0]\n  1: MOV OUT[0], TEMP[0]", { U4(3, -2, 0, 7) }, U4(3, -2, 0, 7), 0 },
};

static void test_arith(void **state)
{
    (void)state;
    RUN_CASES(arith);
}

static const xcase compares[] = {
    { "ISLT OUT[0], IN[0], IN[1]", { U4(-1, 1, IMIN32, 2), U4(1, -1, 0x7fffffff, 2) }, U4(~0u, 0, ~0u, 0), 0 },
    { "USLT OUT[0], IN[0], IN[1]", { U4(-1, 1, IMIN32, 2), U4(1, -1, 0x7fffffff, 2) }, U4(0, ~0u, 0, 0), 0 },
    { "ISGE OUT[0], IN[0], IN[1]", { U4(-1, 1, IMIN32, 2), U4(1, -1, 0x7fffffff, 2) }, U4(0, ~0u, 0, ~0u), 0 },
    { "USGE OUT[0], IN[0], IN[1]", { U4(-1, 1, IMIN32, 2), U4(1, -1, 0x7fffffff, 2) }, U4(~0u, 0, ~0u, ~0u), 0 },
    { "USEQ OUT[0], IN[0], IN[1]", { U4(0, 1, 2, 3), U4(0, 2, 2, 4) }, U4(~0u, 0, ~0u, 0), 0 },
    { "USNE OUT[0], IN[0], IN[1]", { U4(0, 1, 2, 3), U4(0, 2, 2, 4) }, U4(0, ~0u, 0, ~0u), 0 },
};

static void test_compares(void **state)
{
    (void)state;
    RUN_CASES(compares);
}

static const xcase bitwise[] = {
    { "NOT OUT[0], IN[0]", { U4(0, 0xffffffff, 0x0f0f0f0f, 1) }, U4(0xffffffff, 0, 0xf0f0f0f0, 0xfffffffe), 0 },
    { "AND OUT[0], IN[0], IN[1]", { U4(0xff00, 0xffffffff, 0, 6), U4(0x0ff0, 0x12345678, 5, 3) },
      U4(0x0f00, 0x12345678, 0, 2), 0 },
    { "OR OUT[0], IN[0], IN[1]", { U4(0xff00, 0, 0, 6), U4(0x0ff0, 0x12345678, 5, 3) },
      U4(0xfff0, 0x12345678, 5, 7), 0 },
    { "XOR OUT[0], IN[0], IN[1]", { U4(0xff00, 0xffffffff, 0, 6), U4(0x0ff0, 0x12345678, 5, 3) },
      U4(0xf0f0, 0xedcba987, 5, 5), 0 },
    /* shift counts are masked with 0x1f: 33 -> 1, 32 -> 0, 63 -> 31 */
    { "SHL OUT[0], IN[0], IN[1]", { U4(1, 1, 3, 1), U4(4, 33, 32, 31) }, U4(16, 2, 3, IMIN32), 0 },
    { "ISHR OUT[0], IN[0], IN[1]", { U4(-8, IMIN32, IMIN32, 0x40000000), U4(1, 31, 32, 63) },
      U4(-4, 0xffffffff, IMIN32, 0), 0 },
    { "USHR OUT[0], IN[0], IN[1]", { U4(-8, IMIN32, IMIN32, 0x40000000), U4(1, 31, 32, 63) },
      U4(0x7ffffffc, 1, IMIN32, 0), 0 },
    /* ibfe/ubfe: (value << (32 - offset - bits)) >> (32 - bits); bits = 0 gives 0 */
    { "IBFE OUT[0], IN[0], IN[1], IN[2]", { U4(0xf0, 0xf0, 0x12345678, IMIN32), U4(4, 4, 8, 0),
      U4(4, 5, 0, 32) }, U4(-1, 15, 0, IMIN32), 0 },
    { "UBFE OUT[0], IN[0], IN[1], IN[2]", { U4(0xf0, 0x12345678, 0x12345678, 0xdeadbeef), U4(4, 8, 28, 0),
      U4(4, 8, 4, 32) }, U4(15, 0x56, 1, 0xdeadbeef), 0 },
    { "IBFE OUT[0], IN[0], IN[1], IN[2]", { U4(0x12345678, 0x00008000, 0, 0), U4(28, 15, 0, 0),
      U4(4, 1, 0, 0) }, U4(1, -1, 0, 0), 0x3 },
    { "BREV OUT[0], IN[0]", { U4(1, 0x80000000, 0x12345678, 0) }, U4(0x80000000, 1, 0x1e6a2c48, 0), 0 },
    { "POPC OUT[0], IN[0]", { U4(0xff00ff00, 0, 0xffffffff, 7) }, U4(16, 0, 32, 3), 0 },
    { "LSB OUT[0], IN[0]", { U4(0, 0x80, IMIN32, 0xffffffff) }, U4(-1, 7, 31, 0), 0 },
    { "UMSB OUT[0], IN[0]", { U4(0, 0x80, IMIN32, 1) }, U4(-1, 7, 31, 0), 0 },
    /* highest bit differing from the sign bit; -1 for 0 and -1 */
    { "IMSB OUT[0], IN[0]", { U4(0, -1, -2, 0x7fffffff) }, U4(-1, -1, 0, 30), 0 },
    { "IMSB OUT[0], IN[0]", { U4(IMIN32, 1, 0x100, -0x100) }, U4(30, 0, 8, 7), 0 },
    /* SAD (legacy): |a - b| + c */
    { "SAD OUT[0], IN[0], IN[1], IN[2]", { U4(5, 3, 0, 0xffffffff), U4(3, 5, 0xffffffff, 0), U4(1, 1, 1, 1) },
      U4(3, 3, 0, 0), 0 },
};

static void test_bitwise(void **state)
{
    (void)state;
    RUN_CASES(bitwise);
}

/* BFI needs four sources: base, insert, offset, bits, given per component. */
static void test_bfi(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, "VERT\nDCL IN[0..3]\nDCL OUT[0], GENERIC[0]\n"
                "  0: BFI OUT[0], IN[0], IN[1], IN[2], IN[3]\n  1: END\n", 1, 1);
    xt_in_u(&x, 0, 0, 0xffffffff, 0, 0x12345678, 0x55555555);
    xt_in_u(&x, 0, 1, 0, 0xdeadbeef, 0xabcd, 0xff);
    xt_in_u(&x, 0, 2, 8, 0, 16, 28);
    xt_in_u(&x, 0, 3, 8, 32, 16, 4);
    xt_run(&x);
    /* base with bits 8..15 cleared; insert when bits = 32 and offset = 0;
     * 0xabcd into bits 16..31; 0xf into bits 28..31 */
    xt_expect4u(&x, 0, 0, 0xffff00ff, 0xdeadbeef, 0xabcd5678, 0xf5555555);
    xt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arith),
        cmocka_unit_test(test_compares),
        cmocka_unit_test(test_bitwise),
        cmocka_unit_test(test_bfi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
