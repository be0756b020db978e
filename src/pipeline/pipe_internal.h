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
} pipe_io;

/* One bound program, ready to run. */
typedef struct pipe_program {
    const nvgp_program *program;
    const tgsi_program *tgsi;
    const nvgp_lower_map *map;   /* NULL for TGSI text */
    pipe_machine *machine;
    pipe_io inputs[64], outputs[64];
    uint32_t num_inputs, num_outputs;
    float *constants;            /* 4 floats per CONST register */
    uint32_t num_constants;
    int32_t sampler_unit[NVGP_PIPE_TEXTURE_UNITS]; /* SAMP[i] -> unit, -1 none */
    uint32_t num_samplers;
    bool origin_upper_left, center_integer; /* fragment position conventions */
    int fog_option;              /* -1 none, else nvgp_pipe_fog_mode */
    bool nv_vertex;              /* VP1.x/VP2.0: NV colour-sum rules */
} pipe_program;

/* pipe_program.c: loads a bound program for a stage (its TGSI, IO lists,
 * constants resolved against the state); false with err set. */
bool pipe_program_init(pipe_program *p, const nvgp_program *prog, nvgp_pipe_stage stage,
                       const nvgp_pipe_state *s, char *err, size_t errlen);
void pipe_program_fini(pipe_program *p);

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

struct pipe_draw {
    const nvgp_pipe_state *s;
    nvgp_pipe_fb *fb;
    pipe_program *fp;            /* NULL: fixed-function fragment colour */
    bool color_sum;
    int fog_mode;                /* -1: no fog */
    int32_t clip_x0, clip_y0, clip_x1, clip_y1; /* pixel rectangle drawn */
    bool front;                  /* facing of the polygon being drawn */
    /* the fragment batch: lanes in quads, their fragment-program inputs */
    struct pipe_frag *frags;
    float *inputs;
    uint32_t num_frags, cap_frags;
    char *err;
    size_t errlen;
    bool failed;
};

bool pipe_raster_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                          const pipe_wvertex *v2, const pipe_vertex *provoking);
/* A point of `size` pixels and a line segment of `width` (both rounded to
 * integers >= 1), already clipped; always front-facing. */
bool pipe_raster_point(pipe_draw *d, const pipe_wvertex *v, double size);
bool pipe_raster_line(pipe_draw *d, const pipe_wvertex *a, const pipe_wvertex *b,
                      const pipe_vertex *provoking, double width);
/* Runs and resolves the fragments still batched. */
bool pipe_raster_flush(pipe_draw *d);
/* pipe_fb.c: a colour component as the framebuffer stores it. */
float pipe_fb_store(const nvgp_pipe_fb *fb, float c);

#endif
