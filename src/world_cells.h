/* Private: a cell's neighbourhood. The candidates of an agent are the
 * agents of the 3x3 (3x3x3) cells around its own, which the sort leaves in
 * a few contiguous spans (torus images carry a shift); the agents of one
 * cell share them, staged once as one list. */
#ifndef STEER_WORLD_CELLS_H
#define STEER_WORLD_CELLS_H

#include "world_internal.h"

#define STEER__MAX_SPANS 27

/* The cell of dense agent i (agents are sorted, so this is where it sits)
 * and its coordinates. */
static inline uint32_t steer__cell_of_agent(const steer_world *w, int i, int coords[3])
{
    return steer__cell_coords(w, w->p[0][i], w->p[1][i], w->dim == 3 ? w->p[2][i] : 0.0f, coords);
}

/* Spans of candidates for an agent in the cell at `coords`: for each
 * neighbouring row (y, z), consecutive x cells with the same shift merge
 * into one span. Returns the count. */
int steer__build_spans(const steer_world *w, const int coords[3], steer__span *spans);

/* What the agents of one cell gather from: the cell's candidates staged as
 * one list in the worker's stage, or (a cell too crowded to stage, or a
 * scheduler that breaks the worker-index contract) the spans in place. */
typedef struct steer__cell_view {
    steer__agents soa;
    steer__span spans[STEER__MAX_SPANS];
    int span_count;
    int staged; /* the candidate count when staged (spans[0] is then [0, staged)), else -1 */
} steer__cell_view;

/* The candidates of the cell at coords, staged in `worker`'s stage when they
 * fit (and the index is valid), with group ids when stage_groups. */
void steer__view_cell(const steer_world *w, const int coords[3], int worker, bool stage_groups, steer__cell_view *cv);

#endif
