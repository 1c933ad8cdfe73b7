/* Flock batches in cells shared by several kinds of agent write each result
 * to its own agent.
 *
 * A cell's plain flockers go to the flock batch before the cell's other
 * flockers, so a batch's agent indices need not increase even when the
 * batch spans exactly 64 indices. Such a batch must not be taken for 64
 * agents in a row. The world here mixes a plain flock group, a flock group
 * with a field of view (or a neighbour mask) and a seek-only group, densely
 * enough that every cell holds all three. Seek-only agents gather no
 * neighbours and are moved by no one, so each one's next state depends on its own state
 * alone: a second world holding only those agents, started alike, must give
 * the same bits every step. A batch that writes another agent's result over
 * a seek-only agent breaks that, and the flockers' own wrong sums break the
 * hash check across thread counts and a random-split scheduler. */
#include <string.h>

#include "check.h"
#include "steer/steer.h"
#include "random_scheduler.h"
#include "world_scenario.h" /* WORLD_TEST_SIZE */

/* The sanitizer builds check the same paths on a smaller world for fewer
 * steps; the wrong writes showed from step 109 on at full size. */
#define AGENTS_PER_GROUP WORLD_TEST_SIZE(1000, 300)
#define STEPS WORLD_TEST_SIZE(200, 60)
#define SIDE 40.0f

typedef enum variant { FIELD_OF_VIEW, NEIGHBOUR_MASK } variant;

static random_scheduler scheduler;

/* workers < 0: the random scheduler, told of -workers workers. */
static steer_world *make_world(int workers, int capacity)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = capacity;
    wd.bounds_min = steer_v3_make(0.0f, 0.0f, 0.0f);
    wd.bounds_max = steer_v3_make(SIDE, SIDE, 0.0f);
    wd.boundary = STEER_BOUNDARY_WRAP;
    wd.worker_count = workers > 0 ? workers : -workers;
    if (workers < 0) {
        random_scheduler_init(&scheduler, 0x5C4Eu, -workers);
        wd.enqueue_task = random_scheduler_enqueue;
        wd.finish_task = random_scheduler_finish;
        wd.user_task_context = &scheduler;
    }
    return steer_world_create(&wd);
}

static int add_seek_group(steer_world *w)
{
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = steer_v3_make(SIDE * 0.5f, SIDE * 0.5f, 0.0f);
    return steer_world_add_group(w, &g);
}

/* The three groups, their agents interleaved by index so that cells mix
 * them; the seek-only agents' handles go to seekers[]. */
static void populate(steer_world *w, variant v, steer_agent_id *seekers)
{
    steer_group_def plain = steer_default_group_def(); /* sees every group: the cell kernel's plain flock */
    steer_group_def other = plain;
    if (v == FIELD_OF_VIEW) other.field_of_view = 3.0f;
    else other.neighbour_mask = 0x3u; /* the flockers only */
    int g_plain = steer_world_add_group(w, &plain);
    int g_other = steer_world_add_group(w, &other);
    int g_seek = add_seek_group(w);
    CHECK(g_plain == 0 && g_other == 1 && g_seek == 2);
    steer_rng rng = steer_rng_make(0xBA7C4u);
    for (int k = 0; k < 3 * AGENTS_PER_GROUP; ++k) {
        float x = steer_rng_range(&rng, 0.0f, SIDE);
        float y = steer_rng_range(&rng, 0.0f, SIDE);
        float a = steer_rng_range(&rng, 0.0f, 6.2831853f);
        steer_v3 p = steer_v3_make(x, y, 0.0f), vel = steer_v3_make(steer_cos(a), steer_sin(a), 0.0f);
        steer_agent_id id = steer_world_add_agent(w, k % 3, p, vel);
        if (k % 3 == 2) seekers[k / 3] = id;
    }
}

/* Steps the mixed world and a world of its seekers alone side by side;
 * returns the mixed world's final hash, or 0 after the first mismatch. */
static uint64_t run(variant v, int workers, int *wrong_steps)
{
    static steer_agent_id seekers[1000], alone[1000];
    steer_world *mixed = make_world(workers, 3 * AGENTS_PER_GROUP);
    steer_world *solo = make_world(1, AGENTS_PER_GROUP);
    populate(mixed, v, seekers);
    CHECK(add_seek_group(solo) == 0);
    for (int k = 0; k < AGENTS_PER_GROUP; ++k) {
        steer_agent_state s;
        CHECK(steer_world_get_agent(mixed, seekers[k], &s) == STEER_OK);
        alone[k] = steer_world_add_agent(solo, 0, s.position, s.velocity);
    }
    *wrong_steps = 0;
    for (int step = 0; step < STEPS; ++step) {
        CHECK(steer_world_step(mixed, 1.0f / 60.0f) == STEER_OK);
        CHECK(steer_world_step(solo, 1.0f / 60.0f) == STEER_OK);
        int wrong = 0;
        for (int k = 0; k < AGENTS_PER_GROUP; ++k) {
            steer_agent_state a, b;
            steer_world_get_agent(mixed, seekers[k], &a);
            steer_world_get_agent(solo, alone[k], &b);
            wrong += memcmp(&a.position, &b.position, sizeof a.position) != 0 ||
                     memcmp(&a.velocity, &b.velocity, sizeof a.velocity) != 0;
        }
        if (wrong && (*wrong_steps)++ == 0)
            fprintf(stderr, "variant %d, %d workers: %d seek-only agents wrong after step %d\n", (int)v, workers,
                    wrong, step + 1);
    }
    uint64_t hash = steer_world_state_hash(mixed);
    steer_world_destroy(mixed);
    steer_world_destroy(solo);
    return hash;
}

int main(void)
{
    for (int v = FIELD_OF_VIEW; v <= NEIGHBOUR_MASK; ++v) {
        uint64_t first = 0;
        static const int configs[] = {1, 2, 3, -3}; /* built-in pools, then the random scheduler */
        for (int c = 0; c < 4; ++c) {
            int workers = configs[c];
            int wrong_steps;
            uint64_t hash = run((variant)v, workers, &wrong_steps);
            CHECK(wrong_steps == 0);
            if (c == 0) first = hash;
            CHECK(hash == first);
        }
    }
    return check_summary("test_world_mixed_batches");
}
