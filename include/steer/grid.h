/* steer/grid.h — a standalone spatial index (uniform grid, hashed cells) for
 * neighbour queries in 2D or 3D. Usable on its own, without the world.
 *
 *   steer_default_grid_def()        zero-default description; set dim, cell_size
 *   steer_grid_create(def)          NULL on a bad def (dim not 2/3, cell_size <= 0)
 *   steer_grid_build(g, pts, n, stride)  index n points (x, y[, z] floats,
 *                                   `stride` floats apart); ids are 0..n-1
 *   steer_grid_clear / insert       incremental form: insert(id, p) then query
 *   steer_grid_query_radius         ids within radius (d <= radius), ascending id
 *   steer_grid_query_visit          same set through a callback, deterministic order
 *   steer_grid_nearest              k nearest ids, by distance then id
 *
 * Any finite position works (cells are hashed, the world need not be bounded);
 * non-finite points are stored but never returned. Results never depend on
 * insertion timing or memory layout: the order is defined above. A query
 * allocates nothing; build/insert grow storage only when capacity is exceeded.
 */
#ifndef STEER_GRID_H
#define STEER_GRID_H

#include <stddef.h>
#include <stdint.h>
#include "math.h"
#include "alloc.h"
#include "result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_grid steer_grid;

typedef struct steer_grid_def {
    int dim;            /* 2 or 3 */
    float cell_size;    /* > 0; best near the typical query radius */
    int capacity;       /* points to reserve (grows on demand) */
    steer_allocator allocator; /* zero: malloc/free */
} steer_grid_def;

steer_grid_def steer_default_grid_def(void);               /* zeroes; dim 2, cell_size 1 */
steer_grid *steer_grid_create(const steer_grid_def *def);  /* NULL on a bad def or no memory */
void steer_grid_destroy(steer_grid *grid);                 /* NULL is fine */

/* build replaces the contents with points[0..count-1]; point i has id i and
 * reads dim floats at points + i * stride. insert adds one point (x, y[, z]
 * in p) with the caller's id (>= 0). Both return STEER_OK;
 * STEER_ERROR_INVALID_ARGUMENT for a NULL grid or points, a negative count
 * or id, or a stride shorter than dim; STEER_ERROR_CAPACITY beyond 2^26
 * points; STEER_ERROR_OUT_OF_MEMORY when the allocator fails. On an error
 * the contents are unchanged. */
steer_result steer_grid_build(steer_grid *grid, const float *points, int count, int stride); /* replace all */
steer_result steer_grid_insert(steer_grid *grid, int id, const float *p);                    /* add one */
void steer_grid_clear(steer_grid *grid);                                                     /* empty, keep memory */
int steer_grid_count(const steer_grid *grid);                                                /* points stored */

/* Ids within radius of centre, ascending id, at most max_out written; returns
 * the total number found (may exceed max_out). */
int steer_grid_query_radius(steer_grid *grid, const float *centre, float radius, int *out_ids, int max_out);
/* Visits every point within radius; returns the number visited. Order:
 * cells in ascending (z, y, x) offset, points within a cell in insertion order. */
typedef void steer_grid_visit_fn(int id, float distance_sq, void *context);
int steer_grid_query_visit(steer_grid *grid, const float *centre, float radius, steer_grid_visit_fn *visit,
                           void *context);
/* The k nearest points (ties by smaller id); returns how many were written
 * (fewer than k if the grid holds fewer points). out_dist_sq may be NULL. */
int steer_grid_nearest(steer_grid *grid, const float *p, int k, int *out_ids, float *out_dist_sq);

#ifdef __cplusplus
}
#endif
#endif
