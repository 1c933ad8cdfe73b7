/* Internal template: combiner declarations for one dimension. */
#include "dim_begin.h"

/* Evaluates behaviour `index` on demand (used by dithering). */
typedef STEER_V STEER_N(steer_force_fn, )(int index, void *context);

STEER_V STEER_N(steer_blend, )(const STEER_V *forces, const float *weights, int count, float max_force);
/* out_winner (may be NULL) receives the winning index or -1. */
STEER_V STEER_N(steer_priority, )(const STEER_V *forces, const float *weights, int count, float epsilon,
                                  float max_force, int *out_winner);
STEER_V STEER_N(steer_running_sum, )(const STEER_V *forces, const float *weights, int count, float max_force);
/* probabilities[i] in (0, 1]; a behaviour with p <= 0 is never tried (and
 * draws nothing). */
STEER_V STEER_N(steer_dither, )(STEER_N(steer_force_fn, ) *evaluate, void *context, const float *weights,
                                const float *probabilities, int count, float epsilon, float max_force,
                                steer_random_fn *random, void *random_context, int *out_winner);
STEER_V STEER_N(steer_smooth, )(STEER_V smoothed, STEER_V raw, float k);
STEER_V STEER_N(steer_smooth_dt, )(STEER_V smoothed, STEER_V raw, float half_life, float dt);

#include "dim_end.h"
