/* Private: keep_apart, the velocity filter that keeps bodies from closing
 * to contact: each agent takes its share of the gap to what it sees (and
 * the whole gap to a wall or the box), as the velocity closest to the
 * steered one that keeps every such limit (a small linear program); a
 * held agent gives way to one ahead or on its right. docs/decisions.md,
 * "keep_apart". */
#ifndef STEER_WORLD_KEEP_APART_H
#define STEER_WORLD_KEEP_APART_H

#include "world_agent.h"

/* Each keep_apart group's apart_near_sq for a step of dt: a bound on the
 * reach of every limit keep_apart can set at up to max_speed, so that the
 * kernel's select can flag what may be within it. */
void steer__apart_bounds(steer_world *w, float dt);
/* v, the agent's new velocity over dt, with its approach to each thing it
 * sees cut to its share of their gap. */
steer_v3 steer__keep_apart(const steer_world *w, const steer__agent *a, steer_v3 v, float dt);

#endif
