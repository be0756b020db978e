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
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nvgp_texture nvgp_texture;

/* Formats the job file and the library accept.  Sizes are of one texel in
 * the data given to nvgp_texture_set_image. */
typedef enum nvgp_tex_format {
    NVGP_TEX_FORMAT_RGBA32F,   /* 4 x float32                                  */
    NVGP_TEX_FORMAT_RGBA32UI,  /* 4 x uint32                                   */
    NVGP_TEX_FORMAT_RGBA32I,   /* 4 x int32                                    */
    NVGP_TEX_FORMAT_RGBA8,     /* 4 x uint8, unsigned normalized               */
    NVGP_TEX_FORMAT_R32F,      /* 1 x float32: (r, 0, 0, 1)                    */
    NVGP_TEX_FORMAT_R32UI,     /* 1 x uint32: (r, 0, 0, 1)                     */
    NVGP_TEX_FORMAT_R32I,      /* 1 x int32: (r, 0, 0, 1)                      */
    NVGP_TEX_FORMAT_DEPTH16,   /* 1 x uint16, fixed-point depth                */
    NVGP_TEX_FORMAT_DEPTH24,   /* 1 x uint32 holding 24 bits, fixed-point depth */
    NVGP_TEX_FORMAT_DEPTH32F,  /* 1 x float32 depth                            */
    NVGP_TEX_FORMAT_COUNT
} nvgp_tex_format;

/* "rgba32f", "rgba8", "depth24", ... (lower case), and back; -1 if unknown. */
const char *nvgp_tex_format_name(nvgp_tex_format f);
int nvgp_tex_format_lookup(const char *name);
/* Bytes of one texel of f in nvgp_texture_set_image data. */
unsigned nvgp_tex_format_size(nvgp_tex_format f);

typedef enum nvgp_tex_filter {
    NVGP_TEX_FILTER_NEAREST,
    NVGP_TEX_FILTER_LINEAR
} nvgp_tex_filter;

typedef enum nvgp_tex_mip_filter {
    NVGP_TEX_MIP_NONE,         /* base level only (GL's NEAREST / LINEAR)      */
    NVGP_TEX_MIP_NEAREST,      /* *_MIPMAP_NEAREST                             */
    NVGP_TEX_MIP_LINEAR        /* *_MIPMAP_LINEAR                              */
} nvgp_tex_mip_filter;

typedef enum nvgp_tex_wrap {
    NVGP_TEX_WRAP_REPEAT,
    NVGP_TEX_WRAP_CLAMP_TO_EDGE,
    NVGP_TEX_WRAP_CLAMP_TO_BORDER,
    NVGP_TEX_WRAP_MIRRORED_REPEAT,
    NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
    NVGP_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
    NVGP_TEX_WRAP_CLAMP,           /* legacy GL CLAMP (NV_gpu_program4 Table X.19) */
    NVGP_TEX_WRAP_MIRROR_CLAMP,    /* legacy MIRROR_CLAMP_EXT                       */
    NVGP_TEX_WRAP_COUNT
} nvgp_tex_wrap;

/* Depth comparison functions, in GL's order (NEVER = 0x0200 ... ALWAYS). */
typedef enum nvgp_tex_compare {
    NVGP_TEX_COMPARE_NEVER,
    NVGP_TEX_COMPARE_LESS,
    NVGP_TEX_COMPARE_EQUAL,
    NVGP_TEX_COMPARE_LEQUAL,
    NVGP_TEX_COMPARE_GREATER,
    NVGP_TEX_COMPARE_NOTEQUAL,
    NVGP_TEX_COMPARE_GEQUAL,
    NVGP_TEX_COMPARE_ALWAYS
} nvgp_tex_compare;

/* How a depth value (or a comparison result) d becomes RGBA: GL's
 * DEPTH_TEXTURE_MODE.  The default is LUMINANCE, GL's compatibility-profile
 * default, which NV programs run under. */
typedef enum nvgp_tex_depth_mode {
    NVGP_TEX_DEPTH_LUMINANCE,  /* (d, d, d, 1) */
    NVGP_TEX_DEPTH_INTENSITY,  /* (d, d, d, d) */
    NVGP_TEX_DEPTH_ALPHA,      /* (0, 0, 0, d) */
    NVGP_TEX_DEPTH_RED         /* (d, 0, 0, 1), core profile */
} nvgp_tex_depth_mode;

/* Texture swizzle sources (GL's TEXTURE_SWIZZLE_*). */
enum {
    NVGP_TEX_SWIZZLE_R, NVGP_TEX_SWIZZLE_G, NVGP_TEX_SWIZZLE_B, NVGP_TEX_SWIZZLE_A,
    NVGP_TEX_SWIZZLE_ZERO, NVGP_TEX_SWIZZLE_ONE
};

/* Sampler and view state (GL texture parameters).  nvgp_tex_sampler_default
 * gives GL's defaults except filters: NEAREST / NEAREST / MIP_NONE, so a
 * texture without mipmaps samples its base level. */
typedef struct nvgp_tex_sampler {
    uint8_t min_filter, mag_filter;  /* nvgp_tex_filter */
    uint8_t mip_filter;              /* nvgp_tex_mip_filter */
    uint8_t wrap[3];                 /* nvgp_tex_wrap for S, T, R */
    uint8_t compare_func;            /* nvgp_tex_compare, used whenever the
                                        instruction supplies a reference */
    uint8_t depth_mode;              /* nvgp_tex_depth_mode */
    uint8_t swizzle[4];              /* NVGP_TEX_SWIZZLE_* for r, g, b, a */
    bool seamless_cube;              /* TEXTURE_CUBE_MAP_SEAMLESS */
    uint32_t border[4];              /* border colour as raw words: float bits
                                        for float/normalized/depth formats,
                                        integers for integer formats */
    float min_lod, max_lod;          /* defaults -1000, 1000 */
    float lod_bias;                  /* TEXTURE_LOD_BIAS, default 0 */
    uint32_t base_level, max_level;  /* defaults 0, 1000 */
} nvgp_tex_sampler;

void nvgp_tex_sampler_default(nvgp_tex_sampler *s);

/* The implementation's limits. */
#define NVGP_TEX_MAX_LOD_BIAS 15.0f       /* MAX_TEXTURE_LOD_BIAS */
enum { NVGP_TEX_MAX_SIZE = 16384, NVGP_TEX_MAX_LEVELS = 15 };
/* Storage of all levels of one texture (16 bytes a texel). */
#define NVGP_TEX_MAX_BYTES (1ull << 32)

typedef struct nvgp_texture_desc {
    uint8_t target;        /* tgsi_texture; SHADOW variants are the same as
                              their colour targets (the instruction decides) */
    uint8_t format;        /* nvgp_tex_format */
    uint32_t width;        /* texels; BUFFER: number of texels             */
    uint32_t height;       /* 2D, RECT, CUBE, 3D, ARRAY2D, MSAA; else 1     */
    uint32_t depth;        /* 3D: slices; else 1                            */
    uint32_t layers;       /* ARRAY1D/ARRAY2D/2D_ARRAY_MSAA: layers;
                              CUBE_ARRAY: layer-faces (a multiple of 6);
                              CUBE: 6 implied; else 1                       */
    uint32_t levels;       /* 0: the full chain down to 1x1; RECT, BUFFER and
                              MSAA have exactly one                          */
    uint32_t samples;      /* MSAA targets: samples per texel (>= 1)        */
} nvgp_texture_desc;

/* Creates a texture with all texels zero and the default sampler.  Returns
 * NULL with an error in diag (if given) for an impossible shape. */
nvgp_texture *nvgp_texture_create(const nvgp_texture_desc *desc, nvgp_diag *diag);
void nvgp_texture_destroy(nvgp_texture *t);

/* Sets the texels of one level from data in the texture's format, tightly
 * packed: x fastest, then y, then z (3D slices) or layers (cube faces in the
 * order +X -X +Y -Y +Z -Z, cube arrays cube by cube), then samples (the
 * whole image of sample 0, then of sample 1, ...).  bytes must be exactly
 * the size of the level. */
bool nvgp_texture_set_image(nvgp_texture *t, uint32_t level, const void *data,
                            size_t bytes, nvgp_diag *diag);
/* Bytes nvgp_texture_set_image expects for a level (0 if out of range). */
size_t nvgp_texture_image_size(const nvgp_texture *t, uint32_t level);

void nvgp_texture_set_sampler(nvgp_texture *t, const nvgp_tex_sampler *s);
const nvgp_tex_sampler *nvgp_texture_sampler(const nvgp_texture *t);
const nvgp_texture_desc *nvgp_texture_describe(const nvgp_texture *t);

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
