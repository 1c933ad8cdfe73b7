/* Private: the way each agent faces (world.h, "headings"), kept per agent
 * in its (dense) order, moved by the sort as its position is, in a world
 * made with keep_headings (w->heading[axis], else NULL). */
#ifndef STEER_WORLD_HEADINGS_H
#define STEER_WORLD_HEADINGS_H

#include "world_internal.h"

/* Dense agent d (its group already set) turns to face v, on the ground for
 * a ground group, when v is faster than the group's arrival_speed, else
 * keeps its heading; by at most max_angle radians when that is > 0 (else at
 * once); `fresh` (an agent just added, or just moved into a ground group):
 * any direction v has, else +x, at once. */
void steer__heading_follow(steer_world *w, int d, steer_v3 v, bool fresh, float max_angle);
/* After a sub-step of dt: each agent that moved faster than its group's
 * arrival_speed turns to face its velocity, by at most the group's
 * max_turn_rate * dt when it has one (a task over the agents, each its own:
 * the same for any thread count). */
void steer__headings_update(steer_world *w, float dt);

#endif
