/* Agent handles: a removed agent's handle is refused everywhere, a reused
 * slot gets a new generation, forged handles are refused, adding,
 * removing or teleporting one agent leaves every other agent untouched, and
 * lookups from several threads at once after a step (the first of which
 * rebuilds the handle table) all find the right agents, as do the other
 * read-only calls run beside them (bulk getters, view, queries, hash,
 * arrivals, save). */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define N 200

static steer_world *make_world(int dim, int capacity)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = capacity;
    wd.bounds_min = steer_v3_make(-10, -10, -10);
    wd.bounds_max = steer_v3_make(10, 10, 10);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    g.weight[STEER_WANDER] = 1.0f;
    CHECK(steer_world_add_group(w, &g) == 1);
    return w;
}

static steer_v3 random_v3(steer_rng *rng, float range)
{
    float x = steer_rng_range(rng, -range, range);
    float y = steer_rng_range(rng, -range, range);
    return steer_v3_make(x, y, steer_rng_range(rng, -range, range));
}

static bool same_state(const steer_agent_state *a, const steer_agent_state *b)
{
    return memcmp(&a->position, &b->position, sizeof a->position) == 0 &&
           memcmp(&a->velocity, &b->velocity, sizeof a->velocity) == 0 && a->group == b->group;
}

static void test_stale_after_remove(int dim)
{
    steer_world *w = make_world(dim, 8);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(1, 2, 3), steer_v3_make(0.5f, 0, 0));
    steer_agent_id b = steer_world_add_agent(w, 1, steer_v3_make(-1, 2, 3), steer_v3_make(0, 0.5f, 0));
    CHECK(a.index != 0 && b.index != 0 && a.index != b.index);
    CHECK(steer_world_is_valid(w, a) && steer_world_is_valid(w, b));
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);

    CHECK(steer_world_remove_agent(w, a) == STEER_OK);
    steer_agent_state st;
    CHECK(!steer_world_is_valid(w, a));
    CHECK(steer_world_get_agent(w, a, &st) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_teleport_agent(w, a, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_set_agent_group(w, a, 0) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_remove_agent(w, a) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_agent_count(w) == 1);
    CHECK(steer_world_is_valid(w, b));

    /* The slot is reused with a new generation; the old handle stays stale
     * and does not reach the new agent. */
    steer_agent_id c = steer_world_add_agent(w, 0, steer_v3_make(4, 4, 4), steer_v3_make(0, 0, 0));
    CHECK(c.index == a.index);
    CHECK(c.generation != a.generation);
    CHECK(steer_world_is_valid(w, c));
    CHECK(!steer_world_is_valid(w, a));
    CHECK(steer_world_get_agent(w, a, &st) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_remove_agent(w, a) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_is_valid(w, c)); /* the stale remove did not remove c */
    CHECK(steer_world_get_agent(w, c, &st) == STEER_OK);
    CHECK(st.position.x == 4.0f && st.position.y == 4.0f && st.position.z == (dim == 3 ? 4.0f : 0.0f));

    /* Many reuses of one slot: every generation distinct, only the last valid. */
    steer_agent_id history[50];
    for (int i = 0; i < 50; ++i) {
        history[i] = steer_world_add_agent(w, 0, steer_v3_make((float)i * 0.1f, 0, 0), steer_v3_make(0, 0, 0));
        CHECK(history[i].index != 0);
        if (i < 49) CHECK(steer_world_remove_agent(w, history[i]) == STEER_OK);
    }
    for (int i = 0; i < 50; ++i) {
        CHECK(steer_world_is_valid(w, history[i]) == (i == 49));
        for (int j = 0; j < i; ++j)
            if (history[j].index == history[i].index) CHECK(history[j].generation != history[i].generation);
    }
    steer_world_destroy(w);
}

static void test_forged(int dim)
{
    steer_world *w = make_world(dim, 16);
    steer_agent_id ids[4];
    for (int i = 0; i < 4; ++i) ids[i] = steer_world_add_agent(w, 0, steer_v3_make((float)i, 0, 0), steer_v3_make(0, 0, 0));
    steer_agent_id forged[] = {
        {0, 0, 0},                        /* the null id */
        {0, ids[0].generation, ids[0].world}, /* index 0 with a live generation */
        {5, 0, 0},                        /* a slot never used */
        {16, 0, 0},                       /* the last slot of the capacity, never used */
        {17, 0, 0},                       /* beyond the capacity */
        {1000000, 0, 0},
        {UINT32_MAX, 0, 0},
        {ids[1].index, ids[1].generation + 1, ids[1].world}, /* a live slot, a wrong generation */
        {ids[2].index, UINT32_MAX, ids[2].world},
        {ids[3].index, ids[3].generation, ids[3].world + 1}, /* a live slot, another world */
    };
    steer_agent_state st;
    for (size_t i = 0; i < sizeof forged / sizeof forged[0]; ++i) {
        CHECK(!steer_world_is_valid(w, forged[i]));
        CHECK(steer_world_get_agent(w, forged[i], &st) == STEER_ERROR_STALE_HANDLE);
        CHECK(steer_world_teleport_agent(w, forged[i], steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)) ==
              STEER_ERROR_STALE_HANDLE);
        CHECK(steer_world_remove_agent(w, forged[i]) == STEER_ERROR_STALE_HANDLE);
    }
    CHECK(steer_world_agent_count(w) == 4);
    /* A free slot keeps the free list in its generation word (the top bit
     * set, which no handle has): its value is refused, not matched. */
    CHECK(steer_world_remove_agent(w, ids[3]) == STEER_OK);
    CHECK(steer_world_remove_agent(w, ids[2]) == STEER_OK);
    steer_agent_id free_words[] = {
        {ids[3].index, UINT32_MAX, 0},                        /* end of the free list */
        {ids[2].index, 0x80000000u | (ids[3].index - 1), 0}, /* links to ids[3]'s slot */
    };
    for (size_t i = 0; i < sizeof free_words / sizeof free_words[0]; ++i) {
        CHECK(!steer_world_is_valid(w, free_words[i]));
        CHECK(steer_world_get_agent(w, free_words[i], &st) == STEER_ERROR_STALE_HANDLE);
        CHECK(steer_world_remove_agent(w, free_words[i]) == STEER_ERROR_STALE_HANDLE);
    }
    CHECK(steer_world_agent_count(w) == 2);
    /* Another world's handles are refused, also where this world has a live
     * agent in the same slot with the same generation (their remove once
     * deleted this world's agent). */
    steer_world *other = make_world(dim, 16);
    steer_agent_id foreign = {0, 0, 0};
    for (int i = 0; i < 6; ++i) foreign = steer_world_add_agent(other, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0));
    steer_agent_id same_slot = {ids[0].index, ids[0].generation, foreign.world};
    CHECK(foreign.world != 0 && foreign.world != ids[0].world);
    steer_agent_id foreigners[] = {foreign, same_slot};
    for (int i = 0; i < 2; ++i) {
        CHECK(!steer_world_is_valid(w, foreigners[i]));
        CHECK(steer_world_get_agent(w, foreigners[i], &st) == STEER_ERROR_STALE_HANDLE);
        CHECK(steer_world_remove_agent(w, foreigners[i]) == STEER_ERROR_STALE_HANDLE);
    }
    CHECK(steer_world_is_valid(w, ids[0]) && steer_world_agent_count(w) == 2);
    /* world 0, a handle made by hand from slot and generation: those alone */
    CHECK(steer_world_is_valid(w, (steer_agent_id){ids[0].index, ids[0].generation, 0}));
    /* NULL world */
    CHECK(!steer_world_is_valid(0, ids[0]));
    CHECK(steer_world_get_agent(0, ids[0], &st) != STEER_OK);
    CHECK(steer_world_remove_agent(0, ids[0]) != STEER_OK);
    steer_world_destroy(other);
    steer_world_destroy(w);
}

/* Random adds, removes and teleports between steps: after each change every
 * other live agent reads back bit-identical state through its handle, and
 * every removed handle stays refused. */
static void test_churn_keeps_others(int dim)
{
    steer_world *w = make_world(dim, N);
    steer_rng rng = steer_rng_make(42 + (uint64_t)dim);
    steer_agent_id live[N], dead[4 * N];
    int live_count = 0, dead_count = 0;
    for (int i = 0; i < N * 3 / 4; ++i) {
        live[live_count] = steer_world_add_agent(w, i % 2, random_v3(&rng, 9), random_v3(&rng, 1));
        CHECK(live[live_count].index != 0);
        ++live_count;
    }
    static steer_agent_state before[N];
    int mismatches = 0, stale_ok = 0, checks = 0;
    for (int round = 0; round < 120; ++round) {
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        for (int i = 0; i < live_count; ++i) CHECK(steer_world_get_agent(w, live[i], &before[i]) == STEER_OK);
        uint32_t op = steer_rng_u32(&rng) % 3;
        int victim = live_count ? (int)(steer_rng_u32(&rng) % (uint32_t)live_count) : -1;
        if (op == 0 && victim >= 0) {
            CHECK(steer_world_remove_agent(w, live[victim]) == STEER_OK);
            if (dead_count < 4 * N) dead[dead_count++] = live[victim];
            live[victim] = live[live_count - 1];
            before[victim] = before[live_count - 1];
            --live_count;
        } else if (op == 1 && live_count < N) {
            steer_agent_id id = steer_world_add_agent(w, round % 2, random_v3(&rng, 9), random_v3(&rng, 1));
            CHECK(id.index != 0);
            for (int i = 0; i < live_count; ++i) CHECK(!(live[i].index == id.index && live[i].generation == id.generation));
            live[live_count] = id;
            CHECK(steer_world_get_agent(w, id, &before[live_count]) == STEER_OK);
            ++live_count;
        } else if (victim >= 0) {
            steer_v3 p = random_v3(&rng, 9), v = random_v3(&rng, 1);
            CHECK(steer_world_teleport_agent(w, live[victim], p, v) == STEER_OK);
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, live[victim], &st) == STEER_OK);
            CHECK(st.position.x == p.x && st.position.y == p.y && st.velocity.x == v.x && st.velocity.y == v.y);
            before[victim] = st;
        }
        for (int i = 0; i < live_count; ++i) {
            steer_agent_state st;
            ++checks;
            if (steer_world_get_agent(w, live[i], &st) != STEER_OK || !same_state(&st, &before[i])) ++mismatches;
        }
        for (int i = 0; i < dead_count; ++i) {
            steer_agent_state st;
            stale_ok += steer_world_get_agent(w, dead[i], &st) == STEER_ERROR_STALE_HANDLE && !steer_world_is_valid(w, dead[i]);
        }
        CHECK(stale_ok == dead_count);
        stale_ok = 0;
        CHECK(steer_world_agent_count(w) == live_count);
    }
    CHECK(mismatches == 0);
    CHECK(checks > 1000);
    CHECK(dead_count > 10);
    steer_world_destroy(w);
}

/* Removing an agent in the middle of a run does not disturb the others'
 * state (read back through their handles), nor the view's count. */
static void test_remove_during_run(int dim)
{
    steer_world *w = make_world(dim, N);
    steer_rng rng = steer_rng_make(9);
    steer_agent_id ids[N];
    for (int i = 0; i < N; ++i) ids[i] = steer_world_add_agent(w, 0, random_v3(&rng, 5), random_v3(&rng, 1));
    for (int s = 0; s < 30; ++s) CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
    static steer_agent_state before[N], after[N];
    for (int i = 0; i < N; ++i) CHECK(steer_world_get_agent(w, ids[i], &before[i]) == STEER_OK);
    int removed[] = {0, 17, N / 2, N - 1};
    for (size_t r = 0; r < sizeof removed / sizeof removed[0]; ++r)
        CHECK(steer_world_remove_agent(w, ids[removed[r]]) == STEER_OK);
    int kept_same = 0, kept = 0;
    for (int i = 0; i < N; ++i) {
        bool was_removed = false;
        for (size_t r = 0; r < sizeof removed / sizeof removed[0]; ++r) was_removed |= removed[r] == i;
        if (was_removed) {
            CHECK(!steer_world_is_valid(w, ids[i]));
            continue;
        }
        ++kept;
        kept_same += steer_world_get_agent(w, ids[i], &after[i]) == STEER_OK && same_state(&before[i], &after[i]);
    }
    CHECK(kept_same == kept);
    CHECK(steer_world_get_view(w).count == N - 4);
    /* ... and the run goes on with every remaining handle valid */
    for (int s = 0; s < 10; ++s) CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
    int valid = 0;
    for (int i = 0; i < N; ++i) valid += steer_world_is_valid(w, ids[i]);
    CHECK(valid == N - 4);
    steer_world_destroy(w);
}

/* Handles survive the world's internal re-sorting: an agent found by handle
 * after many steps is the agent that was added (it moves continuously, so
 * its per-step displacement is at most max_speed * dt). */
static void test_handles_follow_agents(int dim)
{
    steer_world *w = make_world(dim, N);
    steer_rng rng = steer_rng_make(77);
    steer_agent_id ids[N];
    static steer_agent_state prev[N];
    for (int i = 0; i < N; ++i) {
        ids[i] = steer_world_add_agent(w, i % 2, random_v3(&rng, 9), random_v3(&rng, 1));
        CHECK(steer_world_get_agent(w, ids[i], &prev[i]) == STEER_OK);
    }
    const float dt = 1.0f / 60.0f, extent = 20.0f;
    int jumps = 0;
    for (int s = 0; s < 60; ++s) {
        CHECK(steer_world_step(w, dt) == STEER_OK);
        for (int i = 0; i < N; ++i) {
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
            CHECK(st.group == i % 2);
            for (int k = 0; k < dim; ++k) {
                float d = fabsf(steer_v3_get(st.position, k) - steer_v3_get(prev[i].position, k));
                d = fminf(d, fabsf(d - extent)); /* across the torus seam */
                jumps += d > 2.0f * dt * 1.0001f;
            }
            prev[i] = st;
        }
    }
    CHECK(jumps == 0);
    steer_world_destroy(w);
}

/* Threads that look every handle up at once, released together by a
 * barrier right after a step: whichever comes first rebuilds the table,
 * the others must wait for it, not read it half built. */
#define LOOKUP_THREADS 4
#define LOOKUP_AGENTS 3000
typedef struct lookup_job {
    const steer_world *w;
    const steer_agent_id *ids;
    steer_agent_state *out;
    pthread_barrier_t *start;
    int failures;
} lookup_job;

static void *lookup_all(void *arg)
{
    lookup_job *job = arg;
    pthread_barrier_wait(job->start);
    for (int i = 0; i < LOOKUP_AGENTS; ++i)
        job->failures += steer_world_get_agent(job->w, job->ids[i], &job->out[i]) != STEER_OK;
    return 0;
}

static void test_concurrent_lookups(int dim)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = LOOKUP_AGENTS;
    wd.worker_count = 2;
    wd.bounds_min = steer_v3_make(-20, -20, -20);
    wd.bounds_max = steer_v3_make(20, 20, 20);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_rng rng = steer_rng_make(5);
    static steer_agent_id ids[LOOKUP_AGENTS];
    static steer_agent_state prev[LOOKUP_AGENTS], seen[LOOKUP_THREADS][LOOKUP_AGENTS];
    for (int i = 0; i < LOOKUP_AGENTS; ++i) {
        ids[i] = steer_world_add_agent(w, 0, random_v3(&rng, 19), random_v3(&rng, 1));
        CHECK(steer_world_get_agent(w, ids[i], &prev[i]) == STEER_OK);
    }
    const float dt = 1.0f / 60.0f, extent = 40.0f;
    int failures = 0, disagreements = 0, jumps = 0;
    for (int s = 0; s < 20; ++s) {
        CHECK(steer_world_step(w, dt) == STEER_OK);
        pthread_barrier_t start;
        CHECK(pthread_barrier_init(&start, 0, LOOKUP_THREADS) == 0);
        lookup_job jobs[LOOKUP_THREADS];
        pthread_t threads[LOOKUP_THREADS];
        for (int t = 0; t < LOOKUP_THREADS; ++t) {
            jobs[t] = (lookup_job){w, ids, seen[t], &start, 0};
            CHECK(pthread_create(&threads[t], 0, lookup_all, &jobs[t]) == 0);
        }
        for (int t = 0; t < LOOKUP_THREADS; ++t) {
            pthread_join(threads[t], 0);
            failures += jobs[t].failures;
            disagreements += memcmp(seen[t], seen[0], sizeof seen[0]) != 0;
        }
        pthread_barrier_destroy(&start);
        /* the agent found is the one that was there: it moved at most
         * max_speed * dt since the last step */
        for (int i = 0; i < LOOKUP_AGENTS; ++i) {
            for (int k = 0; k < dim; ++k) {
                float d = fabsf(steer_v3_get(seen[0][i].position, k) - steer_v3_get(prev[i].position, k));
                d = fminf(d, fabsf(d - extent)); /* across the torus seam */
                jumps += d > g.max_speed * dt * 1.0001f;
            }
            prev[i] = seen[0][i];
        }
    }
    CHECK(failures == 0);
    CHECK(disagreements == 0);
    CHECK(jumps == 0);
    steer_world_destroy(w);
}

static steer_world *plain_world(int dim)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 8;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def(); /* no wander: the snapshot ends with the agents */
    CHECK(steer_world_add_group(w, &g) == 0);
    return w;
}

/* Handles across a save and restore: the saved world's stay valid in the
 * world it is restored into (the save/load case), and that world's own
 * earlier handles are refused, also one with the same slot and generation. A
 * snapshot whose reuse counter is below a live generation (forged, then
 * resealed) would hand a removed agent's generation to the next reuse: the
 * counter is raised. A version 4 snapshot (no identity) is read, its
 * handles being world 0. */
static void test_handles_across_restore(int dim)
{
    steer_world *source = plain_world(dim), *target = plain_world(dim);
    steer_v3 still = steer_v3_make(0, 0, 0);
    steer_agent_id a = steer_world_add_agent(source, 0, steer_v3_make(1, 0, 0), still);
    steer_agent_id b = steer_world_add_agent(source, 0, steer_v3_make(2, 0, 0), still);
    CHECK(steer_world_remove_agent(source, a) == STEER_OK);
    steer_agent_id c = steer_world_add_agent(source, 0, steer_v3_make(3, 0, 0), still); /* reuses a's slot */
    CHECK(c.index == a.index && c.generation == 1);
    steer_world_add_agent(target, 0, still, still);
    steer_agent_id mine = steer_world_add_agent(target, 0, still, still);
    CHECK(mine.index == b.index && mine.generation == b.generation && mine.world != b.world);
    snap_buffer snap = snap_save(source);

    CHECK(steer_world_restore(target, snap.data, snap.size) == STEER_OK);
    steer_agent_state st;
    CHECK(steer_world_get_agent(target, b, &st) == STEER_OK && st.position.x == 2.0f);
    CHECK(steer_world_get_agent(target, c, &st) == STEER_OK && st.position.x == 3.0f);
    CHECK(!steer_world_is_valid(target, a));
    CHECK(!steer_world_is_valid(target, mine));
    CHECK(steer_world_remove_agent(target, mine) == STEER_ERROR_STALE_HANDLE);

    /* the reuse counter forged to 0 below c's generation 1 */
    uint32_t zero = 0;
    memcpy(snap.data + snap_reuses_at(snap.size, 2, dim, 2), &zero, 4);
    snap_reseal(snap.data, snap.size);
    steer_world *forged = plain_world(dim);
    CHECK(steer_world_restore(forged, snap.data, snap.size) == STEER_OK);
    CHECK(steer_world_remove_agent(forged, c) == STEER_OK);
    steer_agent_id d = steer_world_add_agent(forged, 0, steer_v3_make(4, 0, 0), still);
    CHECK(d.index == c.index && d.generation != c.generation);
    CHECK(!steer_world_is_valid(forged, c));
    CHECK(steer_world_remove_agent(forged, c) == STEER_ERROR_STALE_HANDLE && steer_world_is_valid(forged, d));

    /* version 4: the version-5 fixture (tests/data, 300 agents of 3 groups,
     * one wandering, made by tests/data/make_v5_fixtures.c) without its
     * identity. From the end of a version-5 snapshot: the CRC, the wander
     * angles and flag, slots, groups, velocities, positions, the count,
     * generations, then the identity. */
    char name[256];
    snprintf(name, sizeof name, STEER_TEST_DATA_DIR "/world%d_v5.snap", dim);
    FILE *f = fopen(name, "rb");
    CHECK(f != NULL);
    snap_buffer v5 = {malloc(1 << 15), 0};
    if (f) {
        v5.size = fread(v5.data, 1, 1 << 15, f);
        fclose(f);
    }
    const size_t n = 300;
    size_t at = v5.size - 4 - 4 * n - 4 - 4 * n - n - 8 * n * (size_t)dim - 4 - 4 * n - 4;
    uint32_t v5_identity;
    memcpy(&v5_identity, v5.data + at, 4);
    snap_buffer v4 = {malloc(v5.size - 4), v5.size - 4};
    memcpy(v4.data, v5.data, at);
    memcpy(v4.data + at, v5.data + at + 4, v5.size - at - 4);
    uint32_t four = 4;
    memcpy(v4.data + SNAP_VERSION_AT, &four, 4);
    snap_reseal(v4.data, v4.size);
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 400;
    steer_world *old = steer_world_create(&wd);
    CHECK(steer_world_restore(old, v4.data, v4.size) == STEER_OK);
    CHECK(steer_world_agent_count(old) == 300);
    CHECK(steer_world_get_agent(old, (steer_agent_id){1, 0, 0}, &st) == STEER_OK);
    CHECK(!steer_world_is_valid(old, (steer_agent_id){1, 0, v5_identity})); /* a new world's identity */
    snap_buffer again = snap_save(old);
    uint32_t version;
    memcpy(&version, again.data + SNAP_VERSION_AT, 4);
    CHECK(version == STEER_SNAPSHOT_VERSION); /* saved as the current version */
    free(again.data);
    free(v4.data);
    free(v5.data);
    free(snap.data);
    steer_world_destroy(old);
    steer_world_destroy(forged);
    steer_world_destroy(source);
    steer_world_destroy(target);
}

/* The reuse counter comes round after 2^31 - 1 reuses (from 2^31 - 1 to
 * 1), and agents added before then live on with generations above it. A
 * snapshot of such a world restores to the same handles: the counter is
 * not raised to the live generations (as a forged counter is, above), so
 * the next reuses hand out what the saved world's do, and the two step in
 * lockstep. Reached by saving a world, forging its counter to 2^31 - 3
 * (what 2^31 - 3 reuses leave) and reusing slots through the API. */
static void test_restore_after_the_counter_wraps(int dim)
{
    steer_world *w = plain_world(dim);
    steer_v3 still = steer_v3_make(0, 0, 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(1, 0, 0), still);
    steer_agent_id b = steer_world_add_agent(w, 0, steer_v3_make(2, 0, 0), still);
    snap_buffer snap = snap_save(w);
    uint32_t late = 0x7FFFFFFDu;
    memcpy(snap.data + snap_reuses_at(snap.size, 2, dim, 2), &late, 4);
    snap_reseal(snap.data, snap.size);
    CHECK(steer_world_restore(w, snap.data, snap.size) == STEER_OK);
    free(snap.data);
    CHECK(steer_world_remove_agent(w, b) == STEER_OK);
    b = steer_world_add_agent(w, 0, steer_v3_make(2, 0, 0), still);
    CHECK(b.generation == 0x7FFFFFFEu);
    for (int k = 0; k < 2; ++k) { /* a's slot: 2^31 - 1, then 1 */
        CHECK(steer_world_remove_agent(w, a) == STEER_OK);
        a = steer_world_add_agent(w, 0, steer_v3_make(1, 0, 0), steer_v3_make(0.5f, 0, 0));
    }
    CHECK(a.generation == 1 && steer_world_is_valid(w, b));
    snap = snap_save(w);
    steer_world *copy = plain_world(dim);
    CHECK(steer_world_restore(copy, snap.data, snap.size) == STEER_OK);
    CHECK(steer_world_state_hash(copy) == steer_world_state_hash(w));
    for (int k = 0; k < 3; ++k) { /* each world reuses a's slot: 2, 3, 4 in both */
        CHECK(steer_world_remove_agent(w, a) == STEER_OK && steer_world_remove_agent(copy, a) == STEER_OK);
        a = steer_world_add_agent(w, 0, steer_v3_make(1, 0, 0), steer_v3_make(0.5f, 0, 0));
        steer_agent_id a_copy = steer_world_add_agent(copy, 0, steer_v3_make(1, 0, 0), steer_v3_make(0.5f, 0, 0));
        CHECK(a.index == a_copy.index && a.generation == a_copy.generation && a.generation == (uint32_t)k + 2);
        CHECK(steer_world_step(w, 0.05f) == STEER_OK && steer_world_step(copy, 0.05f) == STEER_OK);
        CHECK(steer_world_state_hash(copy) == steer_world_state_hash(w));
    }
    /* saved again, the copy writes the same bytes as the world */
    snap_buffer again = snap_save(w), copied = snap_save(copy);
    CHECK(again.size == copied.size && memcmp(again.data, copied.data, again.size) == 0);
    free(snap.data);
    free(again.data);
    free(copied.data);
    steer_world_destroy(w);
    steer_world_destroy(copy);
}

/* The bulk remove and teleport are the single calls, entry by entry: two
 * like worlds, one given the bulk calls and one the singles, end with the
 * same hash; a gone agent (stale, or listed again after its removal) is
 * its entry's result, not misuse; a position that is not finite is refused
 * alone (misuse naming positions[i]), the others applied. */
static void test_bulk_remove_and_teleport(int dim)
{
    steer_world *bulk = make_world(dim, N), *single = make_world(dim, N);
    steer_agent_id a[N], b[N];
    steer_rng rng = steer_rng_make(17);
    for (int i = 0; i < N; ++i) {
        steer_v3 p = random_v3(&rng, 9.0f), v = random_v3(&rng, 1.0f);
        a[i] = steer_world_add_agent(bulk, i % 2, p, v);
        b[i] = steer_world_add_agent(single, i % 2, p, v);
    }
    CHECK(steer_world_step(bulk, 0.05f) == STEER_OK && steer_world_step(single, 0.05f) == STEER_OK);
    steer_agent_id gone = a[7];
    CHECK(steer_world_remove_agent(bulk, gone) == STEER_OK && steer_world_remove_agent(single, b[7]) == STEER_OK);
    /* remove every third (and 7, already gone, and 9 twice) */
    steer_agent_id out[N];
    int n = 0;
    for (int i = 0; i < N; i += 3) out[n++] = a[i];
    out[n++] = gone;
    out[n++] = a[9];
    steer_result results[N];
    int before = check_misuse_count;
    CHECK(steer_world_remove_agents(bulk, out, n, results) == n - 2);
    CHECK(check_misuse_count == before);
    CHECK(results[n - 2] == STEER_ERROR_STALE_HANDLE && results[n - 1] == STEER_ERROR_STALE_HANDLE && results[0] == STEER_OK);
    for (int i = 0; i < N; i += 3) CHECK(steer_world_remove_agent(single, b[i]) == STEER_OK);
    /* teleport every fourth survivor (one with a NaN position) */
    steer_agent_id moved_a[N], moved_b[N];
    steer_v3 pos[N], vel[N];
    int m = 0, bad = -1;
    for (int i = 1; i < N; i += 4) {
        if (i % 3 == 0 || i == 7) continue;
        moved_a[m] = a[i], moved_b[m] = b[i];
        pos[m] = random_v3(&rng, 9.0f), vel[m] = random_v3(&rng, 1.0f);
        if (bad < 0 && m == 5) pos[m].x = NAN, bad = m;
        ++m;
    }
    steer_set_misuse_handler(misuse_record, 0);
    int reports = misuse_last.count;
    CHECK(steer_world_teleport_agents(bulk, moved_a, pos, vel, m, results) == m - 1);
    CHECK(results[bad] == STEER_ERROR_INVALID_ARGUMENT && results[0] == STEER_OK);
    char text[32];
    snprintf(text, sizeof text, "positions[%d] = (nan", bad);
    CHECK_REPORT(reports, STEER_MISUSE_AGENT_POSITION, "steer_world_teleport_agents", text);
    steer_set_misuse_handler(check_count_misuse, 0);
    for (int k = 0; k < m; ++k)
        if (k != bad) CHECK(steer_world_teleport_agent(single, moved_b[k], pos[k], vel[k]) == STEER_OK);
    CHECK(steer_world_agent_count(bulk) == steer_world_agent_count(single));
    CHECK(steer_world_state_hash(bulk) == steer_world_state_hash(single));
    for (int s = 0; s < 5; ++s) CHECK(steer_world_step(bulk, 0.05f) == STEER_OK && steer_world_step(single, 0.05f) == STEER_OK);
    CHECK(steer_world_state_hash(bulk) == steer_world_state_hash(single));
    /* no velocities: each keeps its own (units set on the terrain after a step) */
    for (int k = 0; k < m; ++k) pos[k] = random_v3(&rng, 9.0f);
    pos[bad] = pos[0];
    CHECK(steer_world_teleport_agents(bulk, moved_a, pos, NULL, m, results) == m);
    for (int k = 0; k < m; ++k) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(single, moved_b[k], &st) == STEER_OK);
        CHECK(steer_v3_len(st.velocity) > 0.0f);
        CHECK(steer_world_teleport_agent(single, moved_b[k], pos[k], st.velocity) == STEER_OK);
    }
    CHECK(steer_world_state_hash(bulk) == steer_world_state_hash(single));
    steer_world_destroy(bulk);
    steer_world_destroy(single);
}

/* A bulk add is count single adds in order (handles, reused slots, bits),
 * or nothing at all when any entry or the room is refused. */
static void test_bulk_add(int dim)
{
    enum { FIRST = 40, MORE = 60 };
    steer_world *bulk = make_world(dim, FIRST + MORE), *single = make_world(dim, FIRST + MORE);
    steer_rng rng = steer_rng_make(23);
    steer_agent_id a[FIRST + MORE], b[FIRST + MORE];
    for (int i = 0; i < FIRST; ++i) {
        steer_v3 p = random_v3(&rng, 9.0f), v = random_v3(&rng, 1.0f);
        a[i] = steer_world_add_agent(bulk, 1, p, v);
        b[i] = steer_world_add_agent(single, 1, p, v);
    }
    for (int i = 0; i < FIRST; i += 5) /* freed slots, which the adds reuse with new generations */
        CHECK(steer_world_remove_agent(bulk, a[i]) == STEER_OK && steer_world_remove_agent(single, b[i]) == STEER_OK);
    CHECK(steer_world_step(bulk, 0.05f) == STEER_OK && steer_world_step(single, 0.05f) == STEER_OK);
    int room = FIRST + MORE - steer_world_agent_count(bulk);
    steer_v3 pos[FIRST + MORE], vel[FIRST + MORE];
    for (int i = 0; i < room; ++i) pos[i] = random_v3(&rng, 12.0f), vel[i] = random_v3(&rng, 1.0f); /* some outside the box */
    uint64_t hash = steer_world_state_hash(bulk);
    int count = steer_world_agent_count(bulk), misuses = check_misuse_count;

    /* refused whole: one more than the room (not misuse), a bad entry, a bad group */
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, room + 1, a) == STEER_ERROR_CAPACITY);
    CHECK(check_misuse_count == misuses);
    steer_set_misuse_handler(misuse_record, 0);
    int reports = misuse_last.count;
    steer_v3 keep = pos[5];
    pos[5].y = NAN;
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, room, a) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_AGENT_POSITION, "steer_world_add_agents", "positions[5] = (");
    pos[5] = keep;
    reports = misuse_last.count;
    vel[room - 1].x = INFINITY;
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, room, a) == STEER_ERROR_INVALID_ARGUMENT);
    char text[40];
    snprintf(text, sizeof text, "velocities[%d] = (inf", room - 1);
    CHECK_REPORT(reports, STEER_MISUSE_AGENT_VELOCITY, "steer_world_add_agents", text);
    vel[room - 1].x = 0.5f;
    reports = misuse_last.count;
    CHECK(steer_world_add_agents(bulk, 2, pos, vel, room, a) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_AGENT_GROUP, "steer_world_add_agents", "group = 2");
    reports = misuse_last.count;
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, -1, a) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_add_agents", "count = -1");
    reports = misuse_last.count;
    CHECK(steer_world_add_agents(bulk, 0, NULL, vel, 3, a) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(reports, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_agents", "positions = NULL");
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(steer_world_agent_count(bulk) == count && steer_world_state_hash(bulk) == hash);
    CHECK(steer_world_add_agents(bulk, 0, NULL, NULL, 0, NULL) == STEER_OK && steer_world_agent_count(bulk) == count);

    /* accepted: the first half with velocities, the rest at rest and without handles */
    int half = room / 2;
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, half, a) == STEER_OK);
    CHECK(steer_world_add_agents(bulk, 1, pos + half, NULL, room - half, NULL) == STEER_OK);
    for (int i = 0; i < room; ++i) {
        steer_agent_id id = steer_world_add_agent(single, i < half ? 0 : 1, pos[i], i < half ? vel[i] : steer_v3_zero());
        if (i < half) CHECK(id.index == a[i].index && id.generation == a[i].generation); /* worlds differ */
    }
    CHECK(steer_world_agent_count(bulk) == FIRST + MORE);
    CHECK(steer_world_state_hash(bulk) == steer_world_state_hash(single));
    for (int s = 0; s < 5; ++s) CHECK(steer_world_step(bulk, 0.05f) == STEER_OK && steer_world_step(single, 0.05f) == STEER_OK);
    CHECK(steer_world_state_hash(bulk) == steer_world_state_hash(single));
    CHECK(steer_world_add_agents(bulk, 0, pos, vel, 1, a) == STEER_ERROR_CAPACITY); /* full */
    steer_world_destroy(bulk);
    steer_world_destroy(single);
}

/* An engine's threads reading one world at once between steps (the
 * renderer its view and headings, the AI the units by handle and the
 * queries, the audio the arrivals, the netcode a hash or a save): every
 * read-only call but memory_bytes may run beside the others, whichever
 * comes first rebuilding the handle table or the query index; each thread
 * reads what a serial read after them reads. The ThreadSanitizer build
 * runs this (label threads). */
#define READ_KINDS 10
#define READ_AGENTS 600
typedef struct read_set {
    steer_goal goals[READ_AGENTS]; /* first: compared by field (its padding is not part of the read) */
    steer_agent_state agents[READ_AGENTS];
    steer_v3 headings[READ_AGENTS];
    float radii[READ_AGENTS];
    float view_x[READ_AGENTS];
    steer_agent_id in_view[READ_AGENTS], near[READ_AGENTS], arrived[READ_AGENTS];
    int view_count, near_count, arrived_count;
    uint64_t hash;
    size_t saved;
} read_set;

typedef struct read_job {
    const steer_world *w;
    const steer_agent_id *ids;
    read_set *out;
    int first; /* the kind this thread reads first: each thread starts on another */
    pthread_barrier_t *start;
} read_job;

static void read_kind(const steer_world *w, const steer_agent_id *ids, int kind, read_set *r)
{
    switch (kind) {
    case 0: steer_world_get_agents(w, ids, r->agents, READ_AGENTS, NULL); break;
    case 1: steer_world_get_headings(w, ids, r->headings, READ_AGENTS, NULL); break;
    case 2: steer_world_get_goals(w, ids, r->goals, READ_AGENTS, NULL); break;
    case 3: steer_world_get_radii(w, ids, r->radii, READ_AGENTS, NULL); break;
    case 4: {
        steer_world_view v = steer_world_get_view(w);
        r->view_count = v.count;
        memcpy(r->view_x, v.px, sizeof(float) * (size_t)v.count);
        break;
    }
    case 5: steer_world_get_agent_ids(w, r->in_view, READ_AGENTS); break;
    case 6: r->hash = steer_world_state_hash(w); break;
    case 7: r->arrived_count = steer_world_arrivals(w, r->arrived, READ_AGENTS); break;
    case 8: r->near_count = steer_world_query_radius(w, steer_v3_make(1, 2, 0), 6.0f, STEER_ALL_GROUPS, r->near, READ_AGENTS); break;
    default: {
        static _Thread_local unsigned char buffer[1 << 17]; /* (no CHECK here: its counts are not atomic) */
        size_t written = 0;
        bool fits = steer_world_snapshot_size(w) <= sizeof buffer;
        r->saved = fits && steer_world_save(w, buffer, sizeof buffer, &written) == STEER_OK ? written : 0;
    }
    }
}

static void *read_all(void *arg)
{
    read_job *job = arg;
    pthread_barrier_wait(job->start);
    for (int k = 0; k < READ_KINDS; ++k) read_kind(job->w, job->ids, (job->first + k) % READ_KINDS, job->out);
    return 0;
}

static void test_concurrent_reads(int dim)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = READ_AGENTS;
    wd.worker_count = 2;
    wd.keep_headings = true;
    wd.agent_radii = true;
    wd.bounds_min = steer_v3_make(-20, -20, -20);
    wd.bounds_max = steer_v3_make(20, 20, 20);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_crowd_group_def();
    g.radius = 0.3f;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_rng rng = steer_rng_make(9);
    static steer_agent_id ids[READ_AGENTS];
    static steer_v3 to[READ_AGENTS];
    for (int i = 0; i < READ_AGENTS; ++i) {
        ids[i] = steer_world_add_agent(w, 0, random_v3(&rng, 19), steer_v3_zero());
        to[i] = random_v3(&rng, 19);
        if (i % 3 == 0) CHECK(steer_world_set_radius(w, ids[i], 0.2f) == STEER_OK);
    }
    CHECK(steer_world_set_targets(w, ids, to, READ_AGENTS, STEER_GOAL_ARRIVE, NULL) == READ_AGENTS);
    enum { THREADS = 4 };
    static read_set seen[THREADS], serial;
    int disagreements = 0;
    for (int s = 0; s < 12; ++s) {
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        pthread_barrier_t start;
        CHECK(pthread_barrier_init(&start, 0, THREADS) == 0);
        read_job jobs[THREADS];
        pthread_t threads[THREADS];
        memset(seen, 0, sizeof seen);
        for (int t = 0; t < THREADS; ++t) {
            jobs[t] = (read_job){w, ids, &seen[t], t * 3, &start};
            CHECK(pthread_create(&threads[t], 0, read_all, &jobs[t]) == 0);
        }
        for (int t = 0; t < THREADS; ++t) pthread_join(threads[t], 0);
        pthread_barrier_destroy(&start);
        memset(&serial, 0, sizeof serial);
        for (int k = 0; k < READ_KINDS; ++k) read_kind(w, ids, k, &serial);
        const size_t after_goals = sizeof serial.goals;
        for (int t = 0; t < THREADS; ++t) {
            disagreements += memcmp((char *)&seen[t] + after_goals, (char *)&serial + after_goals, sizeof serial - after_goals) != 0;
            for (int i = 0; i < READ_AGENTS; ++i) {
                const steer_goal *a = &seen[t].goals[i], *b = &serial.goals[i];
                disagreements += a->kind != b->kind || memcmp(&a->target, &b->target, sizeof a->target) != 0 ||
                                 a->arrived != b->arrived || a->speed != b->speed;
            }
        }
    }
    CHECK(disagreements == 0);
    CHECK(serial.view_count == READ_AGENTS && serial.near_count > 0 && serial.saved > 0);
    steer_world_destroy(w);
}

int main(void)
{
    test_handles_across_restore(2);
    test_handles_across_restore(3);
    test_restore_after_the_counter_wraps(2);
    test_restore_after_the_counter_wraps(3);
    for (int dim = 2; dim <= 3; ++dim) {
        test_stale_after_remove(dim);
        test_forged(dim);
        test_churn_keeps_others(dim);
        test_remove_during_run(dim);
        test_handles_follow_agents(dim);
        test_concurrent_lookups(dim);
        test_concurrent_reads(dim);
        test_bulk_remove_and_teleport(dim);
        test_bulk_add(dim);
    }
    return check_summary("test_world_handles");
}
