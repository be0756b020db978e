/* Running a decoded program: the dispatch loop (one handler per opcode row
 * of tgsi_opcodes.def), warp set-up (inputs and system values gathered into
 * structure-of-arrays registers), result scatter, and the stage drivers:
 * warps of 32 threads for vertex/fragment/tessellation/geometry programs,
 * work groups with shared memory and barriers for compute programs.  Work
 * items (warps or groups) can be spread over host threads. */
#include "exec/exec_fast.h"
#include "exec/exec_jit.h"
#include "exec/exec_pool.h"

#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

/* The handler table (exec_internal.h). */
const exec_handler exec_handlers[TGSI_OPCODE_COUNT] = {
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags) [TGSI_OPCODE_##name] = exec_op_##name,
#include "tgsi/tgsi_opcodes.def"
#undef OP
};

static void run_warp(exec_warp *w)
{
    /* a step hook (traces, the debugger) sees every instruction: the
     * reference engine runs hooked warps */
    if (w->m->fast && w->m->engine != EXEC_ENGINE_REFERENCE && !w->m->hook) {
        exec_fast_run_warp(w);
        return;
    }
    const nvgp_exec *m = w->m;
    const exec_insn *code = m->code;
    const uint32_t n = m->num_code;
    const uint64_t budget = m->budget;
    w->at_barrier = false;
    while (!w->done) {
        uint32_t pc = w->pc;
        if (pc >= n) {
            w->done = true;
            break;
        }
        const exec_insn *in = &code[pc];
        if (!exec_step_admit(w, in, pc, budget))
            break;
        if (!w->exec && !in->always)
            continue;
        /* (a full warp is the common case: spare the population count) */
        w->lane_count += w->exec == FULL_MASK ? LANES : exec_lanes(w->exec);
        if (m->hook)  /* tracing, debugging: exec_hook.c */
            exec_hook_step(w, in, exec_handlers[in->op]);
        else
            exec_handlers[in->op](w, in);
        if (w->at_barrier)
            break;
    }
}

void exec_uniform_constants(nvgp_exec *m)
{
    for (uint32_t b = 0; b < m->num_const_buffers; b++)
        for (uint32_t i = 0; i < m->const_decl_last[b]; i++) {
            exec_reg *r = &m->uregs[m->const_ureg_base[b] + i];
            for (unsigned c = 0; c < 4; c++) {
                uint32_t v = b < m->const_buffers_cap && i < m->const_count[b]
                                 ? m->consts[b][i * 4 + c] : 0;
                for (unsigned l = 0; l < LANES; l++)
                    r->c[c].u[l] = v;
            }
        }
}

/* ---- thread numbering -------------------------------------------------- */

static uint32_t threads_per_invocation(const nvgp_exec *m)
{
    if (m->processor == TGSI_PROCESSOR_GEOMETRY)
        return m->gs_invocations;
    if (m->processor == TGSI_PROCESSOR_TESS_CTRL)
        return m->tcs_vertices_out;
    return 1;
}

static void decompose(uint32_t v, const uint32_t dims[3], uint32_t out[3])
{
    out[0] = v % dims[0];
    out[1] = (v / dims[0]) % dims[1];
    out[2] = v / (dims[0] * dims[1]);
}

uint32_t nvgp_exec_threads_per_invocation(const nvgp_exec *m)
{
    return threads_per_invocation(m);
}

/* Default value of a system value for a thread in a lane. */
static void sv_default(const exec_warp *w, uint8_t sem, uint32_t t, unsigned lane,
                       uint32_t v[4])
{
    const nvgp_exec *m = w->m;
    uint32_t tpi = threads_per_invocation(m);
    uint32_t bsize = m->block[0] * m->block[1] * m->block[2];
    v[0] = v[1] = v[2] = v[3] = 0;
    switch (sem) {
    case TGSI_SEMANTIC_THREAD_ID:
        decompose(t % bsize, m->block, v);
        break;
    case TGSI_SEMANTIC_BLOCK_ID:
        decompose(t / bsize, m->grid, v);
        break;
    case TGSI_SEMANTIC_BLOCK_SIZE:
        memcpy(v, m->block, sizeof(uint32_t) * 3);
        break;
    case TGSI_SEMANTIC_GRID_SIZE:
        memcpy(v, m->grid, sizeof(uint32_t) * 3);
        break;
    case TGSI_SEMANTIC_INVOCATIONID:
        v[0] = t % tpi;
        break;
    case TGSI_SEMANTIC_VERTEXID:
    case TGSI_SEMANTIC_VERTEXID_NOBASE:
        v[0] = t;
        break;
    case TGSI_SEMANTIC_PRIMID:
        v[0] = t / tpi;
        break;
    case TGSI_SEMANTIC_HELPER_INVOCATION:
        v[0] = (w->helper >> lane) & 1 ? ~0u : 0;
        break;
    case TGSI_SEMANTIC_SUBGROUP_SIZE:
        v[0] = LANES;
        break;
    case TGSI_SEMANTIC_SUBGROUP_INVOCATION:
        v[0] = lane;
        break;
    case TGSI_SEMANTIC_SUBGROUP_EQ_MASK:
        v[0] = 1u << lane;
        break;
    case TGSI_SEMANTIC_SUBGROUP_GE_MASK:
        v[0] = ~0u << lane;
        break;
    case TGSI_SEMANTIC_SUBGROUP_GT_MASK:
        v[0] = lane == 31 ? 0 : ~0u << (lane + 1);
        break;
    case TGSI_SEMANTIC_SUBGROUP_LE_MASK:
        v[0] = lane == 31 ? ~0u : (2u << lane) - 1;
        break;
    case TGSI_SEMANTIC_SUBGROUP_LT_MASK:
        v[0] = (1u << lane) - 1;
        break;
    case TGSI_SEMANTIC_VERTICESIN:
        v[0] = m->vertices;
        break;
    case TGSI_SEMANTIC_FACE:
        v[0] = v[1] = v[2] = v[3] = 0x3f800000u;
        break;
    case TGSI_SEMANTIC_SAMPLEMASK:
        v[0] = 1;
        break;
    case TGSI_SEMANTIC_WORK_DIM:
        v[0] = 3;
        break;
    default:
        break;
    }
}

static void apply_sv_override(const exec_sv_override *o, uint32_t v[4])
{
    for (unsigned c = 0; c < 4; c++)
        if (o->mask & (1u << c))
            v[c] = o->value[c];
}

static void fill_system_values(exec_warp *w)
{
    const nvgp_exec *m = w->m;
    for (uint32_t s = 0; s < m->num_sv_decls; s++) {
        const exec_sv_decl *d = &m->svs[s];
        exec_reg *r = &w->file[TGSI_FILE_SYSTEM_VALUE][d->index];
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t t = w->first_thread + l, v[4];
            sv_default(w, d->semantic, t, l, v);
            /* the setting for all threads, then the thread's own: each
             * holds what its earlier settings merged (build_sv_maps) */
            int32_t all = m->sv_all[s], own = -1;
            if (m->sv_map[s] && t < m->num_threads)
                own = m->sv_map[s][t];
            if (all >= 0)
                apply_sv_override(&m->sv_over[all], v);
            if (own >= 0)
                apply_sv_override(&m->sv_over[own], v);
            for (unsigned c = 0; c < 4; c++)
                r->c[c].u[l] = v[c];
        }
    }
}

/* ---- warps -------------------------------------------------------------------- */

static bool warp_alloc(exec_warp *w, nvgp_exec *m)
{
    memset(w, 0, sizeof *w);
    w->m = m;
    /* cache-line aligned for whole-vector loads (exec_fast_kern.h) */
    w->regs = aligned_alloc(64, sizeof(exec_reg) * (m->warp_regs ? m->warp_regs : 1));
    w->priv = m->num_mem ? calloc((size_t)m->private_size * LANES + 1, 1) : NULL;
    w->out_wr = calloc(m->file_size[TGSI_FILE_OUTPUT] + 1, sizeof(uint32_t));
    return w->regs && w->out_wr && (!m->num_mem || w->priv);
}

static void warp_free(exec_warp *w)
{
    free(w->regs);
    free(w->cond_stack);
    free(w->loop_stack);
    free(w->sw_stack);
    free(w->priv);
    free(w->out_wr);
}

exec_warp *exec_span_warp(nvgp_exec *m)
{
    if (m->span_warp)
        return m->span_warp;
    exec_warp *w = calloc(1, sizeof *w);
    static const uint8_t order[] = { TGSI_FILE_TEMPORARY, TGSI_FILE_OUTPUT, TGSI_FILE_INPUT,
                                     TGSI_FILE_ADDRESS };
    uint32_t size[sizeof order], total = 0;
    for (unsigned i = 0; i < sizeof order; i++) {
        size[i] = order[i] == TGSI_FILE_INPUT ? m->num_inputs : m->file_size[order[i]];
        total += size[i];
    }
    size_t bytes = sizeof(exec_reg) * (total ? total : 1);
    if (w) {
        w->m = m;
        w->regs = aligned_alloc(64, bytes);
        w->out_wr = calloc(m->file_size[TGSI_FILE_OUTPUT] + 1, sizeof(uint32_t));
    }
    if (!w || !w->regs || !w->out_wr) {
        if (w)
            free(w->regs), free(w->out_wr);
        free(w);
        return NULL;
    }
    memset(w->regs, 0, bytes);
    for (unsigned i = 0, off = 0; i < sizeof order; off += size[i], i++)
        w->file[order[i]] = w->regs + off;
    w->active = w->live = w->exec = FULL_MASK;
    w->cond = w->loop = w->cont = w->sw = w->func = FULL_MASK;
    m->span_warp = w;
    return w;
}

void exec_span_warp_free(nvgp_exec *m)
{
    if (m->span_warp)
        warp_free(m->span_warp);
    free(m->span_warp);
    m->span_warp = NULL;
}

void exec_span_callout(exec_warp *w, uint32_t pc)
{
    const exec_insn *in = &w->m->code[pc];
    exec_handlers[in->op](w, in);
}

/* Starts a warp on threads first..first+lanes-1.  (A short program spends
 * much of its time here and in warp_end: what is cleared is what a warp
 * can have changed, and a block the inputs fill whole is not cleared.) */
static void warp_begin(exec_warp *w, uint32_t first, uint32_t lanes)
{
    nvgp_exec *m = w->m;
    exec_reg *regs = w->regs;
    uint8_t *priv = w->priv;
    uint32_t *out_wr = w->out_wr;
    /* the state from pc to call_stack (m, regs and file[] stay: a warp
     * structure serves one machine, whose files are set again below; a
     * small constant size, which the compiler clears with a few stores) */
    memset(&w->pc, 0, offsetof(exec_warp, call_stack) - offsetof(exec_warp, pc));
    w->count = w->lane_count = w->faults = 0;
    /* only EMIT and ENDPRIM (geometry programs) count these */
    if (m->processor == TGSI_PROCESSOR_GEOMETRY) {
        memset(w->emit_count, 0, sizeof w->emit_count);
        memset(w->prim_count, 0, sizeof w->prim_count);
        memset(w->lane_emits, 0, sizeof w->lane_emits);
    }
    w->m = m;
    w->regs = regs;
    w->priv = priv;
    w->out_wr = out_wr;
    memset(out_wr, 0, sizeof(uint32_t) * m->file_size[TGSI_FILE_OUTPUT]);
    uint32_t off = 0;
    static const uint8_t order[] = { TGSI_FILE_TEMPORARY, TGSI_FILE_OUTPUT, TGSI_FILE_INPUT,
                                     TGSI_FILE_SYSTEM_VALUE, TGSI_FILE_ADDRESS };
    for (unsigned i = 0; i < sizeof order; i++) {
        w->file[order[i]] = regs + off;
        off += m->file_size[order[i]];
    }
    w->first_thread = first;
    w->active = lanes >= LANES ? FULL_MASK : (1u << lanes) - 1;
    w->live = w->active;
    w->cond = w->loop = w->cont = w->sw = w->func = FULL_MASK;
    w->status = NVGP_EXEC_OK;
    if (priv)
        memset(priv, 0, (size_t)m->private_size * LANES);

    uint32_t tpi = threads_per_invocation(m);
    uint32_t ni = m->num_inputs;
    exec_reg *in = w->file[TGSI_FILE_INPUT];
    /* (the checks and the division hoisted out of the lane loop: this
     * transposition is a large part of a short program's time) */
    bool frag = m->processor == TGSI_PROCESSOR_FRAGMENT;
    uint32_t per_inv = m->vertices * ni; /* registers: in[v * ni + i] */
    unsigned n = lanes < LANES ? lanes : LANES;
    /* one invocation a lane, all of them bound: each register is a block
     * transposition (exec_fast_io.c) */
    bool gather = m->processor != TGSI_PROCESSOR_COMPUTE && tpi == 1 &&
                  first + n <= m->invocations;
    /* TEMP and OUT (the blocks before INPUT) but the registers a full
     * warp's opening instructions write whole first; INPUT unless every
     * word of it is about to be written (a full warp's gather; the block
     * may be larger than what is gathered, so only when they are the
     * same); what follows */
    size_t before_in = (size_t)(in - regs), in_regs = m->file_size[TGSI_FILE_INPUT];
    if (m->output_warps && m->file_size[TGSI_FILE_OUTPUT])   /* the OUT file where it goes */
        w->file[TGSI_FILE_OUTPUT] = (exec_reg *)(void *)(m->output_warps +
            exec_warp_word(first, m->file_size[TGSI_FILE_OUTPUT], 0));
    exec_fast_clear(m, regs, w->file[TGSI_FILE_OUTPUT], n == LANES);
    if (!(gather && n == LANES && in_regs == per_inv))
        memset(in, 0, sizeof(exec_reg) * in_regs);
    memset(in + in_regs, 0, sizeof(exec_reg) * (m->warp_regs - before_in - in_regs));
    if (gather && m->input_warps) {
        /* the block is the registers' layout: copies, the lanes past the
         * invocations left 0 as above */
        const uint32_t *src = m->input_warps + exec_warp_word(first, per_inv, 0);
        if (n == LANES && in_regs == per_inv && !((uintptr_t)src & 63)) {
            /* a full warp reads its inputs where they lie (nothing writes
             * the input file; the compiled code's aligned loads need 64) */
            w->file[TGSI_FILE_INPUT] = (exec_reg *)(uintptr_t)src;
        } else if (n == LANES) {
            memcpy(in, src, sizeof(exec_reg) * per_inv);
        } else {
            for (uint32_t k = 0; k < per_inv; k++)
                for (unsigned c = 0; c < 4; c++)
                    memcpy(in[k].c[c].u, src + (k * 4 + c) * LANES, n * sizeof(uint32_t));
        }
        if (frag)
            w->helper = exec_io_mask_of(m->helper_in + first, n);
        n = 0; /* done */
    } else if (gather) {
        for (uint32_t k = 0; k < per_inv; k++)
            exec_io_gather4(&in[k], m->input_view + ((uint64_t)first * per_inv + k) * 4,
                            (size_t)per_inv * 4, n);
        if (frag)
            w->helper = exec_io_mask_of(m->helper_in + first, n);
        n = 0; /* done */
    }
    for (unsigned l = 0; m->processor != TGSI_PROCESSOR_COMPUTE && l < n; l++) {
        uint32_t t = first + l;
        uint32_t inv = tpi == 1 ? t : t / tpi;
        if (inv >= m->invocations)
            continue;
        if (frag && m->helper_in[inv])
            w->helper |= 1u << l;
        if (!per_inv)   /* no inputs: m->input_view may be NULL */
            continue;
        const uint32_t *src = m->input_view + (uint64_t)inv * per_inv * 4;
        for (uint32_t k = 0; k < per_inv; k++)
            for (unsigned c = 0; c < 4; c++)
                in[k].c[c].u[l] = src[k * 4 + c];
    }
    fill_system_values(w);
    exec_update_mask(w);
}

/* Tess control: the threads of a patch share its output file.  Each
 * register is taken from the last lane of the patch that wrote it. */
static unsigned output_source_lane(const exec_warp *w, unsigned l, uint32_t r)
{
    const nvgp_exec *m = w->m;
    if (m->processor != TGSI_PROCESSOR_TESS_CTRL)
        return l;
    uint32_t v = m->tcs_vertices_out;
    unsigned base = l - (w->first_thread + l) % v;
    uint32_t group = (v >= LANES ? FULL_MASK : ((1u << v) - 1)) << base;
    uint32_t wrote = w->out_wr[r] & group;
    return wrote ? 31u - (unsigned)__builtin_clz(wrote) : l;
}

static void warp_end(exec_warp *w)
{
    nvgp_exec *m = w->m;
    uint32_t per = m->out_vertices * m->num_outputs;
    bool tcs = m->processor == TGSI_PROCESSOR_TESS_CTRL;
    /* the active lanes are 0..n-1 (warp_begin) */
    unsigned n = exec_lanes(w->active);
    if (!tcs && w->active == (n == LANES ? FULL_MASK : (1u << n) - 1)) {
        const exec_reg *out = w->file[TGSI_FILE_OUTPUT];
        for (uint32_t r = 0; r < per && !m->output_warps; r++)
            exec_io_scatter4(m->outputs + ((uint64_t)w->first_thread * per + r) * 4,
                             (size_t)per * 4, &out[r], n);
        uint32_t t = w->first_thread;
        exec_io_put_bits(m->killed + t, ~w->live, n);
        exec_io_put_bits(m->demoted_out + t, w->demoted, n);
        exec_io_put_bits(m->helper_out + t, w->helper, n);
        /* (an atomic add on the machine, shared by every host thread, only
         * when there is something to add) */
        if (w->faults)
            atomic_fetch_add(&m->faults, w->faults);
        return;
    }
    for (unsigned l = 0; l < LANES; l++) {
        if (!((w->active >> l) & 1))
            continue;
        uint32_t t = w->first_thread + l;
        uint32_t *dst = m->outputs + (uint64_t)t * per * 4;
        const exec_reg *out = w->file[TGSI_FILE_OUTPUT];
        for (uint32_t r = 0; r < per && !m->output_warps; r++) {
            unsigned src = tcs ? output_source_lane(w, l, r) : l;
            for (unsigned c = 0; c < 4; c++)
                dst[r * 4 + c] = out[r].c[c].u[src];
        }
        m->killed[t] = !((w->live >> l) & 1);
        m->demoted_out[t] = (w->demoted >> l) & 1;
        m->helper_out[t] = (w->helper >> l) & 1;
    }
    if (w->faults)
        atomic_fetch_add(&m->faults, w->faults);
}

/* ---- scheduling ------------------------------------------------------------ */

typedef struct run_ctx {
    nvgp_exec *m;
    uint32_t items;            /* warps, or work groups */
    uint32_t chunk;            /* warps a thread takes at a time */
    pthread_mutex_t lock;
    uint32_t fail_item;
    uint32_t fail_offset;
    nvgp_exec_status fail_status;
    uint64_t warp_insns, lane_insns;
    /* the counter every thread takes work from, on a cache line of its
     * own: an increment does not take away the line of what threads read */
    _Alignas(64) _Atomic uint32_t next;
    char pad[64 - sizeof(uint32_t)];
} run_ctx;

/* Warps a thread takes at once.  Adjacent warps write adjacent bytes of
 * the per-thread flag arrays (32 a warp, 64 a cache line): taken one at a
 * time by alternating threads, two threads would write the same lines
 * (false sharing), and every warp would cost an atomic increment of the
 * shared counter.  A chunk of an even number of warps starts on a line of
 * its own; small enough that the last chunks still balance the threads. */
static uint32_t warp_chunk(uint32_t items, unsigned threads)
{
    if (threads <= 1)
        return 2; /* (a pair of warps: exec_fast_run_pair) */
    uint32_t c = 16;
    while (c > 2 && items / c < 32u * threads)
        c /= 2;
    return c;
}

static void note_failure(run_ctx *ctx, uint32_t item, const exec_warp *w)
{
    nvgp_exec *m = ctx->m;
    pthread_mutex_lock(&ctx->lock);
    if (item < ctx->fail_item) {
        atomic_store(&m->stop_thread, w->first_thread);
        ctx->fail_item = item;
        ctx->fail_status = w->status;
        const exec_insn *in = w->fail_pc < m->num_code ? &m->code[w->fail_pc] : NULL;
        ctx->fail_offset = in ? in->source_offset : 0;
        uint32_t last = w->first_thread +
                        (w->active ? (uint32_t)(31 - __builtin_clz(w->active)) : 0);
        snprintf(m->error, sizeof m->error, "%s (warp of threads %u..%u)", w->fail_msg,
                 w->first_thread, last);
    }
    pthread_mutex_unlock(&ctx->lock);
}

/* A thread's counts, added to the run's once, when it has no more work
 * (a lock taken a warp would be shared by the threads warp after warp). */
typedef struct thread_stats {
    uint64_t warp_insns, lane_insns;
} thread_stats;

static void count_warp(thread_stats *ts, const exec_warp *w)
{
    ts->warp_insns += w->count;
    ts->lane_insns += w->lane_count;
}

static void add_stats(run_ctx *ctx, const thread_stats *ts)
{
    pthread_mutex_lock(&ctx->lock);
    ctx->warp_insns += ts->warp_insns;
    ctx->lane_insns += ts->lane_insns;
    pthread_mutex_unlock(&ctx->lock);
}

/* Whether warps of m run two at a time now: the JIT's code for pairs of
 * warps is in place (its second tier) and nothing hooks the warps. */
static bool pairs_now(const nvgp_exec *m)
{
    return m->fast && m->engine == EXEC_ENGINE_JIT && !m->hook && exec_jit_pair_regions(m);
}

/* Starts warp w of item on this thread (false: an earlier warp failed,
 * the run is over). */
static bool item_begin(const run_ctx *ctx, exec_warp *w, uint32_t item)
{
    const nvgp_exec *m = ctx->m;
    uint32_t tpw = m->threads_per_warp;
    uint32_t first = item * tpw;
    if (first > atomic_load_explicit(&m->stop_thread, memory_order_relaxed))
        return false;
    uint32_t lanes = m->num_threads - first < tpw ? m->num_threads - first : tpw;
    warp_begin(w, first, lanes);
    return true;
}

static void item_end(run_ctx *ctx, exec_warp *w, uint32_t item, thread_stats *ts)
{
    if (w->status != NVGP_EXEC_OK)
        note_failure(ctx, item, w);
    warp_end(w);
    count_warp(ts, w);
}

static int worker_warps(void *arg)
{
    run_ctx *ctx = arg;
    nvgp_exec *m = ctx->m;
    exec_warp w, w2;
    /* the second warp of a pair, where the JIT has pair code (from the
     * start of the run: a run that starts before it runs without) */
    bool two = pairs_now(m);
    memset(&w2, 0, sizeof w2);
    if (!warp_alloc(&w, m) || (two && !warp_alloc(&w2, m))) {
        warp_free(&w);
        if (two)
            warp_free(&w2);
        return 1;
    }
    thread_stats ts = { 0, 0 };
    bool over = false;
    while (!over) {
        uint32_t item = atomic_fetch_add(&ctx->next, ctx->chunk);
        if (item >= ctx->items)
            break;
        uint32_t end = ctx->items - item < ctx->chunk ? ctx->items : item + ctx->chunk;
        while (item < end) {
            if (!item_begin(ctx, &w, item)) {
                over = true; /* an earlier warp failed: the run is over */
                break;
            }
            if (two && item + 1 < end && item_begin(ctx, &w2, item + 1)) {
                exec_fast_run_pair(&w, &w2);
                item_end(ctx, &w, item, &ts);
                /* the second warp as if it had started after the first:
                 * dropped when the first (or an earlier warp) failed */
                if ((item + 1) * m->threads_per_warp >
                    atomic_load_explicit(&m->stop_thread, memory_order_relaxed)) {
                    over = true;
                    break;
                }
                item_end(ctx, &w2, item + 1, &ts);
                item += 2;
                continue;
            }
            run_warp(&w);
            item_end(ctx, &w, item, &ts);
            item++;
        }
    }
    add_stats(ctx, &ts);
    warp_free(&w);
    if (two)
        warp_free(&w2);
    return 0;
}

static int worker_groups(void *arg)
{
    run_ctx *ctx = arg;
    nvgp_exec *m = ctx->m;
    uint32_t bsize = m->block[0] * m->block[1] * m->block[2];
    uint32_t nw = (bsize + LANES - 1) / LANES;
    exec_warp *ws = calloc(nw, sizeof *ws);
    uint8_t *shared = calloc((size_t)m->shared_size + 1, 1);
    bool ok = ws && shared;
    thread_stats ts = { 0, 0 };
    for (uint32_t i = 0; ok && i < nw; i++)
        ok = warp_alloc(&ws[i], m);
    while (ok) {
        uint32_t g = atomic_fetch_add(&ctx->next, 1);
        if (g >= ctx->items || (uint64_t)g * bsize > atomic_load(&m->stop_thread))
            break;
        memset(shared, 0, m->shared_size);
        for (uint32_t i = 0; i < nw; i++) {
            uint32_t first = g * bsize + i * LANES;
            uint32_t lanes = bsize - i * LANES < LANES ? bsize - i * LANES : LANES;
            warp_begin(&ws[i], first, lanes);
            ws[i].group = g;
            ws[i].shared = shared;
        }
        /* Run every warp to its next barrier (or its end), then release the
         * barrier, until all are done. */
        bool failed = false;
        for (;;) {
            bool any = false;
            for (uint32_t i = 0; i < nw && !failed; i++) {
                if (ws[i].done)
                    continue;
                run_warp(&ws[i]);
                if (ws[i].status != NVGP_EXEC_OK) {
                    note_failure(ctx, g, &ws[i]);
                    failed = true;
                }
                any = true;
            }
            if (!any || failed)
                break;
        }
        for (uint32_t i = 0; i < nw; i++) {
            warp_end(&ws[i]);
            count_warp(&ts, &ws[i]);
        }
    }
    add_stats(ctx, &ts);
    if (ws)
        for (uint32_t i = 0; i < nw; i++)
            warp_free(&ws[i]);
    free(ws);
    free(shared);
    return ok ? 0 : 1;
}

static int cmp_emitted(const void *a, const void *b)
{
    const exec_emitted *x = a, *y = b;
    if (x->thread != y->thread)
        return x->thread < y->thread ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

bool exec_emit_vertex(nvgp_exec *m, uint32_t thread, uint8_t stream, uint32_t primitive,
                      const exec_warp *w, unsigned lane)
{
    if (m->num_emitted == m->cap_emitted) {
        uint32_t ncap = m->cap_emitted ? m->cap_emitted * 2 : 64;
        exec_emitted *n = realloc(m->emitted, sizeof *n * ncap);
        if (!n)
            return false;
        m->emitted = n;
        m->cap_emitted = ncap;
    }
    uint32_t *vals = malloc(sizeof(uint32_t) * 4 * (m->num_outputs + 1));
    if (!vals)
        return false;
    for (uint32_t r = 0; r < m->num_outputs; r++)
        for (unsigned c = 0; c < 4; c++)
            vals[r * 4 + c] = w->file[TGSI_FILE_OUTPUT][r].c[c].u[lane];
    exec_emitted *e = &m->emitted[m->num_emitted++];
    e->thread = thread;
    e->stream = stream;
    e->primitive = primitive;
    e->values = vals;
    e->seq = m->num_emitted - 1;
    return true;
}

static void free_sv_maps(nvgp_exec *m)
{
    if (m->sv_map)
        for (uint32_t s = 0; s < m->num_sv_decls; s++)
            free(m->sv_map[s]);
    free(m->sv_map);
    free(m->sv_all);
    m->sv_map = NULL;
    m->sv_all = NULL;
}

/* A later setting takes the components it leaves alone from the earlier
 * one of the same key (the same value again when the maps are rebuilt). */
static void merge_sv_override(exec_sv_override *later, const exec_sv_override *earlier)
{
    for (unsigned c = 0; c < 4; c++)
        if (!(later->mask & (1u << c)) && (earlier->mask & (1u << c)))
            later->value[c] = earlier->value[c];
    later->mask |= earlier->mask;
}

/* Indexes the system-value overrides by declaration and thread, so that
 * warp set-up reads them in constant time.  Later settings win, component
 * by component; a setting for one thread wins over one for all. */
static bool build_sv_maps(nvgp_exec *m)
{
    uint32_t n = m->num_sv_decls;
    m->sv_map = calloc(n + 1, sizeof *m->sv_map);
    m->sv_all = malloc(sizeof *m->sv_all * (n + 1));
    if (!m->sv_map || !m->sv_all)
        return false;
    for (uint32_t s = 0; s < n; s++) {
        const exec_sv_decl *d = &m->svs[s];
        m->sv_all[s] = -1;
        for (uint32_t o = 0; o < m->num_sv_over; o++) {
            exec_sv_override *ov = &m->sv_over[o];
            if (ov->semantic != d->semantic || ov->semantic_index != d->semantic_index)
                continue;
            if (ov->thread == NVGP_EXEC_ALL) {
                if (m->sv_all[s] >= 0)
                    merge_sv_override(ov, &m->sv_over[m->sv_all[s]]);
                m->sv_all[s] = (int32_t)o;
                continue;
            }
            if (ov->thread >= m->num_threads)
                continue;
            if (!m->sv_map[s]) {
                m->sv_map[s] = malloc(sizeof(int32_t) * (m->num_threads + 1));
                if (!m->sv_map[s])
                    return false;
                for (uint32_t t = 0; t < m->num_threads; t++)
                    m->sv_map[s][t] = -1;
            }
            if (m->sv_map[s][ov->thread] >= 0)
                merge_sv_override(ov, &m->sv_over[m->sv_map[s][ov->thread]]);
            m->sv_map[s][ov->thread] = (int32_t)o;
        }
    }
    return true;
}

/* The last run's per-thread result arrays, taken from the machine to be
 * used again by a run of the same shape: every thread's words are written
 * again (warp_end), and fresh arrays would cost a page fault and zeroing a
 * page at a time, a large part of a short program's run. */
typedef struct kept_results {
    uint32_t *outputs;
    bool *killed, *demoted, *helper;
    size_t threads, words;
} kept_results;

static kept_results take_results(nvgp_exec *m)
{
    kept_results k = { m->outputs, m->killed, m->demoted_out, m->helper_out, m->res_threads,
                       m->res_words };
    m->outputs = NULL;
    m->killed = m->demoted_out = m->helper_out = NULL;
    return k;
}

static void drop_results(kept_results *k)
{
    free(k->outputs);
    free(k->killed);
    free(k->demoted);
    free(k->helper);
    memset(k, 0, sizeof *k);
}

nvgp_exec_status nvgp_exec_run(nvgp_exec *m, nvgp_diag *diag)
{
    kept_results kept = take_results(m);
    exec_free_results(m);
    m->error[0] = 0;
    atomic_store(&m->faults, 0);
    m->warp_insns = m->lane_insns = 0;

    bool compute = m->processor == TGSI_PROCESSOR_COMPUTE;
    uint64_t nthreads, items;
    if (compute) {
        uint64_t groups = (uint64_t)m->grid[0] * m->grid[1] * m->grid[2];
        nthreads = groups * m->block[0] * m->block[1] * m->block[2];
        items = groups;
    } else {
        nthreads = (uint64_t)m->invocations * threads_per_invocation(m);
        m->threads_per_warp = LANES;
        if (m->processor == TGSI_PROCESSOR_TESS_CTRL) {
            if (m->tcs_vertices_out > LANES) {
                snprintf(m->error, sizeof m->error,
                         "TCS_VERTICES_OUT %u: more than the %u lanes of a warp",
                         m->tcs_vertices_out, LANES);
                drop_results(&kept);
                if (diag)
                    nvgp_diag_error(diag, 0, "%s", m->error);
                return m->status = NVGP_EXEC_ERROR_UNSUPPORTED;
            }
            m->threads_per_warp = LANES / m->tcs_vertices_out * m->tcs_vertices_out;
        }
        items = (nthreads + m->threads_per_warp - 1) / m->threads_per_warp;
    }
    if (!exec_inputs_ready(m)) {
        drop_results(&kept);
        snprintf(m->error, sizeof m->error, "out of memory for the inputs");
        if (diag)
            nvgp_diag_error(diag, 0, "%s", m->error);
        return m->status = NVGP_EXEC_ERROR_NOMEM;
    }
    if (nthreads > (1u << 24)) {
        drop_results(&kept);
        snprintf(m->error, sizeof m->error, "too many threads (%llu)",
                 (unsigned long long)nthreads);
        if (diag)
            nvgp_diag_error(diag, 0, "%s", m->error);
        return m->status = NVGP_EXEC_ERROR_BINDING;
    }
    m->num_threads = (uint32_t)nthreads;
    m->in_vertices = m->vertices > m->in_dim_used ? m->vertices : m->in_dim_used;
    if (!m->in_vertices)
        m->in_vertices = 1;
    m->file_size[TGSI_FILE_INPUT] = m->num_inputs * m->in_vertices;
    m->warp_regs = 0;
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++)
        m->warp_regs += m->file_size[f];

    exec_uniform_constants(m);

    size_t nt = m->num_threads ? m->num_threads : 1;
    size_t words = nt * m->out_vertices * (m->num_outputs ? m->num_outputs : 1) * 4;
    if (kept.outputs && kept.killed && kept.demoted && kept.helper && kept.threads == nt &&
        kept.words == words) {
        m->outputs = kept.outputs;
        m->killed = kept.killed;
        m->demoted_out = kept.demoted;
        m->helper_out = kept.helper;
    } else {
        drop_results(&kept);
        m->outputs = calloc(words, sizeof(uint32_t));
        m->killed = calloc(nt, sizeof(bool));
        m->demoted_out = calloc(nt, sizeof(bool));
        m->helper_out = calloc(nt, sizeof(bool));
    }
    m->res_threads = nt;
    m->res_words = words;
    /* only geometry programs emit (nvgp_exec_num_emitted: 0 without an index) */
    bool geom = m->processor == TGSI_PROCESSOR_GEOMETRY;
    m->emit_index = geom ? calloc(nt + 1, sizeof(uint32_t)) : NULL;
    if (!m->outputs || !m->killed || !m->demoted_out || !m->helper_out || (geom && !m->emit_index) ||
        !build_sv_maps(m)) {
        free_sv_maps(m);
        exec_free_results(m);
        snprintf(m->error, sizeof m->error, "out of memory");
        if (diag)
            nvgp_diag_error(diag, 0, "%s", m->error);
        return m->status = NVGP_EXEC_ERROR_NOMEM;
    }

    /* the JIT's code, compiled once per machine before any warp runs (a
     * machine it cannot compile runs the fast engine) */
    if (m->engine == EXEC_ENGINE_JIT && m->fast && !m->hook)
        (void)exec_jit_prepare_run(m, items);

    run_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.m = m;
    ctx.items = (uint32_t)items;
    atomic_init(&ctx.next, 0);
    ctx.fail_item = UINT32_MAX;
    atomic_store(&m->stop_thread, UINT32_MAX);
    pthread_mutex_init(&ctx.lock, NULL);
    int (*fn)(void *) = compute ? worker_groups : worker_warps;
    unsigned nthr = m->threads;
    /* Emitted vertices are appended in order: geometry runs on one thread. */
    if (m->processor == TGSI_PROCESSOR_GEOMETRY || items < 2)
        nthr = 1;
    if (m->hook)  /* a watched run: steps in one order (exec_hook.h) */
        nthr = 1;
    if (nthr > items)
        nthr = (unsigned)items;
    ctx.chunk = compute ? 1 : warp_chunk(ctx.items, nthr);
    /* warps and groups are independent: any number of threads gives the
     * same results (exec_pool.c: threads shared by every run) */
    int rc = exec_pool_run(nthr, fn, &ctx);
    pthread_mutex_destroy(&ctx.lock);
    free_sv_maps(m);
    m->warp_insns = ctx.warp_insns;
    m->lane_insns = ctx.lane_insns;

    if (m->num_emitted)
        qsort(m->emitted, m->num_emitted, sizeof *m->emitted, cmp_emitted);
    for (uint32_t i = 0; i < m->num_emitted; i++)
        m->emit_index[m->emitted[i].thread + 1]++;
    /* (all zeros without emitted vertices: the fresh pages stay untouched) */
    for (uint32_t t = 0; m->num_emitted && t < m->num_threads; t++)
        m->emit_index[t + 1] += m->emit_index[t];

    nvgp_exec_status st = NVGP_EXEC_OK;
    if (rc) {
        st = NVGP_EXEC_ERROR_NOMEM;
        snprintf(m->error, sizeof m->error, "out of memory");
    } else if (ctx.fail_item != UINT32_MAX) {
        st = ctx.fail_status;
    }
    if (st != NVGP_EXEC_OK && diag) {
        nvgp_diag_error(diag, ctx.fail_offset, "%s", m->error);
    }
    return m->status = st;
}
