/* What only !!VP2.0 programs have: instruction labels, BRA/CAL/RET and the
 * condition-code masks on destinations and branches (NV_vertex_program2
 * 2.14.1.8, 2.14.2.2, 2.14.2.3).  Labels may be used before they are
 * defined, so references create the label and the definition fills in its
 * instruction; undefined labels are found after END. */
#include "nv/nv_parse_vp.h"

#include <string.h>

/* The identifier rule of 2.14.1.8: letters, digits, "_"; a letter first
 * (the lexer also accepts "$", which VP2.0 names may not contain). */
static bool vp2_identifier(nv_vp *vp, const nv_token *t)
{
    const char *s = vp->c->src + t->offset;
    if (t->kind != NV_TOK_IDENT)
        return false;
    return memchr(s, '$', t->len) == NULL;
}

/* The label named by token t, created (undefined) if new. */
static bool label_ref(nv_vp *vp, const nv_token *t, uint32_t *index)
{
    nv_parse_ctx *c = vp->c;
    uint8_t what;
    if (nv_name_find(c, c->src + t->offset, t->len, index, &what))
        return true;
    return nv_add_label(c, c->src + t->offset, t->len, t->offset, index) != NULL;
}

bool nv_vp2_label(nv_vp *vp)
{
    nv_parse_ctx *c = vp->c;
    const nv_token *t = nv_peek(c);
    if (!vp2_identifier(vp, t))
        return nv_error(c, t->offset, "invalid label name '%.*s'", (int)t->len, c->src + t->offset);
    uint32_t i;
    if (!label_ref(vp, t, &i))
        return false;
    nv_label *l = &c->prog->labels[i];
    /* The spec gives no meaning to a label defined twice (which one would a
     * branch take?), so the second definition is an error. */
    if (l->inst != NV_VAR_NONE)
        return nv_error(c, t->offset, "label '%.*s' is already defined", (int)t->len, c->src + t->offset);
    l->inst = c->prog->ninsts;
    l->offset = t->offset;
    nv_next(c);
    nv_next(c); /* ':' */
    return true;
}

bool nv_vp2_ccmask(nv_vp *vp, nv_cc_test *t)
{
    nv_parse_ctx *c = vp->c;
    memset(t, 0, sizeof *t);
    if (!nv_at(c, NV_TOK_LPAREN))
        return true;
    nv_next(c);
    if (!nv_old_cc_test(c, true, t))
        return false;
    return nv_expect(c, NV_TOK_RPAREN, "')'");
}

bool nv_vp2_branch(nv_vp *vp, nv_inst *in)
{
    nv_parse_ctx *c = vp->c;
    if (in->op != NV_OP_RET) {
        const nv_token *t = nv_peek(c);
        if (!vp2_identifier(vp, t))
            return nv_error(c, t->offset, "expected a label name");
        if (!label_ref(vp, t, &in->label))
            return false;
        nv_next(c);
    }
    return nv_vp2_ccmask(vp, &in->cond);
}

bool nv_vp2_finish(nv_vp *vp)
{
    nv_parse_ctx *c = vp->c;
    for (uint32_t i = 0; i < c->prog->nlabels; i++)
        if (c->prog->labels[i].inst == NV_VAR_NONE)
            return nv_error_at_end(c, "label '%s' is used but not defined", c->prog->labels[i].name);
    return true;
}
