/* The TGSI text writer: prints a tgsi_program as TGSI text.
 *
 * Two styles:
 *  - TGSI_STYLE_MESA reproduces the text Mesa's tgsi_dump prints (the 2017
 *    form the etnaviv dumps of the corpus were made with), byte for byte,
 *    including its lossy %10.4f float immediates.
 *  - TGSI_STYLE_CANONICAL is nvgp's own form: Mesa's layout wherever that
 *    is lossless, but floats print exactly (shortest round-trip decimal, or
 *    the raw bits for NaN payloads) and every field the reader fills is
 *    printed, so print -> read -> print is a fixed point. */
#ifndef NVGP_TGSI_TEXT_WRITE_H
#define NVGP_TGSI_TEXT_WRITE_H

#include "base/strbuf.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>

typedef enum tgsi_text_style { TGSI_STYLE_CANONICAL, TGSI_STYLE_MESA } tgsi_text_style;

/* Appends the program's text to out; false on allocation failure. */
bool nvgp_tgsi_write(const tgsi_program *p, tgsi_text_style style, nvgp_strbuf *out);

/* One instruction / operand, for diagnostics and other printers.  The
 * instruction is printed without number, indentation or newline. */
void nvgp_tgsi_write_instruction(const tgsi_program *p, const tgsi_instruction *inst,
                                 tgsi_text_style style, nvgp_strbuf *out);
void nvgp_tgsi_write_src(const tgsi_src *src, tgsi_text_style style, nvgp_strbuf *out);
void nvgp_tgsi_write_dst(const tgsi_dst *dst, tgsi_text_style style, nvgp_strbuf *out);

/* Appends the shortest decimal text that strtof reads back to exactly the
 * bits of f (finite values only; the caller handles NaN and infinities). */
void nvgp_tgsi_write_float_exact(float f, nvgp_strbuf *out);
/* The same for doubles and strtod. */
void nvgp_tgsi_write_double_exact(double d, nvgp_strbuf *out);

#endif
