/* The executor's observation hook (exec_hook.h): the step wrapper the
 * dispatch loop calls when a hook is set, and read-only views of a warp. */
#include "exec/exec_hook.h"
#include "exec/exec_internal.h"

void nvgp_exec_set_hook(nvgp_exec *m, const nvgp_exec_hook *hook)
{
    if (!hook) {
        m->hook = NULL;
        return;
    }
    m->hook_store = *hook;
    m->hook = &m->hook_store;
}

void exec_hook_step(exec_warp *w, const exec_insn *in, exec_handler handler)
{
    const nvgp_exec_hook *k = w->m->hook;
    uint32_t pc = (uint32_t)(in - w->m->code);
    if (k->before)
        k->before(k->ctx, w, pc);
    handler(w, in);
    if (k->after)
        k->after(k->ctx, w, pc);
}

static uint32_t warps_per_group(const nvgp_exec *m)
{
    uint32_t bsize = m->block[0] * m->block[1] * m->block[2];
    return (bsize + LANES - 1) / LANES;
}

uint32_t nvgp_exec_warp_number(const nvgp_exec_warp *w)
{
    const nvgp_exec *m = w->m;
    if (m->processor == TGSI_PROCESSOR_COMPUTE) {
        uint32_t bsize = m->block[0] * m->block[1] * m->block[2];
        return w->group * warps_per_group(m) + (w->first_thread - w->group * bsize) / LANES;
    }
    return m->threads_per_warp ? w->first_thread / m->threads_per_warp : 0;
}

uint32_t nvgp_exec_num_warps(const nvgp_exec *m)
{
    if (m->processor == TGSI_PROCESSOR_COMPUTE)
        return m->grid[0] * m->grid[1] * m->grid[2] * warps_per_group(m);
    /* as nvgp_exec_run will number them (known before the run) */
    uint64_t tpi = 1, tpw = LANES;
    if (m->processor == TGSI_PROCESSOR_GEOMETRY)
        tpi = m->gs_invocations;
    if (m->processor == TGSI_PROCESSOR_TESS_CTRL && m->tcs_vertices_out) {
        tpi = m->tcs_vertices_out;
        tpw = m->tcs_vertices_out <= LANES ? LANES / tpi * tpi : LANES;
    }
    return (uint32_t)(((uint64_t)m->invocations * tpi + tpw - 1) / tpw);
}

uint32_t nvgp_exec_warp_first_thread(const nvgp_exec_warp *w) { return w->first_thread; }
uint32_t nvgp_exec_warp_exec_mask(const nvgp_exec_warp *w) { return w->exec; }
uint32_t nvgp_exec_warp_active(const nvgp_exec_warp *w) { return w->active; }
uint32_t nvgp_exec_warp_helpers(const nvgp_exec_warp *w) { return w->helper; }
uint32_t nvgp_exec_warp_live(const nvgp_exec_warp *w) { return w->live; }

bool nvgp_exec_warp_read(const nvgp_exec_warp *w, uint8_t file, int64_t dim, int64_t idx,
                         unsigned comp, unsigned lane, uint32_t *word)
{
    const nvgp_exec *m = w->m;
    if (idx < 0 || dim < 0 || comp > 3 || lane >= LANES)
        return false;
    const uint32_t *p = NULL;
    switch (file) {
    case TGSI_FILE_INPUT:
        if (idx < m->num_inputs && dim < m->in_vertices)
            p = &w->file[file][dim * m->num_inputs + idx].c[comp].u[lane];
        break;
    case TGSI_FILE_OUTPUT:
        if (idx < m->num_outputs && dim < m->out_vertices)
            p = &w->file[file][dim * m->num_outputs + idx].c[comp].u[lane];
        break;
    case TGSI_FILE_TEMPORARY:
    case TGSI_FILE_SYSTEM_VALUE:
    case TGSI_FILE_ADDRESS:
        if (dim == 0 && idx < m->file_size[file])
            p = &w->file[file][idx].c[comp].u[lane];
        break;
    case TGSI_FILE_IMMEDIATE:
        if (dim == 0 && idx < m->num_imms)
            p = &m->uregs[idx].c[comp].u[0];
        break;
    case TGSI_FILE_CONSTANT:
        if ((uint64_t)dim < m->const_buffers_cap && (uint64_t)idx < m->const_count[dim])
            p = &m->consts[dim][idx * 4 + comp];
        break;
    default:
        break;
    }
    if (p)
        *word = *p;
    return p != NULL;
}

void nvgp_exec_warp_operand_indices(const nvgp_exec_warp *w, uint32_t pc, bool dst, unsigned n,
                                    int64_t dim[32], int64_t index[32])
{
    const exec_insn *in = &w->m->code[pc];
    /* exec_lane_indices only reads the warp */
    exec_lane_indices((exec_warp *)w, dst ? &in->dst[n] : &in->src[n], dim, index);
}

void nvgp_exec_warp_fetch(const nvgp_exec_warp *w, uint32_t pc, unsigned s, unsigned c,
                          uint32_t out[32])
{
    const exec_insn *in = &w->m->code[pc];
    exec_chan tmp;
    /* fetching only reads the warp */
    const exec_chan *v = exec_fetch((exec_warp *)w, &in->src[s], c, &tmp);
    memcpy(out, v->u, sizeof(uint32_t) * LANES);
}

bool nvgp_exec_read_global(const nvgp_exec *m, uint64_t address, uint32_t *word)
{
    for (uint32_t r = 0; r < m->num_ranges; r++) {
        const exec_range *g = &m->ranges[r];
        if (address >= g->address && g->bytes >= 4 && address - g->address <= g->bytes - 4) {
            memcpy(word, g->data + (address - g->address), 4);
            return true;
        }
    }
    return false;
}

void nvgp_exec_warp_flow(const nvgp_exec_warp *w, nvgp_exec_flow *out)
{
    out->cond = w->cond;
    out->loop = w->loop;
    out->cont = w->cont;
    out->sw = w->sw;
    out->func = w->func;
    out->cond_depth = w->cond_sp;
    out->loop_depth = w->loop_sp;
    out->call_depth = w->call_sp;
    out->cond_stack = w->cond_stack;
}

uint32_t nvgp_exec_warp_loop_saved(const nvgp_exec_warp *w, uint32_t i)
{
    return i < w->loop_sp ? w->loop_stack[i].loop : 0;
}
