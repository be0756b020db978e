/* Filtered texture lookups for a warp: coordinate extraction per target,
 * cube face selection, LOD from derivatives (GL's scale factor rho), mipmap
 * selection, wrap modes (GL's table plus NV_gpu_program4 Table X.19 for the
 * legacy CLAMP modes), nearest/linear filtering, seamless cube edges, depth
 * comparison, gather and the LOD query. */
#include "exec/texture_internal.h"

#include "base/bits.h"

#include <math.h>
#include <string.h>

bool nvgp_tex_fast_paths = true;

typedef struct samp_ctx {
    const nvgp_texture *t;
    const nvgp_tex_sampler *s;
    const nvgp_tex_layout *lay;   /* the instruction's target */
    bool integer;                 /* integer format: never filtered */
    bool compare;                 /* depth comparison against lane_coord.ref */
    bool seamless;                /* seamless cube map filtering */
    bool plain_color;             /* RGBA float texels, identity swizzle: the
                                     filtered value is the result */
    bool plain_2d;                /* and a 2D or RECT lookup of layer 0 with
                                     REPEAT or CLAMP_TO_EDGE: fetch_2d reads
                                     the texels straight (sample_level) */
    uint32_t base, q;             /* level_base and the last level used */
} samp_ctx;

enum { OFFSET_LIMIT = 1 << 20 };

/* One lane's lookup, after coordinate extraction. */
typedef struct lane_coord {
    float s, t, r;       /* normalized (cube: face s, t); RECT: texels */
    uint32_t layer;      /* array layer, cube: first face of the cube */
    uint32_t slice;      /* the layer read: layer + face, within the texture */
    int face;            /* cube face 0..5 (+X -X +Y -Y +Z -Z) */
    float ref;
    int32_t off[3];
} lane_coord;

static inline float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* floor() as an integer, safe for NaN and huge values (without a libm call:
 * this is on the path of every texel). */
static inline int64_t ifloor(float x)
{
    if (!(x == x))
        return 0;
    x = clampf(x, -1073741824.0f, 1073741824.0f);
    int64_t i = (int64_t)x;
    return (float)i > x ? i - 1 : i;
}

/* x - floor(x), in [0, 1); 0 where x has no fraction left (huge, NaN). */
static inline float ffrac(float x, int64_t fl)
{
    float f = x - (float)fl;
    return f >= 0.0f && f < 1.0f ? f : 0.0f;
}

/* ---- Wrap modes --------------------------------------------------------------- */

static inline int64_t imod(int64_t a, int64_t b)
{
    if ((b & (b - 1)) == 0)          /* power of two: a mask, no division */
        return (int64_t)((uint64_t)a & (uint64_t)(b - 1));
    int64_t m = a % b;
    return m < 0 ? m + b : m;
}

static inline int64_t mirror(int64_t a)
{
    return a >= 0 ? a : -(1 + a);
}

static inline int64_t iclamp(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* NV_gpu_program4 Table X.19 (GL 4.x Table 8.20 for the modern modes): the
 * texel index for an integer coordinate; -1 or size means the border. */
static inline int64_t wrap_index(unsigned mode, bool linear, int64_t coord, int64_t size)
{
    switch ((nvgp_tex_wrap)mode) {
    case NVGP_TEX_WRAP_CLAMP_TO_EDGE:
        return iclamp(coord, 0, size - 1);
    case NVGP_TEX_WRAP_CLAMP_TO_BORDER:
        return iclamp(coord, -1, size);
    case NVGP_TEX_WRAP_CLAMP:
        return linear ? iclamp(coord, -1, size) : iclamp(coord, 0, size - 1);
    case NVGP_TEX_WRAP_MIRRORED_REPEAT:
        return (size - 1) - mirror(imod(coord, 2 * size) - size);
    case NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
        return iclamp(mirror(coord), 0, size - 1);
    case NVGP_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
        return iclamp(mirror(coord), 0, size);
    case NVGP_TEX_WRAP_MIRROR_CLAMP:
        return linear ? iclamp(mirror(coord), 0, size) : iclamp(mirror(coord), 0, size - 1);
    case NVGP_TEX_WRAP_REPEAT:
    default:
        return imod(coord, size);
    }
}

/* The coordinate pre-clamp of the legacy modes (NV_gpu_program4 3.8.8). */
static inline float preclamp(unsigned mode, float u, float size)
{
    if (mode == NVGP_TEX_WRAP_CLAMP)
        return clampf(u, 0.0f, size);
    if (mode == NVGP_TEX_WRAP_MIRROR_CLAMP)
        return clampf(u, -size, size);
    return u;
}

/* ---- Cube maps ----------------------------------------------------------------- */

/* Face basis: direction = M + sc * S + tc * T for a point (sc, tc) of the
 * face, from GL's Table 8.19 (the major axis and the sc, tc it gives). */
static const int8_t cube_basis[6][3][3] = {
    { { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } },   /* +X: sc = -rz, tc = -ry */
    { { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },   /* -X: sc = +rz, tc = -ry */
    { { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },     /* +Y: sc = +rx, tc = +rz */
    { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },   /* -Y: sc = +rx, tc = -rz */
    { { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } },    /* +Z: sc = +rx, tc = -ry */
    { { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },  /* -Z: sc = -rx, tc = -ry */
};

static float dot3i(const float v[3], const int8_t b[3])
{
    return v[0] * b[0] + v[1] * b[1] + v[2] * b[2];
}

/* The face a direction selects: the largest magnitude, ties to x, then y. */
static int cube_face(const float d[3])
{
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    if (ax >= ay && ax >= az)
        return d[0] >= 0 ? 0 : 1;
    if (ay >= az)
        return d[1] >= 0 ? 2 : 3;
    return d[2] >= 0 ? 4 : 5;
}

/* s, t of direction d on face f: s = (sc / |ma| + 1) / 2. */
static void cube_project(const float d[3], int f, float *s, float *t)
{
    float ma = fabsf(dot3i(d, cube_basis[f][0]));
    *s = 0.5f * (dot3i(d, cube_basis[f][1]) / ma + 1.0f);
    *t = 0.5f * (dot3i(d, cube_basis[f][2]) / ma + 1.0f);
}

/* ---- Texels ------------------------------------------------------------------------ */

static float compare(unsigned func, float ref, float d)
{
    bool r;
    switch ((nvgp_tex_compare)func) {
    case NVGP_TEX_COMPARE_NEVER: r = false; break;
    case NVGP_TEX_COMPARE_LESS: r = ref < d; break;
    case NVGP_TEX_COMPARE_EQUAL: r = ref == d; break;
    case NVGP_TEX_COMPARE_LEQUAL: r = ref <= d; break;
    case NVGP_TEX_COMPARE_GREATER: r = ref > d; break;
    case NVGP_TEX_COMPARE_NOTEQUAL: r = ref != d; break;
    case NVGP_TEX_COMPARE_GEQUAL: r = ref >= d; break;
    default: r = true; break;
    }
    return r ? 1.0f : 0.0f;
}

static bool fixed_point(const nvgp_texture *t)
{
    unsigned f = t->desc.format;
    return f == NVGP_TEX_FORMAT_RGBA8 || t->fixed_depth;
}

/* Raw words of texel (i, j, k) or, outside the level, of the border colour. */
static void texel_words(const samp_ctx *c, const tex_level *lv, uint32_t layer,
                        int64_t i, int64_t j, int64_t k, uint32_t w[4])
{
    if (i < 0 || i >= lv->w || j < 0 || j >= lv->h || k < 0 || k >= lv->d) {
        memcpy(w, c->s->border, 4 * sizeof(uint32_t));
        /* A fixed-point format holds the border colour clamped to [0, 1]. */
        if (fixed_point(c->t))
            for (int n = 0; n < 4; n++)
                w[n] = f2u_bits(clampf(u2f_bits(w[n]), 0.0f, 1.0f));
        return;
    }
    if (layer >= c->t->layers)
        layer = c->t->layers - 1;
    memcpy(w, nvgp_tex_texel(c->t, lv, (uint32_t)i, (uint32_t)j, (uint32_t)k, layer, 0),
           4 * sizeof(uint32_t));
}

static void texel_plain(const samp_ctx *c, const tex_level *lv, const lane_coord *lc,
                        uint32_t layer, int64_t i, int64_t j, int64_t k, float v[4])
{
    uint32_t w[4];
    texel_words(c, lv, layer, i, j, k, w);
    for (int n = 0; n < 4; n++)
        v[n] = u2f_bits(w[n]);
    if (c->compare) {
        float ref = lc->ref;
        if (c->t->fixed_depth)
            ref = clampf(ref, 0.0f, 1.0f);
        v[0] = compare(c->s->compare_func, ref, v[0]);
    }
}

/* A texel one step outside face lc->face, read from the neighbouring face:
 * the texel centre is extended onto the face's plane and projected again. */
static void texel_neighbour(const samp_ctx *c, const tex_level *lv, const lane_coord *lc,
                            int64_t i, int64_t j, float v[4])
{
    float n = (float)lv->w;
    float sc = ((float)i + 0.5f) / n * 2.0f - 1.0f;
    float tc = ((float)j + 0.5f) / n * 2.0f - 1.0f;
    const int8_t (*b)[3] = cube_basis[lc->face];
    float d[3];
    for (int a = 0; a < 3; a++)
        d[a] = b[0][a] + sc * b[1][a] + tc * b[2][a];
    int f = cube_face(d);
    float s, t;
    cube_project(d, f, &s, &t);
    int64_t ii = iclamp(ifloor(s * n), 0, lv->w - 1);
    int64_t jj = iclamp(ifloor(t * n), 0, lv->h - 1);
    texel_plain(c, lv, lc, lc->layer + (uint32_t)f, ii, jj, 0, v);
}

/* Texel (i, j, k) as filtering sees it: compared when shadow; for seamless
 * cube maps, taken from the neighbouring face outside the face, and at a
 * corner the average of the three texels that meet there (GL 4.x 8.13). */
static void texel_value_slow(const samp_ctx *c, const tex_level *lv, const lane_coord *lc,
                             int64_t i, int64_t j, int64_t k, float v[4]);

static inline void texel_value(const samp_ctx *c, const tex_level *lv, const lane_coord *lc,
                               int64_t i, int64_t j, int64_t k, float v[4])
{
    /* The common case first: a texel inside the level, no comparison. */
    if (!c->compare && (uint64_t)i < lv->w && (uint64_t)j < lv->h && (uint64_t)k < lv->d) {
        memcpy(v, nvgp_tex_texel(c->t, lv, (uint32_t)i, (uint32_t)j, (uint32_t)k, lc->slice, 0),
               4 * sizeof(float));
        return;
    }
    texel_value_slow(c, lv, lc, i, j, k, v);
}

static void texel_value_slow(const samp_ctx *c, const tex_level *lv, const lane_coord *lc,
                             int64_t i, int64_t j, int64_t k, float v[4])
{
    if (c->seamless) {
        bool iout = i < 0 || i >= lv->w, jout = j < 0 || j >= lv->h;
        if (iout && jout) {
            int64_t ci = iclamp(i, 0, lv->w - 1), cj = iclamp(j, 0, lv->h - 1);
            float a[4], b[4], e[4];
            texel_plain(c, lv, lc, lc->layer + (uint32_t)lc->face, ci, cj, 0, a);
            texel_neighbour(c, lv, lc, i, cj, b);
            texel_neighbour(c, lv, lc, ci, j, e);
            for (int n = 0; n < 4; n++)
                v[n] = (a[n] + b[n] + e[n]) / 3.0f;
            return;
        }
        if (iout || jout) {
            texel_neighbour(c, lv, lc, i, j, v);
            return;
        }
    }
    texel_plain(c, lv, lc, lc->slice, i, j, k, v);
}

/* Texel-space coordinate along axis a of level lv, offset and pre-clamped. */
static inline float texel_coord(const samp_ctx *c, const tex_level *lv, const lane_coord *lc, int a)
{
    float size = (float)(a == 0 ? lv->w : a == 1 ? lv->h : lv->d);
    float x = a == 0 ? lc->s : a == 1 ? lc->t : lc->r;
    float u = (c->lay->rect ? x : x * size) + (float)lc->off[a];
    return c->seamless ? u : preclamp(c->s->wrap[a], u, size);
}

static inline int64_t level_size(const tex_level *lv, int a)
{
    return a == 0 ? lv->w : a == 1 ? lv->h : lv->d;
}

/* Axes the lookup addresses: cube faces and arrays are 2-D images. */
static inline int lookup_dims(const samp_ctx *c)
{
    return c->lay->cube ? 2 : c->lay->dims;
}

/* Nearest or bilinear lookup at texel-space (u, v) of layer 0 of a level
 * with REPEAT or CLAMP_TO_EDGE (every index inside the level, no pre-clamp):
 * what sample_level's general path computes for such a lookup, in the same
 * order, with the texel words read straight. */
static inline void fetch_2d(const nvgp_tex_sampler *s, const tex_level *lv, float u, float v,
                            bool linear, float acc[4])
{
    int64_t w = lv->w, h = lv->h;
    const uint32_t *words = lv->words;
    if (!linear) {
        int64_t i = wrap_index(s->wrap[0], false, ifloor(u), w);
        int64_t j = wrap_index(s->wrap[1], false, ifloor(v), h);
        memcpy(acc, words + 4 * (j * w + i), 4 * sizeof(float));
        return;
    }
    int64_t fi = ifloor(u - 0.5f), fj = ifloor(v - 0.5f);
    float a = ffrac(u - 0.5f, fi), b = ffrac(v - 0.5f, fj);
    int64_t i0 = wrap_index(s->wrap[0], true, fi, w);
    int64_t i1 = wrap_index(s->wrap[0], true, fi + 1, w);
    int64_t j0 = wrap_index(s->wrap[1], true, fj, h);
    int64_t j1 = wrap_index(s->wrap[1], true, fj + 1, h);
    const float wt[4] = { (1.0f - a) * (1.0f - b), a * (1.0f - b), (1.0f - a) * b, a * b };
    for (int m = 0; m < 4; m++)
        acc[m] = 0.0f;
    for (int n = 0; n < 4; n++) {
        if (wt[n] == 0.0f)
            continue;
        float tv[4];
        memcpy(tv, words + 4 * ((n & 2 ? j1 : j0) * w + (n & 1 ? i1 : i0)), sizeof tv);
        for (int m = 0; m < 4; m++)
            acc[m] += wt[n] * tv[m];
    }
}

static void sample_level(const samp_ctx *c, uint32_t level, const lane_coord *lc, bool linear,
                         float out[4])
{
    const tex_level *lv = &c->t->level[level];
    if (c->plain_2d) {
        fetch_2d(c->s, lv, texel_coord(c, lv, lc, 0), texel_coord(c, lv, lc, 1), linear, out);
        return;
    }
    int dims = lookup_dims(c);
    int64_t i0[3] = { 0, 0, 0 }, i1[3] = { 0, 0, 0 };
    float wt[3] = { 0, 0, 0 };
    for (int a = 0; a < dims; a++) {
        float u = texel_coord(c, lv, lc, a);
        int64_t size = level_size(lv, a);
        unsigned mode = c->s->wrap[a];
        if (!linear) {
            int64_t i = ifloor(u);
            i0[a] = c->seamless ? iclamp(i, 0, size - 1) : wrap_index(mode, false, i, size);
            continue;
        }
        int64_t f = ifloor(u - 0.5f);
        wt[a] = ffrac(u - 0.5f, f);
        if (c->seamless) {
            i0[a] = iclamp(f, -1, size);
            i1[a] = iclamp(f + 1, -1, size);
        } else {
            i0[a] = wrap_index(mode, true, f, size);
            i1[a] = wrap_index(mode, true, f + 1, size);
        }
    }
    if (!linear) {
        texel_value(c, lv, lc, i0[0], i0[1], i0[2], out);
        return;
    }
    if (dims == 2) {
        /* Bilinear, the common case, unrolled; same order and weights as
         * the general sum below. */
        float a = wt[0], b = wt[1], w[4] = { (1.0f - a) * (1.0f - b), a * (1.0f - b),
                                             (1.0f - a) * b, a * b };
        float acc[4] = { 0, 0, 0, 0 }, v[4];
        for (int n = 0; n < 4; n++) {
            if (w[n] == 0.0f)
                continue;
            texel_value(c, lv, lc, n & 1 ? i1[0] : i0[0], n & 2 ? i1[1] : i0[1], 0, v);
            for (int m = 0; m < 4; m++)
                acc[m] += w[n] * v[m];
        }
        memcpy(out, acc, sizeof acc);
        return;
    }
    /* Sum of the 2, 4 or 8 texels with weights (1-alpha or alpha) ... */
    float acc[4] = { 0, 0, 0, 0 };
    int corners = 1 << dims;
    for (int n = 0; n < corners; n++) {
        int64_t ijk[3];
        float w = 1.0f;
        for (int a = 0; a < 3; a++) {
            bool hi = a < dims && (n >> a & 1);
            ijk[a] = hi ? i1[a] : i0[a];
            if (a < dims)
                w *= hi ? wt[a] : 1.0f - wt[a];
        }
        if (w == 0.0f)
            continue;
        float v[4];
        texel_value(c, lv, lc, ijk[0], ijk[1], ijk[2], v);
        for (int m = 0; m < 4; m++)
            acc[m] += w * v[m];
    }
    memcpy(out, acc, sizeof acc);
}

/* Integer formats: nearest texel, raw words. */
static void sample_level_int(const samp_ctx *c, uint32_t level, const lane_coord *lc,
                             uint32_t out[4])
{
    const tex_level *lv = &c->t->level[level];
    int dims = lookup_dims(c);
    int64_t i[3] = { 0, 0, 0 };
    for (int a = 0; a < dims; a++) {
        int64_t size = level_size(lv, a);
        int64_t x = ifloor(texel_coord(c, lv, lc, a));
        i[a] = c->seamless ? iclamp(x, 0, size - 1) : wrap_index(c->s->wrap[a], false, x, size);
    }
    texel_words(c, lv, lc->slice, i[0], i[1], i[2], out);
}

/* ---- Coordinates ------------------------------------------------------------------ */

static void init_ctx(samp_ctx *c, const nvgp_texture *t, const nvgp_tex_request *req)
{
    c->t = t;
    c->s = &t->samp;
    c->lay = nvgp_tex_target_layout(req->target);
    c->integer = t->kind == TEX_KIND_UINT || t->kind == TEX_KIND_SINT;
    c->compare = c->lay->shadow || req->has_ref;
    const nvgp_tex_layout *own = nvgp_tex_target_layout(t->desc.target);
    c->seamless = c->lay->cube && own->cube && t->samp.seamless_cube && !c->integer;
    nvgp_tex_level_range(t, &c->base, &c->q);
    static const uint8_t identity[4] = { 0, 1, 2, 3 };
    c->plain_color = t->kind == TEX_KIND_FLOAT && t->components == 4 && !c->compare &&
                     !memcmp(t->samp.swizzle, identity, 4);
    bool modes_ok = true;
    for (int a = 0; a < 2; a++)
        modes_ok &= c->s->wrap[a] == NVGP_TEX_WRAP_REPEAT ||
                    c->s->wrap[a] == NVGP_TEX_WRAP_CLAMP_TO_EDGE;
    c->plain_2d = nvgp_tex_fast_paths && c->plain_color && modes_ok && c->lay->dims == 2 &&
                  !c->lay->cube && c->lay->layer < 0 && c->lay->ref < 0;
}

/* Lanes whose coordinates a lookup reads: the active ones, and the whole
 * quad of each when the LOD comes from quad derivatives. */
static uint32_t needed_lanes(const nvgp_tex_request *req, uint32_t lane_mask, bool lod)
{
    if (!lod || !req->quad_derivatives ||
        (req->lod_mode != NVGP_TEX_LOD_IMPLICIT && req->lod_mode != NVGP_TEX_LOD_BIAS))
        return lane_mask;
    uint32_t need = 0;
    for (unsigned q = 0; q < NVGP_TEX_LANES; q += 4)
        if (lane_mask >> q & 0xfu)
            need |= 0xfu << q;
    return need;
}

/* Coordinates of the lanes in need, with TXP's divide; x[] receives the
 * divided s, t, r for derivative use. */
static void prepare(const samp_ctx *c, const nvgp_tex_request *req, uint32_t need,
                    lane_coord lc[32], float x[3][32])
{
    const nvgp_tex_layout *lay = c->lay;
    for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
        if (!(need >> l & 1))
            continue;
        float v[4];
        for (int a = 0; a < 4; a++)
            v[a] = req->coord[a].f[l];
        float ref = req->has_ref ? req->ref.f[l] : lay->ref >= 0 ? v[lay->ref] : 0.0f;
        if (req->projective) {
            float q = v[3];
            for (int a = 0; a < 3; a++)
                v[a] /= q;
            if (!req->has_ref && lay->ref >= 0 && lay->ref < 3)
                ref = v[lay->ref];
        }
        lane_coord *p = &lc[l];
        p->face = 0;
        p->ref = ref;
        for (int a = 0; a < 3; a++) {
            int32_t o = req->lane_offsets ? req->lane_offset[a].i[l] : req->offset[a];
            /* Offsets beyond the implementation's range are undefined; a
             * bound keeps the arithmetic on them defined. */
            o = o < -OFFSET_LIMIT ? -OFFSET_LIMIT : o > OFFSET_LIMIT ? OFFSET_LIMIT : o;
            p->off[a] = a >= lay->dims || lay->cube ? 0 : o;
        }
        uint32_t layer = 0;
        if (lay->layer >= 0) {
            uint32_t n = lay->cube ? c->t->layers / 6 : c->t->layers;
            if (n == 0)
                n = 1;
            float fl = floorf(v[lay->layer] + 0.5f);
            fl = fl == fl ? clampf(fl, 0.0f, (float)(n - 1)) : 0.0f;
            layer = (uint32_t)fl * (lay->cube ? 6u : 1u);
        }
        p->layer = layer;
        if (lay->cube) {
            p->face = cube_face(v);
            cube_project(v, p->face, &p->s, &p->t);
            p->r = 0.0f;
            p->slice = layer + (uint32_t)p->face;
        } else {
            p->slice = layer;
            p->s = v[0];
            p->t = lay->dims >= 2 ? v[1] : 0.0f;
            p->r = lay->dims >= 3 ? v[2] : 0.0f;
        }
        if (p->slice >= c->t->layers)
            p->slice = c->t->layers - 1;
        for (int a = 0; a < 3; a++)
            x[a][l] = v[a];
    }
}

/* ---- Level of detail ------------------------------------------------------------- */

/* Texel-space scale of each axis at level_base (RECT: already texels). */
static void axis_scale(const samp_ctx *c, float k[3])
{
    const tex_level *lv = &c->t->level[c->base];
    bool unnorm = c->lay->rect;
    k[0] = unnorm ? 1.0f : (float)lv->w;
    k[1] = unnorm ? 1.0f : (float)lv->h;
    k[2] = unnorm ? 1.0f : (float)lv->d;
}

static float lambda_from(const float dx[3], const float dy[3])
{
    float rx = sqrtf(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
    float ry = sqrtf(dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2]);
    return log2f(rx > ry ? rx : ry);
}

/* d(s, t)/d of a cube lookup for a direction change dd at direction d on
 * face f: s = (sc/ma + 1) / 2, so ds = (dsc * ma - sc * dma) / (2 ma^2). */
static void cube_deriv(const float d[3], int f, const float dd[3], float out[2])
{
    float ma = dot3i(d, cube_basis[f][0]), dma = dot3i(dd, cube_basis[f][0]);
    for (int a = 0; a < 2; a++) {
        float sc = dot3i(d, cube_basis[f][1 + a]), dsc = dot3i(dd, cube_basis[f][1 + a]);
        out[a] = (dsc * ma - sc * dma) / (2.0f * ma * ma);
    }
}

/* lambda_base of every lane (before bias and clamps). */
static void lambda_base(const samp_ctx *c, const nvgp_tex_request *req, const lane_coord *lc,
                        float x[3][32], uint32_t lane_mask, float lambda[32])
{
    float k[3];
    axis_scale(c, k);
    int dims = lookup_dims(c);
    switch ((nvgp_tex_lod_mode)req->lod_mode) {
    case NVGP_TEX_LOD_EXPLICIT:
        for (unsigned l = 0; l < NVGP_TEX_LANES; l++)
            lambda[l] = req->lod.f[l];
        return;
    case NVGP_TEX_LOD_ZERO:
        for (unsigned l = 0; l < NVGP_TEX_LANES; l++)
            lambda[l] = 0.0f;
        return;
    case NVGP_TEX_LOD_GRADIENT:
        for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
            if (!(lane_mask >> l & 1))
                continue;
            float dx[3] = { 0, 0, 0 }, dy[3] = { 0, 0, 0 };
            if (c->lay->cube) {
                float d[3] = { x[0][l], x[1][l], x[2][l] };
                float gx[3], gy[3];
                for (int a = 0; a < 3; a++) {
                    gx[a] = req->ddx[a].f[l];
                    gy[a] = req->ddy[a].f[l];
                }
                cube_deriv(d, lc[l].face, gx, dx);
                cube_deriv(d, lc[l].face, gy, dy);
            } else {
                for (int a = 0; a < dims; a++) {
                    dx[a] = req->ddx[a].f[l];
                    dy[a] = req->ddy[a].f[l];
                }
            }
            for (int a = 0; a < 3; a++) {
                dx[a] *= k[a];
                dy[a] *= k[a];
            }
            lambda[l] = lambda_from(dx, dy);
        }
        return;
    case NVGP_TEX_LOD_IMPLICIT:
    case NVGP_TEX_LOD_BIAS:
    default:
        break;
    }
    if (!req->quad_derivatives) {
        /* No derivatives outside fragment programs: the implicit LOD is 0
         * (texture.h), so TXB's bias and the sampler's bias still apply. */
        for (unsigned l = 0; l < NVGP_TEX_LANES; l++)
            lambda[l] = 0.0f;
        return;
    }
    for (unsigned q = 0; q < NVGP_TEX_LANES; q += 4) {
        if (!(lane_mask >> q & 0xfu))
            continue;
        float dx[3] = { 0, 0, 0 }, dy[3] = { 0, 0, 0 };
        if (c->lay->cube) {
            /* All four lanes projected on the face of the quad's first lane. */
            int f = lc[q].face;
            float st[3][2];
            for (int n = 0; n < 3; n++) {
                float d[3] = { x[0][q + n], x[1][q + n], x[2][q + n] };
                cube_project(d, f, &st[n][0], &st[n][1]);
            }
            for (int a = 0; a < 2; a++) {
                dx[a] = st[1][a] - st[0][a];
                dy[a] = st[2][a] - st[0][a];
            }
        } else {
            for (int a = 0; a < dims; a++) {
                dx[a] = x[a][q + 1] - x[a][q];
                dy[a] = x[a][q + 2] - x[a][q];
            }
        }
        for (int a = 0; a < 3; a++) {
            dx[a] *= k[a];
            dy[a] *= k[a];
        }
        float lam = lambda_from(dx, dy);
        for (int n = 0; n < 4; n++)
            lambda[q + n] = lam;
    }
}

/* lambda' = lambda_base + clamp(bias_texobj + bias_shader). */
static float lambda_prime(const samp_ctx *c, const nvgp_tex_request *req, float base,
                          unsigned lane)
{
    float bias = c->s->lod_bias;
    if (req->lod_mode == NVGP_TEX_LOD_BIAS)
        bias += req->lod.f[lane];
    return base + clampf(bias, -NVGP_TEX_MAX_LOD_BIAS, NVGP_TEX_MAX_LOD_BIAS);
}

typedef struct level_pick {
    uint32_t l0, l1;    /* levels; l1 used when blend */
    float frac;         /* weight of l1 */
    bool blend, linear;
} level_pick;

/* GL 4.x 8.14 / 8.14.3: magnification or minification, then the level(s). */
static void pick_levels(const samp_ctx *c, float lambda, level_pick *p)
{
    const nvgp_tex_sampler *s = c->s;
    unsigned mip = s->mip_filter;
    if (c->integer && mip == NVGP_TEX_MIP_LINEAR)
        mip = NVGP_TEX_MIP_NEAREST;
    float cth = s->mag_filter == NVGP_TEX_FILTER_LINEAR &&
                        s->min_filter == NVGP_TEX_FILTER_NEAREST && mip != NVGP_TEX_MIP_NONE
                    ? 0.5f : 0.0f;
    p->blend = false;
    p->frac = 0.0f;
    p->l0 = p->l1 = c->base;
    if (!(lambda > cth)) {
        p->linear = s->mag_filter == NVGP_TEX_FILTER_LINEAR;
    } else {
        p->linear = s->min_filter == NVGP_TEX_FILTER_LINEAR;
        float b = (float)c->base, q = (float)c->q;
        if (mip == NVGP_TEX_MIP_NEAREST) {
            if (lambda <= 0.5f)
                p->l0 = c->base;
            else if (b + lambda <= q + 0.5f)
                p->l0 = c->base + (uint32_t)(ceilf(lambda + 0.5f) - 1.0f);
            else
                p->l0 = c->q;
        } else if (mip == NVGP_TEX_MIP_LINEAR) {
            if (b + lambda >= q) {
                p->l0 = c->q;
            } else {
                float fl = floorf(lambda);
                p->l0 = c->base + (uint32_t)fl;
                p->l1 = p->l0 + 1;
                p->frac = lambda - fl;
                p->blend = true;
            }
        }
    }
    if (c->integer)
        p->linear = false;
}

static void finish_float(const samp_ctx *c, const float v[4], nvgp_tex_lanes out[4], unsigned l)
{
    float col[4];
    if (c->plain_color)
        memcpy(col, v, sizeof col);
    else
        nvgp_tex_source_color_f(c->t, v, col);
    for (int n = 0; n < 4; n++)
        out[n].u[l] = f2u_bits(col[n]);
}

/* The most common lookup in one loop: a 2D or RECT target, RGBA float
 * texels returned as they are, no comparison or projection, one level,
 * REPEAT or CLAMP_TO_EDGE (so every texel index is inside the level).  It
 * computes exactly what the general path does, in the same order. */
static bool sample_2d_fast(const samp_ctx *c, const nvgp_tex_request *req, uint32_t lane_mask,
                           nvgp_tex_lanes out[4])
{
    if (!c->plain_2d || req->projective || req->has_ref || req->lane_offsets)
        return false;
    const tex_level *lv = &c->t->level[c->base];
    float sw = c->lay->rect ? 1.0f : (float)lv->w, sh = c->lay->rect ? 1.0f : (float)lv->h;
    int32_t off[2];
    for (int a = 0; a < 2; a++) {
        int32_t o = req->offset[a];
        off[a] = o < -OFFSET_LIMIT ? -OFFSET_LIMIT : o > OFFSET_LIMIT ? OFFSET_LIMIT : o;
    }
    bool linear = c->s->min_filter == NVGP_TEX_FILTER_LINEAR;
    for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
        if (!(lane_mask >> l & 1))
            continue;
        float acc[4];
        fetch_2d(c->s, lv, req->coord[0].f[l] * sw + (float)off[0],
                 req->coord[1].f[l] * sh + (float)off[1], linear, acc);
        for (int n = 0; n < 4; n++)
            out[n].u[l] = f2u_bits(acc[n]);
    }
    return true;
}

void nvgp_texture_sample(const nvgp_texture *t, const nvgp_tex_request *req,
                         uint32_t lane_mask, nvgp_tex_lanes out[4])
{
    samp_ctx c;
    init_ctx(&c, t, req);
    /* Without mipmaps, and with one filter for both, the LOD changes nothing. */
    bool lod_free = c.s->mip_filter == NVGP_TEX_MIP_NONE &&
                    (c.s->min_filter == c.s->mag_filter || c.integer);
    if (lod_free && sample_2d_fast(&c, req, lane_mask, out))
        return;
    lane_coord lc[NVGP_TEX_LANES];
    float x[3][NVGP_TEX_LANES];
    float lam[NVGP_TEX_LANES];
    prepare(&c, req, needed_lanes(req, lane_mask, !lod_free), lc, x);
    if (!lod_free)
        lambda_base(&c, req, lc, x, lane_mask, lam);
    level_pick fixed = { c.base, c.base, 0.0f, false,
                         c.s->min_filter == NVGP_TEX_FILTER_LINEAR && !c.integer };
    for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
        if (!(lane_mask >> l & 1))
            continue;
        level_pick p = fixed;
        if (!lod_free) {
            float lambda = lambda_prime(&c, req, lam[l], l);
            lambda = clampf(lambda, c.s->min_lod, c.s->max_lod);
            pick_levels(&c, lambda, &p);
        }
        if (c.integer) {
            uint32_t w[4];
            sample_level_int(&c, p.l0, &lc[l], w);
            nvgp_tex_source_color(t, w, w);
            for (int n = 0; n < 4; n++)
                out[n].u[l] = w[n];
            continue;
        }
        float v[4];
        sample_level(&c, p.l0, &lc[l], p.linear, v);
        if (p.blend) {
            float v1[4];
            sample_level(&c, p.l1, &lc[l], p.linear, v1);
            for (int n = 0; n < 4; n++)
                v[n] = (1.0f - p.frac) * v[n] + p.frac * v1[n];
        }
        finish_float(&c, v, out, l);
    }
}

/* ---- Gather ------------------------------------------------------------------------ */

void nvgp_texture_gather(const nvgp_texture *t, const nvgp_tex_request *req,
                         uint32_t lane_mask, nvgp_tex_lanes out[4])
{
    samp_ctx c;
    init_ctx(&c, t, req);
    lane_coord lc[NVGP_TEX_LANES];
    float x[3][NVGP_TEX_LANES];
    prepare(&c, req, lane_mask, lc, x);
    const tex_level *lv = &t->level[c.base];
    /* Footprint order of the result: (i0,j1), (i1,j1), (i1,j0), (i0,j0). */
    static const uint8_t hi_i[4] = { 0, 1, 1, 0 }, hi_j[4] = { 1, 1, 0, 0 };
    unsigned comp = req->component & 3;
    if (c.plain_2d && !req->gather_offsets) {
        /* the general loop below for this case, each index computed once */
        int64_t w = lv->w;
        for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
            if (!(lane_mask >> l & 1))
                continue;
            int64_t ij[2][2];
            for (int a = 0; a < 2; a++) {
                int64_t f = ifloor(texel_coord(&c, lv, &lc[l], a) - 0.5f);
                int64_t size = level_size(lv, a);
                ij[a][0] = wrap_index(c.s->wrap[a], true, f, size);
                ij[a][1] = wrap_index(c.s->wrap[a], true, f + 1, size);
            }
            for (int k = 0; k < 4; k++)
                out[k].u[l] = lv->words[4 * (ij[1][hi_j[k]] * w + ij[0][hi_i[k]]) + comp];
        }
        return;
    }
    for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
        if (!(lane_mask >> l & 1))
            continue;
        for (int k = 0; k < 4; k++) {
            lane_coord p = lc[l];
            bool own = req->gather_offsets;
            if (own)
                for (int a = 0; a < 2; a++) {
                    int32_t o = req->gather_offset[a][k].i[l];
                    o = o < -OFFSET_LIMIT ? -OFFSET_LIMIT : o > OFFSET_LIMIT ? OFFSET_LIMIT : o;
                    p.off[a] += o;
                }
            int64_t ij[2];
            for (int a = 0; a < 2; a++) {
                if (a == 1 && c.lay->dims < 2) {
                    ij[a] = 0;
                    continue;
                }
                float u = texel_coord(&c, lv, &p, a);
                int64_t size = level_size(lv, a);
                int64_t f = ifloor(u - 0.5f);
                /* TXGO: each texel is the T_i0j0 of its own offset. */
                int64_t pick = own ? f : f + (a == 0 ? hi_i[k] : hi_j[k]);
                ij[a] = c.seamless ? iclamp(pick, -1, size)
                                   : wrap_index(c.s->wrap[a], true, pick, size);
            }
            uint32_t w[4];
            if (c.integer) {
                texel_words(&c, lv, p.slice, ij[0], ij[1], 0, w);
                nvgp_tex_source_color(t, w, w);
                out[k].u[l] = w[comp];
                continue;
            }
            float v[4];
            texel_value(&c, lv, &p, ij[0], ij[1], 0, v);
            if (c.compare) {
                out[k].u[l] = f2u_bits(v[0]);
                continue;
            }
            if (!c.plain_color)
                nvgp_tex_source_color_f(t, v, v);
            out[k].u[l] = f2u_bits(v[comp]);
        }
    }
}

/* ---- LOD query ------------------------------------------------------------------- */

void nvgp_texture_query_lod(const nvgp_texture *t, const nvgp_tex_request *req,
                            uint32_t lane_mask, nvgp_tex_lanes out[4])
{
    samp_ctx c;
    init_ctx(&c, t, req);
    lane_coord lc[NVGP_TEX_LANES];
    float x[3][NVGP_TEX_LANES];
    float lam[NVGP_TEX_LANES];
    prepare(&c, req, needed_lanes(req, lane_mask, true), lc, x);
    lambda_base(&c, req, lc, x, lane_mask, lam);
    float max_access = (float)(c.q - c.base);
    for (unsigned l = 0; l < NVGP_TEX_LANES; l++) {
        if (!(lane_mask >> l & 1))
            continue;
        float lp = lambda_prime(&c, req, lam[l], l);
        /* ARB_texture_query_lod's ComputeAccessedLod. */
        float a = clampf(lp, c.s->min_lod, c.s->max_lod);
        a = clampf(a, 0.0f, max_access);
        if (c.s->mip_filter == NVGP_TEX_MIP_NONE)
            a = 0.0f;
        else if (c.s->mip_filter == NVGP_TEX_MIP_NEAREST)
            a = ceilf(a + 0.5f) - 1.0f;
        out[0].u[l] = f2u_bits(a);
        out[1].u[l] = f2u_bits(lp);
        out[2].u[l] = 0;
        out[3].u[l] = 0;
    }
}
