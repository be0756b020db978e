/* Control flow on a warp: the IF/UIF condition mask, the loop and CONT
 * masks, SWITCH masks, the subroutine (function) mask with its call stack,
 * the kill/demote masks, and the geometry and synchronisation opcodes.
 * The warp's execution mask is the AND of all of them; a block whose mask
 * comes out empty is jumped over. */
#include "exec/exec_internal.h"

#include <stdatomic.h>
#include <stdlib.h>

void *exec_stack_grow(exec_warp *w, void *stack, uint32_t *cap, uint32_t sp, size_t elem)
{
    if (sp < *cap)
        return stack;
    if (sp >= EXEC_STACK_LIMIT) {
        exec_fail(w, NVGP_EXEC_ERROR_STACK, "control flow nested deeper than %u levels",
                  (unsigned)EXEC_STACK_LIMIT);
        return stack;
    }
    uint32_t n = *cap ? *cap * 2 : EXEC_STACK_INITIAL;
    if (n > EXEC_STACK_LIMIT)
        n = EXEC_STACK_LIMIT;
    void *p = realloc(stack, elem * n);
    if (!p) {
        exec_fail(w, NVGP_EXEC_ERROR_STACK, "out of memory for control flow nested %u deep", sp);
        return stack;
    }
    *cap = n;
    return p;
}

void *exec_stack_reserve(void *stack, uint32_t *cap, uint32_t need, size_t elem, bool *ok)
{
    *ok = need <= *cap;
    if (*ok)
        return stack;
    if (need > EXEC_STACK_LIMIT)
        return stack;
    uint32_t n = *cap ? *cap : EXEC_STACK_INITIAL;
    while (n < need)
        n *= 2;
    if (n > EXEC_STACK_LIMIT)
        n = EXEC_STACK_LIMIT;
    void *p = realloc(stack, elem * n);
    if (!p)
        return stack;
    *cap = n;
    *ok = true;
    return p;
}

/* true when entry sp of the named stack exists (grown if need be) */
#define STACK_ROOM(w, name, sp)                                                                \
    ((sp) < (w)->name##_cap ||                                                                 \
     ((w)->name##_stack = exec_stack_grow((w), (w)->name##_stack, &(w)->name##_cap, (sp),     \
                                          sizeof *(w)->name##_stack),                         \
      (sp) < (w)->name##_cap))

static bool stack_full(exec_warp *w, uint16_t sp, uint16_t max)
{
    if (sp < max)
        return false;
    exec_fail(w, NVGP_EXEC_ERROR_STACK, "calls nested deeper than %u levels", max);
    return true;
}

static void push_if(exec_warp *w, const exec_insn *in, uint32_t truth)
{
    if (!STACK_ROOM(w, cond, w->cond_sp))
        return;
    w->cond_stack[w->cond_sp++] = w->cond;
    w->cond &= truth;
    exec_update_mask(w);
    if (!w->exec)
        w->pc = in->target; /* ELSE (which may enable lanes) or ENDIF */
}

void exec_op_IF(exec_warp *w, const exec_insn *in)
{
    exec_chan t;
    const exec_chan *c = SRC(0, 0, &t);
    uint32_t truth = exec_mask_fnz(c->f);
    push_if(w, in, truth);
}

void exec_op_UIF(exec_warp *w, const exec_insn *in)
{
    exec_chan t;
    const exec_chan *c = SRC(0, 0, &t);
    uint32_t truth = exec_mask_nz(c->u);
    push_if(w, in, truth);
}

void exec_op_ELSE(exec_warp *w, const exec_insn *in)
{
    uint32_t prev = w->cond_sp ? w->cond_stack[w->cond_sp - 1] : FULL_MASK;
    w->cond = prev & ~w->cond;
    exec_update_mask(w);
    if (!w->exec)
        w->pc = in->target;
}

void exec_op_ENDIF(exec_warp *w, const exec_insn *in)
{
    (void)in;
    if (w->cond_sp)
        w->cond = w->cond_stack[--w->cond_sp];
    exec_update_mask(w);
}

void exec_op_BGNLOOP(exec_warp *w, const exec_insn *in)
{
    if (!w->exec) {
        w->pc = in->target + 1;
        return;
    }
    if (!STACK_ROOM(w, loop, w->loop_sp))
        return;
    exec_loop_rec *r = &w->loop_stack[w->loop_sp++];
    r->loop = w->loop;
    r->cont = w->cont;
    r->cond = w->cond;
    r->sw = w->sw;
    r->cond_sp = w->cond_sp;
    r->sw_sp = w->sw_sp;
    w->loop = w->exec;
    exec_update_mask(w);
}

void exec_op_ENDLOOP(exec_warp *w, const exec_insn *in)
{
    if (!w->loop_sp)
        return;
    exec_loop_rec *r = &w->loop_stack[w->loop_sp - 1];
    w->cont = r->cont;
    exec_update_mask(w);
    if (w->exec) {
        w->pc = in->target + 1;
        return;
    }
    w->loop = r->loop;
    w->loop_sp--;
    exec_update_mask(w);
}

/* After BRK/CONT, when no lane of the loop would run the rest of this
 * iteration (lanes parked by an IF inside the body would resume at its
 * ELSE or ENDIF), go straight to ENDLOOP, unwinding the IF and SWITCH
 * levels opened in the body. */
static void skip_to_endloop(exec_warp *w, const exec_insn *in)
{
    if (w->exec || !w->loop_sp)
        return;
    const exec_loop_rec *r = &w->loop_stack[w->loop_sp - 1];
    if (r->cond & r->sw & w->loop & w->cont & w->func & w->live & w->active)
        return;
    w->cond = r->cond;
    w->cond_sp = r->cond_sp;
    w->sw = r->sw;
    w->sw_sp = r->sw_sp;
    exec_update_mask(w);
    w->pc = in->target;
}

static void break_lanes(exec_warp *w, const exec_insn *in, uint32_t lanes)
{
    if (in->brk_switch) {
        /* Later CASEs may still enable lanes: no skipping here. */
        w->sw &= ~lanes;
        exec_update_mask(w);
        return;
    }
    w->loop &= ~lanes;
    exec_update_mask(w);
    skip_to_endloop(w, in);
}

void exec_op_BRK(exec_warp *w, const exec_insn *in)
{
    break_lanes(w, in, w->exec);
}

void exec_op_BREAKC(exec_warp *w, const exec_insn *in)
{
    exec_chan t;
    const exec_chan *c = SRC(0, 0, &t);
    uint32_t truth = exec_mask_nz(c->u);
    break_lanes(w, in, w->exec & truth);
}

void exec_op_CONT(exec_warp *w, const exec_insn *in)
{
    w->cont &= ~w->exec;
    exec_update_mask(w);
    skip_to_endloop(w, in);
}

/* ---- SWITCH -------------------------------------------------------------------- */

static uint32_t case_matches(exec_warp *w, const exec_insn *cas, const exec_chan *sel)
{
    exec_chan t;
    const exec_chan *v = exec_fetch(w, &cas->src[0], 0, &t);
    return exec_mask_eq(sel->u, v->u);
}

void exec_op_SWITCH(exec_warp *w, const exec_insn *in)
{
    if (!w->exec) {
        w->pc = in->target + 1;
        return;
    }
    if (!STACK_ROOM(w, sw, w->sw_sp))
        return;
    exec_switch_rec *r = &w->sw_stack[w->sw_sp++];
    exec_chan t;
    r->sel = *SRC(0, 0, &t);
    r->sw = w->sw;
    r->cond = w->cond;
    r->cond_sp = w->cond_sp;
    r->loop_sp = w->loop_sp;
    r->active = w->exec;
    /* DEFAULT takes the lanes no CASE of this SWITCH matches, wherever it
     * stands among the CASEs. */
    uint32_t any = 0;
    const nvgp_exec *m = w->m;
    for (uint32_t k = 0; k < in->num_cases; k++) {
        const exec_insn *c = &m->code[m->case_lists[in->aux + k]];
        if (c->op == TGSI_OPCODE_CASE)
            any |= case_matches(w, c, &r->sel);
    }
    r->deflt = r->active & ~any;
    w->sw = 0;
    exec_update_mask(w);
}

void exec_op_CASE(exec_warp *w, const exec_insn *in)
{
    if (!w->sw_sp)
        return;
    exec_switch_rec *r = &w->sw_stack[w->sw_sp - 1];
    w->sw |= r->active & case_matches(w, in, &r->sel);
    exec_update_mask(w);
}

void exec_op_DEFAULT(exec_warp *w, const exec_insn *in)
{
    (void)in;
    if (!w->sw_sp)
        return;
    w->sw |= w->sw_stack[w->sw_sp - 1].deflt;
    exec_update_mask(w);
}

void exec_op_ENDSWITCH(exec_warp *w, const exec_insn *in)
{
    (void)in;
    if (!w->sw_sp)
        return;
    w->sw = w->sw_stack[--w->sw_sp].sw;
    exec_update_mask(w);
}

/* ---- subroutines -------------------------------------------------------------- */

static void call(exec_warp *w, const exec_insn *in, uint32_t lanes)
{
    if (!lanes)
        return;
    if (stack_full(w, w->call_sp, EXEC_MAX_CALLS))
        return;
    exec_call_rec *r = &w->call_stack[w->call_sp++];
    r->ret_pc = w->pc;
    r->cond = w->cond;
    r->loop = w->loop;
    r->cont = w->cont;
    r->sw = w->sw;
    r->func = w->func;
    r->cond_sp = w->cond_sp;
    r->loop_sp = w->loop_sp;
    r->sw_sp = w->sw_sp;
    w->func = lanes;
    w->cond = w->loop = w->cont = w->sw = FULL_MASK;
    exec_update_mask(w);
    w->pc = in->target;
}

static void do_return(exec_warp *w)
{
    if (!w->call_sp) {
        w->done = true;
        return;
    }
    const exec_call_rec *r = &w->call_stack[--w->call_sp];
    w->pc = r->ret_pc;
    w->cond = r->cond;
    w->loop = r->loop;
    w->cont = r->cont;
    w->sw = r->sw;
    w->func = r->func;
    w->cond_sp = r->cond_sp;
    w->loop_sp = r->loop_sp;
    w->sw_sp = r->sw_sp;
    exec_update_mask(w);
}

void exec_op_CAL(exec_warp *w, const exec_insn *in)
{
    call(w, in, w->exec);
}

void exec_op_CALLNZ(exec_warp *w, const exec_insn *in)
{
    exec_chan t;
    const exec_chan *c = SRC(0, 0, &t);
    uint32_t truth = exec_mask_fnz(c->f);
    call(w, in, w->exec & truth);
}

void exec_op_RET(exec_warp *w, const exec_insn *in)
{
    (void)in;
    w->func &= ~w->exec;
    exec_update_mask(w);
    /* Return once every lane of the call has returned. */
    if (!(w->func & w->active & w->live))
        do_return(w);
}

void exec_op_BGNSUB(exec_warp *w, const exec_insn *in)
{
    (void)in;
    /* Reached by falling through the main program: it has ended. */
    w->done = true;
}

void exec_op_ENDSUB(exec_warp *w, const exec_insn *in)
{
    (void)in;
    do_return(w);
}

void exec_op_END(exec_warp *w, const exec_insn *in)
{
    (void)in;
    w->done = true;
}

void exec_op_NOP(exec_warp *w, const exec_insn *in)
{
    (void)w;
    (void)in;
}

/* An unconditional jump of the whole warp, within one block part
 * (tgsi_check.h): the lanes that run it all jump, and the lanes that wait
 * in the block wait on as they would have. */
void exec_op_BRA(exec_warp *w, const exec_insn *in)
{
    w->pc = in->target;
}

/* ---- fragment: kill and demote ---------------------------------------------------- */

static void kill_lanes(exec_warp *w, uint32_t lanes)
{
    w->live &= ~lanes;
    exec_update_mask(w);
    if (!(w->live & w->active))
        w->done = true;
}

void exec_op_KILL(exec_warp *w, const exec_insn *in)
{
    (void)in;
    kill_lanes(w, w->exec);
}

void exec_op_KILP(exec_warp *w, const exec_insn *in)
{
    exec_op_KILL(w, in);
}

void exec_op_KILL_IF(exec_warp *w, const exec_insn *in)
{
    uint32_t k = 0;
    for (unsigned c = 0; c < 4; c++) {
        exec_chan t;
        const exec_chan *v = SRC(0, c, &t);
        for (unsigned l = 0; l < LANES; l++)
            k |= (uint32_t)(v->f[l] < 0.0f) << l;
    }
    kill_lanes(w, w->exec & k);
}

void exec_op_KIL(exec_warp *w, const exec_insn *in)
{
    exec_op_KILL_IF(w, in);
}

void exec_op_DEMOTE(exec_warp *w, const exec_insn *in)
{
    (void)in;
    w->helper |= w->exec;
    w->demoted |= w->exec;
}

/* ---- geometry ------------------------------------------------------------------- */

void exec_op_EMIT(exec_warp *w, const exec_insn *in)
{
    nvgp_exec *m = w->m;
    if (m->processor != TGSI_PROCESSOR_GEOMETRY) {
        exec_fail(w, NVGP_EXEC_ERROR_UNSUPPORTED, "EMIT outside a geometry program");
        return;
    }
    exec_chan t;
    const exec_chan *s = in->num_src ? SRC(0, 0, &t) : NULL; /* none: stream 0 */
    uint32_t lanes = w->exec & ~w->helper;
    for (unsigned l = 0; l < LANES; l++) {
        if (!((lanes >> l) & 1))
            continue;
        uint32_t stream = s ? s->u[l] & 3 : 0;
        /* past GS_MAX_OUTPUT_VERTICES (1024 when the program gives none):
         * dropped */
        if (w->lane_emits[l] >= (m->gs_max_vertices ? m->gs_max_vertices : 1024))
            continue;
        w->lane_emits[l]++;
        if (!exec_emit_vertex(m, w->first_thread + l, (uint8_t)stream,
                              w->prim_count[stream][l], w, l)) {
            exec_fail(w, NVGP_EXEC_ERROR_NOMEM, "out of memory emitting a vertex");
            return;
        }
    }
}

void exec_op_ENDPRIM(exec_warp *w, const exec_insn *in)
{
    exec_chan t;
    const exec_chan *s = in->num_src ? SRC(0, 0, &t) : NULL; /* none: stream 0 */
    for (unsigned l = 0; l < LANES; l++)
        if ((w->exec >> l) & 1)
            w->prim_count[s ? s->u[l] & 3 : 0][l]++;
}

/* ---- synchronisation ------------------------------------------------------------- */

void exec_op_BARRIER(exec_warp *w, const exec_insn *in)
{
    (void)in;
    if (w->m->processor == TGSI_PROCESSOR_COMPUTE)
        w->at_barrier = true;
}

/* Memory fences (MEMBAR and the legacy MFENCE/LFENCE/SFENCE, whose operand
 * names the resource ordered) are no-op ordering points here: the executor's
 * memory model is sequential (every load, store and atomic completes before
 * the next instruction of any warp), so there is nothing left to order.  The
 * host fence only keeps memory the caller may share with other threads in
 * order; the operand is not read. */
static void fence(exec_warp *w, const exec_insn *in)
{
    (void)w;
    (void)in;
    atomic_thread_fence(memory_order_seq_cst);
}

void exec_op_MEMBAR(exec_warp *w, const exec_insn *in) { fence(w, in); }
void exec_op_MFENCE(exec_warp *w, const exec_insn *in) { fence(w, in); }
void exec_op_LFENCE(exec_warp *w, const exec_insn *in) { fence(w, in); }
void exec_op_SFENCE(exec_warp *w, const exec_insn *in) { fence(w, in); }
