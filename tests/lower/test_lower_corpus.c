/* Every NV/ARB program of the shared corpus that assembles is lowered and
 * checked: each must translate (the ones that do not are listed with the
 * lowering's error), pass the TGSI checker and print -> read -> print to
 * the same canonical text.  ARB/VP/VSP/FP programs all translate; the
 * NV_gpu_program4/5 ones (!!NVvp4.0 ... !!NVcp5.0: nv-gpu-program/ has
 * them, piglit/ has none) all translate too. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exec/exec.h"
#include "exec/texture.h"
#include "lower/lower.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "base/strbuf.h"
#include "tgsi/tgsi_check.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"
#include "walk_files.h"

typedef struct tally {
    unsigned assembled, lowered, plain_arb, plain_arb_failed, not_yet, check_failed, reread_failed;
    unsigned gp_assembled, gp_lowered, gp_ran;
} tally;

/* The translation of a 4.0/5.0 program also runs: four invocations (one
 * quad) with default inputs and zero parameters, every sampler it uses
 * bound to a 4x4 texture of the instruction's target, no error and no
 * fault. */
static bool runs(const char *path, const tgsi_program *tp, nvgp_diag *d)
{
    nvgp_exec *m = nvgp_exec_create(tp, d);
    bool ok = m && nvgp_exec_set_invocations(m, 4, tp->processor == TGSI_PROCESSOR_GEOMETRY ? 6 : 1) ==
                       NVGP_EXEC_OK;
    nvgp_texture *tex[32] = {0};
    for (uint32_t i = 0; ok && i < tp->num_instructions; i++) {
        const tgsi_instruction *in = &tp->instructions[i];
        for (unsigned k = 0; k < in->num_src; k++) {
            int32_t u = in->src[k].reg.index;
            if (in->src[k].reg.file != TGSI_FILE_SAMPLER || u < 0 || u >= 32 || tex[u])
                continue;
            nvgp_texture_desc desc = {.target = in->texture, .format = NVGP_TEX_FORMAT_RGBA32F, .width = 4,
                                      .height = 4, .depth = 1, .layers = 1, .levels = 1, .samples = 1};
            if (in->texture == TGSI_TEXTURE_CUBE_ARRAY || in->texture == TGSI_TEXTURE_SHADOWCUBE_ARRAY)
                desc.layers = 6;
            else if (in->texture == TGSI_TEXTURE_1D_ARRAY || in->texture == TGSI_TEXTURE_2D_ARRAY ||
                     in->texture == TGSI_TEXTURE_SHADOW1D_ARRAY || in->texture == TGSI_TEXTURE_SHADOW2D_ARRAY)
                desc.layers = 2;
            tex[u] = nvgp_texture_create(&desc, d);
            ok = tex[u] && nvgp_exec_bind_texture(m, (uint32_t)u, tex[u]) == NVGP_EXEC_OK;
        }
    }
    ok = ok && nvgp_exec_run(m, d) == NVGP_EXEC_OK;
    ok = ok && nvgp_exec_faults(m) == 0;
    if (!ok) {
        fprintf(stderr, "the translation of %s does not run: %s\n", path, m ? nvgp_exec_error(m) : "no machine");
        nvgp_diag_print(d, stderr);
    }
    nvgp_exec_destroy(m);
    for (int u = 0; u < 32; u++)
        nvgp_texture_destroy(tex[u]);
    return ok;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n + 4096 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return buf;
}

static bool has_nv_header(const char *s, size_t n)
{
    static const char *const heads[] = {"!!ARBvp1.0", "!!ARBfp1.0", "!!VP1.", "!!VP2.0", "!!VSP1.0", "!!FP1.0", "!!NV"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        if (n >= strlen(heads[i]) && !memcmp(s, heads[i], strlen(heads[i])))
            return true;
    return false;
}

static void one(const char *path, tally *t)
{
    size_t len;
    char *src = slurp(path, &len);
    if (!src || !has_nv_header(src, len)) {
        free(src);
        return;
    }
    nvgp_diag *d = nvgp_diag_create(path, src, len);
    nv_program *p = nvgp_nv_assemble(src, len, d);
    if (p && nvgp_diag_error_count(d) == 0) {
        t->assembled++;
        bool gp = p->header >= NV_HDR_NVVP40;
        t->gp_assembled += gp;
        bool plain = (p->header == NV_HDR_ARBVP10 || p->header == NV_HDR_ARBFP10) && p->options == 0;
        t->plain_arb += plain;
        nvgp_diag *ld = nvgp_diag_create(path, src, len);
        nvgp_lower_map *map = NULL;
        tgsi_program *tp = nvgp_lower_to_tgsi(p, &map, ld);
        if (!tp) {
            t->not_yet++;
            t->plain_arb_failed += plain;
            nvgp_diag_print(ld, stderr);
        } else {
            t->lowered++;
            t->gp_lowered += gp;
            t->gp_ran += gp && runs(path, tp, ld);
            if (!nvgp_tgsi_check(tp, ld)) {
                t->check_failed++;
                fprintf(stderr, "checker rejects the translation of %s\n", path);
                nvgp_diag_print(ld, stderr);
            }
            /* canonical text -> read -> text is a fixed point */
            nvgp_strbuf a, b;
            nvgp_strbuf_init(&a);
            nvgp_strbuf_init(&b);
            bool same = nvgp_tgsi_write(tp, TGSI_STYLE_CANONICAL, &a) && a.data;
            tgsi_program *again = same ? nvgp_tgsi_read(a.data, a.len, NULL) : NULL;
            same = again && nvgp_tgsi_write(again, TGSI_STYLE_CANONICAL, &b) && b.len == a.len &&
                   !memcmp(a.data, b.data, a.len);
            if (!same) {
                t->reread_failed++;
                fprintf(stderr, "the translation of %s does not re-read to the same text\n", path);
            }
            nvgp_tgsi_program_destroy(again);
            nvgp_strbuf_free(&a);
            nvgp_strbuf_free(&b);
        }
        nvgp_tgsi_program_destroy(tp);
        nvgp_lower_map_destroy(map);
        nvgp_diag_destroy(ld);
    }
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
    free(src);
}

static void visit(const char *path, const char *name, void *t)
{
    (void)name;
    one(path, t);
}

static void test_corpus(void **state)
{
    (void)state;
    tally t = {0};
    walk_files(NVGP_SHARED_DIR "/corpus", visit, &t);
    printf("corpus: %u NV/ARB programs assemble; %u lower (all pass the checker: %s); %u not yet "
           "translatable; plain ARBvp1.0/ARBfp1.0: %u, of which %u fail to lower\n",
           t.assembled, t.lowered, t.check_failed ? "no" : "yes", t.not_yet, t.plain_arb, t.plain_arb_failed);
    assert_true(t.assembled > 0);
    assert_true(t.plain_arb > 0);
    assert_int_equal(t.check_failed, 0);
    assert_int_equal(t.reread_failed, 0);
    assert_int_equal(t.plain_arb_failed, 0);
    printf("NV_gpu_program4/5: %u assemble, %u translate, %u run\n", t.gp_assembled, t.gp_lowered, t.gp_ran);
    assert_true(t.gp_assembled > 0);
    assert_int_equal(t.gp_lowered, t.gp_assembled);
    assert_int_equal(t.gp_ran, t.gp_lowered);
    /* every NV/ARB program of the corpus translates */
    assert_int_equal(t.not_yet, 0);
}

int main(void)
{
    struct stat st;
    if (stat(NVGP_SHARED_DIR "/corpus", &st) != 0)
        return 77;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
