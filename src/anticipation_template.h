/* Private template: predictive avoidance of other agents (docs/model.md
 * §2.22-§2.24), compiled for STEER_DIM 2 and 3 by behaviours.c after
 * behaviours_template.h, whose helpers (safe, shorter_than) it uses; any_perpN and right_perpN come from behaviours.c, to_z_upN / from_z_upN from
 * up_axis.h. Only IEEE-exact operations and steer_exp2, so that a wide
 * kernel can reproduce these bits. */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )

/* The unit vector to the right of the unit heading h: (y, -x) in 2D; in 3D
 * h x up, horizontal (the Z-up frame's -any_perp; for a vertical h, -Y going
 * up and +Y going down: right_perpN). Zero for a zero heading. */
static inline V N(right_of)(V h)
{
    if (F(len_sq)(h) == 0.0f) return F(zero)();
    return N(right_perp)(h);
}

/* A neighbour's motion relative to the agent, measured in a frame scaled by
 * a power of two so that squares and products stay in float range: w = x_j
 * - x_i, v = v_i - v_j, both times scale; radius = the radius sum times
 * scale (pair_scale). */
typedef struct N(relative) {
    V w, v;
    float radius, scale;
} N(relative);

static N(relative) N(relative_motion)(V pos, V vel, V other_pos, V other_vel, float radius)
{
    N(relative) r;
    V w = F(sub)(other_pos, pos), v = F(sub)(vel, other_vel);
    float pre = 1.0f;
    if (!F(is_valid)(w) || !F(is_valid)(v)) { /* a difference overflowed (or an input is not finite) */
        pre = 0.5f;
        w = F(sub)(F(scale)(other_pos, 0.5f), F(scale)(pos, 0.5f));
        v = F(sub)(F(scale)(vel, 0.5f), F(scale)(other_vel, 0.5f));
        radius *= 0.5f;
    }
    float k = pair_scale(steer_maxf(steer_maxf(F(max_abs)(w), F(max_abs)(v)), steer_absf(radius)));
    r.w = F(scale)(w, k);
    r.v = F(scale)(v, k);
    r.radius = radius * k;
    r.scale = pre * k;
    return r;
}

/* The time to first contact from the scaled relative motion: the smaller
 * root of a t^2 - 2 b t + c = 0 as c / (b + sqrt(disc)), the same root as
 * (b - sqrt(disc)) / a without its cancellation (and with no division by a
 * tiny a). 0 in contact (c <= 0), -1 when they never touch (b <= 0: not
 * closing; disc <= 0: passing wide). *out_root receives sqrt(disc). */
static float N(contact_time)(N(relative) r, float *out_root)
{
    float a = F(len_sq)(r.v), b = F(dot)(r.w, r.v), c = F(len_sq)(r.w) - r.radius * r.radius;
    *out_root = 0.0f;
    if (!(c > 0.0f)) return c <= 0.0f ? 0.0f : -1.0f;
    float disc = b * b - a * c;
    if (!(b > 0.0f && disc > 0.0f && steer_is_finite(disc))) return -1.0f;
    float root = sqrtf(disc);
    *out_root = root;
    return c / (b + root);
}

float N(steer_time_to_collision)(V pos, V vel, V other_pos, V other_vel, float radius)
{
    float root;
    float tau = N(contact_time)(N(relative_motion)(pos, vel, other_pos, other_vel, radius), &root);
    return steer_is_finite(tau) ? tau : -1.0f;
}

/* Agent i's share of a pair's avoidance: 2 p_j / (p_i + p_j), written
 * p_j / (p_i / 2 + p_j / 2) so that it cannot overflow (the same bits
 * otherwise: halving is exact). A priority that is not a positive finite
 * number counts as 1. */
static inline float N(priority_or_one)(float p) { return p > 0.0f && p <= FLT_MAX ? p : 1.0f; }
static inline float N(share)(float own, float other)
{
    return other / (0.5f * own + 0.5f * other);
}

STEER_N(steer__anticipation_setup, ) STEER_N(steer__anticipation_begin, )(V pos, V vel, const steer_anticipation *params)
{
    STEER_N(steer__anticipation_setup, ) s;
    s.valid = params->max_force > 0.0f && F(is_valid)(pos) && F(is_valid)(vel);
    s.pos = N(to_z_up)(pos, params->up);
    s.vel = N(to_z_up)(vel, params->up);
    s.energy = params->k > 0.0f && params->tau0 > 0.0f && steer_is_finite(params->k) && steer_is_finite(params->tau0);
    s.rate = -1.44269504088896340736f / params->tau0;
    s.inv_tau0 = 1.0f / params->tau0;
    s.own = N(priority_or_one)(params->priority);
    float mass = params->mass > 0.0f && steer_is_finite(params->mass) ? params->mass : 1.0f;
    s.brake = params->dt > 0.0f && steer_is_finite(params->dt) ? mass / (2.0f * params->max_force * params->dt) : INFINITY;
    return s;
}

STEER_N(steer__anticipation_term, ) STEER_N(steer__anticipation_neighbour, )(const STEER_N(steer__anticipation_setup, ) *s,
                                                                       V other_pos, V other_vel, float other_radius,
                                                                       const float *priority,
                                                                       const steer_anticipation *params)
{
    STEER_N(steer__anticipation_term, ) t = {F(zero)(), F(zero)(), 0.0f, 0.0f, false, false};
    N(relative) r = N(relative_motion)(s->pos, s->vel, other_pos, other_vel, params->agent_radius + other_radius);
    float root, tau = N(contact_time)(r, &root), push, centrality = 0.0f;
    if (tau == 0.0f) {
        /* In contact: straight apart at full force; coincident, to the
         * agent's own right; coincident and moving alike, nothing can
         * tell the two apart (the agent itself in the list): skipped. */
        t.away = F(direction)(F(neg)(r.w), 0);
        if (F(len_sq)(t.away) == 0.0f) t.away = F(len_sq)(r.v) > 0.0f ? N(right_of)(F(direction)(s->vel, 0)) : F(zero)();
        push = 1.0f;
    } else if (tau > 0.0f && s->energy && !(params->horizon > 0.0f && tau > params->horizon)) {
        /* F = -grad_xi E for E = k tau^-2 exp(-tau/tau0): magnitude
         * k e^{-tau/tau0} (2/tau + 1/tau0) tau^-2 * R / sqrt(disc),
         * direction from j's point of contact to i's, -(w - tau v) / R.
         * In the scaled frame R / sqrt(disc) is 1 / r.scale of its
         * value, and k * r.scale keeps the product in float range. */
        t.away = F(direction)(F(sub)(F(scale)(r.v, tau), r.w), 0);
        float e = steer_exp2(tau * s->rate);
        float magnitude = params->k * r.scale * e * (2.0f / tau + s->inv_tau0) / (tau * tau) * (r.radius / root);
        push = magnitude / params->max_force;
        if (!(push <= 1.0f)) push = 1.0f; /* also Inf and NaN: the nearest contacts overflow */
        /* with a step: at most the agent's part of stopping the approach
         * along the contact's normal (-away) within it, half before the
         * share; twice that against a higher priority that comes at it
         * (it makes way; from one that stands, a rock say, it only stops:
         * backing off, it would be pulled back in, step after step). No
         * step: brake is Inf, and so is the cap (or NaN): no change */
        float cap = -F(dot)(r.v, t.away) / r.scale * s->brake;
        if (priority && s->own < N(priority_or_one)(*priority) && F(dot)(other_vel, t.away) > 0.0f) cap = cap * 2.0f;
        if (cap < push) push = cap;
        if (!(push > 0.0f)) push = 0.0f; /* a zero of either sign is +0 */
        /* sqrt(1 - miss^2 / R^2) = sqrt(disc) / (|v| R): 1 for a
         * collision straight at the other's centre, 0 for a graze */
        centrality = steer_minf(root / (F(len)(r.v) * r.radius), 1.0f);
        if (!steer_is_finite(centrality)) centrality = 0.0f;
    } else {
        return t;
    }
    float share = priority ? N(share)(s->own, N(priority_or_one)(*priority)) : 1.0f;
    t.used = true;
    t.weight = push * share;
    /* Keep right: a central collision pushes only along the relative
     * motion, which brakes both and never passes. Its centrality weighs
     * a push to the right of the relative motion; the other's relative
     * motion is the opposite, so is its right, and the two pass. A
     * grazing pair already has its side and gets none. */
    if (centrality > 0.0f) {
        t.sided = true;
        t.side = N(right_of)(F(direction)(r.v, 0));
        t.side_weight = t.weight * centrality;
    }
    return t;
}

V STEER_N(steer__anticipation_end, )(V sum, V bias, const steer_anticipation *params)
{
    if (params->keep_right > 0.0f) sum = F(mad)(sum, bias, params->keep_right);
    V force = F(scale)(F(truncate)(sum, 1.0f), params->max_force);
    return N(from_z_up)(N(safe)(force), params->up);
}

/* Pushes are summed in units of max_force, each at most 1 before its share,
 * so the sum stays in range for any max_force. */
V N(steer_anticipate)(V pos, V vel, const N(steer_neighbour) *neighbours, const float *priorities, int count,
                      const steer_anticipation *params)
{
    if (!params) return F(zero)();
    if (!neighbours) count = 0;
    STEER_N(steer__anticipation_setup, ) s = STEER_N(steer__anticipation_begin, )(pos, vel, params);
    if (!s.valid) return F(zero)();
    V sum = F(zero)(), bias = F(zero)();
    for (int j = 0; j < count; ++j) {
        V other_pos = N(to_z_up)(neighbours[j].pos, params->up), other_vel = N(to_z_up)(neighbours[j].vel, params->up);
        STEER_N(steer__anticipation_term, ) t = STEER_N(steer__anticipation_neighbour, )(&s, other_pos, other_vel,
                                                                                  neighbours[j].radius,
                                                                                  priorities ? &priorities[j] : 0, params);
        STEER_N(steer__anticipation_add, )(&sum, &bias, &t);
    }
    return STEER_N(steer__anticipation_end, )(sum, bias, params);
}

/* cos 45 degrees: headings closer than that to parallel or antiparallel are
 * the paper's parallel and head-on cases, the rest are crossings. */
#define STEER__CROSSING_COS 0.70710678118654752440f

V N(steer_avoid_neighbours)(V pos, V vel, const N(steer_neighbour) *neighbours, int count,
                            const steer_neighbour_avoidance *params, int *out_threat)
{
    if (out_threat) *out_threat = -1;
    if (!params) return F(zero)();
    if (!neighbours) count = 0;
    pos = N(to_z_up)(pos, params->up);
    vel = N(to_z_up)(vel, params->up);
    V heading = F(direction)(vel, 0);
    if (F(len_sq)(heading) == 0.0f || !F(is_valid)(pos)) return F(zero)();
    int best = -1;
    float best_time = 0.0f;
    V best_offset = F(zero)(), best_vel = F(zero)();
    float best_clearance = 0.0f;
    for (int j = 0; j < count; ++j) {
        V other_pos = N(to_z_up)(neighbours[j].pos, params->up), other_vel = N(to_z_up)(neighbours[j].vel, params->up);
        float clearance = params->agent_radius + neighbours[j].radius + steer_maxf(params->margin, 0.0f);
        /* relative_motion's w and v: closest approach at t* = b / a, when
         * the offset w - v t is shortest; parallel motion keeps today's. */
        N(relative) r = N(relative_motion)(pos, vel, other_pos, other_vel, clearance);
        float a = F(len_sq)(r.v), t = a > 0.0f ? F(dot)(r.w, r.v) / a : 0.0f;
        if (a == 0.0f && F(len_sq)(r.w) == 0.0f) continue; /* coincident and moving alike: the agent itself */
        if (!(t >= 0.0f && t <= params->horizon)) continue; /* also NaN */
        V offset = F(sub)(r.w, F(scale)(r.v, t)); /* where j will be at t*, seen from i then */
        if (!F(is_valid)(offset) || !N(shorter_than)(offset, r.radius)) continue;
        if (best < 0 || t < best_time) {
            best = j;
            best_time = t;
            best_offset = offset;
            best_clearance = r.radius;
            best_vel = other_vel;
        }
    }
    if (best < 0) return F(zero)();
    if (out_threat) *out_threat = best;
    V right = N(right_of)(heading);
    V lateral = F(sub)(best_offset, F(scale)(heading, F(dot)(best_offset, heading)));
    V threat_heading = F(direction)(best_vel, 0);
    float cos_headings = F(dot)(heading, threat_heading);
    V away;
    if (F(len_sq)(threat_heading) > 0.0f && steer_absf(cos_headings) < STEER__CROSSING_COS) {
        /* Crossing: away from the threat's place at t*, sideways and along
         * the heading: slow down to pass behind a threat that will be ahead,
         * speed up to pass ahead of one that will be behind. */
        away = F(direction)(F(neg)(best_offset), 0);
    } else {
        away = F(direction)(F(neg)(lateral), 0);
        if (cos_headings <= -STEER__CROSSING_COS) /* head-on: keep right, unless clearly to one side already */
            away = F(direction)(F(add)(F(scale)(F(neg)(lateral), 1.0f / best_clearance),
                                       F(scale)(right, steer_maxf(params->keep_right, 0.0f))), 0);
    }
    if (F(len_sq)(away) == 0.0f) away = right;
    return N(from_z_up)(N(safe)(F(scale)(away, params->max_force)), params->up);
}

#undef STEER__CROSSING_COS
#undef V
#undef F
#undef N
#include "steer/detail/dim_end.h"
