/* Units as the RTS-style world tests use them. A crowd unit: no flocking,
 * its goal after anticipation in a running sum, keep_apart, radius 0.5; the
 * rest the defaults (each test sets its limits). */
#ifndef STEER_TESTS_CROWD_UNIT_H
#define STEER_TESTS_CROWD_UNIT_H

#include "steer/steer.h"

static inline steer_group_def crowd_unit_def(void)
{
    steer_group_def gd = steer_default_group_def();
    gd.weight[STEER_SEPARATION] = gd.weight[STEER_ALIGNMENT] = gd.weight[STEER_COHESION] = 0.0f;
    gd.weight[STEER_ANTICIPATE] = 1.0f;
    gd.combine = STEER_COMBINE_RUNNING_SUM;
    gd.keep_apart = true;
    gd.radius = 0.5f;
    return gd;
}

/* A unit as scenarios/rts_order.json has it: the way round rocks
 * (avoid_obstacles 3, see_ahead 2) and anticipation in a running sum,
 * keep_apart, radius 0.5, max speed 3, max force 6, neighbour radius 4,
 * departure distance 0.5. */
static inline steer_group_def rts_unit_def(void)
{
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.weight[STEER_AVOID_OBSTACLES] = 3.0f;
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.see_ahead = 2.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.keep_apart = true;
    g.keep_right = 0.25f;
    g.radius = 0.5f, g.max_speed = 3.0f, g.max_force = 6.0f, g.neighbour_radius = 4.0f;
    g.departure_distance = 0.5f;
    return g;
}

#endif
