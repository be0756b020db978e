/* A big draw's fragment work on several host threads.  The screen's pixel
 * rows are dealt out in bands of PIPE_BAND_ROWS (even, so no 2x2 quad
 * straddles two) to `threads` band workers, band b to worker b mod
 * threads.  The front half of the draw (vertex stages, clipping) stays on
 * the calling thread and records each triangle; every worker then
 * rasterises every recorded triangle in order, keeping only the quads of
 * its own rows, with its own fragment batch and its own machine for the
 * fragment program.  A pixel belongs to one worker, which meets its
 * fragments in primitive order, so the per-fragment operations see the
 * same sequence and the image is the one a single thread draws, bit for
 * bit.  Only triangles are banded: the first point or line of a draw (rare
 * in big draws, and a line carries its stipple count from segment to
 * segment) ends the banding, after every band has drawn what came before.
 * Programs that store to memory or use atomics run on one thread, since
 * their side effects are ordered across pixels. */
#include "pipeline/pipe_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned pipe_debug_banded_draws = 0;

/* Triangles recorded before the workers run them (~3 KB each). */
enum { CHUNK_PRIMS = 128, MAX_WORKERS = 16 };
/* Banding pays only for draws whose drawable rectangle is this big. */
#define MIN_PIXELS (128 * 128)

typedef struct band_tri {
    pipe_wvertex w[3];
    pipe_vertex v[4];     /* the vertices' varyings, then the provoking vertex's */
    bool front;
} band_tri;

typedef struct band_worker {
    pipe_draw d;
    nvgp_pipe_state s;    /* the draw's state, with one host thread */
    pipe_program fp;
    char err[256];
} band_worker;

typedef struct pipe_bands {
    band_worker *w;
    unsigned count;
    band_tri *tris;
    uint32_t num_tris;
    atomic_uint next;     /* the next worker a host thread takes */
    bool final;           /* this run ends the banding: flush the batches */
} pipe_bands;

static void free_workers(pipe_bands *b)
{
    for (unsigned k = 0; k < b->count; k++) {
        band_worker *w = &b->w[k];
        pipe_raster_batch_free(&w->d);
        pipe_program_fini(&w->fp);
    }
    free(b->w);
    free(b->tris);
    free(b);
}

void pipe_bands_start(pipe_draw *d)
{
    unsigned threads = d->s->threads < MAX_WORKERS ? d->s->threads : MAX_WORKERS;
    int64_t width = (int64_t)d->clip_x1 - d->clip_x0, height = (int64_t)d->clip_y1 - d->clip_y0;
    if (threads < 2 || width * height < MIN_PIXELS ||
        height < 2 * PIPE_BAND_ROWS || (d->fp && pipe_program_side_effects(d->fp)))
        return;
    pipe_bands *b = calloc(1, sizeof *b);
    if (!b)
        return;   /* one thread draws it */
    b->w = calloc(threads, sizeof *b->w);
    b->tris = malloc(CHUNK_PRIMS * sizeof *b->tris);
    bool ok = b->w && b->tris;
    for (unsigned k = 0; ok && k < threads; k++) {
        band_worker *w = &b->w[k];
        b->count = k + 1;
        w->s = *d->s;
        w->s.threads = 1;
        w->d = *d;
        w->d.s = &w->s;
        pipe_raster_batch_none(&w->d);
        w->d.err = w->err, w->d.errlen = sizeof w->err;
        w->d.failed = false;
        w->d.bands = NULL;
        w->d.band_count = threads, w->d.band_index = k;
        if (d->fp && k == 0) {
            /* the draw's own machine, idle while the bands run (one
             * machine fewer; the others come from the program's cache
             * after its first draw, JIT code compiled) */
            pipe_machine_threads(d->fp->machine, 1);
        } else if (d->fp) {
            ok = pipe_program_init(&w->fp, d->fp->program, NVGP_PIPE_FRAGMENT, &w->s, w->err,
                                   sizeof w->err);
            w->d.fp = &w->fp;
        }
    }
    if (!ok) {
        free_workers(b);
        if (d->fp)
            pipe_machine_threads(d->fp->machine, d->s->threads);
        return;   /* one thread draws it */
    }
    d->bands = b;
    pipe_debug_banded_draws++;
}

static bool run_band(pipe_bands *b, unsigned k)
{
    band_worker *w = &b->w[k];
    for (uint32_t i = 0; i < b->num_tris && !w->d.failed; i++) {
        band_tri *t = &b->tris[i];
        pipe_wvertex wv[3];
        for (int j = 0; j < 3; j++) {
            wv[j] = t->w[j];
            wv[j].attr = &t->v[j];
        }
        w->d.front = t->front;
        pipe_raster_triangle(&w->d, &wv[0], &wv[1], &wv[2], &t->v[3]);
    }
    if (b->final && !w->d.failed)
        pipe_raster_flush(&w->d);
    return !w->d.failed;
}

static int band_job(void *arg)
{
    pipe_bands *b = arg;
    int rc = 0;
    for (unsigned k; (k = atomic_fetch_add(&b->next, 1)) < b->count;)
        rc |= !run_band(b, k);
    return rc;
}

/* Every worker draws the recorded triangles (and, final, flushes). */
static bool run_chunk(pipe_draw *d, bool final)
{
    pipe_bands *b = d->bands;
    b->final = final;
    atomic_store(&b->next, 0);
    pipe_host_parallel(b->count, band_job, b);
    b->num_tris = 0;
    for (unsigned k = 0; k < b->count; k++)
        if (b->w[k].d.failed) {
            snprintf(d->err, d->errlen, "%s", b->w[k].err);
            d->failed = true;
            return false;
        }
    return true;
}

bool pipe_bands_triangle(pipe_draw *d, const pipe_wvertex *v0, const pipe_wvertex *v1,
                         const pipe_wvertex *v2, const pipe_vertex *provoking)
{
    pipe_bands *b = d->bands;
    if (b->num_tris == CHUNK_PRIMS && !run_chunk(d, false))
        return false;
    band_tri *t = &b->tris[b->num_tris++];
    const pipe_wvertex *v[3] = {v0, v1, v2};
    for (int j = 0; j < 3; j++) {
        t->w[j] = *v[j];
        t->v[j] = *v[j]->attr;
    }
    t->v[3] = *provoking;
    t->front = d->front;
    return true;
}

bool pipe_bands_finish(pipe_draw *d)
{
    if (!d->bands)
        return true;
    bool ok = !d->failed && run_chunk(d, true);
    pipe_bands_discard(d);
    return ok;
}

void pipe_bands_discard(pipe_draw *d)
{
    if (!d->bands)
        return;
    free_workers(d->bands);
    d->bands = NULL;
    if (d->fp)   /* the draw's machine goes on (points, lines) on its threads */
        pipe_machine_threads(d->fp->machine, d->s->threads);
}
