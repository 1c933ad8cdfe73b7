/* Degenerate input: zero velocity, target at the agent, empty and coincident
 * neighbours, zero-length segments, zero radii -> the finite results the
 * headers document; and property tests: over many generated inputs, finite
 * ones spanning 1e-30 ... 1e30 and zeros, then NaN / Inf as well, every
 * behaviour and combiner in 2D and 3D returns only finite values. */
#include "test_util.h"

/* Failures of the property tests, tallied per output so a report names
 * every function that failed, not just the first. */
enum { MAX_FAILING = 64 };
static struct { const char *what; int dim, count, first_trial; } failing[MAX_FAILING];
static int failing_count, property_failures;

static void note_finite(const char *what, int dim, int trial, bool ok)
{
    if (ok) return;
    ++property_failures;
    for (int i = 0; i < failing_count; ++i) {
        if (failing[i].what == what && failing[i].dim == dim) {
            ++failing[i].count;
            return;
        }
    }
    if (failing_count < MAX_FAILING) {
        failing[failing_count].what = what;
        failing[failing_count].dim = dim;
        failing[failing_count].count = 1;
        failing[failing_count].first_trial = trial;
        ++failing_count;
    }
}

static void report_failures(const char *mode)
{
    for (int i = 0; i < failing_count; ++i)
        fprintf(stderr, "  %s: not finite: %s (%dD) in %d trials, first %d\n", mode, failing[i].what, failing[i].dim,
                failing[i].count, failing[i].first_trial);
    failing_count = 0;
}

#define STEER_DIM 2
#include "degenerate_template.h"
#define STEER_DIM 3
#include "degenerate_template.h"

/* ---- specific degenerate cases -------------------------------------------- */

static void zero_velocity_uses_the_documented_fallbacks(void)
{
    steer_v2 pos = v2(1, 1), still = v2(0, 0);
    CHECK_V2_NEAR(steer_seek2(pos, still, v2(4, 5), 5.0f), v2(3, 4), 1e-6);
    CHECK_V2_NEAR(steer_flee2(pos, still, v2(4, 5), 5.0f, 0.0f), v2(-3, -4), 1e-6);
    /* Obstacle avoidance: no heading, no push. The feeler and wall feelers point +X. */
    steer_obstacle2 o = {v2(3, 1), 1.0f};
    steer_avoid_params ap = {10.0f, 0.5f, 2.0f, 0.0f, 0.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_avoid_obstacles2(pos, still, &o, 1, &ap, NULL), v2(0, 0));
    steer_v2 tip;
    steer_avoid_obstacles_feeler2(pos, still, &o, 1, 0.5f, 2.0f, 2.0f, &tip);
    CHECK_V2_NEAR(tip, v2(3, 1), 1e-6);
    steer_segment2 wall = {v2(2, -5), v2(2, 5)};
    steer_wall_feelers wf = {2.0f, 0.5f, 1.0f, STEER_UP_Z};
    CHECK_V2_NEAR(steer_avoid_walls2(pos, still, &wall, 1, &wf, NULL), v2(-1, 0), 1e-6);
    /* Wander: the circle is centred on the agent. */
    steer_wander_params wp = {2.0f, 3.0f, 1.0f, STEER_UP_Z};
    float angle = 0.0f;
    steer_v2 wt;
    steer_wander2(pos, still, &angle, &wp, 1.0f, 1.0f, NULL, NULL, &wt);
    CHECK_V2_NEAR(wt, v2(3, 1), 1e-6);
    /* Path following predicts from where it stands. */
    steer_v2 pts[] = {{0, 3}, {10, 3}};
    steer_path2 path = {pts, 2, false, 1.0f};
    CHECK_V2_NEAR(steer_follow_path2(pos, still, &path, 5.0f, 1.0f, 2.0f), steer_seek2(pos, still, v2(2, 3), 2.0f), 1e-6);
    /* Facing: kept. Wall following: along a -> b. */
    CHECK_V2_NEAR(steer_look_where_going2(v2(0, -1), still, 1.0f, 1.0f), v2(0, -1), 1e-7);
    steer_wall_follow_params fp = {5.0f, 1.0f, 1.0f, STEER_UP_Z};
    steer_v2 along = steer_follow_wall2(pos, still, &wall, 1, &fp, 2.0f);
    CHECK(along.y > 0.0f);
    steer_v3 s3 = v3(0, 0, 0);
    steer_obstacle3 o3 = {v3(2, 0, 0), 1.0f};
    steer_v3 tip3;
    CHECK_V3_EQ(steer_avoid_obstacles3(s3, s3, &o3, 1, &ap, NULL), v3(0, 0, 0));
    CHECK(steer_v3_len(steer_avoid_obstacles_feeler3(s3, s3, &o3, 1, 0.0f, 1.5f, 1.0f, &tip3)) > 0.0f);
    CHECK_V3_NEAR(tip3, v3(1.5f, 0, 0), 1e-6);
}

static void target_at_the_agent_gives_minus_velocity(void)
{
    steer_v2 pos = v2(2, -3), vel = v2(0.5f, 0.25f), minus = v2(-0.5f, -0.25f);
    CHECK_V2_EQ(steer_seek2(pos, vel, pos, 3.0f), minus);
    CHECK_V2_EQ(steer_flee2(pos, vel, pos, 3.0f, 0.0f), minus);
    CHECK_V2_EQ(steer_flee2(pos, vel, pos, 3.0f, 1.0f), minus);
    CHECK_V2_EQ(steer_arrive2(pos, vel, pos, 3.0f, 2.0f), minus);
    CHECK_V2_EQ(steer_pursue2(pos, vel, pos, v2(0, 0), 3.0f, 0.0f), minus);
    CHECK_V2_EQ(steer_evade2(pos, vel, pos, v2(0, 0), 3.0f, 0.0f, 0.0f), minus);
    steer_v2 same[] = {{2, -3}, {2, -3}};
    CHECK_V2_EQ(steer_cohesion2(pos, vel, same, 2, 3.0f), minus);
    CHECK_V2_EQ(steer_interpose2(pos, vel, v2(1, -3), v2(0, 0), v2(3, -3), v2(0, 0), 3.0f, 1.0f), minus);
    CHECK_V2_EQ(steer_offset_pursuit2(pos, vel, v2(0, -3), v2(0, 0), v2(1, 0), v2(2, 0), 3.0f, 1.0f), minus);
    CHECK_V2_NEAR(steer_face2(v2(0, 2), pos, pos, 1.0f, 1.0f), v2(0, 1), 1e-7);
    CHECK_V2_EQ(steer_follow_waypoints2(pos, vel, same, 2, &(int){0}, 0.5f, 1.0f, 3.0f), minus);
    /* The hunter inside an obstacle's centre leaves no "behind": evade instead. */
    steer_obstacle2 o = {v2(5, 5), 1.0f};
    CHECK_V2_EQ(steer_hide2(pos, vel, v2(5, 5), v2(0, 0), &o, 1, 1.0f, 3.0f, 1.0f, NULL),
                steer_evade2(pos, vel, v2(5, 5), v2(0, 0), 3.0f, 0.0f, 0.0f));
    steer_v3 p3 = v3(1, 2, 3), v3_ = v3(0, 0, 1);
    CHECK_V3_EQ(steer_seek3(p3, v3_, p3, 3.0f), v3(0, 0, -1));
    CHECK_V3_EQ(steer_arrive3(p3, v3_, p3, 3.0f, 2.0f), v3(0, 0, -1));
}

static void empty_neighbour_lists_give_zero(void)
{
    steer_v2 pos = v2(1, 1), vel = v2(1, 0);
    CHECK_V2_EQ(steer_separation2(pos, NULL, 0, 5.0f), v2(0, 0));
    CHECK_V2_EQ(steer_separation_desired2(pos, vel, NULL, 0, 5.0f, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_alignment2(vel, NULL, 0), v2(0, 0));
    CHECK_V2_EQ(steer_alignment_desired2(vel, NULL, 0, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_cohesion2(pos, vel, NULL, 0, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_alignment2(vel, NULL, -4), v2(0, 0));
    CHECK_V2_EQ(steer_cohesion2(pos, vel, NULL, -1, 2.0f), v2(0, 0));
    CHECK_V3_EQ(steer_separation3(v3(0, 0, 0), NULL, 0, 5.0f), v3(0, 0, 0));
    CHECK_V3_EQ(steer_alignment_desired3(v3(1, 0, 0), NULL, 0, 2.0f), v3(0, 0, 0));
    CHECK_V3_EQ(steer_cohesion3(v3(0, 0, 0), v3(1, 0, 0), NULL, 0, 2.0f), v3(0, 0, 0));
    /* Combiners of nothing. */
    int winner = 3;
    CHECK_V2_EQ(steer_blend2(NULL, NULL, 0, 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_priority2(NULL, NULL, 0, 0.1f, 1.0f, &winner), v2(0, 0));
    CHECK(winner == -1);
    CHECK_V2_EQ(steer_running_sum2(NULL, NULL, 0, 1.0f), v2(0, 0));
    draw_counter dc = {0, NULL, 0, steer_rng_make(1)};
    CHECK_V3_EQ(steer_dither3(NULL, NULL, NULL, NULL, 0, 0.1f, 1.0f, counting_random, &dc, &winner), v3(0, 0, 0));
    CHECK(dc.calls == 0 && winner == -1);
}

/* A NULL array with a count above zero is an empty list, and a NULL
 * parameter struct, state or callback gives zero (behaviours.h, combine.h):
 * never a crash. Each dimension's functions come from one template, so the
 * calls below run every function of it, in both. */
#define NULL_INPUTS_GIVE_ZERO(D, V, make, CHECK_EQ)                                                                  \
    do {                                                                                                              \
        V pos = make(1), vel = make(2), zero = make(0);                                                               \
        int out = 7;                                                                                                  \
        float angle = 0.0f;                                                                                           \
        steer_avoid_params ap = {0};                                                                            \
        steer_neighbour_avoidance na = {0};                                                                          \
        steer_anticipation an = {0};                                                                                  \
        steer_wall_feelers wf = {0};                                                                                  \
        steer_arrival arrival = {0};                                                                                  \
        CHECK_EQ(steer_separation##D(pos, NULL, 3, 5.0f), zero);                                                      \
        CHECK_EQ(steer_separation_desired##D(pos, vel, NULL, 3, 5.0f, 2.0f), zero);                                   \
        CHECK_EQ(steer_alignment##D(vel, NULL, 3), zero);                                                             \
        CHECK_EQ(steer_alignment_desired##D(vel, NULL, 3, 2.0f), zero);                                               \
        CHECK_EQ(steer_cohesion##D(pos, vel, NULL, 3, 2.0f), zero);                                                   \
        CHECK_EQ(steer_avoid_obstacles##D(pos, vel, NULL, 3, &ap, &out), zero);                                       \
        CHECK(out == -1);                                                                                             \
        out = 7;                                                                                                      \
        CHECK_EQ(steer_avoid_obstacles##D(pos, vel, NULL, 0, NULL, &out), zero);                                      \
        CHECK(out == -1);                                                                                             \
        CHECK_EQ(steer_avoid_obstacles_feeler##D(pos, vel, NULL, 3, 0.5f, 2.0f, 1.0f, NULL), zero);                   \
        CHECK_EQ(steer_avoid_walls##D(pos, vel, NULL, 3, &wf, NULL), zero);                                           \
        CHECK_EQ(steer_avoid_walls##D(pos, vel, NULL, 0, NULL, NULL), zero);                                          \
        CHECK_EQ(steer_follow_wall##D(pos, vel, NULL, 3, NULL, 2.0f), zero);                                          \
        out = 7;                                                                                                      \
        CHECK_EQ(steer_avoid_neighbours##D(pos, vel, NULL, 3, &na, &out), zero);                                      \
        CHECK(out == -1);                                                                                             \
        out = 7;                                                                                                      \
        CHECK_EQ(steer_avoid_neighbours##D(pos, vel, NULL, 0, NULL, &out), zero);                                     \
        CHECK(out == -1);                                                                                             \
        CHECK_EQ(steer_anticipate##D(pos, vel, NULL, NULL, 3, &an), zero);                                            \
        CHECK_EQ(steer_anticipate##D(pos, vel, NULL, NULL, 0, NULL), zero);                                           \
        CHECK_EQ(steer_follow_waypoints##D(pos, vel, NULL, 3, &out, 0.5f, 1.0f, 2.0f), zero);                         \
        CHECK_EQ(steer_follow_waypoints##D(pos, vel, &pos, 1, NULL, 0.5f, 1.0f, 2.0f), zero);                         \
        CHECK_EQ(steer_follow_waypoints_braking##D(pos, vel, &pos, 1, NULL, 0.5f, &arrival, 2.0f), zero);             \
        CHECK_EQ(steer_follow_waypoints_ordered##D(pos, vel, NULL, 3, &out, 0.5f, 1.0f, 2.0f, STEER_WAYPOINTS_LOOP), zero); \
        CHECK_EQ(steer_follow_waypoints_ordered##D(pos, vel, &pos, 1, NULL, 0.5f, 1.0f, 2.0f, STEER_WAYPOINTS_REVERSE), zero); \
        /* no arrival: all its fields 0 (no ramp, no cap); no field: an empty one */                                \
        CHECK_EQ(steer_arrive_braking##D(pos, vel, zero, 2.0f, NULL), steer_arrive_braking##D(pos, vel, zero, 2.0f, &arrival)); \
        out = 0;                                                                                                      \
        CHECK_EQ(steer_follow_waypoints_braking##D(pos, vel, &zero, 1, &out, 0.5f, NULL, 2.0f),                       \
                 steer_arrive_braking##D(pos, vel, zero, 2.0f, &arrival));                                            \
        CHECK_EQ(steer_follow_path_to_end##D(pos, vel, NULL, 1.0f, 1.0f, &arrival, 2.0f), zero);                      \
        CHECK_EQ(steer_path_point_ahead##D(NULL, pos, 1.0f, &out, NULL), pos);                                        \
        CHECK(out == -1);                                                                                             \
        out = 2;                                                                                                      \
        CHECK_EQ(steer_path_track##D(NULL, pos, &out, 1.0f, 1.0f, NULL), pos);                                        \
        CHECK(out == -1);                                                                                             \
        CHECK_EQ(steer_path_track##D(NULL, pos, NULL, 1.0f, 1.0f, NULL), pos);                                        \
        /* a path whose points are NULL is an empty path, whatever its count */                                     \
        for (int count = 1; count <= 3; ++count) {                                                                    \
            steer_path##D nowhere = {NULL, count, count == 3, 1.0f};                                                  \
            float dist = 7.0f;                                                                                        \
            out = 7;                                                                                                  \
            CHECK_EQ(steer_path_closest_point##D(&nowhere, pos, &dist, &out, NULL), pos);                             \
            CHECK(out == -1 && dist == 0.0f);                                                                         \
            out = 7;                                                                                                  \
            CHECK_EQ(steer_path_point_ahead##D(&nowhere, pos, 1.0f, &out, NULL), pos);                                \
            CHECK(out == -1);                                                                                         \
            out = 1;                                                                                                  \
            CHECK_EQ(steer_path_track##D(&nowhere, pos, &out, 1.0f, 1.0f, NULL), pos);                                \
            CHECK(out == -1);                                                                                         \
            CHECK_EQ(steer_follow_path##D(pos, vel, &nowhere, 1.0f, 1.0f, 2.0f), zero);                               \
            CHECK_EQ(steer_follow_path_to_end##D(pos, vel, &nowhere, 1.0f, 1.0f, &arrival, 2.0f), zero);              \
        }                                                                                                             \
        CHECK_EQ(steer_flow_field_sample##D(NULL, pos), zero);                                                        \
        CHECK_EQ(steer_follow_flow##D(pos, vel, NULL, 1.0f, 2.0f), steer_v##D##_neg(vel));                            \
        CHECK_EQ(steer_hide##D(pos, vel, zero, zero, NULL, 3, 1.0f, 2.0f, 1.0f, NULL),                                \
                 steer_hide##D(pos, vel, zero, zero, NULL, 0, 1.0f, 2.0f, 1.0f, NULL));                               \
        CHECK_EQ(steer_wander##D(pos, vel, NULL, NULL, 2.0f, 0.1f, NULL, NULL, NULL), zero);                          \
        CHECK_EQ(steer_wander##D(pos, vel, &angle, NULL, 2.0f, 0.1f, NULL, NULL, NULL), zero);                        \
        CHECK_EQ(steer_blend##D(NULL, NULL, 3, 1.0f), zero);                                                          \
        out = 7;                                                                                                      \
        CHECK_EQ(steer_priority##D(NULL, NULL, 3, 0.1f, 1.0f, &out), zero);                                           \
        CHECK(out == -1);                                                                                             \
        CHECK_EQ(steer_running_sum##D(NULL, NULL, 3, 1.0f), zero);                                                    \
        out = 7;                                                                                                      \
        CHECK_EQ(steer_dither##D(NULL, NULL, NULL, NULL, 3, 0.1f, 1.0f, NULL, NULL, &out), zero);                     \
        CHECK(out == -1);                                                                                             \
    } while (0)

static steer_v2 v2_all(float x) { return v2(x, x); }
static steer_v3 v3_all(float x) { return v3(x, x, x); }

static void null_inputs_give_zero(void)
{
    NULL_INPUTS_GIVE_ZERO(2, steer_v2, v2_all, CHECK_V2_EQ);
    NULL_INPUTS_GIVE_ZERO(3, steer_v3, v3_all, CHECK_V3_EQ);
    CHECK_V3_EQ(steer_wander_sphere3(v3(1, 1, 1), v3(1, 0, 0), NULL, NULL, 2.0f, 0.1f, NULL, NULL, NULL), v3(0, 0, 0));
}

static void coincident_neighbours_are_skipped(void)
{
    steer_v2 pos = v2(1, 1);
    steer_v2 all_here[] = {{1, 1}, {1, 1}, {1, 1}};
    CHECK_V2_EQ(steer_separation2(pos, all_here, 3, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_separation_desired2(pos, v2(1, 0), all_here, 3, 2.0f, 3.0f), v2(0, 0));
    /* The coincident one neither pushes nor counts in the average. */
    steer_v2 mixed[] = {{1, 1}, {1.5f, 1}};
    CHECK_V2_NEAR(steer_separation2(pos, mixed, 2, 2.0f), v2(-2, 0), 1e-6);
    /* A neighbour so close that 1/d^2 overflows must not wipe out the others. */
    steer_v2 nearly[] = {{1e-20f, 0}, {0.5f, 0}};
    steer_v2 push = steer_separation2(v2(0, 0), nearly, 2, 1.0f);
    CHECK(steer_v2_is_valid(push));
    CHECK(push.x < 0.0f);
    /* One closer than 1 / FLT_MAX (1/d is +Inf) counts as coincident. */
    steer_v3 close3[] = {{0, 0, 1e-39f}, {0, 0, -0.25f}};
    steer_v3 up = steer_separation3(v3(0, 0, 0), close3, 2, 1.0f);
    CHECK_V3_EQ(up, v3(0, 0, 4));
    /* Any closer one pushes, however close: the behaviour has no scale. */
    steer_v3 near3[] = {{0, 0, 1e-25f}, {0, 0, -0.25f}};
    steer_v3 down = steer_separation3(v3(0, 0, 0), near3, 2, 1.0f);
    CHECK(steer_v3_is_valid(down) && down.z < -1e24f);
    /* Cohesion toward neighbours all at the agent: nothing to seek. */
    CHECK_V2_EQ(steer_cohesion2(pos, v2(0, 0), all_here, 3, 3.0f), v2(0, 0));
}

static void zero_length_segments_and_single_points_are_handled(void)
{
    steer_v3 same[] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    steer_path3 dot = {same, 3, true, 0.5f};
    float d, t;
    int seg;
    CHECK_V3_EQ(steer_path_closest_point3(&dot, v3(1, 1, 4), &d, &seg, &t), v3(1, 1, 1));
    CHECK_NEAR(d, 3.0, 1e-6);
    CHECK(seg >= 0 && seg < 3 && t == 0.0f);
    CHECK_V3_NEAR(steer_follow_path3(v3(1, 1, 4), v3(0, 0, 0), &dot, 0.0f, 2.0f, 1.0f), v3(0, 0, -1), 1e-6);
    /* A zero-length wall is ignored by the feelers, but followed as a point. */
    steer_segment2 point = {v2(0, 2), v2(0, 2)};
    steer_wall_feelers wf = {5.0f, 0.5f, 5.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_avoid_walls2(v2(0, 0), v2(0, 1), &point, 1, &wf, NULL), v2(0, 0));
    steer_wall_follow_params fp = {5.0f, 1.0f, 1.0f, STEER_UP_Z};
    CHECK(steer_v2_is_valid(steer_follow_wall2(v2(0, 0), v2(0, 1), &point, 1, &fp, 2.0f)));
}

static void zero_radii_give_documented_results(void)
{
    /* Obstacles of radius 0 for an agent of radius 0: never a threat. */
    steer_obstacle2 o = {v2(3, 0), 0.0f};
    steer_avoid_params ap = {10.0f, 0.0f, 2.0f, 0.0f, 0.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_avoid_obstacles2(v2(0, 0), v2(1, 0), &o, 1, &ap, NULL), v2(0, 0));
    CHECK_V2_EQ(steer_avoid_obstacles_feeler2(v2(0, 0), v2(1, 0), &o, 1, 0.0f, 3.0f, 2.0f, NULL), v2(0, 0));
    /* Separation radius 0: nobody is close enough. */
    steer_v2 n = v2(0.1f, 0);
    CHECK_V2_EQ(steer_separation2(v2(0, 0), &n, 1, 0.0f), v2(0, 0));
    /* Wander radius 0: the target is the circle centre. */
    steer_wander_params wp = {0.0f, 2.0f, 1.0f, STEER_UP_Z};
    float angle = 1.0f;
    steer_v2 wt;
    steer_wander2(v2(0, 0), v2(3, 0), &angle, &wp, 1.0f, 1.0f, NULL, NULL, &wt);
    CHECK_V2_EQ(wt, v2(2, 0));
    /* slow_radius 0: arrive is seek. */
    CHECK_V2_EQ(steer_arrive2(v2(0, 0), v2(0, 0), v2(0.1f, 0), 2.0f, 0.0f), steer_seek2(v2(0, 0), v2(0, 0), v2(0.1f, 0), 2.0f));
    /* Hide with radius and distance 0: the spot is the centre. */
    steer_v2 spot;
    steer_hide2(v2(9, 9), v2(0, 0), v2(0, 0), v2(0, 0), &o, 1, 0.0f, 1.0f, 1.0f, &spot);
    CHECK_V2_EQ(spot, v2(3, 0));
    /* Wall following with range 0 never finds a wall off it. */
    steer_segment2 wall = {v2(-5, 0), v2(5, 0)};
    steer_wall_follow_params fp = {0.0f, 1.0f, 1.0f, STEER_UP_Z};
    CHECK_V2_EQ(steer_follow_wall2(v2(0, 0.5f), v2(1, 0), &wall, 1, &fp, 2.0f), v2(0, 0));
    /* Flow field with cell size 0: unusable, zero. */
    steer_v2 cell = v2(1, 1);
    steer_flow_field2 field = {v2(0, 0), 0.0f, 1, 1, 0, &cell};
    CHECK_V2_EQ(steer_follow_flow2(v2(0, 0), v2(1, 0), &field, 0.0f, 2.0f), v2(-1, 0));
}

static void non_finite_inputs_give_finite_outputs(void)
{
    steer_v2 nan2 = v2(NAN, 0), inf2 = v2(0, INFINITY);
    CHECK_V2_EQ(steer_seek2(v2(0, 0), v2(1, 0), nan2, 3.0f), v2(-1, 0));
    CHECK(steer_v2_is_valid(steer_seek2(nan2, v2(1, 0), v2(1, 1), 3.0f)));
    CHECK(steer_v2_is_valid(steer_flee2(v2(0, 0), inf2, v2(1, 1), 3.0f, 2.0f)));
    CHECK(steer_v2_is_valid(steer_arrive2(v2(0, 0), v2(0, 0), v2(1, 1), NAN, 2.0f)));
    CHECK(steer_v2_is_valid(steer_arrive2(v2(0, 0), v2(0, 0), v2(1, 1), 3.0f, NAN)));
    CHECK(steer_v2_is_valid(steer_predict2(v2(0, 0), v2(1, 1), inf2, 3.0f, 0.0f)));
    CHECK(steer_v2_is_valid(steer_predict2(v2(0, 0), nan2, v2(1, 1), 3.0f, 0.0f)));
    steer_wander_params wp = {NAN, INFINITY, NAN, STEER_UP_Z};
    float angle = INFINITY;
    steer_v2 wt;
    CHECK(steer_v2_is_valid(steer_wander2(v2(0, 0), v2(1, 0), &angle, &wp, 3.0f, 1.0f, steer_rng_float,
                                          &(steer_rng){1, 1}, &wt)));
    CHECK(steer_is_finite(angle) && steer_v2_is_valid(wt));
    steer_v2 n[] = {{NAN, 0}, {0.5f, INFINITY}, {0.5f, 0}};
    CHECK_V2_NEAR(steer_separation2(v2(0, 0), n, 3, 1.0f), v2(-2, 0), 1e-6);
    CHECK(steer_v2_is_valid(steer_alignment2(v2(0, 0), n, 3)));
    CHECK(steer_v2_is_valid(steer_cohesion2(v2(0, 0), v2(0, 0), n, 3, 1.0f)));
    steer_v2 pts[] = {{0, 0}, {NAN, 1}, {5, 5}};
    steer_path2 path = {pts, 3, true, 1.0f};
    float d, t;
    CHECK(steer_v2_is_valid(steer_path_closest_point2(&path, v2(3, 4), &d, NULL, &t)));
    CHECK(steer_is_finite(d) && steer_is_finite(t));
    CHECK(steer_v2_is_valid(steer_path_closest_point2(&path, nan2, &d, NULL, &t)));
    CHECK(steer_is_finite(d) && steer_is_finite(t));
    CHECK(steer_v2_is_valid(steer_local_to_world2(v2(1, 0), nan2)));
    CHECK(steer_v2_is_valid(steer_turn_toward2(nan2, inf2, NAN)));
    steer_v3 f3[] = {{NAN, 0, 0}, {1, 0, 0}};
    CHECK_V3_EQ(steer_blend3(f3, NULL, 2, 5.0f), v3(1, 0, 0));
    CHECK_V3_EQ(steer_smooth_dt3(v3(1, 0, 0), v3(0, 0, 0), 1.0f, NAN), v3(1, 0, 0)); /* no time passes */
    CHECK(steer_v3_is_valid(steer_smooth_dt3(v3(1, 0, 0), v3(0, 0, 0), NAN, 1.0f)));
}

/* ---- property tests --------------------------------------------------------- */

static void every_behaviour_and_combiner_is_finite_for_finite_inputs(void)
{
    property_failures = 0;
    every_output_is_finite2(101, random_magnitude, 10000);
    every_output_is_finite3(102, random_magnitude, 10000);
    report_failures("finite inputs");
    CHECK(property_failures == 0);
}

static void every_behaviour_and_combiner_is_finite_for_nan_and_inf_inputs(void)
{
    property_failures = 0;
    every_output_is_finite2(201, random_hostile, 10000);
    every_output_is_finite3(202, random_hostile, 10000);
    report_failures("NaN/Inf inputs");
    CHECK(property_failures == 0);
}

int main(void)
{
    zero_velocity_uses_the_documented_fallbacks();
    target_at_the_agent_gives_minus_velocity();
    empty_neighbour_lists_give_zero();
    null_inputs_give_zero();
    coincident_neighbours_are_skipped();
    zero_length_segments_and_single_points_are_handled();
    zero_radii_give_documented_results();
    non_finite_inputs_give_finite_outputs();
    every_behaviour_and_combiner_is_finite_for_finite_inputs();
    every_behaviour_and_combiner_is_finite_for_nan_and_inf_inputs();
    return check_summary("test_degenerate");
}
