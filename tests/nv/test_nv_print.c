/* The printer's promise: every valid ARB-grammar program of the corpus and
 * of tests/spec and tests/glasm prints as text that assembles again and prints identically
 * (print(assemble(print(p))) == print(p)). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/diag.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "nv/nv_print.h"
#include "read_whole_file.h"
#include "walk_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int checked, failed;

/* What a variable reference means: its name, or the binding it stands for. */
static const char *var_identity(const nv_program *p, uint32_t v)
{
    if (v == NV_VAR_NONE)
        return "";
    const nv_var *var = &p->vars[v];
    if (var->name[0])
        return var->name;
    return var->nbindings ? var->bindings[0].name : "";
}

static bool same_rel(const nv_program *a, const nv_rel *x, const nv_program *b, const nv_rel *y)
{
    return x->file == y->file && x->comp == y->comp && !strcmp(var_identity(a, x->var), var_identity(b, y->var));
}

static bool same_const(const nv_program *a, uint32_t i, const nv_program *b, uint32_t j)
{
    for (int k = 0; k < 4; k++)
        if (a->consts[i].d[k] != b->consts[j].d[k] || a->consts[i].bits64[k] != b->consts[j].bits64[k])
            return false;
    return true;
}

/* The instructions of the original and of the reprinted program mean the
 * same thing: a printer that dropped or changed information fails here. */
static const char *same_program(const nv_program *a, const nv_program *b)
{
    if (a->header != b->header || a->options != b->options || a->ninsts != b->ninsts)
        return "header, options or instruction count";
    for (uint32_t i = 0; i < a->ninsts; i++) {
        const nv_inst *x = &a->insts[i], *y = &b->insts[i];
        if (x->op != y->op || x->dtype != y->dtype || x->storage != y->storage || x->prec != y->prec ||
            x->sat != y->sat || x->cc_update != y->cc_update || x->atom_op != y->atom_op || x->round != y->round ||
            x->ntc != y->ntc || x->nsrc != y->nsrc || x->has_dst != y->has_dst)
            return "opcode or modifiers";
        if (x->has_dst && (x->dst.file != y->dst.file || x->dst.writemask != y->dst.writemask ||
                           x->dst.index != y->dst.index || x->dst.has_rel != y->dst.has_rel ||
                           x->dst.cc.cond != y->dst.cc.cond || memcmp(x->dst.cc.swizzle, y->dst.cc.swizzle, 4) ||
                           strcmp(var_identity(a, x->dst.var), var_identity(b, y->dst.var)) ||
                           (x->dst.has_rel && !same_rel(a, &x->dst.rel, b, &y->dst.rel))))
            return "destination";
        for (int k = 0; k < x->nsrc; k++) {
            const nv_src *s = &x->src[k], *t = &y->src[k];
            if (s->file != t->file || s->negate != t->negate || s->abs != t->abs || s->neg_inner != t->neg_inner ||
                memcmp(s->swizzle, t->swizzle, 4) || s->negmask != t->negmask || s->index != t->index ||
                s->has_rel != t->has_rel || (s->has_rel && !same_rel(a, &s->rel, b, &t->rel)) ||
                strcmp(var_identity(a, s->var), var_identity(b, t->var)) ||
                (s->file == NV_FILE_CONST && !same_const(a, s->konst, b, t->konst)))
                return "source operand";
        }
        const nv_tex *u = &x->tex, *v = &y->tex;
        if (u->target != v->target || u->unit != v->unit || u->has_offset != v->has_offset ||
            memcmp(u->offsets, v->offsets, 3) || u->gather_comp != v->gather_comp ||
            u->has_rel != v->has_rel || (u->has_rel && !same_rel(a, &u->rel, b, &v->rel)) ||
            strcmp(var_identity(a, u->var), var_identity(b, v->var)))
            return "texture access";
        if (x->cond.cond != y->cond.cond || x->cond.reg != y->cond.reg || memcmp(x->cond.swizzle, y->cond.swizzle, 4))
            return "condition";
    }
    return NULL;
}

static char *print_program(const char *src, size_t len, char *err, size_t errsz, const nv_program *compare,
                           nv_program **keep)
{
    nvgp_diag *d = nvgp_diag_create("p", src, len);
    nv_program *p = nvgp_nv_assemble(src, len, d);
    char *text = NULL;
    nvgp_diag_entry e;
    if (!p && nvgp_diag_get(d, 0, &e))
        snprintf(err, errsz, "%s (offset %ld)", e.message, nvgp_diag_error_position(d));
    if (p) {
        nvgp_strbuf sb;
        nvgp_strbuf_init(&sb);
        if (nvgp_nv_print(p, &sb))
            text = nvgp_strbuf_take(&sb, NULL);
        nvgp_strbuf_free(&sb);
        const char *diff = compare ? same_program(compare, p) : NULL;
        if (diff) {
            snprintf(err, errsz, "the reprinted program differs in: %s", diff);
            free(text);
            text = NULL;
        }
    }
    if (keep && text)
        *keep = p;
    else
        nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
    return text;
}

static void round_trip(const char *name, const char *src, size_t len)
{
    char err[256] = "";
    nv_program *orig = NULL;
    char *first = print_program(src, len, err, sizeof err, NULL, &orig);
    if (!first)
        return; /* invalid, or an old language the printer does not cover */
    checked++;
    char *second = print_program(first, strlen(first), err, sizeof err, orig, NULL);
    nvgp_nv_program_destroy(orig);
    if (!second || strcmp(first, second) != 0) {
        failed++;
        printf("FAIL %s: %s\n--- printed ---\n%s--- reprinted ---\n%s\n", name, second ? "prints differently" : err,
               first, second ? second : "");
    }
    free(first);
    free(second);
}

/* Round-trips each program of a file (programs start with "!!" at the start
 * of a line; a spec case's "[section]" ends one). */
static void visit(const char *path, const char *name, void *ctx)
{
    (void)name;
    (void)ctx;
    size_t len;
    char *buf = read_whole_file(path, &len);
    if (!buf)
        return;
    for (char *p = buf; (p = strstr(p, "!!")) != NULL;) {
        if (p != buf && p[-1] != '\n') {
            p += 2;
            continue;
        }
        char *end = strstr(p + 2, "\n!!");
        char *sec = strstr(p, "\n[");
        if (sec && (!end || sec < end))
            end = sec;
        size_t n = end ? (size_t)(end - p + 1) : strlen(p);
        round_trip(path, p, n);
        p += n;
    }
    free(buf);
}

static void test_round_trip(void **state)
{
    (void)state;
    walk_files(NVGP_SOURCE_DIR "/tests/spec", visit, NULL);
    walk_files(NVGP_SOURCE_DIR "/tests/glasm", visit, NULL);
    struct stat st;
    if (stat(NVGP_SHARED_DIR "/corpus", &st) == 0)
        walk_files(NVGP_SHARED_DIR "/corpus", visit, NULL);
    printf("printer round trip: %d programs, %d fail\n", checked, failed);
    assert_true(checked > 50);
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_round_trip)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
