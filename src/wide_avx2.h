/* Private: the AVX2 backend of wide.h (8-float registers, two sets for the
 * 16 logical lanes). Included by wide.h only. */
#ifndef STEER_WIDE_AVX2_H
#define STEER_WIDE_AVX2_H

#include <immintrin.h>

#define STEER_WIDE_LANES 8
typedef __m256 wf;
typedef __m256 wm;
static inline wf wf_load(const float *p) { return _mm256_loadu_ps(p); }
static inline void wf_store(float *p, wf a) { _mm256_storeu_ps(p, a); }
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
static inline wm wm_not(wm a) { return _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }
static inline bool wm_none(wm a) { return _mm256_movemask_ps(a) == 0; }
static inline int wm_count(wm a) { return wide_popcount16((unsigned)_mm256_movemask_ps(a)); }
static inline unsigned wm_bits(wm a) { return (unsigned)_mm256_movemask_ps(a); }
static inline wm wm_ones(void) { return _mm256_castsi256_ps(_mm256_set1_epi32(-1)); }
typedef __m256i wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return _mm256_cvttps_epi32(a); }
static inline wi wi_set1(uint32_t a) { return _mm256_set1_epi32((int)a); }
static inline wi wi_add(wi a, wi b) { return _mm256_add_epi32(a, b); }
static inline wi wi_mul(wi a, wi b) { return _mm256_mullo_epi32(a, b); }
static inline wf wf_from_bits(wi a) { return _mm256_castsi256_ps(a); }
static inline void wi_store(uint32_t *p, wi a) { _mm256_storeu_si256((__m256i *)(void *)p, a); }
static inline __m256i wide_bits_mask(unsigned bits)
{
    const __m256i lane = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)bits), lane), lane);
}
static inline wi wi_load(const uint32_t *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
static inline unsigned wi_eq_bits(wi a, wi b)
{
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b)));
}
#define STEER_WIDE_HAS_STORE_RUN 1 /* masked stores; its bytes are wide.h's */
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    _mm256_maskstore_ps((float *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    _mm256_maskstore_epi32((int *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
}
static inline wf wf_select(wm m, wf x) { return _mm256_and_ps(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return _mm256_blendv_ps(b, a, m); }
static inline wf wf_acc(wf acc, wm m, wf x) { return _mm256_add_ps(acc, _mm256_and_ps(m, x)); }
static inline wm wm_first(int n)
{
    static const int32_t table[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    return _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(table + 8 - (n > 8 ? 8 : n))));
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    __m256i groups = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)g));
    __m256i bits = _mm256_srlv_epi32(_mm256_set1_epi32((int)mask), groups);
    __m256i one = _mm256_set1_epi32(1);
    return _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(bits, one), one));
}

/* wide.h's compress: each 128-bit half's kept lanes moved down within it
 * (vpermilps, the order from a 16-entry table), the low half stored, then
 * the high half where the low one's kept lanes end. */
#define STEER_WIDE_HAS_COMPRESS 1
static inline __m256i wide_compress_order(unsigned bits)
{
    static const int32_t order[16][4] = {
        {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
        {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0}, {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
    return _mm256_setr_m128i(_mm_loadu_si128((const __m128i *)(const void *)order[bits & 15u]),
                             _mm_loadu_si128((const __m128i *)(const void *)order[bits >> 4 & 15u]));
}
static inline void wf_compress_store(float *dst, unsigned bits, wf a)
{
    __m256 moved = _mm256_permutevar_ps(a, wide_compress_order(bits));
    _mm_storeu_ps(dst, _mm256_castps256_ps128(moved));
    _mm_storeu_ps(dst + wide_popcount16(bits & 15u), _mm256_extractf128_ps(moved, 1));
}
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a)
{
    __m256i moved = _mm256_castps_si256(_mm256_permutevar_ps(_mm256_castsi256_ps(a), wide_compress_order(bits)));
    _mm_storeu_si128((__m128i *)(void *)dst, _mm256_castsi256_si128(moved));
    _mm_storeu_si128((__m128i *)(void *)(dst + wide_popcount16(bits & 15u)), _mm256_extracti128_si256(moved, 1));
}

/* wf_reduce8 (wide.h): within each 8-lane set, hadd twice (pairs, then
 * pairs of pairs), then the two 128-bit halves; finally set 0 (lanes 0-7) +
 * set 1 (lanes 8-15). */
#define STEER_WIDE_HAS_REDUCE8 1
static inline void wf_reduce8(wf acc[8][2], float out[8])
{
    __m128 half[2][2];
    for (int set = 0; set < 2; ++set) {
        for (int g = 0; g < 2; ++g) {
            __m256 ab = _mm256_hadd_ps(acc[4 * g][set], acc[4 * g + 1][set]);
            __m256 cd = _mm256_hadd_ps(acc[4 * g + 2][set], acc[4 * g + 3][set]);
            __m256 abcd = _mm256_hadd_ps(ab, cd); /* [a0-3 b0-3 c0-3 d0-3 | a4-7 b4-7 c4-7 d4-7] */
            half[set][g] = _mm_add_ps(_mm256_castps256_ps128(abcd), _mm256_extractf128_ps(abcd, 1));
        }
    }
    _mm_storeu_ps(out, _mm_add_ps(half[0][0], half[1][0]));
    _mm_storeu_ps(out + 4, _mm_add_ps(half[0][1], half[1][1]));
}

#endif
