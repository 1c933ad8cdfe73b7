/* What the pictures mark beneath the agents (scenario.h): worked out once
 * here, so `steer run`'s canvas and the playground draw the same things by
 * the same rules and differ only in how they draw them. */
#include "scenario.h"

#include <stdlib.h>
#include <string.h>

#include "ground.h"

static bool same_mark(const steer_scenario_mark *m, steer_scenario_mark_kind kind, steer_v3 a, steer_v3 b)
{
    return m->kind == kind && steer_v3_dist_sq(m->a, a) == 0.0f && steer_v3_dist_sq(m->b, b) == 0.0f;
}

/* A contain box is a pen when it lies inside the world on the ground and
 * is not the world itself (a zero box means the world's bounds). */
static bool is_pen(const steer_group_def *d, const steer_world_def *w)
{
    steer_v3 zero = steer_v3_make(0.0f, 0.0f, 0.0f);
    if (steer_v3_dist_sq(d->contain_min, zero) == 0.0f && steer_v3_dist_sq(d->contain_max, zero) == 0.0f) return false;
    steer_up_axis up = ground_up(w->dim, w->up);
    steer_v3 a = ground_of(up, d->contain_min), b = ground_of(up, d->contain_max);
    steer_v3 wa = ground_of(up, w->bounds_min), wb = ground_of(up, w->bounds_max);
    float lo[2] = {steer_minf(a.x, b.x), steer_minf(a.y, b.y)}, hi[2] = {steer_maxf(a.x, b.x), steer_maxf(a.y, b.y)};
    float wlo[2] = {steer_minf(wa.x, wb.x), steer_minf(wa.y, wb.y)}, whi[2] = {steer_maxf(wa.x, wb.x), steer_maxf(wa.y, wb.y)};
    bool inside = true, whole = true;
    for (int k = 0; k < 2; ++k) {
        inside = inside && lo[k] < hi[k] && lo[k] >= wlo[k] && hi[k] <= whi[k];
        whole = whole && lo[k] == wlo[k] && hi[k] == whi[k];
    }
    return inside && !whole;
}

int steer_scenario_marks(const steer_group_def *const *groups, int count, const steer_world_def *world,
                         steer_scenario_mark *out)
{
    int n = 0;
    for (int g = 0; g < count; ++g) {
        const steer_group_def *d = groups[g];
        steer_scenario_mark wanted[3];
        int k = 0;
        if (d->weight[STEER_SEEK] != 0.0f || d->weight[STEER_ARRIVE] != 0.0f)
            wanted[k++] = (steer_scenario_mark){STEER_SCENARIO_MARK_TARGET, d->target, steer_v3_make(0.0f, 0.0f, 0.0f), g};
        if (d->weight[STEER_FLEE] != 0.0f)
            wanted[k++] = (steer_scenario_mark){STEER_SCENARIO_MARK_THREAT, d->threat,
                                                steer_v3_make(d->panic_distance, 0.0f, 0.0f), g};
        if (d->weight[STEER_CONTAIN] != 0.0f && is_pen(d, world))
            wanted[k++] = (steer_scenario_mark){STEER_SCENARIO_MARK_PEN, d->contain_min, d->contain_max, g};
        for (int i = 0; i < k; ++i) {
            bool marked = false;
            for (int j = 0; j < n && !marked; ++j) marked = same_mark(&out[j], wanted[i].kind, wanted[i].a, wanted[i].b);
            if (!marked) out[n++] = wanted[i];
        }
    }
    return n;
}

/* ---- goals ------------------------------------------------------------------------ */
typedef struct mark_list {
    steer_scenario_mark *items;
    int count, room;
    bool failed;
} mark_list;

static void add(mark_list *l, steer_scenario_mark m)
{
    if (l->failed) return;
    if (l->count == l->room) {
        int room = l->room ? 2 * l->room : 256;
        steer_scenario_mark *more = realloc(l->items, sizeof *more * (size_t)room);
        if (!more) {
            l->failed = true;
            return;
        }
        l->items = more;
        l->room = room;
    }
    l->items[l->count++] = m;
}

/* A total order on places (group, then x, y, z), so equal ones end up side
 * by side and the list comes out the same on every run. */
static int cmp_float(float a, float b) { return (a > b) - (a < b); }
static int place_order(const void *pa, const void *pb)
{
    const steer_scenario_mark *a = pa, *b = pb;
    if (a->group != b->group) return a->group < b->group ? -1 : 1;
    int c = cmp_float(a->a.x, b->a.x);
    if (!c) c = cmp_float(a->a.y, b->a.y);
    return c ? c : cmp_float(a->a.z, b->a.z);
}

/* A group's distinct waypoint routes, kept while they are few enough to draw. */
typedef struct route { steer_v3 *points; int count; } route;
typedef struct group_routes { route kept[STEER_SCENARIO_ROUTE_LINES]; int distinct; } group_routes;

static bool same_route(const route *r, const steer_v3 *points, int count)
{
    return r->count == count && memcmp(r->points, points, sizeof *points * (size_t)count) == 0;
}

/* Keeps points (ownership passes) as one of g's routes when it is a new one
 * and g still has room; counts every distinct one up to one past the room. */
static void keep_route(group_routes *g, steer_v3 *points, int count)
{
    for (int i = 0; i < g->distinct && i < STEER_SCENARIO_ROUTE_LINES; ++i)
        if (same_route(&g->kept[i], points, count)) {
            free(points);
            return;
        }
    if (g->distinct < STEER_SCENARIO_ROUTE_LINES) g->kept[g->distinct] = (route){points, count};
    else free(points);
    if (g->distinct <= STEER_SCENARIO_ROUTE_LINES) g->distinct++;
}

/* Whether agent i (in spawn order) is one of a formation's members. */
static bool in_formation(const steer_scenario_info *info, int i)
{
    for (int f = 0; f < info->formation_count; ++f) {
        const steer_scenario_formation *fm = &info->formations[f];
        if (i >= fm->first_member && i < fm->first_member + fm->count) return true;
    }
    return false;
}

steer_scenario_mark *steer_scenario_goal_marks(const steer_scenario_info *info, const steer_world *world,
                                               const steer_agent_id *ids, int *n)
{
    *n = 0;
    int count = info->total_agents;
    mark_list places = {0}, legs = {0};
    group_routes routes[STEER_SCENARIO_MARK_GROUPS];
    memset(routes, 0, sizeof routes);
    steer_v3 none = steer_v3_make(0.0f, 0.0f, 0.0f);
    for (int i = 0; i < count && !places.failed; ++i) {
        steer_agent_state s;
        steer_goal goal;
        if (ids[i].index == 0 || in_formation(info, i) || steer_world_get_agent(world, ids[i], &s) != STEER_OK ||
            steer_world_get_goal(world, ids[i], &goal) != STEER_OK || s.group < 0 || s.group >= STEER_SCENARIO_MARK_GROUPS)
            continue;
        if (goal.kind == STEER_GOAL_SEEK || goal.kind == STEER_GOAL_ARRIVE)
            add(&places, (steer_scenario_mark){STEER_SCENARIO_MARK_PLACE, goal.target, none, s.group});
        if (goal.kind != STEER_GOAL_WAYPOINTS || goal.point_count < 1) continue;
        steer_v3 *points = malloc(sizeof *points * (size_t)goal.point_count);
        if (!points || steer_world_get_goal_points(world, ids[i], points, goal.point_count) != goal.point_count) {
            free(points);
            places.failed = !points;
            continue;
        }
        for (int k = 0; k < goal.point_count; ++k)
            add(&places, (steer_scenario_mark){STEER_SCENARIO_MARK_PLACE, points[k], none, s.group});
        keep_route(&routes[s.group], points, goal.point_count);
    }
    for (int g = 0; g < STEER_SCENARIO_MARK_GROUPS; ++g)
        for (int r = 0; r < routes[g].distinct && r < STEER_SCENARIO_ROUTE_LINES; ++r) {
            const route *k = &routes[g].kept[r];
            if (routes[g].distinct <= STEER_SCENARIO_ROUTE_LINES)
                for (int p = 1; p < k->count; ++p)
                    add(&legs, (steer_scenario_mark){STEER_SCENARIO_MARK_ROUTE, k->points[p - 1], k->points[p], g});
            free(k->points);
        }
    if (places.count > 1) qsort(places.items, (size_t)places.count, sizeof *places.items, place_order);
    int kept = 0;
    for (int i = 0; i < places.count; ++i)
        if (!kept || place_order(&places.items[kept - 1], &places.items[i]) != 0) places.items[kept++] = places.items[i];
    places.count = kept;
    /* the legs first: each place's dot goes over the lines that meet there */
    for (int i = 0; i < places.count; ++i) add(&legs, places.items[i]);
    free(places.items);
    if (places.failed || legs.failed || !legs.count) {
        free(legs.items);
        return 0;
    }
    *n = legs.count;
    return legs.items;
}
