/* agi-unpack's worker pool (pool.h).  Tasks are taken in order from one
 * counter; a finished task is marked, and whichever thread finishes the
 * lowest unreported task reports it and every finished one after it, under
 * the lock.  A leaf: pthreads only. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "pool.h"
#include "relic/core.h"

typedef struct unpack_pool {
    pthread_mutex_t lock;
    size_t ntasks, next, reported;
    const size_t *order;
    unsigned char *finished;
    unpack_pool_run_fn run;
    unpack_pool_done_fn done;
    void *arg;
} unpack_pool;

typedef struct unpack_pool_thread {
    unpack_pool *pool;
    void *worker;
} unpack_pool_thread;

static void *unpack_pool_loop(void *p)
{
    unpack_pool_thread *t = p;
    unpack_pool *pool = t->pool;
    pthread_mutex_lock(&pool->lock);
    while (pool->next < pool->ntasks) {
        size_t task = pool->order ? pool->order[pool->next] : pool->next;
        pool->next++;
        pthread_mutex_unlock(&pool->lock);
        pool->run(t->worker, task, pool->arg);
        pthread_mutex_lock(&pool->lock);
        pool->finished[task] = 1;
        while (pool->reported < pool->ntasks && pool->finished[pool->reported])
            pool->done(pool->reported++, pool->arg);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

unsigned unpack_pool_run(unsigned jobs, size_t ntasks, const size_t *order, void **workers, unpack_pool_run_fn run,
                         unpack_pool_done_fn done, void *arg)
{
    if (jobs < 1)
        jobs = 1;
    if (jobs > ntasks)
        jobs = ntasks ? (unsigned)ntasks : 1;
    unpack_pool pool = {.ntasks = ntasks, .order = order, .run = run, .done = done, .arg = arg};
    pool.finished = relic_calloc_array(ntasks, 1);
    pthread_t *ids = relic_calloc_array(jobs, sizeof *ids);
    unpack_pool_thread *threads = relic_calloc_array(jobs, sizeof *threads);
    if (!pool.finished || !ids || !threads) {
        /* No room to track tasks: run them here, in task order. */
        for (size_t i = 0; i < ntasks; i++) {
            run(workers[0], i, arg);
            done(i, arg);
        }
        free(pool.finished);
        free(ids);
        free(threads);
        return 1;
    }
    pthread_mutex_init(&pool.lock, NULL);
    unsigned started = 1;
    for (unsigned i = 0; i < jobs; i++)
        threads[i] = (unpack_pool_thread){&pool, workers[i]};
    for (; started < jobs; started++)
        if (pthread_create(&ids[started], NULL, unpack_pool_loop, &threads[started]) != 0)
            break;
    unpack_pool_loop(&threads[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(ids[i], NULL);
    pthread_mutex_destroy(&pool.lock);
    free(pool.finished);
    free(ids);
    free(threads);
    return started;
}

unsigned unpack_pool_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}
