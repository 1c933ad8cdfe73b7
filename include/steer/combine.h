/* steer/combine.h — turning several behaviour forces into one.
 *
 *   steer_blendN        sum(weight_i * force_i), truncated to max_force
 *   steer_priorityN     the first weighted force longer than epsilon wins, truncated
 *   steer_running_sumN  weighted forces added in priority order until the
 *                       max_force budget is spent (the last one cut to fit)
 *   steer_ditherN       each behaviour evaluated with probability p_i (lazily,
 *                       through a callback), scaled by weight / p_i; first
 *                       non-zero wins. Exactly one draw per behaviour tried.
 *   steer_smoothN       s = lerp(s, raw, k), k in (0, 1], once per step
 *   steer_smooth_dtN    the same for variable steps: k = 1 - 2^(-dt / half_life)
 *   steer_hysteresis    a gate that turns on at one threshold and off at another
 *
 * weights may be NULL (all 1). Non-finite forces count as zero. forces
 * given as NULL are none (whatever count); dither with a NULL evaluate,
 * probabilities or random tries none. Every one of them then gives zero.
 */
#ifndef STEER_COMBINE_H
#define STEER_COMBINE_H

#include <stdbool.h>
#include "math.h"
#include "random.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Evaluates behaviour `index` on demand (dithering calls it lazily). */
typedef steer_v2 steer_force_fn2(int index, void *context);
typedef steer_v3 steer_force_fn3(int index, void *context);

/* priority and dither: out_winner (may be NULL) receives the winning index
 * or -1. dither: probabilities[i] in (0, 1]; a behaviour with p <= 0 is
 * never tried (and draws nothing). smooth_dt: k = 1 - 2^(-dt / half_life)
 * (half_life <= 0: k = 1, no smoothing). */
steer_v2 steer_blend2(const steer_v2 *forces, const float *weights, int count, float max_force);       /* weighted sum */
steer_v3 steer_blend3(const steer_v3 *forces, const float *weights, int count, float max_force);       /* weighted sum */
steer_v2 steer_priority2(const steer_v2 *forces, const float *weights, int count, float epsilon, float max_force, int *out_winner); /* first that acts */
steer_v3 steer_priority3(const steer_v3 *forces, const float *weights, int count, float epsilon, float max_force, int *out_winner); /* first that acts */
steer_v2 steer_running_sum2(const steer_v2 *forces, const float *weights, int count, float max_force); /* in order, to budget */
steer_v3 steer_running_sum3(const steer_v3 *forces, const float *weights, int count, float max_force); /* in order, to budget */
steer_v2 steer_dither2(steer_force_fn2 *evaluate, void *context, const float *weights, const float *probabilities, int count, float epsilon, float max_force, steer_random_fn *random, void *random_context, int *out_winner); /* one draw per try */
steer_v3 steer_dither3(steer_force_fn3 *evaluate, void *context, const float *weights, const float *probabilities, int count, float epsilon, float max_force, steer_random_fn *random, void *random_context, int *out_winner); /* one draw per try */
steer_v2 steer_smooth2(steer_v2 smoothed, steer_v2 raw, float k);                                  /* lerp(s, raw, k) */
steer_v3 steer_smooth3(steer_v3 smoothed, steer_v3 raw, float k);                                  /* lerp(s, raw, k) */
steer_v2 steer_smooth_dt2(steer_v2 smoothed, steer_v2 raw, float half_life, float dt);             /* by half-life */
steer_v3 steer_smooth_dt3(steer_v3 smoothed, steer_v3 raw, float half_life, float dt);             /* by half-life */

/* Returns the new state: off -> on when value >= on_at; on -> off when
 * value < off_at (choose off_at < on_at). */
bool steer_hysteresis(bool *state, float value, float on_at, float off_at);

#ifdef __cplusplus
}
#endif
#endif
