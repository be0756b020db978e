/* The executor: a virtual GPU that runs one decoded TGSI program on warps of
 * 32 lanes (structure of arrays, one uint32 execution-mask word per warp).
 *
 * Use:  m = nvgp_exec_create(prog, diag)          decode once
 *       nvgp_exec_set_invocations(m, n, verts)    size per-invocation storage
 *       nvgp_exec_set_constants / set_input / add_memory / bind_* ...
 *       status = nvgp_exec_run(m, diag)
 *       nvgp_exec_get_output / killed / emitted / memory / faults
 *       nvgp_exec_destroy(m)
 *
 * Threads: invocation (thread) i runs in lane i % 32 of warp i / 32; the
 * lanes of a partial last warp are inactive.  Fragment programs: lanes
 * 4n..4n+3 form a quad, 4n+0 at (x,y), 4n+1 at (x+1,y), 4n+2 at (x,y+1),
 * 4n+3 at (x+1,y+1).  Helper lanes execute (derivatives, votes) but never
 * write memory and never report outputs.
 *
 * Register words are raw 32-bit values: floats are passed as their bits.
 * A 64-bit value (double, int64) occupies components xy or zw, low word in
 * x (z).  Memory accesses outside the ranges given read 0 and drop stores
 * and atomics; each is counted in nvgp_exec_faults().  Every invocation has
 * an instruction budget; a program that exceeds it ends the run with
 * NVGP_EXEC_ERROR_BUDGET and a message naming the instruction.  (The count
 * is kept per warp, the instructions it dispatched, which is at least the
 * count of any of its invocations.)
 *
 * Denormals: float32 arithmetic is done with the host's IEEE arithmetic, so
 * denormal inputs and results are preserved (not flushed).
 *
 * Where tgsi.rst leaves a result undefined the executor still defines it:
 * float -> integer conversions truncate, saturate and map NaN to 0; IDIV
 * and I64DIV by 0 give 0, MOD and I64MOD by 0 give -1, INT_MIN / -1 gives
 * INT_MIN; IBFE/UBFE/BFI outside the pseudocode's domain mask offset and
 * bits with 0x1f; MIN/MAX of a NaN give the other operand.  LOAD/STORE move
 * component c to/from the word at address + 4c.  Interpolation opcodes
 * evaluate the attribute's plane from the quad (value + ddx_fine * dx +
 * ddy_fine * dy, (dx, dy) from where the inputs were taken to the centroid,
 * the sample or the centre plus the offset: nvgp_exec_set_sample_positions
 * and nvgp_exec_set_interp_location; without them every location is the
 * pixel centre; with them, the gradient is the plane's through the points
 * where the quad's lanes took the input; a flat input is its value).  The threads of a tess-control patch share its output file: a
 * thread reads what any thread of the patch wrote before (in instruction
 * order; among lanes writing the same word in one instruction the last
 * lane wins), e.g. OUT[k][i] of invocation k after a BARRIER.  A
 * tess-control warp holds whole patches (floor(32 / TCS_VERTICES_OUT) of
 * them). */
#ifndef NVGP_EXEC_EXEC_H
#define NVGP_EXEC_EXEC_H

#include "base/diag.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nvgp_exec nvgp_exec;
struct nvgp_texture;  /* src/exec/texture.h */

typedef enum nvgp_exec_status {
    NVGP_EXEC_OK = 0,
    NVGP_EXEC_ERROR_BUDGET,      /* an invocation exceeded its instruction budget */
    NVGP_EXEC_ERROR_UNSUPPORTED, /* an opcode or feature the executor cannot run */
    NVGP_EXEC_ERROR_PROGRAM,     /* malformed program: unbalanced blocks, bad label */
    NVGP_EXEC_ERROR_BINDING,     /* a bind/set call got an out-of-range argument */
    NVGP_EXEC_ERROR_NOMEM,       /* host memory exhausted */
    NVGP_EXEC_ERROR_STACK        /* control-flow or call nesting too deep */
} nvgp_exec_status;

enum { NVGP_EXEC_LANES = 32 };
/* Bindless handles of IMG2HND / SAMP2HND: 64 bits, low word = tag << 16 |
 * resource index (index < 65536), high word 0 (docs/spec-decisions.md). */
enum { NVGP_EXEC_HANDLE_IMAGE = 0x494d, NVGP_EXEC_HANDLE_SAMPLER = 0x5341 };
#define NVGP_EXEC_ALL 0xffffffffu        /* "every invocation" for set calls */
#define NVGP_EXEC_DEFAULT_BUDGET 10000000ull /* instructions per invocation */

/* Decodes prog into the executable form.  prog must outlive the machine.
 * Returns NULL (with an error in diag, if given) when the program cannot be
 * run: unbalanced IF/LOOP/SWITCH, a CAL to no subroutine, ... */
nvgp_exec *nvgp_exec_create(const tgsi_program *prog, nvgp_diag *diag);
void nvgp_exec_destroy(nvgp_exec *m);

/* ---- Shape of the run ------------------------------------------------------ */

/* Number of invocations, and for geometry / tessellation programs the number
 * of input vertices each one reads (IN[v][i], v < vertices; 1 otherwise).
 *   VERT, FRAG, TESS_EVAL: one invocation = one thread.
 *   GEOM: one invocation = one input primitive; each runs GS_INVOCATIONS
 *         threads (thread = prim * GS_INVOCATIONS + k, SV INVOCATIONID = k).
 *   TESS_CTRL: one invocation = one patch; each runs TCS_VERTICES_OUT threads
 *         (thread = patch * vertices_out + k, SV INVOCATIONID = k).
 *   COMP: ignored; nvgp_exec_set_grid decides.
 * Clears all per-invocation data set before. */
nvgp_exec_status nvgp_exec_set_invocations(nvgp_exec *m, uint32_t invocations,
                                           uint32_t vertices);
/* Compute: grid of work groups and work-group size (defaults: 1x1x1 grid,
 * block from CS_FIXED_BLOCK_* properties, else 1x1x1). */
nvgp_exec_status nvgp_exec_set_grid(nvgp_exec *m, const uint32_t grid[3],
                                    const uint32_t block[3]);
/* Bytes of MEMORY[.., SHARED] per work group (default 32768) and of
 * MEMORY[.., PRIVATE] per thread (default 4096). */
nvgp_exec_status nvgp_exec_set_shared_size(nvgp_exec *m, uint32_t bytes);
nvgp_exec_status nvgp_exec_set_private_size(nvgp_exec *m, uint32_t bytes);
/* Instructions per invocation before the run ends with ERROR_BUDGET. */
void nvgp_exec_set_budget(nvgp_exec *m, uint64_t instructions);
/* Host threads that run warps (default 1).  Atomics stay atomic. */
void nvgp_exec_set_threads(nvgp_exec *m, unsigned threads);
/* Which engine runs the program: the JIT (the fast engine's straight runs
 * compiled by LLVM, exec_jit.h; the default, and the fast engine where the
 * build or the CPU has no JIT or compiling fails), the fast one
 * (pre-decoded records with handlers specialised per operand shape) or the
 * reference handlers alone.  All give the same results, bit for bit. */
typedef enum nvgp_exec_engine {
    NVGP_EXEC_ENGINE_FAST,
    NVGP_EXEC_ENGINE_REFERENCE,
    NVGP_EXEC_ENGINE_JIT
} nvgp_exec_engine;
void nvgp_exec_set_engine(nvgp_exec *m, nvgp_exec_engine engine);

/* ---- Bindings (all data is copied) ---------------------------------------- */

/* CONST[buffer][first .. first+count): count vec4s of raw words.  A 1-D
 * CONST[i] is buffer 0.  Unset constants read 0. */
nvgp_exec_status nvgp_exec_set_constants(nvgp_exec *m, uint32_t buffer, uint32_t first,
                                         const uint32_t *words, uint32_t count);
/* IN[vertex][index] of an invocation (vertex 0 for 1-D inputs; NVGP_EXEC_ALL
 * for every invocation).  Unset inputs read (0,0,0,1.0f). */
nvgp_exec_status nvgp_exec_set_input(nvgp_exec *m, uint32_t invocation, uint32_t vertex,
                                     uint32_t index, const uint32_t value[4]);
/* IN[0][0 .. per_invocation) of invocations first .. first+count from data
 * laid out as [invocation][index][4 words], the machine's own layout, in
 * one copy (the pipeline's fragment batches).  NVGP_EXEC_ERROR_BINDING,
 * and nothing set, unless the inputs are 1-D and per_invocation is the
 * machine's number of inputs. */
nvgp_exec_status nvgp_exec_set_input_block(nvgp_exec *m, uint32_t first, uint32_t count,
                                           uint32_t per_invocation, const uint32_t *data);
/* The same block without a copy: the machine reads all its inputs
 * (count: every invocation) from data, which must stay valid and
 * unchanged until the next nvgp_exec_set_invocations.  A later setter of
 * an input copies the block first. */
nvgp_exec_status nvgp_exec_use_input_block(nvgp_exec *m, uint32_t count, uint32_t per_invocation,
                                           const uint32_t *data);
/* The same inputs laid out warp by warp as the machine's registers are,
 * read without a transposition: IN[k] component c of invocation i at
 * data[((i / 32 * per_invocation + k) * 4 + c) * 32 + i % 32] (the last
 * warp's block whole, its lanes past count unread).  Vertex and fragment
 * programs only (one invocation a thread); the same lifetime and setters
 * as nvgp_exec_use_input_block. */
nvgp_exec_status nvgp_exec_use_input_warps(nvgp_exec *m, uint32_t count, uint32_t per_invocation,
                                           const uint32_t *data);
/* The run's outputs written into data, laid out as nvgp_exec_use_input_warps
 * lays out inputs (OUT[k] component c of invocation i at
 * data[((i / 32 * outputs + k) * 4 + c) * 32 + i % 32], outputs =
 * nvgp_exec_num_outputs, whole warps: the last one's lanes past count
 * are scratch), 64-byte aligned: each warp's OUT registers are there, so
 * nothing is transposed.  nvgp_exec_get_output reads it;
 * nvgp_exec_output_array gives NULL.  Vertex and fragment programs; until
 * the next nvgp_exec_set_invocations. */
nvgp_exec_status nvgp_exec_use_output_warps(nvgp_exec *m, uint32_t count, uint32_t *data);
/* A run of fragment quads computed and stored in one call, without a run
 * of the machine: the JIT's span kernel (docs/jit.md "Span kernels").
 * Groups of 8 quads (16 columns, one warp) from column qx of a quad row,
 * of whose lanes only those in cover[g] are tested and stored (the others
 * compute, as helper lanes do, and touch no memory), lane q of a quad (0, 1 on the lower pixel row, 2, 3 on the
 * upper) at dx = ((double)column + 0.5) - x0; its input word w (IN[w / 4]
 * component w % 4) by the kernel's modes[w]:
 *   'l' (float)(rows[4 w + q] + slope[w] * dx),
 *   'p' (float)((num_rows[4 w + q] + num_slope[w] * dx) * (1 / qv)) with
 *       qv = q[q] + q[4] * dx, where qv != 0 (else as 'l'),
 *   'k' konst[w];
 *   'X' the fragment's x, (float)((double)column + 0.5), less 0.5 where
 *       the form has center_integer;
 *   'Y' pos_y[q >> 1];
 *   'Z' the window z, (float)(z[q] + z[4] * dx);
 *   'W' (float)qv;
 * with a depth test, the lane's depth is (float)(z[q] + z[4] * dx), or the
 * program's (its depth output's z clamped to [0,1]), tested against and
 * written to the depth rows depth0 and depth1 (a float a pixel); OUT[color]
 * of the lanes that pass, blended where the kernel's form blends (with the
 * constant blend_color), is stored as pixels of 4 floats from row0 and
 * row1: its values, or with a kernel for RGBA8 buffers the values such a
 * buffer keeps (clamped to [0,1], to the nearest k / 255). */
typedef struct nvgp_exec_span {
    const double *rows, *slope, *num_rows, *num_slope, *q, *z;
    const float *konst, *blend_color;
    const float *pos_y;      /* 'Y' words: the lower and upper pixel row's */
    const uint32_t *cover;   /* per group, its lanes to run (bit l: lane l) */
    double x0;
    int64_t qx;
    uint32_t groups;
    float *row0, *row1, *depth0, *depth1;
} nvgp_exec_span;
/* Blending (the pipeline's, GL 4.1.8 with ARB_blend_func_extended), [0]
 * for red, green and blue, [1] for alpha: out = eq(src, sf, dst, df),
 * where a factor is its operand's component (the operand's alpha where
 * `alpha`), or one minus it: operand 0 zero, 1 the source (the colour), 2
 * the destination (the buffer's), 3 the blend constant, 4 the second
 * source (OUT[color1], 0 where the program writes none), 5 GL's
 * SRC_ALPHA_SATURATE (alpha 1, else min(src alpha, 1 - dst alpha)); eq 0
 * src sf + dst df, 1 src sf - dst df, 2 dst df - src sf, 3 min(src, dst),
 * 4 max(src, dst).  With an RGBA8 buffer the sources are clamped to [0,1]
 * first. */
typedef struct nvgp_exec_span_factor {
    uint8_t operand;
    bool one_minus, alpha;
} nvgp_exec_span_factor;
typedef struct nvgp_exec_span_blend {
    bool on;
    nvgp_exec_span_factor src[2], dst[2];
    uint8_t eq[2];
    int color1;
} nvgp_exec_span_blend;
/* What a kernel is made for. */
typedef struct nvgp_exec_span_form {
    uint32_t words;          /* input words */
    const char *modes;       /* words characters, 'l', 'p', 'k', 'X', 'Y', 'Z', 'W' */
    bool center_integer;     /* 'X': the pixel's integer column */
    uint32_t color;          /* the colour's OUT register */
    bool rgba8;              /* the colour stored as an RGBA8 buffer keeps it */
    int depth_func;          /* -1: no depth test, else GL's order NEVER .. ALWAYS, 0 .. 7 */
    bool depth_write;
    int depth_out;           /* the OUT register whose z is the depth, -1: the lane's */
    nvgp_exec_span_blend blend;
} nvgp_exec_span_form;
typedef struct nvgp_exec_span_kernel nvgp_exec_span_kernel;
/* The kernel of form f, compiled at the first call: NULL (run the
 * machine) unless the machine runs the JIT engine without a hook, its
 * budget covers the whole program, and the program is one short straight
 * region of operations the JIT compiles, reading nothing but its inputs,
 * constants and the registers it writes (a fragment program).  The
 * constants set at the call are those the kernel reads (call it again
 * after setting others). */
const nvgp_exec_span_kernel *nvgp_exec_span_kernel_for(nvgp_exec *m, const nvgp_exec_span_form *f);
/* False (nvgp_exec_error says why) when a texture sample it calls
 * failed. */
bool nvgp_exec_span_run(nvgp_exec *m, const nvgp_exec_span_kernel *k, const nvgp_exec_span *s);
/* One component (0..3) of IN[vertex][index], for scalar bindings held in a
 * component of an input register (a clip distance of CLIPDIST); the other
 * components keep their values. */
nvgp_exec_status nvgp_exec_set_input_component(nvgp_exec *m, uint32_t invocation,
                                               uint32_t vertex, uint32_t index,
                                               uint32_t component, uint32_t word);
/* Overrides the value of a system value (SV declared with semantic and
 * semantic index) for a thread (or NVGP_EXEC_ALL).  Without an override the
 * executor provides: THREAD_ID BLOCK_ID BLOCK_SIZE GRID_SIZE INVOCATIONID
 * VERTEXID (= thread) INSTANCEID (0) PRIMID (= invocation) HELPER_INVOCATION
 * SUBGROUP_SIZE SUBGROUP_INVOCATION SUBGROUP_*_MASK VERTICESIN FACE (1.0f)
 * SAMPLEID (0) SAMPLEMASK (1); TESSCOORD, TESSOUTER, TESSINNER read 0 unless
 * set here. */
nvgp_exec_status nvgp_exec_set_system_value(nvgp_exec *m, uint32_t thread,
                                            tgsi_semantic semantic, uint32_t semantic_index,
                                            const uint32_t value[4]);
/* Overrides one component (0..3) of a system value, for scalar bindings held
 * in a component (a tessellation level of TESSOUTER / TESSINNER).  Settings
 * apply in order, component by component: the components not set keep what
 * earlier settings (or the default) give; a setting for one thread wins over
 * one for all, component by component. */
nvgp_exec_status nvgp_exec_set_system_value_component(nvgp_exec *m, uint32_t thread,
                                                      tgsi_semantic semantic,
                                                      uint32_t semantic_index,
                                                      uint32_t component, uint32_t word);
/* Multisample interpolation for INTERP_SAMPLE / INTERP_CENTROID /
 * INTERP_OFFSET: the framebuffer's sample positions (offsets from the
 * pixel's lower left corner; at most 32; 0: every sample is the centre),
 * and per invocation where its inputs were evaluated (origin) and its
 * centroid (where a CENTROID input was taken).  Without a setting both are
 * the pixel centre (0.5, 0.5).  The opcodes evaluate the attribute's plane
 * at their location minus the input's origin.  Reset by nvgp_exec_set_invocations (the positions are kept). */
nvgp_exec_status nvgp_exec_set_sample_positions(nvgp_exec *m, uint32_t count,
                                                const float xy[][2]);
nvgp_exec_status nvgp_exec_set_interp_location(nvgp_exec *m, uint32_t invocation,
                                               const float origin[2], const float centroid[2]);
/* Marks fragment invocation as a helper lane. */
nvgp_exec_status nvgp_exec_set_helper(nvgp_exec *m, uint32_t invocation, bool helper);

/* Fragment programs: the framebuffer colour under an invocation (or
 * NVGP_EXEC_ALL) for the colour buffer that OUT[output] writes, as FBFETCH
 * on OUT[output] returns it (raw words).  Unset colours read (0,0,0,0). */
nvgp_exec_status nvgp_exec_set_framebuffer(nvgp_exec *m, uint32_t invocation,
                                           uint32_t output, const uint32_t value[4]);

/* Global memory for LOAD/STORE/ATOM on MEMORY[..] (global): bytes at a byte
 * address; init may be NULL (zeros).  Ranges must not overlap.  Returns the
 * range's index through *range (may be NULL). */
nvgp_exec_status nvgp_exec_add_memory(nvgp_exec *m, uint64_t address, const void *init,
                                      size_t bytes, uint32_t *range);
/* BUFFER[index] (byte-addressed storage buffer), init may be NULL.  The
 * same binding holds the atomic counters HWATOMIC[index][i] (word i). */
nvgp_exec_status nvgp_exec_bind_buffer(nvgp_exec *m, uint32_t index, const void *init,
                                       size_t bytes);
/* IMAGE[index]: texels tightly packed in `format` (a tgsi_format, i.e. a
 * PIPE_FORMAT name of tgsi_names.h), x fastest, then y, then z.  LOAD,
 * STORE and ATOM* address texel (address.x, .y, .z) whatever the target:
 * 1D arrays keep their layers in `height`, 2D arrays and cubes in `depth`.
 * Formats: R32G32B32A32 / R32G32 / R32 _FLOAT _UINT _SINT, R8G8B8A8_UNORM
 * and _UINT. */
typedef struct nvgp_exec_image {
    uint8_t target;           /* tgsi_texture */
    uint16_t format;          /* tgsi_format */
    uint32_t width, height, depth;
} nvgp_exec_image;
nvgp_exec_status nvgp_exec_bind_image(nvgp_exec *m, uint32_t index,
                                      const nvgp_exec_image *desc, const void *texels);
/* The texel of an image format (a TGSI format code) the executor loads and
 * stores: its components and the bytes of one; false for any other format. */
bool nvgp_exec_image_format(uint16_t format, unsigned *comps, unsigned *comp_bytes);
/* Texture unit: SAMP[unit] for TEX-family opcodes and SVIEW[unit] for the
 * SAMPLE family.  The texture is not copied and must outlive the run. */
nvgp_exec_status nvgp_exec_bind_texture(nvgp_exec *m, uint32_t unit,
                                        const struct nvgp_texture *tex);

/* ---- Running ---------------------------------------------------------------- */

/* Runs every thread.  On failure the message is in diag (at the source
 * offset of the failing instruction) and in nvgp_exec_error(). */
nvgp_exec_status nvgp_exec_run(nvgp_exec *m, nvgp_diag *diag);
const char *nvgp_exec_error(const nvgp_exec *m);   /* "" after success */

/* ---- Results ---------------------------------------------------------------- */

uint32_t nvgp_exec_num_threads(const nvgp_exec *m);
/* Threads each invocation runs: GS_INVOCATIONS (geometry), TCS_VERTICES_OUT
 * (tessellation control), else 1; known once the machine is created. */
uint32_t nvgp_exec_threads_per_invocation(const nvgp_exec *m);
/* Number of OUT registers (one past the highest declared index). */
uint32_t nvgp_exec_num_outputs(const nvgp_exec *m);
/* Does the program write OUT[index] (directly, or through an indirect index)? */
bool nvgp_exec_output_written(const nvgp_exec *m, uint32_t index);
/* OUT[index] of a thread as raw words.  Tess-control threads read their
 * vertex's OUT[k][index]; patch outputs (1-D OUT) are shared by a patch:
 * each output register of a patch is the value its last writer (in thread
 * order) left. */
void nvgp_exec_get_output(const nvgp_exec *m, uint32_t thread, uint32_t index,
                          uint32_t value[4]);
/* OUT[index] of every thread at once, for a caller reading a whole batch:
 * thread t's four words start at the result + t * *stride; NULL (use
 * nvgp_exec_get_output) for per-vertex outputs (tess control), before a
 * run, or for an index past the outputs. */
const uint32_t *nvgp_exec_output_array(const nvgp_exec *m, uint32_t index, size_t *stride);
/* Fragment threads: ended by KILL/KILL_IF/KIL/KILP (demoted threads are
 * reported by nvgp_exec_demoted). */
bool nvgp_exec_killed(const nvgp_exec *m, uint32_t thread);
bool nvgp_exec_demoted(const nvgp_exec *m, uint32_t thread);
bool nvgp_exec_is_helper(const nvgp_exec *m, uint32_t thread);
/* out[i] = killed or demoted, for threads 0 .. n (a batch's worth of
 * nvgp_exec_killed || nvgp_exec_demoted in one call). */
void nvgp_exec_discarded(const nvgp_exec *m, uint32_t n, bool *out);

/* Geometry threads: vertices emitted on a stream (0..3).  Vertex k carries
 * every OUT register (num_outputs * 4 words, written to `outputs` when not
 * NULL) and the number of its primitive: 0 until the first ENDPRIM on that
 * stream, then 1, ... */
uint32_t nvgp_exec_num_emitted(const nvgp_exec *m, uint32_t thread, uint32_t stream);
void nvgp_exec_get_emitted(const nvgp_exec *m, uint32_t thread, uint32_t stream,
                           uint32_t k, uint32_t *outputs, uint32_t *primitive);

/* Contents after the run of a memory range / buffer / image. */
const void *nvgp_exec_memory(const nvgp_exec *m, uint32_t range, uint64_t *address,
                             size_t *bytes);
uint32_t nvgp_exec_num_memory(const nvgp_exec *m);
const void *nvgp_exec_buffer(const nvgp_exec *m, uint32_t index, size_t *bytes);
const void *nvgp_exec_image_data(const nvgp_exec *m, uint32_t index, size_t *bytes);
/* Buffer and image slots (one past the highest index bound so far). */
uint32_t nvgp_exec_num_buffers(const nvgp_exec *m);
uint32_t nvgp_exec_num_images(const nvgp_exec *m);

/* Out-of-range memory accesses suppressed during the last run. */
uint64_t nvgp_exec_faults(const nvgp_exec *m);
/* Instructions executed by the last run (summed over warps) and lane
 * instructions (summed over active lanes), for benchmarks. */
uint64_t nvgp_exec_warp_instructions(const nvgp_exec *m);
uint64_t nvgp_exec_lane_instructions(const nvgp_exec *m);

#endif
