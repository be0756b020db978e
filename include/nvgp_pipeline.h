/* The OpenGL pipeline around the executor: vertices -> vertex program (or
 * the fixed-function transform) -> tessellation control program ->
 * tessellation primitive generator -> tessellation evaluation program ->
 * geometry program -> clipping -> perspective divide and
 * viewport -> triangle rasterisation -> fragment program in 2x2 quads (or
 * the fixed-function colour) -> fog -> stencil and depth tests -> blending
 * -> a framebuffer of RGBA (RGBA8 or RGBA32F), depth and stencil, of 1, 2,
 * 4 or 8 samples a pixel.
 *
 * Use:  st = nvgp_pipe_state_create()            GL's initial state
 *       fb = nvgp_pipe_fb_create(w, h, format, err, n)   (or _create_ms)
 *       set fields of *st (programs, parameters, matrices, enables ...)
 *       nvgp_pipe_fb_clear(fb, st, color, depth)
 *       nvgp_pipe_draw(st, fb, prim, &vertices, err, n)
 *       nvgp_pipe_fb_pixel(fb, x, y, rgba), nvgp_pipe_fb_depth(fb, x, y)
 *
 * Programs are loaded nvgp_programs (any language nvgp reads, each bound
 * at its stage); the pipeline runs their TGSI translation and fills their
 * parameters by the names of the translation's binding map.  Points and
 * lines are not antialiased.  docs/pipeline.md describes the rules
 * followed at each step.
 *
 * Part of libnvgp's public interface (installed beside nvgp.h).  The state
 * struct is plain data: create it with nvgp_pipe_state_create, which gives
 * GL's initial values, and set its fields; its layout may change between
 * minor versions. */
#ifndef NVGP_PIPELINE_H
#define NVGP_PIPELINE_H

#include "nvgp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


enum {
    NVGP_PIPE_ATTRIBS = 16,        /* generic vertex attributes (NV aliasing) */
    NVGP_PIPE_TEXTURE_UNITS = 16,
    NVGP_PIPE_ENV_PARAMS = 256,    /* MAX_PROGRAM_ENV_PARAMETERS_ARB */
    NVGP_PIPE_LOCAL_PARAMS = 1024, /* MAX_PROGRAM_LOCAL_PARAMETERS_ARB */
    NVGP_PIPE_TEX_MATRICES = 8,
    NVGP_PIPE_PROGRAM_MATRICES = 8,
    NVGP_PIPE_CLIP_PLANES = 8,     /* MAX_CLIP_DISTANCES (clip[0..7]) */
    NVGP_PIPE_MAX_SAMPLES = 8,     /* framebuffer samples: 1, 2, 4 or 8 */
    NVGP_PIPE_LIGHTS = 8,
    NVGP_PIPE_MAX_SIZE = 16384,    /* largest framebuffer width or height */
    NVGP_PIPE_MAX_PATCH_VERTICES = 32, /* MAX_PATCH_VERTICES */
    NVGP_PIPE_VIEWPORTS = 16,      /* MAX_VIEWPORTS */
    NVGP_PIPE_PARAMETER_BUFFERS = 14 /* MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV */
};
/* Largest framebuffer in pixels (64 Mi: 1 GiB of RGBA32F). */
#define NVGP_PIPE_MAX_PIXELS (1u << 26)

/* Vertex attribute numbers (NV_vertex_program's aliasing, which the
 * translation uses for every vertex language). */
enum {
    NVGP_PIPE_ATTR_POSITION = 0, NVGP_PIPE_ATTR_WEIGHT = 1, NVGP_PIPE_ATTR_NORMAL = 2,
    NVGP_PIPE_ATTR_COLOR = 3, NVGP_PIPE_ATTR_SECONDARY = 4, NVGP_PIPE_ATTR_FOGCOORD = 5,
    NVGP_PIPE_ATTR_TEXCOORD0 = 8
};

/* Program stages (the two first keep their numbers of older versions). */
typedef enum nvgp_pipe_stage {
    NVGP_PIPE_VERTEX, NVGP_PIPE_FRAGMENT, NVGP_PIPE_TESS_CONTROL, NVGP_PIPE_TESS_EVALUATION,
    NVGP_PIPE_GEOMETRY, NVGP_PIPE_STAGES
} nvgp_pipe_stage;

typedef enum nvgp_pipe_prim {
    NVGP_PIPE_TRIANGLES, NVGP_PIPE_TRIANGLE_STRIP, NVGP_PIPE_TRIANGLE_FAN,
    NVGP_PIPE_QUADS, NVGP_PIPE_QUAD_STRIP, NVGP_PIPE_POLYGON,
    NVGP_PIPE_POINTS, NVGP_PIPE_LINES, NVGP_PIPE_LINE_STRIP, NVGP_PIPE_LINE_LOOP,
    /* NV_geometry_program4's primitives with adjacency (without a geometry
     * program the adjacent vertices are ignored) and ARB_tessellation_shader's
     * patches of patch_vertices vertices (a tessellation evaluation program
     * must be bound) */
    NVGP_PIPE_LINES_ADJACENCY, NVGP_PIPE_LINE_STRIP_ADJACENCY, NVGP_PIPE_TRIANGLES_ADJACENCY,
    NVGP_PIPE_TRIANGLE_STRIP_ADJACENCY, NVGP_PIPE_PATCHES
} nvgp_pipe_prim;

/* Comparison functions in GL's order (NEVER = 0x0200 ... ALWAYS = 0x0207). */
typedef enum nvgp_pipe_func {
    NVGP_PIPE_NEVER, NVGP_PIPE_LESS, NVGP_PIPE_EQUAL, NVGP_PIPE_LEQUAL,
    NVGP_PIPE_GREATER, NVGP_PIPE_NOTEQUAL, NVGP_PIPE_GEQUAL, NVGP_PIPE_ALWAYS
} nvgp_pipe_func;

typedef enum nvgp_pipe_blend_factor {
    NVGP_BF_ZERO, NVGP_BF_ONE, NVGP_BF_SRC_COLOR, NVGP_BF_ONE_MINUS_SRC_COLOR,
    NVGP_BF_DST_COLOR, NVGP_BF_ONE_MINUS_DST_COLOR, NVGP_BF_SRC_ALPHA,
    NVGP_BF_ONE_MINUS_SRC_ALPHA, NVGP_BF_DST_ALPHA, NVGP_BF_ONE_MINUS_DST_ALPHA,
    NVGP_BF_CONSTANT_COLOR, NVGP_BF_ONE_MINUS_CONSTANT_COLOR, NVGP_BF_CONSTANT_ALPHA,
    NVGP_BF_ONE_MINUS_CONSTANT_ALPHA, NVGP_BF_SRC_ALPHA_SATURATE,
    /* ARB_blend_func_extended: the fragment's second colour (COLOR[1]) */
    NVGP_BF_SRC1_COLOR, NVGP_BF_ONE_MINUS_SRC1_COLOR, NVGP_BF_SRC1_ALPHA,
    NVGP_BF_ONE_MINUS_SRC1_ALPHA, NVGP_BF_COUNT
} nvgp_pipe_blend_factor;

typedef enum nvgp_pipe_blend_eq {
    NVGP_BE_ADD, NVGP_BE_SUBTRACT, NVGP_BE_REVERSE_SUBTRACT, NVGP_BE_MIN, NVGP_BE_MAX,
    NVGP_BE_COUNT
} nvgp_pipe_blend_eq;

/* Stencil operations in GL's table order (KEEP ... DECR_WRAP). */
typedef enum nvgp_pipe_stencil_op {
    NVGP_SO_KEEP, NVGP_SO_ZERO, NVGP_SO_REPLACE, NVGP_SO_INCR, NVGP_SO_DECR, NVGP_SO_INVERT,
    NVGP_SO_INCR_WRAP, NVGP_SO_DECR_WRAP, NVGP_SO_COUNT
} nvgp_pipe_stencil_op;

typedef struct nvgp_pipe_stencil {
    uint8_t func;                 /* nvgp_pipe_func */
    uint8_t ref, value_mask, write_mask;
    uint8_t sfail, dpfail, dppass; /* nvgp_pipe_stencil_op */
} nvgp_pipe_stencil;

typedef enum nvgp_pipe_fog_mode { NVGP_FOG_LINEAR, NVGP_FOG_EXP, NVGP_FOG_EXP2 } nvgp_pipe_fog_mode;
typedef enum nvgp_pipe_face { NVGP_FACE_FRONT, NVGP_FACE_BACK, NVGP_FACE_FRONT_AND_BACK } nvgp_pipe_face;
typedef enum nvgp_pipe_format { NVGP_PIPE_RGBA8, NVGP_PIPE_RGBA32F } nvgp_pipe_format;

/* NV_vertex_program's TrackMatrixNV: program parameters c[4k .. 4k+3] hold
 * the rows of a transformed matrix. */
typedef enum nvgp_pipe_track_matrix {
    NVGP_TRACK_NONE, NVGP_TRACK_MODELVIEW, NVGP_TRACK_PROJECTION, NVGP_TRACK_MVP,
    NVGP_TRACK_TEXTURE0,                              /* + n for TEXTURE n */
    NVGP_TRACK_PROGRAM0 = NVGP_TRACK_TEXTURE0 + 8     /* + n for MATRIX n */
} nvgp_pipe_track_matrix;
typedef enum nvgp_pipe_track_transform {
    NVGP_TRACK_IDENTITY, NVGP_TRACK_INVERSE, NVGP_TRACK_TRANSPOSE, NVGP_TRACK_INVERSE_TRANSPOSE
} nvgp_pipe_track_transform;
typedef struct nvgp_pipe_track {
    uint8_t matrix;     /* nvgp_pipe_track_matrix */
    uint8_t transform;  /* nvgp_pipe_track_transform */
} nvgp_pipe_track;

typedef struct nvgp_pipe_light {
    float ambient[4], diffuse[4], specular[4];
    float position[4];          /* eye coordinates */
    float attenuation[4];       /* constant, linear, quadratic, spot exponent */
    float spot_direction[4];    /* xyz eye coordinates, w = cos(cutoff) */
} nvgp_pipe_light;

/* NV_parameter_buffer_object: the bytes bound to one parameter buffer
 * binding point (BindBufferRangeNV with offset 0 and size `bytes`).  The
 * caller owns them; they must outlive the draws that read them.  data NULL:
 * no buffer bound. */
typedef struct nvgp_pipe_buffer {
    const void *data;
    size_t bytes;
} nvgp_pipe_buffer;

typedef struct nvgp_pipe_material {
    float ambient[4], diffuse[4], specular[4], emission[4];
    float shininess;
} nvgp_pipe_material;

/* Matrices are row-major: m[4 * row + column]. */
typedef struct nvgp_pipe_state {
    const nvgp_program *program[NVGP_PIPE_STAGES]; /* NULL: fixed function */
    float env[NVGP_PIPE_STAGES][NVGP_PIPE_ENV_PARAMS][4];
    float local[NVGP_PIPE_STAGES][NVGP_PIPE_LOCAL_PARAMS][4];
    /* tracked matrices over the vertex env parameters (c[n] of NV
     * programs and program.env[n] alike: they are the same registers) */
    nvgp_pipe_track track[NVGP_PIPE_ENV_PARAMS / 4];

    float modelview[16], projection[16];
    float texture_matrix[NVGP_PIPE_TEX_MATRICES][16];
    float program_matrix[NVGP_PIPE_PROGRAM_MATRICES][16];

    float current[NVGP_PIPE_ATTRIBS][4]; /* attribute values without arrays */

    int32_t viewport[4];          /* x, y, width, height */
    /* ARB_viewport_array: with viewport_array on, primitive p uses
     * viewports[i], i its geometry program's viewport index (0 without
     * one); off, every primitive uses `viewport` */
    bool viewport_array;
    int32_t viewports[NVGP_PIPE_VIEWPORTS][4];

    /* ARB_tessellation_shader: PATCH_VERTICES (initially 3) and the levels
     * used when no tessellation control program is bound (initially 1) */
    uint32_t patch_vertices;
    float patch_default_outer[4], patch_default_inner[2];
    float depth_range[2];         /* near, far */

    bool scissor_test;
    int32_t scissor[4];           /* x, y, width, height */
    bool alpha_test;
    uint8_t alpha_func;           /* nvgp_pipe_func */
    float alpha_ref;
    bool stencil_test;
    nvgp_pipe_stencil stencil[2]; /* front, back (GL 2.0 separate stencil) */
    bool depth_test, depth_write;
    uint8_t depth_func;           /* nvgp_pipe_func */
    bool cull;
    uint8_t cull_face;            /* nvgp_pipe_face */
    bool front_ccw;               /* FrontFace(CCW) */
    bool flat;                    /* ShadeModel(FLAT) */
    bool provoking_first;         /* FIRST_VERTEX_CONVENTION */
    bool two_side;                /* VERTEX_PROGRAM_TWO_SIDE */
    bool color_sum;               /* COLOR_SUM */
    bool no_vertex_color_clamp;   /* ClampColor(CLAMP_VERTEX_COLOR, FALSE) */
    bool color_mask[4];
    bool clip_plane_enabled[NVGP_PIPE_CLIP_PLANES];
    float clip_plane[NVGP_PIPE_CLIP_PLANES][4]; /* eye coordinates */

    bool blend;
    uint8_t blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha; /* factors */
    uint8_t blend_eq_rgb, blend_eq_alpha;
    float blend_color[4];

    bool fog;                     /* FOG: fixed-function fog (no fragment program) */
    uint8_t fog_mode;             /* nvgp_pipe_fog_mode */
    float fog_color[4], fog_density, fog_start, fog_end;
    bool fog_coord_attrib;        /* FOG_COORDINATE_SOURCE = FOG_COORDINATE
                                     (else FRAGMENT_DEPTH) for the
                                     fixed-function vertex stage */

    nvgp_pipe_material material[2]; /* front, back */
    nvgp_pipe_light light[NVGP_PIPE_LIGHTS];
    float light_model_ambient[4];
    float point_size, point_attenuation[3];
    bool program_point_size;      /* VERTEX_PROGRAM_POINT_SIZE: the vertex
                                     program's result.pointsize */
    float line_width;
    bool point_sprite;            /* POINT_SPRITE: the square rule, coordinates */
    bool point_coord_replace[NVGP_PIPE_TEXTURE_UNITS]; /* COORD_REPLACE per unit */
    bool point_origin_lower_left; /* POINT_SPRITE_COORD_ORIGIN (initial UPPER_LEFT) */
    bool line_stipple;            /* LINE_STIPPLE */
    uint16_t line_stipple_pattern;/* LineStipple(factor, pattern): 0xffff */
    uint16_t line_stipple_factor; /* 1 .. 256 (clamped), initially 1 */
    bool multisample;             /* MULTISAMPLE (initial TRUE): per-sample
                                     coverage when the framebuffer has samples */
    bool alpha_to_coverage;       /* SAMPLE_ALPHA_TO_COVERAGE */
    bool alpha_to_one;            /* SAMPLE_ALPHA_TO_ONE */
    bool sample_mask_enabled;     /* SAMPLE_MASK */
    uint32_t sample_mask;         /* SAMPLE_MASK_VALUE (initially all ones) */
    float texenv_color[NVGP_PIPE_TEXTURE_UNITS][4];

    const nvgp_texture *texture[NVGP_PIPE_TEXTURE_UNITS];
    /* NV_parameter_buffer_object(2): each stage's parameter buffer binding
     * points (VERTEX_PROGRAM_PARAMETER_BUFFER_NV, ...), read by its
     * program's program.buffer[a] (BUFFER, BUFFER4, CBUFFER, LDC); set them
     * with nvgp_pipe_bind_parameter_buffer.  An unbound point, and bytes
     * past the end of a bound one, read 0. */
    nvgp_pipe_buffer parameter_buffer[NVGP_PIPE_STAGES][NVGP_PIPE_PARAMETER_BUFFERS];

    unsigned threads;             /* host threads running the programs (0: 1) */
    uint64_t budget;              /* instructions per invocation before a
                                     program fails the draw (0: the
                                     executor's default) */
    unsigned engine;              /* nvgp_engine running the programs
                                     (NVGP_ENGINE_DEFAULT: the JIT where
                                     built); every engine draws the same
                                     pixels */
} nvgp_pipe_state;

/* A state with GL's initial values (identity matrices, current colour
 * (1,1,1,1), texcoords (0,0,0,1), depth range [0,1], LESS, blend ONE/ZERO
 * ADD, ...; the viewport is 0,0,0,0 until the caller sets it). */
NVGP_API nvgp_pipe_state *nvgp_pipe_state_create(void);
NVGP_API void nvgp_pipe_state_destroy(nvgp_pipe_state *s);

/* Binds bytes (caller-owned, not copied) to parameter buffer binding point
 * `index` of a stage, as BindBufferRangeNV(<stage>_PROGRAM_PARAMETER_BUFFER_NV,
 * index, buffer, 0, bytes) does; data NULL (bytes 0) unbinds it.  False,
 * the reason in err and the state unchanged, for what GL refuses with
 * INVALID_VALUE: an index of MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV (14)
 * or more, a size of 0 or not a multiple of 4 (word-aligned); and for a
 * stage that does not exist. */
NVGP_API bool nvgp_pipe_bind_parameter_buffer(nvgp_pipe_state *s, nvgp_pipe_stage stage,
                                              uint32_t index, const void *data, size_t bytes,
                                              char *err, size_t errlen);

typedef struct nvgp_pipe_fb {
    uint32_t width, height;
    uint8_t format;   /* nvgp_pipe_format */
    float *color;     /* 4 floats a pixel, row 0 at the bottom; RGBA8 holds
                         values quantised to k/255 */
    float *depth;     /* 1 float a pixel */
    uint8_t *stencil; /* 1 byte a pixel */
    /* Multisample buffers (samples > 1): each pixel holds `samples`
     * colours (4 floats), depths and stencil values, sample s of pixel
     * (x, y) at index (y * width + x) * samples + s.  color, depth and
     * stencil above then hold the resolve: the average of the samples'
     * colours, sample 0's depth and stencil (refreshed after each draw and
     * clear).  With one sample these point at color, depth and stencil. */
    uint32_t samples;
    float *sample_color;
    float *sample_depth;
    uint8_t *sample_stencil;
} nvgp_pipe_fb;

/* NULL (reason in err) when the size is 0 or too large, or memory ran out. */
NVGP_API nvgp_pipe_fb *nvgp_pipe_fb_create(uint32_t width, uint32_t height, nvgp_pipe_format format,
                                  char *err, size_t errlen);
/* The same with 1, 2, 4 or 8 samples a pixel (at GL's standard positions,
 * nvgp_pipe_sample_position). */
NVGP_API nvgp_pipe_fb *nvgp_pipe_fb_create_ms(uint32_t width, uint32_t height,
                                     nvgp_pipe_format format, uint32_t samples, char *err,
                                     size_t errlen);
NVGP_API void nvgp_pipe_fb_destroy(nvgp_pipe_fb *fb);
/* The position of sample i of a pixel of a framebuffer of `samples`
 * samples, as offsets in [0,1) from the pixel's lower left corner (y up);
 * false for a count other than 1, 2, 4, 8 or an index past it. */
NVGP_API bool nvgp_pipe_sample_position(uint32_t samples, uint32_t i, float xy[2]);
/* Sample s of pixel (x, y): its colour (and depth); false outside. */
NVGP_API bool nvgp_pipe_fb_sample(const nvgp_pipe_fb *fb, int64_t x, int64_t y, uint32_t s,
                         float rgba[4], float *depth);
/* Clears colour (with the state's colour mask; NULL state: all) and depth;
 * either pointer may be NULL to leave that buffer alone. */
NVGP_API void nvgp_pipe_fb_clear(nvgp_pipe_fb *fb, const nvgp_pipe_state *s, const float *color,
                        const float *depth);
/* Clears the stencil buffer to value under the state's front write mask
 * (NULL state: all bits), within the scissor when it is on. */
NVGP_API void nvgp_pipe_fb_clear_stencil(nvgp_pipe_fb *fb, const nvgp_pipe_state *s, uint8_t value);
/* Pixel (x, y), y up from the bottom row; false outside. */
NVGP_API bool nvgp_pipe_fb_pixel(const nvgp_pipe_fb *fb, int64_t x, int64_t y, float rgba[4]);
NVGP_API bool nvgp_pipe_fb_depth(const nvgp_pipe_fb *fb, int64_t x, int64_t y, float *depth);
NVGP_API bool nvgp_pipe_fb_stencil(const nvgp_pipe_fb *fb, int64_t x, int64_t y, uint8_t *stencil);

/* Vertex data: attribute a of vertex i is attrib[a][4 * i .. 4 * i + 3];
 * a NULL attrib takes the state's current value. */
typedef struct nvgp_pipe_vertices {
    uint32_t count;
    const float *attrib[NVGP_PIPE_ATTRIBS];
} nvgp_pipe_vertices;

/* Draws.  Returns false with the reason in err for what GL would refuse or
 * what nvgp cannot run (a program of the wrong target, an unknown state
 * binding, a program that fails to run, PATCHES without a tessellation
 * evaluation program or another primitive with one, a tessellation control
 * program alone, patch_vertices outside 1 .. 32, a primitive that does not
 * fit the geometry program's input type, a parameter_buffer entry that
 * nvgp_pipe_bind_parameter_buffer would refuse); GL's undefined cases (NaN
 * positions, ...) draw nothing for the primitives concerned. */
NVGP_API bool nvgp_pipe_draw(const nvgp_pipe_state *s, nvgp_pipe_fb *fb, nvgp_pipe_prim prim,
                    const nvgp_pipe_vertices *v, char *err, size_t errlen);

/* Matrix helpers (row-major 4x4). */
NVGP_API void nvgp_pipe_mat_identity(float m[16]);
NVGP_API void nvgp_pipe_mat_multiply(float out[16], const float a[16], const float b[16]); /* a * b */
/* glOrtho's matrix. */
NVGP_API void nvgp_pipe_mat_ortho(float m[16], float l, float r, float b, float t, float n, float f);

#endif
