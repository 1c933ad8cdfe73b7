/* Private: the share of max_accel the braking arrive plans with (docs/model.md
 * §2.3), shared by the pure functions and the world's flock kernel. The
 * spare part of the brake takes up rounding and leaves room to steer
 * sideways while braking. */
#ifndef STEER_BRAKING_H
#define STEER_BRAKING_H

#define STEER__BRAKING_SHARE 0.875

#endif
