/* Path following (stateless corridor, open and closed) and waypoint
 * following (stateful, arriving on the last). */
#include "test_util.h"

static const steer_v2 square[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};

static void path_closest_point_finds_segment_and_parameter(void)
{
    steer_path2 open = {square, 4, false, 1.0f};
    float d, t;
    int seg;
    CHECK_V2_NEAR(steer_path_closest_point2(&open, v2(5, 3), &d, &seg, &t), v2(5, 0), 1e-6);
    CHECK_NEAR(d, 3.0, 1e-6);
    CHECK(seg == 0);
    CHECK_NEAR(t, 0.5, 1e-6);
    CHECK_V2_NEAR(steer_path_closest_point2(&open, v2(12, 7.5f), &d, &seg, &t), v2(10, 7.5f), 1e-6);
    CHECK(seg == 1);
    CHECK_NEAR(t, 0.75, 1e-6);
    CHECK_V2_NEAR(steer_path_closest_point2(&open, v2(-3, -4), &d, &seg, &t), v2(0, 0), 1e-6);
    CHECK_NEAR(d, 5.0, 1e-6);
    CHECK(t == 0.0f);
    /* The closing segment exists only on a closed path. */
    steer_path2 closed = {square, 4, true, 1.0f};
    steer_path_closest_point2(&closed, v2(1, 5), &d, &seg, NULL);
    CHECK_NEAR(d, 1.0, 1e-6);
    CHECK(seg == 3);
    steer_path_closest_point2(&open, v2(1, 5), &d, &seg, NULL);
    CHECK_NEAR(d, 5.0, 1e-6);
    CHECK(seg != 3);
    /* Empty and single-point paths. */
    steer_path2 empty = {square, 0, false, 1.0f};
    CHECK_V2_EQ(steer_path_closest_point2(&empty, v2(3, 4), &d, &seg, NULL), v2(3, 4));
    CHECK(d == 0.0f && seg == -1);
    CHECK_V2_EQ(steer_path_closest_point2(NULL, v2(3, 4), NULL, &seg, NULL), v2(3, 4));
    CHECK(seg == -1);
    steer_path2 one = {square + 1, 1, false, 1.0f};
    CHECK_V2_EQ(steer_path_closest_point2(&one, v2(13, 4), &d, &seg, NULL), v2(10, 0));
    CHECK_NEAR(d, 5.0, 1e-6);
    CHECK(seg == 0);
    /* 3D. */
    steer_v3 pts[] = {{0, 0, 0}, {0, 0, 10}};
    steer_path3 p3 = {pts, 2, false, 1.0f};
    CHECK_V3_NEAR(steer_path_closest_point3(&p3, v3(3, 4, 6), &d, NULL, NULL), v3(0, 0, 6), 1e-6);
    CHECK_NEAR(d, 5.0, 1e-6);
}

static void follow_path_is_zero_inside_the_corridor(void)
{
    steer_path2 open = {square, 4, false, 1.0f};
    steer_path2 closed = {square, 4, true, 1.0f};
    /* predicted (7, 0.5) is 0.5 from the path. */
    CHECK_V2_EQ(steer_follow_path2(v2(5, 0.5f), v2(1, 0), &open, 2.0f, 3.0f, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_follow_path2(v2(5, 0.5f), v2(1, 0), &closed, 2.0f, 3.0f, 2.0f), v2(0, 0));
    /* The corridor is the full radius: 0.95 is in, 1.05 is out. */
    CHECK_V2_EQ(steer_follow_path2(v2(5, 0.95f), v2(1, 0), &open, 2.0f, 3.0f, 2.0f), v2(0, 0));
    CHECK(steer_v2_len(steer_follow_path2(v2(5, 1.05f), v2(1, 0), &open, 2.0f, 3.0f, 2.0f)) > 0.0f);
    /* Inside only on the closed path's closing segment. */
    CHECK_V2_EQ(steer_follow_path2(v2(0.5f, 5), v2(0, -1), &closed, 1.0f, 3.0f, 2.0f), v2(0, 0));
    CHECK(steer_v2_len(steer_follow_path2(v2(0.5f, 5), v2(0, -1), &open, 1.0f, 3.0f, 2.0f)) > 0.0f);
    /* Judged by the predicted point, not the current position. */
    CHECK(steer_v2_len(steer_follow_path2(v2(5, 0.5f), v2(0, 1), &open, 2.0f, 3.0f, 2.0f)) > 0.0f);
}

static void follow_path_outside_seeks_a_point_further_along(void)
{
    steer_path2 open = {square, 4, false, 1.0f};
    steer_v2 pos = v2(5, 3), vel = v2(1, 0);
    /* predicted (6, 3) -> closest (6, 0) -> 2 further: (8, 0). */
    CHECK_V2_NEAR(steer_follow_path2(pos, vel, &open, 1.0f, 2.0f, 2.0f), steer_seek2(pos, vel, v2(8, 0), 2.0f), 1e-6);
    /* Around a corner: closest (9, 0), 1 to the corner, 2 up: (10, 2). */
    pos = v2(8, -3);
    CHECK_V2_NEAR(steer_follow_path2(pos, vel, &open, 1.0f, 3.0f, 2.0f), steer_seek2(pos, vel, v2(10, 2), 2.0f), 1e-5);
    /* Past the end of an open path: the last point. */
    pos = v2(-3, 12);
    vel = v2(-1, 0);
    CHECK_V2_NEAR(steer_follow_path2(pos, vel, &open, 1.0f, 5.0f, 2.0f), steer_seek2(pos, vel, v2(0, 10), 2.0f), 1e-6);
    /* A closed path wraps: from (0, 1) on the closing segment, 3 further is (2, 0);
     * the open path has no closing segment, so from (0, 0) 3 further is (3, 0). */
    steer_path2 closed = {square, 4, true, 1.0f};
    pos = v2(-1, 1);
    vel = v2(-1, 0);
    CHECK_V2_NEAR(steer_follow_path2(pos, vel, &closed, 1.0f, 3.0f, 2.0f), steer_seek2(pos, vel, v2(2, 0), 2.0f), 1e-6);
    CHECK_V2_NEAR(steer_follow_path2(pos, vel, &open, 1.0f, 3.0f, 2.0f), steer_seek2(pos, vel, v2(3, 0), 2.0f), 1e-6);
    /* 3D. */
    steer_v3 pts[] = {{0, 0, 0}, {0, 0, 10}};
    steer_path3 p3 = {pts, 2, false, 0.5f};
    steer_v3 f = steer_follow_path3(v3(2, 0, 0), v3(0, 0, 0), &p3, 1.0f, 4.0f, 1.0f);
    CHECK_V3_NEAR(f, steer_seek3(v3(2, 0, 0), v3(0, 0, 0), v3(0, 0, 4), 1.0f), 1e-6);
}

static void follow_path_skips_zero_length_segments(void)
{
    steer_v2 pts[] = {{0, 0}, {0, 0}, {5, 0}, {5, 0}, {10, 0}};
    steer_path2 path = {pts, 5, false, 1.0f};
    steer_v2 pos = v2(2, 3), vel = v2(1, 0);
    /* predicted (3, 3) -> closest (3, 0) -> 4 further, through the repeated (5, 0): (7, 0). */
    steer_v2 f = steer_follow_path2(pos, vel, &path, 1.0f, 4.0f, 2.0f);
    CHECK_V2_NEAR(f, steer_seek2(pos, vel, v2(7, 0), 2.0f), 1e-6);
    steer_v2 same[] = {{4, 4}, {4, 4}, {4, 4}};
    steer_path2 dot = {same, 3, true, 0.5f};
    f = steer_follow_path2(v2(0, 0), v2(0, 0), &dot, 1.0f, 2.0f, 3.0f);
    CHECK_V2_NEAR(f, steer_seek2(v2(0, 0), v2(0, 0), v2(4, 4), 3.0f), 1e-6);
    /* Zero radius: only exactly on the path counts as inside. */
    steer_path2 thin = {square, 4, false, 0.0f};
    CHECK_V2_EQ(steer_follow_path2(v2(3, 0), v2(1, 0), &thin, 1.0f, 1.0f, 2.0f), v2(0, 0));
    CHECK(steer_v2_len(steer_follow_path2(v2(3, 0.01f), v2(1, 0), &thin, 1.0f, 1.0f, 2.0f)) > 0.0f);
    /* Empty path: nothing to follow. */
    steer_path2 empty = {NULL, 0, false, 1.0f};
    CHECK_V2_EQ(steer_follow_path2(v2(3, 3), v2(1, 0), &empty, 1.0f, 1.0f, 2.0f), v2(0, 0));
    CHECK_V2_EQ(steer_follow_path2(v2(3, 3), v2(1, 0), NULL, 1.0f, 1.0f, 2.0f), v2(0, 0));
}

/* A vehicle starting off a closed loop comes back into the corridor and goes
 * round it, staying near it. */
static void follow_path_brings_a_vehicle_back_and_round_a_closed_loop(void)
{
    steer_v2 big[] = {{0, 0}, {40, 0}, {40, 40}, {0, 40}};
    steer_path2 loop = {big, 4, true, 2.0f};
    steer_vehicle2 v = steer_vehicle2_make(v2(20, -15), 9);
    v.max_speed = 4.0f;
    v.max_force = 8.0f;
    v.velocity = v2(0, -1); /* heading away */
    bool visited[4] = {false, false, false, false};
    float worst_late = 0.0f;
    for (int i = 0; i < 6000; ++i) {
        steer_vehicle2_apply_force(&v, steer_vehicle2_follow_path(&v, &loop, 2.0f, 3.0f));
        steer_vehicle2_step(&v, 0.05f);
        float d;
        int seg;
        steer_path_closest_point2(&loop, v.position, &d, &seg, NULL);
        if (i >= 1000) {
            worst_late = steer_maxf(worst_late, d);
            if (seg >= 0) visited[seg] = true;
        }
    }
    CHECK(worst_late <= 2.0f * loop.radius);
    CHECK(visited[0] && visited[1] && visited[2] && visited[3]);
}

/* ---- waypoints ------------------------------------------------------------ */

static void follow_waypoints_seeks_the_current_and_advances_within_arrival_radius(void)
{
    steer_v2 pts[] = {{4, 0}, {4, 4}, {8, 8}};
    int index = 0;
    steer_v2 pos = v2(1, 0), vel = v2(1, 0);
    CHECK_V2_EQ(steer_follow_waypoints2(pos, vel, pts, 3, &index, 0.5f, 2.0f, 3.0f), steer_seek2(pos, vel, pts[0], 3.0f));
    CHECK(index == 0);
    pos = v2(3.7f, 0.1f);
    CHECK_V2_EQ(steer_follow_waypoints2(pos, vel, pts, 3, &index, 0.5f, 2.0f, 3.0f), steer_seek2(pos, vel, pts[1], 3.0f));
    CHECK(index == 1);
    /* One step per call even if the next is also within reach. */
    steer_v2 close[] = {{0, 0}, {0.1f, 0}, {0.2f, 0}};
    index = 0;
    steer_follow_waypoints2(v2(0, 0), vel, close, 3, &index, 1.0f, 2.0f, 3.0f);
    CHECK(index == 1);
    steer_follow_waypoints2(v2(0, 0), vel, close, 3, &index, 1.0f, 2.0f, 3.0f);
    CHECK(index == 2);
}

static void follow_waypoints_arrives_on_the_last_and_stays_there(void)
{
    steer_v2 pts[] = {{4, 0}, {4, 4}};
    int index = 1;
    steer_v2 pos = v2(4, 3), vel = v2(0, 2);
    CHECK_V2_EQ(steer_follow_waypoints2(pos, vel, pts, 2, &index, 0.6f, 2.0f, 5.0f),
                steer_arrive2(pos, vel, pts[1], 5.0f, 2.0f));
    CHECK(index == 1);
    /* Within the arrival radius of the last: still the last, still arriving. */
    pos = v2(4, 3.9f);
    CHECK_V2_EQ(steer_follow_waypoints2(pos, vel, pts, 2, &index, 0.6f, 2.0f, 5.0f),
                steer_arrive2(pos, vel, pts[1], 5.0f, 2.0f));
    CHECK(index == 1);
    /* Out-of-range indices are clamped. */
    index = 7;
    steer_follow_waypoints2(v2(0, 0), vel, pts, 2, &index, 0.6f, 2.0f, 5.0f);
    CHECK(index == 1);
    index = -3;
    CHECK_V2_EQ(steer_follow_waypoints2(v2(0, 0), vel, pts, 2, &index, 0.6f, 2.0f, 5.0f),
                steer_seek2(v2(0, 0), vel, pts[0], 5.0f));
    CHECK(index == 0);
    index = 0;
    CHECK_V2_EQ(steer_follow_waypoints2(v2(0, 0), vel, NULL, 0, &index, 0.6f, 2.0f, 5.0f), v2(0, 0));
}

static void follow_waypoints_visits_each_in_order_and_stops_on_the_last(void)
{
    steer_v3 pts[] = {{4, 0, 0}, {4, 4, 2}, {0, 4, 4}};
    steer_vehicle3 v = steer_vehicle3_make(v3(0, 0, 0), 4);
    v.max_speed = 2.0f;
    v.max_force = 4.0f;
    int reached[3] = {-1, -1, -1};
    float closest_last = 1e9f;
    for (int i = 0; i < 4000; ++i) {
        steer_vehicle3_apply_force(&v, steer_vehicle3_follow_waypoints(&v, pts, 3, 0.5f, 10.0f));
        steer_vehicle3_step(&v, 0.05f);
        for (int k = 0; k < 3; ++k)
            if (reached[k] < 0 && steer_v3_dist(v.position, pts[k]) < 0.6f) reached[k] = i;
        closest_last = steer_minf(closest_last, steer_v3_dist(v.position, pts[2]));
    }
    CHECK(reached[0] >= 0 && reached[0] < reached[1] && reached[1] < reached[2]);
    CHECK(v.waypoint == 2);
    CHECK(steer_v3_dist(v.position, pts[2]) < 0.01f);
    CHECK(steer_v3_len(v.velocity) < 0.05f);
}

/* follow_waypoints_ordered: FORWARD is follow_waypoints; the index is the
 * progress along the order (reverse: points[count - 1 - index]); a loop
 * goes from the order's last back to its first and never arrives. */
static void follow_waypoints_ordered_takes_the_order_index_by_index(void)
{
    steer_v2 pts[] = {{4, 0}, {4, 4}, {8, 8}};
    steer_v2 vel = v2(1, 0);
    int a = 0, b = 0;
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(v2(3.7f, 0.1f), vel, pts, 3, &a, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_FORWARD),
                steer_follow_waypoints2(v2(3.7f, 0.1f), vel, pts, 3, &b, 0.5f, 2.0f, 3.0f));
    CHECK(a == 1 && b == 1);
    /* reverse: progress 0 is the last point */
    int i = 0;
    steer_v2 pos = v2(0, 0);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_seek2(pos, vel, pts[2], 3.0f));
    CHECK(i == 0);
    pos = v2(7.8f, 8.1f);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_seek2(pos, vel, pts[1], 3.0f));
    CHECK(i == 1);
    i = 2; /* the order's last, points[0]: arrive */
    pos = v2(4, 1);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_arrive2(pos, vel, pts[0], 3.0f, 2.0f));
    pos = v2(4, 0.1f); /* within the arrival radius of the last: still arriving */
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_arrive2(pos, vel, pts[0], 3.0f, 2.0f));
    CHECK(i == 2);
    /* loop: the last is sought, not arrived on, and leads back to the first */
    i = 2;
    pos = v2(7, 7);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_LOOP),
                steer_seek2(pos, vel, pts[2], 3.0f));
    CHECK(i == 2);
    pos = v2(8, 7.8f);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_LOOP),
                steer_seek2(pos, vel, pts[0], 3.0f));
    CHECK(i == 0);
    i = 2; /* reversed loop: after points[0] comes points[2] */
    pos = v2(4, 0.2f);
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_LOOP_REVERSE),
                steer_seek2(pos, vel, pts[2], 3.0f));
    CHECK(i == 0);
    /* out-of-range progress is clamped, as follow_waypoints' index */
    i = 9;
    steer_follow_waypoints_ordered2(v2(-5, -5), vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_LOOP);
    CHECK(i == 2);
    i = -4;
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(v2(-5, -5), vel, pts, 3, &i, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_seek2(v2(-5, -5), vel, pts[2], 3.0f));
    CHECK(i == 0);
    /* 3D alike */
    steer_v3 p3[] = {{0, 0, 0}, {0, 0, 5}};
    int j = 0;
    CHECK_V3_EQ(steer_follow_waypoints_ordered3(v3(1, 0, 0), v3(0, 0, 0), p3, 2, &j, 0.5f, 2.0f, 3.0f, STEER_WAYPOINTS_REVERSE),
                steer_seek3(v3(1, 0, 0), v3(0, 0, 0), p3[1], 3.0f));
}

/* count 0, NULL points or index, a bad order: zero, the index as it was; a
 * loop of one point has nowhere to go round and arrives on it. */
static void follow_waypoints_ordered_degenerate_inputs_give_the_documented_result(void)
{
    steer_v2 pts[] = {{4, 0}, {4, 4}};
    steer_v2 pos = v2(1, 1), vel = v2(0.5f, 0);
    for (int order = 0; order < 4; ++order) {
        int i = 1;
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 0, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order), v2(0, 0));
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, NULL, 2, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order), v2(0, 0));
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, -3, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order), v2(0, 0));
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 2, NULL, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order), v2(0, 0));
        CHECK(i == 1);
        /* one point, every order: arrive on it, and again once there */
        i = 0;
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(pos, vel, pts, 1, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order),
                    steer_arrive2(pos, vel, pts[0], 3.0f, 2.0f));
        CHECK_V2_EQ(steer_follow_waypoints_ordered2(v2(4, 0.1f), vel, pts, 1, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order),
                    steer_arrive2(v2(4, 0.1f), vel, pts[0], 3.0f, 2.0f));
        CHECK(i == 0);
        steer_v3 one = v3(0, 0, 2);
        int j = 0;
        CHECK_V3_EQ(steer_follow_waypoints_ordered3(v3(0, 0, 0), v3(0, 0, 0), &one, 1, &j, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)order),
                    steer_arrive3(v3(0, 0, 0), v3(0, 0, 0), one, 3.0f, 2.0f));
    }
    int i = 1;
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(v2(4, 4), vel, pts, 2, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)4), v2(0, 0));
    CHECK_V2_EQ(steer_follow_waypoints_ordered2(v2(4, 4), vel, pts, 2, &i, 0.5f, 2.0f, 3.0f, (steer_waypoint_order)-1), v2(0, 0));
    CHECK(i == 1);
    steer_vehicle2 v = steer_vehicle2_make(v2(0, 0), 1);
    CHECK_V2_EQ(steer_vehicle2_follow_waypoints_ordered(&v, NULL, 3, 0.5f, 2.0f, STEER_WAYPOINTS_LOOP), v2(0, 0));
    CHECK(v.waypoint == 0);
}

/* A vehicle on a looping square: the corners in order, lap after lap, and
 * it never stops (no arrive on the last, no stall at a corner). */
static void a_looping_vehicle_visits_the_points_in_order_and_never_stops(void)
{
    for (int reverse = 0; reverse < 2; ++reverse) {
        steer_vehicle2 v = steer_vehicle2_make(v2(-1, -1), 3);
        v.max_speed = 2.0f;
        v.max_force = 4.0f;
        steer_waypoint_order order = reverse ? STEER_WAYPOINTS_LOOP_REVERSE : STEER_WAYPOINTS_LOOP;
        int visits[64], count = 0;
        float slowest = 1e9f;
        for (int i = 0; i < 2000 && count < 64; ++i) {
            int before = v.waypoint;
            steer_vehicle2_apply_force(&v, steer_vehicle2_follow_waypoints_ordered(&v, square, 4, 0.5f, 3.0f, order));
            steer_vehicle2_step(&v, 0.05f);
            if (v.waypoint != before) visits[count++] = reverse ? 3 - before : before; /* the point just reached */
            if (i > 40) slowest = steer_minf(slowest, steer_v2_len(v.velocity));
        }
        CHECK(count >= 12); /* three laps and more */
        int wrong = 0;
        for (int k = 0; k < count; ++k) wrong += visits[k] != (reverse ? 3 - k % 4 : k % 4);
        CHECK(wrong == 0);
        CHECK(slowest > 0.5f);
        /* the wrapper is the pure function with the vehicle's state */
        steer_vehicle2 w = v;
        int progress = w.waypoint;
        CHECK_V2_EQ(steer_vehicle2_follow_waypoints_ordered(&w, square, 4, 0.5f, 3.0f, order),
                    steer_follow_waypoints_ordered2(v.position, v.velocity, square, 4, &progress, 0.5f, 3.0f, 2.0f, order));
        CHECK(w.waypoint == progress);
    }
}

/* In reverse a vehicle takes the points from the last to the first and
 * comes to rest on the first. */
static void a_reversed_vehicle_visits_them_backwards_and_arrives_on_the_first(void)
{
    steer_v3 pts[] = {{0, 4, 4}, {4, 4, 2}, {4, 0, 0}};
    steer_vehicle3 v = steer_vehicle3_make(v3(0, 0, 0), 4);
    v.max_speed = 2.0f;
    v.max_force = 4.0f;
    int reached[3] = {-1, -1, -1};
    for (int i = 0; i < 4000; ++i) {
        steer_vehicle3_apply_force(&v, steer_vehicle3_follow_waypoints_ordered(&v, pts, 3, 0.5f, 10.0f, STEER_WAYPOINTS_REVERSE));
        steer_vehicle3_step(&v, 0.05f);
        for (int k = 0; k < 3; ++k)
            if (reached[k] < 0 && steer_v3_dist(v.position, pts[k]) < 0.6f) reached[k] = i;
    }
    CHECK(reached[2] >= 0 && reached[2] < reached[1] && reached[1] < reached[0]);
    CHECK(v.waypoint == 2);
    CHECK(steer_v3_dist(v.position, pts[0]) < 0.01f);
    CHECK(steer_v3_len(v.velocity) < 0.05f);
}

/* path_track follows a path in order: a route whose end comes back beside
 * its start is not jumped to its end; the next segments are sought only
 * within the window, a corner goes to the later segment, progress never
 * goes back, a closed path wraps round, and -1 starts at the nearest
 * point. */
static void path_track_takes_the_path_in_order(void)
{
    const steer_v2 route[] = {{0, 0}, {20, 0}, {20, 3}, {0, 3}};
    steer_path2 u = {route, 4, false, 0.5f};
    int seg = -1;
    bool passed;
    steer_path_point_ahead2(&u, v2(0.5f, 2), 1.0f, &seg, &passed);
    CHECK(seg == 2); /* the stateless point: on the way back, a step from the end */
    seg = 0;
    CHECK_V2_NEAR(steer_path_track2(&u, v2(0.5f, 2), &seg, 4.0f, 1.0f, &passed), v2(1.5f, 0), 1e-6);
    CHECK(seg == 0 && !passed);
    seg = 0; /* a corner: the later segment */
    CHECK_V2_NEAR(steer_path_track2(&u, v2(20, 0), &seg, 0.0f, 1.0f, &passed), v2(20, 1), 1e-6);
    CHECK(seg == 1);
    seg = 0; /* cutting the hairpin: the way back is found only within the window */
    steer_path_track2(&u, v2(15, 2.9f), &seg, 4.0f, 1.0f, &passed);
    CHECK(seg == 0);
    seg = 0;
    CHECK_V2_NEAR(steer_path_track2(&u, v2(15, 2.9f), &seg, 10.0f, 1.0f, &passed), v2(14, 3), 1e-5);
    CHECK(seg == 2);
    seg = 2; /* never back, and the end passed from there */
    CHECK_V2_NEAR(steer_path_track2(&u, v2(5, 0.1f), &seg, 100.0f, 1.0f, &passed), v2(4, 3), 1e-6);
    CHECK(seg == 2 && !passed);
    steer_path_track2(&u, v2(5, 0.1f), &seg, 100.0f, 10.0f, &passed);
    CHECK(seg == 2 && passed);
    seg = 2; /* a position not finite: no answer, and the progress stays */
    CHECK_V2_EQ(steer_path_track2(&u, v2(NAN, 1), &seg, 100.0f, 1.0f, &passed), v2(0, 0));
    CHECK(seg == 2 && !passed);
    /* a path of one point is all end: any walk ahead passes it (not round a closed one) */
    steer_path2 dot = {route + 1, 1, false, 0.5f}, ring = {route + 1, 1, true, 0.5f};
    seg = 0;
    CHECK_V2_EQ(steer_path_track2(&dot, v2(3, 4), &seg, 1.0f, 1.0f, &passed), v2(20, 0));
    CHECK(seg == 0 && passed);
    steer_path_point_ahead2(&dot, v2(3, 4), 0.0f, &seg, &passed);
    CHECK(!passed); /* no walk, no end passed */
    CHECK_V2_EQ(steer_path_point_ahead2(&ring, v2(3, 4), 1.0f, &seg, &passed), v2(20, 0));
    CHECK(!passed);
    seg = 7; /* past the last: from the last */
    steer_path_track2(&u, v2(5, 0.1f), &seg, 0.0f, 1.0f, &passed);
    CHECK(seg == 2);
    /* a closed path wraps round */
    steer_path2 loop = {square, 4, true, 1.0f};
    seg = 3;
    CHECK_V2_NEAR(steer_path_track2(&loop, v2(0.5f, 0.2f), &seg, 5.0f, 1.0f, &passed), v2(1.5f, 0), 1e-6);
    CHECK(seg == 0 && !passed);
    /* from -1: from the nearest point of the whole path, as path_point_ahead */
    seg = -1;
    steer_path_track2(&u, v2(0.5f, 2), &seg, 4.0f, 1.0f, &passed);
    CHECK(seg == 2);
}

/* path_track against a plain reading of its rule, in doubles: the
 * segments in reach are `from` (clamped) and each next one while the way
 * along the path from the closest point on `from` to its start is within
 * the window (round a closed path, to the last of an open one); the answer
 * is the nearest of them, a later one on a tie. Random paths of 2 to 12
 * points, open and closed, random positions, progress and windows: the
 * float answer is one of those in reach (but for a reach decided within
 * 1e-3 of the window) and no farther than the nearest by more than 1e-4. */
static double seg_closest(steer_v2 a, steer_v2 b, steer_v2 p, double *qx, double *qy)
{
    double abx = (double)b.x - a.x, aby = (double)b.y - a.y, l2 = abx * abx + aby * aby;
    double t = l2 > 0.0 ? (((double)p.x - a.x) * abx + ((double)p.y - a.y) * aby) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    *qx = a.x + t * abx, *qy = a.y + t * aby;
    return hypot(*qx - p.x, *qy - p.y);
}

static void path_track_follows_its_rule(void)
{
    steer_rng rng = steer_rng_make(11);
    int wrong = 0, cases = 0;
    for (int k = 0; k < 20000; ++k) {
        steer_v2 pts[12];
        int count = 2 + (int)(steer_rng_u32(&rng) % 11u);
        bool closed = k % 2;
        for (int i = 0; i < count; ++i) pts[i] = v2(steer_rng_range(&rng, -20, 20), steer_rng_range(&rng, -20, 20));
        steer_path2 path = {pts, count, closed, 1.0f};
        int segments = closed ? count : count - 1, from = (int)(steer_rng_u32(&rng) % (unsigned)segments);
        float window = steer_rng_range(&rng, 0.0f, 60.0f);
        steer_v2 p = v2(steer_rng_range(&rng, -25, 25), steer_rng_range(&rng, -25, 25));
        int seg = from;
        bool passed;
        steer_path_track2(&path, p, &seg, window, 1.0f, &passed);
        /* the rule, in doubles */
        double qx, qy, along, dist[12], best = INFINITY;
        int reach = 1;
        bool near_edge = false;
        seg_closest(pts[from], pts[(from + 1) % count], p, &qx, &qy);
        along = hypot(pts[(from + 1) % count].x - qx, pts[(from + 1) % count].y - qy);
        while (reach < segments && (closed || from + reach < segments)) {
            near_edge |= fabs(along - window) < 1e-3;
            if (!(along <= window)) break;
            int s = (from + reach) % count;
            along += hypot((double)pts[(s + 1) % count].x - pts[s].x, (double)pts[(s + 1) % count].y - pts[s].y);
            ++reach;
        }
        bool in_reach = false;
        for (int i = 0; i < reach; ++i) {
            int s = (from + i) % count;
            dist[i] = seg_closest(pts[s], pts[(s + 1) % count], p, &qx, &qy);
            best = fmin(best, dist[i]);
            in_reach |= s == seg;
        }
        double chosen = INFINITY;
        for (int i = 0; i < reach; ++i)
            if ((from + i) % count == seg) chosen = dist[i];
        ++cases;
        if (near_edge) continue;
        wrong += !in_reach || chosen > best + 1e-4;
    }
    printf("path_track against its rule in doubles: %d of %d cases off\n", wrong, cases);
    CHECK(wrong == 0);
}

int main(void)
{
    path_closest_point_finds_segment_and_parameter();
    follow_path_is_zero_inside_the_corridor();
    follow_path_outside_seeks_a_point_further_along();
    follow_path_skips_zero_length_segments();
    follow_path_brings_a_vehicle_back_and_round_a_closed_loop();
    follow_waypoints_seeks_the_current_and_advances_within_arrival_radius();
    follow_waypoints_arrives_on_the_last_and_stays_there();
    follow_waypoints_visits_each_in_order_and_stops_on_the_last();
    follow_waypoints_ordered_takes_the_order_index_by_index();
    follow_waypoints_ordered_degenerate_inputs_give_the_documented_result();
    a_looping_vehicle_visits_the_points_in_order_and_never_stops();
    a_reversed_vehicle_visits_them_backwards_and_arrives_on_the_first();
    path_track_takes_the_path_in_order();
    path_track_follows_its_rule();
    return check_summary("test_paths");
}
