/* The API contracts of per-agent goals, formations and place assignment,
 * written from the documentation alone (include/steer/world.h's comments,
 * docs/model.md §6.1a, docs/scenarios.md "Goals" and "Formations"), through
 * the public API only, never from src/:
 *
 *   goals       set/get one at a time and in bulk (what is stored and read
 *               back, refusals leave the goal as it was, a bulk call with
 *               one bad entry), clearing, arrival (SEEK at any speed, the
 *               others slower than arrival_speed), the arrivals list (once
 *               each, slot order, capacity, an agent removed after
 *               arriving), departure_distance, WAYPOINTS progress (once a
 *               step, never past the last), PATH progress read, snapshots,
 *               removal and slot reuse, the ground plane (Y-up)
 *   formations  members' goals on slots in the leader's frame (2D, 3D Z-up,
 *               3D Y-up), the lead term, a standing leader's last heading,
 *               ranks closing up in member order whatever the order of the
 *               removals, a removed leader, remove_formation
 *   places      send_to_places: the least summed squared distance (brute
 *               force over every injective assignment, n <= 6), spare places,
 *               refusals, duplicate handles, a stale handle left out, a
 *               Y-up ground-plane call measured without the up part,
 *               `together` speeds, trading on the way
 *
 * Where the world and its documentation disagree the check fails; each
 * check names the sentence it holds the world to. Failing when written
 * (fixed since, docs/robustness.md R16): send_to_places with a handle twice
 * was not refused (it returned 3 for 2 agents and sent the second one to a
 * worse place); `together` with every agent already on its place left speed
 * 0 (read: max_speed), not max_speed / 1000; the formation cap counted
 * removed formations (the 1025th add of a world's life was refused with
 * none live); a member that had an ARRIVE goal of its own before it joined
 * kept that goal's slow radius and speed, so it did not sit on its slot in
 * steady motion. And model.md said a WAYPOINTS goal moves on "once a step";
 * it is once a move (a sub-step when max_dt splits the step). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define DT (1.0f / 60.0f)

static int misuse_total(void) { return check_misuse_count; }

static steer_world *make_world(int dim, steer_up_axis up, int capacity)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = capacity;
    wd.boundary = STEER_BOUNDARY_NONE;
    wd.bounds_min = steer_v3_make(-60, -60, -60);
    wd.bounds_max = steer_v3_make(60, 60, 60);
    return steer_world_create(&wd);
}

/* A group with every behaviour off: an agent's own goal alone moves it (with
 * weight 1, "or 1 where the group gives that behaviour none"). */
static steer_group_def quiet_group(void)
{
    steer_group_def gd = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gd.weight[b] = 0.0f;
    return gd;
}

/* Along world path `path`, from its first segment. */
static steer_goal path_goal(int path)
{
    steer_goal g;
    memset(&g, 0, sizeof g);
    g.kind = STEER_GOAL_PATH;
    g.path = path;
    return g;
}

static steer_goal arrive_goal(steer_v3 target)
{
    steer_goal g;
    memset(&g, 0, sizeof g);
    g.kind = STEER_GOAL_ARRIVE;
    g.target = target;
    return g;
}

static bool v3_eq(steer_v3 a, steer_v3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
static double v3_dist(steer_v3 a, steer_v3 b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y, dz = (double)a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}
static steer_v3 position_of(const steer_world *w, steer_agent_id id)
{
    steer_agent_state s;
    memset(&s, 0, sizeof s);
    steer_world_get_agent(w, id, &s);
    return s.position;
}
static steer_v3 velocity_of(const steer_world *w, steer_agent_id id)
{
    steer_agent_state s;
    memset(&s, 0, sizeof s);
    steer_world_get_agent(w, id, &s);
    return s.velocity;
}
static steer_goal goal_of(const steer_world *w, steer_agent_id id)
{
    steer_goal g;
    memset(&g, 0xab, sizeof g);
    if (steer_world_get_goal(w, id, &g) != STEER_OK) memset(&g, 0, sizeof g);
    return g;
}
static bool same_goal(steer_goal a, steer_goal b)
{
    return a.kind == b.kind && v3_eq(a.target, b.target) && a.slow_radius == b.slow_radius && a.speed == b.speed &&
           a.path == b.path && a.point_count == b.point_count && a.progress == b.progress && a.arrived == b.arrived;
}
static bool listed(const steer_agent_id *list, int n, steer_agent_id id)
{
    for (int i = 0; i < n; ++i)
        if (list[i].index == id.index && list[i].generation == id.generation) return true;
    return false;
}

/* ---- 1. goals, one at a time ------------------------------------------------ */
static void set_and_get_one(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    gd.max_speed = 2.0f;
    int g = steer_world_add_group(w, &gd);
    steer_v3 path_points[3] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}};
    int path = steer_world_add_path(w, path_points, 3, false, 1.0f);
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, g, steer_v3_make(5, 5, 0), steer_v3_zero());

    /* "out->kind is NONE for an agent without a goal" */
    CHECK(goal_of(w, a).kind == STEER_GOAL_NONE);
    CHECK(steer_world_goal_count(w) == 0);
    CHECK(!steer_world_has_arrived(w, a));

    /* ARRIVE: what is set is read back */
    steer_goal ga = arrive_goal(steer_v3_make(3, 4, 0));
    ga.slow_radius = 1.5f;
    ga.speed = 1.25f;
    CHECK(steer_world_set_goal(w, a, &ga) == STEER_OK);
    steer_goal got = goal_of(w, a);
    CHECK(got.kind == STEER_GOAL_ARRIVE && v3_eq(got.target, ga.target) && got.slow_radius == 1.5f &&
          got.speed == 1.25f && !got.arrived);
    CHECK(got.points == NULL); /* "NULL from get" */
    CHECK(steer_world_goal_count(w) == 1);
    /* 2D: "a 2D world ignores z on input and reports z = 0" (the goal's target too) */
    steer_goal gz = arrive_goal(steer_v3_make(3, 4, 7));
    CHECK(steer_world_set_goal(w, b, &gz) == STEER_OK);
    CHECK(goal_of(w, b).target.z == 0.0f);

    /* speed above max_speed: "never above it". Read back as given or as the
     * max_speed; either way the agent never goes faster than max_speed */
    steer_goal fast = arrive_goal(steer_v3_make(40, 0, 0));
    fast.speed = 100.0f;
    CHECK(steer_world_set_goal(w, a, &fast) == STEER_OK);
    float rs = goal_of(w, a).speed;
    CHECK(rs == 100.0f || rs == 2.0f);

    /* preferred speed: an agent with speed 1 cruises at 1, speed 0 at max_speed */
    steer_goal slow = arrive_goal(steer_v3_make(40, 0, 0));
    slow.speed = 1.0f;
    steer_world_teleport_agent(w, a, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_world_teleport_agent(w, b, steer_v3_make(0, 20, 0), steer_v3_zero());
    steer_goal dflt = arrive_goal(steer_v3_make(40, 20, 0));
    CHECK(steer_world_set_goal(w, a, &slow) == STEER_OK);
    CHECK(steer_world_set_goal(w, b, &dflt) == STEER_OK);
    CHECK(goal_of(w, b).speed == 0.0f || goal_of(w, b).speed == 2.0f);
    for (int s = 0; s < 120; ++s) steer_world_step(w, DT);
    CHECK_NEAR(velocity_of(w, a).x, 1.0, 0.02);
    CHECK_NEAR(velocity_of(w, b).x, 2.0, 0.02);

    /* refusals leave the goal as it was */
    steer_goal before = goal_of(w, a);
    int m0 = misuse_total();
    steer_goal bad = arrive_goal(steer_v3_make(NAN, 0, 0));
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad = arrive_goal(steer_v3_make(1, 1, 0));
    bad.speed = -1.0f;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.speed = 0.0f;
    bad.slow_radius = INFINITY;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.slow_radius = 0.0f;
    bad.kind = (steer_goal_kind)42;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.kind = STEER_GOAL_PATH;
    bad.path = 7; /* not added */
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    steer_v3 pts[3] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    bad.kind = STEER_GOAL_WAYPOINTS;
    bad.points = pts;
    bad.point_count = 0;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.point_count = 3;
    bad.progress = 3; /* GOAL_PROGRESS: outside [0, point_count) */
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.progress = -1;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    bad.progress = 0;
    bad.points = NULL;
    CHECK(steer_world_set_goal(w, a, &bad) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(misuse_total() == m0 + 9); /* "reported as misuse naming the field" */
    CHECK(same_goal(goal_of(w, a), before));
    CHECK(steer_world_get_goal_points(w, a, NULL, 0) == 0);

    /* WAYPOINTS: stored, the points copied in, read back through get_goal_points */
    steer_goal gw;
    memset(&gw, 0, sizeof gw);
    gw.kind = STEER_GOAL_WAYPOINTS;
    gw.points = pts;
    gw.point_count = 3;
    gw.progress = 1;
    CHECK(steer_world_set_goal(w, a, &gw) == STEER_OK);
    pts[1].x = 99.0f; /* copied in by set */
    got = goal_of(w, a);
    CHECK(got.kind == STEER_GOAL_WAYPOINTS && got.point_count == 3 && got.progress == 1 && got.points == NULL);
    steer_v3 out[3];
    memset(out, 0, sizeof out);
    CHECK(steer_world_get_goal_points(w, a, out, 2) == 3); /* "returns how many it has" */
    CHECK(out[0].x == 1.0f && out[1].x == 2.0f && out[2].x == 0.0f); /* "up to capacity" */
    CHECK(steer_world_get_goal_points(w, b, out, 3) == 0);          /* "0 for other goals" */

    /* PATH */
    steer_goal gp = path_goal(path);
    CHECK(steer_world_set_goal(w, b, &gp) == STEER_OK);
    CHECK(goal_of(w, b).kind == STEER_GOAL_PATH && goal_of(w, b).path == path);

    /* clearing: kind NONE, or goal NULL */
    CHECK(steer_world_goal_count(w) == 2);
    steer_goal none;
    memset(&none, 0, sizeof none);
    CHECK(steer_world_set_goal(w, a, &none) == STEER_OK);
    CHECK(goal_of(w, a).kind == STEER_GOAL_NONE && steer_world_goal_count(w) == 1);
    CHECK(steer_world_set_goal(w, b, NULL) == STEER_OK);
    CHECK(goal_of(w, b).kind == STEER_GOAL_NONE && steer_world_goal_count(w) == 0);
    CHECK(steer_world_get_goal_points(w, a, out, 3) == 0);

    /* a stale handle: refused, and nothing changes */
    CHECK(steer_world_set_goal(w, b, &ga) == STEER_OK);
    steer_world_remove_agent(w, a);
    CHECK(steer_world_set_goal(w, a, &ga) == STEER_ERROR_STALE_HANDLE);
    steer_goal sink;
    CHECK(steer_world_get_goal(w, a, &sink) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_get_goal_points(w, a, out, 3) < 0);
    CHECK(!steer_world_has_arrived(w, a));
    CHECK(steer_world_goal_count(w) == 1);
    /* slot reuse: the new agent in a's slot has no goal */
    steer_agent_id c = steer_world_add_agent(w, g, steer_v3_make(1, 1, 0), steer_v3_zero());
    CHECK(c.index == a.index && c.generation != a.generation);
    CHECK(goal_of(w, c).kind == STEER_GOAL_NONE);
    CHECK(steer_world_goal_count(w) == 1);
    CHECK(steer_world_set_goal(w, a, &ga) == STEER_ERROR_STALE_HANDLE);
    CHECK(goal_of(w, c).kind == STEER_GOAL_NONE);
    /* a removed agent with a goal no longer counts */
    steer_world_remove_agent(w, b);
    CHECK(steer_world_goal_count(w) == 0);
    steer_agent_id d = steer_world_add_agent(w, g, steer_v3_make(2, 2, 0), steer_v3_zero());
    CHECK(d.index == b.index && goal_of(w, d).kind == STEER_GOAL_NONE && !steer_world_has_arrived(w, d));
    steer_world_step(w, DT);
    CHECK(goal_of(w, d).kind == STEER_GOAL_NONE);
    steer_world_destroy(w);
}

/* ---- 1. goals, in bulk --------------------------------------------------------- */
#define BULK 6
static void bulk(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 16);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    steer_agent_id ids[BULK];
    steer_goal goals[BULK];
    steer_result results[BULK];
    for (int i = 0; i < BULK; ++i) {
        ids[i] = steer_world_add_agent(w, g, steer_v3_make((float)i, 0, 0), steer_v3_zero());
        goals[i] = arrive_goal(steer_v3_make((float)i, 10.0f + (float)i, 0));
        goals[i].speed = 0.5f + 0.1f * (float)i;
    }
    /* every entry good: all set, in order */
    CHECK(steer_world_set_goals(w, ids, goals, BULK, results) == BULK);
    for (int i = 0; i < BULK; ++i) {
        CHECK(results[i] == STEER_OK);
        steer_goal got = goal_of(w, ids[i]);
        CHECK(got.kind == STEER_GOAL_ARRIVE && v3_eq(got.target, goals[i].target) && got.speed == goals[i].speed);
    }
    steer_goal read[BULK];
    CHECK(steer_world_get_goals(w, ids, read, BULK, results) == BULK);
    for (int i = 0; i < BULK; ++i) CHECK(results[i] == STEER_OK && v3_eq(read[i].target, goals[i].target));

    /* one stale entry (the last): refused in results, the others set ("how many were set") */
    steer_goal second[BULK];
    for (int i = 0; i < BULK; ++i) second[i] = arrive_goal(steer_v3_make(-(float)i, -5, 0));
    steer_world_remove_agent(w, ids[BULK - 1]);
    CHECK(steer_world_set_goals(w, ids, second, BULK, results) == BULK - 1);
    for (int i = 0; i < BULK - 1; ++i) {
        CHECK(results[i] == STEER_OK);
        CHECK(v3_eq(goal_of(w, ids[i]).target, second[i].target));
    }
    CHECK(results[BULK - 1] == STEER_ERROR_STALE_HANDLE);
    /* reading back: the stale one refused in results, "how many were read" */
    CHECK(steer_world_get_goals(w, ids, read, BULK, results) == BULK - 1);
    CHECK(results[BULK - 1] == STEER_ERROR_STALE_HANDLE && results[0] == STEER_OK);

    /* one entry with a value out of range (the middle): that one refused, the rest set */
    steer_goal third[BULK - 1];
    for (int i = 0; i < BULK - 1; ++i) third[i] = arrive_goal(steer_v3_make(7, (float)i, 0));
    third[2].slow_radius = -1.0f;
    steer_v3 kept = goal_of(w, ids[2]).target;
    int set = steer_world_set_goals(w, ids, third, BULK - 1, results);
    CHECK(set == BULK - 2);
    CHECK(results[2] == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(v3_eq(goal_of(w, ids[2]).target, kept));
    CHECK(results[0] == STEER_OK && results[4] == STEER_OK);
    CHECK(v3_eq(goal_of(w, ids[4]).target, third[4].target));
    CHECK(v3_eq(goal_of(w, ids[0]).target, third[0].target));

    /* a bad kind: "the call itself is refused": every result INVALID_ARGUMENT, nothing set */
    steer_goal fourth[BULK - 1];
    for (int i = 0; i < BULK - 1; ++i) fourth[i] = arrive_goal(steer_v3_make(8, (float)i, 0));
    fourth[3].kind = (steer_goal_kind)17;
    for (int i = 0; i < BULK; ++i) results[i] = STEER_OK;
    int r = steer_world_set_goals(w, ids, fourth, BULK - 1, results);
    /* whichever reading (the whole call refused, or that entry), the count and the results agree with the state */
    int ok = 0;
    for (int i = 0; i < BULK - 1; ++i) {
        if (results[i] == STEER_OK) {
            ++ok;
            CHECK(v3_eq(goal_of(w, ids[i]).target, fourth[i].target));
        } else {
            CHECK(!v3_eq(goal_of(w, ids[i]).target, fourth[i].target));
        }
    }
    CHECK(r == ok);
    CHECK(results[3] == STEER_ERROR_INVALID_ARGUMENT);

    /* NULL arrays: the call refused, each result INVALID_ARGUMENT, 0 */
    for (int i = 0; i < BULK; ++i) results[i] = STEER_OK;
    CHECK(steer_world_set_goals(w, ids, NULL, 3, results) == 0);
    CHECK(results[0] == STEER_ERROR_INVALID_ARGUMENT && results[2] == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_set_goals(w, ids, goals, 0, results) == 0);

    /* set_targets: kind SEEK or ARRIVE, "the group's slow radius and speed" */
    steer_v3 targets[BULK];
    for (int i = 0; i < BULK; ++i) targets[i] = steer_v3_make(3, (float)i + 0.5f, 0);
    CHECK(steer_world_set_targets(w, ids, targets, BULK, STEER_GOAL_SEEK, results) == BULK - 1);
    CHECK(results[BULK - 1] == STEER_ERROR_STALE_HANDLE);
    for (int i = 0; i < BULK - 1; ++i) {
        steer_goal got = goal_of(w, ids[i]);
        CHECK(results[i] == STEER_OK && got.kind == STEER_GOAL_SEEK && v3_eq(got.target, targets[i]));
        CHECK(got.speed == 0.0f || got.speed == gd.max_speed);
        CHECK(got.slow_radius == 0.0f || got.slow_radius == gd.slow_radius);
    }
    /* set_targets with another kind: the call refused, nothing set */
    steer_v3 elsewhere[BULK - 1];
    for (int i = 0; i < BULK - 1; ++i) elsewhere[i] = steer_v3_make(-9, 0, 0);
    for (int i = 0; i < BULK; ++i) results[i] = STEER_OK;
    CHECK(steer_world_set_targets(w, ids, elsewhere, BULK - 1, STEER_GOAL_PATH, results) == 0);
    CHECK(results[0] == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(v3_eq(goal_of(w, ids[0]).target, targets[0]) && goal_of(w, ids[0]).kind == STEER_GOAL_SEEK);
    for (int i = 0; i < BULK; ++i) results[i] = STEER_OK;
    CHECK(steer_world_set_targets(w, ids, elsewhere, BULK - 1, STEER_GOAL_NONE, results) == 0);
    CHECK(results[1] == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_goal_count(w) == BULK - 1 && goal_of(w, ids[1]).kind == STEER_GOAL_SEEK);
    /* set_goals clearing in bulk */
    steer_goal nones[BULK - 1];
    memset(nones, 0, sizeof nones);
    CHECK(steer_world_set_goals(w, ids, nones, BULK - 1, NULL) == BULK - 1);
    CHECK(steer_world_goal_count(w) == 0);
    steer_world_destroy(w);
}

/* ---- 1. arrival, the arrivals list, departure ---------------------------------- */
/* 0: every behaviour off; 1: the standard flock's rules (no neighbours here),
 * whose goals the wide kernel batches handle (docs/model.md 6.1a); 2: a crowd group */
static steer_group_def test_group(int kind)
{
    if (kind == 1) return steer_default_group_def();
    steer_group_def gd = quiet_group();
    if (kind == 2) { /* a crowd group: anticipation and keep_apart (no neighbours here: no push) */
        gd.weight[STEER_ANTICIPATE] = 1.0f;
        gd.keep_apart = true;
    }
    return gd;
}

static void arrivals(int flock)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = test_group(flock);
    int g = steer_world_add_group(w, &gd);
    gd.departure_distance = 1.0f;
    int gdep = steer_world_add_group(w, &gd);
    /* three agents to targets at different distances: each arrives once, in slot order when together */
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, g, steer_v3_make(0, 10, 0), steer_v3_zero());
    steer_agent_id c = steer_world_add_agent(w, gdep, steer_v3_make(0, 20, 0), steer_v3_zero());
    steer_goal ga = arrive_goal(steer_v3_make(3, 0, 0));
    steer_goal gb = arrive_goal(steer_v3_make(6, 10, 0));
    steer_goal gc = arrive_goal(steer_v3_make(3, 20, 0));
    steer_world_set_goal(w, a, &ga);
    steer_world_set_goal(w, b, &gb);
    steer_world_set_goal(w, c, &gc);
    int events_a = 0, events_b = 0, events_c = 0, bad_state = 0, unsorted = 0;
    for (int s = 0; s < 900; ++s) {
        bool was_a = steer_world_has_arrived(w, a), was_b = steer_world_has_arrived(w, b);
        bool was_c = steer_world_has_arrived(w, c);
        steer_world_step(w, DT);
        steer_agent_id list[4];
        int n = steer_world_arrivals(w, list, 4);
        for (int i = 1; i < n && i < 4; ++i)
            if (list[i].index <= list[i - 1].index) ++unsorted;
        events_a += listed(list, n, a);
        events_b += listed(list, n, b);
        events_c += listed(list, n, c);
        /* "were not arrived before it, are now" */
        if (listed(list, n, a) != (!was_a && steer_world_has_arrived(w, a))) ++bad_state;
        if (listed(list, n, b) != (!was_b && steer_world_has_arrived(w, b))) ++bad_state;
        if (listed(list, n, c) != (!was_c && steer_world_has_arrived(w, c))) ++bad_state;
        if (steer_world_has_arrived(w, a) && !was_a) {
            /* within arrival_tolerance and no faster than arrival_speed */
            CHECK(v3_dist(position_of(w, a), ga.target) <= gd.arrival_tolerance);
            CHECK(steer_v3_len(velocity_of(w, a)) <= gd.arrival_speed);
        }
        if (goal_of(w, a).arrived != steer_world_has_arrived(w, a)) ++bad_state;
    }
    CHECK(events_a == 1 && events_b == 1 && events_c == 1);
    CHECK(bad_state == 0 && unsorted == 0);
    CHECK(steer_world_has_arrived(w, a) && steer_world_has_arrived(w, b) && steer_world_has_arrived(w, c));

    /* departure_distance: a nudge within it keeps the arrival (no new event); without one it ends */
    steer_world_teleport_agent(w, a, steer_v3_make(3.5f, 0, 0), steer_v3_zero());
    steer_world_teleport_agent(w, c, steer_v3_make(3.5f, 20, 0), steer_v3_zero());
    steer_world_step(w, DT);
    CHECK(!steer_world_has_arrived(w, a));
    CHECK(steer_world_has_arrived(w, c));
    /* farther than departure_distance: no longer arrived; back: arrived again, one event */
    steer_world_teleport_agent(w, c, steer_v3_make(5, 20, 0), steer_v3_zero());
    steer_world_step(w, DT);
    CHECK(!steer_world_has_arrived(w, c));
    events_c = 0;
    for (int s = 0; s < 600; ++s) {
        steer_world_step(w, DT);
        steer_agent_id list[4];
        events_c += listed(list, steer_world_arrivals(w, list, 4), c);
    }
    CHECK(events_c == 1 && steer_world_has_arrived(w, c));

    /* two arrive in one step: the list in slot order, capacity respected, count returned */
    steer_world_teleport_agent(w, a, steer_v3_make(3, 0, 0), steer_v3_zero());
    steer_world_teleport_agent(w, b, steer_v3_make(6, 10, 0), steer_v3_zero());
    steer_world_set_goal(w, a, &ga); /* a fresh goal: not arrived */
    steer_world_set_goal(w, b, &gb);
    CHECK(!steer_world_has_arrived(w, a) && !steer_world_has_arrived(w, b));
    steer_world_step(w, DT);
    steer_agent_id one[1] = {{0, 0, 0}};
    CHECK(steer_world_arrivals(w, one, 1) == 2);
    CHECK(one[0].index == a.index); /* a's slot is the lower */
    steer_agent_id two[3];
    CHECK(steer_world_arrivals(w, two, 3) == 2 && two[0].index == a.index && two[1].index == b.index);
    /* an agent removed after arriving is no longer in the list (it is not "now" arrived) */
    steer_world_remove_agent(w, a);
    int n = steer_world_arrivals(w, two, 3);
    CHECK(n == 1 && !listed(two, n, a));
    for (int i = 0; i < n && i < 3; ++i) CHECK(steer_world_is_valid(w, two[i]));
    const uint64_t steps_before = steer_world_step_count(w);
    /* a paused game steps by 0 and reads the arrivals each frame: the step before's are not heard again
     * (they were, once per paused frame); the agents stay arrived */
    for (int pause = 0; pause < 3; ++pause) {
        CHECK(steer_world_step(w, 0.0f) == STEER_OK);
        CHECK(steer_world_arrivals(w, two, 3) == 0);
    }
    CHECK(steer_world_has_arrived(w, b) && steer_world_step_count(w) == steps_before);

    /* SEEK: arrived within the tolerance at any speed; ARRIVE: not while faster than arrival_speed */
    steer_agent_id s1 = steer_world_add_agent(w, g, steer_v3_make(-0.02f, 30, 0), steer_v3_make(1, 0, 0));
    steer_agent_id s2 = steer_world_add_agent(w, g, steer_v3_make(-0.02f, 33, 0), steer_v3_make(1, 0, 0));
    steer_goal seek = arrive_goal(steer_v3_make(0, 30, 0));
    seek.kind = STEER_GOAL_SEEK;
    steer_goal arr = arrive_goal(steer_v3_make(0, 33, 0));
    steer_world_set_goal(w, s1, &seek);
    steer_world_set_goal(w, s2, &arr);
    steer_world_step(w, 0.01f);
    CHECK(v3_dist(position_of(w, s1), seek.target) <= gd.arrival_tolerance);
    CHECK(steer_world_has_arrived(w, s1));
    CHECK(steer_v3_len(velocity_of(w, s2)) > gd.arrival_speed);
    CHECK(!steer_world_has_arrived(w, s2));
    steer_world_destroy(w);
}

/* The arrivals list is in slot order whatever the order the goals were set in
 * and the agents stand in; with less room, the lowest slots. */
static void arrivals_in_slot_order(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    steer_agent_id ids[5];
    for (int i = 0; i < 5; ++i) {
        float at = 40.0f - 10.0f * (float)i;
        ids[i] = steer_world_add_agent(w, g, steer_v3_make(at, at, 0), steer_v3_zero());
    }
    for (int i = 4; i >= 0; --i) {
        float at = 40.0f - 10.0f * (float)i;
        steer_goal gl = arrive_goal(steer_v3_make(at, at, 0));
        steer_world_set_goal(w, ids[i], &gl);
    }
    steer_world_step(w, DT);
    steer_agent_id out[8];
    CHECK(steer_world_arrivals(w, out, 5) == 5);
    for (int i = 0; i < 5; ++i) CHECK(out[i].index == ids[i].index && out[i].generation == ids[i].generation);
    CHECK(steer_world_arrivals(w, out, 8) == 5);
    for (int i = 0; i < 5; ++i) CHECK(out[i].index == ids[i].index);
    CHECK(steer_world_arrivals(w, out, 2) == 5);
    CHECK(out[0].index == ids[0].index && out[1].index == ids[1].index);
    steer_world_destroy(w);
}

/* ---- 1. WAYPOINTS and PATH progress ------------------------------------------ */
static void progress(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    gd.waypoint_radius = 1.0f;
    int g = steer_world_add_group(w, &gd);
    /* every waypoint within waypoint_radius of where the agent stands: once a step, never past the last */
    steer_v3 pts[3] = {{0.1f, 0, 0}, {0, 0.1f, 0}, {0.1f, 0.1f, 0}};
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_goal gw;
    memset(&gw, 0, sizeof gw);
    gw.kind = STEER_GOAL_WAYPOINTS;
    gw.points = pts;
    gw.point_count = 3;
    CHECK(steer_world_set_goal(w, a, &gw) == STEER_OK);
    CHECK(goal_of(w, a).progress == 0);
    steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress == 1);
    steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress == 2);
    steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress == 2);
    for (int s = 0; s < 300; ++s) steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress == 2);
    /* "once a move": a sub-step when max_dt splits the step */
    {
        steer_world_def wd = steer_default_world_def();
        wd.capacity = 2;
        wd.max_dt = DT / 4.0f;
        steer_world *sw = steer_world_create(&wd);
        int sg = steer_world_add_group(sw, &gd);
        steer_agent_id sa = steer_world_add_agent(sw, sg, steer_v3_make(0, 0, 0), steer_v3_zero());
        CHECK(steer_world_set_goal(sw, sa, &gw) == STEER_OK); /* the three points within waypoint_radius */
        steer_world_step(sw, DT);                              /* four sub-steps: once a move */
        CHECK(goal_of(sw, sa).progress == 2);
        steer_world_destroy(sw);
    }
    /* arrived only on the last: a route whose first point is where it stands */
    steer_v3 route[2] = {{0, 0, 0}, {0, 8, 0}};
    steer_world_teleport_agent(w, a, steer_v3_make(0, 0, 0), steer_v3_zero());
    gw.points = route;
    gw.point_count = 2;
    steer_world_set_goal(w, a, &gw);
    steer_world_step(w, DT);
    CHECK(!steer_world_has_arrived(w, a));
    CHECK(goal_of(w, a).progress == 1);
    for (int s = 0; s < 600 && !steer_world_has_arrived(w, a); ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, a));
    CHECK(v3_dist(position_of(w, a), route[1]) <= gd.arrival_tolerance);

    /* PATH: progress is the segment reached, moved on after each move to the
       nearest within the window ahead (here 2 x path_ahead), never back */
    steer_v3 path_points[4] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}};
    int path = steer_world_add_path(w, path_points, 4, false, 1.0f);
    steer_agent_id p = steer_world_add_agent(w, g, steer_v3_make(3, 0.5f, 0), steer_v3_zero());
    steer_goal gp = path_goal(path);
    CHECK(steer_world_set_goal(w, p, &gp) == STEER_OK);
    CHECK(goal_of(w, p).progress == 0);
    steer_world_teleport_agent(w, p, steer_v3_make(10.5f, 5, 0), steer_v3_zero());
    CHECK(goal_of(w, p).progress == 0); /* no step between: as the last move left it */
    steer_world_step(w, DT);
    CHECK(goal_of(w, p).progress == 1); /* segment 0's end reached: the next is in reach */
    steer_world_teleport_agent(w, p, steer_v3_make(4, 10.5f, 0), steer_v3_zero());
    steer_world_step(w, DT);
    CHECK(goal_of(w, p).progress == 2);
    steer_world_teleport_agent(w, p, steer_v3_make(5, 0.5f, 0), steer_v3_zero());
    steer_world_step(w, DT);
    CHECK(goal_of(w, p).progress == 2); /* never back */
    steer_world_teleport_agent(w, p, steer_v3_make(4, 10.5f, 0), steer_v3_zero());
    /* an open path's end: arrived there */
    for (int s = 0; s < 900 && !steer_world_has_arrived(w, p); ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, p));
    CHECK(v3_dist(position_of(w, p), path_points[3]) <= gd.arrival_tolerance);
    steer_world_destroy(w);
}

/* A PATH goal takes its path in order: a route whose end comes back beside
 * its start, given to an agent standing between the two, is walked round
 * (the far side reached, progress never back) before the agent stops at the
 * end; from progress -1 it starts at the nearest segment, there the last,
 * and stops at once. A progress outside [-1, segments) is refused. */
static void path_in_order(int dim, steer_up_axis up)
{
    steer_world *w = make_world(dim, up, 8);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    /* the route in the ground plane (x and the ground's other axis) */
    const float route2[4][2] = {{0, 0}, {20, 0}, {20, 3}, {0, 3}};
    steer_v3 route[4];
    for (int k = 0; k < 4; ++k)
        route[k] = dim == 3 && up == STEER_UP_Y ? steer_v3_make(route2[k][0], 0, route2[k][1]) : steer_v3_make(route2[k][0], route2[k][1], 0);
    steer_v3 start = dim == 3 && up == STEER_UP_Y ? steer_v3_make(0.5f, 0, 2) : steer_v3_make(0.5f, 2, 0);
    int path = steer_world_add_path(w, route, 4, false, 0.5f);
    steer_agent_id a = steer_world_add_agent(w, g, start, steer_v3_zero()), b = steer_world_add_agent(w, g, start, steer_v3_zero());
    steer_goal gp = path_goal(path);
    CHECK(steer_world_set_goal(w, a, &gp) == STEER_OK);
    CHECK(goal_of(w, a).progress == 0);
    gp.progress = -1;
    CHECK(steer_world_set_goal(w, b, &gp) == STEER_OK);
    CHECK(goal_of(w, b).progress == 2); /* the nearest segment: the way back */
    int m0 = misuse_total();
    gp.progress = 3;
    CHECK(steer_world_set_goal(w, b, &gp) == STEER_ERROR_INVALID_ARGUMENT);
    gp.progress = -2;
    CHECK(steer_world_set_goal(w, b, &gp) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(misuse_total() == m0 + 2);
    CHECK(goal_of(w, b).progress == 2); /* refused: as it was */
    /* a snapshot keeps the progress; one of version 14, whose progress was
       the segment nearest the agent worked out when read, goes on from there */
    snap_buffer snap = snap_save(w);
    steer_world *copy = make_world(dim, up, 8);
    CHECK(steer_world_restore(copy, snap.data, snap.size) == STEER_OK);
    CHECK(goal_of(copy, a).progress == 0 && goal_of(copy, b).progress == 2);
    snap.size = snap_before_queue_time_gap(snap.data, snap.size, 14);
    CHECK(steer_world_restore(copy, snap.data, snap.size) == STEER_OK);
    CHECK(goal_of(copy, a).progress == 2 && goal_of(copy, b).progress == 2);
    free(snap.data);
    steer_world_destroy(copy);
    float farthest = 0.0f, b_arrived_at = -1.0f, a_arrived_at = -1.0f;
    int last = 0;
    bool monotone = true;
    for (int s = 0; s < 3000 && a_arrived_at < 0.0f; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        farthest = fmaxf(farthest, position_of(w, a).x);
        int now = goal_of(w, a).progress;
        monotone &= now >= last;
        last = now;
        if (b_arrived_at < 0.0f && steer_world_has_arrived(w, b)) b_arrived_at = (float)(s + 1) * DT;
        if (steer_world_has_arrived(w, a)) a_arrived_at = (float)(s + 1) * DT;
    }
    CHECK(monotone);
    CHECK(farthest > 19.0f);   /* round the route's far end, not straight to its end beside the start */
    CHECK(a_arrived_at > 0.0f); /* and then stopped at the end */
    CHECK(last == 2);
    CHECK(v3_dist(position_of(w, a), route[3]) <= gd.arrival_tolerance);
    CHECK(b_arrived_at > 0.0f && b_arrived_at < 5.0f);
    printf("path in order (%dD%s): round the route (x up to %.2f), arrived at %.2f s; from the nearest segment at %.2f s\n", dim,
           dim == 3 ? (up == STEER_UP_Y ? ", Y-up" : ", Z-up") : "", (double)farthest, (double)a_arrived_at, (double)b_arrived_at);
    steer_world_destroy(w);
}

/* A PATH goal's path replaced under it (a re-route): the goal goes on from
 * the new route's segment nearest its agent, not its old index (which the
 * new route may not have: a snapshot then could not be restored), and walks
 * the new route from there; a fast unit on a route that comes back beside
 * its start still walks it round (its window grows with its speed, from
 * rest); a path of one point is reached. */
static void path_rerouted_and_odd_paths(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    gd.max_speed = 8.0f; /* the game review's units: a stopping distance of 16 at max_force 4 */
    int g = steer_world_add_group(w, &gd);
    steer_v3 long_way[8];
    for (int k = 0; k < 8; ++k) long_way[k] = steer_v3_make(-30.0f + 8.0f * (float)k, 0, 0);
    int path = steer_world_add_path(w, long_way, 8, false, 0.5f);
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(-30, 0, 0), steer_v3_zero());
    steer_goal gp = path_goal(path);
    CHECK(steer_world_set_goal(w, a, &gp) == STEER_OK);
    for (int s = 0; s < 600 && goal_of(w, a).progress < 5; ++s) steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress >= 5);
    steer_v3 here = position_of(w, a);
    steer_v3 new_way[3] = {here, steer_v3_make(here.x, here.y + 20, 0), steer_v3_make(here.x - 20, here.y + 20, 0)};
    CHECK(steer_world_set_path(w, path, new_way, 3, false, 0.5f) == STEER_OK);
    CHECK(goal_of(w, a).progress == 0); /* the new route's segment nearest it */
    snap_buffer snap = snap_save(w);
    steer_world *copy = make_world(2, STEER_UP_Z, 8);
    CHECK(steer_world_restore(copy, snap.data, snap.size) == STEER_OK);
    free(snap.data);
    steer_world_destroy(copy);
    float highest = here.y;
    for (int s = 0; s < 900 && !steer_world_has_arrived(w, a); ++s) {
        steer_world_step(w, DT);
        highest = fmaxf(highest, position_of(w, a).y);
    }
    CHECK(highest > here.y + 19.0f); /* up the first leg, not cut to the last */
    CHECK(steer_world_has_arrived(w, a));
    /* a fast unit set off beside the end of a route that comes back to its start */
    const steer_v3 u[4] = {{0, 0, 0}, {20, 0, 0}, {20, 3, 0}, {0, 3, 0}};
    int u_path = steer_world_add_path(w, u, 4, false, 0.5f);
    steer_agent_id f = steer_world_add_agent(w, g, steer_v3_make(0.5f, 2, 0), steer_v3_zero());
    gp.path = u_path;
    CHECK(steer_world_set_goal(w, f, &gp) == STEER_OK);
    float farthest = 0.0f;
    for (int s = 0; s < 2400 && !steer_world_has_arrived(w, f); ++s) {
        steer_world_step(w, DT);
        farthest = fmaxf(farthest, position_of(w, f).x);
    }
    CHECK(farthest > 15.0f); /* round the far end (looking 16 ahead, it cuts the hairpin's corner) */
    CHECK(steer_world_has_arrived(w, f));
    /* a path of one point */
    const steer_v3 one[1] = {{10, -20, 0}};
    int one_path = steer_world_add_path(w, one, 1, false, 0.5f);
    steer_agent_id o = steer_world_add_agent(w, g, steer_v3_make(0, -20, 0), steer_v3_zero());
    gp.path = one_path;
    CHECK(steer_world_set_goal(w, o, &gp) == STEER_OK);
    int s = 0;
    for (; s < 1200 && !steer_world_has_arrived(w, o); ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, o));
    /* a group with a path_ahead of 0: at rest within the tolerance of the end, it has arrived */
    steer_group_def close = quiet_group();
    close.path_ahead = 0.0f;
    int c = steer_world_add_group(w, &close);
    const steer_v3 bend[3] = {{0, 20, 0}, {10, 20, 0}, {10, 30, 0}};
    steer_agent_id z = steer_world_add_agent(w, c, steer_v3_make(0, 20.5f, 0), steer_v3_zero());
    gp.path = steer_world_add_path(w, bend, 3, false, 0.5f);
    CHECK(steer_world_set_goal(w, z, &gp) == STEER_OK);
    int t = 0;
    for (; t < 1800 && !steer_world_has_arrived(w, z); ++t) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, z));
    printf("path re-routed: up the new route's first leg to %.2f; a fast unit round the U (x up to %.2f); one point reached in %d "
           "steps; with path_ahead 0 arrived in %d\n", (double)(highest - here.y), (double)farthest, s, t);
    steer_world_destroy(w);
}

/* Goals and the rest of the agent's life: a cleared goal is no longer
 * arrived nor listed; a change of group keeps the goal; a closed path never ends. */
static void goal_odds(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    gd.max_speed = 3.0f;
    int g2 = steer_world_add_group(w, &gd);
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_goal ga = arrive_goal(steer_v3_make(0, 0, 0));
    steer_world_set_goal(w, a, &ga);
    steer_world_step(w, DT);
    steer_agent_id list[2];
    CHECK(steer_world_arrivals(w, list, 2) == 1 && steer_world_has_arrived(w, a));
    CHECK(steer_world_set_agent_group(w, a, g2) == STEER_OK);
    CHECK(goal_of(w, a).kind == STEER_GOAL_ARRIVE && steer_world_has_arrived(w, a));
    steer_world_set_goal(w, a, NULL);
    CHECK(!steer_world_has_arrived(w, a));
    CHECK(steer_world_arrivals(w, list, 2) == 0); /* "are now" arrived: not one without a goal */
    /* a closed path never ends */
    steer_v3 loop[4] = {{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}};
    int path = steer_world_add_path(w, loop, 4, true, 0.5f);
    steer_goal gp = path_goal(path);
    steer_world_set_goal(w, a, &gp);
    int arrived = 0;
    for (int s = 0; s < 600; ++s) {
        steer_world_step(w, DT);
        arrived += steer_world_has_arrived(w, a);
    }
    CHECK(arrived == 0);
    /* STEER_MAX_GOAL_POINTS waypoints at most */
    steer_v3 *many = calloc(STEER_MAX_GOAL_POINTS + 1, sizeof *many);
    steer_goal gw;
    memset(&gw, 0, sizeof gw);
    gw.kind = STEER_GOAL_WAYPOINTS;
    gw.points = many;
    gw.point_count = STEER_MAX_GOAL_POINTS + 1;
    CHECK(steer_world_set_goal(w, a, &gw) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(goal_of(w, a).kind == STEER_GOAL_PATH);
    gw.point_count = STEER_MAX_GOAL_POINTS;
    CHECK(steer_world_set_goal(w, a, &gw) == STEER_OK);
    CHECK(steer_world_get_goal_points(w, a, NULL, 0) == STEER_MAX_GOAL_POINTS);
    free(many);
    steer_world_destroy(w);
}

/* ---- 1. snapshots and the state hash ----------------------------------------- */
static void snapshots(void)
{
    steer_world *w = make_world(3, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    steer_v3 pts[3] = {{5, 0, 1}, {5, 5, 2}, {0, 5, 3}};
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, g, steer_v3_make(2, 2, 2), steer_v3_zero());
    steer_agent_id c = steer_world_add_agent(w, g, steer_v3_make(-4, 0, 0), steer_v3_zero());
    steer_goal gw;
    memset(&gw, 0, sizeof gw);
    gw.kind = STEER_GOAL_WAYPOINTS;
    gw.points = pts;
    gw.point_count = 3;
    gw.progress = 1;
    gw.speed = 1.5f;
    steer_world_set_goal(w, a, &gw);
    steer_goal gb = arrive_goal(steer_v3_make(2, 2, 2));
    steer_world_set_goal(w, b, &gb);
    uint64_t hash_without = steer_world_state_hash(w);
    steer_goal gc = arrive_goal(steer_v3_make(-4, -4, 0));
    gc.slow_radius = 3.0f;
    steer_world_set_goal(w, c, &gc);
    /* "Snapshots and the state hash include goals" */
    CHECK(steer_world_state_hash(w) != hash_without);
    for (int s = 0; s < 10; ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, b));
    steer_goal before[3] = {goal_of(w, a), goal_of(w, b), goal_of(w, c)};
    size_t size = steer_world_snapshot_size(w);
    void *buffer = malloc(size);
    CHECK(steer_world_save(w, buffer, size, NULL) == STEER_OK);
    uint64_t hash = steer_world_state_hash(w);
    for (int s = 0; s < 30; ++s) steer_world_step(w, DT);
    uint64_t hash_later = steer_world_state_hash(w);
    steer_world_set_goal(w, a, NULL);
    steer_world_set_goal(w, b, NULL);
    steer_world_remove_agent(w, c);
    CHECK(steer_world_restore(w, buffer, size) == STEER_OK);
    CHECK(steer_world_state_hash(w) == hash);
    CHECK(same_goal(goal_of(w, a), before[0]) && same_goal(goal_of(w, b), before[1]) &&
          same_goal(goal_of(w, c), before[2]));
    CHECK(steer_world_has_arrived(w, b) && steer_world_goal_count(w) == 3);
    steer_v3 out[3];
    CHECK(steer_world_get_goal_points(w, a, out, 3) == 3 && v3_eq(out[2], pts[2]));
    for (int s = 0; s < 30; ++s) steer_world_step(w, DT);
    CHECK(steer_world_state_hash(w) == hash_later);
    free(buffer);
    steer_world_destroy(w);
}

/* ---- 4. the ground plane: Y-up ----------------------------------------------- */
static void ground_plane(int flock)
{
    steer_world *w = make_world(3, STEER_UP_Y, 8);
    steer_group_def gd = test_group(flock);
    gd.ground_plane = true;
    gd.waypoint_radius = 0.5f;
    int g = steer_world_add_group(w, &gd);
    /* at height 1, sent to a point at height 0 (and one at height 5): arrives on the point's ground */
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(0, 1, 0), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, g, steer_v3_make(0, 1, 10), steer_v3_zero());
    steer_goal ga = arrive_goal(steer_v3_make(4, 0, 3));
    steer_goal gb = arrive_goal(steer_v3_make(-3, 5, 10));
    steer_world_set_goal(w, a, &ga);
    steer_world_set_goal(w, b, &gb);
    for (int s = 0; s < 900 && !(steer_world_has_arrived(w, a) && steer_world_has_arrived(w, b)); ++s)
        steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, a) && steer_world_has_arrived(w, b));
    steer_v3 pa = position_of(w, a), pb = position_of(w, b);
    CHECK(pa.y == 1.0f && pb.y == 1.0f); /* "agents keep their height" */
    CHECK(hypot(pa.x - 4.0, pa.z - 3.0) <= gd.arrival_tolerance);
    CHECK(hypot(pb.x + 3.0, pb.z - 10.0) <= gd.arrival_tolerance);
    /* a waypoint above the ground is taken on the ground */
    steer_v3 pts[2] = {{0.2f, 7, 0}, {0, -3, 6}};
    steer_world_teleport_agent(w, a, steer_v3_make(0, 1, 0), steer_v3_zero());
    steer_goal gw;
    memset(&gw, 0, sizeof gw);
    gw.kind = STEER_GOAL_WAYPOINTS;
    gw.points = pts;
    gw.point_count = 2;
    steer_world_set_goal(w, a, &gw);
    steer_world_step(w, DT);
    CHECK(goal_of(w, a).progress == 1);
    for (int s = 0; s < 900 && !steer_world_has_arrived(w, a); ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, a));
    /* a path above the ground: followed on its level copy; progress read there, its end reached on the ground */
    steer_v3 high[3] = {{0, 40, 0}, {8, 40, 0}, {8, 0, 8}}; /* in 3D the second segment would be the nearer */
    int path = steer_world_add_path(w, high, 3, false, 0.5f);
    steer_world_teleport_agent(w, a, steer_v3_make(4, 1, 0.5f), steer_v3_zero());
    steer_goal gp = path_goal(path);
    CHECK(steer_world_set_goal(w, a, &gp) == STEER_OK);
    CHECK(goal_of(w, a).progress == 0);
    for (int s = 0; s < 900 && !steer_world_has_arrived(w, a); ++s) steer_world_step(w, DT);
    CHECK(steer_world_has_arrived(w, a));
    CHECK(hypot(position_of(w, a).x - 8.0, position_of(w, a).z - 8.0) <= gd.arrival_tolerance);
    steer_world_destroy(w);
}

/* ---- 2. formations ----------------------------------------------------------- */
/* The documented slot: x along the leader's heading on the ground, y to its
 * left, z along the world's up, plus the leader's velocity times the member's
 * slow_radius / max_speed. Frames per docs/model.md §1.8 (left of +X is -Z with Y-up). */
static steer_v3 slot_point(steer_v3 leader_p, steer_v3 leader_v, steer_v3 heading_z_up, steer_v3 slot, float lag,
                           int dim, steer_up_axis up)
{
    steer_v3 h = heading_z_up; /* on the Z-up ground, unit */
    steer_v3 left = steer_v3_make(-h.y, h.x, 0);
    steer_v3 off = steer_v3_make(slot.x * h.x + slot.y * left.x, slot.x * h.y + slot.y * left.y, dim == 3 ? slot.z : 0);
    if (dim == 3) off = steer_v3_from_z_up(off, up);
    return steer_v3_make(leader_p.x + off.x + leader_v.x * lag, leader_p.y + off.y + leader_v.y * lag,
                         dim == 3 ? leader_p.z + off.z + leader_v.z * lag : 0.0f);
}

#define MEMBERS 4
typedef struct squad {
    steer_world *w;
    steer_agent_id leader, members[MEMBERS];
    steer_v3 slots[MEMBERS];
    int formation;
    float lag;
} squad;

static squad make_squad(int dim, steer_up_axis up)
{
    squad q;
    q.w = make_world(dim, up, 16);
    steer_group_def lead = quiet_group(); /* the leader coasts: no force */
    lead.max_speed = 5.0f;
    int gl = steer_world_add_group(q.w, &lead);
    steer_group_def member = quiet_group();
    member.max_speed = 2.0f;
    member.slow_radius = 3.0f;
    q.lag = member.slow_radius / member.max_speed;
    int gm = steer_world_add_group(q.w, &member);
    q.leader = steer_world_add_agent(q.w, gl, steer_v3_make(1, 2, dim == 3 ? 0.5f : 0), steer_v3_zero());
    steer_v3 slots[MEMBERS] = {{-2, 1, 0.5f}, {-2, -1, 0}, {-4, 0, -0.5f}, {-6, 2, 0}};
    for (int i = 0; i < MEMBERS; ++i) {
        q.slots[i] = slots[i];
        q.members[i] = steer_world_add_agent(q.w, gm, steer_v3_make(-30.0f - 3.0f * (float)i, -30, 0), steer_v3_zero());
    }
    q.formation = steer_world_add_formation(q.w, q.leader, q.members, q.slots, MEMBERS);
    return q;
}

/* One step; then every member's goal against the documented slot (rank[i]: the slot member i holds). */
static int formation_step_and_check(squad *q, const int *rank, steer_v3 heading_z_up, int dim, steer_up_axis up,
                                    double *worst)
{
    steer_v3 lp = position_of(q->w, q->leader), lv = velocity_of(q->w, q->leader);
    steer_world_step(q->w, DT);
    int bad = 0;
    for (int i = 0; i < MEMBERS; ++i) {
        if (rank[i] < 0) continue;
        steer_goal g = goal_of(q->w, q->members[i]);
        steer_v3 want = slot_point(lp, lv, heading_z_up, q->slots[rank[i]], q->lag, dim, up);
        double d = v3_dist(g.target, want);
        if (d > *worst) *worst = d;
        if (g.kind != STEER_GOAL_ARRIVE || d > 1e-4) ++bad;
    }
    return bad;
}

static void formation_frames(int dim, steer_up_axis up)
{
    squad q = make_squad(dim, up);
    CHECK(q.formation >= 0);
    int rank[MEMBERS] = {0, 1, 2, 3};
    double worst = 0.0;
    /* never moved: +x */
    CHECK(formation_step_and_check(&q, rank, steer_v3_make(1, 0, 0), dim, up, &worst) == 0);
    /* walking "north" on the ground (Z-up +y; Y-up: the same turned, -z) with an up part of its velocity */
    steer_v3 north = steer_v3_make(0, 1, 0);
    steer_v3 v = dim == 3 ? steer_v3_from_z_up(steer_v3_make(0, 1.5f, 0.4f), up) : steer_v3_make(0, 1.5f, 0);
    steer_world_teleport_agent(q.w, q.leader, position_of(q.w, q.leader), v);
    CHECK(formation_step_and_check(&q, rank, north, dim, up, &worst) == 0);
    CHECK(formation_step_and_check(&q, rank, north, dim, up, &worst) == 0);
    /* stands: keeps its last heading */
    steer_world_teleport_agent(q.w, q.leader, position_of(q.w, q.leader), steer_v3_zero());
    CHECK(formation_step_and_check(&q, rank, north, dim, up, &worst) == 0);
    /* walking south-west */
    steer_v3 sw = steer_v3_make(-0.6f, -0.8f, 0);
    v = dim == 3 ? steer_v3_from_z_up(steer_v3_make(-1.2f, -1.6f, 0), up) : steer_v3_make(-1.2f, -1.6f, 0);
    steer_world_teleport_agent(q.w, q.leader, position_of(q.w, q.leader), v);
    CHECK(formation_step_and_check(&q, rank, sw, dim, up, &worst) == 0);
    printf("formations (%dD%s): members' goals within %.2g of the documented slots\n", dim,
           dim == 3 ? (up == STEER_UP_Y ? ", Y-up" : ", Z-up") : "", worst);

    /* members removed: the ranks close up in member order */
    steer_world_remove_agent(q.w, q.members[1]);
    int closed[MEMBERS] = {0, -1, 1, 2};
    CHECK(formation_step_and_check(&q, closed, sw, dim, up, &worst) == 0);
    /* the same world through a snapshot (what restore brings must know who
       is a member, for the release below) */
    {
        steer_world_def def;
        CHECK(steer_world_get_def(q.w, &def) == STEER_OK);
        size_t size = steer_world_snapshot_size(q.w);
        void *bytes = malloc(size);
        steer_world *restored = steer_world_create(&def);
        CHECK(bytes && restored && steer_world_save(q.w, bytes, size, NULL) == STEER_OK);
        CHECK(steer_world_restore(restored, bytes, size) == STEER_OK);
        free(bytes);
        steer_world_destroy(q.w);
        q.w = restored;
    }
    /* a member given a goal of its own leaves the formation: its order
       holds through the steps, and its slot goes to the next member */
    steer_v3 own = dim == 3 ? steer_v3_from_z_up(steer_v3_make(20, -20, 0), up) : steer_v3_make(20, -20, 0);
    CHECK(steer_world_set_targets(q.w, &q.members[2], &own, 1, STEER_GOAL_ARRIVE, NULL) == 1);
    int left[MEMBERS] = {0, -1, -1, 1};
    CHECK(formation_step_and_check(&q, left, sw, dim, up, &worst) == 0);
    CHECK(formation_step_and_check(&q, left, sw, dim, up, &worst) == 0);
    CHECK(v3_eq(goal_of(q.w, q.members[2]).target, own));
    steer_world_remove_agent(q.w, q.members[0]);
    int closed2[MEMBERS] = {-1, -1, -1, 0};
    CHECK(formation_step_and_check(&q, closed2, sw, dim, up, &worst) == 0);
    /* the leader removed: the members keep their last slots (and member 2 its own order) */
    steer_goal last2 = goal_of(q.w, q.members[2]), last3 = goal_of(q.w, q.members[3]);
    steer_world_remove_agent(q.w, q.leader);
    steer_world_step(q.w, DT);
    /* a new agent in the leader's slot is not the leader */
    steer_agent_id newcomer = steer_world_add_agent(q.w, 0, steer_v3_make(9, 9, dim == 3 ? 9.0f : 0.0f), steer_v3_make(1, 1, 0));
    CHECK(newcomer.index == q.leader.index);
    steer_world_step(q.w, DT);
    CHECK(v3_eq(goal_of(q.w, q.members[2]).target, last2.target));
    CHECK(v3_eq(goal_of(q.w, q.members[3]).target, last3.target));
    CHECK(goal_of(q.w, q.members[3]).kind == STEER_GOAL_ARRIVE);
    steer_world_destroy(q.w);
}

/* The assignment "depends only on who remains, never on a step's timing":
 * the same members removed in any order, with or without steps between. */
static void formation_order_does_not_matter(void)
{
    steer_v3 targets[3][MEMBERS];
    for (int order = 0; order < 3; ++order) {
        squad q = make_squad(2, STEER_UP_Z);
        steer_world_teleport_agent(q.w, q.leader, steer_v3_make(1, 2, 0), steer_v3_make(1, 0, 0));
        steer_world_step(q.w, DT);
        if (order == 0) {
            steer_world_remove_agent(q.w, q.members[0]);
            steer_world_remove_agent(q.w, q.members[2]);
        } else if (order == 1) {
            steer_world_remove_agent(q.w, q.members[2]);
            steer_world_step(q.w, DT);
            steer_world_remove_agent(q.w, q.members[0]);
        } else {
            steer_world_remove_agent(q.w, q.members[0]);
            steer_world_step(q.w, DT);
            steer_world_remove_agent(q.w, q.members[2]);
            steer_world_step(q.w, DT);
        }
        /* the leader put in the same state in every run, then one step */
        steer_world_teleport_agent(q.w, q.leader, steer_v3_make(5, 5, 0), steer_v3_make(0, 1, 0));
        steer_world_step(q.w, DT);
        targets[order][1] = goal_of(q.w, q.members[1]).target;
        targets[order][3] = goal_of(q.w, q.members[3]).target;
        steer_v3 want1 = slot_point(steer_v3_make(5, 5, 0), steer_v3_make(0, 1, 0), steer_v3_make(0, 1, 0),
                                    q.slots[0], q.lag, 2, STEER_UP_Z);
        steer_v3 want3 = slot_point(steer_v3_make(5, 5, 0), steer_v3_make(0, 1, 0), steer_v3_make(0, 1, 0),
                                    q.slots[1], q.lag, 2, STEER_UP_Z);
        CHECK(v3_dist(targets[order][1], want1) < 1e-4);
        CHECK(v3_dist(targets[order][3], want3) < 1e-4);
        steer_world_destroy(q.w);
    }
    CHECK(v3_eq(targets[0][1], targets[1][1]) && v3_eq(targets[0][1], targets[2][1]));
    CHECK(v3_eq(targets[0][3], targets[1][3]) && v3_eq(targets[0][3], targets[2][3]));
}

static void formation_lifetime(void)
{
    squad q = make_squad(2, STEER_UP_Z);
    steer_world_teleport_agent(q.w, q.leader, steer_v3_make(1, 2, 0), steer_v3_make(1, 0, 0));
    steer_world_step(q.w, DT);
    CHECK(steer_world_formation_count(q.w) == 1);
    /* snapshots keep formations: a restored world places the slots as the original does */
    size_t size = steer_world_snapshot_size(q.w);
    void *buffer = malloc(size);
    CHECK(steer_world_save(q.w, buffer, size, NULL) == STEER_OK);
    steer_world *copy = make_world(2, STEER_UP_Z, 16);
    CHECK(steer_world_restore(copy, buffer, size) == STEER_OK);
    CHECK(steer_world_formation_count(copy) == 1);
    for (int s = 0; s < 20; ++s) {
        steer_world_step(q.w, DT);
        steer_world_step(copy, DT);
    }
    CHECK(steer_world_state_hash(q.w) == steer_world_state_hash(copy));
    CHECK(v3_eq(goal_of(q.w, q.members[2]).target, goal_of(copy, q.members[2]).target));
    /* removed: the members keep their last goals; the index is taken again by the next add */
    steer_goal last = goal_of(q.w, q.members[0]);
    CHECK(steer_world_remove_formation(q.w, q.formation) == STEER_OK);
    CHECK(steer_world_formation_count(q.w) == 0);
    steer_world_step(q.w, DT);
    CHECK(v3_eq(goal_of(q.w, q.members[0]).target, last.target) && goal_of(q.w, q.members[0]).kind == STEER_GOAL_ARRIVE);
    CHECK(steer_world_remove_formation(q.w, q.formation) != STEER_OK);
    int again = steer_world_add_formation(q.w, q.leader, q.members, q.slots, MEMBERS);
    CHECK(again == q.formation);
    /* a stale leader or member: refused */
    steer_world_remove_agent(q.w, q.members[3]);
    CHECK(steer_world_add_formation(q.w, q.leader, q.members, q.slots, MEMBERS) == STEER_ERROR_STALE_HANDLE);
    /* STEER_MAX_FORMATIONS: the world's formations; formation_count counts the live ones. Read as a
     * bound on the live ones, a world that adds and removes a formation per move order never runs out */
    steer_world_remove_formation(q.w, again);
    int refused_at = -1;
    for (int i = 0; i < STEER_MAX_FORMATIONS + 2 && refused_at < 0; ++i) {
        int f = steer_world_add_formation(q.w, q.leader, q.members, q.slots, 1);
        if (f < 0) refused_at = i;
        else steer_world_remove_formation(q.w, f);
    }
    CHECK(steer_world_formation_count(q.w) == 0);
    if (refused_at >= 0)
        printf("formations: add #%d refused with none live (%d added and removed before)\n", refused_at + 3, refused_at + 2);
    CHECK(refused_at < 0);
    free(buffer);
    steer_world_destroy(copy);
    steer_world_destroy(q.w);
}

/* A member's slot reused by a new agent: the newcomer is no member (no goal);
 * a member given a goal by hand keeps it and leaves the formation (it was
 * once replaced at the next step: an RTS order to one unit undone). */
static void formation_slot_reuse(void)
{
    squad q = make_squad(2, STEER_UP_Z);
    steer_world_teleport_agent(q.w, q.leader, steer_v3_make(1, 2, 0), steer_v3_make(1, 0, 0));
    steer_world_step(q.w, DT);
    steer_goal mine = arrive_goal(steer_v3_make(-20, -20, 0));
    mine.slow_radius = 1.0f;
    mine.speed = 1.0f;
    steer_world_set_goal(q.w, q.members[0], &mine);
    steer_world_remove_agent(q.w, q.members[1]);
    steer_agent_id newcomer = steer_world_add_agent(q.w, 1, steer_v3_make(20, 20, 0), steer_v3_zero());
    CHECK(newcomer.index == q.members[1].index);
    steer_v3 lp = position_of(q.w, q.leader), lv = velocity_of(q.w, q.leader);
    steer_world_step(q.w, DT);
    CHECK(goal_of(q.w, newcomer).kind == STEER_GOAL_NONE);
    steer_v3 h = steer_v3_make(1, 0, 0);
    steer_goal kept = goal_of(q.w, q.members[0]);
    CHECK(v3_eq(kept.target, mine.target) && kept.slow_radius == 1.0f && kept.speed == 1.0f);
    CHECK(v3_dist(goal_of(q.w, q.members[2]).target, slot_point(lp, lv, h, q.slots[0], q.lag, 2, STEER_UP_Z)) < 1e-4);
    CHECK(v3_dist(goal_of(q.w, q.members[3]).target, slot_point(lp, lv, h, q.slots[1], q.lag, 2, STEER_UP_Z)) < 1e-4);
    steer_world_destroy(q.w);
}

/* A snapshot taken while the leader stands keeps its last heading (the
 * restored world places the slots as the original does), and the list of
 * the last step's arrivals. */
static void formation_snapshot_standing(void)
{
    squad q = make_squad(2, STEER_UP_Z);
    steer_world_teleport_agent(q.w, q.leader, steer_v3_make(1, 2, 0), steer_v3_make(0, 1, 0));
    steer_world_step(q.w, DT);
    steer_world_teleport_agent(q.w, q.leader, steer_v3_make(1, 2, 0), steer_v3_zero());
    steer_world_step(q.w, DT);
    size_t size = steer_world_snapshot_size(q.w);
    void *buffer = malloc(size);
    CHECK(steer_world_save(q.w, buffer, size, NULL) == STEER_OK);
    steer_world *copy = make_world(2, STEER_UP_Z, 16);
    CHECK(steer_world_restore(copy, buffer, size) == STEER_OK);
    steer_world_step(q.w, DT);
    steer_world_step(copy, DT);
    int differ = 0;
    for (int i = 0; i < MEMBERS; ++i) differ += !v3_eq(goal_of(q.w, q.members[i]).target, goal_of(copy, q.members[i]).target);
    CHECK(differ == 0);
    steer_v3 want = slot_point(steer_v3_make(1, 2, 0), steer_v3_zero(), steer_v3_make(0, 1, 0), q.slots[0], q.lag, 2,
                               STEER_UP_Z);
    CHECK(v3_dist(goal_of(copy, q.members[0]).target, want) < 1e-4);
    free(buffer);
    steer_world_destroy(copy);
    steer_world_destroy(q.w);

    /* the arrivals of the last step, through a snapshot */
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    steer_agent_id a = steer_world_add_agent(w, g, steer_v3_make(1, 1, 0), steer_v3_zero());
    steer_goal ga = arrive_goal(steer_v3_make(1, 1, 0));
    steer_world_set_goal(w, a, &ga);
    steer_world_step(w, DT);
    steer_agent_id list[2];
    CHECK(steer_world_arrivals(w, list, 2) == 1);
    size = steer_world_snapshot_size(w);
    buffer = malloc(size);
    CHECK(steer_world_save(w, buffer, size, NULL) == STEER_OK);
    copy = make_world(2, STEER_UP_Z, 8);
    CHECK(steer_world_restore(copy, buffer, size) == STEER_OK);
    CHECK(steer_world_arrivals(copy, list, 2) == 1 && list[0].index == a.index);
    steer_world_step(copy, DT);
    CHECK(steer_world_arrivals(copy, list, 2) == 0 && steer_world_has_arrived(copy, a));
    free(buffer);
    steer_world_destroy(copy);
    steer_world_destroy(w);
}

/* "led by the leader's velocity times the member's group's slow_radius /
 * max_speed (...), so a member in steady motion sits on its slot": also a
 * member that had an ARRIVE goal of its own (another slow radius and speed)
 * before it joined. */
static void formation_steady_motion(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    int gl = steer_world_add_group(w, &gd);
    int gm = steer_world_add_group(w, &gd);
    steer_agent_id l = steer_world_add_agent(w, gl, steer_v3_make(-40, 0, 0), steer_v3_make(1, 0, 0));
    steer_agent_id m[2] = {steer_world_add_agent(w, gm, steer_v3_make(-42, 0, 0), steer_v3_make(1, 0, 0)),
                           steer_world_add_agent(w, gm, steer_v3_make(-42, 3, 0), steer_v3_make(1, 0, 0))};
    steer_goal own = arrive_goal(steer_v3_make(-42, 0, 0));
    own.slow_radius = 0.5f;
    own.speed = 1.2f;
    steer_world_set_goal(w, m[0], &own);
    steer_v3 slots[2] = {{-2, 0, 0}, {-2, 3, 0}};
    CHECK(steer_world_add_formation(w, l, m, slots, 2) >= 0);
    for (int s = 0; s < 1800; ++s) steer_world_step(w, DT);
    steer_v3 lp = position_of(w, l);
    for (int i = 0; i < 2; ++i) {
        steer_v3 p = position_of(w, m[i]);
        double off = hypot(p.x - lp.x - slots[i].x, p.y - lp.y - slots[i].y);
        if (off > 0.01) printf("formations: member %d (%s) sits %.3f off its slot in steady motion\n", i,
                               i == 0 ? "its own ARRIVE goal before" : "no goal before", off);
        CHECK(off <= 0.01);
    }
    steer_world_destroy(w);
}

/* ---- 3. send_to_places ------------------------------------------------------- */
static double sq_dist(steer_v3 a, steer_v3 b, int dim, bool ground_y)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y, dz = (double)a.z - b.z;
    if (dim == 2) dz = 0;
    if (ground_y) dy = 0;
    return dx * dx + dy * dy + dz * dz;
}

static double best_cost(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, bool ground_y, int i,
                        unsigned used)
{
    if (i == n) return 0.0;
    double best = INFINITY;
    for (int j = 0; j < m; ++j) {
        if (used & (1u << j)) continue;
        double c = sq_dist(from[i], to[j], dim, ground_y) + best_cost(from, n, to, m, dim, ground_y, i + 1, used | (1u << j));
        if (c < best) best = c;
    }
    return best;
}

static float urand(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return (float)((*s >> 8) & 0xffff) / 65536.0f;
}

static void places_least_squares(void)
{
    unsigned seed = 12345u;
    int worse = 0, not_a_place = 0, shared = 0, cases = 0;
    for (int c = 0; c < 60; ++c) {
        int dim = c % 3 == 0 ? 3 : 2;
        int n = 1 + c % 6, m = n + (c / 6) % 3;
        steer_world *w = make_world(dim, STEER_UP_Z, 16);
        steer_group_def gd = quiet_group();
        int g = steer_world_add_group(w, &gd);
        steer_agent_id ids[8];
        steer_v3 from[8], to[9];
        for (int i = 0; i < n; ++i) {
            from[i] = steer_v3_make(urand(&seed) * 20 - 10, urand(&seed) * 20 - 10, dim == 3 ? urand(&seed) * 20 - 10 : 0);
            ids[i] = steer_world_add_agent(w, g, from[i], steer_v3_zero());
        }
        for (int j = 0; j < m; ++j)
            to[j] = steer_v3_make(urand(&seed) * 20 - 10, urand(&seed) * 20 - 10, urand(&seed) * 20 - 10); /* 2D: z ignored */
        steer_result results[8];
        CHECK(steer_world_send_to_places(w, ids, n, to, m, false, results) == n);
        double cost = 0.0;
        unsigned used = 0;
        for (int i = 0; i < n; ++i) {
            CHECK(results[i] == STEER_OK);
            steer_goal gl = goal_of(w, ids[i]);
            CHECK(gl.kind == STEER_GOAL_ARRIVE);
            int j = -1;
            for (int k = 0; k < m; ++k)
                if (gl.target.x == to[k].x && gl.target.y == to[k].y && gl.target.z == (dim == 3 ? to[k].z : 0.0f)) j = k;
            if (j < 0) {
                ++not_a_place;
                continue;
            }
            if (used & (1u << j)) ++shared;
            used |= 1u << j;
            cost += sq_dist(from[i], to[j], dim, false);
        }
        double best = best_cost(from, n, to, m, dim, false, 0, 0);
        if (cost > best * (1 + 1e-6) + 1e-9) ++worse;
        ++cases;
        steer_world_destroy(w);
    }
    printf("places: %d cases, %d not the least sum, %d targets not a place, %d places shared\n", cases, worse,
           not_a_place, shared);
    CHECK(worse == 0 && not_a_place == 0 && shared == 0);
}

static void places_contract(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 16);
    steer_group_def gd = quiet_group();
    int g = steer_world_add_group(w, &gd);
    steer_agent_id ids[4];
    for (int i = 0; i < 4; ++i) ids[i] = steer_world_add_agent(w, g, steer_v3_make(0, 3.0f * (float)i, 0), steer_v3_zero());
    steer_v3 places[4] = {{10, 0, 0}, {10, 3, 0}, {10, 6, 0}, {10, 9, 0}};
    steer_result results[4];
    /* fewer places than agents: refused, 0, nothing set */
    int m0 = misuse_total();
    CHECK(steer_world_send_to_places(w, ids, 4, places, 3, false, results) == 0);
    CHECK(misuse_total() == m0 + 1);
    CHECK(steer_world_goal_count(w) == 0);
    /* duplicate handles ("each handle once"): refused as misuse, nothing set */
    steer_agent_id dup[3] = {ids[0], ids[1], ids[0]};
    m0 = misuse_total();
    int sent = steer_world_send_to_places(w, dup, 3, places, 4, false, results);
    CHECK(sent == 0);
    CHECK(misuse_total() > m0);
    CHECK(steer_world_goal_count(w) == 0);
    for (int i = 0; i < 4; ++i) steer_world_set_goal(w, ids[i], NULL); /* whatever the duplicate call did */
    /* a stale handle among them: refused in results and left out, the others sent (one place spare) */
    steer_agent_id gone = steer_world_add_agent(w, g, steer_v3_make(0, 4, 0), steer_v3_zero());
    steer_world_remove_agent(w, gone);
    steer_agent_id some[3] = {ids[2], gone, ids[0]};
    steer_result three[3];
    CHECK(steer_world_send_to_places(w, some, 3, places, 4, false, three) == 2);
    CHECK(three[0] == STEER_OK && three[1] == STEER_ERROR_STALE_HANDLE && three[2] == STEER_OK);
    CHECK(v3_eq(goal_of(w, ids[2]).target, places[2]) && v3_eq(goal_of(w, ids[0]).target, places[0]));
    CHECK(steer_world_goal_count(w) == 2);
    /* a good call: straight across */
    CHECK(steer_world_send_to_places(w, ids, 4, places, 4, false, results) == 4);
    for (int i = 0; i < 4; ++i) CHECK(v3_eq(goal_of(w, ids[i]).target, places[i]));
    /* together: speed_i = d_i / max_j(d_j / max_speed), at least max_speed / 1000 */
    steer_world_teleport_agent(w, ids[0], steer_v3_make(10, 0, 0), steer_v3_zero()); /* already there */
    steer_world_teleport_agent(w, ids[1], steer_v3_make(6, 3, 0), steer_v3_zero());
    steer_world_teleport_agent(w, ids[2], steer_v3_make(2, 6, 0), steer_v3_zero());
    steer_world_teleport_agent(w, ids[3], steer_v3_make(0, 9, 0), steer_v3_zero());
    CHECK(steer_world_send_to_places(w, ids, 4, places, 4, true, results) == 4);
    float want[4] = {gd.max_speed / 1000.0f, 0.4f * gd.max_speed, 0.8f * gd.max_speed, gd.max_speed};
    for (int i = 0; i < 4; ++i) CHECK_NEAR(goal_of(w, ids[i]).speed, want[i], 1e-5);
    /* and each one's slow radius is its group's scaled as its speed is */
    for (int i = 0; i < 4; ++i) CHECK_NEAR(goal_of(w, ids[i]).slow_radius, gd.slow_radius * want[i] / gd.max_speed, 1e-5);
    /* every one already on its place: each at least a thousandth of its max_speed (0 would read as max_speed) */
    for (int i = 0; i < 4; ++i) steer_world_teleport_agent(w, ids[i], places[i], steer_v3_zero());
    CHECK(steer_world_send_to_places(w, ids, 4, places, 4, true, results) == 4);
    CHECK_NEAR(goal_of(w, ids[0]).speed, gd.max_speed / 1000.0f, 1e-6);
    steer_world_destroy(w);
}

/* A Y-up ground-plane call measures without the up part; a mixed call (not every agent on the ground) in 3D. */
static void places_ground(void)
{
    for (int mixed = 0; mixed < 2; ++mixed) {
        steer_world *w = make_world(3, STEER_UP_Y, 8);
        steer_group_def gd = quiet_group();
        gd.ground_plane = true;
        int gg = steer_world_add_group(w, &gd);
        gd.ground_plane = false;
        int gf = steer_world_add_group(w, &gd);
        steer_agent_id ids[2] = {steer_world_add_agent(w, gg, steer_v3_make(0, 5, 0), steer_v3_zero()),
                                 steer_world_add_agent(w, mixed ? gf : gg, steer_v3_make(2, 0, 0), steer_v3_zero())};
        steer_v3 places[2] = {{0, 0, 0}, {2, 5, 0}};
        CHECK(steer_world_send_to_places(w, ids, 2, places, 2, false, NULL) == 2);
        /* on the ground: 0 -> (0,0,0), 1 -> (2,5,0) (sum 0, against 8); in 3D the other way (8, against 50) */
        int first = mixed ? 1 : 0;
        CHECK(v3_eq(goal_of(w, ids[0]).target, places[first]));
        CHECK(v3_eq(goal_of(w, ids[1]).target, places[1 - first]));
        if (!mixed) {
            /* and together: the speeds from ground distances (both 0 here: at least max_speed / 1000) */
            steer_world_teleport_agent(w, ids[1], steer_v3_make(2, 0, 4), steer_v3_zero());
            CHECK(steer_world_send_to_places(w, ids, 2, places, 2, true, NULL) == 2);
            CHECK_NEAR(goal_of(w, ids[1]).speed, gd.max_speed, 1e-5);
            CHECK_NEAR(goal_of(w, ids[0]).speed, gd.max_speed / 1000.0f, 1e-6);
        }
        steer_world_destroy(w);
    }
}

/* On the way: two agents of one call, within both groups' neighbour_radius,
 * trade when that lowers their summed squared distance by more than a quarter
 * of their summed radii squared; a goal given another way takes one out. */
static void places_trade(void)
{
    for (int taken_out = 0; taken_out < 3; ++taken_out) {
        steer_world *w = make_world(2, STEER_UP_Z, 8);
        steer_group_def gd = quiet_group();
        gd.neighbour_radius = 3.0f;
        int g = steer_world_add_group(w, &gd);
        steer_agent_id ids[2] = {steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero()),
                                 steer_world_add_agent(w, g, steer_v3_make(0, 1, 0), steer_v3_zero())};
        steer_v3 places[2] = {{10, 0, 0}, {10, 1, 0}};
        steer_world_teleport_agent(w, ids[1], steer_v3_make(-4, 1, 0), steer_v3_zero()); /* farther: faster */
        CHECK(steer_world_send_to_places(w, ids, 2, places, 2, true, NULL) == 2);
        steer_world_teleport_agent(w, ids[1], steer_v3_make(0, 1, 0), steer_v3_zero());
        CHECK(v3_eq(goal_of(w, ids[0]).target, places[0]));
        float speed0 = goal_of(w, ids[0]).speed, speed1 = goal_of(w, ids[1]).speed;
        CHECK(speed0 < speed1);
        /* through a snapshot: the goals still of one call */
        size_t size = steer_world_snapshot_size(w);
        void *buffer = malloc(size);
        CHECK(steer_world_save(w, buffer, size, NULL) == STEER_OK);
        steer_world_set_goals(w, ids, NULL, 0, NULL);
        steer_world_set_goal(w, ids[0], NULL);
        CHECK(steer_world_restore(w, buffer, size) == STEER_OK);
        free(buffer);
        /* pushed out of order: now the other's place is nearer */
        float apart = taken_out == 2 ? 4.0f : 1.0f; /* 2: out of each other's neighbour_radius */
        steer_world_teleport_agent(w, ids[0], steer_v3_make(2, apart, 0), steer_v3_zero());
        steer_world_teleport_agent(w, ids[1], steer_v3_make(2, 0, 0), steer_v3_zero());
        if (taken_out == 1) steer_world_set_targets(w, ids, places, 1, STEER_GOAL_ARRIVE, NULL);
        steer_world_step(w, DT);
        bool traded = v3_eq(goal_of(w, ids[0]).target, places[1]) && v3_eq(goal_of(w, ids[1]).target, places[0]);
        if (taken_out == 0) {
            CHECK(traded);
            /* "each place keeps the speed and slow radius together planned for it" */
            CHECK(goal_of(w, ids[0]).speed == speed1 && goal_of(w, ids[1]).speed == speed0);
        } else {
            CHECK(!traded);
        }
        steer_world_destroy(w);
    }
}

/* `together` over groups of other max speeds (the time is the longest any needs at
 * its own max_speed); trading needs both groups' neighbour_radius; ties to the lower index. */
static void places_more(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 8);
    steer_group_def gd = quiet_group();
    gd.max_speed = 1.0f;
    gd.neighbour_radius = 3.0f;
    int slow = steer_world_add_group(w, &gd);
    gd.max_speed = 4.0f;
    gd.neighbour_radius = 0.5f;
    int quick = steer_world_add_group(w, &gd);
    steer_agent_id ids[2] = {steer_world_add_agent(w, slow, steer_v3_make(0, 0, 0), steer_v3_zero()),
                             steer_world_add_agent(w, quick, steer_v3_make(0, 1, 0), steer_v3_zero())};
    steer_v3 places[2] = {{5, 0, 0}, {8, 1, 0}};
    CHECK(steer_world_send_to_places(w, ids, 2, places, 2, true, NULL) == 2);
    /* times at max speed: 5 and 2; all arrive together in 5: speeds 1 and 8 / 5 */
    CHECK_NEAR(goal_of(w, ids[0]).speed, 1.0, 1e-5);
    CHECK_NEAR(goal_of(w, ids[1]).speed, 1.6, 1e-5);
    /* swapped, 1 apart: within the slow group's radius, not the quick one's: no trade */
    steer_world_teleport_agent(w, ids[0], steer_v3_make(4, 1, 0), steer_v3_zero());
    steer_world_teleport_agent(w, ids[1], steer_v3_make(4, 0, 0), steer_v3_zero());
    steer_world_step(w, DT);
    CHECK(v3_eq(goal_of(w, ids[0]).target, places[0]));
    /* two agents on one spot, two places the same distance away: the lower index takes the lower */
    steer_world_teleport_agent(w, ids[0], steer_v3_make(-20, 0, 0), steer_v3_zero());
    steer_world_teleport_agent(w, ids[1], steer_v3_make(-20, 0, 0), steer_v3_zero());
    steer_v3 tie[2] = {{-20, 5, 0}, {-20, -5, 0}};
    CHECK(steer_world_send_to_places(w, ids, 2, tie, 2, false, NULL) == 2);
    CHECK(v3_eq(goal_of(w, ids[0]).target, tie[0]) && v3_eq(goal_of(w, ids[1]).target, tie[1]));
    steer_world_destroy(w);
}

/* `together` arrivals at about the same time (world.h): agents 5 and 40
 * from their places come in within a tenth of the time apart. With the
 * group's slow radius for both, the near one (speed 2 * 5 / 40) spent 8 s
 * of slow-down per e-fold inside it and came in at 41.5 s against 22.7. */
static void together_arrive_together(void)
{
    steer_world *w = make_world(2, STEER_UP_Z, 4);
    steer_group_def gd = quiet_group();
    gd.max_speed = 2.0f;
    gd.max_force = 20.0f;
    gd.slow_radius = 2.0f;
    int g = steer_world_add_group(w, &gd);
    steer_agent_id ids[2] = {steer_world_add_agent(w, g, steer_v3_make(0, 0, 0), steer_v3_zero()),
                             steer_world_add_agent(w, g, steer_v3_make(0, 10, 0), steer_v3_zero())};
    steer_v3 places[2] = {{5, 0, 0}, {40, 10, 0}};
    CHECK(steer_world_send_to_places(w, ids, 2, places, 2, true, NULL) == 2);
    int when[2] = {-1, -1};
    for (int step = 0; step < 60 * 40 && (when[0] < 0 || when[1] < 0); ++step) {
        steer_world_step(w, 1.0f / 60.0f);
        for (int k = 0; k < 2; ++k)
            if (when[k] < 0 && steer_world_has_arrived(w, ids[k])) when[k] = step;
    }
    CHECK(when[0] >= 0 && when[1] >= 0);
    int later = when[0] > when[1] ? when[0] : when[1], apart = when[0] > when[1] ? when[0] - when[1] : when[1] - when[0];
    CHECK(apart * 10 < later);
    printf("together: arrivals at %.2f and %.2f s\n", when[0] / 60.0, when[1] / 60.0);
    steer_world_destroy(w);
}

int main(void)
{
    set_and_get_one();
    bulk();
    for (int kind = 0; kind < 3; ++kind) arrivals(kind);
    arrivals_in_slot_order();
    progress();
    path_in_order(2, STEER_UP_Z);
    path_in_order(3, STEER_UP_Z);
    path_in_order(3, STEER_UP_Y);
    path_rerouted_and_odd_paths();
    goal_odds();
    snapshots();
    for (int kind = 0; kind < 3; ++kind) ground_plane(kind);
    formation_frames(2, STEER_UP_Z);
    formation_frames(3, STEER_UP_Z);
    formation_frames(3, STEER_UP_Y);
    formation_order_does_not_matter();
    formation_lifetime();
    formation_slot_reuse();
    formation_snapshot_standing();
    formation_steady_motion();
    places_least_squares();
    places_contract();
    places_ground();
    places_trade();
    places_more();
    together_arrive_together();
    return check_summary("test_world_goal_contracts");
}
