/* Private: one agent's behaviours. The force of an agent that is not a plain
 * flocker: its group's behaviours, each from the sorted snapshot, combined
 * by the group's mode; then its new velocity. */
#ifndef STEER_WORLD_BEHAVIOURS_H
#define STEER_WORLD_BEHAVIOURS_H

#include <float.h>

#include "world_agent.h"
#include "world_internal.h"

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
/* Agent a's new velocity from the combined force, with the turn limit;
 * `facing` (NULL: none) its kept heading, turned as the limit turns it. */
steer_v3 steer__integrate_velocity(const steer_world *w, const steer__agent *a, steer_v3 force, float dt, steer_v3 *facing);

#endif
