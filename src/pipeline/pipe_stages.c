/* The stages between the vertex program and primitive assembly, in GL's
 * order: tessellation (control program per patch, the primitive generator
 * of pipe_tess.c, evaluation program per generated vertex), then the
 * geometry program (pipe_geom.c).  Their rules are ARB_tessellation_shader's
 * (with NV_tessellation_program5's programs) and NV_geometry_program4's;
 * docs/pipeline.md lists them and docs/spec-decisions.md ("Pipeline
 * stages") the calls the specs leave to the implementation.
 *
 * Varyings travel between programs by TGSI semantic, as from the vertex to
 * the fragment program (pipe_vertex slots); per-patch values (TESSOUTER,
 * TESSINNER, PATCH[n]) travel beside the patch's vertices. */
#include "pipeline/pipe_internal.h"
#include "pipeline/pipe_tess.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PATCH_GENERICS = 32, TES_CHUNK = 1u << 16 };
/* Gallium's PIPE_PRIM numbers, as GS_INPUT_PRIM and TES_PRIM_MODE give them. */
enum { PRIM_LINES = 1, PRIM_TRIANGLES = 4, PRIM_QUADS = 7 };
/* TES_SPACING values. */
enum { SPACING_FRACTIONAL_ODD = 0, SPACING_FRACTIONAL_EVEN = 1, SPACING_EQUAL = 2 };

/* ---- Streams --------------------------------------------------------------------- */

pipe_vertex *pipe_stream_vertex(pipe_stream *st)
{
    if (st->num_verts == st->cap_verts) {
        uint32_t cap = st->cap_verts ? 2 * st->cap_verts : 256;
        if (st->num_verts >= PIPE_STREAM_MAX_VERTICES)
            return NULL;   /* past what any draw needs: a runaway */
        if (cap > PIPE_STREAM_MAX_VERTICES)
            cap = PIPE_STREAM_MAX_VERTICES;
        pipe_vertex *v = realloc(st->verts, (size_t)cap * sizeof *v);
        if (!v)
            return NULL;
        st->verts = v;
        st->cap_verts = cap;
    }
    st->owned = true;
    return &st->verts[st->num_verts++];
}

bool pipe_stream_batch(pipe_stream *st, nvgp_pipe_prim prim, uint32_t first, int32_t viewport)
{
    uint32_t count = st->num_verts - first;
    if (count == 0)
        return true;
    /* independent primitives of one type and viewport, one after the other,
     * join the batch before them */
    pipe_batch *last = st->num_batches ? &st->batches[st->num_batches - 1] : NULL;
    bool independent = prim == NVGP_PIPE_POINTS || prim == NVGP_PIPE_LINES ||
                       prim == NVGP_PIPE_TRIANGLES;
    if (last && independent && last->prim == prim && last->viewport == viewport &&
        last->first + last->count == first) {
        last->count += count;
        return true;
    }
    if (st->num_batches == st->cap_batches) {
        uint32_t cap = st->cap_batches ? 2 * st->cap_batches : 16;
        pipe_batch *b = realloc(st->batches, (size_t)cap * sizeof *b);
        if (!b)
            return false;
        st->batches = b;
        st->cap_batches = cap;
    }
    st->batches[st->num_batches++] = (pipe_batch){prim, first, count, viewport};
    return true;
}

void pipe_stream_free(pipe_stream *st)
{
    if (st->owned)
        free(st->verts);
    free(st->batches);
    memset(st, 0, sizeof *st);
}

/* ---- Programs ------------------------------------------------------------------- */

void pipe_vertex_init(pipe_vertex *pv)
{
    for (int k = 0; k < VARY_COUNT; k++) {
        pv->v[k][0] = pv->v[k][1] = pv->v[k][2] = 0.0f;
        pv->v[k][3] = 1.0f;
    }
}

void pipe_program_vertex_out(const pipe_program *p, uint32_t thread, pipe_vertex *pv)
{
    pipe_vertex_init(pv);
    for (uint32_t n = 0; n < p->num_outputs; n++) {
        const pipe_io *io = &p->outputs[n];
        int slot = pipe_varying_slot(io->semantic, io->semantic_index);
        if (slot >= 0 && pipe_machine_written(p->machine, io->index))
            pipe_machine_output(p->machine, thread, io->index, pv->v[slot]);
    }
}

bool pipe_program_writes(const pipe_program *p, unsigned semantic)
{
    for (uint32_t n = 0; n < p->num_outputs; n++)
        if (p->outputs[n].semantic == semantic &&
            pipe_machine_written(p->machine, p->outputs[n].index))
            return true;
    return false;
}

bool pipe_program_bind(pipe_program *p, const nvgp_pipe_state *s, uint32_t invocations,
                       uint32_t vertices, char *err, size_t errlen)
{
    pipe_machine *m = p->machine;
    if (!pipe_machine_begin_vertices(m, invocations, vertices) ||
        !pipe_machine_constants(m, p->constants, p->num_constants)) {
        snprintf(err, errlen, "cannot set up a run of %u invocations of the %s program",
                 invocations, pipe_stage_name(p->stage));
        return false;
    }
    return pipe_program_textures(p, s);
}

bool pipe_program_textures(pipe_program *p, const nvgp_pipe_state *s)
{
    pipe_machine *m = p->machine;
    for (uint32_t k = 0; k < p->num_samplers; k++) {
        int32_t unit = p->sampler_unit[k];
        if (unit >= 0 && s->texture[unit])
            pipe_machine_texture(m, k, s->texture[unit]);
        else if (unit >= 0)
            pipe_machine_incomplete_texture(m, k);
    }
    return true;
}

/* Per-vertex inputs of invocation inv from the vertices of its primitive
 * or patch (IN[v][i] by semantic slot). */
void pipe_program_vertex_inputs(pipe_program *p, uint32_t inv, const pipe_vertex *const *verts,
                                uint32_t n)
{
    for (uint32_t k = 0; k < p->num_inputs; k++) {
        const pipe_io *io = &p->inputs[k];
        int slot = pipe_varying_slot(io->semantic, io->semantic_index);
        if (slot < 0)
            continue;
        for (uint32_t v = 0; v < n; v++)
            pipe_machine_input_vertex(p->machine, inv, v, io->index, verts[v]->v[slot]);
    }
}

/* ---- Tessellation ------------------------------------------------------------------ */

typedef struct patch_data {
    float outer[4], inner[2];
    float generic[PATCH_GENERICS][4];
} patch_data;

typedef struct tess_ctx {
    const nvgp_pipe_state *s;
    const pipe_stage_programs *p;
    uint32_t patches, in_vertices;      /* per patch, into the control program */
    uint32_t out_vertices;              /* per patch, into the evaluation program */
    const pipe_vertex *in;
    pipe_vertex *control_out;           /* patches * out_vertices (NULL: no TCS) */
    patch_data *patch;
    char *err;
    size_t errlen;
} tess_ctx;

static const pipe_vertex *patch_vertex(const tess_ctx *t, uint32_t patch, uint32_t v)
{
    return t->control_out ? &t->control_out[(size_t)patch * t->out_vertices + v]
                          : &t->in[(size_t)patch * t->in_vertices + v];
}

/* The control program: one invocation per patch, TCS_VERTICES_OUT threads
 * each; per-vertex outputs become the output patch, patch outputs (the
 * levels, PATCH[n]) its per-patch data. */
static bool run_control(tess_ctx *t)
{
    pipe_program *tcs = t->p->tcs;
    if (!pipe_program_bind(tcs, t->s, t->patches, t->in_vertices, t->err, t->errlen))
        return false;
    const pipe_vertex *verts[NVGP_PIPE_MAX_PATCH_VERTICES];
    for (uint32_t pa = 0; pa < t->patches; pa++) {
        for (uint32_t v = 0; v < t->in_vertices; v++)
            verts[v] = &t->in[(size_t)pa * t->in_vertices + v];
        pipe_program_vertex_inputs(tcs, pa, verts, t->in_vertices);
    }
    if (!pipe_machine_run(tcs->machine, t->err, t->errlen))
        return false;
    t->out_vertices = pipe_machine_threads_per_invocation(tcs->machine);
    t->control_out = calloc((size_t)t->patches * t->out_vertices, sizeof *t->control_out);
    if (!t->control_out) {
        snprintf(t->err, t->errlen, "out of memory for %u patches", t->patches);
        return false;
    }
    for (uint32_t th = 0; th < t->patches * t->out_vertices; th++)
        pipe_program_vertex_out(tcs, th, &t->control_out[th]);
    for (uint32_t pa = 0; pa < t->patches; pa++) {
        patch_data *pd = &t->patch[pa];
        uint32_t th = pa * t->out_vertices;
        for (uint32_t n = 0; n < tcs->num_outputs; n++) {
            const pipe_io *io = &tcs->outputs[n];
            float v[4];
            if (!pipe_machine_written(tcs->machine, io->index))
                continue;
            pipe_machine_output(tcs->machine, th, io->index, v);
            if (io->semantic == TGSI_SEMANTIC_TESSOUTER)
                memcpy(pd->outer, v, sizeof pd->outer);
            else if (io->semantic == TGSI_SEMANTIC_TESSINNER)
                memcpy(pd->inner, v, sizeof pd->inner);
            else if (io->semantic == TGSI_SEMANTIC_PATCH && io->semantic_index < PATCH_GENERICS)
                memcpy(pd->generic[io->semantic_index], v, sizeof v);
        }
    }
    return true;
}

/* The generator's settings from the evaluation program's properties
 * (TES_SPACING absent: equal spacing; vertex order absent: CCW). */
static bool tess_params(const tess_ctx *t, pipe_tess_params *tp)
{
    const pipe_program *tes = t->p->tes;
    uint32_t mode = pipe_program_property(tes, TGSI_PROPERTY_TES_PRIM_MODE, UINT32_MAX);
    if (mode == PRIM_TRIANGLES)
        tp->mode = PIPE_TESS_TRIANGLES;
    else if (mode == PRIM_QUADS)
        tp->mode = PIPE_TESS_QUADS;
    else if (mode == PRIM_LINES)
        tp->mode = PIPE_TESS_ISOLINES;
    else {
        snprintf(t->err, t->errlen, "programs.tess_evaluation: the program gives no primitive "
                                    "mode (TESS_MODE / TES_PRIM_MODE of triangles, quads or "
                                    "isolines)");
        return false;
    }
    uint32_t sp = pipe_program_property(tes, TGSI_PROPERTY_TES_SPACING, SPACING_EQUAL);
    tp->spacing = sp == SPACING_FRACTIONAL_ODD    ? PIPE_TESS_FRACTIONAL_ODD
                  : sp == SPACING_FRACTIONAL_EVEN ? PIPE_TESS_FRACTIONAL_EVEN
                                                  : PIPE_TESS_EQUAL;
    tp->cw = pipe_program_property(tes, TGSI_PROPERTY_TES_VERTEX_ORDER_CW, 0) != 0;
    tp->point_mode = pipe_program_property(tes, TGSI_PROPERTY_TES_POINT_MODE, 0) != 0;
    return true;
}

static void float_words(uint32_t w[4], const float *f, int n)
{
    float v[4] = {0, 0, 0, 0};
    memcpy(v, f, (size_t)n * sizeof *f);
    memcpy(w, v, sizeof v);
}

/* Evaluation inputs of one invocation: the patch's vertices (IN[v][i]),
 * its per-patch values (1-D IN of semantic PATCH, TESSOUTER, TESSINNER),
 * and the system values TESSCOORD, TESSOUTER, TESSINNER and PRIMID (the
 * patch number). */
static void evaluation_inputs(const tess_ctx *t, uint32_t inv, uint32_t patch,
                              const float coord[3])
{
    pipe_program *tes = t->p->tes;
    const patch_data *pd = &t->patch[patch];
    const pipe_vertex *verts[NVGP_PIPE_MAX_PATCH_VERTICES];
    uint32_t nv = t->out_vertices < NVGP_PIPE_MAX_PATCH_VERTICES ? t->out_vertices
                                                                 : NVGP_PIPE_MAX_PATCH_VERTICES;
    for (uint32_t v = 0; v < nv; v++)
        verts[v] = patch_vertex(t, patch, v);
    pipe_program_vertex_inputs(tes, inv, verts, nv);
    for (uint32_t k = 0; k < tes->num_inputs; k++) {
        const pipe_io *io = &tes->inputs[k];
        const float *v = io->semantic == TGSI_SEMANTIC_TESSOUTER ? pd->outer
                         : io->semantic == TGSI_SEMANTIC_TESSINNER ? NULL
                         : io->semantic == TGSI_SEMANTIC_PATCH && io->semantic_index < PATCH_GENERICS
                             ? pd->generic[io->semantic_index]
                             : NULL;
        float inner[4] = {pd->inner[0], pd->inner[1], 0, 0};
        if (io->semantic == TGSI_SEMANTIC_TESSINNER)
            v = inner;
        if (v)
            pipe_machine_input_vertex(tes->machine, inv, 0, io->index, v);
    }
    uint32_t w[4];
    float_words(w, coord, 3);
    pipe_machine_system_value(tes->machine, inv, TGSI_SEMANTIC_TESSCOORD, w);
    float_words(w, pd->outer, 4);
    pipe_machine_system_value(tes->machine, inv, TGSI_SEMANTIC_TESSOUTER, w);
    float_words(w, pd->inner, 2);
    pipe_machine_system_value(tes->machine, inv, TGSI_SEMANTIC_TESSINNER, w);
    uint32_t prim[4] = {patch, 0, 0, 0};
    pipe_machine_system_value(tes->machine, inv, TGSI_SEMANTIC_PRIMID, prim);
}

static const nvgp_pipe_prim tess_prim[4] = {NVGP_PIPE_TRIANGLES, NVGP_PIPE_POINTS,
                                            NVGP_PIPE_LINES, NVGP_PIPE_TRIANGLES};

/* Runs the evaluation program over patches [first, last) whose generated
 * vertices are gen[first .. last), and appends their primitives. */
static bool run_evaluation(tess_ctx *t, const pipe_tess_result *gen, uint32_t first,
                           uint32_t last, pipe_stream *out)
{
    pipe_program *tes = t->p->tes;
    uint32_t n = 0;
    for (uint32_t pa = first; pa < last; pa++)
        n += gen[pa].num_coords;
    if (n == 0)
        return true;
    if (!pipe_program_bind(tes, t->s, n, t->out_vertices, t->err, t->errlen))
        return false;
    uint32_t inv = 0;
    for (uint32_t pa = first; pa < last; pa++)
        for (uint32_t k = 0; k < gen[pa].num_coords; k++)
            evaluation_inputs(t, inv++, pa, gen[pa].coord[k]);
    if (!pipe_machine_run(tes->machine, t->err, t->errlen))
        return false;
    pipe_vertex *ev = malloc((size_t)n * sizeof *ev);
    if (!ev) {
        snprintf(t->err, t->errlen, "out of memory for %u tessellated vertices", n);
        return false;
    }
    for (uint32_t i = 0; i < n; i++)
        pipe_program_vertex_out(tes, i, &ev[i]);
    bool ok = true;
    uint32_t base = 0;
    for (uint32_t pa = first; ok && pa < last; pa++) {
        const pipe_tess_result *g = &gen[pa];
        uint32_t start = out->num_verts;
        for (uint32_t k = 0; ok && k < g->num_prims * g->prim_vertices; k++) {
            pipe_vertex *dst = pipe_stream_vertex(out);
            if (dst)
                *dst = ev[base + g->index[k]];
            ok = dst != NULL;
        }
        ok = ok && pipe_stream_batch(out, tess_prim[g->prim_vertices], start, 0);
        base += g->num_coords;
    }
    free(ev);
    if (!ok)
        snprintf(t->err, t->errlen, "the tessellated primitives take more than %u vertices or "
                                    "more memory than there is", PIPE_STREAM_MAX_VERTICES);
    return ok;
}

/* Tessellates the draw's patches into `out`; *prim is the type of what the
 * generator makes (points, lines or triangles), even when every patch is
 * discarded. */
static bool run_tessellation(const nvgp_pipe_state *s, const pipe_stage_programs *p,
                             const pipe_vertex *in, uint32_t count, pipe_stream *out,
                             nvgp_pipe_prim *prim, char *err, size_t errlen)
{
    tess_ctx t = {s, p, count / s->patch_vertices, s->patch_vertices, s->patch_vertices, in,
                  NULL, NULL, err, errlen};
    pipe_tess_params tp;
    if (!tess_params(&t, &tp))
        return false;
    *prim = tp.point_mode ? NVGP_PIPE_POINTS
            : tp.mode == PIPE_TESS_ISOLINES ? NVGP_PIPE_LINES : NVGP_PIPE_TRIANGLES;
    if (t.patches == 0)
        return true;   /* fewer vertices than a patch: nothing is drawn */
    t.patch = calloc(t.patches, sizeof *t.patch);
    pipe_tess_result *gen = calloc(t.patches, sizeof *gen);
    bool ok = t.patch && gen;
    if (!ok)
        snprintf(err, errlen, "out of memory for %u patches", t.patches);
    if (ok && p->tcs) {
        ok = run_control(&t);
    } else if (ok) {
        for (uint32_t pa = 0; pa < t.patches; pa++) {
            memcpy(t.patch[pa].outer, s->patch_default_outer, sizeof t.patch[pa].outer);
            memcpy(t.patch[pa].inner, s->patch_default_inner, sizeof t.patch[pa].inner);
        }
    }
    /* patches in chunks of at most TES_CHUNK generated vertices */
    uint32_t first = 0, pending = 0;
    for (uint32_t pa = 0; ok && pa < t.patches; pa++) {
        ok = pipe_tess_generate(&tp, t.patch[pa].outer, t.patch[pa].inner, &gen[pa]);
        if (!ok) {
            snprintf(err, errlen, "out of memory tessellating patch %u", pa);
            break;
        }
        pending += gen[pa].num_coords;
        if (pending >= TES_CHUNK || pa + 1 == t.patches) {
            ok = run_evaluation(&t, gen, first, pa + 1, out);
            for (uint32_t k = first; k <= pa; k++)
                pipe_tess_free(&gen[k]);
            first = pa + 1;
            pending = 0;
        }
    }
    for (uint32_t pa = first; gen && pa < t.patches; pa++)
        pipe_tess_free(&gen[pa]);
    free(gen);
    free(t.patch);
    free(t.control_out);
    return ok;
}

/* ---- The stages together ----------------------------------------------------------- */

bool pipe_stages_run(const nvgp_pipe_state *s, const pipe_stage_programs *p, nvgp_pipe_prim prim,
                     pipe_vertex *in, uint32_t count, pipe_stream *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->writes_psize = -1;
    /* ARB_tessellation_shader: tessellation takes patches only, patches
     * need an evaluation program, and a control program alone cannot draw */
    if (p->tcs && !p->tes) {
        snprintf(err, errlen, "programs.tess_control: a tessellation control program needs a "
                              "tessellation evaluation program (programs.tess_evaluation)");
        return false;
    }
    if (p->tes && prim != NVGP_PIPE_PATCHES) {
        snprintf(err, errlen, "primitive: with a tessellation evaluation program the primitive "
                              "must be patches");
        return false;
    }
    if (!p->tes && prim == NVGP_PIPE_PATCHES) {
        snprintf(err, errlen, "primitive: patches need a tessellation evaluation program "
                              "(programs.tess_evaluation)");
        return false;
    }
    if (prim == NVGP_PIPE_PATCHES &&
        (s->patch_vertices < 1 || s->patch_vertices > NVGP_PIPE_MAX_PATCH_VERTICES)) {
        snprintf(err, errlen, "patch_vertices: %u is out of range (1..%d)", s->patch_vertices,
                 NVGP_PIPE_MAX_PATCH_VERTICES);
        return false;
    }
    pipe_stream tess;
    memset(&tess, 0, sizeof tess);
    const pipe_vertex *cur = in;
    uint32_t n = count;
    if (p->tes) {
        if (!run_tessellation(s, p, in, count, &tess, &prim, err, errlen)) {
            pipe_stream_free(&tess);
            return false;
        }
        cur = tess.verts;
        n = tess.num_verts;
        tess.writes_psize = pipe_program_writes(p->tes, TGSI_SEMANTIC_PSIZE);
    }
    if (p->gs) {
        bool ok = pipe_geom_run(s, p->gs, prim, p->tes != NULL, cur, n, out, err, errlen);
        out->writes_psize = pipe_program_writes(p->gs, TGSI_SEMANTIC_PSIZE);
        pipe_stream_free(&tess);
        return ok;
    }
    if (p->tes) {
        *out = tess;
        return true;
    }
    if (prim >= NVGP_PIPE_LINES_ADJACENCY) {
        if (!pipe_geom_drop_adjacency(prim, in, count, out)) {
            snprintf(err, errlen, "out of memory for %u vertices", count);
            return false;
        }
        return true;
    }
    out->verts = in;
    out->num_verts = count;
    out->owned = false;
    if (!pipe_stream_batch(out, prim, 0, 0)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    return true;
}
