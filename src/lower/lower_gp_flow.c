/* NV_gpu_program4/5 flow control (NV_gpu_program4 2.X.5 and the IF, ELSE,
 * ENDIF, REP, ENDREP, BRK, CONT, CAL, RET sections; CALI and SUBROUTINE
 * variables of ARB_shader_subroutine) (lower_gp.h).
 *
 * The 4.0/5.0 languages have structured flow only (no BRA), so IF/REP map
 * onto UIF/BGNLOOP and subroutines onto TGSI subroutines: every label
 * starts one, which ends at the next label or END, and reaching its end
 * returns (2.X.8 CAL: "as though an unconditional RET were inserted
 * immediately before the instruction label").  The entry ("main" label,
 * else the first instruction) is TGSI's main program; RET there ends the
 * lanes that execute it, as TGSI RET does.  Where the call graph can
 * recurse or nest beyond MAX_PROGRAM_CALL_DEPTH_NV, the depth is counted
 * per lane: a CAL while that many calls are open ends the program for the
 * lanes taking it (the spec leaves it undefined), and each call saves the
 * counters of the REP blocks open around it; elsewhere a CAL is a CAL.  CALI
 * compares its SUBROUTINE parameter (a CONST register per
 * program.subroutine[n] in the binding map) with each SUBROUTINENUM. */
#include "lower/lower_gp.h"

#include "nv/nv_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

/* ---- Conditions ------------------------------------------------------------- */

/* UIF on "any of the tested components passes"; false (nothing emitted)
 * when the test always passes. */
static bool begin_if_any(lower_ctx *c, const nv_cc_test *t)
{
    if (t->cond == NV_COND_NONE || t->cond == NV_COND_TR)
        return false;
    tgsi_dst m = lower_gp_cc_any(c, t);
    nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
    nvgp_tgsi_build_release_temp(c->b, m);
    return true;
}

/* in->cond's instruction body (BRK, CONT, RET, a call) runs inside
 * begin_flow ... end_flow; begin_flow is false when the test never passes. */
static bool begin_flow(lower_ctx *c, const nv_inst *in, bool *opened)
{
    *opened = false;
    if (in->cond.cond == NV_COND_FL)
        return false;
    *opened = begin_if_any(c, &in->cond);
    return true;
}

static void end_flow(lower_ctx *c, bool opened)
{
    if (opened)
        nvgp_tgsi_build_ENDIF(c->b);
}

/* ---- IF / ELSE / ENDIF, BRK / CONT / RET ------------------------------------------ */

static void gp_if(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    tgsi_dst m = lower_gp_cc_any(c, &in->cond);
    nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
    nvgp_tgsi_build_release_temp(c->b, m);
}

/* ELSE, ENDIF and the plain BRK/CONT/RET: the row's TGSI opcode, inside a
 * UIF when the instruction has a condition. */
static void gp_flow0(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)t;
    bool opened;
    if (!begin_flow(c, in, &opened))
        return;
    nvgp_tgsi_build_insn(c->b, (tgsi_opcode)row->op[LT_F32], NULL, 0, NULL, 0);
    end_flow(c, opened);
}

/* ---- REP / ENDREP ---------------------------------------------------------------- */

/* REP's loop count (x of the operand, of the instruction's type) as an
 * unsigned number of iterations in n.x: floats are floored, and counts
 * that are not positive (NaN included) run no iteration.  Counts beyond
 * what n.x holds (2^32 - 256 for F32, 2^32 - 1 for 64-bit types) run that
 * many times, which no program lives to see. */
static void rep_count64(lower_ctx *c, const nv_inst *in, lower_type t, tgsi_dst n)
{
    lower_gp64 v = lower_gp_src64(c, &in->src[0], t);
    tgsi_src s = nvgp_tgsi_src_swizzle(v.half[0], 0, 1, 0, 1); /* NV x: the pair xy */
    tgsi_dst x = mask(n, 1), y = mask(n, 2);
    if (t == LT_F64) {
        /* DSLT and D2U write the result of pair xy to x */
        tgsi_dst d = nvgp_tgsi_build_temp(c->b), p = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_DFLR(c->b, mask(d, 3), s);
        nvgp_tgsi_build_DSLT(c->b, mask(p, 1), nvgp_tgsi_build_imm1d(c->b, 0.0), of(d));
        nvgp_tgsi_build_MOV(c->b, y, sc(of(p), 0));
        nvgp_tgsi_build_DMIN(c->b, mask(d, 3), of(d), nvgp_tgsi_build_imm1d(c->b, 4294967295.0));
        nvgp_tgsi_build_D2U(c->b, x, of(d));
        nvgp_tgsi_build_release_temp(c->b, p);
        nvgp_tgsi_build_release_temp(c->b, d);
    } else {
        /* the low word, or 2^32 - 1 when the high word is set; S64: 0
         * when negative */
        nvgp_tgsi_build_USNE(c->b, y, sc(s, 1), uimm(c, 0));
        nvgp_tgsi_build_UCMP(c->b, x, sc(of(n), 1), uimm(c, 0xffffffffu), sc(s, 0));
        nvgp_tgsi_build_MOV(c->b, y, uimm(c, 0xffffffffu));
        if (t == LT_S64)
            nvgp_tgsi_build_ISGE(c->b, y, sc(s, 1), nvgp_tgsi_build_imm1i(c->b, 0));
    }
    nvgp_tgsi_build_AND(c->b, x, sc(of(n), 0), sc(of(n), 1));
    lower_gp_release64(c, &v);
}

static bool rep_count(lower_ctx *c, const nv_inst *in, lower_type t, tgsi_dst n)
{
    if (lower_type_is_64(t)) {
        rep_count64(c, in, t, n);
        return true;
    }
    tgsi_src s = sc(lower_gp_src(c, &in->src[0], t), 0);
    tgsi_dst x = mask(n, 1), y = mask(n, 2);
    if (t == LT_F32) {
        nvgp_tgsi_build_FLR(c->b, x, s);
        nvgp_tgsi_build_FSLT(c->b, y, nvgp_tgsi_build_imm1f(c->b, 0.0f), sc(of(n), 0));
        nvgp_tgsi_build_MIN(c->b, x, sc(of(n), 0), nvgp_tgsi_build_imm1f(c->b, 4294967040.0f));
        nvgp_tgsi_build_F2U(c->b, x, sc(of(n), 0));
        nvgp_tgsi_build_AND(c->b, x, sc(of(n), 0), sc(of(n), 1));
    } else if (t == LT_S32) {
        nvgp_tgsi_build_IMAX(c->b, x, s, nvgp_tgsi_build_imm1i(c->b, 0));
    } else {
        nvgp_tgsi_build_MOV(c->b, x, s);
    }
    return true;
}

/* REP [count]: the count is tested and decremented at the top of each
 * iteration, which is ENDREP's "decrement, loop while positive" seen from
 * the next iteration, so CONT (to the top) counts too. */
static void gp_rep(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    int32_t k = lower_loops_open(c, &c->gps->loops, in, in->nsrc > 0, false);
    if (k < 0)
        return;
    if (in->nsrc == 0) {
        nvgp_tgsi_build_BGNLOOP(c->b);
        return;
    }
    tgsi_dst n = nvgp_tgsi_build_temp(c->b);
    c->gps->loops.counter[k] = n;
    if (!rep_count(c, in, t, n))
        return;
    nvgp_tgsi_build_BGNLOOP(c->b);
    nvgp_tgsi_build_USEQ(c->b, mask(n, 2), sc(of(n), 0), uimm(c, 0));
    nvgp_tgsi_build_UIF(c->b, sc(of(n), 1));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_UADD(c->b, mask(n, 1), sc(of(n), 0), uimm(c, 0xffffffffu));
}

static void gp_endrep(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    if (c->gps->loops.n == 0) {
        lower_error(c, in->offset, "ENDREP without its REP");
        return;
    }
    uint32_t k = --c->gps->loops.n;
    nvgp_tgsi_build_ENDLOOP(c->b);
    /* subroutines are emitted after their callers: a counter released
     * here could be handed to a subroutine called inside the loop */
    if (c->gps->loops.has_counter[k] && !c->gps->subs)
        nvgp_tgsi_build_release_temp(c->b, c->gps->loops.counter[k]);
}

/* ---- Subroutines ------------------------------------------------------------------ */

/* While lower_gp_program runs (lower_gp.subs). */
struct lower_gp_subs {
    uint32_t *label;     /* TGSI label of each nv_label */
    uint32_t *end;       /* each nv_label's subroutine: instructions [inst, end) */
    /* recursion, or more nested calls than MAX_PROGRAM_CALL_DEPTH_NV, is
     * possible: calls check the depth, and save the counters of the REP
     * blocks open around them, which another activation of the same
     * subroutine would reuse */
    bool guard;
    bool has_save;
    tgsi_dst save;       /* TEMP array: element d holds the counters saved by a call at depth d */
    tgsi_dst save_addr;
};

enum { SAVED_COUNTERS = 4 }; /* counted REP blocks open around a call of a recursive program */

/* Call-graph walk: the most nested calls instructions [first, end) can
 * make; stops (setting *deep) past the call-depth limit or on recursion,
 * so the walk itself stays shallow. */
typedef struct call_walk {
    const nv_program *p;
    const uint32_t *end; /* lower_gp_subs.end */
    uint8_t *state;      /* per label: 0 unseen, 1 on the walk, 2 done */
    uint32_t *depth;     /* per label when done */
    bool deep;
} call_walk;

static uint32_t label_depth(call_walk *w, uint32_t l, uint32_t level);

static uint32_t calls_in(call_walk *w, uint32_t first, uint32_t end, uint32_t level)
{
    const nv_program *p = w->p;
    uint32_t most = 0;
    for (uint32_t i = first; i < end && !w->deep; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->op != NV_OP_CAL && in->op != NV_OP_CALI)
            continue;
        /* CAL: its label; CALI: every numbered label */
        uint32_t l = in->op == NV_OP_CAL ? in->label : 0, last = in->op == NV_OP_CAL ? in->label + 1 : p->nlabels;
        for (; l < last && l < p->nlabels && !w->deep; l++) {
            if (in->op == NV_OP_CALI && p->labels[l].subroutine_num < 0)
                continue;
            uint32_t d = 1 + label_depth(w, l, level + 1);
            most = d > most ? d : most;
        }
    }
    if (most > NV_LIMIT_PROGRAM_CALL_DEPTH)
        w->deep = true;
    return most;
}

static uint32_t label_depth(call_walk *w, uint32_t l, uint32_t level)
{
    if (w->state[l] == 2)
        return w->depth[l];
    if (w->state[l] == 1 || level > NV_LIMIT_PROGRAM_CALL_DEPTH) {
        w->deep = true;
        return 0;
    }
    w->state[l] = 1;
    uint32_t d = calls_in(w, w->p->labels[l].inst, w->end[l], level);
    w->state[l] = 2;
    w->depth[l] = d;
    return d;
}

/* Whether calls must count their depth: the main program (instructions
 * [first, end)) may recurse or nest too deeply. */
static bool calls_need_guard(lower_ctx *c, const uint32_t *label_end, uint32_t first, uint32_t end)
{
    call_walk w = {c->p, label_end, calloc(c->p->nlabels + 1, 1), calloc(c->p->nlabels + 1, sizeof(uint32_t)),
                   false};
    if (!w.state || !w.depth)
        w.deep = true; /* out of memory: the safe form */
    else
        calls_in(&w, first, end, 0);
    free(w.state);
    free(w.depth);
    return w.deep;
}

/* Saves (restore false) or restores the counters of the REP blocks open
 * around a call, in the save array's element of the current depth. */
static void save_counters(lower_ctx *c, bool restore, uint32_t offset)
{
    struct lower_gp_subs *s = c->gps->subs;
    unsigned n = 0;
    for (uint32_t j = 0; j < c->gps->loops.n; j++)
        n += c->gps->loops.has_counter[j];
    if (n == 0)
        return;
    if (n > SAVED_COUNTERS) {
        lower_error(c, offset, "a call inside more than %d counted REP blocks of a recursive program has no TGSI "
                          "translation yet", SAVED_COUNTERS);
        return;
    }
    if (!s->has_save) {
        s->save = nvgp_tgsi_build_temp_array(c->b, NV_LIMIT_PROGRAM_CALL_DEPTH + 1, NULL);
        s->save_addr = nvgp_tgsi_build_address(c->b);
        s->has_save = true;
    }
    nvgp_tgsi_build_UARL(c->b, mask(s->save_addr, 1), sc(of(c->gps->calls), 0));
    tgsi_src a = sc(of(s->save_addr), 0);
    unsigned k = 0;
    for (uint32_t j = 0; j < c->gps->loops.n; j++) {
        if (!c->gps->loops.has_counter[j])
            continue;
        tgsi_dst slot = nvgp_tgsi_dst_indirect(mask(s->save, 1u << k), a, 0);
        if (restore)
            nvgp_tgsi_build_MOV(c->b, mask(c->gps->loops.counter[j], 1), sc(of(slot), k));
        else
            nvgp_tgsi_build_MOV(c->b, slot, sc(of(c->gps->loops.counter[j]), 0));
        k++;
    }
}

/* One call of TGSI label `label` in the lanes running this code.  With
 * the guard, a full stack ends their program (RET up to the main
 * program); otherwise the depth is counted around the CAL, and lanes whose
 * program a deeper call ended return on. */
static void call(lower_ctx *c, uint32_t label, uint32_t offset)
{
    if (!c->gps->subs->guard) {
        nvgp_tgsi_build_cal(c->b, label);
        return;
    }
    tgsi_dst k = c->gps->calls;
    lower_call_depth_guard(c, k);
    save_counters(c, false, offset);
    lower_call_counted(c, k, label);
    save_counters(c, true, offset);
    lower_return_if_ended(c, k);
}

static void gp_cal(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    if (in->label >= c->p->nlabels || !c->gps->subs) {
        lower_error(c, in->offset, "CAL names no label");
        return;
    }
    bool opened;
    if (!begin_flow(c, in, &opened))
        return;
    call(c, c->gps->subs->label[in->label], in->offset);
    end_flow(c, opened);
}

/* The SUBROUTINE variable's program.subroutine[n] values: one CONST
 * register per element, named as the binding map names parameters
 * (x holds the SUBROUTINENUM). */
static tgsi_src subroutine_var_reg(lower_ctx *c, uint32_t var)
{
    if (c->var_has[var])
        return c->var_reg[var];
    /* one CONST register per element, in array order; each listed item
     * ({ program.subroutine[3], program.subroutine[0..1] }) keeps its own
     * numbers */
    const nv_var *v = &c->p->vars[var];
    int32_t first = c->next_const;
    uint32_t n = 0;
    for (uint32_t k = 0; k < v->nbindings; k++) {
        const nv_binding *bd = &v->bindings[k];
        uint32_t count = bd->count ? bd->count : 1;
        for (uint32_t i = 0; i < count; i++, n++) {
            char name[64];
            snprintf(name, sizeof name, "program.subroutine[%d]", bd->index + (int32_t)i);
            lower_map_add_vertex(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, -1, first + (int32_t)n, name, NULL);
        }
    }
    if (n == 0)
        n = 1;
    c->next_const += (int32_t)n;
    nvgp_tgsi_build_constant(c->b, first + (int32_t)n - 1);
    tgsi_src r = nvgp_tgsi_build_constant(c->b, first);
    c->var_has[var] = true;
    c->var_reg[var] = r;
    return r;
}

/* CALI (ARB_shader_subroutine): the call of the label whose SUBROUTINENUM
 * the variable holds, one UIF per numbered label; a value that numbers no
 * label calls nothing. */
static void gp_cali(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t)
{
    (void)row;
    (void)t;
    const nv_program *p = c->p;
    if (in->label >= p->nvars || p->vars[in->label].kind != NV_VAR_SUBROUTINE || !c->gps->subs || !c->gps->has_calls) {
        lower_error(c, in->offset, "CALI names no SUBROUTINE variable");
        return;
    }
    bool opened;
    if (!begin_flow(c, in, &opened))
        return;
    tgsi_src r = subroutine_var_reg(c, in->label);
    if (in->src[0].has_rel)
        r = nvgp_tgsi_src_indirect(r, lower_gp_rel_addr(c, &in->src[0].rel, in->offset), 0);
    r.reg.index += in->src[0].index;
    /* the value is read once, into gp_calls.z (a called subroutine may
     * reload the address register or reuse released temporaries) */
    tgsi_dst k = c->gps->calls;
    nvgp_tgsi_build_MOV(c->b, mask(k, 4), sc(r, 0));
    for (uint32_t l = 0; l < p->nlabels; l++) {
        if (p->labels[l].subroutine_num < 0)
            continue;
        tgsi_dst m = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_USEQ(c->b, mask(m, 1), sc(of(k), 2), uimm(c, (uint32_t)p->labels[l].subroutine_num));
        nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
        nvgp_tgsi_build_release_temp(c->b, m);
        call(c, c->gps->subs->label[l], in->offset);
        nvgp_tgsi_build_ENDIF(c->b);
    }
    end_flow(c, opened);
}

#define FLOW0(tg) {gp_flow0, {TGSI_OPCODE_##tg, 0, 0, 0, 0, 0}, LGP_COND}
const lower_gp_row lower_gp_flow_rows[NV_OP_COUNT] = {
    [NV_OP_IF] = {gp_if, {0}, LGP_COND},
    [NV_OP_ELSE] = FLOW0(ELSE),
    [NV_OP_ENDIF] = FLOW0(ENDIF),
    [NV_OP_REP] = {gp_rep, {0}, 0},
    [NV_OP_ENDREP] = {gp_endrep, {0}, 0},
    [NV_OP_BRK] = FLOW0(BRK),
    [NV_OP_CONT] = FLOW0(CONT),
    [NV_OP_RET] = FLOW0(RET),
    [NV_OP_CAL] = {gp_cal, {0}, LGP_COND},
    [NV_OP_CALI] = {gp_cali, {0}, LGP_COND},
};
#undef FLOW0

/* ---- The program's layout ------------------------------------------------------------ */

/* Instructions [first, end) of one subroutine (or the main program); its
 * IF and REP blocks must close inside it (subroutines may not overlap). */
static void emit_body(lower_ctx *c, uint32_t first, uint32_t end, uint32_t offset)
{
    const nv_program *p = c->p;
    int32_t depth = 0;
    for (uint32_t i = first; i < end; i++) {
        uint16_t op = p->insts[i].op;
        depth += op == NV_OP_IF || op == NV_OP_REP;
        depth -= op == NV_OP_ENDIF || op == NV_OP_ENDREP;
        if (depth < 0)
            break;
    }
    if (depth != 0) {
        lower_error(c, offset, "an IF or REP block crosses a subroutine label");
        return;
    }
    for (uint32_t i = first; i < end && !c->failed; i++) {
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[i].offset);
        lower_inst(c, &p->insts[i]);
    }
}

/* A label where it is written: its instruction, then its text offset. */
typedef struct label_pos {
    uint32_t inst, offset, label;
} label_pos;

static int label_pos_cmp(const void *a, const void *b)
{
    const label_pos *x = a, *y = b;
    if (x->inst != y->inst)
        return x->inst < y->inst ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static uint32_t order_inst(const nv_program *p, uint32_t l, uint32_t n)
{
    return p->labels[l].inst < n ? p->labels[l].inst : n;
}

static bool has_ret(const nv_program *p, uint32_t first, uint32_t end)
{
    for (uint32_t i = first; i < end; i++)
        if (p->insts[i].op == NV_OP_RET)
            return true;
    return false;
}

void lower_gp_program(lower_ctx *c)
{
    const nv_program *p = c->p;
    uint32_t nl = p->nlabels, n = p->ninsts;
    /* a passthrough geometry program ends by emitting its primitive
     * (lower_gp_bind_end), which RET in the main program must not skip */
    bool has_end = p->stage == NV_STAGE_GEOMETRY && nv_program_is_passthrough(p);
    if (nl == 0 && !(has_end && has_ret(p, 0, n))) {
        emit_body(c, 0, n, 0);
        if (!c->failed)
            lower_gp_bind_end(c);
        return;
    }
    /* labels are numbered as first named (a CAL may name one before it is
     * written): order them as written */
    uint32_t *ids = calloc(nl + 1, sizeof *ids), *ends = calloc(nl + 1, sizeof *ends);
    label_pos *order = calloc(nl + 1, sizeof *order);
    if (!ids || !ends || !order) {
        lower_error(c, 0, "out of memory");
        free(ids);
        free(ends);
        free(order);
        return;
    }
    uint32_t entry = nl; /* the "main" label, or nl: the first instruction */
    for (uint32_t l = 0; l < nl; l++) {
        ids[l] = nvgp_tgsi_build_label(c->b);
        order[l] = (label_pos){p->labels[l].inst < n ? p->labels[l].inst : n, p->labels[l].offset, l};
        if (!strcmp(p->labels[l].name, "main"))
            entry = l;
    }
    qsort(order, nl, sizeof *order, label_pos_cmp);
    for (uint32_t k = 0; k < nl; k++)
        ends[order[k].label] = k + 1 < nl ? order[k + 1].inst : n;
    uint32_t first_label_inst = nl ? order[0].inst : n;
    uint32_t first = entry < nl ? order_inst(p, entry, n) : 0;
    uint32_t end = entry < nl ? ends[entry] : first_label_inst;
    uint32_t entry_offset = entry < nl ? p->labels[entry].offset : 0;
    /* the main program runs as a subroutine behind one CAL when it is also
     * called, or when its RET must return to the end-of-program emission */
    bool wrap = has_end && has_ret(p, first, end), cali = false;
    for (uint32_t i = 0; i < n; i++) {
        cali |= p->insts[i].op == NV_OP_CALI;
        wrap |= entry < nl && ((p->insts[i].op == NV_OP_CAL && p->insts[i].label == entry) ||
                               (p->insts[i].op == NV_OP_CALI && p->labels[entry].subroutine_num >= 0));
    }
    if (entry == nl)
        ids[nl] = nvgp_tgsi_build_label(c->b);
    struct lower_gp_subs subs;
    memset(&subs, 0, sizeof subs);
    subs.label = ids;
    subs.end = ends;
    subs.guard = calls_need_guard(c, ends, first, end);
    c->gps->subs = &subs;
    nvgp_tgsi_builder_set_source_offset(c->b, entry_offset);
    if (subs.guard || cali) {
        c->gps->calls = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MOV(c->b, mask(c->gps->calls, 3), uimm(c, 0));
        c->gps->has_calls = true;
    }
    if (wrap)
        nvgp_tgsi_build_cal(c->b, ids[entry]); /* not counted: the call stack is empty in main */
    else
        emit_body(c, first, end, entry_offset);
    /* the bindings' last instructions end the main program (tessellation
     * levels are copied where they are written, lower_gp_bind_level_written) */
    nvgp_tgsi_builder_set_source_offset(c->b, p->end_offset);
    if (!c->failed)
        lower_gp_bind_end(c);
    nvgp_tgsi_build_END(c->b);
    for (uint32_t k = 0; k <= nl && !c->failed; k++) {
        /* the labels' subroutines as written, then (k == nl) a wrapped
         * unlabelled main program */
        uint32_t l = k < nl ? order[k].label : nl;
        if ((l == entry && !wrap) || (l == nl && entry < nl))
            continue;
        uint32_t f = l < nl ? order[k].inst : first, e = l < nl ? ends[l] : end;
        uint32_t off = l < nl ? p->labels[l].offset : entry_offset;
        nvgp_tgsi_builder_set_source_offset(c->b, off);
        nvgp_tgsi_build_bgnsub(c->b, ids[l]);
        emit_body(c, f, e, off);
        nvgp_tgsi_builder_set_source_offset(c->b, k + 1 < nl ? order[k + 1].offset : p->end_offset);
        nvgp_tgsi_build_ENDSUB(c->b);
    }
    /* instructions before the first label of a program with a "main"
     * label are never executed; translated anyway, as an uncalled
     * subroutine, so that they are checked like the rest */
    if (entry < nl && first_label_inst > 0 && !c->failed) {
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[0].offset);
        nvgp_tgsi_build_bgnsub(c->b, nvgp_tgsi_build_label(c->b));
        emit_body(c, 0, first_label_inst, p->insts[0].offset);
        nvgp_tgsi_build_ENDSUB(c->b);
    }
    c->gps->subs = NULL;
    free(ids);
    free(ends);
    free(order);
}
