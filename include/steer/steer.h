/* steer/steer.h — the umbrella header.
 *
 *   steer/math.h        2D/3D vectors, zero-safe normalise, portable sin/cos
 *   steer/random.h      seeded generator owned by the caller
 *   steer/behaviours.h  every steering behaviour as a pure function
 *   steer/combine.h     blend, priority, running sum, dithering, smoothing
 *   steer/vehicle.h     one stateful vehicle with its own limits and generator
 */
#ifndef STEER_STEER_H
#define STEER_STEER_H

#include "math.h"
#include "random.h"
#include "behaviours.h"
#include "combine.h"
#include "vehicle.h"
#include "grid.h"
#include "world.h"
#include "standard_flock.h"
#include "misuse.h"

#define STEER_VERSION_MAJOR 0
#define STEER_VERSION_MINOR 1
#define STEER_VERSION_PATCH 0

#endif
