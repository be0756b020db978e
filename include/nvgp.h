/* nvgp: NVIDIA's OpenGL assembly GPU program languages and Gallium's TGSI,
 * assembled, validated, translated to TGSI and run on a virtual GPU of 32-lane
 * thread groups.  This is the library's one public header (docs/library.md
 * is its guide).
 *
 * Handles are opaque; every *_create has a *_destroy; no global state.
 * Thread safety, per call: a function that takes a const handle only reads
 * it, so any number of threads may call such functions on one handle at
 * once; a function that takes a non-const handle changes it, so no other
 * call may use that handle at the same time.  Separate handles never share
 * anything and may be used from separate threads freely.  Calls that say
 * otherwise say so. */
#ifndef NVGP_H
#define NVGP_H

/* The version of this header; nvgp_version() gives the library's. */
#define NVGP_VERSION_MAJOR 0
#define NVGP_VERSION_MINOR 1
#define NVGP_VERSION_PATCH 0

/* Marks the functions the shared library exports: everything else in it is
 * hidden (built with -fvisibility=hidden), so only names starting nvgp_ are
 * visible to programs that link it. */
#if defined(_WIN32) && defined(NVGP_BUILDING_LIBRARY)
#define NVGP_API __declspec(dllexport)
#elif defined(__GNUC__)
#define NVGP_API __attribute__((visibility("default")))
#else
#define NVGP_API
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status ------------------------------------------------------------ */

/* What a call that can fail returns.  The details (which name, which
 * instruction) go to the nvgp_diag the call takes, where it takes one, or to
 * nvgp_machine_error. */
typedef enum nvgp_status {
    NVGP_OK = 0,
    NVGP_ERROR_INVALID_ARGUMENT, /* NULL where a value is needed, a number out
                                    of range (invocation, unit, size) */
    NVGP_ERROR_UNKNOWN_NAME,     /* the program has no binding of that name */
    NVGP_ERROR_WRONG_KIND,       /* the name binds something else (an output
                                    given as an input, ...) */
    NVGP_ERROR_INVALID_PROGRAM,  /* the program has no runnable form */
    NVGP_ERROR_OUT_OF_MEMORY,
    NVGP_ERROR_BUDGET,           /* an invocation ran past its instruction budget */
    NVGP_ERROR_UNSUPPORTED,      /* an opcode or feature the machine cannot run */
    NVGP_ERROR_STACK,            /* control flow or calls nested too deeply */
    NVGP_ERROR_NOT_RUN           /* results asked for before a successful run */
} nvgp_status;

/* "ok", "unknown name", ... (a static string; any thread). */
NVGP_API const char *nvgp_status_string(nvgp_status status);

/* "MAJOR.MINOR.PATCH" of the library linked (a static string). */
NVGP_API const char *nvgp_version(void);

/* Frees memory the library hands out for the caller to own (the text of
 * nvgp_program_tgsi_text, ...).  NULL is allowed. */
NVGP_API void nvgp_free(void *p);

/* ---- Diagnostics ------------------------------------------------------- */

typedef enum nvgp_severity {
    NVGP_SEVERITY_ERROR,
    NVGP_SEVERITY_WARNING,
    NVGP_SEVERITY_NOTE
} nvgp_severity;

typedef struct nvgp_diag nvgp_diag;

typedef struct nvgp_diag_entry {
    nvgp_severity severity;
    size_t offset;      /* byte offset in the source */
    unsigned line;      /* 1-based */
    unsigned column;    /* 1-based, in bytes */
    const char *message;
} nvgp_diag_entry;

/* A diagnostic list for one source text.  The diag keeps pointers to
 * file_name and source: they must outlive it. */
NVGP_API nvgp_diag *nvgp_diag_create(const char *file_name, const char *source, size_t length);
NVGP_API void nvgp_diag_destroy(nvgp_diag *d);
NVGP_API size_t nvgp_diag_count(const nvgp_diag *d);
NVGP_API size_t nvgp_diag_error_count(const nvgp_diag *d);
NVGP_API bool nvgp_diag_get(const nvgp_diag *d, size_t i, nvgp_diag_entry *out);
/* PROGRAM_ERROR_POSITION semantics: -1 when there is no error, else the byte
 * offset of the first error reported (errors found only after the whole
 * program is read are placed at the program's length). */
NVGP_API long nvgp_diag_error_position(const nvgp_diag *d);
/* Prints every entry as `file:line:col: error: message`, followed by the
 * source line and a caret under the column. */
NVGP_API void nvgp_diag_print(const nvgp_diag *d, FILE *out);

/* ---- Programs ---------------------------------------------------------- */

typedef struct nvgp_program nvgp_program;

/* The language a program text is written in, decided by its first bytes:
 * `!!` starts an NV/ARB assembly program (`!!ARBvp1.0`, `!!VP2.0`,
 * `!!NVfp5.0`, ...); anything else is read as TGSI text. */
typedef enum nvgp_language {
    NVGP_LANGUAGE_TGSI,
    NVGP_LANGUAGE_NV
} nvgp_language;

/* How TGSI text is written: the canonical form, or the form Mesa's
 * tgsi_dump prints. */
typedef enum nvgp_tgsi_style {
    NVGP_TGSI_STYLE_CANONICAL,
    NVGP_TGSI_STYLE_MESA
} nvgp_tgsi_style;

/* Loads a program from src[0..len): assembles and validates NV/ARB assembly,
 * or reads and checks TGSI text.  Returns NULL when the program fails to
 * load.  When diag_out is not NULL it always receives a new diagnostic list
 * (errors, warnings; NULL only when memory ran out), which the caller frees
 * with nvgp_diag_destroy; the list points into file_name and src, so both
 * must outlive it.  The program keeps its own copy of what it needs. */
NVGP_API nvgp_program *nvgp_program_create(const char *file_name, const char *src, size_t len,
                                  nvgp_diag **diag_out);
/* The GL program target a program is loaded for.  A program whose header
 * (or TGSI processor line) opens a program of another target fails to load
 * at offset 0, as ProgramStringARB and LoadProgramNV refuse a string that
 * "violates any semantic restriction of the execution environment of the
 * specified program target". */
typedef enum nvgp_target {
    NVGP_TARGET_ANY,             /* whatever the text opens (nvgp_program_create) */
    NVGP_TARGET_VERTEX,          /* VERTEX_PROGRAM_ARB/_NV: ARBvp1.0 VP1.x VP2.0 NVvp4/5; VERT */
    NVGP_TARGET_VERTEX_STATE,    /* VERTEX_STATE_PROGRAM_NV: VSP1.0 only */
    NVGP_TARGET_FRAGMENT,        /* FRAGMENT_PROGRAM_ARB/_NV: ARBfp1.0 FP1.0 NVfp4/5; FRAG */
    NVGP_TARGET_GEOMETRY,        /* GEOMETRY_PROGRAM_NV: NVgp4/5; GEOM */
    NVGP_TARGET_TESS_CONTROL,    /* TESS_CONTROL_PROGRAM_NV: NVtcp5.0; TESS_CTRL */
    NVGP_TARGET_TESS_EVALUATION, /* TESS_EVALUATION_PROGRAM_NV: NVtep5.0; TESS_EVAL */
    NVGP_TARGET_COMPUTE          /* COMPUTE_PROGRAM_NV: NVcp5.0; COMP */
} nvgp_target;
/* nvgp_program_create for a given target. */
NVGP_API nvgp_program *nvgp_program_create_for(nvgp_target target, const char *file_name,
                                               const char *src, size_t len, nvgp_diag **diag_out);
NVGP_API void nvgp_program_destroy(nvgp_program *prog);
NVGP_API nvgp_language nvgp_program_language(const nvgp_program *prog);
/* The header as the program spells it: `!!VP2.0`, `!!ARBfp1.0`, ... for
 * NV/ARB programs, the processor (`VERT`, `FRAG`, `COMP`, ...) for TGSI. */
NVGP_API const char *nvgp_program_header(const nvgp_program *prog);
/* The program as TGSI text, NUL-terminated, owned by the caller (free it
 * with nvgp_free).  Returns
 * NULL, with the reason reported to diag when diag is not NULL, when there
 * is no TGSI form (an NV/ARB program whose translation does not exist yet)
 * or memory ran out. */
NVGP_API char *nvgp_program_tgsi_text(const nvgp_program *prog, nvgp_tgsi_style style,
                             nvgp_diag *diag);

/* The stage a program is for: the NV/ARB header's or the TGSI processor's. */
typedef enum nvgp_stage {
    NVGP_STAGE_VERTEX,
    NVGP_STAGE_FRAGMENT,
    NVGP_STAGE_GEOMETRY,
    NVGP_STAGE_TESS_CTRL,
    NVGP_STAGE_TESS_EVAL,
    NVGP_STAGE_COMPUTE
} nvgp_stage;

/* The stage of a program that loaded.  NVGP_ERROR_INVALID_PROGRAM for an
 * NV/ARB program without a TGSI translation. */
NVGP_API nvgp_status nvgp_program_stage(const nvgp_program *prog, nvgp_stage *stage);

/* For the TGSI form's instruction k (k < count): the byte offset in the
 * program's source of the statement it came from (for TGSI text, the
 * instruction itself).  Returns false past the last instruction or when
 * there is no TGSI form; *count (may be NULL) receives the number of
 * instructions. */
NVGP_API bool nvgp_program_instruction_offset(const nvgp_program *prog, size_t k,
                                              size_t *offset, size_t *count);

/* ---- Bindings ------------------------------------------------------------ */

/* Where a binding name leads: a register of the program's TGSI form.  A
 * program's own names (NV/ARB: vertex.attrib[2], v[OPOS], program.env[1],
 * c[3], result.color, o[HPOS], vertex[1].position, program.storage[0],
 * image[1], ...) go through the translation's binding map; TGSI register
 * names (IN[2], IN[1][2], OUT[0], CONST[4], CONST[1][4], SV[0], BUFFER[1],
 * IMAGE[0]) work for programs of every language. */
typedef enum nvgp_binding_kind {
    NVGP_BINDING_INPUT,         /* IN[vertex][index]: an attribute */
    NVGP_BINDING_OUTPUT,        /* OUT[index]: a result */
    NVGP_BINDING_PARAMETER,     /* CONST[buffer][index] */
    NVGP_BINDING_SYSTEM_VALUE,  /* SV[index] */
    NVGP_BINDING_BUFFER,        /* BUFFER[index] */
    NVGP_BINDING_IMAGE          /* IMAGE[index] */
} nvgp_binding_kind;

typedef struct nvgp_binding {
    nvgp_binding_kind kind;
    int32_t dim;        /* inputs: the vertex (IN[v][n]); parameters: the
                           constant buffer (CONST[b][n]); -1 when not given */
    int32_t index;      /* the register */
    int32_t component;  /* a scalar binding held in one component of the
                           register (result.clip[5] is z of a CLIPDIST
                           output): 0..3; -1 for the whole register */
} nvgp_binding;

/* Resolves name for prog.  NVGP_ERROR_UNKNOWN_NAME when it names nothing (a
 * TGSI register name names only a register the program, or its
 * translation, declares);
 * literal parameters (elements of an NV parameter array written as numbers)
 * are the program's own and not bindings.  Any thread. */
NVGP_API nvgp_status nvgp_program_find_binding(const nvgp_program *prog, const char *name,
                                               nvgp_binding *binding);
/* The same, preferring a binding whose kind is in kinds (a mask of
 * 1u << nvgp_binding_kind) where a name has several: a vertex state
 * program's c[n] is a parameter (its value before the program) and an
 * output (its value after).  Any thread. */
NVGP_API nvgp_status nvgp_program_find_binding_of(const nvgp_program *prog, const char *name,
                                                  unsigned kinds, nvgp_binding *binding);

/* The names the program gives OUT[index]: the k-th (k = 0, 1, ...), whole-
 * register names first, then scalar ones by component, with the component
 * in *component (-1: the whole register; may be NULL).  NULL past the last,
 * and for k = 0 when the program names none (TGSI programs: always).  The
 * string lives as long as the program.  Any thread. */
NVGP_API const char *nvgp_program_output_name(const nvgp_program *prog, uint32_t index,
                                              uint32_t k, int32_t *component);

/* ---- Textures -------------------------------------------------------------- */

typedef struct nvgp_texture nvgp_texture;

/* Texture targets (the TGSI ones; SHADOW variants sample like their colour
 * targets, the instruction decides on comparison). */
typedef enum nvgp_texture_target {
    NVGP_TEXTURE_BUFFER,
    NVGP_TEXTURE_1D,
    NVGP_TEXTURE_2D,
    NVGP_TEXTURE_3D,
    NVGP_TEXTURE_CUBE,
    NVGP_TEXTURE_RECT,
    NVGP_TEXTURE_SHADOW1D,
    NVGP_TEXTURE_SHADOW2D,
    NVGP_TEXTURE_SHADOWRECT,
    NVGP_TEXTURE_1D_ARRAY,
    NVGP_TEXTURE_2D_ARRAY,
    NVGP_TEXTURE_SHADOW1D_ARRAY,
    NVGP_TEXTURE_SHADOW2D_ARRAY,
    NVGP_TEXTURE_SHADOWCUBE,
    NVGP_TEXTURE_2D_MSAA,
    NVGP_TEXTURE_2D_ARRAY_MSAA,
    NVGP_TEXTURE_CUBE_ARRAY,
    NVGP_TEXTURE_SHADOWCUBE_ARRAY
} nvgp_texture_target;

/* Texel formats of textures.  Sizes are of one texel in the data given to
 * nvgp_texture_set_image. */
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
NVGP_API const char *nvgp_tex_format_name(nvgp_tex_format f);
NVGP_API int nvgp_tex_format_lookup(const char *name);
/* Bytes of one texel of f in nvgp_texture_set_image data. */
NVGP_API unsigned nvgp_tex_format_size(nvgp_tex_format f);

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

NVGP_API void nvgp_tex_sampler_default(nvgp_tex_sampler *s);

/* The implementation's limits. */
#define NVGP_TEX_MAX_LOD_BIAS 15.0f       /* MAX_TEXTURE_LOD_BIAS */
enum { NVGP_TEX_MAX_SIZE = 16384, NVGP_TEX_MAX_LEVELS = 15 };
/* Storage of all levels of one texture (16 bytes a texel). */
#define NVGP_TEX_MAX_BYTES (1ull << 32)

typedef struct nvgp_texture_desc {
    uint8_t target;        /* nvgp_texture_target */
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
 * NULL with an error in diag (if given) for an impossible shape.  A texture
 * is read-only while machines sample it: any number of machines, on any
 * threads, may use one texture at once, as long as nobody changes it. */
NVGP_API nvgp_texture *nvgp_texture_create(const nvgp_texture_desc *desc, nvgp_diag *diag);
NVGP_API void nvgp_texture_destroy(nvgp_texture *t);

/* Sets the texels of one level from data in the texture's format, tightly
 * packed: x fastest, then y, then z (3D slices) or layers (cube faces in the
 * order +X -X +Y -Y +Z -Z, cube arrays cube by cube), then samples (the
 * whole image of sample 0, then of sample 1, ...).  bytes must be exactly
 * the size of the level. */
NVGP_API bool nvgp_texture_set_image(nvgp_texture *t, uint32_t level, const void *data,
                                     size_t bytes, nvgp_diag *diag);
/* Bytes nvgp_texture_set_image expects for a level (0 if out of range). */
NVGP_API size_t nvgp_texture_image_size(const nvgp_texture *t, uint32_t level);

NVGP_API void nvgp_texture_set_sampler(nvgp_texture *t, const nvgp_tex_sampler *s);
NVGP_API const nvgp_tex_sampler *nvgp_texture_sampler(const nvgp_texture *t);
NVGP_API const nvgp_texture_desc *nvgp_texture_describe(const nvgp_texture *t);

/* Texel data from register words: component c (0..3; 0 only for the
 * one-component formats) of the texel at `texel` (nvgp_tex_format_size
 * bytes) in format f gets `word`: float bits for float and normalized
 * formats (normalized ones clamp to [0, 1] and round to nearest, as
 * glTexImage does with float data; NaN becomes 0), the integer for integer
 * formats.  Any thread. */
NVGP_API void nvgp_tex_pack_component(nvgp_tex_format f, void *texel, unsigned c,
                                      uint32_t word);
/* Components a texel of f has in nvgp_texture_set_image data (4 or 1). */
NVGP_API unsigned nvgp_tex_format_components(nvgp_tex_format f);
/* A mipmap level made from the level above it (level - 1, in `above`, in
 * set_image layout) by a box filter: each texel is the mean of the 2, 4 or 8
 * texels at twice its coordinates (where a size is odd, its last row, column
 * or slice is left out), written to out (nvgp_texture_image_size(t, level)
 * bytes).  Integer formats have no such levels: false, as for a level that
 * does not exist.  Only reads t. */
NVGP_API bool nvgp_texture_make_mip_level(const nvgp_texture *t, uint32_t level,
                                          const void *above, void *out);
/* Sets level 0 from data (as nvgp_texture_set_image) and every further
 * level of the texture from the one above it (nvgp_texture_make_mip_level). */
NVGP_API bool nvgp_texture_set_image_mipmapped(nvgp_texture *t, const void *data, size_t bytes,
                                               nvgp_diag *diag);

/* ---- Machines: running a program -------------------------------------------
 *
 * A machine runs one program: a virtual GPU of 32-lane warps (see
 * docs/library.md for the model).  Register values are four 32-bit words;
 * floats are given and read as their bits (the nvgp_vec4 union holds
 * either), a 64-bit value occupies x and y (or z and w), low word first.
 *
 *   nvgp_machine_create(prog, &m, diag)
 *   nvgp_machine_set_invocations(m, n, 0)       before per-invocation data
 *   nvgp_machine_set_input / set_parameters / set_buffer / ...  by name
 *   nvgp_machine_run(m, &options, diag)
 *   nvgp_program_find_binding + nvgp_machine_get_output / emitted / ...
 *   nvgp_machine_destroy(m)
 *
 * All data given is copied, except textures, which must outlive the run.
 * One machine is used by one thread at a time (every call may change it,
 * except the const ones after a run); separate machines, even of one
 * program, run on separate threads freely.  nvgp_machine_run itself may use
 * several host threads (the options say how many). */
typedef struct nvgp_machine nvgp_machine;

typedef union nvgp_vec4 {
    float f[4];
    uint32_t u[4];
    int32_t i[4];
} nvgp_vec4;

/* "every invocation" for the per-invocation setters. */
#define NVGP_ALL 0xffffffffu

/* A machine for prog (which must outlive it): NVGP_ERROR_INVALID_PROGRAM,
 * with the reason in diag, when the program has no runnable form (an
 * NV/ARB program without a TGSI translation, unbalanced control flow).
 * Literal parameters of NV programs are set already. */
NVGP_API nvgp_status nvgp_machine_create(const nvgp_program *prog, nvgp_machine **machine,
                                         nvgp_diag *diag);
NVGP_API void nvgp_machine_destroy(nvgp_machine *m);
/* The program a machine runs. */
NVGP_API const nvgp_program *nvgp_machine_program(const nvgp_machine *m);

/* The number of invocations (default 1) and, for geometry and tessellation
 * programs, the input vertices each reads (0: the geometry program's input
 * primitive's count, else 1).  Vertex, fragment and tessellation-evaluation
 * programs run one thread an invocation, geometry programs GS_INVOCATIONS
 * threads a primitive, tessellation-control programs one a patch vertex;
 * compute programs ignore it (nvgp_machine_set_grid).  Clears every
 * per-invocation value set before: call it first. */
NVGP_API nvgp_status nvgp_machine_set_invocations(nvgp_machine *m, uint32_t invocations,
                                                  uint32_t vertices);
/* Compute: work groups (grid) and threads a group (block), either NULL for
 * the default (grid 1x1x1; block from the program's fixed size, else 1x1x1);
 * at most 1024 threads a block. */
NVGP_API nvgp_status nvgp_machine_set_grid(nvgp_machine *m, const uint32_t grid[3],
                                           const uint32_t block[3]);

/* An input (attribute) of one invocation, or of all (NVGP_ALL).  name may
 * also be a system value (SV[n], vertex.instance, primitive.tessouter[1]
 * ...), which overrides the value the machine gives.  A scalar binding
 * takes value.x.  Unset inputs read (0, 0, 0, 1.0). */
NVGP_API nvgp_status nvgp_machine_set_input(nvgp_machine *m, const char *name,
                                            uint32_t invocation, const nvgp_vec4 *value);
/* The same for a binding resolved once (nvgp_program_find_binding, or one
 * made by hand: kind INPUT or SYSTEM_VALUE), for callers that set many
 * invocations: no name is looked up a call. */
NVGP_API nvgp_status nvgp_machine_set_input_binding(nvgp_machine *m, const nvgp_binding *binding,
                                                    uint32_t invocation,
                                                    const nvgp_vec4 *value);
/* count parameters (constants) from the one name gives: program.env[0],
 * c[4], CONST[1][2], ...  Unset parameters read 0. */
NVGP_API nvgp_status nvgp_machine_set_parameters(nvgp_machine *m, const char *name,
                                                 const nvgp_vec4 *values, uint32_t count);
/* Fragment programs: the colour FBFETCH reads for output name (a whole
 * register) under one invocation or all.  Unset colours read 0. */
NVGP_API nvgp_status nvgp_machine_set_framebuffer(nvgp_machine *m, const char *name,
                                                  uint32_t invocation, const nvgp_vec4 *value);
NVGP_API nvgp_status nvgp_machine_set_framebuffer_binding(nvgp_machine *m,
                                                          const nvgp_binding *binding,
                                                          uint32_t invocation,
                                                          const nvgp_vec4 *value);
/* Fragment programs: marks an invocation as a helper (it runs for
 * derivatives but writes no memory and reports no outputs). */
NVGP_API nvgp_status nvgp_machine_set_helper(nvgp_machine *m, uint32_t invocation,
                                             bool helper);
/* A buffer binding (BUFFER[n], program.storage[n], program.buffer[n],
 * program.counter[n]) with bytes of data (NULL: zeros). */
NVGP_API nvgp_status nvgp_machine_set_buffer(nvgp_machine *m, const char *name,
                                             const void *data, size_t bytes);
/* An image unit (IMAGE[n], image[n]): texels tightly packed in the format,
 * x fastest, then y, then z (1D arrays keep their layers in height, 2D
 * arrays and cubes in depth).  format is a format name: R32G32B32A32_FLOAT,
 * _UINT, _SINT, R32G32_*, R32_*, R8G8B8A8_UNORM or R8G8B8A8_UINT
 * (a PIPE_FORMAT_ prefix is allowed). */
typedef struct nvgp_image_desc {
    nvgp_texture_target target;
    const char *format;
    uint32_t width, height, depth;
} nvgp_image_desc;
NVGP_API nvgp_status nvgp_machine_set_image(nvgp_machine *m, const char *name,
                                            const nvgp_image_desc *desc, const void *texels);
/* Components of a texel of an image format, and the bytes of one
 * component (0 for a format machines do not know).  Any thread. */
NVGP_API unsigned nvgp_image_format_components(const char *format);
NVGP_API unsigned nvgp_image_format_component_size(const char *format);
/* Global memory at a byte address for LOAD/STORE/ATOM on global MEMORY:
 * bytes of data (NULL: zeros); ranges must not overlap.  *range (may be
 * NULL) receives the range's number for nvgp_machine_memory: 0, 1, ... in
 * the order added. */
NVGP_API nvgp_status nvgp_machine_add_memory(nvgp_machine *m, uint64_t address,
                                             const void *data, size_t bytes, uint32_t *range);
/* Texture unit `unit` (TEX-family SAMP[unit], SAMPLE-family SVIEW[unit],
 * NV texture[unit]).  The texture is not copied. */
NVGP_API nvgp_status nvgp_machine_set_texture(nvgp_machine *m, uint32_t unit,
                                              const nvgp_texture *tex);

/* How a run goes; 0 in a field means the default. */
typedef struct nvgp_run_options {
    uint64_t budget;        /* instructions an invocation may run (10^7) */
    uint32_t threads;       /* host threads that run warps (1) */
    uint32_t shared_size;   /* compute: bytes of shared memory a group (32768) */
    uint32_t private_size;  /* compute: bytes of private memory a thread (4096) */
    uint32_t engine;        /* nvgp_engine: which executor engine runs (the
                               JIT where built, else the fast one) */
} nvgp_run_options;

/* The executor's engines, which give the same results bit for bit: the
 * JIT (the fast engine's straight-line runs compiled to vector code by
 * LLVM, in a build with LLVM; where the build has no JIT, the CPU is not
 * one LLVM generates code for, or compiling fails, the fast engine runs
 * instead: a run never fails for want of the JIT), the fast one
 * (pre-decoded instructions with handlers specialised for their operand
 * shapes) and the reference handlers alone, which define every result (for
 * tests, and for comparing them).  NVGP_ENGINE_DEFAULT is the JIT. */
typedef enum nvgp_engine {
    NVGP_ENGINE_DEFAULT = 0,
    NVGP_ENGINE_REFERENCE = 1,
    NVGP_ENGINE_FAST = 2,
    NVGP_ENGINE_JIT = 3
} nvgp_engine;
/* Whether this library can run the JIT engine on this CPU. */
NVGP_API bool nvgp_jit_available(void);

/* Runs every invocation (options may be NULL: all defaults).  On failure
 * the status says what kind (NVGP_ERROR_BUDGET, _UNSUPPORTED, _STACK,
 * _INVALID_ARGUMENT for an option out of range) and the message, naming the
 * instruction, is in diag (when given) and nvgp_machine_error. */
NVGP_API nvgp_status nvgp_machine_run(nvgp_machine *m, const nvgp_run_options *options,
                                      nvgp_diag *diag);
/* The last run's error message ("" after success); lives until the next
 * call on m. */
NVGP_API const char *nvgp_machine_error(const nvgp_machine *m);

/* ---- Results (after a successful run) ---- */

/* Threads that ran: one an invocation for vertex, fragment and
 * tessellation-evaluation programs; see nvgp_machine_set_invocations for
 * the others, nvgp_machine_set_grid for compute. */
NVGP_API uint32_t nvgp_machine_num_threads(const nvgp_machine *m);
/* Instructions the last run executed, summed over warps, and lane
 * instructions, summed over the lanes active at each (for throughput
 * figures); 0 before a successful run. */
NVGP_API uint64_t nvgp_machine_warp_instructions(const nvgp_machine *m);
NVGP_API uint64_t nvgp_machine_lane_instructions(const nvgp_machine *m);
/* What the JIT engine compiled for m (on m's first run with it; kept for
 * later runs): milliseconds of wall clock and of the compiling thread's
 * CPU for the code the first warp waits for, regions and the instructions
 * in them, and how many of those regions hold control flow; then the same
 * program optimised further, compiled on a thread of its own while the
 * first code runs (0 until it is done), and whether that code has replaced
 * the first (docs/jit.md); then the span kernels the pipeline's draws of
 * the program had compiled (the program with its interpolation and colour
 * store, docs/jit.md "Span kernels") and the milliseconds they took, at
 * the draw that first needed each.  All 0 when m has not run with the JIT
 * or the JIT compiled nothing. */
typedef struct nvgp_jit_info {
    double compile_ms, compile_cpu_ms;
    uint32_t regions, instructions;
    uint32_t flow_regions;
    double optimized_ms, optimized_cpu_ms;
    bool optimized;
    uint32_t span_kernels;
    double span_ms;
} nvgp_jit_info;
NVGP_API void nvgp_machine_jit_info(const nvgp_machine *m, nvgp_jit_info *out);
/* Waits until the JIT's optimised code for m is in place, or known not to
 * come (a benchmark measuring the steady state; nothing needs it for the
 * results, which are the same bits either way). */
NVGP_API void nvgp_machine_jit_wait(nvgp_machine *m);
/* OUT registers (one past the highest) and whether the program writes one. */
NVGP_API uint32_t nvgp_machine_num_outputs(const nvgp_machine *m);
NVGP_API bool nvgp_machine_output_written(const nvgp_machine *m, uint32_t index);
/* The output a binding of kind OUTPUT names, for one thread: a scalar
 * binding reads as (value, 0, 0, 0).  Outputs are resolved once
 * (nvgp_program_find_binding) and read per thread. */
NVGP_API nvgp_status nvgp_machine_get_output(const nvgp_machine *m, const nvgp_binding *output,
                                             uint32_t thread, nvgp_vec4 *value);
/* Fragment threads: ended by a kill; helpers (which report no outputs). */
NVGP_API bool nvgp_machine_killed(const nvgp_machine *m, uint32_t thread);
NVGP_API bool nvgp_machine_is_helper(const nvgp_machine *m, uint32_t thread);
/* Geometry threads: vertices emitted on stream 0..3; vertex k's output (as
 * nvgp_machine_get_output reads it) and the number of its primitive (0
 * until the first ENDPRIM of the stream, then 1, ...; may be NULL).  With
 * output and value NULL, only the primitive is read. */
NVGP_API uint32_t nvgp_machine_num_emitted(const nvgp_machine *m, uint32_t thread,
                                           uint32_t stream);
NVGP_API nvgp_status nvgp_machine_get_emitted(const nvgp_machine *m, uint32_t thread,
                                              uint32_t stream, uint32_t k,
                                              const nvgp_binding *output, nvgp_vec4 *value,
                                              uint32_t *primitive);
/* Contents after the run of a buffer binding or an image unit (by binding:
 * kind BUFFER or IMAGE) and of a memory range: NULL when not bound.  The
 * data lives as long as the machine, until the next run or setter. */
NVGP_API const void *nvgp_machine_buffer(const nvgp_machine *m, const nvgp_binding *buffer,
                                         size_t *bytes);
NVGP_API const void *nvgp_machine_image(const nvgp_machine *m, const nvgp_binding *image,
                                        size_t *bytes);
NVGP_API const void *nvgp_machine_memory(const nvgp_machine *m, uint32_t range,
                                         uint64_t *address, size_t *bytes);
/* Memory accesses outside every range given, suppressed (loads read 0,
 * stores and atomics are dropped) during the last run. */
NVGP_API uint64_t nvgp_machine_faults(const nvgp_machine *m);

/* ---- Watching a run: step hooks, traces, debuggers -------------------------
 *
 * docs/trace.md shows what `nvgp run --trace`, `nvgp debug` and `nvgp trace`
 * make of these; docs/library.md ("Watching a run") how to use them.
 *
 * A step hook is called around every instruction a warp executes.  While a
 * machine has one, its runs use one host thread whatever the run options
 * say, warps run one after another in order, and the hook is called on the
 * thread that called nvgp_machine_run, so steps are numbered the same in
 * every run.  The hook observes: it never changes what the program computes
 * (results are those of a run without it).  Inside a hook call the warp view
 * is valid until the call returns; the hook may call the nvgp_warp_*
 * functions on it and the const nvgp_machine_* functions that read buffers,
 * images and memory (they show the contents as they are before or after
 * that step), and nothing else on the machine. */

/* A warp as a step hook sees it (opaque; valid during the hook call). */
typedef struct nvgp_warp nvgp_warp;

/* `before` is called just before instruction pc runs, `after` just after;
 * either may be NULL.  Instructions skipped because no lane is active are
 * not reported. */
typedef struct nvgp_step_hook {
    void (*before)(void *ctx, const nvgp_warp *warp, uint32_t pc);
    void (*after)(void *ctx, const nvgp_warp *warp, uint32_t pc);
    void *ctx;
} nvgp_step_hook;

/* Installs hook (copied) for the machine's next runs; NULL removes it. */
NVGP_API nvgp_status nvgp_machine_set_step_hook(nvgp_machine *m, const nvgp_step_hook *hook);
/* Warps the next run has, as its shape (invocations, grid) is set now;
 * they are numbered 0 .. count-1 (nvgp_warp_number). */
NVGP_API uint32_t nvgp_machine_num_warps(const nvgp_machine *m);

/* The warp's number and its first thread (threads as
 * nvgp_machine_num_threads counts them; lane l runs thread first + l). */
NVGP_API uint32_t nvgp_warp_number(const nvgp_warp *w);
NVGP_API uint32_t nvgp_warp_first_thread(const nvgp_warp *w);

/* The warp's masks (bit l: lane l) and control-flow state now. */
typedef struct nvgp_warp_masks {
    uint32_t exec;        /* lanes that run the current instruction */
    uint32_t threads;     /* lanes that hold a thread */
    uint32_t live;        /* lanes not killed */
    uint32_t helpers;     /* helper lanes (fragment programs) */
    uint32_t cond, loop, cont, sw, func;  /* condition, loop, continue,
                                             switch and function masks */
    uint32_t cond_depth;  /* saved entries of the condition stack */
    uint32_t loop_depth;  /* saved entries of the loop stack */
    uint32_t call_depth;  /* subroutine calls in progress */
} nvgp_warp_masks;
NVGP_API void nvgp_warp_get_masks(const nvgp_warp *w, nvgp_warp_masks *out);
/* Saved mask i (0: outermost) of the condition stack / loop stack; 0 past
 * the depth. */
NVGP_API uint32_t nvgp_warp_cond_saved(const nvgp_warp *w, uint32_t i);
NVGP_API uint32_t nvgp_warp_loop_saved(const nvgp_warp *w, uint32_t i);

/* A register of the program's TGSI form, as nvgp_program_find_register
 * names it: pass it back unchanged. */
typedef struct nvgp_register {
    uint32_t file;        /* the register file (the library's numbering) */
    int32_t dim;          /* inputs, outputs: the vertex; constants: the
                             buffer; 0 for one-dimensional files */
    int32_t index;
    int32_t component;    /* a scalar binding's component 0..3; -1: whole */
} nvgp_register;

/* Resolves a register name (no components): a TGSI register of any file
 * (TEMP[1], OUT[0], IN[1][2], CONST[0][3], ADDR[0], SV[0]; whether the
 * program has it is known only when it is read), a temporary of an NV/ARB
 * program (R0, t, t[2]: TEMP declarations and arrays by their names), or a
 * binding name (nvgp_program_find_binding).  Any thread. */
NVGP_API nvgp_status nvgp_program_find_register(const nvgp_program *prog, const char *name,
                                                nvgp_register *reg);
/* Word comp (0..3) of a register in one lane, now; false when the program
 * has no such register. */
NVGP_API bool nvgp_warp_read(const nvgp_warp *w, const nvgp_register *reg, unsigned comp,
                             unsigned lane, uint32_t *word);

/* ---- Listings: the program as traces and debuggers name it ----
 * Instruction pc's TGSI text (one line, without its number) and the
 * 1-based line of the program's source (NV/ARB source, or the TGSI text)
 * it came from.  A listing is read-only once made: any thread. */
typedef struct nvgp_listing nvgp_listing;

/* NVGP_ERROR_INVALID_PROGRAM for a program without a TGSI form.  prog must
 * outlive the listing. */
NVGP_API nvgp_status nvgp_listing_create(const nvgp_program *prog, nvgp_listing **listing);
NVGP_API void nvgp_listing_destroy(nvgp_listing *l);
NVGP_API uint32_t nvgp_listing_num_instructions(const nvgp_listing *l);
/* "" past the last instruction. */
NVGP_API const char *nvgp_listing_instruction(const nvgp_listing *l, uint32_t pc);
/* 0 when unknown or past the last instruction. */
NVGP_API uint32_t nvgp_listing_line(const nvgp_listing *l, uint32_t pc);
NVGP_API uint32_t nvgp_listing_num_lines(const nvgp_listing *l);
/* Line `line` (1-based) with blanks trimmed and control bytes as blanks;
 * "" for 0 and past the last line. */
NVGP_API const char *nvgp_listing_line_text(const nvgp_listing *l, uint32_t line);

/* ---- Traces: one record per instruction a warp executes ----
 * (docs/trace.md gives the records: step, warp, pc, TGSI text, source line,
 * execution mask before and after, the values the selected lanes received
 * typed by the opcode's result type, condition-code flags, memory
 * accesses.) */

/* A set of small numbers: "all", "N", "N-M" and comma lists of them
 * ("0,4-7"), at most 32 ranges. */
typedef struct nvgp_trace_set {
    bool all;
    uint32_t n;
    uint32_t lo[32], hi[32];
} nvgp_trace_set;
/* Parses spec; members above limit are refused.  false with the reason in
 * err (errlen bytes) on a bad spec.  Any thread. */
NVGP_API bool nvgp_trace_parse_set(const char *spec, uint32_t limit, nvgp_trace_set *out,
                                   char *err, size_t errlen);
NVGP_API bool nvgp_trace_set_has(const nvgp_trace_set *s, uint32_t v);
/* The largest member (for range checks); 0 for "all". */
NVGP_API uint32_t nvgp_trace_set_max(const nvgp_trace_set *s);

typedef enum nvgp_trace_format {
    NVGP_TRACE_JSONL,     /* JSON Lines, one record a line */
    NVGP_TRACE_TEXT       /* for people */
} nvgp_trace_format;

typedef struct nvgp_trace_options {
    uint32_t lanes;           /* bit l: lane l's values are written */
    nvgp_trace_set warps;     /* warps traced */
    uint64_t from, count;     /* steps from .. from+count-1 (UINT64_MAX: all) */
    nvgp_trace_format format;
} nvgp_trace_options;

/* A tracer writes records to out (which must outlive it) through a step
 * hook: install nvgp_tracer_hook (alone, or called from a hook of one's
 * own), run, then nvgp_tracer_finish.  One tracer serves one run at a time
 * (the thread that runs it). */
typedef struct nvgp_tracer nvgp_tracer;
NVGP_API nvgp_status nvgp_tracer_create(const nvgp_listing *l, const nvgp_trace_options *options,
                                        FILE *out, nvgp_tracer **tracer);
NVGP_API nvgp_step_hook nvgp_tracer_hook(nvgp_tracer *t);
/* Writes what is buffered and flushes out; false when writing failed.
 * *records, *bytes (may be NULL): records and bytes written so far. */
NVGP_API bool nvgp_tracer_finish(nvgp_tracer *t, uint64_t *records, uint64_t *bytes);
NVGP_API void nvgp_tracer_destroy(nvgp_tracer *t);

/* A 32-bit word as traces write it for a type: "f32", "u32", "s32" or
 * "x32" (untyped: a float where the bits are a normal float or a zero,
 * else the bits in hex); json: special values as JSON strings.  Any
 * thread. */
NVGP_API void nvgp_trace_format_word(char *buf, size_t n, uint32_t word, const char *type,
                                     bool json);

#ifdef __cplusplus
}
#endif

#endif
