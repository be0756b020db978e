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
#include <stdint.h>

/* Returns true when p is valid.  Errors go to diag when it is not NULL. */
bool nvgp_tgsi_check(const tgsi_program *p, nvgp_diag *diag);

/* BRA (older Mesa's unconditional branch; tgsi.rst no longer lists it) is
 * run as a jump of the whole warp, which keeps every lane's mask right only
 * when the branch stays within one part of one block: the then or else part
 * of an IF, one CASE of a SWITCH, a loop body, a subroutine, or the main
 * program, and lands on no instruction that opens a part (ELSE, CASE,
 * DEFAULT, BGNSUB) or ends a block.  The checker refuses other targets and
 * the executor relies on it (docs/spec-decisions.md, TGSI).
 *
 * Fills part[i] for each instruction with an id of the block part it lies
 * in (TGSI_PART_BOUNDARY for the openers of parts and the ends of blocks);
 * false when out of memory. */
#define TGSI_PART_MAIN UINT32_C(0xffffffff)
#define TGSI_PART_BOUNDARY UINT32_C(0xfffffffe)
bool nvgp_tgsi_block_parts(const tgsi_program *p, uint32_t *part);

#endif
