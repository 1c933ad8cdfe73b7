/* Private: each agent's own body radius (world.h, "body radii per agent"),
 * kept in a world made with agent_radii. */
#ifndef STEER_WORLD_RADII_H
#define STEER_WORLD_RADII_H

#include "world_internal.h"

/* The largest own radius among group g's members (0: none has one). */
float steer__group_own_radius_max(const steer_world *w, int g);

#endif
