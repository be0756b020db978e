/* Helpers for the lowering tests: assemble a program, lower it, check the
 * TGSI, print it canonically and read it back to the same text, then run it
 * on the executor with inputs and constants named as the program names its
 * bindings.  Every helper asserts through cmocka. */
#ifndef NVGP_TESTS_LOWER_UTIL_H
#define NVGP_TESTS_LOWER_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bits.h"
#include "base/strbuf.h"
#include "exec/exec.h"
#include "lower/lower.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "tgsi/tgsi_check.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"

typedef struct lt {
    nvgp_diag *diag;
    nv_program *nv;
    tgsi_program *tgsi;
    nvgp_lower_map *map;
    nvgp_exec *m;
    uint32_t invocations;
} lt;

/* The library's float bit conversions (base/bits.h) under the names the
 * lowering tests use. */
#define lt_bits f2u_bits
#define lt_float u2f_bits

/* Canonical text of p (caller frees). */
static inline char *lt_text(const tgsi_program *p)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    assert_true(nvgp_tgsi_write(p, TGSI_STYLE_CANONICAL, &sb));
    return nvgp_strbuf_take(&sb, NULL);
}

/* Assembles and lowers src; the TGSI must pass the checker and print ->
 * read -> print to the same text.  Does not create the machine. */
static inline void lt_lower(lt *x, const char *src)
{
    memset(x, 0, sizeof *x);
    x->diag = nvgp_diag_create("test", src, strlen(src));
    x->nv = nvgp_nv_assemble(src, strlen(src), x->diag);
    if (!x->nv)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->nv);
    x->tgsi = nvgp_lower_to_tgsi(x->nv, &x->map, x->diag);
    if (!x->tgsi)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->tgsi);
    assert_non_null(x->map);
    bool ok = nvgp_tgsi_check(x->tgsi, x->diag);
    char *text = lt_text(x->tgsi);
    if (!ok) {
        nvgp_diag_print(x->diag, stderr);
        fprintf(stderr, "%s", text);
    }
    assert_true(ok);
    tgsi_program *again = nvgp_tgsi_read(text, strlen(text), x->diag);
    if (!again)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(again);
    char *text2 = lt_text(again);
    assert_string_equal(text, text2);
    nvgp_tgsi_program_destroy(again);
    free(text);
    free(text2);
}

/* lt_lower, then a machine with n invocations and the literal constants
 * of parameter arrays filled in. */
static inline void lt_load(lt *x, const char *src, uint32_t n)
{
    lt_lower(x, src);
    x->m = nvgp_exec_create(x->tgsi, x->diag);
    if (!x->m)
        nvgp_diag_print(x->diag, stderr);
    assert_non_null(x->m);
    assert_int_equal(nvgp_exec_set_invocations(x->m, n, 1), NVGP_EXEC_OK);
    x->invocations = n;
    for (uint32_t i = 0; i < x->map->count; i++) {
        const nvgp_lower_slot *s = &x->map->slots[i];
        if (s->kind == NVGP_LOWER_CONSTANT && s->has_value)
            assert_int_equal(nvgp_exec_set_constants(x->m, 0, (uint32_t)s->index, s->value, 1), NVGP_EXEC_OK);
    }
}

static inline void lt_free(lt *x)
{
    nvgp_exec_destroy(x->m);
    nvgp_tgsi_program_destroy(x->tgsi);
    nvgp_lower_map_destroy(x->map);
    nvgp_nv_program_destroy(x->nv);
    nvgp_diag_destroy(x->diag);
}

/* Input `name` of every invocation (the program must use it). */
static inline void lt_in(lt *x, const char *name, float a, float b, float c, float d)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_INPUT, name);
    if (!s)
        fprintf(stderr, "no input named %s\n", name);
    assert_non_null(s);
    uint32_t v[4] = {lt_bits(a), lt_bits(b), lt_bits(c), lt_bits(d)};
    assert_int_equal(nvgp_exec_set_input(x->m, NVGP_EXEC_ALL, 0, (uint32_t)s->index, v), NVGP_EXEC_OK);
}

/* Every CONST register holding parameter `name`. */
static inline void lt_param(lt *x, const char *name, float a, float b, float c, float d)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_CONSTANT, name);
    if (!s)
        fprintf(stderr, "no parameter named %s\n", name);
    assert_non_null(s);
    uint32_t v[4] = {lt_bits(a), lt_bits(b), lt_bits(c), lt_bits(d)};
    for (; s; s = nvgp_lower_map_next(x->map, s))
        assert_int_equal(nvgp_exec_set_constants(x->m, 0, (uint32_t)s->index, v, 1), NVGP_EXEC_OK);
}

static inline void lt_run(lt *x)
{
    nvgp_exec_status st = nvgp_exec_run(x->m, x->diag);
    if (st != NVGP_EXEC_OK)
        fprintf(stderr, "run: %s\n", nvgp_exec_error(x->m));
    assert_int_equal(st, NVGP_EXEC_OK);
}

static inline void lt_out(lt *x, const char *name, uint32_t thread, float out[4])
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_OUTPUT, name);
    if (!s)
        fprintf(stderr, "no output named %s\n", name);
    assert_non_null(s);
    uint32_t v[4];
    nvgp_exec_get_output(x->m, thread, (uint32_t)s->index, v);
    for (int i = 0; i < 4; i++)
        out[i] = lt_float(v[i]);
}

/* Bitwise equality except that any NaN matches any NaN; mask selects
 * components. */
static inline void lt_expect(lt *x, const char *name, unsigned mask, float a, float b, float c, float d)
{
    float got[4], want[4] = {a, b, c, d};
    lt_out(x, name, 0, got);
    for (int i = 0; i < 4; i++) {
        if (!((mask >> i) & 1))
            continue;
        bool same = (isnan(got[i]) && isnan(want[i])) || lt_bits(got[i]) == lt_bits(want[i]);
        if (!same)
            fprintf(stderr, "%s.%c: got %.9g want %.9g\n", name, "xyzw"[i], got[i], want[i]);
        assert_true(same);
    }
}

/* Within tol (relative to max(1, |want|)). */
static inline void lt_expect_near(lt *x, const char *name, unsigned mask, float a, float b, float c, float d,
                                  double tol)
{
    float got[4], want[4] = {a, b, c, d};
    lt_out(x, name, 0, got);
    for (int i = 0; i < 4; i++) {
        if (!((mask >> i) & 1))
            continue;
        double scale = fabs(want[i]) > 1 ? fabs(want[i]) : 1;
        bool ok = fabs((double)got[i] - want[i]) <= tol * scale;
        if (!ok)
            fprintf(stderr, "%s.%c: got %.9g want %.9g\n", name, "xyzw"[i], got[i], want[i]);
        assert_true(ok);
    }
}

/* Integer forms (NV_gpu_program4/5 typed programs): raw 32-bit words. */
static inline void lt_in_u(lt *x, const char *name, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    lt_in(x, name, lt_float(a), lt_float(b), lt_float(c), lt_float(d));
}

static inline void lt_param_u(lt *x, const char *name, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    lt_param(x, name, lt_float(a), lt_float(b), lt_float(c), lt_float(d));
}

/* Output words of invocation `thread`, compared exactly where mask says. */
static inline void lt_expect_u_at(lt *x, const char *name, uint32_t thread, unsigned mask, uint32_t a, uint32_t b,
                                  uint32_t c, uint32_t d)
{
    float got[4];
    uint32_t want[4] = {a, b, c, d};
    lt_out(x, name, thread, got);
    for (int i = 0; i < 4; i++) {
        if (!((mask >> i) & 1))
            continue;
        if (lt_bits(got[i]) != want[i])
            fprintf(stderr, "%s.%c: got 0x%08x want 0x%08x\n", name, "xyzw"[i], lt_bits(got[i]), want[i]);
        assert_true(lt_bits(got[i]) == want[i]);
    }
}

static inline void lt_expect_u(lt *x, const char *name, unsigned mask, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    lt_expect_u_at(x, name, 0, mask, a, b, c, d);
}

/* A scalar output held in one component of its register (a slot with a
 * component: result.clip[n], tessellation levels), of invocation thread. */
static inline float lt_out_scalar(lt *x, const char *name, uint32_t thread)
{
    const nvgp_lower_slot *s = nvgp_lower_map_find(x->map, NVGP_LOWER_OUTPUT, name);
    assert_non_null(s);
    assert_true(s->component >= 0 && s->component < 4);
    float o[4];
    lt_out(x, name, thread, o);
    return o[s->component];
}

#endif
