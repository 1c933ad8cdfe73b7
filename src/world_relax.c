/* Non-penetration: Jacobi relaxation over the grid. */
#include "world_relax.h"
#include "world_cells.h"
#include "world_solids.h"
#include "world_sort.h"
#include "world_tasks.h"
#include "misuse_internal.h"

#include <math.h>

#define PENETRATION_SLOP 0.01f /* overlaps this small (of r_i + r_j) end the passes */
static void separate_task(int start, int end, int worker, void *context)
{
    steer_world *w = context;
    float worst = 0.0f; /* the deepest overlap in this range, as a fraction of its contact distance */
    steer__span spans[STEER__MAX_SPANS];
    int span_count = 0;
    uint32_t span_cell = UINT32_MAX;
    for (int i = start; i < end; ++i) {
        float ri = w->groups[w->group[i]].def.radius;
        float corr[3] = {0.0f, 0.0f, 0.0f};
        int coords[3];
        uint32_t cell = steer__cell_of_agent(w, i, coords);
        if (cell != span_cell) {
            span_cell = cell;
            span_count = steer__build_spans(w, coords, spans);
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
        for (int a = 0; a < w->dim; ++a) w->next_p[a][i] = corr[a]; /* scratch here: the correction */
    }
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
    for (int it = 0; it < w->def.penetration_iterations; ++it) {
        steer__world_sort(w);
        for (int k = 0; k < w->workers; ++k) w->penetration_worst[k] = 0.0f;
        steer__world_run(w, separate_task, w->count, w);
        float worst = 0.0f;
        for (int k = 0; k < w->workers; ++k) worst = steer_maxf(worst, w->penetration_worst[k]);
        if (worst <= PENETRATION_SLOP) break;
        steer__world_run(w, apply_separation_task, w->count, w);
    }
}
