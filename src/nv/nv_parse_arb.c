/* Parser and validator of the ARB-grammar languages: ARBvp1.0 and ARBfp1.0
 * (ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2, with the options
 * of NV_vertex_program2_option, NV_vertex_program3,
 * NV_fragment_program_option, NV_fragment_program2) and the NV_gpu_program4/5
 * languages (NV_gpu_program4 2.X.2 and the per-type and option extensions).
 * Every per-opcode fact comes from the nv_opcodes.def row; bindings come
 * from nv_bind.c.  Checks needing the whole program (undefined labels,
 * resource limits, required declarations) report at the program's length. */
#include "nv/nv_arb.h"
#include "nv/nv_arb_opt.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>


/* ---- small helpers -------------------------------------------------------- */

bool arb_tok_word(const arb *a, const nv_token *t, const char *s)
{
    return t->kind == NV_TOK_IDENT && nvgp_nv_tok_is(a->c->src, t, s);
}

/* Reserved keywords besides the language's own opcodes (ARB_vertex_program
 * 2.14.2, ARB_fragment_program 3.11.2, NV_gpu_program4 2.X.2): each
 * language reserves only its own words, so an ARBfp1.0 program may name a
 * temporary ADDRESS, ARL or vertex. */
static const char *const reserved_vp[] = {"ADDRESS", "ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM",
                                          "TEMP", "program", "result", "state", "vertex", NULL};
static const char *const reserved_fp[] = {"ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM", "TEMP",
                                          "fragment", "program", "result", "state", "texture", NULL};
static const char *const reserved_nv[] = {
    "ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM", "TEMP", "fragment", "program", "result",
    "state", "texture", "vertex", "primitive", "BUFFER", "BUFFER4", "CBUFFER", "TEXTURE", "IMAGE",
    "SHARED", "SHORT", "LONG", "INT", "UINT", "FLOAT", "FLAT", "CENTROID", "NOPERSPECTIVE", "SAMPLE",
    "PRIMITIVE_IN", "PRIMITIVE_OUT", "VERTICES_OUT", "INVOCATIONS", "GROUP_SIZE", "SHARED_MEMORY",
    "TESS_MODE", "TESS_SPACING", "TESS_VERTEX_ORDER", "TESS_POINT_MODE", "invocation", "STORAGE",
    "COUNTER", "SUBROUTINE", "SUBROUTINETYPE", "SUBROUTINENUM", NULL};


bool arb_split_opcode(const char *s, size_t len, opsuffix *o)
{
    memset(o, 0, sizeof *o);
    o->op = nvgp_nv_opcode_lookup(s, len);
    if (o->op >= 0)
        return true;
    if (len > 5 && memcmp(s + len - 5, "_SSAT", 5) == 0) {
        o->sat = NV_SAT_SSAT;
        len -= 5;
    } else if (len > 4 && memcmp(s + len - 4, "_SAT", 4) == 0) {
        o->sat = NV_SAT_SAT;
        len -= 4;
    }
    if ((o->op = nvgp_nv_opcode_lookup(s, len)) >= 0)
        return true;
    if (len > 2 && s[len - 2] == 'C' && (s[len - 1] == '0' || s[len - 1] == '1')) {
        int op = nvgp_nv_opcode_lookup(s, len - 2);
        if (op >= 0 || (len > 3 && strchr("RHX", s[len - 3]) && nvgp_nv_opcode_lookup(s, len - 3) >= 0)) {
            o->cc = s[len - 1] == '0' ? 1 : 2;
            len -= 2;
        }
    } else if (len > 1 && s[len - 1] == 'C') {
        int op = nvgp_nv_opcode_lookup(s, len - 1);
        if (op >= 0 || (len > 2 && strchr("RHX", s[len - 2]) && nvgp_nv_opcode_lookup(s, len - 2) >= 0)) {
            o->cc = 1;
            len -= 1;
        }
    }
    if ((o->op = nvgp_nv_opcode_lookup(s, len)) >= 0)
        return true;
    if (len > 1 && strchr("RHX", s[len - 1])) {
        o->prec = s[len - 1] == 'R' ? NV_PREC_R : s[len - 1] == 'H' ? NV_PREC_H : NV_PREC_X;
        len -= 1;
    }
    o->op = nvgp_nv_opcode_lookup(s, len);
    return o->op >= 0;
}

/* Whether the identifier is reserved in this language. */
static bool is_reserved(const arb *a, const nv_token *t)
{
    const char *s = a->c->src + t->offset;
    const char *const *words = a->nv ? reserved_nv : a->arbvp ? reserved_vp : reserved_fp;
    for (size_t i = 0; words[i]; i++)
        if (nvgp_nv_tok_is(a->c->src, t, words[i]))
            return true;
    opsuffix o;
    if (arb_split_opcode(s, t->len, &o) && arb_op_available(a, o.op))
        return true;
    return false;
}

bool arb_op_available(const arb *a, int op)
{
    const nv_opcode_info *i = nvgp_nv_opcode_info((nv_opcode)op);
    if (a->nv) {
        if (!i->isa || (i->isa > 40 && !a->nv5))
            return false;
        if (!(i->prog & a->ptype))
            return false;
        return true;
    }
    return (i->langs & a->langs) != 0;
}

bool arb_op_option_ok(const arb *a, int op)
{
    const nv_opcode_info *i = nvgp_nv_opcode_info((nv_opcode)op);
    if (!a->nv || i->option == NV_OPTION_NONE)
        return true;
    const nv_option_info *oi = nvgp_nv_option_info((nv_option)i->option);
    if (oi->implied & NV_HB(a->hdr))
        return true;
    if (nv_program_has_option(a->c->prog, (nv_option)i->option))
        return true;
    if (i->option == NV_OPTION_NV_explicit_multisample &&
        nv_program_has_option(a->c->prog, NV_OPTION_NV_texture_multisample))
        return true;
    return false;
}

/* ---- options and declarations ---------------------------------------------- */

static bool parse_option(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* OPTION */
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected an option name");
    nv_option o = nvgp_nv_option_lookup(c->src + t->offset, t->len);
    if (o == NV_OPTION_NONE || !(nvgp_nv_option_info(o)->headers & NV_HB(a->hdr)))
        return nv_error(c, t->offset, "option '%.*s' is not supported by this program type",
                        (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
    c->prog->options |= (uint64_t)1 << o;
    nv_next(c);
    if (!nv_expect(c, NV_TOK_SEMI, "';' after the option name"))
        return false;
    /* Mutually exclusive options (ARB_fragment_program 3.11.4.5). */
    uint64_t opts = c->prog->options;
    int fogs = !!(opts & ((uint64_t)1 << NV_OPTION_ARB_fog_exp)) + !!(opts & ((uint64_t)1 << NV_OPTION_ARB_fog_exp2)) +
               !!(opts & ((uint64_t)1 << NV_OPTION_ARB_fog_linear));
    if (fogs > 1)
        return nv_error(c, t->offset, "more than one of the fog options ARB_fog_exp, ARB_fog_exp2 and ARB_fog_linear");
    if ((opts & ((uint64_t)1 << NV_OPTION_ARB_precision_hint_fastest)) &&
        (opts & ((uint64_t)1 << NV_OPTION_ARB_precision_hint_nicest)))
        return nv_error(c, t->offset, "both ARB_precision_hint_fastest and ARB_precision_hint_nicest");
    return true;
}

/* Checks a new name: not reserved, not declared. */
bool arb_check_new_name(arb *a, const nv_token *t)
{
    nv_parse_ctx *c = a->c;
    if (t->kind != NV_TOK_IDENT)
        return nv_error(c, t->offset, "expected a name");
    if (is_reserved(a, t))
        return nv_error(c, t->offset, "'%.*s' is a reserved word", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
    if (nv_name_lookup(c, c->src + t->offset, t->len, NV_NAME_VAR, NULL))
        return nv_error(c, t->offset, "'%.*s' is already declared", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
    return true;
}

bool arb_parse_int(arb *a, long long *v, bool allow_sign)
{
    nv_parse_ctx *c = a->c;
    bool neg = false;
    if (allow_sign && (nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS))) {
        neg = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
    }
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_NUMBER || t->is_float)
        return nv_error_here(c, "expected an integer");
    if (t->overflow || t->ival > 0x7fffffffu)
        return nv_error_here(c, "integer too large");
    *v = neg ? -(long long)t->ival : (long long)t->ival;
    nv_next(c);
    return true;
}

/* Signed number (float or int) into a double; records whether it was an
 * integer, its 32-bit word and, for integers, its exact 64-bit value (two's
 * complement when negated) and whether it needed more than 64 bits. */
static bool parse_signed_number(arb *a, double *v, uint32_t *bits, uint64_t *bits64, bool *over, bool *is_int)
{
    nv_parse_ctx *c = a->c;
    bool neg = false;
    if (nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS)) {
        neg = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
    }
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_NUMBER)
        return nv_error_here(c, "expected a number");
    if (t->is_hex && !a->nv)
        return nv_error_here(c, "hexadecimal constants are not allowed in this program type");
    *v = neg ? -t->fval : t->fval;
    *is_int = !t->is_float;
    *bits64 = t->is_float ? 0 : neg ? 0u - t->ival : t->ival;
    *over = !t->is_float && t->overflow;
    if (t->is_hex) {
        uint32_t u = (uint32_t)t->ival;
        *bits = neg ? (uint32_t)(0u - u) : u;
    } else if (!t->is_float) {
        int64_t iv = (int64_t)t->ival;
        *bits = (uint32_t)(neg ? -iv : iv);
    } else {
        float f = (float)*v;
        memcpy(bits, &f, 4);
    }
    nv_next(c);
    return true;
}

/* "{ a, b, c, d }" or a scalar; fills a constant.  Returns its index. */
bool arb_parse_constant(arb *a, uint32_t *index, uint8_t *ncomp, bool allow_scalar_sign)
{
    nv_parse_ctx *c = a->c;
    nv_const *k = nv_add_const(c, index);
    if (!k)
        return false;
    uint32_t idx = *index;
    double vals[4] = {0, 0, 0, 1};
    uint32_t bits[4] = {0, 0, 0, 0x3f800000u};
    uint64_t bits64[4] = {0, 0, 0, 1};
    bool over[4] = {false, false, false, false};
    bool all_int = true;
    int n = 0;
    bool braced = nv_at(c, NV_TOK_LBRACE);
    if (braced) {
        nv_next(c);
        for (;;) {
            bool is_int;
            if (n == 4)
                return nv_error_here(c, "a constant vector has at most four components");
            if (!parse_signed_number(a, &vals[n], &bits[n], &bits64[n], &over[n], &is_int))
                return false;
            all_int &= is_int;
            n++;
            if (nv_at(c, NV_TOK_COMMA)) {
                nv_next(c);
                continue;
            }
            break;
        }
        if (!nv_expect(c, NV_TOK_RBRACE, "'}'"))
            return false;
    } else {
        (void)allow_scalar_sign;
        bool is_int;
        if (!parse_signed_number(a, &vals[0], &bits[0], &bits64[0], &over[0], &is_int))
            return false;
        all_int = is_int;
        n = 1;
        for (int i = 1; i < 4; i++)
            vals[i] = vals[0], bits[i] = bits[0], bits64[i] = bits64[0], over[i] = over[0];
    }
    k = &c->prog->consts[idx];
    for (int i = 0; i < 4; i++) {
        k->d[i] = vals[i];
        if (all_int) {
            k->bits64[i] = bits64[i];
            k->overflow |= over[i];
        }
        if (all_int && n > 0 && a->nv) {
            k->v.u[i] = bits[i];
        } else {
            float f = (float)vals[i];
            memcpy(&k->v.u[i], &f, 4);
        }
    }
    if (all_int && a->nv && n < 4 && braced) {
        /* Integer vectors fill missing components with 0 and w with 1. */
        for (int i = n; i < 4; i++)
            k->v.u[i] = i == 3 ? 1u : 0u;
    }
    k->ncomp = (uint8_t)n;
    k->is_int = all_int;
    k->scalar = !braced;
    if (ncomp)
        *ncomp = (uint8_t)n;
    return true;
}

static bool parse_var_mods(arb *a, uint16_t *mods)
{
    nv_parse_ctx *c = a->c;
    static const struct { const char *w; uint16_t bit; uint8_t cls; } table[] = {
        {"SHORT", NV_VMOD_SHORT, 1}, {"LONG", NV_VMOD_LONG, 1},
        {"INT", NV_VMOD_INT, 2}, {"UINT", NV_VMOD_UINT, 2}, {"FLOAT", NV_VMOD_FLOAT, 2},
        {"FLAT", NV_VMOD_FLAT, 3}, {"CENTROID", NV_VMOD_CENTROID, 4},
        {"NOPERSPECTIVE", NV_VMOD_NOPERSPECTIVE, 5}, {"SAMPLE", NV_VMOD_SAMPLE, 4},
        {"PATCH", NV_VMOD_PATCH, 6}};
    *mods = 0;
    /* NV_fragment_program_option adds SHORT/LONG to ARBfp1.0. */
    bool arb_sizes = a->arbfp && (a->langs & NV_L_ARBFP_NV);
    while ((a->nv || arb_sizes) && nv_at(c, NV_TOK_IDENT)) {
        const nv_token *t = nv_peek(c);
        int hit = -1;
        for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
            if (nvgp_nv_tok_is(c->src, t, table[i].w))
                hit = (int)i;
        if (hit < 0 || (!a->nv && table[hit].cls != 1))
            break;
        uint16_t same = 0;
        for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
            if (table[i].cls == table[hit].cls)
                same |= table[i].bit;
        if (*mods & table[hit].bit)
            return nv_error(c, t->offset, "modifier %s given twice", table[hit].w);
        if (*mods & same)
            return nv_error(c, t->offset, "more than one %s modifier",
                            table[hit].cls == 1 ? "size" : table[hit].cls == 2 ? "type" : "interpolation");
        if (table[hit].cls >= 3 && !(a->ptype & NV_PT_F))
            return nv_error(c, t->offset, "interpolation modifiers are allowed only in fragment programs");
        if (table[hit].bit == NV_VMOD_SAMPLE && !a->nv5)
            return nv_error(c, t->offset, "SAMPLE needs a 5.0 program");
        *mods |= table[hit].bit;
        nv_next(c);
    }
    return true;
}

/* "[n]" or "[]" after a declared name; *size = 0 for "[]". */
bool arb_parse_decl_array(arb *a, bool *is_array, uint32_t *size)
{
    nv_parse_ctx *c = a->c;
    *is_array = false;
    *size = 0;
    if (!nv_at(c, NV_TOK_LBRACKET))
        return true;
    nv_next(c);
    *is_array = true;
    if (nv_at(c, NV_TOK_RBRACKET)) {
        nv_next(c);
        return true;
    }
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_NUMBER || t->is_float)
        return nv_error_here(c, "expected an array size");
    if (t->overflow || t->ival == 0 || t->ival > (1u << 20))
        return nv_error_here(c, "invalid array size");
    *size = (uint32_t)t->ival;
    nv_next(c);
    return nv_expect(c, NV_TOK_RBRACKET, "']'");
}

bool arb_parse_decl_head(arb *a, unsigned flags, arb_decl_head *h)
{
    nv_parse_ctx *c = a->c;
    h->name = nv_peek(c);
    h->is_array = false;
    h->size = 0;
    if (!arb_check_new_name(a, h->name))
        return false;
    nv_next(c);
    h->size_off = nv_peek(c)->offset;
    if ((flags & ARB_DECL_ARRAY) && !arb_parse_decl_array(a, &h->is_array, &h->size))
        return false;
    if (flags & ARB_DECL_EQUALS)
        return nv_expect(c, NV_TOK_EQUALS, "'='");
    if ((flags & ARB_DECL_EQUALS_OPTIONAL) && nv_at(c, NV_TOK_EQUALS))
        nv_next(c);
    return true;
}

nv_var *arb_add_decl_var(arb *a, const arb_decl_head *h, nv_var_kind kind)
{
    nv_parse_ctx *c = a->c;
    return nv_add_var(c, c->src + h->name->offset, h->name->len, kind, h->name->offset, NULL);
}

nv_binding *arb_one_binding(arb *a, nv_var *v)
{
    v->nbindings = 1;
    v->bindings = nv_alloc(a->c, sizeof *v->bindings);
    return v->bindings;
}

static bool parse_temp_like(arb *a, nv_var_kind kind, uint16_t mods)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* TEMP / ADDRESS / SHARED */
    for (;;) {
        arb_decl_head h;
        if (!arb_parse_decl_head(a, a->nv && kind != NV_VAR_ADDRESS ? ARB_DECL_ARRAY : 0, &h))
            return false;
        if (h.is_array && !h.size)
            return nv_error_here(c, "a temporary array needs a size");
        nv_var *v = arb_add_decl_var(a, &h, kind);
        if (!v)
            return false;
        v->mods = mods;
        v->is_array = h.is_array;
        v->array_size = h.size;
        if (kind == NV_VAR_TEMP)
            a->ntemps += h.is_array ? h.size : 1;
        else if (kind == NV_VAR_ADDRESS)
            a->naddr++;
        if (!nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    return true;
}

/* Marks ARBvp attribute aliasing (ARB_vertex_program 2.14.3.1 Table X.2). */
bool arb_note_attrib(arb *a, const nv_binding *b)
{
    if (!a->arbvp || b->kind != NV_BIND_ATTRIB)
        return true;
    int slot = -1;
    bool generic = false;
    const char *n = b->name;
    if (!strncmp(n, "vertex.attrib[", 14)) {
        generic = true;
        slot = b->index;
    } else if (!strcmp(n, "vertex.position")) {
        slot = 0;
    } else if (!strncmp(n, "vertex.weight", 13)) {
        slot = 1;
    } else if (!strcmp(n, "vertex.normal")) {
        slot = 2;
    } else if (!strcmp(n, "vertex.color") || !strcmp(n, "vertex.color.primary")) {
        slot = 3;
    } else if (!strcmp(n, "vertex.color.secondary")) {
        slot = 4;
    } else if (!strcmp(n, "vertex.fogcoord")) {
        slot = 5;
    } else if (!strncmp(n, "vertex.texcoord", 15)) {
        slot = 8 + b->index;
    }
    if (slot < 0 || slot >= 32)
        return true;
    uint32_t bit = 1u << slot;
    if (generic) {
        if ((a->attrib_conv & bit) && slot != 0)
            return nv_error(a->c, b->offset, "binds both a conventional attribute and generic attribute %d", slot);
        if (!(a->attrib_generic & bit))
            a->attrib_gen_off[slot] = b->offset;
        a->attrib_generic |= bit;
    } else {
        if ((a->attrib_generic & bit) && slot != 0)
            return nv_error(a->c, b->offset, "binds both generic attribute %d and the conventional attribute aliasing it", slot);
        a->attrib_conv |= bit;
    }
    return true;
}

/* NV_fragment_program4 2.X.3.2: a fragment program fails to load "if
 * multiple attribute variables with different interpolation modifiers are
 * bound to the same fragment attribute, or if one variable is bound to the
 * fragment's primary color and a second variable with different
 * interpolation modifiers is bound the the fragment's secondary color".
 * Checks the bindings of a new ATTRIB declaration against earlier ones. */
static bool check_interpolation(arb *a, uint16_t mods, const nv_binding *list, uint32_t nb)
{
    const uint16_t interp_bits = NV_VMOD_FLAT | NV_VMOD_CENTROID | NV_VMOD_NOPERSPECTIVE | NV_VMOD_SAMPLE;
    const nv_program *p = a->c->prog;
    for (uint32_t b = 0; b < nb; b++) {
        nv_var one;
        memset(&one, 0, sizeof one);
        one.kind = NV_VAR_ATTRIB;
        one.nbindings = 1;
        one.bindings = (nv_binding *)&list[b];
        bool color = !strncmp(list[b].name, "fragment.color", 14);
        for (uint32_t i = 0; i < p->nvars; i++) {
            const nv_var *w = &p->vars[i];
            if (w->kind != NV_VAR_ATTRIB || !w->name || (w->mods & interp_bits) == (mods & interp_bits))
                continue;
            bool w_color = w->nbindings && !strncmp(w->bindings[0].name, "fragment.color", 14);
            if ((color && w_color) || arb_vars_share_binding(&one, w))
                return nv_error(a->c, list[b].offset, "%s is also bound to '%s' with different interpolation modifiers",
                                list[b].name, w->name);
        }
    }
    return true;
}

/* ATTRIB/OUTPUT name[size] = binding | { binding, ... } (NV_gpu_program4
 * 2.X.3.2/2.X.3.5: arrays of attribute and result bindings). */
static bool parse_io_decl(arb *a, uint16_t mods, bool output)
{
    nv_parse_ctx *c = a->c;
    unsigned want = output ? NV_BWANT_RESULT : NV_BWANT_ATTRIB;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, (a->nv ? ARB_DECL_ARRAY : 0) | ARB_DECL_EQUALS, &h))
        return false;
    if (!h.is_array && arb_at_vp3_relative(a, output)) {
        /* NV_vertex_program3: <attribUseD> ::= <attribBasic>, which now
         * includes "vertex.texcoord[A0.x + n]" (<resultUseD> alike) */
        nv_binding *b = nv_alloc(c, sizeof *b);
        int32_t index;
        nv_rel rel;
        if (!b || !arb_parse_vp3_relative(a, output, b, &index, &rel))
            return false;
        nv_var *v = arb_add_decl_var(a, &h, output ? NV_VAR_OUTPUT : NV_VAR_ATTRIB);
        if (!v)
            return false;
        v->mods = mods;
        v->is_array = true;
        v->array_size = b->count;
        v->nbindings = 1;
        v->bindings = b;
        v->rel_binding = true;
        v->rel = rel;
        v->rel_offset = index;
        return true;
    }
    bool braces = h.is_array && nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    nv_binding *list = NULL;
    uint32_t nb = 0, cap = 0, total = 0;
    for (;;) {
        if (!nv_bind_starts(c, want))
            return nv_error_here(c, output ? "expected a result binding" : "expected an attribute binding");
        if (nb == cap) {
            cap = cap ? cap * 2 : 4;
            nv_binding *nl = nv_alloc(c, cap * sizeof *nl);
            if (!nl)
                return false;
            if (list)
                memcpy(nl, list, nb * sizeof *nl);
            list = nl;
        }
        nv_binding *b = &list[nb];
        if (!nv_bind_parse(c, want, braces ? NV_BCTX_MULTI : NV_BCTX_SINGLE, b))
            return false;
        if (b->count > 1 && !h.is_array)
            return nv_error(c, b->offset, "a range of bindings needs an array variable");
        if (!output && !arb_note_attrib(a, b))
            return false;
        if (!output && (mods & (NV_VMOD_FLAT | NV_VMOD_CENTROID | NV_VMOD_NOPERSPECTIVE | NV_VMOD_SAMPLE)) &&
            (!strcmp(b->name, "fragment.position") || !strcmp(b->name, "fragment.facing") ||
             !strcmp(b->name, "fragment.fogcoord") || !strncmp(b->name, "fragment.clip", 13)))
            return nv_error(c, b->offset, "interpolation modifiers cannot apply to %s", b->name);
        total += b->count;
        nb++;
        if (!braces || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    if (h.is_array && h.size && h.size != total)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bindings", h.size, total);
    if (!output && a->nv && (a->ptype & NV_PT_F) && !check_interpolation(a, mods, list, nb))
        return false;
    nv_var *v = arb_add_decl_var(a, &h, output ? NV_VAR_OUTPUT : NV_VAR_ATTRIB);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = h.is_array;
    v->array_size = total;
    v->nbindings = nb;
    v->bindings = list;
    /* Geometry and tessellation programs: a per-vertex attribute declared
     * without a vertex number is an array over the input vertices
     * (NV_geometry_program4 2.X.3.2).  vertex.tesscoord is not: it is "an
     * attribute of the vertex being processed by a tessellation evaluation
     * program" (NV_tessellation_program5 2.X.3.2), one value per invocation. */
    if (!output && (a->ptype & (NV_PT_G | NV_PT_TC | NV_PT_TE)) && !strncmp(list[0].name, "vertex.", 7) &&
        strcmp(list[0].name, "vertex.tesscoord") != 0) {
        /* "If such a variable is declared an array, it must have a second
         * array index to identify the individual array element." */
        v->elements = h.is_array ? total : 0;
        v->is_array = true;
        v->array_size = 0;
    }
    return true;
}

/* One element of a PARAM initializer. */
static bool parse_param_item(arb *a, nv_bind_ctx ctx, nv_binding *b)
{
    nv_parse_ctx *c = a->c;
    memset(b, 0, sizeof *b);
    if (nv_bind_starts(c, NV_BWANT_PARAM)) {
        if (!nv_bind_parse(c, NV_BWANT_PARAM, ctx, b))
            return false;
        if (b->kind == NV_BIND_BUFFER)
            return nv_error(c, b->offset, "program.buffer bindings are allowed only in BUFFER declarations");
        return true;
    }
    b->offset = nv_peek(c)->offset;
    if (!(nv_at(c, NV_TOK_LBRACE) || nv_at(c, NV_TOK_NUMBER) || nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS)))
        return nv_error_here(c, "expected a parameter binding or a constant");
    uint8_t ncomp;
    if (!arb_parse_constant(a, &b->konst, &ncomp, true))
        return false;
    b->kind = NV_BIND_CONST;
    b->count = 1;
    b->components = 4;
    b->name = "";
    return true;
}

static bool parse_param_decl(arb *a, uint16_t mods)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS, &h))
        return false;
    nv_binding *list = NULL;
    uint32_t nb = 0, cap = 0, total = 0;
    if (!h.is_array) {
        list = nv_alloc(c, sizeof *list);
        if (!list || !parse_param_item(a, NV_BCTX_SINGLE, list))
            return false;
        nb = 1;
        total = 1;
    } else {
        if (!nv_expect(c, NV_TOK_LBRACE, "'{' starting the parameter list"))
            return false;
        for (;;) {
            if (nb == cap) {
                cap = cap ? cap * 2 : 8;
                nv_binding *nl = nv_alloc(c, cap * sizeof *nl);
                if (!nl)
                    return false;
                if (list)
                    memcpy(nl, list, nb * sizeof *nl);
                list = nl;
            }
            if (!parse_param_item(a, NV_BCTX_MULTI, &list[nb]))
                return false;
            total += list[nb].count;
            nb++;
            if (!nv_at(c, NV_TOK_COMMA))
                break;
            nv_next(c);
        }
        if (!nv_expect(c, NV_TOK_RBRACE, "'}'"))
            return false;
        if (h.size && h.size != total)
            return nv_error(c, h.size_off + 1, "array size %u does not match the %u parameters in its list", h.size,
                            total);
    }
    nv_var *v = arb_add_decl_var(a, &h, NV_VAR_PARAM);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = h.is_array;
    v->array_size = total;
    v->nbindings = nb;
    v->bindings = list;
    return true;
}

static bool parse_alias(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_EQUALS, &h))
        return false;
    const nv_token *t = nv_peek(c);
    uint32_t target;
    if (t->kind != NV_TOK_IDENT || !nv_name_lookup(c, c->src + t->offset, t->len, NV_NAME_VAR, &target))
        return nv_error(c, t->offset, "ALIAS needs a declared variable");
    nv_next(c);
    while (c->prog->vars[target].kind == NV_VAR_ALIAS)
        target = c->prog->vars[target].alias_of;
    nv_var *v = arb_add_decl_var(a, &h, NV_VAR_ALIAS);
    if (!v)
        return false;
    v->alias_of = target;
    return true;
}

/* Elements of one parameter buffer binding point a BUFFER, BUFFER4 or
 * CBUFFER variable can reach.  MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV counts
 * words (NV_parameter_buffer_object: "the maximum number of words of a buffer
 * object that can be accessed using any single parameter buffer binding
 * point"); a BUFFER element is one word, a BUFFER4 element four, and a
 * CBUFFER element one byte (NV_parameter_buffer_object2; LDC reads below
 * 4*<n> basic machine units). */
long arb_buffer_elements(nv_var_kind kind)
{
    return kind == NV_VAR_BUFFER4   ? NV_LIMIT_PARAMETER_BUFFER_SIZE / 4
           : kind == NV_VAR_CBUFFER ? NV_LIMIT_PARAMETER_BUFFER_SIZE * 4L
                                    : NV_LIMIT_PARAMETER_BUFFER_SIZE;
}

static bool parse_buffer_decl(arb *a, nv_var_kind kind, uint16_t mods)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS, &h))
        return false;
    nv_binding b;
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    if (!arb_tok_word(a, nv_peek(c), "program"))
        return nv_error_here(c, "expected a program.buffer binding");
    long elements = arb_buffer_elements(kind);
    c->buffer_elements = (int32_t)elements;
    bool bound = nv_bind_parse(c, NV_BWANT_BUFFER, NV_BCTX_MULTI, &b);
    c->buffer_elements = 0;
    if (!bound)
        return false;
    if (b.kind != NV_BIND_BUFFER)
        return nv_error(c, b.offset, "expected a program.buffer binding");
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    /* "program.buffer[a]" binds the whole buffer: its size is not known. */
    bool whole = strchr(strchr(b.name, '[') + 1, '[') == NULL;
    uint32_t points = b.points > 1 ? b.points : 1;
    if (h.size && !whole && h.size != b.count)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bound elements", h.size, b.count);
    /* A declared size over a whole binding point cannot exceed what the
     * binding point holds (MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV; see
     * docs/spec-decisions.md). */
    if (h.size && whole && h.size > (uint32_t)elements)
        return nv_error(c, h.size_off + 1, "array size %u exceeds the %ld elements of a parameter buffer binding",
                        h.size, elements);
    /* BUFFER and BUFFER4 on one binding point (NV_gpu_program4 2.X.3.6). */
    for (uint32_t i = 0; i < c->prog->nvars; i++) {
        const nv_var *o = &c->prog->vars[i];
        if (!((o->kind == NV_VAR_BUFFER || o->kind == NV_VAR_BUFFER4) && o->kind != kind &&
              (kind == NV_VAR_BUFFER || kind == NV_VAR_BUFFER4) && o->nbindings))
            continue;
        int32_t lo = o->bindings[0].index, n = o->bindings[0].points > 1 ? (int32_t)o->bindings[0].points : 1;
        for (int32_t p = b.index; p < b.index + (int32_t)points; p++)
            if (p >= lo && p < lo + n)
                return nv_error(c, b.offset, "BUFFER and BUFFER4 variables use the same binding point %d", p);
    }
    nv_var *v = arb_add_decl_var(a, &h, kind);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = h.is_array || whole;
    v->array_size = h.size ? h.size : whole ? 0 : b.count;
    if (points > 1) {
        /* NV_gpu_program5: "the first index specifying an offset into the
         * range of buffer object binding points ... If such a variable is
         * declared as an array, a second index must be provided to identify
         * the individual array element" (a declared size counts the
         * elements of each binding point; docs/spec-decisions.md) */
        v->is_array = true;
        v->array_size = points;
        v->elements = h.is_array || whole ? (h.size ? h.size : whole ? (uint32_t)elements : b.count) : 0;
    }
    nv_binding *vb = arb_one_binding(a, v);
    if (!vb)
        return false;
    *vb = b;
    return true;
}

/* "[lo]" or, in a list, "[lo..hi]" at the current '['; each below limit. */
static bool mem_bracket(arb *a, bool range_ok, long limit, const char *what, long long *lo, long long *hi)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    uint32_t ioff = nv_peek(c)->offset;
    if (!arb_parse_int(a, lo, false))
        return false;
    *hi = *lo;
    if (nv_at(c, NV_TOK_DOTDOT)) {
        if (!range_ok)
            return nv_error_here(c, "a range is allowed only in a list");
        nv_next(c);
        if (!arb_parse_int(a, hi, false))
            return false;
    }
    if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
        return false;
    if (*lo > *hi)
        return nv_error(c, ioff, "invalid range %lld..%lld", *lo, *hi);
    if (*hi >= limit)
        return nv_error(c, ioff, "%s %lld out of range (must be less than %ld)", what, *hi, limit);
    return true;
}

/* SHARED s = program.sharedmem[n]; STORAGE b[] = { program.storage[a..b] }
 * (NV_compute_program5, NV_shader_storage_buffer_object).  STORAGE items
 * may name elements too (Table X.2 there): program.storage[a][c],
 * [a][c..d], [a..b][c], [a..b][c..d]. */
static bool parse_mem_decl(arb *a, nv_var_kind kind, const char *word, long limit)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS, &h))
        return false;
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    uint32_t total = 0, first = 0, count = 0;
    /* element form: the items' binding points and their elements */
    bool elem_form = false;
    long long pts_lo = 0, pts_hi = 0, elem_lo = 0, elem_hi = -1;
    for (;;) {
        uint32_t off = nv_peek(c)->offset;
        if (!nv_expect_word(c, "program") || !nv_expect(c, NV_TOK_DOT, "'.'") || !nv_expect_word(c, word))
            return false;
        long long lo = 0, hi = 0;
        bool has_index = nv_at(c, NV_TOK_LBRACKET);
        /* "program.sharedmem" alone names all of shared memory (yuzu writes
         * SHARED shared_mem[] = {program.sharedmem};). */
        if (!has_index && !(kind == NV_VAR_SHARED && braces))
            return nv_error_here(c, "expected '['");
        if (has_index && !mem_bracket(a, braces, limit, "binding", &lo, &hi))
            return false;
        bool has_elem = kind == NV_VAR_STORAGE && has_index && nv_at(c, NV_TOK_LBRACKET);
        if (has_elem) {
            long long e0, e1;
            if (!mem_bracket(a, braces, NV_LIMIT_STORAGE_BLOCK_SIZE, "storage element", &e0, &e1))
                return false;
            /* "all bindings assigned to the array must use the same binding
             * point(s) and must increase consecutively" */
            if (count && (!elem_form || lo != pts_lo || hi != pts_hi || e0 != elem_hi + 1))
                return nv_error(c, off, "the bindings of a storage array must use the same binding points and "
                                        "increase consecutively");
            if (!count) {
                elem_form = true;
                pts_lo = lo;
                pts_hi = hi;
                elem_lo = e0;
            }
            elem_hi = e1;
        } else if (elem_form || (kind == NV_VAR_STORAGE && count)) {
            return nv_error(c, off, "the bindings of a storage array must use the same binding points and "
                                    "increase consecutively");
        }
        if (!count)
            first = (uint32_t)lo;
        count++;
        if (has_index)
            total += (uint32_t)(hi - lo + 1);
        if (!braces || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    uint32_t points = elem_form ? (uint32_t)(pts_hi - pts_lo + 1) : kind == NV_VAR_STORAGE && count == 1 ? total : 1;
    if (kind == NV_VAR_STORAGE && !h.is_array && !elem_form && points > 1)
        return nv_error(c, h.name->offset, "a range of storage buffers needs an array variable");
    /* NV_shader_storage_buffer_object 2.X.3.Y: "program.storage[a]" in an array
     * declaration is "the entire buffer -- elements 0 through <n>-1, where <n> is
     * either the size of the array (if declared) or the implementation-dependent
     * maximum shader storage buffer object size limit"; elements are basic
     * machine units.  Over several binding points ("program.storage[a..b]")
     * the first index picks the point and a second one the element, and a
     * declared size counts the elements of each point. */
    uint32_t nelem = elem_form ? (uint32_t)(elem_hi - elem_lo + 1) : 0;
    bool whole_buffer = kind == NV_VAR_STORAGE && h.is_array && !elem_form && (total == 1 || points > 1);
    if (elem_form && h.is_array && h.size && h.size != nelem)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bound elements", h.size, nelem);
    if (h.is_array && h.size && h.size != total && kind != NV_VAR_SHARED && !whole_buffer && !elem_form)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bindings", h.size, total);
    if (whole_buffer && h.size > (uint32_t)NV_LIMIT_STORAGE_BLOCK_SIZE)
        return nv_error(c, h.size_off + 1, "array size %u exceeds the storage buffer size limit (%d)", h.size,
                        NV_LIMIT_STORAGE_BLOCK_SIZE);
    nv_var *v = arb_add_decl_var(a, &h, kind);
    if (!v)
        return false;
    v->is_array = h.is_array;
    v->array_size = whole_buffer ? h.size : h.size ? h.size : total;
    nv_binding *vb = arb_one_binding(a, v);
    if (!vb)
        return false;
    vb->kind = kind == NV_VAR_STORAGE ? NV_BIND_STORAGE : NV_BIND_OTHER;
    vb->index = (int32_t)first;
    vb->index2 = (int32_t)first;
    vb->count = total;
    vb->name = word;
    vb->offset = h.name->offset;
    if (kind == NV_VAR_STORAGE) {
        /* index: the first binding point, points of them; index2: the first
         * element; count: the elements named, 0 for whole buffers */
        vb->points = points;
        vb->index2 = elem_form ? (int32_t)elem_lo : 0;
        vb->count = nelem;
        if (points > 1) {
            v->is_array = true;
            v->array_size = points;
            v->elements = !h.is_array ? 0 : elem_form ? nelem : h.size ? h.size : (uint32_t)NV_LIMIT_STORAGE_BLOCK_SIZE;
        } else if (elem_form) {
            v->array_size = h.is_array ? nelem : 0;
        }
    }
    return true;
}

/* One "[<int>]" or, where range_ok, "[<int>..<int>]" of a counter binding. */
static bool counter_bracket(arb *a, bool range_ok, long long *lo, long long *hi, uint32_t *off)
{
    nv_parse_ctx *c = a->c;
    if (!nv_expect(c, NV_TOK_LBRACKET, "'['"))
        return false;
    *off = nv_peek(c)->offset;
    if (!arb_parse_int(a, lo, false))
        return false;
    *hi = *lo;
    if (nv_at(c, NV_TOK_DOTDOT)) {
        if (!range_ok)
            return nv_error_here(c, "a range is not allowed here");
        nv_next(c);
        if (!arb_parse_int(a, hi, false))
            return false;
        if (*hi < *lo)
            return nv_error(c, *off, "invalid range %lld..%lld", *lo, *hi);
    }
    return nv_expect(c, NV_TOK_RBRACKET, "']'");
}

/* COUNTER c = program.counter[a][b];
 * COUNTER c[n] = { program.counter[a] | program.counter[a][b] | program.counter[a][b..c], ... };
 * (NV_shader_atomic_counters <COUNTER_statement>).  A single counter names
 * one element; an array's items share one binding point and continue each
 * other ("all bindings assigned to the array must use the same binding point
 * and must increase consecutively"); "program.counter[a]" is the whole
 * buffer: the declared size, or MAX_ATOMIC_COUNTER_BUFFER_SIZE counters. */
static bool parse_counter_decl(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    /* The extension's grammar has no "=" (unlike every other declaration):
     * both spellings load (docs/spec-decisions.md). */
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS_OPTIONAL, &h))
        return false;
    if (h.is_array && !nv_expect(c, NV_TOK_LBRACE, "'{' starting the counter binding list"))
        return false;
    long long binding = -1, first = 0, next = 0;
    bool whole = false;
    uint32_t nitems = 0;
    for (;;) {
        uint32_t item_off = nv_peek(c)->offset;
        if (!nv_expect_word(c, "program") || !nv_expect(c, NV_TOK_DOT, "'.'") || !nv_expect_word(c, "counter"))
            return false;
        long long a_lo, a_hi, lo, hi;
        uint32_t a_off, e_off;
        if (!counter_bracket(a, false, &a_lo, &a_hi, &a_off))
            return false;
        if (a_lo >= NV_LIMIT_ATOMIC_COUNTER_BINDINGS)
            return nv_error(c, a_off, "counter buffer binding %lld out of range (must be less than %d)", a_lo,
                            NV_LIMIT_ATOMIC_COUNTER_BINDINGS);
        if (binding >= 0 && a_lo != binding)
            return nv_error(c, a_off, "the bindings of a counter array must use one binding point (%lld)", binding);
        bool item_whole = !nv_at(c, NV_TOK_LBRACKET);
        if (item_whole && !h.is_array)
            return nv_error_here(c, "a single counter needs an element: program.counter[a][b]");
        if (item_whole || whole) {
            if (nitems > 0)
                return nv_error(c, item_off, "program.counter[a] spans the whole buffer: it must be the only binding");
            lo = 0;
            hi = (h.size ? h.size : NV_LIMIT_ATOMIC_COUNTER_BUFFER_SIZE) - 1;
            whole = true;
        } else {
            if (!counter_bracket(a, h.is_array, &lo, &hi, &e_off))
                return false;
            if (hi >= NV_LIMIT_ATOMIC_COUNTER_BUFFER_SIZE)
                return nv_error(c, e_off, "counter %lld beyond MAX_ATOMIC_COUNTER_BUFFER_SIZE (%d counters)", hi,
                                NV_LIMIT_ATOMIC_COUNTER_BUFFER_SIZE);
            if (nitems > 0 && lo != next)
                return nv_error(c, e_off, "the bindings of a counter array must increase consecutively (expected %lld)",
                                next);
        }
        if (nitems++ == 0) {
            binding = a_lo;
            first = lo;
        }
        next = hi + 1;
        if (!h.is_array || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (h.is_array && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    uint32_t total = (uint32_t)(next - first);
    if (whole && h.size > NV_LIMIT_ATOMIC_COUNTER_BUFFER_SIZE)
        return nv_error(c, h.size_off + 1, "array size %u exceeds MAX_ATOMIC_COUNTER_BUFFER_SIZE (%d counters)", h.size,
                        NV_LIMIT_ATOMIC_COUNTER_BUFFER_SIZE);
    if (h.size && h.size != total)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bound counters", h.size, total);
    nv_var *v = arb_add_decl_var(a, &h, NV_VAR_COUNTER);
    if (!v)
        return false;
    v->is_array = h.is_array;
    v->array_size = h.is_array ? total : 0;
    nv_binding *vb = arb_one_binding(a, v);
    if (!vb)
        return false;
    vb->kind = NV_BIND_COUNTER;
    vb->index = (int32_t)binding;
    vb->index2 = (int32_t)first;
    vb->count = total;
    vb->name = "counter";
    vb->offset = h.name->offset;
    return true;
}

/* TEXTURE t = texture[n]; TEXTURE t[] = { texture[a..b] };  IMAGE likewise. */
static bool parse_unit_decl(arb *a, nv_var_kind kind, const char *word, long limit)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS, &h))
        return false;
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    if (!nv_expect_word(c, word) || !nv_expect(c, NV_TOK_LBRACKET, "'['"))
        return false;
    long long lo, hi;
    uint32_t off = nv_peek(c)->offset;
    if (!arb_parse_int(a, &lo, false))
        return false;
    hi = lo;
    if (nv_at(c, NV_TOK_DOTDOT)) {
        nv_next(c);
        if (!arb_parse_int(a, &hi, false))
            return false;
    }
    if (lo >= limit || hi >= limit || lo > hi)
        return nv_error(c, off, "invalid %s unit range", word);
    if (!nv_expect(c, NV_TOK_RBRACKET, "']'") || (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'")))
        return false;
    nv_var *v = arb_add_decl_var(a, &h, kind);
    if (!v)
        return false;
    v->is_array = h.is_array;
    v->array_size = (uint32_t)(hi - lo + 1);
    nv_binding *vb = arb_one_binding(a, v);
    if (!vb)
        return false;
    vb->kind = kind == NV_VAR_TEXTURE ? NV_BIND_TEXTURE : NV_BIND_IMAGE;
    vb->index = (int32_t)lo;
    vb->count = (uint32_t)(hi - lo + 1);
    vb->name = word;
    vb->offset = off;
    return true;
}

/* Program-type declarations (NV_geometry_program4 2.X.7.Y, NV_gpu_program5,
 * NV_tessellation_program5, NV_compute_program5). */
static int decl_keyword(const arb *a, const nv_token *t)
{
    static const char *const kw[] = {"PRIMITIVE_IN", "PRIMITIVE_OUT", "VERTICES_OUT", "INVOCATIONS",
                                     "GROUP_SIZE", "SHARED_MEMORY", "TESS_MODE", "TESS_SPACING",
                                     "TESS_VERTEX_ORDER", "TESS_POINT_MODE"};
    if (!a->nv || t->kind != NV_TOK_IDENT)
        return -1;
    for (int i = 0; i < (int)(sizeof kw / sizeof kw[0]); i++)
        if (nvgp_nv_tok_is(a->c->src, t, kw[i]))
            return i;
    return -1;
}

static bool parse_declaration(arb *a, int which)
{
    nv_parse_ctx *c = a->c;
    nv_decls *d = &c->prog->decls;
    const nv_token *kw = nv_next(c);
    uint8_t hdr = a->hdr;
    bool gp = hdr == NV_HDR_NVGP40 || hdr == NV_HDR_NVGP50;
    bool tcp = hdr == NV_HDR_NVTCP50, tep = hdr == NV_HDR_NVTEP50, cp = hdr == NV_HDR_NVCP50;
    static const char *const prim_in[] = {"POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES", "TRIANGLES_ADJACENCY", "PATCHES"};
    static const int prim_in_v[] = {NV_PRIM_POINTS, NV_PRIM_LINES, NV_PRIM_LINES_ADJACENCY, NV_PRIM_TRIANGLES,
                                    NV_PRIM_TRIANGLES_ADJACENCY, NV_PRIM_PATCHES};
    static const char *const prim_out[] = {"POINTS", "LINE_STRIP", "TRIANGLE_STRIP"};
    static const int prim_out_v[] = {NV_PRIM_POINTS, NV_PRIM_LINE_STRIP, NV_PRIM_TRIANGLE_STRIP};
    long long v;
    switch (which) {
    case 0: case 1: {
        if (!gp)
            return nv_error(c, kw->offset, "%s is allowed only in geometry programs", which ? "PRIMITIVE_OUT" : "PRIMITIVE_IN");
        int32_t *slot = which ? &d->primitive_out : &d->primitive_in;
        if (*slot >= 0)
            return nv_error(c, kw->offset, "more than one %s declaration", which ? "PRIMITIVE_OUT" : "PRIMITIVE_IN");
        const nv_token *t = nv_peek(c);
        const char *const *names = which ? prim_out : prim_in;
        int count = which ? 3 : (hdr == NV_HDR_NVGP50 ? 6 : 5);
        int hit = -1;
        for (int i = 0; i < count; i++)
            if (arb_tok_word(a, t, names[i]))
                hit = i;
        if (hit < 0)
            return nv_error(c, t->offset, "invalid primitive type");
        nv_next(c);
        *slot = which ? prim_out_v[hit] : prim_in_v[hit];
        /* NV_gpu_program5 makes PATCHES "the single argument"; a patch size
         * after it ("PATCHES 4") is also accepted, as earlier nvgp releases
         * required it (docs/spec-decisions.md). */
        if (!which && hit == 5 && nv_at(c, NV_TOK_NUMBER)) {
            if (!arb_parse_int(a, &v, false))
                return false;
            if (v < 1 || v > NV_LIMIT_PATCH_VERTICES)
                return nv_error(c, nv_peek(c)->offset, "invalid patch size");
            d->patches_in = (int32_t)v;
        }
        return true;
    }
    case 2:
        if (!gp && !tcp)
            return nv_error(c, kw->offset, "VERTICES_OUT is allowed only in geometry and tessellation control programs");
        if (d->vertices_out >= 0)
            return nv_error(c, kw->offset, "more than one VERTICES_OUT declaration");
        {
            uint32_t off = nv_peek(c)->offset;
            if (!arb_parse_int(a, &v, false))
                return false;
            long lim = gp ? NV_LIMIT_GEOMETRY_VERTICES_OUT : NV_LIMIT_PATCH_VERTICES;
            if (v < (tcp ? 1 : 0) || v > lim)
                return nv_error(c, off, "VERTICES_OUT %lld is out of range", v);
        }
        d->vertices_out = (int32_t)v;
        return true;
    case 3:
        if (hdr != NV_HDR_NVGP50)
            return nv_error(c, kw->offset, "INVOCATIONS is allowed only in NVgp5.0 programs");
        if (d->invocations >= 0)
            return nv_error(c, kw->offset, "more than one INVOCATIONS declaration");
        {
            uint32_t off = nv_peek(c)->offset;
            if (!arb_parse_int(a, &v, false))
                return false;
            if (v < 1 || v > NV_LIMIT_GEOMETRY_INVOCATIONS)
                return nv_error(c, off, "INVOCATIONS %lld is out of range", v);
        }
        d->invocations = (int32_t)v;
        return true;
    case 4:
        if (!cp)
            return nv_error(c, kw->offset, "GROUP_SIZE is allowed only in compute programs");
        if (d->group_size[0] >= 0)
            return nv_error(c, kw->offset, "more than one GROUP_SIZE declaration");
        {
            static const long lim[3] = {NV_LIMIT_COMPUTE_GROUP_SIZE_X, NV_LIMIT_COMPUTE_GROUP_SIZE_Y,
                                        NV_LIMIT_COMPUTE_GROUP_SIZE_Z};
            long long total = 1;
            for (int i = 0; i < 3; i++) {
                if (i > 0 && !nv_at(c, NV_TOK_NUMBER)) {
                    d->group_size[i] = 1;
                    continue;
                }
                uint32_t off = nv_peek(c)->offset;
                if (!arb_parse_int(a, &v, false))
                    return false;
                if (v < 1 || v > lim[i])
                    return nv_error(c, off, "GROUP_SIZE %lld is out of range", v);
                total *= v;
                if (total > NV_LIMIT_COMPUTE_GROUP_INVOCATIONS)
                    return nv_error(c, off, "GROUP_SIZE exceeds %d invocations", NV_LIMIT_COMPUTE_GROUP_INVOCATIONS);
                d->group_size[i] = (int32_t)v;
            }
        }
        return true;
    case 5:
        if (!cp)
            return nv_error(c, kw->offset, "SHARED_MEMORY is allowed only in compute programs");
        if (d->shared_memory >= 0)
            return nv_error(c, kw->offset, "more than one SHARED_MEMORY declaration");
        {
            uint32_t off = nv_peek(c)->offset;
            if (!arb_parse_int(a, &v, false))
                return false;
            if (v < 0 || v > NV_LIMIT_COMPUTE_SHARED_MEMORY)
                return nv_error(c, off, "SHARED_MEMORY %lld exceeds the limit", v);
        }
        d->shared_memory = (int32_t)v;
        return true;
    default: {
        if (!tep)
            return nv_error(c, kw->offset, "tessellation declarations are allowed only in tessellation evaluation programs");
        static const char *const modes[] = {"TRIANGLES", "QUADS", "ISOLINES"};
        static const int modes_v[] = {NV_PRIM_TRIANGLES, NV_PRIM_QUADS, NV_PRIM_ISOLINES};
        static const char *const spacing[] = {"EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN"};
        static const int spacing_v[] = {NV_SPACING_EQUAL, NV_SPACING_FRACTIONAL_ODD, NV_SPACING_FRACTIONAL_EVEN};
        static const char *const order[] = {"CW", "CCW"};
        static const int order_v[] = {NV_ORDER_CW, NV_ORDER_CCW};
        int32_t *slot = which == 6 ? &d->tess_mode : which == 7 ? &d->tess_spacing : which == 8 ? &d->tess_vertex_order : &d->tess_point_mode;
        if (*slot >= 0)
            return nv_error(c, kw->offset, "repeated tessellation declaration");
        if (which == 9) {
            *slot = 1;
            return true;
        }
        const char *const *names = which == 6 ? modes : which == 7 ? spacing : order;
        const int *vals = which == 6 ? modes_v : which == 7 ? spacing_v : order_v;
        int count = which == 8 ? 2 : 3;
        const nv_token *t = nv_peek(c);
        for (int i = 0; i < count; i++)
            if (arb_tok_word(a, t, names[i])) {
                *slot = vals[i];
                nv_next(c);
                return true;
            }
        return nv_error(c, t->offset, "invalid tessellation declaration value");
    }
    }
}

/* ---- program ------------------------------------------------------------- */

static bool parse_statement(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_END)
        return nv_error(c, t->offset, "the program ends without END");
    if (t->kind == NV_TOK_INVALID)
        return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
    if (t->kind != NV_TOK_IDENT)
        return nv_error(c, t->offset, "expected a statement");
    /* Label?  ARB_shader_subroutine adds "name SUBROUTINENUM(n):". */
    int32_t subnum = -1;
    if (a->nv5 && arb_tok_word(a, nv_peek_n(c, 1), "SUBROUTINENUM") && nv_peek_n(c, 2)->kind == NV_TOK_LPAREN &&
        nv_peek_n(c, 3)->kind == NV_TOK_NUMBER && nv_peek_n(c, 4)->kind == NV_TOK_RPAREN &&
        nv_peek_n(c, 5)->kind == NV_TOK_COLON) {
        const nv_token *num = nv_peek_n(c, 3);
        if (num->is_float || num->overflow || num->ival >= NV_LIMIT_SUBROUTINES)
            return nv_error(c, num->offset, "invalid SUBROUTINENUM");
        subnum = (int32_t)num->ival;
    }
    if (nv_peek_n(c, 1)->kind == NV_TOK_COLON || subnum >= 0) {
        if (!a->flow_ok)
            return nv_error(c, t->offset, "labels are not allowed in this program type");
        uint32_t idx;
        if (nv_name_lookup(c, c->src + t->offset, t->len, NV_NAME_LABEL, &idx)) {
            if (c->prog->labels[idx].inst != NV_VAR_NONE)
                return nv_error(c, t->offset, "'%.*s' is already declared", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
        } else {
            if (is_reserved(a, t))
                return nv_error(c, t->offset, "'%.*s' is a reserved word", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
            if (!nv_add_label(c, c->src + t->offset, t->len, t->offset, &idx))
                return false;
        }
        if (a->depth > 0)
            return nv_error(c, t->offset, "a label inside an IF, REP or LOOP block");
        c->prog->labels[idx].inst = c->prog->ninsts;
        c->prog->labels[idx].offset = t->offset;
        c->prog->labels[idx].subroutine_num = subnum;
        nv_next(c);
        if (subnum >= 0)
            for (int i = 0; i < 4; i++)
                nv_next(c);
        nv_next(c);
        return true;
    }
    bool ok;
    uint16_t mods = 0;
    uint32_t mods_off = t->offset;
    if (!parse_var_mods(a, &mods))
        return false;
    t = nv_peek(c);
    int decl;
    /* NV_fragment_program4 2.X.3.1: interpolation modifiers only on
     * attributes; integer fragment attributes must be FLAT. */
    uint16_t interp = mods & (NV_VMOD_FLAT | NV_VMOD_CENTROID | NV_VMOD_NOPERSPECTIVE | NV_VMOD_SAMPLE);
    if (interp && !arb_tok_word(a, t, "ATTRIB"))
        return nv_error(c, mods_off, "interpolation modifiers are allowed only on ATTRIB declarations");
    if ((mods & NV_VMOD_FLAT) && (mods & (NV_VMOD_CENTROID | NV_VMOD_NOPERSPECTIVE)))
        return nv_error(c, mods_off, "FLAT cannot be combined with CENTROID or NOPERSPECTIVE");
    if ((a->ptype & NV_PT_F) && arb_tok_word(a, t, "ATTRIB") && (mods & (NV_VMOD_INT | NV_VMOD_UINT)) &&
        !(mods & NV_VMOD_FLAT))
        return nv_error(c, mods_off, "integer fragment program attributes must be declared FLAT");
    /* NV_gpu_program4 2.X.3.1: LONG only on TEMP, SHORT only on TEMP and
     * OUTPUT (NV_fragment_program_option's ARBfp1.0 allows both on OUTPUT).
     * NV_gpu_program5 2.X.3.1 adds LONG "attribute variables ("ATTRIB") in
     * vertex programs" (64-bit vertex attributes), in 5.0 programs only. */
    bool long_attrib = a->nv5 && (a->ptype & NV_PT_V) && arb_tok_word(a, t, "ATTRIB");
    if (a->nv && (mods & NV_VMOD_LONG) && !arb_tok_word(a, t, "TEMP") && !long_attrib)
        return nv_error(c, mods_off, "LONG is allowed only on TEMP declarations%s",
                        a->nv5 ? " and on ATTRIB declarations of vertex programs" : "");
    if (a->nv && (mods & NV_VMOD_SHORT) && !arb_tok_word(a, t, "TEMP") && !arb_tok_word(a, t, "OUTPUT"))
        return nv_error(c, mods_off, "SHORT is allowed only on TEMP and OUTPUT declarations");
    if (arb_tok_word(a, t, "TEMP"))
        ok = parse_temp_like(a, NV_VAR_TEMP, mods);
    else if (arb_tok_word(a, t, "ADDRESS") && a->arbvp && !mods)
        ok = parse_temp_like(a, NV_VAR_ADDRESS, mods);
    else if (arb_tok_word(a, t, "ATTRIB"))
        ok = parse_io_decl(a, mods, false);
    else if (arb_tok_word(a, t, "PARAM"))
        ok = parse_param_decl(a, mods);
    else if (arb_tok_word(a, t, "OUTPUT"))
        ok = parse_io_decl(a, mods, true);
    else if (arb_tok_word(a, t, "ALIAS") && !mods)
        ok = parse_alias(a);
    else if (a->nv && arb_tok_word(a, t, "BUFFER"))
        ok = parse_buffer_decl(a, NV_VAR_BUFFER, mods);
    else if (a->nv && arb_tok_word(a, t, "BUFFER4"))
        ok = parse_buffer_decl(a, NV_VAR_BUFFER4, mods);
    else if ((a->nv5 || nv_program_has_option(c->prog, NV_OPTION_NV_parameter_buffer_object2)) &&
             arb_tok_word(a, t, "CBUFFER"))
        ok = parse_buffer_decl(a, NV_VAR_CBUFFER, mods);
    else if (a->nv5 && arb_tok_word(a, t, "TEXTURE") && !mods)
        ok = parse_unit_decl(a, NV_VAR_TEXTURE, "texture", NV_LIMIT_TEXTURE_IMAGE_UNITS);
    else if (a->nv5 && arb_tok_word(a, t, "IMAGE") && !mods)
        ok = parse_unit_decl(a, NV_VAR_IMAGE, "image", NV_LIMIT_IMAGE_UNITS);
    else if (a->hdr == NV_HDR_NVCP50 && arb_tok_word(a, t, "SHARED") && !mods)
        ok = parse_mem_decl(a, NV_VAR_SHARED, "sharedmem", 1 << 30);
    else if (a->nv5 && arb_tok_word(a, t, "STORAGE") && !mods) {
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_shader_storage_buffer))
            return nv_error(c, t->offset, "STORAGE declarations need OPTION NV_shader_storage_buffer");
        ok = parse_mem_decl(a, NV_VAR_STORAGE, "storage", NV_LIMIT_STORAGE_BUFFER_BINDINGS);
    } else if (a->nv5 && arb_tok_word(a, t, "COUNTER") && !mods) {
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_shader_atomic_counters))
            return nv_error(c, t->offset, "COUNTER declarations need OPTION NV_shader_atomic_counters");
        ok = parse_counter_decl(a);
    } else if (a->nv5 && arb_tok_word(a, t, "SUBROUTINETYPE") && !mods)
        ok = arb_parse_subroutine_type(a);
    else if (a->nv5 && arb_tok_word(a, t, "SUBROUTINE") && !mods)
        ok = arb_parse_subroutine(a);
    else if (mods)
        return nv_error(c, mods_off, "variable modifiers must be followed by a declaration");
    else if ((decl = decl_keyword(a, t)) >= 0 || arb_opt_decl_keyword(a, t) >= 0) {
        if (a->saw_statement)
            return nv_error(c, t->offset, "declarations must come before the program's statements");
        ok = decl >= 0 ? parse_declaration(a, decl) : arb_parse_opt_decl(a, arb_opt_decl_keyword(a, t));
        if (ok)
            return nv_expect(c, NV_TOK_SEMI, "';'");
        return false;
    } else if (arb_tok_word(a, t, "OPTION"))
        return nv_error(c, t->offset, "OPTION statements must come first");
    else {
        opsuffix sfx;
        if (arb_split_opcode(c->src + t->offset, t->len, &sfx) && arb_op_available(a, sfx.op) && !sfx.prec && !sfx.cc && !sfx.sat) {
            const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)sfx.op);
            if (info->cls == NV_CLASS_ARA || info->cls == NV_CLASS_PUSHA || info->cls == NV_CLASS_POPA) {
                ok = arb_parse_address_instruction(a, info, t);
                return ok && nv_expect(c, NV_TOK_SEMI, "';'");
            }
        }
        ok = arb_parse_instruction(a);
        return ok && nv_expect(c, NV_TOK_SEMI, "';'");
    }
    a->saw_statement = a->saw_statement || !a->nv;
    return ok && nv_expect(c, NV_TOK_SEMI, "';'");
}

/* Components of the distinct binding elements of variables of `kind`
 * (NV_gpu_program4 2.X.3.2/2.X.3.5 leave the counting method to the
 * implementation: nvgp counts each distinct element once, four components,
 * or one for the scalar bindings). */
static uint32_t binding_components(const nv_program *p, uint8_t kind)
{
    typedef struct { const char *base; size_t len; int32_t idx; } elem;
    elem seen[512];
    uint32_t nseen = 0, comps = 0;
    for (uint32_t v = 0; v < p->nvars; v++) {
        const nv_var *var = &p->vars[v];
        if (var->kind != kind)
            continue;
        for (uint32_t b = 0; b < var->nbindings; b++) {
            const nv_binding *bd = &var->bindings[b];
            const char *last = strrchr(bd->name, '[');
            size_t len = last ? (size_t)(last - bd->name) : strlen(bd->name);
            int32_t first = 0;
            if (last)
                first = (int32_t)strtol(last + 1, NULL, 10);
            for (uint32_t k = 0; k < bd->count; k++) {
                bool dup = false;
                for (uint32_t i = 0; i < nseen && !dup; i++)
                    dup = seen[i].len == len && seen[i].idx == first + (int32_t)k &&
                          !memcmp(seen[i].base, bd->name, len);
                if (dup)
                    continue;
                if (nseen < sizeof seen / sizeof seen[0])
                    seen[nseen++] = (elem){bd->name, len, first + (int32_t)k};
                comps += bd->components ? bd->components : 4;
            }
        }
    }
    return comps;
}

/* NV_fragment_program_option 3.11.3.4: "A fragment program will fail to load
 * if contains instructions writing to variables bound to the same result, but
 * declared with different sizes."  A result written directly (an implicit
 * variable) has no declared size, which counts as a size of its own. */
static bool check_result_sizes(arb *a)
{
    const nv_program *p = a->c->prog;
    enum { MAX_SEEN = 64 };
    uint32_t seen[MAX_SEEN]; /* written OUTPUT variables, one per (result element, size) */
    uint32_t nseen = 0;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (!in->has_dst || in->dst.var == NV_VAR_NONE || p->vars[in->dst.var].kind != NV_VAR_OUTPUT)
            continue;
        const nv_var *v = &p->vars[in->dst.var];
        uint16_t size = v->mods & (NV_VMOD_SHORT | NV_VMOD_LONG);
        bool known = false;
        for (uint32_t k = 0; k < nseen; k++) {
            const nv_var *w = &p->vars[seen[k]];
            if (w != v && !arb_vars_share_binding(v, w))
                continue;
            if ((w->mods & (NV_VMOD_SHORT | NV_VMOD_LONG)) != size)
                return nv_error(a->c, in->dst.offset, "'%s' is written through variables of different sizes",
                                v->nbindings ? v->bindings[0].name : v->name);
            known = true;
        }
        if (!known && nseen < MAX_SEEN)
            seen[nseen++] = in->dst.var;
    }
    return true;
}

static bool finish(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_program *p = c->prog;
    if (a->depth > 0)
        return nv_error(c, p->end_offset, "%s block not terminated", nvgp_nv_opcode_info((nv_opcode)a->stack[a->depth - 1].op)->name);
    if (a->rep_without_exit && !a->saw_ret)
        return nv_error(c, a->rep_without_exit - 1, "REP block without a loop count contains neither BRK nor RET");
    if (a->arbfp && (a->langs & NV_L_ARBFP_NV) && !check_result_sizes(a))
        return false;
    for (uint32_t i = 0; i < p->nlabels; i++)
        if (p->labels[i].inst == NV_VAR_NONE)
            return nv_error_at_end(c, "label '%s' is used but never defined", p->labels[i].name);
    /* ARB_vertex_program 2.14.4.5.1: a position-invariant program has four
     * instructions fewer. */
    if (nv_program_has_option(p, NV_OPTION_ARB_position_invariant) && p->ninsts > NV_LIMIT_PROGRAM_INSTRUCTIONS - 4)
        return nv_error_at_end(c, "%u instructions exceed the position-invariant limit (%d)", p->ninsts,
                               NV_LIMIT_PROGRAM_INSTRUCTIONS - 4);
    /* ARB_fragment_program 3.11.4.5.1 (NV_fragment_program4 2.X.6.Y alike):
     * a fog option takes one temporary, one attribute, two parameters and
     * 3 (EXP), 4 (EXP2) or 2 (LINEAR) instructions of the limits. */
    uint32_t fog_insts = nv_program_has_option(p, NV_OPTION_ARB_fog_exp)    ? 3
                         : nv_program_has_option(p, NV_OPTION_ARB_fog_exp2) ? 4
                         : nv_program_has_option(p, NV_OPTION_ARB_fog_linear) ? 2
                                                                             : 0;
    uint32_t fog = fog_insts ? 1 : 0;
    if (p->ninsts > NV_LIMIT_PROGRAM_INSTRUCTIONS - fog_insts)
        return nv_error_at_end(c, "%u instructions exceed MAX_PROGRAM_INSTRUCTIONS_ARB (%d)%s", p->ninsts,
                               NV_LIMIT_PROGRAM_INSTRUCTIONS, fog ? " less what the fog option takes" : "");
    if (a->ntemps > NV_LIMIT_PROGRAM_TEMPORARIES - fog)
        return nv_error_at_end(c, "%u temporaries exceed MAX_PROGRAM_TEMPORARIES_ARB (%d)%s", a->ntemps,
                               NV_LIMIT_PROGRAM_TEMPORARIES, fog ? " less one for the fog option" : "");
    uint32_t nparams, nattribs;
    if (!arb_count_bindings(a, &nparams, &nattribs))
        return false;
    if (nparams > NV_LIMIT_PROGRAM_PARAMETERS - 2 * fog)
        return nv_error_at_end(c, "%u parameters exceed MAX_PROGRAM_PARAMETERS_ARB (%d)%s", nparams,
                               NV_LIMIT_PROGRAM_PARAMETERS, fog ? " less two for the fog option" : "");
    if (!a->nv && nattribs > NV_LIMIT_PROGRAM_ATTRIBS - fog)
        return nv_error_at_end(c, "%u attributes exceed MAX_PROGRAM_ATTRIBS_ARB (%d)%s", nattribs,
                               NV_LIMIT_PROGRAM_ATTRIBS, fog ? " less one for the fog option" : "");
    if (a->naddr > NV_LIMIT_PROGRAM_ADDRESS_REGS || (a->naddr > 1 && !(a->langs & NV_L_ARBVP_NV2)))
        return nv_error_at_end(c, "%u address registers exceed MAX_PROGRAM_ADDRESS_REGISTERS_ARB", a->naddr);
    if (!arb_check_opt_rules(a))
        return false;
    if ((a->hdr == NV_HDR_NVGP40 || a->hdr == NV_HDR_NVGP50)) {
        if (p->decls.primitive_in < 0)
            return nv_error_at_end(c, "a geometry program needs a PRIMITIVE_IN declaration");
        /* a passthrough program's output is its input primitive */
        if (p->decls.primitive_out < 0 && !nv_program_is_passthrough(p))
            return nv_error_at_end(c, "a geometry program needs a PRIMITIVE_OUT declaration");
        if (p->decls.vertices_out < 0 && !nv_program_is_passthrough(p))
            return nv_error_at_end(c, "a geometry program needs a VERTICES_OUT declaration");
    }
    if (a->hdr == NV_HDR_NVTCP50 && p->decls.vertices_out < 0)
        return nv_error_at_end(c, "a tessellation control program needs a VERTICES_OUT declaration");
    if (a->hdr == NV_HDR_NVTEP50 && p->decls.tess_mode < 0)
        return nv_error_at_end(c, "a tessellation evaluation program needs a TESS_MODE declaration");
    if (a->hdr == NV_HDR_NVCP50 && p->decls.group_size[0] < 0 &&
        !nv_program_has_option(p, NV_OPTION_ARB_compute_variable_group_size))
        return nv_error_at_end(c, "a compute program needs a GROUP_SIZE declaration");
    if (a->used_shared && p->decls.shared_memory < 0)
        return nv_error_at_end(c, "ATOMS, LDS or STS used without a SHARED_MEMORY declaration");
    if (a->nv) {
        uint32_t rc = binding_components(p, NV_VAR_OUTPUT), ac = binding_components(p, NV_VAR_ATTRIB);
        if (ac > NV_LIMIT_ATTRIB_COMPONENTS)
            return nv_error_at_end(c, "%u attribute components exceed MAX_PROGRAM_ATTRIB_COMPONENTS_NV (%d)", ac,
                                   NV_LIMIT_ATTRIB_COMPONENTS);
        if (rc > NV_LIMIT_RESULT_COMPONENTS)
            return nv_error_at_end(c, "%u result components exceed MAX_PROGRAM_RESULT_COMPONENTS_NV (%d)", rc,
                                   NV_LIMIT_RESULT_COMPONENTS);
        if ((a->ptype & NV_PT_G) && p->decls.vertices_out > 0 &&
            (uint64_t)p->decls.vertices_out * rc > NV_LIMIT_GEOMETRY_TOTAL_OUTPUT_COMPONENTS)
            return nv_error_at_end(c, "VERTICES_OUT %d times %u result components exceeds "
                                      "MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV (%d)",
                                   p->decls.vertices_out, rc, NV_LIMIT_GEOMETRY_TOTAL_OUTPUT_COMPONENTS);
    }
    if (a->wrote_position && nv_program_has_option(p, NV_OPTION_ARB_position_invariant))
        return nv_error(c, a->position_write_off, "a position-invariant program writes result.position");
    return true;
}

bool nvgp_nv_parse_arb(nv_parse_ctx *c)
{
    arb a;
    memset(&a, 0, sizeof a);
    a.c = c;
    a.hdr = c->prog->header;
    a.arbvp = a.hdr == NV_HDR_ARBVP10;
    a.arbfp = a.hdr == NV_HDR_ARBFP10;
    a.nv = !a.arbvp && !a.arbfp;
    a.nv5 = (NV_HB(a.hdr) & NV_HB_GP5) != 0;
    switch (c->prog->stage) {
    case NV_STAGE_VERTEX: a.ptype = NV_PT_V; break;
    case NV_STAGE_FRAGMENT: a.ptype = NV_PT_F; break;
    case NV_STAGE_GEOMETRY: a.ptype = NV_PT_G; break;
    case NV_STAGE_TESS_CTRL: a.ptype = NV_PT_TC; break;
    case NV_STAGE_TESS_EVAL: a.ptype = NV_PT_TE; break;
    default: a.ptype = NV_PT_C; break;
    }
    nv_decls *d = &c->prog->decls;
    d->primitive_in = d->primitive_out = d->vertices_out = d->invocations = -1;
    d->group_size[0] = d->group_size[1] = d->group_size[2] = -1;
    d->shared_memory = d->tess_mode = d->tess_spacing = d->tess_vertex_order = d->tess_point_mode = -1;
    d->patches_in = 0;
    while (arb_tok_word(&a, nv_peek(c), "OPTION"))
        if (!parse_option(&a))
            return false;
    uint64_t o = c->prog->options;
    if (a.arbvp) {
        a.langs = NV_L_ARBVP;
        if (o & (((uint64_t)1 << NV_OPTION_NV_vertex_program2) | ((uint64_t)1 << NV_OPTION_NV_vertex_program3)))
            a.langs |= NV_L_ARBVP_NV2;
        if (o & ((uint64_t)1 << NV_OPTION_NV_vertex_program3))
            a.langs |= NV_L_ARBVP_NV3;
        a.flow_ok = a.cc_ok = a.abs_ok = (a.langs & NV_L_ARBVP_NV2) != 0;
        a.rgba_ok = false;
    } else if (a.arbfp) {
        a.langs = NV_L_ARBFP;
        if (o & (((uint64_t)1 << NV_OPTION_NV_fragment_program) | ((uint64_t)1 << NV_OPTION_NV_fragment_program2)))
            a.langs |= NV_L_ARBFP_NV;
        if (o & ((uint64_t)1 << NV_OPTION_NV_fragment_program2))
            a.langs |= NV_L_ARBFP_NV2;
        a.flow_ok = (a.langs & NV_L_ARBFP_NV2) != 0;
        a.cc_ok = a.abs_ok = (a.langs & NV_L_ARBFP_NV) != 0;
        a.rgba_ok = true;
    } else {
        a.flow_ok = a.cc_ok = a.abs_ok = a.rgba_ok = true;
    }
    while (!arb_tok_word(&a, nv_peek(c), "END")) {
        if (!parse_statement(&a))
            return false;
        /* Past the limit the program cannot load whatever follows: stop
         * reading (memory stays bounded by the limit, not the text); the
         * error is at the program's length, as for the count in finish(). */
        if (c->prog->ninsts > NV_LIMIT_PROGRAM_INSTRUCTIONS)
            return nv_error_at_end(c, "more than %d instructions exceed MAX_PROGRAM_INSTRUCTIONS_ARB (%d)",
                                   NV_LIMIT_PROGRAM_INSTRUCTIONS, NV_LIMIT_PROGRAM_INSTRUCTIONS);
    }
    c->prog->end_offset = nv_peek(c)->offset;
    nv_next(c);
    /* Text after END is ignored (ARB_vertex_program 2.14.2: the program ends with END). */
    return finish(&a);
}
