/* The TGSI checker: decides whether a tgsi_program is well formed before
 * anything executes or prints it.  It does what Mesa's tgsi_sanity does
 * (registers declared before use, balanced blocks, operand counts) and more:
 * operand kinds from the opcode table's type letters (resource operands,
 * 64-bit pairs), writable destinations, texture targets and texel offsets,
 * label ranges and CAL targets, processor-specific opcodes, properties and
 * declarations, and consistent immediates.
 *
 * Every violation is reported as an error at the source_offset of the item
 * it concerns (built programs have 0 there), all of them, in order of
 * position (ties keep program order), so that the result does not depend on
 * the order in which the rules run. */
#ifndef NVGP_TGSI_CHECK_H
#define NVGP_TGSI_CHECK_H

#include "base/diag.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>

/* Returns true when p is valid.  Errors go to diag when it is not NULL. */
bool nvgp_tgsi_check(const tgsi_program *p, nvgp_diag *diag);

#endif
