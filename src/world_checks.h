/* The little checks the world's API shares (world.c's defs and agents,
 * world_objects.c's objects), and the pieces of their messages. */
#ifndef STEER_WORLD_CHECKS_H
#define STEER_WORLD_CHECKS_H

#include <stdbool.h>

#include "world_internal.h"

static inline bool finite3(steer_v3 a) { return steer_v3_is_valid(a); }
static inline bool nonneg(float a) { return steer_is_finite(a) && a >= 0.0f; }
static inline bool positive(float a) { return steer_is_finite(a) && a > 0.0f; }

/* A point or vector on the world's axes (z dropped in 2D). */
static inline steer_v3 flatten(const steer_world *w, steer_v3 p)
{
    if (w->dim == 2) p.z = 0.0f;
    return p;
}

#define V3(v) (double)(v).x, (double)(v).y, (double)(v).z
#define NONNEG " must be finite and >= 0"
#define POSITIVE " must be finite and > 0"

#endif
