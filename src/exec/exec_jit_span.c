/* The span kernel: a fragment program whose code is one straight region,
 * compiled together with the interpolation of its inputs and the store
 * of its colour, for the pipeline's runs of fully covered quads
 * (nvgp_exec_span_run, docs/jit.md "Span kernels").
 *
 * A warp's run through the executor writes its inputs to memory, reads
 * them back in the compiled region, writes its outputs to memory, and
 * then the pipeline reads them again to store them in the framebuffer,
 * around per-warp bookkeeping the fast engine's loop does for every
 * program.  For a short program that traffic and bookkeeping cost more
 * than the program (docs/performance.md): here the inputs are computed in
 * registers, the region's code is the same records' code (jit_emit_record,
 * so the same bits), and the colour goes from registers to the
 * framebuffer's two pixel rows.
 *
 * The function, one per program and pattern of input words (nvgp_exec.h,
 * nvgp_exec_span: its fields are the function's parameters, in order, then
 * bank): each of `groups` groups is 8 quads (one warp, 16 columns), lane
 * l = 4 j + q being quad j's lane q, at column qx + 16 g + 2 j + (q & 1)
 * of pixel row q >> 1, dx = (double)column + 0.5 - x0.  Input word w of
 * a lane is, by modes[w]:
 *   'l' (float)(rows[4 w + q] + slope[w] dx);
 *   'p' (float)((num_rows[4 w + q] + num_slope[w] dx) / ...) as
 *       (num + a dx) * (1 / qv), qv = q[q] + q[4] dx, where qv != 0,
 *       else the 'l' value;
 *   'k' konst[w];
 * every operation rounded on its own: the pipeline's quads_linear and
 * lane_rest (pipe_span.c) to the bit.  bank[TGSI_FILE_IMMEDIATE] is the
 * machine's uniform block (immediates and constants). */
#include "exec/exec_jit.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(NVGP_HAVE_JIT)

#include <llvm-c/Core.h>
#include "exec/exec_jit_internal.h"

enum { QUAD_LANES = 4, GROUP_COLS = 2 * LANES / QUAD_LANES };

/* The files a kernel's records may read: the inputs (computed), the
 * uniform block, and the warp-local files a warp starts with cleared
 * (read before written: 0, as exec_fast_clear leaves them). */
static bool readable(unsigned f)
{
    return f == TGSI_FILE_INPUT || f == TGSI_FILE_IMMEDIATE || f == TGSI_FILE_TEMPORARY ||
           f == TGSI_FILE_OUTPUT || f == TGSI_FILE_ADDRESS;
}

static bool writable(unsigned f)
{
    return f == TGSI_FILE_TEMPORARY || f == TGSI_FILE_OUTPUT || f == TGSI_FILE_ADDRESS;
}

/* Records a kernel holds at most: past them the program's own work hides
 * what a kernel saves (long100.fp's 103 records drew no faster), and the
 * draw would wait for their compilation (17 ms). */
#define SPAN_MAX_RECORDS 64u

/* Records a kernel calls the reference handler for (exec_span_callout):
 * texture samples, which change no mask and fail for nothing the pipeline
 * leaves unbound. */
static bool callout_op(uint16_t op)
{
    static const uint16_t ops[] = { TGSI_OPCODE_TEX, TGSI_OPCODE_TXP, TGSI_OPCODE_TXB,
                                    TGSI_OPCODE_TXL, TGSI_OPCODE_TXD, TGSI_OPCODE_TXF,
                                    TGSI_OPCODE_TEX2, TGSI_OPCODE_TXB2, TGSI_OPCODE_TXL2,
                                    TGSI_OPCODE_TG4, TGSI_OPCODE_LODQ, TGSI_OPCODE_TXQ };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i] == op)
            return true;
    return false;
}

/* Whether record i of m is a call-out a kernel takes: direct operands in
 * the files a kernel keeps (its inputs below `words`). */
static bool callout_ok(const nvgp_exec *m, uint32_t i, uint32_t words)
{
    const exec_insn *in = &m->code[i];
    if (!callout_op(in->op) || in->offset_regs || in->num_dst != 1)
        return false;
    const exec_operand *d = &in->dst[0];
    if (d->loc != EXEC_LOC_WARP || d->ind || d->dim_ind || !writable(d->file))
        return false;
    for (unsigned k = 0; k < in->num_src; k++) {
        const exec_operand *o = &in->src[k];
        if (o->ind || o->dim_ind)
            return false;
        if (o->loc != EXEC_LOC_WARP)
            continue;
        if (!readable(o->file))
            return false;
        for (unsigned c = 0; o->file == TGSI_FILE_INPUT && c < 4; c++)
            if (o->offset * 4 + o->swz[c] >= words)
                return false;
    }
    return true;
}

/* The records of m a kernel runs (every one but END), or 0 when m is not
 * such a program; *callouts: some are call-outs. */
static uint32_t kernel_records(const nvgp_exec *m, uint32_t words, bool *callouts)
{
    const exec_fast *f = m->fast;
    *callouts = false;
    if (!f || m->processor != TGSI_PROCESSOR_FRAGMENT || m->num_code < 2 ||
        m->num_code - 1 > SPAN_MAX_RECORDS || m->code[m->num_code - 1].op != TGSI_OPCODE_END)
        return 0;
    uint32_t n = m->num_code - 1;
    if (f->num < n)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        const exec_frec *r = &f->recs[i];
        if (!jit_record_ok(r)) {
            if (!callout_ok(m, i, words))
                return 0;
            *callouts = true;
            continue;
        }
        if (!writable(r->dfile))
            return 0;
        for (unsigned k = 0; k < r->nsrc; k++) {
            if (!readable(r->sfile[k]))
                return 0;
            for (unsigned c = 0; r->sfile[k] == TGSI_FILE_INPUT && c < 4; c++)
                if (r->soff[k] * 4 + ((r->swz[k] >> (2 * c)) & 3) >= words)
                    return 0;
        }
    }
    return n;
}

static LLVMValueRef const_i64s(jit_fn *j, const int64_t *v, unsigned n)
{
    LLVMValueRef e[LANES];
    for (unsigned l = 0; l < n; l++)
        e[l] = LLVMConstInt(j->i64, (unsigned long long)v[l], 1);
    return LLVMConstVector(e, n);
}

static LLVMValueRef shuffle(jit_fn *j, LLVMValueRef a, LLVMValueRef b, const unsigned *idx,
                            unsigned n)
{
    LLVMValueRef e[4 * LANES];
    for (unsigned l = 0; l < n; l++)
        e[l] = LLVMConstInt(j->i32, idx[l], 0);
    return LLVMBuildShuffleVector(j->b, a, b ? b : LLVMGetUndef(LLVMTypeOf(a)),
                                  LLVMConstVector(e, n), "");
}

static LLVMValueRef splat_vec(jit_fn *j, LLVMValueRef scalar, unsigned n)
{
    LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(scalar), n);
    LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetUndef(vt), scalar,
                                            LLVMConstInt(j->i32, 0, 0), "");
    unsigned zero[LANES] = { 0 };
    return shuffle(j, v, NULL, zero, n);
}

/* The kernel's parameters and per-group values seed_sources reads. */
typedef struct span_in {
    LLVMValueRef rows, slope, num_rows, num_slope, q, konst, z, pos_y;
    bool center_integer;
    LLVMValueRef dx;       /* <32 x double> */
    LLVMValueRef cols;     /* <32 x i64>: the lanes' columns */
    LLVMValueRef qv;       /* q's plane at the lanes, made where first needed */
    LLVMValueRef qv_inv;   /* 1 / qv, made where a 'p' word first needs it */
    LLVMValueRef qv_nz;    /* qv != 0 */
    const char *modes;
} span_in;

/* A quad's four doubles at p + 4 w repeated over the warp's quads. */
static LLVMValueRef quad_rows(jit_fn *j, LLVMValueRef p, uint32_t w)
{
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx);
    unsigned pattern[LANES];
    for (unsigned l = 0; l < LANES; l++)
        pattern[l] = l % QUAD_LANES;
    LLVMValueRef at = LLVMConstInt(j->i64, (uint64_t)w * QUAD_LANES, 0);
    LLVMValueRef v = LLVMBuildLoad2(j->b, LLVMVectorType(f64, QUAD_LANES),
                                    LLVMBuildGEP2(j->b, f64, p, &at, 1, ""), "");
    LLVMSetAlignment(v, 8);
    return shuffle(j, v, NULL, pattern, LANES);
}

/* p[w] (of type t) splat over the warp. */
static LLVMValueRef splat_at(jit_fn *j, LLVMTypeRef t, LLVMValueRef p, uint32_t w)
{
    LLVMValueRef at = LLVMConstInt(j->i64, w, 0);
    return splat_vec(j, LLVMBuildLoad2(j->b, t, LLVMBuildGEP2(j->b, t, p, &at, 1, ""), ""), LANES);
}

/* row + slope dx at the lanes, one rounding a step (row: a quad's
 * pattern over the warp, slope: a splat). */
static LLVMValueRef plane(jit_fn *j, const span_in *in, LLVMValueRef row, LLVMValueRef slope)
{
    return LLVMBuildFAdd(j->b, row, LLVMBuildFMul(j->b, slope, in->dx, ""), "");
}

/* p[q] + p[4] dx of a plane given as its quad rows then its slope. */
static LLVMValueRef plane_at_q(jit_fn *j, const span_in *in, LLVMValueRef p)
{
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx);
    return plane(j, in, quad_rows(j, p, 0), splat_at(j, f64, p, QUAD_LANES));
}

/* Word w's plane of rows / slope. */
static LLVMValueRef plane_at(jit_fn *j, const span_in *in, LLVMValueRef rows, LLVMValueRef slope,
                             uint32_t w)
{
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx);
    return plane(j, in, quad_rows(j, rows, w), splat_at(j, f64, slope, w));
}

/* q's plane at the lanes (qv), and 1 / qv and qv != 0, made once. */
static LLVMValueRef lane_q(jit_fn *j, span_in *in)
{
    if (!in->qv) {
        LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx), vd = LLVMVectorType(f64, LANES);
        in->qv = plane_at_q(j, in, in->q);
        in->qv_inv = LLVMBuildFDiv(j->b, splat_vec(j, LLVMConstReal(f64, 1.0), LANES), in->qv, "");
        in->qv_nz = LLVMBuildFCmp(j->b, LLVMRealUNE, in->qv, LLVMConstNull(vd), "");
    }
    return in->qv;
}

/* The fragment position's word of mode m ('X', 'Y', 'Z', 'W'), as the
 * pipeline's pipe_tri_position makes it. */
static LLVMValueRef position_word(jit_fn *j, span_in *in, char m)
{
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx);
    switch (m) {
    case 'X': {
        /* the column back from dx: dx = ((double)col + 0.5) - x0 is what
         * the lanes hold, so the column's + 0.5 is rebuilt here */
        LLVMValueRef px = LLVMBuildFAdd(j->b, LLVMBuildSIToFP(j->b, in->cols, LLVMVectorType(f64, LANES), ""),
                                        splat_vec(j, LLVMConstReal(f64, 0.5), LANES), "");
        if (in->center_integer)
            px = LLVMBuildFSub(j->b, px, splat_vec(j, LLVMConstReal(f64, 0.5), LANES), "");
        return LLVMBuildFPTrunc(j->b, px, j->vf, "");
    }
    case 'Y': {
        unsigned idx[LANES];
        LLVMValueRef y = LLVMBuildLoad2(j->b, LLVMVectorType(j->f32, 2), in->pos_y, "");
        LLVMSetAlignment(y, 4);
        for (unsigned l = 0; l < LANES; l++)
            idx[l] = (l % QUAD_LANES) / 2;
        return shuffle(j, y, NULL, idx, LANES);
    }
    case 'Z':
        return LLVMBuildFPTrunc(j->b, plane_at_q(j, in, in->z), j->vf, "");
    default:
        return LLVMBuildFPTrunc(j->b, lane_q(j, in), j->vf, "");
    }
}

/* Input word w's 32 lanes by its mode. */
static LLVMValueRef input_word(jit_fn *j, span_in *in, uint32_t w)
{
    char m = in->modes[w];
    if (m == 'k')
        return LLVMBuildBitCast(j->b, splat_at(j, j->f32, in->konst, w), j->vi, "");
    if (m == 'X' || m == 'Y' || m == 'Z' || m == 'W')
        return LLVMBuildBitCast(j->b, position_word(j, in, m), j->vi, "");
    LLVMValueRef v = LLVMBuildFPTrunc(j->b, plane_at(j, in, in->rows, in->slope, w), j->vf, "");
    if (m == 'p') {
        lane_q(j, in);
        LLVMValueRef num = plane_at(j, in, in->num_rows, in->num_slope, w);
        LLVMValueRef p = LLVMBuildFPTrunc(j->b, LLVMBuildFMul(j->b, num, in->qv_inv, ""), j->vf, "");
        v = LLVMBuildSelect(j->b, in->qv_nz, p, v, "");
    }
    return LLVMBuildBitCast(j->b, v, j->vi, "");
}

/* Gives source component (f, off, comp) its value before the records
 * run, where nothing has: the input word at the lanes, or 0. */
static void seed(jit_fn *j, span_in *in, unsigned f, uint32_t off, unsigned comp)
{
    if (f == TGSI_FILE_IMMEDIATE)
        return;
    jit_slot *s = jit_slot_find(j, jit_slot_key(f, off, comp));
    if (s->v)
        return;
    s->dirty = false;
    s->v = f == TGSI_FILE_INPUT ? input_word(j, in, off * 4 + comp) : jit_splat_i32(j, 0);
}

/* Every source of the records reading the input word or a warp-local
 * register's component before the records write it gets its value first:
 * the input word at the lanes, or 0 (a warp's registers start cleared). */
static void seed_sources(jit_fn *j, const nvgp_exec *m, uint32_t n, span_in *in)
{
    const exec_frec *recs = m->fast->recs;
    for (uint32_t i = 0; i < n; i++) {
        if (!jit_record_ok(&recs[i])) {
            const exec_insn *insn = &m->code[i];
            for (unsigned k = 0; k < insn->num_src; k++)
                for (unsigned c = 0; insn->src[k].loc == EXEC_LOC_WARP && c < 4; c++)
                    seed(j, in, insn->src[k].file, insn->src[k].offset, insn->src[k].swz[c]);
            continue;
        }
        for (unsigned k = 0; k < recs[i].nsrc; k++)
            for (unsigned c = 0; c < 4; c++)
                seed(j, in, recs[i].sfile[k], recs[i].soff[k], (recs[i].swz[k] >> (2 * c)) & 3);
    }
}

/* Whether the kernel keeps the components of file f in the span warp's
 * files around a call-out. */
static bool warp_file(unsigned f)
{
    return writable(f) || f == TGSI_FILE_INPUT;
}

/* Record i as a call of its reference handler on the span warp: every
 * register component the kernel holds stored to the warp's files first
 * (the handler reads what it reads there), none held after it (what the
 * kernel reads next it loads, the handler's results among them). */
static void emit_callout(jit_fn *j, LLVMValueRef warp, uint32_t i)
{
    for (uint32_t k = 0; k < j->cap; k++) {
        jit_slot *s = &j->slots[k];
        uint64_t key = s->key - 1;
        unsigned f = (unsigned)(key >> 34);
        if (!s->key || !s->v || !warp_file(f))
            continue;
        LLVMValueRef st = LLVMBuildStore(
            j->b, s->v, jit_comp_addr(j, j->b, f, (uint32_t)(key >> 2), (unsigned)(key & 3)));
        LLVMSetAlignment(st, 64);
    }
    LLVMTypeRef params[2] = { j->ptr, j->i32 };
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(j->cx), params, 2, 0);
    LLVMValueRef fn = LLVMConstIntToPtr(LLVMConstInt(j->i64, (uintptr_t)exec_span_callout, 0),
                                        j->ptr);
    LLVMValueRef args[2] = { warp, LLVMConstInt(j->i32, i, 0) };
    LLVMBuildCall2(j->b, fty, fn, args, 2, "");
    for (uint32_t k = 0; k < j->cap; k++) {
        jit_slot *s = &j->slots[k];
        unsigned f = (unsigned)((s->key - 1) >> 34);
        if (s->key && warp_file(f)) {
            s->v = NULL;
            s->dirty = false;
        }
    }
}

/* An RGBA8 buffer's value of a colour component (the pipeline's
 * clamp01f then pipe_fb_store): 0 for NaN and what is not above 0, 1 for
 * what is above 1, else k / 255 with k = floor(c 255 + 0.5) in double.
 * The division is a float one: for every k in 0..255 the float quotient
 * is the double one rounded to float (span_unorm8_exact checks it). */
static LLVMValueRef splat_f(jit_fn *j, float v)
{
    return splat_vec(j, LLVMConstReal(j->f32, v), LANES);
}

/* v clamped to [0,1], NaN to 0 (the pipeline's clamp01f). */
static LLVMValueRef clamp01(jit_fn *j, LLVMValueRef v)
{
    LLVMValueRef zero = LLVMConstNull(j->vf), one = splat_f(j, 1.0f);
    v = LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, LLVMRealOGT, v, zero, ""), v, zero, "");
    return LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, LLVMRealOGT, v, one, ""), one, v, "");
}

static LLVMValueRef unorm8(jit_fn *j, LLVMValueRef v)
{
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(j->cx), vd = LLVMVectorType(f64, LANES);
    v = clamp01(j, v);
    LLVMValueRef d = LLVMBuildFMul(j->b, LLVMBuildFPExt(j->b, v, vd, ""),
                                   splat_vec(j, LLVMConstReal(f64, 255.0), LANES), "");
    d = LLVMBuildFAdd(j->b, d, splat_vec(j, LLVMConstReal(f64, 0.5), LANES), "");
    unsigned id = LLVMLookupIntrinsicID("llvm.floor", 10);
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, &vd, 1);
    d = LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->cx, id, &vd, 1), fn, &d, 1, "");
    return LLVMBuildFDiv(j->b, LLVMBuildFPTrunc(j->b, d, j->vf, ""),
                         splat_vec(j, LLVMConstReal(j->f32, 255.0), LANES), "");
}

bool span_unorm8_exact(void)
{
    for (int k = 0; k < 256; k++) {
        volatile float by_double = (float)((double)k / 255.0);
        volatile float by_float = (float)k / 255.0f;
        if (by_double != by_float)
            return false;
    }
    return true;
}

/* The lane of pixel p (0 .. 15) of a group's pixel row r. */
static unsigned row_lane(unsigned r, unsigned p)
{
    return QUAD_LANES * (p / 2) + 2 * r + p % 2;
}

/* An llvm.masked.store of v (n elements of type t) at p with predicate
 * pred (<n x i1>). */
static void masked_store(jit_fn *j, LLVMValueRef v, LLVMValueRef p, LLVMValueRef pred,
                         unsigned align)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.masked.store", 17);
    LLVMTypeRef over[2] = { LLVMTypeOf(v), j->ptr };
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, over, 2);
    LLVMValueRef args[4] = { v, p, LLVMConstInt(j->i32, align, 0), pred };
    LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->cx, id, over, 2), fn, args, 4, "");
}

/* An llvm.masked.load of type t at p where pred (other elements 0). */
static LLVMValueRef masked_load(jit_fn *j, LLVMTypeRef t, LLVMValueRef p, LLVMValueRef pred,
                                unsigned align)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.masked.load", 16);
    LLVMTypeRef over[2] = { t, j->ptr };
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(j->mod, id, over, 2);
    LLVMValueRef args[4] = { p, LLVMConstInt(j->i32, align, 0), pred, LLVMConstNull(t) };
    return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->cx, id, over, 2), fn, args, 4, "");
}

/* Lane predicate `lanes` spread over row r of a group: element e of the
 * result is the lane of pixel e / per (per elements a pixel). */
static LLVMValueRef row_pred(jit_fn *j, LLVMValueRef lanes, unsigned r, unsigned per)
{
    unsigned idx[4 * GROUP_COLS];
    for (unsigned p = 0; p < GROUP_COLS; p++)
        for (unsigned c = 0; c < per; c++)
            idx[per * p + c] = row_lane(r, p);
    return shuffle(j, lanes, NULL, idx, per * GROUP_COLS);
}

/* Stores the warp's colour (component c: values[c]) as two pixel rows of
 * 16 RGBA pixels, row r's pixel p from lane row_lane(r, p), of the lanes
 * in pass (NULL: all). */
static void store_rows(jit_fn *j, LLVMValueRef values[4], LLVMValueRef row_p[2], LLVMValueRef pass)
{
    unsigned idx[4 * LANES];
    /* components interleaved: element 4 l + c of all = component c of lane l */
    for (unsigned l = 0; l < LANES; l++)
        idx[2 * l] = l, idx[2 * l + 1] = LANES + l;
    LLVMValueRef xy = shuffle(j, values[0], values[1], idx, 2 * LANES);
    LLVMValueRef zw = shuffle(j, values[2], values[3], idx, 2 * LANES);
    for (unsigned l = 0; l < LANES; l++)
        for (unsigned c = 0; c < 4; c++)
            idx[4 * l + c] = (c < 2 ? 0 : 2 * LANES) + 2 * l + c % 2;
    LLVMValueRef all = shuffle(j, xy, zw, idx, 4 * LANES);
    for (unsigned r = 0; r < 2; r++) {
        for (unsigned p = 0; p < GROUP_COLS; p++)
            for (unsigned c = 0; c < 4; c++)
                idx[4 * p + c] = 4 * row_lane(r, p) + c;
        LLVMValueRef row = shuffle(j, all, NULL, idx, 4 * GROUP_COLS);
        if (pass)
            masked_store(j, row, row_p[r], row_pred(j, pass, r, 4), 16);
        else
            LLVMSetAlignment(LLVMBuildStore(j->b, row, row_p[r]), 16);
    }
}

/* The depth test's comparison of GL's order (NEVER .. ALWAYS), as
 * pipe_frag_compare makes it: NOTEQUAL holds for NaN, the others do not. */
static LLVMValueRef depth_compare(jit_fn *j, int func, LLVMValueRef z, LLVMValueRef stored)
{
    static const LLVMRealPredicate pred[8] = { LLVMRealPredicateFalse, LLVMRealOLT, LLVMRealOEQ,
                                               LLVMRealOLE, LLVMRealOGT, LLVMRealUNE,
                                               LLVMRealOGE, LLVMRealPredicateTrue };
    return LLVMBuildFCmp(j->b, pred[func & 7], z, stored, "");
}

/* A field of the nvgp_exec_span at sp, `off` bytes in, of type t. */
static LLVMValueRef field(jit_fn *j, LLVMValueRef sp, size_t off, LLVMTypeRef t)
{
    LLVMValueRef at = LLVMConstInt(j->i64, off, 0);
    LLVMValueRef p = LLVMBuildGEP2(j->b, LLVMInt8TypeInContext(j->cx), sp, &at, 1, "");
    return LLVMBuildLoad2(j->b, t, p, "");
}

/* Component c of OUT[reg] as the records left it: the kernel's value, or
 * after a call-out its warp's register (a call-out kernel's files start
 * cleared, so one nothing wrote is 0 there too), else 0. */
static LLVMValueRef out_component(jit_fn *j, uint32_t reg, unsigned c)
{
    jit_slot *s = jit_slot_find(j, jit_slot_key(TGSI_FILE_OUTPUT, reg, c));
    if (s->v)
        return s->v;
    return j->bank_files ? jit_get_comp(j, TGSI_FILE_OUTPUT, reg, c) : jit_splat_i32(j, 0);
}

/* The group's lanes' depths: the program's depth output (its z clamped
 * to [0,1], NaN to 0, as the pipeline's flush does) where it writes one,
 * else (float)(z[q] + z[4] dx). */
static LLVMValueRef lane_depth(jit_fn *j, const nvgp_exec_span_form *f, span_in *in,
                               LLVMValueRef z_p)
{
    if (f->depth_out >= 0) {
        return clamp01(j, LLVMBuildBitCast(j->b, out_component(j, (uint32_t)f->depth_out, 2),
                                           j->vf, ""));
    }
    return LLVMBuildFPTrunc(j->b, plane_at_q(j, in, z_p), j->vf, "");
}

/* Whether a record of m writes register off of file f. */
static bool writes_register(const nvgp_exec *m, uint32_t n, unsigned f, uint32_t off)
{
    for (uint32_t i = 0; i < n; i++) {
        const exec_frec *r = &m->fast->recs[i];
        const exec_operand *d = &m->code[i].dst[0];
        if (jit_record_ok(r) ? r->dfile == f && r->doff == off && r->wmask
                             : d->file == f && d->offset == off && d->writemask)
            return true;
    }
    return false;
}

/* The depth test of the group's lanes in cover (depth rows drow[2]): the
 * lanes that pass, their depths written where the form writes depth. */
static LLVMValueRef depth_test(jit_fn *j, const nvgp_exec_span_form *f, span_in *in,
                               LLVMValueRef z_p, LLVMValueRef drow[2], LLVMValueRef cover)
{
    LLVMTypeRef v16 = LLVMVectorType(j->f32, GROUP_COLS);
    LLVMValueRef z = lane_depth(j, f, in, z_p);
    LLVMValueRef stored_row[2];
    for (unsigned r = 0; r < 2; r++)
        stored_row[r] = masked_load(j, v16, drow[r], row_pred(j, cover, r, 1), 4);
    unsigned idx[LANES];
    for (unsigned l = 0; l < LANES; l++)   /* lane l: row (l % 4) / 2, pixel 2 (l / 4) + l % 2 */
        idx[l] = ((l % QUAD_LANES) / 2) * GROUP_COLS + 2 * (l / QUAD_LANES) + l % 2;
    LLVMValueRef stored = shuffle(j, stored_row[0], stored_row[1], idx, LANES);
    LLVMValueRef pass = LLVMBuildAnd(j->b, depth_compare(j, f->depth_func, z, stored), cover, "");
    if (f->depth_write)
        for (unsigned r = 0; r < 2; r++) {
            for (unsigned p = 0; p < GROUP_COLS; p++)
                idx[p] = row_lane(r, p);
            masked_store(j, shuffle(j, z, NULL, idx, GROUP_COLS), drow[r],
                         shuffle(j, pass, NULL, idx, GROUP_COLS), 4);
        }
    return pass;
}

/* A register's four components from the region's values (0 where none). */
static void out_components(jit_fn *j, uint32_t reg, LLVMValueRef v[4])
{
    for (unsigned c = 0; c < 4; c++)
        v[c] = LLVMBuildBitCast(j->b, out_component(j, reg, c), j->vf, "");
}

/* What blending reads besides the source. */
typedef struct blend_ops {
    LLVMValueRef src[4], src1[4], dst[4], constant[4];
} blend_ops;

/* A blend factor's value for component c (nvgp_exec_span_blend). */
static LLVMValueRef blend_factor(jit_fn *j, const nvgp_exec_span_factor *f, unsigned c,
                                 const blend_ops *o)
{
    LLVMValueRef v;
    unsigned k = f->alpha ? 3 : c;
    switch (f->operand) {
    case 1: v = o->src[k]; break;
    case 2: v = o->dst[k]; break;
    case 3: v = o->constant[k]; break;
    case 4: v = o->src1[k]; break;
    case 5: {
        /* (s, s, s, 1), s = min(As, 1 - Ad) */
        LLVMValueRef a = o->src[3], b = LLVMBuildFSub(j->b, splat_f(j, 1.0f), o->dst[3], "");
        v = c == 3 ? splat_f(j, 1.0f)
                   : LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, LLVMRealOLT, a, b, ""), a, b, "");
        break;
    }
    default: v = LLVMConstNull(j->vf); break;
    }
    return f->one_minus ? LLVMBuildFSub(j->b, splat_f(j, 1.0f), v, "") : v;
}

static LLVMValueRef blend_eq(jit_fn *j, unsigned eq, LLVMValueRef s, LLVMValueRef sf,
                             LLVMValueRef d, LLVMValueRef df)
{
    if (eq == 3 || eq == 4)   /* MIN, MAX: the factors unused */
        return LLVMBuildSelect(j->b, LLVMBuildFCmp(j->b, eq == 3 ? LLVMRealOLT : LLVMRealOGT, s, d, ""),
                               s, d, "");
    LLVMValueRef a = LLVMBuildFMul(j->b, s, sf, ""), b = LLVMBuildFMul(j->b, d, df, "");
    return eq == 1 ? LLVMBuildFSub(j->b, a, b, "") : eq == 2 ? LLVMBuildFSub(j->b, b, a, "")
                                                  : LLVMBuildFAdd(j->b, a, b, "");
}

/* The buffer's colours of the group's lanes in pass (0 elsewhere), from
 * its two pixel rows. */
static void load_dst(jit_fn *j, LLVMValueRef row_p[2], LLVMValueRef pass, LLVMValueRef dst[4])
{
    LLVMValueRef row[2];
    for (unsigned r = 0; r < 2; r++)
        row[r] = masked_load(j, LLVMVectorType(j->f32, 4 * GROUP_COLS), row_p[r],
                             row_pred(j, pass, r, 4), 16);
    unsigned idx[LANES];
    for (unsigned c = 0; c < 4; c++) {
        for (unsigned l = 0; l < LANES; l++) {
            unsigned r = (l % QUAD_LANES) / 2, p = 2 * (l / QUAD_LANES) + l % 2;
            idx[l] = r * 4 * GROUP_COLS + 4 * p + c;
        }
        dst[c] = shuffle(j, row[0], row[1], idx, LANES);
    }
}

/* The colour blended as the pipeline's pipe_frag_sources and pipe_blend
 * do it (sources clamped first for an RGBA8 buffer). */
static void blend(jit_fn *j, const nvgp_exec_span_form *f, uint32_t color1, LLVMValueRef v[4],
                  LLVMValueRef row_p[2], LLVMValueRef pass, LLVMValueRef bc_p)
{
    blend_ops o;
    out_components(j, color1, o.src1);
    for (unsigned c = 0; c < 4; c++) {
        o.src[c] = f->rgba8 ? clamp01(j, v[c]) : v[c];
        o.src1[c] = f->blend.color1 < 0 ? LLVMConstNull(j->vf)
                    : f->rgba8         ? clamp01(j, o.src1[c])
                                       : o.src1[c];
        o.constant[c] = splat_at(j, j->f32, bc_p, c);
    }
    load_dst(j, row_p, pass, o.dst);
    for (unsigned c = 0; c < 4; c++) {
        unsigned k = c == 3;
        v[c] = blend_eq(j, f->blend.eq[k], o.src[c], blend_factor(j, &f->blend.src[k], c, &o),
                        o.dst[c], blend_factor(j, &f->blend.dst[k], c, &o));
    }
}

LLVMModuleRef jit_build_span(const nvgp_exec *m, LLVMContextRef cx, const char *name,
                             const nvgp_exec_span_form *f, bool *callouts)
{
    bool calls;
    uint32_t n = kernel_records(m, f->words, &calls);
    uint32_t outs = m->file_size[TGSI_FILE_OUTPUT];
    if (!n || f->color >= outs || (f->rgba8 && !span_unorm8_exact()) || f->depth_func > 7 ||
        (f->depth_out >= 0 && (uint32_t)f->depth_out >= outs))
        return NULL;
    for (uint32_t w = 0; w < f->words; w++)
        if (!strchr("lpkXYZW", f->modes[w]) || !f->modes[w])
            return NULL;
    /* a depth output the program never writes: the lane's depth, as the
     * flush takes it where the machine wrote no lane of it */
    nvgp_exec_span_form form = *f;
    if (form.depth_out >= 0 && !writes_register(m, n, TGSI_FILE_OUTPUT, (uint32_t)form.depth_out))
        form.depth_out = -1;
    /* the second source the same way: 0 where the program writes none */
    if (form.blend.color1 >= 0 &&
        ((uint32_t)form.blend.color1 >= outs ||
         !writes_register(m, n, TGSI_FILE_OUTPUT, (uint32_t)form.blend.color1)))
        form.blend.color1 = -1;
    jit_fn j;
    memset(&j, 0, sizeof j);
    j.m = m;
    jit_set_types(&j, cx, LANES);
    j.mod = LLVMModuleCreateWithNameInContext("nvgp_span", cx);
    j.b = LLVMCreateBuilderInContext(cx);
    LLVMTypeRef f64 = LLVMDoubleTypeInContext(cx), vd = LLVMVectorType(f64, LANES);
    j.bank_files = calls;
    LLVMTypeRef params[3] = { j.ptr, j.ptr, j.ptr };   /* the nvgp_exec_span, bank, warp */
    j.fn = LLVMAddFunction(j.mod, name, LLVMFunctionType(LLVMVoidTypeInContext(cx), params, 3, 0));
    unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    LLVMAddAttributeAtIndex(j.fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(cx, nounwind, 0));
    LLVMValueRef sp = LLVMGetParam(j.fn, 0);
    j.bank = LLVMGetParam(j.fn, 1);
    LLVMValueRef warp = LLVMGetParam(j.fn, 2);

    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cx, j.fn, "");
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(cx, j.fn, "");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(cx, j.fn, "");
    LLVMPositionBuilderAtEnd(j.b, entry);
    for (unsigned k = 0; k < 3; k++) {
        j.buf[k] = LLVMBuildAlloca(j.b, j.vi, "");
        LLVMSetAlignment(j.buf[k], 64);
    }
#define SPAN_FIELD(name, type) field(&j, sp, offsetof(nvgp_exec_span, name), type)
    span_in in = { SPAN_FIELD(rows, j.ptr), SPAN_FIELD(slope, j.ptr), SPAN_FIELD(num_rows, j.ptr),
                   SPAN_FIELD(num_slope, j.ptr), SPAN_FIELD(q, j.ptr), SPAN_FIELD(konst, j.ptr),
                   SPAN_FIELD(z, j.ptr), SPAN_FIELD(pos_y, j.ptr), form.center_integer,
                   NULL, NULL, NULL, NULL, NULL, form.modes };
    LLVMValueRef z_p = in.z;
    LLVMValueRef x0 = SPAN_FIELD(x0, f64), qx = SPAN_FIELD(qx, j.i64);
    LLVMValueRef groups = SPAN_FIELD(groups, j.i32);
    LLVMValueRef row_base[2] = { SPAN_FIELD(row0, j.ptr), SPAN_FIELD(row1, j.ptr) };
    LLVMValueRef depth_base[2] = { SPAN_FIELD(depth0, j.ptr), SPAN_FIELD(depth1, j.ptr) };
    LLVMValueRef bc_p = SPAN_FIELD(blend_color, j.ptr);
    LLVMValueRef cover_p = SPAN_FIELD(cover, j.ptr);
#undef SPAN_FIELD
    LLVMValueRef zero32 = LLVMConstInt(j.i32, 0, 0);
    LLVMBuildCondBr(j.b, LLVMBuildICmp(j.b, LLVMIntEQ, groups, zero32, ""), done, body);

    LLVMPositionBuilderAtEnd(j.b, body);
    LLVMValueRef g = LLVMBuildPhi(j.b, j.i32, "");
    /* the lanes' columns, dx = (double)column + 0.5 - x0 */
    int64_t offs[LANES];
    for (unsigned l = 0; l < LANES; l++)
        offs[l] = 2 * (int64_t)(l / QUAD_LANES) + (int64_t)(l % 2);
    LLVMValueRef g64 = LLVMBuildZExt(j.b, g, j.i64, "");
    LLVMValueRef col0 = LLVMBuildAdd(j.b, qx, LLVMBuildMul(j.b, g64, LLVMConstInt(j.i64, GROUP_COLS, 0), ""), "");
    LLVMValueRef cols = LLVMBuildAdd(j.b, splat_vec(&j, col0, LANES), const_i64s(&j, offs, LANES), "");
    in.cols = cols;
    LLVMValueRef dx = LLVMBuildSIToFP(j.b, cols, vd, "");
    dx = LLVMBuildFAdd(j.b, dx, splat_vec(&j, LLVMConstReal(f64, 0.5), LANES), "");
    in.dx = LLVMBuildFSub(j.b, dx, splat_vec(&j, x0, LANES), "");

    bool ok = jit_slots_new(&j, n + form.words);
    if (ok) {
        const exec_frec *recs = m->fast->recs;
        seed_sources(&j, m, n, &in);
        for (uint32_t i = 0; ok && i < n; i++) {
            if (jit_record_ok(&recs[i]))
                ok = jit_emit_record(&j, &recs[i]);
            else
                emit_callout(&j, warp, i);
        }
    }
    if (ok) {
        /* the group's lanes to test and store */
        LLVMValueRef cover_bits =
            LLVMBuildLoad2(j.b, j.i32, LLVMBuildGEP2(j.b, j.i32, cover_p, &g64, 1, ""), "");
        LLVMValueRef cover =
            LLVMBuildBitCast(j.b, cover_bits, LLVMVectorType(LLVMInt1TypeInContext(cx), LANES), "");
        LLVMValueRef pass = cover;
        if (form.depth_func >= 0) {
            LLVMValueRef at = LLVMBuildMul(j.b, g64, LLVMConstInt(j.i64, GROUP_COLS, 0), "");
            LLVMValueRef drow[2];
            for (unsigned r = 0; r < 2; r++)
                drow[r] = LLVMBuildGEP2(j.b, j.f32, depth_base[r], &at, 1, "");
            pass = depth_test(&j, &form, &in, z_p, drow, cover);
        }
        LLVMValueRef row_p[2];
        LLVMValueRef at = LLVMBuildMul(j.b, g64, LLVMConstInt(j.i64, 4 * GROUP_COLS, 0), "");
        for (unsigned r = 0; r < 2; r++)
            row_p[r] = LLVMBuildGEP2(j.b, j.f32, row_base[r], &at, 1, "");
        LLVMValueRef values[4];
        out_components(&j, form.color, values);
        if (form.blend.on)
            blend(&j, &form, form.blend.color1 >= 0 ? (uint32_t)form.blend.color1 : 0, values,
                  row_p, pass, bc_p);
        for (unsigned c = 0; form.rgba8 && c < 4; c++)
            values[c] = unorm8(&j, values[c]);
        if (form.depth_func >= 0) {
            store_rows(&j, values, row_p, pass);
        } else {
            /* a whole group (most of a big triangle's) stores without
             * masks: the masked form costs the mask's spreading */
            LLVMBasicBlockRef whole = LLVMAppendBasicBlockInContext(cx, j.fn, "");
            LLVMBasicBlockRef part = LLVMAppendBasicBlockInContext(cx, j.fn, "");
            LLVMBasicBlockRef stored = LLVMAppendBasicBlockInContext(cx, j.fn, "");
            LLVMValueRef all = LLVMBuildICmp(j.b, LLVMIntEQ, cover_bits, LLVMConstInt(j.i32, ~0u, 0), "");
            LLVMBuildCondBr(j.b, all, whole, part);
            LLVMPositionBuilderAtEnd(j.b, whole);
            store_rows(&j, values, row_p, NULL);
            LLVMBuildBr(j.b, stored);
            LLVMPositionBuilderAtEnd(j.b, part);
            store_rows(&j, values, row_p, pass);
            LLVMBuildBr(j.b, stored);
            LLVMPositionBuilderAtEnd(j.b, stored);
        }
        LLVMValueRef next = LLVMBuildAdd(j.b, g, LLVMConstInt(j.i32, 1, 0), "");
        LLVMBuildCondBr(j.b, LLVMBuildICmp(j.b, LLVMIntULT, next, groups, ""), body, done);
        LLVMValueRef in_v[2] = { zero32, next };
        LLVMBasicBlockRef in_b[2] = { entry, LLVMGetInsertBlock(j.b) };
        LLVMAddIncoming(g, in_v, in_b, 2);
        LLVMPositionBuilderAtEnd(j.b, done);
        LLVMBuildRetVoid(j.b);
    }
    jit_slots_free(&j);
    LLVMDisposeBuilder(j.b);
    if (!ok || !jit_finish_module(j.mod, false)) {
        LLVMDisposeModule(j.mod);
        return NULL;
    }
    *callouts = calls;
    return j.mod;
}

#else /* !NVGP_HAVE_JIT */

typedef int exec_jit_span_unused;

#endif
