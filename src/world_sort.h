/* Private: the grid and the sort. The grid is sized from the groups and the
 * bounds before a step (and again after anything that changes them); the
 * sort orders the agents by cell, a stable counting sort in parts, so that
 * the candidates of a cell's neighbourhood lie in a few contiguous runs. */
#ifndef STEER_WORLD_SORT_H
#define STEER_WORLD_SORT_H

#include "world_internal.h"

/* Sizes the cells and the sort's scratch if something changed them; the
 * only allocation a step may make (STEER_ERROR_OUT_OF_MEMORY). */
steer_result steer__world_prepare_grid(steer_world *w);
/* The next step sizes the grid again (groups, bounds or capacity changed). */
void steer__world_invalidate_grid(steer_world *w);
/* Agents to (cell, index) order: positions, velocities, groups, slots and
 * wander angles move; cell_start holds each cell's first agent. Leaves the
 * handle table stale. */
void steer__world_sort(steer_world *w);

#endif
