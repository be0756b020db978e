/* Parser and validator of !!FP1.0 fragment programs (NV_fragment_program
 * Section 3.11.3 grammar; program parameters 3.11.2; registers 3.11.1;
 * per-instruction rules of 3.11.5).
 *
 * Error positions follow PROGRAM_ERROR_POSITION: the token where the
 * program stops matching the grammar or breaks a rule that the text read
 * so far already decides (an operand that is a second unique parameter, a
 * second texture target for a unit, ...); the program's length for rules
 * decided only by the whole program (an output written, the register
 * count).
 *
 * Where the text is silent or contradicts itself, nvgp decides as
 * docs/spec-decisions-old.md says: integer literals ("5", "{1,2,3,4}", the
 * spec's own examples) are <floatConstant>s. */
#include "nv/nv_old.h"

#include "base/bits.h"
#include "nv/nv_limits.h"

#include <string.h>

/* Per-instruction record of what the operands read (3.11.2, 3.11.3: one
 * unique attribute; one unique program parameter, or constants with at
 * most four unique scalar values). */
typedef struct fp_uniq {
    bool have_attr, have_local;
    int32_t attr;
    uint32_t local_var;   /* DECLARE'd variable, or NV_VAR_NONE for p[n] */
    int32_t local_index;
    unsigned nvals;
    uint32_t vals[4];     /* float bits of the constants' values */
    bool have_const;
} fp_uniq;

typedef struct fp {
    nv_parse_ctx *c;
    uint32_t rmask;       /* R registers used */
    uint64_t hmask;       /* H registers used */
    bool out_used[NV_FPR_COUNT];
    int32_t first_color;  /* o[COLR] or o[COLH] written first, or -1 */
    uint8_t tex_target[16];
    unsigned nstatements;
} fp;

/* "R<n>"/"H<n>"/"TEX<n>" with n < max, no leading zeros: n, or -1. */
static int numbered(const char *s, uint32_t len, const char *prefix, unsigned max)
{
    size_t pl = strlen(prefix);
    if (len <= pl || len > pl + 2 || memcmp(s, prefix, pl) != 0)
        return -1;
    if (s[pl] == '0' && len > pl + 1)
        return -1;
    unsigned n = 0;
    for (uint32_t i = (uint32_t)pl; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        n = n * 10 + (unsigned)(s[i] - '0');
    }
    return n < max ? (int)n : -1;
}

/* 3.11.2: names that DEFINE/DECLARE may not use -- the grammar's keywords
 * (instruction names with every suffix they take included), register and
 * texture unit names. */
static bool reserved_name(const char *s, uint32_t len)
{
    static const char *const words[] = {
        "DEFINE", "DECLARE", "END", "RC", "HC", "f", "o", "p", "WPOS", "COL0", "COL1", "FOGC",
        "COLR", "COLH", "DEPR", "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL", "x", "y", "z", "w",
        "CUBE", "RECT"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == len && memcmp(words[i], s, len) == 0)
            return true;
    if (numbered(s, len, "R", 32) >= 0 || numbered(s, len, "H", 64) >= 0 || numbered(s, len, "TEX", 16) >= 0)
        return true;
    uint8_t prec;
    bool cc, sat, ok;
    int op = nv_old_split_opcode(s, len, true, true, &prec, &cc, &sat, &ok);
    return op >= 0 && ok && (nvgp_nv_opcode_info((nv_opcode)op)->langs & NV_L_FP10);
}

static bool comma(nv_parse_ctx *c) { return nv_expect(c, NV_TOK_COMMA, "','"); }

/* <optionalSign> <floatConstant>; sign already consumed by the caller
 * when `neg` is given. */
static bool float_constant(nv_parse_ctx *c, bool neg, float *v)
{
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_NUMBER || t->is_hex)
        return nv_error(c, t->offset, "expected a number");
    *v = (float)(neg ? -t->fval : t->fval);
    nv_next(c);
    return true;
}

/* The variable a name refers to, or NV_VAR_NONE. */
static uint32_t lookup(nv_parse_ctx *c, const nv_token *t)
{
    uint32_t v;
    uint8_t what;
    if (t->kind == NV_TOK_IDENT && nv_name_find(c, c->src + t->offset, t->len, &v, &what) && what == NV_NAME_VAR)
        return v;
    return NV_VAR_NONE;
}

static bool is_define(const nv_var *v) { return v->bindings[0].kind == NV_BIND_CONST; }

/* <scalarConstant>: signed number or a DEFINE'd scalar name. */
static bool scalar_constant(nv_parse_ctx *c, float *v)
{
    bool neg = false;
    if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
        neg = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
        return float_constant(c, neg, v);
    }
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_NUMBER)
        return float_constant(c, false, v);
    uint32_t var = lookup(c, t);
    if (var == NV_VAR_NONE)
        return nv_error(c, t->offset, t->kind == NV_TOK_IDENT ? "'%.*s' is not a constant defined by a previous DEFINE"
                                                               : "expected a constant", (int)t->len, c->src + t->offset);
    const nv_var *nv = &c->prog->vars[var];
    if (!is_define(nv) || nv->bindings[0].components != 1)
        return nv_error(c, t->offset, "'%.*s' is not a scalar constant", (int)t->len, c->src + t->offset);
    *v = c->prog->consts[nv->bindings[0].konst].v.f[0];
    nv_next(c);
    return true;
}

/* "{" <vectorConstantList> "}" after the "{": values expanded to four
 * components ({2} is {2,0,0,1}). */
static bool vector_literal(nv_parse_ctx *c, float v[4], uint8_t *n)
{
    v[0] = v[1] = v[2] = 0.0f;
    v[3] = 1.0f;
    *n = 0;
    for (;;) {
        if (!scalar_constant(c, &v[*n]))
            return false;
        (*n)++;
        if (nv_at(c, NV_TOK_RBRACE)) {
            nv_next(c);
            return true;
        }
        if (*n == 4)
            return nv_error_here(c, "expected '}' (a vector constant has at most four components)");
        if (!comma(c))
            return false;
    }
}

static bool new_const(nv_parse_ctx *c, const float v[4], uint8_t ncomp, uint32_t *index)
{
    nv_const *k = nv_add_const(c, index);
    if (!k)
        return false;
    for (int i = 0; i < 4; i++) {
        k->v.f[i] = v[i];
        k->d[i] = v[i];
    }
    k->ncomp = ncomp;
    return true;
}

/* DEFINE <name> = <vectorConstant>|<scalarConstant> ;
 * DECLARE <name> [= <vectorConstant>|<scalarConstant>] ; */
static bool definition(fp *f, bool define)
{
    nv_parse_ctx *c = f->c;
    nv_next(c);
    const nv_token *t = nv_peek(c);
    const char *s = c->src + t->offset;
    if (t->kind != NV_TOK_IDENT || (s[0] >= '0' && s[0] <= '9') || reserved_name(s, t->len))
        return nv_error(c, t->offset, "invalid %s name '%.*s'", define ? "constant" : "local parameter",
                        (int)t->len, s);
    if (nv_name_find(c, s, t->len, NULL, NULL))
        return nv_error(c, t->offset, "'%.*s' is already defined", (int)t->len, s);
    const nv_token *name = t;
    nv_next(c);
    float v[4] = {0, 0, 0, 0};
    uint8_t comps = 4, n = 4;
    if (define || nv_at(c, NV_TOK_EQUALS)) {
        if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
            return false;
        const nv_token *vt = nv_peek(c);
        uint32_t var = lookup(c, vt);
        if (nv_at(c, NV_TOK_LBRACE)) {
            nv_next(c);
            if (!vector_literal(c, v, &n))
                return false;
        } else if (var != NV_VAR_NONE && is_define(&c->prog->vars[var]) &&
                   c->prog->vars[var].bindings[0].components == 4) {
            const nv_const *k = &c->prog->consts[c->prog->vars[var].bindings[0].konst];
            memcpy(v, k->v.f, sizeof v);
            n = k->ncomp;
            nv_next(c);
        } else {
            if (!scalar_constant(c, &v[0]))
                return false;
            v[1] = v[2] = v[3] = v[0];
            n = 1;
            comps = 1;
        }
    }
    if (!nv_expect(c, NV_TOK_SEMI, "';'"))
        return false;
    uint32_t konst;
    if (!new_const(c, v, n, &konst))
        return false;
    nv_var *var = nv_add_var(c, s, name->len, NV_VAR_PARAM, name->offset, NULL);
    nv_binding *b = var ? nv_alloc(c, sizeof *b) : NULL;
    if (!b)
        return false;
    memset(b, 0, sizeof *b);
    b->kind = define ? NV_BIND_CONST : NV_BIND_LOCAL;
    /* A DECLARE'd parameter is a four-component vector whatever its
     * initial value; a DEFINE'd scalar stays a scalar. */
    b->components = define ? comps : 4;
    b->count = 1;
    b->index = -1;
    b->konst = konst;
    b->name = var->name;
    b->offset = name->offset;
    var->bindings = b;
    var->nbindings = 1;
    f->nstatements++;
    return true;
}

/* Records a constant's values; fails when the instruction's constants
 * then hold more than four unique values or it also reads a local. */
static bool use_const(fp *f, fp_uniq *u, const float *v, int n, uint32_t at)
{
    if (u->have_local)
        return nv_error(f->c, at, "an instruction may read only one unique program parameter");
    u->have_const = true;
    for (int i = 0; i < n; i++) {
        uint32_t b = f2u_bits(v[i]);
        bool seen = false;
        for (unsigned k = 0; k < u->nvals; k++)
            seen |= u->vals[k] == b;
        if (seen)
            continue;
        if (u->nvals == 4)
            return nv_error(f->c, at, "the constants of an instruction may hold at most four unique values");
        u->vals[u->nvals++] = b;
    }
    return true;
}

static bool use_local(fp *f, fp_uniq *u, uint32_t var, int32_t index, uint32_t at)
{
    if (u->have_const || (u->have_local && (u->local_var != var || u->local_index != index)))
        return nv_error(f->c, at, "an instruction may read only one unique program parameter");
    u->have_local = true;
    u->local_var = var;
    u->local_index = index;
    return true;
}

static void use_temp(fp *f, bool half, int n)
{
    if (half)
        f->hmask |= 1ull << n;
    else
        f->rmask |= 1u << n;
}

/* The suffix of a vector/scalar operand: vector operands take "", ".c" or
 * ".cccc"; scalar operands need ".c". */
static bool operand_suffix(fp *f, nv_src *s, bool scalar)
{
    int n;
    if (!nv_old_swizzle(f->c, true, !scalar, s->swizzle, &n))
        return false;
    if (scalar && n != 1)
        return nv_error_here(f->c, "a scalar operand needs a component suffix such as '.x'");
    s->scalar = n == 1;
    return true;
}

/* <baseVectorSrc>/<baseScalarSrc> after its <negate>. */
static bool base_operand(fp *f, nv_src *s, bool scalar, bool neg, fp_uniq *u)
{
    nv_parse_ctx *c = f->c;
    const nv_token *t = nv_peek(c);
    uint32_t at = s->offset; /* rule errors point at the whole operand */
    const char *w = c->src + t->offset;
    if (t->kind == NV_TOK_NUMBER) {
        /* <signedScalarConstant>: the sign belongs to the constant. */
        float v[4] = {0};
        if (!float_constant(c, neg, &v[0]))
            return false;
        s->negate = false;
        v[1] = v[2] = v[3] = v[0];
        s->file = NV_FILE_CONST;
        s->scalar = true;
        memset(s->swizzle, 0, sizeof s->swizzle);
        return new_const(c, v, 1, &s->konst) && use_const(f, u, v, 1, at);
    }
    s->negate = neg;
    if (t->kind == NV_TOK_LBRACE) {
        float v[4];
        uint8_t n;
        nv_next(c);
        if (!vector_literal(c, v, &n))
            return false;
        s->file = NV_FILE_CONST;
        return new_const(c, v, n, &s->konst) && use_const(f, u, v, 4, at) && operand_suffix(f, s, scalar);
    }
    if (t->kind != NV_TOK_IDENT)
        return nv_error(c, t->offset, "expected an operand");
    if (nvgp_nv_tok_is(c->src, t, "f") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_next(c);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        int a = -1;
        for (int i = 0; i < NV_FPA_COUNT; i++)
            if (nvgp_nv_tok_is(c->src, n, nvgp_nv_fp_attrib_name((unsigned)i)))
                a = i;
        if (a < 0)
            return nv_error(c, n->offset, "expected a fragment attribute register name");
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        if (u->have_attr && u->attr != a)
            return nv_error(c, at, "an instruction may read only one unique fragment attribute register");
        u->have_attr = true;
        u->attr = a;
        s->file = NV_FILE_ATTRIB;
        s->index = a;
        return operand_suffix(f, s, scalar);
    }
    if (nvgp_nv_tok_is(c->src, t, "p") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_next(c);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float || n->is_hex)
            return nv_error(c, n->offset, "expected a local parameter number");
        if (n->overflow || n->ival >= NV_LIMIT_FP1_LOCAL_PARAMETERS)
            return nv_error(c, n->offset, "local parameter number out of range (0 to %d)",
                            NV_LIMIT_FP1_LOCAL_PARAMETERS - 1);
        s->file = NV_FILE_PARAM;
        s->index = (int32_t)n->ival;
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        return use_local(f, u, NV_VAR_NONE, s->index, at) && operand_suffix(f, s, scalar);
    }
    int r = numbered(w, t->len, "R", 32), h = numbered(w, t->len, "H", 64);
    if (r >= 0 || h >= 0) {
        nv_next(c);
        s->file = NV_FILE_TEMP;
        s->index = r >= 0 ? r : NV_FP_HREG_BASE + h;
        use_temp(f, r < 0, r >= 0 ? r : h);
        return operand_suffix(f, s, scalar);
    }
    uint32_t var = lookup(c, t);
    if (var == NV_VAR_NONE)
        return nv_error(c, t->offset, "'%.*s' is not a register or a name defined by a previous DEFINE or DECLARE",
                        (int)t->len, w);
    const nv_binding *b = &c->prog->vars[var].bindings[0];
    nv_next(c);
    if (b->kind == NV_BIND_LOCAL) {
        s->file = NV_FILE_PARAM;
        s->var = var;
        return use_local(f, u, var, -1, at) && operand_suffix(f, s, scalar);
    }
    const nv_const *k = &c->prog->consts[b->konst];
    s->file = NV_FILE_CONST;
    s->konst = b->konst;
    if (!use_const(f, u, k->v.f, b->components, at))
        return false;
    if (b->components == 1) { /* <namedScalarConstant> takes no suffix */
        s->scalar = true;
        memset(s->swizzle, 0, sizeof s->swizzle);
        return true;
    }
    return operand_suffix(f, s, scalar);
}

/* <vectorSrc> / <scalarSrc>. */
static bool src_operand(fp *f, nv_src *s, bool scalar, fp_uniq *u)
{
    nv_parse_ctx *c = f->c;
    s->offset = nv_peek(c)->offset;
    bool neg = false;
    if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
        neg = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
    }
    if (!nv_at(c, NV_TOK_BAR))
        return base_operand(f, s, scalar, neg, u);
    nv_next(c);
    bool inner = false;
    if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
        inner = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
    }
    if (!base_operand(f, s, scalar, inner, u))
        return false;
    s->neg_inner = s->negate;
    s->negate = neg;
    s->abs = true;
    return nv_expect(c, NV_TOK_BAR, "'|'");
}

/* <maskedDstReg>. */
static bool dst_operand(fp *f, nv_dst *d)
{
    nv_parse_ctx *c = f->c;
    const nv_token *t = nv_peek(c);
    const char *w = c->src + t->offset;
    d->offset = t->offset;
    d->var = NV_VAR_NONE;
    int r = numbered(w, t->len, "R", 32), h = numbered(w, t->len, "H", 64);
    if (r >= 0 || h >= 0) {
        d->file = NV_FILE_TEMP;
        d->index = r >= 0 ? r : NV_FP_HREG_BASE + h;
        use_temp(f, r < 0, r >= 0 ? r : h);
        nv_next(c);
    } else if (nvgp_nv_tok_is(c->src, t, "RC") || nvgp_nv_tok_is(c->src, t, "HC")) {
        d->file = NV_FILE_CC;
        d->index = w[0] == 'H';
        nv_next(c);
    } else if (nvgp_nv_tok_is(c->src, t, "o") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_next(c);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        int o = -1;
        for (int i = 0; i < NV_FPR_COUNT; i++)
            if (nvgp_nv_tok_is(c->src, n, nvgp_nv_fp_result_name((unsigned)i)))
                o = i;
        if (o < 0)
            return nv_error(c, n->offset, "expected an output register name (COLR, COLH or DEPR)");
        /* 3.11.1.3 and 3.11.3: not both o[COLR] and o[COLH]. */
        if (o != NV_FPR_DEPR) {
            if (f->first_color >= 0 && f->first_color != o)
                return nv_error(c, n->offset, "a fragment program cannot write both o[COLR] and o[COLH]");
            f->first_color = o;
        }
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        d->file = NV_FILE_OUTPUT;
        d->index = o;
        f->out_used[o] = true;
    } else {
        return nv_error(c, t->offset, "expected a destination register");
    }
    if (!nv_old_writemask(c, &d->writemask))
        return false;
    if (nv_at(c, NV_TOK_LPAREN)) {
        nv_next(c);
        if (!nv_old_cc_test(c, true, &d->cc))
            return false;
        return nv_expect(c, NV_TOK_RPAREN, "')'");
    }
    return true;
}

/* <texImageId>: TEX<n> "," <target>; one target per unit (3.11.3). */
static bool tex_image(fp *f, nv_tex *x)
{
    nv_parse_ctx *c = f->c;
    static const char *const targets[] = {"1D", "2D", "3D", "CUBE", "RECT"};
    static const uint8_t tv[] = {NV_TEX_1D, NV_TEX_2D, NV_TEX_3D, NV_TEX_CUBE, NV_TEX_RECT};
    const nv_token *t = nv_peek(c);
    int unit = numbered(c->src + t->offset, t->len, "TEX", 16);
    if (t->kind != NV_TOK_IDENT || unit < 0)
        return nv_error(c, t->offset, "expected a texture image unit (TEX0 to TEX15)");
    x->offset = t->offset;
    x->unit = unit;
    x->var = NV_VAR_NONE;
    nv_next(c);
    if (!comma(c))
        return false;
    const nv_token *g = nv_peek(c);
    int k = nv_old_match(c, targets, 5);
    if (k < 0)
        return nv_error(c, g->offset, "expected a texture target (1D, 2D, 3D, CUBE or RECT)");
    if (f->tex_target[unit] != NV_TEX_NONE && f->tex_target[unit] != tv[k])
        return nv_error(c, g->offset, "texture unit %d is already used with another target", unit);
    f->tex_target[unit] = tv[k];
    x->target = tv[k];
    nv_next(c);
    return true;
}

static unsigned popcount(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static bool is_h(const nv_src *s) { return s->file == NV_FILE_TEMP && s->index >= NV_FP_HREG_BASE; }

static bool instruction(fp *f)
{
    nv_parse_ctx *c = f->c;
    const nv_token *t = nv_peek(c);
    uint8_t prec;
    bool cc, sat, suffix_ok;
    int op = nv_old_split_opcode(c->src + t->offset, t->len, true, true, &prec, &cc, &sat, &suffix_ok);
    const nv_opcode_info *info = op >= 0 ? nvgp_nv_opcode_info((nv_opcode)op) : NULL;
    if (!info || !(info->langs & NV_L_FP10) || !suffix_ok)
        return nv_error(c, t->offset, "'%.*s' is not an instruction of '!!FP1.0' programs", (int)t->len,
                        c->src + t->offset);
    if (c->prog->ninsts >= NV_LIMIT_PROGRAM_INSTRUCTIONS)
        return nv_error(c, t->offset, "too many instructions (at most %d)", NV_LIMIT_PROGRAM_INSTRUCTIONS);
    nv_inst *in = nv_add_inst(c, (nv_opcode)op, t->offset);
    if (!in)
        return false;
    nv_next(c);
    in->prec = prec;
    in->cc_update = cc ? 1 : 0;
    in->sat = sat ? NV_SAT_SAT : NV_SAT_NONE;
    f->nstatements++;
    fp_uniq u = {0};
    bool ok = true;
    unsigned nsrc = 0;
    bool scalar = false;
    switch ((nv_class)info->cls) {
    case NV_CLASS_VECTOR: nsrc = 1; break;
    case NV_CLASS_SCALAR: nsrc = 1; scalar = true; break;
    case NV_CLASS_BINSC: nsrc = 2; scalar = true; break;
    case NV_CLASS_BIN: nsrc = 2; break;
    case NV_CLASS_TRI: nsrc = 3; break;
    case NV_CLASS_TEX: nsrc = 1; break;
    case NV_CLASS_TXD: nsrc = 3; break;
    case NV_CLASS_KIL:
        ok = nv_old_cc_test(c, true, &in->cond);
        return ok && nv_expect(c, NV_TOK_SEMI, "';'");
    default:
        return nv_error(c, t->offset, "internal error: unexpected instruction class");
    }
    in->has_dst = true;
    in->nsrc = (uint8_t)nsrc;
    ok = dst_operand(f, &in->dst);
    for (unsigned i = 0; ok && i < nsrc; i++)
        ok = comma(c) && src_operand(f, &in->src[i], scalar, &u);
    if (ok && (info->cls == NV_CLASS_TEX || info->cls == NV_CLASS_TXD))
        ok = comma(c) && tex_image(f, &in->tex);
    if (!ok)
        return false;
    switch ((nv_opcode)op) {
    case NV_OP_PK2H:
    case NV_OP_PK2US:
    case NV_OP_PK4B:
    case NV_OP_PK4UB:
        /* 3.11.5.20-23: "The result must be written to a register with
         * 32-bit components (an "R" register, o[COLR], or o[DEPR])." */
        if (!((in->dst.file == NV_FILE_TEMP && in->dst.index < NV_FP_HREG_BASE) ||
              (in->dst.file == NV_FILE_OUTPUT && in->dst.index != NV_FPR_COLH)))
            return nv_error(c, in->dst.offset, "%s writes an R register, o[COLR] or o[DEPR]", info->name);
        break;
    case NV_OP_UP2H:
    case NV_OP_UP2US:
    case NV_OP_UP4B:
    case NV_OP_UP4UB:
        /* 3.11.5.41-44: the operand is a 32-bit register or a parameter. */
        if (is_h(&in->src[0]))
            return nv_error(c, in->src[0].offset, "%s reads a register with 32-bit components or a program parameter",
                            info->name);
        break;
    case NV_OP_RFL:
        /* 3.11.5.26: the w component may not be written. */
        if (in->dst.writemask & 8)
            return nv_error(c, in->dst.offset, "RFL cannot write the w component");
        break;
    default:
        break;
    }
    return nv_expect(c, NV_TOK_SEMI, "';'");
}

bool nvgp_nv_parse_fp1(nv_parse_ctx *c)
{
    fp f = {.c = c, .first_color = -1};
    for (;;) {
        const nv_token *t = nv_peek(c);
        if (t->kind == NV_TOK_INVALID)
            return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
        if (t->kind != NV_TOK_IDENT)
            return nv_error(c, t->offset, t->kind == NV_TOK_END ? "missing END" : "expected an instruction");
        if (nv_at_word(c, "END")) {
            if (!f.nstatements)
                return nv_error(c, t->offset, "a fragment program has at least one statement before END");
            break;
        }
        bool ok;
        if (nv_at_word(c, "DEFINE"))
            ok = definition(&f, true);
        else if (nv_at_word(c, "DECLARE"))
            ok = definition(&f, false);
        else
            ok = instruction(&f);
        if (!ok)
            return false;
    }
    c->prog->end_offset = nv_peek(c)->offset;
    nv_next(c);
    if (!nv_at(c, NV_TOK_END))
        return nv_error_here(c, "text after END");
    /* 3.11.3: fp32 registers count two, fp16 registers one; at most 64. */
    unsigned regs = 2u * popcount(f.rmask) + popcount(f.hmask) +
                    2u * f.out_used[NV_FPR_COLR] + 2u * f.out_used[NV_FPR_DEPR] + f.out_used[NV_FPR_COLH];
    if (regs > 64)
        return nv_error_at_end(c, "the program uses %u temporary and output register slots (at most 64; "
                                  "R registers, o[COLR] and o[DEPR] count two)", regs);
    if (!f.out_used[NV_FPR_COLR] && !f.out_used[NV_FPR_COLH] && !f.out_used[NV_FPR_DEPR])
        return nv_error_at_end(c, "a fragment program must write at least one output register");
    return true;
}
