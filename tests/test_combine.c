/* Combining forces: blend, priority, running sum, dithering,
 * smoothing and the hysteresis gate. */
#include "test_util.h"

#include <float.h>

/* ---- blend ---------------------------------------------------------------- */

static void blend_sums_weighted_forces_and_truncates(void)
{
    /* Worked example 7: (4,2) * 1 + (-3,6) * 2 = (-2,14), truncated to 10. */
    steer_v2 f[] = {{4, 2}, {-3, 6}};
    float w[] = {1.0f, 2.0f};
    steer_v2 b = steer_blend2(f, w, 2, 10.0f);
    CHECK_NEAR(b.x, -1.414, 0.0015);
    CHECK_NEAR(b.y, 9.899, 0.0015);
    CHECK_NEAR(steer_v2_len(b), 10.0, 1e-5);
    /* Under the limit: the plain weighted sum; NULL weights mean 1. */
    CHECK_V2_NEAR(steer_blend2(f, w, 2, 100.0f), v2(-2, 14), 1e-6);
    CHECK_V2_NEAR(steer_blend2(f, NULL, 2, 100.0f), v2(1, 8), 1e-6);
    steer_v3 g[] = {{1, 0, 0}, {0, 0, 2}};
    float u[] = {0.5f, -1.0f};
    CHECK_V3_NEAR(steer_blend3(g, u, 2, 10.0f), v3(0.5f, 0, -2), 1e-6);
    CHECK_V2_EQ(steer_blend2(NULL, NULL, 0, 10.0f), v2(0, 0));
}

static void blend_counts_non_finite_forces_as_zero(void)
{
    steer_v2 f[] = {{1, 0}, {NAN, 0}, {0, INFINITY}, {0, 2}};
    CHECK_V2_NEAR(steer_blend2(f, NULL, 4, 10.0f), v2(1, 2), 1e-6);
    float w[] = {1.0f, 1.0f, 1.0f, 1e38f}; /* (0, 2e38) is finite */
    steer_v2 b = steer_blend2(f, w, 4, 10.0f);
    CHECK(steer_v2_is_valid(b));
    CHECK_NEAR(steer_v2_len(b), 10.0, 1e-4);
    float big[] = {1.0f, 1.0f, 1.0f, 2e38f}; /* (0, 4e38) overflows: counts as zero */
    CHECK_V2_NEAR(steer_blend2(f, big, 4, 10.0f), v2(1, 0), 1e-6);
}

/* Depends on steer_vN_truncate handling a limit whose square overflows. */
static void blend_of_forces_whose_sum_overflows_stays_finite_and_capped(void)
{
    steer_v2 f[] = {{3e38f, 0}, {3e38f, 0}};
    steer_v2 b = steer_blend2(f, NULL, 2, 1e30f);
    CHECK(steer_v2_is_valid(b));
    CHECK(steer_v2_len(b) <= 1e30f * 1.000001f);
    steer_v3 g[] = {{0, 0, -3e38f}, {0, 0, -3e38f}};
    steer_v3 c = steer_blend3(g, NULL, 2, FLT_MAX);
    CHECK(steer_v3_is_valid(c));
}

/* ---- priority ------------------------------------------------------------- */

static void priority_takes_the_first_weighted_force_above_epsilon(void)
{
    steer_v2 f[] = {{0.05f, 0}, {3, 4}, {100, 0}};
    float w[] = {1.0f, 2.0f, 1.0f};
    int winner = 7;
    /* (0.05,0) is below 0.1; (3,4) * 2 = (6,8) wins, truncated to 5. */
    CHECK_V2_NEAR(steer_priority2(f, w, 3, 0.1f, 5.0f, &winner), v2(3, 4), 1e-6);
    CHECK(winner == 1);
    /* Weight decides: scaled up, the first passes. */
    float w2[] = {10.0f, 1.0f, 1.0f};
    CHECK_V2_NEAR(steer_priority2(f, w2, 3, 0.1f, 5.0f, &winner), v2(0.5f, 0), 1e-6);
    CHECK(winner == 0);
    /* Nothing above epsilon: zero and -1. */
    CHECK_V2_EQ(steer_priority2(f, NULL, 1, 0.1f, 5.0f, &winner), v2(0, 0));
    CHECK(winner == -1);
    /* Non-finite forces are skipped. */
    steer_v3 g[] = {{NAN, 0, 0}, {0, 0, 1}};
    CHECK_V3_NEAR(steer_priority3(g, NULL, 2, 0.1f, 5.0f, &winner), v3(0, 0, 1), 1e-6);
    CHECK(winner == 1);
    CHECK_V3_NEAR(steer_priority3(g, NULL, 2, 0.1f, 5.0f, NULL), v3(0, 0, 1), 1e-6);
}

/* ---- running sum ---------------------------------------------------------- */

static void running_sum_spends_the_budget_in_priority_order(void)
{
    steer_v2 f[] = {{3, 0}, {0, 4}, {5, 0}};
    /* (3,0) fits; (0,4) is cut to the 2 that remain; then 5 - |(3,2)| is left for (5,0). */
    steer_v2 r = steer_running_sum2(f, NULL, 3, 5.0f);
    float left = 5.0f - sqrtf(13.0f);
    CHECK_V2_NEAR(r, v2(3.0f + left, 2), 1e-5);
    CHECK(steer_v2_len(r) <= 5.0f * 1.000001f);
    /* Order matters: the big one first takes the whole budget. */
    steer_v2 g[] = {{5, 0}, {0, 4}, {3, 0}};
    CHECK_V2_NEAR(steer_running_sum2(g, NULL, 3, 5.0f), v2(5, 0), 1e-6);
    /* Small forces all fit. */
    steer_v2 h[] = {{1, 0}, {0, 1}};
    float w[] = {2.0f, -1.0f};
    CHECK_V2_NEAR(steer_running_sum2(h, w, 2, 5.0f), v2(2, -1), 1e-6);
    steer_v3 k[] = {{0, 0, 9}, {1, 0, 0}};
    CHECK_V3_NEAR(steer_running_sum3(k, NULL, 2, 2.0f), v3(0, 0, 2), 1e-6);
    CHECK_V2_EQ(steer_running_sum2(h, NULL, 2, 0.0f), v2(0, 0));
}

static void running_sum_never_exceeds_the_budget(void)
{
    steer_rng rng = steer_rng_make(17);
    bool within = true;
    for (int i = 0; i < 20000; ++i) {
        steer_v3 f[6];
        float w[6];
        int count = (int)(steer_rng_u32(&rng) % 7u);
        for (int j = 0; j < count; ++j) {
            f[j] = v3(steer_rng_range(&rng, -10, 10), steer_rng_range(&rng, -10, 10), steer_rng_range(&rng, -10, 10));
            w[j] = steer_rng_range(&rng, 0, 3);
        }
        float max_force = steer_rng_range(&rng, 0, 20);
        steer_v3 r = steer_running_sum3(f, w, count, max_force);
        within = within && steer_v3_len(r) <= max_force * 1.000001f;
    }
    CHECK(within);
    /* Also with limits so large that squaring them overflows. */
    steer_v2 huge[] = {{3e38f, 0}, {3e38f, 0}};
    steer_v2 r = steer_running_sum2(huge, NULL, 2, 1e30f);
    CHECK(steer_v2_is_valid(r));
    CHECK(steer_v2_len(r) <= 1e30f * 1.000001f);
}

/* ---- dithering ------------------------------------------------------------ */

typedef struct dither_behaviours {
    steer_v2 forces[4];
    int evaluated[4];
} dither_behaviours;

static steer_v2 evaluate_behaviour(int index, void *context)
{
    dither_behaviours *b = (dither_behaviours *)context;
    ++b->evaluated[index];
    return b->forces[index];
}

static void dither_draws_once_per_behaviour_tried_and_scales_by_weight_over_p(void)
{
    dither_behaviours b = {{{1, 0}, {0, 0}, {0, 1}, {3, 3}}, {0, 0, 0, 0}};
    float w[] = {1.0f, 1.0f, 2.0f, 1.0f};
    float p[] = {0.5f, 0.9f, 0.8f, 1.0f};
    /* 0: 0.7 >= 0.5 skipped (no evaluation); 1: 0.3 < 0.9 evaluated but zero;
     * 2: 0.1 < 0.8 evaluated, (0,1) * 2 / 0.8 wins. */
    const float draws[] = {0.7f, 0.3f, 0.1f};
    draw_counter dc = {0, draws, 3, {0, 0}};
    int winner = -7;
    steer_v2 f = steer_dither2(evaluate_behaviour, &b, w, p, 4, 0.01f, 10.0f, counting_random, &dc, &winner);
    CHECK_V2_NEAR(f, v2(0, 2.5f), 1e-6);
    CHECK(winner == 2);
    CHECK(dc.calls == 3);
    CHECK(b.evaluated[0] == 0 && b.evaluated[1] == 1 && b.evaluated[2] == 1 && b.evaluated[3] == 0);
    /* A behaviour with p <= 0 is never tried and draws nothing. */
    float never[] = {0.0f, -1.0f, 0.0f, 1.0f};
    dc.calls = 0;
    f = steer_dither2(evaluate_behaviour, &b, NULL, never, 4, 0.01f, 10.0f, counting_random, &dc, &winner);
    CHECK(dc.calls == 1);
    CHECK(winner == 3);
    CHECK_V2_NEAR(f, v2(3, 3), 1e-6);
    /* Truncated to max_force. */
    f = steer_dither2(evaluate_behaviour, &b, NULL, never, 4, 0.01f, 2.0f, counting_random, &dc, &winner);
    CHECK_NEAR(steer_v2_len(f), 2.0, 1e-6);
    /* None wins: zero, -1, one draw each. */
    float p1[] = {0.5f, 0.5f};
    const float high[] = {0.9f};
    draw_counter miss = {0, high, 1, {0, 0}};
    CHECK_V2_EQ(steer_dither2(evaluate_behaviour, &b, NULL, p1, 2, 0.01f, 10.0f, counting_random, &miss, &winner), v2(0, 0));
    CHECK(winner == -1);
    CHECK(miss.calls == 2);
}

static void dither_always_tries_a_behaviour_with_probability_one(void)
{
    /* steer_random_fn may return exactly 1. */
    dither_behaviours b = {{{0, 0}, {2, 0}, {0, 0}, {0, 0}}, {0, 0, 0, 0}};
    float p[] = {0.5f, 1.0f};
    const float one[] = {1.0f};
    draw_counter dc = {0, one, 1, {0, 0}};
    int winner;
    steer_v2 f = steer_dither2(evaluate_behaviour, &b, NULL, p, 2, 0.01f, 10.0f, counting_random, &dc, &winner);
    CHECK(winner == 1);
    CHECK_V2_NEAR(f, v2(2, 0), 1e-6);
    CHECK(dc.calls == 2);
    CHECK(b.evaluated[0] == 0 && b.evaluated[1] == 1);
}

static void dither_is_seeded_and_tries_each_with_its_probability(void)
{
    dither_behaviours b = {{{1, 0}, {0, 1}, {-1, 0}, {0, 0}}, {0, 0, 0, 0}};
    float p[] = {0.3f, 0.6f, 1.0f};
    steer_rng r1 = steer_rng_make(77), r2 = steer_rng_make(77);
    int wins[3] = {0, 0, 0};
    bool same = true;
    const int trials = 20000;
    for (int i = 0; i < trials; ++i) {
        int a, c;
        steer_v2 f1 = steer_dither2(evaluate_behaviour, &b, NULL, p, 3, 0.01f, 100.0f, steer_rng_float, &r1, &a);
        steer_v2 f2 = steer_dither2(evaluate_behaviour, &b, NULL, p, 3, 0.01f, 100.0f, steer_rng_float, &r2, &c);
        same = same && a == c && same_bits(&f1, &f2, sizeof f1);
        if (a >= 0) ++wins[a];
        /* The winner is scaled by weight / p. */
        if (a == 0) same = same && fabsf(f1.x - 1.0f / 0.3f) < 1e-5f;
    }
    CHECK(same);
    /* P(0) = 0.3, P(1) = 0.7 * 0.6 = 0.42, P(2) = 0.7 * 0.4 = 0.28. */
    CHECK_NEAR(wins[0] / (double)trials, 0.30, 0.015);
    CHECK_NEAR(wins[1] / (double)trials, 0.42, 0.015);
    CHECK_NEAR(wins[2] / (double)trials, 0.28, 0.015);
    CHECK(wins[0] + wins[1] + wins[2] == trials);
}

/* ---- smoothing ------------------------------------------------------------ */

static void smooth_lerps_toward_the_raw_force_each_step(void)
{
    /* Worked example 10 (vectors/smooth.txt). */
    const steer_v2 raw[] = {{5, 0}, {5, 0}, {-4, 3}, {-4, 3}, {5, 0}, {5, 0}};
    const steer_v2 want[] = {{5, 0}, {5, 0}, {2.3f, 0.9f}, {0.41f, 1.53f}, {1.787f, 1.071f}, {2.751f, 0.750f}};
    steer_v2 s = raw[0];
    for (int i = 0; i < 6; ++i) {
        s = steer_smooth2(s, raw[i], 0.3f);
        CHECK_V2_NEAR(s, want[i], 0.0015);
    }
    CHECK_V2_EQ(steer_smooth2(v2(1, 2), v2(5, 6), 1.0f), v2(5, 6));
    CHECK_V2_EQ(steer_smooth2(v2(1, 2), v2(5, 6), 0.0f), v2(1, 2));
    CHECK_V2_EQ(steer_smooth2(v2(1, 2), v2(5, 6), 7.0f), v2(5, 6));   /* k clamped to 1 */
    CHECK_V2_EQ(steer_smooth2(v2(1, 2), v2(5, 6), -1.0f), v2(1, 2));  /* and to 0 */
    CHECK_V3_NEAR(steer_smooth3(v3(0, 0, 0), v3(0, 0, 10), 0.25f), v3(0, 0, 2.5f), 1e-6);
}

static void smooth_counts_a_non_finite_raw_force_as_zero(void)
{
    CHECK_V2_NEAR(steer_smooth2(v2(4, 0), v2(NAN, 1), 0.5f), v2(2, 0), 1e-6);
    CHECK_V3_NEAR(steer_smooth3(v3(0, 4, 0), v3(0, INFINITY, 0), 0.25f), v3(0, 3, 0), 1e-6);
    /* A corrupted state recovers from the next raw force. */
    CHECK_V2_EQ(steer_smooth2(v2(NAN, 0), v2(1, 1), 0.5f), v2(1, 1));
    CHECK_V2_EQ(steer_smooth2(v2(NAN, 0), v2(NAN, 1), 0.5f), v2(0, 0));
}

static void smooth_dt_gives_the_same_result_for_any_split_of_the_step(void)
{
    steer_v2 s0 = v2(10, -4), raw = v2(-2, 6);
    steer_v2 one = steer_smooth_dt2(s0, raw, 0.3f, 0.2f);
    steer_v2 two = steer_smooth_dt2(steer_smooth_dt2(s0, raw, 0.3f, 0.1f), raw, 0.3f, 0.1f);
    CHECK_V2_NEAR(two, one, 1e-5);
    steer_v2 many = s0;
    for (int i = 0; i < 100; ++i) many = steer_smooth_dt2(many, raw, 0.3f, 0.002f);
    CHECK_V2_NEAR(many, one, 1e-4);
    /* After one half-life, half way; half_life <= 0 means no smoothing. */
    CHECK_V2_NEAR(steer_smooth_dt2(v2(0, 0), v2(2, 0), 0.5f, 0.5f), v2(1, 0), 1e-6);
    CHECK_V2_NEAR(steer_smooth_dt2(v2(0, 0), v2(2, 0), 0.5f, 1.5f), v2(1.75f, 0), 1e-6);
    CHECK_V2_EQ(steer_smooth_dt2(v2(0, 0), v2(2, 0), 0.0f, 0.1f), v2(2, 0));
    CHECK_V2_EQ(steer_smooth_dt2(v2(1, 0), v2(2, 0), 0.5f, 0.0f), v2(1, 0));
    steer_v3 a = steer_smooth_dt3(v3(0, 0, 8), v3(0, 0, 0), 1.0f, 2.0f);
    CHECK_V3_NEAR(a, v3(0, 0, 2), 1e-5);
}

/* ---- hysteresis ----------------------------------------------------------- */

static void hysteresis_turns_on_at_one_threshold_and_off_at_another(void)
{
    const float values[] = {0.2f, 0.5f, 0.79f, 0.8f, 0.5f, 0.31f, 0.3f, 0.29f, 0.5f, 0.79f, 0.9f};
    const bool want[] = {false, false, false, true, true, true, true, false, false, false, true};
    bool state = false, ok = true;
    for (int i = 0; i < 11; ++i) {
        bool r = steer_hysteresis(&state, values[i], 0.8f, 0.3f);
        ok = ok && r == want[i] && state == want[i];
    }
    CHECK(ok);
    state = true;
    CHECK(!steer_hysteresis(&state, -1.0f, 0.8f, 0.3f) && !state);
}

int main(void)
{
    blend_sums_weighted_forces_and_truncates();
    blend_counts_non_finite_forces_as_zero();
    blend_of_forces_whose_sum_overflows_stays_finite_and_capped();
    priority_takes_the_first_weighted_force_above_epsilon();
    running_sum_spends_the_budget_in_priority_order();
    running_sum_never_exceeds_the_budget();
    dither_draws_once_per_behaviour_tried_and_scales_by_weight_over_p();
    dither_always_tries_a_behaviour_with_probability_one();
    dither_is_seeded_and_tries_each_with_its_probability();
    smooth_lerps_toward_the_raw_force_each_step();
    smooth_counts_a_non_finite_raw_force_as_zero();
    smooth_dt_gives_the_same_result_for_any_split_of_the_step();
    hysteresis_turns_on_at_one_threshold_and_off_at_another();
    return check_summary("test_combine");
}
