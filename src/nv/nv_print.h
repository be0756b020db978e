/* Prints an assembled ARB-grammar program (ARBvp1.0, ARBfp1.0, NVvp4.0 ...
 * NVcp5.0) back as assembly text in a normalized form: declarations first,
 * one statement per line, modifiers and suffixes from the instruction
 * table.  The text assembles to a program that prints identically. */
#ifndef NVGP_NV_PRINT_H
#define NVGP_NV_PRINT_H

#include "base/strbuf.h"
#include "nv/nv_ir.h"

#include <stdbool.h>

/* Appends the program's text to out.  Returns false for programs of the
 * older NV languages, which this printer does not cover. */
bool nvgp_nv_print(const nv_program *p, nvgp_strbuf *out);

/* The modifiers around a source operand, shared by both printers (this one
 * and nv_print_old.c): "-" and "|" (with an inner "-") before the
 * register, the closing "|" after its swizzle. */
void nvgp_nv_print_src_open(nvgp_strbuf *o, const nv_src *s);
void nvgp_nv_print_src_close(nvgp_strbuf *o, const nv_src *s);

#endif
