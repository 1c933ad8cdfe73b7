/* steer/combine.h — turning several behaviour forces into one (SPEC §3).
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
 * weights may be NULL (all 1). Non-finite forces count as zero.
 */
#ifndef STEER_COMBINE_H
#define STEER_COMBINE_H

#include <stdbool.h>
#include "math.h"
#include "random.h"

#ifdef __cplusplus
extern "C" {
#endif

#define STEER_DIM 2
#include "detail/combine_template.h"
#define STEER_DIM 3
#include "detail/combine_template.h"

/* Returns the new state: off -> on when value >= on_at; on -> off when
 * value < off_at (choose off_at < on_at). */
bool steer_hysteresis(bool *state, float value, float on_at, float off_at);

#ifdef __cplusplus
}
#endif
#endif
