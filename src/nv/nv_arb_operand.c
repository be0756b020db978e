/* Operands of the ARB-grammar languages: swizzles, variables and relative
 * addressing, sources and destinations, condition-code tests, texture and
 * image access, subroutine declarations (see nv_arb.h). */
#include "nv/nv_arb.h"

#include <stdlib.h>
#include <string.h>

/* ---- operands ------------------------------------------------------------ */

int arb_swz_char(char ch, bool *rgba)
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
        int k = arb_swz_char(s[i], &rgba);
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
bool arb_find_var(arb *a, const nv_token *t, uint32_t *var)
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
    /* Ranges run over the last index ("state.matrix.mvp.row[0..3]",
     * "vertex.attrib[2..5]"): compare what precedes it and the element. */
    const char *lx = strrchr(x->name, '['), *ly = strrchr(y->name, '[');
    if (!lx || !ly)
        return i == 0 && j == 0 && !strcmp(x->name, y->name);
    if (lx - x->name != ly - y->name || strncmp(x->name, y->name, (size_t)(lx - x->name)))
        return false;
    return strtol(lx + 1, NULL, 10) + (long)i == strtol(ly + 1, NULL, 10) + (long)j;
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

bool arb_vars_share_binding(const nv_var *v, const nv_var *w)
{
    return vars_share_state(v, w);
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
    if (!a->nv && vars_share_state(v, v))
        return nv_error(a->c, offset, "a state vector is bound more than once in array '%s', which is addressed relatively", v->name);
    for (uint32_t i = 0; i < a->nrel_arrays; i++)
        if (vars_share_state(v, &p->vars[a->rel_arrays[i]]))
            if (p->vars[a->rel_arrays[i]].kind == v->kind)
                return nv_error(a->c, offset, "a binding is used in two arrays addressed relatively ('%s' and '%s')",
                                p->vars[a->rel_arrays[i]].name, v->name);
    if (a->nrel_arrays < sizeof a->rel_arrays / sizeof a->rel_arrays[0])
        a->rel_arrays[a->nrel_arrays++] = var;
    return true;
}

/* Members of an array declared without a size.  A per-vertex attribute
 * array has one per vertex: of the input primitive (NV_geometry_program4
 * 2.X.3.2), or of a tessellation control program's output patch for
 * "vertex.out" (NV_tessellation_program5: VERTICES_OUT). */
static long unsized_array_size(const nv_program *p, const nv_var *v)
{
    if (v->kind == NV_VAR_ATTRIB) {
        if (v->nbindings && !strncmp(v->bindings[0].name, "vertex.out", 10) && p->decls.vertices_out > 0)
            return p->decls.vertices_out;
        return nvgp_nv_input_vertices(p);
    }
    /* A STORAGE array over one binding point spans the whole buffer, in basic
     * machine units (NV_shader_storage_buffer_object 2.X.3.Y). */
    if (v->kind == NV_VAR_STORAGE)
        return NV_LIMIT_STORAGE_BLOCK_SIZE;
    return arb_buffer_elements((nv_var_kind)v->kind);
}

static bool parse_index(arb *a, const nv_var *v, uint32_t n, int32_t *index, bool *has_rel, nv_rel *rel);

/* "[n]" or "[A0.x + n]" / "[R0.x + n]" after an array variable. */
bool arb_parse_array_index(arb *a, const nv_var *v, int32_t *index, bool *has_rel, nv_rel *rel)
{
    return parse_index(a, v, v->array_size, index, has_rel, rel);
}

/* The second index of a two-level array (nv_var.elements): "[1]" in
 * "texcoords[A0.x][1]", NV_geometry_program4's <attribUseV> ::=
 * <attribVarName> <arrayMem> <arrayMem> <swizzleSuffix>. */
static bool parse_element_index(arb *a, const nv_var *v, nv_src *s)
{
    nv_parse_ctx *c = a->c;
    if (!nv_at(c, NV_TOK_LBRACKET))
        return nv_error_here(c, "'%s' is a two-level array: a second index must select its element", v->name);
    s->has_elem = true;
    return parse_index(a, v, v->elements, &s->elem, &s->elem_has_rel, &s->elem_rel);
}

/* One index; n is the size it must stay below (0: v's unsized extent). */
static bool parse_index(arb *a, const nv_var *v, uint32_t n, int32_t *index, bool *has_rel, nv_rel *rel)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* [ */
    *has_rel = false;
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_NUMBER) {
        if (t->is_float)
            return nv_error_here(c, "array index must be an integer");
        long unsized_limit = unsized_array_size(c->prog, v);
        if (t->overflow || (n && t->ival >= n) || (!n && !v->is_array) || (!n && t->ival >= (uint64_t)unsized_limit))
            return nv_error(c, t->offset, "array index %llu out of range (array size %ld)", (unsigned long long)t->ival,
                            n ? (long)n : unsized_limit);
        *index = (int32_t)t->ival;
        nv_next(c);
        return nv_expect(c, NV_TOK_RBRACKET, "']'");
    }
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected an array index");
    uint32_t rv;
    if (!arb_find_var(a, t, &rv))
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
    /* NV_vertex_program3 adds "address register-relative addressing for
     * vertex attribute and result arrays" (vertex.texcoord[A0.x + n], ...) */
    bool vp3_array = (a->langs & NV_L_ARBVP_NV3) && (v->kind == NV_VAR_ATTRIB || v->kind == NV_VAR_OUTPUT);
    if (v->kind != NV_VAR_PARAM && !a->nv && !vp3_array)
        return nv_error(c, t->offset, "only parameter arrays can be addressed relatively");
    if (((v->kind == NV_VAR_PARAM && !a->nv) || (a->nv && (v->kind == NV_VAR_ATTRIB || v->kind == NV_VAR_OUTPUT))) &&
        !note_relative_array(a, (uint32_t)(v - c->prog->vars), t->offset))
        return false;
    nv_next(c);
    rel->file = (uint8_t)var_file(r->kind);
    rel->var = rv;
    if (!nv_at(c, NV_TOK_DOT))
        return nv_error_here(c, "relative addressing needs a component selector such as '.x'");
    nv_next(c);
    const nv_token *s = nv_peek(c);
    bool rgba;
    if (s->kind != NV_TOK_IDENT || s->len != 1 || arb_swz_char(c->src[s->offset], &rgba) < 0 || rgba)
        return nv_error(c, s->offset, "invalid component selector for relative addressing");
    int comp = arb_swz_char(c->src[s->offset], &rgba);
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
            /* An unsized array spans what its binding reaches: the input
             * vertices or a whole parameter buffer binding point. */
            long size = n ? (long)n : unsized_array_size(c->prog, v);
            if (off < 0 || off >= size)
                return nv_error(c, o->offset, "relative offset %lld outside [0,%ld]", off, size - 1);
        } else if (off < -64 || off > 63) {
            return nv_error(c, o->offset, "relative offset %lld outside [-64,63]", off);
        }
        nv_next(c);
    }
    *index = (int32_t)off;
    *has_rel = true;
    return nv_expect(c, NV_TOK_RBRACKET, "']'");
}

/* An unnamed variable of `kind` whose one binding is b: a binding written
 * in an operand ("vertex.attrib[1]", "result.color"); *var gets its
 * number. */
static nv_var *add_binding_var(arb *a, nv_var_kind kind, const nv_binding *b, uint32_t *var)
{
    nv_var *v = nv_add_var(a->c, NULL, 0, kind, b->offset, var);
    if (!v)
        return NULL;
    nv_binding *vb = arb_one_binding(a, v);
    if (!vb)
        return NULL;
    *vb = *b;
    return v;
}

static bool parse_loop_indexed_texcoord(arb *a, nv_src *s)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    bool in_loop = false;
    for (int i = 0; i < a->depth; i++)
        in_loop |= a->stack[i].op == NV_OP_LOOP;
    const nv_token *a0 = nv_peek_n(c, 4);
    if (!in_loop)
        return nv_error(c, a0->offset, "A0.x is available only inside a LOOP/ENDLOOP block");
    for (int i = 0; i < 5; i++)
        nv_next(c); /* fragment . texcoord [ A0 */
    if (!nv_expect(c, NV_TOK_DOT, "'.x'"))
        return false;
    if (!arb_tok_word(a, nv_peek(c), "x"))
        return nv_error_here(c, "the loop index is A0.x");
    nv_next(c);
    int32_t off = 0;
    if (nv_at(c, NV_TOK_PLUS)) {
        nv_next(c);
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float || n->ival > 9)
            return nv_error_here(c, "the offset after A0.x must be an integer from 0 to 9");
        off = (int32_t)n->ival;
        nv_next(c);
    }
    if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
        return false;
    nv_binding b;
    memset(&b, 0, sizeof b);
    b.kind = NV_BIND_ATTRIB;
    b.components = 4;
    b.count = NV_LIMIT_TEXTURE_COORDS;
    b.name = "fragment.texcoord";
    b.offset = t->offset;
    nv_var *v = add_binding_var(a, NV_VAR_ATTRIB, &b, &s->var);
    if (!v)
        return false;
    v->is_array = true;
    v->array_size = NV_LIMIT_TEXTURE_COORDS;
    s->file = NV_FILE_ATTRIB;
    s->has_rel = true;
    s->rel.file = NV_FILE_ADDRESS;
    s->rel.var = NV_VAR_NONE;
    s->rel.comp = 0;
    s->index = off;
    return true;
}

/* NV_vertex_program3's address-relative bindings: <attribVtxBasic> ::=
 * "texcoord" "[" <arrayMemRel> "]" | "attrib" "[" <arrayMemRel> "]" and
 * <resultVtxBasic> ::= "texcoord" "[" <arrayMemRel> "]".  Is the text at
 * the cursor one (its index names an ADDRESS variable)? */
bool arb_at_vp3_relative(arb *a, bool result)
{
    nv_parse_ctx *c = a->c;
    if (!a->arbvp || !(a->langs & NV_L_ARBVP_NV3) || !arb_tok_word(a, nv_peek(c), result ? "result" : "vertex") ||
        nv_peek_n(c, 1)->kind != NV_TOK_DOT || nv_peek_n(c, 3)->kind != NV_TOK_LBRACKET)
        return false;
    const nv_token *item = nv_peek_n(c, 2);
    if (!arb_tok_word(a, item, "texcoord") && (result || !arb_tok_word(a, item, "attrib")))
        return false;
    uint32_t rv;
    return arb_find_var(a, nv_peek_n(c, 4), &rv) && c->prog->vars[rv].kind == NV_VAR_ADDRESS;
}

/* Parses one (arb_at_vp3_relative): the binding is the whole array
 * (MAX_TEXTURE_COORDS_ARB texture coordinates or MAX_VERTEX_ATTRIBS_ARB
 * attributes), the index the address register plus the offset. */
bool arb_parse_vp3_relative(arb *a, bool result, nv_binding *b, int32_t *index, nv_rel *rel)
{
    nv_parse_ctx *c = a->c;
    uint32_t offset = nv_peek(c)->offset;
    bool attrib = arb_tok_word(a, nv_peek_n(c, 2), "attrib");
    for (int i = 0; i < 3; i++)
        nv_next(c); /* vertex . texcoord */
    memset(b, 0, sizeof *b);
    b->kind = result ? NV_BIND_RESULT : NV_BIND_ATTRIB;
    b->components = 4;
    b->count = attrib ? NV_LIMIT_VERTEX_ATTRIBS : NV_LIMIT_TEXTURE_COORDS;
    b->name = result ? "result.texcoord" : attrib ? "vertex.attrib" : "vertex.texcoord";
    b->offset = offset;
    /* the array the index runs over, for arb_parse_array_index's checks */
    nv_var whole;
    memset(&whole, 0, sizeof whole);
    whole.kind = result ? NV_VAR_OUTPUT : NV_VAR_ATTRIB;
    whole.is_array = true;
    whole.array_size = b->count;
    bool has_rel;
    return arb_parse_array_index(a, &whole, index, &has_rel, rel);
}

/* An operand or destination written as such a binding: an unnamed array
 * variable over the whole binding. */
static bool parse_vp3_relative_binding(arb *a, bool result, uint32_t *var, int32_t *index, bool *has_rel,
                                       nv_rel *rel)
{
    nv_binding b;
    if (!arb_parse_vp3_relative(a, result, &b, index, rel))
        return false;
    nv_var *v = add_binding_var(a, result ? NV_VAR_OUTPUT : NV_VAR_ATTRIB, &b, var);
    if (!v)
        return false;
    v->is_array = true;
    v->array_size = b.count;
    *has_rel = true;
    return true;
}

/* A source operand of kind want: 'v' vector, 's' scalar, 'n' no swizzle (SWZ). */
bool arb_parse_src(arb *a, nv_src *s, char want)
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
        if (!arb_parse_constant(a, &s->konst, &ncomp, false))
            return false;
        s->file = NV_FILE_CONST;
        is_const_scalar = !brace;
    } else if (t->kind == NV_TOK_IDENT) {
        uint32_t v;
        if (arb_find_var(a, t, &v)) {
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
                    if (!arb_parse_array_index(a, var, &s->index, &s->has_rel, &s->rel))
                        return false;
                    if (var->elements && !parse_element_index(a, var, s))
                        return false;
                } else if (var->kind == NV_VAR_COUNTER && var->is_array) {
                    /* NV_gpu_program4 2.X.3.1: an array needs a member. */
                    return nv_error(c, t->offset, "array '%s' needs an index", var->name);
                }
                return true;
            }
            if (var->rel_binding) {
                /* ATTRIB t = vertex.texcoord[A0.x + n]: t reads that element */
                s->has_rel = true;
                s->rel = var->rel;
                s->index = var->rel_offset;
            } else if (nv_at(c, NV_TOK_LBRACKET)) {
                if (!var->is_array)
                    return nv_error_here(c, "'%s' is not an array", var->name);
                if (!arb_parse_array_index(a, var, &s->index, &s->has_rel, &s->rel))
                    return false;
                if (var->elements && !parse_element_index(a, var, s))
                    return false;
            } else if (var->is_array && !(a->nv && var->kind == NV_VAR_BUFFER)) {
                return nv_error(c, t->offset, "array '%s' needs an index", var->name);
            }
        } else if (a->arbfp && (a->langs & NV_L_ARBFP_NV2) && arb_tok_word(a, t, "fragment") &&
                   arb_tok_word(a, nv_peek_n(c, 2), "texcoord") && nv_peek_n(c, 3)->kind == NV_TOK_LBRACKET &&
                   arb_tok_word(a, nv_peek_n(c, 4), "A0")) {
            /* NV_fragment_program2: fragment.texcoord[A0.x + n], only inside LOOP. */
            if (!parse_loop_indexed_texcoord(a, s))
                return false;
        } else if (arb_at_vp3_relative(a, false)) {
            if (!parse_vp3_relative_binding(a, false, &s->var, &s->index, &s->has_rel, &s->rel))
                return false;
            s->file = NV_FILE_ATTRIB;
        } else if (nv_bind_starts(c, NV_BWANT_ATTRIB | NV_BWANT_PARAM)) {
            nv_binding b;
            if (!nv_bind_parse(c, NV_BWANT_ATTRIB | NV_BWANT_PARAM, NV_BCTX_OPERAND, &b))
                return false;
            if (b.kind == NV_BIND_BUFFER)
                return nv_error(c, b.offset, "program.buffer bindings cannot be instruction operands");
            if (!arb_note_attrib(a, &b))
                return false;
            nv_var *nvv = add_binding_var(a, b.kind == NV_BIND_ATTRIB ? NV_VAR_ATTRIB : NV_VAR_PARAM, &b, &s->var);
            if (!nvv)
                return false;
            nvv->array_size = 1;
            s->file = (uint8_t)(b.kind == NV_BIND_ATTRIB ? NV_FILE_ATTRIB : NV_FILE_PARAM);
        } else if (nv_bind_starts(c, NV_BWANT_RESULT)) {
            if (!a->nv)
                return nv_error(c, t->offset, "result bindings cannot be read");
            nv_binding b;
            if (!nv_bind_parse(c, NV_BWANT_RESULT, NV_BCTX_OPERAND, &b))
                return false;
            nv_var *nvv = add_binding_var(a, NV_VAR_OUTPUT, &b, &s->var);
            if (!nvv)
                return false;
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
    "", "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL", "NAN", "LEG", "CF", "NCF", "OF", "NOF", "SF", "NSF", "AB", "BLE", "RESIDENT", "NONRESIDENT"};

/* Is the token a condition-code rule (GT, EQ1, ...)?  Returns cond and reg. */
int arb_cc_rule(const arb *a, const nv_token *t, uint8_t *reg)
{
    if (t->kind != NV_TOK_IDENT || t->len < 2 || t->len > 11)
        return 0;
    const char *s = a->c->src + t->offset;
    size_t len = t->len;
    *reg = 0;
    /* EXT_sparse_texture2 / ARB_sparse_texture2 <ccMaskRule>: RESIDENT and
     * NONRESIDENT test the one sparse condition code (no CC0/CC1 suffix). */
    for (int i = NV_COND_RESIDENT; i <= NV_COND_NONRESIDENT; i++)
        if (strlen(cond_names[i]) == len && memcmp(cond_names[i], s, len) == 0)
            return a->nv && (nv_program_has_option(a->c->prog, NV_OPTION_EXT_sparse_texture2) ||
                             nv_program_has_option(a->c->prog, NV_OPTION_ARB_sparse_texture2))
                       ? i
                       : 0;
    if (len > 4)
        return 0;
    if (s[len - 1] == '0' || s[len - 1] == '1') {
        *reg = (uint8_t)(s[len - 1] - '0');
        len--;
    }
    int max = a->nv ? NV_COND_BLE + 1 : NV_COND_FL + 1;
    for (int i = 1; i < max; i++)
        if (strlen(cond_names[i]) == len && memcmp(cond_names[i], s, len) == 0) {
            if (len != t->len && !a->nv && !(a->langs & (NV_L_ARBVP_NV3 | NV_L_ARBFP_NV2)) && *reg)
                return 0;
            return i;
        }
    return 0;
}

bool arb_parse_cc_test(arb *a, nv_cc_test *cc)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    uint8_t reg;
    int cond = arb_cc_rule(a, t, &reg);
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
bool arb_parse_cc_paren(arb *a, nv_cc_test *cc)
{
    nv_parse_ctx *c = a->c;
    nv_next(c); /* ( */
    if (!arb_parse_cc_test(a, cc))
        return false;
    return nv_expect(c, NV_TOK_RPAREN, "')'");
}

/* ---- destination ---------------------------------------------------------- */

bool arb_parse_writemask(arb *a, uint8_t *mask)
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
        int k = arb_swz_char(s[i], &rgba);
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

bool arb_parse_dst(arb *a, nv_inst *in)
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
    if (arb_find_var(a, t, &v)) {
        nv_var *var = &c->prog->vars[v];
        d->var = v;
        d->file = (uint8_t)var_file(var->kind);
        bool arl = nvgp_nv_opcode_info((nv_opcode)in->op)->cls == NV_CLASS_ARL;
        if (d->file == NV_FILE_ADDRESS ? !arl : (d->file != NV_FILE_TEMP && d->file != NV_FILE_OUTPUT))
            return nv_error(c, t->offset, "'%s' cannot be written", var->name);
        nv_next(c);
        if (var->rel_binding) {
            /* OUTPUT o = result.texcoord[A0.x + n]: o writes that element */
            d->has_rel = true;
            d->rel = var->rel;
            d->index = var->rel_offset;
        } else if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!var->is_array)
                return nv_error_here(c, "'%s' is not an array", var->name);
            if (!arb_parse_array_index(a, var, &d->index, &d->has_rel, &d->rel))
                return false;
        } else if (var->is_array) {
            return nv_error(c, t->offset, "array '%s' needs an index", var->name);
        }
        if (var->kind == NV_VAR_OUTPUT && var->nbindings && !strcmp(var->bindings[0].name, "result.position")) {
            a->wrote_position = true;
            a->position_write_off = t->offset;
        }
    } else if (arb_at_vp3_relative(a, true)) {
        if (!parse_vp3_relative_binding(a, true, &d->var, &d->index, &d->has_rel, &d->rel))
            return false;
        d->file = NV_FILE_OUTPUT;
    } else if (nv_bind_starts(c, NV_BWANT_RESULT)) {
        nv_binding b;
        if (!nv_bind_parse(c, NV_BWANT_RESULT, NV_BCTX_OPERAND, &b))
            return false;
        if (!add_binding_var(a, NV_VAR_OUTPUT, &b, &d->var))
            return false;
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
    if (!arb_parse_writemask(a, &d->writemask))
        return false;
    if (nv_at(c, NV_TOK_LPAREN)) {
        if (!a->cc_ok)
            return nv_error_here(c, "condition code masks are not allowed in this program type");
        if (!arb_parse_cc_paren(a, &d->cc))
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

#define T(name) (1u << NV_TEX_##name)
#define TEX_SHADOW (T(SHADOW1D) | T(SHADOW2D) | T(SHADOWRECT) | T(SHADOWCUBE) | T(SHADOWARRAY1D) | \
                    T(SHADOWARRAY2D) | T(SHADOWARRAYCUBE))
#define TEX_CUBE (T(CUBE) | T(SHADOWCUBE) | T(ARRAYCUBE) | T(SHADOWARRAYCUBE))
#define TEX_MULTISAMPLE (T(RENDERBUFFER) | T(2DMS) | T(ARRAY2DMS))
#define TEX_SINGLE_SAMPLE (((1u << NV_TEX_COUNT) - 2u) & ~TEX_MULTISAMPLE)

/* The targets each texture instruction may name.  An instruction not listed
 * samples: every single-sample target but BUFFER (NV_gpu_program4 Table X.17:
 * "Buffer textures are not supported by normal texture lookup functions";
 * NV_explicit_multisample: "No other sample or fetch commands may be
 * performed on a texture renderbuffer sampler"; NV_texture_multisample marks
 * 2DMS and ARRAY2DMS "<not supported>" in Tables X.17 and X.18). */
static const struct {
    uint8_t op;
    uint32_t targets;
    const char *rule;
} tex_op_targets[] = {
    /* NV_gpu_program4 TXF: "If a program contains a TXF instruction specifying
     * one of the "SHADOW" or "CUBE" targets, it will fail to load." */
    {NV_OP_TXF, TEX_SINGLE_SAMPLE & ~TEX_SHADOW & ~TEX_CUBE, "texel fetches cannot use SHADOW or CUBE targets"},
    /* TXQ queries any texture (NV_gpu_program4 TXQ; multisample sizes per
     * NV_texture_multisample). */
    {NV_OP_TXQ, TEX_SINGLE_SAMPLE | TEX_MULTISAMPLE, ""},
    /* NV_texture_multisample: TXFMS "must be called on a RENDERBUFFER, 2DMS,
     * or ARRAY2DMS texture target". */
    {NV_OP_TXFMS, TEX_MULTISAMPLE, "TXFMS needs a RENDERBUFFER, 2DMS or ARRAY2DMS target"},
    /* ARB_shader_texture_image_samples: "Two texture targets are supported:
     * 2DMS and ARRAY2DMS." */
    {NV_OP_TXQS, T(2DMS) | T(ARRAY2DMS), "TXQS needs a 2DMS or ARRAY2DMS target"},
    /* NV_gpu_program5 TXG and TXGO target lists. */
    {NV_OP_TXG, T(2D) | T(SHADOW2D) | T(CUBE) | T(SHADOWCUBE) | T(ARRAY2D) | T(SHADOWARRAY2D) | T(ARRAYCUBE) |
                    T(SHADOWARRAYCUBE) | T(RECT) | T(SHADOWRECT),
     "not a gather target"},
    {NV_OP_TXGO, T(2D) | T(SHADOW2D) | T(ARRAY2D) | T(SHADOWARRAY2D) | T(RECT) | T(SHADOWRECT),
     "not a gather-with-offsets target"},
    /* NV_gpu_program4 TXB, TXL, TXP: SHADOWCUBE and SHADOWARRAY2D use all four
     * coordinates, leaving none for the bias, LOD or divisor. */
    {NV_OP_TXB, TEX_SINGLE_SAMPLE & ~T(BUFFER) & ~T(SHADOWCUBE) & ~T(SHADOWARRAY2D), "no coordinate is left for it"},
    {NV_OP_TXL, TEX_SINGLE_SAMPLE & ~T(BUFFER) & ~T(SHADOWCUBE) & ~T(SHADOWARRAY2D), "no coordinate is left for it"},
    {NV_OP_TXP, TEX_SINGLE_SAMPLE & ~T(BUFFER) & ~T(SHADOWCUBE) & ~T(SHADOWARRAY2D), "no coordinate is left for it"},
};

bool arb_parse_tex_access(arb *a, nv_inst *in, bool allow_offset)
{
    nv_parse_ctx *c = a->c;
    nv_tex *tx = &in->tex;
    const nv_token *t = nv_peek(c);
    tx->offset = t->offset;
    tx->var = NV_VAR_NONE;
    uint32_t v;
    int32_t units = 1;      /* texture image units the access may use */
    int32_t first_unit = -1; /* the first of them, when not tx->unit */
    if (a->nv && arb_tok_word(a, t, "handle") && nv_peek_n(c, 1)->kind == NV_TOK_LPAREN) {
        /* NV_bindless_texture: handle(<scalar>) */
        if (!nv_program_has_option(c->prog, NV_OPTION_NV_bindless_texture))
            return nv_error(c, t->offset, "texture handles need OPTION NV_bindless_texture");
        nv_next(c);
        nv_next(c);
        nv_src h;
        memset(&h, 0, sizeof h);
        if (!arb_parse_src(a, &h, 's'))
            return false;
        if (!nv_expect(c, NV_TOK_RPAREN, "')'"))
            return false;
        tx->unit = -1;
        tx->has_rel = true;
        tx->rel.file = h.file;
        tx->rel.var = h.var;
        tx->rel.comp = h.swizzle[0];
    } else if (arb_tok_word(a, t, "texture")) {
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            nv_next(c);
            const nv_token *n = nv_peek(c);
            if (n->kind != NV_TOK_NUMBER || n->is_float)
                return nv_error_here(c, "expected a texture image unit number");
            long lim = a->arbvp ? NV_LIMIT_VERTEX_TEXTURE_IMAGE_UNITS : NV_LIMIT_TEXTURE_IMAGE_UNITS;
            if (n->overflow || n->ival >= (uint64_t)lim)
                return nv_error(c, n->offset, "texture image unit %.*s out of range (must be less than %ld)",
                                TOKEN_TEXT(c, n), lim);
            tx->unit = (int32_t)n->ival;
            nv_next(c);
            if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
                return false;
        } else if (!a->nv) {
            tx->unit = 0;
        } else {
            tx->unit = 0;
        }
    } else if (t->kind == NV_TOK_IDENT && arb_find_var(a, t, &v) && c->prog->vars[v].kind == NV_VAR_TEXTURE) {
        const nv_var *var = &c->prog->vars[v];
        tx->var = v;
        nv_next(c);
        tx->unit = var->bindings[0].index;
        if (nv_at(c, NV_TOK_LBRACKET)) {
            int32_t idx;
            if (!arb_parse_array_index(a, var, &idx, &tx->has_rel, &tx->rel))
                return false;
            /* The element, or with a register index its constant offset: the
             * unit is first + n, the register's value added per invocation. */
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
        if (cs->len != 1 || arb_swz_char(c->src[cs->offset], &rgba) < 0)
            return nv_error(c, cs->offset, "invalid texture component selector");
        tx->gather_comp = (uint8_t)(arb_swz_char(c->src[cs->offset], &rgba) + 1);
        nv_next(c);
        nv_next(c);
    }
    if (!nv_expect(c, NV_TOK_COMMA, "',' and a texture target"))
        return false;
    const nv_token *g = nv_peek(c);
    int tgt = 0;
    for (int i = 1; i < NV_TEX_COUNT; i++)
        if (arb_tok_word(a, g, tex_target_names[i]))
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
    if (a->nv5 && nv_at(c, NV_TOK_COMMA) && arb_tok_word(a, nv_peek_n(c, 1), "offset") &&
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
        if (!arb_parse_src(a, &in->src[in->nsrc], 'v'))
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
            if (!arb_parse_int(a, &o, true))
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
        /* NV_gpu_program5 2.X.4.4: TXGO takes its offsets from operands; a
         * constant offset must be zero. */
        if (in->op == NV_OP_TXGO && (tx->offsets[0] || tx->offsets[1] || tx->offsets[2]))
            return nv_error(c, g->offset, "TXGO takes its texel offsets from operands: a constant offset must be zero");
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
    /* Per-opcode target restrictions (tex_op_targets). */
    uint32_t allowed = TEX_SINGLE_SAMPLE & ~T(BUFFER);
    const char *rule = "";
    for (size_t i = 0; i < sizeof tex_op_targets / sizeof tex_op_targets[0]; i++)
        if (tex_op_targets[i].op == in->op) {
            allowed = tex_op_targets[i].targets;
            rule = tex_op_targets[i].rule;
        }
    /* with the second coordinate <coord2> (ARB_sparse_texture_clamp's Table
     * X.17) SHADOWCUBE's bias or LOD is its x2 */
    if (in->coord2 && (in->op == NV_OP_TXB || in->op == NV_OP_TXL))
        allowed |= T(SHADOWCUBE);
    if (!(allowed & (1u << tgt)) && in->op != NV_OP_TXFMS && in->op != NV_OP_TXQS) {
        if (TEX_MULTISAMPLE & (1u << tgt))
            rule = "multisample targets are only for TXFMS, TXQ and TXQS";
        else if (tgt == NV_TEX_BUFFER)
            rule = "BUFFER targets are only for TXF and TXQ";
    }
    if (!(allowed & (1u << tgt)))
        return nv_error(c, g->offset, "%s cannot use target %s: %s", nvgp_nv_opcode_info((nv_opcode)in->op)->name,
                        tex_target_names[tgt], rule);
    return true;
}

/* ---- images (EXT_shader_image_load_store) ------------------------------- */

static const char *const image_target_names[] = {"1D", "2D", "3D", "RECT", "CUBE", "BUFFER", "ARRAY1D",
                                                 "ARRAY2D", "ARRAYCUBE", "2DMS", "ARRAY2DMS"};
static const uint8_t image_target_values[] = {NV_TEX_1D, NV_TEX_2D, NV_TEX_3D, NV_TEX_RECT, NV_TEX_CUBE,
                                              NV_TEX_BUFFER, NV_TEX_ARRAY1D, NV_TEX_ARRAY2D, NV_TEX_ARRAYCUBE,
                                              NV_TEX_2DMS, NV_TEX_ARRAY2DMS};

bool arb_parse_image_target(arb *a, nv_inst *in)
{
    nv_parse_ctx *c = a->c;
    const nv_token *g = nv_peek(c);
    for (size_t i = 0; i < sizeof image_target_names / sizeof image_target_names[0]; i++)
        if (arb_tok_word(a, g, image_target_names[i])) {
            in->tex.target = image_target_values[i];
            nv_next(c);
            return true;
        }
    return nv_error(c, g->offset, "invalid image target");
}

/* "image[n]" or an IMAGE variable, then (with_target) "," and a target. */
bool arb_parse_image_access(arb *a, nv_inst *in, bool with_target)
{
    nv_parse_ctx *c = a->c;
    nv_tex *tx = &in->tex;
    const nv_token *t = nv_peek(c);
    tx->offset = t->offset;
    tx->var = NV_VAR_NONE;
    uint32_t v;
    if (arb_tok_word(a, t, "image")) {
        nv_next(c);
        if (!nv_expect(c, NV_TOK_LBRACKET, "'['"))
            return false;
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float)
            return nv_error_here(c, "expected an image unit number");
        if (n->overflow || n->ival >= NV_LIMIT_IMAGE_UNITS)
            return nv_error(c, n->offset, "image unit %.*s out of range (must be less than %d)",
                            TOKEN_TEXT(c, n), NV_LIMIT_IMAGE_UNITS);
        tx->unit = (int32_t)n->ival;
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
    } else if (t->kind == NV_TOK_IDENT && arb_find_var(a, t, &v) && c->prog->vars[v].kind == NV_VAR_IMAGE) {
        const nv_var *var = &c->prog->vars[v];
        tx->var = v;
        tx->unit = var->bindings[0].index;
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!var->is_array)
                return nv_error_here(c, "'%s' is not an array", var->name);
            int32_t idx;
            if (!arb_parse_array_index(a, var, &idx, &tx->has_rel, &tx->rel))
                return false;
            /* The element, or with a register index its constant offset: the
             * unit is first + n, the register's value added per invocation. */
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
    return arb_parse_image_target(a, in);
}

/* ---- subroutines (ARB_shader_subroutine) --------------------------------- */

/* SUBROUTINETYPE name { label, ... } */
bool arb_parse_subroutine_type(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, 0, &h))
        return false;
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
    nv_var *v = arb_add_decl_var(a, &h, NV_VAR_SUBROUTINETYPE);
    if (!v)
        return false;
    v->array_size = count;
    v->alias_of = first_label;
    return true;
}

/* SUBROUTINE type name = program.subroutine[n];  or an array of them. */
bool arb_parse_subroutine(arb *a)
{
    nv_parse_ctx *c = a->c;
    nv_next(c);
    const nv_token *ty = nv_peek(c);
    uint32_t tv;
    if (ty->kind != NV_TOK_IDENT || !arb_find_var(a, ty, &tv) || c->prog->vars[tv].kind != NV_VAR_SUBROUTINETYPE)
        return nv_error(c, ty->offset, "expected a SUBROUTINETYPE name");
    nv_next(c);
    arb_decl_head h;
    if (!arb_parse_decl_head(a, ARB_DECL_ARRAY | ARB_DECL_EQUALS, &h))
        return false;
    bool braces = h.is_array && nv_at(c, NV_TOK_LBRACE);
    if (braces)
        nv_next(c);
    /* One binding per item, each keeping its own location (an item
     * "program.subroutine[a..b]" is one binding of count b - a + 1), so
     * { program.subroutine[3], program.subroutine[0] } is locations 3 then 0. */
    uint32_t total = 0, nb = 0, cap = 4;
    nv_binding *list = nv_alloc(c, cap * sizeof *list);
    if (!list)
        return false;
    for (;;) {
        if (!nv_expect_word(c, "program") || !nv_expect(c, NV_TOK_DOT, "'.'") || !nv_expect_word(c, "subroutine") ||
            !nv_expect(c, NV_TOK_LBRACKET, "'['"))
            return false;
        long long lo, hi;
        uint32_t off = nv_peek(c)->offset;
        if (!arb_parse_int(a, &lo, false))
            return false;
        hi = lo;
        if (braces && nv_at(c, NV_TOK_DOTDOT)) {
            nv_next(c);
            if (!arb_parse_int(a, &hi, false))
                return false;
        }
        if (lo > hi || hi >= NV_LIMIT_SUBROUTINES)
            return nv_error(c, off, "invalid subroutine uniform location");
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        if (nb == cap) {
            nv_binding *grown = nv_alloc(c, 2 * cap * sizeof *list);
            if (!grown)
                return false;
            memcpy(grown, list, cap * sizeof *list);
            list = grown;
            cap *= 2;
        }
        memset(&list[nb], 0, sizeof list[nb]);
        list[nb].kind = NV_BIND_OTHER;
        list[nb].index = (int32_t)lo;
        list[nb].count = (uint32_t)(hi - lo + 1);
        list[nb].name = "program.subroutine";
        list[nb].offset = off;
        nb++;
        total += (uint32_t)(hi - lo + 1);
        if (!braces || !nv_at(c, NV_TOK_COMMA))
            break;
        nv_next(c);
    }
    if (braces && !nv_expect(c, NV_TOK_RBRACE, "'}'"))
        return false;
    if (h.size && h.size != total)
        return nv_error(c, h.size_off + 1, "array size %u does not match the %u bindings", h.size, total);
    nv_var *v = arb_add_decl_var(a, &h, NV_VAR_SUBROUTINE);
    if (!v)
        return false;
    v->is_array = h.is_array;
    v->array_size = total;
    v->alias_of = tv; /* its SUBROUTINETYPE */
    v->nbindings = nb;
    v->bindings = list;
    return true;
}

