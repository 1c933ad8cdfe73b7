/* steer/vehicle.h — one hand-directed vehicle, 2D and 3D.
 *
 *   steer_vehicleN_make(pos, seed)       a vehicle with the defaults below
 *   steer_vehicleN_<behaviour>(v, ...)   a behaviour with the vehicle's own
 *                                        limits and state; returns the force
 *   steer_vehicleN_apply_force(v, f)     accumulate
 *   steer_vehicleN_step(v, dt)           integrate, clear the accumulator
 *
 * Units. steer has no units of its own: lengths are whatever you use and
 * time is the unit of the dt you pass, so speeds are length per time unit,
 * forces length per time unit^2 (mass 1: force = acceleration), turn rates
 * and wander jitter radians per time unit. A default is therefore tuned for
 * one dt, and each says which. The vehicle's are per-frame units, meant for
 * step(v, 1) once per frame: max_speed 3 length/frame, max_force 0.12
 * length/frame^2, wander jitter 1 rad/frame — the classic vehicle of the
 * steering literature, which the worked examples and hello_vehicle use.
 * (The world's group defaults are per-second units for dt = 1/60; see
 * steer/world.h. One library, one rule: the default values say which dt they
 * expect.) To step a vehicle in seconds at F frames per second instead,
 * multiply max_speed, wander.jitter and max_turn_rate by F and max_force by
 * F^2 (F = 60: 180 length/s, 432 length/s^2) and pass dt = 1/F.
 *
 * Integration: f = truncate(force, max_force); v = truncate(v + f/mass*dt,
 * max_speed); then, with a turn limit, v's direction is turned from the
 * heading by at most max_turn_rate*dt, and where that binds its speed is
 * its part along the new direction (no less than the old speed less
 * max_force/mass*dt unless v is slower, nor below 0; the heading turns even
 * at 0: never past max_speed), so a brake
 * never speeds it up and an arrive lands when its point stays in reach of
 * the turn. The wrappers that know their point, arrive_braking and
 * follow_waypoints(_ordered), ask no more speed than keeps it in reach
 * (turning at the rate the path is a circle of radius speed / rate; the
 * world's goals do the same); the chapter's arrive does not: give it a slow
 * radius of at least 2 * max_speed / max_turn_rate, and forces of your own
 * likewise, or the vehicle can circle its point for good; p += v*dt. A step whose result would not be finite
 * leaves the position unchanged and stops the vehicle.
 * dt <= 0 (or NaN) moves nothing and only clears the accumulator.
 *
 * Up axis (3D): a vehicle3's `up` (STEER_UP_Z by default, or STEER_UP_Y for
 * Y-up engines) is the one its planar wander, wander sphere, walls, obstacle
 * fallback, leader's frame (offset_pursuit) and turn limit use; it overrides
 * the up of the params passed in. A Y-up vehicle behaves and steps exactly
 * as the Z-up one on the state turned by steer_v3_to_z_up, turned back.
 */
#ifndef STEER_VEHICLE_H
#define STEER_VEHICLE_H

#include <stdint.h>
#include "behaviours.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_vehicle2 {
    steer_v2 position;         /* length */
    steer_v2 velocity;         /* length per time unit */
    steer_v2 heading;          /* unit; direction of travel, kept while stopped (+X at first) */
    steer_v2 smooth_heading;   /* unit; heading low-passed for display */
    steer_v2 force;            /* accumulated by apply_force, cleared by step */
    float max_speed;           /* length per time unit (default 3: per frame, for dt = 1) */
    float max_force;           /* length per time unit^2 per unit mass (default 0.12: per frame^2, dt = 1) */
    float mass;                /* default 1; <= 0 counts as 1 */
    float radius;              /* length (default 0.5); used by obstacle avoidance */
    float max_turn_rate;       /* radians per time unit; <= 0: unlimited (default) */
    float heading_smoothing;   /* k per step in (0, 1] for smooth_heading, whatever dt (default 0.3);
                                  from the exact opposite it turns k of the half turn (docs/model.md §4) */
    steer_wander_params wander;        /* default radius 1, distance 2 (length), jitter 1 rad per time unit */
    float wander_angle;                /* planar wander state, radians, world frame */
    steer_wander_sphere wander_sphere; /* unused in 2D (the struct is the same in both dimensions) */
    int waypoint;              /* follow_waypoints state: index of the current waypoint (ordered: the
                                  progress along the order, see behaviours.h) */
    int avoid_latch;           /* avoid_obstacles hysteresis state: obstacle index or -1 */
    steer_rng rng;             /* the vehicle's own generator: same seed, same path */
} steer_vehicle2;

typedef struct steer_vehicle3 {
    steer_v3 position;         /* length */
    steer_v3 velocity;         /* length per time unit */
    steer_v3 heading;          /* unit; direction of travel, kept while stopped (+X at first) */
    steer_v3 smooth_heading;   /* unit; heading low-passed for display */
    steer_v3 force;            /* accumulated by apply_force, cleared by step */
    float max_speed;           /* length per time unit (default 3: per frame, for dt = 1) */
    float max_force;           /* length per time unit^2 per unit mass (default 0.12: per frame^2, dt = 1) */
    float mass;                /* default 1; <= 0 counts as 1 */
    float radius;              /* length (default 0.5); used by obstacle avoidance */
    float max_turn_rate;       /* radians per time unit; <= 0: unlimited (default) */
    float heading_smoothing;   /* k per step in (0, 1] for smooth_heading, whatever dt (default 0.3);
                                  from the exact opposite it turns k of the half turn (docs/model.md §4) */
    steer_wander_params wander;        /* default radius 1, distance 2 (length), jitter 1 rad per time unit */
    float wander_angle;                /* planar wander state, radians, world frame */
    steer_wander_sphere wander_sphere; /* spherical wander state */
    int waypoint;              /* follow_waypoints state: index of the current waypoint (ordered: the
                                  progress along the order, see behaviours.h) */
    int avoid_latch;           /* avoid_obstacles hysteresis state: obstacle index or -1 */
    steer_rng rng;             /* the vehicle's own generator: same seed, same path */
    steer_up_axis up;          /* STEER_UP_Z (default) or STEER_UP_Y; see the top of this file */
} steer_vehicle3;

/* ---- lifetime and integration ---------------------------------------------- */
steer_vehicle2 steer_vehicle2_make(steer_v2 position, uint64_t seed);  /* at rest, heading +X, the defaults */
steer_vehicle3 steer_vehicle3_make(steer_v3 position, uint64_t seed);  /* at rest, heading +X, the defaults */
void steer_vehicle2_apply_force(steer_vehicle2 *v, steer_v2 force);     /* accumulate (non-finite ignored) */
void steer_vehicle3_apply_force(steer_vehicle3 *v, steer_v3 force);     /* accumulate (non-finite ignored) */
void steer_vehicle2_step(steer_vehicle2 *v, float dt);                  /* integrate, clear the force */
void steer_vehicle3_step(steer_vehicle3 *v, float dt);                  /* integrate, clear the force */

/* ---- behaviours with the vehicle's limits and state (see behaviours.h) --------
 * avoid_obstacles uses the vehicle's radius, max_force and latch; the
 * release look-ahead is 1.5 x see_ahead and the release margin the radius.
 * wander uses the vehicle's wander params, angle and generator (one draw;
 * wander_sphere two). arrive_braking brakes with max_force / mass and
 * returns a force (the acceleration times the mass); dt is the step it will
 * be integrated over, and with it the vehicle never passes the target
 * (with no turn limit). target_speed (the vehicle's heading) and
 * match_velocity, as arrive_braking, cap the acceleration at max_force /
 * mass and return a force, so any mass lands on the target speed within a
 * step of dt = 1 once within max_force / mass of it (never reversing) and
 * reaches target_velocity in time_to_target.
 * follow_waypoints_ordered keeps its progress in v->waypoint: set it to 0
 * to start an order from its first point. A NULL feelers or params struct
 * gives zero, as in behaviours.h. */
steer_v2 steer_vehicle2_seek(const steer_vehicle2 *v, steer_v2 target); /* full speed at target */
steer_v3 steer_vehicle3_seek(const steer_vehicle3 *v, steer_v3 target); /* full speed at target */
steer_v2 steer_vehicle2_flee(const steer_vehicle2 *v, steer_v2 threat, float panic_distance); /* away from threat */
steer_v3 steer_vehicle3_flee(const steer_vehicle3 *v, steer_v3 threat, float panic_distance); /* away from threat */
steer_v2 steer_vehicle2_arrive(const steer_vehicle2 *v, steer_v2 target, float slow_radius); /* stop on target */
steer_v3 steer_vehicle3_arrive(const steer_vehicle3 *v, steer_v3 target, float slow_radius); /* stop on target */
steer_v2 steer_vehicle2_arrive_braking(const steer_vehicle2 *v, steer_v2 target, float slow_radius, float tolerance, float dt); /* stop, never past */
steer_v3 steer_vehicle3_arrive_braking(const steer_vehicle3 *v, steer_v3 target, float slow_radius, float tolerance, float dt); /* stop, never past */
steer_v2 steer_vehicle2_target_speed(const steer_vehicle2 *v, float target_speed); /* along the heading */
steer_v3 steer_vehicle3_target_speed(const steer_vehicle3 *v, float target_speed); /* along the heading */
steer_v2 steer_vehicle2_match_velocity(const steer_vehicle2 *v, steer_v2 target_velocity, float time_to_target); /* reach a velocity */
steer_v3 steer_vehicle3_match_velocity(const steer_vehicle3 *v, steer_v3 target_velocity, float time_to_target); /* reach a velocity */
steer_v2 steer_vehicle2_pursue(const steer_vehicle2 *v, const steer_vehicle2 *target, float max_prediction); /* seek where it will be */
steer_v3 steer_vehicle3_pursue(const steer_vehicle3 *v, const steer_vehicle3 *target, float max_prediction); /* seek where it will be */
steer_v2 steer_vehicle2_evade(const steer_vehicle2 *v, const steer_vehicle2 *threat, float max_prediction, float panic_distance); /* flee where it will be */
steer_v3 steer_vehicle3_evade(const steer_vehicle3 *v, const steer_vehicle3 *threat, float max_prediction, float panic_distance); /* flee where it will be */
steer_v2 steer_vehicle2_wander(steer_vehicle2 *v, float dt, steer_v2 *out_target);             /* planar, one draw */
steer_v3 steer_vehicle3_wander(steer_vehicle3 *v, float dt, steer_v3 *out_target);             /* planar (XY), one draw */
steer_v3 steer_vehicle3_wander_sphere(steer_vehicle3 *v, float dt, steer_v3 *out_target);      /* 3D only, two draws */
steer_v2 steer_vehicle2_avoid_obstacles(steer_vehicle2 *v, const steer_obstacle2 *obstacles, int count, float see_ahead); /* latched */
steer_v3 steer_vehicle3_avoid_obstacles(steer_vehicle3 *v, const steer_obstacle3 *obstacles, int count, float see_ahead); /* latched */
steer_v2 steer_vehicle2_avoid_walls(const steer_vehicle2 *v, const steer_segment2 *walls, int count, const steer_wall_feelers *feelers); /* three feelers */
steer_v3 steer_vehicle3_avoid_walls(const steer_vehicle3 *v, const steer_segment3 *walls, int count, const steer_wall_feelers *feelers); /* three feelers */
steer_v2 steer_vehicle2_follow_wall(const steer_vehicle2 *v, const steer_segment2 *walls, int count, const steer_wall_follow_params *params); /* run alongside */
steer_v3 steer_vehicle3_follow_wall(const steer_vehicle3 *v, const steer_segment3 *walls, int count, const steer_wall_follow_params *params); /* run alongside */
steer_v2 steer_vehicle2_follow_path(const steer_vehicle2 *v, const steer_path2 *path, float predict_distance, float ahead_distance); /* stay in the corridor */
steer_v3 steer_vehicle3_follow_path(const steer_vehicle3 *v, const steer_path3 *path, float predict_distance, float ahead_distance); /* stay in the corridor */
steer_v2 steer_vehicle2_follow_waypoints(steer_vehicle2 *v, const steer_v2 *points, int count, float arrival_radius, float slow_radius); /* advances v->waypoint */
steer_v3 steer_vehicle3_follow_waypoints(steer_vehicle3 *v, const steer_v3 *points, int count, float arrival_radius, float slow_radius); /* advances v->waypoint */
steer_v2 steer_vehicle2_follow_waypoints_ordered(steer_vehicle2 *v, const steer_v2 *points, int count, float arrival_radius, float slow_radius, steer_waypoint_order order); /* reverse, loop */
steer_v3 steer_vehicle3_follow_waypoints_ordered(steer_vehicle3 *v, const steer_v3 *points, int count, float arrival_radius, float slow_radius, steer_waypoint_order order); /* reverse, loop */
steer_v2 steer_vehicle2_follow_flow(const steer_vehicle2 *v, const steer_flow_field2 *field, float predict_time); /* go with the field */
steer_v3 steer_vehicle3_follow_flow(const steer_vehicle3 *v, const steer_flow_field3 *field, float predict_time); /* go with the field */
steer_v2 steer_vehicle2_contain(const steer_vehicle2 *v, steer_box2 box, float margin); /* stay inside */
steer_v3 steer_vehicle3_contain(const steer_vehicle3 *v, steer_box3 box, float margin); /* stay inside */
steer_v2 steer_vehicle2_interpose(const steer_vehicle2 *v, const steer_vehicle2 *a, const steer_vehicle2 *b, float slow_radius); /* get between a and b */
steer_v3 steer_vehicle3_interpose(const steer_vehicle3 *v, const steer_vehicle3 *a, const steer_vehicle3 *b, float slow_radius); /* get between a and b */
steer_v2 steer_vehicle2_hide(const steer_vehicle2 *v, const steer_vehicle2 *hunter, const steer_obstacle2 *obstacles, int count, float distance_from_boundary, float slow_radius); /* behind cover */
steer_v3 steer_vehicle3_hide(const steer_vehicle3 *v, const steer_vehicle3 *hunter, const steer_obstacle3 *obstacles, int count, float distance_from_boundary, float slow_radius); /* behind cover */
steer_v2 steer_vehicle2_offset_pursuit(const steer_vehicle2 *v, const steer_vehicle2 *leader, steer_v2 offset, float slow_radius); /* leader's heading frame */
steer_v3 steer_vehicle3_offset_pursuit(const steer_vehicle3 *v, const steer_vehicle3 *leader, steer_v3 offset, float slow_radius); /* leader's heading frame */

#ifdef __cplusplus
}
#endif
#endif
