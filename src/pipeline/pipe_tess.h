/* The fixed-function tessellation primitive generator of
 * ARB_tessellation_shader (section 2.X.2): from a patch's outer and inner
 * tessellation levels and the evaluation program's mode, spacing, vertex
 * order and point mode, the (u, v, w) coordinates of the generated vertices
 * and the points, lines or triangles joining them.  Pure computation: no
 * program runs here. */
#ifndef NVGP_PIPELINE_PIPE_TESS_H
#define NVGP_PIPELINE_PIPE_TESS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum pipe_tess_mode { PIPE_TESS_TRIANGLES, PIPE_TESS_QUADS, PIPE_TESS_ISOLINES } pipe_tess_mode;
typedef enum pipe_tess_spacing {
    PIPE_TESS_EQUAL, PIPE_TESS_FRACTIONAL_ODD, PIPE_TESS_FRACTIONAL_EVEN
} pipe_tess_spacing;

/* MAX_TESS_GEN_LEVEL: GL's minimum maximum, 64. */
#define PIPE_TESS_MAX_LEVEL 64

typedef struct pipe_tess_params {
    pipe_tess_mode mode;
    pipe_tess_spacing spacing;
    bool cw;                 /* vertex order CW (else CCW) */
    bool point_mode;
} pipe_tess_params;

typedef struct pipe_tess_result {
    float (*coord)[3];       /* (u, v, w); w = 0 for quads and isolines */
    uint32_t num_coords;
    uint32_t *index;         /* prim_vertices indices per primitive */
    uint32_t num_prims;
    uint32_t prim_vertices;  /* 1 points, 2 lines, 3 triangles */
} pipe_tess_result;

/* Subdivides one patch.  A discarded patch (a relevant outer level <= 0 or
 * NaN) gives no vertices.  False only when memory ran out. */
bool pipe_tess_generate(const pipe_tess_params *p, const float outer[4], const float inner[2],
                        pipe_tess_result *out);
void pipe_tess_free(pipe_tess_result *r);

/* One edge's subdivision (exposed for tests): the clamped and rounded
 * segment count for a level under a spacing, and the n + 1 positions in
 * [0, 1] (pos[0] = 0, pos[n] = 1).  Returns n. */
uint32_t pipe_tess_segments(float level, pipe_tess_spacing spacing, float pos[PIPE_TESS_MAX_LEVEL + 1]);

#endif
