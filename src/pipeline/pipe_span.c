/* The span path (pipe_span.h). */
#include "pipeline/pipe_span.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#endif

enum { SPAN_WORDS = 4 * 64 };

/* A lane's words as planes: word w's screen-linear value is
 * row + lin_a[w] dx (row: lin_c[w] + lin_b[w] dy of its pixel row, kept in
 * lin_rows), a perspective one (num_row[r][w] + num_a[w] dx) / q where
 * q != 0.  Words that are not comps have all-zero planes and take their
 * constant afterwards.
 *
 * The batch's inputs are laid out warp by warp as the executor's registers
 * are (nvgp_exec_use_input_warps): word w of lane i at
 * in[(i / 32 * words + w) * 32 + i % 32], so that a warp's inputs are
 * copied, not transposed, and a quad's four lanes of a word are four
 * adjacent floats. */
enum { WARP = 32 };

static inline float *lane_word0(float *in, uint32_t words, uint32_t lane)
{
    return in + ((size_t)(lane / WARP) * words * WARP + lane % WARP);
}

typedef void quads_linear_fn(uint32_t words, const double *rows, const double *a, double x0,
                             int64_t qx, uint32_t quads, float *in, uint32_t lane);

struct pipe_span {
    uint32_t words;
    double lin_a[SPAN_WORDS], lin_b[SPAN_WORDS], lin_c[SPAN_WORDS];
    double num_a[SPAN_WORDS], num_b[SPAN_WORDS], num_c[SPAN_WORDS];
    /* each word's row values as a quad's lanes take them: r0, r0, r1, r1 */
    double lin_rows[SPAN_WORDS][4];
    double num_row[2][SPAN_WORDS];
    uint16_t persp_word[SPAN_WORDS];
    uint32_t num_persp;
    bool has_rest;                /* perspective or constant words, or the position */
    double zrow[2], qrow[2];
    /* the batch: quad k's lower left pixel and covered lanes */
    int32_t *quad_x, *quad_y;
    uint8_t *quad_cov;
    float *lane_z;                /* with the depth test: each lane's window z */
    int color_out;                /* OUT register of COLOR[0], -1 none */
    uint32_t *outputs;            /* the batch's outputs, warp by warp (64-byte aligned) */
    uint32_t num_outputs;
    quads_linear_fn *linear;      /* the screen-linear words of a run of quads */
    /* the machine's span kernels (pipe_machine_span_kernel): whether the
     * draw's state takes them (asked once a draw), those asked for by
     * their modes (a draw has one or two: triangles with and without
     * perspective), the current triangle's */
    bool kernel_asked, kernel_state;
    char kernel_modes[2][SPAN_WORDS + 1];
    const void *kernels[2];
    unsigned num_kernels;
    const void *tri_kernel;
    double num_rows[SPAN_WORDS][4];   /* the kernel's: num_row by quad lane */
    double q4[5];                 /* q's row values by quad lane, then q.a */
    double z4[5];                 /* the same of window z */
    float pos_y[2];               /* the fragment position's y on the two rows */
    /* the current row's run of quads for the kernel: from column run_qx,
     * run_n quads, quad k's covered lanes run_cov[k]; run_cover the
     * kernel's lane masks, 32 a group */
    int64_t run_qx;
    uint32_t run_n, run_cap;
    uint8_t *run_cov;
    uint32_t *run_cover;
    uint32_t tri_serial;          /* triangles begun this draw */
    uint32_t batch_tri;           /* the triangle the batch's first quad is of */
};

/* The screen-linear value of every word for the four lanes of each of
 * quads quads from column qx on, the first quad's lane 0 being batch lane
 * `lane` (lane l of quad j at column qx + 2 j + (l & 1) of pixel row
 * l >> 1): the product a dx is the same for both rows of a column, the sum
 * and the rounding to float are each lane's, as the general path does
 * them; every multiply and add rounded on its own (-ffp-contract=off for
 * the portable loop; the vector forms name their operations).  A quad's
 * lanes of a word are one 4-wide vector (AVX2), two quads' one 8-wide
 * vector (AVX-512), where the CPU has them. */
static void quads_linear_c(uint32_t words, const double *rows, const double *a, double x0,
                           int64_t qx, uint32_t quads, float *in, uint32_t lane)
{
    for (uint32_t j = 0; j < quads; j++, qx += 2, lane += 4) {
        double dx[2] = {(double)qx + 0.5 - x0, (double)(qx + 1) + 0.5 - x0};
        float *out = lane_word0(in, words, lane);
        for (uint32_t w = 0; w < words; w++)
            for (int l = 0; l < 4; l++)
                out[(size_t)w * WARP + (uint32_t)l] = (float)(rows[4 * w + (uint32_t)l] + a[w] * dx[l & 1]);
    }
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define SPAN_X86 1
__attribute__((target("avx2"))) static void
quads_linear_avx2(uint32_t words, const double *rows, const double *a, double x0, int64_t qx,
                  uint32_t quads, float *in, uint32_t lane)
{
    for (uint32_t j = 0; j < quads; j++, qx += 2, lane += 4) {
        double dx0 = (double)qx + 0.5 - x0, dx1 = (double)(qx + 1) + 0.5 - x0;
        __m256d dx = _mm256_setr_pd(dx0, dx1, dx0, dx1);
        float *out = lane_word0(in, words, lane);
        for (uint32_t w = 0; w < words; w++) {
            __m256d p = _mm256_mul_pd(_mm256_broadcast_sd(a + w), dx);
            __m256d v = _mm256_add_pd(_mm256_loadu_pd(rows + 4 * (size_t)w), p);
            _mm_storeu_ps(out + (size_t)w * WARP, _mm256_cvtpd_ps(v));
        }
    }
}

/* Two quads a vector where they share an aligned group of 8 lanes (every
 * group lies within a warp). */
__attribute__((target("avx512f"))) static void
quads_linear_avx512(uint32_t words, const double *rows, const double *a, double x0, int64_t qx,
                    uint32_t quads, float *in, uint32_t lane)
{
    if (quads && lane % 8) {   /* a quad to the group's start */
        quads_linear_avx2(words, rows, a, x0, qx, 1, in, lane);
        quads--, qx += 2, lane += 4;
    }
    for (; quads >= 2; quads -= 2, qx += 4, lane += 8) {
        double d[4];
        for (int c = 0; c < 4; c++)
            d[c] = (double)(qx + c) + 0.5 - x0;
        __m512d dx = _mm512_setr_pd(d[0], d[1], d[0], d[1], d[2], d[3], d[2], d[3]);
        float *out = lane_word0(in, words, lane);
        for (uint32_t w = 0; w < words; w++) {
            __m512d p = _mm512_mul_pd(_mm512_set1_pd(a[w]), dx);
            __m512d r = _mm512_broadcast_f64x4(_mm256_loadu_pd(rows + 4 * (size_t)w));
            _mm256_storeu_ps(out + (size_t)w * WARP, _mm512_cvtpd_ps(_mm512_add_pd(r, p)));
        }
    }
    if (quads)
        quads_linear_avx2(words, rows, a, x0, qx, 1, in, lane);
}
#endif

int pipe_debug_span_form = 0;

/* The CPU's form (the tests may pin another). */
static quads_linear_fn *quads_linear_for_cpu(void)
{
#ifdef SPAN_X86
    int form = pipe_debug_span_form;
    if (form == 0 && __builtin_cpu_supports("avx512f"))
        return quads_linear_avx512;
    if ((form == 0 || form == 2) && __builtin_cpu_supports("avx2"))
        return quads_linear_avx2;
#endif
    return quads_linear_c;
}

bool pipe_span_case(const pipe_draw *d)
{
    const pipe_program *fp = d->fp;
    if (!pipe_tri_fast_case(d) || d->samples != 1 || d->per_sample ||
        !pipe_frag_simple(d) ||
        fp->early_tests || fp->num_sysvals || fp->uses_interp)
        return false;
    return fp->inputs_in_order;
}

bool pipe_span_alloc(pipe_draw *d)
{
    if (!d->fp)
        return true;
    struct pipe_span *sp = calloc(1, sizeof *sp);
    uint32_t quads = d->cap_frags / 4;
    if (sp) {
        sp->quad_x = malloc(quads * sizeof *sp->quad_x);
        sp->quad_y = malloc(quads * sizeof *sp->quad_y);
        sp->quad_cov = malloc(quads);
        sp->lane_z = malloc((size_t)d->cap_frags * sizeof *sp->lane_z);
    }
    d->span = sp;
    if (!sp || !sp->quad_x || !sp->quad_y || !sp->quad_cov || !sp->lane_z) {
        pipe_span_free(d);
        snprintf(d->err, d->errlen, "out of memory for fragments");
        d->failed = true;
        return false;
    }
    /* a row's quads at most, rounded up to whole groups of 8 */
    sp->run_cap = (d->fb->width / 2 + 2 + 7) & ~7u;
    sp->run_cov = malloc(sp->run_cap);
    sp->run_cover = malloc(sp->run_cap / 8 * sizeof *sp->run_cover);
    if (!sp->run_cov || !sp->run_cover) {
        pipe_span_free(d);
        snprintf(d->err, d->errlen, "out of memory for fragments");
        d->failed = true;
        return false;
    }
    sp->color_out = pipe_program_output(d->fp, TGSI_SEMANTIC_COLOR, 0);
    sp->num_outputs = pipe_machine_num_outputs(d->fp->machine);
    if (sp->num_outputs) {
        size_t bytes = (size_t)d->cap_frags * sp->num_outputs * 4 * sizeof(uint32_t);
        sp->outputs = aligned_alloc(64, bytes);   /* NULL: the machine's own array */
    }
    sp->linear = quads_linear_for_cpu();
    return true;
}

void pipe_span_free(pipe_draw *d)
{
    if (!d->span)
        return;
    free(d->span->quad_x);
    free(d->span->quad_y);
    free(d->span->quad_cov);
    free(d->span->lane_z);
    free(d->span->outputs);
    free(d->span->run_cov);
    free(d->span->run_cover);
    free(d->span);
    d->span = NULL;
}

int pipe_debug_span_kernel = 1;
atomic_ulong pipe_debug_span_kernel_lanes;

/* Whether the draw's state lets a kernel store whole quads (the flush's
 * `whole` stores, in plain stores, an RGBA8 buffer's rounded values, the
 * depth test and blending the flush makes); the program's constants and
 * textures are then set, for the kernels to take in. */
static bool kernel_state(pipe_draw *d)
{
    const pipe_program *fp = d->fp;
    const struct pipe_span *sp = d->span;
    const nvgp_pipe_fb *fb = d->fb;
    bool rgba8 = fb->format == NVGP_PIPE_RGBA8;
    if (!pipe_debug_span_kernel || sp->color_out < 0 || fp->may_discard ||
        (!rgba8 && (size_t)fb->width * fb->height * 16 >= pipe_span_stream_bytes))
        return false;
    return pipe_machine_constants(fp->machine, fp->constants, fp->num_constants) &&
           pipe_program_textures(d->fp, d->s);
}

/* The kernel for triangle t's words, or NULL. */
static const void *triangle_kernel(pipe_draw *d, const tri_planes *t)
{
    struct pipe_span *sp = d->span;
    if (t->words > SPAN_WORDS)
        return NULL;
    char modes[SPAN_WORDS + 1];
    memset(modes, 'l', t->words);
    modes[t->words] = 0;
    for (uint32_t k = 0; k < t->num_comps; k++)
        if (t->comp[k].persp)
            modes[t->comp[k].word] = 'p';
    for (uint32_t k = 0; k < t->num_konst; k++)
        modes[t->konst_word[k]] = 'k';
    for (int c = 0; t->pos_word >= 0 && c < 4; c++)
        modes[t->pos_word + c] = "XYZW"[c];
    for (unsigned i = 0; i < sp->num_kernels; i++)
        if (!strcmp(sp->kernel_modes[i], modes))
            return sp->kernels[i];
    if (sp->num_kernels == 2)
        return NULL;
    unsigned i = sp->num_kernels++;
    memcpy(sp->kernel_modes[i], modes, t->words + 1);
    const nvgp_pipe_state *s = d->s;
    pipe_span_form f = { t->words, modes, d->fp->center_integer, (uint32_t)sp->color_out,
                         d->fb->format == NVGP_PIPE_RGBA8, s->depth_test ? s->depth_func : -1,
                         s->depth_write,
                         s->depth_test ? pipe_program_output(d->fp, TGSI_SEMANTIC_POSITION, 0) : -1,
                         {0} };
    pipe_blend_describe(s, &f.blend);
    f.blend.color1 = s->blend ? pipe_program_output(d->fp, TGSI_SEMANTIC_COLOR, 1) : -1;
    sp->kernels[i] = pipe_machine_span_kernel(d->fp->machine, &f);
    return sp->kernels[i];
}

void pipe_span_triangle(pipe_draw *d, const tri_planes *t)
{
    struct pipe_span *sp = d->span;
    uint32_t words = t->words;
    if (!sp->kernel_asked) {
        sp->kernel_asked = true;
        sp->kernel_state = kernel_state(d);
    }
    sp->tri_serial++;
    sp->words = words;
    memset(sp->lin_a, 0, words * sizeof(double));
    memset(sp->lin_b, 0, words * sizeof(double));
    memset(sp->lin_c, 0, words * sizeof(double));
    sp->num_persp = 0;
    for (uint32_t k = 0; k < t->num_comps; k++) {
        const tri_comp *c = &t->comp[k];
        uint32_t w = c->word;
        sp->lin_a[w] = c->lin.a, sp->lin_b[w] = c->lin.b, sp->lin_c[w] = c->lin.c;
        if (c->persp) {
            sp->num_a[w] = c->num.a, sp->num_b[w] = c->num.b, sp->num_c[w] = c->num.c;
            sp->persp_word[sp->num_persp++] = (uint16_t)w;
        }
    }
    sp->has_rest = sp->num_persp || t->num_konst || t->pos_word >= 0;
    sp->tri_kernel = sp->kernel_state ? triangle_kernel(d, t) : NULL;
}

void pipe_span_row(pipe_draw *d, const tri_planes *t, int64_t qy)
{
    struct pipe_span *sp = d->span;
    for (int r = 0; r < 2; r++) {
        /* plane_at's order: c + b dy first, the same bits */
        double dy = (double)(qy + r) + 0.5 - t->y0;
        for (uint32_t w = 0; w < sp->words; w++)
            sp->lin_rows[w][2 * r] = sp->lin_rows[w][2 * r + 1] = sp->lin_c[w] + sp->lin_b[w] * dy;
        for (uint32_t k = 0; k < sp->num_persp; k++) {
            uint32_t w = sp->persp_word[k];
            sp->num_row[r][w] = sp->num_c[w] + sp->num_b[w] * dy;
        }
        sp->zrow[r] = t->z.c + t->z.b * dy;
        sp->qrow[r] = t->q.c + t->q.b * dy;
    }
    if (!sp->tri_kernel)
        return;
    /* the kernel's planes by quad lane: rows r0, r0, r1, r1 */
    for (uint32_t k = 0; k < sp->num_persp; k++) {
        uint32_t w = sp->persp_word[k];
        for (int l = 0; l < 4; l++)
            sp->num_rows[w][l] = sp->num_row[l >> 1][w];
    }
    for (int l = 0; l < 4; l++)
        sp->q4[l] = sp->qrow[l >> 1], sp->z4[l] = sp->zrow[l >> 1];
    for (int r = 0; t->pos_word >= 0 && r < 2; r++) {
        float pos[4];
        pipe_tri_position(d, pos, 0.5, (double)(qy + r) + 0.5, 0.0f, 0.0);
        sp->pos_y[r] = pos[1];
    }
    sp->q4[4] = t->q.a;
    sp->z4[4] = t->z.a;
}

/* Lane (x, pixel row r of the quad)'s other words over its screen-linear
 * ones (out: its word 0, words WARP floats apart): the perspective ones,
 * the constant ones and the position. */
static void lane_rest(const pipe_draw *d, const tri_planes *t, const struct pipe_span *sp, int r,
                      int64_t x, int64_t y, float *out)
{
    double dx = (double)x + 0.5 - t->x0;
    double q = 0;
    if (t->need_q) {
        q = sp->qrow[r] + t->q.a * dx;
        if (q != 0) {
            double inv_q = 1.0 / q;
            for (uint32_t k = 0; k < sp->num_persp; k++) {
                uint32_t w = sp->persp_word[k];
                out[(size_t)w * WARP] = (float)((sp->num_row[r][w] + sp->num_a[w] * dx) * inv_q);
            }
        }
    }
    for (uint32_t k = 0; k < t->num_konst; k++)
        out[(size_t)t->konst_word[k] * WARP] = t->konst[t->konst_word[k]];
    if (t->pos_word >= 0) {
        float z = (float)(sp->zrow[r] + t->z.a * dx), pos[4];
        pipe_tri_position(d, pos, (double)x + 0.5, (double)y + 0.5, z, q);
        for (int c = 0; c < 4; c++)
            out[(size_t)(t->pos_word + c) * WARP] = pos[c];
    }
}

/* Quads [qx, qx + 2 quads) of quad row qy, cov[j] the covered lanes of
 * quad j (NULL: all four), into the batch, which has room. */
static void add_quads(pipe_draw *d, const tri_planes *t, int64_t qx, int64_t qy, uint32_t quads,
                      const uint8_t *cov)
{
    struct pipe_span *sp = d->span;
    uint32_t k = d->num_frags / 4, words = sp->words;
    if (!d->num_frags)
        sp->batch_tri = sp->tri_serial;
    for (uint32_t j = 0; j < quads; j++) {
        sp->quad_x[k + j] = (int32_t)(qx + 2 * (int64_t)j), sp->quad_y[k + j] = (int32_t)qy;
        sp->quad_cov[k + j] = cov ? cov[j] : 0xf;
    }
    sp->linear(words, &sp->lin_rows[0][0], sp->lin_a, t->x0, qx, quads, d->inputs, d->num_frags);
    for (uint32_t j = 0; sp->has_rest && j < quads; j++)
        for (uint32_t l = 0; l < 4; l++)
            lane_rest(d, t, sp, (int)(l >> 1), qx + 2 * (int64_t)j + (l & 1), qy + (l >> 1),
                      lane_word0(d->inputs, words, d->num_frags + 4 * j + l));
    /* window z where the depth test reads it (the general path's
     * zrow + a dx, the same bits) */
    for (uint32_t j = 0; d->s->depth_test && j < quads; j++)
        for (uint32_t l = 0; l < 4; l++) {
            double dx = (double)(qx + 2 * (int64_t)j + (l & 1)) + 0.5 - t->x0;
            sp->lane_z[d->num_frags + 4 * j + l] = (float)(sp->zrow[l >> 1] + t->z.a * dx);
        }
    d->num_frags += 4 * quads;
    d->span_batch = true;
}

/* Room for a quad in a batch of span quads (flushing first); false when
 * the flush failed. */
static bool room(pipe_draw *d)
{
    return (d->num_frags + 4 <= d->cap_frags && (d->span_batch || !d->num_frags)) ||
           pipe_raster_flush(d);
}

/* The row's run of quads through the machine's span kernel, straight
 * into the framebuffer, in groups of 8 quads whose lanes outside the
 * run's coverage are neither tested nor stored: the batch is flushed
 * first where it holds fragments of an earlier primitive, which may
 * cover the same pixels and come first (false: that flush failed). */
static bool kernel_run(pipe_draw *d, const tri_planes *t, int64_t qy)
{
    struct pipe_span *sp = d->span;
    uint32_t n = sp->run_n, groups = (n + 7) / 8;
    sp->run_n = 0;
    if (!n)
        return true;
    if (d->num_frags && (!d->span_batch || sp->batch_tri != sp->tri_serial) &&
        !pipe_raster_flush(d))
        return false;
    uint32_t lanes = 0;
    /* (the run's last group padded with uncovered quads) */
    memset(sp->run_cov + n, 0, 8 * groups - n);
    for (uint32_t g = 0; g < groups; g++) {
        uint64_t quads;
        memcpy(&quads, sp->run_cov + 8 * g, sizeof quads);
        uint32_t m = 0;
        if (quads == 0x0f0f0f0f0f0f0f0full) {
            m = ~0u;
        } else {
            for (uint32_t k = 0; k < 8; k++)
                m |= (uint32_t)sp->run_cov[8 * g + k] << (4 * k);
        }
        sp->run_cover[g] = m;
        lanes += (uint32_t)__builtin_popcount(m);
    }
    nvgp_pipe_fb *fb = d->fb;
    size_t at = (size_t)qy * fb->width + (size_t)sp->run_qx;
    /* a quad row past the buffer's last pixel row has no lane covered
     * there: its row pointers are the first row's, never touched */
    size_t down = (uint64_t)qy + 1 < fb->height ? fb->width : 0;
    float *row0 = fb->color + 4 * at, *depth0 = fb->sample_depth + at;
    pipe_span_args a = { &sp->lin_rows[0][0], sp->lin_a, &sp->num_rows[0][0], sp->num_a, sp->q4,
                         sp->z4, t->konst, d->s->blend_color, sp->pos_y, sp->run_cover, t->x0,
                         sp->run_qx,
                         groups, row0, row0 + 4 * down, depth0, depth0 + down };
    if (!pipe_machine_span_run(d->fp->machine, sp->tri_kernel, &a, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    atomic_fetch_add_explicit(&pipe_debug_span_lanes, lanes, memory_order_relaxed);
    atomic_fetch_add_explicit(&pipe_debug_span_kernel_lanes, lanes, memory_order_relaxed);
    return true;
}

/* Quads [qx, qx + 2 n) of row qy, each with the lanes cov has, into the
 * row's kernel run (a gap, or a full run, runs what came before). */
static bool kernel_add(pipe_draw *d, const tri_planes *t, int64_t qx, int64_t qy, uint32_t n,
                       uint8_t cov)
{
    struct pipe_span *sp = d->span;
    while (n) {
        if (sp->run_n && (qx != sp->run_qx + 2 * (int64_t)sp->run_n || sp->run_n == sp->run_cap) &&
            !kernel_run(d, t, qy))
            return false;
        if (!sp->run_n)
            sp->run_qx = qx;
        uint32_t k = sp->run_cap - sp->run_n < n ? sp->run_cap - sp->run_n : n;
        memset(sp->run_cov + sp->run_n, cov, k);
        sp->run_n += k, qx += 2 * (int64_t)k, n -= k;
    }
    return true;
}

bool pipe_span_row_end(pipe_draw *d, const tri_planes *t, int64_t qy)
{
    return !d->span->run_n || kernel_run(d, t, qy);
}

bool pipe_span_quad(pipe_draw *d, const tri_planes *t, int64_t qx, int64_t qy, unsigned cov)
{
    if (d->span->tri_kernel)
        return kernel_add(d, t, qx, qy, 1, (uint8_t)cov);
    if (!room(d))
        return false;
    uint8_t c = (uint8_t)cov;
    add_quads(d, t, qx, qy, 1, &c);
    return true;
}

bool pipe_span_full(pipe_draw *d, const tri_planes *t, int64_t qx0, int64_t qx1, int64_t qy)
{
    if (d->span->tri_kernel)
        return kernel_add(d, t, qx0, qy, (uint32_t)((qx1 - qx0) / 2), 0xf);
    for (int64_t qx = qx0; qx < qx1;) {
        if (!room(d))
            return false;
        uint32_t quads = (d->cap_frags - d->num_frags) / 4;
        if ((int64_t)quads > (qx1 - qx) / 2)
            quads = (uint32_t)((qx1 - qx) / 2);
        add_quads(d, t, qx, qy, quads, NULL);
        qx += 2 * (int64_t)quads;
    }
    return true;
}

/* Float framebuffers from this size on take streaming stores: past what
 * a last-level cache holds (32 MB here), lines read in for each store are
 * lines of the buffer evicted again; below it plain stores are faster
 * (1024x1024 RGBA32F, 16 MB: 157 against 150 Mpix/s for short5 on one
 * thread). */
size_t pipe_span_stream_bytes = (size_t)32 << 20;

/* A quad's four colours (src: lanes 0 .. 3) into its two rows. */
static void stream_quad(float *row0, float *row1, const float *src)
{
#if defined(__SSE2__)
    /* the buffer's pixels are 16-byte aligned (calloc) */
    if (!(((uintptr_t)row0 | (uintptr_t)row1) & 15)) {
        _mm_stream_ps(row0, _mm_loadu_ps(src));
        _mm_stream_ps(row0 + 4, _mm_loadu_ps(src + 4));
        _mm_stream_ps(row1, _mm_loadu_ps(src + 8));
        _mm_stream_ps(row1 + 4, _mm_loadu_ps(src + 12));
        return;
    }
#endif
    memcpy(row0, src, 8 * sizeof(float));
    memcpy(row1, src + 8, 8 * sizeof(float));
}

/* Streaming stores are ordered before whatever follows the flush. */
static void stream_fence(void)
{
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

/* A quad's colours from the machine's layout (component c of lane l at
 * planes[c * WARP + l]) to four RGBA pixels. */
static void transpose_quad(const float *planes, float px[16])
{
#if defined(__SSE2__)
    __m128 r = _mm_loadu_ps(planes), g = _mm_loadu_ps(planes + WARP);
    __m128 b = _mm_loadu_ps(planes + 2 * WARP), a = _mm_loadu_ps(planes + 3 * WARP);
    _MM_TRANSPOSE4_PS(r, g, b, a);
    _mm_storeu_ps(px, r);
    _mm_storeu_ps(px + 4, g);
    _mm_storeu_ps(px + 8, b);
    _mm_storeu_ps(px + 12, a);
#else
    for (int l = 0; l < 4; l++)
        for (int c = 0; c < 4; c++)
            px[4 * l + c] = planes[c * WARP + l];
#endif
}

atomic_ulong pipe_debug_span_lanes;
atomic_ulong pipe_debug_span_streamed;

bool pipe_span_flush(pipe_draw *d, uint32_t n)
{
    atomic_fetch_add_explicit(&pipe_debug_span_lanes, n, memory_order_relaxed);
    struct pipe_span *sp = d->span;
    pipe_program *fp = d->fp;
    pipe_machine *m = fp->machine;
    if (!pipe_program_bind(fp, d->s, n, 1, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    /* (pipe_span_case's conditions are the executor's for this layout) */
    if (!pipe_machine_use_input_warps(m, n, fp->num_inputs, d->inputs)) {
        snprintf(d->err, d->errlen, "the fragment batch's inputs were refused");
        d->failed = true;
        return false;
    }
    /* the outputs into the span's block, in the registers' layout */
    bool lent = sp->outputs && pipe_machine_use_output_warps(m, n, sp->outputs);
    uint32_t quads = n / 4;
    for (uint32_t k = 0; k < quads; k++)
        for (uint32_t l = 0; sp->quad_cov[k] != 0xf && l < 4; l++)
            if (!((sp->quad_cov[k] >> l) & 1))
                pipe_machine_helper(m, 4 * k + l);
    if (!pipe_machine_run(m, d->err, d->errlen)) {
        d->failed = true;
        return false;
    }
    size_t stride = 0;
    const uint32_t *color = NULL;
    if (!lent && sp->color_out >= 0)
        color = pipe_machine_output_array(m, (uint32_t)sp->color_out, &stride);
    if (fp->may_discard)
        pipe_machine_discarded(m, n, d->discarded);
    nvgp_pipe_fb *fb = d->fb;
    bool rgba8 = fb->format == NVGP_PIPE_RGBA8;
    /* whole quads of a float buffer go in 64-byte copies, by streaming
     * stores when the buffer is bigger than the caches: nothing reads them
     * soon, and the lines need not be read in first */
    /* the depth test (no stencil test): on the program's depth where it
     * writes one, clamped to [0,1], else the lane's */
    const nvgp_pipe_state *s = d->s;
    bool depth = s->depth_test;
    int depth_out = depth ? pipe_program_output(fp, TGSI_SEMANTIC_POSITION, 0) : -1;
    if (depth_out >= 0 && !pipe_machine_written(m, (uint32_t)depth_out))
        depth_out = -1;
    /* blending, with ARB_blend_func_extended's second source where the
     * program writes COLOR[1] */
    int color1_out = s->blend ? pipe_program_output(fp, TGSI_SEMANTIC_COLOR, 1) : -1;
    if (color1_out >= 0 && !pipe_machine_written(m, (uint32_t)color1_out))
        color1_out = -1;
    bool whole = !rgba8 && !depth && !s->blend && sp->color_out >= 0 &&
                 (lent || (color && stride == 4));
    bool stream = whole && (size_t)fb->width * fb->height * 16 >= pipe_span_stream_bytes;
    unsigned long streamed = 0;
    for (uint32_t k = 0; k < quads; k++) {
        float *row[2];
        row[0] = fb->color + 4 * ((size_t)sp->quad_y[k] * fb->width + (size_t)sp->quad_x[k]);
        row[1] = row[0] + 4 * (size_t)fb->width;
        /* the colour's four components of the quad's lanes, where the
         * machine wrote them (component c of lane l at planes[c * WARP + l]) */
        const float *planes = NULL;
        if (lent && sp->color_out >= 0)
            planes = (const float *)(const void *)sp->outputs +
                     ((size_t)(4 * k / WARP) * sp->num_outputs + (size_t)sp->color_out) * 4 * WARP +
                     4 * k % WARP;
        if (whole && sp->quad_cov[k] == 0xf &&
            !(fp->may_discard && (d->discarded[4 * k] | d->discarded[4 * k + 1] |
                                  d->discarded[4 * k + 2] | d->discarded[4 * k + 3]))) {
            float px[16];
            if (planes)
                transpose_quad(planes, px);
            else
                memcpy(px, color + (size_t)16 * k, sizeof px);
            if (stream) {
                stream_quad(row[0], row[1], px);
                streamed++;
            } else {
                memcpy(row[0], px, 8 * sizeof(float));
                memcpy(row[1], px + 8, 8 * sizeof(float));
            }
            continue;
        }
        for (uint32_t l = 0; l < 4; l++) {
            uint32_t i = 4 * k + l;
            if (!((sp->quad_cov[k] >> l) & 1) || (fp->may_discard && d->discarded[i]))
                continue;
            if (depth) {
                float z = sp->lane_z[i];
                if (depth_out >= 0) {
                    float dv[4];
                    pipe_machine_output(m, i, (uint32_t)depth_out, dv);
                    z = dv[2] > 1.0f ? 1.0f : dv[2] > 0.0f ? dv[2] : 0.0f;
                }
                size_t at = (size_t)(sp->quad_y[k] + (int32_t)(l >> 1)) * fb->width +
                            (size_t)(sp->quad_x[k] + (int32_t)(l & 1));
                if (!pipe_frag_depth(d, at, z))
                    continue;
            }
            float v[4] = {0, 0, 0, 0};
            if (planes)
                for (int c = 0; c < 4; c++)
                    v[c] = planes[c * WARP + (int)l];
            else if (color)
                memcpy(v, color + (size_t)i * stride, sizeof v);
            else if (sp->color_out >= 0)
                pipe_machine_output(m, i, (uint32_t)sp->color_out, v);
            /* pipe_frag_write's steps */
            float v1[4], src[4], src1[4];
            if (color1_out >= 0)
                pipe_machine_output(m, i, (uint32_t)color1_out, v1);
            pipe_frag_sources(fb, v, color1_out >= 0 ? v1 : NULL, src, src1);
            pipe_frag_put(s, fb, row[l >> 1] + 4 * (l & 1), src, src1);
        }
    }
    if (stream)
        stream_fence();
    atomic_fetch_add_explicit(&pipe_debug_span_streamed, streamed, memory_order_relaxed);
    return true;
}
