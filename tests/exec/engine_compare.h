/* What two executors left after their runs, compared as the fast engine
 * must match the reference handlers: every output word of every thread,
 * kills, emitted vertices, memory ranges, buffers, images, fault and
 * instruction counts.  Shared by tests/exec/test_exec_engines.c and the
 * fuzz target tests/fuzz/fuzz_exec.c. */
#ifndef NVGP_TESTS_ENGINE_COMPARE_H
#define NVGP_TESTS_ENGINE_COMPARE_H

#include "exec/exec.h"

#include <stdbool.h>
#include <stddef.h>

/* Two words alike, where any two NaNs count as the same: which NaN an
 * operation on two NaN operands returns (or a NaN operand and an invalid
 * operation's default NaN) is the host instruction's choice of operand,
 * which the compiler's register allocation decides in either engine
 * (docs/spec-decisions.md, Executor 15). */
bool engine_same_words(const uint32_t *a, const uint32_t *b, size_t n);

/* After two successful runs: true when a and b left the same results;
 * otherwise false with the first difference described in why. */
bool engine_same_results(const nvgp_exec *a, const nvgp_exec *b, char *why, size_t size);

#endif
