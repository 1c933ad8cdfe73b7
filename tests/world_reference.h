/* A reference for one world step, built from the documentation (docs/model.md
 * §1.4, §2, §3, §6, docs/decisions.md's ground plane, world.h) and the public
 * pure functions of behaviours.h and combine.h alone, never from src/. Shared
 * by tests/test_world_behaviour_reference.c and
 * tests/test_world_predictive_reference.c (static functions: one copy each).
 *
 *   bench              a world (2D, 3D Z-up or Y-up, an optional max_dt) and the
 *                      objects a test added to it, remembered as added:
 *                      obstacles (with their declared velocities), walls, paths
 *                      (with their level copies), a flow field
 *   read_state         the state a step starts from or ends in, through the
 *                      public API only: agents, groups, goals, waypoints, and
 *                      wander's angles from the debug drawing
 *   agent_ref          one agent's view of a state: its neighbours by brute force
 *                      over every pair (nearest torus image, mask, field of
 *                      view), and what a predictive agent sees (agents within the
 *                      neighbour radius as moving discs of their groups' radii and
 *                      priorities, the obstacles within it at their velocities)
 *   behaviour_force    each behaviour as the pure function the documentation
 *                      names, a ground_plane group reading its points on the
 *                      ground; QUEUE and FOLLOW_LEADER's step aside, whose forces
 *                      the documentation does not give, are marked loose and
 *                      checked for what it does say (check_loose)
 *   reference_force    the group's combine mode (combine.h)
 *   reference_move     §1.4 and §6.2: truncation, turn limit, the ground plane,
 *                      the boundary
 *   run, finish        step the world STEPS times; before each step predict every
 *                      agent from the world's own state (in ceil(dt / max_dt)
 *                      sub-steps when max_dt splits the step), compare, report
 *
 * Tolerance: 1e-5 of max(1, |x|) on each agent's new position and velocity
 * (the test files say why that is well above rounding). */
#ifndef STEER_TESTS_WORLD_REFERENCE_H
#define STEER_TESTS_WORLD_REFERENCE_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"
#include "world_scenario.h" /* random_in_box */

#define MAX_AGENTS 96
#define MAX_GROUPS 6
#define MAX_OBJECTS 8
#define MAX_POINTS 8
#define MAX_SEEN (MAX_AGENTS + MAX_OBJECTS)
#define MAX_SUBSTEPS 8 /* a step's, at most */
#define FIELD_N 6
#define STEPS 20
#define DT 0.05f
#define TOLERANCE 1e-5
#define COMBINE_EPSILON 1e-5f /* docs/model.md §6.1: priority and dither */
#define REPORT_LIMIT 4        /* mismatches printed per check */
#define HALF_BOX 12.0f        /* the world box: [-12, 12] on each axis */
/* world.h: "an obstacle never yields: the push is all the agent's". As a
 * priority p_j: 2 p_j / (p_i + p_j) is then exactly 2 for any agent's p_i
 * (at most STEER_MAX_PRIORITY), and 2 p_j stays finite. */
#define OBSTACLE_PRIORITY 1e30f

struct state;

typedef struct bench {
    const char *name;
    steer_world *world;
    int dim;
    steer_up_axis up;
    steer_boundary boundary;
    steer_v3 lo, hi;
    float dt;     /* a step's */
    float max_dt; /* the def's sub-step guard (0: none) */
    int count;
    steer_agent_id ids[MAX_AGENTS];
    /* the world's objects, as this test added them */
    int obstacle_count, wall_count, path_count;
    steer_obstacle3 obstacles[MAX_OBJECTS];
    steer_v3 obstacle_velocity[MAX_OBJECTS];
    steer_segment3 walls[MAX_OBJECTS];
    steer_v3 path_points[2][MAX_POINTS];
    steer_v3 path_level[2][MAX_POINTS]; /* the level copies a ground_plane group follows (up coordinate 0) */
    int path_length[2];
    bool path_closed[2];
    float path_radius[2];
    bool has_field;
    steer_v3 field_origin;
    float field_cell;
    int field_size[3];
    steer_v3 field[FIELD_N * FIELD_N * FIELD_N];
    /* a test's own part of a step: prepare may change the state the reference
     * starts from (a formation's goals, placed by the step); inspect sees both
     * ends of the step */
    void (*prepare)(struct bench *b, struct state *before);
    void (*inspect)(struct bench *b, const struct state *before, const struct state *after);
    /* what the run found */
    double worst;           /* largest relative error of an agent's new state */
    int agent_steps, mismatches;
    int acting; /* agent-steps whose reference force was not zero: the check is not vacuous */
    int dither_group, dither_first;     /* the group dithering below 1, and its first behaviour */
    int dither_first_tried, dither_first_won;
    int progress_checked, progress_mismatches, arrivals_checked, arrival_mismatches, arrived;
    int loose_checked, loose_failed; /* agent-steps held to what the documentation says of a loose behaviour */
    int uncompared;                  /* agent-steps with a loose behaviour among others: not compared */
    /* that the behaviours a check is about acted, not only the rest: agent-steps
     * where one of the focus behaviours (a mask by behaviour) gave a force,
     * where keep_right changed a predictive force, where a moving obstacle or
     * an arrived_priority was in what an agent saw */
    unsigned focus;
    int focus_acting, keep_right_acting, moving_obstacle_steps, arrived_priority_steps;
    int leader_wide; /* FOLLOW_LEADER agent-steps ahead within sight, in the outer half of the path
                        (one to two radius sums off its line; see follow_leader_force) */
} bench;

/* The state a step starts from (or ends in), as the public API reports it. */
typedef struct state {
    steer_group_def group[MAX_GROUPS];
    steer_agent_state agent[MAX_AGENTS];
    steer_goal goal[MAX_AGENTS];
    steer_v3 goal_points[MAX_AGENTS][MAX_POINTS];
    bool has_angle[MAX_AGENTS];
    float wander_angle[MAX_AGENTS];
} state;

static inline steer_v2 v2_of(steer_v3 a) { return steer_v2_make(a.x, a.y); }
static inline steer_v3 v3_of(steer_v2 a) { return steer_v3_make(a.x, a.y, 0.0f); }

/* A point or vector given in the ground frame (x, y on the ground, z up), in
 * the world's frame: so a Y-up world holds the Z-up scene turned. */
static inline steer_v3 place(const bench *b, float x, float y, float z)
{
    if (b->dim == 2) return steer_v3_make(x, y, 0.0f);
    return steer_v3_from_z_up(steer_v3_make(x, y, z), b->up);
}

/* The world's up coordinate (3D): z, or y in a Y-up world. */
static inline int up_index(const bench *b) { return b->up == STEER_UP_Y ? 1 : 2; }

static inline steer_v3 drop_up(const bench *b, steer_v3 a) { return steer_v3_set(a, up_index(b), 0.0f); }

/* ---- the world and its objects --------------------------------------------- */

static inline void bench_begin_split(bench *b, const char *name, int dim, steer_up_axis up, steer_boundary boundary,
                                     float max_dt)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    b->dim = dim;
    b->up = dim == 3 ? up : STEER_UP_Z;
    b->boundary = boundary;
    b->dt = DT;
    b->max_dt = max_dt;
    b->lo = steer_v3_make(-HALF_BOX, -HALF_BOX, -HALF_BOX);
    b->hi = steer_v3_make(HALF_BOX, HALF_BOX, HALF_BOX);
    b->dither_group = -1;
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = MAX_AGENTS;
    wd.boundary = boundary;
    wd.up = b->up;
    wd.bounds_min = b->lo;
    wd.bounds_max = b->hi;
    wd.max_dt = max_dt;
    wd.seed = 77;
    b->world = steer_world_create(&wd);
    CHECK(b->world != 0);
}

static inline void bench_begin(bench *b, const char *name, int dim, steer_up_axis up, steer_boundary boundary)
{
    bench_begin_split(b, name, dim, up, boundary, 0.0f);
}

/* A group with one behaviour on (the flocking rules off). */
static inline steer_group_def only(steer_behaviour behaviour, float weight)
{
    steer_group_def g = steer_default_group_def();
    for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) g.weight[k] = 0.0f;
    g.weight[behaviour] = weight;
    return g;
}

static inline void add_group(bench *b, const steer_group_def *g, int expected)
{
    int index = steer_world_add_group(b->world, g);
    CHECK(index == expected);
}

/* count agents of `group` uniformly in the ground box +-spread around centre,
 * with velocities uniform in +-speed on each axis. */
static inline void add_agents_at(bench *b, int group, int count, steer_v3 centre, float spread, float speed, steer_rng *rng)
{
    CHECK(b->count + count <= MAX_AGENTS); /* none left out unseen */
    for (int k = 0; k < count && b->count < MAX_AGENTS; ++k) {
        steer_v3 p = random_in_box(rng, b->dim, steer_v3_make(-spread, -spread, -spread), steer_v3_make(spread, spread, spread));
        steer_v3 v = random_in_box(rng, b->dim, steer_v3_make(-speed, -speed, -speed), steer_v3_make(speed, speed, speed));
        p = steer_v3_add(place(b, p.x, p.y, p.z), centre);
        steer_agent_id id = steer_world_add_agent(b->world, group, p, place(b, v.x, v.y, v.z));
        CHECK(id.index != 0);
        b->ids[b->count++] = id;
    }
}

static inline void add_agents(bench *b, int group, int count, float spread, float speed, steer_rng *rng)
{
    add_agents_at(b, group, count, steer_v3_zero(), spread, speed, rng);
}

/* One agent at p with velocity v (world frame); returns its index in b->ids. */
static inline int add_agent(bench *b, int group, steer_v3 p, steer_v3 v)
{
    steer_agent_id id = steer_world_add_agent(b->world, group, p, v);
    CHECK(id.index != 0 && b->count < MAX_AGENTS);
    b->ids[b->count] = id;
    return b->count++;
}

/* Six obstacles; the first two 0.2 apart, too close for a body to pass
 * between (a cluster for the way round a rock, §6.1a). */
static inline void add_obstacles(bench *b)
{
    static const float at[6][4] = {{4, 1, 0.5f, 2}, {-5, -3, -1, 1.5f}, {0, -7, 2, 2.5f}, {-2, 5, 0, 1}, {7, -5, -2, 1.2f},
                                   {4, 4.2f, 0.5f, 1}};
    for (int k = 0; k < 6; ++k) {
        steer_v3 c = place(b, at[k][0], at[k][1], at[k][2]);
        CHECK(steer_world_add_obstacle(b->world, c, at[k][3]) == k);
        b->obstacles[b->obstacle_count++] = (steer_obstacle3){c, at[k][3]};
    }
}

/* The velocity ANTICIPATE and AVOID_NEIGHBOURS predict obstacle k with (the
 * world does not move it). */
static inline void set_obstacle_velocity(bench *b, int k, steer_v3 velocity)
{
    CHECK(steer_world_set_obstacle_velocity(b->world, k, velocity) == STEER_OK);
    b->obstacle_velocity[k] = b->dim == 2 ? steer_v3_make(velocity.x, velocity.y, 0.0f) : velocity;
}

static inline void add_walls(bench *b)
{
    static const float ends[5][4] = {{-8, -8, 2, -8}, {6, -4, 6, 7}, {-9, 3, -3, 9}, {-1, -1, 3, 2}, {-6, -2, -6, 1}};
    for (int k = 0; k < 5; ++k) {
        /* a wall's height is ignored: give its ends different ones */
        steer_v3 a = place(b, ends[k][0], ends[k][1], 1.0f), e = place(b, ends[k][2], ends[k][3], -2.0f);
        CHECK(steer_world_add_wall(b->world, a, e) == k);
        if (b->dim == 2) a.z = e.z = 0.0f;
        b->walls[b->wall_count++] = (steer_segment3){a, e};
    }
}

/* Path 0: open, five points; path 1: a closed loop. */
static inline void add_paths(bench *b)
{
    static const float open[5][3] = {{-9, -6, -2}, {-3, -7, 0}, {2, -2, 2}, {3, 5, 1}, {8, 8, -1}};
    static const float loop[4][3] = {{-6, -6, 1}, {6, -5, -1}, {5, 6, 2}, {-5, 5, 0}};
    for (int k = 0; k < 5; ++k) b->path_points[0][k] = place(b, open[k][0], open[k][1], open[k][2]);
    for (int k = 0; k < 4; ++k) b->path_points[1][k] = place(b, loop[k][0], loop[k][1], loop[k][2]);
    b->path_length[0] = 5;
    b->path_length[1] = 4;
    b->path_closed[1] = true;
    b->path_radius[0] = 1.0f;
    b->path_radius[1] = 1.5f;
    for (int p = 0; p < 2; ++p) {
        CHECK(steer_world_add_path(b->world, b->path_points[p], b->path_length[p], b->path_closed[p], b->path_radius[p]) == p);
        for (int k = 0; k < b->path_length[p]; ++k)
            b->path_level[p][k] = b->dim == 3 ? drop_up(b, b->path_points[p][k]) : b->path_points[p][k];
    }
    b->path_count = 2;
}

/* A swirl around the box's centre, lifting a little in 3D, on a grid of
 * 6 cells of 4 (a point outside reads the nearest edge). */
static inline void add_field(bench *b)
{
    int nz = b->dim == 3 ? FIELD_N : 1;
    b->field_origin = steer_v3_make(-10, -10, b->dim == 3 ? -10.0f : 0.0f);
    b->field_cell = 4.0f;
    b->field_size[0] = b->field_size[1] = FIELD_N;
    b->field_size[2] = nz;
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < FIELD_N; ++y)
            for (int x = 0; x < FIELD_N; ++x) {
                float cx = (float)x - 2.5f, cy = (float)y - 2.5f, lift = b->dim == 3 ? 0.2f * ((float)z - 2.5f) : 0.0f;
                b->field[(z * FIELD_N + y) * FIELD_N + x] = steer_v3_make(-0.3f * cy, 0.3f * cx, lift);
            }
    CHECK(steer_world_add_flow_field(b->world, b->field_origin, b->field_cell, FIELD_N, FIELD_N, nz, b->field) == 0);
    b->has_field = true;
}

/* ---- reading the world through its public API ------------------------------ */

/* Wander's angle, from the debug drawing: each agent (the `agent` callback)
 * is followed by its wander circle and target (the circle's centre plus the
 * angle's direction on the ground times the radius). */
typedef struct wander_reader {
    const bench *b;
    state *s;
    steer_v3 agent_at, centre;
} wander_reader;

static inline void read_agent(steer_v3 position, steer_v3 heading, float radius, uint32_t colour, void *context)
{
    (void)heading, (void)radius, (void)colour;
    ((wander_reader *)context)->agent_at = position;
}

static inline void read_circle(steer_v3 centre, float radius, uint32_t colour, void *context)
{
    (void)radius, (void)colour;
    ((wander_reader *)context)->centre = centre;
}

static inline void read_target(steer_v3 target, float size, uint32_t colour, void *context)
{
    (void)size, (void)colour;
    wander_reader *r = context;
    steer_v3 on_ground = steer_v3_sub(target, r->centre);
    if (r->b->dim == 3) on_ground = steer_v3_to_z_up(on_ground, r->b->up);
    for (int i = 0; i < r->b->count; ++i) {
        steer_v3 p = r->s->agent[i].position;
        if (p.x == r->agent_at.x && p.y == r->agent_at.y && p.z == r->agent_at.z) {
            r->s->has_angle[i] = true;
            r->s->wander_angle[i] = (float)atan2((double)on_ground.y, (double)on_ground.x);
        }
    }
}

static inline void read_state(const bench *b, state *s)
{
    int groups = steer_world_group_count(b->world);
    CHECK(groups >= 1 && groups <= MAX_GROUPS);
    for (int g = 0; g < groups && g < MAX_GROUPS; ++g) CHECK(steer_world_get_group(b->world, g, &s->group[g]) == STEER_OK);
    for (int i = 0; i < b->count; ++i) {
        CHECK(steer_world_get_agent(b->world, b->ids[i], &s->agent[i]) == STEER_OK);
        CHECK(steer_world_get_goal(b->world, b->ids[i], &s->goal[i]) == STEER_OK);
        if (s->goal[i].kind == STEER_GOAL_WAYPOINTS) {
            CHECK(steer_world_get_goal_points(b->world, b->ids[i], s->goal_points[i], MAX_POINTS) == s->goal[i].point_count);
            CHECK(s->goal[i].point_count <= MAX_POINTS);
        }
        s->has_angle[i] = false;
    }
    wander_reader reader = {b, s, {0, 0, 0}, {0, 0, 0}};
    steer_debug_draw dd;
    memset(&dd, 0, sizeof dd);
    dd.agent = read_agent;
    dd.circle = read_circle;
    dd.point = read_target;
    dd.context = &reader;
    dd.agents = true;
    dd.wander = true;
    steer_world_draw(b->world, &dd);
}

/* ---- the reference ------------------------------------------------------------ */

/* One agent's view of a sub-step's starting state. */
typedef struct agent_ref {
    const bench *b;
    const state *s;
    int i;
    const steer_group_def *g;
    float dt;               /* the sub-step's */
    steer_v3 p, v;
    const steer_goal *goal; /* NULL: none */
    const steer_v3 *points; /* its waypoints */
    int progress;           /* the goal's progress, moved on as the step should */
    float wander_angle;
    int neighbour_count; /* neighbours as offsets from the agent (their nearest images) */
    steer_v3 offset[MAX_AGENTS], velocity[MAX_AGENTS];
    steer_v2 offset2[MAX_AGENTS], velocity2[MAX_AGENTS];
    /* what a predictive agent sees, and its own priority this sub-step */
    int seen_count;
    steer_neighbour3 seen[MAX_SEEN];
    steer_neighbour2 seen2[MAX_SEEN];
    float seen_priority[MAX_SEEN];
    bool seen_obstacle[MAX_SEEN];
    int seen_agent[MAX_SEEN]; /* its index in the state (-1: an obstacle) */
    float priority;
    /* a behaviour whose force the documentation leaves open here (-1: none),
     * and what it does say (check_loose) */
    int loose;
    bool leader_either;          /* FOLLOW_LEADER: the arrive behind (leader_alternative) is allowed too */
    bool leader_wide;            /* FOLLOW_LEADER: ahead, in the outer half of the path */
    steer_v3 leader_heading, leader_lateral, leader_alternative;
    bool queue_must_brake;       /* QUEUE: every reading asks for clearly less than its speed */
    float queue_floor;           /* QUEUE: the least speed any reading brakes to */
} agent_ref;

static inline bool flat(const agent_ref *r) { return r->b->dim == 2; }
static inline bool on_ground(const agent_ref *r) { return r->b->dim == 3 && r->g->ground_plane; }

/* §6.1a: a ground_plane agent reads a point it steers for from its position
 * taken at that point's height; any other agent from where it is. */
static inline steer_v3 level_at(const agent_ref *r, steer_v3 p, steer_v3 point)
{
    if (!on_ground(r)) return p;
    return steer_v3_set(p, up_index(r->b), steer_v3_get(point, up_index(r->b)));
}

static inline steer_v3 level_with(const agent_ref *r, steer_v3 point) { return level_at(r, r->p, point); }

/* A distance to a goal's end as the group measures it: without the up part
 * on the ground (arrival, the wander's fade). */
static inline float goal_distance_sq(const bench *b, const steer_group_def *g, steer_v3 from, steer_v3 to)
{
    steer_v3 d = steer_v3_sub(to, from);
    if (b->dim == 3 && g->ground_plane) d = drop_up(b, d);
    return steer_v3_len_sq(d);
}

/* The offset from `from` to `to`'s nearest image on a torus (§6.2). */
static inline steer_v3 image_offset(const bench *b, steer_v3 from, steer_v3 to)
{
    steer_v3 d = steer_v3_sub(to, from);
    if (b->boundary != STEER_BOUNDARY_WRAP) return d;
    for (int k = 0; k < b->dim; ++k) {
        float extent = steer_v3_get(b->hi, k) - steer_v3_get(b->lo, k), c = steer_v3_get(d, k);
        if (c > 0.5f * extent) c -= extent;
        else if (c < -0.5f * extent) c += extent;
        d = steer_v3_set(d, k, c);
    }
    return d;
}

/* §6.1: 0 < d^2 < radius^2, in a group the mask names, inside the field of
 * view's cone. Kept as offsets: the flocking functions are called with the
 * agent at the origin, which spares cohesion the cancellation of averaging
 * far-away coordinates. */
static inline void find_neighbours(agent_ref *r)
{
    const steer_group_def *g = r->g;
    float radius_sq = g->neighbour_radius * g->neighbour_radius;
    steer_v3 heading = steer_v3_normalize(r->v);
    bool cone = g->field_of_view < 2.0f * STEER_PI && steer_v3_len_sq(heading) > 0.0f;
    double cos_half = cos(0.5 * (double)g->field_of_view);
    int n = 0;
    for (int j = 0; j < r->b->count; ++j) {
        const steer_agent_state *q = &r->s->agent[j];
        if (j == r->i || !((g->neighbour_mask >> q->group) & 1u)) continue;
        steer_v3 d = image_offset(r->b, r->p, q->position);
        float d2 = steer_v3_len_sq(d);
        if (!(d2 > 0.0f && d2 < radius_sq)) continue;
        if (cone && (double)steer_v3_dot(heading, d) < cos_half * sqrt((double)d2)) continue;
        r->offset[n] = d;
        r->velocity[n] = q->velocity;
        r->offset2[n] = v2_of(d);
        r->velocity2[n] = v2_of(q->velocity);
        ++n;
    }
    r->neighbour_count = n;
}

/* world.h, priority and arrived_priority: an agent that has arrived at its own
 * goal as the sub-step begins has its group's arrived_priority (when not 0) in
 * place of the group's priority (docs/model.md §6.1a). */
static inline float priority_of(const state *s, int j)
{
    const steer_group_def *g = &s->group[s->agent[j].group];
    bool arrived = s->goal[j].kind != STEER_GOAL_NONE && s->goal[j].arrived;
    return arrived && g->arrived_priority != 0.0f ? g->arrived_priority : g->priority;
}

/* world.h, predictive avoidance: the agents within neighbour_radius (and the
 * mask; at their nearest images, §6.2) as moving discs of their groups' radii
 * with their priorities, and the obstacles within it (some part of them:
 * centre nearer than neighbour_radius + its radius; where they are in the
 * box), moving at their declared velocities and never yielding. */
static inline void find_seen(agent_ref *r)
{
    const bench *b = r->b;
    const steer_group_def *g = r->g;
    float radius_sq = g->neighbour_radius * g->neighbour_radius;
    int n = 0;
    for (int j = 0; j < b->count; ++j) {
        const steer_agent_state *q = &r->s->agent[j];
        if (j == r->i || !((g->neighbour_mask >> q->group) & 1u)) continue;
        steer_v3 d = image_offset(b, r->p, q->position), vel = q->velocity;
        float d2 = steer_v3_len_sq(d);
        if (on_ground(r)) { /* world.h: within neighbour_radius on the ground and in height, met at the agent's height */
            float h = steer_v3_get(d, up_index(b));
            if (!(h * h < radius_sq)) continue;
            d = drop_up(b, d), vel = drop_up(b, vel);
            if (!(steer_v3_len_sq(d) > 0.0f || h != 0.0f)) continue; /* itself, or a twin */
            d2 = steer_v3_len_sq(d);
            if (!(d2 < radius_sq)) continue;
        } else if (!(d2 > 0.0f && d2 < radius_sq)) {
            continue;
        }
        r->seen[n] = (steer_neighbour3){steer_v3_add(r->p, d), vel, r->s->group[q->group].radius};
        r->seen_priority[n] = priority_of(r->s, j);
        r->seen_agent[n] = j;
        r->seen_obstacle[n++] = false;
    }
    for (int k = 0; k < b->obstacle_count; ++k) {
        /* world.h: to a ground_plane group an obstacle is an upright cylinder, met at the agent's height */
        steer_v3 centre = b->obstacles[k].centre;
        if (on_ground(r)) centre = steer_v3_set(centre, up_index(b), steer_v3_get(r->p, up_index(b)));
        float reach = g->neighbour_radius + b->obstacles[k].radius;
        if (!(steer_v3_dist_sq(centre, r->p) < reach * reach)) continue;
        r->seen[n] = (steer_neighbour3){centre, b->obstacle_velocity[k], b->obstacles[k].radius};
        r->seen_priority[n] = OBSTACLE_PRIORITY;
        r->seen_agent[n] = -1;
        r->seen_obstacle[n++] = true;
    }
    for (int k = 0; k < n; ++k) r->seen2[k] = (steer_neighbour2){v2_of(r->seen[k].pos), v2_of(r->seen[k].vel), r->seen[k].radius};
    r->seen_count = n;
}

/* The nearest member of `group` within chase_radius (ties: the lower slot),
 * at its nearest image (§6.1, §6.2). */
static inline bool nearest_member(const agent_ref *r, int group, steer_v3 *pos, steer_v3 *vel)
{
    float best = r->g->chase_radius * r->g->chase_radius;
    uint32_t best_slot = 0;
    bool found = false;
    for (int j = 0; j < r->b->count; ++j) {
        const steer_agent_state *q = &r->s->agent[j];
        if (j == r->i || q->group != group) continue;
        steer_v3 d = image_offset(r->b, r->p, q->position);
        float d2 = steer_v3_len_sq(d);
        uint32_t slot = r->b->ids[j].index - 1;
        if (d2 < best || (found && d2 == best && slot < best_slot)) {
            best = d2;
            best_slot = slot;
            *pos = steer_v3_add(r->p, d);
            *vel = q->velocity;
            found = true;
        }
    }
    return found;
}

static inline steer_v3 seek_force(const agent_ref *r, steer_v3 target, float speed)
{
    steer_v3 from = level_with(r, target);
    if (flat(r)) return v3_of(steer_seek2(v2_of(from), v2_of(r->v), v2_of(target), speed));
    return steer_seek3(from, r->v, target, speed);
}

/* The world's arrive (§6.1): the braking form with max_force / mass, the
 * sub-step's dt and arrival_tolerance; it gives an acceleration, and mass
 * times it is the force. */
static inline steer_arrival world_arrival(const agent_ref *r, float slow_radius)
{
    return (steer_arrival){slow_radius, r->g->max_force / r->g->mass, r->dt, r->g->arrival_tolerance};
}

static inline steer_v3 braking_arrive_force(const agent_ref *r, steer_v3 target, float speed, float slow_radius)
{
    steer_arrival arrival = world_arrival(r, slow_radius);
    steer_v3 from = level_with(r, target);
    steer_v3 accel = flat(r) ? v3_of(steer_arrive_braking2(v2_of(from), v2_of(r->v), v2_of(target), speed, &arrival))
                             : steer_arrive_braking3(from, r->v, target, speed, &arrival);
    return steer_v3_scale(accel, r->g->mass);
}

static inline steer_path2 path2_of(const bench *b, int index, steer_v2 *points)
{
    for (int k = 0; k < b->path_length[index]; ++k) points[k] = v2_of(b->path_points[index][k]);
    return (steer_path2){points, b->path_length[index], b->path_closed[index], b->path_radius[index]};
}

/* §6.1a: how far along its path a PATH goal looks for its agent moving at
 * s: twice max(path_ahead, s^2 / a, arrival_tolerance), a = max_force / mass. */
static inline float path_window(const steer_group_def *g, float s)
{
    float a = g->max_force / g->mass;
    return 2.0f * steer_maxf(steer_maxf(g->path_ahead, a > 0.0f ? s * s / a : 0.0f), g->arrival_tolerance);
}

/* §6.1a: the segment a PATH goal's agent at p, moving at `speed`, has
 * reached from `progress` (steer_path_track, both distances the window),
 * and whether the open path's end is within the window from there (it
 * counts only then). A ground_plane agent on the level path, from p at
 * height 0; a 2D one on the 2D path. */
static inline int path_reached(const bench *b, const steer_group_def *g, const steer_goal *goal, int progress, steer_v3 p,
                               float speed, bool *end_near)
{
    float window = path_window(g, speed);
    int segment = progress;
    if (b->dim == 2) {
        steer_v2 pts[MAX_POINTS];
        steer_path2 path = path2_of(b, goal->path, pts);
        (void)steer_path_track2(&path, v2_of(p), &segment, window, window, end_near);
        return segment;
    }
    bool ground = g->ground_plane;
    steer_path3 path = {ground ? b->path_level[goal->path] : b->path_points[goal->path], b->path_length[goal->path],
                        b->path_closed[goal->path], b->path_radius[goal->path]};
    (void)steer_path_track3(&path, ground ? steer_v3_set(p, up_index(b), 0.0f) : p, &segment, window, window, end_near);
    return segment;
}

/* §6.1a: whether an open PATH goal's end counts for its agent at p moving
 * at `speed`, from the goal's progress. */
static inline bool path_end_counts(const bench *b, const steer_group_def *g, const steer_goal *goal, steer_v3 p, float speed)
{
    bool near = false;
    if (b->path_closed[goal->path]) return false;
    (void)path_reached(b, g, goal, goal->progress, p, speed, &near);
    return near;
}

/* §6.1a: the point an agent's own goal aims at and stops at (or passes
 * within a radius): an ARRIVE target, the current waypoint, an open
 * path's end. */
static inline bool goal_aim(const agent_ref *r, steer_v3 *aim)
{
    const steer_goal *goal = r->goal;
    if (!goal) return false;
    if (goal->kind == STEER_GOAL_ARRIVE) {
        *aim = goal->target;
        return true;
    }
    if (goal->kind == STEER_GOAL_WAYPOINTS) {
        int n = goal->point_count, at = r->progress < 0 ? 0 : r->progress > n - 1 ? n - 1 : r->progress;
        *aim = r->points[at];
        return true;
    }
    if (goal->kind == STEER_GOAL_PATH && path_end_counts(r->b, r->g, goal, r->p, steer_v3_len(r->v))) {
        *aim = r->b->path_points[goal->path][r->b->path_length[goal->path] - 1];
        return true;
    }
    return false;
}

/* §6.1a: CONTAIN for an agent with an aim: per axis (not the up axis of a
 * ground_plane group), each face's zone is contain_margin deep, or the
 * aim's depth inside that face if less (none when the aim is on or past
 * it); within a face's zone the desired inward speed grows linearly from 0
 * to max_speed at the face; the nearer zone (by that fraction) acts (none
 * where both are equally near), and only inward: max(0, desired - v). A ground_plane group has no push along
 * its up axis (it never moves along it), with an aim or without. */
static inline steer_v3 contain_toward_aim(const agent_ref *r, steer_v3 lo, steer_v3 hi, steer_v3 aim)
{
    const float m = r->g->contain_margin, ms = r->g->max_speed;
    steer_v3 f = steer_v3_zero();
    for (int axis = 0; axis < r->b->dim; ++axis) {
        float x = steer_v3_get(r->p, axis), v = steer_v3_get(r->v, axis), at = steer_v3_get(aim, axis);
        float l = steer_v3_get(lo, axis), h = steer_v3_get(hi, axis), ml = m, mh = m;
        if (!(on_ground(r) && axis == up_index(r->b))) {
            ml = fminf(m, fmaxf(0.0f, at - l));
            mh = fminf(m, fmaxf(0.0f, h - at));
        }
        float tl = ml > 0.0f ? (l + ml - x) / ml : (x < l ? 1.0f : 0.0f);
        float th = mh > 0.0f ? (x - (h - mh)) / mh : (x > h ? 1.0f : 0.0f);
        float push = 0.0f;
        if (tl > 0.0f && tl > th) push = fmaxf(0.0f, ms * fminf(tl, 1.0f) - v);
        else if (th > 0.0f && th > tl) push = fminf(0.0f, -ms * fminf(th, 1.0f) - v); /* equal: they cancel */
        f = steer_v3_set(f, axis, push);
    }
    return on_ground(r) ? drop_up(r->b, f) : f;
}

/* Whether a wall stands across the line from p to q on the ground (walls
 * stand along the up axis; each reaches 1e-4 of its length past its ends). */
static inline bool wall_across(const bench *b, steer_v3 p, steer_v3 q)
{
    steer_v3 gp = steer_v3_to_z_up(p, b->up), gq = steer_v3_to_z_up(q, b->up);
    for (int k = 0; k < b->wall_count; ++k) {
        steer_v3 a = steer_v3_to_z_up(b->walls[k].a, b->up), e = steer_v3_to_z_up(b->walls[k].b, b->up);
        double ux = (double)e.x - a.x, uy = (double)e.y - a.y, mx = (double)gq.x - gp.x, my = (double)gq.y - gp.y;
        double denom = mx * uy - my * ux;
        if (denom == 0.0) continue;
        double apx = (double)a.x - gp.x, apy = (double)a.y - gp.y;
        double s = (apx * uy - apy * ux) / denom, u = (apx * my - apy * mx) / denom;
        if (s >= 0.0 && s <= 1.0 && u >= -1e-4 && u <= 1.0 + 1e-4) return true;
    }
    return false;
}

/* world.h, waypoint_radius: p (level with the waypoint) is past waypoint
 * `at` when beyond the plane through it square to the leg that comes in
 * (from the previous point; for the first, from goal.from, where the agent
 * stood when the goal was set) and ahead along the leg that leaves it. */
static inline bool waypoint_passed(const agent_ref *r, int at, steer_v3 p)
{
    steer_v3 came = at > 0 ? r->points[at - 1] : r->goal->from, off = steer_v3_sub(p, r->points[at]);
    return steer_v3_dot(off, steer_v3_sub(r->points[at], came)) > 0.0f &&
           steer_v3_dot(off, steer_v3_sub(r->points[at + 1], r->points[at])) > 0.0f;
}

/* §6.1a: an agent at p (level with it) is done with waypoint `at` of its
 * WAYPOINTS goal (never the last) within waypoint_radius of it or past it,
 * when no wall stands between it and the next waypoint, or else within
 * the larger of its radius and arrival_tolerance of the waypoint. */
static inline bool waypoint_done(const agent_ref *r, int at, steer_v3 p)
{
    if (at >= r->goal->point_count - 1) return false;
    float d = steer_v3_dist(p, r->points[at]);
    bool near = d < r->g->waypoint_radius;
    if (!near && !waypoint_passed(r, at, p)) return false;
    return (near && d < fmaxf(r->g->radius, r->g->arrival_tolerance)) || !wall_across(r->b, p, r->points[at + 1]);
}

/* A world path as the agent follows it: a ground_plane agent its level copy
 * (§6.1a), from its position at height 0 (level_with(r, zero)). */
static inline steer_path3 path3_of(const agent_ref *r, int index)
{
    const bench *b = r->b;
    return (steer_path3){on_ground(r) ? b->path_level[index] : b->path_points[index], b->path_length[index],
                         b->path_closed[index], b->path_radius[index]};
}

/* The behaviour of the group an agent's own goal takes the place of (§6.1a). */
static inline steer_behaviour goal_behaviour(steer_goal_kind kind)
{
    return kind == STEER_GOAL_SEEK ? STEER_SEEK : kind == STEER_GOAL_ARRIVE ? STEER_ARRIVE : STEER_FOLLOW_PATH;
}

static inline float goal_speed(const agent_ref *r)
{
    float s = r->goal->speed;
    return s > 0.0f && s < r->g->max_speed ? s : r->g->max_speed;
}

static inline float goal_slow_radius(const agent_ref *r)
{
    return r->goal->slow_radius > 0.0f ? r->goal->slow_radius : r->g->slow_radius;
}

/* §6.1a: the ground frame of the way round a rock (Z up, doubles): a 2D or
 * ground-plane agent's points and obstacles on the ground. */
static inline void ground_point(const agent_ref *r, steer_v3 v, double out[3])
{
    steer_v3 f = r->b->dim == 3 ? steer_v3_to_z_up(v, r->b->up) : v;
    bool planar = flat(r) || on_ground(r);
    out[0] = f.x, out[1] = f.y, out[2] = planar ? 0.0 : f.z;
}

/* §6.1a: whether obstacle k stands across the way from p to q (ground
 * frame), the clearance r_o + radius; *d and *clear its distance and
 * clearance, end[] the point the way is made for (q, or for a q within
 * the clearance where its direction from the centre meets it; a q on the
 * centre: never across). */
static inline bool across_ref(const agent_ref *r, int k, const double p[3], const double q[3], double *d, double *clear,
                              double end[3])
{
    double c[3], pc[3], qc[3], way[3];
    ground_point(r, r->b->obstacles[k].centre, c);
    *clear = (double)r->b->obstacles[k].radius + r->g->radius;
    for (int a = 0; a < 3; ++a) pc[a] = p[a] - c[a], qc[a] = q[a] - c[a], end[a] = q[a];
    *d = sqrt(pc[0] * pc[0] + pc[1] * pc[1] + pc[2] * pc[2]);
    double to_end = sqrt(qc[0] * qc[0] + qc[1] * qc[1] + qc[2] * qc[2]);
    if (to_end < *clear) {
        if (!(to_end > 0.0)) return false;
        for (int a = 0; a < 3; ++a) end[a] = c[a] + qc[a] * *clear / to_end;
    }
    for (int a = 0; a < 3; ++a) way[a] = end[a] - p[a];
    double length2 = way[0] * way[0] + way[1] * way[1] + way[2] * way[2];
    if (!(length2 > 0.0)) return false;
    double along = -(pc[0] * way[0] + pc[1] * way[1] + pc[2] * way[2]); /* (c - p) . way */
    if (*d <= *clear) return along > 0.0;
    double s = along / length2, near2 = 0.0;
    for (int a = 0; a < 3; ++a) near2 += (p[a] + s * way[a] - c[a]) * (p[a] + s * way[a] - c[a]);
    return s > 0.0 && s < 1.0 && near2 < *clear * *clear;
}

/* §6.1a, a cluster seen from (x, y) (the ground frame), angles from `ahead`:
 * the most counter-clockwise and clockwise of its members' tangents and how
 * far each is to its tangent point (0 from inside that member's clearance,
 * where the tangent is square to the way to the centre). */
typedef struct cluster_ref {
    double x[MAX_OBJECTS], y[MAX_OBJECTS], clear[MAX_OBJECTS];
    int count;
} cluster_ref;
typedef struct cluster_view_ref {
    double left, right, left_reach, right_reach;
} cluster_view_ref;

static inline cluster_view_ref cluster_view_from(const cluster_ref *c, double x, double y, double ax, double ay)
{
    cluster_view_ref v = {-INFINITY, INFINITY, 0.0, 0.0};
    for (int m = 0; m < c->count; ++m) {
        double ox = c->x[m] - x, oy = c->y[m] - y, d = hypot(ox, oy);
        double theta = atan2(ax * oy - ay * ox, ax * ox + ay * oy);
        double reach = d > c->clear[m] ? sqrt(d * d - c->clear[m] * c->clear[m]) : 0.0;
        double half = d > c->clear[m] ? asin(c->clear[m] / d) : acos(0.0);
        if (theta + half > v.left) v.left = theta + half, v.left_reach = reach;
        if (theta - half < v.right) v.right = theta - half, v.right_reach = reach;
    }
    return v;
}

/* §6.1a: the heading round the cluster joined to obstacle `first` (rocks
 * closer than their radii and a body's width), on the side whose walk is
 * shorter through its tangent points seen from p and from q (ties: left);
 * 0 when the rock stands alone, -1 when the cluster closes both sides. */
static inline int round_cluster_ref(const agent_ref *r, const double p[3], const double q[3], int first, double first_clear,
                                    double heading[3])
{
    const bench *b = r->b;
    const double body = r->g->radius;
    int member[MAX_OBJECTS], n = 1;
    member[0] = first;
    for (int i = 0; i < n; ++i) {
        double ci[3];
        ground_point(r, b->obstacles[member[i]].centre, ci);
        for (int k = 0; k < b->obstacle_count; ++k) {
            bool known = false;
            for (int m = 0; m < n; ++m) known = known || member[m] == k;
            double ck[3];
            ground_point(r, b->obstacles[k].centre, ck);
            if (!known && hypot(ci[0] - ck[0], ci[1] - ck[1]) < (double)b->obstacles[member[i]].radius + b->obstacles[k].radius + 2.0 * body)
                member[n++] = k;
        }
    }
    if (n == 1) return 0;
    cluster_ref c = {.count = n};
    for (int m = 0; m < n; ++m) {
        double cm[3];
        ground_point(r, b->obstacles[member[m]].centre, cm);
        c.x[m] = cm[0], c.y[m] = cm[1];
        c.clear[m] = m == 0 ? first_clear : (double)b->obstacles[member[m]].radius + body;
    }
    double apx = c.x[0] - p[0], apy = c.y[0] - p[1], aqx = c.x[0] - q[0], aqy = c.y[0] - q[1];
    double np = hypot(apx, apy), nq = hypot(aqx, aqy);
    if (np > 0.0) apx /= np, apy /= np;
    else apx = q[0] - p[0], apy = q[1] - p[1], np = hypot(apx, apy), apx /= np, apy /= np;
    if (nq > 0.0) aqx /= nq, aqy /= nq;
    else aqx = p[0] - q[0], aqy = p[1] - q[1], nq = hypot(aqx, aqy), aqx /= nq, aqy /= nq;
    cluster_view_ref vp = cluster_view_from(&c, p[0], p[1], apx, apy), vq = cluster_view_from(&c, q[0], q[1], aqx, aqy);
    bool left_open = vp.left < acos(-1.0), right_open = vp.right > -acos(-1.0);
    if (!left_open && !right_open) return -1;
    /* tangent points: from (x, y), `angle` round from the ahead, at `reach` */
#define TANGENT_POINT(x, y, ax, ay, angle, reach, out)                                                                     \
    (out)[0] = (x) + ((ax) * cos(angle) - (ay) * sin(angle)) * (reach), (out)[1] = (y) + ((ax) * sin(angle) + (ay) * cos(angle)) * (reach)
    double lp[2], lq[2], rp[2], rq[2];
    TANGENT_POINT(p[0], p[1], apx, apy, vp.left, vp.left_reach, lp);
    TANGENT_POINT(q[0], q[1], aqx, aqy, vq.right, vq.right_reach, lq);
    TANGENT_POINT(p[0], p[1], apx, apy, vp.right, vp.right_reach, rp);
    TANGENT_POINT(q[0], q[1], aqx, aqy, vq.left, vq.left_reach, rq);
#undef TANGENT_POINT
    double by_left = vp.left_reach + hypot(lp[0] - lq[0], lp[1] - lq[1]) + vq.right_reach;
    double by_right = vp.right_reach + hypot(rp[0] - rq[0], rp[1] - rq[1]) + vq.left_reach;
    double angle = left_open && (!right_open || by_left <= by_right) ? vp.left : vp.right;
    heading[0] = apx * cos(angle) - apy * sin(angle), heading[1] = apx * sin(angle) + apy * cos(angle), heading[2] = 0.0;
    return 1;
}

/* §6.1a, the way round a rock: for a group that avoids obstacles, the point
 * q an own goal steers for becomes an aim on the tangent of the nearest
 * obstacle across the way, at q's distance. In the ground frame (Z up), in
 * doubles; a 2D or ground-plane agent meets discs on the ground. */
static inline steer_v3 detour(const agent_ref *r, steer_v3 to)
{
    const bench *b = r->b;
    if (r->g->weight[STEER_AVOID_OBSTACLES] == 0.0f || b->obstacle_count == 0) return to;
    const bool planar = flat(r) || on_ground(r);
    steer_v3 qf = b->dim == 3 ? steer_v3_to_z_up(to, b->up) : to;
    double p[3], q[3], way[3];
    ground_point(r, r->p, p);
    ground_point(r, to, q);
    for (int k = 0; k < 3; ++k) way[k] = q[k] - p[k];
    double length = sqrt(way[0] * way[0] + way[1] * way[1] + way[2] * way[2]);
    double look = (double)r->g->see_ahead + (double)r->g->see_ahead_time * steer_v3_len(r->v);
    if (!(length > (double)r->g->arrival_tolerance)) return to;
    int best = -1;
    double best_gap = 0.0, best_d = 0.0, best_r = 0.0, c[3] = {0.0, 0.0, 0.0}, best_end[3] = {q[0], q[1], q[2]};
    for (int k = 0; k < b->obstacle_count; ++k) {
        double ck[3], end[3], d, clear;
        ground_point(r, b->obstacles[k].centre, ck);
        bool across = across_ref(r, k, p, q, &d, &clear, end);
        if (!(d - clear <= look) || !across) continue;
        if (best < 0 || d - clear < best_gap) {
            best = k, best_gap = d - clear, best_d = d, best_r = clear;
            for (int a = 0; a < 3; ++a) c[a] = ck[a], best_end[a] = end[a];
        }
    }
    if (best < 0) return to;
    if (best_end[0] != q[0] || best_end[1] != q[1] || best_end[2] != q[2]) { /* made for the clearance: brake there */
        for (int a = 0; a < 3; ++a) q[a] = best_end[a];
        length = sqrt((q[0] - p[0]) * (q[0] - p[0]) + (q[1] - p[1]) * (q[1] - p[1]) + (q[2] - p[2]) * (q[2] - p[2]));
    }
    double u[3], t[3], side[3];
    for (int a = 0; a < 3; ++a) u[a] = best_d > 0.0 ? (p[a] - c[a]) / best_d : -way[a] / length;
    for (int a = 0; a < 3; ++a) t[a] = q[a] - c[a];
    double tu = t[0] * u[0] + t[1] * u[1] + t[2] * u[2];
    for (int a = 0; a < 3; ++a) side[a] = t[a] - tu * u[a];
    double side_len = sqrt(side[0] * side[0] + side[1] * side[1] + side[2] * side[2]);
    if (side_len > 1e-4 * sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2])) {
        for (int a = 0; a < 3; ++a) side[a] /= side_len;
    } else { /* straight behind: the horizontal left of the way in, -u */
        side[0] = u[1], side[1] = -u[0], side[2] = 0.0;
        double n = hypot(side[0], side[1]);
        if (n > 1e-6) side[0] /= n, side[1] /= n;
        else side[0] = 0.0, side[1] = 1.0, side[2] = 0.0; /* steer_v3_any_perp's */
    }
    /* a rock on the move is passed behind: its velocity toward the side faster than 0.1 max_speed flips it */
    double moving[3];
    ground_point(r, b->obstacle_velocity[best], moving);
    if (moving[0] * side[0] + moving[1] * side[1] + moving[2] * side[2] > 0.1 * (double)r->g->max_speed)
        for (int a = 0; a < 3; ++a) side[a] = -side[a];
    double heading[3];
    if (best_d > best_r) {
        double sin_a = best_r / best_d, cos_a = sqrt(1.0 - sin_a * sin_a);
        for (int a = 0; a < 3; ++a) heading[a] = -cos_a * u[a] + sin_a * side[a];
    } else {
        for (int a = 0; a < 3; ++a) heading[a] = side[a];
    }
    if (planar && round_cluster_ref(r, p, q, best, best_r, heading) < 0) return to;
    steer_v3 aim = steer_v3_make((float)(p[0] + heading[0] * length), (float)(p[1] + heading[1] * length),
                                 planar ? qf.z : (float)(p[2] + heading[2] * length));
    return b->dim == 3 ? steer_v3_from_z_up(aim, b->up) : aim;
}

/* §6.1a: the agent's own goal. */
static inline steer_v3 goal_force(agent_ref *r)
{
    const steer_goal *goal = r->goal;
    float speed = goal_speed(r), slow = goal_slow_radius(r);
    switch (goal->kind) {
    case STEER_GOAL_SEEK: return seek_force(r, detour(r, goal->target), speed);
    case STEER_GOAL_ARRIVE: return braking_arrive_force(r, detour(r, goal->target), speed, slow);
    case STEER_GOAL_PATH: {
        /* the point max(path_ahead, s^2 / a + s dt) on, a = max_force / mass */
        float a = r->g->max_force / r->g->mass;
        float ahead = steer_maxf(r->g->path_ahead, speed * speed / a + speed * r->dt);
        /* in order from the goal's progress (moved on only after the move) */
        float window = path_window(r->g, steer_v3_len(r->v));
        int segment = goal->progress;
        bool passed_end = false;
        steer_v3 point, end;
        if (flat(r)) {
            steer_v2 pts[MAX_POINTS];
            steer_path2 path = path2_of(r->b, goal->path, pts);
            point = v3_of(steer_path_track2(&path, v2_of(r->p), &segment, window, ahead, &passed_end));
            end = r->b->path_points[goal->path][path.count - 1];
        } else {
            steer_path3 path = path3_of(r, goal->path);
            point = steer_path_track3(&path, level_with(r, steer_v3_zero()), &segment, window, ahead, &passed_end);
            end = path.points[path.count - 1];
        }
        if (passed_end) return braking_arrive_force(r, end, speed, slow);
        return seek_force(r, point, speed);
    }
    case STEER_GOAL_WAYPOINTS: {
        int n = goal->point_count, index = r->progress < 0 ? 0 : r->progress > n - 1 ? n - 1 : r->progress;
        /* a ground_plane agent level with the waypoint it reads (§6.1a) */
        if (waypoint_done(r, index, level_with(r, r->points[index]))) ++index;
        r->progress = index;
        steer_v3 aim = detour(r, r->points[index]);
        if (index == n - 1) return braking_arrive_force(r, aim, speed, slow);
        return seek_force(r, aim, speed);
    }
    case STEER_GOAL_NONE: break;
    }
    return steer_v3_zero();
}

/* §6.1a: the final approach of a goal that stops (all but SEEK): within the
 * goal's slow radius of its end (the target, an open path's end, the last
 * waypoint once it is current), *distance from it. */
static inline bool final_approach(const agent_ref *r, float *distance, float *slow)
{
    const steer_goal *goal = r->goal;
    if (!goal || goal->kind == STEER_GOAL_SEEK) return false;
    steer_v3 end;
    if (goal->kind == STEER_GOAL_ARRIVE) {
        end = goal->target;
    } else if (goal->kind == STEER_GOAL_PATH) {
        if (!path_end_counts(r->b, r->g, goal, r->p, steer_v3_len(r->v))) return false;
        end = r->b->path_points[goal->path][r->b->path_length[goal->path] - 1];
    } else {
        if (r->progress != goal->point_count - 1) return false; /* the last waypoint is not yet current */
        end = r->points[goal->point_count - 1];
    }
    *distance = on_ground(r) ? sqrtf(goal_distance_sq(r->b, r->g, r->p, end)) : steer_v3_dist(end, r->p);
    *slow = goal_slow_radius(r);
    return *distance < *slow;
}

/* §6.1a: wander fades on the final approach, from 1 at the slow radius to 0
 * at the arrival tolerance. */
static inline float wander_fade(const agent_ref *r)
{
    float d, slow, tol = r->g->arrival_tolerance;
    if (!final_approach(r, &d, &slow)) return 1.0f;
    return d > tol ? (d - tol) / (slow - tol) : 0.0f;
}

static inline bool zero_box(steer_v3 lo, steer_v3 hi)
{
    return lo.x == 0.0f && lo.y == 0.0f && lo.z == 0.0f && hi.x == 0.0f && hi.y == 0.0f && hi.z == 0.0f;
}

/* §2.23 with world.h's parameters, against what the agent sees. */
static inline steer_v3 avoid_neighbours_force(const agent_ref *r)
{
    const steer_group_def *g = r->g;
    steer_neighbour_avoidance params = {g->avoid_horizon, g->radius, g->avoid_margin, g->max_force, g->keep_right, r->b->up};
    if (flat(r)) return v3_of(steer_avoid_neighbours2(v2_of(r->p), v2_of(r->v), r->seen2, r->seen_count, &params, NULL));
    return steer_avoid_neighbours3(r->p, r->v, r->seen, r->seen_count, &params, NULL);
}

/* §2.24 with world.h's parameters and the agent's priority this sub-step;
 * on its own goal's final approach each push capped by the sub-step (dt the
 * sub-step's, the group's mass; §6.1a), elsewhere not. */
static inline steer_v3 anticipate_force(const agent_ref *r)
{
    const steer_group_def *g = r->g;
    float distance, slow;
    float step = final_approach(r, &distance, &slow) ? r->dt : 0.0f;
    steer_anticipation params = {g->anticipation_k, g->anticipation_tau0, g->avoid_horizon, g->max_force, g->radius,
                                 g->keep_right, r->priority, r->b->up, step, g->mass};
    if (flat(r)) return v3_of(steer_anticipate2(v2_of(r->p), v2_of(r->v), r->seen2, r->seen_priority, r->seen_count, &params));
    return steer_anticipate3(r->p, r->v, r->seen, r->seen_priority, r->seen_count, &params);
}

/* QUEUE (world.h; docs/scenarios.md, docs/experiments.md): brake for a slower
 * agent ahead, in the agent's path, closer than queue_distance, "to the
 * other's speed times gap / queue_distance". The documentation gives neither
 * the force nor which gap (along the heading or straight) nor which speed
 * (the other's own, or along the heading) it means, so with no agent that
 * any reading makes a blocker the force is exactly zero, and otherwise the
 * behaviour is loose: check_loose holds the world to a brake, never below
 * the least speed a reading allows, and braking when every reading allows
 * less than the agent's speed. "In its path": the strip its body sweeps,
 * a centre nearer its line than the two radii. */
static inline steer_v3 queue_force(agent_ref *r)
{
    const steer_group_def *g = r->g;
    float speed = steer_v3_len(r->v), qd = g->queue_distance, tg = g->queue_time_gap;
    if (!(speed > 0.0f) || !(qd > 0.0f || tg > 0.0f)) return steer_v3_zero();
    steer_v3 h = steer_v3_scale(r->v, 1.0f / speed);
    const float slack = 1e-4f; /* readings this near a limit count both ways */
    bool any = false, every_brakes = false;
    float floor_speed = INFINITY, most = 0.0f;
    for (int j = 0; j < r->seen_count; ++j) {
        if (r->seen_obstacle[j]) continue; /* an obstacle is not an agent to queue behind */
        steer_v3 off = steer_v3_sub(r->seen[j].pos, r->p);
        float along = steer_v3_dot(off, h), contact = g->radius + r->seen[j].radius;
        float lateral_sq = steer_v3_len_sq(off) - along * along, dist = steer_v3_len(off);
        float gap_along = along - contact, gap_straight = dist - contact;
        float other_along = steer_v3_dot(r->seen[j].vel, h), other_speed = steer_v3_len(r->seen[j].vel);
        if (!(along > 0.0f) || !(lateral_sq < contact * contact * (1.0f + slack))) continue;
        /* queue_time_gap T: the nearest ahead in the path, at any speed, "at most gap / T" */
        if (tg > 0.0f && fminf(gap_along, gap_straight) < speed * tg * (1.0f + slack)) {
            any = true;
            floor_speed = fminf(floor_speed, fmaxf(fminf(gap_along, gap_straight), 0.0f) / tg);
            most = fmaxf(most, fmaxf(fmaxf(gap_along, gap_straight), 0.0f) / tg);
            every_brakes = every_brakes || (lateral_sq < contact * contact * (1.0f - slack) &&
                                            fmaxf(gap_along, gap_straight) < speed * tg * (1.0f - slack));
        }
        if (!(qd > 0.0f)) continue;
        bool near_some = fminf(gap_along, gap_straight) < qd * (1.0f + slack);
        bool slower_some = fminf(other_along, other_speed) < speed * (1.0f + slack);
        if (!near_some || !slower_some) continue;
        any = true;
        float least = fmaxf(fminf(other_along, other_speed), 0.0f) * fmaxf(fminf(gap_along, gap_straight), 0.0f) / qd;
        float largest = fmaxf(fmaxf(other_along, other_speed), 0.0f) * fmaxf(fmaxf(gap_along, gap_straight), 0.0f) / qd;
        floor_speed = fminf(floor_speed, least);
        most = fmaxf(most, largest);
        bool surely = lateral_sq < contact * contact * (1.0f - slack) && fmaxf(gap_along, gap_straight) < qd * (1.0f - slack) &&
                      fmaxf(other_along, other_speed) < speed * (1.0f - slack);
        every_brakes = every_brakes || surely;
    }
    if (!any) return steer_v3_zero();
    r->loose = STEER_QUEUE;
    r->queue_floor = floor_speed;
    r->queue_must_brake = every_brakes && speed - most > 1e-3f * fmaxf(1.0f, speed);
    return steer_v3_zero();
}

/* FOLLOW_LEADER (world.h): arrive (the world's arrive, the braking form) at
 * the point leader_behind behind the leader, along its heading (its
 * velocity's direction); closer than leader_sight ahead of it and inside its
 * path, "closer to its line than twice the two radii", step aside out of its
 * way: the documentation gives that push no
 * size, so it is loose (check_loose: sideways, away from the line, at most
 * max_force). "Closer than leader_sight ahead" read along the heading and
 * straight: where the two disagree either outcome is allowed. The leader is
 * where it is (a bench that follows keeps its leader off a torus's seam).
 * leader_wide counts the agent-steps in the outer half of the path (one to
 * two radius sums off the line), where a path as wide as contact alone
 * would have them arrive behind instead. */
static inline steer_v3 follow_leader_force(agent_ref *r)
{
    const steer_group_def *g = r->g;
    int leader = -1;
    for (int j = 0; j < r->b->count; ++j)
        if (r->b->ids[j].index == g->leader.index && r->b->ids[j].generation == g->leader.generation) leader = j;
    if (leader < 0 || leader == r->i) return steer_v3_zero(); /* world.h: a removed leader gives no force */
    const steer_agent_state *l = &r->s->agent[leader];
    steer_v3 heading = steer_v3_normalize(l->velocity);
    CHECK(steer_v3_len_sq(heading) > 0.0f); /* a standing leader's behind and path: not documented */
    steer_v3 behind = steer_v3_sub(l->position, steer_v3_scale(heading, g->leader_behind));
    steer_v3 arrive = braking_arrive_force(r, behind, g->max_speed, g->slow_radius);
    steer_v3 off = steer_v3_sub(r->p, l->position);
    float along = steer_v3_dot(off, heading), contact = g->radius + r->s->group[l->group].radius, half_width = 2.0f * contact;
    steer_v3 lateral = steer_v3_sub(off, steer_v3_scale(heading, along));
    float lateral_sq = steer_v3_len_sq(lateral), half_width_sq = half_width * half_width;
    bool ahead = along > 0.0f && along < g->leader_sight;
    r->leader_wide = ahead && !(lateral_sq < contact * contact) && lateral_sq < half_width_sq;
    if (!(ahead && lateral_sq < half_width_sq)) return arrive;
    r->loose = STEER_FOLLOW_LEADER;
    r->leader_either = !(steer_v3_len(off) < g->leader_sight);
    r->leader_heading = heading;
    r->leader_lateral = lateral;
    r->leader_alternative = arrive;
    return steer_v3_zero();
}

/* One behaviour's force for the agent, unweighted (§6.1). */
static inline steer_v3 behaviour_force(agent_ref *r, int behaviour)
{
    const bench *b = r->b;
    const steer_group_def *g = r->g;
    const float ms = g->max_speed;
    const steer_v2 p2 = v2_of(r->p), v2 = v2_of(r->v);
    const int n = r->neighbour_count;
    switch ((steer_behaviour)behaviour) {
    case STEER_SEPARATION:
        if (flat(r))
            return v3_of(g->desired_forms ? steer_separation_desired2(steer_v2_zero(), v2, r->offset2, n, g->separation_radius, ms)
                                          : steer_separation2(steer_v2_zero(), r->offset2, n, g->separation_radius));
        return g->desired_forms ? steer_separation_desired3(steer_v3_zero(), r->v, r->offset, n, g->separation_radius, ms)
                                : steer_separation3(steer_v3_zero(), r->offset, n, g->separation_radius);
    case STEER_ALIGNMENT:
        if (flat(r))
            return v3_of(g->desired_forms ? steer_alignment_desired2(v2, r->velocity2, n, ms) : steer_alignment2(v2, r->velocity2, n));
        return g->desired_forms ? steer_alignment_desired3(r->v, r->velocity, n, ms) : steer_alignment3(r->v, r->velocity, n);
    case STEER_COHESION:
        if (flat(r)) return v3_of(steer_cohesion2(steer_v2_zero(), v2, r->offset2, n, ms));
        return steer_cohesion3(steer_v3_zero(), r->v, r->offset, n, ms);
    case STEER_SEEK:
        if (r->goal) return goal_force(r);
        return seek_force(r, g->target, ms);
    case STEER_ARRIVE:
        if (r->goal) return goal_force(r);
        if (g->chapter_arrive)
            return flat(r) ? v3_of(steer_arrive2(p2, v2, v2_of(g->target), ms, g->slow_radius))
                           : steer_arrive3(level_with(r, g->target), r->v, g->target, ms, g->slow_radius);
        return braking_arrive_force(r, g->target, ms, g->slow_radius);
    case STEER_FOLLOW_PATH:
        if (r->goal) return goal_force(r);
        if (flat(r)) {
            steer_v2 pts[MAX_POINTS];
            steer_path2 path = path2_of(b, g->path, pts);
            return v3_of(steer_follow_path2(p2, v2, &path, g->path_predict, g->path_ahead, ms));
        } else {
            steer_path3 path = path3_of(r, g->path);
            return steer_follow_path3(level_with(r, steer_v3_zero()), r->v, &path, g->path_predict, g->path_ahead, ms);
        }
    case STEER_FLEE:
        if (flat(r)) return v3_of(steer_flee2(p2, v2, v2_of(g->threat), ms, g->panic_distance));
        return steer_flee3(level_at(r, r->p, g->threat), r->v, g->threat, ms, g->panic_distance); /* on the ground */
    case STEER_PURSUE:
    case STEER_EVADE: {
        bool pursue = behaviour == STEER_PURSUE;
        steer_v3 tp, tv;
        if (!nearest_member(r, pursue ? g->pursue_group : g->evade_group, &tp, &tv)) return steer_v3_zero();
        if (flat(r))
            return v3_of(pursue ? steer_pursue2(p2, v2, v2_of(tp), v2_of(tv), ms, g->max_prediction)
                                : steer_evade2(p2, v2, v2_of(tp), v2_of(tv), ms, g->max_prediction, g->panic_distance));
        if (on_ground(r)) tv = drop_up(r->b, tv); /* read on the ground: level with it, its velocity level */
        steer_v3 p = level_at(r, r->p, tp);
        return pursue ? steer_pursue3(p, r->v, tp, tv, ms, g->max_prediction)
                      : steer_evade3(p, r->v, tp, tv, ms, g->max_prediction, g->panic_distance);
    }
    case STEER_WANDER: {
        /* the angle the world turned to this step (read back), no draw of our own */
        float angle = r->wander_angle;
        steer_wander_params params = g->wander;
        params.up = b->up;
        steer_v3 f = flat(r) ? v3_of(steer_wander2(p2, v2, &angle, &params, ms, r->dt, NULL, NULL, NULL))
                             : steer_wander3(r->p, r->v, &angle, &params, ms, r->dt, NULL, NULL, NULL);
        return steer_v3_scale(f, wander_fade(r));
    }
    case STEER_AVOID_OBSTACLES: {
        /* §6.1a: the look-ahead shortens on the final approach as the wander fades */
        float fade = wander_fade(r);
        float see_ahead = (g->see_ahead + g->see_ahead_time * steer_v3_len(r->v)) * fade;
        steer_avoid_params params = {see_ahead, g->radius, g->max_force, 0.0f, 0.0f, b->up};
        /* §6.1a: on the final approach, only the obstacles across the way to the end */
        int use[MAX_OBJECTS], n = 0;
        steer_v3 end;
        bool filter = fade < 1.0f && goal_aim(r, &end);
        double p[3] = {0.0, 0.0, 0.0}, q[3] = {0.0, 0.0, 0.0}, d, clear, made_for[3];
        if (filter) ground_point(r, r->p, p), ground_point(r, end, q);
        for (int k = 0; k < b->obstacle_count; ++k)
            if (!filter || across_ref(r, k, p, q, &d, &clear, made_for)) use[n++] = k;
        if (flat(r)) {
            steer_obstacle2 obstacles[MAX_OBJECTS];
            for (int k = 0; k < n; ++k)
                obstacles[k] = (steer_obstacle2){v2_of(b->obstacles[use[k]].centre), b->obstacles[use[k]].radius};
            return v3_of(steer_avoid_obstacles2(p2, v2, obstacles, n, &params, NULL));
        }
        steer_obstacle3 level[MAX_OBJECTS];
        for (int k = 0; k < n; ++k) { /* upright cylinders on the ground: the agent and the obstacles taken there */
            steer_v3 c = b->obstacles[use[k]].centre;
            level[k] = (steer_obstacle3){on_ground(r) ? drop_up(b, c) : c, b->obstacles[use[k]].radius};
        }
        return steer_avoid_obstacles3(on_ground(r) ? drop_up(b, r->p) : r->p, r->v, level, n, &params, NULL);
    }
    case STEER_AVOID_WALLS:
    case STEER_FOLLOW_WALL: {
        steer_wall_feelers feelers = g->feelers;
        steer_wall_follow_params follow = g->wall_follow;
        feelers.up = follow.up = b->up;
        feelers.length *= wander_fade(r), feelers.whisker_length *= wander_fade(r); /* §6.1a, as the wander */
        if (flat(r)) {
            steer_segment2 walls[MAX_OBJECTS];
            for (int k = 0; k < b->wall_count; ++k) walls[k] = (steer_segment2){v2_of(b->walls[k].a), v2_of(b->walls[k].b)};
            return v3_of(behaviour == STEER_AVOID_WALLS ? steer_avoid_walls2(p2, v2, walls, b->wall_count, &feelers, NULL)
                                                        : steer_follow_wall2(p2, v2, walls, b->wall_count, &follow, ms));
        }
        return behaviour == STEER_AVOID_WALLS ? steer_avoid_walls3(r->p, r->v, b->walls, b->wall_count, &feelers, NULL)
                                              : steer_follow_wall3(r->p, r->v, b->walls, b->wall_count, &follow, ms);
    }
    case STEER_CONTAIN: {
        steer_v3 lo = g->contain_min, hi = g->contain_max;
        if (zero_box(lo, hi)) lo = b->lo, hi = b->hi; /* a zero box: the world's bounds */
        steer_v3 aim;
        if (goal_aim(r, &aim)) return contain_toward_aim(r, lo, hi, aim);
        if (flat(r)) return v3_of(steer_contain2(p2, v2, (steer_box2){v2_of(lo), v2_of(hi)}, g->contain_margin, ms));
        steer_v3 f = steer_contain3(r->p, r->v, (steer_box3){lo, hi}, g->contain_margin, ms);
        return on_ground(r) ? drop_up(b, f) : f; /* no push along the axis it never moves along */
    }
    case STEER_FOLLOW_FLOW: {
        if (flat(r)) {
            steer_v2 vectors[FIELD_N * FIELD_N];
            for (int k = 0; k < FIELD_N * FIELD_N; ++k) vectors[k] = v2_of(b->field[k]);
            steer_flow_field2 field = {v2_of(b->field_origin), b->field_cell, FIELD_N, FIELD_N, 1, vectors};
            return v3_of(steer_follow_flow2(p2, v2, &field, g->flow_predict, ms));
        }
        steer_flow_field3 field = {b->field_origin, b->field_cell, b->field_size[0], b->field_size[1], b->field_size[2], b->field};
        return steer_follow_flow3(r->p, r->v, &field, g->flow_predict, ms);
    }
    case STEER_AVOID_NEIGHBOURS: return avoid_neighbours_force(r);
    case STEER_ANTICIPATE: return anticipate_force(r);
    case STEER_QUEUE: return queue_force(r);
    case STEER_FOLLOW_LEADER: return follow_leader_force(r);
    case STEER_BEHAVIOUR_COUNT: break;
    }
    CHECK(!"behaviour the reference does not model");
    return steer_v3_zero();
}

/* The agent's behaviours in priority (enum) order with their weights; an
 * agent with its own goal has it in the place of SEEK, ARRIVE and FOLLOW_PATH,
 * weighted by its group's weight for it, or 1 (§6.1a). */
static inline int active_behaviours(const agent_ref *r, int *list, float *weight)
{
    int n = 0, own = r->goal ? (int)goal_behaviour(r->goal->kind) : -1;
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) {
        float w = r->g->weight[b];
        if (r->goal && (b == STEER_SEEK || b == STEER_ARRIVE || b == STEER_FOLLOW_PATH)) {
            if (b != own) continue;
            if (w == 0.0f) w = 1.0f;
        }
        if (w == 0.0f) continue;
        list[n] = b;
        weight[n++] = w;
    }
    return n;
}

typedef struct dither_context {
    agent_ref *r;
    const int *list;
} dither_context;

static inline steer_v3 dither_evaluate3(int index, void *context)
{
    dither_context *c = context;
    return behaviour_force(c->r, c->list[index]);
}

static inline steer_v2 dither_evaluate2(int index, void *context) { return v2_of(dither_evaluate3(index, context)); }

static inline float any_draw(void *context)
{
    (void)context;
    return 0.5f; /* only probabilities of 1 reach here: every draw tries */
}

/* §3: the group's combine mode over its behaviours. Dither only with every
 * probability at least 1 (no draw decides anything); below 1 see
 * dither_outcomes. */
static inline steer_v3 reference_force(agent_ref *r)
{
    int list[STEER_BEHAVIOUR_COUNT];
    float weight[STEER_BEHAVIOUR_COUNT], probability[STEER_BEHAVIOUR_COUNT];
    int n = active_behaviours(r, list, weight);
    const float mf = r->g->max_force;
    if (r->g->combine == STEER_COMBINE_DITHER) {
        for (int k = 0; k < n; ++k) probability[k] = r->g->probability[list[k]];
        dither_context c = {r, list};
        if (flat(r))
            return v3_of(steer_dither2(dither_evaluate2, &c, weight, probability, n, COMBINE_EPSILON, mf, any_draw, NULL, NULL));
        return steer_dither3(dither_evaluate3, &c, weight, probability, n, COMBINE_EPSILON, mf, any_draw, NULL, NULL);
    }
    steer_v3 force[STEER_BEHAVIOUR_COUNT];
    steer_v2 force2[STEER_BEHAVIOUR_COUNT];
    for (int k = 0; k < n; ++k) {
        force[k] = behaviour_force(r, list[k]);
        force2[k] = v2_of(force[k]);
    }
    switch (r->g->combine) {
    case STEER_COMBINE_BLEND:
        return flat(r) ? v3_of(steer_blend2(force2, weight, n, mf)) : steer_blend3(force, weight, n, mf);
    case STEER_COMBINE_PRIORITY:
        return flat(r) ? v3_of(steer_priority2(force2, weight, n, COMBINE_EPSILON, mf, NULL))
                       : steer_priority3(force, weight, n, COMBINE_EPSILON, mf, NULL);
    case STEER_COMBINE_RUNNING_SUM:
        return flat(r) ? v3_of(steer_running_sum2(force2, weight, n, mf)) : steer_running_sum3(force, weight, n, mf);
    case STEER_COMBINE_DITHER: break;
    }
    return steer_v3_zero();
}

/* §3.4 with the draws unknown: the forces a dither can end with, in order
 * (each behaviour tried or not, the first tried one longer than epsilon
 * winning); outcome_behaviour[k] is outcome k's behaviour (-1: none won). */
static inline int dither_outcomes(agent_ref *r, steer_v3 *outcome, int *outcome_behaviour)
{
    int list[STEER_BEHAVIOUR_COUNT];
    float weight[STEER_BEHAVIOUR_COUNT];
    int n = active_behaviours(r, list, weight), count = 0;
    for (int k = 0; k < n; ++k) {
        float p = r->g->probability[list[k]];
        if (!(p > 0.0f)) continue;
        steer_v3 f = steer_v3_scale(behaviour_force(r, list[k]), weight[k] / p);
        if (!(steer_v3_len_sq(f) > COMBINE_EPSILON * COMBINE_EPSILON)) continue;
        outcome_behaviour[count] = list[k];
        outcome[count++] = steer_v3_truncate(f, r->g->max_force);
        if (p >= 1.0f) return count; /* always tried: nothing after it can win */
    }
    outcome_behaviour[count] = -1;
    outcome[count++] = steer_v3_zero();
    return count;
}

/* §1.4 and §6.2: integrate with truncation and the turn limit, move, then the
 * boundary. A ground_plane group (docs/decisions.md) drops the up part of the
 * force after its truncation and of the new velocity after its own. */
static inline void reference_move(const bench *b, const steer_group_def *g, float dt, steer_v3 p, steer_v3 v, steer_v3 f,
                                  steer_v3 *out_p, steer_v3 *out_v)
{
    const float turn = g->max_turn_rate * dt;
    const bool ground = b->dim == 3 && g->ground_plane;
    steer_v3 nv;
    if (b->dim == 2) {
        steer_v2 f2 = steer_v2_truncate(v2_of(f), g->max_force);
        steer_v2 n2 = steer_v2_truncate(steer_v2_make(v.x + f2.x / g->mass * dt, v.y + f2.y / g->mass * dt), g->max_speed);
        steer_v2 heading = steer_v2_normalize(v2_of(v));
        float speed = steer_v2_len(n2);
        if (turn > 0.0f && speed > 0.0f && steer_v2_len_sq(heading) > 0.0f) {
            steer_v2 way = steer_turn_toward2(heading, n2, turn), unit = steer_v2_direction(n2, NULL);
            if (way.x != unit.x || way.y != unit.y) /* bound: its part along, braking at most max_force, never faster than asked */
                speed = steer_maxf(steer_maxf(steer_v2_dot(n2, way), steer_minf(steer_v2_len(v2_of(v)) - g->max_force / g->mass * dt, speed)),
                                   steer_minf(1e-3f * g->max_speed, speed)); /* a crawl, not a stop */
            n2 = steer_v2_scale(way, speed);
        }
        nv = v3_of(n2);
    } else {
        steer_v3 f3 = steer_v3_truncate(f, g->max_force);
        if (ground) f3 = drop_up(b, f3);
        nv = steer_v3_truncate(steer_v3_make(v.x + f3.x / g->mass * dt, v.y + f3.y / g->mass * dt, v.z + f3.z / g->mass * dt),
                               g->max_speed);
        if (ground) nv = drop_up(b, nv);
        steer_v3 heading = steer_v3_normalize(v);
        float speed = steer_v3_len(nv);
        if (turn > 0.0f && speed > 0.0f && steer_v3_len_sq(heading) > 0.0f) {
            steer_v3 way = steer_turn_toward3(heading, nv, turn), unit = steer_v3_direction(nv, NULL);
            if (way.x != unit.x || way.y != unit.y || way.z != unit.z)
                speed = steer_maxf(steer_maxf(steer_v3_dot(nv, way), steer_minf(steer_v3_len(v) - g->max_force / g->mass * dt, speed)),
                                   steer_minf(1e-3f * g->max_speed, speed));
            nv = steer_v3_scale(way, speed);
        }
    }
    for (int k = 0; k < b->dim; ++k) {
        float x = steer_v3_get(p, k) + steer_v3_get(nv, k) * dt, vk = steer_v3_get(nv, k);
        float lo = steer_v3_get(b->lo, k), hi = steer_v3_get(b->hi, k);
        if (b->boundary == STEER_BOUNDARY_WRAP) {
            if (x < lo) x += hi - lo;
            else if (x >= hi) x -= hi - lo;
        } else if (b->boundary == STEER_BOUNDARY_CLAMP) {
            if (x < lo) {
                x = lo;
                if (vk < 0.0f) vk = 0.0f;
            } else if (x > hi) {
                x = hi;
                if (vk > 0.0f) vk = 0.0f;
            }
        }
        p = steer_v3_set(p, k, x);
        nv = steer_v3_set(nv, k, vk);
    }
    *out_p = p;
    *out_v = nv;
}

static inline void agent_ref_init(agent_ref *r, const bench *b, const state *s, int i, float dt)
{
    r->b = b;
    r->s = s;
    r->i = i;
    r->g = &s->group[s->agent[i].group];
    r->dt = dt;
    r->p = s->agent[i].position;
    r->v = s->agent[i].velocity;
    r->goal = s->goal[i].kind != STEER_GOAL_NONE ? &s->goal[i] : NULL;
    r->points = s->goal_points[i];
    r->progress = s->goal[i].progress;
    r->wander_angle = 0.0f;
    r->loose = -1;
    r->leader_wide = false;
    r->priority = priority_of(s, i);
    find_neighbours(r);
    find_seen(r);
}

/* world.h, steer_goal.progress: WAYPOINTS, the current waypoint, which moves
 * on (once a step, never past the last) when the agent is done with it
 * (waypoint_done) where it stands after its move; PATH, the segment it has
 * reached from its progress after its move (path_reached). A ground_plane agent measures
 * both as its goal's force does: level with the waypoint, on the level path. */
static inline int progress_after_move(const agent_ref *r, steer_v3 p, steer_v3 v)
{
    const steer_goal *goal = r->goal;
    if (goal->kind == STEER_GOAL_PATH) {
        bool near;
        if (r->b->dim == 2) v.z = 0.0f;
        return path_reached(r->b, r->g, goal, goal->progress, p, steer_v3_len(v), &near);
    }
    int n = goal->point_count, at = goal->progress < 0 ? 0 : goal->progress > n - 1 ? n - 1 : goal->progress;
    if (waypoint_done(r, at, level_at(r, p, r->points[at]))) ++at;
    return at;
}

/* ---- comparing ------------------------------------------------------------------ */

/* The larger of the position's and the velocity's error, each relative to
 * max(1, |reference|); the same point across a torus's seam is no error. */
static inline double relative_error(const bench *b, steer_v3 ref_p, steer_v3 ref_v, const steer_agent_state *world)
{
    double dp = 0.0, dv = 0.0;
    for (int k = 0; k < b->dim; ++k) {
        double e = fabs((double)steer_v3_get(world->position, k) - (double)steer_v3_get(ref_p, k));
        if (b->boundary == STEER_BOUNDARY_WRAP) e = fmin(e, fabs(e - (double)(steer_v3_get(b->hi, k) - steer_v3_get(b->lo, k))));
        dp = fmax(dp, e);
        dv = fmax(dv, fabs((double)steer_v3_get(world->velocity, k) - (double)steer_v3_get(ref_v, k)));
    }
    double e = fmax(dp / fmax(1.0, (double)steer_v3_len(ref_p)), dv / fmax(1.0, (double)steer_v3_len(ref_v)));
    return e == e ? e : INFINITY;
}

static inline void report_mismatch(bench *b, int step, int i, const state *before, const steer_agent_state *world, steer_v3 ref_p,
                                   steer_v3 ref_v, double error)
{
    if (++b->mismatches > REPORT_LIMIT) return;
    const steer_agent_state *a = &before->agent[i];
    printf("  MISMATCH %s step %d agent %d (slot %u, group %d, goal kind %d): error %.3g\n", b->name, step, i,
           b->ids[i].index - 1, a->group, (int)before->goal[i].kind, error);
    printf("    from p (%.7g, %.7g, %.7g) v (%.7g, %.7g, %.7g)\n", a->position.x, a->position.y, a->position.z, a->velocity.x,
           a->velocity.y, a->velocity.z);
    printf("    world     p (%.7g, %.7g, %.7g) v (%.7g, %.7g, %.7g)\n", world->position.x, world->position.y, world->position.z,
           world->velocity.x, world->velocity.y, world->velocity.z);
    printf("    reference p (%.7g, %.7g, %.7g) v (%.7g, %.7g, %.7g)\n", ref_p.x, ref_p.y, ref_p.z, ref_v.x, ref_v.y, ref_v.z);
}

/* §6.1a: arrived after the move when within arrival_tolerance of the goal's
 * last point (on the ground for a ground_plane group) and, but for SEEK, no
 * faster than arrival_speed; a closed path never ends. One that had arrived
 * stays so within a departure_distance larger than the tolerance. */
static inline bool expect_arrived(const bench *b, const state *s, int i, const steer_agent_state *now)
{
    const steer_goal *goal = &s->goal[i];
    const steer_group_def *g = &s->group[now->group];
    steer_v3 end;
    switch (goal->kind) {
    case STEER_GOAL_SEEK:
    case STEER_GOAL_ARRIVE: end = goal->target; break;
    case STEER_GOAL_PATH: { /* near from where the move took it, as its progress moves on */
        bool near = false;
        if (b->path_closed[goal->path]) return false;
        steer_v3 v = now->velocity;
        if (b->dim == 2) v.z = 0.0f;
        (void)path_reached(b, g, goal, goal->progress, now->position, steer_v3_len(v), &near);
        if (!near) return false;
        end = b->path_points[goal->path][b->path_length[goal->path] - 1];
        break;
    }
    case STEER_GOAL_WAYPOINTS: end = s->goal_points[i][goal->point_count - 1]; break;
    default: return false;
    }
    float tol = g->arrival_tolerance, speed = g->arrival_speed, d2 = goal_distance_sq(b, g, now->position, end);
    bool near = d2 <= tol * tol;
    if (near && (goal->kind == STEER_GOAL_SEEK || steer_v3_len_sq(now->velocity) <= speed * speed)) return true;
    return goal->arrived && g->departure_distance > tol && d2 <= g->departure_distance * g->departure_distance;
}

/* A loose behaviour (QUEUE, FOLLOW_LEADER's step aside) held to what the
 * documentation says of it, on the change of velocity the world's step gave,
 * dv = v' - v, which is the weighted force times dt / m (§1.4) while the new
 * speed is below max_speed and the boundary did not stop the agent. Only a
 * group with that behaviour alone, blended, in a step without sub-steps:
 * elsewhere the agent-step is counted as not compared. The unweighted
 * behaviour's dv is dv / weight unless the blend's max_force truncated it.
 * Velocities within 1e-5 of max(1, |v|) count as equal, as in the comparison. */
static inline bool check_loose(bench *b, const agent_ref *r, int behaviours, int step, const steer_agent_state *world)
{
    const steer_group_def *g = r->g;
    steer_v3 dv = steer_v3_sub(world->velocity, r->v), moved = steer_v3_add(r->p, steer_v3_scale(world->velocity, r->dt));
    bool invertible = behaviours == 1 && g->combine == STEER_COMBINE_BLEND && steer_v3_len(world->velocity) < g->max_speed * 0.999f &&
                      steer_v3_dist(moved, world->position) < 1e-5f * fmaxf(1.0f, steer_v3_len(moved));
    if (!invertible) {
        ++b->uncompared;
        return false;
    }
    const float tol = 1e-5f * fmaxf(1.0f, steer_v3_len(r->v)), most = g->max_force * r->dt / g->mass;
    const float weight = g->weight[r->loose];
    const bool truncated = steer_v3_len(dv) >= most * (1.0f - 1e-5f);
    bool ok;
    const char *what;
    if (r->loose == STEER_FOLLOW_LEADER) {
        /* a push away from the leader's line, across its heading (for a
         * ground_plane agent the up part of that push is dropped, so only the
         * side is known), of at most max_force */
        bool across = on_ground(r) || fabsf(steer_v3_dot(dv, r->leader_heading)) <= tol;
        ok = across && steer_v3_dot(dv, steer_v3_normalize(r->leader_lateral)) >= -tol && steer_v3_len(dv) <= most + tol &&
             steer_v3_len(dv) > tol;
        if (!ok && r->leader_either) {
            steer_v3 p, v;
            reference_move(b, g, r->dt, r->p, r->v, steer_v3_scale(r->leader_alternative, weight), &p, &v);
            ok = relative_error(b, p, v, world) <= TOLERANCE;
        }
        what = "not a step aside out of the leader's way";
    } else {
        /* a brake: along -heading, never speeding up; unweighted, to no less
         * than the least speed a reading allows; some brake where every
         * reading allows clearly less than the agent's speed */
        steer_v3 h = steer_v3_normalize(r->v);
        float speed = steer_v3_len(r->v), along = steer_v3_dot(dv, h);
        float side = steer_v3_len(steer_v3_sub(dv, steer_v3_scale(h, along)));
        bool above_floor = truncated || speed + along / weight >= r->queue_floor - tol;
        ok = along <= tol && side <= tol && above_floor && (!r->queue_must_brake || along < -tol);
        what = "not a brake to the speed allowed behind a slower agent";
    }
    b->acting += steer_v3_len(dv) > tol;
    if (ok) {
        ++b->loose_checked;
    } else if (++b->loose_failed <= REPORT_LIMIT) {
        printf("  LOOSE %s step %d agent %d (group %d): %s; v (%.7g, %.7g, %.7g) -> (%.7g, %.7g, %.7g)\n", b->name, step, r->i,
               r->s->agent[r->i].group, what, r->v.x, r->v.y, r->v.z, world->velocity.x, world->velocity.y, world->velocity.z);
    }
    return true;
}

/* The number of sub-steps a step of dt runs (§6.2). */
static inline int substep_count(const bench *b)
{
    if (!(b->max_dt > 0.0f) || !(b->dt > b->max_dt)) return 1;
    return (int)ceilf(b->dt / b->max_dt);
}

/* The focus behaviours' share of the work, from one agent's view (see bench). */
static inline void count_focus(bench *b, agent_ref *r)
{
    bool acted = false, biased = false, moving = false, arrived = r->priority != r->g->priority;
    for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) {
        if (!((b->focus >> k) & 1u) || r->g->weight[k] == 0.0f) continue;
        steer_v3 f = behaviour_force(r, k);
        acted = acted || steer_v3_len_sq(f) > 0.0f;
        if ((k == STEER_ANTICIPATE || k == STEER_AVOID_NEIGHBOURS) && r->g->keep_right > 0.0f) {
            steer_group_def unbiased = *r->g;
            const steer_group_def *own = r->g;
            unbiased.keep_right = 0.0f;
            r->g = &unbiased;
            steer_v3 f0 = behaviour_force(r, k);
            r->g = own;
            biased = biased || steer_v3_dist(f, f0) > 1e-3f * r->g->max_force;
        }
    }
    for (int j = 0; j < r->seen_count; ++j) {
        moving = moving || (r->seen_obstacle[j] && steer_v3_len_sq(r->seen[j].vel) > 0.0f);
        arrived = arrived || (!r->seen_obstacle[j] && r->seen_priority[j] != r->s->group[r->s->agent[r->seen_agent[j]].group].priority);
    }
    b->focus_acting += acted;
    b->keep_right_acting += biased;
    b->moving_obstacle_steps += moving;
    b->arrived_priority_steps += arrived;
}

/* One sub-step of the reference: every agent of `from` moved by dt into `to`
 * (positions, velocities, goals' progress and arrival). With the world's
 * state after the step (a step of one sub-step) it also reads the wander
 * angle the world turned to, picks the dither outcome the world took and
 * checks loose behaviours; acted[i] says whether agent i's force was not
 * zero in any sub-step so far (the first starts it afresh). */
static inline void reference_substep(bench *b, int step, bool first, const state *from, float dt, const state *world_after,
                                     state *to, bool *acted)
{
    static agent_ref r;
    if (to != from) memcpy(to, from, sizeof *to);
    for (int i = 0; i < b->count; ++i) {
        agent_ref_init(&r, b, from, i, dt);
        const steer_group_def *g = r.g;
        if (first && b->focus) count_focus(b, &r);
        const steer_agent_state *world = world_after ? &world_after->agent[i] : NULL;
        if (g->weight[STEER_WANDER] != 0.0f) {
            if (world_after) {
                /* the angle this step turned to; jitter 0: the one before, which must stay */
                CHECK(from->has_angle[i] && world_after->has_angle[i]);
                double turned = remainder((double)world_after->wander_angle[i] - (double)from->wander_angle[i], 2.0 * (double)STEER_PI);
                CHECK(fabs(turned) <= (double)g->wander.jitter * b->dt + 1e-5);
                r.wander_angle = g->wander.jitter == 0.0f ? from->wander_angle[i] : world_after->wander_angle[i];
            } else {
                /* in sub-steps only a wander that never turns is known */
                CHECK(g->wander.jitter == 0.0f && from->has_angle[i]);
                r.wander_angle = from->wander_angle[i];
            }
        }
        steer_v3 ref_p = steer_v3_zero(), ref_v = steer_v3_zero(), force;
        if (g->combine == STEER_COMBINE_DITHER && from->agent[i].group == b->dither_group) {
            /* the world's result must be one of the outcomes its draws allow */
            if (!world_after) CHECK(!"a dither below 1 in sub-steps");
            steer_v3 outcome[STEER_BEHAVIOUR_COUNT + 1];
            int outcome_behaviour[STEER_BEHAVIOUR_COUNT + 1];
            int count = dither_outcomes(&r, outcome, outcome_behaviour), best = 0;
            double error = INFINITY;
            for (int k = 0; k < count && world; ++k) {
                steer_v3 p, v;
                reference_move(b, g, dt, r.p, r.v, outcome[k], &p, &v);
                double e = relative_error(b, p, v, world);
                if (e < error) error = e, best = k, ref_p = p, ref_v = v;
            }
            force = outcome[best];
            if (count > 1 && outcome_behaviour[0] == b->dither_first) {
                ++b->dither_first_tried;
                b->dither_first_won += best == 0;
            }
        } else {
            force = reference_force(&r);
            reference_move(b, g, dt, r.p, r.v, force, &ref_p, &ref_v);
        }
        bool nonzero = steer_v3_len_sq(force) > 0.0f;
        b->leader_wide += first && r.leader_wide;
        if (r.loose >= 0) {
            /* the reference has no force to give: hold the world to what is documented */
            int list[STEER_BEHAVIOUR_COUNT];
            float weight[STEER_BEHAVIOUR_COUNT];
            if (!world) CHECK(!"a loose behaviour in sub-steps");
            if (world) {
                check_loose(b, &r, active_behaviours(&r, list, weight), step, world);
                ref_p = world->position, ref_v = world->velocity;
            }
            nonzero = false; /* counted by check_loose */
        }
        acted[i] = first ? nonzero : acted[i] || nonzero;
        to->agent[i].position = ref_p;
        to->agent[i].velocity = ref_v;
        if (r.goal) {
            if (r.goal->kind == STEER_GOAL_WAYPOINTS || r.goal->kind == STEER_GOAL_PATH)
                to->goal[i].progress = progress_after_move(&r, ref_p, ref_v);
            to->goal[i].arrived = expect_arrived(b, from, i, &to->agent[i]);
        }
    }
}

/* Steps the world STEPS times; before each step the reference takes the
 * world's state and predicts every agent's (through each sub-step), which the
 * step must give. Progress is the reference's, from where it moved the agent
 * (whatever steered it); arrival is judged on the world's own last move. */
static inline void run(bench *b)
{
    static state before, after, predicted[2];
    static bool acted[MAX_AGENTS];
    const int substeps = substep_count(b);
    const float dt = substeps > 1 ? b->dt / (float)substeps : b->dt;
    if (substeps > MAX_SUBSTEPS) CHECK(!"more sub-steps than a test needs");
    for (int step = 0; step < STEPS; ++step) {
        read_state(b, &before);
        if (b->prepare) b->prepare(b, &before);
        CHECK(steer_world_step(b->world, b->dt) == STEER_OK);
        read_state(b, &after);
        if (b->inspect) b->inspect(b, &before, &after);
        const state *from = &before, *last_from = &before;
        for (int s = 0; s < substeps; ++s) {
            last_from = from;
            reference_substep(b, step, s == 0, from, dt, substeps == 1 ? &after : NULL, &predicted[s & 1], acted);
            from = &predicted[s & 1];
        }
        for (int i = 0; i < b->count; ++i) {
            const steer_agent_state *world = &after.agent[i];
            CHECK(world->group == before.agent[i].group);
            steer_v3 ref_p = from->agent[i].position, ref_v = from->agent[i].velocity;
            double error = relative_error(b, ref_p, ref_v, world);
            b->acting += acted[i];
            ++b->agent_steps;
            b->worst = fmax(b->worst, error);
            if (!(error <= TOLERANCE)) report_mismatch(b, step, i, &before, world, ref_p, ref_v, error);
            const steer_goal *goal = &before.goal[i];
            if (goal->kind == STEER_GOAL_WAYPOINTS || goal->kind == STEER_GOAL_PATH) {
                int expected = from->goal[i].progress;
                ++b->progress_checked;
                if (after.goal[i].progress != expected && ++b->progress_mismatches <= REPORT_LIMIT)
                    printf("  PROGRESS %s step %d agent %d (group %d, goal kind %d): world %d, reference %d\n", b->name, step, i,
                           before.agent[i].group, (int)goal->kind, after.goal[i].progress, expected);
            }
            if (goal->kind != STEER_GOAL_NONE) {
                bool expected = expect_arrived(b, last_from, i, world);
                ++b->arrivals_checked;
                b->arrived += expected;
                if (after.goal[i].arrived != expected && ++b->arrival_mismatches <= REPORT_LIMIT)
                    printf("  ARRIVED %s step %d agent %d: world %d, reference %d\n", b->name, step, i, after.goal[i].arrived,
                           expected);
            }
        }
    }
}

/* Runs the bench, reports and checks it, and frees the world. */
static inline void finish(bench *b)
{
    run(b);
    printf("%-34s %4d agent-steps (%4d acting), largest error %.2e", b->name, b->agent_steps, b->acting, b->worst);
    if (b->mismatches) printf(", %d beyond the tolerance", b->mismatches);
    if (b->progress_checked) printf(", progress %d/%d", b->progress_checked - b->progress_mismatches, b->progress_checked);
    if (b->arrivals_checked) printf(", arrivals %d", b->arrived);
    if (b->dither_first_tried) printf(", first choice won %d/%d", b->dither_first_won, b->dither_first_tried);
    if (b->loose_checked || b->loose_failed) printf(", loose %d/%d", b->loose_checked, b->loose_checked + b->loose_failed);
    if (b->uncompared) printf(", %d not compared", b->uncompared);
    if (b->focus) printf(", %d with the focus acting", b->focus_acting);
    if (b->keep_right_acting) printf(", keep right %d", b->keep_right_acting);
    if (b->moving_obstacle_steps) printf(", moving obstacles %d", b->moving_obstacle_steps);
    if (b->arrived_priority_steps) printf(", arrived priority %d", b->arrived_priority_steps);
    printf("\n");
    CHECK(b->agent_steps == STEPS * b->count);
    CHECK(b->acting >= b->agent_steps / 5);
    CHECK(b->worst <= TOLERANCE);
    CHECK(b->progress_mismatches == 0);
    CHECK(b->arrival_mismatches == 0);
    if (b->loose_checked || b->loose_failed) CHECK(b->loose_failed == 0);
    if (b->focus) CHECK(b->focus_acting >= b->agent_steps / 5);
    steer_world_destroy(b->world);
    b->world = 0;
}

/* ---- the dimensions every check runs in -------------------------------------------- */

typedef struct config {
    const char *name;
    int dim;
    steer_up_axis up;
} config;

static const config configs[] = {{"2D", 2, STEER_UP_Z}, {"3D Z-up", 3, STEER_UP_Z}, {"3D Y-up", 3, STEER_UP_Y}};

static inline const char *named(const char *what, const config *c)
{
    static char name[96];
    snprintf(name, sizeof name, "%s %s", what, c->name);
    return name;
}

#endif
