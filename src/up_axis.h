/* Private: the up axis as the dimension templates see it. In 3D a vector is
 * turned to and from Z-up (steer/math.h); 2D has no up axis, so there both
 * are the identity. A template reaches them as N(to_z_up), N(from_z_up). */
#ifndef STEER_UP_AXIS_H
#define STEER_UP_AXIS_H

#include "steer/math.h"

static inline steer_v2 to_z_up2(steer_v2 a, steer_up_axis up) { (void)up; return a; }
static inline steer_v2 from_z_up2(steer_v2 a, steer_up_axis up) { (void)up; return a; }
static inline steer_v3 to_z_up3(steer_v3 a, steer_up_axis up) { return steer_v3_to_z_up(a, up); }
static inline steer_v3 from_z_up3(steer_v3 a, steer_up_axis up) { return steer_v3_from_z_up(a, up); }

#endif
