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

#ifdef __cplusplus
}
#endif

#endif
