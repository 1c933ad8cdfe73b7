/* Steering behaviours, instantiated for 2D and 3D from one template
 * (behaviours_template.h; the predictive avoidance of other agents in
 * anticipation_template.h). Only the few truly dimension-specific helpers
 * live here. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/behaviours.h"
#include "up_axis.h"
#include "braking.h"
#include "contain.h"
#include "anticipation.h"

/* The template's definitions are compiled against the declarations written
 * out in steer/behaviours.h: a definition whose signature differs is a
 * conflicting-types error, and one the header does not declare is an error
 * too, so header and template cannot drift apart. */
#pragma GCC diagnostic error "-Wmissing-prototypes"

/* A unit vector perpendicular to the unit vector a: its left. */
static steer_v2 any_perp2(steer_v2 a) { return steer_v2_perp_left(a); }
static steer_v3 any_perp3(steer_v3 a) { return steer_v3_any_perp(a); }

/* The right of the unit vector a, the side other agents keep to (docs/model.md
 * §2.22): -any_perp, the horizontal right; of a vertical a, -Y going up and +Y
 * going down, so that two on one vertical line, one climbing and one
 * descending, turn apart (with -Y for both they went side by side for good). */
static steer_v2 right_perp2(steer_v2 a) { return steer_v2_neg(any_perp2(a)); }
static steer_v3 right_perp3(steer_v3 a)
{
    steer_v3 left = steer_v3_make(-a.y, a.x, 0.0f);
    if (steer_v3_len_sq(left) > 1e-12f) return steer_v3_neg(steer_v3_normalize(left));
    return steer_v3_neg(steer_v3_make(0.0f, a.z < 0.0f ? -1.0f : 1.0f, 0.0f));
}

/* (c, s) on the XY plane: the planar wander displacement. */
static steer_v2 planar2(float c, float s) { return steer_v2_make(c, s); }
static steer_v3 planar3(float c, float s) { return steer_v3_make(c, s, 0.0f); }

steer_v2 steer_local_to_world2(steer_v2 heading, steer_v2 local)
{
    steer_v2 fwd = steer_v2_direction(heading, 0);
    if (steer_v2_len_sq(fwd) == 0.0f) fwd = steer_v2_make(1.0f, 0.0f);
    steer_v2 r = steer_v2_add(steer_v2_scale(fwd, local.x), steer_v2_scale(steer_v2_perp_left(fwd), local.y));
    return steer_v2_is_valid(r) ? r : steer_v2_zero();
}

steer_v3 steer_local_to_world3(steer_v3 heading, steer_v3 local)
{
    steer_v3 fwd = steer_v3_direction(heading, 0);
    if (steer_v3_len_sq(fwd) == 0.0f) fwd = steer_v3_make(1.0f, 0.0f, 0.0f);
    steer_v3 left = steer_v3_any_perp(fwd);
    steer_v3 up = steer_v3_cross(fwd, left);
    steer_v3 r = steer_v3_scale(fwd, local.x);
    r = steer_v3_add(r, steer_v3_scale(left, local.y));
    r = steer_v3_add(r, steer_v3_scale(up, local.z));
    return steer_v3_is_valid(r) ? r : steer_v3_zero();
}

steer_v3 steer_local_to_world3_up(steer_v3 heading, steer_v3 local, steer_up_axis up)
{
    return steer_v3_from_z_up(steer_local_to_world3(steer_v3_to_z_up(heading, up), local), up);
}

/* The functions without params, for another up axis: the Z-up call on the
 * turned inputs, turned back (a local offset is in the frame's own axes,
 * its z along up, and is not turned). */
steer_v3 steer_turn_toward3_up(steer_v3 from, steer_v3 direction, float max_angle, steer_up_axis up)
{
    return steer_v3_from_z_up(steer_turn_toward3(steer_v3_to_z_up(from, up), steer_v3_to_z_up(direction, up), max_angle), up);
}

steer_v3 steer_face3_up(steer_v3 heading, steer_v3 pos, steer_v3 target, float max_turn_rate, float dt, steer_up_axis up)
{
    return steer_v3_from_z_up(steer_face3(steer_v3_to_z_up(heading, up), steer_v3_to_z_up(pos, up),
                                          steer_v3_to_z_up(target, up), max_turn_rate, dt),
                              up);
}

steer_v3 steer_look_where_going3_up(steer_v3 heading, steer_v3 vel, float max_turn_rate, float dt, steer_up_axis up)
{
    return steer_v3_from_z_up(
        steer_look_where_going3(steer_v3_to_z_up(heading, up), steer_v3_to_z_up(vel, up), max_turn_rate, dt), up);
}

steer_v3 steer_offset_pursuit3_up(steer_v3 pos, steer_v3 vel, steer_v3 leader_pos, steer_v3 leader_vel,
                                  steer_v3 leader_heading, steer_v3 offset, float max_speed, float slow_radius,
                                  steer_up_axis up)
{
    return steer_v3_from_z_up(steer_offset_pursuit3(steer_v3_to_z_up(pos, up), steer_v3_to_z_up(vel, up),
                                                    steer_v3_to_z_up(leader_pos, up), steer_v3_to_z_up(leader_vel, up),
                                                    steer_v3_to_z_up(leader_heading, up), offset, max_speed, slow_radius),
                              up);
}

/* Walls stand along the up axis in 3D: wall geometry works on the ground
 * plane, as the XY coordinates of the point turned to Z-up; lift puts a
 * ground point back at like's height and turns it back. */
static steer_v2 flat2(steer_v2 a, steer_up_axis up) { (void)up; return a; }
static steer_v2 flat3(steer_v3 a, steer_up_axis up) { return steer_v2_from_v3(steer_v3_to_z_up(a, up)); }
static steer_v2 lift2(steer_v2 a, steer_v2 like, steer_up_axis up) { (void)like; (void)up; return a; }
static steer_v3 lift3(steer_v2 a, steer_v3 like, steer_up_axis up)
{
    return steer_v3_from_z_up(steer_v3_make(a.x, a.y, steer_v3_to_z_up(like, up).z), up);
}

/* A power of two that brings m (a largest magnitude) near 1 when m is
 * beyond 2^-e..2^e (bound = 2^e), so that powers of such magnitudes stay
 * in float range; 1 otherwise, so that ordinary inputs keep their exact
 * arithmetic. Scaling by a power of two is exact: the results are the same
 * bits wherever the unscaled arithmetic neither overflows nor underflows. */
static inline float pow2_scale(float m, float bound)
{
    if (!(m > bound || (m < 1.0f / bound && m > 0.0f)) || !steer_is_finite(m)) return 1.0f;
    int e;
    frexpf(m, &e);
    return ldexpf(1.0f, e > 100 ? -100 : (e < -100 ? 100 : -e)); /* k and 1/k stay normal floats */
}
/* for squares and products of magnitudes (the behaviours' geometry) */
static inline float range_scale(float m) { return pow2_scale(m, 0x1p40f); }
/* for fourth powers (anticipation's discriminant: b^2 and a c) */
static inline float pair_scale(float m) { return pow2_scale(m, 0x1p20f); }

#define STEER_DIM 2
#include "behaviours_template.h"
#define STEER_DIM 3
#include "behaviours_template.h"
#define STEER_DIM 2
#include "anticipation_template.h"
#define STEER_DIM 3
#include "anticipation_template.h"


steer_v3 steer_wander_sphere3(steer_v3 pos, steer_v3 vel, steer_wander_sphere *state,
                              const steer_wander_params *params, float max_speed, float dt,
                              steer_random_fn *random, void *random_context, steer_v3 *out_target)
{
    if (!state || !params) { /* no state or no sphere: no wander */
        if (out_target) *out_target = steer_v3_is_valid(pos) ? pos : steer_v3_zero();
        return steer_v3_zero();
    }
    pos = steer_v3_to_z_up(pos, params->up);
    vel = steer_v3_to_z_up(vel, params->up);
    if (!steer_is_finite(state->azimuth)) state->azimuth = 0.0f;
    if (!steer_is_finite(state->elevation)) state->elevation = 0.0f;
    if (random) {
        float step = params->jitter * dt;
        float du = (random(random_context) * 2.0f - 1.0f) * step;
        float dv = (random(random_context) * 2.0f - 1.0f) * step;
        if (steer_is_finite(du)) state->azimuth = steer_wrap_angle(state->azimuth + du);
        if (steer_is_finite(dv)) state->elevation += dv;
    }
    /* kept in range also when the jitter overflows (or no random is given) */
    state->azimuth = steer_wrap_angle(state->azimuth);
    state->elevation = steer_clampf(state->elevation, -0.5f * STEER_PI, 0.5f * STEER_PI);
    float ce = steer_cos(state->elevation);
    steer_v3 local = steer_v3_make(ce * steer_cos(state->azimuth), ce * steer_sin(state->azimuth),
                                   steer_sin(state->elevation));
    steer_v3 heading = steer_v3_direction(vel, 0);
    steer_v3 centre = steer_v3_mad(pos, heading, params->distance);
    steer_v3 target = steer_v3_mad(centre, steer_local_to_world3(vel, local), params->radius);
    if (out_target) *out_target = steer_v3_from_z_up(steer_v3_is_valid(target) ? target : steer_v3_zero(), params->up);
    return steer_v3_from_z_up(steer_seek3(pos, vel, target, max_speed), params->up);
}
