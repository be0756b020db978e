/* The span path: the pipeline's most common case (single-sample
 * triangles, a fragment program that reads its inputs and writes a colour,
 * the colour stored as it is or blended, behind the depth test or not) without a fragment record per lane.  The
 * triangle's planes are laid out word by word, as a lane's inputs are, so
 * that a lane's inputs are one pass over contiguous arrays; the batch
 * keeps only each quad's position and coverage; its flush stores the
 * colours of the covered lanes straight into the framebuffer.  Every value
 * is the one the general path computes (the same operations in the same
 * order), so the images are the same, bit for bit. */
#ifndef NVGP_PIPELINE_PIPE_SPAN_H
#define NVGP_PIPELINE_PIPE_SPAN_H

#include "pipeline/pipe_tri.h"

#include <stdatomic.h>

/* Whether the draw's triangles take the span path: the fast path's case
 * (pipe_tri_fast_case), one sample, the plain per-fragment state but for
 * the depth test and blending (pipe_frag_simple), no early tests, no system values or interpolation
 * opcodes, inputs IN[0 ..] in order. */
bool pipe_span_case(const pipe_draw *d);
/* The span data of a draw's batch (allocated with it); false with d->failed
 * set when memory ran out. */
bool pipe_span_alloc(pipe_draw *d);
void pipe_span_free(pipe_draw *d);
/* Lays out the planes of triangle t word by word. */
void pipe_span_triangle(pipe_draw *d, const tri_planes *t);
/* Every plane's value on the two pixel rows of quad row qy less its
 * x term. */
void pipe_span_row(pipe_draw *d, const tri_planes *t, int64_t qy);
/* Adds the quad at (qx, qy) whose lanes l with bit l of cov set are
 * covered (cov != 0), its four lanes' inputs computed; flushes a full
 * batch first.  False when that flush failed. */
bool pipe_span_quad(pipe_draw *d, const tri_planes *t, int64_t qx, int64_t qy, unsigned cov);
/* The quads [qx0, qx1) of quad row qy, every lane covered (qx0, qx1
 * even). */
bool pipe_span_full(pipe_draw *d, const tri_planes *t, int64_t qx0, int64_t qx1, int64_t qy);
/* Ends quad row qy of triangle t: the quads the machine's span kernel
 * takes (every quad of a triangle it has one for) run here.  False when
 * a flush failed. */
bool pipe_span_row_end(pipe_draw *d, const tri_planes *t, int64_t qy);
/* Runs the batch's n lanes (d->span_batch) and stores the covered lanes'
 * colours. */
bool pipe_span_flush(pipe_draw *d, uint32_t n);
/* Lanes the span path has run (for tests to know it ran). */
extern atomic_ulong pipe_debug_span_lanes;
/* Tests set it to pick the form of the span path's vector code for the
 * batches allocated after it: 0 the CPU's best, 1 the portable loop, 2
 * AVX2 (where the CPU has it), to compare them. */
extern int pipe_debug_span_form;
/* Tests set it to 0 to leave the machine's span kernel unused (the
 * batches run the machine), to compare. */
extern int pipe_debug_span_kernel;
/* Lanes the span kernel has run. */
extern atomic_ulong pipe_debug_span_kernel_lanes;
/* Float framebuffers of at least this many bytes take streaming stores
 * (tests lower it). */
extern size_t pipe_span_stream_bytes;
/* Quads stored by streaming stores (for tests to know they ran). */
extern atomic_ulong pipe_debug_span_streamed;

#endif
