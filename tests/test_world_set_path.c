/* steer_world_set_path: a path replaced in place (world.h):
 *   - a world whose path was added as Q and then set to P steps with the
 *     same bits as one that added P (2D, 3D Z-up, 3D Y-up with a ground
 *     plane group), for a FOLLOW_PATH group and PATH goals;
 *   - a PATH goal that arrived at the old end has not arrived after the
 *     next step, and arrives at the new end;
 *   - refusals (an index not added, bad points) report the field and leave
 *     the old path: the world steps as if the call was never made;
 *   - a thousand re-routes of one path never run out (max_paths) and leave
 *     the world's memory as it was. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "steer/steer.h"

enum { AGENTS = 24, STEPS = 240 };

typedef struct {
    int dim;
    steer_up_axis up;
} setup;

/* Ground point (a, b) at height h in this world's axes. */
static steer_v3 at(setup s, float a, float b, float h)
{
    if (s.dim == 3 && s.up == STEER_UP_Y) return steer_v3_make(a, h, -b);
    return steer_v3_make(a, b, s.dim == 3 ? h : 0.0f);
}

/* A world with one path (`first`), a group following it and AGENTS agents,
 * half of them with a PATH goal on it; their handles in ids. */
static steer_agent_id ids[AGENTS];

static steer_world *make_world(setup s, const steer_v3 *first, int count)
{
    steer_world_def def = steer_default_world_def();
    def.dim = s.dim;
    def.up = s.up;
    def.capacity = AGENTS;
    def.max_paths = 1;
    steer_world *w = steer_world_create(&def);
    if (!w) return NULL;
    CHECK(steer_world_add_path(w, first, count, false, 1.0f) == 0);
    steer_group_def g = steer_default_group_def();
    g.max_speed = 2.0f;
    g.max_force = 4.0f;
    g.radius = 0.3f;
    g.ground_plane = s.dim == 3;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.weight[STEER_SEPARATION] = 0.5f;
    g.path = 0;
    int group = steer_world_add_group(w, &g);
    CHECK(group == 0);
    for (int i = 0; i < AGENTS; ++i) {
        steer_v3 place = at(s, -5.0f + (float)(i % 6), -3.0f + (float)(i / 6), 0.0f);
        steer_agent_id id = ids[i] = steer_world_add_agent(w, group, place, steer_v3_zero());
        if (i % 2) continue;
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        goal.kind = STEER_GOAL_PATH;
        goal.path = 0;
        CHECK(steer_world_set_goal(w, id, &goal) == STEER_OK);
    }
    return w;
}

static uint64_t run(steer_world *w, int steps)
{
    for (int i = 0; i < steps; ++i) steer_world_step(w, 1.0f / 20.0f);
    return steer_world_state_hash(w);
}

static void test_same_bits_as_added(setup s)
{
    const steer_v3 east[3] = {at(s, 0, 0, 0), at(s, 10, 0, 0), at(s, 20, 0, 0)};
    const steer_v3 north[4] = {at(s, 0, 0, 0), at(s, 0, 8, 0), at(s, 0, 16, 0), at(s, 2, 24, 0)};
    steer_world *added = make_world(s, north, 4), *replaced = make_world(s, east, 3);
    CHECK(added && replaced);
    if (!added || !replaced) return;
    CHECK(steer_world_set_path(replaced, 0, north, 4, false, 1.0f) == STEER_OK);
    CHECK(steer_world_path_count(replaced) == 1);
    CHECK(run(added, STEPS) == run(replaced, STEPS));
    steer_world_destroy(added);
    steer_world_destroy(replaced);

}

/* One agent on a PATH goal: arrived at the old route's end; re-routed, it
 * has not arrived after the next step, and arrives at the new end. */
static void test_arrival_at_the_new_end(setup s)
{
    const steer_v3 east[3] = {at(s, 0, 0, 0), at(s, 10, 0, 0), at(s, 20, 0, 0)};
    const steer_v3 north[4] = {at(s, 0, 0, 0), at(s, 0, 8, 0), at(s, 0, 16, 0), at(s, 2, 24, 0)};
    steer_world *w = make_world(s, east, 3);
    CHECK(w != NULL);
    if (!w) return;
    for (int i = 1; i < AGENTS; ++i) steer_world_remove_agent(w, ids[i]);
    steer_goal goal;
    memset(&goal, 0, sizeof goal);
    goal.kind = STEER_GOAL_PATH;
    goal.path = 0;
    CHECK(steer_world_set_goal(w, ids[0], &goal) == STEER_OK);
    const steer_v3 ends[2] = {east[2], north[3]};
    for (int route = 0; route < 2; ++route) {
        if (route == 1) {
            CHECK(steer_world_set_path(w, 0, north, 4, false, 1.0f) == STEER_OK);
            run(w, 1);
            CHECK(!steer_world_has_arrived(w, ids[0]));
        }
        int steps = 0;
        while (!steer_world_has_arrived(w, ids[0]) && steps < 20 * STEPS) steps += 1, run(w, 1);
        steer_agent_state st;
        steer_world_get_agent(w, ids[0], &st);
        CHECK(steer_world_has_arrived(w, ids[0]));
        CHECK(steer_v3_len(steer_v3_sub(st.position, ends[route])) < 0.1f);
    }
    steer_world_destroy(w);
}

static void test_refusals_keep_the_path(setup s)
{
    const steer_v3 east[3] = {at(s, 0, 0, 0), at(s, 10, 0, 0), at(s, 20, 0, 0)};
    steer_world *plain = make_world(s, east, 3), *w = make_world(s, east, 3);
    CHECK(plain && w);
    if (!plain || !w) return;
    steer_set_misuse_handler(misuse_record, 0);
    const steer_v3 bad[2] = {at(s, 1, 1, 0), {NAN, 0, 0}};
    const struct {
        steer_world *world;
        int index;
        const steer_v3 *points;
        int count;
        float radius;
        steer_misuse_id id;
        const char *text;
    } cases[] = {
        {w, 1, east, 3, 1.0f, STEER_MISUSE_PATH_INDEX, "index = 1"},
        {w, -1, east, 3, 1.0f, STEER_MISUSE_PATH_INDEX, "index = -1"},
        {w, 0, bad, 2, 1.0f, STEER_MISUSE_PATH_POINT, "points[1]"},
        {w, 0, east, 0, 1.0f, STEER_MISUSE_PATH_COUNT, "count = 0"},
        {w, 0, east, 3, -1.0f, STEER_MISUSE_PATH_RADIUS, "radius = -1"},
        {w, 0, NULL, 3, 1.0f, STEER_MISUSE_NULL_ARGUMENT, "points = NULL"},
        {NULL, 0, east, 3, 1.0f, STEER_MISUSE_NULL_WORLD, "world = NULL"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        int before = misuse_last.count;
        CHECK(steer_world_set_path(cases[i].world, cases[i].index, cases[i].points, cases[i].count, false,
                                   cases[i].radius) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK_REPORT(before, cases[i].id, "steer_world_set_path", cases[i].text);
    }
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(run(plain, STEPS) == run(w, STEPS));
    CHECK(steer_world_path_count(NULL) == 0);
    steer_world_destroy(plain);
    steer_world_destroy(w);
}

/* A squad re-routed for every order of a match: one path slot, no growth. */
static void test_many_reroutes(setup s)
{
    const steer_v3 east[3] = {at(s, 0, 0, 0), at(s, 10, 0, 0), at(s, 20, 0, 0)};
    steer_world *w = make_world(s, east, 3);
    CHECK(w != NULL);
    if (!w) return;
    run(w, 1); /* a first step's scratch is counted from then on */
    size_t bytes = steer_world_memory_bytes(w);
    steer_v3 route[40];
    int fails = 0;
    for (int order = 0; order < 1000; ++order) {
        int n = 1 + order % 40;
        for (int i = 0; i < n; ++i)
            route[i] = at(s, (float)(order % 7) + (float)i, (float)(order % 5) - (float)i, 0.0f);
        fails += steer_world_set_path(w, 0, route, n, order % 3 == 0, 0.5f) != STEER_OK;
        if (order % 100 == 0) steer_world_step(w, 1.0f / 20.0f);
    }
    CHECK(fails == 0);
    CHECK(steer_world_path_count(w) == 1);
    CHECK(steer_world_set_path(w, 0, east, 3, false, 1.0f) == STEER_OK);
    CHECK(steer_world_memory_bytes(w) == bytes);
    steer_world_destroy(w);
}

int main(void)
{
    const setup setups[] = {{2, STEER_UP_Z}, {3, STEER_UP_Z}, {3, STEER_UP_Y}};
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; ++i) {
        test_same_bits_as_added(setups[i]);
        test_arrival_at_the_new_end(setups[i]);
        test_refusals_keep_the_path(setups[i]);
        test_many_reroutes(setups[i]);
    }
    return check_summary("test_world_set_path");
}
