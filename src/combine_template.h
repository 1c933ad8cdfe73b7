/* Private template: combiners for one dimension (see combine.c). */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )

static inline V N(weighted)(const V *forces, const float *weights, int i)
{
    V f = weights ? F(scale)(forces[i], weights[i]) : forces[i];
    return F(is_valid)(f) ? f : F(zero)();
}

V N(steer_blend)(const V *forces, const float *weights, int count, float max_force)
{
    if (!forces) count = 0;
    V sum = F(zero)();
    for (int i = 0; i < count; ++i) sum = F(add)(sum, N(weighted)(forces, weights, i));
    return F(truncate)(sum, max_force);
}

V N(steer_priority)(const V *forces, const float *weights, int count, float epsilon, float max_force,
                    int *out_winner)
{
    if (out_winner) *out_winner = -1;
    if (!forces) count = 0;
    for (int i = 0; i < count; ++i) {
        V f = N(weighted)(forces, weights, i);
        if (F(len_sq)(f) > epsilon * epsilon) {
            if (out_winner) *out_winner = i;
            return F(truncate)(f, max_force);
        }
    }
    return F(zero)();
}

V N(steer_running_sum)(const V *forces, const float *weights, int count, float max_force)
{
    if (!forces) count = 0;
    V total = F(zero)();
    for (int i = 0; i < count; ++i) {
        float remaining = max_force - F(len)(total);
        if (!(remaining > 0.0f)) break;
        total = F(add)(total, F(truncate)(N(weighted)(forces, weights, i), remaining));
    }
    return F(truncate)(total, max_force); /* guards rounding at the budget's edge */
}

V N(steer_dither)(N(steer_force_fn) *evaluate, void *context, const float *weights, const float *probabilities,
                  int count, float epsilon, float max_force, steer_random_fn *random, void *random_context,
                  int *out_winner)
{
    if (out_winner) *out_winner = -1;
    if (!evaluate || !probabilities || !random) count = 0;
    for (int i = 0; i < count; ++i) {
        float p = probabilities[i];
        if (!(p > 0.0f)) continue;
        /* p >= 1 always evaluates, even when random() returns exactly 1. */
        if (!(random(random_context) < p) && p < 1.0f) continue;
        V f = F(scale)(evaluate(i, context), (weights ? weights[i] : 1.0f) / p);
        if (F(is_valid)(f) && F(len_sq)(f) > epsilon * epsilon) {
            if (out_winner) *out_winner = i;
            return F(truncate)(f, max_force);
        }
    }
    return F(zero)();
}

V N(steer_smooth)(V smoothed, V raw, float k)
{
    if (!F(is_valid)(raw)) raw = F(zero)(); /* a non-finite force counts as zero */
    V s = F(lerp)(smoothed, raw, steer_clampf(k, 0.0f, 1.0f));
    return F(is_valid)(s) ? s : raw;
}

V N(steer_smooth_dt)(V smoothed, V raw, float half_life, float dt)
{
    float k = half_life > 0.0f ? 1.0f - steer_exp2(-dt / half_life) : 1.0f;
    return N(steer_smooth)(smoothed, raw, k);
}

#undef V
#undef F
#undef N
#include "steer/detail/dim_end.h"
