/* The world step: sort by cell, gather neighbours and evaluate behaviours
 * from one snapshot, integrate, resolve solids. Every phase is a task over
 * independent items, so any thread count gives the same bits. */
#include "world_internal.h"
#include "misuse_internal.h"

#include <math.h>
#include <string.h>

/* ---- tasks ----------------------------------------------------------------- */
typedef struct user_task_shim {
    steer_task_fn *task;
    void *context;
} user_task_shim;

void steer__world_run(steer_world *w, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (w->def.enqueue_task) {
        void *handle = w->def.enqueue_task(task, count, 64, context, w->def.user_task_context);
        if (handle) w->def.finish_task(handle, w->def.user_task_context);
        else task(0, count, 0, context); /* the scheduler declined: run it here */
        return;
    }
    steer__pool_run(w->pool, task, count, context);
}

/* ---- counter-based randomness: no per-agent generator state -------------- */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float agent_random(const steer_world *w, uint32_t slot, uint32_t draw)
{
    uint64_t h = mix64(w->def.seed + 0x9E3779B97F4A7C15ull * (1 + (uint64_t)slot));
    h = mix64(h ^ ((uint64_t)w->generation[slot] << 32 ^ draw));
    h = mix64(h ^ w->steps);
    return (float)(h >> 40) * 0x1p-24f;
}

/* ---- the stable counting sort by cell ------------------------------------- */
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
    /* positions, velocities and wander angles; slots into the handle table's buffer; groups */
    steer__move_arrays m = {{0}, {0}, 2 * dim, w->slot, w->dense_of_slot, w->group, w->t_group};
    for (int k = 0; k < dim; ++k) {
        m.src[k] = w->p[k];
        m.src[dim + k] = w->v[k];
        m.dst[k] = w->t[k];
        m.dst[dim + k] = w->t[dim + k];
    }
    if (w->wander) {
        m.src[m.floats] = w->wander;
        m.dst[m.floats++] = w->t_wander;
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

/* The handle table follows the sorted agents. The sort used its buffer as
 * the target for the slots, and the old slots' buffer becomes the table.
 * The step does not rebuild it: its random writes (slots are scattered in
 * space) took about 6% of a step of a million agents on two threads, and a
 * step is often followed by no lookup at all. The first lookup after a
 * step does, through the pool when the world has its own. (Inside the
 * scatter, the writes stalled its stream: slower still.) */
static void handles_task(int start, int end, int worker, void *context)
{
    (void)worker;
    steer_world *w = context;
    uint32_t *dense_of_slot = w->dense_of_slot;
    const uint32_t *slot = w->slot;
    for (int d = start; d < end; ++d) dense_of_slot[slot[d]] = (uint32_t)d;
}

void steer__world_ensure_handles(const steer_world *cw)
{
    if (steer__cache_guard_ready(cw->handles)) return;
    steer_world *w = (steer_world *)cw; /* the table is a cache; lookups run between steps */
    steer__cache_guard_lock(w->handles);
    if (!steer__cache_guard_ready(w->handles)) {
        /* Not through a user's scheduler: a lookup may come from any thread,
         * where its enqueue may not expect to be called. */
        if (w->pool) steer__pool_run(w->pool, handles_task, w->count, w);
        else handles_task(0, w->count, 0, w);
        steer__cache_guard_set_ready(w->handles, true);
    }
    steer__cache_guard_unlock(w->handles);
}

#define SWAP(a, b)                                                                                                     \
    do {                                                                                                               \
        void *swap_tmp_ = (void *)(a);                                                                                 \
        (a) = (b);                                                                                                     \
        (b) = swap_tmp_;                                                                                               \
    } while (0)

static void sort_by_cell(steer_world *w)
{
    steer__cache_guard_set_ready(w->handles, false); /* its buffer is the slots' target */
    if (!sort_in_parts(w, w->workers)) sort_in_parts(w, 1); /* one part has no outsiders */
    for (int a = 0; a < w->dim; ++a) {
        SWAP(w->p[a], w->t[a]);
        SWAP(w->v[a], w->t[w->dim + a]);
    }
    SWAP(w->group, w->t_group);
    SWAP(w->slot, w->dense_of_slot);
    SWAP(w->wander, w->t_wander);
}

/* The cell of dense agent i (agents are sorted, so this is where it sits)
 * and its coordinates. */
static uint32_t cell_of_agent(const steer_world *w, int i, int coords[3])
{
    return steer__cell_coords(w, w->p[0][i], w->p[1][i], w->dim == 3 ? w->p[2][i] : 0.0f, coords);
}

/* ---- spans: the candidate ranges around a cell --------------------------- */
#define MAX_SPANS 27

static int axis_cells(const steer_world *w, int axis, int c, int out_cell[3], float out_shift[3])
{
    int n = w->n[axis], k = 0;
    bool wrap = w->def.boundary == STEER_BOUNDARY_WRAP && axis < w->dim;
    for (int o = -1; o <= 1; ++o) {
        int x = c + o;
        float shift = 0.0f;
        if (axis >= w->dim) {
            if (o != 0) continue;
        } else if (x < 0 || x >= n) {
            if (!wrap) continue;
            shift = x < 0 ? w->extent[axis] : -w->extent[axis];
            x = x < 0 ? x + n : x - n;
        }
        out_cell[k] = x;
        out_shift[k] = shift;
        ++k;
    }
    return k;
}

/* Spans of candidates for an agent in the cell at `coords`: for each
 * neighbouring row (y, z), consecutive x cells with the same shift merge
 * into one span. */
static int build_spans(const steer_world *w, const int coords[3], steer__span *spans)
{
    int cx = coords[0], cy = coords[1], cz = coords[2];
    bool interior = cx >= 1 && cx + 1 < w->n[0] && cy >= 1 && cy + 1 < w->n[1] &&
                    (w->dim == 2 || (cz >= 1 && cz + 1 < w->n[2]));
    if (interior) { /* no image and no edge: one span per row, x from cx - 1 to cx + 1 */
        int count = 0, dz = w->dim == 3 ? 1 : 0;
        for (int z = cz - dz; z <= cz + dz; ++z) {
            for (int y = cy - 1; y <= cy + 1; ++y) {
                int row = (z * w->n[1] + y) * w->n[0] + cx;
                uint32_t begin = w->cell_start[row - 1], end = w->cell_start[row + 2];
                if (begin == end) continue;
                spans[count++] = (steer__span){(int)begin, (int)end, {0.0f, 0.0f, 0.0f}};
            }
        }
        return count;
    }
    int xs[3], ys[3], zs[3];
    float xsh[3], ysh[3], zsh[3];
    int nxs = axis_cells(w, 0, cx, xs, xsh);
    int nys = axis_cells(w, 1, cy, ys, ysh);
    int nzs = axis_cells(w, 2, cz, zs, zsh);
    int count = 0;
    for (int iz = 0; iz < nzs; ++iz) {
        for (int iy = 0; iy < nys; ++iy) {
            int row = (zs[iz] * w->n[1] + ys[iy]) * w->n[0];
            int row_first = count; /* merge only within this row: other rows have other shifts */
            for (int ix = 0; ix < nxs; ++ix) {
                int c = row + xs[ix];
                steer__span *last = count > row_first ? &spans[count - 1] : 0;
                uint32_t begin = w->cell_start[c], end = w->cell_start[c + 1];
                if (last && last->shift[0] == xsh[ix] && last->end == (int)begin) {
                    last->end = (int)end; /* the next cell in memory, same image */
                    continue;
                }
                if (begin == end) continue;
                steer__span *s = &spans[count++];
                s->begin = (int)begin;
                s->end = (int)end;
                s->shift[0] = xsh[ix];
                s->shift[1] = ysh[iy];
                s->shift[2] = zsh[iz];
            }
        }
    }
    return count;
}

/* ---- behaviours of one agent ---------------------------------------------- */
typedef struct agent {
    int dense;
    uint32_t slot;
    steer_v3 p, v;
    const steer__group *g;
    const steer__gather_out *nb;
} agent;

static steer_v3 v3_of(const steer_world *w, float *const arrays[3], int i)
{
    return steer_v3_make(arrays[0][i], arrays[1][i], w->dim == 3 ? arrays[2][i] : 0.0f);
}

static steer_v3 from3(const float a[3]) { return steer_v3_make(a[0], a[1], a[2]); }

/* Offset to q as seen from p: the nearest torus image when wrapping. */
static steer_v3 offset_to(const steer_world *w, steer_v3 p, steer_v3 q)
{
    steer_v3 d = steer_v3_sub(q, p);
    if (w->def.boundary != STEER_BOUNDARY_WRAP) return d;
    float c[3] = {d.x, d.y, d.z};
    for (int a = 0; a < w->dim; ++a) {
        if (c[a] > 0.5f * w->extent[a]) c[a] -= w->extent[a];
        else if (c[a] < -0.5f * w->extent[a]) c[a] += w->extent[a];
    }
    return from3(c);
}

/* Nearest member of group `target` within radius; false if none. */
static bool nearest_of_group(const steer_world *w, const uint32_t *group_start, const agent *a, int target,
                             float radius, steer_v3 *out_pos, steer_v3 *out_vel)
{
    if (target < 0 || target >= w->group_count) return false;
    float best = radius * radius;
    uint32_t best_slot = 0;
    bool found = false;
    for (uint32_t k = group_start[target]; k < group_start[target + 1]; ++k) {
        uint32_t j = w->members[k];
        if ((int)j == a->dense) continue;
        steer_v3 d = offset_to(w, a->p, v3_of(w, w->p, (int)j));
        float d2 = steer_v3_len_sq(d);
        if (d2 < best || (d2 == best && found && w->slot[j] < best_slot)) {
            best = d2;
            best_slot = w->slot[j];
            *out_pos = steer_v3_add(a->p, d);
            *out_vel = v3_of(w, w->v, (int)j);
            found = true;
        }
    }
    return found;
}

/* A steer_random_fn that hands back one value drawn beforehand. */
static float replay_draw(void *value) { return *(const float *)value; }

typedef struct force_context {
    steer_world *w;
    float dt;
    const uint32_t *group_start;
} force_context;

static steer_v3 behaviour_force(const force_context *fc, const agent *a, int b)
{
    const steer_world *w = fc->w;
    const steer_group_def *d = &a->g->def;
    const steer__gather_out *nb = a->nb;
    float ms = d->max_speed;
    switch ((steer_behaviour)b) {
    case STEER_SEPARATION: {
        if (nb->separation_count == 0.0f) return steer_v3_zero();
        steer_v3 push = steer_v3_scale(steer_v3_neg(from3(nb->separation)), 1.0f / nb->separation_count);
        if (!d->desired_forms) return push;
        steer_v3 dir = steer_v3_normalize(push);
        return steer_v3_len_sq(dir) > 0.0f ? steer_v3_sub(steer_v3_scale(dir, ms), a->v) : steer_v3_zero();
    }
    case STEER_ALIGNMENT: {
        if (nb->count == 0.0f) return steer_v3_zero();
        steer_v3 avg = steer_v3_scale(from3(nb->velocity), 1.0f / nb->count);
        if (!d->desired_forms) return steer_v3_sub(avg, a->v);
        steer_v3 dir = steer_v3_normalize(avg);
        return steer_v3_len_sq(dir) > 0.0f ? steer_v3_sub(steer_v3_scale(dir, ms), a->v) : steer_v3_zero();
    }
    case STEER_COHESION: {
        if (nb->count == 0.0f) return steer_v3_zero();
        steer_v3 centre = steer_v3_scale(from3(nb->offset), 1.0f / nb->count);
        return steer_v3_sub(steer_v3_scale(steer_v3_normalize(centre), ms), a->v);
    }
    case STEER_WANDER: { /* the library's wander, fed the world's counter-based draw */
        float u = agent_random(w, a->slot, 0);
        return steer_wander3(a->p, a->v, &w->wander[a->dense], &d->wander, ms, fc->dt, replay_draw, &u, 0);
    }
    case STEER_SEEK: return steer_seek3(a->p, a->v, d->target, ms);
    case STEER_ARRIVE: return steer_arrive3(a->p, a->v, d->target, ms, d->slow_radius);
    case STEER_FLEE: return steer_flee3(a->p, a->v, d->threat, ms, d->panic_distance);
    case STEER_PURSUE:
    case STEER_EVADE: {
        bool pursue = b == STEER_PURSUE;
        steer_v3 tp, tv;
        if (!nearest_of_group(w, fc->group_start, a, pursue ? d->pursue_group : d->evade_group, d->chase_radius, &tp, &tv))
            return steer_v3_zero();
        if (pursue) return steer_pursue3(a->p, a->v, tp, tv, ms, d->max_prediction);
        return steer_evade3(a->p, a->v, tp, tv, ms, d->max_prediction, d->panic_distance);
    }
    case STEER_FOLLOW_PATH: {
        const steer__path *p = &w->paths[d->path];
        steer_path3 path = {p->points, p->count, p->closed, p->radius};
        return steer_follow_path3(a->p, a->v, &path, d->path_predict, d->path_ahead, ms);
    }
    case STEER_FOLLOW_FLOW: {
        const steer__field *f = &w->fields[d->flow_field];
        steer_flow_field3 field = {f->origin, f->cell_size, f->nx, f->ny, f->nz, f->vectors};
        return steer_follow_flow3(a->p, a->v, &field, d->flow_predict, ms);
    }
    case STEER_CONTAIN: {
        steer_box3 box = {d->contain_min, d->contain_max};
        if (steer_v3_len_sq(steer_v3_sub(box.max, box.min)) == 0.0f) box = (steer_box3){w->def.bounds_min, w->def.bounds_max};
        if (w->dim == 2) {
            box.min.z = -1e30f;
            box.max.z = 1e30f;
        }
        return steer_contain3(a->p, a->v, box, d->contain_margin, ms);
    }
    case STEER_AVOID_OBSTACLES: {
        steer_avoid_params params = {d->see_ahead, d->radius, d->max_force, 0.0f, 0.0f};
        return steer_avoid_obstacles3(a->p, a->v, w->obstacles, w->obstacle_count, &params, 0);
    }
    case STEER_AVOID_WALLS: return steer_avoid_walls3(a->p, a->v, w->walls, w->wall_count, &d->feelers, 0);
    case STEER_FOLLOW_WALL: return steer_follow_wall3(a->p, a->v, w->walls, w->wall_count, &d->wall_follow, ms);
    case STEER_BEHAVIOUR_COUNT: break;
    }
    return steer_v3_zero();
}

static steer_v3 combined_force(const force_context *fc, const agent *a)
{
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    steer_v3 total = steer_v3_zero();
    switch (d->combine) {
    case STEER_COMBINE_BLEND:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            total = steer_v3_mad(total, behaviour_force(fc, a, b), d->weight[b]);
        }
        return steer_v3_truncate(total, d->max_force);
    case STEER_COMBINE_PRIORITY:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b]);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    case STEER_COMBINE_RUNNING_SUM:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            float remaining = d->max_force - steer_v3_len(total);
            if (!(remaining > 0.0f)) break;
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b]);
            total = steer_v3_add(total, steer_v3_truncate(f, remaining));
        }
        return steer_v3_truncate(total, d->max_force);
    case STEER_COMBINE_DITHER:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            float p = d->probability[b];
            if (!(p > 0.0f) || !(agent_random(fc->w, a->slot, 1 + (uint32_t)b) < p)) continue;
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b] / p);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    }
    return total;
}

/* New velocity (SPEC §1) from the combined force, with the turn limit. */
static steer_v3 integrate_velocity(const steer__group *g, steer_v3 v, steer_v3 force, float dt)
{
    const steer_group_def *d = &g->def;
    steer_v3 nv = steer_v3_truncate(steer_v3_mad(v, force, g->inv_mass * dt), d->max_speed);
    if (d->max_turn_rate > 0.0f) {
        float speed = steer_v3_len(nv);
        steer_v3 heading = steer_v3_normalize(v);
        if (speed > 0.0f && steer_v3_len_sq(heading) > 0.0f)
            nv = steer_v3_scale(steer_turn_toward3(heading, nv, d->max_turn_rate * dt), speed);
    }
    return steer_v3_is_valid(nv) ? nv : steer_v3_zero();
}

/* ---- candidates of a cell --------------------------------------------------- */
/* What the agents of one cell gather from: the cell's candidates staged as
 * one list in the worker's stage, or (a cell too crowded to stage, or a
 * scheduler that breaks the worker-index contract) the spans in place. */
typedef struct cell_view {
    steer__agents soa;
    steer__span spans[MAX_SPANS];
    int span_count;
    int staged; /* the candidate count when staged (spans[0] is then [0, staged)), else -1 */
} cell_view;

#define PREFETCH_AHEAD 400 /* agents: ~80 cells of a 2D row at K = 16 (160 to 400 measured alike) */
static void view_cell(const steer_world *w, const int coords[3], int worker, bool stage_groups, cell_view *cv)
{
    cv->soa = (steer__agents){{w->p[0], w->p[1], w->p[2]}, {w->v[0], w->v[1], w->v[2]}, w->group};
    cv->span_count = build_spans(w, coords, cv->spans);
    cv->staged = -1;
    int total = 0;
    for (int s = 0; s < cv->span_count; ++s) total += cv->spans[s].end - cv->spans[s].begin;
    if (total > STEER__STAGE_CAP || worker < 0 || worker >= w->workers) return;
#if defined(__GNUC__) || defined(__clang__)
    /* The last span reaches into the row ahead, which no earlier cell has
     * touched: fetch it ahead of the cells to come (one stream per array). */
    if (cv->span_count > 0) {
        int ahead = cv->spans[cv->span_count - 1].end + PREFETCH_AHEAD;
        if (ahead < w->count)
            for (int a = 0; a < w->dim; ++a) {
                __builtin_prefetch(w->p[a] + ahead);
                __builtin_prefetch(w->v[a] + ahead);
            }
    }
#endif
    float *f = (float *)(void *)(w->stages + (size_t)worker * w->stage_bytes);
    size_t stride = STEER__STAGE_CAP + STEER__STAGE_PAD;
    steer__staged st = {{0, 0, 0}, {0, 0, 0}};
    for (int a = 0; a < w->dim; ++a) {
        st.p[a] = f + (size_t)a * stride;
        st.v[a] = f + (size_t)(w->dim + a) * stride;
    }
    w->kernels->stage(&cv->soa, cv->spans, cv->span_count, &st);
    uint8_t *groups = (uint8_t *)(f + (size_t)(2 * w->dim) * stride);
    if (stage_groups) {
        int o = 0;
        for (int s = 0; s < cv->span_count; ++s) {
            int n = cv->spans[s].end - cv->spans[s].begin;
            memcpy(groups + o, w->group + cv->spans[s].begin, (size_t)n);
            o += n;
        }
    }
    cv->soa = (steer__agents){{st.p[0], st.p[1], st.p[2]}, {st.v[0], st.v[1], st.v[2]}, groups};
    cv->spans[0] = (steer__span){0, total, {0.0f, 0.0f, 0.0f}};
    cv->span_count = total > 0;
    cv->staged = total;
}

/* ---- forces and the move, fused ---------------------------------------------- */
/* Completes agent i's move from its stored position to pos: solids, the
 * float-range guard, the boundary, then the write into dst_p / dst_v (the
 * next state, or the current one for the in-place relaxation). */
static void finish_move(steer_world *w, int i, float pos[3], float vel[3], bool solids, float *const dst_p[3],
                        float *const dst_v[3]);

typedef struct force_task_context {
    force_context fc;
    bool solids;
    bool stage_groups; /* some group filters its neighbours by group: stage group ids too */
    bool cell_path;    /* some group is a plain flock (steer__group.plain_flock) */
} force_task_context;

/* Writes agent i's next state (into w->t) from its new velocity. */
static void move_agent(steer_world *w, int i, const float nv[3], float dt, bool solids)
{
    float pos[3] = {0.0f, 0.0f, 0.0f}, vel[3] = {0.0f, 0.0f, 0.0f};
    for (int a = 0; a < w->dim; ++a) {
        vel[a] = nv[a];
        pos[a] = w->p[a][i] + vel[a] * dt;
    }
    finish_move(w, i, pos, vel, solids, w->t, w->t + w->dim);
}

/* Flock-only agents are evaluated STEER__BATCH at a time by the wide kernel;
 * their gathers are reduced sixteen at a time. */
typedef struct flock_batcher {
    steer__flock_batch batch;
    steer__raw_sums raw[STEER__REDUCE_LANES];
    int dense[STEER__BATCH];
    uint8_t group[STEER__BATCH];
    bool mixed;      /* lanes of more than one group */
    bool row;        /* dense[k] == dense[0] + k so far: 64 agents in a row */
    int params_for;  /* the group whose parameters fill every lane, or -1 */
    int n;
    /* the batch's own state and results, when its agents are not 64 in a row */
    float p[3][STEER__BATCH], v[3][STEER__BATCH];
    float out[3][STEER__BATCH], pos[3][STEER__BATCH];
} flock_batcher;

/* The per-lane rule parameters, from each lane's group (one group, the
 * usual case: constants, left in place for the next batch of that group). */
static void batch_parameters(const steer_world *w, flock_batcher *fb, float dt)
{
    steer__flock_batch *b = &fb->batch;
    if (!fb->mixed && fb->params_for == fb->group[0]) return;
    for (int k = 0; k < STEER__BATCH;) {
        const steer__group *g = &w->groups[fb->group[k < fb->n ? k : 0]];
        const steer_group_def *d = &g->def;
        int run_end = fb->mixed ? k + 1 : STEER__BATCH;
        float ws = d->weight[STEER_SEPARATION], wa = d->weight[STEER_ALIGNMENT], wc = d->weight[STEER_COHESION];
        float ms = d->max_speed, mf = d->max_force, step = g->inv_mass * dt;
        for (; k < run_end; ++k) {
            b->weight_separation[k] = ws;
            b->weight_alignment[k] = wa;
            b->weight_cohesion[k] = wc;
            b->max_speed[k] = ms;
            b->max_force[k] = mf;
            b->inv_mass_dt[k] = step;
        }
    }
    fb->params_for = fb->mixed ? -1 : fb->group[0];
}

/* Points the kernel at its lanes' state and results: for 64 agents in a
 * row, the sorted state itself and the next state (no copies); otherwise
 * the batch's own arrays, filled from the agents' rows. Returns whether
 * the results went straight to the next state. */
static bool batch_lanes(steer_world *w, flock_batcher *fb)
{
    steer__flock_batch *b = &fb->batch;
    const int dim = w->dim, n = fb->n, first = fb->dense[0];
    if (n == STEER__BATCH && fb->row) {
        for (int a = 0; a < dim; ++a) {
            b->p[a] = w->p[a] + first;
            b->v[a] = w->v[a] + first;
            b->pos[a] = w->t[a] + first;
            b->out[a] = w->t[dim + a] + first;
        }
        return true;
    }
    for (int a = 0; a < dim; ++a) {
        const float *wp = w->p[a], *wv = w->v[a];
        for (int k = 0; k < n; ++k) { /* lanes past n keep earlier (finite) values */
            fb->p[a][k] = wp[fb->dense[k]];
            fb->v[a][k] = wv[fb->dense[k]];
        }
        b->p[a] = fb->p[a];
        b->v[a] = fb->v[a];
        b->pos[a] = fb->pos[a];
        b->out[a] = fb->out[a];
    }
    return false;
}

/* The moves of a flushed batch. A lane the kernel found inside the box
 * (with no solids to resolve) is complete as it is: finish_move would
 * change nothing, since the kernel's velocity is finite and bounded and the
 * boundary does not apply. Any other lane
 * goes through finish_move. When the kernel wrote the next state directly,
 * only those other lanes remain. */
static void commit_batch(steer_world *w, flock_batcher *fb, bool solids, bool direct)
{
    const int dim = w->dim;
    const steer__flock_batch *b = &fb->batch;
    float *tp[3] = {0, 0, 0}, *tv[3] = {0, 0, 0}; /* locals: no reloads through w */
    for (int a = 0; a < dim; ++a) {
        tp[a] = w->t[a];
        tv[a] = w->t[dim + a];
    }
    if (direct && !solids) { /* only the lanes that left the box remain */
        for (int word = 0; word < STEER__BATCH / 16; ++word)
            for (unsigned out = ~(unsigned)b->inside[word] & 0xFFFFu; out; out &= out - 1) {
                int k = word * 16 + steer__lowest_bit(out);
                float pos[3] = {b->pos[0][k], b->pos[1][k], dim == 3 ? b->pos[2][k] : 0.0f};
                float vel[3] = {b->out[0][k], b->out[1][k], dim == 3 ? b->out[2][k] : 0.0f};
                finish_move(w, fb->dense[k], pos, vel, solids, w->t, w->t + dim);
            }
        return;
    }
    for (int k = 0; k < fb->n; ++k) {
        int i = fb->dense[k];
        bool fast = !solids && (b->inside[k / 16] >> (k % 16) & 1u);
        if (!fast) {
            float pos[3] = {b->pos[0][k], b->pos[1][k], dim == 3 ? b->pos[2][k] : 0.0f};
            float vel[3] = {b->out[0][k], b->out[1][k], dim == 3 ? b->out[2][k] : 0.0f};
            finish_move(w, i, pos, vel, solids, w->t, w->t + dim);
            continue;
        }
        if (direct) continue;
        for (int a = 0; a < dim; ++a) {
            tp[a][i] = b->pos[a][k];
            tv[a][i] = b->out[a][k];
        }
    }
}

static void flush_batch(steer_world *w, flock_batcher *fb, bool solids)
{
    if (fb->n == 0) return;
    int pending = fb->n % STEER__REDUCE_LANES;
    if (pending) { /* the last partial sixteen: unused lanes reduce zeros */
        memset(fb->raw + pending, 0, sizeof fb->raw[0] * (size_t)(STEER__REDUCE_LANES - pending));
        w->kernels->reduce(fb->raw, &fb->batch, fb->n - pending);
    }
    batch_parameters(w, fb, fb->batch.dt);
    bool direct = batch_lanes(w, fb);
    w->kernels->flock(&fb->batch);
    commit_batch(w, fb, solids, direct);
    fb->n = 0;
    fb->mixed = false;
}

/* The move parameters of every batch of this step. */
static void batch_setup(const steer_world *w, steer__flock_batch *b, float dt)
{
    b->dt = dt;
    for (int a = 0; a < w->dim; ++a) {
        b->lo[a] = w->origin[a];
        b->hi[a] = w->origin[a] + w->extent[a];
    }
}

/* Queues agent i, whose neighbours were gathered (raw) into fb->raw[fb->n % 16]. */
static void add_to_batch(steer_world *w, flock_batcher *fb, int i, int group, bool solids)
{
    int k = fb->n;
    fb->mixed |= k > 0 && fb->group[0] != (uint8_t)group;
    /* A cell queues its plain flockers before its other flockers, so the
     * indices need not increase: only a full run of consecutive ones is a row. */
    fb->row = k == 0 || (fb->row && i == fb->dense[k - 1] + 1);
    fb->group[k] = (uint8_t)group;
    fb->dense[k] = i;
    if (++fb->n % STEER__REDUCE_LANES == 0) w->kernels->reduce(fb->raw, &fb->batch, fb->n - STEER__REDUCE_LANES);
    if (fb->n == STEER__BATCH) flush_batch(w, fb, solids);
}

static steer__gather_in gather_input(const agent *a)
{
    const steer__group *g = a->g;
    steer__gather_in in = {{a->p.x, a->p.y, a->p.z}, {0.0f, 0.0f, 0.0f},
                           g->radius_sq, g->separation_sq, g->cos_half_fov, false, g->all_groups, g->def.neighbour_mask};
    if (g->use_fov) {
        steer_v3 h = steer_v3_normalize(a->v);
        in.use_fov = steer_v3_len_sq(h) > 0.0f; /* a stationary agent sees all around */
        in.heading[0] = h.x;
        in.heading[1] = h.y;
        in.heading[2] = h.z;
    }
    return in;
}

/* The plain flockers among agents [first, end) of one staged cell, through
 * the cell kernel, in chunks that fill the batch's raw ring contiguously.
 * Returns how many there were. */
static int cell_flockers(steer_world *w, const cell_view *cv, flock_batcher *fb, int first, int end, bool solids)
{
    steer__cell_agents ag;
    int members[STEER__CELL_AGENTS];
    uint8_t groups[STEER__CELL_AGENTS];
    const int dim = w->dim;
    int found = 0;
    for (int i = first; i < end;) {
        int room = STEER__REDUCE_LANES - fb->n % STEER__REDUCE_LANES;
        ag.count = 0;
        for (; i < end && ag.count < room; ++i) {
            uint8_t group = w->group[i];
            const steer__group *g = &w->groups[group];
            if (!g->plain_flock) continue;
            for (int a = 0; a < dim; ++a) ag.p[a][ag.count] = w->p[a][i];
            ag.radius_sq[ag.count] = g->radius_sq;
            ag.separation_sq[ag.count] = g->separation_sq;
            groups[ag.count] = group;
            members[ag.count++] = i;
        }
        if (ag.count == 0) continue;
        found += ag.count;
        w->kernels->gather_cell(&cv->soa, cv->staged, &ag, fb->raw + fb->n % STEER__REDUCE_LANES);
        for (int k = 0; k < ag.count; ++k) add_to_batch(w, fb, members[k], groups[k], solids);
    }
    return found;
}

/* Agents [start, end), cell by cell: each cell's candidates are staged once
 * for all its agents. Every agent's force reads only the sorted snapshot
 * (w->p, w->v); its next state goes to w->t, so the update is synchronous. */
static void forces_task(int start, int end, int worker, void *context)
{
    force_task_context *ftc = context;
    force_context *fc = &ftc->fc;
    steer_world *w = fc->w;
    cell_view cv;
    flock_batcher fb;
    memset(&fb, 0, sizeof fb); /* lanes past the last agent of a batch must hold finite values */
    fb.params_for = -1;
    batch_setup(w, &fb.batch, fc->dt);
    if (worker < 0 || worker >= w->workers) /* then view_cell leaves every cell unstaged */
        steer__misuse(__func__, "task worker_index must be in [0, worker_count)");
    for (int i = start; i < end;) {
        int coords[3];
        uint32_t cell = cell_of_agent(w, i, coords);
        int cell_end = (int)w->cell_start[cell + 1];
        if (cell_end > end) cell_end = end;
        if (cell_end <= i) cell_end = i + 1; /* cannot happen while sorted; never loop forever */
        bool viewed = false;
        if (ftc->cell_path) { /* the plain flockers of the cell, all against one staged list */
            view_cell(w, coords, worker, ftc->stage_groups, &cv);
            viewed = true;
            if (cv.staged >= 0 && cell_flockers(w, &cv, &fb, i, cell_end, ftc->solids) == cell_end - i) {
                i = cell_end; /* the whole cell */
                continue;
            }
        }
        for (; i < cell_end; ++i) {
            const steer__group *g = &w->groups[w->group[i]];
            if (ftc->cell_path && g->plain_flock && cv.staged >= 0) continue; /* done above */
            if (g->needs_neighbours && !viewed) {
                view_cell(w, coords, worker, ftc->stage_groups, &cv);
                viewed = true;
            }
            agent a = {i, w->slot[i], v3_of(w, w->p, i), v3_of(w, w->v, i), g, 0};
            if (g->flock_only) {
                steer__gather_in in = gather_input(&a);
                w->kernels->gather_raw(&cv.soa, cv.spans, cv.span_count, &in, &fb.raw[fb.n % STEER__REDUCE_LANES]);
                add_to_batch(w, &fb, i, w->group[i], ftc->solids);
                continue;
            }
            steer__gather_out nb = {0};
            if (g->needs_neighbours) {
                steer__gather_in in = gather_input(&a);
                w->kernels->gather(&cv.soa, cv.spans, cv.span_count, &in, &nb);
            }
            a.nb = &nb;
            steer_v3 force = combined_force(fc, &a);
            if (w->dim == 2) force.z = 0.0f;
            steer_v3 nv = integrate_velocity(g, a.v, force, fc->dt);
            move_agent(w, i, (const float[3]){nv.x, nv.y, nv.z}, fc->dt, ftc->solids);
        }
    }
    flush_batch(w, &fb, ftc->solids);
}

/* ---- integration, boundaries and solids ------------------------------------ */
static void wrap_axis(float *x, float lo, float extent)
{
    float hi = lo + extent;
    if (*x < lo || *x >= hi) {
        float r = fmodf(*x - lo, extent); /* exact */
        if (r < 0.0f) r += extent;
        *x = lo + r;
        if (*x >= hi) *x = lo;
    }
}

/* Agents stay WALL_SKIN from every wall, on the side they came from. A move
 * may approach a wall without crossing it; one that ended a hair from the
 * line would start the next move there, where rounding can put the crossing
 * just behind the start and miss it. So an end point inside the skin is set
 * back to it (and the velocity into the wall dropped). */
#define WALL_SKIN 1e-3f
static void keep_wall_skin(const steer_world *w, steer_v3 from, steer_v3 *to, steer_v3 *vel)
{
    steer_v2 p = steer_v2_from_v3(from);
    for (int i = 0; i < w->wall_count; ++i) {
        steer_v2 a = steer_v2_from_v3(w->walls[i].a), along = steer_v2_sub(steer_v2_from_v3(w->walls[i].b), a);
        float length;
        steer_v2 dir = steer_v2_normalize_len(along, &length);
        if (length == 0.0f) continue;
        steer_v2 q = steer_v2_from_v3(*to), aq = steer_v2_sub(q, a);
        float t = steer_v2_dot(aq, dir);
        if (t < -WALL_SKIN || t > length + WALL_SKIN) continue; /* beyond an end */
        steer_v2 n = steer_v2_perp_left(dir);
        float dq = steer_v2_dot(aq, n), dp = steer_v2_dot(steer_v2_sub(p, a), n);
        float side = dp > 0.0f ? 1.0f : dp < 0.0f ? -1.0f : (dq >= 0.0f ? 1.0f : -1.0f);
        if (side * dq >= WALL_SKIN) continue;
        steer_v2 out = steer_v2_mad(q, n, side * WALL_SKIN - dq);
        to->x = out.x;
        to->y = out.y;
        float into = (vel->x * n.x + vel->y * n.y) * side;
        if (into < 0.0f) {
            vel->x -= into * side * n.x;
            vel->y -= into * side * n.y;
        }
    }
}

/* Moves the agent from `from` to `*to`, stopping it on its side of any wall
 * the motion would cross and out of any solid obstacle. */
static void resolve_solids(const steer_world *w, const steer__group *g, steer_v3 from, steer_v3 *to, steer_v3 *vel)
{
    if (w->def.solid_walls) {
        for (int pass = 0; pass < 4; ++pass) {
            steer_v2 p = steer_v2_from_v3(from), q = steer_v2_from_v3(*to);
            steer_v2 motion = steer_v2_sub(q, p);
            float first = 2.0f;
            steer_v2 normal = steer_v2_zero();
            for (int i = 0; i < w->wall_count; ++i) {
                steer_v2 a = steer_v2_from_v3(w->walls[i].a), along = steer_v2_sub(steer_v2_from_v3(w->walls[i].b), a);
                float denom = steer_v2_cross(motion, along);
                if (steer_absf(denom) < 1e-20f) continue;
                steer_v2 ap = steer_v2_sub(a, p);
                float s = steer_v2_cross(ap, along) / denom, u = steer_v2_cross(ap, motion) / denom;
                /* walls reach a hair past their ends so motion through a shared
                 * corner cannot slip between two walls by rounding */
                if (s >= 0.0f && s <= 1.0f && u >= -1e-4f && u <= 1.0f + 1e-4f && s < first) {
                    first = s;
                    normal = steer_v2_perp_left(steer_v2_normalize(along));
                    if (steer_v2_dot(normal, motion) > 0.0f) normal = steer_v2_neg(normal);
                }
            }
            if (first > 1.0f) break;
            /* stop just short of the wall and slide: drop the velocity into it */
            steer_v2 stop = steer_v2_mad(steer_v2_mad(p, motion, first), normal, 1e-3f);
            to->x = stop.x;
            to->y = stop.y;
            float into = vel->x * normal.x + vel->y * normal.y;
            if (into < 0.0f) {
                vel->x -= into * normal.x;
                vel->y -= into * normal.y;
            }
        }
        keep_wall_skin(w, from, to, vel);
    }
    if (w->def.solid_obstacles) {
        for (int i = 0; i < w->obstacle_count; ++i) {
            steer_v3 d = steer_v3_sub(*to, w->obstacles[i].centre);
            float reach = w->obstacles[i].radius + g->def.radius, dist;
            if (steer_v3_len_sq(d) >= reach * reach) continue;
            steer_v3 n = steer_v3_normalize_len(d, &dist);
            if (dist == 0.0f) n = steer_v3_make(1.0f, 0.0f, 0.0f);
            *to = steer_v3_mad(w->obstacles[i].centre, n, reach);
            float into = steer_v3_dot(*vel, n);
            if (into < 0.0f) *vel = steer_v3_sub(*vel, steer_v3_scale(n, into));
        }
    }
}

static void apply_boundary(const steer_world *w, float *pos, float *vel)
{
    for (int a = 0; a < w->dim; ++a) {
        if (w->def.boundary == STEER_BOUNDARY_WRAP) {
            wrap_axis(&pos[a], w->origin[a], w->extent[a]);
        } else if (w->def.boundary == STEER_BOUNDARY_CLAMP) {
            float lo = w->origin[a], hi = lo + w->extent[a];
            if (pos[a] < lo) {
                pos[a] = lo;
                if (vel[a] < 0.0f) vel[a] = 0.0f;
            } else if (pos[a] > hi) {
                pos[a] = hi;
                if (vel[a] > 0.0f) vel[a] = 0.0f;
            }
        }
    }
}

/* A move that would leave the float range (a huge dt or speed near
 * FLT_MAX) is refused: the agent stays where it was and stops, as the
 * vehicle does. Positions are never Inf or NaN. */
static void keep_finite(const steer_world *w, int i, float *pos, float *vel)
{
    bool ok = true;
    for (int a = 0; a < w->dim; ++a) ok = ok && steer_is_finite(pos[a]) && steer_is_finite(vel[a]);
    if (ok) return;
    for (int a = 0; a < w->dim; ++a) {
        pos[a] = w->p[a][i];
        vel[a] = 0.0f;
    }
}

static bool has_solids(const steer_world *w)
{
    return (w->def.solid_walls && w->wall_count) || (w->def.solid_obstacles && w->obstacle_count);
}

static void finish_move(steer_world *w, int i, float pos[3], float vel[3], bool solids, float *const dst_p[3],
                        float *const dst_v[3])
{
    int dim = w->dim;
    if (solids) {
        steer_v3 to = from3(pos), v = from3(vel);
        resolve_solids(w, &w->groups[w->group[i]], v3_of(w, w->p, i), &to, &v);
        pos[0] = to.x, pos[1] = to.y, pos[2] = dim == 3 ? to.z : 0.0f;
        vel[0] = v.x, vel[1] = v.y, vel[2] = dim == 3 ? v.z : 0.0f;
    }
    keep_finite(w, i, pos, vel);
    apply_boundary(w, pos, vel);
    for (int a = 0; a < dim; ++a) {
        dst_p[a][i] = pos[a];
        dst_v[a][i] = vel[a];
    }
}

/* ---- non-penetration: Jacobi relaxation over the same grid ----------------- */
#define PENETRATION_SLOP 0.01f /* overlaps this small (of r_i + r_j) end the passes */
static void separate_task(int start, int end, int worker, void *context)
{
    steer_world *w = context;
    float worst = 0.0f; /* the deepest overlap in this range, as a fraction of its contact distance */
    steer__span spans[MAX_SPANS];
    int span_count = 0;
    uint32_t span_cell = UINT32_MAX;
    for (int i = start; i < end; ++i) {
        float ri = w->groups[w->group[i]].def.radius;
        float corr[3] = {0.0f, 0.0f, 0.0f};
        int coords[3];
        uint32_t cell = cell_of_agent(w, i, coords);
        if (cell != span_cell) {
            span_cell = cell;
            span_count = build_spans(w, coords, spans);
        }
        for (int s = 0; s < span_count; ++s) {
            for (int j = spans[s].begin; j < spans[s].end; ++j) {
                if (j == i) continue;
                float reach = ri + w->groups[w->group[j]].def.radius;
                float d[3] = {0.0f, 0.0f, 0.0f}, d2 = 0.0f;
                for (int a = 0; a < w->dim; ++a) {
                    d[a] = (w->p[a][i] + spans[s].shift[a]) - w->p[a][j];
                    d2 += d[a] * d[a];
                }
                if (d2 >= reach * reach) continue;
                float dist = sqrtf(d2);
                worst = steer_maxf(worst, (reach - dist) / reach);
                if (dist > 0.0f) {
                    float k = 0.5f * (reach - dist) / dist;
                    for (int a = 0; a < w->dim; ++a) corr[a] += d[a] * k;
                } else { /* coincident: split along x, by slot order */
                    corr[0] += (w->slot[i] < w->slot[j] ? 0.5f : -0.5f) * reach;
                }
            }
        }
        for (int a = 0; a < w->dim; ++a) w->t[a][i] = corr[a];
    }
    /* A scheduler breaking the worker-index contract loses this range's
     * overlap (at worst the passes stop early) rather than racing. */
    STEER_MISUSE_IF(worker < 0 || worker >= w->workers, , "task worker_index must be in [0, worker_count)");
    w->penetration_worst[worker] = steer_maxf(w->penetration_worst[worker], worst);
}

static void apply_separation_task(int start, int end, int worker, void *context)
{
    (void)worker;
    steer_world *w = context;
    bool solids = has_solids(w);
    for (int i = start; i < end; ++i) {
        float pos[3] = {0.0f, 0.0f, 0.0f}, vel[3] = {0.0f, 0.0f, 0.0f};
        for (int a = 0; a < w->dim; ++a) {
            pos[a] = w->p[a][i] + w->t[a][i];
            vel[a] = w->v[a][i];
        }
        finish_move(w, i, pos, vel, solids, w->p, w->v);
    }
}

/* ---- the step ----------------------------------------------------------------- */
static void build_members(steer_world *w, uint32_t group_start[STEER__MAX_GROUPS + 1])
{
    memset(group_start, 0, sizeof(uint32_t) * (STEER__MAX_GROUPS + 1));
    if (!w->members) return;
    for (int i = 0; i < w->count; ++i) group_start[w->group[i] + 1]++;
    for (int g = 0; g < STEER__MAX_GROUPS; ++g) group_start[g + 1] += group_start[g];
    uint32_t cursor[STEER__MAX_GROUPS];
    memcpy(cursor, group_start, sizeof cursor);
    for (int i = 0; i < w->count; ++i) w->members[cursor[w->group[i]]++] = (uint32_t)i;
}

static void one_step(steer_world *w, float dt)
{
    double t0 = steer__seconds();
    sort_by_cell(w);
    double t1 = steer__seconds();
    uint32_t group_start[STEER__MAX_GROUPS + 1];
    build_members(w, group_start);
    force_task_context ftc = {{w, dt, group_start}, has_solids(w), false, false};
    for (int g = 0; g < w->group_count; ++g) {
        ftc.stage_groups |= w->groups[g].needs_neighbours && !w->groups[g].all_groups;
        ftc.cell_path |= w->groups[g].plain_flock;
    }
    steer__world_run(w, forces_task, w->count, &ftc);
    for (int a = 0; a < w->dim; ++a) { /* the next state becomes the current one */
        SWAP(w->p[a], w->t[a]);
        SWAP(w->v[a], w->t[w->dim + a]);
    }
    double t2 = steer__seconds();
    if (w->def.non_penetration) {
        /* Passes until no pair overlaps by more than PENETRATION_SLOP of its
         * contact distance, or penetration_iterations. The worst overlap is a
         * maximum, so the decision is the same for any thread count. */
        for (int it = 0; it < w->def.penetration_iterations; ++it) {
            sort_by_cell(w);
            for (int k = 0; k < w->workers; ++k) w->penetration_worst[k] = 0.0f;
            steer__world_run(w, separate_task, w->count, w);
            float worst = 0.0f;
            for (int k = 0; k < w->workers; ++k) worst = steer_maxf(worst, w->penetration_worst[k]);
            if (worst <= PENETRATION_SLOP) break;
            steer__world_run(w, apply_separation_task, w->count, w);
        }
    }
    w->steps++;
    double t3 = steer__seconds();
    w->profile.grid += t1 - t0;
    w->profile.forces += t2 - t1;
    w->profile.solve += t3 - t2;
}

steer_result steer_world_step(steer_world *w, float dt)
{
    STEER_MISUSE_IF(!w, STEER_ERROR_INVALID_ARGUMENT, "NULL world");
    STEER_MISUSE_IF(w->in_step, STEER_ERROR_IN_STEP, "called during the world's own step");
    STEER_MISUSE_IF(!steer_is_finite(dt) || dt < 0.0f, STEER_ERROR_INVALID_ARGUMENT, "dt must be finite and >= 0");
    if (dt == 0.0f) return STEER_OK;
    int substeps = 1;
    if (w->def.max_dt > 0.0f && dt > w->def.max_dt) {
        float n = ceilf(dt / w->def.max_dt);
        STEER_MISUSE_IF(n > 1024.0f, STEER_ERROR_INVALID_ARGUMENT, "dt needs more than 1024 sub-steps of max_dt");
        substeps = (int)n;
    }
    steer_result r = steer__world_prepare_grid(w);
    if (r != STEER_OK) return r;
    double start = steer__seconds();
    w->profile = (steer_step_profile){0};
    w->in_step = true;
    float h = dt / (float)substeps;
    for (int s = 0; s < substeps; ++s) one_step(w, h);
    w->in_step = false;
    w->profile.total = steer__seconds() - start;
    return STEER_OK;
}
