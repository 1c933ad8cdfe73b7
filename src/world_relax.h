/* Private: non-penetration. Jacobi relaxation passes over the same grid push
 * overlapping agents apart to radius_i + radius_j; a crowded neighbourhood
 * is thinned to the forces pass's sample (world_cells.h). */
#ifndef STEER_WORLD_RELAX_H
#define STEER_WORLD_RELAX_H

#include "world_internal.h"

/* Passes until no pair overlaps by more than a slop, or the def's
 * penetration_iterations; each pass sorts first. */
void steer__world_relax(steer_world *w);

/* Candidate pairs the world's passes have examined, for tests: a crowd's
 * passes are bounded by its sample. */
uint64_t steer__relax_pairs_examined(const steer_world *w);

#endif
