/* Solid obstacles and walls (world def solid_obstacles / solid_walls):
 * agents driven straight at them by seek (no avoidance behaviour) never end
 * a step with their centre inside an obstacle's radius + their own radius,
 * and never cross a wall segment — also when non-penetration pushes them,
 * when crowds press into a corner or aim straight through it, and when a
 * moving obstacle presses them against a wall (walls win); one put on a
 * wall's line (added, teleported, or a wall set across it) leaves it by
 * the side it is sent to, its wall feelers too. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"
#include "snapshot_bytes.h"
#include "world_scenario.h"

#define MAX_AGENTS 256
#define DT (1.0f / 30.0f)
#define STEPS WORLD_TEST_SIZE(300, 120)

typedef struct obstacle {
    float x, y, z, r;
} obstacle;

static const obstacle obstacles[] = {{0, 0, 0, 3.0f}, {8, 5, 1, 2.0f}, {-7, -6, -1, 2.5f}, {6, -8, 0, 1.5f}};
#define OBSTACLES ((int)(sizeof obstacles / sizeof obstacles[0]))

/* A clamped 40-unit box whose obstacles or walls are solid. */
static steer_world *solid_world(int dim, bool non_penetration, bool solid_obstacles, bool solid_walls)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = MAX_AGENTS;
    wd.bounds_min = steer_v3_make(-20, -20, -20);
    wd.bounds_max = steer_v3_make(20, 20, 20);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_obstacles = solid_obstacles;
    wd.solid_walls = solid_walls;
    wd.non_penetration = non_penetration;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    return w;
}

static steer_world *obstacle_world(int dim, bool non_penetration, const obstacle *obs, int count)
{
    steer_world *w = solid_world(dim, non_penetration, true, false);
    for (int i = 0; i < count; ++i)
        CHECK(steer_world_add_obstacle(w, steer_v3_make(obs[i].x, obs[i].y, obs[i].z), obs[i].r) == i);
    /* two sizes of agent, each seeking through the obstacle field */
    for (int g = 0; g < 2; ++g) {
        steer_group_def gd = steer_default_group_def();
        gd.radius = g == 0 ? 0.25f : 0.6f;
        gd.max_speed = 3.0f;
        gd.max_force = 8.0f;
        gd.weight[STEER_SEEK] = 2.0f;
        gd.target = g == 0 ? steer_v3_make(15, 1, 0) : steer_v3_make(-15, -2, 0);
        gd.weight[STEER_WANDER] = 0.5f;
        CHECK(steer_world_add_group(w, &gd) == g);
    }
    return w;
}

static double agent_radius(const steer_world *w, int group)
{
    steer_group_def gd;
    CHECK(steer_world_get_group(w, group, &gd) == STEER_OK);
    return gd.radius;
}

/* The deepest intrusion, as a fraction of reach: max(0, 1 - d / reach). */
static double worst_intrusion(const steer_world *w, int dim, const obstacle *obs, int count)
{
    steer_world_view v = steer_world_get_view(w);
    double radius[2] = {agent_radius(w, 0), agent_radius(w, 1)}, worst = 0.0;
    for (int i = 0; i < v.count; ++i)
        for (int k = 0; k < count; ++k) {
            double dx = v.px[i] - obs[k].x, dy = v.py[i] - obs[k].y, dz = dim == 3 ? v.pz[i] - obs[k].z : 0.0;
            double reach = obs[k].r + radius[v.group[i]], d = sqrt(dx * dx + dy * dy + dz * dz);
            worst = fmax(worst, 1.0 - d / reach);
        }
    return worst;
}

static void test_obstacles(int dim, bool non_penetration)
{
    steer_world *w = obstacle_world(dim, non_penetration, obstacles, OBSTACLES);
    steer_rng rng = steer_rng_make(31);
    int added = 0;
    const int agents = WORLD_TEST_SIZE(160, 60);
    while (added < agents) { /* start outside every obstacle, a few seconds' run from them */
        int g = added % 2;
        float x0 = g == 0 ? -14.0f : 6.0f;
        steer_v3 p = random_in_box(&rng, dim, steer_v3_make(x0, -10, -2), steer_v3_make(x0 + 8.0f, 10, 2));
        bool clear = true;
        for (int k = 0; k < OBSTACLES; ++k) {
            float dx = p.x - obstacles[k].x, dy = p.y - obstacles[k].y, dz = dim == 3 ? p.z - obstacles[k].z : 0.0f;
            clear = clear && sqrtf(dx * dx + dy * dy + dz * dz) > obstacles[k].r + 0.7f;
        }
        if (!clear) continue;
        CHECK(steer_world_add_agent(w, g, p, steer_v3_make(0, 0, 0)).index != 0);
        ++added;
    }
    double worst = 0.0;
    for (int s = 0; s < STEPS; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        worst = fmax(worst, worst_intrusion(w, dim, obstacles, OBSTACLES));
    }
    CHECK(worst <= 1e-5);
    /* the obstacles were in the way: agents pressed against them (within 5%) */
    steer_world_view v = steer_world_get_view(w);
    int touching = 0;
    for (int i = 0; i < v.count; ++i)
        for (int k = 0; k < OBSTACLES; ++k) {
            double dx = v.px[i] - obstacles[k].x, dy = v.py[i] - obstacles[k].y,
                   dz = dim == 3 ? v.pz[i] - obstacles[k].z : 0.0;
            touching += sqrt(dx * dx + dy * dy + dz * dz) < 1.05 * (obstacles[k].r + agent_radius(w, v.group[i]));
        }
    CHECK(touching > 0);
    printf("%dD obstacles%s: deepest intrusion %.2e of reach, %d agents touching at the end\n", dim,
           non_penetration ? " + non-penetration" : "", worst, touching);

    /* an agent teleported into an obstacle (even onto its centre) is out after one step */
    steer_agent_id inside = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0));
    steer_agent_id deep = steer_world_add_agent(w, 1, steer_v3_make(8.5f, 5.2f, 1), steer_v3_make(1, 0, 0));
    CHECK(inside.index != 0 && deep.index != 0);
    CHECK(steer_world_step(w, DT) == STEER_OK);
    CHECK(worst_intrusion(w, dim, obstacles, OBSTACLES) <= 1e-5);
    steer_world_destroy(w);
}

/* ---- walls ------------------------------------------------------------------- */
static steer_world *wall_world(int dim, bool non_penetration) { return solid_world(dim, non_penetration, false, true); }

/* A closed 10 x 10 box; eight groups inside seek targets outside it, through
 * the middle of the walls and at angles in between, or (corners) four of
 * them straight through the corners. No agent may ever be outside. */
static void test_box(int dim, bool non_penetration, bool corners)
{
    steer_world *w = wall_world(dim, non_penetration);
    steer_v3 c[4] = {steer_v3_make(-5, -5, 0), steer_v3_make(5, -5, 0), steer_v3_make(5, 5, 0), steer_v3_make(-5, 5, 0)};
    for (int i = 0; i < 4; ++i) CHECK(steer_world_add_wall(w, c[i], c[(i + 1) % 4]) == i);
    for (int g = 0; g < 8; ++g) {
        steer_group_def gd = steer_default_group_def();
        gd.radius = 0.2f;
        gd.max_speed = 4.0f;
        gd.max_force = 20.0f;
        gd.weight[STEER_SEPARATION] = gd.weight[STEER_ALIGNMENT] = gd.weight[STEER_COHESION] = 0.0f;
        gd.weight[STEER_SEEK] = 1.0f;
        /* odd groups: diagonally through a corner, or 22.5 degrees off it */
        float a = (float)g * (STEER_PI / 4.0f) + (g % 2 && !corners ? STEER_PI / 8.0f : 0.0f);
        gd.target = g % 2 ? steer_v3_make(12 * steer_cos(a), 12 * steer_sin(a), 0)
                          : steer_v3_make(15 * steer_cos(a), 15 * steer_sin(a), 3);
        CHECK(steer_world_add_group(w, &gd) == g);
    }
    steer_rng rng = steer_rng_make(8);
    const int agents = WORLD_TEST_SIZE(200, 64);
    for (int i = 0; i < agents; ++i) {
        steer_v3 p = random_in_box(&rng, dim, steer_v3_make(-4, -4, -1), steer_v3_make(4, 4, 1));
        steer_v3 v = random_in_box(&rng, 2, steer_v3_make(-4, -4, 0), steer_v3_make(4, 4, 0));
        CHECK(steer_world_add_agent(w, i % 8, p, v).index != 0);
    }
    int escaped = 0, at_wall = 0;
    for (int s = 0; s < STEPS; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_world_view v = steer_world_get_view(w);
        for (int i = 0; i < v.count; ++i) escaped += !(fabsf(v.px[i]) < 5.0f && fabsf(v.py[i]) < 5.0f);
    }
    steer_world_view v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i) at_wall += fmaxf(fabsf(v.px[i]), fabsf(v.py[i])) > 4.9f;
    CHECK(escaped == 0);
    /* They did press against the walls: more than half of those that fit
     * there. With non-penetration one row of bodies along the 40-unit
     * perimeter holds 40 / (2 x 0.2) = 100; without it they pile up. */
    int fit = non_penetration && dim == 2 ? 100 : agents;
    CHECK(at_wall > (agents < fit ? agents : fit) / 2);
    printf("%dD box%s%s: %d agent-steps outside, %d agents at a wall at the end\n", dim,
           non_penetration ? " + non-penetration" : "", corners ? ", through the corners" : "", escaped, at_wall);
    steer_world_destroy(w);
}

/* Does the move a -> b cross segment p -> q (proper crossing, in double)? */
static bool crosses(double ax, double ay, double bx, double by, double px, double py, double qx, double qy)
{
    double d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px);
    double d2 = (qx - px) * (by - py) - (qy - py) * (bx - px);
    double d3 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    double d4 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static double distance_to_segment(double x, double y, const double w[4])
{
    double dx = w[2] - w[0], dy = w[3] - w[1];
    double t = ((x - w[0]) * dx + (y - w[1]) * dy) / (dx * dx + dy * dy);
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return hypot(x - (w[0] + t * dx), y - (w[1] + t * dy));
}

/* Open walls (a slanted one and a short vertical one): agents seek across
 * them; no step's motion crosses a wall (they may go round the ends). */
static void test_open_walls(int dim)
{
    steer_world *w = wall_world(dim, true);
    const double walls[2][4] = {{0, -6, 1.5, 6}, {-6, 2, -6, 7}};
    for (int i = 0; i < 2; ++i)
        CHECK(steer_world_add_wall(w, steer_v3_make((float)walls[i][0], (float)walls[i][1], 0),
                                   steer_v3_make((float)walls[i][2], (float)walls[i][3], 0)) == i);
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.2f;
    gd.max_speed = 5.0f;
    gd.max_force = 20.0f;
    gd.weight[STEER_SEEK] = 1.0f;
    gd.target = steer_v3_make(10, 0, 0);
    CHECK(steer_world_add_group(w, &gd) == 0);
    gd.target = steer_v3_make(-12, 5, 0);
    CHECK(steer_world_add_group(w, &gd) == 1);
    steer_rng rng = steer_rng_make(12);
    enum { AGENTS = WORLD_TEST_SIZE(150, 50) };
    for (int i = 0; i < AGENTS; ++i) {
        int g = i % 2;
        float x0 = g == 0 ? -5.0f : 2.0f;
        steer_v3 p = random_in_box(&rng, dim, steer_v3_make(x0, -5, -1), steer_v3_make(x0 + 4.0f, 5, 1));
        CHECK(steer_world_add_agent(w, g, p, steer_v3_make(0, 0, 0)).index != 0);
    }
    /* positions by handle order: follow each agent through the view by slot */
    steer_agent_id ids[AGENTS];
    for (int i = 0; i < AGENTS; ++i) ids[i] = (steer_agent_id){(uint32_t)i + 1, 0, 0};
    static steer_agent_state prev[AGENTS];
    for (int i = 0; i < AGENTS; ++i) CHECK(steer_world_get_agent(w, ids[i], &prev[i]) == STEER_OK);
    int crossings = 0, blocked = 0;
    for (int s = 0; s < STEPS; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        for (int i = 0; i < AGENTS; ++i) {
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
            for (int k = 0; k < 2; ++k) {
                crossings += crosses(prev[i].position.x, prev[i].position.y, st.position.x, st.position.y,
                                     walls[k][0], walls[k][1], walls[k][2], walls[k][3]);
                blocked += distance_to_segment(st.position.x, st.position.y, walls[k]) < 0.01;
            }
            prev[i] = st;
        }
    }
    CHECK(crossings == 0);
    CHECK(blocked > AGENTS); /* agent-steps that ended against a wall: it was in the way */
    printf("%dD open walls: %d crossings, %d agent-steps ended against a wall\n", dim, crossings, blocked);
    steer_world_destroy(w);
}

/* A move through the point where two walls meet must not pass between
 * them (a regression test: with the segment parameter tested against
 * [0, 1] exactly, this move got u just below 0 on one wall and just above 1
 * on the other, and went through). */
static void test_wall_corner(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.solid_walls = true;
    steer_world *w = steer_world_create(&wd);
    CHECK(steer_world_add_wall(w, steer_v3_make(-5, -5, 0), steer_v3_make(5, -5, 0)) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(5, -5, 0), steer_v3_make(5, 5, 0)) == 1);
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_SEPARATION] = g.weight[STEER_ALIGNMENT] = g.weight[STEER_COHESION] = 0.0f; /* no force */
    g.max_speed = 10.0f;
    CHECK(steer_world_add_group(w, &g) == 0);
    /* inside, moving diagonally out through the corner (5, -5) */
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(4.99019194f, -4.99019241f, 0),
                                             steer_v3_make(0.353765965f, -0.353765488f, 0));
    CHECK(steer_world_step(w, 1.0f) == STEER_OK);
    steer_agent_state st;
    CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
    CHECK(st.position.x < 5.0f && st.position.y > -5.0f);
    steer_world_destroy(w);
}

/* A solid wall from edge to edge of a clamped box: a move that would leave
 * the box just past the wall's end, beside the edge, is clamped back into
 * the box behind the wall unless the wall is met by the move as it ends
 * (the clamped one). A unit sliding up the wall toward the corner keeps
 * its side, in 2D and 3D, with and without non-penetration (the game
 * review: 25 of 400 units through at 1/60 s). */
static void test_wall_to_the_box_edge(int dim, bool non_penetration)
{
    steer_world *w = solid_world(dim, non_penetration, false, true);
    CHECK(steer_world_add_wall(w, steer_v3_make(-10, -20, 0), steer_v3_make(-10, 20, 0)) == 0);
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f; /* no force: the velocity as given */
    g.max_speed = 10.0f;
    CHECK(steer_world_add_group(w, &g) == 0);
    /* 0.01 from the wall and 0.01 below the box's top, heading up and across:
       the first step's move meets the line x = -10 at y = 20.015, past the wall */
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(-9.99f, 19.99f, 0), steer_v3_make(-1.2f, 3, 0));
    steer_agent_id b = steer_world_add_agent(w, 0, steer_v3_make(-9.9f, 19.5f, 0), steer_v3_make(-6, 6, 0));
    int behind = 0;
    for (int s = 0; s < 60; ++s) {
        CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
        steer_agent_state sa, sb;
        CHECK(steer_world_get_agent(w, a, &sa) == STEER_OK && steer_world_get_agent(w, b, &sb) == STEER_OK);
        behind += sa.position.x < -10.0f;
        behind += sb.position.x < -10.0f;
    }
    CHECK(behind == 0);
    /* a move out of float range is refused (the agent stays and stops), as
       without solids: not clamped to the box's edge first */
    steer_agent_state before, after;
    CHECK(steer_world_get_agent(w, b, &before) == STEER_OK);
    CHECK(steer_world_teleport_agent(w, b, before.position, steer_v3_make(10, 0, 0)) == STEER_OK);
    CHECK(steer_world_step(w, 3e38f) == STEER_OK);
    CHECK(steer_world_get_agent(w, b, &after) == STEER_OK);
    CHECK(after.position.x == before.position.x && after.position.y == before.position.y);
    steer_world_destroy(w);
}

/* Walls win over a moving obstacle: a tank (an obstacle of radius 2, moved
 * by the game with its velocity declared) drives along a solid wall, 0.2
 * from it, through a line of units of radius 0.4 standing on their goals
 * between; the units anticipate it and keep apart, but have no room. The
 * obstacle's push-out once carried all twenty across the wall; none may
 * end a step there (they are overrun instead). In 2D and on the ground of a
 * Y-up world, with and without non-penetration. */
static void test_obstacle_pushes_stop_at_walls(int dim, bool non_penetration)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = STEER_UP_Y;
    wd.capacity = 32;
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.bounds_min = steer_v3_make(-40, -20, -20);
    wd.bounds_max = steer_v3_make(40, 20, 20);
    wd.solid_obstacles = wd.solid_walls = true;
    wd.non_penetration = non_penetration;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != NULL);
    if (!w) return;
    /* (a, b) on the ground: (x, y) in 2D, (x, -z) in Y-up 3D */
#define GROUND(a, b) (dim == 3 ? steer_v3_make((a), 0.0f, -(b)) : steer_v3_make((a), (b), 0.0f))
    steer_group_def gd = steer_default_group_def();
    gd.ground_plane = dim == 3;
    gd.radius = 0.4f;
    gd.max_speed = 3.0f;
    gd.max_force = 12.0f;
    gd.neighbour_radius = 5.0f;
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gd.weight[b] = 0.0f;
    gd.weight[STEER_ANTICIPATE] = gd.weight[STEER_AVOID_WALLS] = 1.0f;
    gd.combine = STEER_COMBINE_RUNNING_SUM;
    gd.keep_apart = true;
    int g = steer_world_add_group(w, &gd);
    CHECK(steer_world_add_wall(w, GROUND(-30, 0), GROUND(30, 0)) == 0);
    steer_agent_id ids[20];
    for (int i = 0; i < 20; ++i) {
        ids[i] = steer_world_add_agent(w, g, GROUND(-9.5f + (float)i, 0.5f), steer_v3_zero());
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        goal.kind = STEER_GOAL_ARRIVE;
        goal.target = GROUND(-9.5f + (float)i, 0.5f);
        CHECK(steer_world_set_goal(w, ids[i], &goal) == STEER_OK);
    }
    const float r = 2.0f, speed = 4.0f, side = 0.2f + r;
    float x = -25.0f;
    int tank = steer_world_add_obstacle(w, GROUND(x, side), r);
    CHECK(steer_world_set_obstacle_velocity(w, tank, GROUND(speed, 0)) == STEER_OK);
    int crossed = 0, overrun = 0;
    for (int s = 0; s < 450; ++s) {
        x += speed / 30.0f;
        CHECK(steer_world_set_obstacle(w, tank, GROUND(x, side), r) == STEER_OK);
        CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
        for (int i = 0; i < 20; ++i) {
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
            float across = dim == 3 ? -st.position.z : st.position.y;
            crossed += across < 0.0f;
            float dx = st.position.x - x, dy = across - side;
            overrun += dx * dx + dy * dy < (r + 0.4f) * (r + 0.4f);
        }
    }
#undef GROUND
    CHECK(crossed == 0);
    CHECK(overrun > 0); /* the scene presses as meant: the tank had to pass over units */
    if (crossed)
        fprintf(stderr, "  dim %d, non_penetration %d: %d agent-steps across the wall\n", dim, non_penetration, crossed);
    steer_world_destroy(w);
}

static bool inside_box(steer_v3 p, int dim, float lo, float hi)
{
    bool in = p.x >= lo && p.x < hi && p.y >= lo && p.y < hi;
    return dim == 3 ? in && p.z >= lo && p.z < hi : in;
}

/* A wrap box far from the origin, [-1e36, -1e36 + 5e29]: an agent at
 * x = FLT_MAX once overflowed x - lo to +Inf, and the wrap gave NaN after a
 * step reported as a success. Add, teleport and restore now wrap such a
 * position into the box (the step's rule, computed without overflow), and
 * every step keeps it finite and inside. */
static void test_far_wrap_box(int dim)
{
    const float lo = -1e36f, hi = -1e36f + 5e29f;
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 8;
    wd.bounds_min = steer_v3_make(lo, lo, lo);
    wd.bounds_max = steer_v3_make(hi, hi, hi);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return;
    steer_group_def gd = steer_default_group_def();
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_v3 far[] = {steer_v3_make(FLT_MAX, lo + 1e29f, lo), steer_v3_make(-FLT_MAX, FLT_MAX, -FLT_MAX),
                      steer_v3_make(1.0f, -1.0f, 0.0f)};
    steer_agent_id ids[3];
    for (int i = 0; i < 3; ++i) {
        ids[i] = steer_world_add_agent(w, 0, far[i], steer_v3_make(1, 0, 0));
        CHECK(ids[i].index != 0);
    }
    CHECK(steer_world_teleport_agent(w, ids[2], steer_v3_make(FLT_MAX, FLT_MAX, FLT_MAX), steer_v3_make(0, 1, 0)) ==
          STEER_OK);
    steer_agent_state st;
    for (int i = 0; i < 3; ++i) {
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        CHECK(inside_box(st.position, dim, lo, hi));
    }
    for (int s = 0; s < 3; ++s) CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    for (int i = 0; i < 3; ++i) {
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        CHECK(steer_v3_is_valid(st.position) && steer_v3_is_valid(st.velocity));
        CHECK(inside_box(st.position, dim, lo, hi));
    }
    /* A restored snapshot whose first agent sits at FLT_MAX: wrapped in too. */
    size_t size = steer_world_snapshot_size(w);
    unsigned char *snap = malloc(size);
    CHECK(steer_world_save(w, snap, size, 0) == STEER_OK);
    float big = FLT_MAX;
    memcpy(snap + snap_positions_at(size, 3, dim), &big, 4);
    snap_reseal(snap, size);
    CHECK(steer_world_restore(w, snap, size) == STEER_OK);
    steer_world_view v = steer_world_get_view(w);
    CHECK(v.count == 3 && v.px[0] >= lo && v.px[0] < hi);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i)
        CHECK(inside_box(steer_v3_make(v.px[i], v.py[i], dim == 3 ? v.pz[i] : lo), dim, lo, hi));
    free(snap);
    steer_world_destroy(w);
}

/* A ground-plane group's obstacles are upright cylinders, as walls stand:
 * an agent meets an obstacle on the ground whatever the height of either.
 * A unit at height h walks on +x straight at an obstacle of radius 2
 * centred at height 0 (seek a point past it; solid obstacles; and, in a
 * second run, avoiding it). Its path on the ground is the same bits at
 * h = 0, 1, 5 and -30 (Z-up and Y-up), it never closes on the centre, on
 * the ground, below radius + the agent's, and it gets round (seeking alone
 * it slides round the side, avoiding it steers round). (Spheres let the
 * unit at 1 in to 2.01 of 2.5 and the one at 5 straight through.) */
static void test_ground_obstacles_are_cylinders(steer_up_axis up, bool avoid)
{
    const float heights[4] = {0.0f, 1.0f, 5.0f, -30.0f};
    enum { PATH_STEPS = 480 };
    float first_path[PATH_STEPS][2];
    double worst = 1e9;
    for (int h = 0; h < 4; ++h) {
        steer_world_def wd = steer_default_world_def();
        wd.dim = 3;
        wd.up = up;
        wd.capacity = 8;
        wd.boundary = STEER_BOUNDARY_NONE;
        wd.solid_obstacles = true;
        wd.bounds_min = steer_v3_make(-50, -50, -50);
        wd.bounds_max = steer_v3_make(50, 50, 50);
        steer_world *w = steer_world_create(&wd);
        CHECK(w != 0);
        if (!w) return;
        steer_group_def gd = steer_default_group_def();
        gd.ground_plane = true;
        gd.radius = 0.5f;
        gd.weight[STEER_SEEK] = 1.0f;
        gd.weight[STEER_AVOID_OBSTACLES] = avoid ? 4.0f : 0.0f;
        gd.target = up == STEER_UP_Y ? steer_v3_make(20, 0, 0.3f) : steer_v3_make(20, 0.3f, 0);
        CHECK(steer_world_add_group(w, &gd) == 0);
        CHECK(steer_world_add_obstacle(w, steer_v3_zero(), 2.0f) == 0);
        /* ground (a, b): x and the other ground axis; the height on the up axis */
        steer_v3 start = up == STEER_UP_Y ? steer_v3_make(-10, heights[h], 0.3f) : steer_v3_make(-10, 0.3f, heights[h]);
        steer_agent_id id = steer_world_add_agent(w, 0, start, steer_v3_make(1, 0, 0));
        for (int s = 0; s < PATH_STEPS; ++s) {
            CHECK(steer_world_step(w, 1.0f / 30) == STEER_OK);
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, id, &st) == STEER_OK);
            float a = st.position.x, b = up == STEER_UP_Y ? st.position.z : st.position.y;
            float height = up == STEER_UP_Y ? st.position.y : st.position.z;
            CHECK(height == heights[h]);
            if (h == 0) first_path[s][0] = a, first_path[s][1] = b;
            else CHECK(memcmp(first_path[s], (float[2]){a, b}, sizeof first_path[s]) == 0);
            worst = fmin(worst, sqrt((double)a * a + (double)b * b));
        }
        CHECK(first_path[PATH_STEPS - 1][0] > 10.0f); /* round it, in the end */
        steer_world_destroy(w);
    }
    CHECK(worst >= 2.5 - 1e-4);
    if (!(worst >= 2.5 - 1e-4)) fprintf(stderr, "  closest on the ground %.4f (up %d, avoid %d)\n", worst, (int)up, avoid);
}

/* A door: a solid wall across a corridor, moved aside with set_wall. Shut,
 * no agent gets through; moved to lie along the corridor's side, all of
 * them do. A wall set to a place steps the same bits as one added there,
 * and clear_walls leaves no wall (the next add_wall is 0 again). */
static steer_world *corridor(bool door_open)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 32;
    wd.solid_walls = true;
    wd.boundary = STEER_BOUNDARY_NONE;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.3f;
    gd.weight[STEER_SEEK] = 1.0f;
    gd.target = steer_v3_make(12, 0, 0);
    CHECK(w && steer_world_add_group(w, &gd) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(-12, 2, 0), steer_v3_make(12, 2, 0)) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(-12, -2, 0), steer_v3_make(12, -2, 0)) == 1);
    steer_v3 a = door_open ? steer_v3_make(0, 2, 0) : steer_v3_make(0, -2, 0), b = steer_v3_make(door_open ? 4 : 0, 2, 0);
    CHECK(steer_world_add_wall(w, a, b) == 2);
    for (int i = 0; i < 20; ++i)
        steer_world_add_agent(w, 0, steer_v3_make(-8.0f + (float)(i % 5), -1.5f + 0.75f * (float)(i / 5), 0), steer_v3_zero());
    return w;
}

static int agents_past(const steer_world *w, float x)
{
    steer_world_view v = steer_world_get_view(w);
    int n = 0;
    for (int i = 0; i < v.count; ++i) n += v.px[i] > x;
    return n;
}

static void test_a_door_moved_with_set_wall(void)
{
    steer_world *w = corridor(false), *open = corridor(true);
    if (!w || !open) return;
    for (int s = 0; s < 300; ++s) CHECK(steer_world_step(w, 1.0f / 30) == STEER_OK);
    CHECK(agents_past(w, 0.0f) == 0);
    /* open it: the same world as one built open and run to here */
    CHECK(steer_world_set_wall(w, 2, steer_v3_make(0, 2, 0), steer_v3_make(4, 2, 0)) == STEER_OK);
    for (int s = 0; s < 300; ++s) CHECK(steer_world_step(open, 1.0f / 30) == STEER_OK);
    CHECK(agents_past(open, 0.0f) == 20);
    steer_world *shut_then_open = corridor(false);
    CHECK(steer_world_set_wall(shut_then_open, 2, steer_v3_make(0, 2, 0), steer_v3_make(4, 2, 0)) == STEER_OK);
    for (int s = 0; s < 300; ++s) CHECK(steer_world_step(shut_then_open, 1.0f / 30) == STEER_OK);
    CHECK(steer_world_state_hash(shut_then_open) == steer_world_state_hash(open));
    for (int s = 0; s < 300; ++s) CHECK(steer_world_step(w, 1.0f / 30) == STEER_OK);
    CHECK(agents_past(w, 0.0f) == 20);
    steer_world_clear_walls(w);
    CHECK(steer_world_wall_count(w) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(20, -5, 0), steer_v3_make(20, 5, 0)) == 0);
    for (int s = 0; s < 30; ++s) CHECK(steer_world_step(w, 1.0f / 30) == STEER_OK);
    steer_world_destroy(shut_then_open);
    steer_world_destroy(open);
    steer_world_destroy(w);
}

/* steer_world_move_obstacles: by velocity * dt; back in on a torus, off a
 * clamped face (the velocity turned), on past the bounds without one; at
 * rest untouched; a bad dt refused. */
static void test_obstacles_moved_by_their_velocity(void)
{
    const steer_boundary boundaries[3] = {STEER_BOUNDARY_CLAMP, STEER_BOUNDARY_WRAP, STEER_BOUNDARY_NONE};
    const float expected_x[3] = {15.0f, -15.0f, 25.0f}, expected_vx[3] = {-10.0f, 10.0f, 10.0f};
    for (int b = 0; b < 3; ++b) {
        steer_world *w = solid_world(2, false, true, false);
        steer_world_def def;
        CHECK(steer_world_get_def(w, &def) == STEER_OK);
        def.boundary = boundaries[b];
        steer_world_destroy(w);
        w = steer_world_create(&def);
        CHECK(steer_world_add_obstacle(w, steer_v3_make(15, 0, 0), 1.0f) == 0);
        CHECK(steer_world_add_obstacle(w, steer_v3_make(-3, 4, 0), 2.0f) == 1);
        CHECK(steer_world_set_obstacle_velocity(w, 0, steer_v3_make(10, 0, 0)) == STEER_OK);
        CHECK(steer_world_move_obstacles(w, 1.0f) == STEER_OK);
        steer_obstacle3 o, rest;
        CHECK(steer_world_get_obstacle(w, 0, &o) == STEER_OK && steer_world_get_obstacle(w, 1, &rest) == STEER_OK);
        CHECK(o.centre.x == expected_x[b] && o.centre.y == 0.0f && o.radius == 1.0f);
        CHECK(steer_world_get_obstacle_velocity(w, 0).x == expected_vx[b]);
        CHECK(rest.centre.x == -3.0f && rest.centre.y == 4.0f && rest.radius == 2.0f);
        CHECK(steer_world_move_obstacles(w, 0.0f) == STEER_OK);
        if (b == 0) { /* a move longer than the box bounces once and ends on the other face */
            CHECK(steer_world_set_obstacle_velocity(w, 0, steer_v3_make(0, 1000, 0)) == STEER_OK);
            CHECK(steer_world_move_obstacles(w, 1.0f) == STEER_OK);
            CHECK(steer_world_get_obstacle(w, 0, &o) == STEER_OK && o.centre.y == -20.0f);
        }
        int before = check_misuse_count;
        CHECK(steer_world_move_obstacles(w, -1.0f) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK(steer_world_move_obstacles(w, NAN) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK(check_misuse_count == before + 2);
        steer_world_destroy(w);
    }
}

/* An agent whose centre lies on a solid wall's line (a unit spawned or
 * teleported onto a wall drawn on the map's grid, a wall set across one)
 * has no side yet: it takes the one it is sent to. Every move from the
 * line met the wall at once before, and each such unit stood there for
 * good. */
static void test_an_agent_on_a_wall_line_leaves_it(int dim, bool keep_apart, bool avoid_walls)
{
    steer_world *w = solid_world(dim, false, false, true);
    steer_group_def gd = steer_crowd_group_def();
    gd.keep_apart = keep_apart;
    gd.weight[STEER_AVOID_WALLS] = avoid_walls ? 1.0f : 0.0f; /* its feelers start on the line too */
    CHECK(steer_world_add_group(w, &gd) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(-10, -5, 0), steer_v3_make(10, -5, 0)) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(-10, 12, 0), steer_v3_make(10, 12, 0)) == 1);
    /* running north: its left is west, where an agent at rest on it was pushed (feelers along +x) */
    CHECK(steer_world_add_wall(w, steer_v3_make(-12, -15, 0), steer_v3_make(-12, -6, 0)) == 2);
    const steer_v3 start[5] = {{0, -5, 0}, {4, -5, 0}, {0, 0, 0}, {-6, 8, 0}, {-12, -10, 0}};
    const steer_v3 to[5] = {{0, 4, 0}, {4, -14, 0}, {-4, 4, 0}, {-6, 16, 0}, {-6, -12, 0}};
    steer_agent_id ids[5];
    for (int i = 0; i < 5; ++i) CHECK((ids[i] = steer_world_add_agent(w, 0, start[i], steer_v3_zero())).index != 0);
    CHECK(steer_world_teleport_agent(w, ids[2], steer_v3_make(-4, -5, 0), steer_v3_zero()) == STEER_OK);
    CHECK(steer_world_set_wall(w, 1, steer_v3_make(-10, 8, 0), steer_v3_make(10, 8, 0)) == STEER_OK);
    for (int i = 0; i < 5; ++i) {
        steer_goal g = {STEER_GOAL_ARRIVE, to[i], 0, 0, 0, NULL, 0, 0, false, {0, 0, 0}};
        CHECK(steer_world_set_goal(w, ids[i], &g) == STEER_OK);
    }
    int arrived = 0;
    for (int s = 0; s < 600 && arrived < 5; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        arrived = 0;
        for (int i = 0; i < 5; ++i) arrived += steer_world_has_arrived(w, ids[i]);
    }
    CHECK(arrived == 5);
    if (arrived < 5)
        for (int i = 0; i < 5; ++i) {
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
            fprintf(stderr, "  on a wall line, %dD, keep_apart %d, avoid_walls %d: agent %d at (%g, %g), sent to (%g, %g)\n",
                    dim, keep_apart, avoid_walls, i, (double)st.position.x, (double)st.position.y, (double)to[i].x, (double)to[i].y);
        }
    steer_world_destroy(w);
}

int main(void)
{
    test_obstacles_moved_by_their_velocity();
    test_a_door_moved_with_set_wall();
    test_ground_obstacles_are_cylinders(STEER_UP_Z, false);
    test_ground_obstacles_are_cylinders(STEER_UP_Y, false);
    test_ground_obstacles_are_cylinders(STEER_UP_Z, true);
    test_ground_obstacles_are_cylinders(STEER_UP_Y, true);
    for (int dim = 2; dim <= 3; ++dim) {
        test_obstacles(dim, false);
        test_obstacles(dim, true);
        test_box(dim, false, false);
        test_box(dim, true, false);
        test_box(dim, true, true);
        test_open_walls(dim);
        test_far_wrap_box(dim);
    }
    test_wall_corner();
    for (int dim = 2; dim <= 3; ++dim) {
        test_wall_to_the_box_edge(dim, false);
        test_wall_to_the_box_edge(dim, true);
    }
    for (int dim = 2; dim <= 3; ++dim) {
        for (int k = 0; k < 4; ++k) test_an_agent_on_a_wall_line_leaves_it(dim, k & 1, k & 2);
    }
    for (int dim = 2; dim <= 3; ++dim) {
        test_obstacle_pushes_stop_at_walls(dim, false);
        test_obstacle_pushes_stop_at_walls(dim, true);
    }
    return check_summary("test_world_solids");
}
