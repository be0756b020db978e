/* The NV/ARB instruction table (nv_opcodes.def) as C data: one row per
 * opcode with its grammar class, Table X.13 columns, program types, required
 * OPTION and old-language availability.  The lexer, parser, validator and
 * printer read these rows; nothing else knows per-opcode facts. */
#ifndef NVGP_NV_OPCODES_H
#define NVGP_NV_OPCODES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Program headers. */
typedef enum nv_header {
    NV_HDR_ARBVP10,
    NV_HDR_ARBFP10,
    NV_HDR_VP10,
    NV_HDR_VP11,
    NV_HDR_VP20,
    NV_HDR_VSP10,
    NV_HDR_FP10,
    NV_HDR_NVVP40,
    NV_HDR_NVFP40,
    NV_HDR_NVGP40,
    NV_HDR_NVVP50,
    NV_HDR_NVFP50,
    NV_HDR_NVGP50,
    NV_HDR_NVTCP50,
    NV_HDR_NVTEP50,
    NV_HDR_NVCP50,
    NV_HDR_COUNT
} nv_header;

#define NV_HB(h) (1u << (h))
#define NV_HB_ARBVP NV_HB(NV_HDR_ARBVP10)
#define NV_HB_ARBFP NV_HB(NV_HDR_ARBFP10)
#define NV_HB_NVVP (NV_HB(NV_HDR_NVVP40) | NV_HB(NV_HDR_NVVP50))
#define NV_HB_NVFP (NV_HB(NV_HDR_NVFP40) | NV_HB(NV_HDR_NVFP50))
#define NV_HB_GP4 (NV_HB(NV_HDR_NVVP40) | NV_HB(NV_HDR_NVFP40) | NV_HB(NV_HDR_NVGP40))
#define NV_HB_GP5 (NV_HB(NV_HDR_NVVP50) | NV_HB(NV_HDR_NVFP50) | NV_HB(NV_HDR_NVGP50) | \
                   NV_HB(NV_HDR_NVTCP50) | NV_HB(NV_HDR_NVTEP50) | NV_HB(NV_HDR_NVCP50))
/* Vertex, tessellation and geometry programs of the 4.0/5.0 languages. */
#define NV_HB_VTG (NV_HB_NVVP | NV_HB(NV_HDR_NVGP40) | NV_HB(NV_HDR_NVGP50) | NV_HB(NV_HDR_NVTCP50) | \
                   NV_HB(NV_HDR_NVTEP50))

/* Options (nv_options.def).  NV_OPTION_NONE is "no option required". */
typedef enum nv_option {
    NV_OPTION_NONE,
#define NV_OPTION(name, headers, implied) NV_OPTION_##name,
#include "nv/nv_options.def"
#undef NV_OPTION
    NV_OPTION_COUNT
} nv_option;
/* nv_program.options holds one bit per option. */
_Static_assert(NV_OPTION_COUNT <= 64, "more options than bits in nv_program.options");

typedef struct nv_option_info {
    const char *name;
    uint32_t headers; /* NV_HB_* bits of headers accepting it */
    uint32_t implied; /* headers whose language includes it without OPTION */
} nv_option_info;

/* Grammar shapes: what follows the opcode and its modifiers. */
typedef enum nv_class {
    NV_CLASS_VECTOR,  /* result, vector operand */
    NV_CLASS_SCALAR,  /* result, scalar operand */
    NV_CLASS_BINSC,   /* result, scalar, scalar */
    NV_CLASS_VECSCA,  /* result, vector, scalar */
    NV_CLASS_BIN,     /* result, vector, vector */
    NV_CLASS_TRI,     /* result, vector, vector, vector */
    NV_CLASS_SWZ,     /* result, vector (no swizzle), extended swizzle */
    NV_CLASS_TEX,     /* result, vector, texture access */
    NV_CLASS_TXD,     /* result, vector, vector, vector, texture access */
    NV_CLASS_TXQS,    /* result, texture access */
    NV_CLASS_BRA,     /* label target, optional condition */
    NV_CLASS_CALI,    /* subroutine variable, optional index, condition */
    NV_CLASS_FLOWCC,  /* optional condition */
    NV_CLASS_IF,      /* condition */
    NV_CLASS_REP,     /* optional vector operand */
    NV_CLASS_LOOP,    /* vector operand (NV_fragment_program2 LOOP) */
    NV_CLASS_ENDFLOW, /* nothing */
    NV_CLASS_KIL,     /* vector operand or condition */
    NV_CLASS_ATOM,    /* result, vector, scalar address */
    NV_CLASS_ATOMIM,  /* result, vector, vector coordinate, image */
    NV_CLASS_ATOMCTR, /* result, counter */
    NV_CLASS_LOAD,    /* result, scalar address */
    NV_CLASS_LOADIM,  /* result, vector coordinate, image */
    NV_CLASS_STORE,   /* vector value, scalar address */
    NV_CLASS_STOREIM, /* image, vector value, vector coordinate */
    NV_CLASS_IMQS,    /* result, image */
    NV_CLASS_EMITS,   /* scalar operand */
    NV_CLASS_NONE,    /* nothing (EMIT, ENDPRIM, MEMBAR, BAR) */
    NV_CLASS_ARL,     /* address result, vector operand (ARL, ARR) */
    NV_CLASS_ARA,     /* address result, address operand */
    NV_CLASS_PUSHA,   /* address operand */
    NV_CLASS_POPA,    /* address result */
    NV_CLASS_COUNT
} nv_class;

/* Program types of the 4.0/5.0 languages. */
enum {
    NV_PT_V = 1 << 0,
    NV_PT_F = 1 << 1,
    NV_PT_G = 1 << 2,
    NV_PT_TC = 1 << 3,
    NV_PT_TE = 1 << 4,
    NV_PT_C = 1 << 5,
    NV_PT_ALL = (1 << 6) - 1
};

/* Old languages (and ARB languages with an NV option). */
enum {
    NV_L_VP10 = 1 << 0,
    NV_L_VP11 = 1 << 1,
    NV_L_VP20 = 1 << 2,
    NV_L_VSP10 = 1 << 3,
    NV_L_FP10 = 1 << 4,
    NV_L_ARBVP = 1 << 5,
    NV_L_ARBVP_NV2 = 1 << 6, /* ARBvp1.0 with OPTION NV_vertex_program2 (or 3) */
    NV_L_ARBVP_NV3 = 1 << 7, /* ARBvp1.0 with OPTION NV_vertex_program3 */
    NV_L_ARBFP = 1 << 8,
    NV_L_ARBFP_NV = 1 << 9,  /* ARBfp1.0 with OPTION NV_fragment_program (or 2) */
    NV_L_ARBFP_NV2 = 1 << 10 /* ARBfp1.0 with OPTION NV_fragment_program2 */
};

typedef enum nv_opcode {
#define NV_OP(name, cls, v, mods, out, in, prog, opt, langs, oldmods, desc) NV_OP_##name,
#include "nv/nv_opcodes.def"
#undef NV_OP
    NV_OP_COUNT
} nv_opcode;

/* Column values of MODS (F I C S H D). */
enum { NV_MOD_F, NV_MOD_I, NV_MOD_C, NV_MOD_S, NV_MOD_H, NV_MOD_D };

typedef struct nv_opcode_info {
    const char *name;
    uint8_t cls;       /* nv_class */
    uint8_t isa;       /* 40, 41, 50; 0 = old languages only */
    char mods[7];      /* "FICSHD" columns as the spec writes them */
    const char *out;   /* output format ("v", "s", "vf", "-", ...) */
    const char *in;    /* input formats ("v,v", "vf,t", "-", ...) */
    uint8_t prog;      /* NV_PT_* */
    uint8_t option;    /* nv_option required in 4.0/5.0 programs */
    uint16_t langs;    /* NV_L_* */
    const char *oldmods; /* suffix letters R H X C S for the old NV languages */
    const char *desc;
} nv_opcode_info;

const nv_opcode_info *nvgp_nv_opcode_info(nv_opcode op);
/* The opcode spelled s[0..len), or -1.  Binary search over the sorted rows. */
int nvgp_nv_opcode_lookup(const char *s, size_t len);

const nv_option_info *nvgp_nv_option_info(nv_option opt);
/* The option named s[0..len), or NV_OPTION_NONE. */
nv_option nvgp_nv_option_lookup(const char *s, size_t len);

/* Modifier column c (NV_MOD_F...) allows the modifier: 'X' or '6'. */
static inline bool nv_op_allows(const nv_opcode_info *i, int c)
{
    return i->mods[c] == 'X' || i->mods[c] == '6';
}
/* The F or I column allows the 64-bit forms. */
static inline bool nv_op_allows64(const nv_opcode_info *i, int c) { return i->mods[c] == '6'; }
/* The default data type (D column): 'F', 'S', 'U' or '-'. */
static inline char nv_op_default_type(const nv_opcode_info *i) { return i->mods[NV_MOD_D]; }

#endif
