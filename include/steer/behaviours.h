/* steer/behaviours.h — Reynolds steering behaviours as pure functions.
 *
 * Values in, force out. Nothing allocates, nothing keeps hidden state: the
 * state a behaviour needs (wander's angle, a waypoint index, an avoidance
 * latch) is passed in and updated. Every function exists for 2D (suffix 2,
 * steer_v2) and 3D (suffix 3, steer_v3), generated from one source.
 *
 * Force model: a behaviour returns `desired_velocity - velocity`,
 * NOT clamped; clamp where forces are combined or applied (steer/combine.h,
 * steer/vehicle.h). Units: whatever length and time units you use; speeds are
 * length/time, forces are length/time^2 with mass 1.
 *
 * No NaN: a zero direction gives zero; empty neighbour lists give zero; a
 * result that would not be finite (only possible from non-finite inputs, or
 * from answers beyond float range) is returned as zero.
 *
 * No crash on NULL: an array passed as NULL is an empty list whatever its
 * count; a NULL parameter struct or state (wander's angle or sphere, a
 * waypoint index) gives zero, with out_target at the agent; a NULL arrival
 * means all its fields 0; out_ pointers may be NULL.
 *
 * Any scale: the behaviours take directions with steer_vN_direction (no
 * length threshold) and keep squares and products within float range, so
 * multiplying every length of a call by s multiplies its force by s (a
 * heading by 1, separation's raw push by 1/s), from 1e-18 to 1e18
 * (tests/test_scale.c).
 *
 *   seek / flee / arrive              toward, away (optional panic distance), land softly
 *   arrive_braking                    arrive that never overshoots: capped by what max_accel can stop
 *   target_speed                      speed up or slow down along the heading, never turning
 *   match_velocity                    reach a target velocity within a time to target
 *   pursue / evade / predict          lead a moving target by T = dist / max_speed (evade: / closing speed)
 *   wander                            planar jittered circle (exactly one draw per call)
 *   wander_sphere3                    3D jittered sphere (exactly two draws per call)
 *   separation / alignment / cohesion flocking, raw and desired-velocity forms
 *   avoid_obstacles                   ray projection, with optional hysteresis latch
 *   avoid_obstacles_feeler            single feeler against circles / spheres
 *   avoid_walls                       three feelers against segments
 *   follow_wall                       hold a distance alongside the nearest wall
 *   avoid_neighbours                  unaligned collision avoidance: dodge the most imminent agent
 *   anticipate / time_to_collision    time-to-collision energy of every neighbour (keep right)
 *   follow_path                       stateless corridor following (open or closed)
 *   follow_waypoints                  stateful: seek each, arrive on the last
 *   follow_waypoints_ordered          the same in reverse, or round and round (loop)
 *   follow_path_to_end                follow_path ending at rest at an open path's end (braking arrive)
 *   follow_waypoints_braking          follow_waypoints ending at rest on the last (braking arrive)
 *   follow_flow / flow_field_sample   bilinear (trilinear) grid of vectors
 *   contain                           stay inside a rectangle / box
 *   interpose / hide / offset_pursuit as in Reynolds 1999 and Buckland ch. 3
 *   face / look_where_going / turn_toward   orientation outputs (a new unit heading)
 *
 * Up axis (3D): wander's plane, walls, the avoidance fallback and the
 * heading frame take +Z as up, or +Y when their params say STEER_UP_Y
 * (steer/math.h); zero-initialised params are Z-up. A Y-up call returns
 * exactly the Z-up call on the inputs turned by steer_v3_to_z_up, turned
 * back. Functions without params (offset_pursuit3, turn_toward3, face3 and
 * look_where_going3, which turn as turn_toward3 does, and the feeler, whose
 * only up-dependence is the sideways choice of a degenerate case) are Z-up;
 * the first four have an _up form taking the axis, which is that turned
 * call (a heading turned round toward the exact opposite direction turns
 * left about the up axis: the Z-up form, called on a Y-up world's vectors,
 * pitches up through the vertical instead).
 * contain3 needs no axis: it is per axis, its floor and ceiling are just the
 * box's faces on the up axis.
 *
 * 3D walls are vertical: a wall segment stands on the ground plane (XY, or
 * XZ for Y-up) and extends without limit along the up axis, so wall
 * behaviours work in the ground plane and return no up component.
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
    steer_up_axis up; /* 3D: the plane's normal, and the sphere's up (default Z; ignored in 2D) */
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
    steer_up_axis up;        /* 3D: a dead-centre hit pushes left about it (default Z; ignored in 2D) */
} steer_avoid_params;

/* Wall feelers: one ahead, two whiskers at +-whisker_angle. */
typedef struct steer_wall_feelers {
    float length;         /* centre feeler length */
    float whisker_angle;  /* radians from the heading */
    float whisker_length; /* whisker length */
    steer_up_axis up;     /* 3D: walls stand along it (default Z; ignored in 2D) */
} steer_wall_feelers;

typedef struct steer_wall_follow_params {
    float range;            /* only walls closer than this count */
    float desired_distance; /* distance to hold from the wall */
    float gain;             /* normal correction, 1/time: speed toward the
                               desired distance per unit of error */
    steer_up_axis up;       /* 3D: walls stand along it (default Z; ignored in 2D) */
} steer_wall_follow_params;

/* Arrive, braking form: the desired speed is also never more than max_accel
 * can stop from in the remaining distance, for a force integrated over dt
 * (docs/model.md §2.3). Zero fields: seek. */
typedef struct steer_arrival {
    float slow_radius; /* the chapter's ramp inside it (<= 0: none, the braking cap alone) */
    float max_accel;   /* max_force / mass: the desired speed is capped so this can stop it (<= 0: no cap) */
    float dt;          /* the step the force is integrated over (<= 0: the continuous cap) */
    float tolerance;   /* within this distance of the target the desired velocity is zero */
} steer_arrival;

/* The order follow_waypoints_ordered takes its list in (paths, below). */
typedef enum steer_waypoint_order {
    STEER_WAYPOINTS_FORWARD = 0,     /* first to last, arriving on the last: follow_waypoints exactly */
    STEER_WAYPOINTS_REVERSE = 1,     /* last to first, arriving on the first */
    STEER_WAYPOINTS_LOOP = 2,        /* first to last, then the first again: seeks for ever, never arrives */
    STEER_WAYPOINTS_LOOP_REVERSE = 3 /* last to first, then the last again */
} steer_waypoint_order;

/* Unaligned collision avoidance (predictive avoidance, below). */
typedef struct steer_neighbour_avoidance {
    float horizon;      /* look-ahead time: threats closest later than this are ignored */
    float agent_radius; /* added to each neighbour's radius, length */
    float margin;       /* extra clearance, length (<= 0: none) */
    float max_force;    /* magnitude of the push */
    float keep_right;   /* head-on: the bias toward the agent's own right, a fraction of the clearance (<= 0: none) */
    steer_up_axis up;   /* 3D: right is heading x up (default Z; ignored in 2D) */
} steer_neighbour_avoidance;

/* Anticipatory time-to-collision force (predictive avoidance, below). */
typedef struct steer_anticipation {
    float k;            /* strength of the energy k tau^-2 e^(-tau/tau0), length^2 (<= 0: contacts only) */
    float tau0;         /* time scale of the exponential cutoff, time (<= 0: contacts only) */
    float horizon;      /* pairs further than this from contact are ignored, time (<= 0: no cut) */
    float max_force;    /* cap on each pair's push and on the sum (<= 0: zero force) */
    float agent_radius; /* this agent's radius, length */
    float keep_right;   /* a central collision's push toward the right of the relative motion, a fraction of the push (<= 0: none) */
    float priority;     /* this agent's priority against the neighbours' (not a positive number: 1) */
    steer_up_axis up;   /* 3D: right is heading x up (default Z; ignored in 2D) */
    float dt;           /* the step the force acts for, time: each pair's push is then at most what takes
                           away the agent's part of their approach at contact within it, half between
                           equals, twice that against a higher priority that comes at the agent (<= 0: no such
                           cap; docs/model.md §2.24) */
    float mass;         /* the agent's mass, with dt (not a positive number: 1) */
} steer_anticipation;

/* ---- shapes the behaviours take, 2D and 3D ----------------------------- */
typedef struct steer_obstacle2 { steer_v2 centre; float radius; } steer_obstacle2; /* a circle to keep out of */
typedef struct steer_obstacle3 { steer_v3 centre; float radius; } steer_obstacle3; /* a sphere to keep out of */
typedef struct steer_segment2 { steer_v2 a, b; } steer_segment2; /* a wall from a to b */
typedef struct steer_segment3 { steer_v3 a, b; } steer_segment3; /* a wall along the call's up over the ground segment a-b (XY; XZ for Y-up) */
typedef struct steer_box2 { steer_v2 min, max; } steer_box2;     /* an axis-aligned rectangle */
typedef struct steer_box3 { steer_v3 min, max; } steer_box3;     /* an axis-aligned box */
typedef struct steer_neighbour2 { steer_v2 pos, vel; float radius; } steer_neighbour2; /* another agent: a moving disc */
typedef struct steer_neighbour3 { steer_v3 pos, vel; float radius; } steer_neighbour3; /* another agent: a moving sphere */

/* A polyline corridor; a closed path joins the last point back to the first. */
typedef struct steer_path2 {
    const steer_v2 *points;
    int count;
    bool closed;
    float radius; /* corridor half-width, length */
} steer_path2;
typedef struct steer_path3 {
    const steer_v3 *points;
    int count;
    bool closed;
    float radius; /* corridor half-width, length */
} steer_path3;

/* A grid of vectors sampled bilinearly (trilinearly in 3D), clamped at the
 * edges: vectors[(z * ny + y) * nx + x] is the value at origin + cell_size *
 * (x, y, z). The values are unitless (they multiply max_speed). */
typedef struct steer_flow_field2 {
    steer_v2 origin;
    float cell_size; /* length */
    int nx, ny, nz;  /* nz is ignored in 2D */
    const steer_v2 *vectors;
} steer_flow_field2;
typedef struct steer_flow_field3 {
    steer_v3 origin;
    float cell_size; /* length */
    int nx, ny, nz;  /* nz < 1 counts as 1 */
    const steer_v3 *vectors;
} steer_flow_field3;

/* ---- seek, flee, arrive, pursue, evade ------------------------------------
 * flee: panic_distance <= 0 always flees, else zero force beyond it.
 * arrive: inside slow_radius the desired speed is max_speed * dist / slow_radius.
 * arrive_braking: the desired speed is also at most what arrival->max_accel
 * can stop from within the distance left, stepping by arrival->dt (about
 * sqrt(2 * max_accel * dist)), and zero within arrival->tolerance; the force
 * reaches the desired velocity in one step, (desired - vel) / dt (gain 1
 * when dt <= 0), and when it exceeds max_accel the braking along the line to
 * the target keeps its full share first. It is an acceleration (mass 1): for
 * mass m, apply m times it. Never overshoots when integrated over dt.
 * predict: where the target will be after T = dist / max_speed (capped at
 * max_prediction when that is > 0); pursue seeks it. evade flees the
 * threat's point after T = dist / (max_speed + threat speed), the time the
 * two could meet in (capped alike), so a faster threat coming at the
 * evader is never predicted behind it. */
steer_v2 steer_seek2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed);                 /* full speed at target */
steer_v3 steer_seek3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed);                 /* full speed at target */
steer_v2 steer_flee2(steer_v2 pos, steer_v2 vel, steer_v2 threat, float max_speed, float panic_distance); /* away from threat */
steer_v3 steer_flee3(steer_v3 pos, steer_v3 vel, steer_v3 threat, float max_speed, float panic_distance); /* away from threat */
steer_v2 steer_arrive2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed, float slow_radius); /* seek, stop on target */
steer_v3 steer_arrive3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed, float slow_radius); /* seek, stop on target */
steer_v2 steer_arrive_braking2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed, const steer_arrival *arrival); /* stop, never past */
steer_v3 steer_arrive_braking3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed, const steer_arrival *arrival); /* stop, never past */
steer_v2 steer_predict2(steer_v2 pos, steer_v2 target_pos, steer_v2 target_vel, float max_speed, float max_prediction); /* a point */
steer_v3 steer_predict3(steer_v3 pos, steer_v3 target_pos, steer_v3 target_vel, float max_speed, float max_prediction); /* a point */
steer_v2 steer_pursue2(steer_v2 pos, steer_v2 vel, steer_v2 target_pos, steer_v2 target_vel, float max_speed, float max_prediction); /* seek ahead */
steer_v3 steer_pursue3(steer_v3 pos, steer_v3 vel, steer_v3 target_pos, steer_v3 target_vel, float max_speed, float max_prediction); /* seek ahead */
steer_v2 steer_evade2(steer_v2 pos, steer_v2 vel, steer_v2 threat_pos, steer_v2 threat_vel, float max_speed, float max_prediction, float panic_distance); /* flee ahead */
steer_v3 steer_evade3(steer_v3 pos, steer_v3 vel, steer_v3 threat_pos, steer_v3 threat_vel, float max_speed, float max_prediction, float panic_distance); /* flee ahead */

/* ---- speed and velocity ----------------------------------------------------------
 * Both return a force capped at max_force (mass 1: an acceleration) and
 * never turn the agent by themselves.
 * target_speed (OpenSteer's steerForTargetSpeed): forward * clamp(target_speed
 * - |vel|, -max_force, max_force), forward the direction of vel, or of
 * heading when vel is zero (+X when both are): speeds up or slows down along
 * the way the agent goes, and from rest sets off along its heading. Applied
 * with gain 1 (dt = 1, mass 1) it reaches target_speed in one step once
 * within max_force of it.
 * match_velocity (gdx-ai's MatchVelocity): (target_vel - vel) / time_to_target,
 * truncated to max_force: the acceleration that reaches target_vel in
 * time_to_target; keep time_to_target >= the step's dt (at dt / 2 or less
 * the velocity overshoots back and forth for good; model.md 2.25).
 * Refused, with a zero force: target_speed negative or NaN, time_to_target
 * not > 0 (or NaN), max_force not > 0 (or NaN); a vel (or target_vel) not
 * finite. An infinite target_speed asks for max_force forward; an infinite
 * max_force is no cap. */
steer_v2 steer_target_speed2(steer_v2 vel, steer_v2 heading, float target_speed, float max_force); /* along the heading */
steer_v3 steer_target_speed3(steer_v3 vel, steer_v3 heading, float target_speed, float max_force); /* along the heading */
steer_v2 steer_match_velocity2(steer_v2 vel, steer_v2 target_vel, float time_to_target, float max_force); /* reach a velocity */
steer_v3 steer_match_velocity3(steer_v3 vel, steer_v3 target_vel, float time_to_target, float max_force); /* reach a velocity */

/* ---- wander ------------------------------------------------------------------
 * Planar: angle += uniform(-jitter*dt, jitter*dt) with exactly one draw; the
 * angle is in the world frame on the ground plane (XY; for Y-up XZ, where
 * it turns from +X toward -Z). The circle centre is pos + normalize(vel) *
 * distance (the agent itself when vel is zero); the target is centre +
 * (cos angle, sin angle, 0) * radius (Y-up: (cos, 0, -sin)) and the force is
 * seek(target). out_target (may be NULL) receives the target.
 * Spherical (3D only): a jittered point on a sphere in the heading frame (x
 * ahead, y left, z along params->up); exactly two draws per call (azimuth,
 * then elevation). */
steer_v2 steer_wander2(steer_v2 pos, steer_v2 vel, float *angle, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v2 *out_target); /* one draw */
steer_v3 steer_wander3(steer_v3 pos, steer_v3 vel, float *angle, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v3 *out_target); /* one draw, ground plane */
steer_v3 steer_wander_sphere3(steer_v3 pos, steer_v3 vel, steer_wander_sphere *state, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v3 *out_target); /* two draws */

/* ---- flocking: the neighbours are whatever the caller passes ------------------
 * separation: the raw push, the average over neighbours with 0 < d < radius
 * of normalize(pos - q) / d (a length^-1); coincident neighbours are skipped.
 * separation_desired: normalize(push) * max_speed - vel, zero with no push.
 * alignment: average neighbour velocity - vel; alignment_desired:
 * normalize(average velocity) * max_speed - vel. cohesion: seek(centre of
 * the neighbours). All are zero with no neighbours. */
steer_v2 steer_separation2(steer_v2 pos, const steer_v2 *neighbour_pos, int count, float radius); /* raw push */
steer_v3 steer_separation3(steer_v3 pos, const steer_v3 *neighbour_pos, int count, float radius); /* raw push */
steer_v2 steer_separation_desired2(steer_v2 pos, steer_v2 vel, const steer_v2 *neighbour_pos, int count, float radius, float max_speed); /* a force */
steer_v3 steer_separation_desired3(steer_v3 pos, steer_v3 vel, const steer_v3 *neighbour_pos, int count, float radius, float max_speed); /* a force */
steer_v2 steer_alignment2(steer_v2 vel, const steer_v2 *neighbour_vel, int count);                  /* raw: avg vel - vel */
steer_v3 steer_alignment3(steer_v3 vel, const steer_v3 *neighbour_vel, int count);                  /* raw: avg vel - vel */
steer_v2 steer_alignment_desired2(steer_v2 vel, const steer_v2 *neighbour_vel, int count, float max_speed); /* full speed */
steer_v3 steer_alignment_desired3(steer_v3 vel, const steer_v3 *neighbour_vel, int count, float max_speed); /* full speed */
steer_v2 steer_cohesion2(steer_v2 pos, steer_v2 vel, const steer_v2 *neighbour_pos, int count, float max_speed); /* seek centre */
steer_v3 steer_cohesion3(steer_v3 pos, steer_v3 vel, const steer_v3 *neighbour_pos, int count, float max_speed); /* seek centre */

/* ---- obstacles and walls -------------------------------------------------------
 * avoid_obstacles (ray projection): among obstacles ahead within see_ahead
 * whose centre lies closer to the heading ray than radius + agent_radius,
 * push laterally away from the nearest, with magnitude max_force. A
 * dead-centre hit pushes to the left of the heading (about params->up in
 * 3D). Zero when nothing threatens or vel is zero. engaged (may be NULL) is
 * the hysteresis latch: the index of the obstacle being avoided or -1; while
 * latched that obstacle is tested with the release look-ahead and margin.
 * avoid_obstacles_feeler: tip = pos + normalize(vel) * feeler_length (+X when
 * stationary); if the tip is inside radius + agent_radius of an obstacle (the
 * deepest one), force = normalize(tip - centre) * max_force, else zero.
 * avoid_walls: each feeler that crosses a wall adds wall_normal * penetration
 * depth (the part of the feeler beyond the wall); the normal faces the
 * agent's side. A wall whose line runs through pos is not met: the agent
 * on it has no side yet, and takes the one it goes to (solid walls do the
 * same). Feelers point along normalize(vel), +X when stationary.
 * out_tips (may be NULL) receives the three tips: centre, left, right.
 * follow_wall: nearest wall within range: desired velocity = tangent (along
 * the wall, in the direction of travel) * max_speed + normal *
 * (desired_distance - d) * gain, truncated to max_speed; force = desired -
 * vel. Zero with no wall in range or exactly on the wall (no side to keep to).
 * 3D walls stand along the up axis of feelers / params: they work in the
 * ground plane and return no up component (z = 0; y = 0 for Y-up). */
steer_v2 steer_avoid_obstacles2(steer_v2 pos, steer_v2 vel, const steer_obstacle2 *obstacles, int count, const steer_avoid_params *params, int *engaged); /* sideways push */
steer_v3 steer_avoid_obstacles3(steer_v3 pos, steer_v3 vel, const steer_obstacle3 *obstacles, int count, const steer_avoid_params *params, int *engaged); /* sideways push */
steer_v2 steer_avoid_obstacles_feeler2(steer_v2 pos, steer_v2 vel, const steer_obstacle2 *obstacles, int count, float agent_radius, float feeler_length, float max_force, steer_v2 *out_tip); /* one feeler */
steer_v3 steer_avoid_obstacles_feeler3(steer_v3 pos, steer_v3 vel, const steer_obstacle3 *obstacles, int count, float agent_radius, float feeler_length, float max_force, steer_v3 *out_tip); /* one feeler */
steer_v2 steer_avoid_walls2(steer_v2 pos, steer_v2 vel, const steer_segment2 *walls, int count, const steer_wall_feelers *feelers, steer_v2 out_tips[3]); /* three feelers */
steer_v3 steer_avoid_walls3(steer_v3 pos, steer_v3 vel, const steer_segment3 *walls, int count, const steer_wall_feelers *feelers, steer_v3 out_tips[3]); /* three feelers */
steer_v2 steer_follow_wall2(steer_v2 pos, steer_v2 vel, const steer_segment2 *walls, int count, const steer_wall_follow_params *params, float max_speed); /* run alongside */
steer_v3 steer_follow_wall3(steer_v3 pos, steer_v3 vel, const steer_segment3 *walls, int count, const steer_wall_follow_params *params, float max_speed); /* run alongside */

/* ---- predictive avoidance: other agents, by where they will be -----------------
 * Neighbours are moving discs (spheres in 3D): position, velocity, radius,
 * in the call's units; the agent's own radius is in the params; the list
 * is whatever the caller passes (the agent itself, coincident and moving
 * alike, is skipped). Keep right: the one convention that breaks a head-on
 * pair's symmetry is a push toward the agent's own right, (y, -x) of its
 * heading in 2D, heading x up in 3D (horizontal; -Y for a vertical heading
 * in the Z-up frame); so a rotated scene gives the rotated forces and a
 * mirrored one does not (by design), and a stationary agent has no right.
 * time_to_collision: when two discs whose radii sum to radius, moving at
 * constant velocities, first touch: 0 when already touching or
 * overlapping, -1 when they never do.
 * avoid_neighbours (Reynolds 1999, unaligned collision avoidance): for each
 * neighbour the time of closest approach t* = -dot(dp, dv) / |dv|^2 (0 when
 * dv = 0); a threat closes to less than the clearance (radius sum +
 * margin) at 0 <= t* <= horizon. The most imminent (smallest t*, the first
 * listed on a tie) gives a push of max_force: sideways, away from where it
 * will be at t*; head-on (headings more than 135 degrees apart) with the
 * keep_right bias added to that sideways offset measured in clearances;
 * crossing (45 to 135 degrees) away from it along the heading too, braking
 * if it will be ahead, speeding up if behind; no side at all: right. Zero
 * when none threatens or the agent is stationary; out_threat (may be NULL)
 * receives the threat's index or -1.
 * anticipate (Karamouzas, Skinner, Guy 2014): each neighbour whose time to
 * collision tau is in (0, horizon] pushes by -grad E, E = k tau^-2
 * e^(-tau/tau0), at most max_force; one in contact pushes straight apart
 * with max_force (coincident: to the right). Each push is scaled by the
 * agent's share, 2 p_j / (p_i + p_j) with p_i = params->priority and p_j =
 * priorities[j] (NULL: all equal, a share of 1). Keep right here: each
 * push adds keep_right * its centrality (1 for a collision straight at the
 * other's centre, 0 for a graze) toward the right of the relative motion
 * v_i - v_j, which is the agent's own right for a head-on pair and keeps
 * right of a crosser in its frame; the sum is capped at max_force. The formulas:
 * docs/model.md §2.22-§2.24. */
steer_v2 steer_avoid_neighbours2(steer_v2 pos, steer_v2 vel, const steer_neighbour2 *neighbours, int count, const steer_neighbour_avoidance *params, int *out_threat); /* dodge the first */
steer_v3 steer_avoid_neighbours3(steer_v3 pos, steer_v3 vel, const steer_neighbour3 *neighbours, int count, const steer_neighbour_avoidance *params, int *out_threat); /* dodge the first */
steer_v2 steer_anticipate2(steer_v2 pos, steer_v2 vel, const steer_neighbour2 *neighbours, const float *priorities, int count, const steer_anticipation *params); /* summed ttc pushes */
steer_v3 steer_anticipate3(steer_v3 pos, steer_v3 vel, const steer_neighbour3 *neighbours, const float *priorities, int count, const steer_anticipation *params); /* summed ttc pushes */
float steer_time_to_collision2(steer_v2 pos, steer_v2 vel, steer_v2 other_pos, steer_v2 other_vel, float radius); /* time, 0 or -1 */
float steer_time_to_collision3(steer_v3 pos, steer_v3 vel, steer_v3 other_pos, steer_v3 other_vel, float radius); /* time, 0 or -1 */

/* ---- paths, waypoints, fields, containment ---------------------------------------
 * path_closest_point: the closest point of the path to p; out_distance,
 * out_segment (index of the segment's first point) and out_t (0..1 along
 * it) may be NULL. An empty path returns p with distance 0 and segment -1.
 * follow_path (stateless): predict = pos + normalize(vel) * predict_distance;
 * if it is farther than path->radius from the path, seek the point
 * ahead_distance further along the path from the closest point; else zero.
 * follow_waypoints (stateful): seek points[*index]; advance *index when
 * closer than arrival_radius; arrive (slow_radius) on the last point.
 * follow_waypoints_braking: the same, arriving on the last point with
 * arrive_braking. follow_waypoints_ordered: follow_waypoints in an order;
 * *index is then the progress along it (0 is the order's first point:
 * points[*index], or points[count - 1 - *index] in reverse), so a vehicle's
 * zero waypoint starts either way at the right end. REVERSE arrives on
 * points[0]; a LOOP seeks every point and after the order's last takes its
 * first again (*index back to 0), never arriving, except a loop of one
 * point, which has nowhere to go round and arrives on it. FORWARD is
 * follow_waypoints bit for bit; an order not one of the four gives zero and
 * leaves *index as it was; switching the order keeps *index, so the
 * waypoint becomes its mirror. The waypoints before the last (all, in a
 * loop) are sought at full speed and passed only within arrival_radius:
 * keep it above max_speed * dt / 2, and with a turn limit above the circle
 * the agent settles on round its point (at most max_speed / max_turn_rate),
 * or it never moves on (model.md 2.15); the vehicle's wrappers, which know
 * its heading and turn rate, slow for the waypoint instead. follow_path_to_end: follow_path,
 * except that on an open path it arrive_brakes at the last point once the
 * end is in reach: the path left from the agent's closest point is no
 * longer than the braking form's reach (its slow_radius, or the stopping
 * distance from max_speed if longer),
 * or the point ahead_distance on from the predicted point would pass the
 * end. A closed path is follow_path exactly. Both answer with arrive_braking's
 * acceleration at the end: for mass m apply m times their result (m times
 * the seek part too, which mostly only lengthens a force max_force cuts);
 * applied as returned, a vehicle of mass 4 braked a quarter as hard as it
 * planned and ran 36 past its last waypoint.
 * path_point_ahead: the point `distance` further along the path from p's
 * closest point (around a closed path; an open path stops at its end and
 * sets *out_passed_end, at once for a path of one point); out_segment (may
 * be NULL) receives the closest point's segment, out_passed_end (may be
 * NULL) whether the end was passed. A distance (follow_path's
 * ahead_distance too) <= 0 or NaN is the closest point itself: no walk goes
 * backwards; to take a path the other way, reverse its points.
 * path_track: path_point_ahead with progress, for a follower that must take
 * the path in order where it passes near itself (a figure of eight, a
 * route whose end comes back by its start). The closest point is sought
 * only among segment *segment (the progress) and the ones after it whose
 * start is within `window` along the path of the closest point on
 * *segment (round a closed path; a later one wins a tie, as at a corner);
 * *segment moves on to that point's segment, never back, and the point
 * `distance` on from it is returned (*out_passed_end as there). *segment
 * < 0 starts from the nearest point of the whole path (path_point_ahead's),
 * past the last segment from the last; a window <= 0 or NaN reaches the
 * next segment only from the current one's end.
 * follow_flow: desired = truncate(field(pos + vel * predict_time) * max_speed,
 * max_speed). contain: per axis, within margin of a face (or beyond it) the
 * desired inward speed grows linearly to max_speed at the face; the force
 * only ever pushes inward, max(0, desired - v) on that axis; zero well inside. */
steer_v2 steer_path_closest_point2(const steer_path2 *path, steer_v2 p, float *out_distance, int *out_segment, float *out_t); /* a point */
steer_v3 steer_path_closest_point3(const steer_path3 *path, steer_v3 p, float *out_distance, int *out_segment, float *out_t); /* a point */
steer_v2 steer_follow_path2(steer_v2 pos, steer_v2 vel, const steer_path2 *path, float predict_distance, float ahead_distance, float max_speed); /* stay in the corridor */
steer_v3 steer_follow_path3(steer_v3 pos, steer_v3 vel, const steer_path3 *path, float predict_distance, float ahead_distance, float max_speed); /* stay in the corridor */
steer_v2 steer_follow_waypoints2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed); /* each in turn */
steer_v3 steer_follow_waypoints3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed); /* each in turn */
steer_v2 steer_follow_waypoints_braking2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, const steer_arrival *arrival, float max_speed); /* rest on the last */
steer_v3 steer_follow_waypoints_braking3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, const steer_arrival *arrival, float max_speed); /* rest on the last */
steer_v2 steer_follow_waypoints_ordered2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed, steer_waypoint_order order); /* reverse, loop */
steer_v3 steer_follow_waypoints_ordered3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed, steer_waypoint_order order); /* reverse, loop */
steer_v2 steer_path_point_ahead2(const steer_path2 *path, steer_v2 p, float distance, int *out_segment, bool *out_passed_end); /* a point */
steer_v3 steer_path_point_ahead3(const steer_path3 *path, steer_v3 p, float distance, int *out_segment, bool *out_passed_end); /* a point */
steer_v2 steer_path_track2(const steer_path2 *path, steer_v2 p, int *segment, float window, float distance, bool *out_passed_end); /* in order */
steer_v3 steer_path_track3(const steer_path3 *path, steer_v3 p, int *segment, float window, float distance, bool *out_passed_end); /* in order */
steer_v2 steer_follow_path_to_end2(steer_v2 pos, steer_v2 vel, const steer_path2 *path, float predict_distance, float ahead_distance, const steer_arrival *arrival, float max_speed); /* rest at the end */
steer_v3 steer_follow_path_to_end3(steer_v3 pos, steer_v3 vel, const steer_path3 *path, float predict_distance, float ahead_distance, const steer_arrival *arrival, float max_speed); /* rest at the end */
steer_v2 steer_flow_field_sample2(const steer_flow_field2 *field, steer_v2 pos);                      /* bilinear value */
steer_v3 steer_flow_field_sample3(const steer_flow_field3 *field, steer_v3 pos);                      /* trilinear value */
steer_v2 steer_follow_flow2(steer_v2 pos, steer_v2 vel, const steer_flow_field2 *field, float predict_time, float max_speed); /* go with the field */
steer_v3 steer_follow_flow3(steer_v3 pos, steer_v3 vel, const steer_flow_field3 *field, float predict_time, float max_speed); /* go with the field */
steer_v2 steer_contain2(steer_v2 pos, steer_v2 vel, steer_box2 box, float margin, float max_speed); /* stay in a rectangle */
steer_v3 steer_contain3(steer_v3 pos, steer_v3 vel, steer_box3 box, float margin, float max_speed); /* stay in a box */

/* ---- group tactics -------------------------------------------------------------
 * interpose: arrive at the midpoint of a and b predicted to when we could
 * reach it. hide: arrive at the nearest spot behind an obstacle as seen from
 * the hunter (distance_from_boundary beyond its surface); evade when there
 * are no obstacles; out_spot (may be NULL) receives the spot.
 * offset_pursuit: keep station at offset in the leader's frame (x ahead, y
 * left, z up), predicted by T = dist / (max_speed + leader speed), arriving
 * there (Z-up; offset_pursuit3_up: the frame's z along up). local_to_world: a point
 * given in the frame of a heading (x ahead, y left, z up; the 3D up is +Z
 * unless the heading is vertical) in the world; local_to_world3_up: the
 * same with the frame's third axis along up (Y-up: left of +X is -Z). */
steer_v2 steer_interpose2(steer_v2 pos, steer_v2 vel, steer_v2 a_pos, steer_v2 a_vel, steer_v2 b_pos, steer_v2 b_vel, float max_speed, float slow_radius); /* get between */
steer_v3 steer_interpose3(steer_v3 pos, steer_v3 vel, steer_v3 a_pos, steer_v3 a_vel, steer_v3 b_pos, steer_v3 b_vel, float max_speed, float slow_radius); /* get between */
steer_v2 steer_hide2(steer_v2 pos, steer_v2 vel, steer_v2 hunter_pos, steer_v2 hunter_vel, const steer_obstacle2 *obstacles, int count, float distance_from_boundary, float max_speed, float slow_radius, steer_v2 *out_spot); /* behind cover */
steer_v3 steer_hide3(steer_v3 pos, steer_v3 vel, steer_v3 hunter_pos, steer_v3 hunter_vel, const steer_obstacle3 *obstacles, int count, float distance_from_boundary, float max_speed, float slow_radius, steer_v3 *out_spot); /* behind cover */
steer_v2 steer_offset_pursuit2(steer_v2 pos, steer_v2 vel, steer_v2 leader_pos, steer_v2 leader_vel, steer_v2 leader_heading, steer_v2 offset, float max_speed, float slow_radius); /* keep station */
steer_v3 steer_offset_pursuit3(steer_v3 pos, steer_v3 vel, steer_v3 leader_pos, steer_v3 leader_vel, steer_v3 leader_heading, steer_v3 offset, float max_speed, float slow_radius); /* keep station */
steer_v3 steer_offset_pursuit3_up(steer_v3 pos, steer_v3 vel, steer_v3 leader_pos, steer_v3 leader_vel, steer_v3 leader_heading, steer_v3 offset, float max_speed, float slow_radius, steer_up_axis up); /* offset's z along up */
steer_v2 steer_local_to_world2(steer_v2 heading, steer_v2 local);                                   /* frame to world */
steer_v3 steer_local_to_world3(steer_v3 heading, steer_v3 local);                                   /* frame to world */
steer_v3 steer_local_to_world3_up(steer_v3 heading, steer_v3 local, steer_up_axis up);              /* frame to world, up axis */

/* ---- orientation: each returns a new unit heading ---------------------------------
 * turn_toward: rotate the unit vector from toward direction by at most
 * max_angle radians. A zero direction returns from (normalised; +X if from
 * is zero too). Opposite directions turn left. face: toward target - pos for
 * dt at max_turn_rate (radians per time unit; <= 0 turns at once).
 * look_where_going: toward the velocity (keeps the heading when vel is zero). */
steer_v2 steer_turn_toward2(steer_v2 from, steer_v2 direction, float max_angle);                    /* limited turn */
steer_v3 steer_turn_toward3(steer_v3 from, steer_v3 direction, float max_angle);                    /* limited turn */
steer_v2 steer_face2(steer_v2 heading, steer_v2 pos, steer_v2 target, float max_turn_rate, float dt); /* look at target */
steer_v3 steer_face3(steer_v3 heading, steer_v3 pos, steer_v3 target, float max_turn_rate, float dt); /* look at target */
steer_v2 steer_look_where_going2(steer_v2 heading, steer_v2 vel, float max_turn_rate, float dt);    /* look along vel */
steer_v3 steer_look_where_going3(steer_v3 heading, steer_v3 vel, float max_turn_rate, float dt);    /* look along vel */
/* The same about another up axis (turning left about it when reversed), see the top of this file. */
steer_v3 steer_turn_toward3_up(steer_v3 from, steer_v3 direction, float max_angle, steer_up_axis up);
steer_v3 steer_face3_up(steer_v3 heading, steer_v3 pos, steer_v3 target, float max_turn_rate, float dt, steer_up_axis up);
steer_v3 steer_look_where_going3_up(steer_v3 heading, steer_v3 vel, float max_turn_rate, float dt, steer_up_axis up);

#ifdef __cplusplus
}
#endif
#endif
