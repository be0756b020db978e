/* The TGSI text reader: Mesa's tgsi_text syntax (current and older
 * releases) into a tgsi_program.
 *
 * Reads what tgsi_dump prints and what hand-written TGSI in Mesa's tests
 * uses: the processor header, PROPERTY, DCL of every file, IMM, numbered or
 * unnumbered instructions with modifiers, texture targets, texel offsets,
 * memory qualifiers and labels; comments (';', '#', '//'); CR, LF or CRLF
 * line ends; and a small C-preprocessor subset (#define/#undef/#ifdef/
 * #ifndef/#else/#endif) used by Mesa's compute tests. */
#ifndef NVGP_TGSI_TEXT_READ_H
#define NVGP_TGSI_TEXT_READ_H

#include "nvgp.h"
#include "tgsi/tgsi_ir.h"

#include <stddef.h>

/* Reads src[0..len) (need not be NUL-terminated).  Returns the program, or
 * NULL after reporting the first error (with its byte offset in src) to
 * diag, which may be NULL.  Every item's source_offset is set to the byte
 * offset of its first character in src. */
tgsi_program *nvgp_tgsi_read(const char *src, size_t len, nvgp_diag *diag);

#endif
