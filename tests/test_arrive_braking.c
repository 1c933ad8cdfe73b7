/* arrive's braking form (docs/model.md §2.3) never passes the target and
 * comes to rest within its tolerance, for any max_speed, slow_radius,
 * max_force and step, through the pure function with the library's
 * integration and through the vehicle, in 2D and 3D; the chapter's form,
 * over the same sweep, does pass it. Then the waypoint and path forms that
 * end with it, and a closed path, which is follow_path bit for bit. */
#include "test_util.h"

/* One agent, kept in 3D; a 2D run uses x and y only. */
typedef struct agent {
    int dim;
    bool vehicle; /* through steer_vehicleN_arrive_braking and step, else the pure function and integrateN */
    bool chapter; /* the chapter's steer_arriveN instead, to show that the sweep can fail */
    steer_v3 pos, vel, target;
    float max_speed, max_force, mass, slow_radius, tolerance, dt;
} agent;

static void step_agent(agent *a)
{
    steer_arrival arrival = {a->slow_radius, a->max_force / a->mass, a->dt, a->tolerance};
    if (a->dim == 2) {
        steer_v2 p = steer_v2_from_v3(a->pos), v = steer_v2_from_v3(a->vel), t = steer_v2_from_v3(a->target);
        if (a->vehicle) {
            steer_vehicle2 car = steer_vehicle2_make(p, 1);
            car.velocity = v;
            car.max_speed = a->max_speed;
            car.max_force = a->max_force;
            car.mass = a->mass;
            steer_vehicle2_apply_force(&car, steer_vehicle2_arrive_braking(&car, t, a->slow_radius, a->tolerance, a->dt));
            steer_vehicle2_step(&car, a->dt);
            p = car.position;
            v = car.velocity;
        } else {
            steer_v2 f = a->chapter ? steer_arrive2(p, v, t, a->max_speed, a->slow_radius)
                                    : steer_arrive_braking2(p, v, t, a->max_speed, &arrival);
            integrate2(&p, &v, f, a->max_force, a->max_speed, a->dt);
        }
        a->pos = v3(p.x, p.y, 0);
        a->vel = v3(v.x, v.y, 0);
        return;
    }
    if (a->vehicle) {
        steer_vehicle3 car = steer_vehicle3_make(a->pos, 1);
        car.velocity = a->vel;
        car.max_speed = a->max_speed;
        car.max_force = a->max_force;
        car.mass = a->mass;
        steer_vehicle3_apply_force(&car, steer_vehicle3_arrive_braking(&car, a->target, a->slow_radius, a->tolerance, a->dt));
        steer_vehicle3_step(&car, a->dt);
        a->pos = car.position;
        a->vel = car.velocity;
    } else {
        steer_v3 f = a->chapter ? steer_arrive3(a->pos, a->vel, a->target, a->max_speed, a->slow_radius)
                                : steer_arrive_braking3(a->pos, a->vel, a->target, a->max_speed, &arrival);
        integrate3(&a->pos, &a->vel, f, a->max_force, a->max_speed, a->dt);
    }
}

typedef struct outcome {
    double overshoot; /* the furthest beyond the target along the first approach, over max_speed x 1 time unit */
    bool rested;      /* came to rest (speed < 0.05 max_speed) within the tolerance and stayed */
    int steps;        /* steps until it first rested */
} outcome;

/* Runs until rest (and 60 steps more, to see it stays), at most max_steps. */
static outcome run(agent a, int max_steps)
{
    outcome o = {0.0, false, max_steps};
    steer_v3 approach = steer_v3_normalize(steer_v3_sub(a.target, a.pos));
    int still = 0;
    for (int i = 0; i < max_steps && still < 60; ++i) {
        step_agent(&a);
        double beyond = (double)steer_v3_dot(steer_v3_sub(a.pos, a.target), approach) / a.max_speed;
        if (beyond > o.overshoot) o.overshoot = beyond;
        bool at_rest = steer_v3_len(a.vel) < 0.05f * a.max_speed && steer_v3_dist(a.pos, a.target) <= a.tolerance;
        if (at_rest && still == 0) o.steps = i + 1;
        still = at_rest ? still + 1 : 0;
    }
    o.rested = still >= 60;
    return o;
}

/* A generous bound on the steps to rest: cruise the distance, brake from
 * max_speed, and crawl the ramp's exponential tail down to the tolerance. */
static int step_bound(const agent *a, float distance)
{
    double accel = a->max_force / a->mass;
    double time = 2.0 * distance / a->max_speed + 4.0 * a->max_speed / accel + 4.0 * a->dt;
    if (a->slow_radius > 0.0f) time += 2.0 * a->slow_radius / a->max_speed * log(a->slow_radius / a->tolerance + 2.0);
    return (int)(time / a->dt) + 100;
}

static const float speeds[] = {1, 5, 50}, radius_ratios[] = {0.1f, 1, 10}, force_ratios[] = {0.1f, 1, 10};
static const float steps_dt[] = {1.0f / 60.0f, 0.2f};

/* Each start of the sweep: at rest, at full speed from far, off the axis
 * with a sideways velocity. */
enum { AT_REST, FULL_SPEED, SIDEWAYS, STARTS };

static agent sweep_case(int dim, int start, float max_speed, float slow, float force, float dt, float *out_distance)
{
    agent a;
    memset(&a, 0, sizeof a);
    a.dim = dim;
    a.max_speed = max_speed;
    a.slow_radius = slow;
    a.max_force = force;
    a.mass = 1.0f;
    a.dt = dt;
    a.tolerance = 0.01f * max_speed;
    a.target = dim == 2 ? v3(3 * max_speed, -2 * max_speed, 0) : v3(3 * max_speed, -2 * max_speed, max_speed);
    /* Far enough that max_speed is reached and the braking starts in the run. */
    float distance = 2.0f * (slow + max_speed * max_speed / force + max_speed * dt) + max_speed;
    steer_v3 dir = dim == 2 ? v3(0.6f, 0.8f, 0) : v3(1.0f / 3, 2.0f / 3, 2.0f / 3);
    steer_v3 side = dim == 2 ? v3(-0.8f, 0.6f, 0) : v3(2.0f / 3, 1.0f / 3, -2.0f / 3);
    a.pos = steer_v3_sub(a.target, steer_v3_scale(dir, distance));
    if (start == FULL_SPEED) a.vel = steer_v3_scale(dir, max_speed);
    if (start == SIDEWAYS) a.vel = steer_v3_add(steer_v3_scale(dir, 0.5f * max_speed), steer_v3_scale(side, 0.5f * max_speed));
    *out_distance = distance;
    return a;
}

static void braking_arrive_never_passes_the_target_over_the_sweep(void)
{
    double worst = 0.0, worst_chapter = 0.0;
    int cases = 0, max_steps_used = 0;
    for (int dim = 2; dim <= 3; ++dim)
        for (int runner = 0; runner < 2; ++runner)
            for (int s = 0; s < 3; ++s)
                for (int r = 0; r < 3; ++r)
                    for (int f = 0; f < 3; ++f)
                        for (int t = 0; t < 2; ++t)
                            for (int start = 0; start < STARTS; ++start) {
                                float ms = speeds[s], distance;
                                agent a = sweep_case(dim, start, ms, radius_ratios[r] * ms, force_ratios[f] * ms,
                                                     steps_dt[t], &distance);
                                a.vehicle = runner == 1;
                                if (a.vehicle && (s + f) % 2 == 1) { /* a heavier vehicle, same acceleration */
                                    a.mass = 2.0f;
                                    a.max_force *= 2.0f;
                                }
                                int bound = step_bound(&a, distance);
                                outcome o = run(a, bound);
                                ++cases;
                                if (o.overshoot > worst) worst = o.overshoot;
                                if (o.steps > max_steps_used) max_steps_used = o.steps;
                                if (!(o.overshoot <= 1e-5) || !o.rested) {
                                    ++check_failed;
                                    fprintf(stderr, "%dD %s start %d: max_speed %g slow %g force %g dt %g: overshoot %.3g x max_speed, %s\n",
                                            dim, a.vehicle ? "vehicle" : "pure", start, (double)ms, (double)a.slow_radius,
                                            (double)a.max_force, (double)a.dt, o.overshoot, o.rested ? "rested" : "did not rest");
                                } else {
                                    ++check_passed;
                                }
                                if (!a.vehicle) {
                                    a.chapter = true;
                                    outcome c = run(a, bound);
                                    if (c.overshoot > worst_chapter) worst_chapter = c.overshoot;
                                }
                            }
    printf("braking arrive: %d runs, worst overshoot %.3g x max_speed (1 time unit), at most %d steps to rest\n", cases,
           worst, max_steps_used);
    printf("chapter arrive over the same sweep: worst overshoot %.3g x max_speed\n", worst_chapter);
    CHECK(worst_chapter > 0.1); /* the sweep can fail: the chapter's form does */
}

/* Worked example 3's own settings (docs/model.md §8.3): max_speed 5,
 * max_force 10, dt 0.2, slow radius 5, from rest at (0, 0) to (10, 0). The
 * chapter's form passes x = 10 just after the printed rows; the braking
 * form does not, and rests on the target. */
static void the_worked_example_passes_the_target_and_the_braking_form_does_not(void)
{
    const float max_speed = 5.0f, max_force = 10.0f, dt = 0.2f, slow_radius = 5.0f;
    const steer_arrival arrival = {slow_radius, max_force, dt, 0.0f};
    steer_v2 target = v2(10, 0), p = v2(0, 0), v = v2(0, 0), q = p, u = v;
    float furthest_chapter = 0.0f, furthest_braking = 0.0f;
    for (int i = 0; i < 200; ++i) {
        integrate2(&p, &v, steer_arrive2(p, v, target, max_speed, slow_radius), max_force, max_speed, dt);
        integrate2(&q, &u, steer_arrive_braking2(q, u, target, max_speed, &arrival), max_force, max_speed, dt);
        furthest_chapter = steer_maxf(furthest_chapter, p.x);
        furthest_braking = steer_maxf(furthest_braking, q.x);
    }
    CHECK(furthest_chapter > 11.0f);
    CHECK(furthest_braking <= 10.0f);
    CHECK_NEAR(q.x, 10.0, 1e-5);
    CHECK(steer_v2_len(u) < 1e-5f);
}

/* The rule itself, at one point: the cap, the tolerance, the one-step force
 * and braking first against a sideways velocity. */
static void the_desired_speed_is_the_least_of_the_three_limits(void)
{
    /* a = 2 (braking on 7/8 of it), dt = 0.5, d = 9: the cap is
     * sqrt(2 a d) - a dt / 2; from speed 5 the force reaches it in one step,
     * (cap - 5) / dt; from rest that is cut to 2. */
    const double a = 2.0 * 0.875, cap = sqrt(2.0 * a * 9.0) - 0.25 * a;
    steer_arrival arrival = {0.0f, 2.0f, 0.5f, 0.0f};
    steer_v2 f = steer_arrive_braking2(v2(0, 0), v2(5.0f, 0), v2(9, 0), 10.0f, &arrival);
    CHECK_NEAR(f.x, (cap - 5.0) / 0.5, 1e-5);
    CHECK(f.y == 0.0f);
    steer_v2 g = steer_arrive_braking2(v2(0, 0), v2(0, 0), v2(9, 0), 10.0f, &arrival);
    CHECK_NEAR(g.x, 2.0, 1e-6);
    /* dt <= 0: the continuous cap sqrt(2 a d) and gain 1. */
    arrival.dt = 0.0f;
    CHECK_NEAR(steer_arrive_braking2(v2(0, 0), v2(5.0f, 0), v2(9, 0), 10.0f, &arrival).x, sqrt(2.0 * a * 9.0) - 5.0, 1e-5);
    /* The ramp (slow radius 18: 10 * 9 / 18 = 5) when it is the lower. */
    arrival = (steer_arrival){18.0f, 2.0f, 0.5f, 0.0f};
    CHECK_NEAR(steer_arrive_braking2(v2(0, 0), v2(5.0f, 0), v2(9, 0), 10.0f, &arrival).x, 0.0, 1e-6);
    /* Close in: d = 0.1 < a dt^2: land in one step, d / dt = 0.2. */
    arrival = (steer_arrival){0.0f, 2.0f, 0.5f, 0.0f};
    CHECK_NEAR(steer_arrive_braking2(v2(0, 0), v2(0.2f, 0), v2(0.1f, 0), 10.0f, &arrival).x, 0.0, 1e-6);
    /* Within the tolerance: brake to zero. */
    arrival.tolerance = 0.5f;
    CHECK_NEAR(steer_arrive_braking2(v2(0, 0), v2(0.5f, 0), v2(0.4f, 0), 10.0f, &arrival).x, -1.0, 1e-6);
    /* Braking hard with a sideways velocity: the brake keeps the whole budget. */
    arrival.tolerance = 0.0f;
    steer_v2 h = steer_arrive_braking2(v2(0, 0), v2(8.0f, 3.0f), v2(9, 0), 10.0f, &arrival);
    CHECK_NEAR(h.x, -2.0, 1e-6);
    CHECK_NEAR(h.y, 0.0, 1e-6);
    /* Accelerating, the budget is shared as the integrator would: truncate. */
    steer_v2 k = steer_arrive_braking2(v2(0, 0), v2(0.0f, 3.0f), v2(9, 0), 10.0f, &arrival);
    CHECK_NEAR(steer_v2_len(k), 2.0, 1e-6);
    CHECK(k.x > 0.0f && k.y < 0.0f);
    /* No arrival: seek, exactly. */
    CHECK_V2_EQ(steer_arrive_braking2(v2(1, 2), v2(0.5f, 0), v2(9, -3), 4.0f, 0), steer_seek2(v2(1, 2), v2(0.5f, 0), v2(9, -3), 4.0f));
}

/* Drives one agent with a force function until it rests, tracking how far
 * it gets beyond `end` along `last_leg`. */
typedef steer_v2 force2_fn(steer_v2 pos, steer_v2 vel, int *index, const steer_arrival *arrival, float max_speed);

/* A turn, then a long straight last leg along +X: the agent settles in the
 * corridor (turning radius max_speed^2 / max_force) before it has to brake. */
enum { ROUTE = 5 };
static const steer_v2 route[ROUTE] = {{0, 0}, {20, 0}, {20, 15}, {100, 15}, {200, 15}};

static steer_v2 by_waypoints(steer_v2 pos, steer_v2 vel, int *index, const steer_arrival *arrival, float max_speed)
{
    return steer_follow_waypoints_braking2(pos, vel, route, ROUTE, index, 2.0f, arrival, max_speed);
}

static steer_v2 by_path(steer_v2 pos, steer_v2 vel, int *index, const steer_arrival *arrival, float max_speed)
{
    (void)index;
    steer_path2 path = {route, ROUTE, false, 1.0f};
    return steer_follow_path_to_end2(pos, vel, &path, 1.0f, 2.0f, arrival, max_speed);
}

static void ends_at_rest_on_the_last_point(const char *what, force2_fn *force)
{
    const float max_speeds[] = {2, 5, 8}, forces[] = {0.5f, 2, 20}, dts[] = {1.0f / 60.0f, 0.2f};
    for (int s = 0; s < 3; ++s)
        for (int f = 0; f < 3; ++f)
            for (int t = 0; t < 2; ++t) {
                steer_arrival arrival = {1.0f, forces[f], dts[t], 0.05f};
                steer_v2 pos = v2(0, 0.5f), vel = v2(1, 0); /* follow_path leaves an agent at rest in the corridor */
                int index = 0, still = 0, i = 0;
                float beyond = -INFINITY;
                for (; i < 200000 && still < 60; ++i) {
                    integrate2(&pos, &vel, force(pos, vel, &index, &arrival, max_speeds[s]), forces[f], max_speeds[s], dts[t]);
                    beyond = steer_maxf(beyond, pos.x - route[ROUTE - 1].x); /* the last leg runs along +X */
                    bool rest = steer_v2_len(vel) < 0.01f && steer_v2_dist(pos, route[ROUTE - 1]) <= arrival.tolerance;
                    still = rest ? still + 1 : 0;
                }
                if (!(still >= 60 && beyond <= 1e-5f)) {
                    ++check_failed;
                    fprintf(stderr, "%s: max_speed %g force %g dt %g: %s, %g beyond the end\n", what, (double)max_speeds[s],
                            (double)forces[f], (double)dts[t], still >= 60 ? "rested" : "did not rest", (double)beyond);
                } else {
                    ++check_passed;
                }
            }
}

static void waypoints_and_open_paths_end_at_rest_without_passing_the_end(void)
{
    ends_at_rest_on_the_last_point("follow_waypoints_braking", by_waypoints);
    ends_at_rest_on_the_last_point("follow_path_to_end", by_path);
    /* The 3D forms run the same code: one short check that they arrive. */
    steer_v3 pts[2] = {{0, 0, 0}, {0, 0, 30}};
    steer_path3 path = {pts, 2, false, 1.0f};
    steer_arrival arrival = {1.0f, 2.0f, 0.1f, 0.05f};
    steer_v3 p = v3(0.5f, 0, 0), v = v3(0, 0, 1), q = p, u = v;
    int index = 0;
    float furthest = 0.0f, furthest_q = 0.0f;
    for (int i = 0; i < 3000; ++i) {
        integrate3(&p, &v, steer_follow_path_to_end3(p, v, &path, 1.0f, 2.0f, &arrival, 4.0f), 2.0f, 4.0f, 0.1f);
        integrate3(&q, &u, steer_follow_waypoints_braking3(q, u, pts, 2, &index, 1.0f, &arrival, 4.0f), 2.0f, 4.0f, 0.1f);
        furthest = steer_maxf(furthest, p.z);
        furthest_q = steer_maxf(furthest_q, q.z);
    }
    CHECK(furthest <= 30.0f && furthest_q <= 30.0f);
    CHECK(steer_v3_dist(p, pts[1]) <= 0.05f && steer_v3_len(v) < 0.01f);
    CHECK(steer_v3_dist(q, pts[1]) <= 0.05f && steer_v3_len(u) < 0.01f);
}

/* A closed path has no end: follow_path_to_end is follow_path, bit for bit. */
static void a_closed_path_is_follow_path_exactly(void)
{
    steer_rng rng = steer_rng_make(0xc105edu);
    steer_path2 path2 = {route, ROUTE, true, 1.5f};
    steer_v3 pts3[4] = {{0, 0, 0}, {20, 0, 5}, {20, 15, 5}, {60, 15, 0}};
    steer_path3 path3 = {pts3, 4, true, 1.5f};
    steer_arrival arrival = {5.0f, 2.0f, 0.1f, 0.05f};
    for (int i = 0; i < 2000; ++i) {
        steer_v3 p = v3(steer_rng_range(&rng, -10, 70), steer_rng_range(&rng, -10, 25), steer_rng_range(&rng, -5, 10));
        steer_v3 v = v3(steer_rng_range(&rng, -4, 4), steer_rng_range(&rng, -4, 4), steer_rng_range(&rng, -4, 4));
        steer_v2 p2 = steer_v2_from_v3(p), v2_ = steer_v2_from_v3(v);
        CHECK_V2_EQ(steer_follow_path_to_end2(p2, v2_, &path2, 2.0f, 3.0f, &arrival, 4.0f),
                    steer_follow_path2(p2, v2_, &path2, 2.0f, 3.0f, 4.0f));
        CHECK_V3_EQ(steer_follow_path_to_end3(p, v, &path3, 2.0f, 3.0f, &arrival, 4.0f),
                    steer_follow_path3(p, v, &path3, 2.0f, 3.0f, 4.0f));
    }
}

/* Bad input: finite answers, never NaN. */
static void odd_arrivals_give_finite_forces(void)
{
    const float odd[] = {0.0f, -1.0f, NAN, INFINITY, -INFINITY, 1e-40f, 3e38f, FLT_MAX};
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j) {
            steer_arrival a = {odd[i], odd[j], odd[(i + j) % 8], odd[(i * 3 + j) % 8]};
            CHECK(steer_v2_is_valid(steer_arrive_braking2(v2(0, 0), v2(1, 1), v2(5, 0), 3.0f, &a)));
            CHECK(steer_v3_is_valid(steer_arrive_braking3(v3(0, 0, 0), v3(odd[i], 0, 1), v3(5, 0, odd[j]), odd[j], &a)));
            steer_path2 path = {route, ROUTE, false, 1.0f};
            CHECK(steer_v2_is_valid(steer_follow_path_to_end2(v2(odd[i], 1), v2(1, 0), &path, odd[j], 2.0f, &a, 3.0f)));
        }
}

int main(void)
{
    the_desired_speed_is_the_least_of_the_three_limits();
    braking_arrive_never_passes_the_target_over_the_sweep();
    the_worked_example_passes_the_target_and_the_braking_form_does_not();
    waypoints_and_open_paths_end_at_rest_without_passing_the_end();
    a_closed_path_is_follow_path_exactly();
    odd_arrivals_give_finite_forces();
    return check_summary("test_arrive_braking");
}
