/* The index of obstacles and walls: a uniform grid per kind, built from
 * the objects' boxes, queried by box. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_object_index.h"
#include "world_internal.h"

#include <math.h>
#include <stdlib.h>

/* Relative margin of a query box: far above float rounding (about 80 ulp),
 * so an object the exact arithmetic would touch is never left out. */
#define QUERY_MARGIN 1e-5f
/* Grid entries allowed per object before the cells grow (long diagonal
 * walls are filed in every cell of their box). */
#define ENTRIES_PER_OBJECT 4

typedef struct box {
    float lo[3], hi[3];
} box;

static box obstacle_box(const steer_world *w, int i)
{
    const steer_obstacle3 *o = &w->obstacles[i];
    float c[3] = {o->centre.x, o->centre.y, o->centre.z}, reach = 2.0f * o->radius;
    box b;
    for (int a = 0; a < 3; ++a) b.lo[a] = c[a] - reach, b.hi[a] = c[a] + reach;
    return b;
}

static box wall_box(const steer_world *w, int i)
{
    const steer_segment3 *s = &w->walls[i];
    float a[2] = {s->a.x, s->a.y}, b[2] = {s->b.x, s->b.y};
    float hair = 1e-4f * steer_v2_len(steer_v2_make(b[0] - a[0], b[1] - a[1]));
    box out = {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}};
    for (int k = 0; k < 2; ++k) {
        out.lo[k] = steer_minf(a[k], b[k]) - hair;
        out.hi[k] = steer_maxf(a[k], b[k]) + hair;
    }
    return out;
}

typedef enum kind { OBSTACLES, WALLS } kind;

static inline box object_box(const steer_world *w, kind k, int i)
{
    return k == OBSTACLES ? obstacle_box(w, i) : wall_box(w, i);
}

static int cell_on_axis(const steer__object_grid *g, int a, float x)
{
    float c = (x - g->origin[a]) * g->inv_cell[a];
    return c > 0.0f ? (c < (float)g->n[a] ? (int)c : g->n[a] - 1) : 0;
}

/* The cell range of a box per axis. */
static void cell_range(const steer__object_grid *g, const box *b, int lo[3], int hi[3])
{
    for (int a = 0; a < 3; ++a) {
        lo[a] = a < g->axes ? cell_on_axis(g, a, b->lo[a]) : 0;
        hi[a] = a < g->axes ? cell_on_axis(g, a, b->hi[a]) : 0;
    }
}

static size_t cell_index(const steer__object_grid *g, int x, int y, int z)
{
    return ((size_t)z * (size_t)g->n[1] + (size_t)y) * (size_t)g->n[0] + (size_t)x;
}

/* Sets the cells for a cell size; false if the grid's box is not finite. */
static bool size_cells(steer__object_grid *g, const box *all, double cell)
{
    for (int a = 0; a < 3; ++a) {
        double extent = a < g->axes ? (double)all->hi[a] - (double)all->lo[a] : 0.0;
        if (!isfinite(extent)) return false;
        double n = extent > 0.0 ? floor(extent / cell) : 1.0;
        g->n[a] = n < 1.0 ? 1 : (int)n;
        g->origin[a] = a < g->axes ? all->lo[a] : 0.0f;
        g->inv_cell[a] = extent > 0.0 ? (float)((double)g->n[a] / extent) : 0.0f;
    }
    return true;
}

static size_t count_entries(const steer__object_grid *g, const steer_world *w, kind k, int count)
{
    size_t entries = 0;
    for (int i = 0; i < count; ++i) {
        box b = object_box(w, k, i);
        int lo[3], hi[3];
        cell_range(g, &b, lo, hi);
        entries += (size_t)(hi[0] - lo[0] + 1) * (size_t)(hi[1] - lo[1] + 1) * (size_t)(hi[2] - lo[2] + 1);
    }
    return entries;
}

static bool ensure(steer_world *w, uint32_t **array, size_t *capacity, size_t want)
{
    if (want <= *capacity) return true;
    steer_free(&w->def.allocator, *array);
    *array = steer__world_alloc_array(w, want, sizeof(uint32_t));
    *capacity = *array ? want : 0;
    return *array != 0;
}

/* Cells about the mean object size, at most one per object, growing while
 * the entries exceed ENTRIES_PER_OBJECT per object; then a counting fill in
 * id order, so every cell's list is ascending. Few objects, or boxes that
 * leave the float range, are left unindexed (the full loop serves them);
 * false only when out of memory. */
static bool build_grid(steer_world *w, steer__object_grid *g, int axes, int count, kind k)
{
    g->built = false;
    g->axes = axes;
    if (count < (k == WALLS ? STEER__WALL_INDEX_MIN : STEER__OBSTACLE_INDEX_MIN)) return true;
    box all = object_box(w, k, 0);
    double size_sum = 0.0;
    for (int i = 0; i < count; ++i) {
        box b = object_box(w, k, i);
        double side = 0.0;
        for (int a = 0; a < axes; ++a) {
            all.lo[a] = steer_minf(all.lo[a], b.lo[a]);
            all.hi[a] = steer_maxf(all.hi[a], b.hi[a]);
            side = fmax(side, (double)b.hi[a] - (double)b.lo[a]);
        }
        size_sum += side;
    }
    double extent_max = 0.0;
    for (int a = 0; a < axes; ++a) extent_max = fmax(extent_max, (double)all.hi[a] - (double)all.lo[a]);
    if (!isfinite(extent_max) || !isfinite(size_sum)) return true;
    double cell = fmax(size_sum / count, extent_max * 1e-6);
    if (!(cell > 0.0)) cell = 1.0; /* every object a point at one place: one cell */
    for (;;) {
        if (!size_cells(g, &all, cell)) return true;
        double cells = (double)g->n[0] * g->n[1] * g->n[2];
        if (cells <= (double)count && count_entries(g, w, k, count) <= (size_t)ENTRIES_PER_OBJECT * (size_t)count)
            break;
        cell *= 1.25;
    }
    size_t cells = cell_index(g, 0, 0, g->n[2]);
    size_t entries = count_entries(g, w, k, count);
    if (!ensure(w, &g->start, &g->start_capacity, cells + 1) || !ensure(w, &g->ids, &g->ids_capacity, entries)) return false;
    for (size_t c = 0; c <= cells; ++c) g->start[c] = 0;
    for (int pass = 0; pass < 2; ++pass) { /* count per cell, then fill */
        for (int i = 0; i < count; ++i) {
            box b = object_box(w, k, i);
            int lo[3], hi[3];
            cell_range(g, &b, lo, hi);
            for (int z = lo[2]; z <= hi[2]; ++z)
                for (int y = lo[1]; y <= hi[1]; ++y)
                    for (int x = lo[0]; x <= hi[0]; ++x) {
                        size_t c = cell_index(g, x, y, z);
                        if (pass == 0) g->start[c + 1]++;
                        else g->ids[g->start[c]++] = (uint32_t)i;
                    }
        }
        if (pass == 0) /* each cell's first entry; the fill advances it to the next cell's */
            for (size_t c = 0; c < cells; ++c) g->start[c + 1] += g->start[c];
        else
            for (size_t c = cells; c > 0; --c) g->start[c] = g->start[c - 1];
    }
    g->start[0] = 0;
    g->built = true;
    return true;
}

void steer__objects_changed(steer_world *w) { w->object_index.current = false; }

void steer__objects_prepare(steer_world *w)
{
    steer__object_index *x = &w->object_index;
    if (x->current) return;
    if (w->dim == 3)
        for (int i = 0; i < w->obstacle_count; ++i)
            w->obstacles_ground[i] = (steer_obstacle3){steer_v3_set(w->obstacles[i].centre, steer__up_index(w), 0.0f),
                                                       w->obstacles[i].radius};
    bool obstacles = build_grid(w, &x->obstacles, w->dim, w->obstacle_count, OBSTACLES);
    bool walls = build_grid(w, &x->walls, 2, w->wall_count, WALLS);
    x->current = obstacles && walls; /* out of memory: tried again next step */
}

void steer__objects_free(steer_world *w)
{
    steer__object_grid *grids[] = {&w->object_index.obstacles, &w->object_index.walls};
    for (int k = 0; k < 2; ++k) {
        steer_free(&w->def.allocator, grids[k]->start);
        steer_free(&w->def.allocator, grids[k]->ids);
        *grids[k] = (steer__object_grid){0};
    }
}

static void sort_ids(uint32_t *ids, int n)
{
    for (int i = 1; i < n; ++i) { /* short and nearly sorted runs: insertion */
        uint32_t v = ids[i];
        int j = i;
        while (j > 0 && ids[j - 1] > v) ids[j] = ids[j - 1], --j;
        ids[j] = v;
    }
}

/* The asked box [lo, hi] on its first `axes` axes, grown by the relative
 * margin against rounding; false if it is not finite. */
static bool grown_box(steer_v3 lo, steer_v3 hi, int axes, box *b)
{
    *b = (box){{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}};
    for (int a = 0; a < axes; ++a) {
        float margin = QUERY_MARGIN * steer_maxf(steer_absf(b->lo[a]), steer_absf(b->hi[a]));
        b->lo[a] -= margin;
        b->hi[a] += margin;
        if (!steer_is_finite(b->lo[a]) || !steer_is_finite(b->hi[a])) return false;
    }
    return true;
}

/* column: an axis whose every cell the box takes (-1: none) */
static steer__object_list query(const steer_world *w, const steer__object_grid *g, int count, steer_v3 lo, steer_v3 hi,
                                int column, uint32_t *buf)
{
    steer__object_list all = {0, count};
    if (!w->object_index.current || w->object_index.full_loops || !g->built) return all;
    box b;
    if (!grown_box(lo, hi, g->axes, &b)) return all;
    int clo[3], chi[3];
    cell_range(g, &b, clo, chi);
    if (column >= 0 && column < g->axes) clo[column] = 0, chi[column] = g->n[column] - 1;
    int n = 0;
    for (int z = clo[2]; z <= chi[2]; ++z)
        for (int y = clo[1]; y <= chi[1]; ++y)
            for (int x = clo[0]; x <= chi[0]; ++x) {
                size_t c = cell_index(g, x, y, z);
                uint32_t first = g->start[c], end = g->start[c + 1];
                if (end - first > (uint32_t)(STEER__OBJECT_QUERY_CAP - n)) return all;
                for (uint32_t e = first; e < end; ++e) buf[n++] = g->ids[e];
            }
    sort_ids(buf, n);
    int kept = 0;
    for (int k = 0; k < n; ++k)
        if (kept == 0 || buf[k] != buf[kept - 1]) buf[kept++] = buf[k];
    return (steer__object_list){buf, kept};
}

steer__object_list steer__obstacles_near(const steer_world *w, steer_v3 lo, steer_v3 hi, uint32_t *buf)
{
    return query(w, &w->object_index.obstacles, w->obstacle_count, lo, hi, -1, buf);
}

steer__object_list steer__obstacles_near_for(const steer_world *w, bool on_ground, steer_v3 lo, steer_v3 hi, uint32_t *buf)
{
    return query(w, &w->object_index.obstacles, w->obstacle_count, lo, hi, on_ground ? steer__up_index(w) : -1, buf);
}

steer_v3 steer__obstacle_level(const steer_world *w, bool on_ground, steer_v3 centre, steer_v3 at)
{
    if (!on_ground) return centre;
    const int up = steer__up_index(w);
    return steer_v3_set(centre, up, steer_v3_get(at, up));
}

steer__object_list steer__walls_near(const steer_world *w, steer_v3 lo, steer_v3 hi, steer__wall_level at, uint32_t *buf)
{
    steer__object_list near = query(w, &w->object_index.walls, w->wall_count, lo, hi, -1, buf);
    if (!w->short_walls) return near;
    /* "every wall" is narrowed to the walls whose filed box meets the asked
     * one (the index's answers hold at least those, and the walls past them
     * change no result), so that its answer fits buf as the index's does */
    box asked;
    bool boxed = !near.ids && grown_box(lo, hi, 2, &asked);
    int kept = 0;
    for (int k = 0; k < near.count; ++k) { /* in place: an id is read before its place is written */
        int i = steer__object_at(near, k);
        /* anywhere along the move: its middle height, the body grown by half the rise */
        if (!steer__wall_meets(w, i, at.height + 0.5f * at.rise, at.body + 0.5f * steer_absf(at.rise))) continue;
        if (boxed) {
            box b = wall_box(w, i);
            if (b.hi[0] < asked.lo[0] || b.lo[0] > asked.hi[0] || b.hi[1] < asked.lo[1] || b.lo[1] > asked.hi[1]) continue;
        }
        if (kept == STEER__OBJECT_QUERY_CAP) return (steer__object_list){0, w->wall_count}; /* every wall, every height */
        buf[kept++] = (uint32_t)i;
    }
    return (steer__object_list){buf, kept};
}

/* Where along p -> p + motion (0 to 1) the segment crosses wall i, or 2.
 * A move that starts on the wall's line (an agent added or teleported onto
 * it, a wall set across it) has no side yet: it takes the one it moves to,
 * as the skin does, rather than meeting the wall at once for ever. */
static float crossing_with(const steer_world *w, int i, steer_v2 p, steer_v2 motion)
{
    steer_v2 a = steer_v2_from_v3(w->walls[i].a), along = steer_v2_sub(steer_v2_from_v3(w->walls[i].b), a);
    float denom = steer_v2_cross(motion, along);
    if (steer_absf(denom) < 1e-20f) return 2.0f;
    steer_v2 ap = steer_v2_sub(a, p);
    float off = steer_v2_cross(ap, along);
    if (off == 0.0f) return 2.0f;
    float s = off / denom, u = steer_v2_cross(ap, motion) / denom;
    return s >= 0.0f && s <= 1.0f && u >= -1e-4f && u <= 1.0f + 1e-4f ? s : 2.0f;
}

static void box_of_segment(steer_v2 p, steer_v2 q, steer_v3 *lo, steer_v3 *hi)
{
    *lo = steer_v3_make(steer_minf(p.x, q.x), steer_minf(p.y, q.y), 0.0f);
    *hi = steer_v3_make(steer_maxf(p.x, q.x), steer_maxf(p.y, q.y), 0.0f);
}

float steer__first_wall_crossing(const steer_world *w, steer_v2 p, steer_v2 q, steer__wall_level at, steer_v2 *normal)
{
    steer_v2 motion = steer_v2_sub(q, p);
    float first = 2.0f;
    uint32_t buf[STEER__OBJECT_QUERY_CAP];
    steer_v3 lo, hi;
    box_of_segment(p, q, &lo, &hi);
    steer__object_list near = steer__walls_near(w, lo, hi, at, buf);
    for (int k = 0; k < near.count; ++k) {
        int i = steer__object_at(near, k);
        float s = crossing_with(w, i, p, motion);
        if (s < first && at.rise != 0.0f && !steer__wall_meets(w, i, at.height + s * at.rise, at.body)) continue; /* over or under it */
        if (s < first) {
            first = s;
            steer_v2 along = steer_v2_sub(steer_v2_from_v3(w->walls[i].b), steer_v2_from_v3(w->walls[i].a));
            *normal = steer_v2_perp_left(steer_v2_normalize(along));
            if (steer_v2_dot(*normal, motion) > 0.0f) *normal = steer_v2_neg(*normal);
        }
    }
    return first;
}

bool steer__wall_across(const steer_world *w, steer_v2 p, steer_v2 q, steer__wall_level at)
{
    if (w->wall_count == 0) return false;
    /* A long line's box takes many cells, and past the query's cap the
     * answer is every wall: so the line is asked for in pieces about a
     * cell long, each a small box, and a crossing ends the walk. */
    const steer__object_grid *g = &w->object_index.walls;
    steer_v2 motion = steer_v2_sub(q, p);
    int pieces = 1;
    if (g->built && g->inv_cell[0] > 0.0f && g->inv_cell[1] > 0.0f) {
        float cells = steer_v2_len(motion) * steer_maxf(g->inv_cell[0], g->inv_cell[1]);
        pieces = steer_is_finite(cells) && cells > 1.0f ? (int)steer_minf(ceilf(cells), 4096.0f) : 1;
    }
    uint32_t buf[STEER__OBJECT_QUERY_CAP];
    steer_v2 from = p;
    for (int k = 1; k <= pieces; ++k) {
        steer_v2 to = k == pieces ? q : steer_v2_mad(p, motion, (float)k / (float)pieces);
        steer_v3 lo, hi;
        box_of_segment(from, to, &lo, &hi);
        steer__object_list near = steer__walls_near(w, lo, hi, at, buf);
        for (int j = 0; j < near.count; ++j)
            if (crossing_with(w, steer__object_at(near, j), p, motion) <= 1.0f) return true;
        from = to;
    }
    return false;
}

int steer__object_after(steer__object_list list, int index)
{
    if (!list.ids) return index + 1;
    int lo = 0, hi = list.count; /* the first id > index */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((int)list.ids[mid] > index) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

void steer__box_around(steer_v3 p, float half, steer_v3 *lo, steer_v3 *hi)
{
    if (half < 0.0f) half = 0.0f; /* a NaN stays: the query then answers "every object" */
    *lo = steer_v3_make(p.x - half, p.y - half, p.z - half);
    *hi = steer_v3_make(p.x + half, p.y + half, p.z + half);
}

const steer_obstacle3 *steer__obstacles_within(const steer_world *w, bool on_ground, steer_v3 p, float half,
                                               steer__near_obstacles *out, int *count)
{
    steer_v3 lo, hi;
    steer__box_around(p, half, &lo, &hi);
    steer__object_list near = steer__obstacles_near_for(w, on_ground, lo, hi, out->ids);
    const steer_obstacle3 *all = on_ground ? w->obstacles_ground : w->obstacles;
    *count = near.count;
    if (!near.ids) return all;
    for (int k = 0; k < near.count; ++k) out->copy[k] = all[near.ids[k]];
    return out->copy;
}

const steer_segment3 *steer__walls_within(const steer_world *w, steer_v3 p, float half, float body, steer__near_walls *out,
                                          int *count)
{
    steer_v3 lo, hi;
    steer__box_around(p, half, &lo, &hi);
    steer__object_list near = steer__walls_near(w, lo, hi, (steer__wall_level){p.z, body, 0.0f}, out->ids);
    *count = near.count;
    if (!near.ids) return w->walls;
    for (int k = 0; k < near.count; ++k) out->copy[k] = w->walls[near.ids[k]];
    return out->copy;
}

bool steer__torus_images(const steer_world *w, steer_v3 lo, steer_v3 hi, bool walls, steer__images *out)
{
    out->count = 1;
    out->shift[0] = steer_v3_zero();
    if (w->def.boundary != STEER_BOUNDARY_WRAP) return true;
    int first[3] = {0, 0, 0}, last[3] = {0, 0, 0};
    const int up = walls && w->dim == 3 ? steer__up_index(w) : -1; /* walls repeat along the ground only */
    for (int a = 0; a < w->dim; ++a) {
        double extent = w->extent[a], low = steer_v3_get(lo, a), high = steer_v3_get(hi, a);
        if (a == up || !(extent > 0.0)) continue;
        if (low >= w->origin[a] && high < w->origin[a] + extent) continue; /* inside the box: the usual case */
        /* copy k (the box moved by -k extents) meets the world's box when
         * (lo - origin) / extent - 1 <= k <= (hi - origin) / extent */
        double low_copy = ceil((low - w->origin[a]) / extent - 1.0);
        double high_copy = floor((high - w->origin[a]) / extent);
        if (!(low_copy >= -3.0 && high_copy <= 3.0)) { /* also NaN */
            out->count = 0;
            return false;
        }
        first[a] = low_copy < 0.0 ? (int)low_copy : 0;
        last[a] = high_copy > 0.0 ? (int)high_copy : 0;
        if (last[a] - first[a] > 2) {
            out->count = 0;
            return false;
        }
    }
    for (int z = first[2]; z <= last[2]; ++z)
        for (int y = first[1]; y <= last[1]; ++y)
            for (int x = first[0]; x <= last[0]; ++x)
                if (x || y || z) {
                    steer_v3 shift = steer_v3_make(-(float)x * w->extent[0], -(float)y * w->extent[1],
                                                   w->dim == 3 ? -(float)z * w->extent[2] : 0.0f);
                    out->shift[out->count++] = walls ? steer__to_ground(w, shift) : shift;
                }
    return true;
}
