/* Private: the speed a bound turn limit leaves (docs/model.md §4 and
 * §6.2), shared by the vehicle and the world so they keep one rule. */
#ifndef STEER_TURN_LIMIT_H
#define STEER_TURN_LIMIT_H

#include "steer/math.h"

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

#endif
