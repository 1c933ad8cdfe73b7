/* Private: the way each agent faces (world.h, "headings"), kept per agent
 * in its (dense) order, moved by the sort as its position is, in a world
 * made with keep_headings (w->heading[axis], else NULL). */
#ifndef STEER_WORLD_HEADINGS_H
#define STEER_WORLD_HEADINGS_H

#include "world_internal.h"

/* Dense agent d (its group already set) turns to face v at once, on the
 * ground for a ground group, when v is faster than the group's
 * arrival_speed, else keeps its heading; `fresh` (an agent just added, or
 * just moved into a ground group): any direction v has, else +x. */
void steer__heading_follow(steer_world *w, int d, steer_v3 v, bool fresh);
/* After a sub-step: a turn-limited group's agents (`turned`) take the
 * heading their velocity's turn left them in next_heading
 * (steer__integrate_velocity), pushes aside (keep_apart, non_penetration)
 * not turning them; the others (`followed`) turn to face their velocity
 * when faster than their group's arrival_speed, else keep their heading.
 * The turned part must come before anything sorts the agents again
 * (non_penetration's passes), which reuses next_heading; the followed part
 * after the last change to the velocities. A task over the agents, each its
 * own: the same for any thread count. */
void steer__headings_update(steer_world *w, bool turned, bool followed);

#endif
