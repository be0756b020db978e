/* The executor's API: machine creation (decode once), bindings copied into
 * the machine, and result queries.  Running is in exec_run.c. */
#include "exec/exec_decode.h"
#include "exec/exec_fast.h"
#include "exec/exec_legacy.h"
#include "exec/exec_jit.h"

#include <stdlib.h>

nvgp_exec *nvgp_exec_create(const tgsi_program *prog, nvgp_diag *diag)
{
    if (!prog)
        return NULL;
    nvgp_exec *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    nvgp_arena_init(&m->arena);
    if (exec_legacy_needed(prog)) {
        if (!(m->renamed = exec_legacy_rename(prog, diag))) {
            free(m);
            return NULL;
        }
        prog = m->renamed;
    }
    m->prog = prog;
    m->processor = prog->processor;
    m->budget = NVGP_EXEC_DEFAULT_BUDGET;
    m->engine = EXEC_ENGINE_JIT; /* the fast engine where there is no JIT */
    m->threads = 1;
    m->grid[0] = m->grid[1] = m->grid[2] = 1;
    m->shared_size = 32768;
    m->private_size = 4096;
    if (!exec_decode(m, diag)) {
        nvgp_exec_destroy(m);
        return NULL;
    }
    /* cache-line aligned, so whole-vector loads of a register never
     * straddle two lines */
    size_t ubytes = sizeof(exec_reg) * (m->num_uregs ? m->num_uregs : 1);
    m->uregs = aligned_alloc(64, ubytes);
    if (!m->uregs) {
        nvgp_exec_destroy(m);
        return NULL;
    }
    memset(m->uregs, 0, ubytes);
    /* Immediates are uniform registers, expanded once. */
    for (uint32_t i = 0; i < m->num_imms; i++) {
        const tgsi_immediate *im = &prog->immediates[i];
        for (unsigned c = 0; c < 4; c++) {
            uint32_t v = c < im->num_words ? im->value[c] : 0;
            for (unsigned l = 0; l < LANES; l++)
                m->uregs[i].c[c].u[l] = v;
        }
    }
    /* without its records (out of memory) the machine runs the reference
     * engine */
    (void)exec_fast_decode(m);
    if (nvgp_exec_set_invocations(m, 0, 1) != NVGP_EXEC_OK) {
        nvgp_exec_destroy(m);
        return NULL;
    }
    return m;
}

static void free_results(nvgp_exec *m)
{
    free(m->outputs);
    free(m->killed);
    free(m->demoted_out);
    free(m->helper_out);
    free(m->emit_index);
    for (uint32_t i = 0; i < m->num_emitted; i++)
        free(m->emitted[i].values);
    free(m->emitted);
    m->outputs = NULL;
    m->killed = m->demoted_out = m->helper_out = NULL;
    m->emit_index = NULL;
    m->emitted = NULL;
    m->num_emitted = m->cap_emitted = 0;
    m->num_threads = 0;
}

void nvgp_exec_destroy(nvgp_exec *m)
{
    if (!m)
        return;
    free_results(m);
    nvgp_tgsi_program_destroy(m->renamed);
    free(m->out_written);
    free(m->out_patch);
    for (uint32_t b = 0; b < m->const_buffers_cap; b++)
        free(m->consts[b]);
    free(m->consts);
    free(m->const_count);
    free(m->inputs);
    free(m->helper_in);
    free(m->interp_at);
    free(m->framebuffer);
    free(m->sv_over);
    for (uint32_t i = 0; i < m->num_ranges; i++)
        free(m->ranges[i].data);
    free(m->ranges);
    for (uint32_t i = 0; i < m->num_buffers; i++)
        free(m->buffers[i].data);
    free(m->buffers);
    for (uint32_t i = 0; i < m->num_images; i++)
        free(m->images[i].data);
    free(m->images);
    free(m->textures);
    free(m->uregs);
    exec_span_warp_free(m);
    exec_jit_free(m);
    exec_fast_free(m);
    nvgp_arena_destroy(&m->arena);
    free(m);
}

nvgp_exec_status nvgp_exec_set_invocations(nvgp_exec *m, uint32_t invocations,
                                           uint32_t vertices)
{
    if (vertices == 0)
        vertices = 1;
    if (vertices > 4096 || invocations > (1u << 24))
        return NVGP_EXEC_ERROR_BINDING;
    /* the storage of the last shape is kept (a pipeline runs batch after
     * batch of one size); the inputs get their defaults when first used */
    size_t need = invocations ? invocations : 1;
    if (m->helper_cap < need) {
        bool *helper = malloc(need * sizeof *helper);
        if (!helper)
            return NVGP_EXEC_ERROR_NOMEM;
        free(m->helper_in);
        m->helper_in = helper;
        m->helper_cap = need;
    }
    memset(m->helper_in, 0, need * sizeof *m->helper_in);
    m->input_view = NULL;
    m->input_warps = NULL;
    m->output_warps = NULL;
    free(m->interp_at);
    m->interp_at = NULL;
    free(m->framebuffer);
    m->framebuffer = NULL;
    m->invocations = invocations;
    m->vertices = vertices;
    m->num_sv_over = 0;
    return NVGP_EXEC_OK;
}

static size_t input_words(const nvgp_exec *m)
{
    return (size_t)m->invocations * m->vertices * m->num_inputs * 4;
}

/* The machine's own input storage for the current shape, for a setter to
 * change (false: out of memory). */
static bool inputs_own(nvgp_exec *m)
{
    if (m->input_view && m->input_view == m->inputs)
        return true;
    size_t words = input_words(m);
    if (!words)
        return true;   /* nothing is read */
    if (m->inputs_cap < words) {
        uint32_t *in = malloc(words * sizeof(uint32_t));
        if (!in)
            return false;
        free(m->inputs);
        m->inputs = in;
        m->inputs_cap = words;
    }
    if (m->input_warps) {  /* a lent block by warps, about to be changed */
        uint32_t per = m->num_inputs * 4;
        for (uint32_t i = 0; i < m->invocations; i++)
            for (uint32_t k = 0; k < per; k++)
                m->inputs[(size_t)i * per + k] =
                    m->input_warps[exec_warp_word(i, m->num_inputs, k)];
        m->input_warps = NULL;
    } else if (m->input_view) {   /* a lent block, about to be changed: copied */
        memcpy(m->inputs, m->input_view, words * sizeof(uint32_t));
    } else {
        for (size_t i = 0; i < words; i += 4) {
            m->inputs[i] = m->inputs[i + 1] = m->inputs[i + 2] = 0;
            m->inputs[i + 3] = 0x3f800000u; /* 1.0f */
        }
    }
    m->input_view = m->inputs;
    return true;
}

bool exec_inputs_ready(nvgp_exec *m)
{
    return m->input_view || m->input_warps || inputs_own(m);
}

nvgp_exec_status nvgp_exec_set_grid(nvgp_exec *m, const uint32_t grid[3],
                                    const uint32_t block[3])
{
    uint64_t g = 1, b = 1;
    for (int i = 0; i < 3; i++) {
        if ((grid && !grid[i]) || (block && !block[i]))
            return NVGP_EXEC_ERROR_BINDING;
        /* past 2^24 a product stops growing, so three sizes cannot wrap */
        if (g <= (1u << 24))
            g *= grid ? grid[i] : m->grid[i];
        if (b <= 1024)
            b *= block ? block[i] : m->block[i];
    }
    if (b > 1024 || g * b > (1u << 24))
        return NVGP_EXEC_ERROR_BINDING;
    for (int i = 0; i < 3; i++) {
        if (grid)
            m->grid[i] = grid[i];
        if (block)
            m->block[i] = block[i];
    }
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_shared_size(nvgp_exec *m, uint32_t bytes)
{
    if (bytes > (64u << 20))
        return NVGP_EXEC_ERROR_BINDING;
    m->shared_size = bytes;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_private_size(nvgp_exec *m, uint32_t bytes)
{
    if (bytes > (1u << 20))
        return NVGP_EXEC_ERROR_BINDING;
    m->private_size = bytes;
    return NVGP_EXEC_OK;
}

void nvgp_exec_set_budget(nvgp_exec *m, uint64_t instructions)
{
    m->budget = instructions ? instructions : 1;
}

void nvgp_exec_set_threads(nvgp_exec *m, unsigned threads)
{
    m->threads = threads ? (threads > 64 ? 64 : threads) : 1;
}

void nvgp_exec_set_engine(nvgp_exec *m, nvgp_exec_engine engine)
{
    m->engine = engine == NVGP_EXEC_ENGINE_REFERENCE ? EXEC_ENGINE_REFERENCE
                : engine == NVGP_EXEC_ENGINE_JIT     ? EXEC_ENGINE_JIT
                                                     : EXEC_ENGINE_FAST;
}

nvgp_exec_status nvgp_exec_set_constants(nvgp_exec *m, uint32_t buffer, uint32_t first,
                                         const uint32_t *words, uint32_t count)
{
    if (buffer >= TGSI_MAX_CONST_BUFFERS || (uint64_t)first + count > (1u << 20) || (count && !words))
        return NVGP_EXEC_ERROR_BINDING;
    if (buffer >= m->const_buffers_cap) {
        uint32_t ncap = buffer + 1;
        uint32_t **nc = realloc(m->consts, sizeof *nc * ncap);
        if (!nc)
            return NVGP_EXEC_ERROR_NOMEM;
        m->consts = nc;
        uint32_t *cnt = realloc(m->const_count, sizeof *cnt * ncap);
        if (!cnt)
            return NVGP_EXEC_ERROR_NOMEM;
        m->const_count = cnt;
        for (uint32_t b = m->const_buffers_cap; b < ncap; b++) {
            m->consts[b] = NULL;
            m->const_count[b] = 0;
        }
        m->const_buffers_cap = ncap;
    }
    uint32_t need = first + count;
    if (need > m->const_count[buffer]) {
        uint32_t *n = realloc(m->consts[buffer], sizeof(uint32_t) * 4 * need);
        if (!n)
            return NVGP_EXEC_ERROR_NOMEM;
        memset(n + 4 * m->const_count[buffer], 0,
               sizeof(uint32_t) * 4 * (need - m->const_count[buffer]));
        m->consts[buffer] = n;
        m->const_count[buffer] = need;
    }
    if (count) /* words and the buffer may both be NULL when there is nothing to copy */
        memcpy(m->consts[buffer] + 4 * first, words, sizeof(uint32_t) * 4 * count);
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_input(nvgp_exec *m, uint32_t invocation, uint32_t vertex,
                                     uint32_t index, const uint32_t value[4])
{
    if (vertex >= m->vertices || index >= m->num_inputs)
        return NVGP_EXEC_ERROR_BINDING;
    if (invocation == NVGP_EXEC_ALL) {
        for (uint32_t i = 0; i < m->invocations; i++)
            nvgp_exec_set_input(m, i, vertex, index, value);
        return NVGP_EXEC_OK;
    }
    if (invocation >= m->invocations)
        return NVGP_EXEC_ERROR_BINDING;
    if (!inputs_own(m))
        return NVGP_EXEC_ERROR_NOMEM;
    uint64_t at = (((uint64_t)invocation * m->vertices + vertex) * m->num_inputs + index) * 4;
    memcpy(m->inputs + at, value, sizeof(uint32_t) * 4);
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_input_block(nvgp_exec *m, uint32_t first, uint32_t count,
                                           uint32_t per_invocation, const uint32_t *data)
{
    if (m->vertices != 1 || per_invocation != m->num_inputs || first > m->invocations ||
        count > m->invocations - first)
        return NVGP_EXEC_ERROR_BINDING;
    if (!count || !per_invocation)
        return NVGP_EXEC_OK;
    if (!inputs_own(m))
        return NVGP_EXEC_ERROR_NOMEM;
    memcpy(m->inputs + (uint64_t)first * per_invocation * 4, data,
           (size_t)count * per_invocation * 4 * sizeof(uint32_t));
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_use_input_block(nvgp_exec *m, uint32_t count, uint32_t per_invocation,
                                           const uint32_t *data)
{
    if (m->vertices != 1 || per_invocation != m->num_inputs || count != m->invocations ||
        (count && per_invocation && !data))
        return NVGP_EXEC_ERROR_BINDING;
    m->input_view = count && per_invocation ? data : NULL;
    m->input_warps = NULL;
    return NVGP_EXEC_OK;
}

/* Whether a run's threads can take blocks laid out warp by warp: one
 * invocation a thread, each warp starting at a multiple of the lanes. */
static bool warp_layout_ok(const nvgp_exec *m, uint32_t count)
{
    return (m->processor == TGSI_PROCESSOR_VERTEX || m->processor == TGSI_PROCESSOR_FRAGMENT) &&
           m->vertices == 1 && count == m->invocations;
}

nvgp_exec_status nvgp_exec_use_output_warps(nvgp_exec *m, uint32_t count, uint32_t *data)
{
    if (!warp_layout_ok(m, count) || m->out_2d ||
        ((uintptr_t)data & 63) || (count && m->num_outputs && !data))
        return NVGP_EXEC_ERROR_BINDING;
    m->output_warps = count && m->num_outputs ? data : NULL;
    return NVGP_EXEC_OK;
}

const nvgp_exec_span_kernel *nvgp_exec_span_kernel_for(nvgp_exec *m, const nvgp_exec_span_form *f)
{
    /* the budget: a whole warp's run of the program's records, END
     * included, never reaches it, so a kernel's lanes are the run's */
    if (m->engine != EXEC_ENGINE_JIT || m->hook || m->budget < m->num_code)
        return NULL;
    const nvgp_exec_span_kernel *k = exec_jit_span(m, f);
    if (k && k->callouts && !exec_span_warp(m))
        return NULL;
    if (k)  /* the constants set since the last run */
        exec_uniform_constants(m);
    return k;
}

bool nvgp_exec_span_run(nvgp_exec *m, const nvgp_exec_span_kernel *k, const nvgp_exec_span *s)
{
    exec_reg *bank[TGSI_FILE_COUNT + 1] = { NULL };
    exec_warp *w = k->callouts ? m->span_warp : NULL;
    for (unsigned f = 0; w && f < TGSI_FILE_COUNT; f++)
        bank[f] = w->file[f];
    bank[TGSI_FILE_IMMEDIATE] = m->uregs;
    k->fn(s, bank, w);
    if (w && w->status != NVGP_EXEC_OK) {
        snprintf(m->error, sizeof m->error, "%s", w->fail_msg);
        return false;
    }
    return true;
}

nvgp_exec_status nvgp_exec_use_input_warps(nvgp_exec *m, uint32_t count, uint32_t per_invocation,
                                           const uint32_t *data)
{
    if (!warp_layout_ok(m, count) || per_invocation != m->num_inputs ||
        (count && per_invocation && !data))
        return NVGP_EXEC_ERROR_BINDING;
    m->input_view = NULL;
    m->input_warps = count && per_invocation ? data : NULL;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_input_component(nvgp_exec *m, uint32_t invocation,
                                               uint32_t vertex, uint32_t index,
                                               uint32_t component, uint32_t word)
{
    if (vertex >= m->vertices || index >= m->num_inputs || component >= 4)
        return NVGP_EXEC_ERROR_BINDING;
    if (invocation == NVGP_EXEC_ALL) {
        for (uint32_t i = 0; i < m->invocations; i++)
            nvgp_exec_set_input_component(m, i, vertex, index, component, word);
        return NVGP_EXEC_OK;
    }
    if (invocation >= m->invocations)
        return NVGP_EXEC_ERROR_BINDING;
    if (!inputs_own(m))
        return NVGP_EXEC_ERROR_NOMEM;
    uint64_t at = (((uint64_t)invocation * m->vertices + vertex) * m->num_inputs + index) * 4;
    m->inputs[at + component] = word;
    return NVGP_EXEC_OK;
}

/* Appends an override of the components in mask (nvgp_exec_run merges the
 * settings in order: later ones win, component by component). */
static nvgp_exec_status add_sv_override(nvgp_exec *m, uint32_t thread, tgsi_semantic semantic,
                                        uint32_t semantic_index, uint8_t mask,
                                        const uint32_t value[4])
{
    if ((unsigned)semantic >= TGSI_SEMANTIC_COUNT)
        return NVGP_EXEC_ERROR_BINDING;
    /* Appended in order: nvgp_exec_run lets later settings win. */
    if (m->num_sv_over == m->cap_sv_over) {
        uint32_t ncap = m->cap_sv_over ? m->cap_sv_over * 2 : 16;
        exec_sv_override *n = realloc(m->sv_over, sizeof *n * ncap);
        if (!n)
            return NVGP_EXEC_ERROR_NOMEM;
        m->sv_over = n;
        m->cap_sv_over = ncap;
    }
    exec_sv_override *o = &m->sv_over[m->num_sv_over++];
    o->semantic = (uint8_t)semantic;
    o->semantic_index = semantic_index;
    o->thread = thread;
    o->mask = mask;
    memcpy(o->value, value, sizeof o->value);
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_system_value(nvgp_exec *m, uint32_t thread,
                                            tgsi_semantic semantic, uint32_t semantic_index,
                                            const uint32_t value[4])
{
    return add_sv_override(m, thread, semantic, semantic_index, 0xf, value);
}

nvgp_exec_status nvgp_exec_set_system_value_component(nvgp_exec *m, uint32_t thread,
                                                      tgsi_semantic semantic,
                                                      uint32_t semantic_index,
                                                      uint32_t component, uint32_t word)
{
    if (component >= 4)
        return NVGP_EXEC_ERROR_BINDING;
    uint32_t value[4] = { 0, 0, 0, 0 };
    value[component] = word;
    return add_sv_override(m, thread, semantic, semantic_index, (uint8_t)(1u << component),
                           value);
}

nvgp_exec_status nvgp_exec_set_sample_positions(nvgp_exec *m, uint32_t count, const float xy[][2])
{
    if (count > 32)
        return NVGP_EXEC_ERROR_BINDING;
    m->num_sample_pos = count;
    for (uint32_t i = 0; i < count; i++)
        m->sample_pos[i][0] = xy[i][0], m->sample_pos[i][1] = xy[i][1];
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_interp_location(nvgp_exec *m, uint32_t invocation,
                                               const float origin[2], const float centroid[2])
{
    if (invocation >= m->invocations)
        return NVGP_EXEC_ERROR_BINDING;
    if (!m->interp_at) {
        m->interp_at = malloc((size_t)m->invocations * 4 * sizeof(float));
        if (!m->interp_at)
            return NVGP_EXEC_ERROR_NOMEM;
        for (size_t i = 0; i < 4 * (size_t)m->invocations; i++)
            m->interp_at[i] = 0.5f;
    }
    float *at = m->interp_at + 4 * (size_t)invocation;
    at[0] = origin[0], at[1] = origin[1], at[2] = centroid[0], at[3] = centroid[1];
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_helper(nvgp_exec *m, uint32_t invocation, bool helper)
{
    if (invocation >= m->invocations)
        return NVGP_EXEC_ERROR_BINDING;
    m->helper_in[invocation] = helper;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_set_framebuffer(nvgp_exec *m, uint32_t invocation,
                                           uint32_t output, const uint32_t value[4])
{
    if (m->processor != TGSI_PROCESSOR_FRAGMENT || output >= m->num_outputs ||
        (invocation != NVGP_EXEC_ALL && invocation >= m->invocations))
        return NVGP_EXEC_ERROR_BINDING;
    if (!m->framebuffer) {
        /* zeros: the colour where nothing was set */
        m->framebuffer = calloc((size_t)(m->invocations ? m->invocations : 1) * m->num_outputs * 4,
                                sizeof(uint32_t));
        if (!m->framebuffer)
            return NVGP_EXEC_ERROR_NOMEM;
    }
    uint32_t first = invocation == NVGP_EXEC_ALL ? 0 : invocation;
    uint32_t end = invocation == NVGP_EXEC_ALL ? m->invocations : invocation + 1;
    for (uint32_t i = first; i < end; i++)
        memcpy(&m->framebuffer[((size_t)i * m->num_outputs + output) * 4], value,
               4 * sizeof(uint32_t));
    return NVGP_EXEC_OK;
}

static nvgp_exec_status fill_range(exec_range *r, uint64_t address, const void *init,
                                   size_t bytes)
{
    uint8_t *d = calloc(bytes ? bytes : 1, 1);
    if (!d)
        return NVGP_EXEC_ERROR_NOMEM;
    if (init && bytes)
        memcpy(d, init, bytes);
    free(r->data);
    r->data = d;
    r->address = address;
    r->bytes = bytes;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_add_memory(nvgp_exec *m, uint64_t address, const void *init,
                                      size_t bytes, uint32_t *range)
{
    if (bytes > ((size_t)1 << 32) || address + bytes < address)
        return NVGP_EXEC_ERROR_BINDING;
    for (uint32_t i = 0; i < m->num_ranges; i++) {
        const exec_range *r = &m->ranges[i];
        if (address < r->address + r->bytes && r->address < address + bytes)
            return NVGP_EXEC_ERROR_BINDING;
    }
    exec_range *n = realloc(m->ranges, sizeof *n * (m->num_ranges + 1));
    if (!n)
        return NVGP_EXEC_ERROR_NOMEM;
    m->ranges = n;
    memset(&n[m->num_ranges], 0, sizeof *n);
    nvgp_exec_status st = fill_range(&n[m->num_ranges], address, init, bytes);
    if (st != NVGP_EXEC_OK)
        return st;
    if (range)
        *range = m->num_ranges;
    m->num_ranges++;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_bind_buffer(nvgp_exec *m, uint32_t index, const void *init,
                                       size_t bytes)
{
    if (index >= 1024 || bytes > ((size_t)1 << 32))
        return NVGP_EXEC_ERROR_BINDING;
    if (index >= m->num_buffers) {
        exec_range *n = realloc(m->buffers, sizeof *n * (index + 1));
        if (!n)
            return NVGP_EXEC_ERROR_NOMEM;
        memset(n + m->num_buffers, 0, sizeof *n * (index + 1 - m->num_buffers));
        m->buffers = n;
        m->num_buffers = index + 1;
    }
    return fill_range(&m->buffers[index], 0, init, bytes);
}

nvgp_exec_status nvgp_exec_bind_image(nvgp_exec *m, uint32_t index,
                                      const nvgp_exec_image *desc, const void *texels)
{
    if (index >= 1024 || !desc)
        return NVGP_EXEC_ERROR_BINDING;
    uint32_t tb = exec_image_texel_bytes(desc->format);
    if (!tb)
        return NVGP_EXEC_ERROR_UNSUPPORTED;
    uint64_t n = (uint64_t)desc->width * (desc->height ? desc->height : 1) *
                 (desc->depth ? desc->depth : 1);
    if (n > (1u << 28))
        return NVGP_EXEC_ERROR_BINDING;
    if (index >= m->num_images) {
        exec_image_bind *ni = realloc(m->images, sizeof *ni * (index + 1));
        if (!ni)
            return NVGP_EXEC_ERROR_NOMEM;
        memset(ni + m->num_images, 0, sizeof *ni * (index + 1 - m->num_images));
        m->images = ni;
        m->num_images = index + 1;
    }
    exec_image_bind *b = &m->images[index];
    uint8_t *d = calloc(n * tb > 0 ? n * tb : 1, 1);
    if (!d)
        return NVGP_EXEC_ERROR_NOMEM;
    if (texels)
        memcpy(d, texels, n * tb);
    free(b->data);
    b->data = d;
    b->desc = *desc;
    if (!b->desc.height)
        b->desc.height = 1;
    if (!b->desc.depth)
        b->desc.depth = 1;
    b->texel_bytes = tb;
    exec_image_format_info(desc->format, &b->comps, &b->kind);
    b->view_comps = b->comps;
    b->view_kind = b->kind;
    const tgsi_program *p = m->prog;
    for (uint32_t i = 0; p && i < p->num_declarations; i++) {
        const tgsi_declaration *dc = &p->declarations[i];
        if (dc->file == TGSI_FILE_IMAGE && (int64_t)index >= dc->first && (int64_t)index <= dc->last &&
            exec_image_texel_bytes(dc->image_format) == tb)
            exec_image_format_info(dc->image_format, &b->view_comps, &b->view_kind);
    }
    b->bytes = n * tb;
    return NVGP_EXEC_OK;
}

nvgp_exec_status nvgp_exec_bind_texture(nvgp_exec *m, uint32_t unit,
                                        const struct nvgp_texture *tex)
{
    if (unit >= 1024)
        return NVGP_EXEC_ERROR_BINDING;
    if (unit >= m->num_textures) {
        const struct nvgp_texture **n = realloc(m->textures, sizeof *n * (unit + 1));
        if (!n)
            return NVGP_EXEC_ERROR_NOMEM;
        for (uint32_t i = m->num_textures; i <= unit; i++)
            n[i] = NULL;
        m->textures = n;
        m->num_textures = unit + 1;
    }
    m->textures[unit] = tex;
    return NVGP_EXEC_OK;
}

const char *nvgp_exec_error(const nvgp_exec *m)
{
    return m->error;
}

uint32_t nvgp_exec_num_threads(const nvgp_exec *m)
{
    return m->num_threads;
}

uint32_t nvgp_exec_num_outputs(const nvgp_exec *m)
{
    return m->num_outputs;
}

bool nvgp_exec_output_written(const nvgp_exec *m, uint32_t index)
{
    return m->out_written && index < m->num_outputs && m->out_written[index];
}

void nvgp_exec_get_output(const nvgp_exec *m, uint32_t thread, uint32_t index,
                          uint32_t value[4])
{
    memset(value, 0, sizeof(uint32_t) * 4);
    if (!m->outputs || thread >= m->num_threads || index >= m->num_outputs)
        return;
    if (m->output_warps) {
        for (unsigned c = 0; c < 4; c++)
            value[c] = m->output_warps[exec_warp_word(thread, m->num_outputs, index * 4 + c)];
        return;
    }
    uint32_t v = m->out_2d && !m->out_patch[index] ? thread % m->out_vertices : 0;
    const uint32_t *p =
        m->outputs + (((uint64_t)thread * m->out_vertices + v) * m->num_outputs + index) * 4;
    memcpy(value, p, sizeof(uint32_t) * 4);
}

const uint32_t *nvgp_exec_output_array(const nvgp_exec *m, uint32_t index, size_t *stride)
{
    if (!m->outputs || m->out_2d || m->output_warps || index >= m->num_outputs)
        return NULL;
    *stride = (size_t)m->out_vertices * m->num_outputs * 4;
    return m->outputs + (size_t)index * 4;
}

bool nvgp_exec_killed(const nvgp_exec *m, uint32_t thread)
{
    return m->killed && thread < m->num_threads && m->killed[thread];
}

bool nvgp_exec_demoted(const nvgp_exec *m, uint32_t thread)
{
    return m->demoted_out && thread < m->num_threads && m->demoted_out[thread];
}

void nvgp_exec_discarded(const nvgp_exec *m, uint32_t n, bool *out)
{
    for (uint32_t i = 0; i < n; i++) {
        bool in = i < m->num_threads;
        out[i] = in && ((m->killed && m->killed[i]) || (m->demoted_out && m->demoted_out[i]));
    }
}

bool nvgp_exec_is_helper(const nvgp_exec *m, uint32_t thread)
{
    return m->helper_out && thread < m->num_threads && m->helper_out[thread];
}

uint32_t nvgp_exec_num_emitted(const nvgp_exec *m, uint32_t thread, uint32_t stream)
{
    if (!m->emit_index || thread >= m->num_threads)
        return 0;
    uint32_t n = 0;
    for (uint32_t i = m->emit_index[thread]; i < m->emit_index[thread + 1]; i++)
        n += m->emitted[i].stream == stream;
    return n;
}

void nvgp_exec_get_emitted(const nvgp_exec *m, uint32_t thread, uint32_t stream,
                           uint32_t k, uint32_t *outputs, uint32_t *primitive)
{
    if (!m->emit_index || thread >= m->num_threads)
        return;
    for (uint32_t i = m->emit_index[thread]; i < m->emit_index[thread + 1]; i++) {
        const exec_emitted *e = &m->emitted[i];
        if (e->stream != stream)
            continue;
        if (k-- == 0) {
            if (outputs && m->num_outputs)
                memcpy(outputs, e->values, sizeof(uint32_t) * 4 * m->num_outputs);
            if (primitive)
                *primitive = e->primitive;
            return;
        }
    }
}

const void *nvgp_exec_memory(const nvgp_exec *m, uint32_t range, uint64_t *address,
                             size_t *bytes)
{
    if (range >= m->num_ranges)
        return NULL;
    if (address)
        *address = m->ranges[range].address;
    if (bytes)
        *bytes = m->ranges[range].bytes;
    return m->ranges[range].data;
}

uint32_t nvgp_exec_num_memory(const nvgp_exec *m)
{
    return m->num_ranges;
}

uint32_t nvgp_exec_num_buffers(const nvgp_exec *m)
{
    return m->num_buffers;
}

uint32_t nvgp_exec_num_images(const nvgp_exec *m)
{
    return m->num_images;
}

const void *nvgp_exec_buffer(const nvgp_exec *m, uint32_t index, size_t *bytes)
{
    if (index >= m->num_buffers || !m->buffers[index].data)
        return NULL;
    if (bytes)
        *bytes = m->buffers[index].bytes;
    return m->buffers[index].data;
}

const void *nvgp_exec_image_data(const nvgp_exec *m, uint32_t index, size_t *bytes)
{
    if (index >= m->num_images || !m->images[index].data)
        return NULL;
    if (bytes)
        *bytes = m->images[index].bytes;
    return m->images[index].data;
}

uint64_t nvgp_exec_faults(const nvgp_exec *m)
{
    return atomic_load(&((nvgp_exec *)m)->faults);
}

uint64_t nvgp_exec_warp_instructions(const nvgp_exec *m)
{
    return m->warp_insns;
}

uint64_t nvgp_exec_lane_instructions(const nvgp_exec *m)
{
    return m->lane_insns;
}

void exec_free_results(nvgp_exec *m)
{
    free_results(m);
}
