/* NV_gpu_program4/5 condition codes and flow control on the executor:
 * every test of Table X.16 against flags computed by hand from 2.X.4.3,
 * conditional write masks and condition-code write masks, IF/REP/BRK/CONT
 * nesting, CAL/RET with conditions, the call-depth limit; lanes diverge
 * (each invocation gets its own input) and warps are partial. */
#include "lower_test_util.h"

#include "lower/lower_gp.h"

/* Input `name` of one invocation, as words. */
static void in_lane(lt *x, const char *name, uint32_t lane, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, name);
    assert_non_null(s);
    uint32_t v[4] = {a, b, c, d};
    assert_int_equal(nvgp_exec_set_input(x->m, lane, 0, (uint32_t)s->index, v), NVGP_EXEC_OK);
}

static uint32_t out_word(lt *x, const char *name, uint32_t lane, unsigned comp)
{
    float o[4];
    lt_out(x, name, lane, o);
    return lt_bits(o[comp]);
}

/* The 18 rules of Table X.16 in its order, and what each gives for the
 * flag sets below (worked out by hand from the "condition" column). */
static const char *const rules[18] = {"EQ", "GE", "GT", "LE", "LT", "NE", "FL", "TR", "NAN",
                                      "LEG", "CF", "NCF", "OF", "NOF", "SF", "NSF", "AB", "BLE"};

/* flags: negative (SF), zero (ZF), positive (none), NaN (SF ZF) */
enum { F_NEG, F_ZERO, F_POS, F_NAN, F_KINDS };
static const bool want_rule[18][F_KINDS] = {
    /*        neg    zero   pos    nan */
    /* EQ  */ {false, true, false, false},
    /* GE  */ {false, true, true, false},
    /* GT  */ {false, false, true, false},
    /* LE  */ {true, true, false, false},
    /* LT  */ {true, false, false, false},
    /* NE  */ {true, false, true, true},
    /* FL  */ {false, false, false, false},
    /* TR  */ {true, true, true, true},
    /* NAN */ {false, false, false, true},
    /* LEG */ {true, true, true, false},
    /* CF  */ {false, false, false, false},
    /* NCF */ {true, true, true, true},
    /* OF  */ {false, false, false, false},
    /* NOF */ {true, true, true, true},
    /* SF  */ {true, false, false, true},
    /* NSF */ {false, true, true, false},
    /* AB  */ {false, false, false, false},
    /* BLE */ {true, true, true, true},
};

/* A vertex program that sets CC<reg> from vertex.attrib[1].x with
 * "MOV.<type>.CC<reg>" and writes 1 to component k%4 of texcoord[k/4]
 * where rule k (with its CC suffix) passes, 0 elsewhere. */
static char *rule_program(const char *type, int reg)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_strbuf_printf(&sb, "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP t, r[5];\n");
    for (int i = 0; i < 5; i++)
        nvgp_strbuf_printf(&sb, "MOV.U r[%d], 0;\n", i);
    nvgp_strbuf_printf(&sb, "MOV.%s.CC%d t, a.x;\n", type, reg);
    for (int k = 0; k < 18; k++)
        nvgp_strbuf_printf(&sb, "MOV.U r[%d].%c (%s%d.x), 1;\n", k / 4, "xyzw"[k % 4], rules[k], reg);
    for (int i = 0; i < 5; i++)
        nvgp_strbuf_printf(&sb, "MOV.U result.texcoord[%d], r[%d];\n", i, i);
    nvgp_strbuf_printf(&sb, "END\n");
    return nvgp_strbuf_take(&sb, NULL);
}

static void check_rules(lt *x, uint32_t lane, int kind)
{
    for (int k = 0; k < 18; k++) {
        char name[32];
        snprintf(name, sizeof name, "result.texcoord[%d]", k / 4);
        uint32_t got = out_word(x, name, lane, (unsigned)k % 4);
        if (got != (uint32_t)want_rule[k][kind])
            fprintf(stderr, "lane %u: %s gave %u\n", lane, rules[k], got);
        assert_int_equal(got, want_rule[k][kind]);
    }
}

/* 2.X.4.3, float results: SF for < 0 or NaN, ZF for == 0 or NaN, OF and
 * CF clear; -0.0 equals zero.  One lane per value, 6 lanes of 32. */
static void test_cc_float_rules(void **state)
{
    (void)state;
    static const struct { float v; int kind; } cases[] = {
        {-1.5f, F_NEG}, {0.0f, F_ZERO}, {2.0f, F_POS}, {NAN, F_NAN}, {-0.0f, F_ZERO}, {-INFINITY, F_NEG}};
    for (int reg = 0; reg < 2; reg++) {
        char *src = rule_program("F", reg);
        lt x;
        lt_load(&x, src, 6);
        for (uint32_t i = 0; i < 6; i++)
            in_lane(&x, "vertex.attrib[1]", i, lt_bits(cases[i].v), 0, 0, 0);
        lt_run(&x);
        for (uint32_t i = 0; i < 6; i++)
            check_rules(&x, i, cases[i].kind);
        lt_free(&x);
        free(src);
    }
}

/* Integer results: SF is the most significant bit (for .U too), ZF zero;
 * a MOV clears OF and CF. */
static void test_cc_integer_rules(void **state)
{
    (void)state;
    static const struct { uint32_t v; int kind; } cases[] = {
        {0xfffffffbu, F_NEG}, {0, F_ZERO}, {7, F_POS}, {0x80000000u, F_NEG}, {0x7fffffffu, F_POS}};
    static const char *const types[] = {"S", "U"};
    for (int ty = 0; ty < 2; ty++) {
        char *src = rule_program(types[ty], ty);
        lt x;
        lt_load(&x, src, 5);
        for (uint32_t i = 0; i < 5; i++)
            in_lane(&x, "vertex.attrib[1]", i, cases[i].v, 0, 0, 0);
        lt_run(&x);
        for (uint32_t i = 0; i < 5; i++)
            check_rules(&x, i, cases[i].kind);
        lt_free(&x);
        free(src);
    }
}

/* Integer add and subtract (2.X.4.3): OF from the signed operation, CF
 * the unsigned carry of an add or "result >= 0" of a subtract, whatever
 * the type; a negated operand makes an add a subtract.  Per lane: (SF,
 * OF, CF, EQ) of ADD.S, SUB.S, ADD.S with -b, ADD.U, then (GT, LT, AB,
 * BLE) of ADD.S. */
static void test_cc_add_sub_flags(void **state)
{
    (void)state;
    static const char *const ops[4] = {"ADD.S.CC t.x, a.x, a.y", "SUB.S.CC t.x, a.x, a.y",
                                       "ADD.S.CC t.x, a.x, -a.y", "ADD.U.CC t.x, a.x, a.y"};
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_strbuf_printf(&sb, "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP t, r;\n");
    for (int k = 0; k < 5; k++) {
        static const char *const sig[2][4] = {{"SF", "OF", "CF", "EQ"}, {"GT", "LT", "AB", "BLE"}};
        nvgp_strbuf_printf(&sb, "%s;\nMOV.U r, 0;\n", ops[k % 4]);
        for (int i = 0; i < 4; i++)
            nvgp_strbuf_printf(&sb, "MOV.U r.%c (%s.x), 1;\n", "xyzw"[i], sig[k / 4][i]);
        nvgp_strbuf_printf(&sb, "MOV.U result.texcoord[%d], r;\n", k);
    }
    nvgp_strbuf_printf(&sb, "END\n");
    char *src = nvgp_strbuf_take(&sb, NULL);
    static const uint32_t in[6][2] = {{0x7fffffffu, 1}, {0xffffffffu, 1}, {0x80000000u, 1},
                                      {5, 0},           {5, 7},           {0x80000000u, 0x80000000u}};
    static const uint8_t want[6][5][4] = {
        /*        ADD.S         SUB.S         ADD -b        ADD.U         GT LT AB BLE */
        /* L0 */ {{1, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 1, 0}, {1, 1, 0, 0}, {1, 0, 0, 1}},
        /* L1 */ {{0, 0, 1, 1}, {1, 0, 1, 0}, {1, 0, 1, 0}, {0, 0, 1, 1}, {0, 0, 0, 1}},
        /* L2 */ {{1, 0, 0, 0}, {0, 1, 1, 0}, {0, 1, 1, 0}, {1, 0, 0, 0}, {0, 1, 0, 1}},
        /* L3 */ {{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}, {1, 0, 0, 1}},
        /* L4 */ {{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 1}},
        /* L5 */ {{0, 1, 1, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}, {0, 1, 1, 1}, {0, 1, 0, 1}},
    };
    lt x;
    lt_load(&x, src, 6);
    for (uint32_t i = 0; i < 6; i++)
        in_lane(&x, "vertex.attrib[1]", i, in[i][0], in[i][1], 0, 0);
    lt_run(&x);
    for (uint32_t i = 0; i < 6; i++)
        for (int k = 0; k < 5; k++) {
            char name[32];
            snprintf(name, sizeof name, "result.texcoord[%d]", k);
            lt_expect_u_at(&x, name, i, 0xf, want[i][k][0], want[i][k][1], want[i][k][2], want[i][k][3]);
        }
    lt_free(&x);
    free(src);
}

/* 64-bit results (NV_gpu_program5): the flags of each 64-bit component,
 * and conditional writes of 64-bit values (into a LONG TEMP, and narrowed
 * into a 32-bit one). */
static void test_cc_64bit(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nATTRIB a = vertex.attrib[1];\nATTRIB b = vertex.attrib[2];\nATTRIB k = vertex.attrib[3];\n"
            "LONG TEMP c, d, e, f;\nTEMP r, s, u;\n"
            "MOV.F64 c, a;\nMOV.F64.CC d, c;\n"
            "MOV.U r, 0;\nMOV.U r (LT), 1;\nMOV.U r (EQ), 2;\nMOV.U r (NAN), 3;\nMOV.U result.texcoord[0], r;\n"
            "MOV.F64 e, b;\nMOV.F64 c (LE), e;\nMOV.F result.texcoord[1], c;\n"
            "PK64.U f, k;\nMOV.S64.CC1 f.xy, f;\n"
            "MOV.U s, 0;\nMOV.U s (GT1), 1;\nMOV.U s (LT1), 2;\nMOV.U result.texcoord[2], s;\n"
            "MOV.F u, 4;\nMOV.F64 u (GT1), e;\nMOV.F result.texcoord[3], u;\nEND\n",
            1);
    lt_in(&x, "vertex.attrib[1]", -1.5f, 0.0f, 2.0f, NAN);
    lt_in(&x, "vertex.attrib[2]", 9, 9, 9, 9);
    lt_in_u(&x, "vertex.attrib[3]", 5, 0, 0xfffffffdu, 0xffffffffu); /* S64 (5, -3) */
    lt_run(&x);
    /* CC0 = (SF, ZF, -, SF ZF) */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 1, 2, 0, 3);
    /* LE passes for -1.5 and 0 (and not NaN) */
    lt_expect(&x, "result.texcoord[1]", 0xf, 9, 9, 2, NAN);
    /* CC1 = (-, SF, initial ZF, initial ZF) */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 1, 2, 0, 0);
    lt_expect(&x, "result.texcoord[3]", 0xf, 9, 4, 4, 4);
    lt_free(&x);
}

/* 64-bit ADD/SUB with .CC (NV_gpu_program5, the 2.X.4.3 rules on 64-bit
 * values): CF is the carry out of bit 63 of an add or "no borrow" of a
 * subtract, OF the signed overflow, per NV component.  Lane 1's x adds
 * 0xffffffff + 1: a carry out of the low word only (CF clear).  A 64-bit
 * result written to an output is narrowed but its flags are those of the
 * 64-bit value (lane 0: CC1.y from 0x8000000000000000, whose low word is
 * 0); a conditional 64-bit write to an output keeps the old value where
 * the test fails. */
static void test_cc_add_sub_64(void **state)
{
    (void)state;
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_strbuf_printf(&sb, "!!NVvp5.0\nATTRIB a = vertex.attrib[1];\nATTRIB b = vertex.attrib[2];\n"
                            "LONG TEMP p, q, r;\nTEMP t;\nPK64.U p, a;\nPK64.U q, b;\n");
    static const char *const ops[2] = {"ADD.U64.CC r.xy, p, q", "SUB.S64.CC r.xy, p, q"};
    for (int k = 0; k < 4; k++) {
        if (k % 2 == 0)
            nvgp_strbuf_printf(&sb, "%s;\n", ops[k / 2]);
        char c = "xy"[k % 2];
        nvgp_strbuf_printf(&sb, "MOV.U t, 0;\nMOV.U t.x (CF.%c), 1;\nMOV.U t.y (OF.%c), 1;\nMOV.U t.z (SF.%c), 1;\n"
                                "MOV.U t.w (EQ.%c), 1;\nMOV.U result.texcoord[%d], t;\n",
                           c, c, c, c, k);
    }
    nvgp_strbuf_printf(&sb, "ADD.U64.CC1 result.texcoord[4].xy, p, q;\n"
                            "MOV.U t, 0;\nMOV.U t.x (CF1.x), 1;\nMOV.U t.y (OF1.y), 1;\nMOV.U t.z (SF1.y), 1;\n"
                            "MOV.U t.w (EQ1.x), 1;\nMOV.U result.texcoord[5], t;\n"
                            "MOV.U result.texcoord[6], 7;\nMOV.S64 result.texcoord[6].xy (EQ1.x), p;\nEND\n");
    char *src = nvgp_strbuf_take(&sb, NULL);
    static const uint32_t a[3][4] = {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu},
                                     {0xffffffffu, 0, 0, 0},
                                     {5, 0, 0, 0x80000000u}};
    static const uint32_t b[3][4] = {{1, 0, 1, 0}, {1, 0, 1, 0}, {5, 0, 1, 0}};
    /* (CF, OF, SF, EQ) of ADD x, ADD y, SUB x, SUB y */
    static const uint8_t want[3][4][4] = {
        {{1, 0, 0, 1}, {0, 1, 1, 0}, {1, 0, 1, 0}, {1, 0, 0, 0}},
        {{0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 0, 1, 0}},
        {{0, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}, {1, 1, 0, 0}},
    };
    static const uint32_t sum_lo[3][2] = {{0, 0}, {0, 1}, {10, 1}};
    static const uint8_t cc1[3][4] = {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 1, 0}};
    lt x;
    lt_load(&x, src, 3);
    for (uint32_t i = 0; i < 3; i++) {
        in_lane(&x, "vertex.attrib[1]", i, a[i][0], a[i][1], a[i][2], a[i][3]);
        in_lane(&x, "vertex.attrib[2]", i, b[i][0], b[i][1], b[i][2], b[i][3]);
    }
    lt_run(&x);
    for (uint32_t i = 0; i < 3; i++) {
        for (int k = 0; k < 4; k++) {
            char name[32];
            snprintf(name, sizeof name, "result.texcoord[%d]", k);
            lt_expect_u_at(&x, name, i, 0xf, want[i][k][0], want[i][k][1], want[i][k][2], want[i][k][3]);
        }
        lt_expect_u_at(&x, "result.texcoord[4]", i, 3, sum_lo[i][0], sum_lo[i][1], 0, 0);
        lt_expect_u_at(&x, "result.texcoord[5]", i, 0xf, cc1[i][0], cc1[i][1], cc1[i][2], cc1[i][3]);
        if (i == 0)
            lt_expect_u_at(&x, "result.texcoord[6]", i, 0xf, 0xffffffffu, 0xffffffffu, 7, 7);
        else
            lt_expect_u_at(&x, "result.texcoord[6]", i, 0xf, 7, 7, 7, 7);
    }
    lt_free(&x);
    free(src);
}

/* Components of the CC are updated only where both the write mask and the
 * condition-code write mask allow (2.X.4.3); tests read the CC as it was
 * before the instruction; the initial flags are those of 0.0 (EQ passes,
 * a decision); CC1 is separate from CC0; test results are swizzled. */
static void test_cc_masks(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nATTRIB b = vertex.attrib[2];\nTEMP t, u, r, s;\n"
            "MOV.U r, 0;\nMOV.U r (EQ), 1;\n"          /* initial: every component EQ */
            "MOV.F.CC t.xz, a;\n"                       /* CC0.xz from a, .yw keep EQ */
            "MOV.U s, 5;\nMOV.U s (GT.xyzw), 1;\nMOV.U s (EQ.xyzw), 2;\n"
            "MOV.F.CC1 u, b;\n"                         /* CC1 from b: (-, +, 0, NaN) */
            "MOV.F.CC0 t (LT1.wzyx), -3;\n"             /* CC0 <- (-3) where CC1.wzyx is LT */
            "MOV.U r.yzw (GT1.xyzx), 7;\n"
            "MOV.U result.texcoord[0], r;\nMOV.U result.texcoord[1], s;\n"
            "MOV.U u, 0;\nMOV.U u (LT), 1;\nMOV.U result.texcoord[2], u;\n"
            "MOV result.texcoord[3], t;\nEND\n",
            3);
    lt_in(&x, "vertex.attrib[1]", 2, 2, -1, -1);
    lt_in(&x, "vertex.attrib[2]", -1, 1, 0, NAN);
    lt_run(&x);
    /* r: EQ everywhere at first (1), then r.yzw = 7 where CC1.(x y z x) =
     * (-, +, 0, -) is GT: only y */
    lt_expect_u(&x, "result.texcoord[0]", 0xf, 1, 7, 1, 1);
    /* CC0 = (a.x = 2 -> GT, EQ, a.z = -1 -> LT, EQ) */
    lt_expect_u(&x, "result.texcoord[1]", 0xf, 1, 2, 5, 2);
    /* CC1.wzyx = (NaN, 0, +, -): only w passes LT, so CC0.w <- LT; with
     * CC0 = (GT, EQ, LT, LT) LT passes in z and w */
    lt_expect_u(&x, "result.texcoord[2]", 0xf, 0, 0, 1, 1);
    /* t: xz from a, w = -3 from the conditional write; y never written */
    float o[4];
    lt_out(&x, "result.texcoord[3]", 0, o);
    assert_true(o[0] == 2 && o[2] == -1 && o[3] == -3);
    lt_free(&x);
}

/* IF on any passing component, ELSE, nesting; lanes diverge. */
static void test_if_else_nested(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVfp4.0\nATTRIB a = fragment.texcoord[0];\nTEMP t, r;\n"
            "MOV.S.CC t, a;\nMOV.S r, 0;\n"
            "IF GT.xyxy;\n  ADD.S r.x, r.x, 1;\n  IF LT.z;\n    ADD.S r.y, r.y, 10;\n  ELSE;\n"
            "    ADD.S r.y, r.y, 20;\n  ENDIF;\nELSE;\n  ADD.S r.x, r.x, 2;\n  IF NE.w;\n"
            "    ADD.S r.z, r.z, 30;\n  ENDIF;\nENDIF;\nIF FL;\n  MOV.S r.w, 99;\nENDIF;\n"
            "MOV.S result.color, r;\nEND\n",
            5);
    static const int32_t in[5][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, 0, 0, 5}, {-1, -1, 0, 0}, {0, 3, -2, 1}};
    static const int32_t want[5][3] = {{1, 10, 0}, {1, 20, 0}, {2, 0, 30}, {2, 0, 0}, {1, 10, 0}};
    for (uint32_t i = 0; i < 5; i++)
        in_lane(&x, "fragment.texcoord[0]", i, (uint32_t)in[i][0], (uint32_t)in[i][1], (uint32_t)in[i][2],
                (uint32_t)in[i][3]);
    lt_run(&x);
    for (uint32_t i = 0; i < 5; i++)
        lt_expect_u_at(&x, "result.color", i, 0xf, (uint32_t)want[i][0], (uint32_t)want[i][1],
                       (uint32_t)want[i][2], 0);
    lt_free(&x);
}

/* REP counts (2.X.8 REP): floats are floored, counts that are not
 * positive skip the block; .S and .U read integers.  Per lane. */
static void test_rep_counts(void **state)
{
    (void)state;
    static const struct { const char *type; uint32_t count; uint32_t iters; } cases[] = {
        {"F", 0x402ccccdu /* 2.7 */, 2}, {"F", 0xbf800000u /* -1 */, 0}, {"F", 0x7fc00000u /* NaN */, 0},
        {"F", 0x3f7fffffu /* 0.99999994 */, 0}, {"F", 0x40a00000u /* 5 */, 5},
        {"S", 3, 3}, {"S", 0xfffffffdu /* -3 */, 0}, {"S", 0, 0},
        {"U", 4, 4}, {"U", 0, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char src[512];
        snprintf(src, sizeof src,
                 "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP r;\nMOV.U r, 0;\n"
                 "REP.%s a;\n  ADD.U r.x, r.x, 1;\nENDREP;\nMOV.U result.texcoord[0], r;\nEND\n",
                 cases[k].type);
        lt x;
        lt_load(&x, src, 3);
        /* lane 1 runs a fixed count of 1, lane 2 the same as lane 0 */
        in_lane(&x, "vertex.attrib[1]", 0, cases[k].count, 0, 0, 0);
        in_lane(&x, "vertex.attrib[1]", 1, cases[k].type[0] == 'F' ? 0x3f800000u : 1, 0, 0, 0);
        in_lane(&x, "vertex.attrib[1]", 2, cases[k].count, 0, 0, 0);
        lt_run(&x);
        lt_expect_u_at(&x, "result.texcoord[0]", 0, 1, cases[k].iters, 0, 0, 0);
        lt_expect_u_at(&x, "result.texcoord[0]", 1, 1, 1, 0, 0, 0);
        lt_expect_u_at(&x, "result.texcoord[0]", 2, 1, cases[k].iters, 0, 0, 0);
        lt_free(&x);
    }
}

/* 64-bit REP counts (NV_gpu_program5 Table X.13: REP takes F64, S64,
 * U64): the x component's 64-bit value, floored for F64.  Per lane. */
static void test_rep_counts64(void **state)
{
    (void)state;
    static const struct { const char *load, *type; uint32_t lo, hi, iters; } cases[] = {
        {"PK64.U c, a", "S64", 5, 0, 5},
        {"PK64.U c, a", "S64", 0xfffffffdu, 0xffffffffu, 0}, /* -3 */
        {"PK64.U c, a", "U64", 3, 0, 3},
        {"PK64.U c, a", "U64", 0, 0, 0},
        {"MOV.F64 c, a", "F64", 0x402ccccdu /* 2.7f */, 0, 2},
        {"MOV.F64 c, a", "F64", 0xbf800000u /* -1 */, 0, 0},
        {"MOV.F64 c, a", "F64", 0x7fc00000u /* NaN */, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char src[512];
        snprintf(src, sizeof src,
                 "!!NVvp5.0\nATTRIB a = vertex.attrib[1];\nLONG TEMP c;\nTEMP r;\n%s;\nMOV.U r, 0;\n"
                 "REP.%s c;\n  ADD.U r.x, r.x, 1;\nENDREP;\nMOV.U result.texcoord[0], r;\nEND\n",
                 cases[k].load, cases[k].type);
        lt x;
        lt_load(&x, src, 2);
        in_lane(&x, "vertex.attrib[1]", 0, cases[k].lo, cases[k].hi, 0, 0);
        in_lane(&x, "vertex.attrib[1]", 1, cases[k].type[0] == 'F' ? 0x3f800000u : 1, 0, 0, 0);
        lt_run(&x);
        lt_expect_u_at(&x, "result.texcoord[0]", 0, 1, cases[k].iters, 0, 0, 0);
        lt_expect_u_at(&x, "result.texcoord[0]", 1, 1, 1, 0, 0, 0);
        lt_free(&x);
    }
}

/* REP without a count ends by BRK; CONT skips to the next iteration (and
 * counts it); BRK in an inner loop leaves only that loop.  Lane i has
 * limit a.x = i: the outer loop runs while i > n, the inner adds the odd
 * numbers below 6 and breaks at 5. */
static void test_rep_brk_cont(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP n, m, s, j, p, t;\nMOV.S n, 0;\nMOV.S m, 0;\n"
            "MOV.S s, 0;\nMOV.S j, 0;\n"
            "REP;\n  ADD.S.CC t.x, a.x, m.x;\n  BRK (LE.x);\n  ADD.S n.x, n.x, 1;\n  ADD.S m.x, m.x, -1;\n"
            "  MOV.S j, 0;\n  MOV.S p, 0;\n"
            "  REP 10;\n    ADD.S j.x, j.x, 1;\n    MAD.S.CC p.x, p.x, -1, 1;\n    CONT (EQ.x);\n"
            "    ADD.S s.x, s.x, j.x;\n    ADD.S.CC t.x, j.x, -5;\n    BRK (EQ.x);\n  ENDREP;\nENDREP;\n"
            "MOV.S result.texcoord[0], n;\nMOV.S result.texcoord[1], s;\nMOV.S result.texcoord[2], j;\nEND\n",
            4);
    for (uint32_t i = 0; i < 4; i++)
        in_lane(&x, "vertex.attrib[1]", i, i, 0, 0, 0);
    lt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        lt_expect_u_at(&x, "result.texcoord[0]", i, 1, i, 0, 0, 0);
        lt_expect_u_at(&x, "result.texcoord[1]", i, 1, 9 * i, 0, 0, 0); /* 1 + 3 + 5 per outer iteration */
        lt_expect_u_at(&x, "result.texcoord[2]", i, 1, i ? 5 : 0, 0, 0, 0);
    }
    lt_free(&x);
}

/* REP counted down by CONT too: "REP 4" with CONT on every iteration
 * still stops after 4. */
static void test_rep_cont_counts(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nTEMP r;\nMOV.U r, 0;\nREP.U 4;\n  ADD.U r.x, r.x, 1;\n  CONT (TR);\n"
            "  ADD.U r.y, r.y, 1;\nENDREP;\nMOV.U result.texcoord[0], r;\nEND\n",
            1);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 3, 4, 0, 0, 0);
    lt_free(&x);
}

/* CAL/RET (2.X.8): conditional calls and returns per lane, RET breaking
 * out of REP and IF blocks, a subroutine ending at the next label, the
 * "main" label as the entry, RET in main ending the program. */
static void test_cal_ret(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP r, t;\n"
            "twice:\n  ADD.S r.x, r.x, r.x;\n  MOV.S.CC t.x, a.y;\n  RET (GT.x);\n  ADD.S r.y, r.y, 1;\n"
            "loop:\n  REP;\n    ADD.S r.z, r.z, 1;\n    MAD.S.CC t.x, a.z, -1, r.z;\n"
            "    IF GE.x;\n      RET;\n    ENDIF;\n  ENDREP;\n"
            "main:\n  MOV.S r, 1;\n  MOV.S result.texcoord[1], 0;\n  MOV.S.CC t.x, a.x;\n  CAL twice (NE.x);\n  CAL loop;\n"
            "  MOV.S result.texcoord[0], r;\n  MOV.S.CC t.x, a.w;\n  RET (LT.x);\n"
            "  MOV.S result.texcoord[1], 5;\n"
            "after:\n  MOV.S result.texcoord[1], 6;\nEND\n",
            4);
    /* lane: a.x (call twice?), a.y (RET early?), a.z (loop count), a.w (end early?) */
    static const int32_t in[4][4] = {{1, 1, 3, 0}, {1, 0, 2, -1}, {0, 5, 1, 1}, {-2, -1, 4, 0}};
    static const int32_t want[4][4] = {{2, 1, 3, 5}, {2, 2, 2, 0}, {1, 1, 2, 5}, {2, 2, 4, 5}};
    for (uint32_t i = 0; i < 4; i++) {
        in_lane(&x, "vertex.attrib[1]", i, (uint32_t)in[i][0], (uint32_t)in[i][1], (uint32_t)in[i][2],
                (uint32_t)in[i][3]);
    }
    lt_run(&x);
    for (uint32_t i = 0; i < 4; i++) {
        lt_expect_u_at(&x, "result.texcoord[0]", i, 7, (uint32_t)want[i][0], (uint32_t)want[i][1],
                       (uint32_t)want[i][2], 0);
        lt_expect_u_at(&x, "result.texcoord[1]", i, 1, (uint32_t)want[i][3], 0, 0, 0);
    }
    lt_free(&x);
}

/* Without a "main" label the program starts at the first instruction and
 * its main part ends at the first label (an implicit RET, a decision). */
static void test_main_ends_at_label(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nTEMP r;\nMOV.U r, 1;\nCAL sub;\nMOV.U result.texcoord[0], r;\n"
            "sub:\nADD.U r.x, r.x, 10;\nMOV.U result.texcoord[1], r;\nEND\n",
            2);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 1, 11, 0, 0, 0);
    lt_expect_u(&x, "result.texcoord[1]", 1, 11, 0, 0, 0);
    lt_free(&x);
}

/* Labels named by a CAL before they are written (the assembler numbers
 * labels as first named) still delimit the subroutines as written. */
static void test_labels_named_early(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nTEMP r;\nMOV.S r, 1;\nCAL second;\nCAL first;\nMOV.S result.texcoord[0], r;\nRET;\n"
            "first:\nMUL.S r.x, r.x, 3;\nsecond:\nADD.S r.x, r.x, 1;\nRET;\nEND\n",
            1);
    lt_run(&x);
    /* (1 + 1) * 3: "first" ends at the label "second" */
    lt_expect_u(&x, "result.texcoord[0]", 1, 6, 0, 0, 0);
    lt_free(&x);
}

/* Recursion up to MAX_PROGRAM_CALL_DEPTH_NV (32) open calls; the call
 * beyond ends the program (2.X.8 CAL leaves it undefined; a decision).
 * Lane 0 recurses without end, lane 1 stops at depth 3 by a conditional
 * RET, lane 2 does not call. */
static void test_call_depth(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP n, t;\n"
            "main:\nMOV.S n, 0;\nMOV.S result.texcoord[0], 0;\nMOV.S result.texcoord[1], 0;\n"
            "MOV.S.CC t.x, a.x;\nCAL rec (NE.x);\nMOV.S result.texcoord[1], 1;\nRET;\n"
            "rec:\nADD.S n.x, n.x, 1;\nMOV.S result.texcoord[0], n;\nMAD.S.CC t.x, a.y, -1, n.x;\nRET (EQ.x);\n"
            "CAL rec;\nADD.S n.y, n.y, 1;\nMOV.S result.texcoord[0], n;\nRET;\nEND\n",
            3);
    in_lane(&x, "vertex.attrib[1]", 0, 1, 0, 0, 0);
    in_lane(&x, "vertex.attrib[1]", 1, 1, 3, 0, 0);
    in_lane(&x, "vertex.attrib[1]", 2, 0, 0, 0, 0);
    lt_run(&x);
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 3, 32, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 0, 1, 0, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 3, 3, 2, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 1, 1, 1, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 2, 3, 0, 0, 0, 0);
    lt_expect_u_at(&x, "result.texcoord[1]", 2, 1, 1, 0, 0, 0);
    lt_free(&x);
}

/* A counted REP around a CAL: the subroutine, translated after its
 * caller, must not be handed the loop counter's temporary. */
static void test_rep_around_cal(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nTEMP r, t;\nmain:\nMOV.S r, 0;\nREP 3;\n  CAL sub;\nENDREP;\n"
            "MOV.S result.texcoord[0], r;\nRET;\n"
            "sub:\nMOV.S.CC t, 5;\nMOV.S t (GT), 7;\nADD.S r.x, r.x, 1;\nRET;\nEND\n",
            1);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 1, 3, 0, 0, 0);
    lt_free(&x);
}

/* CALI (ARB_shader_subroutine): the label whose SUBROUTINENUM the
 * subroutine parameter holds, from a single variable and from array
 * elements indexed by a constant and per lane by a register; a value
 * that numbers no label calls nothing; with a condition. */
static void test_cali(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nSUBROUTINETYPE Op { dbl, inc };\nSUBROUTINE Op f = program.subroutine[0];\n"
            "SUBROUTINE Op g[2] = { program.subroutine[1..2] };\nATTRIB a = vertex.attrib[1];\n"
            "TEMP r, t;\nINT TEMP i;\n"
            "dbl SUBROUTINENUM(4):\n  ADD.S r.x, r.x, r.x;\n  RET;\n"
            "inc SUBROUTINENUM(1):\n  ADD.S r.x, r.x, 1;\n  RET;\n"
            "main:\n  MOV.S r, 3;\n  MOV.S i, a;\n  CALI f;\n  MOV.S r.y, r.x;\n  CALI g[i.y];\n"
            "  MOV.S r.z, r.x;\n  MOV.S.CC t.x, a.x;\n  CALI g[0] (NE.x);\n  MOV.S result.texcoord[0], r;\nEND\n",
            3);
    lt_param_u(&x, "program.subroutine[0]", 4, 0, 0, 0); /* f = dbl */
    lt_param_u(&x, "program.subroutine[1]", 1, 0, 0, 0); /* g[0] = inc */
    lt_param_u(&x, "program.subroutine[2]", 7, 0, 0, 0); /* g[1] = nothing */
    in_lane(&x, "vertex.attrib[1]", 0, 0, 0, 0, 0);
    in_lane(&x, "vertex.attrib[1]", 1, 1, 1, 0, 0);
    in_lane(&x, "vertex.attrib[1]", 2, 0xffffffffu, 0, 0, 0);
    lt_run(&x);
    /* 3 -> dbl 6; g[a.y]: lanes 0 and 2 inc (7), lane 1 none (6); inc again where a.x != 0 */
    lt_expect_u_at(&x, "result.texcoord[0]", 0, 7, 7, 6, 7, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 1, 7, 7, 6, 6, 0);
    lt_expect_u_at(&x, "result.texcoord[0]", 2, 7, 8, 6, 7, 0);
    lt_free(&x);
}

/* A SUBROUTINE array listing separate items keeps each item's numbers:
 * g = { program.subroutine[5], program.subroutine[1..2] } has elements
 * [5], [1], [2].  3 -> dbl 6 -> inc 7 -> dbl 14. */
static void test_cali_listed_items(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp5.0\nSUBROUTINETYPE Op { dbl, inc };\n"
            "SUBROUTINE Op g[3] = { program.subroutine[5], program.subroutine[1..2] };\nTEMP r;\n"
            "dbl SUBROUTINENUM(4):\n  ADD.S r.x, r.x, r.x;\n  RET;\n"
            "inc SUBROUTINENUM(1):\n  ADD.S r.x, r.x, 1;\n  RET;\n"
            "main:\n  MOV.S r, 3;\n  CALI g[0];\n  CALI g[1];\n  CALI g[2];\n"
            "  MOV.S result.texcoord[0], r;\nEND\n",
            1);
    lt_param_u(&x, "program.subroutine[5]", 4, 0, 0, 0);
    lt_param_u(&x, "program.subroutine[1]", 1, 0, 0, 0);
    lt_param_u(&x, "program.subroutine[2]", 4, 0, 0, 0);
    lt_run(&x);
    lt_expect_u(&x, "result.texcoord[0]", 1, 14, 0, 0, 0);
    lt_free(&x);
}

/* Recursion inside a counted REP: every activation has its own loop
 * count (the counters open around a call are saved per depth).  Lane i
 * builds a binary call tree of depth a.x = i + 1: 2^(i+1) - 1 calls. */
static void test_recursive_rep(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP n, d;\n"
            "main:\nMOV.S n, 0;\nMOV.S d, 0;\nCAL rec;\nMOV.S result.texcoord[0], n;\nRET;\n"
            "rec:\nADD.S n.x, n.x, 1;\nADD.S d.x, d.x, 1;\nMAD.S.CC d.y, a.x, -1, d.x;\nIF LT.y;\n"
            "  REP 2;\n    CAL rec;\n  ENDREP;\nENDIF;\nADD.S d.x, d.x, -1;\nRET;\nEND\n",
            4);
    for (uint32_t i = 0; i < 4; i++)
        in_lane(&x, "vertex.attrib[1]", i, i + 1, 0, 0, 0);
    lt_run(&x);
    for (uint32_t i = 0; i < 4; i++)
        lt_expect_u_at(&x, "result.texcoord[0]", i, 1, (2u << i) - 1, 0, 0, 0);
    lt_free(&x);
}

/* The main program may call itself ("main" is a label like any other);
 * RET in the outermost activation ends the program.  Lane i recurses a.x
 * = i + 1 deep (temporaries start at 0 in the executor). */
static void test_main_called(void **state)
{
    (void)state;
    lt x;
    lt_load(&x,
            "!!NVvp4.0\nATTRIB a = vertex.attrib[1];\nTEMP r, t;\n"
            "main:\nADD.S r.x, r.x, 1;\nMAD.S.CC t.x, a.x, -1, r.x;\nCAL main (LT.x);\nADD.S r.y, r.y, 1;\n"
            "MOV.S result.texcoord[0], r;\nRET;\nEND\n",
            3);
    for (uint32_t i = 0; i < 3; i++)
        in_lane(&x, "vertex.attrib[1]", i, 2 * i + 1, 0, 0, 0);
    lt_run(&x);
    for (uint32_t i = 0; i < 3; i++)
        lt_expect_u_at(&x, "result.texcoord[0]", i, 3, 2 * i + 1, 2 * i + 1, 0, 0);
    lt_free(&x);
}

/* Tessellation levels written in a subroutine, or before RET in the main
 * program, reach their outputs (each is copied where it is written). */
static void test_main_end_with_subroutines(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x, "!!NVtcp5.0\nVERTICES_OUT 3;\nmain:\nCAL levels;\nRET;\n"
                 "levels:\nMOV result.patch.tessouter[1], 3.0;\nRET;\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect(&x, "result.patch.tessouter[1]", 0x2, 0, 3.0f, 0, 0);
    lt_free(&x);
    /* RET in a main program without labels: the write after it never runs */
    lt_lower(&x, "!!NVtcp5.0\nVERTICES_OUT 3;\nMOV result.patch.tessouter[1], 3.0;\nRET;\n"
                 "MOV result.patch.tessouter[1], 5.0;\nEND\n");
    x.m = nvgp_exec_create(x.tgsi, x.diag);
    assert_non_null(x.m);
    assert_int_equal(nvgp_exec_set_invocations(x.m, 1, 3), NVGP_EXEC_OK);
    lt_run(&x);
    lt_expect(&x, "result.patch.tessouter[1]", 0x2, 0, 3.0f, 0, 0);
    lt_free(&x);
}

/* Without recursion and within the depth limit, calls are plain CALs. */
static void test_plain_calls(void **state)
{
    (void)state;
    lt x;
    lt_lower(&x, "!!NVvp4.0\nTEMP r;\nMOV.S r, 1;\nCAL a;\nMOV.S result.texcoord[0], r;\nRET;\n"
                 "a:\nCAL b;\nCAL b;\nRET;\nb:\nADD.S r.x, r.x, r.x;\nRET;\nEND\n");
    char *text = lt_text(x.tgsi);
    assert_null(strstr(text, "USGE"));
    assert_non_null(strstr(text, "CAL"));
    free(text);
    lt_free(&x);
}

/* Table X.16 truth tables at their corners: bit f = flags f. */
static void test_truth_tables(void **state)
{
    (void)state;
    /* EQ: !SF && ZF: flags with ZF and without SF: 2, 6, 10, 14 */
    assert_int_equal(lower_gp_cc_truth(NV_COND_EQ), (1u << 2) | (1u << 6) | (1u << 10) | (1u << 14));
    /* GE: !(SF ^ OF): SF and OF equal: 0,2,8,10 (both clear) and 5,7,13,15 (both set) */
    assert_int_equal(lower_gp_cc_truth(NV_COND_GE), 0xa5a5u);
    /* AB: CF && !ZF: 8, 9, 12, 13 */
    assert_int_equal(lower_gp_cc_truth(NV_COND_AB), 0x3300u);
    assert_int_equal(lower_gp_cc_truth(NV_COND_TR), 0xffffu);
    assert_int_equal(lower_gp_cc_truth(NV_COND_FL), 0u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truth_tables),
        cmocka_unit_test(test_cc_float_rules),
        cmocka_unit_test(test_cc_integer_rules),
        cmocka_unit_test(test_cc_add_sub_flags),
        cmocka_unit_test(test_cc_masks),
        cmocka_unit_test(test_cc_64bit),
        cmocka_unit_test(test_cc_add_sub_64),
        cmocka_unit_test(test_if_else_nested),
        cmocka_unit_test(test_rep_counts),
        cmocka_unit_test(test_rep_counts64),
        cmocka_unit_test(test_rep_brk_cont),
        cmocka_unit_test(test_rep_cont_counts),
        cmocka_unit_test(test_cal_ret),
        cmocka_unit_test(test_main_ends_at_label),
        cmocka_unit_test(test_call_depth),
        cmocka_unit_test(test_labels_named_early),
        cmocka_unit_test(test_rep_around_cal),
        cmocka_unit_test(test_cali),
        cmocka_unit_test(test_recursive_rep),
        cmocka_unit_test(test_main_called),
        cmocka_unit_test(test_main_end_with_subroutines),
        cmocka_unit_test(test_cali_listed_items),
        cmocka_unit_test(test_plain_calls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
