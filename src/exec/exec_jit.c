/* The JIT engine (exec_jit.h), its IR: LLVM through its C API.  The code
 * is compiled (two tiers, cached by program) in exec_jit_code.c.
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
#include "exec/exec_jit.h"
#include "exec/exec_vmath.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(NVGP_HAVE_JIT)

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include "exec/exec_jit_internal.h"
#include "tgsi/tgsi_info.h"

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
    JK_FUN1,    /* an exact LLVM intrinsic of x (param: JI_*) */
    JK_FRC,     /* x - floor(x) */
    JK_SSG,     /* x > 0 ? 1 : x < 0 ? -1 : 0 */
    JK_F2I,     /* saturating conversion, NaN to 0, after the rounding
                   (param: JI_* or JI_NONE; signed) */
    JK_F2U,     /* the same, unsigned */
    JK_I2F,     /* conversion to float (param: LLVMOpcode, SIToFP or UIToFP) */
    JK_IABS,    /* x < 0 ? -x : x (wrapping) */
    JK_ISSG,    /* x < 0 ? -1 : x > 0 ? 1 : 0 */
    JK_MULHI,   /* the high word of the 64-bit product (param: signed) */
    JK_UDIV,    /* y ? x op y : ~0 (param: LLVMOpcode, UDiv or URem) */
    JK_IDIV,    /* y ? (x == INT_MIN && y == -1 ? INT_MIN : x / y) : 0 */
    JK_IMOD,    /* y ? (y == -1 ? 0 : x % y) : -1 */
    JK_DOT,     /* n products summed in order (param: n; dph: + src1.w) */
    JK_RCP,     /* 1 / x of source 0's x, replicated */
    JK_RSQ,     /* 1 / sqrt(x) of source 0's x, replicated */
    JK_SQRT,    /* sqrt(x) of source 0's x, replicated */
    JK_SC1,     /* vmath function of source 0's x, replicated */
    JK_SC2      /* the same of sources 0 and 1 (POW) */
} jit_kind;

/* The intrinsics of JK_FUN1 and JK_F2I/F2U: each correctly rounded to an
 * integral value (or the sign bit cleared), bit for bit what the
 * reference's lane functions give (exec_alu_lane.h: floorf, ceilf, truncf,
 * nearbyintf to even, fabsf; a NaN quieted); no fast-math flag lets LLVM
 * change them. */
enum { JI_FLOOR, JI_CEIL, JI_TRUNC, JI_ROUNDEVEN, JI_FABS, JI_NONE };
static const char *const jit_intrinsics[] = { "llvm.floor", "llvm.ceil", "llvm.trunc",
                                              "llvm.roundeven", "llvm.fabs" };

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
    { TGSI_OPCODE_FLR, JK_FUN1, JI_FLOOR, false, NULL, NULL, 0 },
    { TGSI_OPCODE_CEIL, JK_FUN1, JI_CEIL, false, NULL, NULL, 0 },
    { TGSI_OPCODE_TRUNC, JK_FUN1, JI_TRUNC, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ROUND, JK_FUN1, JI_ROUNDEVEN, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ABS, JK_FUN1, JI_FABS, false, NULL, NULL, 0 },
    { TGSI_OPCODE_FRC, JK_FRC, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SSG, JK_SSG, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DIV, JK_FBIN, LLVMFDiv, false, NULL, NULL, 0 },
    { TGSI_OPCODE_F2I, JK_F2I, JI_NONE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ARL, JK_F2I, JI_FLOOR, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ARR, JK_F2I, JI_ROUNDEVEN, false, NULL, NULL, 0 },
    { TGSI_OPCODE_F2U, JK_F2U, JI_NONE, false, NULL, NULL, 0 },
    { TGSI_OPCODE_I2F, JK_I2F, LLVMSIToFP, false, NULL, NULL, 0 },
    { TGSI_OPCODE_U2F, JK_I2F, LLVMUIToFP, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UARL, JK_MOV, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ISHR, JK_SHIFT, LLVMAShr, false, NULL, NULL, 0 },
    { TGSI_OPCODE_IABS, JK_IABS, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_ISSG, JK_ISSG, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_IMUL_HI, JK_MULHI, 1, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UMUL_HI, JK_MULHI, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UDIV, JK_UDIV, LLVMUDiv, false, NULL, NULL, 0 },
    { TGSI_OPCODE_UMOD, JK_UDIV, LLVMURem, false, NULL, NULL, 0 },
    { TGSI_OPCODE_IDIV, JK_IDIV, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_MOD, JK_IMOD, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP2, JK_DOT, 2, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP3, JK_DOT, 3, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DP4, JK_DOT, 4, false, NULL, NULL, 0 },
    { TGSI_OPCODE_DPH, JK_DOT, 3, true, NULL, NULL, 0 },
    /* exec_vrcp and exec_vrsq are IEEE division and square root, each
     * step correctly rounded in every implementation: the same
     * instructions inline give their bits without a call */
    { TGSI_OPCODE_RCP, JK_RCP, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_RSQ, JK_RSQ, 0, false, NULL, NULL, 0 },
    { TGSI_OPCODE_SQRT, JK_SQRT, 0, false, NULL, NULL, 0 },
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

/* Lanes of a value at most: a pair of warps. */
enum { PAIR_LANES = 2 * LANES };

LLVMValueRef jit_splat_i32(jit_fn *j, uint32_t v)
{
    LLVMValueRef e[PAIR_LANES];
    LLVMValueRef c = LLVMConstInt(j->i32, v, 0);
    for (unsigned l = 0; l < j->lanes; l++)
        e[l] = c;
    return LLVMConstVector(e, j->lanes);
}

static LLVMValueRef splat_f32(jit_fn *j, float v)
{
    return LLVMConstBitCast(jit_splat_i32(j, f2u_bits(v)), j->vf);
}

/* The address of component c of register off of file f, built by b.  A
 * flow region's block pointers are loaded in the function's entry block
 * (they dominate each of its entries and blocks); a straight region's
 * where it first needs one. */
static LLVMValueRef comp_addr(jit_fn *j, LLVMBuilderRef b, bool second, unsigned f,
                              uint32_t off, unsigned c)
{
    LLVMValueRef *base = j->flow ? &j->ebase[f] : second ? &j->base2[f] : &j->base[f];
    if (!*base) {
        LLVMBuilderRef at = j->flow ? j->ab : b;
        LLVMValueRef idx = LLVMConstInt(j->i64, f, 0);
        LLVMValueRef p = LLVMBuildGEP2(at, j->ptr, second ? j->bank2 : j->bank, &idx, 1, "");
        *base = LLVMBuildLoad2(at, j->ptr, p, "");
    }
    LLVMValueRef byte = LLVMConstInt(j->i64, (uint64_t)off * sizeof(exec_reg) +
                                                 (uint64_t)c * sizeof(exec_chan), 0);
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(j->cx), *base, &byte, 1, "");
}

LLVMValueRef jit_comp_addr(jit_fn *j, LLVMBuilderRef b, unsigned f, uint32_t off, unsigned c)
{
    return comp_addr(j, b, false, f, off, c);
}

static LLVMValueRef lanes_of(jit_fn *j, LLVMValueRef v, LLVMValueRef w, unsigned first,
                             unsigned n);

/* One warp's 32 words of a component (the second warp's of a pair). */
static LLVMValueRef load_warp(jit_fn *j, bool second, unsigned f, uint32_t off, unsigned c)
{
    LLVMValueRef v = LLVMBuildLoad2(j->b, j->vw, comp_addr(j, j->b, second, f, off, c), "");
    LLVMSetAlignment(v, 64);
    return v;
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
    } else if (j->lanes == PAIR_LANES) {
        /* a pair: the two warps' words side by side; a uniform register
         * (the machine's block, which both warps' banks give) read once */
        LLVMValueRef a = load_warp(j, false, f, off, c);
        LLVMValueRef b = f == TGSI_FILE_IMMEDIATE ? a : load_warp(j, true, f, off, c);
        s->v = lanes_of(j, a, b, 0, PAIR_LANES);
    } else {
        s->v = load_warp(j, false, f, off, c);
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

/* The intrinsic `name` of v, overloaded on its type (and on the result
 * type rt first when rt is not NULL: the saturating conversions). */
static LLVMValueRef intrinsic1(jit_fn *j, const char *name, LLVMTypeRef rt, LLVMValueRef v)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMTypeRef over[2] = { rt ? rt : LLVMTypeOf(v), LLVMTypeOf(v) };
    unsigned nover = rt ? 2 : 1;
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, over, nover);
    LLVMTypeRef fty = LLVMIntrinsicGetType(j->cx, id, over, nover);
    return LLVMBuildCall2(j->b, fty, fn, &v, 1, "");
}

/* The reference's float-to-integer conversion (exec_f2i, exec_f2u): NaN
 * to 0, saturating out of range, else truncated: llvm.fpto[su]i.sat's
 * definition word for word (no value is poison or undefined). */
static LLVMValueRef f2int(jit_fn *j, LLVMValueRef f, bool is_signed)
{
    return intrinsic1(j, is_signed ? "llvm.fptosi.sat" : "llvm.fptoui.sat", j->vi, f);
}

/* x op y where y may be 0 or (signed) the pair INT_MIN, -1 overflow:
 * LLVM's division of those is undefined behaviour, so such lanes divide
 * by 1 instead and the caller picks their result. */
static LLVMValueRef safe_div(jit_fn *j, LLVMOpcode op, LLVMValueRef x, LLVMValueRef y,
                             LLVMValueRef bad)
{
    LLVMValueRef d = LLVMBuildSelect(j->b, bad, jit_splat_i32(j, 1), y, "");
    return LLVMBuildBinOp(j->b, op, x, d, "");
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
    case JK_FUN1:
        return as_u(j, intrinsic1(j, jit_intrinsics[row->param], NULL, as_f(j, u0)));
    case JK_FRC: {
        LLVMValueRef x = as_f(j, u0);
        return as_u(j, LLVMBuildFSub(b, x, intrinsic1(j, "llvm.floor", NULL, x), ""));
    }
    case JK_SSG: {
        LLVMValueRef x = as_f(j, u0), zero = splat_f32(j, 0.0f);
        LLVMValueRef r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, x, zero, ""),
                                         jit_splat_i32(j, f2u_bits(-1.0f)), as_u(j, zero), "");
        return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, x, zero, ""),
                               jit_splat_i32(j, f2u_bits(1.0f)), r, "");
    }
    case JK_F2I:
    case JK_F2U: {
        LLVMValueRef x = as_f(j, u0);
        if (row->param != JI_NONE)
            x = intrinsic1(j, jit_intrinsics[row->param], NULL, x);
        return f2int(j, x, row->kind == JK_F2I);
    }
    case JK_I2F:
        return as_u(j, LLVMBuildCast(b, (LLVMOpcode)row->param, u0, j->vf, ""));
    case JK_IABS: {
        LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, u0, jit_splat_i32(j, 0), "");
        return LLVMBuildSelect(b, neg, LLVMBuildSub(b, jit_splat_i32(j, 0), u0, ""), u0, "");
    }
    case JK_ISSG: {
        LLVMValueRef zero = jit_splat_i32(j, 0);
        LLVMValueRef r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, u0, zero, ""),
                                         jit_splat_i32(j, 1), zero, "");
        return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, u0, zero, ""),
                               jit_splat_i32(j, 0xffffffffu), r, "");
    }
    case JK_MULHI: {
        LLVMTypeRef v64 = LLVMVectorType(j->i64, j->lanes);
        LLVMOpcode ext = row->param ? LLVMSExt : LLVMZExt;
        LLVMValueRef p = LLVMBuildMul(b, LLVMBuildCast(b, ext, u0, v64, ""),
                                      LLVMBuildCast(b, ext, u1, v64, ""), "");
        LLVMValueRef e[PAIR_LANES];
        for (unsigned l = 0; l < j->lanes; l++)
            e[l] = LLVMConstInt(j->i64, 32, 0);
        return LLVMBuildTrunc(b, LLVMBuildLShr(b, p, LLVMConstVector(e, j->lanes), ""), j->vi,
                              "");
    }
    case JK_UDIV: {
        LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, u1, jit_splat_i32(j, 0), "");
        return LLVMBuildSelect(b, zero, jit_splat_i32(j, 0xffffffffu),
                               safe_div(j, (LLVMOpcode)row->param, u0, u1, zero), "");
    }
    case JK_IDIV: {
        /* INT_MIN / 1 is the INT_MIN the reference gives for INT_MIN / -1 */
        LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, u1, jit_splat_i32(j, 0), "");
        LLVMValueRef ovf = LLVMBuildAnd(
            b, LLVMBuildICmp(b, LLVMIntEQ, u0, jit_splat_i32(j, 0x80000000u), ""),
            LLVMBuildICmp(b, LLVMIntEQ, u1, jit_splat_i32(j, 0xffffffffu), ""), "");
        LLVMValueRef q = safe_div(j, LLVMSDiv, u0, u1, LLVMBuildOr(b, zero, ovf, ""));
        return LLVMBuildSelect(b, zero, jit_splat_i32(j, 0), q, "");
    }
    case JK_IMOD: {
        /* x % 1 is the 0 the reference gives for x % -1 */
        LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, u1, jit_splat_i32(j, 0), "");
        LLVMValueRef m1 = LLVMBuildICmp(b, LLVMIntEQ, u1, jit_splat_i32(j, 0xffffffffu), "");
        LLVMValueRef r = safe_div(j, LLVMSRem, u0, u1, LLVMBuildOr(b, zero, m1, ""));
        return LLVMBuildSelect(b, zero, jit_splat_i32(j, 0xffffffffu), r, "");
    }
    case JK_DOT:
    case JK_RCP:
    case JK_RSQ:
    case JK_SQRT:
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
    LLVMValueRef idx[PAIR_LANES];
    for (unsigned l = 0; l < n; l++)
        idx[l] = LLVMConstInt(j->i32, first + l, 0);
    return LLVMBuildShuffleVector(j->b, v, w ? w : LLVMGetUndef(LLVMTypeOf(v)),
                                  LLVMConstVector(idx, n), "");
}

/* An SC record on the AVX-512 implementation: its 16-lane SLEEF function
 * called on each half of the warp (each quarter of a pair), the vectors
 * in registers (no stack buffer, no warp-wide routine in between; the
 * same function, so the same bits). */
static LLVMValueRef call_direct(jit_fn *j, const jit_row *row, const exec_frec *r,
                                const exec_vmath_direct16 *direct, unsigned nargs)
{
    enum { PART = LANES / 2, MAX_PARTS = PAIR_LANES / PART };
    exec_vmath_fn16 f = *(const exec_vmath_fn16 *)((const char *)direct + row->direct);
    LLVMTypeRef v16 = LLVMVectorType(j->f32, PART);
    LLVMTypeRef params[2] = { v16, v16 };
    LLVMTypeRef fty = LLVMFunctionType(v16, params, nargs, 0);
    LLVMValueRef fn = callee(j, (uintptr_t)f);
    LLVMValueRef whole[2], part[MAX_PARTS];
    unsigned parts = j->lanes / PART;
    for (unsigned k = 0; k < nargs; k++)
        whole[k] = as_f(j, src(j, r, k, 0));
    for (unsigned h = 0; h < parts; h++) {
        LLVMValueRef args[2];
        for (unsigned k = 0; k < nargs; k++)
            args[k] = lanes_of(j, whole[k], NULL, h * PART, PART);
        part[h] = LLVMBuildCall2(j->b, fty, fn, args, nargs, "");
    }
    /* the parts joined in order, pairwise */
    for (unsigned n = parts; n > 1; n /= 2)
        for (unsigned h = 0; h < n / 2; h++)
            part[h] = lanes_of(j, part[2 * h], part[2 * h + 1], 0, j->lanes / n * 2);
    return as_u(j, part[0]);
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
    if (row->kind == JK_SQRT)
        return as_u(j, intrinsic1(j, "llvm.sqrt", NULL, as_f(j, src(j, r, 0, 0))));
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

/* Whether one of the n records from r calls a vmath function. */
static bool calls_vmath(const exec_frec *r, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const jit_row *row = find_row(r[i].op);
        if (row && (row->kind == JK_SC1 || row->kind == JK_SC2))
            return true;
    }
    return false;
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
void jit_mark_out(jit_fn *j, LLVMValueRef out_wr, uint32_t off, LLVMValueRef lanes)
{
    LLVMValueRef idx = LLVMConstInt(j->i64, off, 0);
    LLVMValueRef p = LLVMBuildGEP2(j->b, j->i32, out_wr, &idx, 1, "");
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
    bool pair = j->lanes == PAIR_LANES;
    LLVMValueRef pred = jit_lane_pred(j, j->mask);
    LLVMValueRef pred2 = pair ? jit_lane_pred(j, j->mask2) : NULL;
    unsigned id = LLVMLookupIntrinsicID("llvm.masked.store", 17);
    LLVMTypeRef over[2] = { j->vw, j->ptr };
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
            jit_mark_out(j, j->out_wr, off, j->mask);
            if (pair)
                jit_mark_out(j, j->out_wr2, off, j->mask2);
            continue;
        }
        /* a pair: lanes 0..31 to the first warp's register, 32..63 to
         * the second's, each on its own warp's mask */
        for (unsigned w = 0; w < (pair ? 2u : 1u); w++) {
            LLVMValueRef v = pair ? lanes_of(j, s->v, NULL, w * LANES, LANES) : s->v;
            LLVMValueRef args[4] = { v, comp_addr(j, j->b, w == 1, f, off, c),
                                     LLVMConstInt(j->i32, 64, 0), w ? pred2 : pred };
            LLVMBuildCall2(j->b, fty, fn, args, 4, "");
        }
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
        j->base[f] = j->base2[f] = NULL;
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

void jit_code_name(char *buf, size_t size, uint64_t serial)
{
    snprintf(buf, size, "nvgp_jit_%llu", (unsigned long long)serial);
}

void jit_pair_name(char *buf, size_t size, uint64_t serial)
{
    snprintf(buf, size, "nvgp_jit_%llu_pair", (unsigned long long)serial);
}

/* Whether pair code can be built here: the vector math functions are
 * called straight (16 lanes a call), so a pair's calls need no 64-lane
 * buffers (the warp-wide routines' hold one warp). */
static bool pairs_possible(void)
{
    return exec_vmath_direct() != NULL;
}

/* Whether m's program stores to memory or runs atomics.  Its warps'
 * effects on memory must then come in the order of one warp after the
 * other (what a run on one thread gives, and the reference), which a pair
 * would interleave: such a program gets no pair code. */
static bool writes_memory(const nvgp_exec *m)
{
    for (uint32_t pc = 0; pc < m->num_code; pc++)
        if (nvgp_tgsi_opcode_writes_memory(m->code[pc].op))
            return true;
    return false;
}

void jit_set_types(jit_fn *j, LLVMContextRef cx, unsigned lanes)
{
    j->cx = cx;
    j->lanes = lanes;
    j->i32 = LLVMInt32TypeInContext(cx);
    j->i64 = LLVMInt64TypeInContext(cx);
    j->f32 = LLVMFloatTypeInContext(cx);
    j->vi = LLVMVectorType(j->i32, lanes);
    j->vf = LLVMVectorType(j->f32, lanes);
    j->vw = LLVMVectorType(j->i32, LANES);
    j->ptr = LLVMPointerTypeInContext(cx, 0);
}

/* Adds j's function to j->mod: entered by a switch on the pc (a case per
 * region, added as they are built), the stack buffers of the vmath calls
 * in its entry block.  One warp: (bank, out_wr, pc, mask, flow); a pair
 * (j->lanes 64): (bank, out_wr, pc, mask, bank2, out_wr2, mask2). */
static void begin_function(jit_fn *j, const char *name)
{
    bool pair = j->lanes == PAIR_LANES;
    LLVMContextRef cx = j->cx;
    LLVMTypeRef params[7] = { j->ptr, j->ptr, j->i32, j->i32, j->ptr, j->ptr, j->i32 };
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(cx), params, pair ? 7 : 5, 0);
    j->fn = LLVMAddFunction(j->mod, name, fty);
    /* the register blocks, out_wr (and the other warp's) are distinct
     * allocations */
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    static const unsigned one[] = { 1, 2, 5 }, two[] = { 1, 2, 5, 6 };
    for (unsigned k = 0; k < (pair ? 4u : 3u); k++)
        LLVMAddAttributeAtIndex(j->fn, pair ? two[k] : one[k],
                                LLVMCreateEnumAttribute(cx, noalias, 0));
    LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(cx, nounwind, 0));
    j->bank = LLVMGetParam(j->fn, 0);
    j->out_wr = LLVMGetParam(j->fn, 1);
    j->mask = LLVMGetParam(j->fn, 3);
    if (pair) {
        j->bank2 = LLVMGetParam(j->fn, 4);
        j->out_wr2 = LLVMGetParam(j->fn, 5);
        j->mask2 = LLVMGetParam(j->fn, 6);
    } else {
        j->flow_arg = LLVMGetParam(j->fn, 4);
    }
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cx, j->fn, "");
    LLVMBasicBlockRef none = LLVMAppendBasicBlockInContext(cx, j->fn, "");
    LLVMPositionBuilderAtEnd(j->b, none);
    LLVMBuildRetVoid(j->b);
    LLVMPositionBuilderAtEnd(j->b, entry);
    if (!pair)
        for (unsigned k = 0; k < 3; k++) {
            j->buf[k] = LLVMBuildAlloca(j->b, j->vi, "");
            LLVMSetAlignment(j->buf[k], 64);
        }
    j->sw = LLVMBuildSwitch(j->b, LLVMGetParam(j->fn, 2), none, 0);
    j->ab = LLVMCreateBuilderInContext(cx);
    LLVMPositionBuilderBefore(j->ab, j->sw);
}

/* Builds m's code into a new module of cx: one function whose switch on
 * the entry record goes to each region's block (one function rather than
 * one a region: LLVM's fixed cost per function is most of the time of a
 * short region), and with pairs a second function holding each straight
 * region for two warps at once.  built[pc] (may be NULL) says where
 * entries were made, ent[pc] (may be NULL) what they are. */
LLVMModuleRef jit_build_module(const nvgp_exec *m, LLVMContextRef cx, uint64_t serial,
                               bool pairs, bool *built, exec_jit_entry *ent, jit_made *made)
{
    jit_fn j, jp;
    memset(&j, 0, sizeof j);
    j.m = m;
    jit_set_types(&j, cx, LANES);
    j.mod = LLVMModuleCreateWithNameInContext("nvgp", cx);
    j.b = LLVMCreateBuilderInContext(cx);
    char name[64];
    jit_code_name(name, sizeof name, serial);
    begin_function(&j, name);
    pairs = pairs && pairs_possible() && !writes_memory(m);
    if (pairs) {
        memset(&jp, 0, sizeof jp);
        jp.m = m;
        jit_set_types(&jp, cx, PAIR_LANES);
        jp.mod = j.mod;
        jp.b = j.b;
        jit_pair_name(name, sizeof name, serial);
        begin_function(&jp, name);
    }
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
                    ok = jit_build_flow(&j, pc, n, built, ent, made);
            } else if (n == f->recs[pc].run) {
                /* a straight run taken whole: the warp loop charges it */
                ok = build_region(&j, pc, &f->recs[pc], n);
                if (built)
                    built[pc] = ok;
                /* the same records for a pair of warps where they call
                 * vmath functions: there one warp's chain of calls and
                 * the spills around them leave the core waiting, and a
                 * pair's independent work fills it; elsewhere the pair's
                 * twice as many live values spill more than they gain
                 * (docs/jit.md).  (A region of the pair function fails
                 * alone: the warps then run apart.) */
                if (ok && pairs && calls_vmath(&f->recs[pc], n) &&
                    build_region(&jp, pc, &f->recs[pc], n)) {
                    made->pairs++;
                    if (ent)
                        ent[pc].paired = true;
                }
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
    /* a handler called out to (exec_jit_callout) reads and writes the
     * warp's registers and out_wr through the warp: the function's
     * pointers are then not the only way to that memory (LLVM takes a
     * noalias argument that no call is given to be out of the callee's
     * reach, and would move loads and stores across the call) */
    if (made->callouts) {
        unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
        for (unsigned k = 1; k <= 5; k++)
            LLVMRemoveEnumAttributeAtIndex(j.fn, k, noalias);
    }
    LLVMDisposeBuilder(j.ab);
    if (pairs)
        LLVMDisposeBuilder(jp.ab);
    LLVMDisposeBuilder(j.b);
    return j.mod;
}

/* Verifies the module (one LLVM would reject is never compiled: the fast
 * engine runs the machine) and, where flow regions keep registers and
 * masks in allocas, promotes those to SSA values (mem2reg, the one pass
 * run).  False: unusable. */
bool jit_finish_module(LLVMModuleRef mod, bool flow)
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

#else /* !NVGP_HAVE_JIT: nothing to build (ISO C wants a declaration) */

typedef int exec_jit_build_unused;

#endif
