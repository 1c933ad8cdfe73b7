/* The basic behaviours, flocking, group tactics and orientation: each gives
 * the direction and magnitude it promises (steer/behaviours.h). */
#include "test_util.h"

/* ---- seek / flee / arrive ---------------------------------------------- */

static void seek_desires_max_speed_toward_the_target_minus_velocity(void)
{
    /* target - pos = (3, 4): desired = (0.6, 0.8) * 5 = (3, 4). */
    steer_v2 f = steer_seek2(v2(1, 2), v2(0.5f, -1), v2(4, 6), 5.0f);
    CHECK_V2_NEAR(f, v2(2.5f, 5.0f), 1e-6);
    CHECK_NEAR(steer_v2_len(steer_v2_add(f, v2(0.5f, -1))), 5.0, 1e-6);
    steer_v3 g = steer_seek3(v3(0, 0, 0), v3(1, 1, 1), v3(2, 3, 6), 7.0f);
    CHECK_V3_NEAR(g, v3(1, 2, 5), 1e-6);
    /* Not clamped: a fast agent heading away gets a force longer than max_speed. */
    steer_v2 back = steer_seek2(v2(0, 0), v2(-3, 0), v2(10, 0), 3.0f);
    CHECK_V2_NEAR(back, v2(6, 0), 1e-6);
}

static void flee_desires_max_speed_away_from_the_threat(void)
{
    steer_v2 f = steer_flee2(v2(2, 0), v2(0, 1), v2(0, 0), 4.0f, 0.0f);
    CHECK_V2_NEAR(f, v2(4, -1), 1e-6);
    steer_v3 g = steer_flee3(v3(1, 1, 1), v3(0, 0, 0), v3(1, 1, 4), 2.0f, 0.0f);
    CHECK_V3_NEAR(g, v3(0, 0, -2), 1e-6);
}

static void flee_is_zero_beyond_the_panic_distance(void)
{
    steer_v2 pos = v2(5, 0), vel = v2(1, 1), threat = v2(0, 0);
    CHECK_V2_EQ(steer_flee2(pos, vel, threat, 3.0f, 4.9f), v2(0, 0));
    CHECK_V2_NEAR(steer_flee2(pos, vel, threat, 3.0f, 5.1f), v2(2, -1), 1e-6);
    CHECK_V2_NEAR(steer_flee2(pos, vel, threat, 3.0f, 0.0f), v2(2, -1), 1e-6);  /* <= 0: always */
    CHECK_V2_NEAR(steer_flee2(pos, vel, threat, 3.0f, -1.0f), v2(2, -1), 1e-6);
    CHECK_V3_EQ(steer_flee3(v3(0, 0, 9), v3(0, 0, 0), v3(0, 0, 0), 3.0f, 8.0f), v3(0, 0, 0));
}

static void arrive_is_seek_outside_the_slow_radius(void)
{
    steer_v2 pos = v2(0, 0), vel = v2(1, 0), target = v2(10, 0);
    CHECK_V2_EQ(steer_arrive2(pos, vel, target, 5.0f, 5.0f), steer_seek2(pos, vel, target, 5.0f));
    CHECK_V2_EQ(steer_arrive2(pos, vel, target, 5.0f, 0.0f), steer_seek2(pos, vel, target, 5.0f));
}

static void arrive_scales_desired_speed_by_distance_inside_the_slow_radius(void)
{
    /* dist 2 of slow_radius 5 at max_speed 5: desired speed 2. */
    steer_v2 f = steer_arrive2(v2(8, 0), v2(3, 0), v2(10, 0), 5.0f, 5.0f);
    CHECK_V2_NEAR(f, v2(-1, 0), 1e-6);
    steer_v3 g = steer_arrive3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 1), 4.0f, 8.0f);
    CHECK_V3_NEAR(g, v3(0, 0, 0.5f), 1e-6);
    CHECK_V2_EQ(steer_arrive2(v2(3, 3), v2(0, 0), v2(3, 3), 5.0f, 5.0f), v2(0, 0)); /* there and still */
}

/* 1D approach integrated as steer/vehicle.h says, with slow_radius >= 4 * max_speed
 * * (time unit), where desired speed = max_speed * dist / slow_radius and
 * force = desired - vel are not underdamped. */
static void arrive_lands_with_near_zero_speed_and_never_overshoots_in_1d(void)
{
    struct { float max_speed, max_force, dt, slow_radius, start_speed, target; } cases[] = {
        {5.0f, 10.0f, 0.2f, 20.0f, 0.0f, 30.0f},
        {5.0f, 10.0f, 0.05f, 20.0f, 5.0f, 30.0f},
        {2.0f, 4.0f, 1.0f / 60.0f, 10.0f, 2.0f, 20.0f},
        {3.0f, 0.12f, 1.0f, 100.0f, 0.0f, 200.0f}, /* the vehicle's per-frame defaults */
        {3.0f, 0.12f, 1.0f, 400.0f, 3.0f, 1000.0f},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        steer_v2 pos = v2(0, 0), vel = v2(cases[c].start_speed, 0), target = v2(cases[c].target, 0);
        float furthest = 0.0f;
        int steps_near = 0;
        for (int i = 0; i < 20000; ++i) {
            steer_v2 f = steer_arrive2(pos, vel, target, cases[c].max_speed, cases[c].slow_radius);
            integrate2(&pos, &vel, f, cases[c].max_force, cases[c].max_speed, cases[c].dt);
            furthest = steer_maxf(furthest, pos.x);
            if (cases[c].target - pos.x < 0.01f) ++steps_near;
        }
        CHECK(furthest <= cases[c].target); /* never past the target */
        CHECK(steps_near > 0);
        CHECK_NEAR(pos.x, cases[c].target, 0.01);
        CHECK(steer_v2_len(vel) < 0.05f);
        CHECK(pos.y == 0.0f && vel.y == 0.0f);
    }
}

/* ---- target speed, velocity matching ------------------------------------- */

/* Integrated at gain 1 (v += f, mass 1, dt 1) the speed moves toward the
 * target by at most max_force a step, lands on it, and the direction of
 * travel never changes; the force there is zero. */
static void target_speed_converges_to_the_speed_and_keeps_direction(void)
{
    steer_v2 dir = v2(0.6f, 0.8f), vel = steer_v2_scale(dir, 1.0f);
    for (int i = 0; i < 30; ++i) {
        float before = steer_v2_len(vel);
        vel = steer_v2_add(vel, steer_target_speed2(vel, v2(0, -1), 2.5f, 0.12f));
        float after = steer_v2_len(vel);
        CHECK(after >= before && after - before <= 0.12f + 1e-5f);
        CHECK(angle_between2(vel, dir) < 1e-6);
    }
    CHECK_NEAR(steer_v2_len(vel), 2.5, 1e-5);
    /* and down again, to a slower speed */
    for (int i = 0; i < 30; ++i) vel = steer_v2_add(vel, steer_target_speed2(vel, v2(0, -1), 0.5f, 0.12f));
    CHECK_NEAR(steer_v2_len(vel), 0.5, 1e-5);
    CHECK(angle_between2(vel, dir) < 1e-6);
    /* the exact force: clamp(target - speed, +-max_force) along vel */
    CHECK_V2_NEAR(steer_target_speed2(v2(0, 2), v2(1, 0), 2.05f, 0.12f), v2(0, 0.05f), 1e-6);
    CHECK_V2_NEAR(steer_target_speed2(v2(0, 2), v2(1, 0), 0.0f, 0.12f), v2(0, -0.12f), 1e-6);
    CHECK_V2_EQ(steer_target_speed2(v2(3, 4), v2(1, 0), 5.0f, 0.12f), v2(0, 0));
    steer_v3 w = v3(1, 2, 2); /* speed 3 */
    for (int i = 0; i < 40; ++i) w = steer_v3_add(w, steer_target_speed3(w, v3(1, 0, 0), 7.0f, 0.25f));
    CHECK_NEAR(steer_v3_len(w), 7.0, 1e-5);
    CHECK(angle_between3(w, v3(1, 2, 2)) < 1e-6);
}

static void target_speed_at_rest_starts_along_the_heading(void)
{
    CHECK_V2_NEAR(steer_target_speed2(v2(0, 0), v2(0, 1), 2.0f, 0.12f), v2(0, 0.12f), 1e-7);
    CHECK_V2_NEAR(steer_target_speed2(v2(0, 0), v2(0, -3), 0.05f, 0.12f), v2(0, -0.05f), 1e-7); /* any length */
    CHECK_V2_NEAR(steer_target_speed2(v2(0, 0), v2(0, 0), 2.0f, 0.12f), v2(0.12f, 0), 1e-7);   /* no heading: +X */
    CHECK_V3_NEAR(steer_target_speed3(v3(0, 0, 0), v3(0, 0, 2), 1.0f, 0.5f), v3(0, 0, 0.5f), 1e-7);
    CHECK_V3_NEAR(steer_target_speed3(v3(0, 0, 0), v3(NAN, 0, 0), 1.0f, 0.5f), v3(0.5f, 0, 0), 1e-7);
    /* moving, the velocity decides, not the heading */
    CHECK_V2_NEAR(steer_target_speed2(v2(-1, 0), v2(0, 1), 2.0f, 0.12f), v2(-0.12f, 0), 1e-7);
    CHECK_V2_EQ(steer_target_speed2(v2(0, 0), v2(0, 1), 0.0f, 0.12f), v2(0, 0)); /* at rest, asked for rest */
}

static void target_speed_refuses_bad_parameters_with_zero(void)
{
    steer_v2 vel = v2(1, 0), h = v2(1, 0);
    CHECK_V2_EQ(steer_target_speed2(vel, h, 2.0f, 0.0f), v2(0, 0)); /* no force to give */
    CHECK_V2_EQ(steer_target_speed2(v2(0, 0), h, 2.0f, 0.0f), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(vel, h, 2.0f, -1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(vel, h, 2.0f, NAN), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(vel, h, -1.0f, 0.12f), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(vel, h, NAN, 0.12f), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(v2(NAN, 0), h, 2.0f, 0.12f), v2(0, 0));
    CHECK_V2_EQ(steer_target_speed2(v2(INFINITY, 0), h, 2.0f, 0.12f), v2(0, 0));
    CHECK_V3_EQ(steer_target_speed3(v3(1, 0, 0), v3(1, 0, 0), 2.0f, 0.0f), v3(0, 0, 0));
    /* an infinite target speed is full force forward; an infinite max_force no cap */
    CHECK_V2_NEAR(steer_target_speed2(vel, h, INFINITY, 0.12f), v2(0.12f, 0), 1e-7);
    CHECK_V2_NEAR(steer_target_speed2(vel, h, 3.0f, INFINITY), v2(2, 0), 1e-7);
    CHECK_V2_EQ(steer_target_speed2(vel, h, INFINITY, INFINITY), v2(0, 0));
}

/* v += f * dt reaches the target velocity: within the cap each step removes
 * dt / time_to_target of the difference; the cap bounds every step. */
static void match_velocity_reaches_the_target_velocity(void)
{
    steer_v2 vel = v2(2, -1), target = v2(-1, 3);
    CHECK_V2_NEAR(steer_match_velocity2(vel, target, 0.5f, 100.0f), v2(-6, 8), 1e-5);
    CHECK_V2_NEAR(steer_match_velocity2(vel, target, 0.5f, 5.0f), v2(-3, 4), 1e-5); /* |(-6, 8)| = 10, capped */
    for (int i = 0; i < 200; ++i) {
        steer_v2 f = steer_match_velocity2(vel, target, 0.5f, 4.0f);
        CHECK(steer_v2_len(f) <= 4.0f * (1.0f + 1e-6f));
        vel = steer_v2_mad(vel, f, 0.05f);
    }
    CHECK_V2_NEAR(vel, target, 1e-5);
    CHECK_V2_EQ(steer_match_velocity2(target, target, 0.5f, 4.0f), v2(0, 0));
    steer_v3 w = v3(0, 0, 0), goal = v3(1, -2, 0.5f);
    for (int i = 0; i < 100; ++i) w = steer_v3_mad(w, steer_match_velocity3(w, goal, 0.1f, 50.0f), 0.05f);
    CHECK_V3_NEAR(w, goal, 1e-5);
    /* a tiny time to target asks for max_force, not an overflow zeroed */
    CHECK_V2_NEAR(steer_match_velocity2(v2(0, 0), v2(3, 4), 1e-38f, 2.0f), v2(1.2f, 1.6f), 1e-6);
}

static void match_velocity_refuses_bad_parameters_with_zero(void)
{
    steer_v2 vel = v2(0, 0), target = v2(1, 0);
    CHECK_V2_EQ(steer_match_velocity2(vel, target, 0.0f, 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(vel, target, -0.5f, 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(vel, target, NAN, 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(vel, target, 0.5f, 0.0f), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(vel, target, 0.5f, NAN), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(v2(NAN, 0), target, 0.5f, 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_match_velocity2(vel, v2(INFINITY, 0), 0.5f, 1.0f), v2(0, 0));
    CHECK_V3_EQ(steer_match_velocity3(v3(0, 0, 0), v3(0, 0, 1), 0.0f, 1.0f), v3(0, 0, 0));
    CHECK_V2_NEAR(steer_match_velocity2(vel, target, 0.25f, INFINITY), v2(4, 0), 1e-6); /* no cap */
}

/* ---- pursue / evade ------------------------------------------------------ */

static void predict_leads_the_target_by_distance_over_max_speed(void)
{
    /* dist 12 at max_speed 6: T = 2, so (12, 0) + (0, 3) * 2. */
    CHECK_V2_NEAR(steer_predict2(v2(0, 0), v2(12, 0), v2(0, 3), 6.0f, 0.0f), v2(12, 6), 1e-6);
    CHECK_V2_NEAR(steer_predict2(v2(0, 0), v2(12, 0), v2(0, 3), 6.0f, 0.5f), v2(12, 1.5f), 1e-6); /* capped */
    CHECK_V3_NEAR(steer_predict3(v3(0, 0, 0), v3(0, 0, 8), v3(1, 0, 0), 4.0f, 0.0f), v3(2, 0, 8), 1e-6);
    CHECK_V2_EQ(steer_predict2(v2(0, 0), v2(12, 0), v2(0, 3), 0.0f, 0.0f), v2(12, 0)); /* no speed: now */
}

static void pursue_seeks_the_predicted_point(void)
{
    steer_v2 pos = v2(0, 0), vel = v2(0, 0);
    steer_v2 f = steer_pursue2(pos, vel, v2(12, 0), v2(0, 3), 6.0f, 0.0f);
    CHECK_V2_EQ(f, steer_seek2(pos, vel, v2(12, 6), 6.0f));
    /* It aims ahead of the target, not at it. */
    CHECK(f.y > 0.0f);
    CHECK_NEAR(steer_v2_len(f), 6.0, 1e-5);
    steer_v3 g = steer_pursue3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 12, 0), v3(0, 0, -3), 6.0f, 1.0f);
    CHECK_V3_EQ(g, steer_seek3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 12, -3), 6.0f));
}

/* Steps until the chaser is within 0.5 of a target crossing its path. */
static int steps_to_catch(bool pursue)
{
    steer_v2 pos = v2(0, 0), vel = v2(0, 0);
    steer_v2 tpos = v2(20, -10), tvel = v2(0, 2.5f);
    for (int i = 1; i <= 2000; ++i) {
        steer_v2 f = pursue ? steer_pursue2(pos, vel, tpos, tvel, 5.0f, 0.0f) : steer_seek2(pos, vel, tpos, 5.0f);
        integrate2(&pos, &vel, f, 10.0f, 5.0f, 0.05f);
        tpos = steer_v2_mad(tpos, tvel, 0.05f);
        if (steer_v2_dist(pos, tpos) < 0.5f) return i;
    }
    return 1 << 30;
}

static void pursue_catches_a_moving_target_sooner_than_seek(void)
{
    int with_pursue = steps_to_catch(true), with_seek = steps_to_catch(false);
    CHECK(with_pursue < 2000);
    CHECK(with_pursue < with_seek);
}

static void evade_flees_the_predicted_point(void)
{
    /* The threat is up-right heading down fast: it is predicted over the
     * time the two close the distance, dist / (max_speed + its speed), to
     * (5, 5 - 10 T), nearly level with us, so evade goes left where plain
     * flee would go down-left. */
    steer_v2 pos = v2(0, 0), vel = v2(0, 0), tpos = v2(5, 5), tvel = v2(0, -10);
    steer_v2 predicted = steer_predict2(pos, tpos, tvel, 5.0f + 10.0f, 0.0f);
    steer_v2 f = steer_evade2(pos, vel, tpos, tvel, 5.0f, 0.0f, 0.0f);
    CHECK_V2_EQ(f, steer_flee2(pos, vel, predicted, 5.0f, 0.0f));
    CHECK(f.x < 0.0f && steer_absf(f.y) < 0.5f);
    CHECK(steer_flee2(pos, vel, tpos, 5.0f, 0.0f).y < -3.0f);
    CHECK_NEAR(steer_v2_len(f), 5.0, 1e-5);
    /* The panic distance is measured to the predicted point. */
    float d = steer_v2_dist(pos, predicted);
    CHECK_V2_EQ(steer_evade2(pos, vel, tpos, tvel, 5.0f, 0.0f, d * 0.9f), v2(0, 0));
    CHECK(steer_v2_len(steer_evade2(pos, vel, tpos, tvel, 5.0f, 0.0f, d * 1.1f)) > 0.0f);
    /* The cap applies to that time. */
    CHECK_V2_EQ(steer_evade2(pos, vel, tpos, tvel, 5.0f, 0.25f, 0.0f),
                steer_flee2(pos, vel, v2(5, 2.5f), 5.0f, 0.0f));
    steer_v3 g = steer_evade3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 4), v3(0, 0, 0), 2.0f, 0.0f, 0.0f);
    CHECK_V3_NEAR(g, v3(0, 0, -2), 1e-6);
}

/* A threat faster than the evader, coming at it: predicted over dist /
 * max_speed it was placed behind the evader, which then fled toward it (a
 * rabbit of speed 1 ran head-on into a fox of speed 2). Its predicted point
 * stays between the two, so the evader turns away. */
static void evade_runs_from_a_faster_threat_coming_at_it(void)
{
    steer_v2 pos = v2(0, 0), vel = v2(0.5f, 0);
    for (int i = 0; i < 4; ++i) {
        float speed = 2.0f + 4.0f * (float)i; /* faster than the evader's 1 */
        steer_v2 tpos = v2(30, 1), tvel = v2(-speed, 0);
        steer_v2 f = steer_evade2(pos, vel, tpos, tvel, 1.0f, 0.0f, 0.0f);
        CHECK(steer_v2_dot(steer_v2_add(vel, f), steer_v2_sub(tpos, pos)) < 0.0f); /* desired: away */
        steer_v3 g = steer_evade3(v3(0, 0, 0), v3(0, 0.5f, 0), v3(1, 30, 0), v3(0, -speed, 0), 1.0f, 0.0f, 0.0f);
        CHECK(g.y + 0.5f < 0.0f);
    }
    /* The fox pursues; the rabbit evades and is never caught head-on. */
    steer_vehicle2 rabbit = steer_vehicle2_make(v2(0, 0), 1), fox = steer_vehicle2_make(v2(30, 1), 2);
    rabbit.max_speed = 1.0f, rabbit.max_force = 0.2f;
    fox.max_speed = 2.0f, fox.max_force = 0.2f, fox.velocity = v2(-2, 0), fox.heading = v2(-1, 0);
    float closest = 1e9f;
    for (int step = 0; step < 12; ++step) {
        steer_v2 away = steer_vehicle2_evade(&rabbit, &fox, 0.0f, 0.0f);
        steer_vehicle2_apply_force(&fox, steer_vehicle2_pursue(&fox, &rabbit, 0.0f));
        steer_vehicle2_apply_force(&rabbit, away);
        steer_vehicle2_step(&rabbit, 1.0f);
        steer_vehicle2_step(&fox, 1.0f);
        closest = steer_minf(closest, steer_v2_dist(rabbit.position, fox.position));
        CHECK(rabbit.velocity.x <= 0.0f);
    }
    CHECK(closest > 5.0f);
}

/* ---- wander -------------------------------------------------------------- */

static void wander_changes_the_angle_by_at_most_jitter_times_dt(void)
{
    steer_wander_params params = {1.0f, 2.0f, 3.0f, STEER_UP_Z};
    steer_rng rng = steer_rng_make(5);
    float angle = 0.25f;
    double biggest = 0.0;
    bool within = true;
    for (int i = 0; i < 20000; ++i) {
        float before = angle;
        float dt = 0.01f + 0.1f * (float)(i % 7);
        steer_wander2(v2(0, 0), v2(1, 0), &angle, &params, 2.0f, dt, steer_rng_float, &rng, NULL);
        double change = fabs((double)angle - before);
        within = within && change <= params.jitter * dt * (1.0 + 1e-6) + 1e-6;
        biggest = fmax(biggest, change / (params.jitter * dt));
    }
    CHECK(within);
    CHECK(biggest > 0.9); /* and it does use the range */
    /* The ends of the draw map to the ends of the range. */
    const float ends[] = {0.0f, 1.0f, 0.5f};
    draw_counter counter = {0, ends, 3, {0, 0}};
    angle = 1.0f;
    steer_wander2(v2(0, 0), v2(1, 0), &angle, &params, 2.0f, 0.5f, counting_random, &counter, NULL);
    CHECK_NEAR(angle, 1.0 - 1.5, 1e-6);
    steer_wander2(v2(0, 0), v2(1, 0), &angle, &params, 2.0f, 0.5f, counting_random, &counter, NULL);
    CHECK_NEAR(angle, 1.0, 1e-6);
    steer_wander2(v2(0, 0), v2(1, 0), &angle, &params, 2.0f, 0.5f, counting_random, &counter, NULL);
    CHECK_NEAR(angle, 1.0, 1e-6);
}

static void wander_seeks_a_point_on_the_circle_ahead(void)
{
    steer_wander_params params = {1.5f, 2.0f, 0.0f, STEER_UP_Z};
    float angle = 0.6f;
    steer_v2 target;
    steer_v2 f = steer_wander2(v2(1, 1), v2(4, 0), &angle, &params, 3.0f, 1.0f, NULL, NULL, &target);
    steer_v2 centre = v2(3, 1);
    CHECK_V2_NEAR(target, v2(3.0f + 1.5f * cosf(0.6f), 1.0f + 1.5f * sinf(0.6f)), 1e-6);
    CHECK_NEAR(steer_v2_dist(target, centre), 1.5, 1e-6);
    CHECK_V2_EQ(f, steer_seek2(v2(1, 1), v2(4, 0), target, 3.0f));
    CHECK(angle == 0.6f); /* no generator: no change */
    /* The angle is in the world frame: heading +Y with angle 0 puts the
     * target to the right of the centre, not ahead of it. */
    angle = 0.0f;
    steer_wander2(v2(0, 0), v2(0, 2), &angle, &params, 3.0f, 1.0f, NULL, NULL, &target);
    CHECK_V2_NEAR(target, v2(1.5f, 2.0f), 1e-6);
}

static void wander_with_zero_velocity_centres_the_circle_on_the_agent(void)
{
    steer_wander_params params = {1.0f, 5.0f, 1.0f, STEER_UP_Z};
    float angle = STEER_PI / 2;
    steer_v2 target;
    steer_v2 f = steer_wander2(v2(2, 3), v2(0, 0), &angle, &params, 4.0f, 1.0f, NULL, NULL, &target);
    CHECK_V2_NEAR(target, v2(2, 4), 1e-6);
    CHECK_V2_NEAR(f, v2(0, 4), 1e-5);
    steer_v3 t3;
    steer_wander3(v3(2, 3, 4), v3(0, 0, 0), &angle, &params, 4.0f, 1.0f, NULL, NULL, &t3);
    CHECK_V3_NEAR(t3, v3(2, 4, 4), 1e-6);
}

static void planar_wander_never_pitches_a_3d_agent(void)
{
    steer_wander_params params = {1.2f, 2.0f, 4.0f, STEER_UP_Z};
    steer_rng rng = steer_rng_make(11);
    float angle = 0.0f;
    bool level = true;
    for (int i = 0; i < 5000; ++i) {
        steer_v3 pos = v3((float)i, 2.0f, 7.5f), vel = v3(cosf((float)i), sinf((float)i), 0.0f), target;
        steer_v3 f = steer_wander3(pos, vel, &angle, &params, 3.0f, 0.1f, steer_rng_float, &rng, &target);
        level = level && target.z == pos.z && f.z == 0.0f;
    }
    CHECK(level);
    /* A wandering 3D vehicle stays at its height; one at z = 0 stays there. */
    for (int start = 0; start < 2; ++start) {
        float z0 = start ? 5.0f : 0.0f;
        steer_vehicle3 v = steer_vehicle3_make(v3(0, 0, z0), 3u + (unsigned)start);
        v.velocity = v3(1, 0, 0);
        bool same_height = true;
        for (int i = 0; i < 3000; ++i) {
            steer_vehicle3_apply_force(&v, steer_vehicle3_wander(&v, 1.0f, NULL));
            steer_vehicle3_step(&v, 1.0f);
            same_height = same_height && v.position.z == z0 && v.velocity.z == 0.0f;
        }
        CHECK(same_height);
        CHECK(steer_v3_dist(v.position, v3(0, 0, z0)) > 10.0f); /* it did move */
    }
}

static void spherical_wander_targets_a_jittered_point_on_a_sphere_ahead(void)
{
    steer_wander_params params = {1.5f, 3.0f, 2.0f, STEER_UP_Z};
    steer_wander_sphere state = {0.0f, 0.0f};
    steer_v3 pos = v3(1, 2, 3), vel = v3(2, 0, 0), target;
    /* Straight ahead at azimuth 0, elevation 0. */
    steer_v3 f = steer_wander_sphere3(pos, vel, &state, &params, 4.0f, 1.0f, NULL, NULL, &target);
    CHECK_V3_NEAR(target, v3(1 + 3 + 1.5f, 2, 3), 1e-6);
    CHECK_V3_EQ(f, steer_seek3(pos, vel, target, 4.0f));
    /* Heading frame: azimuth pi/2 is left (+Y), elevation pi/2 is up (+Z). */
    state.azimuth = STEER_PI / 2;
    steer_wander_sphere3(pos, vel, &state, &params, 4.0f, 1.0f, NULL, NULL, &target);
    CHECK_V3_NEAR(target, v3(4, 3.5f, 3), 1e-6);
    state.elevation = STEER_PI / 2;
    steer_wander_sphere3(pos, vel, &state, &params, 4.0f, 1.0f, NULL, NULL, &target);
    CHECK_V3_NEAR(target, v3(4, 2, 4.5f), 1e-6);
    /* Jittered: always on the sphere, elevation kept within [-pi/2, pi/2],
     * each angle moving by at most jitter * dt, and it leaves the plane. */
    steer_rng rng = steer_rng_make(8);
    state.azimuth = 0.0f;
    state.elevation = 0.0f;
    bool on_sphere = true, bounded = true, small_steps = true;
    float highest = 0.0f;
    for (int i = 0; i < 5000; ++i) {
        steer_wander_sphere before = state;
        steer_v3 p = v3(0, 0, 0), v = v3(0.3f, -1.0f, 0.2f);
        steer_wander_sphere3(p, v, &state, &params, 4.0f, 0.05f, steer_rng_float, &rng, &target);
        steer_v3 centre = steer_v3_scale(steer_v3_normalize(v), params.distance);
        on_sphere = on_sphere && fabs(steer_v3_dist(target, centre) - params.radius) < 1e-5;
        bounded = bounded && state.elevation >= -STEER_PI / 2 && state.elevation <= STEER_PI / 2 &&
                  state.azimuth >= -STEER_PI && state.azimuth <= STEER_PI;
        double da = fabs(steer_wrap_angle(state.azimuth - before.azimuth));
        small_steps = small_steps && da <= 0.1 + 1e-5 && fabs(state.elevation - before.elevation) <= 0.1 + 1e-6;
        highest = steer_maxf(highest, steer_absf(target.z - centre.z));
    }
    CHECK(on_sphere);
    CHECK(bounded);
    CHECK(small_steps);
    CHECK(highest > 0.5f);
}

/* ---- flocking ------------------------------------------------------------ */

static void separation_averages_normalized_push_over_distance(void)
{
    /* (1,0) at d 1 pushes (-1,0); (0,-0.5) at d 0.5 pushes (0,1)/0.5; the
     * far one is outside the radius. Average over the two used. */
    steer_v2 n[] = {v2(1, 0), v2(0, -0.5f), v2(5, 5)};
    CHECK_V2_NEAR(steer_separation2(v2(0, 0), n, 3, 2.0f), v2(-0.5f, 1.0f), 1e-6);
    steer_v3 m[] = {v3(0, 0, 2), v3(0, 0, 4)};
    CHECK_V3_NEAR(steer_separation3(v3(0, 0, 0), m, 2, 3.0f), v3(0, 0, -0.5f), 1e-6);
    /* Closer pushes harder. */
    steer_v2 near = v2(0.2f, 0), far = v2(0.8f, 0);
    CHECK(steer_v2_len(steer_separation2(v2(0, 0), &near, 1, 1.0f)) >
          steer_v2_len(steer_separation2(v2(0, 0), &far, 1, 1.0f)));
    CHECK_V2_EQ(steer_separation2(v2(0, 0), n + 2, 1, 2.0f), v2(0, 0)); /* none inside */
    CHECK_V2_EQ(steer_separation2(v2(0, 0), NULL, 0, 2.0f), v2(0, 0));
}

static void separation_desired_is_max_speed_along_the_push_minus_velocity(void)
{
    steer_v2 n[] = {v2(1, 0), v2(0, -0.5f)};
    steer_v2 push = steer_v2_normalize(v2(-0.5f, 1.0f));
    steer_v2 f = steer_separation_desired2(v2(0, 0), v2(1, 1), n, 2, 2.0f, 3.0f);
    CHECK_V2_NEAR(f, steer_v2_sub(steer_v2_scale(push, 3.0f), v2(1, 1)), 1e-6);
    CHECK_V2_EQ(steer_separation_desired2(v2(0, 0), v2(1, 1), n, 0, 2.0f, 3.0f), v2(0, 0));
    steer_v3 m = v3(0, 0, 1);
    CHECK_V3_NEAR(steer_separation_desired3(v3(0, 0, 0), v3(0, 0, 0), &m, 1, 2.0f, 3.0f), v3(0, 0, -3), 1e-6);
}

static void alignment_matches_the_average_neighbour_velocity(void)
{
    steer_v2 vels[] = {v2(2, 0), v2(0, 2), v2(1, 1)};
    CHECK_V2_NEAR(steer_alignment2(v2(0.5f, 0), vels, 3), v2(0.5f, 1.0f), 1e-6);
    CHECK_V2_NEAR(steer_alignment_desired2(v2(0.5f, 0), vels, 3, 4.0f),
                  v2(4.0f * 0.70710678f - 0.5f, 4.0f * 0.70710678f), 1e-6);
    CHECK_V2_EQ(steer_alignment2(v2(1, 2), NULL, 0), v2(0, 0));
    CHECK_V2_EQ(steer_alignment_desired2(v2(1, 2), NULL, 0, 4.0f), v2(0, 0));
    steer_v2 opposed[] = {v2(1, 0), v2(-1, 0)}; /* average zero: no direction */
    CHECK_V2_EQ(steer_alignment_desired2(v2(1, 2), opposed, 2, 4.0f), v2(0, 0));
    steer_v3 up[] = {v3(0, 0, 2), v3(0, 0, 4)};
    CHECK_V3_NEAR(steer_alignment3(v3(0, 0, 0), up, 2), v3(0, 0, 3), 1e-6);
    CHECK_V3_NEAR(steer_alignment_desired3(v3(0, 0, 0), up, 2, 1.0f), v3(0, 0, 1), 1e-6);
}

static void cohesion_seeks_the_neighbours_centre(void)
{
    steer_v2 pts[] = {v2(4, 0), v2(4, 4), v2(10, 2)};
    CHECK_V2_EQ(steer_cohesion2(v2(0, 0), v2(1, 0), pts, 3, 2.0f), steer_seek2(v2(0, 0), v2(1, 0), v2(6, 2), 2.0f));
    CHECK_V2_EQ(steer_cohesion2(v2(0, 0), v2(1, 0), NULL, 0, 2.0f), v2(0, 0));
    steer_v3 q[] = {v3(0, 0, 3), v3(0, 0, 5)};
    CHECK_V3_NEAR(steer_cohesion3(v3(0, 0, 0), v3(0, 0, 0), q, 2, 2.0f), v3(0, 0, 2), 1e-6);
}

/* ---- group tactics -------------------------------------------------------- */

static void interpose_arrives_at_the_predicted_midpoint(void)
{
    steer_v2 pos = v2(5, 5), vel = v2(0, 0);
    steer_v2 f = steer_interpose2(pos, vel, v2(0, 0), v2(0, 0), v2(10, 0), v2(0, 0), 2.0f, 3.0f);
    CHECK_V2_EQ(f, steer_arrive2(pos, vel, v2(5, 0), 2.0f, 3.0f));
    CHECK(f.y < 0.0f && f.x == 0.0f);
    /* Both moving +Y at 1: T = |pos - mid| / max_speed = 2.5, midpoint (5, 2.5). */
    f = steer_interpose2(pos, vel, v2(0, 0), v2(0, 1), v2(10, 0), v2(0, 1), 2.0f, 3.0f);
    CHECK_V2_EQ(f, steer_arrive2(pos, vel, v2(5, 2.5f), 2.0f, 3.0f));
    steer_v3 g = steer_interpose3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 2), v3(0, 0, 0), v3(0, 0, 6), v3(0, 0, 0),
                                  1.0f, 0.0f);
    CHECK_V3_NEAR(g, v3(0, 0, 1), 1e-6);
}

static void hide_arrives_behind_the_nearest_obstacle_from_the_hunter(void)
{
    steer_obstacle2 obs[] = {{v2(10, 0), 2.0f}, {v2(0, 10), 1.0f}};
    steer_v2 spot;
    steer_v2 pos = v2(12, 5), vel = v2(0, 0);
    steer_v2 f = steer_hide2(pos, vel, v2(0, 0), v2(0, 0), obs, 2, 1.0f, 3.0f, 2.0f, &spot);
    /* Behind (10,0) as seen from the hunter at the origin: (10,0) + (1,0) * (2 + 1). */
    CHECK_V2_NEAR(spot, v2(13, 0), 1e-6);
    CHECK_V2_EQ(f, steer_arrive2(pos, vel, v2(13, 0), 3.0f, 2.0f));
    /* From nearer the other obstacle the other spot wins: (0,10) + (0,1) * 2. */
    steer_hide2(v2(1, 13), vel, v2(0, 0), v2(0, 0), obs, 2, 1.0f, 3.0f, 2.0f, &spot);
    CHECK_V2_NEAR(spot, v2(0, 12), 1e-6);
    /* No obstacles: evade the hunter. */
    steer_v2 e = steer_hide2(pos, vel, v2(0, 0), v2(1, 0), NULL, 0, 1.0f, 3.0f, 2.0f, NULL);
    CHECK_V2_EQ(e, steer_evade2(pos, vel, v2(0, 0), v2(1, 0), 3.0f, 0.0f, 0.0f));
    steer_obstacle3 ball = {v3(0, 0, 5), 1.0f};
    steer_v3 s3;
    steer_hide3(v3(0, 0, 9), v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), &ball, 1, 0.5f, 3.0f, 1.0f, &s3);
    CHECK_V3_NEAR(s3, v3(0, 0, 6.5f), 1e-6);
}

static void offset_pursuit_keeps_station_in_the_leader_frame(void)
{
    /* Leader heading +Y: local (ahead -2, left 1) is world (-1, -2). */
    steer_v2 station = steer_local_to_world2(v2(0, 1), v2(-2, 1));
    CHECK_V2_NEAR(station, v2(-1, -2), 1e-6);
    steer_v2 pos = v2(3, 3), vel = v2(0, 0);
    steer_v2 f = steer_offset_pursuit2(pos, vel, v2(0, 0), v2(0, 0), v2(0, 1), v2(-2, 1), 2.0f, 1.0f);
    CHECK_V2_EQ(f, steer_arrive2(pos, vel, v2(-1, -2), 2.0f, 1.0f));
    /* A moving leader: the station is predicted by T = dist / (max_speed + leader speed). */
    float t = steer_v2_dist(pos, v2(-1, -2)) / (2.0f + 2.0f);
    f = steer_offset_pursuit2(pos, vel, v2(0, 0), v2(0, 2), v2(0, 1), v2(-2, 1), 2.0f, 1.0f);
    CHECK_V2_NEAR(f, steer_arrive2(pos, vel, v2(-1, -2 + 2 * t), 2.0f, 1.0f), 1e-6);
    /* At the station, moving with the leader: nothing to do. */
    steer_v2 at = steer_offset_pursuit2(v2(-1, -2), v2(0, 0), v2(0, 0), v2(0, 0), v2(0, 1), v2(-2, 1), 2.0f, 1.0f);
    CHECK_V2_NEAR(at, v2(0, 0), 1e-6);
}

static void local_to_world_uses_ahead_left_up(void)
{
    CHECK_V2_NEAR(steer_local_to_world2(v2(1, 0), v2(3, 4)), v2(3, 4), 1e-6);
    CHECK_V2_NEAR(steer_local_to_world2(v2(0, -5), v2(1, 2)), v2(2, -1), 1e-6); /* heading need not be unit */
    CHECK_V2_NEAR(steer_local_to_world2(v2(0, 0), v2(1, 2)), v2(1, 2), 1e-6);   /* zero heading: +X */
    CHECK_V3_NEAR(steer_local_to_world3(v3(0, 1, 0), v3(1, 2, 3)), v3(-2, 1, 3), 1e-6);
    CHECK_V3_NEAR(steer_local_to_world3(v3(1, 0, 0), v3(1, 2, 3)), v3(1, 2, 3), 1e-6);
    /* Vertical heading: up is no longer +Z but the frame is still orthonormal. */
    steer_v3 a = steer_local_to_world3(v3(0, 0, 1), v3(1, 0, 0));
    steer_v3 b = steer_local_to_world3(v3(0, 0, 1), v3(0, 1, 0));
    steer_v3 c = steer_local_to_world3(v3(0, 0, 1), v3(0, 0, 1));
    CHECK_V3_NEAR(a, v3(0, 0, 1), 1e-6);
    CHECK_NEAR(steer_v3_len(b), 1.0, 1e-6);
    CHECK_NEAR(steer_v3_len(c), 1.0, 1e-6);
    CHECK_NEAR(steer_v3_dot(a, b) + steer_v3_dot(b, c) + steer_v3_dot(a, c), 0.0, 1e-6);
}

/* ---- orientation ---------------------------------------------------------- */

static void turn_toward_turns_by_at_most_the_max_angle(void)
{
    steer_v2 r = steer_turn_toward2(v2(1, 0), v2(0, 3), 0.3f);
    CHECK_NEAR(steer_v2_len(r), 1.0, 1e-6);
    CHECK_NEAR(angle_between2(v2(1, 0), r), 0.3, 1e-6);
    CHECK(r.y > 0.0f); /* toward the direction */
    /* Within reach it lands exactly on the direction. */
    CHECK_V2_NEAR(steer_turn_toward2(v2(1, 0), v2(3, 3), 1.0f), v2(0.70710678f, 0.70710678f), 1e-6);
    /* Opposite turns left; zero direction keeps from; zero angle keeps from. */
    CHECK(steer_turn_toward2(v2(1, 0), v2(-1, 0), 0.1f).y > 0.0f);
    CHECK_V2_NEAR(steer_turn_toward2(v2(0, 2), v2(0, 0), 0.5f), v2(0, 1), 1e-6);
    CHECK_V2_NEAR(steer_turn_toward2(v2(0, 2), v2(1, 0), 0.0f), v2(0, 1), 1e-6);
    CHECK_V2_NEAR(steer_turn_toward2(v2(0, 0), v2(0, 0), 0.5f), v2(1, 0), 1e-6); /* +X when both zero */
    steer_v3 s = steer_turn_toward3(v3(1, 0, 0), v3(0, 0, 1), 0.2f);
    CHECK_NEAR(angle_between3(v3(1, 0, 0), s), 0.2, 1e-6);
    CHECK(s.y == 0.0f && s.z > 0.0f);
    CHECK(steer_turn_toward3(v3(1, 0, 0), v3(-1, 0, 0), 0.1f).y > 0.0f);
    /* Many random pairs: never more than max_angle, always unit, and the
     * remaining angle to the direction shrinks by exactly the turn. */
    steer_rng rng = steer_rng_make(21);
    bool ok2 = true, ok3 = true;
    for (int i = 0; i < 20000; ++i) {
        steer_v3 from = v3(steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1));
        steer_v3 to = v3(steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1));
        float max_angle = steer_rng_range(&rng, 0.0f, 3.5f);
        steer_v2 a = steer_turn_toward2(steer_v2_from_v3(from), steer_v2_from_v3(to), max_angle);
        double before2 = angle_between2(steer_v2_from_v3(from), steer_v2_from_v3(to));
        ok2 = ok2 && fabs(steer_v2_len(a) - 1.0) < 1e-5 &&
              angle_between2(steer_v2_from_v3(from), a) <= max_angle + 1e-5 &&
              fabs(angle_between2(a, steer_v2_from_v3(to)) - fmax(0.0, before2 - max_angle)) < 1e-4;
        steer_v3 b = steer_turn_toward3(from, to, max_angle);
        double before3 = angle_between3(from, to);
        ok3 = ok3 && fabs(steer_v3_len(b) - 1.0) < 1e-5 && angle_between3(from, b) <= max_angle + 1e-5 &&
              fabs(angle_between3(b, to) - fmax(0.0, before3 - max_angle)) < 1e-4;
    }
    CHECK(ok2);
    CHECK(ok3);
    /* Nearly opposite directions, where the turn plane is ill-conditioned. */
    bool near_opposite = true;
    for (int i = 0; i < 20000; ++i) {
        steer_v3 from = steer_v3_normalize(v3(steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1),
                                              steer_rng_range(&rng, -1, 1)));
        float wobble = powf(10.0f, steer_rng_range(&rng, -5.0f, -2.0f));
        steer_v3 to = steer_v3_add(steer_v3_neg(from), v3(wobble * steer_rng_range(&rng, -1, 1),
                                                          wobble * steer_rng_range(&rng, -1, 1), 0.0f));
        float max_angle = steer_rng_range(&rng, 0.1f, 3.0f);
        steer_v2 a = steer_turn_toward2(steer_v2_from_v3(from), steer_v2_from_v3(to), max_angle);
        steer_v3 b = steer_turn_toward3(from, to, max_angle);
        near_opposite = near_opposite && angle_between2(steer_v2_from_v3(from), a) <= max_angle + 1e-5 &&
                        angle_between3(from, b) <= max_angle + 1e-5;
    }
    CHECK(near_opposite);
}

static void face_turns_toward_the_target_at_the_max_turn_rate(void)
{
    steer_v2 h = steer_face2(v2(1, 0), v2(2, 2), v2(2, 7), 1.0f, 0.5f);
    CHECK_NEAR(angle_between2(v2(1, 0), h), 0.5, 1e-6);
    CHECK(h.y > 0.0f);
    CHECK_V2_NEAR(steer_face2(v2(1, 0), v2(2, 2), v2(2, 7), 0.0f, 0.5f), v2(0, 1), 1e-6); /* no limit */
    CHECK_V2_NEAR(steer_face2(v2(1, 0), v2(2, 2), v2(2, 7), 1.0f, 0.0f), v2(1, 0), 1e-6); /* no time */
    steer_v3 g = steer_face3(v3(1, 0, 0), v3(0, 0, 0), v3(0, -4, 0), 2.0f, 0.25f);
    CHECK_NEAR(angle_between3(v3(1, 0, 0), g), 0.5, 1e-6);
    CHECK(g.y < 0.0f && g.z == 0.0f);
}

static void look_where_going_turns_toward_velocity_and_keeps_heading_when_still(void)
{
    steer_v2 h = steer_look_where_going2(v2(0, 1), v2(-3, 0), 2.0f, 0.1f);
    CHECK_NEAR(angle_between2(v2(0, 1), h), 0.2, 1e-6);
    CHECK(h.x < 0.0f);
    CHECK_V2_NEAR(steer_look_where_going2(v2(0, 1), v2(0, 0), 2.0f, 0.1f), v2(0, 1), 1e-7);
    CHECK_V2_NEAR(steer_look_where_going2(v2(0, 1), v2(-3, 0), 0.0f, 0.1f), v2(-1, 0), 1e-6);
    steer_v3 g = steer_look_where_going3(v3(0, 0, 1), v3(0, 0, 0), 1.0f, 1.0f);
    CHECK_V3_NEAR(g, v3(0, 0, 1), 1e-7);
    /* Repeated calls converge on the velocity's direction, one bounded turn at a time. */
    steer_v3 heading = v3(1, 0, 0);
    for (int i = 0; i < 100; ++i) {
        steer_v3 next = steer_look_where_going3(heading, v3(0, 1, 1), 0.5f, 0.1f);
        CHECK(angle_between3(heading, next) <= 0.05 + 1e-6);
        heading = next;
    }
    CHECK_V3_NEAR(heading, v3(0, 0.70710678f, 0.70710678f), 1e-6);
}

int main(void)
{
    seek_desires_max_speed_toward_the_target_minus_velocity();
    flee_desires_max_speed_away_from_the_threat();
    flee_is_zero_beyond_the_panic_distance();
    arrive_is_seek_outside_the_slow_radius();
    arrive_scales_desired_speed_by_distance_inside_the_slow_radius();
    arrive_lands_with_near_zero_speed_and_never_overshoots_in_1d();
    target_speed_converges_to_the_speed_and_keeps_direction();
    target_speed_at_rest_starts_along_the_heading();
    target_speed_refuses_bad_parameters_with_zero();
    match_velocity_reaches_the_target_velocity();
    match_velocity_refuses_bad_parameters_with_zero();
    predict_leads_the_target_by_distance_over_max_speed();
    pursue_seeks_the_predicted_point();
    pursue_catches_a_moving_target_sooner_than_seek();
    evade_flees_the_predicted_point();
    evade_runs_from_a_faster_threat_coming_at_it();
    wander_changes_the_angle_by_at_most_jitter_times_dt();
    wander_seeks_a_point_on_the_circle_ahead();
    wander_with_zero_velocity_centres_the_circle_on_the_agent();
    planar_wander_never_pitches_a_3d_agent();
    spherical_wander_targets_a_jittered_point_on_a_sphere_ahead();
    separation_averages_normalized_push_over_distance();
    separation_desired_is_max_speed_along_the_push_minus_velocity();
    alignment_matches_the_average_neighbour_velocity();
    cohesion_seeks_the_neighbours_centre();
    interpose_arrives_at_the_predicted_midpoint();
    hide_arrives_behind_the_nearest_obstacle_from_the_hunter();
    offset_pursuit_keeps_station_in_the_leader_frame();
    local_to_world_uses_ahead_left_up();
    turn_toward_turns_by_at_most_the_max_angle();
    face_turns_toward_the_target_at_the_max_turn_rate();
    look_where_going_turns_toward_velocity_and_keeps_heading_when_still();
    return check_summary("test_behaviours");
}
