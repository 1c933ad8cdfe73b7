/* Internal template: behaviour types and declarations for one dimension,
 * instantiated by steer/behaviours.h for 2D and 3D. */
#include "dim_begin.h"

/* A circle (2D) or sphere (3D) to keep out of. */
typedef struct STEER_N(steer_obstacle, ) {
    STEER_V centre;
    float radius;
} STEER_N(steer_obstacle, );

/* A wall segment from a to b (in 3D a vertical wall over the XY segment). */
typedef struct STEER_N(steer_segment, ) {
    STEER_V a, b;
} STEER_N(steer_segment, );

/* A polyline corridor; closed paths join the last point back to the first. */
typedef struct STEER_N(steer_path, ) {
    const STEER_V *points;
    int count;
    bool closed;
    float radius; /* corridor half-width */
} STEER_N(steer_path, );

/* A grid of vectors sampled bilinearly (trilinearly in 3D), clamped at the
 * edges. vectors[(z * ny + y) * nx + x] is the value at origin + cell * (x, y, z). */
typedef struct STEER_N(steer_flow_field, ) {
    STEER_V origin;
    float cell_size;
    int nx, ny, nz; /* nz is ignored in 2D */
    const STEER_V *vectors;
} STEER_N(steer_flow_field, );

typedef struct STEER_N(steer_box, ) {
    STEER_V min, max;
} STEER_N(steer_box, );

/* ---- basic ------------------------------------------------------------ */
STEER_V STEER_N(steer_seek, )(STEER_V pos, STEER_V vel, STEER_V target, float max_speed);
/* panic_distance <= 0: always flee; else zero force beyond it. */
STEER_V STEER_N(steer_flee, )(STEER_V pos, STEER_V vel, STEER_V threat, float max_speed, float panic_distance);
/* Inside slow_radius the desired speed is max_speed * dist / slow_radius. */
STEER_V STEER_N(steer_arrive, )(STEER_V pos, STEER_V vel, STEER_V target, float max_speed, float slow_radius);
/* Where the target will be after T = dist / max_speed (capped at
 * max_prediction when that is > 0). */
STEER_V STEER_N(steer_predict, )(STEER_V pos, STEER_V target_pos, STEER_V target_vel, float max_speed, float max_prediction);
STEER_V STEER_N(steer_pursue, )(STEER_V pos, STEER_V vel, STEER_V target_pos, STEER_V target_vel,
                                float max_speed, float max_prediction);
STEER_V STEER_N(steer_evade, )(STEER_V pos, STEER_V vel, STEER_V threat_pos, STEER_V threat_vel,
                               float max_speed, float max_prediction, float panic_distance);

/* Planar wander: angle += uniform(-jitter*dt, jitter*dt) with exactly one
 * draw; the angle is in the world frame on the XY plane. The circle centre is
 * pos + normalize(vel) * distance (the agent itself when vel is zero); the
 * target is centre + (cos angle, sin angle, 0) * radius and the force is
 * seek(target). out_target (may be NULL) receives the target. */
STEER_V STEER_N(steer_wander, )(STEER_V pos, STEER_V vel, float *angle, const steer_wander_params *params,
                                float max_speed, float dt, steer_random_fn *random, void *random_context,
                                STEER_V *out_target);

/* ---- flocking: neighbours are whatever the caller passes --------------- */
/* Raw push: average over neighbours with 0 < d < radius of (pos - q) / d^2,
 * i.e. normalize(pos - q) / d. Coincident neighbours are skipped. */
STEER_V STEER_N(steer_separation, )(STEER_V pos, const STEER_V *neighbour_pos, int count, float radius);
/* normalize(push) * max_speed - vel, or zero when there is no push. */
STEER_V STEER_N(steer_separation_desired, )(STEER_V pos, STEER_V vel, const STEER_V *neighbour_pos, int count,
                                            float radius, float max_speed);
/* Raw: average neighbour velocity - vel (zero with no neighbours). */
STEER_V STEER_N(steer_alignment, )(STEER_V vel, const STEER_V *neighbour_vel, int count);
/* normalize(average velocity) * max_speed - vel. */
STEER_V STEER_N(steer_alignment_desired, )(STEER_V vel, const STEER_V *neighbour_vel, int count, float max_speed);
/* seek(centre of the neighbours); zero with no neighbours. */
STEER_V STEER_N(steer_cohesion, )(STEER_V pos, STEER_V vel, const STEER_V *neighbour_pos, int count, float max_speed);

/* ---- obstacles and walls ----------------------------------------------- */
/* Ray projection: among obstacles ahead within see_ahead whose centre lies
 * closer to the heading ray than radius + agent_radius, push laterally away
 * from the nearest, with magnitude max_force. A dead-centre hit pushes to the
 * left of the heading. Zero when nothing threatens or vel is zero.
 * engaged (may be NULL) is the hysteresis latch: the index of the obstacle
 * being avoided or -1; while latched that obstacle is tested with the
 * release look-ahead and margin. */
STEER_V STEER_N(steer_avoid_obstacles, )(STEER_V pos, STEER_V vel, const STEER_N(steer_obstacle, ) *obstacles,
                                         int count, const steer_avoid_params *params, int *engaged);
/* Feeler: tip = pos + normalize(vel) * feeler_length (+X when stationary); if
 * the tip is inside radius + agent_radius of an obstacle (the deepest one),
 * force = normalize(tip - centre) * max_force, else zero. */
STEER_V STEER_N(steer_avoid_obstacles_feeler, )(STEER_V pos, STEER_V vel, const STEER_N(steer_obstacle, ) *obstacles,
                                                int count, float agent_radius, float feeler_length, float max_force,
                                                STEER_V *out_tip);
/* Each feeler that crosses a wall adds wall_normal * penetration depth (the
 * part of the feeler beyond the wall); the normal faces the agent's side.
 * Feelers point along normalize(vel), +X when stationary. out_tips (may be
 * NULL) receives the three feeler tips: centre, left, right. */
STEER_V STEER_N(steer_avoid_walls, )(STEER_V pos, STEER_V vel, const STEER_N(steer_segment, ) *walls, int count,
                                     const steer_wall_feelers *feelers, STEER_V out_tips[3]);
/* Nearest wall within range: desired velocity = tangent (along the wall, in
 * the direction of travel) * max_speed + normal * (desired_distance - d) * gain,
 * truncated to max_speed; force = desired - vel. Zero with no wall in range or
 * when exactly on the wall (no side to keep to). */
STEER_V STEER_N(steer_follow_wall, )(STEER_V pos, STEER_V vel, const STEER_N(steer_segment, ) *walls, int count,
                                     const steer_wall_follow_params *params, float max_speed);

/* ---- paths and fields -------------------------------------------------- */
/* Closest point of the path to p; out_distance, out_segment (index of the
 * segment's first point) and out_t (0..1 along it) may be NULL. An empty path
 * returns p with distance 0 and segment -1. */
STEER_V STEER_N(steer_path_closest_point, )(const STEER_N(steer_path, ) *path, STEER_V p, float *out_distance,
                                            int *out_segment, float *out_t);
/* Stateless: predict = pos + normalize(vel) * predict_distance; if it is
 * farther than path->radius from the path, seek the point ahead_distance
 * further along the path from the closest point; else zero. */
STEER_V STEER_N(steer_follow_path, )(STEER_V pos, STEER_V vel, const STEER_N(steer_path, ) *path,
                                     float predict_distance, float ahead_distance, float max_speed);
/* Stateful: seek points[*index]; advance *index when closer than
 * arrival_radius; arrive (slow_radius) on the last point. */
STEER_V STEER_N(steer_follow_waypoints, )(STEER_V pos, STEER_V vel, const STEER_V *points, int count, int *index,
                                          float arrival_radius, float slow_radius, float max_speed);
STEER_V STEER_N(steer_flow_field_sample, )(const STEER_N(steer_flow_field, ) *field, STEER_V pos);
/* desired = truncate(field(pos + vel * predict_time) * max_speed, max_speed). */
STEER_V STEER_N(steer_follow_flow, )(STEER_V pos, STEER_V vel, const STEER_N(steer_flow_field, ) *field,
                                     float predict_time, float max_speed);
/* Per axis, within margin of a face (or beyond it) the desired inward speed
 * grows linearly to max_speed at the face; the force only ever pushes
 * inward: max(0, desired - v) on that axis. Zero well inside. */
STEER_V STEER_N(steer_contain, )(STEER_V pos, STEER_V vel, STEER_N(steer_box, ) box, float margin, float max_speed);

/* ---- group tactics ----------------------------------------------------- */
/* Arrive at the midpoint of a and b predicted to when we could reach it. */
STEER_V STEER_N(steer_interpose, )(STEER_V pos, STEER_V vel, STEER_V a_pos, STEER_V a_vel, STEER_V b_pos,
                                   STEER_V b_vel, float max_speed, float slow_radius);
/* Arrive at the nearest spot behind an obstacle as seen from the hunter
 * (distance_from_boundary beyond its surface); evade when there are no
 * obstacles. out_spot (may be NULL) receives the chosen spot. */
STEER_V STEER_N(steer_hide, )(STEER_V pos, STEER_V vel, STEER_V hunter_pos, STEER_V hunter_vel,
                              const STEER_N(steer_obstacle, ) *obstacles, int count, float distance_from_boundary,
                              float max_speed, float slow_radius, STEER_V *out_spot);
/* Keep station at offset in the leader's frame (x ahead, y left, z up),
 * predicted by T = dist / (max_speed + leader speed), arriving there. */
STEER_V STEER_N(steer_offset_pursuit, )(STEER_V pos, STEER_V vel, STEER_V leader_pos, STEER_V leader_vel,
                                        STEER_V leader_heading, STEER_V offset, float max_speed, float slow_radius);
/* A point given in the frame of a unit heading (x ahead, y left, z up; the
 * 3D up is +Z unless the heading is vertical) expressed in the world. */
STEER_V STEER_N(steer_local_to_world, )(STEER_V heading, STEER_V local);

/* ---- orientation ------------------------------------------------------- */
/* Rotate the unit vector from toward direction by at most max_angle radians;
 * returns a unit vector. A zero direction returns from (normalised; +X if
 * from is zero too). Opposite directions turn left. */
STEER_V STEER_N(steer_turn_toward, )(STEER_V from, STEER_V direction, float max_angle);
/* Face a point: the new heading after turning toward target - pos for dt at
 * max_turn_rate (radians per time unit; <= 0 turns at once). */
STEER_V STEER_N(steer_face, )(STEER_V heading, STEER_V pos, STEER_V target, float max_turn_rate, float dt);
/* Face the direction of travel (keeps the heading when vel is zero). */
STEER_V STEER_N(steer_look_where_going, )(STEER_V heading, STEER_V vel, float max_turn_rate, float dt);

#include "dim_end.h"
