/* steer/vehicle.h — one hand-directed vehicle (SPEC §4), 2D and 3D.
 *
 *   steer_vehicleN_make(pos, seed)       defaults: max_speed 3, max_force 0.12,
 *                                        mass 1, radius 0.5, no turn limit
 *   steer_vehicleN_<behaviour>(v, ...)   a behaviour with the vehicle's own
 *                                        limits and state; returns the force
 *   steer_vehicleN_apply_force(v, f)     accumulate
 *   steer_vehicleN_step(v, dt)           integrate (SPEC §1), clear the accumulator
 *
 * Units: the defaults are per-frame units (a vehicle stepped with dt = 1 each
 * frame): max_speed in length/frame, max_force in length/frame^2. Use any
 * time unit you like as long as dt, speeds, forces and turn rates agree.
 *
 * Integration: f = truncate(force, max_force); v = truncate(v + f/mass*dt,
 * max_speed); then, with a turn limit, v's direction is turned from the
 * heading by at most max_turn_rate*dt; p += v*dt. A step whose result would
 * not be finite leaves the position unchanged and stops the vehicle.
 * dt <= 0 (or NaN) moves nothing and only clears the accumulator.
 */
#ifndef STEER_VEHICLE_H
#define STEER_VEHICLE_H

#include <stdint.h>
#include "behaviours.h"

#ifdef __cplusplus
extern "C" {
#endif

#define STEER_DIM 2
#include "detail/vehicle_template.h"
#define STEER_DIM 3
#include "detail/vehicle_template.h"

/* 3D only: spherical wander with the vehicle's state and generator (two draws). */
steer_v3 steer_vehicle3_wander_sphere(steer_vehicle3 *v, float dt, steer_v3 *out_target);

#ifdef __cplusplus
}
#endif
#endif
