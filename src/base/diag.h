/* Diagnostics: errors with byte offsets, reported the way a compiler does.
 * The public reading side is in nvgp.h; this header adds the reporting side
 * used inside the library. */
#ifndef NVGP_BASE_DIAG_H
#define NVGP_BASE_DIAG_H

#include "nvgp.h"

#include <stdarg.h>

/* Only the first entries are kept: malformed input must not produce
 * unbounded output. Further ones are counted but not stored. */
enum { NVGP_DIAG_MAX_STORED = 64 };

#if defined(__GNUC__)
#define NVGP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NVGP_PRINTF(a, b)
#endif

void nvgp_diag_report(nvgp_diag *d, nvgp_severity sev, size_t offset,
                      const char *fmt, ...) NVGP_PRINTF(4, 5);
void nvgp_diag_vreport(nvgp_diag *d, nvgp_severity sev, size_t offset,
                       const char *fmt, va_list ap);
void nvgp_diag_error(nvgp_diag *d, size_t offset, const char *fmt, ...) NVGP_PRINTF(3, 4);
/* An error that can only be found after the whole program is read: placed at
 * the program's length, as PROGRAM_ERROR_POSITION requires. */
void nvgp_diag_error_at_end(nvgp_diag *d, const char *fmt, ...) NVGP_PRINTF(2, 3);
const char *nvgp_diag_source(const nvgp_diag *d, size_t *length);
const char *nvgp_diag_file_name(const nvgp_diag *d);
/* Line and column (1-based) of a byte offset in the diag's source. */
void nvgp_diag_locate(const nvgp_diag *d, size_t offset, unsigned *line, unsigned *column);

#endif
