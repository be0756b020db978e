/* The JIT's compiled code (exec_jit.h): the process-wide LLJITs, the two
 * tiers a program's code is compiled in, and the cache that shares it
 * among the machines of a program.  exec_jit.c builds the IR. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "exec/exec_jit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(NVGP_HAVE_JIT)

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Support.h>
#include <llvm-c/TargetMachine.h>
#include "exec/exec_jit_internal.h"
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

/* ---- call-outs ------------------------------------------------------------ */

/* A record a flow region calls out to: the warp is given what the
 * reference loop (exec_run.c run_warp) would hold when it dispatches the
 * record: the pc past it (exec_fail names the record from it), the counts
 * with the record charged (CLOCK reads the count) and the execution mask
 * (its cond, loop, cont, sw and func parts).
 * The stack pointers are not given: no handler the region calls reads
 * them (only the control-flow handlers do, and those are compiled or end
 * a region).  The handler's effects on registers, memory, out_wr and the
 * fault count are the warp's own; the compiled code reloads the registers
 * after it. */
uint32_t exec_jit_callout(exec_jit_flow *st, uint32_t pc, uint32_t n)
{
    exec_warp *w = st->warp;
    w->count = st->count;
    w->lane_count = st->lane_count;
    w->cond = st->cond;
    w->loop = st->loop;
    w->cont = st->cont;
    w->sw = st->sw;
    w->func = st->func;
    exec_update_mask(w);
    w->pc = pc + n;
    /* records with fast handlers (64-bit, operations the JIT has no row
     * for) run on the block runner, n at once: the same bits, vector
     * code; they neither fail nor read the count */
    if (w->m->fast->recs[pc].handler) {
        exec_fast_run_records(w, pc, n);
        return 0;
    }
    const exec_insn *in = &w->m->code[pc];
    exec_handlers[in->op](w, in);
    return w->done;
}

/* ---- the process-wide JIT ----------------------------------------------- */

/* Code is made in two tiers.  The first, LLVM's code generation level
 * "none" (fast instruction selection where it applies, the fast register
 * allocator), is compiled before the machine's first warp: long100.fp in
 * about 10 ms.  The second, level "default" (the greedy allocator, the
 * machine-level optimisations), about twice the time, is compiled on a
 * thread of its own while the first tier runs, and replaces it when ready:
 * its code runs long100 about 12% faster.  Both tiers compile the same IR,
 * which has no fast-math flags, so they give the same bits. */
enum { JIT_TIERS = 2 };
/* The second tier is compiled once a machine's runs have had this many
 * warps (32,768 invocations): for less, the 10% it saves is less than the
 * time to compile it, and a short `nvgp run` would wait at its end for a
 * compile it never uses. */
#define JIT_SECOND_TIER_WARPS 1024u

/* One LLJIT per tier for the process (creating one costs milliseconds);
 * each machine's module goes in under a resource tracker of its own,
 * removed with the machine.  A tier's lock covers adding, looking up and
 * removing its code. */
static struct {
    pthread_once_t once;
    pthread_mutex_t lock[JIT_TIERS];
    bool ok;
    LLVMOrcLLJITRef jit[JIT_TIERS];
    _Atomic uint64_t serial;
} g_jit = { PTHREAD_ONCE_INIT, { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER },
            false, { NULL, NULL }, 0 };

/* The LLJIT span kernels are compiled with: the first tier's level, as the
 * draw that asks for one waits for it (long100.fp: 17 ms, against 50 ms at
 * the second's, which ran short5.fp's kernel no faster). */
#define JIT_SPAN_TIER 0u
/* Span kernels a program keeps at most (a draw asks for one or two: its
 * triangles with perspective and without; flat shading, the buffer's
 * format and the depth test make others; past these the machine runs). */
#define JIT_SPAN_KERNELS 16u

static const LLVMCodeGenOptLevel tier_level[JIT_TIERS] = { LLVMCodeGenLevelNone,
                                                           LLVMCodeGenLevelDefault };

/* A target machine for this host's CPU and its features (AVX-512 where the
 * CPU has it) at a code generation level, or NULL. */
static LLVMTargetMachineRef host_machine(LLVMCodeGenOptLevel level)
{
    char *triple = LLVMGetDefaultTargetTriple();
    char *cpu = LLVMGetHostCPUName();
    char *features = LLVMGetHostCPUFeatures();
    LLVMTargetRef target;
    char *err = NULL;
    LLVMTargetMachineRef tm = NULL;
    if (!LLVMGetTargetFromTriple(triple, &target, &err))
        tm = LLVMCreateTargetMachine(target, triple, cpu, features, level, LLVMRelocDefault,
                                     LLVMCodeModelJITDefault);
    LLVMDisposeMessage(err);
    LLVMDisposeMessage(triple);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    return tm;
}

static void init_once(void)
{
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter())
        return;
    for (unsigned t = 0; t < JIT_TIERS; t++) {
        LLVMTargetMachineRef tm = host_machine(tier_level[t]);
        if (!tm)
            return;
        LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
        LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
            b, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
        LLVMErrorRef e = LLVMOrcCreateLLJIT(&g_jit.jit[t], b);
        if (e) {
            LLVMConsumeError(e);
            g_jit.jit[t] = NULL;
            return;
        }
    }
    g_jit.ok = true;
}

bool exec_jit_available(void)
{
    pthread_once(&g_jit.once, init_once);
    return g_jit.ok;
}

/* ---- compiled code, cached by program ------------------------------------------- */

/* Code depends on the program alone (its decoded records and immediates;
 * budgets, bindings and sizes are read at run time), so it is cached by the
 * program's serial (tgsi_ir.h) and shared by every machine of the program,
 * made one after another (a pipeline makes its machines per draw) or side
 * by side.  Entries no machine uses are dropped oldest first beyond
 * JIT_CACHE_KEEP. */
#define JIT_CACHE_KEEP 64u

/* One tier's code. */
typedef struct jit_code {
    exec_jit_entry *entry;       /* per record (fn NULL: none), or NULL: no code;
                                    one more past them: [num_code].paired says
                                    that the table has pair entries */
    LLVMOrcResourceTrackerRef rt;
    double ms, cpu_ms;           /* what compiling it took */
} jit_code;

typedef struct jit_entry jit_entry;
struct jit_entry {
    uint64_t key;                /* the program's serial */
    uint32_t num_code;
    jit_entry *next;             /* the cache's list, most recently used first */
    unsigned users;              /* machines holding it (cache lock) */
    /* the first tier: `ready` once tried (code or not), under `lock` */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool ready, has_code;
    jit_code tier[JIT_TIERS];
    /* the entry table warps use: the first tier's, then the second's once
     * compiled (warps that start later run it; the first tier's code stays
     * with the entry, as warps may be in it) */
    _Atomic(exec_jit_entry *) current;
    uint64_t warps;              /* warps the program's runs have had (lock) */
    bool second_started, second_running;  /* (lock) */
    _Atomic bool second_done;
    pthread_t second;
    /* the second tier's module, built by the thread that starts it and
     * compiled by its own thread (which so never touches a machine) */
    LLVMOrcThreadSafeContextRef second_tsc;
    LLVMModuleRef second_mod;
    bool *second_built;
    uint64_t second_serial;
    double second_build_ms, second_build_cpu_ms;
    uint32_t regions, records, flow_regions, callouts;
    uint32_t second_pairs;       /* the second tier's pair entries */
    /* span kernels (exec_jit_span), each made once under `lock` (those
     * that could not be made too, fn NULL) */
    struct nvgp_exec_span_kernel span[JIT_SPAN_KERNELS];
    LLVMOrcResourceTrackerRef span_rt[JIT_SPAN_KERNELS];
    unsigned num_span;
    double span_ms;
};

/* A machine's hold on its program's code. */
struct exec_jit {
    jit_entry *e;                /* NULL: no code */
    bool first_only;             /* exec_jit_prepare_tiers(m, 1): tests */
    bool compiled_here;          /* this machine compiled the first tier */
};

static struct {
    pthread_mutex_t lock;
    jit_entry *head;
    unsigned count;
} g_cache = { PTHREAD_MUTEX_INITIALIZER, NULL, 0 };

static double now_ms(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Compiles a built and finished module with tier t's LLJIT into code (the
 * function of the entries where built[pc], the pair function of those the
 * builder marked paired; code->entry holds what the builder made of them,
 * num_code + 1 entries); false on any error.  Takes the module. */
static bool compile_tier(uint32_t num_code, unsigned t, jit_code *code,
                         LLVMOrcThreadSafeContextRef tsc, LLVMModuleRef mod, const bool *built,
                         uint64_t serial)
{
    LLVMOrcLLJITRef jit = g_jit.jit[t];
    pthread_mutex_lock(&g_jit.lock[t]);
    LLVMSetTarget(mod, LLVMOrcLLJITGetTripleString(jit));
    LLVMSetDataLayout(mod, LLVMOrcLLJITGetDataLayoutStr(jit));
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
    code->rt = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(jit));
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit, code->rt, tsm);
    LLVMOrcExecutorAddress addr = 0, pair = 0;
    char name[64];
    if (!e) {
        jit_code_name(name, sizeof name, serial);
        e = LLVMOrcLLJITLookup(jit, &addr, name);
    }
    bool paired = false;
    for (uint32_t pc = 0; pc < num_code; pc++)
        paired = paired || code->entry[pc].paired;
    if (!e && paired) {
        jit_pair_name(name, sizeof name, serial);
        e = LLVMOrcLLJITLookup(jit, &pair, name);
    }
    pthread_mutex_unlock(&g_jit.lock[t]);
    if (e || !addr || (paired && !pair)) {
        if (e)
            LLVMConsumeError(e); /* (a module added was taken all the same) */
        return false;
    }
    for (uint32_t pc = 0; pc < num_code; pc++) {
        if (built[pc])
            code->entry[pc].fn = (exec_jit_region_fn)(uintptr_t)addr;
        if (code->entry[pc].paired)
            code->entry[pc].pair = (exec_jit_pair_fn)(uintptr_t)pair;
    }
    /* the table's last entry, past the program's records, says whether it
     * has pairs (exec_jit_pair_regions reads it where it found the table) */
    code->entry[num_code].paired = paired;
    return true;
}

static void drop_code(unsigned t, jit_code *code)
{
    if (code->rt) {
        pthread_mutex_lock(&g_jit.lock[t]);
        LLVMErrorRef e = LLVMOrcResourceTrackerRemove(code->rt);
        if (e)
            LLVMConsumeError(e);
        LLVMOrcReleaseResourceTracker(code->rt);
        pthread_mutex_unlock(&g_jit.lock[t]);
        code->rt = NULL;
    }
    free(code->entry);
    code->entry = NULL;
}

/* m's module, in a new context, verified and finished, with its entries
 * (*ent, their functions still NULL): false when there is nothing to
 * compile, LLVM would reject it, or memory ran out (nothing kept). */
static bool build_for(const nvgp_exec *m, bool pairs, LLVMOrcThreadSafeContextRef *tsc,
                      LLVMModuleRef *mod, bool **built, exec_jit_entry **ent, uint64_t *serial,
                      jit_made *made)
{
    *built = calloc(m->num_code, sizeof **built);
    *ent = calloc((size_t)m->num_code + 1, sizeof **ent); /* (+ 1: compile_tier) */
    if (!*built || !*ent) {
        free(*built);
        free(*ent);
        *built = NULL;
        *ent = NULL;
        return false;
    }
    *serial = ++g_jit.serial;
    *tsc = LLVMOrcCreateNewThreadSafeContext();
    *mod = jit_build_module(m, LLVMOrcThreadSafeContextGetContext(*tsc), *serial, pairs, *built,
                            *ent, made);
    if (made->regions && jit_finish_module(*mod, made->flow > 0))
        return true;
    LLVMDisposeModule(*mod);
    LLVMOrcDisposeThreadSafeContext(*tsc);
    free(*built);
    free(*ent);
    *built = NULL;
    *ent = NULL;
    return false;
}

/* The first tier of e from m; under nobody's lock (e is not ready yet, and
 * only this thread writes it). */
static void make_first(const nvgp_exec *m, jit_entry *e)
{
    double t0 = now_ms(CLOCK_MONOTONIC), c0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
    LLVMOrcThreadSafeContextRef tsc;
    LLVMModuleRef mod;
    bool *built;
    uint64_t serial;
    jit_made made;
    memset(&made, 0, sizeof made);
    if (!build_for(m, false, &tsc, &mod, &built, &e->tier[0].entry, &serial, &made))
        return;
    bool ok = compile_tier(m->num_code, 0, &e->tier[0], tsc, mod, built, serial);
    LLVMOrcDisposeThreadSafeContext(tsc);
    free(built);
    if (!ok) {
        drop_code(0, &e->tier[0]);
        return;
    }
    e->regions = made.regions;
    e->records = made.records;
    e->flow_regions = made.flow;
    e->callouts = made.callouts;
    e->tier[0].ms = now_ms(CLOCK_MONOTONIC) - t0;
    e->tier[0].cpu_ms = now_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
    e->has_code = true;
    atomic_store_explicit(&e->current, e->tier[0].entry, memory_order_release);
}

static void *second_tier(void *arg)
{
    jit_entry *e = arg;
    double t0 = now_ms(CLOCK_MONOTONIC), c0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
    bool ok = compile_tier(e->num_code, 1, &e->tier[1], e->second_tsc, e->second_mod,
                           e->second_built, e->second_serial);
    LLVMOrcDisposeThreadSafeContext(e->second_tsc);
    free(e->second_built);
    e->second_tsc = NULL;
    e->second_mod = NULL;
    e->second_built = NULL;
    if (ok) {
        e->tier[1].ms = e->second_build_ms + now_ms(CLOCK_MONOTONIC) - t0;
        e->tier[1].cpu_ms = e->second_build_cpu_ms + now_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
        atomic_store_explicit(&e->current, e->tier[1].entry, memory_order_release);
    } else {
        drop_code(1, &e->tier[1]);
    }
    atomic_store_explicit(&e->second_done, true, memory_order_release);
    return NULL;
}

static void exit_guard_once(void);
static pthread_once_t g_exit_guard = PTHREAD_ONCE_INIT;

/* Starts compiling e's second tier from m, once; e->lock held.  The
 * module is built here (a millisecond or so), so that the compiling
 * thread needs nothing of m, which may be gone before it is done. */
static void start_second(const nvgp_exec *m, jit_entry *e)
{
    if (e->second_started || !e->has_code)
        return;
    e->second_started = true;
    pthread_once(&g_exit_guard, exit_guard_once);
    double t0 = now_ms(CLOCK_MONOTONIC), c0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
    jit_made made;
    memset(&made, 0, sizeof made);
    if (!build_for(m, true, &e->second_tsc, &e->second_mod, &e->second_built, &e->tier[1].entry,
                   &e->second_serial, &made))
        return;
    e->second_pairs = made.pairs;
    e->second_build_ms = now_ms(CLOCK_MONOTONIC) - t0;
    e->second_build_cpu_ms = now_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
    e->second_running = pthread_create(&e->second, NULL, second_tier, e) == 0;
    if (!e->second_running) {
        LLVMDisposeModule(e->second_mod);
        LLVMOrcDisposeThreadSafeContext(e->second_tsc);
        free(e->second_built);
        free(e->tier[1].entry);
        e->tier[1].entry = NULL;
        e->second_tsc = NULL;
        e->second_mod = NULL;
        e->second_built = NULL;
    }
}

/* Waits for e's second tier, if it was started; e->lock held. */
static void join_second(jit_entry *e)
{
    if (e->second_running) {
        pthread_join(e->second, NULL);
        e->second_running = false;
    }
}

static void free_entry(jit_entry *e)
{
    pthread_mutex_lock(&e->lock);
    join_second(e);
    pthread_mutex_unlock(&e->lock);
    for (unsigned t = 0; t < JIT_TIERS; t++)
        drop_code(t, &e->tier[t]);
    for (unsigned k = 0; k < e->num_span; k++) {
        jit_code span = { NULL, e->span_rt[k], 0, 0 };
        drop_code(JIT_SPAN_TIER, &span);
    }
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
    free(e);
}

/* Frees a list trim_locked returned, without the cache lock. */
static void free_list(jit_entry *dropped)
{
    while (dropped) {
        jit_entry *d = dropped;
        dropped = d->next;
        free_entry(d);
    }
}

/* Drops unused entries beyond JIT_CACHE_KEEP, least recently used first;
 * the cache lock held.  The dropped ones are returned as a list (freed
 * without the lock: joining a compile takes milliseconds). */
static jit_entry *trim_locked(void)
{
    jit_entry *dropped = NULL;
    unsigned seen = 0;
    for (jit_entry **pp = &g_cache.head; *pp;) {
        jit_entry *e = *pp;
        if (++seen > JIT_CACHE_KEEP && e->users == 0) {
            *pp = e->next;
            g_cache.count--;
            e->next = dropped;
            dropped = e;
            continue;
        }
        pp = &e->next;
    }
    return dropped;
}

/* At the process's exit (or the library's unloading): no compile may
 * still be running when LLVM's own static objects are destroyed, so this
 * joins every second-tier thread.  atexit handlers run in the reverse
 * order of their registration, with C++ static destructors among them;
 * exit_guard registers this one after the second tier's code generator
 * has run once, so every static object it creates on first use is
 * registered before it and destroyed after it. */
static void jit_cache_fini(void)
{
    pthread_mutex_lock(&g_cache.lock);
    for (jit_entry *e = g_cache.head; e; e = e->next) {
        pthread_mutex_lock(&e->lock);
        join_second(e);
        pthread_mutex_unlock(&e->lock);
    }
    pthread_mutex_unlock(&g_cache.lock);
    /* (the entries stay: a machine not yet destroyed may hold one, and
     * the process is ending) */
}

/* Compiles a trivial module at the second tier (its code generator's
 * statics made, on this thread), then registers jit_cache_fini. */
static void exit_guard_once(void)
{
    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    LLVMContextRef cx = LLVMOrcThreadSafeContextGetContext(tsc);
    char name[64];
    uint64_t serial = ++g_jit.serial;
    jit_code_name(name, sizeof name, serial);
    LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("nvgp_warm", cx);
    LLVMTypeRef vf = LLVMVectorType(LLVMFloatTypeInContext(cx), LANES);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(cx, 0);
    LLVMValueRef fn = LLVMAddFunction(mod, name, LLVMFunctionType(LLVMVoidTypeInContext(cx),
                                                                  &ptr, 1, 0));
    LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(cx, fn, ""));
    LLVMValueRef v = LLVMBuildLoad2(b, vf, LLVMGetParam(fn, 0), "");
    LLVMBuildStore(b, LLVMBuildFDiv(b, v, LLVMBuildFAdd(b, v, v, ""), ""), LLVMGetParam(fn, 0));
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    bool built = true;
    jit_code code;
    memset(&code, 0, sizeof code);
    code.entry = calloc(2, sizeof *code.entry);
    if (code.entry)
        (void)compile_tier(1, 1, &code, tsc, mod, &built, serial);
    else
        LLVMDisposeModule(mod);
    drop_code(1, &code);
    LLVMOrcDisposeThreadSafeContext(tsc);
    atexit(jit_cache_fini);
}

/* m's entry, found or made (the first tier compiled, once, by whichever
 * machine gets there first, *made; the others wait for it). */
static jit_entry *acquire(const nvgp_exec *m, bool *made_here)
{
    uint64_t key = m->prog->serial;
    pthread_mutex_lock(&g_cache.lock);
    jit_entry *e = NULL, **pp;
    for (pp = &g_cache.head; *pp; pp = &(*pp)->next)
        if ((*pp)->key == key && (*pp)->num_code == m->num_code) {
            e = *pp;
            *pp = e->next;   /* to the front */
            break;
        }
    bool made = false;
    if (!e) {
        e = calloc(1, sizeof *e);
        if (!e) {
            pthread_mutex_unlock(&g_cache.lock);
            return NULL;
        }
        e->key = key;
        e->num_code = m->num_code;
        pthread_mutex_init(&e->lock, NULL);
        pthread_cond_init(&e->cond, NULL);
        g_cache.count++;
        made = true;
    }
    e->next = g_cache.head;
    g_cache.head = e;
    e->users++;
    jit_entry *dropped = trim_locked();
    pthread_mutex_unlock(&g_cache.lock);
    free_list(dropped);
    *made_here = made;
    if (made) {
        make_first(m, e);
        pthread_mutex_lock(&e->lock);
        e->ready = true;
        pthread_cond_broadcast(&e->cond);
        pthread_mutex_unlock(&e->lock);
    } else {
        pthread_mutex_lock(&e->lock);
        while (!e->ready)
            pthread_cond_wait(&e->cond, &e->lock);
        pthread_mutex_unlock(&e->lock);
    }
    return e;
}

static void release(jit_entry *e)
{
    pthread_mutex_lock(&g_cache.lock);
    e->users--;
    jit_entry *dropped = trim_locked();
    pthread_mutex_unlock(&g_cache.lock);
    free_list(dropped);
}

/* m's hold on its program's code, made once; false when m has no code. */
static bool prepare_first(nvgp_exec *m)
{
    if (m->jit)
        return m->jit->e && m->jit->e->has_code;
    struct exec_jit *x = calloc(1, sizeof *x);
    if (!x)
        return false;
    m->jit = x;
    if (!m->fast || !m->num_code || !m->prog || !exec_jit_available())
        return false;
    x->e = acquire(m, &x->compiled_here);
    return x->e && x->e->has_code;
}

bool exec_jit_prepare_tiers(nvgp_exec *m, unsigned tiers)
{
    if (!prepare_first(m))
        return false;
    jit_entry *e = m->jit->e;
    m->jit->first_only = tiers < 2;
    if (tiers > 1) {
        pthread_mutex_lock(&e->lock);
        start_second(m, e);
        pthread_mutex_unlock(&e->lock);
    }
    return true;
}

bool exec_jit_prepare_run(nvgp_exec *m, uint64_t warps)
{
    if (!prepare_first(m))
        return false;
    jit_entry *e = m->jit->e;
    pthread_mutex_lock(&e->lock);
    e->warps += warps;
    if (e->warps >= JIT_SECOND_TIER_WARPS && !m->jit->first_only)
        start_second(m, e);
    pthread_mutex_unlock(&e->lock);
    return true;
}

void exec_jit_wait(nvgp_exec *m)
{
    jit_entry *e = m->jit ? m->jit->e : NULL;
    if (!e)
        return;
    pthread_mutex_lock(&e->lock);
    join_second(e);
    pthread_mutex_unlock(&e->lock);
}

void exec_jit_free(nvgp_exec *m)
{
    if (!m->jit)
        return;
    if (m->jit->e)
        release(m->jit->e);
    free(m->jit);
    m->jit = NULL;
}

const exec_jit_entry *exec_jit_regions(const nvgp_exec *m)
{
    const jit_entry *e = m->jit ? m->jit->e : NULL;
    if (!e || !e->has_code)
        return NULL;
    if (m->jit->first_only)
        return e->tier[0].entry;
    return atomic_load_explicit(&e->current, memory_order_acquire);
}

const exec_jit_entry *exec_jit_pair_regions(const nvgp_exec *m)
{
    const exec_jit_entry *t = exec_jit_regions(m);
    return t && t[m->num_code].paired ? t : NULL;
}

/* Span kernel k of m's program, compiled here (e->lock held) at
 * JIT_SPAN_TIER's level. */
static void make_span(const nvgp_exec *m, struct nvgp_exec_span_kernel *k,
                      LLVMOrcResourceTrackerRef *rt)
{
    pthread_once(&g_exit_guard, exit_guard_once);
    LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
    char name[64];
    uint64_t serial = ++g_jit.serial;
    snprintf(name, sizeof name, "nvgp_span_%llu", (unsigned long long)serial);
    LLVMModuleRef mod = jit_build_span(m, LLVMOrcThreadSafeContextGetContext(tsc), name, &k->form,
                                       &k->callouts);
    if (!mod) {
        LLVMOrcDisposeThreadSafeContext(tsc);
        return;
    }
    LLVMOrcLLJITRef jit = g_jit.jit[JIT_SPAN_TIER];
    pthread_mutex_lock(&g_jit.lock[JIT_SPAN_TIER]);
    LLVMSetTarget(mod, LLVMOrcLLJITGetTripleString(jit));
    LLVMSetDataLayout(mod, LLVMOrcLLJITGetDataLayoutStr(jit));
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
    *rt = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(jit));
    LLVMErrorRef err = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit, *rt, tsm);
    LLVMOrcExecutorAddress addr = 0;
    if (!err)
        err = LLVMOrcLLJITLookup(jit, &addr, name);
    pthread_mutex_unlock(&g_jit.lock[JIT_SPAN_TIER]);
    LLVMOrcDisposeThreadSafeContext(tsc);
    if (err)
        LLVMConsumeError(err);
    else
        k->fn = (void (*)(const nvgp_exec_span *, exec_reg *const *, exec_warp *))(uintptr_t)addr;
}

static bool same_factor(const nvgp_exec_span_factor *a, const nvgp_exec_span_factor *b)
{
    return a->operand == b->operand && a->one_minus == b->one_minus && a->alpha == b->alpha;
}

static bool same_blend(const nvgp_exec_span_blend *a, const nvgp_exec_span_blend *b)
{
    if (a->on != b->on)
        return false;
    if (!a->on)
        return true;
    for (int k = 0; k < 2; k++)
        if (!same_factor(&a->src[k], &b->src[k]) || !same_factor(&a->dst[k], &b->dst[k]) ||
            a->eq[k] != b->eq[k])
            return false;
    return a->color1 == b->color1;
}

static bool same_form(const nvgp_exec_span_form *a, const nvgp_exec_span_form *b)
{
    return a->words == b->words && a->color == b->color && a->rgba8 == b->rgba8 &&
           a->center_integer == b->center_integer &&
           a->depth_func == b->depth_func && a->depth_write == b->depth_write &&
           a->depth_out == b->depth_out && same_blend(&a->blend, &b->blend) &&
           !strcmp(a->modes, b->modes);
}

const struct nvgp_exec_span_kernel *exec_jit_span(nvgp_exec *m, const nvgp_exec_span_form *f)
{
    if (f->words > EXEC_SPAN_MAX_WORDS || strlen(f->modes) != f->words || !prepare_first(m))
        return NULL;
    jit_entry *e = m->jit->e;
    const struct nvgp_exec_span_kernel *found = NULL;
    pthread_mutex_lock(&e->lock);
    for (unsigned i = 0; i < e->num_span && !found; i++)
        if (same_form(&e->span[i].form, f))
            found = &e->span[i];
    if (!found && e->num_span < JIT_SPAN_KERNELS) {
        struct nvgp_exec_span_kernel *k = &e->span[e->num_span];
        k->form = *f;
        memcpy(k->modes, f->modes, f->words + 1);
        k->form.modes = k->modes;
        double t0 = now_ms(CLOCK_MONOTONIC);
        make_span(m, k, &e->span_rt[e->num_span]);
        e->span_ms += now_ms(CLOCK_MONOTONIC) - t0;
        e->num_span++;
        found = k;
    }
    pthread_mutex_unlock(&e->lock);
    return found && found->fn ? found : NULL;
}

unsigned exec_jit_cache_entries(void)
{
    pthread_mutex_lock(&g_cache.lock);
    unsigned n = g_cache.count;
    pthread_mutex_unlock(&g_cache.lock);
    return n;
}

exec_jit_stats exec_jit_get_stats(const nvgp_exec *m)
{
    exec_jit_stats s;
    memset(&s, 0, sizeof s);
    jit_entry *e = m->jit ? m->jit->e : NULL;
    if (!e || !e->has_code)
        return s;
    s.compile_ms = e->tier[0].ms;
    s.compile_cpu_ms = e->tier[0].cpu_ms;
    s.regions = e->regions;
    s.records = e->records;
    s.flow_regions = e->flow_regions;
    s.callouts = e->callouts;
    s.cached = !m->jit->compiled_here;
    if (atomic_load_explicit(&e->second_done, memory_order_acquire) && e->tier[1].entry) {
        s.optimized_ms = e->tier[1].ms;
        s.optimized_cpu_ms = e->tier[1].cpu_ms;
        s.optimized = !m->jit->first_only;
        s.pair_regions = s.optimized ? e->second_pairs : 0;
    }
    pthread_mutex_lock((pthread_mutex_t *)&e->lock);
    for (unsigned k = 0; k < e->num_span; k++)
        s.span_kernels += e->span[k].fn != NULL;
    s.span_ms = e->span_ms;
    pthread_mutex_unlock((pthread_mutex_t *)&e->lock);
    return s;
}

/* The host assembly of mod (of cx, both disposed of here) at a code
 * generation level, or NULL. */
static char *module_assembly(LLVMContextRef cx, LLVMModuleRef mod, LLVMCodeGenOptLevel level)
{
    LLVMTargetMachineRef tm = mod ? host_machine(level) : NULL;
    char *err = NULL, *out = NULL;
    if (tm) {
        char *triple = LLVMGetTargetMachineTriple(tm);
        LLVMSetTarget(mod, triple);
        LLVMDisposeMessage(triple);
        LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
        LLVMSetModuleDataLayout(mod, td);
        LLVMDisposeTargetData(td);
        LLVMMemoryBufferRef buf = NULL;
        if (!LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &err, &buf)) {
            size_t n = LLVMGetBufferSize(buf);
            out = malloc(n + 1);
            if (out) {
                memcpy(out, LLVMGetBufferStart(buf), n);
                out[n] = '\0';
            }
            LLVMDisposeMemoryBuffer(buf);
        }
        LLVMDisposeMessage(err);
        LLVMDisposeTargetMachine(tm);
    }
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(cx);
    return out;
}

char *exec_jit_assembly(const nvgp_exec *m)
{
    if (!m->fast || !exec_jit_available())
        return NULL;
    LLVMContextRef cx = LLVMContextCreate();
    jit_made made;
    LLVMModuleRef mod = jit_build_module(m, cx, 0, true, NULL, NULL, &made);
    if (!jit_finish_module(mod, made.flow > 0)) {
        LLVMDisposeModule(mod);
        mod = NULL;
    }
    return module_assembly(cx, mod, tier_level[JIT_TIERS - 1]);
}

char *exec_jit_span_assembly(const nvgp_exec *m, const nvgp_exec_span_form *f)
{
    if (!m->fast || !exec_jit_available())
        return NULL;
    LLVMContextRef cx = LLVMContextCreate();
    bool calls;
    return module_assembly(cx, jit_build_span(m, cx, "nvgp_span", f, &calls),
                           tier_level[JIT_SPAN_TIER]);
}

#else /* !NVGP_HAVE_JIT */

bool exec_jit_available(void) { return false; }
const struct nvgp_exec_span_kernel *exec_jit_span(nvgp_exec *m, const nvgp_exec_span_form *f)
{
    (void)m, (void)f;
    return NULL;
}
bool exec_jit_prepare_run(nvgp_exec *m, uint64_t warps)
{
    (void)m, (void)warps;
    return false;
}
bool exec_jit_prepare_tiers(nvgp_exec *m, unsigned tiers)
{
    (void)m, (void)tiers;
    return false;
}
void exec_jit_free(nvgp_exec *m) { (void)m; }
void exec_jit_wait(nvgp_exec *m) { (void)m; }
const exec_jit_entry *exec_jit_regions(const nvgp_exec *m)
{
    (void)m;
    return NULL;
}
const exec_jit_entry *exec_jit_pair_regions(const nvgp_exec *m)
{
    (void)m;
    return NULL;
}
unsigned exec_jit_cache_entries(void) { return 0; }
exec_jit_stats exec_jit_get_stats(const nvgp_exec *m)
{
    (void)m;
    exec_jit_stats s;
    memset(&s, 0, sizeof s);
    return s;
}
char *exec_jit_assembly(const nvgp_exec *m)
{
    (void)m;
    return NULL;
}
char *exec_jit_span_assembly(const nvgp_exec *m, const nvgp_exec_span_form *f)
{
    (void)m, (void)f;
    return NULL;
}

#endif
