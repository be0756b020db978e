/* The words of TGSI text: names of processors, register files, semantics,
 * texture targets, ... in one place, for the reader and the writer alike.
 * Each table lists the current Mesa spelling first; older spellings that old
 * dumps use are accepted by lookup as aliases. */
#ifndef NVGP_TGSI_NAMES_H
#define NVGP_TGSI_NAMES_H

#include <stddef.h>

typedef enum tgsi_name_table {
    TGSI_NAMES_PROCESSOR,      /* tgsi_processor: VERT FRAG GEOM TESS_CTRL TESS_EVAL COMP */
    TGSI_NAMES_FILE,           /* tgsi_file: CONST IN OUT TEMP ... */
    TGSI_NAMES_SEMANTIC,       /* tgsi_semantic */
    TGSI_NAMES_TEXTURE,        /* tgsi_texture */
    TGSI_NAMES_RETURN_TYPE,    /* tgsi_return_type */
    TGSI_NAMES_INTERPOLATE,    /* tgsi_interpolate */
    TGSI_NAMES_INTERPOLATE_LOC,/* tgsi_interpolate_loc */
    TGSI_NAMES_PROPERTY,       /* tgsi_property */
    TGSI_NAMES_IMM_TYPE,       /* tgsi_imm_type */
    TGSI_NAMES_MEMORY_TYPE,    /* tgsi_memory_type: (global) SHARED PRIVATE INPUT */
    TGSI_NAMES_PRIMITIVE,      /* PIPE_PRIM_*: POINTS LINES ... (GS properties) */
    TGSI_NAMES_FS_COORD_ORIGIN,      /* UPPER_LEFT LOWER_LEFT */
    TGSI_NAMES_FS_COORD_PIXEL_CENTER,/* HALF_INTEGER INTEGER */
    TGSI_NAMES_FS_DEPTH_LAYOUT,      /* NONE ANY GREATER LESS UNCHANGED */
    TGSI_NAMES_TESS_SPACING,         /* FRACTIONAL_ODD FRACTIONAL_EVEN EQUAL */
    TGSI_NAMES_FORMAT,         /* tgsi_format: image formats, PIPE_FORMAT_ names without prefix */
    TGSI_NAMES_COUNT
} tgsi_name_table;

/* The canonical name of value v in table t, or NULL when v is out of range. */
const char *nvgp_tgsi_name(tgsi_name_table t, unsigned v);
/* Number of values in table t. */
unsigned nvgp_tgsi_name_count(tgsi_name_table t);
/* The value named by s[0..len) (canonical name or alias), or -1. */
int nvgp_tgsi_name_lookup(tgsi_name_table t, const char *s, size_t len);

#endif
