/* agi-unpack's worker pool (pool.c): runs tasks 0..n-1 on `jobs` threads
 * (the calling thread is one of them) and hands each finished task to a
 * callback in task order, so whatever the tasks print or append comes out
 * the same for any number of workers. */
#ifndef AGI_UNPACK_POOL_H
#define AGI_UNPACK_POOL_H

#include <stddef.h>

/* Runs task `task` with worker state `worker` (one per thread). */
typedef void (*unpack_pool_run_fn)(void *worker, size_t task, void *arg);
/* Called once per task, in task order, one call at a time. */
typedef void (*unpack_pool_done_fn)(size_t task, void *arg);

/* workers: `jobs` worker states.  order (NULL: 0..n-1) is the order tasks
 * are started in; they are still reported in task order.  Falls back to
 * fewer threads (at least the calling one) when threads cannot be started;
 * returns the number used. */
unsigned unpack_pool_run(unsigned jobs, size_t ntasks, const size_t *order, void **workers, unpack_pool_run_fn run,
                         unpack_pool_done_fn done, void *arg);
/* The default -j: the number of online processors (at least 1). */
unsigned unpack_pool_default_jobs(void);

#endif
