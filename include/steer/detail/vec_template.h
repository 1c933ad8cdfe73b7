/* Internal template: N-generic vector functions, instantiated by steer/math.h
 * for N = 2 and N = 3 (no include guard on purpose). */
#include "dim_begin.h"

static inline STEER_V STEER_F(zero)(void) { STEER_V r = {0}; return r; }
static inline STEER_V STEER_F(mad)(STEER_V a, STEER_V b, float s) { return STEER_F(add)(a, STEER_F(scale)(b, s)); }
static inline float STEER_F(len_sq)(STEER_V a) { return STEER_F(dot)(a, a); }

/* Length without overflow: a vector whose squared length overflows float is
 * scaled down by 2^-64 first. Non-finite vectors give +Inf or NaN. */
static inline float STEER_F(len)(STEER_V a)
{
    float l2 = STEER_F(dot)(a, a);
    if (l2 <= FLT_MAX) return sqrtf(l2);
    STEER_V s = STEER_F(scale)(a, 0x1p-64f);
    return sqrtf(STEER_F(dot)(s, s)) * 0x1p64f;
}
static inline float STEER_F(dist)(STEER_V a, STEER_V b) { return STEER_F(len)(STEER_F(sub)(a, b)); }
static inline float STEER_F(dist_sq)(STEER_V a, STEER_V b) { return STEER_F(len_sq)(STEER_F(sub)(a, b)); }

/* Unit vector along a; stores the length in *out_len (may be NULL; FLT_MAX
 * for a finite vector longer than that). A vector shorter than
 * sqrt(STEER_EPSILON_SQ), or not finite, gives zero (and length 0): a
 * direction is never invented and never NaN. */
static inline STEER_V STEER_F(normalize_len)(STEER_V a, float *out_len)
{
    float l = STEER_F(len)(a);
    if (!(l * l > STEER_EPSILON_SQ) || !STEER_F(is_valid)(a)) {
        if (out_len) *out_len = 0.0f;
        return STEER_F(zero)();
    }
    if (out_len) *out_len = l <= FLT_MAX ? l : FLT_MAX; /* saturates: never Inf */
    if (!(l <= FLT_MAX)) { /* finite, but longer than FLT_MAX: scale down first */
        a = STEER_F(scale)(a, 0x1p-64f);
        l = STEER_F(len)(a);
    }
    return STEER_F(scale)(a, 1.0f / l);
}
static inline STEER_V STEER_F(normalize)(STEER_V a) { return STEER_F(normalize_len)(a, 0); }

/* a with its length capped at max_len (max_len <= 0 gives zero). A
 * non-finite vector gives zero. */
static inline STEER_V STEER_F(truncate)(STEER_V a, float max_len)
{
    if (!(max_len > 0.0f) || !STEER_F(is_valid)(a)) return STEER_F(zero)();
    float m2 = max_len * max_len;
    if (m2 <= FLT_MAX ? STEER_F(dot)(a, a) <= m2 : STEER_F(len)(a) <= max_len) return a;
    return STEER_F(scale)(STEER_F(normalize)(a), max_len);
}

static inline STEER_V STEER_F(lerp)(STEER_V a, STEER_V b, float t)
{
    return STEER_F(add)(a, STEER_F(scale)(STEER_F(sub)(b, a), t));
}

#include "dim_end.h"
