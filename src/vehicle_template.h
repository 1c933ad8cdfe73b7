/* Private template: the vehicle for one dimension (see vehicle.c). */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )
#define VEH STEER_N(steer_vehicle, )
#define VFN(name) STEER_N(steer_vehicle, _##name)

VEH VFN(make)(V position, uint64_t seed)
{
    VEH v = {0};
    v.position = position;
    v.heading = F(set)(F(zero)(), 0, 1.0f);
    v.smooth_heading = v.heading;
    v.max_speed = 3.0f;
    v.max_force = 0.12f;
    v.mass = 1.0f;
    v.radius = 0.5f;
    v.heading_smoothing = 0.3f;
    v.wander.radius = 1.0f;
    v.wander.distance = 2.0f;
    v.wander.jitter = 1.0f;
    v.avoid_latch = -1;
    v.rng = steer_rng_make(seed);
    return v;
}

void VFN(apply_force)(VEH *v, V force)
{
    if (F(is_valid)(force)) v->force = F(add)(v->force, force);
}

/* The state turned to or from Z-up (see up_axis.h). */
static void N(turn_state)(VEH *v, V (*turn)(V, steer_up_axis))
{
    steer_up_axis up = N(up_of)(v);
    v->position = turn(v->position, up);
    v->velocity = turn(v->velocity, up);
    v->heading = turn(v->heading, up);
    v->smooth_heading = turn(v->smooth_heading, up);
    v->force = turn(v->force, up);
}

/* Whether the lerp of the smoothed heading s toward an opposite heading h
 * gave (nearly) s again: the lerp of two opposite unit vectors stays on
 * their line, so with k < 1/2 a vehicle that reversed along a line kept its
 * old display heading for good. Then the smoothing turns s a share k of the
 * half turn instead (left about up, as turn_toward turns), and lerps again
 * from there. Elsewhere the lerp is kept, bit for bit. */
static bool N(kept_opposite)(V s, V h, V smooth)
{
    if (!(F(dot)(s, h) < 0.0f) || !(F(dot)(smooth, s) > 0.0f)) return false;
    V across = F(sub)(smooth, F(scale)(s, F(dot)(smooth, s)));
    return F(len_sq)(across) < 1e-12f; /* turned by less than 1e-6 rad */
}

static void N(integrate)(VEH *v, float dt)
{
    V force = F(truncate)(v->force, v->max_force);
    v->force = F(zero)();
    if (!(dt > 0.0f)) return;
    float inv_mass = v->mass > 0.0f ? 1.0f / v->mass : 1.0f;
    V vel = F(truncate)(F(mad)(v->velocity, force, inv_mass * dt), v->max_speed);
    V turned = F(zero)(); /* where the turn limit binds, the way the vehicle may take */
    if (v->max_turn_rate > 0.0f) {
        float speed = F(len)(vel);
        if (speed > 0.0f) {
            V way = N(steer_turn_toward)(v->heading, vel, v->max_turn_rate * dt);
            V asked = F(direction)(vel, 0);
            if (memcmp(&way, &asked, sizeof way) != 0) {
                speed = steer__turned_speed(F(dot)(vel, way), F(len)(v->velocity) - v->max_force * inv_mass * dt, speed, 0.0f);
                turned = way; /* the heading turns even where the vehicle stops */
            }
            vel = F(scale)(way, speed);
        }
    }
    V pos = F(mad)(v->position, vel, dt);
    if (!F(is_valid)(pos) || !F(is_valid)(vel)) {
        v->velocity = F(zero)();
        return;
    }
    v->position = pos;
    v->velocity = vel;
    V dir = F(len_sq)(turned) > 0.0f ? turned : F(normalize)(vel);
    if (F(len_sq)(dir) > 0.0f) v->heading = dir;
    float k = steer_clampf(v->heading_smoothing, 0.0f, 1.0f);
    V smooth = F(normalize)(F(lerp)(v->smooth_heading, v->heading, k));
    if (k > 0.0f && N(kept_opposite)(v->smooth_heading, v->heading, smooth))
        smooth = N(steer_turn_toward)(v->smooth_heading, v->heading, k * STEER_PI);
    v->smooth_heading = F(len_sq)(smooth) > 0.0f ? smooth : v->heading;
}

/* A Y-up vehicle steps as the Z-up one turned (exact), so that a reversal
 * under a turn limit turns about its own up. */
void VFN(step)(VEH *v, float dt)
{
    N(turn_state)(v, N(to_z_up));
    N(integrate)(v, dt);
    N(turn_state)(v, N(from_z_up));
}

V VFN(seek)(const VEH *v, V target) { return N(steer_seek)(v->position, v->velocity, target, v->max_speed); }

V VFN(flee)(const VEH *v, V threat, float panic_distance)
{
    return N(steer_flee)(v->position, v->velocity, threat, v->max_speed, panic_distance);
}

V VFN(arrive)(const VEH *v, V target, float slow_radius)
{
    return N(steer_arrive)(v->position, v->velocity, target, v->max_speed, slow_radius);
}

/* The most a turn-limited vehicle may ask for and still come within
 * `within` of target (steer__turn_room_speed, the world's goals' rule);
 * max_speed without a turn limit or when in reach. */
static float N(turn_room_speed)(const VEH *v, V target, float within)
{
    if (!(v->max_turn_rate > 0.0f)) return v->max_speed;
#if STEER_DIM == 2
    steer_v3 off = steer_v3_from_v2(F(sub)(target, v->position)), way = steer_v3_from_v2(v->heading);
#else
    steer_v3 off = F(sub)(target, v->position), way = v->heading;
#endif
    return steer_minf(v->max_speed, steer__turn_room_speed(off, way, within, v->max_turn_rate));
}

V VFN(arrive_braking)(const VEH *v, V target, float slow_radius, float tolerance, float dt)
{
    /* The behaviour's answer is an acceleration; step divides by the mass. */
    float mass = v->mass > 0.0f ? v->mass : 1.0f;
    steer_arrival arrival = {slow_radius, v->max_force / mass, dt, tolerance};
    float speed = N(turn_room_speed)(v, target, tolerance);
    V force = F(scale)(N(steer_arrive_braking)(v->position, v->velocity, target, speed, &arrival), mass);
    return F(is_valid)(force) ? force : F(zero)();
}

V VFN(target_speed)(const VEH *v, float target_speed)
{
    /* As match_velocity: the acceleration capped at max_force / mass, as a
     * force. The raw clamp(target - speed) as a force overshot a light
     * vehicle round through zero (mass 0.5 told to stop reversed every step). */
    float mass = v->mass > 0.0f ? v->mass : 1.0f;
    V accel = N(steer_target_speed)(v->velocity, v->heading, target_speed, v->max_force / mass);
    V force = F(scale)(accel, mass);
    return F(is_valid)(force) ? force : F(zero)();
}

V VFN(match_velocity)(const VEH *v, V target_velocity, float time_to_target)
{
    /* As arrive_braking: an acceleration capped at max_force / mass, returned
     * as a force, so that any mass reaches target_velocity in time_to_target. */
    float mass = v->mass > 0.0f ? v->mass : 1.0f;
    V accel = N(steer_match_velocity)(v->velocity, target_velocity, time_to_target, v->max_force / mass);
    V force = F(scale)(accel, mass);
    return F(is_valid)(force) ? force : F(zero)();
}

V VFN(pursue)(const VEH *v, const VEH *target, float max_prediction)
{
    return N(steer_pursue)(v->position, v->velocity, target->position, target->velocity, v->max_speed,
                           max_prediction);
}

V VFN(evade)(const VEH *v, const VEH *threat, float max_prediction, float panic_distance)
{
    return N(steer_evade)(v->position, v->velocity, threat->position, threat->velocity, v->max_speed,
                          max_prediction, panic_distance);
}

V VFN(wander)(VEH *v, float dt, V *out_target)
{
    steer_wander_params params = v->wander;
    params.up = N(up_of)(v);
    return N(steer_wander)(v->position, v->velocity, &v->wander_angle, &params, v->max_speed, dt,
                           steer_rng_float, &v->rng, out_target);
}

V VFN(avoid_obstacles)(VEH *v, const N(steer_obstacle) *obstacles, int count, float see_ahead)
{
    steer_avoid_params params = {see_ahead, v->radius, v->max_force, 1.5f * see_ahead, v->radius, N(up_of)(v)};
    return N(steer_avoid_obstacles)(v->position, v->velocity, obstacles, count, &params, &v->avoid_latch);
}

V VFN(avoid_walls)(const VEH *v, const N(steer_segment) *walls, int count, const steer_wall_feelers *feelers)
{
    if (!feelers) return N(steer_avoid_walls)(v->position, v->velocity, walls, count, 0, 0); /* zero, as documented */
    steer_wall_feelers up_feelers = *feelers;
    up_feelers.up = N(up_of)(v);
    return N(steer_avoid_walls)(v->position, v->velocity, walls, count, &up_feelers, 0);
}

V VFN(follow_wall)(const VEH *v, const N(steer_segment) *walls, int count, const steer_wall_follow_params *params)
{
    if (!params) return N(steer_follow_wall)(v->position, v->velocity, walls, count, 0, v->max_speed); /* zero */
    steer_wall_follow_params up_params = *params;
    up_params.up = N(up_of)(v);
    return N(steer_follow_wall)(v->position, v->velocity, walls, count, &up_params, v->max_speed);
}

V VFN(follow_path)(const VEH *v, const N(steer_path) *path, float predict_distance, float ahead_distance)
{
    return N(steer_follow_path)(v->position, v->velocity, path, predict_distance, ahead_distance, v->max_speed);
}

/* The speed that keeps the current waypoint (v->waypoint along `order`,
 * clamped into the list as the behaviour clamps it) in reach of the turn,
 * taken within arrival_radius; max_speed for a list the behaviour refuses. */
static float N(waypoint_room_speed)(const VEH *v, const V *points, int count, float arrival_radius, steer_waypoint_order order)
{
    if (!points || count <= 0 || (unsigned)order > STEER_WAYPOINTS_LOOP_REVERSE) return v->max_speed;
    int i = v->waypoint < 0 ? 0 : v->waypoint > count - 1 ? count - 1 : v->waypoint;
    V at = points[(order & STEER_WAYPOINTS_REVERSE) ? count - 1 - i : i];
    return F(is_valid)(at) ? N(turn_room_speed)(v, at, arrival_radius) : v->max_speed;
}

V VFN(follow_waypoints)(VEH *v, const V *points, int count, float arrival_radius, float slow_radius)
{
    float speed = N(waypoint_room_speed)(v, points, count, arrival_radius, STEER_WAYPOINTS_FORWARD);
    return N(steer_follow_waypoints)(v->position, v->velocity, points, count, &v->waypoint, arrival_radius, slow_radius,
                                     speed);
}

V VFN(follow_waypoints_ordered)(VEH *v, const V *points, int count, float arrival_radius, float slow_radius,
                                steer_waypoint_order order)
{
    float speed = N(waypoint_room_speed)(v, points, count, arrival_radius, order);
    return N(steer_follow_waypoints_ordered)(v->position, v->velocity, points, count, &v->waypoint, arrival_radius,
                                             slow_radius, speed, order);
}

V VFN(follow_flow)(const VEH *v, const N(steer_flow_field) *field, float predict_time)
{
    return N(steer_follow_flow)(v->position, v->velocity, field, predict_time, v->max_speed);
}

V VFN(contain)(const VEH *v, N(steer_box) box, float margin)
{
    return N(steer_contain)(v->position, v->velocity, box, margin, v->max_speed);
}

V VFN(interpose)(const VEH *v, const VEH *a, const VEH *b, float slow_radius)
{
    return N(steer_interpose)(v->position, v->velocity, a->position, a->velocity, b->position, b->velocity,
                              v->max_speed, slow_radius);
}

V VFN(hide)(const VEH *v, const VEH *hunter, const N(steer_obstacle) *obstacles, int count,
            float distance_from_boundary, float slow_radius)
{
    return N(steer_hide)(v->position, v->velocity, hunter->position, hunter->velocity, obstacles, count,
                         distance_from_boundary, v->max_speed, slow_radius, 0);
}

V VFN(offset_pursuit)(const VEH *v, const VEH *leader, V offset, float slow_radius)
{
    /* The leader's frame is about the vehicle's up: the Z-up call, turned. */
    steer_up_axis up = N(up_of)(v);
    V force = N(steer_offset_pursuit)(N(to_z_up)(v->position, up), N(to_z_up)(v->velocity, up),
                                      N(to_z_up)(leader->position, up), N(to_z_up)(leader->velocity, up),
                                      N(to_z_up)(leader->heading, up), offset, v->max_speed, slow_radius);
    return N(from_z_up)(force, up);
}

#undef V
#undef F
#undef N
#undef VEH
#undef VFN
#include "steer/detail/dim_end.h"
