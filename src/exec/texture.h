/* Textures for the executor: texture objects with their sampler state, and
 * sampling, gather, texel fetch, size and LOD queries on a whole warp of 32
 * lanes at once (structure of arrays, one bit per lane in lane_mask).
 *
 * Rules followed: the OpenGL 4.x texturing chapter (LOD from the scale
 * factor rho, mipmap selection, wrap modes, linear weights, cube face
 * selection, array layer rounding, depth comparison), NV_gpu_program4 Table
 * X.17 / X.18 (coordinate layout per target) and Table X.19 (legacy CLAMP and
 * MIRROR_CLAMP), NV_gpu_program5 TXG/TXGO (gather order i0j1, i1j1, i1j0,
 * i0j0), ARB_texture_query_lod (LOD query), tgsi.rst's TEX family.
 *
 * Storage: every texel of every level is four 32-bit words.  Float and
 * normalized formats store float32 bits (rgba8 is converted to float when
 * the image is set, so filtering never sees bytes); integer formats store
 * the integers.  Results come back as raw words, as the registers hold them.
 *
 * Use:  t = nvgp_texture_create(&desc, diag)
 *       nvgp_texture_set_image(t, level, data, bytes, diag)   per level
 *       nvgp_texture_set_sampler(t, &sampler)                  optional
 *       nvgp_texture_sample / gather / fetch / size / query_lod ...
 *       nvgp_texture_destroy(t)
 * A texture is read-only while sampled, so any number of threads may sample
 * it at once.
 *
 * Where the specs leave a choice:
 *  - Depth comparison happens when the instruction supplies a reference (a
 *    SHADOW target, TEX2/TXB2/TXL2, SAMPLE_C): there is no separate compare
 *    mode, since GL leaves a mismatch between the two undefined.
 *  - Integer formats are never filtered (LINEAR acts as NEAREST, MIPMAP_LINEAR
 *    as MIPMAP_NEAREST) where GL would call the texture incomplete.
 *  - Cube faces: ties between major axes go to x, then y, then z.
 *  - Implicit LOD is one per quad (coarse derivatives: lane 4n+1 - 4n and
 *    4n+2 - 4n); for cube maps all four lanes are projected on the face of
 *    lane 4n.
 *  - TXGO: each per-texel offset selects the (i0,j0) texel of its own
 *    footprint, as its pseudocode says (its closing note implies (i0,j1)).
 *  - Seamless cube corners average the three texels that meet there. */
#ifndef NVGP_EXEC_TEXTURE_H
#define NVGP_EXEC_TEXTURE_H

#include "base/diag.h"
#include "nvgp.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The texture objects, their formats, sampler state and creation are
 * public (nvgp.h "Textures"); what follows is the executor's side. */

/* The public target numbers are TGSI's (texture.c checks each). */

/* ---- Warp-wide operations ------------------------------------------------ */

enum { NVGP_TEX_LANES = 32 };

/* One value per lane, read as the instruction's data type wants. */
typedef union nvgp_tex_lanes {
    float f[NVGP_TEX_LANES];
    int32_t i[NVGP_TEX_LANES];
    uint32_t u[NVGP_TEX_LANES];
} nvgp_tex_lanes;

typedef enum nvgp_tex_lod_mode {
    NVGP_TEX_LOD_IMPLICIT,     /* TEX, TXP, SAMPLE: from the quad's derivatives */
    NVGP_TEX_LOD_BIAS,         /* TXB, TXB2, SAMPLE_B: implicit + lod[] */
    NVGP_TEX_LOD_EXPLICIT,     /* TXL, TXL2, SAMPLE_L: lod[] */
    NVGP_TEX_LOD_ZERO,         /* TEX_LZ, SAMPLE_C_LZ */
    NVGP_TEX_LOD_GRADIENT      /* TXD, SAMPLE_D: ddx[], ddy[] */
} nvgp_tex_lod_mode;

/* Where an instruction's coordinate operand keeps each part, per target
 * (TGSI's TEX layout = NV_gpu_program4 Table X.17, extended with the cube
 * array targets: layer in w, and for SHADOWCUBE_ARRAY no room for the
 * reference, which TEX2/TXB2/TXL2 pass separately).  -1 = none. */
typedef struct nvgp_tex_layout {
    uint8_t dims;       /* s, t, r coordinates used: 1, 2 or 3 */
    int8_t layer;       /* component holding the array layer */
    int8_t ref;         /* component holding the depth reference */
    bool cube, array, shadow, msaa, rect, buffer;
    /* TXQ: which result components hold width / height / depth-or-layers */
    uint8_t size_dims;  /* 1..3 */
} nvgp_tex_layout;
const nvgp_tex_layout *nvgp_tex_target_layout(unsigned target);

/* One texture instruction's operands for a warp.  The executor copies the
 * (swizzled, modified) source operands in; unused fields may stay garbage
 * unless the comment says otherwise. */
typedef struct nvgp_tex_request {
    uint8_t target;          /* tgsi_texture of the instruction (SVIEW target
                                for the SAMPLE family) */
    uint8_t lod_mode;        /* nvgp_tex_lod_mode */
    bool projective;         /* TXP: x, y, z are divided by w here, before
                                derivatives are taken (ref included) */
    bool quad_derivatives;   /* IMPLICIT / BIAS: derivatives from the quad
                                (fragment programs); false: they are zero, so
                                the implicit LOD is 0 (vertex, geometry ...) */
    bool has_ref;            /* ref[] holds the depth reference (TEX2,
                                TXB2/TXL2 on SHADOWCUBE_ARRAY, SAMPLE_C);
                                false: taken from coord as the layout says
                                (SHADOW targets only) */
    bool lane_offsets;       /* offsets come from lane_offset[] (register
                                operand) rather than offset[] (immediate) */
    bool gather_offsets;     /* gather (TXGO): texel k of the four uses
                                (gather_offset[0][k], gather_offset[1][k]) */
    uint8_t component;       /* gather: component 0..3 selected (TG4, TXG.x) */
    int32_t offset[3];       /* immediate texel offset (u, v, w) */
    nvgp_tex_lanes coord[4]; /* x, y, z, w of the coordinate operand;
                                fetch: integers (w: level, or sample for MSAA
                                targets) */
    nvgp_tex_lanes ref;      /* has_ref */
    nvgp_tex_lanes lod;      /* BIAS: bias; EXPLICIT: lod */
    nvgp_tex_lanes ddx[3], ddy[3];  /* GRADIENT: ds/dx dt/dx dr/dx, ../dy */
    nvgp_tex_lanes lane_offset[3];  /* lane_offsets: int u, v, w offsets */
    nvgp_tex_lanes gather_offset[2][4]; /* gather_offsets: x and y offsets */
} nvgp_tex_request;

/* Filtered lookup (TEX TXP TXB TXB2 TXL TXL2 TXD TEX2 TEX_LZ, SAMPLE,
 * SAMPLE_B/_C/_C_LZ/_D/_L).  Writes out[c].u[lane] for every lane in
 * lane_mask; other lanes are left as they were.  For IMPLICIT / BIAS with
 * quad_derivatives, the derivatives are computed per quad from all four of
 * its lanes (whether in lane_mask or not; helper lanes must hold their
 * coordinates): d/dx = lane 4n+1 - lane 4n, d/dy = lane 4n+2 - lane 4n. */
void nvgp_texture_sample(const nvgp_texture *t, const nvgp_tex_request *req,
                         uint32_t lane_mask, nvgp_tex_lanes out[4]);

/* Gather (TG4, GATHER4, TXG, TXGO): the four texels of a bilinear footprint
 * of the base level, one component each, in the order x = (i0,j1),
 * y = (i1,j1), z = (i1,j0), w = (i0,j0); shadow targets return the four
 * comparison results (0 or 1). */
void nvgp_texture_gather(const nvgp_texture *t, const nvgp_tex_request *req,
                         uint32_t lane_mask, nvgp_tex_lanes out[4]);

/* Texel fetch (TXF, SAMPLE_I, SAMPLE_I_MS): integer coordinates per Table
 * X.18 in coord[].i, level (or sample) in coord[3].i added to base_level,
 * immediate or lane offsets added; any coordinate, layer, level or sample
 * out of range gives (0, 0, 0, 0).  Ignores the sampler state except
 * base_level and the swizzle. */
void nvgp_texture_fetch(const nvgp_texture *t, const nvgp_tex_request *req,
                        uint32_t lane_mask, nvgp_tex_lanes out[4]);

/* Size query (TXQ, SVIEWINFO): level lod[lane] (relative to base_level) as
 * integers: x = width, y = height (1D array: layers), z = depth (2D array:
 * layers, cube array: cubes), w = accessible levels; components a target
 * lacks are 0; a level out of range gives (0, 0, 0, levels).  BUFFER and
 * multisample targets ignore lod. */
void nvgp_texture_size(const nvgp_texture *t, unsigned target, const nvgp_tex_lanes *lod,
                       uint32_t lane_mask, nvgp_tex_lanes out[4]);

/* TXQS / SAMPLE_INFO: samples per texel (1 for single-sampled textures). */
uint32_t nvgp_texture_samples(const nvgp_texture *t);

/* LOD query (LODQ, LOD): x = the LOD accessed (ARB_texture_query_lod's
 * ComputeAccessedLod), y = lambda' (after bias, before clamping), z = w = 0;
 * floats. Uses req like nvgp_texture_sample with lod_mode IMPLICIT. */
void nvgp_texture_query_lod(const nvgp_texture *t, const nvgp_tex_request *req,
                            uint32_t lane_mask, nvgp_tex_lanes out[4]);

#endif
