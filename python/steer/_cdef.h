/* The C declarations the binding uses, in cffi's cdef dialect. cffi's API
 * mode compiles the extension against the real <steer/steer.h>, so the C
 * compiler checks every line here against the library's headers; "..."
 * lets the compiler fill in struct layouts and enum values. */
typedef struct { float x, y; } steer_v2;
typedef struct { float x, y, z; } steer_v3;
typedef enum { STEER_UP_Z, STEER_UP_Y, ... } steer_up_axis;

typedef enum {
    STEER_OK, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_STALE_HANDLE, STEER_ERROR_CAPACITY,
    STEER_ERROR_OUT_OF_MEMORY, STEER_ERROR_IN_STEP, STEER_ERROR_BAD_SNAPSHOT, ...
} steer_result;
const char *steer_result_string(steer_result result);
const char *steer_version(void);

typedef enum { STEER_MISUSE_NONE, STEER_MISUSE_COUNT, ... } steer_misuse_id;
const char *steer_misuse_name(steer_misuse_id id);
typedef void steer_misuse_fn(steer_misuse_id id, const char *function, const char *message, void *context);
void steer_set_misuse_handler(steer_misuse_fn *handler, void *context);
extern "Python" void steer_py_on_misuse(steer_misuse_id, const char *, const char *, void *);

typedef struct { uint64_t state; uint64_t stream; ...; } steer_rng;
typedef float steer_random_fn(void *context);
steer_rng steer_rng_make(uint64_t seed);
float steer_rng_float(void *rng);

typedef struct { float radius; float distance; float jitter; steer_up_axis up; ...; } steer_wander_params;
typedef struct { float slow_radius; float max_accel; float dt; float tolerance; ...; } steer_arrival;
typedef enum { STEER_WAYPOINTS_FORWARD, STEER_WAYPOINTS_REVERSE, STEER_WAYPOINTS_LOOP, STEER_WAYPOINTS_LOOP_REVERSE, ... } steer_waypoint_order;
typedef struct { steer_v2 min, max; } steer_box2;
typedef struct { steer_v3 min, max; } steer_box3;
typedef struct { steer_v2 pos, vel; float radius; } steer_neighbour2;
typedef struct { steer_v3 pos, vel; float radius; } steer_neighbour3;
typedef struct { float horizon, agent_radius, margin, max_force, keep_right; steer_up_axis up; } steer_neighbour_avoidance;
typedef struct { float k, tau0, horizon, max_force, agent_radius, keep_right, priority; steer_up_axis up; float dt, mass; } steer_anticipation;
typedef struct { float azimuth, elevation; } steer_wander_sphere;
typedef struct { float see_ahead, agent_radius, max_force, release_see_ahead, release_margin; steer_up_axis up; } steer_avoid_params;
typedef struct { float length, whisker_angle, whisker_length; steer_up_axis up; } steer_wall_feelers;
typedef struct { float range, desired_distance, gain; steer_up_axis up; } steer_wall_follow_params;
typedef struct { steer_v2 centre; float radius; } steer_obstacle2;
typedef struct { steer_v3 centre; float radius; } steer_obstacle3;
typedef struct { steer_v2 a, b; } steer_segment2;
typedef struct { steer_v3 a, b; } steer_segment3;
typedef struct { const steer_v2 *points; int count; bool closed; float radius; } steer_path2;
typedef struct { const steer_v3 *points; int count; bool closed; float radius; } steer_path3;
typedef struct { steer_v2 origin; float cell_size; int nx, ny, nz; const steer_v2 *vectors; } steer_flow_field2;
typedef struct { steer_v3 origin; float cell_size; int nx, ny, nz; const steer_v3 *vectors; } steer_flow_field3;

/* scalar functions of steer/math.h that are compiled, not inline (bit-identical on every platform) */
float steer_sin(float radians);
float steer_cos(float radians);
float steer_atan2(float y, float x);
float steer_exp2(float x);
float steer_wrap_angle(float radians);
uint32_t steer_rng_u32(steer_rng *rng);
float steer_rng_range(steer_rng *rng, float lo, float hi);

/* pure behaviours (the vectorised loops below call them per agent) */
steer_v2 steer_seek2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed);
steer_v3 steer_seek3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed);
steer_v2 steer_flee2(steer_v2 pos, steer_v2 vel, steer_v2 threat, float max_speed, float panic_distance);
steer_v3 steer_flee3(steer_v3 pos, steer_v3 vel, steer_v3 threat, float max_speed, float panic_distance);
steer_v2 steer_arrive2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed, float slow_radius);
steer_v3 steer_arrive3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed, float slow_radius);
steer_v2 steer_arrive_braking2(steer_v2 pos, steer_v2 vel, steer_v2 target, float max_speed, const steer_arrival *arrival);
steer_v3 steer_arrive_braking3(steer_v3 pos, steer_v3 vel, steer_v3 target, float max_speed, const steer_arrival *arrival);
steer_v2 steer_target_speed2(steer_v2 vel, steer_v2 heading, float target_speed, float max_force);
steer_v3 steer_target_speed3(steer_v3 vel, steer_v3 heading, float target_speed, float max_force);
steer_v2 steer_match_velocity2(steer_v2 vel, steer_v2 target_vel, float time_to_target, float max_force);
steer_v3 steer_match_velocity3(steer_v3 vel, steer_v3 target_vel, float time_to_target, float max_force);
steer_v2 steer_predict2(steer_v2 pos, steer_v2 target_pos, steer_v2 target_vel, float max_speed, float max_prediction);
steer_v3 steer_predict3(steer_v3 pos, steer_v3 target_pos, steer_v3 target_vel, float max_speed, float max_prediction);
steer_v2 steer_pursue2(steer_v2 pos, steer_v2 vel, steer_v2 target_pos, steer_v2 target_vel, float max_speed, float max_prediction);
steer_v3 steer_pursue3(steer_v3 pos, steer_v3 vel, steer_v3 target_pos, steer_v3 target_vel, float max_speed, float max_prediction);
steer_v2 steer_evade2(steer_v2 pos, steer_v2 vel, steer_v2 threat_pos, steer_v2 threat_vel, float max_speed, float max_prediction, float panic_distance);
steer_v3 steer_evade3(steer_v3 pos, steer_v3 vel, steer_v3 threat_pos, steer_v3 threat_vel, float max_speed, float max_prediction, float panic_distance);
steer_v2 steer_contain2(steer_v2 pos, steer_v2 vel, steer_box2 box, float margin, float max_speed);
steer_v3 steer_contain3(steer_v3 pos, steer_v3 vel, steer_box3 box, float margin, float max_speed);
steer_v2 steer_smooth_dt2(steer_v2 smoothed, steer_v2 raw, float half_life, float dt);
steer_v3 steer_smooth_dt3(steer_v3 smoothed, steer_v3 raw, float half_life, float dt);
steer_v2 steer_separation2(steer_v2 pos, const steer_v2 *neighbour_pos, int count, float radius);
steer_v3 steer_separation3(steer_v3 pos, const steer_v3 *neighbour_pos, int count, float radius);
steer_v2 steer_alignment2(steer_v2 vel, const steer_v2 *neighbour_vel, int count);
steer_v3 steer_alignment3(steer_v3 vel, const steer_v3 *neighbour_vel, int count);
steer_v2 steer_cohesion2(steer_v2 pos, steer_v2 vel, const steer_v2 *neighbour_pos, int count, float max_speed);
steer_v3 steer_cohesion3(steer_v3 pos, steer_v3 vel, const steer_v3 *neighbour_pos, int count, float max_speed);
steer_v2 steer_wander2(steer_v2 pos, steer_v2 vel, float *angle, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v2 *out_target);
steer_v3 steer_wander3(steer_v3 pos, steer_v3 vel, float *angle, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v3 *out_target);
steer_v2 steer_avoid_neighbours2(steer_v2 pos, steer_v2 vel, const steer_neighbour2 *neighbours, int count, const steer_neighbour_avoidance *params, int *out_threat);
steer_v3 steer_avoid_neighbours3(steer_v3 pos, steer_v3 vel, const steer_neighbour3 *neighbours, int count, const steer_neighbour_avoidance *params, int *out_threat);
steer_v2 steer_anticipate2(steer_v2 pos, steer_v2 vel, const steer_neighbour2 *neighbours, const float *priorities, int count, const steer_anticipation *params);
steer_v3 steer_anticipate3(steer_v3 pos, steer_v3 vel, const steer_neighbour3 *neighbours, const float *priorities, int count, const steer_anticipation *params);
float steer_time_to_collision2(steer_v2 pos, steer_v2 vel, steer_v2 other_pos, steer_v2 other_vel, float radius);
float steer_time_to_collision3(steer_v3 pos, steer_v3 vel, steer_v3 other_pos, steer_v3 other_vel, float radius);
steer_v3 steer_wander_sphere3(steer_v3 pos, steer_v3 vel, steer_wander_sphere *state, const steer_wander_params *params, float max_speed, float dt, steer_random_fn *random, void *random_context, steer_v3 *out_target);
steer_v2 steer_separation_desired2(steer_v2 pos, steer_v2 vel, const steer_v2 *neighbour_pos, int count, float radius, float max_speed);
steer_v3 steer_separation_desired3(steer_v3 pos, steer_v3 vel, const steer_v3 *neighbour_pos, int count, float radius, float max_speed);
steer_v2 steer_alignment_desired2(steer_v2 vel, const steer_v2 *neighbour_vel, int count, float max_speed);
steer_v3 steer_alignment_desired3(steer_v3 vel, const steer_v3 *neighbour_vel, int count, float max_speed);
steer_v2 steer_avoid_obstacles2(steer_v2 pos, steer_v2 vel, const steer_obstacle2 *obstacles, int count, const steer_avoid_params *params, int *engaged);
steer_v3 steer_avoid_obstacles3(steer_v3 pos, steer_v3 vel, const steer_obstacle3 *obstacles, int count, const steer_avoid_params *params, int *engaged);
steer_v2 steer_avoid_obstacles_feeler2(steer_v2 pos, steer_v2 vel, const steer_obstacle2 *obstacles, int count, float agent_radius, float feeler_length, float max_force, steer_v2 *out_tip);
steer_v3 steer_avoid_obstacles_feeler3(steer_v3 pos, steer_v3 vel, const steer_obstacle3 *obstacles, int count, float agent_radius, float feeler_length, float max_force, steer_v3 *out_tip);
steer_v2 steer_avoid_walls2(steer_v2 pos, steer_v2 vel, const steer_segment2 *walls, int count, const steer_wall_feelers *feelers, steer_v2 out_tips[3]);
steer_v3 steer_avoid_walls3(steer_v3 pos, steer_v3 vel, const steer_segment3 *walls, int count, const steer_wall_feelers *feelers, steer_v3 out_tips[3]);
steer_v2 steer_follow_wall2(steer_v2 pos, steer_v2 vel, const steer_segment2 *walls, int count, const steer_wall_follow_params *params, float max_speed);
steer_v3 steer_follow_wall3(steer_v3 pos, steer_v3 vel, const steer_segment3 *walls, int count, const steer_wall_follow_params *params, float max_speed);
steer_v2 steer_path_closest_point2(const steer_path2 *path, steer_v2 p, float *out_distance, int *out_segment, float *out_t);
steer_v3 steer_path_closest_point3(const steer_path3 *path, steer_v3 p, float *out_distance, int *out_segment, float *out_t);
steer_v2 steer_follow_path2(steer_v2 pos, steer_v2 vel, const steer_path2 *path, float predict_distance, float ahead_distance, float max_speed);
steer_v3 steer_follow_path3(steer_v3 pos, steer_v3 vel, const steer_path3 *path, float predict_distance, float ahead_distance, float max_speed);
steer_v2 steer_follow_waypoints2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed);
steer_v3 steer_follow_waypoints3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed);
steer_v2 steer_follow_waypoints_braking2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, const steer_arrival *arrival, float max_speed);
steer_v3 steer_follow_waypoints_braking3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, const steer_arrival *arrival, float max_speed);
steer_v2 steer_follow_waypoints_ordered2(steer_v2 pos, steer_v2 vel, const steer_v2 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed, steer_waypoint_order order);
steer_v3 steer_follow_waypoints_ordered3(steer_v3 pos, steer_v3 vel, const steer_v3 *points, int count, int *index, float arrival_radius, float slow_radius, float max_speed, steer_waypoint_order order);
steer_v2 steer_path_point_ahead2(const steer_path2 *path, steer_v2 p, float distance, int *out_segment, bool *out_passed_end);
steer_v3 steer_path_point_ahead3(const steer_path3 *path, steer_v3 p, float distance, int *out_segment, bool *out_passed_end);
steer_v2 steer_path_track2(const steer_path2 *path, steer_v2 p, int *segment, float window, float distance, bool *out_passed_end);
steer_v3 steer_path_track3(const steer_path3 *path, steer_v3 p, int *segment, float window, float distance, bool *out_passed_end);
steer_v2 steer_follow_path_to_end2(steer_v2 pos, steer_v2 vel, const steer_path2 *path, float predict_distance, float ahead_distance, const steer_arrival *arrival, float max_speed);
steer_v3 steer_follow_path_to_end3(steer_v3 pos, steer_v3 vel, const steer_path3 *path, float predict_distance, float ahead_distance, const steer_arrival *arrival, float max_speed);
steer_v2 steer_flow_field_sample2(const steer_flow_field2 *field, steer_v2 pos);
steer_v3 steer_flow_field_sample3(const steer_flow_field3 *field, steer_v3 pos);
steer_v2 steer_follow_flow2(steer_v2 pos, steer_v2 vel, const steer_flow_field2 *field, float predict_time, float max_speed);
steer_v3 steer_follow_flow3(steer_v3 pos, steer_v3 vel, const steer_flow_field3 *field, float predict_time, float max_speed);
steer_v2 steer_interpose2(steer_v2 pos, steer_v2 vel, steer_v2 a_pos, steer_v2 a_vel, steer_v2 b_pos, steer_v2 b_vel, float max_speed, float slow_radius);
steer_v3 steer_interpose3(steer_v3 pos, steer_v3 vel, steer_v3 a_pos, steer_v3 a_vel, steer_v3 b_pos, steer_v3 b_vel, float max_speed, float slow_radius);
steer_v2 steer_hide2(steer_v2 pos, steer_v2 vel, steer_v2 hunter_pos, steer_v2 hunter_vel, const steer_obstacle2 *obstacles, int count, float distance_from_boundary, float max_speed, float slow_radius, steer_v2 *out_spot);
steer_v3 steer_hide3(steer_v3 pos, steer_v3 vel, steer_v3 hunter_pos, steer_v3 hunter_vel, const steer_obstacle3 *obstacles, int count, float distance_from_boundary, float max_speed, float slow_radius, steer_v3 *out_spot);
steer_v2 steer_offset_pursuit2(steer_v2 pos, steer_v2 vel, steer_v2 leader_pos, steer_v2 leader_vel, steer_v2 leader_heading, steer_v2 offset, float max_speed, float slow_radius);
steer_v3 steer_offset_pursuit3(steer_v3 pos, steer_v3 vel, steer_v3 leader_pos, steer_v3 leader_vel, steer_v3 leader_heading, steer_v3 offset, float max_speed, float slow_radius);
steer_v2 steer_local_to_world2(steer_v2 heading, steer_v2 local);
steer_v3 steer_local_to_world3(steer_v3 heading, steer_v3 local);
steer_v3 steer_local_to_world3_up(steer_v3 heading, steer_v3 local, steer_up_axis up);
steer_v3 steer_offset_pursuit3_up(steer_v3 pos, steer_v3 vel, steer_v3 leader_pos, steer_v3 leader_vel, steer_v3 leader_heading, steer_v3 offset, float max_speed, float slow_radius, steer_up_axis up);
steer_v3 steer_turn_toward3_up(steer_v3 from, steer_v3 direction, float max_angle, steer_up_axis up);
steer_v3 steer_face3_up(steer_v3 heading, steer_v3 pos, steer_v3 target, float max_turn_rate, float dt, steer_up_axis up);
steer_v3 steer_look_where_going3_up(steer_v3 heading, steer_v3 vel, float max_turn_rate, float dt, steer_up_axis up);
steer_v2 steer_turn_toward2(steer_v2 from, steer_v2 direction, float max_angle);
steer_v3 steer_turn_toward3(steer_v3 from, steer_v3 direction, float max_angle);
steer_v2 steer_face2(steer_v2 heading, steer_v2 pos, steer_v2 target, float max_turn_rate, float dt);
steer_v3 steer_face3(steer_v3 heading, steer_v3 pos, steer_v3 target, float max_turn_rate, float dt);
steer_v2 steer_look_where_going2(steer_v2 heading, steer_v2 vel, float max_turn_rate, float dt);
steer_v3 steer_look_where_going3(steer_v3 heading, steer_v3 vel, float max_turn_rate, float dt);

/* combiners */
steer_v2 steer_blend2(const steer_v2 *forces, const float *weights, int count, float max_force);
steer_v3 steer_blend3(const steer_v3 *forces, const float *weights, int count, float max_force);
steer_v2 steer_priority2(const steer_v2 *forces, const float *weights, int count, float epsilon, float max_force, int *out_winner);
steer_v3 steer_priority3(const steer_v3 *forces, const float *weights, int count, float epsilon, float max_force, int *out_winner);
steer_v2 steer_running_sum2(const steer_v2 *forces, const float *weights, int count, float max_force);
steer_v3 steer_running_sum3(const steer_v3 *forces, const float *weights, int count, float max_force);
typedef steer_v2 steer_force_fn2(int index, void *context);
typedef steer_v3 steer_force_fn3(int index, void *context);
steer_v2 steer_dither2(steer_force_fn2 *evaluate, void *context, const float *weights, const float *probabilities, int count, float epsilon, float max_force, steer_random_fn *random, void *random_context, int *out_winner);
steer_v3 steer_dither3(steer_force_fn3 *evaluate, void *context, const float *weights, const float *probabilities, int count, float epsilon, float max_force, steer_random_fn *random, void *random_context, int *out_winner);
extern "Python" steer_v2 steer_py_force2(int, void *);
extern "Python" steer_v3 steer_py_force3(int, void *);
steer_v2 steer_smooth2(steer_v2 smoothed, steer_v2 raw, float k);
steer_v3 steer_smooth3(steer_v3 smoothed, steer_v3 raw, float k);
bool steer_hysteresis(bool *state, float value, float on_at, float off_at);

/* the vehicle */
typedef struct {
    steer_v2 position, velocity, heading, smooth_heading, force;
    float max_speed, max_force, mass, radius, max_turn_rate, heading_smoothing;
    steer_wander_params wander; float wander_angle; steer_wander_sphere wander_sphere; int waypoint; int avoid_latch; ...;
} steer_vehicle2;
typedef struct {
    steer_v3 position, velocity, heading, smooth_heading, force;
    float max_speed, max_force, mass, radius, max_turn_rate, heading_smoothing;
    steer_wander_params wander; float wander_angle; steer_wander_sphere wander_sphere; int waypoint; int avoid_latch; steer_up_axis up; ...;
} steer_vehicle3;
steer_vehicle2 steer_vehicle2_make(steer_v2 position, uint64_t seed);
steer_vehicle3 steer_vehicle3_make(steer_v3 position, uint64_t seed);
void steer_vehicle2_apply_force(steer_vehicle2 *v, steer_v2 force);
void steer_vehicle3_apply_force(steer_vehicle3 *v, steer_v3 force);
void steer_vehicle2_step(steer_vehicle2 *v, float dt);
void steer_vehicle3_step(steer_vehicle3 *v, float dt);
steer_v2 steer_vehicle2_seek(const steer_vehicle2 *v, steer_v2 target);
steer_v3 steer_vehicle3_seek(const steer_vehicle3 *v, steer_v3 target);
steer_v2 steer_vehicle2_flee(const steer_vehicle2 *v, steer_v2 threat, float panic_distance);
steer_v3 steer_vehicle3_flee(const steer_vehicle3 *v, steer_v3 threat, float panic_distance);
steer_v2 steer_vehicle2_arrive(const steer_vehicle2 *v, steer_v2 target, float slow_radius);
steer_v3 steer_vehicle3_arrive(const steer_vehicle3 *v, steer_v3 target, float slow_radius);
steer_v2 steer_vehicle2_arrive_braking(const steer_vehicle2 *v, steer_v2 target, float slow_radius, float tolerance, float dt);
steer_v3 steer_vehicle3_arrive_braking(const steer_vehicle3 *v, steer_v3 target, float slow_radius, float tolerance, float dt);
steer_v2 steer_vehicle2_target_speed(const steer_vehicle2 *v, float target_speed);
steer_v3 steer_vehicle3_target_speed(const steer_vehicle3 *v, float target_speed);
steer_v2 steer_vehicle2_match_velocity(const steer_vehicle2 *v, steer_v2 target_velocity, float time_to_target);
steer_v3 steer_vehicle3_match_velocity(const steer_vehicle3 *v, steer_v3 target_velocity, float time_to_target);
steer_v2 steer_vehicle2_pursue(const steer_vehicle2 *v, const steer_vehicle2 *target, float max_prediction);
steer_v3 steer_vehicle3_pursue(const steer_vehicle3 *v, const steer_vehicle3 *target, float max_prediction);
steer_v2 steer_vehicle2_evade(const steer_vehicle2 *v, const steer_vehicle2 *threat, float max_prediction, float panic_distance);
steer_v3 steer_vehicle3_evade(const steer_vehicle3 *v, const steer_vehicle3 *threat, float max_prediction, float panic_distance);
steer_v2 steer_vehicle2_wander(steer_vehicle2 *v, float dt, steer_v2 *out_target);
steer_v3 steer_vehicle3_wander(steer_vehicle3 *v, float dt, steer_v3 *out_target);
steer_v2 steer_vehicle2_contain(const steer_vehicle2 *v, steer_box2 box, float margin);
steer_v3 steer_vehicle3_contain(const steer_vehicle3 *v, steer_box3 box, float margin);
steer_v3 steer_vehicle3_wander_sphere(steer_vehicle3 *v, float dt, steer_v3 *out_target);
steer_v2 steer_vehicle2_avoid_obstacles(steer_vehicle2 *v, const steer_obstacle2 *obstacles, int count, float see_ahead);
steer_v3 steer_vehicle3_avoid_obstacles(steer_vehicle3 *v, const steer_obstacle3 *obstacles, int count, float see_ahead);
steer_v2 steer_vehicle2_avoid_walls(const steer_vehicle2 *v, const steer_segment2 *walls, int count, const steer_wall_feelers *feelers);
steer_v3 steer_vehicle3_avoid_walls(const steer_vehicle3 *v, const steer_segment3 *walls, int count, const steer_wall_feelers *feelers);
steer_v2 steer_vehicle2_follow_wall(const steer_vehicle2 *v, const steer_segment2 *walls, int count, const steer_wall_follow_params *params);
steer_v3 steer_vehicle3_follow_wall(const steer_vehicle3 *v, const steer_segment3 *walls, int count, const steer_wall_follow_params *params);
steer_v2 steer_vehicle2_follow_path(const steer_vehicle2 *v, const steer_path2 *path, float predict_distance, float ahead_distance);
steer_v3 steer_vehicle3_follow_path(const steer_vehicle3 *v, const steer_path3 *path, float predict_distance, float ahead_distance);
steer_v2 steer_vehicle2_follow_waypoints(steer_vehicle2 *v, const steer_v2 *points, int count, float arrival_radius, float slow_radius);
steer_v3 steer_vehicle3_follow_waypoints(steer_vehicle3 *v, const steer_v3 *points, int count, float arrival_radius, float slow_radius);
steer_v2 steer_vehicle2_follow_waypoints_ordered(steer_vehicle2 *v, const steer_v2 *points, int count, float arrival_radius, float slow_radius, steer_waypoint_order order);
steer_v3 steer_vehicle3_follow_waypoints_ordered(steer_vehicle3 *v, const steer_v3 *points, int count, float arrival_radius, float slow_radius, steer_waypoint_order order);
steer_v2 steer_vehicle2_follow_flow(const steer_vehicle2 *v, const steer_flow_field2 *field, float predict_time);
steer_v3 steer_vehicle3_follow_flow(const steer_vehicle3 *v, const steer_flow_field3 *field, float predict_time);
steer_v2 steer_vehicle2_interpose(const steer_vehicle2 *v, const steer_vehicle2 *a, const steer_vehicle2 *b, float slow_radius);
steer_v3 steer_vehicle3_interpose(const steer_vehicle3 *v, const steer_vehicle3 *a, const steer_vehicle3 *b, float slow_radius);
steer_v2 steer_vehicle2_hide(const steer_vehicle2 *v, const steer_vehicle2 *hunter, const steer_obstacle2 *obstacles, int count, float distance_from_boundary, float slow_radius);
steer_v3 steer_vehicle3_hide(const steer_vehicle3 *v, const steer_vehicle3 *hunter, const steer_obstacle3 *obstacles, int count, float distance_from_boundary, float slow_radius);
steer_v2 steer_vehicle2_offset_pursuit(const steer_vehicle2 *v, const steer_vehicle2 *leader, steer_v2 offset, float slow_radius);
steer_v3 steer_vehicle3_offset_pursuit(const steer_vehicle3 *v, const steer_vehicle3 *leader, steer_v3 offset, float slow_radius);

/* the world */
typedef struct steer_world steer_world;
typedef struct { uint32_t index; uint32_t generation; uint32_t world; } steer_agent_id;
typedef void steer_task_fn(int start, int end, int worker_index, void *task_context);
typedef void *steer_enqueue_task_fn(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context);
typedef void steer_finish_task_fn(void *user_task, void *user_context);
extern "Python" void *steer_py_enqueue_task(steer_task_fn *, int, int, void *, void *);
extern "Python" void steer_py_finish_task(void *, void *);
typedef enum { STEER_BOUNDARY_WRAP, STEER_BOUNDARY_CLAMP, STEER_BOUNDARY_NONE, ... } steer_boundary;
typedef struct {
    int dim; int capacity; steer_v3 bounds_min; steer_v3 bounds_max; steer_boundary boundary; steer_up_axis up;
    float cell_size; float max_dt; uint64_t seed; bool solid_obstacles; bool solid_walls; bool non_penetration;
    bool keep_headings; bool agent_radii;
    int penetration_iterations; int max_groups; int max_obstacles, max_walls, max_paths, max_flow_fields;
    int worker_count; steer_enqueue_task_fn *enqueue_task; steer_finish_task_fn *finish_task; void *user_task_context; ...;
} steer_world_def;
steer_world_def steer_default_world_def(void);

/* Values (and any behaviour not named here) come from the header: the
 * binding indexes weights by these names, never by position. */
typedef enum {
    STEER_AVOID_OBSTACLES, STEER_AVOID_WALLS, STEER_CONTAIN, STEER_AVOID_NEIGHBOURS, STEER_ANTICIPATE, STEER_QUEUE,
    STEER_SEPARATION, STEER_EVADE, STEER_FLEE, STEER_PURSUE, STEER_SEEK, STEER_ARRIVE, STEER_FOLLOW_LEADER,
    STEER_FOLLOW_WALL, STEER_FOLLOW_PATH, STEER_FOLLOW_FLOW, STEER_ALIGNMENT, STEER_COHESION, STEER_WANDER,
    STEER_BEHAVIOUR_COUNT, ...
} steer_behaviour;
typedef enum { STEER_COMBINE_BLEND, STEER_COMBINE_PRIORITY, STEER_COMBINE_RUNNING_SUM, STEER_COMBINE_DITHER, ... } steer_combine;
typedef struct {
    float max_speed, max_force, mass, radius, max_turn_rate, reverse_speed;
    float neighbour_radius, separation_radius, field_of_view; uint32_t neighbour_mask;
    bool desired_forms, ground_plane;
    float priority, arrived_priority, anticipation_k, anticipation_tau0, avoid_horizon, avoid_margin, keep_right; bool keep_apart;
    float queue_distance, queue_time_gap; steer_agent_id leader; float leader_behind, leader_sight;
    float weight[...]; float probability[...]; steer_combine combine;
    steer_v3 target; float slow_radius; bool chapter_arrive; float arrival_tolerance, arrival_speed, departure_distance, waypoint_radius;
    steer_v3 threat; float panic_distance; int pursue_group, evade_group; float chase_radius, max_prediction;
    steer_wander_params wander; int path; float path_predict, path_ahead; int flow_field; float flow_predict;
    steer_v3 contain_min, contain_max; float contain_margin; float see_ahead, see_ahead_time;
    steer_wall_feelers feelers; steer_wall_follow_params wall_follow; uint32_t colour; ...;
} steer_group_def;
steer_group_def steer_default_group_def(void);
steer_group_def steer_crowd_group_def(void);
int steer_world_add_group(steer_world *world, const steer_group_def *def);
steer_result steer_world_set_group(steer_world *world, int group, const steer_group_def *def);
steer_result steer_world_get_group(const steer_world *world, int group, steer_group_def *out);
int steer_world_group_count(const steer_world *world);

int steer_world_add_obstacle(steer_world *world, steer_v3 centre, float radius);
steer_result steer_world_set_obstacle(steer_world *world, int index, steer_v3 centre, float radius);
steer_result steer_world_move_obstacles(steer_world *world, float dt);
steer_result steer_world_set_obstacle_velocity(steer_world *world, int index, steer_v3 velocity);
steer_v3 steer_world_get_obstacle_velocity(const steer_world *world, int index);
steer_result steer_world_get_obstacle(const steer_world *world, int index, steer_obstacle3 *out);
steer_result steer_world_get_wall(const steer_world *world, int index, steer_segment3 *out);
int steer_world_add_wall(steer_world *world, steer_v3 a, steer_v3 b);
steer_result steer_world_set_wall(steer_world *world, int index, steer_v3 a, steer_v3 b);
void steer_world_clear_walls(steer_world *world);
steer_result steer_world_set_wall_height(steer_world *world, int index, float bottom, float top);
steer_result steer_world_get_wall_height(const steer_world *world, int index, float *bottom, float *top);
int steer_world_add_path(steer_world *world, const steer_v3 *points, int count, bool closed, float radius);
steer_result steer_world_set_path(steer_world *world, int index, const steer_v3 *points, int count, bool closed, float radius);
int steer_world_path_count(const steer_world *world);
int steer_world_add_flow_field(steer_world *world, steer_v3 origin, float cell_size, int nx, int ny, int nz, const steer_v3 *vectors);
void steer_world_clear_obstacles(steer_world *world);
int steer_world_obstacle_count(const steer_world *world);
int steer_world_wall_count(const steer_world *world);

typedef struct { steer_v3 position; steer_v3 velocity; int group; } steer_agent_state;
steer_agent_id steer_world_add_agent(steer_world *world, int group, steer_v3 position, steer_v3 velocity);
steer_result steer_world_add_agents(steer_world *world, int group, const steer_v3 *positions, const steer_v3 *velocities, int count, steer_agent_id *ids);
steer_result steer_world_remove_agent(steer_world *world, steer_agent_id id);
steer_result steer_world_teleport_agent(steer_world *world, steer_agent_id id, steer_v3 position, steer_v3 velocity);
int steer_world_remove_agents(steer_world *world, const steer_agent_id *ids, int count, steer_result *results);
int steer_world_teleport_agents(steer_world *world, const steer_agent_id *ids, const steer_v3 *positions, const steer_v3 *velocities, int count, steer_result *results);
steer_result steer_world_set_agent_group(steer_world *world, steer_agent_id id, int group);
steer_result steer_world_get_agent(const steer_world *world, steer_agent_id id, steer_agent_state *out);
int steer_world_get_agents(const steer_world *world, const steer_agent_id *ids, steer_agent_state *out, int count,
                           steer_result *results);
bool steer_world_is_valid(const steer_world *world, steer_agent_id id);
int steer_world_agent_count(const steer_world *world);
typedef struct {
    int count; const float *px, *py, *pz; const float *vx, *vy, *vz; const uint8_t *group;
    const float *hx, *hy, *hz;
    const float *radius;
} steer_world_view;
steer_world_view steer_world_get_view(const steer_world *world);
int steer_world_get_agent_ids(const steer_world *world, steer_agent_id *out, int capacity);
steer_result steer_world_get_heading(const steer_world *world, steer_agent_id id, steer_v3 *out);
steer_result steer_world_set_heading(steer_world *world, steer_agent_id id, steer_v3 heading);
int steer_world_get_headings(const steer_world *world, const steer_agent_id *ids, steer_v3 *out, int count,
                             steer_result *results);
steer_result steer_world_set_radius(steer_world *world, steer_agent_id id, float radius);
steer_result steer_world_get_radius(const steer_world *world, steer_agent_id id, float *out);
int steer_world_set_radii(steer_world *world, const steer_agent_id *ids, const float *radii, int count,
                          steer_result *results);
int steer_world_get_radii(const steer_world *world, const steer_agent_id *ids, float *out, int count,
                          steer_result *results);
#define STEER_ALL_GROUPS ...
int steer_world_query_radius(const steer_world *world, steer_v3 centre, float radius, uint32_t groups,
                             steer_agent_id *out, int capacity);
int steer_world_query_box(const steer_world *world, steer_v3 corner_a, steer_v3 corner_b, uint32_t groups,
                          steer_agent_id *out, int capacity);
int steer_world_query_nearest(const steer_world *world, steer_v3 centre, int k, float max_distance, uint32_t groups,
                              steer_agent_id *out, float *distances);
int steer_world_query_nearest_each(const steer_world *world, const steer_v3 *centres, int count, int k, float max_distance,
                                   uint32_t groups, const steer_agent_id *skip, steer_agent_id *out, float *distances,
                                   int *found);
#define STEER_NEAREST_EACH_SKIP_MAX 64

typedef enum { STEER_GOAL_NONE, STEER_GOAL_SEEK, STEER_GOAL_ARRIVE, STEER_GOAL_PATH, STEER_GOAL_WAYPOINTS, ... } steer_goal_kind;
typedef struct {
    steer_goal_kind kind; steer_v3 target; float slow_radius; float speed; int path;
    const steer_v3 *points; int point_count; int progress; bool arrived; steer_v3 from; ...;
} steer_goal;
steer_result steer_world_set_goal(steer_world *world, steer_agent_id id, const steer_goal *goal);
steer_result steer_world_get_goal(const steer_world *world, steer_agent_id id, steer_goal *out);
int steer_world_get_goal_points(const steer_world *world, steer_agent_id id, steer_v3 *out, int capacity);
int steer_world_send_to_places(steer_world *world, const steer_agent_id *ids, int count, const steer_v3 *places, int place_count, bool together, steer_result *results);
int steer_world_send_assigned(steer_world *world, const steer_agent_id *ids, int count, const steer_v3 *places, bool together, steer_result *results);
typedef struct { ...; } steer_allocator;
steer_result steer_assign_places(const steer_v3 *from, int count, const steer_v3 *places, int place_count, int dim, const steer_allocator *allocator, int *place_of);
typedef struct {
    steer_v3 centre; float spacing; float box_margin; const steer_agent_id *movers; int mover_count; ...;
} steer_places_query;
int steer_world_places_around(steer_world *world, const steer_places_query *query, steer_v3 *places, int count);
int steer_world_set_goals(steer_world *world, const steer_agent_id *ids, const steer_goal *goals, int count, steer_result *results);
int steer_world_get_goals(const steer_world *world, const steer_agent_id *ids, steer_goal *out, int count, steer_result *results);
bool steer_world_has_arrived(const steer_world *world, steer_agent_id id);
int steer_world_arrivals(const steer_world *world, steer_agent_id *out, int capacity);
int steer_world_goal_count(const steer_world *world);
steer_result steer_world_reserve_goals(steer_world *world, int count);

#define STEER_MAX_FORMATION_MEMBERS ...
#define STEER_MAX_FORMATIONS ...
int steer_world_add_formation(steer_world *world, steer_agent_id leader, const steer_agent_id *members, const steer_v3 *slots, int count);
steer_result steer_world_remove_formation(steer_world *world, int formation);
int steer_world_formation_count(const steer_world *world);

steer_result steer_world_step(steer_world *world, float dt);
uint64_t steer_world_step_count(const steer_world *world);
uint64_t steer_world_state_hash(const steer_world *world);
typedef struct { double grid, forces, solve, total; } steer_step_profile;
steer_step_profile steer_world_last_profile(const steer_world *world);
bool steer_world_use_simd(steer_world *world, bool enable);
size_t steer_world_memory_bytes(const steer_world *world);
typedef enum { STEER_KERNEL_BEST, STEER_KERNEL_SCALAR, STEER_KERNEL_AVX2, STEER_KERNEL_AVX512, STEER_KERNEL_SSE2,
               STEER_KERNEL_NEON, STEER_KERNEL_SIMD128, STEER_KERNEL_COUNT, ... } steer_kernel;
steer_kernel steer_world_set_kernel(steer_world *world, steer_kernel kernel);
steer_kernel steer_world_kernel(const steer_world *world);
bool steer_kernel_available(steer_kernel kernel);
const char *steer_kernel_name(steer_kernel kernel);

size_t steer_world_snapshot_size(const steer_world *world);
steer_result steer_world_save(const steer_world *world, void *buffer, size_t capacity, size_t *written);
steer_result steer_world_restore(steer_world *world, const void *data, size_t size);
steer_result steer_world_reserve_agents(steer_world *world, int capacity);
typedef struct {
    int version, dim;
    steer_up_axis up;
    steer_boundary boundary;
    steer_v3 bounds_min, bounds_max;
    float cell_size, max_dt;
    uint64_t seed, steps;
    int agent_count, agent_slots, grid_capacity, group_count, obstacle_count, wall_count, path_count, flow_field_count;
    int goal_count, formation_count;
    char problem[128];
    ...;
} steer_snapshot_info;
steer_result steer_world_snapshot_info(const void *data, size_t size, steer_snapshot_info *out);
steer_world *steer_world_create(const steer_world_def *def);
steer_result steer_world_get_def(const steer_world *world, steer_world_def *out);
void steer_world_destroy(steer_world *world);

typedef struct {
    void (*circle)(steer_v3, float, uint32_t, void *);
    void (*segment)(steer_v3, steer_v3, uint32_t, void *);
    void (*point)(steer_v3, float, uint32_t, void *);
    void (*arrow)(steer_v3, steer_v3, uint32_t, void *);
    void (*text)(steer_v3, const char *, uint32_t, void *);
    void (*agent)(steer_v3, steer_v3, float, uint32_t, void *);
    void *context;
    bool agents, velocities, neighbour_radius, wander, feelers, obstacles, walls, paths, flow_fields, bounds;
    int max_agents;
} steer_debug_draw;
void steer_world_draw(const steer_world *world, const steer_debug_draw *draw);
extern "Python" void steer_py_draw_circle(steer_v3, float, uint32_t, void *);
extern "Python" void steer_py_draw_segment(steer_v3, steer_v3, uint32_t, void *);
extern "Python" void steer_py_draw_point(steer_v3, float, uint32_t, void *);
extern "Python" void steer_py_draw_arrow(steer_v3, steer_v3, uint32_t, void *);
extern "Python" void steer_py_draw_text(steer_v3, const char *, uint32_t, void *);
extern "Python" void steer_py_draw_agent(steer_v3, steer_v3, float, uint32_t, void *);

typedef struct { int agents; int dim; float neighbours; uint64_t seed; int worker_count; ...; } steer_standard_flock_def;
steer_standard_flock_def steer_default_standard_flock_def(void);
steer_world *steer_standard_flock_create(const steer_standard_flock_def *def);
steer_group_def steer_standard_flock_group_def(void);
steer_result steer_standard_flock_world_def(const steer_standard_flock_def *def, steer_world_def *out);
steer_result steer_standard_flock_populate(steer_world *world, const steer_standard_flock_def *def);
float steer_standard_flock_side(int agents, int dim, float neighbours);

/* the standalone spatial index (steer/grid.h) */
typedef struct steer_grid steer_grid;
typedef struct { int dim; float cell_size; int capacity; ...; } steer_grid_def;
steer_grid_def steer_default_grid_def(void);
steer_grid *steer_grid_create(const steer_grid_def *def);
void steer_grid_destroy(steer_grid *grid);
steer_result steer_grid_build(steer_grid *grid, const float *points, int count, int stride);
steer_result steer_grid_insert(steer_grid *grid, int id, const float *p);
void steer_grid_clear(steer_grid *grid);
int steer_grid_count(const steer_grid *grid);
int steer_grid_query_radius(steer_grid *grid, const float *centre, float radius, int *out_ids, int max_out);
typedef void steer_grid_visit_fn(int id, float distance_sq, void *context);
int steer_grid_query_visit(steer_grid *grid, const float *centre, float radius, steer_grid_visit_fn *visit, void *context);
extern "Python" void steer_py_grid_visit(int, float, void *);
int steer_grid_nearest(steer_grid *grid, const float *p, int k, int *out_ids, float *out_dist_sq);

/* scenarios, as `steer run` reads them (tools/scenario) */
typedef struct steer_scenario steer_scenario;
typedef struct { const char *name; float dt; int steps; int total_agents; ...; } steer_scenario_info;
typedef struct { bool set_seed; uint64_t seed; int threads; int extra_capacity; ...; } steer_scenario_overrides;
steer_scenario *steer_scenario_create(void);
void steer_scenario_destroy(steer_scenario *sc);
int steer_scenario_load_json_file(steer_scenario *sc, const char *file, char *error, size_t error_size);
const steer_scenario_info *steer_scenario_get_info(const steer_scenario *sc);
steer_world *steer_scenario_create_world(const steer_scenario *sc, const steer_scenario_overrides *overrides, char *error, int error_size);

/* the extension's own loops over N agents (_vector.c) */
int py_first_nonfinite(const float *values, size_t count);
void py_seek(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target, int ts, float max_speed, float *out);
void py_flee(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *threat, int ts, float max_speed, float panic_distance, float *out);
void py_arrive(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target, int ts, float max_speed, float slow_radius, float *out);
void py_arrive_braking(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target, int ts, float max_speed, const steer_arrival *arrival, float *out);
void py_target_speed(int dim, int n, const float *vel, int vs, const float *heading, int hs, float target_speed, float max_force, float *out);
void py_match_velocity(int dim, int n, const float *vel, int vs, const float *target_vel, int ts, float time_to_target, float max_force, float *out);
void py_pursue(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *tpos, int tps, const float *tvel, int tvs, float max_speed, float max_prediction, float *out);
void py_evade(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *tpos, int tps, const float *tvel, int tvs, float max_speed, float max_prediction, float panic_distance, float *out);
void py_predict(int dim, int n, const float *pos, int ps, const float *tpos, int tps, const float *tvel, int tvs, float max_speed, float max_prediction, float *out);
void py_contain(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *box_min, const float *box_max, float margin, float max_speed, float *out);
void py_time_to_collision(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *opos, int ops, const float *ovel, int ovs, const float *radius, int rs, float *out);
void py_anticipate_all(int dim, int n, const void *agents, const float *priorities, steer_anticipation params, void *others, float *other_priorities, float *out);
void py_avoid_neighbours_all(int dim, int n, const void *agents, steer_neighbour_avoidance params, void *others, float *out, int *threats);
void py_smooth_dt(int dim, int n, const float *smoothed, int ss, const float *raw, int rs, float half_life, float dt, float *out);
double py_time_seek_loop(int n, int repeat, float max_speed);
int py_add_agents(steer_world *world, int group, int n, const float *pos, const float *vel, int dim, uint32_t *ids);
int py_ids_to_array(const uint32_t *ids, int n, steer_agent_id *out);
void py_avoid_obstacles(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *obstacles, int count, const steer_avoid_params *params, int *engaged, float *out);
void py_avoid_obstacles_feeler(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *obstacles, int count, float agent_radius, float feeler_length, float max_force, float *out, float *tips);
void py_avoid_walls(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *walls, int count, const steer_wall_feelers *feelers, float *out, float *tips);
void py_follow_wall(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *walls, int count, const steer_wall_follow_params *params, float max_speed, float *out);
void py_path_closest_point(int dim, int n, const void *path, const float *p, int ps, float *out, float *distance, int *segment, float *t);
void py_path_point_ahead(int dim, int n, const void *path, const float *p, int ps, float distance, float *out, int *segment, uint8_t *passed_end);
void py_path_track(int dim, int n, const void *path, const float *p, int ps, int *segment, float window, float distance, float *out, uint8_t *passed_end);
void py_follow_path(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *path, float predict_distance, float ahead_distance, float max_speed, float *out);
void py_follow_path_to_end(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *path, float predict_distance, float ahead_distance, const steer_arrival *arrival, float max_speed, float *out);
void py_follow_waypoints(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *points, int count, int *index, float arrival_radius, float slow_radius, const steer_arrival *arrival, float max_speed, int order, float *out);
void py_flow_field_sample(int dim, int n, const void *field, const float *p, int ps, float *out);
void py_follow_flow(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *field, float predict_time, float max_speed, float *out);
void py_hide(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *hpos, int hps, const float *hvel, int hvs, const void *obstacles, int count, float distance_from_boundary, float max_speed, float slow_radius, float *out, float *spots);
void py_interpose(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *apos, int aps, const float *avel, int avs, const float *bpos, int bps, const float *bvel, int bvs, float max_speed, float slow_radius, float *out);
void py_offset_pursuit(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *lpos, int lps, const float *lvel, int lvs, const float *lhead, int lhs, const float *offset, int os, float max_speed, float slow_radius, int up, float *out);
void py_local_to_world(int dim, int n, const float *heading, int hs, const float *local, int ls, int up, float *out);
void py_turn_toward(int dim, int n, const float *from, int fs, const float *direction, int ds, float max_angle, int up, float *out);
void py_face(int dim, int n, const float *heading, int hs, const float *pos, int ps, const float *target, int ts, float max_turn_rate, float dt, int up, float *out);
void py_look_where_going(int dim, int n, const float *heading, int hs, const float *vel, int vs, float max_turn_rate, float dt, int up, float *out);
void py_smooth(int dim, int n, const float *smoothed, int ss, const float *raw, int rs, float k, float *out);
void py_hysteresis(int n, uint8_t *state, const float *values, int vs, float on_at, float off_at);
void py_wander(int dim, int n, const float *pos, int ps, const float *vel, int vs, float *angles, const steer_wander_params *params, float max_speed, float dt, steer_rng *rng, float *out, float *targets);
void py_wander_sphere(int n, const float *pos, int ps, const float *vel, int vs, steer_wander_sphere *states, const steer_wander_params *params, float max_speed, float dt, steer_rng *rng, float *out, float *targets);
void py_dither(int dim, int n, const float *forces, int k, const float *weights, const float *probabilities, float epsilon, float max_force, steer_rng *rng, float *out, int *winners);
void py_scalar(int which, int n, const float *a, const float *b, float *out);
void py_flocking(int kind, int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *nb, int k, const int *counts, float radius, float max_speed, float *out);
void py_combine(int kind, int dim, int n, const float *forces, int k, const float *weights, float epsilon, float max_force, float *out, int *winners);
