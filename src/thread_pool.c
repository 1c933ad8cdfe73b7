/* A minimal fork-join pool: workers poll for a while, then sleep on a condition
 * variable, wake on a new generation, claim chunks of the items until none
 * are left, and the caller (worker 0) waits for the count of finished
 * workers. Which worker runs which chunk is not fixed; results never
 * depend on it (every world task writes only its own items). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "thread_pool.h"

#include <time.h>

double steer__seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#if defined(__wasm__) || defined(STEER_NO_THREADS)

steer__pool *steer__pool_create(int workers, const steer_allocator *allocator)
{
    (void)workers;
    (void)allocator;
    return 0;
}
void steer__pool_destroy(steer__pool *pool, const steer_allocator *allocator)
{
    (void)pool;
    (void)allocator;
}
void steer__pool_run(steer__pool *pool, steer_task_fn *task, int count, void *context)
{
    (void)pool;
    if (count > 0) task(0, count, 0, context);
}
int steer__pool_workers(const steer__pool *pool)
{
    (void)pool;
    return 1;
}

struct steer__cache_guard {
    bool ready;
};
steer__cache_guard *steer__cache_guard_create(const steer_allocator *allocator)
{
    steer__cache_guard *guard = steer_alloc(allocator, sizeof *guard, 16);
    if (guard) guard->ready = false;
    return guard;
}
void steer__cache_guard_destroy(steer__cache_guard *guard, const steer_allocator *allocator)
{
    steer_free(allocator, guard);
}
bool steer__cache_guard_ready(const steer__cache_guard *guard) { return guard->ready; }
void steer__cache_guard_set_ready(steer__cache_guard *guard, bool ready) { guard->ready = ready; }
void steer__cache_guard_lock(steer__cache_guard *guard) { (void)guard; }
void steer__cache_guard_unlock(steer__cache_guard *guard) { (void)guard; }

#else

#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#include <stdatomic.h>

/* A phase of a step can be a few microseconds, shorter than putting a thread
 * to sleep and waking it (a futex round trip, tens of microseconds in a VM),
 * and the workers of a phase finish up to a chunk apart. So both sides poll
 * for up to this long before they sleep. (A budget of 20000 polls, about
 * 20 us here, put threads to sleep inside steps: at 100k agents 5% of the
 * samples were futex calls.) With more workers than processors, a polling
 * thread would hold a processor the thread with the work needs (8 workers
 * on 2 cores ran 100x slower), so such a pool yields at every check; with
 * enough processors it does not (a yield is a system call, and the handover
 * of a short phase would wait for it). */
#define SPIN_SECONDS 1e-3
#define POLLS_PER_CHECK 1024 /* about a microsecond of polling */


/* A worker's share of the chunks, claimed in order; alone on its cache line
 * so claims on different queues do not contend. */
typedef struct chunk_queue {
    atomic_int next;
    char pad[64 - sizeof(atomic_int)];
} chunk_queue;

struct steer__pool {
    int workers; /* including the calling thread */
    bool oversubscribed; /* more workers than online processors: polls yield */
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    atomic_uint generation;     /* raised for each phase; polled */
    atomic_int finished;        /* workers done with this phase */
    atomic_int sleepers;        /* workers waiting on `wake` */
    atomic_bool caller_waiting; /* the caller waits on `done` */
    atomic_bool quit;
    steer_task_fn *task;
    int count, chunks;
    chunk_queue *queues; /* one per worker */
    void *context;
};

typedef struct {
    steer__pool *pool;
    int index;
} worker_arg;

/* Called every POLLS_PER_CHECK polls: yields if the pool is oversubscribed;
 * false once the polling budget is spent. */
static bool keep_polling(const steer__pool *pool, double give_up)
{
    if (pool->oversubscribed) sched_yield();
    return steer__seconds() <= give_up;
}

/* The items are cut into a fixed set of chunks (several per worker). Worker
 * k owns the k-th contiguous share of them and claims its own first, so in
 * a balanced step every worker runs the same items as in the last phase and
 * the last step: the sort's block k, the agents it scattered and the forces
 * of those agents stay in worker k's caches. (Claiming from one shared
 * queue mixed the shares: at 100k agents, where the state fits the caches,
 * half of every phase's reads then came from the other core's cache and
 * two threads sorted slower than one.) A worker that runs out of its own
 * chunks takes the others' in turn, so a worker whose part of a clustered
 * flock is denser does not hold the others up. Which worker runs a chunk
 * varies; results do not, because every task writes only its own items. */
#define CHUNKS_PER_WORKER 8

static void run_range(steer__pool *pool, int index)
{
    long long count = pool->count;
    int chunks = pool->chunks, workers = pool->workers;
    for (int k = 0; k < workers; ++k) {
        int q = (index + k) % workers;
        int first = (int)((long long)chunks * q / workers), owned = (int)((long long)chunks * (q + 1) / workers) - first;
        for (;;) {
            int c = atomic_fetch_add(&pool->queues[q].next, 1);
            if (c >= owned) break;
            c += first;
            int start = (int)(count * c / chunks), end = (int)(count * (c + 1) / chunks);
            if (end > start) pool->task(start, end, index, pool->context);
        }
    }
}

static void *worker_main(void *raw)
{
    worker_arg *arg = raw;
    steer__pool *pool = arg->pool;
    int index = arg->index;
    unsigned seen = 0;
    for (;;) {
        double give_up = steer__seconds() + SPIN_SECONDS;
        for (unsigned spin = 1; atomic_load(&pool->generation) == seen; ++spin)
            if (spin % POLLS_PER_CHECK == 0 && !keep_polling(pool, give_up)) break;
        if (atomic_load(&pool->generation) == seen) {
            /* Sleep. sleepers is raised before generation is read again,
             * and the caller raises generation before it reads sleepers
             * (both sequentially consistent): at least one of us sees the
             * other, so no wake-up is lost. */
            pthread_mutex_lock(&pool->lock);
            atomic_fetch_add(&pool->sleepers, 1);
            while (atomic_load(&pool->generation) == seen) pthread_cond_wait(&pool->wake, &pool->lock);
            atomic_fetch_sub(&pool->sleepers, 1);
            pthread_mutex_unlock(&pool->lock);
        }
        seen = atomic_load(&pool->generation);
        if (atomic_load(&pool->quit)) break;
        run_range(pool, index);
        /* The last to finish wakes the caller if it went to sleep (the same
         * handshake as above, on finished and caller_waiting). */
        if (atomic_fetch_add(&pool->finished, 1) + 1 == pool->workers - 1 && atomic_load(&pool->caller_waiting)) {
            pthread_mutex_lock(&pool->lock);
            pthread_cond_signal(&pool->done);
            pthread_mutex_unlock(&pool->lock);
        }
    }
    return 0;
}

steer__pool *steer__pool_create(int workers, const steer_allocator *allocator)
{
    if (workers <= 1) return 0;
    steer__pool *pool = steer_alloc(allocator, sizeof *pool, 64);
    if (!pool) return 0;
    *pool = (steer__pool){0};
    pool->workers = workers;
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    pool->oversubscribed = processors > 0 && workers > processors;
    size_t bytes = (sizeof(chunk_queue) + sizeof(pthread_t) + sizeof(worker_arg)) * (size_t)workers;
    pool->queues = steer_alloc(allocator, bytes, 64);
    if (!pool->queues) {
        steer_free(allocator, pool);
        return 0;
    }
    pool->threads = (pthread_t *)(void *)(pool->queues + workers);
    worker_arg *args = (worker_arg *)(pool->threads + workers);
    pthread_mutex_init(&pool->lock, 0);
    pthread_cond_init(&pool->wake, 0);
    pthread_cond_init(&pool->done, 0);
    for (int i = 1; i < workers; ++i) {
        args[i].pool = pool;
        args[i].index = i;
        if (pthread_create(&pool->threads[i], 0, worker_main, &args[i]) != 0) {
            pool->workers = i; /* run with the threads we got */
            break;
        }
    }
    return pool;
}

void steer__pool_destroy(steer__pool *pool, const steer_allocator *allocator)
{
    if (!pool) return;
    pthread_mutex_lock(&pool->lock);
    atomic_store(&pool->quit, true);
    atomic_fetch_add(&pool->generation, 1);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 1; i < pool->workers; ++i) pthread_join(pool->threads[i], 0);
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->done);
    steer_free(allocator, pool->queues);
    steer_free(allocator, pool);
}

void steer__pool_run(steer__pool *pool, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (!pool || pool->workers <= 1) {
        task(0, count, 0, context);
        return;
    }
    /* No lock on the way in or out while the workers are polling: a phase
     * can take a few microseconds, and each lock hand-over between cores
     * costs a good part of one. */
    pool->task = task;
    pool->count = count;
    pool->chunks = count < pool->workers * CHUNKS_PER_WORKER ? count : pool->workers * CHUNKS_PER_WORKER;
    for (int q = 0; q < pool->workers; ++q) atomic_store(&pool->queues[q].next, 0);
    pool->context = context;
    atomic_store(&pool->finished, 0);
    atomic_fetch_add(&pool->generation, 1); /* publishes the fields above */
    if (atomic_load(&pool->sleepers) > 0) {
        pthread_mutex_lock(&pool->lock);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->lock);
    }
    run_range(pool, 0);
    double give_up = steer__seconds() + SPIN_SECONDS;
    for (unsigned spin = 1; atomic_load(&pool->finished) < pool->workers - 1; ++spin)
        if (spin % POLLS_PER_CHECK == 0 && !keep_polling(pool, give_up)) break;
    if (atomic_load(&pool->finished) < pool->workers - 1) {
        pthread_mutex_lock(&pool->lock);
        atomic_store(&pool->caller_waiting, true);
        while (atomic_load(&pool->finished) < pool->workers - 1) pthread_cond_wait(&pool->done, &pool->lock);
        atomic_store(&pool->caller_waiting, false);
        pthread_mutex_unlock(&pool->lock);
    }
}

int steer__pool_workers(const steer__pool *pool) { return pool ? pool->workers : 1; }

struct steer__cache_guard {
    atomic_bool ready;
    pthread_mutex_t lock;
};

steer__cache_guard *steer__cache_guard_create(const steer_allocator *allocator)
{
    steer__cache_guard *guard = steer_alloc(allocator, sizeof *guard, 64);
    if (!guard) return 0;
    atomic_init(&guard->ready, false);
    if (pthread_mutex_init(&guard->lock, 0) != 0) {
        steer_free(allocator, guard);
        return 0;
    }
    return guard;
}

void steer__cache_guard_destroy(steer__cache_guard *guard, const steer_allocator *allocator)
{
    if (!guard) return;
    pthread_mutex_destroy(&guard->lock);
    steer_free(allocator, guard);
}

bool steer__cache_guard_ready(const steer__cache_guard *guard)
{
    return atomic_load_explicit(&((steer__cache_guard *)guard)->ready, memory_order_acquire);
}
void steer__cache_guard_set_ready(steer__cache_guard *guard, bool ready)
{
    atomic_store_explicit(&guard->ready, ready, memory_order_release);
}
void steer__cache_guard_lock(steer__cache_guard *guard) { pthread_mutex_lock(&guard->lock); }
void steer__cache_guard_unlock(steer__cache_guard *guard) { pthread_mutex_unlock(&guard->lock); }

#endif
