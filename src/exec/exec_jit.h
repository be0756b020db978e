/* The JIT engine: the fast engine's straight runs of records (exec_fast.h,
 * docs/decoded-stream.md), and the structured control flow between them
 * (IF/UIF/ELSE/ENDIF, loops, BRK, CONT, BREAKC, SWITCH, calls of
 * subroutines whose bodies it inlines), compiled by LLVM into
 * whole-warp vector code under the warp's execution mask, called by the
 * fast engine's warp loop in place of its block runner.  Records whose
 * handlers change no mask (memory, textures, 64-bit, indirect operands,
 * operations the JIT does not know) are called out to from compiled code
 * (exec_jit_callout); the rest (recursion, kills, barriers...) goes the way
 * the fast engine sends it, so the results are the fast engine's, which
 * are the reference handlers' (docs/jit.md).
 *
 * Without LLVM (CMake NVGP_JIT=OFF, or no LLVM 15 found) the functions
 * below exist and report that there is no JIT: a machine asked for the JIT
 * runs the fast engine. */
#ifndef NVGP_EXEC_EXEC_JIT_H
#define NVGP_EXEC_EXEC_JIT_H

#include "exec/exec_fast.h"

/* What a region with control flow (a flow region) reads and leaves of the
 * warp's state: the compiled code runs IF/UIF/ELSE/ENDIF, loops, BRK,
 * CONT, BREAKC, SWITCH/CASE/DEFAULT/ENDSWITCH and CAL/CALLNZ (with their
 * subroutines' bodies, RET and ENDSUB inlined) itself, with the masks and the mask stacks of the
 * constructs it opens in SSA values, and writes them back here whenever
 * it returns, as the reference handlers would hold them at pc. */
typedef struct exec_jit_flow {
    uint64_t count, lane_count;   /* in/out: w->count, w->lane_count */
    uint64_t budget;              /* in: the machine's instruction budget */
    uint32_t *cond_stack;         /* in: the warp's cond stack from the first
                                     level of the region's IFs (at_cond below
                                     the stack pointer), room for cond_depth */
    exec_loop_rec *loop_stack;    /* in: the same for loops (at_loop,
                                     loop_depth) */
    exec_switch_rec *sw_stack;    /* in: the same for SWITCHes (at_sw,
                                     sw_depth) */
    const void *stop;             /* in: &m->stop_thread */
    uint32_t pc;                  /* out: where the warp goes on */
    uint32_t cond, loop, cont;    /* in/out */
    uint32_t rest;                /* in: active & live (no flow region
                                     changes them) */
    uint32_t func;                /* in/out: the subroutine mask */
    uint32_t call_sp;             /* in/out */
    exec_call_rec *call_top;      /* in: the warp's call stack at call_sp
                                     (NULL when full), where a region
                                     leaving inside a subroutine it inlined
                                     stores the call */
    uint32_t sw;                  /* in/out */
    uint32_t cond_sp, loop_sp;    /* in/out */
    uint32_t sw_sp;               /* in/out */
    uint32_t first_thread;        /* in */
    uint32_t stopped;             /* out: 1 when an earlier warp failed (the
                                     warp is abandoned, as at every 4096th
                                     instruction of the reference loop), or
                                     a record the region called out to
                                     stopped the warp (it failed) */
    void *warp;                   /* in: the exec_warp, for the records the
                                     region runs by calling their reference
                                     handler (exec_jit_callout) */
} exec_jit_flow;

/* What compiled code calls for a record of a flow region that it does not
 * compile itself but that changes no mask, stack or control state (TEX,
 * memory, 64-bit, indirect operands...: docs/jit.md, "Call-outs"): st's
 * count, lane count and masks, which the code stored there first, become
 * the warp's, and the record at pc runs on its reference handler, as the
 * reference loop runs it, or (n >= 1) the n records from pc, which have
 * fast handlers, on the fast engine's block runner.  Returns 1 when the
 * warp stopped there (the handler failed it), else 0. */
uint32_t exec_jit_callout(exec_jit_flow *st, uint32_t pc, uint32_t n);

/* A machine's compiled code, which runs the region whose first record is
 * pc: bank[f] is the register block of file f (as the block runner takes
 * it), out_wr the warp's per-OUT-register written lanes.
 *
 * A straight region (fast records only) runs on the lanes of mask (not 0),
 * charged by the caller: with a partial mask every written component keeps
 * its old bits in the other lanes and out_wr gains the mask's lanes (as
 * the fast engine's masked runs do); flow is NULL.
 *
 * A flow region takes everything else from flow (mask is not read), counts
 * its instructions and lanes itself, checks the budget when it starts and
 * at every loop head and loop exit (leaving at that pc, the state written
 * back, when the rest of the iteration might not fit: the caller's loop
 * then fails on the same instruction as the reference loop), and returns
 * at the first record it does not run, flow->pc. */
typedef void (*exec_jit_region_fn)(exec_reg *const *bank, uint32_t *out_wr, uint32_t pc,
                                   uint32_t mask, exec_jit_flow *flow);

/* The same straight region compiled for two warps at once (a pair): the
 * first warp's bank, out_wr and mask, then the second's, each as above.
 * Two warps' independent work side by side keeps the core busy where one
 * warp's chain of dependent operations and calls would leave it waiting
 * (docs/jit.md, "Warp pairs"). */
typedef void (*exec_jit_pair_fn)(exec_reg *const *bank, uint32_t *out_wr, uint32_t pc,
                                 uint32_t mask, exec_reg *const *bank2, uint32_t *out_wr2,
                                 uint32_t mask2);

/* Per record: the region starting there, if any. */
typedef struct exec_jit_entry {
    exec_jit_region_fn fn;        /* NULL: none */
    exec_jit_pair_fn pair;        /* the straight region for a pair of warps
                                     (NULL: none; the second tier only) */
    bool paired;                  /* (the builder: a pair entry was made) */
    bool flow;                    /* an entry of a flow region */
    uint16_t at_cond, at_loop, at_sw; /* flow: the region's IFs, loops and
                                         SWITCHes open here (the top
                                         entries of the warp's stacks) */
    uint16_t cond_depth, loop_depth, sw_depth; /* flow: the deepest nesting
                                                  of the region's IFs, loops
                                                  and SWITCHes */
} exec_jit_entry;

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

/* Per record index: the region to call with that pc when one starts
 * there (fn NULL: the fast engine runs the record).  NULL when m has no
 * code. */
const exec_jit_entry *exec_jit_regions(const nvgp_exec *m);
/* The same table when it has pair entries (exec_jit_entry.pair), else
 * NULL: the warp loop then runs warps two at a time. */
const exec_jit_entry *exec_jit_pair_regions(const nvgp_exec *m);

/* The span kernel of m of form f (exec_jit_span.c, nvgp_exec_span_run):
 * compiled at the first call for each form (a program keeps a few), then
 * kept with m's code; NULL when m's program is not one straight region a
 * kernel takes, compilation failed, or there is no JIT. */
const struct nvgp_exec_span_kernel *exec_jit_span(nvgp_exec *m, const nvgp_exec_span_form *f);

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
    uint32_t flow_regions;   /* of regions: those with control flow (or
                                call-outs) */
    uint32_t callouts;       /* records compiled as calls of their
                                reference handler */
    uint32_t pair_regions;   /* of regions: those the running tier also has
                                for pairs of warps (exec_jit_pair_fn) */
    uint32_t span_kernels;   /* span kernels made (exec_jit_span) */
    double span_ms;          /* what compiling them took */
} exec_jit_stats;
exec_jit_stats exec_jit_get_stats(const nvgp_exec *m);
/* Programs whose code the process-wide cache holds (tests). */
unsigned exec_jit_cache_entries(void);

/* The host assembly LLVM makes of m's regions, for inspection (docs/jit.md):
 * a malloc'ed NUL-terminated string, or NULL without the JIT. */
char *exec_jit_assembly(const nvgp_exec *m);
/* The same of m's span kernel of form f (NULL where there is none). */
char *exec_jit_span_assembly(const nvgp_exec *m, const nvgp_exec_span_form *f);

#endif
