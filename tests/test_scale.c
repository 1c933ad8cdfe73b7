/* Behaviours are scale-free: every output, for a scene whose lengths are all
 * multiplied by s, is s (or 1, or 1/s, as its units say) times the output at
 * s = 1, within 1e-5 relative, for s from 1e-18 to 1e18 (scale_template.h).
 * Then the float-range cases found by a differential test against another
 * library, each at a magnitude where the old code failed. */
#include "test_util.h"

static int scale_failures;

static void report_scale(const char *what, int dim, int trial, int exponent, double relative_error)
{
    ++check_failed;
    if (++scale_failures <= 20)
        fprintf(stderr, "%dD trial %d, s = 2^%d: %s off by %.3g relative\n", dim, trial, exponent, what,
                relative_error);
}

#define STEER_DIM 2
#include "scale_template.h"
#define STEER_DIM 3
#include "scale_template.h"

/* A length whose square underflows (below ~1e-19) or overflows (above
 * ~1.8e19) still comes out right. */
static void lengths_hold_at_any_magnitude(void)
{
    CHECK_NEAR(steer_v2_len(v2(3e-30f, 4e-30f)) / 5e-30f, 1.0, 1e-6);
    CHECK_NEAR(steer_v3_len(v3(0, 1e-40f, 0)) / 1e-40f, 1.0, 1e-4); /* subnormal */
    CHECK_NEAR(steer_v2_len(v2(3e30f, 4e30f)) / 5e30f, 1.0, 1e-6);
    CHECK(steer_v3_len(v3(2e38f, 2e38f, 2e38f)) == INFINITY); /* longer than FLT_MAX */
    float l;
    steer_v3 d = steer_v3_direction(v3(3e38f, -3e38f, 3e38f), &l);
    CHECK_NEAR(d.y, -0.57735027, 1e-6);
    CHECK(l == FLT_MAX);
    steer_v2 tiny = steer_v2_direction(v2(0, -1e-42f), &l);
    CHECK_V2_EQ(tiny, v2(0, -1));
    CHECK(l > 0.0f);
    CHECK_V2_EQ(steer_v2_direction(v2(0, 0), &l), v2(0, 0));
    CHECK(l == 0.0f);
    CHECK_V2_EQ(steer_v2_direction(v2(NAN, 1), 0), v2(0, 0));
    /* normalize keeps its threshold: below 1e-12 there is no direction. */
    CHECK_V2_EQ(steer_v2_normalize(v2(1e-13f, 0)), v2(0, 0));
    /* truncate with limits whose squares underflow. */
    steer_v2 t = steer_v2_truncate(v2(3e-25f, 4e-25f), 1e-25f);
    CHECK_NEAR(t.x / 6e-26f, 1.0, 1e-6);
    CHECK_NEAR(t.y / 8e-26f, 1.0, 1e-6);
}

/* arrive: max_speed * dist overflows long before the answer does. */
static void arrive_does_not_overflow_inside_the_slow_radius(void)
{
    steer_v2 f = steer_arrive2(v2(0, 0), v2(0, 0), v2(1e30f, 0), 1e20f, 2e30f);
    CHECK_NEAR(f.x / 5e19f, 1.0, 1e-6); /* half of max_speed at half the radius */
    CHECK(f.y == 0.0f);
    steer_v3 g = steer_arrive3(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, -1e-30f), 1e-30f, 4e-30f);
    CHECK_NEAR(g.z / -2.5e-31f, 1.0, 1e-6);
}

/* seek and flee toward a point whose difference overflows float. */
static void seek_and_flee_survive_an_overflowing_difference(void)
{
    steer_v2 f = steer_seek2(v2(-3e38f, 0), v2(1, 0), v2(3e38f, 0), 2.0f);
    CHECK_V2_EQ(f, v2(1, 0)); /* full speed +X, minus the velocity */
    /* The threat is ~6e38 away: beyond any panic distance, so no force. */
    steer_v2 g = steer_flee2(v2(3e38f, 0), v2(1, 0), v2(-3e38f, 0), 2.0f, 1e30f);
    CHECK_V2_EQ(g, v2(0, 0));
    steer_v3 h = steer_flee3(v3(0, 3e38f, 0), v3(0, 0, 0), v3(0, -3e38f, 0), 2.0f, 0.0f);
    CHECK_V3_EQ(h, v3(0, 2, 0));
}

/* Squared distances beyond 1.8e19 overflowed: the closest point, the
 * obstacle in the way and the hiding spot were picked wrong. */
static void geometry_picks_right_beyond_squared_float_range(void)
{
    const float s = 1e25f;
    steer_v2 pts[3] = {{0, 0}, {10 * s, 0}, {10 * s, 10 * s}};
    steer_path2 path = {pts, 3, false, 1 * s};
    float distance;
    int segment;
    steer_v2 q = steer_path_closest_point2(&path, v2(9 * s, 4 * s), &distance, &segment, 0);
    CHECK(segment == 1);
    CHECK_NEAR(q.x / (10 * s), 1.0, 1e-6);
    CHECK_NEAR(q.y / (4 * s), 1.0, 1e-6);
    CHECK_NEAR(distance / s, 1.0, 1e-5);

    steer_obstacle2 rock = {{5 * s, 0.5f * s}, 1 * s};
    steer_avoid_params ap = {10 * s, 0.1f * s, 1 * s, 0, 0, STEER_UP_Z};
    int engaged = -1;
    steer_v2 push = steer_avoid_obstacles2(v2(0, 0), v2(1 * s, 0), &rock, 1, &ap, &engaged);
    CHECK(engaged == 0);
    CHECK_NEAR(push.y / -s, 1.0, 1e-6); /* away from the rock, to the right */

    steer_obstacle2 cover[2] = {{{10 * s, 0}, 1 * s}, {{-10 * s, 0}, 1 * s}};
    steer_v2 spot;
    steer_hide2(v2(-12 * s, 0), v2(0, 0), v2(0, 0), v2(0, 0), cover, 2, 0.5f * s, 1 * s, 1 * s, &spot);
    CHECK_NEAR(spot.x / (-11.5f * s), 1.0, 1e-6); /* behind the near obstacle, not the far one */
}

/* Separation counted neighbours only beyond an absolute 1e-12. */
static void separation_is_the_same_at_a_tiny_scale(void)
{
    steer_v2 nb[2] = {{1, 0}, {0, 2}};
    steer_v2 unit = steer_separation2(v2(0, 0), nb, 2, 3.0f);
    const float s = 0x1p-50f;
    steer_v2 nb_s[2] = {{s, 0}, {0, 2 * s}};
    steer_v2 tiny = steer_separation2(v2(0, 0), nb_s, 2, 3 * s);
    CHECK_NEAR(tiny.x * s / unit.x, 1.0, 1e-6);
    CHECK_NEAR(tiny.y * s / unit.y, 1.0, 1e-6);
}

int main(void)
{
    outputs_scale_with_their_inputs2(0x5ca1e2u, 300);
    outputs_scale_with_their_inputs3(0x5ca1e3u, 300);
    lengths_hold_at_any_magnitude();
    arrive_does_not_overflow_inside_the_slow_radius();
    seek_and_flee_survive_an_overflowing_difference();
    geometry_picks_right_beyond_squared_float_range();
    separation_is_the_same_at_a_tiny_scale();
    return check_summary("test_scale");
}
