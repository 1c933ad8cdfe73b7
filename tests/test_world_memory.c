/* The world's memory, through the allocator hook of its def: a steady-state
 * step allocates nothing (counted over 100 steps after the first), every
 * allocation is freed by destroy, steer_world_memory_bytes reports what the
 * world holds, and running out of memory at any allocation is a clean
 * refusal (NULL or STEER_ERROR_OUT_OF_MEMORY), never a leak or a crash; a
 * restore that runs out of memory says so (not STEER_ERROR_BAD_SNAPSHOT). */
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "counting_allocator.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "world_scenario.h"

/* ---- steady state ------------------------------------------------------------------- */
static void test_steady_state(int dim, int workers)
{
    static counter c;
    counter_reset(&c, -1);
    mixed_options o = mixed_default_options(dim);
    o.allocator = allocator_of(&c);
    o.worker_count = workers;
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(w != 0);
    if (!w) return;
    long at_create = atomic_load(&c.allocs);
    CHECK(at_create > 0); /* the hook is used */
    CHECK(mixed_run(w, &h, dim, 0, 1)); /* the first step may size the grid */
    long after_first = atomic_load(&c.allocs), frees_after_first = atomic_load(&c.frees);
    /* 100 steps, with the scenario's removes, adds, teleports and sub-steps */
    CHECK(mixed_run(w, &h, dim, 1, 101));
    CHECK(atomic_load(&c.allocs) == after_first);
    CHECK(atomic_load(&c.frees) == frees_after_first);
    if (atomic_load(&c.allocs) != after_first)
        fprintf(stderr, "%dD, %d workers: %ld allocations in 100 steady steps\n", dim, workers,
                atomic_load(&c.allocs) - after_first);
    /* so does a save (into the caller's buffer) */
    size_t size = steer_world_snapshot_size(w);
    void *buffer = malloc(size);
    long before_save = atomic_load(&c.allocs);
    CHECK(steer_world_save(w, buffer, size, 0) == STEER_OK);
    CHECK(atomic_load(&c.allocs) == before_save);
    free(buffer);
    CHECK(atomic_load(&c.bad_alignment) == 0);
    steer_world_destroy(w);
    CHECK(atomic_load(&c.frees) == atomic_load(&c.allocs)); /* everything through the hook, all freed */
    CHECK(atomic_load(&c.live_bytes) == 0);
    printf("%dD mixed, %d worker(s): %ld allocations at creation, %ld in the first step, 0 in 100 steady steps\n", dim,
           workers, at_create, after_first - at_create);
}

/* ---- steer_world_reserve_goals ------------------------------------------------------ */
/* Room reserved while loading: the orders after it, bulk and one by one,
 * allocate nothing (but the waypoint lists, which are the caller's size);
 * without it they do; a count past the capacity is capped, a negative one
 * refused; out of memory leaves the table as it was. */
static void test_reserve_goals(void)
{
    enum { CAPACITY = 3000, AGENTS = 2000 };
    static counter c;
    static steer_agent_id ids[AGENTS];
    static steer_v3 targets[AGENTS];
    for (int reserved = 0; reserved <= 1; ++reserved) {
        counter_reset(&c, -1);
        steer_world_def wd = steer_default_world_def();
        wd.capacity = CAPACITY;
        wd.allocator = allocator_of(&c);
        steer_world *w = steer_world_create(&wd);
        steer_group_def g = steer_default_group_def();
        CHECK(steer_world_add_group(w, &g) == 0);
        for (int i = 0; i < AGENTS; ++i) {
            ids[i] = steer_world_add_agent(w, 0, steer_v3_make((float)(i % 50), (float)(i / 50), 0), steer_v3_zero());
            targets[i] = steer_v3_make((float)(i % 50), (float)(i / 50) + 60.0f, 0);
        }
        if (reserved) CHECK(steer_world_reserve_goals(w, 10 * CAPACITY) == STEER_OK); /* capped */
        long before = atomic_load(&c.allocs);
        CHECK(steer_world_set_targets(w, ids, targets, AGENTS / 2, STEER_GOAL_ARRIVE, NULL) == AGENTS / 2);
        for (int i = AGENTS / 2; i < AGENTS; ++i)
            CHECK(steer_world_set_targets(w, &ids[i], &targets[i], 1, STEER_GOAL_SEEK, NULL) == 1);
        long orders = atomic_load(&c.allocs) - before;
        CHECK(reserved ? orders == 0 : orders > 0);
        CHECK(steer_world_goal_count(w) == AGENTS);
        /* room for every agent the world can hold: the last thousand too */
        long later = 0;
        for (int i = 0; reserved && i < CAPACITY - AGENTS; ++i) {
            steer_agent_id id = steer_world_add_agent(w, 0, steer_v3_make(-5.0f, (float)i, 0), steer_v3_zero());
            long at = atomic_load(&c.allocs);
            CHECK(steer_world_set_targets(w, &id, &targets[0], 1, STEER_GOAL_ARRIVE, NULL) == 1);
            later += atomic_load(&c.allocs) - at;
        }
        CHECK(later == 0);
        steer_world_destroy(w);
        CHECK(atomic_load(&c.frees) == atomic_load(&c.allocs) && atomic_load(&c.live_bytes) == 0);
    }
    counter_reset(&c, -1);
    steer_world_def wd = steer_default_world_def();
    wd.allocator = allocator_of(&c);
    steer_world *w = steer_world_create(&wd);
    int misuse = check_misuse_count;
    CHECK(steer_world_reserve_goals(w, -1) == STEER_ERROR_INVALID_ARGUMENT && check_misuse_count == misuse + 1);
    CHECK(steer_world_reserve_goals(NULL, 5) == STEER_ERROR_INVALID_ARGUMENT);
    c.fail_after = atomic_load(&c.attempts); /* every allocation fails from here */
    CHECK(steer_world_reserve_goals(w, 100) == STEER_ERROR_OUT_OF_MEMORY);
    c.fail_after = -1;
    CHECK(steer_world_reserve_goals(w, 100) == STEER_OK && steer_world_reserve_goals(w, 50) == STEER_OK);
    CHECK(steer_world_goal_count(w) == 0);
    steer_world_destroy(w);
    CHECK(atomic_load(&c.frees) == atomic_load(&c.allocs) && atomic_load(&c.live_bytes) == 0);
    printf("reserve_goals: 2000 orders after it allocate nothing\n");
}

/* ---- steer_world_memory_bytes ---------------------------------------------------- */
static void test_memory_bytes(int dim)
{
    CHECK(steer_world_memory_bytes(0) == 0);
    static counter c;
    size_t reported[2];
    long live[2];
    const int capacities[2] = {1000, 20000};
    for (int k = 0; k < 2; ++k) {
        counter_reset(&c, -1);
        steer_world_def wd = steer_default_world_def();
        wd.dim = dim;
        wd.capacity = capacities[k];
        wd.allocator = allocator_of(&c);
        steer_world *w = steer_world_create(&wd);
        CHECK(w != 0);
        if (!w) return;
        steer_group_def g = steer_default_group_def();
        CHECK(steer_world_add_group(w, &g) == 0);
        steer_rng rng = steer_rng_make(1);
        for (int i = 0; i < capacities[k] / 2; ++i)
            steer_world_add_agent(w, 0, random_in_box(&rng, dim, steer_v3_make(-50, -50, -50), steer_v3_make(50, 50, 50)),
                                  steer_v3_make(1, 0, 0));
        CHECK(steer_world_step(w, 0.01f) == STEER_OK); /* the grid exists now */
        reported[k] = steer_world_memory_bytes(w);
        live[k] = atomic_load(&c.live_bytes);
        /* what it reports is what it holds through the hook, within 10% */
        CHECK((double)reported[k] >= 0.9 * (double)live[k] && (double)reported[k] <= 1.1 * (double)live[k]);
        printf("%dD capacity %d: memory_bytes %zu, allocator holds %ld (%.1f bytes per agent of capacity)\n", dim,
               capacities[k], reported[k], live[k], (double)reported[k] / capacities[k]);
        steer_world_destroy(w);
        CHECK(atomic_load(&c.live_bytes) == 0);
    }
    /* it grows with the capacity by at least the positions and velocities */
    CHECK(reported[1] >= reported[0] + (size_t)(capacities[1] - capacities[0]) * (size_t)(2 * dim) * sizeof(float));
}

/* ---- running out of memory ---------------------------------------------------------- */

/* Creation fails at every possible allocation: NULL and nothing leaked. */
static void test_create_out_of_memory(int dim)
{
    static counter c;
    mixed_options o = mixed_default_options(dim);
    o.allocator = allocator_of(&c);
    counter_reset(&c, -1);
    steer_world_def wd = mixed_world_def(&o);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    long needed = atomic_load(&c.attempts);
    steer_world_destroy(w);
    int clean = 0;
    for (long k = 0; k < needed; ++k) {
        counter_reset(&c, k);
        w = steer_world_create(&wd);
        CHECK(w == 0);
        if (w) steer_world_destroy(w);
        clean += atomic_load(&c.live_bytes) == 0 && atomic_load(&c.frees) == atomic_load(&c.allocs);
    }
    CHECK(clean == needed);
    printf("%dD creation: fails cleanly at each of its %ld allocations\n", dim, needed);
}

/* The rest of the set-up and the first step fail at each allocation in
 * turn: each call refuses (negative, null id or OUT_OF_MEMORY), and the
 * world is destroyed without leaks. */
static void test_setup_out_of_memory(int dim)
{
    static counter c;
    mixed_options o = mixed_default_options(dim);
    o.allocator = allocator_of(&c);
    counter_reset(&c, -1);
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(w != 0);
    CHECK(mixed_run(w, &h, dim, 0, 1));
    long needed = atomic_load(&c.attempts);
    steer_world_destroy(w);
    int clean = 0, refused_step = 0;
    for (long k = 0; k < needed; ++k) {
        counter_reset(&c, k);
        steer_world_def wd = mixed_world_def(&o);
        w = steer_world_create(&wd);
        if (w) {
            mixed_populate_objects(w, dim); /* some of these fail: the world stays usable */
            if (steer_world_group_count(w) > 0)
                steer_world_add_agent(w, 0, steer_v3_make(1, 1, 1), steer_v3_make(1, 0, 0));
            uint64_t hash = steer_world_state_hash(w);
            steer_result r = steer_world_step(w, MIXED_DT);
            CHECK(r == STEER_OK || r == STEER_ERROR_OUT_OF_MEMORY);
            if (r == STEER_ERROR_OUT_OF_MEMORY) {
                ++refused_step;
                CHECK(steer_world_state_hash(w) == hash); /* a refused step changes nothing */
                c.fail_after = -1;                        /* memory is back: the step works */
                CHECK(steer_world_step(w, MIXED_DT) == STEER_OK);
            }
            steer_world_destroy(w);
        }
        clean += atomic_load(&c.live_bytes) == 0 && atomic_load(&c.frees) == atomic_load(&c.allocs);
    }
    CHECK(clean == needed);
    CHECK(refused_step > 0); /* the first step's allocation was among those failed */
    printf("%dD set-up and first step: clean at each of %ld allocations failing (%d refused steps)\n", dim, needed,
           refused_step);
}

/* A restore that cannot allocate is refused and leaves the world as it was. */
static void test_restore_out_of_memory(int dim)
{
    static counter c;
    counter_reset(&c, -1);
    mixed_options o = mixed_default_options(dim);
    mixed_handles h;
    steer_world *source = mixed_create(&o, &h);
    CHECK(mixed_run(source, &h, dim, 0, 30));
    /* and a formation, whose members and slots a restore allocates too */
    const steer_v3 slots[3] = {mixed_v3(dim, -1, 1, 0), mixed_v3(dim, -1, -1, 0), mixed_v3(dim, -2, 0, 0)};
    CHECK(steer_world_add_formation(source, h.ids[0], &h.ids[1], slots, 3) == 0);
    size_t size = steer_world_snapshot_size(source);
    unsigned char *snap = malloc(size);
    CHECK(steer_world_save(source, snap, size, 0) == STEER_OK);
    o.allocator = allocator_of(&c);
    mixed_handles ht;
    steer_world *target = mixed_create(&o, &ht);
    CHECK(mixed_run(target, &ht, dim, 0, 3));
    uint64_t hash = steer_world_state_hash(target);
    long base = atomic_load(&c.attempts);
    CHECK(steer_world_restore(target, snap, size) == STEER_OK); /* how many allocations a restore makes */
    long needed = atomic_load(&c.attempts) - base;
    uint64_t restored = steer_world_state_hash(target);
    int refused = 0, misreported = 0;
    for (long k = 0; k < needed; ++k) {
        steer_world_destroy(target);
        counter_reset(&c, -1);
        target = mixed_create(&o, &ht);
        CHECK(mixed_run(target, &ht, dim, 0, 3));
        c.fail_after = atomic_load(&c.attempts) + k;
        steer_result r = steer_world_restore(target, snap, size);
        c.fail_after = -1;
        if (r != STEER_OK) {
            ++refused;
            /* memory, never a bad snapshot: a caller must not throw a good save away */
            CHECK(r == STEER_ERROR_OUT_OF_MEMORY);
            misreported += r != STEER_ERROR_OUT_OF_MEMORY;
            CHECK(steer_world_state_hash(target) == hash);
        } else {
            CHECK(steer_world_state_hash(target) == restored);
        }
    }
    CHECK(refused == needed);
    steer_world_destroy(target);
    CHECK(atomic_load(&c.live_bytes) == 0);
    steer_world_destroy(source);
    free(snap);
    printf("%dD restore: refused cleanly at each of its %ld allocations (%d of them not as out of memory)\n",
           dim, needed, misreported);
}

int main(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        test_steady_state(dim, 1);
        test_steady_state(dim, 2);
        test_memory_bytes(dim);
        test_create_out_of_memory(dim);
        test_setup_out_of_memory(dim);
        test_restore_out_of_memory(dim);
    }
    test_reserve_goals();
    return check_summary("test_world_memory");
}
