/* Watching the executor: a hook called around every instruction a warp
 * executes (tracing, src/trace; machines' public step hooks, api/machine.c,
 * which the step debugger and the trace viewer use), and read-only views
 * of the warp's state for it (public: api/watch.c).
 *
 * With no hook set (the default) the dispatch loop pays one test of a NULL
 * pointer per instruction.  Setting a hook runs every warp on one host
 * thread, in order, so that steps are numbered the same in every run.  The
 * hook observes: it never changes what the program computes.
 *
 * `before` is called just before an instruction runs, `after` just after;
 * instructions skipped because no lane is active (and that run only with
 * lanes) are not reported. */
#ifndef NVGP_EXEC_EXEC_HOOK_H
#define NVGP_EXEC_EXEC_HOOK_H

#include "exec/exec.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct exec_warp nvgp_exec_warp;  /* opaque outside src/exec */

typedef struct nvgp_exec_hook {
    void (*before)(void *ctx, const nvgp_exec_warp *w, uint32_t pc);
    void (*after)(void *ctx, const nvgp_exec_warp *w, uint32_t pc);
    void *ctx;
} nvgp_exec_hook;

/* Installs hook (copied; NULL removes it).  While a hook is set, runs use
 * one host thread whatever nvgp_exec_set_threads says. */
void nvgp_exec_set_hook(nvgp_exec *m, const nvgp_exec_hook *hook);

/* The warp's number (its first thread / threads per warp; compute: work
 * group * warps per group + warp in the group) and its first thread. */
uint32_t nvgp_exec_warp_number(const nvgp_exec_warp *w);
uint32_t nvgp_exec_warp_first_thread(const nvgp_exec_warp *w);
/* Lanes that run the current instruction (the execution mask), lanes that
 * hold a thread, helper lanes, lanes not killed. */
uint32_t nvgp_exec_warp_exec_mask(const nvgp_exec_warp *w);
uint32_t nvgp_exec_warp_active(const nvgp_exec_warp *w);
uint32_t nvgp_exec_warp_helpers(const nvgp_exec_warp *w);
uint32_t nvgp_exec_warp_live(const nvgp_exec_warp *w);
/* Warps the next run has (as its shape is set now). */
uint32_t nvgp_exec_num_warps(const nvgp_exec *m);

/* Register word of a lane: file[dim][index].comp (dim 0 for 1-D files);
 * false when no such register exists. */
bool nvgp_exec_warp_read(const nvgp_exec_warp *w, uint8_t file, int64_t dim, int64_t index,
                         unsigned comp, unsigned lane, uint32_t *word);
/* Per-lane (dim, index) of destination d / source s of instruction pc,
 * indirect parts added as the warp's registers now hold them. */
void nvgp_exec_warp_operand_indices(const nvgp_exec_warp *w, uint32_t pc, bool dst,
                                    unsigned n, int64_t dim[32], int64_t index[32]);
/* Component c of source s of instruction pc for every lane, after swizzle
 * and modifiers, as the instruction will read it. */
void nvgp_exec_warp_fetch(const nvgp_exec_warp *w, uint32_t pc, unsigned s, unsigned c,
                          uint32_t out[32]);
/* The 32-bit word at a byte address of global memory (MEMORY ranges);
 * false when no range holds it. */
bool nvgp_exec_read_global(const nvgp_exec *m, uint64_t address, uint32_t *word);

/* The masks of the control-flow state: the current condition, loop,
 * continue, switch and function masks, and the saved entries of the
 * condition and loop stacks (innermost last) and the call depth. */
typedef struct nvgp_exec_flow {
    uint32_t cond, loop, cont, sw, func;
    uint32_t cond_depth, loop_depth, call_depth;
    const uint32_t *cond_stack;  /* cond_depth saved condition masks */
} nvgp_exec_flow;
void nvgp_exec_warp_flow(const nvgp_exec_warp *w, nvgp_exec_flow *out);
/* Saved loop mask of loop-stack entry i (0: outermost). */
uint32_t nvgp_exec_warp_loop_saved(const nvgp_exec_warp *w, uint32_t i);

#endif
