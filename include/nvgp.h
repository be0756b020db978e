/* nvgp: NVIDIA's OpenGL assembly GPU program languages and Gallium's TGSI,
 * assembled, validated, translated to TGSI and run on a virtual GPU of 32-lane
 * thread groups.  This is the library's one public header.
 *
 * Handles are opaque; every *_create has a *_destroy; no global state, so
 * separate handles may be used from separate threads. */
#ifndef NVGP_H
#define NVGP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

const char *nvgp_version(void);

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
nvgp_diag *nvgp_diag_create(const char *file_name, const char *source, size_t length);
void nvgp_diag_destroy(nvgp_diag *d);
size_t nvgp_diag_count(const nvgp_diag *d);
size_t nvgp_diag_error_count(const nvgp_diag *d);
bool nvgp_diag_get(const nvgp_diag *d, size_t i, nvgp_diag_entry *out);
/* PROGRAM_ERROR_POSITION semantics: -1 when there is no error, else the byte
 * offset of the first error reported (errors found only after the whole
 * program is read are placed at the program's length). */
long nvgp_diag_error_position(const nvgp_diag *d);
/* Prints every entry as `file:line:col: error: message`, followed by the
 * source line and a caret under the column. */
void nvgp_diag_print(const nvgp_diag *d, FILE *out);

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
nvgp_program *nvgp_program_create(const char *file_name, const char *src, size_t len,
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
nvgp_program *nvgp_program_create_for(nvgp_target target, const char *file_name, const char *src,
                                      size_t len, nvgp_diag **diag_out);
void nvgp_program_destroy(nvgp_program *prog);
nvgp_language nvgp_program_language(const nvgp_program *prog);
/* The header as the program spells it: `!!VP2.0`, `!!ARBfp1.0`, ... for
 * NV/ARB programs, the processor (`VERT`, `FRAG`, `COMP`, ...) for TGSI. */
const char *nvgp_program_header(const nvgp_program *prog);
/* The program as TGSI text, NUL-terminated, malloc'd (free() it).  Returns
 * NULL, with the reason reported to diag when diag is not NULL, when there
 * is no TGSI form (an NV/ARB program whose translation does not exist yet)
 * or memory ran out. */
char *nvgp_program_tgsi_text(const nvgp_program *prog, nvgp_tgsi_style style,
                             nvgp_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
