/* The older NVIDIA languages (!!VP1.0, !!VP1.1, !!VP2.0, !!VSP1.0,
 * !!FP1.0) beyond the spec cases of tests/spec:
 *  - the typed program they produce (register files and numbers, relative
 *    addressing, condition codes, labels, constants, suffixes, texture
 *    units), with expected values read off the specs' grammar by hand;
 *  - opcode suffix splitting against the FP1.0/VP2.0 instruction tables;
 *  - the FP1.0 instruction limit (a program too large for a data file);
 *  - every old-language program of the shared corpus: the ones their source
 *    treats as valid assemble, except five that the specs reject, which
 *    must fail exactly where the spec sentence puts the error.
 * The corpus test exits 77 (not run) when /work/shared is absent. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/diag.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "nv/nv_limits.h"
#include "nv/nv_old.h"
#include "read_whole_file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CORPUS NVGP_SHARED_DIR "/corpus"

/* Assembles text; *pos gets PROGRAM_ERROR_POSITION (-1 when it loads). */
static nv_program *assemble(const char *text, size_t len, long *pos)
{
    nvgp_diag *d = nvgp_diag_create("program", text, len);
    assert_non_null(d);
    nv_program *p = nvgp_nv_assemble(text, len, d);
    *pos = nvgp_diag_error_position(d);
    nvgp_diag_destroy(d);
    return p;
}

static nv_program *assemble_ok(const char *text)
{
    long pos;
    nv_program *p = assemble(text, strlen(text), &pos);
    if (!p)
        fail_msg("expected to load, failed at %ld:\n%s", pos, text);
    assert_int_equal(pos, -1);
    return p;
}

static void test_vp2_ir(void **state)
{
    (void)state;
    const char *src =
        "!!VP2.0\n"
        "OPTION NV_position_invariant;\n"
        "ARLC A1.xz (NE.y), -|v[TEX2].zzxy|;\n"     /* 0 */
        "main:\n"
        "DP4 o[CLP3].x, c[A1.z - 7], v[3];\n"       /* 1 */
        "CAL sub (GT.wzyx);\n"                      /* 2 */
        "MOVC CC.y, R15.w;\n"                       /* 3 */
        "BRA main;\n"                               /* 4 */
        "sub:\n"
        "ARA A0.yw, A1;\n"                          /* 5 */
        "RET (LT);\n"                               /* 6 */
        "END\n";
    nv_program *p = assemble_ok(src);
    assert_int_equal(p->header, NV_HDR_VP20);
    assert_true(nv_program_has_option(p, NV_OPTION_NV_position_invariant));
    assert_int_equal(p->ninsts, 7);

    const nv_inst *in = &p->insts[0];
    assert_int_equal(in->op, NV_OP_ARL);
    assert_int_equal(in->cc_update, 1);
    assert_int_equal(in->dst.file, NV_FILE_ADDRESS);
    assert_int_equal(in->dst.index, 1);
    assert_int_equal(in->dst.writemask, 0x5);
    assert_int_equal(in->dst.cc.cond, NV_COND_NE);
    assert_int_equal(in->dst.cc.swizzle[0], 1);
    assert_int_equal(in->dst.cc.swizzle[3], 1);
    assert_int_equal(in->src[0].file, NV_FILE_ATTRIB);
    assert_int_equal(in->src[0].index, 10); /* TEX2 is attribute 10 (Table X.3) */
    assert_true(in->src[0].negate && in->src[0].abs && !in->src[0].neg_inner);
    assert_memory_equal(in->src[0].swizzle, ((uint8_t[]){2, 2, 0, 1}), 4);
    assert_int_equal(in->src[0].offset, strstr(src, "-|v") - src);

    in = &p->insts[1];
    assert_int_equal(in->op, NV_OP_DP4);
    assert_int_equal(in->dst.file, NV_FILE_OUTPUT);
    assert_int_equal(in->dst.index, NV_VPR_CLP0 + 3);
    assert_int_equal(in->dst.writemask, 1);
    assert_int_equal(in->dst.cc.cond, NV_COND_NONE);
    assert_int_equal(in->src[0].file, NV_FILE_PARAM);
    assert_true(in->src[0].has_rel);
    assert_int_equal(in->src[0].rel.file, NV_FILE_ADDRESS);
    assert_int_equal(in->src[0].rel.index, 1);
    assert_int_equal(in->src[0].rel.comp, 2);
    assert_int_equal(in->src[0].index, -7);
    assert_int_equal(in->src[1].index, 3);

    in = &p->insts[2];
    assert_int_equal(in->op, NV_OP_CAL);
    assert_int_equal(in->cond.cond, NV_COND_GT);
    assert_memory_equal(in->cond.swizzle, ((uint8_t[]){3, 2, 1, 0}), 4);
    assert_string_equal(p->labels[in->label].name, "sub");
    assert_int_equal(p->labels[in->label].inst, 5);

    in = &p->insts[3];
    assert_int_equal(in->dst.file, NV_FILE_CC);
    assert_int_equal(in->dst.writemask, 0x2);
    assert_int_equal(in->src[0].file, NV_FILE_TEMP);
    assert_int_equal(in->src[0].index, 15);
    assert_true(in->src[0].scalar);
    assert_memory_equal(in->src[0].swizzle, ((uint8_t[]){3, 3, 3, 3}), 4);

    in = &p->insts[4];
    assert_int_equal(in->op, NV_OP_BRA);
    assert_int_equal(in->cond.cond, NV_COND_NONE);
    assert_string_equal(p->labels[in->label].name, "main");
    assert_int_equal(p->labels[in->label].inst, 1);

    in = &p->insts[5];
    assert_int_equal(in->op, NV_OP_ARA);
    assert_int_equal(in->dst.index, 0);
    assert_int_equal(in->dst.writemask, 0xA);
    assert_int_equal(in->src[0].file, NV_FILE_ADDRESS);
    assert_int_equal(in->src[0].index, 1);

    in = &p->insts[6];
    assert_int_equal(in->op, NV_OP_RET);
    assert_int_equal(in->cond.cond, NV_COND_LT);
    assert_memory_equal(in->cond.swizzle, ((uint8_t[]){0, 1, 2, 3}), 4);
    assert_int_equal(p->end_offset, strstr(src, "END") - src);
    nvgp_nv_program_destroy(p);
}

static void test_vp1_vsp_ir(void **state)
{
    (void)state;
    nv_program *p = assemble_ok("!!VP1.0\nARL A0.x, v[1].y;\nMAD o[HPOS].xyw, c[A0.x + 63], -R11, v[WGHT];\nEND");
    assert_int_equal(p->ninsts, 2);
    assert_int_equal(p->insts[0].op, NV_OP_ARL);
    assert_int_equal(p->insts[0].dst.file, NV_FILE_ADDRESS);
    assert_int_equal(p->insts[0].dst.writemask, 1);
    assert_true(p->insts[0].src[0].scalar);
    assert_int_equal(p->insts[0].src[0].swizzle[2], 1);
    assert_int_equal(p->insts[1].dst.index, NV_VPR_HPOS);
    assert_int_equal(p->insts[1].dst.writemask, 0xB);
    assert_int_equal(p->insts[1].src[0].index, 63);
    assert_int_equal(p->insts[1].src[0].rel.comp, 0);
    assert_true(p->insts[1].src[1].negate);
    assert_int_equal(p->insts[1].src[1].index, 11);
    assert_int_equal(p->insts[1].src[2].index, 1);
    nvgp_nv_program_destroy(p);

    p = assemble_ok("!!VSP1.0\nDP4 c[95].w, c[A0.x - 64], v[0];\nEND\n");
    assert_int_equal(p->header, NV_HDR_VSP10);
    assert_int_equal(p->insts[0].dst.file, NV_FILE_PARAM);
    assert_int_equal(p->insts[0].dst.index, 95);
    assert_int_equal(p->insts[0].dst.writemask, 8);
    assert_int_equal(p->insts[0].src[0].index, -64);
    nvgp_nv_program_destroy(p);
}

static const nv_var *var_named(const nv_program *p, const char *name)
{
    for (uint32_t i = 0; i < p->nvars; i++)
        if (!strcmp(p->vars[i].name, name))
            return &p->vars[i];
    return NULL;
}

static void test_fp1_ir(void **state)
{
    (void)state;
    const char *src =
        "!!FP1.0\n"
        "DEFINE half = 0.5;\n"
        "DEFINE v2 = {1, -2};\n"
        "DECLARE light = {3};\n"
        "DECLARE dim;\n"
        "MADHC_SAT H5.xz (LE.x), -|f[TEX3].w|, v2.yxxy, half;\n"  /* 0 */
        "TXPC R31, H63, TEX15, CUBE;\n"                           /* 1 */
        "MULX RC, light, R1.x;\n"                                 /* 2 */
        "KIL NE.wzyx;\n"                                          /* 3 */
        "PK2H o[DEPR], -{4, 5, 6}.zyxw;\n"                        /* 4 */
        "MOVR_SAT o[COLR], p[63].x;\n"                            /* 5 */
        "END\n";
    nv_program *p = assemble_ok(src);
    assert_int_equal(p->header, NV_HDR_FP10);
    assert_int_equal(p->ninsts, 6);

    const nv_var *half = var_named(p, "half"), *v2 = var_named(p, "v2");
    const nv_var *light = var_named(p, "light"), *dim = var_named(p, "dim");
    assert_non_null(half);
    assert_non_null(v2);
    assert_non_null(light);
    assert_non_null(dim);
    assert_int_equal(half->bindings[0].kind, NV_BIND_CONST);
    assert_int_equal(half->bindings[0].components, 1);
    assert_int_equal(light->bindings[0].kind, NV_BIND_LOCAL);
    /* "Scalar constants are expanded to 4-component vectors by replicating"
     * for DECLARE; "{3}" is a vector constant: {3,0,0,1}. */
    const nv_const *k = &p->consts[light->bindings[0].konst];
    assert_true(k->v.f[0] == 3.0f && k->v.f[1] == 0.0f && k->v.f[2] == 0.0f && k->v.f[3] == 1.0f);
    k = &p->consts[dim->bindings[0].konst];
    assert_true(k->v.f[0] == 0.0f && k->v.f[3] == 0.0f); /* "The initial value ... is (0,0,0,0)." */

    const nv_inst *in = &p->insts[0];
    assert_int_equal(in->op, NV_OP_MAD);
    assert_int_equal(in->prec, NV_PREC_H);
    assert_int_equal(in->cc_update, 1);
    assert_int_equal(in->sat, NV_SAT_SAT);
    assert_int_equal(in->dst.file, NV_FILE_TEMP);
    assert_int_equal(in->dst.index, NV_FP_HREG_BASE + 5);
    assert_int_equal(in->dst.writemask, 0x5);
    assert_int_equal(in->dst.cc.cond, NV_COND_LE);
    assert_int_equal(in->src[0].file, NV_FILE_ATTRIB);
    assert_int_equal(in->src[0].index, NV_FPA_TEX0 + 3);
    assert_true(in->src[0].negate && in->src[0].abs);
    assert_int_equal(in->src[1].file, NV_FILE_CONST);
    k = &p->consts[in->src[1].konst];
    assert_true(k->v.f[0] == 1.0f && k->v.f[1] == -2.0f && k->v.f[2] == 0.0f && k->v.f[3] == 1.0f);
    assert_memory_equal(in->src[1].swizzle, ((uint8_t[]){1, 0, 0, 1}), 4);
    assert_int_equal(in->src[2].file, NV_FILE_CONST);
    k = &p->consts[in->src[2].konst];
    assert_true(k->v.f[0] == 0.5f && k->v.f[3] == 0.5f);

    in = &p->insts[1];
    assert_int_equal(in->op, NV_OP_TXP);
    assert_int_equal(in->prec, NV_PREC_NONE);
    assert_int_equal(in->dst.index, 31);
    assert_int_equal(in->src[0].index, NV_FP_HREG_BASE + 63);
    assert_int_equal(in->tex.unit, 15);
    assert_int_equal(in->tex.target, NV_TEX_CUBE);

    in = &p->insts[2];
    assert_int_equal(in->prec, NV_PREC_X);
    assert_int_equal(in->dst.file, NV_FILE_CC);
    assert_int_equal(in->dst.index, 0);
    assert_int_equal(in->src[0].file, NV_FILE_PARAM);
    assert_int_equal(in->src[0].var, (uint32_t)(light - p->vars));
    assert_int_equal(in->src[1].file, NV_FILE_TEMP);
    assert_int_equal(in->src[1].index, 1);

    in = &p->insts[3];
    assert_int_equal(in->op, NV_OP_KIL);
    assert_false(in->has_dst);
    assert_int_equal(in->cond.cond, NV_COND_NE);
    assert_memory_equal(in->cond.swizzle, ((uint8_t[]){3, 2, 1, 0}), 4);

    in = &p->insts[4];
    assert_int_equal(in->dst.index, NV_FPR_DEPR);
    assert_true(in->src[0].negate);
    k = &p->consts[in->src[0].konst];
    assert_true(k->v.f[0] == 4.0f && k->v.f[2] == 6.0f && k->v.f[3] == 1.0f);

    in = &p->insts[5];
    assert_int_equal(in->prec, NV_PREC_R);
    assert_int_equal(in->sat, NV_SAT_SAT);
    assert_int_equal(in->dst.index, NV_FPR_COLR);
    assert_int_equal(in->src[0].file, NV_FILE_PARAM);
    assert_int_equal(in->src[0].var, NV_VAR_NONE);
    assert_int_equal(in->src[0].index, 63);
    nvgp_nv_program_destroy(p);
}

/* Opcode words of the old grammars, split into opcode and suffixes. */
static void test_split_opcode(void **state)
{
    (void)state;
    static const struct {
        const char *word;
        bool prec, sat;         /* language has R/H/X and _SAT */
        int op;                 /* -1: no opcode */
        uint8_t p;
        bool cc, s, ok;
    } cases[] = {
        {"ADDRC_SAT", true, true, NV_OP_ADD, NV_PREC_R, true, true, true},
        {"MAXX", true, true, NV_OP_MAX, NV_PREC_X, false, false, true},
        {"MAXXC", true, true, NV_OP_MAX, NV_PREC_X, true, false, true},
        {"TEX", true, true, NV_OP_TEX, NV_PREC_NONE, false, false, true},
        {"TEXC_SAT", true, true, NV_OP_TEX, NV_PREC_NONE, true, true, true},
        {"TEXX", true, true, NV_OP_TEX, NV_PREC_X, false, false, false}, /* TEX[C][_SAT] only */
        {"DDXH", true, true, NV_OP_DDX, NV_PREC_H, false, false, true},
        {"DDXX", true, true, NV_OP_DDX, NV_PREC_X, false, false, false}, /* DDX[RH ] */
        {"UP2HC", true, true, NV_OP_UP2H, NV_PREC_NONE, true, false, true},
        {"PK2H_SAT", true, true, NV_OP_PK2H, NV_PREC_NONE, false, true, false},
        {"FLRRC", true, true, NV_OP_FLR, NV_PREC_R, true, false, true},
        {"RCC", false, false, NV_OP_RCC, NV_PREC_NONE, false, false, true},
        {"RCCC", false, false, NV_OP_RCC, NV_PREC_NONE, true, false, true},
        {"ARAC", false, false, NV_OP_ARA, NV_PREC_NONE, true, false, true},
        {"BRAC", false, false, NV_OP_BRA, NV_PREC_NONE, true, false, false},
        {"ADDR", false, false, -1, 0, false, false, true},    /* no precision in VP */
        {"MOV_SAT", false, false, -1, 0, false, false, true}, /* no _SAT in VP */
        {"FOO", true, true, -1, 0, false, false, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t p;
        bool cc, s, ok;
        int op = nv_old_split_opcode(cases[i].word, strlen(cases[i].word), cases[i].prec, cases[i].sat, &p, &cc, &s, &ok);
        if (op != cases[i].op)
            fail_msg("%s: opcode %d, expected %d", cases[i].word, op, cases[i].op);
        if (op < 0)
            continue;
        if (p != cases[i].p || cc != cases[i].cc || s != cases[i].s || ok != cases[i].ok)
            fail_msg("%s: prec %d cc %d sat %d ok %d", cases[i].word, p, cc, s, ok);
    }
}

/* NV_fragment_program 3.11.3: "A fragment program fails to load if it
 * contains more than the maximum number of executable instructions" --
 * MAX_PROGRAM_INSTRUCTIONS_ARB, which nvgp sets to NV_LIMIT_PROGRAM_INSTRUCTIONS.
 * DEFINE and DECLARE do not count. */
static char *fp_with(unsigned n, size_t *len, size_t *last)
{
    const char *head = "!!FP1.0\nDEFINE one = 1;\nDECLARE l;\n", *line = "MOV R0, R1;\n";
    const char *tail = "MOV o[COLR], R0;\nEND\n";
    size_t cap = strlen(head) + (size_t)n * strlen(line) + strlen(tail) + 1;
    char *s = malloc(cap), *w = s;
    assert_non_null(s);
    w += sprintf(w, "%s", head);
    for (unsigned i = 0; i + 1 < n; i++)
        w += sprintf(w, "%s", line);
    *last = (size_t)(w - s);
    w += sprintf(w, "%s", tail);
    *len = (size_t)(w - s);
    return s;
}

static void test_fp_instruction_limit(void **state)
{
    (void)state;
    size_t len, last;
    long pos;
    char *s = fp_with(NV_LIMIT_PROGRAM_INSTRUCTIONS, &len, &last);
    nv_program *p = assemble(s, len, &pos);
    assert_non_null(p);
    assert_int_equal(p->ninsts, NV_LIMIT_PROGRAM_INSTRUCTIONS);
    nvgp_nv_program_destroy(p);
    free(s);
    s = fp_with(NV_LIMIT_PROGRAM_INSTRUCTIONS + 1, &len, &last);
    assert_null(assemble(s, len, &pos));
    assert_int_equal(pos, (long)last); /* the first instruction over the limit */
    free(s);
}

/* Every prefix of programs using most of the grammar: no crash, and a
 * program fails exactly when it reports a position inside the text. */
static void test_prefixes(void **state)
{
    (void)state;
    static const char *const progs[] = {
        "!!VP2.0\nOPTION NV_position_invariant;\n# c\nARLC A1.xz (NE.y), -|v[TEX2].zzxy|;\nmain:\n"
        "DP4 o[CLP3].x, c[A1.z - 7], +v[3];\nCAL sub (GT.wzyx);\nMOVC CC.y, R15.w;\nBRA main;\nsub:\n"
        "ARA A0.yw, A1;\nRET (LT);\nEND\n",
        "!!VSP1.0\nARL A0.x, v[0].w;\nDP4 c[95].w, c[A0.x - 64], v[0];\nEND",
        "!!FP1.0\nDEFINE half = 0.5;\nDEFINE v2 = {1, -2.5e-1};\nDECLARE light = {3};\nDECLARE dim;\n"
        "MADHC_SAT H5.xz (LE.x), -|f[TEX3].w|, v2.yxxy, half;\nTXD R1, R2, R3, f[TEX0], TEX1, RECT;\n"
        "MULX RC, light, R1.x;\nKIL NE.wzyx;\nPK2H o[DEPR], -{4, 5, 6}.zyxw;\nMOVR_SAT o[COLR], p[63].x;\nEND\n",
    };
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        size_t n = strlen(progs[i]);
        for (size_t k = 0; k <= n; k++) {
            long pos;
            nv_program *p = assemble(progs[i], k, &pos);
            if (p ? pos != -1 : (pos < 0 || (size_t)pos > k))
                fail_msg("program %zu cut at %zu: loaded %d, position %ld", i, k, p != NULL, pos);
            if (k == n)
                assert_non_null(p);
            nvgp_nv_program_destroy(p);
        }
    }
}

/* ---- Printing and reassembling (nv_print_old.c). ---- */

static const char *differs(const nv_program *a, const nv_program *b)
{
    if (a->header != b->header || a->options != b->options)
        return "header or options";
    if (a->ninsts != b->ninsts || a->nlabels != b->nlabels || a->nvars != b->nvars)
        return "instruction, label or variable count";
    for (uint32_t i = 0; i < a->nlabels; i++)
        if (strcmp(a->labels[i].name, b->labels[i].name) || a->labels[i].inst != b->labels[i].inst)
            return "labels";
    for (uint32_t i = 0; i < a->nvars; i++) {
        const nv_binding *x = &a->vars[i].bindings[0], *y = &b->vars[i].bindings[0];
        if (strcmp(a->vars[i].name, b->vars[i].name) || x->kind != y->kind || x->components != y->components ||
            memcmp(a->consts[x->konst].v.f, b->consts[y->konst].v.f, 16))
            return "DEFINE/DECLARE";
    }
    for (uint32_t i = 0; i < a->ninsts; i++) {
        const nv_inst *x = &a->insts[i], *y = &b->insts[i];
        if (x->op != y->op || x->prec != y->prec || x->sat != y->sat || x->cc_update != y->cc_update ||
            x->has_dst != y->has_dst || x->nsrc != y->nsrc)
            return "opcode or suffixes";
        if (x->cond.cond != y->cond.cond || memcmp(x->cond.swizzle, y->cond.swizzle, 4) ||
            (x->label == NV_VAR_NONE) != (y->label == NV_VAR_NONE) ||
            (x->label != NV_VAR_NONE && strcmp(a->labels[x->label].name, b->labels[y->label].name)))
            return "condition or label";
        if (x->tex.unit != y->tex.unit || x->tex.target != y->tex.target)
            return "texture";
        if (x->has_dst && (x->dst.file != y->dst.file || x->dst.index != y->dst.index ||
                           x->dst.writemask != y->dst.writemask || x->dst.cc.cond != y->dst.cc.cond ||
                           memcmp(x->dst.cc.swizzle, y->dst.cc.swizzle, 4)))
            return "destination";
        for (unsigned k = 0; k < x->nsrc; k++) {
            const nv_src *s = &x->src[k], *t = &y->src[k];
            if (s->file != t->file || s->negate != t->negate || s->abs != t->abs || s->neg_inner != t->neg_inner ||
                s->has_rel != t->has_rel || s->scalar != t->scalar || memcmp(s->swizzle, t->swizzle, 4))
                return "source modifiers or swizzle";
            if (s->file == NV_FILE_CONST ? memcmp(a->consts[s->konst].v.f, b->consts[t->konst].v.f, 16) != 0
                                         : (s->index != t->index || (s->var == NV_VAR_NONE) != (t->var == NV_VAR_NONE) ||
                                            (s->var != NV_VAR_NONE && strcmp(a->vars[s->var].name, b->vars[t->var].name))))
                return "source register or value";
            if (s->has_rel && (s->rel.index != t->rel.index || s->rel.comp != t->rel.comp))
                return "relative address";
        }
    }
    return NULL;
}

/* Prints p, reassembles the text and prints again: the program must load,
 * equal p field by field, and print the same text. */
static bool round_trip(const char *name, const nv_program *p)
{
    nvgp_strbuf t1, t2;
    nvgp_strbuf_init(&t1);
    nvgp_strbuf_init(&t2);
    bool ok = nvgp_nv_print_old(p, &t1);
    long pos = -1;
    nv_program *q = ok ? assemble(t1.data, t1.len, &pos) : NULL;
    const char *why = !ok ? "not printed" : !q ? "the printed text does not load" : differs(p, q);
    if (!why && (!nvgp_nv_print_old(q, &t2) || t1.len != t2.len || memcmp(t1.data, t2.data, t1.len)))
        why = "the reprinted text differs";
    if (why)
        printf("FAIL %s: %s (at %ld)\n--- printed ---\n%s", name, why, pos, t1.data ? t1.data : "");
    nvgp_nv_program_destroy(q);
    nvgp_strbuf_free(&t1);
    nvgp_strbuf_free(&t2);
    return !why;
}

static void test_print_round_trip(void **state)
{
    (void)state;
    static const char *const folders[] = {"NV_vertex_program", "NV_vertex_program1_1", "NV_vertex_program2",
                                          "NV_fragment_program"};
    int programs = 0, bad = 0;
    for (size_t f = 0; f < sizeof folders / sizeof folders[0]; f++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/tests/spec/%s", NVGP_SOURCE_DIR, folders[f]);
        DIR *d = opendir(dir);
        assert_non_null(d);
        struct dirent *e;
        while ((e = readdir(d))) {
            const char *dot = strrchr(e->d_name, '.');
            if (!dot || (strcmp(dot, ".vp") && strcmp(dot, ".fp")))
                continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            size_t len;
            char *text = read_whole_file(path, &len);
            assert_non_null(text);
            long pos;
            nv_program *p = assemble(text, len, &pos);
            if (p) {
                programs++;
                bad += !round_trip(path, p);
            }
            nvgp_nv_program_destroy(p);
            free(text);
        }
        closedir(d);
    }
    printf("old-language printer: %d valid spec programs, %d fail the round trip\n", programs, bad);
    assert_true(programs >= 60); /* 66 valid cases when this was written */
    assert_int_equal(bad, 0);
}

/* ---- The shared corpus. ---- */

/* Programs the specs reject although their source loads them; where the
 * error is (a substring whose first occurrence starts there, or NULL: at
 * the program's length) and the sentence that rejects them. */
static const struct {
    const char *file, *at, *why;
} spec_rejected[] = {
    {"tests__vptest1__00.vp", NULL,
     "NV_vertex_program2 2.14.1.8: A vertex program fails to load if it does not write at least one component of the HPOS register."},
    {"tests__fptest1__00.fp", "COLH]",
     "NV_fragment_program 3.11.1.3: A fragment program will fail to load if it writes to both o[COLR] and o[COLH]."},
    {"tests__fptest1__01.fp", "bar;",
     "NV_fragment_program 3.11.3: <optionalLocalValue> is a <vectorConstant> or <scalarConstant>; a DECLAREd name is neither."},
    {"test_gl_nv_fragment_program.fp", NULL,
     "NV_fragment_program 3.11.1.3: A fragment program will fail to load if it does not write to at least one output register."},
    {"test_gl_nv_vertex_program_state.vsp", NULL,
     "NV_vertex_program2 2.14.5: A vertex state program fails to load if it does not write at least one program parameter register."},
};

static const char *const old_headers[] = {"!!VP1.0", "!!VP1.1", "!!VP2.0", "!!VSP1.0", "!!FP1.0"};

typedef struct tally {
    int programs, valid, rejected, bad;
} tally;

/* One program: the text from an old header at a line start up to the next
 * line starting with "!!" (the piglit vpfp files hold several). */
static void check_program(const char *path, const char *base, const char *text, size_t len, tally *t)
{
    long pos;
    t->programs++;
    nv_program *p = assemble(text, len, &pos);
    bool loaded = p != NULL;
    if (p && !round_trip(path, p))
        t->bad++;
    nvgp_nv_program_destroy(p);
    for (size_t i = 0; i < sizeof spec_rejected / sizeof spec_rejected[0]; i++) {
        if (strcmp(base, spec_rejected[i].file))
            continue;
        const char *at = spec_rejected[i].at ? strstr(text, spec_rejected[i].at) : NULL;
        long want = spec_rejected[i].at ? (at ? (long)(at - text) : -2) : (long)len;
        if (loaded || pos != want) {
            printf("FAIL %s: expected the spec's error at %ld, got %ld (%s)\n", path, want, pos, spec_rejected[i].why);
            t->bad++;
        } else {
            t->rejected++;
        }
        return;
    }
    if (!loaded) {
        printf("FAIL %s: failed to load at offset %ld\n", path, pos);
        t->bad++;
    } else {
        t->valid++;
    }
}

static void scan_dir(const char *dir, tally *t)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "SOURCES.md"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *text = read_whole_file(path, &len);
        if (!text)
            continue;
        for (size_t i = 0; i < len; i++) {
            if (i && text[i - 1] != '\n')
                continue;
            bool old = false;
            for (size_t h = 0; h < sizeof old_headers / sizeof old_headers[0]; h++) {
                size_t hl = strlen(old_headers[h]);
                if (len - i >= hl && !memcmp(text + i, old_headers[h], hl) &&
                    (len - i == hl || text[i + hl] == '\n' || text[i + hl] == ' ' || text[i + hl] == '\r'))
                    old = true;
            }
            if (!old)
                continue;
            size_t end = i + 2;
            while (end < len && !(text[end - 1] == '\n' && text[end] == '!' && end + 1 < len && text[end + 1] == '!'))
                end++;
            check_program(path, e->d_name, text + i, end - i, t);
            i = end - 1;
        }
        free(text);
    }
    closedir(d);
}

static void test_corpus(void **state)
{
    (void)state;
    struct stat st;
    if (stat(CORPUS, &st) != 0)
        skip();
    static const char *const dirs[] = {"/mesa-demos/vp", "/mesa-demos/fp", "/mesa-demos/embedded_c",
                                       "/piglit/vpfp_nv", "/nv-gpu-program/ruby-opengl"};
    tally t = {0};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s%s", CORPUS, dirs[i]);
        scan_dir(dir, &t);
    }
    printf("old NV languages in the corpus: %d programs, %d load, %d rejected as the specs say, %d wrong\n",
           t.programs, t.valid, t.rejected, t.bad);
    assert_int_equal(t.bad, 0);
    /* 14 !!VP1.0, 5 !!VSP1.0 and 10 !!FP1.0 programs are in these folders. */
    assert_int_equal(t.programs, 29);
    assert_int_equal(t.rejected, (int)(sizeof spec_rejected / sizeof spec_rejected[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vp2_ir),
        cmocka_unit_test(test_vp1_vsp_ir),
        cmocka_unit_test(test_fp1_ir),
        cmocka_unit_test(test_split_opcode),
        cmocka_unit_test(test_fp_instruction_limit),
        cmocka_unit_test(test_prefixes),
        cmocka_unit_test(test_print_round_trip),
        cmocka_unit_test(test_corpus),
    };
    struct stat st;
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    if (rc == 0 && stat(CORPUS, &st) != 0)
        return 77;
    return rc;
}
