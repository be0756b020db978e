/* The JIT engine's operations by hand, at their edge cases: NaN operands of
 * MIN/MAX/SLT/SNE/FSEQ/CMP, signed zeros, infinities, saturation (NaN to
 * 0), float modifiers on NaN and zeros, no fused multiply-add in MAD,
 * the order of DP4/DPH's sums, RCP/RSQ of zeros and infinities, shift
 * counts of 32 and more, signed and unsigned integer comparisons, partial
 * write masks and destinations their sources read, and the transcendental
 * calls (which must give what the shared warp-wide routines give).
 *
 * Each program runs on one full warp (so the compiled region runs, not the
 * reference handlers of a divergent warp) on the JIT and on the reference
 * handlers; both must give the hand-computed words.  Exit 77 (not run) in
 * a build without the JIT or on a CPU LLVM cannot generate code for. */
#include "exec_test_util.h"
#include "engine_compare.h"
#include "exec/exec_fast.h"
#include "exec/exec_jit.h"
#include "exec/exec_vmath.h"

#include <pthread.h>
#include <stdlib.h>

static const char ops_text[] =
    "VERT\n"
    "DCL IN[0..6]\n"
    "DCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\nDCL OUT[2], GENERIC[2]\n"
    "DCL OUT[3], GENERIC[3]\nDCL OUT[4], GENERIC[4]\nDCL OUT[5], GENERIC[5]\n"
    "DCL OUT[6], GENERIC[6]\nDCL OUT[7], GENERIC[7]\nDCL OUT[8], GENERIC[8]\n"
    "DCL OUT[9], GENERIC[9]\nDCL OUT[10], GENERIC[10]\n"
    "DCL TEMP[0]\n"
    "  0: MIN OUT[0].x, IN[0].xxxx, IN[0].yyyy\n"
    "  1: MIN OUT[0].y, IN[0].yyyy, IN[0].xxxx\n"
    "  2: MIN OUT[0].z, IN[0].zzzz, IN[0].wwww\n"
    "  3: MAX OUT[0].w, IN[0].wwww, IN[0].zzzz\n"
    "  4: SLT OUT[1].x, IN[0].xxxx, IN[0].yyyy\n"
    "  5: SNE OUT[1].y, IN[0].xxxx, IN[0].xxxx\n"
    "  6: SGE OUT[1].z, IN[0].zzzz, IN[0].wwww\n"
    "  7: FSEQ OUT[1].w, IN[0].xxxx, IN[0].xxxx\n"
    "  8: MOV_SAT OUT[2], IN[0]\n"
    "  9: MOV OUT[3], -|IN[0]|\n"
    " 10: CMP OUT[4], -IN[0], IN[1], IN[2]\n"
    " 11: MAD OUT[5].x, IN[2].xxxx, IN[2].xxxx, IN[2].yyyy\n"
    " 12: LRP OUT[5].y, IN[1].wwww, IN[1].xxxx, IN[2].wwww\n"
    " 13: DP4 OUT[5].z, IN[4], IN[5].xyzx\n"
    " 14: DPH OUT[5].w, IN[4], IN[5]\n"
    " 15: RCP OUT[6].x, IN[0].zzzz\n"
    " 16: RSQ OUT[6].y, IN[0].wwww\n"
    " 17: RCP OUT[6].z, IN[1].zzzz\n"
    " 18: RSQ OUT[6].w, -IN[1].wwww\n"
    " 19: SHL OUT[7].x, IN[6].xxxx, IN[6].yyyy\n"
    " 20: USHR OUT[7].y, IN[6].wwww, IN[6].yyyy\n"
    " 21: IMAX OUT[7].z, IN[6].zzzz, IN[6].xxxx\n"
    " 22: INEG OUT[7].w, IN[6].wwww\n"
    " 23: UMAX OUT[8].x, IN[6].zzzz, IN[6].xxxx\n"
    " 24: UCMP OUT[8].y, IN[6].xxxx, IN[6].yyyy, IN[6].zzzz\n"
    " 25: ISLT OUT[8].z, IN[6].wwww, IN[6].xxxx\n"
    " 26: USLT OUT[8].w, IN[6].wwww, IN[6].xxxx\n"
    " 27: MOV TEMP[0], IN[1]\n"
    " 28: MOV TEMP[0].xy, TEMP[0].yxzw\n"
    " 29: ADD TEMP[0].w, TEMP[0].xxxx, TEMP[0].yyyy\n"
    " 30: MUL TEMP[0], TEMP[0], TEMP[0]\n"
    " 31: MOV OUT[9], TEMP[0]\n"
    " 32: SIN OUT[10].x, IN[1].wwww\n"
    " 33: EX2_SAT OUT[10].y, -IN[1].yyyy\n"
    " 34: POW OUT[10].z, IN[1].xxxx, IN[2].wwww\n"
    " 35: LG2 OUT[10].w, IN[2].wwww\n"
    " 36: END\n";

#define QNAN 0x7fc00000u
#define ONE 0x3f800000u
#define NZERO 0x80000000u
#define INF 0x7f800000u

static void setup_ops(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        xt_in_u(x, i, 0, QNAN, ONE, NZERO, 0);
        xt_in_f(x, i, 1, 2.0f, -1.0f, INFINITY, 0.5f);
        /* 1 + 2^-12, -(1 + 2^-11), 1e30, 4 */
        xt_in_u(x, i, 2, 0x3f800800u, 0xbf801000u, fbits(1e30f), fbits(4.0f));
        xt_in_f(x, i, 4, 1e30f, 1.0f, -1e30f, 1.0f);
        xt_in_f(x, i, 5, 1.0f, 1.0f, 1.0f, 2.0f);
        xt_in_u(x, i, 6, 1, 33, 0xffffffffu, 0x80000000u);
    }
}

static void check_ops(xt *x)
{
    float half = 0.5f, four = 4.0f, two = 2.0f, sin_half, pow_2_4, lg2_4;
    float in[EXEC_VMATH_LANES], in2[EXEC_VMATH_LANES], out[EXEC_VMATH_LANES];
    for (unsigned l = 0; l < EXEC_VMATH_LANES; l++)
        in[l] = half, in2[l] = four;
    exec_vsin(out, in);
    sin_half = out[0];
    for (unsigned l = 0; l < EXEC_VMATH_LANES; l++)
        in[l] = two;
    exec_vpow(out, in, in2);
    pow_2_4 = out[0];
    exec_vlg2(out, in2);
    lg2_4 = out[0];
    for (uint32_t t = 0; t < LANES; t += LANES - 1) {
        /* a NaN operand gives the other; MIN(-0, +0) and MAX(+0, -0) give
         * the second operand (x < y, x > y fail) */
        xt_expect4u(x, t, 0, ONE, ONE, 0, NZERO);
        /* NaN compares false except !=; -0 >= +0 */
        xt_expect4u(x, t, 1, 0, ONE, ONE, 0);
        /* saturation: NaN -> +0, -0 -> +0 */
        xt_expect4u(x, t, 2, 0, ONE, 0, 0);
        /* -|x|: the sign set, NaN too */
        xt_expect4u(x, t, 3, 0xffc00000u, 0xbf800000u, NZERO, NZERO);
        /* CMP: -NaN < 0 and +0 < 0, -0 < 0 fail; -1 < 0 holds */
        xt_expect4u(x, t, 4, 0x3f800800u, fbits(-1.0f), fbits(1e30f), fbits(4.0f));
        /* (1 + 2^-12)^2 rounds to 1 + 2^-11 (a tie, to even) before the
         * add: 0, where a fused multiply-add gives 2^-24; LRP = 1 + 2;
         * DP4 ((1e30 + 1) - 1e30) + 1 = 1; DPH (... - 1e30) + 2 = 2 */
        xt_expect4u(x, t, 5, 0, fbits(3.0f), ONE, fbits(2.0f));
        /* 1/-0 = -inf, 1/sqrt(+0) = +inf, 1/inf = +0, 1/sqrt(-0.5) NaN */
        assert_int_equal(xt_out_u(x, t, 6, 0), 0xff800000u);
        assert_int_equal(xt_out_u(x, t, 6, 1), INF);
        assert_int_equal(xt_out_u(x, t, 6, 2), 0);
        assert_true(isnan(xt_out_f(x, t, 6, 3)));
        /* shift counts modulo 32; INEG of INT_MIN wraps */
        xt_expect4u(x, t, 7, 2, 0x40000000u, 1, 0x80000000u);
        xt_expect4u(x, t, 8, 0xffffffffu, 33, 0xffffffffu, 0);
        /* (2, -1, inf, .5) -> swap xy (-1, 2, inf, .5) -> w = -1 + 2 ->
         * squared: (1, 4, inf, 1) */
        xt_expect4u(x, t, 9, ONE, fbits(4.0f), INF, ONE);
        /* the shared routines' bits; EX2(1) = 2 saturated to 1 */
        xt_expect4u(x, t, 10, fbits(sin_half), ONE, fbits(pow_2_4), fbits(lg2_4));
    }
}

/* The JIT's first tier alone, its optimised tier (waited for before the
 * run), and the reference handlers. */
static void run_engines(const char *text, void (*setup)(xt *), void (*check)(xt *))
{
    static const nvgp_exec_engine engines[3] = { NVGP_EXEC_ENGINE_JIT, NVGP_EXEC_ENGINE_JIT,
                                                 NVGP_EXEC_ENGINE_REFERENCE };
    for (int e = 0; e < 3; e++) {
        xt x;
        xt_load(&x, text, LANES, 1);
        nvgp_exec_set_engine(x.m, engines[e]);
        if (e < 2) {
            assert_true(exec_jit_prepare_tiers(x.m, e == 0 ? 1 : 2));
            exec_jit_wait(x.m);
        }
        setup(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        if (e < 2) {
            /* every instruction but END in one compiled region */
            exec_jit_stats s = exec_jit_get_stats(x.m);
            assert_int_equal(s.regions, 1);
            assert_int_equal(s.records, x.m->fast->num_fast);
            assert_int_equal(x.m->fast->num_fast, x.m->num_code - 1);
            /* the tier that ran */
            assert_int_equal(s.optimized, e == 1);
            assert_true(s.compile_ms > 0);
            assert_true(e == 1 ? s.optimized_ms > 0 : s.optimized_ms == 0);
        }
        check(&x);
        xt_free(&x);
    }
}

static void test_ops(void **state)
{
    (void)state;
    run_engines(ops_text, setup_ops, check_ops);
}

/* The rounding, sign, division and conversion rows, by hand (tgsi.rst's
 * formulas; ROUND to nearest with halves to even, docs/spec-decisions.md
 * Executor 17; F2I/F2U saturating with NaN to 0, Executor 2).  Every
 * record is a fast record and the whole program one compiled region. */
static const char round_text[] =
    "VERT\n"
    "DCL IN[0..5]\n"
    "DCL OUT[0..17], GENERIC[0]\n"
    "  0: ROUND OUT[0], IN[0]\n"
    "  1: FLR OUT[1], IN[0]\n"
    "  2: CEIL OUT[2], IN[0]\n"
    "  3: TRUNC OUT[3], IN[0]\n"
    "  4: FRC OUT[4], IN[2]\n"
    "  5: FRC OUT[5], IN[1]\n"
    "  6: FLR OUT[6], IN[1]\n"
    "  7: ROUND OUT[7], IN[2]\n"
    "  8: SSG OUT[8], IN[1]\n"
    "  9: ABS OUT[9], IN[1]\n"
    " 10: SQRT OUT[10].x, IN[5].yyyy\n"
    " 11: SQRT OUT[10].y, IN[1].zzzz\n"
    " 12: SQRT OUT[10].zw, IN[3].zzzz\n"
    " 13: DIV OUT[11], IN[0], IN[5].xyzx\n"
    " 14: F2I OUT[12], IN[3]\n"
    " 15: F2I OUT[13], IN[4]\n"
    " 16: F2U OUT[14], IN[3]\n"
    " 17: F2U OUT[15], -IN[4]\n"
    " 18: F2I OUT[16], IN[1]\n"
    " 19: F2U OUT[17], IN[1]\n"
    " 20: END\n";

static void setup_round(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        xt_in_f(x, i, 0, 2.5f, -0.5f, 1.5f, -2.5f);
        xt_in_u(x, i, 1, NZERO, QNAN, INF, 0xff800000u);
        /* -1.75, 0.75, 1e10 (integral), the smallest denormal */
        xt_in_u(x, i, 2, fbits(-1.75f), fbits(0.75f), fbits(1e10f), 1);
        xt_in_f(x, i, 3, 3e9f, -3e9f, 4294967296.0f, -1.0f);
        /* 2^31, -2^31, the float below 2^31, -0.99 */
        xt_in_f(x, i, 4, 2147483648.0f, -2147483648.0f, 2147483520.0f, -0.99f);
        xt_in_u(x, i, 5, ONE, NZERO, 0, 0x7f800001u);
    }
}

static void check_round(xt *x)
{
    for (uint32_t t = 0; t < LANES; t += LANES - 1) {
        /* halves to even, the sign of -0.5 kept */
        xt_expect4u(x, t, 0, fbits(2.0f), NZERO, fbits(2.0f), fbits(-2.0f));
        xt_expect4u(x, t, 1, fbits(2.0f), fbits(-1.0f), ONE, fbits(-3.0f));
        xt_expect4u(x, t, 2, fbits(3.0f), NZERO, fbits(2.0f), fbits(-2.0f));
        xt_expect4u(x, t, 3, fbits(2.0f), NZERO, ONE, fbits(-2.0f));
        /* -1.75 - -2, 0.75 - 0, 1e10 - 1e10, denormal - 0 (kept) */
        xt_expect4u(x, t, 4, fbits(0.25f), fbits(0.75f), 0, 1);
        /* -0 - -0 = +0; NaN; inf - inf and -inf - -inf: NaN */
        assert_int_equal(xt_out_u(x, t, 5, 0), 0);
        assert_true(isnan(xt_out_f(x, t, 5, 1)));
        assert_true(isnan(xt_out_f(x, t, 5, 2)));
        assert_true(isnan(xt_out_f(x, t, 5, 3)));
        /* floor of -0, NaN, +inf, -inf: themselves */
        xt_expect4u(x, t, 6, NZERO, QNAN, INF, 0xff800000u);
        /* the denormal rounds to +0 */
        xt_expect4u(x, t, 7, fbits(-2.0f), ONE, fbits(1e10f), 0);
        /* SSG: -0 and NaN fail both comparisons: 0 */
        xt_expect4u(x, t, 8, 0, 0, ONE, fbits(-1.0f));
        xt_expect4u(x, t, 9, 0, QNAN, INF, INF);
        /* sqrt(-0) = -0, sqrt(inf) = inf, sqrt(2^32) = 2^16 */
        xt_expect4u(x, t, 10, NZERO, INF, fbits(65536.0f), fbits(65536.0f));
        /* x / 1, -0.5 / -0 = +inf, 1.5 / +0 = +inf */
        xt_expect4u(x, t, 11, fbits(2.5f), INF, INF, fbits(-2.5f));
        /* truncation; 3e9 and 2^32 saturate to INT_MAX, -3e9 to INT_MIN */
        xt_expect4u(x, t, 12, 0x7fffffffu, 0x80000000u, 0x7fffffffu, 0xffffffffu);
        xt_expect4u(x, t, 13, 0x7fffffffu, 0x80000000u, 0x7fffff80u, 0);
        /* 3e9 fits; negative values give 0; 2^32 saturates */
        xt_expect4u(x, t, 14, 3000000000u, 0, 0xffffffffu, 0);
        /* -(2^31, -2^31, 2147483520, -0.99) */
        xt_expect4u(x, t, 15, 0, 0x80000000u, 0, 0);
        /* -0 -> 0, NaN -> 0, +inf and -inf saturate */
        xt_expect4u(x, t, 16, 0, 0, 0x7fffffffu, 0x80000000u);
        xt_expect4u(x, t, 17, 0, 0, 0xffffffffu, 0);
    }
}

/* The integer rows by hand: IN[0] = (INT_MIN, -1, 0, 7), IN[1] =
 * (INT_MAX, -7, 2, 2^24 + 1).  Division by 0, INT_MIN / -1 and the sign
 * of MOD as docs/spec-decisions.md Executor 3 and 18 define them. */
static const char int_text[] =
    "VERT\n"
    "DCL IN[0..1]\n"
    "DCL OUT[0..13], GENERIC[0]\n"
    "  0: IDIV OUT[0], IN[0], IN[0].yyzw\n"
    "  1: MOD OUT[1], IN[0].xxyw, IN[0].yzzy\n"
    "  2: IDIV OUT[2].xy, IN[1].yyyy, IN[1].zzzz\n"
    "  3: MOD OUT[2].zw, IN[1].xyxy, IN[1].zzzz\n"
    "  4: UDIV OUT[3], IN[0], IN[1].zzzx\n"
    "  5: UDIV OUT[4].x, IN[0].wwww, IN[0].zzzz\n"
    "  6: UMOD OUT[4].y, IN[0].wwww, IN[0].zzzz\n"
    "  7: UMOD OUT[4].zw, IN[0].yyyw, IN[1].wwwz\n"
    "  8: IMUL_HI OUT[5], IN[0], IN[0].xyxy\n"
    "  9: UMUL_HI OUT[6], IN[0], IN[0].xyxy\n"
    " 10: ISHR OUT[7], IN[0].xxyw, IN[1].wzzz\n"
    " 11: IABS OUT[8], IN[0]\n"
    " 12: ISSG OUT[9], IN[0]\n"
    " 13: I2F OUT[10], IN[0]\n"
    " 14: U2F OUT[11], IN[0]\n"
    " 15: I2F OUT[12], IN[1]\n"
    " 16: I2F_SAT OUT[13], IN[0]\n"
    " 17: END\n";

static void setup_int(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        xt_in_u(x, i, 0, 0x80000000u, 0xffffffffu, 0, 7);
        xt_in_u(x, i, 1, 0x7fffffffu, 0xfffffff9u, 2, 16777217u);
    }
}

static void check_int(xt *x)
{
    for (uint32_t t = 0; t < LANES; t += LANES - 1) {
        /* INT_MIN / -1 = INT_MIN; -1 / -1; 0 / 0 = 0; 7 / 7 */
        xt_expect4u(x, t, 0, 0x80000000u, 1, 0, 1);
        /* INT_MIN mod -1 = 0; mod 0 = -1 (twice); 7 mod -1 = 0 */
        xt_expect4u(x, t, 1, 0, 0xffffffffu, 0xffffffffu, 0);
        /* -7 / 2 truncates to -3; INT_MAX mod 2 = 1; -7 mod 2 takes the
         * dividend's sign: -1 */
        xt_expect4u(x, t, 2, 0xfffffffdu, 0xfffffffdu, 1, 0xffffffffu);
        /* 2^31 / 2, (2^32 - 1) / 2, 0 / 2, 7 / INT_MAX */
        xt_expect4u(x, t, 3, 0x40000000u, 0x7fffffffu, 0, 0);
        /* by 0: ~0 for both; (2^32 - 1) mod (2^24 + 1) = 2^32 - 1 - 255 (2^24 + 1);
         * 7 mod 2 */
        xt_expect4u(x, t, 4, 0xffffffffu, 0xffffffffu, 0x00ffff00u, 1);
        /* high words: 2^62; 1; 0; -7 */
        xt_expect4u(x, t, 5, 0x40000000u, 0, 0, 0xffffffffu);
        /* 2^62; (2^32 - 1)^2 = 2^64 - 2^33 + 1; 0; 7 (2^32 - 1) = 6 * 2^32 + ... */
        xt_expect4u(x, t, 6, 0x40000000u, 0xfffffffeu, 0, 6);
        /* counts masked to 5 bits: 2^24 + 1 -> 1; the sign copied in */
        xt_expect4u(x, t, 7, 0xc0000000u, 0xe0000000u, 0xffffffffu, 1);
        /* |INT_MIN| wraps to itself */
        xt_expect4u(x, t, 8, 0x80000000u, 1, 0, 7);
        xt_expect4u(x, t, 9, 0xffffffffu, 0xffffffffu, 0, 1);
        xt_expect4u(x, t, 10, fbits(-2147483648.0f), fbits(-1.0f), 0, fbits(7.0f));
        /* 2^32 - 1 rounds to 2^32 */
        xt_expect4u(x, t, 11, fbits(2147483648.0f), fbits(4294967296.0f), 0, fbits(7.0f));
        /* INT_MAX rounds to 2^31; 2^24 + 1 is a tie, to the even 2^24 */
        xt_expect4u(x, t, 12, fbits(2147483648.0f), fbits(-7.0f), fbits(2.0f),
                    fbits(16777216.0f));
        /* saturation of a float result */
        xt_expect4u(x, t, 13, 0, 0, 0, ONE);
    }
}

/* The same programs on the fast engine: every record a fast record. */
static void run_fast(const char *text, void (*setup)(xt *), void (*check)(xt *))
{
    xt x;
    xt_load(&x, text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_FAST);
    assert_int_equal(x.m->fast->num_fast, x.m->num_code - 1);
    setup(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    check(&x);
    xt_free(&x);
}

static void test_rounding_ops(void **state)
{
    (void)state;
    run_engines(round_text, setup_round, check_round);
    run_fast(round_text, setup_round, check_round);
}

static void test_integer_ops(void **state)
{
    (void)state;
    run_engines(int_text, setup_int, check_int);
    run_fast(int_text, setup_int, check_int);
}

/* ARL, ARR and UARL write the address register (here read back by a MOV
 * in the same region): floor, round to even and the bits, then the
 * conversion's saturation (NaN to 0).  IN[0] = (2.5, -0.5, 1.5, NaN),
 * IN[1] = (-2.5, 1e10, -1e10, -0.0). */
static const char arl_text[] =
    "VERT\n"
    "DCL IN[0..1]\n"
    "DCL OUT[0..5], GENERIC[0]\n"
    "DCL ADDR[0..2]\n"
    "  0: ARL ADDR[0], IN[0]\n"
    "  1: ARR ADDR[1], IN[0]\n"
    "  2: UARL ADDR[2], IN[0]\n"
    "  3: MOV OUT[0], ADDR[0]\n"
    "  4: MOV OUT[1], ADDR[1]\n"
    "  5: MOV OUT[2], ADDR[2]\n"
    "  6: ARL ADDR[0], IN[1]\n"
    "  7: ARR ADDR[1], IN[1]\n"
    "  8: MOV OUT[3], ADDR[0]\n"
    "  9: MOV OUT[4], ADDR[1]\n"
    " 10: END\n";

static void setup_arl(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        xt_in_u(x, i, 0, fbits(2.5f), fbits(-0.5f), fbits(1.5f), QNAN);
        xt_in_f(x, i, 1, -2.5f, 1e10f, -1e10f, -0.0f);
    }
}

static void check_arl(xt *x)
{
    for (uint32_t t = 0; t < LANES; t += LANES - 1) {
        xt_expect4u(x, t, 0, 2, 0xffffffffu, 1, 0);
        xt_expect4u(x, t, 1, 2, 0, 2, 0);
        xt_expect4u(x, t, 2, fbits(2.5f), fbits(-0.5f), fbits(1.5f), QNAN);
        xt_expect4u(x, t, 3, 0xfffffffdu, 0x7fffffffu, 0x80000000u, 0);
        xt_expect4u(x, t, 4, 0xfffffffeu, 0x7fffffffu, 0x80000000u, 0);
    }
}

static void test_address_ops(void **state)
{
    (void)state;
    run_engines(arl_text, setup_arl, check_arl);
    run_fast(arl_text, setup_arl, check_arl);
}

/* Compiled once per machine: a second run reuses the code (the same
 * statistics) and gives the same results with new inputs. */
static void test_second_run(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, ops_text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    for (int r = 0; r < 2; r++) {
        for (uint32_t i = 0; i < LANES; i++)
            xt_in_u(&x, i, 0, 0, 0, 0, 0);
        setup_ops(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        check_ops(&x);
    }
    assert_int_equal(exec_jit_get_stats(x.m).regions, 1);
    xt_free(&x);
}

/* The optimised tier is compiled once a machine's runs have had 1,024
 * warps: not for a run of one warp, then for a run of 1,023 more (and
 * the results stay right with it). */
static void test_second_tier_after_enough_warps(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, ops_text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    setup_ops(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_wait(x.m);
    exec_jit_stats s = exec_jit_get_stats(x.m);
    assert_int_equal(s.regions, 1);
    assert_false(s.optimized);
    assert_true(s.optimized_ms == 0);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1023 * LANES, 1), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_wait(x.m);
    s = exec_jit_get_stats(x.m);
    assert_true(s.optimized);
    assert_true(s.optimized_ms > 0);
    /* a third run on the optimised code: the ops' results again */
    assert_int_equal(nvgp_exec_set_invocations(x.m, LANES, 1), NVGP_EXEC_OK);
    setup_ops(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    check_ops(&x);
    xt_free(&x);
}

/* Code is cached by program: a second machine of the program takes the
 * first one's code (no compile, the same statistics) and gives the same
 * results; a machine of another program with the same text compiles its
 * own. */
static void test_cache_by_program(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, ops_text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    setup_ops(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_stats first = exec_jit_get_stats(x.m);
    assert_false(first.cached);
    nvgp_exec *again = nvgp_exec_create(x.prog, x.diag);
    assert_non_null(again);
    nvgp_exec_set_engine(again, NVGP_EXEC_ENGINE_JIT);
    nvgp_exec *mine = x.m;
    x.m = again;
    assert_int_equal(nvgp_exec_set_invocations(x.m, LANES, 1), NVGP_EXEC_OK);
    setup_ops(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_stats second = exec_jit_get_stats(x.m);
    assert_true(second.cached);
    assert_true(second.compile_ms == first.compile_ms);
    assert_int_equal(second.regions, first.regions);
    check_ops(&x);
    /* the first machine gone, the second still runs the shared code */
    nvgp_exec_destroy(mine);
    setup_ops(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    check_ops(&x);
    xt other;
    xt_load(&other, ops_text, LANES, 1);
    nvgp_exec_set_engine(other.m, NVGP_EXEC_ENGINE_JIT);
    setup_ops(&other);
    assert_int_equal(nvgp_exec_run(other.m, other.diag), NVGP_EXEC_OK);
    assert_false(exec_jit_get_stats(other.m).cached);
    check_ops(&other);
    xt_free(&other);
    xt_free(&x);
}

/* Machines of one program made and run on several threads at once: one
 * compiles, the others wait for its code and use it; every thread's
 * outputs are the reference handlers' (compared on the main thread: no
 * assertion runs on the others). */
enum { CACHE_OUTS = 11 };

typedef struct cache_thread {
    const tgsi_program *prog;
    nvgp_exec_engine engine;
    bool ok, cached;
    uint32_t out[LANES][CACHE_OUTS][4];
} cache_thread;

static void *cache_worker(void *arg)
{
    cache_thread *c = arg;
    static const uint32_t in[7][4] = {
        { QNAN, ONE, NZERO, 0 },
        { 0x40000000u, 0xbf800000u, INF, 0x3f000000u },   /* 2, -1, inf, .5 */
        { 0x3f800800u, 0xbf801000u, 0x7149f2cau, 0x40800000u },
        { 0, 0, 0, 0 },
        { 0x7149f2cau, ONE, 0xf149f2cau, ONE },          /* 1e30, 1, -1e30, 1 */
        { ONE, ONE, ONE, 0x40000000u },
        { 1, 33, 0xffffffffu, 0x80000000u },
    };
    nvgp_exec *m = nvgp_exec_create(c->prog, NULL);
    c->ok = m != NULL;
    if (!m)
        return NULL;
    nvgp_exec_set_engine(m, c->engine);
    c->ok = nvgp_exec_set_invocations(m, LANES, 1) == NVGP_EXEC_OK;
    for (uint32_t l = 0; l < LANES; l++)
        for (uint32_t i = 0; i < 7; i++)
            c->ok = c->ok && (i == 3 || nvgp_exec_set_input(m, l, 0, i, in[i]) == NVGP_EXEC_OK);
    c->ok = c->ok && nvgp_exec_run(m, NULL) == NVGP_EXEC_OK;
    if (c->engine == NVGP_EXEC_ENGINE_JIT) {
        c->ok = c->ok && exec_jit_get_stats(m).regions == 1;
        c->cached = exec_jit_get_stats(m).cached;
    }
    for (uint32_t l = 0; c->ok && l < LANES; l++)
        for (uint32_t o = 0; o < CACHE_OUTS; o++)
            nvgp_exec_get_output(m, l, o, c->out[l][o]);
    nvgp_exec_destroy(m);
    return NULL;
}

static void test_cache_threads(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, ops_text, LANES, 1);
    enum { N = 4 };
    static cache_thread c[N + 1];
    pthread_t t[N];
    for (int i = 0; i <= N; i++) {
        c[i].prog = x.prog;
        c[i].engine = i < N ? NVGP_EXEC_ENGINE_JIT : NVGP_EXEC_ENGINE_REFERENCE;
        c[i].ok = c[i].cached = false;
    }
    for (int i = 0; i < N; i++)
        assert_int_equal(pthread_create(&t[i], NULL, cache_worker, &c[i]), 0);
    cache_worker(&c[N]);
    assert_true(c[N].ok);
    unsigned compiled = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        assert_true(c[i].ok);
        assert_memory_equal(c[i].out, c[N].out, sizeof c[N].out);
        compiled += !c[i].cached;
    }
    assert_int_equal(compiled, 1);
    xt_free(&x);
}

/* Programs no machine uses any more are dropped beyond 64, oldest first. */
static void test_cache_bounded(void **state)
{
    (void)state;
    for (int i = 0; i < 70; i++) {
        xt x;
        xt_load(&x, ops_text, LANES, 1);
        nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
        setup_ops(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        xt_free(&x);
        assert_true(exec_jit_cache_entries() <= 64);
    }
    assert_int_equal(exec_jit_cache_entries(), 64);
}

/* SIN, COS, EX2, LG2 and POW called straight from compiled code (the
 * AVX-512 implementation's 16-lane functions, when it is the one in use)
 * against the warp-wide routines through their stack buffers (another
 * implementation selected: no straight calls), over 32 different lanes
 * with zeros, infinities, NaN, denormals and arguments above 125: the same
 * bits, and the reference handlers' bits. */
static const char trans_text[] =
    "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
    "  0: SIN OUT[0].x, IN[0].xxxx\n  1: COS OUT[0].y, IN[0].yyyy\n"
    "  2: EX2 OUT[0].z, IN[0].zzzz\n  3: LG2 OUT[0].w, IN[0].wwww\n"
    "  4: POW OUT[1], IN[0].wwww, IN[0].xxxx\n  5: END\n";

static void run_trans(nvgp_exec_engine engine, uint32_t out[LANES][2][4])
{
    static const float special[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-40f, 200.0f,
                                     -3.0e4f, 1e7f, 0.5f, -127.5f, 128.5f };
    xt x;
    xt_load(&x, trans_text, LANES, 1);
    nvgp_exec_set_engine(x.m, engine);
    for (uint32_t l = 0; l < LANES; l++) {
        float v = l < sizeof special / sizeof special[0] ? special[l] : (float)l * 0.37f - 5.0f;
        xt_in_f(&x, l, 0, v, -v, v * 0.25f, fabsf(v) + 0.125f);
    }
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    if (engine == NVGP_EXEC_ENGINE_JIT)
        assert_int_equal(exec_jit_get_stats(x.m).regions, 1);
    for (uint32_t l = 0; l < LANES; l++)
        for (uint32_t o = 0; o < 2; o++)
            nvgp_exec_get_output(x.m, l, o, out[l][o]);
    xt_free(&x);
}

static void test_direct_vmath_calls(void **state)
{
    (void)state;
    static uint32_t direct[LANES][2][4], buffered[LANES][2][4], reference[LANES][2][4];
    bool has_direct = exec_vmath_direct() != NULL;
    run_trans(NVGP_EXEC_ENGINE_JIT, direct);
    run_trans(NVGP_EXEC_ENGINE_REFERENCE, reference);
    if (exec_vmath_select(EXEC_VMATH_AVX2) || exec_vmath_select(EXEC_VMATH_PORTABLE)) {
        assert_null(exec_vmath_direct());
        run_trans(NVGP_EXEC_ENGINE_JIT, buffered);
        assert_true(exec_vmath_select(EXEC_VMATH_BEST));
        assert_memory_equal(direct, buffered, sizeof direct);
    }
    assert_memory_equal(direct, reference, sizeof direct);
    printf("jit: %s calls to the vector math functions\n",
           has_direct ? "straight" : "no straight");
}

/* The assembly LLVM makes for this host: whole-warp vector instructions,
 * and no fused multiply-add anywhere (each multiply and add rounds on its
 * own, as in the reference handlers). */
static void test_assembly(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, ops_text, LANES, 1);
    char *as = exec_jit_assembly(x.m);
    assert_non_null(as);
    assert_null(strstr(as, "vfmadd"));
    assert_null(strstr(as, "vfmsub"));
    assert_null(strstr(as, "vfnmadd"));
    assert_non_null(strstr(as, "mulps"));
    free(as);
    xt_free(&x);
}

/* What ends a region in the programs below: an IF whose condition has a
 * modifier (the JIT leaves it to the reference handler, -0.0 is false)
 * and its ENDIF, whose opener is outside the next region.  (A NOP, which
 * ended regions once, is now called out to, and so is any other record
 * that changes no mask.) */
#define REGION_BREAK "IF -IMM[0].wwww\nENDIF\n"

/* A program of more straight-line records than the JIT compiles for one
 * machine (8,192): 1,100 runs of 8 ADDs split by REGION_BREAK.  The first
 * 1,024 runs are compiled, the rest run on the fast engine, and the sum
 * is exact: 8,800. */
static void test_total_cap(void **state)
{
    (void)state;
    enum { RUNS = 1100, ADDS = 8 };
    static const char head[] = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                               "IMM[0] FLT32 {1.0, 2.0, 0.5, 0.0}\n";
    static const char add[] = "ADD TEMP[0], TEMP[0], IMM[0]\n";
    size_t size = sizeof head + (size_t)RUNS * (ADDS * (sizeof add - 1) + 32) + 64;
    char *text = malloc(size);
    assert_non_null(text);
    char *p = text + sprintf(text, "%s", head);
    for (int r = 0; r < RUNS; r++) {
        for (int k = 0; k < ADDS; k++)
            p += sprintf(p, "%s", add);
        p += sprintf(p, REGION_BREAK);
    }
    sprintf(p, "MOV OUT[0], TEMP[0]\nEND\n");
    xt x;
    xt_load(&x, text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_stats s = exec_jit_get_stats(x.m);
    assert_int_equal(s.records, 8192);
    assert_int_equal(s.regions, 8192 / ADDS);
    for (uint32_t t = 0; t < LANES; t += LANES - 1)
        xt_expect4u(&x, t, 0, fbits(RUNS * ADDS * 1.0f), fbits(RUNS * ADDS * 2.0f),
                    fbits(RUNS * ADDS * 0.5f), 0);
    xt_free(&x);
    free(text);
}

/* A region called directly with a partial execution mask: the executing
 * lanes get the results, every other lane keeps its old bits in every
 * register the region writes (a destination its source reads included),
 * and out_wr gains exactly the mask's lanes.  By hand, lane l starting
 * from TEMP[0] = (l, 100 + l, 200 + l, 300 + l), IN[0] = 2:
 * swap xy -> (100 + l, l, ...), + (1, 2, 3, 4) -> (101 + l, 2 + l,
 * 203 + l, 304 + l); OUT[0].xz = 2 * (101 + l), 2 * (203 + l). */
static const char masked_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                                  "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                                  "  0: MOV TEMP[0].xy, TEMP[0].yxzw\n"
                                  "  1: ADD TEMP[0], TEMP[0], IMM[0]\n"
                                  "  2: MUL OUT[0].xz, TEMP[0], IN[0]\n"
                                  "  3: END\n";

static void call_masked(xt *x, uint32_t mask)
{
    exec_reg *regs = aligned_alloc(64, 3 * sizeof(exec_reg));
    assert_non_null(regs);
    exec_reg *temp = &regs[0], *out = &regs[1], *in = &regs[2];
    for (unsigned l = 0; l < LANES; l++)
        for (unsigned c = 0; c < 4; c++) {
            temp->c[c].f[l] = (float)(100 * c + l);
            out->c[c].u[l] = 0xdead0000u + 16 * l + c;
            in->c[c].f[l] = 2.0f;
        }
    exec_reg *bank[TGSI_FILE_COUNT] = { 0 };
    bank[TGSI_FILE_TEMPORARY] = temp;
    bank[TGSI_FILE_OUTPUT] = out;
    bank[TGSI_FILE_INPUT] = in;
    bank[TGSI_FILE_IMMEDIATE] = x->m->uregs;
    uint32_t out_wr[1] = { 0x80000000u };
    assert_true(exec_jit_prepare_tiers(x->m, 1));
    const exec_jit_entry *ent = exec_jit_regions(x->m);
    assert_non_null(ent);
    assert_non_null(ent[0].fn);
    assert_false(ent[0].flow);
    ent[0].fn(bank, out_wr, 0, mask, NULL);
    assert_int_equal(out_wr[0], 0x80000000u | mask);
    for (unsigned l = 0; l < LANES; l++) {
        float fl = (float)l;
        if ((mask >> l) & 1) {
            assert_int_equal(temp->c[0].u[l], fbits(101.0f + fl));
            assert_int_equal(temp->c[1].u[l], fbits(2.0f + fl));
            assert_int_equal(temp->c[2].u[l], fbits(203.0f + fl));
            assert_int_equal(temp->c[3].u[l], fbits(304.0f + fl));
            assert_int_equal(out->c[0].u[l], fbits(2.0f * (101.0f + fl)));
            assert_int_equal(out->c[2].u[l], fbits(2.0f * (203.0f + fl)));
        } else {
            for (unsigned c = 0; c < 4; c++)
                assert_int_equal(temp->c[c].u[l], fbits((float)(100 * c + l)));
            assert_int_equal(out->c[0].u[l], 0xdead0000u + 16 * l);
            assert_int_equal(out->c[2].u[l], 0xdead0000u + 16 * l + 2);
        }
        /* outside the write mask: untouched in every lane */
        assert_int_equal(out->c[1].u[l], 0xdead0000u + 16 * l + 1);
        assert_int_equal(out->c[3].u[l], 0xdead0000u + 16 * l + 3);
    }
    free(regs);
}

static void test_masked_region(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, masked_text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    call_masked(&x, 0x8000f00du);
    call_masked(&x, 1u);
    call_masked(&x, FULL_MASK);
    xt_free(&x);
}

/* The same shape on a divergent warp: lanes with IN[0].x < 2 (lanes 0
 * and 1) run the IF's body, the others keep IN[0] in TEMP[0]. */
static const char diverge_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
                                   "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                                   "  0: MOV TEMP[0], IN[0]\n"
                                   "  1: SLT TEMP[1].x, IN[0].xxxx, IMM[0].yyyy\n"
                                   "  2: IF TEMP[1].xxxx\n"
                                   "  3:   MOV TEMP[0].xy, TEMP[0].yxzw\n"
                                   "  4:   ADD TEMP[0], TEMP[0], IMM[0]\n"
                                   "  5: ENDIF\n"
                                   "  6: MOV OUT[0], TEMP[0]\n"
                                   "  7: END\n";

static void setup_diverge(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++)
        xt_in_f(x, i, 0, (float)i, 10.0f + (float)i, 20.0f + (float)i, 30.0f + (float)i);
}

static void check_diverge(xt *x)
{
    for (uint32_t t = 0; t < LANES; t++) {
        float f = (float)t;
        if (t < 2)
            xt_expect4u(x, t, 0, fbits(11.0f + f), fbits(2.0f + f), fbits(23.0f + f),
                        fbits(34.0f + f));
        else
            xt_expect4u(x, t, 0, fbits(f), fbits(10.0f + f), fbits(20.0f + f),
                        fbits(30.0f + f));
    }
}

static void test_diverge(void **state)
{
    (void)state;
    static const nvgp_exec_engine engines[2] = { NVGP_EXEC_ENGINE_JIT,
                                                 NVGP_EXEC_ENGINE_REFERENCE };
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, diverge_text, LANES, 1);
        nvgp_exec_set_engine(x.m, engines[e]);
        setup_diverge(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        check_diverge(&x);
        xt_free(&x);
    }
}

/* ---- warp pairs ---------------------------------------------------------- */

/* Straight regions run for two warps at once (the second tier's pair
 * code, docs/jit.md "Warp pairs").  112 invocations on one host thread:
 * warps 0+1 and 2+3 run as pairs, warp 3 with 16 lanes.  Every lane's
 * inputs differ, so lanes 16..31 and the second warp's lanes go through
 * the vmath calls with other words than lanes 0..15.  The IF's condition
 * has a modifier, so the reference handlers run it: the straight run in
 * its body is a region of its own, entered by warps 0, 1 and 2 on some of
 * their lanes (a pair with two partial masks) and skipped by warp
 * 3 (x = 0 on all its lanes): warps 2 and 3 part there and pair again
 * after ENDIF (the region of records 10 and 11). */
enum { PAIR_INV = 112 };
static const char pair_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                                "DCL TEMP[0..1]\n"
                                "IMM[0] FLT32 {0.5, 2.0, 3.0, 1.0}\n"
                                "  0: MUL TEMP[0], IN[0], IMM[0].xxxx\n"
                                "  1: SIN TEMP[1].x, TEMP[0].xxxx\n"
                                "  2: EX2 TEMP[1].y, IN[0].yyyy\n"
                                "  3: POW TEMP[1].z, IN[0].zzzz, IMM[0].yyyy\n"
                                "  4: LG2 TEMP[1].w, IN[0].wwww\n"
                                "  5: MOV OUT[0], TEMP[1]\n"
                                "  6: IF -IN[0].xxxx\n"
                                "  7:   ADD TEMP[0], TEMP[0], IMM[0].wwww\n"
                                "  8:   COS TEMP[0].y, TEMP[0].yyyy\n"
                                "  9: ENDIF\n"
                                " 10: EX2 TEMP[0].w, TEMP[0].wwww\n"
                                " 11: MOV OUT[1], TEMP[0]\n"
                                " 12: END\n";

/* Invocation i's IN[0] (x: the IF's condition: not 0 on the odd lanes of
 * warp 0, every third lane of warp 1, lanes 1, 5, 9... of warp 2, none of
 * warp 3: each pair's two masks differ). */
static void pair_in(uint32_t i, float v[4])
{
    bool body = i < 32 ? (i & 1) : i < 64 ? i % 3 == 0 : i < 96 ? i % 4 == 1 : false;
    v[0] = body ? (float)i : 0.0f;
    v[1] = (float)(i % 23) - 11.0f;
    v[2] = (float)i * 0.25f + 0.5f;
    v[3] = (float)i * 3.0f + 1.0f;
}

static void run_pairs(nvgp_exec_engine e, uint64_t budget, xt *x)
{
    xt_load(x, pair_text, PAIR_INV, 1);
    nvgp_exec_set_engine(x->m, e);
    nvgp_exec_set_budget(x->m, budget);
    if (e == NVGP_EXEC_ENGINE_JIT) {
        assert_true(exec_jit_prepare_tiers(x->m, 2));
        exec_jit_wait(x->m);
        /* pair code wherever the vmath functions are called straight */
        if (exec_vmath_direct())
            assert_non_null(exec_jit_pair_regions(x->m));
        else
            assert_null(exec_jit_pair_regions(x->m));
    }
    for (uint32_t i = 0; i < PAIR_INV; i++) {
        float v[4];
        pair_in(i, v);
        xt_in_f(x, i, 0, v[0], v[1], v[2], v[3]);
    }
}

static void test_warp_pairs(void **state)
{
    (void)state;
    xt j, r;
    run_pairs(NVGP_EXEC_ENGINE_JIT, 10000000, &j);
    run_pairs(NVGP_EXEC_ENGINE_REFERENCE, 10000000, &r);
    assert_int_equal(nvgp_exec_run(j.m, j.diag), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_run(r.m, r.diag), NVGP_EXEC_OK);
    /* by hand: OUT[1] is IN[0] / 2, plus 1 in x and z where x is not 0
     * (y: the cosine of y / 2 + 1 there, w: 2 to the power of w / 2 (+ 1):
     * the reference's bits) */
    for (uint32_t i = 0; i < PAIR_INV; i++) {
        float v[4];
        pair_in(i, v);
        uint32_t got[4], want[4];
        nvgp_exec_get_output(r.m, i, 1, want);
        bool body = v[0] != 0.0f;
        xt_expect4u(&j, i, 1, fbits(v[0] * 0.5f + (body ? 1.0f : 0.0f)),
                    body ? want[1] : fbits(v[1] * 0.5f), fbits(v[2] * 0.5f + (body ? 1.0f : 0.0f)),
                    want[3]);
        /* the vmath results: the reference handlers' bits */
        nvgp_exec_get_output(j.m, i, 0, got);
        nvgp_exec_get_output(r.m, i, 0, want);
        assert_memory_equal(got, want, sizeof got);
    }
    /* instructions: 11 a warp, and 2 more in warps 0..2 (the body) */
    assert_int_equal(nvgp_exec_warp_instructions(j.m), 4 * 11 + 3 * 2);
    assert_int_equal(nvgp_exec_warp_instructions(j.m), nvgp_exec_warp_instructions(r.m));
    assert_int_equal(nvgp_exec_lane_instructions(j.m), nvgp_exec_lane_instructions(r.m));
    xt_free(&j);
    xt_free(&r);
    /* a budget of 11, which stops the warps running the body in the run
     * after ENDIF (10 + 2 > 11: its EX2 is their 11th instruction, its
     * MOV the 12th), where warp 3 (8 so far) and warp 2 meet but cannot
     * pair: the same failure, on the first warp */
    for (int e = 0; e < 2; e++) {
        run_pairs((e ? NVGP_EXEC_ENGINE_REFERENCE : NVGP_EXEC_ENGINE_JIT), 11, &j);
        assert_int_equal(nvgp_exec_run(j.m, NULL), NVGP_EXEC_ERROR_BUDGET);
        assert_non_null(strstr(nvgp_exec_error(j.m), "at instruction 11 (MOV)"));
        assert_non_null(strstr(nvgp_exec_error(j.m), "threads 0..31"));
        xt_free(&j);
    }
}

/* A program that writes memory gets no pair code: two warps side by side
 * would interleave their atomics, and one thread must give the order of
 * one warp after the other.  Two warps, each adding 1 per lane twice
 * around a SIN region: warp 0 gets 0..31 then 32..63, warp 1 64..95 then
 * 96..127 (lanes in order). */
static const char pair_mem_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL BUFFER[0]\n"
                                    "DCL TEMP[0]\n"
                                    "IMM[0] UINT32 {0, 1, 0, 0}\n"
                                    "  0: ATOMUADD OUT[0].x, BUFFER[0], IMM[0].xxxx, IMM[0].yyyy\n"
                                    "  1: SIN TEMP[0].x, IN[0].xxxx\n"
                                    "  2: MOV OUT[0].z, TEMP[0].xxxx\n"
                                    "  3: ATOMUADD OUT[0].y, BUFFER[0], IMM[0].xxxx, IMM[0].yyyy\n"
                                    "  4: END\n";

static void test_warp_pairs_memory(void **state)
{
    (void)state;
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, pair_mem_text, 2 * LANES, 1);
        nvgp_exec_set_engine(x.m, e ? NVGP_EXEC_ENGINE_REFERENCE : NVGP_EXEC_ENGINE_JIT);
        if (!e) {
            assert_true(exec_jit_prepare_tiers(x.m, 2));
            exec_jit_wait(x.m);
            assert_null(exec_jit_pair_regions(x.m));
        }
        uint32_t b[1] = { 0 };
        assert_int_equal(nvgp_exec_bind_buffer(x.m, 0, b, sizeof b), NVGP_EXEC_OK);
        for (uint32_t i = 0; i < 2 * LANES; i++)
            xt_in_f(&x, i, 0, (float)i * 0.1f, 0.0f, 0.0f, 0.0f);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        for (uint32_t i = 0; i < 2 * LANES; i++) {
            uint32_t base = i / LANES * 2 * LANES + i % LANES;
            assert_int_equal(xt_out_u(&x, i, 0, 0), base);
            assert_int_equal(xt_out_u(&x, i, 0, 1), base + LANES);
        }
        xt_free(&x);
    }
}

/* ---- control flow in compiled code ---------------------------------------- */

static const nvgp_exec_engine both[2] = { NVGP_EXEC_ENGINE_JIT, NVGP_EXEC_ENGINE_REFERENCE };

/* Loads text on one warp of 32 invocations with engine e, sets inputs,
 * runs it (OK expected) and checks the warp's instruction and lane
 * counts when given (non-zero). */
static void run_flow_case(const char *text, nvgp_exec_engine e, void (*setup)(xt *),
                          void (*check)(xt *), uint64_t insns, uint64_t lanes,
                          uint32_t flow_regions)
{
    xt x;
    xt_load(&x, text, LANES, 1);
    nvgp_exec_set_engine(x.m, e);
    setup(&x);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    if (e == NVGP_EXEC_ENGINE_JIT)
        assert_int_equal(exec_jit_get_stats(x.m).flow_regions, flow_regions);
    check(&x);
    if (insns)
        assert_int_equal(nvgp_exec_warp_instructions(x.m), insns);
    if (lanes)
        assert_int_equal(nvgp_exec_lane_instructions(x.m), lanes);
    xt_free(&x);
}

/* Nested IF/ELSE on float conditions (NaN is true, -0 false): all but END
 * one flow region. */
static const char ifelse_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                                  "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                                  "  0: MOV TEMP[0], IN[0]\n"
                                  "  1: IF IN[0].xxxx\n"
                                  "  2:   IF IN[0].yyyy\n"
                                  "  3:     MOV TEMP[0].z, IMM[0].xxxx\n"
                                  "  4:   ELSE\n"
                                  "  5:     MOV TEMP[0].z, IMM[0].yyyy\n"
                                  "  6:   ENDIF\n"
                                  "  7: ELSE\n"
                                  "  8:   MOV TEMP[0].w, IMM[0].zzzz\n"
                                  "  9: ENDIF\n"
                                  " 10: MOV OUT[0], TEMP[0]\n"
                                  " 11: END\n";

static uint32_t ifelse_x(uint32_t l)
{
    static const uint32_t x[4] = { 0x3f800000u, 0x80000000u, 0x7fc00000u, 0 };
    return x[l % 4]; /* 1, -0, NaN, +0: true, false, true, false */
}

static void setup_ifelse(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, ifelse_x(l), (l & 4) ? 0u : fbits(5.0f), fbits(10.0f), fbits(20.0f));
}

static void check_ifelse(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        bool outer = l % 4 == 0 || l % 4 == 2, inner = !(l & 4);
        uint32_t z = outer ? fbits(inner ? 1.0f : 2.0f) : fbits(10.0f);
        uint32_t w = outer ? fbits(20.0f) : fbits(3.0f);
        xt_expect4u(x, l, 0, ifelse_x(l), (l & 4) ? 0u : fbits(5.0f), z, w);
    }
}

/* Every lane true at both IFs: both ELSEs find no lane and jump. */
static void setup_ifelse_uniform(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_f(x, l, 0, 1.0f, 5.0f, 10.0f, 20.0f);
}

static void check_ifelse_uniform(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_expect4f(x, l, 0, 1.0f, 5.0f, 1.0f, 20.0f);
}

/* Divergent: all 12 instructions run; lanes per instruction 32, 32, 16
 * (outer true), 8 (both true: l % 4 in {0, 2} and l & 4 clear), 8 (ELSE
 * dispatched under the inner then-lanes), 8 (inner else), 8 (ENDIF, under
 * the inner else-lanes), 16 (outer ELSE under the outer then-lanes), 16,
 * 16 (ENDIF), 32, 32: 224.  Uniform: 0 1 2 3 4, ELSE jumps to 6, 7 jumps
 * to 9, 10 11: 10 instructions, lanes 32 each but ENDIF 6 and 9 (no lane
 * executes there): 256. */
static void test_flow_ifelse(void **state)
{
    (void)state;
    for (int e = 0; e < 2; e++) {
        run_flow_case(ifelse_text, both[e], setup_ifelse, check_ifelse, 12, 224, 1);
        run_flow_case(ifelse_text, both[e], setup_ifelse_uniform, check_ifelse_uniform, 10, 256,
                      1);
    }
}

/* A loop with BREAKC, CONT under a UIF and a count: lane l runs
 * n = l % 9; i counts 1, 2, ...; the loop breaks when n < i, odd i
 * continue, even i are summed.  So x = sum of the even i <= n = m(m + 1)
 * with m = n / 2, y = n + 1 passes through the body's head. */
static const char loop_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
                                "IMM[0] UINT32 {0, 1, 0, 0}\n"
                                "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                "  1: MOV TEMP[2], IMM[0].xxxx\n"
                                "  2: BGNLOOP\n"
                                "  3:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                                "  4:   UADD TEMP[2].y, TEMP[2].yyyy, IMM[0].yyyy\n"
                                "  5:   USLT TEMP[1].x, IN[0].xxxx, TEMP[0].xxxx\n"
                                "  6:   BREAKC TEMP[1].xxxx\n"
                                "  7:   AND TEMP[1].y, TEMP[0].xxxx, IMM[0].yyyy\n"
                                "  8:   UIF TEMP[1].yyyy\n"
                                "  9:     CONT\n"
                                " 10:   ENDIF\n"
                                " 11:   UADD TEMP[2].x, TEMP[2].xxxx, TEMP[0].xxxx\n"
                                " 12: ENDLOOP\n"
                                " 13: MOV OUT[0], TEMP[2]\n"
                                " 14: END\n";

static void setup_loop(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, l % 9, 0, 0, 0);
}

static void check_loop(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        uint32_t n = l % 9, m = n / 2;
        xt_expect4u(x, l, 0, m * (m + 1), n + 1, 0, 0);
    }
}

/* The same with every lane at n = 4: uniform iterations, by hand.  0 1 2
 * (32 lanes each: 96); odd i (1, 3): 3 4 5 6 (BREAKC, no lane) 7 8 (UIF,
 * every lane) 9 (CONT: no lane left, none parked: on to ENDLOOP) at 32
 * lanes, 12 at 0 (then the CONT lanes come back): 8 instructions, 224
 * lanes; even i (2, 4): 3..8 at 32 (UIF: no lane, jump to ENDIF), 10 at
 * 0, 11 12 at 32: 9 and 256; i = 5: 3 4 5 6 (BREAKC: every lane, on to
 * ENDLOOP) at 32, 12 at 0: 5 and 128; 13 14: 64.  44 instructions, 1248
 * lanes. */
static void setup_loop_uniform(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, 4, 0, 0, 0);
}

static void check_loop_uniform(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_expect4u(x, l, 0, 6, 5, 0, 0);
}

static void test_flow_loop(void **state)
{
    (void)state;
    uint64_t insns[2], lanes[2];
    for (int e = 0; e < 2; e++) {
        run_flow_case(loop_text, both[e], setup_loop, check_loop, 0, 0, 1);
        run_flow_case(loop_text, both[e], setup_loop_uniform, check_loop_uniform, 44, 1248, 1);
        /* divergent: the counts of the two engines agree */
        xt x;
        xt_load(&x, loop_text, LANES, 1);
        nvgp_exec_set_engine(x.m, both[e]);
        setup_loop(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        insns[e] = nvgp_exec_warp_instructions(x.m);
        lanes[e] = nvgp_exec_lane_instructions(x.m);
        xt_free(&x);
    }
    assert_int_equal(insns[0], insns[1]);
    assert_int_equal(lanes[0], lanes[1]);
}

/* The budget in a compiled loop.  Per warp: 0 1, then iterations of
 * 2 3 4 6 7 (UIF: no lane, jump to ENDIF) while TEMP[0].x < 5, and
 * 2 3 4 5 7 (BRK: every lane, on to ENDLOOP, which exits) at 5, then 8 9:
 * 2 + 4 x 5 + 5 + 2 = 29 instructions.  With budget 12 the 13th
 * instruction, the third iteration's UADD (2), fails; with 28, END (9);
 * with 29 the run completes.  The region checks the budget at its entry
 * and at each loop head and exit, and leaves it to the warp loop when an
 * iteration may not fit, so every budget fails where the reference
 * does. */
static const char budget_text[] = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
                                  "IMM[0] UINT32 {0, 1, 5, 0}\n"
                                  "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                  "  1: BGNLOOP\n"
                                  "  2:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                                  "  3:   USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                                  "  4:   UIF TEMP[1].xxxx\n"
                                  "  5:     BRK\n"
                                  "  6:   ENDIF\n"
                                  "  7: ENDLOOP\n"
                                  "  8: MOV OUT[0], TEMP[0]\n"
                                  "  9: END\n";

static void run_budget(nvgp_exec_engine e, uint64_t budget, nvgp_exec_status want,
                       const char *where)
{
    xt x;
    xt_load(&x, budget_text, LANES, 1);
    nvgp_exec_set_engine(x.m, e);
    nvgp_exec_set_budget(x.m, budget);
    assert_int_equal(nvgp_exec_run(x.m, NULL), want);
    if (where)
        assert_non_null(strstr(nvgp_exec_error(x.m), where));
    if (want == NVGP_EXEC_OK) {
        assert_int_equal(nvgp_exec_warp_instructions(x.m), 29);
        for (uint32_t l = 0; l < LANES; l += LANES - 1)
            xt_expect4u(&x, l, 0, 5, 0, 0, 0);
    }
    xt_free(&x);
}

static void test_flow_budget(void **state)
{
    (void)state;
    for (int e = 0; e < 2; e++) {
        run_budget(both[e], 12, NVGP_EXEC_ERROR_BUDGET, "at instruction 2 (UADD)");
        run_budget(both[e], 28, NVGP_EXEC_ERROR_BUDGET, "at instruction 9 (END)");
        run_budget(both[e], 29, NVGP_EXEC_OK, NULL);
        /* the 10th: the second iteration's UIF (instructions 8 9 10 are
         * 2 3 4) */
        run_budget(both[e], 9, NVGP_EXEC_ERROR_BUDGET, "at instruction 4 (UIF)");
        /* the 7th: the first ENDLOOP */
        run_budget(both[e], 6, NVGP_EXEC_ERROR_BUDGET, "at instruction 7 (ENDLOOP)");
    }
    /* every budget up to the run's length: the same failure both ways */
    for (uint64_t b = 1; b < 29; b++) {
        char want[2][200];
        for (int e = 0; e < 2; e++) {
            xt x;
            xt_load(&x, budget_text, LANES, 1);
            nvgp_exec_set_engine(x.m, both[e]);
            nvgp_exec_set_budget(x.m, b);
            assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
            snprintf(want[e], sizeof want[e], "%s", nvgp_exec_error(x.m));
            xt_free(&x);
        }
        assert_string_equal(want[0], want[1]);
    }
}

/* A loop whose body holds a record the JIT does not compile (an IF whose
 * condition has a modifier): the region ends there, the warp loop runs it
 * and the rest of the body, and ENDLOOP's jump back to the body's first
 * record enters the region again (an entry with the loop open on the
 * warp's stack).  Lane l runs n = l % 7 iterations; the IF is true in
 * each (-i with i >= 1): TEMP[2].y = IN[0].y + 1 + 2 + ... + n. */
static const char reenter_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3]\n"
                                   "IMM[0] UINT32 {0, 1, 0, 0}\n"
                                   "IMM[1] FLT32 {1.0, 0.0, 0.0, 0.0}\n"
                                   "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                   "  1: MOV TEMP[2], IN[0]\n"
                                   "  2: BGNLOOP\n"
                                   "  3:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
                                   "  4:   UIF TEMP[1].xxxx\n"
                                   "  5:     BRK\n"
                                   "  6:   ENDIF\n"
                                   "  7:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                                   "  8:   U2F TEMP[3].x, TEMP[0].xxxx\n"
                                   "  9:   IF -TEMP[3].xxxx\n"
                                   " 10:     ADD TEMP[2].y, TEMP[2].yyyy, TEMP[3].xxxx\n"
                                   " 11:   ENDIF\n"
                                   " 12: ENDLOOP\n"
                                   " 13: MOV OUT[0], TEMP[2]\n"
                                   " 14: END\n";

static void setup_reenter(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, l % 7, fbits(0.5f), 0, 0);
}

static void check_reenter(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        uint32_t n = l % 7;
        xt_expect4u(x, l, 0, n, fbits(0.5f + (float)(n * (n + 1) / 2)), 0, 0);
    }
}

static void test_flow_reenter(void **state)
{
    (void)state;
    uint64_t insns[2], lanes[2];
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, reenter_text, LANES, 1);
        nvgp_exec_set_engine(x.m, both[e]);
        setup_reenter(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        check_reenter(&x);
        insns[e] = nvgp_exec_warp_instructions(x.m);
        lanes[e] = nvgp_exec_lane_instructions(x.m);
        if (both[e] == NVGP_EXEC_ENGINE_JIT) {
            /* entries at 0 and at the body's first record, 3 (the loop
             * open there); 10 is a straight region of its own */
            const exec_jit_entry *ent = exec_jit_regions(x.m);
            assert_non_null(ent);
            assert_true(ent[0].flow && ent[0].fn);
            assert_int_equal(ent[0].at_loop, 0);
            assert_true(ent[3].flow && ent[3].fn);
            assert_int_equal(ent[3].at_loop, 1);
            assert_int_equal(ent[3].at_cond, 0);
            assert_int_equal(ent[3].loop_depth, 1);
            assert_int_equal(ent[3].cond_depth, 1);
            assert_true(ent[10].fn && !ent[10].flow);
        }
        xt_free(&x);
    }
    assert_int_equal(insns[0], insns[1]);
    assert_int_equal(lanes[0], lanes[1]);
}

/* Six nested loops, each run twice, a counter before each BGNLOOP: a flow
 * region holds at most four open loops, so the region ends before the
 * fifth BGNLOOP (after a fast record) and the next region starts there.
 * The innermost ADD runs 2^6 = 64 times: OUT[0].x = 64; both engines
 * count the same instructions. */
static void test_flow_caps(void **state)
{
    (void)state;
    char text[4096];
    char *p = text + sprintf(text, "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..7]\n"
                                   "IMM[0] UINT32 {0, 1, 2, 0}\nIMM[1] FLT32 {1.0, 0.0, 0.0, 0.0}\n"
                                   "MOV TEMP[7], IMM[1].yyyy\n");
    for (int d = 0; d < 6; d++)
        p += sprintf(p,
                     "MOV TEMP[%d].x, IMM[0].xxxx\nBGNLOOP\n"
                     "USGE TEMP[%d].y, TEMP[%d].xxxx, IMM[0].zzzz\nUIF TEMP[%d].yyyy\nBRK\nENDIF\n"
                     "UADD TEMP[%d].x, TEMP[%d].xxxx, IMM[0].yyyy\n",
                     d, d, d, d, d, d);
    p += sprintf(p, "ADD TEMP[7].x, TEMP[7].xxxx, IMM[1].xxxx\n");
    for (int d = 0; d < 6; d++)
        p += sprintf(p, "ENDLOOP\n");
    sprintf(p, "MOV OUT[0], TEMP[7]\nEND\n");
    uint64_t insns[2];
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, text, LANES, 1);
        nvgp_exec_set_engine(x.m, both[e]);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        for (uint32_t l = 0; l < LANES; l += LANES - 1)
            xt_expect4f(&x, l, 0, 64.0f, 0.0f, 0.0f, 0.0f);
        insns[e] = nvgp_exec_warp_instructions(x.m);
        if (both[e] == NVGP_EXEC_ENGINE_JIT)
            assert_int_equal(exec_jit_get_stats(x.m).flow_regions, 2);
        xt_free(&x);
    }
    assert_int_equal(insns[0], insns[1]);
}

/* More records in flow regions than the JIT compiles for one machine
 * (2,048): 50 loops of 46 records (MOV, BGNLOOP, UADD, 40 x UADD, USGE,
 * BREAKC, ENDLOOP), a region each, ended by the REGION_BREAK after it.  The first
 * 2048 / 46 = 44 are compiled (2,024 records), the other 6 run on the
 * fast engine (the final MOV is a straight region: 2,025 records in all);
 * each loop runs 3 times: TEMP[1].x = 50 x 3 x 40 = 6000. */
static void test_flow_total_cap(void **state)
{
    (void)state;
    enum { LOOPS = 50, ADDS = 40 };
    static const char head[] = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
                               "IMM[0] UINT32 {0, 1, 3, 0}\n";
    static const char open_loop[] = "MOV TEMP[0].x, IMM[0].xxxx\nBGNLOOP\n"
                                    "UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n";
    static const char add[] = "UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n";
    static const char close_loop[] = "USGE TEMP[2].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                                     "BREAKC TEMP[2].xxxx\nENDLOOP\n" REGION_BREAK;
    size_t size = sizeof head +
                  (size_t)LOOPS * (sizeof open_loop + ADDS * sizeof add + sizeof close_loop) + 64;
    char *text = malloc(size);
    assert_non_null(text);
    char *p = text + sprintf(text, "%s", head);
    for (int r = 0; r < LOOPS; r++) {
        p += sprintf(p, "%s", open_loop);
        for (int k = 0; k < ADDS; k++)
            p += sprintf(p, "%s", add);
        p += sprintf(p, "%s", close_loop);
    }
    sprintf(p, "MOV OUT[0], TEMP[1]\nEND\n");
    xt x;
    xt_load(&x, text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
    exec_jit_stats s = exec_jit_get_stats(x.m);
    assert_int_equal(s.flow_regions, 44);
    assert_int_equal(s.records, 44 * 46 + 1);
    for (uint32_t t = 0; t < LANES; t += LANES - 1)
        xt_expect4u(&x, t, 0, LOOPS * 3 * ADDS, 0, 0, 0);
    xt_free(&x);
    free(text);
}

/* Span kernels (exec_jit_span.c, docs/jit.md "Span kernels") by hand:
 * one group of 8 quads through a kernel called directly.  Word 0 is
 * screen-linear, rows (1, 1, 2, 2) + 0.5 dx with dx = column (x0 0.5);
 * word 1 perspective, (1 + 0 dx) / q with q 2 on the lower pixel row and
 * 4 on the upper; words 2 and 3 constant, 7 and 9.  The program scales
 * word 0 by 2 and passes the others: pixel (c, r) gets (2 (1 + r + c / 2),
 * 1 / (2 + 2 r), 7, 9).  Then with the depth test (LESS, written) against
 * 0.5 at z 0.25 on the lower row and 0.75 on the upper: only the lower
 * row's pixels are stored and their depths written; then for an RGBA8
 * buffer: 2 (1 + c / 2) clamped to 1, 0.5 to 128 / 255, 0.25 to 64 / 255;
 * then with some lanes outside the group's cover, whose pixels keep their
 * values.  And the programs, machines and forms that get no kernel (a
 * texture sample is called out to: it gets one). */
static const char span_text[] =
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
    "IMM[0] FLT32 {2.0, 1.0, 0.0, 0.0}\n"
    "MUL TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\nMOV TEMP[0].yzw, IN[0]\n"
    "MOV OUT[0], TEMP[0]\nEND\n";

static void span_call(xt *x, const nvgp_exec_span_form *f, float *color, float *depth,
                      uint32_t cover)
{
    static const double rows[16] = {1, 1, 2, 2, 0, 0, 0, 0}, slope[4] = {0.5, 0, 0, 0};
    static const double num_rows[16] = {0, 0, 0, 0, 1, 1, 1, 1}, num_slope[4] = {0, 0, 0, 0};
    static const double q[5] = {2, 2, 4, 4, 0}, z[5] = {0.25, 0.25, 0.75, 0.75, 0};
    static const float konst[4] = {0, 0, 7, 9}, blend_color[4] = {0, 0, 0, 0};
    const nvgp_exec_span_kernel *k = nvgp_exec_span_kernel_for(x->m, f);
    assert_non_null(k);
    static const float pos_y[2] = {0.5f, 1.5f};
    nvgp_exec_span a = {rows, slope, num_rows, num_slope, q, z, konst, blend_color, pos_y, &cover,
                        0.5, 0, 1, color, color + 64, depth, depth + 16};
    nvgp_exec_span_run(x->m, k, &a);
}

static void test_span_kernels(void **state)
{
    (void)state;
    xt x;
    xt_load(&x, span_text, LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    nvgp_exec_span_form f = {4, "lpkk", false, 0, false, -1, false, -1, {0}};
    float color[128], depth[32];
    for (int i = 0; i < 128; i++)
        color[i] = -1.0f;
    span_call(&x, &f, color, depth, ~0u);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 16; c++) {
            const float *px = &color[r * 64 + 4 * c];
            assert_true(px[0] == 2.0f * (1.0f + (float)r + 0.5f * (float)c));
            assert_true(px[1] == 1.0f / (2.0f + 2.0f * (float)r));
            assert_true(px[2] == 7.0f && px[3] == 9.0f);
        }
    /* the depth test */
    f.depth_func = 1 /* LESS */, f.depth_write = true;
    for (int i = 0; i < 128; i++)
        color[i] = -1.0f;
    for (int i = 0; i < 32; i++)
        depth[i] = 0.5f;
    span_call(&x, &f, color, depth, ~0u);
    for (int c = 0; c < 16; c++) {
        assert_true(color[4 * c] == 2.0f * (1.0f + 0.5f * (float)c) && color[4 * c + 3] == 9.0f);
        assert_true(depth[c] == 0.25f);
        assert_true(color[64 + 4 * c] == -1.0f && depth[16 + c] == 0.5f);
    }
    /* an RGBA8 buffer's values, no depth test */
    f.depth_func = -1, f.depth_write = false, f.rgba8 = true;
    span_call(&x, &f, color, depth, ~0u);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 16; c++) {
            const float *px = &color[r * 64 + 4 * c];
            assert_true(px[0] == 1.0f && px[2] == 1.0f && px[3] == 1.0f);
            assert_true(px[1] == (r ? 64.0f : 128.0f) / 255.0f);
        }
    /* lanes outside the cover: quads 0 and 5 whole, lane 2 of quad 3 (the
     * upper row's left pixel of columns 6-7) */
    for (int i = 0; i < 128; i++)
        color[i] = -1.0f;
    span_call(&x, &f, color, depth, 0xfu | 0xfu << 20 | 1u << 14);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 16; c++) {
            bool in = c / 2 == 0 || c / 2 == 5 || (r == 1 && c == 6);
            assert_true((color[r * 64 + 4 * c + 3] == 1.0f) == in);
            assert_true((color[r * 64 + 4 * c + 3] == -1.0f) == !in);
        }
    /* every form's code: no fused multiply-add */
    nvgp_exec_span_form forms[3] = {{4, "lpkk", false, 0, false, -1, false, -1, {0}},
                                    {4, "lpkk", false, 0, true, 3, true, -1, {0}},
                                    {4, "llll", false, 0, true, -1, false, -1,
                                     {true, {{1, false, true}, {1, false, false}},
                                      {{1, true, true}, {2, false, false}}, {0, 2}, -1}}};
    for (int i = 0; i < 3; i++) {
        char *as = exec_jit_span_assembly(x.m, &forms[i]);
        assert_non_null(as);
        assert_null(strstr(as, "vfmadd"));
        assert_null(strstr(as, "vfmsub"));
        assert_null(strstr(as, "vfnmadd"));
        free(as);
    }
    /* no kernel: another engine, a budget short of the program, a bad
     * form, an input word past the form's */
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_FAST);
    assert_null(nvgp_exec_span_kernel_for(x.m, &f));
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    nvgp_exec_set_budget(x.m, 3);
    assert_null(nvgp_exec_span_kernel_for(x.m, &f));
    nvgp_exec_set_budget(x.m, NVGP_EXEC_DEFAULT_BUDGET);
    nvgp_exec_span_form bad = {4, "lpkx", false, 0, false, -1, false, -1, {0}};
    assert_null(nvgp_exec_span_kernel_for(x.m, &bad));
    bad.modes = "lpk";
    assert_null(nvgp_exec_span_kernel_for(x.m, &bad));
    bad.words = 3;
    assert_null(nvgp_exec_span_kernel_for(x.m, &bad));
    xt_free(&x);
    /* a texture sample is called out to */
    xt_load(&x, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\n"
                "DCL SVIEW[0], 2D, FLOAT\nTEX OUT[0], IN[0], SAMP[0], 2D\nEND\n", LANES, 1);
    nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
    nvgp_exec_span_form tex_form = {4, "llll", false, 0, false, -1, false, -1, {0}};
    assert_non_null(nvgp_exec_span_kernel_for(x.m, &tex_form));
    xt_free(&x);
    /* programs: a loop, a kill, a vertex program, 65 records */
    static const char *const refused[] = {
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
        "BGNLOOP\nADD TEMP[0], TEMP[0], IN[0]\nBRK\nENDLOOP\nMOV OUT[0], TEMP[0]\nEND\n",
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
        "KILL_IF IN[0]\nMOV OUT[0], IN[0]\nEND\n",
        "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nMOV OUT[0], IN[0]\nEND\n",
        NULL,
    };
    char long_text[4096];
    char *p = long_text + sprintf(long_text, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\n"
                                             "DCL OUT[0], COLOR\n");
    for (int i = 0; i < 65; i++)
        p += sprintf(p, "ADD OUT[0], OUT[0], IN[0]\n");
    sprintf(p, "END\n");
    for (int i = 0; i < 4; i++) {
        xt_load(&x, refused[i] ? refused[i] : long_text, LANES, 1);
        nvgp_exec_set_engine(x.m, NVGP_EXEC_ENGINE_JIT);
        nvgp_exec_span_form g = {4, "llll", false, 0, false, -1, false, -1, {0}};
        assert_null(nvgp_exec_span_kernel_for(x.m, &g));
        xt_free(&x);
    }
}

/* ---- call-outs: records run on their reference handler from compiled code -- */

/* A machine for a one-region case: one warp of 32, engine e, budget (0: the
 * default), set up by setup (inputs, buffers, textures). */
static void case_load(xt *x, const char *text, nvgp_exec_engine e, uint64_t budget,
                         void (*setup)(xt *))
{
    xt_load(x, text, LANES, 1);
    nvgp_exec_set_engine(x->m, e);
    if (budget)
        nvgp_exec_set_budget(x->m, budget);
    setup(x);
}

/* Runs text on the JIT and on the reference handlers: the same status and
 * message, and after a successful run every output, memory word, buffer,
 * fault and instruction count alike (engine_compare.c); check (may be
 * NULL) then looks at the JIT's results by hand.  The JIT must have
 * compiled the program but END as one region with `callouts` records
 * called out to, or (budget runs: the region is left early) at least have
 * compiled it. */
static nvgp_exec_status one_region_case(const char *text, void (*setup)(xt *), void (*check)(xt *),
                                     uint32_t callouts, uint64_t budget, char *msg, size_t size)
{
    xt j, r;
    case_load(&j, text, NVGP_EXEC_ENGINE_JIT, budget, setup);
    case_load(&r, text, NVGP_EXEC_ENGINE_REFERENCE, budget, setup);
    nvgp_exec_status sj = nvgp_exec_run(j.m, NULL), sr = nvgp_exec_run(r.m, NULL);
    assert_int_equal(sj, sr);
    assert_string_equal(nvgp_exec_error(j.m), nvgp_exec_error(r.m));
    if (msg)
        snprintf(msg, size, "%s", nvgp_exec_error(j.m));
    exec_jit_stats s = exec_jit_get_stats(j.m);
    assert_int_equal(s.regions, 1);
    assert_int_equal(s.records, j.m->num_code - 1);
    assert_int_equal(s.callouts, callouts);
    if (sj == NVGP_EXEC_OK) {
        char why[256];
        if (!engine_same_results(j.m, r.m, why, sizeof why))
            fail_msg("%s", why);
        if (check)
            check(&j);
    } else {
        assert_int_equal(nvgp_exec_warp_instructions(j.m), nvgp_exec_warp_instructions(r.m));
        assert_int_equal(nvgp_exec_faults(j.m), nvgp_exec_faults(r.m));
    }
    xt_free(&j);
    xt_free(&r);
    return sj;
}

/* TEX between ALU records, and one under a divergent UIF, in one region.
 * A 2 x 1 RGBA32F texture, texels (1, 2, 3, 4) and (5, 6, 7, 8), NEAREST
 * (the default sampler): lane l's IN[0].x is 0.5 (even l) or 1.5 (odd),
 * so TEMP[0].x = 0.25 or 0.75 picks texel 0 or 1 (x * 2 = 0.5 or 1.5);
 * TEMP[0].y = 0.5 (row 0).  TEMP[1] = texel * 2 + TEMP[0] (z, w of
 * TEMP[0] are 0): (2.25, 4.5, 6, 8) or (10.75, 12.5, 14, 16).  Lanes with
 * l & 2 take the UIF and sample (0.25, 0.25): texel 0, w = 4. */
static const char tex_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL SAMP[0]\n"
                               "DCL TEMP[0..1]\n"
                               "IMM[0] FLT32 {0.5, 0.25, 2.0, 0.0}\n"
                               "  0: MUL TEMP[0].xy, IN[0], IMM[0].xxxx\n"
                               "  1: TEX TEMP[1], TEMP[0], SAMP[0], 2D\n"
                               "  2: MAD TEMP[1], TEMP[1], IMM[0].zzzz, TEMP[0]\n"
                               "  3: UIF IN[0].wwww\n"
                               "  4:   TEX TEMP[1].w, IMM[0].yyyy, SAMP[0], 2D\n"
                               "  5: ENDIF\n"
                               "  6: MOV OUT[0], TEMP[1]\n"
                               "  7: END\n";

static nvgp_texture *tex_2x1;

static void setup_tex(xt *x)
{
    assert_int_equal(nvgp_exec_bind_texture(x->m, 0, tex_2x1), NVGP_EXEC_OK);
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, fbits(l & 1 ? 1.5f : 0.5f), fbits(1.0f), 0, l & 2);
}

static void setup_tex_unbound(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, fbits(0.5f), fbits(1.0f), 0, l & 2);
}

static void check_tex(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        float w = l & 2 ? 4.0f : l & 1 ? 16.0f : 8.0f;
        if (l & 1)
            xt_expect4f(x, l, 0, 10.75f, 12.5f, 14.0f, w);
        else
            xt_expect4f(x, l, 0, 2.25f, 4.5f, 6.0f, w);
    }
}

static void test_callout_tex(void **state)
{
    (void)state;
    nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                            .width = 2, .height = 1, .depth = 1, .layers = 1, .levels = 1,
                            .samples = 1 };
    tex_2x1 = nvgp_texture_create(&d, NULL);
    assert_non_null(tex_2x1);
    static const float texels[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    assert_true(nvgp_texture_set_image(tex_2x1, 0, texels, sizeof texels, NULL));
    assert_int_equal(one_region_case(tex_text, setup_tex, check_tex, 2, 0, NULL, 0), NVGP_EXEC_OK);
    /* no texture bound: the first TEX fails the warp, named alike */
    char msg[200];
    assert_int_equal(one_region_case(tex_text, setup_tex_unbound, NULL, 2, 0, msg, sizeof msg),
                     NVGP_EXEC_ERROR_BINDING);
    assert_non_null(strstr(msg, "not bound"));
    nvgp_texture_destroy(tex_2x1);
}

/* STORE, LOAD and ATOMUADD on a 64-byte buffer (16 words) at byte 4 * l:
 * lanes 16..31 are outside it, and each of their accesses is a fault (the
 * load reads 0, the store and the atomic are dropped): 48.  Lane l < 16
 * stores l + 1, loads it back (TEMP[1].x), TEMP[1].y = 2 (l + 1), the
 * atomic returns l + 1 and leaves l + 2, TEMP[2].y = 3 (l + 1); lanes past
 * the buffer get 0, l + 1, 0, l + 1. */
static const char mem_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL BUFFER[0]\n"
                               "DCL TEMP[0..2]\n"
                               "IMM[0] UINT32 {4, 1, 0, 0}\n"
                               "  0: UMUL TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
                               "  1: UADD TEMP[0].y, IN[0].xxxx, IMM[0].yyyy\n"
                               "  2: STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[0].yyyy\n"
                               "  3: LOAD TEMP[1].x, BUFFER[0], TEMP[0].xxxx\n"
                               "  4: UADD TEMP[1].y, TEMP[1].xxxx, TEMP[0].yyyy\n"
                               "  5: ATOMUADD TEMP[2].x, BUFFER[0], TEMP[0].xxxx, IMM[0].yyyy\n"
                               "  6: UADD TEMP[2].y, TEMP[2].xxxx, TEMP[1].yyyy\n"
                               "  7: MOV OUT[0].xy, TEMP[1]\n"
                               "  8: MOV OUT[0].zw, TEMP[2].xxxy\n"
                               "  9: END\n";

static void setup_mem(xt *x)
{
    assert_int_equal(nvgp_exec_bind_buffer(x->m, 0, NULL, 64), NVGP_EXEC_OK);
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, l, 0, 0, 0);
}

static void check_mem(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        if (l < 16)
            xt_expect4u(x, l, 0, l + 1, 2 * (l + 1), l + 1, 3 * (l + 1));
        else
            xt_expect4u(x, l, 0, 0, l + 1, 0, l + 1);
    }
    size_t bytes = 0;
    const uint32_t *b = nvgp_exec_buffer(x->m, 0, &bytes);
    assert_int_equal(bytes, 64);
    for (uint32_t k = 0; k < 16; k++)
        assert_int_equal(b[k], k + 2);
    assert_int_equal(nvgp_exec_faults(x->m), 48);
}

/* An atomic inside a divergent loop: lane l runs n = l % 4 iterations,
 * each adding 1 to word 0 and summing the old values it gets (lanes in
 * order: iteration 0 has the 24 lanes with n >= 1 and gets 0..23,
 * iteration 1 the 16 with n >= 2, 24..39, iteration 2 the 8 with n = 3,
 * 40..47).  CLOCK after the loop reads the warp's instruction count so
 * far: the whole run's but the MOV and END after it. */
static const char mem_loop_text[] = "VERT\nDCL IN[0]\nDCL OUT[0..1], GENERIC[0]\nDCL BUFFER[0]\n"
                                    "DCL TEMP[0..2]\n"
                                    "IMM[0] UINT32 {0, 1, 4, 0}\n"
                                    "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                    "  1: BGNLOOP\n"
                                    "  2:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
                                    "  3:   UIF TEMP[1].xxxx\n"
                                    "  4:     BRK\n"
                                    "  5:   ENDIF\n"
                                    "  6:   ATOMUADD TEMP[2].x, BUFFER[0], IMM[0].xxxx, "
                                    "IMM[0].yyyy\n"
                                    "  7:   UADD TEMP[0].y, TEMP[0].yyyy, TEMP[2].xxxx\n"
                                    "  8:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                                    "  9: ENDLOOP\n"
                                    " 10: CLOCK TEMP[1].xy\n"
                                    " 11: MOV OUT[0], TEMP[0]\n"
                                    " 12: MOV OUT[1], TEMP[1]\n"
                                    " 13: END\n";

static void setup_mem_loop(xt *x)
{
    assert_int_equal(nvgp_exec_bind_buffer(x->m, 0, NULL, 16), NVGP_EXEC_OK);
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, l % 4, 0, 0, 0);
}

static void check_mem_loop(xt *x)
{
    uint32_t next = 0, sum[LANES] = { 0 };
    for (uint32_t i = 0; i < 3; i++)
        for (uint32_t l = 0; l < LANES; l++)
            if (l % 4 > i)
                sum[l] += next++;
    for (uint32_t l = 0; l < LANES; l++) {
        xt_expect4u(x, l, 0, l % 4, sum[l], 0, 0);
        assert_int_equal(xt_out_u(x, l, 1, 0), nvgp_exec_warp_instructions(x->m) - 3);
    }
    size_t bytes = 0;
    const uint32_t *b = nvgp_exec_buffer(x->m, 0, &bytes);
    assert_int_equal(b[0], 48);
    assert_int_equal(nvgp_exec_faults(x->m), 0);
}

static void test_callout_memory(void **state)
{
    (void)state;
    one_region_case(mem_text, setup_mem, check_mem, 3, 0, NULL, 0);
    one_region_case(mem_loop_text, setup_mem_loop, check_mem_loop, 2, 0, NULL, 0);
    /* every budget up to the loop's run: the same failure, instruction
     * and fault counts both ways (callout_case) */
    xt x;
    case_load(&x, mem_loop_text, NVGP_EXEC_ENGINE_REFERENCE, 0, setup_mem_loop);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
    uint64_t n = nvgp_exec_warp_instructions(x.m);
    xt_free(&x);
    for (uint64_t b = 1; b < n; b++)
        assert_int_equal(one_region_case(mem_loop_text, setup_mem_loop, NULL, 2, b, NULL, 0),
                         NVGP_EXEC_ERROR_BUDGET);
}

/* Indirect operands: a destination TEMP[ADDR[0].x] that the region holds
 * in its own values (so they must go to the registers before the call
 * and come back after it) and a source TEMP[ADDR[0].x + 1] reading a
 * register the region wrote (ARL is compiled: the two indirect records
 * are the call-outs; the region writes 15 components, within a flow
 * region's 16).  Lane l: IN[0] = (l % 2, 10 + l, 0, 0), a = l % 2.  Even:
 * TEMP[0].y = 10 + l, TEMP[2].xy = (1, 10 + l) + (4, 3) = (5, 13 + l),
 * TEMP[3] = TEMP[1] = (4, 3, 2, 1), OUT = (9, 16 + l, 2, 1).  Odd:
 * TEMP[1].y = 10 + l, TEMP[2].xy = (5, 12 + l), TEMP[3] = TEMP[2] =
 * (5, 12 + l, 0, 0), OUT = (10, 24 + 2l, 0, 0). */
static const char ind_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3]\n"
                               "DCL ADDR[0]\n"
                               "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                               "  0: MOV TEMP[0], IMM[0]\n"
                               "  1: MOV TEMP[1], IMM[0].wzyx\n"
                               "  2: ARL ADDR[0].x, IN[0].xxxx\n"
                               "  3: MOV TEMP[ADDR[0].x].y, IN[0].yyyy\n"
                               "  4: ADD TEMP[2].xy, TEMP[0], TEMP[1]\n"
                               "  5: MOV TEMP[3], TEMP[ADDR[0].x+1]\n"
                               "  6: ADD OUT[0], TEMP[3], TEMP[2]\n"
                               "  7: END\n";

static void setup_ind(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_f(x, l, 0, (float)(l % 2), 10.0f + (float)l, 0, 0);
}

static void check_ind(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        float f = (float)l;
        if (l % 2)
            xt_expect4f(x, l, 0, 10.0f, 24.0f + 2.0f * f, 0.0f, 0.0f);
        else
            xt_expect4f(x, l, 0, 9.0f, 16.0f + f, 2.0f, 1.0f);
    }
}

static void test_callout_indirect(void **state)
{
    (void)state;
    one_region_case(ind_text, setup_ind, check_ind, 2, 0, NULL, 0);
}

/* Records with fast handlers but no JIT row (doubles) are called out to
 * together (one call, the block runner over both), under a divergent UIF,
 * between records with no fast handler (U2D, D2F).  Lane l: d = l; odd
 * lanes double it and multiply by l: 2 l^2, even lanes keep l. */
static const char double_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
                                  "  0: U2D TEMP[0].xy, IN[0].xxxx\n"
                                  "  1: MOV TEMP[1], TEMP[0]\n"
                                  "  2: UIF IN[0].yyyy\n"
                                  "  3:   DADD TEMP[1].xy, TEMP[0].xyxy, TEMP[0].xyxy\n"
                                  "  4:   DMUL TEMP[1].xy, TEMP[1].xyxy, TEMP[0].xyxy\n"
                                  "  5: ENDIF\n"
                                  "  6: D2F TEMP[2].x, TEMP[1].xyxy\n"
                                  "  7: MOV OUT[0], TEMP[2].xxxx\n"
                                  "  8: END\n";

static void setup_double(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, l, l & 1, 0, 0);
}

static void check_double(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        float v = l & 1 ? 2.0f * (float)(l * l) : (float)l;
        xt_expect4f(x, l, 0, v, v, v, v);
    }
}

static void test_callout_double(void **state)
{
    (void)state;
    one_region_case(double_text, setup_double, check_double, 4, 0, NULL, 0);
    for (uint64_t b = 1; b < 9; b++)
        assert_int_equal(one_region_case(double_text, setup_double, NULL, 4, b, NULL, 0),
                         NVGP_EXEC_ERROR_BUDGET);
}

/* ---- SWITCH in compiled code ----------------------------------------------- */

/* Fallthrough, DEFAULT in the middle, a nested SWITCH, divergent
 * selectors (IN[0].x = l % 6).  Selector 0: CASE 0 adds 1 and falls into
 * CASE 1, which adds 10 and breaks: x = 11.  1: 10.  2: 1000.  3: the
 * nested SWITCH on IN[0].y adds 1 (y = 0: its CASE, then BRK) or 10 (its
 * DEFAULT), then z = 1.  4 and 5: DEFAULT adds 100 and falls into CASE 2:
 * 1100. */
static const char switch_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                                  "IMM[0] INT32 {0, 1, 2, 3}\n"
                                  "IMM[1] FLT32 {1.0, 10.0, 100.0, 1000.0}\n"
                                  "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                  "  1: SWITCH IN[0].xxxx\n"
                                  "  2:   CASE IMM[0].xxxx\n"
                                  "  3:     ADD TEMP[0].x, TEMP[0].xxxx, IMM[1].xxxx\n"
                                  "  4:   CASE IMM[0].yyyy\n"
                                  "  5:     ADD TEMP[0].x, TEMP[0].xxxx, IMM[1].yyyy\n"
                                  "  6:     BRK\n"
                                  "  7:   DEFAULT\n"
                                  "  8:     ADD TEMP[0].x, TEMP[0].xxxx, IMM[1].zzzz\n"
                                  "  9:   CASE IMM[0].zzzz\n"
                                  " 10:     ADD TEMP[0].x, TEMP[0].xxxx, IMM[1].wwww\n"
                                  " 11:     BRK\n"
                                  " 12:   CASE IMM[0].wwww\n"
                                  " 13:     SWITCH IN[0].yyyy\n"
                                  " 14:       CASE IMM[0].xxxx\n"
                                  " 15:         ADD TEMP[0].y, TEMP[0].yyyy, IMM[1].xxxx\n"
                                  " 16:         BRK\n"
                                  " 17:       DEFAULT\n"
                                  " 18:         ADD TEMP[0].y, TEMP[0].yyyy, IMM[1].yyyy\n"
                                  " 19:     ENDSWITCH\n"
                                  " 20:     ADD TEMP[0].z, TEMP[0].zzzz, IMM[1].xxxx\n"
                                  " 21: ENDSWITCH\n"
                                  " 22: MOV OUT[0], TEMP[0]\n"
                                  " 23: END\n";

static uint32_t switch_sel;   /* 6: l % 6 (divergent), else every lane's selector */

static void setup_switch(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, switch_sel == 6 ? l % 6 : switch_sel, (l / 6) & 1, 0, 0);
}

static void check_switch(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        uint32_t sel = switch_sel == 6 ? l % 6 : switch_sel;
        static const float xs[6] = { 11.0f, 10.0f, 1000.0f, 0.0f, 1100.0f, 1100.0f };
        float y = sel == 3 ? ((l / 6) & 1 ? 10.0f : 1.0f) : 0.0f;
        xt_expect4f(x, l, 0, xs[sel], y, sel == 3 ? 1.0f : 0.0f, 0.0f);
    }
}

/* A SWITCH in a loop: BRK leaves the SWITCH, CONT the iteration.  Lane l
 * runs n = l % 9 iterations i = 0, 1, ...: i % 4 = 0 adds 1 to y; 1
 * continues (w, the iterations that reach the end, skips it); 2 and 3 add
 * i + 1 to z (DEFAULT, falling to ENDSWITCH). */
static const char switch_loop_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
                                       "IMM[0] UINT32 {0, 1, 2, 3}\n"
                                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                                       "  1: BGNLOOP\n"
                                       "  2:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
                                       "  3:   UIF TEMP[1].xxxx\n"
                                       "  4:     BRK\n"
                                       "  5:   ENDIF\n"
                                       "  6:   AND TEMP[1].y, TEMP[0].xxxx, IMM[0].wwww\n"
                                       "  7:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                                       "  8:   SWITCH TEMP[1].yyyy\n"
                                       "  9:     CASE IMM[0].xxxx\n"
                                       " 10:       UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                                       " 11:       BRK\n"
                                       " 12:     CASE IMM[0].yyyy\n"
                                       " 13:       CONT\n"
                                       " 14:     DEFAULT\n"
                                       " 15:       UADD TEMP[0].z, TEMP[0].zzzz, TEMP[0].xxxx\n"
                                       " 16:   ENDSWITCH\n"
                                       " 17:   UADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
                                       " 18: ENDLOOP\n"
                                       " 19: MOV OUT[0], TEMP[0]\n"
                                       " 20: END\n";

static uint32_t switch_loop_n;   /* 9: l % 9 (divergent), else every lane's */

static void setup_switch_loop(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++)
        xt_in_u(x, l, 0, switch_loop_n == 9 ? l % 9 : switch_loop_n, 0, 0, 0);
}

static void check_switch_loop(xt *x)
{
    for (uint32_t l = 0; l < LANES; l++) {
        uint32_t n = switch_loop_n == 9 ? l % 9 : switch_loop_n, y = 0, z = 0, w = 0;
        for (uint32_t i = 0; i < n; i++) {
            y += i % 4 == 0;
            z += i % 4 >= 2 ? i + 1 : 0;
            w += i % 4 != 1;
        }
        xt_expect4u(x, l, 0, n, y, z, w);
    }
}

static void test_flow_switch(void **state)
{
    (void)state;
    static const uint32_t sels[] = { 6, 0, 2, 3, 5 };
    for (size_t k = 0; k < sizeof sels / sizeof sels[0]; k++) {
        switch_sel = sels[k];
        one_region_case(switch_text, setup_switch, check_switch, 0, 0, NULL, 0);
    }
    static const uint32_t ns[] = { 9, 0, 1, 2, 6 };
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        switch_loop_n = ns[k];
        one_region_case(switch_loop_text, setup_switch_loop, check_switch_loop, 0, 0, NULL, 0);
    }
}

/* Every budget up to the runs' lengths: the same failure, instruction
 * and lane counts as the reference (the SWITCH inside the loop, whose
 * head checks the budget). */
static void test_flow_switch_budget(void **state)
{
    (void)state;
    switch_sel = 6;
    switch_loop_n = 9;
    const char *texts[2] = { switch_text, switch_loop_text };
    void (*setups[2])(xt *) = { setup_switch, setup_switch_loop };
    for (int t = 0; t < 2; t++) {
        xt x;
        case_load(&x, texts[t], NVGP_EXEC_ENGINE_REFERENCE, 0, setups[t]);
        assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
        uint64_t n = nvgp_exec_warp_instructions(x.m);
        xt_free(&x);
        for (uint64_t b = 1; b < n; b++)
            assert_int_equal(one_region_case(texts[t], setups[t], NULL, 0, b, NULL, 0),
                             NVGP_EXEC_ERROR_BUDGET);
    }
}

/* ---- subroutines inlined into the caller's region ---------------------------- */

/* A subroutine called twice from a loop and once by CALLNZ, its body
 * inlined at each call: RET under a divergent UIF and inside a loop,
 * BREAKC out of that loop to the code before ENDSUB.  Lane l: IN[0] =
 * (l & 1, l & 4 ? 1.0 : 0.0, l & 2 ? 1 : 3, l & 8).  Each call adds 1 to
 * x; odd lanes return at once; even lanes run the loop: with l & 2 its
 * first pass returns (y + 1), else with l & 8 the first pass breaks out
 * (y + 1, z + 1 at the end), else the third pass returns (y + 3).  Calls:
 * 2, and 1 more with l & 4; w = 1 after. */
static const char sub_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
                               "IMM[0] UINT32 {0, 1, 2, 3}\n"
                               "  0: MOV TEMP[0], IMM[0].xxxx\n"
                               "  1: MOV TEMP[1], IMM[0].xxxx\n"
                               "  2: BGNLOOP\n"
                               "  3:   USGE TEMP[1].y, TEMP[1].xxxx, IMM[0].zzzz\n"
                               "  4:   UIF TEMP[1].yyyy\n"
                               "  5:     BRK\n"
                               "  6:   ENDIF\n"
                               "  7:   CAL :14\n"
                               "  8:   UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
                               "  9: ENDLOOP\n"
                               " 10: CALLNZ IN[0].yyyy :14\n"
                               " 11: UADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n"
                               " 12: MOV OUT[0], TEMP[0]\n"
                               " 13: END\n"
                               " 14: BGNSUB\n"
                               " 15:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                               " 16:   UIF IN[0].xxxx\n"
                               " 17:     RET\n"
                               " 18:   ENDIF\n"
                               " 19:   MOV TEMP[2].x, IMM[0].xxxx\n"
                               " 20:   BGNLOOP\n"
                               " 21:     UADD TEMP[2].x, TEMP[2].xxxx, IMM[0].yyyy\n"
                               " 22:     UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                               " 23:     USGE TEMP[2].y, TEMP[2].xxxx, IN[0].zzzz\n"
                               " 24:     UIF TEMP[2].yyyy\n"
                               " 25:       RET\n"
                               " 26:     ENDIF\n"
                               " 27:     BREAKC IN[0].wwww\n"
                               " 28:   ENDLOOP\n"
                               " 29:   UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                               " 30: ENDSUB\n";

static uint32_t sub_lanes;   /* 32: every lane different; else every lane is lane sub_lanes */

static void setup_sub(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        uint32_t l = sub_lanes == LANES ? i : sub_lanes;
        xt_in_u(x, i, 0, l & 1, l & 4 ? fbits(1.0f) : 0, l & 2 ? 1 : 3, l & 8);
    }
}

static void check_sub(xt *x)
{
    for (uint32_t i = 0; i < LANES; i++) {
        uint32_t l = sub_lanes == LANES ? i : sub_lanes;
        uint32_t calls = 2 + ((l & 4) != 0), y = 0, z = 0;
        if (!(l & 1)) {
            y = calls * (l & 2 ? 1 : l & 8 ? 1 : 3);
            z = !(l & 2) && (l & 8) ? calls : 0;
        }
        xt_expect4u(x, i, 0, calls, y, z, 1);
    }
}

/* The main program (to its END at end_pc) is one region, calls included:
 * no region starts inside it. */
static void check_main_region(xt *x, uint32_t end_pc)
{
    const exec_jit_entry *ent = exec_jit_regions(x->m);
    assert_non_null(ent);
    assert_true(ent[0].fn && ent[0].flow);
    for (uint32_t pc = 1; pc <= end_pc; pc++)
        if (ent[pc].fn)
            fail_msg("a region starts at %u", pc);
}

static void test_flow_subroutines(void **state)
{
    (void)state;
    static const uint32_t lanes[] = { LANES, 0, 1, 2, 4, 8, 12 };
    for (size_t k = 0; k < sizeof lanes / sizeof lanes[0]; k++) {
        sub_lanes = lanes[k];
        xt j, r;
        case_load(&j, sub_text, NVGP_EXEC_ENGINE_JIT, 0, setup_sub);
        case_load(&r, sub_text, NVGP_EXEC_ENGINE_REFERENCE, 0, setup_sub);
        assert_int_equal(nvgp_exec_run(j.m, j.diag), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_run(r.m, r.diag), NVGP_EXEC_OK);
        check_main_region(&j, 13);
        char why[256];
        if (!engine_same_results(j.m, r.m, why, sizeof why))
            fail_msg("lanes %u: %s", sub_lanes, why);
        check_sub(&j);
        check_sub(&r);
        xt_free(&j);
        xt_free(&r);
    }
    /* every budget: the same failure and counts (the region leaves inside
     * an inlined body with the call on the warp's stack) */
    sub_lanes = LANES;
    xt x;
    case_load(&x, sub_text, NVGP_EXEC_ENGINE_REFERENCE, 0, setup_sub);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
    uint64_t n = nvgp_exec_warp_instructions(x.m);
    xt_free(&x);
    for (uint64_t b = 1; b < n; b++) {
        xt j, r;
        case_load(&j, sub_text, NVGP_EXEC_ENGINE_JIT, b, setup_sub);
        case_load(&r, sub_text, NVGP_EXEC_ENGINE_REFERENCE, b, setup_sub);
        assert_int_equal(nvgp_exec_run(j.m, NULL), NVGP_EXEC_ERROR_BUDGET);
        assert_int_equal(nvgp_exec_run(r.m, NULL), NVGP_EXEC_ERROR_BUDGET);
        assert_string_equal(nvgp_exec_error(j.m), nvgp_exec_error(r.m));
        assert_int_equal(nvgp_exec_warp_instructions(j.m), nvgp_exec_warp_instructions(r.m));
        assert_int_equal(nvgp_exec_lane_instructions(j.m), nvgp_exec_lane_instructions(r.m));
        xt_free(&j);
        xt_free(&r);
    }
}

/* A recursive subroutine is not inlined (the call ends the region, the
 * reference handlers run it) and fails as the reference does. */
static void test_flow_recursion(void **state)
{
    (void)state;
    static const char text[] = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                                "IMM[0] UINT32 {1, 0, 0, 0}\n"
                                "  0: MOV TEMP[0], IMM[0].yyyy\n"
                                "  1: CAL :4\n"
                                "  2: MOV OUT[0], TEMP[0]\n"
                                "  3: END\n"
                                "  4: BGNSUB\n"
                                "  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                                "  6:   CAL :4\n"
                                "  7: ENDSUB\n";
    char msg[2][200];
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, text, LANES, 1);
        nvgp_exec_set_engine(x.m, both[e]);
        assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_STACK);
        snprintf(msg[e], sizeof msg[e], "%s", nvgp_exec_error(x.m));
        if (both[e] == NVGP_EXEC_ENGINE_JIT)
            assert_non_null(exec_jit_regions(x.m)[2].fn);
        xt_free(&x);
    }
    assert_string_equal(msg[0], msg[1]);
}

int main(void)
{
    if (!exec_jit_available()) {
        puts("no JIT in this build or for this CPU: not run");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_rounding_ops),
        cmocka_unit_test(test_integer_ops),
        cmocka_unit_test(test_address_ops),
        cmocka_unit_test(test_direct_vmath_calls),
        cmocka_unit_test(test_second_run),
        cmocka_unit_test(test_second_tier_after_enough_warps),
        cmocka_unit_test(test_cache_by_program),
        cmocka_unit_test(test_cache_threads),
        cmocka_unit_test(test_cache_bounded),
        cmocka_unit_test(test_assembly),
        cmocka_unit_test(test_span_kernels),
        cmocka_unit_test(test_total_cap),
        cmocka_unit_test(test_masked_region),
        cmocka_unit_test(test_diverge),
        cmocka_unit_test(test_flow_ifelse),
        cmocka_unit_test(test_warp_pairs),
        cmocka_unit_test(test_warp_pairs_memory),
        cmocka_unit_test(test_flow_loop),
        cmocka_unit_test(test_flow_budget),
        cmocka_unit_test(test_flow_reenter),
        cmocka_unit_test(test_flow_caps),
        cmocka_unit_test(test_flow_total_cap),
        cmocka_unit_test(test_callout_tex),
        cmocka_unit_test(test_callout_memory),
        cmocka_unit_test(test_callout_indirect),
        cmocka_unit_test(test_callout_double),
        cmocka_unit_test(test_flow_switch),
        cmocka_unit_test(test_flow_switch_budget),
        cmocka_unit_test(test_flow_subroutines),
        cmocka_unit_test(test_flow_recursion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
