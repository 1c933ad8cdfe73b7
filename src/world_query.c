/* The world's queries: agents within a distance of a point or inside a box,
 * and the k nearest. Exact (the distance test decides; the cells only narrow the
 * search), ordered by handle index or by distance, so no answer depends on
 * the agents' memory order or the thread count. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_query.h"
#include "world_internal.h"
#include "world_solids.h"

#include <math.h>
#include <string.h>

void steer__query_init(steer_world *w)
{
    memset(&w->query, 0, sizeof w->query);
    w->query.guard = steer__cache_guard_create(&w->def.allocator); /* NULL: every query scans */
}

void steer__query_free(steer_world *w)
{
    steer__query_index *q = &w->query;
    steer_free(&w->def.allocator, q->start);
    steer_free(&w->def.allocator, q->agents);
    steer__cache_guard_destroy(q->guard, &w->def.allocator);
    memset(q, 0, sizeof *q);
}

void steer__query_stale(steer_world *w)
{
    if (w->query.guard) steer__cache_guard_set_ready(w->query.guard, false);
}

/* Agents added since the last build that the queries look at one by one,
 * at most: past that a rebuild (O(agents)) is cheaper than their scans. */
static uint32_t added_most(uint32_t indexed) { return 64u + indexed / 8u; }

void steer__query_added(steer_world *w, int d)
{
    steer__query_index *q = &w->query;
    if (!q->guard || !steer__cache_guard_ready(q->guard)) return; /* to be built anyway */
    bool keep = !q->scan && (uint32_t)d + 1u == (uint32_t)w->count && (uint32_t)w->count - q->indexed <= added_most(q->indexed);
    /* inside the box the cells cover, so the nearest search's reach (from that box) still holds every agent */
    for (int a = 0; keep && a < w->dim; ++a) keep = w->p[a][d] >= q->low[a] && w->p[a][d] <= q->high[a];
    if (!keep) steer__query_stale(w);
}

/* ---- the index ----------------------------------------------------------------- */
/* The cell coordinate of x on axis a, clamped to the grid: monotone in x, so
 * an agent within a range of coordinates is in the cells of its ends. */
static int cell_at(const steer__query_index *q, int a, float x)
{
    float g = (x - q->low[a]) * q->inv_cell[a];
    return g > 0.0f ? (g < (float)q->n[a] ? (int)g : q->n[a] - 1) : 0;
}

static uint32_t cell_of(const steer__query_index *q, const steer_world *w, int d)
{
    int i[3] = {0, 0, 0};
    for (int a = 0; a < w->dim; ++a) i[a] = cell_at(q, a, w->p[a][d]);
    return (uint32_t)((i[2] * q->n[1] + i[1]) * q->n[0] + i[0]);
}

/* Cells over the agents' bounding box, about one for every two agents, so
 * that a query near a point looks at a few agents however the crowd lies. */
static void size_cells(steer__query_index *q, const steer_world *w)
{
    float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int a = 0; a < w->dim; ++a) {
        lo[a] = hi[a] = w->count ? w->p[a][0] : 0.0f;
        for (int d = 1; d < w->count; ++d) {
            float x = w->p[a][d];
            lo[a] = x < lo[a] ? x : lo[a];
            hi[a] = x > hi[a] ? x : hi[a];
        }
    }
    double want = w->count / 2 + 1, volume = 1.0;
    int spread = 0; /* axes with an extent */
    for (int a = 0; a < w->dim; ++a)
        if (hi[a] > lo[a]) volume *= (double)hi[a] - lo[a], ++spread;
    double side = spread ? pow(volume / want, 1.0 / spread) : 1.0;
    double n[3] = {1.0, 1.0, 1.0};
    for (;;) { /* in doubles: a thin spread can ask for more cells than an int holds */
        double cells = 1.0;
        for (int a = 0; a < w->dim; ++a) {
            n[a] = hi[a] > lo[a] ? fmax(1.0, floor(((double)hi[a] - lo[a]) / side)) : 1.0;
            cells *= n[a];
        }
        if (cells <= 2.0 * want + 64.0) break;
        side *= 1.25;
    }
    for (int a = 0; a < 3; ++a) q->n[a] = (int)n[a];
    for (int a = 0; a < 3; ++a) {
        q->low[a] = a < w->dim ? lo[a] : 0.0f;
        q->high[a] = a < w->dim ? hi[a] : 0.0f;
        q->inv_cell[a] = a < w->dim && hi[a] > lo[a] ? (float)((double)q->n[a] / ((double)hi[a] - lo[a])) : 0.0f;
    }
}

/* Grows an array of 4-byte entries to hold `want`; false when out of memory. */
static bool reserve(steer_world *w, uint32_t **array, size_t *capacity, size_t want)
{
    if (want <= *capacity) return true;
    steer_free(&w->def.allocator, *array);
    *array = steer__world_alloc_array(w, want, 4);
    *capacity = *array ? want : 0;
    return *array != NULL;
}

/* A counting sort of the dense indices by cell (stable: by index within a cell). */
static void build(steer_world *w)
{
    steer__query_index *q = &w->query;
    size_cells(q, w);
    size_t cells = (size_t)q->n[0] * q->n[1] * q->n[2];
    q->scan = !reserve(w, &q->start, &q->start_capacity, cells + 1) ||
              !reserve(w, &q->agents, &q->agents_capacity, (size_t)w->count + 1);
    if (q->scan) return;
    memset(q->start, 0, (cells + 1) * sizeof *q->start);
    for (int d = 0; d < w->count; ++d) q->start[cell_of(q, w, d) + 1]++;
    for (size_t c = 0; c < cells; ++c) q->start[c + 1] += q->start[c];
    for (int d = 0; d < w->count; ++d) q->agents[q->start[cell_of(q, w, d)]++] = (uint32_t)d;
    for (size_t c = cells; c > 0; --c) q->start[c] = q->start[c - 1]; /* the cursors ended at the next cell's start */
    q->start[0] = 0;
    q->indexed = (uint32_t)w->count;
}

/* The index, current (a query on a const world: the index is a cache, and
 * queries from several threads build it once). Returns it, or NULL when the
 * query must scan every agent. */
static const steer__query_index *current_index(const steer_world *cw)
{
    steer_world *w = (steer_world *)cw;
    steer__query_index *q = &w->query;
    if (!q->guard) return NULL;
    if (!steer__cache_guard_ready(q->guard)) {
        steer__cache_guard_lock(q->guard);
        if (!steer__cache_guard_ready(q->guard)) {
            build(w);
            steer__cache_guard_set_ready(q->guard, true);
        }
        steer__cache_guard_unlock(q->guard);
    }
    return q->scan ? NULL : q;
}

/* ---- one search ---------------------------------------------------------------- */
typedef struct search {
    const steer_world *w;
    double c[3];        /* the centre (wrapped into a WRAP world's box) */
    double extent[3];   /* a WRAP world's box, per axis (0: the axis does not wrap) */
    uint32_t groups;
    bool box;           /* a box instead: agents with low <= p <= high on every axis */
    float low[3], high[3];
} search;

static search search_of(const steer_world *w, steer_v3 centre, uint32_t groups)
{
    search s = {w, {0, 0, 0}, {0, 0, 0}, groups, false, {0, 0, 0}, {0, 0, 0}};
    float pos[3] = {centre.x, centre.y, centre.z}, vel[3] = {0, 0, 0};
    bool wrap = w->def.boundary == STEER_BOUNDARY_WRAP;
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    if (wrap) steer__confine(w, pos, vel); /* into the box, as an agent's position */
    for (int a = 0; a < w->dim; ++a) {
        s.c[a] = pos[a];
        if (wrap) s.extent[a] = (double)steer_v3_get(w->def.bounds_max, a) - steer_v3_get(w->def.bounds_min, a);
    }
    return s;
}

/* Agent d's squared distance from the centre (0 inside a box), or -1 when
 * its group is not asked for or it is outside the box. */
static double distance_sq(const search *s, int d)
{
    const steer_world *w = s->w;
    if (!(s->groups >> w->group[d] & 1u)) return -1.0;
    if (s->box) {
        for (int a = 0; a < w->dim; ++a)
            if (!(w->p[a][d] >= s->low[a] && w->p[a][d] <= s->high[a])) return -1.0;
        return 0.0;
    }
    double sum = 0.0;
    for (int a = 0; a < w->dim; ++a) {
        double x = (double)w->p[a][d] - s->c[a], e = s->extent[a];
        if (e > 0.0) x = x > 0.5 * e ? x - e : (x < -0.5 * e ? x + e : x);
        sum += x * x;
    }
    return sum;
}

/* The cell ranges (at most 3 a axis, disjoint, ascending) that hold every
 * agent within r of the centre on axis a: the centre's range, and in a WRAP
 * world its images one box away. Padded beyond the rounding of the cells'
 * float coordinates: a cell more costs a little time, a cell missed would be
 * an agent missed. Returns how many. */
static int axis_ranges(const search *s, const steer__query_index *q, int a, double r, int lo[3], int hi[3])
{
    double extent = q->inv_cell[a] > 0.0f ? q->n[a] / q->inv_cell[a] : 0.0;
    if (s->box) { /* one range, from the box's low side to its high side */
        double from = s->low[a], to = s->high[a];
        double pad = 1e-5 * (fabs(from) + fabs(to) + fabs((double)q->low[a]) + extent) + 1e-30;
        from -= pad, to += pad;
        lo[0] = from < -3e38 ? 0 : cell_at(q, a, (float)from), hi[0] = to > 3e38 ? q->n[a] - 1 : cell_at(q, a, (float)to);
        return 1;
    }
    double c = s->c[a], e = s->extent[a];
    if (e > 0.0 && 2.0 * r >= e) {
        lo[0] = 0, hi[0] = q->n[a] - 1;
        return 1;
    }
    double pad = 1e-5 * (fabs(c) + r + e + fabs((double)q->low[a]) + extent) + 1e-30;
    int count = 0;
    for (int k = e > 0.0 ? -1 : 0; k <= (e > 0.0 ? 1 : 0); ++k) {
        double from = c + k * e - r - pad, to = c + k * e + r + pad;
        int l = from < -3e38 ? 0 : cell_at(q, a, (float)from), h = to > 3e38 ? q->n[a] - 1 : cell_at(q, a, (float)to);
        if (count && l <= hi[count - 1] + 1) { /* touches the previous range: one range */
            hi[count - 1] = h > hi[count - 1] ? h : hi[count - 1];
            continue;
        }
        lo[count] = l, hi[count] = h, ++count;
    }
    return count;
}

typedef void visit_fn(void *context, int d, double dist_sq);

/* Calls visit for every agent of the asked groups within r of the centre
 * (or inside the box: r unused), each once. */
static void search_cells(const search *s, const steer__query_index *q, double r, visit_fn *visit, void *context)
{
    const steer_world *w = s->w;
    double r2 = r * r;
    if (!q) { /* no index: every agent */
        for (int d = 0; d < w->count; ++d) {
            double d2 = distance_sq(s, d);
            if (d2 >= 0.0 && d2 <= r2) visit(context, d, d2);
        }
        return;
    }
    int lo[3][3], hi[3][3], ranges[3] = {1, 1, 1};
    for (int a = 0; a < 3; ++a) {
        if (a < w->dim) ranges[a] = axis_ranges(s, q, a, r, lo[a], hi[a]);
        else lo[a][0] = hi[a][0] = 0;
    }
    for (int rz = 0; rz < ranges[2]; ++rz)
        for (int z = lo[2][rz]; z <= hi[2][rz]; ++z)
            for (int ry = 0; ry < ranges[1]; ++ry)
                for (int y = lo[1][ry]; y <= hi[1][ry]; ++y)
                    for (int rx = 0; rx < ranges[0]; ++rx) {
                        size_t row = ((size_t)z * q->n[1] + y) * q->n[0];
                        for (uint32_t e = q->start[row + lo[0][rx]]; e < q->start[row + hi[0][rx] + 1]; ++e) {
                            int d = (int)q->agents[e];
                            double d2 = distance_sq(s, d);
                            if (d2 >= 0.0 && d2 <= r2) visit(context, d, d2);
                        }
                    }
    for (int d = (int)q->indexed; d < w->count; ++d) { /* added since the build */
        double d2 = distance_sq(s, d);
        if (d2 >= 0.0 && d2 <= r2) visit(context, d, d2);
    }
}

/* A distance from the centre that every agent lies within (by the index's
 * bounding box; half the box on an axis that wraps), rounded up. */
static double reach_of_all(const search *s, const steer__query_index *q)
{
    double sum = 0.0;
    for (int a = 0; a < s->w->dim; ++a) {
        double far = s->extent[a] > 0.0 ? 0.5 * s->extent[a]
                                         : fmax(fabs(s->c[a] - q->low[a]), fabs(s->c[a] - q->high[a]));
        sum += far * far;
    }
    return sqrt(sum) * (1.0 + 1e-6) + 1e-30;
}

static steer_agent_id handle_of(const steer_world *w, int d)
{
    uint32_t slot = steer__slot_of(w, d);
    return (steer_agent_id){slot + 1, w->generation[slot], w->identity};
}

/* ---- within a radius: the lowest handle indices, ascending ----------------------- */
typedef struct within {
    const steer_world *w;
    steer_agent_id *out;
    int capacity, found, kept; /* kept: a max-heap on index while found > capacity */
} within;

static void sift_down_index(steer_agent_id *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, big = i;
        if (l < n && h[l].index > h[big].index) big = l;
        if (l + 1 < n && h[l + 1].index > h[big].index) big = l + 1;
        if (big == i) return;
        steer_agent_id t = h[i];
        h[i] = h[big], h[big] = t, i = big;
    }
}

static void visit_within(void *context, int d, double dist_sq)
{
    (void)dist_sq;
    within *v = context;
    v->found++;
    if (!v->capacity) return;
    steer_agent_id id = handle_of(v->w, d);
    if (v->kept < v->capacity) {
        v->out[v->kept++] = id;
        if (v->kept == v->capacity) /* full: heapify, the largest index on top */
            for (int i = v->capacity / 2 - 1; i >= 0; --i) sift_down_index(v->out, v->capacity, i);
    } else if (id.index < v->out[0].index) {
        v->out[0] = id;
        sift_down_index(v->out, v->capacity, 0);
    }
}

/* The search's agents into out, the lowest handle indices ascending; returns how many there are. */
static int list_within(const search *s, double r, steer_agent_id *out, int capacity)
{
    within v = {s->w, out, capacity, 0, 0};
    search_cells(s, current_index(s->w), r, visit_within, &v);
    /* ascending: a heap of what was kept (already one when full), sorted in place */
    if (v.kept < v.capacity)
        for (int i = v.kept / 2 - 1; i >= 0; --i) sift_down_index(out, v.kept, i);
    for (int n = v.kept - 1; n > 0; --n) {
        steer_agent_id t = out[0];
        out[0] = out[n], out[n] = t;
        sift_down_index(out, n, 0);
    }
    return v.found;
}

#define CHECK_ROOM(out, capacity)                                                                                     \
    do {                                                                                                               \
        STEER_MISUSE_IF(capacity < 0, 0, COUNT_NEGATIVE, "capacity = %d: must be >= 0", capacity);                     \
        STEER_MISUSE_IF(capacity > 0 && !out, 0, NULL_ARGUMENT,                                                       \
                        "out = NULL, capacity = %d: must point to room for capacity handles", capacity);              \
    } while (0)

int steer_world_query_radius(const steer_world *w, steer_v3 centre, float radius, uint32_t groups, steer_agent_id *out,
                             int capacity)
{
    STEER__CHECK_WORLD(w, 0, 0);
    CHECK_ROOM(out, capacity);
    STEER_MISUSE_IF(!(steer_is_finite(centre.x) && steer_is_finite(centre.y) && (w->dim == 2 || steer_is_finite(centre.z))), 0,
                    QUERY_POINT, "centre = (%g, %g, %g): must be finite", (double)centre.x, (double)centre.y,
                    (double)centre.z);
    STEER_MISUSE_IF(!(radius >= 0.0f), 0, QUERY_DISTANCE, "radius = %g: must be >= 0 (INFINITY: any distance)", (double)radius);
    search s = search_of(w, centre, groups);
    return list_within(&s, (double)radius, out, capacity);
}

int steer_world_query_box(const steer_world *w, steer_v3 corner_a, steer_v3 corner_b, uint32_t groups, steer_agent_id *out,
                          int capacity)
{
    STEER__CHECK_WORLD(w, 0, 0);
    CHECK_ROOM(out, capacity);
    for (int a = 0; a < w->dim; ++a) {
        STEER_MISUSE_IF(steer_v3_get(corner_a, a) != steer_v3_get(corner_a, a), 0, QUERY_POINT,
                        "corner_a = (%g, %g, %g): must not be NaN", (double)corner_a.x, (double)corner_a.y,
                        (double)corner_a.z);
        STEER_MISUSE_IF(steer_v3_get(corner_b, a) != steer_v3_get(corner_b, a), 0, QUERY_POINT,
                        "corner_b = (%g, %g, %g): must not be NaN", (double)corner_b.x, (double)corner_b.y,
                        (double)corner_b.z);
    }
    search s = {w, {0, 0, 0}, {0, 0, 0}, groups, true, {0, 0, 0}, {0, 0, 0}};
    for (int a = 0; a < w->dim; ++a) {
        float p = steer_v3_get(corner_a, a), q = steer_v3_get(corner_b, a);
        s.low[a] = p < q ? p : q, s.high[a] = p < q ? q : p;
    }
    return list_within(&s, 0.0, out, capacity);
}

/* ---- the k nearest: by distance, then handle index -------------------------------- */
typedef struct nearest {
    const steer_world *w;
    steer_agent_id *out;
    float *distance;
    int k, kept; /* a max-heap on (distance, index) */
} nearest;

static bool after(const nearest *v, int i, int j) /* entry i comes after entry j */
{
    return v->distance[i] != v->distance[j] ? v->distance[i] > v->distance[j] : v->out[i].index > v->out[j].index;
}

static void swap_entries(nearest *v, int i, int j)
{
    steer_agent_id t = v->out[i];
    v->out[i] = v->out[j], v->out[j] = t;
    float f = v->distance[i];
    v->distance[i] = v->distance[j], v->distance[j] = f;
}

static void sift_down_nearest(nearest *v, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, big = i;
        if (l < n && after(v, l, big)) big = l;
        if (l + 1 < n && after(v, l + 1, big)) big = l + 1;
        if (big == i) return;
        swap_entries(v, i, big);
        i = big;
    }
}

static void visit_nearest(void *context, int d, double dist_sq)
{
    nearest *v = context;
    if (!v->k) return;
    int at = v->kept < v->k ? v->kept++ : v->k; /* k: the slot past the heap, compared with its top */
    steer_agent_id id = handle_of(v->w, d);
    float dist = (float)sqrt(dist_sq);
    if (at == v->k) {
        if (dist > v->distance[0] || (dist == v->distance[0] && id.index > v->out[0].index)) return;
        v->out[0] = id, v->distance[0] = dist;
        sift_down_nearest(v, v->k, 0);
        return;
    }
    v->out[at] = id, v->distance[at] = dist;
    for (int i = at; i > 0 && after(v, i, (i - 1) / 2); i = (i - 1) / 2) swap_entries(v, i, (i - 1) / 2);
}

static bool centre_ok(const steer_world *w, steer_v3 c)
{
    return steer_is_finite(c.x) && steer_is_finite(c.y) && (w->dim == 2 || steer_is_finite(c.z));
}

/* query_nearest's search, its arguments checked. */
static int nearest_of(const steer_world *w, steer_v3 centre, int k, float max_distance, uint32_t groups, steer_agent_id *out,
                      float *distances)
{
    if (k == 0) return 0;
    search s = search_of(w, centre, groups);
    const steer__query_index *q = current_index(w);
    nearest v = {w, out, distances, k, 0};
    /* Searches growing by doubling from about a cell: once k agents lie
     * within the searched distance, no one farther can displace them. */
    double reach = (double)max_distance, r = reach;
    if (q) {
        double cell = 0.0;
        for (int a = 0; a < w->dim; ++a)
            if (q->inv_cell[a] > 0.0f) cell = fmax(cell, 1.0 / q->inv_cell[a]);
        reach = fmin(reach, reach_of_all(&s, q)); /* no farther than that: everyone is within it */
        r = cell > 0.0 ? fmin(cell, reach) : reach;
    }
    for (;;) {
        v.kept = 0;
        search_cells(&s, q, r, visit_nearest, &v);
        /* Done when the k-th lies clearly inside the searched distance: one
         * just outside it could round to the same float distance and come
         * first by its index. */
        if (r >= reach || (v.kept == k && (double)v.distance[0] < r * (1.0 - 1e-6))) break;
        r = fmin(2.0 * r, reach);
    }
    for (int n = v.kept - 1; n > 0; --n) { /* nearest first: the heap sorted in place */
        swap_entries(&v, 0, n);
        sift_down_nearest(&v, n, 0);
    }
    return v.kept;
}

int steer_world_query_nearest(const steer_world *w, steer_v3 centre, int k, float max_distance, uint32_t groups,
                              steer_agent_id *out, float *distances)
{
    STEER__CHECK_WORLD(w, 0, 0);
    STEER_MISUSE_IF(k < 0, 0, COUNT_NEGATIVE, "k = %d: must be >= 0", k);
    STEER_MISUSE_IF(k > 0 && (!out || !distances), 0, NULL_ARGUMENT,
                    "%s = NULL, k = %d: out and distances must each have room for k entries", out ? "distances" : "out", k);
    STEER_MISUSE_IF(!centre_ok(w, centre), 0, QUERY_POINT, "centre = (%g, %g, %g): must be finite", (double)centre.x,
                    (double)centre.y, (double)centre.z);
    STEER_MISUSE_IF(!(max_distance >= 0.0f), 0, QUERY_DISTANCE, "max_distance = %g: must be >= 0 (INFINITY: any distance)",
                    (double)max_distance);
    return nearest_of(w, centre, k, max_distance, groups, out, distances);
}

int steer_world_query_nearest_each(const steer_world *w, const steer_v3 *centres, int count, int k, float max_distance,
                                   uint32_t groups, const steer_agent_id *skip, steer_agent_id *out, float *distances,
                                   int *found)
{
    STEER__CHECK_WORLD(w, 0, 0);
    STEER_MISUSE_IF(count < 0 || k < 0, 0, COUNT_NEGATIVE, "count = %d, k = %d: must be >= 0", count, k);
    STEER_MISUSE_IF(count > 0 && (!centres || !found), 0, NULL_ARGUMENT, "%s = NULL, count = %d: must point to count entries",
                    centres ? "found" : "centres", count);
    STEER_MISUSE_IF(count > 0 && k > 0 && (!out || !distances), 0, NULL_ARGUMENT,
                    "%s = NULL, count = %d, k = %d: out and distances must each have room for count k entries",
                    out ? "distances" : "out", count, k);
    STEER_MISUSE_IF(!(max_distance >= 0.0f), 0, QUERY_DISTANCE, "max_distance = %g: must be >= 0 (INFINITY: any distance)",
                    (double)max_distance);
    STEER_MISUSE_IF(skip && k > STEER_NEAREST_EACH_SKIP_MAX, 0, COUNT_NEGATIVE, "k = %d with skip: must be at most %d", k,
                    STEER_NEAREST_EACH_SKIP_MAX);
    for (int c = 0; c < count; ++c)
        STEER_MISUSE_IF(!centre_ok(w, centres[c]), 0, QUERY_POINT, "centres[%d] = (%g, %g, %g): must be finite", c,
                        (double)centres[c].x, (double)centres[c].y, (double)centres[c].z);
    int total = 0;
    for (int c = 0; c < count; ++c) {
        steer_agent_id *row = out ? out + (size_t)c * (size_t)k : NULL;
        float *row_d = distances ? distances + (size_t)c * (size_t)k : NULL;
        found[c] = 0;
        if (k == 0) continue;
        if (!skip) {
            found[c] = nearest_of(w, centres[c], k, max_distance, groups, row, row_d);
        } else { /* one more, then the skipped one left out (or the farthest, if it was not among them) */
            steer_agent_id ids[STEER_NEAREST_EACH_SKIP_MAX + 1];
            float d[STEER_NEAREST_EACH_SKIP_MAX + 1];
            int n = nearest_of(w, centres[c], k + 1, max_distance, groups, ids, d);
            for (int j = 0; j < n && found[c] < k; ++j) {
                if (ids[j].index == skip[c].index && ids[j].generation == skip[c].generation && ids[j].world == skip[c].world)
                    continue;
                row[found[c]] = ids[j], row_d[found[c]] = d[j], ++found[c];
            }
        }
        total += found[c];
    }
    return total;
}
