/* The spatial index: a uniform grid whose occupied cells are found through a
 * hash table, so the world needs no bounds.
 *
 * Layout. Points are kept twice: as inserted (what build/insert wrote) and,
 * after indexing, sorted by cell in ascending (z, y, x) order with insertion
 * order kept inside a cell (a stable LSD radix sort of the cell coordinates).
 * Each occupied cell is then one contiguous run, and the hash table maps a
 * cell's exact coordinates to its run. Because the keys are exact, a hash
 * collision costs a probe but never a duplicate or a stray candidate, and a
 * linear walk over the sorted points is itself in the documented visit order.
 *
 * 2D is stored as 3D with z = 0: one code path, and d^2 = dx*dx + dy*dy + 0
 * is bit-identical to the 2D sum.
 *
 * Indexing happens in build() and, after insert(), lazily in the next query;
 * all its memory is reserved when points are added, so queries never
 * allocate. A grid that was built (or already queried since the last insert)
 * is only read by queries, so those may then run from several threads.
 */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/grid.h"

#include <limits.h>
#include <string.h>

/* Cell coordinates are clamped to +-CELL_LIMIT: positions like 1e30 land in
 * a border cell instead of overflowing an int, and every sum of a cell
 * coordinate and a ring radius below stays far inside int range. */
#define CELL_LIMIT (1 << 30)
/* Enough that every per-point array, and the byte count, fits everywhere. */
#define MAX_POINTS (1 << 26)
#define RADIX_BITS 10
#define RADIX (1 << RADIX_BITS)

struct steer_grid {
    steer_allocator allocator;
    int dim;
    float cell_size;
    int count;           /* points stored, finite or not */
    int capacity;        /* points the arrays below hold */
    int table_capacity;  /* slots in table (a power of two >= 2 * capacity) */
    int dirty;           /* inserted since the last indexing */
    int indexed;         /* finite points in the index: spos/sids length */
    int cells;           /* occupied cells */
    uint32_t table_mask; /* slots in use - 1 */
    void *block;         /* one allocation holding every array below */
    float *pos;          /* [3 * capacity] as inserted */
    int *ids;            /* [capacity] as inserted */
    float *spos;         /* [3 * capacity] sorted by cell */
    int *sids;           /* [capacity] sorted by cell */
    int *pcell;          /* [3 * capacity] scratch: each inserted point's cell */
    int *order;          /* [capacity] scratch: sort permutation */
    int *cell_key;       /* [3 * capacity] each occupied cell's coordinates */
    int *cell_start;     /* [capacity + 1] run of cell c: cell_start[c] .. [c+1] */
    int *table;          /* [table_capacity] cell index, -1 empty; radix scratch */
};

steer_grid_def steer_default_grid_def(void)
{
    steer_grid_def def;
    memset(&def, 0, sizeof def);
    def.dim = 2;
    def.cell_size = 1.0f;
    return def;
}

/* ---- geometry ------------------------------------------------------------ */

static int cell_coord(float x, float cell_size)
{
    float f = floorf(x / cell_size);
    if (!(f > (float)-CELL_LIMIT)) return -CELL_LIMIT;
    if (f > (float)CELL_LIMIT) return CELL_LIMIT;
    return (int)f;
}

static int finite3(const float *p) { return steer_is_finite(p[0]) && steer_is_finite(p[1]) && steer_is_finite(p[2]); }

/* The one distance formula, in double: in float, d^2 overflows once d or the
 * radius passes ~1.8e19 (and an infinite r^2 would let every point in).
 * Any two finite floats give a finite, correctly ordered d^2 here. */
static double dist_sq(const float *a, const float *b)
{
    double dx = (double)a[0] - b[0], dy = (double)a[1] - b[1], dz = (double)a[2] - b[2];
    return dx * dx + dy * dy + dz * dz;
}

static void load3(const steer_grid *g, const float *src, float *dst)
{
    dst[0] = src[0];
    dst[1] = src[1];
    dst[2] = g->dim == 3 ? src[2] : 0.0f;
}

static uint32_t hash_cell(const int *key)
{
    uint32_t h = (uint32_t)key[0] * 0x9E3779B1u ^ (uint32_t)key[1] * 0x85EBCA77u ^ (uint32_t)key[2] * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    return h;
}

static int same_cell(const int *a, const int *b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

/* The occupied cell with these coordinates, or -1. */
static int find_cell(const steer_grid *g, const int *key)
{
    uint32_t slot = hash_cell(key) & g->table_mask;
    for (;;) {
        int c = g->table[slot];
        if (c < 0 || same_cell(g->cell_key + 3 * c, key)) return c;
        slot = (slot + 1) & g->table_mask;
    }
}

/* ---- storage ------------------------------------------------------------- */

static steer_result reserve(steer_grid *g, int needed)
{
    if (needed <= g->capacity) return STEER_OK;
    if (needed > MAX_POINTS) return STEER_ERROR_CAPACITY;
    int capacity = g->capacity * 2 > needed ? g->capacity * 2 : needed;
    if (capacity < 16) capacity = 16;
    if (capacity > MAX_POINTS) capacity = MAX_POINTS;
    int table_capacity = 8;
    while (table_capacity < 2 * capacity) table_capacity *= 2;

    size_t n = (size_t)capacity;
    /* pos, spos, pcell, cell_key: 3 each; ids, sids, order, cell_start: 1 each. */
    size_t words = 16 * n + 1 + (size_t)table_capacity;
    if (words > SIZE_MAX / 4) return STEER_ERROR_OUT_OF_MEMORY; /* 32-bit targets */
    unsigned char *block = steer_alloc(&g->allocator, words * 4, 64);
    if (!block) return STEER_ERROR_OUT_OF_MEMORY;

    float *pos = (float *)block;
    int *ids = (int *)(block + 4 * (3 * n));
    if (g->count) {
        memcpy(pos, g->pos, sizeof(float) * 3 * (size_t)g->count);
        memcpy(ids, g->ids, sizeof(int) * (size_t)g->count);
    }
    steer_free(&g->allocator, g->block);
    g->block = block;
    g->pos = pos;
    g->ids = ids;
    g->spos = (float *)(block + 4 * (4 * n));
    g->sids = (int *)(block + 4 * (7 * n));
    g->pcell = (int *)(block + 4 * (8 * n));
    g->order = (int *)(block + 4 * (11 * n));
    g->cell_key = (int *)(block + 4 * (12 * n));
    g->cell_start = (int *)(block + 4 * (15 * n));
    g->table = (int *)(block + 4 * (16 * n + 1));
    g->capacity = capacity;
    g->table_capacity = table_capacity;
    g->dirty = 1; /* the sorted copy was not carried over */
    return STEER_OK;
}

/* One stable counting-sort pass over RADIX_BITS bits of one cell axis. */
static void radix_pass(const int *pcell, int axis, uint32_t base, int shift, const int *src, int *dst, int n)
{
    int start[RADIX + 1];
    memset(start, 0, sizeof start);
    for (int j = 0; j < n; ++j) {
        uint32_t digit = (((uint32_t)pcell[3 * src[j] + axis] - base) >> shift) & (RADIX - 1);
        ++start[digit + 1];
    }
    for (int d = 0; d < RADIX; ++d) start[d + 1] += start[d];
    for (int j = 0; j < n; ++j) {
        uint32_t digit = (((uint32_t)pcell[3 * src[j] + axis] - base) >> shift) & (RADIX - 1);
        dst[start[digit]++] = src[j];
    }
}

/* Sort the finite points by cell, cut the runs, fill the hash table. O(n)
 * for a bounded spread of cells: one radix pass per 10 bits of each axis'
 * span (typically one or two), at most four per axis. */
static void index_points(steer_grid *g)
{
    g->dirty = 0;
    g->indexed = 0;
    g->cells = 0;
    if (!g->block) return;

    int *order = g->order, *scratch = g->table; /* the table is rebuilt last */
    int n = 0;
    for (int i = 0; i < g->count; ++i) {
        const float *p = g->pos + 3 * i;
        if (!finite3(p)) continue;
        for (int a = 0; a < 3; ++a) g->pcell[3 * i + a] = cell_coord(p[a], g->cell_size);
        order[n++] = i;
    }
    /* Least significant key first: x, then y, then z. */
    for (int a = 0; a < g->dim; ++a) {
        if (n == 0) break;
        int lo = g->pcell[3 * order[0] + a], hi = lo;
        for (int j = 1; j < n; ++j) {
            int v = g->pcell[3 * order[j] + a];
            if (v < lo) lo = v;
            if (v > hi) hi = v;
        }
        uint32_t span = (uint32_t)hi - (uint32_t)lo;
        for (int shift = 0; shift < 32 && (span >> shift) != 0; shift += RADIX_BITS) {
            radix_pass(g->pcell, a, (uint32_t)lo, shift, order, scratch, n);
            int *t = order;
            order = scratch;
            scratch = t;
        }
    }

    int cells = 0;
    for (int j = 0; j < n; ++j) {
        int i = order[j];
        memcpy(g->spos + 3 * j, g->pos + 3 * i, sizeof(float) * 3);
        g->sids[j] = g->ids[i];
        const int *key = g->pcell + 3 * i;
        if (j == 0 || !same_cell(key, g->pcell + 3 * order[j - 1])) {
            memcpy(g->cell_key + 3 * cells, key, sizeof(int) * 3);
            g->cell_start[cells++] = j;
        }
    }
    g->cell_start[cells] = n;
    g->indexed = n;
    g->cells = cells;

    /* Sized by the occupied cells, not the capacity, so a big reserve does
     * not make every re-index slow. Load factor <= 1/2. */
    int slots = 8;
    while (slots < 2 * cells) slots *= 2;
    g->table_mask = (uint32_t)slots - 1;
    memset(g->table, 0xff, sizeof(int) * (size_t)slots);
    for (int c = 0; c < cells; ++c) {
        uint32_t slot = hash_cell(g->cell_key + 3 * c) & g->table_mask;
        while (g->table[slot] >= 0) slot = (slot + 1) & g->table_mask;
        g->table[slot] = c;
    }
}

static void ensure_indexed(steer_grid *g)
{
    if (g->dirty) index_points(g);
}

/* ---- lifetime and contents ----------------------------------------------- */

steer_grid *steer_grid_create(const steer_grid_def *def)
{
    if (!def || (def->dim != 2 && def->dim != 3)) return NULL;
    if (!(def->cell_size > 0.0f) || !steer_is_finite(def->cell_size)) return NULL;
    if (def->capacity < 0 || def->capacity > MAX_POINTS) return NULL;
    if ((def->allocator.alloc == NULL) != (def->allocator.free == NULL)) return NULL; /* all or none */

    steer_grid *g = steer_alloc(&def->allocator, sizeof *g, 16);
    if (!g) return NULL;
    memset(g, 0, sizeof *g);
    g->allocator = def->allocator;
    g->dim = def->dim;
    g->cell_size = def->cell_size;
    if (reserve(g, def->capacity) != STEER_OK) {
        steer_free(&def->allocator, g);
        return NULL;
    }
    g->dirty = 0;
    return g;
}

void steer_grid_destroy(steer_grid *grid)
{
    if (!grid) return;
    steer_allocator allocator = grid->allocator;
    steer_free(&allocator, grid->block);
    steer_free(&allocator, grid);
}

steer_result steer_grid_build(steer_grid *grid, const float *points, int count, int stride)
{
    if (!grid || count < 0 || (count > 0 && (!points || stride < grid->dim))) return STEER_ERROR_INVALID_ARGUMENT;
    steer_result r = reserve(grid, count);
    if (r != STEER_OK) return r; /* contents unchanged */
    for (int i = 0; i < count; ++i) {
        load3(grid, points + (size_t)i * (size_t)stride, grid->pos + 3 * i);
        grid->ids[i] = i;
    }
    grid->count = count;
    /* Index now rather than in the first query, so concurrent queries on a
     * freshly built grid only read. */
    index_points(grid);
    return STEER_OK;
}

void steer_grid_clear(steer_grid *grid)
{
    if (!grid) return;
    grid->count = 0;
    grid->indexed = 0;
    grid->cells = 0;
    grid->dirty = 0;
}

steer_result steer_grid_insert(steer_grid *grid, int id, const float *p)
{
    if (!grid || id < 0 || !p) return STEER_ERROR_INVALID_ARGUMENT;
    steer_result r = reserve(grid, grid->count + 1);
    if (r != STEER_OK) return r;
    load3(grid, p, grid->pos + 3 * grid->count);
    grid->ids[grid->count++] = id;
    grid->dirty = 1;
    return STEER_OK;
}

int steer_grid_count(const steer_grid *grid) { return grid ? grid->count : 0; }

/* ---- bounded max-heaps over ints, in the caller's output array ------------ */

/* Nonzero when a sorts before b. */
typedef int before_fn(int a, int b, const void *context);

static void sift_down(int *heap, int n, int i, before_fn *before, const void *context)
{
    for (;;) {
        int top = i, l = 2 * i + 1, r = l + 1;
        if (l < n && before(heap[top], heap[l], context)) top = l;
        if (r < n && before(heap[top], heap[r], context)) top = r;
        if (top == i) return;
        int t = heap[i];
        heap[i] = heap[top];
        heap[top] = t;
        i = top;
    }
}

/* Keep the `limit` values that sort first; heap[0] is the last of them. */
static void heap_offer(int *heap, int *n, int limit, int value, before_fn *before, const void *context)
{
    if (*n < limit) {
        int i = (*n)++;
        while (i > 0 && before(heap[(i - 1) / 2], value, context)) {
            heap[i] = heap[(i - 1) / 2];
            i = (i - 1) / 2;
        }
        heap[i] = value;
    } else if (before(value, heap[0], context)) {
        heap[0] = value;
        sift_down(heap, *n, 0, before, context);
    }
}

/* Turns the heap into ascending order, in place. */
static void heap_sort(int *heap, int n, before_fn *before, const void *context)
{
    for (int end = n - 1; end > 0; --end) {
        int t = heap[0];
        heap[0] = heap[end];
        heap[end] = t;
        sift_down(heap, end, 0, before, context);
    }
}

static int id_before(int a, int b, const void *context)
{
    (void)context;
    return a < b;
}

/* ---- radius queries -------------------------------------------------------- */

typedef void hit_fn(int slot, double distance_sq, void *context);

static int scan_cell(const steer_grid *g, int c, const float *centre, double radius_sq, hit_fn *hit, void *context)
{
    int found = 0;
    for (int j = g->cell_start[c]; j < g->cell_start[c + 1]; ++j) {
        double d2 = dist_sq(g->spos + 3 * j, centre);
        if (d2 <= radius_sq) {
            hit(j, d2, context);
            ++found;
        }
    }
    return found;
}

/* Every indexed point with d^2 <= radius^2 (in double), in ascending
 * (z, y, x) cell order and insertion order inside a cell. Returns the number
 * found, or -1 for bad arguments. */
static int for_each_within(steer_grid *g, const float *centre, float radius, hit_fn *hit, void *context)
{
    if (!g || !centre || !(radius >= 0.0f)) return -1;
    float c[3];
    load3(g, centre, c);
    if (!finite3(c)) return -1;
    ensure_indexed(g);
    if (g->indexed == 0) return 0;

    /* The cells of the box around the sphere, widened by ~100 float ulps so
     * that rounding in c +- r and in x / cell_size can never leave out the
     * cell of a point that passes; extra candidates only cost a test. */
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    int64_t box_cells = 1;
    for (int a = 0; a < g->dim; ++a) {
        float reach = radius + 1e-5f * (steer_absf(c[a]) + radius);
        lo[a] = cell_coord(c[a] - reach, g->cell_size);
        hi[a] = cell_coord(c[a] + reach, g->cell_size);
        box_cells *= (int64_t)hi[a] - lo[a] + 1;
        if (box_cells > g->cells) box_cells = (int64_t)g->cells + 1; /* no overflow; only the comparison matters */
    }
    double radius_sq = (double)radius * radius;
    int found = 0;
    if (box_cells <= g->cells) {
        int key[3];
        for (key[2] = lo[2]; key[2] <= hi[2]; ++key[2])
            for (key[1] = lo[1]; key[1] <= hi[1]; ++key[1])
                for (key[0] = lo[0]; key[0] <= hi[0]; ++key[0]) {
                    int cell = find_cell(g, key);
                    if (cell >= 0) found += scan_cell(g, cell, c, radius_sq, hit, context);
                }
    } else {
        /* More cells in the box than occupied cells: walk the occupied ones.
         * They are stored in ascending (z, y, x) order, so the visit order
         * is the same as above. */
        for (int cell = 0; cell < g->cells; ++cell) {
            const int *k = g->cell_key + 3 * cell;
            if (k[0] < lo[0] || k[0] > hi[0] || k[1] < lo[1] || k[1] > hi[1] || k[2] < lo[2] || k[2] > hi[2]) continue;
            found += scan_cell(g, cell, c, radius_sq, hit, context);
        }
    }
    return found;
}

typedef struct collect_ctx {
    const steer_grid *grid;
    int *out;
    int max_out;
    int written;
} collect_ctx;

static void collect_hit(int slot, double distance_sq, void *context)
{
    collect_ctx *cc = context;
    (void)distance_sq;
    if (cc->max_out > 0) heap_offer(cc->out, &cc->written, cc->max_out, cc->grid->sids[slot], id_before, NULL);
}

int steer_grid_query_radius(steer_grid *grid, const float *centre, float radius, int *out_ids, int max_out)
{
    /* Bounded selection: the output holds a max-heap of the smallest ids seen
     * so far, sorted ascending at the end. O(found * log max_out). */
    collect_ctx cc = {grid, out_ids, out_ids && max_out > 0 ? max_out : 0, 0};
    int found = for_each_within(grid, centre, radius, collect_hit, &cc);
    if (found <= 0) return 0;
    heap_sort(out_ids, cc.written, id_before, NULL);
    return found;
}

typedef struct visit_ctx {
    const steer_grid *grid;
    steer_grid_visit_fn *visit;
    void *context;
} visit_ctx;

static void visit_hit(int slot, double distance_sq, void *context)
{
    visit_ctx *vc = context;
    if (vc->visit) vc->visit(vc->grid->sids[slot], (float)distance_sq, vc->context);
}

int steer_grid_query_visit(steer_grid *grid, const float *centre, float radius, steer_grid_visit_fn *visit,
                           void *context)
{
    visit_ctx vc = {grid, visit, context};
    int found = for_each_within(grid, centre, radius, visit_hit, &vc);
    return found > 0 ? found : 0;
}

/* ---- k nearest ------------------------------------------------------------ */

typedef struct nearest_ctx {
    const steer_grid *grid;
    float p[3];
} nearest_ctx;

/* Closer first, then smaller id. Slots are compared; distances recomputed. */
static int nearer(int a, int b, const void *context)
{
    const nearest_ctx *nc = context;
    double da = dist_sq(nc->grid->spos + 3 * a, nc->p), db = dist_sq(nc->grid->spos + 3 * b, nc->p);
    if (da != db) return da < db;
    return nc->grid->sids[a] < nc->grid->sids[b];
}

int steer_grid_nearest(steer_grid *grid, const float *p, int k, int *out_ids, float *out_dist_sq)
{
    if (!grid || !p || k <= 0 || !out_ids) return 0;
    nearest_ctx nc;
    nc.grid = grid;
    load3(grid, p, nc.p);
    if (!finite3(nc.p)) return 0;
    ensure_indexed(grid);
    int n = grid->indexed;
    if (n == 0) return 0;
    int limit = k < n ? k : n;

    /* Search rings of cells at Chebyshev distance R = 0, 1, 2... around p's
     * cell. Once rings 0..R are done, every unseen point is at least R cells
     * away on some axis, so farther than R * cell_size (less a relative
     * rounding margin): when the k-th best is strictly closer, it is final.
     * If the rings would visit more cells than there are points, a plain
     * scan of all points is cheaper and gives the same answer. */
    int q[3], heap_n = 0, seen = 0;
    float pmax = 0.0f;
    for (int a = 0; a < 3; ++a) {
        q[a] = cell_coord(nc.p[a], grid->cell_size);
        pmax = steer_maxf(pmax, steer_absf(nc.p[a]));
    }
    int64_t visited = 0;
    for (int r = 0;; ++r) {
        int64_t w = 2 * (int64_t)r + 1;
        int64_t ring = r == 0 ? 1 : (grid->dim == 2 ? w * w - (w - 2) * (w - 2) : w * w * w - (w - 2) * (w - 2) * (w - 2));
        if (visited + ring > n) {
            heap_n = 0;
            for (int j = 0; j < n; ++j) heap_offer(out_ids, &heap_n, limit, j, nearer, &nc);
            break;
        }
        visited += ring;
        int zr = grid->dim == 3 ? r : 0, key[3];
        for (key[2] = q[2] - zr; key[2] <= q[2] + zr; ++key[2]) {
            int z_edge = key[2] == q[2] - r || key[2] == q[2] + r;
            for (key[1] = q[1] - r; key[1] <= q[1] + r; ++key[1]) {
                int full_row = z_edge || key[1] == q[1] - r || key[1] == q[1] + r;
                int step = full_row || r == 0 ? 1 : 2 * r; /* inside the ring only the two ends */
                for (key[0] = q[0] - r; key[0] <= q[0] + r; key[0] += step) {
                    int cell = find_cell(grid, key);
                    if (cell < 0) continue;
                    for (int j = grid->cell_start[cell]; j < grid->cell_start[cell + 1]; ++j)
                        heap_offer(out_ids, &heap_n, limit, j, nearer, &nc);
                    seen += grid->cell_start[cell + 1] - grid->cell_start[cell];
                }
            }
        }
        if (seen == n) break;
        if (heap_n == limit) {
            double reach = (double)r * grid->cell_size;
            double bound = reach - 1e-5 * (pmax + reach + grid->cell_size);
            if (bound > 0.0f && dist_sq(grid->spos + 3 * out_ids[0], nc.p) < bound * bound) break;
        }
    }

    heap_sort(out_ids, heap_n, nearer, &nc);
    for (int i = 0; i < heap_n; ++i) {
        int slot = out_ids[i];
        if (out_dist_sq) out_dist_sq[i] = (float)dist_sq(grid->spos + 3 * slot, nc.p);
        out_ids[i] = grid->sids[slot];
    }
    return heap_n;
}
