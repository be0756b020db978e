/* Declarations and whole-program rules that options of real programs add
 * to the 4.0/5.0 languages (docs/spec-decisions.md, "Options of real
 * programs"):
 *  - NV_geometry_shader_passthrough: "PASSTHROUGH" <resultUseD>
 *    <optWriteMask>, and what a passthrough geometry program may not
 *    contain;
 *  - NV_stereo_view_rendering: "SECONDARY_VIEW_LAYER_OFFSET" <optSign> <int>;
 *  - NV_fragment_shader_interlock: the interlock options and FSIB/FSIE;
 *  - ARB_compute_variable_group_size: no GROUP_SIZE;
 *  - ARB_post_depth_coverage: needs NV_early_fragment_tests;
 *  - NV_viewport_array2: result.viewport and result.viewportmask not both
 *    written. */
#include "nv/nv_arb_opt.h"

#include <stdio.h>
#include <string.h>

/* ---- declarations --------------------------------------------------------- */

static const char *const opt_decls[] = {"PASSTHROUGH", "SECONDARY_VIEW_LAYER_OFFSET"};

int arb_opt_decl_keyword(const arb *a, const nv_token *t)
{
    if (!a->nv || t->kind != NV_TOK_IDENT)
        return -1;
    for (int i = 0; i < (int)(sizeof opt_decls / sizeof opt_decls[0]); i++)
        if (nvgp_nv_tok_is(a->c->src, t, opt_decls[i]))
            return i;
    return -1;
}

/* Result bindings with a corresponding attribute binding ("result.primid",
 * "result.layer", and "result.viewport" may not be used; NV_viewport_array2:
 * nor "result.viewportmask"). */
static bool passthrough_ok(const char *name)
{
    static const char *const ok[] = {"result.position", "result.color", "result.fogcoord", "result.pointsize",
                                     "result.texcoord[", "result.clip[", "result.attrib["};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (!strncmp(name, ok[i], strlen(ok[i])))
            return true;
    return false;
}

static bool parse_passthrough(arb *a, const nv_token *kw)
{
    nv_parse_ctx *c = a->c;
    nv_program *p = c->prog;
    if (!nv_program_is_passthrough(p))
        return nv_error(c, kw->offset, "PASSTHROUGH needs OPTION NV_geometry_shader_passthrough");
    nv_passthrough pt;
    memset(&pt, 0, sizeof pt);
    pt.offset = kw->offset;
    const nv_token *t = nv_peek(c);
    uint32_t var;
    if (t->kind == NV_TOK_IDENT && arb_find_var(a, t, &var)) {
        /* an OUTPUT variable: its binding (every element of an array) */
        const nv_var *v = &p->vars[var];
        if (v->kind != NV_VAR_OUTPUT || v->nbindings != 1)
            return nv_error(c, t->offset, "PASSTHROUGH needs a result binding or an OUTPUT variable bound to one");
        pt.b = v->bindings[0];
        nv_next(c);
    } else if (!nv_bind_parse(c, NV_BWANT_RESULT, NV_BCTX_SINGLE, &pt.b)) {
        return false;
    }
    if (!passthrough_ok(pt.b.name))
        return nv_error(c, t->offset, "'%s' has no corresponding attribute and cannot be passed through", pt.b.name);
    if (!arb_parse_writemask(a, &pt.writemask))
        return false;
    nv_passthrough *n = nvgp_arena_alloc(&p->arena, sizeof *n * (p->decls.npassthrough + 1));
    if (!n)
        return nv_error(c, kw->offset, "out of memory");
    if (p->decls.npassthrough)
        memcpy(n, p->decls.passthrough, sizeof *n * p->decls.npassthrough);
    n[p->decls.npassthrough++] = pt;
    p->decls.passthrough = n;
    return true;
}

static bool parse_layer_offset(arb *a, const nv_token *kw)
{
    nv_parse_ctx *c = a->c;
    nv_decls *d = &c->prog->decls;
    if (!nv_program_has_option(c->prog, NV_OPTION_NV_stereo_view_rendering))
        return nv_error(c, kw->offset, "SECONDARY_VIEW_LAYER_OFFSET needs OPTION NV_stereo_view_rendering");
    if (d->has_secondary_layer_offset)
        return nv_error(c, kw->offset, "more than one SECONDARY_VIEW_LAYER_OFFSET declaration");
    long long v;
    const nv_token *n = nv_peek(c);
    if (!arb_parse_int(a, &v, true))
        return false;
    if (v < INT32_MIN || v > INT32_MAX)
        return nv_error(c, n->offset, "SECONDARY_VIEW_LAYER_OFFSET %lld is out of range", v);
    d->secondary_layer_offset = (int32_t)v;
    d->has_secondary_layer_offset = true;
    return true;
}

bool arb_parse_opt_decl(arb *a, int which)
{
    const nv_token *kw = nv_next(a->c);
    return which == 0 ? parse_passthrough(a, kw) : parse_layer_offset(a, kw);
}

/* ---- whole-program rules ----------------------------------------------------- */

/* The binding element an instruction writes: name without its last "[n]"
 * in base, the element range in [*first, *last]; false when the
 * destination is no result binding. */
static bool written_binding(const nv_program *p, const nv_dst *d, char *base, size_t cap, int32_t *first,
                            int32_t *last)
{
    if (d->file != NV_FILE_OUTPUT || d->var == NV_VAR_NONE || d->var >= p->nvars)
        return false;
    const nv_var *v = &p->vars[d->var];
    if (v->kind == NV_VAR_ALIAS && v->alias_of < p->nvars)
        v = &p->vars[v->alias_of];
    if (!v->nbindings)
        return false;
    const nv_binding *b = &v->bindings[0];
    int32_t lo = b->index, hi = b->index + (int32_t)(b->count ? b->count : 1) - 1;
    if (v->is_array && !d->has_rel) {
        /* the element: which binding covers d->index */
        int32_t at = 0;
        for (uint32_t i = 0; i < v->nbindings; i++) {
            int32_t n = (int32_t)(v->bindings[i].count ? v->bindings[i].count : 1);
            if (d->index < at + n) {
                b = &v->bindings[i];
                lo = hi = b->index + d->index - at;
                break;
            }
            at += n;
        }
    }
    if (!b->name || !*b->name)
        return false;
    const char *lb = strrchr(b->name, '[');
    size_t len = lb && b->name[strlen(b->name) - 1] == ']' ? (size_t)(lb - b->name) : strlen(b->name);
    snprintf(base, cap, "%.*s", (int)len, b->name);
    if (!lb || b->name[strlen(b->name) - 1] != ']')
        lo = hi = 0;
    *first = lo;
    *last = hi;
    return true;
}

static bool same_binding(const nv_binding *b, const char *base, int32_t first, int32_t last)
{
    const char *lb = strrchr(b->name, '[');
    bool indexed = lb && b->name[strlen(b->name) - 1] == ']';
    size_t len = indexed ? (size_t)(lb - b->name) : strlen(b->name);
    if (strlen(base) != len || strncmp(base, b->name, len) != 0)
        return false;
    if (!indexed)
        return true;
    int32_t lo = b->index, hi = b->index + (int32_t)(b->count ? b->count : 1) - 1;
    return !(last < lo || first > hi);
}

static bool check_passthrough(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    const nv_decls *d = &p->decls;
    if (!nv_program_is_passthrough(p))
        return true;
    /* "A passthrough geometry program will fail to load if it contains an
     * INVOCATIONS, PRIMITIVE_OUT, or VERTICES_OUT declaration, or an EMIT,
     * EMITS, or ENDPRIM instruction.  A passthrough geometry program must
     * declare an input primitive type of POINTS, LINES, or TRIANGLES" */
    if (d->invocations >= 0 || d->primitive_out >= 0 || d->vertices_out >= 0)
        return nv_error_at_end(c, "a passthrough geometry program has no INVOCATIONS, PRIMITIVE_OUT or VERTICES_OUT "
                                  "declaration");
    if (d->primitive_in != NV_PRIM_POINTS && d->primitive_in != NV_PRIM_LINES && d->primitive_in != NV_PRIM_TRIANGLES)
        return nv_error_at_end(c, "a passthrough geometry program needs PRIMITIVE_IN POINTS, LINES or TRIANGLES");
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->op == NV_OP_EMIT || in->op == NV_OP_EMITS || in->op == NV_OP_ENDPRIM)
            return nv_error(c, in->offset, "a passthrough geometry program emits no vertices itself");
        char base[160];
        int32_t lo, hi;
        if (!in->has_dst || !written_binding(p, &in->dst, base, sizeof base, &lo, &hi))
            continue;
        /* "A program will fail to load if any result binding is both
         * declared in a PASSTHROUGH statement and written by a program
         * instruction, even if the set of components referenced is
         * mutually exclusive." */
        for (uint32_t k = 0; k < d->npassthrough; k++) {
            if (!same_binding(&d->passthrough[k].b, base, lo, hi))
                continue;
            const char *bn = d->passthrough[k].b.name;
            char elem[176];
            if (bn[strlen(bn) - 1] == ']') /* the written element of an array binding */
                snprintf(elem, sizeof elem, "%s[%d]", base, (int)(lo > d->passthrough[k].b.index ? lo
                                                                   : d->passthrough[k].b.index));
            else
                snprintf(elem, sizeof elem, "%s", base);
            return nv_error(c, in->dst.offset, "'%s' is declared PASSTHROUGH and cannot be written", elem);
        }
    }
    return true;
}

static const nv_option interlock_modes[] = {NV_OPTION_NV_pixel_interlock_ordered, NV_OPTION_NV_pixel_interlock_unordered,
                                            NV_OPTION_NV_sample_interlock_ordered,
                                            NV_OPTION_NV_sample_interlock_unordered};

static bool check_interlock(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    int modes = 0;
    for (size_t i = 0; i < sizeof interlock_modes / sizeof interlock_modes[0]; i++)
        modes += nv_program_has_option(p, interlock_modes[i]);
    /* "A program will fail to load if it specifies more than one of these
     * program options" */
    if (modes > 1)
        return nv_error_at_end(c, "more than one fragment shader interlock option");
    /* the extension's own name selects GLSL's default, pixel_interlock_ordered */
    bool interlock = modes == 1 || nv_program_has_option(p, NV_OPTION_NV_fragment_shader_interlock);
    uint32_t begins = 0, ends = 0;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->op != NV_OP_FSIB && in->op != NV_OP_FSIE)
            continue;
        if (!interlock)
            return nv_error(c, in->offset, "%s needs a fragment shader interlock option such as "
                                           "NV_pixel_interlock_ordered",
                            in->op == NV_OP_FSIB ? "FSIB" : "FSIE");
        begins += in->op == NV_OP_FSIB;
        ends += in->op == NV_OP_FSIE;
    }
    /* "... if it specifies exactly one of these options but does not
     * contain exactly one FSIB instruction and one FSIE instruction" */
    if (interlock && (begins != 1 || ends != 1))
        return nv_error_at_end(c, "a fragment shader interlock program needs exactly one FSIB and one FSIE "
                                  "(it has %u and %u)", begins, ends);
    return true;
}

static bool check_viewport_writes(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    bool viewport = false, mask = false;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        char base[160];
        int32_t lo, hi;
        if (!in->has_dst || !written_binding(p, &in->dst, base, sizeof base, &lo, &hi))
            continue;
        viewport |= !strcmp(base, "result.viewport");
        mask |= !strcmp(base, "result.viewportmask");
        /* NV_viewport_array2: "If both "result.viewport" and
         * "result.viewportmask" are written, compilation will fail." */
        if (viewport && mask)
            return nv_error(c, in->dst.offset, "a program writes both result.viewport and result.viewportmask");
    }
    return true;
}

bool arb_check_opt_rules(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    if (!a->nv)
        return true;
    if (!check_passthrough(a) || !check_interlock(a) || !check_viewport_writes(a))
        return false;
    /* ARB_compute_variable_group_size: "If the ARB_compute_variable_group_size
     * option is specified, ... a program will fail to load if it includes
     * any GROUP_SIZE declaration." */
    if (nv_program_has_option(p, NV_OPTION_ARB_compute_variable_group_size) && p->decls.group_size[0] >= 0)
        return nv_error_at_end(c, "a program with OPTION ARB_compute_variable_group_size has no GROUP_SIZE "
                                  "declaration");
    /* ARB_post_depth_coverage: "If a fragment program specifies the
     * ARB_post_depth_coverage option and not the NV_early_fragment_tests
     * option, it will fail to compile." */
    if (nv_program_has_option(p, NV_OPTION_ARB_post_depth_coverage) &&
        !nv_program_has_option(p, NV_OPTION_NV_early_fragment_tests))
        return nv_error_at_end(c, "OPTION ARB_post_depth_coverage needs OPTION NV_early_fragment_tests");
    return true;
}
