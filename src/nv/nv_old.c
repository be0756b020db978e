/* Register names and grammar pieces shared by the parsers of the older
 * NVIDIA languages (see nv_old.h). */
#include "nv/nv_old.h"

#include <string.h>

static const char *const vp_result_names[NV_VPR_COUNT] = {
    "HPOS", "COL0", "COL1", "BFC0", "BFC1", "FOGC", "PSIZ",
    "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7",
    "CLP0", "CLP1", "CLP2", "CLP3", "CLP4", "CLP5"};
static const char *const fp_attrib_names[NV_FPA_COUNT] = {
    "WPOS", "COL0", "COL1", "FOGC",
    "TEX0", "TEX1", "TEX2", "TEX3", "TEX4", "TEX5", "TEX6", "TEX7"};
static const char *const fp_result_names[NV_FPR_COUNT] = {"COLR", "COLH", "DEPR"};

const char *nvgp_nv_vp_result_name(unsigned r) { return r < NV_VPR_COUNT ? vp_result_names[r] : "?"; }
const char *nvgp_nv_fp_attrib_name(unsigned a) { return a < NV_FPA_COUNT ? fp_attrib_names[a] : "?"; }
const char *nvgp_nv_fp_result_name(unsigned r) { return r < NV_FPR_COUNT ? fp_result_names[r] : "?"; }

int nv_old_match(const nv_parse_ctx *c, const char *const *names, int n)
{
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return -1;
    for (int i = 0; i < n; i++)
        if (nvgp_nv_tok_is(c->src, t, names[i]))
            return i;
    return -1;
}

static int comp_index(char ch)
{
    switch (ch) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return -1;
    }
}

bool nv_old_swizzle(nv_parse_ctx *c, bool allow1, bool allow4, uint8_t swz[4], int *count)
{
    for (int k = 0; k < 4; k++)
        swz[k] = (uint8_t)k;
    *count = 0;
    if (!nv_at(c, NV_TOK_DOT))
        return true;
    nv_next(c);
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected a swizzle after '.'");
    const char *s = c->src + t->offset;
    for (uint32_t i = 0; i < t->len; i++)
        if (comp_index(s[i]) < 0)
            return nv_error(c, t->offset, "invalid swizzle '%.*s'", (int)t->len, s);
    if (t->len == 1 && allow1) {
        for (int k = 0; k < 4; k++)
            swz[k] = (uint8_t)comp_index(s[0]);
        *count = 1;
    } else if (t->len == 4 && allow4) {
        for (int k = 0; k < 4; k++)
            swz[k] = (uint8_t)comp_index(s[k]);
        *count = 4;
    } else {
        return nv_error(c, t->offset, "a swizzle here has %s component%s, not %u",
                        allow1 && allow4 ? "one or four" : allow1 ? "one" : "four",
                        allow1 && !allow4 ? "" : "s", t->len);
    }
    nv_next(c);
    return true;
}

bool nv_old_writemask(nv_parse_ctx *c, uint8_t *mask)
{
    *mask = 0xF;
    if (!nv_at(c, NV_TOK_DOT))
        return true;
    nv_next(c);
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return nv_error_here(c, "expected a write mask after '.'");
    const char *s = c->src + t->offset;
    int last = -1;
    uint8_t m = 0;
    for (uint32_t i = 0; i < t->len; i++) {
        int k = comp_index(s[i]);
        if (k <= last)
            return nv_error(c, t->offset, "invalid write mask '%.*s': components x, y, z, w, in that order",
                            (int)t->len, s);
        last = k;
        m |= (uint8_t)(1u << k);
    }
    *mask = m;
    nv_next(c);
    return true;
}

bool nv_old_cc_test(nv_parse_ctx *c, bool allow1, nv_cc_test *t)
{
    static const char *const rules[] = {"EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL"};
    static const uint8_t conds[] = {NV_COND_EQ, NV_COND_GE, NV_COND_GT, NV_COND_LE,
                                    NV_COND_LT, NV_COND_NE, NV_COND_TR, NV_COND_FL};
    memset(t, 0, sizeof *t);
    t->offset = nv_peek(c)->offset;
    int r = nv_old_match(c, rules, 8);
    if (r < 0)
        return nv_error_here(c, "expected a condition code rule (EQ, GE, GT, LE, LT, NE, TR or FL)");
    nv_next(c);
    t->cond = conds[r];
    int n;
    return nv_old_swizzle(c, allow1, true, t->swizzle, &n);
}

/* Whether the OLDMODS column of op allows suffix letter l. */
static bool oldmod(int op, char l)
{
    const nv_opcode_info *i = nvgp_nv_opcode_info((nv_opcode)op);
    return i && strchr(i->oldmods, l) != NULL;
}

int nv_old_split_opcode(const char *s, size_t len, bool allow_prec, bool allow_sat,
                        uint8_t *prec, bool *cc, bool *sat, bool *suffix_ok)
{
    *prec = NV_PREC_NONE;
    *cc = false;
    *sat = false;
    *suffix_ok = true;
    if (allow_sat && len > 4 && memcmp(s + len - 4, "_SAT", 4) == 0) {
        *sat = true;
        len -= 4;
    }
    int op = nvgp_nv_opcode_lookup(s, len);
    if (op < 0 && len > 1 && s[len - 1] == 'C') {
        op = nvgp_nv_opcode_lookup(s, len - 1);
        if (op >= 0)
            *cc = true;
        else if (allow_prec && len > 2) {
            char p = s[len - 2];
            if (p == 'R' || p == 'H' || p == 'X') {
                op = nvgp_nv_opcode_lookup(s, len - 2);
                if (op >= 0) {
                    *cc = true;
                    *prec = p == 'R' ? NV_PREC_R : p == 'H' ? NV_PREC_H : NV_PREC_X;
                }
            }
        }
    } else if (op < 0 && allow_prec && len > 1) {
        char p = s[len - 1];
        if (p == 'R' || p == 'H' || p == 'X') {
            op = nvgp_nv_opcode_lookup(s, len - 1);
            if (op >= 0)
                *prec = p == 'R' ? NV_PREC_R : p == 'H' ? NV_PREC_H : NV_PREC_X;
        }
    }
    if (op < 0)
        return -1;
    if ((*sat && !oldmod(op, 'S')) || (*cc && !oldmod(op, 'C')) ||
        (*prec == NV_PREC_R && !oldmod(op, 'R')) || (*prec == NV_PREC_H && !oldmod(op, 'H')) ||
        (*prec == NV_PREC_X && !oldmod(op, 'X')))
        *suffix_ok = false;
    return op;
}
