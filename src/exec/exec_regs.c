/* Operand access for the executor: reading sources (swizzle, typed
 * modifiers, indirect indices), writing destinations under the execution
 * mask (write mask, saturate), the 64-bit pair views, and the mask
 * arithmetic shared by every handler. */
#include "exec/exec_internal.h"

#include <stdarg.h>
#include <stdio.h>

void exec_update_mask(exec_warp *w)
{
    w->exec = w->active & w->live & w->cond & w->loop & w->cont & w->sw & w->func;
}

void exec_fail(exec_warp *w, nvgp_exec_status st, const char *fmt, ...)
{
    if (w->status != NVGP_EXEC_OK)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->fail_msg, sizeof w->fail_msg, fmt, ap);
    va_end(ap);
    w->status = st;
    w->fail_pc = w->pc ? w->pc - 1 : 0;
    w->done = true;
}

void exec_memory_fault(exec_warp *w, uint32_t n)
{
    w->faults += n;
}

/* Per-lane value of an address component (ADDR or TEMP, or a constant). */
static void address_lanes(exec_warp *w, uint8_t file, int32_t index, uint8_t swz,
                          int32_t out[LANES])
{
    nvgp_exec *m = w->m;
    if (file < TGSI_FILE_COUNT && w->file[file] && index >= 0 &&
        (uint32_t)index < m->file_size[file] && file != TGSI_FILE_INPUT) {
        memcpy(out, w->file[file][index].c[swz].i, sizeof(int32_t) * LANES);
        return;
    }
    int32_t v = 0;
    if (file == TGSI_FILE_IMMEDIATE && index >= 0 && (uint32_t)index < m->num_imms)
        v = m->uregs[index].c[swz].i[0];
    else if (file == TGSI_FILE_CONSTANT && index >= 0 && m->const_buffers_cap &&
             (uint32_t)index < m->const_count[0])
        v = (int32_t)m->consts[0][index * 4 + swz];
    for (unsigned l = 0; l < LANES; l++)
        out[l] = v;
}

/* Register word (dim, idx, comp) of a file for one lane, or NULL when it is
 * outside what exists. */
static uint32_t *lane_word(exec_warp *w, uint8_t file, int64_t dim, int64_t idx,
                           unsigned comp, unsigned lane)
{
    nvgp_exec *m = w->m;
    if (idx < 0 || dim < 0)
        return NULL;
    switch (file) {
    case TGSI_FILE_INPUT:
        if (idx >= m->num_inputs || dim >= m->in_vertices)
            return NULL;
        return &w->file[file][dim * m->num_inputs + idx].c[comp].u[lane];
    case TGSI_FILE_OUTPUT:
        if (idx >= m->num_outputs || dim >= m->out_vertices)
            return NULL;
        return &w->file[file][dim * m->num_outputs + idx].c[comp].u[lane];
    case TGSI_FILE_TEMPORARY:
    case TGSI_FILE_SYSTEM_VALUE:
    case TGSI_FILE_ADDRESS:
        if (dim != 0 || idx >= m->file_size[file])
            return NULL;
        return &w->file[file][idx].c[comp].u[lane];
    case TGSI_FILE_IMMEDIATE:
        if (dim != 0 || idx >= m->num_imms)
            return NULL;
        return &m->uregs[idx].c[comp].u[0];
    case TGSI_FILE_CONSTANT:
        if ((uint64_t)dim >= m->const_buffers_cap || (uint64_t)idx >= m->const_count[dim])
            return NULL;
        return &m->consts[dim][idx * 4 + comp];
    default:
        return NULL;
    }
}

void exec_lane_indices(exec_warp *w, const exec_operand *o, int64_t dim[LANES],
                       int64_t idx[LANES])
{
    int32_t a[LANES];
    for (unsigned l = 0; l < LANES; l++) {
        dim[l] = o->dim;
        idx[l] = o->index;
    }
    if (o->ind) {
        address_lanes(w, o->ind_file, o->ind_index, o->ind_swz, a);
        for (unsigned l = 0; l < LANES; l++)
            idx[l] += a[l];
    }
    if (o->dim_ind) {
        address_lanes(w, o->dind_file, o->dind_index, o->dind_swz, a);
        for (unsigned l = 0; l < LANES; l++)
            dim[l] += a[l];
    }
}

static const exec_chan *raw_chan(exec_warp *w, const exec_operand *s, unsigned comp,
                                 exec_chan *tmp)
{
    switch (s->loc) {
    case EXEC_LOC_WARP:
        return &w->file[s->file][s->offset].c[comp];
    case EXEC_LOC_UNIFORM:
        return &w->m->uregs[s->offset].c[comp];
    case EXEC_LOC_INDIRECT: {
        int64_t dim[LANES], idx[LANES];
        exec_lane_indices(w, s, dim, idx);
        for (unsigned l = 0; l < LANES; l++) {
            const uint32_t *p = lane_word(w, s->file, dim[l], idx[l], comp, l);
            tmp->u[l] = p ? *p : 0;
        }
        return tmp;
    }
    default:
        memset(tmp, 0, sizeof *tmp);
        return tmp;
    }
}

const exec_chan *exec_fetch_slow(exec_warp *w, const exec_operand *s, unsigned c,
                                 exec_chan *tmp)
{
    const exec_chan *r = raw_chan(w, s, s->swz[c], tmp);
    if (!(s->neg | s->abs) || s->mod == EXEC_MOD_RAW64)
        return r;
    if (s->mod == EXEC_MOD_FLOAT) {
        uint32_t andm = s->abs ? 0x7fffffffu : 0xffffffffu;
        uint32_t xorm = s->neg ? 0x80000000u : 0;
        for (unsigned l = 0; l < LANES; l++)
            tmp->u[l] = (r->u[l] & andm) ^ xorm;
    } else {
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t v = r->u[l];
            if (s->abs && (v & 0x80000000u))
                v = 0u - v;
            if (s->neg)
                v = 0u - v;
            tmp->u[l] = v;
        }
    }
    return tmp;
}

/* Tess control: the threads of a patch share its output file, so a word
 * one lane writes is copied to every lane of its patch (lanes in order:
 * when several lanes of a patch write the same word, the last one wins).
 * Later reads by any thread of the patch see it. */
static void tcs_share(exec_warp *w, uint32_t reg, unsigned comp, unsigned lane)
{
    uint32_t v = w->m->tcs_vertices_out;
    if (v < 2)
        return;
    exec_chan *ch = &w->file[TGSI_FILE_OUTPUT][reg].c[comp];
    unsigned base = lane - (w->first_thread + lane) % v;
    for (unsigned l = base; l < base + v && l < LANES; l++)
        ch->u[l] = ch->u[lane];
}

static void store_chan(exec_warp *w, const exec_operand *d, unsigned comp, const exec_chan *v,
                       uint32_t mask)
{
    bool tcs_out = d->file == TGSI_FILE_OUTPUT && w->m->processor == TGSI_PROCESSOR_TESS_CTRL;
    if (d->loc == EXEC_LOC_WARP) {
        exec_chan *dst = &w->file[d->file][d->offset].c[comp];
        if (d->file == TGSI_FILE_OUTPUT)
            w->out_wr[d->offset] |= mask;
        if (mask == FULL_MASK && !tcs_out) {
            *dst = *v;
            return;
        }
        /* a branch-free select, so the loop vectorises */
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t sel = 0u - ((mask >> l) & 1u);
            dst->u[l] = (v->u[l] & sel) | (dst->u[l] & ~sel);
        }
        for (unsigned l = 0; tcs_out && l < LANES; l++)
            if ((mask >> l) & 1)
                tcs_share(w, d->offset, comp, l);
        return;
    }
    if (d->loc != EXEC_LOC_INDIRECT)
        return; /* NULL destination */
    if (d->file != TGSI_FILE_TEMPORARY && d->file != TGSI_FILE_OUTPUT &&
        d->file != TGSI_FILE_ADDRESS)
        return;
    int64_t dim[LANES], idx[LANES];
    exec_lane_indices(w, d, dim, idx);
    for (unsigned l = 0; l < LANES; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint32_t *p = lane_word(w, d->file, dim[l], idx[l], comp, l);
        if (!p)
            continue;
        *p = v->u[l];
        if (d->file == TGSI_FILE_OUTPUT) {
            uint32_t reg = (uint32_t)(dim[l] * w->m->num_outputs + idx[l]);
            w->out_wr[reg] |= 1u << l;
            if (tcs_out)
                tcs_share(w, reg, comp, l);
        }
    }
}

void exec_store(exec_warp *w, const exec_insn *in, unsigned d, exec_reg *r, uint32_t mask)
{
    const exec_operand *o = &in->dst[d];
    if (!mask)
        return;
    for (unsigned c = 0; c < 4; c++) {
        if (!(o->writemask & (1u << c)))
            continue;
        if (in->sat_float) {
            for (unsigned l = 0; l < LANES; l++) {
                float f = r->c[c].f[l];
                /* NaN fails both tests and becomes 0. */
                r->c[c].f[l] = f >= 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
            }
        }
        store_chan(w, o, c, &r->c[c], mask);
    }
}

void exec_fetch64(exec_warp *w, const exec_operand *s, unsigned c, uint64_t out[LANES],
                  bool is_double)
{
    exec_chan t0, t1;
    const exec_chan *lo = raw_chan(w, s, s->swz[c], &t0);
    const exec_chan *hi = raw_chan(w, s, s->swz[c + 1], &t1);
    for (unsigned l = 0; l < LANES; l++)
        out[l] = (uint64_t)lo->u[l] | (uint64_t)hi->u[l] << 32;
    if (!(s->neg | s->abs))
        return;
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t v = out[l];
        if (is_double) {
            if (s->abs)
                v &= ~(1ull << 63);
            if (s->neg)
                v ^= 1ull << 63;
        } else {
            if (s->abs && (v >> 63))
                v = 0 - v;
            if (s->neg)
                v = 0 - v;
        }
        out[l] = v;
    }
}

void exec_store64(exec_warp *w, const exec_insn *in, unsigned d, const uint64_t v[2][LANES],
                  uint32_t mask)
{
    const exec_operand *o = &in->dst[d];
    if (!mask)
        return;
    exec_chan t;
    for (unsigned c = 0; c < 4; c++) {
        if (!(o->writemask & (1u << c)))
            continue;
        unsigned shift = (c & 1) ? 32 : 0;
        for (unsigned l = 0; l < LANES; l++)
            t.u[l] = (uint32_t)(v[c >> 1][l] >> shift);
        store_chan(w, o, c, &t, mask);
    }
}
