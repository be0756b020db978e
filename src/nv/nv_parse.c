/* Helpers shared by the language parsers (see nv_parse.h). */
#include "nv/nv_parse.h"

#include <stdarg.h>
#include <string.h>

bool nv_at_word(const nv_parse_ctx *c, const char *s)
{
    const nv_token *t = nv_peek(c);
    return t->kind == NV_TOK_IDENT && nvgp_nv_tok_is(c->src, t, s);
}

static const char *tok_kind_name(nv_tok_kind k)
{
    static const char *const names[] = {
        "end of program", "header", "identifier", "number", "','", "';'", "':'", "'.'",
        "'..'", "'['", "']'", "'{'", "'}'", "'('", "')'", "'='", "'+'", "'-'", "'|'",
        "invalid character"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "token";
}

bool nv_expect(nv_parse_ctx *c, nv_tok_kind k, const char *what)
{
    const nv_token *t = nv_peek(c);
    if (t->kind == k) {
        nv_next(c);
        return true;
    }
    if (t->kind == NV_TOK_INVALID)
        return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
    if (t->kind == NV_TOK_END)
        return nv_error(c, t->offset, "expected %s, found the end of the program", what ? what : tok_kind_name(k));
    return nv_error(c, t->offset, "expected %s, found '%.*s'", what ? what : tok_kind_name(k),
                    (int)(t->len > 40 ? 40 : t->len), c->src + t->offset);
}

bool nv_expect_word(nv_parse_ctx *c, const char *s)
{
    if (nv_at_word(c, s)) {
        nv_next(c);
        return true;
    }
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_END)
        return nv_error(c, t->offset, "expected '%s', found the end of the program", s);
    return nv_error(c, t->offset, "expected '%s', found '%.*s'", s,
                    (int)(t->len > 40 ? 40 : t->len), c->src + t->offset);
}

bool nv_error(nv_parse_ctx *c, size_t offset, const char *fmt, ...)
{
    if (!c->failed) {
        va_list ap;
        va_start(ap, fmt);
        nvgp_diag_vreport(c->diag, NVGP_SEVERITY_ERROR, offset, fmt, ap);
        va_end(ap);
        c->failed = true;
    }
    return false;
}

bool nv_error_at_end(nv_parse_ctx *c, const char *fmt, ...)
{
    if (!c->failed) {
        va_list ap;
        va_start(ap, fmt);
        nvgp_diag_vreport(c->diag, NVGP_SEVERITY_ERROR, c->len, fmt, ap);
        va_end(ap);
        c->failed = true;
    }
    return false;
}

void *nv_alloc(nv_parse_ctx *c, size_t size)
{
    void *p = nvgp_arena_alloc(&c->prog->arena, size ? size : 1);
    if (!p)
        nv_error(c, nv_peek(c)->offset, "out of memory");
    return p;
}

/* Grows an arena array (the old block stays in the arena until the end).
 * The new block is not zeroed: the nv_add_* functions fill each element as
 * they hand it out. */
static void *grow(nv_parse_ctx *c, void *old, uint32_t count, uint32_t *cap, size_t elem)
{
    if (count < *cap)
        return old;
    uint32_t ncap = *cap ? *cap * 2 : 16;
    void *p = nvgp_arena_alloc_uninit(&c->prog->arena, (size_t)ncap * elem);
    if (!p) {
        nv_error(c, nv_peek(c)->offset, "out of memory");
        return NULL;
    }
    if (old)
        memcpy(p, old, (size_t)count * elem);
    *cap = ncap;
    return p;
}

static uint32_t hash_name(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

bool nv_name_find(const nv_parse_ctx *c, const char *s, size_t len, uint32_t *value, uint8_t *what)
{
    if (nv_name_lookup(c, s, len, NV_NAME_VAR, value)) {
        if (what)
            *what = NV_NAME_VAR;
        return true;
    }
    if (nv_name_lookup(c, s, len, NV_NAME_LABEL, value)) {
        if (what)
            *what = NV_NAME_LABEL;
        return true;
    }
    return false;
}

bool nv_name_lookup(const nv_parse_ctx *c, const char *s, size_t len, uint8_t what, uint32_t *value)
{
    if (!c->names_cap)
        return false;
    uint32_t h = hash_name(s, len);
    for (uint32_t i = h & (c->names_cap - 1);; i = (i + 1) & (c->names_cap - 1)) {
        const nv_name_entry *e = &c->names[i];
        if (!e->name)
            return false;
        if (e->hash == h && e->what == what && e->len == len && memcmp(e->name, s, len) == 0) {
            if (value)
                *value = e->value;
            return true;
        }
    }
}

bool nv_name_add(nv_parse_ctx *c, const char *s, size_t len, uint32_t value, uint8_t what, uint32_t offset)
{
    if ((c->names_count + 1) * 2 > c->names_cap) {
        uint32_t ncap = c->names_cap ? c->names_cap * 2 : 64;
        nv_name_entry *n = nvgp_arena_alloc(&c->prog->arena, (size_t)ncap * sizeof *n);
        if (!n)
            return nv_error(c, offset, "out of memory");
        for (uint32_t i = 0; i < c->names_cap; i++) {
            nv_name_entry *e = &c->names[i];
            if (!e->name)
                continue;
            uint32_t j = e->hash & (ncap - 1);
            while (n[j].name)
                j = (j + 1) & (ncap - 1);
            n[j] = *e;
        }
        c->names = n;
        c->names_cap = ncap;
    }
    uint32_t h = hash_name(s, len);
    uint32_t j = h & (c->names_cap - 1);
    while (c->names[j].name)
        j = (j + 1) & (c->names_cap - 1);
    char *copy = nvgp_arena_strndup(&c->prog->arena, s, len);
    if (!copy)
        return nv_error(c, offset, "out of memory");
    c->names[j] = (nv_name_entry){copy, (uint32_t)len, h, value, what};
    c->names_count++;
    return true;
}

nv_var *nv_add_var(nv_parse_ctx *c, const char *name, size_t len, nv_var_kind kind, uint32_t offset, uint32_t *index)
{
    nv_program *p = c->prog;
    nv_var *v = grow(c, p->vars, p->nvars, &c->cap_vars, sizeof *v);
    if (!v)
        return NULL;
    p->vars = v;
    uint32_t i = p->nvars;
    if (name && !nv_name_add(c, name, len, i, NV_NAME_VAR, offset))
        return NULL;
    p->nvars++;
    v = &p->vars[i];
    memset(v, 0, sizeof *v);
    v->name = name ? nvgp_arena_strndup(&p->arena, name, len) : "";
    v->kind = (uint8_t)kind;
    v->offset = offset;
    v->alias_of = NV_VAR_NONE;
    if (index)
        *index = i;
    return v;
}

nv_inst *nv_add_inst(nv_parse_ctx *c, nv_opcode op, uint32_t offset)
{
    nv_program *p = c->prog;
    nv_inst *v = grow(c, p->insts, p->ninsts, &c->cap_insts, sizeof *v);
    if (!v)
        return NULL;
    p->insts = v;
    v = &p->insts[p->ninsts++];
    memset(v, 0, sizeof *v);
    v->op = (uint16_t)op;
    v->offset = offset;
    v->label = NV_VAR_NONE;
    v->block = NV_VAR_NONE;
    v->dst.var = NV_VAR_NONE;
    v->tex.var = NV_VAR_NONE;
    for (int i = 0; i < 4; i++) {
        v->src[i].var = NV_VAR_NONE;
        for (int k = 0; k < 4; k++)
            v->src[i].swizzle[k] = (uint8_t)k;
    }
    return v;
}

nv_label *nv_add_label(nv_parse_ctx *c, const char *name, size_t len, uint32_t offset, uint32_t *index)
{
    nv_program *p = c->prog;
    nv_label *v = grow(c, p->labels, p->nlabels, &c->cap_labels, sizeof *v);
    if (!v)
        return NULL;
    p->labels = v;
    uint32_t i = p->nlabels;
    if (!nv_name_add(c, name, len, i, NV_NAME_LABEL, offset))
        return NULL;
    p->nlabels++;
    v = &p->labels[i];
    memset(v, 0, sizeof *v);
    v->name = nvgp_arena_strndup(&p->arena, name, len);
    v->inst = NV_VAR_NONE;
    v->offset = offset;
    v->subroutine_num = -1;
    if (index)
        *index = i;
    return v;
}

nv_const *nv_add_const(nv_parse_ctx *c, uint32_t *index)
{
    nv_program *p = c->prog;
    nv_const *v = grow(c, p->consts, p->nconsts, &c->cap_consts, sizeof *v);
    if (!v)
        return NULL;
    p->consts = v;
    uint32_t i = p->nconsts++;
    memset(&p->consts[i], 0, sizeof p->consts[i]);
    if (index)
        *index = i;
    return &p->consts[i];
}
