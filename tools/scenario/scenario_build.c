/* Building the world a finished scenario describes: objects, flow fields
 * (generated deterministically), groups, then every spawn's agents and
 * their goals. */
#include "scenario_internal.h"
#include "ground.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ---- flow fields ------------------------------------------------------------------- */
/* Value noise: a random value in [-1, 1] at each lattice point, blended
 * with a quintic fade. Float arithmetic only, no libm calls but floorf. */
static float lattice(uint64_t seed, int x, int y, int z)
{
    uint64_t h = mix64(seed ^ mix64((uint64_t)(uint32_t)x ^ (uint64_t)(uint32_t)y << 21 ^ (uint64_t)(uint32_t)z << 42));
    return (float)(h >> 40) * 0x1p-23f - 1.0f;
}

static float fade(float t) { return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f); }

static float value_noise(uint64_t seed, float x, float y, float z)
{
    float fx = floorf(x), fy = floorf(y), fz = floorf(z);
    int ix = (int)fx, iy = (int)fy, iz = (int)fz;
    float tx = fade(x - fx), ty = fade(y - fy), tz = fade(z - fz);
    float v[2];
    for (int k = 0; k < 2; ++k) {
        float a = lattice(seed, ix, iy, iz + k), b = lattice(seed, ix + 1, iy, iz + k);
        float c = lattice(seed, ix, iy + 1, iz + k), d = lattice(seed, ix + 1, iy + 1, iz + k);
        float ab = a + (b - a) * tx, cd = c + (d - c) * tx;
        v[k] = ab + (cd - ab) * ty;
    }
    return v[0] + (v[1] - v[0]) * tz;
}

/* Two octaves of value noise: the stream function of the noise field. */
static float stream(uint64_t seed, float x, float y, float z)
{
    return value_noise(seed, x, y, z) + 0.5f * value_noise(seed ^ 0xA5A5A5A5ull, 2.0f * x, 2.0f * y, 2.0f * z);
}

steer_v3 *sc_field_vectors(const sc_field *f, int dim, steer_up_axis up, uint64_t world_seed)
{
    up = ground_up(dim, up); /* a vortex turns and noise streams on the ground: XZ in a Y-up world */
    int nx = f->n[0], ny = f->n[1], nz = dim == 3 ? f->n[2] : 1;
    size_t count = (size_t)nx * (size_t)ny * (size_t)nz;
    steer_v3 *out = malloc(sizeof *out * count);
    if (!out) return 0;
    uint64_t seed = f->has_seed ? f->seed : mix64(world_seed ^ 0xF1E1Dull);
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x) {
                size_t i = ((size_t)z * (size_t)ny + (size_t)y) * (size_t)nx + (size_t)x;
                steer_v3 p = steer_v3_add(f->origin, steer_v3_make(f->cell_size * (float)x, f->cell_size * (float)y,
                                                                   dim == 3 ? f->cell_size * (float)z : 0.0f));
                steer_v3 v = steer_v3_zero();
                switch (f->type) {
                case SC_FIELD_UNIFORM: v = steer_v3_normalize(f->direction); break;
                case SC_FIELD_VORTEX: {
                    steer_v3 r = steer_v3_sub(ground_of(up, p), ground_of(up, f->centre));
                    r.z = 0.0f;
                    steer_v3 radial = steer_v3_normalize(r);
                    steer_v3 tangent = steer_v3_make(-radial.y, radial.x, 0.0f);
                    v = ground_to_world(up, steer_v3_normalize(steer_v3_sub(steer_v3_scale(tangent, f->spin),
                                                                            steer_v3_scale(radial, f->inward))));
                    break;
                }
                case SC_FIELD_NOISE: {
                    /* the curl of a noise stream function: divergence-free, so
                     * followers circulate in eddies instead of piling into sinks */
                    float s = 1.0f / f->scale, h = 0.25f;
                    steer_v3 g = ground_of(up, p);
                    float qx = g.x * s, qy = g.y * s, qz = g.z * s;
                    float dx = stream(seed, qx + h, qy, qz) - stream(seed, qx - h, qy, qz);
                    float dy = stream(seed, qx, qy + h, qz) - stream(seed, qx, qy - h, qz);
                    v = ground_to_world(up, steer_v3_normalize(steer_v3_make(dy, -dx, 0.0f)));
                    break;
                }
                case SC_FIELD_GRID: v = f->vectors[i]; break;
                }
                out[i] = steer_v3_scale(v, f->strength);
            }
    return out;
}

/* ---- spawns ---------------------------------------------------------------------------- */
/* Random places drawn for one agent or one goal before a spacing is given up. */
#define SPACING_TRIES 1000

static float draw(steer_rng *rng) { return steer_rng_float(rng); }

/* Random places kept apart ("spacing"): the places so far in a steer_grid,
 * whose cells are as large as the largest spacing asked, and the latest of
 * them in a short list beside it. A grid indexes its points afresh at the
 * first query after an insert, O(places): a place inserted before each
 * next draw made spacing's cost quadratic (100,000 agents 0.001 apart in a
 * box 20 wide took minutes). The list goes into the grid once it holds
 * sqrt(places) (at least 64), so each draw reads at most that many more and
 * the grid is indexed sqrt(places) times: O(places^1.5) in all. The answer
 * is the grid's, to the bit (the same d^2 <= spacing^2 in double). */
typedef struct spacing_set {
    steer_grid *grid;
    int dim, count;        /* places kept, in the grid and the list */
    int recent, room;      /* places in the list; its capacity */
    float *list;           /* [3 * room] */
} spacing_set;

static spacing_set *spacing_grid(int dim, float largest, float far, int capacity)
{
    if (!(largest > 0.0f)) return 0;
    steer_grid_def def = steer_default_grid_def();
    def.dim = dim;
    /* not below 2e-5 of the coordinates: a grid's query widens its box by
     * 1e-5 of them against rounding, and a spacing of 1e-6 among
     * coordinates of 10 looked up 40,000 cells a draw */
    def.cell_size = steer_maxf(largest, 2e-5f * far);
    def.capacity = capacity;
    spacing_set *set = calloc(1, sizeof *set);
    if (!set) return 0;
    set->dim = dim;
    set->room = 64 + (int)sqrt((double)(capacity > 0 ? capacity : 0));
    set->list = malloc(sizeof *set->list * 3 * (size_t)set->room);
    set->grid = set->list ? steer_grid_create(&def) : 0;
    if (!set->grid) {
        free(set->list);
        free(set);
        return 0;
    }
    return set;
}

static void spacing_destroy(spacing_set *set)
{
    if (!set) return;
    steer_grid_destroy(set->grid);
    free(set->list);
    free(set);
}

/* Whether p is farther than `spacing` from every place in the set. */
static bool spaced(spacing_set *set, steer_v3 p, float spacing)
{
    const float at[3] = {p.x, p.y, set->dim == 3 ? p.z : 0.0f};
    const double r2 = (double)spacing * spacing;
    for (int i = 0; i < set->recent; ++i) {
        const float *q = set->list + 3 * i;
        double dx = (double)q[0] - at[0], dy = (double)q[1] - at[1], dz = (double)q[2] - at[2];
        if (dx * dx + dy * dy + dz * dz <= r2) return false;
    }
    return steer_grid_query_radius(set->grid, at, spacing, 0, 0) == 0;
}

static bool keep_place(spacing_set *set, steer_v3 p)
{
    if (!set) return true;
    float *q = set->list + 3 * set->recent;
    q[0] = p.x, q[1] = p.y, q[2] = set->dim == 3 ? p.z : 0.0f;
    ++set->recent, ++set->count;
    int limit = 64 + (int)sqrt((double)set->count);
    if (set->recent < (limit < set->room ? limit : set->room)) return true;
    for (int i = 0; i < set->recent; ++i)
        if (steer_grid_insert(set->grid, set->count - set->recent + i, set->list + 3 * i) != STEER_OK) return false;
    set->recent = 0;
    return true;
}

/* Whether a body of `radius` at p would start inside an obstacle, across a
 * wall, or inside a closed wall polyline (on the ground, by the even-odd
 * rule: a pillar or a pen drawn with walls). */
static bool blocked(const steer_scenario *sc, steer_v3 p, float radius)
{
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    for (int i = 0; i < info->obstacle_count; ++i) {
        float reach = info->obstacles[i].radius + radius;
        if (steer_v3_dist_sq(p, info->obstacles[i].centre) < reach * reach) return true;
    }
    const steer_up_axis up = ground_up(info->dim, info->world.up);
    const steer_v3 g = ground_of(up, p);
    const steer_v2 q = steer_v2_make(g.x, g.y);
    for (int i = 0; i < info->wall_count; ++i) {
        const steer_scenario_wall_height *h = &info->wall_heights[i];
        if (!ground_wall_meets(h->bottom, h->top, g.z, radius)) continue; /* it starts above or below the wall */
        steer_v3 a = ground_of(up, info->walls[i].a), b = ground_of(up, info->walls[i].b);
        steer_v2 ends[2] = {steer_v2_make(a.x, a.y), steer_v2_make(b.x, b.y)};
        float d = 0.0f;
        steer_path_closest_point2(&(steer_path2){ends, 2, false, 0.0f}, q, &d, 0, 0);
        if (d < radius) return true;
    }
    for (int l = 0; l < sc->wall_loop_count; ++l) {
        bool inside = false, met = false; /* a pen of low walls holds no flyer above it */
        for (int i = sc->wall_loops[l].first; i < sc->wall_loops[l].first + sc->wall_loops[l].count; ++i) {
            steer_v3 a = ground_of(up, info->walls[i].a), b = ground_of(up, info->walls[i].b);
            if ((a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y)) inside = !inside;
            met = met || ground_wall_meets(info->wall_heights[i].bottom, info->wall_heights[i].top, g.z, radius);
        }
        if (inside && met) return true;
    }
    return false;
}

/* The point (u, v) of a flat shape, or the direction at angle atan2(v, u),
 * on the world's ground (ground.h): (x, y) in 2D and Z-up, (x, -z) in Y-up,
 * where turning from +x toward it is the right-handed turn about +y (as
 * wander turns, and as the pictures show a Y-up world from above). */
static steer_v3 on_ground(steer_up_axis up, float u, float v) { return ground_to_world(up, steer_v3_make(u, v, 0.0f)); }

static steer_v3 spawn_position(const sc_spawn *s, int k, int dim, steer_up_axis up, steer_rng *rng)
{
    switch (s->shape) {
    case SC_SHAPE_BOX: {
        float x = s->min.x + (s->max.x - s->min.x) * draw(rng);
        float y = s->min.y + (s->max.y - s->min.y) * draw(rng);
        float z = dim == 3 ? s->min.z + (s->max.z - s->min.z) * draw(rng) : 0.0f;
        return steer_v3_make(x, y, z);
    }
    case SC_SHAPE_DISC: {
        float r0 = s->inner_radius * s->inner_radius, r1 = s->radius * s->radius;
        float r = sqrtf(r0 + (r1 - r0) * draw(rng));
        float a = 2.0f * STEER_PI * draw(rng);
        return steer_v3_add(s->centre, on_ground(up, r * steer_cos(a), r * steer_sin(a)));
    }
    case SC_SHAPE_LINE: {
        float t = s->count > 1 ? (float)k / (float)(s->count - 1) : 0.5f;
        return steer_v3_lerp(s->from, s->to, t);
    }
    case SC_SHAPE_POINTS: return s->points[k];
    case SC_SHAPE_CIRCLE: {
        float a = 2.0f * STEER_PI * (float)k / (float)(s->count > 0 ? s->count : 1);
        return steer_v3_add(s->centre, on_ground(up, s->radius * steer_cos(a), s->radius * steer_sin(a)));
    }
    }
    return steer_v3_zero();
}

static steer_v3 spawn_centre(const sc_spawn *s)
{
    switch (s->shape) {
    case SC_SHAPE_BOX: return steer_v3_scale(steer_v3_add(s->min, s->max), 0.5f);
    case SC_SHAPE_DISC:
    case SC_SHAPE_CIRCLE: return s->centre;
    case SC_SHAPE_LINE: return steer_v3_scale(steer_v3_add(s->from, s->to), 0.5f);
    case SC_SHAPE_POINTS: break;
    }
    steer_v3 c = steer_v3_zero();
    for (int i = 0; i < s->count; ++i) c = steer_v3_add(c, s->points[i]);
    return s->count ? steer_v3_scale(c, 1.0f / (float)s->count) : c;
}

/* The spawn's heading for an agent at p: a unit vector, or zero (tangent or
 * outward at the shape's centre). Draws from rng for a random one, whatever
 * the speed, so a speed of 0 moves no other draw. A random one is on the
 * ground for a ground group (which drops a velocity's up part: a direction
 * on the sphere would start it slower than its speed, at any speed from 0
 * to it), with the same two draws. */
static steer_v3 spawn_direction(const sc_spawn *s, steer_v3 p, int dim, steer_up_axis up, bool ground,
                                steer_rng *rng)
{
    steer_v3 dir = steer_v3_zero();
    switch (s->heading) {
    case SC_HEADING_RANDOM: {
        float a = 2.0f * STEER_PI * draw(rng);
        if (dim == 3) {
            float z = 2.0f * draw(rng) - 1.0f, r = sqrtf(steer_maxf(0.0f, 1.0f - z * z));
            dir = ground ? on_ground(up, steer_cos(a), steer_sin(a))
                         : steer_v3_make(r * steer_cos(a), r * steer_sin(a), z);
        } else {
            dir = steer_v3_make(steer_cos(a), steer_sin(a), 0.0f);
        }
        break;
    }
    case SC_HEADING_ANGLE: dir = on_ground(up, steer_cos(s->angle), steer_sin(s->angle)); break;
    case SC_HEADING_TANGENT:
    case SC_HEADING_OUTWARD: { /* on the ground: the offset from the centre without its height */
        steer_v3 r = ground_of(up, steer_v3_sub(p, spawn_centre(s)));
        r.z = 0.0f;
        r = steer_v3_normalize(r);
        /* tangent: counter-clockwise seen from above */
        dir = ground_to_world(up, s->heading == SC_HEADING_OUTWARD ? r : steer_v3_make(-r.y, r.x, 0.0f));
        break;
    }
    }
    return dir;
}

/* In a world that keeps headings, a spawn standing still (speed 0, no
 * velocity) faces its heading: a unit drawn up facing the enemy. A heading
 * with no ground part is left out for a ground group (it would be refused). */
static void face_standing_spawn(steer_world *w, const steer_scenario_info *info, const sc_spawn *sp,
                                steer_agent_id id, steer_v3 dir, steer_up_axis up)
{
    if (!info->world.keep_headings || sp->has_velocity || sp->speed != 0.0f) return;
    steer_v3 ground = ground_of(up, dir);
    bool ground_group = info->dim == 3 && info->groups[sp->group].def.ground_plane;
    if (steer_v3_len_sq(dir) == 0.0f || (ground_group && ground.x == 0.0f && ground.y == 0.0f)) return;
    steer_world_set_heading(w, id, dir);
}

/* Agent k's body radius: the spawn's own (one, or drawn in [lo, hi] from
 * its own stream, so it moves no other draw), else its group's. */
static float body_radius(const steer_scenario_info *info, const sc_spawn *sp, steer_rng *rng)
{
    if (!sp->has_body_radius) return info->groups[sp->group].def.radius;
    if (sp->body_lo == sp->body_hi) return sp->body_lo;
    float r = sp->body_lo + (sp->body_hi - sp->body_lo) * draw(rng);
    return r < sp->body_lo ? sp->body_lo : r > sp->body_hi ? sp->body_hi : r;
}

/* Where agent k of spawn sp starts. A random place (box, disc) is kept out
 * of the obstacles, off the walls and out of closed wall polylines: with a
 * spacing, drawn again until it is and keeps the spacing from every agent
 * placed before it (false if no draw of SPACING_TRIES does); without, a few
 * deterministic retries for those alone. */
static bool place_agent(const steer_scenario *sc, const sc_spawn *sp, int k, steer_up_axis up, spacing_set *taken,
                        float radius, steer_rng *rng, steer_v3 *out)
{
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    steer_v3 p = spawn_position(sp, k, info->dim, up, rng);
    if (sp->shape == SC_SHAPE_BOX || sp->shape == SC_SHAPE_DISC) {
        if (sp->spacing > 0.0f) {
            for (int tries = 1; blocked(sc, p, radius) || !spaced(taken, p, sp->spacing); ++tries) {
                if (tries == SPACING_TRIES) return false;
                p = spawn_position(sp, k, info->dim, up, rng);
            }
        } else {
            for (int tries = 0; tries < 64 && blocked(sc, p, radius); ++tries)
                p = spawn_position(sp, k, info->dim, up, rng);
        }
    }
    *out = p;
    return true;
}

/* ---- goals ------------------------------------------------------------------------------ */
static steer_v3 box_point(const sc_goal *g, int dim, steer_rng *rng)
{
    float x = g->min.x + (g->max.x - g->min.x) * draw(rng);
    float y = g->min.y + (g->max.y - g->min.y) * draw(rng);
    float z = dim == 3 ? g->min.z + (g->max.z - g->min.z) * draw(rng) : 0.0f;
    return steer_v3_make(x, y, z);
}

/* An agent's own speed from its goal's spread: mean + sd z, z the sum of
 * twelve uniform draws less 6 (Irwin-Hall: mean 0, variance 1, close to a
 * normal and within +-6), clamped to [min, max]. Sums and products only:
 * the same bits on every machine, unlike a normal sampler through log. */
static float spread_speed(const sc_goal *g, steer_rng *rng)
{
    float z = 0.0f;
    for (int i = 0; i < 12; ++i) z += draw(rng);
    float v = g->speed + g->speed_sd * (z - 6.0f);
    return v < g->speed_min ? g->speed_min : v > g->speed_max ? g->speed_max : v;
}

/* Agent k's goal, placed at p: the file's goal with its target chosen. The
 * waypoints point into the spawn's goal (set_goal copies them). False when
 * the box's spacing found no point among the goals placed so far. */
static bool agent_goal(const sc_spawn *s, int k, steer_v3 p, int dim, steer_rng *box_rng, steer_rng *speed_rng,
                       spacing_set *goals, steer_goal *out)
{
    const sc_goal *g = &s->goal;
    *out = (steer_goal){.kind = g->kind, .slow_radius = g->slow_radius, .speed = g->speed, .path = g->path};
    if (g->speed_spread) out->speed = spread_speed(g, speed_rng);
    switch (g->place) {
    case SC_GOAL_TARGET: out->target = g->target; break;
    case SC_GOAL_ANTIPODE: out->target = steer_v3_sub(steer_v3_scale(spawn_centre(s), 2.0f), p); break;
    case SC_GOAL_POINTS:
        if (g->kind == STEER_GOAL_WAYPOINTS) out->points = g->points, out->point_count = g->point_count;
        else out->target = g->points[k % g->point_count];
        break;
    case SC_GOAL_BOX:
        out->target = box_point(g, dim, box_rng);
        for (int tries = 1; g->spacing > 0.0f && !spaced(goals, out->target, g->spacing); ++tries) {
            if (tries == SPACING_TRIES) return false;
            out->target = box_point(g, dim, box_rng);
        }
        break;
    case SC_GOAL_AROUND: out->target = g->target; break; /* until the world gives the places (build_spawns) */
    case SC_GOAL_PATH: out->progress = g->start == 1 ? -1 : 0; break; /* -1: the world finds the nearest */
    }
    if (dim == 2) out->target.z = 0.0f;
    return true;
}

/* An "around" goal's places: the world's for an order to its point
 * (steer_world_places_around), the spawn's agents the ones sent, spaced
 * by the goal's spacing or, without one, 2.5 radii of its widest body (the
 * group's, or the spawn's own body_radius; its separation radius when that
 * is larger and it separates). */
static bool order_places(steer_world *w, const sc_spawn *sp, const steer_agent_id *ids, steer_v3 *places)
{
    steer_group_def gd;
    if (steer_world_get_group(w, sp->group, &gd) != STEER_OK) return false;
    const float widest = sp->has_body_radius ? sp->body_hi : gd.radius;
    float spacing = sp->goal.spacing > 0.0f ? sp->goal.spacing
                                            : steer_maxf(2.5f * widest, gd.weight[STEER_SEPARATION] > 0.0f ? gd.separation_radius : 0.0f);
    steer_places_query q = {sp->goal.target, spacing > 0.0f ? spacing : 0.5f, 0.0f, ids, sp->count};
    return steer_world_places_around(w, &q, places, sp->count) >= 0; /* (fewer open: the rest still placed) */
}

static void set_error(char *error, int size, const char *what, int code)
{
    if (error && size > 0) snprintf(error, (size_t)size, "%s (%s)", what, steer_result_string((steer_result)code));
}

static void report(char *error, int size, const char *format, ...)
{
    if (!error || size <= 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, (size_t)size, format, args);
    va_end(args);
}

/* The spawn's path in the file, for an error: groups[G].spawn[J]. */
static void spawn_path(const steer_scenario *sc, int s, char *out, size_t size)
{
    int within = 0;
    for (int i = 0; i < s; ++i) within += sc->spawns[i].group == sc->spawns[s].group;
    snprintf(out, size, "groups[%d].spawn[%d]", sc->spawns[s].group, within);
}

/* The largest spacing of the spawns' places (goals: of their goals' boxes). */
static float largest_spacing(const steer_scenario *sc, bool goals)
{
    float largest = 0.0f;
    for (int s = 0; s < sc->spawn_count; ++s)
        largest = steer_maxf(largest, goals ? sc->spawns[s].goal.spacing : sc->spawns[s].spacing);
    return largest;
}

/* Every spawn's agents and their goals, in the file's order (ids[k]: agent
 * k's handle, when ids is given). Each spacing keeps to every place before
 * it, of its own spawn and the earlier ones. */
static bool add_spawns(const steer_scenario *sc, steer_world *w, uint64_t seed, steer_agent_id *ids, char *error,
                       int error_size)
{
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    const float place_cell = largest_spacing(sc, false), goal_cell = largest_spacing(sc, true);
    const steer_world_def *wd = &info->world;
    const float corners[6] = {wd->bounds_min.x, wd->bounds_min.y, info->dim == 3 ? wd->bounds_min.z : 0.0f,
                              wd->bounds_max.x, wd->bounds_max.y, info->dim == 3 ? wd->bounds_max.z : 0.0f};
    float far = 0.0f; /* the box's largest coordinate */
    for (int a = 0; a < 6; ++a) far = steer_maxf(far, steer_absf(corners[a]));
    spacing_set *taken = spacing_grid(info->dim, place_cell, far, info->total_agents);
    spacing_set *goals = spacing_grid(info->dim, goal_cell, far, info->total_agents);
    steer_v3 *drawn = 0;
    bool ok = (place_cell == 0.0f || taken) && (goal_cell == 0.0f || goals);
    if (!ok) set_error(error, error_size, "could not create the world", STEER_ERROR_OUT_OF_MEMORY);
    const steer_up_axis up = ground_up(info->dim, info->world.up);
    int added = 0;
    for (int s = 0; ok && s < sc->spawn_count; ++s) {
        const sc_spawn *sp = &sc->spawns[s];
        const int first = added;
        /* a box's random places, when the world assigns them, or an order's */
        drawn = sp->goal.kind != STEER_GOAL_NONE && sp->goal.assign &&
                        (sp->goal.place == SC_GOAL_BOX || sp->goal.place == SC_GOAL_AROUND)
                    ? malloc(sizeof *drawn * (size_t)(sp->count > 0 ? sp->count : 1))
                    : 0;
        uint64_t spawn_seed = sp->has_seed ? sp->seed : mix64(seed * 0x100000001B3ull + (uint64_t)sp->index);
        steer_rng rng = steer_rng_make(spawn_seed);
        /* the goals' own stream: a goal never moves the spawn's agents */
        steer_rng box_rng = steer_rng_make(sp->goal.has_seed ? sp->goal.seed : mix64(spawn_seed ^ 0x60A15ull));
        steer_rng speed_rng = steer_rng_make(mix64(spawn_seed ^ 0x5BEEDull)); /* its own: a spread moves no other draw */
        steer_rng radius_rng = steer_rng_make(mix64(spawn_seed ^ 0xB0D1ull)); /* its own too */
        char where[64];
        for (int k = 0; ok && k < sp->count; ++k) {
            steer_v3 p;
            const float radius = body_radius(info, sp, &radius_rng); /* before the place: kept clear of solids by it */
            if (!place_agent(sc, sp, k, up, taken, radius, &rng, &p)) {
                spawn_path(sc, s, where, sizeof where);
                report(error, error_size,
                       "%s.spacing: no place for agent %d of %d at least %g from the agents before it (and out of "
                       "the obstacles and walls) in %d random draws: give a larger shape, fewer agents or a smaller spacing",
                       where, k + 1, sp->count, (double)sp->spacing, SPACING_TRIES);
                ok = false;
                break;
            }
            if (!keep_place(taken, p)) {
                set_error(error, error_size, "could not create the world", STEER_ERROR_OUT_OF_MEMORY);
                ok = false;
                break;
            }
            bool ground = info->dim == 3 && info->groups[sp->group].def.ground_plane;
            steer_v3 dir = sp->has_velocity ? steer_v3_zero() : spawn_direction(sp, p, info->dim, up, ground, &rng);
            steer_v3 v = sp->has_velocity ? sp->velocity : steer_v3_scale(dir, sp->speed);
            steer_agent_id id = steer_world_add_agent(w, sp->group, p, v);
            if (id.index != 0) face_standing_spawn(w, info, sp, id, dir, up);
            if (ids && id.index != 0) ids[added] = id;
            ++added;
            if (id.index == 0) {
                set_error(error, error_size, "the world refused an agent", STEER_ERROR_CAPACITY);
                ok = false;
                break;
            }
            steer_result rr = sp->has_body_radius ? steer_world_set_radius(w, id, radius) : STEER_OK;
            if (rr != STEER_OK) { /* the format checked the rules: a world built with another def */
                spawn_path(sc, s, where, sizeof where);
                report(error, error_size, "%s.body_radius: the world refused %g for agent %d of %d (%s)", where,
                       (double)radius, k + 1, sp->count, steer_result_string(rr));
                ok = false;
                break;
            }
            if (sp->goal.kind == STEER_GOAL_NONE) continue;
            steer_goal goal;
            if (!agent_goal(sp, k, p, info->dim, &box_rng, &speed_rng, goals, &goal)) {
                spawn_path(sc, s, where, sizeof where);
                report(error, error_size,
                       "%s.goal.spacing: no point for agent %d of %d at least %g from the goals before it in %d "
                       "random draws: give a larger box or a smaller spacing",
                       where, k + 1, sp->count, (double)sp->goal.spacing, SPACING_TRIES);
                ok = false;
                break;
            }
            if ((goal.kind == STEER_GOAL_SEEK || goal.kind == STEER_GOAL_ARRIVE) && sp->goal.place != SC_GOAL_AROUND &&
                !keep_place(goals, goal.target)) {
                set_error(error, error_size, "could not create the world", STEER_ERROR_OUT_OF_MEMORY);
                ok = false;
                break;
            }
            if (drawn) drawn[k] = goal.target;
            steer_v3 route[SC_MAX_VIA + 1];
            if (sp->goal.via_count > 0) { /* the route first, then its own place: one waypoint list */
                memcpy(route, sp->goal.via, sizeof *route * (size_t)sp->goal.via_count);
                route[sp->goal.via_count] = goal.target;
                goal.kind = STEER_GOAL_WAYPOINTS;
                goal.points = route;
                goal.point_count = sp->goal.via_count + 1;
                goal.progress = 0;
            }
            steer_result gr = steer_world_set_goal(w, id, &goal);
            if (gr != STEER_OK) {
                set_error(error, error_size, "the world refused a goal", gr);
                ok = false;
            }
        }
        if (ok && drawn && sp->goal.place == SC_GOAL_AROUND && !order_places(w, sp, ids + first, drawn)) {
            set_error(error, error_size, "the world refused the places of an order", STEER_ERROR_OUT_OF_MEMORY);
            ok = false;
        }
        if (ok && sp->goal.kind != STEER_GOAL_NONE && sp->goal.assign) { /* the world chooses who goes where */
            bool own = sp->goal.place == SC_GOAL_BOX || sp->goal.place == SC_GOAL_AROUND;
            const steer_v3 *places = own ? drawn : sp->goal.points;
            int place_count = own ? sp->count : sp->goal.point_count;
            int sent = places ? steer_world_send_to_places(w, ids + first, sp->count, places, place_count,
                                                           sp->goal.assign == 2, NULL)
                              : STEER_ERROR_OUT_OF_MEMORY;
            if (sent != sp->count) {
                set_error(error, error_size, "the world refused an assignment of places",
                          sent < 0 ? sent : STEER_ERROR_INVALID_ARGUMENT);
                ok = false;
            }
        }
        free(drawn);
        drawn = 0;
    }
    spacing_destroy(taken);
    spacing_destroy(goals);
    return ok;
}

steer_world *steer_scenario_create_world(const steer_scenario *sc, const steer_scenario_overrides *o, char *error,
                                         int error_size)
{
    if (error && error_size > 0) error[0] = 0;
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    if (!info) {
        set_error(error, error_size, "the scenario is not finished", STEER_ERROR_INVALID_ARGUMENT);
        return 0;
    }
    steer_world_def def = info->world;
    uint64_t seed = o && o->set_seed ? o->seed : info->seed;
    def.seed = seed;
    if (o && o->threads > 0) def.worker_count = o->threads;
    if (o && o->extra_capacity > 0) def.capacity += o->extra_capacity;
    if (o && o->extra_obstacles > 0) def.max_obstacles += o->extra_obstacles;
    if (o && o->extra_paths > 0) def.max_paths += o->extra_paths;
    steer_world *w = steer_world_create(&def);
    if (!w) {
        set_error(error, error_size, "could not create the world", STEER_ERROR_OUT_OF_MEMORY);
        return 0;
    }
    int rc = 0;
    for (int i = 0; i < info->obstacle_count && rc >= 0; ++i) {
        rc = steer_world_add_obstacle(w, info->obstacles[i].centre, info->obstacles[i].radius);
        if (rc >= 0) rc = steer_world_set_obstacle_velocity(w, rc, info->obstacle_velocities[i]);
    }
    for (int i = 0; i < info->wall_count && rc >= 0; ++i) {
        rc = steer_world_add_wall(w, info->walls[i].a, info->walls[i].b);
        const steer_scenario_wall_height *h = &info->wall_heights[i];
        if (rc >= 0 && (h->bottom != -INFINITY || h->top != INFINITY)) rc = steer_world_set_wall_height(w, rc, h->bottom, h->top);
    }
    for (int i = 0; i < info->path_count && rc >= 0; ++i) {
        const steer_scenario_path *p = &info->paths[i];
        rc = steer_world_add_path(w, p->points, p->count, p->closed, p->radius);
    }
    for (int i = 0; i < info->flow_field_count && rc >= 0; ++i) {
        const sc_field *f = &sc->fields[i];
        steer_v3 *v = sc_field_vectors(f, info->dim, info->world.up, seed);
        rc = v ? steer_world_add_flow_field(w, f->origin, f->cell_size, f->n[0], f->n[1], f->n[2], v)
               : STEER_ERROR_OUT_OF_MEMORY;
        free(v);
    }
    for (int g = 0; g < info->group_count && rc >= 0; ++g) {
        steer_group_def def = info->groups[g].def;
        if (info->groups[g].leader >= 0) def.weight[STEER_FOLLOW_LEADER] = 0.0f; /* on once its leader exists (below) */
        rc = steer_world_add_group(w, &def);
    }
    if (rc < 0) {
        set_error(error, error_size, "the world refused an object or group", rc);
        steer_world_destroy(w);
        return 0;
    }
    /* leaders and formations name agents by their index in spawn order */
    bool named = info->formation_count > 0;
    for (int g = 0; g < info->group_count; ++g) named |= info->groups[g].leader >= 0;
    for (int s = 0; s < sc->spawn_count; ++s) named |= sc->spawns[s].goal.kind != STEER_GOAL_NONE && sc->spawns[s].goal.assign;
    steer_agent_id *ids = o && o->agent_ids ? o->agent_ids : 0, *own_ids = 0;
    if (named && !ids) {
        ids = own_ids = malloc(sizeof *ids * (size_t)(info->total_agents > 0 ? info->total_agents : 1));
        if (!ids) {
            set_error(error, error_size, "could not create the world", STEER_ERROR_OUT_OF_MEMORY);
            steer_world_destroy(w);
            return 0;
        }
    }
    if (!add_spawns(sc, w, seed, ids, error, error_size)) {
        free(own_ids);
        steer_world_destroy(w);
        return 0;
    }
    for (int g = 0; g < info->group_count && rc >= 0; ++g) {
        if (info->groups[g].leader < 0) continue;
        steer_group_def def = info->groups[g].def;
        def.leader = ids[info->groups[g].leader];
        rc = steer_world_set_group(w, g, &def);
    }
    for (int f = 0; f < info->formation_count && rc >= 0; ++f) {
        const steer_scenario_formation *fm = &info->formations[f];
        if (!fm->chain) {
            rc = steer_world_add_formation(w, ids[fm->leader], ids + fm->first_member, fm->slots, fm->count);
            continue;
        }
        for (int k = 0; k < fm->count && rc >= 0; ++k) /* each link follows the one before it */
            rc = steer_world_add_formation(w, ids[k == 0 ? fm->leader : fm->first_member + k - 1], ids + fm->first_member + k,
                                           fm->slots, 1);
    }
    free(own_ids);
    if (rc < 0) {
        set_error(error, error_size, "the world refused a leader or a formation", rc);
        steer_world_destroy(w);
        return 0;
    }
    return w;
}

void steer_scenario_follow_obstacles(steer_scenario *sc, const steer_world *world)
{
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    for (int i = 0; info && i < info->obstacle_count; ++i) {
        steer_v3 v = sc->obstacle_velocities[i];
        steer_obstacle3 o;
        if ((v.x != 0.0f || v.y != 0.0f || v.z != 0.0f) && steer_world_get_obstacle(world, i, &o) == STEER_OK)
            sc->obstacles[i].centre = o.centre;
    }
}
