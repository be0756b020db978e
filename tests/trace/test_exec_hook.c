/* The executor's hook (exec/exec_hook.h) and the tracer (trace/trace.h) on
 * a hand-checked program: which instructions are reported, with which
 * masks and values, that a hooked run computes what a plain one does,
 * and one JSON record written out in full.
 *
 * The program: lanes whose IN[0].x < 0.5 (lanes 0 and 2 of 4) take the
 * IF and write 1.0, the others (1 and 3) the ELSE and write 2.0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec.h"
#include "exec/exec_hook.h"
#include "tgsi/tgsi_text_read.h"
#include "trace/trace.h"

static const char program[] =
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

typedef struct machine {
    nvgp_diag *diag;
    tgsi_program *prog;
    nvgp_exec *m;
} machine;

static void load(machine *x, uint32_t invocations)
{
    x->diag = nvgp_diag_create("t.tgsi", program, strlen(program));
    x->prog = nvgp_tgsi_read(program, strlen(program), x->diag);
    assert_non_null(x->prog);
    x->m = nvgp_exec_create(x->prog, x->diag);
    assert_non_null(x->m);
    assert_int_equal(nvgp_exec_set_invocations(x->m, invocations, 1), NVGP_EXEC_OK);
    for (uint32_t i = 0; i < invocations; i++) {
        float f[4] = { (float)(i % 2), 0, 0, 1 };
        uint32_t v[4];
        memcpy(v, f, sizeof v);
        assert_int_equal(nvgp_exec_set_input(x->m, i, 0, 0, v), NVGP_EXEC_OK);
    }
}

static void unload(machine *x)
{
    nvgp_exec_destroy(x->m);
    nvgp_tgsi_program_destroy(x->prog);
    nvgp_diag_destroy(x->diag);
}

typedef struct seen {
    uint32_t n, pc[64], before[64], after[64], warp[64];
    uint32_t out_lane0_at_pc2;   /* OUT[0].x of lane 0 after pc 2 */
} seen;

static void on_before(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    seen *s = ctx;
    if (s->n < 64) {
        s->pc[s->n] = pc;
        s->before[s->n] = nvgp_exec_warp_exec_mask(w);
        s->warp[s->n] = nvgp_exec_warp_number(w);
    }
}

static void on_after(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    seen *s = ctx;
    if (s->n < 64)
        s->after[s->n] = nvgp_exec_warp_exec_mask(w);
    if (pc == 2)
        assert_true(nvgp_exec_warp_read(w, TGSI_FILE_OUTPUT, 0, 0, 0, 0, &s->out_lane0_at_pc2));
    s->n++;
}

static void test_steps_and_masks(void **state)
{
    (void)state;
    machine x;
    load(&x, 4);
    seen s = {0};
    nvgp_exec_hook h = { on_before, on_after, &s };
    nvgp_exec_set_hook(x.m, &h);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
    /* SLT, IF (0xf -> 0x5), MOV, ELSE (0x5 -> 0xa), MOV, ENDIF (0xa -> 0xf), END */
    static const uint32_t pcs[] = { 0, 1, 2, 3, 4, 5, 6 };
    static const uint32_t before[] = { 0xf, 0xf, 0x5, 0x5, 0xa, 0xa, 0xf };
    static const uint32_t after[] = { 0xf, 0x5, 0x5, 0xa, 0xa, 0xf, 0xf };
    assert_int_equal(s.n, 7);
    for (unsigned i = 0; i < 7; i++) {
        assert_int_equal(s.pc[i], pcs[i]);
        assert_int_equal(s.before[i], before[i]);
        assert_int_equal(s.after[i], after[i]);
        assert_int_equal(s.warp[i], 0);
    }
    assert_int_equal(s.out_lane0_at_pc2, 0x3f800000u);  /* 1.0 */
    /* removed: no more calls, same results */
    nvgp_exec_set_hook(x.m, NULL);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
    assert_int_equal(s.n, 7);
    unload(&x);
}

static void test_results_unchanged(void **state)
{
    (void)state;
    machine a, b;
    load(&a, 70);
    load(&b, 70);
    nvgp_exec_set_threads(a.m, 3);
    nvgp_exec_set_threads(b.m, 3);
    seen s = {0};
    nvgp_exec_hook h = { on_before, on_after, &s };
    nvgp_exec_set_hook(b.m, &h);
    assert_int_equal(nvgp_exec_num_warps(b.m), 3);  /* 70 threads: 32 + 32 + 6 */
    assert_int_equal(nvgp_exec_run(a.m, NULL), NVGP_EXEC_OK);
    assert_int_equal(nvgp_exec_run(b.m, NULL), NVGP_EXEC_OK);
    for (uint32_t t = 0; t < 70; t++) {
        uint32_t va[4], vb[4];
        nvgp_exec_get_output(a.m, t, 0, va);
        nvgp_exec_get_output(b.m, t, 0, vb);
        assert_memory_equal(va, vb, sizeof va);
        assert_int_equal(va[0], t % 2 ? 0x40000000u : 0x3f800000u);  /* 2.0 : 1.0 */
    }
    /* one host thread while hooked: warp 0's seven steps, then warp 1's */
    assert_int_equal(s.n, 21);
    for (unsigned i = 0; i < 21 && i < 64; i++)
        assert_int_equal(s.warp[i], i / 7);
    unload(&a);
    unload(&b);
}

static void test_json_record(void **state)
{
    (void)state;
    machine x;
    load(&x, 4);
    nvgp_trace_prog_desc d = { x.prog, program, strlen(program), NULL, NULL, 0, NULL };
    nvgp_trace_prog *p = nvgp_trace_prog_create(&d);
    assert_non_null(p);
    assert_string_equal(nvgp_trace_tgsi(p, 1), "IF TEMP[0].xxxx");
    assert_int_equal(nvgp_trace_line(p, 1), 7);
    nvgp_trace_options o = { 0x5, { true, 0, {0}, {0} }, 1, 2, NVGP_TRACE_JSONL };  /* steps 1, 2 */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    nvgp_tracer *t = nvgp_tracer_open(p, &o, f);
    nvgp_exec_hook h = nvgp_tracer_exec_hook(t);
    nvgp_exec_set_hook(x.m, &h);
    assert_int_equal(nvgp_exec_run(x.m, NULL), NVGP_EXEC_OK);
    uint64_t records = 0;
    assert_true(nvgp_tracer_finish(t, &records, NULL));
    fclose(f);
    assert_int_equal(records, 2);
    assert_string_equal(buf,
        "{\"step\":1,\"warp\":0,\"pc\":1,\"op\":\"IF\",\"tgsi\":\"IF TEMP[0].xxxx\",\"line\":7,"
        "\"source\":\"IF TEMP[0].xxxx\",\"exec\":\"0x0000000f\",\"exec_after\":\"0x00000005\"}\n"
        "{\"step\":2,\"warp\":0,\"pc\":2,\"op\":\"MOV\",\"tgsi\":\"MOV OUT[0], IMM[0].yyyy\",\"line\":8,"
        "\"source\":\"MOV OUT[0], IMM[0].yyyy\",\"exec\":\"0x00000005\",\"exec_after\":\"0x00000005\","
        "\"dst\":[{\"reg\":\"OUT[0]\",\"type\":\"x32\",\"lanes\":{\"0\":[1,1,1,1],\"2\":[1,1,1,1]}}]}\n");
    free(buf);
    nvgp_tracer_destroy(t);
    nvgp_trace_prog_destroy(p);
    unload(&x);
}

static void test_sets(void **state)
{
    (void)state;
    nvgp_trace_set s;
    char err[128];
    assert_true(nvgp_trace_parse_set("0,4-7,31", 31, &s, err, sizeof err));
    assert_true(nvgp_trace_set_has(&s, 0) && nvgp_trace_set_has(&s, 5) && nvgp_trace_set_has(&s, 31));
    assert_false(nvgp_trace_set_has(&s, 3) || nvgp_trace_set_has(&s, 8));
    assert_int_equal(nvgp_trace_set_max(&s), 31);
    assert_false(nvgp_trace_parse_set("32", 31, &s, err, sizeof err));
    assert_false(nvgp_trace_parse_set("7-3", 31, &s, err, sizeof err));
    assert_false(nvgp_trace_parse_set("1,", 31, &s, err, sizeof err));
    assert_false(nvgp_trace_parse_set("", 31, &s, err, sizeof err));
    assert_false(nvgp_trace_parse_set("99999999999", UINT32_MAX, &s, err, sizeof err));
    assert_true(nvgp_trace_parse_set("all", 31, &s, err, sizeof err) && s.all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_and_masks),
        cmocka_unit_test(test_results_unchanged),
        cmocka_unit_test(test_json_record),
        cmocka_unit_test(test_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
