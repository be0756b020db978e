/* The TGSI opcode table (tgsi_opcodes.def) expanded into an enum, an info
 * array and a name lookup.  Every per-opcode fact is read from here. */
#ifndef NVGP_TGSI_INFO_H
#define NVGP_TGSI_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tgsi_opcode_flag {
    TGSI_OPF_TEX    = 1u << 0,
    TGSI_OPF_MEM    = 1u << 1,
    TGSI_OPF_ATOMIC = 1u << 2,
    TGSI_OPF_STORE  = 1u << 3,
    TGSI_OPF_LABEL  = 1u << 4,
    TGSI_OPF_OPEN   = 1u << 5,
    TGSI_OPF_CLOSE  = 1u << 6,
    TGSI_OPF_EXTRA  = 1u << 7,
    TGSI_OPF_LEGACY = 1u << 8,
    TGSI_OPF_NOSRC_OLD = 1u << 9, /* older Mesa wrote it without its source (num_src = 0) */
};

typedef enum tgsi_opcode {
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags) TGSI_OPCODE_##name,
#include "tgsi/tgsi_opcodes.def"
#undef OP
    TGSI_OPCODE_COUNT
} tgsi_opcode;

typedef enum tgsi_output_mode {
    TGSI_OUTPUT_COMP, /* component-wise */
    TGSI_OUTPUT_REPL, /* scalar replicated */
    TGSI_OUTPUT_CHAN, /* per-channel formulas */
    TGSI_OUTPUT_OTHR, /* textures, memory, queries */
    TGSI_OUTPUT_NONE  /* no destination */
} tgsi_output_mode;

/* Operand and result types, the letters of the table's type columns. */
typedef enum tgsi_type {
    TGSI_TYPE_NONE,     /* '-' */
    TGSI_TYPE_FLOAT,    /* 'f' */
    TGSI_TYPE_INT,      /* 'i' */
    TGSI_TYPE_UINT,     /* 'u' */
    TGSI_TYPE_DOUBLE,   /* 'd' */
    TGSI_TYPE_INT64,    /* 'I' */
    TGSI_TYPE_UINT64,   /* 'U' */
    TGSI_TYPE_UNTYPED,  /* 'x' */
    TGSI_TYPE_RESOURCE  /* 'r' */
} tgsi_type;

enum { TGSI_MAX_DST = 2, TGSI_MAX_SRC = 5 };

typedef struct tgsi_opcode_info {
    const char *name;
    uint8_t num_dst;
    uint8_t num_src;
    uint8_t output_mode;              /* tgsi_output_mode */
    uint8_t dst_type;                 /* tgsi_type */
    uint8_t src_type[TGSI_MAX_SRC];   /* tgsi_type per source */
    uint16_t flags;                   /* tgsi_opcode_flag bits */
} tgsi_opcode_info;

extern const tgsi_opcode_info nvgp_tgsi_opcode_infos[TGSI_OPCODE_COUNT];

static inline const tgsi_opcode_info *nvgp_tgsi_opcode_info(unsigned op)
{
    return op < TGSI_OPCODE_COUNT ? &nvgp_tgsi_opcode_infos[op] : NULL;
}

/* Whether the opcode stores to memory or is an atomic (an effect beyond
 * its destination, ordered across invocations). */
static inline bool nvgp_tgsi_opcode_writes_memory(unsigned op)
{
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
    return info && (info->flags & (TGSI_OPF_STORE | TGSI_OPF_ATOMIC));
}

/* Looks an opcode up by its exact (case-sensitive) name of len bytes, in
 * constant time.  Returns TGSI_OPCODE_COUNT when the name is unknown. */
tgsi_opcode nvgp_tgsi_opcode_lookup(const char *name, size_t len);

/* Is a type 64 bits wide per component pair (double, int64, uint64)? */
static inline bool nvgp_tgsi_type_is_64bit(tgsi_type t)
{
    return t == TGSI_TYPE_DOUBLE || t == TGSI_TYPE_INT64 || t == TGSI_TYPE_UINT64;
}

const char *nvgp_tgsi_type_name(tgsi_type t);

#endif
