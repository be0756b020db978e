/* Parser and validator of the NV vertex program languages: !!VP1.0,
 * !!VP1.1, !!VSP1.0 and !!VP2.0, one grammar (NV_vertex_program2 Section
 * 2.14.1.8, whose "vp1-", "vp11-" and "vp2-" rules are switched by the
 * header), the vertex state program rules of 2.14.5 and the
 * position-invariant option of 2.14.6.1.  VP2.0-only pieces (labels,
 * branches, condition-code masks) are in nv_parse_vp2.c.
 *
 * Error positions follow PROGRAM_ERROR_POSITION: the token where the
 * program stops matching the grammar or breaks a rule that the text read
 * so far already decides; the program's length for rules decided only by
 * the whole program (HPOS written, a parameter written, labels defined).
 *
 * Where the seed's grammar and its own text disagree, nvgp follows the
 * text (docs/spec-decisions-old.md): VP2.0 has the VP1.1 instructions ABS,
 * DPH, RCC, SUB (Table X.5 and their sections), R12-R15 (2.14.1.4), and a
 * condition-code mask on address register writes (2.14.2.2, ARL). */
#include "nv/nv_parse_vp.h"

#include "nv/nv_limits.h"

#include <string.h>

static const char *const vp_attrib_mnemonics[] = {
    "OPOS", "WGHT", "NRML", "COL0", "COL1", "FOGC", NULL, NULL,
    "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7"};

const char *nvgp_nv_vp_attrib_mnemonic(int32_t index)
{
    return index >= 0 && index < 16 ? vp_attrib_mnemonics[index] : NULL;
}

/* Per-instruction record of the program parameter and vertex attribute
 * registers read (2.14.1.8: at most one unique one of each). */
typedef struct vp_uniq {
    bool have_param, have_attr;
    nv_src param;
    int32_t attr;
} vp_uniq;

static bool same_param(const nv_src *a, const nv_src *b)
{
    if (a->has_rel != b->has_rel || a->index != b->index)
        return false;
    return !a->has_rel || (a->rel.index == b->rel.index && a->rel.comp == b->rel.comp);
}

/* A decimal integer token (no sign, no hex, no fraction) with value <= max. */
static bool decimal(nv_parse_ctx *c, uint64_t max, const char *what, uint64_t *v)
{
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_NUMBER || t->is_float || t->is_hex)
        return nv_error(c, t->offset, "expected %s", what);
    if (t->overflow || t->ival > max)
        return nv_error(c, t->offset, "%s %.*s is out of range (0 to %llu)", what, (int)t->len,
                        c->src + t->offset, (unsigned long long)max);
    *v = t->ival;
    nv_next(c);
    return true;
}

/* "R<n>" with n < max and no leading zeros: its number, or -1. */
static int temp_number(const nv_parse_ctx *c, const nv_token *t, char letter, unsigned max)
{
    const char *s = c->src + t->offset;
    if (t->kind != NV_TOK_IDENT || t->len < 2 || t->len > 3 || s[0] != letter)
        return -1;
    if (s[1] == '0' && t->len > 2)
        return -1;
    unsigned n = 0;
    for (uint32_t i = 1; i < t->len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        n = n * 10 + (unsigned)(s[i] - '0');
    }
    return n < max ? (int)n : -1;
}

/* "A0" / "A1": the address register number, or -1. */
static int addr_reg(const nv_vp *vp, const nv_token *t)
{
    if (nvgp_nv_tok_is(vp->c->src, t, "A0"))
        return 0;
    if (vp->vp2 && nvgp_nv_tok_is(vp->c->src, t, "A1"))
        return 1;
    return -1;
}

/* "c" "[" ... "]" after the "c": absolute or relative parameter. */
static bool param_reg(nv_vp *vp, nv_src *s, bool for_dst)
{
    nv_parse_ctx *c = vp->c;
    if (!nv_expect(c, NV_TOK_LBRACKET, "'['"))
        return false;
    s->file = NV_FILE_PARAM;
    const nv_token *t = nv_peek(c);
    if (t->kind == NV_TOK_NUMBER) {
        uint64_t n;
        if (!decimal(c, vp->max_params - 1, "program parameter number", &n))
            return false;
        s->index = (int32_t)n;
    } else {
        int a = addr_reg(vp, t);
        if (a < 0)
            return nv_error(c, t->offset, "expected a program parameter number or an address register");
        /* 2.14.5: a state program writes only <absProgParamReg>;
         * 2.14.6.1: position-invariant VP1.1 programs have no relative
         * addressing at all. */
        if (for_dst)
            return nv_error(c, t->offset, "vertex state programs write program parameters with absolute addresses only");
        if (vp->pos_inv && vp->vp11)
            return nv_error(c, t->offset, "position-invariant VP1.1 programs cannot use relative addressing");
        nv_next(c);
        if (!nv_expect(c, NV_TOK_DOT, "'.'"))
            return false;
        const nv_token *ct = nv_peek(c);
        static const char *const comps[] = {"x", "y", "z", "w"};
        int k = nv_old_match(c, comps, vp->vp2 ? 4 : 1);
        if (k < 0)
            return nv_error(c, ct->offset, vp->vp2 ? "expected an address register component"
                                                   : "expected 'x' (only A0.x exists in this program type)");
        nv_next(c);
        s->has_rel = true;
        s->rel.file = NV_FILE_ADDRESS;
        s->rel.comp = (uint8_t)k;
        s->rel.var = NV_VAR_NONE;
        s->rel.index = (uint32_t)a;
        s->index = 0;
        if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
            bool neg = nv_at(c, NV_TOK_MINUS);
            nv_next(c);
            uint64_t n;
            if (!decimal(c, neg ? vp->max_neg_off : vp->max_pos_off, "relative offset", &n))
                return false;
            s->index = neg ? -(int32_t)n : (int32_t)n;
        }
    }
    return nv_expect(c, NV_TOK_RBRACKET, "']'");
}

/* <srcRegister>: v[...], c[...], R<n>. */
static bool src_register(nv_vp *vp, nv_src *s, vp_uniq *u)
{
    nv_parse_ctx *c = vp->c;
    const nv_token *t = nv_peek(c);
    uint32_t at = s->offset; /* rule errors point at the whole operand */
    if (nvgp_nv_tok_is(c->src, t, "v") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_next(c);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        int32_t idx = -1;
        if (vp->vsp) {
            /* 2.14.5: <vertexAttribReg> ::= "v" "[" "0" "]" */
            if (!nvgp_nv_tok_is(c->src, n, "0"))
                return nv_error(c, n->offset, "vertex state programs read only v[0]");
            idx = 0;
            nv_next(c);
        } else if (n->kind == NV_TOK_NUMBER) {
            uint64_t v;
            if (!decimal(c, 15, "vertex attribute number", &v))
                return false;
            idx = (int32_t)v;
        } else {
            for (int i = 0; i < 16; i++)
                if (vp_attrib_mnemonics[i] && nvgp_nv_tok_is(c->src, n, vp_attrib_mnemonics[i]))
                    idx = i;
            if (idx < 0)
                return nv_error(c, n->offset, "expected a vertex attribute number or name");
            nv_next(c);
        }
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        s->file = NV_FILE_ATTRIB;
        s->index = idx;
        if (u->have_attr && u->attr != idx)
            return nv_error(c, at, "an instruction may read only one vertex attribute register");
        u->have_attr = true;
        u->attr = idx;
        return true;
    }
    if (nvgp_nv_tok_is(c->src, t, "c") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_next(c);
        if (!param_reg(vp, s, false))
            return false;
        if (u->have_param && !same_param(&u->param, s))
            return nv_error(c, at, "an instruction may read only one program parameter register");
        u->have_param = true;
        u->param = *s;
        return true;
    }
    int r = temp_number(c, t, 'R', vp->max_temps);
    if (r < 0)
        return nv_error(c, t->offset, "expected a source register (v[...], c[...] or R0..R%u)", vp->max_temps - 1);
    nv_next(c);
    s->file = NV_FILE_TEMP;
    s->index = r;
    return true;
}

/* <vectorSrc> / <scalarSrc>. */
static bool src_operand(nv_vp *vp, nv_src *s, bool scalar, vp_uniq *u)
{
    nv_parse_ctx *c = vp->c;
    s->offset = nv_peek(c)->offset;
    bool neg = false, abs = false, neg_inner = false;
    for (int pass = 0; pass < 2; pass++) {
        if (nv_at(c, NV_TOK_PLUS) && !vp->vp2)
            return nv_error_here(c, "'+' before an operand is a VP2.0 feature");
        if (nv_at(c, NV_TOK_PLUS) || nv_at(c, NV_TOK_MINUS)) {
            bool m = nv_at(c, NV_TOK_MINUS);
            nv_next(c);
            if (pass == 0)
                neg = m;
            else
                neg_inner = m;
        }
        if (pass == 1 || !nv_at(c, NV_TOK_BAR))
            break;
        if (!vp->vp2)
            return nv_error_here(c, "absolute value operands are a VP2.0 feature");
        nv_next(c);
        abs = true;
    }
    if (!src_register(vp, s, u))
        return false;
    int n;
    if (!nv_old_swizzle(c, true, !scalar, s->swizzle, &n))
        return false;
    if (scalar && n != 1)
        return nv_error_here(c, "a scalar operand needs a component suffix such as '.x'");
    s->scalar = n == 1;
    if (abs && !nv_expect(c, NV_TOK_BAR, "'|'"))
        return false;
    s->negate = abs ? neg : (neg || neg_inner);
    s->abs = abs;
    s->neg_inner = abs && neg_inner;
    return true;
}

/* <maskedDstReg>. */
static bool dst_operand(nv_vp *vp, nv_dst *d)
{
    nv_parse_ctx *c = vp->c;
    const nv_token *t = nv_peek(c);
    d->offset = t->offset;
    d->var = NV_VAR_NONE;
    int r;
    if (nvgp_nv_tok_is(c->src, t, "o") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        if (vp->vsp)
            return nv_error(c, t->offset, "vertex state programs cannot write vertex result registers");
        nv_next(c);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        int idx = -1;
        for (int i = 0; i < (vp->vp2 ? NV_VPR_COUNT : NV_VPR_CLP0); i++)
            if (nvgp_nv_tok_is(c->src, n, nvgp_nv_vp_result_name((unsigned)i)))
                idx = i;
        if (idx < 0)
            return nv_error(c, n->offset, "expected a vertex result register name");
        if (idx == NV_VPR_HPOS && vp->pos_inv)
            return nv_error(c, n->offset, "position-invariant programs cannot write o[HPOS]");
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
        d->file = NV_FILE_OUTPUT;
        d->index = idx;
        if (idx == NV_VPR_HPOS)
            vp->hpos_written = true;
    } else if (vp->vsp && nvgp_nv_tok_is(c->src, t, "c") && nv_peek_n(c, 1)->kind == NV_TOK_LBRACKET) {
        nv_src s = {0};
        nv_next(c);
        if (!param_reg(vp, &s, true))
            return false;
        d->file = NV_FILE_PARAM;
        d->index = s.index;
        vp->param_written = true;
    } else if (vp->vp2 && nvgp_nv_tok_is(c->src, t, "CC")) {
        nv_next(c);
        d->file = NV_FILE_CC;
        d->index = 0;
    } else if ((r = temp_number(c, t, 'R', vp->max_temps)) >= 0) {
        nv_next(c);
        d->file = NV_FILE_TEMP;
        d->index = r;
    } else {
        return nv_error(c, t->offset, "expected a destination register");
    }
    if (!nv_old_writemask(c, &d->writemask))
        return false;
    return !vp->vp2 || nv_vp2_ccmask(vp, &d->cc);
}

/* <maskedAddrReg>: "A0.x" (VP1.x), A0/A1 with any mask and a
 * condition-code mask (VP2.0). */
static bool addr_dst(nv_vp *vp, nv_dst *d)
{
    nv_parse_ctx *c = vp->c;
    const nv_token *t = nv_peek(c);
    d->offset = t->offset;
    d->var = NV_VAR_NONE;
    int a = addr_reg(vp, t);
    if (a < 0)
        return nv_error(c, t->offset, vp->vp2 ? "expected an address register (A0 or A1)" : "expected A0");
    nv_next(c);
    d->file = NV_FILE_ADDRESS;
    d->index = a;
    if (!vp->vp2) {
        if (!nv_expect(c, NV_TOK_DOT, "'.x'"))
            return false;
        if (!nv_at_word(c, "x"))
            return nv_error_here(c, "expected 'x' (only A0.x exists in this program type)");
        nv_next(c);
        d->writemask = 1;
        return true;
    }
    if (!nv_old_writemask(c, &d->writemask))
        return false;
    return nv_vp2_ccmask(vp, &d->cc);
}

static bool comma(nv_parse_ctx *c) { return nv_expect(c, NV_TOK_COMMA, "','"); }

static bool instruction(nv_vp *vp)
{
    nv_parse_ctx *c = vp->c;
    const nv_token *t = nv_peek(c);
    uint8_t prec;
    bool cc, sat, suffix_ok;
    int op = nv_old_split_opcode(c->src + t->offset, t->len, false, false, &prec, &cc, &sat, &suffix_ok);
    const nv_opcode_info *info = op >= 0 ? nvgp_nv_opcode_info((nv_opcode)op) : NULL;
    if (!info || !(info->langs & vp->lang) || (cc && !vp->vp2))
        return nv_error(c, t->offset, "'%.*s' is not an instruction of '!!%s' programs", (int)t->len,
                        c->src + t->offset, nvgp_nv_header_name((nv_header)c->prog->header));
    if (!suffix_ok)
        return nv_error(c, t->offset, "'%.*s' takes no condition-code suffix", (int)t->len - 1, c->src + t->offset);
    /* 2.14.1.8 and 2.14.6.1: the instruction limits. */
    if (c->prog->ninsts >= vp->max_insts)
        return nv_error(c, t->offset, "too many instructions (at most %u in this program)", vp->max_insts);
    nv_inst *in = nv_add_inst(c, (nv_opcode)op, t->offset);
    if (!in)
        return false;
    nv_next(c);
    in->cc_update = cc ? 1 : 0;
    vp_uniq u = {0};
    bool ok = true;
    switch ((nv_class)info->cls) {
    case NV_CLASS_VECTOR:
    case NV_CLASS_SCALAR:
        in->has_dst = true;
        in->nsrc = 1;
        ok = dst_operand(vp, &in->dst) && comma(c) &&
             src_operand(vp, &in->src[0], info->cls == NV_CLASS_SCALAR, &u);
        break;
    case NV_CLASS_BIN:
    case NV_CLASS_TRI:
        in->has_dst = true;
        in->nsrc = info->cls == NV_CLASS_BIN ? 2 : 3;
        ok = dst_operand(vp, &in->dst);
        for (unsigned i = 0; ok && i < in->nsrc; i++)
            ok = comma(c) && src_operand(vp, &in->src[i], false, &u);
        break;
    case NV_CLASS_ARL:
        in->has_dst = true;
        in->nsrc = 1;
        /* <vp1-ARL-instruction> reads a scalar, <vp2-ARL-instruction> a vector. */
        ok = addr_dst(vp, &in->dst) && comma(c) && src_operand(vp, &in->src[0], !vp->vp2, &u);
        break;
    case NV_CLASS_ARA: {
        in->has_dst = true;
        in->nsrc = 1;
        ok = addr_dst(vp, &in->dst) && comma(c);
        if (ok) {
            const nv_token *a = nv_peek(c);
            int r = addr_reg(vp, a);
            if (r < 0)
                return nv_error(c, a->offset, "expected an address register (A0 or A1)");
            in->src[0].file = NV_FILE_ADDRESS;
            in->src[0].index = r;
            in->src[0].offset = a->offset;
            nv_next(c);
        }
        break;
    }
    case NV_CLASS_BRA:
    case NV_CLASS_FLOWCC:
        ok = nv_vp2_branch(vp, in);
        break;
    default:
        return nv_error(c, t->offset, "internal error: unexpected instruction class");
    }
    return ok && nv_expect(c, NV_TOK_SEMI, "';'");
}

static bool parse_vp(nv_parse_ctx *c)
{
    nv_header h = (nv_header)c->prog->header;
    nv_vp vp = {.c = c};
    vp.vp2 = h == NV_HDR_VP20;
    vp.vp11 = h == NV_HDR_VP11;
    vp.vsp = h == NV_HDR_VSP10;
    vp.lang = h == NV_HDR_VP10 ? NV_L_VP10 : h == NV_HDR_VP11 ? NV_L_VP11 : h == NV_HDR_VP20 ? NV_L_VP20 : NV_L_VSP10;
    vp.max_temps = vp.vp2 ? 16 : 12;
    vp.max_params = vp.vp2 ? 256 : 96;
    vp.max_pos_off = vp.vp2 ? 255 : 63;
    vp.max_neg_off = vp.vp2 ? 256 : 64;
    vp.max_insts = vp.vp2 ? NV_LIMIT_VP2_INSTRUCTIONS : NV_LIMIT_VP1_INSTRUCTIONS;

    /* <optionSequence>: VP1.1 and VP2.0 only. */
    while ((vp.vp11 || vp.vp2) && nv_at_word(c, "OPTION")) {
        nv_next(c);
        if (!nv_at_word(c, "NV_position_invariant"))
            return nv_error_here(c, "unknown program option");
        nv_next(c);
        if (!nv_expect(c, NV_TOK_SEMI, "';'"))
            return false;
        vp.pos_inv = true;
        c->prog->options |= 1ull << NV_OPTION_NV_position_invariant;
    }
    /* 2.14.6.1: "the limit on the number of instructions ... is reduced by four". */
    if (vp.pos_inv)
        vp.max_insts -= 4;

    for (;;) {
        const nv_token *t = nv_peek(c);
        if (t->kind == NV_TOK_INVALID)
            return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
        if (t->kind != NV_TOK_IDENT)
            return nv_error(c, t->offset, t->kind == NV_TOK_END ? "missing END" : "expected an instruction");
        if (nv_at_word(c, "END"))
            break;
        if (vp.vp2 && nv_peek_n(c, 1)->kind == NV_TOK_COLON) {
            if (!nv_vp2_label(&vp))
                return false;
            continue;
        }
        if (!instruction(&vp))
            return false;
    }
    c->prog->end_offset = nv_peek(c)->offset;
    nv_next(c);
    if (!nv_at(c, NV_TOK_END))
        return nv_error_here(c, "text after END");
    if (vp.vp2 && !nv_vp2_finish(&vp))
        return false;
    if (vp.vsp && !vp.param_written)
        return nv_error_at_end(c, "a vertex state program must write at least one program parameter register");
    if (!vp.vsp && !vp.pos_inv && !vp.hpos_written)
        return nv_error_at_end(c, "a vertex program must write o[HPOS]");
    return true;
}

bool nvgp_nv_parse_vp1(nv_parse_ctx *c) { return parse_vp(c); }
bool nvgp_nv_parse_vp2(nv_parse_ctx *c) { return parse_vp(c); }
