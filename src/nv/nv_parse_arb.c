/* Parser and validator of the ARB-grammar languages: ARBvp1.0 and ARBfp1.0
 * (ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2, with the options
 * of NV_vertex_program2_option, NV_vertex_program3,
 * NV_fragment_program_option, NV_fragment_program2) and the NV_gpu_program4/5
 * languages (NV_gpu_program4 2.X.2 and the per-type and option extensions).
 * Every per-opcode fact comes from the nv_opcodes.def row; bindings come
 * from nv_bind.c.  Checks needing the whole program (undefined labels,
 * resource limits, required declarations) report at the program's length. */
#include "nv/nv_bind.h"
#include "nv/nv_limits.h"
#include "nv/nv_parse.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_FLOW = 256 };

typedef struct flow {
    uint8_t op;        /* NV_OP_IF, NV_OP_REP, NV_OP_LOOP */
    bool has_else;
    bool has_brk;      /* BRK at this level */
    bool counted;      /* REP with a loop count */
    uint32_t inst;
    uint32_t offset;
} flow;

typedef struct arb {
    nv_parse_ctx *c;
    uint8_t hdr;
    bool arbvp, arbfp, nv, nv5;
    uint16_t langs;      /* NV_L_* of an ARB program with its options */
    uint8_t ptype;       /* NV_PT_* of an NV program */
    bool flow_ok;        /* labels and branches exist in this language */
    bool abs_ok;         /* |operand| */
    bool cc_ok;          /* condition codes exist */
    bool rgba_ok;        /* rgba swizzles */
    flow stack[MAX_FLOW];
    int depth, if_depth, loop_depth;
    bool saw_ret;
    bool saw_statement;  /* a non-declaration statement was read */
    uint32_t ntemps, nparams, naddr, nattribs;
    uint8_t tex_target[NV_LIMIT_TEXTURE_IMAGE_UNITS];
    uint32_t attrib_generic;   /* ARBvp: vertex.attrib[n] used */
    uint32_t attrib_conv;      /* ARBvp: conventional attributes used, by alias slot */
    uint32_t attrib_conv_off[32], attrib_gen_off[32];
    bool wrote_position;
    uint32_t position_write_off;
    uint32_t rel_arrays[64];   /* PARAM arrays accessed with relative addressing */
    uint32_t nrel_arrays;
    bool used_shared;
    uint32_t shared_use_off;
} arb;

/* ---- small helpers -------------------------------------------------------- */

static bool tok_word(const arb *a, const nv_token *t, const char *s)
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

/* Splits an ARB-style opcode token ("ADDRC_SAT") into row and suffixes. */
typedef struct opsuffix {
    int op;
    uint8_t prec; /* nv_prec */
    uint8_t cc;   /* 0 none, 1 CC0, 2 CC1 */
    uint8_t sat;  /* nv_sat */
} opsuffix;

static bool split_opcode(const char *s, size_t len, opsuffix *o)
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
static bool op_available(const arb *a, int op);

static bool is_reserved(const arb *a, const nv_token *t)
{
    const char *s = a->c->src + t->offset;
    const char *const *words = a->nv ? reserved_nv : a->arbvp ? reserved_vp : reserved_fp;
    for (size_t i = 0; words[i]; i++)
        if (nvgp_nv_tok_is(a->c->src, t, words[i]))
            return true;
    opsuffix o;
    if (split_opcode(s, t->len, &o) && op_available(a, o.op))
        return true;
    return false;
}

static bool op_available(const arb *a, int op)
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

static bool op_option_ok(const arb *a, int op)
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
static bool check_new_name(arb *a, const nv_token *t)
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

static bool parse_int(arb *a, long long *v, bool allow_sign)
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

/* Signed number (float or int) into a double; records whether it was an integer. */
static bool parse_signed_number(arb *a, double *v, uint32_t *bits, bool *is_int)
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
static bool parse_constant(arb *a, uint32_t *index, uint8_t *ncomp, bool allow_scalar_sign)
{
    nv_parse_ctx *c = a->c;
    nv_const *k = nv_add_const(c, index);
    if (!k)
        return false;
    uint32_t idx = *index;
    double vals[4] = {0, 0, 0, 1};
    uint32_t bits[4] = {0, 0, 0, 0x3f800000u};
    bool all_int = true;
    int n = 0;
    bool braced = nv_at(c, NV_TOK_LBRACE);
    if (braced) {
        nv_next(c);
        for (;;) {
            bool is_int;
            if (n == 4)
                return nv_error_here(c, "a constant vector has at most four components");
            if (!parse_signed_number(a, &vals[n], &bits[n], &is_int))
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
        if (!parse_signed_number(a, &vals[0], &bits[0], &is_int))
            return false;
        all_int = is_int;
        n = 1;
        for (int i = 1; i < 4; i++)
            vals[i] = vals[0], bits[i] = bits[0];
    }
    k = &c->prog->consts[idx];
    for (int i = 0; i < 4; i++) {
        k->d[i] = vals[i];
        if (all_int && n > 0 && a->nv) {
            k->v.u[i] = bits[i];
        } else {
            float f = (float)vals[i];
            memcpy(&k->v.u[i], &f, 4);
        }
    }
    if (all_int && a->nv && n < 4) {
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
static bool parse_decl_array(arb *a, bool *is_array, uint32_t *size)
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

static bool parse_temp_like(arb *a, nv_var_kind kind, uint16_t mods)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* TEMP / ADDRESS / SHARED */
    for (;;) {
        const nv_token *n = nv_peek(c);
        if (!check_new_name(a, n))
            return false;
        nv_next(c);
        bool is_array = false;
        uint32_t size = 0;
        if (a->nv && kind != NV_VAR_ADDRESS) {
            if (!parse_decl_array(a, &is_array, &size))
                return false;
            if (is_array && !size)
                return nv_error_here(c, "a temporary array needs a size");
        }
        nv_var *v = nv_add_var(c, c->src + n->offset, n->len, kind, n->offset, NULL);
        if (!v)
            return false;
        v->mods = mods;
        v->is_array = is_array;
        v->array_size = size;
        if (kind == NV_VAR_TEMP)
            a->ntemps += is_array ? size : 1;
        else if (kind == NV_VAR_ADDRESS)
            a->naddr++;
        if (!nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    return true;
}

/* Marks ARBvp attribute aliasing (ARB_vertex_program 2.14.3.1 Table X.2). */
static bool note_attrib(arb *a, const nv_binding *b)
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

/* ATTRIB/OUTPUT name[size] = binding | { binding, ... } (NV_gpu_program4
 * 2.X.3.2/2.X.3.5: arrays of attribute and result bindings). */
static bool parse_io_decl(arb *a, uint16_t mods, bool output)
{
    nv_parse_ctx *c = a->c;
    unsigned want = output ? NV_BWANT_RESULT : NV_BWANT_ATTRIB;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    uint32_t size_off = nv_peek(c)->offset;
    if (a->nv && !parse_decl_array(a, &is_array, &size))
        return false;
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    bool braces = is_array && nv_at(c, NV_TOK_LBRACE);
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
        if (b->count > 1 && !is_array)
            return nv_error(c, b->offset, "a range of bindings needs an array variable");
        if (!output && !note_attrib(a, b))
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
    if (is_array && size && size != total)
        return nv_error(c, size_off + 1, "array size %u does not match the %u bindings", size, total);
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, output ? NV_VAR_OUTPUT : NV_VAR_ATTRIB, n->offset, NULL);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = is_array;
    v->array_size = total;
    v->nbindings = nb;
    v->bindings = list;
    /* Geometry and tessellation programs: a per-vertex attribute declared
     * without a vertex number is an array over the input vertices
     * (NV_geometry_program4 2.X.3.2). */
    if (!output && (a->ptype & (NV_PT_G | NV_PT_TC | NV_PT_TE)) && !strncmp(list[0].name, "vertex.", 7)) {
        v->is_array = true;
        v->array_size = 0;
    }
    if (!output)
        a->nattribs += total;
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
    if (!parse_constant(a, &b->konst, &ncomp, true))
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
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    uint32_t size_off = nv_peek(c)->offset;
    if (!parse_decl_array(a, &is_array, &size))
        return false;
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    nv_binding *list = NULL;
    uint32_t nb = 0, cap = 0, total = 0;
    if (!is_array) {
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
        if (size && size != total)
            return nv_error(c, size_off + 1, "array size %u does not match the %u parameters in its list", size, total);
    }
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, NV_VAR_PARAM, n->offset, NULL);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = is_array;
    v->array_size = total;
    v->nbindings = nb;
    v->bindings = list;
    a->nparams += total;
    return true;
}

static bool parse_alias(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    const nv_token *t = nv_peek(c);
    uint32_t target;
    if (t->kind != NV_TOK_IDENT || !nv_name_lookup(c, c->src + t->offset, t->len, NV_NAME_VAR, &target))
        return nv_error(c, t->offset, "ALIAS needs a declared variable");
    nv_next(c);
    while (c->prog->vars[target].kind == NV_VAR_ALIAS)
        target = c->prog->vars[target].alias_of;
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, NV_VAR_ALIAS, n->offset, NULL);
    if (!v)
        return false;
    v->alias_of = target;
    return true;
}

static bool parse_buffer_decl(arb *a, nv_var_kind kind, uint16_t mods)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    uint32_t size_off = nv_peek(c)->offset;
    if (!parse_decl_array(a, &is_array, &size))
        return false;
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    nv_binding b;
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    if (!tok_word(a, nv_peek(c), "program"))
        return nv_error_here(c, "expected a program.buffer binding");
    if (!nv_bind_parse(c, NV_BWANT_BUFFER, NV_BCTX_MULTI, &b))
        return false;
    if (b.kind != NV_BIND_BUFFER)
        return nv_error(c, b.offset, "expected a program.buffer binding");
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    if (size && b.count > 1 && size != b.count)
        return nv_error(c, size_off + 1, "array size does not match the bindings");
    /* BUFFER and BUFFER4 on one binding point (NV_gpu_program4 2.X.3.6). */
    for (uint32_t i = 0; i < c->prog->nvars; i++) {
        const nv_var *o = &c->prog->vars[i];
        if ((o->kind == NV_VAR_BUFFER || o->kind == NV_VAR_BUFFER4) && o->kind != kind &&
            (kind == NV_VAR_BUFFER || kind == NV_VAR_BUFFER4) && o->nbindings && o->bindings[0].index == b.index)
            return nv_error(c, b.offset, "BUFFER and BUFFER4 variables use the same binding point %d", b.index);
    }
    /* "program.buffer[a]" binds the whole buffer: its size is not known. */
    bool whole = strchr(strchr(b.name, '[') + 1, '[') == NULL;
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, kind, n->offset, NULL);
    if (!v)
        return false;
    v->mods = mods;
    v->is_array = is_array || whole;
    v->array_size = size ? size : whole ? 0 : b.count;
    v->nbindings = 1;
    v->bindings = nv_alloc(c, sizeof b);
    if (!v->bindings)
        return false;
    v->bindings[0] = b;
    return true;
}

/* SHARED s = program.sharedmem[n]; STORAGE b[] = { program.storage[a..b] };
 * COUNTER c = program.counter[a][b] (NV_compute_program5,
 * NV_shader_storage_buffer_object, NV_shader_atomic_counters). */
static bool parse_mem_decl(arb *a, nv_var_kind kind, const char *word, long limit)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    uint32_t size_off = nv_peek(c)->offset;
    if (!parse_decl_array(a, &is_array, &size))
        return false;
    /* NV_shader_atomic_counters' grammar has no "=": accept both. */
    if (kind == NV_VAR_COUNTER && !nv_at(c, NV_TOK_EQUALS)) {
    } else if (!nv_expect(c, NV_TOK_EQUALS, "'='")) {
        return false;
    }
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    uint32_t total = 0, first = 0, count = 0;
    int32_t binding = 0;
    for (;;) {
        uint32_t off = nv_peek(c)->offset;
        if (!nv_expect_word(c, "program") || !nv_expect(c, NV_TOK_DOT, "'.'") || !nv_expect_word(c, word))
            return false;
        long long lo = 0, hi = 0;
        bool has_index = nv_at(c, NV_TOK_LBRACKET);
        if (!has_index && !(kind == NV_VAR_COUNTER && braces))
            return nv_error_here(c, "expected '['");
        if (has_index) {
            nv_next(c);
            uint32_t ioff = nv_peek(c)->offset;
            if (!parse_int(a, &lo, false))
                return false;
            hi = lo;
            if (nv_at(c, NV_TOK_DOTDOT)) {
                if (!braces)
                    return nv_error_here(c, "a range is allowed only in a list");
                nv_next(c);
                if (!parse_int(a, &hi, false))
                    return false;
            }
            if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
                return false;
            if (lo > hi)
                return nv_error(c, ioff, "invalid range %lld..%lld", lo, hi);
            if (kind == NV_VAR_COUNTER && nv_at(c, NV_TOK_LBRACKET)) {
                /* program.counter[binding][offset] */
                binding = (int32_t)lo;
                if (binding >= NV_LIMIT_ATOMIC_COUNTER_BINDINGS)
                    return nv_error(c, ioff, "counter buffer binding %lld out of range", lo);
                nv_next(c);
                ioff = nv_peek(c)->offset;
                if (!parse_int(a, &lo, false))
                    return false;
                hi = lo;
                if (nv_at(c, NV_TOK_DOTDOT)) {
                    nv_next(c);
                    if (!parse_int(a, &hi, false))
                        return false;
                }
                if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
                    return false;
                if (lo > hi)
                    return nv_error(c, ioff, "invalid range %lld..%lld", lo, hi);
            } else if (hi >= limit) {
                return nv_error(c, ioff, "binding %lld out of range (must be less than %ld)", hi, limit);
            }
        }
        if (!count)
            first = (uint32_t)lo;
        count++;
        total += (uint32_t)(hi - lo + 1);
        (void)off;
        if (!braces || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    if (is_array && size && size != total && kind != NV_VAR_SHARED)
        return nv_error(c, size_off + 1, "array size %u does not match the %u bindings", size, total);
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, kind, n->offset, NULL);
    if (!v)
        return false;
    v->is_array = is_array;
    v->array_size = size ? size : total;
    v->nbindings = 1;
    v->bindings = nv_alloc(c, sizeof *v->bindings);
    if (!v->bindings)
        return false;
    v->bindings[0].kind = kind == NV_VAR_STORAGE ? NV_BIND_STORAGE : kind == NV_VAR_COUNTER ? NV_BIND_COUNTER : NV_BIND_OTHER;
    v->bindings[0].index = kind == NV_VAR_COUNTER ? binding : (int32_t)first;
    v->bindings[0].index2 = (int32_t)first;
    v->bindings[0].count = total;
    v->bindings[0].name = word;
    v->bindings[0].offset = n->offset;
    return true;
}

/* TEXTURE t = texture[n]; TEXTURE t[] = { texture[a..b] };  IMAGE likewise. */
static bool parse_unit_decl(arb *a, nv_var_kind kind, const char *word, long limit)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    if (!parse_decl_array(a, &is_array, &size))
        return false;
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    bool braces = nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    if (!nv_expect_word(c, word) || !nv_expect(c, NV_TOK_LBRACKET, "'['"))
        return false;
    long long lo, hi;
    uint32_t off = nv_peek(c)->offset;
    if (!parse_int(a, &lo, false))
        return false;
    hi = lo;
    if (nv_at(c, NV_TOK_DOTDOT)) {
        nv_next(c);
        if (!parse_int(a, &hi, false))
            return false;
    }
    if (lo >= limit || hi >= limit || lo > hi)
        return nv_error(c, off, "invalid %s unit range", word);
    if (!nv_expect(c, NV_TOK_RBRACKET, "']'") || (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'")))
        return false;
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, kind, n->offset, NULL);
    if (!v)
        return false;
    v->is_array = is_array;
    v->array_size = (uint32_t)(hi - lo + 1);
    v->nbindings = 1;
    v->bindings = nv_alloc(c, sizeof *v->bindings);
    if (!v->bindings)
        return false;
    v->bindings[0].kind = kind == NV_VAR_TEXTURE ? NV_BIND_TEXTURE : NV_BIND_IMAGE;
    v->bindings[0].index = (int32_t)lo;
    v->bindings[0].count = (uint32_t)(hi - lo + 1);
    v->bindings[0].name = word;
    v->bindings[0].offset = off;
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
            if (tok_word(a, t, names[i]))
                hit = i;
        if (hit < 0)
            return nv_error(c, t->offset, "invalid primitive type");
        nv_next(c);
        *slot = which ? prim_out_v[hit] : prim_in_v[hit];
        if (!which && hit == 5) {
            if (!parse_int(a, &v, false))
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
            if (!parse_int(a, &v, false))
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
            if (!parse_int(a, &v, false))
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
                if (!parse_int(a, &v, false))
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
            if (!parse_int(a, &v, false))
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
            if (tok_word(a, t, names[i])) {
                *slot = vals[i];
                nv_next(c);
                return true;
            }
        return nv_error(c, t->offset, "invalid tessellation declaration value");
    }
    }
}

/* ---- operands ------------------------------------------------------------ */

static int swz_char(char ch, bool *rgba)
{
    switch (ch) {
    case 'x': *rgba = false; return 0;
    case 'y': *rgba = false; return 1;
    case 'z': *rgba = false; return 2;
    case 'w': *rgba = false; return 3;
    case 'r': *rgba = true; return 0;
    case 'g': *rgba = true; return 1;
    case 'b': *rgba = true; return 2;
    case 'a': *rgba = true; return 3;
    default: return -1;
    }
}

/* ".xyzw"-style suffix after an operand: 1 or 4 selectors. */
static bool parse_swizzle(arb *a, uint8_t swz[4], bool *scalar, bool *present)
{
    nv_parse_ctx *c = a->c;
    *scalar = false;
    *present = false;
    if (!nv_at(c, NV_TOK_DOT) || nv_peek_n(c, 1)->kind != NV_TOK_IDENT)
        return true;
    const nv_token *t = nv_peek_n(c, 1);
    const char *s = c->src + t->offset;
    if (t->len != 1 && t->len != 4)
        return nv_error(c, t->offset, "invalid swizzle '%.*s'", (int)(t->len > 16 ? 16 : t->len), s);
    bool rgba = false, first_rgba = false;
    for (uint32_t i = 0; i < t->len; i++) {
        int k = swz_char(s[i], &rgba);
        if (k < 0)
            return nv_error(c, t->offset, "invalid swizzle '%.*s'", (int)(t->len > 16 ? 16 : t->len), s);
        if (i == 0)
            first_rgba = rgba;
        else if (rgba != first_rgba)
            return nv_error(c, t->offset, "swizzle mixes xyzw and rgba selectors");
        swz[i] = (uint8_t)k;
    }
    if (first_rgba && !a->rgba_ok)
        return nv_error(c, t->offset, "rgba swizzles are not allowed in this program type");
    if (t->len == 1)
        swz[1] = swz[2] = swz[3] = swz[0];
    *scalar = t->len == 1;
    *present = true;
    nv_next(c);
    nv_next(c);
    return true;
}

/* Resolves an identifier to a variable (following aliases). */
static bool find_var(arb *a, const nv_token *t, uint32_t *var)
{
    if (!nv_name_lookup(a->c, a->c->src + t->offset, t->len, NV_NAME_VAR, var))
        return false;
    while (a->c->prog->vars[*var].kind == NV_VAR_ALIAS)
        *var = a->c->prog->vars[*var].alias_of;
    return true;
}

static nv_file var_file(uint8_t kind)
{
    switch (kind) {
    case NV_VAR_ATTRIB: return NV_FILE_ATTRIB;
    case NV_VAR_PARAM: return NV_FILE_PARAM;
    case NV_VAR_TEMP: return NV_FILE_TEMP;
    case NV_VAR_ADDRESS: return NV_FILE_ADDRESS;
    case NV_VAR_OUTPUT: return NV_FILE_OUTPUT;
    case NV_VAR_BUFFER: case NV_VAR_BUFFER4: case NV_VAR_CBUFFER: return NV_FILE_BUFFER;
    case NV_VAR_TEXTURE: return NV_FILE_TEXTURE;
    case NV_VAR_IMAGE: return NV_FILE_IMAGE;
    case NV_VAR_SHARED: return NV_FILE_SHARED;
    case NV_VAR_STORAGE: return NV_FILE_STORAGE;
    case NV_VAR_COUNTER: return NV_FILE_COUNTER;
    default: return NV_FILE_NONE;
    }
}

/* Element k of a parameter binding list as (kind, name, index) for the
 * unique-binding rule; constants have no identity. */
static bool same_element(const nv_binding *x, uint32_t i, const nv_binding *y, uint32_t j)
{
    if (x->kind != y->kind || x->kind == NV_BIND_CONST)
        return false;
    if (x->kind == NV_BIND_ENV || x->kind == NV_BIND_LOCAL)
        return x->index + (int32_t)i == y->index + (int32_t)j;
    if (!strncmp(x->name, "state.matrix.", 13)) {
        /* Names end in ".row[r]"; compare the matrix part and the row. */
        const char *rx = strstr(x->name, ".row["), *ry = strstr(y->name, ".row[");
        if (!rx || !ry || rx - x->name != ry - y->name || strncmp(x->name, y->name, (size_t)(rx - x->name)))
            return false;
        return x->index2 + (int32_t)i == y->index2 + (int32_t)j;
    }
    return i == 0 && j == 0 && !strcmp(x->name, y->name);
}

static bool vars_share_state(const nv_var *v, const nv_var *w)
{
    for (uint32_t b = 0; b < v->nbindings; b++)
        for (uint32_t i = 0; i < v->bindings[b].count; i++)
            for (uint32_t e = 0; e < w->nbindings; e++)
                for (uint32_t j = 0; j < w->bindings[e].count; j++) {
                    if (v == w && b == e && i == j)
                        continue;
                    if (same_element(&v->bindings[b], i, &w->bindings[e], j))
                        return true;
                }
    return false;
}

/* ARB_vertex_program 2.14.3.2: a state vector bound twice in an array used
 * with relative addressing, or in two such arrays, fails to load. */
static bool note_relative_array(arb *a, uint32_t var, uint32_t offset)
{
    const nv_program *p = a->c->prog;
    for (uint32_t i = 0; i < a->nrel_arrays; i++)
        if (a->rel_arrays[i] == var)
            return true;
    const nv_var *v = &p->vars[var];
    if (vars_share_state(v, v))
        return nv_error(a->c, offset, "a state vector is bound more than once in array '%s', which is addressed relatively", v->name);
    for (uint32_t i = 0; i < a->nrel_arrays; i++)
        if (vars_share_state(v, &p->vars[a->rel_arrays[i]]))
            return nv_error(a->c, offset, "a state vector is bound in two arrays addressed relatively ('%s' and '%s')",
                            p->vars[a->rel_arrays[i]].name, v->name);
    if (a->nrel_arrays < sizeof a->rel_arrays / sizeof a->rel_arrays[0])
        a->rel_arrays[a->nrel_arrays++] = var;
    return true;
}

/* "[n]" or "[A0.x + n]" / "[R0.x + n]" after an array variable. */
static bool parse_array_index(arb *a, const nv_var *v, int32_t *index, bool *has_rel, nv_rel *rel)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* [ */
    *has_rel = false;
    uint32_t n = v->array_size;
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_NUMBER) {
        if (t->is_float)
            return nv_error_here(c, "array index must be an integer");
        long unsized_limit = v->kind == NV_VAR_ATTRIB ? NV_LIMIT_PATCH_VERTICES : NV_LIMIT_PARAMETER_BUFFER_SIZE;
        if (t->overflow || (n && t->ival >= n) || (!n && !v->is_array) || (!n && t->ival >= (uint64_t)unsized_limit))
            return nv_error(c, t->offset, "array index %llu out of range (array size %u)", (unsigned long long)t->ival, n);
        *index = (int32_t)t->ival;
        nv_next(c);
        return nv_expect(c, NV_TOK_RBRACKET, "']'");
    }
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected an array index");
    uint32_t rv;
    if (!find_var(a, t, &rv))
        return nv_error(c, t->offset, "'%.*s' is not declared", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
    const nv_var *r = &c->prog->vars[rv];
    if (a->arbvp && !a->nv) {
        if (r->kind != NV_VAR_ADDRESS)
            return nv_error(c, t->offset, "relative addressing needs an address register");
        if (a->arbvp && !(a->langs & NV_L_ARBVP) )
            return false;
    } else if (a->nv) {
        if (r->kind != NV_VAR_TEMP && r->kind != NV_VAR_ATTRIB && r->kind != NV_VAR_PARAM)
            return nv_error(c, t->offset, "relative addressing needs an integer scalar operand");
    } else {
        return nv_error(c, t->offset, "relative addressing is not allowed in this program type");
    }
    if (v->kind != NV_VAR_PARAM && !a->nv)
        return nv_error(c, t->offset, "only parameter arrays can be addressed relatively");
    if (v->kind == NV_VAR_PARAM && !a->nv && !note_relative_array(a, (uint32_t)(v - c->prog->vars), t->offset))
        return false;
    nv_next(c);
    rel->file = (uint8_t)var_file(r->kind);
    rel->var = rv;
    if (!nv_at(c, NV_TOK_DOT))
        return nv_error_here(c, "relative addressing needs a component selector such as '.x'");
    nv_next(c);
    const nv_token *s = nv_peek(c);
    bool rgba;
    if (s->kind != NV_TOK_IDENT || s->len != 1 || swz_char(c->src[s->offset], &rgba) < 0 || rgba)
        return nv_error(c, s->offset, "invalid component selector for relative addressing");
    int comp = swz_char(c->src[s->offset], &rgba);
    if (a->arbvp && !a->nv && comp != 0 && !(a->langs & NV_L_ARBVP_NV2))
        return nv_error(c, s->offset, "address register component must be 'x'");
    rel->comp = (uint8_t)comp;
    nv_next(c);
    long long off = 0;
    if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
        bool neg = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
        const nv_token *o = nv_peek(c);
        if (o->kind != NV_TOK_NUMBER || o->is_float)
            return nv_error_here(c, "expected an integer offset");
        off = o->overflow || o->ival > 100000000 ? 100000000 : (long long)o->ival;
        if (neg)
            off = -off;
        if (a->nv) {
            if (off < 0 || (n && off >= n))
                return nv_error(c, o->offset, "relative offset %lld outside [0,%u]", off, n ? n - 1 : 0);
        } else if (off < -64 || off > 63) {
            return nv_error(c, o->offset, "relative offset %lld outside [-64,63]", off);
        }
        nv_next(c);
    }
    *index = (int32_t)off;
    *has_rel = true;
    return nv_expect(c, NV_TOK_RBRACKET, "']'");
}

/* A source operand of kind want: 'v' vector, 's' scalar, 'n' no swizzle (SWZ). */
static bool parse_src(arb *a, nv_src *s, char want)
{
    nv_parse_ctx *c = a->c;
    s->offset = nv_peek(c)->offset;
    s->var = NV_VAR_NONE;
    for (int i = 0; i < 4; i++)
        s->swizzle[i] = (uint8_t)i;
    if (nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS)) {
        s->negate = nv_at(c, NV_TOK_MINUS);
        nv_next(c);
    }
    bool abs = false;
    if (nv_at(c, NV_TOK_BAR)) {
        if (!a->abs_ok)
            return nv_error_here(c, "absolute value operands are not allowed in this program type");
        abs = true;
        s->abs = true;
        nv_next(c);
        if (nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS)) {
            s->neg_inner = nv_at(c, NV_TOK_MINUS);
            nv_next(c);
        }
    }
    const nv_token *t = nv_peek(c);
    bool swz_allowed = want != 'n';
    bool is_const_scalar = false;
    if (t->kind == NV_TOK_NUMBER || t->kind == NV_TOK_LBRACE ||
        ((t->kind == NV_TOK_MINUS || t->kind == NV_TOK_PLUS) && nv_peek_n(c, 1)->kind == NV_TOK_NUMBER && a->nv)) {
        uint8_t ncomp;
        bool brace = t->kind == NV_TOK_LBRACE;
        if (!parse_constant(a, &s->konst, &ncomp, false))
            return false;
        s->file = NV_FILE_CONST;
        is_const_scalar = !brace;
    } else if (t->kind == NV_TOK_IDENT) {
        uint32_t v;
        if (find_var(a, t, &v)) {
            nv_var *var = &c->prog->vars[v];
            s->var = v;
            s->file = (uint8_t)var_file(var->kind);
            if (s->file == NV_FILE_OUTPUT && !a->nv)
                return nv_error(c, t->offset, "result variables cannot be read");
            if (s->file == NV_FILE_ADDRESS)
                return nv_error(c, t->offset, "address registers cannot be instruction operands");
            bool memvar = var->kind == NV_VAR_SHARED || var->kind == NV_VAR_STORAGE || var->kind == NV_VAR_COUNTER;
            if (want == 'm' ? !memvar
                            : (s->file != NV_FILE_TEMP && s->file != NV_FILE_ATTRIB && s->file != NV_FILE_PARAM &&
                               s->file != NV_FILE_BUFFER && s->file != NV_FILE_OUTPUT))
                return nv_error(c, t->offset, "'%.*s' cannot be an instruction operand", (int)(t->len > 64 ? 64 : t->len),
                                c->src + t->offset);
            nv_next(c);
            if (var->kind == NV_VAR_COUNTER)
                s->file = NV_FILE_COUNTER;
            if (var->kind == NV_VAR_CBUFFER && c->prog->insts[c->prog->ninsts - 1].op != NV_OP_LDC)
                return nv_error(c, t->offset, "CBUFFER variables can be read only by LDC");
            if (want == 'm') {
                if (nv_at(c, NV_TOK_LBRACKET)) {
                    if (!var->is_array)
                        return nv_error_here(c, "'%s' is not an array", var->name);
                    if (!parse_array_index(a, var, &s->index, &s->has_rel, &s->rel))
                        return false;
                }
                return true;
            }
            if (nv_at(c, NV_TOK_LBRACKET)) {
                if (!var->is_array)
                    return nv_error_here(c, "'%s' is not an array", var->name);
                if (!parse_array_index(a, var, &s->index, &s->has_rel, &s->rel))
                    return false;
            } else if (var->is_array && !(a->nv && var->kind == NV_VAR_BUFFER)) {
                return nv_error(c, t->offset, "array '%s' needs an index", var->name);
            }
        } else if (nv_bind_starts(c, NV_BWANT_ATTRIB | NV_BWANT_PARAM)) {
            nv_binding b;
            if (!nv_bind_parse(c, NV_BWANT_ATTRIB | NV_BWANT_PARAM, NV_BCTX_OPERAND, &b))
                return false;
            if (b.kind == NV_BIND_BUFFER)
                return nv_error(c, b.offset, "program.buffer bindings cannot be instruction operands");
            if (!note_attrib(a, &b))
                return false;
            nv_var *nvv = nv_add_var(c, NULL, 0, b.kind == NV_BIND_ATTRIB ? NV_VAR_ATTRIB : NV_VAR_PARAM, b.offset, &s->var);
            if (!nvv)
                return false;
            nvv->nbindings = 1;
            nvv->bindings = nv_alloc(c, sizeof b);
            if (!nvv->bindings)
                return false;
            nvv->bindings[0] = b;
            nvv->array_size = 1;
            s->file = (uint8_t)(b.kind == NV_BIND_ATTRIB ? NV_FILE_ATTRIB : NV_FILE_PARAM);
            if (b.kind == NV_BIND_ATTRIB)
                a->nattribs++;
            else
                a->nparams++;
        } else if (nv_bind_starts(c, NV_BWANT_RESULT)) {
            if (!a->nv)
                return nv_error(c, t->offset, "result bindings cannot be read");
            nv_binding b;
            if (!nv_bind_parse(c, NV_BWANT_RESULT, NV_BCTX_OPERAND, &b))
                return false;
            nv_var *nvv = nv_add_var(c, NULL, 0, NV_VAR_OUTPUT, b.offset, &s->var);
            if (!nvv)
                return false;
            nvv->nbindings = 1;
            nvv->bindings = nv_alloc(c, sizeof b);
            if (!nvv->bindings)
                return false;
            nvv->bindings[0] = b;
            nvv->array_size = 1;
            s->file = NV_FILE_OUTPUT;
        } else {
            return nv_error(c, t->offset, "'%.*s' is not declared", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
        }
    } else {
        if (t->kind == NV_TOK_INVALID)
            return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
        return nv_error_here(c, "expected an operand");
    }
    bool scalar = false, present = false;
    if (swz_allowed) {
        if (!parse_swizzle(a, s->swizzle, &scalar, &present))
            return false;
        s->scalar = scalar;
    } else if (nv_at(c, NV_TOK_DOT) && nv_peek_n(c, 1)->kind == NV_TOK_IDENT && want == 'n') {
        return nv_error_here(c, "this operand takes no swizzle");
    }
    if (abs) {
        if (!nv_expect(c, NV_TOK_BAR, "'|' closing the absolute value"))
            return false;
    }
    if (want == 's' && !scalar && !(is_const_scalar && a->cc_ok))
        return nv_error(c, present ? s->offset : nv_peek(c)->offset, "scalar operand needs a component selector such as '.x'");
    return true;
}

/* ---- condition codes --------------------------------------------------- */

static const char *const cond_names[NV_COND_COUNT] = {
    "", "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL", "NAN", "LEG", "CF", "NCF", "OF", "NOF", "SF", "NSF", "AB", "BLE"};

/* Is the token a condition-code rule (GT, EQ1, ...)?  Returns cond and reg. */
static int cc_rule(const arb *a, const nv_token *t, uint8_t *reg)
{
    if (t->kind != NV_TOK_IDENT || t->len < 2 || t->len > 4)
        return 0;
    const char *s = a->c->src + t->offset;
    size_t len = t->len;
    *reg = 0;
    if (s[len - 1] == '0' || s[len - 1] == '1') {
        *reg = (uint8_t)(s[len - 1] - '0');
        len--;
    }
    int max = a->nv ? NV_COND_COUNT : NV_COND_FL + 1;
    for (int i = 1; i < max; i++)
        if (strlen(cond_names[i]) == len && memcmp(cond_names[i], s, len) == 0) {
            if (len != t->len && !a->nv && !(a->langs & (NV_L_ARBVP_NV3 | NV_L_ARBFP_NV2)) && *reg)
                return 0;
            return i;
        }
    return 0;
}

static bool parse_cc_test(arb *a, nv_cc_test *cc)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    uint8_t reg;
    int cond = cc_rule(a, t, &reg);
    if (!cond)
        return nv_error(c, t->offset, "expected a condition code test such as 'GT'");
    cc->cond = (uint8_t)cond;
    cc->reg = reg;
    cc->offset = t->offset;
    for (int i = 0; i < 4; i++)
        cc->swizzle[i] = (uint8_t)i;
    nv_next(c);
    bool scalar, present;
    return parse_swizzle(a, cc->swizzle, &scalar, &present);
}

/* "(GT.x)" */
static bool parse_cc_paren(arb *a, nv_cc_test *cc)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* ( */
    if (!parse_cc_test(a, cc))
        return false;
    return nv_expect(c, NV_TOK_RPAREN, "')'");
}

/* ---- destination ---------------------------------------------------------- */

static bool parse_writemask(arb *a, uint8_t *mask)
{
    nv_parse_ctx *c = a->c;
    *mask = 0xf;
    if (!nv_at(c, NV_TOK_DOT) || nv_peek_n(c, 1)->kind != NV_TOK_IDENT)
        return true;
    const nv_token *t = nv_peek_n(c, 1);
    const char *s = c->src + t->offset;
    int last = -1;
    bool rgba = false, first_rgba = false;
    uint8_t m = 0;
    if (t->len > 4)
        return nv_error(c, t->offset, "invalid write mask");
    for (uint32_t i = 0; i < t->len; i++) {
        int k = swz_char(s[i], &rgba);
        if (k < 0 || k <= last)
            return nv_error(c, t->offset, "invalid write mask '%.*s'", (int)t->len, s);
        if (i == 0)
            first_rgba = rgba;
        else if (rgba != first_rgba)
            return nv_error(c, t->offset, "write mask mixes xyzw and rgba selectors");
        last = k;
        m |= (uint8_t)(1u << k);
    }
    if (first_rgba && !a->rgba_ok)
        return nv_error(c, t->offset, "rgba write masks are not allowed in this program type");
    *mask = m;
    nv_next(c);
    nv_next(c);
    return true;
}

static bool parse_dst(arb *a, nv_inst *in)
{
    nv_parse_ctx *c = a->c;
    nv_dst *d = &in->dst;
    const nv_token *t = nv_peek(c);
    d->offset = t->offset;
    d->var = NV_VAR_NONE;
    in->has_dst = true;
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected a destination");
    uint32_t v;
    if (find_var(a, t, &v)) {
        nv_var *var = &c->prog->vars[v];
        d->var = v;
        d->file = (uint8_t)var_file(var->kind);
        bool arl = nvgp_nv_opcode_info((nv_opcode)in->op)->cls == NV_CLASS_ARL;
        if (d->file == NV_FILE_ADDRESS ? !arl : (d->file != NV_FILE_TEMP && d->file != NV_FILE_OUTPUT))
            return nv_error(c, t->offset, "'%s' cannot be written", var->name);
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!var->is_array)
                return nv_error_here(c, "'%s' is not an array", var->name);
            if (!parse_array_index(a, var, &d->index, &d->has_rel, &d->rel))
                return false;
        } else if (var->is_array) {
            return nv_error(c, t->offset, "array '%s' needs an index", var->name);
        }
        if (var->kind == NV_VAR_OUTPUT && var->nbindings && !strcmp(var->bindings[0].name, "result.position")) {
            a->wrote_position = true;
            a->position_write_off = t->offset;
        }
    } else if (nv_bind_starts(c, NV_BWANT_RESULT)) {
        nv_binding b;
        if (!nv_bind_parse(c, NV_BWANT_RESULT, NV_BCTX_OPERAND, &b))
            return false;
        nv_var *nvv = nv_add_var(c, NULL, 0, NV_VAR_OUTPUT, b.offset, &d->var);
        if (!nvv)
            return false;
        nvv->nbindings = 1;
        nvv->bindings = nv_alloc(c, sizeof b);
        if (!nvv->bindings)
            return false;
        nvv->bindings[0] = b;
        d->file = NV_FILE_OUTPUT;
        if (!strcmp(b.name, "result.position")) {
            a->wrote_position = true;
            a->position_write_off = b.offset;
        }
    } else if (nv_bind_starts(c, NV_BWANT_ATTRIB | NV_BWANT_PARAM)) {
        return nv_error(c, t->offset, "attributes and parameters cannot be written");
    } else {
        return nv_error(c, t->offset, "'%.*s' is not declared", (int)(t->len > 64 ? 64 : t->len), c->src + t->offset);
    }
    if (!parse_writemask(a, &d->writemask))
        return false;
    if (nv_at(c, NV_TOK_LPAREN)) {
        if (!a->cc_ok)
            return nv_error_here(c, "condition code masks are not allowed in this program type");
        if (!parse_cc_paren(a, &d->cc))
            return false;
    }
    return true;
}

/* ---- texture access ----------------------------------------------------- */

static const char *const tex_target_names[NV_TEX_COUNT] = {
    "", "1D", "2D", "3D", "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT", "ARRAY1D", "ARRAY2D",
    "SHADOWCUBE", "SHADOWARRAY1D", "SHADOWARRAY2D", "ARRAYCUBE", "SHADOWARRAYCUBE", "BUFFER",
    "RENDERBUFFER", "2DMS", "ARRAY2DMS"};

static bool target_allowed(const arb *a, int tgt)
{
    const nv_program *p = a->c->prog;
    if (a->nv) {
        if (tgt == NV_TEX_ARRAYCUBE || tgt == NV_TEX_SHADOWARRAYCUBE)
            return a->nv5;
        if (tgt == NV_TEX_RENDERBUFFER)
            return a->nv5 || nv_program_has_option(p, NV_OPTION_NV_explicit_multisample);
        if (tgt == NV_TEX_2DMS || tgt == NV_TEX_ARRAY2DMS)
            return a->nv5 || nv_program_has_option(p, NV_OPTION_NV_texture_multisample);
        return true;
    }
    if (tgt <= NV_TEX_RECT)
        return true;
    if (tgt >= NV_TEX_SHADOW1D && tgt <= NV_TEX_SHADOWRECT)
        return a->arbfp && nv_program_has_option(p, NV_OPTION_ARB_fragment_program_shadow);
    if (tgt == NV_TEX_ARRAY1D || tgt == NV_TEX_ARRAY2D)
        return a->arbfp && nv_program_has_option(p, NV_OPTION_MESA_texture_array);
    if (tgt == NV_TEX_SHADOWARRAY1D || tgt == NV_TEX_SHADOWARRAY2D)
        return a->arbfp && nv_program_has_option(p, NV_OPTION_MESA_texture_array) &&
               nv_program_has_option(p, NV_OPTION_ARB_fragment_program_shadow);
    return false;
}

static bool parse_tex_access(arb *a, nv_inst *in, bool allow_offset)
{
    nv_parse_ctx *c = a->c;
    nv_tex *tx = &in->tex;
    const nv_token *t = nv_peek(c);
    tx->offset = t->offset;
    tx->var = NV_VAR_NONE;
    uint32_t v;
    int32_t units = 1;      /* texture image units the access may use */
    int32_t first_unit = -1; /* the first of them, when not tx->unit */
    if (a->nv && tok_word(a, t, "handle") && nv_peek_n(c, 1)->kind == NV_TOK_LPAREN) {
        /* NV_bindless_texture: handle(<scalar>) */
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_bindless_texture))
            return nv_error(c, t->offset, "texture handles need OPTION NV_bindless_texture");
        nv_next(c);
        nv_next(c);
        nv_src h;
        memset(&h, 0, sizeof h);
        if (!parse_src(a, &h, 's'))
            return false;
        if (!nv_expect(c, NV_TOK_RPAREN, "')'"))
            return false;
        tx->unit = -1;
        tx->has_rel = true;
        tx->rel.file = h.file;
        tx->rel.var = h.var;
        tx->rel.comp = h.swizzle[0];
    } else if (tok_word(a, t, "texture")) {
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            nv_next(c);
            const nv_token *n = nv_peek(c);
            if (n->kind != NV_TOK_NUMBER || n->is_float)
                return nv_error_here(c, "expected a texture image unit number");
            long lim = a->arbvp ? 4 : NV_LIMIT_TEXTURE_IMAGE_UNITS;
            if (n->overflow || n->ival >= (uint64_t)lim)
                return nv_error(c, n->offset, "texture image unit %llu out of range (must be less than %ld)",
                                (unsigned long long)n->ival, lim);
            tx->unit = (int32_t)n->ival;
            nv_next(c);
            if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
                return false;
        } else if (!a->nv) {
            tx->unit = 0;
        } else {
            tx->unit = 0;
        }
    } else if (t->kind == NV_TOK_IDENT && find_var(a, t, &v) && c->prog->vars[v].kind == NV_VAR_TEXTURE) {
        const nv_var *var = &c->prog->vars[v];
        tx->var = v;
        nv_next(c);
        tx->unit = var->bindings[0].index;
        if (nv_at(c, NV_TOK_LBRACKET)) {
            int32_t idx;
            if (!parse_array_index(a, var, &idx, &tx->has_rel, &tx->rel))
                return false;
            if (!tx->has_rel)
                tx->unit += idx;
        } else if (var->is_array) {
            return nv_error(c, t->offset, "array '%s' needs an index", var->name);
        }
        /* NV_gpu_program5 2.X.4.4: an access through a texture array counts
         * as using every unit of the array for the one-target rule. */
        if (var->is_array) {
            first_unit = var->bindings[0].index;
            units = (int32_t)var->array_size;
        }
    } else {
        return nv_error(c, t->offset, "expected a texture image unit such as 'texture[0]'");
    }
    /* TXG/TXGO component selection "texture[0].y" (NV_gpu_program5 <textureUseS>). */
    if (nv_at(c, NV_TOK_DOT) && nv_peek_n(c, 1)->kind == NV_TOK_IDENT) {
        const nv_token *cs = nv_peek_n(c, 1);
        bool rgba;
        if (in->op != NV_OP_TXG && in->op != NV_OP_TXGO)
            return nv_error(c, cs->offset, "a texture component selector is allowed only on TXG and TXGO");
        if (cs->len != 1 || swz_char(c->src[cs->offset], &rgba) < 0)
            return nv_error(c, cs->offset, "invalid texture component selector");
        tx->gather_comp = (uint8_t)(swz_char(c->src[cs->offset], &rgba) + 1);
        nv_next(c);
        nv_next(c);
    }
    if (!nv_expect(c, NV_TOK_COMMA, "',' and a texture target"))
        return false;
    const nv_token *g = nv_peek(c);
    int tgt = 0;
    for (int i = 1; i < NV_TEX_COUNT; i++)
        if (tok_word(a, g, tex_target_names[i]))
            tgt = i;
    if (!tgt || !target_allowed(a, tgt))
        return nv_error(c, g->offset, "invalid texture target '%.*s'", (int)(g->len > 32 ? 32 : g->len), c->src + g->offset);
    tx->target = (uint8_t)tgt;
    nv_next(c);
    if (tx->unit >= 0 && in->op != NV_OP_TXQ && in->op != NV_OP_TXQS) {
        /* ARB_fragment_program 3.11.6, NV_gpu_program4 2.X.4.4: one target
         * (SHADOW pseudo-targets included) per texture image unit. */
        int32_t u0 = first_unit >= 0 ? first_unit : tx->unit;
        for (int32_t u = u0; u < u0 + units && u < NV_LIMIT_TEXTURE_IMAGE_UNITS; u++) {
            uint8_t *seen = &a->tex_target[u];
            if (*seen && *seen != tgt)
                return nv_error(c, g->offset, "texture image unit %d is used with two different targets", u);
            *seen = (uint8_t)tgt;
        }
    }
    if (a->nv5 && nv_at(c, NV_TOK_COMMA) && tok_word(a, nv_peek_n(c, 1), "offset") &&
        nv_peek_n(c, 2)->kind == NV_TOK_LPAREN) {
        /* NV_gpu_program5 <texOffsetVar>: offset(<vector operand>). */
        uint32_t off = nv_peek_n(c, 1)->offset;
        if (in->op == NV_OP_TXD || in->op == NV_OP_TXGO)
            return nv_error(c, off, "%s cannot take a non-constant texel offset", nvgp_nv_opcode_info((nv_opcode)in->op)->name);
        if (tgt == NV_TEX_CUBE || tgt == NV_TEX_SHADOWCUBE || tgt == NV_TEX_ARRAYCUBE || tgt == NV_TEX_SHADOWARRAYCUBE)
            return nv_error(c, off, "a non-constant texel offset with a cube map target");
        nv_next(c);
        nv_next(c);
        nv_next(c);
        if (in->nsrc >= 4)
            return nv_error(c, off, "too many operands");
        if (!parse_src(a, &in->src[in->nsrc], 'v'))
            return false;
        in->nsrc++;
        tx->offset_from_operand = true;
        return nv_expect(c, NV_TOK_RPAREN, "')'");
    }
    if (allow_offset && a->nv && nv_at(c, NV_TOK_COMMA) && nv_peek_n(c, 1)->kind == NV_TOK_LPAREN) {
        nv_next(c);
        nv_next(c);
        tx->has_offset = true;
        for (int i = 0; i < 3; i++) {
            long long o;
            uint32_t off = nv_peek(c)->offset;
            if (!parse_int(a, &o, true))
                return false;
            if (o < NV_LIMIT_TEXEL_OFFSET_MIN || o > NV_LIMIT_TEXEL_OFFSET_MAX)
                return nv_error(c, off, "texel offset %lld outside [%d,%d]", o, NV_LIMIT_TEXEL_OFFSET_MIN,
                                NV_LIMIT_TEXEL_OFFSET_MAX);
            tx->offsets[i] = (int8_t)o;
            if (!nv_at(c, NV_TOK_COMMA))
                break;
            nv_next(c);
        }
        if (!nv_expect(c, NV_TOK_RPAREN, "')'"))
            return false;
        /* NV_gpu_program4 2.X.4.4: components the target does not use must be zero. */
        int used = 3;
        if (tgt == NV_TEX_1D || tgt == NV_TEX_ARRAY1D || tgt == NV_TEX_SHADOW1D || tgt == NV_TEX_SHADOWARRAY1D)
            used = 1;
        else if (tgt == NV_TEX_2D || tgt == NV_TEX_RECT || tgt == NV_TEX_ARRAY2D || tgt == NV_TEX_SHADOW2D ||
                 tgt == NV_TEX_SHADOWRECT || tgt == NV_TEX_SHADOWARRAY2D || tgt == NV_TEX_2DMS || tgt == NV_TEX_ARRAY2DMS)
            used = 2;
        else if (tgt == NV_TEX_CUBE || tgt == NV_TEX_SHADOWCUBE || tgt == NV_TEX_ARRAYCUBE ||
                 tgt == NV_TEX_SHADOWARRAYCUBE || tgt == NV_TEX_BUFFER || tgt == NV_TEX_RENDERBUFFER)
            used = 0;
        for (int i = used; i < 3; i++)
            if (tx->offsets[i])
                return nv_error(c, g->offset, "texel offset component %d must be zero for target %s", i,
                                tex_target_names[tgt]);
    }
    /* Per-opcode target restrictions (NV_gpu_program4 2.X.4.4, 2.X.8.Z). */
    if (in->op == NV_OP_TXF && (tgt == NV_TEX_CUBE || tgt == NV_TEX_SHADOWCUBE || tgt == NV_TEX_ARRAYCUBE ||
                                tgt == NV_TEX_SHADOWARRAYCUBE || (tgt >= NV_TEX_SHADOW1D && tgt <= NV_TEX_SHADOWRECT) ||
                                tgt == NV_TEX_SHADOWARRAY1D || tgt == NV_TEX_SHADOWARRAY2D))
        return nv_error(c, g->offset, "TXF cannot use a SHADOW or CUBE target");
    if (in->op == NV_OP_TXG && !(tgt == NV_TEX_2D || tgt == NV_TEX_SHADOW2D || tgt == NV_TEX_CUBE ||
                                 tgt == NV_TEX_SHADOWCUBE || tgt == NV_TEX_ARRAY2D || tgt == NV_TEX_SHADOWARRAY2D ||
                                 tgt == NV_TEX_ARRAYCUBE || tgt == NV_TEX_SHADOWARRAYCUBE || tgt == NV_TEX_RECT ||
                                 tgt == NV_TEX_SHADOWRECT))
        return nv_error(c, g->offset, "TXG cannot use target %s", tex_target_names[tgt]);
    if (in->op == NV_OP_TXGO && !(tgt == NV_TEX_2D || tgt == NV_TEX_SHADOW2D || tgt == NV_TEX_ARRAY2D ||
                                  tgt == NV_TEX_SHADOWARRAY2D || tgt == NV_TEX_RECT || tgt == NV_TEX_SHADOWRECT))
        return nv_error(c, g->offset, "TXGO cannot use target %s", tex_target_names[tgt]);
    if ((in->op == NV_OP_TXB || in->op == NV_OP_TXL || in->op == NV_OP_TXP) &&
        (tgt == NV_TEX_SHADOWCUBE || tgt == NV_TEX_SHADOWARRAY2D))
        return nv_error(c, g->offset, "%s cannot use target %s", nvgp_nv_opcode_info((nv_opcode)in->op)->name,
                        tex_target_names[tgt]);
    return true;
}

/* ---- images (EXT_shader_image_load_store) ------------------------------- */

static const char *const image_target_names[] = {"1D", "2D", "3D", "RECT", "CUBE", "BUFFER", "ARRAY1D",
                                                 "ARRAY2D", "ARRAYCUBE", "2DMS", "ARRAY2DMS"};
static const uint8_t image_target_values[] = {NV_TEX_1D, NV_TEX_2D, NV_TEX_3D, NV_TEX_RECT, NV_TEX_CUBE,
                                              NV_TEX_BUFFER, NV_TEX_ARRAY1D, NV_TEX_ARRAY2D, NV_TEX_ARRAYCUBE,
                                              NV_TEX_2DMS, NV_TEX_ARRAY2DMS};

static bool parse_image_target(arb *a, nv_inst *in)
{
    nv_parse_ctx *c = a->c;
    const nv_token *g = nv_peek(c);
    for (size_t i = 0; i < sizeof image_target_names / sizeof image_target_names[0]; i++)
        if (tok_word(a, g, image_target_names[i])) {
            in->tex.target = image_target_values[i];
            nv_next(c);
            return true;
        }
    return nv_error(c, g->offset, "invalid image target");
}

/* "image[n]" or an IMAGE variable, then (with_target) "," and a target. */
static bool parse_image_access(arb *a, nv_inst *in, bool with_target)
{
    nv_parse_ctx *c = a->c;
    nv_tex *tx = &in->tex;
    const nv_token *t = nv_peek(c);
    tx->offset = t->offset;
    tx->var = NV_VAR_NONE;
    uint32_t v;
    if (tok_word(a, t, "image")) {
        nv_next(c);
        if (!nv_expect(c, NV_TOK_LBRACKET, "'['"))
            return false;
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float)
            return nv_error_here(c, "expected an image unit number");
        if (n->overflow || n->ival >= NV_LIMIT_IMAGE_UNITS)
            return nv_error(c, n->offset, "image unit %llu out of range (must be less than %d)",
                            (unsigned long long)n->ival, NV_LIMIT_IMAGE_UNITS);
        tx->unit = (int32_t)n->ival;
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
    } else if (t->kind == NV_TOK_IDENT && find_var(a, t, &v) && c->prog->vars[v].kind == NV_VAR_IMAGE) {
        const nv_var *var = &c->prog->vars[v];
        tx->var = v;
        tx->unit = var->bindings[0].index;
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!var->is_array)
                return nv_error_here(c, "'%s' is not an array", var->name);
            int32_t idx;
            if (!parse_array_index(a, var, &idx, &tx->has_rel, &tx->rel))
                return false;
            if (!tx->has_rel)
                tx->unit += idx;
        } else if (var->is_array) {
            return nv_error(c, t->offset, "array '%s' needs an index", var->name);
        }
    } else {
        return nv_error(c, t->offset, "expected an image unit such as 'image[0]'");
    }
    if (!with_target)
        return true;
    if (!nv_expect(c, NV_TOK_COMMA, "',' and an image target"))
        return false;
    return parse_image_target(a, in);
}

/* ---- subroutines (ARB_shader_subroutine) --------------------------------- */

/* SUBROUTINETYPE name { label, ... } */
static bool parse_subroutine_type(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    if (!nv_expect(c, NV_TOK_LBRACE, "'{'"))
        return false;
    uint32_t first_label = c->prog->nlabels, count = 0;
    while (!nv_at(c, NV_TOK_RBRACE)) {
        const nv_token *l = nv_peek(c);
        if (l->kind != NV_TOK_IDENT)
            return nv_error_here(c, "expected a subroutine label");
        uint32_t idx;
        if (!nv_name_lookup(c, c->src + l->offset, l->len, NV_NAME_LABEL, &idx) &&
            !nv_add_label(c, c->src + l->offset, l->len, l->offset, &idx))
            return false;
        count++;
        nv_next(c);
        if (!nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (!nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, NV_VAR_SUBROUTINETYPE, n->offset, NULL);
    if (!v)
        return false;
    v->array_size = count;
    v->alias_of = first_label;
    return true;
}

/* SUBROUTINE type name = program.subroutine[n];  or an array of them. */
static bool parse_subroutine(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *ty = nv_peek(c);
    uint32_t tv;
    if (ty->kind != NV_TOK_IDENT || !find_var(a, ty, &tv) || c->prog->vars[tv].kind != NV_VAR_SUBROUTINETYPE)
        return nv_error(c, ty->offset, "expected a SUBROUTINETYPE name");
    nv_next(c);
    const nv_token *n = nv_peek(c);
    if (!check_new_name(a, n))
        return false;
    nv_next(c);
    bool is_array = false;
    uint32_t size = 0;
    uint32_t size_off = nv_peek(c)->offset;
    if (!parse_decl_array(a, &is_array, &size))
        return false;
    if (!nv_expect(c, NV_TOK_EQUALS, "'='"))
        return false;
    bool braces = is_array && nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    uint32_t total = 0;
    int32_t first = -1;
    for (;;) {
        if (!nv_expect_word(c, "program") || !nv_expect(c, NV_TOK_DOT, "'.'") || !nv_expect_word(c, "subroutine") ||
            !nv_expect(c, NV_TOK_LBRACKET, "'['"))
            return false;
        long long lo, hi;
        uint32_t off = nv_peek(c)->offset;
        if (!parse_int(a, &lo, false))
            return false;
        hi = lo;
        if (braces && nv_at(c, NV_TOK_DOTDOT)) {
            nv_next(c);
            if (!parse_int(a, &hi, false))
                return false;
        }
        if (lo > hi || hi >= NV_LIMIT_SUBROUTINES)
            return nv_error(c, off, "invalid subroutine uniform location");
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        if (first < 0)
            first = (int32_t)lo;
        total += (uint32_t)(hi - lo + 1);
        if (!braces || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    if (size && size != total)
        return nv_error(c, size_off + 1, "array size %u does not match the %u bindings", size, total);
    nv_var *v = nv_add_var(c, c->src + n->offset, n->len, NV_VAR_SUBROUTINE, n->offset, NULL);
    if (!v)
        return false;
    v->is_array = is_array;
    v->array_size = total;
    v->alias_of = tv; /* its SUBROUTINETYPE */
    v->nbindings = 1;
    v->bindings = nv_alloc(c, sizeof *v->bindings);
    if (!v->bindings)
        return false;
    v->bindings[0].kind = NV_BIND_OTHER;
    v->bindings[0].index = first;
    v->bindings[0].count = total;
    v->bindings[0].name = "program.subroutine";
    v->bindings[0].offset = n->offset;
    return true;
}

/* ---- modifiers ------------------------------------------------------------ */

static const struct { const char *name; uint8_t dt; } dtype_names[] = {
    {"F", NV_DT_F}, {"U", NV_DT_U}, {"S", NV_DT_S}, {"F16", NV_DT_F16}, {"F32", NV_DT_F32}, {"F64", NV_DT_F64},
    {"S8", NV_DT_S8}, {"S16", NV_DT_S16}, {"S32", NV_DT_S32}, {"S64", NV_DT_S64}, {"U8", NV_DT_U8},
    {"U16", NV_DT_U16}, {"U32", NV_DT_U32}, {"U64", NV_DT_U64}, {"F32X2", NV_DT_F32X2}, {"F32X4", NV_DT_F32X4},
    {"F64X2", NV_DT_F64X2}, {"F64X4", NV_DT_F64X4}, {"S32X2", NV_DT_S32X2}, {"S32X4", NV_DT_S32X4},
    {"S64X2", NV_DT_S64X2}, {"S64X4", NV_DT_S64X4}, {"U32X2", NV_DT_U32X2}, {"U32X4", NV_DT_U32X4},
    {"U64X2", NV_DT_U64X2}, {"U64X4", NV_DT_U64X4}, {"F16X2", NV_DT_F16X2}, {"F16X4", NV_DT_F16X4},
    {"S8X2", NV_DT_S8X2}, {"S8X4", NV_DT_S8X4}, {"S16X2", NV_DT_S16X2}, {"S16X4", NV_DT_S16X4},
    {"U8X2", NV_DT_U8X2}, {"U8X4", NV_DT_U8X4}, {"U16X2", NV_DT_U16X2}, {"U16X4", NV_DT_U16X4}};

static const char *const atom_names[] = {"", "ADD", "MIN", "MAX", "IWRAP", "DWRAP", "AND", "OR", "XOR", "EXCH",
                                         "CSWAP", "INCR", "DECR", "GET"};

static bool is_mem_class(uint8_t cls)
{
    return cls == NV_CLASS_ATOM || cls == NV_CLASS_LOAD || cls == NV_CLASS_STORE || cls == NV_CLASS_ATOMIM ||
           cls == NV_CLASS_LOADIM || cls == NV_CLASS_STOREIM || cls == NV_CLASS_ATOMCTR;
}

/* ".F.CC.SAT" after an NV opcode; legality from the row (Table X.13). */
static bool parse_nv_modifiers(arb *a, nv_inst *in, const nv_opcode_info *info)
{
    nv_parse_ctx *c = a->c;
    bool seen_type = in->dtype != 0; /* an R or H suffix already gave the type */
    while (nv_at(c, NV_TOK_DOT) && nv_peek_n(c, 1)->kind == NV_TOK_IDENT) {
        const nv_token *t = nv_peek_n(c, 1);
        const char *s = c->src + t->offset;
        int len = (int)(t->len > 32 ? 32 : t->len);
        int dt = -1;
        for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
            if (nvgp_nv_tok_is(c->src, t, dtype_names[i].name))
                dt = dtype_names[i].dt;
        int atom = 0;
        for (int i = 1; i < (int)(sizeof atom_names / sizeof atom_names[0]); i++)
            if (nvgp_nv_tok_is(c->src, t, atom_names[i]))
                atom = i;
        /* LDC reads memory too: sized types are its storage modifiers (NV_parameter_buffer_object2). */
        bool mem = is_mem_class(info->cls) || in->op == NV_OP_LDC;
        /* CVT: two storage modifiers, the result's type then the operand's
         * (NV_gpu_program5 2.X.8.Z CVT); kept in dtype and storage. */
        if (in->op == NV_OP_CVT && dt >= 0) {
            static const uint8_t cvt_ok[] = {NV_DT_F16, NV_DT_F32, NV_DT_F64, NV_DT_S8, NV_DT_S16, NV_DT_S32,
                                             NV_DT_S64, NV_DT_U8, NV_DT_U16, NV_DT_U32, NV_DT_U64};
            bool ok = false;
            for (size_t i = 0; i < sizeof cvt_ok; i++)
                ok |= cvt_ok[i] == dt;
            if (!ok || (in->dtype && in->storage))
                return nv_error(c, t->offset, "CVT takes two storage modifiers from F16 F32 F64 S8 S16 S32 S64 U8 U16 U32 U64");
            if (!in->dtype)
                in->dtype = (uint8_t)dt;
            else
                in->storage = (uint8_t)dt;
            nv_next(c);
            nv_next(c);
            continue;
        }
        if (atom && (info->cls == NV_CLASS_ATOM || info->cls == NV_CLASS_ATOMIM || info->cls == NV_CLASS_ATOMCTR)) {
            if (in->atom_op)
                return nv_error(c, t->offset, "more than one atomic operation modifier");
            in->atom_op = (uint8_t)atom;
        } else if (dt >= 0) {
            bool base = dt == NV_DT_F || dt == NV_DT_U || dt == NV_DT_S;
            if (mem && !base) {
                if (in->storage)
                    return nv_error(c, t->offset, "more than one storage modifier");
                in->storage = (uint8_t)dt;
            } else {
                if (seen_type)
                    return nv_error(c, t->offset, "more than one data type modifier");
                seen_type = true;
                bool is_f = dt == NV_DT_F || dt == NV_DT_F32 || dt == NV_DT_F64 || dt == NV_DT_F16;
                bool is64 = dt == NV_DT_F64 || dt == NV_DT_S64 || dt == NV_DT_U64;
                bool sized = dt >= NV_DT_F16;
                int col = is_f ? NV_MOD_F : NV_MOD_I;
                bool ok = nv_op_allows(info, col) || (info->cls == NV_CLASS_ATOM || info->cls == NV_CLASS_ATOMIM || mem);
                if (is64 && !nv_op_allows64(info, col) && !mem && info->cls != NV_CLASS_ATOM && info->cls != NV_CLASS_ATOMIM)
                    ok = false;
                if (is64 && !a->nv5)
                    ok = false;
                if (sized && !a->nv5 && !mem)
                    ok = false;
                if (dt == NV_DT_F16 && !mem)
                    ok = false;
                if (!ok)
                    return nv_error(c, t->offset, "%s does not take the '%.*s' modifier", info->name, len, s);
                in->dtype = (uint8_t)dt;
            }
        } else if (nvgp_nv_tok_is(c->src, t, "CC") || nvgp_nv_tok_is(c->src, t, "CC0") || nvgp_nv_tok_is(c->src, t, "CC1")) {
            if (!nv_op_allows(info, NV_MOD_C))
                return nv_error(c, t->offset, "%s does not take a condition code update modifier", info->name);
            if (in->cc_update)
                return nv_error(c, t->offset, "more than one condition code update modifier");
            in->cc_update = s[t->len - 1] == '1' ? 2 : 1;
        } else if (nvgp_nv_tok_is(c->src, t, "SAT") || nvgp_nv_tok_is(c->src, t, "SSAT")) {
            if (!nv_op_allows(info, NV_MOD_S))
                return nv_error(c, t->offset, "%s does not take a clamping modifier", info->name);
            if (in->sat)
                return nv_error(c, t->offset, "more than one clamping modifier");
            in->sat = t->len == 3 ? NV_SAT_SAT : NV_SAT_SSAT;
        } else if (nvgp_nv_tok_is(c->src, t, "NTC")) {
            if (in->ntc)
                return nv_error(c, t->offset, "repeated NTC modifier");
            in->ntc = true;
        } else if (nvgp_nv_tok_is(c->src, t, "S24") || nvgp_nv_tok_is(c->src, t, "U24") || nvgp_nv_tok_is(c->src, t, "HI")) {
            if (in->op != NV_OP_MUL)
                return nv_error(c, t->offset, "'%.*s' is allowed only on MUL", len, s);
            if (in->s24 || in->u24 || in->hi)
                return nv_error(c, t->offset, "more than one of S24, U24 and HI");
            in->s24 = s[0] == 'S';
            in->u24 = s[0] == 'U';
            in->hi = s[0] == 'H';
        } else if ((nvgp_nv_tok_is(c->src, t, "COH") || nvgp_nv_tok_is(c->src, t, "VOL")) && a->nv5 && mem) {
            if (s[0] == 'C')
                in->coh = true;
            else
                in->vol = true;
        } else if (nvgp_nv_tok_is(c->src, t, "PREC") && a->nv5) {
            in->prec_mod = true;
        } else if (nvgp_nv_tok_is(c->src, t, "CTA") && in->op == NV_OP_MEMBAR) {
            in->membar_cta = 1;
        } else if (in->op == NV_OP_CVT && (nvgp_nv_tok_is(c->src, t, "ROUND") || nvgp_nv_tok_is(c->src, t, "CEIL") ||
                                           nvgp_nv_tok_is(c->src, t, "FLR") || nvgp_nv_tok_is(c->src, t, "TRUNC"))) {
            if (in->round)
                return nv_error(c, t->offset, "more than one rounding modifier");
            in->round = s[0] == 'R' ? NV_ROUND_ROUND : s[0] == 'C' ? NV_ROUND_CEIL : s[0] == 'F' ? NV_ROUND_FLR : NV_ROUND_TRUNC;
        } else {
            return nv_error(c, t->offset, "unknown or unsupported modifier '%.*s' on %s", len, s, info->name);
        }
        nv_next(c);
        nv_next(c);
    }
    return true;
}

/* ---- instructions -------------------------------------------------------- */

static bool close_block(arb *a, nv_inst *in, const nv_token *t)
{
    nv_parse_ctx *c = a->c;
    if (a->depth == 0)
        return nv_error(c, t->offset, "%s without a matching block start", nvgp_nv_opcode_info((nv_opcode)in->op)->name);
    flow *f = &a->stack[a->depth - 1];
    bool ok = false;
    switch (in->op) {
    case NV_OP_ELSE: ok = f->op == NV_OP_IF && !f->has_else; break;
    case NV_OP_ENDIF: ok = f->op == NV_OP_IF; break;
    case NV_OP_ENDREP: ok = f->op == NV_OP_REP; break;
    case NV_OP_ENDLOOP: ok = f->op == NV_OP_LOOP; break;
    default: break;
    }
    if (!ok)
        return nv_error(c, t->offset, "%s does not match the open %s block", nvgp_nv_opcode_info((nv_opcode)in->op)->name,
                        nvgp_nv_opcode_info((nv_opcode)f->op)->name);
    c->prog->insts[f->inst].block = c->prog->ninsts - 1;
    if (in->op == NV_OP_ELSE) {
        f->has_else = true;
        f->inst = c->prog->ninsts - 1;
        return true;
    }
    if (f->op == NV_OP_REP && !f->counted && !f->has_brk && !a->saw_ret) {
        /* The RET may still come later in the program; NV_gpu_program4 2.X.5
         * allows "a RET instruction at any nesting level". */
        bool ret_later = false;
        for (size_t i = c->pos; i < c->ntok && !ret_later; i++)
            if (c->tok[i].kind == NV_TOK_IDENT && (nvgp_nv_tok_is(c->src, &c->tok[i], "RET")))
                ret_later = true;
        if (!ret_later)
            return nv_error(c, f->offset, "REP block without a loop count contains neither BRK nor RET");
    }
    if (f->op == NV_OP_IF)
        a->if_depth--;
    else
        a->loop_depth--;
    a->depth--;
    return true;
}

static bool open_block(arb *a, uint8_t op, uint32_t offset, bool counted)
{
    nv_parse_ctx *c = a->c;
    if (a->depth >= MAX_FLOW)
        return nv_error(c, offset, "blocks nested too deeply");
    if (op == NV_OP_IF) {
        if (a->if_depth >= NV_LIMIT_PROGRAM_IF_DEPTH)
            return nv_error(c, offset, "IF nested inside %d IF blocks (MAX_PROGRAM_IF_DEPTH_NV)", a->if_depth);
        a->if_depth++;
    } else {
        if (a->loop_depth >= NV_LIMIT_PROGRAM_LOOP_DEPTH)
            return nv_error(c, offset, "loop nested inside %d loops (MAX_PROGRAM_LOOP_DEPTH_NV)", a->loop_depth);
        a->loop_depth++;
    }
    a->stack[a->depth++] = (flow){.op = op, .counted = counted, .inst = c->prog->ninsts - 1, .offset = offset};
    return true;
}

static bool parse_branch_target(arb *a, nv_inst *in)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected a label");
    uint32_t idx;
    if (!nv_name_lookup(c, c->src + t->offset, t->len, NV_NAME_LABEL, &idx)) {
        /* Forward reference: a label to be defined later. */
        nv_label *l = nv_add_label(c, c->src + t->offset, t->len, t->offset, &idx);
        if (!l)
            return false;
    }
    in->label = idx;
    nv_next(c);
    return true;
}

static bool parse_opt_cond(arb *a, nv_inst *in)
{
    nv_parse_ctx *c = a->c;
    if (nv_at(c, NV_TOK_LPAREN))
        return parse_cc_paren(a, &in->cond);
    if (a->nv && !nv_at(c, NV_TOK_SEMI)) {
        uint8_t reg;
        if (cc_rule(a, nv_peek(c), &reg))
            return parse_cc_test(a, &in->cond);
    }
    return true;
}

/* The data type ('F', 'S', 'U' or 0 = none) of the instruction: its type
 * modifier, or the D column's default. */
static char dt_type(uint8_t dt)
{
    switch (dt) {
    case NV_DT_F: case NV_DT_F16: case NV_DT_F32: case NV_DT_F64: case NV_DT_F32X2: case NV_DT_F32X4:
    case NV_DT_F64X2: case NV_DT_F64X4: case NV_DT_F16X2: case NV_DT_F16X4:
        return 'F';
    case NV_DT_S: case NV_DT_S8: case NV_DT_S16: case NV_DT_S32: case NV_DT_S64: case NV_DT_S32X2: case NV_DT_S32X4:
    case NV_DT_S64X2: case NV_DT_S64X4: case NV_DT_S8X2: case NV_DT_S8X4: case NV_DT_S16X2: case NV_DT_S16X4:
        return 'S';
    case NV_DT_U: case NV_DT_U8: case NV_DT_U16: case NV_DT_U32: case NV_DT_U64: case NV_DT_U32X2: case NV_DT_U32X4:
    case NV_DT_U64X2: case NV_DT_U64X4: case NV_DT_U8X2: case NV_DT_U8X4: case NV_DT_U16X2: case NV_DT_U16X4:
        return 'U';
    default: return 0;
    }
}

static char inst_type(const nv_inst *in, const nv_opcode_info *info)
{
    char t = dt_type(in->dtype ? in->dtype : in->storage);
    if (t)
        return t;
    char d = nv_op_default_type(info);
    return d == 'F' || d == 'S' || d == 'U' ? d : 0;
}

/* Type of a format ("v", "vf", "su", ...) of an instruction of type t. */
static char format_type(const char *f, size_t n, char t)
{
    if (n == 2 && (f[1] == 'f'))
        return 'F';
    if (n == 2 && f[1] == 's' && f[0] == 'v')
        return 'S';
    if (n == 2 && f[1] == 'u')
        return 'U';
    if (n == 1 && (f[0] == 'v' || f[0] == 's'))
        return t;
    return 0;
}

static char var_type(const nv_var *v)
{
    if (v->mods & NV_VMOD_INT)
        return 'S';
    if (v->mods & NV_VMOD_UINT)
        return 'U';
    if (v->mods & NV_VMOD_FLOAT)
        return 'F';
    return 0;
}

/* NV_gpu_program4 2.X.3.1, 2.X.3.3 and 2.X.4: operands and results must
 * agree with the instruction's data types unless NTC is given; constants
 * read as integers must be integers (non-negative for unsigned). */
static bool check_types(arb *a, const nv_inst *in, const nv_opcode_info *info)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    char t = inst_type(in, info);
    /* CVT: the operand has the second storage modifier's type. */
    char tsrc = in->op == NV_OP_CVT ? dt_type(in->storage) : t;
    const char *f = info->in;
    for (int i = 0; i < in->nsrc && *f && *f != '-'; i++) {
        const char *e = strchr(f, ',');
        size_t n = e ? (size_t)(e - f) : strlen(f);
        if (n == 1 && (f[0] == 'i' || f[0] == 't')) {
            /* image or texture: not a source operand */
            f = e ? e + 1 : f + n;
            i--;
            continue;
        }
        char want = format_type(f, n, tsrc);
        const nv_src *s = &in->src[i];
        if (want && s->file == NV_FILE_CONST) {
            const nv_const *k = &p->consts[s->konst];
            if (want != 'F' && !k->is_int)
                return nv_error(c, s->offset, "a floating-point constant is used as an integer");
            if (want == 'U' && !s->negate)
                for (int j = 0; j < 4; j++)
                    if (k->d[j] < 0)
                        return nv_error(c, s->offset, "a negative constant is used as an unsigned integer");
        } else if (want && !in->ntc && s->var != NV_VAR_NONE) {
            char vt = var_type(&p->vars[s->var]);
            if (vt && vt != want)
                return nv_error(c, s->offset, "operand '%s' is declared %s but the instruction reads %s",
                                p->vars[s->var].name, vt == 'F' ? "FLOAT" : vt == 'S' ? "INT" : "UINT",
                                want == 'F' ? "floating-point values" : want == 'S' ? "signed integers" : "unsigned integers");
        }
        f = e ? e + 1 : f + n;
    }
    if (in->has_dst && !in->ntc && in->dst.var != NV_VAR_NONE && info->out[0] != '-') {
        char want = format_type(info->out, strlen(info->out), t);
        char vt = var_type(&p->vars[in->dst.var]);
        if (want && vt && vt != want)
            return nv_error(c, in->dst.offset, "result '%s' is declared %s but the instruction writes %s",
                            p->vars[in->dst.var].name, vt == 'F' ? "FLOAT" : vt == 'S' ? "INT" : "UINT",
                            want == 'F' ? "floating-point values" : want == 'S' ? "signed integers" : "unsigned integers");
    }
    /* Clamping only on floating-point results (2.X.4.1). */
    if (in->sat && t != 'F' && !(info->out[0] == 'v' && info->out[1] == 'f'))
        return nv_error(c, in->offset, "a clamping modifier on an instruction without floating-point results");
    /* PK* results and UP* operands must not be SHORT (2.X.8.Z). */
    if ((in->op == NV_OP_PK2H || in->op == NV_OP_PK2US || in->op == NV_OP_PK4B || in->op == NV_OP_PK4UB) &&
        in->dst.var != NV_VAR_NONE && (p->vars[in->dst.var].mods & NV_VMOD_SHORT))
        return nv_error(c, in->dst.offset, "%s writes a variable declared SHORT", info->name);
    if ((in->op == NV_OP_UP2H || in->op == NV_OP_UP2US || in->op == NV_OP_UP4B || in->op == NV_OP_UP4UB) &&
        in->src[0].var != NV_VAR_NONE && (p->vars[in->src[0].var].mods & NV_VMOD_SHORT))
        return nv_error(c, in->src[0].offset, "%s reads a variable declared SHORT", info->name);
    return true;
}

static bool parse_instruction(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    opsuffix sfx;
    if (!split_opcode(c->src + t->offset, t->len, &sfx) || !op_available(a, sfx.op)) {
        if (t->kind == NV_TOK_INVALID)
            return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
        return nv_error(c, t->offset, "unknown instruction '%.*s'", (int)(t->len > 32 ? 32 : t->len), c->src + t->offset);
    }
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)sfx.op);
    if (!op_option_ok(a, sfx.op))
        return nv_error(c, t->offset, "%s needs OPTION %s", info->name,
                        nvgp_nv_option_info((nv_option)info->option)->name);
    /* Suffix legality. */
    if (sfx.prec || sfx.cc || sfx.sat) {
        const char *om = info->oldmods;
        bool ok = true;
        if (a->nv) {
            ok = (!sfx.prec || (sfx.prec != NV_PREC_X && nv_op_allows(info, NV_MOD_F))) &&
                 (!sfx.cc || nv_op_allows(info, NV_MOD_C)) && (!sfx.sat || nv_op_allows(info, NV_MOD_S));
        } else {
            bool nvfp = (a->langs & NV_L_ARBFP_NV) != 0, nvvp = (a->langs & NV_L_ARBVP_NV2) != 0;
            if (sfx.prec && (!nvfp || !strchr(om, "?RHX"[sfx.prec])))
                ok = false;
            if (sfx.cc && (!(nvfp || nvvp) || !strchr(om, 'C')))
                ok = false;
            if (sfx.cc == 2 && !(a->langs & (NV_L_ARBVP_NV3 | NV_L_ARBFP_NV2)))
                ok = false;
            if (sfx.sat == NV_SAT_SAT && !(a->arbfp || (a->langs & NV_L_ARBVP_NV3)))
                ok = false;
            if (sfx.sat == NV_SAT_SSAT && !(a->langs & (NV_L_ARBFP_NV2)))
                ok = false;
            if (sfx.sat && a->arbfp && !nvfp && info->cls == NV_CLASS_KIL)
                ok = false;
            if (sfx.sat && nvfp && !strchr(om, 'S') && info->cls != NV_CLASS_SWZ)
                ok = false;
        }
        if (!ok)
            return nv_error(c, t->offset, "invalid suffix on %s", info->name);
    }
    nv_inst *in = nv_add_inst(c, (nv_opcode)sfx.op, t->offset);
    if (!in)
        return false;
    in->prec = sfx.prec;
    in->cc_update = sfx.cc;
    in->sat = sfx.sat;
    if (sfx.prec == NV_PREC_R || sfx.prec == NV_PREC_H)
        in->dtype = NV_DT_F;
    nv_next(c);
    a->saw_statement = true;
    if (a->nv && !parse_nv_modifiers(a, in, info))
        return false;
    in = &c->prog->insts[c->prog->ninsts - 1];
    if (in->op == NV_OP_CVT && !in->storage)
        return nv_error(c, t->offset, "CVT needs two storage modifiers (result type, then operand type)");
    /* Memory instructions take exactly one storage modifier (NV_gpu_program5
     * 2.X.8.Z LOAD/STORE/ATOM; NV_compute_program5; EXT_shader_image_load_store). */
    if (a->nv && is_mem_class(info->cls) && info->cls != NV_CLASS_ATOMCTR && !in->storage)
        return nv_error(c, t->offset, "%s needs a storage modifier such as .U32 or .F32X4", info->name);
    /* Operands by grammar class. */
    const char *ins = info->in;
    bool mem_operand = in->op == NV_OP_LDS || in->op == NV_OP_STS || in->op == NV_OP_ATOMS ||
                       in->op == NV_OP_LDB || in->op == NV_OP_STB || in->op == NV_OP_ATOMB;
    #define SRC(i, w) do { if (!parse_src(a, &in->src[i], (w))) return false; in->nsrc = (uint8_t)((i) + 1); } while (0)
    #define COMMA() do { if (!nv_expect(c, NV_TOK_COMMA, "','")) return false; } while (0)
    switch ((nv_class)info->cls) {
    case NV_CLASS_VECTOR:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v');
        break;
    case NV_CLASS_SCALAR:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 's');
        break;
    case NV_CLASS_BINSC:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 's'); COMMA(); SRC(1, 's');
        break;
    case NV_CLASS_VECSCA:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 's');
        break;
    case NV_CLASS_BIN:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v');
        /* NV_shader_thread_group's QSWZ*: second operand optional (SPEC-DECISIONS 1). */
        if ((in->op >= NV_OP_QSWZ0 && in->op <= NV_OP_QSWZY) && nv_at(c, NV_TOK_SEMI))
            break;
        COMMA(); SRC(1, 'v');
        break;
    case NV_CLASS_TRI:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA(); SRC(2, 'v');
        break;
    case NV_CLASS_SWZ: {
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'n');
        nv_src *s = &in->src[0];
        for (int i = 0; i < 4; i++) {
            COMMA();
            bool neg = false;
            if (nv_at(c, NV_TOK_MINUS) || nv_at(c, NV_TOK_PLUS)) {
                neg = nv_at(c, NV_TOK_MINUS);
                nv_next(c);
            }
            const nv_token *e = nv_peek(c);
            int sel = -1;
            bool rgba = false;
            if (e->kind == NV_TOK_NUMBER && !e->is_float && !e->is_hex && e->len == 1 && e->ival <= 1)
                sel = e->ival ? NV_SWZ_ONE : NV_SWZ_ZERO;
            else if (e->kind == NV_TOK_IDENT && e->len == 1)
                sel = swz_char(c->src[e->offset], &rgba);
            if (sel < 0 || (rgba && !a->rgba_ok))
                return nv_error(c, e->offset, "invalid extended swizzle component");
            s->swizzle[i] = (uint8_t)sel;
            if (neg)
                s->negmask |= (uint8_t)(1u << i);
            nv_next(c);
        }
        break;
    }
    case NV_CLASS_TEX:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA();
        if (!parse_tex_access(a, in, true)) return false;
        if (in->op == NV_OP_TXFMS || in->op == NV_OP_TXF) {
        }
        break;
    case NV_CLASS_TXD:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA(); SRC(2, 'v'); COMMA();
        if (!parse_tex_access(a, in, true)) return false;
        break;
    case NV_CLASS_TXQS:
        if (!parse_dst(a, in)) return false;
        COMMA();
        if (!parse_tex_access(a, in, false)) return false;
        break;
    case NV_CLASS_BRA:
        if (!parse_branch_target(a, in)) return false;
        if (!parse_opt_cond(a, in)) return false;
        break;
    case NV_CLASS_FLOWCC:
        if (in->op == NV_OP_RET)
            a->saw_ret = true;
        if (in->op == NV_OP_BRK || in->op == NV_OP_CONT) {
            int lvl = a->depth - 1;
            while (lvl >= 0 && a->stack[lvl].op == NV_OP_IF)
                lvl--;
            if (lvl < 0)
                return nv_error(c, t->offset, "%s outside a loop", info->name);
            if (in->op == NV_OP_BRK && a->stack[lvl].op == NV_OP_REP)
                a->stack[lvl].has_brk = true;
            if (in->op == NV_OP_BRK && lvl != a->depth - 1)
                a->stack[lvl].has_brk = true;
        }
        if (!parse_opt_cond(a, in)) return false;
        break;
    case NV_CLASS_IF:
        if (nv_at(c, NV_TOK_LPAREN)) {
            if (!parse_cc_paren(a, &in->cond)) return false;
        } else if (!parse_cc_test(a, &in->cond)) {
            return false;
        }
        if (!open_block(a, NV_OP_IF, t->offset, false)) return false;
        break;
    case NV_CLASS_REP: {
        bool counted = !nv_at(c, NV_TOK_SEMI);
        if (counted) {
            if (a->arbfp && !a->nv) {
                SRC(0, 's');
                if (in->src[0].file != NV_FILE_PARAM && in->src[0].file != NV_FILE_CONST)
                    return nv_error(c, in->src[0].offset, "the loop count must be a program parameter");
            } else {
                SRC(0, 'v');
            }
        } else if (a->arbfp && !a->nv) {
            return nv_error_here(c, "REP needs a loop count");
        }
        if (!open_block(a, NV_OP_REP, t->offset, counted)) return false;
        break;
    }
    case NV_CLASS_LOOP:
        SRC(0, 'v');
        if (in->src[0].file != NV_FILE_PARAM && in->src[0].file != NV_FILE_CONST)
            return nv_error(c, in->src[0].offset, "the loop operand must be a program parameter");
        if (!open_block(a, NV_OP_LOOP, t->offset, true)) return false;
        break;
    case NV_CLASS_ENDFLOW:
        if (!close_block(a, in, t)) return false;
        break;
    case NV_CLASS_KIL:
        if (nv_at(c, NV_TOK_LPAREN) && a->cc_ok) {
            if (!parse_cc_paren(a, &in->cond)) return false;
        } else {
            uint8_t reg;
            uint32_t dummy;
            const nv_token *k = nv_peek(c);
            if (a->cc_ok && cc_rule(a, k, &reg) && !find_var(a, k, &dummy)) {
                if (!parse_cc_test(a, &in->cond)) return false;
            } else {
                SRC(0, 'v');
            }
        }
        break;
    case NV_CLASS_ATOM:
        if (!in->atom_op)
            return nv_error(c, t->offset, "%s needs an atomic operation modifier", info->name);
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_LOAD:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_STORE:
        SRC(0, 'v'); COMMA(); SRC(1, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_ATOMCTR:
        if (!in->atom_op)
            return nv_error(c, t->offset, "ATOMCTR needs INCR, DECR or GET");
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'm');
        if (in->src[0].file != NV_FILE_COUNTER)
            return nv_error(c, in->src[0].offset, "ATOMCTR needs a COUNTER variable");
        break;
    case NV_CLASS_LOADIM:
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA();
        if (!parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_ATOMIM:
        if (!in->atom_op)
            return nv_error(c, t->offset, "ATOMIM needs an atomic operation modifier");
        if (!parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA();
        if (!parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_STOREIM:
        if (!parse_image_access(a, in, false)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA();
        if (!parse_image_target(a, in)) return false;
        break;
    case NV_CLASS_IMQS:
        if (!parse_dst(a, in)) return false;
        COMMA();
        if (!parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_CALI: {
        const nv_token *v = nv_peek(c);
        uint32_t var;
        if (v->kind != NV_TOK_IDENT || !find_var(a, v, &var) || c->prog->vars[var].kind != NV_VAR_SUBROUTINE)
            return nv_error(c, v->offset, "CALI needs a SUBROUTINE variable");
        in->label = var;
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!c->prog->vars[var].is_array)
                return nv_error_here(c, "'%s' is not an array", c->prog->vars[var].name);
            if (!parse_array_index(a, &c->prog->vars[var], &in->src[0].index, &in->src[0].has_rel, &in->src[0].rel))
                return false;
        } else if (c->prog->vars[var].is_array) {
            return nv_error(c, v->offset, "array '%s' needs an index", c->prog->vars[var].name);
        }
        if (!parse_opt_cond(a, in)) return false;
        break;
    }
    case NV_CLASS_EMITS:
        SRC(0, 's');
        break;
    case NV_CLASS_NONE:
        break;
    case NV_CLASS_ARL: {
        if (!parse_dst(a, in)) return false;
        if (c->prog->vars[in->dst.var].kind != NV_VAR_ADDRESS && in->dst.file != NV_FILE_ADDRESS)
            return nv_error(c, in->dst.offset, "%s writes an address register", info->name);
        bool full = (a->langs & NV_L_ARBVP_NV2) != 0;
        if (!full && in->dst.writemask != 1)
            return nv_error(c, in->dst.offset, "ARL writes only the x component of an address register");
        COMMA();
        SRC(0, full ? 'v' : 's');
        break;
    }
    case NV_CLASS_ARA:
    case NV_CLASS_PUSHA:
    case NV_CLASS_POPA:
    case NV_CLASS_COUNT:
        return nv_error(c, t->offset, "%s is not supported yet", info->name);
    }
    #undef SRC
    #undef COMMA
    (void)ins;
    if (in->op == NV_OP_CVT && (in->src[0].negate || in->src[0].abs))
        return nv_error(c, in->src[0].offset, "CVT does not support negation or absolute value on its operand");
    if (in->op == NV_OP_IPAC || in->op == NV_OP_IPAO || in->op == NV_OP_IPAS) {
        const nv_src *s0 = &in->src[0];
        const nv_var *v0 = s0->var != NV_VAR_NONE ? &c->prog->vars[s0->var] : NULL;
        const char *bn = v0 && v0->nbindings ? v0->bindings[0].name : "";
        if (!v0 || v0->kind != NV_VAR_ATTRIB || !strcmp(bn, "fragment.facing") || !strcmp(bn, "primitive.id"))
            return nv_error(c, s0->offset, "%s interpolates only fragment attributes (not fragment.facing or primitive.id)",
                            info->name);
    }
    if (in->op == NV_OP_PK64 && in->dst.var != NV_VAR_NONE && !(c->prog->vars[in->dst.var].mods & NV_VMOD_LONG))
        return nv_error(c, in->dst.offset, "PK64 must write a variable declared LONG");
    if (in->op == NV_OP_UP64 && in->src[0].var != NV_VAR_NONE && !(c->prog->vars[in->src[0].var].mods & NV_VMOD_LONG))
        return nv_error(c, in->src[0].offset, "UP64 must read a variable declared LONG");
    if (in->op == NV_OP_EMITS && c->prog->decls.primitive_out >= 0 && c->prog->decls.primitive_out != NV_PRIM_POINTS)
        return nv_error(c, t->offset, "EMITS needs PRIMITIVE_OUT POINTS");
    if (in->op == NV_OP_LDC && (in->src[0].var == NV_VAR_NONE || c->prog->vars[in->src[0].var].kind != NV_VAR_CBUFFER))
        return nv_error(c, in->src[0].offset, "the LDC operand must be a CBUFFER variable");
    if ((in->op == NV_OP_LDS || in->op == NV_OP_STS || in->op == NV_OP_ATOMS) && !a->used_shared) {
        a->used_shared = true;
        a->shared_use_off = t->offset;
    }
    return !a->nv || check_types(a, in, info);
}

/* ARA/PUSHA/POPA use address registers as operands (NV_vertex_program2_option,
 * NV_vertex_program3): handled here before the generic classes. */
static bool parse_address_instruction(arb *a, const nv_opcode_info *info, const nv_token *t)
{
    nv_parse_ctx *c = a->c;
    nv_inst *in = nv_add_inst(c, (nv_opcode)(info - nvgp_nv_opcode_info((nv_opcode)0)), t->offset);
    if (!in)
        return false;
    nv_next(c);
    a->saw_statement = true;
    bool want_dst = info->cls != NV_CLASS_PUSHA;
    bool want_src = info->cls != NV_CLASS_POPA;
    if (want_dst) {
        const nv_token *d = nv_peek(c);
        uint32_t v;
        if (d->kind != NV_TOK_IDENT || !find_var(a, d, &v) || c->prog->vars[v].kind != NV_VAR_ADDRESS)
            return nv_error(c, d->offset, "%s writes an address register", info->name);
        in->has_dst = true;
        in->dst.file = NV_FILE_ADDRESS;
        in->dst.var = v;
        in->dst.offset = d->offset;
        nv_next(c);
        if (!parse_writemask(a, &in->dst.writemask))
            return false;
        if (info->cls == NV_CLASS_POPA && in->dst.writemask != 0xf)
            return nv_error(c, d->offset, "POPA does not support write masks");
        if (nv_at(c, NV_TOK_LPAREN) && !parse_cc_paren(a, &in->dst.cc))
            return false;
        if (want_src && !nv_expect(c, NV_TOK_COMMA, "','"))
            return false;
    }
    if (want_src) {
        const nv_token *s = nv_peek(c);
        uint32_t v;
        if (s->kind != NV_TOK_IDENT || !find_var(a, s, &v) || c->prog->vars[v].kind != NV_VAR_ADDRESS)
            return nv_error(c, s->offset, "%s reads an address register", info->name);
        in->src[0].file = NV_FILE_ADDRESS;
        in->src[0].var = v;
        in->src[0].offset = s->offset;
        in->nsrc = 1;
        nv_next(c);
        if (nv_at(c, NV_TOK_DOT))
            return nv_error_here(c, "%s takes no swizzle on its address register operand", info->name);
    }
    return true;
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
    if (a->nv5 && tok_word(a, nv_peek_n(c, 1), "SUBROUTINENUM") && nv_peek_n(c, 2)->kind == NV_TOK_LPAREN &&
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
    if (interp && !tok_word(a, t, "ATTRIB"))
        return nv_error(c, mods_off, "interpolation modifiers are allowed only on ATTRIB declarations");
    if ((mods & NV_VMOD_FLAT) && (mods & (NV_VMOD_CENTROID | NV_VMOD_NOPERSPECTIVE)))
        return nv_error(c, mods_off, "FLAT cannot be combined with CENTROID or NOPERSPECTIVE");
    if ((a->ptype & NV_PT_F) && tok_word(a, t, "ATTRIB") && (mods & (NV_VMOD_INT | NV_VMOD_UINT)) &&
        !(mods & NV_VMOD_FLAT))
        return nv_error(c, mods_off, "integer fragment program attributes must be declared FLAT");
    if (tok_word(a, t, "TEMP"))
        ok = parse_temp_like(a, NV_VAR_TEMP, mods);
    else if (tok_word(a, t, "ADDRESS") && a->arbvp && !mods)
        ok = parse_temp_like(a, NV_VAR_ADDRESS, mods);
    else if (tok_word(a, t, "ATTRIB"))
        ok = parse_io_decl(a, mods, false);
    else if (tok_word(a, t, "PARAM"))
        ok = parse_param_decl(a, mods);
    else if (tok_word(a, t, "OUTPUT"))
        ok = parse_io_decl(a, mods, true);
    else if (tok_word(a, t, "ALIAS") && !mods)
        ok = parse_alias(a);
    else if (a->nv && tok_word(a, t, "BUFFER"))
        ok = parse_buffer_decl(a, NV_VAR_BUFFER, mods);
    else if (a->nv && tok_word(a, t, "BUFFER4"))
        ok = parse_buffer_decl(a, NV_VAR_BUFFER4, mods);
    else if ((a->nv5 || nv_program_has_option(c->prog, NV_OPTION_NV_parameter_buffer_object2)) &&
             tok_word(a, t, "CBUFFER"))
        ok = parse_buffer_decl(a, NV_VAR_CBUFFER, mods);
    else if (a->nv5 && tok_word(a, t, "TEXTURE") && !mods)
        ok = parse_unit_decl(a, NV_VAR_TEXTURE, "texture", NV_LIMIT_TEXTURE_IMAGE_UNITS);
    else if (a->nv5 && tok_word(a, t, "IMAGE") && !mods)
        ok = parse_unit_decl(a, NV_VAR_IMAGE, "image", NV_LIMIT_IMAGE_UNITS);
    else if (a->hdr == NV_HDR_NVCP50 && tok_word(a, t, "SHARED") && !mods)
        ok = parse_mem_decl(a, NV_VAR_SHARED, "sharedmem", 1 << 30);
    else if (a->nv5 && tok_word(a, t, "STORAGE") && !mods) {
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_shader_storage_buffer))
            return nv_error(c, t->offset, "STORAGE declarations need OPTION NV_shader_storage_buffer");
        ok = parse_mem_decl(a, NV_VAR_STORAGE, "storage", NV_LIMIT_STORAGE_BUFFER_BINDINGS);
    } else if (a->nv5 && tok_word(a, t, "COUNTER") && !mods) {
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_shader_atomic_counters))
            return nv_error(c, t->offset, "COUNTER declarations need OPTION NV_shader_atomic_counters");
        ok = parse_mem_decl(a, NV_VAR_COUNTER, "counter", NV_LIMIT_ATOMIC_COUNTER_BINDINGS);
    } else if (a->nv5 && tok_word(a, t, "SUBROUTINETYPE") && !mods)
        ok = parse_subroutine_type(a);
    else if (a->nv5 && tok_word(a, t, "SUBROUTINE") && !mods)
        ok = parse_subroutine(a);
    else if (mods)
        return nv_error(c, mods_off, "variable modifiers must be followed by a declaration");
    else if ((decl = decl_keyword(a, t)) >= 0) {
        if (a->saw_statement)
            return nv_error(c, t->offset, "declarations must come before the program's statements");
        ok = parse_declaration(a, decl);
        if (ok)
            return nv_expect(c, NV_TOK_SEMI, "';'");
        return false;
    } else if (tok_word(a, t, "OPTION"))
        return nv_error(c, t->offset, "OPTION statements must come first");
    else {
        opsuffix sfx;
        if (split_opcode(c->src + t->offset, t->len, &sfx) && op_available(a, sfx.op) && !sfx.prec && !sfx.cc && !sfx.sat) {
            const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)sfx.op);
            if (info->cls == NV_CLASS_ARA || info->cls == NV_CLASS_PUSHA || info->cls == NV_CLASS_POPA) {
                ok = parse_address_instruction(a, info, t);
                return ok && nv_expect(c, NV_TOK_SEMI, "';'");
            }
        }
        ok = parse_instruction(a);
        return ok && nv_expect(c, NV_TOK_SEMI, "';'");
    }
    a->saw_statement = a->saw_statement || !a->nv;
    return ok && nv_expect(c, NV_TOK_SEMI, "';'");
}

static bool finish(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_program *p = c->prog;
    if (a->depth > 0)
        return nv_error(c, p->end_offset, "%s block not terminated", nvgp_nv_opcode_info((nv_opcode)a->stack[a->depth - 1].op)->name);
    for (uint32_t i = 0; i < p->nlabels; i++)
        if (p->labels[i].inst == NV_VAR_NONE)
            return nv_error_at_end(c, "label '%s' is used but never defined", p->labels[i].name);
    if (p->ninsts > NV_LIMIT_PROGRAM_INSTRUCTIONS)
        return nv_error_at_end(c, "%u instructions exceed MAX_PROGRAM_INSTRUCTIONS_ARB (%d)", p->ninsts, NV_LIMIT_PROGRAM_INSTRUCTIONS);
    if (a->ntemps > NV_LIMIT_PROGRAM_TEMPORARIES)
        return nv_error_at_end(c, "%u temporaries exceed MAX_PROGRAM_TEMPORARIES_ARB (%d)", a->ntemps, NV_LIMIT_PROGRAM_TEMPORARIES);
    if (a->nparams > NV_LIMIT_PROGRAM_PARAMETERS)
        return nv_error_at_end(c, "%u parameters exceed MAX_PROGRAM_PARAMETERS_ARB (%d)", a->nparams, NV_LIMIT_PROGRAM_PARAMETERS);
    if (a->naddr > NV_LIMIT_PROGRAM_ADDRESS_REGS || (a->naddr > 1 && !(a->langs & NV_L_ARBVP_NV2)))
        return nv_error_at_end(c, "%u address registers exceed MAX_PROGRAM_ADDRESS_REGISTERS_ARB", a->naddr);
    if ((a->hdr == NV_HDR_NVGP40 || a->hdr == NV_HDR_NVGP50)) {
        if (p->decls.primitive_in < 0)
            return nv_error_at_end(c, "a geometry program needs a PRIMITIVE_IN declaration");
        if (p->decls.primitive_out < 0)
            return nv_error_at_end(c, "a geometry program needs a PRIMITIVE_OUT declaration");
        if (p->decls.vertices_out < 0)
            return nv_error_at_end(c, "a geometry program needs a VERTICES_OUT declaration");
    }
    if (a->hdr == NV_HDR_NVTCP50 && p->decls.vertices_out < 0)
        return nv_error_at_end(c, "a tessellation control program needs a VERTICES_OUT declaration");
    if (a->hdr == NV_HDR_NVTEP50 && p->decls.tess_mode < 0)
        return nv_error_at_end(c, "a tessellation evaluation program needs a TESS_MODE declaration");
    if (a->hdr == NV_HDR_NVCP50 && p->decls.group_size[0] < 0)
        return nv_error_at_end(c, "a compute program needs a GROUP_SIZE declaration");
    if (a->used_shared && p->decls.shared_memory < 0)
        return nv_error_at_end(c, "ATOMS, LDS or STS used without a SHARED_MEMORY declaration");
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
    while (tok_word(&a, nv_peek(c), "OPTION"))
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
    while (!tok_word(&a, nv_peek(c), "END")) {
        if (!parse_statement(&a))
            return false;
    }
    c->prog->end_offset = nv_peek(c)->offset;
    nv_next(c);
    /* Text after END is ignored (ARB_vertex_program 2.14.2: the program ends with END). */
    return finish(&a);
}
