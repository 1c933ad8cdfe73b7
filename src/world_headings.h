/* Private: the way each agent faces (world.h, "headings"), kept per agent
 * in its (dense) order, moved by the sort as its position is, in a world
 * made with keep_headings (w->heading[axis], else NULL). */
#ifndef STEER_WORLD_HEADINGS_H
#define STEER_WORLD_HEADINGS_H

#include "world_internal.h"

/* An agent added or teleported with velocity v in group g: the heading it
 * takes (adding: +x when v gives none; teleporting: *was when v is no
 * faster than the group's arrival_speed). */
steer_v3 steer__heading_from(const steer_world *w, const steer__group *g, steer_v3 v, steer_v3 was, bool adding);
/* Dense agent d's heading, and setting it (a world that keeps them). */
static inline steer_v3 steer__heading_at(const steer_world *w, int d)
{
    return steer_v3_make(w->heading[0][d], w->heading[1][d], w->dim == 3 ? w->heading[2][d] : 0.0f);
}
static inline void steer__heading_put(steer_world *w, int d, steer_v3 h)
{
    w->heading[0][d] = h.x, w->heading[1][d] = h.y;
    if (w->dim == 3) w->heading[2][d] = h.z;
}
/* After a sub-step: each agent that moved faster than its group's
 * arrival_speed faces its velocity (a task over the agents, each its own:
 * the same for any thread count). */
void steer__headings_update(steer_world *w);

#endif
