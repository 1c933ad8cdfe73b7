/* The grid's sizing and the stable counting sort by cell. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_sort.h"
#include "world_tasks.h"

#include <math.h>
#include <string.h>

/* ---- sizing ---------------------------------------------------------------- */
void steer__world_invalidate_grid(steer_world *w)
{
    w->grid_ready = false;
}

steer_result steer__world_prepare_grid(steer_world *w)
{
    if (w->grid_ready) return STEER_OK;
    float need = w->def.cell_size;
    if (need <= 0.0f) {
        for (int g = 0; g < w->group_count; ++g) {
            const steer_group_def *d = &w->groups[g].def;
            if (w->groups[g].needs_neighbours) need = steer_maxf(need, steer_maxf(d->neighbour_radius, d->separation_radius));
        }
    }
    if (w->def.non_penetration)
        for (int g = 0; g < w->group_count; ++g) need = steer_maxf(need, 2.0f * steer_maxf(w->groups[g].def.radius, w->own_radius_max));
    float extent_max = 0.0f;
    for (int a = 0; a < w->dim; ++a) {
        w->origin[a] = steer_v3_get(w->def.bounds_min, a);
        w->extent[a] = steer_v3_get(w->def.bounds_max, a) - w->origin[a];
        extent_max = steer_maxf(extent_max, w->extent[a]);
    }
    if (need <= 0.0f) need = extent_max / 64.0f;
    need = steer_maxf(need, extent_max * 1e-6f); /* a tiny cell would only be grown by the loop below */
    if (!(need > 0.0f)) need = extent_max;         /* a box so thin that the products underflow */
    /* Cap the cell count near a few cells per agent of capacity. */
    double limit = 4.0 * (double)w->grid_capacity + 64.0;
    for (;;) {
        double cells = 1.0;
        for (int a = 0; a < w->dim; ++a) {
            double n = floor((double)w->extent[a] / (double)need); /* no integer conversion: may be huge */
            cells *= n < 1.0 ? 1.0 : n;
        }
        if (cells <= limit) break;
        need *= 1.25f;
    }
    int total = 1;
    w->narrow_axes = 0;
    for (int a = 0; a < 3; ++a) {
        if (a >= w->dim) {
            w->n[a] = 1;
            w->cell[a] = w->inv_cell[a] = 1.0f;
            w->origin[a] = 0.0f;
            w->extent[a] = 1.0f;
            continue;
        }
        int n = (int)(w->extent[a] / need);
        if (n < 1) n = 1;
        w->n[a] = n;
        if (n == 1 && w->def.boundary == STEER_BOUNDARY_WRAP) w->narrow_axes |= 1u << a;
        w->cell[a] = w->extent[a] / (float)n;
        w->inv_cell[a] = (float)n / w->extent[a];
        total *= n;
    }
    w->cell_count = total;
    size_t want = (size_t)total + 1;
    if (want > w->cell_capacity) {
        steer_free(&w->def.allocator, w->cell_start);
        w->cell_start = steer__world_alloc_array(w, want, 4);
        w->cell_capacity = w->cell_start ? want : 0;
        if (!w->cell_capacity) return STEER_ERROR_OUT_OF_MEMORY;
    }
    /* the sort's part bounds and bases, and each part's list of agents
     * that left its cells (their counts live in cell_start) */
    w->sort_out_cap = (uint32_t)(w->capacity / 32 > 256 ? w->capacity / 32 : 256);
    size_t parts = (size_t)w->workers;
    size_t sort = 3 * parts + 2 + parts * w->sort_out_cap;
    if (sort > w->sort_capacity) {
        steer_free(&w->def.allocator, w->sort_scratch);
        w->sort_scratch = steer__world_alloc_array(w, sort, 4);
        w->sort_capacity = w->sort_scratch ? sort : 0;
        if (!w->sort_capacity) return STEER_ERROR_OUT_OF_MEMORY;
    }
    w->grid_ready = true;
    return STEER_OK;
}

/* The sort computes each agent's cell from its position where it needs it
 * (no key array: 4 bytes per agent less), sixteen at a time in the wide
 * kernel, KEY_BLOCK agents per call. */
#define KEY_BLOCK 256

/* The stable counting sort by cell, in parts. Part b owns the agents
 * [part_begin(b), part_begin(b + 1)) and the cells [bound[b], bound[b + 1]),
 * the cells its agents were in: agents move little in a step, so nearly all
 * of a part's agents stay in its cells. Each part counts, sums and scatters
 * its own cells from its own agents, in its own worker's caches (see the
 * pool); the few agents that left their part's cells ("outsiders") are
 * listed, and each part also takes the outsiders that landed in its cells.
 * Within a cell, agents land in index order: outsiders from lower parts,
 * then the part's own, then outsiders from higher parts. So the result is
 * the one stable order by (cell, index), whatever the parts: the same bits
 * for any thread count. If a part has more outsiders than its list holds
 * (agents teleported en masse), the sort runs as one part.
 * The counts live in cell_start shifted by one (cursor[c] = cell_start[c +
 * 1]): the sum turns them into each cell's start, the scatter's cursors
 * advance to each cell's end, which is the next cell's start. */
typedef struct sort_layout {
    uint32_t *cursor;  /* per cell: the count, then the write cursor (cell_start + 1) */
    uint32_t *bound;   /* parts + 1: first cell of each part */
    uint32_t *base;    /* parts + 1: agents in the cells of earlier parts */
    uint32_t *out_len; /* per part; SORT_OVERFLOW when its list was too short */
    uint32_t *out;     /* per part: sort_out_cap indices of its outsiders */
    int parts;
} sort_layout;

#define SORT_OVERFLOW UINT32_MAX

static sort_layout sort_layout_of(const steer_world *w, int parts)
{
    sort_layout L;
    L.cursor = w->cell_start + 1;
    L.bound = w->sort_scratch;
    L.base = L.bound + w->workers + 1;
    L.out_len = L.base + w->workers + 1;
    L.out = L.out_len + w->workers;
    L.parts = parts;
    return L;
}

static int part_begin(const steer_world *w, int parts, int b) { return (int)((long long)w->count * b / parts); }

typedef struct sort_context {
    steer_world *w;
    sort_layout L;
    steer__key_grid grid;
    bool wide_keys; /* per-axis cell counts below 2^24: the wide kernel's keys are exact */
} sort_context;

/* The cell of dense agent i. */
static uint32_t key_of(const steer_world *w, uint32_t i)
{
    return steer__cell_of(w, w->p[0][i], w->p[1][i], w->dim == 3 ? w->p[2][i] : 0.0f);
}

/* The cells of agents [first, first + n), n <= KEY_BLOCK. */
static void block_keys(const sort_context *sc, int first, int n, uint32_t *keys)
{
    const steer_world *w = sc->w;
    if (sc->wide_keys) {
        const float *p[3] = {w->p[0], w->p[1], w->p[2]};
        w->kernels->keys(&sc->grid, p, first, n, keys);
    } else {
        for (int j = 0; j < n; ++j) keys[j] = key_of(w, (uint32_t)(first + j));
    }
}

/* Counts the part's own agents into its cells and lists its outsiders. */
static void sort_count_task(int start, int end, int worker, void *context)
{
    (void)worker;
    sort_context *sc = context;
    const steer_world *w = sc->w;
    const sort_layout *L = &sc->L;
    uint32_t *count = L->cursor, cap = w->sort_out_cap;
    uint32_t keys[KEY_BLOCK + STEER__PAD];
    for (int b = start; b < end; ++b) {
        uint32_t lo = L->bound[b], span = L->bound[b + 1] - lo, n = 0;
        uint32_t *out = L->out + (size_t)b * cap;
        memset(count + lo, 0, sizeof(uint32_t) * span);
        for (int i = part_begin(w, L->parts, b), e = part_begin(w, L->parts, b + 1); i < e && n != SORT_OVERFLOW;
             i += KEY_BLOCK) {
            int block = e - i < KEY_BLOCK ? e - i : KEY_BLOCK;
            block_keys(sc, i, block, keys);
            for (int j = 0; j < block; ++j) {
                uint32_t k = keys[j];
                if (k - lo < span) count[k]++;
                else if (n < cap) out[n++] = (uint32_t)(i + j);
                else {
                    n = SORT_OVERFLOW;
                    break;
                }
            }
        }
        L->out_len[b] = n;
    }
}

/* Adds the other parts' outsiders that landed in this part's cells, then
 * turns the counts into cell starts relative to the part (base[b]: its
 * total). */
static void sort_sum_task(int start, int end, int worker, void *context)
{
    (void)worker;
    sort_context *sc = context;
    const steer_world *w = sc->w;
    const sort_layout *L = &sc->L;
    uint32_t *count = L->cursor;
    for (int b = start; b < end; ++b) {
        uint32_t lo = L->bound[b], hi = L->bound[b + 1];
        for (int o = 0; o < L->parts; ++o) {
            const uint32_t *out = L->out + (size_t)o * w->sort_out_cap;
            for (uint32_t j = 0; o != b && j < L->out_len[o]; ++j) {
                uint32_t k = key_of(w, out[j]);
                if (k - lo < hi - lo) count[k]++;
            }
        }
        uint32_t running = 0;
        for (uint32_t c = lo; c < hi; ++c) {
            uint32_t n = count[c];
            count[c] = running;
            running += n;
        }
        L->base[b] = running;
    }
}

/* One agent into place d: the few outsiders; the part's own agents move
 * in runs (place_own). */
static inline void place(const steer__move_arrays *m, uint32_t i, uint32_t d)
{
    for (int q = 0; q < m->floats; ++q) m->dst[q][d] = m->src[q][i];
    m->dst32[d] = m->src32[i];
    m->dst8[d] = m->src8[i];
}

/* The outsiders of part o that landed in cells [lo, hi), in index order. */
static void place_outsiders(const steer_world *w, const sort_layout *L, const steer__move_arrays *m, int o,
                            uint32_t lo, uint32_t hi)
{
    const uint32_t *out = L->out + (size_t)o * w->sort_out_cap;
    for (uint32_t j = 0; j < L->out_len[o]; ++j) {
        uint32_t i = out[j], k = key_of(w, i);
        if (k - lo < hi - lo) place(m, i, L->cursor[k]++);
    }
}

/* The part's own agents, a block at a time: first each one's place (the
 * cursors), then the moves, by the wide kernel (steer__move_fn): agents
 * keep their order as they move little, so most consecutive agents are
 * bound for consecutive places (runs of 17 on average at 1M agents in 2D)
 * and move a window of lanes at a time. One store per agent and array had
 * made the scatter bound by its stores. */
static inline void place_own(const sort_context *sc, const steer__move_arrays *m, int b)
{
    const steer_world *w = sc->w;
    const sort_layout *L = &sc->L;
    uint32_t *cursor = L->cursor, lo = L->bound[b], span = L->bound[b + 1] - lo;
    uint32_t places[1 + KEY_BLOCK + STEER__PAD], *to = places + 1; /* to[-1]: the kernel looks one back */
    places[0] = STEER__NO_DEST;
    for (int i = part_begin(w, L->parts, b), e = part_begin(w, L->parts, b + 1); i < e; i += KEY_BLOCK) {
        int block = e - i < KEY_BLOCK ? e - i : KEY_BLOCK;
        block_keys(sc, i, block, to);
        for (int j = 0; j < block; ++j) {
            uint32_t k = to[j];
            to[j] = k - lo < span ? cursor[k]++ : STEER__NO_DEST;
        }
        for (int j = block; j < block + STEER__PAD; ++j) to[j] = STEER__NO_DEST;
        w->kernels->move(m, i, to, block);
    }
}

static void sort_scatter_task(int start, int end, int worker, void *context)
{
    (void)worker;
    sort_context *sc = context;
    steer_world *w = sc->w;
    const sort_layout *L = &sc->L;
    const int dim = w->dim;
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3);
    /* positions, velocities, wander angles, headings and own radii; slots into the handle table's buffer; groups */
    steer__move_arrays m = {{0}, {0}, 2 * dim, w->slot, w->dense_of_slot, w->group, w->next_group};
    for (int k = 0; k < dim; ++k) {
        m.src[k] = w->p[k];
        m.src[dim + k] = w->v[k];
        m.dst[k] = w->next_p[k];
        m.dst[dim + k] = w->next_v[k];
    }
    if (w->wander) {
        m.src[m.floats] = w->wander;
        m.dst[m.floats++] = w->next_wander;
    }
    for (int k = 0; w->heading[0] && k < dim; ++k) {
        m.src[m.floats] = w->heading[k];
        m.dst[m.floats++] = w->next_heading[k];
    }
    if (w->own_radius) {
        m.src[m.floats] = w->own_radius;
        m.dst[m.floats++] = w->next_own_radius;
    }
    for (int b = start; b < end; ++b) {
        uint32_t lo = L->bound[b], hi = L->bound[b + 1];
        for (uint32_t c = lo; c < hi; ++c) L->cursor[c] += L->base[b];
        for (int o = 0; o < b; ++o) place_outsiders(w, L, &m, o, lo, hi);
        place_own(sc, &m, b);
        for (int o = b + 1; o < L->parts; ++o) place_outsiders(w, L, &m, o, lo, hi);
    }
}

/* Runs the three phases over `parts` parts; false if a part's outsiders
 * overflowed its list or the counts do not add up (nothing has been moved
 * then). */
static bool sort_in_parts(steer_world *w, int parts)
{
    sort_context sc = {.w = w, .L = sort_layout_of(w, parts), .wide_keys = true};
    sort_layout *L = &sc.L;
    uint32_t stride = 1;
    for (int a = 0; a < w->dim; ++a) {
        sc.grid.lo[a] = w->origin[a];
        sc.grid.inv_cell[a] = w->inv_cell[a];
        sc.grid.cells[a] = (float)w->n[a];
        sc.grid.stride[a] = stride;
        stride *= (uint32_t)w->n[a];
        sc.wide_keys = sc.wide_keys && w->n[a] < (1 << 24); /* n - 1 exact as a float */
    }
    L->bound[0] = 0;
    for (int b = 1; b < parts; ++b) {
        int first = part_begin(w, parts, b);
        uint32_t k = first < w->count ? key_of(w, (uint32_t)first) : (uint32_t)w->cell_count;
        L->bound[b] = k > L->bound[b - 1] ? k : L->bound[b - 1];
    }
    L->bound[parts] = (uint32_t)w->cell_count;
    w->cell_start[0] = 0;
    steer__world_run(w, sort_count_task, parts, &sc);
    for (int b = 0; b < parts; ++b)
        if (L->out_len[b] == SORT_OVERFLOW) return false;
    steer__world_run(w, sort_sum_task, parts, &sc);
    uint32_t running = 0;
    for (int b = 0; b < parts; ++b) {
        uint32_t n = L->base[b];
        L->base[b] = running;
        running += n;
    }
    /* Every agent counted once. An agent the wide keys put outside its
     * part but steer__cell_of inside it would be lost; they agree exactly,
     * and if that ever broke, one part (no outsiders: wide keys only)
     * would still sort correctly, only slower. */
    if (running != (uint32_t)w->count) return false;
    steer__world_run(w, sort_scatter_task, parts, &sc);
    return true;
}

void steer__world_sort(steer_world *w)
{
    steer__cache_guard_set_ready(w->handles, false); /* its buffer is the slots' target */
    if (!sort_in_parts(w, w->workers)) sort_in_parts(w, 1); /* one part has no outsiders */
    for (int a = 0; a < w->dim; ++a) {
        STEER__SWAP(w->p[a], w->next_p[a]);
        STEER__SWAP(w->v[a], w->next_v[a]);
    }
    STEER__SWAP(w->group, w->next_group);
    STEER__SWAP(w->slot, w->dense_of_slot);
    STEER__SWAP(w->wander, w->next_wander);
    for (int a = 0; a < 3; ++a) STEER__SWAP(w->heading[a], w->next_heading[a]);
    STEER__SWAP(w->own_radius, w->next_own_radius);
}
