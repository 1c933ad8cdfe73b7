/* steer/behaviours.h — Reynolds steering behaviours as pure functions.
 *
 * Values in, force out. Nothing allocates, nothing keeps hidden state: the
 * state a behaviour needs (wander's angle, a waypoint index, an avoidance
 * latch) is passed in and updated. Every function exists for 2D (suffix 2,
 * steer_v2) and 3D (suffix 3, steer_v3), generated from one source.
 *
 * Force model (SPEC §1): a behaviour returns `desired_velocity - velocity`,
 * NOT clamped; clamp where forces are combined or applied (steer/combine.h,
 * steer/vehicle.h). Units: whatever length and time units you use; speeds are
 * length/time, forces are length/time^2 with mass 1.
 *
 * No NaN: a zero or tiny direction normalises to zero; empty neighbour lists
 * give zero; a result that would not be finite (only possible from
 * non-finite or overflowing inputs) is returned as zero.
 *
 *   seek / flee / arrive              toward, away (optional panic distance), land softly
 *   pursue / evade / predict          lead a moving target by T = dist / max_speed
 *   wander                            planar jittered circle (exactly one draw per call)
 *   wander_sphere3                    3D jittered sphere (exactly two draws per call)
 *   separation / alignment / cohesion flocking, raw and desired-velocity forms
 *   avoid_obstacles                   ray projection, with optional hysteresis latch
 *   avoid_obstacles_feeler            single feeler against circles / spheres
 *   avoid_walls                       three feelers against segments
 *   follow_wall                       hold a distance alongside the nearest wall
 *   follow_path                       stateless corridor following (open or closed)
 *   follow_waypoints                  stateful: seek each, arrive on the last
 *   follow_flow / flow_field_sample   bilinear (trilinear) grid of vectors
 *   contain                           stay inside a rectangle / box
 *   interpose / hide / offset_pursuit as in Reynolds 1999 and Buckland ch. 3
 *   face / look_where_going / turn_toward   orientation outputs (a new unit heading)
 *
 * 3D walls are vertical: a wall segment stands on the XY plane and extends
 * without limit along Z, so wall behaviours work in XY and return z = 0.
 */
#ifndef STEER_BEHAVIOURS_H
#define STEER_BEHAVIOURS_H

#include <stdbool.h>
#include "math.h"
#include "random.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Planar wander: a target on a circle projected ahead of the agent. */
typedef struct steer_wander_params {
    float radius;   /* circle radius, length */
    float distance; /* circle centre ahead of the agent, length */
    float jitter;   /* max change of the angle, radians per time unit */
} steer_wander_params;

/* State of spherical wander: the target's direction in the heading frame. */
typedef struct steer_wander_sphere {
    float azimuth;   /* radians, around the up axis, 0 = straight ahead */
    float elevation; /* radians, kept within [-pi/2, pi/2] */
} steer_wander_sphere;

/* Ray-projection obstacle avoidance. */
typedef struct steer_avoid_params {
    float see_ahead;         /* look-ahead length along the heading */
    float agent_radius;      /* added to each obstacle's radius */
    float max_force;         /* magnitude of the lateral push */
    float release_see_ahead; /* hysteresis: look-ahead while latched (>= see_ahead; 0 = same) */
    float release_margin;    /* hysteresis: extra clearance while latched (0 = none) */
} steer_avoid_params;

/* Wall feelers: one ahead, two whiskers at +-whisker_angle. */
typedef struct steer_wall_feelers {
    float length;         /* centre feeler length */
    float whisker_angle;  /* radians from the heading */
    float whisker_length; /* whisker length */
} steer_wall_feelers;

typedef struct steer_wall_follow_params {
    float range;            /* only walls closer than this count */
    float desired_distance; /* distance to hold from the wall */
    float gain;             /* normal correction, 1/time: speed toward the
                               desired distance per unit of error */
} steer_wall_follow_params;

#define STEER_DIM 2
#include "detail/behaviours_template.h"
#define STEER_DIM 3
#include "detail/behaviours_template.h"

/* 3D only: wander on a sphere in the heading frame (x ahead, y left, z up).
 * Draws exactly twice per call (azimuth, then elevation). */
steer_v3 steer_wander_sphere3(steer_v3 pos, steer_v3 vel, steer_wander_sphere *state,
                              const steer_wander_params *params, float max_speed, float dt,
                              steer_random_fn *random, void *random_context, steer_v3 *out_target);

#ifdef __cplusplus
}
#endif
#endif
