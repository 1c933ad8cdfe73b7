/* Places for an order: where `count` agents sent to one point can stand
 * (steer_world_places_around, world.h). Outside the step; it reads the
 * objects' index and the agents' query index, and changes nothing. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_goal_steering.h"
#include "world_goals.h"
#include "world_handles.h"
#include "world_internal.h"
#include "world_object_index.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* The spiral: point j at c sqrt(j + 1/2) from the centre, j golden angles
 * round. With c = 1 its closest two points (the first and the fourth) are
 * 1.546 apart, so c = spacing / 1.546 makes them `spacing` apart. */
#define SPIRAL_CLOSEST 1.546f
#define GOLDEN_ANGLE 2.399963229728653 /* pi (3 - sqrt 5) */
#define TWO_PI 6.283185307179586
#define SEARCH_FACTOR 64 /* points looked at per place wanted before the ones passed over are taken */

typedef struct order {
    steer_world *w;
    steer_v2 centre;            /* on the ground */
    float height;               /* along the up axis (ground frame z; 0 in 2D) */
    float half, reach;          /* half the spacing; and the box margin on top */
    float c;                    /* the spiral's scale */
    bool bounded;
    float lo[2], hi[2];         /* a bounded world's box on the ground, less reach */
    float widest;               /* the largest agent radius of any group, or an agent's own */
    const uint8_t *mover;       /* by slot: 1 for an agent being sent */
    steer_agent_id *found;      /* query scratch */
    int found_capacity;
} order;

static steer_v2 spiral_point(const order *o, int j)
{
    /* the angle reduced exactly (fmod) from one rounding of j times the
     * golden angle, so the 262,144th point is as well placed as the first;
     * and the library's own sine and cosine: libm's differ between
     * platforms, and the places must not */
    float r = o->c * sqrtf((float)j + 0.5f), angle = (float)fmod(GOLDEN_ANGLE * (double)j, TWO_PI);
    return steer_v2_make(o->centre.x + r * steer_cos(angle), o->centre.y + r * steer_sin(angle));
}

static bool inside_box(const order *o, steer_v2 p)
{
    return !o->bounded || (p.x >= o->lo[0] && p.x <= o->hi[0] && p.y >= o->lo[1] && p.y <= o->hi[1]);
}

/* p on the ground at the order's height, in the world's frame. */
static steer_v3 in_world(const order *o, steer_v2 p)
{
    return steer__from_ground(o->w, steer_v3_make(p.x, p.y, o->w->dim == 3 ? o->height : 0.0f));
}

static bool clear_of_objects(const order *o, steer_v2 p)
{
    const steer_world *w = o->w;
    /* obstacles as upright cylinders: their ground copies, from p at height 0 */
    steer_v3 at = w->dim == 3 ? steer__from_ground(w, steer_v3_make(p.x, p.y, 0.0f)) : steer_v3_make(p.x, p.y, 0.0f);
    steer__near_obstacles near_obstacles;
    int n;
    const steer_obstacle3 *obstacles = steer__obstacles_within(w, w->dim == 3, at, o->half, &near_obstacles, &n);
    for (int k = 0; k < n; ++k)
        if (steer_v3_dist(at, obstacles[k].centre) < obstacles[k].radius + o->half) return false;
    /* walls it would stand by, at the order's height, and walls between it and the centre */
    steer__near_walls near_walls;
    const steer_segment3 *walls = steer__walls_within(w, steer_v3_make(p.x, p.y, o->height), o->half, o->half, &near_walls, &n);
    for (int k = 0; k < n; ++k) {
        steer_v2 ends[2] = {steer_v2_make(walls[k].a.x, walls[k].a.y), steer_v2_make(walls[k].b.x, walls[k].b.y)};
        float d = 0.0f;
        steer_path_closest_point2(&(steer_path2){ends, 2, false, 0.0f}, p, &d, NULL, NULL);
        if (d < o->half) return false;
    }
    return !steer__wall_across(w, o->centre, p, (steer__wall_level){o->height, o->half, 0.0f});
}

/* Whether agent d is on its way elsewhere: an own goal not reached whose
 * last point (where it will stand) is not within `reach` of p (or that
 * never ends). It leaves the point as the movers do: two squads ordered
 * through each other in one frame each take the other's ground. */
static bool on_its_way_elsewhere(const steer_world *w, uint32_t d, steer_v2 p, float reach)
{
    if (!steer__has_goal(w, (int)d)) return false;
    const steer__goal *goal = steer__goal_of(w, (int)d);
    steer_v3 end;
    if (goal->arrived) return false;
    if (!steer__goal_last_point(w, goal, &end)) return true;
    steer_v3 g = steer__to_ground(w, end);
    return !(steer_v2_dist(p, steer_v2_make(g.x, g.y)) < reach);
}

/* Whether an agent not being sent, nor on its way elsewhere, stands within
 * half the spacing and its own radius of p, on the ground. */
static bool clear_of_standing(order *o, steer_v2 p)
{
    steer_world *w = o->w;
    float reach = o->half + o->widest;
    steer_v3 a = steer_v3_make(p.x - reach, p.y - reach, -INFINITY), b = steer_v3_make(p.x + reach, p.y + reach, INFINITY);
    if (w->dim == 2) a.z = b.z = 0.0f;
    a = steer__from_ground(w, a), b = steer__from_ground(w, b);
    int n = steer_world_query_box(w, a, b, STEER_ALL_GROUPS, o->found, o->found_capacity);
    if (n > o->found_capacity) { /* more than ever before: room for all of them */
        steer_agent_id *more = steer_alloc(&w->def.allocator, sizeof *more * (size_t)n, 16);
        if (!more) return false; /* out of memory: taken as standing there (the point is passed over) */
        steer_free(&w->def.allocator, o->found);
        o->found = more, o->found_capacity = n;
        n = steer_world_query_box(w, a, b, STEER_ALL_GROUPS, o->found, o->found_capacity);
    }
    for (int k = 0; k < n; ++k) {
        uint32_t d, slot = o->found[k].index - 1u;
        if (o->mover[slot] || steer__handle_lookup(w, o->found[k], &d) != STEER_MISUSE_NONE) continue;
        steer_v3 q = steer__to_ground(w, steer__v3_at(w, w->p, (int)d));
        float r = steer__body_radius(w, (int)d);
        if (steer_v2_dist(p, steer_v2_make(q.x, q.y)) < o->half + r && !on_its_way_elsewhere(w, d, p, o->half + r)) return false;
    }
    return true;
}

static bool open_place(order *o, steer_v2 p)
{
    return inside_box(o, p) && clear_of_objects(o, p) && clear_of_standing(o, p);
}

/* A spiral of `count` places that would stick out of a bounded world's
 * box is moved in, whole (a box too small for it: its centre). */
static void move_inside(order *o, int count)
{
    if (!o->bounded) return;
    float extent = o->c * sqrtf((float)count - 0.5f);
    const steer_world *w = o->w;
    steer_v3 a = steer__to_ground(w, w->def.bounds_min), b = steer__to_ground(w, w->def.bounds_max);
    float lo[2] = {steer_minf(a.x, b.x), steer_minf(a.y, b.y)}, hi[2] = {steer_maxf(a.x, b.x), steer_maxf(a.y, b.y)};
    float at[2] = {o->centre.x, o->centre.y};
    for (int k = 0; k < 2; ++k) {
        float low = lo[k] + o->reach + extent, high = hi[k] - o->reach - extent;
        at[k] = low <= high ? steer_clampf(at[k], low, high) : 0.5f * (lo[k] + hi[k]);
        o->lo[k] = lo[k] + o->reach, o->hi[k] = hi[k] - o->reach;
    }
    o->centre = steer_v2_make(at[0], at[1]);
}

int steer_world_places_around(steer_world *w, const steer_places_query *q, steer_v3 *places, int count)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!q, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "query = NULL: must point to a steer_places_query");
    STEER_MISUSE_IF(count < 0 || count > STEER_MAX_PLACES, STEER_ERROR_INVALID_ARGUMENT, COUNT_NEGATIVE,
                    "count = %d: must be 0 .. STEER_MAX_PLACES (%d)", count, STEER_MAX_PLACES);
    STEER_MISUSE_IF(count > 0 && !places, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "places = NULL, count = %d: must point to room for count places", count);
    STEER_MISUSE_IF(!steer_v3_is_valid(q->centre), STEER_ERROR_INVALID_ARGUMENT, PLACES_QUERY,
                    "query->centre = (%g, %g, %g): must be finite", (double)q->centre.x, (double)q->centre.y,
                    (double)q->centre.z);
    STEER_MISUSE_IF(!(q->spacing > 0.0f) || !steer_is_finite(q->spacing), STEER_ERROR_INVALID_ARGUMENT, PLACES_QUERY,
                    "query->spacing = %g: must be > 0 and finite", (double)q->spacing);
    STEER_MISUSE_IF(!(q->box_margin >= 0.0f) || !steer_is_finite(q->box_margin), STEER_ERROR_INVALID_ARGUMENT,
                    PLACES_QUERY, "query->box_margin = %g: must be >= 0 and finite", (double)q->box_margin);
    STEER_MISUSE_IF(q->mover_count < 0 || (q->mover_count > 0 && !q->movers), STEER_ERROR_INVALID_ARGUMENT, PLACES_QUERY,
                    "query->mover_count = %d with movers %s: must be >= 0, with movers pointing to that many handles",
                    q->mover_count, q->movers ? "set" : "NULL");
    if (count == 0) return 0;
    steer_v3 g = steer__to_ground(w, q->centre);
    /* an unbounded world takes the spiral where it falls: its farthest point
     * searched must be a float (a bounded one clamps its points into the box) */
    double farthest = (double)(q->spacing / SPIRAL_CLOSEST) * sqrt((double)SEARCH_FACTOR * (double)count);
    STEER_MISUSE_IF(w->def.boundary == STEER_BOUNDARY_NONE &&
                        !(fmax(fabs((double)g.x), fabs((double)g.y)) + farthest <= 0.99 * (double)FLT_MAX),
                    STEER_ERROR_INVALID_ARGUMENT, PLACES_QUERY,
                    "query->spacing = %g about query->centre = (%g, %g, %g), count = %d: in an unbounded world the "
                    "spiral (out to %g from the centre) must stay within the float range",
                    (double)q->spacing, (double)q->centre.x, (double)q->centre.y, (double)q->centre.z, count, farthest);
    steer__objects_prepare(w);
    order o = {w, steer_v2_make(g.x, g.y), w->dim == 3 ? g.z : 0.0f, 0.5f * q->spacing, 0.5f * q->spacing + q->box_margin,
               q->spacing / SPIRAL_CLOSEST, w->def.boundary != STEER_BOUNDARY_NONE, {0, 0}, {0, 0}, 0.0f, NULL, NULL, 0};
    for (int k = 0; k < w->group_count; ++k) o.widest = steer_maxf(o.widest, w->groups[k].def.radius);
    o.widest = steer_maxf(o.widest, w->own_radius_max);
    const size_t searched_bytes = (size_t)SEARCH_FACTOR * (size_t)count;
    /* by slot, whether an agent is being sent; then by point of the spiral
     * searched, whether it was open (the fallback takes the others) */
    uint8_t *mover = steer_alloc(&w->def.allocator, (size_t)w->slot_high + 1 + searched_bytes, 16);
    if (!mover) return STEER_ERROR_OUT_OF_MEMORY;
    memset(mover, 0, (size_t)w->slot_high + 1 + searched_bytes);
    uint8_t *was_open = mover + (size_t)w->slot_high + 1;
    for (int i = 0; i < q->mover_count; ++i) { /* a stale handle names no one standing */
        uint32_t d;
        if (steer__handle_lookup(w, q->movers[i], &d) == STEER_MISUSE_NONE) mover[q->movers[i].index - 1u] = 1;
    }
    o.mover = mover;
    const steer_v2 clicked = o.centre;
    move_inside(&o, count);
    if (count == 1 && open_place(&o, clicked)) { /* one unit goes where it was sent: the spiral's first point is off it */
        places[0] = in_world(&o, clicked);
        steer_free(&w->def.allocator, o.found);
        steer_free(&w->def.allocator, mover);
        return 1;
    }
    /* the spiral's open points; then, too few open within SEARCH_FACTOR
     * points a place, those passed over inside the box (in a rock, by or
     * behind a wall, by a standing agent), nearest first, then the spiral
     * on, moved into the box (a place outside it is never reached) */
    int kept = 0;
    const int searched = SEARCH_FACTOR * count;
    for (int j = 0; kept < count && j < searched; ++j) {
        steer_v2 p = spiral_point(&o, j);
        if (open_place(&o, p)) places[kept++] = in_world(&o, p), was_open[j] = 1;
    }
    const int open = kept;
    for (int j = 0; kept < count; ++j) { /* (every point searched was looked at) */
        steer_v2 p = spiral_point(&o, j);
        if (j < searched && (!inside_box(&o, p) || was_open[j])) continue;
        if (o.bounded) {
            p.x = o.lo[0] <= o.hi[0] ? steer_clampf(p.x, o.lo[0], o.hi[0]) : o.centre.x;
            p.y = o.lo[1] <= o.hi[1] ? steer_clampf(p.y, o.lo[1], o.hi[1]) : o.centre.y;
        }
        places[kept++] = in_world(&o, p);
    }
    steer_free(&w->def.allocator, o.found);
    steer_free(&w->def.allocator, mover);
    return open;
}
