/* Opcodes that read other lanes of the warp: derivatives within a quad
 * (lanes 4n..4n+3 = (x,y), (x+1,y), (x,y+1), (x+1,y+1)), the interpolation
 * opcodes (evaluated from the quad's derivatives: attributes are linear
 * across a quad), votes, ballot, reads of the first or a chosen lane, and
 * the helper and clock queries.  "Active" lanes are those of the execution
 * mask, helper lanes included. */
#include "exec/exec_internal.h"

/* kind: 0 DDX (coarse), 1 DDX_FINE, 2 DDY, 3 DDY_FINE */
static void deriv_chan(const exec_chan *v, exec_chan *d, int kind)
{
    for (unsigned q = 0; q < LANES; q += 4) {
        const float *s = &v->f[q];
        float *o = &d->f[q];
        switch (kind) {
        case 0:
            o[0] = o[1] = o[2] = o[3] = s[1] - s[0];
            break;
        case 1:
            o[0] = o[1] = s[1] - s[0];
            o[2] = o[3] = s[3] - s[2];
            break;
        case 2:
            o[0] = o[1] = o[2] = o[3] = s[2] - s[0];
            break;
        default:
            o[0] = o[2] = s[2] - s[0];
            o[1] = o[3] = s[3] - s[1];
            break;
        }
    }
}

static void deriv(exec_warp *w, const exec_insn *in, int kind)
{
    exec_reg r;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t;
        deriv_chan(SRC(0, c, &t), &r.c[c], kind);
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_DDX(exec_warp *w, const exec_insn *in) { deriv(w, in, 0); }
void exec_op_DDX_FINE(exec_warp *w, const exec_insn *in) { deriv(w, in, 1); }
void exec_op_DDY(exec_warp *w, const exec_insn *in) { deriv(w, in, 2); }
void exec_op_DDY_FINE(exec_warp *w, const exec_insn *in) { deriv(w, in, 3); }

/* Turns each lane's location (x, y from the pixel's lower left corner)
 * into the offset from where its input was evaluated: the lane's origin,
 * or its centroid for an input declared CENTROID
 * (nvgp_exec_set_interp_location; the centre without one). */
static void from_origin(const exec_warp *w, const exec_insn *in, exec_chan *ox, exec_chan *oy)
{
    const nvgp_exec *m = w->m;
    size_t at = in->aux & EXEC_INTERP_CENTROID ? 2 : 0;
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t t = w->first_thread + l;
        bool set = m->interp_at && t < m->invocations;
        ox->f[l] -= set ? m->interp_at[4 * (size_t)t + at] : 0.5f;
        oy->f[l] -= set ? m->interp_at[4 * (size_t)t + at + 1] : 0.5f;
    }
}

/* With interpolation locations set, the lanes of a quad hold values taken
 * at points that need not be evenly spaced (centroids, samples): the
 * plane through the points of lanes 0, 1, 2 (pixel corner + origin) gives
 * the gradient (the fine derivatives when the three lie on a line). */
static void interp_points(exec_warp *w, const exec_insn *in, const exec_chan *ox,
                          const exec_chan *oy, bool at_origin_exact)
{
    const nvgp_exec *m = w->m;
    size_t at = in->aux & EXEC_INTERP_CENTROID ? 2 : 0;
    float px[LANES], py[LANES];
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t t = w->first_thread + l;
        bool set = t < m->invocations;
        px[l] = (float)(l & 1) + (set ? m->interp_at[4 * (size_t)t + at] : 0.5f);
        py[l] = (float)((l >> 1) & 1) + (set ? m->interp_at[4 * (size_t)t + at + 1] : 0.5f);
    }
    exec_reg r;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t, dx, dy;
        const exec_chan *v = SRC(0, c, &t);
        deriv_chan(v, &dx, 1);
        deriv_chan(v, &dy, 3);
        for (unsigned q = 0; q < LANES; q += 4) {
            double x1 = px[q + 1] - px[q], y1 = py[q + 1] - py[q];
            double x2 = px[q + 2] - px[q], y2 = py[q + 2] - py[q];
            double det = x1 * y2 - y1 * x2;
            double v1 = (double)v->f[q + 1] - v->f[q], v2 = (double)v->f[q + 2] - v->f[q];
            for (unsigned l = q; l < q + 4; l++) {
                float gx = dx.f[l], gy = dy.f[l];
                if (det != 0) {
                    gx = (float)((v1 * y2 - v2 * y1) / det);
                    gy = (float)((v2 * x1 - v1 * x2) / det);
                }
                r.c[c].f[l] = at_origin_exact && ox->f[l] == 0 && oy->f[l] == 0
                                  ? v->f[l]
                                  : v->f[l] + gx * ox->f[l] + gy * oy->f[l];
            }
        }
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* value + ddx * ox + ddy * oy, per component: the attribute's plane over
 * the quad (fine derivatives).  A flat input is its value everywhere;
 * with at_origin_exact, so is a lane whose offset is (0, 0) (the centroid
 * or sample where its inputs were taken: no derivative enters). */
static void interp(exec_warp *w, const exec_insn *in, const exec_chan *ox,
                   const exec_chan *oy, bool at_origin_exact)
{
    if (in->aux & EXEC_INTERP_FLAT)
        ox = oy = NULL;
    const nvgp_exec *m = w->m;
    if (ox && m->interp_at) {
        interp_points(w, in, ox, oy, at_origin_exact);
        return;
    }
    exec_reg r;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t, dx, dy;
        const exec_chan *v = SRC(0, c, &t);
        if (!ox) {
            r.c[c] = *v;
            continue;
        }
        deriv_chan(v, &dx, 1);
        deriv_chan(v, &dy, 3);
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].f[l] = at_origin_exact && ox->f[l] == 0 && oy->f[l] == 0
                              ? v->f[l]
                              : v->f[l] + dx.f[l] * ox->f[l] + dy.f[l] * oy->f[l];
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* The centroid, a sample, a point offset from the centre, each reached
 * from the lane's origin (without settings all are the centre, so the
 * centroid and every sample give the value itself). */
void exec_op_INTERP_CENTROID(exec_warp *w, const exec_insn *in)
{
    const nvgp_exec *m = w->m;
    exec_chan ox, oy;
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t t = w->first_thread + l;
        bool set = m->interp_at && t < m->invocations;
        ox.f[l] = set ? m->interp_at[4 * (size_t)t + 2] : 0.5f;
        oy.f[l] = set ? m->interp_at[4 * (size_t)t + 3] : 0.5f;
    }
    from_origin(w, in, &ox, &oy);
    interp(w, in, &ox, &oy, true);
}

void exec_op_INTERP_SAMPLE(exec_warp *w, const exec_insn *in)
{
    const nvgp_exec *m = w->m;
    exec_chan ts, ox, oy;
    const exec_chan *n = SRC(1, 0, &ts);
    for (unsigned l = 0; l < LANES; l++) {
        /* a sample number past the count: the centre */
        uint32_t s = n->u[l];
        bool known = s < m->num_sample_pos;
        ox.f[l] = known ? m->sample_pos[s][0] : 0.5f;
        oy.f[l] = known ? m->sample_pos[s][1] : 0.5f;
    }
    from_origin(w, in, &ox, &oy);
    interp(w, in, &ox, &oy, true);
}

void exec_op_INTERP_OFFSET(exec_warp *w, const exec_insn *in)
{
    /* the offset from the centre, plus the centre's from the origin (0
     * unless the inputs were taken elsewhere) */
    exec_chan tx, ty, cx, cy;
    exec_chan ox = *SRC(1, 0, &tx), oy = *SRC(1, 1, &ty);
    for (unsigned l = 0; l < LANES; l++)
        cx.f[l] = cy.f[l] = 0.5f;
    from_origin(w, in, &cx, &cy);
    for (unsigned l = 0; l < LANES; l++)
        ox.f[l] += cx.f[l], oy.f[l] += cy.f[l];
    interp(w, in, &ox, &oy, false);
}

static void vote(exec_warp *w, const exec_insn *in, int kind)
{
    exec_reg r;
    uint32_t act = w->exec;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t;
        const exec_chan *v = SRC(0, c, &t);
        uint32_t set = 0, first = act ? v->u[__builtin_ctz(act)] : 0, eq = 1;
        for (unsigned l = 0; l < LANES; l++) {
            if (!((act >> l) & 1))
                continue;
            set |= (uint32_t)(v->u[l] != 0) << l;
            eq &= v->u[l] == first;
        }
        uint32_t res = kind == 0 ? (set != 0) : kind == 1 ? (set == act) : eq;
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].u[l] = res ? ~0u : 0u;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_VOTE_ANY(exec_warp *w, const exec_insn *in) { vote(w, in, 0); }
void exec_op_VOTE_ALL(exec_warp *w, const exec_insn *in) { vote(w, in, 1); }
void exec_op_VOTE_EQ(exec_warp *w, const exec_insn *in) { vote(w, in, 2); }

/* BALLOT: dst.xy = the 64-bit mask of active lanes whose src.x is non-zero
 * (lanes 32..63 do not exist: y = 0); z and w repeat x and y. */
void exec_op_BALLOT(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    exec_chan t;
    const exec_chan *v = SRC(0, 0, &t);
    uint32_t set = 0;
    for (unsigned l = 0; l < LANES; l++)
        set |= (uint32_t)(v->u[l] != 0) << l;
    set &= w->exec;
    for (unsigned l = 0; l < LANES; l++) {
        r.c[0].u[l] = r.c[2].u[l] = set;
        r.c[1].u[l] = r.c[3].u[l] = 0;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_READ_FIRST(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    unsigned first = w->exec ? (unsigned)__builtin_ctz(w->exec) : 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t;
        uint32_t v = SRC(0, c, &t)->u[first];
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].u[l] = v;
    }
    exec_store(w, in, 0, &r, w->exec);
}

/* READ_INVOC: src0 of the lane src1.x names (taken from the first active
 * lane: the index is meant to be uniform); lane indices wrap modulo 32. */
void exec_op_READ_INVOC(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    unsigned first = w->exec ? (unsigned)__builtin_ctz(w->exec) : 0;
    exec_chan ti;
    unsigned src_lane = SRC(1, 0, &ti)->u[first] & (LANES - 1);
    for (unsigned c = 0; c < 4; c++) {
        if (!DST_ENABLED(c))
            continue;
        exec_chan t;
        uint32_t v = SRC(0, c, &t)->u[src_lane];
        for (unsigned l = 0; l < LANES; l++)
            r.c[c].u[l] = v;
    }
    exec_store(w, in, 0, &r, w->exec);
}

void exec_op_READ_HELPER(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    for (unsigned l = 0; l < LANES; l++)
        r.c[0].u[l] = (w->helper >> l) & 1 ? ~0u : 0u;
    r.c[1] = r.c[2] = r.c[3] = r.c[0];
    exec_store(w, in, 0, &r, w->exec);
}

/* CLOCK: the warp's instruction count so far, as a 64-bit value in xy:
 * monotonic and deterministic. */
void exec_op_CLOCK(exec_warp *w, const exec_insn *in)
{
    exec_reg r;
    for (unsigned l = 0; l < LANES; l++) {
        r.c[0].u[l] = r.c[2].u[l] = (uint32_t)w->count;
        r.c[1].u[l] = r.c[3].u[l] = (uint32_t)(w->count >> 32);
    }
    exec_store(w, in, 0, &r, w->exec);
}
