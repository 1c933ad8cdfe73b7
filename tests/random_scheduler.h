/* A user scheduler for the world tests: each task runs serially over ranges
 * of random lengths (1 to 97 items), in a random order, each under a random
 * worker index below worker_count. A world's result must not depend on any
 * of that. Seed it with random_scheduler_init. */
#ifndef STEER_TESTS_RANDOM_SCHEDULER_H
#define STEER_TESTS_RANDOM_SCHEDULER_H

#include "steer/steer.h"

#define RANDOM_SCHEDULER_RANGES 4096 /* beyond this many ranges, the rest is one range */

typedef struct random_scheduler {
    steer_rng rng;
    int worker_count;
    int tasks, ranges;
    int lo[RANDOM_SCHEDULER_RANGES], hi[RANDOM_SCHEDULER_RANGES];
} random_scheduler;

static inline void random_scheduler_init(random_scheduler *s, uint64_t seed, int worker_count)
{
    s->rng = steer_rng_make(seed);
    s->worker_count = worker_count;
    s->tasks = s->ranges = 0;
}

static inline void *random_scheduler_enqueue(steer_task_fn *task, int item_count, int min_range, void *task_context,
                                             void *user)
{
    (void)min_range;
    random_scheduler *s = user;
    int n = 0;
    for (int at = 0; at < item_count; ++n) {
        int length = n == RANDOM_SCHEDULER_RANGES - 1 ? item_count - at : 1 + (int)(steer_rng_u32(&s->rng) % 97u);
        s->lo[n] = at;
        s->hi[n] = at + length < item_count ? at + length : item_count;
        at = s->hi[n];
    }
    for (int k = n - 1; k > 0; --k) { /* Fisher-Yates */
        int j = (int)(steer_rng_u32(&s->rng) % (uint32_t)(k + 1));
        int lo = s->lo[k], hi = s->hi[k];
        s->lo[k] = s->lo[j], s->hi[k] = s->hi[j];
        s->lo[j] = lo, s->hi[j] = hi;
    }
    for (int k = 0; k < n; ++k) {
        int worker = (int)(steer_rng_u32(&s->rng) % (uint32_t)s->worker_count);
        task(s->lo[k], s->hi[k], worker, task_context);
    }
    s->tasks++;
    s->ranges += n;
    return s; /* already done */
}

static inline void random_scheduler_finish(void *user_task, void *user) { (void)user_task, (void)user; }

#endif
