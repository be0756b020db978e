/* A draw, back half: rasterisation of triangles, points and lines into
 * fragments, and the fragment program's runs over them.
 *
 * Coverage is decided exactly on a fixed-point grid (8 sub-pixel bits) at
 * each sample position: the pixel centre for a single-sample framebuffer
 * (or with MULTISAMPLE off), the standard positions (pipe_msaa.c) of a
 * multisample one.  A sample exactly on an edge belongs to the triangle on
 * one side only (the tie rule below), so triangles sharing an edge cover
 * each sample once (GL 3.6.1).  A pixel with any covered sample is a
 * fragment carrying its coverage mask.  Fragments go to the fragment
 * program in 2x2 quads aligned to even window coordinates; the lanes of a
 * quad the primitive does not cover run as helper lanes with their
 * attributes extrapolated from the primitive's planes, so derivatives are
 * right at edges.  Inputs are taken at the pixel centre, CENTROID inputs
 * at the centre when every sample is covered and else at the first covered
 * sample; a program run per sample (pipe_program.per_sample) runs a quad
 * per sample index with every input taken at that sample.  The
 * per-fragment operations are in pipe_fragment.c. */
#include "pipeline/pipe_internal.h"
#include "pipeline/pipe_span.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SUBPIXEL_BITS = 8, BATCH_LANES = 4096 };
#define SUBPIXEL (1 << SUBPIXEL_BITS)

typedef struct fixed_pt {
    int64_t x, y;
} fixed_pt;

static int64_t edge_fn(fixed_pt a, fixed_pt b, int64_t px, int64_t py)
{
    return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
}

/* A sample exactly on edge a->b (counter-clockwise triangle) is inside
 * when the edge goes down, or goes right horizontally; the same edge seen
 * from the neighbouring triangle runs the other way and excludes it. */
static bool tie_inside(fixed_pt a, fixed_pt b)
{
    int64_t dy = b.y - a.y, dx = b.x - a.x;
    return dy < 0 || (dy == 0 && dx > 0);
}

void pipe_raster_setup(pipe_draw *d)
{
    d->samples = d->fb->samples ? d->fb->samples : 1;
    d->full_mask = d->samples >= 32 ? ~0u : (1u << d->samples) - 1;
    d->ms = d->samples > 1 && d->s->multisample;
    d->per_sample = d->ms && d->fp && d->fp->per_sample;
    for (uint32_t i = 0; i < d->samples; i++) {
        /* without multisample rasterisation every sample is the centre */
        uint32_t n = d->ms ? d->samples : 1;
        pipe_sample_fixed(n, d->ms ? i : 0, &d->sample_fx[i], &d->sample_fy[i]);
        d->sample_x[i] = (double)d->sample_fx[i] / SUBPIXEL;
        d->sample_y[i] = (double)d->sample_fy[i] / SUBPIXEL;
    }
}

bool pipe_debug_general_path = false;

bool pipe_raster_batch(pipe_draw *d)
{
    if (d->cap_frags)
        return true;
    uint32_t ninputs = d->fp ? d->fp->num_inputs : 0;
    d->frags = calloc(BATCH_LANES, sizeof *d->frags);
    d->planes = malloc(sizeof *d->planes);
    /* 64-byte aligned: the executor reads a warp's inputs where they lie
     * (nvgp_exec_use_input_warps) with aligned vector loads */
    size_t in_bytes = (size_t)BATCH_LANES * (ninputs ? ninputs : 1) * 4 * sizeof(float);
    d->inputs = aligned_alloc(64, in_bytes);
    if (d->inputs)
        memset(d->inputs, 0, in_bytes);
    d->discarded = malloc(BATCH_LANES * sizeof *d->discarded);
    if (!d->frags || !d->inputs || !d->planes || !d->discarded) {
        snprintf(d->err, d->errlen, "out of memory for fragments");
        d->failed = true;
        return false;
    }
    d->cap_frags = BATCH_LANES;
    return pipe_span_alloc(d);
}

void pipe_raster_batch_free(pipe_draw *d)
{
    free(d->frags);
    free(d->inputs);
    free(d->planes);
    free(d->discarded);
    pipe_span_free(d);
    pipe_raster_batch_none(d);
}

void pipe_raster_batch_none(pipe_draw *d)
{
    d->frags = NULL, d->inputs = NULL, d->planes = NULL, d->discarded = NULL;
    d->span = NULL, d->span_batch = false;
    d->num_frags = d->cap_frags = 0;
}

/* Interpolation weights at a location: screen-linear barycentrics b[] and
 * the perspective-correct ones pb[] (b_i / w_i normalised). */
typedef struct weights {
    double b[3], pb[3];
} weights;

/* A primitive being rasterised: a triangle, or a point or line segment
 * (their unused vertices repeat the last one), how it weights its vertices
 * at a location and which samples of a pixel it covers. */
typedef struct tri_setup tri_setup;
struct tri_setup {
    const pipe_wvertex *v[3];
    const pipe_vertex *provoking;
    fixed_pt p[3];
    bool tie[3];
    void (*weigh)(const tri_setup *t, double px, double py, weights *w);
    const tri_planes *planes;            /* a triangle: its values by planes (no weigh) */
    uint32_t (*cover)(const pipe_draw *d, const tri_setup *t, int64_t px, int64_t py);
    double line_dx, line_dy, line_len2;  /* segment v[0] -> v[1] */
    bool point;                          /* a point: sprite coordinates */
    double point_size;
    const void *ctx;                     /* the point's or line's coverage rule */
};

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

static double interp_z(const tri_setup *t, const weights *w)
{
    return w->b[0] * t->v[0]->z + w->b[1] * t->v[1]->z + w->b[2] * t->v[2]->z;
}

/* The colour slot a fragment reads: back colours for back-facing
 * polygons when two-sided colour selection is on. */
int pipe_color_slot(const pipe_draw *d, int slot)
{
    if (d->s->two_side && !d->front)
        return slot == VARY_COLOR0 ? VARY_BCOLOR0 : VARY_BCOLOR1;
    return slot;
}

/* Point sprite coordinates at (x, y) (GL 3.4.1, "Point Sprites"):
 * s = 1/2 + (x - x_w) / size, t = 1/2 -+ (y - y_w) / size by the origin. */
static void sprite_coord(const pipe_draw *d, const tri_setup *t, double x, double y, float o[4])
{
    double sz = t->point_size > 0 ? t->point_size : 1.0;
    double dy = (y - t->v[0]->y) / sz;
    o[0] = (float)(0.5 + (x - t->v[0]->x) / sz);
    o[1] = (float)(d->s->point_origin_lower_left ? 0.5 + dy : 0.5 - dy);
    o[2] = 0.0f, o[3] = 1.0f;
}

/* The fragment program's inputs of a lane at (x, y): w weights there,
 * wc at the centroid location (CENTROID inputs). */
static void frag_inputs(pipe_draw *d, const tri_setup *t, const weights *w, const weights *wc,
                        pipe_frag *f, double x, double y, float *in)
{
    const pipe_program *fp = d->fp;
    for (uint32_t n = 0; n < fp->num_inputs; n++) {
        const pipe_io *io = &fp->inputs[n];
        float *o = in + 4 * n;
        const weights *k = io->location == TGSI_INTERPOLATE_LOC_CENTROID ? wc : w;
        switch (io->semantic) {
        case TGSI_SEMANTIC_POSITION: {
            double px = x, py = y;
            if (fp->origin_upper_left)
                py = (double)d->fb->height - py;
            if (fp->center_integer)
                px -= 0.5, py -= 0.5;
            o[0] = (float)px, o[1] = (float)py, o[2] = f->z;
            o[3] = (float)(w->b[0] * t->v[0]->inv_w + w->b[1] * t->v[1]->inv_w +
                           w->b[2] * t->v[2]->inv_w);
            break;
        }
        case TGSI_SEMANTIC_FACE:
            o[0] = f->front ? 1.0f : -1.0f, o[1] = o[2] = 0.0f, o[3] = 1.0f;
            break;
        case TGSI_SEMANTIC_FOG:
            interp_slot(t, k, VARY_FOG, io->interpolate, o);
            o[1] = o[2] = 0.0f, o[3] = 1.0f;  /* fragment.fogcoord is (f, 0, 0, 1) */
            break;
        case TGSI_SEMANTIC_PCOORD:
            /* fragment.pointcoord: undefined but for point sprites; (0,0,0,1) */
            if (t->point && d->s->point_sprite)
                sprite_coord(d, t, x, y, o);
            else
                o[0] = o[1] = o[2] = 0.0f, o[3] = 1.0f;
            break;
        default: {
            int slot = pipe_varying_slot(io->semantic, io->semantic_index);
            if (slot < 0) {
                o[0] = o[1] = o[2] = 0.0f, o[3] = 1.0f;
                break;
            }
            /* texture coordinate replacement of point sprites (COORD_REPLACE) */
            if (t->point && d->s->point_sprite &&
                (io->semantic == TGSI_SEMANTIC_GENERIC || io->semantic == TGSI_SEMANTIC_TEXCOORD) &&
                io->semantic_index < NVGP_PIPE_TEXTURE_UNITS &&
                d->s->point_coord_replace[io->semantic_index]) {
                sprite_coord(d, t, x, y, o);
                break;
            }
            int mode = io->interpolate;
            if (io->semantic == TGSI_SEMANTIC_COLOR) {
                slot = pipe_color_slot(d, slot);
                mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
            }
            interp_slot(t, k, slot, mode, o);
        }
        }
    }
}

/* Fixed-function fragment colour: the primary colour, plus the secondary's
 * RGB when colour sum applies (clamped). */
static void fixed_color(pipe_draw *d, const tri_setup *t, const weights *w, pipe_frag *f)
{
    int mode = d->s->flat ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
    interp_slot(t, w, pipe_color_slot(d, VARY_COLOR0), mode, f->color);
    if (d->color_sum) {
        float sec[4];
        interp_slot(t, w, pipe_color_slot(d, VARY_COLOR1), mode, sec);
        for (int c = 0; c < 3; c++) {
            float v = f->color[c] + sec[c];
            f->color[c] = v > 1.0f ? 1.0f : v;
        }
    }
}

/* Index of the lowest set bit of a non-zero mask. */
static uint32_t first_bit(uint32_t m)
{
    uint32_t i = 0;
    while (!((m >> i) & 1))
        i++;
    return i;
}

/* One lane: pixel (x, y) covering the samples in mask, run for sample smp
 * (-1: for the pixel). */
static void emit_lane(pipe_draw *d, const tri_setup *t, int64_t x, int64_t y, uint32_t mask,
                      int smp)
{
    pipe_frag *f = &d->frags[d->num_frags];
    f->x = (int32_t)x, f->y = (int32_t)y;
    f->mask = f->mask_in = mask;
    f->covered = mask != 0;
    f->front = d->front;
    f->sample = (int8_t)smp;
    /* where the inputs are taken: the centre, or the lane's sample */
    double lx = (double)x + (smp >= 0 ? d->sample_x[smp] : 0.5);
    double ly = (double)y + (smp >= 0 ? d->sample_y[smp] : 0.5);
    /* the centroid: the centre when every sample is covered, else the
     * first covered sample */
    double cx = lx, cy = ly;
    if (smp < 0 && d->ms && mask && mask != d->full_mask) {
        uint32_t c = first_bit(mask);
        cx = (double)x + d->sample_x[c], cy = (double)y + d->sample_y[c];
    }
    float *in = d->fp ? d->inputs + (size_t)4 * d->fp->num_inputs * d->num_frags : NULL;
    if (t->planes) {
        pipe_tri_lane(d, t->planes, f, lx, ly, cx, cy, in);
        d->num_frags++;
        return;
    }
    weights w, wcentroid;
    const weights *wc = &w;
    t->weigh(t, lx, ly, &w);
    if (cx != lx || cy != ly) {
        t->weigh(t, cx, cy, &wcentroid);
        wc = &wcentroid;
    }
    f->z = (float)interp_z(t, &w);
    if (d->ms && smp < 0) {
        for (uint32_t k = 0; k < d->samples; k++) {
            weights ws;
            t->weigh(t, (double)x + d->sample_x[k], (double)y + d->sample_y[k], &ws);
            f->zs[k] = (float)interp_z(t, &ws);
        }
    } else {
        for (uint32_t k = 0; k < d->samples; k++)
            f->zs[k] = f->z;
    }
    f->fog = 0;
    if (d->fog_mode >= 0) { /* only fog reads it */
        float fogv[4];
        interp_slot(t, &w, VARY_FOG, TGSI_INTERPOLATE_PERSPECTIVE, fogv);
        f->fog = fogv[0];
    }
    if (in)
        frag_inputs(d, t, &w, wc, f, lx, ly, in);
    else
        fixed_color(d, t, &w, f);
    d->num_frags++;
}

/* Adds the quad at (qx, qy) whose pixels cover mask[l]: one quad, or
 * run per sample, one quad for each sample index some lane covers. */
static bool emit_quad(pipe_draw *d, const tri_setup *t, int64_t qx, int64_t qy,
                      const uint32_t mask[4])
{
    if (!pipe_raster_batch(d))
        return false;
    uint32_t runs = d->per_sample ? d->samples : 1;
    for (uint32_t r = 0; r < runs; r++) {
        uint32_t bits = d->per_sample ? 1u << r : d->full_mask;
        if (!((mask[0] | mask[1] | mask[2] | mask[3]) & bits))
            continue;
        if ((d->num_frags + 4 > d->cap_frags || d->span_batch) && !pipe_raster_flush(d))
            return false;
        for (int l = 0; l < 4; l++)
            emit_lane(d, t, qx + (l & 1), qy + (l >> 1), mask[l] & bits,
                      d->per_sample ? (int)r : -1);
    }
    return true;
}

/* Emits the quads holding the covered pixels of a rectangle of candidate
 * pixels [x0, x1) x [y0, y1), within the drawable rectangle. */
static bool emit_area(pipe_draw *d, const tri_setup *t, int64_t x0, int64_t y0, int64_t x1,
                      int64_t y1)
{
    if (!pipe_clip_quads(d, &x0, &y0, &x1, &y1))
        return true;
    uint32_t smask = d->ms && d->s->sample_mask_enabled ? d->s->sample_mask : ~0u;
    for (int64_t qy = y0; qy < y1; qy += 2)
        for (int64_t qx = x0; qx < x1 && pipe_band_row(d, qy); qx += 2) {
            uint32_t m[4], any = 0;
            for (int l = 0; l < 4; l++) {
                int64_t px = qx + (l & 1), py = qy + (l >> 1);
                bool in = px >= d->clip_x0 && px < d->clip_x1 && py >= d->clip_y0 &&
                          py < d->clip_y1;
                /* SAMPLE_MASK (GL 4.1.3) takes samples away here, before
                 * anything runs for them */
                m[l] = in ? t->cover(d, t, px, py) & smask : 0;
                any |= m[l];
            }
            if (any && !emit_quad(d, t, qx, qy, m))
                return false;
        }
    return true;
}

/* ---- Triangles ------------------------------------------------------------------ */

static bool tri_inside(const tri_setup *t, int64_t cx, int64_t cy)
{
    for (int i = 0; i < 3; i++) {
        int64_t e = edge_fn(t->p[(i + 1) % 3], t->p[(i + 2) % 3], cx, cy);
        if (!(e > 0 || (e == 0 && t->tie[i])))
            return false;
    }
    return true;
}

static uint32_t tri_cover(const pipe_draw *d, const tri_setup *t, int64_t px, int64_t py)
{
    if (!d->ms)
        return tri_inside(t, px * SUBPIXEL + SUBPIXEL / 2, py * SUBPIXEL + SUBPIXEL / 2)
                   ? d->full_mask : 0;
    uint32_t m = 0;
    for (uint32_t k = 0; k < d->samples; k++)
        if (tri_inside(t, px * SUBPIXEL + d->sample_fx[k], py * SUBPIXEL + d->sample_fy[k]))
            m |= 1u << k;
    return m;
}

bool pipe_raster_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                          const pipe_wvertex *v2, const pipe_vertex *provoking)
{
    if (d->failed)
        return false;
    if (d->bands)
        return pipe_bands_triangle(d, v0, v1, v2, provoking);
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = v0, t.v[1] = v1, t.v[2] = v2;
    t.provoking = provoking;
    t.cover = tri_cover;
    for (int i = 0; i < 3; i++) {
        /* clipped positions lie within the (limited) viewport; anything
         * else is not a number the grid holds */
        if (!(fabs(t.v[i]->x) < 1e6 && fabs(t.v[i]->y) < 1e6))
            return true;
        t.p[i].x = llround(t.v[i]->x * SUBPIXEL);
        t.p[i].y = llround(t.v[i]->y * SUBPIXEL);
    }
    int64_t area2 = edge_fn(t.p[0], t.p[1], t.p[2].x, t.p[2].y);
    if (area2 == 0)
        return true;   /* zero area: no fragments */
    if (area2 < 0) {   /* make it counter-clockwise */
        const pipe_wvertex *tv = t.v[1];
        t.v[1] = t.v[2], t.v[2] = tv;
        fixed_pt tp = t.p[1];
        t.p[1] = t.p[2], t.p[2] = tp;
    }
    /* the planes through the unsnapped window positions (the grid decides
     * coverage only), in the final vertex order */
    double area = (t.v[1]->x - t.v[0]->x) * (t.v[2]->y - t.v[0]->y) -
                  (t.v[1]->y - t.v[0]->y) * (t.v[2]->x - t.v[0]->x);
    if (!pipe_raster_batch(d))
        return false;
    pipe_tri_setup(d, d->planes, t.v, provoking, area != 0 && isfinite(area) ? 1.0 / area : 0);
    t.planes = d->planes;
    int64_t minx = t.p[0].x, maxx = minx, miny = t.p[0].y, maxy = miny;
    for (int i = 1; i < 3; i++) {
        minx = t.p[i].x < minx ? t.p[i].x : minx;
        maxx = t.p[i].x > maxx ? t.p[i].x : maxx;
        miny = t.p[i].y < miny ? t.p[i].y : miny;
        maxy = t.p[i].y > maxy ? t.p[i].y : maxy;
    }
    for (int i = 0; i < 3; i++)
        t.tie[i] = tie_inside(t.p[(i + 1) % 3], t.p[(i + 2) % 3]);
    /* pixels whose samples may be inside */
    int64_t x0 = minx >> SUBPIXEL_BITS, y0 = miny >> SUBPIXEL_BITS;
    int64_t x1 = (maxx >> SUBPIXEL_BITS) + 1, y1 = (maxy >> SUBPIXEL_BITS) + 1;
    if (pipe_tri_fast_case(d)) {
        int64_t px[3] = {t.p[0].x, t.p[1].x, t.p[2].x}, py[3] = {t.p[0].y, t.p[1].y, t.p[2].y};
        return pipe_tri_fast(d, d->planes, px, py, t.tie, x0, y0, x1, y1);
    }
    return emit_area(d, &t, x0, y0, x1, y1);
}

/* ---- Points and lines -------------------------------------------------------- */

/* Every fragment of a point takes the vertex's values. */
static void point_weights(const tri_setup *t, double px, double py, weights *w)
{
    (void)t, (void)px, (void)py;
    w->b[0] = w->pb[0] = 1.0;
    w->b[1] = w->b[2] = w->pb[1] = w->pb[2] = 0.0;
}

/* A point's region: a square [cx - half, cx + half) on both axes, or (a
 * multisample point without sprites) the disc of radius half. */
typedef struct point_cov {
    double cx, cy, half;
    bool disc;
} point_cov;

static bool in_point(const point_cov *q, double x, double y)
{
    if (q->disc)
        return (x - q->cx) * (x - q->cx) + (y - q->cy) * (y - q->cy) < q->half * q->half;
    return x >= q->cx - q->half && x < q->cx + q->half && y >= q->cy - q->half &&
           y < q->cy + q->half;
}

static uint32_t point_cover(const pipe_draw *d, const tri_setup *t, int64_t px, int64_t py)
{
    const point_cov *q = t->ctx;
    if (!d->ms)
        return in_point(q, (double)px + 0.5, (double)py + 0.5) ? d->full_mask : 0;
    uint32_t m = 0;
    for (uint32_t k = 0; k < d->samples; k++)
        if (in_point(q, (double)px + d->sample_x[k], (double)py + d->sample_y[k]))
            m |= 1u << k;
    return m;
}

bool pipe_raster_point(pipe_draw *d, const pipe_wvertex *v, double size)
{
    if (d->failed || !pipe_bands_finish(d))
        return false;
    if (!(fabs(v->x) < 1e6 && fabs(v->y) < 1e6))
        return true;
    point_cov q;
    if (!d->s->point_sprite && !d->ms) {
        /* GL 3.4.1 (non-antialiased points): the size rounded to an
         * integer w >= 1; the fragments are the w x w square centred on the
         * pixel centre nearest (x_w, y_w) for odd w, on the nearest pixel
         * corner for even w */
        double wdt = floor(size + 0.5);
        wdt = wdt < 1 ? 1 : wdt;
        q.half = wdt / 2;
        if ((int64_t)wdt % 2) {
            q.cx = floor(v->x) + 0.5, q.cy = floor(v->y) + 0.5;
        } else {
            q.cx = floor(v->x + 0.5), q.cy = floor(v->y + 0.5);
        }
        q.disc = false;
    } else {
        /* point sprites: the square of side `size` centred at (x_w, y_w),
         * the pixels (samples) whose centres are inside; multisample
         * points without sprites: the disc of diameter `size` (GL 3.4.3) */
        q.cx = v->x, q.cy = v->y, q.half = size / 2;
        q.disc = !d->s->point_sprite;
    }
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = t.v[1] = t.v[2] = v;
    t.provoking = v->attr;
    t.weigh = point_weights;
    t.cover = point_cover;
    t.ctx = &q;
    t.point = true;
    t.point_size = size;
    return emit_area(d, &t, (int64_t)floor(q.cx - q.half), (int64_t)floor(q.cy - q.half),
                     (int64_t)ceil(q.cx + q.half) + 1, (int64_t)ceil(q.cy + q.half) + 1);
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

/* A line's fragments.  Width 1: GL 3.5.1's diamond-exit rule, a fragment
 * wherever the segment meets the pixel's diamond |x - x_f| + |y - y_f| <
 * 1/2 unless the end point lies in it, the end points perturbed by
 * -(eps, eps^2) so that none lies on a diamond's edge.  Wider lines, for
 * x-major lines (y-major with the axes swapped): the columns whose centres
 * lie in [x_a, x_b) along the direction of travel (the end point's column
 * is left to the next segment, as the diamond-exit rule leaves it), and in
 * each column the w rows centred on the line's y at the column centre
 * (decision Pipeline 9).  Multisample lines: the
 * samples inside the rectangle of the line's width along the segment
 * (GL 3.5.4).  Stipple (GL 3.5.2): column k of the segment is drawn when
 * bit ((s + k) / factor) mod 16 of the pattern is set, s counting the
 * columns of the earlier segments of a strip. */
typedef struct line_cov {
    bool x_major;
    double ax, ay, bx, by, width;    /* width rounded (single-sample rule) */
    double len, half;                /* multisample rectangle */
    bool stipple;
    uint16_t pattern;
    uint32_t factor, base;
    bool diamond;                    /* width 1: the diamond-exit rule */
    double pax, pay, pbx, pby;       /* its perturbed end points */
    int64_t first_col;               /* the column of its first fragment */
} line_cov;

/* GL's "tiny amount": far below any coordinate difference that matters,
 * far above the rounding of window coordinates of the limited viewport */
#define DIAMOND_EPS (1.0 / 65536.0)

/* Does the segment meet the open diamond of pixel (x, y) without ending in
 * it?  In u = x + y, v = x - y about the centre the diamond is the open
 * square |u|, |v| < 1/2: clip the segment's parameter range against it. */
static bool diamond_exit(const line_cov *c, int64_t x, int64_t y)
{
    double cx = (double)x + 0.5, cy = (double)y + 0.5;
    double ax = c->pax - cx, ay = c->pay - cy, bx = c->pbx - cx, by = c->pby - cy;
    double a[2] = {ax + ay, ax - ay}, b[2] = {bx + by, bx - by};
    if (fabs(b[0]) < 0.5 && fabs(b[1]) < 0.5)
        return false;   /* the end point is inside: left to the next segment */
    double lo = -INFINITY, hi = INFINITY;
    for (int k = 0; k < 2; k++) {
        double p = b[k] - a[k];
        if (p == 0) {
            if (!(fabs(a[k]) < 0.5))
                return false;
            continue;
        }
        double t0 = (-0.5 - a[k]) / p, t1 = (0.5 - a[k]) / p;
        if (t0 > t1) {
            double t = t0;
            t0 = t1, t1 = t;
        }
        lo = t0 > lo ? t0 : lo;
        hi = t1 < hi ? t1 : hi;
    }
    /* the open interval (lo, hi) meets [0, 1] */
    return lo < hi && lo < 1 && hi > 0;
}

/* Any fragment of the diamond rule in column (major coordinate) col:
 * the rows next to the line there. */
static bool diamond_column(const line_cov *c, int64_t col)
{
    double ua = c->x_major ? c->pax : c->pay, ub = c->x_major ? c->pbx : c->pby;
    double va = c->x_major ? c->pay : c->pax, vb = c->x_major ? c->pby : c->pbx;
    double v = va + ((double)col + 0.5 - ua) * (vb - va) / (ub - ua);
    for (int64_t r = (int64_t)floor(v) - 1; r <= (int64_t)floor(v) + 1; r++)
        if (c->x_major ? diamond_exit(c, col, r) : diamond_exit(c, r, col))
            return true;
    return false;
}

static double major(const line_cov *c, double x, double y)
{
    return c->x_major ? x : y;
}

/* The column k of the segment holding major coordinate u (a centre). */
static int64_t line_column(const line_cov *c, double u)
{
    if (c->diamond) {
        double ua = major(c, c->ax, c->ay), ub = major(c, c->bx, c->by);
        int64_t col = (int64_t)floor(u);
        return ua < ub ? col - c->first_col : c->first_col - col;
    }
    double ua = major(c, c->ax, c->ay), ub = major(c, c->bx, c->by);
    double first = ua < ub ? ceil(ua - 0.5) + 0.5 : floor(ua - 0.5) + 0.5;
    return (int64_t)floor(fabs(u - first) + 0.5);
}

static int64_t line_columns(const line_cov *c)
{
    if (c->diamond) {
        /* one fragment per column: count the columns that have one */
        double ua = major(c, c->pax, c->pay), ub = major(c, c->pbx, c->pby);
        int64_t n = 0;
        for (int64_t col = (int64_t)floor(fmin(ua, ub)) - 1; col <= (int64_t)floor(fmax(ua, ub)) + 1;
             col++)
            n += diamond_column(c, col);
        return n;
    }
    double ua = major(c, c->ax, c->ay), ub = major(c, c->bx, c->by);
    return ua < ub ? (int64_t)(ceil(ub - 0.5) - ceil(ua - 0.5))
                   : (int64_t)(floor(ua - 0.5) - floor(ub - 0.5));
}

static bool stipple_on(const line_cov *c, int64_t k)
{
    if (!c->stipple)
        return true;
    uint64_t s = ((uint64_t)c->base + (uint64_t)(k < 0 ? 0 : k)) / c->factor;
    return (c->pattern >> (s % 16)) & 1;
}

static bool in_line(const line_cov *c, int64_t x, int64_t y)
{
    /* major axis u, minor axis v */
    double u = (double)(c->x_major ? x : y) + 0.5, v = (double)(c->x_major ? y : x);
    if (c->diamond)
        return diamond_exit(c, x, y) && stipple_on(c, line_column(c, u));
    double ua = major(c, c->ax, c->ay), ub = major(c, c->bx, c->by);
    double va = c->x_major ? c->ay : c->ax, vb = c->x_major ? c->by : c->bx;
    bool in_span = ua < ub ? (u >= ua && u < ub) : (u <= ua && u > ub);
    if (!in_span || !stipple_on(c, line_column(c, u)))
        return false;
    double vline = va + (u - ua) * (vb - va) / (ub - ua);
    double lo = floor(vline - (c->width - 1) / 2);
    return v >= lo && v < lo + c->width;
}

static uint32_t line_cover(const pipe_draw *d, const tri_setup *t, int64_t px, int64_t py)
{
    const line_cov *c = t->ctx;
    if (!d->ms)
        return in_line(c, px, py) ? d->full_mask : 0;
    if (!stipple_on(c, line_column(c, major(c, (double)px + 0.5, (double)py + 0.5))))
        return 0;
    uint32_t m = 0;
    double dx = (c->bx - c->ax) / c->len, dy = (c->by - c->ay) / c->len;
    for (uint32_t k = 0; k < d->samples; k++) {
        double rx = (double)px + d->sample_x[k] - c->ax, ry = (double)py + d->sample_y[k] - c->ay;
        double along = rx * dx + ry * dy, across = rx * dy - ry * dx;
        if (along >= 0 && along < c->len && across >= -c->half && across < c->half)
            m |= 1u << k;
    }
    return m;
}

bool pipe_raster_line(pipe_draw *d, const pipe_wvertex *a, const pipe_wvertex *b,
                      const pipe_vertex *provoking, double width)
{
    if (d->failed || !pipe_bands_finish(d))
        return false;
    if (!(fabs(a->x) < 1e6 && fabs(a->y) < 1e6 && fabs(b->x) < 1e6 && fabs(b->y) < 1e6))
        return true;
    if (a->x == b->x && a->y == b->y)
        return true;   /* a zero-length segment exits no diamond */
    line_cov c;
    memset(&c, 0, sizeof c);
    c.x_major = fabs(b->x - a->x) >= fabs(b->y - a->y);
    c.ax = a->x, c.ay = a->y, c.bx = b->x, c.by = b->y;
    c.width = floor(width + 0.5);
    c.width = c.width < 1 ? 1 : c.width;
    c.len = hypot(b->x - a->x, b->y - a->y);
    c.half = width / 2;
    c.stipple = d->s->line_stipple;
    c.pattern = d->s->line_stipple_pattern;
    c.factor = d->s->line_stipple_factor < 1 ? 1 : d->s->line_stipple_factor > 256 ? 256
                                                 : d->s->line_stipple_factor;
    c.base = d->stipple_count;
    c.diamond = c.width == 1;
    c.pax = a->x - DIAMOND_EPS, c.pay = a->y - DIAMOND_EPS * DIAMOND_EPS;
    c.pbx = b->x - DIAMOND_EPS, c.pby = b->y - DIAMOND_EPS * DIAMOND_EPS;
    if (c.diamond) {
        /* the first column with a fragment, from the start point's on */
        double ua = major(&c, c.pax, c.pay), ub = major(&c, c.pbx, c.pby);
        int64_t step = ua < ub ? 1 : -1, col = (int64_t)floor(ua) - step;
        int64_t end = (int64_t)floor(ub) + step;
        for (; col != end + step && !diamond_column(&c, col); col += step)
            ;
        c.first_col = col;
    }
    tri_setup t;
    memset(&t, 0, sizeof t);
    t.v[0] = a, t.v[1] = t.v[2] = b;
    t.provoking = provoking;
    t.weigh = line_weights;
    t.cover = line_cover;
    t.ctx = &c;
    t.line_dx = b->x - a->x, t.line_dy = b->y - a->y;
    t.line_len2 = t.line_dx * t.line_dx + t.line_dy * t.line_dy;
    double m = width / 2 + 1;
    bool ok = emit_area(d, &t, (int64_t)floor(fmin(a->x, b->x) - m),
                        (int64_t)floor(fmin(a->y, b->y) - m), (int64_t)ceil(fmax(a->x, b->x) + m),
                        (int64_t)ceil(fmax(a->y, b->y) + m));
    d->stipple_count += (uint32_t)line_columns(&c);
    return ok;
}

/* ---- Running the fragment program ------------------------------------------------ */

static int written_output(const pipe_program *p, unsigned semantic, unsigned index)
{
    int o = pipe_program_output(p, semantic, index);
    return o >= 0 && pipe_machine_written(p->machine, (uint32_t)o) ? o : -1;
}

/* The system values of lane i: its sample number and position (a lane for
 * the pixel is sample 0 at the centre), the samples it covers (bit 0: the
 * centre, without multisample buffers; NV_gpu_program5 fragment.samplemask;
 * ARB_post_depth_coverage) and its facing. */
static void frag_sysvals(pipe_draw *d, uint32_t i)
{
    const pipe_frag *f = &d->frags[i];
    const pipe_program *fp = d->fp;
    for (uint32_t k = 0; k < fp->num_sysvals; k++) {
        const pipe_io *io = &fp->sysvals[k];
        float v[4] = {0, 0, 0, 0};
        uint32_t u[4] = {0, 0, 0, 0};
        bool is_float = true;
        switch (io->semantic) {
        case TGSI_SEMANTIC_SAMPLEID:
            u[0] = f->sample > 0 ? (uint32_t)f->sample : 0;
            is_float = false;
            break;
        case TGSI_SEMANTIC_SAMPLEPOS:
            v[0] = f->sample >= 0 ? (float)d->sample_x[f->sample] : 0.5f;
            v[1] = f->sample >= 0 ? (float)d->sample_y[f->sample] : 0.5f;
            break;
        case TGSI_SEMANTIC_SAMPLEMASK: {
            /* the primitive's coverage; after the early tests with
             * ARB_post_depth_coverage */
            uint32_t m = fp->post_depth_coverage ? f->mask : f->mask_in;
            u[0] = d->samples > 1 ? m : m & 1;
            is_float = false;
            break;
        }
        case TGSI_SEMANTIC_FACE:
            v[0] = v[1] = v[2] = v[3] = f->front ? 1.0f : -1.0f;
            break;
        default:
            continue;
        }
        if (is_float)
            memcpy(u, v, sizeof u);
        pipe_machine_sysval(fp->machine, i, io->semantic, io->semantic_index, u);
    }
}

/* For IPAC / IPAS / IPAO: where lane i's inputs were taken (the centre,
 * or its sample) and its centroid (the rule of frag_inputs, from the
 * primitive's coverage). */
static void frag_interp_location(pipe_draw *d, uint32_t i)
{
    const pipe_frag *f = &d->frags[i];
    float origin[2] = {0.5f, 0.5f}, centroid[2] = {0.5f, 0.5f};
    if (f->sample >= 0) {
        origin[0] = centroid[0] = (float)d->sample_x[f->sample];
        origin[1] = centroid[1] = (float)d->sample_y[f->sample];
    } else if (f->mask_in && f->mask_in != d->full_mask) {
        uint32_t c = first_bit(f->mask_in);
        centroid[0] = (float)d->sample_x[c], centroid[1] = (float)d->sample_y[c];
    }
    pipe_machine_interp_location(d->fp->machine, i, origin, centroid);
}

/* An output register of the batch: its array, or -1 / NULL. */
typedef struct out_array {
    int index;              /* -1: the program has none */
    const uint32_t *words;  /* NULL: one call per invocation */
    size_t stride;
} out_array;

static out_array out_array_of(const pipe_machine *m, int index)
{
    out_array a = {index, NULL, 0};
    if (index >= 0)
        a.words = pipe_machine_output_array(m, (uint32_t)index, &a.stride);
    return a;
}

/* Invocation i's value of the output (left as it is without one). */
static void out_read(const pipe_machine *m, const out_array *a, uint32_t i, float v[4])
{
    if (a->index < 0)
        return;
    if (a->words)
        memcpy(v, a->words + (size_t)i * a->stride, 4 * sizeof(float));
    else
        pipe_machine_output(m, i, (uint32_t)a->index, v);
}

bool pipe_raster_flush(pipe_draw *d)
{
    if (d->failed || !pipe_bands_finish(d))
        return false;
    uint32_t n = d->num_frags;
    d->num_frags = 0;
    if (n == 0)
        return true;
    if (d->span_batch) {
        d->span_batch = false;
        return pipe_span_flush(d, n);
    }
    pipe_program *fp = d->fp;
    if (!fp) {
        for (uint32_t i = 0; i < n; i++)
            if (d->frags[i].covered) {
                float col[4];
                memcpy(col, d->frags[i].color, sizeof col);
                pipe_frag_write(d, &d->frags[i], d->frags[i].mask, col, NULL, NULL, false);
            }
        return true;
    }
    /* NV_early_fragment_tests: stencil and depth before the program; a
     * fragment none of whose samples pass runs as a helper lane */
    bool early = fp->early_tests;
    for (uint32_t i = 0; early && i < n; i++) {
        pipe_frag *f = &d->frags[i];
        if (f->covered) {
            f->mask = pipe_frag_early(d, f, f->mask);
            f->covered = f->mask != 0;
        }
    }
    pipe_machine *m = fp->machine;
    if (!pipe_program_bind(fp, d->s, n, 1, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    /* the batch is laid out as the executor keeps its inputs: lent as it
     * is when the program's inputs are IN[0 ..] in order */
    bool block = fp->inputs_in_order &&
                 pipe_machine_use_input_block(m, n, fp->num_inputs, d->inputs);
    if (fp->uses_interp && d->ms) {
        float pos[NVGP_PIPE_MAX_SAMPLES][2];
        for (uint32_t k = 0; k < d->samples; k++)
            pos[k][0] = (float)d->sample_x[k], pos[k][1] = (float)d->sample_y[k];
        pipe_machine_sample_positions(m, d->samples, (const float(*)[2])pos);
    }
    for (uint32_t i = 0; i < n; i++) {
        const float *in = d->inputs + (size_t)4 * fp->num_inputs * i;
        for (uint32_t k = 0; k < fp->num_inputs && !block; k++)
            pipe_machine_input(m, i, fp->inputs[k].index, in + 4 * k);
        frag_sysvals(d, i);
        if (fp->uses_interp && d->ms)
            frag_interp_location(d, i);
        if (!d->frags[i].covered)
            pipe_machine_helper(m, i);
    }
    if (!pipe_machine_run(m, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    int color_out = pipe_program_output(fp, TGSI_SEMANTIC_COLOR, 0);
    /* COLOR[1]: ARB_blend_func_extended's second source (result.color[0].secondary) */
    int color1_out = written_output(fp, TGSI_SEMANTIC_COLOR, 1);
    int depth_out = early ? -1 : written_output(fp, TGSI_SEMANTIC_POSITION, 0);
    int mask_out = d->ms ? written_output(fp, TGSI_SEMANTIC_SAMPLEMASK, 0) : -1;
    /* each output of the whole batch at once */
    out_array color_a = out_array_of(m, color_out), color1_a = out_array_of(m, color1_out);
    out_array depth_a = out_array_of(m, depth_out), mask_a = out_array_of(m, mask_out);
    pipe_machine_discarded(m, n, d->discarded);
    /* the common state stores the colour as it is */
    bool plain = mask_out < 0 && pipe_frag_plain(d) && !pipe_debug_general_path;
    for (uint32_t i = 0; i < n; i++) {
        const pipe_frag *f = &d->frags[i];
        if (!f->covered || d->discarded[i])
            continue;
        float color[4] = {0, 0, 0, 0}, color1[4] = {0, 0, 0, 0}, z = f->z;
        out_read(m, &color_a, i, color);
        if (plain) {
            pipe_frag_store(d, f, f->mask, color);
            continue;
        }
        out_read(m, &color1_a, i, color1);
        if (depth_out >= 0) {
            float dv[4];
            out_read(m, &depth_a, i, dv);
            /* result.depth.z, clamped to [0,1] (ARB_fragment_program 3.11.4.4) */
            z = dv[2] > 1.0f ? 1.0f : dv[2] > 0.0f ? dv[2] : 0.0f;
        }
        uint32_t mask = f->mask;
        if (mask_out >= 0) {
            /* result.samplemask.x: the bits of the samples to keep */
            float mv[4];
            uint32_t bits;
            out_read(m, &mask_a, i, mv);
            memcpy(&bits, &mv[0], sizeof bits);
            mask &= bits;
        }
        pipe_frag_write(d, f, mask, color, color1_out >= 0 ? color1 : NULL,
                        depth_out >= 0 ? &z : NULL, early);
    }
    return true;
}
