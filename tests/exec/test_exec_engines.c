/* The fast engine and the JIT against the reference handlers, bit for bit.
 *
 * Every program of the corpus (shared/corpus: TGSI, ARB and NV assembly),
 * of the executor's fuzz seeds (tests/fuzz/exec_seeds), of the benchmark
 * (bench/programs) and of the examples (examples/) that loads runs on two machines bound alike, one per
 * engine, with inputs and constants that differ from lane to lane (signed
 * zeros, NaN and infinities among them): the status, every output word of
 * every thread, kills, emitted vertices, memory, buffers, images, fault
 * and instruction counts must be the same (engine_compare.c).  The fast engine and the JIT
 * also run on two host threads (but for programs that store or run
 * atomics, whose order between threads is undefined), which must not
 * change anything either.  In
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
#include "exec/exec_vmath.h"
#include "exec/texture.h"
#include "api/program.h"
#include "tgsi/tgsi_info.h"
#include "walk_files.h"

#include <dirent.h>
#include <stdlib.h>

enum { INVOCATIONS = 70, VERTICES = 3, INPUTS = 16 };

static uint32_t word_of(uint32_t k);

/* Every texture unit's texture: texels of word_of (not zeros, so that what
 * a TEX reads and where tells the engines apart; the JIT calls the
 * sampling handlers from inside compiled regions), its levels made from
 * them. */
static nvgp_texture *shared_texture(void)
{
    static nvgp_texture *t;
    if (!t) {
        nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                                .width = 4, .height = 4, .depth = 1, .layers = 1, .levels = 0,
                                .samples = 1 };
        t = nvgp_texture_create(&d, NULL);
        uint32_t texels[4 * 4 * 4];
        for (uint32_t k = 0; k < 4 * 4 * 4; k++)
            texels[k] = word_of(k + 90001);
        if (t)
            nvgp_texture_set_image_mipmapped(t, texels, sizeof texels, NULL);
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
    unsigned programs, with_fast, with_jit, optimized, with_flow, with_pairs, with_calls, ran;
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
        /* two host threads, but for a program that stores or runs atomics:
         * between warps of different threads their order is undefined
         * (docs/spec-decisions.md, Executor 16), and an atomic's result
         * with it */
        unsigned two = 2;
        for (uint32_t i = 0; i < p->num_instructions; i++)
            if (nvgp_tgsi_opcode_writes_memory(p->instructions[i].opcode))
                two = 1;
        /* (memory keeps what a run leaves: each machine runs once) */
        nvgp_exec *fast2 = make_machine(p, NVGP_EXEC_ENGINE_FAST, two);
        nvgp_exec *ref2 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        /* the JIT's first tier of code on one thread, its optimised tier
         * on two (each compiled before the run, so which code runs does
         * not depend on timing) */
        nvgp_exec *jit = make_machine(p, NVGP_EXEC_ENGINE_JIT, 1);
        if (jit)
            exec_jit_prepare_tiers(jit, 1);
        nvgp_exec *ref3 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        nvgp_exec *jit2 = make_machine(p, NVGP_EXEC_ENGINE_JIT, two);
        if (jit2 && exec_jit_prepare_tiers(jit2, 2)) {
            exec_jit_wait(jit2);
            st->optimized += exec_jit_get_stats(jit2).optimized;
            st->with_pairs += exec_jit_get_stats(jit2).pair_regions > 0;
        }
        nvgp_exec *ref4 = make_machine(p, NVGP_EXEC_ENGINE_REFERENCE, 1);
        if (fast && ref && fast2 && ref2 && jit && ref3 && jit2 && ref4) {
            st->programs++;
            st->with_fast += fast->fast && fast->fast->num_fast > 0;
            st->ran += compare(path, fast, ref);
            compare(path, fast2, ref2);
            compare(path, jit, ref3);
            compare(path, jit2, ref4);
            st->with_jit += exec_jit_get_stats(jit).regions > 0;
            st->with_flow += exec_jit_get_stats(jit).flow_regions > 0;
            st->with_calls += exec_jit_get_stats(jit).callouts > 0;
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
    stats st = { 0, 0, 0, 0, 0, 0, 0, 0 };
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
    printf("engines: %u programs compared, %u with fast records, %u with JIT code (%u with "
           "its optimised tier, %u with compiled control flow, %u calling handlers out of "
           "compiled code, %u with code for pairs of warps), %u ran to their end\n",
           st.programs, st.with_fast, st.with_jit, st.optimized, st.with_flow, st.with_calls,
           st.with_pairs, st.ran);
    assert_true(st.programs >= 9);
    assert_true(st.with_fast > 0);
    assert_true(st.ran >= 9);
    if (exec_jit_available()) {
        assert_true(st.with_jit > 0);
        assert_int_equal(st.optimized, st.with_jit);
        /* (the benchmark's branchy and the JIT's seed at least) */
        assert_true(st.with_flow >= 2);
        assert_true(st.with_calls >= 1);
        /* (long100 at least, wherever the vmath calls are straight) */
        if (exec_vmath_direct())
            assert_true(st.with_pairs >= 1);
    }
}

/* ---- rounding, sign, division and conversions on edge values ------------- */

/* Every opcode of those rows (and their saturated, modified, partially
 * written, destination-reading and uniform forms) on values at their
 * edges, spread over the lanes of 37 invocations (a full warp and 5 lanes
 * of a partial one): the fast engine and the JIT's two tiers must give the
 * reference's words bit for bit, NaNs included (one NaN operand at most
 * in each operation: which of two NaNs comes out is the host's choice,
 * Executor 15).  Every record is a fast record and, with the JIT, the
 * program is one compiled region. */
static const uint32_t float_edges[] = {
    0x00000000u, 0x80000000u, 0x3f000000u /* 0.5 */, 0xbf000000u, 0x3fc00000u /* 1.5 */,
    0xbfc00000u, 0x40200000u /* 2.5 */, 0xc0200000u, 0x3effffffu /* 0.49999997 */,
    0x4afffffdu /* 8388606.5 */, 0x4affffffu /* 8388607.5 */, 0x4b000000u /* 2^23 */,
    0xcb000001u /* -(2^23 + 1) */, 0x501502f9u /* 1e10 */, 0xd01502f9u, 0x7f800000u,
    0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u /* signalling */, 0xffc12345u,
    0x00000001u, 0x80000001u, 0x007fffffu, 0x7f7fffffu, 0xff7fffffu, 0x4f000000u /* 2^31 */,
    0xcf000000u, 0x4effffffu /* 2147483520 */, 0x4f800000u /* 2^32 */,
    0x4f7fffffu /* 4294967040 */, 0xbf800000u, 0xbf7d70a4u /* -0.99 */, 0x4f32d05eu /* 3e9 */,
    0x3f800000u, 0xc0000000u, 0x3f400000u /* 0.75 */, 0xbf400001u, 0x3e800000u /* 0.25 */,
};
static const uint32_t int_edges[] = {
    0u, 1u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2u, 0xfffffffeu, 7u, 0xfffffff9u, 31u, 32u,
    33u, 0x80000001u, 0x10000u, 0xffffu, 16777217u, 3u, 0xc0000000u, 0x40000000u, 255u,
};

static const char edges_text[] =
    "VERT\n"
    "DCL IN[0..5]\n"
    "DCL OUT[0..30], GENERIC[0]\n"
    "DCL TEMP[0..1]\n"
    "DCL ADDR[0]\n"
    "IMM[0] FLT32 {-2.5, 0.5, -0.0, 2147483648.0}\n"
    "IMM[1] UINT32 {0x7f800001, 0x80000000, 0xffffffff, 0}\n"
    "  0: FLR OUT[0], IN[0]\n"
    "  1: CEIL OUT[1], IN[1].yzwx\n"
    "  2: TRUNC OUT[2], -IN[2]\n"
    "  3: ROUND OUT[3], IN[3]\n"
    "  4: FRC OUT[4], IN[0].wzyx\n"
    "  5: ABS OUT[5], IN[1]\n"
    "  6: SSG OUT[6], IN[2]\n"
    "  7: SQRT OUT[7].xz, IN[3].yyyy\n"
    "  8: SQRT_SAT OUT[7].yw, -IN[0].zzzz\n"
    "  9: DIV OUT[8], IN[0], IN[1]\n"
    " 10: F2I OUT[9], IN[2]\n"
    " 11: F2U OUT[10], IN[3]\n"
    " 12: I2F OUT[11], IN[4]\n"
    " 13: U2F OUT[12], IN[5]\n"
    " 14: FRC_SAT OUT[13], -|IN[1]|\n"
    " 15: ROUND_SAT OUT[14].xy, IN[0]\n"
    " 16: FLR OUT[14].zw, IMM[0]\n"
    " 17: F2I OUT[15].xy, IMM[0].xwxx\n"
    " 18: FLR OUT[15].z, IMM[1].xxxx\n"
    " 19: ABS OUT[15].w, -IMM[1].xxxx\n"
    " 20: ISHR OUT[16], IN[4], IN[5]\n"
    " 21: IABS OUT[17], IN[4]\n"
    " 22: ISSG OUT[18], IN[5]\n"
    " 23: IMUL_HI OUT[19], IN[4], IN[5]\n"
    " 24: UMUL_HI OUT[20], IN[4], IN[5].wzyx\n"
    " 25: IDIV OUT[21], IN[4], IN[5]\n"
    " 26: MOD OUT[22], IN[4].yzwx, IN[5]\n"
    " 27: UDIV OUT[23], IN[4], IN[5].zwxy\n"
    " 28: UMOD OUT[24], IN[5], IN[4]\n"
    " 29: IDIV OUT[25].xy, IMM[1].yyyy, IMM[1].zwzw\n"
    " 30: MOD OUT[25].zw, IMM[1].yyyy, IMM[1].zwzw\n"
    " 31: MOV TEMP[0], IN[2]\n"
    " 32: CEIL TEMP[0].xz, TEMP[0].yxwz\n"
    " 33: TRUNC TEMP[0].yw, |TEMP[0].xxzz|\n"
    " 34: MOV OUT[26], TEMP[0]\n"
    " 35: MOV TEMP[1], IN[4]\n"
    " 36: UDIV TEMP[1], TEMP[1].yxwz, TEMP[1]\n"
    " 37: MOV OUT[27], TEMP[1]\n"
    " 38: ARL ADDR[0], IN[3]\n"
    " 39: MOV OUT[28], ADDR[0]\n"
    " 40: ARR ADDR[0], IN[0]\n"
    " 41: MOV OUT[29], ADDR[0]\n"
    " 42: UARL ADDR[0].xw, IN[5]\n"
    " 43: MOV OUT[30], ADDR[0]\n"
    " 44: END\n";

enum { EDGE_INVOCATIONS = 37, EDGE_OUTPUTS = 31 };

static void setup_edges(xt *x)
{
    const uint32_t nf = sizeof float_edges / sizeof float_edges[0];
    const uint32_t ni = sizeof int_edges / sizeof int_edges[0];
    for (uint32_t i = 0; i < EDGE_INVOCATIONS; i++) {
        for (uint32_t k = 0; k < 4; k++) {
            uint32_t v[4];
            for (uint32_t c = 0; c < 4; c++)
                v[c] = float_edges[(i * 4 + c * 7 + k * 11) % nf];
            assert_int_equal(nvgp_exec_set_input(x->m, i, 0, k, v), NVGP_EXEC_OK);
        }
        for (uint32_t k = 4; k < 6; k++) {
            uint32_t v[4];
            for (uint32_t c = 0; c < 4; c++)
                v[c] = int_edges[(i * 3 + c * 5 + k * 7) % ni];
            assert_int_equal(nvgp_exec_set_input(x->m, i, 0, k, v), NVGP_EXEC_OK);
        }
    }
}

static void test_alu_edges(void **state)
{
    (void)state;
    static uint32_t want[EDGE_INVOCATIONS][EDGE_OUTPUTS][4];
    /* the reference, the fast engine, the JIT's first and second tiers */
    static const nvgp_exec_engine order[4] = { NVGP_EXEC_ENGINE_REFERENCE, NVGP_EXEC_ENGINE_FAST,
                                               NVGP_EXEC_ENGINE_JIT, NVGP_EXEC_ENGINE_JIT };
    for (int e = 0; e < 4; e++) {
        xt x;
        xt_load(&x, edges_text, EDGE_INVOCATIONS, 1);
        nvgp_exec_set_engine(x.m, order[e]);
        assert_int_equal(x.m->fast->num_fast, x.m->num_code - 1);
        bool compiled = e >= 2 && exec_jit_prepare_tiers(x.m, e == 2 ? 1 : 2);
        if (compiled)
            exec_jit_wait(x.m);
        setup_edges(&x);
        xt_run(&x);
        if (compiled) {
            exec_jit_stats st = exec_jit_get_stats(x.m);
            assert_int_equal(st.regions, 1);
            assert_int_equal(st.records, x.m->num_code - 1);
        }
        for (uint32_t i = 0; i < EDGE_INVOCATIONS; i++)
            for (uint32_t o = 0; o < EDGE_OUTPUTS; o++) {
                uint32_t got[4];
                nvgp_exec_get_output(x.m, i, o, got);
                for (unsigned c = 0; c < 4; c++) {
                    if (e == 0)
                        want[i][o][c] = got[c];
                    else if (got[c] != want[i][o][c])
                        fail_msg("engine %d, invocation %u, OUT[%u].%c: %08x, the reference "
                                 "%08x", e, i, o, "xyzw"[c], got[c], want[i][o][c]);
                }
            }
        xt_free(&x);
    }
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

/* Uniform sources (EXEC_FREC_U0..U2: one word a component) and
 * instructions whose sources are all uniform (EXEC_FREC_UNI: one lane
 * computed, then copied), by hand, with -0, NaN, modifiers and saturation:
 * 37 vertices, a full warp (fast handlers) and 5 lanes of a second
 * (reference handlers, the mask being partial).  IN[0] = (i - 8, -0,
 * i / 2, NaN when i % 7 == 0 else -2), CONST[0] = (0.5, -0, 3, -1.5). */
static const char uniform_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0..9], GENERIC[0]\n"
    "DCL CONST[0]\n"
    "DCL TEMP[0..9]\n"
    "IMM[0] FLT32 {2.0, -0.0, 1.5, 0.25}\n"
    "IMM[1] UINT32 {2143289344, 0, 0, 0}\n"
    "  0: MUL TEMP[0], IN[0], CONST[0]\n"
    "  1: MAD TEMP[1], IN[0], CONST[0], IN[0]\n"
    "  2: ADD_SAT TEMP[2], CONST[0].wzyx, IN[0]\n"
    "  3: MIN TEMP[3], IN[0], -IMM[0].yxwz\n"
    "  4: MUL_SAT TEMP[4], IMM[0], -CONST[0].xzyw\n"
    "  5: DP4 TEMP[5].x, CONST[0], IN[0]\n"
    "  6: DP3 TEMP[5].y, IN[0], |CONST[0]|\n"
    "  7: DPH TEMP[5].zw, IMM[0], CONST[0]\n"
    "  8: MAD TEMP[6], IN[0].yxzw, IN[0], IMM[0].wzyx\n"
    "  9: MUL TEMP[7], IMM[0], CONST[0].xxxx\n"
    " 10: MOV TEMP[8], IMM[1].xxxx\n"
    " 11: ADD TEMP[9], IN[0], IMM[0]\n"
    " 12: MOV OUT[0], TEMP[0]\n"
    " 13: MOV OUT[1], TEMP[1]\n"
    " 14: MOV OUT[2], TEMP[2]\n"
    " 15: MOV OUT[3], TEMP[3]\n"
    " 16: MOV OUT[4], TEMP[4]\n"
    " 17: MOV OUT[5], TEMP[5]\n"
    " 18: MOV OUT[6], TEMP[6]\n"
    " 19: MOV OUT[7], TEMP[7]\n"
    " 20: MOV OUT[8], TEMP[8]\n"
    " 21: MOV OUT[9], TEMP[9]\n"
    " 22: END\n";

static float uin(uint32_t i, unsigned c)
{
    const float v[4] = { (float)i - 8.0f, -0.0f, 0.5f * (float)i,
                         i % 7 == 0 ? u2f_bits(0x7fc00000u) : -2.0f };
    return v[c];
}

static void setup_uniform(xt *x)
{
    for (uint32_t i = 0; i < 37; i++)
        xt_in_f(x, i, 0, uin(i, 0), uin(i, 1), uin(i, 2), uin(i, 3));
    xt_const_f(x, 0, 0.5f, -0.0f, 3.0f, -1.5f);
}

/* NaN as any NaN (docs/spec-decisions.md: which NaN is the host's) */
static void expect_f(uint32_t got, float want)
{
    if (want != want)
        assert_true((got & 0x7fffffffu) > 0x7f800000u);
    else
        assert_int_equal(got, fbits(want));
}

static float sat1(float f)
{
    return f >= 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
}

static void check_uniform(xt *x)
{
    static const float c[4] = { 0.5f, -0.0f, 3.0f, -1.5f }, imm[4] = { 2.0f, -0.0f, 1.5f, 0.25f };
    for (uint32_t i = 0; i < 37; i++) {
        uint32_t o[10][4];
        for (unsigned r = 0; r < 10; r++)
            nvgp_exec_get_output(x->m, i, r, o[r]);
        float in[4];
        for (unsigned k = 0; k < 4; k++)
            in[k] = uin(i, k);
        for (unsigned k = 0; k < 4; k++) {
            float p = in[k] * c[k];
            expect_f(o[0][k], p);
            expect_f(o[1][k], p + in[k]);
            expect_f(o[2][k], sat1(c[3 - k] + in[k]));
            /* TGSI's MIN of a NaN is the other operand */
            float nimm = -imm[(unsigned[]){ 1, 0, 3, 2 }[k]];
            expect_f(o[3][k], in[k] != in[k] ? nimm : in[k] < nimm ? in[k] : nimm);
            float ncx[4] = { -0.5f, -3.0f, 0.0f, 1.5f }; /* -CONST[0].xzyw */
            expect_f(o[4][k], sat1(imm[k] * ncx[k]));
            float sw[4] = { in[1], in[0], in[2], in[3] };
            float add[4] = { imm[3], imm[2], imm[1], imm[0] };
            expect_f(o[6][k], sw[k] * in[k] + add[k]);
            expect_f(o[7][k], imm[k] * 0.5f);
            assert_int_equal(o[8][k], 0x7fc00000u);
            expect_f(o[9][k], in[k] + imm[k]);
        }
        float dp4 = in[0] * c[0];
        dp4 = dp4 + in[1] * c[1];
        dp4 = dp4 + in[2] * c[2];
        dp4 = dp4 + in[3] * c[3];
        /* |CONST[0]| = (0.5, 0, 3, 1.5); in.y * 0 = -0 */
        float dp3 = in[0] * 0.5f;
        dp3 = dp3 + in[1] * 0.0f;
        dp3 = dp3 + in[2] * 3.0f;
        float dph = 2.0f * 0.5f;
        dph = dph + -0.0f * -0.0f;
        dph = dph + 1.5f * 3.0f;
        dph = dph + -1.5f;
        expect_f(o[5][0], dp4);
        expect_f(o[5][1], dp3);
        expect_f(o[5][2], dph);
        expect_f(o[5][3], dph);
        assert_int_equal(o[5][2], fbits(4.0f));
        /* -0 results keep their sign: IN.y * CONST.y = -0 * -0 = +0,
         * IMM.y * 0.5 = -0 */
        assert_int_equal(o[0][1], 0x00000000u);
        assert_int_equal(o[7][1], 0x80000000u);
    }
}

static void test_uniform_sources(void **state)
{
    (void)state;
    run_both(uniform_text, 37, setup_uniform, check_uniform, 22);
    /* what decode says of them */
    xt x;
    xt_load(&x, uniform_text, 37, 1);
    const exec_frec *r = x.m->fast->recs;
    assert_int_equal(r[0].handler, EXEC_FH_MUL_V4);
    assert_int_equal(r[0].flags & (EXEC_FREC_U0 | EXEC_FREC_U1 | EXEC_FREC_UNI), EXEC_FREC_U1);
    assert_int_equal(r[1].handler, EXEC_FH_MAD_V4);
    assert_int_equal(r[2].flags & (EXEC_FREC_U0 | EXEC_FREC_U1 | EXEC_FREC_UNI), EXEC_FREC_U0);
    assert_int_equal(r[4].handler, EXEC_FH_MUL_VG);
    assert_true(r[4].flags & EXEC_FREC_UNI);
    assert_true(r[5].flags & EXEC_FREC_U0);
    assert_true(r[6].flags & EXEC_FREC_U1);
    assert_true(r[7].flags & EXEC_FREC_UNI);
    assert_int_equal(r[8].flags & (EXEC_FREC_U0 | EXEC_FREC_U1 | EXEC_FREC_U2), EXEC_FREC_U2);
    assert_true(r[10].flags & EXEC_FREC_UNI);
    assert_false(r[12].flags & (EXEC_FREC_U0 | EXEC_FREC_UNI));
    xt_free(&x);
}

/* Doubles (the D shape: register pairs, the modifiers on the high word's
 * sign), by hand: 37 vertices (a full warp, and 5 lanes run on a partial
 * mask).  IN[0] = (a, b) with a = i - 8.5, b = i / 10; IN[1] = (c, -0)
 * with c NaN when i % 7 == 0, else 2.  DFMA against DMAD: fma(b, b, -bb)
 * is the rounding error of bb = b * b, DMAD's is 0.  A write mask of x
 * alone writes the low word of the pair only. */
static const char double_text[] =
    "VERT\n"
    "DCL IN[0..1]\n"
    "DCL OUT[0..6], GENERIC[0]\n"
    "DCL TEMP[0..6]\n"
    "  0: DADD TEMP[0], IN[0], -IN[0].zwxy\n"
    "  1: DMUL TEMP[1].xy, |IN[0].xyxy|, IN[1]\n"
    "  2: DMUL TEMP[2].xy, IN[0].zwzw, IN[0].zwzw\n"
    "  3: DFMA TEMP[2].zw, IN[0].zwzw, IN[0].zwzw, -TEMP[2].xyxy\n"
    "  4: DMAD TEMP[3].xy, IN[0].zwzw, IN[0].zwzw, -TEMP[2].xyxy\n"
    "  5: DMIN TEMP[3].zw, IN[1].xyxy, IN[0].xyxy\n"
    "  6: DSLT TEMP[4], IN[1], IN[0]\n"
    "  7: DFRAC TEMP[5].xy, IN[0].xyxy\n"
    "  8: DSQRT TEMP[5].zw, |IN[0].xyxy|\n"
    "  9: DMUL TEMP[6].x, IN[0].xyxy, IN[0].xyxy\n"
    " 10: MOV OUT[0], TEMP[0]\n"
    " 11: MOV OUT[1], TEMP[1]\n"
    " 12: MOV OUT[2], TEMP[2]\n"
    " 13: MOV OUT[3], TEMP[3]\n"
    " 14: MOV OUT[4], TEMP[4]\n"
    " 15: MOV OUT[5], TEMP[5]\n"
    " 16: MOV OUT[6], TEMP[6]\n"
    " 17: END\n";

static double dbl_a(uint32_t i) { return (double)i - 8.5; }
static double dbl_b(uint32_t i) { return (double)i / 10.0; }
static double dbl_c(uint32_t i) { return i % 7 == 0 ? u2d_bits(0x7ff8000000000000ull) : 2.0; }

static void setup_double(xt *x)
{
    for (uint32_t i = 0; i < 37; i++) {
        uint64_t a = d2u_bits(dbl_a(i)), b = d2u_bits(dbl_b(i)), c = d2u_bits(dbl_c(i));
        uint64_t z = d2u_bits(-0.0);
        xt_in_u(x, i, 0, (uint32_t)a, (uint32_t)(a >> 32), (uint32_t)b, (uint32_t)(b >> 32));
        xt_in_u(x, i, 1, (uint32_t)c, (uint32_t)(c >> 32), (uint32_t)z, (uint32_t)(z >> 32));
    }
}

/* pair p of output r, and the expected double (NaN as any NaN) */
static void expect_d(const uint32_t o[4], unsigned p, double want)
{
    uint64_t got = (uint64_t)o[2 * p] | (uint64_t)o[2 * p + 1] << 32;
    if (want != want)
        assert_true((got & ~(1ull << 63)) > 0x7ff0000000000000ull);
    else
        assert_int_equal(got, d2u_bits(want));
}

static void check_double(xt *x)
{
    for (uint32_t i = 0; i < 37; i++) {
        uint32_t o[7][4];
        for (unsigned r = 0; r < 7; r++)
            nvgp_exec_get_output(x->m, i, r, o[r]);
        double a = dbl_a(i), b = dbl_b(i), c = dbl_c(i), bb = b * b;
        expect_d(o[0], 0, a - b);
        expect_d(o[0], 1, b - a);
        expect_d(o[1], 0, fabs(a) * c);
        assert_int_equal(o[1][2], 0); /* .zw not written */
        assert_int_equal(o[1][3], 0);
        expect_d(o[2], 0, bb);
        expect_d(o[2], 1, fma(b, b, -bb));
        expect_d(o[3], 0, b * b - bb);
        assert_int_equal(o[3][1], 0); /* +0, not -0 */
        expect_d(o[3], 1, c != c ? a : c < a ? c : a); /* DMIN of a NaN: the other */
        assert_int_equal(o[4][0], c < a ? ~0u : 0u);
        assert_int_equal(o[4][2], -0.0 < b ? ~0u : 0u);
        assert_int_equal(o[4][1], 0);
        assert_int_equal(o[4][3], 0);
        expect_d(o[5], 0, a - floor(a));
        expect_d(o[5], 1, sqrt(fabs(a)));
        assert_int_equal(o[6][0], (uint32_t)d2u_bits(a * a));
        assert_int_equal(o[6][1], 0);
    }
}

static void test_doubles(void **state)
{
    (void)state;
    run_both(double_text, 37, setup_double, check_double, 17);
    xt x;
    xt_load(&x, double_text, 37, 1);
    assert_int_equal(x.m->fast->recs[3].handler, EXEC_FH_DFMA_D);
    assert_int_equal(x.m->fast->recs[6].wmask, 0x5);
    xt_free(&x);
}

/* Registers the opening straight run writes whole before reading are not
 * cleared for a full warp (exec_fast_clear); the rest still read 0 in every
 * warp although the warp before wrote them: TEMP[1] is read before it is
 * written, TEMP[2] written in part, OUT[2] never.  64 vertices: two full
 * warps on one host thread (one warp structure, reused), and 40 (a
 * partial second warp, cleared whole). */
static const char keep_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0..2], GENERIC[0]\n"
    "DCL TEMP[0..2]\n"
    "  0: ADD TEMP[0], IN[0], TEMP[1]\n"
    "  1: MOV TEMP[1], IN[0]\n"
    "  2: MOV TEMP[2].xy, IN[0]\n"
    "  3: MOV OUT[0], TEMP[0]\n"
    "  4: MOV OUT[1], TEMP[2]\n"
    "  5: END\n";

static void test_kept_registers(void **state)
{
    (void)state;
    static const uint32_t counts[] = { 64, 40 };
    for (unsigned n = 0; n < 2; n++)
        for (int e = 0; e < 2; e++) {
            xt x;
            xt_load(&x, keep_text, counts[n], 1);
            nvgp_exec_set_engine(x.m, e ? NVGP_EXEC_ENGINE_REFERENCE : NVGP_EXEC_ENGINE_FAST);
            const exec_fast *f = x.m->fast;
            assert_int_equal(f->prefix, 5);
            /* TEMP[0..2], then OUT[0..2] */
            static const bool want[6] = { true, false, false, true, true, false };
            for (unsigned k = 0; k < 6; k++)
                assert_int_equal(f->keep[k], want[k]);
            for (uint32_t i = 0; i < counts[n]; i++)
                xt_in_f(&x, i, 0, (float)i + 1.0f, -2.0f, 3.0f, (float)i * 0.5f);
            for (int run = 0; run < 2; run++) {
                xt_run(&x);
                for (uint32_t i = 0; i < counts[n]; i++) {
                    uint32_t o[3][4];
                    for (unsigned r = 0; r < 3; r++)
                        nvgp_exec_get_output(x.m, i, r, o[r]);
                    const float in[4] = { (float)i + 1.0f, -2.0f, 3.0f, (float)i * 0.5f };
                    for (unsigned c = 0; c < 4; c++) {
                        assert_int_equal(o[0][c], fbits(in[c] + 0.0f));
                        assert_int_equal(o[1][c], c < 2 ? fbits(in[c]) : 0u);
                        assert_int_equal(o[2][c], 0u);
                    }
                }
            }
            xt_free(&x);
        }
}

/* Per-lane flags of whole warps, written sixteen lanes a step
 * (exec_io_put_bits) and read the same way (exec_io_mask_of): 96
 * fragments (three full warps, on one and on two host threads), fragment
 * i killed when IN[0].x = i % 3 - 1 is negative (i % 3 == 0), a helper
 * when i % 5 == 0 (helpers run, KILL_IF kills them as any lane), and a
 * partial warp of 37 fragments (lanes 0..4 of the second warp, one at a
 * time). */
static const char flags_text[] =
    "FRAG\n"
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
    "DCL OUT[0], COLOR\n"
    "  0: KILL_IF IN[0].xxxx\n"
    "  1: MOV OUT[0], IN[0]\n"
    "  2: END\n";

static void test_warp_flags(void **state)
{
    (void)state;
    static const uint32_t counts[] = { 96, 37 };
    for (unsigned n = 0; n < 2; n++)
        for (unsigned threads = 1; threads <= 2; threads++)
            for (int e = 0; e < 2; e++) {
                xt x;
                uint32_t inv = counts[n];
                xt_load(&x, flags_text, inv, 1);
                nvgp_exec_set_engine(x.m, e ? NVGP_EXEC_ENGINE_REFERENCE : NVGP_EXEC_ENGINE_FAST);
                nvgp_exec_set_threads(x.m, threads);
                for (uint32_t i = 0; i < inv; i++) {
                    xt_in_f(&x, i, 0, (float)(i % 3) - 1.0f, 0.0f, 0.0f, 1.0f);
                    assert_int_equal(nvgp_exec_set_helper(x.m, i, i % 5 == 0), NVGP_EXEC_OK);
                }
                xt_run(&x);
                for (uint32_t i = 0; i < inv; i++) {
                    assert_int_equal(nvgp_exec_killed(x.m, i), i % 3 == 0);
                    assert_int_equal(nvgp_exec_is_helper(x.m, i), i % 5 == 0);
                }
                xt_free(&x);
            }
}

/* The mask helpers themselves, on patterns whose halves and bytes differ,
 * for whole and partial lane counts (lanes past the count left alone). */
static void test_lane_masks(void **state)
{
    (void)state;
    static const uint32_t masks[] = { 0, 0xffffffffu, 0x80000001u, 0x5555aaaau, 0x0000ff00u,
                                      0x12345678u };
    static const unsigned counts[] = { 32, 31, 17, 16, 5, 1 };
    for (size_t k = 0; k < sizeof masks / sizeof masks[0]; k++)
        for (size_t j = 0; j < sizeof counts / sizeof counts[0]; j++) {
            unsigned n = counts[j];
            bool b[40];
            memset(b, 1, sizeof b);
            exec_io_put_bits(b, masks[k], n);
            for (unsigned l = 0; l < 40; l++)
                assert_int_equal(b[l], l < n ? (masks[k] >> l) & 1 : 1);
            uint32_t want = n == 32 ? masks[k] : masks[k] & ((1u << n) - 1);
            assert_int_equal(exec_io_mask_of(b, n), want);
        }
    /* the transpositions of warp set-up and results (8, 4 and 1 lanes a
     * step): dst.c[c][l] = src[l * stride + c], for vec4s 4 and 12 words
     * apart and lane counts that leave every kind of tail */
    static const unsigned io_lanes[] = { 32, 29, 13, 8, 5, 1 };
    static uint32_t src[32 * 12], back[32 * 12];
    for (unsigned k = 0; k < 32 * 12; k++)
        src[k] = 0x1000u + k;
    for (size_t j = 0; j < sizeof io_lanes / sizeof io_lanes[0]; j++)
        for (size_t stride = 4; stride <= 12; stride += 8) {
            unsigned n = io_lanes[j];
            exec_reg r;
            memset(&r, 0, sizeof r);
            exec_io_gather4(&r, src, stride, n);
            for (unsigned l = 0; l < LANES; l++)
                for (unsigned c = 0; c < 4; c++)
                    assert_int_equal(r.c[c].u[l], l < n ? 0x1000u + l * stride + c : 0u);
            memset(back, 0, sizeof back);
            exec_io_scatter4(back, stride, &r, n);
            for (unsigned k = 0; k < 32 * 12; k++)
                assert_int_equal(back[k], k / stride < n && k % stride < 4 ? src[k] : 0u);
        }
    /* the branch masks: lane l holds kinds[l % 5]; as words, -0 is not 0;
     * as floats it is, and a NaN is not 0 (IF's "!= 0.0") */
    static const uint32_t kinds[5] = { 0, 0x80000000u, 0x7fc00000u, 0x3f800000u, 1 };
    exec_chan a, b;
    uint32_t nz = 0, fnz = 0, eq = 0;
    for (unsigned l = 0; l < LANES; l++) {
        a.u[l] = kinds[l % 5];
        b.u[l] = l % 3 ? a.u[l] : a.u[l] ^ 1u;
        nz |= (uint32_t)(l % 5 != 0) << l;
        fnz |= (uint32_t)(l % 5 >= 2) << l;
        eq |= (uint32_t)(l % 3 != 0) << l;
    }
    assert_int_equal(exec_mask_nz(a.u), nz);
    assert_int_equal(exec_mask_fnz(a.f), fnz);
    assert_int_equal(exec_mask_eq(a.u, b.u), eq);
}

/* Fast records on a partial mask (run_masked: every lane computed into a
 * scratch register, the executing lanes merged): saturation into OUT, a
 * destination its source reads with a uniform source, a dot product, a
 * scalar function, an all-uniform MOV, under IF and ELSE, on 40 vertices
 * (lanes 0..15 of the first warp take the IF; the second warp holds 8
 * lanes, all in the ELSE).  IN[0] = (i, 2, -1, NaN when i % 5 == 0 else 3). */
static const char masked_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0..2], GENERIC[0]\n"
    "DCL TEMP[0..2]\n"
    "IMM[0] FLT32 {16.0, 1.0, 0.5, -0.0}\n"
    "  0: MOV TEMP[0], IN[0]\n"
    "  1: MOV OUT[0], IMM[0].wwww\n"
    "  2: FSLT TEMP[1].x, IN[0].xxxx, IMM[0].xxxx\n"
    "  3: UIF TEMP[1].xxxx\n"
    "  4:   MUL_SAT OUT[0].xy, TEMP[0].xxxx, IMM[0].zzzz\n"
    "  5:   ADD TEMP[0], TEMP[0], IMM[0].yyyy\n"
    "  6:   DP3 OUT[0].z, TEMP[0], IMM[0]\n"
    "  7:   RSQ OUT[0].w, TEMP[0].xxxx\n"
    "  8:   MOV TEMP[2], IMM[0].zyxw\n"
    "  9: ELSE\n"
    " 10:   MOV TEMP[2], -TEMP[0].yxzw\n"
    " 11: ENDIF\n"
    " 12: MOV OUT[1], TEMP[0]\n"
    " 13: MOV OUT[2], TEMP[2]\n"
    " 14: END\n";

static void setup_masked(xt *x)
{
    for (uint32_t i = 0; i < 40; i++)
        xt_in_f(x, i, 0, (float)i, 2.0f, -1.0f, i % 5 == 0 ? u2f_bits(0x7fc00000u) : 3.0f);
}

static void check_masked(xt *x)
{
    for (uint32_t i = 0; i < 40; i++) {
        uint32_t o[3][4];
        for (unsigned r = 0; r < 3; r++)
            nvgp_exec_get_output(x->m, i, r, o[r]);
        float w = i % 5 == 0 ? u2f_bits(0x7fc00000u) : 3.0f, v = (float)i;
        if (i < 16) {
            expect_f(o[0][0], sat1(v * 0.5f));
            expect_f(o[0][1], sat1(v * 0.5f));
            float dp = (v + 1.0f) * 16.0f;
            dp = dp + 3.0f * 1.0f;
            dp = dp + 0.0f * 0.5f;
            expect_f(o[0][2], dp);
            expect_f(o[0][3], 1.0f / sqrtf(v + 1.0f));
            const float t0[4] = { v + 1.0f, 3.0f, 0.0f, w + 1.0f }, t2[4] = { 0.5f, 1.0f, 16.0f, -0.0f };
            for (unsigned c = 0; c < 4; c++) {
                expect_f(o[1][c], t0[c]);
                expect_f(o[2][c], t2[c]);
            }
            assert_int_equal(o[2][3], 0x80000000u);
        } else {
            for (unsigned c = 0; c < 4; c++)
                assert_int_equal(o[0][c], 0x80000000u);
            const float t0[4] = { v, 2.0f, -1.0f, w }, t2[4] = { -2.0f, -v, 1.0f, -w };
            for (unsigned c = 0; c < 4; c++) {
                expect_f(o[1][c], t0[c]);
                expect_f(o[2][c], t2[c]);
            }
        }
    }
}

static void test_masked_runs(void **state)
{
    (void)state;
    run_both(masked_text, 40, setup_masked, check_masked, 10);
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
        cmocka_unit_test(test_uniform_sources),
        cmocka_unit_test(test_masked_runs),
        cmocka_unit_test(test_doubles),
        cmocka_unit_test(test_kept_registers),
        cmocka_unit_test(test_warp_flags),
        cmocka_unit_test(test_lane_masks),
        cmocka_unit_test(test_alu_edges),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_corpus_and_seeds),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    nvgp_texture_destroy(shared_texture());
    return rc;
}
