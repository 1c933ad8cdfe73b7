/* Private: each agent's own body radius (world.h, "body radii per agent"),
 * kept in a world made with agent_radii. */
#ifndef STEER_WORLD_RADII_H
#define STEER_WORLD_RADII_H

#include "world_internal.h"

/* The largest own radius among group g's members (0: none has one), and
 * the dense index of the first agent with it in *widest (-1: none). */
float steer__group_own_radius_max(const steer_world *w, int g, int *widest);
/* w->own_radius_max brought to the largest own radius the agents have now
 * (the grid invalidated if it changed), before a step sizes its grid and
 * keep_apart's reach: what a set_radius raised and a later one lowered, or
 * a removal took away, leaves no trace (a snapshot holds only the radii). */
void steer__radii_refresh(steer_world *w);

#endif
