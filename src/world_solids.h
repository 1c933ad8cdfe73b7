/* Private: the end of every move. Solid walls and obstacles, the float-range
 * guard and the boundary (wrap, clamp), then the write of the new state. */
#ifndef STEER_WORLD_SOLIDS_H
#define STEER_WORLD_SOLIDS_H

#include "world_internal.h"

/* Whether any solid wall or obstacle exists (moves then resolve them). */
bool steer__has_solids(const steer_world *w);
/* Completes agent i's move from its stored position to pos: solids (when
 * `solids`), the float-range guard, the boundary, then the write into
 * dst_p / dst_v (the next state, or the current one for the in-place
 * relaxation). pos and vel are updated. */
void steer__finish_move(steer_world *w, int i, float pos[3], float vel[3], bool solids, float *const dst_p[3],
                        float *const dst_v[3]);
/* The boundary alone, as the end of a move applies it (wrap or clamp into
 * the box): for agents placed by add, teleport and restore. */
void steer__confine(const steer_world *w, float pos[3], float vel[3]);
/* x brought into [lo, lo + extent) on a torus's axis (exact: fmodf). */
void steer__wrap_axis(float *x, float lo, float extent);

#endif
