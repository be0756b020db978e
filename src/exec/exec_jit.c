/* The JIT engine (exec_jit.h): LLVM through its C API, ORC's LLJIT.
 *
 * A program's regions (straight runs of fast records, docs/decoded-stream.md,
 * and flow regions holding control flow too, exec_jit_flow.c) become the
 * cases of one LLVM function in one module compiled when the machine first
 * runs with the JIT engine and kept until it is destroyed.  Inside a region
 * a register component is an SSA value of 32 lanes (<32 x i32>, bit-cast to
 * <32 x float> for float operations): loaded from its block the first time
 * the region reads it, stored once at the region's end when the region
 * wrote it.  Distinct (file, register, component) triples are distinct
 * words (each file is its own block), so reading all sources before
 * writing and storing last gives what the fast handlers give record by
 * record.  Immediates are constants of the program: they become vector
 * constants.  A straight region run on a partial execution mask merges the
 * executing lanes into what it stores (select on the lane predicate).
 *
 * Each operation is the fast handler's expression (exec_fast_kern.h),
 * written as LLVM instructions without fast-math flags, so no multiply and
 * add fuse and NaN and signed zeros go the same way; transcendentals call
 * the functions the interpreter calls (on AVX-512 SLEEF's 16-lane ones
 * straight, else the warp-wide routines of exec_vmath.h through a stack
 * buffer), so they agree bit for bit.  The table jit_rows says, one row per opcode, how
 * each is built; a run holding a record whose opcode has no row is left to
 * the fast engine. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "exec/exec_jit.h"
#include "exec/exec_vmath.h"

#include <stddef.h>
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
#include <llvm-c/Transforms/PassBuilder.h>
#include "exec/exec_jit_internal.h"
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

/* Records compiled for one machine at most (regions in program order; the
 * rest run on the fast engine): LLVM takes about 0.2 ms a record, so a
 * huge program would otherwise wait seconds for its first warp. */
#define JIT_MAX_TOTAL 8192u
/* Of those, records in flow regions at most: a flow region with loops
 * takes LLVM about 1 ms a record (docs/jit.md). */
#define JIT_MAX_FLOW_TOTAL 2048u

/* ---- the operations ---------------------------------------------------- */

typedef enum jit_kind {
    JK_MOV,     /* the source's words */
    JK_FBIN,    /* float binary operation (param: LLVMOpcode) */
    JK_MAD,     /* x * y + z, each rounded */
    JK_LRP,     /* x * y + (1 - x) * z, each rounded */
    JK_FMIN,    /* the reference's min/max: a NaN operand gives the other
                   (param: LLVMRealPredicate picking x) */
    JK_SET,     /* 1.0f where the comparison holds, else 0.0f (param: predicate) */
    JK_FSET,    /* ~0 where it holds, else 0 (param: LLVMRealPredicate) */
    JK_CMP,     /* x < 0 ? y : z */
    JK_IBIN,    /* integer binary operation (param: LLVMOpcode) */
    JK_SHIFT,   /* shift by the count's low 5 bits (param: LLVMOpcode) */
    JK_NOT,
    JK_INEG,
    JK_ISEL,    /* the operand the comparison picks (param: LLVMIntPredicate) */
    JK_ISET,    /* ~0 where the comparison holds (param: LLVMIntPredicate) */
    JK_UCMP,    /* x != 0 ? y : z */
    JK_DOT,     /* n products summed in order (param: n; dph: + src1.w) */
    JK_RCP,     /* 1 / x of source 0's x, replicated */
    JK_RSQ,     /* 1 / sqrt(x) of source 0's x, replicated */
    JK_SC1,     /* vmath function of source 0's x, replicated */
    JK_SC2      /* the same of sources 0 and 1 (POW) */
} jit_kind;

typedef void (*jit_vfn1)(float *restrict out, const float *restrict in);
typedef void (*jit_vfn2)(float *restrict out, const float *restrict a, const float *restrict b);

typedef struct jit_row {
    uint16_t op;
    uint8_t kind;
    int param;
    bool dph;
    jit_vfn1 fn1;
    jit_vfn2 fn2;
    size_t direct;   /* SC1/SC2: the 16-lane function's place in exec_vmath_direct16 */
} jit_row;

static const jit_row jit_rows[] = {
    { TGSI_OPCODE_MOV, JK_MOV, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ADD, JK_FBIN, LLVMFAdd, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SUB, JK_FBIN, LLVMFSub, false, NULL, NULL, 0 },
    { TGSI_OPCODE_MUL, JK_FBIN, LLVMFMul, false, NULL, NULL, 0 },
    { TGSI_OPCODE_MAD, JK_MAD, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_LRP, JK_LRP, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_MIN, JK_FMIN, LLVMRealOLT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_MAX, JK_FMIN, LLVMRealOGT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SLT, JK_SET, LLVMRealOLT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SGE, JK_SET, LLVMRealOGE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SEQ, JK_SET, LLVMRealOEQ, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SNE, JK_SET, LLVMRealUNE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SGT, JK_SET, LLVMRealOGT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SLE, JK_SET, LLVMRealOLE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_FSLT, JK_FSET, LLVMRealOLT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_FSGE, JK_FSET, LLVMRealOGE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_FSEQ, JK_FSET, LLVMRealOEQ, false, NULL, NULL, 0 },
    { TGSI_OPCODE_FSNE, JK_FSET, LLVMRealUNE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_CMP, JK_CMP, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_AND, JK_IBIN, LLVMAnd, false, NULL, NULL, 0 },
    { TGSI_OPCODE_OR, JK_IBIN, LLVMOr, false, NULL, NULL, 0 },
    { TGSI_OPCODE_XOR, JK_IBIN, LLVMXor, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UADD, JK_IBIN, LLVMAdd, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UMUL, JK_IBIN, LLVMMul, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SHL, JK_SHIFT, LLVMShl, false, NULL, NULL, 0 },
    { TGSI_OPCODE_USHR, JK_SHIFT, LLVMLShr, false, NULL, NULL, 0 },
    { TGSI_OPCODE_NOT, JK_NOT, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_INEG, JK_INEG, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_IMAX, JK_ISEL, LLVMIntSGT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_IMIN, JK_ISEL, LLVMIntSLT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UMAX, JK_ISEL, LLVMIntUGT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UMIN, JK_ISEL, LLVMIntULT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ISLT, JK_ISET, LLVMIntSLT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ISGE, JK_ISET, LLVMIntSGE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_USLT, JK_ISET, LLVMIntULT, false, NULL, NULL, 0 },
    { TGSI_OPCODE_USGE, JK_ISET, LLVMIntUGE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_USEQ, JK_ISET, LLVMIntEQ, false, NULL, NULL, 0 },
    { TGSI_OPCODE_USNE, JK_ISET, LLVMIntNE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UCMP, JK_UCMP, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP2, JK_DOT, 2, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP3, JK_DOT, 3, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP4, JK_DOT, 4, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DPH, JK_DOT, 3, true, NULL, NULL, 0 },
    /* exec_vrcp and exec_vrsq are IEEE division and square root, each
     * step correctly rounded in every implementation: the same
     * instructions inline give their bits without a call */
    { TGSI_OPCODE_RCP, JK_RCP, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_RSQ, JK_RSQ, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_EX2, JK_SC1, 0, false, exec_vex2, NULL, offsetof(exec_vmath_direct16, ex2) },
    { TGSI_OPCODE_LG2, JK_SC1, 0, false, exec_vlg2, NULL, offsetof(exec_vmath_direct16, lg2) },
    { TGSI_OPCODE_SIN, JK_SC1, 0, false, exec_vsin, NULL, offsetof(exec_vmath_direct16, sin) },
    { TGSI_OPCODE_COS, JK_SC1, 0, false, exec_vcos, NULL, offsetof(exec_vmath_direct16, cos) },
    { TGSI_OPCODE_POW, JK_SC2, 0, false, NULL, exec_vpow, offsetof(exec_vmath_direct16, pow) },
};

static const jit_row *find_row(uint16_t op)
{
    for (size_t i = 0; i < sizeof jit_rows / sizeof jit_rows[0]; i++)
        if (jit_rows[i].op == op)
            return &jit_rows[i];
    return NULL;
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

/* ---- building a region ---------------------------------------------------- */

uint64_t jit_slot_key(unsigned file, uint32_t off, unsigned c)
{
    return ((uint64_t)file << 34 | (uint64_t)off << 2 | c) + 1;
}

jit_slot *jit_slot_find(jit_fn *j, uint64_t key)
{
    uint64_t h = key * 0x9e3779b97f4a7c15ull;
    uint32_t i = (uint32_t)(h >> 32) & (j->cap - 1);
    while (j->slots[i].key && j->slots[i].key != key)
        i = (i + 1) & (j->cap - 1);
    jit_slot *s = &j->slots[i];
    s->key = key;
    if (j->flow && !s->listed && j->ntouched < j->cap) {
        /* flushed and forgotten at the end of the block */
        s->listed = true;
        j->touched[j->ntouched++] = i;
    }
    return s;
}

LLVMValueRef jit_splat_i32(jit_fn *j, uint32_t v)
{
    LLVMValueRef e[LANES];
    LLVMValueRef c = LLVMConstInt(j->i32, v, 0);
    for (unsigned l = 0; l < LANES; l++)
        e[l] = c;
    return LLVMConstVector(e, LANES);
}

static LLVMValueRef splat_f32(jit_fn *j, float v)
{
    return LLVMConstBitCast(jit_splat_i32(j, f2u_bits(v)), j->vf);
}

/* The address of component c of register off of file f, built by b.  A
 * flow region's block pointers are loaded in the function's entry block
 * (they dominate each of its entries and blocks); a straight region's
 * where it first needs one. */
LLVMValueRef jit_comp_addr(jit_fn *j, LLVMBuilderRef b, unsigned f, uint32_t off, unsigned c)
{
    LLVMValueRef *base = j->flow ? &j->ebase[f] : &j->base[f];
    if (!*base) {
        LLVMBuilderRef at = j->flow ? j->ab : b;
        LLVMValueRef idx = LLVMConstInt(j->i64, f, 0);
        LLVMValueRef p = LLVMBuildGEP2(at, j->ptr, j->bank, &idx, 1, "");
        *base = LLVMBuildLoad2(at, j->ptr, p, "");
    }
    LLVMValueRef byte = LLVMConstInt(j->i64, (uint64_t)off * sizeof(exec_reg) +
                                                 (uint64_t)c * sizeof(exec_chan), 0);
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(j->cx), *base, &byte, 1, "");
}

/* The 32 words of component c of register off of file f.  In a flow
 * region a component the region writes lives in its home, an alloca
 * filled from the register at each entry of the region, that mem2reg
 * turns into SSA values across the region's blocks; one it only reads is
 * loaded where a block first needs it (the region stores nothing to the
 * register blocks before it leaves, and values loaded in one place and
 * carried through the loops as phis cost LLVM far more to compile). */
LLVMValueRef jit_get_comp(jit_fn *j, unsigned f, uint32_t off, unsigned c)
{
    jit_slot *s = jit_slot_find(j, jit_slot_key(f, off, c));
    if (s->v)
        return s->v;
    if (f == TGSI_FILE_IMMEDIATE && off < j->m->num_imms) {
        /* an immediate: the same words for every run of the machine */
        s->v = jit_splat_i32(j, j->m->uregs[off].c[c].u[0]);
    } else if (j->flow && s->home) {
        s->v = LLVMBuildLoad2(j->b, j->vi, s->home, "");
    } else {
        s->v = LLVMBuildLoad2(j->b, j->vi, jit_comp_addr(j, j->b, f, off, c), "");
        LLVMSetAlignment(s->v, 64);
    }
    s->dirty = false;
    return s->v;
}

void jit_put_comp(jit_fn *j, unsigned f, uint32_t off, unsigned c, LLVMValueRef v)
{
    jit_slot *s = jit_slot_find(j, jit_slot_key(f, off, c));
    s->v = v;
    s->dirty = true;
}

static LLVMValueRef as_f(jit_fn *j, LLVMValueRef u) { return LLVMBuildBitCast(j->b, u, j->vf, ""); }
static LLVMValueRef as_u(jit_fn *j, LLVMValueRef f) { return LLVMBuildBitCast(j->b, f, j->vi, ""); }

/* Source k's component c after its swizzle and float modifiers
 * ((bits & ~sign) ^ sign, as the fast handlers apply them). */
static LLVMValueRef src(jit_fn *j, const exec_frec *r, unsigned k, unsigned c)
{
    LLVMValueRef v = jit_get_comp(j, r->sfile[k], r->soff[k], (r->swz[k] >> (2 * c)) & 3);
    if ((r->smod >> (4 + k)) & 1)
        v = LLVMBuildAnd(j->b, v, jit_splat_i32(j, 0x7fffffffu), "");
    if ((r->smod >> k) & 1)
        v = LLVMBuildXor(j->b, v, jit_splat_i32(j, 0x80000000u), "");
    return v;
}

/* Saturation: f >= 1 ? 1 : f > 0 ? f : 0 (NaN fails both and gives 0). */
static LLVMValueRef sat(jit_fn *j, LLVMValueRef u)
{
    LLVMValueRef f = as_f(j, u), zero = splat_f32(j, 0.0f), one = splat_f32(j, 1.0f);
    LLVMValueRef pos = LLVMBuildFCmp(j->b, LLVMRealOGT, f, zero, "");
    LLVMValueRef t = LLVMBuildSelect(j->b, pos, f, zero, "");
    LLVMValueRef big = LLVMBuildFCmp(j->b, LLVMRealOGE, f, one, "");
    return as_u(j, LLVMBuildSelect(j->b, big, one, t, ""));
}

/* One component of an element-wise operation from its sources' words. */
static LLVMValueRef elem(jit_fn *j, const jit_row *row, LLVMValueRef u0, LLVMValueRef u1,
                         LLVMValueRef u2)
{
    LLVMBuilderRef b = j->b;
    switch ((jit_kind)row->kind) {
    case JK_MOV:
        return u0;
    case JK_FBIN:
        return as_u(j, LLVMBuildBinOp(b, (LLVMOpcode)row->param, as_f(j, u0), as_f(j, u1), ""));
    case JK_MAD:
        return as_u(j, LLVMBuildFAdd(b, LLVMBuildFMul(b, as_f(j, u0), as_f(j, u1), ""),
                                     as_f(j, u2), ""));
    case JK_LRP: {
        LLVMValueRef x = as_f(j, u0);
        LLVMValueRef xy = LLVMBuildFMul(b, x, as_f(j, u1), "");
        LLVMValueRef omx = LLVMBuildFSub(b, splat_f32(j, 1.0f), x, "");
        return as_u(j, LLVMBuildFAdd(b, xy, LLVMBuildFMul(b, omx, as_f(j, u2), ""), ""));
    }
    case JK_FMIN: {
        /* x != x ? y : y != y ? x : (x pred y) ? x : y */
        LLVMValueRef x = as_f(j, u0), y = as_f(j, u1);
        LLVMValueRef pick = LLVMBuildFCmp(b, (LLVMRealPredicate)row->param, x, y, "");
        LLVMValueRef r = LLVMBuildSelect(b, pick, u0, u1, "");
        r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealUNO, y, y, ""), u0, r, "");
        return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealUNO, x, x, ""), u1, r, "");
    }
    case JK_SET: {
        LLVMValueRef t = LLVMBuildFCmp(b, (LLVMRealPredicate)row->param, as_f(j, u0),
                                       as_f(j, u1), "");
        return LLVMBuildSelect(b, t, jit_splat_i32(j, f2u_bits(1.0f)), jit_splat_i32(j, 0), "");
    }
    case JK_FSET:
        return LLVMBuildSExt(b, LLVMBuildFCmp(b, (LLVMRealPredicate)row->param, as_f(j, u0),
                                              as_f(j, u1), ""),
                             j->vi, "");
    case JK_CMP:
        return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, as_f(j, u0), splat_f32(j, 0.0f), ""),
                               u1, u2, "");
    case JK_IBIN:
        return LLVMBuildBinOp(b, (LLVMOpcode)row->param, u0, u1, "");
    case JK_SHIFT:
        return LLVMBuildBinOp(b, (LLVMOpcode)row->param, u0,
                              LLVMBuildAnd(b, u1, jit_splat_i32(j, 31), ""), "");
    case JK_NOT:
        return LLVMBuildXor(b, u0, jit_splat_i32(j, 0xffffffffu), "");
    case JK_INEG:
        return LLVMBuildSub(b, jit_splat_i32(j, 0), u0, "");
    case JK_ISEL:
        return LLVMBuildSelect(b, LLVMBuildICmp(b, (LLVMIntPredicate)row->param, u0, u1, ""), u0,
                               u1, "");
    case JK_ISET:
        return LLVMBuildSExt(b, LLVMBuildICmp(b, (LLVMIntPredicate)row->param, u0, u1, ""),
                             j->vi, "");
    case JK_UCMP:
        return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, u0, jit_splat_i32(j, 0), ""), u1, u2,
                               "");
    case JK_DOT:
    case JK_RCP:
    case JK_RSQ:
    case JK_SC1:
    case JK_SC2:
        break;
    }
    return u0;
}

/* A vmath routine's address as a callee. */
static LLVMValueRef callee(jit_fn *j, uintptr_t addr)
{
    return LLVMConstIntToPtr(LLVMConstInt(j->i64, addr, 0), j->ptr);
}

/* Lanes first..first+n-1 of v, or v and w's lanes in order as one vector. */
static LLVMValueRef lanes_of(jit_fn *j, LLVMValueRef v, LLVMValueRef w, unsigned first,
                             unsigned n)
{
    LLVMValueRef idx[LANES];
    for (unsigned l = 0; l < n; l++)
        idx[l] = LLVMConstInt(j->i32, first + l, 0);
    return LLVMBuildShuffleVector(j->b, v, w ? w : LLVMGetUndef(LLVMTypeOf(v)),
                                  LLVMConstVector(idx, n), "");
}

/* An SC record on the AVX-512 implementation: its 16-lane SLEEF function
 * called on each half of the warp, the vectors in registers (no stack
 * buffer, no warp-wide routine in between; the same function, so the same
 * bits). */
static LLVMValueRef call_direct(jit_fn *j, const jit_row *row, const exec_frec *r,
                                const exec_vmath_direct16 *direct, unsigned nargs)
{
    enum { HALF = LANES / 2 };
    exec_vmath_fn16 f = *(const exec_vmath_fn16 *)((const char *)direct + row->direct);
    LLVMTypeRef v16 = LLVMVectorType(j->f32, HALF);
    LLVMTypeRef params[2] = { v16, v16 };
    LLVMTypeRef fty = LLVMFunctionType(v16, params, nargs, 0);
    LLVMValueRef fn = callee(j, (uintptr_t)f);
    LLVMValueRef whole[2], half[2];
    for (unsigned k = 0; k < nargs; k++)
        whole[k] = as_f(j, src(j, r, k, 0));
    for (unsigned h = 0; h < 2; h++) {
        LLVMValueRef args[2];
        for (unsigned k = 0; k < nargs; k++)
            args[k] = lanes_of(j, whole[k], NULL, h * HALF, HALF);
        half[h] = LLVMBuildCall2(j->b, fty, fn, args, nargs, "");
    }
    return as_u(j, lanes_of(j, half[0], half[1], 0, LANES));
}

/* The scalar result of a DOT or SC record (before saturation). */
static LLVMValueRef scalar(jit_fn *j, const jit_row *row, const exec_frec *r)
{
    LLVMBuilderRef b = j->b;
    if (row->kind == JK_DOT) {
        LLVMValueRef acc = NULL;
        for (int c = 0; c < row->param; c++) {
            LLVMValueRef p = LLVMBuildFMul(b, as_f(j, src(j, r, 0, (unsigned)c)),
                                           as_f(j, src(j, r, 1, (unsigned)c)), "");
            acc = acc ? LLVMBuildFAdd(b, acc, p, "") : p;
        }
        if (row->dph)
            acc = LLVMBuildFAdd(b, acc, as_f(j, src(j, r, 1, 3)), "");
        return as_u(j, acc);
    }
    if (row->kind == JK_RCP || row->kind == JK_RSQ) {
        LLVMValueRef x = as_f(j, src(j, r, 0, 0));
        if (row->kind == JK_RSQ) {
            unsigned id = LLVMLookupIntrinsicID("llvm.sqrt", 9);
            LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, &j->vf, 1);
            LLVMTypeRef fty = LLVMIntrinsicGetType(j->cx, id, &j->vf, 1);
            x = LLVMBuildCall2(b, fty, fn, &x, 1, "");
        }
        return as_u(j, LLVMBuildFDiv(b, splat_f32(j, 1.0f), x, ""));
    }
    unsigned nargs = row->kind == JK_SC2 ? 2 : 1;
    const exec_vmath_direct16 *direct = exec_vmath_direct();
    if (direct)
        return call_direct(j, row, r, direct, nargs);
    LLVMValueRef args[3] = { j->buf[0], j->buf[1], j->buf[2] };
    for (unsigned k = 0; k < nargs; k++)
        LLVMSetAlignment(LLVMBuildStore(b, src(j, r, k, 0), j->buf[1 + k]), 64);
    LLVMTypeRef params[3] = { j->ptr, j->ptr, j->ptr };
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(j->cx), params, 1 + nargs, 0);
    uintptr_t addr = nargs == 2 ? (uintptr_t)row->fn2 : (uintptr_t)row->fn1;
    LLVMBuildCall2(b, fty, callee(j, addr), args, 1 + nargs, "");
    LLVMValueRef v = LLVMBuildLoad2(b, j->vi, j->buf[0], "");
    LLVMSetAlignment(v, 64);
    return v;
}

/* Emits one record; false when the JIT has no row for its operation. */
bool jit_record_ok(const exec_frec *r)
{
    const jit_row *row = find_row(r->op);
    if (!r->handler || !row || r->nsrc < 1 || r->nsrc > 3)
        return false;
    return !((row->kind == JK_DOT || row->kind == JK_SC2) && r->nsrc < 2);
}

bool jit_emit_record(jit_fn *j, const exec_frec *r)
{
    if (!jit_record_ok(r))
        return false;
    const jit_row *row = find_row(r->op);
    LLVMValueRef res[4] = { NULL, NULL, NULL, NULL };
    if (row->kind >= JK_DOT) {
        LLVMValueRef v = scalar(j, row, r);
        if (r->flags & EXEC_FREC_SAT)
            v = sat(j, v);
        for (unsigned c = 0; c < 4; c++)
            res[c] = v;
    } else {
        /* every source is read before any component is written: a source
         * reading the destination sees the register as it was */
        for (unsigned c = 0; c < 4; c++) {
            if (!((r->wmask >> c) & 1))
                continue;
            LLVMValueRef u0 = src(j, r, 0, c);
            LLVMValueRef u1 = r->nsrc > 1 ? src(j, r, 1, c) : u0;
            LLVMValueRef u2 = r->nsrc > 2 ? src(j, r, 2, c) : u0;
            res[c] = elem(j, row, u0, u1, u2);
            if (r->flags & EXEC_FREC_SAT)
                res[c] = sat(j, res[c]);
        }
    }
    for (unsigned c = 0; c < 4; c++)
        if ((r->wmask >> c) & 1)
            jit_put_comp(j, r->dfile, r->doff, c, res[c]);
    if (r->flags & EXEC_FREC_OUT)
        jit_put_comp(j, JIT_MARK_FILE, r->doff, 0, LLVMConstInt(j->i32, FULL_MASK, 0));
    return true;
}

/* The lanes of an execution mask as a vector predicate (lane l: bit l). */
LLVMValueRef jit_lane_pred(jit_fn *j, LLVMValueRef mask)
{
    return LLVMBuildBitCast(j->b, mask, LLVMVectorType(LLVMInt1TypeInContext(j->cx), LANES), "");
}

/* out_wr[off] |= lanes */
void jit_mark_out(jit_fn *j, uint32_t off, LLVMValueRef lanes)
{
    LLVMValueRef idx = LLVMConstInt(j->i64, off, 0);
    LLVMValueRef p = LLVMBuildGEP2(j->b, j->i32, j->out_wr, &idx, 1, "");
    LLVMBuildStore(j->b, LLVMBuildOr(j->b, LLVMBuildLoad2(j->b, j->i32, p, ""), lanes, ""), p);
}

/* Stores what the region wrote: each written component with a masked
 * store on the lanes of the execution mask (llvm.masked.store; with the
 * full mask every lane), so the lanes outside it keep their bits, as the
 * reference store leaves them, and out_wr gains the mask's lanes.  Within
 * the region every lane computed from its own lanes only, so the
 * executing lanes hold what record-by-record masked stores would have
 * left.  (One masked store rather than a full and a merging path: as fast
 * with the full mask, and less code to compile.) */
static void store_region(jit_fn *j)
{
    LLVMValueRef pred = jit_lane_pred(j, j->mask);
    unsigned id = LLVMLookupIntrinsicID("llvm.masked.store", 17);
    LLVMTypeRef over[2] = { j->vi, j->ptr };
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, over, 2);
    LLVMTypeRef fty = LLVMIntrinsicGetType(j->cx, id, over, 2);
    for (uint32_t i = 0; i < j->cap; i++) {
        const jit_slot *s = &j->slots[i];
        if (!s->v || !s->dirty)
            continue;
        uint64_t k = s->key - 1;
        unsigned f = (unsigned)(k >> 34), c = (unsigned)(k & 3);
        uint32_t off = (uint32_t)(k >> 2);
        if (f == JIT_MARK_FILE) {
            jit_mark_out(j, off, j->mask);
            continue;
        }
        LLVMValueRef args[4] = { s->v, jit_comp_addr(j, j->b, f, off, c),
                                 LLVMConstInt(j->i32, 64, 0), pred };
        LLVMBuildCall2(j->b, fty, fn, args, 4, "");
    }
    LLVMBuildRetVoid(j->b);
}

bool jit_slots_new(jit_fn *j, uint32_t n)
{
    /* every triple a region can touch: 3 sources and a destination of 4
     * components, and a mark, per record (at most half full) */
    uint32_t want = n * 17 * 2;
    j->cap = 64;
    while (j->cap < want)
        j->cap <<= 1;
    j->slots = calloc(j->cap, sizeof *j->slots);
    j->touched = j->flow ? calloc(j->cap, sizeof *j->touched) : NULL;
    j->ntouched = 0;
    return j->slots && (!j->flow || j->touched);
}

void jit_slots_free(jit_fn *j)
{
    free(j->slots);
    free(j->touched);
    j->slots = NULL;
    j->touched = NULL;
}

/* Builds the block of the region of the n records from r, entered by
 * the function's switch at case pc; false (the block deleted) when one of
 * them has no row. */
static bool build_region(jit_fn *j, uint32_t pc, const exec_frec *r, uint32_t n)
{
    LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(j->cx, j->fn, "");
    LLVMPositionBuilderAtEnd(j->b, bb);
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        j->base[f] = NULL;
    bool ok = jit_slots_new(j, n);
    for (uint32_t i = 0; ok && i < n; i++)
        ok = jit_emit_record(j, &r[i]);
    if (ok) {
        store_region(j);
        LLVMAddCase(j->sw, LLVMConstInt(j->i32, pc, 0), bb);
    } else {
        LLVMDeleteBasicBlock(bb);
    }
    jit_slots_free(j);
    return ok;
}

/* What build_module made. */
typedef struct jit_made {
    uint32_t regions, records, flow, flow_records;
} jit_made;

static void code_name(char *buf, size_t size, uint64_t serial)
{
    snprintf(buf, size, "nvgp_jit_%llu", (unsigned long long)serial);
}

/* Builds m's code into a new module of cx: one function whose switch on
 * the entry record goes to each region's block (one function rather than
 * one a region: LLVM's fixed cost per function is most of the time of a
 * short region).  built[pc] (may be NULL) says where entries were made,
 * ent[pc] (may be NULL) what they are. */
static LLVMModuleRef build_module(const nvgp_exec *m, LLVMContextRef cx, uint64_t serial,
                                  bool *built, exec_jit_entry *ent, jit_made *made)
{
    jit_fn j;
    memset(&j, 0, sizeof j);
    j.m = m;
    j.cx = cx;
    j.mod = LLVMModuleCreateWithNameInContext("nvgp", cx);
    j.b = LLVMCreateBuilderInContext(cx);
    j.i32 = LLVMInt32TypeInContext(cx);
    j.i64 = LLVMInt64TypeInContext(cx);
    j.f32 = LLVMFloatTypeInContext(cx);
    j.vi = LLVMVectorType(j.i32, LANES);
    j.vf = LLVMVectorType(j.f32, LANES);
    j.ptr = LLVMPointerTypeInContext(cx, 0);
    LLVMTypeRef params[5] = { j.ptr, j.ptr, j.i32, j.i32, j.ptr };
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(cx), params, 5, 0);
    char name[64];
    code_name(name, sizeof name, serial);
    j.fn = LLVMAddFunction(j.mod, name, fty);
    /* the register blocks and out_wr are distinct allocations */
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    LLVMAddAttributeAtIndex(j.fn, 1, LLVMCreateEnumAttribute(cx, noalias, 0));
    LLVMAddAttributeAtIndex(j.fn, 2, LLVMCreateEnumAttribute(cx, noalias, 0));
    LLVMAddAttributeAtIndex(j.fn, 5, LLVMCreateEnumAttribute(cx, noalias, 0));
    LLVMAddAttributeAtIndex(j.fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(cx, nounwind, 0));
    j.bank = LLVMGetParam(j.fn, 0);
    j.out_wr = LLVMGetParam(j.fn, 1);
    j.mask = LLVMGetParam(j.fn, 3);
    j.flow_arg = LLVMGetParam(j.fn, 4);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cx, j.fn, "");
    LLVMBasicBlockRef none = LLVMAppendBasicBlockInContext(cx, j.fn, "");
    LLVMPositionBuilderAtEnd(j.b, none);
    LLVMBuildRetVoid(j.b);
    LLVMPositionBuilderAtEnd(j.b, entry);
    for (unsigned k = 0; k < 3; k++) {
        j.buf[k] = LLVMBuildAlloca(j.b, j.vi, "");
        LLVMSetAlignment(j.buf[k], 64);
    }
    j.sw = LLVMBuildSwitch(j.b, LLVMGetParam(j.fn, 2), none, 0);
    j.ab = LLVMCreateBuilderInContext(cx);
    LLVMPositionBuilderBefore(j.ab, j.sw);
    memset(made, 0, sizeof *made);
    const exec_fast *f = m->fast;
    /* regions tile the program: each starts where the warp loop arrives
     * from a record it runs itself (the program's first, or one after a
     * record without a fast handler) or from a region that ended at one of
     * the limits of flow regions */
    bool capped = false;
    for (uint32_t pc = 0; pc < f->num;) {
        bool flow = false, at_start = pc == 0 || !f->recs[pc - 1].handler || capped;
        uint32_t n = at_start ? jit_flow_extent(m, pc, &flow, &capped) : 0;
        capped = n && capped;
        bool ok = false;
        if (n && made->records + n <= JIT_MAX_TOTAL) {
            if (flow) {
                if (made->flow_records + n <= JIT_MAX_FLOW_TOTAL)
                    ok = jit_build_flow(&j, pc, n, built, ent);
            } else if (n == f->recs[pc].run) {
                /* a straight run taken whole: the warp loop charges it */
                ok = build_region(&j, pc, &f->recs[pc], n);
                if (built)
                    built[pc] = ok;
            }
        }
        if (ok) {
            made->regions++;
            made->flow += flow;
            made->records += n;
            made->flow_records += flow ? n : 0;
        }
        pc += n ? n : 1;
    }
    LLVMDisposeBuilder(j.ab);
    LLVMDisposeBuilder(j.b);
    return j.mod;
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
    exec_jit_entry *entry;       /* per record (fn NULL: none), or NULL: no code */
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
    uint32_t regions, records, flow_regions;
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

/* Verifies the module (one LLVM would reject is never compiled: the fast
 * engine runs the machine) and, where flow regions keep registers and
 * masks in allocas, promotes those to SSA values (mem2reg, the one pass
 * run).  False: unusable. */
static bool finish_module(LLVMModuleRef mod, bool flow)
{
    char *msg = NULL;
    bool bad = LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg);
    LLVMDisposeMessage(msg);
    if (bad || !flow)
        return !bad;
    LLVMPassBuilderOptionsRef opt = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(mod, "mem2reg", NULL, opt);
    LLVMDisposePassBuilderOptions(opt);
    if (e) {
        LLVMConsumeError(e);
        return false;
    }
    return true;
}

/* Compiles a built and finished module with tier t's LLJIT into code (the
 * function of the entries where built[pc]; code->entry holds what the
 * builder made of them); false on any error.  Takes the module. */
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
    LLVMOrcExecutorAddress addr = 0;
    if (!e) {
        char name[64];
        code_name(name, sizeof name, serial);
        e = LLVMOrcLLJITLookup(jit, &addr, name);
    }
    pthread_mutex_unlock(&g_jit.lock[t]);
    if (e || !addr) {
        if (e)
            LLVMConsumeError(e); /* (a module added was taken all the same) */
        return false;
    }
    for (uint32_t pc = 0; pc < num_code; pc++)
        if (built[pc])
            code->entry[pc].fn = (exec_jit_region_fn)(uintptr_t)addr;
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
static bool build_for(const nvgp_exec *m, LLVMOrcThreadSafeContextRef *tsc, LLVMModuleRef *mod,
                      bool **built, exec_jit_entry **ent, uint64_t *serial, jit_made *made)
{
    *built = calloc(m->num_code, sizeof **built);
    *ent = calloc(m->num_code, sizeof **ent);
    if (!*built || !*ent) {
        free(*built);
        free(*ent);
        *built = NULL;
        *ent = NULL;
        return false;
    }
    *serial = ++g_jit.serial;
    *tsc = LLVMOrcCreateNewThreadSafeContext();
    *mod = build_module(m, LLVMOrcThreadSafeContextGetContext(*tsc), *serial, *built, *ent, made);
    if (made->regions && finish_module(*mod, made->flow > 0))
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
    if (!build_for(m, &tsc, &mod, &built, &e->tier[0].entry, &serial, &made))
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
    if (!build_for(m, &e->second_tsc, &e->second_mod, &e->second_built, &e->tier[1].entry,
                   &e->second_serial, &made))
        return;
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
    code_name(name, sizeof name, serial);
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
    code.entry = calloc(1, sizeof *code.entry);
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
    const jit_entry *e = m->jit ? m->jit->e : NULL;
    if (!e || !e->has_code)
        return s;
    s.compile_ms = e->tier[0].ms;
    s.compile_cpu_ms = e->tier[0].cpu_ms;
    s.regions = e->regions;
    s.records = e->records;
    s.flow_regions = e->flow_regions;
    s.cached = !m->jit->compiled_here;
    if (atomic_load_explicit(&e->second_done, memory_order_acquire) && e->tier[1].entry) {
        s.optimized_ms = e->tier[1].ms;
        s.optimized_cpu_ms = e->tier[1].cpu_ms;
        s.optimized = !m->jit->first_only;
    }
    return s;
}

char *exec_jit_assembly(const nvgp_exec *m)
{
    if (!m->fast || !exec_jit_available())
        return NULL;
    LLVMTargetMachineRef tm = host_machine(tier_level[JIT_TIERS - 1]);
    if (!tm)
        return NULL;
    LLVMContextRef cx = LLVMContextCreate();
    jit_made made;
    LLVMModuleRef mod = build_module(m, cx, 0, NULL, NULL, &made);
    char *err = NULL, *out = NULL;
    if (!finish_module(mod, made.flow > 0)) {
        LLVMDisposeModule(mod);
        LLVMContextDispose(cx);
        LLVMDisposeTargetMachine(tm);
        return NULL;
    }
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
    LLVMDisposeModule(mod);
    LLVMContextDispose(cx);
    LLVMDisposeTargetMachine(tm);
    return out;
}

#else /* !NVGP_HAVE_JIT */

bool exec_jit_available(void) { return false; }
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

#endif
