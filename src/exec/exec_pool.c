/* The shared thread pool (exec_pool.h).
 *
 * Workers sleep on a condition variable.  A run publishes its function and
 * the number of helpers it wants, runs the function itself, then withdraws
 * the places no worker has taken yet (the work is shared through the
 * function's own counter, so a helper that wakes late has nothing to miss)
 * and waits for the helpers that did join.  One run at a time uses the
 * pool; a run that finds it busy runs on its caller's thread alone.
 *
 * POSIX threads rather than C11 threads: ThreadSanitizer intercepts
 * pthread_create, not glibc's thrd_create. */
#include "exec/exec_pool.h"

#include <pthread.h>
#include <stddef.h>

enum { POOL_MAX_WORKERS = 63 };

static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;  /* one run at a time */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;      /* what follows */
static pthread_cond_t work_cv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static unsigned workers;           /* started, for the life of the process */
static unsigned want;              /* helper places not yet taken */
static unsigned busy;              /* helpers running the job */
static int (*job_fn)(void *);
static void *job_ctx;
static int job_rc;

static void *worker_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!want)
            pthread_cond_wait(&work_cv, &lock);
        want--;
        busy++;
        int (*fn)(void *) = job_fn;
        void *ctx = job_ctx;
        pthread_mutex_unlock(&lock);
        int rc = fn(ctx);
        pthread_mutex_lock(&lock);
        job_rc |= rc;
        if (--busy == 0)
            pthread_cond_broadcast(&done_cv);
    }
    return NULL;
}

/* Starts workers until there are n (or creation fails); lock held. */
static void grow(unsigned n)
{
    while (workers < n && workers < POOL_MAX_WORKERS) {
        pthread_t t;
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) != 0)
            return;
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&t, &attr, worker_main, NULL);
        pthread_attr_destroy(&attr);
        if (rc != 0)
            return;
        workers++;
    }
}

int exec_pool_run(unsigned threads, int (*fn)(void *), void *ctx)
{
    if (threads <= 1 || pthread_mutex_trylock(&run_lock) != 0)
        return fn(ctx);
    pthread_mutex_lock(&lock);
    grow(threads - 1);
    unsigned helpers = threads - 1 < workers ? threads - 1 : workers;
    job_fn = fn;
    job_ctx = ctx;
    job_rc = 0;
    want = helpers;
    if (helpers)
        pthread_cond_broadcast(&work_cv);
    pthread_mutex_unlock(&lock);

    int rc = fn(ctx);

    pthread_mutex_lock(&lock);
    want = 0;
    while (busy)
        pthread_cond_wait(&done_cv, &lock);
    rc |= job_rc;
    job_fn = NULL;
    job_ctx = NULL;
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&run_lock);
    return rc;
}
