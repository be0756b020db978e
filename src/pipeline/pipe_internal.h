/* Inside the pipeline: what a draw knows about each bound program, the
 * varying slots vertices carry from the vertex stage to the rasteriser, and
 * the steps' entry points. */
#ifndef NVGP_PIPELINE_PIPE_INTERNAL_H
#define NVGP_PIPELINE_PIPE_INTERNAL_H

#include "pipeline/pipe_machine.h"
#include "nvgp_pipeline.h"

#include "lower/lower.h"
#include "tgsi/tgsi_ir.h"

/* Varying slots: a vertex's results, addressed by TGSI semantic.  Vertex
 * outputs and fragment inputs meet by slot (Gallium's linkage). */
enum {
    VARY_POSITION,      /* clip coordinates */
    VARY_COLOR0, VARY_COLOR1, VARY_BCOLOR0, VARY_BCOLOR1,
    VARY_FOG,
    VARY_PSIZE,
    VARY_CLIPDIST0, VARY_CLIPDIST1,
    VARY_LAYER, VARY_VIEWPORT_INDEX, /* integers (x) from a geometry program,
                                        for ARB_fragment_layer_viewport */
    VARY_GENERIC0,
    VARY_GENERICS = 32,
    VARY_COUNT = VARY_GENERIC0 + VARY_GENERICS
};

/* The slot of a semantic, or -1 for one the pipeline does not carry. */
int pipe_varying_slot(unsigned semantic, unsigned index);

typedef struct pipe_vertex {
    float v[VARY_COUNT][4];
} pipe_vertex;

typedef struct pipe_io {
    uint32_t index;       /* TGSI register */
    uint8_t semantic;     /* tgsi_semantic */
    uint8_t interpolate;  /* tgsi_interpolate (fragment inputs) */
    uint32_t semantic_index;
    uint8_t location;     /* tgsi_interpolate_loc (fragment inputs) */
} pipe_io;

/* One bound program, ready to run. */
typedef struct pipe_program {
    const nvgp_program *program;
    const tgsi_program *tgsi;
    const nvgp_lower_map *map;   /* NULL for TGSI text */
    pipe_machine *machine;
    pipe_io inputs[64], outputs[64];
    uint32_t num_inputs, num_outputs;
    bool inputs_in_order;        /* inputs[k] is IN[k]: a batch laid out as the
                                    executor keeps its inputs */
    pipe_io sysvals[8];          /* fragment system values the pipeline sets
                                    (sample id, position, mask; facing) */
    uint32_t num_sysvals;
    bool early_tests;            /* NV_early_fragment_tests (FS_EARLY_DEPTH_STENCIL) */
    bool post_depth_coverage;    /* ARB_post_depth_coverage: the sample mask
                                    input after the early tests */
    bool per_sample;             /* reads the sample id or position, or has a
                                    SAMPLE input: runs once per sample */
    bool position_invariant;     /* ARB_position_invariant: user clip planes apply */
    bool uses_interp;            /* INTERP_CENTROID / _SAMPLE / _OFFSET (IPAC, IPAS, IPAO) */
    bool may_discard;            /* has KILL, KILL_IF, KIL, KILP or DEMOTE */
    bool reuse;                  /* its machine goes back to the program's cache */
    float *constants;            /* 4 floats per CONST register */
    uint32_t num_constants;
    int32_t sampler_unit[NVGP_PIPE_TEXTURE_UNITS]; /* SAMP[i] -> unit, -1 none */
    uint32_t num_samplers;
    bool origin_upper_left, center_integer; /* fragment position conventions */
    int fog_option;              /* -1 none, else nvgp_pipe_fog_mode */
    bool nv_vertex;              /* VP1.x/VP2.0: NV colour-sum rules */
    nvgp_pipe_stage stage;
} pipe_program;

/* pipe_program.c: loads a bound program for a stage (its TGSI, IO lists,
 * constants resolved against the state); false with err set. */
bool pipe_program_init(pipe_program *p, const nvgp_program *prog, nvgp_pipe_stage stage,
                       const nvgp_pipe_state *s, char *err, size_t errlen);
void pipe_program_fini(pipe_program *p);
/* Whether the program stores to memory or uses atomics (effects beyond
 * its outputs, ordered across invocations). */
bool pipe_program_side_effects(const pipe_program *p);
/* Machines taken from a program's cache (for tests; not exact when draws
 * run on several user threads at once). */
extern unsigned pipe_debug_machines_reused;
const char *pipe_stage_name(nvgp_pipe_stage stage);
/* Why GL would refuse binding bytes to parameter buffer binding point
 * index of a stage (BindBufferRangeNV's INVALID_VALUE), or NULL when it
 * would not. */
const char *pipe_parameter_buffer_check(nvgp_pipe_stage stage, uint32_t index, const void *data,
                                        size_t bytes);
/* A TGSI property's first value, or fallback when the program has none. */
uint32_t pipe_program_property(const pipe_program *p, unsigned property, uint32_t fallback);

/* pipe_stages.c / pipe_geom.c: what the stages after the vertex program
 * hand to primitive assembly: vertices and batches of them, each drawn as
 * one primitive type through one viewport. */
typedef struct pipe_batch {
    nvgp_pipe_prim prim;      /* never an adjacency type or PATCHES */
    uint32_t first, count;
    int32_t viewport;         /* viewport index (-1: draw nothing) */
} pipe_batch;

/* Vertices the stages may hand on from one draw (each is ~650 bytes). */
#define PIPE_STREAM_MAX_VERTICES (1u << 22)

typedef struct pipe_stream {
    pipe_vertex *verts;       /* owned when `owned` */
    uint32_t num_verts, cap_verts;
    bool owned;
    pipe_batch *batches;
    uint32_t num_batches, cap_batches;
    int writes_psize;         /* the last stage after the vertex program
                                 writes PSIZE (1) or not (0); -1: none ran */
} pipe_stream;

/* The programs of the stages after the vertex stage (NULL machine: not
 * bound). */
typedef struct pipe_stage_programs {
    pipe_program *tcs, *tes, *gs;
} pipe_stage_programs;

/* Runs tessellation and geometry over the vertex stage's output `in`
 * (count vertices of primitive type prim).  Without those stages the
 * stream is `in` itself (not copied).  False with err set. */
bool pipe_stages_run(const nvgp_pipe_state *s, const pipe_stage_programs *p, nvgp_pipe_prim prim,
                     pipe_vertex *in, uint32_t count, pipe_stream *out, char *err, size_t errlen);
void pipe_stream_free(pipe_stream *st);
/* Stream building (pipe_stages.c): a vertex slot, and a batch of the
 * vertices appended since `first`; false when memory ran out. */
pipe_vertex *pipe_stream_vertex(pipe_stream *st);
bool pipe_stream_batch(pipe_stream *st, nvgp_pipe_prim prim, uint32_t first, int32_t viewport);
/* pipe_geom.c: the geometry stage, and primitives with adjacency drawn
 * without it (their adjacent vertices dropped). */
bool pipe_geom_run(const nvgp_pipe_state *s, pipe_program *gs, nvgp_pipe_prim prim,
                   bool tessellated, const pipe_vertex *in, uint32_t count, pipe_stream *out,
                   char *err, size_t errlen);
bool pipe_geom_drop_adjacency(nvgp_pipe_prim prim, const pipe_vertex *in, uint32_t count,
                              pipe_stream *out);
void pipe_vertex_init(pipe_vertex *pv);
/* Starts a run of the program (constants, textures) of invocations reading
 * `vertices` input vertices each; false with err set. */
bool pipe_program_bind(pipe_program *p, const nvgp_pipe_state *s, uint32_t invocations,
                       uint32_t vertices, char *err, size_t errlen);
/* Binds the program's samplers' textures (GL's incomplete texture where
 * a unit has none). */
bool pipe_program_textures(pipe_program *p, const nvgp_pipe_state *s);
/* IN[v][i] of an invocation from n vertices, by semantic slot. */
void pipe_program_vertex_inputs(pipe_program *p, uint32_t inv, const pipe_vertex *const *verts,
                                uint32_t n);
/* A program's outputs of one thread into a vertex (by semantic slot). */
void pipe_program_vertex_out(const pipe_program *p, uint32_t thread, pipe_vertex *pv);
/* The OUT register with a semantic, or -1. */
int pipe_program_output(const pipe_program *p, unsigned semantic, unsigned index);
/* Whether the program's run wrote an output of a semantic. */
bool pipe_program_writes(const pipe_program *p, unsigned semantic);

/* pipe_state.c: the value of a parameter binding named as the translation's
 * map spells it (program.env[n], state.matrix.mvp.row[1], c[5], ...);
 * false for a name the pipeline does not know. */
bool pipe_state_binding(const nvgp_pipe_state *s, nvgp_pipe_stage stage, const char *name,
                        float out[4]);
/* Row-major 4x4 helpers. */
bool pipe_mat_inverse(float out[16], const float m[16]);
void pipe_mat_transpose(float out[16], const float m[16]);
void pipe_mat_vec(float out[4], const float m[16], const float v[4]);

/* pipe_raster.c: one clipped triangle in window coordinates. */
typedef struct pipe_draw pipe_draw;
typedef struct pipe_wvertex {
    double x, y, z, inv_w;        /* window coordinates, 1 / w_clip */
    const pipe_vertex *attr;      /* varyings (clip-space interpolated) */
} pipe_wvertex;

/* One lane of a fragment batch: a pixel (or, run per sample, one sample
 * of it) with the samples it covers. */
typedef struct pipe_frag {
    int32_t x, y;
    bool covered;            /* false: a helper lane */
    bool front;
    int8_t sample;           /* the sample a per-sample lane is; -1 per pixel */
    uint32_t mask;           /* covered samples, bit s for sample s */
    uint32_t mask_in;        /* the primitive's coverage, before early tests */
    float z;                 /* window z where the inputs are taken */
    float zs[NVGP_PIPE_MAX_SAMPLES]; /* window z at each sample */
    float color[4];          /* fixed-function colour */
    float fog;               /* fog coordinate */
} pipe_frag;

struct pipe_draw {
    const nvgp_pipe_state *s;
    nvgp_pipe_fb *fb;
    uint32_t samples, full_mask; /* the framebuffer's samples, all their bits */
    bool ms;                     /* multisample rasterisation (samples > 1, MULTISAMPLE) */
    bool per_sample;             /* the fragment program runs once per sample */
    double sample_x[NVGP_PIPE_MAX_SAMPLES], sample_y[NVGP_PIPE_MAX_SAMPLES];
    int64_t sample_fx[NVGP_PIPE_MAX_SAMPLES], sample_fy[NVGP_PIPE_MAX_SAMPLES];
    uint32_t stipple_count;      /* line stipple counter (GL's s), reset per line */
    pipe_program *fp;            /* NULL: fixed-function fragment colour */
    bool color_sum;
    int fog_mode;                /* -1: no fog */
    int32_t clip_x0, clip_y0, clip_x1, clip_y1; /* pixel rectangle drawn */
    bool front;                  /* facing of the polygon being drawn */
    /* the fragment batch: lanes in quads, their fragment-program inputs */
    struct pipe_frag *frags;
    float *inputs;
    uint32_t num_frags, cap_frags;
    struct tri_planes *planes;   /* the triangle being drawn (pipe_tri.h) */
    bool *discarded;             /* a run's killed or demoted lanes */
    struct pipe_span *span;      /* the span path's data (pipe_span.h) */
    bool span_batch;             /* the batch holds the span path's quads */
    struct pipe_bands *bands;    /* triangles recorded for band workers (pipe_bands.c) */
    uint32_t band_count, band_index; /* a band worker draws the quad rows of
                                        its bands only (count 0: every row) */
    char *err;
    size_t errlen;
    bool failed;
};

bool pipe_raster_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                          const pipe_wvertex *v2, const pipe_vertex *provoking);
/* A point of `size` pixels and a line segment of `width` (rounded to
 * integers >= 1 by the single-sample rules; sprites and multisample points
 * and lines take them as they are), already clipped; always front-facing.
 * A line continues the stipple count d->stipple_count. */
bool pipe_raster_point(pipe_draw *d, const pipe_wvertex *v, double size);
bool pipe_raster_line(pipe_draw *d, const pipe_wvertex *a, const pipe_wvertex *b,
                      const pipe_vertex *provoking, double width);
/* The colour slot (VARY_COLOR0 or 1) a fragment reads: the back colours
 * for back-facing polygons when two-sided colour selection is on. */
int pipe_color_slot(const pipe_draw *d, int slot);
/* Allocates the draw's fragment batch on first use; false with d->failed
 * set when memory ran out.  pipe_raster_batch_free frees it. */
bool pipe_raster_batch(pipe_draw *d);
void pipe_raster_batch_free(pipe_draw *d);
/* Leaves d without a batch, as before its first fragment (a copy of a
 * draw that must not share the original's). */
void pipe_raster_batch_none(pipe_draw *d);
/* Clips a rectangle of candidate pixels [x0, x1) x [y0, y1) to the
 * drawable rectangle and widens its start to whole 2x2 quads; false when
 * nothing is left. */
static inline bool pipe_clip_quads(const pipe_draw *d, int64_t *x0, int64_t *y0, int64_t *x1,
                                   int64_t *y1)
{
    *x0 = *x0 < d->clip_x0 ? d->clip_x0 : *x0;
    *y0 = *y0 < d->clip_y0 ? d->clip_y0 : *y0;
    *x1 = *x1 > d->clip_x1 ? d->clip_x1 : *x1;
    *y1 = *y1 > d->clip_y1 ? d->clip_y1 : *y1;
    if (*x0 >= *x1 || *y0 >= *y1)
        return false;
    *x0 &= ~(int64_t)1;
    *y0 &= ~(int64_t)1;
    return true;
}
/* Tests set it to make every draw take the general paths, to compare them
 * with the fast ones; false otherwise. */
extern bool pipe_debug_general_path;
/* Runs and resolves the fragments still batched. */
bool pipe_raster_flush(pipe_draw *d);
/* Sets up the draw's sample fields from its framebuffer and state. */
void pipe_raster_setup(pipe_draw *d);

/* pipe_bands.c: a big draw's fragment work spread over the state's host
 * threads by bands of pixel rows (the same image, bit for bit).  start
 * decides whether it pays and is safe (nothing happens otherwise);
 * triangle records one; finish has every band draw what is recorded and
 * flush, and ends the banding (the draw's end, or its first point or
 * line); discard drops it (a failed draw). */
enum { PIPE_BAND_ROWS = 16 };
void pipe_bands_start(pipe_draw *d);
/* Draws that started banding (for tests to know the bands ran). */
extern unsigned pipe_debug_banded_draws;
bool pipe_bands_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                         const pipe_wvertex *v2, const pipe_vertex *provoking);
bool pipe_bands_finish(pipe_draw *d);
void pipe_bands_discard(pipe_draw *d);
/* Whether quad row qy (even) is one a band worker draws. */
static inline bool pipe_band_row(const pipe_draw *d, int64_t qy)
{
    return d->band_count <= 1 ||
           (uint64_t)(qy / PIPE_BAND_ROWS) % d->band_count == d->band_index;
}

/* pipe_fragment.c: the per-fragment operations on fragment f's samples in
 * mask.  early: the stencil and depth tests before the fragment program
 * (NV_early_fragment_tests), updating the buffers; returns the samples
 * that pass.  write: fog, alpha test, (unless early) stencil and depth
 * tests, blending with the second source colour1 (NULL: zero) and the
 * masked write; z_program is the program's depth for every sample, or NULL
 * for each sample's own. */
uint32_t pipe_frag_early(pipe_draw *d, const pipe_frag *f, uint32_t mask);
void pipe_frag_write(pipe_draw *d, const pipe_frag *f, uint32_t mask, float color[4],
                     const float *color1, const float *z_program, bool early);
/* Whether the state leaves pipe_frag_write nothing but the store (no fog,
 * alpha, stencil or depth test, blending, alpha to coverage or one, a full
 * colour mask), so that pipe_frag_store gives the same buffer. */
bool pipe_frag_plain(const pipe_draw *d);
/* The same but for the depth test (with or without its write) and
 * blending, which the caller does itself (pipe_frag_compare, pipe_blend). */
bool pipe_frag_simple(const pipe_draw *d);
/* GL's comparison function func: does `value` pass against `stored`? */
bool pipe_frag_compare(uint8_t func, double value, double stored);
/* The depth test of z at sample index at, without a stencil test, and the
 * depth write; true when it passes (or the test is off). */
bool pipe_frag_depth(pipe_draw *d, size_t at, float z);
/* The colour write's sources: color and the second source color1 (NULL:
 * zero), clamped to [0,1] for an RGBA8 buffer. */
void pipe_frag_sources(const nvgp_pipe_fb *fb, const float color[4], const float *color1,
                       float src[4], float src1[4]);
/* Blending (when on) over the pixel at dst, then the masked write of the
 * buffer's value. */
void pipe_frag_put(const nvgp_pipe_state *s, nvgp_pipe_fb *fb, float *dst, const float src[4],
                   const float src1[4]);
void pipe_frag_store(pipe_draw *d, const pipe_frag *f, uint32_t mask, const float color[4]);

/* pipe_clip.c: the user clip distances of a position-invariant vertex
 * program's vertices (plane . MV v), for the CLIPDIST registers it does
 * not write. */
void pipe_clip_invariant_distances(const nvgp_pipe_state *s, const pipe_program *vp,
                                   const nvgp_pipe_vertices *v, pipe_vertex *out);

/* pipe_blend.c: GL's blend of a source over a destination. */
typedef struct pipe_blend_in {
    const float *src, *src1, *dst, *constant;
} pipe_blend_in;
void pipe_blend(const nvgp_pipe_state *s, const pipe_blend_in *in, float out[4]);
/* The state's blending as a span kernel takes it (color1 left as it is). */
void pipe_blend_describe(const nvgp_pipe_state *s, pipe_span_blend *out);
/* pipe_fb.c: a colour component as the framebuffer stores it. */
float pipe_fb_store(const nvgp_pipe_fb *fb, float c);
/* The pixels [r0, r2) x [r1, r3) a clear or draw touches: the framebuffer,
 * within the scissor when s has it on (s may be NULL). */
void pipe_fb_rect(const nvgp_pipe_fb *fb, const nvgp_pipe_state *s, uint32_t r[4]);
nvgp_pipe_fb *pipe_fb_create_single(uint32_t width, uint32_t height, nvgp_pipe_format format,
                                    char *err, size_t errlen);
/* pipe_msaa.c: sample i's offset from the pixel's lower left corner in
 * 1/256 pixel; the resolve into the single-sample view. */
void pipe_sample_fixed(uint32_t samples, uint32_t i, int64_t *x, int64_t *y);
void pipe_fb_resolve(nvgp_pipe_fb *fb);

#endif
