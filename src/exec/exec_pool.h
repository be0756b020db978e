/* The host threads that run warps and work groups: one pool for the whole
 * process, shared by every run of every machine, started on first use and
 * kept (a run no longer pays for creating threads). */
#ifndef NVGP_EXEC_EXEC_POOL_H
#define NVGP_EXEC_EXEC_POOL_H

/* Runs fn(ctx) on up to `threads` host threads at once, the caller's
 * included, and returns when every one has returned, with the OR of their
 * results.  fn takes its work from a shared counter, so it must cope with
 * running on fewer threads: while another run holds the pool (runs on other
 * host threads at the same time), or when threads cannot be created, the
 * caller runs fn alone.  At most 64 threads. */
int exec_pool_run(unsigned threads, int (*fn)(void *), void *ctx);

#endif
