/* steer/steer.h — the umbrella header: includes every public header.
 *
 * Contents (each header opens with a summary of what it declares)
 *   steer/math.h            2D/3D vectors, zero-safe normalise, robust lengths,
 *                           portable sin/cos/atan2/exp2
 *   steer/random.h          seeded PCG32 generator owned by the caller
 *   steer/result.h          steer_result, the error code of every fallible call
 *   steer/alloc.h           the allocator hook the grid and the world take
 *   steer/behaviours.h      every steering behaviour as a pure function, with
 *                           its shapes (obstacles, walls, paths, flow fields)
 *   steer/combine.h         blend, priority, running sum, dithering, smoothing
 *   steer/vehicle.h         one stateful vehicle with its own limits and
 *                           generator; the library's units and defaults
 *   steer/grid.h            a standalone spatial index (radius, k nearest)
 *   steer/assign.h          who goes where: agents to places, least squares
 *   steer/world.h           many agents: groups, step, handles, hash, snapshots
 *   steer/debug_draw.h      callbacks through which a world draws itself
 *   steer/misuse.h          what API misuse does, and the handler to catch it
 *   steer/standard_flock.h  the benchmark's flock, as a world def and agents
 *   steer/detail/dim_begin.h, dim_end.h   naming macros for writing your own
 *                           2D/3D code once (STEER_V, STEER_F, STEER_N)
 *
 * Every function and type exists for 2D (suffix 2, steer_v2) and 3D (suffix
 * 3, steer_v3) unless marked otherwise, and is declared in full in its
 * header: grep for steer_seek2 and you find it.
 *
 * Usage
 *   #include <steer/steer.h>
 *
 *   // A pure behaviour: values in, force out (not clamped).
 *   steer_v2 f = steer_seek2(pos, vel, target, max_speed);
 *
 *   // Several forces into one, clamped to max_force.
 *   steer_v2 forces[2] = {steer_arrive2(pos, vel, target, max_speed, 5.0f),
 *                         steer_separation_desired2(pos, vel, near, n, 2.0f, max_speed)};
 *   float weights[2] = {1.0f, 2.0f};
 *   steer_v2 total = steer_blend2(forces, weights, 2, max_force);
 *
 *   // Or a vehicle that keeps the state and limits for you, one step a frame.
 *   steer_vehicle2 car = steer_vehicle2_make(steer_v2_make(0, 0), 1);
 *   steer_vehicle2_apply_force(&car, steer_vehicle2_arrive(&car, target, 40.0f));
 *   steer_vehicle2_step(&car, 1.0f);
 *
 *   // Or a world of many agents (steer/world.h), stepped in seconds.
 *   steer_world_def def = steer_default_world_def();
 *   steer_world *world = steer_world_create(&def);
 *   steer_group_def boids = steer_default_group_def();  // a flock, per-second units
 *   int group = steer_world_add_group(world, &boids);
 *   steer_world_add_agent(world, group, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0));
 *   steer_world_step(world, 1.0f / 60.0f);
 *   steer_world_destroy(world);
 *
 * Conventions: floats; a behaviour returns desired velocity - velocity, and
 * clamping happens where forces are combined or applied; no NaN ever (a zero
 * or tiny direction normalises to zero, non-finite input gives a finite
 * result); the same inputs and seed give the same bits. Units are yours:
 * lengths in any unit, time in the unit of your dt; each default says which
 * dt it is tuned for (steer/vehicle.h explains).
 */
#ifndef STEER_STEER_H
#define STEER_STEER_H

#include "math.h"
#include "random.h"
#include "result.h"
#include "alloc.h"
#include "behaviours.h"
#include "combine.h"
#include "vehicle.h"
#include "grid.h"
#include "assign.h"
#include "world.h"
#include "debug_draw.h"
#include "misuse.h"
#include "standard_flock.h"

#define STEER_VERSION_MAJOR 0
#define STEER_VERSION_MINOR 1
#define STEER_VERSION_PATCH 0

#ifdef __cplusplus
extern "C" {
#endif
/* The linked library's version, "MAJOR.MINOR.PATCH": a program using
 * libsteer.so can compare it with the STEER_VERSION_* it was compiled with
 * (before 1.0 another minor may have another ABI). */
const char *steer_version(void);
#ifdef __cplusplus
}
#endif

#endif
