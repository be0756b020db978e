/* The typed program representation the NV/ARB assembler produces: the
 * header (program kind), options, declared variables with their bindings,
 * labels, and instructions whose opcode is a row of nv_opcodes.def, with
 * modifiers, destination (write mask, condition-code mask), sources
 * (negation, absolute value, swizzle, relative addressing), texture access
 * and flow-control targets.  Every element keeps the byte offset where it
 * was written.  All memory belongs to the program's arena.
 *
 * Old languages (VP1.x/VP2.0/VSP1.0/FP1.0) use the same structures: their
 * fixed register files (v[], c[], o[], R, H, A0, f[], p[]) are NV_FILE_*
 * entries with var = NV_VAR_NONE and an index. */
#ifndef NVGP_NV_IR_H
#define NVGP_NV_IR_H

#include "base/arena.h"
#include "nv/nv_opcodes.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NV_VAR_NONE UINT32_MAX

/* Program stage of a header. */
typedef enum nv_stage {
    NV_STAGE_VERTEX,
    NV_STAGE_FRAGMENT,
    NV_STAGE_GEOMETRY,
    NV_STAGE_TESS_CTRL,
    NV_STAGE_TESS_EVAL,
    NV_STAGE_COMPUTE
} nv_stage;

/* Register files an operand refers to. */
typedef enum nv_file {
    NV_FILE_NONE,
    NV_FILE_TEMP,      /* TEMP variables; R0..; H0.. (FP1.0 half temps) */
    NV_FILE_ATTRIB,    /* ATTRIB variables or bindings used directly; v[n]; f[X] */
    NV_FILE_PARAM,     /* PARAM variables, state/program bindings; c[n]; p[n] */
    NV_FILE_CONST,     /* literal constant (scalar or vector) in an operand */
    NV_FILE_OUTPUT,    /* OUTPUT variables or result.* bindings; o[X] */
    NV_FILE_ADDRESS,   /* ADDRESS variables; A0 */
    NV_FILE_BUFFER,    /* BUFFER/BUFFER4/CBUFFER variables */
    NV_FILE_TEXTURE,   /* TEXTURE variables */
    NV_FILE_IMAGE,     /* IMAGE variables */
    NV_FILE_SHARED,    /* SHARED variables (compute) */
    NV_FILE_STORAGE,   /* STORAGE variables (NV_shader_storage_buffer) */
    NV_FILE_COUNTER,   /* COUNTER variables (NV_shader_atomic_counters) */
    NV_FILE_SUBROUTINE,/* SUBROUTINE variables (ARB_shader_subroutine) */
    NV_FILE_CC,        /* RC/HC (FP1.0 condition-code-only destinations) */
    NV_FILE_COUNT
} nv_file;

/* Data type and precision modifiers (".F", ".U32", ...; FP1.0 R/H/X). */
typedef enum nv_dtype {
    NV_DT_NONE,
    NV_DT_F, NV_DT_U, NV_DT_S,
    NV_DT_F16, NV_DT_F32, NV_DT_F64,
    NV_DT_S8, NV_DT_S16, NV_DT_S32, NV_DT_S64,
    NV_DT_U8, NV_DT_U16, NV_DT_U32, NV_DT_U64,
    NV_DT_F32X2, NV_DT_F32X4, NV_DT_F64X2, NV_DT_F64X4,
    NV_DT_S32X2, NV_DT_S32X4, NV_DT_S64X2, NV_DT_S64X4,
    NV_DT_U32X2, NV_DT_U32X4, NV_DT_U64X2, NV_DT_U64X4,
    NV_DT_F16X2, NV_DT_F16X4, NV_DT_S8X2, NV_DT_S8X4, NV_DT_S16X2, NV_DT_S16X4,
    NV_DT_U8X2, NV_DT_U8X4, NV_DT_U16X2, NV_DT_U16X4,
    NV_DT_COUNT
} nv_dtype;

/* Old-language precision suffix (FP1.0 and ARBfp1.0 NV options). */
typedef enum nv_prec { NV_PREC_NONE, NV_PREC_R, NV_PREC_H, NV_PREC_X } nv_prec;

typedef enum nv_sat { NV_SAT_NONE, NV_SAT_SAT, NV_SAT_SSAT } nv_sat;

/* ATOM/ATOMIM/ATOMB/ATOMS/ATOMCTR operations. */
typedef enum nv_atom_op {
    NV_ATOM_NONE, NV_ATOM_ADD, NV_ATOM_MIN, NV_ATOM_MAX, NV_ATOM_IWRAP,
    NV_ATOM_DWRAP, NV_ATOM_AND, NV_ATOM_OR, NV_ATOM_XOR, NV_ATOM_EXCH,
    NV_ATOM_CSWAP, NV_ATOM_INCR, NV_ATOM_DECR, NV_ATOM_GET
} nv_atom_op;

/* ARB_derivative_control's DDX/DDY modifiers. */
typedef enum nv_deriv { NV_DERIV_NONE, NV_DERIV_FINE, NV_DERIV_COARSE } nv_deriv;

/* CVT/ROUND-style rounding modifiers. */
typedef enum nv_round { NV_ROUND_NONE, NV_ROUND_ROUND, NV_ROUND_CEIL, NV_ROUND_FLR, NV_ROUND_TRUNC } nv_round;

/* Condition-code rules (NV_gpu_program4 Table X.16; the old languages use
 * the first eight). */
typedef enum nv_cond {
    NV_COND_NONE,
    NV_COND_EQ, NV_COND_GE, NV_COND_GT, NV_COND_LE, NV_COND_LT, NV_COND_NE,
    NV_COND_TR, NV_COND_FL,
    NV_COND_NAN, NV_COND_LEG, NV_COND_CF, NV_COND_NCF, NV_COND_OF, NV_COND_NOF,
    NV_COND_SF, NV_COND_NSF, NV_COND_AB, NV_COND_BLE,
    NV_COND_RESIDENT, NV_COND_NONRESIDENT, /* EXT/ARB_sparse_texture2: the sparse condition code */
    NV_COND_COUNT
} nv_cond;

/* Swizzle selectors; NV_SWZ_ZERO/ONE only in extended swizzles (SWZ). */
enum { NV_SWZ_X, NV_SWZ_Y, NV_SWZ_Z, NV_SWZ_W, NV_SWZ_ZERO, NV_SWZ_ONE };
#define NV_SWIZZLE_IDENTITY {NV_SWZ_X, NV_SWZ_Y, NV_SWZ_Z, NV_SWZ_W}

/* A condition-code test: "(GT.xyzw)", "EQ1.x", "(NE0)". */
typedef struct nv_cc_test {
    uint8_t cond;       /* nv_cond; NV_COND_NONE when absent */
    uint8_t reg;        /* 0 or 1 (CC0/CC1; old languages: CC = 0) */
    uint8_t swizzle[4];
    uint32_t offset;
} nv_cc_test;

/* Texture targets (NV_gpu_program4 Table X.17 and additions). */
typedef enum nv_tex_target {
    NV_TEX_NONE,
    NV_TEX_1D, NV_TEX_2D, NV_TEX_3D, NV_TEX_CUBE, NV_TEX_RECT,
    NV_TEX_SHADOW1D, NV_TEX_SHADOW2D, NV_TEX_SHADOWRECT,
    NV_TEX_ARRAY1D, NV_TEX_ARRAY2D, NV_TEX_SHADOWCUBE,
    NV_TEX_SHADOWARRAY1D, NV_TEX_SHADOWARRAY2D,
    NV_TEX_ARRAYCUBE, NV_TEX_SHADOWARRAYCUBE,
    NV_TEX_BUFFER, NV_TEX_RENDERBUFFER, NV_TEX_2DMS, NV_TEX_ARRAY2DMS,
    NV_TEX_COUNT
} nv_tex_target;

/* Relative addressing: "c[A0.x + 3]", "R[idx.x - 1]", "vertex.attrib[a.y]". */
typedef struct nv_rel {
    uint8_t file;       /* nv_file of the index register (ADDRESS or TEMP, or
                           ATTRIB/PARAM for integer scalar operands) */
    uint8_t comp;       /* component 0..3 */
    uint32_t var;       /* variable, or NV_VAR_NONE for A0 */
    uint32_t index;     /* register number for fixed files */
} nv_rel;

/* A source operand. */
typedef struct nv_src {
    uint8_t file;       /* nv_file */
    bool negate;        /* leading "-" (outside |...| when abs) */
    bool abs;           /* |operand| */
    bool neg_inner;     /* "-" inside |...| */
    bool has_rel;       /* relative addressing */
    bool scalar;        /* written with a scalar suffix ".x" */
    uint8_t negmask;    /* SWZ: per-component negation */
    uint8_t swizzle[4];
    uint32_t var;       /* variable index in nv_program.vars, or NV_VAR_NONE */
    int32_t index;      /* array element / register number / relative offset */
    nv_rel rel;
    /* Second index of a two-level array ("texcoords[A0.x][1]": a per-vertex
     * attribute array, NV_geometry_program4 <attribUseV>; "cb[1][16]": a
     * buffer variable over several binding points): index/rel above select
     * the vertex or binding point, these the element. */
    bool has_elem;
    bool elem_has_rel;
    int32_t elem;       /* element, or the constant offset added to elem_rel */
    nv_rel elem_rel;
    uint32_t konst;     /* NV_FILE_CONST: index into nv_program.consts */
    uint32_t offset;    /* where the operand starts */
} nv_src;

/* The destination. */
typedef struct nv_dst {
    uint8_t file;       /* nv_file */
    uint8_t writemask;  /* bit 0 = x ... bit 3 = w */
    bool has_rel;
    uint32_t var;
    int32_t index;
    nv_rel rel;
    nv_cc_test cc;      /* conditional write mask "(GT.x)"; cond NONE if absent */
    uint32_t offset;
} nv_dst;

/* Texture access: "texture[2], 2D, (1,0)" or a TEXTURE variable, or an
 * image unit for the image instructions. */
typedef struct nv_tex {
    uint8_t target;     /* nv_tex_target */
    bool has_offset;
    bool has_rel;       /* texture[idx.x] over a TEXTURE array */
    bool offset_from_operand; /* gp5 TXGO/TXG/... with a variable offset */
    uint32_t var;       /* TEXTURE/IMAGE variable, or NV_VAR_NONE */
    int32_t unit;       /* texture image unit: var's first unit + element, or with
                           has_rel var's first unit + the constant offset n of
                           "var[idx.x + n]" (the unit used is unit + idx.x) */
    nv_rel rel;
    int8_t offsets[3];
    uint8_t gather_comp;  /* TXG/TXGO component selector: 0 none, 1..4 = x..w */
    uint32_t offset;
} nv_tex;

typedef struct nv_inst {
    uint16_t op;        /* nv_opcode */
    uint8_t dtype;      /* nv_dtype: data type / precision modifier (.F .U32 ...) */
    uint8_t storage;    /* nv_dtype: LOAD/STORE/ATOM storage modifier */
    uint8_t prec;       /* nv_prec (old languages) */
    uint8_t sat;        /* nv_sat */
    uint8_t cc_update;  /* 0 none, 1 CC0 (".CC", ".CC0", "C"), 2 CC1 */
    uint8_t atom_op;    /* nv_atom_op */
    uint8_t round;      /* nv_round (CVT) */
    bool ntc, s24, u24, hi, coh, vol, prec_mod; /* .NTC .S24 .U24 .HI .COH .VOL .PREC */
    uint8_t membar_cta; /* MEMBAR.CTA */
    uint8_t deriv;      /* nv_deriv: DDX/DDY .FINE .COARSE */
    bool sparse, lodclamp; /* .SPARSE (EXT/ARB_sparse_texture2), .LODCLAMP (ARB_sparse_texture_clamp) */
    bool coord2;        /* TEX/TXB/TXL: src[1] is the second coordinate <coord2> (Table X.17's x2, y2) */
    uint8_t nsrc;
    bool has_dst;
    nv_dst dst;
    nv_src src[4];
    nv_tex tex;
    nv_cc_test cond;    /* IF/BRK/CONT/CAL/RET/BRA/KIL condition */
    uint32_t label;     /* CAL/BRA target label index, CALI subroutine var */
    uint32_t block;     /* IF/REP/LOOP: index of the matching ELSE/END instruction */
    uint32_t offset;    /* where the opcode is written */
} nv_inst;

/* Variable kinds (declaration statements). */
typedef enum nv_var_kind {
    NV_VAR_ATTRIB, NV_VAR_PARAM, NV_VAR_TEMP, NV_VAR_ADDRESS, NV_VAR_OUTPUT,
    NV_VAR_ALIAS, NV_VAR_BUFFER, NV_VAR_BUFFER4, NV_VAR_CBUFFER,
    NV_VAR_TEXTURE, NV_VAR_IMAGE, NV_VAR_SHARED, NV_VAR_STORAGE,
    NV_VAR_COUNTER, NV_VAR_SUBROUTINE, NV_VAR_SUBROUTINETYPE,
    NV_VAR_KIND_COUNT
} nv_var_kind;

/* Variable modifiers (NV_gpu_program4 2.X.3.1 and additions). */
enum {
    NV_VMOD_SHORT = 1 << 0, NV_VMOD_LONG = 1 << 1, NV_VMOD_INT = 1 << 2,
    NV_VMOD_UINT = 1 << 3, NV_VMOD_FLOAT = 1 << 4,
    NV_VMOD_FLAT = 1 << 5, NV_VMOD_CENTROID = 1 << 6, NV_VMOD_NOPERSPECTIVE = 1 << 7,
    NV_VMOD_SAMPLE = 1 << 8, NV_VMOD_PATCH = 1 << 9
};

/* Binding kinds: what a declaration or a direct operand refers to. */
typedef enum nv_binding_kind {
    NV_BIND_NONE,
    NV_BIND_ATTRIB,     /* vertex.*, fragment.*, primitive.*, invocation.*, v[n], f[X] */
    NV_BIND_RESULT,     /* result.*, o[X] */
    NV_BIND_STATE,      /* state.* */
    NV_BIND_ENV,        /* program.env[n] */
    NV_BIND_LOCAL,      /* program.local[n] */
    NV_BIND_CONST,      /* literal constant */
    NV_BIND_BUFFER,     /* program.buffer[a][b] */
    NV_BIND_TEXTURE,    /* texture[n] */
    NV_BIND_IMAGE,      /* image[n] */
    NV_BIND_STORAGE,    /* program.storage[n] */
    NV_BIND_COUNTER,    /* program.counter[n] */
    NV_BIND_OTHER
} nv_binding_kind;

/* One binding: `count` consecutive vec4 elements.  `name` is the binding as
 * the program spelled it, with whitespace removed and any range reduced to
 * its first element (e.g. "state.matrix.mvp.row[0]"), for the lowering and
 * the printer; index is the first number inside [] for arrays of bindings
 * (vertex.attrib[n], program.env[n], texture[n], c[n]). */
typedef struct nv_binding {
    uint8_t kind;       /* nv_binding_kind */
    uint8_t components; /* 1..4: scalar bindings (fog coordinate, ...) */
    uint32_t count;     /* number of vec4 elements */
    int32_t index;
    int32_t index2;     /* program.buffer[a][b]: b; state.matrix rows */
    uint32_t points;    /* program.buffer[a..b], program.storage[a..b]: the
                           binding points a..a+points-1 (0 or 1: one) */
    uint32_t konst;     /* NV_BIND_CONST: index into nv_program.consts */
    const char *name;
    uint32_t offset;
} nv_binding;

typedef struct nv_var {
    const char *name;
    uint8_t kind;       /* nv_var_kind */
    uint16_t mods;      /* NV_VMOD_* */
    bool is_array;
    uint32_t array_size;/* declared elements (0 = unsized or not an array) */
    uint32_t elements;  /* two-level arrays: elements under each first index (a
                           per-vertex ATTRIB array declared with [], a buffer
                           over program.buffer[a..b] / program.storage[a..b]);
                           0 for one-level variables */
    uint32_t alias_of;  /* NV_VAR_ALIAS: the aliased variable */
    uint32_t nbindings;
    nv_binding *bindings; /* one per element for PARAM arrays; one for others */
    uint32_t offset;
    /* NV_vertex_program3 "ATTRIB t = vertex.texcoord[A0.x + n]" (and
     * OUTPUT): the variable is the whole array bindings[0] (is_array), and
     * each use names element rel + rel_offset, as if written there */
    bool rel_binding;
    nv_rel rel;
    int32_t rel_offset;
} nv_var;

/* A literal constant vector (or scalar, replicated). */
typedef struct nv_const {
    union { float f[4]; uint32_t u[4]; int32_t i[4]; } v;
    double d[4];        /* values as written (integers beyond 2^53 rounded) */
    uint64_t bits64[4]; /* is_int: each component's exact 64-bit value as written,
                           two's complement when negated ("-1" is all ones);
                           missing components of a vector 0, w 1 */
    bool overflow;      /* is_int: a component needs more than 64 bits */
    uint8_t ncomp;      /* components written */
    bool is_int;        /* written as integers (4.0/5.0: typed by use) */
    bool scalar;        /* written as a bare scalar ("0.5"), replicated */
} nv_const;

typedef struct nv_label {
    const char *name;
    uint32_t inst;      /* index of the instruction following the label */
    uint32_t offset;
    int32_t subroutine_num; /* ARB_shader_subroutine "SUBROUTINENUM(n)", or -1 */
} nv_label;

/* A PASSTHROUGH declaration (NV_geometry_shader_passthrough): the result
 * binding and its components copied from each input vertex. */
typedef struct nv_passthrough {
    nv_binding b;
    uint8_t writemask;
    uint32_t offset;
} nv_passthrough;

/* Program-type declarations (NV_geometry_program4, NV_gpu_program5,
 * NV_tessellation_program5, NV_compute_program5, and the options of
 * nv_arb_opt.c). */
typedef struct nv_decls {
    int32_t primitive_in, primitive_out; /* enum values below; -1 unset */
    int32_t vertices_out;                /* -1 unset */
    int32_t invocations;                 /* -1 unset */
    int32_t group_size[3];               /* -1 unset */
    int32_t shared_memory;               /* -1 unset */
    int32_t tess_mode, tess_spacing, tess_vertex_order, tess_point_mode; /* -1 unset */
    int32_t patches_in;                  /* PATCHES input primitive size */
    int32_t secondary_layer_offset;      /* NV_stereo_view_rendering SECONDARY_VIEW_LAYER_OFFSET (0 unset) */
    bool has_secondary_layer_offset;
    uint32_t npassthrough;               /* PASSTHROUGH declarations */
    nv_passthrough *passthrough;
} nv_decls;

enum { /* PRIMITIVE_IN / PRIMITIVE_OUT and TESS_* values */
    NV_PRIM_POINTS, NV_PRIM_LINES, NV_PRIM_LINES_ADJACENCY, NV_PRIM_TRIANGLES,
    NV_PRIM_TRIANGLES_ADJACENCY, NV_PRIM_LINE_STRIP, NV_PRIM_TRIANGLE_STRIP,
    NV_PRIM_PATCHES, NV_PRIM_QUADS, NV_PRIM_ISOLINES,
    NV_SPACING_EQUAL, NV_SPACING_FRACTIONAL_ODD, NV_SPACING_FRACTIONAL_EVEN,
    NV_ORDER_CW, NV_ORDER_CCW
};

typedef struct nv_program {
    nvgp_arena arena;
    const char *src;    /* the program text (owned by the caller while assembling) */
    size_t len;
    uint8_t header;     /* nv_header */
    uint8_t stage;      /* nv_stage */
    uint64_t options;   /* bit (1 << nv_option) for every OPTION given */
    uint32_t nvars, ninsts, nlabels, nconsts;
    nv_var *vars;
    nv_inst *insts;
    nv_label *labels;
    nv_const *consts;
    nv_decls decls;
    uint32_t end_offset; /* where "END" is written */
} nv_program;

static inline bool nv_program_has_option(const nv_program *p, nv_option o)
{
    return (p->options >> o) & 1u;
}

/* A passthrough geometry program (NV_geometry_shader_passthrough: the
 * option's spec name and the name real programs use). */
static inline bool nv_program_is_passthrough(const nv_program *p)
{
    return nv_program_has_option(p, NV_OPTION_NV_geometry_program_passthrough) ||
           nv_program_has_option(p, NV_OPTION_NV_geometry_shader_passthrough);
}

/* Stage of a header. */
nv_stage nvgp_nv_header_stage(nv_header h);
/* Header text without "!!" ("ARBvp1.0", ...). */
const char *nvgp_nv_header_name(nv_header h);

#endif
