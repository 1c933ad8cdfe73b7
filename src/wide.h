/* Private: an 8-lane float type for the neighbour kernel. With
 * STEER_WIDE_AVX2 it maps to AVX2 registers; otherwise to a plain struct of
 * 8 floats with the same lane-by-lane IEEE operations, so both builds give
 * the same bits (no FMA, no approximate reciprocal, same reduction order). */
#ifndef STEER_WIDE_H
#define STEER_WIDE_H

#include <stdbool.h>
#include <stdint.h>

#define STEER_WIDE_LANES 8

#if defined(STEER_WIDE_AVX2)
#include <immintrin.h>

typedef __m256 wf;  /* 8 floats */
typedef __m256 wm;  /* 8 lane masks: all bits set or clear */

static inline wf wf_load(const float *p) { return _mm256_loadu_ps(p); }
static inline wf wf_set1(float a) { return _mm256_set1_ps(a); }
static inline wf wf_zero(void) { return _mm256_setzero_ps(); }
static inline wf wf_add(wf a, wf b) { return _mm256_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return _mm256_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return _mm256_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return _mm256_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return _mm256_sqrt_ps(a); }
static inline wm wm_lt(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline wm wm_le(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
static inline wm wm_gt(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline wm wm_and(wm a, wm b) { return _mm256_and_ps(a, b); }
/* x where the mask is set, +0.0f elsewhere. */
static inline wf wf_select(wm m, wf x) { return _mm256_and_ps(m, x); }
/* Lanes [0, n) set: n in 0..8. */
static inline wm wm_first(int n)
{
    static const int32_t table[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    return _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(table + 8 - n)));
}
/* Lanes whose group (8 bytes at g) has its bit set in mask. */
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    __m256i groups = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)g));
    __m256i bits = _mm256_srlv_epi32(_mm256_set1_epi32((int)mask), groups);
    __m256i one = _mm256_set1_epi32(1);
    return _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(bits, one), one));
}
static inline void wf_store(float *p, wf a) { _mm256_storeu_ps(p, a); }
/* a where the mask is set, b elsewhere. */
static inline wf wf_blend(wm m, wf a, wf b) { return _mm256_blendv_ps(b, a, m); }
static inline wm wm_not(wm a) { return _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }

#else

#include <math.h>
#include <stdbool.h>

typedef struct { float v[8]; } wf;
typedef struct { bool v[8]; } wm;

#define WIDE_MAP(expr) do { for (int k = 0; k < 8; ++k) { expr; } } while (0)
static inline wf wf_load(const float *p) { wf r; WIDE_MAP(r.v[k] = p[k]); return r; }
static inline wf wf_set1(float a) { wf r; WIDE_MAP(r.v[k] = a); return r; }
static inline wf wf_zero(void) { return wf_set1(0.0f); }
static inline wf wf_add(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] + b.v[k]); return r; }
static inline wf wf_sub(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] - b.v[k]); return r; }
static inline wf wf_mul(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] * b.v[k]); return r; }
static inline wf wf_div(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] / b.v[k]); return r; }
static inline wf wf_sqrt(wf a) { wf r; WIDE_MAP(r.v[k] = sqrtf(a.v[k])); return r; }
static inline wm wm_lt(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] < b.v[k]); return r; }
static inline wm wm_le(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] <= b.v[k]); return r; }
static inline wm wm_gt(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] > b.v[k]); return r; }
static inline wm wm_and(wm a, wm b) { wm r; WIDE_MAP(r.v[k] = a.v[k] && b.v[k]); return r; }
static inline wf wf_select(wm m, wf x) { wf r; WIDE_MAP(r.v[k] = m.v[k] ? x.v[k] : 0.0f); return r; }
static inline wm wm_first(int n) { wm r; WIDE_MAP(r.v[k] = k < n); return r; }
static inline wm wm_groups(const uint8_t *g, uint32_t mask) { wm r; WIDE_MAP(r.v[k] = (mask >> g[k]) & 1u); return r; }
static inline void wf_store(float *p, wf a) { WIDE_MAP(p[k] = a.v[k]); }
static inline wf wf_blend(wm m, wf a, wf b) { wf r; WIDE_MAP(r.v[k] = m.v[k] ? a.v[k] : b.v[k]); return r; }
static inline wm wm_not(wm a) { wm r; WIDE_MAP(r.v[k] = !a.v[k]); return r; }
#undef WIDE_MAP

#endif

/* The fixed reduction order shared by both builds. */
static inline float wf_sum(wf a)
{
    float l[8];
    wf_store(l, a);
    return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
}

#endif
