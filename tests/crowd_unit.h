/* A crowd unit as the RTS-style world tests use it: no flocking, its goal
 * after anticipation in a running sum, keep_apart, radius 0.5; the rest the
 * defaults (each test sets its limits). */
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

#endif
