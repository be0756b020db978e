/* Double and 64-bit integer opcodes.  Operands are register pairs (xy, zw),
 * low word first; the double bit patterns below are worked out by hand
 * (sign, 11-bit exponent biased by 1023, 52-bit fraction), e.g. 1.5 =
 * 0x3ff8000000000000. */
#include "exec_cases.h"

/* a pair of doubles given by their high words (low words zero) */
#define DH(h0, h1) D2(0, h0, 0, h1)

#define D_1_5 0x3ff80000u
#define D_M1_5 0xbff80000u
#define D_2_25 0x40020000u
#define D_3_75 0x400e0000u
#define D_M1_25 0xbff40000u
#define D_1_25 0x3ff40000u
#define D_0_75 0x3fe80000u
#define D_0_5 0x3fe00000u
#define D_0_25 0x3fd00000u
#define D_M0_25 0xbfd00000u
#define D_1 0x3ff00000u
#define D_M1 0xbff00000u
#define D_2 0x40000000u
#define D_M2 0xc0000000u
#define D_2_5 0x40040000u
#define D_M2_5 0xc0040000u
#define D_3 0x40080000u
#define D_M3 0xc0080000u
#define D_3_25 0x400a0000u
#define D_3_375 0x400b0000u
#define D_3_5 0x400c0000u
#define D_4 0x40100000u
#define D_6_25 0x40190000u
#define D_M6 0xc0180000u
#define D_7 0x401c0000u
#define D_12 0x40280000u
#define D_INF 0x7ff00000u
#define D_NAN 0x7ff80000u
#define D_M0 0x80000000u

static const xcase dbl[] = {
    { "DADD OUT[0], IN[0], IN[1]", { DH(D_1_5, D_M1_25), DH(D_2_25, D_1_25) }, DH(D_3_75, 0), 0 },
    { "DADD OUT[0], IN[0], -IN[1]", { DH(D_1_5, D_2), DH(D_1_5, D_M1) }, DH(0, D_3), 0 },
    { "DADD OUT[0].xy, IN[0].zwxy, IN[1]", { DH(D_1_5, D_2), DH(D_1, D_M1) }, DH(D_3, 0), 0x3 },
    { "DMUL OUT[0], IN[0], IN[1]", { DH(D_1_5, D_M2), DH(D_2_25, D_3) }, DH(D_3_375, D_M6), 0 },
    { "DDIV OUT[0], IN[0], IN[1]", { DH(D_1, D_M1), DH(0, D_4) }, DH(D_INF, D_M0_25), 0 },
    { "DMAD OUT[0], IN[0], IN[1], IN[2]", { DH(D_1_5, D_2), DH(D_2, D_3), DH(D_0_25, D_1) },
      DH(D_3_25, D_7), 0 },
    { "DFMA OUT[0], IN[0], IN[1], IN[2]", { DH(D_1_5, D_2), DH(D_2, D_3), DH(D_0_25, D_1) },
      DH(D_3_25, D_7), 0 },
    { "DMIN OUT[0], IN[0], IN[1]", { DH(D_1_5, D_M2), DH(D_2_25, D_3) }, DH(D_1_5, D_M2), 0 },
    { "DMAX OUT[0], IN[0], IN[1]", { DH(D_1_5, D_M2), DH(D_2_25, D_3) }, DH(D_2_25, D_3), 0 },
    { "DRCP OUT[0], IN[0]", { DH(D_4, 0) }, DH(D_0_25, D_INF), 0 },
    { "DSQRT OUT[0], IN[0]", { DH(D_6_25, D_4) }, DH(D_2_5, D_2), 0 },
    { "DSQRT OUT[0], IN[0]", { DH(D_M1, D_M0) }, DH(D_NAN, D_M0), 0x3 },
    { "DRSQ OUT[0], IN[0]", { DH(D_0_25, D_4) }, DH(D_2, D_0_5), 0 },
    { "DABS OUT[0], IN[0]", { DH(D_M1_5, D_2) }, DH(D_1_5, D_2), 0 },
    { "DNEG OUT[0], IN[0]", { DH(D_1_5, 0) }, DH(D_M1_5, D_M0), 0 },
    { "DADD OUT[0], |IN[0]|, IN[1]", { DH(D_M1_5, D_M2), DH(0, 0) }, DH(D_1_5, D_2), 0 },
    { "DFRAC OUT[0], IN[0]", { DH(D_M1_25, D_2_5) }, DH(D_0_75, D_0_5), 0 },
    { "DTRUNC OUT[0], IN[0]", { DH(D_M1_5, D_2_5) }, DH(D_M1, D_2), 0 },
    { "DCEIL OUT[0], IN[0]", { DH(D_M1_5, D_2_5) }, DH(D_M1, D_3), 0 },
    { "DFLR OUT[0], IN[0]", { DH(D_M1_5, D_2_5) }, DH(D_M2, D_2), 0 },
    { "DROUND OUT[0], IN[0]", { DH(D_2_5, D_M1_5) }, DH(D_2, D_M2), 0 },
    { "DSSG OUT[0], IN[0]", { DH(D_M1_5, 0) }, DH(D_M1, 0), 0 },
    /* exponent from src1.x for xy and src1.z for zw */
    { "DLDEXP OUT[0], IN[0], IN[1]", { DH(D_1_5, D_2_5), U4(3, 99, -1, 99) }, DH(D_12, D_1_25), 0 },
    /* comparisons: ~0 / 0 in x and z */
    { "DSEQ OUT[0], IN[0], IN[1]", { DH(D_1_5, D_2), DH(D_1_5, D_3) }, U4(~0u, 0, 0, 0), 0x5 },
    { "DSNE OUT[0], IN[0], IN[1]", { DH(D_1_5, D_NAN), DH(D_1_5, D_NAN) }, U4(0, 0, ~0u, 0), 0x5 },
    { "DSLT OUT[0], IN[0], IN[1]", { DH(D_1_5, D_3), DH(D_2_25, D_3) }, U4(~0u, 0, 0, 0), 0x5 },
    { "DSGE OUT[0], IN[0], IN[1]", { DH(D_1_5, D_3), DH(D_2_25, D_3) }, U4(0, 0, ~0u, 0), 0x5 },
    /* narrowing: x from xy, y from zw */
    { "D2F OUT[0], IN[0]", { DH(D_1_5, D_M2_5) }, F4(1.5f, -2.5f, 0, 0), 0x3 },
    { "D2I OUT[0], IN[0]", { DH(D_M2_5, D_INF) }, U4(-2, 0x7fffffff, 0, 0), 0x3 },
    { "D2U OUT[0], IN[0]", { DH(D_3_5, D_M1) }, U4(3, 0, 0, 0), 0x3 },
    /* widening: xy from x, zw from y */
    { "F2D OUT[0], IN[0]", { F4(1.5f, -2, 9, 9) }, DH(D_1_5, D_M2), 0 },
    { "I2D OUT[0], IN[0]", { U4(-3, 7, 9, 9) }, DH(D_M3, D_7), 0 },
    /* 2^32 - 1 = 1.111...1 (31 ones) x 2^31: 0x41efffffffe00000 */
    { "U2D OUT[0], IN[0]", { U4(0xffffffff, 0, 9, 9) }, D2(0xffe00000u, 0x41efffffu, 0, 0), 0 },
};

static void test_double(void **state)
{
    (void)state;
    RUN_CASES(dbl);
}

#define Q(lo, hi) U(lo), U(hi)
#define Q2(a, b, c, d) { U(a), U(b), U(c), U(d) }

static const xcase i64[] = {
    /* carries across the word boundary */
    { "U64ADD OUT[0], IN[0], IN[1]", { Q2(0xffffffff, 0, 0xffffffff, 0xffffffff), Q2(1, 0, 2, 0) },
      Q2(0, 1, 1, 0), 0 },
    { "U64ADD OUT[0], IN[0], -IN[1]", { Q2(0, 1, 5, 0), Q2(1, 0, 5, 0) }, Q2(0xffffffff, 0, 0, 0), 0 },
    { "U64MUL OUT[0], IN[0], IN[1]", { Q2(0xffffffff, 0, 0, 1), Q2(0xffffffff, 0, 0, 1) },
      Q2(1, 0xfffffffe, 0, 0), 0 },
    { "I64DIV OUT[0], IN[0], IN[1]", { Q2(-7, -1, 0, 0x80000000), Q2(2, 0, -1, -1) },
      Q2(-3, -1, 0, 0x80000000), 0 },
    { "I64DIV OUT[0], IN[0], IN[1]", { Q2(5, 0, 0, 0), Q2(0, 0, 1, 0) }, Q2(0, 0, 0, 0), 0 },
    { "U64DIV OUT[0], IN[0], IN[1]", { Q2(10, 0, 5, 0), Q2(3, 0, 0, 0) }, Q2(3, 0, -1, -1), 0 },
    { "U64MOD OUT[0], IN[0], IN[1]", { Q2(10, 0, 5, 0), Q2(3, 0, 0, 0) }, Q2(1, 0, -1, -1), 0 },
    { "I64MOD OUT[0], IN[0], IN[1]", { Q2(-7, -1, 5, 0), Q2(3, 0, 0, 0) }, Q2(-1, -1, -1, -1), 0 },
    /* counts masked with 0x3f, taken from src1.x (xy) and src1.y (zw) */
    { "U64SHL OUT[0], IN[0], IN[1]", { Q2(1, 0, 1, 0), U4(63, 64, 0, 0) }, Q2(0, 0x80000000, 1, 0), 0 },
    { "U64SHL OUT[0], IN[0], IN[1]", { Q2(0x80000001, 0, 3, 0), U4(1, 32, 0, 0) }, Q2(2, 1, 0, 3), 0 },
    { "I64SHR OUT[0], IN[0], IN[1]", { Q2(0, 0x80000000, 0, 0x80000000), U4(63, 64, 0, 0) },
      Q2(-1, -1, 0, 0x80000000), 0 },
    { "U64SHR OUT[0], IN[0], IN[1]", { Q2(0, 0x80000000, 0, 0xffffffff), U4(63, 32, 0, 0) },
      Q2(1, 0, 0xffffffff, 0), 0 },
    { "I64ABS OUT[0], IN[0]", { Q2(-5, -1, 0, 0x80000000) }, Q2(5, 0, 0, 0x80000000), 0 },
    { "I64NEG OUT[0], IN[0]", { Q2(5, 0, 0, 0) }, Q2(-5, -1, 0, 0), 0 },
    { "I64SSG OUT[0], IN[0]", { Q2(-5, -1, 0, 1) }, Q2(-1, -1, 1, 0), 0 },
    { "I64MIN OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) },
      Q2(-1, -1, 0xffffffff, 0), 0 },
    { "U64MIN OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) },
      Q2(1, 0, 0xffffffff, 0), 0 },
    { "I64MAX OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) }, Q2(1, 0, 0, 1), 0 },
    { "U64MAX OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) }, Q2(-1, -1, 0, 1), 0 },
    { "U64SEQ OUT[0], IN[0], IN[1]", { Q2(5, 1, 5, 1), Q2(5, 1, 5, 2) }, U4(~0u, 0, 0, 0), 0x5 },
    { "U64SNE OUT[0], IN[0], IN[1]", { Q2(5, 1, 5, 1), Q2(5, 1, 5, 2) }, U4(0, 0, ~0u, 0), 0x5 },
    { "U64SLT OUT[0], IN[0], IN[1]", { Q2(1, 0, 0, 1), Q2(-1, -1, 0xffffffff, 0) }, U4(~0u, 0, 0, 0), 0x5 },
    { "U64SGE OUT[0], IN[0], IN[1]", { Q2(1, 0, 0, 1), Q2(-1, -1, 0xffffffff, 0) }, U4(0, 0, ~0u, 0), 0x5 },
    { "I64SLT OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) }, U4(~0u, 0, 0, 0), 0x5 },
    { "I64SGE OUT[0], IN[0], IN[1]", { Q2(-1, -1, 0, 1), Q2(1, 0, 0xffffffff, 0) }, U4(0, 0, ~0u, 0), 0x5 },
    { "F2U64 OUT[0], IN[0]", { F4(3.5f, -1, 0, 0) }, Q2(3, 0, 0, 0), 0 },
    { "F2I64 OUT[0], IN[0]", { F4(-2.5f, 1e19f, 0, 0) }, Q2(-2, -1, 0xffffffff, 0x7fffffff), 0 },
    { "F2U64 OUT[0], IN[0]", { F4(4294967296.0f, NAN, 0, 0) }, Q2(0, 1, 0, 0), 0 },
    { "U2I64 OUT[0], IN[0]", { U4(0xffffffff, 0x80000000, 0, 0) }, Q2(0xffffffff, 0, 0x80000000, 0), 0 },
    { "I2I64 OUT[0], IN[0]", { U4(-1, 5, 0, 0) }, Q2(-1, -1, 5, 0), 0 },
    { "D2U64 OUT[0], IN[0]", { DH(D_3_5, D_M1) }, Q2(3, 0, 0, 0), 0 },
    { "D2I64 OUT[0], IN[0]", { DH(D_M2_5, D_INF) }, Q2(-2, -1, 0xffffffff, 0x7fffffff), 0 },
    /* 2^32 as float, and 2^64 - 1 rounds to 2^64 */
    { "U642F OUT[0], IN[0]", { Q2(0, 1, -1, -1) }, F4(4294967296.0f, 18446744073709551616.0f, 0, 0), 0x3 },
    { "I642F OUT[0], IN[0]", { Q2(-1, -1, 3, 0) }, F4(-1, 3, 0, 0), 0x3 },
    /* 2^32 = 0x41f0000000000000, -3 = 0xc008000000000000 */
    { "U642D OUT[0], IN[0]", { Q2(0, 1, 0, 0) }, DH(0x41f00000u, 0), 0 },
    { "I642D OUT[0], IN[0]", { Q2(-3, -1, 7, 0) }, DH(D_M3, D_7), 0 },
};

static void test_int64(void **state)
{
    (void)state;
    RUN_CASES(i64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_double),
        cmocka_unit_test(test_int64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
