/* Unstructured flow control (NV_vertex_program2 BRA/CAL/RET and the ARB
 * NV_vertex_program2 option): the program becomes a per-lane program-counter
 * loop.  Basic blocks start at instruction 0, at every label and after
 * every BRA/CAL/RET/PUSHA/POPA; each block is a CASE of a SWITCH on the
 * lane's block number inside a BGNLOOP, and ends by choosing the next block.
 * The call stack (four entries in VP2.0, NV_vertex_program2 2.14.1.x;
 * MAX_PROGRAM_CALL_DEPTH_NV with the ARB options; shared with PUSHA/POPA)
 * holds block numbers and address registers; a CAL or PUSHA on a full
 * stack, a RET on an empty one, a RET of an address or a POPA of a block
 * number, or a POPA on an empty stack end the program (NV_vertex_program3
 * 2.14.5.43-44).
 *
 * A program ends abnormally after executing MAX_PROGRAM_EXEC_INSTRUCTIONS
 * (65536) source instructions (NV_vertex_program2 2.14.1.x), keeping its
 * results.  Each lane counts the instructions of the blocks it runs: a
 * block that fits under the limit runs as it is; one that does not runs
 * only its first (limit - count) instructions, each under a UIF, and then
 * the program ends.  The branch, last in its block, never runs there.
 * Programs with IF/REP/LOOP (NV_fragment_program2) are not counted: their
 * blocks' lengths are not their executed instructions. */
#include "lower/lower_old.h"
#include "nv/nv_limits.h"

#include <stdlib.h>
#include <string.h>

static tgsi_src of(tgsi_dst d) { return nvgp_tgsi_src_of(d); }
static tgsi_dst mask(tgsi_dst d, unsigned m) { return nvgp_tgsi_dst_writemask(d, m); }
static tgsi_src sc(tgsi_src s, unsigned comp) { return nvgp_tgsi_src_scalar(s, comp); }
static tgsi_src uimm(lower_ctx *c, uint32_t x) { return nvgp_tgsi_build_imm1u(c->b, x); }

static bool is_structured(uint16_t op)
{
    return op == NV_OP_IF || op == NV_OP_REP || op == NV_OP_LOOP;
}

static bool is_branch(uint16_t op)
{
    return op == NV_OP_BRA || op == NV_OP_CAL || op == NV_OP_RET || op == NV_OP_PUSHA || op == NV_OP_POPA;
}

bool lower_needs_pc_loop(const nv_program *p)
{
    for (uint32_t i = 0; i < p->ninsts; i++)
        if (is_branch(p->insts[i].op))
            return true;
    return false;
}

/* m.x = ~0 where the branch is taken (any tested component passes). */
static tgsi_dst taken(lower_ctx *c, const nv_cc_test *t)
{
    if (t->cond == NV_COND_NONE || t->cond == NV_COND_TR) {
        tgsi_dst m = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MOV(c->b, m, uimm(c, t->cond == NV_COND_FL ? 0 : 0xffffffffu));
        return m;
    }
    tgsi_dst m = lower_cc_test(c, t);
    nvgp_tgsi_build_OR(c->b, mask(m, 3), of(m), nvgp_tgsi_src_swizzle(of(m), 2, 3, 2, 3));
    nvgp_tgsi_build_OR(c->b, mask(m, 1), sc(of(m), 0), sc(of(m), 1));
    return m;
}

void lower_unstructured(lower_ctx *c)
{
    const nv_program *p = c->p;
    uint32_t n = p->ninsts;
    uint32_t *block = calloc(n + 1, sizeof *block);
    bool *leader = calloc(n + 1, sizeof *leader);
    if (!block || !leader) {
        lower_error(c, 0, "out of memory");
        free(block);
        free(leader);
        return;
    }
    leader[0] = true;
    uint32_t entry_inst = 0;
    for (uint32_t l = 0; l < p->nlabels; l++) {
        if (p->labels[l].inst <= n)
            leader[p->labels[l].inst] = true;
        if (!strcmp(p->labels[l].name, "main"))
            entry_inst = p->labels[l].inst;
    }
    for (uint32_t i = 0; i < n; i++)
        if (is_branch(p->insts[i].op))
            leader[i + 1] = true;
    uint32_t nb = 0;
    for (uint32_t i = 0; i <= n; i++) {
        if (leader[i] && i < n)
            nb++;
        block[i] = i < n ? nb - 1 : nb;
    }
    /* a label at END (or an empty program) goes to the exit */
    const uint32_t exit_block = nb;

    bool count = true;
    for (uint32_t i = 0; i < n; i++)
        if (is_structured(p->insts[i].op))
            count = false;

    tgsi_dst fl = nvgp_tgsi_build_temp(c->b); /* x: the lane's block; y: instructions executed */
    nvgp_tgsi_build_MOV(c->b, mask(fl, 1), uimm(c, block[entry_inst]));
    if (count)
        nvgp_tgsi_build_MOV(c->b, mask(fl, 2), uimm(c, 0));
    nvgp_tgsi_build_BGNLOOP(c->b);
    nvgp_tgsi_build_SWITCH(c->b, sc(of(fl), 0));
    for (uint32_t i = 0; i < n && !c->failed;) {
        uint32_t k = block[i];
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[i].offset);
        nvgp_tgsi_build_CASE(c->b, uimm(c, k));
        uint32_t j = i;
        while (j < n && block[j] == k && !is_branch(p->insts[j].op))
            j++;
        const uint32_t body_end = j; /* the branch, if any, is at body_end */
        uint32_t len = j - i + (j < n && block[j] == k ? 1 : 0);
        tgsi_dst cnt = {0};
        if (count) {
            /* cnt.x: the count after this block; cnt.y: ~0 where it fits */
            cnt = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_UADD(c->b, mask(cnt, 1), sc(of(fl), 1), uimm(c, len));
            nvgp_tgsi_build_USGE(c->b, mask(cnt, 2), uimm(c, NV_LIMIT_EXEC_INSTRUCTIONS), sc(of(cnt), 0));
            nvgp_tgsi_build_UIF(c->b, sc(of(cnt), 1));
            nvgp_tgsi_build_MOV(c->b, mask(fl, 2), sc(of(cnt), 0));
        }
        for (uint32_t q = i; q < body_end; q++) {
            nvgp_tgsi_builder_set_source_offset(c->b, p->insts[q].offset);
            lower_inst(c, &p->insts[q]);
        }
        uint32_t next = j < n && block[j] == k ? block[j + 1] : block[j];
        if (j < n && block[j] == k) {
            const nv_inst *in = &p->insts[j];
            nvgp_tgsi_builder_set_source_offset(c->b, in->offset);
            /* f.x: ~0 where the instruction ends the program; f.y: the
             * entry RET pops */
            tgsi_dst f = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, mask(f, 3), uimm(c, 0));
            if (in->op == NV_OP_PUSHA || in->op == NV_OP_POPA) {
                c->olds->stack_fail = f;
                lower_inst(c, in);
                nvgp_tgsi_build_MOV(c->b, mask(fl, 1), uimm(c, next));
            } else {
                tgsi_dst m = taken(c, &in->cond);
                tgsi_src mx = sc(of(m), 0);
                if (in->op == NV_OP_BRA || in->op == NV_OP_CAL) {
                    uint32_t target = in->label < p->nlabels && p->labels[in->label].inst <= n
                                          ? block[p->labels[in->label].inst] : exit_block;
                    if (in->op == NV_OP_CAL)
                        lower_stack_push(c, mx, uimm(c, next), false, f);
                    nvgp_tgsi_build_UCMP(c->b, mask(fl, 1), mx, uimm(c, target), uimm(c, next));
                } else {
                    /* RET: the popped block; an empty stack ends the program */
                    lower_stack_pop(c, mx, false, mask(f, 2), f);
                    nvgp_tgsi_build_UCMP(c->b, mask(fl, 1), mx, sc(of(f), 1), uimm(c, next));
                }
                nvgp_tgsi_build_release_temp(c->b, m);
            }
            nvgp_tgsi_build_UCMP(c->b, mask(fl, 1), sc(of(f), 0), uimm(c, exit_block), sc(of(fl), 0));
            nvgp_tgsi_build_release_temp(c->b, f);
            j++;
        } else {
            nvgp_tgsi_build_MOV(c->b, mask(fl, 1), uimm(c, next));
        }
        if (count) {
            /* past the limit: the instructions before it, then the end */
            nvgp_tgsi_builder_set_source_offset(c->b, p->insts[i].offset);
            nvgp_tgsi_build_ELSE(c->b);
            for (uint32_t q = i; q < body_end; q++) {
                /* instruction q runs when count + (q - i) < the limit */
                nvgp_tgsi_builder_set_source_offset(c->b, p->insts[q].offset);
                nvgp_tgsi_build_UADD(c->b, mask(cnt, 1), sc(of(fl), 1), uimm(c, q - i));
                nvgp_tgsi_build_USLT(c->b, mask(cnt, 2), sc(of(cnt), 0), uimm(c, NV_LIMIT_EXEC_INSTRUCTIONS));
                nvgp_tgsi_build_UIF(c->b, sc(of(cnt), 1));
                lower_inst(c, &p->insts[q]);
                nvgp_tgsi_build_ENDIF(c->b);
            }
            nvgp_tgsi_build_MOV(c->b, mask(fl, 1), uimm(c, exit_block));
            nvgp_tgsi_build_MOV(c->b, mask(fl, 2), uimm(c, NV_LIMIT_EXEC_INSTRUCTIONS));
            nvgp_tgsi_build_ENDIF(c->b);
            nvgp_tgsi_build_release_temp(c->b, cnt);
        }
        nvgp_tgsi_build_BRK(c->b);
        i = j;
    }
    nvgp_tgsi_builder_set_source_offset(c->b, p->end_offset);
    nvgp_tgsi_build_ENDSWITCH(c->b);
    tgsi_dst e = nvgp_tgsi_build_temp(c->b);
    nvgp_tgsi_build_USEQ(c->b, mask(e, 1), sc(of(fl), 0), uimm(c, exit_block));
    nvgp_tgsi_build_UIF(c->b, sc(of(e), 0));
    nvgp_tgsi_build_BRK(c->b);
    nvgp_tgsi_build_ENDIF(c->b);
    nvgp_tgsi_build_ENDLOOP(c->b);
    free(block);
    free(leader);
}

/* ---- Subroutines around IF/REP/LOOP blocks (NV_fragment_program2) ----------------
 *
 * Blocks cannot straddle the program-counter loop's cases, so programs with
 * CAL/RET and IF/REP/LOOP (ARB fragment programs with NV_fragment_program2,
 * which has no BRA) become TGSI subroutines.  Execution runs on past a
 * label (NV_fragment_program2: labels do not end subroutines), so the main
 * program and each label's subroutine run from their first instruction to
 * the end of the program text; falling off its end ends the program, also
 * inside a subroutine.  Per lane, calls.x counts the call depth; a CAL with
 * MAX_PROGRAM_CALL_DEPTH_NV calls active sets calls.y and returns, and
 * every caller returns on while calls.y is set.  The main program is a
 * subroutine too, so RET on an empty call stack (the end of the program)
 * is a TGSI RET.  Labels must stand outside blocks; a recursive program
 * must not call inside REP/LOOP blocks (their counters would be shared
 * between the active calls). */

static bool is_block_start(uint16_t op) { return op == NV_OP_IF || op == NV_OP_REP || op == NV_OP_LOOP; }
static bool is_block_end(uint16_t op) { return op == NV_OP_ENDIF || op == NV_OP_ENDREP || op == NV_OP_ENDLOOP; }

bool lower_calls_structured(const nv_program *p)
{
    bool calls = false, blocks = false;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        uint16_t op = p->insts[i].op;
        if (op == NV_OP_BRA || op == NV_OP_PUSHA || op == NV_OP_POPA)
            return false;
        calls |= op == NV_OP_CAL || op == NV_OP_RET;
        blocks |= is_structured(op);
    }
    return calls && blocks;
}

typedef struct sub_calls {
    const nv_program *p;
    uint8_t *state; /* per label: 0 unvisited, 1 on the path, 2 done */
} sub_calls;

/* Whether a call chain starting with the code from instruction first comes
 * back to a subroutine on the path. */
static bool calls_cycle(sub_calls *w, uint32_t first)
{
    const nv_program *p = w->p;
    for (uint32_t i = first; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->op != NV_OP_CAL || in->label >= p->nlabels)
            continue;
        uint32_t l = in->label;
        if (w->state[l] == 1)
            return true;
        if (w->state[l] == 0) {
            w->state[l] = 1;
            if (calls_cycle(w, p->labels[l].inst))
                return true;
            w->state[l] = 2;
        }
    }
    return false;
}

static void sub_body(lower_ctx *c, uint32_t first, bool is_main, tgsi_dst calls, const uint32_t *tlabel)
{
    const nv_program *p = c->p;
    for (uint32_t i = first; i < p->ninsts && !c->failed; i++) {
        const nv_inst *in = &p->insts[i];
        nvgp_tgsi_builder_set_source_offset(c->b, in->offset);
        if (in->op != NV_OP_CAL && in->op != NV_OP_RET) {
            lower_inst(c, in);
            continue;
        }
        bool cond = in->cond.cond != NV_COND_NONE && in->cond.cond != NV_COND_TR;
        if (cond) {
            tgsi_dst m = taken(c, &in->cond);
            nvgp_tgsi_build_UIF(c->b, sc(of(m), 0));
            nvgp_tgsi_build_release_temp(c->b, m);
        }
        if (in->op == NV_OP_RET) {
            nvgp_tgsi_build_RET(c->b);
        } else if (in->label >= p->nlabels) {
            lower_error(c, in->offset, "CAL names no label");
        } else {
            lower_call_depth_guard(c, calls);
            lower_call_counted(c, calls, tlabel[in->label]);
            lower_return_if_ended(c, calls);
            lower_reload_loop_index(c);
        }
        if (cond)
            nvgp_tgsi_build_ENDIF(c->b);
    }
    nvgp_tgsi_builder_set_source_offset(c->b, p->end_offset);
    if (!is_main) /* the end of the program text ends the program */
        nvgp_tgsi_build_MOV(c->b, mask(calls, 2), uimm(c, 0xffffffffu));
}

void lower_structured_calls(lower_ctx *c)
{
    const nv_program *p = c->p;
    uint32_t n = p->ninsts;
    int32_t *depth = calloc(n + 1, sizeof *depth);
    uint32_t *tlabel = calloc(p->nlabels + 1, sizeof *tlabel);
    uint8_t *state = calloc(p->nlabels + 1, 1);
    if (!depth || !tlabel || !state) {
        lower_error(c, 0, "out of memory");
        goto out;
    }
    /* depth[i]: blocks open before instruction i */
    bool call_in_loop = false;
    int32_t d = 0, loops = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t op = p->insts[i].op;
        depth[i] = d;
        if (op == NV_OP_CAL && loops > 0)
            call_in_loop = true;
        d += is_block_start(op) - is_block_end(op);
        loops += (op == NV_OP_REP || op == NV_OP_LOOP) - (op == NV_OP_ENDREP || op == NV_OP_ENDLOOP);
    }
    depth[n] = d;
    uint32_t entry = 0;
    for (uint32_t l = 0; l < p->nlabels && !c->failed; l++) {
        uint32_t at = p->labels[l].inst <= n ? p->labels[l].inst : n;
        if (depth[at] != 0)
            lower_error(c, p->labels[l].offset, "a label inside an IF, REP or LOOP block has no TGSI translation");
        if (!strcmp(p->labels[l].name, "main"))
            entry = at;
    }
    sub_calls w = {p, state};
    if (!c->failed && call_in_loop) {
        if (calls_cycle(&w, entry))
            lower_error(c, p->insts[0].offset, "a recursive program calling inside REP or LOOP blocks has no TGSI "
                                               "translation yet");
    }
    /* each entry translates the rest of the text: bound the total */
    uint64_t total = n - (entry < n ? entry : n);
    for (uint32_t l = 0; l < p->nlabels; l++)
        total += n - (p->labels[l].inst < n ? p->labels[l].inst : n);
    if (!c->failed && total > 4u * NV_LIMIT_PROGRAM_INSTRUCTIONS)
        lower_error(c, p->end_offset, "subroutines spanning %llu instructions in all have no TGSI translation",
                    (unsigned long long)total);
    if (c->failed)
        goto out;
    c->olds->keep_loop_counters = true;
    nvgp_tgsi_builder_set_source_offset(c->b, n ? p->insts[entry < n ? entry : 0].offset : p->end_offset);
    tgsi_dst calls = nvgp_tgsi_build_temp(c->b); /* x: call depth; y: ~0 once the program ended */
    nvgp_tgsi_build_MOV(c->b, mask(calls, 3), uimm(c, 0));
    uint32_t main_label = nvgp_tgsi_build_label(c->b);
    for (uint32_t l = 0; l < p->nlabels; l++)
        tlabel[l] = nvgp_tgsi_build_label(c->b);
    nvgp_tgsi_build_cal(c->b, main_label);
    nvgp_tgsi_builder_set_source_offset(c->b, p->end_offset);
    nvgp_tgsi_build_END(c->b);
    nvgp_tgsi_build_bgnsub(c->b, main_label);
    sub_body(c, entry, true, calls, tlabel);
    nvgp_tgsi_build_ENDSUB(c->b);
    for (uint32_t l = 0; l < p->nlabels && !c->failed; l++) {
        nvgp_tgsi_builder_set_source_offset(c->b, p->labels[l].offset);
        nvgp_tgsi_build_bgnsub(c->b, tlabel[l]);
        sub_body(c, p->labels[l].inst <= n ? p->labels[l].inst : n, false, calls, tlabel);
        nvgp_tgsi_build_ENDSUB(c->b);
    }
out:
    free(depth);
    free(tlabel);
    free(state);
}
