/* steer_world_reserve_agents: a world grown mid-run keeps every agent, handle and
 * object and steps on as the same calls on any thread count and kernel do
 * (and, where its cells stay the same, as the world not grown); a grown
 * world's grid is the one a world made at the new capacity has; refusals
 * and running out of memory leave the world as it was. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting_allocator.h"
#include "misuse_report.h"
#include "steer/steer.h"
#include "world_scenario.h"

#define SAVE_AT WORLD_TEST_SIZE(300, 60)
#define END (2 * SAVE_AT)
#define GROWN (4 * MIXED_MAX_AGENTS)

static int capacity_of(const steer_world *w)
{
    steer_world_def d;
    CHECK(steer_world_get_def(w, &d) == STEER_OK);
    return d.capacity;
}

/* The mixed scenario grown at SAVE_AT, beside one not grown and one grown
 * on three threads with the scalar kernel: the grown ones agree (its cells
 * were capped at 4 a slot of 320, so not those of the world not grown). */
static void test_grown_mid_run(int dim)
{
    mixed_options o = mixed_default_options(dim);
    mixed_handles ha, hb, hc;
    steer_world *a = mixed_create(&o, &ha), *b = mixed_create(&o, &hb);
    o.worker_count = 3;
    steer_world *c = mixed_create(&o, &hc);
    CHECK(a && b && c);
    if (!a || !b || !c) return;
    steer_world_use_simd(c, false);
    CHECK(steer_world_kernel(c) == STEER_KERNEL_SCALAR && steer_world_kernel(a) != STEER_KERNEL_BEST);
    CHECK(mixed_run(a, &ha, dim, 0, SAVE_AT) && mixed_run(b, &hb, dim, 0, SAVE_AT) && mixed_run(c, &hc, dim, 0, SAVE_AT));
    uint64_t hash = steer_world_state_hash(a);
    int count = steer_world_agent_count(a);
    CHECK(steer_world_reserve_agents(a, GROWN) == STEER_OK && steer_world_reserve_agents(c, GROWN) == STEER_OK);
    CHECK(capacity_of(a) == GROWN && capacity_of(b) == MIXED_MAX_AGENTS);
    CHECK(steer_world_kernel(c) == STEER_KERNEL_SCALAR); /* the kernel chosen is kept */
    CHECK(steer_world_state_hash(a) == hash && steer_world_agent_count(a) == count);
    CHECK(steer_world_obstacle_count(a) == steer_world_obstacle_count(b));
    CHECK(steer_world_wall_count(a) == steer_world_wall_count(b));
    CHECK(steer_world_group_count(a) == 5);
    for (int i = 0; i < ha.count; ++i) {
        steer_agent_state sa, sb;
        CHECK(steer_world_get_agent(a, ha.ids[i], &sa) == STEER_OK && steer_world_get_agent(b, hb.ids[i], &sb) == STEER_OK);
        CHECK(memcmp(&sa, &sb, sizeof sa) == 0);
    }
    CHECK(mixed_run(a, &ha, dim, SAVE_AT, END) && mixed_run(b, &hb, dim, SAVE_AT, END) && mixed_run(c, &hc, dim, SAVE_AT, END));
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(c));
    /* the room is there */
    int room = GROWN - steer_world_agent_count(a);
    steer_v3 *pos = calloc((size_t)room, sizeof *pos);
    CHECK(pos != 0);
    if (pos) {
        for (int i = 0; i < room; ++i) pos[i] = mixed_v3(dim, (float)(i % 30) - 15.0f, (float)(i / 30 % 30) - 15.0f, 1.0f);
        CHECK(steer_world_add_agents(b, 0, pos, NULL, room, NULL) == STEER_ERROR_CAPACITY);
        CHECK(steer_world_add_agents(a, 0, pos, NULL, room, NULL) == STEER_OK);
        CHECK(steer_world_agent_count(a) == GROWN);
        for (int s = 0; s < 10; ++s) CHECK(steer_world_step(a, MIXED_DT) == STEER_OK);
        free(pos);
    }
    steer_world_destroy(a);
    steer_world_destroy(b);
    steer_world_destroy(c);
}

/* A 2D torus of half-width `half` with room for `capacity` and one flocking
 * group (the default), or NULL. */
static steer_world *flock_world(float half, int capacity)
{
    steer_world_def wd = steer_default_world_def();
    wd.bounds_min = steer_v3_make(-half, -half, 0);
    wd.bounds_max = steer_v3_make(half, half, 0);
    wd.capacity = capacity;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    if (w && steer_world_add_group(w, &g) != 0) {
        steer_world_destroy(w);
        return NULL;
    }
    return w;
}

/* Where the old capacity did not cap the cells (a flock of 200 in a box 20
 * wide: 20 x 20 cells of its reach, under 4 a slot), a grown world steps
 * on bit for bit as the world not grown. */
static void test_same_cells(void)
{
    steer_world *kept = flock_world(10.0f, 320), *grown = flock_world(10.0f, 320);
    CHECK(kept && grown);
    if (!kept || !grown) return;
    steer_rng rng = steer_rng_make(9);
    steer_v3 pos[200], vel[200];
    for (int i = 0; i < 200; ++i) {
        pos[i] = random_in_box(&rng, 2, steer_v3_make(-10, -10, 0), steer_v3_make(10, 10, 0));
        vel[i] = random_in_box(&rng, 2, steer_v3_make(-1, -1, 0), steer_v3_make(1, 1, 0));
    }
    CHECK(steer_world_add_agents(kept, 0, pos, vel, 200, NULL) == STEER_OK);
    CHECK(steer_world_add_agents(grown, 0, pos, vel, 200, NULL) == STEER_OK);
    for (int s = 0; s < 40; ++s) {
        if (s == 10) CHECK(steer_world_reserve_agents(grown, 5000) == STEER_OK);
        CHECK(steer_world_step(kept, 0.05f) == STEER_OK && steer_world_step(grown, 0.05f) == STEER_OK);
    }
    CHECK(steer_world_state_hash(kept) == steer_world_state_hash(grown));
    steer_world_destroy(kept);
    steer_world_destroy(grown);
}

/* A world of 16 in a box 200 wide has its cells capped (at 4 a slot and 64
 * more); grown to 4,096 it has the cells of a world made with 4,096: the
 * same bits as one, once the first 16 (too far apart to see each other in
 * any cells) are joined by a crowd. */
static void test_grown_grid(void)
{
    steer_world *made = flock_world(100.0f, 4096), *grown = flock_world(100.0f, 16);
    CHECK(made && grown);
    if (!made || !grown) return;
    steer_v3 apart[16], crowd[4000];
    for (int i = 0; i < 16; ++i) apart[i] = steer_v3_make(-90.0f + 12.0f * (float)i, 50.0f, 0.0f);
    steer_rng rng = steer_rng_make(5);
    for (int i = 0; i < 4000; ++i) crowd[i] = random_in_box(&rng, 2, steer_v3_make(-30, -30, 0), steer_v3_make(30, 30, 0));
    CHECK(steer_world_add_agents(made, 0, apart, NULL, 16, NULL) == STEER_OK);
    CHECK(steer_world_add_agents(grown, 0, apart, NULL, 16, NULL) == STEER_OK);
    for (int s = 0; s < 5; ++s) CHECK(steer_world_step(made, 0.05f) == STEER_OK && steer_world_step(grown, 0.05f) == STEER_OK);
    CHECK(steer_world_state_hash(made) == steer_world_state_hash(grown));
    CHECK(steer_world_reserve_agents(grown, 4096) == STEER_OK);
    CHECK(steer_world_add_agents(made, 0, crowd, NULL, 4000, NULL) == STEER_OK);
    CHECK(steer_world_add_agents(grown, 0, crowd, NULL, 4000, NULL) == STEER_OK);
    for (int s = 0; s < 20; ++s) CHECK(steer_world_step(made, 0.05f) == STEER_OK && steer_world_step(grown, 0.05f) == STEER_OK);
    CHECK(steer_world_state_hash(made) == steer_world_state_hash(grown));
    steer_world_destroy(made);
    steer_world_destroy(grown);
}

/* Refused capacities, a smaller one (nothing changes), and out of memory at
 * each of the grow's allocations in turn: the world as it was each time. */
static void test_refusals_and_memory(int dim)
{
    counter mem;
    counter_reset(&mem, -1);
    mixed_options o = mixed_default_options(dim);
    o.allocator = allocator_of(&mem);
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(w != 0);
    if (!w) return;
    CHECK(mixed_run(w, &h, dim, 0, 30));
    uint64_t hash = steer_world_state_hash(w);
    steer_set_misuse_handler(misuse_record, 0);
    int reports = misuse_last.count;
    CHECK(steer_world_reserve_agents(w, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_RESERVE_AGENTS, "steer_world_reserve_agents", "capacity = 0: must be in [1, 2^28]");
    reports = misuse_last.count;
    CHECK(steer_world_reserve_agents(w, (1 << 28) + 1) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_RESERVE_AGENTS, "steer_world_reserve_agents", "capacity = 268435457");
    reports = misuse_last.count;
    CHECK(steer_world_reserve_agents(NULL, 100) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_NULL_WORLD, "steer_world_reserve_agents", "world");
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(steer_world_reserve_agents(w, 10) == STEER_OK && capacity_of(w) == MIXED_MAX_AGENTS);
    int failures = 0;
    for (long k = 0;; ++k) {
        long live = atomic_load(&mem.live_bytes);
        counter_reset(&mem, k);
        atomic_store(&mem.live_bytes, live);
        steer_result r = steer_world_reserve_agents(w, GROWN);
        if (r == STEER_OK) break;
        CHECK(r == STEER_ERROR_OUT_OF_MEMORY);
        CHECK(atomic_load(&mem.live_bytes) == live); /* nothing kept of the attempt */
        CHECK(steer_world_state_hash(w) == hash && capacity_of(w) == MIXED_MAX_AGENTS);
        ++failures;
        if (k > 1000) break;
    }
    mem.fail_after = -1;
    CHECK(failures > 10); /* the snapshot's buffer and every array of the new storage */
    CHECK(capacity_of(w) == GROWN && steer_world_state_hash(w) == hash);
    CHECK(mixed_run(w, &h, dim, 30, 60));
    steer_world_destroy(w);
    CHECK(atomic_load(&mem.live_bytes) == 0);
}

/* Room reserved for goals (steer_world_reserve_goals) outlives the grow:
 * orders given after it allocate nothing, as without the grow. */
static void test_goal_room_kept(void)
{
    counter mem;
    counter_reset(&mem, -1);
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = 100;
    wd.allocator = allocator_of(&mem);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return;
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_v3 pos[100], targets[100];
    steer_agent_id ids[100];
    for (int i = 0; i < 100; ++i) {
        pos[i] = steer_v3_make((float)(i % 10) * 4.0f - 20.0f, (float)(i / 10) * 4.0f - 20.0f, 0.0f);
        targets[i] = steer_v3_make(0.0f, 0.0f, 0.0f);
    }
    CHECK(steer_world_add_agents(w, 0, pos, NULL, 100, ids) == STEER_OK);
    CHECK(steer_world_reserve_goals(w, 100) == STEER_OK);
    CHECK(steer_world_reserve_agents(w, 400) == STEER_OK);
    long allocs = atomic_load(&mem.allocs);
    CHECK(steer_world_set_targets(w, ids, targets, 100, STEER_GOAL_ARRIVE, NULL) == 100);
    CHECK(atomic_load(&mem.allocs) == allocs); /* no allocation: the room is still there */
    steer_world_destroy(w);
    CHECK(atomic_load(&mem.live_bytes) == 0);
}

/* Lockstep peers: one joined by restoring the other's snapshot into a
 * larger world (capacity 8,192 for a world of 16, which keeps the saved
 * world's capped cells). The same reserve on both gives both the same
 * cells, so the same bits once a crowd arrives. */
static void test_peers_grow_alike(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.bounds_min = steer_v3_make(-100, -100, 0);
    wd.bounds_max = steer_v3_make(100, 100, 0);
    wd.capacity = 16;
    steer_world *host = steer_world_create(&wd);
    wd.capacity = 8192;
    steer_world *peer = steer_world_create(&wd);
    CHECK(host && peer);
    if (!host || !peer) return;
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(host, &g) == 0);
    steer_v3 apart[16], crowd[4000];
    for (int i = 0; i < 16; ++i) apart[i] = steer_v3_make(-90.0f + 12.0f * (float)i, 50.0f, 0.0f);
    steer_rng rng = steer_rng_make(5);
    for (int i = 0; i < 4000; ++i) crowd[i] = random_in_box(&rng, 2, steer_v3_make(-30, -30, 0), steer_v3_make(30, 30, 0));
    CHECK(steer_world_add_agents(host, 0, apart, NULL, 16, NULL) == STEER_OK);
    for (int s = 0; s < 5; ++s) CHECK(steer_world_step(host, 0.05f) == STEER_OK);
    size_t size = steer_world_snapshot_size(host), written = 0;
    void *saved = malloc(size);
    CHECK(saved && steer_world_save(host, saved, size, &written) == STEER_OK);
    CHECK(saved && steer_world_restore(peer, saved, written) == STEER_OK);
    free(saved);
    CHECK(steer_world_reserve_agents(host, 4096) == STEER_OK && steer_world_reserve_agents(peer, 4096) == STEER_OK);
    CHECK(steer_world_add_agents(host, 0, crowd, NULL, 4000, NULL) == STEER_OK);
    CHECK(steer_world_add_agents(peer, 0, crowd, NULL, 4000, NULL) == STEER_OK);
    for (int s = 0; s < 20; ++s) CHECK(steer_world_step(host, 0.05f) == STEER_OK && steer_world_step(peer, 0.05f) == STEER_OK);
    CHECK(steer_world_state_hash(host) == steer_world_state_hash(peer));
    steer_world_destroy(host);
    steer_world_destroy(peer);
}

/* The last step's profile is the grown world's too. */
static void test_profile_kept(void)
{
    mixed_options o = mixed_default_options(2);
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(w != 0);
    if (!w) return;
    CHECK(mixed_run(w, &h, 2, 0, 5));
    steer_step_profile before = steer_world_last_profile(w);
    CHECK(steer_world_reserve_agents(w, GROWN) == STEER_OK);
    steer_step_profile after = steer_world_last_profile(w);
    CHECK(memcmp(&before, &after, sizeof before) == 0);
    steer_world_destroy(w);
}

int main(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        test_grown_mid_run(dim);
        test_refusals_and_memory(dim);
    }
    test_same_cells();
    test_grown_grid();
    test_goal_room_kept();
    test_peers_grow_alike();
    test_profile_kept();
    return check_summary("test_world_reserve_agents");
}
