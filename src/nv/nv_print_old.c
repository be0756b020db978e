/* Prints a program of the older NVIDIA languages (!!VP1.0, !!VP1.1,
 * !!VP2.0, !!VSP1.0, !!FP1.0) back as assembly text: options, then the
 * FP1.0 DEFINE/DECLARE statements, then one instruction or label per line.
 * Constants print as four-component vector constants ("{2, 2, 2, 2}.x"
 * for the scalar 2), so the reassembled program has the same values and
 * the same unique-value count; floats print with nine significant digits,
 * which reproduces every float exactly.  The text assembles to a program
 * that prints identically (tests/nv_old checks both). */
#include "nv/nv_old.h"
#include "nv/nv_print.h"

#include <math.h>

static const char comps[] = "xyzw";

static void put_float(nvgp_strbuf *o, float f)
{
    if (isnan(f))
        nvgp_strbuf_puts(o, "0"); /* cannot be written; never produced by the parsers */
    else if (isinf(f))
        nvgp_strbuf_puts(o, f < 0 ? "-1e39" : "1e39"); /* rounds to infinity again */
    else
        nvgp_strbuf_printf(o, "%.9g", (double)f);
}

static void put_vec(nvgp_strbuf *o, const float *v)
{
    nvgp_strbuf_putc(o, '{');
    for (int i = 0; i < 4; i++) {
        if (i)
            nvgp_strbuf_puts(o, ", ");
        put_float(o, v[i]);
    }
    nvgp_strbuf_putc(o, '}');
}

static void put_mask(nvgp_strbuf *o, unsigned m)
{
    if (m == 0xF)
        return;
    nvgp_strbuf_putc(o, '.');
    for (int i = 0; i < 4; i++)
        if (m & (1u << i))
            nvgp_strbuf_putc(o, comps[i]);
}

static void put_swizzle(nvgp_strbuf *o, const uint8_t *s, bool scalar)
{
    if (scalar) {
        nvgp_strbuf_printf(o, ".%c", comps[s[0] & 3]);
        return;
    }
    if (s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 3)
        return;
    nvgp_strbuf_printf(o, ".%c%c%c%c", comps[s[0] & 3], comps[s[1] & 3], comps[s[2] & 3], comps[s[3] & 3]);
}

static void put_cc(nvgp_strbuf *o, const nv_cc_test *t)
{
    static const char *const names[] = {"", "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL"};
    nvgp_strbuf_puts(o, t->cond < sizeof names / sizeof names[0] ? names[t->cond] : "TR");
    put_swizzle(o, t->swizzle, false);
}

static void put_temp(nvgp_strbuf *o, bool fp, int32_t index)
{
    if (fp && index >= NV_FP_HREG_BASE)
        nvgp_strbuf_printf(o, "H%d", index - NV_FP_HREG_BASE);
    else
        nvgp_strbuf_printf(o, "R%d", index);
}

static void put_dst(nvgp_strbuf *o, const nv_program *p, const nv_dst *d)
{
    bool fp = p->header == NV_HDR_FP10;
    switch (d->file) {
    case NV_FILE_TEMP: put_temp(o, fp, d->index); break;
    case NV_FILE_OUTPUT:
        nvgp_strbuf_printf(o, "o[%s]", fp ? nvgp_nv_fp_result_name((unsigned)d->index)
                                          : nvgp_nv_vp_result_name((unsigned)d->index));
        break;
    case NV_FILE_PARAM: nvgp_strbuf_printf(o, "c[%d]", d->index); break;
    case NV_FILE_ADDRESS: nvgp_strbuf_printf(o, "A%d", d->index); break;
    case NV_FILE_CC: nvgp_strbuf_puts(o, fp ? (d->index ? "HC" : "RC") : "CC"); break;
    default: nvgp_strbuf_puts(o, "?"); break;
    }
    put_mask(o, d->writemask);
    if (d->cc.cond != NV_COND_NONE) {
        nvgp_strbuf_puts(o, " (");
        put_cc(o, &d->cc);
        nvgp_strbuf_putc(o, ')');
    }
}

static void put_src(nvgp_strbuf *o, const nv_program *p, const nv_src *s)
{
    bool fp = p->header == NV_HDR_FP10;
    nvgp_nv_print_src_open(o, s);
    switch (s->file) {
    case NV_FILE_TEMP: put_temp(o, fp, s->index); break;
    case NV_FILE_ATTRIB:
        if (fp)
            nvgp_strbuf_printf(o, "f[%s]", nvgp_nv_fp_attrib_name((unsigned)s->index));
        else
            nvgp_strbuf_printf(o, "v[%d]", s->index);
        break;
    case NV_FILE_PARAM:
        if (s->var != NV_VAR_NONE)
            nvgp_strbuf_puts(o, p->vars[s->var].name);
        else if (fp)
            nvgp_strbuf_printf(o, "p[%d]", s->index);
        else if (s->has_rel && s->index)
            nvgp_strbuf_printf(o, "c[A%u.%c %c %d]", s->rel.index, comps[s->rel.comp & 3],
                               s->index < 0 ? '-' : '+', s->index < 0 ? -s->index : s->index);
        else if (s->has_rel)
            nvgp_strbuf_printf(o, "c[A%u.%c]", s->rel.index, comps[s->rel.comp & 3]);
        else
            nvgp_strbuf_printf(o, "c[%d]", s->index);
        break;
    case NV_FILE_CONST: put_vec(o, p->consts[s->konst].v.f); break;
    case NV_FILE_ADDRESS: nvgp_strbuf_printf(o, "A%d", s->index); break;
    default: nvgp_strbuf_puts(o, "?"); break;
    }
    if (s->file != NV_FILE_ADDRESS)
        put_swizzle(o, s->swizzle, s->scalar);
    nvgp_nv_print_src_close(o, s);
}

static void put_labels(nvgp_strbuf *o, const nv_program *p, uint32_t inst)
{
    for (uint32_t l = 0; l < p->nlabels; l++)
        if (p->labels[l].inst == inst)
            nvgp_strbuf_printf(o, "%s:\n", p->labels[l].name);
}

static void put_inst(nvgp_strbuf *o, const nv_program *p, const nv_inst *in)
{
    static const char *const targets[NV_TEX_COUNT] = {
        [NV_TEX_1D] = "1D", [NV_TEX_2D] = "2D", [NV_TEX_3D] = "3D", [NV_TEX_CUBE] = "CUBE", [NV_TEX_RECT] = "RECT"};
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)in->op);
    nvgp_strbuf_puts(o, info->name);
    if (in->prec)
        nvgp_strbuf_putc(o, "?RHX"[in->prec & 3]);
    if (in->cc_update)
        nvgp_strbuf_putc(o, 'C');
    if (in->sat)
        nvgp_strbuf_puts(o, "_SAT");
    if (info->cls == NV_CLASS_KIL) {
        nvgp_strbuf_putc(o, ' ');
        put_cc(o, &in->cond);
    } else if (info->cls == NV_CLASS_BRA || info->cls == NV_CLASS_FLOWCC) {
        if (info->cls == NV_CLASS_BRA)
            nvgp_strbuf_printf(o, " %s", p->labels[in->label].name);
        if (in->cond.cond != NV_COND_NONE) {
            nvgp_strbuf_puts(o, " (");
            put_cc(o, &in->cond);
            nvgp_strbuf_putc(o, ')');
        }
    } else {
        nvgp_strbuf_putc(o, ' ');
        put_dst(o, p, &in->dst);
        for (unsigned i = 0; i < in->nsrc; i++) {
            nvgp_strbuf_puts(o, ", ");
            put_src(o, p, &in->src[i]);
        }
        if (info->cls == NV_CLASS_TEX || info->cls == NV_CLASS_TXD)
            nvgp_strbuf_printf(o, ", TEX%d, %s", in->tex.unit,
                               in->tex.target < NV_TEX_COUNT && targets[in->tex.target] ? targets[in->tex.target] : "2D");
    }
    nvgp_strbuf_puts(o, ";\n");
}

bool nvgp_nv_print_old(const nv_program *p, nvgp_strbuf *out)
{
    uint8_t h = p->header;
    if (h != NV_HDR_VP10 && h != NV_HDR_VP11 && h != NV_HDR_VP20 && h != NV_HDR_VSP10 && h != NV_HDR_FP10)
        return false;
    nvgp_strbuf_printf(out, "!!%s\n", nvgp_nv_header_name((nv_header)h));
    if (nv_program_has_option(p, NV_OPTION_NV_position_invariant))
        nvgp_strbuf_puts(out, "OPTION NV_position_invariant;\n");
    for (uint32_t i = 0; i < p->nvars; i++) {
        const nv_var *v = &p->vars[i];
        const nv_binding *b = &v->bindings[0];
        bool define = b->kind == NV_BIND_CONST;
        nvgp_strbuf_printf(out, "%s %s = ", define ? "DEFINE" : "DECLARE", v->name);
        if (define && b->components == 1)
            put_float(out, p->consts[b->konst].v.f[0]);
        else
            put_vec(out, p->consts[b->konst].v.f);
        nvgp_strbuf_puts(out, ";\n");
    }
    for (uint32_t i = 0; i < p->ninsts; i++) {
        put_labels(out, p, i);
        put_inst(out, p, &p->insts[i]);
    }
    put_labels(out, p, p->ninsts);
    nvgp_strbuf_puts(out, "END\n");
    return true;
}
