/* Printer of ARB-grammar programs (see nv_print.h). */
#include "nv/nv_print.h"

#include "nv/nv_limits.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const cond_names[NV_COND_COUNT] = {
    "", "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL", "NAN", "LEG", "CF", "NCF", "OF", "NOF", "SF", "NSF", "AB", "BLE", "RESIDENT", "NONRESIDENT"};
static const char *const tex_names[NV_TEX_COUNT] = {
    "", "1D", "2D", "3D", "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT", "ARRAY1D", "ARRAY2D",
    "SHADOWCUBE", "SHADOWARRAY1D", "SHADOWARRAY2D", "ARRAYCUBE", "SHADOWARRAYCUBE", "BUFFER",
    "RENDERBUFFER", "2DMS", "ARRAY2DMS"};
static const char *const dt_names[NV_DT_COUNT] = {
    "", "F", "U", "S", "F16", "F32", "F64", "S8", "S16", "S32", "S64", "U8", "U16", "U32", "U64",
    "F32X2", "F32X4", "F64X2", "F64X4", "S32X2", "S32X4", "S64X2", "S64X4", "U32X2", "U32X4", "U64X2",
    "U64X4", "F16X2", "F16X4", "S8X2", "S8X4", "S16X2", "S16X4", "U8X2", "U8X4", "U16X2", "U16X4"};
static const char *const atom_names[] = {"", "ADD", "MIN", "MAX", "IWRAP", "DWRAP", "AND", "OR", "XOR", "EXCH",
                                         "CSWAP", "INCR", "DECR", "GET"};
static const char *const round_names[] = {"", "ROUND", "CEIL", "FLR", "TRUNC"};
static const char comp_names[] = "xyzw01";

static bool is_nv(const nv_program *p) { return p->header != NV_HDR_ARBVP10 && p->header != NV_HDR_ARBFP10; }

/* A number as written: integers without a point, other values with one
 * (so a float constant stays a float constant when read back). */
static void put_num(nvgp_strbuf *o, double d, bool is_int)
{
    char buf[64];
    if (isinf(d)) {
        nvgp_strbuf_puts(o, d < 0 ? "-1e999" : "1e999");
        return;
    }
    /* Integers in full digits (never exponent notation, which reads back
     * as a float). */
    snprintf(buf, sizeof buf, is_int ? "%.0f" : "%.17g", d);
    nvgp_strbuf_puts(o, buf);
    if (!is_int && !strpbrk(buf, ".e"))
        nvgp_strbuf_puts(o, ".0");
}

/* Component i of a constant: integers from their exact 64-bit value (the
 * double's sign says whether it was written negated), others as doubles. */
static void put_const_comp(nvgp_strbuf *o, const nv_const *k, int i)
{
    if (!k->is_int) {
        put_num(o, k->d[i], false);
        return;
    }
    uint64_t u = k->bits64[i];
    if (k->d[i] < 0)
        nvgp_strbuf_printf(o, "-%llu", (unsigned long long)(0u - u));
    else
        nvgp_strbuf_printf(o, "%llu", (unsigned long long)u);
}

/* A binding as written; `count` > 1 turns its last index into a range. */
static void put_binding(nvgp_strbuf *o, const nv_program *p, const nv_binding *b)
{
    if (b->kind == NV_BIND_CONST) {
        /* The values as written (integers exact in 64 bits, other values as
         * exact doubles), so integers stay integers and the text reads back
         * to the same constant. */
        const nv_const *k = &p->consts[b->konst];
        if (k->scalar) {
            put_const_comp(o, k, 0);
            return;
        }
        nvgp_strbuf_putc(o, '{');
        for (int i = 0; i < 4; i++) {
            if (i)
                nvgp_strbuf_puts(o, ", ");
            put_const_comp(o, k, i); /* missing integer components are 0, w 1 */
        }
        nvgp_strbuf_putc(o, '}');
        return;
    }
    if (b->kind == NV_BIND_BUFFER && b->points > 1) {
        /* program.buffer[a..b], then any element or element range */
        nvgp_strbuf_printf(o, "program.buffer[%d..%d]", b->index, b->index + (int)b->points - 1);
        const char *second = strchr(strchr(b->name, '[') + 1, '[');
        if (second) {
            nvgp_strbuf_printf(o, "[%d", b->index2);
            if (b->count > 1)
                nvgp_strbuf_printf(o, "..%d", b->index2 + (int)b->count - 1);
            nvgp_strbuf_putc(o, ']');
        }
        return;
    }
    const char *last = strrchr(b->name, '[');
    if (b->count > 1 && last) {
        nvgp_strbuf_append(o, b->name, (size_t)(last - b->name));
        int first = 0;
        sscanf(last, "[%d]", &first);
        nvgp_strbuf_printf(o, "[%d..%d]%s", first, first + (int)b->count - 1, strchr(last, ']') + 1);
    } else {
        nvgp_strbuf_puts(o, b->name);
    }
}

static void put_const(nvgp_strbuf *o, const nv_program *p, uint32_t konst)
{
    nv_binding b = {.kind = NV_BIND_CONST, .konst = konst};
    put_binding(o, p, &b);
}

/* The name a variable is referred to by: its name, or its binding when
 * the program used the binding directly. */
static void put_var_ref(nvgp_strbuf *o, const nv_program *p, uint32_t v)
{
    if (v == NV_VAR_NONE || v >= p->nvars)
        return;
    const nv_var *var = &p->vars[v];
    if (var->name[0])
        nvgp_strbuf_puts(o, var->name);
    else if (var->nbindings)
        put_binding(o, p, &var->bindings[0]);
}

static void put_rel(nvgp_strbuf *o, const nv_program *p, const nv_rel *r, int32_t offset)
{
    nvgp_strbuf_putc(o, '[');
    if (r->file == NV_FILE_ADDRESS && r->var == NV_VAR_NONE)
        nvgp_strbuf_puts(o, "A0"); /* NV_fragment_program2's loop index */
    else
        put_var_ref(o, p, r->var);
    nvgp_strbuf_printf(o, ".%c", comp_names[r->comp & 3]);
    if (offset > 0)
        nvgp_strbuf_printf(o, " + %d", (int)offset);
    else if (offset < 0)
        nvgp_strbuf_printf(o, " - %d", (int)-offset);
    nvgp_strbuf_putc(o, ']');
}

static void put_swizzle(nvgp_strbuf *o, const uint8_t s[4], bool scalar)
{
    if (scalar) {
        nvgp_strbuf_printf(o, ".%c", comp_names[s[0]]);
        return;
    }
    if (s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 3)
        return;
    nvgp_strbuf_putc(o, '.');
    for (int i = 0; i < 4; i++)
        nvgp_strbuf_putc(o, comp_names[s[i]]);
}

static void put_cc(nvgp_strbuf *o, const nv_program *p, const nv_cc_test *cc)
{
    nvgp_strbuf_puts(o, cond_names[cc->cond]);
    if (cc->reg || (is_nv(p) && 0))
        nvgp_strbuf_printf(o, "%d", cc->reg);
    put_swizzle(o, cc->swizzle, false);
}

void nvgp_nv_print_src_open(nvgp_strbuf *o, const nv_src *s)
{
    if (s->negate)
        nvgp_strbuf_putc(o, '-');
    if (s->abs) {
        nvgp_strbuf_putc(o, '|');
        if (s->neg_inner)
            nvgp_strbuf_putc(o, '-');
    }
}

void nvgp_nv_print_src_close(nvgp_strbuf *o, const nv_src *s)
{
    if (s->abs)
        nvgp_strbuf_putc(o, '|');
}

static void put_src(nvgp_strbuf *o, const nv_program *p, const nv_inst *in, const nv_src *s)
{
    nvgp_nv_print_src_open(o, s);
    if (s->file == NV_FILE_CONST)
        put_const(o, p, s->konst);
    else
        put_var_ref(o, p, s->var);
    bool named_rel = s->var != NV_VAR_NONE && s->var < p->nvars && p->vars[s->var].rel_binding;
    if (s->has_rel && !named_rel)
        put_rel(o, p, &s->rel, s->index);
    else if (!named_rel && s->var != NV_VAR_NONE && p->vars[s->var].is_array && p->vars[s->var].name[0])
        nvgp_strbuf_printf(o, "[%d]", (int)s->index);
    if (s->has_elem && s->elem_has_rel)
        put_rel(o, p, &s->elem_rel, s->elem);
    else if (s->has_elem)
        nvgp_strbuf_printf(o, "[%d]", (int)s->elem);
    if (in->op == NV_OP_SWZ && s == &in->src[0]) {
        for (int i = 0; i < 4; i++)
            nvgp_strbuf_printf(o, ", %s%c", (s->negmask >> i) & 1 ? "-" : "", comp_names[s->swizzle[i]]);
    } else if (s->file != NV_FILE_SHARED && s->file != NV_FILE_STORAGE && s->file != NV_FILE_COUNTER) {
        put_swizzle(o, s->swizzle, s->scalar);
    }
    nvgp_nv_print_src_close(o, s);
}

static void put_dst(nvgp_strbuf *o, const nv_program *p, const nv_dst *d)
{
    put_var_ref(o, p, d->var);
    bool named_rel = d->var != NV_VAR_NONE && d->var < p->nvars && p->vars[d->var].rel_binding;
    if (d->has_rel && !named_rel)
        put_rel(o, p, &d->rel, d->index);
    else if (!named_rel && d->var != NV_VAR_NONE && p->vars[d->var].is_array && p->vars[d->var].name[0])
        nvgp_strbuf_printf(o, "[%d]", (int)d->index);
    if (d->writemask != 0xf) {
        nvgp_strbuf_putc(o, '.');
        for (int i = 0; i < 4; i++)
            if ((d->writemask >> i) & 1)
                nvgp_strbuf_putc(o, comp_names[i]);
    }
    if (d->cc.cond) {
        nvgp_strbuf_puts(o, " (");
        put_cc(o, p, &d->cc);
        nvgp_strbuf_putc(o, ')');
    }
}

static void put_tex(nvgp_strbuf *o, const nv_program *p, const nv_inst *in, bool image, bool target)
{
    const nv_tex *t = &in->tex;
    if (t->unit < 0 && t->has_rel) {
        nvgp_strbuf_puts(o, "handle(");
        put_var_ref(o, p, t->rel.var);
        nvgp_strbuf_printf(o, ".%c)", comp_names[t->rel.comp & 3]);
    } else if (t->var != NV_VAR_NONE) {
        const nv_var *v = &p->vars[t->var];
        nvgp_strbuf_puts(o, v->name);
        if (t->has_rel) /* unit = the array's first unit + the constant offset */
            put_rel(o, p, &t->rel, v->nbindings ? t->unit - v->bindings[0].index : 0);
        else if (v->is_array)
            nvgp_strbuf_printf(o, "[%d]", (int)(t->unit - v->bindings[0].index));
    } else {
        nvgp_strbuf_printf(o, "%s[%d]", image ? "image" : "texture", (int)t->unit);
    }
    if (!image && t->gather_comp)
        nvgp_strbuf_printf(o, ".%c", comp_names[(t->gather_comp - 1) & 3]);
    if (target)
        nvgp_strbuf_printf(o, ", %s", tex_names[t->target]);
    if (t->has_offset) {
        int n = 3;
        while (n > 1 && !t->offsets[n - 1])
            n--;
        nvgp_strbuf_puts(o, ", (");
        for (int i = 0; i < n; i++)
            nvgp_strbuf_printf(o, "%s%d", i ? ", " : "", t->offsets[i]);
        nvgp_strbuf_putc(o, ')');
    }
}

static const char *var_keyword(uint8_t kind)
{
    switch (kind) {
    case NV_VAR_ATTRIB: return "ATTRIB";
    case NV_VAR_PARAM: return "PARAM";
    case NV_VAR_TEMP: return "TEMP";
    case NV_VAR_ADDRESS: return "ADDRESS";
    case NV_VAR_OUTPUT: return "OUTPUT";
    case NV_VAR_ALIAS: return "ALIAS";
    case NV_VAR_BUFFER: return "BUFFER";
    case NV_VAR_BUFFER4: return "BUFFER4";
    case NV_VAR_CBUFFER: return "CBUFFER";
    case NV_VAR_TEXTURE: return "TEXTURE";
    case NV_VAR_IMAGE: return "IMAGE";
    case NV_VAR_SHARED: return "SHARED";
    case NV_VAR_STORAGE: return "STORAGE";
    case NV_VAR_COUNTER: return "COUNTER";
    case NV_VAR_SUBROUTINE: return "SUBROUTINE";
    case NV_VAR_SUBROUTINETYPE: return "SUBROUTINETYPE";
    default: return "?";
    }
}

static void put_mods(nvgp_strbuf *o, uint16_t m)
{
    static const struct { uint16_t bit; const char *w; } t[] = {
        {NV_VMOD_SHORT, "SHORT"}, {NV_VMOD_LONG, "LONG"}, {NV_VMOD_INT, "INT"}, {NV_VMOD_UINT, "UINT"},
        {NV_VMOD_FLOAT, "FLOAT"}, {NV_VMOD_FLAT, "FLAT"}, {NV_VMOD_CENTROID, "CENTROID"},
        {NV_VMOD_NOPERSPECTIVE, "NOPERSPECTIVE"}, {NV_VMOD_SAMPLE, "SAMPLE"}, {NV_VMOD_PATCH, "PATCH"}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (m & t[i].bit)
            nvgp_strbuf_printf(o, "%s ", t[i].w);
}

static void put_decl(nvgp_strbuf *o, const nv_program *p, uint32_t i)
{
    const nv_var *v = &p->vars[i];
    if (!v->name[0])
        return; /* an implicit binding, printed where it is used */
    put_mods(o, v->mods);
    nvgp_strbuf_printf(o, "%s ", var_keyword(v->kind));
    switch (v->kind) {
    case NV_VAR_TEMP:
    case NV_VAR_ADDRESS:
        nvgp_strbuf_puts(o, v->name);
        if (v->is_array)
            nvgp_strbuf_printf(o, "[%u]", v->array_size);
        break;
    case NV_VAR_ALIAS:
        nvgp_strbuf_printf(o, "%s = %s", v->name, p->vars[v->alias_of].name);
        break;
    case NV_VAR_SUBROUTINETYPE:
        nvgp_strbuf_printf(o, "%s {", v->name);
        for (uint32_t k = 0; k < v->array_size; k++)
            nvgp_strbuf_printf(o, "%s %s", k ? "," : "", p->labels[v->alias_of + k].name);
        nvgp_strbuf_puts(o, " }");
        break;
    case NV_VAR_SUBROUTINE:
        nvgp_strbuf_printf(o, "%s %s", p->vars[v->alias_of].name, v->name);
        if (v->is_array) {
            nvgp_strbuf_puts(o, "[] = {");
            for (uint32_t k = 0; k < v->nbindings; k++) {
                const nv_binding *b = &v->bindings[k];
                nvgp_strbuf_printf(o, "%s program.subroutine[%d", k ? "," : "", b->index);
                if (b->count > 1)
                    nvgp_strbuf_printf(o, "..%d", b->index + (int)b->count - 1);
                nvgp_strbuf_putc(o, ']');
            }
            nvgp_strbuf_puts(o, " }");
        } else
            nvgp_strbuf_printf(o, " = program.subroutine[%d]", v->bindings[0].index);
        break;
    case NV_VAR_STORAGE: {
        /* program.storage[a(..b)] and its elements [c(..d)] (count 0: the
         * whole buffer); over several points a declared array has elements */
        const nv_binding *b = &v->bindings[0];
        uint32_t pts = b->points > 1 ? b->points : 1;
        bool declared = pts > 1 ? v->elements != 0 : v->is_array;
        bool braces = declared || pts > 1 || b->count > 1;
        nvgp_strbuf_puts(o, v->name);
        if (declared) {
            uint32_t size = pts > 1 ? v->elements : b->count ? 0 : v->array_size;
            if (size && !(pts > 1 && !b->count && size == NV_LIMIT_STORAGE_BLOCK_SIZE))
                nvgp_strbuf_printf(o, "[%u]", size);
            else
                nvgp_strbuf_puts(o, "[]");
        }
        nvgp_strbuf_printf(o, " = %sprogram.storage[%d", braces ? "{ " : "", b->index);
        if (pts > 1)
            nvgp_strbuf_printf(o, "..%d", b->index + (int)pts - 1);
        nvgp_strbuf_putc(o, ']');
        if (b->count) {
            nvgp_strbuf_printf(o, "[%d", b->index2);
            if (b->count > 1)
                nvgp_strbuf_printf(o, "..%d", b->index2 + (int)b->count - 1);
            nvgp_strbuf_putc(o, ']');
        }
        if (braces)
            nvgp_strbuf_puts(o, " }");
        break;
    }
    case NV_VAR_TEXTURE:
    case NV_VAR_IMAGE:
    case NV_VAR_SHARED:
    case NV_VAR_COUNTER: {
        const nv_binding *b = &v->bindings[0];
        const char *word = v->kind == NV_VAR_TEXTURE ? "texture" : v->kind == NV_VAR_IMAGE ? "image"
                           : v->kind == NV_VAR_SHARED  ? "program.sharedmem" : "program.counter";
        int first = v->kind == NV_VAR_COUNTER ? b->index2 : b->index;
        if (v->is_array && b->count == 0) {
            /* the whole of shared memory or of a counter buffer */
            nvgp_strbuf_printf(o, "%s[] = { %s", v->name, word);
            if (v->kind == NV_VAR_COUNTER)
                nvgp_strbuf_printf(o, "[%d]", b->index);
            nvgp_strbuf_puts(o, " }");
        } else if (v->is_array) {
            nvgp_strbuf_printf(o, "%s[] = { %s", v->name, word);
            if (v->kind == NV_VAR_COUNTER)
                nvgp_strbuf_printf(o, "[%d]", b->index);
            nvgp_strbuf_printf(o, "[%d..%d] }", first, first + (int)b->count - 1);
        } else {
            nvgp_strbuf_printf(o, "%s = %s", v->name, word);
            if (v->kind == NV_VAR_COUNTER)
                nvgp_strbuf_printf(o, "[%d]", b->index);
            nvgp_strbuf_printf(o, "[%d]", first);
        }
        break;
    }
    default:
        nvgp_strbuf_puts(o, v->name);
        /* a per-vertex attribute declared without [] is indexed by the
         * vertex alone (array_size 0, no elements) */
        bool per_vertex_plain = v->kind == NV_VAR_ATTRIB && v->is_array && !v->array_size && !v->elements;
        /* likewise a parameter buffer variable over several binding points
         * declared without [] (one index: the point) */
        per_vertex_plain |= v->nbindings == 1 && v->bindings[0].kind == NV_BIND_BUFFER && v->bindings[0].points > 1 &&
                            !v->elements;
        if (v->rel_binding) {
            /* NV_vertex_program3: "ATTRIB t = vertex.texcoord[A0.y + 1]" */
            nvgp_strbuf_puts(o, " = ");
            put_binding(o, p, &v->bindings[0]);
            put_rel(o, p, &v->rel, v->rel_offset);
        } else if ((v->is_array && !per_vertex_plain) || v->nbindings > 1) {
            nvgp_strbuf_puts(o, "[] = { ");
            for (uint32_t k = 0; k < v->nbindings; k++) {
                if (k)
                    nvgp_strbuf_puts(o, ", ");
                put_binding(o, p, &v->bindings[k]);
            }
            nvgp_strbuf_puts(o, " }");
        } else {
            nvgp_strbuf_puts(o, " = ");
            put_binding(o, p, &v->bindings[0]);
        }
        break;
    }
    nvgp_strbuf_puts(o, ";\n");
}

static void put_decls(nvgp_strbuf *o, const nv_decls *d)
{
    static const char *const prim[] = {"POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES", "TRIANGLES_ADJACENCY",
                                       "LINE_STRIP", "TRIANGLE_STRIP", "PATCHES", "QUADS", "ISOLINES",
                                       "EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN", "CW", "CCW"};
    if (d->primitive_in >= 0) {
        nvgp_strbuf_printf(o, "PRIMITIVE_IN %s", prim[d->primitive_in]);
        if (d->primitive_in == NV_PRIM_PATCHES && d->patches_in > 0)
            nvgp_strbuf_printf(o, " %d", d->patches_in);
        nvgp_strbuf_puts(o, ";\n");
    }
    if (d->primitive_out >= 0)
        nvgp_strbuf_printf(o, "PRIMITIVE_OUT %s;\n", prim[d->primitive_out]);
    if (d->vertices_out >= 0)
        nvgp_strbuf_printf(o, "VERTICES_OUT %d;\n", d->vertices_out);
    if (d->invocations >= 0)
        nvgp_strbuf_printf(o, "INVOCATIONS %d;\n", d->invocations);
    if (d->group_size[0] >= 0)
        nvgp_strbuf_printf(o, "GROUP_SIZE %d %d %d;\n", d->group_size[0], d->group_size[1], d->group_size[2]);
    if (d->shared_memory >= 0)
        nvgp_strbuf_printf(o, "SHARED_MEMORY %d;\n", d->shared_memory);
    if (d->tess_mode >= 0)
        nvgp_strbuf_printf(o, "TESS_MODE %s;\n", prim[d->tess_mode]);
    if (d->tess_spacing >= 0)
        nvgp_strbuf_printf(o, "TESS_SPACING %s;\n", prim[d->tess_spacing]);
    if (d->tess_vertex_order >= 0)
        nvgp_strbuf_printf(o, "TESS_VERTEX_ORDER %s;\n", prim[d->tess_vertex_order]);
    if (d->tess_point_mode >= 0)
        nvgp_strbuf_puts(o, "TESS_POINT_MODE;\n");
    if (d->has_secondary_layer_offset)
        nvgp_strbuf_printf(o, "SECONDARY_VIEW_LAYER_OFFSET %d;\n", (int)d->secondary_layer_offset);
}

/* NV_geometry_shader_passthrough's PASSTHROUGH declarations. */
static void put_passthrough(nvgp_strbuf *o, const nv_program *p)
{
    for (uint32_t i = 0; i < p->decls.npassthrough; i++) {
        const nv_passthrough *pt = &p->decls.passthrough[i];
        nvgp_strbuf_puts(o, "PASSTHROUGH ");
        put_binding(o, p, &pt->b);
        if (pt->writemask != 0xf) {
            nvgp_strbuf_putc(o, '.');
            for (int k = 0; k < 4; k++)
                if (pt->writemask & (1u << k))
                    nvgp_strbuf_putc(o, "xyzw"[k]);
        }
        nvgp_strbuf_puts(o, ";\n");
    }
}

static void put_inst(nvgp_strbuf *o, const nv_program *p, const nv_inst *in)
{
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    nvgp_strbuf_puts(o, info->name);
    if (!is_nv(p)) {
        /* ARB languages: suffixes (Table X.15 order: precision, CC, clamp). */
        if (in->prec)
            nvgp_strbuf_putc(o, "?RHX"[in->prec]);
        if (in->cc_update)
            nvgp_strbuf_puts(o, in->cc_update == 2 ? "C1" : "C");
        if (in->sat)
            nvgp_strbuf_puts(o, in->sat == NV_SAT_SAT ? "_SAT" : "_SSAT");
    } else {
        /* An R/H precision suffix stands for ".F" plus a precision. */
        if (in->prec)
            nvgp_strbuf_putc(o, "?RHX"[in->prec]);
        if (in->atom_op)
            nvgp_strbuf_printf(o, ".%s", atom_names[in->atom_op]);
        if (in->dtype && !in->prec)
            nvgp_strbuf_printf(o, ".%s", dt_names[in->dtype]);
        if (in->storage)
            nvgp_strbuf_printf(o, ".%s", dt_names[in->storage]);
        if (in->round)
            nvgp_strbuf_printf(o, ".%s", round_names[in->round]);
        if (in->cc_update)
            nvgp_strbuf_puts(o, in->cc_update == 2 ? ".CC1" : ".CC0");
        if (in->sat)
            nvgp_strbuf_puts(o, in->sat == NV_SAT_SAT ? ".SAT" : ".SSAT");
        if (in->ntc)
            nvgp_strbuf_puts(o, ".NTC");
        if (in->s24)
            nvgp_strbuf_puts(o, ".S24");
        if (in->u24)
            nvgp_strbuf_puts(o, ".U24");
        if (in->hi)
            nvgp_strbuf_puts(o, ".HI");
        if (in->coh)
            nvgp_strbuf_puts(o, ".COH");
        if (in->vol)
            nvgp_strbuf_puts(o, ".VOL");
        if (in->prec_mod)
            nvgp_strbuf_puts(o, ".PREC");
        if (in->membar_cta)
            nvgp_strbuf_puts(o, ".CTA");
        if (in->deriv)
            nvgp_strbuf_puts(o, in->deriv == NV_DERIV_FINE ? ".FINE" : ".COARSE");
        if (in->lodclamp)
            nvgp_strbuf_puts(o, ".LODCLAMP");
        if (in->sparse)
            nvgp_strbuf_puts(o, ".SPARSE");
    }
    const char *sep = " ";
    bool image = info->cls == NV_CLASS_LOADIM || info->cls == NV_CLASS_ATOMIM || info->cls == NV_CLASS_STOREIM ||
                 info->cls == NV_CLASS_IMQS;
    if (info->cls == NV_CLASS_STOREIM) {
        nvgp_strbuf_puts(o, sep);
        put_tex(o, p, in, true, false);
        sep = ", ";
    }
    if (in->has_dst) {
        nvgp_strbuf_puts(o, sep);
        put_dst(o, p, &in->dst);
        sep = ", ";
    }
    if (info->cls == NV_CLASS_BRA) {
        nvgp_strbuf_printf(o, " %s", p->labels[in->label].name);
    } else if (info->cls == NV_CLASS_CALI) {
        nvgp_strbuf_printf(o, " %s", p->vars[in->label].name);
        if (p->vars[in->label].is_array) {
            if (in->src[0].has_rel)
                put_rel(o, p, &in->src[0].rel, in->src[0].index);
            else
                nvgp_strbuf_printf(o, "[%d]", (int)in->src[0].index);
        }
    }
    int nsrc = in->nsrc - (in->tex.offset_from_operand ? 1 : 0);
    if (info->cls != NV_CLASS_CALI)
        for (int i = 0; i < nsrc; i++) {
            nvgp_strbuf_puts(o, sep);
            put_src(o, p, in, &in->src[i]);
            sep = ", ";
        }
    if (info->cls == NV_CLASS_TEX || info->cls == NV_CLASS_TXD || info->cls == NV_CLASS_TXQS ||
        (image && info->cls != NV_CLASS_STOREIM)) {
        nvgp_strbuf_puts(o, sep);
        put_tex(o, p, in, image, true);
    } else if (info->cls == NV_CLASS_STOREIM) {
        nvgp_strbuf_printf(o, ", %s", tex_names[in->tex.target]);
    }
    if (in->tex.offset_from_operand) {
        nvgp_strbuf_puts(o, ", offset(");
        put_src(o, p, in, &in->src[in->nsrc - 1]);
        nvgp_strbuf_putc(o, ')');
    }
    if (in->cond.cond) {
        bool paren = !is_nv(p) || info->cls == NV_CLASS_BRA || info->cls == NV_CLASS_FLOWCC ||
                     info->cls == NV_CLASS_CALI || info->cls == NV_CLASS_KIL;
        nvgp_strbuf_puts(o, paren ? " (" : " ");
        put_cc(o, p, &in->cond);
        if (paren)
            nvgp_strbuf_putc(o, ')');
    }
    nvgp_strbuf_puts(o, ";\n");
}

bool nvgp_nv_print(const nv_program *p, nvgp_strbuf *out)
{
    uint8_t h = p->header;
    if (h == NV_HDR_VP10 || h == NV_HDR_VP11 || h == NV_HDR_VP20 || h == NV_HDR_VSP10 || h == NV_HDR_FP10)
        return false;
    nvgp_strbuf_printf(out, "!!%s\n", nvgp_nv_header_name((nv_header)h));
    for (int o = 1; o < NV_OPTION_COUNT; o++)
        if ((p->options >> o) & 1)
            nvgp_strbuf_printf(out, "OPTION %s;\n", nvgp_nv_option_info((nv_option)o)->name);
    put_decls(out, &p->decls);
    put_passthrough(out, p);
    /* SUBROUTINETYPE lists labels by index, so those print with names;
     * everything else in declaration order. */
    for (uint32_t i = 0; i < p->nvars; i++)
        put_decl(out, p, i);
    for (uint32_t i = 0; i <= p->ninsts; i++) {
        for (uint32_t l = 0; l < p->nlabels; l++)
            if (p->labels[l].inst == i) {
                nvgp_strbuf_puts(out, p->labels[l].name);
                if (p->labels[l].subroutine_num >= 0)
                    nvgp_strbuf_printf(out, " SUBROUTINENUM(%d)", (int)p->labels[l].subroutine_num);
                nvgp_strbuf_puts(out, ":\n");
            }
        if (i < p->ninsts)
            put_inst(out, p, &p->insts[i]);
    }
    nvgp_strbuf_puts(out, "END\n");
    return !out->failed;
}
