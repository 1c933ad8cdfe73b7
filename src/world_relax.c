/* Non-penetration: Jacobi relaxation over the grid. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_relax.h"
#include "world_cells.h"
#include "world_solids.h"
#include "world_sort.h"
#include "world_tasks.h"
#include "misuse_internal.h"

#include <math.h>
#include <stdatomic.h>

#define PENETRATION_SLOP 0.01f /* overlaps this small (of r_i + r_j) end the passes */

uint64_t steer__relax_pairs_examined(const steer_world *w)
{
    return atomic_load_explicit(&w->relax_pairs, memory_order_relaxed);
}

typedef struct relax_pass {
    steer_world *w;
    int crowd; /* a block of more candidates than this is a crowd, and sampled */
} relax_pass;

/* The most candidates a block can hold with no pair overlapping by more
 * than the slop: disjoint balls of radius (1 - slop) r_min about them,
 * packed at best (pi/sqrt(12) of the plane, pi/sqrt(18) of space) in the
 * block grown by that radius. Beyond it the block is a crowd that no pass
 * can settle, and is sampled as the forces pass samples; within it a legal
 * packing must be scanned in full. At least the sample, at most
 * STEER__STAGE_CAP (the forces pass's bound). r_min is over the bodies
 * there are: an empty group (of bodies of no size, say) changes nothing. */
static int crowd_threshold(const steer_world *w)
{
    float r = INFINITY;
    if (w->own_radius) { /* each body's: a group's radius that every member overrides counts no more than an empty group's */
        for (int i = 0; i < w->count; ++i) r = steer_minf(r, steer__body_radius(w, i));
    } else {
        uint32_t present = 0;
        for (int i = 0; i < w->count; ++i) present |= 1u << w->group[i];
        for (int g = 0; g < w->group_count; ++g)
            if (present >> g & 1u) r = steer_minf(r, w->groups[g].def.radius);
    }
    r *= 1.0f - PENETRATION_SLOP;
    if (!(r > 0.0f) || !(r < INFINITY)) return STEER__STAGE_CAP; /* no groups, or bodies of no size */
    double ball = w->dim == 2 ? 3.14159265358979 * r * r : 4.18879020478639 * r * r * r;
    double room = (w->dim == 2 ? 0.906899682117109 : 0.740480489693061) / ball;
    for (int a = 0; a < w->dim; ++a) room *= 3.0 * w->cell[a] + 2.0 * r;
    int sample = STEER__CROWD_SAMPLE(w->dim);
    return room >= STEER__STAGE_CAP ? STEER__STAGE_CAP : room <= sample ? sample : (int)room;
}

/* What the agents of one cell are pushed away from: its block's spans, or
 * a crowd's sample (world_cells.h). */
typedef struct relax_block {
    steer__span spans[STEER__MAX_SPANS];
    int span_count;
    int sample; /* a crowd's sample size; 0: every candidate of the spans */
    int agent[STEER__CROWD_SAMPLE_MAX], span[STEER__CROWD_SAMPLE_MAX];
} relax_block;

static void block_of_cell(const relax_pass *rp, const int coords[3], relax_block *b)
{
    b->span_count = steer__build_spans(rp->w, coords, b->spans);
    int total = 0;
    for (int s = 0; s < b->span_count; ++s) total += b->spans[s].end - b->spans[s].begin;
    b->sample = total > rp->crowd ? steer__crowd_sample(b->spans, total, rp->w->dim, b->agent, b->span) : 0;
}

/* A coincident pair has no direction of its own: it takes a unit vector
 * fixed by its two slots, i along it and j against it, so that a crowd at
 * one point spreads in every direction (not along one axis), the same way
 * for any thread count. */
static void split_coincident(const steer_world *w, int i, int j, float amount, float corr[3])
{
    uint32_t si = steer__slot_of(w, i), sj = steer__slot_of(w, j);
    uint32_t h = steer__mix32(steer__mix32((si < sj ? si : sj) + 0x9E3779B9u) ^ (si < sj ? sj : si));
    float along = si < sj ? amount : -amount;
    steer_v3 dir = steer__hash_direction(h, w->dim == 3);
    corr[0] += along * dir.x;
    corr[1] += along * dir.y;
    corr[2] += along * dir.z;
}

/* Agent i's push away from candidate j (seen through `shift`, on a narrow
 * axis at its nearest image) by half their overlap; *worst keeps the
 * deepest overlap as a fraction of the contact distance. */
static inline void push_from(const steer_world *w, int i, int j, const float shift[3], float ri, float corr[3],
                             float *worst)
{
    float reach = ri + steer__body_radius(w, j);
    float d[3] = {0.0f, 0.0f, 0.0f}, d2 = 0.0f;
    for (int a = 0; a < w->dim; ++a) {
        d[a] = (w->p[a][i] + steer__image_shift(w, a, shift[a], w->p[a][j], w->p[a][i])) - w->p[a][j];
        d2 += d[a] * d[a];
    }
    if (d2 >= reach * reach) return;
    float dist = sqrtf(d2), overlap = (reach - dist) / reach;
    /* Two radii that overflow make an infinite reach and a NaN here; the
     * maximum over a worker's range, then over the workers, would keep or
     * drop a NaN by the order it met it in, and so whether the passes go
     * on would follow the thread count. Such a body overlaps wholly. */
    *worst = steer_maxf(*worst, overlap <= 1.0f ? overlap : 1.0f);
    if (dist > 0.0f) {
        float k = 0.5f * (reach - dist) / dist;
        for (int a = 0; a < w->dim; ++a) corr[a] += d[a] * k;
    } else {
        split_coincident(w, i, j, 0.5f * reach, corr);
    }
}

static void separate_task(int start, int end, int worker, void *context)
{
    const relax_pass *rp = context;
    steer_world *w = rp->w;
    float worst = 0.0f; /* the deepest overlap in this range, as a fraction of its contact distance */
    uint64_t pairs = 0;
    relax_block b;
    uint32_t block_cell = UINT32_MAX;
    for (int i = start; i < end; ++i) {
        float ri = steer__body_radius(w, i);
        float corr[3] = {0.0f, 0.0f, 0.0f};
        int coords[3];
        uint32_t cell = steer__cell_of_agent(w, i, coords);
        STEER__ANALYZER_ASSUME(cell != UINT32_MAX); /* no cell has that index (cell_count is an int): b is built first */
        if (cell != block_cell) {
            block_cell = cell;
            block_of_cell(rp, coords, &b);
        }
        if (b.sample) {
            for (int k = 0; k < b.sample; ++k)
                if (b.agent[k] != i) push_from(w, i, b.agent[k], b.spans[b.span[k]].shift, ri, corr, &worst);
            pairs += (uint64_t)b.sample;
        } else {
            for (int s = 0; s < b.span_count; ++s) {
                for (int j = b.spans[s].begin; j < b.spans[s].end; ++j)
                    if (j != i) push_from(w, i, j, b.spans[s].shift, ri, corr, &worst);
                pairs += (uint64_t)(b.spans[s].end - b.spans[s].begin);
            }
        }
        for (int a = 0; a < w->dim; ++a) w->next_p[a][i] = corr[a]; /* scratch here: the correction */
    }
    atomic_fetch_add_explicit(&w->relax_pairs, pairs, memory_order_relaxed);
    /* A scheduler breaking the worker-index contract loses this range's
     * overlap (at worst the passes stop early) rather than racing. */
    if (worker < 0 || worker >= w->workers) {
        steer__misuse(STEER_MISUSE_WORKER_INDEX, "steer_world_step", "worker_index = %d: must be in [0, worker_count = %d)",
                      worker, w->workers);
        return;
    }
    w->penetration_worst[worker] = steer_maxf(w->penetration_worst[worker], worst);
}

static void apply_separation_task(int start, int end, int worker, void *context)
{
    (void)worker;
    steer_world *w = context;
    bool solids = steer__has_solids(w);
    for (int i = start; i < end; ++i) {
        float pos[3] = {0.0f, 0.0f, 0.0f}, vel[3] = {0.0f, 0.0f, 0.0f};
        for (int a = 0; a < w->dim; ++a) {
            pos[a] = w->p[a][i] + w->next_p[a][i];
            vel[a] = w->v[a][i];
        }
        steer__finish_move(w, i, pos, vel, solids, w->p, w->v);
    }
}

void steer__world_relax(steer_world *w)
{
    /* The worst overlap is a maximum, so whether to go on is the same for
     * any thread count. */
    relax_pass rp = {w, crowd_threshold(w)};
    for (int it = 0; it < w->def.penetration_iterations; ++it) {
        steer__world_sort(w);
        for (int k = 0; k < w->workers; ++k) w->penetration_worst[k] = 0.0f;
        steer__world_run(w, separate_task, w->count, &rp);
        float worst = 0.0f;
        for (int k = 0; k < w->workers; ++k) worst = steer_maxf(worst, w->penetration_worst[k]);
        if (worst <= PENETRATION_SLOP) break;
        steer__world_run(w, apply_separation_task, w->count, w);
    }
}
