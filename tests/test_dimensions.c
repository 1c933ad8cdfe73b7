/* 2D and 3D agree: every behaviour, combiner and the vehicle step in 3D with
 * z = 0 inputs give the 2D result with z = 0, including the predictive
 * avoid_neighbours, anticipate and time_to_collision, the braking
 * arrive_braking, follow_waypoints_braking and follow_path_to_end, and the
 * path's point_ahead and track. Bit-exact where the maths is the same; 1e-6
 * relative where 3D builds its frame differently (the heading frame's
 * "left", and the predictive behaviours' "right", are normalised again,
 * "up" is a cross product). */
#include "test_util.h"

enum { MAX_ITEMS = 5, TRIALS = 3000 };

static int mismatches;

static steer_v3 lift(steer_v2 a) { return steer_v3_from_v2(a); }

static void lift_all(steer_v3 *out, const steer_v2 *in, int count)
{
    for (int i = 0; i < count; ++i) out[i] = lift(in[i]);
}

static void expect_same(const char *what, int trial, steer_v2 a, steer_v3 b)
{
    if (b.x == a.x && b.y == a.y && b.z == 0.0f) return;
    if (++mismatches <= 10)
        fprintf(stderr, "trial %d %s: 2D (%.9g, %.9g) 3D (%.9g, %.9g, %.9g)\n", trial, what, a.x, a.y, b.x, b.y, b.z);
}

static void expect_close(const char *what, int trial, steer_v2 a, steer_v3 b)
{
    double scale = fmax(1.0, fmax(fabs(a.x), fabs(a.y)));
    if (fabs(b.x - a.x) <= 1e-6 * scale && fabs(b.y - a.y) <= 1e-6 * scale && fabs(b.z) <= 1e-6 * scale) return;
    if (++mismatches <= 10)
        fprintf(stderr, "trial %d %s: 2D (%.9g, %.9g) 3D (%.9g, %.9g, %.9g)\n", trial, what, a.x, a.y, b.x, b.y, b.z);
}

/* On odd trials coordinates are often exactly 0 or 1, so stationary agents,
 * exactly opposite directions and dead-centre hits occur: there the 3D
 * fallback direction (steer_v3_any_perp, normalised again) may differ from
 * 2D's in the last bit. On even trials those have probability zero. */
static bool special_values;

static float coord(steer_rng *rng)
{
    uint32_t pick = steer_rng_u32(rng) % 10u;
    if (special_values && pick == 0) return 0.0f;
    if (special_values && pick == 1) return 1.0f;
    return steer_rng_range(rng, -10.0f, 10.0f);
}

/* Behaviours that may fall back on a perpendicular: exact on generic input. */
static void expect_same_unless_special(const char *what, int trial, steer_v2 a, steer_v3 b)
{
    if (special_values) expect_close(what, trial, a, b);
    else expect_same(what, trial, a, b);
}

static steer_v2 rv(steer_rng *rng) { return random_v2(rng, coord); }
static float pos_scalar(steer_rng *rng) { return steer_rng_range(rng, 0.0f, 6.0f); }

typedef struct dither_ctx {
    const steer_v2 *f2;
    const steer_v3 *f3;
} dither_ctx;

static steer_v2 dither_eval2(int i, void *c) { return ((const dither_ctx *)c)->f2[i]; }
static steer_v3 dither_eval3(int i, void *c) { return ((const dither_ctx *)c)->f3[i]; }

static void behaviours_in_3d_with_z_zero_match_2d(void)
{
    steer_rng rng = steer_rng_make(1234);
    mismatches = 0;
    for (int t = 0; t < TRIALS; ++t) {
        special_values = (t & 1) != 0;
        steer_v2 pos = rv(&rng), vel = (t % 7 == 3) ? v2(0, 0) : rv(&rng), target = rv(&rng), tvel = rv(&rng);
        steer_v3 pos3 = lift(pos), vel3 = lift(vel), target3 = lift(target), tvel3 = lift(tvel);
        float max_speed = pos_scalar(&rng), slow = pos_scalar(&rng), panic = steer_rng_range(&rng, -1, 8);
        float pred = steer_rng_range(&rng, -1, 3);
        int n = (int)(steer_rng_u32(&rng) % (MAX_ITEMS + 1));
        steer_v2 pts[MAX_ITEMS], vels[MAX_ITEMS];
        steer_v3 pts3[MAX_ITEMS], vels3[MAX_ITEMS];
        for (int i = 0; i < n; ++i) {
            pts[i] = (i > 0 && t % 5 == 1) ? pts[0] : rv(&rng); /* coincident neighbours sometimes */
            vels[i] = rv(&rng);
        }
        lift_all(pts3, pts, n);
        lift_all(vels3, vels, n);

        expect_same("seek", t, steer_seek2(pos, vel, target, max_speed), steer_seek3(pos3, vel3, target3, max_speed));
        expect_same("flee", t, steer_flee2(pos, vel, target, max_speed, panic),
                    steer_flee3(pos3, vel3, target3, max_speed, panic));
        expect_same("arrive", t, steer_arrive2(pos, vel, target, max_speed, slow),
                    steer_arrive3(pos3, vel3, target3, max_speed, slow));
        expect_same("predict", t, steer_predict2(pos, target, tvel, max_speed, pred),
                    steer_predict3(pos3, target3, tvel3, max_speed, pred));
        expect_same("pursue", t, steer_pursue2(pos, vel, target, tvel, max_speed, pred),
                    steer_pursue3(pos3, vel3, target3, tvel3, max_speed, pred));
        expect_same("evade", t, steer_evade2(pos, vel, target, tvel, max_speed, pred, panic),
                    steer_evade3(pos3, vel3, target3, tvel3, max_speed, pred, panic));

        steer_wander_params wp = {pos_scalar(&rng), pos_scalar(&rng), pos_scalar(&rng), STEER_UP_Z};
        float a2 = steer_rng_range(&rng, -4, 4), a3 = a2;
        steer_rng r2 = steer_rng_make((uint64_t)t), r3 = r2;
        steer_v2 wt2;
        steer_v3 wt3;
        expect_same("wander", t, steer_wander2(pos, vel, &a2, &wp, max_speed, 0.1f, steer_rng_float, &r2, &wt2),
                    steer_wander3(pos3, vel3, &a3, &wp, max_speed, 0.1f, steer_rng_float, &r3, &wt3));
        expect_same("wander target", t, wt2, wt3);
        if (a2 != a3) ++mismatches;

        float radius = pos_scalar(&rng);
        expect_same("separation", t, steer_separation2(pos, pts, n, radius), steer_separation3(pos3, pts3, n, radius));
        expect_same("separation_desired", t, steer_separation_desired2(pos, vel, pts, n, radius, max_speed),
                    steer_separation_desired3(pos3, vel3, pts3, n, radius, max_speed));
        expect_same("alignment", t, steer_alignment2(vel, vels, n), steer_alignment3(vel3, vels3, n));
        expect_same("alignment_desired", t, steer_alignment_desired2(vel, vels, n, max_speed),
                    steer_alignment_desired3(vel3, vels3, n, max_speed));
        expect_same("cohesion", t, steer_cohesion2(pos, vel, pts, n, max_speed),
                    steer_cohesion3(pos3, vel3, pts3, n, max_speed));

        steer_obstacle2 obs[MAX_ITEMS];
        steer_obstacle3 obs3[MAX_ITEMS];
        for (int i = 0; i < n; ++i) {
            obs[i].centre = pts[i];
            obs[i].radius = pos_scalar(&rng);
            obs3[i].centre = pts3[i];
            obs3[i].radius = obs[i].radius;
        }
        steer_avoid_params ap = {pos_scalar(&rng), pos_scalar(&rng) * 0.2f, pos_scalar(&rng), 8.0f, 0.5f, STEER_UP_Z};
        int e2 = (int)(steer_rng_u32(&rng) % 3u) - 1, e3 = e2;
        expect_same_unless_special("avoid_obstacles", t, steer_avoid_obstacles2(pos, vel, obs, n, &ap, &e2),
                    steer_avoid_obstacles3(pos3, vel3, obs3, n, &ap, &e3));
        if (e2 != e3) ++mismatches;
        steer_v2 tip2;
        steer_v3 tip3;
        expect_same_unless_special("avoid_obstacles_feeler", t,
                    steer_avoid_obstacles_feeler2(pos, vel, obs, n, ap.agent_radius, ap.see_ahead, ap.max_force, &tip2),
                    steer_avoid_obstacles_feeler3(pos3, vel3, obs3, n, ap.agent_radius, ap.see_ahead, ap.max_force, &tip3));
        expect_same("feeler tip", t, tip2, tip3);

        steer_segment2 walls[MAX_ITEMS];
        steer_segment3 walls3[MAX_ITEMS];
        for (int i = 0; i < n; ++i) {
            walls[i].a = pts[i];
            walls[i].b = rv(&rng);
            walls3[i].a = lift(walls[i].a);
            walls3[i].b = lift(walls[i].b);
        }
        steer_wall_feelers wf = {pos_scalar(&rng), steer_rng_range(&rng, 0, 1.5f), pos_scalar(&rng), STEER_UP_Z};
        steer_v2 tips2[3];
        steer_v3 tips3[3];
        expect_same("avoid_walls", t, steer_avoid_walls2(pos, vel, walls, n, &wf, tips2),
                    steer_avoid_walls3(pos3, vel3, walls3, n, &wf, tips3));
        for (int i = 0; i < 3; ++i) expect_same("wall feeler tip", t, tips2[i], tips3[i]);
        steer_wall_follow_params fp = {pos_scalar(&rng) * 2.0f, pos_scalar(&rng), pos_scalar(&rng), STEER_UP_Z};
        expect_same("follow_wall", t, steer_follow_wall2(pos, vel, walls, n, &fp, max_speed),
                    steer_follow_wall3(pos3, vel3, walls3, n, &fp, max_speed));

        steer_path2 path = {pts, n, (t & 1) != 0, pos_scalar(&rng) * 0.3f};
        steer_path3 path3 = {pts3, n, path.closed, path.radius};
        float d2, d3, u2 = -1, u3 = -1;
        int s2, s3;
        expect_same("path_closest_point", t, steer_path_closest_point2(&path, pos, &d2, &s2, &u2),
                    steer_path_closest_point3(&path3, pos3, &d3, &s3, &u3));
        if (d2 != d3 || s2 != s3 || u2 != u3) ++mismatches;
        float ahead = pos_scalar(&rng);
        int from2 = (int)(steer_rng_u32(&rng) % (unsigned)(n + 2)) - 1, from3 = from2;
        bool end2, end3;
        float window = pos_scalar(&rng);
        expect_same("path_track", t, steer_path_track2(&path, pos, &from2, window, ahead, &end2),
                    steer_path_track3(&path3, pos3, &from3, window, ahead, &end3));
        if (from2 != from3 || end2 != end3) ++mismatches;
        expect_same("follow_path", t, steer_follow_path2(pos, vel, &path, pred, ahead, max_speed),
                    steer_follow_path3(pos3, vel3, &path3, pred, ahead, max_speed));
        int i2 = (int)(steer_rng_u32(&rng) % 4u) - 1, i3 = i2;
        expect_same("follow_waypoints", t, steer_follow_waypoints2(pos, vel, pts, n, &i2, radius, slow, max_speed),
                    steer_follow_waypoints3(pos3, vel3, pts3, n, &i3, radius, slow, max_speed));
        if (i2 != i3) ++mismatches;
        steer_waypoint_order order = (steer_waypoint_order)(t & 3);
        i3 = i2 = t % 5 - 1;
        expect_same("follow_waypoints_ordered", t,
                    steer_follow_waypoints_ordered2(pos, vel, pts, n, &i2, radius, slow, max_speed, order),
                    steer_follow_waypoints_ordered3(pos3, vel3, pts3, n, &i3, radius, slow, max_speed, order));
        if (i2 != i3) ++mismatches;
        expect_same("target_speed", t, steer_target_speed2(vel, pos, max_speed, radius),
                    steer_target_speed3(vel3, pos3, max_speed, radius));
        expect_same("match_velocity", t, steer_match_velocity2(vel, tvel, slow, radius),
                    steer_match_velocity3(vel3, tvel3, slow, radius));

        /* A 3 x 3 field; the 3D one has two more layers above that z = 0 never reaches. */
        steer_v2 fv[9];
        steer_v3 fv3[27];
        for (int i = 0; i < 9; ++i) {
            fv[i] = rv(&rng);
            fv3[i] = lift(fv[i]);
        }
        for (int i = 9; i < 27; ++i) fv3[i] = v3(coord(&rng), coord(&rng), coord(&rng));
        steer_v2 origin = rv(&rng);
        float cell = 0.5f + pos_scalar(&rng);
        steer_flow_field2 field = {origin, cell, 3, 3, 0, fv};
        steer_flow_field3 field3 = {lift(origin), cell, 3, 3, 3, fv3};
        expect_same("flow_field_sample", t, steer_flow_field_sample2(&field, pos),
                    steer_flow_field_sample3(&field3, pos3));
        expect_same("follow_flow", t, steer_follow_flow2(pos, vel, &field, pred, max_speed),
                    steer_follow_flow3(pos3, vel3, &field3, pred, max_speed));

        steer_v2 lo = rv(&rng), hi = steer_v2_add(lo, v2(pos_scalar(&rng), pos_scalar(&rng)));
        steer_box2 box = {lo, hi};
        steer_box3 box3 = {v3(lo.x, lo.y, -1000), v3(hi.x, hi.y, 1000)};
        float margin = pos_scalar(&rng) * 0.5f;
        expect_same("contain", t, steer_contain2(pos, vel, box, margin, max_speed),
                    steer_contain3(pos3, vel3, box3, margin, max_speed));

        steer_v2 other = rv(&rng), other_vel = rv(&rng);
        expect_same("interpose", t, steer_interpose2(pos, vel, target, tvel, other, other_vel, max_speed, slow),
                    steer_interpose3(pos3, vel3, target3, tvel3, lift(other), lift(other_vel), max_speed, slow));
        steer_v2 spot2;
        steer_v3 spot3;
        expect_same("hide", t, steer_hide2(pos, vel, target, tvel, obs, n, radius, max_speed, slow, &spot2),
                    steer_hide3(pos3, vel3, target3, tvel3, obs3, n, radius, max_speed, slow, &spot3));
        expect_same("hide spot", t, spot2, spot3);

        steer_v2 heading = rv(&rng), offset = rv(&rng);
        expect_close("local_to_world", t, steer_local_to_world2(heading, offset),
                     steer_local_to_world3(lift(heading), lift(offset)));
        expect_close("offset_pursuit", t, steer_offset_pursuit2(pos, vel, target, tvel, heading, offset, max_speed, slow),
                     steer_offset_pursuit3(pos3, vel3, target3, tvel3, lift(heading), lift(offset), max_speed, slow));

        float max_angle = steer_rng_range(&rng, -0.5f, 4.0f);
        expect_same_unless_special("turn_toward", t, steer_turn_toward2(heading, target, max_angle),
                    steer_turn_toward3(lift(heading), target3, max_angle));
        expect_same_unless_special("face", t, steer_face2(heading, pos, target, max_angle, 0.5f),
                    steer_face3(lift(heading), pos3, target3, max_angle, 0.5f));
        expect_same_unless_special("look_where_going", t, steer_look_where_going2(heading, vel, max_angle, 0.5f),
                    steer_look_where_going3(lift(heading), vel3, max_angle, 0.5f));
        /* Exactly opposite: the turn goes left in both (3D's left is renormalised). */
        expect_close("turn_toward opposite", t, steer_turn_toward2(heading, steer_v2_neg(heading), 0.3f),
                     steer_turn_toward3(lift(heading), lift(steer_v2_neg(heading)), 0.3f));

        /* Combiners over the neighbour velocities as forces. */
        float w[MAX_ITEMS], p[MAX_ITEMS];
        for (int i = 0; i < n; ++i) {
            w[i] = steer_rng_range(&rng, -1, 3);
            p[i] = steer_rng_range(&rng, -0.2f, 1.2f);
        }
        float max_force = pos_scalar(&rng), eps = steer_rng_range(&rng, 0, 3);
        expect_same("blend", t, steer_blend2(vels, w, n, max_force), steer_blend3(vels3, w, n, max_force));
        int win2, win3;
        expect_same("priority", t, steer_priority2(vels, w, n, eps, max_force, &win2),
                    steer_priority3(vels3, w, n, eps, max_force, &win3));
        if (win2 != win3) ++mismatches;
        expect_same("running_sum", t, steer_running_sum2(vels, w, n, max_force),
                    steer_running_sum3(vels3, w, n, max_force));
        dither_ctx dc = {vels, vels3};
        steer_rng q2 = steer_rng_make((uint64_t)t + 7u), q3 = q2;
        expect_same("dither", t,
                    steer_dither2(dither_eval2, &dc, w, p, n, eps, max_force, steer_rng_float, &q2, &win2),
                    steer_dither3(dither_eval3, &dc, w, p, n, eps, max_force, steer_rng_float, &q3, &win3));
        if (win2 != win3 || !same_bits(&q2, &q3, sizeof q2)) ++mismatches;
        float k = steer_rng_range(&rng, -0.2f, 1.2f);
        expect_same("smooth", t, steer_smooth2(vel, target, k), steer_smooth3(vel3, target3, k));
        expect_same("smooth_dt", t, steer_smooth_dt2(vel, target, slow, pred), steer_smooth_dt3(vel3, target3, slow, pred));
    }
    CHECK(mismatches == 0);
}

static void expect_same_float(const char *what, int trial, float a, float b)
{
    if (same_bits(&a, &b, sizeof a)) return;
    if (++mismatches <= 10) fprintf(stderr, "trial %d %s: 2D %.9g 3D %.9g\n", trial, what, a, b);
}

/* A braking arrive's settings: on odd trials fields are often exactly 0
 * (no ramp, no cap, the continuous cap, no tolerance). */
static steer_arrival random_arrival(steer_rng *rng)
{
    steer_arrival a = {pos_scalar(rng), pos_scalar(rng), steer_rng_range(rng, -0.05f, 0.2f), pos_scalar(rng) * 0.1f};
    if (special_values) {
        uint32_t zero = steer_rng_u32(rng);
        if (zero & 1u) a.slow_radius = 0.0f;
        if (zero & 2u) a.max_accel = 0.0f;
        if (zero & 4u) a.dt = 0.0f;
        if (zero & 8u) a.tolerance = 0.0f;
    }
    return a;
}

/* The predictive avoidance of other agents, the braking forms and the path's
 * point ahead, with their own random stream (the trials above keep theirs).
 * The maths is the same in both, but for keep right: 3D's right of a
 * heading (heading x up, right_perp3) is the 2D (y, -x) normalised again, so
 * where a push uses it (avoid_neighbours head-on with keep_right > 0 or with
 * no side at all; anticipate's keep-right bias, and its coincident contact)
 * the two agree to rounding only. Both conventions are the same right
 * (docs/model.md §2.22): z = 0 is no reason for a different answer. */
static void predictive_and_braking_in_3d_with_z_zero_match_2d(void)
{
    steer_rng rng = steer_rng_make(4321);
    mismatches = 0;
    for (int t = 0; t < TRIALS; ++t) {
        special_values = (t & 1) != 0;
        steer_v2 pos = rv(&rng), vel = (t % 7 == 3) ? v2(0, 0) : rv(&rng), target = rv(&rng);
        steer_v3 pos3 = lift(pos), vel3 = lift(vel), target3 = lift(target);
        float max_speed = pos_scalar(&rng);
        int n = (int)(steer_rng_u32(&rng) % (MAX_ITEMS + 1));
        steer_v2 pts[MAX_ITEMS];
        steer_v3 pts3[MAX_ITEMS];
        steer_neighbour2 nb[MAX_ITEMS];
        steer_neighbour3 nb3[MAX_ITEMS];
        float priorities[MAX_ITEMS];
        for (int i = 0; i < n; ++i) {
            pts[i] = (i > 0 && t % 5 == 1) ? pts[0] : rv(&rng); /* coincident points sometimes */
            uint32_t kind = steer_rng_u32(&rng) % 8u;
            nb[i].pos = pts[i];
            nb[i].vel = rv(&rng);
            if (kind == 0) nb[i].vel = steer_v2_neg(vel);                                 /* head-on */
            if (kind == 1) nb[i].pos = pos, nb[i].vel = vel;                               /* the agent itself */
            /* no side to dodge to but the right: on odd trials only, so
             * that even trials compare bit for bit */
            if (special_values && kind == 2) nb[i].pos = pos; /* coincident, moving */
            if (special_values && kind == 3) nb[i].pos = steer_v2_mad(pos, vel, 2.0f), nb[i].vel = steer_v2_neg(vel); /* dead ahead, head-on */
            nb[i].radius = pos_scalar(&rng) * 0.3f;
            nb3[i].pos = lift(nb[i].pos);
            nb3[i].vel = lift(nb[i].vel);
            nb3[i].radius = nb[i].radius;
            priorities[i] = steer_rng_range(&rng, -0.5f, 3.0f);
        }
        lift_all(pts3, pts, n);

        /* time_to_collision, pair by pair: the same float */
        for (int i = 0; i < n; ++i) {
            float r = nb[i].radius + pos_scalar(&rng) * 0.3f;
            expect_same_float("time_to_collision", t, steer_time_to_collision2(pos, vel, nb[i].pos, nb[i].vel, r),
                              steer_time_to_collision3(pos3, vel3, nb3[i].pos, nb3[i].vel, r));
        }

        steer_neighbour_avoidance na = {steer_rng_range(&rng, -0.5f, 5.0f), pos_scalar(&rng) * 0.3f,
                                        steer_rng_range(&rng, -0.2f, 0.5f), pos_scalar(&rng),
                                        steer_rng_range(&rng, -0.5f, 1.5f), STEER_UP_Z};
        if (t % 4 == 0) na.keep_right = 0.0f; /* no keep right: bit for bit */
        int threat2 = -2, threat3 = -2;
        steer_v2 dodge2 = steer_avoid_neighbours2(pos, vel, nb, n, &na, &threat2);
        steer_v3 dodge3 = steer_avoid_neighbours3(pos3, vel3, nb3, n, &na, &threat3);
        if (na.keep_right > 0.0f || special_values) expect_close("avoid_neighbours", t, dodge2, dodge3);
        else expect_same("avoid_neighbours", t, dodge2, dodge3);
        if (threat2 != threat3) ++mismatches;

        steer_anticipation ap = {pos_scalar(&rng), steer_rng_range(&rng, -0.5f, 3.0f), steer_rng_range(&rng, -1.0f, 6.0f),
                                 pos_scalar(&rng), pos_scalar(&rng) * 0.3f, steer_rng_range(&rng, -0.5f, 1.5f),
                                 steer_rng_range(&rng, -0.5f, 3.0f), STEER_UP_Z, steer_rng_range(&rng, -0.05f, 0.2f),
                                 steer_rng_range(&rng, -0.5f, 3.0f)};
        if (t % 4 == 0) ap.keep_right = 0.0f;
        const float *pri = (t % 3 == 0) ? 0 : priorities;
        steer_v2 ttc2 = steer_anticipate2(pos, vel, nb, pri, n, &ap);
        steer_v3 ttc3 = steer_anticipate3(pos3, vel3, nb3, pri, n, &ap);
        if (ap.keep_right > 0.0f) expect_close("anticipate", t, ttc2, ttc3);
        else expect_same_unless_special("anticipate", t, ttc2, ttc3);

        steer_arrival arrival = random_arrival(&rng);
        const steer_arrival *arr = (t % 11 == 5) ? 0 : &arrival; /* NULL: all fields 0 */
        expect_same("arrive_braking", t, steer_arrive_braking2(pos, vel, target, max_speed, arr),
                    steer_arrive_braking3(pos3, vel3, target3, max_speed, arr));
        float radius = pos_scalar(&rng);
        int i2 = (int)(steer_rng_u32(&rng) % 4u) - 1, i3 = i2;
        expect_same("follow_waypoints_braking", t,
                    steer_follow_waypoints_braking2(pos, vel, pts, n, &i2, radius, arr, max_speed),
                    steer_follow_waypoints_braking3(pos3, vel3, pts3, n, &i3, radius, arr, max_speed));
        if (i2 != i3) ++mismatches;

        steer_path2 path = {pts, n, (t & 2) != 0, pos_scalar(&rng) * 0.3f};
        steer_path3 path3 = {pts3, n, path.closed, path.radius};
        float pred = steer_rng_range(&rng, -1, 3), ahead = pos_scalar(&rng);
        expect_same("follow_path_to_end", t, steer_follow_path_to_end2(pos, vel, &path, pred, ahead, arr, max_speed),
                    steer_follow_path_to_end3(pos3, vel3, &path3, pred, ahead, arr, max_speed));
        int s2 = -2, s3 = -2;
        bool end2 = false, end3 = true;
        float distance = steer_rng_range(&rng, -2.0f, 30.0f);
        expect_same("path_point_ahead", t, steer_path_point_ahead2(&path, pos, distance, &s2, &end2),
                    steer_path_point_ahead3(&path3, pos3, distance, &s3, &end3));
        if (s2 != s3 || end2 != end3) ++mismatches;
    }
    CHECK(mismatches == 0);
}

static void vehicle_step_in_3d_with_z_zero_matches_2d(void)
{
    steer_rng rng = steer_rng_make(77);
    steer_vehicle2 a = steer_vehicle2_make(v2(1, 2), 5);
    steer_vehicle3 b = steer_vehicle3_make(v3(1, 2, 0), 5);
    a.max_turn_rate = b.max_turn_rate = 1.5f;
    a.max_speed = b.max_speed = 2.0f;
    a.max_force = b.max_force = 3.0f;
    mismatches = 0;
    for (int i = 0; i < 5000; ++i) {
        steer_v2 extra = rv(&rng);
        steer_v2 f = steer_v2_add(steer_vehicle2_wander(&a, 0.05f, NULL), extra);
        steer_v3 g = steer_v3_add(steer_vehicle3_wander(&b, 0.05f, NULL), lift(extra));
        expect_same("vehicle force", i, f, g);
        steer_vehicle2_apply_force(&a, f);
        steer_vehicle3_apply_force(&b, g);
        steer_vehicle2_step(&a, 0.05f);
        steer_vehicle3_step(&b, 0.05f);
        expect_same("position", i, a.position, b.position);
        expect_same("velocity", i, a.velocity, b.velocity);
        expect_same("heading", i, a.heading, b.heading);
        expect_same("smooth_heading", i, a.smooth_heading, b.smooth_heading);
    }
    CHECK(mismatches == 0);
    CHECK(a.wander_angle == b.wander_angle);
}

int main(void)
{
    behaviours_in_3d_with_z_zero_match_2d();
    predictive_and_braking_in_3d_with_z_zero_match_2d();
    vehicle_step_in_3d_with_z_zero_matches_2d();
    return check_summary("test_dimensions");
}
