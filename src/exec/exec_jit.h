/* The JIT engine: each straight run of the fast engine's records
 * (exec_fast.h, docs/decoded-stream.md) compiled by LLVM into one function
 * of whole-warp vector code, called by the fast engine's warp loop in place
 * of its block runner.  Everything else (control flow, memory, textures,
 * warps whose execution mask is not full, records whose operation the JIT
 * does not know) goes the way the fast engine sends it, so the results are
 * the fast engine's, which are the reference handlers' (docs/jit.md).
 *
 * Without LLVM (CMake NVGP_JIT=OFF, or no LLVM 15 found) the functions
 * below exist and report that there is no JIT: a machine asked for the JIT
 * runs the fast engine. */
#ifndef NVGP_EXEC_EXEC_JIT_H
#define NVGP_EXEC_EXEC_JIT_H

#include "exec/exec_fast.h"

/* A machine's compiled code, which runs the straight run whose first
 * record is pc (a region) on the lanes of mask (not 0): bank[f] is the
 * register block of file f (as the block runner takes it), out_wr the
 * warp's per-OUT-register written lanes.  With a partial mask every
 * written component keeps its old bits in the other lanes and out_wr
 * gains the mask's lanes (as the fast engine's masked runs do). */
typedef void (*exec_jit_region_fn)(exec_reg *const *bank, uint32_t *out_wr, uint32_t pc,
                                   uint32_t mask);

/* Whether this build has the JIT and LLVM can generate code for this host
 * (decided once per process). */
bool exec_jit_available(void);

/* Compiles m's straight runs once (later calls return at once): true when
 * m has compiled code to run, false (the fast engine runs m) when the JIT
 * is not available or compilation failed.  Not thread safe against runs of
 * m; machines may compile concurrently. */
bool exec_jit_prepare(nvgp_exec *m);
/* Frees m's compiled code (nvgp_exec_destroy). */
void exec_jit_free(nvgp_exec *m);

/* Per record index: the code to call with that pc when a region starts
 * there, or NULL (then the fast engine's block runner runs the run).  NULL
 * when m has no code. */
const exec_jit_region_fn *exec_jit_regions(const nvgp_exec *m);

/* What compiling m took: wall-clock and the compiling thread's CPU
 * milliseconds (on a loaded host the second says what the work costs),
 * regions compiled and the records in them (all 0 before exec_jit_prepare
 * or without code). */
typedef struct exec_jit_stats {
    double compile_ms, compile_cpu_ms;
    uint32_t regions, records;
} exec_jit_stats;
exec_jit_stats exec_jit_get_stats(const nvgp_exec *m);

/* The host assembly LLVM makes of m's regions, for inspection (docs/jit.md):
 * a malloc'ed NUL-terminated string, or NULL without the JIT. */
char *exec_jit_assembly(const nvgp_exec *m);

#endif
