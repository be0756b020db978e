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

/* One row per specialised opcode: its general handler, its whole-register
 * handlers (V4 and V4A shapes; NONE when it has none), whether its source modifiers
 * are float ones the handlers apply, and whether LEGACY_MATH_RULES changes
 * its result (such instructions stay on the reference handlers there). */
typedef struct fast_row {
    uint16_t op;
    uint8_t general, whole, whole_alias;
    bool float_mods, legacy_mul;
    uint8_t d64;          /* D64_*: a double operation (D shape) */
} fast_row;

/* Double rows: their modifiers are the 64-bit kind (the high word's sign),
 * they do not saturate (the reference stores pairs unsaturated; the
 * comparisons' saturation stays with it), and a comparison writes only x
 * and z (a 32-bit result a pair). */
enum { D64_NONE, D64_PAIR, D64_CMP };

static const fast_row fast_rows[] = {
    { TGSI_OPCODE_MOV, EXEC_FH_MOV_VG, EXEC_FH_MOV_V4, EXEC_FH_MOV_V4A, true, false, D64_NONE },
    { TGSI_OPCODE_ADD, EXEC_FH_ADD_VG, EXEC_FH_ADD_V4, EXEC_FH_ADD_V4A, true, false, D64_NONE },
    { TGSI_OPCODE_SUB, EXEC_FH_SUB_VG, EXEC_FH_SUB_V4, EXEC_FH_SUB_V4A, true, false, D64_NONE },
    { TGSI_OPCODE_MUL, EXEC_FH_MUL_VG, EXEC_FH_MUL_V4, EXEC_FH_MUL_V4A, true, true, D64_NONE },
    { TGSI_OPCODE_MAD, EXEC_FH_MAD_VG, EXEC_FH_MAD_V4, EXEC_FH_MAD_V4A, true, true, D64_NONE },
    { TGSI_OPCODE_MIN, EXEC_FH_MIN_VG, EXEC_FH_MIN_V4, EXEC_FH_MIN_V4A, true, false, D64_NONE },
    { TGSI_OPCODE_MAX, EXEC_FH_MAX_VG, EXEC_FH_MAX_V4, EXEC_FH_MAX_V4A, true, false, D64_NONE },
    { TGSI_OPCODE_SLT, EXEC_FH_SLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SGE, EXEC_FH_SGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SEQ, EXEC_FH_SEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SNE, EXEC_FH_SNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SGT, EXEC_FH_SGT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SLE, EXEC_FH_SLE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_CMP, EXEC_FH_CMP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_LRP, EXEC_FH_LRP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, true, D64_NONE },
    { TGSI_OPCODE_AND, EXEC_FH_AND_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_OR, EXEC_FH_OR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_XOR, EXEC_FH_XOR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UADD, EXEC_FH_UADD_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_FSLT, EXEC_FH_FSLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_FSGE, EXEC_FH_FSGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_FSEQ, EXEC_FH_FSEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_FSNE, EXEC_FH_FSNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_UCMP, EXEC_FH_UCMP_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_UMUL, EXEC_FH_UMUL_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_SHL, EXEC_FH_SHL_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_USHR, EXEC_FH_USHR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_NOT, EXEC_FH_NOT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_INEG, EXEC_FH_INEG_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_IMAX, EXEC_FH_IMAX_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_IMIN, EXEC_FH_IMIN_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UMAX, EXEC_FH_UMAX_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UMIN, EXEC_FH_UMIN_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_ISLT, EXEC_FH_ISLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_ISGE, EXEC_FH_ISGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_USLT, EXEC_FH_USLT_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_USGE, EXEC_FH_USGE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_USEQ, EXEC_FH_USEQ_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_USNE, EXEC_FH_USNE_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    /* float modifiers on a float source only: I2F, U2F, UARL and the
     * integer rows leave integer modifiers to the reference */
    { TGSI_OPCODE_FLR, EXEC_FH_FLR_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_CEIL, EXEC_FH_CEIL_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_TRUNC, EXEC_FH_TRUNC_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_ROUND, EXEC_FH_ROUND_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_FRC, EXEC_FH_FRC_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_ABS, EXEC_FH_ABS_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SSG, EXEC_FH_SSG_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_DIV, EXEC_FH_DIV_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_F2I, EXEC_FH_F2I_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_F2U, EXEC_FH_F2U_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_I2F, EXEC_FH_I2F_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_U2F, EXEC_FH_U2F_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_ARL, EXEC_FH_ARL_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_ARR, EXEC_FH_ARR_VG, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_UARL, EXEC_FH_UARL_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_ISHR, EXEC_FH_ISHR_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_IABS, EXEC_FH_IABS_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_ISSG, EXEC_FH_ISSG_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_IMUL_HI, EXEC_FH_IMUL_HI_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UMUL_HI, EXEC_FH_UMUL_HI_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_IDIV, EXEC_FH_IDIV_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_MOD, EXEC_FH_MOD_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UDIV, EXEC_FH_UDIV_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_UMOD, EXEC_FH_UMOD_VG, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_NONE },
    { TGSI_OPCODE_DP2, EXEC_FH_DP2_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true, D64_NONE },
    { TGSI_OPCODE_DP3, EXEC_FH_DP3_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true, D64_NONE },
    { TGSI_OPCODE_DP4, EXEC_FH_DP4_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true, D64_NONE },
    { TGSI_OPCODE_DPH, EXEC_FH_DPH_DOT, EXEC_FH_NONE, EXEC_FH_NONE, true, true, D64_NONE },
    { TGSI_OPCODE_RCP, EXEC_FH_RCP_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_RSQ, EXEC_FH_RSQ_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_EX2, EXEC_FH_EX2_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_LG2, EXEC_FH_LG2_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SIN, EXEC_FH_SIN_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_COS, EXEC_FH_COS_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_SQRT, EXEC_FH_SQRT_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_POW, EXEC_FH_POW_SC, EXEC_FH_NONE, EXEC_FH_NONE, true, false, D64_NONE },
    { TGSI_OPCODE_DADD, EXEC_FH_DADD_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DMUL, EXEC_FH_DMUL_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DDIV, EXEC_FH_DDIV_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DMIN, EXEC_FH_DMIN_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DMAX, EXEC_FH_DMAX_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DMAD, EXEC_FH_DMAD_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DFMA, EXEC_FH_DFMA_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DFRAC, EXEC_FH_DFRAC_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DSQRT, EXEC_FH_DSQRT_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DRSQ, EXEC_FH_DRSQ_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DRCP, EXEC_FH_DRCP_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_PAIR },
    { TGSI_OPCODE_DSLT, EXEC_FH_DSLT_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_CMP },
    { TGSI_OPCODE_DSGE, EXEC_FH_DSGE_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_CMP },
    { TGSI_OPCODE_DSEQ, EXEC_FH_DSEQ_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_CMP },
    { TGSI_OPCODE_DSNE, EXEC_FH_DSNE_D, EXEC_FH_NONE, EXEC_FH_NONE, false, false, D64_CMP },
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
            rec->flags |= (uint8_t)(EXEC_FREC_U0 << k);
        } else {
            return false;
        }
        rec->soff[k] = s->offset;
        for (unsigned c = 0; c < 4; c++)
            rec->swz[k] |= (uint8_t)((s->swz[c] & 3) << (2 * c));
        if (s->neg | s->abs) {
            bool known = row->d64 ? s->mod == EXEC_MOD_RAW64
                                  : row->float_mods && s->mod == EXEC_MOD_FLOAT;
            if (!known)
                return false;
            rec->smod |= (uint8_t)((s->neg ? 1u : 0u) << k | (s->abs ? 1u : 0u) << (4 + k));
        }
        if (rec->swz[k] != 0xe4 || (s->neg | s->abs))
            plain = false;
    }
    if (row->d64 == D64_CMP)
        rec->wmask &= 0x5;
    if (!rec->wmask || (row->d64 && in->sat_float))
        return false;
    /* every source uniform: the general handlers compute one lane */
    const uint8_t all_u = (uint8_t)(((1u << in->num_src) - 1) * EXEC_FREC_U0);
    if (in->num_src && (rec->flags & all_u) == all_u)
        rec->flags |= EXEC_FREC_UNI;
    plain = plain && rec->wmask == 0xf && !(rec->flags & (EXEC_FREC_SAT | EXEC_FREC_UNI));
    uint8_t whole = rec->flags & EXEC_FREC_ALIAS ? row->whole_alias : row->whole;
    rec->handler = plain && whole != EXEC_FH_NONE ? whole : row->general;
    return true;
}

static void find_keep(nvgp_exec *m, exec_fast *f);

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
    find_keep(m, f);
    return true;
}

/* Which TEMP and OUT registers the opening straight run writes whole
 * before any instruction can read them.  The run executes on a full warp
 * with a full mask (its records never change the mask), so each write
 * covers every lane: such a register's old contents (the last warp's) can
 * never be seen, and warp set-up need not clear it.  Reads are counted
 * conservatively (all four swizzled components of every source); only
 * vertex and fragment programs (one OUT register per output), and runs
 * under 4096 records (the warp loops' checks for a failed run come every
 * 4096 instructions: none can abandon the warp inside the run). */
static void find_keep(nvgp_exec *m, exec_fast *f)
{
    if ((m->processor != TGSI_PROCESSOR_VERTEX && m->processor != TGSI_PROCESSOR_FRAGMENT) ||
        !f->num || f->recs[0].run >= 4096)
        return;
    uint32_t nt = m->file_size[TGSI_FILE_TEMPORARY], no = m->file_size[TGSI_FILE_OUTPUT];
    if (!nt && !no)
        return;
    uint8_t *written = calloc((size_t)nt + no, 1);
    bool *read_first = calloc((size_t)nt + no, sizeof(bool));
    bool *keep = calloc((size_t)nt + no, sizeof(bool));
    if (!written || !read_first || !keep) {
        free(written);
        free(read_first);
        free(keep);
        return;
    }
    uint32_t i = 0;
    for (; i < f->num && f->recs[i].handler; i++) {
        const exec_frec *r = &f->recs[i];
        for (unsigned k = 0; k < r->nsrc; k++) {
            uint32_t at = r->sfile[k] == TGSI_FILE_TEMPORARY ? r->soff[k]
                          : r->sfile[k] == TGSI_FILE_OUTPUT  ? nt + r->soff[k]
                                                             : UINT32_MAX;
            if (at == UINT32_MAX)
                continue;
            for (unsigned c = 0; c < 4; c++)
                if (!((written[at] >> ((r->swz[k] >> (2 * c)) & 3)) & 1))
                    read_first[at] = true;
        }
        if (r->dfile == TGSI_FILE_TEMPORARY)
            written[r->doff] |= r->wmask;
        else if (r->dfile == TGSI_FILE_OUTPUT)
            written[nt + r->doff] |= r->wmask;
    }
    bool any = false;
    for (uint32_t k = 0; k < nt + no; k++) {
        keep[k] = written[k] == 0xf && !read_first[k];
        any = any || keep[k];
    }
    free(written);
    free(read_first);
    if (!any) {
        free(keep);
        return;
    }
    f->prefix = i;
    f->keep = keep;
}

void exec_fast_clear(const nvgp_exec *m, exec_reg *temps, exec_reg *outs, bool full_warp)
{
    uint32_t nt = m->file_size[TGSI_FILE_TEMPORARY], n = nt + m->file_size[TGSI_FILE_OUTPUT];
    const bool *keep = m->fast ? m->fast->keep : NULL;
    if (!keep || !full_warp || m->hook || m->budget < m->fast->prefix) {
        memset(temps, 0, sizeof(exec_reg) * nt);
        memset(outs, 0, sizeof(exec_reg) * (n - nt));
        return;
    }
    /* runs of registers to clear (register k: TEMP[k], or OUT[k - nt]),
     * one memset each */
    for (uint32_t k = 0; k < n;) {
        if (keep[k]) {
            k++;
            continue;
        }
        uint32_t e = k;
        while (e < n && !keep[e] && (e != nt || e == k))
            e++;
        exec_reg *at = k < nt ? temps + k : outs + (k - nt);
        memset(at, 0, sizeof(exec_reg) * (e - k));
        k = e;
    }
}

void exec_fast_free(nvgp_exec *m)
{
    if (m->fast) {
        free(m->fast->keep);
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

/* bank[SCRATCH]: where a record of a partial warp computes (run_masked) */
enum { SCRATCH = TGSI_FILE_COUNT };

/* A straight run on a warp whose execution mask is partial (divergent
 * control flow).  A fast handler has no effect but its destination and
 * computes each lane from the same lane of its sources, so each record
 * runs on every lane into a scratch register, and the executing lanes of
 * its enabled components are merged into the destination, as the
 * reference store does for a partial mask (marking OUT written by those
 * lanes).  Lanes outside the mask compute whatever their registers hold,
 * and that is dropped. */
static inline void merge_lanes(uint32_t *restrict d, const uint32_t *restrict t,
                               const uint32_t *restrict sel)
{
    for (unsigned l = 0; l < LANES; l++)
        d[l] = (t[l] & sel[l]) | (d[l] & ~sel[l]);
}

static void run_masked(exec_warp *w, exec_reg *const *bank, exec_fast_block_fn block,
                       const exec_frec *r, uint32_t n)
{
    const uint32_t mask = w->exec;
    /* the mask as one word a lane (all ones: executing), so that the merge
     * is whole-vector ands and ors */
    static const uint32_t lane_bit[LANES] = {
#define B4(k) 1u << (k), 1u << ((k) + 1), 1u << ((k) + 2), 1u << ((k) + 3)
        B4(0), B4(4), B4(8), B4(12), B4(16), B4(20), B4(24), B4(28)
#undef B4
    };
    uint32_t sel[LANES];
    for (unsigned l = 0; l < LANES; l++)
        sel[l] = (mask & lane_bit[l]) ? ~0u : 0u;
    for (; n; n--, r++) {
        exec_frec rec = *r;
        rec.dfile = SCRATCH;
        rec.doff = 0;
        rec.flags &= (uint8_t)~EXEC_FREC_OUT;
        block(w, bank, &rec, 1);
        const exec_reg *t = bank[SCRATCH];
        exec_reg *d = &bank[r->dfile][r->doff];
        if (r->flags & EXEC_FREC_OUT)
            w->out_wr[r->doff] |= mask;
        for (unsigned c = 0; c < 4; c++)
            if ((r->wmask >> c) & 1)
                merge_lanes(d->c[c].u, t->c[c].u, sel);
    }
}

static void warp_bank(exec_warp *w, exec_reg **bank, exec_reg *scratch);

void exec_fast_run_records(exec_warp *w, uint32_t pc, uint32_t n)
{
    const char *isa;
    exec_fast_block_fn block = pick_block(&isa);
    _Alignas(64) exec_reg scratch;
    exec_reg *bank[TGSI_FILE_COUNT + 1];
    warp_bank(w, bank, &scratch);
    const exec_frec *r = &w->m->fast->recs[pc];
    if (w->exec == FULL_MASK)
        block(w, bank, r, n);
    else
        run_masked(w, bank, block, r, n);
}

/* A flow region of the JIT entered at pc (exec_jit.h): the warp's state
 * handed over and taken back.  False when the code could not start (the
 * stacks cannot hold its levels, or its first check refused: too little
 * budget): the caller runs pc itself. */
static bool run_flow(exec_warp *w, exec_reg *const *bank, const exec_jit_entry *e, uint32_t pc)
{
    if (w->cond_sp < e->at_cond || w->loop_sp < e->at_loop || w->sw_sp < e->at_sw)
        return false;
    uint32_t c0 = w->cond_sp - e->at_cond, l0 = w->loop_sp - e->at_loop;
    uint32_t s0 = w->sw_sp - e->at_sw;
    bool ok_c, ok_l, ok_s;
    w->cond_stack = exec_stack_reserve(w->cond_stack, &w->cond_cap, c0 + e->cond_depth,
                                       sizeof *w->cond_stack, &ok_c);
    w->loop_stack = exec_stack_reserve(w->loop_stack, &w->loop_cap, l0 + e->loop_depth,
                                       sizeof *w->loop_stack, &ok_l);
    w->sw_stack = exec_stack_reserve(w->sw_stack, &w->sw_cap, s0 + e->sw_depth,
                                     sizeof *w->sw_stack, &ok_s);
    if (!ok_c || !ok_l || !ok_s)
        return false;
    exec_jit_flow st = {
        .count = w->count,
        .lane_count = w->lane_count,
        .budget = w->m->budget,
        /* (NULL with no stack yet: then c0, l0 are 0 and no level is used) */
        .cond_stack = w->cond_stack ? w->cond_stack + c0 : NULL,
        .loop_stack = w->loop_stack ? w->loop_stack + l0 : NULL,
        .sw_stack = w->sw_stack ? w->sw_stack + s0 : NULL,
        .stop = &w->m->stop_thread,
        .pc = pc,
        .cond = w->cond,
        .loop = w->loop,
        .cont = w->cont,
        .rest = w->active & w->live,
        .func = w->func,
        .call_sp = w->call_sp,
        .call_top = w->call_sp < EXEC_MAX_CALLS ? &w->call_stack[w->call_sp] : NULL,
        .sw = w->sw,
        .cond_sp = w->cond_sp,
        .loop_sp = w->loop_sp,
        .sw_sp = w->sw_sp,
        .first_thread = w->first_thread,
        .stopped = 0,
        .warp = w,
    };
    /* (a call-out gives the warp the count it has reached: compare with
     * the count before) */
    const uint64_t count0 = w->count;
    e->fn(bank, w->out_wr, pc, w->exec, &st);
    bool moved = st.count != count0 || st.stopped;
    w->count = st.count;
    w->lane_count = st.lane_count;
    w->pc = st.pc;
    w->cond = st.cond;
    w->loop = st.loop;
    w->cont = st.cont;
    w->cond_sp = (uint16_t)st.cond_sp;
    w->loop_sp = (uint16_t)st.loop_sp;
    w->sw = st.sw;
    w->sw_sp = (uint16_t)st.sw_sp;
    w->func = st.func;
    w->call_sp = (uint16_t)st.call_sp;
    exec_update_mask(w);
    if (st.stopped)
        w->done = true;
    return moved;
}

/* What a warp's loop reads of its machine, the same for every warp. */
typedef struct fast_loop {
    nvgp_exec *m;
    const exec_frec *recs;
    const exec_insn *code;
    uint32_t n;
    uint64_t budget;
    exec_fast_block_fn block;
    /* the JIT's compiled regions, per entry record (fn NULL: none) */
    const exec_jit_entry *jit;
} fast_loop;

static void loop_init(fast_loop *L, nvgp_exec *m, const exec_jit_entry *jit)
{
    const char *isa;
    L->m = m;
    L->recs = m->fast->recs;
    L->code = m->code;
    L->n = m->num_code;
    L->budget = m->budget;
    L->block = pick_block(&isa);
    L->jit = jit;
}

/* w's register blocks as the block runner and compiled code take them. */
static void warp_bank(exec_warp *w, exec_reg **bank, exec_reg *scratch)
{
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        bank[f] = w->file[f];
    bank[TGSI_FILE_IMMEDIATE] = w->m->uregs;
    bank[SCRATCH] = scratch;
}

/* Charges w for the straight run of `run` records at pc, which it will
 * have passed: false when it is not to run it (no lane executes, or an
 * earlier warp failed and w is abandoned: done). */
static bool charge_run(exec_warp *w, uint32_t pc, uint32_t run)
{
    uint64_t before = w->count;
    w->count += run;
    w->pc = pc + run;
    if ((before >> 12) != (w->count >> 12) &&
        atomic_load_explicit(&w->m->stop_thread, memory_order_relaxed) < w->first_thread) {
        w->done = true;
        return false;
    }
    if (!w->exec)
        return false;
    w->lane_count += (uint64_t)run * (w->exec == FULL_MASK ? LANES : exec_lanes(w->exec));
    return true;
}

/* One step of w's loop: a flow region, a straight run (compiled or on the
 * block runner), or one instruction.  False when the warp stops here
 * (done, failed, or at a barrier). */
static bool fast_step(const fast_loop *L, exec_warp *w, exec_reg *const *bank)
{
    const exec_jit_entry *jit = L->jit;
    uint32_t pc = w->pc;
    if (pc >= L->n) {
        w->done = true;
        return false;
    }
    if (jit && jit[pc].flow && jit[pc].fn && run_flow(w, bank, &jit[pc], pc))
        return !w->done;
    uint32_t run = L->recs[pc].run;
    /* a straight region of the JIT starting here (the warp loop
     * charges it) */
    const exec_jit_region_fn region = jit && !jit[pc].flow ? jit[pc].fn : NULL;
    if (run && w->count + run <= L->budget) {
        /* a straight run of fast records, charged at once */
        if (!charge_run(w, pc, run))
            return !w->done;
        /* compiled code merges the executing lanes itself */
        if (region)
            region(bank, w->out_wr, pc, w->exec, NULL);
        else if (w->exec == FULL_MASK)
            L->block(w, bank, &L->recs[pc], run);
        else
            run_masked(w, bank, L->block, &L->recs[pc], run);
        return true;
    }
    /* one instruction as the reference loop (exec_run.c run_warp) runs
     * it: control flow, memory, what the fast handlers do not know, and
     * a run that would cross the budget (so the failure names the same
     * instruction) */
    const exec_insn *in = &L->code[pc];
    if (!exec_step_admit(w, in, pc, L->budget))
        return false;
    if (!w->exec && !in->always)
        return true;
    w->lane_count += w->exec == FULL_MASK ? LANES : exec_lanes(w->exec);
    exec_handlers[in->op](w, in);
    return !w->at_barrier;
}

void exec_fast_run_warp(exec_warp *w)
{
    nvgp_exec *m = w->m;
    fast_loop L;
    loop_init(&L, m, m->engine == EXEC_ENGINE_JIT ? exec_jit_regions(m) : NULL);
    _Alignas(64) exec_reg scratch;
    exec_reg *bank[TGSI_FILE_COUNT + 1];
    warp_bank(w, bank, &scratch);
    w->at_barrier = false;
    while (!w->done && fast_step(&L, w, bank))
        ;
}

/* Two warps of the same program side by side: where both are at the same
 * straight region and its pair entry exists, one call runs it for both
 * (their independent chains interleaved keep the core busy: docs/jit.md,
 * "Warp pairs"); elsewhere each takes its own steps, the one behind
 * first (the lower pc: in structured code the other waits for it where
 * their paths join, and a warp in a loop's next iteration is behind one
 * past the loop, which it therefore cannot keep waiting forever).  Each warp
 * is charged and gets what it would get alone: every lane computes from
 * its own lanes, and each warp's budget, mask and abandonment are its
 * own. */
void exec_fast_run_pair(exec_warp *a, exec_warp *b)
{
    nvgp_exec *m = a->m;
    const exec_jit_entry *pairs = exec_jit_pair_regions(m);
    fast_loop L;
    loop_init(&L, m, pairs ? pairs : exec_jit_regions(m));
    _Alignas(64) exec_reg scratch_a, scratch_b;
    exec_reg *bank_a[TGSI_FILE_COUNT + 1], *bank_b[TGSI_FILE_COUNT + 1];
    warp_bank(a, bank_a, &scratch_a);
    warp_bank(b, bank_b, &scratch_b);
    a->at_barrier = b->at_barrier = false;
    bool go_a = !a->done, go_b = !b->done;
    while (go_a && go_b) {
        uint32_t pc = a->pc;
        uint32_t run = pc < L.n ? L.recs[pc].run : 0;
        if (pairs && pc == b->pc && pc < L.n && pairs[pc].pair && run &&
            a->count + run <= L.budget && b->count + run <= L.budget) {
            bool run_a = charge_run(a, pc, run), run_b = charge_run(b, pc, run);
            if (run_a && run_b)
                pairs[pc].pair(bank_a, a->out_wr, pc, a->exec, bank_b, b->out_wr, b->exec);
            else if (run_a)
                pairs[pc].fn(bank_a, a->out_wr, pc, a->exec, NULL);
            else if (run_b)
                pairs[pc].fn(bank_b, b->out_wr, pc, b->exec, NULL);
            go_a = !a->done;
            go_b = !b->done;
            continue;
        }
        /* apart: the warp behind steps (both where they are level), so
         * that warps parted by a branch meet again where their paths do */
        bool step_a = a->pc <= b->pc, step_b = b->pc <= a->pc;
        if (step_a)
            go_a = fast_step(&L, a, bank_a) && !a->done;
        if (step_b)
            go_b = fast_step(&L, b, bank_b) && !b->done;
    }
    while (go_a)
        go_a = fast_step(&L, a, bank_a) && !a->done;
    while (go_b)
        go_b = fast_step(&L, b, bank_b) && !b->done;
}
