/* The geometry stage (NV_geometry_program4, NV_gpu_program5's additions,
 * TGSI GEOM): the draw's primitives decomposed into the program's input
 * primitive type, one invocation per primitive (GS_INVOCATIONS threads
 * each), the vertices each thread emits on stream 0 assembled into the
 * output type's strips (ENDPRIM ends one) and handed on as independent
 * points, lines and triangles, each through the viewport its provoking
 * vertex selects.  Also: primitives with adjacency drawn without a
 * geometry program, whose adjacent vertices are ignored. */
#include "pipeline/pipe_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gallium's PIPE_PRIM numbers of GS_INPUT_PRIM / GS_OUTPUT_PRIM. */
enum {
    PRIM_POINTS = 0, PRIM_LINES = 1, PRIM_LINE_STRIP = 3, PRIM_TRIANGLES = 4,
    PRIM_TRIANGLE_STRIP = 5, PRIM_LINES_ADJACENCY = 10, PRIM_TRIANGLES_ADJACENCY = 12
};
enum { GS_CHUNK = 1u << 16 };

/* Which geometry input type each draw primitive feeds (NV_geometry_program4
 * 2.14.6.1), and the vertices of one input primitive. */
static const struct prim_row {
    uint8_t gs_input;
    uint8_t vertices;
    const char *name;
} prim_rows[] = {
    [NVGP_PIPE_TRIANGLES] = {PRIM_TRIANGLES, 3, "triangles"},
    [NVGP_PIPE_TRIANGLE_STRIP] = {PRIM_TRIANGLES, 3, "triangle_strip"},
    [NVGP_PIPE_TRIANGLE_FAN] = {PRIM_TRIANGLES, 3, "triangle_fan"},
    [NVGP_PIPE_QUADS] = {PRIM_TRIANGLES, 3, "quads"},
    [NVGP_PIPE_QUAD_STRIP] = {PRIM_TRIANGLES, 3, "quad_strip"},
    [NVGP_PIPE_POLYGON] = {PRIM_TRIANGLES, 3, "polygon"},
    [NVGP_PIPE_POINTS] = {PRIM_POINTS, 1, "points"},
    [NVGP_PIPE_LINES] = {PRIM_LINES, 2, "lines"},
    [NVGP_PIPE_LINE_STRIP] = {PRIM_LINES, 2, "line_strip"},
    [NVGP_PIPE_LINE_LOOP] = {PRIM_LINES, 2, "line_loop"},
    [NVGP_PIPE_LINES_ADJACENCY] = {PRIM_LINES_ADJACENCY, 4, "lines_adjacency"},
    [NVGP_PIPE_LINE_STRIP_ADJACENCY] = {PRIM_LINES_ADJACENCY, 4, "line_strip_adjacency"},
    [NVGP_PIPE_TRIANGLES_ADJACENCY] = {PRIM_TRIANGLES_ADJACENCY, 6, "triangles_adjacency"},
    [NVGP_PIPE_TRIANGLE_STRIP_ADJACENCY] = {PRIM_TRIANGLES_ADJACENCY, 6,
                                            "triangle_strip_adjacency"},
    [NVGP_PIPE_PATCHES] = {0xff, 0, "patches"},
};

static const char *gs_input_name(uint32_t p)
{
    switch (p) {
    case PRIM_POINTS: return "points";
    case PRIM_LINES: return "lines";
    case PRIM_LINES_ADJACENCY: return "lines_adjacency";
    case PRIM_TRIANGLES: return "triangles";
    case PRIM_TRIANGLES_ADJACENCY: return "triangles_adjacency";
    default: return "an unsupported type";
    }
}

/* Table X.1 of NV_geometry_program4, triangle strips with adjacency: per
 * case, the 1-based vertices as 2i + k: the triangle's three, then those
 * adjacent to edges 1-2, 2-3, 3-1. */
static const int8_t strip_adj[6][6] = {
    /* only (i == 0, n == 1) */ {1, 3, 5, 2, 6, 4},
    /* first (i == 0) */        {1, 3, 5, 2, 7, 4},
    /* middle, i odd */         {3, 1, 5, -1, 4, 7},
    /* middle, i even */        {1, 3, 5, -1, 7, 4},
    /* last, i odd */           {3, 1, 5, -1, 4, 6},
    /* last, i even */          {1, 3, 5, -1, 6, 4},
};

/* The draw's primitives as the geometry program receives them: for each,
 * its vertices in the program's order (vertex[0] ...).  NULL idx counts
 * only.  QUADS, QUAD_STRIP and POLYGON split as NV_geometry_program4's
 * issue 17 says (V0V1V2 + V0V2V3; V0V1V3 + V2V0V3; ViVi+1V0). */
static uint32_t decompose(nvgp_pipe_prim prim, uint32_t count, uint32_t *idx)
{
    uint32_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        const uint32_t put_[] = {__VA_ARGS__};                                                     \
        if (idx)                                                                                   \
            memcpy(idx + (size_t)n * (sizeof put_ / sizeof put_[0]), put_, sizeof put_);          \
        n++;                                                                                       \
    } while (0)
    switch (prim) {
    case NVGP_PIPE_POINTS:
        for (uint32_t i = 0; i < count; i++)
            PUT(i);
        break;
    case NVGP_PIPE_LINES:
        for (uint32_t i = 0; i + 1 < count; i += 2)
            PUT(i, i + 1);
        break;
    case NVGP_PIPE_LINE_STRIP:
    case NVGP_PIPE_LINE_LOOP:
        for (uint32_t i = 0; i + 1 < count; i++)
            PUT(i, i + 1);
        if (prim == NVGP_PIPE_LINE_LOOP && count >= 2)
            PUT(count - 1, 0);
        break;
    case NVGP_PIPE_TRIANGLES:
        for (uint32_t i = 0; i + 2 < count; i += 3)
            PUT(i, i + 1, i + 2);
        break;
    case NVGP_PIPE_TRIANGLE_STRIP:
        for (uint32_t i = 0; i + 2 < count; i++) {
            if (i & 1)
                PUT(i + 1, i, i + 2);
            else
                PUT(i, i + 1, i + 2);
        }
        break;
    case NVGP_PIPE_TRIANGLE_FAN:
        for (uint32_t i = 1; i + 1 < count; i++)
            PUT(0, i, i + 1);
        break;
    case NVGP_PIPE_QUADS:
        for (uint32_t i = 0; i + 3 < count; i += 4) {
            PUT(i, i + 1, i + 2);
            PUT(i, i + 2, i + 3);
        }
        break;
    case NVGP_PIPE_QUAD_STRIP:
        for (uint32_t i = 0; i + 3 < count; i += 2) {
            PUT(i, i + 1, i + 3);
            PUT(i + 2, i, i + 3);
        }
        break;
    case NVGP_PIPE_POLYGON:
        for (uint32_t i = 1; count >= 3 && i + 1 < count; i++)
            PUT(i, i + 1, 0);
        break;
    case NVGP_PIPE_LINES_ADJACENCY:
        for (uint32_t i = 0; i + 3 < count; i += 4)
            PUT(i, i + 1, i + 2, i + 3);
        break;
    case NVGP_PIPE_LINE_STRIP_ADJACENCY:
        for (uint32_t i = 0; i + 3 < count; i++)
            PUT(i, i + 1, i + 2, i + 3);
        break;
    case NVGP_PIPE_TRIANGLES_ADJACENCY:
        for (uint32_t i = 0; i + 5 < count; i += 6)
            PUT(i, i + 1, i + 2, i + 3, i + 4, i + 5);
        break;
    case NVGP_PIPE_TRIANGLE_STRIP_ADJACENCY: {
        uint32_t tris = count >= 6 ? (count - 4) / 2 : 0;
        for (uint32_t i = 0; i < tris; i++) {
            int c = tris == 1 ? 0 : i == 0 ? 1 : i + 1 < tris ? (i & 1 ? 2 : 3) : (i & 1 ? 4 : 5);
            const int8_t *r = strip_adj[c];
            uint32_t base = c < 2 ? 0 : 2 * i;
            /* the program's order: triangle vertex, adjacent, ... (1-based) */
            PUT(base + (uint32_t)r[0] - 1, base + (uint32_t)r[3] - 1, base + (uint32_t)r[1] - 1,
                base + (uint32_t)r[4] - 1, base + (uint32_t)r[2] - 1, base + (uint32_t)r[5] - 1);
        }
        break;
    }
    default:
        break;
    }
#undef PUT
    return n;
}

bool pipe_geom_drop_adjacency(nvgp_pipe_prim prim, const pipe_vertex *in, uint32_t count,
                              pipe_stream *out)
{
    uint32_t n = decompose(prim, count, NULL), nv = prim_rows[prim].vertices;
    uint32_t *idx = malloc((size_t)(n ? n : 1) * nv * sizeof *idx);
    if (!idx)
        return false;
    decompose(prim, count, idx);
    /* the main primitive's vertices: 1, 2 of a line; 0, 2, 4 of a triangle */
    static const uint8_t line_keep[] = {1, 2}, tri_keep[] = {0, 2, 4};
    bool lines = nv == 4;
    const uint8_t *keep = lines ? line_keep : tri_keep;
    bool ok = true;
    for (uint32_t p = 0; ok && p < n; p++)
        for (uint32_t k = 0; ok && k < (lines ? 2u : 3u); k++) {
            pipe_vertex *v = pipe_stream_vertex(out);
            if (v)
                *v = in[idx[(size_t)p * nv + keep[k]]];
            ok = v != NULL;
        }
    free(idx);
    return ok && pipe_stream_batch(out, lines ? NVGP_PIPE_LINES : NVGP_PIPE_TRIANGLES, 0, 0);
}

/* ---- Output assembly --------------------------------------------------------------- */

typedef struct strip {
    pipe_vertex *v;
    int32_t *viewport;
    uint32_t n, cap;
} strip;

static bool strip_push(strip *st, const pipe_vertex *v, int32_t viewport)
{
    if (st->n == st->cap) {
        uint32_t cap = st->cap ? 2 * st->cap : 64;
        pipe_vertex *nv = realloc(st->v, (size_t)cap * sizeof *nv);
        if (!nv)
            return false;
        st->v = nv;
        int32_t *vp = realloc(st->viewport, (size_t)cap * sizeof *vp);
        if (!vp)
            return false;
        st->viewport = vp;
        st->cap = cap;
    }
    st->v[st->n] = *v;
    st->viewport[st->n++] = viewport;
    return true;
}

/* One finished strip as independent primitives, each with its provoking
 * vertex's viewport.  Odd triangles of a strip keep the strip's winding
 * and its provoking vertex: (i+1, i, i+2) under the last-vertex
 * convention, (i, i+2, i+1) under the first. */
static bool flush_strip(const nvgp_pipe_state *s, uint32_t out_prim, strip *st, pipe_stream *out)
{
    bool first = s->provoking_first;
    uint32_t nv = out_prim == PRIM_POINTS ? 1 : out_prim == PRIM_LINE_STRIP ? 2 : 3;
    nvgp_pipe_prim type = nv == 1 ? NVGP_PIPE_POINTS : nv == 2 ? NVGP_PIPE_LINES
                                                               : NVGP_PIPE_TRIANGLES;
    for (uint32_t i = 0; i + nv <= st->n; i++) {
        uint32_t t[3] = {i, i + 1, i + 2};
        if (nv == 3 && (i & 1)) {
            if (first)
                t[1] = i + 2, t[2] = i + 1;
            else
                t[0] = i + 1, t[1] = i;
        }
        uint32_t provoking = first ? i : i + nv - 1;
        uint32_t start = out->num_verts;
        for (uint32_t k = 0; k < nv; k++) {
            pipe_vertex *v = pipe_stream_vertex(out);
            if (!v)
                return false;
            *v = st->v[t[k]];
        }
        if (!pipe_stream_batch(out, type, start, st->viewport[provoking]))
            return false;
    }
    st->n = 0;
    return true;
}

typedef struct geom_ctx {
    const nvgp_pipe_state *s;
    pipe_program *gs;
    uint32_t out_prim;
    int32_t viewport_out;        /* OUT register of VIEWPORT_INDEX, -1 none */
    uint32_t *words;
    strip st;
} geom_ctx;

/* The vertices thread th emitted, strip by strip. */
static bool collect_thread(geom_ctx *g, uint32_t th, pipe_stream *out)
{
    pipe_machine *m = g->gs->machine;
    uint32_t ne = pipe_machine_num_emitted(m, th), current = 0;
    g->st.n = 0;
    for (uint32_t k = 0; k < ne; k++) {
        uint32_t prim = 0;
        pipe_machine_emitted(m, th, k, g->words, &prim);
        if (k > 0 && prim != current && !flush_strip(g->s, g->out_prim, &g->st, out))
            return false;
        current = prim;
        pipe_vertex v;
        pipe_vertex_init(&v);
        for (uint32_t n = 0; n < g->gs->num_outputs; n++) {
            const pipe_io *io = &g->gs->outputs[n];
            int slot = pipe_varying_slot(io->semantic, io->semantic_index);
            if (slot >= 0 && pipe_machine_written(m, io->index))
                memcpy(v.v[slot], g->words + 4 * (size_t)io->index, 4 * sizeof(float));
        }
        /* the viewport index is an integer (x); outside 0..15 the viewport
         * transformation is undefined: such primitives are not drawn */
        int32_t vp = 0;
        if (g->s->viewport_array && g->viewport_out >= 0) {
            int32_t i = (int32_t)g->words[4 * (size_t)g->viewport_out];
            vp = i >= 0 && i < NVGP_PIPE_VIEWPORTS ? i : -1;
        }
        if (!strip_push(&g->st, &v, vp))
            return false;
    }
    return flush_strip(g->s, g->out_prim, &g->st, out);
}

bool pipe_geom_run(const nvgp_pipe_state *s, pipe_program *gs, nvgp_pipe_prim prim,
                   bool tessellated, const pipe_vertex *in, uint32_t count, pipe_stream *out,
                   char *err, size_t errlen)
{
    uint32_t want = pipe_program_property(gs, TGSI_PROPERTY_GS_INPUT_PRIM, UINT32_MAX);
    const struct prim_row *row = &prim_rows[prim];
    if (row->gs_input != want) {
        snprintf(err, errlen, "%s%s cannot feed the geometry program, whose input primitive is %s",
                 tessellated ? "programs.tess_evaluation: the tessellator's " : "primitive: ",
                 row->name, gs_input_name(want));
        return false;
    }
    geom_ctx g = {s, gs, pipe_program_property(gs, TGSI_PROPERTY_GS_OUTPUT_PRIM, PRIM_POINTS), -1,
                  NULL, {NULL, NULL, 0, 0}};
    if (g.out_prim != PRIM_POINTS && g.out_prim != PRIM_LINE_STRIP &&
        g.out_prim != PRIM_TRIANGLE_STRIP) {
        snprintf(err, errlen, "programs.geometry: the output primitive must be points, "
                              "line_strip or triangle_strip");
        return false;
    }
    for (uint32_t n = 0; n < gs->num_outputs; n++)
        if (gs->outputs[n].semantic == TGSI_SEMANTIC_VIEWPORT_INDEX &&
            pipe_machine_written(gs->machine, gs->outputs[n].index))
            g.viewport_out = (int32_t)gs->outputs[n].index;
    uint32_t nprims = decompose(prim, count, NULL), nv = row->vertices;
    if (nprims == 0)
        return true;
    uint32_t *idx = malloc((size_t)nprims * nv * sizeof *idx);
    uint32_t outputs = pipe_machine_num_outputs(gs->machine);
    g.words = calloc(outputs ? outputs : 1, 4 * sizeof *g.words);
    bool ok = idx && g.words;
    if (!ok)
        snprintf(err, errlen, "out of memory for %u primitives", nprims);
    if (ok)
        decompose(prim, count, idx);
    /* runs of at most GS_CHUNK input primitives */
    for (uint32_t first = 0; ok && first < nprims; first += GS_CHUNK) {
        uint32_t n = nprims - first < GS_CHUNK ? nprims - first : GS_CHUNK;
        ok = pipe_program_bind(gs, s, n, nv, err, errlen);
        const pipe_vertex *verts[6];
        for (uint32_t p = 0; ok && p < n; p++) {
            for (uint32_t k = 0; k < nv; k++)
                verts[k] = &in[idx[(size_t)(first + p) * nv + k]];
            pipe_program_vertex_inputs(gs, p, verts, nv);
            /* PRIMID counts the draw's primitives, not the run's */
            uint32_t id[4] = {first + p, 0, 0, 0};
            uint32_t per = pipe_machine_threads_per_invocation(gs->machine);
            for (uint32_t k = 0; first && k < per; k++)
                pipe_machine_system_value(gs->machine, p * per + k, TGSI_SEMANTIC_PRIMID, id);
        }
        ok = ok && pipe_machine_run(gs->machine, err, errlen);
        uint32_t threads = n * pipe_machine_threads_per_invocation(gs->machine);
        for (uint32_t th = 0; ok && th < threads; th++)
            if (!collect_thread(&g, th, out)) {
                snprintf(err, errlen, "the geometry program's primitives take more than %u vertices "
                                 "or more memory than there is", PIPE_STREAM_MAX_VERTICES);
                ok = false;
            }
    }
    free(idx);
    free(g.words);
    free(g.st.v);
    free(g.st.viewport);
    return ok;
}
