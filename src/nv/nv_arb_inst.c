/* Instructions of the ARB-grammar languages: modifiers (Table X.13
 * columns), flow-control blocks, data-type checks and the operand grammar of
 * each instruction class (see nv_arb.h). */
#include "nv/nv_arb.h"

#include <string.h>

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

/* Modifiers an OPTION adds, one row each: the instructions that take it
 * and the options that enable it (either of two).
 *  - ARB_derivative_control (no registry text; GLSL's dFdxFine/dFdxCoarse
 *    semantics): DDX/DDY .FINE and .COARSE.
 *  - EXT_sparse_texture2 / ARB_sparse_texture2: .SPARSE on "texture fetch,
 *    surface load, and surface atomic instructions".
 *  - ARB_sparse_texture_clamp (and EXT_sparse_texture2): .LODCLAMP on
 *    "texture fetch instructions with implicit LOD calcuations (TEX, TXB,
 *    TXD)". */
enum { OM_DERIV, OM_SPARSE, OM_LODCLAMP };

static bool takes_deriv(uint16_t op) { return op == NV_OP_DDX || op == NV_OP_DDY; }

static bool takes_sparse(uint16_t op)
{
    return op == NV_OP_TEX || op == NV_OP_TXB || op == NV_OP_TXD || op == NV_OP_TXF || op == NV_OP_TXFMS ||
           op == NV_OP_TXG || op == NV_OP_TXGO || op == NV_OP_TXL || op == NV_OP_TXP || op == NV_OP_LOADIM ||
           op == NV_OP_ATOMIM;
}

static bool takes_lodclamp(uint16_t op) { return op == NV_OP_TEX || op == NV_OP_TXB || op == NV_OP_TXD; }

static const struct opt_mod {
    const char *name;
    uint8_t field;      /* OM_* */
    uint8_t value;      /* OM_DERIV: nv_deriv */
    uint8_t opt[2];     /* nv_option; NONE = no second option */
    bool (*takes)(uint16_t op);
} opt_mods[] = {
    {"FINE", OM_DERIV, NV_DERIV_FINE, {NV_OPTION_ARB_derivative_control, NV_OPTION_NONE}, takes_deriv},
    {"COARSE", OM_DERIV, NV_DERIV_COARSE, {NV_OPTION_ARB_derivative_control, NV_OPTION_NONE}, takes_deriv},
    {"SPARSE", OM_SPARSE, 1, {NV_OPTION_EXT_sparse_texture2, NV_OPTION_ARB_sparse_texture2}, takes_sparse},
    {"LODCLAMP", OM_LODCLAMP, 1, {NV_OPTION_ARB_sparse_texture_clamp, NV_OPTION_EXT_sparse_texture2}, takes_lodclamp},
};

/* An option modifier at token t: *matched says whether t names one;
 * false after an error. */
static bool parse_opt_mod(arb *a, nv_inst *in, const nv_opcode_info *info, const nv_token *t, bool *matched)
{
    nv_parse_ctx *c = a->c;
    *matched = false;
    for (size_t i = 0; i < sizeof opt_mods / sizeof opt_mods[0]; i++) {
        const struct opt_mod *m = &opt_mods[i];
        if (!nvgp_nv_tok_is(c->src, t, m->name))
            continue;
        *matched = true;
        if (!m->takes(in->op))
            return nv_error(c, t->offset, "%s does not take the '%s' modifier", info->name, m->name);
        if (!nv_program_has_option(c->prog, (nv_option)m->opt[0]) &&
            (m->opt[1] == NV_OPTION_NONE || !nv_program_has_option(c->prog, (nv_option)m->opt[1])))
            return nv_error(c, t->offset, "the '%s' modifier needs OPTION %s", m->name,
                            nvgp_nv_option_info((nv_option)m->opt[0])->name);
        uint8_t *f = m->field == OM_DERIV ? &in->deriv : NULL;
        bool *b = m->field == OM_SPARSE ? &in->sparse : m->field == OM_LODCLAMP ? &in->lodclamp : NULL;
        if ((f && *f) || (b && *b))
            return nv_error(c, t->offset, "repeated or conflicting '%s' modifier", m->name);
        if (f)
            *f = m->value;
        else
            *b = true;
        return true;
    }
    return true;
}

/* Whether a texture access (texture[n], a TEXTURE variable, a bindless
 * handle(...)) starts here, rather than an operand. */
static bool starts_tex_access(arb *a)
{
    const nv_token *t = nv_peek(a->c);
    uint32_t v;
    if (arb_tok_word(a, t, "texture") || (arb_tok_word(a, t, "handle") && nv_peek_n(a->c, 1)->kind == NV_TOK_LPAREN))
        return true;
    return t->kind == NV_TOK_IDENT && arb_find_var(a, t, &v) && a->c->prog->vars[v].kind == NV_VAR_TEXTURE;
}

/* Table X.17 (ARB_sparse_texture_clamp): the lookups that read <coord2>
 * without LODCLAMP: the TXB bias / TXL LOD "x2" of ARRAYCUBE and
 * SHADOWCUBE, the reference "x2" of SHADOWARRAYCUBE. */
static bool coord2_used(uint16_t op, uint8_t target)
{
    if (op == NV_OP_TEX)
        return target == NV_TEX_SHADOWARRAYCUBE;
    return target == NV_TEX_ARRAYCUBE || target == NV_TEX_SHADOWCUBE;
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
            bool matched;
            if (!parse_opt_mod(a, in, info, t, &matched))
                return false;
            if (!matched)
                return nv_error(c, t->offset, "unknown or unsupported modifier '%.*s' on %s", len, s, info->name);
        }
        /* NV_gpu_program4 MUL: with S24 or U24 "the data type is implied and normal
         * data type modifiers may not be provided". */
        if ((in->s24 || in->u24) && in->dtype)
            return nv_error(c, t->offset, "MUL.S24/.U24 imply their data type: no data type modifier may be given");
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
    /* A RET anywhere in the program also counts (NV_gpu_program4 2.X.5): the
     * check is finished once the whole program is read. */
    if (f->op == NV_OP_REP && !f->counted && !f->has_brk && !a->rep_without_exit)
        a->rep_without_exit = f->offset + 1;
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
        return arb_parse_cc_paren(a, &in->cond);
    if (a->nv && !nv_at(c, NV_TOK_SEMI)) {
        uint8_t reg;
        if (arb_cc_rule(a, nv_peek(c), &reg))
            return arb_parse_cc_test(a, &in->cond);
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
    /* NV_gpu_program4 MUL: "If "S24" or "U24" is specified, the data type is
     * implied and normal data type modifiers may not be provided." */
    if (in->s24)
        return 'S';
    if (in->u24)
        return 'U';
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
            /* NV_gpu_program4 2.X.3.3: an integer too large to be represented fails. */
            bool wide = in->dtype == NV_DT_S64 || in->dtype == NV_DT_U64 || in->storage == NV_DT_S64 ||
                        in->storage == NV_DT_U64;
            double lim = wide ? 18446744073709551615.0 : 4294967295.0;
            if (want != 'F' && k->overflow)
                return nv_error(c, s->offset, "integer constant too large to be represented");
            if (want != 'F')
                for (int j = 0; j < 4; j++)
                    if (k->d[j] > lim || k->d[j] < -lim)
                        return nv_error(c, s->offset, "integer constant too large to be represented");
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
    /* Clamping only on floating-point results (2.X.4.1), except CVT: NV_gpu_program5
     * 2.X.8.Z CVT, "Integer values are clamped to the closest value representable in
     * the result data type if the "SAT" (saturation) modifier is specified."  SSAT
     * (clamp to [-1,+1]) has no integer meaning and stays refused there. */
    if (in->op == NV_OP_CVT && in->sat == NV_SAT_SAT)
        return true;
    if (in->sat && t != 'F' && !(info->out[0] == 'v' && info->out[1] == 'f'))
        return nv_error(c, in->offset, "a clamping modifier on an instruction without floating-point results");
    return true;
}

/* Atomic operation and storage modifier pairs: NV_gpu_program5's table in
 * 2.X.8.Z ATOM, and the pairs NV_shader_atomic_float, _float64, _int64 and
 * _fp16_vector add under their options (for ATOM, ATOMB, ATOMS, ATOMIM). */
static const struct {
    uint8_t atom, storage;
    uint8_t option;
} atom_pairs[] = {
    {NV_ATOM_ADD, NV_DT_U32, NV_OPTION_NONE}, {NV_ATOM_ADD, NV_DT_S32, NV_OPTION_NONE},
    {NV_ATOM_ADD, NV_DT_U64, NV_OPTION_NONE}, {NV_ATOM_MIN, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_MIN, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_MAX, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_MAX, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_IWRAP, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_DWRAP, NV_DT_U32, NV_OPTION_NONE}, {NV_ATOM_AND, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_AND, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_OR, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_OR, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_XOR, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_XOR, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_EXCH, NV_DT_U32, NV_OPTION_NONE},
    {NV_ATOM_EXCH, NV_DT_S32, NV_OPTION_NONE}, {NV_ATOM_EXCH, NV_DT_U64, NV_OPTION_NONE},
    {NV_ATOM_CSWAP, NV_DT_U32, NV_OPTION_NONE}, {NV_ATOM_CSWAP, NV_DT_S32, NV_OPTION_NONE},
    {NV_ATOM_CSWAP, NV_DT_U64, NV_OPTION_NONE},
    {NV_ATOM_ADD, NV_DT_F32, NV_OPTION_NV_shader_atomic_float},
    {NV_ATOM_EXCH, NV_DT_F32, NV_OPTION_NV_shader_atomic_float},
    {NV_ATOM_ADD, NV_DT_F64, NV_OPTION_NV_shader_atomic_float64},
    {NV_ATOM_EXCH, NV_DT_F64, NV_OPTION_NV_shader_atomic_float64},
    {NV_ATOM_MIN, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_MAX, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_AND, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_OR, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_XOR, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_ADD, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_EXCH, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_CSWAP, NV_DT_S64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_MIN, NV_DT_U64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_MAX, NV_DT_U64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_AND, NV_DT_U64, NV_OPTION_NV_shader_atomic_int64}, {NV_ATOM_OR, NV_DT_U64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_XOR, NV_DT_U64, NV_OPTION_NV_shader_atomic_int64},
    {NV_ATOM_ADD, NV_DT_F16X2, NV_OPTION_NV_shader_atomic_fp16_vector}, {NV_ATOM_ADD, NV_DT_F16X4, NV_OPTION_NV_shader_atomic_fp16_vector},
    {NV_ATOM_MIN, NV_DT_F16X2, NV_OPTION_NV_shader_atomic_fp16_vector}, {NV_ATOM_MIN, NV_DT_F16X4, NV_OPTION_NV_shader_atomic_fp16_vector},
    {NV_ATOM_MAX, NV_DT_F16X2, NV_OPTION_NV_shader_atomic_fp16_vector}, {NV_ATOM_MAX, NV_DT_F16X4, NV_OPTION_NV_shader_atomic_fp16_vector},
    {NV_ATOM_EXCH, NV_DT_F16X2, NV_OPTION_NV_shader_atomic_fp16_vector}, {NV_ATOM_EXCH, NV_DT_F16X4, NV_OPTION_NV_shader_atomic_fp16_vector},
};

/* Pairs ATOMS and ATOMB take without an option: their tables
 * (NV_compute_program5, NV_shader_storage_buffer_object) list F32 for ADD
 * and EXCH, withdrawn only "If NV_shader_atomic_float is not supported";
 * OPTION NV_shader_atomic_float gates ATOM and ATOMIM. */
static const struct {
    uint8_t op, atom, storage;
} atom_pairs_no_option[] = {
    {NV_OP_ATOMS, NV_ATOM_ADD, NV_DT_F32}, {NV_OP_ATOMS, NV_ATOM_EXCH, NV_DT_F32},
    {NV_OP_ATOMB, NV_ATOM_ADD, NV_DT_F32}, {NV_OP_ATOMB, NV_ATOM_EXCH, NV_DT_F32},
};

static bool check_atom_pair(arb *a, const nv_inst *in, const nv_token *t)
{
    for (size_t i = 0; i < sizeof atom_pairs_no_option / sizeof atom_pairs_no_option[0]; i++)
        if (atom_pairs_no_option[i].op == in->op && atom_pairs_no_option[i].atom == in->atom_op &&
            atom_pairs_no_option[i].storage == in->storage)
            return true;
    bool known = false;
    for (size_t i = 0; i < sizeof atom_pairs / sizeof atom_pairs[0]; i++) {
        if (atom_pairs[i].atom != in->atom_op || atom_pairs[i].storage != in->storage)
            continue;
        known = true;
        if (atom_pairs[i].option == NV_OPTION_NONE || nv_program_has_option(a->c->prog, (nv_option)atom_pairs[i].option))
            return true;
    }
    return nv_error(a->c, t->offset, "%s with this storage modifier %s", nvgp_nv_opcode_info((nv_opcode)in->op)->name,
                    known ? "needs an NV_shader_atomic_* option" : "is not a supported atomic operation");
}

/* Rules of individual instructions shared with NV_fragment_program_option:
 * PK* results and UP* operands must not be SHORT (NV_gpu_program4 2.X.8.Z,
 * NV_fragment_program_option 3.11.5.32-46).  NV_fragment_program_option
 * 3.11.5.36 also rejects RFL writing w, but piglit's asmparsertest
 * (size_specifier-68, validated against NVIDIA's driver) accepts it; nvgp
 * follows the driver. */
static bool check_op_rules(arb *a, const nv_inst *in, const nv_opcode_info *info)
{
    nv_parse_ctx *c = a->c;
    const nv_program *p = c->prog;
    if ((in->op == NV_OP_PK2H || in->op == NV_OP_PK2US || in->op == NV_OP_PK4B || in->op == NV_OP_PK4UB) &&
        in->dst.var != NV_VAR_NONE && (p->vars[in->dst.var].mods & NV_VMOD_SHORT))
        return nv_error(c, in->dst.offset, "%s writes a variable declared SHORT", info->name);
    if ((in->op == NV_OP_UP2H || in->op == NV_OP_UP2US || in->op == NV_OP_UP4B || in->op == NV_OP_UP4UB) &&
        in->src[0].var != NV_VAR_NONE && (p->vars[in->src[0].var].mods & NV_VMOD_SHORT))
        return nv_error(c, in->src[0].offset, "%s reads a variable declared SHORT", info->name);
    return true;
}

bool arb_parse_instruction(arb *a)
{
    nv_parse_ctx *c = a->c;
    const nv_token *t = nv_peek(c);
    opsuffix sfx;
    if (!arb_split_opcode(c->src + t->offset, t->len, &sfx) || !arb_op_available(a, sfx.op)) {
        if (t->kind == NV_TOK_INVALID)
            return nv_error(c, t->offset, "invalid character '%c'", c->src[t->offset]);
        return nv_error(c, t->offset, "unknown instruction '%.*s'", (int)(t->len > 32 ? 32 : t->len), c->src + t->offset);
    }
    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)sfx.op);
    if (!arb_op_option_ok(a, sfx.op))
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
    /* STOREIM without one is a formatted store (EXT_shader_image_load_store:
     * "If a storage modifier is specified, the store is unformatted;
     * otherwise, it is formatted"); EXT_shader_image_load_formatted: "LOADIM
     * supports an optional base data type (formatted) or storage modifier
     * (unformatted)". */
    bool formatted = in->op == NV_OP_STOREIM ||
                     (in->op == NV_OP_LOADIM && nv_program_has_option(c->prog, NV_OPTION_EXT_shader_image_load_formatted));
    if (a->nv && is_mem_class(info->cls) && info->cls != NV_CLASS_ATOMCTR && !in->storage && !formatted)
        return nv_error(c, t->offset, "%s needs a storage modifier such as .U32 or .F32X4%s", info->name,
                        in->op == NV_OP_LOADIM ? " (formatted loads need OPTION EXT_shader_image_load_formatted)" : "");
    /* NV_parameter_buffer_object2 LDC: "LDC supports no base data type
     * modifiers, but requires exactly one storage modifier." */
    if (in->op == NV_OP_LDC && !in->storage)
        return nv_error(c, t->offset, "LDC needs a storage modifier such as .U32 or .F32X4");
    if (in->op == NV_OP_LDC && (in->dtype == NV_DT_F || in->dtype == NV_DT_S || in->dtype == NV_DT_U))
        return nv_error(c, t->offset, "LDC takes no data type modifier: its storage modifier gives the type");
    /* Operands by grammar class. */
    const char *ins = info->in;
    bool mem_operand = in->op == NV_OP_LDS || in->op == NV_OP_STS || in->op == NV_OP_ATOMS ||
                       in->op == NV_OP_LDB || in->op == NV_OP_STB || in->op == NV_OP_ATOMB;
    #define SRC(i, w) do { if (!arb_parse_src(a, &in->src[i], (w))) return false; in->nsrc = (uint8_t)((i) + 1); } while (0)
    #define COMMA() do { if (!nv_expect(c, NV_TOK_COMMA, "','")) return false; } while (0)
    switch ((nv_class)info->cls) {
    case NV_CLASS_VECTOR:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v');
        break;
    case NV_CLASS_SCALAR:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 's');
        break;
    case NV_CLASS_BINSC:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 's'); COMMA(); SRC(1, 's');
        break;
    case NV_CLASS_VECSCA:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 's');
        break;
    case NV_CLASS_BIN:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v');
        /* NV_shader_thread_group's QSWZ*: second operand optional (SPEC-DECISIONS 1). */
        if ((in->op >= NV_OP_QSWZ0 && in->op <= NV_OP_QSWZY) && nv_at(c, NV_TOK_SEMI))
            break;
        COMMA(); SRC(1, 'v');
        break;
    case NV_CLASS_TRI:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA(); SRC(2, 'v');
        break;
    case NV_CLASS_SWZ: {
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'n');
        nv_src *s = &in->src[0];
        /* ARB_fragment_program's <extendedSwizzle> is an <xyzwExtendedSwizzle>
         * or an <rgbaExtendedSwizzle>: all four selectors from one set ("0"
         * and "1" are in both).  NV_fragment_program_option and
         * NV_gpu_program4 make each <extSwizComp> an xyzw or rgba selector
         * of its own (SPEC-DECISIONS ARB 1). */
        bool one_set = a->arbfp && !(a->langs & NV_L_ARBFP_NV);
        int set = -1; /* 0 xyzw, 1 rgba, -1 none named yet */
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
                sel = arb_swz_char(c->src[e->offset], &rgba);
            if (sel < 0 || (rgba && !a->rgba_ok))
                return nv_error(c, e->offset, "invalid extended swizzle component");
            if (sel <= NV_SWZ_W && one_set) {
                if (set >= 0 && set != (int)rgba)
                    return nv_error(c, e->offset, "extended swizzle mixes xyzw and rgba components");
                set = rgba;
            }
            s->swizzle[i] = (uint8_t)sel;
            if (neg)
                s->negmask |= (uint8_t)(1u << i);
            nv_next(c);
        }
        break;
    }
    case NV_CLASS_TEX:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA();
        /* The second coordinate vector <coord2> of the TextureSample of
         * ARB_sparse_texture_clamp / EXT_sparse_texture2 (Table X.17's "x2"
         * and "y2"): with LODCLAMP, TEX and TXB need it (the clamp); without,
         * TEX, TXB and TXL take it where the table reads it (coord2_used) */
        if (in->lodclamp) {
            if (arb_tok_word(a, nv_peek(c), "texture"))
                return nv_error_here(c, "%s.LODCLAMP needs the LOD clamp operand before the texture", info->name);
            SRC(1, 'v'); COMMA();
            in->coord2 = true;
        } else if (a->nv5 && (in->op == NV_OP_TEX || in->op == NV_OP_TXB || in->op == NV_OP_TXL) &&
                   !starts_tex_access(a)) {
            SRC(1, 'v'); COMMA();
            in->coord2 = true;
        }
        if (!arb_parse_tex_access(a, in, true)) return false;
        if (in->coord2 && !in->lodclamp && !coord2_used(in->op, in->tex.target))
            return nv_error(c, in->src[1].offset, "%s with this target reads nothing from a second coordinate operand",
                            info->name);
        if (in->op == NV_OP_TXFMS || in->op == NV_OP_TXF) {
        }
        break;
    case NV_CLASS_TXD:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA(); SRC(2, 'v'); COMMA();
        if (!arb_parse_tex_access(a, in, true)) return false;
        break;
    case NV_CLASS_TXQS:
        if (!arb_parse_dst(a, in)) return false;
        COMMA();
        if (!arb_parse_tex_access(a, in, false)) return false;
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
            if (!arb_parse_cc_paren(a, &in->cond)) return false;
        } else if (!arb_parse_cc_test(a, &in->cond)) {
            return false;
        }
        if (!open_block(a, NV_OP_IF, t->offset, false)) return false;
        break;
    case NV_CLASS_REP: {
        bool counted = !nv_at(c, NV_TOK_SEMI);
        if (counted) {
            if (a->arbfp && !a->nv) {
                /* NV_fragment_program2: <LOOPop> <instOperandV>, "The x
                 * component of the single vector operand specifies the
                 * initial value for the loop count" (`REP repCount;`) */
                SRC(0, 'v');
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
            if (!arb_parse_cc_paren(a, &in->cond)) return false;
        } else {
            uint8_t reg;
            uint32_t dummy;
            const nv_token *k = nv_peek(c);
            if (a->cc_ok && arb_cc_rule(a, k, &reg) && !arb_find_var(a, k, &dummy)) {
                if (!arb_parse_cc_test(a, &in->cond)) return false;
            } else {
                SRC(0, 'v');
            }
        }
        break;
    case NV_CLASS_ATOM:
        if (!in->atom_op)
            return nv_error(c, t->offset, "%s needs an atomic operation modifier", info->name);
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_LOAD:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_STORE:
        SRC(0, 'v'); COMMA(); SRC(1, mem_operand ? 'm' : 's');
        break;
    case NV_CLASS_ATOMCTR:
        /* NV_shader_atomic_counters: "The ATOMCTR instruction requires an
         * atomic counter instruction modifier" (INCR, DECR, GET); "ATOMCTR
         * supports only signed and unsigned integer data type modifiers, but
         * no storage modifers." */
        if (in->atom_op != NV_ATOM_INCR && in->atom_op != NV_ATOM_DECR && in->atom_op != NV_ATOM_GET)
            return nv_error(c, t->offset, "ATOMCTR needs INCR, DECR or GET");
        if (in->storage || (in->dtype != 0 && in->dtype != NV_DT_S && in->dtype != NV_DT_U))
            return nv_error(c, t->offset, "ATOMCTR takes only the S or U data type modifier");
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'm');
        if (in->src[0].file != NV_FILE_COUNTER)
            return nv_error(c, in->src[0].offset, "ATOMCTR needs a COUNTER variable");
        break;
    case NV_CLASS_LOADIM:
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA();
        if (!arb_parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_ATOMIM:
        if (!in->atom_op)
            return nv_error(c, t->offset, "ATOMIM needs an atomic operation modifier");
        if (!arb_parse_dst(a, in)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA();
        if (!arb_parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_STOREIM:
        if (!arb_parse_image_access(a, in, false)) return false;
        COMMA(); SRC(0, 'v'); COMMA(); SRC(1, 'v'); COMMA();
        if (!arb_parse_image_target(a, in)) return false;
        break;
    case NV_CLASS_IMQS:
        if (!arb_parse_dst(a, in)) return false;
        COMMA();
        if (!arb_parse_image_access(a, in, true)) return false;
        break;
    case NV_CLASS_CALI: {
        const nv_token *v = nv_peek(c);
        uint32_t var;
        if (v->kind != NV_TOK_IDENT || !arb_find_var(a, v, &var) || c->prog->vars[var].kind != NV_VAR_SUBROUTINE)
            return nv_error(c, v->offset, "CALI needs a SUBROUTINE variable");
        in->label = var;
        nv_next(c);
        if (nv_at(c, NV_TOK_LBRACKET)) {
            if (!c->prog->vars[var].is_array)
                return nv_error_here(c, "'%s' is not an array", c->prog->vars[var].name);
            if (!arb_parse_array_index(a, &c->prog->vars[var], &in->src[0].index, &in->src[0].has_rel, &in->src[0].rel))
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
        if (!arb_parse_dst(a, in)) return false;
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
    if (!check_op_rules(a, in, info))
        return false;
    if ((info->cls == NV_CLASS_ATOM || info->cls == NV_CLASS_ATOMIM) && !check_atom_pair(a, in, t))
        return false;
    /* NV_gpu_program5_mem_extended: the packed small formats on loads and stores. */
    if (in->op != NV_OP_CVT && info->cls != NV_CLASS_ATOM && info->cls != NV_CLASS_ATOMIM &&
        (in->storage == NV_DT_F16 || (in->storage >= NV_DT_F16X2 && in->storage <= NV_DT_U16X4)) &&
        !nv_program_has_option(c->prog, NV_OPTION_NV_gpu_program5_mem_extended))
        return nv_error(c, t->offset, "%s with this storage modifier needs OPTION NV_gpu_program5_mem_extended",
                        info->name);
    return !a->nv || check_types(a, in, info);
}

/* ARA/PUSHA/POPA use address registers as operands (NV_vertex_program2_option,
 * NV_vertex_program3): handled here before the generic classes. */
bool arb_parse_address_instruction(arb *a, const nv_opcode_info *info, const nv_token *t)
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
        if (d->kind != NV_TOK_IDENT || !arb_find_var(a, d, &v) || c->prog->vars[v].kind != NV_VAR_ADDRESS)
            return nv_error(c, d->offset, "%s writes an address register", info->name);
        in->has_dst = true;
        in->dst.file = NV_FILE_ADDRESS;
        in->dst.var = v;
        in->dst.offset = d->offset;
        nv_next(c);
        if (!arb_parse_writemask(a, &in->dst.writemask))
            return false;
        if (info->cls == NV_CLASS_POPA && in->dst.writemask != 0xf)
            return nv_error(c, d->offset, "POPA does not support write masks");
        if (nv_at(c, NV_TOK_LPAREN) && !arb_parse_cc_paren(a, &in->dst.cc))
            return false;
        if (want_src && !nv_expect(c, NV_TOK_COMMA, "','"))
            return false;
    }
    if (want_src) {
        const nv_token *s = nv_peek(c);
        uint32_t v;
        if (s->kind != NV_TOK_IDENT || !arb_find_var(a, s, &v) || c->prog->vars[v].kind != NV_VAR_ADDRESS)
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

