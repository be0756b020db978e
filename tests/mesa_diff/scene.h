/* The scene of the corpus whole-draw test (corpus_draw.c with Mesa's side
 * in mesa_scene.c): one table of GL state, vertex data and textures that
 * both sides load, so that every state binding a corpus program reads
 * (state.matrix.*, state.light*, state.lightprod*, state.material*,
 * state.lightmodel*, state.fog*, state.texenv*, state.depth.range,
 * state.clip*, state.point*) and every vertex input has a non-trivial
 * value.  Values are dyadic fractions, so both sides start from the same
 * floats and the fixed-function transform of the quad is exact.
 *
 * The quad: object corners (+-1, +-1, 0, 1); the modelview rotates by 90
 * degrees, halves and moves it to eye x in [0, 1], y in [-0.25, 0.75] and
 * tilts it to z in [-2.25, -1.75]; the projection is glOrtho(0, 1, -0.25,
 * 0.75, 1, 5), so the fixed-function stage covers the whole viewport.
 * Texture coordinates, texture matrices and the texture size are chosen so
 * that no sample of an 8x8 draw lands on a texel boundary (where one
 * rounding would pick another texel). */
#ifndef NVGP_TESTS_SCENE_H
#define NVGP_TESTS_SCENE_H

#include <stdbool.h>

enum {
    SCENE_W = 8, SCENE_H = 8,
    SCENE_VERTS = 4,      /* a triangle strip */
    SCENE_UNITS = 8,      /* texture units and texture coordinate sets */
    SCENE_TARGETS = 5,    /* scene_target */
    SCENE_TEX = 4,        /* texels along each side */
    SCENE_LIGHTS = 8,
    SCENE_PARAMS = 96,    /* program.env/local entries given values */
    SCENE_MATRICES = 8    /* program matrices */
};

/* Texture targets bound on every unit (Mesa binds all five at once; nvgp
 * binds the one the program samples). */
typedef enum scene_target {
    SCENE_1D, SCENE_2D, SCENE_3D, SCENE_CUBE, SCENE_RECT
} scene_target;

typedef struct scene_light {
    float ambient[4], diffuse[4], specular[4], position[4];
    float attenuation[3];      /* constant, linear, quadratic */
    float spot_direction[3];
    float spot_exponent, spot_cutoff_deg, spot_cutoff_cos;
} scene_light;

typedef struct scene_material {
    float ambient[4], diffuse[4], specular[4], emission[4], shininess;
} scene_material;

typedef struct scene {
    /* row-major: m[4 * row + column] */
    float modelview[16], projection[16];
    float texture_matrix[SCENE_UNITS][16];
    float program_matrix[SCENE_MATRICES][16];
    scene_light light[SCENE_LIGHTS];
    scene_material material[2];  /* front, back */
    float light_model_ambient[4];
    float fog_color[4], fog_density, fog_start, fog_end;
    float texenv_color[SCENE_UNITS][4];
    float depth_range[2];
    float clip_plane[6][4];      /* eye coordinates (given with an identity modelview) */
    float point_size, point_min, point_max, point_fade, point_attenuation[3];
    /* vertex arrays, 4 floats a vertex each; attrib[a] is generic
     * attribute a under NV_vertex_program's aliasing (0 position, 1
     * weight, 2 normal, 3 colour, 4 secondary colour, 5 fog coordinate,
     * 8 + n texture coordinate set n; 6, 7 and the rest generic) */
    float attrib[16][SCENE_VERTS][4];
} scene;

/* The scene (built on first use). */
const scene *scene_get(void);

/* Program parameter values: program.env[i] / program.local[i] of the
 * vertex (vertex true) or fragment target. */
void scene_param(bool vertex, bool local, int i, float v[4]);

/* Texel (x, y, z) of the texture on unit u for target t (z: slice of a 3D
 * texture or face of a cube map, +X -X +Y -Y +Z -Z); RGBA, exact values. */
void scene_texel(int unit, scene_target t, int x, int y, int z, float v[4]);

#endif
