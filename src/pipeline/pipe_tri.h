/* Triangle interpolation by planes: each value a fragment takes from a
 * triangle (every varying component, window z, 1/w) is set up once per
 * triangle as a plane through its three vertices, so that a fragment costs
 * a multiply and add per value instead of barycentric weights per pixel.
 * The general rasteriser (pipe_raster.c) and the fast path of the common
 * case (pipe_tri.c) evaluate the same planes with the same function, so
 * both give a fragment the same bits. */
#ifndef NVGP_PIPELINE_PIPE_TRI_H
#define NVGP_PIPELINE_PIPE_TRI_H

#include "pipeline/pipe_internal.h"

/* value(x, y) = c + b (y - y0) + a (x - x0), (x0, y0) the triangle's first
 * vertex. */
typedef struct pipe_plane {
    double c, a, b;
} pipe_plane;

/* One interpolated word of a lane's values: screen-linear, or perspective
 * correct (num / q; the linear plane where q is 0, as the weights were). */
typedef struct tri_comp {
    pipe_plane lin, num;
    uint16_t word;
    bool persp;
    bool centroid;     /* taken at the centroid location (CENTROID inputs) */
} tri_comp;

/* Words of the fixed-function lane values (no fragment program): the
 * primary and secondary colours. */
enum { TRI_FIXED_WORDS = 8 };

typedef struct tri_planes {
    double x0, y0;
    pipe_plane z, q;         /* window z; 1/w (screen-linear) */
    tri_comp fog;            /* VARY_FOG.x, perspective: the fog coordinate */
    bool has_fog;
    uint32_t words;          /* floats of one lane's values */
    float konst[4 * 64];     /* the words constant over the triangle */
    tri_comp comp[4 * 64];   /* the screen-linear ones first */
    uint32_t num_comps, num_lin;
    int pos_word;            /* first word of the POSITION input, or -1 */
    bool need_q;             /* some value reads q (perspective, POSITION.w) */
    uint16_t konst_word[4 * 64]; /* the words that are neither comps nor POSITION */
    uint32_t num_konst;
    /* the fast path's c + b dy of each comp's planes on a quad's two rows */
    double row[4 * 64][2], nrow[4 * 64][2];
} tri_planes;

/* Sets up t for the triangle v[0..2] (counter-clockwise, as rasterised);
 * inv_area is 1 / its doubled signed area (0: degenerate). */
void pipe_tri_setup(const pipe_draw *d, tri_planes *t, const pipe_wvertex *const v[3],
                    const pipe_vertex *provoking, double inv_area);
/* Fills lane f's z, per-sample z, fog and values (the fragment program's
 * inputs at in, or the fixed-function colour) for a lane whose values are
 * taken at (lx, ly) and its CENTROID inputs at (cx, cy).  f's sample
 * field must be set. */
void pipe_tri_lane(const pipe_draw *d, const tri_planes *t, pipe_frag *f, double lx, double ly,
                   double cx, double cy, float *in);

/* fragment.position of a lane whose values are taken at (lx, ly): by the
 * program's origin and centre conventions, window z, 1/w. */
static inline void pipe_tri_position(const pipe_draw *d, float o[4], double lx, double ly, float z,
                                     double q)
{
    const pipe_program *fp = d->fp;
    double px = lx, py = ly;
    if (fp->origin_upper_left)
        py = (double)d->fb->height - py;
    if (fp->center_integer)
        px -= 0.5, py -= 0.5;
    o[0] = (float)px, o[1] = (float)py, o[2] = z, o[3] = (float)q;
}

/* The fast path's case: single-sample rasterisation (one sample, or
 * MULTISAMPLE off) with a fragment program run per pixel. */
bool pipe_tri_fast_case(const pipe_draw *d);
/* Emits the quads of the triangle with fixed-point vertices p[] (x, y in
 * 1/256 pixel, counter-clockwise) and tie rules tie[] over candidate
 * pixels [x0, x1) x [y0, y1), as the general path would, with edge
 * functions stepped per pixel (t's row caches are its scratch). */
bool pipe_tri_fast(pipe_draw *d, tri_planes *t, const int64_t px[3], const int64_t py[3],
                   const bool tie[3], int64_t x0, int64_t y0, int64_t x1, int64_t y1);

#endif
