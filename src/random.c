/* PCG32 (O'Neill 2014): 64-bit LCG state, xorshift-rotate output. Small,
 * fast, statistically good, and trivially reproducible. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/random.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

steer_rng steer_rng_make(uint64_t seed)
{
    steer_rng rng;
    uint64_t mix = seed;
    rng.state = splitmix64(&mix);
    rng.stream = splitmix64(&mix) | 1u;
    steer_rng_u32(&rng);
    return rng;
}

uint32_t steer_rng_u32(steer_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ull + rng->stream;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

float steer_rng_float(void *rng)
{
    /* 24 random bits: every value exactly representable, never 1.0. */
    return (float)(steer_rng_u32((steer_rng *)rng) >> 8) * 0x1p-24f;
}

float steer_rng_range(steer_rng *rng, float lo, float hi)
{
    return lo + (hi - lo) * steer_rng_float(rng);
}
