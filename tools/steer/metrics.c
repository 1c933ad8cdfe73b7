/* Motion-quality figures. Each is defined where it is computed; the docs
 * (docs/scenarios.md, "Motion-quality figures") repeat the definitions. */
#include "metrics.h"
#include "ground.h"
#include "tool_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PENETRATION_TOLERANCE 1e-3 /* solid obstacles leave agents exactly at contact: ignore rounding */

/* A point on the ground (ground.h), where walls stand: what a wall
 * crossing is tested on. */
static steer_v2 on_ground(const steer_scenario_info *info, steer_v3 p)
{
    return steer_v2_from_v3(ground_of(ground_up(info->dim, info->world.up), p));
}

/* The shortest offset from p to q: across the seam on a torus (how one
 * agent sees another, and how far a step that wraps went). */
steer_v3 metrics_offset(const steer_scenario_info *info, steer_v3 p, steer_v3 q)
{
    steer_v3 d = steer_v3_sub(q, p);
    if (info->world.boundary != STEER_BOUNDARY_WRAP) return d;
    for (int a = 0; a < info->dim; ++a) {
        float extent = steer_v3_get(info->world.bounds_max, a) - steer_v3_get(info->world.bounds_min, a);
        float c = steer_v3_get(d, a);
        if (c > 0.5f * extent) d = steer_v3_set(d, a, c - extent);
        else if (c < -0.5f * extent) d = steer_v3_set(d, a, c + extent);
    }
    return d;
}

/* ---- overlapping bodies -----------------------------------------------------------------
 * After every step the agents are sorted by cell (cells of side at least
 * METRICS_FRACTION_REACH times the largest sum of two radii, so every pair
 * closer than that lies in one cell or two neighbouring ones) and each
 * cell's pairs are tested against its own agents and those of the cells
 * after it in (z, y, x) order. Within a cell the agents are sorted along
 * the axis where they spread widest, and an agent is tested only against
 * those within the reach that still matters along it: the sum of radii
 * while new overlaps are counted, and the closest fraction so far times
 * it (which shrinks as closer pairs turn up). So a crowd packed into one
 * cell costs a sort and its overlapping pairs up to the count's cap, not
 * every pair of the cell at every step. The order is kept from step to
 * step: agents change places rarely, so an insertion sort finishes in a
 * pass or two (a sort from scratch when it would not). On a torus the
 * cells tile each side exactly and wrap around. */
static int overlaps_init(metrics_overlaps *o, const steer_scenario_info *info, int count, const float *radius)
{
    o->closest_fraction = METRICS_FRACTION_REACH;
    for (int g = 0; g < info->group_count; ++g)
        if (info->groups[g].agents > 0) o->largest_radius = fmax(o->largest_radius, info->groups[g].def.radius);
    for (int a = 0; radius && a < count; ++a) o->largest_radius = fmax(o->largest_radius, radius[a]);
    if (!(o->largest_radius > 0.0) || count < 2) return 0;
    const bool wrap = info->world.boundary == STEER_BOUNDARY_WRAP;
    const double side = METRICS_FRACTION_REACH * 2.0 * o->largest_radius;
    for (int k = 0; k < 3; ++k) {
        double extent = (double)steer_v3_get(info->world.bounds_max, k) - steer_v3_get(info->world.bounds_min, k);
        o->wrap_cells[k] = wrap && k < info->dim ? (int)fmax(1.0, floor(extent / side)) : 0;
        o->origin[k] = wrap ? steer_v3_get(info->world.bounds_min, k) : 0.0;
        o->inverse_side[k] = o->wrap_cells[k] ? o->wrap_cells[k] / extent : 1.0 / side;
    }
    o->entries = malloc(sizeof *o->entries * (size_t)count);
    o->cell_first = malloc(sizeof *o->cell_first * ((size_t)count + 1));
    if (!o->entries || !o->cell_first) return -1;
    for (int a = 0; a < count; ++a) o->entries[a].agent = a;
    return 0;
}

static uint64_t mix(uint64_t x) /* splitmix64's finaliser: spreads consecutive keys over the table */
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static bool key_put(uint64_t *keys, size_t slots, uint64_t key) /* true when new */
{
    for (size_t at = mix(key) & (slots - 1);; at = (at + 1) & (slots - 1)) {
        if (keys[at] == key) return false;
        if (!keys[at]) {
            keys[at] = key;
            return true;
        }
    }
}

/* Keeps the table at most half full; a table that cannot grow (the cap, or
 * no memory) stops counting and marks the count as a lower bound. */
static void overlap_add(metrics_overlaps *o, int i, int j)
{
    if (o->capped) return;
    if (2 * (o->pairs + 1) > o->slots) {
        size_t slots = o->slots ? 2 * o->slots : 1024;
        uint64_t *keys = o->pairs < METRICS_PAIRS_MAX ? calloc(slots, sizeof *keys) : 0;
        if (!keys) {
            o->capped = true;
            return;
        }
        for (size_t k = 0; k < o->slots; ++k)
            if (o->keys[k]) key_put(keys, slots, o->keys[k]);
        free(o->keys);
        o->keys = keys;
        o->slots = slots;
    }
    o->pairs += key_put(o->keys, o->slots, ((uint64_t)i << 32 | (uint64_t)j) + 1);
}

/* By cell, then along the sweep's axis, then by agent. */
static int entry_order(const metrics_overlap_entry *a, const metrics_overlap_entry *b)
{
    for (int k = 0; k < 3; ++k)
        if (a->cell[k] != b->cell[k]) return a->cell[k] < b->cell[k] ? -1 : 1;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return (a->agent > b->agent) - (a->agent < b->agent);
}

/* By cell only: where a cell's run of entries begins. */
static int cell_order(const metrics_overlap_entry *a, const int32_t key[3])
{
    for (int k = 0; k < 3; ++k)
        if (a->cell[k] != key[k]) return a->cell[k] < key[k] ? -1 : 1;
    return 0;
}

static int entry_compare(const void *a, const void *b) { return entry_order(a, b); }

/* Cell coordinates, z first (the sort's order); clamped far out, where
 * merged cells only cost tests. */
static void locate(const metrics_overlaps *o, int dim, const float *p, int32_t cell[3])
{
    cell[0] = 0;
    for (int k = 0; k < dim; ++k) {
        double c = floor(((double)p[k] - o->origin[k]) * o->inverse_side[k]);
        int32_t n = o->wrap_cells[k], i = (int32_t)(c < -1e9 ? -1e9 : c > 1e9 ? 1e9 : c);
        cell[2 - k] = n ? (i % n + n) % n : i;
    }
}

static void sort_entries(metrics_overlaps *o, int count)
{
    long moves = 0, budget = 4L * count;
    for (int i = 1; i < count && moves <= budget; ++i) {
        metrics_overlap_entry e = o->entries[i];
        int j = i;
        for (; j > 0 && entry_order(&o->entries[j - 1], &e) > 0; --j) o->entries[j] = o->entries[j - 1];
        o->entries[j] = e;
        moves += i - j;
    }
    if (moves > budget) qsort(o->entries, (size_t)count, sizeof *o->entries, entry_compare);
}

/* The first cell (index into cell_first) at or after `from` whose key is
 * not below `key`: by bisection, or by walking on from `from`. */
static int find_cell(const metrics_overlaps *o, int from, const int32_t key[3], bool bisect)
{
    int lo = from, hi = o->cells;
    if (!bisect) {
        while (lo < hi && cell_order(&o->entries[o->cell_first[lo]], key) < 0) ++lo;
        return lo;
    }
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (cell_order(&o->entries[o->cell_first[mid]], key) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void test_pair(metrics_overlaps *o, const steer_scenario_info *info, const metrics_overlap_entry *a,
                      const metrics_overlap_entry *b)
{
    ++o->pair_tests;
    double sum = (double)a->radius + b->radius, reach = sum * (o->closest_fraction > 1.0 ? o->closest_fraction : 1.0);
    double d_sq = steer_v3_len_sq(metrics_offset(info, a->position, b->position));
    if (!(d_sq < reach * reach)) return; /* neither overlaps nor beats the closest fraction */
    double d = sqrt(d_sq);
    if (d < sum) overlap_add(o, a->agent < b->agent ? a->agent : b->agent, a->agent < b->agent ? b->agent : a->agent);
    if (d / sum < o->closest_fraction) o->closest_fraction = d / sum;
}

/* How far along the sweep's axis a partner of a body of radius r can lie
 * and still matter: the largest sum of radii it can have, times 1 while
 * new overlaps are counted, else the closest fraction so far; widened by
 * the rounding of the float offset test_pair measures, so that no pair it
 * would count is left out. */
static double sweep_reach(const metrics_overlaps *o, float r)
{
    double fraction = o->capped || o->closest_fraction > 1.0 ? o->closest_fraction : 1.0;
    return ((double)r + o->largest_radius) * fraction * (1.0 + 1e-6) + o->sweep_slack;
}

static bool same_cell(const int32_t a[3], const int32_t b[3]) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

/* A cell's own pairs: each agent against those after it along the axis,
 * until they lie farther along it than what still matters. */
static void test_cell(metrics_overlaps *o, const steer_scenario_info *info, int c)
{
    const metrics_overlap_entry *e = o->entries;
    const int end = o->cell_first[c + 1];
    for (int i = o->cell_first[c]; i < end; ++i) {
        const double reach = sweep_reach(o, e[i].radius); /* the fraction only shrinks: still wide enough */
        for (int j = i + 1; j < end && (double)e[j].key - e[i].key <= reach; ++j) test_pair(o, info, &e[i], &e[j]);
    }
}

/* Cell c's agents against cell other's, whose places along the axis are
 * taken `shift` further (a neighbour across a torus's seam: minus or plus
 * the side); each agent's partners found by bisection. Other may be c
 * itself across the seam (a torus one cell wide), without an agent paired
 * with itself. */
static void test_cells(metrics_overlaps *o, const steer_scenario_info *info, int c, int other, double shift)
{
    const metrics_overlap_entry *e = o->entries;
    const int first = o->cell_first[other], end = o->cell_first[other + 1];
    for (int i = o->cell_first[c]; i < o->cell_first[c + 1]; ++i) {
        const double at = e[i].key, reach = sweep_reach(o, e[i].radius);
        int lo = first, hi = end;
        while (lo < hi) { /* the first partner not below at - reach */
            int mid = lo + (hi - lo) / 2;
            if ((double)e[mid].key + shift - at < -reach) lo = mid + 1;
            else hi = mid;
        }
        for (int j = lo; j < end && (double)e[j].key + shift - at <= reach; ++j)
            if (j != i) test_pair(o, info, &e[i], &e[j]);
    }
}

/* The neighbours after a cell: (dz, dy, dx) above (0, 0, 0), 4 in 2D, 13 in 3D. */
static int forward_offsets(int dim, int32_t out[13][3])
{
    int n = 0;
    for (int dz = 0; dz <= (dim == 3); ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (dz > 0 || dy > 0 || (dy == 0 && dx > 0)) out[n][0] = dz, out[n][1] = dy, out[n][2] = dx, ++n;
    return n;
}

/* Agent a's body radius: its own, else its group's. */
static float agent_radius(const metrics *m, int a)
{
    return m->radius ? m->radius[a] : m->info->groups[m->group[a]].def.radius;
}

static void overlaps_step(metrics *m, const steer_v3 *position)
{
    metrics_overlaps *o = &m->overlaps;
    if (!o->entries) return;
    /* a capped count with two agents on one point: no pair can change
       either figure, so the pairs are not looked at again (in a crowd
       packed beyond reason they are most of a run's time) */
    if (o->capped && o->closest_fraction == 0.0) return;
    const steer_scenario_info *info = m->info;
    const int count = m->count;
    /* the sweep's axis: where the agents spread widest */
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int a = 0; a < count; ++a)
        for (int k = 0; k < info->dim; ++k) {
            double c = steer_v3_get(position[a], k);
            if (c < lo[k]) lo[k] = c;
            if (c > hi[k]) hi[k] = c;
        }
    int axis = 0;
    for (int k = 1; k < info->dim; ++k)
        if (hi[k] - lo[k] > hi[axis] - lo[axis]) axis = k;
    const double side = (double)steer_v3_get(info->world.bounds_max, axis) - steer_v3_get(info->world.bounds_min, axis);
    const double shift_by = o->wrap_cells[axis] ? side : 0.0;
    /* the float offset's rounding (a few ulps of the coordinates and the side) */
    o->sweep_slack = 1e-6 * (2.0 * fmax(fabs(lo[axis]), fabs(hi[axis])) + fabs(shift_by));
    for (int a = 0; a < count; ++a) {
        metrics_overlap_entry *e = &o->entries[a];
        e->position = position[e->agent];
        e->radius = agent_radius(m, e->agent);
        e->key = steer_v3_get(e->position, axis);
        locate(o, info->dim, &e->position.x, e->cell);
    }
    sort_entries(o, count);
    o->cells = 0;
    for (int a = 0; a < count; ++a)
        if (a == 0 || !same_cell(o->entries[a].cell, o->entries[a - 1].cell)) o->cell_first[o->cells++] = a;
    o->cell_first[o->cells] = count;
    int32_t offsets[13][3];
    const int offset_count = forward_offsets(info->dim, offsets);
    for (int k = 0; k < offset_count; ++k) o->next[k] = 0;
    for (int c = 0; c < o->cells; ++c) {
        const int32_t *own = o->entries[o->cell_first[c]].cell;
        test_cell(o, info, c);
        for (int k = 0; k < offset_count; ++k) {
            int32_t key[3];
            bool wrapped = false;
            double shift = 0.0; /* the neighbour's places along the axis, seen from this cell */
            for (int a = 0; a < 3; ++a) {
                int32_t n = o->wrap_cells[2 - a];
                key[a] = own[a] + offsets[k][a];
                wrapped |= n && (key[a] < 0 || key[a] >= n);
                if (2 - a == axis && n && key[a] < 0) shift = -shift_by;
                if (2 - a == axis && n && key[a] >= n) shift = shift_by;
            }
            /* unwrapped keys grow with c: a pointer that only moves on */
            o->next[k] = find_cell(o, o->next[k], key, false);
            int at = o->next[k];
            if (wrapped) {
                for (int a = 0; a < 3; ++a) {
                    int32_t n = o->wrap_cells[2 - a];
                    if (n) key[a] = (key[a] % n + n) % n;
                }
                at = find_cell(o, 0, key, true);
            }
            /* the cell itself only across the seam along the axis (a torus one cell wide) */
            if ((at != c || shift != 0.0) && at < o->cells && same_cell(o->entries[o->cell_first[at]].cell, key))
                test_cells(o, info, c, at, shift);
        }
    }
}

int metrics_init(metrics *m, const steer_scenario_info *info, int count, const int *group, const float *radius,
                 const steer_v3 *position)
{
    memset(m, 0, sizeof *m);
    m->info = info;
    m->count = count;
    m->group = group;
    m->radius = radius;
    m->min_distance = -1.0;
    m->groups = calloc((size_t)info->group_count + 1, sizeof *m->groups);
    m->group_best = calloc((size_t)info->group_count + 1, sizeof *m->group_best);
    m->approach = calloc((size_t)count + 1, sizeof *m->approach);
    if (!m->groups || !m->group_best || !m->approach) {
        metrics_free(m);
        return -1;
    }
    for (int g = 0; g < info->group_count; ++g) m->groups[g].min_distance = -1.0;
    if (overlaps_init(&m->overlaps, info, count, radius)) {
        metrics_free(m);
        return -1;
    }
    for (int a = 0; a < count; ++a) {
        const steer_group_def *d = &info->groups[group[a]].def;
        if (d->weight[STEER_ARRIVE] != 0.0f) {
            m->has_arrive = true;
            m->approach[a] = steer_v3_normalize(steer_v3_sub(d->target, position[a]));
        }
        if (d->weight[STEER_FOLLOW_PATH] != 0.0f) m->has_path = true;
    }
    return 0;
}

void metrics_free(metrics *m)
{
    free(m->overlaps.entries);
    free(m->overlaps.cell_first);
    free(m->overlaps.keys);
    memset(&m->overlaps, 0, sizeof m->overlaps);
    for (int a = 0; m->goals && a < m->count; ++a) {
        free(m->goals[a].own_points);
        free(m->goals[a].after);
    }
    free(m->goals);
    m->goals = 0;
    free(m->groups);
    free(m->group_best);
    free(m->approach);
    m->groups = 0;
    m->group_best = 0;
    m->approach = 0;
}

/* ---- goals -------------------------------------------------------------------------------
 * An agent's goal ends at its last point: the target, the last waypoint,
 * an open path's end (a closed path never ends; it counts nowhere here).
 * Its final approach is the direction from where the agent started to a
 * target, from the last waypoint but one (from the start, for a single
 * waypoint) or along the path's last segment. The way left is the distance
 * to a target; to the current waypoint plus the legs after it; along the
 * path from the closest point to the end. These are measured inside the
 * box, never across a torus's seam, since that is the way the world steers
 * an agent to a point (only agents see each other across it). */
static steer_v3 unit(steer_v3 v) { return steer_v3_len_sq(v) > 0.0f ? steer_v3_normalize(v) : steer_v3_zero(); }

/* A point as a ground-plane agent's goal figures measure it: at height 0
 * (such an agent keeps its height, and the library reads its goals on the
 * ground); any other agent's as it is. */
static steer_v3 level(const metrics *m, const metrics_goal *g, steer_v3 p)
{
    if (!g->level) return p;
    steer_v3 on_ground = ground_of(m->info->world.up, p);
    on_ground.z = 0.0f;
    return ground_to_world(m->info->world.up, on_ground);
}

static double way_left(const metrics_goal *g, steer_v3 p, int progress)
{
    switch (g->kind) {
    case STEER_GOAL_WAYPOINTS: {
        int i = progress < 0 ? 0 : progress >= g->route_count ? g->route_count - 1 : progress;
        return steer_v3_dist(p, g->route[i]) + g->after[i];
    }
    case STEER_GOAL_PATH: { /* along the segment reached (the goal's progress), then the rest */
        if (g->route_count < 2) return steer_v3_dist(p, g->route[0]);
        int segment = progress < 0 ? 0 : progress > g->route_count - 2 ? g->route_count - 2 : progress;
        steer_path3 leg = {g->route + segment, 2, false, 0.0f};
        steer_v3 c = steer_path_closest_point3(&leg, p, 0, 0, 0);
        return steer_v3_dist(c, g->route[segment + 1]) + g->after[segment + 1];
    }
    default: return steer_v3_dist(p, g->end);
    }
}

static int follow_goal(metrics *m, int a, const steer_goal *goal, steer_v3 start_at)
{
    steer_v3 start = start_at;
    const steer_scenario_info *info = m->info;
    metrics_goal *g = &m->goals[a];
    g->kind = goal->kind;
    g->tolerance = info->groups[m->group[a]].def.arrival_tolerance;
    g->level = info->dim == 3 && info->groups[m->group[a]].def.ground_plane;
    g->arrival_time = -1.0;
    g->end = level(m, g, goal->target);
    start = level(m, g, start);
    if (goal->kind == STEER_GOAL_WAYPOINTS) {
        int n = steer_world_get_goal_points(m->world, m->ids[a], 0, 0);
        g->own_points = malloc(sizeof *g->own_points * (size_t)(n > 0 ? n : 1));
        if (!g->own_points) return -1;
        g->route_count = steer_world_get_goal_points(m->world, m->ids[a], g->own_points, n);
        g->route = g->own_points;
    } else if (goal->kind == STEER_GOAL_PATH && goal->path >= 0 && goal->path < info->path_count) {
        g->route = info->paths[goal->path].points;
        g->route_count = info->paths[goal->path].count;
        g->closed_route = info->paths[goal->path].closed;
        if (g->level) { /* a copy to level */
            g->own_points = malloc(sizeof *g->own_points * (size_t)g->route_count);
            if (!g->own_points) return -1;
            memcpy(g->own_points, g->route, sizeof *g->own_points * (size_t)g->route_count);
            g->route = g->own_points;
        }
    }
    for (int i = 0; g->level && i < g->route_count; ++i) g->own_points[i] = level(m, g, g->own_points[i]);
    if (g->route_count > 0) {
        g->after = calloc((size_t)g->route_count, sizeof *g->after);
        if (!g->after) return -1;
        for (int i = g->route_count - 2; i >= 0; --i)
            g->after[i] = g->after[i + 1] + steer_v3_dist(g->route[i], g->route[i + 1]);
        g->end = g->route[g->route_count - 1];
    }
    g->ends = goal->kind == STEER_GOAL_SEEK || goal->kind == STEER_GOAL_ARRIVE ||
              (g->route_count > 0 && !g->closed_route);
    g->brakes = g->ends && goal->kind != STEER_GOAL_SEEK;
    steer_v3 from = g->route_count > 1 ? g->route[g->route_count - 2] : start;
    g->approach = unit(steer_v3_sub(g->end, from));
    if (g->ends) {
        m->goal_agents++;
        g->best_remaining = way_left(g, start, goal->progress);
        g->best_at = start_at;
        g->straight = steer_v3_dist(start, g->end);
        g->start = start;
    }
    return 0;
}

int metrics_track_goals(metrics *m, const steer_world *world, const steer_agent_id *ids, const steer_v3 *position)
{
    m->world = world;
    m->ids = ids;
    if (steer_world_goal_count(world) == 0) return 0;
    m->goals = calloc((size_t)m->count + 1, sizeof *m->goals);
    if (!m->goals) return -1;
    for (int a = 0; a < m->count; ++a) {
        steer_goal goal;
        if (steer_world_get_goal(world, ids[a], &goal) != STEER_OK || goal.kind == STEER_GOAL_NONE) continue;
        if (follow_goal(m, a, &goal, position[a])) return -1;
    }
    for (int f = 0; f < m->info->formation_count; ++f) /* members in spawn order, as ids */
        for (int k = 0; k < m->info->formations[f].count; ++k) {
            int a = m->info->formations[f].first_member + k;
            if (a >= 0 && a < m->count) m->goals[a].slot = true;
        }
    return 0;
}

static int by_point(const void *a, const void *b)
{
    const steer_v3 *p = a, *q = b;
    if (p->x != q->x) return p->x < q->x ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return (p->z > q->z) - (p->z < q->z);
}

int metrics_shared_end(const metrics *m, steer_v3 *at)
{
    if (!m->goals) return 0;
    steer_v3 *ends = malloc(sizeof *ends * (size_t)(m->count + 1));
    if (!ends) return -1;
    int n = 0, most = 0;
    for (int a = 0; a < m->count; ++a)
        if (m->goals[a].ends && m->goals[a].brakes && !m->goals[a].slot) ends[n++] = m->goals[a].end;
    qsort(ends, (size_t)n, sizeof *ends, by_point);
    for (int i = 0, j = 0; i < n; i = j) {
        for (j = i + 1; j < n && !by_point(&ends[i], &ends[j]); ++j) continue;
        if (j - i > most) most = j - i, *at = ends[i];
    }
    free(ends);
    return most > 1 ? most : 0;
}

/* The distance from point e to the segment from 0 to d. */
static double segment_distance(steer_v3 d, steer_v3 e)
{
    double len_sq = steer_v3_len_sq(d), t = len_sq > 0.0 ? steer_v3_dot(e, d) / len_sq : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return steer_v3_dist(e, steer_v3_scale(d, (float)t));
}

/* A place traded on the way (agents sent together trade places at the start
 * of a step): the figures follow the new place. Its approach and straight
 * line run from the start; its way left is taken afresh from where the
 * agent stood before the step (the trade is no progress, and the time of
 * the last progress stands); the overshoot is engaged anew. */
static void retarget(metrics_goal *g, steer_v3 target, steer_v3 p0, int progress)
{
    g->end = target;
    g->approach = unit(steer_v3_sub(g->end, g->start));
    g->straight = steer_v3_dist(g->start, g->end);
    g->engaged = false;
    g->best_remaining = way_left(g, p0, progress);
}

/* After a step from p0 to p1 at time t: arrival, overshoot and progress. */
static void goal_step(metrics *m, int a, steer_v3 p0, steer_v3 p1, double t)
{
    metrics_goal *g = &m->goals[a];
    steer_goal goal;
    if (!g->ends || steer_world_get_goal(m->world, m->ids[a], &goal) != STEER_OK) return;
    const steer_v3 at = p1; /* where it is; the measures take it level */
    p0 = level(m, g, p0);
    p1 = level(m, g, p1);
    goal.target = level(m, g, goal.target);
    const bool before = g->arrival_time < 0.0; /* not yet arrived once */
    if (before) g->travelled += steer_v3_len(metrics_offset(m->info, p0, p1));
    g->arrivals += goal.arrived && !g->arrived;
    g->arrived = goal.arrived;
    if (goal.arrived && g->arrival_time < 0.0) g->arrival_time = t, g->displaced = steer_v3_dist(g->start, p1);
    if ((g->kind == STEER_GOAL_SEEK || g->kind == STEER_GOAL_ARRIVE) && memcmp(&goal.target, &g->end, sizeof g->end)) {
        if (g->slot) g->moved = true; /* a formation's slot moves with its leader: only arrivals count */
        else retarget(g, goal.target, p0, goal.progress);
    }
    if (g->moved) return;
    if (g->brakes) {
        /* engaged within the tolerance, or by a step that passes over the end */
        if (!g->engaged)
            g->engaged = segment_distance(metrics_offset(m->info, p0, p1), steer_v3_sub(g->end, p0)) <= g->tolerance;
        double past = -steer_v3_dot(steer_v3_sub(g->end, p1), g->approach);
        if (g->engaged && past > g->overshoot) g->overshoot = past;
    }
    double left = way_left(g, p1, goal.progress);
    bool progress = left <= g->best_remaining - fmax(g->tolerance, 1e-3);
    if (before && (progress || g->arrival_time >= 0.0) && t - g->best_time > g->longest_stall)
        g->longest_stall = t - g->best_time, g->stall_from = g->best_time, g->stall_at = g->best_at;
    if (progress) g->best_remaining = left, g->best_time = t, g->best_at = at;
}

typedef struct goal_figures {
    int arrived, arrivals, stalled, engaged; /* arrivals: every time an agent became arrived */
    int measured;            /* agents whose way is measured (not a formation's slot): stalls need one */
    bool all_arrived_once;
    double last_arrival, overshoot_max, overshoot_mean;
    double longest_stall;    /* the longest time without progress before an agent's first arrival ... */
    int stall_agent;         /* ... whose (-1: none) ... */
    double stall_from;       /* ... from when ... */
    steer_v3 stall_at;       /* ... and where it stood then */
    int detour_agents;       /* arrived at least once from farther than the tolerance */
    double detour_mean, detour_max; /* path length until the first arrival over the straight-line distance */
} goal_figures;

static goal_figures goal_summary(const metrics *m)
{
    goal_figures f = {0, 0, 0, 0, 0, true, 0.0, 0.0, 0.0, 0.0, -1, 0.0, {0.0f, 0.0f, 0.0f}, 0, 0.0, 0.0};
    double now = (double)m->steps * m->info->dt, sum = 0.0, detour_sum = 0.0;
    for (int a = 0; m->goals && a < m->count; ++a) {
        const metrics_goal *g = &m->goals[a];
        if (!g->ends) continue;
        f.arrived += g->arrived;
        f.arrivals += g->arrivals;
        if (g->arrival_time < 0.0) f.all_arrived_once = false;
        else if (g->arrival_time > f.last_arrival) f.last_arrival = g->arrival_time;
        if (g->moved) continue;
        f.measured++;
        if (!g->arrived && now - g->best_time >= METRICS_STALL_TIME) f.stalled++;
        if (g->longest_stall > f.longest_stall)
            f.longest_stall = g->longest_stall, f.stall_agent = a, f.stall_from = g->stall_from, f.stall_at = g->stall_at;
        if (g->arrival_time < 0.0 && now - g->best_time > f.longest_stall) /* still waiting at the end */
            f.longest_stall = now - g->best_time, f.stall_agent = a, f.stall_from = g->best_time, f.stall_at = g->best_at;
        if (g->arrival_time >= 0.0 && g->straight > g->tolerance && g->displaced > 0.0) {
            double detour = g->travelled / g->displaced; /* at least 1: no walk is shorter than its displacement */
            f.detour_agents++;
            detour_sum += detour;
            if (detour > f.detour_max) f.detour_max = detour;
        }
        if (g->brakes && g->engaged) {
            f.engaged++;
            sum += g->overshoot;
            if (g->overshoot > f.overshoot_max) f.overshoot_max = g->overshoot;
        }
    }
    f.overshoot_mean = f.engaged ? sum / f.engaged : 0.0;
    f.detour_mean = f.detour_agents ? detour_sum / f.detour_agents : 0.0;
    return f;
}

/* Heading change between two velocities, radians (0 when either is ~still). */
static double turn(steer_v3 v0, steer_v3 v1)
{
    double s0 = steer_v3_len(v0), s1 = steer_v3_len(v1);
    if (s0 < 1e-3 || s1 < 1e-3) return -1.0;
    steer_v3 c = steer_v3_cross(v0, v1);
    return atan2(steer_v3_len(c), steer_v3_dot(v0, v1));
}

void metrics_step(metrics *m, const steer_v3 *p0, const steer_v3 *v0, const steer_v3 *p1, const steer_v3 *v1,
                  double dt, double ms)
{
    const steer_scenario_info *info = m->info;
    m->steps++;
    m->step_ms_sum += ms;
    if (ms > m->step_ms_max) m->step_ms_max = ms;
    for (int a = 0; a < m->count; ++a) {
        const steer_scenario_group *g = &info->groups[m->group[a]];
        const float body = agent_radius(m, a);
        metrics_group *mg = &m->groups[m->group[a]];
        /* penetration: the body (radius) overlapping an obstacle */
        for (int o = 0; o < info->obstacle_count; ++o) {
            double reach = (double)info->obstacles[o].radius + body;
            double depth = reach - steer_v3_dist(p1[a], info->obstacles[o].centre);
            if (depth > PENETRATION_TOLERANCE) {
                m->penetrations++;
                if (depth > m->deepest) m->deepest = depth;
            }
        }
        /* wall crossing: the centre's motion this step, on the ground, intersects a
         * wall its body meets at the height the motion has there (walls of a
         * height); a step across a torus's seam is tested from where it began
         * and to where it ended (the part past the seam lies there) */
        if (info->wall_count) {
            steer_v3 moved = metrics_offset(info, p0[a], p1[a]), raw = steer_v3_sub(p1[a], p0[a]);
            bool seam = moved.x != raw.x || moved.y != raw.y || moved.z != raw.z; /* offset wrapped it */
            steer_v2 step = on_ground(info, moved);
            steer_v2 p = on_ground(info, p0[a]), q = steer_v2_add(p, step);
            steer_v2 end = on_ground(info, p1[a]), begin = steer_v2_sub(end, step);
            const steer_up_axis up = ground_up(info->dim, info->world.up);
            double from = ground_of(up, p0[a]).z, to = ground_of(up, p1[a]).z, rise = ground_of(up, moved).z;
            for (int w = 0; w < info->wall_count; ++w) {
                const steer_scenario_wall_height *h = &info->wall_heights[w];
                steer_v2 wa = on_ground(info, info->walls[w].a), wb = on_ground(info, info->walls[w].b);
                double t;
                bool crossed = ground_segments_cross_at(p, q, wa, wb, &t) &&
                               ground_wall_meets(h->bottom, h->top, (float)(from + t * rise), body);
                if (!crossed && seam)
                    crossed = ground_segments_cross_at(begin, end, wa, wb, &t) &&
                              ground_wall_meets(h->bottom, h->top, (float)(to - (1.0 - t) * rise), body);
                if (crossed) {
                    m->wall_crossings++;
                    break;
                }
            }
        }
        double th = turn(v0[a], v1[a]);
        if (th >= 0.0 && dt > 0.0) {
            m->jitter_sum += th / dt;
            m->jitter_samples++;
            mg->jitter_sum += th / dt;
            mg->jitter_samples++;
        }
        mg->speed_sum += steer_v3_len(v1[a]);
        mg->speed_samples++;
        if (g->def.weight[STEER_ARRIVE] != 0.0f) {
            double past = steer_v3_dot(steer_v3_sub(p1[a], g->def.target), m->approach[a]);
            if (past > m->arrive_overshoot) m->arrive_overshoot = past;
        }
        if (g->def.weight[STEER_FOLLOW_PATH] != 0.0f) {
            const steer_scenario_path *sp = &info->paths[g->def.path];
            steer_path3 path = {sp->points, sp->count, sp->closed, sp->radius};
            float d = 0.0f;
            steer_path_closest_point3(&path, p1[a], &d, 0, 0);
            m->path_sum += d;
            m->path_samples++;
            if (d > m->path_max) m->path_max = d;
            if (m->path_samples == 1 || d - sp->radius > m->path_exit) m->path_exit = d - sp->radius;
        }
        if (m->goals) goal_step(m, a, p0[a], p1[a], (double)m->steps * dt);
    }
    overlaps_step(m, p1);
}

/* ---- closest approach ------------------------------------------------------------------ */
/* A distance within which some two of `count` points are sure to lie
 * (< 0 for fewer than two): tile their bounding box with fewer than `count`
 * cubes of side s, so two points share one and lie within s * sqrt(dim).
 * Each extent is padded so that points on a line or a plane still give a
 * box with volume. */
static double pigeonhole_reach(const steer_v3 *position, const int *group, int only, int count, int dim)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    long n = 0;
    for (int a = 0; a < count; ++a) {
        if (only >= 0 && group[a] != only) continue;
        ++n;
        for (int k = 0; k < dim; ++k) {
            double c = steer_v3_get(position[a], k);
            if (c < lo[k]) lo[k] = c;
            if (c > hi[k]) hi[k] = c;
        }
    }
    if (n < 2) return -1.0;
    double extent[3], longest = 0.0, volume = 1.0;
    for (int k = 0; k < dim; ++k) extent[k] = hi[k] - lo[k], longest = fmax(longest, extent[k]);
    if (!(longest > 0.0)) return 0.0; /* all at one point */
    for (int k = 0; k < dim; ++k) volume *= (extent[k] = fmax(extent[k], longest / (double)n));
    double side = 2.0 * pow(volume / (double)n, 1.0 / dim);
    for (;;) {
        double cubes = 1.0;
        for (int k = 0; k < dim; ++k) cubes *= ceil(extent[k] / side);
        if (cubes < (double)n) break;
        side *= 1.5;
    }
    return side * sqrt((double)dim) * 1.0001;
}

typedef struct nearest_ctx {
    metrics *m;
    int agent;
    double *group_best;      /* per group: the closest pair so far, or its guaranteed bound */
    double best;             /* all groups */
} nearest_ctx;

static void visit_pair(int id, float distance_sq, void *context)
{
    nearest_ctx *c = context;
    if (id == c->agent) return;
    double d = sqrt((double)distance_sq);
    if (d < c->best) c->best = d;
    int g = c->m->group[c->agent];
    if (c->m->group[id] == g && d < c->group_best[g]) c->group_best[g] = d;
}

/* On a torus, pairs across the seam (as agents see each other, and as the
 * overlaps are counted): an agent within the distance still to beat of an
 * edge looks for the others from its images beyond the opposite edges
 * (every combination of shifts by the extent along the axes it is near). */
static void seam_pairs(metrics *m, steer_grid *grid, const steer_v3 *position, nearest_ctx *c)
{
    const steer_scenario_info *info = m->info;
    const int dim = info->dim;
    double lo[3], extent[3];
    for (int k = 0; k < dim; ++k) {
        lo[k] = steer_v3_get(info->world.bounds_min, k);
        extent[k] = (double)steer_v3_get(info->world.bounds_max, k) - lo[k];
    }
    for (int a = 0; a < m->count; ++a) {
        const double reach = fmax(c->best, c->group_best[m->group[a]]);
        int side[3] = {0, 0, 0}; /* -1 near the low edge, +1 near the high one */
        bool near = false;
        for (int k = 0; k < dim; ++k) {
            double x = steer_v3_get(position[a], k) - lo[k];
            side[k] = x < reach ? -1 : extent[k] - x < reach ? 1 : 0;
            near |= side[k] != 0;
        }
        if (!near) continue;
        c->agent = a;
        for (int shifts = 1; shifts < 1 << dim; ++shifts) { /* each non-empty subset of the near axes */
            float at[3] = {position[a].x, position[a].y, position[a].z};
            bool usable = true;
            for (int k = 0; k < dim; ++k)
                if (shifts >> k & 1) {
                    usable = usable && side[k] != 0;
                    at[k] = (float)((double)at[k] - side[k] * extent[k]);
                }
            if (usable) steer_grid_query_visit(grid, at, (float)reach, visit_pair, c);
        }
    }
}

/* The exact closest approach, overall and within each group, in O(N) for
 * spread-out agents: a grid sized by the pigeonhole bound, and each query
 * only as wide as the best distance still to beat (which only shrinks, so
 * the closest pair is always within a query of one of its two agents). */
void metrics_frame(metrics *m, const steer_v3 *position)
{
    if (m->count < 2) return;
    const int dim = m->info->dim, groups = m->info->group_count;
    double reach = pigeonhole_reach(position, m->group, -1, m->count, dim);
    if (reach <= 0.0) {
        m->min_distance = 0.0;
        return;
    }
    nearest_ctx c = {m, 0, m->group_best, reach};
    for (int g = 0; g < groups; ++g) c.group_best[g] = pigeonhole_reach(position, m->group, g, m->count, dim);
    steer_grid_def gd = steer_default_grid_def();
    gd.dim = dim;
    gd.cell_size = (float)reach;
    gd.capacity = m->count;
    steer_grid *grid = steer_grid_create(&gd);
    if (!grid || steer_grid_build(grid, &position[0].x, m->count, 3) != STEER_OK) {
        steer_grid_destroy(grid);
        return;
    }
    for (int a = 0; a < m->count; ++a) {
        double own = c.group_best[m->group[a]];
        c.agent = a;
        steer_grid_query_visit(grid, &position[a].x, (float)fmax(c.best, own), visit_pair, &c);
    }
    if (m->info->world.boundary == STEER_BOUNDARY_WRAP) seam_pairs(m, grid, position, &c);
    steer_grid_destroy(grid);
    if (m->min_distance < 0.0 || c.best < m->min_distance) m->min_distance = c.best;
    for (int g = 0; g < groups; ++g) {
        metrics_group *mg = &m->groups[g];
        if (c.group_best[g] >= 0.0 && (mg->min_distance < 0.0 || c.group_best[g] < mg->min_distance))
            mg->min_distance = c.group_best[g];
    }
}

/* ---- checks and reports --------------------------------------------------------------- */
typedef struct check {
    const char *figure;
    double limit, value;
    bool upper; /* value must be <= limit (else >= limit) */
    bool applies;
} check;

/* A limit on the path distance also keeps every follower inside its
 * corridor: its largest distance minus the corridor's radius, at most 0. */
#define CHECKS 10
static goal_figures goal_summary(const metrics *m);
static int checks(const metrics *m, check out[CHECKS])
{
    const steer_scenario_expect *e = &m->info->expect;
    const goal_figures gf = goal_summary(m);
    const metrics_overlaps *ov = &m->overlaps;
    double path_mean = m->path_samples ? m->path_sum / m->path_samples : 0.0;
    double jitter = m->jitter_samples ? m->jitter_sum / m->jitter_samples : 0.0;
    check all[CHECKS] = {
        {"obstacle_penetrations", e->max_obstacle_penetrations, (double)m->penetrations, true, true},
        {"wall_crossings", e->max_wall_crossings, (double)m->wall_crossings, true, true},
        {"jitter", e->max_jitter, jitter, true, m->jitter_samples > 0},
        {"min_agent_distance", e->min_agent_distance, m->min_distance, false, m->min_distance >= 0.0},
        {"arrive_overshoot", e->max_arrive_overshoot, m->arrive_overshoot, true, m->has_arrive},
        {"path_distance", e->max_path_distance, path_mean, true, m->has_path},
        {"path_corridor_exit", e->max_path_distance >= 0.0 ? 0.0 : -1.0, m->path_exit, true, m->has_path},
        {"arrived", e->min_arrived, (double)gf.arrived, false, m->goal_agents > 0},
        {"longest_stall", e->max_stall, gf.longest_stall, true, gf.measured > 0},
        /* a capped count is a lower bound: it fails a limit below it, never passes one above */
        {"overlapping_pairs", e->max_overlapping_pairs, ov->capped ? INFINITY : (double)ov->pairs, true, ov->entries != 0},
    };
    int n = 0;
    for (int i = 0; i < CHECKS; ++i)
        if (all[i].limit >= 0.0) out[n++] = all[i];
    return n;
}

static bool passes(const check *c)
{
    if (!c->applies) return true;
    return c->upper ? c->value <= c->limit : c->value >= c->limit;
}

int metrics_check(const metrics *m, FILE *report)
{
    check c[CHECKS];
    int n = checks(m, c), failures = 0;
    for (int i = 0; i < n; ++i) {
        if (passes(&c[i])) continue;
        ++failures;
        if (report)
            fprintf(report, "expectation failed: %s = %g, expected %s %g\n", c[i].figure, c[i].value,
                    c[i].upper ? "at most" : "at least", c[i].limit);
    }
    return failures;
}

static const char *limit_text(const metrics *m, const char *figure, char *buf, size_t size)
{
    check c[CHECKS];
    int n = checks(m, c);
    for (int i = 0; i < n; ++i)
        if (!strcmp(c[i].figure, figure)) {
            /* a limit on a dash was shown "ok", as if it had been met: it was never measured */
            snprintf(buf, size, "%s %g  %s", c[i].upper ? "<=" : ">=", c[i].limit,
                     !c[i].applies ? "not measured" : passes(&c[i]) ? "ok" : "FAILED");
            return buf;
        }
    return "";
}

/* The table's rows; a figure that does not apply (no obstacles, no walls,
 * nobody arrives...) shows a dash. The dash is three bytes in UTF-8 but one
 * column wide, hence the padding by hand. */
#define DASH "\u2014"
static void row(FILE *out, const char *figure, bool applies, const char *value, const char *limit)
{
    const char *shown = applies ? value : DASH;
    int pad = 20 - (applies ? (int)strlen(value) : 1);
    fprintf(out, "  %-34s %s%*s %s\n", figure, shown, pad > 0 ? pad : 0, "", limit);
}

void metrics_print(const metrics *m, FILE *out)
{
    const steer_scenario_info *info = m->info;
    char value[96], limit[64];
    fprintf(out, "  %-34s %-20s %s\n", "figure", "value", "expected");
    snprintf(value, sizeof value, "%.3f (max %.3f)", m->steps ? m->step_ms_sum / m->steps : 0.0, m->step_ms_max);
    row(out, "ms per step", true, value, "");
    snprintf(value, sizeof value, "%.3f", m->min_distance);
    row(out, "closest approach of two agents", m->min_distance >= 0.0, value, limit_text(m, "min_agent_distance", limit, sizeof limit));
    const metrics_overlaps *ov = &m->overlaps;
    snprintf(value, sizeof value, "%s%zu", ov->capped ? "at least " : "", ov->pairs);
    row(out, "overlapping pairs (ever)", ov->entries != 0, value, limit_text(m, "overlapping_pairs", limit, sizeof limit));
    if (ov->closest_fraction < METRICS_FRACTION_REACH) snprintf(value, sizeof value, "%.3f", ov->closest_fraction);
    else snprintf(value, sizeof value, "more than %g", METRICS_FRACTION_REACH);
    row(out, "closest / sum of radii", ov->entries != 0, value, "");
    snprintf(value, sizeof value, "%ld (deepest %.3f)", m->penetrations, m->deepest);
    row(out, "obstacle penetrations", info->obstacle_count > 0, value, limit_text(m, "obstacle_penetrations", limit, sizeof limit));
    snprintf(value, sizeof value, "%ld", m->wall_crossings);
    row(out, "wall crossings", info->wall_count > 0, value, limit_text(m, "wall_crossings", limit, sizeof limit));
    snprintf(value, sizeof value, "%.3f", m->jitter_samples ? m->jitter_sum / m->jitter_samples : 0.0);
    row(out, "jitter (rad per time unit)", m->jitter_samples > 0, value, limit_text(m, "jitter", limit, sizeof limit));
    snprintf(value, sizeof value, "%.3f", m->arrive_overshoot);
    row(out, "arrive overshoot", m->has_arrive, value, limit_text(m, "arrive_overshoot", limit, sizeof limit));
    snprintf(value, sizeof value, "%.3f (max %.3f)", m->path_sum / (m->path_samples ? m->path_samples : 1), m->path_max);
    row(out, "distance from path", m->has_path, value, limit_text(m, "path_distance", limit, sizeof limit));
    snprintf(value, sizeof value, "%.3f", m->path_exit);
    row(out, "farthest outside the corridor", m->has_path, value, limit_text(m, "path_corridor_exit", limit, sizeof limit));
    goal_figures gf = goal_summary(m);
    bool goals = m->goal_agents > 0;
    snprintf(value, sizeof value, "%d of %d", gf.arrived, m->goal_agents);
    row(out, "agents with goals arrived", goals, value, limit_text(m, "arrived", limit, sizeof limit));
    snprintf(value, sizeof value, "%.2f", gf.last_arrival);
    row(out, "time to the last arrival", goals && gf.all_arrived_once, value, "");
    snprintf(value, sizeof value, "%d", gf.arrivals);
    row(out, "arrival events", goals, value, "");
    snprintf(value, sizeof value, "%.3f (mean %.3f)", gf.overshoot_max, gf.overshoot_mean);
    row(out, "goal overshoot per agent", gf.engaged > 0, value, "");
    snprintf(value, sizeof value, "%d", gf.stalled);
    row(out, "stalled agents", gf.measured > 0, value, "");
    if (gf.stall_agent >= 0 && info->dim == 3)
        snprintf(value, sizeof value, "%.2f (agent %d from %.1f at %.1f, %.1f, %.1f)", gf.longest_stall, gf.stall_agent,
                 gf.stall_from, gf.stall_at.x, gf.stall_at.y, gf.stall_at.z);
    else if (gf.stall_agent >= 0)
        snprintf(value, sizeof value, "%.2f (agent %d from %.1f at %.1f, %.1f)", gf.longest_stall, gf.stall_agent, gf.stall_from,
                 gf.stall_at.x, gf.stall_at.y);
    else snprintf(value, sizeof value, "%.2f", gf.longest_stall);
    row(out, "longest stall before arriving", gf.measured > 0, value, limit_text(m, "longest_stall", limit, sizeof limit));
    snprintf(value, sizeof value, "%.3f (max %.3f)", gf.detour_mean, gf.detour_max);
    row(out, "path length / straight line", gf.detour_agents > 0, value, "");
    fprintf(out, "\n  %-18s %8s %12s %12s %16s\n", "group", "agents", "mean speed", "jitter", "closest approach");
    for (int g = 0; g < info->group_count; ++g) {
        const metrics_group *mg = &m->groups[g];
        char closest[32], speed[32], jitter[32];
        snprintf(closest, sizeof closest, "%.3f", mg->min_distance);
        snprintf(speed, sizeof speed, "%.3f", mg->speed_samples ? mg->speed_sum / mg->speed_samples : 0.0);
        snprintf(jitter, sizeof jitter, "%.3f", mg->jitter_samples ? mg->jitter_sum / mg->jitter_samples : 0.0);
        /* "—" (three bytes, one column) where there was nothing to average */
        fprintf(out, "  %-18s %8d %*s%s %*s%s %*s%s\n", info->groups[g].name, info->groups[g].agents,
                mg->speed_samples ? 12 - (int)strlen(speed) : 11, "", mg->speed_samples ? speed : DASH,
                mg->jitter_samples ? 12 - (int)strlen(jitter) : 11, "", mg->jitter_samples ? jitter : DASH,
                mg->min_distance >= 0.0 ? 17 - (int)strlen(closest) : 16, "", mg->min_distance >= 0.0 ? closest : DASH);
    }
}

/* ---- the --metrics file ----------------------------------------------------------------
 * The figures to 6 decimals (times per step to 4, dt to the 9 digits of the
 * float it is); null where the table shows a dash (a mean over no
 * agent-step: no agents, or none ever moving), and for a figure that is not
 * a finite number (docs/scenarios.md). */
static json_t *figure(double value) { return tool_json_fixed(value, 6); }
static json_t *figure_if(bool measured, double value) { return measured ? figure(value) : json_null(); }

/* The goal rows: null without goals. */
static json_t *goals_json(const metrics *m)
{
    if (m->goal_agents == 0) return json_null();
    goal_figures gf = goal_summary(m);
    json_t *overshoot = !gf.engaged ? json_null()
                                    : json_pack("{s:o, s:o}",
                                                "max", figure(gf.overshoot_max),
                                                "mean", figure(gf.overshoot_mean));
    json_t *stall_where = gf.stall_agent < 0 ? json_null()
                                             : json_pack("{s:i, s:o, s:[o, o, o]}",
                                                         "agent", gf.stall_agent,
                                                         "from", figure(gf.stall_from),
                                                         "at", figure(gf.stall_at.x), figure(gf.stall_at.y),
                                                         figure(gf.stall_at.z));
    json_t *path_ratio = !gf.detour_agents ? json_null()
                                           : json_pack("{s:o, s:o}",
                                                       "mean", figure(gf.detour_mean),
                                                       "max", figure(gf.detour_max));
    return json_pack("{s:i, s:i, s:o, s:i, s:o, s:o, s:o, s:o, s:o}",
                     "agents", m->goal_agents,
                     "arrived", gf.arrived,
                     "last_arrival", figure_if(gf.all_arrived_once, gf.last_arrival),
                     "arrival_events", gf.arrivals,
                     "overshoot", overshoot,
                     "stalled", gf.measured ? json_integer(gf.stalled) : json_null(),
                     "longest_stall", figure_if(gf.measured > 0, gf.longest_stall),
                     "longest_stall_where", stall_where,
                     "path_ratio", path_ratio);
}

/* One object per group, in the file's order. */
static json_t *groups_json(const metrics *m)
{
    json_t *groups = json_array();
    for (int g = 0; groups && g < m->info->group_count; ++g) {
        const metrics_group *mg = &m->groups[g];
        double speed = mg->speed_samples ? mg->speed_sum / (double)mg->speed_samples : 0.0;
        double jitter = mg->jitter_samples ? mg->jitter_sum / (double)mg->jitter_samples : 0.0;
        json_t *group = json_pack("{s:o, s:i, s:o, s:o, s:o}",
                                  "name", tool_json_text(m->info->groups[g].name),
                                  "agents", m->info->groups[g].agents,
                                  "mean_speed", figure_if(mg->speed_samples > 0, speed),
                                  "jitter", figure_if(mg->jitter_samples > 0, jitter),
                                  "min_distance", figure_if(mg->min_distance >= 0.0, mg->min_distance));
        if (json_array_append_new(groups, group) != 0) {
            json_decref(groups);
            groups = 0;
        }
    }
    return groups;
}

int metrics_write_json(const metrics *m, FILE *out, const char *state_hash)
{
    const metrics_overlaps *ov = &m->overlaps;
    bool closer = ov->closest_fraction < METRICS_FRACTION_REACH; /* else "more than 2": null */
    json_t *overlaps = !ov->entries ? json_null()
                                    : json_pack("{s:I, s:b, s:o}",
                                                "pairs", (json_int_t)ov->pairs,
                                                "capped", ov->capped,
                                                "closest_fraction", figure_if(closer, ov->closest_fraction));
    double path_mean = m->path_sum / (double)(m->path_samples ? m->path_samples : 1);
    json_t *path_distance = !m->has_path ? json_null()
                                         : json_pack("{s:o, s:o, s:o}",
                                                     "mean", figure(path_mean),
                                                     "max", figure(m->path_max),
                                                     "corridor_exit", figure(m->path_exit));
    /* figures of objects the scenario lacks are null, as the table's "—" */
    json_t *penetrations = m->info->obstacle_count
                               ? json_pack("{s:I, s:o}", "count", (json_int_t)m->penetrations, "deepest", figure(m->deepest))
                               : json_null();
    json_t *crossings = m->info->wall_count ? json_integer((json_int_t)m->wall_crossings) : json_null();
    /* every part is freed by json_pack, whichever failed (out of memory) */
    json_t *figures = json_pack(
        "{s:o, s:i, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:i, s:s}",
        "scenario", tool_json_text(m->info->name),
        "agents", m->count,
        "steps", (json_int_t)m->steps,
        "dt", tool_json_digits(m->info->dt, 9),
        "ms_per_step", tool_json_fixed(m->steps ? m->step_ms_sum / (double)m->steps : 0.0, 4),
        "ms_per_step_max", tool_json_fixed(m->step_ms_max, 4),
        "min_agent_distance", figure_if(m->min_distance >= 0.0, m->min_distance),
        "obstacle_penetrations", penetrations,
        "wall_crossings", crossings,
        "overlaps", overlaps,
        "jitter", figure_if(m->jitter_samples > 0, m->jitter_sum / (double)m->jitter_samples),
        "arrive_overshoot", figure_if(m->has_arrive, m->arrive_overshoot),
        "path_distance", path_distance,
        "goals", goals_json(m),
        "groups", groups_json(m),
        "expect_failures", metrics_check(m, 0),
        "state_hash", state_hash);
    return tool_json_write(figures, out, JSON_INDENT(2));
}
