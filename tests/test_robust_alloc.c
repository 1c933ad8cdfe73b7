/* No allocation in a steady-state step (docs/robustness.md): after the first
 * step, further steps of the all-behaviours world — every behaviour in every
 * group, every combine mode, solid obstacles and walls, non-penetration,
 * sub-steps, two built-in threads, a third of the agents with goals of
 * their own, agents removed, re-added and teleported between steps — make
 * no call at all to the world's allocator. Counted
 * through steer_world_def.allocator, in 2D and 3D; and with a user's
 * scheduler, agents added between steps up to the capacity. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "counting_allocator.h"
#include "robust_world.h"

static int failures;
#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            ++failures;                                                                                                \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);                                    \
        }                                                                                                              \
    } while (0)
#define CHECK_EQ_LONG(a, b)                                                                                            \
    do {                                                                                                               \
        long check_a_ = (long)(a), check_b_ = (long)(b);                                                               \
        if (check_a_ != check_b_) {                                                                                    \
            ++failures;                                                                                                \
            fprintf(stderr, "%s:%d: %s = %ld, expected %ld\n", __FILE__, __LINE__, #a, check_a_, check_b_);             \
        }                                                                                                              \
    } while (0)

#define AGENTS 240
#define STEPS (ROBUST_SANITIZED ? 60 : 400)

static void steady_state(int dim)
{
    static counter c;
    counter_reset(&c, -1);
    robust_options o = robust_default_options(dim, AGENTS);
    o.worker_count = 2;
    o.allocator = allocator_of(&c);
    steer_agent_id ids[AGENTS];
    robust_handles h = {0, ids};
    steer_world *w = robust_create(&o, &h);
    CHECK(w != 0);
    if (!w) return;
    CHECK(atomic_load(&c.allocs) > 0); /* the hook is in use: creation allocates through it */
    /* a third of the agents with goals of their own (the table grows here, never in a step) */
    for (int i = 0; i < AGENTS; i += 3) {
        steer_goal g = {i % 2 ? STEER_GOAL_SEEK : STEER_GOAL_ARRIVE, robust_v3(dim, (float)(i % 7), (float)(i % 5), 1.0f),
                        0.0f, 0.0f, -1, NULL, 0, 0, false, {0, 0, 0}};
        CHECK(steer_world_set_goal(w, ids[i], &g) == STEER_OK);
    }

    CHECK(robust_run(w, &h, dim, 0, 1)); /* the first step may size the grid */
    long allocs = atomic_load(&c.allocs), frees = atomic_load(&c.frees);
    size_t memory = steer_world_memory_bytes(w);
    CHECK(robust_run(w, &h, dim, 1, STEPS)); /* removes, re-adds, teleports, long steps */
    printf("%dD: %d steps after the first, %ld allocator calls, %ld frees\n", dim, STEPS - 1,
           (long)(atomic_load(&c.allocs) - allocs), (long)(atomic_load(&c.frees) - frees));
    CHECK_EQ_LONG(atomic_load(&c.allocs) - allocs, 0);
    CHECK_EQ_LONG(atomic_load(&c.frees) - frees, 0);
    CHECK(steer_world_memory_bytes(w) == memory);
    CHECK_EQ_LONG(robust_count_bad(w, dim, robust_half_side(dim, AGENTS)), 0);

    steer_world_destroy(w);
    CHECK_EQ_LONG(atomic_load(&c.allocs), atomic_load(&c.frees)); /* everything given back */
}

/* A user's scheduler (enqueue_task): the world claims each item of a task
 * with a bit (world_tasks.c). Those bits are made once, at the first step
 * with the scheduler, for the world's capacity: agents added later, up to
 * the capacity, make no step allocate (they grew with the count, so a game
 * adding units between frames had steps call its allocator). */
static void *run_now(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)min_range;
    (void)user_context;
    task(0, item_count, 0, task_context); /* all of it, now: Box2D's way */
    return 0;
}

static void finish_nothing(void *user_task, void *user_context)
{
    (void)user_task;
    (void)user_context;
}

static void user_scheduler_agents_added(int dim)
{
    static counter c;
    counter_reset(&c, -1);
    steer_world_def def = steer_default_world_def();
    def.dim = dim;
    def.capacity = 1000;
    def.enqueue_task = run_now;
    def.finish_task = finish_nothing;
    def.allocator = allocator_of(&c);
    steer_world *w = steer_world_create(&def);
    CHECK(w != 0);
    if (!w) return;
    steer_group_def g = steer_default_group_def();
    int group = steer_world_add_group(w, &g);
    int added = 0;
    for (; added < 10; ++added)
        steer_world_add_agent(w, group, steer_v3_make((float)added, 0.0f, 0.0f), steer_v3_zero());
    CHECK(steer_world_step(w, 0.01f) == STEER_OK); /* the first step may size the grid and make the bits */
    long in_steps = 0;
    while (added < def.capacity) { /* a few hundred more between steps */
        for (int k = 0; k < 330 && added < def.capacity; ++k, ++added)
            steer_world_add_agent(w, group, steer_v3_make((float)(added % 40), (float)(added / 40), 0.0f), steer_v3_zero());
        long before = atomic_load(&c.allocs);
        CHECK(steer_world_step(w, 0.01f) == STEER_OK);
        in_steps += atomic_load(&c.allocs) - before;
    }
    printf("%dD, a user's scheduler: %d agents added between steps, %ld allocator calls in the steps\n", dim,
           added - 10, in_steps);
    CHECK_EQ_LONG(in_steps, 0);
    steer_world_destroy(w);
    CHECK_EQ_LONG(atomic_load(&c.allocs), atomic_load(&c.frees));
}

int main(void)
{
    steady_state(2);
    steady_state(3);
    user_scheduler_agents_added(2);
    user_scheduler_agents_added(3);
    printf("test_robust_alloc: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
