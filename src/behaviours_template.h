/* Private template: every behaviour written once, compiled for STEER_DIM 2
 * and 3 by behaviours.c. Dimension-specific helpers come from there:
 * any_perpN, planarN, flatN, liftN, and from up_axis.h: to_z_upN,
 * from_z_upN. A 3D call with a Y-up axis turns its inputs to Z-up, runs the
 * one code below and turns the results back (exact: 2D has no up axis). */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )

/* The guard that keeps every output finite. */
static inline V N(safe)(V a) { return F(is_valid)(a) ? a : F(zero)(); }
static inline V N(unit_x)(void) { return F(set)(F(zero)(), 0, 1.0f); }
/* The direction of v, or +X for a zero vector: the heading of a stationary
 * agent. Behaviours take directions with F(direction), which has no length
 * threshold, so that they act alike at every scale. */
static inline V N(heading_or_x)(V v)
{
    V h = F(direction)(v, 0);
    return F(len_sq)(h) > 0.0f ? h : N(unit_x)();
}

/* The direction from `from` to `to` and its length (saturated at FLT_MAX),
 * also when the difference overflows float: then both are halved first. */
static inline V N(toward)(V from, V to, float *out_dist)
{
    V d = F(sub)(to, from);
    float k = 1.0f;
    if (!F(is_valid)(d) && F(is_valid)(from) && F(is_valid)(to)) {
        d = F(sub)(F(scale)(to, 0.5f), F(scale)(from, 0.5f));
        k = 2.0f;
    }
    float l;
    V dir = F(direction)(d, &l);
    if (out_dist) *out_dist = steer_minf(l * k, FLT_MAX);
    return dir;
}

/* |a| < limit, decided on the squares (as the behaviours always did) while
 * both are normal floats, else on the lengths, which work at any scale. */
static inline bool N(shorter_than)(V a, float limit)
{
    float a2 = F(len_sq)(a), l2 = limit * limit;
    if (a2 >= FLT_MIN && a2 <= FLT_MAX && l2 >= FLT_MIN && l2 <= FLT_MAX) return a2 < l2;
    return F(len)(a) < limit;
}

/* ---- basic ------------------------------------------------------------ */
V N(steer_seek)(V pos, V vel, V target, float max_speed)
{
    V desired = F(scale)(N(toward)(pos, target, 0), max_speed);
    return N(safe)(F(sub)(desired, vel));
}

V N(steer_flee)(V pos, V vel, V threat, float max_speed, float panic_distance)
{
    float dist;
    V away = N(toward)(threat, pos, &dist);
    if (panic_distance > 0.0f && dist > panic_distance) return F(zero)();
    return N(safe)(F(sub)(F(scale)(away, max_speed), vel));
}

/* The chapter's desired speed (docs/model.md §2.3): max_speed, falling
 * linearly to zero at the target inside slow_radius. */
static inline float N(arrive_speed)(float dist, float max_speed, float slow_radius)
{
    float speed = max_speed;
    if (slow_radius > 0.0f && dist < slow_radius) {
        /* max_speed * dist can overflow (the guard would then zero the whole
         * force) or underflow where the answer is representable: then divide
         * first. Otherwise the product first, as it always was (same bits). */
        float product = max_speed * dist;
        speed = product >= FLT_MIN && product <= FLT_MAX ? product / slow_radius : max_speed * (dist / slow_radius);
    }
    return speed;
}

V N(steer_arrive)(V pos, V vel, V target, float max_speed, float slow_radius)
{
    float dist;
    V dir = N(toward)(pos, target, &dist);
    return N(safe)(F(sub)(F(scale)(dir, N(arrive_speed)(dist, max_speed, slow_radius)), vel));
}


/* The fastest speed for this step from which braking by a * dt a step
 * still stops within dist, this step's move included (docs/model.md §2.3):
 * sqrt(2 a d) - a dt / 2, or, where more, the one-step landing
 * min(d / dt, a dt); sqrt(2 a d) when dt <= 0. a is 7/8 of max_accel: the
 * spare part of the brake takes up rounding (on the curve of max_accel itself
 * an excess grows, ~400 times over a long braking) and leaves half of
 * max_accel for a sideways velocity. In double, where 2 a d stays in range
 * for any float a and d. */
static inline float N(braking_speed)(float dist, float max_accel, float dt)
{
    double a = max_accel * STEER__BRAKING_SHARE, d = dist, s = sqrt(2.0 * a * d);
    if (dt > 0.0f) {
        double step = a * dt, land = d / dt < step ? d / dt : step;
        s -= 0.5 * step;
        if (!(s >= land)) s = land; /* also Inf - Inf */
    }
    if (!(s >= 0.0)) s = 0.0;
    return s < FLT_MAX ? (float)s : FLT_MAX;
}

/* change cut to the length budget, braking first: when change slows the
 * approach along dir, that component keeps up to the whole budget and the
 * sideways rest gets what is left, so a sideways velocity never weakens the
 * brake; otherwise the whole change is truncated, as the integrator would. */
static V N(brake_first)(V change, V dir, float budget)
{
    if (!(F(len)(change) > budget)) return change;
    float along = F(dot)(change, dir);
    if (!(along < 0.0f)) return F(truncate)(change, budget);
    V side = F(sub)(change, F(scale)(dir, along));
    float brake = steer_maxf(along, -budget);
    double left = (double)budget * budget - (double)brake * brake;
    return F(add)(F(scale)(dir, brake), F(truncate)(side, left > 0.0 ? (float)sqrt(left) : 0.0f));
}

V N(steer_arrive_braking)(V pos, V vel, V target, float max_speed, const steer_arrival *arrival)
{
    const steer_arrival none = {0};
    const steer_arrival *r = arrival ? arrival : &none;
    float dist;
    V dir = N(toward)(pos, target, &dist);
    float speed = N(arrive_speed)(dist, max_speed, r->slow_radius);
    if (r->max_accel > 0.0f) speed = steer_minf(speed, N(braking_speed)(dist, r->max_accel, r->dt));
    if (dist <= r->tolerance) speed = 0.0f;
    /* The velocity change that reaches the desired velocity in one step: with
     * the chapter's gain of 1 the velocity would lag the desired one by up to
     * max_accel times one time unit, and overshoot whatever the cap. */
    float step = r->dt > 0.0f ? r->dt : 1.0f;
    V change = F(sub)(F(scale)(dir, speed), vel);
    if (r->max_accel > 0.0f) change = N(brake_first)(change, dir, r->max_accel * step);
    return N(safe)(F(scale)(change, 1.0f / step));
}

/* How far from the target arrive_braking first asks for less than
 * max_speed: slow_radius, or the stopping distance from max_speed
 * (max_speed + a dt / 2)^2 / (2 a), the braking cap's inverse, if longer. */
static float N(braking_reach)(float max_speed, const steer_arrival *arrival)
{
    double reach = arrival->slow_radius > 0.0f ? arrival->slow_radius : 0.0;
    if (arrival->max_accel > 0.0f) {
        double a = arrival->max_accel * STEER__BRAKING_SHARE, s = max_speed > 0.0f ? max_speed : 0.0f;
        if (arrival->dt > 0.0f) s += 0.5 * a * arrival->dt;
        double stop = s * s / (2.0 * a);
        if (stop > reach) reach = stop;
    }
    return reach < FLT_MAX ? (float)reach : FLT_MAX;
}

/* ---- speed and velocity ----------------------------------------------- */
V N(steer_target_speed)(V vel, V heading, float target_speed, float max_force)
{
    if (!(target_speed >= 0.0f) || !(max_force > 0.0f) || !F(is_valid)(vel)) return F(zero)();
    float speed;
    V forward = F(direction)(vel, &speed);
    if (F(len_sq)(forward) == 0.0f) forward = N(heading_or_x)(heading); /* at rest: the way it faces */
    float change = target_speed - speed; /* saturated speed: never Inf - Inf */
    if (change > max_force) change = max_force;
    if (change < -max_force) change = -max_force;
    return N(safe)(F(scale)(forward, change));
}

V N(steer_match_velocity)(V vel, V target_vel, float time_to_target, float max_force)
{
    if (!(time_to_target > 0.0f) || !(max_force > 0.0f)) return F(zero)();
    /* Direction and length apart, so that a tiny time_to_target gives
     * max_force rather than an overflow, which the guard would zero. */
    float change;
    V dir = N(toward)(vel, target_vel, &change);
    return N(safe)(F(scale)(dir, steer_minf(change / time_to_target, max_force)));
}

V N(steer_predict)(V pos, V target_pos, V target_vel, float max_speed, float max_prediction)
{
    float dist;
    N(toward)(pos, target_pos, &dist);
    float t = max_speed > 0.0f ? dist / max_speed : 0.0f;
    if (max_prediction > 0.0f && t > max_prediction) t = max_prediction;
    if (!steer_is_finite(t)) t = 0.0f;
    V predicted = F(mad)(target_pos, target_vel, t);
    return F(is_valid)(predicted) ? predicted : N(safe)(target_pos); /* no lead rather than none at all */
}

V N(steer_pursue)(V pos, V vel, V target_pos, V target_vel, float max_speed, float max_prediction)
{
    V predicted = N(steer_predict)(pos, target_pos, target_vel, max_speed, max_prediction);
    return N(steer_seek)(pos, vel, predicted, max_speed);
}

V N(steer_evade)(V pos, V vel, V threat_pos, V threat_vel, float max_speed, float max_prediction,
                 float panic_distance)
{
    /* The threat where it will be when the two could meet, both moving: the
     * closing speed is max_speed plus its speed (as offset pursuit's). Over
     * dist / max_speed a threat faster than the evader coming at it was
     * placed behind the evader, which then fled toward it. */
    float closing = max_speed + F(len)(threat_vel);
    V predicted = N(steer_predict)(pos, threat_pos, threat_vel, closing, max_prediction);
    return N(steer_flee)(pos, vel, predicted, max_speed, panic_distance);
}

V N(steer_wander)(V pos, V vel, float *angle, const steer_wander_params *params, float max_speed, float dt,
                  steer_random_fn *random, void *random_context, V *out_target)
{
    if (!angle || !params) { /* no state or no circle: no wander */
        if (out_target) *out_target = N(safe)(pos);
        return F(zero)();
    }
    if (!steer_is_finite(*angle)) *angle = 0.0f;
    if (random) {
        float u = random(random_context);
        float step = (u * 2.0f - 1.0f) * (params->jitter * dt);
        if (steer_is_finite(step)) *angle += step;
        /* Keep the state bounded: far from zero the angle loses precision and
         * could overflow. Wrapping only beyond 2^14 rad leaves normal runs
         * exactly "angle += step". */
        if (!(steer_absf(*angle) <= 16384.0f)) *angle = steer_wrap_angle(*angle);
    }
    pos = N(to_z_up)(pos, params->up);
    vel = N(to_z_up)(vel, params->up);
    V centre = F(mad)(pos, F(direction)(vel, 0), params->distance);
    V target = F(mad)(centre, N(planar)(steer_cos(*angle), steer_sin(*angle)), params->radius);
    if (out_target) *out_target = N(from_z_up)(N(safe)(target), params->up);
    return N(from_z_up)(N(steer_seek)(pos, vel, target, max_speed), params->up);
}

/* ---- flocking --------------------------------------------------------- */
V N(steer_separation)(V pos, const V *neighbour_pos, int count, float radius)
{
    if (!neighbour_pos) return F(zero)();
    V push = F(zero)();
    int used = 0;
    for (int i = 0; i < count; ++i) {
        /* normalize / d rather than d / d^2: 1 / d^2 overflows for a very
         * close neighbour and would wipe out the whole push. */
        float d;
        V away = N(toward)(neighbour_pos[i], pos, &d);
        float inv = 1.0f / d; /* +Inf (skipped, as coincident) only closer than 1 / FLT_MAX */
        if (d > 0.0f && d < radius && inv <= FLT_MAX) {
            push = F(add)(push, F(scale)(away, inv));
            ++used;
        }
    }
    if (used == 0) return F(zero)();
    return N(safe)(F(scale)(push, 1.0f / (float)used));
}

V N(steer_separation_desired)(V pos, V vel, const V *neighbour_pos, int count, float radius, float max_speed)
{
    V push = F(direction)(N(steer_separation)(pos, neighbour_pos, count, radius), 0);
    if (F(len_sq)(push) == 0.0f) return F(zero)();
    return N(safe)(F(sub)(F(scale)(push, max_speed), vel));
}

static V N(average)(const V *values, int count)
{
    V sum = F(zero)();
    for (int i = 0; i < count; ++i) sum = F(add)(sum, values[i]);
    return F(scale)(sum, 1.0f / (float)count);
}

V N(steer_alignment)(V vel, const V *neighbour_vel, int count)
{
    if (count <= 0 || !neighbour_vel) return F(zero)();
    return N(safe)(F(sub)(N(average)(neighbour_vel, count), vel));
}

V N(steer_alignment_desired)(V vel, const V *neighbour_vel, int count, float max_speed)
{
    if (count <= 0 || !neighbour_vel) return F(zero)();
    V dir = F(direction)(N(average)(neighbour_vel, count), 0);
    if (F(len_sq)(dir) == 0.0f) return F(zero)();
    return N(safe)(F(sub)(F(scale)(dir, max_speed), vel));
}

V N(steer_cohesion)(V pos, V vel, const V *neighbour_pos, int count, float max_speed)
{
    if (count <= 0 || !neighbour_pos) return F(zero)();
    return N(steer_seek)(pos, vel, N(average)(neighbour_pos, count), max_speed);
}

/* ---- obstacles and walls ---------------------------------------------- */
V N(steer_avoid_obstacles)(V pos, V vel, const N(steer_obstacle) *obstacles, int count,
                           const steer_avoid_params *params, int *engaged)
{
    int latched = engaged ? *engaged : -1;
    if (engaged) *engaged = -1;
    if (!params) return F(zero)();
    if (!obstacles) count = 0;
    pos = N(to_z_up)(pos, params->up);
    V heading = F(direction)(N(to_z_up)(vel, params->up), 0);
    if (F(len_sq)(heading) == 0.0f) return F(zero)();
    int best = -1;
    float best_along = 0.0f;
    V best_lateral = F(zero)();
    for (int i = 0; i < count; ++i) {
        bool held = i == latched;
        float look = params->see_ahead;
        float clearance = obstacles[i].radius + params->agent_radius;
        if (held) {
            look = steer_maxf(look, params->release_see_ahead);
            clearance += steer_maxf(params->release_margin, 0.0f);
        }
        V offset = F(sub)(N(to_z_up)(obstacles[i].centre, params->up), pos);
        float along = F(dot)(offset, heading);
        if (!(along >= 0.0f && along - clearance <= look)) continue;
        V lateral = F(sub)(offset, F(scale)(heading, along));
        if (!N(shorter_than)(lateral, clearance)) continue;
        if (best < 0 || along < best_along) {
            best = i;
            best_along = along;
            best_lateral = lateral;
        }
    }
    if (best < 0) return F(zero)();
    if (engaged) *engaged = best;
    V away = F(direction)(F(neg)(best_lateral), 0);
    if (F(len_sq)(away) == 0.0f) away = N(any_perp)(heading);
    return N(from_z_up)(N(safe)(F(scale)(away, params->max_force)), params->up);
}

V N(steer_avoid_obstacles_feeler)(V pos, V vel, const N(steer_obstacle) *obstacles, int count, float agent_radius,
                                  float feeler_length, float max_force, V *out_tip)
{
    V dir = N(heading_or_x)(vel);
    V tip = F(mad)(pos, dir, feeler_length);
    if (out_tip) *out_tip = N(safe)(tip);
    if (!obstacles) count = 0;
    int deepest = -1;
    float best_depth = 0.0f;
    for (int i = 0; i < count; ++i) {
        float depth = obstacles[i].radius + agent_radius - F(dist)(tip, obstacles[i].centre);
        if (depth > 0.0f && (deepest < 0 || depth > best_depth)) {
            deepest = i;
            best_depth = depth;
        }
    }
    if (deepest < 0) return F(zero)();
    V away = N(toward)(obstacles[deepest].centre, tip, 0);
    if (F(len_sq)(away) == 0.0f) away = N(any_perp)(dir);
    return N(safe)(F(scale)(away, max_force));
}

V N(steer_avoid_walls)(V pos, V vel, const N(steer_segment) *walls, int count, const steer_wall_feelers *feelers,
                       V out_tips[3])
{
    if (!feelers) { /* no feelers: nothing felt, the tips at the agent */
        for (int f = 0; out_tips && f < 3; ++f) out_tips[f] = N(safe)(pos);
        return F(zero)();
    }
    if (!walls) count = 0;
    steer_v2 p = N(flat)(pos, feelers->up);
    steer_v2 dir = steer_v2_direction(N(flat)(vel, feelers->up), 0);
    if (steer_v2_len_sq(dir) == 0.0f) dir = steer_v2_make(1.0f, 0.0f);
    steer_v2 turn = steer_v2_from_angle(feelers->whisker_angle);
    steer_v2 tips[3] = {
        steer_v2_mad(p, dir, feelers->length),
        steer_v2_mad(p, steer_v2_rotate(dir, turn), feelers->whisker_length),
        steer_v2_mad(p, steer_v2_unrotate(dir, turn), feelers->whisker_length),
    };
    steer_v2 force = steer_v2_zero();
    for (int f = 0; f < 3; ++f) {
        steer_v2 ray = steer_v2_sub(tips[f], p);
        float nearest = 2.0f;
        steer_v2 normal = steer_v2_zero();
        for (int i = 0; i < count; ++i) {
            steer_v2 a = N(flat)(walls[i].a, feelers->up), b = N(flat)(walls[i].b, feelers->up);
            /* The crossing's fractions are ratios of products: in a frame
             * scaled by a power of two they are the same, and the products
             * stay in float range however large or small the geometry. */
            float k = range_scale(steer_maxf(steer_v2_max_abs(ray), steer_maxf(steer_v2_max_abs(a), steer_maxf(steer_v2_max_abs(b), steer_v2_max_abs(p)))));
            steer_v2 ray_k = steer_v2_scale(ray, k), along_k = steer_v2_sub(steer_v2_scale(b, k), steer_v2_scale(a, k));
            float denom = steer_v2_cross(ray_k, along_k);
            if (denom == 0.0f) continue; /* parallel or degenerate */
            steer_v2 ap = steer_v2_sub(steer_v2_scale(a, k), steer_v2_scale(p, k));
            float off = steer_v2_cross(ap, along_k);
            if (off == 0.0f) continue; /* it stands on the wall's line: no side yet, it takes the one it goes to */
            float s = off / denom; /* along the feeler */
            float u = steer_v2_cross(ap, ray_k) / denom;   /* along the wall */
            if (s >= 0.0f && s <= 1.0f && u >= 0.0f && u <= 1.0f && s < nearest) {
                nearest = s;
                normal = steer_v2_perp_left(steer_v2_direction(along_k, 0));
                if (steer_v2_dot(normal, ray) > 0.0f) normal = steer_v2_neg(normal);
            }
        }
        if (nearest <= 1.0f) force = steer_v2_mad(force, normal, (1.0f - nearest) * steer_v2_len(ray));
    }
    if (out_tips) {
        for (int f = 0; f < 3; ++f) out_tips[f] = N(safe)(N(lift)(tips[f], pos, feelers->up));
    }
    return N(safe)(N(lift)(force, F(zero)(), feelers->up));
}

/* Closest point on segment a-b to p (a for a zero-length segment). The
 * fraction t is found in a frame scaled by a power of two (exact), so that
 * its squares stay in float range at any scale. */
static steer_v2 N(closest_on_segment_flat)(steer_v2 a, steer_v2 b, steer_v2 p)
{
    float k = range_scale(steer_maxf(steer_v2_max_abs(p), steer_maxf(steer_v2_max_abs(a), steer_v2_max_abs(b))));
    steer_v2 ak = steer_v2_scale(a, k), ab = steer_v2_sub(steer_v2_scale(b, k), ak);
    float l2 = steer_v2_len_sq(ab);
    float t = l2 > 0.0f ? steer_clampf(steer_v2_dot(steer_v2_sub(steer_v2_scale(p, k), ak), ab) / l2, 0.0f, 1.0f) : 0.0f;
    return steer_v2_scale(steer_v2_mad(ak, ab, t), 1.0f / k);
}

V N(steer_follow_wall)(V pos, V vel, const N(steer_segment) *walls, int count,
                       const steer_wall_follow_params *params, float max_speed)
{
    if (!params) return F(zero)();
    if (!walls) count = 0;
    steer_v2 p = N(flat)(pos, params->up), v = N(flat)(vel, params->up);
    int best = -1;
    float best_dist = 0.0f;
    steer_v2 best_point = p;
    for (int i = 0; i < count; ++i) {
        steer_v2 q = N(closest_on_segment_flat)(N(flat)(walls[i].a, params->up), N(flat)(walls[i].b, params->up), p);
        float d = steer_v2_dist(p, q);
        if (d <= params->range && (best < 0 || d < best_dist)) {
            best = i;
            best_dist = d;
            best_point = q;
        }
    }
    if (best < 0) return F(zero)();
    steer_v2 normal = steer_v2_direction(steer_v2_sub(p, best_point), 0);
    if (steer_v2_len_sq(normal) == 0.0f) return F(zero)(); /* on the wall: no side to keep to */
    steer_v2 tangent = steer_v2_direction(steer_v2_sub(N(flat)(walls[best].b, params->up), N(flat)(walls[best].a, params->up)), 0);
    if (steer_v2_len_sq(tangent) == 0.0f) tangent = steer_v2_perp_left(normal);
    if (steer_v2_dot(tangent, v) < 0.0f) tangent = steer_v2_neg(tangent);
    steer_v2 desired = steer_v2_scale(tangent, max_speed);
    desired = steer_v2_mad(desired, normal, (params->desired_distance - best_dist) * params->gain);
    desired = steer_v2_truncate(desired, max_speed);
    return N(safe)(N(lift)(steer_v2_sub(desired, v), F(zero)(), params->up));
}

/* ---- paths and fields ------------------------------------------------- */
/* The closest point to pk (p scaled by k, a power of two) of segment s of
 * the path, unscaled (not finite where the segment's points are not), its
 * place t (0..1) along the segment and its squared distance in the scaled
 * frame. */
static inline V N(segment_closest)(const N(steer_path) *path, int s, V pk, float k, float *out_t, float *out_d2)
{
    V a = F(scale)(path->points[s], k), b = F(scale)(path->points[(s + 1) % path->count], k);
    V ab = F(sub)(b, a);
    float l2 = F(len_sq)(ab);
    float t = l2 > 0.0f ? F(dot)(F(sub)(pk, a), ab) / l2 : 0.0f;
    t = t > 0.0f ? steer_minf(t, 1.0f) : 0.0f; /* also NaN (Inf / Inf) -> 0 */
    V qk = F(mad)(a, ab, t);
    *out_t = t;
    *out_d2 = F(dist_sq)(pk, qk);
    return F(scale)(qk, 1.0f / k);
}

V N(steer_path_closest_point)(const N(steer_path) *path, V p, float *out_distance, int *out_segment, float *out_t)
{
    /* Non-finite input, or points passed as NULL, is treated like an empty
     * path; non-finite points and overflowing segments are skipped. */
    int count = path && path->points && F(is_valid)(p) ? path->count : 0;
    V best = N(safe)(p);
    float best_d2 = 0.0f, best_t = 0.0f;
    int best_seg = -1;
    if (count == 1 && F(is_valid)(path->points[0])) {
        best = path->points[0];
        best_d2 = F(dist_sq)(p, best);
        best_seg = 0;
    }
    int segments = count < 2 ? 0 : (path->closed ? count : count - 1);
    /* Squares are compared in a frame scaled by a power of two (exact; 1 for
     * ordinary coordinates), so they stay in float range at any scale. */
    float m = segments > 0 ? F(max_abs)(p) : 0.0f;
    for (int i = 0; i < count && segments > 0; ++i)
        if (F(is_valid)(path->points[i])) m = steer_maxf(m, F(max_abs)(path->points[i]));
    float k = range_scale(m);
    V pk = F(scale)(p, k);
    for (int s = 0; s < segments; ++s) {
        float t, d2;
        V q = N(segment_closest)(path, s, pk, k, &t, &d2);
        if (!F(is_valid)(q)) continue;
        if (best_seg < 0 || d2 < best_d2) {
            best = q;
            best_d2 = d2;
            best_seg = s;
            best_t = t;
        }
    }
    if (out_distance) *out_distance = best_seg < 0 ? 0.0f : steer_minf(F(dist)(p, best), FLT_MAX);
    if (out_segment) *out_segment = best_seg;
    if (out_t) *out_t = best_t;
    return best;
}

/* The point ahead_distance along the path from point (on segment seg),
 * walking on across corners and round a closed path; *passed_end says
 * whether an open path ended first (the point is then its last; an open
 * path of one point is all end). */
static V N(path_ahead)(const N(steer_path) *path, V point, int seg, float ahead_distance, bool *passed_end)
{
    int count = path->count;
    V target = point;
    float remaining = ahead_distance;
    *passed_end = false;
    for (int step = 0; step <= count && remaining > 0.0f; ++step) {
        int next = seg + 1;
        if (next >= count) {
            if (!path->closed) {
                *passed_end = true;
                break;
            }
            next = 0;
        }
        V end = path->points[next];
        float left;
        V dir = N(toward)(target, end, &left);
        if (left >= remaining) {
            target = F(mad)(target, dir, remaining);
            break;
        }
        remaining -= left;
        target = end;
        seg = next;
    }
    return target;
}

V N(steer_path_point_ahead)(const N(steer_path) *path, V p, float distance, int *out_segment, bool *out_passed_end)
{
    int seg = -1;
    bool passed_end = false;
    V point = N(steer_path_closest_point)(path, p, 0, &seg, 0);
    if (seg >= 0) {
        V ahead = N(path_ahead)(path, point, seg, distance, &passed_end);
        if (F(is_valid)(ahead)) point = ahead; /* beyond float range ahead: the closest point */
    }
    if (!F(is_valid)(point)) point = F(is_valid)(p) ? p : F(zero)(); /* a path of points not finite */
    if (out_segment) *out_segment = seg;
    if (out_passed_end) *out_passed_end = passed_end;
    return point;
}

V N(steer_path_track)(const N(steer_path) *path, V p, int *segment, float window, float distance, bool *out_passed_end)
{
    int count = path && path->points && F(is_valid)(p) ? path->count : 0;
    int segments = count < 2 ? 0 : (path->closed ? count : count - 1);
    int from = segment ? *segment : -1;
    if (from >= 0 && !F(is_valid)(p) && path && path->count >= 2) { /* no place to go on from: the progress stays */
        if (out_passed_end) *out_passed_end = false;
        return F(zero)();
    }
    if (segments == 0 || from < 0) { /* nothing to follow in order: from the nearest point */
        int seg = -1;
        V point = N(steer_path_point_ahead)(path, p, distance, &seg, out_passed_end);
        if (segment) *segment = seg;
        return point;
    }
    if (from >= segments) from = segments - 1;
    window = window > 0.0f ? window : 0.0f; /* also NaN */
    /* The segments in reach: `from`, and each next one while the way to its
     * start from `from`'s closest point is within the window (lengths as
     * N(toward) measures them, so at any scale); and the frame they are
     * compared in, scaled as steer_path_closest_point's. */
    V a = path->points[from], b = path->points[(from + 1) % count];
    float m = F(max_abs)(p), t0, d2;
    float k0 = range_scale(steer_maxf(m, F(is_valid)(a) && F(is_valid)(b) ? steer_maxf(F(max_abs)(a), F(max_abs)(b)) : 0.0f));
    V q0 = N(segment_closest)(path, from, F(scale)(p, k0), k0, &t0, &d2);
    float along = 0.0f;
    if (F(is_valid)(q0)) N(toward)(q0, b, &along);
    int reach = 1;
    while (reach < segments && (path->closed || from + reach < segments) && along <= window) {
        int s = (from + reach) % count;
        float length;
        N(toward)(path->points[s], path->points[(s + 1) % count], &length);
        along = along + length; /* Inf past float range: the window ends */
        ++reach;
    }
    for (int i = 0; i <= reach && i < count; ++i) {
        V point = path->points[(from + i) % count];
        if (F(is_valid)(point)) m = steer_maxf(m, F(max_abs)(point));
    }
    float k = range_scale(m), best_d2 = 0.0f;
    V pk = F(scale)(p, k), best = p;
    int best_seg = -1;
    for (int i = 0; i < reach; ++i) { /* a later segment wins a tie: at a corner the agent is on the next */
        int s = (from + i) % count;
        float t;
        V q = N(segment_closest)(path, s, pk, k, &t, &d2);
        if (!F(is_valid)(q)) continue;
        if (best_seg < 0 || d2 <= best_d2) {
            best = q;
            best_d2 = d2;
            best_seg = s;
        }
    }
    bool passed_end = false;
    if (best_seg >= 0) {
        V ahead = N(path_ahead)(path, best, best_seg, distance, &passed_end);
        if (F(is_valid)(ahead)) best = ahead;
    }
    *segment = best_seg >= 0 ? best_seg : from; /* no finite point in reach: where it was */
    if (out_passed_end) *out_passed_end = passed_end;
    return N(safe)(best);
}

V N(steer_follow_path)(V pos, V vel, const N(steer_path) *path, float predict_distance, float ahead_distance,
                       float max_speed)
{
    if (!path || path->count <= 0 || !path->points) return F(zero)();
    V predicted = F(mad)(pos, F(direction)(vel, 0), predict_distance);
    float dist;
    int seg;
    V point = N(steer_path_closest_point)(path, predicted, &dist, &seg, 0);
    if (dist <= path->radius) return F(zero)();
    bool passed_end;
    return N(steer_seek)(pos, vel, N(path_ahead)(path, point, seg, ahead_distance, &passed_end), max_speed);
}

/* Whether an open path's end is in reach of the agent (see
 * steer_follow_path_to_end): the path left from the agent's closest point is
 * no longer than reach, or the point ahead of the predicted point passes the
 * end. */
static bool N(path_end_in_reach)(V pos, V predicted, const N(steer_path) *path, float ahead_distance, float reach)
{
    int seg;
    V point = N(steer_path_closest_point)(path, pos, 0, &seg, 0);
    float left = 0.0f;
    for (int i = seg + 1; i < path->count && seg >= 0 && left <= reach; ++i) {
        float length;
        N(toward)(point, path->points[i], &length);
        left += length;
        point = path->points[i];
    }
    if (left <= reach) return true;
    point = N(steer_path_closest_point)(path, predicted, 0, &seg, 0);
    bool passed_end;
    N(path_ahead)(path, point, seg, ahead_distance, &passed_end);
    return passed_end;
}

V N(steer_follow_path_to_end)(V pos, V vel, const N(steer_path) *path, float predict_distance, float ahead_distance,
                              const steer_arrival *arrival, float max_speed)
{
    const steer_arrival none = {0};
    const steer_arrival *r = arrival ? arrival : &none;
    if (path && !path->closed && path->count > 0 && path->points) {
        V predicted = F(mad)(pos, F(direction)(vel, 0), predict_distance);
        if (N(path_end_in_reach)(pos, predicted, path, ahead_distance, N(braking_reach)(max_speed, r)))
            return N(steer_arrive_braking)(pos, vel, path->points[path->count - 1], max_speed, r);
    }
    return N(steer_follow_path)(pos, vel, path, predict_distance, ahead_distance, max_speed);
}

/* Clamps *index (the progress along the order) into the list and moves it
 * on past a waypoint closer than arrival_radius: never past the order's
 * last, or round to its first in a loop (of two points or more). Returns the
 * current waypoint's place in the list; *arrive: the order ends on it. */
static int N(waypoint_current)(V pos, const V *points, int count, int *index, float arrival_radius,
                               steer_waypoint_order order, bool *arrive)
{
    bool reverse = (order & STEER_WAYPOINTS_REVERSE) != 0;
    bool loop = (order & STEER_WAYPOINTS_LOOP) != 0 && count > 1;
    if (*index < 0) *index = 0;
    if (*index > count - 1) *index = count - 1;
    if ((loop || *index < count - 1) && F(dist)(pos, points[reverse ? count - 1 - *index : *index]) < arrival_radius)
        *index = *index < count - 1 ? *index + 1 : 0;
    *arrive = !loop && *index == count - 1;
    return reverse ? count - 1 - *index : *index;
}

V N(steer_follow_waypoints)(V pos, V vel, const V *points, int count, int *index, float arrival_radius,
                            float slow_radius, float max_speed)
{
    return N(steer_follow_waypoints_ordered)(pos, vel, points, count, index, arrival_radius, slow_radius, max_speed,
                                             STEER_WAYPOINTS_FORWARD);
}

V N(steer_follow_waypoints_ordered)(V pos, V vel, const V *points, int count, int *index, float arrival_radius,
                                    float slow_radius, float max_speed, steer_waypoint_order order)
{
    if (count <= 0 || !points || !index || (unsigned)order > STEER_WAYPOINTS_LOOP_REVERSE) return F(zero)();
    bool arrive;
    int at = N(waypoint_current)(pos, points, count, index, arrival_radius, order, &arrive);
    if (arrive) return N(steer_arrive)(pos, vel, points[at], max_speed, slow_radius);
    return N(steer_seek)(pos, vel, points[at], max_speed);
}

V N(steer_follow_waypoints_braking)(V pos, V vel, const V *points, int count, int *index, float arrival_radius,
                                    const steer_arrival *arrival, float max_speed)
{
    if (count <= 0 || !points || !index) return F(zero)();
    bool arrive;
    int at = N(waypoint_current)(pos, points, count, index, arrival_radius, STEER_WAYPOINTS_FORWARD, &arrive);
    if (arrive) return N(steer_arrive_braking)(pos, vel, points[at], max_speed, arrival);
    return N(steer_seek)(pos, vel, points[at], max_speed);
}

V N(steer_flow_field_sample)(const N(steer_flow_field) *field, V pos)
{
    if (!field || !field->vectors || !(field->cell_size > 0.0f) || field->nx < 1 || field->ny < 1) return F(zero)();
    int size[3] = {field->nx, field->ny, 1};
    if (STEER_DIM == 3 && field->nz > 1) size[2] = field->nz;
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    float frac[3] = {0.0f, 0.0f, 0.0f};
    V grid = F(scale)(F(sub)(pos, field->origin), 1.0f / field->cell_size);
    for (int axis = 0; axis < STEER_DIM; ++axis) {
        float g = F(get)(grid, axis);
        if (g != g) g = 0.0f; /* NaN; +-Inf clamp to the far / near edge */
        g = steer_clampf(g, 0.0f, (float)(size[axis] - 1));
        lo[axis] = (int)g;
        hi[axis] = lo[axis] + 1 < size[axis] ? lo[axis] + 1 : lo[axis];
        frac[axis] = g - (float)lo[axis];
    }
    V sum = F(zero)();
    for (int corner = 0; corner < (1 << STEER_DIM); ++corner) {
        float w = 1.0f;
        int at[3] = {0, 0, 0};
        for (int axis = 0; axis < STEER_DIM; ++axis) {
            bool upper = (corner >> axis) & 1;
            at[axis] = upper ? hi[axis] : lo[axis];
            w *= upper ? frac[axis] : 1.0f - frac[axis];
        }
        sum = F(mad)(sum, field->vectors[(at[2] * size[1] + at[1]) * size[0] + at[0]], w);
    }
    return N(safe)(sum);
}

V N(steer_follow_flow)(V pos, V vel, const N(steer_flow_field) *field, float predict_time, float max_speed)
{
    V at = predict_time > 0.0f ? F(mad)(pos, vel, predict_time) : pos;
    V desired = F(truncate)(F(scale)(N(steer_flow_field_sample)(field, at), max_speed), max_speed);
    return N(safe)(F(sub)(desired, vel));
}

V N(steer_contain)(V pos, V vel, N(steer_box) box, float margin, float max_speed)
{
    V force = F(zero)();
    for (int axis = 0; axis < STEER_DIM; ++axis)
        force = F(set)(force, axis,
                       steer__contain_axis(F(get)(pos, axis), F(get)(vel, axis), F(get)(box.min, axis),
                                           F(get)(box.max, axis), margin, margin, max_speed));
    return N(safe)(force);
}

/* ---- group tactics ---------------------------------------------------- */
/* (a + b) / 2 without overflow: halving first is exact, so this is the same
 * as halving the sum wherever the sum is finite. */
static inline V N(midpoint)(V a, V b) { return F(add)(F(scale)(a, 0.5f), F(scale)(b, 0.5f)); }

V N(steer_interpose)(V pos, V vel, V a_pos, V a_vel, V b_pos, V b_vel, float max_speed, float slow_radius)
{
    V mid = N(midpoint)(a_pos, b_pos);
    float dist;
    N(toward)(pos, mid, &dist);
    float t = max_speed > 0.0f ? dist / max_speed : 0.0f;
    if (!steer_is_finite(t)) t = 0.0f;
    V a = F(mad)(a_pos, a_vel, t), b = F(mad)(b_pos, b_vel, t);
    return N(steer_arrive)(pos, vel, N(midpoint)(a, b), max_speed, slow_radius);
}

V N(steer_hide)(V pos, V vel, V hunter_pos, V hunter_vel, const N(steer_obstacle) *obstacles, int count,
                float distance_from_boundary, float max_speed, float slow_radius, V *out_spot)
{
    if (!obstacles) count = 0;
    int best = -1;
    float best_d2 = 0.0f;
    V best_spot = pos;
    /* Squared distances compared in a frame scaled by a power of two (exact;
     * 1 for ordinary coordinates), so they stay in float range. */
    float m = F(max_abs)(pos);
    for (int i = 0; i < count; ++i)
        m = steer_maxf(m, F(max_abs)(obstacles[i].centre) + steer_absf(obstacles[i].radius + distance_from_boundary));
    float k = range_scale(m);
    for (int i = 0; i < count; ++i) {
        V away = N(toward)(hunter_pos, obstacles[i].centre, 0);
        if (F(len_sq)(away) == 0.0f) continue; /* hunter inside the centre: no "behind" */
        V spot = F(mad)(obstacles[i].centre, away, obstacles[i].radius + distance_from_boundary);
        float d2 = F(dist_sq)(F(scale)(pos, k), F(scale)(spot, k));
        if (best < 0 || d2 < best_d2) {
            best = i;
            best_d2 = d2;
            best_spot = spot;
        }
    }
    if (out_spot) *out_spot = N(safe)(best_spot);
    if (best < 0) return N(steer_evade)(pos, vel, hunter_pos, hunter_vel, max_speed, 0.0f, 0.0f);
    return N(steer_arrive)(pos, vel, best_spot, max_speed, slow_radius);
}

V N(steer_offset_pursuit)(V pos, V vel, V leader_pos, V leader_vel, V leader_heading, V offset, float max_speed,
                          float slow_radius)
{
    V station = F(add)(leader_pos, N(steer_local_to_world)(leader_heading, offset));
    float closing = max_speed + F(len)(leader_vel);
    float dist;
    N(toward)(pos, station, &dist);
    float t = closing > 0.0f ? dist / closing : 0.0f;
    if (!steer_is_finite(t)) t = 0.0f;
    return N(steer_arrive)(pos, vel, F(mad)(station, leader_vel, t), max_speed, slow_radius);
}

/* ---- orientation ------------------------------------------------------ */
V N(steer_turn_toward)(V from, V direction, float max_angle)
{
    V f = N(heading_or_x)(from);
    V d = F(direction)(direction, 0);
    if (F(len_sq)(d) == 0.0f) return f;
    float c = steer_clampf(F(dot)(f, d), -1.0f, 1.0f);
    V side = F(sub)(d, F(scale)(f, c));
    float angle = steer_atan2(F(len)(side), c);
    if (!(max_angle < angle)) return d; /* also for NaN max_angle: never stall */
    if (max_angle <= 0.0f) return f;
    /* Nearly opposite, side is a small difference of rounded terms and not
     * quite perpendicular to f: project once more so the turn stays exact. */
    V perp = F(normalize)(F(sub)(side, F(scale)(f, F(dot)(side, f))));
    if (F(len_sq)(perp) == 0.0f) perp = N(any_perp)(f);
    return N(heading_or_x)(F(add)(F(scale)(f, steer_cos(max_angle)), F(scale)(perp, steer_sin(max_angle))));
}

V N(steer_face)(V heading, V pos, V target, float max_turn_rate, float dt)
{
    float max_angle = max_turn_rate > 0.0f ? max_turn_rate * dt : 4.0f; /* > pi: turn at once */
    return N(steer_turn_toward)(heading, F(sub)(target, pos), max_angle);
}

V N(steer_look_where_going)(V heading, V vel, float max_turn_rate, float dt)
{
    float max_angle = max_turn_rate > 0.0f ? max_turn_rate * dt : 4.0f;
    return N(steer_turn_toward)(heading, vel, max_angle);
}

#undef V
#undef F
#undef N
#include "steer/detail/dim_end.h"
