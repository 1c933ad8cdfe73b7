/* Private: the forces pass. Every agent's force from the sorted snapshot
 * (w->p, w->v) and its move into the next state (next_p, next_v), cell by cell: plain
 * flockers through the cell kernel and the wide flock batches, the others
 * through their group's behaviours. */
#ifndef STEER_WORLD_FORCES_H
#define STEER_WORLD_FORCES_H

#include "world_internal.h"

/* For tests, set between steps: every crowd agent takes the scalar steps
 * instead of the crowd kernel, whose bits they must give. */
extern bool steer__crowd_kernel_off;
/* For tests, likewise: flockers take the general path, not the flock
 * batches (the same bits for agents without goals). */
extern bool steer__flock_batches_off;

/* Forces and moves of every agent; group_start as in steer__build_members. */
void steer__world_forces(steer_world *w, float dt, const uint32_t *group_start);

#endif
