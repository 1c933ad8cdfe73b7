/* steer/math.h and steer/random.h: zero-safe normalise, truncate, lengths
 * without overflow, and the portable sin/cos/atan2/exp2 against libm. */
#include "test_util.h"

#include <float.h>

static void normalize_of_zero_is_zero_with_length_zero(void)
{
    float len = -1.0f;
    CHECK_V2_EQ(steer_v2_normalize_len(v2(0, 0), &len), v2(0, 0));
    CHECK(len == 0.0f);
    len = -1.0f;
    CHECK_V3_EQ(steer_v3_normalize_len(v3(0, 0, 0), &len), v3(0, 0, 0));
    CHECK(len == 0.0f);
    CHECK_V2_EQ(steer_v2_normalize(v2(-0.0f, 0.0f)), v2(0, 0));
}

static void normalize_of_tiny_vectors_is_zero_not_an_invented_direction(void)
{
    /* Below sqrt(STEER_EPSILON_SQ) = 1e-12 a vector has no direction. */
    CHECK_V2_EQ(steer_v2_normalize(v2(1e-13f, 0)), v2(0, 0));
    CHECK_V2_EQ(steer_v2_normalize(v2(1e-30f, -1e-30f)), v2(0, 0));
    CHECK_V2_EQ(steer_v2_normalize(v2(FLT_TRUE_MIN, FLT_TRUE_MIN)), v2(0, 0));
    CHECK_V3_EQ(steer_v3_normalize(v3(1e-20f, 1e-20f, 1e-20f)), v3(0, 0, 0));
    /* Just above the threshold the direction is kept. */
    steer_v2 n = steer_v2_normalize(v2(1e-11f, 0));
    CHECK_NEAR(n.x, 1.0, 1e-7);
    CHECK(n.y == 0.0f);
    steer_v3 m = steer_v3_normalize(v3(0, 0, -1e-11f));
    CHECK_NEAR(m.z, -1.0, 1e-7);
}

/* The last checks need normalize_len to scale a finite vector whose length
 * overflows. */
static void normalize_of_huge_vectors_is_unit(void)
{
    float len;
    steer_v2 n = steer_v2_normalize_len(v2(1e30f, 1e30f), &len);
    CHECK_NEAR(n.x, 0.70710678, 1e-6);
    CHECK_NEAR(n.y, 0.70710678, 1e-6);
    CHECK_NEAR(len / 1.41421356e30, 1.0, 1e-6);
    steer_v3 m = steer_v3_normalize(v3(1e30f, -1e30f, 1e30f));
    CHECK_NEAR(steer_v3_len(m), 1.0, 1e-6);
    CHECK_NEAR(m.y, -0.57735027, 1e-6);
    /* A finite vector whose length exceeds FLT_MAX still has a direction. */
    steer_v2 h = steer_v2_normalize(v2(3e38f, 3e38f));
    CHECK_NEAR(h.x, 0.70710678, 1e-6);
    CHECK_NEAR(h.y, 0.70710678, 1e-6);
    steer_v3 g = steer_v3_normalize(v3(-FLT_MAX, 0, FLT_MAX));
    CHECK_NEAR(g.x, -0.70710678, 1e-6);
    CHECK_NEAR(g.z, 0.70710678, 1e-6);
}

static void normalize_of_non_finite_vectors_is_zero(void)
{
    float len = -1.0f;
    CHECK_V2_EQ(steer_v2_normalize_len(v2(NAN, 1), &len), v2(0, 0));
    CHECK(len == 0.0f);
    CHECK_V2_EQ(steer_v2_normalize(v2(INFINITY, 0)), v2(0, 0));
    CHECK_V2_EQ(steer_v2_normalize(v2(-INFINITY, INFINITY)), v2(0, 0));
    CHECK_V3_EQ(steer_v3_normalize(v3(1, 2, NAN)), v3(0, 0, 0));
    CHECK_V3_EQ(steer_v3_normalize(v3(1, -INFINITY, 3)), v3(0, 0, 0));
}

static void len_does_not_overflow_for_huge_components(void)
{
    CHECK_NEAR(steer_v2_len(v2(1e30f, 1e30f)) / 1.41421356e30, 1.0, 1e-6);
    CHECK_NEAR(steer_v2_len(v2(-1e30f, 0)) / 1e30, 1.0, 1e-6);
    CHECK_NEAR(steer_v3_len(v3(1e30f, 1e30f, 1e30f)) / 1.7320508e30, 1.0, 1e-6);
    CHECK_NEAR(steer_v2_len(v2(3e38f, 0)) / 3e38, 1.0, 1e-6);
    CHECK_NEAR(steer_v2_dist(v2(1e30f, 0), v2(-1e30f, 0)) / 2e30, 1.0, 1e-6);
    CHECK_NEAR(steer_v3_dist(v3(0, 1e30f, 0), v3(0, 0, 1e30f)) / 1.41421356e30, 1.0, 1e-6);
    /* Ordinary lengths are the plain formula. */
    CHECK(steer_v2_len(v2(3, 4)) == 5.0f);
    CHECK(steer_v3_len(v3(2, 3, 6)) == 7.0f);
    /* Documented: non-finite vectors give +Inf or NaN. */
    CHECK(!steer_is_finite(steer_v2_len(v2(INFINITY, 0))));
}

static void truncate_keeps_short_vectors_and_caps_long_ones(void)
{
    CHECK_V2_EQ(steer_v2_truncate(v2(0.3f, -0.4f), 1.0f), v2(0.3f, -0.4f));
    CHECK_V2_EQ(steer_v2_truncate(v2(0.6f, 0.8f), 1.0f), v2(0.6f, 0.8f));
    steer_v2 t = steer_v2_truncate(v2(30, -40), 2.0f);
    CHECK_NEAR(t.x, 1.2, 1e-6);
    CHECK_NEAR(t.y, -1.6, 1e-6);
    steer_v3 u = steer_v3_truncate(v3(2, 3, 6), 3.5f);
    CHECK_NEAR(u.x, 1.0, 1e-6);
    CHECK_NEAR(u.y, 1.5, 1e-6);
    CHECK_NEAR(u.z, 3.0, 1e-6);
    /* A huge vector is capped (its squared length overflows). */
    steer_v2 h = steer_v2_truncate(v2(1e30f, -1e30f), 1.0f);
    CHECK_NEAR(h.x, 0.70710678, 1e-6);
    CHECK_NEAR(h.y, -0.70710678, 1e-6);
}

static void truncate_with_non_positive_limit_is_zero(void)
{
    CHECK_V2_EQ(steer_v2_truncate(v2(1, 1), 0.0f), v2(0, 0));
    CHECK_V2_EQ(steer_v2_truncate(v2(1, 1), -3.0f), v2(0, 0));
    CHECK_V2_EQ(steer_v2_truncate(v2(1, 1), NAN), v2(0, 0));
    CHECK_V3_EQ(steer_v3_truncate(v3(1, 1, 1), -0.0f), v3(0, 0, 0));
}

/* Also with a limit whose square overflows (an early return once let Inf
 * through). */
static void truncate_of_non_finite_vector_is_zero(void)
{
    CHECK_V2_EQ(steer_v2_truncate(v2(NAN, 0), 1.0f), v2(0, 0));
    CHECK_V2_EQ(steer_v2_truncate(v2(INFINITY, 0), 1.0f), v2(0, 0));
    CHECK_V3_EQ(steer_v3_truncate(v3(0, -INFINITY, 0), 5.0f), v3(0, 0, 0));
    /* Also when the limit is so large that its square overflows. */
    CHECK_V2_EQ(steer_v2_truncate(v2(INFINITY, 0), 1e30f), v2(0, 0));
    CHECK_V3_EQ(steer_v3_truncate(v3(0, 0, -INFINITY), FLT_MAX), v3(0, 0, 0));
    CHECK_V2_EQ(steer_v2_truncate(v2(NAN, NAN), INFINITY), v2(0, 0));
}

/* Same root cause as above: max_len * max_len overflows to Inf and every
 * vector then counts as short enough. */
static void truncate_caps_even_when_the_limit_squared_overflows(void)
{
    steer_v2 t = steer_v2_truncate(v2(1e30f, 1e30f), 1e20f);
    CHECK(steer_v2_len(t) <= 1e20f * 1.000001f);
    CHECK_NEAR(t.x / 7.0710678e19, 1.0, 1e-6);
    steer_v3 u = steer_v3_truncate(v3(3e38f, 3e38f, 0), 1e30f);
    CHECK(steer_v3_is_valid(u));
    CHECK(steer_v3_len(u) <= 1e30f * 1.000001f);
}

static void lerp_mad_and_is_valid(void)
{
    CHECK_V2_EQ(steer_v2_lerp(v2(0, 10), v2(4, 2), 0.25f), v2(1, 8));
    CHECK_V3_EQ(steer_v3_mad(v3(1, 2, 3), v3(1, -1, 2), 2.0f), v3(3, 0, 7));
    CHECK(steer_v2_is_valid(v2(FLT_MAX, -FLT_MAX)));
    CHECK(!steer_v2_is_valid(v2(NAN, 0)));
    CHECK(!steer_v3_is_valid(v3(0, 0, INFINITY)));
    CHECK(steer_is_finite(0.0f) && !steer_is_finite(-INFINITY) && !steer_is_finite(NAN));
}

static void rotate_and_unrotate_are_inverse_and_perp_is_ninety_degrees(void)
{
    steer_v2 q = steer_v2_from_angle(0.7f);
    steer_v2 a = v2(2.5f, -1.25f);
    CHECK_V2_NEAR(steer_v2_unrotate(steer_v2_rotate(a, q), q), a, 1e-6);
    steer_v2 r = steer_v2_rotate(v2(1, 0), steer_v2_from_angle(STEER_PI / 2));
    CHECK_V2_NEAR(r, v2(0, 1), 1e-7);
    CHECK_V2_EQ(steer_v2_perp_left(v2(1, 0)), v2(0, 1));
    CHECK_V2_EQ(steer_v2_perp_right(v2(1, 0)), v2(0, -1));
    CHECK(steer_v2_cross(v2(1, 0), v2(0, 1)) == 1.0f);
    CHECK_V3_EQ(steer_v3_cross(v3(1, 0, 0), v3(0, 1, 0)), v3(0, 0, 1));
}

static void any_perp_is_unit_perpendicular_and_horizontal_unless_vertical(void)
{
    steer_v3 dirs[] = {v3(1, 0, 0), v3(0, 1, 0), v3(0.6f, 0, 0.8f), v3(0.48f, 0.64f, 0.6f), v3(0, 0, 1), v3(0, 0, -1)};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; ++i) {
        steer_v3 p = steer_v3_any_perp(dirs[i]);
        CHECK_NEAR(steer_v3_len(p), 1.0, 1e-6);
        CHECK_NEAR(steer_v3_dot(p, dirs[i]), 0.0, 1e-6);
        CHECK(p.z == 0.0f); /* "up" stays +Z */
    }
    CHECK_V3_EQ(steer_v3_any_perp(v3(1, 0, 0)), v3(0, 1, 0)); /* the left of +X */
    CHECK_V3_EQ(steer_v3_any_perp(v3(0, 0, 1)), v3(0, 1, 0));
}

/* |steer_sin - sin| and |steer_cos - cos| over every 1/512 in [-4096, 4096]
 * plus large and huge arguments; documented bound 2e-7. */
static void sin_and_cos_match_libm_within_2e_7(void)
{
    double worst = 0.0;
    for (int i = -(4096 * 512); i <= 4096 * 512; ++i) {
        float x = (float)i * (1.0f / 512.0f);
        worst = fmax(worst, fabs((double)steer_sin(x) - sin((double)x)));
        worst = fmax(worst, fabs((double)steer_cos(x) - cos((double)x)));
    }
    CHECK(worst < 2e-7);
    /* A dense sweep of odd offsets too (the grid above hits binary fractions). */
    worst = 0.0;
    for (int i = 0; i < 2000000; ++i) {
        float x = -10.0f + (float)i * 1.0000037e-5f;
        worst = fmax(worst, fabs((double)steer_sin(x) - sin((double)x)));
        worst = fmax(worst, fabs((double)steer_cos(x) - cos((double)x)));
    }
    CHECK(worst < 2e-7);
    /* Large arguments (a long-running wander angle) and huge ones. */
    worst = 0.0;
    steer_rng rng = steer_rng_make(99);
    for (int i = 0; i < 200000; ++i) {
        float x = powf(10.0f, steer_rng_range(&rng, 3.5f, 38.5f));
        if (!steer_is_finite(x)) continue;
        if (i & 1) x = -x;
        worst = fmax(worst, fabs((double)steer_sin(x) - sin((double)x)));
        worst = fmax(worst, fabs((double)steer_cos(x) - cos((double)x)));
    }
    CHECK(worst < 2e-7);
    CHECK(steer_sin(0.0f) == 0.0f);
    CHECK(steer_cos(0.0f) == 1.0f);
    CHECK(steer_sin(NAN) == steer_sin(NAN) && steer_is_finite(steer_cos(INFINITY)));
}

/* Around circles of radius 1e-30, 1, 1e30 and on the axes; the error stays
 * within 2 ulp of pi (4.8e-7). */
static void atan2_matches_libm_over_the_full_circle(void)
{
    const float radii[] = {1e-30f, 1e-3f, 1.0f, 3.0f, 1e30f};
    double worst = 0.0;
    bool in_range = true;
    for (size_t r = 0; r < sizeof radii / sizeof radii[0]; ++r) {
        for (int i = 0; i < 400000; ++i) {
            double a = -3.14159265358979 + (double)i * (6.28318530717959 / 400000.0);
            float y = (float)(sin(a) * radii[r]), x = (float)(cos(a) * radii[r]);
            float got = steer_atan2(y, x);
            double want = atan2((double)y, (double)x);
            double err = fabs((double)got - want);
            if (err > 3.14) err = fabs(err - 6.283185307179586); /* +pi vs -pi on the cut */
            worst = fmax(worst, err);
            in_range = in_range && got >= -STEER_PI && got <= STEER_PI;
        }
    }
    CHECK(worst < 4.8e-7);
    CHECK(in_range);
    CHECK(steer_atan2(0.0f, 0.0f) == 0.0f);
    CHECK_NEAR(steer_atan2(1.0f, 0.0f), 1.5707963, 1e-7);
    CHECK_NEAR(steer_atan2(-1.0f, 0.0f), -1.5707963, 1e-7);
    CHECK_NEAR(steer_atan2(0.0f, -1.0f), 3.14159265, 3e-7);
    CHECK_NEAR(steer_atan2(FLT_MAX, 1e-30f), 1.5707963, 1e-7); /* y/x overflows */
    CHECK(steer_atan2(NAN, 1.0f) == 0.0f);
    CHECK(steer_atan2(1.0f, INFINITY) == 0.0f);
}

/* Relative error < 3e-7 wherever 2^x is a normal float: [-126, 128). */
static void exp2_matches_libm_with_relative_error_below_3e_7(void)
{
    double worst = 0.0;
    for (int i = 0; i < 2540000; ++i) {
        float x = -126.0f + (float)i * 1e-4f;
        if (x >= 128.0f) break;
        double want = exp2((double)x);
        double got = (double)steer_exp2(x);
        if (want > FLT_MAX) continue;
        worst = fmax(worst, fabs(got - want) / want);
    }
    CHECK(worst < 3e-7);
    bool exact = true;
    for (int k = -126; k <= 127; ++k) exact = exact && steer_exp2((float)k) == ldexpf(1.0f, k);
    CHECK(exact); /* integer powers are exact */
    float top = nextafterf(128.0f, 0.0f);
    CHECK(steer_is_finite(steer_exp2(top)));
    CHECK_NEAR(steer_exp2(127.9f) / exp2((double)127.9f), 1.0, 3e-7); /* just below 2^128: still finite */
    CHECK(steer_exp2(0.0f) == 1.0f);
    /* below 2^-126: subnormal, within the polynomial's relative error and
     * half of the smallest subnormal (one rounding), then 0; never FLT_MIN
     * for a power far below it */
    bool subnormal_ok = true;
    for (float x = -126.0f; x > -152.0f; x -= 0.013f) {
        double want = exp2((double)x);
        subnormal_ok = subnormal_ok && fabs((double)steer_exp2(x) - want) <= 0x1p-150 + 3e-7 * want;
    }
    CHECK(subnormal_ok);
    CHECK(steer_exp2(-149.0f) == 0x1p-149f && steer_exp2(-140.0f) == 0x1p-140f);
    CHECK(steer_exp2(-200.0f) == 0.0f && steer_exp2(-INFINITY) == 0.0f);
    CHECK(steer_exp2(NAN) == 1.0f);
    CHECK(steer_is_finite(steer_exp2(INFINITY)) && steer_is_finite(steer_exp2(-INFINITY)));
}

static void wrap_angle_lands_in_minus_pi_to_pi_and_keeps_the_direction(void)
{
    const float angles[] = {0.0f, 1.0f, -1.0f, 3.2f, -3.2f, 7.0f, -7.0f, 100.0f, -1000.5f, 12345.0f, STEER_PI, -STEER_PI};
    for (size_t i = 0; i < sizeof angles / sizeof angles[0]; ++i) {
        float w = steer_wrap_angle(angles[i]);
        CHECK(w >= -STEER_PI && w < STEER_PI);
        /* a + pi is rounded to a's precision first: allow ~ulp(a). */
        double tol = 1e-6 + 1e-7 * fabs((double)angles[i]);
        CHECK_NEAR(sin((double)w), sin((double)angles[i]), tol);
        CHECK_NEAR(cos((double)w), cos((double)angles[i]), tol);
    }
    CHECK(steer_wrap_angle(1.25f) == 1.25f); /* already in range: untouched */
    CHECK(steer_wrap_angle(NAN) == 0.0f);
    CHECK(steer_wrap_angle(INFINITY) == 0.0f);
}

static void rng_is_seeded_uniform_and_in_range(void)
{
    steer_rng a = steer_rng_make(42), b = steer_rng_make(42), c = steer_rng_make(43);
    int differ = 0, same = 0, float_in_range = 0, range_in_range = 0;
    double sum = 0.0;
    for (int i = 0; i < 100000; ++i) {
        uint32_t x = steer_rng_u32(&a);
        same += x == steer_rng_u32(&b);
        differ += x != steer_rng_u32(&c);
        float f = steer_rng_float(&a);
        (void)steer_rng_float(&b);
        float_in_range += f >= 0.0f && f < 1.0f;
        sum += f;
        float r = steer_rng_range(&a, -2.0f, 3.0f);
        (void)steer_rng_range(&b, -2.0f, 3.0f);
        range_in_range += r >= -2.0f && r < 3.0f;
    }
    CHECK(same == 100000);
    CHECK(float_in_range == 100000);
    CHECK(range_in_range == 100000);
    CHECK(differ > 99000);
    CHECK_NEAR(sum / 100000.0, 0.5, 0.01);
}

/* The header writes its rescaling powers of two in decimal (C++ before 17
 * has no hexadecimal floats): they must be exactly 2^100 and 2^-66. */
static void rescaling_constants_are_exact_powers_of_two(void)
{
    CHECK(STEER_RESCALE_TINY == ldexpf(1.0f, 100));
    CHECK(STEER_RESCALE_HUGE == ldexpf(1.0f, -66));
}

int main(void)
{
    rescaling_constants_are_exact_powers_of_two();
    normalize_of_zero_is_zero_with_length_zero();
    normalize_of_tiny_vectors_is_zero_not_an_invented_direction();
    normalize_of_huge_vectors_is_unit();
    normalize_of_non_finite_vectors_is_zero();
    len_does_not_overflow_for_huge_components();
    truncate_keeps_short_vectors_and_caps_long_ones();
    truncate_with_non_positive_limit_is_zero();
    truncate_of_non_finite_vector_is_zero();
    truncate_caps_even_when_the_limit_squared_overflows();
    lerp_mad_and_is_valid();
    rotate_and_unrotate_are_inverse_and_perp_is_ninety_degrees();
    any_perp_is_unit_perpendicular_and_horizontal_unless_vertical();
    sin_and_cos_match_libm_within_2e_7();
    atan2_matches_libm_over_the_full_circle();
    exp2_matches_libm_with_relative_error_below_3e_7();
    wrap_angle_lands_in_minus_pi_to_pi_and_keeps_the_direction();
    rng_is_seeded_uniform_and_in_range();
    return check_summary("test_math");
}
