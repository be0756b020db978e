/* The adapter from the pipeline to the executor (src/exec/exec.h). */
#include "pipeline/pipe_machine.h"

#include "exec/exec.h"
#include "exec/exec_pool.h"
#include "exec/texture.h"
#include "nvgp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pipe_machine {
    nvgp_exec *exec;
    nvgp_texture *incomplete;   /* made on first use */
    bool failed;                /* a run failed */
};

pipe_machine *pipe_machine_create(const tgsi_program *prog, char *err, size_t errlen)
{
    pipe_machine *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->exec = nvgp_exec_create(prog, NULL);
    if (!m->exec) {
        snprintf(err, errlen, "the executor cannot run this program");
        free(m);
        return NULL;
    }
    return m;
}

void pipe_machine_destroy(pipe_machine *m)
{
    if (!m)
        return;
    nvgp_exec_destroy(m->exec);
    nvgp_texture_destroy(m->incomplete);
    free(m);
}

void pipe_machine_threads(pipe_machine *m, unsigned threads)
{
    nvgp_exec_set_threads(m->exec, threads ? threads : 1);
}

void pipe_machine_engine(pipe_machine *m, unsigned engine)
{
    nvgp_exec_set_engine(m->exec, engine == NVGP_ENGINE_REFERENCE ? NVGP_EXEC_ENGINE_REFERENCE
                                  : engine == NVGP_ENGINE_FAST    ? NVGP_EXEC_ENGINE_FAST
                                                                  : NVGP_EXEC_ENGINE_JIT);
}

void pipe_machine_budget(pipe_machine *m, uint64_t instructions)
{
    nvgp_exec_set_budget(m->exec, instructions ? instructions : NVGP_EXEC_DEFAULT_BUDGET);
}

bool pipe_machine_begin_vertices(pipe_machine *m, uint32_t n, uint32_t vertices)
{
    return nvgp_exec_set_invocations(m->exec, n, vertices) == NVGP_EXEC_OK;
}

void pipe_machine_input_vertex(pipe_machine *m, uint32_t inv, uint32_t vertex, uint32_t index,
                               const float v[4])
{
    uint32_t w[4];
    memcpy(w, v, sizeof w);
    nvgp_exec_set_input(m->exec, inv, vertex, index, w);
}

bool pipe_machine_system_value(pipe_machine *m, uint32_t thread, unsigned semantic,
                               const uint32_t v[4])
{
    return nvgp_exec_set_system_value(m->exec, thread, (tgsi_semantic)semantic, 0, v) ==
           NVGP_EXEC_OK;
}

uint32_t pipe_machine_threads_per_invocation(const pipe_machine *m)
{
    return nvgp_exec_threads_per_invocation(m->exec);
}

uint32_t pipe_machine_num_outputs(const pipe_machine *m)
{
    return nvgp_exec_num_outputs(m->exec);
}

uint32_t pipe_machine_num_emitted(const pipe_machine *m, uint32_t thread)
{
    return nvgp_exec_num_emitted(m->exec, thread, 0);
}

void pipe_machine_emitted(const pipe_machine *m, uint32_t thread, uint32_t k, uint32_t *words,
                          uint32_t *primitive)
{
    nvgp_exec_get_emitted(m->exec, thread, 0, k, words, primitive);
}

bool pipe_machine_constants(pipe_machine *m, const float *vec4s, uint32_t count)
{
    if (count == 0)
        return true;
    /* floats go in as their bits */
    return nvgp_exec_set_constants(m->exec, 0, 0, (const uint32_t *)(const void *)vec4s, count) ==
           NVGP_EXEC_OK;
}

void pipe_machine_input(pipe_machine *m, uint32_t inv, uint32_t index, const float v[4])
{
    uint32_t w[4];
    memcpy(w, v, sizeof w);
    nvgp_exec_set_input(m->exec, inv, 0, index, w);
}

bool pipe_machine_input_block(pipe_machine *m, uint32_t count, uint32_t per_inv, const float *v)
{
    /* floats go in as their bits */
    return nvgp_exec_set_input_block(m->exec, 0, count, per_inv,
                                     (const uint32_t *)(const void *)v) == NVGP_EXEC_OK;
}

bool pipe_machine_use_input_block(pipe_machine *m, uint32_t count, uint32_t per_inv,
                                  const float *v)
{
    return nvgp_exec_use_input_block(m->exec, count, per_inv,
                                     (const uint32_t *)(const void *)v) == NVGP_EXEC_OK;
}

bool pipe_machine_use_input_warps(pipe_machine *m, uint32_t count, uint32_t per_inv,
                                  const float *v)
{
    return nvgp_exec_use_input_warps(m->exec, count, per_inv,
                                     (const uint32_t *)(const void *)v) == NVGP_EXEC_OK;
}

bool pipe_machine_use_output_warps(pipe_machine *m, uint32_t count, uint32_t *out)
{
    return nvgp_exec_use_output_warps(m->exec, count, out) == NVGP_EXEC_OK;
}

const void *pipe_machine_span_kernel(pipe_machine *m, const pipe_span_form *f)
{
    nvgp_exec_span_form e = { f->words, f->modes, f->center_integer, f->color, f->rgba8, f->depth_func,
                              f->depth_write, f->depth_out, { f->blend.on, {{0}}, {{0}}, {0},
                                                              f->blend.color1 } };
    for (int k = 0; k < 2; k++) {
        const pipe_span_factor *sf = &f->blend.src[k], *df = &f->blend.dst[k];
        e.blend.src[k] = (nvgp_exec_span_factor){ sf->operand, sf->one_minus, sf->alpha };
        e.blend.dst[k] = (nvgp_exec_span_factor){ df->operand, df->one_minus, df->alpha };
        e.blend.eq[k] = f->blend.eq[k];
    }
    return nvgp_exec_span_kernel_for(m->exec, &e);
}

bool pipe_machine_span_run(pipe_machine *m, const void *kernel, const pipe_span_args *a, char *err,
                           size_t errlen)
{
    nvgp_exec_span s = { a->rows, a->slope, a->num_rows, a->num_slope, a->q, a->z, a->konst,
                         a->blend_color, a->pos_y, a->cover, a->x0, a->qx, a->groups, a->row0, a->row1, a->depth0, a->depth1 };
    if (nvgp_exec_span_run(m->exec, kernel, &s))
        return true;
    snprintf(err, errlen, "%s", nvgp_exec_error(m->exec));
    m->failed = true;
    return false;
}

void pipe_machine_helper(pipe_machine *m, uint32_t inv)
{
    nvgp_exec_set_helper(m->exec, inv, true);
}

void pipe_machine_sample_positions(pipe_machine *m, uint32_t count, const float xy[][2])
{
    nvgp_exec_set_sample_positions(m->exec, count, xy);
}

void pipe_machine_interp_location(pipe_machine *m, uint32_t inv, const float origin[2],
                                  const float centroid[2])
{
    nvgp_exec_set_interp_location(m->exec, inv, origin, centroid);
}

void pipe_machine_sysval(pipe_machine *m, uint32_t inv, unsigned semantic, uint32_t index,
                         const uint32_t v[4])
{
    nvgp_exec_set_system_value(m->exec, inv, (tgsi_semantic)semantic, index, v);
}

bool pipe_machine_texture(pipe_machine *m, uint32_t sampler, const struct nvgp_texture *t)
{
    return nvgp_exec_bind_texture(m->exec, sampler, t) == NVGP_EXEC_OK;
}

bool pipe_machine_incomplete_texture(pipe_machine *m, uint32_t sampler)
{
    if (!m->incomplete) {
        nvgp_texture_desc desc = {TGSI_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, 1, 1, 1, 1, 1, 1};
        static const float texel[4] = {0, 0, 0, 1};
        m->incomplete = nvgp_texture_create(&desc, NULL);
        if (m->incomplete && !nvgp_texture_set_image(m->incomplete, 0, texel, sizeof texel, NULL)) {
            nvgp_texture_destroy(m->incomplete);
            m->incomplete = NULL;
        }
        if (!m->incomplete)
            return false;
    }
    return pipe_machine_texture(m, sampler, m->incomplete);
}

bool pipe_machine_buffer(pipe_machine *m, uint32_t index, const void *data, size_t bytes)
{
    /* the executor reads 0 outside its buffers, an unbound one included */
    return !data || nvgp_exec_bind_buffer(m->exec, index, data, bytes) == NVGP_EXEC_OK;
}

bool pipe_machine_run(pipe_machine *m, char *err, size_t errlen)
{
    if (nvgp_exec_run(m->exec, NULL) == NVGP_EXEC_OK)
        return true;
    m->failed = true;
    snprintf(err, errlen, "%s", nvgp_exec_error(m->exec));
    return false;
}

bool pipe_machine_failed(const pipe_machine *m)
{
    return m->failed;
}

bool pipe_machine_written(const pipe_machine *m, uint32_t index)
{
    return nvgp_exec_output_written(m->exec, index);
}

void pipe_machine_output(const pipe_machine *m, uint32_t inv, uint32_t index, float v[4])
{
    uint32_t w[4];
    nvgp_exec_get_output(m->exec, inv, index, w);
    memcpy(v, w, sizeof w);
}

const uint32_t *pipe_machine_output_array(const pipe_machine *m, uint32_t index, size_t *stride)
{
    return nvgp_exec_output_array(m->exec, index, stride);
}

void pipe_machine_discarded(const pipe_machine *m, uint32_t n, bool *out)
{
    nvgp_exec_discarded(m->exec, n, out);
}

bool pipe_machine_killed(const pipe_machine *m, uint32_t inv)
{
    return nvgp_exec_killed(m->exec, inv) || nvgp_exec_demoted(m->exec, inv);
}

int pipe_host_parallel(unsigned threads, int (*fn)(void *), void *ctx)
{
    return exec_pool_run(threads, fn, ctx);
}
