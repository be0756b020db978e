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
 * record is pc (a region) on a warp whose execution mask is full: bank[f]
 * is the register block of file f (as the block runner takes it), out_wr
 * the warp's per-OUT-register written lanes. */
typedef void (*exec_jit_region_fn)(exec_reg *const *bank, uint32_t *out_wr, uint32_t pc);

/* Whether this build has the JIT and LLVM can generate code for this host
 * (decided once per process). */
bool exec_jit_available(void);

/* Compiles m's straight runs once (later calls return at once) before a
 * run of `warps` warps (or work groups): true when m has compiled code to
 * run, false (the fast engine runs m) when the JIT is not available or
 * compilation failed.  The first tier of code is ready on return; once the
 * machine's runs have had enough warps, a second, faster tier is compiled
 * on a thread of its own and replaces it for the warps that start after it
 * is ready (docs/jit.md).  Not thread safe against runs of m; machines may
 * compile concurrently. */
bool exec_jit_prepare_run(nvgp_exec *m, uint64_t warps);
/* The first tier alone (tiers 1), or both at once (2): tests pin the code
 * they compare. */
bool exec_jit_prepare_tiers(nvgp_exec *m, unsigned tiers);
/* Waits for m's second tier (tests, benchmarks that want it). */
void exec_jit_wait(nvgp_exec *m);
/* Frees m's compiled code (nvgp_exec_destroy), waiting for the second
 * tier's compilation first. */
void exec_jit_free(nvgp_exec *m);

/* Per record index: the code to call with that pc when a region starts
 * there, or NULL (then the fast engine's block runner runs the run).  NULL
 * when m has no code. */
const exec_jit_region_fn *exec_jit_regions(const nvgp_exec *m);

/* What compiling m took: wall-clock and the compiling thread's CPU
 * milliseconds (on a loaded host the second says what the work costs) of
 * the first tier, which the first warp waits for, and of the second when it
 * is done (else 0); whether the second tier's code is the one running;
 * regions compiled and the records in them (all 0 before exec_jit_prepare_run
 * or without code). */
typedef struct exec_jit_stats {
    double compile_ms, compile_cpu_ms;
    double optimized_ms, optimized_cpu_ms;
    bool optimized;
    bool cached;   /* the code was compiled for an earlier machine of the program */
    uint32_t regions, records;
} exec_jit_stats;
exec_jit_stats exec_jit_get_stats(const nvgp_exec *m);
/* Programs whose code the process-wide cache holds (tests). */
unsigned exec_jit_cache_entries(void);

/* The host assembly LLVM makes of m's regions, for inspection (docs/jit.md):
 * a malloc'ed NUL-terminated string, or NULL without the JIT. */
char *exec_jit_assembly(const nvgp_exec *m);

#endif
