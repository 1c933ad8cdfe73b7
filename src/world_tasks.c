/* Running a phase: the user's scheduler or the built-in pool. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_tasks.h"
#include "misuse_internal.h"

#include <stdatomic.h>
#include <string.h>

/* A user's task, each item claimed by the call that runs it: one bit per
 * item, set with an atomic or, so an item a scheduler hands out twice runs
 * once (a phase's items are not all safe to repeat: the sort's scatter
 * advances cursors, the relaxation adds pushes), and the items no call
 * claimed run afterwards on the caller's thread. A scheduler that returns
 * NULL is so understood either way (it ran the task before returning, as
 * Box2D's enqueue does, or it declined), and one whose calls do not cover
 * the items once each is reported, its step still the right one. A call's
 * range is cut to [0, count) first: a scheduler that splits into blocks of
 * min_range and leaves the last one unclamped handed the sort items past
 * its parts, and its scratch was overrun (a crash). */
typedef struct claimed_task {
    steer_task_fn *task;
    void *context;
    _Atomic uint64_t *claims; /* (count + 63) / 64 words, cleared */
    int count;
    atomic_llong repeated;    /* items handed out again */
    atomic_int outside;       /* calls whose range was not within [0, count) */
} claimed_task;

/* Runs the items of [start, end) whose bits `fresh` (bit k: item base + k) holds, in runs. */
static void run_fresh(const claimed_task *c, int base, uint64_t fresh, int worker)
{
    while (fresh) {
        int first = __builtin_ctzll(fresh);
        uint64_t from_first = fresh >> first;
        int length = ~from_first ? __builtin_ctzll(~from_first) : 64 - first;
        c->task(base + first, base + first + length, worker, c->context);
        fresh = length + first >= 64 ? 0 : fresh & ~(((1ull << length) - 1) << first);
    }
}

static void run_claimed(int start, int end, int worker, void *context)
{
    claimed_task *c = context;
    if (start < 0 || end > c->count || start > end) {
        atomic_fetch_add_explicit(&c->outside, 1, memory_order_relaxed);
        start = start < 0 ? 0 : start;
        end = end > c->count ? c->count : end;
    }
    long long repeated = 0;
    for (int i = start; i < end;) {
        int word = i / 64, bit = i % 64, stop = end - word * 64 < 64 ? end - word * 64 : 64;
        uint64_t mask = (stop - bit == 64 ? ~0ull : ((1ull << (stop - bit)) - 1)) << bit;
        uint64_t old = atomic_fetch_or_explicit(&c->claims[word], mask, memory_order_relaxed);
        repeated += __builtin_popcountll(old & mask);
        run_fresh(c, word * 64, mask & ~old, worker);
        i = word * 64 + stop;
    }
    if (repeated) atomic_fetch_add_explicit(&c->repeated, repeated, memory_order_relaxed);
}

/* The claims' words for `count` items, cleared; NULL when out of memory.
 * Made at the first step with a user's scheduler for the world's capacity
 * (a task has at most one item per agent, or per worker for the sort's
 * parts), so agents added later make no step allocate. */
static _Atomic uint64_t *claims_for(steer_world *w, int count)
{
    size_t words = ((size_t)count + 63) / 64;
    if (words > w->claim_capacity) {
        size_t room = ((size_t)(count > w->capacity ? count : w->capacity) + 63) / 64;
        steer_free(&w->def.allocator, (void *)w->claims);
        w->claims = steer__world_alloc_array(w, room, sizeof(uint64_t));
        w->claim_capacity = w->claims ? room : 0;
        if (!w->claims) return NULL;
    }
    memset((void *)w->claims, 0, words * sizeof(uint64_t));
    return w->claims;
}

void steer__world_run(steer_world *w, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (!w->def.enqueue_task) {
        steer__pool_run(w->pool, task, count, context);
        return;
    }
    claimed_task claimed = {task, context, claims_for(w, count), count, 0, 0};
    if (!claimed.claims) { /* out of memory: on this thread, right, if slower */
        task(0, count, 0, context);
        return;
    }
    void *handle = w->def.enqueue_task(run_claimed, count, 64, &claimed, w->def.user_task_context);
    if (handle) w->def.finish_task(handle, w->def.user_task_context);
    long long missed = 0;
    for (int word = 0; word * 64 < count; ++word) {
        int stop = count - word * 64 < 64 ? count - word * 64 : 64;
        uint64_t all = stop == 64 ? ~0ull : (1ull << stop) - 1, left = all & ~atomic_load(&claimed.claims[word]);
        missed += __builtin_popcountll(left);
        run_fresh(&claimed, word * 64, left, 0); /* the tasks are done: worker 0's scratch is free */
    }
    long long repeated = atomic_load(&claimed.repeated);
    int outside = atomic_load(&claimed.outside);
    if (repeated || outside || (missed && (handle || missed != count))) /* NULL: all ran, or none (declined) */
        steer__misuse(STEER_MISUSE_SCHEDULER_ITEMS, "steer_world_step",
                      "the scheduler's calls left %lld items of a task of item_count = %d unrun, handed out %lld "
                      "again and %d ranges outside it: they must cover [0, %d) once each (the world ran each once)",
                      missed, count, repeated, outside, count);
}
