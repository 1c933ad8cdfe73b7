/* Private: one agent as the step's per-agent phases see it (its
 * behaviours, what it sees, keep_apart): where it stands in the sorted
 * snapshot, its group, its gathered neighbours, its goal and what it sees. */
#ifndef STEER_WORLD_AGENT_H
#define STEER_WORLD_AGENT_H

#include "world_internal.h"
#include "world_seen.h"

typedef struct steer__agent {
    int dense;
    uint32_t slot;
    steer_v3 p, v;
    const steer__group *g;
    const steer__gather_out *nb; /* its gathered neighbours */
    struct steer__goal *goal;    /* its own goal (world_goals.h), or NULL */
    steer__seen seen;            /* predictive groups: steer__see_neighbours */
    bool path_end_near;          /* a PATH goal: its end counts from here (steer__goal_prepare) */
    float radius;                /* its body's: its own or its group's (steer__body_radius) */
} steer__agent;

/* What every agent of a step shares. */
typedef struct steer__force_context {
    steer_world *w;
    float dt;
    const uint32_t *group_start; /* members of group g: w->members[group_start[g] .. group_start[g + 1]) */
} steer__force_context;

/* Agent a's priority this sub-step: its group's arrived_priority while it
 * has arrived at its own goal (as its neighbours see it), else its group's. */
static inline float steer__agent_priority(const steer_world *w, const steer__agent *a)
{
    return w->arrived_seen && w->arrived_now[a->dense] ? a->g->arrived_priority : a->g->def.priority;
}

#endif
