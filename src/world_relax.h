/* Private: non-penetration. Jacobi relaxation passes over the same grid push
 * overlapping agents apart to radius_i + radius_j. */
#ifndef STEER_WORLD_RELAX_H
#define STEER_WORLD_RELAX_H

#include "world_internal.h"

/* Passes until no pair overlaps by more than a slop, or the def's
 * penetration_iterations; each pass sorts first. */
void steer__world_relax(steer_world *w);

#endif
