/* Predictive avoidance in the world (AVOID_NEIGHBOURS, ANTICIPATE,
 * keep_apart): an exact head-on pair passes on its right and both arrive;
 * the scene turned by 90 degrees gives the turned trajectories; priority
 * splits the dodge; a moving obstacle is anticipated at its declared
 * velocity; keep_apart never lets two agents overlap; a faster agent looks
 * further with see_ahead_time; QUEUE brakes behind a slower agent;
 * FOLLOW_LEADER keeps behind its leader and out of its way; a crowd gives
 * the same bits for any thread count, scheduler and kernel, and through a
 * snapshot, and with its agents' steps in the crowd kernel or scalar;
 * units added at one point part. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "crowd_unit.h"
#include "random_scheduler.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

extern bool steer__crowd_kernel_off; /* the library's test switch (src/world_forces.h) */

#ifdef STEER_TEST_SANITIZED
#define CROWD_SIDE 8 /* agents per side of the crowd's square */
#define CROWD_STEPS 150
#define DENSE_AGENTS 600 /* the dense crowds: half as many (still hundreds in each one's neighbour radius); the strip half as long */
#define STRIP_LENGTH 15.0f
#else
#define CROWD_SIDE 16
#define CROWD_STEPS 400
#define DENSE_AGENTS 1200
#define STRIP_LENGTH 30.0f
#endif

static steer_world_def open_world(int workers)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.bounds_min = (steer_v3){-60.0f, -60.0f, 0.0f};
    wd.bounds_max = (steer_v3){60.0f, 60.0f, 0.0f};
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.worker_count = workers;
    return wd;
}

/* The crowd settings of the scenarios (scenarios/circle_crossing.json):
 * the goal after the avoidance in the running sum. */
static steer_group_def walker(steer_behaviour avoid)
{
    steer_group_def g = steer_default_group_def();
    memset(g.weight, 0, sizeof g.weight);
    g.weight[avoid] = 1.0f;
    g.weight[STEER_ARRIVE] = 1.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.max_speed = 2.0f;
    g.max_force = 4.0f;
    g.radius = 1.5f;
    g.neighbour_radius = 10.0f;
    g.anticipation_k = 20.0f;
    g.keep_right = 0.5f;
    g.arrival_tolerance = 1.5f;
    g.arrival_speed = 0.5f;
    g.keep_apart = true;
    return g;
}

static steer_v2 turn(steer_v2 a, float c, float s) { return steer_v2_make(c * a.x - s * a.y, s * a.x + c * a.y); }

typedef struct pair_run {
    steer_v2 path[2][200];
    double closest;
    int arrived_step; /* both arrived; -1: never */
    double right_of_line[2]; /* the largest step to each agent's own right of its start-goal line */
} pair_run;

/* Two agents 20 apart (turned by angle), each to the other's start, at a
 * preferred speed of 1, dt 0.25. */
static pair_run head_on(steer_behaviour avoid, float angle, float priority0, float priority1)
{
    pair_run run;
    memset(&run, 0, sizeof run);
    run.closest = 1e9;
    run.arrived_step = -1;
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(avoid);
    g.priority = priority0;
    steer_world_add_group(w, &g);
    g.priority = priority1;
    steer_world_add_group(w, &g);
    float c = cosf(angle), s = sinf(angle);
    steer_v2 start[2] = {turn(steer_v2_make(-10.0f, 0.0f), c, s), turn(steer_v2_make(10.0f, 0.0f), c, s)};
    steer_agent_id id[2];
    for (int k = 0; k < 2; ++k) id[k] = steer_world_add_agent(w, k, (steer_v3){start[k].x, start[k].y, 0.0f}, steer_v3_zero());
    for (int k = 0; k < 2; ++k) {
        steer_goal goal = {0};
        goal.kind = STEER_GOAL_ARRIVE;
        goal.target = (steer_v3){start[1 - k].x, start[1 - k].y, 0.0f};
        goal.speed = 1.0f;
        goal.slow_radius = 2.0f;
        CHECK(steer_world_set_goal(w, id[k], &goal) == STEER_OK);
    }
    for (int step = 0; step < 200; ++step) {
        CHECK(steer_world_step(w, 0.25f) == STEER_OK);
        steer_agent_state a[2];
        for (int k = 0; k < 2; ++k) {
            steer_world_get_agent(w, id[k], &a[k]);
            run.path[k][step] = steer_v2_make(a[k].position.x, a[k].position.y);
            /* its right of its own line: heading d = goal - start, right = (d.y, -d.x) */
            steer_v2 d = steer_v2_sub(start[1 - k], start[k]), off = steer_v2_sub(run.path[k][step], start[k]);
            double right = (off.x * d.y - off.y * d.x) / steer_v2_len(d);
            if (right > run.right_of_line[k]) run.right_of_line[k] = right;
        }
        double dist = steer_v2_len(steer_v2_sub(run.path[0][step], run.path[1][step]));
        if (dist < run.closest) run.closest = dist;
        if (run.arrived_step < 0 && steer_world_has_arrived(w, id[0]) && steer_world_has_arrived(w, id[1]))
            run.arrived_step = step + 1;
    }
    steer_world_destroy(w);
    return run;
}

/* ---- 1. the exact head-on pair passes, on its right ---------------------------- */
static void head_on_pair_passes_on_the_right(void)
{
    const steer_behaviour kinds[2] = {STEER_ANTICIPATE, STEER_AVOID_NEIGHBOURS};
    for (int b = 0; b < 2; ++b) {
        pair_run run = head_on(kinds[b], 0.0f, 1.0f, 1.0f);
        printf("head-on (%s): both arrived at %.2f s, closest %.3f (sum of radii 3), sidesteps %.2f and %.2f\n",
               b ? "avoid_neighbours" : "anticipate", run.arrived_step * 0.25, run.closest, run.right_of_line[0],
               run.right_of_line[1]);
        CHECK(run.arrived_step > 0 && run.arrived_step * 0.25 <= 30.0);
        CHECK(run.closest >= 3.0);
        CHECK(run.right_of_line[0] > 1.0 && run.right_of_line[1] > 1.0); /* both went right */
        /* the pair is symmetric under a half turn: each mirrors the other */
        for (int s = 0; s < 200; s += 10) {
            CHECK_NEAR(run.path[0][s].x, -run.path[1][s].x, 1e-3);
            CHECK_NEAR(run.path[0][s].y, -run.path[1][s].y, 1e-3);
        }
    }
    /* Without keep_right and keep_apart nothing breaks the symmetry: they stall face to face. */
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_ANTICIPATE);
    g.keep_right = 0.0f;
    steer_world_add_group(w, &g);
    steer_agent_id a = steer_world_add_agent(w, 0, (steer_v3){-10, 0, 0}, steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, 0, (steer_v3){10, 0, 0}, steer_v3_zero());
    steer_v3 targets[2] = {{10, 0, 0}, {-10, 0, 0}};
    steer_agent_id ids[2] = {a, b};
    CHECK(steer_world_set_targets(w, ids, targets, 2, STEER_GOAL_ARRIVE, 0) == 2);
    for (int s = 0; s < 200; ++s) steer_world_step(w, 0.25f);
    CHECK(!steer_world_has_arrived(w, a) && !steer_world_has_arrived(w, b));
    steer_world_destroy(w);
}

/* ---- 2. turned by 90 degrees: the turned trajectories ---------------------------- */
static void a_turned_scene_gives_turned_trajectories(void)
{
    pair_run base = head_on(STEER_ANTICIPATE, 0.0f, 1.0f, 1.0f);
    const float quarter = 1.5707963267948966f;
    pair_run turned = head_on(STEER_ANTICIPATE, quarter, 1.0f, 1.0f);
    double worst = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int s = 0; s < 200; ++s) {
            steer_v2 expect = steer_v2_make(-base.path[k][s].y, base.path[k][s].x);
            double e = steer_v2_len(steer_v2_sub(expect, turned.path[k][s]));
            if (e > worst) worst = e;
        }
    printf("head-on turned by 90 degrees: trajectories within %.2e of the turned ones\n", worst);
    CHECK(worst <= 1e-4);
}

/* A 3D world with up = Y is the Z-up one turned (steer_v3_from_z_up): the
 * head-on pair with anticipation and keep_apart in each, its positions
 * turned back, step by step (not to the bit: a length sums its squares in
 * the world's axis order). */
static void a_y_up_world_gives_the_z_up_pair_turned(void)
{
    steer_v3 path[2][2][120];
    for (int u = 0; u < 2; ++u) {
        steer_up_axis up = u ? STEER_UP_Y : STEER_UP_Z;
        steer_world_def wd = open_world(1);
        wd.dim = 3;
        wd.up = up;
        wd.bounds_min = (steer_v3){-60.0f, -60.0f, -60.0f}; /* a cube: the same box turned */
        wd.bounds_max = (steer_v3){60.0f, 60.0f, 60.0f};
        steer_world *w = steer_world_create(&wd);
        CHECK(w != NULL);
        if (!w) return;
        steer_group_def g = walker(STEER_ANTICIPATE);
        steer_world_add_group(w, &g);
        /* a little off the line, so that the sideways terms are not all zero */
        const steer_v3 start[2] = {{-10.0f, 0.0f, 0.0f}, {10.0f, 0.25f, 0.5f}};
        steer_agent_id id[2];
        for (int k = 0; k < 2; ++k) id[k] = steer_world_add_agent(w, 0, steer_v3_from_z_up(start[k], up), steer_v3_zero());
        for (int k = 0; k < 2; ++k) {
            steer_goal goal = {0};
            goal.kind = STEER_GOAL_ARRIVE;
            goal.target = steer_v3_from_z_up(start[1 - k], up);
            goal.speed = 1.0f;
            CHECK(steer_world_set_goal(w, id[k], &goal) == STEER_OK);
        }
        for (int s = 0; s < 120; ++s) {
            CHECK(steer_world_step(w, 0.25f) == STEER_OK);
            for (int k = 0; k < 2; ++k) {
                steer_agent_state a;
                steer_world_get_agent(w, id[k], &a);
                path[u][k][s] = steer_v3_to_z_up(a.position, up);
            }
        }
        steer_world_destroy(w);
    }
    double worst = 0.0, sidestep = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int s = 0; s < 120; ++s) {
            worst = fmax(worst, steer_v3_len(steer_v3_sub(path[0][k][s], path[1][k][s])));
            sidestep = fmax(sidestep, fabs(path[0][k][s].y - (k ? 0.25 : 0.0)));
        }
    printf("head-on in 3D, Y-up against Z-up turned: within %.2e (sidestep %.2f)\n", worst, sidestep);
    CHECK(sidestep > 1.0); /* they did dodge */
    CHECK(worst <= 1e-4);
}

/* ---- 3. priority: the heavy one yields less ------------------------------------- */
static void priority_splits_the_dodge(void)
{
    pair_run even = head_on(STEER_ANTICIPATE, 0.0f, 1.0f, 1.0f);
    pair_run heavy = head_on(STEER_ANTICIPATE, 0.0f, 4.0f, 1.0f); /* agent 0 four times the priority */
    printf("priority 4 against 1: sidesteps %.2f and %.2f (even: %.2f, %.2f)\n", heavy.right_of_line[0],
           heavy.right_of_line[1], even.right_of_line[0], even.right_of_line[1]);
    CHECK(heavy.right_of_line[0] < 0.75 * even.right_of_line[0]);
    CHECK(heavy.right_of_line[1] > even.right_of_line[1]);
    CHECK(heavy.closest >= 3.0 && heavy.arrived_step > 0);
}

/* ---- 4. a moving obstacle, anticipated at its declared velocity ----------------- */
/* An obstacle crossing the agent's path from the side, moved each step by
 * the caller (as the world leaves it) at the velocity it declares. */
static double obstacle_crossing(bool declared, bool keep_apart)
{
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_ANTICIPATE);
    g.keep_apart = keep_apart;
    steer_world_add_group(w, &g);
    steer_agent_id a = steer_world_add_agent(w, 0, (steer_v3){-20, 0, 0}, (steer_v3){1, 0, 0});
    steer_v3 target = {20, 0, 0};
    steer_world_set_targets(w, &a, &target, 1, STEER_GOAL_ARRIVE, 0);
    steer_v3 centre = {0, -10, 0}, vel = {0, 1, 0}; /* at the crossing when the agent is, at t = 10 */
    int o = steer_world_add_obstacle(w, centre, 2.0f);
    if (declared) CHECK(steer_world_set_obstacle_velocity(w, o, vel) == STEER_OK);
    CHECK(steer_world_get_obstacle_velocity(w, o).y == (declared ? 1.0f : 0.0f));
    double closest = 1e9;
    for (int s = 0; s < 240; ++s) {
        steer_world_step(w, 0.25f);
        centre = steer_v3_mad(centre, vel, 0.25f);
        steer_world_set_obstacle(w, o, centre, 2.0f);
        steer_agent_state st;
        steer_world_get_agent(w, a, &st);
        double d = steer_v3_len(steer_v3_sub(st.position, centre)) - 3.5; /* minus both radii */
        if (d < closest) closest = d;
    }
    CHECK(steer_world_has_arrived(w, a));
    steer_world_destroy(w);
    return closest;
}

static void a_moving_obstacle_is_anticipated(void)
{
    double blind = obstacle_crossing(false, false), seen = obstacle_crossing(true, false);
    double kept = obstacle_crossing(true, true);
    printf("obstacle crossing at speed 1: clearance %.3f undeclared, %.3f declared, %.3f declared with keep_apart\n",
           blind, seen, kept);
    CHECK(blind < 0.0);  /* seen as standing still, it runs the agent over */
    CHECK(seen >= 0.0); /* anticipated at its velocity, it is passed clear */
    CHECK(kept >= 0.0);
}

/* keep_apart's limit holds against a neighbour of another group whose
 * radius and priority set a longer reach than the agent's own (the
 * neighbours select flags near are bounded over every group it sees):
 * each step, the agent's approach along the line to a standing giant of
 * radius 2 and priority 4 is at most its share of the gap over dt.
 * Its share, 1 / (1 / 2 + 4 / 2) / 2 = 0.2 (the giant yields less), slows
 * it from 2 / (0.2 * 30) = 0.33 short of contact on; a bound from its own
 * radius (0.2 for the pair) would flag the giant only 0.33 from its centre,
 * inside its body, and one from its own share (0.5) too late to keep that
 * limit. */
static void keep_apart_limits_hold_against_a_larger_group(void)
{
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def walkers = walker(STEER_SEEK);
    walkers.weight[STEER_SEEK] = 0.0f;
    walkers.radius = 0.1f;
    walkers.neighbour_radius = 5.0f;
    walkers.max_force = 100.0f; /* at full speed within a step: the limit, not the force, slows it */
    steer_world_add_group(w, &walkers);
    steer_group_def giants = steer_default_group_def();
    memset(giants.weight, 0, sizeof giants.weight);
    giants.radius = 2.0f;
    giants.priority = 4.0f;
    steer_world_add_group(w, &giants);
    steer_agent_id a = steer_world_add_agent(w, 0, (steer_v3){-6, 0, 0}, steer_v3_zero());
    steer_world_add_agent(w, 1, steer_v3_zero(), steer_v3_zero());
    steer_v3 target = {6, 0, 0};
    CHECK(steer_world_set_targets(w, &a, &target, 1, STEER_GOAL_ARRIVE, 0) == 1);
    const float dt = 1.0f / 30.0f, share = 1.0f / (0.5f * 1.0f + 0.5f * 4.0f) * 0.5f;
    double worst = -1e9;
    for (int s = 0; s < 120; ++s) {
        steer_agent_state before, after;
        steer_world_get_agent(w, a, &before);
        CHECK(steer_world_step(w, dt) == STEER_OK);
        steer_world_get_agent(w, a, &after);
        double dist = -before.position.x, gap = fmax(dist - 2.1 * 1.001, 0.0);
        double excess = after.velocity.x - share * gap / dt; /* toward the giant: +x */
        if (excess > worst) worst = excess;
    }
    steer_agent_state end;
    steer_world_get_agent(w, a, &end);
    printf("keep_apart against a giant of another group: approach over its limit at most %.2e, stopped %.4f from contact\n",
           worst, -end.position.x - 2.1);
    CHECK(worst <= 1e-4);
    CHECK(-end.position.x >= 2.1);
    steer_world_destroy(w);
}

/* ---- 5. keep_apart: no two agents ever overlap ------------------------------------ */
/* Agents on a lattice 3.2 apart (radius 1.5), each sent through the crowd
 * to a random point, with mixed priorities and no avoidance force at all:
 * the filter alone must keep every pair apart. */
static void keep_apart_never_lets_agents_overlap(void)
{
    steer_world_def wd = open_world(2);
    wd.capacity = CROWD_SIDE * CROWD_SIDE;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_SEEK);
    g.weight[STEER_SEEK] = 0.0f;
    steer_world_add_group(w, &g);
    g.priority = 3.0f;
    g.radius = 1.0f;
    steer_world_add_group(w, &g);
    steer_rng rng = steer_rng_make(17);
    enum { N = CROWD_SIDE * CROWD_SIDE };
    steer_agent_id ids[N];
    steer_v3 targets[N];
    float radius[N];
    for (int i = 0; i < N; ++i) {
        int group = i % 3 == 0;
        float x = -0.5f * 3.2f * CROWD_SIDE + 3.2f * (float)(i % CROWD_SIDE), y = -0.5f * 3.2f * CROWD_SIDE + 3.2f * (float)(i / CROWD_SIDE);
        ids[i] = steer_world_add_agent(w, group, (steer_v3){x, y, 0}, steer_v3_zero());
        radius[i] = group ? 1.0f : 1.5f;
        float tx = 50.0f * (2.0f * steer_rng_float(&rng) - 1.0f);
        float ty = 50.0f * (2.0f * steer_rng_float(&rng) - 1.0f);
        targets[i] = (steer_v3){tx, ty, 0};
    }
    steer_world_set_targets(w, ids, targets, N, STEER_GOAL_SEEK, 0);
    double worst = 1e9;
    steer_agent_state *st = malloc(sizeof *st * N);
    for (int s = 0; s < CROWD_STEPS; ++s) {
        steer_world_step(w, 0.25f);
        for (int i = 0; i < N; ++i) steer_world_get_agent(w, ids[i], &st[i]);
        for (int i = 0; i < N; ++i)
            for (int j = i + 1; j < N; ++j) {
                double d = steer_v3_len(steer_v3_sub(st[i].position, st[j].position)) / (radius[i] + radius[j]);
                if (d < worst) worst = d;
            }
    }
    printf("keep_apart, %d agents through each other for %d steps: closest %.4f of the sum of radii\n", N, CROWD_STEPS, worst);
    CHECK(worst >= 1.0);
    free(st);
    steer_world_destroy(w);
}

/* keep_apart in a group that only flocks: cohesion pulls 400 boids of
 * radius 0.5 together, and no two bodies overlap (the flocking fast path,
 * which has no velocity filter, used to take the group and left keep_apart
 * out: the boids piled onto each other, centres 0 apart). */
static void keep_apart_holds_for_a_flock(void)
{
    steer_world_def wd = open_world(2);
    wd.capacity = 400;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_SEPARATION] = 0.0f; /* nothing else keeps them apart */
    g.weight[STEER_COHESION] = 3.0f;
    g.radius = 0.5f;
    g.neighbour_radius = 4.0f;
    g.keep_apart = true;
    steer_world_add_group(w, &g);
    steer_rng rng = steer_rng_make(5);
    steer_agent_id ids[400];
    for (int i = 0; i < 400; ++i)
        ids[i] = steer_world_add_agent(w, 0, (steer_v3){-30.0f + 3.0f * (float)(i % 20) + steer_rng_range(&rng, -0.2f, 0.2f),
                                                       -30.0f + 3.0f * (float)(i / 20), 0.0f}, steer_v3_zero());
    double worst = 1e9;
    steer_agent_state st[400];
    for (int s = 0; s < 300; ++s) {
        steer_world_step(w, 1.0f / 30.0f);
        for (int i = 0; i < 400; ++i) steer_world_get_agent(w, ids[i], &st[i]);
        for (int i = 0; i < 400; ++i)
            for (int j = i + 1; j < 400; ++j) {
                double d = steer_v3_dist(st[i].position, st[j].position);
                if (d < worst) worst = d;
            }
    }
    printf("keep_apart, 400 cohesive boids for 300 steps: closest centres %.4f (bodies touch at 1)\n", worst);
    CHECK(worst >= 1.0 - 1e-4);
    steer_world_destroy(w);
}

/* A world of bodies of radius 0.5 that follow only their own goals, with
 * keep_apart: 2D, or 3D Y-up with its bodies on the ground (XZ). */
static steer_world *ground_walkers(int dim, float arrival_tolerance)
{
    steer_world_def wd = open_world(1);
    wd.dim = dim;
    wd.up = dim == 3 ? STEER_UP_Y : STEER_UP_Z;
    wd.bounds_min.z = -60.0f;
    wd.bounds_max.z = 60.0f;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_SEEK);
    g.weight[STEER_SEEK] = 0.0f;
    g.radius = 0.5f;
    g.arrival_tolerance = arrival_tolerance;
    g.ground_plane = dim == 3;
    steer_world_add_group(w, &g);
    return w;
}

/* A point of the ground frame (x, y) in world w (the identity in 2D). */
static steer_up_axis up_of(const steer_world *w)
{
    steer_world_def wd;
    CHECK(steer_world_get_def(w, &wd) == STEER_OK);
    return wd.up;
}
static steer_v3 ground(const steer_world *w, float x, float y)
{
    return steer_v3_from_z_up((steer_v3){x, y, 0.0f}, up_of(w));
}

/* The least gap between the bodies of n agents (at most 64) whose radii
 * sum to contact, now. */
static double closest_gap(const steer_world *w, const steer_agent_id *ids, int n, double contact)
{
    steer_v3 p[64];
    double closest = 1e30;
    for (int i = 0; i < n && i < 64; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        p[i] = st.position;
        for (int j = 0; j < i; ++j) closest = fmin(closest, steer_v3_dist(p[i], p[j]) - contact);
    }
    return closest;
}

/* keep_apart at the largest priority a group may have (FLT_MAX, an
 * obstacle's, is refused): against it the others' share of a gap is a
 * millionth, and two such agents walking into others and each other
 * never overlap. */
static void keep_apart_holds_at_the_largest_priority(void)
{
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_SEEK);
    g.weight[STEER_SEEK] = 0.0f;
    g.radius = 0.5f;
    g.priority = STEER_MAX_PRIORITY;
    CHECK(steer_world_add_group(w, &g) == 0);
    g.priority = 1.0f;
    steer_world_add_group(w, &g);
    steer_agent_id ids[4] = {
        steer_world_add_agent(w, 0, (steer_v3){-6, 0, 0}, steer_v3_zero()),
        steer_world_add_agent(w, 0, (steer_v3){6, 0.2f, 0}, steer_v3_zero()),
        steer_world_add_agent(w, 1, (steer_v3){0, 0, 0}, steer_v3_zero()),
        steer_world_add_agent(w, 1, (steer_v3){0, -6, 0}, steer_v3_zero()),
    };
    steer_v3 targets[4] = {{6, 0, 0}, {-6, 0.2f, 0}, {0, -3, 0}, {0, 6, 0}};
    CHECK(steer_world_set_targets(w, ids, targets, 4, STEER_GOAL_ARRIVE, 0) == 4);
    double closest = 1e30;
    for (int s = 0; s < 300; ++s) {
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        closest = fmin(closest, closest_gap(w, ids, 4, 1.0));
    }
    printf("keep_apart with a group of priority %g: closest bodies %.4f apart\n", (double)STEER_MAX_PRIORITY, closest);
    CHECK(closest >= -1e-4);
    steer_world_destroy(w);
}

/* keep_apart and priority: a unit of higher priority walks through idle
 * units of lower priority, which step aside for it and return to their
 * points. A corridor 4.6 wide (solid walls), a block of 3 x 6 idle units
 * (radius 0.5, 0.2 between bodies, each arrived on its own point) across
 * it, and a walker of the same size sent from x = -15 to 15: with equal
 * priorities it is held at their bodies for good; with its priority 10 or
 * 100 times theirs it takes the larger share of every gap (it yields
 * less) and they the larger part of the dodge. No two bodies overlap. A
 * walker held among them as one of their group passes once it is moved
 * to the group of priority 10 (steer_world_set_agent_group: the RTS way
 * to give units with orders the right of way). */
typedef struct corridor_run {
    float walker_arrival; /* seconds; < 0: never */
    int idle_back;        /* idle units arrived on their points at the end */
    double closest;       /* the least gap between two bodies over the run */
    uint64_t hash;
} corridor_run;

enum { CORRIDOR_IDLE = 18, CORRIDOR_STEPS = 60 * 30 };

/* arrived_priority: both groups' (0: none); restore_step >= 0: the world
 * saved at that step and restored into a new one, which goes on */
static corridor_run run_corridor(float walker_priority, int workers, steer_kernel kernel, int promote_step,
                                 float arrived_priority, int restore_step)
{
    const float dt = 1.0f / 30.0f;
    steer_world_def wd = open_world(workers);
    wd.capacity = CORRIDOR_IDLE + 1;
    wd.solid_walls = true;
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    steer_world_add_wall(w, (steer_v3){-20, 2.3f, 0}, (steer_v3){20, 2.3f, 0});
    steer_world_add_wall(w, (steer_v3){20, -2.3f, 0}, (steer_v3){-20, -2.3f, 0});
    steer_group_def g = walker(STEER_ANTICIPATE);
    g.weight[STEER_ARRIVE] = 0.0f; /* goals only */
    g.radius = 0.5f;
    g.neighbour_radius = 3.0f;
    g.arrival_tolerance = 0.1f;
    g.arrival_speed = 0.1f;
    g.departure_distance = 1.5f;
    g.arrived_priority = arrived_priority;
    g.priority = walker_priority;
    steer_world_add_group(w, &g);
    g.priority = 1.0f;
    steer_world_add_group(w, &g);
    steer_agent_id ids[CORRIDOR_IDLE + 1];
    for (int k = 0; k < CORRIDOR_IDLE; ++k) {
        steer_v3 spot = {-3.0f + 1.2f * (float)(k % 6), -1.2f + 1.2f * (float)(k / 6), 0.0f};
        ids[k] = steer_world_add_agent(w, 1, spot, steer_v3_zero());
        CHECK(steer_world_set_targets(w, &ids[k], &spot, 1, STEER_GOAL_ARRIVE, 0) == 1);
    }
    steer_v3 far_end = {15, 0, 0};
    /* promote_step >= 0: a walker of the idle units' group, moved to its own at that step */
    int first_group = promote_step >= 0 ? 1 : 0;
    steer_agent_id walker_id = ids[CORRIDOR_IDLE] = steer_world_add_agent(w, first_group, (steer_v3){-15, 0, 0}, steer_v3_zero());
    CHECK(steer_world_set_targets(w, &walker_id, &far_end, 1, STEER_GOAL_ARRIVE, 0) == 1);
    corridor_run run = {-1.0f, 0, 1e30, 0};
    for (int s = 0; s < CORRIDOR_STEPS; ++s) {
        if (s == promote_step) {
            steer_agent_state before, after;
            CHECK(steer_world_get_agent(w, walker_id, &before) == STEER_OK && before.group == 1);
            CHECK(steer_world_set_agent_group(w, walker_id, 0) == STEER_OK);
            CHECK(steer_world_get_agent(w, walker_id, &after) == STEER_OK && after.group == 0);
            CHECK(!memcmp(&before.position, &after.position, sizeof before.position)); /* only its group changes */
            steer_goal kept;
            CHECK(steer_world_get_goal(w, walker_id, &kept) == STEER_OK && kept.kind == STEER_GOAL_ARRIVE);
        }
        if (s == restore_step) {
            snap_buffer b = snap_save(w);
            steer_world_destroy(w);
            w = steer_world_create(&wd);
            CHECK(steer_world_restore(w, b.data, b.size) == STEER_OK);
            steer_world_set_kernel(w, kernel);
            free(b.data);
        }
        CHECK(steer_world_step(w, dt) == STEER_OK);
        if (run.walker_arrival < 0.0f && steer_world_has_arrived(w, walker_id)) run.walker_arrival = (float)(s + 1) * dt;
        run.closest = fmin(run.closest, closest_gap(w, ids, CORRIDOR_IDLE + 1, 1.0));
    }
    for (int k = 0; k < CORRIDOR_IDLE; ++k) run.idle_back += steer_world_has_arrived(w, ids[k]);
    run.hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return run;
}

static void a_unit_of_higher_priority_walks_through_idle_ones(void)
{
    corridor_run even = run_corridor(1.0f, 1, STEER_KERNEL_SCALAR, -1, 0.0f, -1);
    printf("corridor, equal priorities: the walker %s (closest bodies %.4f apart)\n",
           even.walker_arrival < 0.0f ? "is held at the idle units for good" : "arrives", even.closest);
    CHECK(even.closest >= -1e-4);
    static const float priorities[] = {10.0f, 100.0f};
    for (int i = 0; i < 2; ++i) {
        corridor_run run = run_corridor(priorities[i], 1, STEER_KERNEL_SCALAR, -1, 0.0f, -1);
        printf("corridor, the walker's priority %g: arrives at %.1f s, %d of %d idle units back on their points, "
               "closest bodies %.4f apart\n", (double)priorities[i], (double)run.walker_arrival, run.idle_back,
               CORRIDOR_IDLE, run.closest);
        CHECK(run.walker_arrival > 0.0f && run.walker_arrival < 25.0f); /* unhindered: 15 s */
        CHECK(run.idle_back == CORRIDOR_IDLE);
        CHECK(run.closest >= -1e-4);
        if (i) continue;
        for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
            if (!steer_kernel_available((steer_kernel)k)) continue;
            for (int workers = 1; workers <= 2; ++workers)
                CHECK(run_corridor(priorities[i], workers, (steer_kernel)k, -1, 0.0f, -1).hash == run.hash);
        }
    }
    corridor_run promoted = run_corridor(10.0f, 1, STEER_KERNEL_SCALAR, 20 * 30, 0.0f, -1);
    printf("corridor, a walker of the idle units' group moved to the group of priority 10 at 20 s: arrives at %.1f s, "
           "%d of %d idle units back on their points, closest bodies %.4f apart\n", (double)promoted.walker_arrival,
           promoted.idle_back, CORRIDOR_IDLE, promoted.closest);
    CHECK(promoted.walker_arrival > 20.0f && promoted.walker_arrival < 50.0f);
    CHECK(promoted.idle_back == CORRIDOR_IDLE);
    CHECK(promoted.closest >= -1e-4);
}

/* A group's arrived_priority: the walker and the idle units of equal
 * priority, but an arrived unit's priority 0.1 (or 0.01) while it stands
 * on its point: the idle units make way as for a walker of priority 10,
 * and one pushed out of its place (farther than the departure distance)
 * has the right of way back in. Equal priorities and no arrived_priority
 * hold the walker for good (above). One hash for every kernel, 1 and 2
 * workers and through a restore in the middle of the passing. */
static void idle_units_make_way_by_their_arrived_priority(void)
{
    static const float lower[] = {0.1f, 0.01f};
    for (int i = 0; i < 2; ++i) {
        corridor_run run = run_corridor(1.0f, 1, STEER_KERNEL_SCALAR, -1, lower[i], -1);
        printf("corridor, equal priorities, arrived units' priority %g: the walker arrives at %.1f s, %d of %d idle "
               "units back on their points, closest bodies %.4f apart\n", (double)lower[i], (double)run.walker_arrival,
               run.idle_back, CORRIDOR_IDLE, run.closest);
        CHECK(run.walker_arrival > 0.0f && run.walker_arrival < 25.0f);
        CHECK(run.idle_back == CORRIDOR_IDLE);
        CHECK(run.closest >= -1e-4);
        if (i) continue;
        CHECK(run_corridor(1.0f, 1, STEER_KERNEL_SCALAR, -1, lower[i], 9 * 30).hash == run.hash);
        for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
            if (!steer_kernel_available((steer_kernel)k)) continue;
            for (int workers = 1; workers <= 2; ++workers)
                CHECK(run_corridor(1.0f, workers, (steer_kernel)k, -1, lower[i], -1).hash == run.hash);
        }
    }
    /* snapshots keep it (format 11); one of format 10 loads without it */
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd), *copy = steer_world_create(&wd);
    steer_group_def g = crowd_unit_def();
    g.arrived_priority = 0.1f;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_agent_id id = steer_world_add_agent(w, 0, steer_v3_make(1, 2, 0), steer_v3_zero());
    CHECK(steer_world_set_targets(w, &id, &(steer_v3){1, 2, 0}, 1, STEER_GOAL_ARRIVE, NULL) == 1);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    snap_buffer b = snap_save(w);
    steer_group_def got;
    CHECK(steer_world_restore(copy, b.data, b.size) == STEER_OK && steer_world_get_group(copy, 0, &got) == STEER_OK);
    CHECK(got.arrived_priority == 0.1f && steer_world_state_hash(copy) == steer_world_state_hash(w));
    CHECK(steer_world_restore(copy, b.data, snap_as_old_version(b.data, b.size, 10, 1)) == STEER_OK);
    CHECK(steer_world_get_group(copy, 0, &got) == STEER_OK && got.arrived_priority == 0.0f && got.priority == 1.0f);
    CHECK(got.departure_distance == g.departure_distance && got.anticipation_k == g.anticipation_k);
    CHECK(steer_world_state_hash(copy) == steer_world_state_hash(w));
    free(b.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
    /* an arrived_priority equal to the priority changes no bit */
    CHECK(run_corridor(1.0f, 1, STEER_KERNEL_SCALAR, -1, 1.0f, -1).hash == run_corridor(1.0f, 1, STEER_KERNEL_SCALAR, -1, 0.0f, -1).hash);
}

/* The arrivals every agent sees are the step's start, staged with the
 * cell and, in a crowd thinned to a sample, sampled with it: a dense
 * crowd (1200 agents, 600 sanitized, in a box 8 across, half standing on their points,
 * half going elsewhere), 2D and on the ground of a Y-up 3D world, has one
 * hash for every kernel and 1-2 workers, and another without its
 * arrived_priority (so the arrivals were read). */
static uint64_t dense_arrived_crowd(int dim, int workers, steer_kernel kernel, float arrived_priority)
{
    enum { N = DENSE_AGENTS };
    steer_world_def wd = open_world(workers);
    wd.dim = dim;
    wd.up = STEER_UP_Y;
    wd.capacity = N;
    wd.bounds_min = (steer_v3){-30, -30, -30};
    wd.bounds_max = (steer_v3){30, 30, 30};
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    steer_group_def g = crowd_unit_def();
    g.neighbour_radius = 3.0f;
    g.departure_distance = 1.0f;
    g.arrived_priority = arrived_priority;
    g.ground_plane = dim == 3;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_rng rng = steer_rng_make(3);
    for (int i = 0; i < N; ++i) {
        float x = steer_rng_range(&rng, -4, 4), y = steer_rng_range(&rng, -4, 4);
        steer_v3 p = dim == 3 ? steer_v3_make(x, 0, y) : steer_v3_make(x, y, 0);
        steer_agent_id id = steer_world_add_agent(w, 0, p, steer_v3_zero());
        steer_v3 to = i % 2 ? steer_v3_make(steer_rng_range(&rng, -20, 20), 0, steer_rng_range(&rng, -20, 20)) : p;
        if (dim == 2) to = steer_v3_make(to.x, to.z, 0);
        CHECK(steer_world_set_targets(w, &id, &to, 1, STEER_GOAL_ARRIVE, NULL) == 1);
    }
    for (int s = 0; s < 12; ++s) CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void a_dense_crowd_sees_arrivals_alike(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t first = dense_arrived_crowd(dim, 1, STEER_KERNEL_SCALAR, 0.1f);
        for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
            if (!steer_kernel_available((steer_kernel)k)) continue;
            for (int workers = 1; workers <= 2; ++workers) CHECK(dense_arrived_crowd(dim, workers, (steer_kernel)k, 0.1f) == first);
        }
        CHECK(dense_arrived_crowd(dim, 1, STEER_KERNEL_SCALAR, 0.0f) != first);
    }
}

/* ---- a torus narrower than two neighbour radii ----------------------------- */
/* One cell across: a neighbour has two images within reach there, and the
 * anticipation must see it once, at its nearest. Two bodies of radius 1.4
 * closing head-on 2 apart along a strip 5 wide, 2.3 apart across it: the
 * other image (2.7 the other way) is within the neighbour radius 4 and on
 * a collision course too. After one step the pair turns as it does in a
 * strip 9 wide, where the other image is out of reach. */
static steer_v3 narrow_pair_velocity(float width)
{
    steer_world_def wd = steer_default_world_def();
    wd.bounds_min = (steer_v3){0, 0, 0};
    wd.bounds_max = (steer_v3){40, width, 0};
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = crowd_unit_def();
    g.neighbour_radius = 4.0f;
    g.radius = 1.4f;
    CHECK(steer_world_add_group(w, &g) == 0);
    float mid = 0.5f * width;
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(20.0f, mid - 1.15f, 0), steer_v3_make(1, 0, 0));
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(22.0f, mid + 1.15f, 0), steer_v3_make(-1, 0, 0)).index != 0);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    steer_agent_state st;
    CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
    steer_world_destroy(w);
    return st.velocity;
}

/* A crowd in a strip 5 across with goals, keep_apart and non-penetration
 * (2D, and on the ground of a Y-up world): one hash for every kernel and
 * 1, 2 and 4 workers. */
static uint64_t narrow_crowd(int dim, int workers, steer_kernel kernel)
{
    enum { N = DENSE_AGENTS / 4 };
    const float half = STRIP_LENGTH / 2;
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = STEER_UP_Y;
    wd.worker_count = workers;
    wd.capacity = N;
    wd.non_penetration = true;
    wd.bounds_min = (steer_v3){-half, dim == 3 ? -2 : -2.5f, -2.5f};
    wd.bounds_max = (steer_v3){half, dim == 3 ? 2 : 2.5f, 2.5f};
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    steer_group_def g = crowd_unit_def();
    g.neighbour_radius = 3.0f;
    g.ground_plane = dim == 3;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_rng rng = steer_rng_make(8);
    for (int i = 0; i < N; ++i) {
        float x = steer_rng_range(&rng, -half, half), across = steer_rng_range(&rng, -2.5f, 2.5f);
        float to_x = steer_rng_range(&rng, -half, half), to_across = steer_rng_range(&rng, -2.5f, 2.5f);
        steer_v3 p = dim == 3 ? steer_v3_make(x, 0, across) : steer_v3_make(x, across, 0);
        steer_v3 to = dim == 3 ? steer_v3_make(to_x, 0, to_across) : steer_v3_make(to_x, to_across, 0);
        steer_agent_id id = steer_world_add_agent(w, 0, p, steer_v3_zero());
        CHECK(steer_world_set_targets(w, &id, &to, 1, STEER_GOAL_ARRIVE, NULL) == 1);
    }
    for (int s = 0; s < 20; ++s) CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void a_narrow_torus_sees_each_neighbour_once(void)
{
    steer_v3 narrow = narrow_pair_velocity(5.0f), wide = narrow_pair_velocity(9.0f);
    printf("a pair 2.3 apart across a strip 5 wide: velocity (%.6f, %.6f); 9 wide: (%.6f, %.6f)\n", (double)narrow.x,
           (double)narrow.y, (double)wide.x, (double)wide.y);
    CHECK(fabsf(narrow.x - wide.x) < 1e-4f && fabsf(narrow.y - wide.y) < 1e-4f);
    CHECK(fabsf(wide.y) > 0.01f); /* it did turn */
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t first = narrow_crowd(dim, 1, STEER_KERNEL_SCALAR);
        for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
            if (!steer_kernel_available((steer_kernel)k)) continue;
            for (int workers = 1; workers <= 4; workers *= 2) CHECK(narrow_crowd(dim, workers, (steer_kernel)k) == first);
        }
    }
}

/* keep_apart sees walls: agents seeking through a wall (not solid, no
 * avoidance) stop with their bodies clear of it, in 2D and in a Y-up 3D world. */
static void keep_apart_keeps_bodies_off_walls(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        steer_world *w = ground_walkers(dim, steer_default_group_def().arrival_tolerance);
        CHECK(steer_world_add_wall(w, ground(w, 5, -20), ground(w, 5, 20)) == 0); /* across x = 5 */
        steer_agent_id ids[5];
        steer_v3 targets[5];
        for (int i = 0; i < 5; ++i) {
            float side = -6.0f + 3.0f * (float)i;
            ids[i] = steer_world_add_agent(w, 0, ground(w, 0, side), steer_v3_zero());
            targets[i] = ground(w, 20, side + 3.0f);
        }
        steer_world_set_targets(w, ids, targets, 5, STEER_GOAL_SEEK, 0);
        double deepest = 0.0;
        for (int s = 0; s < 200; ++s) {
            steer_world_step(w, 0.25f);
            for (int i = 0; i < 5; ++i) {
                steer_agent_state st;
                steer_world_get_agent(w, ids[i], &st);
                double into = st.position.x - (5.0 - 0.5); /* past the point where its body touches the wall */
                if (into > deepest) deepest = into;
            }
        }
        printf("keep_apart against a wall (%dD): bodies at most %.2e past touching it\n", dim, deepest);
        CHECK(deepest <= 0.0);
        steer_world_destroy(w);
    }
}

/* ---- 5a. a clamped box stops centres; keep_apart sees its faces ------------------ */
/* 36 bodies of radius 0.5 on a lattice, all seeking a point beyond the
 * corner of a clamped box: they pile into the corner. The clamp moves a
 * centre after the step; without the faces among keep_apart's limits that
 * move closed gaps (the closest came to 0.70 of the sum of radii). */
static void keep_apart_sees_a_clamped_box(void)
{
    steer_world_def wd = open_world(1);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.bounds_min = (steer_v3){-10, -10, 0};
    wd.bounds_max = (steer_v3){10, 10, 0};
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(STEER_SEEK);
    g.weight[STEER_SEEK] = 1.0f;
    g.weight[STEER_ARRIVE] = 0.0f;
    g.weight[STEER_WANDER] = 1.0f;
    g.target = (steer_v3){14, 12, 0};
    g.radius = 0.5f;
    g.neighbour_radius = 3.0f;
    g.max_force = 6.0f;
    steer_world_add_group(w, &g);
    steer_agent_id ids[36];
    for (int i = 0; i < 36; ++i) ids[i] = steer_world_add_agent(w, 0, (steer_v3){-8.0f + 2.0f * (float)(i % 6), -8.0f + 2.0f * (float)(i / 6), 0}, steer_v3_zero());
    double closest = 1e9;
    for (int s = 0; s < 600; ++s) {
        CHECK(steer_world_step(w, 0.1f) == STEER_OK);
        steer_v3 p[36];
        for (int i = 0; i < 36; ++i) {
            steer_agent_state st;
            steer_world_get_agent(w, ids[i], &st);
            p[i] = st.position;
        }
        for (int i = 0; i < 36; ++i)
            for (int j = i + 1; j < 36; ++j) {
                double d = steer_v3_dist(p[i], p[j]);
                if (d < closest) closest = d;
            }
    }
    printf("keep_apart in a clamped box's corner: closest %.4f of the sum of radii\n", closest);
    CHECK(closest >= 1.0);
    steer_world_destroy(w);
}

/* ---- 5b. an arch of two at a door breaks: the one on the left gives way -------- */
/* A wall across x = 0 with a gap 1.5 wide; two bodies of radius 0.5 side by
 * side in front of it, each touching its jamb and nearly the other, both
 * sent to the same point behind the door. Both want to go where the other
 * stands: without giving way neither ever moves (an arch), with it the
 * upper one (the other is on its right) steps back and both pass, one after
 * the other, in 2D and on the ground of a Y-up world. */
static void an_arch_at_a_door_breaks(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        steer_world *w = ground_walkers(dim, 0.5f);
        steer_up_axis up = up_of(w);
        CHECK(steer_world_add_wall(w, ground(w, 0.0f, 0.75f), ground(w, 0.0f, 20.0f)) >= 0);
        CHECK(steer_world_add_wall(w, ground(w, 0.0f, -0.75f), ground(w, 0.0f, -20.0f)) >= 0);
        steer_agent_id ids[2];
        steer_v3 targets[2];
        for (int i = 0; i < 2; ++i) {
            float side = i ? -1.0f : 1.0f;
            ids[i] = steer_world_add_agent(w, 0, ground(w, -0.45f, side * 0.52f), steer_v3_zero());
            targets[i] = ground(w, 4.0f, 0.0f);
        }
        CHECK(steer_world_set_targets(w, ids, targets, 2, STEER_GOAL_ARRIVE, 0) == 2);
        int through[2] = {-1, -1};
        double closest = 1e9;
        for (int s = 0; s < 120; ++s) {
            CHECK(steer_world_step(w, 0.25f) == STEER_OK);
            steer_agent_state st[2];
            for (int i = 0; i < 2; ++i) {
                steer_world_get_agent(w, ids[i], &st[i]);
                if (through[i] < 0 && steer_v3_to_z_up(st[i].position, up).x > 0.5f) through[i] = s + 1;
            }
            double d = steer_v3_len(steer_v3_sub(st[0].position, st[1].position));
            if (d < closest) closest = d;
        }
        printf("an arch of two at a door (%dD): the upper one through after %.2f s, the lower after %.2f s, closest %.4f"
               " (sum of radii 1)\n",
               dim, through[0] * 0.25, through[1] * 0.25, closest);
        CHECK(through[0] > 0 && through[1] > 0);
        CHECK(through[1] < through[0]); /* the lower one (on the other's right) goes first */
        CHECK(closest >= 1.0);
        steer_world_destroy(w);
    }
}

/* ---- 1c. a pair on one vertical line passes ------------------------------------- */
/* Two crowd agents in the air, one 10 below the other, each sent to the
 * other's start: one climbs, one descends, head-on along the up axis. The
 * keep-right side of a vertical motion was -Y for both, so they drifted
 * side by side and hovered 1.25 apart for good; now the climber's is -Y and
 * the descender's +Y, and both arrive, in a Z-up and a Y-up world. */
static void a_vertical_head_on_pair_passes(void)
{
    for (int y_up = 0; y_up <= 1; ++y_up) {
        steer_world_def wd = open_world(1);
        wd.dim = 3;
        wd.up = y_up ? STEER_UP_Y : STEER_UP_Z;
        wd.bounds_min = (steer_v3){-30.0f, -30.0f, -30.0f};
        wd.bounds_max = (steer_v3){30.0f, 30.0f, 30.0f};
        steer_world *w = steer_world_create(&wd);
        steer_group_def g = steer_crowd_group_def();
        CHECK(steer_world_add_group(w, &g) == 0);
        steer_v3 ends[2] = {steer_v3_from_z_up((steer_v3){0, 0, -10}, wd.up), steer_v3_from_z_up((steer_v3){0, 0, 10}, wd.up)};
        steer_agent_id ids[2] = {steer_world_add_agent(w, 0, ends[0], steer_v3_zero()),
                                 steer_world_add_agent(w, 0, ends[1], steer_v3_zero())};
        steer_v3 targets[2] = {ends[1], ends[0]};
        CHECK(steer_world_set_targets(w, ids, targets, 2, STEER_GOAL_ARRIVE, 0) == 2);
        int arrived = -1;
        double closest = 1e9;
        for (int s = 0; s < 60 * 60 && arrived < 0; ++s) {
            CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
            closest = fmin(closest, closest_gap(w, ids, 2, 2.0 * g.radius));
            if (steer_world_has_arrived(w, ids[0]) && steer_world_has_arrived(w, ids[1])) arrived = s + 1;
        }
        printf("a vertical head-on pair (%s): both arrived after %.1f s (-1: never), the closest gap %.4f\n",
               y_up ? "Y-up" : "Z-up", arrived < 0 ? -1.0 : arrived / 60.0, closest);
        CHECK(arrived > 0);
        CHECK(closest >= 0.0);
        steer_world_destroy(w);
    }
}

/* ---- 5b'. two wedged into a gap between rocks part ------------------------------ */
/* Two rocks of radius 1.6 with a gap of 1.13 between them (two of a ring
 * of ten round a squad's places), two units of radius 0.5 (the settings of
 * scenarios/rts_order.json) wedged at its mouth, each against its rock and
 * the other, both sent through. The one in front has the other behind it
 * on its right, the one behind has it on its left, so neither gives way to
 * the other by the arch's rule: both stood for good. The one in front now
 * gives way to the one behind it on its right, and both pass, in 2D and on
 * the ground of a Y-up world. */
static void two_wedged_in_a_gap_between_rocks_part(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        steer_world_def wd = open_world(1);
        wd.dim = dim;
        wd.up = dim == 3 ? STEER_UP_Y : STEER_UP_Z;
        wd.bounds_min.z = -60.0f;
        wd.bounds_max.z = 60.0f;
        wd.solid_obstacles = true;
        wd.max_dt = 1.0f / 30.0f;
        steer_world *w = steer_world_create(&wd);
        steer_group_def g = rts_unit_def();
        g.ground_plane = dim == 3;
        CHECK(steer_world_add_group(w, &g) == 0);
        CHECK(steer_world_add_obstacle(w, ground(w, 4.34f, 4.11f), 1.6f) >= 0);
        CHECK(steer_world_add_obstacle(w, ground(w, 3.0f, 0.0f), 1.6f) >= 0);
        steer_agent_id ids[2] = {steer_world_add_agent(w, 0, ground(w, 2.599f, 2.932f), steer_v3_zero()),
                                 steer_world_add_agent(w, 0, ground(w, 2.291f, 1.979f), steer_v3_zero())};
        steer_v3 targets[2] = {ground(w, 9.0f, 1.0f), ground(w, 9.0f, 2.5f)};
        CHECK(steer_world_set_targets(w, ids, targets, 2, STEER_GOAL_ARRIVE, 0) == 2);
        int arrived[2] = {-1, -1};
        double closest = 1e9;
        for (int s = 0; s < 60 * 30; ++s) {
            CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
            for (int i = 0; i < 2; ++i)
                if (arrived[i] < 0 && steer_world_has_arrived(w, ids[i])) arrived[i] = s + 1;
            closest = fmin(closest, closest_gap(w, ids, 2, 1.0));
        }
        printf("two wedged into a gap between rocks (%dD): arrived after %.1f and %.1f s (-1: never), the closest gap %.4f\n",
               dim, arrived[0] < 0 ? -1.0 : arrived[0] / 30.0, arrived[1] < 0 ? -1.0 : arrived[1] / 30.0, closest);
        CHECK(arrived[0] > 0 && arrived[1] > 0);
        CHECK(closest >= 0.0);
        steer_world_destroy(w);
    }
}

/* ---- 5c. a body against a wall slides along it ----------------------------------- */
/* A body of radius 0.5 touching a long wall at 24 angles, sent to a point
 * far along the wall and a little behind it: the closest velocity slides
 * along the wall. The program may pass the wall's limit of 0 by its
 * rounding; taking that hair off along the wall, not scaling the whole
 * velocity toward zero (which stopped the body dead at some angles), keeps
 * it sliding. It never crosses the wall. */
static void a_body_against_a_wall_slides_along_it(void)
{
    int stuck = 0;
    double nearest = 1e9;
    for (int k = 0; k < 24; ++k) {
        steer_world *w = ground_walkers(2, 0.5f);
        double a = 6.283185307179586 * (k + 0.37) / 24.0;
        float dx = (float)cos(a), dy = (float)sin(a), nx = -dy, ny = dx; /* along the wall, and its normal */
        CHECK(steer_world_add_wall(w, (steer_v3){-30.0f * dx, -30.0f * dy, 0}, (steer_v3){30.0f * dx, 30.0f * dy, 0}) >= 0);
        steer_agent_id id = steer_world_add_agent(w, 0, (steer_v3){0.5003f * nx, 0.5003f * ny, 0}, steer_v3_zero()); /* within the 0.001 kept clear: a limit of 0 */
        steer_v3 target = {20.0f * dx - 2.0f * nx, 20.0f * dy - 2.0f * ny, 0};
        CHECK(steer_world_set_targets(w, &id, &target, 1, STEER_GOAL_ARRIVE, 0) == 1);
        steer_agent_state st;
        for (int s = 0; s < 40; ++s) {
            CHECK(steer_world_step(w, 0.1f) == STEER_OK);
            steer_world_get_agent(w, id, &st);
            double off = st.position.x * nx + st.position.y * ny; /* the centre's distance from the wall's line */
            if (off < nearest) nearest = off;
        }
        double along = st.position.x * dx + st.position.y * dy;
        if (!(along > 2.0)) ++stuck;
        steer_world_destroy(w);
    }
    printf("a body against a wall: %d of 24 angles stuck, the centre at least %.4f from the wall (radius 0.5)\n", stuck, nearest);
    CHECK(stuck == 0);
    CHECK(nearest >= 0.5);
}

/* ---- 6. see_ahead_time: a faster agent looks further ----------------------------- */
static void a_faster_agent_looks_further(void)
{
    for (int timed = 0; timed < 2; ++timed) {
        steer_world_def wd = open_world(1);
        steer_world *w = steer_world_create(&wd);
        steer_group_def g = steer_default_group_def();
        memset(g.weight, 0, sizeof g.weight);
        g.weight[STEER_AVOID_OBSTACLES] = 1.0f;
        g.max_speed = 10.0f;
        g.see_ahead = 3.0f;
        g.see_ahead_time = timed ? 1.0f : 0.0f;
        steer_world_add_group(w, &g);
        steer_agent_id a = steer_world_add_agent(w, 0, (steer_v3){0, 0, 0}, (steer_v3){8, 0, 0});
        steer_world_add_obstacle(w, (steer_v3){9, 0.2f, 0}, 1.0f); /* 8 ahead of its surface: beyond 3, within 3 + 8 */
        steer_world_step(w, 0.01f);
        steer_agent_state st;
        steer_world_get_agent(w, a, &st);
        if (timed) CHECK(st.velocity.y < -1e-3); /* sideways, away from the obstacle's centre */
        else CHECK(st.velocity.y == 0.0f);
        steer_world_destroy(w);
    }
}

/* ---- 7. QUEUE: brake behind a slower agent just ahead ------------------------------ */
typedef struct following {
    double smallest, last; /* the gap between their bodies: the smallest over 20 s, and at the end */
    double speed;          /* the follower's, at the end */
} following;

/* A follower that wants 2, 5 behind a walker at front_speed, both seeking
 * one point, under QUEUE of this weight, queue_distance and time gap. */
static following follow_a_walker(float weight, float distance, float time_gap, float front_speed)
{
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    memset(g.weight, 0, sizeof g.weight);
    g.weight[STEER_SEEK] = 1.0f;
    g.weight[STEER_QUEUE] = weight;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.queue_distance = distance;
    g.queue_time_gap = time_gap;
    g.radius = 0.5f;
    g.neighbour_radius = 4.0f; /* it sees as far as this */
    g.max_force = 4.0f;
    steer_world_add_group(w, &g);
    steer_agent_id front = steer_world_add_agent(w, 0, (steer_v3){-40, 0, 0}, (steer_v3){front_speed, 0, 0});
    steer_agent_id back = steer_world_add_agent(w, 0, (steer_v3){-45, 0, 0}, (steer_v3){2, 0, 0});
    steer_goal goal = {0};
    goal.kind = STEER_GOAL_SEEK;
    goal.target = (steer_v3){55, 0, 0};
    goal.speed = front_speed;
    steer_world_set_goal(w, front, &goal);
    goal.speed = 2.0f;
    steer_world_set_goal(w, back, &goal);
    following out = {1e9, 0.0, 0.0};
    steer_agent_state f, b;
    for (int s = 0; s < 600; ++s) {
        steer_world_step(w, 1.0f / 30.0f);
        steer_world_get_agent(w, front, &f);
        steer_world_get_agent(w, back, &b);
        out.last = f.position.x - b.position.x - 1.0;
        if (out.last < out.smallest) out.smallest = out.last;
    }
    out.speed = b.velocity.x;
    steer_world_destroy(w);
    return out;
}

static void queue_brakes_behind_a_slower_agent(void)
{
    following free = follow_a_walker(0.0f, 2.0f, 0.0f, 0.5f), queued = follow_a_walker(2.0f, 2.0f, 0.0f, 0.5f);
    printf("queue: smallest gap %.3f without QUEUE, %.3f with; the follower's speed then %.3f (the leader's 0.5)\n",
           free.smallest, queued.smallest, queued.speed);
    CHECK(free.smallest < 0.0);          /* seek alone runs into it */
    CHECK(queued.smallest > 0.0);        /* QUEUE stops short of it ... */
    CHECK_NEAR(queued.speed, 0.5, 0.05); /* ... and walks at its speed */
}

/* QUEUE's time gap T: a follower that wants 2 settles T times the walker's
 * speed behind it (queue_distance 0: the time gap alone), and a file on a
 * ring where everyone wants 2 walks at gap / T, slower the closer it is
 * spaced; without the time gap it runs into the walker, and the file walks
 * at 2 whatever its spacing. */
static double file_speed(float spacing, float time_gap)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.bounds_min = (steer_v3){-10.0f, -5.0f, 0.0f};
    wd.bounds_max = (steer_v3){10.0f, 5.0f, 0.0f};
    wd.boundary = STEER_BOUNDARY_WRAP;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    memset(g.weight, 0, sizeof g.weight);
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.weight[STEER_QUEUE] = 1.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.queue_distance = 0.0f;
    g.queue_time_gap = time_gap;
    g.radius = 0.25f;
    g.neighbour_radius = 3.0f;
    steer_v3 east = {1, 0, 0};
    g.flow_field = steer_world_add_flow_field(w, (steer_v3){-10, -5, 0}, 20.0f, 1, 1, 1, &east);
    steer_world_add_group(w, &g);
    int n = (int)(20.0f / spacing);
    for (int k = 0; k < n; ++k) steer_world_add_agent(w, 0, (steer_v3){-10.0f + (float)k * 20.0f / (float)n, 0, 0}, (steer_v3){0, 0, 0});
    double sum = 0.0;
    int samples = 0;
    for (int s = 0; s < 900; ++s) {
        steer_world_step(w, 1.0f / 30.0f);
        if (s < 600) continue;
        steer_world_view v = steer_world_get_view(w);
        for (int i = 0; i < v.count; ++i, ++samples) sum += v.vx[i];
    }
    steer_world_destroy(w);
    return sum / samples;
}

static void queue_keeps_a_time_gap(void)
{
    /* queue_distance 0: the time gap alone */
    following timed = follow_a_walker(1.0f, 0.0f, 0.8f, 1.0f), untimed = follow_a_walker(1.0f, 0.0f, 0.0f, 1.0f);
    double loose = file_speed(1.0f, 0.0f), wide = file_speed(1.25f, 0.5f), close = file_speed(0.8f, 0.5f);
    printf("queue time gap 0.8: the follower %.3f behind at %.3f (without: %.3f); files spaced 1.25 and 0.8 with a time gap 0.5: %.3f "
           "and %.3f (gap / T: 1.5 and 0.6), without: %.3f\n",
           timed.last, timed.speed, untimed.last, wide, close, loose);
    CHECK(untimed.last < 0.0);         /* seek alone runs into it */
    CHECK_NEAR(timed.last, 0.8, 0.05); /* T behind one that walks at 1 */
    CHECK_NEAR(timed.speed, 1.0, 0.02);
    CHECK_NEAR(loose, 2.0, 0.02);   /* no time gap: the file walks at its speed */
    CHECK_NEAR(wide, 1.5, 0.05);    /* (1.25 - 0.5) / 0.5 */
    CHECK_NEAR(close, 0.6, 0.05);   /* (0.8 - 0.5) / 0.5 */
}

/* ---- 8. FOLLOW_LEADER: behind the leader, out of its way --------------------------- */
/* Followers of `leader` with a little separation between them. */
static steer_group_def follower_def(steer_agent_id leader)
{
    steer_group_def follow = steer_default_group_def();
    memset(follow.weight, 0, sizeof follow.weight);
    follow.weight[STEER_FOLLOW_LEADER] = 1.0f;
    follow.weight[STEER_SEPARATION] = 1.0f;
    follow.separation_radius = 1.0f;
    follow.max_speed = 2.0f;
    follow.leader = leader;
    return follow;
}

static void followers_keep_behind_and_out_of_the_way(void)
{
    steer_world_def wd = open_world(1);
    steer_world *w = steer_world_create(&wd);
    steer_group_def lead = steer_default_group_def();
    memset(lead.weight, 0, sizeof lead.weight);
    lead.weight[STEER_SEEK] = 1.0f;
    lead.max_speed = 1.0f;
    lead.target = (steer_v3){55, 0, 0};
    steer_world_add_group(w, &lead);
    steer_agent_id leader = steer_world_add_agent(w, 0, (steer_v3){-30, 0, 0}, (steer_v3){1, 0, 0});
    steer_group_def follow = follower_def(leader);
    steer_world_add_group(w, &follow);
    /* one just ahead of the leader, on its line; two behind, off to the sides */
    steer_agent_id ahead = steer_world_add_agent(w, 1, (steer_v3){-28, 0.1f, 0}, steer_v3_zero());
    steer_agent_id side[2] = {steer_world_add_agent(w, 1, (steer_v3){-34, 3, 0}, steer_v3_zero()),
                              steer_world_add_agent(w, 1, (steer_v3){-34, -3, 0}, steer_v3_zero())};
    double widest = 0.0;
    steer_agent_state l, a;
    for (int s = 0; s < 1200; ++s) {
        steer_world_step(w, 1.0f / 30.0f);
        steer_world_get_agent(w, leader, &l);
        steer_world_get_agent(w, ahead, &a);
        if (a.position.x > l.position.x && fabs(a.position.y) > widest) widest = fabs(a.position.y);
    }
    double worst_behind = 0.0;
    steer_agent_id all[3] = {ahead, side[0], side[1]};
    for (int k = 0; k < 3; ++k) {
        steer_world_get_agent(w, all[k], &a);
        double along = a.position.x - l.position.x;
        CHECK(along < 0.0); /* behind it */
        double off = steer_v3_len(steer_v3_sub(a.position, (steer_v3){l.position.x - 2.0f, l.position.y, 0}));
        if (off > worst_behind) worst_behind = off;
    }
    printf("follow the leader: the one in its path stepped %.2f aside; after 40 s all behind, within %.2f of the point 2 behind\n",
           widest, worst_behind);
    CHECK(widest > 1.0);       /* stepped out of the leader's path (0.1 off its line to begin with) */
    CHECK(worst_behind < 2.5); /* gathered behind it (separation spreads them) */
    /* the leader removed: the followers' force is zero, and nothing breaks */
    CHECK(steer_world_remove_agent(w, leader) == STEER_OK);
    CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
    /* a def naming no live agent is refused */
    follow.leader = leader;
    CHECK(steer_world_add_group(w, &follow) < 0);
    /* but the group's own leader, gone since, is kept: its def read back and tuned is taken (a game
     * changing its followers' speed after their leader died), and they still get no force */
    steer_group_def tuned;
    CHECK(steer_world_get_group(w, 1, &tuned) == STEER_OK);
    tuned.max_speed = 1.5f;
    CHECK(steer_world_set_group(w, 1, &tuned) == STEER_OK);
    for (int s = 0; s < 60; ++s) CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
    CHECK(steer_world_get_agent(w, side[0], &a) == STEER_OK && steer_v3_is_valid(a.position));
    /* another removed agent as the leader is still refused */
    steer_agent_id gone = steer_world_add_agent(w, 0, (steer_v3){0, 20, 0}, steer_v3_zero());
    CHECK(steer_world_remove_agent(w, gone) == STEER_OK);
    tuned.leader = gone;
    CHECK(steer_world_set_group(w, 1, &tuned) == STEER_ERROR_INVALID_ARGUMENT);
    steer_world_destroy(w);
}

/* A follower exactly on a Y-up leader's line steps aside on the ground (to
 * the leader's right, heading x up: +z for a leader heading +x), never up or down. */
static void a_follower_on_the_line_steps_aside_on_the_ground(void)
{
    steer_world_def wd = open_world(1);
    wd.dim = 3;
    wd.up = STEER_UP_Y;
    wd.bounds_min.z = -60.0f;
    wd.bounds_max.z = 60.0f;
    steer_world *w = steer_world_create(&wd);
    steer_group_def lead = steer_default_group_def();
    memset(lead.weight, 0, sizeof lead.weight);
    lead.weight[STEER_SEEK] = 1.0f;
    lead.max_speed = 1.0f;
    lead.target = (steer_v3){55, 0, 0};
    steer_world_add_group(w, &lead);
    steer_agent_id leader = steer_world_add_agent(w, 0, (steer_v3){-30, 0, 0}, (steer_v3){1, 0, 0});
    steer_group_def follow = steer_default_group_def();
    memset(follow.weight, 0, sizeof follow.weight);
    follow.weight[STEER_FOLLOW_LEADER] = 1.0f;
    follow.leader = leader;
    steer_world_add_group(w, &follow);
    steer_agent_id ahead = steer_world_add_agent(w, 1, (steer_v3){-28, 0, 0}, steer_v3_zero());
    for (int s = 0; s < 30; ++s) steer_world_step(w, 1.0f / 30.0f);
    steer_agent_state a;
    steer_world_get_agent(w, ahead, &a);
    CHECK(a.position.y == 0.0f);  /* stayed on the ground */
    CHECK(a.position.z > 0.1f);   /* stepped to the leader's right: heading x up = +z */
    steer_world_destroy(w);
}

/* ---- 9. the same bits for any thread count, scheduler, kernel and a restore ------ */
static uint64_t crowd_hash(int workers, bool scheduled, steer_kernel kernel, bool restore_midway)
{
    steer_world_def wd = open_world(workers);
    random_scheduler rs;
    if (scheduled) {
        random_scheduler_init(&rs, 5, workers);
        wd.enqueue_task = random_scheduler_enqueue;
        wd.finish_task = random_scheduler_finish;
        wd.user_task_context = &rs;
    }
    wd.capacity = 4 * CROWD_SIDE * CROWD_SIDE;
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    const steer_behaviour kinds[2] = {STEER_ANTICIPATE, STEER_AVOID_NEIGHBOURS};
    for (int k = 0; k < 2; ++k) {
        steer_group_def g = walker(kinds[k]);
        g.priority = 1.0f + (float)k;
        g.keep_apart = k == 0;
        steer_world_add_group(w, &g);
    }
    int o = steer_world_add_obstacle(w, (steer_v3){5, 5, 0}, 3.0f);
    steer_world_set_obstacle_velocity(w, o, (steer_v3){0.5f, 0, 0});
    /* a squad that queues behind agent 0 of the crossing */
    steer_agent_id head = steer_world_add_agent(w, 0, (steer_v3){0, -55, 0}, steer_v3_zero());
    steer_v3 far_target = {0, 55, 0};
    steer_world_set_targets(w, &head, &far_target, 1, STEER_GOAL_ARRIVE, 0);
    steer_group_def squad = walker(STEER_QUEUE);
    squad.weight[STEER_ARRIVE] = 0.0f;
    squad.weight[STEER_FOLLOW_LEADER] = 1.0f;
    squad.leader = head;
    steer_world_add_group(w, &squad);
    for (int i = 0; i < 6; ++i) steer_world_add_agent(w, 2, (steer_v3){-6.0f + 2.4f * (float)i, -58, 0}, steer_v3_zero());
    /* a circle crossing: each to its antipode */
    const int n = 4 * CROWD_SIDE;
    for (int i = 0; i < n; ++i) {
        float a = 6.2831853f * (float)i / (float)n;
        steer_v3 p = {50.0f * cosf(a), 50.0f * sinf(a), 0.0f};
        steer_agent_id id = steer_world_add_agent(w, i % 2, p, steer_v3_zero());
        steer_v3 target = steer_v3_neg(p);
        steer_world_set_targets(w, &id, &target, 1, STEER_GOAL_ARRIVE, 0);
    }
    for (int s = 0; s < CROWD_STEPS; ++s) {
        steer_world_step(w, 0.25f);
        if (restore_midway && s == CROWD_STEPS / 2) {
            snap_buffer b = snap_save(w);
            steer_world_destroy(w);
            steer_world_def fresh = open_world(workers); /* the host's workers: its per-worker scratch must stay */
            fresh.capacity = wd.capacity;
            w = steer_world_create(&fresh);
            CHECK(steer_world_restore(w, b.data, b.size) == STEER_OK);
            free(b.data);
        }
    }
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void a_crowd_gives_the_same_bits_everywhere(void)
{
    uint64_t ref = crowd_hash(1, false, STEER_KERNEL_SCALAR, false);
    const int workers[3] = {1, 2, 4};
    for (int k = 0; k < 3; ++k) {
        CHECK(crowd_hash(workers[k], false, STEER_KERNEL_BEST, false) == ref);
        CHECK(crowd_hash(workers[k], true, STEER_KERNEL_BEST, false) == ref);
    }
    CHECK(crowd_hash(2, false, STEER_KERNEL_BEST, true) == ref);
    CHECK(crowd_hash(4, false, STEER_KERNEL_BEST, true) == ref);
    /* the crowd kernel's lanes against the scalar steps they stand for */
    steer__crowd_kernel_off = true;
    CHECK(crowd_hash(1, false, STEER_KERNEL_SCALAR, false) == ref);
    CHECK(crowd_hash(2, false, STEER_KERNEL_BEST, false) == ref);
    steer__crowd_kernel_off = false;
    printf("crowd (%d agents, %d steps): %016llx for 1, 2, 4 threads, a random scheduler, both kernels, a restore and the "
           "scalar steps for the crowd kernel's\n", 4 * CROWD_SIDE, CROWD_STEPS, (unsigned long long)ref);
}

/* Ground-plane crowds take the crowd kernel too: a Y-up world whose walkers
 * keep their heights (-2 to 2), each sent to the antipode of its circle at
 * height 0, beside a free-flying group in the same chunks; the same bits
 * with the kernel's lanes as with the scalar steps they stand for, for
 * every kernel and 1 or 2 workers; every height kept. */
static uint64_t ground_crowd_hash(int workers, steer_kernel kernel, bool lanes_off, bool *heights_kept)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 3;
    wd.up = STEER_UP_Y;
    wd.bounds_min = (steer_v3){-60.0f, -5.0f, -60.0f};
    wd.bounds_max = (steer_v3){60.0f, 5.0f, 60.0f};
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.worker_count = workers;
    const int n = 4 * CROWD_SIDE;
    wd.capacity = n;
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    for (int k = 0; k < 2; ++k) {
        steer_group_def g = walker(STEER_ANTICIPATE);
        g.keep_apart = true;
        g.ground_plane = k == 0;
        steer_world_add_group(w, &g);
    }
    steer_agent_id ids[4 * CROWD_SIDE];
    float height[4 * CROWD_SIDE];
    for (int i = 0; i < n; ++i) {
        float a = 6.2831853f * (float)i / (float)n;
        height[i] = i % 3 ? -2.0f + 4.0f * (float)(i % 7) / 6.0f : 0.0f;
        steer_v3 p = {50.0f * cosf(a), height[i], 50.0f * sinf(a)};
        ids[i] = steer_world_add_agent(w, i % 4 == 3, p, steer_v3_zero());
        steer_v3 target = {-p.x, 0.0f, -p.z};
        steer_world_set_targets(w, &ids[i], &target, 1, STEER_GOAL_ARRIVE, 0);
    }
    steer__crowd_kernel_off = lanes_off;
    for (int s = 0; s < CROWD_STEPS; ++s) steer_world_step(w, 0.25f);
    steer__crowd_kernel_off = false;
    *heights_kept = true;
    for (int i = 0; i < n; ++i) {
        steer_agent_state st;
        steer_world_get_agent(w, ids[i], &st);
        if (i % 4 != 3 && st.position.y != height[i]) *heights_kept = false;
    }
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void a_ground_plane_crowd_gives_the_scalar_bits(void)
{
    bool kept;
    uint64_t ref = ground_crowd_hash(1, STEER_KERNEL_SCALAR, true, &kept);
    CHECK(kept);
    for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
        if (!steer_kernel_available((steer_kernel)k)) continue;
        for (int workers = 1; workers <= 2; ++workers) {
            CHECK(ground_crowd_hash(workers, (steer_kernel)k, false, &kept) == ref);
            CHECK(kept);
        }
    }
    printf("ground-plane crowd (%d agents, %d steps, Y-up): %016llx for the scalar steps and every kernel's lanes\n",
           4 * CROWD_SIDE, CROWD_STEPS, (unsigned long long)ref);
}

/* A line of 40 units (radius 0.5) on places 1.2 apart, each kicked with a
 * random velocity, at dt 0.1. The anticipation's power law answers a slow
 * approach across the 0.2 gaps with the whole max_force, which turns it
 * into an approach to the neighbour on the other side: without a cap the
 * line jostles for good (0 to 4 of 40 at rest after 60 s, at up to 0.49).
 * On a goal's final approach each push is at most the agent's share of
 * stopping the approach within the step, and the line comes to rest. */
typedef struct stirred_run {
    int arrived;
    float fastest;
    uint64_t hash;
} stirred_run;

static stirred_run stir_a_line(uint64_t seed, int workers, steer_kernel kernel)
{
    enum { LINE = 40 };
    steer_world_def wd = open_world(workers);
    wd.capacity = LINE;
    steer_world *w = steer_world_create(&wd);
    steer_world_set_kernel(w, kernel);
    steer_group_def gd = crowd_unit_def();
    gd.max_speed = 2.0f;
    gd.max_force = 4.0f;
    gd.neighbour_radius = 5.0f;
    steer_world_add_group(w, &gd);
    steer_rng rng = steer_rng_make(seed);
    steer_agent_id ids[LINE];
    for (int i = 0; i < LINE; ++i) {
        steer_v3 place = steer_v3_make(1.2f * (float)i - 24.0f, 0, 0);
        steer_v3 kick = steer_v3_make(steer_rng_range(&rng, -0.5f, 0.5f), steer_rng_range(&rng, -0.5f, 0.5f), 0);
        ids[i] = steer_world_add_agent(w, 0, place, kick);
        CHECK(steer_world_set_targets(w, &ids[i], &place, 1, STEER_GOAL_ARRIVE, NULL) == 1);
    }
    for (int s = 0; s < 600; ++s) steer_world_step(w, 0.1f);
    stirred_run run = {0, 0.0f, steer_world_state_hash(w)};
    for (int i = 0; i < LINE; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        run.fastest = fmaxf(run.fastest, steer_v3_len(st.velocity));
        run.arrived += steer_world_has_arrived(w, ids[i]);
    }
    steer_world_destroy(w);
    return run;
}

/* Units added at one point at rest (a barracks door) are twins: each sees
 * the others exactly where it stands, moving as it moves, so nothing it
 * sees tells them apart and every force on them is the same. Each takes a
 * nudge of its own (its slot's direction) and they part: with the crowd's
 * anticipation and keep_apart (0.0 apart for ever before), and with
 * separation alone; the same bits for 1 and 2 workers. */
static double twins_part(steer_behaviour push, int workers, double seconds, uint64_t *hash)
{
    steer_world_def wd = open_world(workers);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = walker(push);
    g.weight[STEER_ARRIVE] = 0.0f;
    g.radius = 0.5f;
    g.separation_radius = 1.5f;
    steer_world_add_group(w, &g);
    steer_agent_id id[8];
    for (int k = 0; k < 8; ++k) id[k] = steer_world_add_agent(w, 0, (steer_v3){3.0f, -2.0f, 0.0f}, steer_v3_zero());
    for (int step = 0; step < (int)(seconds * 10.0); ++step) CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    double closest = 1e9;
    for (int i = 0; i < 8; ++i)
        for (int j = i + 1; j < 8; ++j) {
            steer_agent_state a, b;
            steer_world_get_agent(w, id[i], &a);
            steer_world_get_agent(w, id[j], &b);
            closest = fmin(closest, steer_v3_len(steer_v3_sub(a.position, b.position)));
        }
    *hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return closest;
}

static void units_added_at_one_point_part(void)
{
    uint64_t one, two;
    double apart = twins_part(STEER_ANTICIPATE, 1, 10.0, &one);
    printf("8 units added at one point, anticipation and keep_apart: the closest two %.3f apart after 10 s\n", apart);
    CHECK(apart > 0.9); /* bodies 1 across */
    CHECK(twins_part(STEER_ANTICIPATE, 2, 10.0, &two) == apart && two == one);
    apart = twins_part(STEER_SEPARATION, 1, 10.0, &one);
    printf("8 units added at one point, separation and keep_apart: the closest two %.3f apart after 10 s\n", apart);
    CHECK(apart > 0.9);
}

static void a_stirred_line_comes_to_rest(void)
{
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        stirred_run run = stir_a_line(seed, 1, STEER_KERNEL_SCALAR);
        printf("a stirred line at dt 0.1 (seed %d): %d of 40 at rest on their places after 60 s, the fastest at %.4f\n",
               (int)seed, run.arrived, (double)run.fastest);
        CHECK(run.arrived == 40 && run.fastest < 1e-3f);
        if (seed > 1) continue;
        for (int k = 0; k < STEER_KERNEL_COUNT; ++k) {
            if (!steer_kernel_available((steer_kernel)k)) continue;
            CHECK(stir_a_line(seed, 2, (steer_kernel)k).hash == run.hash);
        }
    }
}

/* steer_crowd_group_def is the crowd scenarios' walker, as world.h lists
 * it; eight of them on a circle of radius 10, each sent across through the
 * middle, all arrive within a minute and no two bodies ever overlap. */
static void the_crowd_def_crosses_a_circle(void)
{
    steer_group_def c = steer_crowd_group_def(), d = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) CHECK(c.weight[b] == (b == STEER_ANTICIPATE ? 1.0f : 0.0f));
    CHECK(c.combine == STEER_COMBINE_RUNNING_SUM && c.keep_apart && c.anticipation_k == 20.0f && c.keep_right == 0.5f);
    CHECK(c.radius == 0.5f && c.neighbour_radius == 4.0f && c.max_speed == d.max_speed && c.max_force == d.max_force);
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 8;
    wd.bounds_min = steer_v3_make(-20, -20, 0), wd.bounds_max = steer_v3_make(20, 20, 0);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    steer_world *w = steer_world_create(&wd);
    CHECK(steer_world_add_group(w, &c) == 0);
    steer_agent_id ids[8];
    steer_v3 across[8];
    for (int i = 0; i < 8; ++i) {
        float a = 6.2831853f * (float)i / 8.0f;
        steer_v3 p = steer_v3_make(10.0f * cosf(a), 10.0f * sinf(a), 0.0f);
        ids[i] = steer_world_add_agent(w, 0, p, steer_v3_zero());
        across[i] = steer_v3_scale(p, -1.0f);
    }
    CHECK(steer_world_set_targets(w, ids, across, 8, STEER_GOAL_ARRIVE, NULL) == 8);
    float closest = INFINITY;
    int arrived = 0;
    for (int step = 0; step < 600 && arrived < 8; ++step) {
        CHECK(steer_world_step(w, 0.1f) == STEER_OK);
        steer_agent_state s[8];
        steer_world_get_agents(w, ids, s, 8, NULL);
        for (int i = 0; i < 8; ++i)
            for (int j = i + 1; j < 8; ++j) closest = fminf(closest, steer_v3_len(steer_v3_sub(s[i].position, s[j].position)));
        arrived = 0;
        for (int i = 0; i < 8; ++i) arrived += steer_world_has_arrived(w, ids[i]);
    }
    printf("the_crowd_def_crosses_a_circle: %d of 8 across, closest %.4f (bodies touch at 1)\n", arrived, (double)closest);
    CHECK(arrived == 8);
    CHECK(closest >= 1.0f);
    steer_world_destroy(w);
}

/* A leader that arrives and stands still: in a world that keeps headings
 * its followers wait behind it (its heading gives it a back); without
 * headings it has none, and they stand round and on it (the point behind a
 * standing leader is where it stands). */
static void followers_wait_behind_a_standing_leader(void)
{
    double behind_most[2] = {0.0, 0.0};
    for (int headings = 0; headings <= 1; ++headings) {
        steer_world_def wd = open_world(1);
        wd.keep_headings = headings;
        steer_world *w = steer_world_create(&wd);
        steer_group_def lead = steer_default_group_def();
        memset(lead.weight, 0, sizeof lead.weight);
        lead.weight[STEER_ARRIVE] = 1.0f;
        lead.max_speed = 1.0f;
        steer_world_add_group(w, &lead);
        steer_agent_id leader = steer_world_add_agent(w, 0, (steer_v3){-20, 0, 0}, (steer_v3){1, 0, 0});
        steer_goal stop = {STEER_GOAL_ARRIVE, {0, 0, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
        CHECK(steer_world_set_goal(w, leader, &stop) == STEER_OK);
        steer_group_def follow = follower_def(leader);
        steer_world_add_group(w, &follow);
        steer_agent_id f[3];
        for (int k = 0; k < 3; ++k) f[k] = steer_world_add_agent(w, 1, (steer_v3){-24.0f - (float)k, (float)k - 1.0f, 0}, steer_v3_zero());
        for (int s = 0; s < 1800; ++s) CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK); /* 60 s: 40 standing */
        steer_agent_state l, a;
        steer_world_get_agent(w, leader, &l);
        CHECK(steer_v3_len(steer_v3_sub(l.position, stop.target)) < 0.1f);
        behind_most[headings] = -INFINITY;
        for (int k = 0; k < 3; ++k) {
            steer_world_get_agent(w, f[k], &a);
            double along = a.position.x - l.position.x; /* it came along +x */
            if (along > behind_most[headings]) behind_most[headings] = along;
        }
        steer_world_destroy(w);
    }
    printf("followers of a standing leader: the nearest to its front %.2f along its way without headings, %.2f with\n",
           behind_most[0], behind_most[1]);
    CHECK(behind_most[1] < -1.0); /* every one behind it, about leader_behind (2) back */
    CHECK(behind_most[0] > -0.5); /* without headings: one level with it or in front */
}

/* A leader with a reverse gear backing toward its followers, who wait
 * behind it: its path is behind it now, and they step out of it, then
 * gather behind it again. Before, its front (its heading) said they were
 * behind it, out of its way, and it backed into them: bodies of radius 0.5
 * 0.76 apart. */
static void followers_step_out_of_a_backing_leaders_way(void)
{
    steer_world_def wd = open_world(1);
    wd.keep_headings = true;
    steer_world *w = steer_world_create(&wd);
    steer_group_def lead = steer_default_group_def();
    memset(lead.weight, 0, sizeof lead.weight);
    lead.weight[STEER_ARRIVE] = 1.0f;
    lead.max_turn_rate = 1.0f;
    lead.reverse_speed = 1.5f;
    lead.radius = 0.5f;
    CHECK(steer_world_add_group(w, &lead) == 0);
    steer_agent_id leader = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    CHECK(steer_world_set_heading(w, leader, (steer_v3){1, 0, 0}) == STEER_OK);
    steer_group_def follow = follower_def(leader);
    follow.radius = 0.5f;
    CHECK(steer_world_add_group(w, &follow) == 1);
    steer_agent_id f[2] = {steer_world_add_agent(w, 1, (steer_v3){-2, 0.15f, 0}, steer_v3_zero()),
                           steer_world_add_agent(w, 1, (steer_v3){-2, -0.15f, 0}, steer_v3_zero())};
    steer_goal back = {STEER_GOAL_ARRIVE, {-4, 0, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, leader, &back) == STEER_OK);
    double closest = INFINITY, fastest_back = 0.0, behind_most = -INFINITY;
    steer_agent_state l, a;
    for (int s = 0; s < 600; ++s) {
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        CHECK(steer_world_get_agent(w, leader, &l) == STEER_OK);
        fastest_back = fmax(fastest_back, -l.velocity.x);
        for (int k = 0; k < 2; ++k) {
            CHECK(steer_world_get_agent(w, f[k], &a) == STEER_OK);
            closest = fmin(closest, steer_v3_len(steer_v3_sub(a.position, l.position)));
            if (s == 599) behind_most = fmax(behind_most, a.position.x - l.position.x);
        }
    }
    steer_v3 h;
    CHECK(steer_world_get_heading(w, leader, &h) == STEER_OK);
    printf("a leader backing 4 toward its followers (at up to %.2f, facing (%.3f, %.3f)): the closest follower %.3f from "
           "it (bodies touch at 1), after 20 s the nearest to its front %.2f along it\n",
           fastest_back, h.x, h.y, closest, behind_most);
    CHECK(fastest_back > 1.0 && h.x > 0.999f); /* it backed, facing the way it did */
    CHECK(steer_v3_len(steer_v3_sub(l.position, back.target)) < 0.1f);
    CHECK(closest > 1.0);         /* out of its way: no body overlapped it */
    CHECK(behind_most < -1.0);    /* and behind it again */
    steer_world_destroy(w);
}

int main(void)
{
    the_crowd_def_crosses_a_circle();
    head_on_pair_passes_on_the_right();
    a_turned_scene_gives_turned_trajectories();
    a_y_up_world_gives_the_z_up_pair_turned();
    priority_splits_the_dodge();
    a_moving_obstacle_is_anticipated();
    keep_apart_never_lets_agents_overlap();
    keep_apart_holds_for_a_flock();
    keep_apart_limits_hold_against_a_larger_group();
    a_unit_of_higher_priority_walks_through_idle_ones();
    idle_units_make_way_by_their_arrived_priority();
    a_dense_crowd_sees_arrivals_alike();
    a_narrow_torus_sees_each_neighbour_once();
    keep_apart_holds_at_the_largest_priority();
    keep_apart_keeps_bodies_off_walls();
    keep_apart_sees_a_clamped_box();
    an_arch_at_a_door_breaks();
    a_vertical_head_on_pair_passes();
    two_wedged_in_a_gap_between_rocks_part();
    a_body_against_a_wall_slides_along_it();
    a_faster_agent_looks_further();
    queue_brakes_behind_a_slower_agent();
    queue_keeps_a_time_gap();
    followers_keep_behind_and_out_of_the_way();
    followers_wait_behind_a_standing_leader();
    followers_step_out_of_a_backing_leaders_way();
    a_follower_on_the_line_steps_aside_on_the_ground();
    a_crowd_gives_the_same_bits_everywhere();
    a_ground_plane_crowd_gives_the_scalar_bits();
    a_stirred_line_comes_to_rest();
    units_added_at_one_point_part();
    return check_summary("test_world_avoidance");
}
