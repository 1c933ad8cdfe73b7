/* Private: the per-agent goal table. An agent with a goal has
 * STEER__GOAL_BIT | its record's index in its slot entry (w->slot, which
 * the sort moves with the agent), and the record holds its slot. So an
 * agent without a goal costs nothing, and the step finds a goal without a
 * search. The records are kept near the agents' order (steer__goals_reorder). */
#ifndef STEER_WORLD_GOALS_H
#define STEER_WORLD_GOALS_H

#include "world_internal.h"

/* The goal of the live agent with this slot (the handle table must be
 * current), or NULL. */
steer__goal *steer__goal_find(const steer_world *w, uint32_t slot);
/* Forgets dense agent d's goal, if it has one (the handle table must be
 * current: the record that takes its place names its agent by slot). */
void steer__goal_drop(steer_world *w, uint32_t d);
/* Gives dense agent d the goal (a copy; its points copied too, then
 * `from`, where a WAYPOINTS goal's agent started), replacing any it had. */
steer_result steer__goal_put(steer_world *w, uint32_t d, const steer__goal *goal, steer_v3 from);
/* The goal no longer trades places with the agents sent with it. */
static inline void steer__goal_leave_order(steer_world *w, steer__goal *g)
{
    w->ordered_goals -= g->order != 0;
    g->order = 0;
}
/* Frees every goal (destroy). */
void steer__goals_clear(steer_world *w);
/* Checks a goal quietly (a snapshot's) or as misuse of `function`. */
bool steer__goal_ok(const steer_world *w, const steer_goal *goal, const char *function);
/* The segment of a PATH goal's path nearest dense agent d (progress -1 at set). */
int steer__path_nearest_segment(const steer_world *w, uint32_t d, const steer__goal *g);
/* Puts the records in the agents' order, after a sort, when goals were
 * added since the last time or every 64 sub-steps: agents change cells slowly,
 * so the records stay near their agents' order (pages and lines shared), and
 * the forces pass fetches them ahead. Order only: no result depends on it. */
void steer__goals_reorder(steer_world *w);
/* When a group has an arrived_priority: who has arrived at its own goal as
 * the sub-step begins (w->arrived_now, in the agents' new order), which
 * the forces pass reads for neighbours while it writes the new arrivals
 * into the records. Sets w->arrived_seen. */
void steer__goals_note_arrived(steer_world *w);

#endif
