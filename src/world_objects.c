/* The world's shared objects: obstacles (with their velocities and their
 * moves on request), walls (with their heights), paths and flow fields,
 * added, set, read and counted. Their index by place is in
 * world_object_index.c. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_objects.h"
#include "world_checks.h"
#include "world_goals.h"
#include "world_handles.h"
#include "world_solids.h"
#include "misuse_internal.h"

#include <math.h>

int steer_world_add_obstacle(steer_world *w, steer_v3 centre, float radius)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!finite3(centre), STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_CENTRE,
                    "centre = (%g, %g, %g): must be finite", V3(centre));
    STEER_MISUSE_IF(!nonneg(radius), STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_RADIUS, "radius = %g:" NONNEG, (double)radius);
    if (w->obstacle_count >= w->def.max_obstacles) return STEER_ERROR_CAPACITY;
    w->obstacles[w->obstacle_count] = (steer_obstacle3){flatten(w, centre), radius};
    w->obstacle_velocity[w->obstacle_count] = steer_v3_zero();
    steer__objects_changed(w);
    return w->obstacle_count++;
}

steer_result steer_world_set_obstacle(steer_world *w, int index, steer_v3 centre, float radius)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(index < 0 || index >= w->obstacle_count, STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_INDEX,
                    "index = %d: must be in [0, %d), the obstacles added", index, w->obstacle_count);
    STEER_MISUSE_IF(!finite3(centre), STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_CENTRE,
                    "centre = (%g, %g, %g): must be finite", V3(centre));
    STEER_MISUSE_IF(!nonneg(radius), STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_RADIUS, "radius = %g:" NONNEG, (double)radius);
    w->obstacles[index] = (steer_obstacle3){flatten(w, centre), radius};
    steer__objects_changed(w);
    return STEER_OK;
}

steer_result steer_world_set_obstacle_velocity(steer_world *w, int index, steer_v3 velocity)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(index < 0 || index >= w->obstacle_count, STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_INDEX,
                    "index = %d: must be in [0, %d), the obstacles added", index, w->obstacle_count);
    STEER_MISUSE_IF(!finite3(velocity), STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_VELOCITY,
                    "velocity = (%g, %g, %g): must be finite", V3(velocity));
    w->obstacle_velocity[index] = flatten(w, velocity);
    return STEER_OK;
}

steer_v3 steer_world_get_obstacle_velocity(const steer_world *w, int index)
{
    STEER__CHECK_WORLD(w, steer_v3_zero(), steer_v3_zero());
    STEER_MISUSE_IF(index < 0 || index >= w->obstacle_count, steer_v3_zero(), OBSTACLE_INDEX,
                    "index = %d: must be in [0, %d), the obstacles added", index, w->obstacle_count);
    return w->obstacle_velocity[index];
}

/* x on axis a of a box [lo, lo + extent): wrapped back in on a torus, or
 * bounced off a clamped face (*v reversed), else as it is. */
static float move_within(const steer_world *w, int a, float x, float *v)
{
    float lo = steer_v3_get(w->def.bounds_min, a), hi = steer_v3_get(w->def.bounds_max, a), extent = hi - lo;
    if (!(extent > 0.0f)) return x;
    if (w->def.boundary == STEER_BOUNDARY_WRAP) { /* as the agents wrap */
        steer__wrap_axis(&x, lo, extent);
        return x;
    }
    if (w->def.boundary == STEER_BOUNDARY_CLAMP && (x < lo || x > hi)) {
        x = x < lo ? lo + (lo - x) : hi - (x - hi);
        *v = -*v;
        return steer_clampf(x, lo, hi); /* a move longer than the box bounces once and ends on a face */
    }
    return x;
}

steer_result steer_world_move_obstacles(steer_world *w, float dt)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!steer_is_finite(dt) || dt < 0.0f, STEER_ERROR_INVALID_ARGUMENT, STEP_DT,
                    "dt = %g: must be finite and >= 0", (double)dt);
    bool moved = false;
    for (int i = 0; i < w->obstacle_count; ++i) {
        steer_v3 v = w->obstacle_velocity[i];
        if (v.x == 0.0f && v.y == 0.0f && v.z == 0.0f) continue;
        float c[3] = {w->obstacles[i].centre.x + v.x * dt, w->obstacles[i].centre.y + v.y * dt,
                      w->obstacles[i].centre.z + v.z * dt};
        float u[3] = {v.x, v.y, v.z};
        for (int a = 0; a < w->dim; ++a) c[a] = move_within(w, a, c[a], &u[a]);
        steer_v3 centre = steer_v3_make(c[0], c[1], c[2]);
        if (!finite3(centre)) continue; /* a velocity past the float range: it stays */
        w->obstacles[i].centre = centre;
        w->obstacle_velocity[i] = steer_v3_make(u[0], u[1], u[2]);
        moved = true;
    }
    if (moved) steer__objects_changed(w);
    return STEER_OK;
}

steer_result steer_world_get_obstacle(const steer_world *w, int index, steer_obstacle3 *out)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_obstacle3");
    STEER_MISUSE_IF(index < 0 || index >= w->obstacle_count, STEER_ERROR_INVALID_ARGUMENT, OBSTACLE_INDEX,
                    "index = %d: must be in [0, %d), the obstacles added", index, w->obstacle_count);
    *out = w->obstacles[index];
    return STEER_OK;
}

steer_result steer_world_get_wall(const steer_world *w, int index, steer_segment3 *out)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_segment3");
    STEER_MISUSE_IF(index < 0 || index >= w->wall_count, STEER_ERROR_INVALID_ARGUMENT, WALL_INDEX,
                    "index = %d: must be in [0, %d), the walls added", index, w->wall_count);
    *out = (steer_segment3){steer__from_ground(w, w->walls[index].a), steer__from_ground(w, w->walls[index].b)};
    return STEER_OK;
}

void steer_world_clear_obstacles(steer_world *w)
{
    STEER__CHECK_WORLD(w, , );
    w->obstacle_count = 0;
    steer__objects_changed(w);
}

int steer_world_obstacle_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->obstacle_count;
}
int steer_world_wall_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->wall_count;
}

/* A wall's ends checked for `function` and stored in the ground frame into
 * *out; false, reported, for bad ends. */
static bool wall_from(const steer_world *w, const char *function, steer_v3 a, steer_v3 b, steer_segment3 *out)
{
    STEER__REQUIRE(finite3(a), WALL_END, "a = (%g, %g, %g): must be finite", V3(a));
    STEER__REQUIRE(finite3(b), WALL_END, "b = (%g, %g, %g): must be finite", V3(b));
    *out = (steer_segment3){steer__to_ground(w, flatten(w, a)), steer__to_ground(w, flatten(w, b))};
    STEER__REQUIRE(out->a.x != out->b.x || out->a.y != out->b.y, WALL_END,
                   "a = (%g, %g, %g), b = (%g, %g, %g): one point on the ground; a wall needs length (a post is an "
                   "obstacle)", V3(a), V3(b));
    return true;
}

int steer_world_add_wall(steer_world *w, steer_v3 a, steer_v3 b)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    steer_segment3 wall;
    if (!wall_from(w, __func__, a, b, &wall)) return STEER_ERROR_INVALID_ARGUMENT;
    if (w->wall_count >= w->def.max_walls) return STEER_ERROR_CAPACITY;
    w->walls[w->wall_count] = wall;
    w->wall_heights[w->wall_count] = (steer__wall_height){-INFINITY, INFINITY};
    steer__objects_changed(w);
    return w->wall_count++;
}

steer_result steer_world_set_wall(steer_world *w, int index, steer_v3 a, steer_v3 b)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(index < 0 || index >= w->wall_count, STEER_ERROR_INVALID_ARGUMENT, WALL_INDEX,
                    "index = %d: must be in [0, %d), the walls added", index, w->wall_count);
    steer_segment3 wall;
    if (!wall_from(w, __func__, a, b, &wall)) return STEER_ERROR_INVALID_ARGUMENT;
    w->walls[index] = wall;
    steer__objects_changed(w);
    return STEER_OK;
}

void steer_world_clear_walls(steer_world *w)
{
    STEER__CHECK_WORLD(w, , );
    w->wall_count = 0;
    w->short_walls = 0;
    steer__objects_changed(w);
}

static bool wall_is_short(const steer__wall_height *h) { return h->bottom != -INFINITY || h->top != INFINITY; }

steer_result steer_world_set_wall_height(steer_world *w, int index, float bottom, float top)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(index < 0 || index >= w->wall_count, STEER_ERROR_INVALID_ARGUMENT, WALL_INDEX,
                    "index = %d: must be in [0, %d), the walls added", index, w->wall_count);
    STEER_MISUSE_IF(w->dim != 3, STEER_ERROR_INVALID_ARGUMENT, WALL_HEIGHT,
                    "bottom = %g, top = %g: a 2D world's walls have no height", (double)bottom, (double)top);
    STEER_MISUSE_IF(!(bottom < top), STEER_ERROR_INVALID_ARGUMENT, WALL_HEIGHT,
                    "bottom = %g, top = %g: bottom must be below top (-inf and inf stand at every height)",
                    (double)bottom, (double)top);
    w->short_walls -= wall_is_short(&w->wall_heights[index]);
    w->wall_heights[index] = (steer__wall_height){bottom, top};
    w->short_walls += wall_is_short(&w->wall_heights[index]);
    return STEER_OK;
}

steer_result steer_world_get_wall_height(const steer_world *w, int index, float *bottom, float *top)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!bottom || !top, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "%s = NULL: must point to a float", bottom ? "top" : "bottom");
    STEER_MISUSE_IF(index < 0 || index >= w->wall_count, STEER_ERROR_INVALID_ARGUMENT, WALL_INDEX,
                    "index = %d: must be in [0, %d), the walls added", index, w->wall_count);
    *bottom = w->wall_heights[index].bottom;
    *top = w->wall_heights[index].top;
    return STEER_OK;
}

/* A path's points checked for `function` (add_path, set_path): false,
 * reported, for a bad one. */
static bool path_valid(const char *function, const steer_v3 *points, int count, float radius)
{
    STEER__REQUIRE(points, NULL_ARGUMENT, "points = NULL: must point to count points");
    STEER__REQUIRE(count >= 1 && count <= (1 << 20), PATH_COUNT, "count = %d: must be in [1, 2^20]", count);
    STEER__REQUIRE(nonneg(radius), PATH_RADIUS, "radius = %g:" NONNEG, (double)radius);
    for (int i = 0; i < count; ++i)
        STEER__REQUIRE(finite3(points[i]), PATH_POINT, "points[%d] = (%g, %g, %g): must be finite", i, V3(points[i]));
    return true;
}

/* Checked points copied, with their level copy in 3D: STEER_OK, or
 * OUT_OF_MEMORY with nothing allocated. */
static steer_result path_copy(steer_world *w, const steer_v3 *points, int count, bool closed, float radius,
                              steer__path *out)
{
    steer_v3 *copy = steer__world_alloc_array(w, (size_t)count * steer__path_copies(w->dim), sizeof(steer_v3));
    if (!copy) return STEER_ERROR_OUT_OF_MEMORY;
    for (int i = 0; i < count; ++i) copy[i] = flatten(w, points[i]);
    *out = (steer__path){copy, NULL, count, closed, radius};
    steer__path_level(w, out);
    return STEER_OK;
}

int steer_world_add_path(steer_world *w, const steer_v3 *points, int count, bool closed, float radius)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    if (!path_valid(__func__, points, count, radius)) return STEER_ERROR_INVALID_ARGUMENT;
    if (w->path_count >= w->def.max_paths) return STEER_ERROR_CAPACITY;
    steer_result r = path_copy(w, points, count, closed, radius, &w->paths[w->path_count]);
    return r != STEER_OK ? r : w->path_count++;
}

steer_result steer_world_set_path(steer_world *w, int index, const steer_v3 *points, int count, bool closed,
                                  float radius)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(index < 0 || index >= w->path_count, STEER_ERROR_INVALID_ARGUMENT, PATH_INDEX,
                    "index = %d: must be in [0, %d), the paths added", index, w->path_count);
    if (!path_valid(__func__, points, count, radius)) return STEER_ERROR_INVALID_ARGUMENT;
    steer__path fresh;
    steer_result r = path_copy(w, points, count, closed, radius, &fresh);
    if (r != STEER_OK) return r; /* the old path stays */
    steer_free(&w->def.allocator, w->paths[index].points);
    w->paths[index] = fresh;
    /* a PATH goal on it goes on from the new route's segment nearest its agent
     * (its old segment need not exist, nor mean anything, on the new route) */
    bool handles = false;
    for (int k = 0; k < w->goal_count; ++k) {
        steer__goal *g = &w->goals[k];
        if (g->kind != STEER_GOAL_PATH || g->path != index) continue;
        if (!handles) steer__world_ensure_handles(w), handles = true; /* slot -> agent, as the step left them */
        g->progress = steer__path_nearest_segment(w, w->dense_of_slot[g->slot], g);
    }
    return STEER_OK;
}

int steer_world_path_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->path_count;
}

void steer__path_level(const steer_world *w, steer__path *p)
{
    p->flat = p->points;
    if (w->dim != 3) return;
    p->flat = p->points + p->count;
    for (int i = 0; i < p->count; ++i) {
        p->flat[i] = p->points[i];
        steer__drop_up(w, &p->flat[i]);
    }
}

int steer_world_add_flow_field(steer_world *w, steer_v3 origin, float cell_size, int nx, int ny, int nz,
                               const steer_v3 *vectors)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    if (w->dim == 2) nz = 1;
    STEER_MISUSE_IF(!vectors, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "vectors = NULL: must point to nx*ny*nz vectors");
    STEER_MISUSE_IF(!finite3(origin), STEER_ERROR_INVALID_ARGUMENT, FLOW_FIELD_ORIGIN,
                    "origin = (%g, %g, %g): must be finite", V3(origin));
    STEER_MISUSE_IF(!positive(cell_size), STEER_ERROR_INVALID_ARGUMENT, FLOW_FIELD_CELL_SIZE,
                    "cell_size = %g:" POSITIVE, (double)cell_size);
    STEER_MISUSE_IF(nx < 1 || ny < 1 || nz < 1 || (long long)nx * ny * nz > (1 << 24), STEER_ERROR_INVALID_ARGUMENT,
                    FLOW_FIELD_SIZE, "nx, ny, nz = %d, %d, %d: each must be >= 1, nx*ny*nz at most 2^24", nx, ny, nz);
    size_t n = (size_t)nx * (size_t)ny * (size_t)nz;
    for (size_t i = 0; i < n; ++i)
        STEER_MISUSE_IF(!finite3(vectors[i]), STEER_ERROR_INVALID_ARGUMENT, FLOW_FIELD_VECTOR,
                        "vectors[%zu] = (%g, %g, %g): must be finite", i, V3(vectors[i]));
    if (w->field_count >= w->def.max_flow_fields) return STEER_ERROR_CAPACITY;
    steer_v3 *copy = steer__world_alloc_array(w, n, sizeof(steer_v3));
    if (!copy) return STEER_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; i < n; ++i) copy[i] = flatten(w, vectors[i]);
    w->fields[w->field_count] = (steer__field){flatten(w, origin), cell_size, nx, ny, nz, copy};
    return w->field_count++;
}
