/* Texture objects inside the executor: the storage layout shared by
 * texture.c (objects, formats, texel fetch, size query) and
 * texture_sample.c (filtering, LOD, cube maps, gather). */
#ifndef NVGP_EXEC_TEXTURE_INTERNAL_H
#define NVGP_EXEC_TEXTURE_INTERNAL_H

#include "exec/texture.h"

/* How a format's stored words are read. */
typedef enum tex_kind {
    TEX_KIND_FLOAT,     /* float32 words, filtered */
    TEX_KIND_UINT,      /* integers, never filtered */
    TEX_KIND_SINT,
    TEX_KIND_DEPTH      /* float depth in word 0; depth_mode makes RGBA */
} tex_kind;

typedef struct tex_level {
    uint32_t w, h, d;   /* d: 3D slices (1 otherwise) */
    uint32_t *words;    /* 4 per texel: [sample][layer][z][y][x] */
} tex_level;

struct nvgp_texture {
    nvgp_texture_desc desc;
    nvgp_tex_sampler samp;
    uint8_t kind;        /* tex_kind */
    uint8_t components;  /* components the format has (1 or 4) */
    bool fixed_depth;    /* fixed-point depth: reference clamped to [0,1] */
    uint32_t layers;     /* array layers (cube: 6 faces per cube) */
    uint32_t samples;
    uint32_t num_levels;
    tex_level level[NVGP_TEX_MAX_LEVELS];
};

/* The four words of a texel; (x, y, z, layer, sample) must be in range. */
static inline const uint32_t *nvgp_tex_texel(const nvgp_texture *t, const tex_level *l,
                                             uint32_t x, uint32_t y, uint32_t z,
                                             uint32_t layer, uint32_t sample)
{
    size_t i = (((size_t)sample * t->layers + layer) * l->d + z) * l->h + y;
    return l->words + 4 * (i * l->w + x);
}

/* Applies the format's missing components, the depth mode and the swizzle
 * to raw texel words (border colours too). */
void nvgp_tex_source_color(const nvgp_texture *t, const uint32_t in[4], uint32_t out[4]);
/* Same for a float colour (depth: in[0] is the depth or comparison result). */
void nvgp_tex_source_color_f(const nvgp_texture *t, const float in[4], float out[4]);

/* Whether lookups take the straight paths for plain 2D float textures
 * (texture_sample.c); the same bits as the general path, which a test
 * checks by turning this off.  Not for concurrent change. */
extern bool nvgp_tex_fast_paths;

/* Base level and the last accessible level q (GL's level_base and q). */
void nvgp_tex_level_range(const nvgp_texture *t, uint32_t *base, uint32_t *q);

#endif
