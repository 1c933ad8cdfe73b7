/* Internal template: the vehicle for one dimension. */
#include "dim_begin.h"

typedef struct STEER_N(steer_vehicle, ) {
    STEER_V position;
    STEER_V velocity;          /* length per time unit */
    STEER_V heading;           /* unit; direction of travel, kept while stopped (+X at first) */
    STEER_V smooth_heading;    /* unit; heading low-passed for display */
    STEER_V force;             /* accumulated by apply_force, cleared by step */
    float max_speed;           /* length per time unit (default 3) */
    float max_force;           /* length per time unit^2 per unit mass (default 0.12) */
    float mass;                /* default 1; <= 0 counts as 1 */
    float radius;              /* length (default 0.5); used by obstacle avoidance */
    float max_turn_rate;       /* radians per time unit; <= 0: unlimited (default) */
    float heading_smoothing;   /* k per step in (0, 1] for smooth_heading (default 0.3) */
    steer_wander_params wander;        /* default radius 1, distance 2, jitter 1 rad per time unit */
    float wander_angle;                /* planar wander state, radians, world frame */
    steer_wander_sphere wander_sphere; /* spherical wander state (3D) */
    int waypoint;              /* follow_waypoints state: index of the current waypoint */
    int avoid_latch;           /* avoid_obstacles hysteresis state: obstacle index or -1 */
    steer_rng rng;             /* the vehicle's own generator: same seed, same path */
} STEER_N(steer_vehicle, );

STEER_N(steer_vehicle, ) STEER_N(steer_vehicle, _make)(STEER_V position, uint64_t seed);
void STEER_N(steer_vehicle, _apply_force)(STEER_N(steer_vehicle, ) *v, STEER_V force);
void STEER_N(steer_vehicle, _step)(STEER_N(steer_vehicle, ) *v, float dt);

STEER_V STEER_N(steer_vehicle, _seek)(const STEER_N(steer_vehicle, ) *v, STEER_V target);
STEER_V STEER_N(steer_vehicle, _flee)(const STEER_N(steer_vehicle, ) *v, STEER_V threat, float panic_distance);
STEER_V STEER_N(steer_vehicle, _arrive)(const STEER_N(steer_vehicle, ) *v, STEER_V target, float slow_radius);
STEER_V STEER_N(steer_vehicle, _pursue)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_vehicle, ) *target,
                                        float max_prediction);
STEER_V STEER_N(steer_vehicle, _evade)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_vehicle, ) *threat,
                                       float max_prediction, float panic_distance);
/* Planar wander with the vehicle's wander params, angle and generator. */
STEER_V STEER_N(steer_vehicle, _wander)(STEER_N(steer_vehicle, ) *v, float dt, STEER_V *out_target);
/* Ray-projection avoidance with the vehicle's radius, max_force and latch;
 * release look-ahead is 1.5 x see_ahead and release margin the radius. */
STEER_V STEER_N(steer_vehicle, _avoid_obstacles)(STEER_N(steer_vehicle, ) *v,
                                                 const STEER_N(steer_obstacle, ) *obstacles, int count,
                                                 float see_ahead);
STEER_V STEER_N(steer_vehicle, _avoid_walls)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_segment, ) *walls,
                                             int count, const steer_wall_feelers *feelers);
STEER_V STEER_N(steer_vehicle, _follow_wall)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_segment, ) *walls,
                                             int count, const steer_wall_follow_params *params);
STEER_V STEER_N(steer_vehicle, _follow_path)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_path, ) *path,
                                             float predict_distance, float ahead_distance);
STEER_V STEER_N(steer_vehicle, _follow_waypoints)(STEER_N(steer_vehicle, ) *v, const STEER_V *points, int count,
                                                  float arrival_radius, float slow_radius);
STEER_V STEER_N(steer_vehicle, _follow_flow)(const STEER_N(steer_vehicle, ) *v,
                                             const STEER_N(steer_flow_field, ) *field, float predict_time);
STEER_V STEER_N(steer_vehicle, _contain)(const STEER_N(steer_vehicle, ) *v, STEER_N(steer_box, ) box, float margin);
STEER_V STEER_N(steer_vehicle, _interpose)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_vehicle, ) *a,
                                           const STEER_N(steer_vehicle, ) *b, float slow_radius);
STEER_V STEER_N(steer_vehicle, _hide)(const STEER_N(steer_vehicle, ) *v, const STEER_N(steer_vehicle, ) *hunter,
                                      const STEER_N(steer_obstacle, ) *obstacles, int count,
                                      float distance_from_boundary, float slow_radius);
STEER_V STEER_N(steer_vehicle, _offset_pursuit)(const STEER_N(steer_vehicle, ) *v,
                                                const STEER_N(steer_vehicle, ) *leader, STEER_V offset,
                                                float slow_radius);

#include "dim_end.h"
