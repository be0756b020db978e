/* The fast engine's decoder and warp loop (exec_fast.h).
 *
 * Decode turns each exec_insn into a 32-byte record and picks its handler
 * from the table below by operation and operand shape; instructions it
 * does not specialise keep handler 0 and run through the reference
 * handler.  Consecutive fast records form a straight run: nothing in it
 * jumps, changes the execution mask or fails, so the warp loop charges the
 * instruction budget and the lane count once per run (per basic block of
 * fast instructions) and hands the run to the threaded block runner of the
 * best instruction set the CPU has. */
#include "exec/exec_fast.h"
#include "exec/exec_jit.h"

#include <stdlib.h>

/* The reference handlers, for what the fast engine does not specialise. */
static const exec_handler ref_handlers[TGSI_OPCODE_COUNT] = {
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags) [TGSI_OPCODE_##name] = exec_op_##name,
#include "tgsi/tgsi_opcodes.def"
#undef OP
};

/* One row per specialised opcode: its general handler, its whole-register
 * handlers (V4 and V4A shapes; NONE when it has none), whether its source modifiers
 * are float ones the handlers apply, and whether LEGACY_MATH_RULES changes
 * its result (such instructions stay on the reference handlers there). */
typedef struct fast_row {
    uint16_t op;
    uint8_t general, whole, whole_alias;
    bool float_mods, legacy_mul;
} fast_row;

static const fast_row fast_rows[] = {
    { TGSI_OPCODE_MOV, EXEC_FH_MOV_VG, EXEC_FH_MOV_V4, EXEC_FH_MOV_V4A, true, false },
    { TGSI_OPCODE_ADD, EXEC_FH_ADD_VG, EXEC_FH_ADD_V4, EXEC_FH_ADD_V4A, true, false },
    { TGSI_OPCODE_SUB, EXEC_FH_SUB_VG, EXEC_FH_SUB_V4, EXEC_FH_SUB_V4A, true, false },
    { TGSI_OPCODE_MUL, EXEC_FH_MUL_VG, EXEC_FH_MUL_V4, EXEC_FH_MUL_V4A, true, true },
    { TGSI_OPCODE_MAD, EXEC_FH_MAD_VG, EXEC_FH_MAD_V4, EXEC_FH_MAD_V4A, true, true },
    { TGSI_OPCODE_MIN, EXEC_FH_MIN_VG, EXEC_FH_MIN_V4, EXEC_FH_MIN_V4A, true, false },
    { TGSI_OPCODE_MAX, EXEC_FH_MAX_VG, EXEC_FH_MAX_V4, EXEC_FH_MAX_V4A, true, false },
    { TGSI_OPCODE_SLT, EXEC_FH_SLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SGE, EXEC_FH_SGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SEQ, EXEC_FH_SEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SNE, EXEC_FH_SNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SGT, EXEC_FH_SGT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SLE, EXEC_FH_SLE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_CMP, EXEC_FH_CMP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_LRP, EXEC_FH_LRP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, true },
    { TGSI_OPCODE_AND, EXEC_FH_AND_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_OR, EXEC_FH_OR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_XOR, EXEC_FH_XOR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_UADD, EXEC_FH_UADD_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_FSLT, EXEC_FH_FSLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_FSGE, EXEC_FH_FSGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_FSEQ, EXEC_FH_FSEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_FSNE, EXEC_FH_FSNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_UCMP, EXEC_FH_UCMP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_UMUL, EXEC_FH_UMUL_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_SHL, EXEC_FH_SHL_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_USHR, EXEC_FH_USHR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_NOT, EXEC_FH_NOT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_INEG, EXEC_FH_INEG_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_IMAX, EXEC_FH_IMAX_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_IMIN, EXEC_FH_IMIN_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_UMAX, EXEC_FH_UMAX_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_UMIN, EXEC_FH_UMIN_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_ISLT, EXEC_FH_ISLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_ISGE, EXEC_FH_ISGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_USLT, EXEC_FH_USLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_USGE, EXEC_FH_USGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_USEQ, EXEC_FH_USEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_USNE, EXEC_FH_USNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false },
    { TGSI_OPCODE_DP2, EXEC_FH_DP2_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true },
    { TGSI_OPCODE_DP3, EXEC_FH_DP3_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true },
    { TGSI_OPCODE_DP4, EXEC_FH_DP4_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true },
    { TGSI_OPCODE_DPH, EXEC_FH_DPH_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true },
    { TGSI_OPCODE_RCP, EXEC_FH_RCP_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_RSQ, EXEC_FH_RSQ_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_EX2, EXEC_FH_EX2_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_LG2, EXEC_FH_LG2_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_SIN, EXEC_FH_SIN_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_COS, EXEC_FH_COS_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
    { TGSI_OPCODE_POW, EXEC_FH_POW_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false },
};

static const fast_row *find_row(uint16_t op)
{
    for (size_t i = 0; i < sizeof fast_rows / sizeof fast_rows[0]; i++)
        if (fast_rows[i].op == op)
            return &fast_rows[i];
    return NULL;
}

/* Fills rec for in and returns true when a fast handler can run it. */
static bool decode_one(const nvgp_exec *m, const exec_insn *in, exec_frec *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->op = in->op;
    const fast_row *row = find_row(in->op);
    if (!row || in->num_dst != 1 || in->num_src > 3 || in->always)
        return false;
    if (row->legacy_mul && m->legacy_math)
        return false;
    const exec_operand *d = &in->dst[0];
    /* tess-control outputs are shared by a patch: the reference store
     * copies them to the patch's lanes */
    if (d->loc != EXEC_LOC_WARP ||
        (d->file == TGSI_FILE_OUTPUT && m->processor == TGSI_PROCESSOR_TESS_CTRL))
        return false;
    rec->dfile = d->file;
    rec->doff = d->offset;
    rec->wmask = d->writemask & 0xf;
    rec->nsrc = in->num_src;
    if (in->sat_float)
        rec->flags |= EXEC_FREC_SAT;
    if (d->file == TGSI_FILE_OUTPUT)
        rec->flags |= EXEC_FREC_OUT;
    bool plain = true;
    for (unsigned k = 0; k < in->num_src; k++) {
        const exec_operand *s = &in->src[k];
        if (s->loc == EXEC_LOC_WARP) {
            rec->sfile[k] = s->file;
            if (s->file == d->file && s->offset == d->offset)
                rec->flags |= EXEC_FREC_ALIAS;
        } else if (s->loc == EXEC_LOC_UNIFORM) {
            rec->sfile[k] = TGSI_FILE_IMMEDIATE; /* the uniform block */
        } else {
            return false;
        }
        rec->soff[k] = s->offset;
        for (unsigned c = 0; c < 4; c++)
            rec->swz[k] |= (uint8_t)((s->swz[c] & 3) << (2 * c));
        if (s->neg | s->abs) {
            if (!row->float_mods || s->mod != EXEC_MOD_FLOAT)
                return false;
            rec->smod |= (uint8_t)((s->neg ? 1u : 0u) << k | (s->abs ? 1u : 0u) << (4 + k));
        }
        if (rec->swz[k] != 0xe4 || (s->neg | s->abs))
            plain = false;
    }
    if (!rec->wmask)
        return false;
    plain = plain && rec->wmask == 0xf && !(rec->flags & EXEC_FREC_SAT);
    uint8_t whole = rec->flags & EXEC_FREC_ALIAS ? row->whole_alias : row->whole;
    rec->handler = plain && whole != EXEC_FH_NONE ? whole : row->general;
    return true;
}

bool exec_fast_decode(nvgp_exec *m)
{
    exec_fast *f = calloc(1, sizeof *f);
    if (!f)
        return false;
    f->num = m->num_code;
    f->recs = calloc((size_t)m->num_code + 1, sizeof *f->recs);
    if (!f->recs) {
        free(f);
        return false;
    }
    for (uint32_t i = 0; i < m->num_code; i++)
        f->num_fast += decode_one(m, &m->code[i], &f->recs[i]);
    /* runs, from the end: a run entered anywhere (a jump lands in its
     * middle) goes to its end */
    uint32_t run = 0;
    for (uint32_t i = m->num_code; i-- > 0;) {
        run = f->recs[i].handler ? (run < UINT16_MAX ? run + 1 : UINT16_MAX) : 0;
        f->recs[i].run = (uint16_t)run;
    }
    m->fast = f;
    return true;
}

void exec_fast_free(nvgp_exec *m)
{
    if (m->fast) {
        free(m->fast->recs);
        free(m->fast);
        m->fast = NULL;
    }
}

/* ---- instruction sets ---------------------------------------------------- */

static exec_fast_block_fn pick_block(const char **name)
{
#if defined(NVGP_FAST_X86)
    if (__builtin_cpu_supports("avx512f")) {
        *name = "avx512f";
        return exec_fast_block_avx512;
    }
    if (__builtin_cpu_supports("avx2")) {
        *name = "avx2";
        return exec_fast_block_avx2;
    }
#endif
    *name = "baseline";
    return exec_fast_block_base;
}

const char *exec_fast_isa(void)
{
    const char *name;
    (void)pick_block(&name);
    return name;
}

/* ---- the warp loop --------------------------------------------------------- */

void exec_fast_run_warp(exec_warp *w)
{
    nvgp_exec *m = w->m;
    const exec_frec *recs = m->fast->recs;
    const exec_insn *code = m->code;
    const uint32_t n = m->num_code;
    const uint64_t budget = m->budget;
    const char *isa;
    const exec_fast_block_fn block = pick_block(&isa);
    /* the JIT's compiled regions, per first record (NULL: none) */
    const exec_jit_region_fn *jit = m->engine == EXEC_ENGINE_JIT ? exec_jit_regions(m) : NULL;
    exec_reg *bank[TGSI_FILE_COUNT];
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        bank[f] = w->file[f];
    bank[TGSI_FILE_IMMEDIATE] = m->uregs;
    w->at_barrier = false;
    while (!w->done) {
        uint32_t pc = w->pc;
        if (pc >= n) {
            w->done = true;
            break;
        }
        uint32_t run = recs[pc].run;
        if (run && w->count + run <= budget) {
            /* a straight run of fast records, charged at once */
            uint64_t before = w->count;
            w->count += run;
            w->pc = pc + run;
            if ((before >> 12) != (w->count >> 12) &&
                atomic_load_explicit(&m->stop_thread, memory_order_relaxed) < w->first_thread) {
                w->done = true;
                break;
            }
            if (!w->exec)
                continue;
            if (w->exec == FULL_MASK) {
                w->lane_count += (uint64_t)run * LANES;
                if (jit && jit[pc])
                    jit[pc](bank, w->out_wr, pc);
                else
                    block(w, bank, &recs[pc], run);
            } else {
                w->lane_count += (uint64_t)run * (unsigned)__builtin_popcount(w->exec);
                for (uint32_t i = pc; i < pc + run; i++) {
                    w->pc = i + 1;
                    ref_handlers[code[i].op](w, &code[i]);
                }
            }
            continue;
        }
        /* one instruction as the reference loop (exec_run.c run_warp) runs
         * it: control flow, memory, what the fast handlers do not know, and
         * a run that would cross the budget (so the failure names the same
         * instruction) */
        const exec_insn *in = &code[pc];
        w->pc = pc + 1;
        if (++w->count > budget) {
            exec_fail(w, NVGP_EXEC_ERROR_BUDGET,
                      "instruction budget of %llu exhausted at instruction %u (%s)",
                      (unsigned long long)budget, pc, nvgp_tgsi_opcode_info(in->op)->name);
            break;
        }
        if (!(w->count & 4095) &&
            atomic_load_explicit(&m->stop_thread, memory_order_relaxed) < w->first_thread) {
            w->done = true;
            break;
        }
        if (!w->exec && !in->always)
            continue;
        w->lane_count += w->exec == FULL_MASK ? LANES : (unsigned)__builtin_popcount(w->exec);
        ref_handlers[in->op](w, in);
        if (w->at_barrier)
            break;
    }
}
