/* steer/random.h — seeded randomness owned by the caller; no globals.
 *
 *   steer_rng                 PCG32 generator state (a plain struct you own)
 *   steer_rng_make(seed)      a generator; equal seeds give equal streams
 *   steer_rng_u32(rng)        next 32 random bits
 *   steer_rng_float(ctx)      uniform in [0, 1); matches steer_random_fn, so
 *                             pass (steer_rng_float, &rng) wherever a
 *                             behaviour draws
 *   steer_rng_range(rng,a,b)  uniform in [a, b)
 *   steer_random_fn           a caller's own generator: returns [0, 1]
 */
#ifndef STEER_RANDOM_H
#define STEER_RANDOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_rng {
    uint64_t state;
    uint64_t stream; /* odd increment; different seeds pick different streams */
} steer_rng;

/* A source of uniform numbers in [0, 1]. Behaviours that draw take one of
 * these with its context and call it a documented number of times. */
typedef float steer_random_fn(void *context);

steer_rng steer_rng_make(uint64_t seed);
uint32_t steer_rng_u32(steer_rng *rng);
float steer_rng_float(void *rng);                      /* context is a steer_rng* */
float steer_rng_range(steer_rng *rng, float lo, float hi);

#ifdef __cplusplus
}
#endif
#endif
