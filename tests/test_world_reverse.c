/* The reverse gear (steer_group_def.reverse_speed): a turn-limited unit
 * with a kept heading, at rest and sent a short way behind it, backs there
 * facing the way it did, never faster than its reverse speed, and lands
 * sooner than one that turns round; sent far behind it turns round and
 * drives, never backing; sent behind and aside, its tail turns toward the
 * point at the group's rate; pushed backwards and sent far behind or
 * ahead it drives as without the gear; on a Y-up ground it
 * backs on the ground; on its point, pushed from in front, it backs off
 * where one without the gear is held; the same bits for 1, 2 and 4
 * threads and through a snapshot, which keeps the field (one of version
 * 18, before it, restores without a gear); keep_apart's giving way
 * backs a held unit whatever its gear (a push, as world.h says); a gear
 * without a turn limit or kept headings, or a negative one, is refused,
 * naming it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define DT (1.0f / 30.0f)

/* A world of room 64 in a box of +-60 (2D, or 3D with `up`). */
static steer_world *make_world_in(int workers, bool headings, int dim, steer_up_axis up)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = 64;
    wd.worker_count = workers;
    wd.bounds_min = (steer_v3){-60, -60, -60};
    wd.bounds_max = (steer_v3){60, 60, 60};
    wd.keep_headings = headings;
    return steer_world_create(&wd);
}

static steer_world *make_world(int workers, bool headings) { return make_world_in(workers, headings, 2, STEER_UP_Z); }

/* ARRIVE alone, turning at 1 rad per time unit, backing at up to `reverse`. */
static steer_group_def unit_def(float reverse)
{
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.max_turn_rate = 1.0f;
    gd.reverse_speed = reverse;
    return gd;
}

static double angle_between(steer_v3 a, steer_v3 b)
{
    double c = steer_v3_dot(a, b) / (steer_v3_len(a) * steer_v3_len(b));
    return acos(c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c);
}

typedef struct drive {
    int arrived_at;             /* the step it arrived, 0: never */
    double most_back, most_fwd; /* the fastest along -heading and +heading */
    double sharpest;            /* the largest heading turn in a step */
    double heading_off_start;   /* the most its heading came from +x */
    double off_ground;          /* the most its heading, velocity and height left the ground of axis `up` */
    steer_v3 end;
} drive;

/* Unit a of world w (facing +x) sent to `to`, watched for 600 steps; its
 * ground is the plane square to axis `up` (-1: none), at its height then. */
static drive watch_drive(steer_world *w, steer_agent_id a, steer_v3 to, int up)
{
    steer_goal goal = {STEER_GOAL_ARRIVE, to, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, a, &goal) == STEER_OK);
    steer_agent_state st0;
    CHECK(steer_world_get_agent(w, a, &st0) == STEER_OK);
    drive r = {0, 0.0, 0.0, 0.0, 0.0, 0.0, {0, 0, 0}};
    steer_v3 was = {1, 0, 0};
    for (int s = 1; s <= 600; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_v3 h = steer_v3_zero();
        CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
        double along = steer_v3_dot(st.velocity, h);
        r.most_back = fmax(r.most_back, -along);
        r.most_fwd = fmax(r.most_fwd, along);
        r.sharpest = fmax(r.sharpest, angle_between(was, h));
        r.heading_off_start = fmax(r.heading_off_start, angle_between((steer_v3){1, 0, 0}, h));
        if (up >= 0)
            r.off_ground = fmax(r.off_ground, fabs((double)steer_v3_get(h, up)) + fabs((double)steer_v3_get(st.velocity, up)) +
                                                  fabs((double)steer_v3_get(st.position, up) - steer_v3_get(st0.position, up)));
        if (!r.arrived_at && steer_world_has_arrived(w, a)) r.arrived_at = s;
        r.end = st.position;
        was = h;
    }
    return r;
}

/* One unit at the origin facing +x, moving at `vel`, sent to `to`, for 600 steps. */
static drive drive_from(steer_v3 vel, steer_v3 to, float reverse)
{
    steer_world *w = make_world(1, true);
    steer_group_def gd = unit_def(reverse);
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), vel);
    CHECK(steer_world_set_heading(w, a, (steer_v3){1, 0, 0}) == STEER_OK);
    drive r = watch_drive(w, a, to, -1);
    steer_world_destroy(w);
    return r;
}

static drive drive_to(steer_v3 to, float reverse) { return drive_from(steer_v3_zero(), to, reverse); }

static void a_short_way_behind_it_backs(void)
{
    const steer_v3 to = {-3, 0, 0};
    drive turned = drive_to(to, 0.0f), backed = drive_to(to, 1.0f);
    printf("3 behind: turning round arrives after %d steps (backs at most %.4f), backing after %d (at most %.4f, "
           "forwards at most %.4f, heading at most %.5f rad off +x), %.4f from the point\n",
           turned.arrived_at, turned.most_back, backed.arrived_at, backed.most_back, backed.most_fwd, backed.heading_off_start,
           steer_v3_len(steer_v3_sub(backed.end, to)));
    CHECK(turned.arrived_at > 0 && turned.most_back == 0.0); /* without the gear it never backs */
    CHECK(backed.arrived_at > 0 && backed.arrived_at < turned.arrived_at);
    CHECK(backed.most_back > 0.9 && backed.most_back <= 1.0 * 1.0001); /* up to its reverse speed, no faster */
    CHECK(backed.most_fwd < 1e-6);                                     /* never forwards */
    CHECK(backed.heading_off_start < 1e-3);                           /* still facing +x */
    CHECK(steer_v3_len(steer_v3_sub(backed.end, to)) <= 0.05f);       /* the group's arrival_tolerance */
}

static void far_behind_it_turns_round(void)
{
    drive r = drive_to((steer_v3){-20, 0, 0}, 1.0f);
    printf("20 behind: arrives after %d steps, backs at most %.4f, heading %.3f rad off +x\n", r.arrived_at, r.most_back,
           r.heading_off_start);
    CHECK(r.arrived_at > 0 && r.most_back == 0.0 && r.heading_off_start > 3.0);
}

/* Moving backwards (pushed) and sent where it should not back, it moves
 * as a unit without the gear: sent far behind it drops the speed at once
 * and turns round (it had gone on backing at its reverse speed for good);
 * sent ahead it drives there, turning at most one step's worth. */
static void pushed_backwards_where_it_should_not_back_it_drives(void)
{
    const steer_v3 back = {-0.5f, 0, 0};
    drive far = drive_from(back, (steer_v3){-20, 0, 0}, 1.0f), ahead = drive_from(back, (steer_v3){10, 0, 0}, 1.0f);
    printf("moving backwards at 0.5: sent 20 behind, backs at most %.4f and turns %.3f rad round, arrives after %d "
           "steps; sent 10 ahead, heading at most %.6f rad off +x, arrives after %d\n",
           far.most_back, far.heading_off_start, far.arrived_at, ahead.heading_off_start, ahead.arrived_at);
    CHECK(far.most_back <= 0.5 && far.heading_off_start > 3.0 && far.arrived_at > 0);
    CHECK(ahead.most_back <= 0.5 && ahead.heading_off_start <= DT * 1.0001 + 1e-6 && ahead.arrived_at > 0);
}

/* A formation's leader with the gear at the corner of a packed block of
 * its two formations (keep_apart, weak brakes), sent far behind and to the
 * left round two rocks: pushed back by a neighbour, it used to brake that
 * push for 3-4 steps without turning, drive into the neighbour again and
 * never get out (45 s). It arrives now (31.7 s; 20 s without the gear,
 * whose followers turn out of its way rather than backing). */
static void a_leader_pushed_back_in_a_packed_block_gets_out(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = 64;
    wd.keep_headings = true;
    wd.boundary = STEER_BOUNDARY_NONE;
    wd.bounds_min = (steer_v3){-20, -20, -20};
    wd.bounds_max = (steer_v3){20, 20, 20};
    steer_world *w = steer_world_create(&wd);
    steer_world_add_obstacle(w, (steer_v3){0, 0, 0}, 2.0f);
    steer_world_add_obstacle(w, (steer_v3){5, -4, 0}, 1.0f);
    steer_group_def g = steer_default_group_def();
    memset(g.weight, 0, sizeof g.weight);
    g.weight[STEER_AVOID_OBSTACLES] = 1.0f;
    g.max_speed = 3.0f;
    g.max_force = 1.5f;
    g.radius = 0.5f;
    g.neighbour_radius = 3.0f;
    g.separation_radius = 1.2f;
    g.max_turn_rate = 1.0f;
    g.reverse_speed = 1.5f;
    g.keep_apart = true;
    g.arrival_tolerance = 0.1f;
    g.departure_distance = 0.5f;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_agent_id id[16];
    for (int k = 0; k < 16; ++k) {
        id[k] = steer_world_add_agent(w, 0, (steer_v3){6.0f + 1.6f * (float)(k % 4), -3.0f + 1.6f * (float)(k / 4), 0},
                                      steer_v3_zero());
        CHECK(steer_world_set_heading(w, id[k], (steer_v3){1, 0, 0}) == STEER_OK);
    }
    steer_goal goal = {STEER_GOAL_ARRIVE, {-10, -8, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, id[0], &goal) == STEER_OK);
    goal.target = (steer_v3){10, 8, 0};
    CHECK(steer_world_set_goal(w, id[8], &goal) == STEER_OK);
    steer_v3 slots[7];
    for (int m = 0; m < 7; ++m) slots[m] = (steer_v3){-2.0f - 1.5f * (float)(m / 3), 1.5f * (float)(m % 3 - 1), 0};
    CHECK(steer_world_add_formation(w, id[0], id + 1, slots, 7) >= 0);
    CHECK(steer_world_add_formation(w, id[8], id + 9, slots, 7) >= 0);
    int arrived_at = 0;
    for (int s = 1; s <= 900 && !arrived_at; ++s) {
        CHECK(steer_world_step(w, 0.05f) == STEER_OK);
        if (steer_world_has_arrived(w, id[0])) arrived_at = s;
    }
    printf("a geared leader in a packed block, sent far behind: arrived after %.1f s\n", arrived_at * 0.05);
    CHECK(arrived_at > 0);
    steer_world_destroy(w);
}

static void behind_and_aside_its_tail_turns_to_the_point(void)
{
    const steer_v3 to = {-3, 2, 0};
    drive r = drive_to(to, 1.0f);
    printf("3 behind, 2 aside: arrives after %d steps, backs at most %.4f, sharpest turn %.5f rad (rate %.5f), "
           "%.4f from the point\n",
           r.arrived_at, r.most_back, r.sharpest, (double)DT, steer_v3_len(steer_v3_sub(r.end, to)));
    CHECK(r.arrived_at > 0 && r.most_back > 0.5 && r.most_fwd < 1e-6);
    CHECK(r.sharpest <= DT * 1.0001 + 1e-6 && r.heading_off_start > 0.2); /* the tail turned, at the rate */
    CHECK(steer_v3_len(steer_v3_sub(r.end, to)) <= 0.05f);
}

/* The same in 3D on the ground of a Y-up world (ground_plane): sent 3
 * behind and 1 aside on the ground, it backs there, its tail turning about
 * Y, its heading and velocity never leaving the ground. */
static void on_a_y_up_ground_it_backs_on_the_ground(void)
{
    steer_world *w = make_world_in(1, true, 3, STEER_UP_Y);
    steer_group_def gd = unit_def(1.0f);
    gd.ground_plane = true;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, (steer_v3){0, 2, 0}, steer_v3_zero());
    drive r = watch_drive(w, a, (steer_v3){-3, 2, 1}, 1);
    printf("Y-up ground, 3 behind and 1 aside: backs at most %.4f, arrived after %d steps, off the ground %.6f\n", r.most_back,
           r.arrived_at, r.off_ground);
    CHECK(r.most_back > 0.9 && r.most_back <= 1.0001 && r.arrived_at > 0 && r.off_ground == 0.0);
    steer_world_destroy(w);
}

/* A parked unit on its point (facing +x) and another driving at it from in
 * front, keep_apart: with the gear the parked one gives ground, backing;
 * without it it is held where it stands. Returns how far it moved back. */
static double parked_unit_pushed_from_in_front(float reverse, int workers, uint64_t *hash)
{
    steer_world *w = make_world(workers, true);
    steer_group_def gd = unit_def(reverse);
    gd.keep_apart = true;
    gd.neighbour_radius = 4.0f;
    gd.radius = 0.5f;
    gd.weight[STEER_ANTICIPATE] = 1.0f;
    gd.arrived_priority = 0.1f;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id parked = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    steer_agent_id comer = steer_world_add_agent(w, 0, (steer_v3){6, 0, 0}, steer_v3_zero());
    CHECK(steer_world_set_heading(w, comer, (steer_v3){-1, 0, 0}) == STEER_OK);
    steer_goal stay = {STEER_GOAL_ARRIVE, steer_v3_zero(), 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    steer_goal go = stay;
    go.target = (steer_v3){-6, 0, 0};
    CHECK(steer_world_set_goal(w, parked, &stay) == STEER_OK && steer_world_set_goal(w, comer, &go) == STEER_OK);
    double least_x = 0.0;
    for (int s = 0; s < 120; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, parked, &st) == STEER_OK);
        least_x = fmin(least_x, st.position.x);
    }
    if (hash) *hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return -least_x;
}

static void pushed_on_its_point_it_backs_off(void)
{
    double held = parked_unit_pushed_from_in_front(0.0f, 1, NULL), backed = parked_unit_pushed_from_in_front(1.0f, 1, NULL);
    printf("a parked unit driven at from in front: moved back %.4f without the gear, %.4f with\n", held, backed);
    CHECK(held < 1e-6 && backed > 0.05);
    uint64_t h1, h2, h4;
    parked_unit_pushed_from_in_front(1.0f, 1, &h1);
    parked_unit_pushed_from_in_front(1.0f, 2, &h2);
    parked_unit_pushed_from_in_front(1.0f, 4, &h4);
    CHECK(h1 == h2 && h2 == h4);
}

/* A snapshot keeps the field: a world restored mid-way backs as the
 * original does, and its group reads the same reverse speed. */
static void a_snapshot_keeps_the_gear(void)
{
    steer_world *w = make_world(1, true);
    steer_group_def gd = unit_def(1.0f);
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    steer_goal goal = {STEER_GOAL_ARRIVE, {-3, 1, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, a, &goal) == STEER_OK);
    for (int s = 0; s < 20; ++s) steer_world_step(w, DT);
    snap_buffer saved = snap_save(w);
    steer_world *copy = make_world(1, false);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK);
    steer_group_def back;
    CHECK(steer_world_get_group(copy, 0, &back) == STEER_OK && back.reverse_speed == 1.0f);
    for (int s = 20; s < 200; ++s) {
        steer_world_step(w, DT);
        steer_world_step(copy, DT);
    }
    CHECK(steer_world_state_hash(w) == steer_world_state_hash(copy));
    /* a snapshot of version 18, before the field, restores with no gear */
    saved.size = snap_before_reverse_speed(saved.data, saved.size, 18);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK);
    CHECK(steer_world_get_group(copy, 0, &back) == STEER_OK && back.reverse_speed == 0.0f && back.max_turn_rate == 1.0f);
    free(saved.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
}

/* A game that sets its units on the terrain after each step teleports
 * them where they stand with their own velocities (teleport_agents without
 * velocities, or teleport_agent given the velocity read back): that leaves
 * the heading as it was, so a backing unit goes on backing, bit for bit as
 * one never teleported. Before, the teleport turned its heading at once to
 * its velocity's way: it faced backwards after the first step (a half turn
 * in one step) and drove there forwards, at max_speed. */
static uint64_t backing_set_on_the_terrain(int how, double *sharpest, double *fastest)
{
    steer_world *w = make_world(1, true);
    steer_group_def gd = unit_def(1.0f);
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    CHECK(steer_world_set_heading(w, a, (steer_v3){1, 0, 0}) == STEER_OK);
    steer_goal goal = {STEER_GOAL_ARRIVE, {-3, 1, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, a, &goal) == STEER_OK);
    steer_v3 was = {1, 0, 0};
    *sharpest = *fastest = 0.0;
    for (int s = 0; s < 300; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
        if (how == 1) CHECK(steer_world_teleport_agents(w, &a, &st.position, NULL, 1, NULL) == 1);
        if (how == 2) CHECK(steer_world_teleport_agent(w, a, st.position, st.velocity) == STEER_OK);
        steer_v3 h;
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
        *sharpest = fmax(*sharpest, angle_between(was, h));
        *fastest = fmax(*fastest, steer_v3_len(st.velocity));
        was = h;
    }
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void set_on_the_terrain_it_still_backs(void)
{
    double sharpest[3], fastest[3];
    uint64_t left = backing_set_on_the_terrain(0, &sharpest[0], &fastest[0]);
    for (int how = 1; how <= 2; ++how) {
        uint64_t set = backing_set_on_the_terrain(how, &sharpest[how], &fastest[how]);
        printf("backing, teleported where it stands after each step (%s): sharpest turn %.4f rad (left alone %.4f), "
               "fastest %.4f (left alone %.4f), same bits: %s\n",
               how == 1 ? "teleport_agents, no velocities" : "teleport_agent, its own velocity", sharpest[how], sharpest[0],
               fastest[how], fastest[0], set == left ? "yes" : "no");
        CHECK(set == left);
        CHECK(sharpest[how] <= DT * 1.0001 + 1e-6 && fastest[how] <= 1.0 * 1.0001); /* the turn rate and the gear's speed */
    }
}

static void bad_gears_are_refused(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *plain = make_world(1, false);
    steer_group_def gd = unit_def(1.0f);
    EXPECT_REPORT(steer_world_add_group(plain, &gd), -1, STEER_MISUSE_GROUP_DEF_MAX_TURN_RATE, "steer_world_add_group",
                  "def->reverse_speed = 1: a reverse gear needs max_turn_rate > 0 (it is 1) and a world made with keep_headings (it is false)");
    steer_world_destroy(plain);
    steer_world *w = make_world(1, true);
    gd.max_turn_rate = 0.0f;
    EXPECT_REPORT(steer_world_add_group(w, &gd), -1, STEER_MISUSE_GROUP_DEF_MAX_TURN_RATE, "steer_world_add_group",
                  "needs max_turn_rate > 0 (it is 0)");
    gd = unit_def(-1.0f);
    EXPECT_REPORT(steer_world_add_group(w, &gd), -1, STEER_MISUSE_GROUP_DEF_MAX_TURN_RATE, "steer_world_add_group",
                  "def->reverse_speed = -1");
    gd = unit_def(NAN);
    EXPECT_REPORT(steer_world_add_group(w, &gd), -1, STEER_MISUSE_GROUP_DEF_MAX_TURN_RATE, "steer_world_add_group",
                  "def->reverse_speed = nan");
    CHECK(steer_world_group_count(w) == 0);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

/* keep_apart's giving way is not the gear: a tank (max_speed 4) driven
 * into one of its own priority parked in its way is held and steps back
 * from it at up to half the speed it asked for, whatever its reverse
 * speed (world.h's figure, 1.19; never over max_speed / 2). */
static double backs_giving_way(float reverse)
{
    steer_world *w = make_world(1, true);
    steer_group_def gd = unit_def(reverse);
    gd.max_speed = 4.0f;
    gd.max_force = 8.0f;
    gd.radius = 1.0f;
    gd.neighbour_radius = 5.0f;
    gd.max_turn_rate = 1.2f;
    gd.keep_apart = true;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, 0, (steer_v3){6, 0.3f, 0}, steer_v3_zero());
    steer_goal stay = {STEER_GOAL_ARRIVE, {6, 0.3f, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    steer_goal go = stay;
    go.target = (steer_v3){20, 0, 0};
    CHECK(steer_world_set_goal(w, b, &stay) == STEER_OK && steer_world_set_goal(w, a, &go) == STEER_OK);
    double most = 0.0;
    for (int s = 0; s < 300; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_v3 h = steer_v3_zero();
        CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
        most = fmax(most, -steer_v3_dot(st.velocity, h));
    }
    steer_world_destroy(w);
    return most;
}

static void giving_way_backs_whatever_the_gear(void)
{
    double none = backs_giving_way(0.0f), slow = backs_giving_way(0.5f), gear = backs_giving_way(1.5f);
    printf("driven into a parked one of its priority: backs at most %.4f with no gear, %.4f with 0.5, %.4f with 1.5\n",
           none, slow, gear);
    CHECK(none > 1.15 && none < 1.25 && none == slow && slow == gear);
}

int main(void)
{
    a_short_way_behind_it_backs();
    far_behind_it_turns_round();
    behind_and_aside_its_tail_turns_to_the_point();
    pushed_backwards_where_it_should_not_back_it_drives();
    a_leader_pushed_back_in_a_packed_block_gets_out();
    on_a_y_up_ground_it_backs_on_the_ground();
    pushed_on_its_point_it_backs_off();
    giving_way_backs_whatever_the_gear();
    a_snapshot_keeps_the_gear();
    set_on_the_terrain_it_still_backs();
    bad_gears_are_refused();
    return check_summary("test_world_reverse");
}
