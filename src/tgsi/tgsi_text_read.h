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

/* Reads src[0..len) (need not be NUL-terminated; a NUL byte followed only
 * by NULs and white space ends the text).  Returns the program, or NULL
 * after reporting the first error (with its byte offset in src) to diag,
 * which may be NULL.  Every item's source_offset is the byte offset in src
 * of its keyword (DCL, IMM, PROPERTY) or opcode, after any "12:" number.
 *
 * Beyond Mesa's reader: declaration attributes in any order; 1..4 immediate
 * values; float immediates as raw bits when written with all 8 (16) hex
 * digits, 0x7fc00000 (shorter hex literals are numbers, as for strtof);
 * legacy RES/TEMPX/IMMX declarations; EMIT/ENDPRIM without their stream
 * operand (num_src = 0); an optional return type after a texture target. */
tgsi_program *nvgp_tgsi_read(const char *src, size_t len, nvgp_diag *diag);

#endif
