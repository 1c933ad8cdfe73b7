/* Helpers shared by the behaviour test suites: vector checks, the
 * integrator written out independently of the vehicle, and input
 * generators for the property tests. */
#ifndef STEER_TESTS_TEST_UTIL_H
#define STEER_TESTS_TEST_UTIL_H

#include <string.h>

#include "check.h"
#include "steer/steer.h"

#define CHECK_V2_NEAR(a, b, tol)                                                        \
    do {                                                                                \
        steer_v2 v2a_ = (a), v2b_ = (b);                                                \
        CHECK_NEAR(v2a_.x, v2b_.x, tol);                                                \
        CHECK_NEAR(v2a_.y, v2b_.y, tol);                                                \
    } while (0)

#define CHECK_V3_NEAR(a, b, tol)                                                        \
    do {                                                                                \
        steer_v3 v3a_ = (a), v3b_ = (b);                                                \
        CHECK_NEAR(v3a_.x, v3b_.x, tol);                                                \
        CHECK_NEAR(v3a_.y, v3b_.y, tol);                                                \
        CHECK_NEAR(v3a_.z, v3b_.z, tol);                                                \
    } while (0)

/* Exact equality (0 == -0, as the maths does not tell them apart). */
#define CHECK_V2_EQ(a, b)                                                               \
    do {                                                                                \
        steer_v2 v2a_ = (a), v2b_ = (b);                                                \
        CHECK(v2a_.x == v2b_.x && v2a_.y == v2b_.y);                                    \
    } while (0)

#define CHECK_V3_EQ(a, b)                                                               \
    do {                                                                                \
        steer_v3 v3a_ = (a), v3b_ = (b);                                                \
        CHECK(v3a_.x == v3b_.x && v3a_.y == v3b_.y && v3a_.z == v3b_.z);                \
    } while (0)

static inline steer_v2 v2(float x, float y) { return steer_v2_make(x, y); }
static inline steer_v3 v3(float x, float y, float z) { return steer_v3_make(x, y, z); }

/* Angle in radians between two non-zero vectors, in double. */
static inline double angle_between2(steer_v2 a, steer_v2 b)
{
    return fabs(atan2((double)a.x * b.y - (double)a.y * b.x, (double)a.x * b.x + (double)a.y * b.y));
}

static inline double angle_between3(steer_v3 a, steer_v3 b)
{
    double cx = (double)a.y * b.z - (double)a.z * b.y;
    double cy = (double)a.z * b.x - (double)a.x * b.z;
    double cz = (double)a.x * b.y - (double)a.y * b.x;
    double dot = (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z;
    return atan2(sqrt(cx * cx + cy * cy + cz * cz), dot);
}

/* The integration rule, written out here so the vehicle is checked against the text and
 * not against itself: f = truncate(f, max_force); v = truncate(v + f/m*dt,
 * max_speed); p = p + v*dt. */
static inline void integrate2(steer_v2 *pos, steer_v2 *vel, steer_v2 force, float max_force, float max_speed,
                              float dt)
{
    steer_v2 f = steer_v2_truncate(force, max_force);
    *vel = steer_v2_truncate(steer_v2_add(*vel, steer_v2_scale(f, dt)), max_speed);
    *pos = steer_v2_add(*pos, steer_v2_scale(*vel, dt));
}

static inline void integrate3(steer_v3 *pos, steer_v3 *vel, steer_v3 force, float max_force, float max_speed,
                              float dt)
{
    steer_v3 f = steer_v3_truncate(force, max_force);
    *vel = steer_v3_truncate(steer_v3_add(*vel, steer_v3_scale(f, dt)), max_speed);
    *pos = steer_v3_add(*pos, steer_v3_scale(*vel, dt));
}

/* A random() callback that counts its calls and returns a fixed sequence
 * (or a PCG32 stream when values is NULL). */
typedef struct draw_counter {
    int calls;
    const float *values; /* cycled; NULL: use rng */
    int value_count;
    steer_rng rng;
} draw_counter;

static inline float counting_random(void *context)
{
    draw_counter *c = (draw_counter *)context;
    float r = c->values ? c->values[c->calls % c->value_count] : steer_rng_float(&c->rng);
    ++c->calls;
    return r;
}

/* ---- generators for property tests ------------------------------------ */

/* A finite float: zero (1 in 8), else +-10^u with u uniform in [-30, 30]. */
static inline float random_magnitude(steer_rng *rng)
{
    uint32_t pick = steer_rng_u32(rng);
    if ((pick & 7u) == 0u) return 0.0f;
    float e = steer_rng_range(rng, -30.0f, 30.0f);
    float m = powf(10.0f, e);
    return (pick & 8u) ? -m : m;
}

/* A non-negative finite float of the same spread (limits, radii, dt). */
static inline float random_positive(steer_rng *rng) { return fabsf(random_magnitude(rng)); }

/* Any float a caller might pass: mostly finite, sometimes NaN or +-Inf. */
static inline float random_hostile(steer_rng *rng)
{
    switch (steer_rng_u32(rng) % 6u) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    default: return random_magnitude(rng);
    }
}

static inline steer_v2 random_v2(steer_rng *rng, float (*gen)(steer_rng *))
{
    float x = gen(rng);
    return v2(x, gen(rng));
}

static inline steer_v3 random_v3(steer_rng *rng, float (*gen)(steer_rng *))
{
    float x = gen(rng);
    float y = gen(rng);
    return v3(x, y, gen(rng));
}

/* Bit-level equality of two float arrays (for determinism checks). */
static inline int same_bits(const void *a, const void *b, size_t size) { return memcmp(a, b, size) == 0; }

#endif
