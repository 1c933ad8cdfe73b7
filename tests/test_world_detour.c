/* The way round a rock (docs/model.md, 6.1a): an agent of a group that
 * avoids obstacles, sent to a point straight behind a solid rock, walks
 * round it and arrives, stepping to its left (the convention, as obstacle
 * avoidance's for a rock dead ahead) or round the side its goal lies on.
 * Alone it got round before the tangent too (the look-ahead's push); held
 * on the near face by others, with no heading to push from, it stood
 * there: sets_off_along_the_face is the check that tells the two apart.
 * Clusters, a rock on the move, a click on a rock, an end in front of a
 * face; a way the rock is not across is left exactly alone. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"

#define DT 0.05f
#define ROCK 2.0f
#define BODY 0.5f
#define START -10.0f

/* A point of the test's plane (a, b): the ground of each kind of world
 * (2D and Z-up: x, y; Y-up: x and -z, so that b is the ground frame's y),
 * at height h. */
static steer_v3 at(int dim, steer_up_axis up, float a, float b, float h)
{
    if (dim == 3 && up == STEER_UP_Y) return steer_v3_make(a, h, -b);
    return steer_v3_make(a, b, dim == 3 ? h : 0.0f);
}
static float plane_b(int dim, steer_up_axis up, steer_v3 p) { return dim == 3 && up == STEER_UP_Y ? -p.z : p.y; }

static steer_world *rock_world(int dim, steer_up_axis up, bool ground, float avoid_weight, bool with_rock)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = 4;
    wd.bounds_min = steer_v3_make(-20.0f, -20.0f, dim == 3 ? -20.0f : 0.0f);
    wd.bounds_max = steer_v3_make(20.0f, 20.0f, dim == 3 ? 20.0f : 0.0f);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_obstacles = true;
    steer_world *w = steer_world_create(&wd);
    if (with_rock) CHECK(steer_world_add_obstacle(w, steer_v3_zero(), ROCK) == 0);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_AVOID_OBSTACLES] = avoid_weight;
    gd.see_ahead = 2.0f;
    gd.combine = STEER_COMBINE_RUNNING_SUM;
    gd.radius = BODY, gd.max_speed = 2.0f, gd.max_force = 4.0f;
    gd.ground_plane = ground;
    CHECK(steer_world_add_group(w, &gd) == 0);
    return w;
}

typedef struct run_result {
    bool arrived;
    float side;    /* the plane's b where the agent crossed a = 0 (NaN: never) */
    float closest; /* its least distance from the rock's centre, in the plane */
} run_result;

/* One agent from (start, 0) at height h, at rest, to `goal`'s point(s), for `steps`. */
static run_result run(steer_world *w, int dim, steer_up_axis up, float start, float h, steer_goal goal, int steps)
{
    steer_agent_id id = steer_world_add_agent(w, 0, at(dim, up, start, 0.0f, h), steer_v3_zero());
    CHECK(steer_world_set_goal(w, id, &goal) == STEER_OK);
    run_result r = {false, NAN, INFINITY};
    float last_a = start;
    for (int step = 0; step < steps; ++step) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_world_get_agent(w, id, &st);
        float a = st.position.x, b = plane_b(dim, up, st.position), above = steer_v3_dot(st.position, at(dim, up, 0, 0, 1));
        r.closest = fminf(r.closest, sqrtf(a * a + b * b + (h == 0.0f ? above * above : 0.0f)));
        if (last_a < 0.0f && a >= 0.0f && isnan(r.side)) r.side = b;
        last_a = a;
    }
    r.arrived = steer_world_has_arrived(w, id);
    return r;
}

static steer_goal arrive_at(steer_v3 p) { return (steer_goal){.kind = STEER_GOAL_ARRIVE, .target = p}; }

/* Straight behind: round to the agent's left (the plane's +b), for ARRIVE,
 * SEEK and a WAYPOINTS goal's last point, in 2D, on the ground of a Z-up
 * and a Y-up world, and in free 3D round a sphere. */
static void behind_the_rock(int dim, steer_up_axis up, bool ground)
{
    const float h = ground ? 1.5f : 0.0f; /* a ground-plane agent keeps its height; a sphere's way is level with it */
    const steer_v3 end = at(dim, up, 6.0f, 0.0f, 0.0f);
    steer_v3 route[2] = {at(dim, up, -6.0f, 0.0f, h), end};
    steer_goal goals[3] = {arrive_at(end), {.kind = STEER_GOAL_SEEK, .target = end},
                           {.kind = STEER_GOAL_WAYPOINTS, .points = route, .point_count = 2}};
    const char *names[3] = {"arrive", "seek", "waypoints"};
    for (int k = 0; k < 3; ++k) {
        steer_world *w = rock_world(dim, up, ground, 1.0f, true);
        run_result r = run(w, dim, up, START, h, goals[k], 600);
        printf("behind_the_rock (%dD%s%s, %s): arrived %d, crossed at b = %.3f, closest %.3f\n", dim,
               up == STEER_UP_Y ? " Y-up" : "", ground ? " ground" : "", names[k], r.arrived, (double)r.side,
               (double)r.closest);
        if (k != 1) CHECK(r.arrived);
        CHECK(r.side > (ROCK + BODY) * 0.99f); /* round the left, clear of the rock */
        CHECK(r.closest >= (ROCK + BODY) * 0.999f);
        steer_world_destroy(w);
    }
}

/* At rest against the near face, the goal straight behind: the first step
 * sets off along the face (the tangent), not into the rock. With the
 * arrive alone pulling it in and no heading for the look-ahead to push
 * from, a unit held there by others stood pressed on the face for good. */
static void sets_off_along_the_face(int dim, steer_up_axis up, bool ground)
{
    steer_world *w = rock_world(dim, up, ground, 1.0f, true);
    const float h = ground ? 1.5f : 0.0f;
    steer_agent_id id = steer_world_add_agent(w, 0, at(dim, up, -(ROCK + BODY) - 0.01f, 0.0f, h), steer_v3_zero());
    CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = at(dim, up, 6.0f, 0.0f, 0.0f)}) ==
          STEER_OK);
    CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_agent_state st;
    steer_world_get_agent(w, id, &st);
    float in = st.velocity.x, along = plane_b(dim, up, st.velocity);
    CHECK(along > 0.0f);         /* to its left, the convention */
    CHECK(in < 0.2f * along);    /* the tangent from 0.01 off the clearance: about 0.09 of it */
    steer_world_destroy(w);
}

/* A worker sent to a point 0.05 or 0.2 in front of a big rock's face (the
 * way in slightly off its centre): on the final approach the look-ahead
 * meets only obstacles across the way to the end, so it walks in and
 * stops. With the shortened look-ahead alone, the face of a rock of radius
 * 8 still turned it aside over the last steps: it hovered 0.3 short,
 * swaying, and never arrived. */
static void ends_in_front_of_a_face(int dim, steer_up_axis up, bool ground, float rock, float gap)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim, wd.up = up, wd.capacity = 2, wd.max_dt = 1.0f / 30.0f;
    wd.bounds_min = steer_v3_make(-40.0f, -40.0f, dim == 3 ? -40.0f : 0.0f);
    wd.bounds_max = steer_v3_make(40.0f, 40.0f, dim == 3 ? 40.0f : 0.0f);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_obstacles = true;
    steer_world *w = steer_world_create(&wd);
    CHECK(steer_world_add_obstacle(w, steer_v3_zero(), rock) == 0);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_AVOID_OBSTACLES] = 3.0f;
    gd.weight[STEER_ANTICIPATE] = 1.0f; /* a unit of rts_order.json */
    gd.keep_right = 0.25f, gd.keep_apart = true, gd.neighbour_radius = 4.0f;
    gd.see_ahead = 2.0f;
    gd.combine = STEER_COMBINE_RUNNING_SUM;
    gd.radius = BODY, gd.max_speed = 3.0f, gd.max_force = 6.0f;
    gd.ground_plane = ground;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id id = steer_world_add_agent(w, 0, at(dim, up, -rock - 5.0f, 0.3f, 0.0f), steer_v3_zero());
    const steer_v3 end = at(dim, up, -rock - BODY - gap, 0.0f, 0.0f);
    CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = end}) == STEER_OK);
    int arrived_at = -1;
    for (int step = 0; step < 900 && arrived_at < 0; ++step) {
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        if (steer_world_has_arrived(w, id)) arrived_at = step;
    }
    steer_agent_state st;
    steer_world_get_agent(w, id, &st);
    printf("ends_in_front_of_a_face (%dD%s, rock %g, gap %g): arrived after %.2f s, %.3f from the end\n", dim,
           up == STEER_UP_Y ? " Y-up" : "", (double)rock, (double)gap, (double)(arrived_at + 1) / 30.0,
           (double)steer_v3_dist(st.position, end));
    CHECK(arrived_at >= 0 && arrived_at < 300); /* a straight walk of about 5 and the braking stop */
    steer_world_destroy(w);
}

/* Rocks no body passes between are one obstacle for the way round: the
 * agent goes round the cluster, not into the notch between two of them
 * (the tangent of the nearest rock alone led there, where it turned about
 * for good). Rocks of radius `r` at (0, 0) and at `spots` (in units of r),
 * the agent from (-6, start_b) to (2.5 + r, end_b); each arrives, never
 * turning its velocity about. */
static void round_a_cluster(int dim, steer_up_axis up, bool ground, float r, const float (*spots)[2], int spot_count,
                            float start_b, float end_b)
{
    steer_world *w = rock_world(dim, up, ground, 1.0f, false);
    CHECK(steer_world_add_obstacle(w, steer_v3_zero(), r) == 0);
    for (int k = 0; k < spot_count; ++k)
        CHECK(steer_world_add_obstacle(w, at(dim, up, spots[k][0] * r, spots[k][1] * r, 0.0f), r) == k + 1);
    steer_agent_id id = steer_world_add_agent(w, 0, at(dim, up, -6.0f - 2.0f * r, start_b, ground ? 1.5f : 0.0f), steer_v3_zero());
    steer_v3 end = at(dim, up, 2.5f + r, end_b, 0.0f);
    CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = end}) == STEER_OK);
    int reversals = 0, arrived_at = -1;
    steer_v3 last_v = steer_v3_zero();
    for (int step = 0; step < 1200 && arrived_at < 0; ++step) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_world_get_agent(w, id, &st);
        if (steer_v3_len(st.velocity) > 0.1f && steer_v3_len(last_v) > 0.1f && steer_v3_dot(st.velocity, last_v) < 0.0f) ++reversals;
        last_v = st.velocity;
        if (steer_world_has_arrived(w, id)) arrived_at = step;
    }
    printf("round_a_cluster (%dD%s, %d rocks of %g): arrived after %.2f s, %d reversals\n", dim,
           up == STEER_UP_Y ? " Y-up" : "", spot_count + 1, (double)r, (double)(arrived_at + 1) * (double)DT, reversals);
    CHECK(arrived_at >= 0 && reversals == 0);
    steer_world_destroy(w);
}

static void round_clusters(void)
{
    static const float touching[1][2] = {{0.0f, 2.0f}}, overlapping[1][2] = {{0.0f, 1.6f}}, narrow[1][2] = {{0.0f, 2.6f}};
    static const float triple[2][2] = {{0.0f, 2.0f}, {0.0f, -2.0f}};
    round_a_cluster(2, STEER_UP_Z, false, 1.0f, touching, 1, 1.0f, 1.0f);    /* straight at the join */
    round_a_cluster(2, STEER_UP_Z, false, 1.0f, touching, 1, 0.5f, 0.5f);
    round_a_cluster(2, STEER_UP_Z, false, 2.0f, overlapping, 1, 1.6f, 1.6f);
    round_a_cluster(2, STEER_UP_Z, false, 1.0f, narrow, 1, 1.3f, 1.3f);      /* a gap of 0.6: no room for a body of 1 */
    round_a_cluster(2, STEER_UP_Z, false, 1.0f, triple, 2, 0.3f, 0.0f);
    round_a_cluster(3, STEER_UP_Y, true, 1.0f, touching, 1, 1.0f, 1.0f);
    round_a_cluster(3, STEER_UP_Z, true, 1.0f, triple, 2, 0.3f, 0.0f);
}

/* A click on a rock (radius 8; the goal 0.1 from its centre, or 4.2 from
 * it on the far side): the agent walks round to where the goal's direction
 * from the centre meets the clearance, the nearest place it can stand,
 * and stands there. With the goal's own distance as the clearance, the
 * tangent ran almost straight into the rock: it crept round at 0.03 a
 * second and had not got there after 180 s. */
static void a_click_on_a_rock(float goal_x, float goal_y)
{
    steer_world *w = rock_world(2, STEER_UP_Z, false, 1.0f, false);
    CHECK(steer_world_add_obstacle(w, steer_v3_zero(), 8.0f) == 0);
    steer_agent_id id = steer_world_add_agent(w, 0, steer_v3_make(-13.0f, 0.3f, 0.0f), steer_v3_zero());
    const steer_v3 goal = steer_v3_make(goal_x, goal_y, 0.0f);
    CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = goal}) == STEER_OK);
    for (int step = 0; step < 600; ++step) CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_agent_state st;
    steer_world_get_agent(w, id, &st);
    steer_v3 meets = steer_v3_scale(steer_v3_normalize(goal), 8.0f + BODY);
    printf("a_click_on_a_rock (%g, %g): after 30 s %.3f from where the goal's direction meets the clearance, speed %.3f\n",
           (double)goal_x, (double)goal_y, (double)steer_v3_dist(st.position, meets), (double)steer_v3_len(st.velocity));
    CHECK(steer_v3_dist(st.position, meets) < 0.5f);
    CHECK(steer_v3_len(st.velocity) < 0.05f);
    steer_world_destroy(w);
}

/* A rock rolling across the way (radius 2, at 1 a second toward the
 * goal's side of it) is passed behind: the agent crosses the rock's line of
 * travel after it, on the side it came from. Round the goal's side, it
 * walked beside the rock the way it rolled (here 4.9 aside against 1.2;
 * the RTS review's: 11.1 against 3.3 for a rock at rest). */
static void behind_a_rolling_rock(void)
{
    steer_world *w = rock_world(2, STEER_UP_Z, false, 1.0f, false);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(0.0f, -3.0f, 0.0f), ROCK) == 0);
    CHECK(steer_world_set_obstacle_velocity(w, 0, steer_v3_make(0.0f, 1.0f, 0.0f)) == STEER_OK);
    steer_agent_id id = steer_world_add_agent(w, 0, steer_v3_make(-8.0f, 0.0f, 0.0f), steer_v3_zero());
    CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = steer_v3_make(8.0f, 0.5f, 0.0f)}) ==
          STEER_OK);
    float crossed = NAN, rock_then = NAN, widest = 0.0f;
    for (int step = 0; step < 400; ++step) {
        CHECK(steer_world_move_obstacles(w, DT) == STEER_OK);
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_world_get_agent(w, id, &st);
        widest = steer_maxf(widest, steer_absf(st.position.y));
        if (isnan(crossed) && st.position.x >= 0.0f) {
            steer_obstacle3 rock;
            CHECK(steer_world_get_obstacle(w, 0, &rock) == STEER_OK);
            crossed = st.position.y, rock_then = rock.centre.y;
        }
    }
    printf("behind_a_rolling_rock: crossed x = 0 at y %.2f with the rock's centre at y %.2f; widest %.2f aside; arrived %d\n",
           (double)crossed, (double)rock_then, (double)widest, steer_world_has_arrived(w, id));
    CHECK(crossed < rock_then); /* behind it: on the side it rolled from */
    CHECK(widest < 2.0f);       /* round the goal's side it went 4.9 aside with the rock */
    CHECK(steer_world_has_arrived(w, id));
    steer_world_destroy(w);
}

/* The side is the goal's when it is not straight behind: a target a little
 * to the right (-b) is reached round the right. */
static void round_the_goals_side(void)
{
    steer_world *w = rock_world(2, STEER_UP_Z, false, 1.0f, true);
    run_result r = run(w, 2, STEER_UP_Z, START, 0.0f, arrive_at(steer_v3_make(6.0f, -0.5f, 0.0f)), 600);
    CHECK(r.arrived);
    CHECK(r.side < -(ROCK + BODY) * 0.99f);
    steer_world_destroy(w);
}

/* The tangent is the obstacle avoiders': a group that does not avoid
 * obstacles still presses on the solid rock (the limit that stays). */
static void only_for_avoiders(void)
{
    steer_world *w = rock_world(2, STEER_UP_Z, false, 0.0f, true);
    run_result r = run(w, 2, STEER_UP_Z, START, 0.0f, arrive_at(steer_v3_make(6.0f, 0.0f, 0.0f)), 600);
    CHECK(!r.arrived);
    CHECK(isnan(r.side)); /* never got past it */
    steer_world_destroy(w);
}

/* A rock beside the way (its clearance 2.5 from a way 4 off its centre)
 * changes nothing: the same bits as a world without it. */
static void a_clear_way_is_left_alone(int dim)
{
    steer_agent_state ends[2];
    for (int with_rock = 0; with_rock < 2; ++with_rock) {
        steer_world *w = rock_world(dim, STEER_UP_Z, false, 1.0f, with_rock);
        steer_v3 end = at(dim, STEER_UP_Z, 10.0f, -4.0f, 0.0f), start = at(dim, STEER_UP_Z, -10.0f, -4.0f, 0.0f);
        steer_agent_id id = steer_world_add_agent(w, 0, start, steer_v3_zero());
        CHECK(steer_world_set_goal(w, id, &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = end}) == STEER_OK);
        for (int step = 0; step < 400; ++step) CHECK(steer_world_step(w, DT) == STEER_OK);
        CHECK(steer_world_has_arrived(w, id));
        steer_world_get_agent(w, id, &ends[with_rock]);
        steer_world_destroy(w);
    }
    CHECK(memcmp(&ends[0].position, &ends[1].position, sizeof ends[0].position) == 0);
    CHECK(memcmp(&ends[0].velocity, &ends[1].velocity, sizeof ends[0].velocity) == 0);
}

int main(void)
{
    behind_the_rock(2, STEER_UP_Z, false);
    behind_the_rock(3, STEER_UP_Z, true);
    behind_the_rock(3, STEER_UP_Y, true);
    behind_the_rock(3, STEER_UP_Z, false);
    sets_off_along_the_face(2, STEER_UP_Z, false);
    sets_off_along_the_face(3, STEER_UP_Z, true);
    sets_off_along_the_face(3, STEER_UP_Y, true);
    sets_off_along_the_face(3, STEER_UP_Z, false);
    for (int k = 0; k < 2; ++k) {
        float gap = k == 0 ? 0.05f : 0.2f;
        ends_in_front_of_a_face(2, STEER_UP_Z, false, 8.0f, gap);
        ends_in_front_of_a_face(2, STEER_UP_Z, false, 14.0f, gap);
        ends_in_front_of_a_face(3, STEER_UP_Y, true, 8.0f, gap);
    }
    round_clusters();
    behind_a_rolling_rock();
    a_click_on_a_rock(0.0f, 0.1f);
    a_click_on_a_rock(4.2f, 0.1f);
    round_the_goals_side();
    only_for_avoiders();
    a_clear_way_is_left_alone(2);
    a_clear_way_is_left_alone(3);
    return check_summary("test_world_detour");
}
