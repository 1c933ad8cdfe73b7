/* Private: what an agent that looks sees (AVOID_NEIGHBOURS, ANTICIPATE,
 * QUEUE, keep_apart): its neighbours and the obstacles near it as moving
 * discs in lanes, and what it does about a twin it cannot tell apart. */
#ifndef STEER_WORLD_SEEN_H
#define STEER_WORLD_SEEN_H

#include <float.h>

#include "world_internal.h"

/* What a predictive behaviour (AVOID_NEIGHBOURS, ANTICIPATE) sees: moving
 * discs (spheres) with their priorities, in lanes (lane j: the j-th), in
 * the world's frame: the anticipation kernel reads them where they are. */
typedef struct steer__seen {
    const float *p[3], *v[3], *radius, *priority;
    const uint16_t *near; /* keep_apart groups: bit j (of word j / 16) maybe within its reach (steer__group.apart_near_sq) */
    int count;
    int worker;   /* whose scratch (keep_apart's constraints, the kernel's lanes) */
    bool twinned; /* another agent stands at its place moving alike: nothing it sees tells them
                     apart, so nothing would (steer__twin_nudge) */
} steer__seen;

/* Nothing seen, and no scratch to see into (worker -1): an agent of a
 * group that does not look, or one given no worker's scratch. */
#define STEER__SEEN_NOTHING {{0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, -1, false}

/* Whether what is seen at j is an obstacle (steer__see_neighbours gives
 * obstacles the priority that never yields). */
static inline bool steer__seen_obstacle(const steer__seen *s, int j) { return s->priority[j] == FLT_MAX; }

/* Lane j of what is seen as a record. */
static inline steer_neighbour3 steer__seen_at(const steer__seen *s, int j)
{
    return (steer_neighbour3){{s->p[0][j], s->p[1][j], s->p[2][j]}, {s->v[0][j], s->v[1][j], s->v[2][j]}, s->radius[j]};
}

/* Worker `worker`'s predictive scratch, array q (steer__lane_array). */
static inline float *steer__lane_array_at(const steer_world *w, int worker, int q)
{
    return w->anticipation + (size_t)worker * STEER__ANTICIPATION_FLOATS + (size_t)q * STEER__ANTICIPATION_STRIDE;
}

struct steer__agent;
struct steer__cell_view;
/* The agents of the cell view within the group's neighbour radius (and its
 * mask), each a moving disc of its group's radius and priority, then the
 * obstacles within that radius, which never yield; into the worker's
 * scratch (none for a worker index out of range). A candidate at the
 * agent's place moving alike is the agent itself (or a twin nothing tells
 * apart) and is left out; seen->twinned says whether there was a twin. */
void steer__see_neighbours(const steer_world *w, const struct steer__agent *a, const struct steer__cell_view *cv, int worker,
                           steer__seen *seen);

/* A twinned agent's new velocity v (steer__seen.twinned), nudged by one
 * step of its max force along a unit direction of its own slot (on the
 * ground for a ground_plane group), so that agents added at one point
 * moving alike part, each its own way, the same for any thread count. */
steer_v3 steer__twin_nudge(const steer_world *w, const struct steer__agent *a, steer_v3 v, float dt);

#endif
