/* A cell's candidate spans and their staging. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_cells.h"

#include <string.h>

static int axis_cells(const steer_world *w, int axis, int c, int out_cell[3], float out_shift[3])
{
    int n = w->n[axis], k = 0;
    bool wrap = w->def.boundary == STEER_BOUNDARY_WRAP && axis < w->dim;
    for (int o = -1; o <= 1; ++o) {
        int x = c + o;
        float shift = 0.0f;
        if (axis >= w->dim || steer__narrow_axis(w, axis)) { /* a narrow axis: the one cell once, images per candidate */
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
int steer__build_spans(const steer_world *w, const int coords[3], steer__span *spans)
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

/* Every stratum holds a candidate, and the sample is whole 16-lane steps
 * (the gathers read full vectors of it). */
_Static_assert(STEER__STAGE_CAP >= STEER__CROWD_SAMPLE_MAX, "a crowd is larger than its sample");
_Static_assert(STEER__CROWD_SAMPLE(2) % 16 == 0 && STEER__CROWD_SAMPLE(3) % 16 == 0 &&
                   STEER__CROWD_SAMPLE(3) <= STEER__CROWD_SAMPLE_MAX,
               "the sample is whole 16-lane steps and fits the view");

/* The picks increase, so one walk over the spans finds them all. */
int steer__crowd_sample(const steer__span *spans, int total, int dim, int *agent, int *span)
{
    const uint32_t sample = (uint32_t)STEER__CROWD_SAMPLE(dim);
    int s = 0;
    uint32_t span_first = 0; /* list index of spans[s].begin */
    for (uint32_t k = 0; k < sample; ++k) {
        uint32_t at = steer__crowd_pick(k, (uint32_t)total, sample);
        while (at - span_first >= (uint32_t)(spans[s].end - spans[s].begin)) {
            span_first += (uint32_t)(spans[s].end - spans[s].begin);
            ++s;
        }
        agent[k] = spans[s].begin + (int)(at - span_first);
        span[k] = s;
    }
    return (int)sample;
}

/* A crowd's sample into the view's own arrays, each pick seen through its
 * span's image (position - shift), as staging does; on a narrow axis, at
 * its image nearest agent `viewer` (if not negative). */
static void sample_crowd(const steer_world *w, steer__cell_view *cv, int viewer)
{
    int agent[STEER__CROWD_SAMPLE_MAX], span[STEER__CROWD_SAMPLE_MAX];
    int sample = steer__crowd_sample(cv->spans, cv->total, w->dim, agent, span);
    for (int k = 0; k < sample; ++k) {
        int i = agent[k];
        for (int a = 0; a < w->dim; ++a) {
            float q = w->p[a][i], shift = cv->spans[span[k]].shift[a];
            if (viewer >= 0) shift = steer__image_shift(w, a, shift, q, w->p[a][viewer]);
            cv->sample_p[a][k] = q - shift;
            cv->sample_v[a][k] = w->v[a][i];
        }
        cv->sample_group[k] = w->group[i];
        if (w->arrived_seen) cv->sample_arrived[k] = w->arrived_now[i];
        if (w->own_radius) cv->sample_radius[k] = w->own_radius[i];
    }
    cv->arrived = w->arrived_seen ? cv->sample_arrived : NULL;
    cv->radius = w->own_radius ? cv->sample_radius : NULL;
    cv->soa = (steer__agents){{cv->sample_p[0], cv->sample_p[1], cv->sample_p[2]},
                              {cv->sample_v[0], cv->sample_v[1], cv->sample_v[2]}, cv->sample_group};
    cv->spans[0] = (steer__span){0, sample, {0.0f, 0.0f, 0.0f}};
    cv->span_count = 1;
    cv->staged = sample;
}

/* Worker `worker`'s stage: 2 * 3 float arrays, one of own radii (agent_radii)
 * and 2 byte arrays (groups, arrivals) of STEER__STAGE_CAP + STEER__STAGE_PAD
 * entries. */
static void worker_stage(const steer_world *w, int worker, steer__staged *st, float **radius, uint8_t **groups,
                         uint8_t **arrived)
{
    float *f = (float *)(void *)(w->stages + (size_t)worker * w->stage_bytes);
    size_t stride = STEER__STAGE_CAP + STEER__STAGE_PAD;
    *st = (steer__staged){{0, 0, 0}, {0, 0, 0}};
    for (int a = 0; a < w->dim; ++a) {
        st->p[a] = f + (size_t)a * stride;
        st->v[a] = f + (size_t)(w->dim + a) * stride;
    }
    float *after = f + (size_t)(2 * w->dim) * stride;
    *radius = w->own_radius ? after : NULL;
    *groups = (uint8_t *)(w->own_radius ? after + stride : after);
    *arrived = *groups + stride;
}

static void stage_in_worker(const steer_world *w, int worker, bool stage_groups, steer__cell_view *cv,
                            const float *viewer);

#define PREFETCH_AHEAD 400 /* agents: ~80 cells of a 2D row at K = 16 (160 to 400 measured alike) */
void steer__view_cell(const steer_world *w, const int coords[3], int worker, bool stage_groups, steer__cell_view *cv)
{
    cv->soa = (steer__agents){{w->p[0], w->p[1], w->p[2]}, {w->v[0], w->v[1], w->v[2]}, w->group};
    cv->arrived = w->arrived_seen ? w->arrived_now : NULL;
    cv->radius = w->own_radius;
    cv->span_count = steer__build_spans(w, coords, cv->spans);
    cv->staged = -1;
    int total = 0;
    for (int s = 0; s < cv->span_count; ++s) total += cv->spans[s].end - cv->spans[s].begin;
    cv->total = total;
    if (total > STEER__STAGE_CAP) {
        sample_crowd(w, cv, -1);
        return;
    }
    if (worker < 0 || worker >= w->workers) return;
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
    stage_in_worker(w, worker, stage_groups, cv, NULL);
}

/* The view's spans staged in worker `worker`'s stage (the groups and the
 * arrivals too when stage_groups), as one list; then, on each narrow axis,
 * each candidate moved to its image nearest *viewer (if not NULL: its
 * position). */
static void stage_in_worker(const steer_world *w, int worker, bool stage_groups, steer__cell_view *cv,
                            const float *viewer)
{
    steer__staged st;
    float *radius;
    uint8_t *groups, *arrived;
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    worker_stage(w, worker, &st, &radius, &groups, &arrived);
    w->kernels->stage(&cv->soa, cv->spans, cv->span_count, &st);
    const bool stage_arrived = stage_groups && w->arrived_seen;
    if (stage_groups) {
        int o = 0;
        for (int s = 0; s < cv->span_count; ++s) {
            int n = cv->spans[s].end - cv->spans[s].begin;
            memcpy(groups + o, w->group + cv->spans[s].begin, (size_t)n);
            if (stage_arrived) memcpy(arrived + o, w->arrived_now + cv->spans[s].begin, (size_t)n);
            if (radius) memcpy(radius + o, w->own_radius + cv->spans[s].begin, sizeof(float) * (size_t)n);
            o += n;
        }
    }
    for (int a = 0; viewer && a < w->dim; ++a) {
        if (!steer__narrow_axis(w, a)) continue;
        /* in a loop the compiler vectorises (branches here mispredicted) */
        const float p = viewer[a], extent = w->extent[a], half = 0.5f * extent;
        float *x = st.p[a];
        for (int k = 0; k < cv->total; ++k) x[k] = x[k] - steer__nearest_image_shift(x[k], p, extent, half);
    }
    cv->soa = (steer__agents){{st.p[0], st.p[1], st.p[2]}, {st.v[0], st.v[1], st.v[2]}, groups};
    cv->arrived = stage_arrived ? arrived : NULL;
    cv->radius = stage_groups ? radius : NULL;
    cv->spans[0] = (steer__span){0, cv->total, {0.0f, 0.0f, 0.0f}};
    cv->span_count = cv->total > 0;
    cv->staged = cv->total;
}

void steer__view_agent(const steer_world *w, int i, const int coords[3], int worker, steer__cell_view *cv)
{
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    cv->soa = (steer__agents){{w->p[0], w->p[1], w->p[2]}, {w->v[0], w->v[1], w->v[2]}, w->group};
    cv->radius = w->own_radius;
    cv->span_count = steer__build_spans(w, coords, cv->spans);
    int total = 0;
    for (int s = 0; s < cv->span_count; ++s) total += cv->spans[s].end - cv->spans[s].begin;
    cv->total = total;
    const bool own_stage = worker >= 0 && worker < w->workers;
    if (total > (own_stage ? STEER__STAGE_CAP : STEER__CROWD_SAMPLE_MAX)) {
        sample_crowd(w, cv, i);
        return;
    }
    if (own_stage) {
        const float at[3] = {w->p[0][i], w->p[1][i], w->dim == 3 ? w->p[2][i] : 0.0f};
        stage_in_worker(w, worker, true, cv, at);
        return;
    }
    /* a scheduler that broke the worker-index contract: in the view's own arrays */
    steer__staged st = {{cv->sample_p[0], cv->sample_p[1], cv->sample_p[2]}, {cv->sample_v[0], cv->sample_v[1], cv->sample_v[2]}};
    uint8_t *groups = cv->sample_group, *arrived = cv->sample_arrived;
    int o = 0;
    for (int s = 0; s < cv->span_count; ++s)
        for (int j = cv->spans[s].begin; j < cv->spans[s].end; ++j, ++o) {
            for (int a = 0; a < w->dim; ++a) {
                float q = w->p[a][j];
                st.p[a][o] = q - steer__image_shift(w, a, cv->spans[s].shift[a], q, w->p[a][i]);
                st.v[a][o] = w->v[a][j];
            }
            groups[o] = w->group[j];
            if (w->arrived_seen) arrived[o] = w->arrived_now[j];
            if (w->own_radius) cv->sample_radius[o] = w->own_radius[j];
        }
    for (; o % 16 != 0; ++o) /* the kernels read whole 16-lane steps: finite scratch to the last */
        for (int a = 0; a < w->dim; ++a) st.p[a][o] = st.v[a][o] = 0.0f;
    cv->soa = (steer__agents){{st.p[0], st.p[1], st.p[2]}, {st.v[0], st.v[1], st.v[2]}, groups};
    cv->arrived = w->arrived_seen ? arrived : NULL;
    cv->radius = w->own_radius ? cv->sample_radius : NULL;
    cv->spans[0] = (steer__span){0, total, {0.0f, 0.0f, 0.0f}};
    cv->span_count = total > 0;
    cv->staged = total;
}
