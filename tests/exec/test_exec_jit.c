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
#include "exec/exec_fast.h"
#include "exec/exec_jit.h"
#include "exec/exec_vmath.h"

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

static void run_engines(const char *text, void (*setup)(xt *), void (*check)(xt *))
{
    static const nvgp_exec_engine engines[2] = { NVGP_EXEC_ENGINE_JIT,
                                                 NVGP_EXEC_ENGINE_REFERENCE };
    for (int e = 0; e < 2; e++) {
        xt x;
        xt_load(&x, text, LANES, 1);
        nvgp_exec_set_engine(x.m, engines[e]);
        setup(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        if (e == 0) {
            /* every instruction but END in one compiled region */
            exec_jit_stats s = exec_jit_get_stats(x.m);
            assert_int_equal(s.regions, 1);
            assert_int_equal(s.records, x.m->fast->num_fast);
            assert_int_equal(x.m->fast->num_fast, x.m->num_code - 1);
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

/* A program of more straight-line records than the JIT compiles for one
 * machine (8,192): 1,100 runs of 8 ADDs split by NOPs.  The first 1,024
 * runs are compiled, the rest run on the fast engine, and the sum is
 * exact: 8,800. */
static void test_total_cap(void **state)
{
    (void)state;
    enum { RUNS = 1100, ADDS = 8 };
    static const char head[] = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                               "IMM[0] FLT32 {1.0, 2.0, 0.5, 0.0}\n";
    static const char add[] = "ADD TEMP[0], TEMP[0], IMM[0]\n";
    size_t size = sizeof head + (size_t)RUNS * (ADDS * (sizeof add - 1) + 4) + 64;
    char *text = malloc(size);
    assert_non_null(text);
    char *p = text + sprintf(text, "%s", head);
    for (int r = 0; r < RUNS; r++) {
        for (int k = 0; k < ADDS; k++)
            p += sprintf(p, "%s", add);
        p += sprintf(p, "NOP\n");
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
    assert_true(exec_jit_prepare(x->m));
    const exec_jit_region_fn *fn = exec_jit_regions(x->m);
    assert_non_null(fn);
    assert_non_null(fn[0]);
    fn[0](bank, out_wr, 0, mask);
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

int main(void)
{
    if (!exec_jit_available()) {
        puts("no JIT in this build or for this CPU: not run");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_second_run),
        cmocka_unit_test(test_assembly),
        cmocka_unit_test(test_total_cap),
        cmocka_unit_test(test_masked_region),
        cmocka_unit_test(test_diverge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
