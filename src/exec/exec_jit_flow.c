/* The JIT's flow regions: straight runs of fast records together with the
 * structured control flow between them (IF/UIF/ELSE/ENDIF, BGNLOOP/ENDLOOP,
 * BRK, CONT, BREAKC, SWITCH/CASE/DEFAULT/ENDSWITCH), compiled as one piece
 * of the machine's function
 * (exec_jit_internal.h, docs/jit.md), and the records between them that
 * it runs by calling their reference handler (call-outs: cf_rows below).
 *
 * The compiled code follows the reference handlers (exec_flow.c) step by
 * step, with the warp's masks in SSA values instead of exec_warp: cond,
 * loop, cont and sw, and the entries the region's own IFs, loops and
 * SWITCHes push on the mask stacks (one value per static nesting level: in structured code
 * the level of every construct is known where it is compiled).  A record
 * whose mask comes out empty jumps where the handler sets pc, so a branch
 * on which every active lane agrees is a real branch, and a divergent one
 * runs both sides, each under its mask.  The fast records between control
 * flow compute on all lanes and merge the executing lanes into their
 * destinations at the end of each straight stretch (a select on the lane
 * predicate), as the fast engine's masked runs do.
 *
 * Registers live in allocas (one per component the region touches) that
 * mem2reg turns into SSA values and phis; each entry of the region fills
 * them from the register blocks, and its single exit stores those the
 * region writes, with the masks, the stack levels, the instruction and
 * lane counts and the pc where the warp goes on (exec_jit_flow).  A region
 * is entered at its first record and at the first record of each loop
 * body it holds but does not close (a record it does not compile ends it
 * inside the loop): the warp loop runs the rest of the body and comes back
 * to compiled code at the next iteration.  A call-out stores the
 * registers its handler can read before the call and reloads those it
 * can write after it.  A call of a subroutine whose body the region can
 * run is compiled with a copy of the body right after it (lay_out).
 *
 * The budget: at each entry, loop head and loop exit the code checks that
 * the instructions it may run before the next such check (every record up
 * to the end of the innermost loop around it, or to the region's end)
 * still fit; when they may not, it leaves at that pc, and the fast
 * engine's loop goes on one record at a time to fail on the same
 * instruction as the reference loop. */
#if defined(NVGP_HAVE_JIT)

#include "exec/exec_jit_internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { CF_NONE, CF_IF, CF_UIF, CF_ELSE, CF_ENDIF, CF_BGNLOOP, CF_ENDLOOP, CF_BRK, CF_CONT,
       CF_BREAKC, CF_SWITCH, CF_CASE, CF_DEFAULT, CF_ENDSWITCH, CF_CAL, CF_RET, CF_ENDSUB,
       CF_STOP };

/* The records a flow region treats apart from the fast ones, one row each:
 * the control flow it runs itself, and (CF_STOP) those that end a region
 * because their handlers change what the region keeps in its own values
 * or leave it: the masks, the stacks, the pc, the warp's being done or
 * waiting (BGNSUB, BRA, END, KILL, DEMOTE, EMIT, ENDPRIM, BARRIER:
 * exec_flow.c).  CAL and CALLNZ run where their subroutine's body can be
 * inlined (sub_ok), RET and ENDSUB only inside such a body.  Any other record is a call-out: its reference
 * handler only reads and writes registers, memory, out_wr and the fault
 * count under the execution mask, so the region calls it
 * (exec_jit_callout) and goes on. */
static const struct cf_row {
    uint16_t op;
    uint8_t kind;
    bool cond;      /* reads a condition operand (source 0's x) */
} cf_rows[] = {
    { TGSI_OPCODE_IF, CF_IF, true },          { TGSI_OPCODE_UIF, CF_UIF, true },
    { TGSI_OPCODE_ELSE, CF_ELSE, false },     { TGSI_OPCODE_ENDIF, CF_ENDIF, false },
    { TGSI_OPCODE_BGNLOOP, CF_BGNLOOP, false }, { TGSI_OPCODE_ENDLOOP, CF_ENDLOOP, false },
    { TGSI_OPCODE_BRK, CF_BRK, false },       { TGSI_OPCODE_CONT, CF_CONT, false },
    { TGSI_OPCODE_BREAKC, CF_BREAKC, true },
    { TGSI_OPCODE_SWITCH, CF_SWITCH, true },  { TGSI_OPCODE_CASE, CF_CASE, false },
    { TGSI_OPCODE_DEFAULT, CF_DEFAULT, false }, { TGSI_OPCODE_ENDSWITCH, CF_ENDSWITCH, false },
    { TGSI_OPCODE_CAL, CF_CAL, false },       { TGSI_OPCODE_CALLNZ, CF_CAL, true },
    { TGSI_OPCODE_RET, CF_RET, false },       { TGSI_OPCODE_ENDSUB, CF_ENDSUB, false },
    { TGSI_OPCODE_BGNSUB, CF_STOP, false },   { TGSI_OPCODE_END, CF_STOP, false },
    { TGSI_OPCODE_BRA, CF_STOP, false },      { TGSI_OPCODE_KILL, CF_STOP, false },
    { TGSI_OPCODE_KILP, CF_STOP, false },     { TGSI_OPCODE_KILL_IF, CF_STOP, false },
    { TGSI_OPCODE_KIL, CF_STOP, false },      { TGSI_OPCODE_DEMOTE, CF_STOP, false },
    { TGSI_OPCODE_EMIT, CF_STOP, false },     { TGSI_OPCODE_ENDPRIM, CF_STOP, false },
    { TGSI_OPCODE_BARRIER, CF_STOP, false },
};

static const struct cf_row *cf_row(uint16_t op)
{
    for (size_t i = 0; i < sizeof cf_rows / sizeof cf_rows[0]; i++)
        if (cf_rows[i].op == op)
            return &cf_rows[i];
    return NULL;
}

/* How a flow region takes record i. */
enum { REC_FAST, REC_CF, REC_CALL, REC_STOP };

static int rec_kind(const nvgp_exec *m, uint32_t i)
{
    if (jit_record_ok(&m->fast->recs[i]))
        return REC_FAST;
    const struct cf_row *row = cf_row(m->code[i].op);
    if (row)
        return row->kind == CF_STOP ? REC_STOP : REC_CF;
    /* (a record run with an empty mask, block structure, is never a
     * call-out: the region skips call-outs where no lane executes) */
    return m->code[i].always ? REC_STOP : REC_CALL;
}

/* A condition the compiled code reads as the fast records read sources: a
 * direct register or uniform, without modifiers. */
static bool cond_ok(const exec_insn *in)
{
    if (in->num_src < 1)
        return false;
    const exec_operand *s = &in->src[0];
    return (s->loc == EXEC_LOC_WARP || s->loc == EXEC_LOC_UNIFORM) && !s->neg && !s->abs;
}

/* A SWITCH the compiled code runs: its selector and every CASE's value
 * read as conditions are (SWITCH reads all of them for DEFAULT's lanes). */
static bool switch_ok(const nvgp_exec *m, const exec_insn *in)
{
    if (!cond_ok(in))
        return false;
    for (uint32_t k = 0; k < in->num_cases; k++) {
        const exec_insn *c = &m->code[m->case_lists[in->aux + k]];
        if (c->op == TGSI_OPCODE_CASE && !cond_ok(c))
            return false;
    }
    return true;
}

/* Limits of a flow region: LLVM's time grows faster than the region (a
 * value a loop carries is a phi at each loop head inside it, and more
 * than the vector registers hold spill), so a region ends before the
 * record that would pass one, and the next region starts there. */
enum {
    FLOW_MAX_RECORDS = 512,
    FLOW_MAX_IFS = 8,       /* IFs of the region open at once */
    FLOW_MAX_LOOPS = 4,     /* loops of the region open at once */
    FLOW_MAX_SWITCHES = 4,  /* SWITCHes of the region open at once */
    FLOW_MAX_WRITTEN = 16,  /* register components written (two AVX-512
                               registers each: 16 fill the register file) */
};

/* Adds the components r writes to keys[*n] (distinct; counting stops past
 * FLOW_MAX_WRITTEN). */
static void count_written(const exec_frec *r, uint64_t *keys, uint32_t *n)
{
    for (unsigned c = 0; c < 4 && *n <= FLOW_MAX_WRITTEN; c++) {
        if (!((r->wmask >> c) & 1))
            continue;
        uint64_t key = jit_slot_key(r->dfile, r->doff, c);
        uint32_t k = 0;
        while (k < *n && keys[k] != key)
            k++;
        if (k == *n)
            keys[(*n)++] = key;
    }
}

/* What a region's scan keeps: the kinds of the constructs opened since
 * lo (the region's first record, or a subroutine body's) and still open,
 * and how many of each kind the region has open (a body's count on top of
 * its caller's). */
typedef struct scan {
    uint8_t open[FLOW_MAX_IFS + FLOW_MAX_LOOPS + FLOW_MAX_SWITCHES];
    uint32_t sp, lo;
    uint32_t *ifs, *loops, *switches;
} scan;

/* Opens a construct of kind k where fewer than max of its kind are open
 * (*capped otherwise). */
static bool scan_open(scan *S, uint8_t k, uint32_t *n, uint32_t max, bool *capped)
{
    if (*n == max) {
        *capped = true;
        return false;
    }
    (*n)++;
    S->open[S->sp++] = k;
    return true;
}

static bool scan_close(scan *S, uint8_t k, uint32_t *n)
{
    if (!S->sp || S->open[S->sp - 1] != k)
        return false;
    S->sp--;
    (*n)--;
    return true;
}

/* Whether the region can run control-flow record i (row) where S stands:
 * structured, its construct opened since S->lo. */
static bool scan_cf(const nvgp_exec *m, scan *S, const struct cf_row *row, uint32_t i,
                    bool *capped)
{
    const exec_insn *in = &m->code[i];
    switch (row->kind) {
    case CF_IF:
    case CF_UIF:
        return scan_open(S, CF_IF, S->ifs, FLOW_MAX_IFS, capped);
    case CF_ELSE:
        return S->sp && S->open[S->sp - 1] == CF_IF;
    case CF_ENDIF:
        return scan_close(S, CF_IF, S->ifs);
    case CF_BGNLOOP:
        return scan_open(S, CF_BGNLOOP, S->loops, FLOW_MAX_LOOPS, capped);
    case CF_ENDLOOP:
        return scan_close(S, CF_BGNLOOP, S->loops);
    case CF_SWITCH:
        return scan_open(S, CF_SWITCH, S->switches, FLOW_MAX_SWITCHES, capped);
    case CF_CASE:
    case CF_DEFAULT:
        return S->sp && S->open[S->sp - 1] == CF_SWITCH;
    case CF_ENDSWITCH:
        return scan_close(S, CF_SWITCH, S->switches);
    case CF_BRK:
    case CF_CONT:
    case CF_BREAKC:
        if (in->brk_switch) {
            /* BRK of a SWITCH opened here (IFs between) */
            uint32_t d = S->sp;
            while (d && S->open[d - 1] == CF_IF)
                d--;
            return d && S->open[d - 1] == CF_SWITCH;
        }
        /* BRK, CONT, BREAKC of a loop opened here */
        return in->target < m->num_code && m->code[in->target].target >= S->lo &&
               m->code[in->target].target < i;
    default:
        return false; /* CAL, RET, ENDSUB: where the callers allow them */
    }
}

/* Whether a CF record's operands are ones the compiled code reads. */
static bool cf_operands_ok(const nvgp_exec *m, const exec_insn *in, const struct cf_row *row)
{
    if (!row->cond)
        return true;
    return row->kind == CF_SWITCH ? switch_ok(m, in) : cond_ok(in);
}

/* The body of the subroutine CAL/CALLNZ `in` calls: [*t, *e], its first
 * record to its ENDSUB; false when the call does not go to a BGNSUB. */
static bool sub_body(const nvgp_exec *m, const exec_insn *in, uint32_t *t, uint32_t *e)
{
    uint32_t b = in->target;
    if (b == 0 || b > m->num_code || m->code[b - 1].op != TGSI_OPCODE_BGNSUB)
        return false;
    for (uint32_t q = b; q < m->num_code; q++) {
        if (m->code[q].op == TGSI_OPCODE_ENDSUB) {
            *t = b;
            *e = q;
            return true;
        }
        if (m->code[q].op == TGSI_OPCODE_BGNSUB)
            break;
    }
    return false;
}

/* Whether the region can take the call at i with its subroutine's body
 * inlined: every record of the body one the region runs (no call inside,
 * so no recursion; RET anywhere), its constructs within the limits on top
 * of the caller's open ones, the records (*vlen: the region's so far,
 * bodies included) and the written components (keys) too. */
static bool sub_ok(const nvgp_exec *m, uint32_t i, const scan *caller, uint32_t *vlen,
                   uint64_t *keys, uint32_t *nkeys)
{
    uint32_t t, e;
    const exec_insn *in = &m->code[i];
    if (!sub_body(m, in, &t, &e))
        return false;
    if (*vlen + (e + 1 - t) > FLOW_MAX_RECORDS)
        return false;
    scan S;
    memset(&S, 0, sizeof S);
    S.lo = t;
    S.ifs = caller->ifs;
    S.loops = caller->loops;
    S.switches = caller->switches;
    uint32_t c0 = *S.ifs, l0 = *S.loops, s0 = *S.switches;
    bool capped = false, ok = true;
    for (uint32_t q = t; ok && q < e; q++) {
        int kind = rec_kind(m, q);
        if (kind == REC_FAST) {
            count_written(&m->fast->recs[q], keys, nkeys);
            ok = *nkeys <= FLOW_MAX_WRITTEN;
            continue;
        }
        if (kind != REC_CF)
            ok = kind == REC_CALL;
        else {
            const struct cf_row *row = cf_row(m->code[q].op);
            ok = row->kind == CF_RET ||
                 (cf_operands_ok(m, &m->code[q], row) && scan_cf(m, &S, row, q, &capped));
        }
    }
    ok = ok && S.sp == 0;
    /* (the caller's counts as they were) */
    *S.ifs = c0;
    *S.loops = l0;
    *S.switches = s0;
    if (ok)
        *vlen += e + 1 - t;
    return ok;
}

uint32_t jit_flow_extent(const nvgp_exec *m, uint32_t p0, bool *flow, bool *capped)
{
    const exec_fast *f = m->fast;
    uint64_t keys[FLOW_MAX_WRITTEN + 1];
    uint32_t i = p0, nkeys = 0, ifs = 0, loops = 0, switches = 0;
    /* records of the region so far, inlined subroutine bodies included */
    uint32_t vlen = 0;
    scan S;
    memset(&S, 0, sizeof S);
    S.lo = p0;
    S.ifs = &ifs;
    S.loops = &loops;
    S.switches = &switches;
    *flow = *capped = false;
    for (; i < f->num && i - p0 < JIT_MAX_RECORDS; i++, vlen++) {
        int kind = rec_kind(m, i);
        if (kind == REC_FAST) {
            count_written(&f->recs[i], keys, &nkeys);
            if (*flow && (nkeys > FLOW_MAX_WRITTEN || vlen >= FLOW_MAX_RECORDS)) {
                *capped = true;
                break;
            }
            continue;
        }
        if (kind == REC_STOP)
            break;
        const exec_insn *in = &m->code[i];
        const struct cf_row *row = cf_row(in->op);
        if (kind == REC_CF && !cf_operands_ok(m, in, row))
            break;
        /* a straight run too big to be part of a flow region ends here */
        if (nkeys > FLOW_MAX_WRITTEN || vlen >= FLOW_MAX_RECORDS) {
            *capped = true;
            break;
        }
        if (kind == REC_CALL) {
            *flow = true;
            continue;
        }
        if (row->kind == CF_CAL) {
            /* (the body's records count from the call's next one) */
            uint32_t body = vlen + 1;
            if (!sub_ok(m, i, &S, &body, keys, &nkeys))
                break;
            vlen = body - 1;
        } else if (!scan_cf(m, &S, row, i, capped)) {
            break;
        }
        *flow = true;
    }
    return i - p0;
}

/* ---- building ------------------------------------------------------------- */

typedef struct jit_level {
    LLVMValueRef loop, cont, cond, csp, sw, ssp; /* a loop record's fields (allocas) */
} jit_level;

typedef struct jit_swlevel {
    LLVMValueRef sel;                   /* the selector's 32 words */
    LLVMValueRef sw, cond, csp, lsp, active, deflt; /* a switch record's fields */
} jit_swlevel;

/* The region's IFs, loops and SWITCHes open at a record (the levels of
 * the warp's stacks above where the region started). */
typedef struct lv {
    uint32_t c, l, s;
} lv;

static lv lv_of(uint32_t c, uint32_t l, uint32_t s)
{
    lv d = { c, l, s };
    return d;
}

/* The region as compiled: its records in order, each inlined subroutine
 * body right after its call (so that, as without calls, the compiled
 * code only moves forward between two budget checks: a return goes past
 * the body).  A record's place in this sequence is its v; frame 0 is the
 * region's own records, frame f >= 1 the f-th inlined body. */
typedef struct frame {
    uint32_t cal;    /* v of the call */
    uint32_t t;      /* the body's first record (pc) ... */
    uint32_t e;      /* ... and its ENDSUB */
    uint32_t base;   /* v of t */
    uint32_t ret;    /* v where the caller goes on (after the body) */
} frame;

typedef struct flow_b {
    jit_fn *j;
    const nvgp_exec *m;
    uint32_t p0, end, maxc, maxl, maxs;
    uint32_t vn;              /* records with the bodies */
    uint32_t *vpc;            /* per v: its record */
    uint32_t *vframe;         /* per v: its frame */
    uint32_t *map0;           /* per record of the region (pc - p0): its v */
    frame *frames;            /* [1 .. nframes] */
    uint32_t nframes;
    uint32_t fr;              /* the frame being built (jumps resolve there) */
    LLVMBasicBlockRef *blk;   /* per v: the block starting there, or NULL */
    LLVMBasicBlockRef *guard; /* per v: its budget check, or NULL */
    lv *dep;                  /* per v: the region's constructs open
                                 before it runs */
    uint32_t *bound;          /* per v: records it may run before the
                                 next check */
    LLVMBasicBlockRef exit;
    LLVMValueRef st;          /* the exec_jit_flow argument */
    LLVMValueRef a_cond, a_loop, a_cont, a_csp, a_lsp, a_count, a_lanes, a_pc, a_stopped;
    LLVMValueRef a_sw, a_ssp, a_func, a_callsp;
    /* the call being run (one at a time: bodies hold no calls): what
     * exec_call_rec saves */
    LLVMValueRef c_cond, c_loop, c_cont, c_sw, c_func, c_csp, c_lsp, c_ssp;
    LLVMValueRef *lvl_c;      /* cond stack levels (allocas) */
    jit_level *lvl_l;
    jit_swlevel *lvl_s;
    LLVMValueRef ctpop;
    LLVMTypeRef ctpop_ty, i16;
    bool failed;
} flow_b;

static LLVMValueRef ci32(flow_b *F, uint32_t v) { return LLVMConstInt(F->j->i32, v, 0); }
static LLVMValueRef ci64(flow_b *F, uint64_t v) { return LLVMConstInt(F->j->i64, v, 0); }

static LLVMValueRef ld(flow_b *F, LLVMTypeRef t, LLVMValueRef a)
{
    return LLVMBuildLoad2(F->j->b, t, a, "");
}
static LLVMValueRef ld32(flow_b *F, LLVMValueRef a) { return ld(F, F->j->i32, a); }
static void st(flow_b *F, LLVMValueRef a, LLVMValueRef v) { LLVMBuildStore(F->j->b, v, a); }
static LLVMValueRef st_ret(flow_b *F, LLVMValueRef a, LLVMValueRef v)
{
    return LLVMBuildStore(F->j->b, v, a);
}

/* The address of byte offset off of pointer p. */
static LLVMValueRef at(flow_b *F, LLVMValueRef p, uint64_t off)
{
    LLVMValueRef idx = ci64(F, off);
    return LLVMBuildGEP2(F->j->b, LLVMInt8TypeInContext(F->j->cx), p, &idx, 1, "");
}

/* A field of the exec_jit_flow argument. */
#define FIELD(F, name) at((F), (F)->st, offsetof(exec_jit_flow, name))

static LLVMValueRef new_var(flow_b *F, LLVMTypeRef t)
{
    return LLVMBuildAlloca(F->j->ab, t, "");
}

/* The execution mask now: rest & cond & loop & cont & sw & func
 * (exec_update_mask). */
static LLVMValueRef exec_now(flow_b *F)
{
    LLVMBuilderRef b = F->j->b;
    LLVMValueRef e = LLVMBuildAnd(b, ld32(F, FIELD(F, rest)), ld32(F, F->a_cond), "");
    e = LLVMBuildAnd(b, e, ld32(F, F->a_loop), "");
    e = LLVMBuildAnd(b, e, ld32(F, F->a_sw), "");
    e = LLVMBuildAnd(b, e, ld32(F, F->a_func), "");
    return LLVMBuildAnd(b, e, ld32(F, F->a_cont), "");
}

static LLVMValueRef is_zero(flow_b *F, LLVMValueRef v)
{
    return LLVMBuildICmp(F->j->b, LLVMIntEQ, v, ci32(F, 0), "");
}

/* count += n; lane_count += n * lanes of e. */
static void charge(flow_b *F, uint32_t n, LLVMValueRef e)
{
    LLVMBuilderRef b = F->j->b;
    st(F, F->a_count, LLVMBuildAdd(b, ld(F, F->j->i64, F->a_count), ci64(F, n), ""));
    LLVMValueRef pop = LLVMBuildCall2(b, F->ctpop_ty, F->ctpop, &e, 1, "");
    LLVMValueRef lanes = LLVMBuildMul(b, LLVMBuildZExt(b, pop, F->j->i64, ""), ci64(F, n), "");
    st(F, F->a_lanes, LLVMBuildAdd(b, ld(F, F->j->i64, F->a_lanes), lanes, ""));
}

static void store_levels(flow_b *F, lv d);
static void store_call(flow_b *F, uint32_t f);

/* A block that leaves the region at pc of frame f (stopped: the warp is
 * abandoned), where the region's constructs d are open: it stores those
 * levels (only those: a level is then live only inside its construct),
 * inside a body the call's record, and goes to the exit. */
static LLVMBasicBlockRef stub(flow_b *F, uint32_t pc, bool stopped, lv d, uint32_t f)
{
    LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(F->j->cx, F->j->fn, "");
    LLVMBasicBlockRef here = LLVMGetInsertBlock(F->j->b);
    LLVMPositionBuilderAtEnd(F->j->b, bb);
    st(F, F->a_pc, ci32(F, pc));
    if (stopped)
        st(F, F->a_stopped, ci32(F, 1));
    store_levels(F, d);
    if (f)
        store_call(F, f);
    LLVMBuildBr(F->j->b, F->exit);
    if (here)
        LLVMPositionBuilderAtEnd(F->j->b, here);
    return bb;
}

/* The v of record pc in frame f, or UINT32_MAX (outside the region). */
static uint32_t v_of(const flow_b *F, uint32_t f, uint32_t pc)
{
    if (!f)
        return pc >= F->p0 && pc < F->end ? F->map0[pc - F->p0] : UINT32_MAX;
    const frame *fr = &F->frames[f];
    return pc >= fr->t && pc <= fr->e ? fr->base + (pc - fr->t) : UINT32_MAX;
}

/* Where the code goes on at v (with the region's constructs d open
 * there): its check, its block, or, past the last, out of the region. */
static LLVMBasicBlockRef to_v(flow_b *F, uint32_t v, lv d)
{
    if (v < F->vn) {
        if (F->guard[v])
            return F->guard[v];
        if (F->blk[v])
            return F->blk[v];
        F->failed = true; /* (every jump target starts a block) */
    }
    return stub(F, F->end, false, d, 0);
}

/* Where a jump to pc of the frame being built goes: as to_v, or out of
 * the region at pc. */
static LLVMBasicBlockRef to(flow_b *F, uint32_t pc, lv d)
{
    uint32_t v = v_of(F, F->fr, pc);
    if (v != UINT32_MAX)
        return to_v(F, v, d);
    if (F->fr)
        F->failed = true; /* (a body's jumps stay in it) */
    return stub(F, pc, false, d, F->fr);
}

/* Forgets the current block's values (the next block reads the homes). */
static void forget(jit_fn *j)
{
    for (uint32_t t = 0; t < j->ntouched; t++) {
        jit_slot *s = &j->slots[j->touched[t]];
        s->v = NULL;
        s->dirty = false;
        s->listed = false;
    }
    j->ntouched = 0;
}

/* The end of a straight stretch of n records run under mask e: charged,
 * and each component they wrote merged into its home on e's lanes (the
 * others keep their bits), each OUT register's out_wr gaining e. */
static void end_stretch(flow_b *F, uint32_t n, LLVMValueRef e)
{
    jit_fn *j = F->j;
    charge(F, n, e);
    LLVMValueRef pred = jit_lane_pred(j, e);
    for (uint32_t t = 0; t < j->ntouched; t++) {
        jit_slot *s = &j->slots[j->touched[t]];
        if (!s->v || !s->dirty)
            continue;
        uint64_t k = s->key - 1;
        if ((unsigned)(k >> 34) == JIT_MARK_FILE) {
            jit_mark_out(j, j->out_wr, (uint32_t)(k >> 2), e);
            continue;
        }
        LLVMValueRef old = LLVMBuildLoad2(j->b, j->vi, s->home, "");
        st(F, s->home, LLVMBuildSelect(j->b, pred, s->v, old, ""));
    }
    forget(j);
}

/* The lanes whose condition (source 0's x) is true: float != 0 (NaN true,
 * -0 false) for IF, integer != 0 otherwise. */
/* Source 0's x words of a condition, selector or CASE value (cond_ok). */
static LLVMValueRef cond_value(flow_b *F, const exec_insn *in)
{
    const exec_operand *s = &in->src[0];
    unsigned file = s->loc == EXEC_LOC_UNIFORM ? TGSI_FILE_IMMEDIATE : s->file;
    return jit_get_comp(F->j, file, s->offset, s->swz[0] & 3);
}

static LLVMValueRef truth(flow_b *F, const exec_insn *in, bool is_float)
{
    jit_fn *j = F->j;
    LLVMValueRef v = cond_value(F, in);
    LLVMValueRef t;
    if (is_float) {
        LLVMValueRef zero = LLVMConstNull(j->vf);
        t = LLVMBuildFCmp(j->b, LLVMRealUNE, LLVMBuildBitCast(j->b, v, j->vf, ""), zero, "");
    } else {
        t = LLVMBuildICmp(j->b, LLVMIntNE, v, LLVMConstNull(j->vi), "");
    }
    return LLVMBuildBitCast(j->b, t, j->i32, "");
}

/* Goes to t_zero when the execution mask (exec_now) is empty, else to
 * t_else. */
static void branch_on_exec(flow_b *F, LLVMBasicBlockRef t_zero, LLVMBasicBlockRef t_else)
{
    LLVMBuildCondBr(F->j->b, is_zero(F, exec_now(F)), t_zero, t_else);
}

static LLVMBasicBlockRef new_block(flow_b *F)
{
    return LLVMAppendBasicBlockInContext(F->j->cx, F->j->fn, "");
}

/* skip_to_endloop (exec_flow.c) after BRK/CONT/BREAKC of the loop at level
 * d: when no lane would run the rest of the iteration, not even one an IF
 * in the body parked, go to ENDLOOP with the loop's IF level restored. */
static void skip_to_endloop(flow_b *F, const exec_insn *in, uint32_t i, uint32_t k, uint32_t d)
{
    /* at ENDLOOP the loop's IF and SWITCH levels are back */
    lv at_end = F->dep[v_of(F, F->fr, F->m->code[in->target].target)];
    at_end.l = F->dep[k].l;
    LLVMBuilderRef b = F->j->b;
    LLVMValueRef e = exec_now(F);
    const jit_level *l = &F->lvl_l[d];
    LLVMValueRef resume = LLVMBuildAnd(b, ld32(F, l->cond), ld32(F, FIELD(F, rest)), "");
    resume = LLVMBuildAnd(b, resume, ld32(F, l->sw), "");
    resume = LLVMBuildAnd(b, resume, ld32(F, F->a_func), "");
    resume = LLVMBuildAnd(b, resume, ld32(F, F->a_loop), "");
    resume = LLVMBuildAnd(b, resume, ld32(F, F->a_cont), "");
    LLVMBasicBlockRef skip = new_block(F);
    LLVMBuildCondBr(b, is_zero(F, LLVMBuildOr(b, e, resume, "")), skip,
                    to(F, i + 1, F->dep[k]));
    LLVMPositionBuilderAtEnd(b, skip);
    st(F, F->a_cond, ld32(F, l->cond));
    st(F, F->a_csp, ld32(F, l->csp));
    st(F, F->a_sw, ld32(F, l->sw));
    st(F, F->a_ssp, ld32(F, l->ssp));
    LLVMBuildBr(b, to(F, in->target, at_end));
}

/* The lanes whose words of a equal b's (exec_mask_eq). */
static LLVMValueRef lanes_eq(flow_b *F, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef t = LLVMBuildICmp(F->j->b, LLVMIntEQ, a, b, "");
    return LLVMBuildBitCast(F->j->b, t, F->j->i32, "");
}

/* SWITCH at record i under mask e, its level d.s: as exec_op_SWITCH, the
 * selector kept, DEFAULT's lanes those of e that no CASE's value (read
 * now) matches, sw emptied until a CASE. */
static void emit_switch(flow_b *F, const exec_insn *in, uint32_t i, LLVMValueRef e, lv d)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    LLVMBasicBlockRef push = new_block(F);
    LLVMBuildCondBr(b, is_zero(F, e), to(F, in->target + 1, d), push);
    LLVMPositionBuilderAtEnd(b, push);
    const jit_swlevel *l = &F->lvl_s[d.s];
    LLVMValueRef sel = cond_value(F, in);
    st(F, l->sel, sel);
    st(F, l->sw, ld32(F, F->a_sw));
    st(F, l->cond, ld32(F, F->a_cond));
    st(F, l->csp, ld32(F, F->a_csp));
    st(F, l->lsp, ld32(F, F->a_lsp));
    st(F, l->active, e);
    LLVMValueRef any = ci32(F, 0);
    const nvgp_exec *m = F->m;
    for (uint32_t k = 0; k < in->num_cases; k++) {
        const exec_insn *c = &m->code[m->case_lists[in->aux + k]];
        if (c->op == TGSI_OPCODE_CASE)
            any = LLVMBuildOr(b, any, lanes_eq(F, sel, cond_value(F, c)), "");
    }
    st(F, l->deflt, LLVMBuildAnd(b, e, LLVMBuildNot(b, any, ""), ""));
    st(F, F->a_ssp, LLVMBuildAdd(b, ld32(F, F->a_ssp), ci32(F, 1), ""));
    st(F, F->a_sw, ci32(F, 0));
    LLVMBuildBr(b, to(F, i + 1, lv_of(d.c, d.l, d.s + 1)));
}

/* The call being run returns (do_return): its masks and stack pointers
 * back, on to the record after the call (with the caller's levels). */
static void emit_return(flow_b *F)
{
    LLVMBuilderRef b = F->j->b;
    const frame *fr = &F->frames[F->fr];
    st(F, F->a_cond, ld32(F, F->c_cond));
    st(F, F->a_loop, ld32(F, F->c_loop));
    st(F, F->a_cont, ld32(F, F->c_cont));
    st(F, F->a_sw, ld32(F, F->c_sw));
    st(F, F->a_func, ld32(F, F->c_func));
    st(F, F->a_csp, ld32(F, F->c_csp));
    st(F, F->a_lsp, ld32(F, F->c_lsp));
    st(F, F->a_ssp, ld32(F, F->c_ssp));
    st(F, F->a_callsp, LLVMBuildSub(b, ld32(F, F->a_callsp), ci32(F, 1), ""));
    LLVMBuildBr(b, to_v(F, fr->ret, F->dep[fr->cal]));
}

/* CAL or CALLNZ at v, its body inlined right after it (frame f): as
 * exec_op_CAL, the lanes that call (CALLNZ: those whose condition is
 * true) run the body with every other mask full, the caller's saved.
 * Where the warp's call stack is full the region leaves before the call
 * (the reference handler fails the warp there). */
static void emit_call(flow_b *F, const exec_insn *in, uint32_t v, LLVMValueRef e)
{
    LLVMBuilderRef b = F->j->b;
    const lv d = F->dep[v];
    uint32_t i = F->vpc[v];
    LLVMValueRef lanes = in->op == TGSI_OPCODE_CALLNZ ? LLVMBuildAnd(b, e, truth(F, in, true), "")
                                                      : e;
    LLVMBasicBlockRef push = new_block(F);
    LLVMBuildCondBr(b, is_zero(F, lanes), to(F, i + 1, d), push);
    LLVMPositionBuilderAtEnd(b, push);
    st(F, F->c_cond, ld32(F, F->a_cond));
    st(F, F->c_loop, ld32(F, F->a_loop));
    st(F, F->c_cont, ld32(F, F->a_cont));
    st(F, F->c_sw, ld32(F, F->a_sw));
    st(F, F->c_func, ld32(F, F->a_func));
    st(F, F->c_csp, ld32(F, F->a_csp));
    st(F, F->c_lsp, ld32(F, F->a_lsp));
    st(F, F->c_ssp, ld32(F, F->a_ssp));
    st(F, F->a_func, lanes);
    st(F, F->a_cond, ci32(F, FULL_MASK));
    st(F, F->a_loop, ci32(F, FULL_MASK));
    st(F, F->a_cont, ci32(F, FULL_MASK));
    st(F, F->a_sw, ci32(F, FULL_MASK));
    st(F, F->a_callsp, LLVMBuildAdd(b, ld32(F, F->a_callsp), ci32(F, 1), ""));
    LLVMBuildBr(b, to_v(F, v + 1, d));
}

/* The control-flow record at v, in its own block; terminates it. */
static void emit_cf(flow_b *F, uint32_t v)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    uint32_t i = F->vpc[v], k = v;
    const exec_insn *in = &F->m->code[i];
    const struct cf_row *row = cf_row(in->op);
    const lv d = F->dep[k];
    if (row->kind == CF_CAL) {
        /* room on the warp's call stack, or the reference handler runs
         * the call (and fails the warp) */
        LLVMBasicBlockRef room = new_block(F);
        LLVMValueRef full = LLVMBuildICmp(b, LLVMIntUGE, ld32(F, FIELD(F, call_sp)),
                                          ci32(F, EXEC_MAX_CALLS), "");
        LLVMBuildCondBr(b, full, stub(F, i, false, d, 0), room);
        LLVMPositionBuilderAtEnd(b, room);
    }
    LLVMValueRef e = exec_now(F);
    charge(F, 1, e);
    switch (row->kind) {
    case CF_CAL: {
        /* not run when no lane executes (not "always") */
        LLVMBasicBlockRef run = new_block(F);
        LLVMBuildCondBr(b, is_zero(F, e), to(F, i + 1, d), run);
        LLVMPositionBuilderAtEnd(b, run);
        emit_call(F, in, v, e);
        break;
    }
    case CF_RET: {
        /* the lanes that run it are done; the call returns when none is
         * left */
        st(F, F->a_func, LLVMBuildAnd(b, ld32(F, F->a_func), LLVMBuildNot(b, e, ""), ""));
        LLVMValueRef left = LLVMBuildAnd(b, ld32(F, F->a_func), ld32(F, FIELD(F, rest)), "");
        LLVMBasicBlockRef ret = new_block(F);
        LLVMBuildCondBr(b, is_zero(F, left), ret, to(F, i + 1, d));
        LLVMPositionBuilderAtEnd(b, ret);
        emit_return(F);
        break;
    }
    case CF_ENDSUB:
        emit_return(F);
        break;
    case CF_IF:
    case CF_UIF: {
        LLVMValueRef t = truth(F, in, row->kind == CF_IF);
        LLVMValueRef c = ld32(F, F->a_cond);
        st(F, F->lvl_c[d.c], c);
        st(F, F->a_csp, LLVMBuildAdd(b, ld32(F, F->a_csp), ci32(F, 1), ""));
        st(F, F->a_cond, LLVMBuildAnd(b, c, t, ""));
        lv in_if = lv_of(d.c + 1, d.l, d.s);
        branch_on_exec(F, to(F, in->target, in_if), to(F, i + 1, in_if));
        break;
    }
    case CF_ELSE: {
        LLVMValueRef prev = ld32(F, F->lvl_c[d.c - 1]);
        st(F, F->a_cond, LLVMBuildAnd(b, prev, LLVMBuildNot(b, ld32(F, F->a_cond), ""), ""));
        branch_on_exec(F, to(F, in->target, d), to(F, i + 1, d));
        break;
    }
    case CF_ENDIF:
        st(F, F->a_cond, ld32(F, F->lvl_c[d.c - 1]));
        st(F, F->a_csp, LLVMBuildSub(b, ld32(F, F->a_csp), ci32(F, 1), ""));
        LLVMBuildBr(b, to(F, i + 1, lv_of(d.c - 1, d.l, d.s)));
        break;
    case CF_BGNLOOP: {
        LLVMBasicBlockRef push = new_block(F);
        LLVMBuildCondBr(b, is_zero(F, e), to(F, in->target + 1, d), push);
        LLVMPositionBuilderAtEnd(b, push);
        const jit_level *l = &F->lvl_l[d.l];
        st(F, l->loop, ld32(F, F->a_loop));
        st(F, l->cont, ld32(F, F->a_cont));
        st(F, l->cond, ld32(F, F->a_cond));
        st(F, l->csp, ld32(F, F->a_csp));
        st(F, l->sw, ld32(F, F->a_sw));
        st(F, l->ssp, ld32(F, F->a_ssp));
        st(F, F->a_lsp, LLVMBuildAdd(b, ld32(F, F->a_lsp), ci32(F, 1), ""));
        st(F, F->a_loop, e);
        LLVMBuildBr(b, to(F, i + 1, lv_of(d.c, d.l + 1, d.s)));
        break;
    }
    case CF_ENDLOOP: {
        const jit_level *l = &F->lvl_l[d.l - 1];
        st(F, F->a_cont, ld32(F, l->cont));
        LLVMBasicBlockRef done = new_block(F);
        /* lanes left: the next iteration (its check first) */
        branch_on_exec(F, done, to(F, in->target + 1, d));
        LLVMPositionBuilderAtEnd(b, done);
        st(F, F->a_loop, ld32(F, l->loop));
        st(F, F->a_lsp, LLVMBuildSub(b, ld32(F, F->a_lsp), ci32(F, 1), ""));
        LLVMBuildBr(b, to(F, i + 1, lv_of(d.c, d.l - 1, d.s)));
        break;
    }
    case CF_SWITCH:
        emit_switch(F, in, i, e, d);
        break;
    case CF_CASE: {
        const jit_swlevel *l = &F->lvl_s[d.s - 1];
        LLVMValueRef hit = lanes_eq(F, ld(F, j->vi, l->sel), cond_value(F, in));
        hit = LLVMBuildAnd(b, ld32(F, l->active), hit, "");
        st(F, F->a_sw, LLVMBuildOr(b, ld32(F, F->a_sw), hit, ""));
        LLVMBuildBr(b, to(F, i + 1, d));
        break;
    }
    case CF_DEFAULT:
        st(F, F->a_sw, LLVMBuildOr(b, ld32(F, F->a_sw), ld32(F, F->lvl_s[d.s - 1].deflt), ""));
        LLVMBuildBr(b, to(F, i + 1, d));
        break;
    case CF_ENDSWITCH:
        st(F, F->a_sw, ld32(F, F->lvl_s[d.s - 1].sw));
        st(F, F->a_ssp, LLVMBuildSub(b, ld32(F, F->a_ssp), ci32(F, 1), ""));
        LLVMBuildBr(b, to(F, i + 1, lv_of(d.c, d.l, d.s - 1)));
        break;
    default: {
        /* BRK, CONT, BREAKC: not run when no lane executes (not "always") */
        LLVMBasicBlockRef run = new_block(F);
        LLVMValueRef t = row->kind == CF_BREAKC ? truth(F, in, false) : NULL;
        LLVMBuildCondBr(b, is_zero(F, e), to(F, i + 1, d), run);
        LLVMPositionBuilderAtEnd(b, run);
        LLVMValueRef lanes = t ? LLVMBuildAnd(b, e, t, "") : e;
        if (in->brk_switch) {
            /* leaving a SWITCH: later CASEs may enable lanes again, so
             * no skipping */
            st(F, F->a_sw, LLVMBuildAnd(b, ld32(F, F->a_sw), LLVMBuildNot(b, lanes, ""), ""));
            LLVMBuildBr(b, to(F, i + 1, d));
            break;
        }
        if (row->kind == CF_CONT)
            st(F, F->a_cont, LLVMBuildAnd(b, ld32(F, F->a_cont), LLVMBuildNot(b, e, ""), ""));
        else
            st(F, F->a_loop, LLVMBuildAnd(b, ld32(F, F->a_loop), LLVMBuildNot(b, lanes, ""), ""));
        skip_to_endloop(F, in, i, k, d.l - 1);
        break;
    }
    }
}

/* The address of a slot's component in its register block. */
static LLVMValueRef slot_addr(jit_fn *j, const jit_slot *s)
{
    uint64_t key = s->key - 1;
    return jit_comp_addr(j, j->b, (unsigned)(key >> 34), (uint32_t)(key >> 2),
                         (unsigned)(key & 3));
}

/* Every component the region writes, from its home to its register (the
 * homes hold each register's every lane as the reference would have it
 * here: merged at each stretch's end). */
static void homes_to_regs(jit_fn *j)
{
    for (uint32_t t = 0; t < j->cap; t++) {
        const jit_slot *s = &j->slots[t];
        if (!s->key || !s->home)
            continue;
        LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi, s->home, "");
        LLVMSetAlignment(LLVMBuildStore(j->b, v, slot_addr(j, s)), 64);
    }
}

/* ... and back: each home from its register. */
static void regs_to_homes(jit_fn *j)
{
    for (uint32_t t = 0; t < j->cap; t++) {
        const jit_slot *s = &j->slots[t];
        if (!s->key || !s->home)
            continue;
        LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi, slot_addr(j, s), "");
        LLVMSetAlignment(v, 64);
        LLVMBuildStore(j->b, v, s->home);
    }
}

/* Whether operand o of a record can reach register reg of file: the
 * register it names, any of its file's when it is indexed (or 2-D with
 * an indexed dimension), and the registers its indices are read from
 * (any of theirs: exec_lane_indices). */
static bool operand_reaches(const exec_operand *o, unsigned file, uint32_t reg)
{
    if ((o->ind && o->ind_file == file) || (o->dim_ind && o->dind_file == file))
        return true;
    if (o->file != file)
        return false;
    if (o->loc == EXEC_LOC_INDIRECT || o->ind || o->dim_ind)
        return true;
    return o->loc == EXEC_LOC_WARP && o->offset == reg;
}

/* Whether the handler of `in` can read (dsts_only: write) register reg of
 * file.  A handler reaches registers only through its operands
 * (exec_fetch, exec_store: exec_regs.c): sources, texel offsets, and
 * destinations, which a partial mask or write mask merges into, so they
 * count as read too. */
static bool handler_reaches(const exec_insn *in, unsigned file, uint32_t reg, bool dsts_only)
{
    for (unsigned k = 0; k < in->num_dst; k++)
        if (operand_reaches(&in->dst[k], file, reg))
            return true;
    if (dsts_only)
        return false;
    for (unsigned k = 0; k < in->num_src; k++)
        if (operand_reaches(&in->src[k], file, reg))
            return true;
    for (unsigned k = 0; k < in->num_offsets && k < 4; k++)
        if (((in->offset_regs >> k) & 1) && operand_reaches(&in->offset_ops[k], file, reg))
            return true;
    return false;
}

/* The components the region holds that the handler of `in` can read go
 * to their registers before it runs (to_regs), or those it can write come
 * back after it. */
static void sync_homes(jit_fn *j, const exec_insn *in, bool to_regs)
{
    for (uint32_t t = 0; t < j->cap; t++) {
        const jit_slot *s = &j->slots[t];
        if (!s->key || !s->home)
            continue;
        uint64_t key = s->key - 1;
        if (!handler_reaches(in, (unsigned)(key >> 34), (uint32_t)(key >> 2), !to_regs))
            continue;
        if (to_regs) {
            LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi, s->home, "");
            LLVMSetAlignment(LLVMBuildStore(j->b, v, slot_addr(j, s)), 64);
        } else {
            LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi, slot_addr(j, s), "");
            LLVMSetAlignment(v, 64);
            LLVMBuildStore(j->b, v, s->home);
        }
    }
}

/* Whether v is a call-out of a record with a fast handler (one the JIT has
 * no row for: 64-bit...). */
static bool fast_call(const flow_b *F, uint32_t v)
{
    uint32_t i = F->vpc[v];
    return rec_kind(F->m, i) == REC_CALL && F->m->fast->recs[i].handler;
}

/* Whether v joins the call-out before it: consecutive records with fast
 * handlers are run by one call (the block runner over all of them), as
 * the fast engine runs them.  Nothing jumps between them (a jump goes to
 * a control-flow record or the one after it). */
static bool joins(const flow_b *F, uint32_t v)
{
    return v > 0 && v < F->vn && fast_call(F, v) && fast_call(F, v - 1) &&
           F->vframe[v] == F->vframe[v - 1] && F->vpc[v] == F->vpc[v - 1] + 1;
}

/* A call-out of the n records from v (more than one only where they have
 * fast handlers: joins), in its own block; terminates it.  Charged as
 * the reference loop charges them, and not run when no lane executes (no
 * call-out runs "always").  Otherwise the registers the region holds
 * that the handlers can read (their operands') go to their blocks, the
 * counts and masks to the exec_jit_flow argument, the handlers run
 * (exec_jit_callout), and the homes of the registers they can write are
 * filled again from their blocks; the next block reads every other
 * register from its block anew.  A handler that stopped the warp (a
 * failure) leaves the region past the record, as the reference loop
 * stops there. */
static void emit_callout(flow_b *F, uint32_t v, uint32_t n)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    uint32_t i = F->vpc[v];
    const lv d = F->dep[v];
    LLVMValueRef e = exec_now(F);
    charge(F, n, e);
    LLVMBasicBlockRef run = new_block(F);
    LLVMBuildCondBr(b, is_zero(F, e), to(F, i + n, d), run);
    LLVMPositionBuilderAtEnd(b, run);
    for (uint32_t k = 0; k < n; k++)
        sync_homes(j, &F->m->code[i + k], true);
    st(F, FIELD(F, count), ld(F, j->i64, F->a_count));
    st(F, FIELD(F, lane_count), ld(F, j->i64, F->a_lanes));
    st(F, FIELD(F, cond), ld32(F, F->a_cond));
    st(F, FIELD(F, loop), ld32(F, F->a_loop));
    st(F, FIELD(F, cont), ld32(F, F->a_cont));
    st(F, FIELD(F, sw), ld32(F, F->a_sw));
    st(F, FIELD(F, func), ld32(F, F->a_func));
    LLVMTypeRef params[3] = { j->ptr, j->i32, j->i32 };
    LLVMTypeRef fty = LLVMFunctionType(j->i32, params, 3, 0);
    LLVMValueRef fn =
        LLVMConstIntToPtr(LLVMConstInt(j->i64, (uintptr_t)exec_jit_callout, 0), j->ptr);
    LLVMValueRef args[3] = { F->st, ci32(F, i), ci32(F, n) };
    LLVMValueRef stopped = LLVMBuildCall2(b, fty, fn, args, 3, "");
    for (uint32_t k = 0; k < n; k++)
        sync_homes(j, &F->m->code[i + k], false);
    LLVMBuildCondBr(b, is_zero(F, stopped), to(F, i + n, d), stub(F, i + n, true, d, F->fr));
}

/* The check at record pc (an entry, a loop head or a loop exit): another
 * warp failed (abandon), or the records up to the next check may not fit
 * in the budget (leave here), else go on. */
static void build_guard(flow_b *F, uint32_t k)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    uint32_t pc = F->vpc[k];
    F->fr = F->vframe[k];
    LLVMPositionBuilderAtEnd(b, F->guard[k]);
    LLVMValueRef stop = LLVMBuildLoad2(b, j->i32, ld(F, j->ptr, FIELD(F, stop)), "");
    LLVMSetOrdering(stop, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(stop, 4);
    LLVMValueRef stopped = LLVMBuildICmp(b, LLVMIntULT, stop, ld32(F, FIELD(F, first_thread)), "");
    LLVMValueRef need = LLVMBuildAdd(b, ld(F, j->i64, F->a_count), ci64(F, F->bound[k]), "");
    LLVMValueRef fits = LLVMBuildICmp(b, LLVMIntULE, need, ld(F, j->i64, FIELD(F, budget)), "");
    /* one way out for both (fewer blocks to compile): stopped says which */
    st(F, F->a_stopped, LLVMBuildZExt(b, stopped, j->i32, ""));
    LLVMValueRef go = LLVMBuildAnd(b, fits, LLVMBuildNot(b, stopped, ""), "");
    LLVMBuildCondBr(b, go, F->blk[k], stub(F, pc, false, F->dep[k], F->fr));
}

/* An entry at record pc (the region's first record or a loop body's):
 * the state from the exec_jit_flow argument, the stack levels open there
 * from the warp's stacks, then the check.  Returns the prologue block
 * (the homes are filled at its end later). */
static LLVMBasicBlockRef build_entry(flow_b *F, uint32_t pc)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    uint32_t k = F->map0[pc - F->p0];
    LLVMBasicBlockRef bb = new_block(F);
    LLVMPositionBuilderAtEnd(b, bb);
    st(F, F->a_func, ld32(F, FIELD(F, func)));
    st(F, F->a_callsp, ld32(F, FIELD(F, call_sp)));
    st(F, F->a_cond, ld32(F, FIELD(F, cond)));
    st(F, F->a_loop, ld32(F, FIELD(F, loop)));
    st(F, F->a_cont, ld32(F, FIELD(F, cont)));
    st(F, F->a_csp, ld32(F, FIELD(F, cond_sp)));
    st(F, F->a_lsp, ld32(F, FIELD(F, loop_sp)));
    st(F, F->a_sw, ld32(F, FIELD(F, sw)));
    st(F, F->a_ssp, ld32(F, FIELD(F, sw_sp)));
    st(F, F->a_count, ld(F, j->i64, FIELD(F, count)));
    st(F, F->a_lanes, ld(F, j->i64, FIELD(F, lane_count)));
    st(F, F->a_pc, ci32(F, pc));
    st(F, F->a_stopped, ci32(F, 0));
    LLVMValueRef cbase = ld(F, j->ptr, FIELD(F, cond_stack));
    LLVMValueRef lbase = ld(F, j->ptr, FIELD(F, loop_stack));
    LLVMValueRef sbase = ld(F, j->ptr, FIELD(F, sw_stack));
    /* (the levels not open here are stored by their IF, BGNLOOP or
     * SWITCH before anything reads them) */
    for (uint32_t d = 0; d < F->dep[k].c; d++)
        st(F, F->lvl_c[d], ld32(F, at(F, cbase, 4u * d)));
    for (uint32_t d = 0; d < F->dep[k].l; d++) {
        const jit_level *l = &F->lvl_l[d];
        uint64_t o = (uint64_t)d * sizeof(exec_loop_rec);
        st(F, l->loop, ld32(F, at(F, lbase, o + offsetof(exec_loop_rec, loop))));
        st(F, l->cont, ld32(F, at(F, lbase, o + offsetof(exec_loop_rec, cont))));
        st(F, l->cond, ld32(F, at(F, lbase, o + offsetof(exec_loop_rec, cond))));
        st(F, l->sw, ld32(F, at(F, lbase, o + offsetof(exec_loop_rec, sw))));
        LLVMValueRef csp = ld(F, F->i16, at(F, lbase, o + offsetof(exec_loop_rec, cond_sp)));
        st(F, l->csp, LLVMBuildZExt(b, csp, j->i32, ""));
        LLVMValueRef ssp = ld(F, F->i16, at(F, lbase, o + offsetof(exec_loop_rec, sw_sp)));
        st(F, l->ssp, LLVMBuildZExt(b, ssp, j->i32, ""));
    }
    for (uint32_t d = 0; d < F->dep[k].s; d++) {
        const jit_swlevel *l = &F->lvl_s[d];
        uint64_t o = (uint64_t)d * sizeof(exec_switch_rec);
        LLVMValueRef sel = ld(F, j->vi, at(F, sbase, o + offsetof(exec_switch_rec, sel)));
        LLVMSetAlignment(sel, 4);
        st(F, l->sel, sel);
        st(F, l->sw, ld32(F, at(F, sbase, o + offsetof(exec_switch_rec, sw))));
        st(F, l->cond, ld32(F, at(F, sbase, o + offsetof(exec_switch_rec, cond))));
        st(F, l->active, ld32(F, at(F, sbase, o + offsetof(exec_switch_rec, active))));
        st(F, l->deflt, ld32(F, at(F, sbase, o + offsetof(exec_switch_rec, deflt))));
        LLVMValueRef csp = ld(F, F->i16, at(F, sbase, o + offsetof(exec_switch_rec, cond_sp)));
        st(F, l->csp, LLVMBuildZExt(b, csp, j->i32, ""));
        LLVMValueRef lsp = ld(F, F->i16, at(F, sbase, o + offsetof(exec_switch_rec, loop_sp)));
        st(F, l->lsp, LLVMBuildZExt(b, lsp, j->i32, ""));
    }
    LLVMBuildBr(b, F->guard[k]);
    LLVMAddCase(j->sw, ci32(F, pc), bb);
    return bb;
}

/* The 16-bit stack pointer field at p from a 32-bit value. */
static void st16(flow_b *F, LLVMValueRef p, LLVMValueRef v32)
{
    st(F, p, LLVMBuildTrunc(F->j->b, v32, F->i16, ""));
}

/* The levels of the region's IFs, loops and SWITCHes open where it
 * leaves (d): the entries the reference handlers would have pushed. */
static void store_levels(flow_b *F, lv d)
{
    LLVMValueRef cbase = ld(F, F->j->ptr, FIELD(F, cond_stack));
    LLVMValueRef lbase = ld(F, F->j->ptr, FIELD(F, loop_stack));
    LLVMValueRef sbase = ld(F, F->j->ptr, FIELD(F, sw_stack));
    for (uint32_t k = 0; k < d.c; k++)
        st(F, at(F, cbase, 4u * k), ld32(F, F->lvl_c[k]));
    for (uint32_t k = 0; k < d.l; k++) {
        const jit_level *l = &F->lvl_l[k];
        uint64_t o = (uint64_t)k * sizeof(exec_loop_rec);
        st(F, at(F, lbase, o + offsetof(exec_loop_rec, loop)), ld32(F, l->loop));
        st(F, at(F, lbase, o + offsetof(exec_loop_rec, cont)), ld32(F, l->cont));
        st(F, at(F, lbase, o + offsetof(exec_loop_rec, cond)), ld32(F, l->cond));
        st(F, at(F, lbase, o + offsetof(exec_loop_rec, sw)), ld32(F, l->sw));
        st16(F, at(F, lbase, o + offsetof(exec_loop_rec, cond_sp)), ld32(F, l->csp));
        st16(F, at(F, lbase, o + offsetof(exec_loop_rec, sw_sp)), ld32(F, l->ssp));
    }
    for (uint32_t k = 0; k < d.s; k++) {
        const jit_swlevel *l = &F->lvl_s[k];
        uint64_t o = (uint64_t)k * sizeof(exec_switch_rec);
        LLVMValueRef sel = ld(F, F->j->vi, l->sel);
        LLVMSetAlignment(st_ret(F, at(F, sbase, o + offsetof(exec_switch_rec, sel)), sel), 4);
        st(F, at(F, sbase, o + offsetof(exec_switch_rec, sw)), ld32(F, l->sw));
        st(F, at(F, sbase, o + offsetof(exec_switch_rec, cond)), ld32(F, l->cond));
        st(F, at(F, sbase, o + offsetof(exec_switch_rec, active)), ld32(F, l->active));
        st(F, at(F, sbase, o + offsetof(exec_switch_rec, deflt)), ld32(F, l->deflt));
        st16(F, at(F, sbase, o + offsetof(exec_switch_rec, cond_sp)), ld32(F, l->csp));
        st16(F, at(F, sbase, o + offsetof(exec_switch_rec, loop_sp)), ld32(F, l->lsp));
    }
}

/* Leaving inside body f: the call's record on the warp's call stack, as
 * exec_op_CAL pushed it (at call_sp on entry: the region's calls are its
 * own, one at a time). */
static void store_call(flow_b *F, uint32_t f)
{
    LLVMValueRef top = ld(F, F->j->ptr, FIELD(F, call_top));
    const frame *fr = &F->frames[f];
    st(F, at(F, top, offsetof(exec_call_rec, ret_pc)), ci32(F, F->vpc[fr->cal] + 1));
    st(F, at(F, top, offsetof(exec_call_rec, cond)), ld32(F, F->c_cond));
    st(F, at(F, top, offsetof(exec_call_rec, loop)), ld32(F, F->c_loop));
    st(F, at(F, top, offsetof(exec_call_rec, cont)), ld32(F, F->c_cont));
    st(F, at(F, top, offsetof(exec_call_rec, sw)), ld32(F, F->c_sw));
    st(F, at(F, top, offsetof(exec_call_rec, func)), ld32(F, F->c_func));
    st16(F, at(F, top, offsetof(exec_call_rec, cond_sp)), ld32(F, F->c_csp));
    st16(F, at(F, top, offsetof(exec_call_rec, loop_sp)), ld32(F, F->c_lsp));
    st16(F, at(F, top, offsetof(exec_call_rec, sw_sp)), ld32(F, F->c_ssp));
}

/* The single exit: what the region wrote, the masks, the counts and the
 * pc, back to the warp (the stubs leading here stored the levels). */
static void build_exit(flow_b *F)
{
    jit_fn *j = F->j;
    LLVMBuilderRef b = j->b;
    LLVMPositionBuilderAtEnd(b, F->exit);
    homes_to_regs(j);
    st(F, FIELD(F, cond), ld32(F, F->a_cond));
    st(F, FIELD(F, loop), ld32(F, F->a_loop));
    st(F, FIELD(F, cont), ld32(F, F->a_cont));
    st(F, FIELD(F, cond_sp), ld32(F, F->a_csp));
    st(F, FIELD(F, loop_sp), ld32(F, F->a_lsp));
    st(F, FIELD(F, sw), ld32(F, F->a_sw));
    st(F, FIELD(F, sw_sp), ld32(F, F->a_ssp));
    st(F, FIELD(F, func), ld32(F, F->a_func));
    st(F, FIELD(F, call_sp), ld32(F, F->a_callsp));
    st(F, FIELD(F, count), ld(F, j->i64, F->a_count));
    st(F, FIELD(F, lane_count), ld(F, j->i64, F->a_lanes));
    st(F, FIELD(F, pc), ld32(F, F->a_pc));
    st(F, FIELD(F, stopped), ld32(F, F->a_stopped));
    LLVMBuildRetVoid(b);
}

/* Depths, bounds and blocks of the region's records (in v order). */
static void analyse(flow_b *F)
{
    const nvgp_exec *m = F->m;
    uint32_t c = 0, l = 0, sw = 0, nl = 0;
    uint32_t *open = malloc(sizeof *open * (F->vn + 1));
    if (!open) {
        F->failed = true;
        return;
    }
    for (uint32_t k = 0; k < F->vn; k++) {
        uint32_t i = F->vpc[k];
        F->dep[k] = lv_of(c, l, sw);
        /* up to the innermost loop's ENDLOOP, or the region's end */
        uint32_t last = F->vn - 1;
        if (nl) {
            uint32_t bg = open[nl - 1];
            uint32_t el = v_of(F, F->vframe[bg], m->code[F->vpc[bg]].target);
            last = el < last ? el : last;
        }
        F->bound[k] = last + 1 - k;
        int kind = rec_kind(m, i);
        if (k == 0)
            F->blk[k] = new_block(F);
        if (kind == REC_FAST)
            continue;
        /* control flow and call-outs: a block of their own (records with
         * fast handlers called out to together: one) */
        if (!joins(F, k))
            F->blk[k] = F->blk[k] ? F->blk[k] : new_block(F);
        if (k + 1 < F->vn && !F->blk[k + 1] && !joins(F, k + 1))
            F->blk[k + 1] = new_block(F);
        if (kind != REC_CF)
            continue;
        switch (cf_row(m->code[i].op)->kind) {
        case CF_IF:
        case CF_UIF:
            c++;
            F->maxc = c > F->maxc ? c : F->maxc;
            break;
        case CF_ENDIF:
            c--;
            break;
        case CF_BGNLOOP:
            open[nl++] = k;
            l++;
            F->maxl = l > F->maxl ? l : F->maxl;
            if (k + 1 < F->vn)
                F->guard[k + 1] = new_block(F);
            break;
        case CF_ENDLOOP:
        case CF_ENDSUB:
            /* a loop's exit, a call's return (RET comes here too): the
             * code goes on past what the last check counted */
            nl -= cf_row(m->code[i].op)->kind == CF_ENDLOOP;
            l -= cf_row(m->code[i].op)->kind == CF_ENDLOOP;
            if (k + 1 < F->vn)
                F->guard[k + 1] = new_block(F);
            break;
        case CF_SWITCH:
            sw++;
            F->maxs = sw > F->maxs ? sw : F->maxs;
            break;
        case CF_ENDSWITCH:
            sw--;
            break;
        default:
            break;
        }
    }
    F->dep[F->vn] = lv_of(c, l, sw);
    F->guard[0] = F->guard[0] ? F->guard[0] : new_block(F);
    free(open);
}

/* The region's records with each call's body after it (F->vpc, vframe,
 * map0, frames); false: out of memory. */
static bool lay_out(flow_b *F)
{
    const nvgp_exec *m = F->m;
    uint32_t n = F->end - F->p0, vn = n, calls = 0;
    for (uint32_t i = F->p0; i < F->end; i++) {
        uint32_t t, e;
        const struct cf_row *row = m->fast->recs[i].handler ? NULL : cf_row(m->code[i].op);
        if (row && row->kind == CF_CAL && sub_body(m, &m->code[i], &t, &e)) {
            vn += e + 1 - t;
            calls++;
        }
    }
    F->vpc = calloc(vn + 1, sizeof *F->vpc);
    F->vframe = calloc(vn + 1, sizeof *F->vframe);
    F->map0 = calloc(n + 1, sizeof *F->map0);
    F->frames = calloc(calls + 1, sizeof *F->frames);
    if (!F->vpc || !F->vframe || !F->map0 || !F->frames)
        return false;
    uint32_t v = 0;
    for (uint32_t i = F->p0; i < F->end; i++) {
        F->map0[i - F->p0] = v;
        F->vpc[v++] = i;
        uint32_t t, e;
        const struct cf_row *row = m->fast->recs[i].handler ? NULL : cf_row(m->code[i].op);
        if (!row || row->kind != CF_CAL || !sub_body(m, &m->code[i], &t, &e))
            continue;
        frame *fr = &F->frames[++F->nframes];
        fr->cal = v - 1;
        fr->t = t;
        fr->e = e;
        fr->base = v;
        for (uint32_t q = t; q <= e; q++) {
            F->vframe[v] = F->nframes;
            F->vpc[v++] = q;
        }
        fr->ret = v;
    }
    F->map0[n] = v;
    F->vn = v;
    return true;
}

static void *zalloc(size_t n, size_t size) { return calloc(n ? n : 1, size); }

bool jit_build_flow(jit_fn *j, uint32_t p0, uint32_t n, bool *built, exec_jit_entry *ent,
                    jit_made *made)
{
    flow_b F;
    memset(&F, 0, sizeof F);
    F.j = j;
    F.m = j->m;
    F.p0 = p0;
    F.end = p0 + n;
    F.st = j->flow_arg;
    F.i16 = LLVMInt16TypeInContext(j->cx);
    j->flow = true;
    bool ok = lay_out(&F);
    uint32_t vn = F.vn;
    F.blk = zalloc(vn + 1, sizeof *F.blk);
    F.guard = zalloc(vn + 1, sizeof *F.guard);
    F.dep = zalloc(vn + 1, sizeof *F.dep);
    F.bound = zalloc(vn + 1, sizeof *F.bound);
    ok = ok && F.blk && F.guard && F.dep && F.bound && jit_slots_new(j, vn);
    /* the region's first block: it and every later one are the region's
     * (finished with unreachable if building fails) */
    LLVMBasicBlockRef first = NULL;
    if (ok) {
        F.exit = new_block(&F);
        first = F.exit;
        analyse(&F);
        ok = !F.failed;
    }
    if (ok) {
        unsigned id = LLVMLookupIntrinsicID("llvm.ctpop", 10);
        F.ctpop = LLVMGetIntrinsicDeclaration(j->mod, id, &j->i32, 1);
        F.ctpop_ty = LLVMIntrinsicGetType(j->cx, id, &j->i32, 1);
        LLVMTypeRef i64 = j->i64, i32 = j->i32;
        F.a_cond = new_var(&F, i32);
        F.a_loop = new_var(&F, i32);
        F.a_cont = new_var(&F, i32);
        F.a_csp = new_var(&F, i32);
        F.a_lsp = new_var(&F, i32);
        F.a_pc = new_var(&F, i32);
        F.a_stopped = new_var(&F, i32);
        F.a_count = new_var(&F, i64);
        F.a_lanes = new_var(&F, i64);
        F.a_sw = new_var(&F, i32);
        F.a_ssp = new_var(&F, i32);
        F.a_func = new_var(&F, i32);
        F.a_callsp = new_var(&F, i32);
        LLVMValueRef *call_vars[] = { &F.c_cond, &F.c_loop, &F.c_cont, &F.c_sw,
                                      &F.c_func, &F.c_csp, &F.c_lsp, &F.c_ssp };
        for (size_t k = 0; k < sizeof call_vars / sizeof call_vars[0]; k++)
            *call_vars[k] = new_var(&F, i32);
        F.lvl_c = zalloc(F.maxc, sizeof *F.lvl_c);
        F.lvl_l = zalloc(F.maxl, sizeof *F.lvl_l);
        F.lvl_s = zalloc(F.maxs, sizeof *F.lvl_s);
        ok = F.lvl_c && F.lvl_l && F.lvl_s;
        for (uint32_t d = 0; ok && d < F.maxc; d++)
            F.lvl_c[d] = new_var(&F, i32);
        for (uint32_t d = 0; ok && d < F.maxl; d++) {
            F.lvl_l[d].loop = new_var(&F, i32);
            F.lvl_l[d].cont = new_var(&F, i32);
            F.lvl_l[d].cond = new_var(&F, i32);
            F.lvl_l[d].csp = new_var(&F, i32);
            F.lvl_l[d].sw = new_var(&F, i32);
            F.lvl_l[d].ssp = new_var(&F, i32);
        }
        for (uint32_t d = 0; ok && d < F.maxs; d++) {
            jit_swlevel *l = &F.lvl_s[d];
            l->sel = new_var(&F, j->vi);
            l->sw = new_var(&F, i32);
            l->cond = new_var(&F, i32);
            l->csp = new_var(&F, i32);
            l->lsp = new_var(&F, i32);
            l->active = new_var(&F, i32);
            l->deflt = new_var(&F, i32);
        }
    }
    if (ok) {
        /* the components the region writes (merged at each stretch's end,
         * stored at the exit) */
        for (uint32_t v = 0; v < vn; v++) {
            const exec_frec *r = &F.m->fast->recs[F.vpc[v]];
            if (rec_kind(F.m, F.vpc[v]) != REC_FAST)
                continue;
            for (unsigned c = 0; c < 4; c++)
                if ((r->wmask >> c) & 1) {
                    jit_slot *s = jit_slot_find(j, jit_slot_key(r->dfile, r->doff, c));
                    s->written = true;
                    if (!s->home)
                        s->home = new_var(&F, j->vi);
                }
        }
        forget(j);
        /* the records, in order */
        LLVMBasicBlockRef cur = NULL;
        uint32_t start = UINT32_MAX, calls = 0;
        LLVMValueRef se = NULL;
        for (uint32_t k = 0; ok && k <= vn; k++) {
            if (k == vn || F.blk[k]) {
                if (cur) {
                    if (start != UINT32_MAX)
                        end_stretch(&F, k - start, se);
                    start = UINT32_MAX;
                    LLVMBuildBr(j->b, to_v(&F, k, F.dep[k]));
                }
                if (k == vn)
                    break;
                LLVMPositionBuilderAtEnd(j->b, F.blk[k]);
                cur = F.blk[k];
                forget(j);
            }
            F.fr = F.vframe[k];
            const exec_frec *r = &F.m->fast->recs[F.vpc[k]];
            int kind = rec_kind(F.m, F.vpc[k]);
            if (kind == REC_FAST) {
                if (start == UINT32_MAX) {
                    start = k;
                    se = exec_now(&F);
                }
                ok = jit_emit_record(j, r);
                continue;
            }
            if (kind == REC_CALL) {
                uint32_t c = 1;
                while (joins(&F, k + c))
                    c++;
                emit_callout(&F, k, c);
                calls += c;
                k += c - 1;
            } else {
                emit_cf(&F, k);
            }
            forget(j);
            cur = NULL;
        }
        ok = ok && !F.failed;
        if (ok && made) {
            made->callouts += calls;
            /* (inlined bodies cost compile time as the region's own
             * records do) */
            made->flow_records += vn - n;
        }
    }
    if (ok) {
        for (uint32_t k = 0; k < vn; k++)
            if (F.guard[k])
                build_guard(&F, k);
        F.fr = 0;
        build_exit(&F);
        /* entries: the first record, and the first record of each loop
         * body whose ENDLOOP lies past the region (the warp loop runs the
         * rest of such a body and jumps back here every iteration); each
         * fills every home from its register */
        for (uint32_t i = p0; i < F.end; i++) {
            uint32_t k = F.map0[i - p0];
            const exec_insn *prev = &F.m->code[i - (i > p0)];
            if (i != p0 && !(F.guard[k] && prev->op == TGSI_OPCODE_BGNLOOP &&
                             !F.m->fast->recs[i - 1].handler && prev->target >= F.end))
                continue;
            LLVMBasicBlockRef pro = build_entry(&F, i);
            if (built)
                built[i] = true;
            if (ent) {
                ent[i].flow = true;
                ent[i].at_cond = (uint16_t)F.dep[k].c;
                ent[i].at_loop = (uint16_t)F.dep[k].l;
                ent[i].at_sw = (uint16_t)F.dep[k].s;
                ent[i].sw_depth = (uint16_t)F.maxs;
                ent[i].cond_depth = (uint16_t)F.maxc;
                ent[i].loop_depth = (uint16_t)F.maxl;
            }
            LLVMPositionBuilderBefore(j->b, LLVMGetBasicBlockTerminator(pro));
            regs_to_homes(j);
        }
    } else if (first) {
        /* no entry reaches the region's blocks: each left unfinished ends
         * in unreachable, so the module stays valid */
        for (LLVMBasicBlockRef bb = first; bb; bb = LLVMGetNextBasicBlock(bb))
            if (!LLVMGetBasicBlockTerminator(bb)) {
                LLVMPositionBuilderAtEnd(j->b, bb);
                LLVMBuildUnreachable(j->b);
            }
    }
    jit_slots_free(j);
    j->flow = false;
    free(F.blk);
    free(F.guard);
    free(F.dep);
    free(F.lvl_s);
    free(F.bound);
    free(F.lvl_c);
    free(F.lvl_l);
    free(F.vpc);
    free(F.vframe);
    free(F.map0);
    free(F.frames);
    return ok;
}

#else /* !NVGP_HAVE_JIT: nothing to build (ISO C wants a declaration) */

typedef int exec_jit_flow_unused;

#endif
