/* Private: the AVX-512 backend of wide.h (one 16-float register, lane masks
 * in k registers). Included by wide.h only. */
#ifndef STEER_WIDE_AVX512_H
#define STEER_WIDE_AVX512_H

#include <immintrin.h>

#define STEER_WIDE_LANES 16
typedef __m512 wf;
typedef __mmask16 wm;
static inline wf wf_load(const float *p) { return _mm512_loadu_ps(p); }
static inline void wf_store(float *p, wf a) { _mm512_storeu_ps(p, a); }
static inline wf wf_set1(float a) { return _mm512_set1_ps(a); }
static inline wf wf_zero(void) { return _mm512_setzero_ps(); }
static inline wf wf_add(wf a, wf b) { return _mm512_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return _mm512_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return _mm512_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return _mm512_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return _mm512_sqrt_ps(a); }
static inline wm wm_lt(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
static inline wm wm_le(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
static inline wm wm_gt(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
static inline wm wm_and(wm a, wm b) { return (wm)(a & b); }
static inline wm wm_not(wm a) { return (wm)~a; }
static inline bool wm_none(wm a) { return a == 0; }
static inline wf wf_select(wm m, wf x) { return _mm512_maskz_mov_ps(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return _mm512_mask_blend_ps(m, b, a); }
static inline wf wf_acc(wf acc, wm m, wf x) { return _mm512_mask_add_ps(acc, m, acc, x); }
static inline wm wm_first(int n) { return (wm)(n >= 16 ? 0xFFFFu : (1u << n) - 1u); }
static inline int wm_count(wm a) { return wide_popcount16((unsigned)a); }
static inline unsigned wm_bits(wm a) { return (unsigned)a; }
static inline wm wm_ones(void) { return (wm)0xFFFFu; }
typedef __m512i wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return _mm512_cvttps_epi32(a); }
static inline wi wi_set1(uint32_t a) { return _mm512_set1_epi32((int)a); }
static inline wi wi_add(wi a, wi b) { return _mm512_add_epi32(a, b); }
static inline wi wi_mul(wi a, wi b) { return _mm512_mullo_epi32(a, b); }
static inline wf wf_from_bits(wi a) { return _mm512_castsi512_ps(a); }
static inline void wi_store(uint32_t *p, wi a) { _mm512_storeu_si512((void *)p, a); }
static inline wi wi_load(const uint32_t *p) { return _mm512_loadu_si512((const void *)p); }
static inline unsigned wi_eq_bits(wi a, wi b) { return (unsigned)_mm512_cmpeq_epi32_mask(a, b); }
#define STEER_WIDE_HAS_STORE_RUN 1 /* masked stores, and bytes in 32-bit lanes */
#define STEER_WIDE_HAS_BYTES 1
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    _mm512_mask_storeu_ps(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    _mm512_mask_storeu_epi32(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
typedef __m512i wb; /* 8-bit values, one per 32-bit lane */
static inline wb wb_load(const uint8_t *p) { return _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)); }
static inline void wb_store_run(uint8_t *dst, uint32_t at, int lane, unsigned bits, wb a)
{
    _mm512_mask_cvtepi32_storeu_epi8(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    __m512i groups = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)g));
    __m512i bits = _mm512_srlv_epi32(_mm512_set1_epi32((int)mask), groups);
    return _mm512_test_epi32_mask(bits, _mm512_set1_epi32(1));
}

#define STEER_WIDE_HAS_COMPRESS 1 /* wide.h: the kept lanes moved down, then the whole register stored */
static inline void wf_compress_store(float *dst, unsigned bits, wf a)
{
    _mm512_storeu_ps(dst, _mm512_maskz_compress_ps((__mmask16)bits, a));
}
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a)
{
    _mm512_storeu_si512((void *)dst, _mm512_maskz_compress_epi32((__mmask16)bits, a));
}

/* wf_reduce8 (wide.h): all eight trees at once with permutes. */
#define STEER_WIDE_HAS_REDUCE8 1
static inline void wf_reduce8(wf acc[8][1], float out[8])
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    /* pair(a, b): lanes 0-7 = a's adjacent pair sums, lanes 8-15 = b's */
#define PAIR(a, b) _mm512_add_ps(_mm512_permutex2var_ps(a, even, b), _mm512_permutex2var_ps(a, odd, b))
    __m512 l1[4], l2[2];
    for (int k = 0; k < 4; ++k) l1[k] = PAIR(acc[2 * k][0], acc[2 * k + 1][0]);
    for (int k = 0; k < 2; ++k) l2[k] = PAIR(l1[2 * k], l1[2 * k + 1]);
    __m512 l3 = PAIR(l2[0], l2[1]); /* each accumulator's two half sums, in order */
    __m512 l4 = PAIR(l3, l3);       /* lanes 0-7: low half + high half */
#undef PAIR
    _mm256_storeu_ps(out, _mm512_castps512_ps256(l4));
}

#endif
