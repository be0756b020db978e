/* A draw, front half: vertex processing (the bound vertex program, or the
 * fixed-function transform), primitive assembly into polygons, clipping in
 * clip coordinates, the perspective divide and the viewport transform; the
 * rasteriser (pipe_raster.c) takes each resulting triangle. */
#include "pipeline/pipe_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const float *attrib_value(const nvgp_pipe_state *s, const nvgp_pipe_vertices *v, uint32_t a,
                                 uint32_t i)
{
    return v->attrib[a] ? v->attrib[a] + 4 * (size_t)i : s->current[a];
}

static float clamp01(float x)
{
    return x > 1.0f ? 1.0f : x > 0.0f ? x : 0.0f;
}

/* GL 2.x fixed function without lighting: position = P * MV * v, colours
 * pass, texcoord n = texture matrix n * texcoord n, fog coordinate = |z_eye|
 * (FOG_COORDINATE_SOURCE = FRAGMENT_DEPTH) or the fog coordinate attribute
 * (FOG_COORDINATE), user clip distances = plane . eye position. */
static void fixed_vertex(const nvgp_pipe_state *s, const nvgp_pipe_vertices *v, uint32_t i,
                         pipe_vertex *pv)
{
    float eye[4];
    pipe_mat_vec(eye, s->modelview, attrib_value(s, v, NVGP_PIPE_ATTR_POSITION, i));
    pipe_mat_vec(pv->v[VARY_POSITION], s->projection, eye);
    memcpy(pv->v[VARY_COLOR0], attrib_value(s, v, NVGP_PIPE_ATTR_COLOR, i), 4 * sizeof(float));
    memcpy(pv->v[VARY_COLOR1], attrib_value(s, v, NVGP_PIPE_ATTR_SECONDARY, i), 4 * sizeof(float));
    memcpy(pv->v[VARY_BCOLOR0], pv->v[VARY_COLOR0], 4 * sizeof(float));
    memcpy(pv->v[VARY_BCOLOR1], pv->v[VARY_COLOR1], 4 * sizeof(float));
    for (int t = 0; t < NVGP_PIPE_TEX_MATRICES; t++)
        pipe_mat_vec(pv->v[VARY_GENERIC0 + t], s->texture_matrix[t],
                     attrib_value(s, v, (uint32_t)(NVGP_PIPE_ATTR_TEXCOORD0 + t), i));
    pv->v[VARY_FOG][0] = s->fog_coord_attrib ? attrib_value(s, v, NVGP_PIPE_ATTR_FOGCOORD, i)[0]
                                             : fabsf(eye[2]);
    for (int c = 0; c < NVGP_PIPE_CLIP_PLANES; c++) {
        const float *pl = s->clip_plane[c];
        pv->v[VARY_CLIPDIST0 + c / 4][c % 4] =
            pl[0] * eye[0] + pl[1] * eye[1] + pl[2] * eye[2] + pl[3] * eye[3];
    }
}

static bool run_vertex_program(pipe_program *vp, const nvgp_pipe_state *s,
                               const nvgp_pipe_vertices *v, pipe_vertex *out, char *err,
                               size_t errlen)
{
    pipe_machine *m = vp->machine;
    if (!pipe_program_bind(vp, s, v->count, 1, err, errlen))
        return false;
    for (uint32_t n = 0; n < vp->num_inputs; n++) {
        const pipe_io *io = &vp->inputs[n];
        /* a vertex input is generic attribute semantic_index (TGSI text
         * without semantics: its register number) */
        uint32_t a = io->semantic == TGSI_SEMANTIC_GENERIC ? io->semantic_index : io->index;
        if (a >= NVGP_PIPE_ATTRIBS)
            continue;
        for (uint32_t i = 0; i < v->count; i++)
            pipe_machine_input(m, i, io->index, attrib_value(s, v, a, i));
    }
    if (!pipe_machine_run(m, err, errlen))
        return false;
    for (uint32_t i = 0; i < v->count; i++)
        pipe_program_vertex_out(vp, i, &out[i]);
    return true;
}

/* ---- Clipping ------------------------------------------------------------------- */

enum { MAX_PLANES = 6 + NVGP_PIPE_CLIP_PLANES, MAX_POLY = 4 + MAX_PLANES + 2 };

/* Planes 0..5 bound the clip volume; 6.. are the user clip distances,
 * used when their bit of user_mask is set. */
static bool plane_on(uint32_t user_mask, int plane)
{
    return plane < 6 || ((user_mask >> (plane - 6)) & 1);
}

static double plane_distance(const pipe_vertex *v, int plane)
{
    const float *p = v->v[VARY_POSITION];
    if (plane < 6) {
        /* -w <= x, y, z <= w: w + x, w - x, w + y, ... */
        double coord = p[plane / 2];
        return (double)p[3] + (plane % 2 ? -coord : coord);
    }
    int u = plane - 6;
    return v->v[VARY_CLIPDIST0 + u / 4][u % 4];
}

static void lerp_vertex(pipe_vertex *out, const pipe_vertex *a, const pipe_vertex *b, double t)
{
    for (int k = 0; k < VARY_COUNT; k++)
        for (int c = 0; c < 4; c++)
            out->v[k][c] = (float)(a->v[k][c] + t * ((double)b->v[k][c] - a->v[k][c]));
}

/* Sutherland-Hodgman against each plane in turn; polygon vertices are
 * pointers into `store` (the originals first).  Returns the count left. */
static int clip_polygon(uint32_t user_mask, const pipe_vertex **poly, int n, pipe_vertex *store,
                        int *stored, int store_cap)
{
    const pipe_vertex *tmp[MAX_POLY * 2];
    for (int plane = 0; plane < MAX_PLANES && n > 0; plane++) {
        if (!plane_on(user_mask, plane))
            continue;
        bool all_in = true;
        for (int i = 0; i < n && all_in; i++)
            all_in = plane_distance(poly[i], plane) >= 0;
        if (all_in)
            continue;
        int m = 0;
        for (int i = 0; i < n; i++) {
            const pipe_vertex *a = poly[i], *b = poly[(i + 1) % n];
            double da = plane_distance(a, plane), db = plane_distance(b, plane);
            if (da >= 0 && m < MAX_POLY * 2)
                tmp[m++] = a;
            if ((da >= 0) != (db >= 0) && *stored < store_cap && m < MAX_POLY * 2) {
                /* the new vertex is computed from the inside vertex, so both
                 * polygons sharing the edge get the same point */
                pipe_vertex *nv = &store[(*stored)++];
                if (da >= 0)
                    lerp_vertex(nv, a, b, da / (da - db));
                else
                    lerp_vertex(nv, b, a, db / (db - da));
                tmp[m++] = nv;
            }
        }
        n = m > MAX_POLY ? MAX_POLY : m;
        memcpy(poly, tmp, (size_t)n * sizeof *poly);
    }
    return n;
}

static bool finite_position(const pipe_vertex *v)
{
    for (int c = 0; c < 4; c++)
        if (!isfinite(v->v[VARY_POSITION][c]))
            return false;
    return true;
}

typedef struct draw_ctx {
    pipe_draw d;
    uint32_t user_mask;           /* enabled user clip distances */
    bool vp_writes_psize;
    double vp_x, vp_y, vp_w, vp_h, depth_n, depth_f;
} draw_ctx;

static void to_window(const draw_ctx *c, const pipe_vertex *v, pipe_wvertex *w)
{
    const float *p = v->v[VARY_POSITION];
    double inv_w = 1.0 / p[3];
    w->x = c->vp_x + (p[0] * inv_w + 1.0) * c->vp_w * 0.5;
    w->y = c->vp_y + (p[1] * inv_w + 1.0) * c->vp_h * 0.5;
    w->z = c->depth_n + (p[2] * inv_w + 1.0) * (c->depth_f - c->depth_n) * 0.5;
    w->inv_w = inv_w;
    w->attr = v;
}

/* The viewport, limited to where it can reach pixels. */
static void set_viewport(draw_ctx *c, const int32_t *vp)
{
    double lim = 4.0 * NVGP_PIPE_MAX_SIZE;
    c->vp_x = fmin(fmax(vp[0], -lim), lim);
    c->vp_y = fmin(fmax(vp[1], -lim), lim);
    c->vp_w = fmin(fmax(vp[2], 0), lim);
    c->vp_h = fmin(fmax(vp[3], 0), lim);
}

/* One polygon (a triangle, quad or GL polygon) of n vertices: clip, divide,
 * decide its facing from its whole window-space area, cull, and hand its
 * fan triangles to the rasteriser. */
static bool draw_polygon(draw_ctx *c, const pipe_vertex *const *verts, int n,
                         const pipe_vertex *provoking)
{
    pipe_vertex store[MAX_PLANES * 2];
    int stored = 0;
    const pipe_vertex *poly[MAX_POLY * 2];
    for (int i = 0; i < n; i++) {
        if (!finite_position(verts[i]))
            return true;   /* GL leaves it undefined: nothing is drawn */
        poly[i] = verts[i];
    }
    n = clip_polygon(c->user_mask, poly, n, store, &stored, MAX_PLANES * 2);
    if (n < 3)
        return true;
    pipe_wvertex w[MAX_POLY];
    for (int i = 0; i < n; i++) {
        if (!(poly[i]->v[VARY_POSITION][3] > 0))
            return true;   /* only the w = 0 corner of the volume is left */
        to_window(c, poly[i], &w[i]);
    }
    double area = 0;
    for (int i = 0; i < n; i++) {
        const pipe_wvertex *a = &w[i], *b = &w[(i + 1) % n];
        area += a->x * b->y - b->x * a->y;
    }
    if (!(area != 0) || !isfinite(area))
        return true;
    bool front = (area > 0) == c->d.s->front_ccw;
    const nvgp_pipe_state *s = c->d.s;
    if (s->cull && (s->cull_face == NVGP_FACE_FRONT_AND_BACK ||
                    (s->cull_face == NVGP_FACE_FRONT) == front))
        return true;
    c->d.front = front;
    for (int i = 1; i + 1 < n; i++)
        if (!pipe_raster_triangle(&c->d, &w[0], &w[i], &w[i + 1], provoking))
            return false;
    return true;
}

/* Points: discarded unless inside the clip volume (GL 2.13, "point
 * clipping"); size from the state or, with program point size, the vertex
 * program's result.pointsize, clamped to [1, 64]. */
static bool draw_point(draw_ctx *c, const pipe_vertex *v)
{
    if (!finite_position(v) || !(v->v[VARY_POSITION][3] > 0))
        return true;
    for (int plane = 0; plane < MAX_PLANES; plane++) {
        if (plane_on(c->user_mask, plane) && plane_distance(v, plane) < 0)
            return true;
    }
    pipe_wvertex w;
    to_window(c, v, &w);
    double size = c->d.s->program_point_size && c->vp_writes_psize ? v->v[VARY_PSIZE][0]
                                                                   : c->d.s->point_size;
    size = !(size >= 1.0) ? 1.0 : size > 64.0 ? 64.0 : size;
    c->d.front = true;
    return pipe_raster_point(&c->d, &w, size);
}

/* Lines: clipped as a segment against each plane (the new endpoint is
 * interpolated from the inside one), then rasterised with the state's
 * width clamped to [1, 64]. */
static bool draw_line(draw_ctx *c, const pipe_vertex *a, const pipe_vertex *b,
                      const pipe_vertex *provoking)
{
    if (!finite_position(a) || !finite_position(b))
        return true;
    pipe_vertex ca, cb;
    const pipe_vertex *pa = a, *pb = b;
    for (int plane = 0; plane < MAX_PLANES; plane++) {
        if (!plane_on(c->user_mask, plane))
            continue;
        double da = plane_distance(pa, plane), db = plane_distance(pb, plane);
        if (da < 0 && db < 0)
            return true;
        if (da < 0) {
            lerp_vertex(&ca, pb, pa, db / (db - da));
            pa = &ca;
        } else if (db < 0) {
            lerp_vertex(&cb, pa, pb, da / (da - db));
            pb = &cb;
        }
    }
    if (!(pa->v[VARY_POSITION][3] > 0 && pb->v[VARY_POSITION][3] > 0))
        return true;
    pipe_wvertex wa, wb;
    to_window(c, pa, &wa);
    to_window(c, pb, &wb);
    double width = c->d.s->line_width;
    width = !(width >= 1.0) ? 1.0 : width > 64.0 ? 64.0 : width;
    c->d.front = true;
    return pipe_raster_line(&c->d, &wa, &wb, provoking, width);
}

/* Primitive assembly: each primitive as a polygon, with its provoking
 * vertex (GL's table "provoking vertex selection"). */
static bool assemble(draw_ctx *c, nvgp_pipe_prim prim, const pipe_vertex *vs, uint32_t count)
{
    bool first = c->d.s->provoking_first;
    const pipe_vertex *p[4];
    switch (prim) {
    case NVGP_PIPE_TRIANGLES:
        for (uint32_t i = 0; i + 2 < count; i += 3) {
            p[0] = &vs[i], p[1] = &vs[i + 1], p[2] = &vs[i + 2];
            if (!draw_polygon(c, p, 3, first ? p[0] : p[2]))
                return false;
        }
        return true;
    case NVGP_PIPE_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < count; i++) {
            /* odd triangles swap their first two vertices so that every
             * triangle of the strip has the same winding */
            bool odd = i & 1;
            p[0] = &vs[odd ? i + 1 : i], p[1] = &vs[odd ? i : i + 1], p[2] = &vs[i + 2];
            if (!draw_polygon(c, p, 3, first ? &vs[i] : &vs[i + 2]))
                return false;
        }
        return true;
    case NVGP_PIPE_TRIANGLE_FAN:
        for (uint32_t i = 1; i + 1 < count; i++) {
            p[0] = &vs[0], p[1] = &vs[i], p[2] = &vs[i + 1];
            if (!draw_polygon(c, p, 3, first ? &vs[i] : &vs[i + 1]))
                return false;
        }
        return true;
    case NVGP_PIPE_QUADS:
        for (uint32_t i = 0; i + 3 < count; i += 4) {
            p[0] = &vs[i], p[1] = &vs[i + 1], p[2] = &vs[i + 2], p[3] = &vs[i + 3];
            if (!draw_polygon(c, p, 4, first ? p[0] : p[3]))
                return false;
        }
        return true;
    case NVGP_PIPE_QUAD_STRIP:
        for (uint32_t i = 0; i + 3 < count; i += 2) {
            p[0] = &vs[i], p[1] = &vs[i + 1], p[2] = &vs[i + 3], p[3] = &vs[i + 2];
            if (!draw_polygon(c, p, 4, first ? &vs[i] : &vs[i + 3]))
                return false;
        }
        return true;
    case NVGP_PIPE_POINTS:
        for (uint32_t i = 0; i < count; i++)
            if (!draw_point(c, &vs[i]))
                return false;
        return true;
    case NVGP_PIPE_LINES:
        for (uint32_t i = 0; i + 1 < count; i += 2) {
            c->d.stipple_count = 0;   /* the stipple restarts with each line */
            if (!draw_line(c, &vs[i], &vs[i + 1], first ? &vs[i] : &vs[i + 1]))
                return false;
        }
        return true;
    case NVGP_PIPE_LINE_STRIP:
    case NVGP_PIPE_LINE_LOOP:
        c->d.stipple_count = 0;
        for (uint32_t i = 0; i + 1 < count; i++)
            if (!draw_line(c, &vs[i], &vs[i + 1], first ? &vs[i] : &vs[i + 1]))
                return false;
        /* the loop's closing segment: its provoking vertex is vertex 0
         * under the last-vertex convention (GL's table) */
        if (prim == NVGP_PIPE_LINE_LOOP && count >= 2 &&
            !draw_line(c, &vs[count - 1], &vs[0], first ? &vs[count - 1] : &vs[0]))
            return false;
        return true;
    case NVGP_PIPE_POLYGON: {
        if (count < 3)
            return true;
        /* a polygon is drawn as the fan of its vertices (GL leaves the
         * interpolation across a polygon to the implementation) */
        for (uint32_t i = 1; i + 1 < count; i++) {
            p[0] = &vs[0], p[1] = &vs[i], p[2] = &vs[i + 1];
            if (!draw_polygon(c, p, 3, &vs[0]))
                return false;
        }
        return true;
    }
    default:
        /* adjacency and patches never get here: pipe_stages_run turns them
         * into points, lines and triangles */
        return true;
    }
    return true;
}

bool nvgp_pipe_draw(const nvgp_pipe_state *s, nvgp_pipe_fb *fb, nvgp_pipe_prim prim,
                    const nvgp_pipe_vertices *v, char *err, size_t errlen)
{
    if ((unsigned)prim > NVGP_PIPE_PATCHES) {
        snprintf(err, errlen, "unknown primitive type");
        return false;
    }
    if (v->count == 0)
        return true;
    if (v->count > (1u << 24)) {
        snprintf(err, errlen, "%u vertices: more than a draw takes (16777216)", v->count);
        return false;
    }
    if (s->engine > NVGP_ENGINE_JIT) {
        snprintf(err, errlen, "engine %u: not an nvgp_engine (jit, fast or reference)", s->engine);
        return false;
    }
    pipe_program vp, fp, later[3];
    memset(&vp, 0, sizeof vp);
    memset(&fp, 0, sizeof fp);
    memset(later, 0, sizeof later);
    static const nvgp_pipe_stage later_stage[3] = {NVGP_PIPE_TESS_CONTROL,
                                                   NVGP_PIPE_TESS_EVALUATION, NVGP_PIPE_GEOMETRY};
    pipe_vertex *verts = calloc(v->count, sizeof *verts);
    bool ok = verts != NULL;
    if (!ok)
        snprintf(err, errlen, "out of memory for %u vertices", v->count);
    if (ok && s->program[NVGP_PIPE_VERTEX])
        ok = pipe_program_init(&vp, s->program[NVGP_PIPE_VERTEX], NVGP_PIPE_VERTEX, s, err, errlen);
    if (ok && s->program[NVGP_PIPE_FRAGMENT])
        ok = pipe_program_init(&fp, s->program[NVGP_PIPE_FRAGMENT], NVGP_PIPE_FRAGMENT, s, err,
                               errlen);
    for (int k = 0; k < 3; k++)
        if (ok && s->program[later_stage[k]])
            ok = pipe_program_init(&later[k], s->program[later_stage[k]], later_stage[k], s, err,
                                   errlen);
    /* vertex stage */
    if (ok && vp.machine) {
        ok = run_vertex_program(&vp, s, v, verts, err, errlen);
        if (ok && vp.position_invariant)
            pipe_clip_invariant_distances(s, &vp, v, verts);
    } else if (ok) {
        for (uint32_t i = 0; i < v->count; i++) {
            pipe_vertex_init(&verts[i]);
            fixed_vertex(s, v, i, &verts[i]);
        }
    }
    /* tessellation and geometry stages (pipe_stages.c) */
    pipe_stream st;
    memset(&st, 0, sizeof st);
    if (ok) {
        pipe_stage_programs sp = {later[0].machine ? &later[0] : NULL,
                                  later[1].machine ? &later[1] : NULL,
                                  later[2].machine ? &later[2] : NULL};
        ok = pipe_stages_run(s, &sp, prim, verts, v->count, &st, err, errlen);
    }
    /* vertex colour clamping (CLAMP_VERTEX_COLOR's initial TRUE), at the
     * end of the last vertex processing stage */
    for (uint32_t i = 0; ok && !s->no_vertex_color_clamp && i < st.num_verts; i++)
        for (int k = VARY_COLOR0; k <= VARY_BCOLOR1; k++)
            for (int c = 0; c < 4; c++)
                st.verts[i].v[k][c] = clamp01(st.verts[i].v[k][c]);
    if (ok) {
        draw_ctx c;
        memset(&c, 0, sizeof c);
        c.d.s = s;
        c.d.fb = fb;
        c.d.fp = fp.machine ? &fp : NULL;
        c.vp_writes_psize = st.writes_psize >= 0
                                ? st.writes_psize != 0
                                : vp.machine && pipe_program_writes(&vp, TGSI_SEMANTIC_PSIZE);
        /* ARB programs and fixed function sum colours when COLOR_SUM is on;
         * NV vertex programs always do (ARB_vertex_program's NV interactions) */
        c.d.color_sum = !c.d.fp && (s->color_sum || (vp.machine && vp.nv_vertex));
        c.d.fog_mode = c.d.fp ? fp.fog_option : s->fog ? s->fog_mode : -1;
        pipe_raster_setup(&c.d);
        c.d.err = err;
        c.d.errlen = errlen;
        c.depth_n = clamp01(s->depth_range[0]);
        c.depth_f = clamp01(s->depth_range[1]);
        for (int p = 0; p < NVGP_PIPE_CLIP_PLANES; p++)
            if (s->clip_plane_enabled[p])
                c.user_mask |= 1u << p;
        /* pixels drawn: the framebuffer, within the scissor when it is on
         * (clipping keeps triangles inside the viewport; wide points and
         * lines may reach past it, as GL lets them) */
        uint32_t rect[4];
        pipe_fb_rect(fb, s, rect);
        c.d.clip_x0 = (int32_t)rect[0], c.d.clip_y0 = (int32_t)rect[1];
        c.d.clip_x1 = (int32_t)rect[2], c.d.clip_y1 = (int32_t)rect[3];
        pipe_bands_start(&c.d);
        /* each batch through its viewport */
        for (uint32_t b = 0; ok && b < st.num_batches; b++) {
            const pipe_batch *ba = &st.batches[b];
            if (ba->viewport < 0)
                continue;
            set_viewport(&c, s->viewport_array ? s->viewports[ba->viewport] : s->viewport);
            ok = assemble(&c, ba->prim, st.verts + ba->first, ba->count);
        }
        ok = ok && pipe_raster_flush(&c.d);
        pipe_bands_discard(&c.d);   /* a draw that failed on the way */
        pipe_raster_batch_free(&c.d);
        pipe_fb_resolve(fb);
    }
    pipe_stream_free(&st);
    free(verts);
    for (int k = 0; k < 3; k++)
        pipe_program_fini(&later[k]);
    pipe_program_fini(&vp);
    pipe_program_fini(&fp);
    return ok;
}
