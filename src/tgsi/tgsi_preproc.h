/* The small C-preprocessor subset that TGSI text in Mesa's compute tests is
 * written with (they are run through `cpp -P` before tgsi_text reads them):
 * object-like #define NAME text, #undef, #ifdef/#ifndef/#else/#endif, and
 * identifier substitution with rescanning.  RGLOBAL, RLOCAL, RPRIVATE and
 * RINPUT are predefined as those tests predefine them (RES[32767] ..
 * RES[32764]).  The output keeps a map back to the original text so that
 * diagnostics and source offsets point into what the user wrote. */
#ifndef NVGP_TGSI_PREPROC_H
#define NVGP_TGSI_PREPROC_H

#include "nvgp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nvgp_tgsi_pp nvgp_tgsi_pp;

/* Does the text use the preprocessor (a directive line, or a predefined
 * name)?  Plain TGSI skips preprocessing entirely. */
bool nvgp_tgsi_pp_needed(const char *src, size_t len);

/* Preprocesses src[0..len).  Returns NULL after reporting an error (at an
 * offset of src) to diag, which may be NULL. */
nvgp_tgsi_pp *nvgp_tgsi_preprocess(const char *src, size_t len, nvgp_diag *diag);
void nvgp_tgsi_pp_destroy(nvgp_tgsi_pp *pp);

/* The preprocessed text (not NUL-terminated) and its length. */
const char *nvgp_tgsi_pp_text(const nvgp_tgsi_pp *pp, size_t *len);
/* The offset in the original text of output byte `offset`: bytes copied map
 * to themselves, bytes of a macro expansion to the macro name's use. */
size_t nvgp_tgsi_pp_source_offset(const nvgp_tgsi_pp *pp, size_t offset);

#endif
