/* The fast engine and the JIT against the reference handlers, bit for bit.
 *
 * Every program of the corpus (shared/corpus: TGSI, ARB and NV assembly),
 * of the executor's fuzz seeds (tests/fuzz/exec_seeds), of the benchmark
 * (bench/programs) and of the examples (examples/) that loads runs on two machines bound alike, one per
 * engine, with inputs and constants that differ from lane to lane (signed
 * zeros, NaN and infinities among them): the status, every output word of
 * every thread, kills, emitted vertices, memory, buffers, images, fault
 * and instruction counts must be the same (engine_compare.c).  The fast engine and the JIT
 * also run on two host threads, which must not change anything either.  In
 * a build without the JIT (or on a CPU LLVM cannot generate code for) the
 * JIT machines run the fast engine, and the count of programs with
 * compiled code says so.
 *
 * Then hand-computed cases pin the fast handlers' shapes (whole registers,
 * swizzles, modifiers, saturation, a destination its source reads, masks
 * of a divergent warp). */
#define _POSIX_C_SOURCE 200809L
#include "exec_test_util.h"
#include "engine_compare.h"
#include "exec/exec_fast.h"
#include "exec/exec_jit.h"
#include "exec/texture.h"
#include "api/program.h"
#include "walk_files.h"

#include <dirent.h>
#include <stdlib.h>

enum { INVOCATIONS = 70, VERTICES = 3, INPUTS = 16 };

static nvgp_texture *shared_texture(void)
{
    static nvgp_texture *t;
    if (!t) {
        nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                                .width = 4, .height = 4, .depth = 1, .layers = 1, .levels = 0,
                                .samples = 1 };
        t = nvgp_texture_create(&d, NULL);
    }
    return t;
}

/* A value for word k: mostly floats in [-4, 4), now and then a special. */
static uint32_t word_of(uint32_t k)
{
    uint32_t h = k * 0x9e3779b1u;
    h ^= h >> 15;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    static const uint32_t special[] = { 0x00000000u, 0x80000000u, 0x7fc00000u, 0x7f800000u,
                                        0xff800000u, 0x3f800000u, 0x00000001u, 0xbf800000u };
    if ((h & 31) == 0)
        return special[(h >> 5) & 7];
    return fbits(((float)(h >> 8) / (float)(1u << 24)) * 8.0f - 4.0f);
}

static nvgp_exec *make_machine(const tgsi_program *p, nvgp_exec_engine engine, unsigned threads)
{
    nvgp_exec *m = nvgp_exec_create(p, NULL);
    if (!m)
        return NULL;
    nvgp_exec_set_engine(m, engine);
    nvgp_exec_set_threads(m, threads);
    nvgp_exec_set_invocations(m, INVOCATIONS, VERTICES);
    nvgp_exec_set_budget(m, 100000);
    uint32_t c[64 * 4];
    for (uint32_t k = 0; k < 256; k++)
        c[k] = word_of(k + 7777);
    nvgp_exec_set_constants(m, 0, 0, c, 64);
    nvgp_exec_set_constants(m, 1, 0, c, 64);
    for (uint32_t inv = 0; inv < INVOCATIONS; inv++)
        for (uint32_t v = 0; v < VERTICES; v++)
            for (uint32_t i = 0; i < INPUTS; i++) {
                uint32_t w[4];
                for (unsigned k = 0; k < 4; k++)
                    w[k] = word_of(((inv * VERTICES + v) * INPUTS + i) * 4 + k);
                (void)nvgp_exec_set_input(m, inv, v, i, w);
            }
    nvgp_exec_add_memory(m, 0, NULL, 4096, NULL);
    for (uint32_t b = 0; b < 4; b++)
        nvgp_exec_bind_buffer(m, b, NULL, 256);
    for (uint32_t u = 0; u < 32; u++)
        nvgp_exec_bind_texture(m, u, shared_texture());
    return m;
}

/* Both runs, then everything they leave (engine_compare.c); returns
 * whether the runs succeeded (so that their results were compared). */
static bool compare(const char *path, nvgp_exec *a, nvgp_exec *b)
{
    nvgp_exec_status sa = nvgp_exec_run(a, NULL), sb = nvgp_exec_run(b, NULL);
    if (sa != sb)
        fail_msg("%s: status %d and %d", path, sa, sb);
    if (strcmp(nvgp_exec_error(a), nvgp_exec_error(b)))
        fail_msg("%s: '%s' and '%s'", path, nvgp_exec_error(a), nvgp_exec_error(b));
    if (sa != NVGP_EXEC_OK)
        return false;
    char why[256];
    if (!engine_same_results(a, b, why, sizeof why))
        fail_msg("%s: %s", path, why);
    return true;
}

typedef struct stats {
    unsigned programs, with_fast, with_jit, ran;
} stats;

static void run_file(const char *path, stats *st)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create(path, buf, n, &diag);
    nvgp_diag_destroy(diag);
    const tgsi_program *p = prog ? nvgp_program_tgsi(prog) : NULL;
    if (p) {
        nvgp_exec *fast = make_machine(p, NVGP_EXEC_ENGINE_FAST, 1);
        nvgp_exec *ref = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        /* (memory keeps what a run leaves: each machine runs once) */
        nvgp_exec *fast2 = make_machine(p, NVGP_EXEC_ENGINE_FAST, 2);
        nvgp_exec *ref2 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        nvgp_exec *jit = make_machine(p, NVGP_EXEC_ENGINE_JIT, 1);
        nvgp_exec *ref3 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        nvgp_exec *jit2 = make_machine(p, NVGP_EXEC_ENGINE_JIT, 2);
        nvgp_exec *ref4 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        if (fast && ref && fast2 && ref2 && jit && ref3 && jit2 && ref4) {
            st->programs++;
            st->with_fast += fast->fast && fast->fast->num_fast > 0;
            st->ran += compare(path, fast, ref);
            compare(path, fast2, ref2);
            compare(path, jit, ref3);
            compare(path, jit2, ref4);
            st->with_jit += exec_jit_get_stats(jit).regions > 0;
        }
        nvgp_exec *all[] = { fast, ref, fast2, ref2, jit, ref3, jit2, ref4 };
        for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
            nvgp_exec_destroy(all[k]);
    }
    nvgp_program_destroy(prog);
}

static void visit(const char *path, const char *name, void *st)
{
    static const char *const exts[] = { ".tgsi", ".fp", ".vp", ".nvfp", ".nvvp", ".nvgp",
                                        ".nvcp", ".vsp", ".vpfp" };
    size_t len = strlen(name);
    for (size_t k = 0; k < sizeof exts / sizeof exts[0]; k++) {
        size_t e = strlen(exts[k]);
        if (len > e && !strcmp(name + len - e, exts[k])) {
            run_file(path, st);
            return;
        }
    }
}

static void test_corpus_and_seeds(void **state)
{
    (void)state;
    stats st = { 0, 0, 0, 0 };
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/corpus", NVGP_SHARED_DIR);
    DIR *d = opendir(probe);
    if (d) {
        closedir(d);
        walk_files(probe, visit, &st);
    }
    walk_files(NVGP_SOURCE_DIR "/tests/fuzz/exec_seeds", visit, &st);
    walk_files(NVGP_SOURCE_DIR "/bench/programs", visit, &st);
    walk_files(NVGP_SOURCE_DIR "/examples", visit, &st);
    printf("engines: %u programs compared, %u with fast records, %u with JIT code, %u ran "
           "to their end\n",
           st.programs, st.with_fast, st.with_jit, st.ran);
    assert_true(st.programs >= 9);
    assert_true(st.with_fast > 0);
    assert_true(st.ran >= 9);
    if (exec_jit_available())
        assert_true(st.with_jit > 0);
}

/* ---- the shapes, by hand --------------------------------------------------- */

static const nvgp_exec_engine engines[3] = { NVGP_EXEC_ENGINE_FAST, NVGP_EXEC_ENGINE_REFERENCE,
                                             NVGP_EXEC_ENGINE_JIT };

static void run_both(const char *text, uint32_t inv, void (*setup)(xt *),
                     void (*check)(xt *), unsigned min_fast)
{
    for (int e = 0; e < 3; e++) {
        xt x;
        xt_load(&x, text, inv, 1);
        nvgp_exec_set_engine(x.m, engines[e]);
        assert_true(x.m->fast->num_fast >= min_fast);
        setup(&x);
        assert_int_equal(nvgp_exec_run(x.m, x.diag), NVGP_EXEC_OK);
        check(&x);
        xt_free(&x);
    }
}

static void setup_shapes(xt *x)
{
    for (uint32_t i = 0; i < 32; i++) {
        xt_in_f(x, i, 0, 1.0f + (float)i, -2.0f, 0.5f, 4.0f);
        xt_in_f(x, i, 1, 0.25f, 3.0f, -1.0f, 2.0f);
    }
}

/* TEMP[0] = IN[0] * IN[1] + IMM (whole registers): (1+i)/4 + 1, -6 + 2, -0.5 + 3, 8 + 4
 * TEMP[1] = -|IN[0].wzyx| + IN[1] swizzled .yyyy: (-4+3, -0.5+3, -2+3, -(1+i)+3)
 * TEMP[0].yw = TEMP[0].xxzz - IMM.x (destination read by its source):
 *              y = (1+i)/4 + 1 - 1, w = 2.5 - 1
 * OUT[0] = sat(DP3(TEMP[1], IN[1])) replicated: (-1*0.25 + 2.5*3 + 1*-1) = 6.25 -> 1
 * OUT[1].xy = RSQ(|IN[1].w|) = 1/sqrt(2); .zw untouched (0)
 * OUT[2] = MOV TEMP[0], OUT[3] = TEMP[1] */
static const char shapes_text[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
    "DCL OUT[0], GENERIC[0]\n"
    "DCL OUT[1], GENERIC[1]\n"
    "DCL OUT[2], GENERIC[2]\n"
    "DCL OUT[3], GENERIC[3]\n"
    "DCL TEMP[0..1]\n"
    "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
    "  0: MAD TEMP[0], IN[0], IN[1], IMM[0]\n"
    "  1: ADD TEMP[1], -|IN[0].wzyx|, IN[1].yyyy\n"
    "  2: SUB TEMP[0].yw, TEMP[0].xxzz, IMM[0].xxxx\n"
    "  3: DP3_SAT OUT[0], TEMP[1], IN[1]\n"
    "  4: RSQ OUT[1].xy, |IN[1].wwww|\n"
    "  5: MOV OUT[2], TEMP[0]\n"
    "  6: MOV OUT[3], TEMP[1]\n"
    "  7: END\n";

static void check_shapes(xt *x)
{
    for (uint32_t i = 0; i < 32; i++) {
        float a = (1.0f + (float)i) * 0.25f + 1.0f;
        uint32_t o[4];
        nvgp_exec_get_output(x->m, i, 2, o);
        assert_int_equal(o[0], fbits(a));
        assert_int_equal(o[1], fbits(a - 1.0f));
        assert_int_equal(o[2], fbits(2.5f));
        assert_int_equal(o[3], fbits(1.5f));
        nvgp_exec_get_output(x->m, i, 3, o);
        assert_int_equal(o[0], fbits(-1.0f));
        assert_int_equal(o[1], fbits(2.5f));
        assert_int_equal(o[2], fbits(1.0f));
        assert_int_equal(o[3], fbits(3.0f - (1.0f + (float)i)));
        nvgp_exec_get_output(x->m, i, 0, o);
        for (unsigned c = 0; c < 4; c++)
            assert_int_equal(o[c], fbits(1.0f));
        nvgp_exec_get_output(x->m, i, 1, o);
        assert_int_equal(o[0], fbits(1.0f / sqrtf(2.0f)));
        assert_int_equal(o[1], fbits(1.0f / sqrtf(2.0f)));
        assert_int_equal(o[2], 0);
        assert_int_equal(o[3], 0);
    }
}

static void test_shapes(void **state)
{
    (void)state;
    run_both(shapes_text, 32, setup_shapes, check_shapes, 7);
}

/* Integer rows (shift counts of 16 and more, signed and unsigned
 * comparisons), by hand: IN[0] = (i, 20, -16, 3). */
static const char integer_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], GENERIC[0]\n"
    "DCL OUT[1], GENERIC[1]\n"
    "DCL OUT[2], GENERIC[2]\n"
    "IMM[0] UINT32 {36, 0, 0, 0}\n"
    "  0: SHL OUT[0].x, IN[0].xxxx, IN[0].yyyy\n"
    "  1: USHR OUT[0].y, IN[0].zzzz, IN[0].yyyy\n"
    "  2: IMAX OUT[0].z, IN[0].zzzz, IN[0].wwww\n"
    "  3: ISLT OUT[0].w, IN[0].zzzz, IN[0].wwww\n"
    "  4: UMUL OUT[1].x, IN[0].xxxx, IN[0].wwww\n"
    "  5: INEG OUT[1].y, IN[0].wwww\n"
    "  6: NOT OUT[1].z, IN[0].xxxx\n"
    "  7: UCMP OUT[1].w, IN[0].xxxx, IN[0].yyyy, IN[0].wwww\n"
    "  8: SHL OUT[2].x, IN[0].wwww, IMM[0].xxxx\n"
    "  9: USLT OUT[2].y, IN[0].zzzz, IN[0].wwww\n"
    " 10: UMAX OUT[2].z, IN[0].zzzz, IN[0].wwww\n"
    " 11: IMIN OUT[2].w, IN[0].zzzz, IN[0].wwww\n"
    " 12: END\n";

static void setup_integer(xt *x)
{
    for (uint32_t i = 0; i < 32; i++)
        xt_in_u(x, i, 0, i, 20, 0xfffffff0u, 3);
}

static void check_integer(xt *x)
{
    for (uint32_t i = 0; i < 32; i++) {
        xt_expect4u(x, i, 0, i << 20, 0xfffu, 3, 0xffffffffu);
        xt_expect4u(x, i, 1, 3 * i, 0xfffffffdu, ~i, i ? 20 : 3);
        /* 36 & 31 = 4; -16 as unsigned is not below 3 */
        xt_expect4u(x, i, 2, 48, 0, 0xfffffff0u, 0xfffffff0u);
    }
}

static void test_integer(void **state)
{
    (void)state;
    run_both(integer_text, 32, setup_integer, check_integer, 12);
}

/* A divergent warp: the fast records of an IF's body run on half the
 * lanes (through the reference handlers), the rest keep their values. */
static const char divergent_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], GENERIC[0]\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 {16.0, 1.0, 0.0, 0.0}\n"
    "  0: MOV TEMP[0], IN[0]\n"
    "  1: FSLT TEMP[0].y, IN[0].xxxx, IMM[0].xxxx\n"
    "  2: UIF TEMP[0].yyyy\n"
    "  3:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
    "  4:   MUL TEMP[0].x, TEMP[0].xxxx, TEMP[0].xxxx\n"
    "  5: ENDIF\n"
    "  6: MOV OUT[0], TEMP[0]\n"
    "  7: END\n";

static void setup_divergent(xt *x)
{
    for (uint32_t i = 0; i < 40; i++)
        xt_in_f(x, i, 0, (float)i, 0.0f, 0.0f, 1.0f);
}

static void check_divergent(xt *x)
{
    for (uint32_t i = 0; i < 40; i++) {
        uint32_t o[4];
        nvgp_exec_get_output(x->m, i, 0, o);
        float v = (float)i;
        assert_int_equal(o[0], fbits(i < 16 ? (v + 1.0f) * (v + 1.0f) : v));
    }
}

static void test_divergent(void **state)
{
    (void)state;
    run_both(divergent_text, 40, setup_divergent, check_divergent, 4);
}

/* The budget is charged a straight run at a time, but a run that would
 * cross it steps instruction by instruction: the failure names the same
 * instruction as the reference loop (the 5th here, budget 4). */
static void test_budget(void **state)
{
    (void)state;
    const char *text = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                       "  0: MOV TEMP[0], IMM[0]\n  1: ADD TEMP[0], TEMP[0], IMM[0]\n"
                       "  2: ADD TEMP[0], TEMP[0], IMM[0]\n  3: ADD TEMP[0], TEMP[0], IMM[0]\n"
                       "  4: MOV OUT[0], TEMP[0]\n  5: END\n";
    for (int e = 0; e < 3; e++) {
        xt x;
        xt_load(&x, text, 1, 1);
        nvgp_exec_set_engine(x.m, engines[e]);
        nvgp_exec_set_budget(x.m, 4);
        assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_ERROR_BUDGET);
        assert_non_null(strstr(nvgp_exec_error(x.m), "at instruction 4 (MOV)"));
        xt_free(&x);
    }
}

/* The comparison itself: a payload-only NaN difference passes, a changed
 * word, a changed buffer byte and a fault count do not. */
static void test_compare(void **state)
{
    (void)state;
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL BUFFER[0]\n"
                       "IMM[0] UINT32 {0, 4096, 0, 0}\n"
                       "  0: MOV OUT[0], IN[0]\n"
                       "  1: STORE BUFFER[0].x, IMM[0].xxxx, IN[0].zzzz\n"
                       "  2: STORE BUFFER[0].x, IMM[0].yyyy, IN[0].yyyy\n  3: END\n";
    /* lane 1's x: the same word, a NaN of another payload, another word */
    static const uint32_t second[3] = { 0x3f800000u, 0x7fc00001u, 0x40000000u };
    static const bool same[3] = { true, true, false };
    for (unsigned c = 0; c < 3; c++) {
        xt a, b;
        xt_load(&a, text, 2, 1);
        xt_load(&b, text, 2, 1);
        xt_in_u(&a, 0, 0, 0x3f800000u, 1, 2, 3);
        xt_in_u(&b, 0, 0, 0x3f800000u, 1, 2, 3);
        xt_in_u(&a, 1, 0, c == 1 ? 0x7fc00000u : 0x3f800000u, 1, 2, 3);
        xt_in_u(&b, 1, 0, second[c], 1, 2, 3);
        nvgp_exec_bind_buffer(a.m, 0, NULL, 16);
        nvgp_exec_bind_buffer(b.m, 0, NULL, 16);
        assert_int_equal(nvgp_exec_run(a.m, NULL), NVGP_EXEC_OK);
        assert_int_equal(nvgp_exec_run(b.m, NULL), NVGP_EXEC_OK);
        char why[256];
        assert_int_equal(engine_same_results(a.m, b.m, why, sizeof why), same[c]);
        if (!same[c])
            assert_non_null(strstr(why, "thread 1 OUT[0]"));
        xt_free(&a);
        xt_free(&b);
    }
    /* the same outputs, a different buffer byte (word 1, which no store
     * reaches, as each machine was given it) */
    xt a, b;
    xt_load(&a, text, 1, 1);
    xt_load(&b, text, 1, 1);
    xt_in_u(&a, 0, 0, 5, 1, 2, 3);
    xt_in_u(&b, 0, 0, 5, 1, 2, 3);
    nvgp_exec_bind_buffer(a.m, 0, NULL, 16);
    uint32_t init[4] = { 0, 9, 0, 0 };
    nvgp_exec_bind_buffer(b.m, 0, init, 16);
    assert_int_equal(nvgp_exec_run(a.m, NULL), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_run(b.m, NULL), NVGP_EXEC_OK);
    char why[256];
    assert_false(engine_same_results(a.m, b.m, why, sizeof why));
    assert_non_null(strstr(why, "buffer 0"));
    /* the store at 4096 is out of a 16-byte buffer in both: a fault each;
     * a 8192-byte buffer takes it */
    assert_int_equal(nvgp_exec_faults(a.m), 1);
    xt_free(&b);
    xt_load(&b, text, 1, 1);
    xt_in_u(&b, 0, 0, 5, 1, 2, 3);
    nvgp_exec_bind_buffer(b.m, 0, NULL, 8192);
    assert_int_equal(nvgp_exec_run(b.m, NULL), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_faults(b.m), 0);
    assert_false(engine_same_results(a.m, b.m, why, sizeof why));
    assert_non_null(strstr(why, "faults"));
    xt_free(&a);
    xt_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_integer),
        cmocka_unit_test(test_divergent),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_corpus_and_seeds),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    nvgp_texture_destroy(shared_texture());
    return rc;
}
