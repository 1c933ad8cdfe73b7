/* Private: the SSE2 backend of wide.h (the x86-64 baseline: 4-float
 * registers, four sets for the 16 logical lanes). SSE2 has no blend, no
 * 32-bit multiply and no variable shift: they are built from what it has,
 * with the same results. Included by wide.h only. */
#ifndef STEER_WIDE_SSE2_H
#define STEER_WIDE_SSE2_H

#include <emmintrin.h>

#define STEER_WIDE_LANES 4
typedef __m128 wf;
typedef __m128 wm;
static inline wf wf_load(const float *p) { return _mm_loadu_ps(p); }
static inline void wf_store(float *p, wf a) { _mm_storeu_ps(p, a); }
static inline wf wf_set1(float a) { return _mm_set1_ps(a); }
static inline wf wf_zero(void) { return _mm_setzero_ps(); }
static inline wf wf_add(wf a, wf b) { return _mm_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return _mm_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return _mm_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return _mm_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return _mm_sqrt_ps(a); }
static inline wm wm_lt(wf a, wf b) { return _mm_cmplt_ps(a, b); }
static inline wm wm_le(wf a, wf b) { return _mm_cmple_ps(a, b); }
static inline wm wm_gt(wf a, wf b) { return _mm_cmpgt_ps(a, b); }
static inline wm wm_and(wm a, wm b) { return _mm_and_ps(a, b); }
static inline wm wm_not(wm a) { return _mm_xor_ps(a, _mm_castsi128_ps(_mm_set1_epi32(-1))); }
static inline bool wm_none(wm a) { return _mm_movemask_ps(a) == 0; }
static inline int wm_count(wm a) { return wide_popcount16((unsigned)_mm_movemask_ps(a)); }
static inline unsigned wm_bits(wm a) { return (unsigned)_mm_movemask_ps(a); }
static inline wm wm_ones(void) { return _mm_castsi128_ps(_mm_set1_epi32(-1)); }
static inline wf wf_select(wm m, wf x) { return _mm_and_ps(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
static inline wf wf_acc(wf acc, wm m, wf x) { return _mm_add_ps(acc, _mm_and_ps(m, x)); }
static inline wm wm_first(int n)
{
    static const int32_t table[8] = {-1, -1, -1, -1, 0, 0, 0, 0};
    return _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(table + 4 - (n > 4 ? 4 : n))));
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    return _mm_castsi128_ps(_mm_setr_epi32(-(int)(mask >> g[0] & 1u), -(int)(mask >> g[1] & 1u),
                                           -(int)(mask >> g[2] & 1u), -(int)(mask >> g[3] & 1u)));
}
typedef __m128i wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return _mm_cvttps_epi32(a); }
static inline wi wi_set1(uint32_t a) { return _mm_set1_epi32((int)a); }
static inline wi wi_add(wi a, wi b) { return _mm_add_epi32(a, b); }
static inline wi wi_mul(wi a, wi b) /* the low 32 bits of each product, from two 32x32->64 multiplies */
{
    __m128i even = _mm_mul_epu32(a, b);
    __m128i odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
    return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, _MM_SHUFFLE(0, 0, 2, 0)),
                              _mm_shuffle_epi32(odd, _MM_SHUFFLE(0, 0, 2, 0)));
}
static inline wf wf_from_bits(wi a) { return _mm_castsi128_ps(a); }
static inline void wi_store(uint32_t *p, wi a) { _mm_storeu_si128((__m128i *)(void *)p, a); }
static inline wi wi_load(const uint32_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline unsigned wi_eq_bits(wi a, wi b) { return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))); }
/* [a0 + a1, a2 + a3, b0 + b1, b2 + b3], for wide.h's four-lane reduction */
static inline wf wf_pair_sums(wf a, wf b)
{
    return _mm_add_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)), _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
}

#endif
