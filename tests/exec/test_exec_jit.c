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

int main(void)
{
    if (!exec_jit_available()) {
        puts("no JIT in this build or for this CPU: not run");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_second_run),
        cmocka_unit_test(test_second_tier_after_enough_warps),
        cmocka_unit_test(test_cache_by_program),
        cmocka_unit_test(test_cache_threads),
        cmocka_unit_test(test_cache_bounded),
        cmocka_unit_test(test_assembly),
        cmocka_unit_test(test_total_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
