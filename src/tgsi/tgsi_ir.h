/* The in-memory form of a TGSI program: nvgp's only IR.
 *
 * A program is a processor type plus an ordered list of items (properties,
 * declarations, immediates, instructions) kept in the order they were read
 * or built, because tgsi_dump prints tokens in stream order.  Every array is
 * allocated from the program's arena and freed by nvgp_tgsi_program_destroy.
 *
 * Names of files, semantics, targets, ... as TGSI text spells them are in
 * tgsi_names.h; the opcode table is in tgsi_info.h. */
#ifndef NVGP_TGSI_IR_H
#define NVGP_TGSI_IR_H

#include "base/arena.h"
#include "tgsi/tgsi_info.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum tgsi_processor {
    TGSI_PROCESSOR_VERTEX,     /* VERT */
    TGSI_PROCESSOR_FRAGMENT,   /* FRAG */
    TGSI_PROCESSOR_GEOMETRY,   /* GEOM */
    TGSI_PROCESSOR_TESS_CTRL,  /* TESS_CTRL */
    TGSI_PROCESSOR_TESS_EVAL,  /* TESS_EVAL */
    TGSI_PROCESSOR_COMPUTE,    /* COMP */
    TGSI_PROCESSOR_COUNT
} tgsi_processor;

typedef enum tgsi_file {
    TGSI_FILE_NULL,
    TGSI_FILE_CONSTANT,       /* CONST */
    TGSI_FILE_INPUT,          /* IN */
    TGSI_FILE_OUTPUT,         /* OUT */
    TGSI_FILE_TEMPORARY,      /* TEMP */
    TGSI_FILE_SAMPLER,        /* SAMP */
    TGSI_FILE_ADDRESS,        /* ADDR */
    TGSI_FILE_IMMEDIATE,      /* IMM */
    TGSI_FILE_SYSTEM_VALUE,   /* SV */
    TGSI_FILE_BUFFER,         /* BUFFER */
    TGSI_FILE_IMAGE,          /* IMAGE */
    TGSI_FILE_SAMPLER_VIEW,   /* SVIEW */
    TGSI_FILE_HW_ATOMIC,      /* HWATOMIC */
    TGSI_FILE_MEMORY,         /* MEMORY */
    /* Files of older Mesa releases, read so old dumps still load. */
    TGSI_FILE_RESOURCE,       /* RES */
    TGSI_FILE_PREDICATE,      /* PRED */
    TGSI_FILE_TEMPORARY_ARRAY,/* TEMPX */
    TGSI_FILE_IMMEDIATE_ARRAY,/* IMMX */
    TGSI_FILE_COUNT
} tgsi_file;

/* Texture targets, also used as resource targets of SVIEW/IMAGE/RES. */
typedef enum tgsi_texture {
    TGSI_TEXTURE_BUFFER,
    TGSI_TEXTURE_1D,
    TGSI_TEXTURE_2D,
    TGSI_TEXTURE_3D,
    TGSI_TEXTURE_CUBE,
    TGSI_TEXTURE_RECT,
    TGSI_TEXTURE_SHADOW1D,
    TGSI_TEXTURE_SHADOW2D,
    TGSI_TEXTURE_SHADOWRECT,
    TGSI_TEXTURE_1D_ARRAY,
    TGSI_TEXTURE_2D_ARRAY,
    TGSI_TEXTURE_SHADOW1D_ARRAY,
    TGSI_TEXTURE_SHADOW2D_ARRAY,
    TGSI_TEXTURE_SHADOWCUBE,
    TGSI_TEXTURE_2D_MSAA,
    TGSI_TEXTURE_2D_ARRAY_MSAA,
    TGSI_TEXTURE_CUBE_ARRAY,
    TGSI_TEXTURE_SHADOWCUBE_ARRAY,
    TGSI_TEXTURE_UNKNOWN,
    TGSI_TEXTURE_COUNT
} tgsi_texture;

/* Return type of a sampler view (DCL SVIEW[0], 2D, FLOAT). */
typedef enum tgsi_return_type {
    TGSI_RETURN_TYPE_UNORM,
    TGSI_RETURN_TYPE_SNORM,
    TGSI_RETURN_TYPE_SINT,
    TGSI_RETURN_TYPE_UINT,
    TGSI_RETURN_TYPE_FLOAT,
    TGSI_RETURN_TYPE_UNKNOWN,
    TGSI_RETURN_TYPE_COUNT
} tgsi_return_type;

typedef enum tgsi_interpolate {
    TGSI_INTERPOLATE_CONSTANT,
    TGSI_INTERPOLATE_LINEAR,
    TGSI_INTERPOLATE_PERSPECTIVE,
    TGSI_INTERPOLATE_COLOR,       /* flat or smooth, as the rasterizer says */
    TGSI_INTERPOLATE_COUNT
} tgsi_interpolate;

typedef enum tgsi_interpolate_loc {
    TGSI_INTERPOLATE_LOC_CENTER,
    TGSI_INTERPOLATE_LOC_CENTROID,
    TGSI_INTERPOLATE_LOC_SAMPLE,
    TGSI_INTERPOLATE_LOC_COUNT
} tgsi_interpolate_loc;

typedef enum tgsi_semantic {
    TGSI_SEMANTIC_POSITION,
    TGSI_SEMANTIC_COLOR,
    TGSI_SEMANTIC_BCOLOR,
    TGSI_SEMANTIC_FOG,
    TGSI_SEMANTIC_PSIZE,
    TGSI_SEMANTIC_GENERIC,
    TGSI_SEMANTIC_NORMAL,
    TGSI_SEMANTIC_FACE,
    TGSI_SEMANTIC_EDGEFLAG,
    TGSI_SEMANTIC_PRIMID,
    TGSI_SEMANTIC_INSTANCEID,
    TGSI_SEMANTIC_VERTEXID,
    TGSI_SEMANTIC_STENCIL,
    TGSI_SEMANTIC_CLIPDIST,
    TGSI_SEMANTIC_CLIPVERTEX,
    TGSI_SEMANTIC_GRID_SIZE,
    TGSI_SEMANTIC_BLOCK_ID,
    TGSI_SEMANTIC_BLOCK_SIZE,
    TGSI_SEMANTIC_THREAD_ID,
    TGSI_SEMANTIC_TEXCOORD,
    TGSI_SEMANTIC_PCOORD,
    TGSI_SEMANTIC_VIEWPORT_INDEX,
    TGSI_SEMANTIC_LAYER,
    TGSI_SEMANTIC_SAMPLEID,
    TGSI_SEMANTIC_SAMPLEPOS,
    TGSI_SEMANTIC_SAMPLEMASK,
    TGSI_SEMANTIC_INVOCATIONID,
    TGSI_SEMANTIC_VERTEXID_NOBASE,
    TGSI_SEMANTIC_BASEVERTEX,
    TGSI_SEMANTIC_PATCH,
    TGSI_SEMANTIC_TESSCOORD,
    TGSI_SEMANTIC_TESSOUTER,
    TGSI_SEMANTIC_TESSINNER,
    TGSI_SEMANTIC_VERTICESIN,
    TGSI_SEMANTIC_HELPER_INVOCATION,
    TGSI_SEMANTIC_BASEINSTANCE,
    TGSI_SEMANTIC_DRAWID,
    TGSI_SEMANTIC_WORK_DIM,
    TGSI_SEMANTIC_SUBGROUP_SIZE,
    TGSI_SEMANTIC_SUBGROUP_INVOCATION,
    TGSI_SEMANTIC_SUBGROUP_EQ_MASK,
    TGSI_SEMANTIC_SUBGROUP_GE_MASK,
    TGSI_SEMANTIC_SUBGROUP_GT_MASK,
    TGSI_SEMANTIC_SUBGROUP_LE_MASK,
    TGSI_SEMANTIC_SUBGROUP_LT_MASK,
    TGSI_SEMANTIC_CS_USER_DATA_AMD,
    TGSI_SEMANTIC_VIEWPORT_MASK,
    TGSI_SEMANTIC_TESS_DEFAULT_OUTER_LEVEL,
    TGSI_SEMANTIC_TESS_DEFAULT_INNER_LEVEL,
    TGSI_SEMANTIC_COUNT
} tgsi_semantic;

typedef enum tgsi_imm_type {
    TGSI_IMM_FLOAT32,  /* FLT32 */
    TGSI_IMM_UINT32,   /* UINT32 */
    TGSI_IMM_INT32,    /* INT32 */
    TGSI_IMM_FLOAT64,  /* FLT64: two doubles in four 32-bit words */
    TGSI_IMM_UINT64,   /* UINT64 */
    TGSI_IMM_INT64,    /* INT64 */
    TGSI_IMM_COUNT
} tgsi_imm_type;

typedef enum tgsi_property {
    TGSI_PROPERTY_GS_INPUT_PRIM,
    TGSI_PROPERTY_GS_OUTPUT_PRIM,
    TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES,
    TGSI_PROPERTY_FS_COORD_ORIGIN,
    TGSI_PROPERTY_FS_COORD_PIXEL_CENTER,
    TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS,
    TGSI_PROPERTY_FS_DEPTH_LAYOUT,
    TGSI_PROPERTY_VS_PROHIBIT_UCPS,
    TGSI_PROPERTY_GS_INVOCATIONS,
    TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION,
    TGSI_PROPERTY_TCS_VERTICES_OUT,
    TGSI_PROPERTY_TES_PRIM_MODE,
    TGSI_PROPERTY_TES_SPACING,
    TGSI_PROPERTY_TES_VERTEX_ORDER_CW,
    TGSI_PROPERTY_TES_POINT_MODE,
    TGSI_PROPERTY_NUM_CLIPDIST_ENABLED,
    TGSI_PROPERTY_NUM_CULLDIST_ENABLED,
    TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL,
    TGSI_PROPERTY_FS_POST_DEPTH_COVERAGE,
    TGSI_PROPERTY_NEXT_SHADER,
    TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH,
    TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT,
    TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH,
    TGSI_PROPERTY_MUL_ZERO_WINS,       /* older name of LEGACY_MATH_RULES */
    TGSI_PROPERTY_VS_BLIT_SGPRS_AMD,
    TGSI_PROPERTY_CS_USER_DATA_COMPONENTS_AMD,
    TGSI_PROPERTY_LAYER_VIEWPORT_RELATIVE,
    TGSI_PROPERTY_FS_BLEND_EQUATION_ADVANCED,
    TGSI_PROPERTY_SEPARABLE_PROGRAM,
    TGSI_PROPERTY_LEGACY_MATH_RULES,
    TGSI_PROPERTY_COUNT
} tgsi_property;

/* Memory qualifiers of LOAD/STORE/ATOM* (bit mask). */
enum tgsi_memory_qualifier {
    TGSI_MEMORY_COHERENT = 1u << 0,
    TGSI_MEMORY_RESTRICT = 1u << 1,
    TGSI_MEMORY_VOLATILE = 1u << 2,
    TGSI_MEMORY_STREAM_CACHE_POLICY = 1u << 3,
};

/* What a DCL MEMORY[] declares. */
typedef enum tgsi_memory_type {
    TGSI_MEMORY_TYPE_GLOBAL,
    TGSI_MEMORY_TYPE_SHARED,
    TGSI_MEMORY_TYPE_PRIVATE,
    TGSI_MEMORY_TYPE_INPUT,
    TGSI_MEMORY_TYPE_COUNT
} tgsi_memory_type;

enum { TGSI_SWIZZLE_X, TGSI_SWIZZLE_Y, TGSI_SWIZZLE_Z, TGSI_SWIZZLE_W };
enum { TGSI_WRITEMASK_XYZW = 0xf };

/* ---- Operands ------------------------------------------------------------ */

/* An indirect index: the register (usually ADDR[n] or TEMP[n]) whose
 * component `swizzle` is added to the constant index. */
typedef struct tgsi_indirect {
    uint8_t file;       /* tgsi_file */
    uint8_t swizzle;    /* which component of the index register */
    uint16_t array_id;  /* ArrayID the access is restricted to; 0 = none */
    int32_t index;
} tgsi_indirect;

/* Common part of source and destination operands. */
typedef struct tgsi_register {
    uint8_t file;             /* tgsi_file */
    bool indirect;            /* index += value of `ind` */
    bool dimension;           /* two-dimensional: FILE[dim][index] */
    bool dim_indirect;        /* dim += value of `dim_ind` */
    int32_t index;
    int32_t dim_index;
    tgsi_indirect ind;
    tgsi_indirect dim_ind;
} tgsi_register;

typedef struct tgsi_src {
    tgsi_register reg;
    uint8_t swizzle[4];       /* TGSI_SWIZZLE_* per component */
    bool negate;
    bool absolute;
} tgsi_src;

typedef struct tgsi_dst {
    tgsi_register reg;
    uint8_t writemask;        /* TGSI_WRITEMASK bits x=1 y=2 z=4 w=8 */
} tgsi_dst;

/* Immediate texel offset of a texture instruction: the components of a
 * register (normally IMM) that hold the x, y, z offsets. */
typedef struct tgsi_tex_offset {
    uint8_t file;
    uint8_t swizzle[3];
    int32_t index;
} tgsi_tex_offset;

enum { TGSI_MAX_TEX_OFFSETS = 4 };

/* Blocks (IF, UIF, BGNLOOP, SWITCH, BGNSUB) open at once in a program's
 * text: the checker refuses more and the executor runs up to it.  tgsi.rst
 * sets no limit; 256 holds every translation of an NV/ARB program within
 * its own limits (64 IF levels and 64 loop levels, each REP adding a UIF
 * inside its BGNLOOP). docs/limits.md lists it. */
enum { TGSI_MAX_NESTING = 256 };
/* Constant buffers CONST[0..63][..]: the checker refuses a higher buffer
 * index, the executor holds this many (docs/limits.md). */
enum { TGSI_MAX_CONST_BUFFERS = 64 };

typedef struct tgsi_instruction {
    uint16_t opcode;          /* tgsi_opcode */
    uint8_t num_dst, num_src; /* as the opcode table says */
    uint8_t saturate;         /* 0 none, 1 _SAT ([0,1]) */
    bool precise;             /* _PRECISE */
    bool has_label;
    uint32_t label;           /* instruction index of the branch target */
    tgsi_dst dst[TGSI_MAX_DST];
    tgsi_src src[TGSI_MAX_SRC];
    /* TGSI_OPF_TEX instructions, and MEM instructions on images: */
    uint8_t texture;          /* tgsi_texture; TGSI_TEXTURE_UNKNOWN if none */
    uint8_t return_type;      /* tgsi_return_type of TEX (TXF on integers) */
    uint8_t num_offsets;
    tgsi_tex_offset offsets[TGSI_MAX_TEX_OFFSETS];
    /* TGSI_OPF_MEM instructions: */
    uint8_t memory_qualifier; /* tgsi_memory_qualifier bits */
    uint16_t memory_format;   /* image format, tgsi_format (tgsi_names.h); 0 none */
    uint32_t source_offset;   /* byte offset of the instruction in its source text */
} tgsi_instruction;

/* ---- Declarations ---------------------------------------------------------- */

typedef struct tgsi_declaration {
    uint8_t file;             /* tgsi_file */
    uint8_t usage_mask;       /* components used; 0xf when not given */
    bool has_dimension;       /* CONST[b][..], IN[][..] (gs/tess), HWATOMIC[b][..] */
    bool dimension_unsized;   /* IN[][i]: a per-vertex array of unknown size */
    int32_t dimension;        /* the first index when has_dimension */
    int32_t first, last;      /* range of the declared registers */
    bool has_semantic;
    uint8_t semantic_name;    /* tgsi_semantic */
    uint32_t semantic_index;
    bool has_interpolate;
    uint8_t interpolate;      /* tgsi_interpolate */
    uint8_t interpolate_location; /* tgsi_interpolate_loc */
    bool cylindrical_wrap_given;
    uint8_t cylindrical_wrap; /* CYLWRAP_X.. bits (older Mesa) */
    bool local;               /* LOCAL: not preserved across subroutines */
    bool invariant;           /* INVARIANT */
    uint32_t array_id;        /* ARRAY(n); 0 = not an array */
    bool has_stream;
    uint8_t stream[4];        /* geometry output streams per component */
    /* SVIEW: */
    uint8_t sview_target;     /* tgsi_texture */
    uint8_t sview_return[4];  /* tgsi_return_type x, y, z, w */
    /* IMAGE and legacy RES: */
    uint8_t resource_target;  /* tgsi_texture */
    uint16_t image_format;    /* tgsi_format */
    bool writable;            /* WR */
    bool raw;                 /* RAW */
    /* BUFFER: */
    bool atomic;              /* ATOMIC */
    /* MEMORY: */
    uint8_t memory_type;      /* tgsi_memory_type */
    /* IMMX (legacy immediate array): values, 4 words per element. */
    uint32_t *immx_values;
    uint32_t source_offset;
} tgsi_declaration;

typedef struct tgsi_immediate {
    uint8_t type;             /* tgsi_imm_type */
    uint8_t num_words;        /* 1..4 32-bit words (64-bit types: 2 or 4) */
    bool index_given;         /* text wrote IMM[n] rather than IMM */
    uint32_t value[4];        /* raw bits; 64-bit values low word first */
    uint32_t source_offset;
} tgsi_immediate;

enum { TGSI_MAX_PROPERTY_DATA = 8 };

typedef struct tgsi_property_decl {
    uint8_t name;             /* tgsi_property */
    uint8_t num_data;
    uint32_t data[TGSI_MAX_PROPERTY_DATA];
    uint32_t source_offset;
} tgsi_property_decl;

typedef enum tgsi_item_kind {
    TGSI_ITEM_PROPERTY,
    TGSI_ITEM_DECLARATION,
    TGSI_ITEM_IMMEDIATE,
    TGSI_ITEM_INSTRUCTION
} tgsi_item_kind;

/* One entry of the program in stream order: kind + index into its array. */
typedef struct tgsi_item {
    uint8_t kind;             /* tgsi_item_kind */
    uint32_t index;
} tgsi_item;

typedef struct tgsi_program {
    nvgp_arena arena;
    uint8_t processor;        /* tgsi_processor */
    /* Unique among the programs this process creates, never reused: what
     * the executor's compiled code is cached by (exec_jit.c).  A program
     * is complete before a machine runs it and is not changed after. */
    uint64_t serial;

    tgsi_property_decl *properties;
    uint32_t num_properties, cap_properties;
    tgsi_declaration *declarations;
    uint32_t num_declarations, cap_declarations;
    tgsi_immediate *immediates;
    uint32_t num_immediates, cap_immediates;
    tgsi_instruction *instructions;
    uint32_t num_instructions, cap_instructions;
    tgsi_item *items;
    uint32_t num_items, cap_items;
} tgsi_program;

/* Creation and growth.  The append functions return a zeroed slot (with
 * texture = TGSI_TEXTURE_UNKNOWN, usage_mask = 0xf, ...) already linked into
 * the item list, or NULL when memory is exhausted. */
tgsi_program *nvgp_tgsi_program_create(tgsi_processor processor);
void nvgp_tgsi_program_destroy(tgsi_program *p);
tgsi_property_decl *nvgp_tgsi_add_property(tgsi_program *p);
tgsi_declaration *nvgp_tgsi_add_declaration(tgsi_program *p);
tgsi_immediate *nvgp_tgsi_add_immediate(tgsi_program *p);
tgsi_instruction *nvgp_tgsi_add_instruction(tgsi_program *p, tgsi_opcode op);

/* Identity swizzle source / full-mask destination on FILE[index]. */
tgsi_src nvgp_tgsi_src(tgsi_file file, int32_t index);
tgsi_dst nvgp_tgsi_dst(tgsi_file file, int32_t index);

#endif
