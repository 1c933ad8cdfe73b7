/* A world step equals a reference built from the public pure functions, for
 * the behaviours tests/test_world_reference.c leaves out: seek, flee, arrive
 * (the braking form and the chapter's), pursue and evade, wander, obstacle
 * and wall avoidance, wall following, containment, path and flow following;
 * groups that mix them with the flocking rules in each combine mode; and
 * per-agent goals (SEEK, ARRIVE, PATH, WAYPOINTS). 2D, 3D Z-up, 3D Y-up.
 *
 * The reference is written from docs/model.md (§1.4, §2, §3, §6) and world.h
 * alone, never from src/: each agent's behaviours are the pure functions of
 * behaviours.h called on the state the public API reports (get_agent,
 * get_group, get_goal), with the world's obstacles, walls, paths and field as
 * this test added them and neighbours found by brute force over every pair
 * (nearest torus image, mask, field of view); the forces are combined by
 * combine.h, then f = truncate(f, max_force), v = truncate(v + f / m * dt,
 * max_speed) (turned by at most max_turn_rate * dt), p += v * dt and the
 * boundary. A 2D world is checked with the 2D functions (the world runs its
 * 3D ones). Each step restarts the reference from the world's own state, so a
 * difference is one step's, never chaos amplifying rounding.
 *
 * Two things are the world's to choose and the documentation does not spell
 * out: the counter-based hash of its draws (§6.3) and so which behaviours a
 * dither with probabilities below 1 tries, and how far wander's angle turns.
 * The reference takes wander's angle after the step from the world's debug
 * drawing (the wander target; the force is then the pure wander with that
 * angle and no draw) and checks that it moved by at most jitter * dt (with
 * jitter 0: not at all). For dither below 1 it checks that the world's result
 * is one of the outcomes the rule allows and that the first choice wins about
 * as often as its probability.
 *
 * Tolerance: 1e-5 of max(1, |x|) on each agent's new position and velocity.
 * The world sums neighbours over a fixed pairwise tree of 16 lanes (§6.4) and
 * its flock kernel computes the braking arrive's cap as sqrt(2a) sqrt(d) in
 * float (§6.1a; the pure function in double); the reference sums in list
 * order and divides by the mass where the world may multiply by 1 / mass.
 * Those differ in the last bits of a force, about 1e-7 of it, and a force
 * moves a velocity by f dt / m: the largest differences are printed per check
 * (at most 3e-7, thirty times below the tolerance), while a wrong term of a
 * behaviour of weight 1 moves a velocity by about 1e-2. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"
#include "world_scenario.h" /* random_in_box */

#define MAX_AGENTS 64
#define MAX_GROUPS 4
#define MAX_OBJECTS 8
#define MAX_POINTS 8
#define FIELD_N 6
#define STEPS 20
#define DT 0.05f
#define TOLERANCE 1e-5
#define COMBINE_EPSILON 1e-5f /* docs/model.md §6.1: priority and dither */
#define REPORT_LIMIT 4        /* mismatches printed per check */
#define HALF_BOX 12.0f        /* the world box: [-12, 12] on each axis */

typedef struct bench {
    const char *name;
    steer_world *world;
    int dim;
    steer_up_axis up;
    steer_boundary boundary;
    steer_v3 lo, hi;
    float dt;
    int count;
    steer_agent_id ids[MAX_AGENTS];
    /* the world's objects, as this test added them */
    int obstacle_count, wall_count, path_count;
    steer_obstacle3 obstacles[MAX_OBJECTS];
    steer_segment3 walls[MAX_OBJECTS];
    steer_v3 path_points[2][MAX_POINTS];
    int path_length[2];
    bool path_closed[2];
    float path_radius[2];
    bool has_field;
    steer_v3 field_origin;
    float field_cell;
    int field_size[3];
    steer_v3 field[FIELD_N * FIELD_N * FIELD_N];
    /* what the run found */
    double worst;           /* largest relative error of an agent's new state */
    int agent_steps, mismatches;
    int acting; /* agent-steps whose reference force was not zero: the check is not vacuous */
    int dither_group, dither_first;     /* the group dithering below 1, and its first behaviour */
    int dither_first_tried, dither_first_won;
    int progress_checked, progress_mismatches, arrivals_checked, arrival_mismatches, arrived;
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

static steer_v2 v2_of(steer_v3 a) { return steer_v2_make(a.x, a.y); }
static steer_v3 v3_of(steer_v2 a) { return steer_v3_make(a.x, a.y, 0.0f); }

/* A point or vector given in the ground frame (x, y on the ground, z up), in
 * the world's frame: so a Y-up world holds the Z-up scene turned. */
static steer_v3 place(const bench *b, float x, float y, float z)
{
    if (b->dim == 2) return steer_v3_make(x, y, 0.0f);
    return steer_v3_from_z_up(steer_v3_make(x, y, z), b->up);
}

/* ---- the world and its objects --------------------------------------------- */

static void bench_begin(bench *b, const char *name, int dim, steer_up_axis up, steer_boundary boundary)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    b->dim = dim;
    b->up = dim == 3 ? up : STEER_UP_Z;
    b->boundary = boundary;
    b->dt = DT;
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
    wd.seed = 77;
    b->world = steer_world_create(&wd);
    CHECK(b->world != 0);
}

/* A group with one behaviour on (the flocking rules off). */
static steer_group_def only(steer_behaviour behaviour, float weight)
{
    steer_group_def g = steer_default_group_def();
    for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) g.weight[k] = 0.0f;
    g.weight[behaviour] = weight;
    return g;
}

static void add_group(bench *b, const steer_group_def *g, int expected)
{
    int index = steer_world_add_group(b->world, g);
    CHECK(index == expected);
}

/* count agents of `group` uniformly in the ground box +-spread around centre,
 * with velocities uniform in +-speed on each axis. */
static void add_agents_at(bench *b, int group, int count, steer_v3 centre, float spread, float speed, steer_rng *rng)
{
    for (int k = 0; k < count && b->count < MAX_AGENTS; ++k) {
        steer_v3 p = random_in_box(rng, b->dim, steer_v3_make(-spread, -spread, -spread), steer_v3_make(spread, spread, spread));
        steer_v3 v = random_in_box(rng, b->dim, steer_v3_make(-speed, -speed, -speed), steer_v3_make(speed, speed, speed));
        p = steer_v3_add(place(b, p.x, p.y, p.z), centre);
        steer_agent_id id = steer_world_add_agent(b->world, group, p, place(b, v.x, v.y, v.z));
        CHECK(id.index != 0);
        b->ids[b->count++] = id;
    }
}

static void add_agents(bench *b, int group, int count, float spread, float speed, steer_rng *rng)
{
    add_agents_at(b, group, count, steer_v3_zero(), spread, speed, rng);
}

static void add_obstacles(bench *b)
{
    static const float at[5][4] = {{4, 1, 0.5f, 2}, {-5, -3, -1, 1.5f}, {0, -7, 2, 2.5f}, {-2, 5, 0, 1}, {7, -5, -2, 1.2f}};
    for (int k = 0; k < 5; ++k) {
        steer_v3 c = place(b, at[k][0], at[k][1], at[k][2]);
        CHECK(steer_world_add_obstacle(b->world, c, at[k][3]) == k);
        b->obstacles[b->obstacle_count++] = (steer_obstacle3){c, at[k][3]};
    }
}

static void add_walls(bench *b)
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
static void add_paths(bench *b)
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
    for (int p = 0; p < 2; ++p)
        CHECK(steer_world_add_path(b->world, b->path_points[p], b->path_length[p], b->path_closed[p], b->path_radius[p]) == p);
    b->path_count = 2;
}

/* A swirl around the box's centre, lifting a little in 3D, on a grid of
 * 6 cells of 4 (a point outside reads the nearest edge). */
static void add_field(bench *b)
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

static void read_agent(steer_v3 position, steer_v3 heading, float radius, uint32_t colour, void *context)
{
    (void)heading, (void)radius, (void)colour;
    ((wander_reader *)context)->agent_at = position;
}

static void read_circle(steer_v3 centre, float radius, uint32_t colour, void *context)
{
    (void)radius, (void)colour;
    ((wander_reader *)context)->centre = centre;
}

static void read_target(steer_v3 target, float size, uint32_t colour, void *context)
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

static void read_state(const bench *b, state *s)
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

/* One agent's view of the step's starting state. */
typedef struct agent_ref {
    const bench *b;
    const state *s;
    int i;
    const steer_group_def *g;
    steer_v3 p, v;
    const steer_goal *goal; /* NULL: none */
    const steer_v3 *points; /* its waypoints */
    int progress;           /* the goal's progress, moved on as the step should */
    float wander_angle;
    int neighbour_count; /* neighbours as offsets from the agent (their nearest images) */
    steer_v3 offset[MAX_AGENTS], velocity[MAX_AGENTS];
    steer_v2 offset2[MAX_AGENTS], velocity2[MAX_AGENTS];
} agent_ref;

static bool flat(const agent_ref *r) { return r->b->dim == 2; }

/* The offset from `from` to `to`'s nearest image on a torus (§6.2). */
static steer_v3 image_offset(const bench *b, steer_v3 from, steer_v3 to)
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
static void find_neighbours(agent_ref *r)
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

/* The nearest member of `group` within chase_radius (ties: the lower slot),
 * at its nearest image (§6.1, §6.2). */
static bool nearest_member(const agent_ref *r, int group, steer_v3 *pos, steer_v3 *vel)
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

static steer_v3 seek_force(const agent_ref *r, steer_v3 target, float speed)
{
    if (flat(r)) return v3_of(steer_seek2(v2_of(r->p), v2_of(r->v), v2_of(target), speed));
    return steer_seek3(r->p, r->v, target, speed);
}

/* The world's arrive (§6.1): the braking form with max_force / mass, the
 * step's dt and arrival_tolerance; it gives an acceleration, and mass times
 * it is the force. */
static steer_arrival world_arrival(const agent_ref *r, float slow_radius)
{
    return (steer_arrival){slow_radius, r->g->max_force / r->g->mass, r->b->dt, r->g->arrival_tolerance};
}

static steer_v3 braking_arrive_force(const agent_ref *r, steer_v3 target, float speed, float slow_radius)
{
    steer_arrival arrival = world_arrival(r, slow_radius);
    steer_v3 accel = flat(r) ? v3_of(steer_arrive_braking2(v2_of(r->p), v2_of(r->v), v2_of(target), speed, &arrival))
                             : steer_arrive_braking3(r->p, r->v, target, speed, &arrival);
    return steer_v3_scale(accel, r->g->mass);
}

static steer_path2 path2_of(const bench *b, int index, steer_v2 *points)
{
    for (int k = 0; k < b->path_length[index]; ++k) points[k] = v2_of(b->path_points[index][k]);
    return (steer_path2){points, b->path_length[index], b->path_closed[index], b->path_radius[index]};
}

static steer_path3 path3_of(const bench *b, int index)
{
    return (steer_path3){b->path_points[index], b->path_length[index], b->path_closed[index], b->path_radius[index]};
}

/* The behaviour of the group an agent's own goal takes the place of (§6.1a). */
static steer_behaviour goal_behaviour(steer_goal_kind kind)
{
    return kind == STEER_GOAL_SEEK ? STEER_SEEK : kind == STEER_GOAL_ARRIVE ? STEER_ARRIVE : STEER_FOLLOW_PATH;
}

static float goal_speed(const agent_ref *r)
{
    float s = r->goal->speed;
    return s > 0.0f && s < r->g->max_speed ? s : r->g->max_speed;
}

static float goal_slow_radius(const agent_ref *r)
{
    return r->goal->slow_radius > 0.0f ? r->goal->slow_radius : r->g->slow_radius;
}

/* §6.1a: the agent's own goal. */
static steer_v3 goal_force(agent_ref *r)
{
    const steer_goal *goal = r->goal;
    float speed = goal_speed(r), slow = goal_slow_radius(r);
    switch (goal->kind) {
    case STEER_GOAL_SEEK: return seek_force(r, goal->target, speed);
    case STEER_GOAL_ARRIVE: return braking_arrive_force(r, goal->target, speed, slow);
    case STEER_GOAL_PATH: {
        /* the point max(path_ahead, s^2 / a + s dt) on, a = max_force / mass */
        float a = r->g->max_force / r->g->mass;
        float ahead = steer_maxf(r->g->path_ahead, speed * speed / a + speed * r->b->dt);
        int segment = -1;
        bool passed_end = false;
        steer_v3 point;
        if (flat(r)) {
            steer_v2 pts[MAX_POINTS];
            steer_path2 path = path2_of(r->b, goal->path, pts);
            point = v3_of(steer_path_point_ahead2(&path, v2_of(r->p), ahead, &segment, &passed_end));
        } else {
            steer_path3 path = path3_of(r->b, goal->path);
            point = steer_path_point_ahead3(&path, r->p, ahead, &segment, &passed_end);
        }
        r->progress = segment;
        if (passed_end) return braking_arrive_force(r, r->b->path_points[goal->path][r->b->path_length[goal->path] - 1], speed, slow);
        return seek_force(r, point, speed);
    }
    case STEER_GOAL_WAYPOINTS: {
        steer_arrival arrival = world_arrival(r, slow);
        int index = r->progress, n = goal->point_count;
        steer_v3 f;
        if (flat(r)) {
            steer_v2 pts[MAX_POINTS];
            for (int k = 0; k < n; ++k) pts[k] = v2_of(r->points[k]);
            f = v3_of(steer_follow_waypoints_braking2(v2_of(r->p), v2_of(r->v), pts, n, &index, r->g->waypoint_radius,
                                                      &arrival, speed));
        } else {
            f = steer_follow_waypoints_braking3(r->p, r->v, r->points, n, &index, r->g->waypoint_radius, &arrival, speed);
        }
        r->progress = index;
        /* on the last it is the braking arrive: an acceleration, mass times it the force */
        return index == n - 1 ? steer_v3_scale(f, r->g->mass) : f;
    }
    case STEER_GOAL_NONE: break;
    }
    return steer_v3_zero();
}

/* §6.1a: wander fades within the slow radius of where a stopping goal ends,
 * from 1 there to 0 at the arrival tolerance. */
static float wander_fade(const agent_ref *r)
{
    const steer_goal *goal = r->goal;
    if (!goal || goal->kind == STEER_GOAL_SEEK) return 1.0f;
    steer_v3 end;
    if (goal->kind == STEER_GOAL_ARRIVE) {
        end = goal->target;
    } else if (goal->kind == STEER_GOAL_PATH) {
        if (r->b->path_closed[goal->path]) return 1.0f;
        end = r->b->path_points[goal->path][r->b->path_length[goal->path] - 1];
    } else {
        if (r->progress != goal->point_count - 1) return 1.0f; /* the last waypoint is not yet current */
        end = r->points[goal->point_count - 1];
    }
    float d = steer_v3_dist(end, r->p), slow = goal_slow_radius(r), tol = r->g->arrival_tolerance;
    if (!(d < slow)) return 1.0f;
    return d > tol ? (d - tol) / (slow - tol) : 0.0f;
}

static bool zero_box(steer_v3 lo, steer_v3 hi)
{
    return lo.x == 0.0f && lo.y == 0.0f && lo.z == 0.0f && hi.x == 0.0f && hi.y == 0.0f && hi.z == 0.0f;
}

/* One behaviour's force for the agent, unweighted (§6.1). */
static steer_v3 behaviour_force(agent_ref *r, int behaviour)
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
                           : steer_arrive3(r->p, r->v, g->target, ms, g->slow_radius);
        return braking_arrive_force(r, g->target, ms, g->slow_radius);
    case STEER_FOLLOW_PATH:
        if (r->goal) return goal_force(r);
        if (flat(r)) {
            steer_v2 pts[MAX_POINTS];
            steer_path2 path = path2_of(b, g->path, pts);
            return v3_of(steer_follow_path2(p2, v2, &path, g->path_predict, g->path_ahead, ms));
        } else {
            steer_path3 path = path3_of(b, g->path);
            return steer_follow_path3(r->p, r->v, &path, g->path_predict, g->path_ahead, ms);
        }
    case STEER_FLEE:
        if (flat(r)) return v3_of(steer_flee2(p2, v2, v2_of(g->threat), ms, g->panic_distance));
        return steer_flee3(r->p, r->v, g->threat, ms, g->panic_distance);
    case STEER_PURSUE:
    case STEER_EVADE: {
        bool pursue = behaviour == STEER_PURSUE;
        steer_v3 tp, tv;
        if (!nearest_member(r, pursue ? g->pursue_group : g->evade_group, &tp, &tv)) return steer_v3_zero();
        if (flat(r))
            return v3_of(pursue ? steer_pursue2(p2, v2, v2_of(tp), v2_of(tv), ms, g->max_prediction)
                                : steer_evade2(p2, v2, v2_of(tp), v2_of(tv), ms, g->max_prediction, g->panic_distance));
        return pursue ? steer_pursue3(r->p, r->v, tp, tv, ms, g->max_prediction)
                      : steer_evade3(r->p, r->v, tp, tv, ms, g->max_prediction, g->panic_distance);
    }
    case STEER_WANDER: {
        /* the angle the world turned to this step (read back), no draw of our own */
        float angle = r->wander_angle;
        steer_wander_params params = g->wander;
        params.up = b->up;
        steer_v3 f = flat(r) ? v3_of(steer_wander2(p2, v2, &angle, &params, ms, b->dt, NULL, NULL, NULL))
                             : steer_wander3(r->p, r->v, &angle, &params, ms, b->dt, NULL, NULL, NULL);
        return steer_v3_scale(f, wander_fade(r));
    }
    case STEER_AVOID_OBSTACLES: {
        steer_avoid_params params = {g->see_ahead + g->see_ahead_time * steer_v3_len(r->v), g->radius, g->max_force, 0.0f, 0.0f, b->up};
        if (flat(r)) {
            steer_obstacle2 obstacles[MAX_OBJECTS];
            for (int k = 0; k < b->obstacle_count; ++k)
                obstacles[k] = (steer_obstacle2){v2_of(b->obstacles[k].centre), b->obstacles[k].radius};
            return v3_of(steer_avoid_obstacles2(p2, v2, obstacles, b->obstacle_count, &params, NULL));
        }
        return steer_avoid_obstacles3(r->p, r->v, b->obstacles, b->obstacle_count, &params, NULL);
    }
    case STEER_AVOID_WALLS:
    case STEER_FOLLOW_WALL: {
        steer_wall_feelers feelers = g->feelers;
        steer_wall_follow_params follow = g->wall_follow;
        feelers.up = follow.up = b->up;
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
        if (flat(r)) return v3_of(steer_contain2(p2, v2, (steer_box2){v2_of(lo), v2_of(hi)}, g->contain_margin, ms));
        return steer_contain3(r->p, r->v, (steer_box3){lo, hi}, g->contain_margin, ms);
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
    case STEER_AVOID_NEIGHBOURS:
    case STEER_ANTICIPATE:
    case STEER_QUEUE:
    case STEER_FOLLOW_LEADER:
    case STEER_BEHAVIOUR_COUNT: break;
    }
    CHECK(!"behaviour the reference does not model");
    return steer_v3_zero();
}

/* The agent's behaviours in priority (enum) order with their weights; an
 * agent with its own goal has it in the place of SEEK, ARRIVE and FOLLOW_PATH,
 * weighted by its group's weight for it, or 1 (§6.1a). */
static int active_behaviours(const agent_ref *r, int *list, float *weight)
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

static steer_v3 dither_evaluate3(int index, void *context)
{
    dither_context *c = context;
    return behaviour_force(c->r, c->list[index]);
}

static steer_v2 dither_evaluate2(int index, void *context) { return v2_of(dither_evaluate3(index, context)); }

static float any_draw(void *context)
{
    (void)context;
    return 0.5f; /* only probabilities of 1 reach here: every draw tries */
}

/* §3: the group's combine mode over its behaviours. Dither only with every
 * probability at least 1 (no draw decides anything); below 1 see
 * dither_outcomes. */
static steer_v3 reference_force(agent_ref *r)
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
static int dither_outcomes(agent_ref *r, steer_v3 *outcome, int *outcome_behaviour)
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
 * boundary. */
static void reference_move(const bench *b, const steer_group_def *g, steer_v3 p, steer_v3 v, steer_v3 f, steer_v3 *out_p,
                           steer_v3 *out_v)
{
    const float dt = b->dt, turn = g->max_turn_rate * dt;
    steer_v3 nv;
    if (b->dim == 2) {
        steer_v2 f2 = steer_v2_truncate(v2_of(f), g->max_force);
        steer_v2 n2 = steer_v2_truncate(steer_v2_make(v.x + f2.x / g->mass * dt, v.y + f2.y / g->mass * dt), g->max_speed);
        steer_v2 heading = steer_v2_normalize(v2_of(v));
        float speed = steer_v2_len(n2);
        if (turn > 0.0f && speed > 0.0f && steer_v2_len_sq(heading) > 0.0f)
            n2 = steer_v2_scale(steer_turn_toward2(heading, n2, turn), speed);
        nv = v3_of(n2);
    } else {
        steer_v3 f3 = steer_v3_truncate(f, g->max_force);
        nv = steer_v3_truncate(steer_v3_make(v.x + f3.x / g->mass * dt, v.y + f3.y / g->mass * dt, v.z + f3.z / g->mass * dt),
                               g->max_speed);
        steer_v3 heading = steer_v3_normalize(v);
        float speed = steer_v3_len(nv);
        if (turn > 0.0f && speed > 0.0f && steer_v3_len_sq(heading) > 0.0f)
            nv = steer_v3_scale(steer_turn_toward3(heading, nv, turn), speed);
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

static void agent_ref_init(agent_ref *r, const bench *b, const state *s, int i)
{
    r->b = b;
    r->s = s;
    r->i = i;
    r->g = &s->group[s->agent[i].group];
    r->p = s->agent[i].position;
    r->v = s->agent[i].velocity;
    r->goal = s->goal[i].kind != STEER_GOAL_NONE ? &s->goal[i] : NULL;
    r->points = s->goal_points[i];
    r->progress = s->goal[i].progress;
    r->wander_angle = 0.0f;
    find_neighbours(r);
}

/* world.h, steer_goal.progress: WAYPOINTS, the current waypoint, which moves
 * on (once a step, never past the last) when the agent stands within
 * waypoint_radius of it after its move; PATH, the segment of the path's
 * point closest to the agent after its move. */
static int progress_after_move(const agent_ref *r, steer_v3 p)
{
    const steer_goal *goal = r->goal;
    if (goal->kind == STEER_GOAL_PATH) {
        steer_path3 path = path3_of(r->b, goal->path);
        int segment = -1;
        steer_path_closest_point3(&path, p, NULL, &segment, NULL);
        return segment;
    }
    int n = goal->point_count, at = goal->progress < 0 ? 0 : goal->progress > n - 1 ? n - 1 : goal->progress;
    if (at < n - 1 && steer_v3_dist(p, r->points[at]) < r->g->waypoint_radius) ++at;
    return at;
}

/* ---- comparing ------------------------------------------------------------------ */

/* The larger of the position's and the velocity's error, each relative to
 * max(1, |reference|); the same point across a torus's seam is no error. */
static double relative_error(const bench *b, steer_v3 ref_p, steer_v3 ref_v, const steer_agent_state *world)
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

static void report_mismatch(bench *b, int step, int i, const state *before, const steer_agent_state *world, steer_v3 ref_p,
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
 * last point and, but for SEEK, no faster than arrival_speed; a closed path
 * never ends. */
static bool expect_arrived(const bench *b, const state *s, int i, const steer_agent_state *now)
{
    const steer_goal *goal = &s->goal[i];
    const steer_group_def *g = &s->group[now->group];
    steer_v3 end;
    switch (goal->kind) {
    case STEER_GOAL_SEEK:
    case STEER_GOAL_ARRIVE: end = goal->target; break;
    case STEER_GOAL_PATH:
        if (b->path_closed[goal->path]) return false;
        end = b->path_points[goal->path][b->path_length[goal->path] - 1];
        break;
    case STEER_GOAL_WAYPOINTS: end = s->goal_points[i][goal->point_count - 1]; break;
    default: return false;
    }
    float tol = g->arrival_tolerance, speed = g->arrival_speed;
    bool near = steer_v3_dist_sq(end, now->position) <= tol * tol;
    return near && (goal->kind == STEER_GOAL_SEEK || steer_v3_len_sq(now->velocity) <= speed * speed);
}

/* Steps the world STEPS times; before each step the reference takes the
 * world's state and predicts every agent's, which the step must give. */
static void run(bench *b)
{
    static state before, after;
    for (int step = 0; step < STEPS; ++step) {
        read_state(b, &before);
        CHECK(steer_world_step(b->world, b->dt) == STEER_OK);
        read_state(b, &after);
        for (int i = 0; i < b->count; ++i) {
            static agent_ref r;
            agent_ref_init(&r, b, &before, i);
            const steer_group_def *g = r.g;
            if (g->weight[STEER_WANDER] != 0.0f) {
                /* the angle this step turned to; jitter 0: the one before, which must stay */
                CHECK(before.has_angle[i] && after.has_angle[i]);
                double turned = remainder((double)after.wander_angle[i] - (double)before.wander_angle[i], 2.0 * (double)STEER_PI);
                CHECK(fabs(turned) <= (double)g->wander.jitter * b->dt + 1e-5);
                r.wander_angle = g->wander.jitter == 0.0f ? before.wander_angle[i] : after.wander_angle[i];
            }
            const steer_agent_state *world = &after.agent[i];
            CHECK(world->group == before.agent[i].group);
            steer_v3 ref_p = steer_v3_zero(), ref_v = steer_v3_zero();
            double error;
            if (g->combine == STEER_COMBINE_DITHER && before.agent[i].group == b->dither_group) {
                /* the world's result must be one of the outcomes its draws allow */
                steer_v3 outcome[STEER_BEHAVIOUR_COUNT + 1];
                int outcome_behaviour[STEER_BEHAVIOUR_COUNT + 1];
                int count = dither_outcomes(&r, outcome, outcome_behaviour), best = 0;
                error = INFINITY;
                for (int k = 0; k < count; ++k) {
                    steer_v3 p, v;
                    reference_move(b, g, r.p, r.v, outcome[k], &p, &v);
                    double e = relative_error(b, p, v, world);
                    if (e < error) error = e, best = k, ref_p = p, ref_v = v;
                }
                b->acting += steer_v3_len_sq(outcome[best]) > 0.0f;
                if (count > 1 && outcome_behaviour[0] == b->dither_first) {
                    ++b->dither_first_tried;
                    b->dither_first_won += best == 0;
                }
            } else {
                steer_v3 force = reference_force(&r);
                b->acting += steer_v3_len_sq(force) > 0.0f;
                reference_move(b, g, r.p, r.v, force, &ref_p, &ref_v);
                error = relative_error(b, ref_p, ref_v, world);
            }
            ++b->agent_steps;
            b->worst = fmax(b->worst, error);
            if (!(error <= TOLERANCE)) report_mismatch(b, step, i, &before, world, ref_p, ref_v, error);
            if (r.goal && (r.goal->kind == STEER_GOAL_WAYPOINTS || r.goal->kind == STEER_GOAL_PATH)) {
                /* from where the agent stands after its move, whatever steered it (an
                 * earlier behaviour winning a PRIORITY, say) */
                int expected = progress_after_move(&r, ref_p);
                ++b->progress_checked;
                if (after.goal[i].progress != expected && ++b->progress_mismatches <= REPORT_LIMIT)
                    printf("  PROGRESS %s step %d agent %d (group %d, goal kind %d): world %d, reference %d\n", b->name, step, i,
                           before.agent[i].group, (int)r.goal->kind, after.goal[i].progress, expected);
            }
            if (r.goal) {
                bool expected = expect_arrived(b, &before, i, world);
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
static void finish(bench *b)
{
    run(b);
    printf("%-34s %4d agent-steps (%4d acting), largest error %.2e", b->name, b->agent_steps, b->acting, b->worst);
    if (b->mismatches) printf(", %d beyond the tolerance", b->mismatches);
    if (b->progress_checked) printf(", progress %d/%d", b->progress_checked - b->progress_mismatches, b->progress_checked);
    if (b->arrivals_checked) printf(", arrivals %d", b->arrived);
    if (b->dither_first_tried) printf(", first choice won %d/%d", b->dither_first_won, b->dither_first_tried);
    printf("\n");
    CHECK(b->agent_steps == STEPS * b->count);
    CHECK(b->acting >= b->agent_steps / 5);
    CHECK(b->worst <= TOLERANCE);
    CHECK(b->progress_mismatches == 0);
    CHECK(b->arrival_mismatches == 0);
    steer_world_destroy(b->world);
    b->world = 0;
}

/* ---- one behaviour at a time ---------------------------------------------------- */

typedef struct config {
    const char *name;
    int dim;
    steer_up_axis up;
} config;

static const config configs[] = {{"2D", 2, STEER_UP_Z}, {"3D Z-up", 3, STEER_UP_Z}, {"3D Y-up", 3, STEER_UP_Y}};

static bench b; /* large: off the stack */

static const char *named(const char *what, const config *c)
{
    static char name[64];
    snprintf(name, sizeof name, "%s %s", what, c->name);
    return name;
}

/* SEEK toward the group's target, heavier than 1; FLEE a threat within a
 * panic distance, in a clamped box. */
static void check_seek_flee(const config *c, uint64_t seed)
{
    bench_begin(&b, named("seek, flee", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_SEEK, 1.7f);
    g.target = place(&b, 3, -2, 1);
    g.mass = 2.0f;
    g.max_speed = 2.5f;
    g.max_force = 5.0f;
    add_group(&b, &g, 0);
    g = only(STEER_FLEE, 1.3f);
    g.threat = place(&b, 1, 1, -1);
    g.panic_distance = 6.0f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 9.0f, 1.5f, &rng);
    add_agents(&b, 1, 24, 11.5f, 1.5f, &rng);
    finish(&b);
}

/* ARRIVE: the world's braking form (mass 1.5: its acceleration times mass)
 * and the chapter's, agents around the target, a few inside its tolerance. */
static void check_arrive(const config *c, uint64_t seed)
{
    bench_begin(&b, named("arrive", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_v3 target = place(&b, 0.5f, -0.5f, 0.25f);
    steer_group_def g = only(STEER_ARRIVE, 1.2f);
    g.target = target;
    g.slow_radius = 3.0f;
    g.mass = 1.5f;
    g.max_force = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_ARRIVE, 0.8f);
    g.target = target;
    g.chapter_arrive = true;
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents_at(&b, 0, 24, target, 4.0f, 1.5f, &rng);
    add_agents_at(&b, 0, 4, target, 0.03f, 0.05f, &rng); /* within the tolerance: brake to rest */
    add_agents_at(&b, 1, 24, target, 4.0f, 1.5f, &rng);
    finish(&b);
}

/* PURSUE and EVADE the nearest member of a third group within chase_radius,
 * on a torus: the nearest may be across the seam. */
static void check_pursue_evade(const config *c, uint64_t seed)
{
    bench_begin(&b, named("pursue, evade", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_group_def g = only(STEER_PURSUE, 1.5f);
    g.pursue_group = 2;
    g.chase_radius = 8.0f;
    g.max_prediction = 1.5f;
    add_group(&b, &g, 0);
    g = only(STEER_EVADE, 2.0f);
    g.evade_group = 2;
    g.chase_radius = 9.0f;
    g.panic_distance = 5.0f; /* measured to the predicted point */
    add_group(&b, &g, 1);
    g = only(STEER_SEEK, 1.0f); /* the quarry: heads for a point, so it moves */
    g.target = place(&b, -4, 3, 2);
    g.max_speed = 1.5f;
    add_group(&b, &g, 2);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 20, 11.9f, 1.5f, &rng);
    add_agents(&b, 1, 20, 11.9f, 1.5f, &rng);
    add_agents(&b, 2, 8, 11.9f, 1.2f, &rng);
    finish(&b);
}

/* WANDER on the world's plane (XY; XZ for Y-up): with jitter 0 the angle must
 * stay where it was, with jitter it turns by at most jitter * dt. */
static void check_wander(const config *c, uint64_t seed)
{
    bench_begin(&b, named("wander", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_group_def g = only(STEER_WANDER, 1.0f);
    g.wander = (steer_wander_params){1.5f, 2.5f, 0.0f, STEER_UP_Z};
    add_group(&b, &g, 0);
    g = only(STEER_WANDER, 1.4f);
    add_group(&b, &g, 1); /* the default: radius 1, distance 2, jitter 4 */
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 11.0f, 1.5f, &rng);
    add_agents(&b, 1, 24, 11.0f, 1.5f, &rng);
    finish(&b);
}

/* AVOID_OBSTACLES: ray avoidance of the world's obstacles with a look-ahead
 * growing with speed; most agents start within 5 of one and head roughly for
 * it (off its centre by up to 1 to each side), so most rays meet one. */
static void check_obstacles(const config *c, uint64_t seed)
{
    bench_begin(&b, named("avoid obstacles", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    steer_group_def g = only(STEER_AVOID_OBSTACLES, 1.5f);
    g.see_ahead = 4.0f;
    g.see_ahead_time = 0.5f;
    g.radius = 0.4f;
    g.max_force = 1.5f; /* a gentle push: the threat lasts several steps */
    add_group(&b, &g, 0);
    steer_rng rng = steer_rng_make(seed);
    for (int i = 0; i < 48; ++i) add_agents_at(&b, 0, 1, b.obstacles[i % b.obstacle_count].centre, 5.0f, 2.0f, &rng);
    for (int i = 0; i < b.count; ++i) {
        if (i % 6 == 5) continue; /* a few keep their random heading */
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_v3 miss = random_in_box(&rng, b.dim, steer_v3_make(-1.0f, -1.0f, -1.0f), steer_v3_make(1.0f, 1.0f, 1.0f));
        steer_v3 aim = steer_v3_add(b.obstacles[i % b.obstacle_count].centre, place(&b, miss.x, miss.y, miss.z));
        steer_v3 v = steer_v3_scale(steer_v3_normalize(steer_v3_sub(aim, st.position)), steer_rng_range(&rng, 1.0f, 2.0f));
        CHECK(steer_world_teleport_agent(b.world, b.ids[i], st.position, v) == STEER_OK);
    }
    finish(&b);
}

/* AVOID_WALLS (three feelers) and FOLLOW_WALL against walls standing on the
 * world's ground. */
static void check_walls(const config *c, uint64_t seed)
{
    bench_begin(&b, named("avoid walls, follow wall", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_walls(&b);
    steer_group_def g = only(STEER_AVOID_WALLS, 2.0f);
    g.feelers = (steer_wall_feelers){3.0f, 0.6f, 2.0f, STEER_UP_Z};
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_WALL, 1.0f);
    g.wall_follow = (steer_wall_follow_params){4.0f, 1.5f, 2.0f, STEER_UP_Z};
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 9.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 9.0f, 2.0f, &rng);
    finish(&b);
}

/* CONTAIN in a box of the group's, and in the world's bounds (a zero box). */
static void check_containment(const config *c, uint64_t seed)
{
    bench_begin(&b, named("containment", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_CONTAIN, 1.5f);
    g.contain_min = place(&b, -6, -5, -4);
    g.contain_max = place(&b, 6, 5, 4);
    if (c->dim == 3) { /* turned: keep min below max on every axis */
        steer_v3 lo = g.contain_min, hi = g.contain_max;
        g.contain_min = steer_v3_make(fminf(lo.x, hi.x), fminf(lo.y, hi.y), fminf(lo.z, hi.z));
        g.contain_max = steer_v3_make(fmaxf(lo.x, hi.x), fmaxf(lo.y, hi.y), fmaxf(lo.z, hi.z));
    }
    g.contain_margin = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_CONTAIN, 1.0f);
    g.contain_margin = 4.0f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 8.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 11.9f, 2.0f, &rng);
    finish(&b);
}

/* FOLLOW_PATH on an open and a closed world path. */
static void check_path(const config *c, uint64_t seed)
{
    bench_begin(&b, named("follow path", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_paths(&b);
    steer_group_def g = only(STEER_FOLLOW_PATH, 1.0f);
    g.path = 0;
    g.path_predict = 1.5f;
    g.path_ahead = 2.0f;
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_PATH, 1.3f);
    g.path = 1;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 10.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 10.0f, 2.0f, &rng);
    finish(&b);
}

/* FOLLOW_FLOW on the world's field, with and without prediction; agents also
 * outside the field (clamped at its edges). */
static void check_flow(const config *c, uint64_t seed)
{
    bench_begin(&b, named("follow flow", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_field(&b);
    steer_group_def g = only(STEER_FOLLOW_FLOW, 1.0f);
    g.flow_field = 0;
    g.flow_predict = 0.4f;
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_FLOW, 1.6f);
    g.flow_field = 0;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 11.9f, 2.0f, &rng);
    add_agents(&b, 1, 24, 11.9f, 2.0f, &rng);
    finish(&b);
}

/* ---- mixtures with the flocking rules -------------------------------------------- */

/* Crowded enough that the flocking rules see neighbours. */
static void add_flockers(bench *bb, int group, int count, uint64_t seed)
{
    steer_rng rng = steer_rng_make(seed);
    add_agents(bb, group, count, 3.5f, 1.5f, &rng);
}

/* BLEND: a flock with a field of view and a mask that seeks, avoids and
 * wanders; a second group in the desired-velocity forms, heavier, turn
 * limited, fleeing, contained and drifting on the field. */
static void check_mixed_blend(const config *c, uint64_t seed)
{
    bench_begin(&b, named("blend + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_walls(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.neighbour_radius = 1.5f;
    g.field_of_view = 4.0f;
    g.neighbour_mask = (1u << 0) | (1u << 1);
    g.weight[STEER_SEEK] = 0.4f;
    g.target = place(&b, 2, 2, 1);
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_AVOID_WALLS] = 2.0f;
    g.weight[STEER_WANDER] = 0.3f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.desired_forms = true;
    g.neighbour_radius = 1.5f;
    g.separation_radius = 0.8f;
    g.neighbour_mask = 1u << 1;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_ALIGNMENT] = 0.5f;
    g.weight[STEER_COHESION] = 1.25f;
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = place(&b, -1, 0, 0);
    g.panic_distance = 3.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 3.0f;
    g.weight[STEER_FOLLOW_FLOW] = 0.5f;
    g.flow_field = 0;
    g.max_turn_rate = 3.0f;
    g.mass = 1.5f;
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 28, seed);
    add_flockers(&b, 1, 20, seed + 1);
    finish(&b);
}

/* PRIORITY: obstacles and walls first, then containment and separation,
 * evading the other group, the field, alignment and cohesion; the other
 * group pursues, follows a path and keeps together. */
static void check_mixed_priority(const config *c, uint64_t seed)
{
    bench_begin(&b, named("priority + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_walls(&b);
    add_paths(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_AVOID_WALLS] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_min = place(&b, -3, -3, -3);
    g.contain_max = place(&b, 3, 3, 3);
    if (c->dim == 3) {
        steer_v3 lo = g.contain_min, hi = g.contain_max;
        g.contain_min = steer_v3_make(fminf(lo.x, hi.x), fminf(lo.y, hi.y), fminf(lo.z, hi.z));
        g.contain_max = steer_v3_make(fmaxf(lo.x, hi.x), fmaxf(lo.y, hi.y), fmaxf(lo.z, hi.z));
    }
    g.contain_margin = 1.0f;
    g.weight[STEER_EVADE] = 1.0f;
    g.evade_group = 1;
    g.panic_distance = 1.5f;
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.flow_field = 0;
    g.weight[STEER_WANDER] = 0.5f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_PURSUE] = 1.0f;
    g.pursue_group = 0;
    g.chase_radius = 1.5f;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 1;
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 32, seed);
    add_flockers(&b, 1, 16, seed + 1);
    finish(&b);
}

/* RUNNING_SUM: avoidance, containment, separation, evasion, the braking
 * arrive, a path, cohesion and wander, with a small budget; the other group
 * seeks, flees and aligns. */
static void check_mixed_running_sum(const config *c, uint64_t seed)
{
    bench_begin(&b, named("running sum + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_paths(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.max_force = 3.0f;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 9.0f;
    g.weight[STEER_EVADE] = 0.8f;
    g.evade_group = 1;
    g.weight[STEER_ARRIVE] = 0.7f;
    g.target = place(&b, 1, 1, 0);
    g.weight[STEER_FOLLOW_PATH] = 0.5f;
    g.path = 0;
    g.weight[STEER_WANDER] = 0.6f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_SEPARATION] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -2, 1, 1);
    g.weight[STEER_FLEE] = 0.5f;
    g.threat = place(&b, 0, 0, 0);
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 32, seed);
    add_flockers(&b, 1, 16, seed + 1);
    finish(&b);
}

/* DITHER: with every probability 1 it is deterministic (each behaviour tried,
 * the first that acts wins); with lower ones the world's result must be one
 * the rule allows, and separation, first when it acts, must win about as
 * often as its probability (0.6). */
static void check_mixed_dither(const config *c, uint64_t seed)
{
    bench_begin(&b, named("dither + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_DITHER;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_SEEK] = 0.7f;
    g.target = place(&b, 3, -1, 0);
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.flow_field = 0;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_DITHER;
    g.neighbour_radius = g.separation_radius = 1.2f; /* separation acts often, also in 3D */
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = place(&b, 0, 0, 0);
    g.probability[STEER_FLEE] = 0.5f;
    g.probability[STEER_SEPARATION] = 0.6f;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -3, 2, 1);
    g.probability[STEER_SEEK] = 0.7f;
    g.probability[STEER_ALIGNMENT] = 0.8f;
    add_group(&b, &g, 1);
    b.dither_group = 1;
    b.dither_first = STEER_SEPARATION; /* before flee in the enum order: when it acts, it is first */
    add_flockers(&b, 0, 24, seed);
    add_flockers(&b, 1, 24, seed + 1);
    finish(&b);
    /* the first possible winner wins when tried: at its probability */
    double share = b.dither_first_tried ? (double)b.dither_first_won / b.dither_first_tried : 0.0;
    CHECK(b.dither_first_tried >= 100);
    CHECK(fabs(share - 0.6) < 0.1);
}

/* ---- per-agent goals --------------------------------------------------------- */

/* Goals of every kind for the agents of four groups, each reaching the world
 * by another way (the flock kernel's lanes, the general path, the running
 * sum's crowd kernel, priority): SEEK, ARRIVE (some at their own speed and
 * slow radius, some starting inside the tolerance at rest: arrived after one
 * step), PATH on the open and the closed path, WAYPOINTS; some agents none. */
static steer_v3 resting_place(int group) { return place(&b, 8.0f, -8.0f + 3.0f * (float)group, 1.0f); }

static void check_goals(const config *c, uint64_t seed)
{
    bench_begin(&b, named("goals", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_paths(&b);
    /* 0: a plain flock */
    steer_group_def g = steer_default_group_def();
    add_group(&b, &g, 0);
    /* 1: separation, containment and wander (faded on a goal's approach);
     *    its own seek gives way to the goals; heavier */
    g = steer_default_group_def();
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 3.0f;
    g.weight[STEER_WANDER] = 0.5f;
    g.weight[STEER_SEEK] = 0.5f;
    g.target = place(&b, 5, 5, 5);
    g.mass = 1.5f;
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1);
    /* 2: a running sum ending with the arrive, weighted */
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.weight[STEER_ARRIVE] = 1.2f;
    g.max_force = 5.0f;
    add_group(&b, &g, 2);
    /* 3: priority, obstacle avoidance before the group's path */
    g = only(STEER_AVOID_OBSTACLES, 2.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.mass = 1.5f;
    g.see_ahead = 2.0f;
    add_group(&b, &g, 3);
    steer_rng rng = steer_rng_make(seed);
    for (int group = 0; group < 4; ++group) add_agents(&b, group, 14, 5.0f, 1.5f, &rng);
    /* a few at rest within the tolerance of where their ARRIVE goals will be */
    int first_resting = b.count;
    for (int group = 0; group < 3; ++group) add_agents_at(&b, group, 1, resting_place(group), 0.02f, 0.03f, &rng);
    steer_v3 waypoints[4] = {place(&b, 1, 1, 0), place(&b, 3, 0, 1), place(&b, 4, 3, -1), place(&b, 2, 5, 0)};
    for (int i = 0; i < b.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        int kind = i >= first_resting ? STEER_GOAL_ARRIVE : i % 6;
        if (st.group == 2 && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_ARRIVE : STEER_GOAL_SEEK;
        if (st.group == 3 && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_WAYPOINTS : STEER_GOAL_PATH;
        if (kind == 5) kind = STEER_GOAL_NONE; /* one in six keeps its group's behaviours */
        goal.kind = (steer_goal_kind)kind;
        switch (goal.kind) {
        case STEER_GOAL_SEEK:
        case STEER_GOAL_ARRIVE:
            goal.target = i >= first_resting ? resting_place(st.group)
                                             : steer_v3_add(st.position, place(&b, 1.5f - (float)(i % 4), 1.0f, 0.5f));
            if (i % 3 == 0 && i < first_resting) {
                goal.speed = 1.2f;
                goal.slow_radius = 3.5f;
            }
            break;
        case STEER_GOAL_PATH: goal.path = i % 4 == 0 ? 1 : 0; break;
        case STEER_GOAL_WAYPOINTS:
            goal.points = waypoints;
            goal.point_count = 4;
            goal.progress = i % 3 == 0 ? 2 : 0;
            break;
        case STEER_GOAL_NONE: break;
        }
        CHECK(steer_world_set_goal(b.world, b.ids[i], &goal) == STEER_OK);
    }
    finish(&b);
}

int main(void)
{
    for (size_t k = 0; k < sizeof configs / sizeof configs[0]; ++k) {
        const config *c = &configs[k];
        uint64_t seed = 1000 * (k + 1);
        check_seek_flee(c, seed + 1);
        check_arrive(c, seed + 2);
        check_pursue_evade(c, seed + 3);
        check_wander(c, seed + 4);
        check_obstacles(c, seed + 5);
        check_walls(c, seed + 6);
        check_containment(c, seed + 7);
        check_path(c, seed + 8);
        check_flow(c, seed + 9);
        check_mixed_blend(c, seed + 10);
        check_mixed_priority(c, seed + 11);
        check_mixed_running_sum(c, seed + 12);
        check_mixed_dither(c, seed + 13);
        check_goals(c, seed + 14);
    }
    return check_summary("test_world_behaviour_reference");
}
