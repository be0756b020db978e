/* The public watching API of nvgp.h (step hooks, warp views, register
 * names, listings, tracers, sets) through the header alone, as the tools
 * use it.  Expected values are worked out by hand from the programs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nvgp_program *load(const char *text)
{
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create("t", text, strlen(text), &diag);
    if (!p)
        nvgp_diag_print(diag, stderr);
    nvgp_diag_destroy(diag);
    assert_non_null(p);
    return p;
}

/* Lanes whose IN[0].x < 0.5 (0 and 2 of 4) take the IF and write 1.0, the
 * others the ELSE and write 2.0.  Line 6 is the SLT, line 7 the IF. */
static const char tgsi_if[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], GENERIC[0]\n"
    "DCL TEMP[0]\n"
    "IMM[0] FLT32 {0.5, 1, 2, 0}\n"
    "  SLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
    "  IF TEMP[0].xxxx\n"
    "    MOV OUT[0], IMM[0].yyyy\n"
    "  ELSE\n"
    "    MOV OUT[0], IMM[0].zzzz\n"
    "  ENDIF\n"
    "END\n";

static nvgp_machine *machine_if(const nvgp_program *p, uint32_t invocations)
{
    nvgp_machine *m = NULL;
    assert_int_equal(nvgp_machine_create(p, &m, NULL), NVGP_OK);
    assert_int_equal(nvgp_machine_set_invocations(m, invocations, 0), NVGP_OK);
    for (uint32_t i = 0; i < invocations; i++) {
        nvgp_vec4 v = { { (float)(i % 2), 0, 0, 1 } };
        assert_int_equal(nvgp_machine_set_input(m, "IN[0]", i, &v), NVGP_OK);
    }
    return m;
}

static void test_listing(void **state)
{
    (void)state;
    nvgp_program *p = load(tgsi_if);
    nvgp_listing *l = NULL;
    assert_int_equal(nvgp_listing_create(p, &l), NVGP_OK);
    /* SLT IF MOV ELSE MOV ENDIF END */
    assert_int_equal(nvgp_listing_num_instructions(l), 7);
    assert_string_equal(nvgp_listing_instruction(l, 1), "IF TEMP[0].xxxx");
    assert_int_equal(nvgp_listing_line(l, 0), 6);
    assert_int_equal(nvgp_listing_line(l, 6), 12);
    assert_int_equal(nvgp_listing_num_lines(l), 13);  /* 12 lines and the empty one after */
    assert_string_equal(nvgp_listing_line_text(l, 8), "MOV OUT[0], IMM[0].yyyy");
    assert_string_equal(nvgp_listing_instruction(l, 7), "");
    assert_int_equal(nvgp_listing_line(l, 7), 0);
    assert_string_equal(nvgp_listing_line_text(l, 99), "");
    nvgp_listing_destroy(l);
    nvgp_program_destroy(p);
}

/* A hook of one's own around the tracer's: steps counted, and one JSON
 * record (step 1, lanes 0 and 2) written in full. */
typedef struct chain {
    nvgp_step_hook tracer;
    unsigned before, after;
    uint32_t warps_seen;
} chain;

static void chain_before(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    chain *c = ctx;
    c->before++;
    c->warps_seen |= 1u << (nvgp_warp_number(w) & 31);
    c->tracer.before(c->tracer.ctx, w, pc);
}

static void chain_after(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    chain *c = ctx;
    c->after++;
    c->tracer.after(c->tracer.ctx, w, pc);
}

static void test_tracer_through_a_hook(void **state)
{
    (void)state;
    nvgp_program *p = load(tgsi_if);
    nvgp_machine *m = machine_if(p, 4);
    nvgp_listing *l = NULL;
    assert_int_equal(nvgp_listing_create(p, &l), NVGP_OK);
    nvgp_trace_options o = { 0x5, { true, 0, {0}, {0} }, 1, 2, NVGP_TRACE_JSONL };
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    nvgp_tracer *t = NULL;
    assert_int_equal(nvgp_tracer_create(l, &o, f, &t), NVGP_OK);
    chain c = { nvgp_tracer_hook(t), 0, 0, 0 };
    nvgp_step_hook h = { chain_before, chain_after, &c };
    assert_int_equal(nvgp_machine_set_step_hook(m, &h), NVGP_OK);
    assert_int_equal(nvgp_machine_run(m, NULL, NULL), NVGP_OK);
    uint64_t records = 0;
    assert_true(nvgp_tracer_finish(t, &records, NULL));
    fclose(f);
    /* SLT IF MOV ELSE MOV ENDIF END: every instruction has an active lane */
    assert_int_equal(c.before, 7);
    assert_int_equal(c.after, 7);
    assert_int_equal(c.warps_seen, 1);
    assert_int_equal(records, 2);
    assert_string_equal(buf,
        "{\"step\":1,\"warp\":0,\"pc\":1,\"op\":\"IF\",\"tgsi\":\"IF TEMP[0].xxxx\",\"line\":7,"
        "\"source\":\"IF TEMP[0].xxxx\",\"exec\":\"0x0000000f\",\"exec_after\":\"0x00000005\"}\n"
        "{\"step\":2,\"warp\":0,\"pc\":2,\"op\":\"MOV\",\"tgsi\":\"MOV OUT[0], IMM[0].yyyy\",\"line\":8,"
        "\"source\":\"MOV OUT[0], IMM[0].yyyy\",\"exec\":\"0x00000005\",\"exec_after\":\"0x00000005\","
        "\"dst\":[{\"reg\":\"OUT[0]\",\"type\":\"x32\",\"lanes\":{\"0\":[1,1,1,1],\"2\":[1,1,1,1]}}]}\n");
    /* the results are those of a run without a hook: 1.0 for x = 0, 2.0
     * for x = 1 */
    nvgp_binding out;
    assert_int_equal(nvgp_program_find_binding(p, "OUT[0]", &out), NVGP_OK);
    nvgp_vec4 v;
    assert_int_equal(nvgp_machine_get_output(m, &out, 0, &v), NVGP_OK);
    assert_true(v.f[0] == 1.0f);
    assert_int_equal(nvgp_machine_get_output(m, &out, 1, &v), NVGP_OK);
    assert_true(v.f[0] == 2.0f);
    /* removed: the next run calls nothing */
    assert_int_equal(nvgp_machine_set_step_hook(m, NULL), NVGP_OK);
    assert_int_equal(nvgp_machine_run(m, NULL, NULL), NVGP_OK);
    assert_int_equal(c.before, 7);
    free(buf);
    nvgp_tracer_destroy(t);
    nvgp_listing_destroy(l);
    nvgp_machine_destroy(m);
    nvgp_program_destroy(p);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    nvgp_program *p = load(tgsi_if);
    nvgp_listing *l = NULL;
    nvgp_tracer *t = NULL;
    nvgp_trace_options o = { 1, { true, 0, {0}, {0} }, 0, UINT64_MAX, NVGP_TRACE_TEXT };
    assert_int_equal(nvgp_listing_create(NULL, &l), NVGP_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nvgp_listing_create(p, &l), NVGP_OK);
    assert_int_equal(nvgp_tracer_create(l, &o, NULL, &t), NVGP_ERROR_INVALID_ARGUMENT);
    assert_null(t);
    assert_int_equal(nvgp_machine_set_step_hook(NULL, NULL), NVGP_ERROR_INVALID_ARGUMENT);
    assert_false(nvgp_tracer_finish(NULL, NULL, NULL));
    nvgp_register r;
    assert_int_equal(nvgp_program_find_register(p, NULL, &r), NVGP_ERROR_INVALID_ARGUMENT);
    nvgp_listing_destroy(l);
    nvgp_program_destroy(p);
}

/* 40 invocations of a vertex program: warps of 32 and 8 lanes. */
static void test_num_warps(void **state)
{
    (void)state;
    nvgp_program *p = load(tgsi_if);
    nvgp_machine *m = machine_if(p, 40);
    assert_int_equal(nvgp_machine_num_warps(m), 2);
    nvgp_machine_destroy(m);
    nvgp_program_destroy(p);
}

/* NV_gpu_program4: lanes with a positive x (lanes 0 and 2: x = 1, 2) call
 * a subroutine that doubles r.xyz; SGT.CC0 sets r.w to 1.0 there, 0.0 in
 * lanes 1 and 3. */
static const char nv_call[] =
    "!!NVvp4.0\n"                      /* 1 */
    "TEMP r;\n"                        /* 2 */
    "MOV r, vertex.attrib[0];\n"       /* 3 */
    "SGT.CC0 r.w, r.x, 0;\n"           /* 4 */
    "CAL double (GT0.w);\n"            /* 5 */
    "MOV result.position, r;\n"        /* 6 */
    "RET;\n"                           /* 7 */
    "double:\n"                        /* 8 */
    "ADD r.xyz, r, r;\n"               /* 9 */
    "RET;\n"                           /* 10 */
    "END\n";                           /* 11 */

typedef struct watcher {
    const nvgp_listing *l;
    nvgp_register r;
    bool in_sub;                /* the first step of line 9 seen */
    nvgp_warp_masks sub;        /* the masks before it */
    uint32_t r_lane0[4], r_lane2[4];  /* r after the last step of line 9 */
    bool read_ok;
} watcher;

static void watch_before(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    watcher *x = ctx;
    if (nvgp_listing_line(x->l, pc) == 9 && !x->in_sub) {
        x->in_sub = true;
        nvgp_warp_get_masks(w, &x->sub);
    }
}

static void watch_after(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    watcher *x = ctx;
    if (nvgp_listing_line(x->l, pc) != 9)
        return;
    x->read_ok = true;
    for (unsigned c = 0; c < 4; c++)
        x->read_ok = x->read_ok && nvgp_warp_read(w, &x->r, c, 0, &x->r_lane0[c]) &&
                     nvgp_warp_read(w, &x->r, c, 2, &x->r_lane2[c]);
}

static void test_nv_names_and_values(void **state)
{
    (void)state;
    nvgp_program *p = load(nv_call);
    nvgp_listing *l = NULL;
    assert_int_equal(nvgp_listing_create(p, &l), NVGP_OK);
    assert_int_equal(nvgp_listing_num_lines(l), 12);
    assert_string_equal(nvgp_listing_line_text(l, 9), "ADD r.xyz, r, r;");
    /* every instruction comes from a line of the NV source */
    for (uint32_t pc = 0; pc < nvgp_listing_num_instructions(l); pc++)
        assert_true(nvgp_listing_line(l, pc) >= 1 && nvgp_listing_line(l, pc) <= 11);

    nvgp_register r, pos, t9;
    assert_int_equal(nvgp_program_find_register(p, "r", &r), NVGP_OK);
    assert_int_equal(r.component, -1);
    assert_int_equal(nvgp_program_find_register(p, "result.position", &pos), NVGP_OK);
    assert_int_equal(nvgp_program_find_register(p, "TEMP[9]", &t9), NVGP_OK);
    assert_int_equal(t9.index, 9);
    assert_int_equal(nvgp_program_find_register(p, "nothing", &t9), NVGP_ERROR_UNKNOWN_NAME);
    /* r is no array */
    assert_int_equal(nvgp_program_find_register(p, "r[1]", &t9), NVGP_ERROR_UNKNOWN_NAME);

    nvgp_machine *m = NULL;
    assert_int_equal(nvgp_machine_create(p, &m, NULL), NVGP_OK);
    assert_int_equal(nvgp_machine_set_invocations(m, 4, 0), NVGP_OK);
    const float in[4][4] = { {1, 2, 3, 0}, {-1, 5, 6, 0}, {2, 0, 0, 0}, {0, 7, 7, 0} };
    for (uint32_t i = 0; i < 4; i++) {
        nvgp_vec4 v;
        memcpy(v.f, in[i], sizeof v.f);
        assert_int_equal(nvgp_machine_set_input(m, "vertex.attrib[0]", i, &v), NVGP_OK);
    }
    watcher x = { l, r, false, {0}, {0}, {0}, false };
    nvgp_step_hook h = { watch_before, watch_after, &x };
    assert_int_equal(nvgp_machine_set_step_hook(m, &h), NVGP_OK);
    assert_int_equal(nvgp_machine_run(m, NULL, NULL), NVGP_OK);
    /* in the subroutine: lanes 0 and 2 of the four, one call deep */
    assert_true(x.in_sub);
    assert_int_equal(x.sub.exec, 0x5);
    assert_int_equal(x.sub.threads, 0xf);
    assert_int_equal(x.sub.call_depth, 1);
    /* r doubled in x, y, z; w = 1.0 from SGT */
    assert_true(x.read_ok);
    const float want0[4] = { 2, 4, 6, 1 }, want2[4] = { 4, 0, 0, 1 };
    for (unsigned c = 0; c < 4; c++) {
        float f0, f2;
        memcpy(&f0, &x.r_lane0[c], 4);
        memcpy(&f2, &x.r_lane2[c], 4);
        assert_true(f0 == want0[c]);
        assert_true(f2 == want2[c]);
    }
    nvgp_machine_destroy(m);
    nvgp_listing_destroy(l);
    nvgp_program_destroy(p);
}

static void test_sets(void **state)
{
    (void)state;
    nvgp_trace_set s;
    char err[128];
    assert_true(nvgp_trace_parse_set("0,4-7", 31, &s, err, sizeof err));
    assert_true(nvgp_trace_set_has(&s, 5));
    assert_false(nvgp_trace_set_has(&s, 3));
    assert_int_equal(nvgp_trace_set_max(&s), 7);
    assert_false(nvgp_trace_parse_set("32", 31, &s, err, sizeof err));
    assert_non_null(strstr(err, "out of range (0..31)"));
    assert_false(nvgp_trace_parse_set("7-3", 31, &s, err, sizeof err));
    assert_true(nvgp_trace_parse_set("all", 31, &s, err, sizeof err));
    assert_true(nvgp_trace_set_has(&s, 31));
    char w[32];
    nvgp_trace_format_word(w, sizeof w, 0xbf800000u, "f32", true);  /* -1.0 */
    assert_string_equal(w, "-1");
    nvgp_trace_format_word(w, sizeof w, 0x7fc00000u, "f32", true);  /* a NaN */
    assert_string_equal(w, "\"nan\"");
    nvgp_trace_format_word(w, sizeof w, 0xffffffffu, "s32", false);
    assert_string_equal(w, "-1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing),
        cmocka_unit_test(test_tracer_through_a_hook),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_num_warps),
        cmocka_unit_test(test_nv_names_and_values),
        cmocka_unit_test(test_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
