/* Private: the way round a rock. An agent of a group that avoids obstacles
 * heads for the point its own goal steers it to by the tangent of the
 * first obstacle across the straight line, so that a point behind a rock
 * is reached round it instead of pressed for against its near face. */
#ifndef STEER_WORLD_DETOUR_H
#define STEER_WORLD_DETOUR_H

#include "world_agent.h"

/* The point agent a heads for on its way to `to` (docs/model.md, 6.1a):
 * `to` itself when its way is clear, else a point as far from the agent as
 * `to`, along the tangent of the nearest obstacle across the way (on the
 * ground, of the cluster of rocks joined to it; behind a rock on the move;
 * for a `to` within a rock's clearance, the tangent to where it meets it,
 * at that point's distance). */
steer_v3 steer__detour(const steer_world *w, const steer__agent *a, steer_v3 to);
/* Copies to `kept` those of `obstacles` (as the look-ahead has them: a
 * ground-plane agent's on the ground) that stand across the agent's way to
 * `end` by the test of steer__detour, and returns how many: on a goal's
 * final approach the look-ahead meets only those (docs/model.md 6.1a). */
int steer__across_the_way(const steer_world *w, const steer__agent *a, steer_v3 end, const steer_obstacle3 *obstacles,
                          int count, steer_obstacle3 *kept);
/* How much farther than the straight line from `from` to `to` an agent of
 * group g and body radius `radius` walks going round the obstacles across it (each taken alone, by
 * its tangents and the arc between them; 0 for a group that avoids none),
 * for steer_world_send_to_places' timing. The objects' index must be
 * current (steer__objects_prepare). */
float steer__detour_extra(const steer_world *w, const steer__group *g, float radius, steer_v3 from, steer_v3 to);

#endif
