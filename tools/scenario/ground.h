/* ground.h — the ground plane as the tools see it: what pictures show from
 * above, where wall crossings are measured, which way a standing agent
 * faces. A 2D or Z-up world's ground is XY; a Y-up world's is XZ, turned
 * to Z-up by the library's steer_v3_to_z_up ((x, y, z) -> (x, -z, y), a
 * rotation, so an agent's right stays on the right). Header-only: the
 * scenario module, `steer run` and the playground share it. */
#ifndef STEER_SCENARIO_GROUND_H
#define STEER_SCENARIO_GROUND_H

#include <math.h>
#include <stdbool.h>

#include "steer/math.h"

/* The up axis of a world of dim dimensions (a 2D world's is always Z). */
static inline steer_up_axis ground_up(int dim, steer_up_axis up) { return dim == 3 ? up : STEER_UP_Z; }

/* p on the ground: (across, along, height). */
static inline steer_v3 ground_of(steer_up_axis up, steer_v3 p) { return steer_v3_to_z_up(p, up); }
/* The world point at (across, along, height) on the ground. */
static inline steer_v3 ground_to_world(steer_up_axis up, steer_v3 g) { return steer_v3_from_z_up(g, up); }

/* Whether segments p-q and a-b on the ground meet (ends included), and
 * where along p-q (*t, 0 to 1). */
static inline bool ground_segments_cross_at(steer_v2 p, steer_v2 q, steer_v2 a, steer_v2 b, double *t)
{
    steer_v2 r = steer_v2_sub(q, p), s = steer_v2_sub(b, a);
    double denom = (double)r.x * s.y - (double)r.y * s.x;
    if (fabs(denom) < 1e-20) return false;
    double ax = (double)a.x - p.x, ay = (double)a.y - p.y;
    *t = (ax * s.y - ay * s.x) / denom;
    double u = (ax * r.y - ay * r.x) / denom;
    return *t >= 0.0 && *t <= 1.0 && u >= 0.0 && u <= 1.0;
}
static inline bool ground_segments_cross(steer_v2 p, steer_v2 q, steer_v2 a, steer_v2 b)
{
    double t;
    return ground_segments_cross_at(p, q, a, b, &t);
}

/* Whether a body of `radius` whose centre is at `height` (the ground's
 * third coordinate) reaches into a wall standing from bottom to top: the
 * walls it meets, as the library decides (steer_world_set_wall_height). */
static inline bool ground_wall_meets(float bottom, float top, float height, float radius)
{
    return !(height + radius <= bottom || height - radius >= top);
}

/* Whether an agent of this velocity and max speed moves enough to face its
 * way: one slower than 2% of its max speed stands (arrived, waiting,
 * jostled in place) and keeps the way it last faced, rather than turning
 * to +x when it stops or spinning with every small push. */
static inline bool ground_faces_its_velocity(steer_v3 velocity, float max_speed)
{
    float standing = 0.02f * max_speed, l2 = steer_v3_len_sq(velocity);
    return l2 > standing * standing && l2 > 0.0f;
}

#endif
