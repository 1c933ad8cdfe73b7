/* Obstacle avoidance (ray and feeler forms, hysteresis latch), wall
 * avoidance and wall following. */
#include "test_util.h"

static steer_avoid_params avoid_params(float see_ahead, float agent_radius, float max_force)
{
    steer_avoid_params p = {see_ahead, agent_radius, max_force, 0.0f, 0.0f, STEER_UP_Z};
    return p;
}

/* ---- ray projection ------------------------------------------------------ */

static void avoid_obstacles_pushes_laterally_away_from_the_nearest_threat_ahead(void)
{
    /* Both threaten (lateral < 1 + 0.5); the one at along 3 is nearer, and it
     * lies right of the heading, so the push is to the left. */
    steer_obstacle2 obs[] = {{v2(6, 0.5f), 1.0f}, {v2(3, -0.4f), 1.0f}, {v2(1, 0.2f), 0.1f}};
    steer_avoid_params p = avoid_params(10.0f, 0.5f, 4.0f);
    int engaged = -1;
    steer_v2 f = steer_avoid_obstacles2(v2(0, 0), v2(2, 0), obs, 2, &p, &engaged);
    CHECK_V2_NEAR(f, v2(0, 4), 1e-6);
    CHECK(engaged == 1);
    /* The third is nearer still but too far off the ray (0.2 >= 0.1 + 0.05). */
    p.agent_radius = 0.05f;
    p.max_force = 2.0f;
    f = steer_avoid_obstacles2(v2(0, 0), v2(2, 0), obs + 1, 2, &p, NULL);
    CHECK_V2_NEAR(f, v2(0, 2), 1e-6);
    /* Heading not along an axis: still perpendicular to the heading, away from the centre. */
    steer_obstacle2 o = {v2(3, 3.5f), 1.0f};
    p = avoid_params(10.0f, 0.5f, 1.0f);
    f = steer_avoid_obstacles2(v2(0, 0), v2(1, 1), &o, 1, &p, NULL);
    CHECK_NEAR(steer_v2_dot(f, v2(1, 1)), 0.0, 1e-6);
    CHECK_NEAR(steer_v2_len(f), 1.0, 1e-6);
    CHECK(steer_v2_cross(v2(1, 1), f) < 0.0f); /* obstacle on the left: push right */
    /* 3D: a sphere above the ray pushes down. */
    steer_obstacle3 s = {v3(5, 0, 0.5f), 1.0f};
    steer_v3 g = steer_avoid_obstacles3(v3(0, 0, 0), v3(3, 0, 0), &s, 1, &p, NULL);
    CHECK_V3_NEAR(g, v3(0, 0, -1), 1e-6);
}

static void avoid_obstacles_is_zero_when_stationary_or_clear(void)
{
    steer_obstacle2 ahead = {v2(3, 0), 1.0f};
    steer_avoid_params p = avoid_params(10.0f, 0.5f, 4.0f);
    int engaged = 0;
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), v2(0, 0), &ahead, 1, &p, &engaged), v2(0, 0));
    CHECK(engaged == -1);
    steer_obstacle2 clear[] = {
        {v2(4, 1.6f), 1.0f},  /* beside the path: 1.6 >= 1 + 0.5 */
        {v2(-3, 0), 1.0f},    /* behind */
        {v2(12, 0), 1.0f},    /* beyond see_ahead (12 - 1.5 > 10) */
    };
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), v2(1, 0), clear, 3, &p, &engaged), v2(0, 0));
    CHECK(engaged == -1);
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), v2(1, 0), NULL, 0, &p, &engaged), v2(0, 0));
    steer_obstacle3 s = {v3(3, 0, 0), 1.0f};
    CHECK_V3_EQ(steer_avoid_obstacles3(v3(0, 0, 0), v3(0, 0, 0), &s, 1, &p, NULL), v3(0, 0, 0));
}

static void avoid_obstacles_dead_centre_pushes_left_of_the_heading(void)
{
    steer_obstacle2 o = {v2(4, 0), 1.0f};
    steer_avoid_params p = avoid_params(10.0f, 0.5f, 3.0f);
    CHECK_V2_NEAR(steer_avoid_obstacles2(v2(0, 0), v2(2, 0), &o, 1, &p, NULL), v2(0, 3), 1e-6);
    steer_obstacle2 below = {v2(0, -4), 1.0f};
    CHECK_V2_NEAR(steer_avoid_obstacles2(v2(0, 0), v2(0, -2), &below, 1, &p, NULL), v2(3, 0), 1e-6);
    steer_obstacle3 s = {v3(4, 0, 0), 1.0f};
    CHECK_V3_NEAR(steer_avoid_obstacles3(v3(0, 0, 0), v3(2, 0, 0), &s, 1, &p, NULL), v3(0, 3, 0), 1e-6);
}

static void avoid_obstacles_latch_holds_within_the_release_band_then_lets_go(void)
{
    /* clearance 1 + 0.5 = 1.5 to trigger, 1.5 + 0.5 = 2 while latched;
     * look-ahead 5 to trigger, 8 while latched. */
    steer_avoid_params p = {5.0f, 0.5f, 2.0f, 8.0f, 0.5f, STEER_UP_Z};
    steer_v2 vel = v2(1, 0);
    int engaged = -1;
    steer_obstacle2 o = {v2(4, 1.7f), 1.0f};
    /* Not latched: 1.7 is outside the trigger clearance. */
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, 0));
    CHECK(engaged == -1);
    /* Triggered at lateral 1.4. */
    o.centre = v2(4, 1.4f);
    CHECK_V2_NEAR(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, -2), 1e-6);
    CHECK(engaged == 0);
    /* Latched: still pushing at 1.7, and at along 7.5 - 2 = 5.5 > 5. */
    o.centre = v2(4, 1.7f);
    CHECK_V2_NEAR(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, -2), 1e-6);
    CHECK(engaged == 0);
    o.centre = v2(7.5f, 1.0f);
    CHECK_V2_NEAR(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, -2), 1e-6);
    CHECK(engaged == 0);
    /* Released beyond the margin, and once released 1.7 no longer triggers. */
    o.centre = v2(4, 2.1f);
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, 0));
    CHECK(engaged == -1);
    o.centre = v2(4, 1.7f);
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, &engaged), v2(0, 0));
    CHECK(engaged == -1);
    /* Without a latch pointer the band is never used. */
    o.centre = v2(4, 1.4f);
    CHECK(steer_v2_len(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, NULL)) > 0.0f);
    o.centre = v2(4, 1.7f);
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), vel, &o, 1, &p, NULL), v2(0, 0));
    /* The vehicle form keeps its own latch. */
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    v.velocity = v2(1, 0);
    steer_obstacle2 w = {v2(3, 1.3f), 1.0f}; /* vehicle radius 0.5: triggers at < 1.5 */
    CHECK(steer_v2_len(steer_vehicle2_avoid_obstacles(&v, &w, 1, 5.0f)) > 0.0f);
    CHECK(v.avoid_latch == 0);
    w.centre = v2(3, 1.8f); /* inside the release margin (0.5) */
    CHECK_V2_NEAR(steer_vehicle2_avoid_obstacles(&v, &w, 1, 5.0f), v2(0, -v.max_force), 1e-6);
    w.centre = v2(3, 2.2f);
    CHECK_V2_EQ(steer_vehicle2_avoid_obstacles(&v, &w, 1, 5.0f), v2(0, 0));
    CHECK(v.avoid_latch == -1);
}

/* ---- feeler form --------------------------------------------------------- */

static void avoid_obstacles_feeler_pushes_the_tip_out_of_the_deepest_obstacle(void)
{
    steer_obstacle2 obs[] = {{v2(6, 1), 1.0f}, {v2(7, -0.8f), 0.5f}};
    steer_v2 tip;
    /* tip (6.5, 0) is 1.118 from (6,1) < 1.5: push along tip - centre. */
    steer_v2 f = steer_avoid_obstacles_feeler2(v2(3.5f, 0), v2(3, 0), obs, 2, 0.5f, 3.0f, 10.0f, &tip);
    CHECK_V2_NEAR(tip, v2(6.5f, 0), 1e-6);
    CHECK_V2_NEAR(f, steer_v2_scale(steer_v2_normalize(v2(0.5f, -1)), 10.0f), 1e-5);
    /* Both contain the tip (6.9, 0): the deeper one wins. */
    f = steer_avoid_obstacles_feeler2(v2(3.9f, 0), v2(3, 0), obs, 2, 0.5f, 3.0f, 10.0f, &tip);
    float depth0 = 1.5f - steer_v2_dist(tip, obs[0].centre), depth1 = 1.0f - steer_v2_dist(tip, obs[1].centre);
    CHECK(depth0 > 0.0f && depth1 > 0.0f);
    steer_v2 deeper = depth0 > depth1 ? obs[0].centre : obs[1].centre;
    CHECK_V2_NEAR(f, steer_v2_scale(steer_v2_normalize(steer_v2_sub(tip, deeper)), 10.0f), 1e-5);
    /* Clear tip: zero. */
    CHECK_V2_EQ(steer_avoid_obstacles_feeler2(v2(0, 0), v2(3, 0), obs, 2, 0.5f, 3.0f, 10.0f, &tip), v2(0, 0));
    CHECK_V2_NEAR(tip, v2(3, 0), 1e-6);
}

static void avoid_obstacles_feeler_points_along_plus_x_when_stationary(void)
{
    steer_obstacle2 o = {v2(2, 0.5f), 1.0f};
    steer_v2 tip;
    steer_v2 f = steer_avoid_obstacles_feeler2(v2(0, 0), v2(0, 0), &o, 1, 0.0f, 2.0f, 1.0f, &tip);
    CHECK_V2_NEAR(tip, v2(2, 0), 1e-6);
    CHECK_V2_NEAR(f, v2(0, -1), 1e-6);
    steer_obstacle3 s = {v3(2, 0, 0.5f), 1.0f};
    steer_v3 tip3;
    steer_v3 g = steer_avoid_obstacles_feeler3(v3(0, 0, 0), v3(0, 0, 0), &s, 1, 0.0f, 2.0f, 1.0f, &tip3);
    CHECK_V3_NEAR(tip3, v3(2, 0, 0), 1e-6);
    CHECK_V3_NEAR(g, v3(0, 0, -1), 1e-6);
}

/* ---- walls --------------------------------------------------------------- */

static void avoid_walls_pushes_along_the_wall_normal_by_the_penetration_depth(void)
{
    steer_segment2 wall = {v2(-10, 2), v2(10, 2)};
    steer_wall_feelers feelers = {3.0f, 0.5f, 2.0f, STEER_UP_Z};
    steer_v2 tips[3];
    /* Only the centre feeler (tip y = 3) crosses y = 2: depth 1, normal toward the agent. */
    steer_v2 f = steer_avoid_walls2(v2(0, 0), v2(0, 1), &wall, 1, &feelers, tips);
    CHECK_V2_NEAR(f, v2(0, -1), 1e-6);
    CHECK_V2_NEAR(tips[0], v2(0, 3), 1e-6);
    CHECK_V2_NEAR(tips[1], v2(-2.0f * sinf(0.5f), 2.0f * cosf(0.5f)), 1e-6); /* left whisker */
    CHECK_V2_NEAR(tips[2], v2(2.0f * sinf(0.5f), 2.0f * cosf(0.5f)), 1e-6);  /* right whisker */
    /* Longer whiskers cross too: each adds 3 - 2 / cos(0.5), still along the normal. */
    feelers.whisker_length = 3.0f;
    f = steer_avoid_walls2(v2(0, 0), v2(0, 1), &wall, 1, &feelers, NULL);
    CHECK_NEAR(f.x, 0.0, 1e-6);
    CHECK_NEAR(f.y, -(1.0 + 2.0 * (3.0 - 2.0 / cos(0.5))), 1e-5);
    /* From the other side the normal flips to face the agent. */
    f = steer_avoid_walls2(v2(0, 4), v2(0, -1), &wall, 1, &feelers, NULL);
    CHECK(f.y > 0.0f && fabsf(f.x) < 1e-6f);
    /* An angled wall: the force is parallel to its normal, on the agent's side. */
    steer_segment2 slant = {v2(-5, 7), v2(7, -5)}; /* x + y = 2 */
    feelers.whisker_length = 1.0f;
    f = steer_avoid_walls2(v2(0, 0), v2(1, 1), &slant, 1, &feelers, NULL);
    CHECK(f.x < 0.0f);
    CHECK_NEAR(f.x, f.y, 1e-6);
    CHECK_NEAR(steer_v2_len(f), 3.0 - sqrt(2.0), 1e-5);
}

/* An agent on a wall's line (spawned or teleported onto it, a wall set
 * across it) has no side: its feelers do not meet that wall, so it leaves
 * by the way it goes. Each feeler met it at 0 before and pushed the agent
 * back against its heading, full length: at rest (feelers along +X) one on
 * a wall running north was pushed west whatever its goal. A hair off the
 * line, it is met as ever. */
static void avoid_walls_does_not_meet_a_wall_through_the_agent(void)
{
    steer_segment2 wall = {v2(0, -10), v2(0, 10)};
    steer_wall_feelers feelers = {3.0f, 0.5f, 2.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 0), v2(0, 0), &wall, 1, &feelers, NULL), v2(0, 0));
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 4), v2(-1, 0.5f), &wall, 1, &feelers, NULL), v2(0, 0));
    steer_segment2 from_here = {v2(0, 0), v2(5, -5)}; /* its end at the agent */
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 0), v2(1, 0), &from_here, 1, &feelers, NULL), v2(0, 0));
    steer_v2 f = steer_avoid_walls2(v2(-1e-3f, 0), v2(1, 0), &wall, 1, &feelers, NULL);
    CHECK(f.x < -5.0f && fabsf(f.y) < 1e-6f); /* off the line: all three feelers meet it */
    steer_segment3 wall3 = {v3(0, -10, -5), v3(0, 10, 5)};
    CHECK_V3_EQ(steer_avoid_walls3(v3(0, 2, 7), v3(0, 0, 0), &wall3, 1, &feelers, NULL), v3(0, 0, 0));
}

static void avoid_walls_is_zero_when_no_feeler_crosses(void)
{
    steer_segment2 walls[] = {{v2(-10, 5), v2(10, 5)}, {v2(3, 3), v2(3, 3)}}; /* far, and zero-length */
    steer_wall_feelers feelers = {3.0f, 0.5f, 2.0f, STEER_UP_Z};
    steer_v2 tips[3];
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 0), v2(0, 1), walls, 2, &feelers, tips), v2(0, 0));
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 0), v2(0, 1), NULL, 0, &feelers, tips), v2(0, 0));
    /* Parallel to the wall: nothing crosses. */
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 4), v2(1, 0), walls, 1, &feelers, tips), v2(0, 0));
    /* Stationary: feelers along +X. */
    steer_avoid_walls2(v2(1, 1), v2(0, 0), walls, 0, &feelers, tips);
    CHECK_V2_NEAR(tips[0], v2(4, 1), 1e-6);
}

static void avoid_walls_in_3d_uses_vertical_walls_and_returns_z_zero(void)
{
    steer_segment3 wall = {v3(-10, 2, 100), v3(10, 2, -100)}; /* z of the ends does not matter */
    steer_wall_feelers feelers = {3.0f, 0.5f, 2.0f, STEER_UP_Z};
    steer_v3 tips[3];
    steer_v3 f = steer_avoid_walls3(v3(0, 0, 7), v3(0, 1, 0.5f), &wall, 1, &feelers, tips);
    CHECK_V3_NEAR(f, v3(0, -1, 0), 1e-6);
    CHECK(f.z == 0.0f);
    CHECK_V3_NEAR(tips[0], v3(0, 3, 7), 1e-6);
}

static void follow_wall_is_zero_out_of_range_or_exactly_on_the_wall(void)
{
    steer_segment2 wall = {v2(-100, 0), v2(100, 0)};
    steer_wall_follow_params p = {5.0f, 2.0f, 1.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_follow_wall2(v2(0, 6), v2(1, 0), &wall, 1, &p, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_follow_wall2(v2(0, 0), v2(1, 0), &wall, 1, &p, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_follow_wall2(v2(0, 1), v2(1, 0), NULL, 0, &p, 2.0f), v2(0, 0));
    /* At the desired distance: along the wall at max_speed, in the direction of travel. */
    CHECK_V2_NEAR(steer_follow_wall2(v2(0, 2), v2(0, 0), &wall, 1, &p, 2.0f), v2(2, 0), 1e-6);
    CHECK_V2_NEAR(steer_follow_wall2(v2(0, 2), v2(-1, 0), &wall, 1, &p, 2.0f), v2(-1, 0), 1e-6);
    /* Too close: the desired velocity tilts away from the wall (and vice versa). */
    CHECK(steer_follow_wall2(v2(0, 1), v2(2, 0), &wall, 1, &p, 2.0f).y > 0.0f);
    CHECK(steer_follow_wall2(v2(0, 3), v2(2, 0), &wall, 1, &p, 2.0f).y < 0.0f);
    CHECK(steer_follow_wall2(v2(0, -1), v2(2, 0), &wall, 1, &p, 2.0f).y < 0.0f);
}

/* A vehicle following a straight wall settles at the desired distance
 * (within 5%) and keeps moving along it. */
static void follow_wall_holds_the_desired_distance_along_a_straight_wall(void)
{
    steer_segment2 walls[] = {{v2(-1000, 0), v2(1000, 0)}, {v2(-1000, 50), v2(1000, 50)}};
    steer_wall_follow_params p = {6.0f, 2.0f, 1.5f, STEER_UP_Z};
    const float starts[] = {4.5f, 0.5f, -3.0f};
    for (int s = 0; s < 3; ++s) {
        steer_vehicle2 v = steer_vehicle2_make(v2(0, starts[s]), 1);
        v.max_speed = 2.0f;
        v.max_force = 4.0f;
        v.velocity = v2(1, 0);
        float worst = 0.0f;
        for (int i = 0; i < 3000; ++i) {
            steer_vehicle2_apply_force(&v, steer_vehicle2_follow_wall(&v, walls, 2, &p));
            steer_vehicle2_step(&v, 0.05f);
            if (i >= 1000) worst = steer_maxf(worst, steer_absf(steer_absf(v.position.y) - 2.0f));
        }
        CHECK(worst <= 0.05f * 2.0f);
        CHECK(v.position.x > 200.0f); /* travelled along the wall at near max_speed */
        CHECK((v.position.y > 0.0f) == (starts[s] > 0.0f)); /* stayed on its side */
    }
    /* 3D: the same at any height, and the height does not change. */
    steer_segment3 wall3 = {v3(-1000, 0, 0), v3(1000, 0, 0)};
    steer_vehicle3 w = steer_vehicle3_make(v3(0, 4, 9), 2);
    w.max_speed = 2.0f;
    w.max_force = 4.0f;
    w.velocity = v3(-1, 0, 0);
    float worst = 0.0f;
    for (int i = 0; i < 3000; ++i) {
        steer_vehicle3_apply_force(&w, steer_vehicle3_follow_wall(&w, &wall3, 1, &p));
        steer_vehicle3_step(&w, 0.05f);
        if (i >= 1000) worst = steer_maxf(worst, steer_absf(w.position.y - 2.0f));
    }
    CHECK(worst <= 0.1f);
    CHECK(w.position.x < -200.0f);
    CHECK(w.position.z == 9.0f);
}

int main(void)
{
    avoid_obstacles_pushes_laterally_away_from_the_nearest_threat_ahead();
    avoid_obstacles_is_zero_when_stationary_or_clear();
    avoid_obstacles_dead_centre_pushes_left_of_the_heading();
    avoid_obstacles_latch_holds_within_the_release_band_then_lets_go();
    avoid_obstacles_feeler_pushes_the_tip_out_of_the_deepest_obstacle();
    avoid_obstacles_feeler_points_along_plus_x_when_stationary();
    avoid_walls_pushes_along_the_wall_normal_by_the_penetration_depth();
    avoid_walls_is_zero_when_no_feeler_crosses();
    avoid_walls_does_not_meet_a_wall_through_the_agent();
    avoid_walls_in_3d_uses_vertical_walls_and_returns_z_zero();
    follow_wall_is_zero_out_of_range_or_exactly_on_the_wall();
    follow_wall_holds_the_desired_distance_along_a_straight_wall();
    return check_summary("test_avoidance");
}
