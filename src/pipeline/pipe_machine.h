/* The pipeline's only door into the executor: every call the pipeline makes
 * on a machine goes through these few functions, so that re-pointing the
 * pipeline at another machine API (the public one of nvgp.h) touches this
 * file and pipe_machine.c alone.  Values are floats (the pipeline moves
 * attributes, colours and parameters only); the executor takes their
 * bits. */
#ifndef NVGP_PIPELINE_PIPE_MACHINE_H
#define NVGP_PIPELINE_PIPE_MACHINE_H

#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nvgp_texture;
typedef struct pipe_machine pipe_machine;

/* NULL with the reason in err when the program cannot run. */
pipe_machine *pipe_machine_create(const tgsi_program *prog, char *err, size_t errlen);
void pipe_machine_destroy(pipe_machine *m);
/* Host threads that run the warps of each batch. */
void pipe_machine_threads(pipe_machine *m, unsigned threads);
/* Instructions per invocation (0: the executor's default). */
/* The executor engine (an nvgp_engine, 0: the default). */
void pipe_machine_engine(pipe_machine *m, unsigned engine);
void pipe_machine_budget(pipe_machine *m, uint64_t instructions);
/* Starts a batch of n invocations (clears inputs and helper marks), each
 * reading `vertices` input vertices (1 for vertex and fragment programs;
 * tessellation and geometry: IN[vertex][index]). */
bool pipe_machine_begin_vertices(pipe_machine *m, uint32_t n, uint32_t vertices);
void pipe_machine_input_vertex(pipe_machine *m, uint32_t inv, uint32_t vertex, uint32_t index,
                               const float v[4]);
/* A system value of one thread (TESSCOORD, TESSOUTER, PRIMID ...); false
 * when the program does not read it. */
bool pipe_machine_system_value(pipe_machine *m, uint32_t thread, unsigned semantic,
                               const uint32_t v[4]);
/* Threads of one invocation (TCS_VERTICES_OUT, GS_INVOCATIONS, else 1). */
uint32_t pipe_machine_threads_per_invocation(const pipe_machine *m);
/* Geometry programs: OUT registers of an emitted vertex, the vertices a
 * thread emitted on stream 0, and vertex k's words (num_outputs * 4) and
 * primitive number. */
uint32_t pipe_machine_num_outputs(const pipe_machine *m);
uint32_t pipe_machine_num_emitted(const pipe_machine *m, uint32_t thread);
void pipe_machine_emitted(const pipe_machine *m, uint32_t thread, uint32_t k, uint32_t *words,
                          uint32_t *primitive);
bool pipe_machine_constants(pipe_machine *m, const float *vec4s, uint32_t count);
void pipe_machine_input(pipe_machine *m, uint32_t inv, uint32_t index, const float v[4]);
/* Inputs 0 .. per_inv of invocations 0 .. count in one copy from
 * [invocation][input][4] floats; false (nothing set) when the program's
 * inputs are not exactly those. */
bool pipe_machine_input_block(pipe_machine *m, uint32_t count, uint32_t per_inv, const float *v);
/* The same without a copy: v must stay as it is until the next
 * pipe_machine_begin_vertices (the next batch is written after the run). */
bool pipe_machine_use_input_block(pipe_machine *m, uint32_t count, uint32_t per_inv,
                                  const float *v);
/* The run's outputs into out, laid out warp by warp as the executor's
 * registers (nvgp_exec_use_output_warps; out 64-byte aligned). */
bool pipe_machine_use_output_warps(pipe_machine *m, uint32_t count, uint32_t *out);
/* The same laid out warp by warp as the executor's registers
 * (nvgp_exec_use_input_warps). */
bool pipe_machine_use_input_warps(pipe_machine *m, uint32_t count, uint32_t per_inv,
                                  const float *v);
void pipe_machine_helper(pipe_machine *m, uint32_t inv);
/* Multisample interpolation opcodes: the sample positions, and where an
 * invocation's inputs were taken and its centroid (pixel offsets). */
void pipe_machine_sample_positions(pipe_machine *m, uint32_t count, const float xy[][2]);
void pipe_machine_interp_location(pipe_machine *m, uint32_t inv, const float origin[2],
                                  const float centroid[2]);
/* A system value's words for one invocation (sample id, mask, position). */
void pipe_machine_sysval(pipe_machine *m, uint32_t inv, unsigned semantic, uint32_t index,
                         const uint32_t v[4]);
bool pipe_machine_texture(pipe_machine *m, uint32_t sampler, const struct nvgp_texture *t);
/* Binds GL's incomplete texture, which samples (0, 0, 0, 1): a 1x1 2D
 * texture the machine owns. */
bool pipe_machine_incomplete_texture(pipe_machine *m, uint32_t sampler);
/* BUFFER[index] holds a copy of bytes (NULL: none bound; reads give 0). */
bool pipe_machine_buffer(pipe_machine *m, uint32_t index, const void *data, size_t bytes);
bool pipe_machine_run(pipe_machine *m, char *err, size_t errlen);
/* Whether a run of the machine has failed. */
bool pipe_machine_failed(const pipe_machine *m);
bool pipe_machine_written(const pipe_machine *m, uint32_t index);
void pipe_machine_output(const pipe_machine *m, uint32_t inv, uint32_t index, float v[4]);
bool pipe_machine_killed(const pipe_machine *m, uint32_t inv);
/* A run of quads in one call, without a run of the machine (the
 * executor's span kernel, nvgp_exec_span_run, which says what the fields
 * are): groups of 8 quads from column qx, the lanes of group g that
 * cover[g] has, their colour stored from the two pixel rows' first
 * pixels, their depths tested against and written to the two depth
 * rows. */
typedef struct pipe_span_args {
    const double *rows, *slope, *num_rows, *num_slope, *q, *z;
    const float *konst, *blend_color, *pos_y;
    const uint32_t *cover;
    double x0;
    int64_t qx;
    uint32_t groups;
    float *row0, *row1, *depth0, *depth1;
} pipe_span_args;
/* Blending as a span kernel makes it (nvgp_exec_span_blend): for each of
 * red-green-blue and alpha, the factors' operands (0 zero, 1 source, 2
 * destination, 3 constant, 4 second source, 5 alpha saturate), whether
 * one minus them, whether their alpha; the equation (0 add, 1 subtract, 2
 * reverse subtract, 3 min, 4 max); the second source's OUT register. */
typedef struct pipe_span_factor {
    uint8_t operand;
    bool one_minus, alpha;
} pipe_span_factor;
typedef struct pipe_span_blend {
    bool on;
    pipe_span_factor src[2], dst[2];
    uint8_t eq[2];
    int color1;
} pipe_span_blend;
/* What a span kernel is for (nvgp_exec_span_form): `words` input words
 * made as modes says ('l' screen-linear, 'p' perspective, 'k' constant,
 * 'X' 'Y' 'Z' 'W' the fragment position, whose x is the integer column
 * where center_integer),
 * the colour in OUT[color] (stored as an RGBA8 buffer keeps it where
 * rgba8), the depth test's function (-1 none), its write, the program's
 * depth output (-1 none), blending. */
typedef struct pipe_span_form {
    uint32_t words;
    const char *modes;
    bool center_integer;
    uint32_t color;
    bool rgba8;
    int depth_func;
    bool depth_write;
    int depth_out;
    pipe_span_blend blend;
} pipe_span_form;
/* The machine's span kernel of form f, compiled at the first call, the
 * constants set so far taken in; NULL: run the machine. */
const void *pipe_machine_span_kernel(pipe_machine *m, const pipe_span_form *f);
/* False (err set) when a texture sample the kernel calls failed. */
bool pipe_machine_span_run(pipe_machine *m, const void *kernel, const pipe_span_args *a, char *err,
                           size_t errlen);
/* Runs fn(ctx) on up to `threads` host threads at once (the executor's
 * pool, the caller's thread included); fn takes its work from a shared
 * counter, as it may run on fewer.  The OR of the results. */
int pipe_host_parallel(unsigned threads, int (*fn)(void *), void *ctx);
/* Batch reads after a run, one call instead of one per invocation: OUT[index]
 * of every invocation (words of invocation i at the result + i * *stride;
 * NULL where the machine cannot give them so, then use
 * pipe_machine_output), and which of invocations 0 .. n ended killed or
 * demoted. */
const uint32_t *pipe_machine_output_array(const pipe_machine *m, uint32_t index, size_t *stride);
void pipe_machine_discarded(const pipe_machine *m, uint32_t n, bool *out);

#endif
