/* Who goes where as a pure function (steer/assign.h) and the send that
 * takes its answer (steer_world_send_assigned): the function chooses what
 * steer_world_send_to_places chooses; sending that choice gives the same
 * goals and the same steps, bit for bit (2D, 3D, a ground group of a Y-up
 * world, with and without together; on the ground of Y-up and Z-up worlds
 * where many choices tie, given the ground frame); the function runs on another thread
 * while a world steps; bad input is refused and named, out of memory
 * leaves the answer untouched. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "check.h"
#include "counting_allocator.h"
#include "misuse_report.h"
#include "steer/steer.h"

enum { UNITS = 300, PLACES = 420 };

/* A world of `n` agents scattered in a box, of one group (on the ground of
 * a Y-up world when ground), and places scattered farther along x. */
static steer_world *scattered(int dim, bool ground, int n, uint64_t seed, steer_agent_id *ids, steer_v3 *places, int m)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = n + 8;
    wd.boundary = STEER_BOUNDARY_NONE;
    if (ground) wd.up = STEER_UP_Y;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.4f;
    gd.weight[STEER_SEPARATION] = 1.0f;
    gd.ground_plane = ground;
    int g = steer_world_add_group(w, &gd);
    steer_rng rng = steer_rng_make(seed);
    for (int i = 0; i < n; ++i) {
        steer_v3 p = steer_v3_make(steer_rng_range(&rng, -20, 20), steer_rng_range(&rng, -20, 20),
                                   dim == 3 ? steer_rng_range(&rng, -20, 20) : 0.0f);
        if (ground) p.y = 1.0f;
        ids[i] = steer_world_add_agent(w, g, p, steer_v3_zero());
    }
    for (int j = 0; j < m; ++j) {
        places[j] = steer_v3_make(steer_rng_range(&rng, 10, 60), steer_rng_range(&rng, -25, 25),
                                  dim == 3 ? steer_rng_range(&rng, -25, 25) : 0.0f);
        if (ground) places[j].y = steer_rng_range(&rng, 0, 3); /* heights the ground ignores */
    }
    return w;
}

static void same_goals(steer_world *a, const steer_agent_id *ids_a, steer_world *b, const steer_agent_id *ids_b, int n)
{
    int differ = 0, unread = 0;
    for (int i = 0; i < n; ++i) {
        steer_goal ga, gb;
        if (steer_world_get_goal(a, ids_a[i], &ga) != STEER_OK || steer_world_get_goal(b, ids_b[i], &gb) != STEER_OK) {
            ++unread;
            continue;
        }
        differ += ga.kind != gb.kind || memcmp(&ga.target, &gb.target, sizeof ga.target) != 0 ||
                  memcmp(&ga.speed, &gb.speed, sizeof ga.speed) != 0 ||
                  memcmp(&ga.slow_radius, &gb.slow_radius, sizeof ga.slow_radius) != 0;
    }
    CHECK(differ == 0 && unread == 0);
}

/* The function's choice is send_to_places' choice, and send_assigned with
 * it gives the world send_to_places gives, for 200 steps. */
static void choice_and_send_agree(void)
{
    static steer_agent_id ids[UNITS], mine[UNITS]; /* a handle names its own world's agent */
    static steer_v3 places[PLACES], from[UNITS], chosen[UNITS];
    static int place_of[UNITS];
    for (int c = 0; c < 6; ++c) {
        const int dim = c % 3 == 0 ? 2 : 3, n = c < 3 ? UNITS : 90, m = c % 2 ? PLACES : n;
        const bool ground = c % 3 == 2, together = c % 2 == 0;
        steer_world *by_world = scattered(dim, ground, n, 7 + (uint64_t)c, mine, places, m);
        steer_world *by_choice = scattered(dim, ground, n, 7 + (uint64_t)c, ids, places, m);
        steer_agent_state st[UNITS];
        CHECK(steer_world_get_agents(by_choice, ids, st, n, NULL) == n);
        /* on the ground: the ground frame (Y-up turned Z-up), dim 2 (steer/assign.h) */
        for (int i = 0; i < n; ++i) from[i] = ground ? steer_v3_to_z_up(st[i].position, STEER_UP_Y) : st[i].position;
        static steer_v3 levelled[PLACES];
        for (int j = 0; j < m; ++j) levelled[j] = ground ? steer_v3_to_z_up(places[j], STEER_UP_Y) : places[j];
        memset(place_of, 0xFF, sizeof place_of);
        CHECK(steer_assign_places(from, n, levelled, m, ground ? 2 : dim, NULL, place_of) == STEER_OK);
        unsigned char taken[PLACES] = {0};
        bool each_own = true;
        for (int i = 0; i < n; ++i) {
            each_own = each_own && place_of[i] >= 0 && place_of[i] < m && !taken[place_of[i]];
            if (place_of[i] >= 0 && place_of[i] < m) taken[place_of[i]] = 1;
            chosen[i] = places[place_of[i] >= 0 && place_of[i] < m ? place_of[i] : 0];
        }
        CHECK(each_own);
        CHECK(steer_world_send_to_places(by_world, mine, n, places, m, together, NULL) == n);
        steer_result results[UNITS];
        CHECK(steer_world_send_assigned(by_choice, ids, n, chosen, together, results) == n);
        for (int i = 0; i < n; ++i) CHECK(results[i] == STEER_OK);
        same_goals(by_world, mine, by_choice, ids, n);
        for (int s = 0; s < 200; ++s) {
            steer_world_step(by_world, 1.0f / 30.0f);
            steer_world_step(by_choice, 1.0f / 30.0f);
        }
        CHECK(steer_world_state_hash(by_world) == steer_world_state_hash(by_choice));
        steer_world_destroy(by_world);
        steer_world_destroy(by_choice);
    }
}

/* Ties: agents and places on a lattice of whole metres (a squad spawned in
 * rows, a formation's places), where many choices give the least sum. On
 * the ground of a 3D world (Y-up and Z-up, agents and places at several
 * heights) the function, given the points as the ground-frame recipe of
 * steer/assign.h says, still makes send_to_places' choice: the same goals,
 * bit for bit. */
static void ties_on_the_ground(void)
{
    enum { N = 330, M = 400 };
    static steer_agent_id ids[N], mine[N];
    static steer_v3 at[N], places[M], from[N], seen[M], chosen[N];
    static int place_of[N];
    for (int c = 0; c < 4; ++c) {
        const steer_up_axis up = c % 2 ? STEER_UP_Y : STEER_UP_Z;
        const int m = c < 2 ? N : M, span = 6 + 4 * c;
        steer_rng rng = steer_rng_make(40 + (uint64_t)c);
        steer_world *w[2];
        for (int k = 0; k < 2; ++k) {
            steer_world_def wd = steer_default_world_def();
            wd.dim = 3;
            wd.capacity = N;
            wd.boundary = STEER_BOUNDARY_NONE;
            wd.up = up;
            w[k] = steer_world_create(&wd);
            steer_group_def gd = steer_default_group_def();
            gd.ground_plane = true;
            CHECK(steer_world_add_group(w[k], &gd) == 0);
        }
        for (int i = 0; i < N; ++i) { /* (x, height, z) on the lattice, turned into the world's frame */
            steer_v3 g = steer_v3_make((float)(int)steer_rng_range(&rng, 0, (float)span), (float)(int)steer_rng_range(&rng, 0, (float)span),
                                       (float)(int)steer_rng_range(&rng, 0, 3));
            at[i] = steer_v3_from_z_up(g, up);
            ids[i] = steer_world_add_agent(w[0], 0, at[i], steer_v3_zero());
            mine[i] = steer_world_add_agent(w[1], 0, at[i], steer_v3_zero());
        }
        for (int j = 0; j < m; ++j)
            places[j] = steer_v3_from_z_up(steer_v3_make((float)(int)steer_rng_range(&rng, 0, (float)span + 10), (float)(int)steer_rng_range(&rng, 0, (float)span + 10),
                                                         (float)(int)steer_rng_range(&rng, 0, 3)), up);
        for (int i = 0; i < N; ++i) from[i] = steer_v3_to_z_up(at[i], up); /* the ground frame, dim 2 */
        for (int j = 0; j < m; ++j) seen[j] = steer_v3_to_z_up(places[j], up);
        CHECK(steer_assign_places(from, N, seen, m, 2, NULL, place_of) == STEER_OK);
        for (int i = 0; i < N; ++i) chosen[i] = places[place_of[i]];
        CHECK(steer_world_send_to_places(w[1], mine, N, places, m, true, NULL) == N);
        CHECK(steer_world_send_assigned(w[0], ids, N, chosen, true, NULL) == N);
        same_goals(w[1], mine, w[0], ids, N);
        steer_world_destroy(w[0]);
        steer_world_destroy(w[1]);
    }
}

/* A choice made from stale positions still sends every agent, and the
 * agents of one send trade places on the way: two swapped agents of a
 * line both stand home sooner than with their goals fixed. */
static void a_stale_choice_trades(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 16;
    wd.boundary = STEER_BOUNDARY_NONE;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.4f;
    gd.neighbour_radius = 4.0f; /* trades are between agents in each other's sight */
    int g = steer_world_add_group(w, &gd);
    steer_agent_id ids[2] = {steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero()),
                             steer_world_add_agent(w, g, steer_v3_make(0, 3, 0), steer_v3_zero())};
    /* swapped on purpose: each sent to the place in front of the other */
    steer_v3 places[2] = {steer_v3_make(10, 3, 0), steer_v3_make(10, 0, 0)};
    CHECK(steer_world_send_assigned(w, ids, 2, places, false, NULL) == 2);
    steer_goal a, b;
    CHECK(steer_world_get_goal(w, ids[0], &a) == STEER_OK && steer_world_get_goal(w, ids[1], &b) == STEER_OK);
    CHECK(a.target.y == 3.0f && b.target.y == 0.0f); /* sent as given, not chosen again */
    for (int s = 0; s < 30; ++s) steer_world_step(w, 1.0f / 30.0f);
    CHECK(steer_world_get_goal(w, ids[0], &a) == STEER_OK && steer_world_get_goal(w, ids[1], &b) == STEER_OK);
    CHECK(a.target.y == 0.0f && b.target.y == 3.0f); /* traded: each to the place ahead of it */
    steer_world_destroy(w);
}

typedef struct chooser {
    const steer_v3 *from, *places;
    int n, m;
    int *out;
    steer_result result;
    atomic_int done;
} chooser;

static void *choose(void *arg)
{
    chooser *c = arg;
    c->result = steer_assign_places(c->from, c->n, c->places, c->m, 2, NULL, c->out);
    atomic_store(&c->done, 1);
    return NULL;
}

/* The function on another thread while the caller's world steps: the same
 * answer as a call alone, and the world's steps the same bits as a
 * twin's stepped with no thread beside it. */
static void off_the_world_thread(void)
{
    enum { N = 1500 };
    static steer_v3 from[N], places[N];
    static int alone[N], beside[N];
    const double tau = 6.283185307179586;
    for (int i = 0; i < N; ++i) { /* a ring round a sunflower: the slow shape */
        double a = tau * i / N, r = 2.0 * sqrt(i + 0.5), t = 2.399963229728653 * i;
        from[i] = steer_v3_make((float)(500.0 * cos(a)), (float)(500.0 * sin(a)), 0.0f);
        places[i] = steer_v3_make((float)(r * cos(t)), (float)(r * sin(t)), 0.0f);
    }
    CHECK(steer_assign_places(from, N, places, N, 2, NULL, alone) == STEER_OK);
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = 2000;
    fd.worker_count = 2;
    steer_world *w = steer_standard_flock_create(&fd), *twin = steer_standard_flock_create(&fd);
    chooser c = {from, places, N, N, beside, STEER_ERROR_INVALID_ARGUMENT, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, choose, &c) == 0);
    int steps = 0;
    do {
        steer_world_step(w, 1.0f / 60.0f);
        ++steps;
    } while (!atomic_load(&c.done) || steps < 5);
    CHECK(pthread_join(thread, NULL) == 0);
    for (int s = 0; s < steps; ++s) steer_world_step(twin, 1.0f / 60.0f);
    CHECK(c.result == STEER_OK && memcmp(alone, beside, sizeof alone) == 0);
    CHECK(steer_world_state_hash(w) == steer_world_state_hash(twin));
    printf("off_the_world_thread: %d agents chosen beside %d steps of a flock of 2,000\n", N, steps);
    steer_world_destroy(w);
    steer_world_destroy(twin);
}

static void refusals(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    const steer_v3 two[2] = {{0, 0, 0}, {1, 0, 0}}, nan_at_1[2] = {{0, 0, 0}, {NAN, 0, 0}};
    int out[2] = {-7, -7};
    EXPECT_REPORT(steer_assign_places(two, -1, two, 2, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_COUNT_NEGATIVE, "steer_assign_places", "count = -1");
    EXPECT_REPORT(steer_assign_places(two, 2, two, 1, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_GOAL_POINTS, "steer_assign_places", "place_count = 1: must be in [count = 2, STEER_MAX_PLACES = 4096]");
    EXPECT_REPORT(steer_assign_places(two, 2, two, STEER_MAX_PLACES + 1, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_GOAL_POINTS, "steer_assign_places", "place_count = 4097");
    EXPECT_REPORT(steer_assign_places(two, 2, two, 2, 4, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_ASSIGN_DIM, "steer_assign_places", "dim = 4: must be 2 or 3");
    EXPECT_REPORT(steer_assign_places(NULL, 2, two, 2, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_NULL_ARGUMENT, "steer_assign_places", "from = NULL");
    EXPECT_REPORT(steer_assign_places(two, 2, NULL, 2, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_NULL_ARGUMENT, "steer_assign_places", "places = NULL");
    EXPECT_REPORT(steer_assign_places(two, 2, two, 2, 2, NULL, NULL), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_NULL_ARGUMENT, "steer_assign_places", "place_of = NULL");
    EXPECT_REPORT(steer_assign_places(nan_at_1, 2, two, 2, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_GOAL_POINTS, "steer_assign_places", "from[1] = (nan, 0, 0): must be finite");
    EXPECT_REPORT(steer_assign_places(two, 2, nan_at_1, 2, 2, NULL, out), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_GOAL_POINTS, "steer_assign_places", "places[1] = (nan, 0, 0): must be finite");
    CHECK(out[0] == -7 && out[1] == -7); /* refused: untouched */
    int before = misuse_last.count;
    CHECK(steer_assign_places(NULL, 0, NULL, 0, 2, NULL, NULL) == STEER_OK && misuse_last.count == before); /* nothing */
    CHECK(steer_assign_places(two, 2, two, 2, 3, NULL, out) == STEER_OK && out[0] == 0 && out[1] == 1);

    /* send_assigned refuses as send_to_places does */
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 4;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    int group = steer_world_add_group(w, &gd);
    steer_agent_id ids[2] = {steer_world_add_agent(w, group, steer_v3_make(0, 0, 0), steer_v3_zero()),
                             steer_world_add_agent(w, group, steer_v3_make(1, 0, 0), steer_v3_zero())};
    steer_agent_id twice[2] = {ids[0], ids[0]};
    steer_result results[2];
    EXPECT_REPORT(steer_world_send_assigned(w, twice, 2, two, false, results), 0, STEER_MISUSE_HANDLE_REPEATED, "steer_world_send_assigned",
                  "ids[1] = ids[0]");
    CHECK(results[0] == STEER_ERROR_INVALID_ARGUMENT && results[1] == STEER_ERROR_INVALID_ARGUMENT);
    EXPECT_REPORT(steer_world_send_assigned(w, ids, 2, nan_at_1, false, results), 0, STEER_MISUSE_GOAL_POINTS, "steer_world_send_assigned",
                  "places[1] = (nan, 0, 0): must be finite");
    EXPECT_REPORT(steer_world_send_assigned(w, ids, 2, NULL, false, results), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_send_assigned",
                  "must point to count = 2");
    EXPECT_REPORT(steer_world_send_assigned(w, ids, STEER_MAX_PLACES + 1, two, false, NULL), 0,
                  STEER_MISUSE_GOAL_POINTS, "steer_world_send_assigned", "count = 4097: at most STEER_MAX_PLACES = 4096");
    steer_goal goal;
    CHECK(steer_world_get_goal(w, ids[0], &goal) == STEER_OK && goal.kind == STEER_GOAL_NONE); /* nothing kept */
    /* a stale handle is left out, in results alone */
    steer_agent_id gone = ids[1];
    CHECK(steer_world_remove_agent(w, gone) == STEER_OK);
    before = misuse_last.count;
    CHECK(steer_world_send_assigned(w, ids, 2, two, false, results) == 1 && misuse_last.count == before);
    CHECK(results[0] == STEER_OK && results[1] == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_get_goal(w, ids[0], &goal) == STEER_OK && goal.kind == STEER_GOAL_ARRIVE && goal.target.x == 0.0f);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

/* Out of memory at each of the function's allocations: refused, the answer
 * untouched, nothing leaked. */
static void out_of_memory(void)
{
    enum { N = 200 };
    static steer_v3 from[N], places[N];
    static int out[N];
    steer_rng rng = steer_rng_make(3);
    for (int i = 0; i < N; ++i) {
        from[i] = steer_v3_make(steer_rng_range(&rng, 0, 30), steer_rng_range(&rng, 0, 30), 0.0f);
        places[i] = steer_v3_make(steer_rng_range(&rng, 20, 50), steer_rng_range(&rng, 0, 30), 0.0f);
    }
    static counter tally;
    long fail_at = 0;
    for (; fail_at <= 100; ++fail_at) {
        counter_reset(&tally, fail_at);
        steer_allocator al = allocator_of(&tally);
        memset(out, 0xFF, sizeof out);
        steer_result r = steer_assign_places(from, N, places, N, 2, &al, out);
        CHECK(atomic_load(&tally.allocs) == atomic_load(&tally.frees) && atomic_load(&tally.bad_alignment) == 0);
        if (r == STEER_OK) break;
        CHECK(r == STEER_ERROR_OUT_OF_MEMORY);
        bool untouched = true;
        for (int i = 0; i < N; ++i) untouched = untouched && out[i] == -1;
        CHECK(untouched);
    }
    CHECK(fail_at >= 2 && fail_at <= 100);
    printf("out_of_memory: refused at each of %ld allocations, nothing kept\n", fail_at);
}

int main(void)
{
    choice_and_send_agree();
    ties_on_the_ground();
    a_stale_choice_trades();
    off_the_world_thread();
    refusals();
    out_of_memory();
    return check_summary("test_assign_places");
}
