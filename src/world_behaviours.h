/* Private: one agent's behaviours. The force of an agent that is not a plain
 * flocker: its group's behaviours, each from the sorted snapshot, combined
 * by the group's mode; then its new velocity. */
#ifndef STEER_WORLD_BEHAVIOURS_H
#define STEER_WORLD_BEHAVIOURS_H

#include <float.h>

#include "world_agent.h"
#include "world_internal.h"

/* What every agent of a step shares. */
typedef struct steer__force_context {
    steer_world *w;
    float dt;
    const uint32_t *group_start; /* members of group g: w->members[group_start[g] .. group_start[g + 1]) */
} steer__force_context;

/* After a sort: each FOLLOW_LEADER group's leader, found near where it was
 * (agents move little in the sorted order from one step to the next). */
void steer__find_leaders(steer_world *w);

/* Lists each group's members (pursue and evade look for the nearest). */
void steer__build_members(steer_world *w, uint32_t group_start[STEER__MAX_GROUPS + 1]);
/* The agent's group's behaviours, combined by its mode, truncated to max_force. */
steer_v3 steer__combined_force(const steer__force_context *fc, const steer__agent *a);
/* The running sum in two parts, so that the crowd kernel (world_forces.c)
 * can take the second for its agents: steer__combined_force is the two in
 * turn. The prefix adds the behaviours before the last two and gives the
 * one before the last: its weighted force (FORCE), or for ANTICIPATE its
 * summed terms (TERMS, Z-up), or NONE when there is none or max_force is
 * spent. The finish adds that force and the last behaviour's, each where
 * max_force is not yet spent, and truncates the total to max_force. */
enum { STEER__PREFIX_NONE, STEER__PREFIX_FORCE, STEER__PREFIX_TERMS };
typedef struct steer__running_prefix {
    steer_v3 total, last; /* the sum so far; FORCE: the weighted force */
    steer_v3 sum, bias;   /* TERMS: steer__anticipation_end3's inputs */
    float remaining;      /* max_force - |total| */
    int kind;
} steer__running_prefix;
void steer__running_sum_prefix(const steer__force_context *fc, const steer__agent *a, steer__running_prefix *out);
steer_v3 steer__running_sum_finish(const steer__force_context *fc, const steer__agent *a, const steer__running_prefix *prefix);
/* The force of the agent's own goal (a->goal), weighted as in its group's
 * blend: for the flock batches, which add it to the flocking rules. */
steer_v3 steer__weighted_goal_force(const steer__force_context *fc, const steer__agent *a);
/* After the agent's move to pos with vel, for every agent with a goal
 * whatever steered it: a WAYPOINTS goal's current waypoint, and whether
 * the goal is reached (world.h, "arrived"). */
void steer__goal_after_move(const steer_world *w, const steer__group *g, struct steer__goal *goal, const float pos[3],
                            const float vel[3]);
/* Whether the group's arrived agents stay so beyond the tolerance (its
 * departure distance is larger): the flock kernel's arrival bits, which
 * know the tolerance alone, then do not decide a departure. */
bool steer__group_departs_late(const steer__group *g);
/* Records whether the goal is reached now (and since which step). */
void steer__goal_set_arrived(const steer_world *w, struct steer__goal *goal, bool now);
/* The new velocity from the combined force, with the turn limit. */
steer_v3 steer__integrate_velocity(const steer_world *w, const steer__group *g, steer_v3 v, steer_v3 force, float dt);

#endif
