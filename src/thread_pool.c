/* A minimal fork-join pool: workers poll for a while, then sleep on a condition
 * variable, wake on a new generation, claim chunks of the items until none
 * are left, and the caller (worker 0) waits for the count of finished
 * workers. Each kind of phase runs in parallel or on the caller alone,
 * whichever has been faster lately. Which worker runs which chunk is not
 * fixed; results never depend on it (every world task writes only its own
 * items). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
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

/* Waiting, in three stages. A phase of a step can be a few microseconds,
 * shorter than putting a thread to sleep and waking it (a futex round trip,
 * tens of microseconds in a VM), and the workers of a phase finish up to a
 * chunk apart, so a waiting thread first polls. Pure polling holds a
 * processor that, on a busy machine, the thread with the work may need, so
 * after YIELD_AFTER it yields at every check; and once its budget is spent
 * it sleeps. The budget scales with what the pool's phases cost (twice the
 * last parallel phase, within [SPIN_MIN, SPIN_MAX]): polling far longer
 * than a phase saves nothing worth the processor it takes. A pool with more
 * workers than online processors yields from the start. */
#define SPIN_MIN 20e-6
#define SPIN_MAX 1e-3
#define YIELD_AFTER 5e-6
#define POLLS_PER_CHECK 256 /* a fraction of a microsecond of polling */

/* Each kind of phase (a task function) runs in parallel or serially by the
 * caller alone, whichever is faster. On a machine whose processors are
 * taken by other threads, a worker preempted in the middle of a chunk holds
 * its phase up for a time slice (milliseconds: a 10k-agent step took 8 ms
 * on two workers against 0.7 ms on one), and then the caller alone is
 * faster. Results never depend on the choice: every task writes only its
 * own items, whoever runs them.
 * A parallel call measures both ways at once: its wall time, and each
 * worker's busy time and items. The serial estimate is the busy times added
 * up (each item's cost, whoever ran it), except that a worker slower per
 * item than PREEMPTED_RATE times the fastest one lost its processor
 * mid-phase, and counts at that rate: what the caller alone, keeping its
 * processor, would take. So a large phase that is far better in parallel
 * never runs serially to find that out; re-running it serially now and then
 * made one step in ~70 twice as long (1M agents, two workers), a dropped
 * frame.
 * While serial, the pool tries the parallel way again once the time since
 * the last try is 1/EXPLORE_COST times what that try lost, so trying costs
 * about EXPLORE_COST of the time per kind whatever the ratio, and at least
 * every EXPLORE_MAX seconds, so that it notices when the load goes away.
 * While parallel, the serial estimate is judged on the same schedule. */
#define PHASE_KINDS 16 /* kinds of phase timed apart; a step has about six */
#define PREEMPTED_RATE 4.0 /* items cost up to a few times each other; a time slice lost costs
                           * milliseconds against a 10k-agent phase's microseconds */
#define EXPLORE_COST 0.0025
#define EXPLORE_MAX 2.0
#define SWITCH_MARGIN 0.97 /* the other way must be 3% faster to take over */
#define SWITCH_WINS 2       /* in this many judgements in a row: on a busy machine one
                             * lucky parallel try (the other threads happened to
                             * sleep) would hand the phase back to a worker that
                             * then loses time slices until the means catch up */

typedef struct phase_kind {
    steer_task_fn *task;
    double per_item[2]; /* smoothed seconds per item: [0] serial (timed, or estimated by a
                         * parallel call), [1] parallel; 0 = not yet timed */
    bool parallel;      /* the way in use */
    double next_try;    /* when to judge again (steer__seconds): while serial, by a parallel try */
    int wins;           /* judgements in a row in which the other way was faster */
} phase_kind;

/* A worker's share of the chunks, claimed in order, and what it ran of the
 * last phase; alone on its cache line so claims on different queues do not
 * contend. busy and items are written by their worker before it counts
 * itself finished, and read by the caller after it sees the count. */
typedef struct chunk_queue {
    atomic_int next;
    int items;   /* items this worker ran in the last parallel phase */
    double busy; /* seconds it spent running them */
    char pad[64 - sizeof(atomic_int) - sizeof(int) - sizeof(double)];
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
    _Atomic double spin_seconds; /* the polling budget */
    steer_task_fn *task;
    int count, chunks;
    chunk_queue *queues; /* one per worker */
    void *context;
    /* Only the thread calling steer__pool_run uses these; its callers never
     * overlap (the world's step and its lookups exclude each other). */
    phase_kind kinds[PHASE_KINDS];
    int kind_count;
};

typedef struct {
    steer__pool *pool;
    int index;
} worker_arg;

/* Called every POLLS_PER_CHECK polls from `since`: false once the budget is
 * spent; yields once polling has gone on for YIELD_AFTER. */
static bool keep_polling(steer__pool *pool, double since)
{
    double waited = steer__seconds() - since;
    if (pool->oversubscribed || waited > YIELD_AFTER) sched_yield();
    return waited <= atomic_load_explicit(&pool->spin_seconds, memory_order_relaxed);
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
    double since = steer__seconds();
    int items = 0;
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
            if (end <= start) continue;
            pool->task(start, end, index, pool->context);
            items += end - start;
        }
    }
    pool->queues[index].busy = steer__seconds() - since;
    pool->queues[index].items = items;
}

static void *worker_main(void *raw)
{
    worker_arg *arg = raw;
    steer__pool *pool = arg->pool;
    int index = arg->index;
    unsigned seen = 0;
    for (;;) {
        double since = steer__seconds();
        for (unsigned spin = 1; atomic_load(&pool->generation) == seen; ++spin)
            if (spin % POLLS_PER_CHECK == 0 && !keep_polling(pool, since)) break;
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
    atomic_init(&pool->spin_seconds, SPIN_MAX);
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
    bool lock = pthread_mutex_init(&pool->lock, 0) == 0, wake = pthread_cond_init(&pool->wake, 0) == 0,
         done = pthread_cond_init(&pool->done, 0) == 0;
    if (!lock || !wake || !done) { /* no pool: the world runs serially, as with one worker */
        if (lock) pthread_mutex_destroy(&pool->lock);
        if (wake) pthread_cond_destroy(&pool->wake);
        if (done) pthread_cond_destroy(&pool->done);
        steer_free(allocator, pool->queues);
        steer_free(allocator, pool);
        return 0;
    }
    for (int i = 1; i < workers; ++i) {
        args[i].pool = pool;
        args[i].index = i;
        if (pthread_create(&pool->threads[i], 0, worker_main, &args[i]) != 0) {
            pool->workers = i; /* run with the threads we got (they read it only in a phase, after this) */
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

/* The task over [0, count) on every worker; returns when all are done. */
static void run_parallel(steer__pool *pool, steer_task_fn *task, int count, void *context)
{
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
    double since = steer__seconds();
    for (unsigned spin = 1; atomic_load(&pool->finished) < pool->workers - 1; ++spin)
        if (spin % POLLS_PER_CHECK == 0 && !keep_polling(pool, since)) break;
    if (atomic_load(&pool->finished) < pool->workers - 1) {
        pthread_mutex_lock(&pool->lock);
        /* an exchange, not a store: a read-modify-write is a full barrier
         * even where the store-load order of a sequentially consistent store
         * is not kept (qemu-user's AArch64 on x86 hung here, both asleep) */
        atomic_exchange(&pool->caller_waiting, true);
        while (atomic_load(&pool->finished) < pool->workers - 1) pthread_cond_wait(&pool->done, &pool->lock);
        atomic_store(&pool->caller_waiting, false);
        pthread_mutex_unlock(&pool->lock);
    }
}

/* The record of this task's phases; NULL when the table is full (such a
 * task always runs in parallel). */
static phase_kind *kind_of(steer__pool *pool, steer_task_fn *task)
{
    for (int k = 0; k < pool->kind_count; ++k)
        if (pool->kinds[k].task == task) return &pool->kinds[k];
    if (pool->kind_count == PHASE_KINDS) return 0;
    phase_kind *kind = &pool->kinds[pool->kind_count++];
    *kind = (phase_kind){.task = task, .parallel = true};
    return kind;
}

/* Which way this call runs: the way in use or, while serial, the parallel
 * way when it is time to try it again. A new kind starts in parallel, whose
 * first call times both ways. */
static bool choose_parallel(const phase_kind *kind, double now) { return kind->parallel || now >= kind->next_try; }

/* Seconds per item the caller alone would take, from the parallel call that
 * just ended (see PHASE_KINDS); 0 if no worker ran an item. */
static double serial_estimate(const steer__pool *pool)
{
    double best = 0.0, total = 0.0;
    int items = 0;
    for (int q = 0; q < pool->workers; ++q) {
        const chunk_queue *queue = &pool->queues[q];
        if (queue->items > 0 && (best == 0.0 || queue->busy / queue->items < best)) best = queue->busy / queue->items;
    }
    for (int q = 0; q < pool->workers; ++q) {
        const chunk_queue *queue = &pool->queues[q];
        double cap = PREEMPTED_RATE * best * queue->items;
        total += queue->busy < cap ? queue->busy : cap;
        items += queue->items;
    }
    return items ? total / items : 0.0;
}

static void smooth(double *mean, double sample, double weight)
{
    *mean = *mean == 0.0 ? sample : *mean + (sample - *mean) * weight;
}

static void record(steer__pool *pool, phase_kind *kind, bool parallel, double now, double seconds, int count)
{
    bool tried = parallel != kind->parallel; /* a parallel try while serial */
    /* the way in use is timed every call, so it is smoothed more than a try */
    smooth(&kind->per_item[parallel], seconds / count, tried ? 0.5 : 0.25);
    if (parallel) {
        double spin = 2.0 * seconds;
        atomic_store_explicit(&pool->spin_seconds, spin < SPIN_MIN ? SPIN_MIN : spin > SPIN_MAX ? SPIN_MAX : spin,
                              memory_order_relaxed);
        double estimate = serial_estimate(pool);
        if (!tried && estimate > 0.0) smooth(&kind->per_item[0], estimate, 0.25);
    }
    if (kind->per_item[0] == 0.0 || kind->per_item[1] == 0.0) return;
    /* While parallel, the serial estimate is judged at the times a serial
     * try would have been made, so that two wins in a row are two moments
     * apart, not one slow call (a late wake-up) seen twice. */
    bool judged = tried || (kind->parallel && kind->next_try != 0.0 && now >= kind->next_try);
    if (judged) {
        bool other_faster = kind->per_item[!kind->parallel] < kind->per_item[kind->parallel] * SWITCH_MARGIN;
        kind->wins = other_faster ? kind->wins + 1 : 0;
        if (kind->wins >= SWITCH_WINS) {
            kind->parallel = !kind->parallel;
            kind->wins = 0;
        }
    } else if (kind->next_try != 0.0) {
        return;
    }
    /* the next judgement: after what a try of the other way would lose */
    double lost = (kind->per_item[!kind->parallel] - kind->per_item[kind->parallel]) * count, wait = lost / EXPLORE_COST;
    kind->next_try = now + (wait < 0.0 ? 0.0 : wait > EXPLORE_MAX ? EXPLORE_MAX : wait);
}

void steer__pool_run(steer__pool *pool, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (!pool || pool->workers <= 1) {
        task(0, count, 0, context);
        return;
    }
    phase_kind *kind = kind_of(pool, task);
    double start = steer__seconds();
    bool parallel = !kind || choose_parallel(kind, start);
    if (parallel) run_parallel(pool, task, count, context);
    else task(0, count, 0, context);
    double end = steer__seconds();
    if (kind) record(pool, kind, parallel, end, end - start, count);
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
