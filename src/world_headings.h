/* Private: the way each agent faces (world.h, "headings"), kept per slot
 * in a world made with keep_headings (w->heading, else NULL). */
#ifndef STEER_WORLD_HEADINGS_H
#define STEER_WORLD_HEADINGS_H

#include "world_internal.h"

/* An agent added or teleported with velocity v in group g: the heading it
 * takes (adding: +x when v gives none; teleporting: *was when v is no
 * faster than the group's arrival_speed). */
steer_v3 steer__heading_from(const steer_world *w, const steer__group *g, steer_v3 v, steer_v3 was, bool adding);
/* After a sub-step: each agent that moved faster than its group's
 * arrival_speed faces its velocity (a task over the agents, one slot each:
 * the same for any thread count). */
void steer__headings_update(steer_world *w);

#endif
