/* The JIT's builder state, shared by exec_jit.c (straight regions, the
 * module, the machine's code) and exec_jit_flow.c (regions with control
 * flow).  Only built with LLVM (NVGP_HAVE_JIT). */
#ifndef NVGP_EXEC_EXEC_JIT_INTERNAL_H
#define NVGP_EXEC_EXEC_JIT_INTERNAL_H

#include "exec/exec_jit.h"

#include <llvm-c/Core.h>

/* Runs longer than this stay with the fast engine: compile time grows with
 * a region, and the gain of a long run over the block runner is small. */
#define JIT_MAX_RECORDS 4096u

/* A register component in the region being built. */
typedef struct jit_slot {
    uint64_t key;          /* file << 34 | register << 2 | component, + 1; 0: free */
    LLVMValueRef v;        /* <32 x i32> in the current block; NULL: none yet */
    bool dirty;            /* v written in this block: stored (merged) at its end */
    bool listed;           /* flow: in touched[] */
    bool written;          /* flow: some record of the region writes it */
    LLVMValueRef home;     /* flow: the component's alloca (mem2reg makes SSA
                              values of it), filled from its register by
                              every entry of the region */
} jit_slot;

/* Marks of OUT registers written (out_wr) share the table under this file. */
#define JIT_MARK_FILE 255u

typedef struct jit_fn {
    const nvgp_exec *m;
    LLVMContextRef cx;
    LLVMModuleRef mod;
    LLVMBuilderRef b;
    LLVMTypeRef i32, i64, f32, vi, vf, ptr;
    LLVMTypeRef vw;        /* one warp's component, <32 x i32> */
    unsigned lanes;        /* of a value: 32, or 64 for a pair of warps
                              (lanes 32..63: the second warp's) */
    LLVMValueRef fn, bank, out_wr, mask, flow_arg;
    LLVMValueRef base[TGSI_FILE_COUNT];
    /* a pair's second warp: its bank, out_wr, mask, block pointers */
    LLVMValueRef bank2, out_wr2, mask2;
    LLVMValueRef base2[TGSI_FILE_COUNT];
    LLVMValueRef buf[3];   /* stack buffers of the vmath calls */
    bool bank_files;       /* a span kernel whose bank holds the span warp's
                              files (it has call-outs) */
    LLVMValueRef sw;       /* the function's switch on the entry record */
    jit_slot *slots;
    uint32_t cap;
    /* flow regions */
    bool flow;
    LLVMBuilderRef ab;     /* in the function's entry block (allocas, the
                              block pointers of flow regions) */
    LLVMValueRef ebase[TGSI_FILE_COUNT]; /* block pointers loaded by ab */
    uint32_t *touched;     /* slots used in the current block */
    uint32_t ntouched;
} jit_fn;

/* j's types for values of `lanes` lanes, in cx. */
void jit_set_types(jit_fn *j, LLVMContextRef cx, unsigned lanes);
uint64_t jit_slot_key(unsigned file, uint32_t off, unsigned c);
jit_slot *jit_slot_find(jit_fn *j, uint64_t key);
LLVMValueRef jit_splat_i32(jit_fn *j, uint32_t v);
LLVMValueRef jit_comp_addr(jit_fn *j, LLVMBuilderRef b, unsigned f, uint32_t off, unsigned c);
LLVMValueRef jit_get_comp(jit_fn *j, unsigned f, uint32_t off, unsigned c);
void jit_put_comp(jit_fn *j, unsigned f, uint32_t off, unsigned c, LLVMValueRef v);
/* Whether the JIT can compile fast record r (it has a row for its operation). */
bool jit_record_ok(const exec_frec *r);
/* Emits record r into the current block (false: no row). */
bool jit_emit_record(jit_fn *j, const exec_frec *r);
LLVMValueRef jit_lane_pred(jit_fn *j, LLVMValueRef mask);
void jit_mark_out(jit_fn *j, LLVMValueRef out_wr, uint32_t off, LLVMValueRef lanes);
/* A fresh slot table for a region of n records (false: out of memory). */
bool jit_slots_new(jit_fn *j, uint32_t n);
void jit_slots_free(jit_fn *j);

/* What jit_build_module made. */
typedef struct jit_made {
    uint32_t regions, records, flow, flow_records;
    uint32_t pairs;    /* straight regions also built for pairs of warps */
    uint32_t callouts; /* records of flow regions run by calling their
                          reference handler (exec_jit_callout) */
} jit_made;

/* The name of a module's one function. */
void jit_code_name(char *buf, size_t size, uint64_t serial);
/* The name of a module's function for pairs of warps. */
void jit_pair_name(char *buf, size_t size, uint64_t serial);
/* Builds m's code into a new module of cx: one function whose switch on
 * the entry record goes to each region's block, and with pairs (where the
 * vmath functions are called straight) a second one running each straight region for two
 * warps.  built[pc] (may be NULL) says where entries were made, ent[pc]
 * (may be NULL) what they are (paired: a pair entry too). */
LLVMModuleRef jit_build_module(const nvgp_exec *m, LLVMContextRef cx, uint64_t serial,
                               bool pairs, bool *built, exec_jit_entry *ent, jit_made *made);
/* Verifies a built module and, where flow regions keep values in allocas,
 * promotes them (mem2reg); false: unusable. */
bool jit_finish_module(LLVMModuleRef mod, bool flow);

/* Flow regions (exec_jit_flow.c).  The records of the region starting at
 * p0: 0 when none starts there; *flow says whether it holds control flow
 * (else it is a straight run of compilable fast records); *capped that it
 * ends at a limit of flow regions, where the next region starts. */
uint32_t jit_flow_extent(const nvgp_exec *m, uint32_t p0, bool *flow, bool *capped);
/* Builds the flow region [p0, p0 + n), its entries (p0 and each loop
 * body's first record) as cases of the switch, marked in built[] and
 * described in ent[] (either may be NULL); false (no entry made) when it
 * cannot. */
bool jit_build_flow(jit_fn *j, uint32_t p0, uint32_t n, bool *built, exec_jit_entry *ent,
                    jit_made *made);

/* The span kernel of m (exec_jit_span.c) of form f: a module holding the
 * function `name`, or NULL when m's program is not one a kernel takes;
 * *callouts: it calls texture handlers (it runs on the span warp). */
LLVMModuleRef jit_build_span(const nvgp_exec *m, LLVMContextRef cx, const char *name,
                             const nvgp_exec_span_form *f, bool *callouts);
/* Whether k / 255 in float is (float)(k / 255.0) for every k in 0..255,
 * as an RGBA8 kernel's store takes it to be. */
bool span_unorm8_exact(void);

#endif
