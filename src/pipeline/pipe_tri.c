/* Triangles by planes (pipe_tri.h): the per-triangle set-up of every value
 * a fragment interpolates, the lane fill both rasteriser paths share, and
 * the fast path of the common case: single-sample coverage with the three
 * edge functions stepped by integer adds from quad to quad (the same
 * values, hence the same tie decisions, as pipe_raster.c's per-pixel
 * products), each lane's values written straight into the batch. */
#include "pipeline/pipe_span.h"

#include <string.h>

/* Evaluated in this order everywhere (c + b dy first), so that every
 * caller rounds alike. */
static inline double plane_at(const pipe_plane *p, double dx, double dy)
{
    return p->c + p->b * dy + p->a * dx;
}

/* A perspective-correct value is num / q; where q is 0 (a helper lane far
 * outside) the screen-linear value, as the barycentric weights were. */
static inline float comp_at(const tri_comp *c, double dx, double dy, double q, double inv_q)
{
    if (c->persp && q != 0)
        return (float)(plane_at(&c->num, dx, dy) * inv_q);
    return (float)plane_at(&c->lin, dx, dy);
}

/* The plane through (x_i, y_i, f_i); a triangle without area takes the
 * mean everywhere (weights 1/3 each). */
static void plane_set(pipe_plane *p, const pipe_wvertex *const v[3], const double f[3],
                      double inv_area)
{
    if (inv_area == 0) {
        p->a = p->b = 0;
        p->c = f[0] / 3.0 + f[1] / 3.0 + f[2] / 3.0;
        return;
    }
    double e1x = v[1]->x - v[0]->x, e1y = v[1]->y - v[0]->y;
    double e2x = v[2]->x - v[0]->x, e2y = v[2]->y - v[0]->y;
    double d1 = f[1] - f[0], d2 = f[2] - f[0];
    p->a = (d1 * e2y - d2 * e1y) * inv_area;
    p->b = (d2 * e1x - d1 * e2x) * inv_area;
    p->c = f[0];
}

typedef struct setup_ctx {
    const pipe_wvertex *const *v;
    const pipe_vertex *provoking;
    double inv_area;
    bool affine;
} setup_ctx;

/* Component k of varying slot `slot` into word `word`: a comp, or for
 * flat shading the provoking vertex's value. */
static void add_comp(tri_planes *t, const setup_ctx *s, uint32_t word, int slot, int k, int mode,
                     bool centroid)
{
    if (mode == TGSI_INTERPOLATE_CONSTANT) {
        t->konst[word] = s->provoking->v[slot][k];
        return;
    }
    tri_comp *c = &t->comp[t->num_comps++];
    c->word = (uint16_t)word;
    c->centroid = centroid;
    c->persp = mode != TGSI_INTERPOLATE_LINEAR && !s->affine;
    double f[3], g[3];
    for (int i = 0; i < 3; i++) {
        f[i] = s->v[i]->attr->v[slot][k];
        g[i] = f[i] * s->v[i]->inv_w;
    }
    plane_set(&c->lin, s->v, f, s->inv_area);
    if (c->persp)
        plane_set(&c->num, s->v, g, s->inv_area);
}

static void add_slot(tri_planes *t, const setup_ctx *s, uint32_t word, int slot, int mode,
                     bool centroid)
{
    for (int k = 0; k < 4; k++)
        add_comp(t, s, word + (uint32_t)k, slot, k, mode, centroid);
}

static void set_konst(tri_planes *t, uint32_t word, float a, float b, float c, float d)
{
    t->konst[word] = a, t->konst[word + 1] = b, t->konst[word + 2] = c, t->konst[word + 3] = d;
}

static void finish(tri_planes *t);

void pipe_tri_setup(const pipe_draw *d, tri_planes *t, const pipe_wvertex *const v[3],
                    const pipe_vertex *provoking, double inv_area)
{
    setup_ctx s = {v, provoking, inv_area,
                   v[0]->inv_w == v[1]->inv_w && v[1]->inv_w == v[2]->inv_w};
    t->x0 = v[0]->x, t->y0 = v[0]->y;
    t->num_comps = 0;
    t->pos_word = -1;
    double z[3] = {v[0]->z, v[1]->z, v[2]->z}, q[3] = {v[0]->inv_w, v[1]->inv_w, v[2]->inv_w};
    plane_set(&t->z, v, z, inv_area);
    plane_set(&t->q, v, q, inv_area);
    /* the fog coordinate the per-fragment fog reads (only fog reads it) */
    t->has_fog = d->fog_mode >= 0;
    if (t->has_fog) {
        tri_planes one;   /* add_comp's comp lands in one.comp[0] */
        one.num_comps = 0;
        add_comp(&one, &s, 0, VARY_FOG, 0, TGSI_INTERPOLATE_PERSPECTIVE, false);
        t->fog = one.comp[0];
    }
    const pipe_program *fp = d->fp;
    if (!fp) {
        int mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
        t->words = TRI_FIXED_WORDS;
        memset(t->konst, 0, TRI_FIXED_WORDS * sizeof(float));
        add_slot(t, &s, 0, pipe_color_slot(d, VARY_COLOR0), mode, false);
        if (d->color_sum)
            add_slot(t, &s, 4, pipe_color_slot(d, VARY_COLOR1), mode, false);
        finish(t);
        return;
    }
    t->words = 4 * fp->num_inputs;
    for (uint32_t n = 0; n < fp->num_inputs; n++) {
        const pipe_io *io = &fp->inputs[n];
        uint32_t w = 4 * n;
        bool centroid = io->location == TGSI_INTERPOLATE_LOC_CENTROID;
        set_konst(t, w, 0.0f, 0.0f, 0.0f, 1.0f);
        switch (io->semantic) {
        case TGSI_SEMANTIC_POSITION:
            t->pos_word = (int)w;   /* from the lane's location */
            break;
        case TGSI_SEMANTIC_FACE:
            t->konst[w] = d->front ? 1.0f : -1.0f;
            break;
        case TGSI_SEMANTIC_FOG:
            /* fragment.fogcoord is (f, 0, 0, 1) */
            add_comp(t, &s, w, VARY_FOG, 0, io->interpolate, centroid);
            break;
        case TGSI_SEMANTIC_PCOORD:
            break;   /* (0, 0, 0, 1) but for point sprites */
        default: {
            int slot = pipe_varying_slot(io->semantic, io->semantic_index);
            if (slot < 0)
                break;
            int mode = io->interpolate;
            if (io->semantic == TGSI_SEMANTIC_COLOR) {
                slot = pipe_color_slot(d, slot);
                mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
            }
            add_slot(t, &s, w, slot, mode, centroid);
        }
        }
    }
    finish(t);
}

/* The comps reordered screen-linear first (each writes its own word, so
 * the order changes nothing), the constant words listed, and whether q is
 * read. */
static void finish(tri_planes *t)
{
    uint32_t lin = 0;
    for (uint32_t k = 0; k < t->num_comps; k++)
        if (!t->comp[k].persp) {
            tri_comp c = t->comp[lin];
            t->comp[lin++] = t->comp[k];
            t->comp[k] = c;
        }
    t->num_lin = lin;
    t->need_q = t->pos_word >= 0 || (t->has_fog && t->fog.persp) || lin < t->num_comps;
    bool varies[4 * 64] = {false};
    for (uint32_t k = 0; k < t->num_comps; k++)
        varies[t->comp[k].word] = true;
    for (int c = 0; c < 4 && t->pos_word >= 0; c++)
        varies[t->pos_word + c] = true;
    t->num_konst = 0;
    for (uint32_t w = 0; w < t->words; w++)
        if (!varies[w])
            t->konst_word[t->num_konst++] = (uint16_t)w;
}

/* A lane's z, fog and values (out: t->words floats) at (lx, ly), CENTROID
 * comps at (cx, cy). */
static inline void lane_values(const pipe_draw *d, const tri_planes *t, pipe_frag *f, double lx,
                               double ly, double cx, double cy, float *out)
{
    double dx = lx - t->x0, dy = ly - t->y0;
    double q = 0, inv_q = 0;
    if (t->need_q) {   /* a division a lane: only where something reads it */
        q = plane_at(&t->q, dx, dy);
        inv_q = q != 0 ? 1.0 / q : 0;
    }
    f->z = (float)plane_at(&t->z, dx, dy);
    f->fog = t->has_fog ? comp_at(&t->fog, dx, dy, q, inv_q) : 0.0f;
    memcpy(out, t->konst, t->words * sizeof(float));
    double cdx = cx - t->x0, cdy = cy - t->y0, cq = q, cinv_q = inv_q;
    if (t->need_q && (cx != lx || cy != ly)) {
        cq = plane_at(&t->q, cdx, cdy);
        cinv_q = cq != 0 ? 1.0 / cq : 0;
    }
    for (uint32_t k = 0; k < t->num_comps; k++) {
        const tri_comp *c = &t->comp[k];
        out[c->word] = c->centroid ? comp_at(c, cdx, cdy, cq, cinv_q) : comp_at(c, dx, dy, q, inv_q);
    }
    if (t->pos_word >= 0)
        pipe_tri_position(d, out + t->pos_word, lx, ly, f->z, q);
}

void pipe_tri_lane(const pipe_draw *d, const tri_planes *t, pipe_frag *f, double lx, double ly,
                   double cx, double cy, float *in)
{
    float fixed[TRI_FIXED_WORDS];
    lane_values(d, t, f, lx, ly, cx, cy, in ? in : fixed);
    if (d->ms && f->sample < 0) {
        for (uint32_t k = 0; k < d->samples; k++)
            f->zs[k] = (float)plane_at(&t->z, (double)f->x + d->sample_x[k] - t->x0,
                                       (double)f->y + d->sample_y[k] - t->y0);
    } else {
        for (uint32_t k = 0; k < d->samples; k++)
            f->zs[k] = f->z;
    }
    if (in)
        return;
    /* fixed-function colour: the primary, plus the secondary's RGB when
     * colour sum applies (clamped) */
    memcpy(f->color, fixed, sizeof f->color);
    for (int c = 0; d->color_sum && c < 3; c++) {
        float v = f->color[c] + fixed[4 + c];
        f->color[c] = v > 1.0f ? 1.0f : v;
    }
}

bool pipe_tri_fast_case(const pipe_draw *d)
{
    return d->fp && !d->ms && !pipe_debug_general_path;
}

/* floor(a / b) and ceil(a / b) for b > 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    return a >= 0 ? (a + b - 1) / b : -(-a / b);
}

/* Narrows the pixel columns [*lo, *hi) of a quad row to those where a lane
 * of either pixel row may be inside every edge: edge i's value at column x
 * of pixel row r is row[i] + r sy[i] + (x - x0) sx[i] (bias included),
 * inside when >= 0.  Kept a pixel wider on both sides, so that rounding
 * of the bounds can only add empty quads, never drop one. */
static void span(const int64_t row[3], const int64_t sx[3], const int64_t sy[3], int64_t x0,
                 int64_t *lo, int64_t *hi)
{
    for (int i = 0; i < 3 && *lo < *hi; i++) {
        int64_t v0 = row[i], v1 = row[i] + sy[i];
        if (sx[i] == 0) {
            if (v0 < 0 && v1 < 0)
                *hi = *lo;   /* outside this edge along the whole row */
        } else if (sx[i] > 0) {   /* inside from some column on */
            int64_t a = ceil_div(-v0, sx[i]), b = ceil_div(-v1, sx[i]);
            int64_t from = x0 + (a < b ? a : b) - 1;
            *lo = from > *lo ? from : *lo;
        } else {                  /* inside up to some column */
            int64_t a = floor_div(v0, -sx[i]), b = floor_div(v1, -sx[i]);
            int64_t to = x0 + (a > b ? a : b) + 2;
            *hi = to < *hi ? to : *hi;
        }
    }
    if (*hi < *lo)
        *hi = *lo;
}

/* The quads of quad row qy between columns lo and hi (even) whose four
 * lanes are inside every edge (the exact test of each lane, solved for
 * the column) and inside the drawable rectangle: [*f0, *f1), even, empty
 * when *f0 == *f1. */
static void full_quads(const pipe_draw *d, const int64_t row[3], const int64_t sx[3],
                       const int64_t sy[3], int64_t x0, int64_t qy, int64_t lo, int64_t hi,
                       int64_t *f0, int64_t *f1)
{
    /* pixel columns [xl, xh) whose lanes of both rows are inside */
    int64_t xl = lo > d->clip_x0 ? lo : d->clip_x0, xh = hi < d->clip_x1 ? hi : d->clip_x1;
    if (qy < d->clip_y0 || qy + 1 >= d->clip_y1)
        xh = xl;
    for (int i = 0; i < 3 && xl < xh; i++) {
        int64_t v0 = row[i], v1 = row[i] + sy[i];
        if (sx[i] == 0) {
            if (v0 < 0 || v1 < 0)
                xh = xl;
        } else if (sx[i] > 0) {   /* v + (x - x0) sx >= 0 from a column on */
            int64_t a = ceil_div(-v0, sx[i]), b = ceil_div(-v1, sx[i]);
            int64_t from = x0 + (a > b ? a : b);
            xl = from > xl ? from : xl;
        } else {                  /* up to a column */
            int64_t a = floor_div(v0, -sx[i]), b = floor_div(v1, -sx[i]);
            int64_t to = x0 + (a < b ? a : b) + 1;
            xh = to < xh ? to : xh;
        }
    }
    *f0 = (xl + 1) & ~(int64_t)1;
    *f1 = xh & ~(int64_t)1;
    if (*f1 < *f0)
        *f1 = *f0;
}

bool pipe_tri_fast(pipe_draw *d, tri_planes *t, const int64_t px[3], const int64_t py[3],
                   const bool tie[3], int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    if (!pipe_clip_quads(d, &x0, &y0, &x1, &y1))
        return true;
    if (!pipe_raster_batch(d))
        return false;
    /* edge i runs from vertex i+1 to i+2; at sample (X, Y) it is
     * (bx - ax)(Y - ay) - (by - ay)(X - ax), a sample being inside when
     * it is > 0, or 0 on an edge the tie rule gives the triangle: with
     * bias -1 off those edges, inside is "every edge + bias >= 0" */
    enum { SUB = 256 };
    int64_t sx[3], sy[3], row[3];
    for (int i = 0; i < 3; i++) {
        int a = (i + 1) % 3, b = (i + 2) % 3;
        int64_t ex = px[b] - px[a], ey = py[b] - py[a];
        sx[i] = -ey * SUB, sy[i] = ex * SUB;
        row[i] = ex * (y0 * SUB + SUB / 2 - py[a]) - ey * (x0 * SUB + SUB / 2 - px[a]) +
                 (tie[i] ? 0 : -1);
    }
    const uint32_t full = d->full_mask, words = t->words;
    const bool spans = pipe_span_case(d);
    if (spans)
        pipe_span_triangle(d, t);
    for (int64_t qy = y0; qy < y1; qy += 2) {
        if (spans)
            pipe_span_row(d, t, qy);
        /* every plane's c + b dy on the quad row's two pixel rows, so that
         * a lane adds a dx (plane_at's order: the same bits) */
        const double dy[2] = {(double)qy + 0.5 - t->y0, (double)(qy + 1) + 0.5 - t->y0};
        double zrow[2], qrow[2], frow[2], fnrow[2];
        for (int r = 0; r < 2 && !spans; r++) {
            zrow[r] = t->z.c + t->z.b * dy[r];
            qrow[r] = t->q.c + t->q.b * dy[r];
            frow[r] = fnrow[r] = 0;
            if (t->has_fog) {
                frow[r] = t->fog.lin.c + t->fog.lin.b * dy[r];
                if (t->fog.persp)
                    fnrow[r] = t->fog.num.c + t->fog.num.b * dy[r];
            }
            for (uint32_t k = 0; k < t->num_comps; k++) {
                const tri_comp *c = &t->comp[k];
                t->row[k][r] = c->lin.c + c->lin.b * dy[r];
                if (k >= t->num_lin)
                    t->nrow[k][r] = c->num.c + c->num.b * dy[r];
            }
        }
        /* the quads from sx0 on up to sx1 (a superset of those with a
         * covered lane: the exact test below decides each lane) */
        int64_t sx0 = x0, sx1 = pipe_band_row(d, qy) ? x1 : x0;
        span(row, sx, sy, x0, &sx0, &sx1);
        sx0 &= ~(int64_t)1;
        int64_t e[3];
        for (int i = 0; i < 3; i++)
            e[i] = row[i] + (sx0 - x0) * sx[i];
        /* the span path takes the fully covered quads in one run */
        int64_t f0 = sx1, f1 = sx1;
        if (spans && sx0 < sx1)
            full_quads(d, row, sx, sy, x0, qy, sx0, sx1, &f0, &f1);
        for (int64_t qx = sx0; qx < sx1; qx += 2) {
            if (qx == f0 && f1 > f0) {
                if (!pipe_span_full(d, t, f0, f1, qy))
                    return false;
                for (int i = 0; i < 3; i++)
                    e[i] += (f1 - f0) * sx[i];
                qx = f1 - 2;
                continue;
            }
            bool in[4];
            unsigned any = 0;
            for (int l = 0; l < 4; l++) {
                int64_t ox = l & 1, oy = l >> 1;
                int64_t a = e[0] + ox * sx[0] + oy * sy[0], b = e[1] + ox * sx[1] + oy * sy[1],
                        c = e[2] + ox * sx[2] + oy * sy[2];
                int64_t x = qx + ox, y = qy + oy;
                in[l] = (a | b | c) >= 0 && x >= d->clip_x0 && x < d->clip_x1 &&
                        y >= d->clip_y0 && y < d->clip_y1;
                any |= (unsigned)in[l] << l;
            }
            for (int i = 0; i < 3; i++)
                e[i] += 2 * sx[i];
            if (!any)
                continue;
            if (spans) {
                if (!pipe_span_quad(d, t, qx, qy, any))
                    return false;
                continue;
            }
            if ((d->num_frags + 4 > d->cap_frags || d->span_batch) && !pipe_raster_flush(d))
                return false;
            for (int l = 0; l < 4; l++) {
                pipe_frag *f = &d->frags[d->num_frags];
                int64_t x = qx + (l & 1), y = qy + (l >> 1);
                f->x = (int32_t)x, f->y = (int32_t)y;
                f->mask = f->mask_in = in[l] ? full : 0;
                f->covered = in[l];
                f->front = d->front;
                f->sample = -1;
                int r = l >> 1;
                double dx = (double)x + 0.5 - t->x0;
                double q = 0, inv_q = 0;
                if (t->need_q) {
                    q = qrow[r] + t->q.a * dx;
                    inv_q = q != 0 ? 1.0 / q : 0;
                }
                f->z = (float)(zrow[r] + t->z.a * dx);
                for (uint32_t k = 0; k < d->samples; k++)
                    f->zs[k] = f->z;
                f->fog = 0.0f;
                if (t->has_fog)
                    f->fog = t->fog.persp && q != 0
                                 ? (float)((fnrow[r] + t->fog.num.a * dx) * inv_q)
                                 : (float)(frow[r] + t->fog.lin.a * dx);
                float *out = d->inputs + (size_t)words * d->num_frags;
                for (uint32_t k = 0; k < t->num_konst; k++)
                    out[t->konst_word[k]] = t->konst[t->konst_word[k]];
                for (uint32_t k = 0; k < t->num_lin; k++)
                    out[t->comp[k].word] = (float)(t->row[k][r] + t->comp[k].lin.a * dx);
                for (uint32_t k = t->num_lin; k < t->num_comps; k++) {
                    const tri_comp *c = &t->comp[k];
                    out[c->word] = q != 0 ? (float)((t->nrow[k][r] + c->num.a * dx) * inv_q)
                                          : (float)(t->row[k][r] + c->lin.a * dx);
                }
                if (t->pos_word >= 0)
                    pipe_tri_position(d, out + t->pos_word, (double)x + 0.5, (double)y + 0.5, f->z, q);
                d->num_frags++;
            }
        }
        if (spans && !pipe_span_row_end(d, t, qy))
            return false;
        for (int i = 0; i < 3; i++)
            row[i] += 2 * sy[i];
    }
    return true;
}
