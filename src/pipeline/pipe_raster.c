/* A draw, back half: triangle rasterisation and the per-fragment steps.
 *
 * Coverage is decided exactly on a fixed-point grid (8 sub-pixel bits):
 * a pixel is covered when its centre is inside all three edges, and a
 * centre exactly on an edge belongs to the triangle on one side only (the
 * tie rule below), so triangles sharing an edge produce each fragment
 * once (GL 3.6.1).  Fragments go to the fragment program in 2x2 quads
 * aligned to even window coordinates; the lanes of a quad the triangle does
 * not cover run as helper lanes with their attributes extrapolated from the
 * triangle's planes, so derivatives are right at edges.  Then: fog (the
 * program's ARB fog option, or fixed-function fog), depth test, blending
 * and the masked write. */
#include "pipeline/pipe_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pipe_frag {
    int32_t x, y;
    bool covered;
    bool front;
    float z;
    float color[4];          /* fixed-function colour */
    float fog;               /* fog coordinate */
} pipe_frag;

enum { SUBPIXEL_BITS = 8, BATCH_LANES = 4096 };
#define SUBPIXEL (1 << SUBPIXEL_BITS)

typedef struct fixed_pt {
    int64_t x, y;
} fixed_pt;

static int64_t edge_fn(fixed_pt a, fixed_pt b, int64_t px, int64_t py)
{
    return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
}

/* A centre exactly on edge a->b (counter-clockwise triangle) is inside
 * when the edge goes down, or goes right horizontally; the same edge seen
 * from the neighbouring triangle runs the other way and excludes it. */
static bool tie_inside(fixed_pt a, fixed_pt b)
{
    int64_t dy = b.y - a.y, dx = b.x - a.x;
    return dy < 0 || (dy == 0 && dx > 0);
}

static bool grow_batch(pipe_draw *d)
{
    if (d->cap_frags)
        return true;
    uint32_t ninputs = d->fp ? d->fp->num_inputs : 0;
    d->frags = calloc(BATCH_LANES, sizeof *d->frags);
    d->inputs = calloc((size_t)BATCH_LANES * (ninputs ? ninputs : 1), 4 * sizeof(float));
    if (!d->frags || !d->inputs) {
        snprintf(d->err, d->errlen, "out of memory for fragments");
        d->failed = true;
        return false;
    }
    d->cap_frags = BATCH_LANES;
    return true;
}

/* Interpolation weights at a sample: screen-linear barycentrics b[] and the
 * perspective-correct ones pb[] (b_i / w_i normalised). */
typedef struct weights {
    double b[3], pb[3];
} weights;

/* A primitive being rasterised: a triangle, or a point or line segment
 * (their unused vertices repeat the last one), and how it weights its
 * vertices at a sample. */
typedef struct tri_setup tri_setup;
struct tri_setup {
    const pipe_wvertex *v[3];
    const pipe_vertex *provoking;
    fixed_pt p[3];
    int64_t area2;
    void (*weigh)(const tri_setup *t, double px, double py, weights *w);
    double inv_area;   /* 1 / the doubled signed area of the unsnapped triangle (0: none) */
    bool affine;       /* every vertex has the same 1/w */
    double line_dx, line_dy, line_len2;  /* segment v[0] -> v[1] */
};

static void compute_weights(const tri_setup *t, double px, double py, weights *w)
{
    /* the planes through the unsnapped window positions (the grid decides
     * coverage only); the divisions by the doubled area and by the sum of
     * the perspective weights were most of the time of a cheap full-screen
     * draw, so the area's reciprocal comes from the set-up, and a triangle
     * whose vertices share one w (any 2D draw) has perspective weights
     * equal to the screen-linear ones */
    for (int i = 0; i < 3; i++) {
        const pipe_wvertex *a = t->v[(i + 1) % 3], *b = t->v[(i + 2) % 3];
        double e = (b->x - a->x) * (py - a->y) - (b->y - a->y) * (px - a->x);
        w->b[i] = t->inv_area != 0 ? e * t->inv_area : 1.0 / 3.0;
    }
    if (t->affine) {
        memcpy(w->pb, w->b, sizeof w->pb);
        return;
    }
    double q = 0;
    for (int i = 0; i < 3; i++) {
        w->pb[i] = w->b[i] * t->v[i]->inv_w;
        q += w->pb[i];
    }
    double inv_q = q != 0 ? 1.0 / q : 0;
    for (int i = 0; i < 3; i++)
        w->pb[i] = q != 0 ? w->pb[i] * inv_q : w->b[i];
}

static void interp_slot(const tri_setup *t, const weights *w, int slot, int mode, float out[4])
{
    if (mode == TGSI_INTERPOLATE_CONSTANT) {
        memcpy(out, t->provoking->v[slot], 4 * sizeof(float));
        return;
    }
    const double *k = mode == TGSI_INTERPOLATE_LINEAR ? w->b : w->pb;
    for (int c = 0; c < 4; c++)
        out[c] = (float)(k[0] * t->v[0]->attr->v[slot][c] + k[1] * t->v[1]->attr->v[slot][c] +
                         k[2] * t->v[2]->attr->v[slot][c]);
}

/* The colour slot a fragment reads: back colours for back-facing
 * polygons when two-sided colour selection is on. */
static int color_slot(const pipe_draw *d, int slot)
{
    if (d->s->two_side && !d->front)
        return slot == VARY_COLOR0 ? VARY_BCOLOR0 : VARY_BCOLOR1;
    return slot;
}

static void frag_inputs(pipe_draw *d, const tri_setup *t, const weights *w, pipe_frag *f,
                        double sx, double sy, float *in)
{
    const pipe_program *fp = d->fp;
    for (uint32_t n = 0; n < fp->num_inputs; n++) {
        const pipe_io *io = &fp->inputs[n];
        float *o = in + 4 * n;
        switch (io->semantic) {
        case TGSI_SEMANTIC_POSITION: {
            double x = sx, y = sy;
            if (fp->origin_upper_left)
                y = (double)d->fb->height - y;
            if (fp->center_integer)
                x -= 0.5, y -= 0.5;
            o[0] = (float)x, o[1] = (float)y, o[2] = f->z;
            o[3] = (float)(w->b[0] * t->v[0]->inv_w + w->b[1] * t->v[1]->inv_w +
                           w->b[2] * t->v[2]->inv_w);
            break;
        }
        case TGSI_SEMANTIC_FACE:
            o[0] = f->front ? 1.0f : -1.0f, o[1] = o[2] = 0.0f, o[3] = 1.0f;
            break;
        case TGSI_SEMANTIC_FOG:
            interp_slot(t, w, VARY_FOG, io->interpolate, o);
            o[1] = o[2] = 0.0f, o[3] = 1.0f;  /* fragment.fogcoord is (f, 0, 0, 1) */
            break;
        default: {
            int slot = pipe_varying_slot(io->semantic, io->semantic_index);
            if (slot < 0) {
                o[0] = o[1] = o[2] = 0.0f, o[3] = 1.0f;
                break;
            }
            int mode = io->interpolate;
            if (io->semantic == TGSI_SEMANTIC_COLOR) {
                slot = color_slot(d, slot);
                mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
            }
            interp_slot(t, w, slot, mode, o);
        }
        }
    }
}

/* Fixed-function fragment colour: the primary colour, plus the secondary's
 * RGB when colour sum applies (clamped). */
static void fixed_color(pipe_draw *d, const tri_setup *t, const weights *w, pipe_frag *f)
{
    int mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
    interp_slot(t, w, color_slot(d, VARY_COLOR0), mode, f->color);
    if (d->color_sum) {
        float sec[4];
        interp_slot(t, w, color_slot(d, VARY_COLOR1), mode, sec);
        for (int c = 0; c < 3; c++) {
            float v = f->color[c] + sec[c];
            f->color[c] = v > 1.0f ? 1.0f : v;
        }
    }
}

/* Adds the quad at (qx, qy) to the batch: covered lanes and helpers, each
 * with its depth, fog coordinate and fragment-program inputs (or
 * fixed-function colour) weighted at its pixel centre. */
static bool emit_quad(pipe_draw *d, const tri_setup *t, int64_t qx, int64_t qy, const bool cov[4])
{
    if (!grow_batch(d))
        return false;
    if (d->num_frags + 4 > d->cap_frags && !pipe_raster_flush(d))
        return false;
    for (int l = 0; l < 4; l++) {
        pipe_frag *f = &d->frags[d->num_frags];
        f->x = (int32_t)(qx + (l & 1));
        f->y = (int32_t)(qy + (l >> 1));
        f->covered = cov[l];
        f->front = d->front;
        double sx = f->x + 0.5, sy = f->y + 0.5;
        weights w;
        t->weigh(t, sx, sy, &w);
        f->z = (float)(w.b[0] * t->v[0]->z + w.b[1] * t->v[1]->z + w.b[2] * t->v[2]->z);
        f->fog = 0;
        if (d->fog_mode >= 0) { /* only fog reads it */
            float fogv[4];
            interp_slot(t, &w, VARY_FOG, TGSI_INTERPOLATE_PERSPECTIVE, fogv);
            f->fog = fogv[0];
        }
        if (d->fp)
            frag_inputs(d, t, &w, f, sx, sy, d->inputs + (size_t)4 * d->fp->num_inputs * d->num_frags);
        else
            fixed_color(d, t, &w, f);
        d->num_frags++;
    }
    return true;
}

bool pipe_raster_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                          const pipe_wvertex *v2, const pipe_vertex *provoking)
{
    if (d->failed)
        return false;
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = v0, t.v[1] = v1, t.v[2] = v2;
    t.provoking = provoking;
    t.weigh = compute_weights;
    for (int i = 0; i < 3; i++) {
        /* clipped positions lie within the (limited) viewport; anything
         * else is not a number the grid holds */
        if (!(fabs(t.v[i]->x) < 1e6 && fabs(t.v[i]->y) < 1e6))
            return true;
        t.p[i].x = llround(t.v[i]->x * SUBPIXEL);
        t.p[i].y = llround(t.v[i]->y * SUBPIXEL);
    }
    t.area2 = edge_fn(t.p[0], t.p[1], t.p[2].x, t.p[2].y);
    if (t.area2 == 0)
        return true;   /* zero area: no fragments */
    if (t.area2 < 0) { /* make it counter-clockwise */
        const pipe_wvertex *tv = t.v[1];
        t.v[1] = t.v[2], t.v[2] = tv;
        fixed_pt tp = t.p[1];
        t.p[1] = t.p[2], t.p[2] = tp;
        t.area2 = -t.area2;
    }
    /* in the final vertex order: the sum of compute_weights' edge values */
    double area = (t.v[1]->x - t.v[0]->x) * (t.v[2]->y - t.v[0]->y) -
                  (t.v[1]->y - t.v[0]->y) * (t.v[2]->x - t.v[0]->x);
    t.inv_area = area != 0 && isfinite(area) ? 1.0 / area : 0;
    t.affine = v0->inv_w == v1->inv_w && v1->inv_w == v2->inv_w;
    int64_t minx = t.p[0].x, maxx = minx, miny = t.p[0].y, maxy = miny;
    for (int i = 1; i < 3; i++) {
        minx = t.p[i].x < minx ? t.p[i].x : minx;
        maxx = t.p[i].x > maxx ? t.p[i].x : maxx;
        miny = t.p[i].y < miny ? t.p[i].y : miny;
        maxy = t.p[i].y > maxy ? t.p[i].y : maxy;
    }
    /* pixels whose centres may be inside, within the drawable rectangle */
    int64_t x0 = minx >> SUBPIXEL_BITS, x1 = (maxx >> SUBPIXEL_BITS) + 1;
    int64_t y0 = miny >> SUBPIXEL_BITS, y1 = (maxy >> SUBPIXEL_BITS) + 1;
    x0 = x0 < d->clip_x0 ? d->clip_x0 : x0;
    y0 = y0 < d->clip_y0 ? d->clip_y0 : y0;
    x1 = x1 > d->clip_x1 ? d->clip_x1 : x1;
    y1 = y1 > d->clip_y1 ? d->clip_y1 : y1;
    if (x0 >= x1 || y0 >= y1)
        return true;
    bool tie[3];
    for (int i = 0; i < 3; i++)
        tie[i] = tie_inside(t.p[(i + 1) % 3], t.p[(i + 2) % 3]);
    x0 &= ~(int64_t)1;
    y0 &= ~(int64_t)1;
    for (int64_t qy = y0; qy < y1; qy += 2)
        for (int64_t qx = x0; qx < x1; qx += 2) {
            bool cov[4];
            bool any = false;
            for (int l = 0; l < 4; l++) {
                int64_t px = qx + (l & 1), py = qy + (l >> 1);
                int64_t cx = px * SUBPIXEL + SUBPIXEL / 2, cy = py * SUBPIXEL + SUBPIXEL / 2;
                bool in = px >= d->clip_x0 && px < d->clip_x1 && py >= d->clip_y0 && py < d->clip_y1;
                for (int i = 0; i < 3 && in; i++) {
                    int64_t e = edge_fn(t.p[(i + 1) % 3], t.p[(i + 2) % 3], cx, cy);
                    in = e > 0 || (e == 0 && tie[i]);
                }
                cov[l] = in;
                any |= in;
            }
            if (!any)
                continue;
            if (!emit_quad(d, &t, qx, qy, cov))
                return false;
        }
    return true;
}

/* ---- Points and lines -------------------------------------------------------- */

/* Every fragment of a point takes the vertex's values. */
static void point_weights(const tri_setup *t, double px, double py, weights *w)
{
    (void)t, (void)px, (void)py;
    w->b[0] = w->pb[0] = 1.0;
    w->b[1] = w->b[2] = w->pb[1] = w->pb[2] = 0.0;
}

/* A line's fragments: t = ((p - a) . (b - a)) / |b - a|^2 (GL 3.5.1),
 * perspective-corrected with the endpoints' w. */
static void line_weights(const tri_setup *t, double px, double py, weights *w)
{
    double s = t->line_len2 > 0 ? ((px - t->v[0]->x) * t->line_dx + (py - t->v[0]->y) * t->line_dy) /
                                      t->line_len2
                                : 0.0;
    w->b[0] = 1.0 - s, w->b[1] = s, w->b[2] = 0.0;
    double qa = w->b[0] * t->v[0]->inv_w, qb = w->b[1] * t->v[1]->inv_w, q = qa + qb;
    w->pb[0] = q != 0 ? qa / q : w->b[0];
    w->pb[1] = q != 0 ? qb / q : w->b[1];
    w->pb[2] = 0.0;
}

/* Emits the quads holding the covered pixels of a rectangle of candidate
 * pixels [x0, x1) x [y0, y1), coverage decided by `inside`. */
static bool emit_area(pipe_draw *d, const tri_setup *t, int64_t x0, int64_t y0, int64_t x1,
                      int64_t y1, bool (*inside)(const void *ctx, int64_t x, int64_t y),
                      const void *ctx)
{
    x0 = x0 < d->clip_x0 ? d->clip_x0 : x0;
    y0 = y0 < d->clip_y0 ? d->clip_y0 : y0;
    x1 = x1 > d->clip_x1 ? d->clip_x1 : x1;
    y1 = y1 > d->clip_y1 ? d->clip_y1 : y1;
    if (x0 >= x1 || y0 >= y1)
        return true;
    x0 &= ~(int64_t)1;
    y0 &= ~(int64_t)1;
    for (int64_t qy = y0; qy < y1; qy += 2)
        for (int64_t qx = x0; qx < x1; qx += 2) {
            bool cov[4], any = false;
            for (int l = 0; l < 4; l++) {
                int64_t px = qx + (l & 1), py = qy + (l >> 1);
                cov[l] = px >= d->clip_x0 && px < d->clip_x1 && py >= d->clip_y0 &&
                         py < d->clip_y1 && inside(ctx, px, py);
                any |= cov[l];
            }
            if (any && !emit_quad(d, t, qx, qy, cov))
                return false;
        }
    return true;
}

typedef struct square {
    double cx, cy, half;
} square;

static bool in_square(const void *ctx, int64_t x, int64_t y)
{
    const square *q = ctx;
    double px = (double)x + 0.5, py = (double)y + 0.5;
    return px > q->cx - q->half && px < q->cx + q->half && py > q->cy - q->half &&
           py < q->cy + q->half;
}

bool pipe_raster_point(pipe_draw *d, const pipe_wvertex *v, double size)
{
    if (d->failed)
        return false;
    /* GL 3.4.1 (non-antialiased points): the size rounded to an integer
     * w >= 1; the fragments are the w x w square centred on the pixel
     * centre nearest (x_w, y_w) for odd w, on the nearest pixel corner for
     * even w */
    double wdt = floor(size + 0.5);
    wdt = wdt < 1 ? 1 : wdt;
    if (!(fabs(v->x) < 1e6 && fabs(v->y) < 1e6))
        return true;
    square q;
    q.half = wdt / 2;
    if ((int64_t)wdt % 2) {
        q.cx = floor(v->x) + 0.5, q.cy = floor(v->y) + 0.5;
    } else {
        q.cx = floor(v->x + 0.5), q.cy = floor(v->y + 0.5);
    }
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = t.v[1] = t.v[2] = v;
    t.provoking = v->attr;
    t.weigh = point_weights;
    return emit_area(d, &t, (int64_t)floor(q.cx - q.half), (int64_t)floor(q.cy - q.half),
                     (int64_t)ceil(q.cx + q.half), (int64_t)ceil(q.cy + q.half), in_square, &q);
}

/* A line's fragments by GL 3.5.1's rule for x-major lines (y-major with
 * the axes swapped): the columns whose centres lie in [x_a, x_b) along the
 * direction of travel (the end point's column is left to the next segment,
 * as the diamond-exit rule leaves it), and in each column the w rows
 * centred on the line's y at the column centre. */
typedef struct line_cov {
    bool x_major;
    double ax, ay, bx, by, width;
} line_cov;

static bool in_line(const void *ctx, int64_t x, int64_t y)
{
    const line_cov *c = ctx;
    /* major axis u, minor axis v */
    double u = (double)(c->x_major ? x : y) + 0.5, v = (double)(c->x_major ? y : x);
    double ua = c->x_major ? c->ax : c->ay, ub = c->x_major ? c->bx : c->by;
    double va = c->x_major ? c->ay : c->ax, vb = c->x_major ? c->by : c->bx;
    bool in_span = ua < ub ? (u >= ua && u < ub) : (u <= ua && u > ub);
    if (!in_span)
        return false;
    double vline = va + (u - ua) * (vb - va) / (ub - ua);
    double lo = floor(vline - (c->width - 1) / 2);
    return v >= lo && v < lo + c->width;
}

bool pipe_raster_line(pipe_draw *d, const pipe_wvertex *a, const pipe_wvertex *b,
                      const pipe_vertex *provoking, double width)
{
    if (d->failed)
        return false;
    if (!(fabs(a->x) < 1e6 && fabs(a->y) < 1e6 && fabs(b->x) < 1e6 && fabs(b->y) < 1e6))
        return true;
    line_cov c = {fabs(b->x - a->x) >= fabs(b->y - a->y), a->x, a->y, b->x, b->y, 0};
    c.width = floor(width + 0.5);
    c.width = c.width < 1 ? 1 : c.width;
    if (a->x == b->x && a->y == b->y)
        return true;   /* a zero-length segment exits no diamond */
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = a, t.v[1] = t.v[2] = b;
    t.provoking = provoking;
    t.weigh = line_weights;
    t.line_dx = b->x - a->x, t.line_dy = b->y - a->y;
    t.line_len2 = t.line_dx * t.line_dx + t.line_dy * t.line_dy;
    double m = c.width / 2 + 1;
    return emit_area(d, &t, (int64_t)floor(fmin(a->x, b->x) - m), (int64_t)floor(fmin(a->y, b->y) - m),
                     (int64_t)ceil(fmax(a->x, b->x) + m), (int64_t)ceil(fmax(a->y, b->y) + m),
                     in_line, &c);
}

/* ---- Per-fragment operations ---------------------------------------------------- */

/* GL's comparison functions: does `value` pass against `stored`?  (The
 * depth, alpha and stencil tests all compare the incoming value on the
 * left.) */
static bool compare(uint8_t func, double value, double stored)
{
    switch (func) {
    case NVGP_PIPE_NEVER: return false;
    case NVGP_PIPE_LESS: return value < stored;
    case NVGP_PIPE_EQUAL: return value == stored;
    case NVGP_PIPE_LEQUAL: return value <= stored;
    case NVGP_PIPE_GREATER: return value > stored;
    case NVGP_PIPE_NOTEQUAL: return value != stored;
    case NVGP_PIPE_GEQUAL: return value >= stored;
    default: return true;
    }
}

/* GL 4.1.5's stencil operations on an 8-bit buffer. */
static uint8_t stencil_op(uint8_t op, uint8_t v, uint8_t ref)
{
    switch (op) {
    case NVGP_SO_ZERO: return 0;
    case NVGP_SO_REPLACE: return ref;
    case NVGP_SO_INCR: return v == 0xff ? v : (uint8_t)(v + 1);
    case NVGP_SO_DECR: return v == 0 ? v : (uint8_t)(v - 1);
    case NVGP_SO_INVERT: return (uint8_t)~v;
    case NVGP_SO_INCR_WRAP: return (uint8_t)(v + 1);
    case NVGP_SO_DECR_WRAP: return (uint8_t)(v - 1);
    default: return v;
    }
}

static void stencil_update(uint8_t *p, const nvgp_pipe_stencil *st, uint8_t op)
{
    uint8_t v = stencil_op(op, *p, st->ref);
    *p = (uint8_t)((*p & ~st->write_mask) | (v & st->write_mask));
}

/* GL 4.1.8 Table 4.2: the factor for component c (3 = alpha). */
static float blend_factor(uint8_t f, int c, const float *src, const float *dst, const float *k)
{
    switch (f) {
    case NVGP_BF_ZERO: return 0.0f;
    case NVGP_BF_ONE: return 1.0f;
    case NVGP_BF_SRC_COLOR: return src[c];
    case NVGP_BF_ONE_MINUS_SRC_COLOR: return 1.0f - src[c];
    case NVGP_BF_DST_COLOR: return dst[c];
    case NVGP_BF_ONE_MINUS_DST_COLOR: return 1.0f - dst[c];
    case NVGP_BF_SRC_ALPHA: return src[3];
    case NVGP_BF_ONE_MINUS_SRC_ALPHA: return 1.0f - src[3];
    case NVGP_BF_DST_ALPHA: return dst[3];
    case NVGP_BF_ONE_MINUS_DST_ALPHA: return 1.0f - dst[3];
    case NVGP_BF_CONSTANT_COLOR: return k[c];
    case NVGP_BF_ONE_MINUS_CONSTANT_COLOR: return 1.0f - k[c];
    case NVGP_BF_CONSTANT_ALPHA: return k[3];
    case NVGP_BF_ONE_MINUS_CONSTANT_ALPHA: return 1.0f - k[3];
    case NVGP_BF_SRC_ALPHA_SATURATE: {
        float a = src[3], b = 1.0f - dst[3];
        return c == 3 ? 1.0f : a < b ? a : b;
    }
    default: return 0.0f;
    }
}

static float blend_eq(uint8_t eq, float s, float sf, float d, float df)
{
    switch (eq) {
    case NVGP_BE_SUBTRACT: return s * sf - d * df;
    case NVGP_BE_REVERSE_SUBTRACT: return d * df - s * sf;
    case NVGP_BE_MIN: return s < d ? s : d;
    case NVGP_BE_MAX: return s > d ? s : d;
    default: return s * sf + d * df;
    }
}

static float clamp01f(float x)
{
    return x > 1.0f ? 1.0f : x > 0.0f ? x : 0.0f;
}

/* GL 3.10: f from the fog coordinate, clamped to [0,1]; rgb = f C + (1-f) Cf.
 * A fragment program's fog option applies fog "to the program's final
 * clamped color" (ARB_fragment_program 3.11.4.5.1), so there C is clamped
 * to [0,1] first, in a float framebuffer too. */
static void apply_fog(const pipe_draw *d, float fogc, float color[4])
{
    const nvgp_pipe_state *s = d->s;
    if (d->fp)
        for (int c = 0; c < 4; c++)
            color[c] = clamp01f(color[c]);
    double f;
    if (d->fog_mode == NVGP_FOG_LINEAR)
        f = s->fog_end != s->fog_start ? (s->fog_end - fogc) / ((double)s->fog_end - s->fog_start) : 1.0;
    else if (d->fog_mode == NVGP_FOG_EXP)
        f = exp(-(double)s->fog_density * fogc);
    else
        f = exp(-((double)s->fog_density * fogc) * ((double)s->fog_density * fogc));
    f = f > 1.0 ? 1.0 : f > 0.0 ? f : 0.0;
    for (int c = 0; c < 3; c++)
        color[c] = (float)(f * color[c] + (1.0 - f) * s->fog_color[c]);
}

static void write_fragment(pipe_draw *d, const pipe_frag *f, float color[4], float z)
{
    const nvgp_pipe_state *s = d->s;
    nvgp_pipe_fb *fb = d->fb;
    if (f->x < 0 || f->y < 0 || (uint32_t)f->x >= fb->width || (uint32_t)f->y >= fb->height)
        return;
    size_t at = (size_t)f->y * fb->width + (size_t)f->x;
    if (d->fog_mode >= 0)
        apply_fog(d, f->fog, color);
    /* alpha test (GL 4.1.4): the alpha as a fixed-point buffer holds it,
     * against the reference clamped to [0,1] */
    if (s->alpha_test) {
        float a = fb->format == NVGP_PIPE_RGBA8 ? pipe_fb_store(fb, color[3]) : color[3];
        float ref = s->alpha_ref > 1.0f ? 1.0f : s->alpha_ref > 0.0f ? s->alpha_ref : 0.0f;
        if (!compare(s->alpha_func, a, ref))
            return;
    }
    /* stencil test (GL 4.1.5), the face's state; then the depth test, whose
     * result picks the stencil operation */
    if (s->stencil_test) {
        const nvgp_pipe_stencil *st = &s->stencil[f->front ? 0 : 1];
        uint8_t *sp = &fb->stencil[at];
        if (!compare(st->func, st->ref & st->value_mask, *sp & st->value_mask)) {
            stencil_update(sp, st, st->sfail);
            return;
        }
        bool zpass = !s->depth_test || compare(s->depth_func, z, fb->depth[at]);
        stencil_update(sp, st, zpass ? st->dppass : st->dpfail);
        if (!zpass)
            return;
    } else if (s->depth_test && !compare(s->depth_func, z, fb->depth[at])) {
        return;
    }
    if (s->depth_test && s->depth_write)
        fb->depth[at] = z;
    float *dst = fb->color + 4 * at;
    float src[4];
    bool fixed = fb->format == NVGP_PIPE_RGBA8;
    for (int c = 0; c < 4; c++)
        src[c] = fixed ? clamp01f(color[c]) : color[c];
    if (s->blend) {
        float out[4];
        for (int c = 0; c < 4; c++) {
            bool alpha = c == 3;
            uint8_t sf = alpha ? s->blend_src_alpha : s->blend_src_rgb;
            uint8_t df = alpha ? s->blend_dst_alpha : s->blend_dst_rgb;
            out[c] = blend_eq(alpha ? s->blend_eq_alpha : s->blend_eq_rgb, src[c],
                              blend_factor(sf, c, src, dst, s->blend_color), dst[c],
                              blend_factor(df, c, src, dst, s->blend_color));
        }
        memcpy(src, out, sizeof src);
    }
    /* a float buffer holds the value itself (pipe_fb_store's identity),
     * without a call a component */
    for (int c = 0; c < 4; c++)
        if (s->color_mask[c])
            dst[c] = fixed ? pipe_fb_store(fb, src[c]) : src[c];
}

/* Index of the output with a semantic, or -1. */
static int find_output(const pipe_program *p, unsigned semantic, unsigned index)
{
    for (uint32_t n = 0; n < p->num_outputs; n++)
        if (p->outputs[n].semantic == semantic && p->outputs[n].semantic_index == index)
            return (int)p->outputs[n].index;
    return -1;
}

bool pipe_raster_flush(pipe_draw *d)
{
    if (d->failed)
        return false;
    uint32_t n = d->num_frags;
    d->num_frags = 0;
    if (n == 0)
        return true;
    pipe_program *fp = d->fp;
    if (!fp) {
        for (uint32_t i = 0; i < n; i++)
            if (d->frags[i].covered) {
                float col[4];
                memcpy(col, d->frags[i].color, sizeof col);
                write_fragment(d, &d->frags[i], col, d->frags[i].z);
            }
        return true;
    }
    pipe_machine *m = fp->machine;
    if (!pipe_machine_begin(m, n) || !pipe_machine_constants(m, fp->constants, fp->num_constants)) {
        snprintf(d->err, d->errlen, "cannot set up the fragment program's run");
        d->failed = true;
        return false;
    }
    for (uint32_t k = 0; k < fp->num_samplers; k++) {
        int32_t unit = fp->sampler_unit[k];
        if (unit >= 0 && d->s->texture[unit])
            pipe_machine_texture(m, k, d->s->texture[unit]);
        else if (unit >= 0)
            pipe_machine_incomplete_texture(m, k);
    }
    /* the batch is laid out as the executor keeps its inputs: one copy
     * when the program's inputs are IN[0 ..] in order */
    bool in_order = true;
    for (uint32_t k = 0; k < fp->num_inputs; k++)
        in_order &= fp->inputs[k].index == k;
    bool block = in_order && pipe_machine_input_block(m, n, fp->num_inputs, d->inputs);
    for (uint32_t i = 0; i < n; i++) {
        const float *in = d->inputs + (size_t)4 * fp->num_inputs * i;
        for (uint32_t k = 0; k < fp->num_inputs && !block; k++)
            pipe_machine_input(m, i, fp->inputs[k].index, in + 4 * k);
        if (!d->frags[i].covered)
            pipe_machine_helper(m, i);
    }
    if (!pipe_machine_run(m, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    int color_out = find_output(fp, TGSI_SEMANTIC_COLOR, 0);
    int depth_out = find_output(fp, TGSI_SEMANTIC_POSITION, 0);
    if (depth_out >= 0 && !pipe_machine_written(m, (uint32_t)depth_out))
        depth_out = -1;
    for (uint32_t i = 0; i < n; i++) {
        const pipe_frag *f = &d->frags[i];
        if (!f->covered || pipe_machine_killed(m, i))
            continue;
        float color[4] = {0, 0, 0, 0}, z = f->z;
        if (color_out >= 0)
            pipe_machine_output(m, i, (uint32_t)color_out, color);
        if (depth_out >= 0) {
            float dv[4];
            pipe_machine_output(m, i, (uint32_t)depth_out, dv);
            /* result.depth.z, clamped to [0,1] (ARB_fragment_program 3.11.4.4) */
            z = dv[2] > 1.0f ? 1.0f : dv[2] > 0.0f ? dv[2] : 0.0f;
        }
        write_fragment(d, f, color, z);
    }
    return true;
}
