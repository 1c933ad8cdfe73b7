/* The stateful vehicle: defaults, integration, limits,
 * turn rate, bad input, and the behaviour wrappers using its own limits. */
#include "test_util.h"

static void make_sets_the_documented_defaults(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(1, 2), 5);
    CHECK_V2_EQ(v.position, v2(1, 2));
    CHECK_V2_EQ(v.velocity, v2(0, 0));
    CHECK_V2_EQ(v.force, v2(0, 0));
    CHECK_V2_EQ(v.heading, v2(1, 0));
    CHECK_V2_EQ(v.smooth_heading, v2(1, 0));
    CHECK(v.max_speed == 3.0f && v.max_force == 0.12f && v.mass == 1.0f && v.radius == 0.5f);
    CHECK(v.max_turn_rate <= 0.0f);
    CHECK(v.wander.radius == 1.0f && v.wander.distance == 2.0f && v.wander.jitter == 1.0f);
    CHECK(v.waypoint == 0 && v.avoid_latch == -1);
    steer_rng expect = steer_rng_make(5);
    CHECK(same_bits(&v.rng, &expect, sizeof expect));
    steer_vehicle3 w = steer_vehicle3_make(v3(1, 2, 3), 5);
    CHECK_V3_EQ(w.heading, v3(1, 0, 0));
    CHECK(w.max_speed == 3.0f && w.max_force == 0.12f);
}

/* Bit for bit the integration rule (tests/test_util.h integrate2/3), for a
 * vehicle of mass 1 without a turn limit. */
static void step_follows_spec_integration_exactly(void)
{
    steer_rng rng = steer_rng_make(31);
    steer_vehicle2 v = steer_vehicle2_make(v2(0.5f, -1), 1);
    v.max_speed = 2.5f;
    v.max_force = 4.0f;
    steer_v2 pos = v.position, vel = v.velocity;
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 1), 1);
    w.max_speed = 2.5f;
    w.max_force = 4.0f;
    steer_v3 pos3 = w.position, vel3 = w.velocity;
    bool same2 = true, same3 = true;
    for (int i = 0; i < 2000; ++i) {
        steer_v3 f = v3(steer_rng_range(&rng, -6, 6), steer_rng_range(&rng, -6, 6), steer_rng_range(&rng, -6, 6));
        float dt = steer_rng_range(&rng, 0.001f, 0.2f);
        steer_vehicle2_apply_force(&v, steer_v2_from_v3(f));
        steer_vehicle2_step(&v, dt);
        integrate2(&pos, &vel, steer_v2_from_v3(f), 4.0f, 2.5f, dt);
        same2 = same2 && same_bits(&v.position, &pos, sizeof pos) && same_bits(&v.velocity, &vel, sizeof vel);
        steer_vehicle3_apply_force(&w, f);
        steer_vehicle3_step(&w, dt);
        integrate3(&pos3, &vel3, f, 4.0f, 2.5f, dt);
        same3 = same3 && same_bits(&w.position, &pos3, sizeof pos3) && same_bits(&w.velocity, &vel3, sizeof vel3);
    }
    CHECK(same2);
    CHECK(same3);
    /* Worked example 1 (vectors/seek.txt), through the vehicle. */
    steer_vehicle2 s = steer_vehicle2_make(v2(0, 0), 1);
    s.max_speed = 5.0f;
    s.max_force = 10.0f;
    const float want_x[] = {0.000f, 0.200f, 0.560f, 1.048f, 1.638f, 2.311f, 3.049f, 3.839f, 4.671f};
    const float want_vx[] = {0.000f, 1.000f, 1.800f, 2.440f, 2.952f, 3.362f, 3.689f, 3.951f, 4.161f};
    for (int i = 0; i < 9; ++i) {
        CHECK_NEAR(s.position.x, want_x[i], 0.0015);
        CHECK_NEAR(s.velocity.x, want_vx[i], 0.0015);
        steer_vehicle2_apply_force(&s, steer_vehicle2_seek(&s, v2(10, 0)));
        steer_vehicle2_step(&s, 0.2f);
    }
}

static void apply_force_accumulates_and_step_clears_it(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.max_force = 10.0f;
    steer_vehicle2_apply_force(&v, v2(1, 0));
    steer_vehicle2_apply_force(&v, v2(0, 2));
    CHECK_V2_EQ(v.force, v2(1, 2));
    steer_vehicle2_step(&v, 0.5f);
    CHECK_V2_EQ(v.force, v2(0, 0));
    CHECK_V2_NEAR(v.velocity, v2(0.5f, 1.0f), 1e-7);
    CHECK_V2_NEAR(v.position, v2(0.25f, 0.5f), 1e-7);
    /* The sum is truncated, not each force. */
    steer_vehicle2 w = steer_vehicle2_make(v2(0, 0), 1);
    w.max_force = 1.0f;
    steer_vehicle2_apply_force(&w, v2(0.8f, 0));
    steer_vehicle2_apply_force(&w, v2(0.8f, 0));
    steer_vehicle2_step(&w, 1.0f);
    CHECK_V2_NEAR(w.velocity, v2(1, 0), 1e-7);
}

static void mass_divides_the_force(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.mass = 4.0f;
    v.max_force = 10.0f;
    steer_vehicle2_apply_force(&v, v2(2, 0));
    steer_vehicle2_step(&v, 1.0f);
    CHECK_V2_NEAR(v.velocity, v2(0.5f, 0), 1e-7);
    /* mass <= 0 counts as 1. */
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.mass = 0.0f;
    steer_vehicle3_apply_force(&w, v3(0, 0, 0.1f));
    steer_vehicle3_step(&w, 1.0f);
    CHECK_V3_NEAR(w.velocity, v3(0, 0, 0.1f), 1e-7);
}

static void step_never_exceeds_max_speed(void)
{
    steer_rng rng = steer_rng_make(2);
    steer_vehicle3 v = steer_vehicle3_make(v3(0, 0, 0), 1);
    v.max_force = 1e6f;
    float fastest = 0.0f;
    for (int i = 0; i < 10000; ++i) {
        float big = powf(10.0f, steer_rng_range(&rng, -2.0f, 6.0f));
        steer_vehicle3_apply_force(&v, v3(big * steer_rng_range(&rng, -1, 1), big * steer_rng_range(&rng, -1, 1),
                                          big * steer_rng_range(&rng, -1, 1)));
        steer_vehicle3_step(&v, steer_rng_range(&rng, 0.01f, 2.0f));
        fastest = steer_maxf(fastest, steer_v3_len(v.velocity));
    }
    CHECK(fastest <= v.max_speed * (1.0f + 1e-6f));
    CHECK(fastest > v.max_speed * 0.999f);
}

static void max_turn_rate_limits_the_heading_change_per_step(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.max_speed = 2.0f;
    v.max_force = 50.0f;
    v.max_turn_rate = 0.5f; /* radians per time unit */
    v.velocity = v2(2, 0);
    float dt = 0.1f;
    bool limited = true, along_velocity = true;
    double total = 0.0;
    for (int i = 0; i < 200; ++i) {
        steer_v2 before = v.heading;
        steer_vehicle2_apply_force(&v, steer_vehicle2_seek(&v, v2(-100, 1))); /* behind: a sharp turn */
        steer_vehicle2_step(&v, dt);
        double turned = angle_between2(before, v.heading);
        limited = limited && turned <= v.max_turn_rate * dt + 1e-6;
        along_velocity = along_velocity && angle_between2(v.heading, v.velocity) < 1e-6;
        total += turned;
    }
    CHECK(limited);
    CHECK(along_velocity);
    CHECK(total > 3.0); /* it did turn round, at the limited rate */
    CHECK(v.velocity.x < 0.0f);
    /* 3D: a vertical turn is limited the same way. */
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.max_speed = 1.0f;
    w.max_force = 50.0f;
    w.max_turn_rate = 1.0f;
    w.velocity = v3(1, 0, 0);
    steer_v3 before = w.heading;
    steer_vehicle3_apply_force(&w, v3(-1, 0, 20));
    steer_vehicle3_step(&w, 0.25f);
    CHECK_NEAR(angle_between3(before, w.heading), 0.25, 1e-6);
    CHECK(w.heading.z > 0.0f);
}

/* Where the turn limit binds, the speed is what the request has along the
 * way the vehicle may take (no less than one step of braking allows):
 * a brake through zero stops it, and never speeds it up (the reversed
 * velocity turned forward gave 0.070 from 0.05); a slow vehicle asked to
 * reach a point beside it slows to turn, so an arrive lands (it had
 * circled the target 1.5 away for ever); a stopped one turns on the spot. */
static void a_turn_limit_slows_to_turn_and_never_speeds_a_brake_up(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.max_turn_rate = 0.3f;
    v.velocity = v2(0.05f, 0);
    steer_vehicle2_apply_force(&v, v2(-0.12f, 0)); /* more than the speed: through zero */
    steer_vehicle2_step(&v, 1.0f);
    CHECK(steer_v2_len(v.velocity) <= 0.05f);
    CHECK(v.velocity.x == 0.0f && v.velocity.y == 0.0f);
    CHECK_NEAR(angle_between2(v2(1, 0), v.heading), 0.3, 1e-6); /* turned on the spot */
    /* the arrive the review found circling: per-frame units, max_force 0.5, slow radius 5 */
    steer_vehicle2 a = steer_vehicle2_make(v2(0, 0), 2);
    a.max_force = 0.5f;
    a.max_turn_rate = 0.3f;
    a.velocity = v2(0, 3);
    steer_v2 target = v2(12, 4);
    double closest_late = INFINITY;
    for (int i = 0; i < 2000; ++i) {
        steer_vehicle2_apply_force(&a, steer_vehicle2_arrive(&a, target, 5.0f));
        steer_vehicle2_step(&a, 1.0f);
        if (i >= 1500) closest_late = fmin(closest_late, steer_v2_dist(a.position, target));
    }
    printf("turn-limited arrive: %.4f from the target at speed %.4f after 2000 frames\n",
           (double)steer_v2_dist(a.position, target), (double)steer_v2_len(a.velocity));
    CHECK(steer_v2_dist(a.position, target) < 0.05f);
    CHECK(steer_v2_len(a.velocity) < 0.01f);
    CHECK(closest_late < 0.05);
    /* a fast vehicle turns at its speed less what its force can brake in the step */
    steer_vehicle2 f = steer_vehicle2_make(v2(0, 0), 3);
    f.max_speed = 2.0f;
    f.max_force = 4.0f;
    f.max_turn_rate = 1.0f;
    f.velocity = v2(2, 0);
    steer_vehicle2_apply_force(&f, v2(0, 4)); /* straight across */
    steer_vehicle2_step(&f, 1.0f / 60.0f);
    CHECK(steer_v2_len(f.velocity) >= 2.0f - 4.0f / 60.0f - 1e-6f);
    CHECK_NEAR(angle_between2(v2(1, 0), f.velocity), 1.0 / 60.0, 1e-5);
}

/* A turn-limited vehicle at rest with its braking arrive's target inside
 * its turning circle (rate 0.1, max speed 2: a circle of radius 20; the
 * target 1.5 beside it, or 3 behind it): the wrapper asks no more speed
 * than keeps the target in reach, so it lands within a minute (21 and 40
 * s). It had circled them for 344 and 422 s. 2D and 3D alike. */
static void a_turn_limited_braking_arrive_lands_inside_its_turning_circle(void)
{
    const steer_v2 targets[2] = {{0, 1.5f}, {-3, 0}};
    for (int t = 0; t < 2; ++t) {
        steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 4);
        steer_vehicle3 w = steer_vehicle3_make(steer_v3_zero(), 4);
        v.max_speed = w.max_speed = 2.0f;
        v.max_force = w.max_force = 4.0f;
        v.max_turn_rate = w.max_turn_rate = 0.1f;
        const float dt = 1.0f / 30.0f;
        const steer_v3 target3 = {targets[t].x, 0, targets[t].y}; /* 3D: in the x-z plane */
        int landed = -1, landed3 = -1;
        for (int i = 0; i < 3600 && (landed < 0 || landed3 < 0); ++i) {
            steer_vehicle2_apply_force(&v, steer_vehicle2_arrive_braking(&v, targets[t], 2.0f, 0.05f, dt));
            steer_vehicle2_step(&v, dt);
            steer_vehicle3_apply_force(&w, steer_vehicle3_arrive_braking(&w, target3, 2.0f, 0.05f, dt));
            steer_vehicle3_step(&w, dt);
            if (landed < 0 && steer_v2_dist(v.position, targets[t]) <= 0.05f && steer_v2_len(v.velocity) < 0.1f) landed = i;
            if (landed3 < 0 && steer_v3_dist(w.position, target3) <= 0.05f && steer_v3_len(w.velocity) < 0.1f) landed3 = i;
        }
        printf("turn-limited braking arrive to (%g, %g): landed after %.1f s (3D %.1f s)\n", (double)targets[t].x,
               (double)targets[t].y, landed * (double)dt, landed3 * (double)dt);
        CHECK(landed >= 0 && landed3 >= 0 && landed * dt < 60.0f && landed3 * dt < 60.0f);
    }
}

/* The default vehicle (3 a frame) with a turn limit of 0.1, set off 5
 * beside its first waypoint (arrival_radius 1): the wrappers seek each
 * waypoint no faster than keeps it in reach of the turn, so the vehicle
 * takes it and goes on, in every order. It had circled it 1.34 off for
 * 20,000 frames. */
static void a_turn_limited_vehicle_takes_a_waypoint_beside_it(void)
{
    const steer_v2 points[2] = {{0, 5}, {0, 5}};
    const steer_waypoint_order orders[3] = {STEER_WAYPOINTS_FORWARD, STEER_WAYPOINTS_REVERSE, STEER_WAYPOINTS_LOOP};
    for (int o = 0; o < 4; ++o) {
        steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 5);
        v.max_turn_rate = 0.1f;
        int taken = -1;
        for (int i = 0; i < 20000 && taken < 0; ++i) {
            steer_v2 f = o == 3 ? steer_vehicle2_follow_waypoints(&v, points, 2, 1.0f, 5.0f)
                                : steer_vehicle2_follow_waypoints_ordered(&v, points, 2, 1.0f, 5.0f, orders[o]);
            steer_vehicle2_apply_force(&v, f);
            steer_vehicle2_step(&v, 1.0f);
            if (v.waypoint >= 1) taken = i;
        }
        printf("turn-limited vehicle, a waypoint 5 beside it (order %d): taken after %d frames\n", o, taken);
        CHECK(taken >= 0 && taken < 2000);
    }
}

/* A vehicle faster than its max_speed (max_speed lowered, a velocity set)
 * whose turn limit binds: the speed is never more than the truncated
 * request. It had kept its speed less one braking step (9.5, 9, 8.5, ... at
 * max_speed 2), where the unlimited step and the limit within its angle
 * truncate it at once. */
static void a_bound_turn_never_exceeds_max_speed(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.max_force = 0.5f;
    v.max_turn_rate = 0.01f;
    v.velocity = v2(10, 0);
    v.max_speed = 2.0f;
    for (int i = 0; i < 4; ++i) {
        steer_vehicle2_apply_force(&v, v2(0, 0.5f)); /* across: the limit binds */
        steer_vehicle2_step(&v, 1.0f);
        CHECK(steer_v2_len(v.velocity) <= 2.0f);
    }
    CHECK(steer_v2_len(v.velocity) > 1.9f); /* slowed to turn only as much as the request asks */
    for (int up = STEER_UP_Z; up <= STEER_UP_Y; ++up) {
        steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
        w.up = (steer_up_axis)up;
        w.max_force = 0.5f;
        w.max_turn_rate = 0.01f;
        w.velocity = v3(10, 0, 0);
        w.max_speed = 2.0f;
        steer_vehicle3_apply_force(&w, up == STEER_UP_Y ? v3(0, 0, 0.5f) : v3(0, 0.5f, 0));
        steer_vehicle3_step(&w, 1.0f);
        CHECK(steer_v3_len(w.velocity) <= 2.0f);
    }
}

static void non_finite_forces_are_ignored(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(1, 1), 1);
    v.velocity = v2(1, 0);
    steer_vehicle2_apply_force(&v, v2(0.1f, 0));
    steer_vehicle2_apply_force(&v, v2(NAN, 0));
    steer_vehicle2_apply_force(&v, v2(0, INFINITY));
    steer_vehicle2_apply_force(&v, v2(-INFINITY, NAN));
    CHECK_V2_EQ(v.force, v2(0.1f, 0));
    steer_vehicle2_step(&v, 1.0f);
    CHECK_V2_NEAR(v.velocity, v2(1.1f, 0), 1e-6);
    CHECK_V2_NEAR(v.position, v2(2.1f, 1), 1e-6);
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    steer_vehicle3_apply_force(&w, v3(0, 0, NAN));
    CHECK_V3_EQ(w.force, v3(0, 0, 0));
}

static void step_with_dt_not_positive_moves_nothing_and_clears_the_force(void)
{
    const float bad[] = {0.0f, -0.5f, -INFINITY, NAN};
    for (int i = 0; i < 4; ++i) {
        steer_vehicle2 v = steer_vehicle2_make(v2(3, 4), 1);
        v.velocity = v2(1, -1);
        steer_vehicle2_apply_force(&v, v2(0.1f, 0.1f));
        steer_vehicle2_step(&v, bad[i]);
        CHECK_V2_EQ(v.position, v2(3, 4));
        CHECK_V2_EQ(v.velocity, v2(1, -1));
        CHECK_V2_EQ(v.force, v2(0, 0));
        /* The cleared force is not applied later. */
        steer_vehicle2_step(&v, 1.0f);
        CHECK_V2_NEAR(v.position, v2(4, 3), 1e-6);
    }
    steer_vehicle3 w = steer_vehicle3_make(v3(3, 4, 5), 1);
    w.velocity = v3(0, 0, 1);
    steer_vehicle3_step(&w, 0.0f);
    CHECK_V3_EQ(w.position, v3(3, 4, 5));
}

static void step_whose_result_is_not_finite_stops_the_vehicle_in_place(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(3, 4), 1);
    v.velocity = v2(1, 0);
    steer_vehicle2_step(&v, INFINITY);
    CHECK_V2_EQ(v.position, v2(3, 4));
    CHECK_V2_EQ(v.velocity, v2(0, 0));
    steer_vehicle2 edge = steer_vehicle2_make(v2(3e38f, 0), 1);
    edge.velocity = v2(3, 0);
    steer_vehicle2_step(&edge, 1e38f);
    CHECK_V2_EQ(edge.position, v2(3e38f, 0));
    CHECK_V2_EQ(edge.velocity, v2(0, 0));
    CHECK(steer_v2_is_valid(edge.heading));
}

static void heading_follows_velocity_is_kept_while_stopped_and_is_smoothed(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.max_force = 10.0f;
    steer_vehicle2_apply_force(&v, v2(0, 1));
    steer_vehicle2_step(&v, 1.0f);
    CHECK_V2_NEAR(v.heading, v2(0, 1), 1e-7);
    /* smooth_heading lags: lerp by 0.3 then normalised. */
    CHECK_V2_NEAR(v.smooth_heading, steer_v2_normalize(v2(0.7f, 0.3f)), 1e-6);
    CHECK_NEAR(steer_v2_len(v.smooth_heading), 1.0, 1e-6);
    /* Brake to a stop: the heading stays. */
    steer_vehicle2_apply_force(&v, steer_v2_neg(v.velocity));
    steer_vehicle2_step(&v, 1.0f);
    CHECK_V2_EQ(v.velocity, v2(0, 0));
    CHECK_V2_NEAR(v.heading, v2(0, 1), 1e-7);
    for (int i = 0; i < 60; ++i) steer_vehicle2_step(&v, 1.0f);
    CHECK_V2_NEAR(v.smooth_heading, v2(0, 1), 1e-6);
}

/* A vehicle that reverses along a line (seek a point behind it on the
 * axis, an arrive that overshoots and comes back) has a heading exactly
 * opposite its smoothed one: the lerp of two opposite unit vectors stays on
 * their line, so with k < 1/2 the smoothed heading kept the old direction
 * for good while the vehicle drove the other way. */
static void smooth_heading_follows_a_reversal(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    for (int step = 0; step < 30; ++step) {
        steer_vehicle2_apply_force(&v, steer_vehicle2_seek(&v, v2(50, 0)));
        steer_vehicle2_step(&v, 1.0f);
    }
    CHECK_V2_NEAR(v.smooth_heading, v2(1, 0), 1e-6);
    int turned = -1;
    for (int step = 0; step < 80 && turned < 0; ++step) {
        steer_vehicle2_apply_force(&v, steer_vehicle2_seek(&v, v2(-50, 0)));
        steer_vehicle2_step(&v, 1.0f);
        if (v.heading.x < 0.0f && v.smooth_heading.x < -0.99f) turned = step;
    }
    CHECK(turned >= 0);
    CHECK_NEAR(steer_v2_len(v.smooth_heading), 1.0, 1e-6);
    /* The smoothed heading still lags: it turns a share k of the half turn
     * in the step of the reversal, left as turn_toward turns, then lerps. */
    steer_vehicle2 w = steer_vehicle2_make(v2(0, 0), 1);
    w.velocity = v2(0.05f, 0);
    w.max_force = 1.0f;
    steer_vehicle2_apply_force(&w, v2(-1, 0));
    steer_vehicle2_step(&w, 1.0f);
    CHECK_V2_EQ(w.heading, v2(-1, 0));
    CHECK_V2_NEAR(w.smooth_heading, steer_turn_toward2(v2(1, 0), v2(-1, 0), 0.3f * STEER_PI), 1e-6);
    CHECK(w.smooth_heading.y > 0.0f);
    /* Y-up: the turn is about the vehicle's up, so the display heading stays on the ground. */
    steer_vehicle3 u = steer_vehicle3_make(v3(0, 0, 0), 1);
    u.up = STEER_UP_Y;
    u.velocity = v3(0, 0, 0.05f);
    u.heading = u.smooth_heading = v3(0, 0, 1);
    u.max_force = 1.0f;
    int ground = 1;
    for (int step = 0; step < 20; ++step) {
        steer_vehicle3_apply_force(&u, v3(0, 0, -1));
        steer_vehicle3_step(&u, 1.0f);
        ground &= u.smooth_heading.y == 0.0f;
    }
    CHECK(ground);
    CHECK(u.smooth_heading.z < -0.99f);
}

/* The vehicle forms are the pure behaviours with the vehicle's own state. */
static void vehicle_behaviours_use_the_vehicles_own_limits_and_state(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(1, 2), 8);
    v.velocity = v2(0.5f, -0.25f);
    v.max_speed = 2.5f;
    steer_vehicle2 other = steer_vehicle2_make(v2(6, -3), 9);
    other.velocity = v2(-1, 0.5f);
    other.heading = v2(0, 1);
    steer_vehicle2 third = steer_vehicle2_make(v2(-4, 5), 10);
    third.velocity = v2(0, 1);
    steer_v2 p = v.position, u = v.velocity;
    CHECK_V2_EQ(steer_vehicle2_seek(&v, v2(9, 9)), steer_seek2(p, u, v2(9, 9), 2.5f));
    CHECK_V2_EQ(steer_vehicle2_flee(&v, v2(0, 0), 4.0f), steer_flee2(p, u, v2(0, 0), 2.5f, 4.0f));
    CHECK_V2_EQ(steer_vehicle2_arrive(&v, v2(3, 3), 5.0f), steer_arrive2(p, u, v2(3, 3), 2.5f, 5.0f));
    CHECK_V2_EQ(steer_vehicle2_pursue(&v, &other, 2.0f), steer_pursue2(p, u, other.position, other.velocity, 2.5f, 2.0f));
    CHECK_V2_EQ(steer_vehicle2_evade(&v, &other, 2.0f, 9.0f),
                steer_evade2(p, u, other.position, other.velocity, 2.5f, 2.0f, 9.0f));
    CHECK_V2_EQ(steer_vehicle2_interpose(&v, &other, &third, 1.0f),
                steer_interpose2(p, u, other.position, other.velocity, third.position, third.velocity, 2.5f, 1.0f));
    steer_obstacle2 obs[] = {{v2(4, 0), 1.0f}};
    CHECK_V2_EQ(steer_vehicle2_hide(&v, &other, obs, 1, 0.5f, 1.0f),
                steer_hide2(p, u, other.position, other.velocity, obs, 1, 0.5f, 2.5f, 1.0f, NULL));
    CHECK_V2_EQ(steer_vehicle2_offset_pursuit(&v, &other, v2(-1, 1), 1.0f),
                steer_offset_pursuit2(p, u, other.position, other.velocity, v2(0, 1), v2(-1, 1), 2.5f, 1.0f));
    steer_box2 box = {v2(0, 0), v2(10, 10)};
    CHECK_V2_EQ(steer_vehicle2_contain(&v, box, 3.0f), steer_contain2(p, u, box, 3.0f, 2.5f));
    steer_v2 fv[] = {{0, 1}};
    steer_flow_field2 field = {v2(0, 0), 1.0f, 1, 1, 0, fv};
    CHECK_V2_EQ(steer_vehicle2_follow_flow(&v, &field, 0.5f), steer_follow_flow2(p, u, &field, 0.5f, 2.5f));
    steer_v2 pts[] = {{0, 0}, {10, 0}};
    steer_path2 path = {pts, 2, false, 0.5f};
    CHECK_V2_EQ(steer_vehicle2_follow_path(&v, &path, 1.0f, 2.0f), steer_follow_path2(p, u, &path, 1.0f, 2.0f, 2.5f));
    steer_segment2 walls[] = {{v2(-10, 3), v2(10, 3)}};
    steer_wall_feelers feelers = {2.0f, 0.5f, 1.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_vehicle2_avoid_walls(&v, walls, 1, &feelers), steer_avoid_walls2(p, u, walls, 1, &feelers, NULL));
    steer_wall_follow_params wf = {5.0f, 1.0f, 1.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_vehicle2_follow_wall(&v, walls, 1, &wf), steer_follow_wall2(p, u, walls, 1, &wf, 2.5f));
    /* Stateful ones update the vehicle. */
    steer_v2 wp[] = {{1.1f, 2}, {5, 5}, {9, 9}};
    CHECK_V2_EQ(steer_vehicle2_follow_waypoints(&v, wp, 3, 0.5f, 1.0f), steer_seek2(p, u, wp[1], 2.5f));
    CHECK(v.waypoint == 1);
    steer_rng rng = v.rng;
    float angle = v.wander_angle;
    steer_v2 t1, t2;
    steer_v2 w1 = steer_vehicle2_wander(&v, 0.5f, &t1);
    steer_v2 w2 = steer_wander2(p, u, &angle, &v.wander, 2.5f, 0.5f, steer_rng_float, &rng, &t2);
    CHECK_V2_EQ(w1, w2);
    CHECK_V2_EQ(t1, t2);
    CHECK(v.wander_angle == angle);
    CHECK(same_bits(&v.rng, &rng, sizeof rng));
    steer_obstacle2 in_way = {v2(3, 1.5f), 0.5f};
    steer_vehicle2 mover = steer_vehicle2_make(v2(0, 2), 1);
    mover.velocity = v2(1, 0);
    steer_avoid_params ap = {4.0f, mover.radius, mover.max_force, 6.0f, mover.radius, STEER_UP_Z};
    int latch = -1;
    CHECK_V2_EQ(steer_vehicle2_avoid_obstacles(&mover, &in_way, 1, 4.0f),
                steer_avoid_obstacles2(v2(0, 2), v2(1, 0), &in_way, 1, &ap, &latch));
    CHECK(mover.avoid_latch == 0 && latch == 0);
    /* 3D spherical wander uses the vehicle's generator: two draws. */
    steer_vehicle3 s = steer_vehicle3_make(v3(0, 0, 0), 3);
    s.velocity = v3(1, 0, 0);
    steer_rng before = s.rng;
    steer_vehicle3_wander_sphere(&s, 0.5f, NULL);
    steer_rng_u32(&before);
    steer_rng_u32(&before);
    CHECK(same_bits(&s.rng, &before, sizeof before));
}

/* target_speed with the vehicle's heading and max_force: from rest it sets
 * off along its heading (not +X), reaches the speed and keeps the line, then
 * slows to a smaller one; a vehicle with max_force 0 gets no force. */
static void target_speed_drives_the_vehicle_along_its_heading(void)
{
    steer_vehicle2 v = steer_vehicle2_make(v2(1, 1), 1);
    v.heading = v2(0, 1);
    CHECK_V2_EQ(steer_vehicle2_target_speed(&v, 2.0f), steer_target_speed2(v2(0, 0), v2(0, 1), 2.0f, 0.12f));
    for (int i = 0; i < 40; ++i) {
        steer_vehicle2_apply_force(&v, steer_vehicle2_target_speed(&v, 2.0f));
        steer_vehicle2_step(&v, 1.0f);
    }
    CHECK_NEAR(steer_v2_len(v.velocity), 2.0, 1e-5);
    CHECK(v.position.x == 1.0f && v.position.y > 30.0f); /* straight up its heading */
    for (int i = 0; i < 40; ++i) {
        steer_vehicle2_apply_force(&v, steer_vehicle2_target_speed(&v, 0.5f));
        steer_vehicle2_step(&v, 1.0f);
    }
    CHECK_NEAR(v.velocity.y, 0.5, 1e-5);
    CHECK(v.velocity.x == 0.0f);
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.heading = v3(0, 0, -1);
    w.max_force = 0.5f;
    for (int i = 0; i < 20; ++i) {
        steer_vehicle3_apply_force(&w, steer_vehicle3_target_speed(&w, 1.5f));
        steer_vehicle3_step(&w, 1.0f);
    }
    CHECK_V3_NEAR(w.velocity, v3(0, 0, -1.5f), 1e-6);
    steer_vehicle2 stuck = steer_vehicle2_make(v2(0, 0), 1);
    stuck.max_force = 0.0f;
    CHECK_V2_EQ(steer_vehicle2_target_speed(&stuck, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_vehicle2_target_speed(&v, -1.0f), v2(0, 0));
}

/* target_speed, as match_velocity, caps the acceleration at max_force /
 * mass and returns it times the mass. Returned as the raw clamp(target -
 * speed, +-max_force), a vehicle of mass 0.5 told to stop reversed every
 * step for good (speed 1, then -1, then 1: turned round 180 degrees each
 * time) and one of mass 0.25 cycled through 3, -1, -3, 1 aiming at 2; a
 * heavy one closed only 1/mass of the gap a step. Now every mass lands
 * within a step of dt = 1 once within max_force / mass, never reversing. */
static void target_speed_lands_for_any_mass(void)
{
    const float masses[] = {0.25f, 0.5f, 1.0f, 3.0f};
    const float goals[] = {0.0f, 2.0f};
    for (int m = 0; m < 4; ++m)
        for (int g = 0; g < 2; ++g) {
            steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
            v.mass = masses[m];
            v.max_force = 10.0f;
            v.velocity = v2(1, 0);
            for (int i = 0; i < 6; ++i) {
                steer_v2 f = steer_vehicle2_target_speed(&v, goals[g]);
                CHECK(steer_v2_len(f) <= 10.0f * (1.0f + 1e-6f));
                steer_vehicle2_apply_force(&v, f);
                steer_vehicle2_step(&v, 1.0f);
                CHECK(v.velocity.x >= 0.0f && v.velocity.y == 0.0f); /* never turned round */
            }
            CHECK_NEAR(v.velocity.x, goals[g], 1e-6);
        }
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.mass = 4.0f;
    w.max_force = 2.0f;
    w.up = STEER_UP_Y;
    w.heading = v3(0, 0, -1);
    CHECK_V3_EQ(steer_vehicle3_target_speed(&w, 3.0f),
                steer_v3_scale(steer_target_speed3(w.velocity, w.heading, 3.0f, 0.5f), 4.0f));
}

/* match_velocity caps the acceleration at max_force / mass and returns a
 * force: a vehicle of mass 3 reaches the target velocity as one of mass 1
 * does, each step's force within max_force. */
static void match_velocity_brings_the_vehicle_to_the_target_velocity(void)
{
    for (int k = 0; k < 2; ++k) {
        steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
        v.mass = k == 0 ? 1.0f : 3.0f;
        v.max_force = 6.0f;
        v.max_speed = 10.0f;
        v.velocity = v2(2, 0);
        steer_v2 goal = v2(-1, 2);
        CHECK_V2_NEAR(steer_vehicle2_match_velocity(&v, goal, 0.5f),
                      steer_v2_scale(steer_match_velocity2(v.velocity, goal, 0.5f, 6.0f / v.mass), v.mass), 1e-6);
        for (int i = 0; i < 120; ++i) {
            steer_v2 f = steer_vehicle2_match_velocity(&v, goal, 0.5f);
            CHECK(steer_v2_len(f) <= 6.0f * (1.0f + 1e-6f));
            steer_vehicle2_apply_force(&v, f);
            steer_vehicle2_step(&v, 0.05f);
        }
        CHECK_V2_NEAR(v.velocity, goal, 1e-4);
    }
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.max_force = 1.0f;
    for (int i = 0; i < 60; ++i) {
        steer_vehicle3_apply_force(&w, steer_vehicle3_match_velocity(&w, v3(0, 1, 1), 0.25f));
        steer_vehicle3_step(&w, 0.1f);
    }
    CHECK_V3_NEAR(w.velocity, v3(0, 1, 1), 1e-5);
    CHECK_V3_EQ(steer_vehicle3_match_velocity(&w, v3(0, 0, 5), 0.0f), v3(0, 0, 0));
}

/* behaviours.h: a NULL parameter struct gives zero. The wall wrappers copied
 * it to set the vehicle's up axis and crashed on NULL instead. */
static void wall_wrappers_take_null_params_as_the_behaviours_do(void)
{
    steer_segment2 walls[] = {{v2(-10, 1), v2(10, 1)}};
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.velocity = v2(0, 1);
    CHECK_V2_EQ(steer_vehicle2_avoid_walls(&v, walls, 1, NULL), v2(0, 0));
    CHECK_V2_EQ(steer_vehicle2_follow_wall(&v, walls, 1, NULL), v2(0, 0));
    steer_segment3 walls3[] = {{v3(-10, 0, 1), v3(10, 0, 1)}};
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 0, 0), 1);
    w.velocity = v3(0, 0, 1);
    w.up = STEER_UP_Y;
    CHECK_V3_EQ(steer_vehicle3_avoid_walls(&w, walls3, 1, NULL), v3(0, 0, 0));
    CHECK_V3_EQ(steer_vehicle3_follow_wall(&w, walls3, 1, NULL), v3(0, 0, 0));
}

int main(void)
{
    make_sets_the_documented_defaults();
    step_follows_spec_integration_exactly();
    apply_force_accumulates_and_step_clears_it();
    mass_divides_the_force();
    step_never_exceeds_max_speed();
    max_turn_rate_limits_the_heading_change_per_step();
    a_turn_limit_slows_to_turn_and_never_speeds_a_brake_up();
    a_bound_turn_never_exceeds_max_speed();
    a_turn_limited_braking_arrive_lands_inside_its_turning_circle();
    a_turn_limited_vehicle_takes_a_waypoint_beside_it();
    non_finite_forces_are_ignored();
    step_with_dt_not_positive_moves_nothing_and_clears_the_force();
    step_whose_result_is_not_finite_stops_the_vehicle_in_place();
    heading_follows_velocity_is_kept_while_stopped_and_is_smoothed();
    smooth_heading_follows_a_reversal();
    vehicle_behaviours_use_the_vehicles_own_limits_and_state();
    wall_wrappers_take_null_params_as_the_behaviours_do();
    target_speed_drives_the_vehicle_along_its_heading();
    target_speed_lands_for_any_mass();
    match_velocity_brings_the_vehicle_to_the_target_velocity();
    return check_summary("test_vehicle");
}
