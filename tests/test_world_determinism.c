/* The world's result does not depend on how its work is run: the same
 * steer_world_state_hash for 1, 2, 3, 4 and 8 built-in threads, for every
 * neighbour kernel this CPU has (scalar, AVX2, AVX-512; steer_world_use_simd
 * too), and for user schedulers (enqueue /
 * finish) that split the ranges differently — reversed order, odd chunk
 * sizes, real threads. Checked on the standard flock and on the mixed
 * scenario (every behaviour and combine mode, masks, field of view, solids,
 * non-penetration, sub-steps, adds/removes/teleports). */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "check.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "random_scheduler.h"
#include "world_scenario.h"

static const int thread_counts[] = {1, 2, 3, 4, 8};
#define THREAD_CONFIGS ((int)(sizeof thread_counts / sizeof thread_counts[0]))

/* ---- user schedulers --------------------------------------------------------
 * Both cut [0, count) into chunks of odd, varying sizes (1, 3, 7, 13, 5, ...)
 * so ranges never line up with the built-in pool's. */
static int chunk_size(int k)
{
    static const int sizes[] = {1, 3, 7, 13, 5, 11, 29, 9};
    return sizes[k % 8];
}

typedef struct chunking {
    int starts[4096];
    int count;
} chunking;

static void make_chunks(chunking *c, int item_count)
{
    c->count = 0;
    int at = 0;
    for (int k = 0; at < item_count; ++k) {
        if (c->count == 4095) { /* a long tail: one last range */
            c->starts[c->count++] = at;
            at = item_count;
            break;
        }
        c->starts[c->count++] = at;
        at += chunk_size(k);
        if (at > item_count) at = item_count;
    }
    c->starts[c->count] = item_count;
}

/* Serial, last chunk first; worker indices cycle through worker_count. */
typedef struct reversed_scheduler {
    int worker_count;
    int tasks, ranges;
    chunking chunks;
} reversed_scheduler;

static void *reversed_enqueue(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user)
{
    (void)min_range;
    reversed_scheduler *s = user;
    make_chunks(&s->chunks, item_count);
    for (int k = s->chunks.count - 1; k >= 0; --k) {
        task(s->chunks.starts[k], s->chunks.starts[k + 1], k % s->worker_count, task_context);
        s->ranges++;
    }
    s->tasks++;
    return s; /* already done */
}

static void reversed_finish(void *user_task, void *user) { (void)user_task, (void)user; }

/* Three persistent threads; for each task thread t runs chunks t, t+3,
 * t+6, ... from the last to the first, as worker t. Enqueue releases them
 * through a barrier, finish waits at a second one. */
#define USER_THREADS 3
typedef struct threaded_scheduler threaded_scheduler;
typedef struct thread_arg {
    threaded_scheduler *scheduler;
    int index;
} thread_arg;

struct threaded_scheduler {
    steer_task_fn *task;
    void *task_context;
    chunking chunks;
    bool quit;
    pthread_barrier_t start, done;
    pthread_t threads[USER_THREADS];
    thread_arg args[USER_THREADS];
    int tasks;
};

static void *threaded_main(void *raw)
{
    const thread_arg *arg = raw;
    threaded_scheduler *s = arg->scheduler;
    for (;;) {
        pthread_barrier_wait(&s->start);
        if (s->quit) return 0;
        for (int k = s->chunks.count - 1; k >= 0; --k)
            if (k % USER_THREADS == arg->index)
                s->task(s->chunks.starts[k], s->chunks.starts[k + 1], arg->index, s->task_context);
        pthread_barrier_wait(&s->done);
    }
}

static bool threaded_start(threaded_scheduler *s)
{
    memset(s, 0, sizeof *s);
    pthread_barrier_init(&s->start, 0, USER_THREADS + 1);
    pthread_barrier_init(&s->done, 0, USER_THREADS + 1);
    for (int t = 0; t < USER_THREADS; ++t) {
        s->args[t] = (thread_arg){s, t};
        if (pthread_create(&s->threads[t], 0, threaded_main, &s->args[t]) != 0) return false;
    }
    return true;
}

static void threaded_stop(threaded_scheduler *s)
{
    s->quit = true;
    pthread_barrier_wait(&s->start);
    for (int t = 0; t < USER_THREADS; ++t) pthread_join(s->threads[t], 0);
    pthread_barrier_destroy(&s->start);
    pthread_barrier_destroy(&s->done);
}

static void *threaded_enqueue(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user)
{
    (void)min_range;
    threaded_scheduler *s = user;
    s->task = task;
    s->task_context = task_context;
    make_chunks(&s->chunks, item_count);
    s->tasks++;
    pthread_barrier_wait(&s->start); /* the barrier orders these writes before the workers' reads */
    return s;
}

static void threaded_finish(void *user_task, void *user)
{
    (void)user;
    threaded_scheduler *s = user_task;
    pthread_barrier_wait(&s->done);
}

/* ---- the standard flock --------------------------------------------------- */
/* every kernel but BEST; the ones this CPU or build lacks are skipped */
#define KERNELS ((int)STEER_KERNEL_COUNT - (int)STEER_KERNEL_SCALAR)
#define KERNEL_AT(k) ((steer_kernel)((int)STEER_KERNEL_SCALAR + (k)))

/* Selects a kernel; false when this CPU or build lacks it (then skipped). */
static bool select_kernel(steer_world *w, steer_kernel k)
{
    return steer_world_set_kernel(w, k) == k;
}

static uint64_t flock_hash(int dim, int agents, int steps, int threads, steer_kernel kernel, bool *available)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = agents;
    fd.dim = dim;
    fd.worker_count = threads;
    steer_world *w = steer_standard_flock_create(&fd);
    CHECK(w != 0);
    if (!w) return 0;
    *available = select_kernel(w, kernel);
    for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, STEER_STANDARD_FLOCK_DT) == STEER_OK);
    CHECK(steer_world_step_count(w) == (uint64_t)steps);
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

/* A flock so crowded (K = 1200) that a cell's candidates exceed the stage
 * (1024): the step gathers from a crowd's sample. That path too must give
 * one hash for every kernel and thread count. */
static void test_crowded_flock(int dim)
{
    const int agents = WORLD_TEST_SIZE(3000, 1500), steps = 3;
    /* unit cells on a torus of this side: a cell's 3x3(x3) block holds at
     * least this many candidates on average, more than the stage's 1024
     * (STEER__STAGE_CAP); if that cap grows, this check says so */
    float side = steer_standard_flock_side(agents, dim, 1200.0f);
    double cells = floor(side), block = cells < 3.0 ? 1.0 : pow(3.0 / cells, dim);
    CHECK(agents * block > 1024.0);
    bool available;
    uint64_t reference = 0;
    int runs = 0;
    for (int t = 0; t < 3; ++t) {
        for (int k = 0; k < KERNELS; ++k) {
            steer_standard_flock_def fd = steer_default_standard_flock_def();
            fd.agents = agents;
            fd.dim = dim;
            fd.neighbours = 1200.0f;
            fd.worker_count = t + 1;
            steer_world *w = steer_standard_flock_create(&fd);
            CHECK(w != 0);
            if (!w) return;
            available = select_kernel(w, KERNEL_AT(k));
            for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, STEER_STANDARD_FLOCK_DT) == STEER_OK);
            uint64_t h = steer_world_state_hash(w);
            steer_world_destroy(w);
            if (!available) continue;
            if (runs++ == 0) reference = h;
            CHECK(h == reference);
        }
    }
    printf("crowded flock %dD N=%d (K = 1200, sampled): %016" PRIx64 " for %d kernel/thread runs\n", dim, agents,
           reference, runs);
}

static void fd_simd_check(int dim, int agents, int steps, uint64_t reference)
{
    for (int simd = 0; simd < 2; ++simd) {
        steer_standard_flock_def fd = steer_default_standard_flock_def();
        fd.agents = agents;
        fd.dim = dim;
        steer_world *w = steer_standard_flock_create(&fd);
        CHECK(w != 0);
        if (!w) return;
        steer_world_use_simd(w, simd != 0);
        for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, STEER_STANDARD_FLOCK_DT) == STEER_OK);
        CHECK(steer_world_state_hash(w) == reference);
        steer_world_destroy(w);
    }
}

static void test_standard_flock(int dim)
{
    const int agents = WORLD_TEST_SIZE(2000, 300), steps = WORLD_TEST_SIZE(12, 6);
    bool available;
    uint64_t reference = flock_hash(dim, agents, steps, 1, STEER_KERNEL_SCALAR, &available);
    CHECK(available); /* the scalar kernel always is */
    /* the flock moved: the hash is not the one of the initial state */
    CHECK(reference != flock_hash(dim, agents, 0, 1, STEER_KERNEL_SCALAR, &available));
    /* every thread count with every kernel (the sanitizer build: every
     * thread count with the best kernel, every kernel on 1 and 3 threads) */
    int runs = 0;
    for (int t = 0; t < THREAD_CONFIGS; ++t)
        for (int k = 0; k < KERNELS; ++k) {
            int threads = thread_counts[t];
            if (!WORLD_TEST_FULL && threads != 1 && threads != 3) continue;
            uint64_t h = flock_hash(dim, agents, steps, threads, KERNEL_AT(k), &available);
            if (!available) continue;
            ++runs;
            CHECK(h == reference);
            if (h != reference)
                fprintf(stderr, "standard flock %dD, %d threads, %s kernel: %016" PRIx64 " vs %016" PRIx64 "\n", dim,
                        threads, steer_kernel_name(KERNEL_AT(k)), h, reference);
        }
    for (int t = 0; t < THREAD_CONFIGS && !WORLD_TEST_FULL; ++t)
        CHECK(flock_hash(dim, agents, steps, thread_counts[t], STEER_KERNEL_BEST, &available) == reference);
    /* the shorthand: use_simd(true) picks the best kernel, false the scalar one */
    fd_simd_check(dim, agents, steps, reference);
    printf("standard flock %dD N=%d: %016" PRIx64 " for threads 1,2,3,4,8 and %d kernel/thread runs\n", dim, agents,
           reference, runs);
}

/* ---- the mixed scenario ---------------------------------------------------- */
#define MIXED_STEPS WORLD_TEST_SIZE(90, 40) /* covers the script's changes at 25 and 36 */

static uint64_t mixed_hash(mixed_options o, steer_kernel kernel, bool *available)
{
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(w != 0);
    if (!w) return 0;
    *available = select_kernel(w, kernel);
    CHECK(mixed_run(w, &h, o.dim, 0, MIXED_STEPS));
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void test_mixed(int dim, steer_boundary boundary)
{
    mixed_options o = mixed_default_options(dim);
    o.boundary = boundary;
    o.scale = WORLD_TEST_SIZE(2, 0);
    bool available;
    uint64_t reference = mixed_hash(o, STEER_KERNEL_SCALAR, &available); /* scalar kernel, serial */
    /* every thread count with the best kernel; every kernel on 3 threads
     * (the sanitizer build: on one) */
    for (int t = 0; t < THREAD_CONFIGS; ++t) {
        o.worker_count = thread_counts[t];
        uint64_t h = mixed_hash(o, STEER_KERNEL_BEST, &available);
        CHECK(h == reference);
        if (h != reference)
            fprintf(stderr, "mixed %dD boundary %d, %d threads: %016" PRIx64 " vs %016" PRIx64 "\n", dim,
                    (int)boundary, thread_counts[t], h, reference);
    }
    o.worker_count = WORLD_TEST_SIZE(3, 1);
    for (int k = 0; k < KERNELS; ++k) {
        uint64_t h = mixed_hash(o, KERNEL_AT(k), &available);
        if (available) CHECK(h == reference);
    }

    static reversed_scheduler reversed;
    memset(&reversed, 0, sizeof reversed);
    reversed.worker_count = 4;
    o = mixed_default_options(dim);
    o.boundary = boundary;
    o.scale = WORLD_TEST_SIZE(2, 0);
    o.worker_count = reversed.worker_count;
    o.enqueue_task = reversed_enqueue;
    o.finish_task = reversed_finish;
    o.user_task_context = &reversed;
    CHECK(mixed_hash(o, STEER_KERNEL_BEST, &available) == reference);
    CHECK(reversed.tasks > MIXED_STEPS); /* the world did hand its work to the scheduler */
    CHECK(reversed.ranges > reversed.tasks);

    static threaded_scheduler threaded;
    CHECK(threaded_start(&threaded));
    o.worker_count = USER_THREADS;
    o.enqueue_task = threaded_enqueue;
    o.finish_task = threaded_finish;
    o.user_task_context = &threaded;
    CHECK(mixed_hash(o, STEER_KERNEL_BEST, &available) == reference);
    CHECK(threaded.tasks > MIXED_STEPS);
    threaded_stop(&threaded);

    static random_scheduler random_split;
    random_scheduler_init(&random_split, 0xD1CE + (uint64_t)dim, 3);
    o.worker_count = random_split.worker_count;
    o.enqueue_task = random_scheduler_enqueue;
    o.finish_task = random_scheduler_finish;
    o.user_task_context = &random_split;
    CHECK(mixed_hash(o, STEER_KERNEL_BEST, &available) == reference);
    CHECK(random_split.ranges > random_split.tasks);
    printf("mixed %dD boundary %d: %016" PRIx64 " for threads 1,2,3,4,8, every kernel, reversed, threaded and "
           "random-split user schedulers\n", dim, (int)boundary, reference);
}

/* The hash can tell runs apart: another seed or one step more changes it. */
static void test_hash_discriminates(void)
{
    mixed_options o = mixed_default_options(2);
    mixed_handles h;
    steer_world *a = mixed_create(&o, &h);
    CHECK(a != 0);
    CHECK(mixed_run(a, &h, 2, 0, 30));
    uint64_t at30 = steer_world_state_hash(a);
    CHECK(mixed_run(a, &h, 2, 30, 31));
    CHECK(steer_world_state_hash(a) != at30);
    steer_world_destroy(a);

    /* a different world seed changes wander and dithering, so the run */
    steer_world_def wd = mixed_world_def(&o);
    wd.seed = 12345;
    steer_world *b = steer_world_create(&wd);
    CHECK(b != 0);
    CHECK(mixed_populate_objects(b, 2));
    a = mixed_create(&o, &h);
    mixed_handles hb = h;
    /* same agents, same slots: copy them over in slot order */
    for (int i = 0; i < h.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(a, h.ids[i], &st) == STEER_OK);
        hb.ids[i] = steer_world_add_agent(b, st.group, st.position, st.velocity);
        CHECK(hb.ids[i].index == h.ids[i].index && hb.ids[i].generation == h.ids[i].generation);
    }
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    CHECK(mixed_run(a, &h, 2, 0, 30));
    CHECK(mixed_run(b, &hb, 2, 0, 30));
    CHECK(steer_world_state_hash(a) != steer_world_state_hash(b));
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The standard flock's box (docs/model.md §7: area N pi / K, volume N (4/3) pi / K)
 * comes from IEEE arithmetic alone, so it is the same everywhere; here it
 * must also be the right size: side^dim within float rounding of the
 * target, and the float next to it on either side no closer. */
static void test_standard_flock_side(void)
{
    const double pi = 3.14159265358979323846;
    int checked = 0;
    for (int n = 1; n <= 4000000; n = n < 2000 ? n + 1 : n + 7919) {
        for (float k = 0.25f; k <= 100.0f; k *= 1.9f) {
            for (int dim = 2; dim <= 3; ++dim) {
                double target = dim == 3 ? n * (4.0 / 3.0) * pi / k : n * pi / k;
                float side = steer_standard_flock_side(n, dim, k);
                double err = fabs(pow(side, dim) - target);
                double below = fabs(pow(nextafterf(side, 0.0f), dim) - target);
                double above = fabs(pow(nextafterf(side, INFINITY), dim) - target);
                CHECK(err <= below && err <= above); /* the nearest float, or within a hair of it */
                ++checked;
            }
        }
    }
    printf("standard flock side: %d sizes, each the float nearest the exact side\n", checked);
}

/* ---- the sort's outsiders ----------------------------------------------------
 * The sort gives each worker the cells its agents were in; agents that land
 * in another worker's cells are handed over, and when a worker has more of
 * them than its list holds (max(256, capacity / 32)) the sort runs whole on
 * one worker. Teleporting every `every`-th agent each step exercises both:
 * every agent (2000 per part at 2 workers: about half land in the other
 * part's cells, far past 256) and one in 50 (at most 80 per world, so no
 * list can overflow). */
static uint64_t scattered_hash(int dim, int every, int threads, reversed_scheduler *user)
{
    const int agents = 4000, steps = 6;
    float side = steer_standard_flock_side(agents, dim, 16.0f);
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = agents;
    wd.bounds_min = steer_v3_make(0.0f, 0.0f, 0.0f); /* the standard flock's torus */
    wd.bounds_max = steer_v3_make(side, side, side);
    wd.boundary = STEER_BOUNDARY_WRAP;
    wd.cell_size = 1.0f;
    wd.worker_count = threads;
    if (user) {
        *user = (reversed_scheduler){threads, 0, 0, {{0}, 0}};
        wd.enqueue_task = reversed_enqueue;
        wd.finish_task = reversed_finish;
        wd.user_task_context = user;
    }
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    steer_group_def g = steer_default_group_def();
    g.max_speed = 2.0f;
    g.max_force = 4.0f;
    CHECK(steer_world_add_group(w, &g) == 0);
    static steer_agent_id ids[4000];
    steer_rng rng = steer_rng_make(7);
    steer_v3 lo = wd.bounds_min, hi = wd.bounds_max;
    for (int i = 0; i < agents; ++i)
        ids[i] = steer_world_add_agent(w, 0, random_in_box(&rng, dim, lo, hi), steer_v3_make(1.0f, 0.0f, 0.0f));
    for (int s = 0; s < steps; ++s) {
        for (int i = s % every; i < agents; i += every)
            CHECK(steer_world_teleport_agent(w, ids[i], random_in_box(&rng, dim, lo, hi),
                                             steer_v3_make(0.0f, 1.0f, 0.0f)) == STEER_OK);
        CHECK(steer_world_step(w, STEER_STANDARD_FLOCK_DT) == STEER_OK);
    }
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void test_scattered(int dim)
{
    static reversed_scheduler user;
    for (int every = 1; every <= 50; every += 49) {
        uint64_t reference = scattered_hash(dim, every, 1, 0);
        for (int t = 1; t < THREAD_CONFIGS; ++t) CHECK(scattered_hash(dim, every, thread_counts[t], 0) == reference);
        CHECK(scattered_hash(dim, every, 3, &user) == reference);
        printf("teleport 1 in %d, %dD: %016" PRIx64 " for threads 1-8 and a reversed scheduler\n", every, dim,
               reference);
    }
}

int main(void)
{
    test_standard_flock_side();
    test_standard_flock(2);
    test_standard_flock(3);
    test_crowded_flock(2);
    test_crowded_flock(3);
    test_scattered(2);
    test_scattered(3);
    test_mixed(2, STEER_BOUNDARY_WRAP);
    test_mixed(3, STEER_BOUNDARY_CLAMP);
    test_hash_discriminates();
    return check_summary("test_world_determinism");
}
