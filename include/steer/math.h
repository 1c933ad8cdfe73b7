/* steer/math.h — 2D and 3D float vectors, zero-safe and NaN-free.
 *
 *   steer_v2, steer_v3          plain value types, passed and returned by value
 *   steer_vN_make/add/sub/scale/mul/neg/dot      per-dimension primitives
 *   steer_vN_len/len_sq/dist/dist_sq            lengths (len and dist at any scale)
 *   steer_vN_direction          unit vector of any non-zero finite vector, any scale
 *   steer_vN_normalize          unit vector, or zero for a tiny (< 1e-12) or non-finite one
 *   steer_vN_truncate           cap the length
 *   steer_vN_lerp/mad/is_valid  interpolation, a + b*s, all components finite
 *   steer_v2_perp_left/right, steer_v2_rotate/unrotate, steer_v2_cross
 *   steer_v3_cross, steer_v3_any_perp
 *   steer_up_axis, steer_v3_to_z_up/from_z_up   Z-up (default) or Y-up, and the exact turn between them
 *   steer_sin/cos/atan2/exp2    portable scalar functions (bit-identical on every
 *                               platform, including WebAssembly)
 */
#ifndef STEER_MATH_H
#define STEER_MATH_H

#include <stdbool.h>
#include <stdint.h>
#include <float.h>
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STEER_PI 3.14159265358979323846f
/* Exact powers of two that bring a square back into float range: 2^100
 * and 2^-66, written in decimal for C++ before C++17 (no hexadecimal floats). */
#define STEER_RESCALE_TINY 1267650600228229401496703205376.0f
#define STEER_RESCALE_HUGE 1.3552527156068805425093160010874271392822265625e-20f

/* Below this squared length a vector counts as zero (has no direction). */
#define STEER_EPSILON_SQ 1e-24f

typedef struct steer_v2 { float x, y; } steer_v2;
typedef struct steer_v3 { float x, y, z; } steer_v3;

/* Portable scalar functions: polynomial approximations with the same
 * operations on every platform, so results do not depend on the libm. */
float steer_sin(float radians);                 /* |error| < 2e-7 */
float steer_cos(float radians);                 /* |error| < 2e-7 */
float steer_atan2(float y, float x);            /* radians in [-pi, pi]; (0,0) -> 0 */
float steer_exp2(float x);                      /* 2^x, relative error < 3e-7 where it is a normal float;
                                                   subnormal below 2^-126, 0 from 2^-150 down */
float steer_wrap_angle(float radians);          /* into [-pi, pi) */

/* false for NaN, +-Inf (a - a is NaN for them, 0 otherwise; no == here, for
 * users who build with -Wfloat-equal) */
static inline bool steer_is_finite(float a) { return a - a >= 0.0f && a - a <= 0.0f; }
static inline float steer_minf(float a, float b) { return a < b ? a : b; }
static inline float steer_maxf(float a, float b) { return a > b ? a : b; }
static inline float steer_clampf(float a, float lo, float hi) { return a < lo ? lo : (a > hi ? hi : a); }
static inline float steer_absf(float a) { return a < 0.0f ? -a : a; }

/* ---- per-dimension primitives ---------------------------------------- */
static inline steer_v2 steer_v2_make(float x, float y) { steer_v2 r = {x, y}; return r; }
static inline steer_v2 steer_v2_add(steer_v2 a, steer_v2 b) { return steer_v2_make(a.x + b.x, a.y + b.y); }
static inline steer_v2 steer_v2_sub(steer_v2 a, steer_v2 b) { return steer_v2_make(a.x - b.x, a.y - b.y); }
static inline steer_v2 steer_v2_scale(steer_v2 a, float s) { return steer_v2_make(a.x * s, a.y * s); }
static inline steer_v2 steer_v2_mul(steer_v2 a, steer_v2 b) { return steer_v2_make(a.x * b.x, a.y * b.y); }
static inline steer_v2 steer_v2_neg(steer_v2 a) { return steer_v2_make(-a.x, -a.y); }
static inline float steer_v2_dot(steer_v2 a, steer_v2 b) { return a.x * b.x + a.y * b.y; }
static inline float steer_v2_max_abs(steer_v2 a) { return steer_maxf(steer_absf(a.x), steer_absf(a.y)); }
static inline bool steer_v2_is_valid(steer_v2 a) { return steer_is_finite(a.x) && steer_is_finite(a.y); }
static inline float steer_v2_get(steer_v2 a, int axis) { return axis == 0 ? a.x : a.y; }
static inline steer_v2 steer_v2_set(steer_v2 a, int axis, float value) { if (axis == 0) a.x = value; else a.y = value; return a; }

static inline steer_v3 steer_v3_make(float x, float y, float z) { steer_v3 r = {x, y, z}; return r; }
static inline steer_v3 steer_v3_add(steer_v3 a, steer_v3 b) { return steer_v3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline steer_v3 steer_v3_sub(steer_v3 a, steer_v3 b) { return steer_v3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline steer_v3 steer_v3_scale(steer_v3 a, float s) { return steer_v3_make(a.x * s, a.y * s, a.z * s); }
static inline steer_v3 steer_v3_mul(steer_v3 a, steer_v3 b) { return steer_v3_make(a.x * b.x, a.y * b.y, a.z * b.z); }
static inline steer_v3 steer_v3_neg(steer_v3 a) { return steer_v3_make(-a.x, -a.y, -a.z); }
static inline float steer_v3_dot(steer_v3 a, steer_v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline float steer_v3_max_abs(steer_v3 a) { return steer_maxf(steer_maxf(steer_absf(a.x), steer_absf(a.y)), steer_absf(a.z)); }
static inline bool steer_v3_is_valid(steer_v3 a) { return steer_is_finite(a.x) && steer_is_finite(a.y) && steer_is_finite(a.z); }
static inline float steer_v3_get(steer_v3 a, int axis) { return axis == 0 ? a.x : (axis == 1 ? a.y : a.z); }
static inline steer_v3 steer_v3_set(steer_v3 a, int axis, float value) { if (axis == 0) a.x = value; else if (axis == 1) a.y = value; else a.z = value; return a; }

/* Lifting and flattening between the dimensions: 3D from 2D puts z = 0. */
static inline steer_v3 steer_v3_from_v2(steer_v2 a) { return steer_v3_make(a.x, a.y, 0.0f); }
static inline steer_v2 steer_v2_from_v3(steer_v3 a) { return steer_v2_make(a.x, a.y); }

/* ---- 2D only ---------------------------------------------------------- */
static inline steer_v2 steer_v2_perp_left(steer_v2 a) { return steer_v2_make(-a.y, a.x); }  /* +90 deg */
static inline steer_v2 steer_v2_perp_right(steer_v2 a) { return steer_v2_make(a.y, -a.x); } /* -90 deg */
static inline float steer_v2_cross(steer_v2 a, steer_v2 b) { return a.x * b.y - a.y * b.x; }
/* Rotate a by the unit vector q = (cos t, sin t); unrotate by its inverse. */
static inline steer_v2 steer_v2_rotate(steer_v2 a, steer_v2 q) { return steer_v2_make(q.x * a.x - q.y * a.y, q.y * a.x + q.x * a.y); }
static inline steer_v2 steer_v2_unrotate(steer_v2 a, steer_v2 q) { return steer_v2_make(q.x * a.x + q.y * a.y, -q.y * a.x + q.x * a.y); }
static inline steer_v2 steer_v2_from_angle(float radians) { return steer_v2_make(steer_cos(radians), steer_sin(radians)); }

/* ---- 3D only ---------------------------------------------------------- */
static inline steer_v3 steer_v3_cross(steer_v3 a, steer_v3 b)
{
    return steer_v3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* ---- lengths, directions, limits: 2D, then the same for 3D ------------
 * len         at any scale: a vector whose squared length would overflow
 *             or underflow is scaled by a power of two first (exact), so
 *             len((1e-30, 0)) is 1e-30 and len((1e30, 1e30)) 1.41e30;
 *             non-finite vectors give +Inf or NaN
 * direction   the unit vector along any finite non-zero vector, however
 *             long or short, and its length in *out_len (may be NULL;
 *             saturates at FLT_MAX); zero (length 0) for the zero vector or
 *             a non-finite one. The behaviours use it, so they work alike at
 *             every scale.
 * normalize_len  direction, but a vector shorter than sqrt(STEER_EPSILON_SQ)
 *             = 1e-12 counts as zero too: for values of order 1 whose tiny
 *             remainders are rounding noise (a direction is never invented
 *             from noise, never NaN)
 * truncate    a with its length capped at max_len, at any scale; max_len <= 0
 *             or a non-finite a gives zero */
static inline steer_v2 steer_v2_zero(void) { steer_v2 r = {0.0f, 0.0f}; return r; }
static inline steer_v2 steer_v2_mad(steer_v2 a, steer_v2 b, float s) { return steer_v2_add(a, steer_v2_scale(b, s)); } /* a + b*s */
static inline steer_v2 steer_v2_lerp(steer_v2 a, steer_v2 b, float t) { return steer_v2_add(a, steer_v2_scale(steer_v2_sub(b, a), t)); }
static inline float steer_v2_len_sq(steer_v2 a) { return steer_v2_dot(a, a); }
static inline float steer_v2_len(steer_v2 a)
{
    float l2 = steer_v2_dot(a, a);
    if (l2 >= FLT_MIN && l2 <= FLT_MAX) return sqrtf(l2);
    float k = l2 < FLT_MIN ? STEER_RESCALE_TINY : STEER_RESCALE_HUGE; /* exact: a power of two */
    steer_v2 s = steer_v2_scale(a, k);
    return sqrtf(steer_v2_dot(s, s)) / k;
}
static inline float steer_v2_dist(steer_v2 a, steer_v2 b) { return steer_v2_len(steer_v2_sub(a, b)); }
static inline float steer_v2_dist_sq(steer_v2 a, steer_v2 b) { return steer_v2_len_sq(steer_v2_sub(a, b)); }
static inline steer_v2 steer_v2_direction(steer_v2 a, float *out_len)
{
    float l2 = steer_v2_dot(a, a);
    float k = 1.0f;
    if (!(l2 >= FLT_MIN && l2 <= FLT_MAX)) {
        if (!steer_v2_is_valid(a) || !(steer_v2_max_abs(a) > 0.0f)) {
            if (out_len) *out_len = 0.0f;
            return steer_v2_zero();
        }
        k = l2 < FLT_MIN ? STEER_RESCALE_TINY : STEER_RESCALE_HUGE;
        a = steer_v2_scale(a, k);
        l2 = steer_v2_dot(a, a);
    }
    float l = sqrtf(l2);
    if (out_len) *out_len = steer_minf(l / k, FLT_MAX); /* saturates: never Inf */
    return steer_v2_scale(a, 1.0f / l);
}
static inline steer_v2 steer_v2_normalize_len(steer_v2 a, float *out_len)
{
    float l;
    steer_v2 d = steer_v2_direction(a, &l);
    if (!(l * l > STEER_EPSILON_SQ)) {
        l = 0.0f;
        d = steer_v2_zero();
    }
    if (out_len) *out_len = l;
    return d;
}
static inline steer_v2 steer_v2_normalize(steer_v2 a)
{
    float unused; /* not a null pointer: C++ warns of every spelling of one */
    return steer_v2_normalize_len(a, &unused);
}
static inline steer_v2 steer_v2_truncate(steer_v2 a, float max_len)
{
    if (!(max_len > 0.0f) || !steer_v2_is_valid(a)) return steer_v2_zero();
    float m2 = max_len * max_len, l2 = steer_v2_dot(a, a);
    bool squares_exact = m2 >= FLT_MIN && m2 <= FLT_MAX && l2 <= FLT_MAX;
    if (squares_exact ? l2 <= m2 : steer_v2_len(a) <= max_len) return a;
    float len;
    return steer_v2_scale(steer_v2_direction(a, &len), max_len);
}

static inline steer_v3 steer_v3_zero(void) { steer_v3 r = {0.0f, 0.0f, 0.0f}; return r; }
static inline steer_v3 steer_v3_mad(steer_v3 a, steer_v3 b, float s) { return steer_v3_add(a, steer_v3_scale(b, s)); } /* a + b*s */
static inline steer_v3 steer_v3_lerp(steer_v3 a, steer_v3 b, float t) { return steer_v3_add(a, steer_v3_scale(steer_v3_sub(b, a), t)); }
static inline float steer_v3_len_sq(steer_v3 a) { return steer_v3_dot(a, a); }
static inline float steer_v3_len(steer_v3 a)
{
    float l2 = steer_v3_dot(a, a);
    if (l2 >= FLT_MIN && l2 <= FLT_MAX) return sqrtf(l2);
    float k = l2 < FLT_MIN ? STEER_RESCALE_TINY : STEER_RESCALE_HUGE; /* exact: a power of two */
    steer_v3 s = steer_v3_scale(a, k);
    return sqrtf(steer_v3_dot(s, s)) / k;
}
static inline float steer_v3_dist(steer_v3 a, steer_v3 b) { return steer_v3_len(steer_v3_sub(a, b)); }
static inline float steer_v3_dist_sq(steer_v3 a, steer_v3 b) { return steer_v3_len_sq(steer_v3_sub(a, b)); }
static inline steer_v3 steer_v3_direction(steer_v3 a, float *out_len)
{
    float l2 = steer_v3_dot(a, a);
    float k = 1.0f;
    if (!(l2 >= FLT_MIN && l2 <= FLT_MAX)) {
        if (!steer_v3_is_valid(a) || !(steer_v3_max_abs(a) > 0.0f)) {
            if (out_len) *out_len = 0.0f;
            return steer_v3_zero();
        }
        k = l2 < FLT_MIN ? STEER_RESCALE_TINY : STEER_RESCALE_HUGE;
        a = steer_v3_scale(a, k);
        l2 = steer_v3_dot(a, a);
    }
    float l = sqrtf(l2);
    if (out_len) *out_len = steer_minf(l / k, FLT_MAX); /* saturates: never Inf */
    return steer_v3_scale(a, 1.0f / l);
}
static inline steer_v3 steer_v3_normalize_len(steer_v3 a, float *out_len)
{
    float l;
    steer_v3 d = steer_v3_direction(a, &l);
    if (!(l * l > STEER_EPSILON_SQ)) {
        l = 0.0f;
        d = steer_v3_zero();
    }
    if (out_len) *out_len = l;
    return d;
}
static inline steer_v3 steer_v3_normalize(steer_v3 a)
{
    float unused; /* not a null pointer: C++ warns of every spelling of one */
    return steer_v3_normalize_len(a, &unused);
}
static inline steer_v3 steer_v3_truncate(steer_v3 a, float max_len)
{
    if (!(max_len > 0.0f) || !steer_v3_is_valid(a)) return steer_v3_zero();
    float m2 = max_len * max_len, l2 = steer_v3_dot(a, a);
    bool squares_exact = m2 >= FLT_MIN && m2 <= FLT_MAX && l2 <= FLT_MAX;
    if (squares_exact ? l2 <= m2 : steer_v3_len(a) <= max_len) return a;
    float len;
    return steer_v3_scale(steer_v3_direction(a, &len), max_len);
}

/* ---- the up axis -------------------------------------------------------
 * The 3D behaviours that need a ground plane (planar wander, vertical walls,
 * a heading frame's up) take +Z as up by default; Y-up serves engines such
 * as Unity and Godot. Both frames are right-handed (as Godot's is); Unity's
 * is left-handed: negate z on the way in and out, or every "right" (keep
 * right, a left slot, wander's turn) is mirrored in its view. A Y-up call is the Z-up call on inputs turned to Z-up
 * and its result turned back: the turn only permutes and negates, so it is
 * exact and both share one code path. Any value but STEER_UP_Y counts as Z. */
typedef enum steer_up_axis {
    STEER_UP_Z = 0, /* ground XY, up +Z (zero: the default) */
    STEER_UP_Y = 1, /* ground XZ, up +Y */
} steer_up_axis;

/* The proper rotation from a frame with that up axis to Z-up, and back. For
 * Y-up, (x, y, z) -> (x, -z, y): +Y goes to +Z, +Z to -Y (right-handed
 * frames stay right-handed). The identity for Z-up. */
static inline steer_v3 steer_v3_to_z_up(steer_v3 v, steer_up_axis up)
{
    return up == STEER_UP_Y ? steer_v3_make(v.x, -v.z, v.y) : v;
}
static inline steer_v3 steer_v3_from_z_up(steer_v3 v, steer_up_axis up)
{
    return up == STEER_UP_Y ? steer_v3_make(v.x, v.z, -v.y) : v;
}

/* A unit vector perpendicular to the unit vector a, chosen stably: the
 * horizontal left of a when a is not vertical (so "up" stays +Z), else +Y. */
static inline steer_v3 steer_v3_any_perp(steer_v3 a)
{
    steer_v3 side = steer_v3_make(-a.y, a.x, 0.0f);
    if (steer_v3_len_sq(side) > 1e-12f) return steer_v3_normalize(side);
    return steer_v3_make(0.0f, 1.0f, 0.0f);
}

#ifdef __cplusplus
}
#endif
#endif
