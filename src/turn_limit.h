/* Private: the speed a bound turn limit leaves (docs/model.md §4 and
 * §6.2), shared by the vehicle and the world so they keep one rule. */
#ifndef STEER_TURN_LIMIT_H
#define STEER_TURN_LIMIT_H

#include "steer/math.h"

#include <math.h>

/* Where max_turn_rate binds: `along`, the asked velocity's part along the
 * way the agent may take, but no less than `least` (its speed less one step
 * of its braking) unless that is more than `asked` (the asked speed, so
 * never over max_speed), and no less than `crawl`. So a brake through zero
 * stops it (the reversed velocity turned forward had sped it up), a target
 * beside a slow one slows it to turn (it had circled the target for ever),
 * and a fast one turns at its speed less what its force can brake. The
 * vehicle keeps its heading at rest (crawl 0); a world agent's direction is
 * its velocity's, so it crawls round rather than stopping. */
static inline float steer__turned_speed(float along, float least, float asked, float crawl)
{
    return steer_maxf(steer_maxf(along, steer_minf(least, asked)), crawl);
}

/* The fastest a unit going along `way` (unit) and turning at `rate` may go
 * and still come within `within` of a point `off` from it: turning at the
 * rate its path is a circle of radius R = speed / rate, whose centre lies
 * R to the side; the point is in reach while its distance to that centre
 * is at least R - within, so R <= (d^2 - within^2) / (2 (s - within)), s
 * the point's distance across the way (d, the whole, once it is behind).
 * Faster, it circles the point for good (a unit at rest 1.5 beside its
 * point, rate 0.1: not there in 600 s). INFINITY when in reach at any
 * speed. The world's goals and the vehicle's wrappers that know their
 * point keep to it. */
static inline float steer__turn_room_speed(steer_v3 off, steer_v3 way, float within, float rate)
{
    float d2 = steer_v3_len_sq(off);
    float across = steer_v3_dot(off, way) < 0.0f ? sqrtf(d2) : steer_v3_len(steer_v3_cross(way, off));
    if (!(across > within)) return INFINITY;
    return rate * (d2 - within * within) / (2.0f * (across - within));
}

#endif
