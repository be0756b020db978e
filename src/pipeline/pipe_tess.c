/* The tessellation primitive generator (pipe_tess.h), following
 * ARB_tessellation_shader section 2.X.2 step by step:
 *
 *  - an edge's level is clamped and rounded by the spacing ([1, 64] up to an
 *    integer; [2, 64] up to an even one; [1, 63] up to an odd one); a
 *    fractional edge of n segments has n - 2 equal segments and two shorter
 *    ones, placed at its two ends (decision Stages 1);
 *  - triangles: concentric triangles from the first inner level, each inner
 *    corner where the perpendiculars through the outer edge's vertex nearest
 *    the corner meet; the outermost ring's edges then re-subdivided by the
 *    outer levels; the area between rings filled by triangles with two
 *    vertices adjacent on one ring's edge and the third on the other's;
 *  - quads: a grid from the two inner levels, two triangles per inner
 *    rectangle, the border filled the same way against the outer levels;
 *  - isolines: OL0 lines (equal spacing) at v = 0 .. (n-1)/n, each cut by
 *    OL1 and the spacing.
 *
 * The strip between two parallel rows of vertices is filled by walking both
 * rows along the edge and advancing the row whose next vertex comes first
 * (the outer row on ties): every triangle has two adjacent vertices of one
 * row and one of the other, the triangles cover the strip exactly, and with
 * rows walked counter-clockwise every triangle is counter-clockwise in (u, v).
 * The order of the generated primitives is the implementation's (the spec
 * leaves it so): rings from the outside in, edge by edge. */
#include "pipeline/pipe_tess.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    pipe_tess_result *r;
    uint32_t cap_coords, cap_index;
    bool oom;
} builder;

static uint32_t add_vertex(builder *b, double u, double v, double w)
{
    pipe_tess_result *r = b->r;
    if (r->num_coords == b->cap_coords) {
        uint32_t cap = b->cap_coords ? 2 * b->cap_coords : 64;
        void *p = realloc(r->coord, (size_t)cap * sizeof *r->coord);
        if (!p) {
            b->oom = true;
            return 0;
        }
        r->coord = p;
        b->cap_coords = cap;
    }
    r->coord[r->num_coords][0] = (float)u;
    r->coord[r->num_coords][1] = (float)v;
    r->coord[r->num_coords][2] = (float)w;
    return r->num_coords++;
}

static void add_prim(builder *b, const uint32_t *idx, uint32_t n)
{
    pipe_tess_result *r = b->r;
    if (b->oom)
        return;
    if ((r->num_prims + 1) * n > b->cap_index) {
        uint32_t cap = b->cap_index ? 2 * b->cap_index : 192;
        void *p = realloc(r->index, (size_t)cap * sizeof *r->index);
        if (!p) {
            b->oom = true;
            return;
        }
        r->index = p;
        b->cap_index = cap;
    }
    memcpy(r->index + (size_t)r->num_prims * n, idx, n * sizeof *idx);
    r->num_prims++;
}

static void add_triangle(builder *b, uint32_t a, uint32_t c, uint32_t d)
{
    uint32_t t[3] = {a, c, d};
    add_prim(b, t, 3);
}

/* ---- Edge subdivision ------------------------------------------------------------ */

typedef struct spacing_rule {
    double lo, hi;      /* clamp range */
    int parity;         /* -1 any integer, 0 even, 1 odd */
} spacing_rule;

static const spacing_rule spacing_rules[] = {
    [PIPE_TESS_EQUAL] = {1, PIPE_TESS_MAX_LEVEL, -1},
    [PIPE_TESS_FRACTIONAL_ODD] = {1, PIPE_TESS_MAX_LEVEL - 1, 1},
    [PIPE_TESS_FRACTIONAL_EVEN] = {2, PIPE_TESS_MAX_LEVEL, 0},
};

static double clamp_level(double f, pipe_tess_spacing sp)
{
    const spacing_rule *r = &spacing_rules[sp];
    return !(f >= r->lo) ? r->lo : f > r->hi ? r->hi : f;   /* NaN: the low end */
}

static uint32_t round_level(double f, pipe_tess_spacing sp)
{
    uint32_t n = (uint32_t)ceil(f);
    int parity = spacing_rules[sp].parity;
    if (parity >= 0 && (int)(n & 1) != parity)
        n++;
    return n;
}

/* Positions of the n segments of a clamped level f: equal spacing cuts
 * 1/n; fractional spacing has n - 2 segments of 1/f and two of
 * (f - n + 2) / (2 f) (the sum is 1; at f = n all are 1/n; as n - f
 * approaches 2 the short ones vanish). */
static void edge_positions(double f, uint32_t n, pipe_tess_spacing sp, double *pos)
{
    pos[0] = 0.0;
    pos[n] = 1.0;
    if (n < 2)
        return;
    if (sp == PIPE_TESS_EQUAL) {
        for (uint32_t i = 1; i < n; i++)
            pos[i] = (double)i / n;
        return;
    }
    double seg = 1.0 / f, first = (f - n + 2.0) / (2.0 * f);
    for (uint32_t i = 1; i < n; i++)
        pos[i] = first + (i - 1) * seg;
}

uint32_t pipe_tess_segments(float level, pipe_tess_spacing spacing,
                            float pos[PIPE_TESS_MAX_LEVEL + 1])
{
    double f = clamp_level(level, spacing), p[PIPE_TESS_MAX_LEVEL + 2];
    uint32_t n = round_level(f, spacing);
    edge_positions(f, n, spacing, p);
    for (uint32_t i = 0; i <= n; i++)
        pos[i] = (float)p[i];
    return n;
}

/* An edge of a ring: its vertex indices in the ring's counter-clockwise
 * direction and each one's position along the outer edge it faces. */
typedef struct row {
    uint32_t idx[PIPE_TESS_MAX_LEVEL + 2];
    double t[PIPE_TESS_MAX_LEVEL + 2];
    uint32_t segments;     /* vertices - 1 */
} row;

/* Fills the strip between an outer row and the parallel inner row. */
static void fill_strip(builder *b, const row *outer, const row *inner)
{
    uint32_t i = 0, j = 0;
    while (i < outer->segments || j < inner->segments) {
        bool advance_outer = j == inner->segments ||
                             (i < outer->segments && outer->t[i + 1] <= inner->t[j + 1]);
        if (advance_outer) {
            add_triangle(b, outer->idx[i], outer->idx[i + 1], inner->idx[j]);
            i++;
        } else {
            add_triangle(b, outer->idx[i], inner->idx[j + 1], inner->idx[j]);
            j++;
        }
    }
}

/* An inner level of 1 when some other level is above 1 counts as
 * 1 + epsilon: two segments (equal) or three with the short ones of length
 * 0 (fractional odd; fractional even never rounds to 1). */
static uint32_t inner_segments(float level, pipe_tess_spacing sp, double *pos)
{
    double f = clamp_level(level, sp);
    uint32_t n = round_level(f, sp);
    if (n == 1) {
        n = sp == PIPE_TESS_FRACTIONAL_ODD ? 3 : 2;
        f = 1.0;
    }
    edge_positions(f, n, sp, pos);
    return n;
}

static uint32_t outer_segments(float level, pipe_tess_spacing sp, double *pos)
{
    double f = clamp_level(level, sp);
    uint32_t n = round_level(f, sp);
    edge_positions(f, n, sp, pos);
    return n;
}

/* ---- Triangles ------------------------------------------------------------------- */

/* Corners in counter-clockwise order: (0,0,1), (1,0,0), (0,1,0); the (u, v,
 * w) component each corner's weight goes to; edge e runs from corner e to
 * corner e + 1 and takes outer level tri_edge_level[e] (v == 0: OL1,
 * w == 0: OL2, u == 0: OL0). */
static const int tri_corner_component[3] = {2, 0, 1};
static const int tri_edge_level[3] = {1, 2, 0};

/* The point of edge e of a ring at height c (the third corner's weight)
 * whose perpendicular foot on the outer edge is at t from corner e (an
 * equilateral triangle of side 1: weights 1 - t - c/2, t - c/2, c). */
static uint32_t tri_point(builder *b, int e, double t, double c)
{
    double w[3] = {0, 0, 0};
    w[tri_corner_component[e]] = 1.0 - t - c / 2.0;
    w[tri_corner_component[(e + 1) % 3]] = t - c / 2.0;
    w[tri_corner_component[(e + 2) % 3]] = c;
    return add_vertex(b, w[0], w[1], w[2]);
}

/* Ring k >= 1 of an inner subdivision of n segments: edges of n - 2k
 * segments at positions pos[k .. n-k], height 2 pos[k] / 3 (the inner
 * corner lies on the corner's bisector, where the perpendiculars through the
 * vertex pos[k] from it on both edges meet).  A ring of 0 segments is the
 * centre. */
static void tri_ring(builder *b, const double *pos, uint32_t n, uint32_t k, row rows[3])
{
    uint32_t seg = n - 2 * k;
    if (seg == 0) {
        uint32_t centre = add_vertex(b, 1.0 / 3, 1.0 / 3, 1.0 / 3);
        for (int e = 0; e < 3; e++) {
            rows[e].segments = 0;
            rows[e].idx[0] = centre;
            rows[e].t[0] = 0.5;
        }
        return;
    }
    double c = 2.0 * pos[k] / 3.0;
    for (int e = 0; e < 3; e++) {
        rows[e].segments = seg;
        for (uint32_t j = 0; j < seg; j++) {
            rows[e].t[j] = pos[k + j];
            rows[e].idx[j] = tri_point(b, e, pos[k + j], c);
        }
    }
    for (int e = 0; e < 3; e++) {  /* each edge ends at the next one's corner */
        rows[e].t[seg] = pos[n - k];
        rows[e].idx[seg] = rows[(e + 1) % 3].idx[0];
    }
}

static void tessellate_triangles(builder *b, const pipe_tess_params *p, const float outer[4],
                                 const float inner[2])
{
    double opos[3][PIPE_TESS_MAX_LEVEL + 2], ipos[PIPE_TESS_MAX_LEVEL + 2];
    uint32_t on[3];
    bool all_one = true;
    for (int e = 0; e < 3; e++) {
        on[e] = outer_segments(outer[tri_edge_level[e]], p->spacing, opos[e]);
        all_one = all_one && on[e] == 1;
    }
    double f = clamp_level(inner[0], p->spacing);
    if (all_one && round_level(f, p->spacing) == 1) {
        uint32_t a = add_vertex(b, 0, 0, 1), c = add_vertex(b, 1, 0, 0), d = add_vertex(b, 0, 1, 0);
        add_triangle(b, a, c, d);
        return;
    }
    uint32_t n = inner_segments(inner[0], p->spacing, ipos);
    /* the outermost ring: the outer edges, subdivided by the outer levels */
    row outer_rows[3], inner_rows[3];
    for (int e = 0; e < 3; e++) {
        outer_rows[e].segments = on[e];
        for (uint32_t j = 0; j < on[e]; j++) {
            outer_rows[e].t[j] = opos[e][j];
            outer_rows[e].idx[j] = tri_point(b, e, opos[e][j], 0.0);
        }
    }
    for (int e = 0; e < 3; e++) {
        outer_rows[e].t[on[e]] = 1.0;
        outer_rows[e].idx[on[e]] = outer_rows[(e + 1) % 3].idx[0];
    }
    for (uint32_t k = 1; 2 * k <= n; k++) {
        tri_ring(b, ipos, n, k, inner_rows);
        for (int e = 0; e < 3; e++)
            fill_strip(b, &outer_rows[e], &inner_rows[e]);
        memcpy(outer_rows, inner_rows, sizeof outer_rows);
    }
    if (n % 2 == 1)   /* the innermost triangle, not subdivided */
        add_triangle(b, outer_rows[0].idx[0], outer_rows[1].idx[0], outer_rows[2].idx[0]);
}

/* ---- Quads ----------------------------------------------------------------------- */

/* Corners counter-clockwise from (0,0); edge e runs from corner e to e + 1
 * and takes outer level quad_edge_level[e] (v == 0: OL1, u == 1: OL2,
 * v == 1: OL3, u == 0: OL0). */
static const double quad_corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const int quad_edge_level[4] = {1, 2, 3, 0};

static void tessellate_quads(builder *b, const pipe_tess_params *p, const float outer[4],
                             const float inner[2])
{
    double opos[4][PIPE_TESS_MAX_LEVEL + 2];
    uint32_t on[4];
    bool all_one = true;
    for (int e = 0; e < 4; e++) {
        on[e] = outer_segments(outer[quad_edge_level[e]], p->spacing, opos[e]);
        all_one = all_one && on[e] == 1;
    }
    for (int k = 0; k < 2; k++)
        all_one = all_one && round_level(clamp_level(inner[k], p->spacing), p->spacing) == 1;
    if (all_one) {
        uint32_t c[4];
        for (int k = 0; k < 4; k++)
            c[k] = add_vertex(b, quad_corner[k][0], quad_corner[k][1], 0);
        add_triangle(b, c[0], c[1], c[2]);
        add_triangle(b, c[0], c[2], c[3]);
        return;
    }
    /* the grid: m rows along v from IL0, n columns along u from IL1 */
    double upos[PIPE_TESS_MAX_LEVEL + 2], vpos[PIPE_TESS_MAX_LEVEL + 2];
    uint32_t m = inner_segments(inner[0], p->spacing, vpos);
    uint32_t n = inner_segments(inner[1], p->spacing, upos);
    row outer_rows[4], inner_rows[4];
    for (int e = 0; e < 4; e++) {
        const double *a = quad_corner[e], *c = quad_corner[(e + 1) % 4];
        outer_rows[e].segments = on[e];
        for (uint32_t j = 0; j < on[e]; j++) {
            double t = opos[e][j];
            outer_rows[e].t[j] = t;
            outer_rows[e].idx[j] = add_vertex(b, a[0] + t * (c[0] - a[0]), a[1] + t * (c[1] - a[1]), 0);
        }
    }
    for (int e = 0; e < 4; e++) {
        outer_rows[e].t[on[e]] = 1.0;
        outer_rows[e].idx[on[e]] = outer_rows[(e + 1) % 4].idx[0];
    }
    /* grid vertices (i, j), 1 <= i < n, 1 <= j < m */
    uint32_t (*g)[PIPE_TESS_MAX_LEVEL + 1] = calloc(PIPE_TESS_MAX_LEVEL + 1, sizeof *g);
    if (!g) {
        b->oom = true;
        return;
    }
    for (uint32_t j = 1; j < m; j++)
        for (uint32_t i = 1; i < n; i++)
            g[i][j] = add_vertex(b, upos[i], vpos[j], 0);
    for (uint32_t j = 1; j + 1 < m; j++)
        for (uint32_t i = 1; i + 1 < n; i++) {
            add_triangle(b, g[i][j], g[i + 1][j], g[i + 1][j + 1]);
            add_triangle(b, g[i][j], g[i + 1][j + 1], g[i][j + 1]);
        }
    /* the inner rectangle's edges, counter-clockwise, each with the
     * position of its vertices along the facing outer edge */
    inner_rows[0].segments = inner_rows[2].segments = n - 2;
    inner_rows[1].segments = inner_rows[3].segments = m - 2;
    for (uint32_t s = 0; s + 2 <= n; s++) {
        inner_rows[0].idx[s] = g[1 + s][1], inner_rows[0].t[s] = upos[1 + s];
        inner_rows[2].idx[s] = g[n - 1 - s][m - 1], inner_rows[2].t[s] = 1.0 - upos[n - 1 - s];
    }
    for (uint32_t s = 0; s + 2 <= m; s++) {
        inner_rows[1].idx[s] = g[n - 1][1 + s], inner_rows[1].t[s] = vpos[1 + s];
        inner_rows[3].idx[s] = g[1][m - 1 - s], inner_rows[3].t[s] = 1.0 - vpos[m - 1 - s];
    }
    free(g);
    for (int e = 0; e < 4; e++)
        fill_strip(b, &outer_rows[e], &inner_rows[e]);
}

/* ---- Isolines -------------------------------------------------------------------- */

static void tessellate_isolines(builder *b, const pipe_tess_params *p, const float outer[4])
{
    double vpos[PIPE_TESS_MAX_LEVEL + 2], upos[PIPE_TESS_MAX_LEVEL + 2];
    uint32_t lines = outer_segments(outer[0], PIPE_TESS_EQUAL, vpos);
    uint32_t m = outer_segments(outer[1], p->spacing, upos);
    for (uint32_t j = 0; j < lines; j++) {
        uint32_t first = 0;
        for (uint32_t i = 0; i <= m; i++) {
            uint32_t k = add_vertex(b, upos[i], vpos[j], 0);
            if (i == 0)
                first = k;
        }
        for (uint32_t i = 0; i < m; i++) {
            uint32_t seg[2] = {first + i, first + i + 1};
            add_prim(b, seg, 2);
        }
    }
}

/* ---- Entry ----------------------------------------------------------------------- */

static const int relevant_outer[] = {[PIPE_TESS_TRIANGLES] = 3, [PIPE_TESS_QUADS] = 4,
                                     [PIPE_TESS_ISOLINES] = 2};

bool pipe_tess_generate(const pipe_tess_params *p, const float outer[4], const float inner[2],
                        pipe_tess_result *out)
{
    memset(out, 0, sizeof *out);
    out->prim_vertices = p->point_mode ? 1 : p->mode == PIPE_TESS_ISOLINES ? 2 : 3;
    for (int k = 0; k < relevant_outer[p->mode]; k++)
        if (!(outer[k] > 0.0f))   /* <= 0 or NaN: the patch is discarded */
            return true;
    builder b = {out, 0, 0, false};
    if (p->mode == PIPE_TESS_TRIANGLES)
        tessellate_triangles(&b, p, outer, inner);
    else if (p->mode == PIPE_TESS_QUADS)
        tessellate_quads(&b, p, outer, inner);
    else
        tessellate_isolines(&b, p, outer);
    if (!b.oom && p->point_mode) {
        /* one point per distinct vertex: every vertex made above */
        out->num_prims = 0;
        for (uint32_t k = 0; k < out->num_coords; k++)
            add_prim(&b, &k, 1);
    } else if (!b.oom && p->cw && out->prim_vertices == 3) {
        for (uint32_t t = 0; t < out->num_prims; t++) {
            uint32_t *tri = out->index + 3 * (size_t)t, x = tri[1];
            tri[1] = tri[2];
            tri[2] = x;
        }
    }
    if (b.oom) {
        pipe_tess_free(out);
        return false;
    }
    return true;
}

void pipe_tess_free(pipe_tess_result *r)
{
    free(r->coord);
    free(r->index);
    memset(r, 0, sizeof *r);
}
