/* Portable scalar functions. Each is a fixed sequence of IEEE float
 * operations (minimax polynomials after Cephes, Cody-Waite range reduction),
 * so results are bit-identical on every platform and libm, which is what
 * cross-platform determinism (native vs WebAssembly) needs. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/math.h"

#include <math.h>

/* pi/2 split in three so q * part is exact for |q| < 2^12. */
#define PIO2_1 1.5703125f
#define PIO2_2 4.837512969970703125e-4f
#define PIO2_3 7.54978995489188216e-8f

/* 2/pi in 28-bit slices (Payne-Hanek): x * slice is exact in double for
 * every float x, and fmod by 4 of an exact product is exact, so the sum is
 * x * 2/pi mod 4 to ~2^-48 whatever the size of x. */
static const double two_over_pi_slices[8] = {
    0xa2f9836p-28, 0xe4e4415p-56, 0x29fc275p-84, 0x7d1f534p-112,
    0xddc0db6p-140, 0x295993cp-168, 0x439041fp-196, 0xe5163abp-224,
};

/* Large arguments: reducing by a float 2*pi would be off by
 * |x| * 1.7e-7 / (2*pi), so use the exact slices instead. */
static int reduce_quadrant_large(float x, float *r)
{
    double s = 0.0;
    for (int k = 0; k < 8; ++k) s += fmod((double)x * two_over_pi_slices[k], 4.0);
    double q = nearbyint(s);
    *r = (float)((s - q) * 1.5707963267948966);
    return (int)q & 3;
}

/* Reduce x to r in [-pi/4, pi/4] with x = r + q * pi/2; returns q mod 4. */
static int reduce_quadrant(float x, float *r)
{
    if (!steer_is_finite(x)) { *r = 0.0f; return 0; }
    if (steer_absf(x) > 4096.0f) return reduce_quadrant_large(x, r);
    float q = nearbyintf(x * 0.63661977236758134308f);
    *r = ((x - q * PIO2_1) - q * PIO2_2) - q * PIO2_3;
    return (int)q & 3;
}

static float sin_poly(float r)
{
    float z = r * r;
    return r + r * z * (-1.6666654611e-1f + z * (8.3321608736e-3f + z * -1.9515295891e-4f));
}

static float cos_poly(float r)
{
    float z = r * r;
    return 1.0f - 0.5f * z + z * z * (4.166664568298827e-2f + z * (-1.388731625493765e-3f + z * 2.443315711809948e-5f));
}

float steer_sin(float x)
{
    float r;
    switch (reduce_quadrant(x, &r)) {
    case 0: return sin_poly(r);
    case 1: return cos_poly(r);
    case 2: return -sin_poly(r);
    default: return -cos_poly(r);
    }
}

float steer_cos(float x)
{
    float r;
    switch (reduce_quadrant(x, &r)) {
    case 0: return cos_poly(r);
    case 1: return -sin_poly(r);
    case 2: return -cos_poly(r);
    default: return sin_poly(r);
    }
}

/* atan for x >= 0. */
static float atan_positive(float x)
{
    float base = 0.0f;
    if (x > 2.414213562373095f) {
        base = 1.5707963267948966f;
        x = -1.0f / x;
    } else if (x > 0.4142135623730950f) {
        base = 0.7853981633974483f;
        x = (x - 1.0f) / (x + 1.0f);
    }
    float z = x * x;
    return base + ((((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z - 3.33329491539e-1f) * z * x + x);
}

float steer_atan2(float y, float x)
{
    if (!steer_is_finite(x) || !steer_is_finite(y)) return 0.0f;
    if (x == 0.0f) {
        if (y > 0.0f) return 1.5707963267948966f;
        if (y < 0.0f) return -1.5707963267948966f;
        return 0.0f;
    }
    float a = atan_positive(steer_absf(y / x)); /* y/x may overflow to Inf: atan -> pi/2 */
    if (x < 0.0f) a = STEER_PI - a;
    return y < 0.0f ? -a : a;
}

float steer_exp2(float x)
{
    if (x != x) return 1.0f;
    /* 2^x is a float on (-150, 128) (subnormal below -126); the top clamp
     * is the largest float below 128, whose power of two is still finite,
     * and from -151 down the power rounds to 0. */
    x = steer_clampf(x, -151.0f, 0x1.fffffep6f);
    float i = floorf(x + 0.5f);
    float f = x - i;
    float p = f * (((((1.535336188319500e-4f * f + 1.339887440266574e-3f) * f + 9.618437357674640e-3f) * f
                     + 5.550332471162809e-2f) * f + 2.402264791363012e-1f) * f + 6.931472028550421e-1f) + 1.0f;
    return ldexpf(p, (int)i); /* scaling by a power of two: exact, or one rounding to a subnormal */
}

float steer_wrap_angle(float a)
{
    if (!steer_is_finite(a)) return 0.0f;
    const float two_pi = 6.28318530717958647692f;
    if (a >= -STEER_PI && a < STEER_PI) return a;
    a = fmodf(a + STEER_PI, two_pi); /* exact */
    if (a < 0.0f) a += two_pi;
    a -= STEER_PI;
    return a < STEER_PI ? a : -STEER_PI;
}
