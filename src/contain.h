/* Private: containment's push along one axis (docs/model.md §2.17), shared
 * by the pure functions and the world's CONTAIN, which gives a face its own
 * margin where an agent's goal ends inside the usual one (§6.1a). */
#ifndef STEER_CONTAIN_H
#define STEER_CONTAIN_H

#include "steer/math.h"

/* The force along an axis for a position x and velocity v in [lo, hi]:
 * within a face's margin (lo_margin from lo, hi_margin from hi; 0: only
 * past the face) the desired inward speed grows linearly to max_speed at
 * the face, and the force is max(0, desired - v) inward; the nearer zone
 * (by that fraction) acts, and none where both are equally near (the middle
 * of a box narrower than its two margins, the plane of a flat box): there
 * the two faces' pushes cancel. */
static inline float steer__contain_axis(float x, float v, float lo, float hi, float lo_margin, float hi_margin,
                                        float max_speed)
{
    float t_lo = lo_margin > 0.0f ? (lo + lo_margin - x) / lo_margin : x < lo ? 1.0f : 0.0f;
    float t_hi = hi_margin > 0.0f ? (x - (hi - hi_margin)) / hi_margin : x > hi ? 1.0f : 0.0f;
    if (t_lo > 0.0f && t_lo > t_hi) return steer_maxf(0.0f, max_speed * steer_minf(t_lo, 1.0f) - v);
    if (t_hi > 0.0f && t_hi > t_lo) return steer_minf(0.0f, -max_speed * steer_minf(t_hi, 1.0f) - v);
    return 0.0f;
}

#endif
