/* Bindings of the NV_gpu_program4/5 languages (lower_gp.h): which TGSI
 * register holds each attribute, result and system value of the seven
 * program types, the program-type declarations as TGSI properties, and
 * relative indices.
 *
 * One table per name family gives the TGSI semantic:
 *  - vertex attributes of vertex programs alias the generic attributes as
 *    NV_vertex_program's Table X.2 does (the older languages' lowering
 *    agrees, so vertex.attrib[3] is GENERIC[3] in every language);
 *  - "vertex-like" attributes (what one stage writes as result.* and the
 *    next reads as fragment.*, vertex[m].* or vertex.in[m].*) share one
 *    table: position, colors, fog, point size, texture coordinates
 *    (TEXCOORD n), generic attributes (GENERIC n), clip distances
 *    (component n % 4 of CLIPDIST n / 4, as the older languages' o[CLPn];
 *    results are written through temporaries, lower_clip_result) and the
 *    vertex id (GENERIC 40);
 *  - values the hardware supplies (vertex.id, primitive.id, invocation.*,
 *    fragment.sampleid, ...) are system values.
 * Scalar bindings that are one component of a TGSI vector (a tessellation
 * level: primitive.tessouter[2] is TESSOUTER.z) read that component in
 * every swizzle slot; tessellation control programs write their levels into
 * temporaries that go to the TESSOUTER/TESSINNER outputs at the end.
 *
 * Geometry and tessellation per-vertex inputs are IN[vertex][index].  A
 * variable bound to "vertex.position" (no vertex number) is indexed by the
 * vertex; the map names each vertex's element as the spec writes it,
 * "vertex[1].position", with the vertex in the slot. */
#include "lower/lower_gp.h"

#include "nv/nv_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a binding lives. */
typedef enum gpb_kind {
    GPB_INPUT,      /* IN (FRAG: interpolated) */
    GPB_OUTPUT,     /* OUT */
    GPB_SYSVAL,     /* SV */
    GPB_LEVEL,      /* tessellation control result.patch.tessouter/tessinner: a temporary */
    GPB_GLOBALID,   /* invocation.globalid: computed at the start */
    GPB_LOCALINDEX, /* invocation.localindex: computed at the start */
    GPB_CLIP        /* clip[n]: component n % 4 of CLIPDIST[n / 4] */
} gpb_kind;

typedef struct gpb_row {
    const char *base;   /* name without its "[n]" */
    uint8_t kind;       /* gpb_kind */
    uint8_t semantic;   /* tgsi_semantic */
    int16_t first;      /* semantic index, or component for comp rows */
    uint8_t flags;
} gpb_row;

enum {
    R_INDEXED = 1 << 0, /* "[n]" adds to first */
    R_COMP = 1 << 1,    /* scalar: component (first + n) of semantic index 0 */
    R_FLAT = 1 << 2     /* FRAG inputs that are never interpolated */
};

/* Vertex program inputs (NV_vertex_program4; Table X.2 aliasing). */
static const gpb_row vp_inputs[] = {
    {"vertex.position", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 0, 0},
    {"vertex.normal", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 2, 0},
    {"vertex.color", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 3, 0},
    {"vertex.color.primary", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 3, 0},
    {"vertex.color.secondary", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 4, 0},
    {"vertex.fogcoord", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 5, 0},
    {"vertex.texcoord", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 8, R_INDEXED},
    {"vertex.attrib", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 0, R_INDEXED},
    {"vertex.id", GPB_SYSVAL, TGSI_SEMANTIC_VERTEXID, 0, 0},
    {"vertex.instance", GPB_SYSVAL, TGSI_SEMANTIC_INSTANCEID, 0, 0},
    {"vertex.baseVertex", GPB_SYSVAL, TGSI_SEMANTIC_BASEVERTEX, 0, 0},
    {"vertex.baseInstance", GPB_SYSVAL, TGSI_SEMANTIC_BASEINSTANCE, 0, 0},
    {"vertex.draw.id", GPB_SYSVAL, TGSI_SEMANTIC_DRAWID, 0, 0},
};

/* Vertex-like attributes, after their prefix ("result.", "fragment.",
 * "vertex[m].", "vertex.in[m]."). */
/* GENERIC indices of values TGSI has no semantic for: the vertex id,
 * NV_conservative_raster_underestimation's fully-covered flag,
 * NV_stereo_view_rendering's second view position and viewport mask. */
enum { GPB_ID_GENERIC = 40, GPB_COVERED_GENERIC = 41, GPB_SECONDARY_POS_GENERIC = 42, GPB_SECONDARY_MASK_GENERIC = 43 };
static const gpb_row vertex_like[] = {
    {"position", GPB_INPUT, TGSI_SEMANTIC_POSITION, 0, 0},
    {"color", GPB_INPUT, TGSI_SEMANTIC_COLOR, 0, 0},
    {"color.primary", GPB_INPUT, TGSI_SEMANTIC_COLOR, 0, 0},
    {"color.secondary", GPB_INPUT, TGSI_SEMANTIC_COLOR, 1, 0},
    {"color.front", GPB_INPUT, TGSI_SEMANTIC_COLOR, 0, 0},
    {"color.front.primary", GPB_INPUT, TGSI_SEMANTIC_COLOR, 0, 0},
    {"color.front.secondary", GPB_INPUT, TGSI_SEMANTIC_COLOR, 1, 0},
    {"color.back", GPB_INPUT, TGSI_SEMANTIC_BCOLOR, 0, 0},
    {"color.back.primary", GPB_INPUT, TGSI_SEMANTIC_BCOLOR, 0, 0},
    {"color.back.secondary", GPB_INPUT, TGSI_SEMANTIC_BCOLOR, 1, 0},
    {"fogcoord", GPB_INPUT, TGSI_SEMANTIC_FOG, 0, 0},
    {"pointsize", GPB_INPUT, TGSI_SEMANTIC_PSIZE, 0, 0},
    {"texcoord", GPB_INPUT, TGSI_SEMANTIC_TEXCOORD, 0, R_INDEXED},
    {"attrib", GPB_INPUT, TGSI_SEMANTIC_GENERIC, 0, R_INDEXED},
    {"clip", GPB_CLIP, TGSI_SEMANTIC_CLIPDIST, 0, R_INDEXED},
    {"id", GPB_INPUT, TGSI_SEMANTIC_GENERIC, GPB_ID_GENERIC, R_FLAT},
    {"secondaryposition", GPB_INPUT, TGSI_SEMANTIC_GENERIC, GPB_SECONDARY_POS_GENERIC, 0},
};

/* Other attributes of fragment, geometry, tessellation and compute
 * programs (full names). */
static const gpb_row other_inputs[] = {
    {"fragment.position", GPB_INPUT, TGSI_SEMANTIC_POSITION, 0, 0},
    {"fragment.facing", GPB_INPUT, TGSI_SEMANTIC_FACE, 0, R_FLAT},
    {"fragment.pointcoord", GPB_INPUT, TGSI_SEMANTIC_PCOORD, 0, 0},
    {"fragment.sampleid", GPB_SYSVAL, TGSI_SEMANTIC_SAMPLEID, 0, 0},
    {"fragment.samplemask", GPB_SYSVAL, TGSI_SEMANTIC_SAMPLEMASK, 0, 0},
    {"fragment.helperthread", GPB_SYSVAL, TGSI_SEMANTIC_HELPER_INVOCATION, 0, 0},
    /* ARB_fragment_layer_viewport: the values the last stage wrote, flat */
    {"fragment.layer", GPB_INPUT, TGSI_SEMANTIC_LAYER, 0, R_FLAT},
    {"fragment.viewport", GPB_INPUT, TGSI_SEMANTIC_VIEWPORT_INDEX, 0, R_FLAT},
    {"fragment.fullycovered", GPB_INPUT, TGSI_SEMANTIC_GENERIC, GPB_COVERED_GENERIC, R_FLAT},
    {"primitive.id", GPB_SYSVAL, TGSI_SEMANTIC_PRIMID, 0, 0},
    {"primitive.in.id", GPB_SYSVAL, TGSI_SEMANTIC_PRIMID, 0, 0},
    {"primitive.invocation", GPB_SYSVAL, TGSI_SEMANTIC_INVOCATIONID, 0, 0},
    {"primitive.vertexcount", GPB_SYSVAL, TGSI_SEMANTIC_VERTICESIN, 0, 0},
    {"primitive.tessouter", GPB_SYSVAL, TGSI_SEMANTIC_TESSOUTER, 0, R_COMP},
    {"primitive.tessinner", GPB_SYSVAL, TGSI_SEMANTIC_TESSINNER, 0, R_COMP},
    {"primitive.in.tessouter", GPB_SYSVAL, TGSI_SEMANTIC_TESSOUTER, 0, R_COMP},
    {"primitive.in.tessinner", GPB_SYSVAL, TGSI_SEMANTIC_TESSINNER, 0, R_COMP},
    {"primitive.patch.attrib", GPB_INPUT, TGSI_SEMANTIC_PATCH, 0, R_INDEXED},
    {"primitive.in.patch.attrib", GPB_INPUT, TGSI_SEMANTIC_PATCH, 0, R_INDEXED},
    {"primitive.out.tessouter", GPB_LEVEL, TGSI_SEMANTIC_TESSOUTER, 0, R_COMP},
    {"primitive.out.tessinner", GPB_LEVEL, TGSI_SEMANTIC_TESSINNER, 0, R_COMP},
    {"primitive.out.patch.attrib", GPB_OUTPUT, TGSI_SEMANTIC_PATCH, 0, R_INDEXED},
    {"vertex.tesscoord", GPB_SYSVAL, TGSI_SEMANTIC_TESSCOORD, 0, 0},
    {"invocation.localid", GPB_SYSVAL, TGSI_SEMANTIC_THREAD_ID, 0, 0},
    {"invocation.groupid", GPB_SYSVAL, TGSI_SEMANTIC_BLOCK_ID, 0, 0},
    {"invocation.groupcount", GPB_SYSVAL, TGSI_SEMANTIC_GRID_SIZE, 0, 0},
    {"invocation.groupsize", GPB_SYSVAL, TGSI_SEMANTIC_BLOCK_SIZE, 0, 0},
    {"invocation.globalid", GPB_GLOBALID, 0, 0, 0},
    {"invocation.localindex", GPB_LOCALINDEX, 0, 0, 0},
    /* NV_shader_thread_group: the lane within its warp and lane masks */
    {"fragment.threadid", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0, 0},
    {"fragment.threadeqmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_EQ_MASK, 0, 0},
    {"fragment.threadltmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LT_MASK, 0, 0},
    {"fragment.threadlemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LE_MASK, 0, 0},
    {"fragment.threadgtmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GT_MASK, 0, 0},
    {"fragment.threadgemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GE_MASK, 0, 0},
    {"vertex.threadid", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0, 0},
    {"vertex.threadeqmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_EQ_MASK, 0, 0},
    {"vertex.threadltmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LT_MASK, 0, 0},
    {"vertex.threadlemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LE_MASK, 0, 0},
    {"vertex.threadgtmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GT_MASK, 0, 0},
    {"vertex.threadgemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GE_MASK, 0, 0},
    {"primitive.threadid", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0, 0},
    {"primitive.threadeqmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_EQ_MASK, 0, 0},
    {"primitive.threadltmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LT_MASK, 0, 0},
    {"primitive.threadlemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LE_MASK, 0, 0},
    {"primitive.threadgtmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GT_MASK, 0, 0},
    {"primitive.threadgemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GE_MASK, 0, 0},
    {"invocation.threadid", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_INVOCATION, 0, 0},
    {"invocation.threadeqmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_EQ_MASK, 0, 0},
    {"invocation.threadltmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LT_MASK, 0, 0},
    {"invocation.threadlemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_LE_MASK, 0, 0},
    {"invocation.threadgtmask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GT_MASK, 0, 0},
    {"invocation.threadgemask", GPB_SYSVAL, TGSI_SEMANTIC_SUBGROUP_GE_MASK, 0, 0},
};

/* Results other than the vertex-like ones. */
static const gpb_row other_results[] = {
    {"result.layer", GPB_OUTPUT, TGSI_SEMANTIC_LAYER, 0, 0},
    {"result.viewport", GPB_OUTPUT, TGSI_SEMANTIC_VIEWPORT_INDEX, 0, 0},
    {"result.primid", GPB_OUTPUT, TGSI_SEMANTIC_PRIMID, 0, 0},
    {"result.viewportmask", GPB_OUTPUT, TGSI_SEMANTIC_VIEWPORT_MASK, 0, R_INDEXED},
    {"result.secondaryviewportmask", GPB_OUTPUT, TGSI_SEMANTIC_GENERIC, GPB_SECONDARY_MASK_GENERIC, R_INDEXED},
    {"result.patch.attrib", GPB_OUTPUT, TGSI_SEMANTIC_PATCH, 0, R_INDEXED},
    {"result.patch.tessouter", GPB_LEVEL, TGSI_SEMANTIC_TESSOUTER, 0, R_COMP},
    {"result.patch.tessinner", GPB_LEVEL, TGSI_SEMANTIC_TESSINNER, 0, R_COMP},
};

/* Fragment results: result.color[n] (and ARB_blend_func_extended's
 * result.color[0].secondary: the second source, COLOR[1] as Mesa's
 * dual-source blending has it), depth in z as in ARB_fragment_program,
 * the sample mask in x. */
static const gpb_row fp_results[] = {
    {"result.color", GPB_OUTPUT, TGSI_SEMANTIC_COLOR, 0, R_INDEXED},
    {"result.color.primary", GPB_OUTPUT, TGSI_SEMANTIC_COLOR, 0, R_INDEXED},
    {"result.color.secondary", GPB_OUTPUT, TGSI_SEMANTIC_COLOR, 1, R_INDEXED},
    {"result.depth", GPB_OUTPUT, TGSI_SEMANTIC_POSITION, 0, 0},
    {"result.samplemask", GPB_OUTPUT, TGSI_SEMANTIC_SAMPLEMASK, 0, 0},
};

/* What one ATTRIB/OUTPUT variable became. */
typedef struct gpb_var {
    bool has;
    bool per_vertex;    /* indexed by the input vertex: IN[index][reg] */
    int8_t comp;        /* scalar binding read from this component; -1 */
    uint8_t level;      /* 1 + the tessellation level a result names (GPB_LEVEL); 0: none */
    uint8_t level_count; /* levels level-1 .. level-2+level_count (arrays of levels) */
    tgsi_src reg;       /* first element */
} gpb_var;

/* Tessellation levels written by a control program: TESSOUTER (0..3) and
 * TESSINNER (4..5), each in the x of its temporary, copied to its output
 * component right after each write by the invocations that wrote it (the
 * patch's invocations share per-patch results, so one that did not write
 * a level must not copy its temporary). */
enum { GPB_LEVELS = 6 };

typedef struct lower_gpb {
    gpb_var *vars;
    bool level_has[GPB_LEVELS]; /* bound: copied to its output at the end */
    bool levels_made;
    tgsi_dst level[GPB_LEVELS];
    tgsi_dst level_out[GPB_LEVELS];
    tgsi_dst globalid, localindex; /* computed at the start (compute) */
    tgsi_dst invocation; /* tessellation control: ADDR holding the invocation */
    tgsi_dst addr[4];   /* relative indices, used in turn */
    bool addr_has[4];
    unsigned next_addr;
    bool ended;         /* lower_gp_bind_end ran */
} lower_gpb;

/* ---- Names ---------------------------------------------------------------- */

static const gpb_row *gpb_find(const gpb_row *t, size_t n, const char *base)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].base, base))
            return &t[i];
    return NULL;
}

#define FIND(table, base) gpb_find(table, sizeof table / sizeof table[0], base)

/* The vertex number a name starts with ("vertex[2].color", "vertex.in[2].color"),
 * and the rest after it; -1 and NULL when it has none. */
static int32_t gpb_vertex_prefix(const char *name, const char **rest, bool *outputs)
{
    const char *p = NULL;
    *outputs = false;
    if (!strncmp(name, "vertex[", 7))
        p = name + 7;
    else if (!strncmp(name, "vertex.in[", 10))
        p = name + 10;
    else if (!strncmp(name, "vertex.out[", 11) && (p = name + 11))
        *outputs = true;
    *rest = NULL;
    if (!p)
        return -1;
    char *end;
    long m = strtol(p, &end, 10);
    if (end == p || end[0] != ']' || end[1] != '.')
        return -1;
    *rest = end + 2;
    return (int32_t)m;
}

/* The row of one binding of a variable; *n is its "[n]", *vertex the
 * vertex it names (-1 none), *per_vertex whether the variable is indexed
 * by the vertex, *outputs whether a tessellation control program reads
 * its output patch (vertex.out[m].*). */
static const gpb_row *gpb_row_of(const lower_ctx *c, const nv_var *v, const nv_binding *bd, int32_t *n,
                                 int32_t *vertex, bool *per_vertex, bool *outputs)
{
    const char *name = bd->name ? bd->name : "";
    char base[128];
    uint8_t stage = c->p->stage;
    *vertex = -1;
    *per_vertex = false;
    *outputs = v->kind == NV_VAR_OUTPUT;
    if (v->kind == NV_VAR_OUTPUT) {
        lower_split_name(name, base, sizeof base, n);
        if (stage == NV_STAGE_FRAGMENT)
            return FIND(fp_results, base);
        const gpb_row *r = FIND(other_results, base);
        if (r || strncmp(base, "result.", 7))
            return r;
        return FIND(vertex_like, base + 7);
    }
    const char *rest;
    int32_t m = gpb_vertex_prefix(name, &rest, outputs);
    bool per_vertex_stage = stage == NV_STAGE_GEOMETRY || stage == NV_STAGE_TESS_CTRL || stage == NV_STAGE_TESS_EVAL;
    if (m >= 0 && per_vertex_stage) {
        lower_split_name(rest, base, sizeof base, n);
        *vertex = m;
        return FIND(vertex_like, base);
    }
    lower_split_name(name, base, sizeof base, n);
    const gpb_row *r = FIND(other_inputs, base);
    if (r)
        return r;
    if (stage == NV_STAGE_VERTEX)
        return FIND(vp_inputs, base);
    if (stage == NV_STAGE_FRAGMENT && !strncmp(base, "fragment.", 9))
        return FIND(vertex_like, base + 9);
    if (per_vertex_stage && !strncmp(base, "vertex.", 7)) {
        /* "vertex.color" in a declaration: an array over the vertices;
         * "vertex.in.color" the same, "vertex.out.color" over the output
         * patch's vertices (NV_tessellation_program5 2.X.3.2) */
        *per_vertex = true;
        const char *attr = base + 7;
        if (!strncmp(attr, "in.", 3)) {
            attr += 3;
        } else if (!strncmp(attr, "out.", 4)) {
            if (stage != NV_STAGE_TESS_CTRL)
                return NULL;
            attr += 4;
            *outputs = true;
        }
        return FIND(vertex_like, attr);
    }
    return NULL;
}

/* ---- Registers ------------------------------------------------------------ */

static lower_gpb *gpb_state(lower_ctx *c)
{
    if (!c->gps->bind) {
        c->gps->bind = calloc(1, sizeof *c->gps->bind);
        if (c->gps->bind)
            c->gps->bind->vars = calloc(c->p->nvars + 1, sizeof *c->gps->bind->vars);
        if (!c->gps->bind || !c->gps->bind->vars) {
            lower_error(c, 0, "out of memory");
            return NULL;
        }
    }
    return c->gps->bind;
}

static tgsi_interpolate gpb_interp(const nv_var *v, const gpb_row *r)
{
    if ((v->mods & (NV_VMOD_FLAT | NV_VMOD_INT | NV_VMOD_UINT)) || (r->flags & R_FLAT))
        return TGSI_INTERPOLATE_CONSTANT;
    if (v->mods & NV_VMOD_NOPERSPECTIVE)
        return TGSI_INTERPOLATE_LINEAR;
    if (r->semantic == TGSI_SEMANTIC_POSITION)
        return TGSI_INTERPOLATE_LINEAR;
    if (r->semantic == TGSI_SEMANTIC_COLOR || r->semantic == TGSI_SEMANTIC_BCOLOR)
        return TGSI_INTERPOLATE_COLOR;
    return TGSI_INTERPOLATE_PERSPECTIVE;
}

static tgsi_interpolate_loc gpb_location(const nv_var *v)
{
    return (v->mods & NV_VMOD_SAMPLE) ? TGSI_INTERPOLATE_LOC_SAMPLE
           : (v->mods & NV_VMOD_CENTROID) ? TGSI_INTERPOLATE_LOC_CENTROID : TGSI_INTERPOLATE_LOC_CENTER;
}

/* Vertices of the input primitive the map names elements for: those of
 * PRIMITIVE_IN (geometry), or every patch vertex (tessellation). */
static int32_t gpb_input_vertices(const lower_ctx *c)
{
    if (c->p->stage != NV_STAGE_GEOMETRY)
        return NV_LIMIT_PATCH_VERTICES;
    switch (c->p->decls.primitive_in) {
    case NV_PRIM_POINTS: return 1;
    case NV_PRIM_LINES: return 2;
    case NV_PRIM_LINES_ADJACENCY: return 4;
    case NV_PRIM_TRIANGLES: return 3;
    case NV_PRIM_TRIANGLES_ADJACENCY: return 6;
    case NV_PRIM_PATCHES: return c->p->decls.patches_in > 0 ? c->p->decls.patches_in : 1;
    default: return 1;
    }
}

/* The register of one element (semantic index k of row r). */
static tgsi_src gpb_element(lower_ctx *c, const nv_var *v, const gpb_row *r, int32_t k, bool outputs,
                            uint32_t offset)
{
    tgsi_semantic sem = (tgsi_semantic)r->semantic;
    uint32_t idx = (uint32_t)(r->first + k);
    gpb_kind kind = (gpb_kind)r->kind;
    if (kind == GPB_INPUT && outputs)
        kind = GPB_OUTPUT; /* vertex-like rows name results too */
    switch (kind) {
    case GPB_INPUT:
        if (c->p->stage == NV_STAGE_FRAGMENT)
            return nvgp_tgsi_build_fs_input(c->b, sem, idx, gpb_interp(v, r), gpb_location(v));
        return nvgp_tgsi_build_input(c->b, sem, idx);
    case GPB_OUTPUT:
        if (v->kind == NV_VAR_ATTRIB && c->p->stage != NV_STAGE_TESS_CTRL)
            break;
        return nvgp_tgsi_src_of(nvgp_tgsi_build_output(c->b, sem, idx));
    case GPB_SYSVAL:
        return nvgp_tgsi_build_system_value(c->b, sem, 0);
    default:
        break;
    }
    lower_error(c, offset, "the binding '%s' has no TGSI translation yet", v->nbindings ? v->bindings[0].name : "?");
    return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
}

static tgsi_src gpb_level_reg(lower_ctx *c, uint32_t var, const gpb_row *r, int32_t k, uint32_t offset)
{
    lower_gpb *g = c->gps->bind;
    int32_t i = (r->semantic == TGSI_SEMANTIC_TESSOUTER ? 0 : 4) + k;
    if (c->p->stage != NV_STAGE_TESS_CTRL || k < 0 || k >= (r->semantic == TGSI_SEMANTIC_TESSOUTER ? 4 : 2)) {
        lower_error(c, offset, "tessellation levels are written only by tessellation control programs");
        return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    }
    if (!g->levels_made) {
        /* one temporary array, outer levels then inner ones, so arrays of
         * levels ("OUTPUT l[] = { result.patch.tessouter[0..3] };") index
         * it, also relatively */
        tgsi_dst first = nvgp_tgsi_build_temp_array(c->b, GPB_LEVELS, NULL);
        for (int j = 0; j < GPB_LEVELS; j++) {
            g->level[j] = first;
            g->level[j].reg.index += j;
        }
        g->levels_made = true;
    }
    if (!g->level_has[i]) {
        g->level_has[i] = true;
        g->level_out[i] = nvgp_tgsi_build_output(c->b, i < 4 ? TGSI_SEMANTIC_TESSOUTER : TGSI_SEMANTIC_TESSINNER, 0);
        char name[48];
        snprintf(name, sizeof name, "result.patch.%s[%d]", i < 4 ? "tessouter" : "tessinner", i < 4 ? i : i - 4);
        lower_map_add_comp(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, -1, g->level_out[i].reg.index,
                           (int8_t)(i < 4 ? i : i - 4), name);
    }
    gpb_var *gv = &g->vars[var];
    if (!gv->level) {
        gv->level = (uint8_t)(i + 1);
        gv->level_count = 1;
    } else if (i + 1 >= gv->level + gv->level_count) {
        gv->level_count = (uint8_t)(i + 2 - gv->level); /* an array of levels: first..i */
    }
    return nvgp_tgsi_src_of(g->level[i]);
}

/* LONG ATTRIB (NV_gpu_program5: "Such attributes can be read in a vertex
 * program using a "LONG ATTRIB" declaration"): the four 64-bit components
 * of vertex.attrib[n] in two consecutive inputs, x and y as word pairs in
 * GENERIC[n], z and w in GENERIC[GENERIC_ATTRIBS + n] (an index no 32-bit
 * attribute has).  The map names the first; a job gives both (docs/
 * job-format.md, four 64-bit values). */
static tgsi_src gpb_long_attrib(lower_ctx *c, const nv_var *v, uint32_t offset)
{
    int32_t n, vertex;
    bool per_vertex, outputs;
    const gpb_row *r = v->nbindings == 1 ? gpb_row_of(c, v, &v->bindings[0], &n, &vertex, &per_vertex, &outputs) : NULL;
    if (c->p->stage != NV_STAGE_VERTEX || v->kind != NV_VAR_ATTRIB || !r || r->kind != GPB_INPUT ||
        r->semantic != TGSI_SEMANTIC_GENERIC || v->is_array || (v->bindings[0].count && v->bindings[0].count != 1)) {
        lower_error(c, offset, "LONG attributes translate as single generic vertex attributes (vertex.attrib[n])");
        return nvgp_tgsi_src(TGSI_FILE_INPUT, 0);
    }
    tgsi_src lo = nvgp_tgsi_build_input(c->b, TGSI_SEMANTIC_GENERIC, (uint32_t)n);
    tgsi_src hi = nvgp_tgsi_build_input(c->b, TGSI_SEMANTIC_GENERIC, (uint32_t)(NV_LIMIT_GENERIC_ATTRIBS + n));
    if (hi.reg.index != lo.reg.index + 1) {
        lower_error(c, offset, "vertex.attrib[%d] is read both as a LONG attribute and as a 32-bit one", n);
        return lo;
    }
    lower_map_add_comp(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, -1, lo.reg.index, -1,
                       v->bindings[0].name ? v->bindings[0].name : "vertex.attrib");
    return lo;
}

tgsi_src lower_gp_bind_var(lower_ctx *c, uint32_t var, uint32_t offset)
{
    lower_gpb *g = gpb_state(c);
    if (!g || var >= c->p->nvars)
        return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    gpb_var *gv = &g->vars[var];
    if (gv->has)
        return gv->reg;
    const nv_var *v = &c->p->vars[var];
    gv->has = true;
    gv->comp = -1;
    gv->reg = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    if (!v->nbindings) {
        lower_error(c, offset, "'%s' is bound to nothing", v->name ? v->name : "?");
        return gv->reg;
    }
    if (v->mods & NV_VMOD_LONG) {
        gv->reg = gpb_long_attrib(c, v, offset);
        return gv->reg;
    }
    tgsi_src first = gv->reg;
    uint32_t e = 0;
    int32_t nvert = gpb_input_vertices(c);
    char name[192];
    for (uint32_t b = 0; b < v->nbindings && !c->failed; b++) {
        const nv_binding *bd = &v->bindings[b];
        int32_t n, vertex;
        bool per_vertex, outputs;
        const gpb_row *r = gpb_row_of(c, v, bd, &n, &vertex, &per_vertex, &outputs);
        if (!r) {
            lower_error(c, offset, "the binding '%s' has no TGSI translation yet", bd->name ? bd->name : "?");
            break;
        }
        uint32_t count = bd->count ? bd->count : 1;
        bool lone = v->nbindings == 1 && count == 1;
        gpb_row clip_row;
        int8_t comp = -1;
        if (r->kind == GPB_CLIP && v->kind == NV_VAR_OUTPUT) {
            /* results: the clip temporaries, consecutive like the clips */
            for (uint32_t i = 0; i < count && !c->failed; i++, e++) {
                lower_element_name(bd->name ? bd->name : "", i, name, sizeof name);
                tgsi_src reg = lower_clip_result(c, n + (int32_t)i, name, offset);
                if (e == 0)
                    first = reg;
                else if (reg.reg.file != first.reg.file || reg.reg.index != first.reg.index + (int32_t)e)
                    lower_error(c, offset, "the elements of '%s' are not consecutive registers",
                                v->name ? v->name : "?");
            }
            continue;
        }
        if (r->kind == GPB_CLIP) {
            /* reads: one component of CLIPDIST[n / 4] in every swizzle slot */
            if (!lone) {
                lower_error(c, offset, "arrays of '%s' have no TGSI translation yet", bd->name);
                break;
            }
            clip_row = *r;
            clip_row.kind = GPB_INPUT;
            clip_row.first = (int16_t)(n / 4);
            clip_row.flags = 0;
            comp = (int8_t)(n % 4);
            gv->comp = comp;
            r = &clip_row;
        }
        if (r->kind == GPB_LEVEL && v->nbindings == 1 && (v->kind == NV_VAR_OUTPUT || count > 1)) {
            /* levels k..k+count-1: consecutive elements of the level array
             * (a lone level read goes to the shared output below) */
            for (uint32_t i = 0; i < count && !c->failed; i++) {
                tgsi_src reg = gpb_level_reg(c, var, r, n + (int32_t)i, offset);
                if (i == 0)
                    first = reg;
            }
            break;
        }
        if ((r->flags & R_COMP) || r->kind == GPB_LEVEL || r->kind == GPB_GLOBALID || r->kind == GPB_LOCALINDEX) {
            if (!lone) {
                lower_error(c, offset, "arrays of '%s' have no TGSI translation yet", bd->name);
                break;
            }
            if (r->kind == GPB_LEVEL) {
                first = gpb_level_reg(c, var, r, n, offset);
                if (v->kind != NV_VAR_OUTPUT && gv->level) {
                    /* reads (primitive.out.tessouter[k]): the patch's
                     * level, in the output every write reaches at once,
                     * whichever invocation wrote it */
                    int32_t i = gv->level - 1;
                    first = nvgp_tgsi_src_of(g->level_out[i]);
                    gv->comp = (int8_t)(i < 4 ? i : i - 4);
                    gv->level = 0;
                }
            } else if (r->kind == GPB_GLOBALID)
                first = nvgp_tgsi_src_of(g->globalid);
            else if (r->kind == GPB_LOCALINDEX)
                first = nvgp_tgsi_src_of(g->localindex);
            else
                first = gpb_element(c, v, r, 0, false, offset);
            if ((r->flags & R_COMP) && r->kind != GPB_LEVEL)
                gv->comp = (int8_t)(r->first + n);
            if (r->kind == GPB_SYSVAL) /* a level's slot carries its component */
                lower_map_add_comp(c, NVGP_LOWER_INPUT, TGSI_FILE_SYSTEM_VALUE, -1, first.reg.index, gv->comp, bd->name);
            break;
        }
        gv->per_vertex = per_vertex;
        for (uint32_t i = 0; i < count; i++, e++) {
            int32_t k = (r->flags & R_INDEXED) ? n + (int32_t)i : 0;
            tgsi_src reg = gpb_element(c, v, r, k, outputs, offset);
            if (e == 0)
                first = reg;
            else if (reg.reg.file != first.reg.file || reg.reg.index != first.reg.index + (int32_t)e)
                lower_error(c, offset, "the elements of '%s' are not consecutive registers", v->name ? v->name : "?");
            nvgp_lower_slot_kind kind = v->kind == NV_VAR_OUTPUT || r->kind == GPB_OUTPUT ? NVGP_LOWER_OUTPUT
                                                                                          : NVGP_LOWER_INPUT;
            lower_element_name(bd->name ? bd->name : "", i, name, sizeof name);
            bool patch_vertex = c->p->stage == NV_STAGE_TESS_CTRL && reg.reg.file == TGSI_FILE_OUTPUT &&
                                r->semantic != TGSI_SEMANTIC_PATCH;
            if (patch_vertex && v->kind == NV_VAR_OUTPUT) {
                /* OUT[invocation][i]: this invocation's vertex */
                lower_map_add_comp(c, kind, (tgsi_file)reg.reg.file, -1, reg.reg.index, comp, name);
                reg.reg.dimension = true;
                reg.reg.dim_indirect = true;
                reg.reg.dim_index = 0;
                reg.reg.dim_ind.file = TGSI_FILE_ADDRESS;
                reg.reg.dim_ind.index = g->invocation.reg.index;
                reg.reg.dim_ind.swizzle = TGSI_SWIZZLE_X;
            } else if (patch_vertex) {
                /* vertex.out[m].*: another invocation's vertex (no map slot) */
            } else if (per_vertex) {
                /* "vertex.color" -> "vertex[m].color" for each vertex m */
                for (int32_t m = 0; m < nvert; m++) {
                    char vn[224];
                    snprintf(vn, sizeof vn, "vertex[%d]%s", m, name + 6);
                    lower_map_add_comp(c, kind, (tgsi_file)reg.reg.file, m, reg.reg.index, comp, vn);
                }
            } else {
                lower_map_add_comp(c, kind, (tgsi_file)reg.reg.file, vertex, reg.reg.index, comp, name);
            }
            if (vertex >= 0)
                reg = nvgp_tgsi_src_dimension(reg, vertex);
            if (e == 0)
                first = reg;
        }
    }
    /* Scalar bindings ("(id,-,-,-)") hold their value in x; every swizzle
     * slot reads it, as real programs read fragment.threadid.z
     * (docs/spec-decisions.md, "Bindings of real programs").  A vertex
     * program's vertex.fogcoord is an attribute the application supplies
     * whole, "(f,0,0,1)" (NV_vertex_program4): it stays as it is. */
    bool scalar = v->kind == NV_VAR_ATTRIB && !(c->p->stage == NV_STAGE_VERTEX && first.reg.file == TGSI_FILE_INPUT);
    for (uint32_t b = 0; b < v->nbindings; b++)
        scalar = scalar && v->bindings[b].components == 1;
    if (scalar && gv->comp < 0)
        gv->comp = 0;
    gv->reg = first;
    return first;
}

tgsi_dst lower_gp_bind_own_vertex(lower_ctx *c, tgsi_dst d)
{
    lower_gpb *g = c->gps->bind;
    if (c->p->stage != NV_STAGE_TESS_CTRL || !g)
        return d;
    d.reg.dimension = true;
    d.reg.dim_indirect = true;
    d.reg.dim_index = 0;
    d.reg.dim_ind.file = TGSI_FILE_ADDRESS;
    d.reg.dim_ind.index = g->invocation.reg.index;
    d.reg.dim_ind.swizzle = TGSI_SWIZZLE_X;
    return d;
}

/* ---- Operands ------------------------------------------------------------- */

tgsi_src lower_gp_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset)
{
    lower_gpb *g = gpb_state(c);
    if (!g)
        return nvgp_tgsi_src(TGSI_FILE_ADDRESS, 0);
    nv_src idx;
    memset(&idx, 0, sizeof idx);
    idx.file = r->file;
    idx.var = r->var;
    idx.index = (int32_t)r->index;
    idx.offset = offset;
    idx.konst = UINT32_MAX;
    for (int i = 0; i < 4; i++)
        idx.swizzle[i] = r->comp;
    tgsi_src value = lower_src(c, &idx);
    unsigned a = g->next_addr++ % 4;
    if (!g->addr_has[a]) {
        g->addr[a] = nvgp_tgsi_build_address(c->b);
        g->addr_has[a] = true;
    }
    nvgp_tgsi_build_UARL(c->b, nvgp_tgsi_dst_writemask(g->addr[a], 1), value);
    return nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(g->addr[a]), 0);
}

static gpb_var *gpb_operand_var(lower_ctx *c, uint32_t var, uint32_t offset)
{
    if (var == NV_VAR_NONE || var >= c->p->nvars)
        return NULL;
    uint8_t kind = c->p->vars[var].kind;
    if (kind != NV_VAR_ATTRIB && kind != NV_VAR_OUTPUT)
        return NULL;
    lower_gp_bind_var(c, var, offset);
    return c->gps->bind ? &c->gps->bind->vars[var] : NULL;
}

bool lower_gp_bind_src(lower_ctx *c, const nv_src *s, tgsi_src *out)
{
    gpb_var *gv = gpb_operand_var(c, s->var, s->offset);
    if (!gv)
        return false;
    tgsi_src r = gv->reg;
    if (gv->per_vertex) {
        if (s->has_rel)
            r = nvgp_tgsi_src_dimension_indirect(r, lower_gp_rel_addr(c, &s->rel, s->offset), 0);
        else
            r = nvgp_tgsi_src_dimension(r, 0);
        r.reg.dim_index = s->index;
        /* "texcoords[A0.x][1]": the element within the vertex's array */
        if (s->has_elem && s->elem_has_rel)
            r = nvgp_tgsi_src_indirect(r, lower_gp_rel_addr(c, &s->elem_rel, s->offset), 0);
        if (s->has_elem)
            r.reg.index += s->elem;
    } else {
        if (s->has_rel)
            r = nvgp_tgsi_src_indirect(r, lower_gp_rel_addr(c, &s->rel, s->offset), 0);
        r.reg.index += s->index;
    }
    if (gv->comp >= 0)
        r = nvgp_tgsi_src_scalar(r, (unsigned)gv->comp);
    *out = r;
    return true;
}

bool lower_gp_bind_dst(lower_ctx *c, const nv_dst *d, tgsi_dst *out)
{
    gpb_var *gv = gpb_operand_var(c, d->var, d->offset);
    if (!gv)
        return false;
    tgsi_dst r = nvgp_tgsi_dst_of(gv->reg);
    if (gv->per_vertex || gv->comp >= 0 || r.reg.file == TGSI_FILE_INPUT || r.reg.file == TGSI_FILE_SYSTEM_VALUE) {
        lower_error(c, d->offset, "this destination has no TGSI translation yet");
        return true;
    }
    if (d->has_rel)
        r = nvgp_tgsi_dst_indirect(r, lower_gp_rel_addr(c, &d->rel, d->offset), 0);
    r.reg.index += d->index;
    r.writemask = d->writemask & 0xf;
    *out = r;
    return true;
}

tgsi_imm_type lower_gp_param_words(const nv_var *v, const nv_const *k, uint32_t w[4])
{
    for (int i = 0; i < 4; i++) {
        if (v->mods & NV_VMOD_INT) {
            w[i] = k->is_int ? (uint32_t)(int32_t)k->d[i] : k->v.u[i];
        } else if (v->mods & NV_VMOD_UINT) {
            w[i] = k->is_int ? (uint32_t)k->d[i] : k->v.u[i];
        } else if (k->is_int) {
            float f = (float)k->d[i];
            memcpy(&w[i], &f, 4);
        } else {
            w[i] = k->v.u[i];
        }
    }
    return (v->mods & NV_VMOD_INT) ? TGSI_IMM_INT32 : (v->mods & NV_VMOD_UINT) ? TGSI_IMM_UINT32 : TGSI_IMM_FLOAT32;
}

/* ---- Declarations and per-program values ------------------------------------ */

/* PIPE_PRIM_* of the PRIMITIVE_IN / PRIMITIVE_OUT / TESS_MODE values. */
static int32_t gpb_pipe_prim(int32_t nv)
{
    static const int8_t prims[] = {
        [NV_PRIM_POINTS] = 0, [NV_PRIM_LINES] = 1, [NV_PRIM_LINES_ADJACENCY] = 10,
        [NV_PRIM_TRIANGLES] = 4, [NV_PRIM_TRIANGLES_ADJACENCY] = 12, [NV_PRIM_LINE_STRIP] = 3,
        [NV_PRIM_TRIANGLE_STRIP] = 5, [NV_PRIM_PATCHES] = 14, [NV_PRIM_QUADS] = 7,
        [NV_PRIM_ISOLINES] = 1,
    };
    return nv >= 0 && (size_t)nv < sizeof prims ? prims[nv] : -1;
}

/* Whether the program binds name; *offset where it first does. */
static bool gpb_uses(const lower_ctx *c, const char *name, uint32_t *offset)
{
    for (uint32_t v = 0; v < c->p->nvars; v++) {
        const nv_var *var = &c->p->vars[v];
        if (var->kind == NV_VAR_ATTRIB && var->nbindings && var->bindings[0].name &&
            !strcmp(var->bindings[0].name, name)) {
            *offset = var->offset;
            return true;
        }
    }
    return false;
}

/* Options that are TGSI properties: NV_early_fragment_tests, and
 * ARB_post_depth_coverage (which needs it) and NV_layer_viewport_relative
 * of the options of real programs. */
static const struct {
    uint8_t option;
    uint8_t property;
} option_properties[] = {
    {NV_OPTION_NV_early_fragment_tests, TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL},
    {NV_OPTION_ARB_post_depth_coverage, TGSI_PROPERTY_FS_POST_DEPTH_COVERAGE},
    {NV_OPTION_NV_layer_viewport_relative, TGSI_PROPERTY_LAYER_VIEWPORT_RELATIVE},
};

void lower_gp_bind_begin(lower_ctx *c)
{
    lower_gpb *g = gpb_state(c);
    if (!g)
        return;
    const nv_decls *d = &c->p->decls;
    tgsi_builder *b = c->b;
    /* what is made here belongs to the start of the program */
    nvgp_tgsi_builder_set_source_offset(b, c->p->ninsts ? c->p->insts[0].offset : c->p->end_offset);
    uint32_t global_at = 0, index_at = 0;
    bool global = gpb_uses(c, "invocation.globalid", &global_at);
    bool local_index = gpb_uses(c, "invocation.localindex", &index_at);
    for (size_t i = 0; i < sizeof option_properties / sizeof option_properties[0]; i++)
        if (nv_program_has_option(c->p, (nv_option)option_properties[i].option))
            nvgp_tgsi_build_property(b, (tgsi_property)option_properties[i].property, 1);
    switch (c->p->stage) {
    case NV_STAGE_GEOMETRY:
        if (gpb_pipe_prim(d->primitive_in) >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_INPUT_PRIM, (uint32_t)gpb_pipe_prim(d->primitive_in));
        if (gpb_pipe_prim(d->primitive_out) >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_OUTPUT_PRIM, (uint32_t)gpb_pipe_prim(d->primitive_out));
        if (nv_program_is_passthrough(c->p)) { /* the input primitive, once (gpb_passthrough_end) */
            int32_t out = d->primitive_in == NV_PRIM_POINTS ? NV_PRIM_POINTS
                          : d->primitive_in == NV_PRIM_LINES ? NV_PRIM_LINE_STRIP : NV_PRIM_TRIANGLE_STRIP;
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_OUTPUT_PRIM, (uint32_t)gpb_pipe_prim(out));
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, (uint32_t)gpb_input_vertices(c));
        }
        if (d->vertices_out >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, (uint32_t)d->vertices_out);
        if (d->invocations >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_INVOCATIONS, (uint32_t)d->invocations);
        break;
    case NV_STAGE_TESS_CTRL:
        if (d->vertices_out >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_TCS_VERTICES_OUT, (uint32_t)d->vertices_out);
        /* each invocation writes the attributes of its own output patch
         * vertex: OUT[invocation][i] */
        g->invocation = nvgp_tgsi_build_address(b);
        nvgp_tgsi_build_UARL(b, nvgp_tgsi_dst_writemask(g->invocation, 1),
                             nvgp_tgsi_build_system_value(b, TGSI_SEMANTIC_INVOCATIONID, 0));
        break;
    case NV_STAGE_TESS_EVAL:
        if (gpb_pipe_prim(d->tess_mode) >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_TES_PRIM_MODE, (uint32_t)gpb_pipe_prim(d->tess_mode));
        if (d->tess_spacing >= 0) /* PIPE_TESS_SPACING_FRACTIONAL_ODD, _EVEN, EQUAL */
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_TES_SPACING,
                                     d->tess_spacing == NV_SPACING_FRACTIONAL_ODD    ? 0u
                                     : d->tess_spacing == NV_SPACING_FRACTIONAL_EVEN ? 1u : 2u);
        if (d->tess_vertex_order >= 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_TES_VERTEX_ORDER_CW, d->tess_vertex_order == NV_ORDER_CW);
        if (d->tess_point_mode > 0)
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_TES_POINT_MODE, 1);
        break;
    case NV_STAGE_COMPUTE:
        if (d->group_size[0] >= 0) {
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH, (uint32_t)d->group_size[0]);
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT,
                                     d->group_size[1] >= 0 ? (uint32_t)d->group_size[1] : 1u);
            nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH,
                                     d->group_size[2] >= 0 ? (uint32_t)d->group_size[2] : 1u);
        }
        /* NV_compute_program5: globalid = groupid * groupsize + localid;
         * localindex = localid.x + size.x * (localid.y + size.y * localid.z) */
        if (global || local_index) {
            tgsi_src tid = nvgp_tgsi_build_system_value(b, TGSI_SEMANTIC_THREAD_ID, 0);
            tgsi_src size = nvgp_tgsi_build_system_value(b, TGSI_SEMANTIC_BLOCK_SIZE, 0);
            if (global) {
                nvgp_tgsi_builder_set_source_offset(b, global_at);
                tgsi_src bid = nvgp_tgsi_build_system_value(b, TGSI_SEMANTIC_BLOCK_ID, 0);
                g->globalid = nvgp_tgsi_build_temp(b);
                nvgp_tgsi_build_UMAD(b, g->globalid, bid, size, tid);
            }
            if (local_index) {
                nvgp_tgsi_builder_set_source_offset(b, index_at);
                g->localindex = nvgp_tgsi_build_temp(b);
                tgsi_dst x = nvgp_tgsi_dst_writemask(g->localindex, 1);
                nvgp_tgsi_build_UMAD(b, x, nvgp_tgsi_src_scalar(size, 1), nvgp_tgsi_src_scalar(tid, 2),
                                     nvgp_tgsi_src_scalar(tid, 1));
                nvgp_tgsi_build_UMAD(b, x, nvgp_tgsi_src_scalar(size, 0), nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(x), 0),
                                     nvgp_tgsi_src_scalar(tid, 0));
            }
        }
        break;
    default:
        break;
    }
}

/* NV_geometry_shader_passthrough: "A passthrough geometry program is
 * configured to emit a new output primitive with the same type and vertex
 * count as its input primitive.  For any result variable components
 * written by a passthrough geometry program instruction, the values are
 * broadcast to all vertices ... For any result binding components
 * specified in PASSTHROUGH statements, the component values for each input
 * primitive vertex are copied".  At the end of the program: per input
 * vertex, the PASSTHROUGH components from that vertex's attributes, then
 * EMIT (the outputs the program wrote stay as they are: the broadcast);
 * then ENDPRIM. */
static void gpb_passthrough_end(lower_ctx *c)
{
    const nv_decls *d = &c->p->decls;
    tgsi_builder *b = c->b;
    int32_t nvert = gpb_input_vertices(c);
    char name[192];
    for (int32_t v = 0; v < nvert && !c->failed; v++) {
        for (uint32_t k = 0; k < d->npassthrough && !c->failed; k++) {
            const nv_passthrough *pt = &d->passthrough[k];
            char base[128];
            int32_t n;
            lower_split_name(pt->b.name, base, sizeof base, &n);
            const gpb_row *r = strncmp(base, "result.", 7) ? NULL : FIND(vertex_like, base + 7);
            if (!r) {
                lower_error(c, pt->offset, "'%s' cannot be passed through", pt->b.name);
                return;
            }
            uint32_t count = pt->b.count ? pt->b.count : 1;
            for (uint32_t i = 0; i < count; i++) {
                int32_t e = (r->flags & R_INDEXED) ? n + (int32_t)i : 0;
                uint32_t idx = (uint32_t)(r->first + e), mask = pt->writemask;
                int comp = -1;
                if (r->kind == GPB_CLIP) { /* clip n: component n % 4 of CLIPDIST[n / 4] */
                    comp = e % 4;
                    idx = (uint32_t)(e / 4);
                    mask = (mask & 1) ? 1u << comp : 0;
                }
                if (!mask)
                    continue;
                tgsi_dst out = nvgp_tgsi_build_output(b, (tgsi_semantic)r->semantic, idx);
                tgsi_src in = nvgp_tgsi_src_dimension(nvgp_tgsi_build_input(b, (tgsi_semantic)r->semantic, idx), v);
                if (comp >= 0)
                    in = nvgp_tgsi_src_scalar(in, (unsigned)comp);
                lower_element_name(pt->b.name, i, name, sizeof name);
                if (v == 0) /* named once; every vertex's input by its own name */
                    lower_map_add_comp(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, -1, out.reg.index, (int8_t)comp, name);
                char vn[224];
                snprintf(vn, sizeof vn, "vertex[%d]%s", (int)v, name + 6);
                lower_map_add_comp(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, v, in.reg.index, (int8_t)comp, vn);
                nvgp_tgsi_build_MOV(b, nvgp_tgsi_dst_writemask(out, mask), in);
            }
        }
        nvgp_tgsi_build_EMIT(b, nvgp_tgsi_build_imm1u(b, 0));
    }
    nvgp_tgsi_build_ENDPRIM(b, nvgp_tgsi_build_imm1u(b, 0));
}

/* Called where the main program ends (before its END; once: later calls
 * do nothing). */
void lower_gp_bind_end(lower_ctx *c)
{
    lower_gpb *g = c->gps->bind;
    if (!g || g->ended)
        return;
    g->ended = true;
    if (c->p->stage == NV_STAGE_GEOMETRY && nv_program_is_passthrough(c->p))
        gpb_passthrough_end(c);
}

/* The copy of level i to its output component, where mask (if any) holds. */
static void copy_level(lower_ctx *c, int i, const tgsi_dst *mask)
{
    lower_gpb *g = c->gps->bind;
    if (mask)
        nvgp_tgsi_build_UIF(c->b, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(*mask), 0));
    nvgp_tgsi_build_MOV(c->b, nvgp_tgsi_dst_writemask(g->level_out[i], 1u << (i < 4 ? i : i - 4)),
                        nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(g->level[i]), 0));
    if (mask)
        nvgp_tgsi_build_ENDIF(c->b);
}

void lower_gp_bind_level_written(lower_ctx *c, const nv_dst *d, const tgsi_dst *mask)
{
    lower_gpb *g = c->gps->bind;
    if (!g || d->file != NV_FILE_OUTPUT || d->var >= c->p->nvars || !(d->writemask & 1))
        return;
    const gpb_var *gv = &g->vars[d->var];
    if (!gv->has || !gv->level)
        return;
    int first = gv->level - 1, count = gv->level_count ? gv->level_count : 1;
    if (!d->has_rel) {
        if (d->index >= 0 && d->index < count)
            copy_level(c, first + d->index, mask);
        return;
    }
    /* "l[R0.x]": the level the index selects, compared with each element
     * (an output component cannot be addressed relatively) */
    nv_src idx;
    memset(&idx, 0, sizeof idx);
    idx.file = d->rel.file;
    idx.var = d->rel.var;
    idx.index = (int32_t)d->rel.index;
    idx.offset = d->offset;
    idx.konst = UINT32_MAX;
    for (int k = 0; k < 4; k++)
        idx.swizzle[k] = d->rel.comp;
    tgsi_src value = nvgp_tgsi_src_scalar(lower_src(c, &idx), 0);
    tgsi_dst t = nvgp_tgsi_dst_writemask(nvgp_tgsi_build_temp(c->b), 1);
    for (int j = 0; j < count; j++) {
        nvgp_tgsi_build_USEQ(c->b, t, value, nvgp_tgsi_build_imm1i(c->b, j - d->index));
        if (mask)
            nvgp_tgsi_build_AND(c->b, t, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0),
                                nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(*mask), 0));
        copy_level(c, first + j, &t);
    }
    nvgp_tgsi_build_release_temp(c->b, t);
}

void lower_gp_bind_free(lower_ctx *c)
{
    if (c->gps->bind)
        free(c->gps->bind->vars);
    free(c->gps->bind);
    c->gps->bind = NULL;
}
